//! The one place a verdict is decided: `RE[]` compared with the count, and the readings
//! of the count weighed into `agrees`, `disagrees` or `unverifiable`. A record is called
//! wrong only when the readings that would give its result are improbable enough; every
//! other mismatch is `unverifiable` with the reason in words. A game no count checks
//! (resignation, time, forfeit, void, no `RE[]`, unfinished) is `not-counted`, with why.

use crate::score::{
    impossible_margin, recorded_points, winner_of, Check, CountedBy, DeadFrom, DeadNote,
    DeadOutcome, RecordedResult, Score, Verdict,
};

use super::calibration::{AGREE_SHARE, DOUBT_BELOW, OPEN_DAME_LIMIT, SAME_POINTS, UNFINISHED_DAME};
use super::odds::{Doubt, Reading, Search};
use super::readings::Weighed;
use super::reason::{AgreeNote, Assumption, Claim, Found, Reason, Unchecked, Why};

use super::{Counter, Judgement};

/// How the game ended, for the check of one counted position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct CheckContext {
    /// The game ended by two consecutive passes (art. 7).
    pub ended_by_passes: bool,
    /// Moves were recorded after the game ended.
    pub moves_after_end: bool,
    /// The rules' own count, compared with `RE[]` when no reading chose another.
    pub counting: CountedBy,
}

/// What `RE[]` and a count say of each other, before any verdict.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Comparison {
    /// The counted result in points (`B+1.5`), when the position was counted that way.
    pub computed: Option<String>,
    /// Recorded minus counted margin, when both are numbers.
    pub difference: Option<f64>,
    pub found: Found,
}

impl Found {
    /// The reason the comparison alone gives.
    pub(super) fn reason(&self) -> Option<String> {
        match self {
            Found::Agrees { note: None } => None,
            found => Some(found.to_string()),
        }
    }
}

/// Compares `RE[]` (`raw`, read as `recorded`) with the `counting` count of `score`.
///
/// * A counted result (`B+3.5`, a draw) agrees when winner and margin are the same.
/// * A winner-only result (`B+`, `黑胜`) agrees when the count has the same winner: it
///   claims nothing more.
pub(super) fn compare(
    raw: Option<&str>,
    recorded: Option<&RecordedResult>,
    score: Option<&Score>,
    counting: CountedBy,
) -> Comparison {
    let counted = score.and_then(|s| s.counted(counting));
    let mut comparison = Comparison {
        computed: counted.map(|(_, result)| result.to_string()),
        difference: None,
        found: Found::Unchecked(Unchecked::NoResult),
    };
    let (raw, recorded) = match (raw, recorded) {
        (Some(raw), Some(recorded)) if !raw.trim().is_empty() => (raw, recorded),
        _ => return comparison,
    };
    if !matches!(
        recorded,
        RecordedResult::Score { .. } | RecordedResult::Draw | RecordedResult::WinnerOnly(_)
    ) {
        comparison.found = Found::Unchecked(Unchecked::NotACount {
            raw: raw.to_string(),
            recorded: *recorded,
        });
        return comparison;
    }
    let Some((margin, result)) = counted else {
        comparison.found = Found::Unchecked(match score {
            None => Unchecked::NotCounted,
            Some(_) => Unchecked::NotCountedBy(counting),
        });
        return comparison;
    };
    let result = result.to_string();
    comparison.found = match compare_margin(recorded, raw, margin, &mut comparison.difference) {
        Err(claim) => Found::SameWinner {
            claim,
            counting,
            result,
        },
        Ok((true, _, note)) => Found::Agrees {
            note: match recorded {
                RecordedResult::WinnerOnly(_) => Some(AgreeNote::WinnerOnly),
                _ => note,
            },
        },
        Ok((false, claim, _)) => Found::Differs {
            claim,
            counting,
            result,
        },
    };
    comparison
}

