//! The margin of a counted game and how it is written: in points as SGF writes it (`B+1.5`)
//! and in stones as the Chinese rules state it (`黑胜3/4子`, art. 11: one stone = two points).

use crate::geom::Color;

/// Black's margin in points: positive when Black wins, negative when White wins.
pub fn margin(black: f64, white: f64, komi: f64, handicap_bonus: f64) -> f64 {
    black - white - komi - handicap_bonus
}

const EPSILON: f64 = 1e-9;

/// The winner of a margin from Black's side, or `None` for a draw.
pub fn winner_of(margin: f64) -> Option<Color> {
    if margin > EPSILON {
        Some(Color::Black)
    } else if margin < -EPSILON {
        Some(Color::White)
    } else {
        None
    }
}

/// A number without float noise and without a needless `.0` (`1.5`, `4`, `0.25`).
pub fn format_number(x: f64) -> String {
    let r = (x * 1e6).round() / 1e6;
    let r = if r == 0.0 { 0.0 } else { r };
    format!("{r}")
}

/// The margin as SGF writes a result: `B+1.5`, `W+0.5`, and `0` for a draw (the SGF
/// specification's spelling of a draw). A margin that is not a number gives `?`.
pub fn format_points(margin: f64) -> String {
    if !margin.is_finite() {
        return "?".to_string();
    }
    if margin.abs() < EPSILON {
        return "0".to_string();
    }
    let winner = if margin > 0.0 { "B" } else { "W" };
    format!("{winner}+{}", format_number(margin.abs()))
}

/// The margin in stones as the Chinese rules write it: `黑胜3/4子` (Black by ¾ stone,
/// 1.5 points), `白胜1/4子`, `黑胜1又1/4子`, `黑胜2子`, and `和棋` for a draw. Fractions are
/// reduced (`黑胜1/2子` for one point); a margin that no power-of-two fraction up to 1/64
/// expresses is written as a decimal.
pub fn format_stones(margin: f64) -> String {
    if !margin.is_finite() {
        return "?".to_string();
    }
    if margin.abs() < EPSILON {
        return "和棋".to_string();
    }
    let winner = if margin > 0.0 { "黑胜" } else { "白胜" };
    let stones = margin.abs() / 2.0;
    format!("{winner}{}子", stones_text(stones))
}

fn stones_text(stones: f64) -> String {
    for denominator in [1u64, 2, 4, 8, 16, 32, 64] {
        let scaled = stones * denominator as f64;
        if (scaled - scaled.round()).abs() < EPSILON * denominator as f64 && scaled < 1e15 {
            let n = scaled.round() as u64;
            let whole = n / denominator;
            let mut num = n % denominator;
            let mut den = denominator;
            while num != 0 && num.is_multiple_of(2) && den.is_multiple_of(2) {
                num /= 2;
                den /= 2;
            }
            return match (whole, num) {
                (w, 0) => format!("{w}"),
                (0, k) => format!("{k}/{den}"),
                (w, k) => format!("{w}又{k}/{den}"),
            };
        }
    }
    format_number(stones)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points() {
        assert_eq!(format_points(1.5), "B+1.5");
        assert_eq!(format_points(-0.5), "W+0.5");
        assert_eq!(format_points(4.0), "B+4");
        assert_eq!(format_points(0.0), "0");
        assert_eq!(format_points(-0.0), "0");
        assert_eq!(format_points(0.1 + 0.2), "B+0.3");
        assert_eq!(format_points(f64::NAN), "?");
    }

    #[test]
    fn stones() {
        assert_eq!(format_stones(1.5), "黑胜3/4子");
        assert_eq!(format_stones(-0.5), "白胜1/4子");
        assert_eq!(format_stones(0.5), "黑胜1/4子");
        assert_eq!(format_stones(2.5), "黑胜1又1/4子");
        assert_eq!(format_stones(4.0), "黑胜2子");
        assert_eq!(format_stones(1.0), "黑胜1/2子");
        assert_eq!(format_stones(-7.0), "白胜3又1/2子");
        assert_eq!(format_stones(0.0), "和棋");
        assert_eq!(format_stones(0.25), "黑胜1/8子");
        assert_eq!(format_stones(0.2), "黑胜0.1子");
    }
}
