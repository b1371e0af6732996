//! Reading a file's bytes: memory-mapped when it is big, a plain read otherwise, within
//! limits, and noticing a file that changes while it is read.

use crate::input::guard::Watch;
pub use crate::input::stamp::Stamp;
use std::fs::File;
use std::io::{self, Read};
use std::ops::Deref;
use std::path::Path;

/// Files at least this big are memory-mapped; smaller ones are read (a map costs more
/// than it saves on a few kilobytes).
pub const MMAP_THRESHOLD: u64 = 1 << 20;

/// The most bytes read into memory from one input that is not mapped: standard input, a
/// pipe, a device (`/dev/zero` ends here instead of exhausting memory).
pub const MAX_READ: u64 = 1 << 30;

/// The biggest file read at all (mapped): offsets, lines and columns stay within 32 bits.
pub const MAX_FILE: u64 = u32::MAX as u64;

/// A mapped file, watched so that a truncation while it is read is survived and noticed.
pub struct Mapped {
    // Declared first: dropped (unregistered) before the map is unmapped.
    watch: Watch,
    map: memmap2::Mmap,
}

/// The bytes of one input.
pub enum Bytes {
    Owned(Vec<u8>),
    Mapped(Mapped),
}

impl Deref for Bytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Owned(v) => v,
            Bytes::Mapped(m) => &m.map,
        }
    }
}

impl Bytes {
    /// True when the file shrank under the map and the pages lost were read as zeros.
    pub fn lost_pages(&self) -> bool {
        match self {
            Bytes::Owned(_) => false,
            Bytes::Mapped(m) => m.watch.faulted(),
        }
    }
}

/// Opens a path that is not a folder, with what it looked like when opened.
fn open_not_dir(path: &Path) -> io::Result<(File, std::fs::Metadata)> {
    let file = File::open(path)?;
    let meta = file.metadata()?;
    if meta.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "is a directory",
        ));
    }
    Ok((file, meta))
}

/// Reads a whole file into memory (never mapped: nothing is left to check later), up to
/// [`MAX_READ`] bytes; a file that changed while it was read is an error.
pub fn read_file(path: &Path) -> io::Result<Bytes> {
    let (file, meta) = open_not_dir(path)?;
    let bytes = read_limited(file, meta.len(), "a file")?;
    if meta.is_file() {
        if let Some(changed) = Stamp::of_metadata(&meta).changed(path, &bytes) {
            return Err(io::Error::other(changed));
        }
    }
    Ok(bytes)
}

/// Opens a file for the audit: mapped when it is at least [`MMAP_THRESHOLD`] bytes, read
/// otherwise, with what the file looked like when opened (`None` for what is not a regular
/// file), to check that it did not change while it was read.
pub fn open_file(path: &Path) -> io::Result<(Bytes, Option<Stamp>)> {
    let (file, meta) = open_not_dir(path)?;
    if !meta.is_file() {
        // A device, a pipe: read up to the limit (it may never end).
        return Ok((
            read_limited(file, 0, "a file that is not a regular file")?,
            None,
        ));
    }
    let stamp = Stamp::of_metadata(&meta);
    if meta.len() > MAX_FILE {
        return Err(too_large(MAX_FILE, "a file"));
    }
    if meta.len() >= MMAP_THRESHOLD {
        // SAFETY: the map is read-only and private to this process, and lives as long as
        // the `Bytes` value; nothing hands out references that outlive it. Another process
        // may still truncate the file while it is mapped: reading the lost pages would
        // raise SIGBUS, which the `Watch` turns into zero pages and a flag (see `guard`),
        // and the stamp check turns into an error for this input.
        let map = unsafe { memmap2::Mmap::map(&file)? };
        if let Some(watch) = Watch::new(map.as_ptr(), map.len()) {
            #[cfg(unix)]
            let _ = map.advise(memmap2::Advice::Sequential);
            return Ok((Bytes::Mapped(Mapped { watch, map }), Some(stamp)));
        }
    }
    let bytes = read_limited(file, meta.len(), "a file")?;
    Ok((bytes, Some(stamp)))
}

/// Reads all of standard input, up to [`MAX_READ`] bytes.
pub fn read_stdin() -> io::Result<Bytes> {
    read_limited(io::stdin().lock(), 0, "standard input")
}

/// Reads a stream to its end, refusing one longer than [`MAX_READ`].
pub fn read_limited(reader: impl Read, expected: u64, what: &str) -> io::Result<Bytes> {
    let mut buf = Vec::with_capacity(expected.min(MAX_READ) as usize);
    reader.take(MAX_READ + 1).read_to_end(&mut buf)?;
    if buf.len() as u64 > MAX_READ {
        return Err(too_large(MAX_READ, what));
    }
    Ok(Bytes::Owned(buf))
}

fn too_large(limit: u64, what: &str) -> io::Error {
    let hint = if limit == MAX_READ {
        format!(
            " (save it to a file: a regular file of up to {MAX_FILE} bytes is mapped, not read)"
        )
    } else {
        String::new()
    };
    io::Error::other(format!(
        "too large: more than {limit} bytes, the most sgfaudit reads from {what}{hint}"
    ))
}
