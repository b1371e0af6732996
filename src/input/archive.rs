//! Compressed files and archives read in place, one member at a time, without temporary
//! files: `.sgf.gz`, `.zip`, `.tar`, `.tar.gz`/`.tgz`, `.tar.bz2`/`.tbz2`, `.tar.xz`/`.txz`.
//! A member is named `archive!inner/path.sgf` (both names written as `path_text` writes
//! a name); only members named `*.sgf` (any case) are read, each up to the size any input
//! may have.

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::Path;

use super::path_text::{bytes_text, path_text};
use super::source::{read_limited, Bytes};
use super::walk::{has_sgf_extension, io_message};

/// The kinds of compressed input, known by the file's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// One gzip-compressed SGF file (`.sgf.gz`).
    Gzip,
    Zip,
    Tar,
    TarGz,
    TarBz2,
    TarXz,
}

/// The kind of a compressed input by its name (any case), if it is one.
pub fn kind_of(path: &Path) -> Option<Kind> {
    let name = path.file_name()?.to_string_lossy().to_ascii_lowercase();
    let kinds = [
        (".sgf.gz", Kind::Gzip),
        (".zip", Kind::Zip),
        (".tar", Kind::Tar),
        (".tar.gz", Kind::TarGz),
        (".tgz", Kind::TarGz),
        (".tar.bz2", Kind::TarBz2),
        (".tbz2", Kind::TarBz2),
        (".tar.xz", Kind::TarXz),
        (".txz", Kind::TarXz),
    ];
    kinds
        .into_iter()
        .find(|(ending, _)| name.ends_with(ending))
        .map(|(_, kind)| kind)
}

/// One member read, or why it could not be.
pub struct Member {
    /// `archive!inner/path.sgf` (a `.sgf.gz` file is named as itself).
    pub name: String,
    pub bytes: Result<Bytes, String>,
}

/// Reads the SGF members of a compressed input in order, handing each to `each` before
/// the next is read. `Err` when the archive itself cannot be read (the members handed
/// over before stay reported); the count of SGF members otherwise.
pub fn for_each_member(
    path: &Path,
    kind: Kind,
    each: &mut dyn FnMut(Member) -> io::Result<()>,
) -> Result<usize, ArchiveError> {
    walk(path, kind, &mut |_, _| true, each)
}

/// As [`for_each_member`], for the members numbered `wanted` (from 0, in the order
/// [`for_each_member`] hands them over); the others are passed by without being read.
/// The count is that of the whole archive.
pub(crate) fn for_members_in(
    path: &Path,
    kind: Kind,
    wanted: std::ops::Range<usize>,
    each: &mut dyn FnMut(Member) -> io::Result<()>,
) -> Result<usize, ArchiveError> {
    walk(path, kind, &mut |index, _| wanted.contains(&index), each)
}

/// The size each member would be read at (its declared uncompressed size), in order,
/// without reading any: a plan's way to cut an archive between members. A `.sgf.gz`
/// file is one member of its own size on disk.
pub(crate) fn member_sizes(path: &Path, kind: Kind) -> Result<Vec<u64>, ArchiveError> {
    let mut sizes = Vec::new();
    let count = walk(
        path,
        kind,
        &mut |_, size| {
            sizes.push(size);
            false
        },
        &mut |_| Ok(()),
    )?;
    if kind == Kind::Gzip && count == 1 {
        let on_disk = std::fs::metadata(path).map_err(|e| ArchiveError::Read(io_message(&e)))?;
        sizes = vec![on_disk.len()];
    }
    Ok(sizes)
}

/// Asks `wanted(index, declared size)` of each member before reading it; reads and
/// hands over those it wants. The count of SGF members of the whole archive.
fn walk(
    path: &Path,
    kind: Kind,
    wanted: &mut dyn FnMut(usize, u64) -> bool,
    each: &mut dyn FnMut(Member) -> io::Result<()>,
) -> Result<usize, ArchiveError> {
    let shown = path_text(path);
    let file = File::open(path).map_err(|e| ArchiveError::Read(io_message(&e)))?;
    let reader = BufReader::with_capacity(1 << 16, file);
    let mut members = Members {
        shown: &shown,
        wanted,
        each,
        handed: 0,
    };
    match kind {
        Kind::Gzip => {
            if (members.wanted)(0, 0) {
                let bytes =
                    read_limited(flate2::read::MultiGzDecoder::new(reader), 0, "a .gz file")
                        .map_err(|e| ArchiveError::Read(format!("gzip: {}", io_message(&e))))?;
                (members.each)(Member {
                    name: shown.clone(),
                    bytes: Ok(bytes),
                })
                .map_err(ArchiveError::Output)?;
            }
            Ok(1)
        }
        Kind::Zip => zip_members(reader, &mut members),
        Kind::Tar => tar_members(reader, &mut members),
        Kind::TarGz => tar_members(flate2::read::MultiGzDecoder::new(reader), &mut members),
        Kind::TarBz2 => tar_members(bzip2::read::MultiBzDecoder::new(reader), &mut members),
        Kind::TarXz => tar_members(
            liblzma::read::XzDecoder::new_multi_decoder(reader),
            &mut members,
        ),
    }
}

