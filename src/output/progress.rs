//! The progress bar on stderr: games done, games/s, files, findings, ETA by bytes.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

/// When to show the bar (`--progress`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
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
        let show = match mode {
            ProgressMode::Always => true,
            ProgressMode::Never => false,
            ProgressMode::Auto => {
                std::io::stderr().is_terminal() && std::env::var_os("CI").is_none()
            }
        };
        if !show {
            return Progress { bar: None };
        }
        let bar =
            ProgressBar::with_draw_target(Some(total_bytes), ProgressDrawTarget::stderr_with_hz(8));
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
