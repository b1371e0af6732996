//! Reading `RE[]`: the SGF forms (`B+3.5`, `W+R`, `0`, `Void`, `?`), what servers write
//! (Tygem `B+Offline`, Fox `B+`), and the Chinese, Japanese and Korean spellings
//! (`黑胜3/4子`, `黒3目半勝ち`, `흑 불계승`). Anything else is `Unparsed`, never a guess.
//!
//! Units: Chinese `子` counts stones (one stone = two points, art. 11); `目`, `집` and bare
//! numbers count points.

use crate::geom::Color;

/// What a record says the result was.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RecordedResult {
    /// A counted result, margin in points (never negative, always finite).
    Score {
        winner: Color,
        points: f64,
    },
    Resignation(Color),
    Time(Color),
    /// A win awarded without play or counting: forfeit, the opponent leaving the server
    /// (Tygem `Offline`), an illegal move, a foul, a forbidden repetition (art. 13.1).
    Forfeit(Color),
    /// The winner without the way of winning (`B+`, `B`, `黑胜`).
    WinnerOnly(Color),
    Draw,
    /// No result (`Void`, `無勝負`).
    Void,
    /// `?`: the result is unknown.
    Unknown,
    Unparsed,
}

impl RecordedResult {
    /// The winner the record names, if any.
    pub fn winner(&self) -> Option<Color> {
        match *self {
            RecordedResult::Score { winner, .. }
            | RecordedResult::Resignation(winner)
            | RecordedResult::Time(winner)
            | RecordedResult::Forfeit(winner)
            | RecordedResult::WinnerOnly(winner) => Some(winner),
            _ => None,
        }
    }

    /// Black's margin in points when the record states one (a draw is 0).
    pub fn black_margin(&self) -> Option<f64> {
        match *self {
            RecordedResult::Score { winner, points } => Some(match winner {
                Color::Black => points,
                Color::White => -points,
            }),
            RecordedResult::Draw => Some(0.0),
            _ => None,
        }
    }

    /// The result claims a count (a margin or a draw): the final position is counted even
    /// without two passes.
    pub fn claims_count(&self) -> bool {
        matches!(self, RecordedResult::Score { .. } | RecordedResult::Draw)
    }
}

const DRAWS: &[&str] = &[
    "0",
    "draw",
    "jigo",
    "和棋",
    "和局",
    "平局",
    "和",
    "持碁",
    "ジゴ",
    "무승부",
];
const VOIDS: &[&str] = &[
    "void",
    "noresult",
    "no-result",
    "無勝負",
    "无胜负",
    "無効",
    "无效",
    "무효",
    "bothlose",
    "bothlost",
    "nocontest",
];
const UNKNOWNS: &[&str] = &["?", "？", "unknown"];

const RESIGNATION: &[&str] = &[
    "r",
    "resign",
    "resigned",
    "resignation",
    "中盘胜",
    "中盤勝",
    "中盘",
    "中盤",
    "中押し勝ち",
    "中押し勝",
    "中押勝ち",
    "中押勝",
    "中押し",
    "中押",
    "불계승",
    "불계",
];
const TIME: &[&str] = &[
    "t",
    "time",
    "timeout",
    "timeover",
    "超时胜",
    "超時勝",
    "超时",
    "超時",
    "時間切れ勝ち",
    "時間切れ",
    "時間勝ち",
    "시간승",
    "시간",
];
const FORFEIT: &[&str] = &[
    "f",
    "forfeit",
    "offline",
    "illegal",
    // The loser broke a rule: a foul, a forbidden repetition (superko), a disqualification.
    "foul",
    "fouls",
    "repetition",
    "superko",
    "disqualification",
    "dq",
    "反則勝ち",
    "反則勝",
    "反则胜",
    "弃权胜",
    "棄權勝",
    "기권승",
    "반칙승",
];
const WIN_WORDS: &[&str] = &["胜", "勝", "勝ち", "승", "win", "wins", "won"];

/// Reads a `RE[]` value. Total: any text gives an answer, the rest is `Unparsed`.
pub fn parse_result(raw: &str) -> RecordedResult {
    let text = if raw
        .bytes()
        .all(|b| b.is_ascii() && !char::from(b).is_whitespace())
    {
        // What nearly every record holds (`W+Resign`, `B+3.5`): nothing to fold or squeeze.
        raw.to_ascii_lowercase()
    } else {
        squeeze(&normalise(raw))
    };
    read_normalised(&text)
}

