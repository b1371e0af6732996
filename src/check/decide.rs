//! The one place a verdict is decided: `RE[]` compared with the count, and the readings
//! of the count weighed into `agrees`, `disagrees` or `unverifiable`. A record is called
//! wrong only when the readings that would give its result are improbable enough; every
//! other mismatch, and every result counting cannot check (resignation, time, forfeit), is
//! `unverifiable` with the reason in words.

use crate::score::{
    format_points, impossible_margin, parse_result, recorded_points, seki_note, winner_of, Check,
    CountedBy, DeadFrom, DeadOutcome, RecordedResult, Score, Verdict,
};

use super::calibration::{AGREE_SHARE, OPEN_DAME_LIMIT, SAME_POINTS, UNFINISHED_DAME};
use super::odds::{Doubt, Reading, Search};
use super::readings::Weighed;
use super::wording::{claim_of, name, not_counted, unverifiable_reason};
use super::{Counter, Judgement};

/// What the checker must know about how the count was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckContext {
    /// The game ended by two consecutive passes (art. 7).
    pub ended_by_passes: bool,
    /// The position is known to be final, its boundaries included, whether or not two
    /// passes ended the game: the caller judged it settled.
    pub settled: bool,
    /// Moves were recorded after the game ended.
    pub moves_after_end: bool,
    /// Which count to compare with `RE[]`.
    pub counting: CountedBy,
    /// The dead stones are known (markup, an explicit choice), not guessed or missing.
    pub dead_determined: bool,
    /// The komi used is a guess (e.g. Fox's `KM[0]`).
    pub komi_uncertain: bool,
}

/// Checks `RE[]` against the counted score.
///
/// * A counted result (`B+3.5`, a draw) agrees when winner and margin are the same.
/// * A winner-only result (`B+`, `黑胜`) agrees when the count has the same winner: it
///   claims nothing more.
/// * `ctx.counting` says which count is compared: the area count or the territory count.
/// * `disagrees` needs certainty: a finished position (fewer than [`UNFINISHED_DAME`]
///   points bordering both colours), a game that ended by two passes or whose position
///   is settled ([`CheckContext::settled`]), no moves after the end, dead stones
///   determined and a komi that is not a guess. Otherwise a mismatch is `unverifiable`,
///   and the reason says which of these is missing.
pub fn check_result(
    recorded_raw: Option<&str>,
    computed: Option<&Score>,
    ctx: &CheckContext,
) -> Check {
    let mut check = Check {
        recorded: recorded_raw.map(str::to_string),
        computed: computed
            .and_then(|s| s.counted(ctx.counting))
            .map(|(_, result)| result.to_string()),
        verdict: Verdict::Unverifiable,
        reason: None,
        difference: None,
        confidence: None,
        assumed: None,
    };
    let unverifiable = |mut check: Check, reason: String| {
        check.verdict = Verdict::Unverifiable;
        check.reason = Some(reason);
        check
    };

    let raw = match recorded_raw {
        Some(raw) if !raw.trim().is_empty() => raw,
        _ => return unverifiable(check, "the record has no result (RE[])".to_string()),
    };
    let recorded = parse_result(raw);
    if let Some(why) = not_counted(&recorded, raw) {
        return unverifiable(check, format!("{why}: counting cannot check that"));
    }
    let Some(score) = computed else {
        return unverifiable(check, "the final position was not counted".to_string());
    };
    let Some((margin, result)) = score.counted(ctx.counting) else {
        return unverifiable(
            check,
            format!(
                "the final position was not counted by {}",
                ctx.counting.as_str()
            ),
        );
    };
    check.computed = Some(result.to_string());

    // Agreement first: a match is worth reporting even when the count has doubts.
    let (agrees, claim) = match compare(&recorded, raw, margin, &mut check) {
        Ok(compared) => compared,
        Err(same_winner) => {
            let why = format!(
                "{same_winner}; {} counting gives {result}, the same winner",
                ctx.counting.as_str()
            );
            return unverifiable(check, why);
        }
    };
    if agrees {
        check.verdict = Verdict::Agrees;
        if let RecordedResult::WinnerOnly(_) = recorded {
            check.reason = Some("the record names only the winner".to_string());
        }
        return check;
    }

    let mismatch = format!("{claim}, {} counting gives {result}", ctx.counting.as_str());
    match doubt_of(score, ctx) {
        Some(doubt) => unverifiable(check, format!("{mismatch}, but {doubt}")),
        None => {
            check.verdict = Verdict::Disagrees;
            check.reason = Some(mismatch);
            check
        }
    }
}

