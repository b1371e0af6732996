//! The formats of game-information values (`FF[4]` `DT`, `RE`, `TM`, `KM`, `HA`), and what
//! a value outside them would be corrected to where the intent is plain
//! (`DT[2018.04.27]` -> `2018-04-27`, `RE[B+time]` -> `B+T`, `KM[5 1/2]` -> `5.5`).

use crate::finding::{Applicability, Code, Fix};

use super::values::{is_number, is_real, ValueProblem};

/// Checks a game-information value (trimmed, not empty); `None` when it is fine or the
/// property has no format beyond text.
pub fn check(id: &str, v: &str) -> Option<ValueProblem> {
    let ok = match id {
        "DT" => is_date_list(v),
        "RE" => is_result(v),
        "TM" | "KM" => is_real(v),
        "HA" | "BS" | "WS" | "KI" => is_number(v),
        _ => return None,
    };
    if ok {
        return None;
    }
    // What it would be corrected to: only for a value outside the format.
    let fix = match id {
        "DT" => correct_date(v),
        "RE" => correct_result(v).map(|c| {
            // A margin the specification has no word for is given up (`W+J` -> `W+`).
            let kept = result_kept(v).as_deref() == Some(c.as_str());
            with(v, c, !kept)
        }),
        "TM" => correct_time_with_overtime(v),
        "KM" => correct_real(v).map(|c| Fix::safe(v, c)),
        _ => None,
    };
    // An unreadable `KM` or `HA` is the audit's `bad-property` (the check cannot be made):
    // here only what could be corrected.
    if matches!(id, "KM" | "HA") && fix.is_none() {
        return None;
    }
    let shown: String = v.chars().take(40).collect();
    let message = match &fix {
        Some(fix) => {
            let request = match fix.applicability {
                Applicability::Safe => "",
                Applicability::OnRequest => " (with --unsafe-fixes)",
            };
            let written = fix.written(id);
            format!("{id}[{shown}] is not in the specification's format: it would be corrected to {written}{request}")
        }
        None => format!("{id}[{shown}] is not in the specification's format (not corrected)"),
    };
    Some((Code::GameInfoFormat, message, fix))
}

/// A fix of `from` to `to`, made on request only when `given_up`.
fn with(from: &str, to: String, given_up: bool) -> Fix {
    let mut fix = Fix::safe(from, to);
    if given_up {
        fix.applicability = Applicability::OnRequest;
    }
    fix
}

/// `RE` in the specification's form when its winner and margin can be kept exactly:
/// `W+Time Over` -> `W+T`, `draw` -> `Draw`, `B+5,5` -> `B+5.5`, a winner alone (`W`) ->
/// `W+` (the winner, no margin known); `None` for anything else (`W+J`, `B+AW`,
/// `Black resigns. W 133.5 B 81.0`).
pub fn result_kept(value: &str) -> Option<String> {
    let lower = value.trim().to_ascii_lowercase();
    if let Some(whole) = result_word(&lower) {
        return Some(whole.into());
    }
    let (winner, rest) = match lower.strip_prefix("b+") {
        Some(rest) => ("B", rest),
        None => ("W", lower.strip_prefix("w+")?),
    };
    let rest = rest.trim();
    let margin = match margin_word(rest) {
        Some(word) => word.to_string(),
        None => {
            let number = rest
                .trim_end_matches("points")
                .trim_end_matches("point")
                .trim_end_matches("pts")
                .trim()
                .replace(',', ".");
            let n: f64 = number.parse().ok()?;
            if !n.is_finite() || n < 0.0 {
                return None;
            }
            format!("{n}")
        }
    };
    Some(format!("{winner}+{margin}"))
}

/// `TM` in seconds; a main time followed by an overtime in parentheses or after a `+`
/// (`10:00(5x1:00)`, `30:00+30:00/25`) becomes the main time in seconds and the
/// overtime, as written, in `OT`.
fn correct_time_with_overtime(v: &str) -> Option<Fix> {
    if let Some(seconds) = correct_time(v) {
        return Some(Fix::safe(v, seconds));
    }
    let (main, overtime) = match v.strip_suffix(')').and_then(|r| r.split_once('(')) {
        Some(split) => split,
        None => v.split_once('+')?,
    };
    let overtime = overtime.trim();
    let plain = |c: char| c.is_ascii_alphanumeric() || " :/x.,".contains(c);
    if overtime.is_empty() || !overtime.chars().all(plain) {
        return None;
    }
    let seconds = clock(main.trim())?;
    let mut fix = Fix::safe(v, seconds.to_string());
    fix.added = Some(("OT", overtime.to_string()));
    Some(fix)
}

