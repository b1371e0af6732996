//! JUnit XML (`--format junit`), the test report CI dashboards read (Jenkins, GitLab,
//! Azure, Buildkite): one `testsuite` per file, one `testcase` per game (named by file
//! and game index), a `failure` for each game that fails the run (`--fail-on`) holding
//! its findings, the findings of the other games in `system-out`; an input that could not
//! be read is a suite of one test case in `error`. Nothing is ever `skipped`.
//!
//! A suite's counts come before its test cases, so the reporter holds one file's test
//! cases until the next file starts.

use std::io::{self, Write};

use super::{Begin, InputError, RenderGame, RenderJudgedGame, Reporter, Summary};
use crate::audit::GameReport;
use crate::gate::thousands;

pub struct JunitReporter<'w> {
    out: Box<dyn Write + 'w>,
    /// The file whose test cases are being gathered.
    suite: Option<Suite>,
}

/// One file's test cases, not yet written.
struct Suite {
    path: String,
    tests: usize,
    failures: usize,
    cases: Vec<u8>,
}

impl<'w> JunitReporter<'w> {
    pub fn new(out: Box<dyn Write + 'w>) -> Self {
        JunitReporter { out, suite: None }
    }

    /// Writes the gathered suite, if any.
    fn close_suite(&mut self) -> io::Result<()> {
        let Some(suite) = self.suite.take() else {
            return Ok(());
        };
        write_suite(&mut self.out, &suite.path, suite.tests, suite.failures, 0)?;
        self.out.write_all(&suite.cases)?;
        self.out.write_all(b"</testsuite>\n")
    }
}

fn write_suite(
    out: &mut dyn Write,
    path: &str,
    tests: usize,
    failures: usize,
    errors: usize,
) -> io::Result<()> {
    writeln!(
        out,
        "<testsuite name=\"{}\" tests=\"{tests}\" failures=\"{failures}\" errors=\"{errors}\" skipped=\"0\">",
        xml(path)
    )
}

/// Text safe in XML 1.0: the characters XML cannot hold are dropped, markup escaped.
pub fn xml(text: &str) -> String {
    let allowed: String = text
        .chars()
        .filter(|&c| {
            matches!(c, '\t' | '\n' | '\r') || (c >= ' ' && c != '\u{fffe}' && c != '\u{ffff}')
        })
        .collect();
    quick_xml::escape::escape(allowed.as_str()).into_owned()
}

/// The findings of a game, one a line.
fn findings_text(g: &GameReport) -> String {
    let mut text = String::new();
    for f in &g.findings {
        let variation = f
            .variation
            .as_deref()
            .map(|v| format!(" (variation {v})"))
            .unwrap_or_default();
        text.push_str(&format!(
            "line {}, column {}{variation}: {} {}: {}\n",
            f.line,
            f.column,
            f.severity.as_str(),
            f.code,
            f.message
        ));
    }
    for (code, n) in &g.omitted {
        text.push_str(&format!(
            "... and {} more {code}\n",
            thousands(u64::from(*n))
        ));
    }
    text
}

/// Renders a game's test case, framed for [`JunitReporter::game`]: the path's length
/// (4 bytes, little-endian), the path, whether it fails (1 byte), the test case's length
/// and the test case.
fn render_game(g: &GameReport, fails: bool, out: &mut Vec<u8>) {
    let path = xml(&g.path);
    let mut case = format!(
        "<testcase classname=\"{path}\" name=\"{path} game {}\">",
        g.game
    );
    let findings = findings_text(g);
    if fails {
        let shown = g.findings.len() + g.findings_omitted as usize;
        case.push_str(&format!(
            "<failure type=\"{}\" message=\"{} finding{}\">{}</failure>",
            g.status.as_str(),
            shown,
            if shown == 1 { "" } else { "s" },
            xml(&findings)
        ));
    } else if !findings.is_empty() {
        case.push_str(&format!("<system-out>{}</system-out>", xml(&findings)));
    }
    case.push_str("</testcase>\n");
    out.extend_from_slice(&(g.path.len() as u32).to_le_bytes());
    out.extend_from_slice(g.path.as_bytes());
    out.push(u8::from(fails));
    out.extend_from_slice(&(case.len() as u32).to_le_bytes());
    out.extend_from_slice(case.as_bytes());
}

/// Never called: the judged renderer is used.
fn render_unjudged(g: &GameReport, out: &mut Vec<u8>) {
    render_game(g, false, out)
}

/// Reads one length-prefixed part of a rendered game.
fn take<'a>(bytes: &mut &'a [u8]) -> io::Result<&'a [u8]> {
    let bad = || io::Error::other("a rendered test case is cut short");
    let (len, rest) = bytes.split_first_chunk::<4>().ok_or_else(bad)?;
    let len = u32::from_le_bytes(*len) as usize;
    let part = rest.get(..len).ok_or_else(bad)?;
    *bytes = &rest[len..];
    Ok(part)
}

impl Reporter for JunitReporter<'_> {
    fn begin(&mut self, _begin: &Begin) -> io::Result<()> {
        self.out.write_all(
            b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"sgfaudit\">\n",
        )
    }

    fn renderer(&self) -> RenderGame {
        render_unjudged
    }

    fn judged_renderer(&self) -> Option<RenderJudgedGame> {
        Some(render_game)
    }

    fn game(&mut self, mut rendered: &[u8]) -> io::Result<()> {
        while !rendered.is_empty() {
            let path = String::from_utf8_lossy(take(&mut rendered)?).into_owned();
            let (&fails, rest) = rendered
                .split_first()
                .ok_or_else(|| io::Error::other("a rendered test case is cut short"))?;
            rendered = rest;
            let case = take(&mut rendered)?;
            if self.suite.as_ref().is_none_or(|s| s.path != path) {
                self.close_suite()?;
                self.suite = Some(Suite {
                    path,
                    tests: 0,
                    failures: 0,
                    cases: Vec::new(),
                });
            }
            let suite = self.suite.as_mut().expect("a suite was just opened");
            suite.tests += 1;
            suite.failures += usize::from(fails == 1);
            suite.cases.extend_from_slice(case);
        }
        Ok(())
    }

    fn error(&mut self, e: &InputError) -> io::Result<()> {
        self.close_suite()?;
        write_suite(&mut self.out, &e.path, 1, 0, 1)?;
        let path = xml(&e.path);
        writeln!(
            self.out,
            "<testcase classname=\"{path}\" name=\"{path}\"><error type=\"unreadable\" message=\"could not be read\">{}</error></testcase>\n</testsuite>",
            xml(&e.message)
        )
    }

    fn summary(&mut self, _summary: &Summary) -> io::Result<()> {
        self.close_suite()?;
        self.out.write_all(b"</testsuites>\n")?;
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_and_cleaned() {
        assert_eq!(
            xml("a<b & \"c\"\u{1b}[31m\u{7}"),
            "a&lt;b &amp; &quot;c&quot;[31m"
        );
    }
}
