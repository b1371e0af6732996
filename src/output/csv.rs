//! CSV for spreadsheets and dataframes: one row per game with stable, typed columns (a
//! number column holds only numbers, floats always with a decimal point, so that readers
//! infer one type), and one row with status `error` per input that could not be read.
//! A CSV is a table of [`Column`]s, each a name and how a row writes its cell; the
//! confidence is rounded as JSON Lines rounds it (`Check::reported_confidence`). One
//! reporter, [`CsvReporter`], writes both CSV formats, each a [`CsvTable`].

use std::io::{self, Write};

use super::render::RenderGame;
use super::sanitize::for_terminal;
use super::{Begin, InputError, Rendered, Renderer, Reporter, Summary};
use crate::audit::GameReport;
use crate::finding::Severity;

/// A column of a CSV: its name in the header, how a row writes its cell, and whether the
/// row of an input that could not be read holds `error` there (that row holds the path
/// in the first column and the message in the `message` column, nothing else).
pub(crate) struct Column<F> {
    pub name: &'static str,
    pub cell: F,
    pub error: bool,
}

impl<F> Column<F> {
    /// A column empty in the row of an unreadable input.
    pub const fn new(name: &'static str, cell: F) -> Column<F> {
        Column {
            name,
            cell,
            error: false,
        }
    }

    /// A column that holds `error` in the row of an unreadable input.
    pub const fn error(name: &'static str, cell: F) -> Column<F> {
        Column {
            name,
            cell,
            error: true,
        }
    }
}

/// The header of a CSV: its columns' names.
pub(crate) fn header<F>(columns: &[Column<F>]) -> String {
    let names: Vec<&str> = columns.iter().map(|c| c.name).collect();
    names.join(",")
}

/// The row of an unreadable input in a CSV of these columns.
pub(crate) fn unreadable_row<F>(columns: &[Column<F>], e: &InputError) -> String {
    let error_at: Vec<usize> = (0..columns.len()).filter(|&i| columns[i].error).collect();
    error_row(&header(columns), &error_at, e)
}

/// Writes a row: each column's cell, written by `cell`, comma-separated, then `\n`.
pub(crate) fn write_row<F>(
    columns: &[Column<F>],
    out: &mut Vec<u8>,
    mut cell: impl FnMut(&F, &mut Vec<u8>),
) {
    for (i, column) in columns.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        cell(&column.cell, out);
    }
    out.push(b'\n');
}

/// A cell of the game CSV.
type GameCell = fn(&GameReport, &mut Vec<u8>);

/// The columns of the game CSV; README.md lists what each holds.
pub(crate) const GAME_COLUMNS: &[Column<GameCell>] = &[
    Column::new("path", |g, o| text(o, &g.path)),
    Column::new("game", |g, o| number(o, g.game)),
    Column::new("line", |g, o| number(o, g.line)),
    Column::new("column", |g, o| number(o, g.column)),
    Column::error("status", |g, o| raw(o, g.status.as_str())),
    Column::new("width", |g, o| {
        if let Some([w, _]) = g.size {
            number(o, w)
        }
    }),
    Column::new("height", |g, o| {
        if let Some([_, h]) = g.size {
            number(o, h)
        }
    }),
    Column::new("rules", |g, o| raw(o, g.rules.set.name())),
    Column::new("rules_from", |g, o| raw(o, g.rules_from.as_str())),
    Column::new("komi", |g, o| float_cell(o, Some(g.komi))),
    Column::new("handicap", |g, o| number(o, g.handicap)),
    Column::new("black", |g, o| text(o, g.black.as_deref().unwrap_or(""))),
    Column::new("white", |g, o| text(o, g.white.as_deref().unwrap_or(""))),
    Column::new("result", |g, o| text(o, g.result.as_deref().unwrap_or(""))),
    Column::new("encoding", |g, o| raw(o, g.encoding)),
    Column::new("moves", |g, o| number(o, g.moves)),
    Column::new("ended_by", |g, o| raw(o, g.ended_by.as_str())),
    Column::new("counting", |g, o| {
        raw(o, g.score.as_ref().map_or("", |s| s.counting.as_str()))
    }),
    Column::new("computed", |g, o| {
        text(o, g.check.computed_result().as_deref().unwrap_or(""))
    }),
    Column::new("margin", |g, o| {
        float_cell(o, g.score.as_ref().map(|s| s.compared_margin()))
    }),
    Column::new("difference", |g, o| float_cell(o, g.check.difference)),
    Column::new("verdict", |g, o| raw(o, g.check.verdict.as_str())),
    Column::new("reason", |g, o| {
        text(o, g.check.reason_text().as_deref().unwrap_or(""))
    }),
    Column::new("confidence", |g, o| {
        float_cell(o, g.check.reported_confidence())
    }),
    Column::new("assumed", |g, o| {
        text(o, g.check.assumed_text().as_deref().unwrap_or(""))
    }),
    Column::new("errors", |g, o| number(o, count(g, Severity::Error))),
    Column::new("warnings", |g, o| number(o, count(g, Severity::Warning))),
    Column::new("infos", |g, o| number(o, count(g, Severity::Info))),
    Column::new("codes", |g, o| {
        let mut codes: Vec<&str> = g.findings.iter().map(|f| f.code.as_str()).collect();
        codes.sort_unstable();
        codes.dedup();
        raw(o, &codes.join(" "))
    }),
    Column::new("message", |_, _| {}),
    Column::new("date", |g, o| info(o, &g.info.date)),
    Column::new("event", |g, o| info(o, &g.info.event)),
    Column::new("place", |g, o| info(o, &g.info.place)),
    Column::new("black_rank", |g, o| info(o, &g.info.black_rank)),
    Column::new("white_rank", |g, o| info(o, &g.info.white_rank)),
    Column::new("application", |g, o| info(o, &g.info.application)),
    // Last, so that scripts that index the columns before it keep their places.
    Column::new("reason_code", |g, o| {
        raw(o, g.check.reason_code().map_or("", |code| code.as_str()))
    }),
];

