//! CSV for spreadsheets and dataframes: one row per game with stable, typed columns (a
//! number column holds only numbers, floats always with a decimal point, so that readers
//! infer one type), and one row with status `error` per input that could not be read.

use std::io::{self, Write};

use super::sanitize::for_terminal;
use super::{Begin, InputError, RenderGame, Reporter, Summary};
use crate::audit::GameReport;
use crate::finding::Severity;

/// The header of the game CSV; README.md lists what each column holds.
pub const GAME_COLUMNS: &str = "path,game,line,column,status,width,height,rules,rules_from,\
komi,handicap,black,white,result,encoding,moves,ended_by,counting,computed,margin,\
difference,verdict,reason,confidence,assumed,errors,warnings,infos,codes,message";

pub struct CsvReporter<'w> {
    out: Box<dyn Write + 'w>,
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
fn render_game(g: &GameReport, out: &mut Vec<u8>) {
    let (width, height) = match g.size {
        Some([w, h]) => (w.to_string(), h.to_string()),
        None => (String::new(), String::new()),
    };
    let mut codes: Vec<&str> = g.findings.iter().map(|f| f.code.as_str()).collect();
    codes.sort_unstable();
    codes.dedup();
    let count = |s: Severity| g.findings.iter().filter(|f| f.severity == s).count();
    let (counting, margin) = match &g.score {
        Some(score) => (
            score.counting.as_str().to_string(),
            float(score.compared_margin()),
        ),
        None => (String::new(), String::new()),
    };
    let cells: [String; 30] = [
        field(&g.path),
        g.game.to_string(),
        g.line.to_string(),
        g.column.to_string(),
        g.status.as_str().to_string(),
        width,
        height,
        g.rules.to_string(),
        g.rules_from.as_str().to_string(),
        float(g.komi),
        g.handicap.to_string(),
        field(g.black.as_deref().unwrap_or("")),
        field(g.white.as_deref().unwrap_or("")),
        field(g.result.as_deref().unwrap_or("")),
        g.encoding.to_string(),
        g.moves.to_string(),
        g.ended_by.as_str().to_string(),
        counting,
        field(g.check.computed.as_deref().unwrap_or("")),
        margin,
        g.check.difference.map(float).unwrap_or_default(),
        g.check.verdict.as_str().to_string(),
        field(g.check.reason.as_deref().unwrap_or("")),
        g.check.reported_confidence().map(float).unwrap_or_default(),
        field(g.check.assumed.as_deref().unwrap_or("")),
        count(Severity::Error).to_string(),
        count(Severity::Warning).to_string(),
        count(Severity::Info).to_string(),
        codes.join(" "),
        String::new(),
    ];
    out.extend_from_slice(cells.join(",").as_bytes());
    out.push(b'\n');
}

impl<'w> CsvReporter<'w> {
    pub fn new(out: Box<dyn Write + 'w>) -> Self {
        CsvReporter { out }
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
        writeln!(self.out, "{GAME_COLUMNS}")
    }

    fn renderer(&self) -> RenderGame {
        render_game
    }

    fn game(&mut self, rendered: &[u8]) -> io::Result<()> {
        self.out.write_all(rendered)
    }

    /// An unreadable input: status `error`, the message in the `message` column.
    fn error(&mut self, e: &InputError) -> io::Result<()> {
        writeln!(self.out, "{}", error_row(GAME_COLUMNS, &[4], e))
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