/// Whether `recorded` agrees with the count's `margin`, what it claims, and how a margin
/// read in stones was read; sets the `difference`. `Err` holds the claim of a margin no
/// count gives whose winner is the count's: nothing to agree with.
fn compare_margin(
    recorded: &RecordedResult,
    raw: &str,
    margin: f64,
    difference: &mut Option<f64>,
) -> Result<(bool, Claim, Option<AgreeNote>), Claim> {
    let raw = raw.trim().to_string();
    match *recorded {
        RecordedResult::WinnerOnly(w) => Ok((winner_of(margin) == Some(w), Claim::Winner(w), None)),
        RecordedResult::Score { winner, .. } if impossible_margin(recorded) => {
            if winner_of(margin) == Some(winner) {
                return Err(Claim::Impossible { raw });
            }
            Ok((false, Claim::ImpossibleWinner { raw, winner }, None))
        }
        _ => {
            let points = recorded_points(recorded).unwrap_or(0.0);
            let note = (recorded.black_margin() != Some(points)).then(|| AgreeNote::InStones {
                raw: raw.clone(),
                points,
            });
            *difference = Some(points - margin);
            Ok((
                (points - margin).abs() < SAME_POINTS,
                Claim::Margin { raw, points },
                note,
            ))
        }
    }
}

/// Why a count whose readings are not weighed (`RE[]` names no margin) cannot call `RE[]`
/// wrong: only the weighing of readings settles dead stones well enough for that.
fn unweighed_doubt(score: Option<&Score>, ctx: &CheckContext) -> Why {
    if !ctx.ended_by_passes {
        Why::NoPassesUnsettled
    } else if ctx.moves_after_end {
        Why::MovesAfterEnd
    } else if let Some(dame) = score.map(|s| s.dame).filter(|&d| d >= UNFINISHED_DAME) {
        Why::Unfinished { dame }
    } else {
        Why::DeadNotDetermined
    }
}

/// What the check has to decide on.
pub(super) enum Evidence<'a> {
    /// `RE[]` names a margin (`target`): the readings of the count, weighed against it.
    /// `unsettled` is why the position cannot call `RE[]` wrong, if it cannot;
    /// `doubt_below` the odds under which the readings that give `RE[]` are dismissed.
    Readings {
        search: &'a Search,
        target: f64,
        unsettled: Option<&'a Why>,
        doubt_below: f64,
    },
    /// `RE[]` names no margin to weigh (a winner only, a margin no count gives, a
    /// resignation, no result), or the position was not counted: the comparison alone.
    Compared {
        found: &'a Found,
        score: Option<&'a Score>,
        ctx: CheckContext,
    },
}

/// What the weighing of readings concluded.
pub(super) enum Decision {
    /// `reading` and `confidence` when readings were weighed.
    Agrees {
        reading: Option<Reading>,
        confidence: Option<f64>,
    },
    Disagrees {
        confidence: f64,
    },
    /// `why` the position cannot call RE[] wrong; `None` when a reading that gives RE[]
    /// is too probable to be dismissed.
    Unverifiable {
        why: Option<Why>,
    },
    /// No count is checked against `RE[]`: the game ended without one, or has no `RE[]`.
    NotCounted,
}

/// The verdict on `evidence`.
///
/// With readings: `agrees` when the most probable reading gives `RE[]`, or one at least
/// [`AGREE_SHARE`] as probable does; `disagrees` when the position is settled and the
/// readings that would give `RE[]` (with those not weighed) hold less than `doubt_below`;
/// otherwise `unverifiable`, with why when no probable reading explains it.
///
/// Without: `agrees` when the count gives `RE[]` (its winner, for a winner only);
/// `not-counted` when no count checks `RE[]` ([`never_counted`]); otherwise
/// `unverifiable`: a count whose readings were not weighed never calls `RE[]` wrong.
pub(super) fn decide(evidence: &Evidence<'_>) -> Decision {
    match *evidence {
        Evidence::Readings {
            search,
            target,
            unsettled,
            doubt_below,
        } => weigh(search, target, unsettled, doubt_below),
        Evidence::Compared { found, score, ctx } => match found {
            Found::Agrees { .. } => Decision::Agrees {
                reading: None,
                confidence: None,
            },
            Found::Differs { .. } => Decision::Unverifiable {
                why: Some(unweighed_doubt(score, &ctx)),
            },
            Found::Unchecked(why) if never_counted(why) => Decision::NotCounted,
            Found::Unchecked(_) | Found::SameWinner { .. } => Decision::Unverifiable { why: None },
        },
    }
}

