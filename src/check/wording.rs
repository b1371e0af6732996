//! The check's words, and the only place they are made: the reasons and assumptions of
//! [`super::reason`] (`Display`), the dead stones' notes, and the messages of the findings
//! the verdict calls for.

use std::fmt;

use crate::geom::Color;
use crate::score::{format_number, format_points, CountedBy, DeadNote, RecordedResult, Score};

use super::calibration::SAME_POINTS;
use super::openness::Openness;
use super::reason::{AgreeNote, Assumption, Claim, FitsAt, Found, Reason, Unchecked, Unread, Why};
use super::ResultInput;

pub(super) fn name(color: Color) -> &'static str {
    match color {
        Color::Black => "Black",
        Color::White => "White",
    }
}

impl fmt::Display for DeadNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeadNote::Unsure { chains, stones } => write!(
                f,
                "the estimate is unsure of {chains} chain(s) ({stones} stones)"
            ),
            DeadNote::Seki { stones } => {
                write!(f, "the estimate judged {stones} stones to be in seki")
            }
            DeadNote::NoMarkup => f.write_str(
                "the record has no territory markup (TB/TW): only stones inside \
                 pass-alive territory were removed",
            ),
            DeadNote::Judge { command } => {
                write!(f, "dead stones by the engine judge `{command}`")
            }
        }
    }
}

/// Notes joined as the report gives them.
pub(super) fn notes_text(notes: &[DeadNote]) -> String {
    let words: Vec<String> = notes.iter().map(DeadNote::to_string).collect();
    words.join("; ")
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Why::KomiUncertain => f.write_str("the komi is uncertain (unreadable, or the handicap is)"),
            Why::HandicapMissing(stones) => write!(
                f,
                "the record lacks {stones} of its handicap stones (White moved first without them), so the position counted is not the game's"
            ),
            Why::MovesAfterEnd => f.write_str("moves were played after the game ended"),
            Why::Unfinished { dame } => write!(
                f,
                "the position is not finished ({dame} points border both colours)"
            ),
            Why::Dead(notes) => f.write_str(&notes_text(notes)),
            Why::NoPassesNothingRemoved => f.write_str(
                "the game did not end by two passes and no dead stones were taken off",
            ),
            Why::NoPassesUnsettled => f.write_str(
                "the game did not end by two passes and its position is not settled",
            ),
            Why::DeadNotDetermined => f.write_str("the dead stones are not determined"),
            Why::Contested { groups } => write!(
                f,
                "the handicap game did not end by two passes and leaves {groups} big groups whose fate is in doubt"
            ),
            Why::SeveralChains { fit_mass } => write!(
                f,
                "readings that change several chains together give RE[] at {:.1}% of the odds",
                fit_mass * 100.0
            ),
            Why::NotWeighed { unexplored } => write!(
                f,
                "readings not weighed one by one (too many doubted chains) hold {:.0}% of the odds",
                unexplored * 100.0
            ),
        }
    }
}

impl fmt::Display for Unchecked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unchecked::NoResult => f.write_str("the record has no result (RE[])"),
            Unchecked::Unfinished => {
                f.write_str("the game is unfinished: no two passes and no result (RE[])")
            }
            Unchecked::NotACount { raw, recorded } => {
                match *recorded {
                    RecordedResult::Resignation(w) => write!(f, "{} won by resignation", name(w)),
                    RecordedResult::Time(w) => write!(f, "{} won on time", name(w)),
                    RecordedResult::Forfeit(w) => write!(f, "{} won by forfeit", name(w)),
                    RecordedResult::Void => f.write_str("the game has no result (void)"),
                    RecordedResult::Unknown => f.write_str("the recorded result is unknown (?)"),
                    _ => write!(f, "RE[{raw}] could not be read"),
                }?;
                f.write_str(": counting cannot check that")
            }
            Unchecked::NotCounted => f.write_str("the final position was not counted"),
            Unchecked::OpenBoard(openness) => write!(
                f,
                "the game was not played to its end: the board is open, {openness}"
            ),
            Unchecked::NotCountedBy(counting) => write!(
                f,
                "the final position was not counted by {}",
                counting.as_str()
            ),
        }
    }
}

