//! The one place a verdict is decided: `RE[]` compared with the count, and the readings
//! of the count weighed into `agrees`, `disagrees` or `unverifiable`. A record is called
//! wrong only when the readings that would give its result are improbable enough; every
//! other mismatch is `unverifiable` with the reason in words. A game no count checks
//! (resignation, time, forfeit, void, no `RE[]`, unfinished) is `not-counted`, with why.

use crate::score::{winner_of, CountedBy, DeadFrom, DeadNote, DeadOutcome, RecordedResult, Score};

use super::calibration::{AGREE_SHARE, DOUBT_BELOW, OPEN_DAME_LIMIT, SAME_POINTS, UNFINISHED_DAME};
use super::odds::{Doubt, Reading, Search};
use super::reason::{AgreeNote, Assumption, Claim, Found, Reason, Unchecked, Why};
use super::weighed::Weighed;

use super::verdict::{impossible_margin, recorded_points, Check, Verdict};
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
    /// Black's counted margin in points, when the position was counted that way.
    pub computed: Option<f64>,
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
        computed: counted.map(|(margin, _)| margin),
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
        | Unchecked::NotCounted
        | Unchecked::OpenBoard(_) => true,
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
        assumed: Vec::new(),
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
            assumed: Vec::new(),
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
mod tests;
