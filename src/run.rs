//! The pipeline: inputs -> files -> games -> audits (in parallel, in order) -> reporter.
//!
//! The unit of work is a game, not a file: each file is split into games, games are
//! gathered into windows, a window is audited on the rayon pool and reported in input
//! order, so the output is the same bytes for any `--jobs`, and memory stays bounded by
//! the window and the file being read, whatever the size of the input.

pub mod driver;
pub mod ordered;
mod pieces;
mod stage;

use std::io;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Instant;

use crate::audit::{audit_game, AuditOptions, GameInput, GameReport, Status};
use crate::check::reason::{Reason, Unread};
use crate::check::Check;
use crate::finding::{Code, Finding, Severity};
use crate::gate::{FailOn, Gate};
use crate::input::decode::{decode, Decoded};
use crate::input::path_text::path_text;
use crate::input::source::Bytes;
use crate::input::split::{GameSlice, Splitter};
use crate::input::stamp::Stamp;
use crate::input::walk::WalkOptions;
use crate::output::progress::ProgressMode;
use crate::output::{Begin, InputError, Reporter, Summary, SCHEMA};
use crate::partition::{Piece, Shard};
use crate::sgf::record::root_file_format;
use crate::sgf::values::FileFormat;
use driver::{Driver, Inputs, OnInputError};
use stage::Stage;

/// Everything a run needs, validated.
#[derive(Clone, Debug)]
pub struct RunConfig {
    pub paths: Vec<PathBuf>,
    /// How folders are walked (symbolic links followed or not).
    pub walk: WalkOptions,
    pub audit: AuditOptions,
    pub fail_on: Vec<Status>,
    /// What is shown and what fails the run besides `fail_on` (codes, severities).
    pub gate: Gate,
    pub jobs: usize,
    pub progress: ProgressMode,
    /// Inputs already known to be bad (lines of a `--files-from` list), reported as
    /// `error` lines with the others.
    pub input_errors: Vec<InputError>,
    /// Who is told of each input error as soon as it is known, whatever the format of
    /// the report (the command line writes it to standard error).
    pub on_input_error: OnInputError,
    /// Which of the inputs' games this run audits.
    pub part: Part,
}

impl RunConfig {
    /// The inputs of the run and how they are read.
    pub fn inputs(&self) -> Inputs<'_> {
        Inputs {
            paths: &self.paths,
            walk: &self.walk,
            input_errors: &self.input_errors,
            part: &self.part,
            jobs: self.jobs,
            progress: self.progress,
            on_input_error: &self.on_input_error,
        }
    }
}

/// Which games of the inputs a run audits.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Part {
    /// All of them.
    #[default]
    All,
    /// One shard of the partition of the inputs (`--shard K/N`, see `partition`); the
    /// inputs that cannot be read are reported by shard 0.
    Shard(Shard),
    /// These pieces of a partition (`paths` only name the run); `input_errors` are
    /// reported as given.
    Pieces(Vec<Piece>),
}

/// How a run ended, for the exit code.
#[derive(Clone, Debug)]
pub struct RunOutcome {
    pub summary: Summary,
    /// Some game has a status listed in `--fail-on`.
    pub failed: bool,
    /// Some input could not be read at all.
    pub unreadable: bool,
}

/// Games audited together on the pool before they are reported.
const WINDOW: usize = 2048;

/// Games in the first window after the pool ran dry: two chunks.
const FIRST_WINDOW: usize = 2 * CHUNK;

/// Text (bytes) of the games of one window, at most, unless one game alone is bigger: a
/// report can be a hundred times its game's text (a finding per illegal move), so the
/// window is bounded by size as well as by count.
const WINDOW_BYTES: usize = 4 << 20;

/// A file read, decoded and split into games.
pub struct LoadedFile {
    pub name: String,
    bytes: Bytes,
    /// The file as it was when opened, while it remains to be checked that it did not
    /// change while it was read (a mapped file, once its games are done).
    stamp: Option<Stamp>,
    decoded: Decoded,
    pub games: Vec<GameSlice>,
    /// `FF` and `GM` of the file's first game tree, read when a later tree asks.
    first_tree: OnceLock<FileFormat>,
    /// Why the decoded text may not replace the bytes (`crate::fix::encoding`).
    reencoding_doubt: OnceLock<Option<String>>,
}

impl LoadedFile {
    /// Decodes a file's bytes and splits it into all its games.
    pub fn new(name: String, bytes: Bytes) -> LoadedFile {
        let mut file = LoadedFile::open(name, bytes);
        file.games = Splitter::over_utf8(file.utf8_bytes()).collect();
        file
    }

    /// Decodes a file's bytes; its games are taken one at a time with [`Splitter`].
    fn open(name: String, bytes: Bytes) -> LoadedFile {
        let decoded = decode(&bytes);
        LoadedFile {
            name,
            bytes,
            stamp: None,
            decoded,
            games: Vec::new(),
            first_tree: OnceLock::new(),
            reencoding_doubt: OnceLock::new(),
        }
    }

