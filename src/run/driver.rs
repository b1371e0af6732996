//! The one driver over the inputs, which the audit, the ordered pass over the games and
//! `--fix` all use: it expands the paths into a plan of pieces, builds the worker pool of
//! `--jobs`, reads each file (with its stamp, to notice a file that changes while it is
//! read), moves the progress bar, and gives each game to a sink; the input errors it meets
//! go to the caller as they are known, never to standard error.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use rayon::prelude::*;

use super::pieces::{input_size, piece_size, pieces_of_part};
use super::{LoadedFile, Part, WINDOW, WINDOW_BYTES};
use crate::input::archive::{for_members_in, input_failure, Kind};
use crate::input::path_text::path_text;
use crate::input::source::{open_file, read_stdin, Bytes, MMAP_THRESHOLD};
use crate::input::split::{GameSlice, Splitter};
use crate::input::stamp::Stamp;
use crate::input::walk::{io_message, Input, WalkOptions};
use crate::output::progress::{Progress, ProgressMode};
use crate::output::InputError;
use crate::partition::{GameRange, Piece};

/// Who is told of each input error as soon as it is known (the command line writes it to
/// standard error); nobody by default. The errors are also in the run's outcome.
#[derive(Clone, Default)]
pub struct OnInputError(Option<Arc<Tell>>);

/// What is called with each input error.
type Tell = dyn Fn(&InputError) + Send + Sync;

impl OnInputError {
    pub fn new(tell: impl Fn(&InputError) + Send + Sync + 'static) -> OnInputError {
        OnInputError(Some(Arc::new(tell)))
    }

    fn tell(&self, error: &InputError) {
        if let Some(tell) = &self.0 {
            tell(error);
        }
    }
}

impl fmt::Debug for OnInputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.is_some() { "Some(..)" } else { "None" })
    }
}

/// The inputs of a pass and how they are read.
pub struct Inputs<'a> {
    pub paths: &'a [PathBuf],
    pub walk: &'a WalkOptions,
    /// Inputs already known to be bad (lines of a `--files-from` list).
    pub input_errors: &'a [InputError],
    /// Which of the inputs' games are read.
    pub part: &'a Part,
    pub jobs: usize,
    pub progress: ProgressMode,
    pub on_input_error: &'a OnInputError,
}

/// What a pass hands its games to: the audit's windows, the ordered pass's.
pub(super) trait Sink {
    /// How the error of a mapped file that changed says what became of its games
    /// ("reported", "read").
    const GAMES_WERE: &'static str;

    /// Queues game `index` of `file`; true when a batch of games was done meanwhile.
    fn game(
        &mut self,
        pool: &rayon::ThreadPool,
        file: &Arc<LoadedFile>,
        index: usize,
        slice: GameSlice,
    ) -> io::Result<bool>;

    /// Finishes every game queued so far.
    fn drain(&mut self, pool: &rayon::ThreadPool) -> io::Result<()>;

    /// What is done so far, for the progress bar.
    fn done(&self) -> Done;
}

/// The games a sink has done so far.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Done {
    /// Bytes of their text.
    pub bytes: u64,
    pub games: usize,
    pub findings: usize,
}

/// A pass over the inputs: the plan of pieces, the pool, the progress bar, the files read
/// and the errors met.
pub struct Driver {
    pool: rayon::ThreadPool,
    pieces: Vec<Piece>,
    errors: Vec<InputError>,
    /// Errors already told of.
    told: usize,
    on_input_error: OnInputError,
    progress_mode: ProgressMode,
    progress: Progress,
    files: usize,
    started: Instant,
}

impl Driver {
    /// Plans the pass over `inputs` (folders walked, a shard cut) and builds its pool.
    pub fn new(inputs: Inputs<'_>) -> io::Result<Driver> {
        let started = Instant::now();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(inputs.jobs)
            .build()
            .map_err(io::Error::other)?;
        let (pieces, errors) =
            pieces_of_part(inputs.part, inputs.paths, inputs.walk, inputs.input_errors);
        Ok(Driver {
            pool,
            pieces,
            errors,
            told: 0,
            on_input_error: inputs.on_input_error.clone(),
            progress_mode: inputs.progress,
            progress: Progress::new(ProgressMode::Never, 0),
            files: 0,
            started,
        })
    }

    /// The worker pool of `--jobs`.
    pub fn pool(&self) -> &rayon::ThreadPool {
        &self.pool
    }

