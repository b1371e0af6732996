//! The findings CSV (`--format findings-csv`): one row per finding, for those who count
//! codes and moves in a dataframe; an unreadable input is one row with severity `error`
//! and an empty code.

use std::io::{self, Write};

use super::csv::{error_row, field};
use super::{Begin, InputError, RenderGame, Reporter, Summary};
use crate::audit::GameReport;

/// The header of the findings CSV; README.md lists what each column holds.
pub const FINDING_COLUMNS: &str = "path,game,status,code,severity,move,color,point,vertex,\
line,column,article,first_seen,cycle_length,message,variation";

pub struct FindingsCsvReporter<'w> {
    out: Box<dyn Write + 'w>,
}

impl<'w> FindingsCsvReporter<'w> {
    pub fn new(out: Box<dyn Write + 'w>) -> Self {
        FindingsCsvReporter { out }
    }
}

fn opt<T: ToString>(x: Option<T>) -> String {
    x.map(|v| v.to_string()).unwrap_or_default()
}

/// Renders one row per finding of a game.
fn render_game(g: &GameReport, out: &mut Vec<u8>) {
    let path = field(&g.path);
    for f in &g.findings {
        let cells: [String; 16] = [
            path.clone(),
            g.game.to_string(),
            g.status.as_str().to_string(),
            f.code.as_str().to_string(),
            f.severity.as_str().to_string(),
            opt(f.r#move),
            opt(f.color),
            opt(f.point.as_deref()),
            opt(f.vertex.as_deref()),
            f.line.to_string(),
            f.column.to_string(),
            opt(f.article),
            opt(f.first_seen),
            opt(f.cycle_length),
            field(&f.message),
            opt(f.variation.as_deref()),
        ];
        out.extend_from_slice(cells.join(",").as_bytes());
        out.push(b'\n');
    }
}

impl Reporter for FindingsCsvReporter<'_> {
    fn begin(&mut self, _begin: &Begin) -> io::Result<()> {
        writeln!(self.out, "{FINDING_COLUMNS}")
    }

    fn renderer(&self) -> RenderGame {
        render_game
    }

    fn game(&mut self, rendered: &[u8]) -> io::Result<()> {
        self.out.write_all(rendered)
    }

    fn error(&mut self, e: &InputError) -> io::Result<()> {
        writeln!(self.out, "{}", error_row(FINDING_COLUMNS, &[2, 4], e))
    }

    fn summary(&mut self, _summary: &Summary) -> io::Result<()> {
        self.out.flush()
    }
}