    /// The whole decoded text as bytes, without checking again that they are UTF-8.
    fn utf8_bytes(&self) -> &[u8] {
        match &self.decoded.text {
            Some(t) => t.as_bytes(),
            None => &self.bytes[self.decoded.start..],
        }
    }

    /// The decoded text of a game (validated slice: game ranges fall on ASCII bytes).
    pub fn slice_text(&self, slice: &GameSlice) -> &str {
        let range = slice.range.clone();
        match &self.decoded.text {
            Some(t) => &t[range],
            None => std::str::from_utf8(&self.bytes[self.decoded.start..][range]).unwrap_or(""),
        }
    }

    /// The decoded text of game `index`.
    pub fn game_text(&self, index: usize) -> &str {
        self.slice_text(&self.games[index])
    }

    /// What the audit of game `index` reads: its text, slice, encoding and encoding
    /// problem.
    pub fn game_input(&self, index: usize) -> GameInput<'_> {
        self.input_for(index, &self.games[index])
    }

    fn input_for<'a>(&'a self, index: usize, slice: &'a GameSlice) -> GameInput<'a> {
        GameInput {
            path: &self.name,
            index,
            text: self.slice_text(slice),
            slice,
            encoding: self.decoded.part_at(slice.range.start).encoding,
            encoding_problem: self.encoding_problem(index, slice),
            first_tree: (index > 0).then(|| self.first_tree()),
        }
    }

    /// `FF` and `GM` of the file's first game tree (the defaults when it has none).
    fn first_tree(&self) -> FileFormat {
        *self.first_tree.get_or_init(|| {
            Splitter::over_utf8(self.utf8_bytes())
                .next()
                .filter(|slice| !slice.no_game)
                .map(|slice| root_file_format(self.slice_text(&slice)))
                .unwrap_or_default()
        })
    }

    /// The encoding problem a game reports: that of the file's first part on game 0, that
    /// of each later part on the game where the part starts.
    fn encoding_problem(&self, index: usize, slice: &GameSlice) -> Option<&str> {
        let parts = &self.decoded.parts;
        let from = parts.partition_point(|p| p.start < slice.range.start);
        let file_start = (index == 0).then(|| &parts[0]);
        file_start
            .into_iter()
            .chain(
                parts[from..]
                    .iter()
                    .take_while(|p| p.start < slice.range.end),
            )
            .find_map(|p| p.problem.as_deref())
    }

    /// Audits game `index` of this file, turning a panic into the game's error report.
    pub fn audit(&self, index: usize, options: &AuditOptions) -> GameReport {
        self.audit_with(index, options, audit_game)
    }

    /// How `--fix` may write the file back: `Some(true)` in UTF-8 as decoded (UTF-8, or a
    /// `CA[]` that fits the bytes), `Some(false)` its bytes kept around the edits (damaged
    /// UTF-8), `None` not at all (an encoding guessed).
    pub fn writable(&self) -> Option<bool> {
        use crate::input::decode::EncodingFrom as From;
        let parts = &self.decoded.parts;
        let sure = parts
            .iter()
            .all(|p| matches!(p.from, From::Utf8 | From::Declared));
        if sure && self.reencoding_doubt().is_some() {
            return None;
        }
        let damaged = parts.len() == 1 && parts[0].from == From::Lossy;
        (sure || damaged).then_some(sure)
    }

    /// Why the decoded text may not replace the file's bytes, when it may not.
    pub fn reencoding_doubt(&self) -> Option<&str> {
        self.reencoding_doubt
            .get_or_init(|| {
                let text = std::str::from_utf8(self.utf8_bytes()).unwrap_or("");
                crate::fix::encoding::reencoding_doubt(&self.bytes, &self.decoded, text)
            })
            .as_deref()
    }

    /// The file's bytes, the decoded text and whether it differs from them (re-encoded or
    /// repaired); the text starts after the bytes' byte-order mark, if any.
    pub fn texts(&self) -> (&[u8], &str, bool) {
        let text = std::str::from_utf8(self.utf8_bytes()).unwrap_or("");
        (&self.bytes, text, self.decoded.text.is_some())
    }

    /// The file's bytes as read.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// True when the decoded text differs from the bytes (re-encoded or repaired).
    pub fn decoded_differs(&self) -> bool {
        self.decoded.text.is_some()
    }

    /// The file's bytes, taken out of it (no copy when they were read, not mapped).
    pub fn into_bytes(self) -> Vec<u8> {
        match self.bytes {
            Bytes::Owned(bytes) => bytes,
            Bytes::Mapped(_) => self.bytes.to_vec(),
        }
    }

    /// The decoded text (after a byte-order mark), taken out of the file: no copy when it
    /// is the bytes read themselves or a decoding.
    pub fn into_text(self) -> String {
        if let Some(text) = self.decoded.text {
            return text;
        }
        let start = self.decoded.start;
        match self.bytes {
            Bytes::Owned(mut bytes) => {
                bytes.drain(..start);
                String::from_utf8(bytes)
                    .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
            }
            Bytes::Mapped(_) => String::from_utf8_lossy(&self.bytes[start..]).into_owned(),
        }
    }

    /// A game's report with `fixable` cleared when the file's encoding was a guess.
    fn surely_fixable(&self, mut report: GameReport) -> GameReport {
        if self.writable().is_none() {
            report.findings.iter_mut().for_each(|f| f.fixable = false);
        }
        report
    }

    /// Audits game `index`, given its slice, turning a panic into the game's error report.
    fn audit_slice(&self, index: usize, slice: &GameSlice, options: &AuditOptions) -> GameReport {
        self.surely_fixable(guarded(&self.input_for(index, slice), options, audit_game))
    }

    /// [`LoadedFile::audit`] with the per-game audit given: the way tests reach the
    /// panic-to-`error` path, since no input is known to make [`audit_game`] panic.
    #[doc(hidden)]
    pub fn audit_with(
        &self,
        index: usize,
        options: &AuditOptions,
        audit: impl FnOnce(&GameInput<'_>, &AuditOptions) -> GameReport,
    ) -> GameReport {
        self.surely_fixable(guarded(&self.game_input(index), options, audit))
    }
}

