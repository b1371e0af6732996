//! Checks one property value against its type in the property index ([`super::props`]):
//! what an SGF checker says of `AP[YuanYu]`, `GN[]`, `B[]` in an `FF[3]` file or `GB[3]`.
//! Game-information formats (`DT`, `RE`, `TM`, `KM`, `HA`) are in [`super::info_format`].

use crate::finding::{Code, Fix};

use super::info_format;
use super::props::{PropDef, PropKind, Shape, ValueType};

/// What is wrong with one value: the code, the message and the fix (whose value the
/// message states).
pub type ValueProblem = (Code, String, Option<Fix>);

/// The file's version and game, which some checks depend on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileFormat {
    /// `FF[]` of the root (1 when missing).
    pub ff: u8,
    /// `GM[]` of the root (1, Go, when missing).
    pub gm: u8,
}

impl Default for FileFormat {
    fn default() -> Self {
        FileFormat { ff: 1, gm: 1 }
    }
}

/// Checks a value (escapes left in) of a property of the index; `None` when it is fine.
/// Setup point lists, `PL`, `KM` and `HA` are checked where they are read, not here.
pub fn check(def: &PropDef, raw: &str, file: FileFormat) -> Option<ValueProblem> {
    let id = def.id;
    let v = raw.trim();
    if v.is_empty() {
        return check_empty(def, file);
    }
    if def.kind == PropKind::GameInfo {
        return info_format::check(id, v);
    }
    match def.value {
        ValueType::None => bad(id, v, "takes no value", Some("")),
        ValueType::Number if !is_number(v) => bad(id, v, "is not a number", None),
        ValueType::Real if !is_real(v) => bad(id, v, "is not a real number", None),
        ValueType::Double if v != "1" && v != "2" => bad(id, v, "is not 1 or 2", None),
        ValueType::Color if v != "B" && v != "W" && def.kind != PropKind::Setup => {
            bad(id, v, "is not B or W", None)
        }
        ValueType::Point if def.kind != PropKind::Setup && file.gm == 1 && !is_point_list(v) => {
            bad(id, v, "is not a point", None)
        }
        ValueType::SizeCompose => check_size(v),
        ValueType::LabelCompose | ValueType::PointCompose if colon(raw).is_some() => {
            check_compose_points(id, def.value, v)
        }
        ValueType::TextCompose | ValueType::LabelCompose | ValueType::PointCompose
            if colon(raw).is_none() =>
        {
            let what = match def.value {
                ValueType::TextCompose => "name:version (the application's version is missing)",
                ValueType::LabelCompose => "point:text (the label's text is missing)",
                _ => "point:point",
            };
            // An application's name: the version left empty (`AP[YuanYu:]`).
            let fix = (def.value == ValueType::TextCompose).then(|| Fix::safe(v, format!("{v}:")));
            Some((
                Code::ComposeExpected,
                format!("{id}[{v}] is no compose value {what}"),
                fix,
            ))
        }
        _ => None,
    }
}

/// An empty value: a pass, an elist, a `none` value, or something missing.
fn check_empty(def: &PropDef, file: FileFormat) -> Option<ValueProblem> {
    let id = def.id;
    match def.value {
        ValueType::Move if file.gm == 1 => (file.ff < 4).then(|| {
            (
                Code::OldPass,
                format!(
                    "{id}[] is the FF[4] pass in an FF[{}] file, where a pass is {id}[tt]: read as a pass",
                    file.ff
                ),
                None,
            )
        }),
        ValueType::None | ValueType::Figure | ValueType::Move => None,
        _ if def.shape == Shape::EList => None,
        // Point lists are checked where they are read.
        ValueType::Point if def.kind == PropKind::Setup => None,
        _ => {
            let what = if def.text {
                "nothing to read: dropped"
            } else {
                "no value of its type: ignored"
            };
            Some((Code::EmptyValue, format!("empty {id}[] has {what}"), None))
        }
    }
}

fn bad(id: &str, v: &str, what: &str, corrected: Option<&str>) -> Option<ValueProblem> {
    let shown: String = v.chars().take(40).collect();
    let outcome = match corrected {
        Some(c) => format!("corrected to {id}[{c}]"),
        None => "ignored".to_string(),
    };
    // Only blanks taken out keeps the value (`AR[a a: c r]` -> `AR[aa:cr]`).
    let squeezed: String = v.chars().filter(|c| !c.is_whitespace()).collect();
    let fix = corrected
        .filter(|c| *c == squeezed)
        .map(|c| Fix::safe(v, c));
    Some((
        Code::BadValue,
        format!("{id}[{shown}] {what}: {outcome}"),
        fix,
    ))
}

/// The offset of the first `:` not escaped by a `\`.
pub(crate) fn colon(raw: &str) -> Option<usize> {
    let bytes = raw.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b':' => return Some(i),
            _ => i += 1,
        }
    }
    None
}

