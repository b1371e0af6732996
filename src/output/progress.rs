//! The progress bar on stderr: games done, games/s, files, findings, ETA by bytes of
//! input. The bar moves through each input (file, archive, shard piece) by the bytes of
//! its games audited, never past 99% of the input's own size on disk (an archive's games
//! are more bytes than the archive), so it reaches 100% only when every game is done.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};
use std::cell::Cell;
use std::io::{IsTerminal, Write};

/// When to show the bar (`--progress`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProgressMode {
    /// Only when stderr is a terminal and `CI` is not set.
    Auto,
    Always,
    Never,
}

/// A progress bar, or nothing.
pub struct Progress {
    bar: Option<ProgressBar>,
    /// The inputs already passed, in bytes on disk, and the one being read.
    passed: Cell<u64>,
    current: Cell<Input>,
}

/// The input being read: its size on disk, and the bytes of games done when it began.
#[derive(Clone, Copy, Default)]
struct Input {
    size: u64,
    games_bytes_at_start: u64,
}

impl Progress {
    /// A bar over `total_bytes` of input, shown on stderr according to `mode`.
    pub fn new(mode: ProgressMode, total_bytes: u64) -> Progress {
        let terminal = std::io::stderr().is_terminal();
        let target = match mode {
            ProgressMode::Never => return Progress::hidden(),
            ProgressMode::Auto if !terminal || std::env::var_os("CI").is_some() => {
                return Progress::hidden();
            }
            ProgressMode::Always if !terminal => {
                // Asked for in a log: one plain line a second, no cursor movements.
                ProgressDrawTarget::term_like_with_hz(Box::new(LogLines), 1)
            }
            _ => ProgressDrawTarget::stderr_with_hz(8),
        };
        let bar = ProgressBar::with_draw_target(Some(total_bytes), target);
        bar.set_style(
            ProgressStyle::with_template(
                "{spinner} [{elapsed_precise}] {wide_bar} {percent:>3}% {msg} ETA {eta}",
            )
            .expect("valid template"),
        );
        Progress {
            bar: Some(bar),
            ..Progress::hidden()
        }
    }

    fn hidden() -> Progress {
        Progress {
            bar: None,
            passed: Cell::new(0),
            current: Cell::new(Input::default()),
        }
    }

    /// The next input begins: `size` bytes on disk, when `games_bytes` bytes of games
    /// are done.
    pub fn next_piece(&self, size: u64, games_bytes: u64) {
        let before = self.current.get();
        self.passed.set(self.passed.get() + before.size);
        self.current.set(Input {
            size,
            games_bytes_at_start: games_bytes,
        });
    }

    /// Where the bar stands when `games_bytes` bytes of games are done: the inputs passed,
    /// and into the current one at most 99% of it (the bar shows 100% only when the run
    /// is done).
    fn position(&self, games_bytes: u64) -> u64 {
        let current = self.current.get();
        let into = games_bytes.saturating_sub(current.games_bytes_at_start);
        self.passed.get() + into.min(current.size / 100 * 99)
    }

    /// Reports what is done so far.
    pub fn update(
        &self,
        bytes_done: u64, // bytes of games done
        games: usize,
        files: usize,
        findings: usize,
        games_per_second: f64,
    ) {
        if let Some(bar) = &self.bar {
            bar.set_position(self.position(bytes_done));
            bar.set_message(format!(
                "{games} games ({games_per_second:.0}/s), {files} files, {findings} findings"
            ));
        }
    }

    /// Reports what is done so far of a pass over whole files (`--fix`): `bytes_done`
    /// bytes of the files.
    pub fn update_files(&self, bytes_done: u64, files: usize) {
        if let Some(bar) = &self.bar {
            bar.set_position(self.position(bytes_done));
            bar.set_message(format!("{files} files"));
        }
    }

    /// Every game is done: the bar is full, then cleared.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            if let Some(length) = bar.length() {
                bar.set_position(length);
            }
            bar.finish_and_clear();
        }
    }
}

/// Progress written to a log rather than a terminal: each update is a line of its own.
#[derive(Debug)]
struct LogLines;

impl TermLike for LogLines {
    fn width(&self) -> u16 {
        100
    }
    fn move_cursor_up(&self, _: usize) -> std::io::Result<()> {
        Ok(())
    }
    fn move_cursor_down(&self, _: usize) -> std::io::Result<()> {
        Ok(())
    }
    fn move_cursor_right(&self, _: usize) -> std::io::Result<()> {
        Ok(())
    }
    fn move_cursor_left(&self, _: usize) -> std::io::Result<()> {
        Ok(())
    }
    fn write_line(&self, s: &str) -> std::io::Result<()> {
        writeln!(std::io::stderr().lock(), "{s}")
    }
    fn write_str(&self, s: &str) -> std::io::Result<()> {
        if s.is_empty() {
            return Ok(());
        }
        writeln!(std::io::stderr().lock(), "{s}")
    }
    fn clear_line(&self) -> std::io::Result<()> {
        Ok(())
    }
    fn flush(&self) -> std::io::Result<()> {
        std::io::stderr().flush()
    }
}