/// Runs one game's audit, turning a panic into the game's error report.
fn guarded(
    input: &GameInput<'_>,
    options: &AuditOptions,
    audit: impl FnOnce(&GameInput<'_>, &AuditOptions) -> GameReport,
) -> GameReport {
    match catch_unwind(AssertUnwindSafe(|| audit(input, options))) {
        Ok(report) => report,
        Err(panic) => internal_error_report(input, panic),
    }
}

/// What a caught panic says: its message, when it has one.
pub fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string())
}

/// The report of a game whose audit panicked: an `error` status, not a lost game.
fn internal_error_report(
    input: &GameInput<'_>,
    panic: Box<dyn std::any::Any + Send>,
) -> GameReport {
    let what = panic_message(panic.as_ref());
    let mut f = Finding::new(
        Code::InternalError,
        Severity::Error,
        0,
        format!("internal error while auditing this game ({what}); please report it"),
    );
    f.line = input.slice.start.line;
    f.column = input.slice.start.column;
    GameReport {
        path: input.path.to_string(),
        game: input.index,
        line: input.slice.start.line,
        column: input.slice.start.column,
        status: Status::Error,
        size: None,
        rules: crate::rules::RuleSet::Chinese.rules(),
        rules_from: crate::audit::RulesFrom::Default,
        rules_raw: None,
        komi: 0.0,
        komi_raw: None,
        handicap: 0,
        black: None,
        white: None,
        info: Default::default(),
        result: None,
        encoding: input.encoding,
        moves: 0,
        ended_by: crate::audit::EndedBy::Unfinished,
        findings: vec![f],
        findings_omitted: 0,
        omitted: Vec::new(),
        score: None,
        check: Check::not_counted(None, Reason::NotRead(Unread::InternalError)),
        board: None,
        figures: Vec::new(),
    }
}

/// Games in a chunk: the unit of work handed to the pool.
const CHUNK: usize = 64;

/// Runs the audit over the configured paths, reporting to `reporter`.
pub fn run(config: &RunConfig, reporter: &mut dyn Reporter) -> io::Result<RunOutcome> {
    let mut driver = Driver::new(config.inputs())?;
    // `fail_on` (statuses) joins the gate's codes and severities.
    let mut gate = config.gate.clone();
    gate.fail_on.retain(|f| !matches!(f, FailOn::Status(_)));
    gate.fail_on
        .extend(config.fail_on.iter().map(|&s| FailOn::Status(s)));
    reporter.begin(&Begin {
        schema: SCHEMA,
        tool: "sgfaudit",
        version: env!("CARGO_PKG_VERSION"),
        inputs: config.paths.iter().map(|p| path_text(p)).collect(),
    })?;
    let mut stage = Stage::new(config.audit.clone(), gate, reporter);
    driver.games(&mut stage)?;
    let Stage {
        reporter,
        mut summary,
        ..
    } = stage;
    summary.files = driver.files();
    end(reporter, &mut summary, driver.errors(), driver.started())?;
    Ok(RunOutcome {
        failed: summary.failing > 0,
        unreadable: !driver.errors().is_empty(),
        summary,
    })
}

/// Writes the errors and the summary that end a run.
fn end(
    reporter: &mut dyn Reporter,
    summary: &mut Summary,
    errors: &[InputError],
    started: Instant,
) -> io::Result<()> {
    for e in errors {
        reporter.error(e)?;
    }
    summary.unreadable = errors.len();
    let elapsed = started.elapsed();
    summary.elapsed_ms = elapsed.as_millis() as u64;
    summary.games_per_second = if elapsed.as_secs_f64() > 0.0 {
        (summary.games as f64 / elapsed.as_secs_f64() * 10.0).round() / 10.0
    } else {
        0.0
    };
    reporter.summary(summary)
}
