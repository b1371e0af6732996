//! The same inputs as the audit (folders, archives, lists, standard input), each game
//! handed to a function on the worker pool and its result given back in input order: for
//! commands that need something of every game other than its audit (the duplicate
//! finder's keys), with the same output for any `--jobs`.

use std::io;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use rayon::prelude::*;

use super::driver::{Done, Driver, Inputs, OnInputError, Sink};
use super::{panic_message, LoadedFile, Part, WINDOW, WINDOW_BYTES};
use crate::audit::GameInput;
use crate::input::split::GameSlice;
use crate::input::walk::WalkOptions;
use crate::output::progress::ProgressMode;
use crate::output::InputError;

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
    /// Who is told of each input error as soon as it is known.
    pub on_input_error: OnInputError,
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

impl GamesConfig {
    /// The inputs of the pass and how they are read.
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

/// Calls `work` on every game (in parallel) and `sink` with each result in input order;
/// a panic in `work` reaches `sink` as an `Err` with its message, and the pass goes on.
pub fn for_each_game<T: Send>(
    config: &GamesConfig,
    work: &(dyn Fn(&GameInput<'_>) -> T + Sync),
    sink: &mut dyn FnMut(GameAt<'_>, Result<T, String>),
) -> io::Result<GamesOutcome> {
    let mut driver = Driver::new(config.inputs())?;
    let mut pass = Pass {
        work,
        sink,
        window: Vec::new(),
        window_bytes: 0,
        done: Done::default(),
    };
    driver.games(&mut pass)?;
    Ok(GamesOutcome {
        files: driver.files(),
        games: pass.done.games,
        errors: driver.errors().to_vec(),
        elapsed: driver.started().elapsed(),
    })
}

/// A pass under way: the window of games waiting for the pool, and what was done so far.
struct Pass<'a, T> {
    work: &'a (dyn Fn(&GameInput<'_>) -> T + Sync),
    sink: &'a mut dyn FnMut(GameAt<'_>, Result<T, String>),
    window: Vec<(Arc<LoadedFile>, usize, GameSlice)>,
    window_bytes: usize,
    done: Done,
}

impl<T: Send> Sink for Pass<'_, T> {
    const GAMES_WERE: &'static str = "read";

    fn game(
        &mut self,
        pool: &rayon::ThreadPool,
        file: &Arc<LoadedFile>,
        index: usize,
        slice: GameSlice,
    ) -> io::Result<bool> {
        self.window_bytes += slice.range.len();
        self.window.push((Arc::clone(file), index, slice));
        if self.window.len() < WINDOW && self.window_bytes < WINDOW_BYTES {
            return Ok(false);
        }
        self.drain(pool)?;
        Ok(true)
    }

    /// Runs `work` on the window's games on the pool, then gives the results in order.
    fn drain(&mut self, pool: &rayon::ThreadPool) -> io::Result<()> {
        let window = std::mem::take(&mut self.window);
        self.done.bytes += std::mem::take(&mut self.window_bytes) as u64;
        let work = self.work;
        let results: Vec<Result<T, String>> = pool.install(|| {
            window
                .par_iter()
                .map(|(file, index, slice)| {
                    let input = file.input_for(*index, slice);
                    catch_unwind(AssertUnwindSafe(|| work(&input)))
                        .map_err(|p| panic_message(p.as_ref()))
                })
                .collect()
        });
        for ((file, index, _), result) in window.iter().zip(results) {
            self.done.games += 1;
            let at = GameAt {
                path: &file.name,
                index: *index,
            };
            (self.sink)(at, result);
        }
        Ok(())
    }

    fn done(&self) -> Done {
        self.done
    }
}
