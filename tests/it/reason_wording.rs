//! The English of the check's reasons as the report gives them: the one place a test
//! matches a reason's words (every other test matches its code, `reason_code`). Each
//! case names the code too, so that a code and its sentence cannot drift apart.

use crate::common;

use sgfaudit::audit::AuditOptions;
use sgfaudit::check::reason::ReasonCode;

/// A 9×9 game ended by two passes: Black 43, White 38 by area (art. 9), all stones alive;
/// with komi 7.5, W+2.5.
const MOVES: &str = ";B[ea];W[da];B[eb];W[db];B[ec];W[dc];B[ed];W[dd];B[ee];W[de]\
;B[ef];W[df];B[eg];W[dg];B[fg];W[dh];B[fh];W[eh];B[fi];W[ei]\
;B[ic];W[cc];B[hc];W[bc];B[gc];W[ac];B[fc];W[];B[]";

/// The reason's code and words for a root (`RE[]` and the like) on the game above.
fn said(root: &str) -> (Option<ReasonCode>, String) {
    let sgf = format!("(;GM[1]FF[4]SZ[9]RU[Chinese]KM[7.5]{root}{MOVES})");
    let r = common::audit_text(&sgf, &AuditOptions::default());
    (
        r.check.reason_code(),
        r.check.reason_text().unwrap_or_default(),
    )
}

#[test]
fn each_reason_is_said_in_its_own_words() {
    use ReasonCode as R;
    let whole = [
        ("RE[W+1.25]", R::AgreesInStones, "RE[W+1.25] read in stones: W+2.5 points"),
        ("RE[W+]", R::AgreesWinnerOnly, "the record names only the winner"),
        (
            "RE[B+]",
            R::DeadNotDetermined,
            "Black won, area counting gives W+2.5, but the dead stones are not determined",
        ),
        (
            "RE[W+0.2]",
            R::Unverifiable,
            "the record says W+0.2, a margin no count gives (not a whole number of quarter points); area counting gives W+2.5, the same winner",
        ),
        ("RE[B+R]", R::Resignation, "Black won by resignation: counting cannot check that"),
        ("RE[W+T]", R::Time, "White won on time: counting cannot check that"),
        ("RE[B+F]", R::Forfeit, "Black won by forfeit: counting cannot check that"),
        ("RE[Void]", R::Void, "the game has no result (void): counting cannot check that"),
        ("RE[?]", R::UnknownResult, "the recorded result is unknown (?): counting cannot check that"),
        ("RE[B+J]", R::UnreadableResult, "RE[B+J] could not be read: counting cannot check that"),
        ("", R::NoResult, "the record has no result (RE[])"),
    ];
    for (root, code, words) in whole {
        assert_eq!(said(root), (Some(code), words.to_string()), "{root}");
    }
    let starts = [
        ("RE[B+5.5]", "the record says B+5.5, area counting gives W+2.5"),
        ("RE[黑胜2又3/4子]", "the record says 黑胜2又3/4子 (B+5.5), area counting gives W+2.5"),
        ("RE[Jigo]", "the record says Jigo (a draw), area counting gives W+2.5"),
        (
            "RE[B+0.2]",
            "the record says B+0.2, a margin no count gives (not a whole number of quarter points), read as a win by Black, area counting gives W+2.5, but ",
        ),
    ];
    for (root, words) in starts {
        let (code, reason) = said(root);
        assert!(
            code.is_some() && reason.starts_with(words),
            "{root}: {reason}"
        );
    }
}

#[test]
fn an_unfinished_game_is_said_to_be_so() {
    let sgf = "(;GM[1]FF[4]SZ[9]KM[7.5];B[ee];W[cc])";
    let r = common::audit_text(sgf, &AuditOptions::default());
    assert_eq!(r.check.reason_code(), Some(ReasonCode::Unfinished));
    assert_eq!(
        r.check.reason_text().as_deref(),
        Some("the game is unfinished: no two passes and no result (RE[])")
    );
}
