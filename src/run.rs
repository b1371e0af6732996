//! The pipeline: inputs -> files -> games -> audits (in parallel, in order) -> reporter.
//!
//! The unit of work is a game, not a file: each file is split into games, games are
//! gathered into windows, a window is audited on the rayon pool and reported in input
//! order, so the output is the same bytes for any `--jobs`, and memory stays bounded by
//! the window and the file being read, whatever the size of the input.

pub mod ordered;
mod pieces;

use std::io::{self, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::{mpsc, Arc, OnceLock};
use std::time::Instant;

use crate::audit::{audit_game, AuditOptions, GameInput, GameReport, Status};
use crate::finding::{Code, Finding, Severity};
use crate::gate::{FailOn, Gate};
use crate::input::archive::{for_members_in, input_failure, Kind};
use crate::input::decode::{decode, Decoded};
use crate::input::path_text::path_text;
use crate::input::source::{open_file, read_stdin, Bytes, Stamp, MMAP_THRESHOLD};
use crate::input::split::{GameSlice, Splitter};
use crate::input::walk::{io_message, Input, WalkOptions};
use crate::output::progress::{Progress, ProgressMode};
use crate::output::sanitize::for_terminal;
use crate::output::{Begin, GameTally, InputError, Rendered, Renderer, Reporter, Summary, SCHEMA};
use crate::partition::{GameRange, Piece, Shard};
use crate::score::Check;
use crate::sgf::record::root_file_format;
use crate::sgf::values::FileFormat;
use pieces::{input_size, piece_size, pieces_of_part};

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
    /// Also write each input error to standard error as soon as it is known, whatever
    /// the format of the report.
    pub errors_to_stderr: bool,
    /// Which of the inputs' games this run audits.
    pub part: Part,
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

/// The report of a game whose audit panicked: an `error` status, not a lost game.
fn internal_error_report(
    input: &GameInput<'_>,
    panic: Box<dyn std::any::Any + Send>,
) -> GameReport {
    let what = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string());
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
        rules: "chinese",
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
        check: Check::not_counted(None, "internal error"),
        board: None,
        figures: Vec::new(),
    }
}

/// A chunk of games tallied and rendered on a worker: one value per chunk, so that few
/// allocations cross threads.
type Done = (Vec<GameTally>, Rendered);

/// The games of one chunk: the unit of work handed to the pool.
type Chunk = Vec<(Arc<LoadedFile>, usize, GameSlice)>;

/// Games in a chunk.
const CHUNK: usize = 64;

/// A window handed to the pool: its chunks come back on `results`, in any order.
struct InFlight {
    results: mpsc::Receiver<(usize, Done)>,
    chunks: usize,
    bytes: u64,
}

/// The audits under way: the window being filled, and the one the pool is working on.
///
/// While the pool audits and renders window k+1, the caller's thread writes window k and
/// splits the next games, so the workers never wait for the output. Each chunk is a job
/// of its own, queued first in, first out: a worker never waits inside one window's job
/// for another's, so window k is done as soon as its own chunks are.
struct Stage<'p> {
    pool: &'p rayon::ThreadPool,
    options: Arc<AuditOptions>,
    gate: Arc<Gate>,
    render: Renderer,
    /// The window being filled, as chunks.
    window: Vec<Chunk>,
    window_games: usize,
    /// Games that fill the window: small when the pool has nothing to do (at the start,
    /// after a drain) so that it starts at once, doubling up to [`WINDOW`].
    window_limit: usize,
    window_bytes: usize,
    in_flight: Option<InFlight>,
    /// Bytes of game text reported so far (for the progress bar).
    bytes_done: u64,
}