/// Whether the game has no count to check: `RE[]` names none (a resignation, time,
/// forfeit, void, unknown or unreadable result), there is no `RE[]` (even when the
/// position is counted: nothing to check the count against), or the game ended without
/// a count. A count that exists but not in the counting `RE[]` needs is `unverifiable`.
fn never_counted(why: &Unchecked) -> bool {
    match why {
        Unchecked::NoResult
        | Unchecked::Unfinished
        | Unchecked::NotACount { .. }
        | Unchecked::NotCounted => true,
        Unchecked::NotCountedBy(_) => false,
    }
}

/// The verdict when the count depends on where the handicap stones stood: the position
/// counted with each placement the moves allow, most probable first (`first`, and
/// `others` as verdicts with odds relative to the first's placement of 1).
///
/// The first placement's verdict stands, except that `RE[]` is called wrong only when
/// every other placement worth weighing (odds at least [`DOUBT_BELOW`] of the first's)
/// calls it wrong too: otherwise the answer names the first placement that could give
/// `RE[]`, and the verdict is `unverifiable`.
pub(crate) fn across_placements(
    first: Verdict,
    first_odds: f64,
    others: &[(Verdict, f64)],
) -> AcrossPlacements {
    if first != Verdict::Disagrees {
        return AcrossPlacements::First;
    }
    others
        .iter()
        .position(|&(verdict, odds)| {
            odds >= DOUBT_BELOW * first_odds && verdict != Verdict::Disagrees
        })
        .map_or(AcrossPlacements::First, AcrossPlacements::FitsAnother)
}

/// What [`across_placements`] concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AcrossPlacements {
    /// The most probable placement's verdict stands.
    First,
    /// `RE[]` fits the placement of this index among the others: `unverifiable`.
    FitsAnother(usize),
}

/// [`decide`] on the readings of `search`.
fn weigh(search: &Search, target: f64, unsettled: Option<&Why>, doubt_below: f64) -> Decision {
    if (search.best_margin - target).abs() < SAME_POINTS {
        return Decision::Agrees {
            reading: Some(search.best.clone()),
            confidence: Some(search.fit_mass),
        };
    }
    if let Some(fit) = &search.fit {
        if fit.probability >= AGREE_SHARE * search.best.probability {
            return Decision::Agrees {
                reading: Some(fit.clone()),
                confidence: Some(search.fit_mass),
            };
        }
    }
    let doubt = search.fit_mass + search.unexplored;
    match unsettled {
        Some(why) => Decision::Unverifiable {
            why: Some(why.clone()),
        },
        None if doubt < doubt_below => Decision::Disagrees {
            confidence: 1.0 - doubt,
        },
        None if search.fit_mass >= doubt_below => Decision::Unverifiable {
            why: search.fit.is_none().then_some(Why::SeveralChains {
                fit_mass: search.fit_mass,
            }),
        },
        None => Decision::Unverifiable {
            why: Some(Why::NotWeighed {
                unexplored: search.unexplored,
            }),
        },
    }
}

/// The report's check for a verdict decided without readings, and its reason.
pub(super) fn check_of(
    raw: Option<&str>,
    comparison: Comparison,
    decision: Decision,
) -> (Check, Option<Reason>) {
    let compared = |found: Found| found.reason().is_some().then_some(Reason::Compared(found));
    let (verdict, reason) = match decision {
        Decision::Agrees { .. } => (Verdict::Agrees, compared(comparison.found)),
        Decision::Disagrees { .. } => (Verdict::Disagrees, compared(comparison.found)),
        Decision::Unverifiable { why } => {
            let why = why.filter(|_| matches!(comparison.found, Found::Differs { .. }));
            let reason = Reason::Unverifiable {
                found: comparison.found,
                fit: None,
                why,
            };
            (Verdict::Unverifiable, Some(reason))
        }
        Decision::NotCounted => (Verdict::NotCounted, compared(comparison.found)),
    };
    let check = Check {
        recorded: raw.map(str::to_string),
        computed: comparison.computed,
        verdict,
        reason: None,
        difference: comparison.difference,
        confidence: None,
        assumed: None,
    };
    (check, reason)
}

