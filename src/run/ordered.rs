//! The same inputs as the audit (folders, archives, lists, standard input), each game
//! handed to a function on the worker pool and its result given back in input order: for
//! commands that need something of every game other than its audit (the duplicate
//! finder's keys), with the same output for any `--jobs`.

use std::io::{self, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::{
    changed_while_read, games_of, input_size, load, piece_size, LoadedFile, Part, WINDOW,
    WINDOW_BYTES,
};
use crate::audit::GameInput;
use crate::input::archive::{for_members_in, input_failure};
use crate::input::source::Bytes;
use crate::input::source::MMAP_THRESHOLD;
use crate::input::split::GameSlice;
use crate::input::walk::{Input, WalkOptions};
use crate::output::progress::{Progress, ProgressMode};
use crate::output::sanitize::for_terminal;
use crate::output::InputError;
use crate::partition::{GameRange, Piece};

/// Where the games come from and how many workers read them.
#[derive(Clone, Debug)]
pub struct GamesConfig {
    pub paths: Vec<PathBuf>,
    /// How folders are walked (symbolic links followed or not).
    pub walk: WalkOptions,
    /// Inputs already known to be bad (lines of a `--files-from` list).
    pub input_errors: Vec<InputError>,
    pub jobs: usize,
    pub progress: ProgressMode,
    /// Also write each input error to standard error as soon as it is known.
    pub errors_to_stderr: bool,
    /// Which of the inputs' games are read (`--shard K/N`, a partition's pieces).
    pub part: Part,
}

/// What a pass over the games read.
#[derive(Clone, Debug, Default)]
pub struct GamesOutcome {
    pub files: usize,
    pub games: usize,
    /// Inputs (and archive members) that could not be read, in the order met.
    pub errors: Vec<InputError>,
    pub elapsed: Duration,
}

/// A game's place: the file's name as reports print it, and its index in the file.
pub struct GameAt<'a> {
    pub path: &'a str,
    pub index: usize,
}

type Window = Vec<(Arc<LoadedFile>, usize, GameSlice)>;

