//! The verdict's unit tests: counted positions and the verdict each result gets.

use super::*;
use crate::check::reason::ReasonCode;
use crate::geom::{BoardSize, Color, Position};
use crate::score::{parse_result, score_position, DeadFrom, ScoringMethod};

const DOUBT_BELOW: f64 = crate::check::calibration::DOUBT_BELOW;

fn reading(probability: f64, flipped: &[usize]) -> Reading {
    Reading {
        flipped: flipped.to_vec(),
        counting: CountedBy::Area,
        komi: None,
        compensation: None,
        open_point: 0,
        probability,
    }
}

/// A search whose most probable reading (odds 0.9) gives `best_margin`, and whose
/// likeliest reading that gives the target has odds `fit`.
fn search(best_margin: f64, fit: Option<f64>, fit_mass: f64, unexplored: f64) -> Search {
    Search {
        best: reading(0.9, &[]),
        best_margin,
        fit: fit.map(|p| reading(p, &[0])),
        fit_mass,
        unexplored,
    }
}

fn weighed(search: &Search, target: f64, unsettled: Option<&Why>) -> Decision {
    decide(&Evidence::Readings {
        search,
        target,
        unsettled,
        doubt_below: DOUBT_BELOW,
    })
}

/// A finished 19×19 count, komi 7.5: Black 185, White 176 is B+1.5.
fn count(black: usize) -> Score {
    let mut p = Position::empty(BoardSize::STANDARD);
    for (i, cell) in p.cells.iter_mut().enumerate() {
        *cell = Some(if i < black {
            Color::Black
        } else {
            Color::White
        });
    }
    score_position(
        &p,
        &[],
        ScoringMethod::SplitShared,
        7.5,
        0.0,
        DeadFrom::None,
    )
}

fn compared(re: Option<&str>, score: Option<&Score>, counting: CountedBy) -> Comparison {
    let recorded = re.map(parse_result);
    compare(re, recorded.as_ref(), score, counting)
}

const PASSED: CheckContext = CheckContext {
    ended_by_passes: true,
    moves_after_end: false,
    counting: CountedBy::Area,
};

#[test]
fn a_wrong_result_under_the_likeliest_placement_stands_only_if_wrong_under_every_other() {
    use Verdict::*;
    // Agreement or doubt under the first placement is never changed.
    assert_eq!(
        across_placements(Agrees, 0.9, &[(Disagrees, 0.1)]),
        AcrossPlacements::First
    );
    assert_eq!(
        across_placements(Unverifiable, 0.9, &[(Agrees, 0.1)]),
        AcrossPlacements::First
    );
    // Wrong everywhere: the verdict stands.
    assert_eq!(
        across_placements(Disagrees, 0.6, &[(Disagrees, 0.4)]),
        AcrossPlacements::First
    );
    // Fits a placement worth weighing: the first such one is named.
    let others = [(Disagrees, 0.3), (Agrees, 0.1), (Unverifiable, 0.1)];
    assert_eq!(
        across_placements(Disagrees, 0.5, &others),
        AcrossPlacements::FitsAnother(1)
    );
    // A placement below DOUBT_BELOW of the first's odds is not weighed.
    let rare = 0.5 * DOUBT_BELOW * 0.9;
    assert_eq!(
        across_placements(Disagrees, 0.9, &[(Agrees, rare)]),
        AcrossPlacements::First
    );
}

#[test]
fn the_most_probable_reading_that_gives_re_agrees_with_its_odds() {
    let s = search(1.5, Some(0.9), 0.92, 0.0);
    match weighed(&s, 1.5, Some(&Why::MovesAfterEnd)) {
        Decision::Agrees {
            reading,
            confidence,
        } => {
            assert_eq!(reading, Some(s.best.clone()));
            assert_eq!(confidence, Some(0.92));
        }
        _ => panic!("agreement expected"),
    }
}

#[test]
fn a_less_probable_reading_agrees_only_above_the_agree_share() {
    let share = 0.9 * AGREE_SHARE;
    let s = search(1.5, Some(share), 0.05, 0.0);
    assert!(matches!(
        weighed(&s, 2.5, None),
        Decision::Agrees { reading: Some(r), .. } if r.flipped == [0]
    ));
    let s = search(1.5, Some(share * 0.99), 0.05, 0.0);
    assert!(matches!(
        weighed(&s, 2.5, None),
        Decision::Unverifiable { why: None }
    ));
}

