//! What a run shows and what fails it, in the manner of linters' CI options: which codes
//! are reported (`--select`, `--ignore`), from which severity findings are shown
//! (`--min-severity`), how many a game shows (`--max-findings-per-game`), whether games
//! are shown at all (`--quiet`), and which statuses, codes or severities fail the run
//! (`--fail-on`). Applied to each report on the worker that made it.

use crate::audit::{GameReport, Status};
use crate::finding::{Code, Severity};

/// One entry of `--fail-on`: a game status, a finding code, or a severity (a finding at
/// that severity or above).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailOn {
    Status(Status),
    Code(Code),
    Severity(Severity),
}

impl FailOn {
    /// Reads one `--fail-on` word: `ok`, `illegal`, `mismatch`, `error` are statuses (so
    /// `error` is the status of a game that could not be read), `warning` and `info`
    /// severities, anything else a finding code.
    pub fn parse(word: &str) -> Result<FailOn, String> {
        let word = word.trim();
        if let Some(s) = Status::ALL.into_iter().find(|s| s.as_str() == word) {
            return Ok(FailOn::Status(s));
        }
        match word {
            "warning" => return Ok(FailOn::Severity(Severity::Warning)),
            "info" => return Ok(FailOn::Severity(Severity::Info)),
            _ => {}
        }
        parse_code(word).map(FailOn::Code).map_err(|e| {
            format!("{e}; or a status (ok, illegal, mismatch, error) or a severity (warning, info)")
        })
    }

    /// Reads one `--fail-on` word that may name a group of codes (`parse-error`,
    /// `format`): one entry per code of the group.
    pub fn parse_all(word: &str) -> Result<Vec<FailOn>, String> {
        match Code::GROUPS.iter().find(|(g, _)| *g == word.trim()) {
            Some((_, codes)) => Ok(codes.iter().map(|&c| FailOn::Code(c)).collect()),
            None => FailOn::parse(word).map(|f| vec![f]),
        }
    }
}

/// The codes a `--select`/`--ignore` word names: a group's codes or one code.
pub fn parse_codes(word: &str) -> Result<Vec<Code>, String> {
    match Code::named(word.trim()) {
        Some(codes) => Ok(codes),
        None => parse_code(word).map(|c| vec![c]),
    }
}

/// A finding code by its name, with the list of codes when it is not one.
pub fn parse_code(word: &str) -> Result<Code, String> {
    Code::from_name(word.trim()).ok_or_else(|| {
        let known: Vec<&str> = Code::ALL.iter().map(|c| c.as_str()).collect();
        format!(
            "unknown finding code '{}' (codes: {})",
            word.trim(),
            known.join(", ")
        )
    })
}

/// A severity by its name.
pub fn parse_severity(word: &str) -> Result<Severity, String> {
    match word.trim() {
        "info" => Ok(Severity::Info),
        "warning" => Ok(Severity::Warning),
        "error" => Ok(Severity::Error),
        other => Err(format!("unknown severity '{other}' (info, warning, error)")),
    }
}

/// The settings of one run.
#[derive(Clone, Debug)]
pub struct Gate {
    /// Only these codes are reported (`None`: every code).
    pub select: Option<Vec<Code>>,
    /// These codes are never reported.
    pub ignore: Vec<Code>,
    /// Findings below this severity are counted but not shown.
    pub min_severity: Severity,
    /// At most this many findings shown per game; the rest are counted per code.
    pub max_per_game: Option<usize>,
    /// Show no games: the summary only (and input errors).
    pub quiet: bool,
    /// What makes the exit code 1.
    pub fail_on: Vec<FailOn>,
}

impl Default for Gate {
    fn default() -> Gate {
        Gate {
            select: None,
            ignore: Vec::new(),
            min_severity: Severity::Info,
            max_per_game: None,
            quiet: false,
            fail_on: vec![
                FailOn::Status(Status::Error),
                FailOn::Status(Status::Illegal),
                FailOn::Status(Status::Mismatch),
            ],
        }
    }
}

impl Gate {
    fn reports(&self, code: Code) -> bool {
        self.select.as_ref().is_none_or(|s| s.contains(&code)) && !self.ignore.contains(&code)
    }

    /// True when some code found only by the reader's format checks is reported; else
    /// the audit leaves the checks out (`AuditOptions::format_checks`): what it reports
    /// is the same, sooner.
    pub fn reports_format_checks(&self) -> bool {
        Code::named("format")
            .unwrap_or_default()
            .into_iter()
            .filter(|c| !matches!(c, Code::ParseError | Code::MixedCollection))
            .any(|c| self.reports(c))
    }

