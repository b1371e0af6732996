//! The output of the pre-commit hook, in the manner of `ruff check`: the table's line per
//! finding shown, then one summary line (`Found 3 findings (1 error, 2 infos) in 5 games,
//! 3 files; 1 game fails the run.`), with no table of counts to scroll past.

use std::io::{self, Write};

use super::table::TableReporter;
use super::{InputError, Rendered, Renderer, Reporter, Summary};
use crate::finding::Severity;
use crate::gate::thousands;

/// The table's finding lines and a one-line summary.
pub struct ConciseReporter<'w> {
    lines: TableReporter<'w>,
}

impl<'w> ConciseReporter<'w> {
    pub fn new(out: Box<dyn Write + 'w>, color: bool) -> Self {
        ConciseReporter {
            lines: TableReporter::new(out, color),
        }
    }
}

/// `n word` or `n words`.
fn count(n: usize, word: &str) -> String {
    let s = if n == 1 { "" } else { "s" };
    format!("{} {word}{s}", thousands(n as u64))
}

/// The summary line: findings per severity found, games, failing games, unreadable inputs.
pub fn summary_line(s: &Summary) -> String {
    let per_severity: Vec<String> = Severity::ALL
        .iter()
        .rev()
        .filter_map(|sev| {
            let n = s.by_severity.get(sev).copied().unwrap_or(0);
            (n > 0).then(|| count(n, sev.as_str()))
        })
        .collect();
    let mut line = format!("Found {}", count(s.findings(), "finding"));
    if !per_severity.is_empty() {
        line.push_str(&format!(" ({})", per_severity.join(", ")));
    }
    line.push_str(&format!(
        " in {}, {}",
        count(s.games, "game"),
        count(s.files, "file")
    ));
    if s.fixable > 0 {
        line.push_str(&format!(
            " ({} fixable with --fix)",
            thousands(s.fixable as u64)
        ));
    }
    if s.fixed > 0 {
        let files = count(s.files_fixed, "file");
        line.push_str(&format!("; {} fixed in {files}", count(s.fixed, "finding")));
    }
    line.push_str(&match s.failing {
        0 => "; no game fails the run".to_string(),
        1 => "; 1 game fails the run".to_string(),
        n => format!("; {} games fail the run", thousands(n as u64)),
    });
    if s.unreadable > 0 {
        line.push_str(&format!("; {} not read", count(s.unreadable, "input")));
    }
    line.push('.');
    line
}

impl Reporter for ConciseReporter<'_> {
    fn renderer(&self) -> Renderer {
        self.lines.renderer()
    }

    fn games(&mut self, rendered: Rendered) -> io::Result<()> {
        self.lines.games(rendered)
    }

    fn error(&mut self, error: &InputError) -> io::Result<()> {
        self.lines.error(error)
    }

    fn summary(&mut self, s: &Summary) -> io::Result<()> {
        let out = self.lines.out();
        writeln!(out, "{}", summary_line(s))?;
        out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_says_what_was_found_and_what_fails() {
        let mut s = Summary::new();
        s.files = 3;
        s.games = 5;
        s.failing = 1;
        s.by_code.insert(crate::finding::Code::Occupied, 1);
        s.by_code.insert(crate::finding::Code::UnknownProperty, 2);
        s.by_severity.insert(Severity::Error, 1);
        s.by_severity.insert(Severity::Info, 2);
        assert_eq!(
            summary_line(&s),
            "Found 3 findings (1 error, 2 infos) in 5 games, 3 files; 1 game fails the run."
        );
        let mut clean = Summary::new();
        clean.files = 1;
        clean.games = 1;
        assert_eq!(
            summary_line(&clean),
            "Found 0 findings in 1 game, 1 file; no game fails the run."
        );
    }
}