#[test]
fn re_is_called_wrong_only_when_settled_and_its_readings_are_improbable() {
    let s = search(1.5, Some(0.001), 0.001, 0.001);
    match weighed(&s, 2.5, None) {
        Decision::Disagrees { confidence } => assert!((confidence - 0.998).abs() < 1e-12),
        _ => panic!("disagreement expected"),
    }
    // The same odds, but the position is not settled: why is said.
    assert!(matches!(
        weighed(&s, 2.5, Some(&Why::KomiUncertain)),
        Decision::Unverifiable {
            why: Some(Why::KomiUncertain)
        }
    ));
    // The readings not weighed are odds that RE[] may be right.
    let s = search(1.5, None, 0.0, DOUBT_BELOW);
    assert!(matches!(
        weighed(&s, 2.5, None),
        Decision::Unverifiable { why: Some(Why::NotWeighed { unexplored }) }
            if unexplored == DOUBT_BELOW
    ));
}

#[test]
fn readings_of_several_chains_that_give_re_keep_it_from_disagrees() {
    let s = search(1.5, None, 0.02, 0.0);
    assert!(matches!(
        weighed(&s, 2.5, None),
        Decision::Unverifiable { why: Some(Why::SeveralChains { fit_mass }) }
            if fit_mass == 0.02
    ));
    // With a reading that gives RE[] on its own, its odds say enough.
    let s = search(1.5, Some(0.01), 0.02, 0.0);
    assert!(matches!(
        weighed(&s, 2.5, None),
        Decision::Unverifiable { why: None }
    ));
}

#[test]
fn a_comparison_without_readings_never_disagrees() {
    let score = count(185);
    let c = compared(Some("W+"), Some(&score), CountedBy::Area);
    assert_eq!(
        c.found,
        Found::Differs {
            claim: Claim::Winner(Color::White),
            counting: CountedBy::Area,
            result: "B+1.5".to_string(),
        }
    );
    let why = |ctx: CheckContext, score: &Score| match decide(&Evidence::Compared {
        found: &c.found,
        score: Some(score),
        ctx,
    }) {
        Decision::Unverifiable { why: Some(why) } => why,
        _ => panic!("unverifiable expected"),
    };
    let not_passed = CheckContext {
        ended_by_passes: false,
        ..PASSED
    };
    let after = CheckContext {
        moves_after_end: true,
        ..PASSED
    };
    assert_eq!(why(not_passed, &score), Why::NoPassesUnsettled);
    assert_eq!(why(after, &score), Why::MovesAfterEnd);
    assert_eq!(why(PASSED, &score), Why::DeadNotDetermined);
    let open = Score {
        dame: 12,
        ..count(185)
    };
    assert_eq!(why(PASSED, &open), Why::Unfinished { dame: 12 });
    let (check, reason) = check_of(
        Some("W+"),
        c.clone(),
        decide(&Evidence::Compared {
            found: &c.found,
            score: Some(&score),
            ctx: PASSED,
        }),
    );
    assert_eq!(check.verdict, Verdict::Unverifiable);
    let reason = reason.unwrap();
    assert!(matches!(
        reason,
        Reason::Unverifiable {
            why: Some(Why::DeadNotDetermined),
            fit: None,
            ..
        }
    ));
    assert_eq!(reason.code(), ReasonCode::DeadNotDetermined);

    let c = compared(Some("B"), Some(&score), CountedBy::Area);
    let decision = decide(&Evidence::Compared {
        found: &c.found,
        score: Some(&score),
        ctx: PASSED,
    });
    let (check, reason) = check_of(Some("B"), c, decision);
    assert_eq!(check.verdict, Verdict::Agrees);
    assert_eq!(
        reason,
        Some(Reason::Compared(Found::Agrees {
            note: Some(AgreeNote::WinnerOnly)
        }))
    );
}

#[test]
fn a_comparison_says_what_was_recorded_and_what_was_counted() {
    let score = count(185);
    let c = compared(Some("黑胜1又1/4子"), Some(&score), CountedBy::Area);
    assert_eq!(c.computed, Some(1.5));
    assert_eq!(c.difference, Some(1.0));
    assert_eq!(
        c.found,
        Found::Differs {
            claim: Claim::Margin {
                raw: "黑胜1又1/4子".to_string(),
                points: 2.5
            },
            counting: CountedBy::Area,
            result: "B+1.5".to_string(),
        }
    );
    let c = compared(Some("B+0.75"), Some(&score), CountedBy::Area);
    assert_eq!(
        c.found,
        Found::Agrees {
            note: Some(AgreeNote::InStones {
                raw: "B+0.75".to_string(),
                points: 1.5
            })
        }
    );
}

