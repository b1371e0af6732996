//! The progress bar on stderr: games done, games/s, files, findings, ETA by bytes.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};
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
}

impl Progress {
    /// A bar over `total_bytes` of input, shown on stderr according to `mode`.
    pub fn new(mode: ProgressMode, total_bytes: u64) -> Progress {
        let terminal = std::io::stderr().is_terminal();
        let target = match mode {
            ProgressMode::Never => return Progress { bar: None },
            ProgressMode::Auto if !terminal || std::env::var_os("CI").is_some() => {
                return Progress { bar: None };
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
        Progress { bar: Some(bar) }
    }

    /// Reports what is done so far.
    pub fn update(
        &self,
        bytes_done: u64,
        games: usize,
        files: usize,
        findings: usize,
        games_per_second: f64,
    ) {
        if let Some(bar) = &self.bar {
            bar.set_position(bytes_done);
            bar.set_message(format!(
                "{games} games ({games_per_second:.0}/s), {files} files, {findings} findings"
            ));
        }
    }

    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
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