impl Counter<'_> {
    /// Why a count of this position cannot call `RE[]` wrong, if it cannot: the position
    /// must be final (two passes, territory markup, or dead stones the odds settle) and
    /// its boundaries closed.
    pub(super) fn unsettled(
        &self,
        dead: &DeadOutcome,
        score: &Score,
        ctx: &CheckContext,
    ) -> Option<Why> {
        if self.input.komi.uncertain && self.input.conventions.komi.is_empty() {
            return Some(Why::KomiUncertain);
        }
        if self.input.handicap_missing > 0 {
            return Some(Why::HandicapMissing(self.input.handicap_missing));
        }
        if ctx.moves_after_end {
            return Some(Why::MovesAfterEnd);
        }
        let limit = if ctx.ended_by_passes {
            UNFINISHED_DAME
        } else {
            OPEN_DAME_LIMIT
        };
        if score.dame >= limit {
            return Some(Why::Unfinished { dame: score.dame });
        }
        match dead.from {
            DeadFrom::Markup if dead.determined || dead.notes.is_empty() => None,
            DeadFrom::Markup => Some(Why::Dead(dead.notes.clone())),
            DeadFrom::None if !ctx.ended_by_passes => Some(Why::NoPassesNothingRemoved),
            DeadFrom::None => None,
            DeadFrom::Estimate | DeadFrom::Judge if !dead.seki.is_empty() => {
                Some(Why::Dead(vec![DeadNote::Seki {
                    stones: dead.seki.len(),
                }]))
            }
            DeadFrom::Estimate | DeadFrom::Judge => None,
        }
    }

    /// Whether a reading's counting is an assumption: the rules do not name it, or the
    /// source's records are most often counted the other way.
    pub(super) fn counting_assumed(&self, reading: &Reading) -> bool {
        let likeliest = self.input.conventions.countings.first().map(|c| c.counting);
        reading.counting != self.primary || likeliest.is_some_and(|c| c != reading.counting)
    }

    /// The report's score and check for a decision; `base` is the count of the estimate's
    /// own fates.
    pub(super) fn judgement(
        &self,
        weighed: Weighed<'_>,
        base: Score,
        search: &Search,
        decision: Decision,
    ) -> Judgement {
        let Weighed {
            position, doubts, ..
        } = weighed;
        let input = self.input;
        let shown = match &decision {
            Decision::Agrees {
                reading: Some(reading),
                ..
            } => reading.clone(),
            _ => search.best.clone(),
        };
        let shown = &shown;
        let score = self.score_of(&weighed, shown, base);
        let comparison = compare(
            input.recorded_raw,
            input.recorded,
            Some(&score),
            shown.counting,
        );
        let mut check = Check {
            recorded: input.recorded_raw.map(str::to_string),
            computed: comparison.computed,
            verdict: Verdict::Unverifiable,
            reason: None,
            difference: comparison.difference,
            confidence: None,
            assumed: None,
        };
        let found = comparison.found;
        let assumed = self.assumptions(shown, doubts, position);
        let (reason, convention) = match decision {
            Decision::Agrees {
                reading,
                confidence,
            } => {
                let reading = reading.as_ref().unwrap_or(&search.best);
                check.verdict = Verdict::Agrees;
                check.confidence = confidence;
                self.agreeing(found, reading, search, &assumed)
            }
            Decision::Disagrees { confidence } => {
                check.verdict = Verdict::Disagrees;
                check.confidence = Some(confidence);
                let reason = disagreeing(found, &check, confidence, search, doubts);
                (reason, None)
            }
            Decision::Unverifiable { why } => {
                let fit = search.fit.as_ref().map(|fit| {
                    let assumed = self.assumptions(fit, doubts, position);
                    (assumed, fit.probability / search.best.probability)
                });
                (Some(Reason::Unverifiable { found, fit, why }), None)
            }
            Decision::NotCounted => {
                check.verdict = Verdict::NotCounted;
                (Some(Reason::Compared(found)), None)
            }
        };
        Judgement {
            exact: check.verdict == Verdict::Agrees
                && (search.best_margin - score.compared_margin()).abs() < SAME_POINTS
                && shown == &search.best,
            score,
            check,
            reason,
            assumed,
            convention,
        }
    }

    /// The reason of an agreement through `reading` (what the comparison `found`, or, when
    /// the reading flips a chain or assumes its counting ([`Counter::counting_assumed`]),
    /// what it assumes), and the convention the reading assumed, if any.
    pub(super) fn agreeing(
        &self,
        found: Found,
        reading: &Reading,
        search: &Search,
        assumed: &[Assumption],
    ) -> (Option<Reason>, Option<(CountedBy, Option<f64>)>) {
        let reason = if !reading.flipped.is_empty() || self.counting_assumed(reading) {
            Some(Reason::FitsIf {
                assumed: assumed.to_vec(),
                counting: search.best.counting,
                margin: search.best_margin,
                odds: reading.probability,
                best_odds: search.best.probability,
            })
        } else {
            found.reason().is_some().then_some(Reason::Compared(found))
        };
        let convention = (reading.counting != self.primary || reading.komi.is_some())
            .then_some((reading.counting, reading.komi));
        (reason, convention)
    }
}

