//! The output formats of `audit --format`, as one table: a row names a format, says what
//! `--help` says of it, makes its reporter and says what the format needs. The command
//! line's values and help, the config file's `format = "…"`, the Python package's formats
//! and the tests all read [`FORMATS`], so a new format is its reporter's file and a row.
//!
//! Adding a format: write `NAME.rs` (declared in `mod.rs`) with a reporter whose
//! [`Reporter::renderer`] renders a game on the workers, as bytes
//! ([`Renderer::bytes`](super::Renderer::bytes)) or as rows of its own type
//! ([`Renderer::new`](super::Renderer::new)), and whose [`Reporter::games`] writes or
//! gathers them in input order; add its row here; review its snapshot
//! (`tests/it/formats.rs` runs every row and fails until it exists).

use std::fmt;
use std::io::Write;

use super::{
    concise, csv, failing, findings_csv, github, gitlab, html, jsonl, junit, sarif, table, Reporter,
};

/// An output format: one row of [`FORMATS`].
#[derive(Clone, Copy)]
pub struct Format {
    /// Its name on the command line, in the config file and in Python.
    pub name: &'static str,
    /// What `--help` says of it, if the name does not say it all.
    pub help: Option<&'static str>,
    /// Its reporter, writing to `out`; `color` is asked for only for the formats people
    /// read.
    pub new: for<'w> fn(Box<dyn Write + 'w>, bool) -> Box<dyn Reporter + 'w>,
    /// It draws diagrams of the problems: the audit keeps them (`AuditOptions::figures`).
    pub figures: bool,
    /// Read by programs, not people: never coloured.
    pub machine: bool,
    /// Records a dataframe reads, one a line: the Python package offers it.
    pub dataframe: bool,
}

/// Every output format, in the order `--help` lists them.
pub const FORMATS: &[Format] = &[
    Format {
        name: "table",
        help: None,
        new: |out, color| Box::new(table::TableReporter::new(out, color)),
        figures: false,
        machine: false,
        dataframe: false,
    },
    Format {
        name: "jsonl",
        help: None,
        new: |out, _| Box::new(jsonl::JsonlReporter::new(out)),
        figures: false,
        machine: true,
        dataframe: true,
    },
    Format {
        name: "csv",
        help: None,
        new: |out, _| Box::new(csv::CsvReporter::new(out, &csv::GAMES)),
        figures: false,
        machine: true,
        dataframe: true,
    },
    Format {
        name: "findings-csv",
        help: Some("One CSV row per finding"),
        new: |out, _| Box::new(csv::CsvReporter::new(out, &findings_csv::FINDINGS)),
        figures: false,
        machine: true,
        dataframe: true,
    },
    Format {
        name: "github",
        help: Some("GitHub Actions annotations, 10 of each level, the most important first (illegal moves, results the count contradicts); the rest counted in $GITHUB_STEP_SUMMARY"),
        new: |out, _| Box::new(github::GithubReporter::new(out)),
        figures: false,
        machine: true,
        dataframe: false,
    },
    Format {
        name: "html",
        help: Some("One self-contained HTML page: summary, problem games worst first, diagrams"),
        new: |out, _| Box::new(html::HtmlReporter::new(out)),
        figures: true,
        machine: false,
        dataframe: false,
    },
    Format {
        name: "sarif",
        help: Some(
            "SARIF 2.1.0 for GitHub code scanning: a rule per finding code, a result per finding",
        ),
        new: |out, _| Box::new(sarif::SarifReporter::new(out)),
        figures: false,
        machine: true,
        dataframe: false,
    },
    Format {
        name: "junit",
        help: Some("JUnit XML for CI test reports: a test suite per file, a test case per game"),
        new: |out, _| Box::new(junit::JunitReporter::new(out)),
        figures: false,
        machine: true,
        dataframe: false,
    },
    Format {
        name: "gitlab",
        help: Some("GitLab Code Quality JSON for merge requests: an issue per finding"),
        new: |out, _| Box::new(gitlab::GitlabReporter::new(out)),
        figures: false,
        machine: true,
        dataframe: false,
    },
    Format {
        name: "concise",
        help: Some("A line per finding and one summary line, as `ruff check` prints (the pre-commit hook's)"),
        new: |out, color| Box::new(concise::ConciseReporter::new(out, color)),
        figures: false,
        machine: false,
        dataframe: false,
    },
    Format {
        name: "failing",
        help: Some("Only the games that fail the run (--fail-on), a line each: where, why, and the `sgfaudit show` or `score` command that opens it; then the summary line"),
        new: |out, color| Box::new(failing::FailingReporter::new(out, color)),
        figures: false,
        machine: false,
        dataframe: false,
    },
];

impl Format {
    /// The default: the table.
    pub const TABLE: Format = FORMATS[0];
    /// JSON Lines (`--json`).
    pub const JSONL: Format = FORMATS[1];

    /// The format of this name, if there is one.
    pub fn named(name: &str) -> Option<Format> {
        FORMATS.iter().copied().find(|f| f.name == name)
    }

    /// Its reporter, writing to `out`, coloured when `color` and the format is read by
    /// people.
    pub fn reporter<'w>(self, out: Box<dyn Write + 'w>, color: bool) -> Box<dyn Reporter + 'w> {
        (self.new)(out, color && !self.machine)
    }
}

impl PartialEq for Format {
    fn eq(&self, other: &Format) -> bool {
        self.name == other.name
    }
}

impl Eq for Format {}

impl fmt::Debug for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Format({})", self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_the_defaults_are_theirs() {
        assert_eq!(Format::TABLE.name, "table");
        assert_eq!(Format::JSONL.name, "jsonl");
        for (i, f) in FORMATS.iter().enumerate() {
            assert_eq!(Format::named(f.name), Some(*f));
            assert!(FORMATS[..i].iter().all(|g| g.name != f.name), "{}", f.name);
        }
        assert_eq!(Format::named("nope"), None);
    }
}
