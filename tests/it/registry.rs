//! The finding codes are declared once: every list a user reads them from (`explain`,
//! SARIF rules, the JSON schema, `--help`, the guide's codes page) names the same codes
//! in the same order, and what the real games' findings say (severity, article, whether
//! `--fix` answers them) is what each code's `explain` page promises.

use std::collections::BTreeMap;

use crate::common;
use serde_json::Value;

fn stdout(args: &[&str]) -> String {
    let out = common::sgfaudit(args);
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The codes in the order of `sgfaudit explain`'s list.
fn explained_codes() -> Vec<String> {
    stdout(&["explain"])
        .lines()
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect()
}

#[test]
fn every_list_of_codes_names_the_same_codes_in_the_same_order() {
    let codes = explained_codes();
    assert!(codes.len() >= 44, "{codes:?}");

    let schema: Value = serde_json::from_str(&stdout(&["schema"])).unwrap();
    for enum_of_codes in [
        &schema["$defs"]["FindingJson"]["properties"]["code"]["enum"],
        &schema["$defs"]["Summary"]["properties"]["by_code"]["propertyNames"]["enum"],
    ] {
        let names: Vec<&str> = enum_of_codes
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        assert_eq!(names, codes, "the schema's enum");
    }

    // SARIF rules, from a run over real games.
    let real = common::shared_corpus().map_or(common::root().join("corpus"), |c| c.join("real"));
    let file = common::sgf_files(&real).into_iter().next().unwrap();
    let sarif: Value = serde_json::from_str(&stdout(&[
        "audit",
        "--format",
        "sarif",
        &common::arg(&file),
    ]))
    .unwrap();
    let rules: Vec<&str> = sarif["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(rules, codes, "SARIF rules");

    // `--help`: every code but the tool's own fault, rules and record first, then format.
    let help = stdout(&["--help"]);
    let list = help
        .split("Finding codes: ")
        .nth(1)
        .and_then(|l| l.split(" (groups:").next())
        .unwrap();
    let helped: Vec<&str> = list
        .split([',', ';'])
        .map(|w| w.trim().trim_start_matches("format: "))
        .collect();
    let mut expected: Vec<&str> = codes.iter().map(String::as_str).collect();
    expected.retain(|c| *c != "internal-error");
    let mut sorted = helped.clone();
    sorted.sort();
    expected.sort();
    assert_eq!(sorted, expected, "--help");

    if common::has_guide() {
        let page = std::fs::read_to_string(common::root().join("docs/guide/checks.md")).unwrap();
        let sections: Vec<&str> = page
            .lines()
            .filter_map(|l| l.strip_prefix("### `")?.strip_suffix('`'))
            .collect();
        assert_eq!(sections, codes, "the guide's codes page");
    }
}

/// What a code's `explain` page says: its severities, its article, whether `--fix`
/// answers some findings of it.
struct Page {
    severities: Vec<String>,
    article: Option<u64>,
    fix: bool,
}

fn page(code: &str) -> Page {
    let text = stdout(&["explain", code]);
    let field = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .unwrap_or_else(|| panic!("{code}: no {name}"))
            .to_string()
    };
    Page {
        severities: field("severity: ")
            .split(" or ")
            .map(str::to_string)
            .collect(),
        article: field("article: ")
            .split(' ')
            .next()
            .and_then(|a| a.parse().ok()),
        fix: !field("fix (audit --fix): ").starts_with("no fix"),
    }
}

#[test]
fn the_real_games_findings_are_what_their_codes_pages_say() {
    let Some(run) = common::real_corpus_json() else {
        return;
    };
    let lines = common::json_lines(&run.stdout);
    let pages: BTreeMap<String, Page> = explained_codes()
        .into_iter()
        .map(|c| {
            let p = page(&c);
            (c, p)
        })
        .collect();
    let (mut findings, mut fixable) = (0, 0);
    for game in common::games(&lines) {
        for f in game["findings"].as_array().into_iter().flatten() {
            let code = f["code"].as_str().unwrap();
            let page = &pages[code];
            // `bad-property`'s page names `warning` and no article, yet an unreadable
            // `SZ[]` is an error and a move that is no coordinate is voided (art. 19):
            // its page is kept as it is, since SARIF's rule level is read from it.
            if code != "bad-property" {
                let severity = f["severity"].as_str().unwrap();
                assert!(page.severities.iter().any(|s| s == severity), "{code}: {f}");
                assert_eq!(f["article"].as_u64(), page.article, "{code}: {f}");
            }
            if f["fixable"] == true {
                assert!(page.fix, "{code} is fixable, its page says no fix: {f}");
                fixable += 1;
            }
            findings += 1;
        }
    }
    assert!(findings > 1000 && fixable > 100, "{findings} {fixable}");
}
