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
/// a table of statuses and finding codes; the severities coloured when `color`. It ends by
/// saying how to see what it left out and how to list only the games that fail the run.
pub struct TableReporter<'w> {
    out: Box<dyn Write + 'w>,
    color: bool,
    /// Findings shown, per severity (info, warning, error).
    shown: [u64; 3],
    /// Findings left out by `--max-findings-per-game` (counted on the "... and N more" lines).
    omitted: u64,
    /// Games rendered: none under `--quiet`.
    games: usize,
}

/// The lines of one game and what they show.
pub struct Lines {
    text: Vec<u8>,
    shown: [u32; 3],
    omitted: u32,
}

/// Renders a game's findings shown, one line each.
fn render_game(game: &GameReport, _fails: bool, out: &mut Vec<Lines>) {
    out.push(lines(game, false))
}

/// [`render_game`] with the severities coloured.
fn render_game_colored(game: &GameReport, _fails: bool, out: &mut Vec<Lines>) {
    out.push(lines(game, true))
}

fn lines(game: &GameReport, color: bool) -> Lines {
    let mut shown = [0u32; 3];
    for f in &game.findings {
        shown[f.severity as usize] += 1;
    }
    let mut text = Vec::new();
    if !game.findings.is_empty() || !game.omitted.is_empty() {
        render(game, &mut text, color);
    }
    Lines {
        text,
        shown,
        omitted: game.omitted.iter().map(|(_, n)| n).sum(),
    }
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

/// The closing hints: the findings counted but not shown, from the lowest severity left
/// out (`12,750 info findings not shown: --min-severity info shows them`), and the games
/// that fail the run (`--format failing`). Nothing about findings under `--quiet`, which
/// asks for no games.
/// An input that could not be read, as the table and the failing view print it:
/// `path: error: message`.
pub(super) fn write_input_error(
    out: &mut impl Write,
    color: bool,
    error: &InputError,
) -> io::Result<()> {
    writeln!(
        out,
        "{}: {}: {}",
        for_terminal(&error.path),
        paint(color, severity_style(Severity::Error), "error"),
        for_terminal(&error.message)
    )
}

pub fn hints(s: &Summary, shown: [u64; 3], omitted: u64, quiet: bool) -> Vec<String> {
    let mut hints = Vec::new();
    let hidden: Vec<(Severity, u64)> = Severity::ALL
        .iter()
        .map(|&sev| {
            let counted = s.by_severity.get(&sev).copied().unwrap_or(0) as u64;
            (sev, counted.saturating_sub(shown[sev as usize]))
        })
        .filter(|&(_, n)| n > 0)
        .collect();
    let total: u64 = hidden.iter().map(|(_, n)| n).sum();
    if !quiet && total > omitted {
        if let Some(&(lowest, _)) = hidden.first() {
            let counts: Vec<String> = hidden
                .iter()
                .rev()
                .map(|(sev, n)| format!("{} {}", thousands(*n), sev.as_str()))
                .collect();
            let what = if omitted > 0 {
                " (with those of --max-findings-per-game)"
            } else {
                ""
            };
            let (findings, them) = if total == 1 {
                ("finding", "it")
            } else {
                ("findings", "them")
            };
            hints.push(format!(
                "{} {findings} not shown{what}: --min-severity {} shows {them}",
                counts.join(" and "),
                lowest.as_str()
            ));
        }
    }
    if s.failing > 0 {
        hints.push(match s.failing {
            1 => "1 game fails the run: --format failing shows it on one line".to_string(),
            n => format!(
                "{} games fail the run: --format failing lists them, a line each",
                thousands(n as u64)
            ),
        });
    }
    hints
}

/// The summary's codes, the most found first (codes found as often in catalogue order).
fn by_count(s: &Summary) -> Vec<(Code, usize)> {
    let mut codes: Vec<(Code, usize)> = s.by_code.iter().map(|(c, n)| (*c, *n)).collect();
    codes.sort_by_key(|&(c, n)| (std::cmp::Reverse(n), c));
    codes
}

impl<'w> TableReporter<'w> {
    pub fn new(out: Box<dyn Write + 'w>, color: bool) -> Self {
        TableReporter {
            out,
            color,
            shown: [0; 3],
            omitted: 0,
            games: 0,
        }
    }

    /// Where the lines go, for a format that ends otherwise.
    pub(super) fn out(&mut self) -> &mut (dyn Write + 'w) {
        &mut *self.out
    }
}

impl Reporter for TableReporter<'_> {
    fn renderer(&self) -> Renderer {
        Renderer::new(
            if self.color {
                render_game_colored
            } else {
                render_game
            },
            1,
        )
    }

    fn games(&mut self, rendered: Rendered) -> io::Result<()> {
        for game in rendered.rows::<Lines>()? {
            self.games += 1;
            self.omitted += u64::from(game.omitted);
            for (total, n) in self.shown.iter_mut().zip(game.shown) {
                *total += u64::from(n);
            }
            self.out.write_all(&game.text)?;
        }
        Ok(())
    }

    fn error(&mut self, error: &InputError) -> io::Result<()> {
        write_input_error(&mut self.out, self.color, error)
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
        if s.fixable_on_request > 0 {
            writeln!(
                self.out,
                "{:<LABEL$} {:>10}  rewritten by sgfaudit audit --fix --unsafe-fixes",
                "fixable on request", s.fixable_on_request
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
        let quiet = self.games == 0;
        for hint in hints(s, self.shown, self.omitted, quiet) {
            writeln!(self.out, "{hint}")?;
        }
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_ends_by_saying_what_it_left_out_and_what_fails() {
        let mut s = Summary::new();
        s.by_severity.insert(Severity::Info, 12_750);
        s.by_severity.insert(Severity::Warning, 5);
        s.failing = 42;
        assert_eq!(
            hints(&s, [0, 5, 0], 0, false),
            [
                "12,750 info findings not shown: --min-severity info shows them",
                "42 games fail the run: --format failing lists them, a line each"
            ]
        );
        // Under --quiet no game is shown, as asked: only the failing games are named.
        assert_eq!(hints(&s, [0; 3], 0, true).len(), 1);
        s.failing = 1;
        s.by_severity.insert(Severity::Info, 1);
        assert_eq!(
            hints(&s, [0, 5, 0], 0, false),
            [
                "1 info finding not shown: --min-severity info shows it",
                "1 game fails the run: --format failing shows it on one line"
            ]
        );
        // Everything shown, nothing failing: nothing to add.
        s.failing = 0;
        assert!(hints(&s, [1, 5, 0], 0, false).is_empty());
    }
}
