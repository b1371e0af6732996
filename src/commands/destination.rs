//! Where a command's report goes: standard output, or the file of `-o/--output-file`;
//! and whether that is where standard error goes too, so that an input error the report
//! shows is not written a second time beside it.

use std::fs::File;
use std::io::{self, Write};
use std::path::Path;

use crate::output::style::ColorMode;

/// The report's writer and what is known about where it goes.
pub(crate) struct Destination {
    pub out: Box<dyn Write>,
    /// The report goes into a file named by `-o`.
    pub to_file: bool,
    /// Standard error is the very file, pipe or terminal the report goes to.
    pub shares_stderr: bool,
}

impl Destination {
    /// Standard output, or the file at `path` created (or emptied) now, so that a path
    /// that cannot be written is a usage error before any work.
    pub(crate) fn open(path: Option<&Path>) -> Result<Destination, String> {
        let Some(path) = path else {
            let stdout = io::stdout();
            let shares_stderr = same_file(&stdout, &io::stderr());
            return Ok(Destination {
                out: Box::new(io::BufWriter::with_capacity(1 << 16, stdout.lock())),
                to_file: false,
                shares_stderr,
            });
        };
        let file = File::create(path).map_err(|e| {
            format!(
                "--output-file {}: {}",
                crate::input::path_text::path_text(path),
                crate::input::walk::io_message(&e)
            )
        })?;
        let shares_stderr = same_file(&file, &io::stderr());
        Ok(Destination {
            out: Box::new(io::BufWriter::with_capacity(1 << 16, file)),
            to_file: true,
            shares_stderr,
        })
    }

    /// Whether the table is coloured: on standard output as `--color` says there; in a
    /// file only with `--color always`.
    pub(crate) fn colored(&self, mode: ColorMode) -> bool {
        if self.to_file {
            mode == ColorMode::Always
        } else {
            mode.for_stdout()
        }
    }
}

/// True when two descriptors are the same open file, pipe or terminal (same device and
/// inode), e.g. `2>&1`, or both on one terminal.
#[cfg(unix)]
fn same_file(a: &impl std::os::fd::AsFd, b: &impl std::os::fd::AsFd) -> bool {
    use std::os::unix::fs::MetadataExt;
    let identity = |fd: std::os::fd::BorrowedFd<'_>| {
        let meta = File::from(fd.try_clone_to_owned().ok()?).metadata().ok()?;
        Some((meta.dev(), meta.ino()))
    };
    matches!((identity(a.as_fd()), identity(b.as_fd())), (Some(x), Some(y)) if x == y)
}

#[cfg(not(unix))]
fn same_file<A, B>(_a: &A, _b: &B) -> bool {
    false
}