/// Calls `work` on every game (in parallel) and `sink` with each result in input order;
/// a panic in `work` reaches `sink` as an `Err` with its message, and the pass goes on.
pub fn for_each_game<T: Send>(
    config: &GamesConfig,
    work: &(dyn Fn(&GameInput<'_>) -> T + Sync),
    sink: &mut dyn FnMut(GameAt<'_>, Result<T, String>),
) -> io::Result<GamesOutcome> {
    let started = Instant::now();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.jobs)
        .build()
        .map_err(io::Error::other)?;
    let (pieces, input_errors) = pieces_of(config);
    let mut pass = Pass {
        outcome: GamesOutcome::default(),
        echoed: 0,
        to_stderr: config.errors_to_stderr,
        window: Vec::new(),
        window_bytes: 0,
        bytes_done: 0,
        progress: Progress::new(
            config.progress,
            if config.progress == ProgressMode::Never {
                0
            } else {
                pieces.iter().map(piece_size).sum()
            },
        ),
        started,
    };
    pass.errors(input_errors);
    for piece in &pieces {
        let size = if config.progress == ProgressMode::Never {
            0
        } else {
            piece_size(piece)
        };
        pass.progress.next_piece(size, pass.bytes_done);
        pass.piece(piece, &pool, work, sink)?;
    }
    pass.flush(&pool, work, sink);
    pass.progress.finish();
    pass.outcome.elapsed = started.elapsed();
    Ok(pass.outcome)
}

/// A pass under way: the window of games waiting for the pool, and what was read so far.
struct Pass {
    outcome: GamesOutcome,
    echoed: usize,
    to_stderr: bool,
    window: Window,
    window_bytes: usize,
    bytes_done: u64,
    progress: Progress,
    started: Instant,
}

impl Pass {
    /// Records input errors, echoing them to standard error if asked.
    fn errors(&mut self, errors: impl IntoIterator<Item = InputError>) {
        self.outcome.errors.extend(errors);
        if self.to_stderr {
            let mut err = io::stderr().lock();
            for e in &self.outcome.errors[self.echoed..] {
                let _ = writeln!(
                    err,
                    "sgfaudit: {}: {}",
                    for_terminal(&e.path),
                    for_terminal(&e.message)
                );
            }
        }
        self.echoed = self.outcome.errors.len();
    }

    /// Queues the games of a piece: a whole input, the games of a file that start in a
    /// range, some members of an archive, or a text in memory.
    fn piece<T: Send>(
        &mut self,
        piece: &Piece,
        pool: &rayon::ThreadPool,
        work: &(dyn Fn(&GameInput<'_>) -> T + Sync),
        sink: &mut dyn FnMut(GameAt<'_>, Result<T, String>),
    ) -> io::Result<()> {
        let (input, range) = match piece {
            Piece::Whole(input @ Input::Archive(..)) => {
                return self.archive(input, 0..usize::MAX, pool, work, sink)
            }
            Piece::Members(m) => {
                let input = Input::Archive(m.path.clone(), m.kind);
                return self.archive(&input, m.from..m.to, pool, work, sink);
            }
            Piece::Memory { name, bytes } => {
                let file = Arc::new(LoadedFile::open(name.clone(), Bytes::Owned(bytes.to_vec())));
                self.outcome.files += 1;
                self.games_of(&file, None, pool, work, sink);
                return Ok(());
            }
            Piece::Whole(input) => (input.clone(), None),
            Piece::Games(range) => (Input::File(range.path.clone()), Some(range)),
        };
        if input_size(&input) >= MMAP_THRESHOLD {
            self.flush(pool, work, sink);
        }
        let (file, error) = pool.install(|| load(&input));
        self.errors(error);
        let Some(file) = file else { return Ok(()) };
        self.outcome.files += 1;
        let file = Arc::new(file);
        let games = self.games_of(&file, range, pool, work, sink);
        if file.stamp.is_some() {
            self.flush(pool, work, sink);
            let lost = format!(
                "{games} games read from it, the last ones may be incomplete or wrong, the \
                 rest is missing"
            );
            self.errors(changed_while_read(&input, &file, &lost));
        }
        Ok(())
    }

    /// Queues every game of the SGF members `wanted` of an archive; an archive that
    /// cannot be read, or holds no SGF member, is an input error.
    fn archive<T: Send>(
        &mut self,
        input: &Input,
        wanted: std::ops::Range<usize>,
        pool: &rayon::ThreadPool,
        work: &(dyn Fn(&GameInput<'_>) -> T + Sync),
        sink: &mut dyn FnMut(GameAt<'_>, Result<T, String>),
    ) -> io::Result<()> {
        let Input::Archive(path, kind) = input else {
            return Ok(());
        };
        let read = for_members_in(path, *kind, wanted, &mut |member| {
            match member.bytes {
                Ok(bytes) => {
                    let file = Arc::new(LoadedFile::open(member.name, bytes));
                    self.outcome.files += 1;
                    self.games_of(&file, None, pool, work, sink);
                }
                Err(message) => self.errors([InputError {
                    path: member.name,
                    message,
                }]),
            }
            Ok(())
        });
        let failure = input_failure(read)?;
        self.errors(failure.map(|message| InputError {
            path: input.display_name(),
            message,
        }));
        Ok(())
    }

    /// Queues every game of a file (or those that start in `range`), working off full
    /// windows; the number of games.
    fn games_of<T: Send>(
        &mut self,
        file: &Arc<LoadedFile>,
        range: Option<&GameRange>,
        pool: &rayon::ThreadPool,
        work: &(dyn Fn(&GameInput<'_>) -> T + Sync),
        sink: &mut dyn FnMut(GameAt<'_>, Result<T, String>),
    ) -> usize {
        let mut games = 0;
        let text = file.utf8_bytes();
        for (index, slice) in games_of(text, range) {
            games = index + 1;
            self.window_bytes += slice.range.len();
            self.window.push((Arc::clone(file), index, slice));
            if self.window.len() >= WINDOW || self.window_bytes >= WINDOW_BYTES {
                self.flush(pool, work, sink);
            }
            if file.bytes.lost_pages() {
                // The file shrank under the map: what follows is zeros, not games.
                break;
            }
        }
        games
    }

    /// Runs `work` on the window's games on the pool, then gives the results in order.
    fn flush<T: Send>(
        &mut self,
        pool: &rayon::ThreadPool,
        work: &(dyn Fn(&GameInput<'_>) -> T + Sync),
        sink: &mut dyn FnMut(GameAt<'_>, Result<T, String>),
    ) {
        let window = std::mem::take(&mut self.window);
        self.bytes_done += std::mem::take(&mut self.window_bytes) as u64;
        let results: Vec<Result<T, String>> = pool.install(|| {
            window
                .par_iter()
                .map(|(file, index, slice)| {
                    let input = file.input_for(*index, slice);
                    catch_unwind(AssertUnwindSafe(|| work(&input))).map_err(panic_message)
                })
                .collect()
        });
        for ((file, index, _), result) in window.iter().zip(results) {
            self.outcome.games += 1;
            let at = GameAt {
                path: &file.name,
                index: *index,
            };
            sink(at, result);
        }
        let secs = self.started.elapsed().as_secs_f64().max(1e-9);
        let games = self.outcome.games;
        self.progress.update(
            self.bytes_done,
            games,
            self.outcome.files,
            0,
            games as f64 / secs,
        );
    }
}

/// The inputs as pieces, with the errors of the paths that gave none: all of them, one
/// shard's (the errors are shard 0's to report), or the pieces given.
fn pieces_of(config: &GamesConfig) -> (Vec<Piece>, Vec<InputError>) {
    super::pieces_of_part(
        &config.part,
        &config.paths,
        &config.walk,
        &config.input_errors,
    )
}

fn panic_message(panic: Box<dyn std::any::Any + Send>) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string())
}
