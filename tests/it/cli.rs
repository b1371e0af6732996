//! The command line as scripts and CI jobs use it: exit codes, inputs from folders,
//! files, standard input and `--files-from`, the output formats, and a closed pipe.

use crate::common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::sgfaudit;

#[test]
fn exit_code_0_when_no_game_has_a_failing_status() {
    let out = sgfaudit(&["audit", "corpus/gnugo"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn exit_code_1_when_some_game_is_illegal_and_fail_on_selects_statuses() {
    let file = "corpus/rules/art5-suicide-in-corner__suicide@5.sgf";
    assert_eq!(sgfaudit(&["audit", file]).status.code(), Some(1));
    assert_eq!(
        sgfaudit(&["audit", "--fail-on", "error", file])
            .status
            .code(),
        Some(0)
    );
    assert_eq!(
        sgfaudit(&["audit", "--fail-on", "illegal,error", file])
            .status
            .code(),
        Some(1)
    );
}

#[test]
fn exit_code_2_for_a_missing_path_or_a_bad_option_and_the_rest_is_still_reported() {
    let out = sgfaudit(&["audit", "--json", "no/such/file.sgf", "corpus/gnugo"]);
    assert_eq!(out.status.code(), Some(2));
    let lines = common::json_lines(&out.stdout);
    let errors: Vec<_> = lines.iter().filter(|l| l["type"] == "error").collect();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0]["data"]["path"], "no/such/file.sgf");
    assert_eq!(common::summary(&lines)["unreadable"], 1);
    assert!(
        common::games(&lines).len() >= 30,
        "the folder is still audited"
    );

    assert_eq!(
        sgfaudit(&["audit", "--jobs", "0", "corpus"]).status.code(),
        Some(2)
    );
    assert_eq!(
        sgfaudit(&["audit", "--rules", "martian", "corpus"])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn standard_input_and_files_from() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sgfaudit"))
        .args(["audit", "--json", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"(;SZ[9];B[ee];W[ee])(;SZ[9];B[cc])")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let lines = common::json_lines(&out.stdout);
    let games = common::games(&lines);
    assert_eq!(games.len(), 2);
    assert_eq!(games[0]["path"], "-");
    assert_eq!(games[0]["findings"][0]["code"], "occupied");
    assert_eq!(games[1]["game"], 1);

    let list = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(
        list.path(),
        "corpus/rules/art5-suicide-in-corner__suicide@5.sgf\ncorpus/gnugo/gnugo-9x9-s0001__ok.sgf\n",
    )
    .unwrap();
    let out = sgfaudit(&["audit", "--json", "--files-from", &common::arg(list.path())]);
    let lines = common::json_lines(&out.stdout);
    assert_eq!(common::games(&lines).len(), 2);
}

#[test]
fn table_csv_and_github_formats() {
    let file = "corpus/rules/art19-play-on-occupied-point__occupied@4.sgf";
    let table = String::from_utf8(sgfaudit(&["audit", file]).stdout).unwrap();
    assert!(
        table.contains(&format!("{file}:3:20: game 0: move 4 D4: error[occupied]")),
        "{table}"
    );
    assert!(table.contains("illegal"));

    let csv = String::from_utf8(sgfaudit(&["audit", "--format", "csv", file]).stdout).unwrap();
    let mut rows = csv.lines();
    assert!(rows
        .next()
        .unwrap()
        .starts_with("path,game,line,column,status"));
    assert!(rows
        .next()
        .unwrap()
        .starts_with(&format!("{file},0,1,1,illegal,7,")));

    let gh = String::from_utf8(sgfaudit(&["audit", "--format", "github", file]).stdout).unwrap();
    assert!(
        gh.contains(&format!(
            "::error file={file},line=3,col=20,title=occupied::game 0:"
        )),
        "{gh}"
    );
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sgfaudit"))
        .args(["audit", "--json", "corpus"])
        .current_dir(common::root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn score_shows_the_board_the_counts_and_the_check() {
    let out = sgfaudit(&["score", "corpus/shapes/seki-two-shared-liberties__ok.sgf"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("Result: B+7.5"), "{text}");
    assert!(text.contains("RE[B+7.5]: agrees"), "{text}");
    assert!(text.contains("area"));
}

/// The finding codes `score` lists (`  error [occupied] move 3: …`), in order.
fn listed_codes(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| l.starts_with("  "))
        .filter_map(|l| l.split_once('[')?.1.split_once(']').map(|(c, _)| c))
        .collect()
}

#[test]
fn score_reads_a_huge_game_and_deep_variations_like_audit() {
    let dir = tempfile::tempdir().unwrap();
    // 300,000 moves, over the 250,000-node limit; every seventh a pass, the others on
    // points that soon are occupied.
    let long = dir.path().join("long.sgf");
    let mut text = String::from("(;GM[1]SZ[19]KM[7.5]RU[Chinese]GN[long]");
    let cols = b"abcdefghijklmnopqrs";
    for i in 0..300_000usize {
        let color = if i % 2 == 0 { 'B' } else { 'W' };
        if i % 7 == 0 {
            text.push_str(&format!(";{color}[]"));
        } else {
            let (c, r) = (cols[i % 19] as char, cols[(i / 19) % 19] as char);
            text.push_str(&format!(";{color}[{c}{r}]"));
        }
    }
    text.push(')');
    std::fs::write(&long, text).unwrap();
    // 100,000 variations, each inside the one before, each with a move.
    let nested = dir.path().join("nested.sgf");
    let n = 100_000;
    std::fs::write(
        &nested,
        format!("(;GM[1]SZ[19]{}{})", "(;B[aa]".repeat(n), ")".repeat(n)),
    )
    .unwrap();

    for (path, name) in [(&long, "long"), (&nested, "nested")] {
        let path = path.to_str().unwrap();
        let score = sgfaudit(&["score", path]);
        let shown = String::from_utf8(score.stdout).unwrap();
        assert_eq!(score.status.code(), Some(1), "{name}: {:?}", score.status);
        let audit = sgfaudit(&["audit", "--json", path]);
        let lines = common::json_lines(&audit.stdout);
        let game = &common::games(&lines)[0];
        let mut codes: Vec<&str> = game["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["code"].as_str().unwrap())
            .collect();
        // The same findings; the order is each output's own.
        let mut listed = listed_codes(&shown);
        listed.sort_unstable();
        codes.sort_unstable();
        assert_eq!(listed, codes, "{name}: score and audit find the same");
        assert!(
            shown.contains(&format!("{} moves", game["moves"])),
            "{name}: {}",
            &shown[..400]
        );
    }
    let shown = String::from_utf8(sgfaudit(&["score", long.to_str().unwrap()]).stdout).unwrap();
    assert!(shown.contains("[too-large]"), "{}", &shown[..400]);
    assert!(
        shown.lines().nth(2) == Some("GN: long"),
        "{}",
        &shown[..400]
    );
}

#[test]
fn rules_superko_komi_and_dead_options_reach_the_audit() {
    let file = "corpus/shapes/triple-ko__superko@8.sgf";
    let out = sgfaudit(&[
        "audit", "--json", "--rules", "japanese", "--komi", "6.5", file,
    ]);
    let lines = common::json_lines(&out.stdout);
    let g = common::games(&lines)[0];
    assert_eq!(g["rules"], "japanese");
    assert_eq!(g["rules_from"], "option");
    assert_eq!(g["komi"], 6.5);
    let out = sgfaudit(&[
        "audit",
        "--json",
        "--superko",
        "simple",
        "--dead",
        "none",
        file,
    ]);
    let lines = common::json_lines(&out.stdout);
    let codes: Vec<_> = common::games(&lines)[0]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap().to_string())
        .collect();
    assert!(!codes.contains(&"superko".to_string()), "{codes:?}");
    let out = sgfaudit(&["audit", "--json", "--rules", "auto", file]);
    assert_eq!(
        common::games(&common::json_lines(&out.stdout))[0]["rules_from"],
        "RU"
    );
}

#[test]
fn progress_goes_to_stderr_only_and_only_when_asked_off_a_terminal() {
    let args = ["audit", "--json", "corpus/gnugo"];
    let quiet = sgfaudit(&args);
    assert!(quiet.stderr.is_empty(), "auto: nothing on a pipe");
    let asked = sgfaudit(&["audit", "--json", "--progress", "always", "corpus/gnugo"]);
    let stderr = String::from_utf8_lossy(&asked.stderr);
    assert!(stderr.contains("games"), "{stderr}");
    // stdout is the same report, untouched by the bar.
    let body = |out: &[u8]| {
        let text = String::from_utf8_lossy(out).to_string();
        text.lines()
            .filter(|l| !l.contains("\"summary\""))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(body(&quiet.stdout), body(&asked.stdout));
}

/// More shards than bytes: most shards are empty, and together they hold every game
/// once, in the whole run's order.
#[test]
fn more_shards_than_bytes_hold_every_game_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("five.sgf");
    let game = "(;GM[1]FF[4]SZ[9]KM[7.5]RE[W+R];B[ee];W[cc])\n";
    std::fs::write(&path, game.repeat(5)).unwrap();
    let path = common::arg(&path);
    let games = |shard: Option<String>| {
        let mut args = vec!["audit", "--json", "--no-config", "--jobs", "1"];
        let shard = shard.unwrap_or_default();
        if !shard.is_empty() {
            args.extend(["--shard", &shard]);
        }
        args.push(&path);
        let out = sgfaudit(&args);
        assert_eq!(out.status.code(), Some(0), "--shard {shard}");
        let lines = common::json_lines(&out.stdout);
        let indices: Vec<u64> = common::games(&lines)
            .iter()
            .map(|g| g["game"].as_u64().unwrap())
            .collect();
        indices
    };
    let count = game.len() * 5 + 25;
    let shards: Vec<Vec<u64>> = (0..count)
        .map(|k| games(Some(format!("{k}/{count}"))))
        .collect();
    assert_eq!(shards.concat(), games(None));
    assert_eq!(shards.iter().filter(|s| !s.is_empty()).count(), 5);
}

/// Folders are walked without following symbolic links unless `--follow` (`-L`) asks,
/// a link named on the command line is read, and a file reached twice is read once, at
/// its first place; `dups` walks folders the same way.
#[cfg(unix)]
#[test]
fn links_in_folders_are_followed_only_when_asked_and_each_file_is_read_once() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    let (games, outside) = (dir.path().join("games"), dir.path().join("outside"));
    std::fs::create_dir_all(games.join("sub")).unwrap();
    std::fs::create_dir(&outside).unwrap();
    let game = "(;GM[1]FF[4]SZ[9]KM[7.5]RE[W+R];B[ee];W[cc])\n";
    for file in [
        games.join("b.sgf"),
        games.join("sub/d.sgf"),
        outside.join("c.sgf"),
    ] {
        std::fs::write(file, game).unwrap();
    }
    symlink(&outside, games.join("link-dir")).unwrap();
    symlink(outside.join("c.sgf"), games.join("link-file.sgf")).unwrap();
    symlink(games.join("b.sgf"), games.join("same.sgf")).unwrap();
    let only_links = dir.path().join("only-links");
    std::fs::create_dir(&only_links).unwrap();
    symlink(&outside, only_links.join("there")).unwrap();
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_sgfaudit"))
            .args(args)
            .current_dir(dir.path())
            .output()
            .unwrap();
        let lines = common::json_lines(&out.stdout);
        let paths = common::games(&lines)
            .iter()
            .map(|g| g["path"].as_str().unwrap().to_string())
            .collect::<Vec<_>>();
        (out.status.code(), paths)
    };
    let audit = |extra: &[&str]| run(&[&["audit", "--json", "--no-config"], extra].concat());
    assert_eq!(
        audit(&["games"]),
        (
            Some(0),
            vec!["games/b.sgf".into(), "games/sub/d.sgf".into()]
        )
    );
    let followed = vec![
        "games/b.sgf".to_string(),
        "games/link-dir/c.sgf".into(),
        "games/sub/d.sgf".into(),
    ];
    assert_eq!(audit(&["--follow", "games"]), (Some(0), followed.clone()));
    assert_eq!(
        audit(&["-L", "games", "games", "outside"]),
        (Some(0), followed)
    );
    assert_eq!(
        audit(&["games/sub/d.sgf", "games", "games/link-file.sgf", "outside"]),
        (
            Some(0),
            vec![
                "games/sub/d.sgf".into(),
                "games/b.sgf".into(),
                "games/link-file.sgf".into()
            ]
        )
    );
    // A folder of links only: the error says why nothing was found.
    let out = Command::new(env!("CARGO_BIN_EXE_sgfaudit"))
        .args(["audit", "--json", "--no-config", "only-links"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--follow"));
    let files = |extra: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_sgfaudit"))
            .args([&["dups", "--json"], extra].concat())
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        common::summary(&common::json_lines(&out.stdout))["files"].clone()
    };
    assert_eq!(files(&["games"]), 2);
    assert_eq!(files(&["-L", "games", "games/b.sgf"]), 3);
}

/// Runs `sgfaudit ARGS` with standard output and standard error into one pipe, as
/// `2>&1` or a terminal has them, and returns what came out.
fn one_stream(args: &[&str]) -> (Option<i32>, String) {
    let (mut reader, writer) = std::io::pipe().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_sgfaudit"))
        .args(args)
        .current_dir(common::root())
        .stdout(writer.try_clone().unwrap())
        .stderr(writer)
        .spawn()
        .unwrap();
    let mut text = String::new();
    std::io::Read::read_to_string(&mut reader, &mut text).unwrap();
    (child.wait().unwrap().code(), text)
}

#[test]
fn an_empty_folder_is_reported_once() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("nothing-here");
    std::fs::create_dir(&empty).unwrap();
    let path = empty.to_str().unwrap();
    for args in [
        &["audit", path][..],
        &["audit", "--json", path],
        &["audit", "--quiet", path],
        &["dups", path],
    ] {
        let (code, text) = one_stream(args);
        assert_eq!(code, Some(2), "{args:?}");
        assert_eq!(text.matches("no SGF file").count(), 1, "{args:?}: {text}");
    }
    // With the report elsewhere, standard error still tells.
    let out = sgfaudit(&["audit", "--json", path]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("no SGF file"));
}

#[test]
fn output_file_takes_the_report_uncoloured() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report.txt");
    let file = "corpus/rules/art5-suicide-in-corner__suicide@5.sgf";
    let out = sgfaudit(&["audit", "-o", report.to_str().unwrap(), file]);
    assert_eq!(out.status.code(), Some(1), "the exit code is the run's");
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let text = std::fs::read_to_string(&report).unwrap();
    assert!(text.contains("error[suicide]"), "{text}");
    assert!(!text.contains('\x1b'), "auto: no colour in a file");

    let json = dir.path().join("report.jsonl");
    let out = sgfaudit(&[
        "audit",
        "--json",
        "--output-file",
        json.to_str().unwrap(),
        file,
    ]);
    assert!(out.stdout.is_empty());
    let lines = common::json_lines(&std::fs::read(&json).unwrap());
    assert_eq!(common::games(&lines)[0]["status"], "illegal");

    let colored = dir.path().join("colored.txt");
    sgfaudit(&[
        "audit",
        "--color",
        "always",
        "-o",
        colored.to_str().unwrap(),
        file,
    ]);
    assert!(std::fs::read_to_string(&colored).unwrap().contains('\x1b'));

    let clusters = dir.path().join("dups.jsonl");
    let out = sgfaudit(&[
        "dups",
        "--json",
        "-o",
        clusters.to_str().unwrap(),
        "corpus/gnugo",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
    assert!(std::fs::read_to_string(&clusters)
        .unwrap()
        .contains("\"summary\""));

    let bad = sgfaudit(&["audit", "-o", "no/such/folder/report.txt", file]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--output-file"));
}

#[test]
fn exclude_globs_pass_by_files_and_folders_of_a_walk() {
    let game =
        std::fs::read(common::root().join("corpus/rules/art5-suicide-in-corner__suicide@5.sgf"))
            .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("drafts")).unwrap();
    for name in ["a.sgf", "drafts/b.sgf", "c.tmp.sgf"] {
        std::fs::write(root.join(name), &game).unwrap();
    }
    let read = |args: &[&str]| -> Vec<String> {
        let mut all = vec!["audit", "--json", "--no-config"];
        all.extend_from_slice(args);
        let out = sgfaudit(&all);
        let lines = common::json_lines(&out.stdout);
        let mut paths: Vec<String> = common::games(&lines)
            .iter()
            .map(|g| {
                let p = g["path"].as_str().unwrap();
                p.rsplit(['/', '\\']).next().unwrap().to_string()
            })
            .collect();
        paths.sort();
        paths
    };
    let top = root.to_str().unwrap();
    assert_eq!(read(&[top]), ["a.sgf", "b.sgf", "c.tmp.sgf"]);
    assert_eq!(
        read(&["--exclude", "drafts", "--exclude", "*.tmp.sgf", top]),
        ["a.sgf"]
    );
    assert_eq!(
        read(&["--exclude", "drafts/**", top]),
        ["a.sgf", "c.tmp.sgf"]
    );
    // A path named as an argument is read whatever the globs.
    let named = root.join("drafts/b.sgf");
    assert_eq!(
        read(&["--exclude", "*.sgf", named.to_str().unwrap()]),
        ["b.sgf"]
    );

    // The config file's `exclude`, replaced by the command line's.
    let config = root.join("sgfaudit.toml");
    std::fs::write(&config, "exclude = [\"drafts\"]\n").unwrap();
    let with_config = |args: &[&str]| -> usize {
        let out = sgfaudit(
            &[
                &["audit", "--json", "--config", config.to_str().unwrap()],
                args,
            ]
            .concat(),
        );
        common::games(&common::json_lines(&out.stdout)).len()
    };
    assert_eq!(with_config(&[top]), 2);
    assert_eq!(with_config(&["--exclude", "*.tmp.sgf", top]), 2);
    assert_eq!(
        with_config(&["--exclude", "*.tmp.sgf", "--exclude", "drafts", top]),
        1
    );

    let everything = sgfaudit(&["audit", "--no-config", "--exclude", "*", top]);
    assert_eq!(
        everything.status.code(),
        Some(2),
        "nothing left is an input error"
    );
    assert!(String::from_utf8_lossy(&everything.stderr).contains("--exclude"));
    let bad = sgfaudit(&["audit", "--exclude", "a[", top]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--exclude 'a['"));
    let out = sgfaudit(&["dups", "--json", "--exclude", "drafts", top]);
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn the_config_file_sets_rules_komi_dead_and_jobs_under_the_command_line() {
    let file = "corpus/gnugo/gnugo-13x13-s0025__ok.sgf";
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("sgfaudit.toml");
    std::fs::write(
        &config,
        "rules = \"japanese\"\nkomi = 0.5\ndead = \"none\"\njobs = 1\n",
    )
    .unwrap();
    let config = config.to_str().unwrap();
    let game = |args: &[&str]| -> serde_json::Value {
        let out = sgfaudit(&[&["audit", "--json", "--config", config], args, &[file]].concat());
        assert_eq!(
            out.status.code().map(|c| c < 2),
            Some(true),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        common::games(&common::json_lines(&out.stdout))[0].clone()
    };
    let g = game(&[]);
    assert_eq!(g["rules"], "japanese");
    assert_eq!(g["rules_from"], "option");
    assert_eq!(g["komi"], 0.5);
    assert_eq!(g["score"]["dead_from"], "none", "{}", g["score"]);
    let g = game(&["--rules", "auto", "--komi", "7", "--dead", "estimate"]);
    assert_ne!(g["rules_from"], "option", "the command line wins");
    assert_eq!(g["komi"], 7.0);
    assert_eq!(g["score"]["dead_from"], "estimate");

    for (text, said) in [
        ("jobs = 0\n", "--jobs must be at least 1"),
        ("rules = \"japnese\"\n", "did you mean 'japanese'?"),
        ("dead = \"estimat\"\n", "did you mean 'estimate'?"),
    ] {
        let bad = dir.path().join("bad.toml");
        std::fs::write(&bad, text).unwrap();
        let out = sgfaudit(&["audit", "--config", bad.to_str().unwrap(), file]);
        assert_eq!(out.status.code(), Some(2), "{text}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(said),
            "{text}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn the_progress_bar_is_full_only_when_every_game_is_done() {
    // A compressed file holds many more bytes of games than it has on disk.
    let game = "(;GM[1]FF[4]SZ[19]KM[7.5];B[pd];W[dp];B[pp];W[dd];B[fq];W[cn])\n";
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("many.sgf.gz");
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(game.repeat(5000).as_bytes()).unwrap();
    std::fs::write(&path, gz.finish().unwrap()).unwrap();
    let out = sgfaudit(&[
        "audit",
        "--quiet",
        "--jobs",
        "1",
        "--progress",
        "always",
        path.to_str().unwrap(),
    ]);
    let log = String::from_utf8_lossy(&out.stderr);
    let mut drawn = 0;
    for line in log.lines() {
        let Some(percent) = line.split_whitespace().find_map(|w| w.strip_suffix('%')) else {
            continue;
        };
        let percent: u32 = percent.parse().unwrap();
        let games: usize = line
            .split_whitespace()
            .zip(line.split_whitespace().skip(1))
            .find_map(|(n, w)| (w == "games").then(|| n.parse().ok()).flatten())
            .unwrap_or(0);
        assert!(
            percent < 100 || games == 5000,
            "full too early: {line}\n{log}"
        );
        drawn += 1;
    }
    assert!(drawn > 0, "{log}");
}
