//! The check of a recorded result as the report gives it (its `check` object), and the
//! recorded margin in points. The stage `check` decides the verdict.

use super::result::RecordedResult;

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
