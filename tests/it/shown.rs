//! What the table and the pre-commit hook's `concise` output show: every finding at or
//! above `--min-severity`, info included, every finding that fails a run whatever
//! `--min-severity` says, and a summary of codes sorted by count, each with its severity.

use crate::common;

use common::{games, json_lines, sgfaudit};
use sgfaudit::finding::{catalogue, Code};

const STRICT: &str = "docs/sgfaudit-strict-ff4.toml";
const UNKNOWN: &str = "corpus/format/unknown-property__unknown-property.sgf";

/// Each finding of a JSON run: its `path:line:column: game N` and its `severity[code]: `.
fn places(json: &[u8]) -> Vec<(String, String)> {
    let lines = json_lines(json);
    games(&lines)
        .iter()
        .flat_map(|g| {
            g["findings"].as_array().unwrap().iter().map(move |f| {
                let place = format!(
                    "{}:{}:{}: game {}",
                    g["path"].as_str().unwrap(),
                    f["line"],
                    f["column"],
                    g["game"]
                );
                let what = format!(
                    " {}[{}]: ",
                    f["severity"].as_str().unwrap(),
                    f["code"].as_str().unwrap()
                );
                (place, what)
            })
        })
        .collect()
}

#[test]
fn the_strict_profile_names_the_finding_that_fails_the_run() {
    let out = sgfaudit(&["audit", "--config", STRICT, UNKNOWN]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(&format!(
            "{UNKNOWN}:3:1: game 0: info[unknown-property]: XY"
        )),
        "{text}"
    );
}

#[test]
fn every_finding_shown_on_the_corpus_is_printed_by_the_table_and_the_hook() {
    let json = sgfaudit(&["audit", "--json", "--config", STRICT, "corpus"]);
    assert_eq!(json.status.code(), Some(1));
    let places = places(&json.stdout);
    assert!(
        places.iter().any(|(_, w)| w.starts_with(" info[")),
        "no info"
    );
    for format in ["table", "concise"] {
        let out = sgfaudit(&["audit", "--format", format, "--config", STRICT, "corpus"]);
        assert_eq!(out.status.code(), Some(1));
        let text = String::from_utf8(out.stdout).unwrap();
        let printed: Vec<&str> = text.lines().collect();
        for (place, what) in &places {
            assert!(
                printed
                    .iter()
                    .any(|l| l.starts_with(place.as_str()) && l.contains(what.as_str())),
                "{format}: {place}:{what} not printed"
            );
        }
    }
}

#[test]
fn a_finding_that_fails_the_run_is_shown_below_the_minimum_severity() {
    let args = |fail_on: &str| {
        sgfaudit(&[
            "audit",
            "--min-severity",
            "error",
            "--fail-on",
            fail_on,
            UNKNOWN,
        ])
    };
    let fails = args("unknown-property");
    assert_eq!(fails.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&fails.stdout).contains("info[unknown-property]"));
    let passes = args("illegal");
    assert_eq!(passes.status.code(), Some(0));
    assert!(!String::from_utf8_lossy(&passes.stdout).contains("info[unknown-property]"));
}

#[test]
fn the_summary_lists_codes_by_count_with_their_severity() {
    let out = sgfaudit(&["audit", "--format", "table", "corpus"]);
    let text = String::from_utf8(out.stdout).unwrap();
    let mut counts = Vec::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(code) = words.first().and_then(|w| Code::from_name(w)) else {
            continue;
        };
        let n: usize = words[1].parse().unwrap();
        assert_eq!(words[2..].join(" "), catalogue::entry(code).1, "{line}");
        counts.push(n);
    }
    assert!(counts.len() > 10, "{text}");
    assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{counts:?}");
}

#[test]
fn the_hook_prints_one_summary_line() {
    let hook = std::fs::read_to_string(common::root().join(".pre-commit-hooks.yaml")).unwrap();
    let entry = hook.lines().find_map(|l| l.trim().strip_prefix("entry: "));
    let entry: Vec<&str> = entry.expect("an entry").split_whitespace().collect();
    assert_eq!(entry[0], "sgfaudit");
    let mut args = entry[1..].to_vec();
    args.push("corpus/rules");
    let out = sgfaudit(&args);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with("Found ") && last.contains(" games fail the run."),
        "{last}"
    );
    assert!(
        text.lines().rev().skip(1).all(|l| l.contains("]: ")),
        "{text}"
    );
}