impl Stage<'_> {
    /// Adds a game to the window; true when the window is full.
    fn push(&mut self, file: &Arc<LoadedFile>, index: usize, slice: GameSlice) -> bool {
        self.window_bytes += slice.range.len();
        self.window_games += 1;
        match self.window.last_mut() {
            Some(chunk) if chunk.len() < CHUNK => chunk.push((Arc::clone(file), index, slice)),
            _ => {
                let mut chunk = Vec::with_capacity(CHUNK);
                chunk.push((Arc::clone(file), index, slice));
                self.window.push(chunk);
            }
        }
        self.window_games >= self.window_limit || self.window_bytes >= WINDOW_BYTES
    }

    /// Hands the current window to the pool, then writes the one before it.
    fn submit(&mut self, summary: &mut Summary, reporter: &mut dyn Reporter) -> io::Result<()> {
        let chunks = std::mem::take(&mut self.window);
        self.window_games = 0;
        self.window_limit = (self.window_limit * 2).min(WINDOW);
        let bytes = std::mem::take(&mut self.window_bytes) as u64;
        let (tx, rx) = mpsc::channel();
        let count = chunks.len();
        let options = &self.options;
        let render = self.render.clone();
        let gate = Arc::clone(&self.gate);
        let audit = move |chunk: &Chunk, options: &AuditOptions| -> Done {
            let mut tallies = Vec::with_capacity(chunk.len());
            let mut rendered = render.chunk(chunk.len());
            for (file, index, slice) in chunk {
                let mut report = file.audit_slice(*index, slice, options);
                gate.select(&mut report);
                let mut tally = GameTally::of(&report);
                tally.fails = gate.fails(tally.status, &tally.severities, &tally.codes);
                let fails = tally.fails;
                tallies.push(tally);
                if !gate.quiet {
                    gate.trim(&mut report);
                    rendered.add(&report, fails);
                }
            }
            (tallies, rendered.done())
        };
        let one_thread = self.pool.current_num_threads() == 1;
        for (number, chunk) in chunks.into_iter().enumerate() {
            if one_thread {
                // One thread does everything (`--jobs 1` means one core): no hand-over.
                let _ = tx.send((number, audit(&chunk, options)));
            } else {
                let tx = tx.clone();
                let options = Arc::clone(options);
                let audit = audit.clone();
                self.pool.spawn_fifo(move || {
                    // The receiver is gone only if the run stopped on an error.
                    let _ = tx.send((number, audit(&chunk, &options)));
                });
            }
        }
        let window = InFlight {
            results: rx,
            chunks: count,
            bytes,
        };
        let previous = self.in_flight.replace(window);
        self.write(previous, summary, reporter)
    }

    /// Writes a finished window's games, in order.
    fn write(
        &mut self,
        window: Option<InFlight>,
        summary: &mut Summary,
        reporter: &mut dyn Reporter,
    ) -> io::Result<()> {
        let Some(window) = window else {
            return Ok(());
        };
        self.bytes_done += window.bytes;
        let mut chunks: Vec<Option<Done>> = (0..window.chunks).map(|_| None).collect();
        for _ in 0..window.chunks {
            let (number, rendered) = window
                .results
                .recv()
                .map_err(|_| io::Error::other("a worker thread stopped"))?;
            chunks[number] = Some(rendered);
        }
        for (tallies, rendered) in chunks.into_iter().flatten() {
            for tally in &tallies {
                summary.add_tally(tally);
            }
            reporter.games(rendered)?;
        }
        Ok(())
    }

    /// Audits and writes everything still pending.
    fn finish(&mut self, summary: &mut Summary, reporter: &mut dyn Reporter) -> io::Result<()> {
        if !self.window.is_empty() {
            self.submit(summary, reporter)?;
        }
        let last = self.in_flight.take();
        self.window_limit = FIRST_WINDOW;
        self.write(last, summary, reporter)
    }
}

/// Reads one input; an `Err` is reported as an `error` line, and so is a file read in
/// full that changed while it was read (its games are still audited).
fn load(input: &Input) -> (Option<LoadedFile>, Option<InputError>) {
    // Games are split as they are audited (see `run`).
    let name = input.display_name();
    let read = match input {
        Input::Stdin => read_stdin().map(|b| (b, None)),
        Input::File(p) => open_file(p),
        Input::Archive(..) => Err(io::Error::other("an archive is read member by member")),
    };
    let (bytes, stamp) = match read {
        Ok(read) => read,
        Err(e) => {
            let message = io_message(&e);
            return (
                None,
                Some(InputError {
                    path: name,
                    message,
                }),
            );
        }
    };
    let mut file = LoadedFile::open(name, bytes);
    file.stamp = stamp;
    if matches!(file.bytes, Bytes::Mapped(_)) {
        // Checked once its games are done (see `run`).
        return (Some(file), None);
    }
    // Read in full: only a change during the read matters, and it shows now.
    let changed = changed_while_read(input, &file, "its games may be incomplete or wrong");
    file.stamp = None;
    (Some(file), changed)
}

