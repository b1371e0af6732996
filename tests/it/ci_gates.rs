//! The CI options through the command line: which codes are reported, what is shown, what
//! fails the run, the config file, the GitHub format's caps and step summary, and honest
//! inputs (errors on stderr in every format, no SGF found is exit code 2).

use crate::common;

use std::process::Command;

use common::{games, json_lines, sgfaudit, summary};

const OCCUPIED: &str = "corpus/rules/art19-play-on-occupied-point__occupied@4.sgf";
const SUPERKO: &str = "corpus/rules/art6-superko-repeats-root-position__superko@4.sgf";
const MISMATCH: &str = "corpus/rules/art9-area-count-wrong-winner__result-mismatch.sgf";

fn codes_of(stdout: &[u8]) -> Vec<String> {
    let lines = json_lines(stdout);
    games(&lines)
        .iter()
        .flat_map(|g| g["findings"].as_array().unwrap().clone())
        .map(|f| f["code"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn select_and_ignore_decide_what_is_reported_and_what_fails() {
    let all = sgfaudit(&["audit", "--json", "corpus/rules"]);
    assert!(codes_of(&all.stdout).iter().any(|c| c != "superko"));
    let only = sgfaudit(&["audit", "--json", "--select", "superko", "corpus/rules"]);
    let codes = codes_of(&only.stdout);
    assert!(!codes.is_empty());
    assert!(codes.iter().all(|c| c == "superko"), "{codes:?}");

    // The occupied game is illegal only because of `occupied`: ignored, it is ok and the
    // run passes.
    let out = sgfaudit(&["audit", "--json", "--ignore", "occupied", OCCUPIED]);
    let lines = json_lines(&out.stdout);
    assert_eq!(games(&lines)[0]["status"], "ok");
    assert!(codes_of(&out.stdout).iter().all(|c| c != "occupied"));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(summary(&lines)["by_code"].get("occupied"), None);

    let bad = sgfaudit(&["audit", "--select", "no-such-code", OCCUPIED]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown finding code 'no-such-code'"));
}

#[test]
fn min_severity_hides_but_counts() {
    let file = "corpus/rules/komi-fox-375-stones__komi-normalized+compose-expected.sgf";
    let all = sgfaudit(&["audit", "--json", file]);
    assert!(codes_of(&all.stdout).contains(&"komi-normalized".to_string()));
    let out = sgfaudit(&["audit", "--json", "--min-severity", "warning", file]);
    assert!(!codes_of(&out.stdout).contains(&"komi-normalized".to_string()));
    let lines = json_lines(&out.stdout);
    assert_eq!(summary(&lines)["by_code"]["komi-normalized"], 1);
    assert!(summary(&lines)["by_severity"]["info"].as_u64().unwrap() >= 1);
}

#[test]
fn a_finding_that_fails_the_run_is_shown_at_any_min_severity() {
    // `result-mismatch` is a warning, yet it gives its game the status `mismatch`, which
    // fails the run: `--min-severity error` still shows it.
    let file = "corpus/rules/art9-area-count-wrong-winner__result-mismatch.sgf";
    let out = sgfaudit(&["audit", "--json", "--min-severity", "error", file]);
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out.stdout);
    let game = &lines.iter().find(|l| l["type"] == "game").unwrap()["data"];
    assert_eq!(game["status"], "mismatch");
    assert!(codes_of(&out.stdout).contains(&"result-mismatch".to_string()));
    let text = sgfaudit(&["audit", "--min-severity", "error", file]);
    assert!(String::from_utf8_lossy(&text.stdout).contains("warning[result-mismatch]"));
    // A mismatch that fails nothing is hidden as any warning is.
    let quiet = sgfaudit(&[
        "audit",
        "--json",
        "--min-severity",
        "error",
        "--fail-on",
        "illegal",
        file,
    ]);
    assert_eq!(quiet.status.code(), Some(0));
    assert!(!codes_of(&quiet.stdout).contains(&"result-mismatch".to_string()));
}

#[test]
fn fail_on_takes_statuses_codes_and_severities_and_exit_zero_keeps_zero() {
    let file = "corpus/rules/komi-fox-375-stones__komi-normalized+compose-expected.sgf";
    assert_eq!(sgfaudit(&["audit", file]).status.code(), Some(0));
    assert_eq!(
        sgfaudit(&["audit", "--fail-on", "komi-normalized", file])
            .status
            .code(),
        Some(1)
    );
    assert_eq!(
        sgfaudit(&["audit", "--fail-on", "info", file])
            .status
            .code(),
        Some(1)
    );
    assert_eq!(
        sgfaudit(&["audit", "--fail-on", "warning", file])
            .status
            .code(),
        Some(0)
    );
    assert_eq!(
        sgfaudit(&["audit", "--fail-on", "ok", file]).status.code(),
        Some(1)
    );
    assert_eq!(sgfaudit(&["audit", OCCUPIED]).status.code(), Some(1));
    assert_eq!(
        sgfaudit(&["audit", "--fail-on", "mismatch", OCCUPIED])
            .status
            .code(),
        Some(0)
    );
    assert_eq!(
        sgfaudit(&["audit", "--fail-on", "mismatch", MISMATCH])
            .status
            .code(),
        Some(1)
    );
    let zero = sgfaudit(&["audit", "--exit-zero", OCCUPIED]);
    assert_eq!(zero.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&zero.stdout).contains("error[occupied]"));
    // An unreadable input is still exit code 2.
    assert_eq!(
        sgfaudit(&["audit", "--exit-zero", "no/such/file.sgf"])
            .status
            .code(),
        Some(2)
    );
    let lines = json_lines(&sgfaudit(&["audit", "--json", OCCUPIED, MISMATCH]).stdout);
    assert_eq!(summary(&lines)["failing"], 2);
}

#[test]
fn max_findings_per_game_counts_the_rest_per_code() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("many.sgf");
    // Five plays on an occupied point.
    std::fs::write(&path, "(;GM[1]SZ[9];B[ee];W[ee];B[ee];W[ee];B[ee];W[ee])").unwrap();
    let p = path.to_str().unwrap();
    let full = sgfaudit(&["audit", "--json", p]);
    let n = codes_of(&full.stdout)
        .iter()
        .filter(|c| *c == "occupied")
        .count();
    assert_eq!(n, 5);
    let out = sgfaudit(&["audit", "--json", "--max-findings-per-game", "2", p]);
    let lines = json_lines(&out.stdout);
    let game = games(&lines)[0];
    assert_eq!(game["findings"].as_array().unwrap().len(), 2);
    assert_eq!(game["findings_omitted"], 3);
    assert_eq!(summary(&lines)["by_code"]["occupied"], 5);
    let table = sgfaudit(&["audit", "--max-findings-per-game", "2", p]);
    let text = String::from_utf8_lossy(&table.stdout);
    assert!(text.contains("... and 3 more `occupied`"), "{text}");
    // Findings come in the order of the file.
    let positions: Vec<(u64, u64)> = json_lines(&full.stdout)
        .iter()
        .filter(|l| l["type"] == "game")
        .flat_map(|l| l["data"]["findings"].as_array().unwrap().clone())
        .map(|f| (f["line"].as_u64().unwrap(), f["column"].as_u64().unwrap()))
        .collect();
    assert!(positions.windows(2).all(|w| w[0] <= w[1]), "{positions:?}");
}

#[test]
fn quiet_prints_the_summary_only() {
    let out = sgfaudit(&["audit", "--quiet", OCCUPIED]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("occupied]"), "{text}");
    assert!(text.contains("illegal"));
    assert_eq!(out.status.code(), Some(1));
    let json = json_lines(&sgfaudit(&["audit", "--json", "-q", OCCUPIED]).stdout);
    assert!(games(&json).is_empty());
    assert_eq!(summary(&json)["games"], 1);
}

#[test]
fn config_file_found_upwards_and_overridden_by_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let inner = dir.path().join("games/inner");
    std::fs::create_dir_all(&inner).unwrap();
    std::fs::copy(common::root().join(OCCUPIED), inner.join("g.sgf")).unwrap();
    std::fs::write(
        dir.path().join("sgfaudit.toml"),
        "ignore = [\"occupied\"]\nformat = \"jsonl\"\n",
    )
    .unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_sgfaudit"))
            .args(args)
            .current_dir(&inner)
            .output()
            .unwrap()
    };
    let out = run(&["audit"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = json_lines(&out.stdout);
    assert_eq!(games(&lines)[0]["status"], "ok");
    // The command line wins.
    let out = run(&["audit", "--ignore", "", "--format", "csv"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("path,game,"));
    assert_eq!(run(&["audit", "--no-config"]).status.code(), Some(1));
    // --config names another file; a bad key is exit code 2 with its line.
    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, "quiet = true\nselekt = [\"ko\"]\n").unwrap();
    let out = run(&["audit", "--config", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.toml: line 2, column 1"), "{err}");
}

#[test]
fn github_caps_annotations_and_writes_the_step_summary() {
    let dir = tempfile::tempdir().unwrap();
    let step = dir.path().join("summary.md");
    let out = Command::new(env!("CARGO_BIN_EXE_sgfaudit"))
        .args(["audit", "--format", "github", "corpus"])
        .current_dir(common::root())
        .env("GITHUB_STEP_SUMMARY", &step)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    for level in ["error", "warning", "notice"] {
        let n = text
            .lines()
            .filter(|l| l.starts_with(&format!("::{level} ")))
            .count();
        assert!(n <= 10, "{n} {level} annotations");
    }
    let errors = text.lines().filter(|l| l.starts_with("::error ")).count();
    assert_eq!(errors, 10, "the corpus has more than 10 errors");
    let last = text.lines().last().unwrap();
    assert!(last.starts_with("::notice title=sgfaudit::"), "{last}");
    assert!(last.contains("more annotations not shown"), "{last}");
    let md = std::fs::read_to_string(&step).unwrap();
    assert!(md.starts_with("## sgfaudit"), "{md}");
    assert!(md.contains("| illegal |"));
    assert!(md.contains("Annotations left out"));
}

#[test]
fn input_errors_go_to_stderr_in_every_format() {
    for format in sgfaudit::output::FORMATS.iter().map(|f| f.name) {
        let out = sgfaudit(&["audit", "--format", format, "no/such/file.sgf", OCCUPIED]);
        assert_eq!(out.status.code(), Some(2), "{format}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("no/such/file.sgf: no such file or folder"),
            "{format}: {err}"
        );
    }
    let csv = sgfaudit(&["audit", "--format", "csv", "no/such/file.sgf"]);
    let text = String::from_utf8_lossy(&csv.stdout);
    let row = text.lines().nth(1).expect("an error row");
    assert!(row.starts_with("no/such/file.sgf,,,,error,"), "{row}");
    // The message, then the six cells of game information and `reason_code`, empty.
    assert!(row.ends_with(",no such file or folder,,,,,,,"), "{row}");
}

#[test]
fn a_folder_without_sgf_is_exit_code_2_and_no_path_means_here() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("notes.txt"), "no games here").unwrap();
    let out = sgfaudit(&["audit", dir.path().to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no SGF file"));

    let run_in = |dir: &std::path::Path| {
        Command::new(env!("CARGO_BIN_EXE_sgfaudit"))
            .args(["audit", "--json", "--no-config"])
            .current_dir(dir)
            .output()
            .unwrap()
    };
    assert_eq!(run_in(dir.path()).status.code(), Some(2));
    std::fs::copy(common::root().join(SUPERKO), dir.path().join("g.sgf")).unwrap();
    let out = run_in(dir.path());
    let lines = json_lines(&out.stdout);
    assert_eq!(lines[0]["data"]["inputs"][0], ".");
    assert_eq!(games(&lines).len(), 1);
    assert_eq!(games(&lines)[0]["path"], "./g.sgf");
}

#[test]
fn the_documented_profiles_parse_and_gate_the_format_findings() {
    // A record with a Fox `AP[foxwq]` (compose-expected, info) and nothing illegal.
    let file = "corpus/rules/komi-fox-375-stones__komi-normalized+compose-expected.sgf";
    let strict = sgfaudit(&["audit", "--config", "docs/sgfaudit-strict-ff4.toml", file]);
    assert_eq!(
        strict.status.code(),
        Some(1),
        "the strict profile fails on format findings"
    );
    let archive = sgfaudit(&[
        "audit",
        "--json",
        "--config",
        "docs/sgfaudit-archive.toml",
        file,
    ]);
    assert_eq!(archive.status.code(), Some(0));
    assert!(!codes_of(&archive.stdout).contains(&"compose-expected".to_string()));
    // Both are in the guide's CI page as they are in docs/.
    if !common::has_guide() {
        return;
    }
    let readme = std::fs::read_to_string("docs/guide/ci.md").unwrap();
    for profile in [
        "docs/sgfaudit-strict-ff4.toml",
        "docs/sgfaudit-archive.toml",
    ] {
        let text = std::fs::read_to_string(profile).unwrap();
        assert!(
            readme.contains(text.trim()),
            "{profile} is not in docs/guide/ci.md"
        );
    }
}

#[test]
fn parse_error_names_the_codes_split_from_it() {
    // `C[a]C[b]` is a repeated property, split from parse-error: the old name still selects it.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("repeat.sgf");
    std::fs::write(&path, "(;GM[1]FF[4]SZ[9]C[a]C[b];B[ee])").unwrap();
    let p = path.to_str().unwrap();
    let selected = sgfaudit(&["audit", "--json", "--select", "parse-error", p]);
    assert_eq!(
        codes_of(&selected.stdout),
        vec!["repeated-property".to_string()]
    );
    let ignored = sgfaudit(&["audit", "--json", "--ignore", "parse-error", p]);
    assert!(codes_of(&ignored.stdout).is_empty());
    let failed = sgfaudit(&["audit", "--fail-on", "parse-error", p]);
    assert_eq!(failed.status.code(), Some(1));
    let by_code = sgfaudit(&["audit", "--fail-on", "repeated-property", p]);
    assert_eq!(by_code.status.code(), Some(1));
}
