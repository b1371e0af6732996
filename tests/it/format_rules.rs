//! The node and file rules of the format checks, as a user reads them: the code, the
//! place (line and column) and the message of each finding, on small records: setup that
//! changes nothing, game information outside the path's game-info node, NUL bytes,
//! lower-case identifiers, trees of one file with another `FF` or `GM`. And leaving the
//! checks out (`--ignore format`) changes nothing else that is reported.

use crate::common;

use sgfaudit::audit::AuditOptions;

/// The findings of one code: (line, column, message).
fn found(sgf: &str, code: &str) -> Vec<(u32, u32, String)> {
    common::audit_text(sgf, &AuditOptions::default())
        .findings
        .into_iter()
        .filter(|f| f.code.as_str() == code)
        .map(|f| (f.line, f.column, f.message))
        .collect()
}

fn at(line: u32, column: u32, message: &str) -> (u32, u32, String) {
    (line, column, message.to_string())
}

#[test]
fn setup_that_changes_nothing_is_reported_at_its_property_naming_the_points() {
    let sgf = "(;GM[1]FF[4]SZ[9]AB[cc]\n;AB[cc][dd]AE[ee]\n;B[ee];W[ff]\n;AE[ff]AB[ee])";
    assert_eq!(
        found(sgf, "setup-no-effect"),
        [
            at(
                2,
                2,
                "AB changes nothing on 1 of its 2 points: cc already black"
            ),
            at(2, 12, "AE changes nothing: ee already empty"),
        ],
        "after W[ff] (which may capture) only ff is sure, and it is white"
    );
    // The stone of the last move stands when it has a liberty; a rectangle names each point.
    let sgf = "(;GM[1]FF[4]SZ[9];B[aa];AB[aa:ab]AE[gg:hh])";
    assert_eq!(
        found(sgf, "setup-no-effect"),
        [
            at(
                1,
                25,
                "AB changes nothing on 1 of its 2 points: aa already black"
            ),
            at(1, 34, "AE changes nothing: gg, hg, gh, hh already empty"),
        ]
    );
    // A stone played where it may be captured at once is never claimed.
    let sgf = "(;GM[1]FF[4]SZ[9]AW[ba][ab];B[aa];AB[aa])";
    assert_eq!(found(sgf, "setup-no-effect"), []);
}

#[test]
fn setup_that_changes_nothing_is_found_in_side_variations_on_their_own_path() {
    let sgf = "(;GM[1]FF[4]SZ[9];B[cc]\n(;W[dd];AW[dd])\n(;W[ee];AE[dd]AB[cc]))";
    assert_eq!(
        found(sgf, "setup-no-effect"),
        [
            at(2, 9, "AW changes nothing: dd already white"),
            at(3, 9, "AE changes nothing: dd already empty"),
        ],
        "the second variation sees dd empty again, and cc unsure after W[ee]"
    );
}

#[test]
fn game_information_in_a_second_node_of_a_path_is_reported_once_per_node() {
    let sgf = "(;GM[1]FF[4]PB[Ann]\n;B[ee]PW[Bob]RE[B+R]\n;W[cc])";
    assert_eq!(
        found(sgf, "game-info-twice"),
        [at(2, 7, "PW: game information in a second node of this path (an earlier node holds game information; FF[4] allows one game-info node per path)")]
    );
    // One game-info node on each path: the first node of each variation.
    let sgf = "(;GM[1]FF[4]\n(;PB[Ann];B[ee])\n(;PB[Bob];W[ee]PW[Cy]))";
    assert_eq!(
        found(sgf, "game-info-twice"),
        [at(3, 16, "PW: game information in a second node of this path (an earlier node holds game information; FF[4] allows one game-info node per path)")]
    );
}

#[test]
fn a_nul_byte_is_reported_once_per_game_with_how_many_follow() {
    let sgf = "(;GM[1]FF[4]\n;C[a\0b\0c]B[ee])";
    assert_eq!(
        found(sgf, "nul-byte"),
        [at(2, 5, "a NUL byte ($00) in the text (1 more in this game): no SGF text holds one (a binary or damaged file?); read as a character, where readers written in C end the text")]
    );
}