/// SGF Number: `[+-]digits`.
pub(crate) fn is_number(v: &str) -> bool {
    let digits = v.strip_prefix(['+', '-']).unwrap_or(v);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// SGF Real: a Number, then `.` and digits or nothing.
pub(crate) fn is_real(v: &str) -> bool {
    match v.split_once('.') {
        None => is_number(v),
        Some((int, frac)) => {
            is_number(int) && !frac.is_empty() && frac.bytes().all(|b| b.is_ascii_digit())
        }
    }
}

/// A point (`dd`) or a compressed rectangle (`aa:cc`) of letters.
fn is_point_list(v: &str) -> bool {
    let letters = |s: &str| s.len() == 2 && s.bytes().all(|b| b.is_ascii_alphabetic());
    match v.split_once(':') {
        None => letters(v),
        Some((a, b)) => letters(a) && letters(b),
    }
}

/// The points of `LB[dd:text]`, `AR[aa:cc]`: spaces in them are dropped (`a a: c r` ->
/// `aa:cr`), anything else is no point.
fn check_compose_points(id: &str, value: ValueType, v: &str) -> Option<ValueProblem> {
    let (first, second) = v.split_once(':')?;
    let squeeze = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
    let point = |s: &str| s.len() == 2 && s.bytes().all(|b| b.is_ascii_alphabetic());
    let (a, b) = match value {
        ValueType::PointCompose => (squeeze(first), squeeze(second)),
        _ => (squeeze(first), second.to_string()),
    };
    let ok_as_written = point(first) && (value != ValueType::PointCompose || point(second));
    if ok_as_written {
        return None;
    }
    let fixed = point(&a) && (value != ValueType::PointCompose || point(&b));
    bad(
        id,
        v,
        "holds no point where one belongs",
        fixed.then(|| format!("{a}:{b}")).as_deref(),
    )
}

/// `SZ[n]` or `SZ[columns:rows]`, 1 to 52 each.
fn check_size(v: &str) -> Option<ValueProblem> {
    let side = |s: &str| {
        s.trim()
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=52).contains(n))
    };
    match v.split_once(':') {
        None if side(v).is_some() => None,
        Some((a, b)) if side(a).is_some() && side(b).is_some() => {
            (a.trim() == b.trim()).then(|| {
                (
                    Code::BadValue,
                    format!(
                        "SZ[{v}] is a square board in the rectangular form: SZ[{}]",
                        a.trim()
                    ),
                    Some(Fix::safe(v, a.trim())),
                )
            })
        }
        _ => Some((
            Code::BadValue,
            format!("SZ[{v}] is no board size of 1 to 52 points a side"),
            None,
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::super::props::lookup;
    use super::*;

    fn code(id: &str, v: &str, ff: u8) -> Option<Code> {
        check(lookup(id.as_bytes()).unwrap(), v, FileFormat { ff, gm: 1 }).map(|(c, _, _)| c)
    }

    #[test]
    fn values_by_type() {
        assert_eq!(code("AP", "YuanYu", 4), Some(Code::ComposeExpected));
        assert_eq!(code("AP", "CGoban:3", 4), None);
        assert_eq!(code("AP", "a\\:b", 4), Some(Code::ComposeExpected));
        assert_eq!(code("LB", "aa", 4), Some(Code::ComposeExpected));
        assert_eq!(code("GN", "", 4), Some(Code::EmptyValue));
        assert_eq!(code("GN", "  ", 4), Some(Code::EmptyValue));
        assert_eq!(code("B", "", 3), Some(Code::OldPass));
        assert_eq!(code("B", "", 4), None);
        assert_eq!(code("VW", "", 4), None);
        assert_eq!(code("KO", "", 4), None);
        assert_eq!(code("KO", "7.5", 4), Some(Code::BadValue));
        assert_eq!(code("GB", "3", 4), Some(Code::BadValue));
        assert_eq!(code("BL", "12.5", 4), None);
        assert_eq!(code("BL", "ten", 4), Some(Code::BadValue));
        assert_eq!(code("SZ", "19", 4), None);
        assert_eq!(code("SZ", "19:19", 4), Some(Code::BadValue));
        assert_eq!(code("SZ", "9:13", 4), None);
        assert_eq!(code("SZ", "60", 4), Some(Code::BadValue));
        assert_eq!(code("MA", "aa:bb", 4), None);
        assert_eq!(code("AR", "a a: c r", 4), Some(Code::BadValue));
        assert_eq!(code("LB", "f f:text", 4), Some(Code::BadValue));
        assert_eq!(code("LB", "ff:a text", 4), None);
        assert_eq!(code("MA", "a", 4), Some(Code::BadValue));
        assert!(is_real("-0.5") && !is_real(".5") && !is_real("7.") && is_real("+3"));
    }
}
