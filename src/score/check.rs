//! Comparing the recorded result (`RE[]`) with the counted one. A record is called wrong only
//! when the count is beyond doubt; every other mismatch, and every result counting cannot
//! check (resignation, time, forfeit), is `unverifiable` with the reason in words.

use super::margin::{format_points, winner_of};
use super::result::{parse_result, RecordedResult};
use super::tally::{CountedBy, Score};
use crate::geom::Color;

/// How the recorded result compares with the count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    Agrees,
    Disagrees,
    Unverifiable,
}

impl Verdict {
    pub const ALL: [Verdict; 3] = [Verdict::Agrees, Verdict::Disagrees, Verdict::Unverifiable];

    /// The name in reports: `agrees`, `disagrees`, `unverifiable`.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Agrees => "agrees",
            Verdict::Disagrees => "disagrees",
            Verdict::Unverifiable => "unverifiable",
        }
    }
}

/// The report's `check` object.
#[derive(Clone, Debug, PartialEq)]
pub struct Check {
    /// `RE[]` as written.
    pub recorded: Option<String>,
    /// The counted result in points (`B+1.5`).
    pub computed: Option<String>,
    pub verdict: Verdict,
    /// Why the result could not be checked, or what disagrees.
    pub reason: Option<String>,
    /// Recorded minus counted margin, in points from Black's side, when both are numbers.
    pub difference: Option<f64>,
    /// For `agrees` and `disagrees`: the probability, under the check's odds, that the
    /// verdict is right (the readings that give `RE[]`, or those that do not).
    pub confidence: Option<f64>,
    /// What the verdict assumed beyond the rules and the record (a counting, a komi, a
    /// handicap compensation, the fate of a doubted chain), when anything.
    pub assumed: Option<String>,
}

impl Check {
    /// The confidence as every output reports it: to three decimals (the check's odds
    /// are no finer), so that JSON Lines, CSV and the frames agree.
    pub fn reported_confidence(&self) -> Option<f64> {
        self.confidence.map(|p| (p * 1000.0).round() / 1000.0)
    }
}

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

/// Points bordering both colours from which a counted position is taken to be unfinished
/// (boundaries left open, not dame): two passes stopped the game, but it was not over.
pub const UNFINISHED_DAME: u32 = 10;

const SAME: f64 = 1e-6;

fn name(color: Color) -> &'static str {
    match color {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// "the record says B+2.5", or with the raw text when it was written otherwise
/// ("the record says 黑胜1又1/4子 (B+2.5)").
fn claim_of(raw: &str, black_margin: f64) -> String {
    let points = format_points(black_margin);
    let raw = raw.trim();
    if raw == points {
        format!("the record says {points}")
    } else if black_margin.abs() < SAME {
        format!("the record says {raw} (a draw)")
    } else {
        format!("the record says {raw} ({points})")
    }
}

/// Black's recorded margin in points. A margin in quarters (`B+0.75`) cannot be points
/// with a half-point komi: Chinese records write such margins in stones (¾ stone = 1.5
/// points), so it is read so.
pub fn recorded_points(recorded: &RecordedResult) -> Option<f64> {
    if impossible_margin(recorded) {
        return None;
    }
    let m = recorded.black_margin()?;
    let quarters = (m * 4.0).fract() == 0.0 && (m * 2.0).fract() != 0.0;
    Some(if quarters { m * 2.0 } else { m })
}

/// A recorded margin that no count gives: not a whole number of quarter points (`B+0.2`,
/// a `B+0.25` cut short). Only its winner is checked.
pub fn impossible_margin(recorded: &RecordedResult) -> bool {
    recorded
        .black_margin()
        .is_some_and(|m| (m * 4.0).fract() != 0.0)
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

/// Why a result counting cannot check is not checked (`None` for a count or a winner).
fn not_counted(recorded: &RecordedResult, raw: &str) -> Option<String> {
    match *recorded {
        RecordedResult::Resignation(w) => Some(format!("{} won by resignation", name(w))),
        RecordedResult::Time(w) => Some(format!("{} won on time", name(w))),
        RecordedResult::Forfeit(w) => Some(format!("{} won by forfeit", name(w))),
        RecordedResult::Void => Some("the game has no result (void)".to_string()),
        RecordedResult::Unknown => Some("the recorded result is unknown (?)".to_string()),
        RecordedResult::Unparsed => Some(format!("RE[{raw}] could not be read")),
        _ => None,
    }
}

/// Whether `recorded` agrees with the count's `margin`, and what it claims, in words;
/// notes a margin read in stones and the difference in `check`. `Err` holds the claim of
/// a margin no count gives whose winner is the count's: nothing to agree with.
fn compare(
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
                (recorded_margin - margin).abs() < SAME,
                claim_of(raw, recorded_margin),
            ))
        }
    }
}

/// What keeps a count that differs from `RE[]` from calling it wrong, if anything.
fn doubt_of(score: &Score, ctx: &CheckContext) -> Option<String> {
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
