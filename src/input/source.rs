//! Reading a file's bytes: memory-mapped when it is big, a plain read otherwise.

use std::fs::File;
use std::io::{self, Read};
use std::ops::Deref;
use std::path::Path;

/// Files at least this big are memory-mapped; smaller ones are read (a map costs more
/// than it saves on a few kilobytes).
pub const MMAP_THRESHOLD: u64 = 1 << 20;

/// The bytes of one input.
pub enum Bytes {
    Owned(Vec<u8>),
    Mapped(memmap2::Mmap),
}

impl Deref for Bytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Owned(v) => v,
            Bytes::Mapped(m) => m,
        }
    }
}

/// Reads a file, mapping it when it is at least [`MMAP_THRESHOLD`] bytes.
pub fn read_file(path: &Path) -> io::Result<Bytes> {
    let mut file = File::open(path)?;
    let meta = file.metadata()?;
    if meta.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "is a directory",
        ));
    }
    if meta.is_file() && meta.len() >= MMAP_THRESHOLD {
        // SAFETY: the map is read-only and private to this process. If another process
        // truncates the file while it is mapped, reading the lost pages raises SIGBUS; we
        // accept that risk, as every mmap-based reader does (ripgrep included), because
        // archives are not rewritten while they are audited. The map lives as long as the
        // `Bytes` value, and nothing hands out references that outlive it.
        let map = unsafe { memmap2::Mmap::map(&file)? };
        #[cfg(unix)]
        let _ = map.advise(memmap2::Advice::Sequential);
        return Ok(Bytes::Mapped(map));
    }
    let mut buf = Vec::with_capacity(meta.len() as usize);
    file.read_to_end(&mut buf)?;
    Ok(Bytes::Owned(buf))
}

/// Reads all of standard input.
pub fn read_stdin() -> io::Result<Bytes> {
    let mut buf = Vec::new();
    io::stdin().lock().read_to_end(&mut buf)?;
    Ok(Bytes::Owned(buf))
}
