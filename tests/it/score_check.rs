//! Checking `RE[]` against the count as a user sees it in the report: agreement, certain
//! disagreement, and every reason a result cannot be checked, by its code. (The verdict's
//! own rules, on readings built by hand, are the unit tests of `check::decide`; the
//! reasons' English, `reason_wording`.)

use crate::common;

use sgfaudit::audit::{AuditOptions, GameReport};
use sgfaudit::check::reason::{Found, Reason, ReasonCode};
use sgfaudit::check::Verdict;
use sgfaudit::score::CountedBy;

/// A 9×9 game ended by two passes: Black 43, White 38 by area (art. 9), all stones alive;
/// with komi 7.5, W+2.5.
const MOVES: &str = ";B[ea];W[da];B[eb];W[db];B[ec];W[dc];B[ed];W[dd];B[ee];W[de]\
;B[ef];W[df];B[eg];W[dg];B[fg];W[dh];B[fh];W[eh];B[fi];W[ei]\
;B[ic];W[cc];B[hc];W[bc];B[gc];W[ac];B[fc];W[];B[]";

fn audit(root: &str) -> GameReport {
    let sgf = format!("(;GM[1]FF[4]SZ[9]RU[Chinese]KM[7.5]{root}{MOVES})");
    common::audit_text(&sgf, &AuditOptions::default())
}

/// The codes of the report's reason, outermost first.
fn codes(report: &GameReport) -> Vec<ReasonCode> {
    report.check.reason_codes()
}

#[test]
fn art11_same_margin_agrees() {
    for re in ["W+2.5", "白胜1又1/4子", "w+2.50"] {
        let r = audit(&format!("RE[{re}]"));
        assert_eq!(r.check.verdict, Verdict::Agrees, "RE[{re}]: {:?}", r.check);
        assert_eq!(r.check.computed, Some(-2.5));
        assert_eq!(r.check.computed_result().as_deref(), Some("W+2.5"));
        assert_eq!(r.check.difference, Some(0.0));
    }
}

#[test]
fn a_margin_in_stones_is_read_as_points_and_said_so() {
    // ¼ stone is not a margin in points with a half-point komi: it is read in stones.
    let r = audit("RE[W+1.25]");
    assert_eq!(r.check.verdict, Verdict::Agrees, "{:?}", r.check);
    assert_eq!(codes(&r), [ReasonCode::AgreesInStones]);
}

#[test]
fn a_different_margin_disagrees_when_the_count_is_sure() {
    let r = audit("RE[B+5.5]");
    assert_eq!(r.check.verdict, Verdict::Disagrees, "{:?}", r.check);
    assert_eq!(r.check.recorded.as_deref(), Some("B+5.5"));
    assert_eq!(r.check.computed, Some(-2.5));
    assert_eq!(r.check.difference, Some(8.0));
    assert!(codes(&r).contains(&ReasonCode::Differs), "{:?}", r.check);
    let r = audit("RE[黑胜2又3/4子]");
    assert_eq!(r.check.verdict, Verdict::Disagrees, "{:?}", r.check);
    assert_eq!(r.check.difference, Some(8.0));
    assert!(codes(&r).contains(&ReasonCode::Differs), "{:?}", r.check);
    let r = audit("RE[Jigo]");
    assert_eq!(r.check.difference, Some(2.5));
    assert!(codes(&r).contains(&ReasonCode::Differs), "{:?}", r.check);
}

#[test]
fn winner_only_agrees_on_the_winner_and_is_never_called_wrong() {
    let r = audit("RE[W+]");
    assert_eq!(r.check.verdict, Verdict::Agrees);
    assert_eq!(r.check.difference, None);
    assert_eq!(codes(&r), [ReasonCode::AgreesWinnerOnly]);

    // A winner alone weighs no readings: a count that names the other winner cannot
    // call it wrong.
    let r = audit("RE[B+]");
    assert_eq!(r.check.verdict, Verdict::Unverifiable);
    assert_eq!(
        codes(&r),
        [ReasonCode::DeadNotDetermined, ReasonCode::Differs]
    );
}

#[test]
fn a_margin_no_count_gives_is_checked_for_its_winner_only() {
    let r = audit("RE[W+0.2]");
    assert_eq!(r.check.verdict, Verdict::Unverifiable);
    assert_eq!(
        codes(&r),
        [ReasonCode::Unverifiable, ReasonCode::SameWinner]
    );
    let r = audit("RE[B+0.2]");
    assert_eq!(r.check.verdict, Verdict::Unverifiable);
    assert!(codes(&r).contains(&ReasonCode::Differs), "{:?}", r.check);
}

#[test]
fn results_counting_cannot_check_are_not_counted() {
    let cases = [
        ("B+R", ReasonCode::Resignation),
        ("黑中盘胜", ReasonCode::Resignation),
        ("W+T", ReasonCode::Time),
        ("B+F", ReasonCode::Forfeit),
        ("Void", ReasonCode::Void),
        ("?", ReasonCode::UnknownResult),
        ("B+J", ReasonCode::UnreadableResult),
    ];
    for (re, why) in cases {
        let r = audit(&format!("RE[{re}]"));
        assert_eq!(r.check.verdict, Verdict::NotCounted, "RE[{re}]");
        assert_eq!(codes(&r), [why], "RE[{re}]");
    }
}

#[test]
fn no_result_is_not_counted() {
    let r = audit("");
    assert_eq!(r.check.verdict, Verdict::NotCounted);
    assert_eq!(codes(&r), [ReasonCode::NoResult]);
    assert_eq!(r.check.computed, Some(-2.5));

    // Without two passes nor a result, nothing is counted.
    let sgf = "(;GM[1]FF[4]SZ[9]KM[7.5];B[ee];W[cc])";
    let r = common::audit_text(sgf, &AuditOptions::default());
    assert_eq!(r.check.verdict, Verdict::NotCounted);
    assert_eq!(codes(&r), [ReasonCode::Unfinished]);
    assert!(r.check.computed.is_none());
    assert!(r.check.difference.is_none());
}

#[test]
fn territory_rules_compare_the_territory_count() {
    // Japanese rules: RE[] is compared with the territory count, whatever it gives.
    let sgf = format!("(;GM[1]FF[4]SZ[9]RU[Japanese]KM[6.5]RE[B+99.5]{MOVES})");
    let r = common::audit_text(&sgf, &AuditOptions::default());
    let territory = r.score.as_ref().unwrap().territory.as_ref().unwrap();
    assert_eq!(r.check.computed, Some(territory.margin));
    assert!(
        matches!(
            &r.check.reason,
            Some(
                Reason::Disagrees {
                    found: Found::Differs {
                        counting: CountedBy::Territory,
                        ..
                    },
                    ..
                } | Reason::Compared(Found::Differs {
                    counting: CountedBy::Territory,
                    ..
                })
            )
        ),
        "{:?}",
        r.check.reason
    );
}
