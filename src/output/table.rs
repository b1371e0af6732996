//! The default human output: one line per finding shown, compiler style, then a summary
//! table whose codes are sorted by count, each with its severity.

use std::io::{self, Write};

use super::sanitize::for_terminal;
use super::style::{paint, severity as severity_style};
use super::{InputError, Rendered, Renderer, Reporter, Summary};
use crate::audit::{GameReport, Status};
use crate::finding::fold::{after_void_note, fold_after_void, folded_note, Shown};
use crate::finding::{catalogue, Code, Severity};
use crate::gate::thousands;

/// Prints every finding shown (`--min-severity`) as `path:line:col: game N: severity[code]: message`, then
/// a table of statuses and finding codes; the severities coloured when `color`.
pub struct TableReporter<'w> {
    out: Box<dyn Write + 'w>,
    color: bool,
}

/// Renders a game's findings shown, one line each.
fn render_game(game: &GameReport, _fails: bool, out: &mut Vec<u8>) {
    render(game, out, false)
}

/// [`render_game`] with the severities coloured.
fn render_game_colored(game: &GameReport, _fails: bool, out: &mut Vec<u8>) {
    render(game, out, true)
}

fn render(game: &GameReport, out: &mut Vec<u8>, color: bool) {
    let path = for_terminal(&game.path);
    // The findings left after `--min-severity` (and any that fail the run): every one,
    // those that follow a voided move folded under it.
    for (f, shown) in game.findings.iter().zip(fold_after_void(&game.findings)) {
        let Shown::Line { folded } = shown else {
            continue;
        };
        let at = match (f.r#move, &f.vertex) {
            (Some(m), Some(v)) => format!(" move {m} {v}:"),
            (Some(m), None) => format!(" move {m}:"),
            _ => String::new(),
        };
        writeln!(
            out,
            "{path}:{}:{}: {}:{at} {}[{}]: {}{}{}{}",
            f.line,
            f.column,
            f.in_game(game.game),
            paint(color, severity_style(f.severity), f.severity.as_str()),
            f.code,
            for_terminal(&f.message),
            folded_note(folded),
            after_void_note(f),
            if f.fixable { " [*]" } else { "" }
        )
        .expect("writing to memory");
    }
    for (code, n) in &game.omitted {
        writeln!(
            out,
            "{path}:{}:{}: game {}: ... and {} more `{code}`",
            game.line,
            game.column,
            game.game,
            thousands(u64::from(*n))
        )
        .expect("writing to memory");
    }
}

/// The summary's codes, the most found first (codes found as often in catalogue order).
fn by_count(s: &Summary) -> Vec<(Code, usize)> {
    let mut codes: Vec<(Code, usize)> = s.by_code.iter().map(|(c, n)| (*c, *n)).collect();
    codes.sort_by_key(|&(c, n)| (std::cmp::Reverse(n), c));
    codes
}

impl<'w> TableReporter<'w> {
    pub fn new(out: Box<dyn Write + 'w>, color: bool) -> Self {
        TableReporter { out, color }
    }

    /// Where the lines go, for a format that ends otherwise.
    pub(super) fn out(&mut self) -> &mut (dyn Write + 'w) {
        &mut *self.out
    }
}

impl Reporter for TableReporter<'_> {
    fn renderer(&self) -> Renderer {
        Renderer::bytes(if self.color {
            render_game_colored
        } else {
            render_game
        })
    }

    fn games(&mut self, rendered: Rendered) -> io::Result<()> {
        self.out.write_all(&rendered.rows::<u8>()?)
    }

    fn error(&mut self, error: &InputError) -> io::Result<()> {
        writeln!(
            self.out,
            "{}: {}: {}",
            for_terminal(&error.path),
            paint(self.color, severity_style(Severity::Error), "error"),
            for_terminal(&error.message)
        )
    }

    fn summary(&mut self, s: &Summary) -> io::Result<()> {
        // Wide enough for the longest code, `setup-without-liberties`.
        const LABEL: usize = 24;
        writeln!(self.out)?;
        writeln!(self.out, "{:<LABEL$} {:>10}", "files", s.files)?;
        writeln!(self.out, "{:<LABEL$} {:>10}", "games", s.games)?;
        writeln!(self.out, "{:<LABEL$} {:>10}", "moves", s.moves)?;
        writeln!(self.out, "{}", "-".repeat(LABEL + 11))?;
        for (status, n) in &s.by_status {
            let style = match status {
                _ if *n == 0 => Default::default(),
                Status::Illegal | Status::Error => severity_style(Severity::Error),
                Status::Mismatch => severity_style(Severity::Warning),
                Status::Ok => Default::default(),
            };
            // Padded first, so that the colour codes do not count as width.
            let name = format!("{:<LABEL$}", status.as_str());
            writeln!(self.out, "{} {:>10}", paint(self.color, style, &name), n)?;
        }
        if !s.by_code.is_empty() {
            writeln!(self.out, "{}", "-".repeat(LABEL + 11))?;
            for (code, n) in by_count(s) {
                // The severities the catalogue gives the code, coloured by the highest.
                let named = catalogue::entry(code).1;
                let top = catalogue::severities(code).into_iter().max();
                let style = top.map(severity_style).unwrap_or_default();
                writeln!(
                    self.out,
                    "{:<LABEL$} {:>10}  {}",
                    code.as_str(),
                    n,
                    paint(self.color, style, named)
                )?;
            }
        }
        if s.fixed > 0 {
            let fixed = format!("{} in {} files", s.fixed, s.files_fixed);
            writeln!(self.out, "{:<LABEL$} {:>10}", "fixed by --fix", fixed)?;
        }
        if s.fixable > 0 {
            writeln!(
                self.out,
                "{:<LABEL$} {:>10}  [*] rewritten away by sgfaudit audit --fix",
                "fixable", s.fixable
            )?;
        }
        if s.unreadable > 0 {
            writeln!(
                self.out,
                "{:<LABEL$} {:>10}",
                "unreadable inputs", s.unreadable
            )?;
        }
        writeln!(self.out, "{}", "-".repeat(LABEL + 11))?;
        writeln!(
            self.out,
            "{:<LABEL$} {:>10}",
            "elapsed",
            format!("{:.2}s", s.elapsed_ms as f64 / 1000.0)
        )?;
        writeln!(
            self.out,
            "{:<LABEL$} {:>10.0}",
            "games/s", s.games_per_second
        )?;
        self.out.flush()
    }
}
