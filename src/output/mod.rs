//! Reporting: the only stage that writes. A [`Reporter`] receives the begin record, each
//! game in input order (rendered on the workers, see [`render`]), the inputs that could
//! not be read, and the summary. [`FORMATS`] lists the formats and makes their reporters.

pub mod board;
pub mod concise;
pub mod csv;
pub mod dups;
pub mod failing;
pub mod findings_csv;
pub mod fingerprint;
pub mod formats;
pub mod github;
pub mod gitlab;
pub mod html;
pub mod html_row;
pub mod jsonl;
pub mod junit;
pub mod keys;
pub mod links;
pub mod progress;
pub mod render;
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

pub use formats::{Format, FORMATS};
pub use render::{RenderGame, Rendered, Renderer};
pub use summary::{GameTally, Summary};
pub use wire::GameJson;

/// The JSON schema number (CONTRACT.md): goes up when a field changes meaning or goes.
pub const SCHEMA: u32 = 2;

/// The first record of a run.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Begin {
    /// The JSON schema number (2).
    pub schema: u32,
    /// `sgfaudit`.
    pub tool: &'static str,
    /// The version of sgfaudit that wrote the report.
    pub version: &'static str,
    /// The paths given.
    pub inputs: Vec<String>,
}

/// An input that could not be read at all.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct InputError {
    /// The input, written as a game's `path` is.
    pub path: String,
    /// Why it could not be read.
    pub message: String,
}

/// A printer of a run's records.
pub trait Reporter {
    /// Writes what comes before the games, if anything.
    fn begin(&mut self, _begin: &Begin) -> io::Result<()> {
        Ok(())
    }
    /// How the workers render a game for this reporter.
    fn renderer(&self) -> Renderer;
    /// Writes a chunk of games rendered by [`Reporter::renderer`], chunks in input order.
    fn games(&mut self, rendered: Rendered) -> io::Result<()>;
    fn error(&mut self, error: &InputError) -> io::Result<()>;
    fn summary(&mut self, summary: &Summary) -> io::Result<()>;
    /// Where the report is written (`None`: standard output), for a format whose links
    /// to the games must work from there (HTML); told before the run.
    fn written_to(&mut self, _file: Option<&std::path::Path>) {}
}