    /// Files read so far (archive members and texts in memory included).
    pub fn files(&self) -> usize {
        self.files
    }

    /// The inputs that could not be read, in the order met.
    pub fn errors(&self) -> &[InputError] {
        &self.errors
    }

    /// When the pass began.
    pub fn started(&self) -> Instant {
        self.started
    }

    /// Records input errors and tells of them.
    fn error(&mut self, errors: impl IntoIterator<Item = InputError>) {
        self.errors.extend(errors);
        for e in &self.errors[self.told..] {
            self.on_input_error.tell(e);
        }
        self.told = self.errors.len();
    }

    /// The progress bar over `sizes` bytes (none are measured when it is never shown).
    fn start_progress(&mut self, sizes: impl Iterator<Item = u64>) {
        let total = match self.progress_mode {
            ProgressMode::Never => 0,
            _ => sizes.sum(),
        };
        self.progress = Progress::new(self.progress_mode, total);
    }

    fn show_progress(&self, done: Done) {
        let secs = self.started.elapsed().as_secs_f64().max(1e-9);
        let rate = done.games as f64 / secs;
        let (bytes, games, findings) = (done.bytes, done.games, done.findings);
        self.progress
            .update(bytes, games, self.files, findings, rate);
    }

    /// Reads every piece of the plan, in order, handing each game to `sink`.
    pub(super) fn games<S: Sink>(&mut self, sink: &mut S) -> io::Result<()> {
        self.error([]);
        let pieces = std::mem::take(&mut self.pieces);
        let measure = self.progress_mode != ProgressMode::Never;
        let sizes: Vec<u64> = pieces
            .iter()
            .map(|p| if measure { piece_size(p) } else { 0 })
            .collect();
        self.start_progress(sizes.iter().copied());
        for (piece, &size) in pieces.iter().zip(&sizes) {
            self.progress.next_piece(size, sink.done().bytes);
            self.piece(sink, piece)?;
        }
        sink.drain(&self.pool)?;
        self.show_progress(sink.done());
        self.progress.finish();
        Ok(())
    }

    fn piece<S: Sink>(&mut self, sink: &mut S, piece: &Piece) -> io::Result<()> {
        match piece {
            Piece::Whole(input @ Input::Archive(path, kind)) => {
                self.archive(sink, input, path, *kind, 0..usize::MAX)
            }
            Piece::Members(m) => {
                let input = Input::Archive(m.path.clone(), m.kind);
                self.archive(sink, &input, &m.path, m.kind, m.from..m.to)
            }
            Piece::Whole(input) => self.file(sink, input, None),
            Piece::Games(range) => self.file(sink, &Input::File(range.path.clone()), Some(range)),
            Piece::Memory { name, bytes } => {
                let file = LoadedFile::open(name.clone(), Bytes::Owned(bytes.to_vec()));
                self.all_games(sink, file)
            }
        }
    }

    /// Hands every game of a file in memory to the sink.
    fn all_games<S: Sink>(&mut self, sink: &mut S, file: LoadedFile) -> io::Result<()> {
        self.files += 1;
        let file = Arc::new(file);
        for (index, slice) in Splitter::over_utf8(file.utf8_bytes()).enumerate() {
            self.game(sink, &file, index, slice)?;
        }
        Ok(())
    }

    fn game<S: Sink>(
        &mut self,
        sink: &mut S,
        file: &Arc<LoadedFile>,
        index: usize,
        slice: GameSlice,
    ) -> io::Result<()> {
        if sink.game(&self.pool, file, index, slice)? {
            self.show_progress(sink.done());
        }
        Ok(())
    }

    /// Every game of the SGF members `wanted` of an archive, in order; an archive that
    /// cannot be read, or holds no SGF member, is an input error.
    fn archive<S: Sink>(
        &mut self,
        sink: &mut S,
        input: &Input,
        path: &Path,
        kind: Kind,
        wanted: std::ops::Range<usize>,
    ) -> io::Result<()> {
        let read = for_members_in(path, kind, wanted, &mut |member| match member.bytes {
            Ok(bytes) => self.all_games(sink, LoadedFile::open(member.name, bytes)),
            Err(message) => {
                self.error([InputError {
                    path: member.name,
                    message,
                }]);
                Ok(())
            }
        });
        let failure = input_failure(read)?;
        self.error(failure.map(|message| InputError {
            path: input.display_name(),
            message,
        }));
        Ok(())
    }

