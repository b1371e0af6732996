//! The counted score of a final position: what was removed, each side's area, komi, the
//! handicap bonus and the margin (written as the report's `score` object by `output`).

use super::area::{area_totals, ScoringMethod};
use super::dead::DeadFrom;
use super::margin::{format_points, format_stones, margin};
use super::territory::TerritoryScore;
use crate::geom::{Color, Point, Position};
use crate::rules::{Counting, Rules};

impl ScoringMethod {
    /// How `rules` share the empty regions that touch both colours in the area count.
    pub fn under(rules: &Rules) -> ScoringMethod {
        match rules.counting {
            Counting::AreaNoSplit => ScoringMethod::NobodyShared,
            Counting::Area | Counting::Territory => ScoringMethod::SplitShared,
        }
    }
}

/// Which count the check compared with `RE[]` (`score.counting` in the report).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CountedBy {
    /// Stones plus surrounded points (the area count: `score.black`, `score.white`).
    Area,
    /// Territory plus prisoners (`score.territory`).
    Territory,
}

impl CountedBy {
    pub const ALL: [CountedBy; 2] = [CountedBy::Area, CountedBy::Territory];

    /// The count `rules` call for.
    pub fn under(rules: &Rules) -> CountedBy {
        match rules.counting {
            Counting::Area | Counting::AreaNoSplit => CountedBy::Area,
            Counting::Territory => CountedBy::Territory,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            CountedBy::Area => "area",
            CountedBy::Territory => "territory",
        }
    }

    /// The other way of counting.
    pub fn other(self) -> CountedBy {
        match self {
            CountedBy::Area => CountedBy::Territory,
            CountedBy::Territory => CountedBy::Area,
        }
    }
}

/// The score of a counted position.
#[derive(Clone, Debug, PartialEq)]
pub struct Score {
    pub dead_from: DeadFrom,
    /// Black stones removed as dead, sorted.
    pub dead_black: Vec<Point>,
    /// White stones removed as dead, sorted.
    pub dead_white: Vec<Point>,
    pub black: f64,
    pub white: f64,
    pub komi: f64,
    pub handicap_bonus: f64,
    /// Black's margin in points (negative when White wins).
    pub margin: f64,
    /// The margin in points: `B+1.5`, `W+0.5`, `0`.
    pub result: String,
    /// The margin in stones: `黑胜3/4子`, `和棋`.
    pub stones: String,
    /// Stones whose fate the estimate is unsure of (counted by its best guess), sorted.
    pub uncertain: Vec<Point>,
    /// Stones the estimate judged to be in seki, sorted.
    pub seki: Vec<Point>,
    /// The territory count of the same position and dead stones, when it was made.
    pub territory: Option<TerritoryScore>,
    /// Which count the check compared with `RE[]`.
    pub counting: CountedBy,
    /// Empty points that border both colours once the dead stones are off (dame, and the
    /// open boundaries of a game stopped before it was finished).
    pub dame: u32,
}

impl Score {
    /// Black's margin and the result as SGF writes it, under one way of counting; `None`
    /// for territory when the territory count was not made.
    pub fn counted(&self, counting: CountedBy) -> Option<(f64, &str)> {
        match counting {
            CountedBy::Area => Some((self.margin, &self.result)),
            CountedBy::Territory => self.territory.as_ref().map(|t| (t.margin, &*t.result)),
        }
    }

    /// The same count under another komi (margins and results follow).
    pub fn with_komi(&self, komi: f64) -> Score {
        let mut score = self.with_area_terms(komi, self.handicap_bonus);
        if let Some(t) = score.territory.as_mut() {
            t.margin += t.komi - komi;
            t.komi = komi;
            t.result = format_points(t.margin);
        }
        score
    }

    /// The same area count with White getting `bonus` points back for the handicap (a
    /// territory count gives none).
    pub fn with_handicap_bonus(&self, bonus: f64) -> Score {
        self.with_area_terms(self.komi, bonus)
    }

    /// The same area count under `komi` and handicap `bonus`, its margin and results
    /// worked out again.
    fn with_area_terms(&self, komi: f64, bonus: f64) -> Score {
        let mut score = self.clone();
        score.komi = komi;
        score.handicap_bonus = bonus;
        score.margin = margin(self.black, self.white, komi, bonus);
        score.result = format_points(score.margin);
        score.stones = format_stones(score.margin);
        score
    }

    /// Black's margin under the count the check compared.
    pub fn compared_margin(&self) -> f64 {
        self.counted(self.counting).map_or(self.margin, |(m, _)| m)
    }
}

/// Removes `dead`, counts both areas and works out the margin
/// (Black area − White area − komi − handicap bonus).
pub fn score_position(
    position: &Position,
    dead: &[Point],
    method: ScoringMethod,
    komi: f64,
    handicap_bonus: f64,
    dead_from: DeadFrom,
) -> Score {
    let mut dead_black = Vec::new();
    let mut dead_white = Vec::new();
    for &p in dead {
        if !position.size.contains(p) {
            continue;
        }
        match position.get(p) {
            Some(Color::Black) => dead_black.push(p),
            Some(Color::White) => dead_white.push(p),
            None => {}
        }
    }
    for v in [&mut dead_black, &mut dead_white] {
        v.sort();
        v.dedup();
    }
    let (black, white, dame) = area_totals(position, dead, method);
    let m = margin(black, white, komi, handicap_bonus);
    Score {
        dead_from,
        dead_black,
        dead_white,
        black,
        white,
        komi,
        handicap_bonus,
        margin: m,
        result: format_points(m),
        stones: format_stones(m),
        uncertain: Vec::new(),
        seki: Vec::new(),
        territory: None,
        counting: CountedBy::Area,
        dame,
    }
}