#[test]
fn each_lower_case_spelling_is_reported_once_per_game() {
    let sgf = "(;FF[4]GM[1]\n;b[ee];w[cc]\n;b[dd];W[ff]\n;BlacK[gg])";
    assert_eq!(
        found(sgf, "lowercase-identifier"),
        [
            at(2, 2, "lower-case property identifier 'b' read as upper case"),
            at(2, 8, "lower-case property identifier 'w' read as upper case"),
            at(4, 2, "property identifier 'BlacK' holds lower-case letters, which FF[4] does not allow: read as BK"),
        ]
    );
    // FF[1]-FF[3] write long identifiers so: no finding.
    assert_eq!(
        found("(;FF[3]GaMe[1]SiZe[9];B[ee])", "lowercase-identifier"),
        []
    );
}

/// The findings of the games of a file audited by the binary: (game, code, severity,
/// line, column, message).
fn audit_file(text: &str, extra: &[&str]) -> Vec<(u64, String, String, u64, u64, String)> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("collection.sgf");
    std::fs::write(&path, text).unwrap();
    let mut args = vec!["audit", "--json", "--exit-zero"];
    args.extend_from_slice(extra);
    let path = common::arg(&path);
    args.push(&path);
    let out = common::sgfaudit(&args);
    let lines = common::json_lines(&out.stdout);
    let mut all = Vec::new();
    for g in common::games(&lines) {
        for f in g["findings"].as_array().unwrap() {
            all.push((
                g["game"].as_u64().unwrap(),
                f["code"].as_str().unwrap().to_string(),
                f["severity"].as_str().unwrap().to_string(),
                f["line"].as_u64().unwrap(),
                f["column"].as_u64().unwrap(),
                f["message"].as_str().unwrap().to_string(),
            ));
        }
    }
    all
}

#[test]
fn a_tree_with_another_ff_or_gm_than_the_first_is_reported_at_the_property() {
    let text = "(;GM[1]FF[4];B[ee])\n(;GM[1]FF[3];B[ee])\n(;FF[4]GM[2])\n(;GM[1];B[ee])\n";
    let mixed: Vec<_> = audit_file(text, &[])
        .into_iter()
        .filter(|f| f.1 == "mixed-collection")
        .map(|(game, _, severity, line, column, message)| (game, severity, line, column, message))
        .collect();
    let row = |game, severity: &str, line, column, message: &str| {
        (
            game,
            severity.to_string(),
            line,
            column,
            message.to_string(),
        )
    };
    assert_eq!(
        mixed,
        [
            row(1, "info", 2, 8, "FF[3] differs from the file's first game tree, FF[4]: each tree is read by its own FF"),
            row(2, "warning", 3, 8, "GM[2] differs from the file's first game tree, GM[1]: many readers take the first tree's game for the whole file"),
            row(3, "info", 4, 1, "no FF[] (FF[1]) differs from the file's first game tree, FF[4]: each tree is read by its own FF"),
        ]
    );
}

#[test]
fn leaving_the_format_checks_out_changes_nothing_else() {
    let text = "(;GM[1]FF[3]sz[9]C[a\0]AE[aa]XY[1];B[ee];W[];B[ee]AB[cc]PB[x])(;GM[2])";
    let format: Vec<String> = {
        let out = common::sgfaudit(&["explain"]);
        let list = String::from_utf8(out.stdout).unwrap();
        let mut codes = Vec::new();
        let mut in_format = false;
        for line in list.lines() {
            let code = line.split_whitespace().next().unwrap_or("");
            in_format |= code == "unknown-property";
            if in_format || code == "parse-error" {
                codes.push(code.to_string());
            }
        }
        codes
    };
    let all = audit_file(text, &[]);
    assert!(all.iter().any(|f| format.contains(&f.1)), "{all:?}");
    let kept: Vec<_> = all.into_iter().filter(|f| !format.contains(&f.1)).collect();
    assert!(!kept.is_empty());
    assert_eq!(audit_file(text, &["--ignore", "format"]), kept);
}
