//! What the reader makes of records other SGF readers disagree on: nothing is dropped or
//! bent without a finding, and what can be read is read (the main line past an empty
//! variation, the root of a record written `(` without `;`, game info in a variation's
//! first node, the next game after a value left open).

use crate::common;

use sgfaudit::audit::{AuditOptions, GameReport, Status};

fn audit(sgf: &str) -> GameReport {
    common::audit_text(sgf, &AuditOptions::default())
}

/// The messages of the findings with `code`, or with a code of the group of that name
/// (`parse-error` names the codes split from it).
fn messages(r: &GameReport, code: &str) -> Vec<String> {
    let codes = sgfaudit::finding::Code::named(code).expect("a code or a group");
    r.findings
        .iter()
        .filter(|f| codes.contains(&f.code))
        .map(|f| f.message.clone())
        .collect()
}

#[test]
fn an_empty_variation_does_not_cut_the_main_line() {
    let r = audit("(;B[hh]()(;W[ii]))");
    assert_eq!(r.moves, 2);
    assert_eq!(
        messages(&r, "parse-error"),
        vec!["empty variation '()' ignored"]
    );
}

#[test]
fn every_structural_recovery_is_reported() {
    let cases = [
        ("(;[ag])", "value [ag] without a property identifier"),
        ("(;B[aa](;W[bb]);B[cc])", "node after the variations"),
        (
            "(;SZ[9][13];B[aa])",
            "property SZ takes one value but has 2",
        ),
        (
            "(;KM[6.5][7];B[aa])",
            "property KM takes one value but has 2",
        ),
        ("(;SZ[9];B[aa][bb])", "property B takes one value but has 2"),
        ("(;SZ[9];B[aa](;W[bb])(;W[cc]];B[dd]))", "stray ']'"),
        ("(;SZ[9];B[aa](;W[bb])(;W[cc]C))", "property C has no value"),
        ("(;SZ[9];B[aa](W[bb]))", "node written without ';'"),
    ];
    for (sgf, want) in cases {
        let r = audit(sgf);
        let all = messages(&r, "parse-error");
        assert!(
            all.iter().any(|m| m.contains(want)),
            "{sgf}: {want:?} not in {all:?}"
        );
    }
    // The values read are the first ones.
    let r = audit("(;SZ[9][13]KM[6.5][7];B[aa][bb];W[cc])");
    assert_eq!((r.size, r.komi, r.moves), (Some([9, 9]), 6.5, 2));
}

#[test]
fn setup_point_lists_off_the_board_or_backwards_are_reported() {
    let r = audit("(;SZ[19]AB[aa:tt];W[qq])");
    assert!(messages(&r, "bad-property")
        .iter()
        .any(|m| m.contains("39 setup point(s)") && m.contains("off the 19x19 board")));
    let r = audit("(;SZ[19]AB[ab:aa];W[qq])");
    assert_eq!(
        messages(&r, "bad-property"),
        vec!["AB[ab:aa] is a rectangle written backwards (upper-left corner first): read as aa:ab"]
    );
}

#[test]
fn a_stray_bracket_after_a_move_leaves_the_move_valid() {
    let r = audit("(;FF[4]SZ[9];B[aa];W[cc]];B[dd])");
    assert_eq!(r.moves, 3);
    assert_eq!(r.status, Status::Ok);
    assert!(messages(&r, "bad-property").is_empty(), "{:?}", r.findings);
    assert_eq!(
        messages(&r, "parse-error"),
        vec!["stray ']' after a property value ignored"]
    );
}

#[test]
fn a_value_left_open_does_not_swallow_the_next_game_of_a_collection() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("collection.sgf");
    let mut text = String::new();
    for i in 0..10 {
        if i == 5 {
            text.push_str("(;GM[1]SZ[9];B[ee];W[cg][[[)\n");
        } else {
            text.push_str(&format!("(;GM[1]SZ[9]GN[{i}];B[ee];W[cc])\n"));
        }
    }
    std::fs::write(&path, text).unwrap();
    let out = common::sgfaudit(&["audit", "--json", &common::arg(&path)]);
    let lines = common::json_lines(&out.stdout);
    let games = common::games(&lines);
    assert_eq!(games.len(), 10);
    assert_eq!(games[5]["status"], "error");
    assert_eq!(games[6]["status"], "ok");
    assert_eq!(games[6]["moves"], 2);
    assert_eq!(common::summary(&lines)["games"], 10);
}

#[test]
fn game_info_in_the_first_node_of_the_main_variation_is_read() {
    let r = audit(
        "(;FF[4]SZ[19];B[pd](;PW[W. Hite]PB[B. Lack]RE[W+3.5]W[dp])(;PW[T. Suji]RE[W+R]W[cp]))",
    );
    assert_eq!(r.black.as_deref(), Some("B. Lack"));
    assert_eq!(r.white.as_deref(), Some("W. Hite"));
    assert_eq!(r.result.as_deref(), Some("W+3.5"));
    // Two moves and a counted RE[]: the record stops on an open board, nothing else.
    let codes: Vec<&str> = r.findings.iter().map(|f| f.code.as_str()).collect();
    assert_eq!(codes, ["open-board"]);
    // Given again further down the main line: the first is used, and that is said.
    let r = audit("(;SZ[9]PB[A];B[aa];PB[B]W[bb])");
    assert_eq!(r.black.as_deref(), Some("A"));
    assert_eq!(messages(&r, "parse-error").len(), 1);
}

#[test]
fn a_root_written_without_semicolon_is_read() {
    let r = audit(
        "(\r\nPB[Kuroda]\r\nPW[Shiraishi]\r\nRE[61手完、黒中押し勝ち]\r\nKM[6.5]\r\n;B[pd];W[dp])",
    );
    assert_eq!(r.black.as_deref(), Some("Kuroda"));
    assert_eq!(r.komi, 6.5);
    assert_eq!(r.moves, 2);
    assert_eq!(r.ended_by, sgfaudit::audit::EndedBy::Resignation);
    assert_eq!(
        messages(&r, "parse-error"),
        vec!["root node written without ';' after '(': its properties are read"]
    );
}

#[test]
fn simple_text_line_breaks_of_two_characters_are_one_space() {
    let r = audit("(;FF[4]CA[UTF-8]SZ[9]PB[ab\r\nc]PW[x\n\ry];B[aa])");
    assert_eq!(r.black.as_deref(), Some("ab c"));
    assert_eq!(r.white.as_deref(), Some("x y"));
}

#[test]
fn a_game_that_is_not_go_is_an_error() {
    let r = audit("(;FF[4]GM[3]SZ[9]RE[W+5];B[aa];W[cc])");
    assert_eq!(r.status, Status::Error);
    assert_eq!(r.moves, 0);
    assert_eq!(messages(&r, "not-go").len(), 1);
    let r = audit("(;FF[4]GM[go]SZ[9];B[aa];W[cc])");
    assert_eq!((r.status, r.moves), (Status::Ok, 2));
    assert_eq!(messages(&r, "bad-property").len(), 1);
}
