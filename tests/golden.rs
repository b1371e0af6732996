//! Golden outputs: every output format (table, jsonl, csv, github) and `sgfaudit score`,
//! byte for byte, over records with awkward text: commas and quotes (in names, results and
//! file names), newlines, tabs and terminal control characters, CJK. The snapshots live in
//! `tests/snapshots/`; a change of output shows as a diff to review (`cargo insta review`).

mod common;

use common::sgfaudit;

const FIXTURES: &str = "tests/fixtures/awkward";

/// The output of a run, with the only figures that change from run to run (the
/// summary's timing) blanked.
fn run(args: &[&str]) -> String {
    let out = sgfaudit(args);
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
    run(&["audit", "--jobs", "1", "--format", format, FIXTURES])
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
    let mut files: Vec<_> = std::fs::read_dir(common::root().join(FIXTURES))
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
    let score = run(&["score", &format!("{FIXTURES}/control and newline.sgf")]);
    assert!(
        !score.contains('\x1b') && !score.contains('\x07'),
        "{score}"
    );
    let score = run(&["score", &format!("{FIXTURES}/cjk 围棋.sgf")]);
    assert!(score.contains("柯洁"), "{score}");
}