/// Digits only, of the given length.
fn digits(s: &str, len: usize) -> Option<u32> {
    (s.len() == len && s.bytes().all(|b| b.is_ascii_digit()))
        .then(|| s.parse().ok())
        .flatten()
}

/// `DT`: ISO dates separated by commas, with the shortcuts of `FF[4]` (`1996-05,06`,
/// `1996-05-06,07,08`, `1996-12-27,28,1997-01-03,04`).
pub(crate) fn is_date_list(v: &str) -> bool {
    // What the previous date gave: 1 a year, 2 a month, 3 a day.
    let mut level = 0;
    for part in v.split(',') {
        // Up to three fields (a fourth makes it no date), without allocating.
        let mut fields = [""; 4];
        let mut count = 0;
        for field in part.trim().split('-').take(4) {
            fields[count] = field;
            count += 1;
        }
        let month = |s: &str| digits(s, 2).is_some_and(|m| (1..=12).contains(&m));
        let day = |s: &str| digits(s, 2).is_some_and(|d| (1..=31).contains(&d));
        level = match &fields[..count] {
            [y] if digits(y, 4).is_some() => 1,
            [y, m] if digits(y, 4).is_some() && month(m) => 2,
            [y, m, d] if digits(y, 4).is_some() && month(m) && day(d) => 3,
            [m, d] if level == 3 && month(m) && day(d) => 3,
            [x] if level == 2 && month(x) => 2,
            [x] if level == 3 && day(x) => 3,
            _ => return false,
        };
    }
    true
}

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

/// `2018.04.27`, `2018/4/27`, `August 1, 2001`, `1 August 2001` as an ISO date.
fn correct_date(v: &str) -> Option<Fix> {
    if let Some(date) = date_of(v) {
        return Some(Fix::safe(v, date));
    }
    // A date and a time of day (`2016.09.29 20:30`): the date, the time given up.
    let (day, time) = v.split_once([' ', 'T'])?;
    let date = date_of(day).or_else(|| is_date_list(day).then(|| day.to_string()))?;
    let time_like = time.starts_with(|c: char| c.is_ascii_digit()) && time.contains(':');
    time_like.then(|| with(v, date, true))
}

/// A date written in another common form, in the specification's (`2018.04.27`,
/// `27 April 2018`; `19.11.2002` and `9-09-2000`, whose year comes last, only when one
/// order of day and month makes a date or both make the same one).
fn date_of(v: &str) -> Option<String> {
    let iso = |y: u32, m: u32, d: u32| {
        ((1..=12).contains(&m) && (1..=31).contains(&d) && y >= 1000)
            .then(|| format!("{y:04}-{m:02}-{d:02}"))
    };
    let nums: Vec<&str> = v.split(['.', '/', '-']).collect();
    if let [y, m, d] = nums.as_slice() {
        if y.len() == 4 {
            return iso(y.parse().ok()?, m.parse().ok()?, d.parse().ok()?);
        }
    }
    if let [a, b, y] = nums.as_slice() {
        let short = |s: &str| (1..=2).contains(&s.len()) && s.bytes().all(|c| c.is_ascii_digit());
        if y.len() == 4 && short(a) && short(b) {
            let (a, b, y) = (a.parse().ok()?, b.parse().ok()?, y.parse().ok()?);
            return match (iso(y, b, a), iso(y, a, b)) {
                (Some(day_first), Some(month_first)) => {
                    (day_first == month_first).then_some(day_first)
                }
                (day_first, month_first) => day_first.or(month_first),
            };
        }
    }
    let words: Vec<&str> = v.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    let month_of = |w: &str| {
        let w = w.to_ascii_lowercase();
        MONTHS
            .iter()
            .position(|m| w.len() >= 3 && w.starts_with(m))
            .map(|i| i as u32 + 1)
    };
    match words.as_slice() {
        [m, d, y] if month_of(m).is_some() => iso(y.parse().ok()?, month_of(m)?, d.parse().ok()?),
        [d, m, y] if month_of(m).is_some() => iso(y.parse().ok()?, month_of(m)?, d.parse().ok()?),
        _ => None,
    }
}

/// `RE`: `0`, `?`, `Draw`, `Void`, or `B+`/`W+` with nothing, `R`, `Resign`, `T`, `Time`,
/// `F`, `Forfeit` or a real number.
pub(crate) fn is_result(v: &str) -> bool {
    match v {
        "0" | "?" | "Draw" | "Void" => true,
        _ => match v.strip_prefix("B+").or_else(|| v.strip_prefix("W+")) {
            Some(rest) => {
                matches!(rest, "" | "R" | "Resign" | "T" | "Time" | "F" | "Forfeit")
                    || is_real(rest)
            }
            None => false,
        },
    }
}