/// The walk of one archive: who decides which members are read, who gets them, and how
/// many have been offered (the members' numbers).
struct Members<'a> {
    shown: &'a str,
    wanted: &'a mut dyn FnMut(usize, u64) -> bool,
    each: &'a mut dyn FnMut(Member) -> io::Result<()>,
    handed: usize,
}

impl Members<'_> {
    /// Offers the next member (`size` declared); reads it with `read` when it is wanted.
    /// Whether it was read and could not be.
    fn offer(
        &mut self,
        inner: &str,
        size: u64,
        read: impl FnOnce() -> Result<Bytes, String>,
    ) -> Result<bool, ArchiveError> {
        let index = self.handed;
        self.handed += 1;
        if !(self.wanted)(index, size) {
            return Ok(false);
        }
        let bytes = read();
        let broken = bytes.is_err();
        (self.each)(Member {
            name: format!("{}!{inner}", self.shown),
            bytes,
        })
        .map_err(ArchiveError::Output)?;
        Ok(broken)
    }
}

/// Why a compressed input stopped.
#[derive(Debug)]
pub enum ArchiveError {
    /// The archive is damaged or cannot be read: an input error.
    Read(String),
    /// Writing the report failed: the run stops.
    Output(io::Error),
}

/// What a finished walk of an archive means for its input: `Ok(Some(message))` an input
/// error (damaged, or no `*.sgf` member), `Ok(None)` nothing to say, `Err` the report
/// could not be written.
pub(crate) fn input_failure(read: Result<usize, ArchiveError>) -> io::Result<Option<String>> {
    match read {
        Ok(0) => Ok(Some("no SGF member (*.sgf) in this archive".to_string())),
        Ok(_) => Ok(None),
        Err(ArchiveError::Read(message)) => Ok(Some(message)),
        Err(ArchiveError::Output(e)) => Err(e),
    }
}

fn zip_members(reader: BufReader<File>, members: &mut Members) -> Result<usize, ArchiveError> {
    let mut archive =
        zip::ZipArchive::new(reader).map_err(|e| ArchiveError::Read(format!("zip: {e}")))?;
    let mut count = 0;
    for index in 0..archive.len() {
        let mut entry = match archive.by_index(index) {
            Ok(entry) => entry,
            Err(e) => {
                members.offer(&format!("#{index}"), 0, || {
                    Err(format!("zip member {index}: {e}"))
                })?;
                continue;
            }
        };
        let inner = bytes_text(entry.name().as_bytes());
        if !entry.is_file() || !has_sgf_extension(Path::new(&inner)) {
            continue;
        }
        count += 1;
        let size = entry.size();
        members.offer(&inner, size, || {
            read_limited(&mut entry, size, "an archive member")
                .map_err(|e| format!("zip: {}", io_message(&e)))
        })?;
    }
    Ok(count)
}

fn tar_members(reader: impl Read, members: &mut Members) -> Result<usize, ArchiveError> {
    let mut archive = tar::Archive::new(reader);
    let entries = archive
        .entries()
        .map_err(|e| ArchiveError::Read(format!("tar: {}", io_message(&e))))?;
    let mut count = 0;
    for entry in entries {
        let mut entry =
            entry.map_err(|e| ArchiveError::Read(format!("tar: {}", io_message(&e))))?;
        let inner = bytes_text(&entry.path_bytes());
        if !entry.header().entry_type().is_file() || !has_sgf_extension(Path::new(&inner)) {
            continue;
        }
        count += 1;
        let size = entry.size();
        // A damaged stream inside a member is the member's error, and ends the archive.
        let broken = members.offer(&inner, size, || {
            read_limited(&mut entry, size, "an archive member")
                .map_err(|e| format!("tar: {}", io_message(&e)))
        })?;
        if broken {
            return Err(ArchiveError::Read(
                "the archive is damaged after this member: the rest is not read".to_string(),
            ));
        }
    }
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_by_name() {
        assert_eq!(kind_of(Path::new("a/games.SGF.GZ")), Some(Kind::Gzip));
        assert_eq!(kind_of(Path::new("kgs-2019.zip")), Some(Kind::Zip));
        assert_eq!(kind_of(Path::new("x.tar.gz")), Some(Kind::TarGz));
        assert_eq!(kind_of(Path::new("x.tgz")), Some(Kind::TarGz));
        assert_eq!(kind_of(Path::new("x.tar.bz2")), Some(Kind::TarBz2));
        assert_eq!(kind_of(Path::new("x.tar.xz")), Some(Kind::TarXz));
        assert_eq!(kind_of(Path::new("x.tar")), Some(Kind::Tar));
        assert_eq!(kind_of(Path::new("x.gz")), None);
        assert_eq!(kind_of(Path::new("x.sgf")), None);
    }
}
