//! The counted score of a final position: what was removed, each side's area, komi, the
//! handicap bonus and the margin (written as the report's `score` object by `output`).

use super::area::{count_area, ScoringMethod};
use super::dead::DeadFrom;
use super::margin::{format_points, format_stones, margin};
use crate::geom::{Color, Point, Position};

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
}

impl Score {
    /// The winner, or `None` for a draw.
    pub fn winner(&self) -> Option<Color> {
        if self.margin > 1e-9 {
            Some(Color::Black)
        } else if self.margin < -1e-9 {
            Some(Color::White)
        } else {
            None
        }
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
    }
}
