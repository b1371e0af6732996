//! The reports CI systems read: SARIF (code scanning), JUnit XML (test dashboards) and
//! GitLab Code Quality. Each is snapshotted on `corpus/`, lists exactly the findings the
//! JSON Lines report lists under the same options, keeps the exit codes, and (SARIF,
//! GitLab) gives every finding a fingerprint that an edit above its game leaves alone.

use crate::common;

use std::path::Path;
use std::process::{Command, Output};

use common::{games, json_lines, sgfaudit};
use serde_json::Value;

const FORMATS: [&str; 3] = ["sarif", "junit", "gitlab"];

fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sgfaudit"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("sgfaudit runs")
}

fn text(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

fn corpus(format: &str) -> String {
    let out = sgfaudit(&["audit", "--jobs", "1", "--format", format, "corpus"]);
    assert_eq!(out.status.code(), Some(1), "{format}");
    text(&out)
}

#[test]
fn sarif_snapshot() {
    insta::assert_snapshot!(corpus("sarif"));
}

#[test]
fn junit_snapshot() {
    insta::assert_snapshot!(corpus("junit"));
}

#[test]
fn gitlab_snapshot() {
    insta::assert_snapshot!(corpus("gitlab"));
}

/// A finding as the reports place it: (path, game, code, line, column).
type Placed = (String, u64, String, u64, u64);

/// The findings a JSON Lines report lists.
fn jsonl_findings(stdout: &[u8]) -> Vec<Placed> {
    let lines = json_lines(stdout);
    games(&lines)
        .iter()
        .flat_map(|g| {
            g["findings"].as_array().unwrap().iter().map(|f| {
                (
                    g["path"].as_str().unwrap().to_string(),
                    g["game"].as_u64().unwrap(),
                    f["code"].as_str().unwrap().to_string(),
                    f["line"].as_u64().unwrap(),
                    f["column"].as_u64().unwrap(),
                )
            })
        })
        .collect()
}

/// The findings of a SARIF report, in the same shape, and their fingerprints.
fn sarif_findings(stdout: &[u8]) -> (Vec<Placed>, Vec<String>) {
    let sarif: Value = serde_json::from_slice(stdout).expect("SARIF is JSON");
    assert_eq!(sarif["version"], "2.1.0");
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    let findings = results
        .iter()
        .map(|r| {
            let location = &r["locations"][0]["physicalLocation"];
            let uri = location["artifactLocation"]["uri"].as_str().unwrap();
            (
                percent_decode(uri),
                r["properties"]["game"].as_u64().unwrap(),
                r["ruleId"].as_str().unwrap().to_string(),
                location["region"]["startLine"].as_u64().unwrap(),
                location["region"]["startColumn"].as_u64().unwrap(),
            )
        })
        .collect();
    let prints = results
        .iter()
        .map(|r| {
            r["partialFingerprints"]["sgfaudit/v1"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    (findings, prints)
}

fn percent_decode(uri: &str) -> String {
    let bytes = uri.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            out.push(u8::from_str_radix(&uri[i + 1..i + 3], 16).unwrap());
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

/// The (path, game, code, line) of each GitLab issue and its fingerprint.
fn gitlab_findings(stdout: &[u8]) -> Vec<(String, u64, String, u64, String)> {
    let issues: Value = serde_json::from_slice(stdout).expect("GitLab report is JSON");
    issues
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            let description = i["description"].as_str().unwrap();
            let game = description
                .strip_prefix("game ")
                .and_then(|d| d.split([':', ',']).next())
                .unwrap()
                .parse()
                .unwrap();
            assert!(["info", "minor", "major"].contains(&i["severity"].as_str().unwrap()));
            (
                i["location"]["path"].as_str().unwrap().to_string(),
                game,
                i["check_name"].as_str().unwrap().to_string(),
                i["location"]["lines"]["begin"].as_u64().unwrap(),
                i["fingerprint"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// Findings lines in the JUnit report (test case failures and outputs).
fn junit_finding_lines(stdout: &[u8]) -> usize {
    let text = String::from_utf8(stdout.to_vec()).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("JUnit XML parses");
    doc.descendants()
        .filter(|n| n.has_tag_name("failure") || n.has_tag_name("system-out"))
        .flat_map(|n| {
            n.text()
                .unwrap_or("")
                .lines()
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .filter(|l| l.starts_with("line "))
        .count()
}

#[test]
fn every_format_lists_the_findings_json_lines_lists_under_the_same_options() {
    let option_sets: [&[&str]; 5] = [
        &[],
        &["--select", "occupied,superko,ko,bad-encoding"],
        &["--ignore", "occupied,komi-normalized"],
        &["--min-severity", "warning"],
        &["--max-findings-per-game", "1"],
    ];
    for options in option_sets {
        let with = |format: &str| {
            let mut args = vec!["audit", "--jobs", "2", "--format", format];
            args.extend_from_slice(options);
            args.push("corpus");
            sgfaudit(&args)
        };
        let jsonl = with("jsonl");
        let expected = jsonl_findings(&jsonl.stdout);
        assert!(!expected.is_empty(), "{options:?}");
        let sarif = with("sarif");
        assert_eq!(sarif.status.code(), jsonl.status.code(), "{options:?}");
        assert_eq!(sarif_findings(&sarif.stdout).0, expected, "{options:?}");
        let gitlab = with("gitlab");
        assert_eq!(gitlab.status.code(), jsonl.status.code(), "{options:?}");
        let issues: Vec<_> = gitlab_findings(&gitlab.stdout)
            .into_iter()
            .map(|(p, g, c, l, _)| (p, g, c, l))
            .collect();
        let lines: Vec<_> = expected
            .iter()
            .map(|(p, g, c, l, _)| (p.clone(), *g, c.clone(), *l))
            .collect();
        assert_eq!(issues, lines, "{options:?}");
        let junit = with("junit");
        assert_eq!(junit.status.code(), jsonl.status.code(), "{options:?}");
        assert_eq!(
            junit_finding_lines(&junit.stdout),
            expected.len(),
            "{options:?}"
        );
    }
}

#[test]
fn junit_counts_add_up_and_failures_follow_fail_on() {
    let check = |args: &[&str]| {
        let out = sgfaudit(args);
        let text = text(&out);
        let doc = roxmltree::Document::parse(&text).expect("JUnit XML parses");
        let (mut tests, mut failures) = (0, 0);
        for suite in doc.descendants().filter(|n| n.has_tag_name("testsuite")) {
            let cases: Vec<_> = suite
                .children()
                .filter(|n| n.has_tag_name("testcase"))
                .collect();
            let failed = cases
                .iter()
                .filter(|c| c.children().any(|n| n.has_tag_name("failure")))
                .count();
            let errored = cases
                .iter()
                .filter(|c| c.children().any(|n| n.has_tag_name("error")))
                .count();
            assert_eq!(
                suite.attribute("tests"),
                Some(cases.len().to_string().as_str())
            );
            assert_eq!(
                suite.attribute("failures"),
                Some(failed.to_string().as_str())
            );
            assert_eq!(
                suite.attribute("errors"),
                Some(errored.to_string().as_str())
            );
            assert_eq!(suite.attribute("skipped"), Some("0"));
            tests += cases.len();
            failures += failed;
        }
        (tests, failures, out.status.code())
    };
    let (games, failing, code) = check(&["audit", "--format", "junit", "corpus"]);
    let lines = json_lines(&sgfaudit(&["audit", "--json", "corpus"]).stdout);
    let summary = common::summary(&lines);
    assert_eq!(games as u64, summary["games"].as_u64().unwrap());
    assert_eq!(failing as u64, summary["failing"].as_u64().unwrap());
    assert_eq!(code, Some(1));
    // Warnings fail too when asked: more failures.
    let (_, more, _) = check(&[
        "audit",
        "--format",
        "junit",
        "--fail-on",
        "warning",
        "corpus",
    ]);
    assert!(more > failing, "{more} <= {failing}");
    let (_, none, code) = check(&[
        "audit",
        "--format",
        "junit",
        "--select",
        "ko",
        "corpus/shapes",
    ]);
    assert_eq!((none, code), (0, Some(0)));
}

#[test]
fn unreadable_inputs_are_notifications_and_errors() {
    let args = |format| {
        vec![
            "audit",
            "--format",
            format,
            "no/such/file.sgf",
            "corpus/rules",
        ]
    };
    let sarif = sgfaudit(&args("sarif"));
    assert_eq!(sarif.status.code(), Some(2));
    let doc: Value = serde_json::from_slice(&sarif.stdout).unwrap();
    let invocation = &doc["runs"][0]["invocations"][0];
    assert_eq!(invocation["executionSuccessful"], false);
    let note = &invocation["toolExecutionNotifications"][0];
    assert_eq!(note["level"], "error");
    assert!(note["message"]["text"]
        .as_str()
        .unwrap()
        .contains("no such file or folder"));
    let junit = sgfaudit(&args("junit"));
    assert!(text(&junit).contains("<error type=\"unreadable\""));
    let gitlab = sgfaudit(&args("gitlab"));
    let issues: Value = serde_json::from_slice(&gitlab.stdout).unwrap();
    let last = issues.as_array().unwrap().last().unwrap();
    assert_eq!(last["check_name"], "unreadable");
    assert_eq!(last["location"]["path"], "no/such/file.sgf");
}

#[test]
fn the_config_file_names_the_ci_formats() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        common::root().join("corpus/rules/art19-play-on-occupied-point__occupied@4.sgf"),
        dir.path().join("g.sgf"),
    )
    .unwrap();
    for format in FORMATS {
        std::fs::write(
            dir.path().join("sgfaudit.toml"),
            format!("format = \"{format}\"\n"),
        )
        .unwrap();
        let out = run_in(dir.path(), &["audit"]);
        assert_eq!(out.status.code(), Some(1), "{format}");
        let first = text(&out).chars().next();
        let expected = if format == "junit" {
            '<'
        } else {
            if format == "sarif" {
                '{'
            } else {
                '['
            }
        };
        assert_eq!(first, Some(expected), "{format}");
    }
}

/// A fingerprint names its finding: the same file, game, code and move give the same
/// fingerprint after an empty line is added at the top of every file, and no two
/// findings of a report share one. (Without the dead-stone estimate, which has nothing
/// to do with places in the file, so that the real games are read quickly.)
fn fingerprints_survive_an_empty_line_on_top(dir: &Path) {
    let sarif = run_in(
        dir,
        &[
            "audit",
            "--format",
            "sarif",
            "--dead",
            "none",
            "--no-config",
            ".",
        ],
    );
    let gitlab = run_in(
        dir,
        &[
            "audit",
            "--format",
            "gitlab",
            "--dead",
            "none",
            "--no-config",
            ".",
        ],
    );
    let (findings, before) = sarif_findings(&sarif.stdout);
    assert!(!before.is_empty());
    let mut unique = before.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), before.len(), "fingerprints are unique");
    let gitlab_before: Vec<String> = gitlab_findings(&gitlab.stdout)
        .into_iter()
        .map(|i| i.4)
        .collect();
    assert!(
        gitlab_before == before,
        "GitLab and SARIF fingerprints differ"
    );

    for entry in walkdir(dir) {
        let bytes = std::fs::read(&entry).unwrap();
        std::fs::write(&entry, with_empty_line_on_top(&bytes)).unwrap();
    }
    let sarif = run_in(
        dir,
        &[
            "audit",
            "--format",
            "sarif",
            "--dead",
            "none",
            "--no-config",
            ".",
        ],
    );
    let (moved, after) = sarif_findings(&sarif.stdout);
    assert_eq!(moved.len(), findings.len());
    assert!(after == before, "fingerprints changed");
    assert!(
        moved
            .iter()
            .zip(&findings)
            .all(|(m, f)| m.3 == f.3 + 1 || (m.3, m.4, f.3, f.4) == (1, 1, 1, 1)),
        "every finding moved down a line, but those of the text before the first game"
    );
    let gitlab = run_in(
        dir,
        &[
            "audit",
            "--format",
            "gitlab",
            "--dead",
            "none",
            "--no-config",
            ".",
        ],
    );
    let gitlab_after: Vec<String> = gitlab_findings(&gitlab.stdout)
        .into_iter()
        .map(|i| i.4)
        .collect();
    assert!(gitlab_after == before, "GitLab fingerprints changed");
}

/// The bytes of a file with an empty line added at the top, in the file's encoding
/// (after its byte order mark; two or four bytes a character in UTF-16 and UTF-32).
fn with_empty_line_on_top(bytes: &[u8]) -> Vec<u8> {
    let (at, newline): (usize, &[u8]) = match bytes {
        [0xef, 0xbb, 0xbf, ..] => (3, b"\n"),
        [0xff, 0xfe, 0, 0, ..] => (4, b"\n\0\0\0"),
        [0, 0, 0xfe, 0xff, ..] => (4, b"\0\0\0\n"),
        [0xff, 0xfe, ..] => (2, b"\n\0"),
        [0xfe, 0xff, ..] => (2, b"\0\n"),
        [c, 0, ..] if *c != 0 => (0, b"\n\0"),
        [0, c, ..] if *c != 0 => (0, b"\0\n"),
        _ => (0, b"\n"),
    };
    [&bytes[..at], newline, &bytes[at..]].concat()
}

fn walkdir(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(walkdir(&path));
        } else if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
        {
            files.push(path);
        }
    }
    files
}

#[test]
fn fingerprints_of_the_project_corpus_survive_an_empty_line_on_top() {
    let dir = tempfile::tempdir().unwrap();
    common::copy_tree(&common::root().join("corpus"), &dir.path().join("corpus"));
    fingerprints_survive_an_empty_line_on_top(dir.path());
}

#[test]
fn sarif_of_the_real_games_matches_json_lines_and_its_fingerprints_survive_edits() {
    let Some(shared) = common::shared_corpus() else {
        return;
    };
    let real = shared.join("real");
    let real = real.to_str().unwrap();
    let jsonl = common::real_corpus_json().unwrap();
    let sarif = sgfaudit(&["audit", "--format", "sarif", real]);
    assert_eq!(sarif.status.code(), jsonl.status.code());
    let expected = jsonl_findings(&jsonl.stdout);
    let (found, _) = sarif_findings(&sarif.stdout);
    let relative = |p: &str| {
        p.strip_prefix(&format!("{}/", common::root().display()))
            .unwrap_or(p)
            .to_string()
    };
    let expected: Vec<_> = expected
        .into_iter()
        .map(|(p, g, c, l, col)| (relative(&p), g, c, l, col))
        .collect();
    assert!(expected.len() > 100, "{} findings", expected.len());
    assert_eq!(found, expected);

    let dir = tempfile::tempdir().unwrap();
    common::copy_tree(&shared.join("real"), &dir.path().join("real"));
    fingerprints_survive_an_empty_line_on_top(dir.path());
}

/// Two names that differ only in bytes that are not UTF-8 are two paths and two
/// fingerprints, and a `\` in a Unix file name is kept (not turned into `/`).
#[cfg(unix)]
#[test]
fn paths_and_fingerprints_keep_every_byte_of_a_name() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let names: [&[u8]; 3] = [b"a\xff.sgf", b"a\xfe.sgf", b"back\\slash.sgf"];
    for name in names {
        let path = dir.path().join(std::ffi::OsStr::from_bytes(name));
        std::fs::write(path, "(;GM[1]SZ[9];B[ee];W[ee])").unwrap();
    }
    let args = |format| vec!["audit", "--no-config", "--format", format, "."];
    let sarif = run_in(dir.path(), &args("sarif"));
    let (findings, prints) = sarif_findings(&sarif.stdout);
    let mut paths: Vec<String> = findings.into_iter().map(|f| f.0).collect();
    paths.sort();
    assert_eq!(paths, ["a\\xfe.sgf", "a\\xff.sgf", "back\\slash.sgf"]);
    let mut unique = prints.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), 3, "{prints:?}");
    let gitlab = gitlab_findings(&run_in(dir.path(), &args("gitlab")).stdout);
    let mut paths: Vec<&str> = gitlab.iter().map(|i| i.0.as_str()).collect();
    paths.sort();
    assert_eq!(paths, ["a\\xfe.sgf", "a\\xff.sgf", "back\\slash.sgf"]);
    let mut gitlab_prints: Vec<&str> = gitlab.iter().map(|i| i.4.as_str()).collect();
    gitlab_prints.sort();
    assert_eq!(gitlab_prints, unique);
}
