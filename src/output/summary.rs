//! The closing numbers of a run: every game read is counted once.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Serialize;

use crate::audit::{GameReport, Status};
use crate::finding::{Code, Severity};

/// What the summary needs of one game, made on the worker that audited it so that the
/// report itself never crosses threads: status, moves and findings per code.
#[derive(Clone, Copy, Debug)]
pub struct GameTally {
    pub status: Status,
    pub moves: u32,
    pub codes: [u32; Code::ALL.len()],
    /// Findings per severity (info, warning, error).
    pub severities: [u32; 3],
    /// The game fails the run (`--fail-on`).
    pub fails: bool,
    /// Findings `audit --fix` rewrites away.
    pub fixable: u32,
    /// Findings whose fix is made only on request (`--unsafe-fixes`).
    pub on_request: u32,
}

impl GameTally {
    pub fn of(game: &GameReport) -> GameTally {
        let mut codes = [0u32; Code::ALL.len()];
        let mut severities = [0u32; 3];
        let (mut fixable, mut on_request) = (0, 0);
        for f in &game.findings {
            codes[f.code as usize] += 1;
            severities[f.severity as usize] += 1;
            fixable += u32::from(f.fixable);
            on_request += u32::from(!f.fixable && f.fixed_on_request());
        }
        GameTally {
            status: game.status,
            moves: game.moves,
            codes,
            severities,
            fails: false,
            fixable,
            on_request,
        }
    }
}

/// Counts over a run; merged with `+=` so that any split of the work adds up the same.
#[derive(Clone, Debug, Default, Serialize, JsonSchema)]
pub struct Summary {
    /// Files read.
    pub files: usize,
    /// Games read.
    pub games: usize,
    /// Moves of every game (each game's `moves`).
    pub moves: u64,
    /// Games per status (every status present; they add up to `games`).
    #[serde(serialize_with = "super::wire::by_name")]
    #[schemars(schema_with = "super::wire::count_per_status")]
    pub by_status: BTreeMap<Status, usize>,
    /// Findings per code (codes found only): every finding, those the table folds under a
    /// voided move included.
    #[serde(serialize_with = "super::wire::by_name")]
    #[schemars(schema_with = "super::wire::count_per_code")]
    pub by_code: BTreeMap<Code, usize>,
    /// Findings per severity (every severity present).
    #[serde(serialize_with = "super::wire::by_name")]
    #[schemars(schema_with = "super::wire::count_per_severity")]
    pub by_severity: BTreeMap<Severity, usize>,
    /// Games that fail the run (`--fail-on`); `--format failing` lists them, a line each.
    pub failing: usize,
    /// Inputs that could not be read at all.
    pub unreadable: usize,
    /// Findings `audit --fix` would rewrite away.
    pub fixable: usize,
    /// Findings whose fix gives something up (a date's time of day, a result's margin with
    /// no FF[4] form): made only by `audit --fix --unsafe-fixes`, not in `fixable`.
    pub fixable_on_request: usize,
    /// With `audit --fix`: the findings fixed before this audit of the fixed files.
    pub fixed: usize,
    /// With `audit --fix`: the files rewritten.
    pub files_fixed: usize,
    /// Wall time of the run (differs from run to run).
    pub elapsed_ms: u64,
    /// Games per second of wall time.
    pub games_per_second: f64,
}

impl Summary {
    /// An empty summary with every status present, so that scripts find all keys.
    pub fn new() -> Summary {
        Summary {
            by_status: Status::ALL.iter().map(|s| (*s, 0)).collect(),
            by_severity: [Severity::Info, Severity::Warning, Severity::Error]
                .into_iter()
                .map(|s| (s, 0))
                .collect(),
            ..Summary::default()
        }
    }

    pub fn add_tally(&mut self, tally: &GameTally) {
        self.games += 1;
        self.moves += tally.moves as u64;
        *self.by_status.entry(tally.status).or_insert(0) += 1;
        self.failing += tally.fails as usize;
        self.fixable += tally.fixable as usize;
        self.fixable_on_request += tally.on_request as usize;
        for (s, &n) in [Severity::Info, Severity::Warning, Severity::Error]
            .iter()
            .zip(&tally.severities)
        {
            *self.by_severity.entry(*s).or_insert(0) += n as usize;
        }
        for (code, &n) in Code::ALL.iter().zip(&tally.codes) {
            if n > 0 {
                *self.by_code.entry(*code).or_insert(0) += n as usize;
            }
        }
    }

    pub fn findings(&self) -> usize {
        self.by_code.values().sum()
    }
}
