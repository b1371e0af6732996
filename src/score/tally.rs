//! The counted score of a final position: what was removed, each side's area, komi, the
//! handicap bonus and the margin, in the shape of the report's `score` object.

use serde::{Serialize, Serializer};

use super::area::{count_area, ScoringMethod};
use super::dead::DeadFrom;
use super::margin::{format_points, format_stones, margin};
use super::territory::TerritoryScore;
use crate::geom::{Color, Point, Position};

/// Which count the check compared with `RE[]` (`score.counting` in the report).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CountedBy {
    /// Stones plus surrounded points (the area count: `score.black`, `score.white`).
    Area,
    /// Territory plus prisoners (`score.territory`).
    Territory,
}

impl CountedBy {
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
}

impl Score {
    /// The winner under the count the check compared, or `None` for a draw.
    pub fn winner(&self) -> Option<Color> {
        let margin = self.compared_margin();
        if margin > 1e-9 {
            Some(Color::Black)
        } else if margin < -1e-9 {
            Some(Color::White)
        } else {
            None
        }
    }

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
        let mut score = self.clone();
        score.komi = komi;
        score.margin = margin(self.black, self.white, komi, self.handicap_bonus);
        score.result = format_points(score.margin);
        score.stones = format_stones(score.margin);
        if let Some(t) = score.territory.as_mut() {
            t.margin += t.komi - komi;
            t.komi = komi;
            t.result = format_points(t.margin);
        }
        score
    }

    /// Black's margin under the count the check compared.
    pub fn compared_margin(&self) -> f64 {
        self.counted(self.counting).map_or(self.margin, |(m, _)| m)
    }
}

/// The report's `score.dead`: dead stones of each colour as SGF coordinates.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DeadList {
    pub black: Vec<String>,
    pub white: Vec<String>,
    /// Stones of chains the estimate is unsure of (present only when there are some).
    pub uncertain: Vec<String>,
    /// Stones the estimate judged in seki (present only when there are some).
    pub seki: Vec<String>,
}

#[derive(Serialize)]
struct ScoreJson<'a> {
    dead_from: DeadFrom,
    dead: DeadList,
    black: f64,
    white: f64,
    komi: f64,
    handicap_bonus: f64,
    margin: f64,
    result: &'a str,
    stones: &'a str,
    counting: CountedBy,
    territory: Option<&'a TerritoryScore>,
}

impl Serialize for Score {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let sgf = |v: &[Point]| v.iter().map(|p| p.sgf()).collect();
        ScoreJson {
            dead_from: self.dead_from,
            dead: DeadList {
                black: sgf(&self.dead_black),
                white: sgf(&self.dead_white),
                uncertain: sgf(&self.uncertain),
                seki: sgf(&self.seki),
            },
            black: self.black,
            white: self.white,
            komi: self.komi,
            handicap_bonus: self.handicap_bonus,
            margin: self.margin,
            result: &self.result,
            stones: &self.stones,
            counting: self.counting,
            territory: self.territory.as_ref(),
        }
        .serialize(serializer)
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
    let count = count_area(position, dead, method);
    let m = margin(count.black, count.white, komi, handicap_bonus);
    Score {
        dead_from,
        dead_black,
        dead_white,
        black: count.black,
        white: count.white,
        komi,
        handicap_bonus,
        margin: m,
        result: format_points(m),
        stones: format_stones(m),
        uncertain: Vec::new(),
        seki: Vec::new(),
        territory: None,
        counting: CountedBy::Area,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serialises_like_the_report() {
        let p = Position::from_diagram(
            "
            X O .
            X O .
            X O .",
        );
        let s = score_position(
            &p,
            &[Point::new(1, 0), Point::new(1, 0)],
            ScoringMethod::SplitShared,
            0.5,
            0.0,
            DeadFrom::Markup,
        );
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(
            json,
            r#"{"dead_from":"markup","dead":{"black":[],"white":["ba"],"uncertain":[],"seki":[]},"black":5.0,"white":4.0,"komi":0.5,"handicap_bonus":0.0,"margin":0.5,"result":"B+0.5","stones":"黑胜1/4子","counting":"area","territory":null}"#
        );
    }
}
