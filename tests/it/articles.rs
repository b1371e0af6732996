//! One test per article of the Chinese Weiqi Rules (2002) that concerns play (RULES.md):
//! each replays a small record and checks what a user of the audit would look at — the
//! finding code, its move number, its article, and the status of the game.

use crate::common;

use sgfaudit::audit::{AuditOptions, GameReport, Status};
use sgfaudit::rules::{RuleSet, Superko};

fn audit_with(sgf: &str, options: &AuditOptions) -> GameReport {
    common::audit_text(sgf, options)
}

fn audit(sgf: &str) -> GameReport {
    audit_with(sgf, &AuditOptions::default())
}

/// (code, move, article) of every finding.
fn findings(r: &GameReport) -> Vec<(&'static str, Option<u32>, Option<u32>)> {
    r.findings
        .iter()
        .map(|f| (f.code.as_str(), f.r#move, f.article))
        .collect()
}

#[test]
fn art2_black_first_alternate_and_pass_any_time() {
    // Passes as B[] and as tt (19x19 and smaller): legal, no finding, game not ended by
    // one pass each side when a move comes between.
    let r = audit("(;FF[4]SZ[9]KM[7.5];B[ee];W[];B[cc];W[tt];B[gg])");
    assert_eq!(findings(&r), vec![]);
    assert_eq!(r.status, Status::Ok);
    assert_eq!(r.moves, 5);
    assert_eq!(r.ended_by, sgfaudit::audit::EndedBy::Unfinished);
    // Handicap: White may move first after AB setup.
    let r = audit("(;SZ[9]HA[2]AB[cc][gg];W[ee];B[ce])");
    assert_eq!(findings(&r), vec![]);
}

#[test]
fn art3_liberties_are_orthogonal_only() {
    // The White stone at bb is surrounded orthogonally (ab, ba, cb, bc) by Black: captured,
    // even with empty diagonals. Then Black may play on bb (the point is empty again),
    // while White there would have no liberty.
    let r = audit("(;SZ[5];B[ab];W[bb];B[ba];W[ee];B[cb];W[ed];B[bc];W[dd];B[bb])");
    assert_eq!(findings(&r), vec![]);
    let r = audit("(;SZ[5];B[ab];W[bb];B[ba];W[ee];B[cb];W[ed];B[bc];W[bb])");
    assert_eq!(findings(&r), vec![("suicide", Some(8), Some(5))]);
    // A stone touching only diagonally gives no liberty: W at aa has liberties ab? No: ab
    // and ba are Black. W aa is suicide.
    let r = audit("(;SZ[5];B[ab];W[ee];B[ba];W[aa])");
    assert_eq!(findings(&r), vec![("suicide", Some(4), Some(5))]);
}

#[test]
fn art4_captures_come_before_the_suicide_check() {
    // White ab and ba in the corner have Black around them except at aa: Black aa has no
    // liberty of its own but captures both, so it is legal.
    let r = audit("(;SZ[5]AB[ca][bb][ac]AW[ba][ab];B[aa])");
    assert_eq!(
        findings(&r),
        vec![],
        "capturing move with no liberty is legal"
    );
    assert_eq!(r.status, Status::Ok);
}

#[test]
fn art5_suicide_is_forbidden() {
    let r = audit("(;SZ[5]AW[ba][ab];B[aa];W[ee])");
    assert_eq!(findings(&r), vec![("suicide", Some(1), Some(5))]);
    assert_eq!(r.status, Status::Illegal);
    // Multi-stone suicide is forbidden too; under New Zealand rules it is allowed.
    let sgf = "(;SZ[5]AW[ca][cb][bb][bc][ac]AB[aa];B[ba];W[ee];B[ab])";
    let r = audit(sgf);
    assert_eq!(findings(&r), vec![("suicide", Some(3), Some(5))]);
    let nz = AuditOptions {
        rules: Some(RuleSet::Nz),
        ..AuditOptions::default()
    };
    let r = audit_with(sgf, &nz);
    assert_eq!(findings(&r), vec![], "NZ allows multi-stone suicide");
}

#[test]
fn art6_a_position_may_not_repeat() {
    // Three kos on a small board, taken in turn: the sixth capture recreates the
    // position with the same side to move (situational superko).
    let r = audit(include_str!("../../corpus/shapes/triple-ko__superko@8.sgf"));
    let superko: Vec<_> = r
        .findings
        .iter()
        .filter(|f| f.code.as_str() == "superko")
        .collect();
    assert_eq!(superko.len(), 1);
    assert_eq!(superko[0].r#move, Some(8));
    assert_eq!(superko[0].article, Some(6));
    assert_eq!(superko[0].cycle_length, Some(6));
    assert_eq!(superko[0].first_seen, Some(2));
    assert_eq!(r.status, Status::Illegal);
    // With --superko simple only the immediate ko retake is forbidden.
    let simple = AuditOptions {
        superko: Some(Superko::Simple),
        ..AuditOptions::default()
    };
    let r = audit_with(
        include_str!("../../corpus/shapes/triple-ko__superko@8.sgf"),
        &simple,
    );
    assert!(r.findings.iter().all(|f| f.code.as_str() != "superko"));
}

#[test]
fn art6_situational_and_positional_superko_differ_after_a_pass() {
    // Sending two returning one: under positional superko the cycle is caught earlier.
    let sgf = include_str!("../../corpus/shapes/sending-two-returning-one__superko@7.sgf");
    let r = audit(sgf);
    let first = r
        .findings
        .iter()
        .find(|f| f.code.as_str() == "superko")
        .unwrap();
    assert_eq!(first.r#move, Some(7));
    let positional = AuditOptions {
        superko: Some(Superko::Positional),
        ..AuditOptions::default()
    };
    let r = audit_with(sgf, &positional);
    let first = r
        .findings
        .iter()
        .find(|f| f.code.as_str() == "superko")
        .unwrap();
    assert_eq!(first.r#move, Some(5));
}

#[test]
fn art7_moves_after_two_passes_are_reported() {
    let r = audit("(;FF[4]SZ[9];B[ee];W[cc];B[];W[];B[gg];W[gc])");
    assert_eq!(findings(&r), vec![("move-after-end", Some(5), Some(7))]);
    assert_eq!(r.status, Status::Ok, "a warning, not an illegal move");
    assert_eq!(r.moves, 6, "still replayed");
}

#[test]
fn art17_2_a_second_move_in_a_row_is_reported() {
    let r = audit("(;SZ[9];B[ee];B[cc];W[gg])");
    assert_eq!(findings(&r), vec![("consecutive-move", Some(2), Some(17))]);
    assert!(r.findings[0].message.contains("as if W had passed"));
}

#[test]
fn art19_an_illegal_move_is_void_and_the_turn_is_lost() {
    // W plays on B's stone: void; then B moves again (W lost the turn) without a
    // consecutive-move warning, and W's next move is legal.
    let r = audit("(;SZ[9];B[ee];W[ee];B[cc];W[gg])");
    assert_eq!(findings(&r), vec![("occupied", Some(2), Some(19))]);
    // Off the board (in one coordinate: off in both it is a pass mark): also void.
    let r = audit("(;SZ[9];B[ee];W[ek];B[cc])");
    assert_eq!(findings(&r), vec![("off-board", Some(2), Some(19))]);
    // A lost turn is not a pass: B pass, W void, B pass does not end the game.
    let r = audit("(;FF[4]SZ[9];B[ee];W[];B[ee];W[];B[cc])");
    assert_eq!(findings(&r), vec![("occupied", Some(3), Some(19))]);
    // --strict stops at the first illegal move.
    let strict = AuditOptions {
        strict: true,
        ..AuditOptions::default()
    };
    let r = audit_with("(;SZ[9];B[ee];W[ee];B[ee];W[gg])", &strict);
    assert_eq!(findings(&r), vec![("occupied", Some(2), Some(19))]);
}

#[test]
fn art20_retaking_a_ko_at_once_is_forbidden() {
    let r = audit(include_str!(
        "../../corpus/rules/art20-ko-immediate-retake__ko@2.sgf"
    ));
    assert_eq!(findings(&r), vec![("ko", Some(2), Some(20))]);
    assert_eq!(r.findings[0].cycle_length, Some(2));
    // Only the other side is barred: after a consecutive move the taker may fill the ko
    // point itself (simple ko under Japanese rules, situational under Chinese).
    let fill = "(;SZ[7]AB[bb][ac][bd]AW[cb][bc][dc][cd];B[cc];B[bc];W[ed])";
    let japanese = AuditOptions {
        rules: Some(RuleSet::Japanese),
        ..AuditOptions::default()
    };
    for options in [AuditOptions::default(), japanese] {
        let r = audit_with(fill, &options);
        assert_eq!(findings(&r), vec![("consecutive-move", Some(2), Some(17))]);
    }
    // Under Japanese rules a long cycle is not illegal but makes the game a no-result.
    let japanese = AuditOptions {
        rules: Some(RuleSet::Japanese),
        ..AuditOptions::default()
    };
    let r = audit_with(
        include_str!("../../corpus/shapes/triple-ko__superko@8.sgf"),
        &japanese,
    );
    let codes: Vec<_> = r.findings.iter().map(|f| f.code.as_str()).collect();
    assert!(codes.contains(&"cycle"), "{codes:?}");
    assert!(!codes.contains(&"superko"));
    assert_eq!(r.status, Status::Ok);
}