impl fmt::Display for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Claim::Winner(w) => write!(f, "{} won", name(*w)),
            Claim::Impossible { raw } => write!(
                f,
                "the record says {raw}, a margin no count gives (not a whole number of quarter points)"
            ),
            Claim::ImpossibleWinner { raw, winner } => write!(
                f,
                "{}, read as a win by {}",
                Claim::Impossible { raw: raw.clone() },
                name(*winner)
            ),
            // "the record says B+2.5", or with the raw text when it was written otherwise
            // ("the record says 黑胜1又1/4子 (B+2.5)").
            Claim::Margin { raw, points } => {
                let written = format_points(*points);
                if *raw == written {
                    write!(f, "the record says {written}")
                } else if points.abs() < SAME_POINTS {
                    write!(f, "the record says {raw} (a draw)")
                } else {
                    write!(f, "the record says {raw} ({written})")
                }
            }
        }
    }
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::Unchecked(why) => write!(f, "{why}"),
            Found::SameWinner {
                claim,
                counting,
                result,
            } => write!(
                f,
                "{claim}; {} counting gives {result}, the same winner",
                counting.as_str()
            ),
            Found::Agrees { note: None } => Ok(()),
            Found::Agrees {
                note: Some(AgreeNote::WinnerOnly),
            } => f.write_str("the record names only the winner"),
            Found::Agrees {
                note: Some(AgreeNote::InStones { raw, points }),
            } => write!(
                f,
                "RE[{raw}] read in stones: {} points",
                format_points(*points)
            ),
            Found::Differs {
                claim,
                counting,
                result,
            } => write!(f, "{claim}, {} counting gives {result}", counting.as_str()),
        }
    }
}

impl fmt::Display for Assumption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Assumption::Counting {
                counting: by,
                as_rules,
                source,
                odds,
            } => counting(f, *by, *as_rules, source, *odds),
            // "komi 6.5 (KM[0] cannot be the komi this game was played with; 6.5 at odds 90%)".
            Assumption::Komi { komi, km, odds } => write!(
                f,
                "komi {} ({} cannot be the komi this game was played with; {} at odds {:.0}%)",
                format_number(*komi),
                km.as_deref()
                    .map_or("a record without KM[]".to_string(), |k| format!("KM[{k}]")),
                format_number(*komi),
                odds * 100.0
            ),
            Assumption::Compensation { points, odds } => compensation(f, *points, *odds),
            // "the chain at D4 (3 stones, counted dead at odds 97%) is alive".
            Assumption::Flip {
                vertex,
                stones,
                dead,
                by_markup,
                right,
            } => write!(
                f,
                "the chain at {vertex} ({stones} stone{}, counted {}{} at odds {:.0}%) is {}",
                if *stones == 1 { "" } else { "s" },
                if *dead { "dead" } else { "alive" },
                if *by_markup { " by the markup" } else { "" },
                right * 100.0,
                if *dead { "alive" } else { "dead" }
            ),
            Assumption::OpenPoint { ko, points, black } => open_point(f, ko, *points, *black),
            Assumption::Placement {
                stones,
                vertices,
                name,
                odds,
            } => {
                write!(
                    f,
                    "the {stones} handicap stones the record lacks stood at {vertices} ({name}"
                )?;
                if *odds < 1.0 {
                    write!(f, "; at odds {:.0}%", odds * 100.0)?;
                }
                f.write_str(")")
            }
        }
    }
}

/// A disagreement's reason: what the comparison found, the odds of the readings that
/// would give `RE[]`, and whether the count is `RE[]`'s margin with the other winner.
fn disagrees(
    f: &mut fmt::Formatter<'_>,
    found: &Found,
    odds: Option<f64>,
    swapped: bool,
) -> fmt::Result {
    f.write_str(&found_text(found))?;
    if let Some(odds) = odds {
        write!(
            f,
            "; the readings that would give RE[] hold {:.1}% of the odds",
            100.0 * odds
        )?;
    }
    if swapped {
        f.write_str("; the count's own margin with the other winner: the winner in RE[] may be the wrong colour")?;
    }
    Ok(())
}

/// Why a mismatch is `unverifiable`: the reading `RE[]` would need, with its odds against
/// the most probable reading's, and what keeps the position from a verdict.
fn unverifiable(
    f: &mut fmt::Formatter<'_>,
    found: &Found,
    fit: &Option<(Vec<Assumption>, f64)>,
    why: &Option<Why>,
) -> fmt::Result {
    let mismatch = found_text(found);
    match (fit, why) {
        (Some((assumed, share)), why) => write!(
            f,
            "{mismatch}; RE[] fits only if {} (a reading at {:.1}% of the odds of the most probable){}",
            assumptions_text(assumed, ", "),
            100.0 * share,
            why.as_ref().map_or(String::new(), |w| format!("; {w}"))
        ),
        (None, Some(why)) => write!(f, "{mismatch}, but {why}"),
        (None, None) => f.write_str(&mismatch),
    }
}

/// "counted by area (records of Fox are, at odds 8%)".
fn counting(
    f: &mut fmt::Formatter<'_>,
    counting: CountedBy,
    as_rules: bool,
    source: &str,
    odds: f64,
) -> fmt::Result {
    write!(
        f,
        "counted by {}{} (records of {source} are, at odds {:.0}%)",
        counting.as_str(),
        if as_rules { ", as the rules say" } else { "" },
        odds * 100.0
    )
}