/// [`parse_result`] once the text is lower-cased, folded and squeezed.
fn read_normalised(text: &str) -> RecordedResult {
    // Japanese records may give the length of the game first: `257手完、黒中押し勝ち`.
    let text = match text.split_once("手完") {
        Some((moves, rest)) if !moves.is_empty() && moves.bytes().all(|b| b.is_ascii_digit()) => {
            rest.trim_start_matches([',', '、', '，', ' ', '。'])
        }
        _ => text,
    };
    if text.is_empty() {
        return RecordedResult::Unparsed;
    }
    if UNKNOWNS.contains(&text) {
        return RecordedResult::Unknown;
    }
    if DRAWS.contains(&text) || is_zero(text) {
        return RecordedResult::Draw;
    }
    if VOIDS.contains(&text) {
        return RecordedResult::Void;
    }
    let Some((winner, rest)) = split_winner(text) else {
        return RecordedResult::Unparsed;
    };
    let rest = rest.strip_prefix('+').unwrap_or(rest);
    let word = |list: &[&str]| list.contains(&rest);
    if rest.is_empty() || word(WIN_WORDS) {
        RecordedResult::WinnerOnly(winner)
    } else if word(RESIGNATION) {
        RecordedResult::Resignation(winner)
    } else if word(TIME) {
        RecordedResult::Time(winner)
    } else if word(FORFEIT) {
        RecordedResult::Forfeit(winner)
    } else {
        match quantity(rest) {
            // A winner by nothing (`B+0.0`) is no margin: Fox writes it for games decided
            // otherwise than by counting.
            Some(0.0) => RecordedResult::WinnerOnly(winner),
            Some(points) => RecordedResult::Score { winner, points },
            None => RecordedResult::Unparsed,
        }
    }
}

/// Lower-cases ASCII, folds full-width ASCII (`Ｂ＋Ｒ`) to ASCII, and turns every kind of
/// white space into one plain space.
fn normalise(raw: &str) -> String {
    raw.chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            c if c.is_whitespace() => ' ',
            c => c,
        })
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// Drops spaces, except one between two digits (`1 1/4` must not read as `11/4`).
fn squeeze(text: &str) -> String {
    let chars: Vec<char> = text.trim().chars().collect();
    // For each position, whether the next non-space character is a digit.
    let mut digit_next = vec![false; chars.len() + 1];
    for i in (0..chars.len()).rev() {
        digit_next[i] = if chars[i] == ' ' {
            digit_next[i + 1]
        } else {
            chars[i].is_ascii_digit()
        };
    }
    let mut out = String::with_capacity(text.len());
    let mut last = None;
    for (i, &c) in chars.iter().enumerate() {
        if c != ' ' {
            out.push(c);
            last = Some(c);
        } else if last.is_some_and(|b: char| b.is_ascii_digit()) && digit_next[i + 1] {
            out.push(' ');
            last = Some(' ');
        }
    }
    out
}

fn is_zero(text: &str) -> bool {
    decimal(text) == Some(0.0)
}

/// Splits off the winner: `b`/`black`, `w`/`white`, 黑/黒/흑, 白/백.
fn split_winner(text: &str) -> Option<(Color, &str)> {
    for (prefix, color) in [
        ("black", Color::Black),
        ("white", Color::White),
        ("b", Color::Black),
        ("w", Color::White),
        ("黑", Color::Black),
        ("黒", Color::Black),
        ("흑", Color::Black),
        ("白", Color::White),
        ("백", Color::White),
    ] {
        if let Some(rest) = text.strip_prefix(prefix) {
            return Some((color, rest));
        }
    }
    None
}

/// A margin with its unit, in points: `3.5`, `3.50`, `3.5目`, `3目半`, `半目`, `3.5집`,
/// `1집반`, `반집`, `3/4子`, `1又1/4子`, `2子`, `半子`, `3.5points`, with an optional
/// "wins" word before (`胜3/4子`) or after (`3目半勝ち`, `3.5집승`).
fn quantity(text: &str) -> Option<f64> {
    let mut s = text;
    for w in ["胜", "勝"] {
        s = s.strip_prefix(w).unwrap_or(s);
    }
    for w in ["勝ち", "勝", "胜", "승"] {
        s = s.strip_suffix(w).unwrap_or(s);
    }
    let (number, unit_points, after) = split_unit(s)?;
    let half = match after {
        "" => 0.0,
        "半" | "반" => 0.5,
        _ => return None,
    };
    let value = match number {
        "" if half > 0.0 => 0.0,
        "半" | "반" if half == 0.0 => 0.5,
        n => amount(n)?,
    } + half;
    let points = value * unit_points;
    (points.is_finite() && points >= 0.0).then_some(points)
}