/// A result written as one word, in the specification's form: `draw`, `jigo` -> `Draw`,
/// `void` -> `Void`, a winner alone (`w`) -> `W+` (no margin known). Lower case in.
fn result_word(lower: &str) -> Option<&'static str> {
    match lower {
        "draw" | "jigo" => Some("Draw"),
        "void" => Some("Void"),
        "b" => Some("B+"),
        "w" => Some("W+"),
        _ => None,
    }
}

/// A margin written as a word, in the specification's form: `resign` -> `R`, `time over`
/// -> `T`, `forfeit` -> `F`. Lower case in.
fn margin_word(lower: &str) -> Option<&'static str> {
    match lower {
        "r" | "res" | "resign" | "resignation" => Some("R"),
        "t" | "time" | "time over" | "timeout" | "time out" | "on time" => Some("T"),
        "f" | "forfeit" => Some("F"),
        _ => None,
    }
}

/// What an irregular result would be: `draw` -> `Draw`, `B+time` -> `B+T`, `W+resign` ->
/// `W+R`, `B+5,5` -> `B+5.5`, any other `B+...` -> `B+`, `black wins by 5 1/2` -> `B+5.5`.
fn correct_result(v: &str) -> Option<String> {
    let lower = v.to_ascii_lowercase();
    if let Some(whole) = result_word(&lower) {
        return Some(whole.into());
    }
    let (winner, rest) = if let Some(r) = lower.strip_prefix("b+").or(lower.strip_prefix("black")) {
        ("B", r)
    } else if let Some(r) = lower.strip_prefix("w+").or(lower.strip_prefix("white")) {
        ("W", r)
    } else {
        return None;
    };
    let rest = rest
        .trim_start_matches(" wins")
        .trim_start_matches(" by")
        .trim();
    let reason = match margin_word(rest) {
        Some(word) => word.to_string(),
        None => correct_real(rest.trim_end_matches(" points").trim_end_matches(" point"))
            .or_else(|| is_real(rest).then(|| rest.to_string()))
            .unwrap_or_default(),
    };
    Some(format!("{winner}+{reason}"))
}

/// `1 hour` -> `3600`, `90 min` -> `5400`, `30:00` -> `1800`, `1:00:00` -> `3600`, or a
/// real number written irregularly.
fn correct_time(v: &str) -> Option<String> {
    if let Some(seconds) = clock(v) {
        return Some(seconds.to_string());
    }
    let lower = v.to_ascii_lowercase();
    let (number, unit) = lower.split_once(' ').unwrap_or((lower.as_str(), ""));
    let n: f64 = number.parse().ok()?;
    let seconds = match unit.trim() {
        "h" | "hr" | "hour" | "hours" => n * 3600.0,
        "m" | "min" | "mins" | "minute" | "minutes" => n * 60.0,
        "s" | "sec" | "seconds" => n,
        _ => return correct_real(v),
    };
    Some(format!("{seconds}"))
}

/// A time written as a clock, minutes and seconds (`30:00`) or hours, minutes and seconds
/// (`1:00:00`), in seconds; `None` for anything else (`10:00(5x1:00)`, `1:60`).
fn clock(v: &str) -> Option<u64> {
    let parts: Vec<&str> = v.trim().split(':').collect();
    if !(2..=3).contains(&parts.len()) {
        return None;
    }
    let mut seconds = 0u64;
    for (k, part) in parts.iter().enumerate() {
        let n: u64 = digits_any(part)?;
        if k > 0 && (part.len() != 2 || n >= 60) {
            return None;
        }
        seconds = seconds.checked_mul(60)?.checked_add(n)?;
    }
    Some(seconds)
}

/// One to six digits, as a number.
fn digits_any(s: &str) -> Option<u64> {
    ((1..=6).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit()))
        .then(|| s.parse().ok())
        .flatten()
}