    /// A file's games, all of them or those of `range`.
    fn file<S: Sink>(
        &mut self,
        sink: &mut S,
        input: &Input,
        range: Option<&GameRange>,
    ) -> io::Result<()> {
        // A big file is memory-mapped: let the games of earlier files finish first, so
        // that one big file at most is mapped at a time and memory stays flat.
        if input_size(input) >= MMAP_THRESHOLD {
            sink.drain(&self.pool)?;
        }
        // In the pool, so that its workers share the first reading of the file.
        let (file, error) = self.pool.install(|| load(input));
        self.error(error);
        let Some(file) = file else {
            return Ok(());
        };
        self.files += 1;
        let file = Arc::new(file);
        let mut games = 0;
        for (index, slice) in games_of(file.utf8_bytes(), range) {
            games = index + 1;
            self.game(sink, &file, index, slice)?;
            if file.bytes.lost_pages() {
                // The file shrank under the map: what follows is zeros, not games.
                break;
            }
        }
        if file.stamp.is_some() {
            // A mapped file: once its games are done, check that it was not changed
            // (truncated, rewritten) while they were read.
            sink.drain(&self.pool)?;
            let lost = format!(
                "{games} games {} from it, the last ones may be incomplete or wrong, the \
                 rest is missing",
                S::GAMES_WERE
            );
            self.error(changed_while_read(input, &file, &lost));
        }
        Ok(())
    }

    /// The plain files of the plan, for a command that rewrites them: the first input
    /// error, standard input or an archive is an `Err`.
    pub fn plain_files(&self) -> Result<Vec<PathBuf>, String> {
        if let Some(e) = self.errors.first() {
            return Err(format!("{}: {}", e.path, e.message));
        }
        self.pieces
            .iter()
            .map(|piece| match piece {
                Piece::Whole(Input::File(p)) => Ok(p.clone()),
                Piece::Whole(Input::Stdin) => Err("--fix and --diff rewrite files: standard \
                    input cannot be rewritten (save it to a file first)"
                    .to_string()),
                Piece::Whole(Input::Archive(p, _)) => Err(format!(
                    "{}: --fix and --diff rewrite plain files: an archive or a .gz cannot be \
                     rewritten (unpack it first, or leave it out with --exclude)",
                    path_text(p)
                )),
                _ => Err("--fix and --diff rewrite whole files, not a part of them".to_string()),
            })
            .collect()
    }

    /// Calls `work` on each file (in parallel on the pool) with the file's stamp taken
    /// before it, and `sink` with each result in the order of `files`, moving the
    /// progress bar as they are done.
    pub fn each_file<T: Send>(
        &mut self,
        files: &[PathBuf],
        work: impl Fn(&Path, Stamp) -> T + Sync,
        sink: &mut dyn FnMut(T) -> io::Result<()>,
    ) -> io::Result<()> {
        let measure = self.progress_mode != ProgressMode::Never;
        let sizes: Vec<u64> = files
            .iter()
            .map(|f| if measure { file_size(f) } else { 0 })
            .collect();
        self.start_progress(sizes.iter().copied());
        let mut done = Done::default();
        let mut from = 0;
        while from < files.len() {
            // A window of files: as many as a window of games holds, or its bytes.
            let mut to = from + 1;
            let mut bytes = sizes[from];
            while to < files.len() && to - from < WINDOW && bytes < WINDOW_BYTES as u64 {
                bytes += sizes[to];
                to += 1;
            }
            let results: Vec<T> = self.pool.install(|| {
                files[from..to]
                    .par_iter()
                    .map(|path| {
                        let real = std::fs::canonicalize(path).unwrap_or(path.clone());
                        work(path, Stamp::of(&real))
                    })
                    .collect()
            });
            for (size, result) in sizes[from..to].iter().zip(results) {
                self.progress.next_piece(*size, done.bytes);
                done.bytes += size;
                self.files += 1;
                sink(result)?;
            }
            self.progress.update_files(done.bytes, self.files);
            from = to;
        }
        self.progress.finish();
        Ok(())
    }
}

/// The size of a file on disk (0 for one that cannot be read), for the progress bar.
fn file_size(path: &Path) -> u64 {
    std::fs::metadata(path).map(|m| m.len()).unwrap_or(0)
}

/// Reads one input; an `Err` is reported as an `error` line, and so is a file read in
/// full that changed while it was read (its games are still audited).
fn load(input: &Input) -> (Option<LoadedFile>, Option<InputError>) {
    // Games are split as they are handed to the sink.
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
        // Checked once its games are done (see `Driver::file`).
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
