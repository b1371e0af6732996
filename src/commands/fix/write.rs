//! `audit --fix`'s writes, made so that they lose nothing: a fixed file replaces its
//! original in one rename only when the original still holds what was read, keeps the
//! original's owner, group, mode and extended attributes, stays inside the folders named,
//! and leaves hard-linked files, FIFOs and devices alone. Temporary files an interrupted
//! run left behind are removed.

use std::fs::{File, OpenOptions};
use std::io::{self, Seek, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use sha2::{Digest, Sha256};

use super::FileFix;

/// How the temporary files of `--fix` start; the fixed text is written in one before it
/// replaces the file.
pub const TEMP_PREFIX: &str = ".sgfaudit-fix-";

/// A temporary file of `--fix` older than this is what an interrupted run left: a run
/// writes and renames its own in far less.
pub const STALE_AFTER: Duration = Duration::from_secs(15 * 60);

/// A hash of a file's bytes: the file is replaced only if it still holds what was read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ContentHash([u8; 32]);

impl ContentHash {
    pub fn of(bytes: &[u8]) -> ContentHash {
        ContentHash(Sha256::digest(bytes).into())
    }

    /// The hash of what an open file holds now, read from its start.
    fn of_file(mut file: &File) -> io::Result<ContentHash> {
        file.rewind()?;
        let mut hasher = Sha256::new();
        io::copy(&mut file, &mut hasher)?;
        Ok(ContentHash(hasher.finalize().into()))
    }
}

/// Where `--fix` may write: under the folders named and the files named, as their
/// canonical paths (symbolic links resolved).
#[derive(Clone, Debug, Default)]
pub struct Roots {
    folders: Vec<PathBuf>,
    files: Vec<PathBuf>,
}

impl Roots {
    /// The places the paths given on the command line name (those that exist).
    pub fn new(paths: &[PathBuf]) -> Roots {
        let mut roots = Roots::default();
        for path in paths {
            let Ok(canonical) = std::fs::canonicalize(path) else {
                continue;
            };
            if canonical.is_dir() {
                roots.folders.push(canonical);
            } else {
                roots.files.push(canonical);
            }
        }
        roots
    }

    /// True when `canonical` (a canonical path) is a file named or lies under a folder
    /// named.
    pub fn hold(&self, canonical: &Path) -> bool {
        self.files.iter().any(|f| f == canonical)
            || self.folders.iter().any(|d| canonical.starts_with(d))
    }
}

/// How `--fix` writes.
#[derive(Clone, Debug, Default)]
pub struct WriteOptions {
    /// The places named: nothing outside them is written.
    pub roots: Roots,
    /// Fix a file that has other names too (`--fix-hard-links`): the name walked gets a
    /// fixed file of its own, the other names keep the original.
    pub hard_links: bool,
}

/// Why `--fix` and `--diff` leave a file of the inputs alone, if they do: it is not a
/// regular file (a FIFO would block the read, a device never ends), or it lies outside the
/// folders and files named (a symbolic link followed out of them). Looks at the file
/// without opening it.
pub fn refuse(path: &Path, roots: &Roots) -> Option<String> {
    let meta = match std::fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) => return Some(e.to_string()),
    };
    if !meta.is_file() {
        return Some(
            "not a regular file (a FIFO, a device or a socket): --fix and --diff rewrite \
             regular files only"
                .to_string(),
        );
    }
    match std::fs::canonicalize(path) {
        Ok(canonical) if roots.hold(&canonical) => None,
        Ok(canonical) => Some(format!(
            "a link to {}, outside the folders named: --fix and --diff rewrite only what \
             lies in them (name the file itself to fix it)",
            canonical.display()
        )),
        Err(e) => Some(e.to_string()),
    }
}

/// Removes the temporary files of `--fix` that an interrupted run left in `folder`
/// (named [`TEMP_PREFIX`]..., regular files, older than [`STALE_AFTER`]); returns how
/// many. The original beside such a file was never replaced: nothing is lost.
pub fn remove_stale(folder: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return 0;
    };
    let now = SystemTime::now();
    let stale = |entry: &std::fs::DirEntry| {
        let named = entry.file_name().to_string_lossy().starts_with(TEMP_PREFIX);
        // The entry's own metadata: a symbolic link is not followed.
        let old = entry.metadata().ok().filter(|m| m.is_file()).and_then(|m| {
            let age = now.duration_since(m.modified().ok()?).ok()?;
            Some(age > STALE_AFTER)
        });
        named && old == Some(true)
    };
    entries
        .flatten()
        .filter(stale)
        .filter(|entry| std::fs::remove_file(entry.path()).is_ok())
        .count()
}