/// "a handicap compensation of 1 point (the record does not name the rules …)".
fn compensation(f: &mut fmt::Formatter<'_>, points: f64, odds: f64) -> fmt::Result {
    match points {
        0.0 => f.write_str("no handicap compensation"),
        1.0 => f.write_str("a handicap compensation of 1 point"),
        _ => write!(
            f,
            "a handicap compensation of {} points",
            format_number(points)
        ),
    }?;
    write!(
        f,
        " (the record does not name the rules that set it; at odds {:.0}%)",
        odds * 100.0
    )
}

/// "an unfinished boundary is worth 2 points to White".
fn open_point(
    f: &mut fmt::Formatter<'_>,
    ko: &Option<String>,
    points: u8,
    black: bool,
) -> fmt::Result {
    match ko {
        Some(ko) => write!(f, "an unfinished boundary or the ko left open at {ko}"),
        None => f.write_str("an unfinished boundary"),
    }?;
    write!(
        f,
        " is worth {points} point{} to {}",
        if points == 1 { "" } else { "s" },
        if black { "Black" } else { "White" }
    )
}

/// Assumptions in words, joined by `separator`.
pub fn assumptions_text(assumed: &[Assumption], separator: &str) -> String {
    let words: Vec<String> = assumed.iter().map(Assumption::to_string).collect();
    words.join(separator)
}

/// An optional reason in words (empty when there is none).
fn text(reason: &Option<Box<Reason>>) -> String {
    reason.as_ref().map_or(String::new(), |r| r.to_string())
}

/// The words the comparison gives (empty for a plain agreement).
fn found_text(found: &Found) -> String {
    match found {
        Found::Agrees { note: None } => String::new(),
        found => found.to_string(),
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Compared(found) => f.write_str(&found_text(found)),
            Reason::FitsIf {
                assumed,
                counting,
                margin,
                odds,
                best_odds,
            } => write!(
                f,
                "RE[] fits if {}; the {} count of the most probable reading gives {} (this reading has {:.0}% of its odds)",
                assumptions_text(assumed, ", "),
                counting.as_str(),
                format_points(*margin),
                100.0 * odds / best_odds
            ),
            Reason::Disagrees {
                found,
                odds,
                swapped,
            } => disagrees(f, found, *odds, *swapped),
            Reason::Unverifiable { found, fit, why } => unverifiable(f, found, fit, why),
            Reason::JudgeConfirms { reason, command } => write!(
                f,
                "{} (the engine judge `{command}` gives the same dead stones)",
                text(reason)
            ),
            Reason::JudgeFailed { reason, failure } => write!(
                f,
                "{} (the engine judge gave no answer: {failure})",
                text(reason)
            ),
            Reason::AtEnd {
                last,
                end,
                fits,
                reason,
            } => at_end(f, Counted(last, end), *fits, reason),
            Reason::FitsNeither {
                last,
                end,
                last_reason,
                end_reason,
            } => write!(
                f,
                "{}; RE[] fits neither; {}; at the two passes, {}",
                Counted(last, end),
                text(last_reason),
                text(end_reason)
            ),
            Reason::WithNotes { reason, notes } => f.write_str(&with_note(text(reason), notes)),
            Reason::PassedOpen { reason, openness } => match reason {
                Some(reason) => write!(f, "{reason}; the board was open when both passed: {openness}"),
                None => write!(f, "the board was open when both passed: {openness}"),
            },
            Reason::CountedAs {
                reason,
                placement,
                fits,
            } => counted_as(f, reason, placement, fits),
            Reason::NotRead(unread) => write!(f, "{unread}"),
        }
    }
}

impl fmt::Display for Unread {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Unread::Unreadable => "the game could not be read",
            Unread::ReadInPart => "the game could not be read whole",
            Unread::NotGo => "the record is not Go",
            Unread::BadBoardSize => "the board size cannot be read",
            Unread::InternalError => "internal error",
        })
    }
}

/// The reason of a game with moves after its end: both counts, which position `RE[]`
/// fits, and the reason of the judgement that stands.
fn at_end(
    f: &mut fmt::Formatter<'_>,
    counted: Counted<'_>,
    fits: FitsAt,
    reason: &Option<Box<Reason>>,
) -> fmt::Result {
    write!(f, "{counted}")?;
    f.write_str(match fits {
        FitsAt::Final => "; RE[] fits the final position",
        FitsAt::Passes => ": RE[] fits the position at the two passes",
        FitsAt::Neither => "; RE[] fits neither",
    })?;
    match reason {
        Some(r) => write!(f, "; {r}"),
        None => Ok(()),
    }
}

