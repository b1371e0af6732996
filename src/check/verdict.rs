//! The check of a recorded result as the report carries it (its `check` object: the
//! verdict, the typed reason and assumptions, the counted margin as a number), and the
//! recorded margin in points. Outputs word and name them; nothing parses them back.

use crate::score::{format_points, RecordedResult};

use super::reason::{Assumption, Reason, ReasonCode};
use super::wording::assumptions_text;

/// How the recorded result compares with the count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    Agrees,
    Disagrees,
    /// The game was counted, and the count does not settle whether `RE[]` is right.
    Unverifiable,
    /// No count was checked against `RE[]`: the game ended without one (resignation, time,
    /// forfeit, void, unknown or unreadable `RE[]`, an unfinished game), has no `RE[]`
    /// (even when it is counted: nothing to check the count against), or could not be
    /// read.
    NotCounted,
}

impl Verdict {
    pub const ALL: [Verdict; 4] = [
        Verdict::Agrees,
        Verdict::Disagrees,
        Verdict::Unverifiable,
        Verdict::NotCounted,
    ];

    /// The name in reports: `agrees`, `disagrees`, `unverifiable`, `not-counted`.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Agrees => "agrees",
            Verdict::Disagrees => "disagrees",
            Verdict::Unverifiable => "unverifiable",
            Verdict::NotCounted => "not-counted",
        }
    }
}

/// The report's `check` object.
#[derive(Clone, Debug, PartialEq)]
pub struct Check {
    /// `RE[]` as written.
    pub recorded: Option<String>,
    /// Black's counted margin in points (written `B+1.5` by [`Check::computed_result`]).
    pub computed: Option<f64>,
    pub verdict: Verdict,
    /// Why the result could not be checked, or what disagrees.
    pub reason: Option<Reason>,
    /// Recorded minus counted margin, in points from Black's side, when both are numbers.
    pub difference: Option<f64>,
    /// For `agrees` and `disagrees`: the probability, under the check's odds, that the
    /// verdict is right (the readings that give `RE[]`, or those that do not).
    pub confidence: Option<f64>,
    /// What the verdict assumed beyond the rules and the record (a counting, a komi, a
    /// handicap compensation, the fate of a doubted chain), in the order they are said.
    pub assumed: Vec<Assumption>,
}

impl Check {
    /// The check of a game that was never counted (it could not be read), with the reason.
    pub fn not_counted(recorded: Option<String>, reason: Reason) -> Check {
        Check {
            recorded,
            computed: None,
            verdict: Verdict::NotCounted,
            reason: Some(reason),
            difference: None,
            confidence: None,
            assumed: Vec::new(),
        }
    }

    /// The counted result as SGF writes it (`B+1.5`, `W+0.5`, `0`).
    pub fn computed_result(&self) -> Option<String> {
        self.computed.map(format_points)
    }

    /// The reason in words, as every output gives it.
    pub fn reason_text(&self) -> Option<String> {
        self.reason.as_ref().map(Reason::to_string)
    }

    /// The reason's stable name (`reason_code` in the machine formats).
    pub fn reason_code(&self) -> Option<ReasonCode> {
        self.reason.as_ref().map(Reason::code)
    }

    /// The codes of the reason and of every reason it holds, outermost first.
    pub fn reason_codes(&self) -> Vec<ReasonCode> {
        self.reason.as_ref().map_or_else(Vec::new, Reason::codes)
    }

    /// The assumptions in words, joined by `; `; `None` when nothing was assumed.
    pub fn assumed_text(&self) -> Option<String> {
        (!self.assumed.is_empty()).then(|| assumptions_text(&self.assumed, "; "))
    }

    /// The confidence as every output reports it: to three decimals (the check's odds
    /// are no finer), so that JSON Lines, CSV and the frames agree.
    pub fn reported_confidence(&self) -> Option<f64> {
        self.confidence.map(|p| (p * 1000.0).round() / 1000.0)
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