/// The reason of a disagreement: what the comparison `found`, with the odds of the
/// readings that would give `RE[]` and, when the count is `RE[]`'s margin with the other
/// winner, that.
pub(super) fn disagreeing(
    found: Found,
    check: &Check,
    confidence: f64,
    search: &Search,
    doubts: &[Doubt],
) -> Option<Reason> {
    let odds = (!doubts.is_empty() || search.fit.is_some()).then_some(1.0 - confidence);
    // The count to the point, with the other winner: RE[]'s colour is the likelier slip
    // than a count that errs by exactly twice the margin.
    let swapped = check
        .difference
        .is_some_and(|d| (d + 2.0 * search.best_margin).abs() < SAME_POINTS)
        && search.best_margin.abs() > SAME_POINTS;
    (found.reason().is_some() || odds.is_some() || swapped).then_some(Reason::Disagrees {
        found,
        odds,
        swapped,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
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
        assert_eq!(
            reason.to_string(),
            "White won, area counting gives B+1.5, but the dead stones are not determined"
        );

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
        assert_eq!(c.computed.as_deref(), Some("B+1.5"));
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
        assert_eq!(
            c.found.to_string(),
            "the record says 黑胜1又1/4子 (B+2.5), area counting gives B+1.5"
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
            unchecked(Some("B+R"), None, CountedBy::Area).to_string(),
            "Black won by resignation: counting cannot check that"
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
    fn verdict_of(re: Option<&str>, score: Option<&Score>, ctx: CheckContext) -> (Verdict, String) {
        let c = compared(re, score, ctx.counting);
        let decision = decide(&Evidence::Compared {
            found: &c.found,
            score,
            ctx,
        });
        let (check, reason) = check_of(re, c, decision);
        (
            check.verdict,
            reason.map_or(String::new(), |r| r.to_string()),
        )
    }

    #[test]
    fn games_no_count_checks_are_not_counted_with_the_reason() {
        let score = count(185);
        let unfinished = CheckContext {
            ended_by_passes: false,
            ..PASSED
        };
        for (re, score, ctx, reason) in [
            (
                Some("B+R"),
                None,
                unfinished,
                "Black won by resignation: counting cannot check that",
            ),
            (
                Some("W+Resign"),
                Some(&score),
                PASSED,
                "White won by resignation: counting cannot check that",
            ),
            (
                Some("W+T"),
                None,
                unfinished,
                "White won on time: counting cannot check that",
            ),
            (
                Some("B+F"),
                None,
                unfinished,
                "Black won by forfeit: counting cannot check that",
            ),
            (
                Some("Void"),
                None,
                unfinished,
                "the game has no result (void): counting cannot check that",
            ),
            (
                Some("?"),
                None,
                unfinished,
                "the recorded result is unknown (?): counting cannot check that",
            ),
            (
                Some("B+J"),
                Some(&score),
                PASSED,
                "RE[B+J] could not be read: counting cannot check that",
            ),
            // No RE[]: even a counted game has nothing to be checked against.
            (
                None,
                Some(&score),
                PASSED,
                "the record has no result (RE[])",
            ),
            (
                Some(" "),
                Some(&score),
                PASSED,
                "the record has no result (RE[])",
            ),
            // RE[] claims a count, but the game ended without one.
            (
                Some("B+3.5"),
                None,
                unfinished,
                "the final position was not counted",
            ),
        ] {
            assert_eq!(
                verdict_of(re, score, ctx),
                (Verdict::NotCounted, reason.to_string()),
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
}
