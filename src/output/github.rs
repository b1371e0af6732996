//! GitHub Actions annotations: `::error file=…,line=…,col=…::…` for each finding.

use std::io::{self, Write};

use super::{InputError, RenderGame, Reporter, Summary};
use crate::audit::GameReport;
use crate::finding::Severity;

pub struct GithubReporter<'w> {
    out: Box<dyn Write + 'w>,
}

/// Renders one annotation per finding.
fn render_game(g: &GameReport, out: &mut Vec<u8>) {
    for f in &g.findings {
        let level = match f.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "notice",
        };
        writeln!(
            out,
            "::{level} file={},line={},col={},title={}::game {}: {}",
            escape(&g.path, true),
            f.line,
            f.column,
            escape(f.code.as_str(), true),
            g.game,
            escape(&f.message, false)
        )
        .expect("writing to memory");
    }
}

impl<'w> GithubReporter<'w> {
    pub fn new(out: Box<dyn Write + 'w>) -> Self {
        GithubReporter { out }
    }
}

/// Escapes a value for a workflow command (`%`, `\r`, `\n`, and `,`/`:` in properties).
fn escape(s: &str, property: bool) -> String {
    let mut out = s
        .replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A");
    if property {
        out = out.replace(':', "%3A").replace(',', "%2C");
    }
    out
}

impl Reporter for GithubReporter<'_> {
    fn renderer(&self) -> RenderGame {
        render_game
    }

    fn game(&mut self, rendered: &[u8]) -> io::Result<()> {
        self.out.write_all(rendered)
    }

    fn error(&mut self, e: &InputError) -> io::Result<()> {
        writeln!(
            self.out,
            "::error file={},title=unreadable::{}",
            escape(&e.path, true),
            escape(&e.message, false)
        )
    }

    fn summary(&mut self, s: &Summary) -> io::Result<()> {
        let bad: usize = s
            .by_status
            .iter()
            .filter(|(k, _)| k.as_str() != "ok")
            .map(|(_, v)| v)
            .sum();
        writeln!(
            self.out,
            "::notice title=sgfaudit::{} games in {} files, {} not ok",
            s.games, s.files, bad
        )?;
        self.out.flush()
    }
}