/// Whether `recorded` agrees with the count's `margin`, and what it claims, in words;
/// notes a margin read in stones and the difference in `check`. `Err` holds the claim of
/// a margin no count gives whose winner is the count's: nothing to agree with.
pub(super) fn compare(
    recorded: &RecordedResult,
    raw: &str,
    margin: f64,
    check: &mut Check,
) -> Result<(bool, String), String> {
    match *recorded {
        RecordedResult::WinnerOnly(w) => {
            Ok((winner_of(margin) == Some(w), format!("{} won", name(w))))
        }
        RecordedResult::Score { winner, .. } if impossible_margin(recorded) => {
            let claim = format!(
                "the record says {}, a margin no count gives (not a whole number of quarter points)",
                raw.trim()
            );
            if winner_of(margin) == Some(winner) {
                return Err(claim);
            }
            Ok((false, format!("{claim}, read as a win by {}", name(winner))))
        }
        _ => {
            let recorded_margin = recorded_points(recorded).unwrap_or(0.0);
            if recorded.black_margin() != Some(recorded_margin) {
                check.reason = Some(format!(
                    "RE[{}] read in stones: {} points",
                    raw.trim(),
                    format_points(recorded_margin)
                ));
            }
            check.difference = Some(recorded_margin - margin);
            Ok((
                (recorded_margin - margin).abs() < SAME_POINTS,
                claim_of(raw, recorded_margin),
            ))
        }
    }
}

/// What keeps a count that differs from `RE[]` from calling it wrong, if anything.
pub(super) fn doubt_of(score: &Score, ctx: &CheckContext) -> Option<String> {
    if !ctx.ended_by_passes && !ctx.settled {
        Some("the game did not end by two passes and its position is not settled".to_string())
    } else if ctx.moves_after_end {
        Some("moves were played after the game ended".to_string())
    } else if score.dame >= UNFINISHED_DAME && !ctx.settled {
        Some(format!(
            "the position is not finished ({} points border both colours)",
            score.dame
        ))
    } else if !ctx.dead_determined {
        Some("the dead stones are not determined".to_string())
    } else if ctx.komi_uncertain {
        Some("the komi is uncertain".to_string())
    } else {
        None
    }
}