impl FileFix {
    /// Writes the fixed bytes over the file: a temporary file in the same folder, with the
    /// file's owner, group, mode and extended attributes, that takes the file's place once
    /// the file is seen to hold what was read. The file is left as it is (an error says
    /// why) when it is read-only, hard-linked (unless `options.hard_links`), outside the
    /// places named, its attributes cannot be kept, or it changed since it was read.
    ///
    /// The two files are exchanged in one step where the system can (Linux): what stood
    /// at the file's name is then checked once more, and put back if another program wrote
    /// it or put another file there meanwhile. Elsewhere the temporary is renamed over it.
    /// The error says why the file was left as it is (the caller names the file).
    pub fn write(&self, options: &WriteOptions) -> Result<(), String> {
        if let Some(why) = refuse(&self.path, &options.roots) {
            return Err(why);
        }
        let target = std::fs::canonicalize(&self.path).map_err(|e| e.to_string())?;
        let (original, meta) = open_original(&target, options)?;
        let folder = target.parent().unwrap_or(Path::new("."));
        let temp = temporary(folder, &self.after, &original, &meta)?;
        if !self.still_read(&original, &meta, &target) {
            return Err("the file changed since it was read".into());
        }
        match exchange(temp.path(), &target) {
            Ok(()) => {
                // The temporary's name now holds what stood at the file's name.
                if self.still_read(&original, &meta, temp.path()) {
                    return Ok(());
                }
                let back = exchange(temp.path(), &target);
                let fixed_untouched = std::fs::read(temp.path()).is_ok_and(|b| b == self.after);
                if back.is_err() || !fixed_untouched {
                    let kept = temp.keep().map(|(_, path)| path.display().to_string());
                    let kept = kept.unwrap_or_else(|e| e.error.to_string());
                    return Err(format!(
                        "another program changed it while it was replaced: the file it wrote is kept as {kept}"
                    ));
                }
                Err("another program changed it while it was replaced".into())
            }
            Err(e) if exchange_unsupported(&e) => {
                temp.persist(&target)
                    .map_err(|e| format!("cannot replace it ({})", e.error))?;
                Ok(())
            }
            Err(e) => Err(format!("cannot replace it ({e})")),
        }
    }

    /// True when `path` names the file opened as `original` and it holds what was read.
    fn still_read(&self, original: &File, meta: &std::fs::Metadata, path: &Path) -> bool {
        let named = std::fs::metadata(path).is_ok_and(|now| same_file(&now, meta));
        named && ContentHash::of_file(original).ok() == Some(self.read)
    }
}

/// True when two metadata are of one file.
fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        (a.dev(), a.ino()) == (b.dev(), b.ino())
    }
    #[cfg(not(unix))]
    {
        let _ = (a, b);
        true
    }
}

