//! Golden outputs: every output format (table, jsonl, csv, github) and `sgfaudit score`,
//! byte for byte, over records with awkward text: commas and quotes (in names, results and
//! file names), newlines, tabs and terminal control characters, CJK. The snapshots live in
//! `tests/snapshots/`; a change of output shows as a diff to review (`cargo insta review`).
//!
//! A file name with quotes cannot go into a published crate, so the runs read a copy of
//! `tests/fixtures/awkward/` made in a temporary folder, where that file is written
//! (`names, commas and "quotes".sgf`, from `tests/fixtures/names-commas-quotes.sgf`).

use crate::common;

use std::path::Path;
use std::process::Command;

const FIXTURES: &str = "tests/fixtures/awkward";

/// The fixture whose name a package cannot hold, and the name it is read under.
const QUOTED: (&str, &str) = (
    "tests/fixtures/names-commas-quotes.sgf",
    r#"names, commas and "quotes".sgf"#,
);

/// A temporary folder holding `tests/fixtures/awkward/` with every fixture.
fn fixtures() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let awkward = dir.path().join(FIXTURES);
    std::fs::create_dir_all(&awkward).unwrap();
    for entry in std::fs::read_dir(common::root().join(FIXTURES)).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, awkward.join(path.file_name().unwrap())).unwrap();
    }
    std::fs::copy(common::root().join(QUOTED.0), awkward.join(QUOTED.1)).unwrap();
    dir
}

/// The output of a run in `dir`, with the only figures that change from run to run (the
/// summary's timing) blanked.
fn run_in(dir: &Path, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_sgfaudit"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("sgfaudit runs");
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{args:?}: {:?} {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("UTF-8 output");
    text.lines()
        .map(|l| {
            if l.starts_with("elapsed ") || l.starts_with("games/s ") {
                format!("{} <timing>", l.split_whitespace().next().unwrap())
            } else if let Some(at) = l.find(r#","elapsed_ms":"#) {
                format!("{}<timing>}}}}", &l[..at])
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn audit(format: &str) -> String {
    let dir = fixtures();
    run_in(
        dir.path(),
        &["audit", "--jobs", "1", "--format", format, FIXTURES],
    )
}

#[test]
fn table() {
    insta::assert_snapshot!(audit("table"));
}

#[test]
fn jsonl() {
    insta::assert_snapshot!(audit("jsonl"));
}

#[test]
fn csv() {
    insta::assert_snapshot!(audit("csv"));
}

#[test]
fn github() {
    insta::assert_snapshot!(audit("github"));
}

#[test]
fn score() {
    let dir = fixtures();
    let run = |args: &[&str]| run_in(dir.path(), args);
    let mut files: Vec<_> = std::fs::read_dir(dir.path().join(FIXTURES))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    files.sort();
    let mut all = String::new();
    for name in &files {
        let games = if name.starts_with("two games") { 2 } else { 1 };
        for game in 0..games {
            let path = format!("{FIXTURES}/{name}");
            all.push_str(&format!("$ sgfaudit score '{path}' --game {game}\n"));
            all.push_str(&run(&["score", &path, "--game", &game.to_string()]));
            all.push_str("\n\n");
        }
    }
    insta::assert_snapshot!(all);
}

#[test]
fn the_fixtures_hold_the_awkward_text() {
    // The snapshots are worth only what the fixtures put in them.
    let csv = audit("csv");
    assert!(csv.contains(r#""tests/fixtures/awkward/names, commas and ""quotes"".sgf""#));
    let dir = fixtures();
    let run = |args: &[&str]| run_in(dir.path(), args);
    let score = run(&["score", &format!("{FIXTURES}/control and newline.sgf")]);
    assert!(
        !score.contains('\x1b') && !score.contains('\x07'),
        "{score}"
    );
    let score = run(&["score", &format!("{FIXTURES}/cjk 围棋.sgf")]);
    assert!(score.contains("柯洁"), "{score}");
}

#[test]
fn csv_reports_the_confidence_json_lines_reports() {
    // The check's confidence is reported to three decimals in every output; CSV once
    // wrote it raw (0.8449101931999999 where JSON Lines said 0.845).
    let json = common::json_lines(&common::sgfaudit(&["audit", "--json", "corpus"]).stdout);
    let from_json: Vec<String> = common::games(&json)
        .iter()
        .map(|g| match g["check"]["confidence"].as_f64() {
            Some(c) => format!("{c:?}"),
            None => String::new(),
        })
        .collect();
    let csv = common::sgfaudit(&["audit", "--format", "csv", "corpus"]);
    let text = String::from_utf8(csv.stdout).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let at = header.iter().position(|c| *c == "confidence").unwrap();
    let from_csv: Vec<String> = lines.map(|l| csv_cells(l)[at].clone()).collect();
    assert_eq!(from_csv.len(), from_json.len());
    let counted = from_json.iter().filter(|c| !c.is_empty()).count();
    assert!(counted >= 100, "{counted} games with a confidence");
    assert_eq!(from_csv, from_json);
}

/// The cells of a CSV row (RFC 4180 quoting).
fn csv_cells(line: &str) -> Vec<String> {
    let (mut cells, mut cell, mut quoted) = (Vec::new(), String::new(), false);
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                cell.push('"');
                chars.next();
            }
            '"' => quoted = !quoted,
            ',' if !quoted => cells.push(std::mem::take(&mut cell)),
            c => cell.push(c),
        }
    }
    cells.push(cell);
    cells
}
