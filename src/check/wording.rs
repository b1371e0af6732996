//! The check's words: what a reading assumes, why a result is unverifiable, and the
//! messages of the findings the verdict calls for.

use crate::geom::{Color, Position};
use crate::score::{format_number, format_points, CountedBy, RecordedResult, Score};

use super::calibration::SAME_POINTS;
use super::odds::{describe_flip, Doubt, Reading};
use super::{Counter, ResultInput};

impl Counter<'_> {
    /// What a reading assumes beyond the rules and the record, in words.
    pub(super) fn assumptions(
        &self,
        reading: &Reading,
        doubts: &[Doubt],
        position: &Position,
    ) -> Vec<String> {
        let mut assumed = Vec::new();
        if self.counting_assumed(reading) {
            assumed.push(self.counting_assumption(reading.counting));
        }
        if let Some(komi) = reading.komi {
            assumed.push(self.komi_assumption(komi));
        }
        if let Some(points) = reading.compensation {
            assumed.push(self.compensation_assumption(points));
        }
        for &i in &reading.flipped {
            assumed.push(describe_flip(&doubts[i], position));
        }
        if reading.open_point != 0 {
            assumed.push(self.open_point_assumption(reading.open_point, position));
        }
        assumed
    }

    /// "counted by area (records of Fox are, at odds 8%)".
    pub(super) fn counting_assumption(&self, counting: CountedBy) -> String {
        let conventions = self.input.conventions;
        let odds = conventions.odds_of_counting(counting);
        format!(
            "counted by {}{} (records of {} are, at odds {:.0}%)",
            counting.as_str(),
            if counting == self.primary {
                ", as the rules say"
            } else {
                ""
            },
            conventions.source.name(),
            odds * 100.0
        )
    }

    /// "komi 6.5 (KM[0] cannot be the komi this game was played with; 6.5 at odds 90%)".
    pub(super) fn komi_assumption(&self, komi: f64) -> String {
        let odds = self.input.conventions.odds_of_komi(komi);
        format!(
            "komi {} ({} cannot be the komi this game was played with; {} at odds {:.0}%)",
            format_number(komi),
            self.input
                .komi
                .raw
                .as_deref()
                .map_or("a record without KM[]".to_string(), |k| format!("KM[{k}]")),
            format_number(komi),
            odds * 100.0
        )
    }

    /// "a handicap compensation of 1 point (the record does not name the rules …)".
    pub(super) fn compensation_assumption(&self, points: f64) -> String {
        let odds = self.input.conventions.odds_of_compensation(points);
        let what = match points {
            0.0 => "no handicap compensation".to_string(),
            1.0 => "a handicap compensation of 1 point".to_string(),
            _ => format!(
                "a handicap compensation of {} points",
                format_number(points)
            ),
        };
        format!(
            "{what} (the record does not name the rules that set it; at odds {:.0}%)",
            odds * 100.0
        )
    }

    /// "an unfinished boundary is worth 2 points to White" (`open_point` > 0: Black).
    pub(super) fn open_point_assumption(&self, open_point: i8, position: &Position) -> String {
        let what = match self.input.ko_at_end {
            Some(ko) => format!(
                "an unfinished boundary or the ko left open at {}",
                ko.vertex(position.size)
            ),
            None => "an unfinished boundary".to_string(),
        };
        let points = open_point.unsigned_abs();
        format!(
            "{what} is worth {points} point{} to {}",
            if points == 1 { "" } else { "s" },
            if open_point > 0 { "Black" } else { "White" }
        )
    }
}

pub(super) fn name(color: Color) -> &'static str {
    match color {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// "the record says B+2.5", or with the raw text when it was written otherwise
/// ("the record says 黑胜1又1/4子 (B+2.5)").
pub(super) fn claim_of(raw: &str, black_margin: f64) -> String {
    let points = format_points(black_margin);
    let raw = raw.trim();
    if raw == points {
        format!("the record says {points}")
    } else if black_margin.abs() < SAME_POINTS {
        format!("the record says {raw} (a draw)")
    } else {
        format!("the record says {raw} ({points})")
    }
}

/// Why a result counting cannot check is not checked (`None` for a count or a winner).
pub(super) fn not_counted(recorded: &RecordedResult, raw: &str) -> Option<String> {
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

/// An unverifiable `reason` completed with the estimate's `note` (its parts joined by
/// "; "), leaving out the parts the reason already gives (a seki the check named as what
/// keeps the position from a verdict is not named twice).
pub(super) fn with_note(reason: String, note: &str) -> String {
    let new: Vec<&str> = note
        .split("; ")
        .filter(|part| !reason.contains(part))
        .collect();
    match (reason.is_empty(), new.is_empty()) {
        (_, true) => reason,
        (true, false) => new.join("; "),
        (false, false) => format!("{reason} ({})", new.join("; ")),
    }
}

/// Why a mismatch is `unverifiable`: the reading `RE[]` would need, with its odds against
/// the most probable reading's, and what keeps the position from a verdict.
pub(super) fn unverifiable_reason(
    mismatch: String,
    fit: Option<(Vec<String>, f64)>,
    why: Option<String>,
) -> String {
    match (fit, why) {
        (Some((assumed, share)), why) => format!(
            "{mismatch}; RE[] fits only if {} (a reading at {:.1}% of the odds of the most probable){}",
            assumed.join(", "),
            100.0 * share,
            why.map_or(String::new(), |w| format!("; {w}"))
        ),
        (None, Some(why)) => format!("{mismatch}, but {why}"),
        (None, None) => mismatch,
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
    use super::with_note;

    #[test]
    pub(super) fn a_note_adds_only_what_the_reason_does_not_say() {
        let seki = "the estimate judged 25 stones to be in seki";
        let unsure = "the estimate is unsure of 1 chain(s) (3 stones)";
        let reason = format!("the record says B+4.5, area counting gives B+1.5, but {seki}");
        assert_eq!(with_note(reason.clone(), seki), reason);
        assert_eq!(
            with_note(reason.clone(), &format!("{unsure}; {seki}")),
            format!("{reason} ({unsure})")
        );
        assert_eq!(with_note(String::new(), seki), seki);
        assert_eq!(
            with_note("the record says B+4.5".into(), seki),
            format!("the record says B+4.5 ({seki})")
        );
    }
}
