//! One finding per cause: a node that repeats properties is one `repeated-property`
//! finding, a missing `FF[4]` one `property-version` finding per game, and the findings
//! about moves after a move the replay voided (art. 19) name it (`after_void`) in every
//! machine format, while the table and concise formats fold them under it. On the
//! shared problem and joseki trees the counts are checked against a reader written here.

use std::collections::HashMap;
use std::io::Write;
use std::process::{Command, Stdio};

use crate::common;
use sgfaudit::audit::AuditOptions;
use sgfaudit::finding::{Code, Finding};
use sgfaudit::sgf::record::{parse_game, Limits};

/// Runs `sgfaudit audit ARGS -` on `sgf` given on standard input.
fn audit_stdin(args: &[&str], sgf: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sgfaudit"))
        .arg("audit")
        .args(args)
        .args(["--no-config", "--exit-zero", "-"])
        .current_dir(common::root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("sgfaudit runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(sgf.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stdout).unwrap()
}

/// The text after `edits` are made.
fn apply(text: &str, mut edits: Vec<sgfaudit::fix::Edit>) -> String {
    let mut out = text.to_string();
    edits.sort_by_key(|e| std::cmp::Reverse(e.range.start));
    for e in edits {
        out.replace_range(e.range, &e.text);
    }
    out
}

fn of_code(findings: &[Finding], code: Code) -> Vec<&Finding> {
    findings.iter().filter(|f| f.code == code).collect()
}

#[test]
fn a_hundred_repeated_ab_in_one_node_are_one_finding_and_one_fix() {
    // 101 `AB`, each with its own point, and `AW` three times, in the root.
    let mut sgf = String::from("(;FF[4]GM[1]SZ[19]");
    for i in 0..101 {
        let (col, row) = (
            (b'a' + (i % 19) as u8) as char,
            (b'a' + (i / 19) as u8) as char,
        );
        sgf.push_str(&format!("AB[{col}{row}]"));
    }
    sgf.push_str("AW[ss]AW[sr]AW[sq];W[sp])");
    let report = common::audit_text(&sgf, &AuditOptions::default());
    let repeated = of_code(&report.findings, Code::RepeatedProperty);
    assert_eq!(repeated.len(), 1, "{:?}", report.findings);
    assert_eq!(
        repeated[0].message,
        "properties AB given 101 times, AW given 3 times in one node: values merged"
    );
    // At the first repeat: the second AB, line 1, after `(;FF[4]GM[1]SZ[19]AB[aa]`.
    assert_eq!((repeated[0].line, repeated[0].column), (1, 25));
    assert!(repeated[0].fixable);
    // The one finding's fix merges every repeat: one AB of 101 points, one AW of 3.
    let rec = parse_game(&sgf, Limits::default());
    let fixed = apply(&sgf, sgfaudit::fix::plan(&sgf, &rec.problems, false).edits);
    assert_eq!(fixed.matches("AB[").count(), 1, "{fixed}");
    assert_eq!(fixed.matches("AW[").count(), 1, "{fixed}");
    let again = parse_game(&fixed, Limits::default());
    assert!(again.problems.is_empty(), "{:?}", again.problems);
    assert_eq!(again.setup.len(), 104);
}

#[test]
fn a_game_without_ff_has_one_property_version_finding() {
    // FF[] missing: the file is FF[1], where AP, CA, RU, LB and TR are not defined.
    let sgf = "(;GM[1]SZ[9]AP[x:1]CA[UTF-8]RU[Chinese];LB[aa:a]B[cc];TR[cc]W[ee];TR[ee]B[gg])";
    let report = common::audit_text(sgf, &AuditOptions::default());
    let version = of_code(&report.findings, Code::PropertyVersion);
    assert_eq!(version.len(), 1, "{:?}", report.findings);
    assert_eq!(
        version[0].message,
        "AP, CA, RU, LB and TR (twice) are not defined in FF[1] (the file's version): read anyway; FF[4] defines them"
    );
    // At the first of them, AP.
    assert_eq!((version[0].line, version[0].column), (1, 13));
    // A property FF[4] dropped is another cause, one finding each (TC, FF[3] only).
    let sgf = "(;FF[4]GM[1]SZ[9];TC[1]B[cc];TC[2]W[ee])";
    let report = common::audit_text(sgf, &AuditOptions::default());
    assert_eq!(
        of_code(&report.findings, Code::PropertyVersion).len(),
        2,
        "{:?}",
        report.findings
    );
}

/// Black's third move is on White's stone (void, art. 19); the main line and a line that
/// leaves it after the voided move each play on occupied points again; a line that leaves
/// before it has a voided move of its own.
const VOIDED: &str =
    "(;GM[1]FF[4]SZ[9];B[aa];W[bb]\n(;B[aa];W[cc]\n(;B[bb];W[aa])\n(;B[cc]))\n(;B[dd];W[dd]))\n";

#[test]
fn findings_after_a_voided_move_name_it_in_every_machine_format() {
    let lines = common::json_lines(audit_stdin(&["--json"], VOIDED).as_bytes());
    let games = common::games(&lines);
    let found: Vec<(String, u64, Option<&str>, Option<u64>)> = games[0]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["code"].as_str().unwrap().to_string(),
                f["move"].as_u64().unwrap(),
                f["variation"].as_str(),
                f["after_void"].as_u64(),
            )
        })
        .collect();
    let occupied = |m, v, a| ("occupied".to_string(), m, v, a);
    assert_eq!(
        found,
        vec![
            occupied(3, None, None),
            occupied(5, None, Some(3)),
            occupied(6, None, Some(3)),
            occupied(5, Some("0.1"), Some(3)),
            occupied(4, Some("1"), None),
        ]
    );
    // A folded finding is still a finding: `by_code` counts them all.
    assert_eq!(common::summary(&lines)["by_code"]["occupied"], 5);

    let csv = audit_stdin(&["--format", "findings-csv"], VOIDED);
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let column = header.iter().position(|c| *c == "after_void").unwrap();
    let after: Vec<String> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(column).unwrap().to_string())
        .collect();
    assert_eq!(after, ["", "3", "3", "3", ""]);

    let sarif: serde_json::Value =
        serde_json::from_str(&audit_stdin(&["--format", "sarif"], VOIDED)).unwrap();
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    let after: Vec<Option<u64>> = results
        .iter()
        .map(|r| r["properties"]["after_void"].as_u64())
        .collect();
    assert_eq!(after, [None, Some(3), Some(3), Some(3), None]);

    let gitlab: serde_json::Value =
        serde_json::from_str(&audit_stdin(&["--format", "gitlab"], VOIDED)).unwrap();
    let named = gitlab
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| {
            i["description"]
                .as_str()
                .unwrap()
                .ends_with("(after the void move 3)")
        })
        .count();
    assert_eq!(named, 3);
    let junit = audit_stdin(&["--format", "junit"], VOIDED);
    assert_eq!(
        junit.matches("(after the void move 3)").count(),
        3,
        "{junit}"
    );
}

