//! "Did you mean …?" for a misspelt finding code, status or severity: the nearest known
//! name by edit distance (case ignored), instead of a list of every name.

use crate::audit::Status;
use crate::finding::{Code, Severity};
use crate::gate::{parse_codes, parse_severity, FailOn};

/// Where every finding code is listed, for the messages below.
const WHERE_CODES_ARE: &str = "`sgfaudit explain` lists every code";

/// The fewest single-character insertions, deletions, substitutions or swaps of two
/// neighbours that turn `a` into `b` (optimal string alignment distance).
fn edit_distance(a: &[char], b: &[char]) -> usize {
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = d;
        }
    }
    rows[a.len()][b.len()]
}

/// The known name nearest to `word`, case ignored, if it is near enough to be a slip: at
/// most one edit in four characters of the word (at least one edit).
pub(crate) fn nearest<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let word: Vec<char> = word.trim().to_lowercase().chars().collect();
    let limit = (word.len() / 4).max(1);
    known
        .into_iter()
        .map(|name| {
            let chars: Vec<char> = name.to_lowercase().chars().collect();
            (edit_distance(&word, &chars), name)
        })
        .filter(|&(d, _)| d <= limit)
        .min_by_key(|&(d, _)| d)
        .map(|(_, name)| name)
}

/// The names of every code and group of codes.
fn code_names() -> impl Iterator<Item = &'static str> {
    Code::ALL
        .iter()
        .map(|c| c.as_str())
        .chain(Code::GROUPS.iter().map(|(g, _)| *g))
}

/// ` Did you mean 'NAME'?` when some name is near, else nothing.
fn did_you_mean(near: Option<&str>) -> String {
    near.map(|n| format!("; did you mean '{n}'?"))
        .unwrap_or_default()
}

/// The message for a word that names no finding code (`sgfaudit explain WORD`).
pub(crate) fn unknown_code(word: &str) -> String {
    unknown_code_among(word, Code::ALL.iter().map(|c| c.as_str()))
}

/// The message for a word that is none of `names`.
fn unknown_code_among<'a>(word: &str, names: impl IntoIterator<Item = &'a str>) -> String {
    format!(
        "unknown finding code '{}'{} ({WHERE_CODES_ARE})",
        word.trim(),
        did_you_mean(nearest(word, names))
    )
}

/// The codes a `--select`/`--ignore` word names (a group's or one), or the message with
/// the nearest code.
pub(crate) fn codes(word: &str) -> Result<Vec<Code>, String> {
    parse_codes(word).map_err(|_| unknown_code_among(word, code_names()))
}

/// One `--fail-on` word, or the message with the nearest status, severity or code.
pub(crate) fn fail_on(word: &str) -> Result<Vec<FailOn>, String> {
    FailOn::parse_all(word).map_err(|_| {
        let words = Status::ALL
            .iter()
            .map(|s| s.as_str())
            .chain(["warning", "info"])
            .chain(code_names());
        format!(
            "unknown status, severity or finding code '{}'{} (statuses: ok, illegal, \
mismatch, error; severities: warning, info; {WHERE_CODES_ARE})",
            word.trim(),
            did_you_mean(nearest(word, words))
        )
    })
}

/// A `--min-severity` word, or the message with the nearest severity.
pub(crate) fn severity(word: &str) -> Result<Severity, String> {
    parse_severity(word).map_err(|_| {
        format!(
            "unknown severity '{}'{} (info, warning, error)",
            word.trim(),
            did_you_mean(nearest(word, ["info", "warning", "error"]))
        )
    })
}

/// A config file's value of a fixed list (`rules = "japanese"`), or the message with the
/// nearest value.
pub(crate) fn choice<T: clap::ValueEnum>(key: &str, word: &str) -> Result<T, String> {
    let names: Vec<String> = T::value_variants()
        .iter()
        .filter_map(|v| v.to_possible_value())
        .map(|v| v.get_name().to_string())
        .collect();
    T::from_str(word.trim(), true).map_err(|_| {
        format!(
            "config file: {key}: unknown value '{}'{} ({})",
            word.trim(),
            did_you_mean(nearest(word, names.iter().map(String::as_str))),
            names.join(", ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_names_are_suggested_and_far_ones_are_not() {
        assert_eq!(nearest("occupid", code_names()), Some("occupied"));
        assert_eq!(nearest("Superko", code_names()), Some("superko"));
        assert_eq!(nearest("KO", code_names()), Some("ko"));
        assert_eq!(nearest("sucide", code_names()), Some("suicide"));
        assert_eq!(nearest("frmat", code_names()), Some("format"));
        assert_eq!(nearest("nonsense", code_names()), None);
        assert_eq!(nearest("x", code_names()), None);
    }
}
