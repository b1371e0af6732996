//! The audit's sink: games gathered into windows of chunks, each window audited and
//! rendered on the pool while the one before it is written, in input order.

use std::io;
use std::sync::{mpsc, Arc};

use super::driver::{Done, Sink};
use super::{LoadedFile, CHUNK, FIRST_WINDOW, WINDOW, WINDOW_BYTES};
use crate::audit::AuditOptions;
use crate::gate::Gate;
use crate::input::split::GameSlice;
use crate::output::{GameTally, Rendered, Renderer, Reporter, Summary};

/// A chunk of games tallied and rendered on a worker: one value per chunk, so that few
/// allocations cross threads.
type Audited = (Vec<GameTally>, Rendered);

/// The games of one chunk: the unit of work handed to the pool.
type Chunk = Vec<(Arc<LoadedFile>, usize, GameSlice)>;

/// A window handed to the pool: its chunks come back on `results`, in any order.
struct InFlight {
    results: mpsc::Receiver<(usize, Audited)>,
    chunks: usize,
    bytes: u64,
}

/// The audits under way: the window being filled, and the one the pool is working on.
///
/// While the pool audits and renders window k+1, the caller's thread writes window k and
/// splits the next games, so the workers never wait for the output. Each chunk is a job
/// of its own, queued first in, first out: a worker never waits inside one window's job
/// for another's, so window k is done as soon as its own chunks are.
pub(super) struct Stage<'r> {
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
    pub summary: Summary,
    pub reporter: &'r mut dyn Reporter,
}

impl<'r> Stage<'r> {
    pub fn new(options: AuditOptions, gate: Gate, reporter: &'r mut dyn Reporter) -> Stage<'r> {
        Stage {
            options: Arc::new(options),
            gate: Arc::new(gate),
            render: reporter.renderer(),
            window: Vec::new(),
            window_games: 0,
            window_limit: FIRST_WINDOW,
            window_bytes: 0,
            in_flight: None,
            bytes_done: 0,
            summary: Summary::new(),
            reporter,
        }
    }

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
    fn submit(&mut self, pool: &rayon::ThreadPool) -> io::Result<()> {
        let chunks = std::mem::take(&mut self.window);
        self.window_games = 0;
        self.window_limit = (self.window_limit * 2).min(WINDOW);
        let bytes = std::mem::take(&mut self.window_bytes) as u64;
        let (tx, rx) = mpsc::channel();
        let count = chunks.len();
        let options = &self.options;
        let render = self.render.clone();
        let gate = Arc::clone(&self.gate);
        let audit = move |chunk: &Chunk, options: &AuditOptions| -> Audited {
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
        let one_thread = pool.current_num_threads() == 1;
        for (number, chunk) in chunks.into_iter().enumerate() {
            if one_thread {
                // One thread does everything (`--jobs 1` means one core): no hand-over.
                let _ = tx.send((number, audit(&chunk, options)));
            } else {
                let tx = tx.clone();
                let options = Arc::clone(options);
                let audit = audit.clone();
                pool.spawn_fifo(move || {
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
        self.write(previous)
    }

    /// Writes a finished window's games, in order.
    fn write(&mut self, window: Option<InFlight>) -> io::Result<()> {
        let Some(window) = window else {
            return Ok(());
        };
        self.bytes_done += window.bytes;
        let mut chunks: Vec<Option<Audited>> = (0..window.chunks).map(|_| None).collect();
        for _ in 0..window.chunks {
            let (number, rendered) = window
                .results
                .recv()
                .map_err(|_| io::Error::other("a worker thread stopped"))?;
            chunks[number] = Some(rendered);
        }
        for (tallies, rendered) in chunks.into_iter().flatten() {
            for tally in &tallies {
                self.summary.add_tally(tally);
            }
            self.reporter.games(rendered)?;
        }
        Ok(())
    }
}

impl Sink for Stage<'_> {
    const GAMES_WERE: &'static str = "reported";

    fn game(
        &mut self,
        pool: &rayon::ThreadPool,
        file: &Arc<LoadedFile>,
        index: usize,
        slice: GameSlice,
    ) -> io::Result<bool> {
        if !self.push(file, index, slice) {
            return Ok(false);
        }
        self.submit(pool)?;
        Ok(true)
    }

    /// Audits and writes everything still pending.
    fn drain(&mut self, pool: &rayon::ThreadPool) -> io::Result<()> {
        if !self.window.is_empty() {
            self.submit(pool)?;
        }
        let last = self.in_flight.take();
        self.window_limit = FIRST_WINDOW;
        self.write(last)
    }

    fn done(&self) -> Done {
        Done {
            bytes: self.bytes_done,
            games: self.summary.games,
            findings: self.summary.findings(),
        }
    }
}