/// `5,5` -> `5.5`, `.5` -> `0.5`, `5 1/2` -> `5.5`, `6.50` stays out (it is a real).
fn correct_real(v: &str) -> Option<String> {
    let v = v.trim().replace(',', ".");
    if let Some((whole, frac)) = v.split_once(' ') {
        let (num, den) = frac.split_once('/')?;
        let value =
            whole.parse::<f64>().ok()? + num.parse::<f64>().ok()? / den.parse::<f64>().ok()?;
        return value.is_finite().then(|| format!("{value}"));
    }
    let value: f64 = v.parse().ok()?;
    value.is_finite().then(|| format!("{value}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The value the finding proposes: its fix's, which its message states.
    fn corrected(id: &str, v: &str) -> Option<String> {
        let (_, message, fix) = check(id, v)?;
        let fix = fix?;
        assert!(message.contains(&fix.written(id)), "{message}");
        Some(fix.to)
    }

    #[test]
    fn dates_of_the_specification() {
        for ok in [
            "1996",
            "1996-05",
            "1996-05-06",
            "1996-05,06",
            "1996-05-06,07,08",
            "1996-12-27,28,1997-01-03,04",
            "1996,1997",
            "1996-05-06,07-01",
        ] {
            assert!(is_date_list(ok), "{ok}");
        }
        for bad in [
            "96-05-06",
            "1996-13-01",
            "a sunny afternoon",
            "2017.08.28 22:47",
            "1996-05-06,",
        ] {
            assert!(!is_date_list(bad), "{bad}");
        }
        assert_eq!(corrected("DT", "2018.04.27").as_deref(), Some("2018-04-27"));
        assert_eq!(
            corrected("DT", "August 1, 2001").as_deref(),
            Some("2001-08-01")
        );
        // The year last: day and month only where their order is plain.
        assert_eq!(corrected("DT", "19.11.2002").as_deref(), Some("2002-11-19"));
        assert_eq!(corrected("DT", "11/19/2002").as_deref(), Some("2002-11-19"));
        assert_eq!(corrected("DT", "9-09-2000").as_deref(), Some("2000-09-09"));
        assert_eq!(corrected("DT", "3.4.2002"), None);
        assert_eq!(corrected("DT", "31.13.2002"), None);
        // The time of day is given up: a fix made on request only.
        let (_, message, fix) = check("DT", "2017.08.28 22:47").unwrap();
        assert!(
            message.ends_with("DT[2017-08-28] (with --unsafe-fixes)"),
            "{message}"
        );
        assert_eq!(fix.unwrap().applicability, Applicability::OnRequest);
    }

    #[test]
    fn results_times_and_komi() {
        for ok in [
            "0", "?", "Draw", "Void", "B+", "W+R", "B+Resign", "W+T", "B+Time", "W+F", "B+3.5",
            "W+12",
        ] {
            assert!(is_result(ok), "{ok}");
        }
        assert_eq!(check("RE", "B+0.0"), None);
        assert_eq!(corrected("RE", "B+time").as_deref(), Some("B+T"));
        assert_eq!(corrected("RE", "draw").as_deref(), Some("Draw"));
        assert_eq!(corrected("RE", "W+AW").as_deref(), Some("W+"));
        // A winner alone: the winner, no margin, as FF[4] writes it; nothing given up.
        let (_, _, fix) = check("RE", "W").unwrap();
        let fix = fix.unwrap();
        assert_eq!(
            (fix.to.as_str(), fix.applicability),
            ("W+", Applicability::Safe)
        );
        assert_eq!(corrected("RE", "B").as_deref(), Some("B+"));
        assert_eq!(
            corrected("RE", "black wins by 5 1/2").as_deref(),
            Some("B+5.5")
        );
        assert!(check("RE", "john wins")
            .unwrap()
            .1
            .contains("not corrected"));
        assert_eq!(corrected("TM", "1 hour").as_deref(), Some("3600"));
        assert_eq!(corrected("TM", "30:00").as_deref(), Some("1800"));
        assert_eq!(corrected("TM", "1:00:00").as_deref(), Some("3600"));
        assert_eq!(corrected("TM", "1:60"), None);
        assert_eq!(corrected("TM", "10:00(5x1:00)").as_deref(), Some("600"));
        let (_, message, fix) = check("TM", "30:00+30:00/25").unwrap();
        assert!(
            message.ends_with("corrected to TM[1800]OT[30:00/25]"),
            "{message}"
        );
        assert_eq!(fix.unwrap().added, Some(("OT", "30:00/25".to_string())));
        assert_eq!(corrected("TM", "10:00(5x1:00;)"), None);
        assert!(check("TM", "1:60(5x1:00)")
            .unwrap()
            .1
            .contains("not corrected"));
        assert_eq!(check("TM", "60"), None);
        assert_eq!(corrected("KM", "5 1/2").as_deref(), Some("5.5"));
        assert_eq!(check("KM", "750"), None);
        assert_eq!(check("GN", ""), None);
    }
}