/// Splits `number unit after` and gives the points one unit is worth.
fn split_unit(s: &str) -> Option<(&str, f64, &str)> {
    // The units are not ASCII: no need to look for them in `3.5`.
    let units: &[(&str, f64)] = if s.is_ascii() {
        &[]
    } else {
        &[("子", 2.0), ("目", 1.0), ("집", 1.0)]
    };
    for &(unit, worth) in units {
        if let Some(at) = s.find(unit) {
            return Some((&s[..at], worth, &s[at + unit.len()..]));
        }
    }
    for unit in ["points", "point", "pts", "pt"] {
        if let Some(n) = s.strip_suffix(unit) {
            return Some((n, 1.0, ""));
        }
    }
    Some((s, 1.0, ""))
}

/// `3`, `3.5`, `3/4`, `1又1/4` (又 = "and").
fn amount(s: &str) -> Option<f64> {
    if let Some((whole, frac)) = s.split_once('又') {
        return Some(whole_number(whole)? + fraction(frac)?);
    }
    if s.contains('/') {
        return fraction(s);
    }
    decimal(s)
}

fn whole_number(s: &str) -> Option<f64> {
    (!s.is_empty() && s.len() <= 9 && s.bytes().all(|b| b.is_ascii_digit()))
        .then(|| s.parse::<f64>().ok())
        .flatten()
}

fn fraction(s: &str) -> Option<f64> {
    let (n, d) = s.split_once('/')?;
    let (n, d) = (whole_number(n)?, whole_number(d)?);
    (d > 0.0).then_some(n / d)
}

/// Plain decimals only (`3`, `3.5`, `.5`, `3,5`): no sign, exponent, `inf` or `nan`.
fn decimal(s: &str) -> Option<f64> {
    if !s
        .bytes()
        .all(|b| b.is_ascii_digit() || b == b'.' || b == b',')
    {
        return None;
    }
    let s = s.replace(',', ".");
    let digits = s.bytes().filter(u8::is_ascii_digit).count();
    let dots = s.bytes().filter(|&b| b == b'.').count();
    let ok = digits > 0 && digits <= 12 && dots <= 1 && digits + dots == s.len();
    ok.then(|| s.parse::<f64>().ok()).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black as B, White as W};
    use RecordedResult::*;

    #[test]
    fn sgf_forms() {
        assert_eq!(
            parse_result("B+3.5"),
            Score {
                winner: B,
                points: 3.5
            }
        );
        assert_eq!(parse_result("W+R"), Resignation(W));
        assert_eq!(parse_result("W+Time Over"), Time(W));
        assert_eq!(parse_result("B+Illegal"), Forfeit(B));
        // A rule broken by the loser wins the game without a count (art. 13.1).
        assert_eq!(parse_result("W+Repetition"), Forfeit(W));
        assert_eq!(parse_result("B+Foul"), Forfeit(B));
        assert_eq!(parse_result("B+Superko"), Forfeit(B));
        assert_eq!(parse_result("Void"), Void);
        assert_eq!(parse_result("No Result"), Void);
        assert_eq!(parse_result("Both lose"), Void);
        assert_eq!(parse_result("257手完，黒中押し勝ち"), Resignation(B));
        assert_eq!(parse_result("257手完, 黒中押し勝ち"), Resignation(B));
        assert_eq!(parse_result("B+J"), Unparsed);
        assert_eq!(parse_result("B+1 1/4"), Unparsed);
        assert_eq!(parse_result("B+inf"), Unparsed);
        assert_eq!(parse_result("B+1e3"), Unparsed);
        assert_eq!(parse_result(""), Unparsed);
        assert_eq!(parse_result("Ｂ＋Ｒ"), Resignation(B));
    }

    #[test]
    fn plain_ascii_reads_as_if_normalised() {
        for raw in [
            "W+Resign",
            "B+3.5",
            "B+0,5",
            "w+r",
            "B+",
            "0",
            "Draw",
            "?",
            "Void",
            "B+T",
            "W+Offline",
            "B+12.",
            "B+.5",
            "B+1/2",
            "B+3pts",
            "Black+R",
            "W+1e3",
            "",
            "+",
            "b+3.5.5",
            "W+1111111111111",
        ] {
            assert_eq!(
                parse_result(raw),
                read_normalised(&squeeze(&normalise(raw))),
                "{raw}"
            );
        }
    }
}
