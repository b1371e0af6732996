//! Reporting: the only stage that writes. A [`Reporter`] receives the begin record, each
//! game in input order, the inputs that could not be read, and the summary.

pub mod board;
pub mod csv;
pub mod dups;
pub mod findings_csv;
pub mod fingerprint;
pub mod github;
pub mod gitlab;
pub mod html;
pub mod html_row;
pub mod jsonl;
pub mod junit;
pub mod progress;
pub mod sanitize;
pub mod sarif;
pub mod style;
pub mod summary;
pub mod svg;
pub mod table;
mod wire;

use std::io;

use schemars::JsonSchema;
use serde::Serialize;

use crate::audit::GameReport;
pub use summary::{GameTally, Summary};

/// The JSON schema number (CONTRACT.md): goes up when a field changes meaning or goes.
pub const SCHEMA: u32 = 1;

/// The first record of a run.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Begin {
    /// The JSON schema number: 1.
    pub schema: u32,
    /// `sgfaudit`.
    pub tool: &'static str,
    pub version: &'static str,
    /// The paths given.
    pub inputs: Vec<String>,
}

/// An input that could not be read at all.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct InputError {
    pub path: String,
    pub message: String,
}

/// Output formats (`--format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Table,
    Jsonl,
    Csv,
    /// One CSV row per finding.
    FindingsCsv,
    Github,
    /// One self-contained HTML page: summary, problem games, diagrams.
    Html,
    /// SARIF 2.1.0, for GitHub code scanning.
    Sarif,
    /// JUnit XML: a test suite per file, a test case per game.
    Junit,
    /// GitLab Code Quality JSON.
    Gitlab,
}

/// Renders one game's output into a buffer. Pure, so the workers render in parallel and
/// the reporter only writes the bytes, in input order.
pub type RenderGame = fn(&GameReport, &mut Vec<u8>);

/// Renders one game's output knowing whether the game fails the run (`--fail-on`).
pub type RenderJudgedGame = fn(&GameReport, bool, &mut Vec<u8>);

/// A printer of a run's records.
pub trait Reporter {
    /// Writes what comes before the games, if anything.
    fn begin(&mut self, _begin: &Begin) -> io::Result<()> {
        Ok(())
    }
    /// The function that renders a game for this reporter.
    fn renderer(&self) -> RenderGame;
    /// For a format that marks the games failing the run: the function that renders a
    /// game told whether it fails, used instead of [`Reporter::renderer`].
    fn judged_renderer(&self) -> Option<RenderJudgedGame> {
        None
    }
    /// Writes games rendered by [`Reporter::renderer`] (one or several, back to back),
    /// in input order.
    fn game(&mut self, rendered: &[u8]) -> io::Result<()>;
    fn error(&mut self, error: &InputError) -> io::Result<()>;
    fn summary(&mut self, summary: &Summary) -> io::Result<()>;
}

/// The reporter for a format, writing to `out`. Only the table is ever coloured
/// (`color`); the machine formats ignore it.
pub fn reporter<'w>(
    format: Format,
    out: Box<dyn io::Write + 'w>,
    color: bool,
) -> Box<dyn Reporter + 'w> {
    match format {
        Format::Table => Box::new(table::TableReporter::new(out, color)),
        Format::Jsonl => Box::new(jsonl::JsonlReporter::new(out)),
        Format::Csv => Box::new(csv::CsvReporter::new(out)),
        Format::FindingsCsv => Box::new(findings_csv::FindingsCsvReporter::new(out)),
        Format::Github => Box::new(github::GithubReporter::new(out)),
        Format::Html => Box::new(html::HtmlReporter::new(out)),
        Format::Sarif => Box::new(sarif::SarifReporter::new(out)),
        Format::Junit => Box::new(junit::JunitReporter::new(out)),
        Format::Gitlab => Box::new(gitlab::GitlabReporter::new(out)),
    }
}