    /// Keeps the selected findings, sorted by their place in the file, and settles the
    /// status again when findings were left out: a status that rests only on findings
    /// not reported becomes `ok` (a game that could not be read stays `error`). Called
    /// before the game is counted.
    pub fn select(&self, report: &mut GameReport) {
        let before = report.findings.len();
        report.findings.retain(|f| self.reports(f.code));
        report.findings.sort_by_key(|f| (f.line, f.column));
        if report.findings.len() == before || report.status == Status::Error {
            return;
        }
        let findings = &report.findings;
        report.status = if findings
            .iter()
            .any(|f| f.severity == Severity::Error && f.code != Code::ResultMismatch)
        {
            Status::Illegal
        } else if findings.iter().any(|f| f.code == Code::ResultMismatch) {
            Status::Mismatch
        } else {
            Status::Ok
        };
    }

    /// Leaves out what is not shown (below `--min-severity`, beyond
    /// `--max-findings-per-game`); what is left out beyond the limit is counted per code
    /// in [`GameReport::omitted`]. A finding that fails the run (`--fail-on`) by its code,
    /// its severity or the status it gives its game (`result-mismatch` for `mismatch`, an
    /// error for `illegal` or `error`) is shown whatever `--min-severity` says: a failing
    /// run names what failed it. Called after the game is counted.
    pub fn trim(&self, report: &mut GameReport) {
        if self.min_severity > Severity::Info {
            let status = report.status;
            report.findings.retain(|f| {
                f.severity >= self.min_severity
                    || self.fails_by(f.code, f.severity)
                    || self.fails_by_status(status, f.code, f.severity)
            });
        }
        if let Some(max) = self.max_per_game {
            if report.findings.len() > max {
                let mut omitted: Vec<(Code, u32)> = Vec::new();
                for f in report.findings.drain(max..) {
                    match omitted.iter_mut().find(|(c, _)| *c == f.code) {
                        Some((_, n)) => *n += 1,
                        None => omitted.push((f.code, 1)),
                    }
                }
                report.findings_omitted = omitted.iter().map(|(_, n)| n).sum();
                report.omitted = omitted;
            }
        }
    }

    /// True when a finding of this code and severity fails the run by itself.
    fn fails_by(&self, code: Code, severity: Severity) -> bool {
        self.fail_on.iter().any(|f| match *f {
            FailOn::Status(_) => false,
            FailOn::Code(c) => c == code,
            FailOn::Severity(s) => severity >= s,
        })
    }

    /// True when a finding of this code and severity gives its game (of `status`) a status
    /// that fails the run: `result-mismatch` makes `mismatch`, an error `illegal` (or
    /// `error`, for the reader's).
    fn fails_by_status(&self, status: Status, code: Code, severity: Severity) -> bool {
        let gives = match status {
            Status::Mismatch => code == Code::ResultMismatch,
            Status::Illegal | Status::Error => {
                severity == Severity::Error && code != Code::ResultMismatch
            }
            Status::Ok => false,
        };
        gives && self.fail_on.contains(&FailOn::Status(status))
    }

    /// True when a game of this status with these findings (counts per severity and per
    /// code, after [`Gate::select`]) fails the run.
    pub fn fails(&self, status: Status, severities: &[u32; 3], codes: &[u32]) -> bool {
        self.fail_on.iter().any(|f| match *f {
            FailOn::Status(s) => s == status,
            FailOn::Code(c) => codes[c as usize] > 0,
            FailOn::Severity(s) => severities[s as usize..].iter().any(|&n| n > 0),
        })
    }
}

/// A count with thousands separators: `229,801`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fail_on_words() {
        assert_eq!(FailOn::parse("error"), Ok(FailOn::Status(Status::Error)));
        assert_eq!(
            FailOn::parse("warning"),
            Ok(FailOn::Severity(Severity::Warning))
        );
        assert_eq!(FailOn::parse("superko"), Ok(FailOn::Code(Code::Superko)));
        assert!(FailOn::parse("nonsense").is_err());
    }

    #[test]
    fn the_format_checks_run_while_one_of_their_codes_is_reported() {
        let gate = |select: Option<Vec<Code>>, ignore: Vec<Code>| Gate {
            select,
            ignore,
            ..Gate::default()
        };
        let format = Code::named("format").unwrap();
        assert!(gate(None, Vec::new()).reports_format_checks());
        assert!(!gate(None, format.clone()).reports_format_checks());
        assert!(
            !gate(Some(vec![Code::Superko, Code::ParseError]), Vec::new()).reports_format_checks()
        );
        assert!(gate(Some(Code::named("parse-error").unwrap()), Vec::new()).reports_format_checks());
        let all_but_one: Vec<Code> = format
            .into_iter()
            .filter(|c| *c != Code::EmptyValue)
            .collect();
        assert!(gate(None, all_but_one).reports_format_checks());
    }

    #[test]
    fn thousands_separators() {
        assert_eq!(thousands(229_801), "229,801");
        assert_eq!(thousands(12), "12");
        assert_eq!(thousands(1_000_000), "1,000,000");
    }
}
