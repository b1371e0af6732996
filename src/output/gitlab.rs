//! GitLab Code Quality (`--format gitlab`): the JSON array a merge request reads, one
//! issue per finding shown (`description`, `check_name`, `fingerprint`, `severity`,
//! `location.path`, `location.lines.begin`), the fingerprints those of SARIF (see
//! [`super::fingerprint`]); an input that could not be read is a `major` issue on its
//! first line, with the check name `unreadable`.

use std::io::{self, Write};

use serde_json::json;

use super::fingerprint::{self, relative_path};
use super::{Begin, InputError, Rendered, Renderer, Reporter, Summary};
use crate::audit::GameReport;
use crate::finding::fold::after_void_note;
use crate::finding::Severity;

pub struct GitlabReporter<'w> {
    out: Box<dyn Write + 'w>,
    /// No issue written yet (the next one needs no comma before it).
    first: bool,
}

impl<'w> GitlabReporter<'w> {
    pub fn new(out: Box<dyn Write + 'w>) -> Self {
        GitlabReporter { out, first: true }
    }

    /// Writes one issue (a JSON object), after a comma unless it is the first.
    fn write_issue(&mut self, issue: &str) -> io::Result<()> {
        if !std::mem::take(&mut self.first) {
            self.out.write_all(b",")?;
        }
        self.out.write_all(issue.as_bytes())?;
        self.out.write_all(b"\n")
    }
}

/// GitLab's severity of a finding's.
pub fn severity(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "major",
        Severity::Warning => "minor",
        Severity::Info => "info",
    }
}

/// Renders one issue per finding, each a JSON object.
fn render_game(g: &GameReport, _fails: bool, out: &mut Vec<String>) {
    let path = relative_path(&g.path);
    for (f, print) in g.findings.iter().zip(fingerprint::of_game(g)) {
        let issue = json!({
            "type": "issue",
            "check_name": f.code.as_str(),
            "description": format!("{}: {}{}", f.in_game(g.game), f.message, after_void_note(f)),
            "severity": severity(f.severity),
            "fingerprint": print,
            "location": {"path": path, "lines": {"begin": f.line.max(1)}},
        });
        out.push(issue.to_string());
    }
}

impl Reporter for GitlabReporter<'_> {
    fn begin(&mut self, _begin: &Begin) -> io::Result<()> {
        self.out.write_all(b"[\n")
    }

    fn renderer(&self) -> Renderer {
        Renderer::new(render_game, 1)
    }

    fn games(&mut self, rendered: Rendered) -> io::Result<()> {
        for issue in rendered.rows::<String>()? {
            self.write_issue(&issue)?;
        }
        Ok(())
    }

    fn error(&mut self, e: &InputError) -> io::Result<()> {
        let path = relative_path(&e.path);
        let issue = json!({
            "type": "issue",
            "check_name": "unreadable",
            "description": format!("could not be read: {}", e.message),
            "severity": "major",
            "fingerprint": fingerprint::of_input_error(&path),
            "location": {"path": path, "lines": {"begin": 1}},
        });
        self.write_issue(&issue.to_string())
    }

    fn summary(&mut self, _summary: &Summary) -> io::Result<()> {
        self.out.write_all(b"]\n")?;
        self.out.flush()
    }
}