#[test]
fn what_counting_cannot_check_is_unchecked() {
    let score = count(185);
    let unchecked =
        |re: Option<&str>, score: Option<&Score>, counting| match compared(re, score, counting)
            .found
        {
            Found::Unchecked(why) => why,
            other => panic!("{other:?}"),
        };
    assert_eq!(
        unchecked(None, Some(&score), CountedBy::Area),
        Unchecked::NoResult
    );
    assert_eq!(
        unchecked(Some("  "), Some(&score), CountedBy::Area),
        Unchecked::NoResult
    );
    assert_eq!(
        unchecked(Some("B+R"), None, CountedBy::Area),
        Unchecked::NotACount {
            raw: "B+R".to_string(),
            recorded: RecordedResult::Resignation(Color::Black)
        }
    );
    assert_eq!(
        unchecked(Some("B+3.5"), None, CountedBy::Area),
        Unchecked::NotCounted
    );
    // Territory rules compare the territory count: a score without one cannot.
    assert_eq!(
        unchecked(Some("B+3.5"), Some(&score), CountedBy::Territory),
        Unchecked::NotCountedBy(CountedBy::Territory)
    );
    let c = compared(Some("B+3.5"), Some(&score), CountedBy::Territory);
    assert!(matches!(
        decide(&Evidence::Compared {
            found: &c.found,
            score: Some(&score),
            ctx: PASSED,
        }),
        Decision::Unverifiable { why: None }
    ));
}

/// The verdict and reason of `RE[]` (`re`) against `score`, decided without readings.
fn verdict_of(
    re: Option<&str>,
    score: Option<&Score>,
    ctx: CheckContext,
) -> (Verdict, Option<ReasonCode>) {
    let c = compared(re, score, ctx.counting);
    let decision = decide(&Evidence::Compared {
        found: &c.found,
        score,
        ctx,
    });
    let (check, reason) = check_of(re, c, decision);
    (check.verdict, reason.as_ref().map(Reason::code))
}

#[test]
fn games_no_count_checks_are_not_counted_with_the_reason() {
    let score = count(185);
    let unfinished = CheckContext {
        ended_by_passes: false,
        ..PASSED
    };
    for (re, score, ctx, reason) in [
        (Some("B+R"), None, unfinished, ReasonCode::Resignation),
        (
            Some("W+Resign"),
            Some(&score),
            PASSED,
            ReasonCode::Resignation,
        ),
        (Some("W+T"), None, unfinished, ReasonCode::Time),
        (Some("B+F"), None, unfinished, ReasonCode::Forfeit),
        (Some("Void"), None, unfinished, ReasonCode::Void),
        (Some("?"), None, unfinished, ReasonCode::UnknownResult),
        (
            Some("B+J"),
            Some(&score),
            PASSED,
            ReasonCode::UnreadableResult,
        ),
        // No RE[]: even a counted game has nothing to be checked against.
        (None, Some(&score), PASSED, ReasonCode::NoResult),
        (Some(" "), Some(&score), PASSED, ReasonCode::NoResult),
        // RE[] claims a count, but the game ended without one.
        (Some("B+3.5"), None, unfinished, ReasonCode::NotCounted),
    ] {
        assert_eq!(
            verdict_of(re, score, ctx),
            (Verdict::NotCounted, Some(reason)),
            "RE[{re:?}]"
        );
    }
}

#[test]
fn a_counted_game_whose_count_does_not_settle_re_stays_unverifiable() {
    let score = count(185);
    // Counted, but not the way RE[]'s rules count.
    let territory = CheckContext {
        counting: CountedBy::Territory,
        ..PASSED
    };
    assert_eq!(
        verdict_of(Some("B+3.5"), Some(&score), territory).0,
        Verdict::Unverifiable
    );
    // Counted, RE[] names only a winner the count does not give.
    assert_eq!(
        verdict_of(Some("W+"), Some(&score), PASSED).0,
        Verdict::Unverifiable
    );
    // Counted, a margin no count gives with the count's winner.
    assert_eq!(
        verdict_of(Some("B+0.2"), Some(&score), PASSED).0,
        Verdict::Unverifiable
    );
}