/// The `error` line of a file that is no longer the file that was read, if it is not.
fn changed_while_read(input: &Input, file: &LoadedFile, lost: &str) -> Option<InputError> {
    let (Input::File(path), Some(stamp)) = (input, file.stamp) else {
        return None;
    };
    stamp.changed(path, &file.bytes).map(|changed| InputError {
        path: file.name.clone(),
        message: format!("{changed}: {lost}; audit it again once it is stable"),
    })
}

/// The inputs of a run as pieces, with the errors of the paths that gave none: all of
/// them, or one shard's.
fn pieces_of(config: &RunConfig) -> (Vec<Piece>, Vec<InputError>) {
    pieces_of_part(
        &config.part,
        &config.paths,
        &config.walk,
        &config.input_errors,
    )
}

/// A run under way: the audits in flight, the tallies and the errors met so far.
struct Driver<'a> {
    config: &'a RunConfig,
    stage: Stage<'a>,
    reporter: &'a mut dyn Reporter,
    summary: Summary,
    errors: Vec<InputError>,
    /// Errors already written to standard error.
    echoed: usize,
    progress: Progress,
    started: Instant,
}

impl Driver<'_> {
    /// Writes the errors not yet echoed to standard error, when the run asks for it.
    fn echo(&mut self) {
        if self.config.errors_to_stderr {
            let mut err = io::stderr().lock();
            for e in &self.errors[self.echoed..] {
                let _ = writeln!(
                    err,
                    "sgfaudit: {}: {}",
                    for_terminal(&e.path),
                    for_terminal(&e.message)
                );
            }
        }
        self.echoed = self.errors.len();
    }

    fn report_progress(&self) {
        let secs = self.started.elapsed().as_secs_f64().max(1e-9);
        self.progress.update(
            self.stage.bytes_done,
            self.summary.games,
            self.summary.files,
            self.summary.findings(),
            self.summary.games as f64 / secs,
        );
    }

    /// Queues one game, handing the window to the pool when it is full.
    fn push(&mut self, file: &Arc<LoadedFile>, index: usize, slice: GameSlice) -> io::Result<()> {
        if self.stage.push(file, index, slice) {
            self.stage.submit(&mut self.summary, &mut *self.reporter)?;
            self.report_progress();
        }
        Ok(())
    }

    fn finish_stage(&mut self) -> io::Result<()> {
        self.stage.finish(&mut self.summary, &mut *self.reporter)
    }

    /// Audits the members of an archive, in order: all of them, or those of `members`.
    fn archive(
        &mut self,
        input: &Input,
        path: &std::path::Path,
        kind: Kind,
        members: Option<std::ops::Range<usize>>,
    ) -> io::Result<()> {
        let wanted = members.unwrap_or(0..usize::MAX);
        let read = for_members_in(path, kind, wanted, &mut |member| {
            match member.bytes {
                Ok(bytes) => {
                    self.summary.files += 1;
                    let file = Arc::new(LoadedFile::open(member.name, bytes));
                    for (index, slice) in Splitter::over_utf8(file.utf8_bytes()).enumerate() {
                        self.push(&file, index, slice)?;
                    }
                }
                Err(message) => {
                    self.errors.push(InputError {
                        path: member.name,
                        message,
                    });
                    self.echo();
                }
            }
            Ok(())
        });
        let failure = input_failure(read)?;
        self.errors.extend(failure.map(|message| InputError {
            path: input.display_name(),
            message,
        }));
        self.echo();
        Ok(())
    }

    /// Audits a file's games, all of them or those of `range`.
    fn file(&mut self, input: &Input, range: Option<&GameRange>) -> io::Result<()> {
        // A big file is memory-mapped: let the games of earlier files finish first, so
        // that one big file at most is mapped at a time and memory stays flat.
        if input_size(input) >= MMAP_THRESHOLD {
            self.finish_stage()?;
        }
        // In the pool, so that its workers share the first reading of the file.
        let (file, error) = self.stage.pool.install(|| load(input));
        self.errors.extend(error);
        self.echo();
        let Some(file) = file else {
            return Ok(());
        };
        self.summary.files += 1;
        let file = Arc::new(file);
        let mut games = 0;
        let text = file.utf8_bytes();
        for (index, slice) in games_of(text, range) {
            games = index + 1;
            self.push(&file, index, slice)?;
            if file.bytes.lost_pages() {
                // The file shrank under the map: what follows is zeros, not games.
                break;
            }
        }
        if file.stamp.is_some() {
            // A mapped file: once its games are done, check that it was not changed
            // (truncated, rewritten) while they were read.
            self.finish_stage()?;
            let lost = format!(
                "{games} games reported from it, the last ones may be incomplete or \
                 wrong, the rest is missing"
            );
            self.errors.extend(changed_while_read(input, &file, &lost));
            self.echo();
        }
        Ok(())
    }

    fn piece(&mut self, piece: &Piece) -> io::Result<()> {
        match piece {
            Piece::Whole(input @ Input::Archive(path, kind)) => {
                self.archive(input, path, *kind, None)
            }
            Piece::Members(m) => self.archive(
                &Input::Archive(m.path.clone(), m.kind),
                &m.path,
                m.kind,
                Some(m.from..m.to),
            ),
            Piece::Whole(input) => self.file(input, None),
            Piece::Games(range) => self.file(&Input::File(range.path.clone()), Some(range)),
            Piece::Memory { name, bytes } => {
                self.summary.files += 1;
                let file = Arc::new(LoadedFile::open(name.clone(), Bytes::Owned(bytes.to_vec())));
                for (index, slice) in Splitter::over_utf8(file.utf8_bytes()).enumerate() {
                    self.push(&file, index, slice)?;
                }
                Ok(())
            }
        }
    }
}