#[test]
fn the_table_and_concise_formats_fold_findings_under_the_voided_move() {
    for format in ["table", "concise"] {
        let out = audit_stdin(&["--format", format, "--color", "never"], VOIDED);
        let lines: Vec<&str> = out.lines().filter(|l| l.contains("[occupied]")).collect();
        assert_eq!(lines.len(), 2, "{format}:\n{out}");
        assert!(
            lines[0].contains("game 0: move 3 A9: error[occupied]")
                && lines[0].ends_with("(art. 19) (and 3 more after it)"),
            "{format}: {}",
            lines[0]
        );
        // The line that leaves before the voided move: its own, alone.
        assert!(
            lines[1].contains("game 0, variation 1: move 4 D6: error[occupied]")
                && !lines[1].contains("more after it"),
            "{format}: {}",
            lines[1]
        );
    }
    // Shown alone (the voided move, off the board in one coordinate, left out by --select),
    // a finding names the move it follows. (Off in both, `zz`, is an editor's pass mark.)
    let sgf = "(;GM[1]FF[4]SZ[9];B[aa];W[az];B[bb];W[aa])";
    let out = audit_stdin(&["--select", "occupied", "--color", "never"], sgf);
    let line = out.lines().find(|l| l.contains("[occupied]")).unwrap();
    assert!(line.ends_with("(after the void move 2)"), "{out}");
}

// ---------------------------------------------------------------------------------------
// The shared trees, against a reader written here

/// One property as this reader sees it: the capitals of its identifier, its node (counted
/// over the whole file) and how many values it has.
struct Prop {
    name: String,
    node: usize,
}