/// What the weighing of readings concluded.
pub(super) enum Decision {
    Agrees {
        reading: Reading,
        confidence: f64,
    },
    Disagrees {
        confidence: f64,
    },
    /// `why` the position cannot call RE[] wrong; `None` when a reading that gives RE[]
    /// is too probable to be dismissed.
    Unverifiable {
        why: Option<String>,
    },
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
    ) -> Option<String> {
        if self.input.komi.uncertain && self.input.conventions.komi.is_empty() {
            return Some("the komi is uncertain (unreadable, or the handicap is)".to_string());
        }
        if self.input.handicap_missing > 0 {
            return Some(format!(
                "the record lacks {} of its handicap stones (White moved first without them), so the position counted is not the game's",
                self.input.handicap_missing
            ));
        }
        if ctx.moves_after_end {
            return Some("moves were played after the game ended".to_string());
        }
        let limit = if ctx.ended_by_passes {
            UNFINISHED_DAME
        } else {
            OPEN_DAME_LIMIT
        };
        if score.dame >= limit {
            return Some(format!(
                "the position is not finished ({} points border both colours)",
                score.dame
            ));
        }
        match dead.from {
            DeadFrom::Markup if dead.determined => None,
            DeadFrom::Markup => dead.note.clone(),
            DeadFrom::None if !ctx.ended_by_passes => Some(
                "the game did not end by two passes and no dead stones were taken off".to_string(),
            ),
            DeadFrom::None => None,
            DeadFrom::Estimate | DeadFrom::Judge if !dead.seki.is_empty() => {
                Some(seki_note(dead.seki.len()))
            }
            DeadFrom::Estimate | DeadFrom::Judge => None,
        }
    }

    /// Weighs the readings of `search` into a verdict.
    pub(super) fn decide(
        &self,
        search: &Search,
        target: f64,
        unsettled: Option<&str>,
        doubt_below: f64,
    ) -> Decision {
        if (search.best_margin - target).abs() < SAME_POINTS {
            return Decision::Agrees {
                reading: search.best.clone(),
                confidence: search.fit_mass,
            };
        }
        if let Some(fit) = &search.fit {
            if fit.probability >= AGREE_SHARE * search.best.probability {
                return Decision::Agrees {
                    reading: fit.clone(),
                    confidence: search.fit_mass,
                };
            }
        }
        let doubt = search.fit_mass + search.unexplored;
        match unsettled {
            Some(why) => Decision::Unverifiable {
                why: Some(why.to_string()),
            },
            None if doubt < doubt_below => Decision::Disagrees {
                confidence: 1.0 - doubt,
            },
            None if search.fit_mass >= doubt_below => Decision::Unverifiable {
                why: search.fit.is_none().then(|| {
                    format!(
                        "readings that change several chains together give RE[] at {:.1}% of the odds",
                        search.fit_mass * 100.0
                    )
                }),
            },
            None => Decision::Unverifiable {
                why: Some(format!(
                    "readings not weighed one by one (too many doubted chains) hold {:.0}% of the odds",
                    search.unexplored * 100.0
                )),
            },
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
            position,
            doubts,
            ctx,
            ..
        } = weighed;
        let input = self.input;
        let shown = match &decision {
            Decision::Agrees { reading, .. } => reading.clone(),
            _ => search.best.clone(),
        };
        let shown = &shown;
        let score = self.score_of(&weighed, shown, base);
        let compared = CheckContext {
            counting: shown.counting,
            dead_determined: true,
            settled: true,
            komi_uncertain: false,
            moves_after_end: false,
            ..ctx
        };
        let mut check = check_result(input.recorded_raw, Some(&score), &compared);
        let assumed = self.assumptions(shown, doubts, position);
        check.assumed = (!assumed.is_empty()).then(|| assumed.join("; "));
        let convention = match decision {
            Decision::Agrees {
                reading,
                confidence,
            } => self.agreeing(&mut check, &reading, confidence, search, &assumed),
            Decision::Disagrees { confidence } => {
                disagreeing(&mut check, confidence, search, doubts);
                None
            }
            Decision::Unverifiable { why } => {
                let mismatch = check.reason.take().unwrap_or_default();
                check.verdict = Verdict::Unverifiable;
                let fit = search.fit.as_ref().map(|fit| {
                    let assumed = self.assumptions(fit, doubts, position);
                    (assumed, fit.probability / search.best.probability)
                });
                check.reason = Some(unverifiable_reason(mismatch, fit, why));
                None
            }
        };
        Judgement {
            exact: check.verdict == Verdict::Agrees
                && (search.best_margin - score.compared_margin()).abs() < SAME_POINTS
                && shown == &search.best,
            score,
            check,
            convention,
        }
    }

    /// Marks `check` as agreeing through `reading`, with its reason when the reading flips a
    /// chain or assumes its counting ([`Counter::counting_assumed`]); returns the convention
    /// the reading assumed, if any.
    pub(super) fn agreeing(
        &self,
        check: &mut Check,
        reading: &Reading,
        confidence: f64,
        search: &Search,
        assumed: &[String],
    ) -> Option<(CountedBy, Option<f64>)> {
        check.verdict = Verdict::Agrees;
        check.confidence = Some(confidence);
        if !reading.flipped.is_empty() || self.counting_assumed(reading) {
            check.reason = Some(format!(
                "RE[] fits if {}; the {} count of the most probable reading gives {} (this reading has {:.0}% of its odds)",
                assumed.join(", "),
                search.best.counting.as_str(),
                format_points(search.best_margin),
                100.0 * reading.probability / search.best.probability
            ));
        }
        (reading.counting != self.primary || reading.komi.is_some())
            .then_some((reading.counting, reading.komi))
    }
}

/// Marks `check` as disagreeing, its reason completed with the odds of the readings that
/// would give `RE[]` and, when the count is `RE[]`'s margin with the other winner, with
/// that.
pub(super) fn disagreeing(check: &mut Check, confidence: f64, search: &Search, doubts: &[Doubt]) {
    check.verdict = Verdict::Disagrees;
    check.confidence = Some(confidence);
    if !doubts.is_empty() || search.fit.is_some() {
        check.reason = Some(format!(
            "{}; the readings that would give RE[] hold {:.1}% of the odds",
            check.reason.take().unwrap_or_default(),
            100.0 * (1.0 - confidence)
        ));
    }
    let swapped = check
        .difference
        .is_some_and(|d| (d + 2.0 * search.best_margin).abs() < SAME_POINTS);
    if swapped && search.best_margin.abs() > SAME_POINTS {
        // The count to the point, with the other winner: RE[]'s colour is the
        // likelier slip than a count that errs by exactly twice the margin.
        check.reason = Some(format!(
            "{}; the count's own margin with the other winner: the winner in RE[] may be the wrong colour",
            check.reason.take().unwrap_or_default()
        ));
    }
}