/// Runs the audit over the configured paths, reporting to `reporter`.
pub fn run(config: &RunConfig, reporter: &mut dyn Reporter) -> io::Result<RunOutcome> {
    let started = Instant::now();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.jobs)
        .build()
        .map_err(io::Error::other)?;

    // `fail_on` (statuses) joins the gate's codes and severities.
    let mut gate = config.gate.clone();
    gate.fail_on.retain(|f| !matches!(f, FailOn::Status(_)));
    gate.fail_on
        .extend(config.fail_on.iter().map(|&s| FailOn::Status(s)));
    let (pieces, errors) = pieces_of(config);
    reporter.begin(&Begin {
        schema: SCHEMA,
        tool: "sgfaudit",
        version: env!("CARGO_PKG_VERSION"),
        inputs: config.paths.iter().map(|p| path_text(p)).collect(),
    })?;
    let sizes: Vec<u64> = if config.progress == ProgressMode::Never {
        vec![0; pieces.len()]
    } else {
        pieces.iter().map(piece_size).collect()
    };
    let total_bytes: u64 = sizes.iter().sum();
    let mut driver = Driver {
        config,
        stage: Stage {
            pool: &pool,
            options: Arc::new(config.audit.clone()),
            gate: Arc::new(gate),
            render: reporter.renderer(),
            window: Vec::new(),
            window_games: 0,
            window_limit: FIRST_WINDOW,
            window_bytes: 0,
            in_flight: None,
            bytes_done: 0,
        },
        reporter,
        summary: Summary::new(),
        errors,
        echoed: 0,
        progress: Progress::new(config.progress, total_bytes),
        started,
    };
    driver.echo();
    for (piece, &size) in pieces.iter().zip(&sizes) {
        driver.progress.next_piece(size, driver.stage.bytes_done);
        driver.piece(piece)?;
    }
    driver.finish_stage()?;
    driver.report_progress();
    driver.progress.finish();
    let Driver {
        reporter,
        mut summary,
        errors,
        ..
    } = driver;
    end(reporter, &mut summary, &errors, started)?;
    Ok(RunOutcome {
        failed: summary.failing > 0,
        unreadable: !errors.is_empty(),
        summary,
    })
}

/// The games of a file's `text` a piece holds, with their indexes: all of them, or
/// those of `range` (with the non-games between them).
fn games_of<'t>(
    text: &'t [u8],
    range: Option<&GameRange>,
) -> impl Iterator<Item = (usize, GameSlice)> + 't {
    let (splitter, first, to) = match range {
        Some(r) => (Splitter::resume(text, r.from, r.at, r.first), r.first, r.to),
        None => (Splitter::over_utf8(text), 0, usize::MAX),
    };
    let owned = splitter.take_while(move |slice| slice.range.start < to || slice.no_game);
    (first..).zip(owned)
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
