//! CSV: one row per game, for spreadsheets.

use std::io::{self, Write};

use super::{Begin, InputError, RenderGame, Reporter, Summary};
use crate::audit::GameReport;

pub struct CsvReporter<'w> {
    out: Box<dyn Write + 'w>,
}

/// Renders one CSV row.
fn render_game(g: &GameReport, out: &mut Vec<u8>) {
    let size = g
        .size
        .map(|[w, h]| {
            if w == h {
                w.to_string()
            } else {
                format!("{w}:{h}")
            }
        })
        .unwrap_or_default();
    let mut codes: Vec<&str> = g.findings.iter().map(|f| f.code.as_str()).collect();
    codes.dedup();
    writeln!(
        out,
        "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
        field(&g.path),
        g.game,
        g.line,
        g.column,
        g.status.as_str(),
        size,
        g.rules,
        g.komi,
        g.handicap,
        g.moves,
        g.ended_by.as_str(),
        g.findings.len(),
        field(&codes.join(" ")),
        field(g.check.recorded.as_deref().unwrap_or("")),
        field(g.check.computed.as_deref().unwrap_or("")),
        g.check.verdict.as_str(),
    )
    .expect("writing to memory");
}

impl<'w> CsvReporter<'w> {
    pub fn new(out: Box<dyn Write + 'w>) -> Self {
        CsvReporter { out }
    }
}

/// Quotes a field when it needs it (RFC 4180).
fn field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

impl Reporter for CsvReporter<'_> {
    fn begin(&mut self, _begin: &Begin) -> io::Result<()> {
        writeln!(
            self.out,
            "path,game,line,column,status,size,rules,komi,handicap,moves,ended_by,findings,codes,recorded,computed,verdict"
        )
    }

    fn renderer(&self) -> RenderGame {
        render_game
    }

    fn game(&mut self, rendered: &[u8]) -> io::Result<()> {
        self.out.write_all(rendered)
    }

    fn error(&mut self, _error: &InputError) -> io::Result<()> {
        Ok(())
    }

    fn summary(&mut self, _summary: &Summary) -> io::Result<()> {
        self.out.flush()
    }
}
