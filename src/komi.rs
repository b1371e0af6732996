//! Komi as archives write it: points, Fox's hundredths, stones; what was read and used,
//! and the findings a record's `KM[]` calls for.

use crate::finding::{Code, Finding, Severity};
use crate::sgf::record::RawValue;

/// The komi of a game: what `KM[]` said and what the count uses.
#[derive(Clone, Debug, PartialEq)]
pub struct Komi {
    /// Points used in the count.
    pub points: f64,
    /// The `KM[]` text as written (`None` when absent).
    pub raw: Option<String>,
    /// Why `points` differs from the raw number, for a `komi-normalized` finding.
    pub normalized: Option<String>,
    /// True when the komi the game was played with cannot be known from the record (no
    /// `KM[]`, unreadable, or Fox's `KM[0]` on an even game): a count never contradicts
    /// `RE[]` on such a guess.
    pub uncertain: bool,
}

/// Reads `KM[]`. `chinese` says the game was played under Chinese rules (where `3.75`
/// means stones), `even` that it has no handicap.
pub fn read_komi(raw: Option<&str>, default: f64, chinese: bool, even: bool) -> Komi {
    let Some(text) = raw.map(str::trim) else {
        return Komi {
            points: default,
            raw: None,
            normalized: None,
            uncertain: true,
        };
    };
    let Ok(value) = text.parse::<f64>() else {
        return Komi {
            points: default,
            raw: Some(text.to_string()),
            normalized: None,
            uncertain: true,
        };
    };
    if !value.is_finite() {
        return Komi {
            points: default,
            raw: Some(text.to_string()),
            normalized: None,
            uncertain: true,
        };
    }
    let quarter = |v: f64| (v * 4.0).fract() == 0.0 && (v * 2.0).fract() != 0.0;
    // Fox writes hundredths: 750 = 7.5 points, 375 = 3.75 stones = 7.5 points.
    if value.abs() >= 100.0 && (value / 25.0).fract() == 0.0 {
        let hundredths = value / 100.0;
        let (points, how) = if quarter(hundredths) {
            (
                hundredths * 2.0,
                format!(
                    "KM[{text}] read as {hundredths} stones = {} points",
                    hundredths * 2.0
                ),
            )
        } else {
            (
                hundredths,
                format!("KM[{text}] read as hundredths: {hundredths} points"),
            )
        };
        return Komi {
            points,
            raw: Some(text.to_string()),
            normalized: Some(how),
            uncertain: false,
        };
    }
    // GoGoD and Chinese sources write stones: 3.75 stones = 7.5 points.
    if chinese && quarter(value) {
        return Komi {
            points: value * 2.0,
            raw: Some(text.to_string()),
            normalized: Some(format!(
                "KM[{text}] read as {value} stones = {} points",
                value * 2.0
            )),
            uncertain: false,
        };
    }
    Komi {
        points: value,
        raw: Some(text.to_string()),
        normalized: None,
        // Fox (and others) write KM[0] on even games that were played with komi; a real
        // no-komi even game is rare enough that a count is not held against RE[] on it.
        uncertain: value == 0.0 && even,
    }
}

/// What the komi of a record is read with: the rules' default komi, whether `3.75` means
/// stones (Chinese rules), whether the game is even (no handicap: `HA[1]` is a game
/// without komi where Black moves first, Fox's 让先, whose `KM[0]` is the game's own, not
/// a guess), and the board's points (a komi past them cannot be meant).
#[derive(Clone, Copy, Debug)]
pub struct KomiCustoms {
    pub default: f64,
    pub chinese: bool,
    pub even: bool,
    pub board_points: usize,
}

/// The komi of a record: `chosen` (`--komi`) when given, else `KM[]` (`km`) read with
/// its `customs`; and whether `KM[]` could not be read. A number past the board's points
/// or no number at all is a finding, and the rules' default komi is assumed, never held
/// against `RE[]`; a komi read otherwise than written is a `komi-normalized` finding.
pub fn komi_of_record(
    km: Option<RawValue<'_>>,
    chosen: Option<f64>,
    customs: KomiCustoms,
    findings: &mut Vec<Finding>,
) -> (Komi, bool) {
    if let Some(points) = chosen {
        let komi = Komi {
            points,
            raw: km.map(|v| v.raw.trim().to_string()),
            normalized: None,
            uncertain: false,
        };
        return (komi, false);
    }
    let mut k = read_komi(
        km.map(|v| v.raw),
        customs.default,
        customs.chinese,
        customs.even,
    );
    let Some(v) = km else {
        return (k, false);
    };
    let number = v.raw.trim().parse::<f64>().ok().filter(|x| x.is_finite());
    let problem = if number.is_none() {
        Some("is not a number")
    } else if k.points.abs() > customs.board_points as f64 {
        Some("is more points than the board has")
    } else {
        None
    };
    if let Some(problem) = problem {
        k.points = customs.default;
        k.normalized = None;
        k.uncertain = true;
        findings.push(Finding::new(
            Code::BadProperty,
            Severity::Warning,
            v.offset as usize,
            format!(
                "KM[{}] {problem}: komi {} assumed, results not held against RE[]",
                v.raw.trim(),
                k.points
            ),
        ));
    }
    if let Some(how) = &k.normalized {
        findings.push(Finding::new(
            Code::KomiNormalized,
            Severity::Info,
            v.offset as usize,
            how.clone(),
        ));
    }
    (k, problem.is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn real_world_forms() {
        assert_eq!(read_komi(Some("7.5"), 7.5, true, true).points, 7.5);
        let fox = read_komi(Some("750"), 7.5, false, true);
        assert_eq!(fox.points, 7.5);
        assert!(fox.normalized.is_some());
        assert_eq!(read_komi(Some("650"), 7.5, false, true).points, 6.5);
        assert_eq!(read_komi(Some("375"), 7.5, false, true).points, 7.5);
        assert_eq!(read_komi(Some("325"), 7.5, false, true).points, 6.5);
        let stones = read_komi(Some("3.75"), 7.5, true, true);
        assert_eq!(stones.points, 7.5);
        assert!(stones.normalized.is_some());
        assert_eq!(read_komi(Some("3.75"), 7.5, false, true).points, 3.75);
        assert!(read_komi(Some("0"), 7.5, false, true).uncertain);
        assert!(!read_komi(Some("0"), 7.5, false, false).uncertain);
        assert!(read_komi(None, 7.5, false, true).uncertain);
        assert!(read_komi(Some("abc"), 7.5, false, true).uncertain);
        assert_eq!(read_komi(Some("-7.5"), 7.5, false, true).points, -7.5);
    }
}
