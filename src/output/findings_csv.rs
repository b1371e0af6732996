//! The findings CSV (`--format findings-csv`): one row per finding, for those who count
//! codes and moves in a dataframe; an unreadable input is one row with severity `error`
//! and an empty code. Its columns are a table, as the game CSV's (see [`super::csv`]).

use super::csv::{header, number, raw, text, unreadable_row, write_row, Column, CsvTable};
use super::InputError;
use crate::audit::GameReport;
use crate::finding::Finding;

/// A cell of the findings CSV: of a finding of a game.
type FindingCell = fn(&GameReport, &Finding, &mut Vec<u8>);

/// The columns of the findings CSV; README.md lists what each holds.
pub(crate) const FINDING_COLUMNS: &[Column<FindingCell>] = &[
    Column::new("path", |g, _, o| text(o, &g.path)),
    Column::new("game", |g, _, o| number(o, g.game)),
    Column::error("status", |g, _, o| raw(o, g.status.as_str())),
    Column::new("code", |_, f, o| raw(o, f.code.as_str())),
    Column::error("severity", |_, f, o| raw(o, f.severity.as_str())),
    Column::new("move", |_, f, o| optional(o, f.r#move)),
    Column::new("color", |_, f, o| optional(o, f.color)),
    Column::new("point", |_, f, o| optional(o, f.point.as_deref())),
    Column::new("vertex", |_, f, o| optional(o, f.vertex.as_deref())),
    Column::new("line", |_, f, o| number(o, f.line)),
    Column::new("column", |_, f, o| number(o, f.column)),
    Column::new("article", |_, f, o| optional(o, f.article)),
    Column::new("first_seen", |_, f, o| optional(o, f.first_seen)),
    Column::new("cycle_length", |_, f, o| optional(o, f.cycle_length)),
    Column::new("message", |_, f, o| text(o, &f.message)),
    Column::new("variation", |_, f, o| optional(o, f.variation.as_deref())),
    Column::new("fixable", |_, f, o| {
        raw(o, if f.fixable { "true" } else { "false" })
    }),
    Column::new("after_void", |_, f, o| optional(o, f.after_void)),
];

/// A cell written as it is, empty for none.
fn optional(out: &mut Vec<u8>, x: Option<impl std::fmt::Display>) {
    if let Some(x) = x {
        number(out, x);
    }
}

/// The findings CSV: a row per finding.
pub const FINDINGS: CsvTable = CsvTable {
    header: findings_header,
    render: render_game,
    unreadable: unreadable_finding,
};

fn findings_header() -> String {
    header(FINDING_COLUMNS)
}

/// An unreadable input: severity `error`, an empty code, the message.
fn unreadable_finding(e: &InputError) -> String {
    unreadable_row(FINDING_COLUMNS, e)
}

/// Renders one row per finding of a game.
fn render_game(g: &GameReport, _fails: bool, out: &mut Vec<u8>) {
    for f in &g.findings {
        write_row(FINDING_COLUMNS, out, |cell, out| cell(g, f, out));
    }
}
