//! What a person auditing an archive reads first, checked on the shared real games against
//! the JSON Lines report of the same run: `--format failing` lists exactly the games that
//! fail the run, each with a command that opens it; the GitHub annotations give their
//! slots to illegal moves (art. 19, 5, 20, 6) and to results the count contradicts (art. 9)
//! before the record's format; the HTML report's links reach the games from the report's
//! own folder.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use crate::common::{arg, games, json_lines, root, sgfaudit, shared_corpus, summary};

/// `path` and `game` of each game of the JSON Lines run that fails it: `--fail-on` by
/// default is `error,illegal,mismatch`, so a game fails when its status is not `ok`.
fn failing_in_jsonl(real: &str) -> (BTreeSet<(String, u64)>, u64) {
    let out = sgfaudit(&["audit", "--json", "--progress", "never", real]);
    let lines = json_lines(&out.stdout);
    let failing = games(&lines)
        .into_iter()
        .filter(|g| g["status"] != "ok")
        .map(|g| {
            (
                g["path"].as_str().unwrap().to_string(),
                g["game"].as_u64().unwrap(),
            )
        })
        .collect();
    (failing, summary(&lines)["failing"].as_u64().unwrap())
}

#[test]
fn the_failing_view_lists_every_game_that_fails_the_run_and_no_other() {
    let Some(shared) = shared_corpus() else {
        return;
    };
    let real = arg(&shared.join("real"));
    let (expected, counted) = failing_in_jsonl(&real);
    assert_eq!(expected.len() as u64, counted);
    assert!(counted > 10, "the real games hold failing games: {counted}");
    let out = sgfaudit(&["audit", "--format", "failing", "--progress", "never", &real]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let (last, games) = lines.split_last().unwrap();
    assert!(
        last.starts_with("Found ") && last.ends_with(&format!("; {counted} games fail the run.")),
        "{last}"
    );
    let mut listed = BTreeSet::new();
    for line in games {
        // path:line:column: game N[, variation V]: status: ...
        let (path, rest) = line
            .split_once(".sgf:")
            .or_else(|| line.split_once(".SGF:"))
            .unwrap();
        let path = format!("{path}{}", &line[path.len()..path.len() + 4]);
        let game: u64 = rest
            .split_once(": game ")
            .and_then(|(_, r)| r.split(|c: char| !c.is_ascii_digit()).next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no game number: {line}"));
        assert!(listed.insert((path.clone(), game)), "listed twice: {line}");
        let status = ["illegal", "mismatch", "error"]
            .into_iter()
            .find(|s| line.contains(&format!(": {s}: ")))
            .unwrap_or_else(|| panic!("no status: {line}"));
        // A game that can be read names the command that opens it at its problem.
        let command = line
            .rsplit_once("  [")
            .map(|(_, c)| c.trim_end_matches(']'));
        match status {
            "illegal" => {
                let c = command.unwrap_or_else(|| panic!("no command: {line}"));
                assert!(
                    c.starts_with("sgfaudit show ") && c.contains(" --move "),
                    "{line}"
                );
            }
            "mismatch" => {
                assert!(command.unwrap().starts_with("sgfaudit score "), "{line}");
                assert!(line.contains(": result-mismatch: RE["), "{line}");
            }
            _ => {}
        }
    }
    assert_eq!(listed, expected);
}

#[test]
fn the_show_command_of_a_failing_line_opens_the_game_at_its_illegal_move() {
    let out = sgfaudit(&[
        "audit",
        "--format",
        "failing",
        "--progress",
        "never",
        "corpus/rules/art19-play-on-occupied-point__occupied@4.sgf",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    let command = text
        .lines()
        .next()
        .and_then(|l| l.rsplit_once("  [sgfaudit "))
        .map(|(_, c)| c.trim_end_matches(']').to_string())
        .unwrap();
    let words = shlex::split(&command).unwrap();
    assert_eq!(words[0], "show");
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let shown = sgfaudit(&[&words[..], &["--color", "never"]].concat());
    let board = String::from_utf8(shown.stdout).unwrap();
    assert!(shown.status.success(), "{command}: {board}");
    assert!(board.contains("move 4"), "{board}");
}

#[test]
fn github_annotations_go_to_illegal_moves_and_wrong_results_first() {
    let Some(shared) = shared_corpus() else {
        return;
    };
    let real = arg(&shared.join("real"));
    let summary_file = tempfile::NamedTempFile::new().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_sgfaudit"))
        .args(["audit", "--format", "github", "--progress", "never", &real])
        .env("GITHUB_STEP_SUMMARY", summary_file.path())
        .current_dir(root())
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let of_level = |level: &str| -> Vec<&str> {
        text.lines()
            .filter(|l| l.starts_with(&format!("::{level} file=")))
            .collect()
    };
    let code = |line: &str| -> String {
        let at = line.find(",title=").unwrap() + 7;
        line[at..line[at..].find("::").unwrap() + at].to_string()
    };
    let file = |line: &str| -> String {
        let at = line.find("file=").unwrap() + 5;
        line[at..line[at..].find(',').unwrap() + at].to_string()
    };
    // The run holds more than 10 illegal moves and more than 10 wrong results: every
    // slot goes to them (art. 19, 5, 20, 6 and art. 9).
    let illegal = ["occupied", "off-board", "suicide", "ko", "superko"];
    let errors = of_level("error");
    assert_eq!(errors.len(), 10);
    for line in &errors {
        assert!(illegal.contains(&code(line).as_str()), "{line}");
        assert!(
            line.contains("::game ") && line.contains(": move "),
            "{line}"
        );
    }
    let warnings = of_level("warning");
    assert_eq!(warnings.len(), 10);
    for line in &warnings {
        assert_eq!(code(line), "result-mismatch", "{line}");
    }
    // One game at most twice a level.
    for level in [&errors, &warnings] {
        let files: Vec<String> = level.iter().map(|l| file(l)).collect();
        for f in &files {
            assert!(files.iter().filter(|g| *g == f).count() <= 2, "{f}");
        }
    }
    // What was left out is counted in the step summary: every finding of the run is
    // either an annotation or counted there.
    let (_, findings) = {
        let out = sgfaudit(&["audit", "--json", "--progress", "never", &real]);
        let lines = json_lines(&out.stdout);
        let s = summary(&lines).clone();
        (
            (),
            s["by_code"]
                .as_object()
                .unwrap()
                .values()
                .map(|v| v.as_u64().unwrap())
                .sum::<u64>(),
        )
    };
    let md = std::fs::read_to_string(summary_file.path()).unwrap();
    let left_out: u64 = md
        .lines()
        .find(|l| l.starts_with("Annotations left out"))
        .unwrap()
        .rsplit_once("): ")
        .unwrap()
        .1
        .trim_end_matches('.')
        .split(", ")
        .map(|part| {
            part.split(' ')
                .next()
                .unwrap()
                .replace(',', "")
                .parse::<u64>()
                .unwrap()
        })
        .sum();
    let annotations = (text.lines().count() - 1) as u64;
    assert_eq!(annotations + left_out, findings);
}

/// The game links (`<td class="path"><a href="…">`) of an HTML report.
fn game_links(page: &str) -> Vec<String> {
    page.split(r#"<td class="path"><a href=""#)
        .skip(1)
        .map(|rest| rest[..rest.find('"').unwrap()].to_string())
        .collect()
}

/// A link's path with its percent-encoding undone.
fn unescaped(href: &str) -> String {
    let bytes = href.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            out.push(u8::from_str_radix(&href[i + 1..i + 3], 16).unwrap());
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

#[test]
fn the_html_reports_links_reach_the_games_from_the_reports_folder() {
    let out_dir = tempfile::tempdir().unwrap();
    let report = out_dir.path().join("deeper/report.html");
    std::fs::create_dir_all(report.parent().unwrap()).unwrap();
    let run = sgfaudit(&[
        "audit",
        "--format",
        "html",
        "--progress",
        "never",
        "-o",
        &arg(&report),
        "corpus/rules",
    ]);
    assert_eq!(run.status.code(), Some(1));
    let page = std::fs::read_to_string(&report).unwrap();
    let links = game_links(&page);
    assert!(links.len() > 10, "{} links", links.len());
    for href in &links {
        assert!(!href.starts_with('/') && !href.contains("://"), "{href}");
        let target = report.parent().unwrap().join(unescaped(href));
        assert!(
            target.is_file(),
            "{href} reaches nothing from {}",
            report.display()
        );
        let audited = root().join("corpus/rules");
        assert_eq!(
            target.canonicalize().unwrap().parent(),
            Some(audited.canonicalize().unwrap().as_path()),
            "{href}"
        );
    }
    // To standard output, whose place is unknown: absolute addresses.
    let out = sgfaudit(&[
        "audit",
        "--format",
        "html",
        "--progress",
        "never",
        "corpus/rules",
    ]);
    for href in game_links(&String::from_utf8(out.stdout).unwrap()) {
        let path = unescaped(href.strip_prefix("file://").unwrap());
        assert!(Path::new(&path).is_file(), "{href}");
    }
}

#[test]
fn the_table_counts_the_findings_it_did_not_show() {
    let Some(shared) = shared_corpus() else {
        return;
    };
    let real = arg(&shared.join("real"));
    let out = sgfaudit(&["audit", "--json", "--progress", "never", &real]);
    let lines = json_lines(&out.stdout);
    let mut per_severity = std::collections::BTreeMap::new();
    for g in games(&lines) {
        for f in g["findings"].as_array().unwrap() {
            // A finding that fails the run is shown at any level (a wrong result's warning).
            if g["status"] == "mismatch" && f["code"] == "result-mismatch" {
                continue;
            }
            *per_severity
                .entry(f["severity"].as_str().unwrap().to_string())
                .or_insert(0u64) += 1;
        }
    }
    let thousands = |n: u64| sgfaudit::gate::thousands(n);
    let table = sgfaudit(&[
        "audit",
        "--min-severity",
        "error",
        "--progress",
        "never",
        &real,
    ]);
    let text = String::from_utf8(table.stdout).unwrap();
    let expected = format!(
        "{} warning and {} info findings not shown: --min-severity info shows them",
        thousands(per_severity["warning"]),
        thousands(per_severity["info"])
    );
    assert!(text.lines().any(|l| l == expected), "no line {expected:?}");
    // Every finding shown: nothing said of findings.
    let all = sgfaudit(&["audit", "--progress", "never", &real]);
    assert!(!String::from_utf8(all.stdout).unwrap().contains("not shown"));
}
