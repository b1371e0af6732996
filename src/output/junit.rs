//! JUnit XML (`--format junit`), the test report CI dashboards read (Jenkins, GitLab,
//! Azure, Buildkite): one `testsuite` per file, one `testcase` per game (named by file
//! and game index), a `failure` for each game that fails the run (`--fail-on`) holding
//! its findings, the findings of the other games in `system-out`; an input that could not
//! be read is a suite of one test case in `error`. Nothing is ever `skipped`.
//!
//! A suite's counts come before its test cases, so the reporter holds one file's test
//! cases until the next file starts.

use std::io::{self, Write};

use super::{Begin, InputError, Rendered, Renderer, Reporter, Summary};
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
    cases: String,
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
        self.out.write_all(suite.cases.as_bytes())?;
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
            "line {}, column {}{variation}: {} {}: {}{}\n",
            f.line,
            f.column,
            f.severity.as_str(),
            f.code,
            f.message,
            crate::finding::fold::after_void_note(f)
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

/// A game's test case, with the file whose suite it goes in.
struct Case {
    path: String,
    fails: bool,
    xml: String,
}

/// Renders a game's test case.
fn render_game(g: &GameReport, fails: bool, out: &mut Vec<Case>) {
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
    out.push(Case {
        path: g.path.clone(),
        fails,
        xml: case,
    });
}

impl Reporter for JunitReporter<'_> {
    fn begin(&mut self, _begin: &Begin) -> io::Result<()> {
        self.out.write_all(
            b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"sgfaudit\">\n",
        )
    }

    fn renderer(&self) -> Renderer {
        Renderer::new(render_game, 1)
    }

    fn games(&mut self, rendered: Rendered) -> io::Result<()> {
        for case in rendered.rows::<Case>()? {
            if self.suite.as_ref().is_none_or(|s| s.path != case.path) {
                self.close_suite()?;
                self.suite = Some(Suite {
                    path: case.path,
                    tests: 0,
                    failures: 0,
                    cases: String::new(),
                });
            }
            let suite = self.suite.as_mut().expect("a suite was just opened");
            suite.tests += 1;
            suite.failures += usize::from(case.fails);
            suite.cases.push_str(&case.xml);
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