/// The reason of a count with the handicap stones the record lacks placed, and the other
/// placement `RE[]` fits, if any.
fn counted_as(
    f: &mut fmt::Formatter<'_>,
    reason: &Option<Box<Reason>>,
    placement: &Assumption,
    fits: &Option<Assumption>,
) -> fmt::Result {
    let otherwise = if fits.is_some() {
        "RE[] is not the count"
    } else {
        "not checked"
    };
    let reason = reason
        .as_ref()
        .map_or(otherwise.to_string(), |r| r.to_string());
    write!(f, "{reason} (counted as if {placement})")?;
    match fits {
        Some(fits) => write!(f, "; but RE[] fits if {fits}"),
        None => Ok(()),
    }
}

/// "310 of 361 points not yet bordered by one colour".
impl fmt::Display for Openness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} of {} points not yet bordered by one colour",
            self.open, self.points
        )
    }
}

/// The message of the finding of a count claimed (`RE[recorded]`) for a record that
/// stops on an open board.
pub(super) fn open_board_message(recorded: &str, openness: Openness) -> String {
    format!(
        "RE[{recorded}] claims a count, but the record stops far from an end: the board is open, {openness}"
    )
}

/// "the final position was counted (B+1.5); at the two passes that ended the game it
/// was W+0.5".
struct Counted<'a>(&'a Option<f64>, &'a Option<f64>);

impl fmt::Display for Counted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the final position was counted ({}); at the two passes that ended the game it was {}",
            self.0.map_or("?".to_string(), format_points),
            self.1.map_or("?".to_string(), format_points)
        )
    }
}

/// An unverifiable `reason` completed with the dead stones' `notes`, leaving out those the
/// reason already gives (a seki the check named as what keeps the position from a verdict
/// is not named twice).
pub(super) fn with_note(reason: String, notes: &[DeadNote]) -> String {
    let new: Vec<String> = notes
        .iter()
        .map(DeadNote::to_string)
        .filter(|note| !reason.contains(note.as_str()))
        .collect();
    match (reason.is_empty(), new.is_empty()) {
        (_, true) => reason,
        (true, false) => new.join("; "),
        (false, false) => format!("{reason} ({})", new.join("; ")),
    }
}

/// The `counting-convention` message: which reading gave `RE[]`.
pub(super) fn convention_message(
    input: &ResultInput<'_>,
    primary: CountedBy,
    counting: CountedBy,
    komi: Option<f64>,
    score: &Score,
) -> String {
    let rules = format!(
        "{} rules count by {}",
        input.rules.set.name(),
        primary.as_str()
    );
    let mut how = format!("counted by {}", counting.as_str());
    if let Some(komi) = komi {
        how.push_str(&format!(" with komi {}", format_number(komi)));
    }
    format!(
        "RE[{}] is the result {how} ({}); the {rules}",
        input.recorded_raw.unwrap_or(""),
        score.counted(counting).map_or("?", |(_, r)| r),
    )
}

/// The `unparsed-result` message.
pub(super) fn unparsed_message(raw: &str) -> String {
    format!("RE[{raw}] is not a result sgfaudit can read: not checked")
}

/// The `result-mismatch` message, with the numbers of the count compared.
pub(super) fn mismatch_message(recorded: &str, score: &Score) -> String {
    match (score.counting, &score.territory) {
        (CountedBy::Territory, Some(t)) => format!(
            "RE[{recorded}] but the territory count gives {} (black territory {} + prisoners {}, white territory {} + prisoners {}, komi {}, dead stones from {})",
            t.result,
            t.black_territory,
            t.black_prisoners,
            t.white_territory,
            t.white_prisoners,
            format_number(t.komi),
            score.dead_from.as_str()
        ),
        _ => format!(
            "RE[{recorded}] but the area count gives {} ({}; black {} white {}, komi {}, dead stones from {})",
            score.result,
            score.stones,
            score.black,
            score.white,
            score.komi,
            score.dead_from.as_str()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_adds_only_what_the_reason_does_not_say() {
        let seki = DeadNote::Seki { stones: 25 };
        let unsure = DeadNote::Unsure {
            chains: 1,
            stones: 3,
        };
        let reason = format!("the record says B+4.5, area counting gives B+1.5, but {seki}");
        assert_eq!(
            with_note(reason.clone(), std::slice::from_ref(&seki)),
            reason
        );
        assert_eq!(
            with_note(reason.clone(), &[unsure.clone(), seki.clone()]),
            format!("{reason} (the estimate is unsure of 1 chain(s) (3 stones))")
        );
        assert_eq!(
            with_note(String::new(), std::slice::from_ref(&seki)),
            "the estimate judged 25 stones to be in seki"
        );
        assert_eq!(
            with_note("the record says B+4.5".into(), &[seki]),
            "the record says B+4.5 (the estimate judged 25 stones to be in seki)"
        );
    }
}
