//! The games that fail the run, one line each, and the summary: what a person auditing an
//! archive reads first. Each line says where the game is, its status, the finding that
//! decides it and the command that opens the game there (`sgfaudit show` at the first
//! illegal move, `sgfaudit score` for a result the count contradicts), in the manner of
//! ruff's `--statistics` or ripgrep's `--count`: the rest of the findings stay in the other
//! formats.

use std::io::{self, Write};

use super::concise::summary_line;
use super::html_row::shell_word;
use super::sanitize::for_terminal;
use super::style::{paint, severity as severity_style};
use super::{InputError, Rendered, Renderer, Reporter, Summary};
use crate::audit::figure::first_illegal_move;
use crate::audit::{GameReport, Status};
use crate::finding::{Code, Finding, Severity};

/// One line per game that fails the run (`--fail-on`), then the summary line.
pub struct FailingReporter<'w> {
    out: Box<dyn Write + 'w>,
    color: bool,
}

impl<'w> FailingReporter<'w> {
    pub fn new(out: Box<dyn Write + 'w>, color: bool) -> Self {
        FailingReporter { out, color }
    }
}

/// The finding that says best why the game fails: its first illegal move, else the
/// result the count contradicts, else its first error, else its first finding of the
/// highest severity it has.
pub fn deciding_finding(game: &GameReport) -> Option<&Finding> {
    let first = |pick: &dyn Fn(&Finding) -> bool| game.findings.iter().find(|f| pick(f));
    first_illegal_move(&game.findings)
        .or_else(|| first(&|f| f.code == Code::ResultMismatch))
        .or_else(|| first(&|f| f.severity == Severity::Error))
        .or_else(|| {
            let top = game.findings.iter().map(|f| f.severity).max()?;
            first(&|f| f.severity == top)
        })
}

/// The command that opens the game where it fails: `sgfaudit show` before its first
/// illegal move, `sgfaudit score` for any other game that can be read (the count the
/// result is checked against); none for a game that could not be read.
pub fn open_command(game: &GameReport) -> Option<String> {
    let path = shell_word(&game.path);
    if let Some(f) = first_illegal_move(&game.findings) {
        let variation = f
            .variation
            .as_deref()
            .map(|v| format!(" --variation {v}"))
            .unwrap_or_default();
        let m = f.r#move?;
        return Some(format!(
            "sgfaudit show {path} --game {} --move {m}{variation}",
            game.game
        ));
    }
    (game.status != Status::Error).then(|| format!("sgfaudit score {path} --game {}", game.game))
}

/// The line of a failing game: `path:line:column: game N: status: [move M V:] code:
/// message  [command]`.
fn failing_line(game: &GameReport, color: bool) -> String {
    let mut line = format!("{}:", for_terminal(&game.path));
    match deciding_finding(game) {
        Some(f) => {
            line.push_str(&format!(
                "{}:{}: {}: ",
                f.line,
                f.column,
                f.in_game(game.game)
            ));
            line.push_str(&paint(
                color,
                status_style(game.status),
                game.status.as_str(),
            ));
            if let (Some(m), Some(v)) = (f.r#move, &f.vertex) {
                line.push_str(&format!(": move {m} {v}"));
            } else if let Some(m) = f.r#move {
                line.push_str(&format!(": move {m}"));
            }
            line.push_str(&format!(": {}: {}", f.code, for_terminal(&f.message)));
        }
        None => {
            line.push_str(&format!(
                "{}:{}: game {}: ",
                game.line, game.column, game.game
            ));
            line.push_str(&paint(
                color,
                status_style(game.status),
                game.status.as_str(),
            ));
            if let Some(reason) = game.check.reason_text() {
                line.push_str(&format!(": {}", for_terminal(&reason)));
            }
        }
    }
    if let Some(command) = open_command(game) {
        line.push_str(&format!("  [{}]", for_terminal(&command)));
    }
    line
}

fn status_style(status: Status) -> anstyle::Style {
    match status {
        Status::Illegal | Status::Error => severity_style(Severity::Error),
        Status::Mismatch => severity_style(Severity::Warning),
        Status::Ok => Default::default(),
    }
}

fn render_game(game: &GameReport, fails: bool, out: &mut Vec<u8>) {
    if fails {
        out.extend_from_slice(failing_line(game, false).as_bytes());
        out.push(b'\n');
    }
}

fn render_game_colored(game: &GameReport, fails: bool, out: &mut Vec<u8>) {
    if fails {
        out.extend_from_slice(failing_line(game, true).as_bytes());
        out.push(b'\n');
    }
}

impl Reporter for FailingReporter<'_> {
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
        super::table::write_input_error(&mut self.out, self.color, error)
    }

    fn summary(&mut self, s: &Summary) -> io::Result<()> {
        writeln!(self.out, "{}", summary_line(s))?;
        self.out.flush()
    }
}