/// The properties of an SGF text, read here: `;` starts a node, an identifier is the
/// letters before `[`, a value runs to the first `]` not escaped by `\`.
fn props(text: &str) -> Vec<Prop> {
    let bytes = text.as_bytes();
    let (mut out, mut node, mut i) = (Vec::new(), 0usize, 0usize);
    let mut ident = String::new();
    let mut started = false;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b'(' => started = true,
            b';' if started => {
                node += 1;
                ident.clear();
            }
            b'[' if started => {
                if !ident.is_empty() {
                    out.push(Prop {
                        name: std::mem::take(&mut ident),
                        node,
                    });
                }
                i += 1;
                while i < bytes.len() && bytes[i] != b']' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'A'..=b'Z' if started => ident.push(b as char),
            b'a'..=b'z' => {}
            _ => ident.clear(),
        }
        i += 1;
    }
    out
}

#[test]
fn on_the_shared_trees_each_node_and_each_game_is_one_finding() {
    let Some(shared) = common::shared_corpus() else {
        return;
    };
    let trees = shared.join("trees");
    let out = common::sgfaudit(&[
        "audit",
        "--json",
        "--no-config",
        "--exit-zero",
        &common::arg(&trees),
    ]);
    let lines = common::json_lines(&out.stdout);
    let (mut nodes_with_repeats, mut repeats, mut version_props) = (0, 0, 0);
    let (mut repeated_findings, mut version_findings) = (0, 0);
    let (mut rule_findings, mut after_void) = (0, 0);
    for g in common::games(&lines) {
        let text = std::fs::read_to_string(g["path"].as_str().unwrap()).unwrap();
        let props = props(&text);
        let mut per_node: HashMap<(usize, &str), u32> = HashMap::new();
        for p in props.iter().filter(|p| p.name.len() <= 2) {
            *per_node.entry((p.node, p.name.as_str())).or_default() += 1;
        }
        let mut nodes: Vec<usize> = per_node
            .iter()
            .filter(|(_, n)| **n > 1)
            .map(|((node, _), n)| {
                repeats += n - 1;
                *node
            })
            .collect();
        nodes.sort();
        nodes.dedup();
        nodes_with_repeats += nodes.len();
        let findings = g["findings"].as_array().unwrap();
        let code = |f: &serde_json::Value| f["code"].as_str().unwrap().to_string();
        repeated_findings += findings
            .iter()
            .filter(|f| code(f) == "repeated-property")
            .count();
        let version: Vec<&str> = findings
            .iter()
            .filter(|f| code(f) == "property-version")
            .map(|f| f["message"].as_str().unwrap())
            .collect();
        assert!(version.len() <= 1, "{}: {version:?}", g["path"]);
        version_findings += version.len();
        // Each property the finding names is used as many times as it says.
        if let Some(message) = version.first() {
            let (names, _) = message.split_once(" not defined").unwrap();
            for named in names
                .trim_end_matches(" is")
                .trim_end_matches(" are")
                .split(',')
                .flat_map(|s| s.split(" and "))
            {
                let named = named.trim();
                let (name, times) = match named.split_once(" (") {
                    Some((n, "twice)")) => (n, 2),
                    Some((n, t)) => (n, t.trim_end_matches(" times)").parse().unwrap()),
                    None => (named, 1),
                };
                let used = props.iter().filter(|p| p.name == name).count();
                assert_eq!(used, times, "{}: {name} in {message}", g["path"]);
                version_props += times;
            }
        }
        for f in findings.iter().filter(|f| f["severity"] == "error") {
            rule_findings += 1;
            after_void += usize::from(!f["after_void"].is_null());
        }
    }
    eprintln!(
        "trees: {repeats} repeated properties in {nodes_with_repeats} nodes, {repeated_findings} repeated-property findings; {version_props} properties FF[4] defines in {version_findings} games; {rule_findings} rule errors, {after_void} after a voided move"
    );
    // One finding per node that repeats a property (the reader here: 244 repeats, one
    // finding each before, in 13 nodes).
    assert_eq!(repeated_findings, nodes_with_repeats);
    assert!(
        repeats as usize > 10 * nodes_with_repeats,
        "{repeats} {nodes_with_repeats}"
    );
    // One per game for a missing FF[4] (38 properties, one finding each before).
    assert!(version_props > version_findings);
    // Every illegal move is still reported: 5 `ko` and 4 `occupied`.
    assert_eq!(rule_findings, 9);
    let by_code = &common::summary(&lines)["by_code"];
    assert_eq!(
        (by_code["ko"].as_u64(), by_code["occupied"].as_u64()),
        (Some(5), Some(4))
    );
}