/// Exchanges what two names in one file system stand for, in one step.
#[cfg(target_os = "linux")]
fn exchange(a: &Path, b: &Path) -> io::Result<()> {
    use std::os::unix::ffi::OsStrExt;
    let a = std::ffi::CString::new(a.as_os_str().as_bytes())?;
    let b = std::ffi::CString::new(b.as_os_str().as_bytes())?;
    // SAFETY: two NUL-terminated paths that live across the call, which only reads them.
    let done = unsafe {
        libc::renameat2(
            libc::AT_FDCWD,
            a.as_ptr(),
            libc::AT_FDCWD,
            b.as_ptr(),
            libc::RENAME_EXCHANGE,
        )
    };
    if done == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

#[cfg(not(target_os = "linux"))]
fn exchange(_a: &Path, _b: &Path) -> io::Result<()> {
    Err(io::ErrorKind::Unsupported.into())
}

/// True when the system or the file system has no exchange of names (the temporary is
/// then renamed over the file).
fn exchange_unsupported(e: &io::Error) -> bool {
    #[cfg(target_os = "linux")]
    if matches!(e.raw_os_error(), Some(libc::EINVAL | libc::ENOSYS)) {
        return true;
    }
    e.kind() == io::ErrorKind::Unsupported
}

/// Opens the file to be replaced for reading and writing (which tells whether this user
/// may write it, not only its folder), with its metadata; an error when it must be left
/// alone.
fn open_original(
    target: &Path,
    options: &WriteOptions,
) -> Result<(File, std::fs::Metadata), String> {
    let meta = std::fs::metadata(target).map_err(|e| e.to_string())?;
    if meta.permissions().readonly() {
        return Err("the file is read-only".into());
    }
    let original = OpenOptions::new()
        .read(true)
        .write(true)
        .open(target)
        .map_err(|e| format!("cannot write the file ({e})"))?;
    let meta = original.metadata().map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("not a regular file".into());
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if meta.nlink() > 1 && !options.hard_links {
            return Err(format!(
                "the file has {} names (hard links), which a new file would part: \
                 --fix-hard-links fixes this name alone",
                meta.nlink()
            ));
        }
    }
    #[cfg(not(unix))]
    let _ = options;
    Ok((original, meta))
}

/// A temporary file in `folder` holding `bytes`, with the owner, group, extended
/// attributes and mode of the original, on disk.
fn temporary(
    folder: &Path,
    bytes: &[u8],
    original: &File,
    meta: &std::fs::Metadata,
) -> Result<tempfile::NamedTempFile, String> {
    let mut temp = tempfile::Builder::new()
        .prefix(TEMP_PREFIX)
        .tempfile_in(folder)
        .map_err(|e| format!("cannot write in its folder ({e})"))?;
    temp.write_all(bytes)
        .map_err(|e| format!("cannot write ({e})"))?;
    keep_attributes(original, meta, temp.as_file())?;
    temp.as_file()
        .sync_all()
        .map_err(|e| format!("cannot write ({e})"))?;
    Ok(temp)
}

/// Gives `temp` the owner, group, extended attributes and then the mode of the original
/// (a change of owner clears the set-user-ID bit, so the mode comes last).
fn keep_attributes(original: &File, meta: &std::fs::Metadata, temp: &File) -> Result<(), String> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let (uid, gid) = (meta.uid(), meta.gid());
        let now = temp.metadata().map_err(|e| e.to_string())?;
        if (now.uid(), now.gid()) != (uid, gid) {
            std::os::unix::fs::fchown(temp, Some(uid), Some(gid))
                .map_err(|e| format!("cannot keep its owner and group {uid}:{gid} ({e})"))?;
        }
        keep_xattrs(original, temp)?;
    }
    #[cfg(not(unix))]
    let _ = original;
    temp.set_permissions(meta.permissions())
        .map_err(|e| format!("cannot keep its permissions ({e})"))
}

/// Gives `temp` the extended attributes of the original, and only those (a folder's
/// default ACL may have given it others). A file system without them has none to keep.
#[cfg(unix)]
fn keep_xattrs(original: &File, temp: &File) -> Result<(), String> {
    use xattr::FileExt;
    let unsupported = |e: &io::Error| e.kind() == io::ErrorKind::Unsupported;
    let names: Vec<_> = match original.list_xattr() {
        Ok(names) => names.collect(),
        Err(e) if unsupported(&e) => return Ok(()),
        Err(e) => return Err(format!("cannot read its extended attributes ({e})")),
    };
    let cannot = |name: &std::ffi::OsStr, e: io::Error| {
        format!(
            "cannot keep its extended attribute {} ({e})",
            name.to_string_lossy()
        )
    };
    for name in &names {
        let value = original.get_xattr(name).map_err(|e| cannot(name, e))?;
        if let Some(value) = value {
            temp.set_xattr(name, &value).map_err(|e| cannot(name, e))?;
        }
    }
    let extra = temp.list_xattr().map(|list| list.collect::<Vec<_>>());
    for name in extra.unwrap_or_default() {
        if !names.contains(&name) {
            temp.remove_xattr(&name).map_err(|e| cannot(&name, e))?;
        }
    }
    Ok(())
}