/// A cell of game information: empty when the record does not give it.
fn info(out: &mut Vec<u8>, value: &Option<String>) {
    text(out, value.as_deref().unwrap_or(""))
}

/// The game's findings of a severity.
fn count(g: &GameReport, severity: Severity) -> usize {
    g.findings.iter().filter(|f| f.severity == severity).count()
}

/// A cell written as it is (a name of the tool's, never in need of quotes).
pub(crate) fn raw(out: &mut Vec<u8>, s: &str) {
    out.extend_from_slice(s.as_bytes());
}

/// A number cell.
pub(crate) fn number(out: &mut Vec<u8>, n: impl std::fmt::Display) {
    write!(out, "{n}").expect("writing to memory");
}

/// A text cell, quoted when it needs it (see [`field`]).
pub(crate) fn text(out: &mut Vec<u8>, s: &str) {
    raw(out, &field(s));
}

/// A float cell (see [`float`]), empty for none.
fn float_cell(out: &mut Vec<u8>, x: Option<f64>) {
    if let Some(x) = x {
        raw(out, &float(x));
    }
}

/// One CSV report: its header, a game's rows and an unreadable input's row (the games
/// CSV, [`GAMES`], and the findings CSV, `findings_csv::FINDINGS`).
pub struct CsvTable {
    pub header: fn() -> String,
    pub render: RenderGame<u8>,
    pub unreadable: fn(&InputError) -> String,
}

/// The games CSV: a row per game.
pub const GAMES: CsvTable = CsvTable {
    header: games_header,
    render: render_game,
    unreadable: unreadable_game,
};

fn games_header() -> String {
    header(GAME_COLUMNS)
}

/// An unreadable input: status `error`, the message in the `message` column.
fn unreadable_game(e: &InputError) -> String {
    unreadable_row(GAME_COLUMNS, e)
}

/// The reporter of every CSV format: a header, then rows as the table makes them.
pub struct CsvReporter<'w> {
    out: Box<dyn Write + 'w>,
    table: &'static CsvTable,
}

/// A float as a CSV cell: always with a decimal point (`7.0`, not `7`).
pub(crate) fn float(x: f64) -> String {
    if x.is_finite() {
        format!("{x:?}")
    } else {
        String::new()
    }
}

/// Renders one CSV row.
fn render_game(g: &GameReport, _fails: bool, out: &mut Vec<u8>) {
    write_row(GAME_COLUMNS, out, |cell, out| cell(g, out));
}

impl<'w> CsvReporter<'w> {
    pub fn new(out: Box<dyn Write + 'w>, table: &'static CsvTable) -> Self {
        CsvReporter { out, table }
    }
}

/// Quotes a field when it needs it (RFC 4180), sanitised as the table is: line breaks and
/// tabs become spaces, so that every record is one line, and the other control characters
/// and bidi marks `\u{..}` escapes. (A path holds none of them: `path_text` escaped them,
/// so a path cell is the path JSON Lines gives.)
pub(crate) fn field(s: &str) -> String {
    let s = for_terminal(s);
    if s.contains([',', '"']) || s.starts_with(' ') || s.ends_with(' ') {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.into_owned()
    }
}

/// The row of an unreadable input under the header `columns`: its path first, `error` in
/// the columns `error_at`, the message in the `message` column, the other cells empty.
pub(crate) fn error_row(columns: &str, error_at: &[usize], e: &InputError) -> String {
    let names: Vec<&str> = columns.split(',').collect();
    let mut cells = vec![String::new(); names.len()];
    cells[0] = field(&e.path);
    for &i in error_at {
        cells[i] = "error".to_string();
    }
    let message = names.iter().position(|&n| n == "message");
    cells[message.unwrap_or(names.len() - 1)] = field(&e.message);
    cells.join(",")
}

impl Reporter for CsvReporter<'_> {
    fn begin(&mut self, _begin: &Begin) -> io::Result<()> {
        writeln!(self.out, "{}", (self.table.header)())
    }

    fn renderer(&self) -> Renderer {
        Renderer::bytes(self.table.render)
    }

    fn games(&mut self, rendered: Rendered) -> io::Result<()> {
        self.out.write_all(&rendered.rows::<u8>()?)
    }

    fn error(&mut self, e: &InputError) -> io::Result<()> {
        writeln!(self.out, "{}", (self.table.unreadable)(e))
    }

    fn summary(&mut self, _summary: &Summary) -> io::Result<()> {
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_keep_their_point_and_fields_their_line() {
        assert_eq!(float(7.0), "7.0");
        assert_eq!(float(-0.5), "-0.5");
        assert_eq!(field("a,b"), "\"a,b\"");
        assert_eq!(field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(field("l1\nl2"), "l1 l2");
        assert_eq!(field("a\u{1b}[31mb\u{7}"), "a\\u{1b}[31mb\\u{7}");
        assert_eq!(field("x\u{202E}y"), "x\\u{202e}y");
    }
}
