//! Which files to read: explicit files as given, folders walked for `*.sgf` in any case
//! and for compressed files and archives (`input::archive`). A walk does not follow
//! symbolic links unless asked to (a link named on the command line is read), and a file
//! reached twice (named twice, through a link, a hard link) is read once, at its first
//! place. Globs (`--exclude`) pass by files and folders met in a walk.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use super::archive::{kind_of, Kind};
use super::path_text::path_text;

/// One input to read, in the order the report will show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    Stdin,
    File(PathBuf),
    /// A compressed file or an archive, read member by member.
    Archive(PathBuf, Kind),
}

impl Input {
    /// The name shown in reports (`-` for standard input; see `path_text`).
    pub(crate) fn display_name(&self) -> String {
        match self {
            Input::Stdin => "-".to_string(),
            Input::File(p) | Input::Archive(p, _) => path_text(p),
        }
    }
}

/// A path that could not be turned into inputs (missing, unreadable folder, a loop).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalkError {
    pub path: String,
    pub message: String,
}

/// True for a name ending in `.sgf`, any case.
pub(crate) fn has_sgf_extension(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
}

/// How folders are walked.
#[derive(Clone, Debug, Default)]
pub struct WalkOptions {
    /// Follow symbolic links met in folders (`--follow`); they are passed by otherwise.
    pub follow_links: bool,
    /// Files and folders a walk passes by (`--exclude`).
    pub exclude: Exclude,
}

/// The globs of `--exclude` (and `exclude` in the config file): a file or folder met while
/// walking a folder is passed by when a glob matches its name, its path below the folder
/// walked, or its path as written (`*` and `**` cross `/`). A path named on the command
/// line is read whatever the globs.
#[derive(Clone, Debug, Default)]
pub struct Exclude {
    set: Option<globset::GlobSet>,
}

impl Exclude {
    /// The globs, or the message for the first that is not one.
    pub fn new(globs: &[String]) -> Result<Exclude, String> {
        if globs.is_empty() {
            return Ok(Exclude::default());
        }
        let mut builder = globset::GlobSetBuilder::new();
        for glob in globs {
            let glob = globset::Glob::new(glob)
                .map_err(|e| format!("--exclude '{glob}': {}", e.kind()))?;
            builder.add(glob);
        }
        let set = builder.build().map_err(|e| format!("--exclude: {e}"))?;
        Ok(Exclude { set: Some(set) })
    }

    /// Whether `path`, met while walking `root`, is passed by.
    fn matches(&self, root: &Path, path: &Path) -> bool {
        let Some(set) = &self.set else {
            return false;
        };
        path.file_name().is_some_and(|name| set.is_match(name))
            || path
                .strip_prefix(root)
                .is_ok_and(|below| set.is_match(below))
            || set.is_match(path)
    }
}

/// [`expand_with`] the default options: symbolic links in folders are not followed.
pub fn expand(paths: &[PathBuf]) -> (Vec<Input>, Vec<WalkError>) {
    expand_with(paths, WalkOptions::default())
}

/// Expands the given paths: files stay as they are, folders are walked recursively (sorted,
/// symbolic links followed only with `options.follow_links`, loops then reported and
/// skipped) for `*.sgf` and archives, `-` is standard input. Paths keep the order given;
/// files inside one folder are sorted by path; a file met again is left out.
pub fn expand_with(paths: &[PathBuf], options: WalkOptions) -> (Vec<Input>, Vec<WalkError>) {
    let mut walk = Walk {
        options,
        inputs: Vec::new(),
        errors: Vec::new(),
        seen: HashSet::new(),
    };
    for path in paths {
        if path.as_os_str() == "-" {
            walk.inputs.push(Input::Stdin);
            continue;
        }
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => walk.folder(path),
            Ok(meta) => walk.file(path.clone(), &meta),
            Err(e) => walk.errors.push(WalkError {
                path: path_text(path),
                message: io_message(&e),
            }),
        }
    }
    (walk.inputs, walk.errors)
}

/// A file's identity: device and inode (where there are none, its canonical path).
#[cfg(unix)]
type FileId = (u64, u64);
#[cfg(not(unix))]
type FileId = PathBuf;

#[cfg(unix)]
fn file_id(_path: &Path, meta: &std::fs::Metadata) -> Option<FileId> {
    use std::os::unix::fs::MetadataExt;
    Some((meta.dev(), meta.ino()))
}

#[cfg(not(unix))]
fn file_id(path: &Path, _meta: &std::fs::Metadata) -> Option<FileId> {
    std::fs::canonicalize(path).ok()
}

/// The inputs and errors found so far, and the files already taken.
struct Walk {
    options: WalkOptions,
    inputs: Vec<Input>,
    errors: Vec<WalkError>,
    seen: HashSet<FileId>,
}

impl Walk {
    /// Takes a file (a compressed one as an archive) unless it was taken before.
    fn file(&mut self, path: PathBuf, meta: &std::fs::Metadata) {
        if let Some(id) = file_id(&path, meta) {
            if !self.seen.insert(id) {
                return;
            }
        }
        self.inputs.push(match kind_of(&path) {
            Some(kind) => Input::Archive(path, kind),
            None => Input::File(path),
        });
    }

    /// Walks a folder for `*.sgf` files and archives.
    fn folder(&mut self, path: &Path) {
        let errors_before = self.errors.len();
        let (mut found, mut links, mut excluded) = (0usize, 0usize, 0usize);
        let exclude = self.options.exclude.clone();
        let walker = walkdir::WalkDir::new(path)
            .follow_links(self.options.follow_links)
            .sort_by_file_name()
            .into_iter()
            .filter_entry(|e| {
                let out = e.depth() > 0 && exclude.matches(path, e.path());
                excluded += usize::from(out);
                !out
            });
        for entry in walker {
            let e = match entry {
                Ok(e) => e,
                Err(e) => {
                    self.errors.push(walk_error(path, &e));
                    continue;
                }
            };
            if e.depth() > 0 && e.path_is_symlink() && !self.options.follow_links {
                links += 1;
            }
            // Regular files only: a FIFO named `x.sgf` in a folder would block the read
            // for ever, and a device or socket holds no records. (A FIFO named on the
            // command line is read: that is `<(zcat games.sgf.gz)`.)
            let wanted = has_sgf_extension(e.path()) || kind_of(e.path()).is_some();
            if !e.file_type().is_file() || !wanted {
                continue;
            }
            found += 1;
            match e.metadata() {
                Ok(meta) => self.file(e.into_path(), &meta),
                Err(err) => self.errors.push(walk_error(path, &err)),
            }
        }
        if found == 0 && self.errors.len() == errors_before {
            // A wrong path in CI must not pass with zero games.
            self.errors.push(WalkError {
                path: path_text(path),
                message: nothing_found(links, excluded),
            });
        }
    }
}

/// The error of a folder that gave no input and no error.
fn nothing_found(links: usize, excluded: usize) -> String {
    let mut message =
        "no SGF file (*.sgf, nor a compressed file or archive) in this folder".to_string();
    if excluded > 0 {
        let s = if excluded == 1 { "" } else { "s" };
        message.push_str(&format!(
            " ({excluded} file{s} or folder{s} passed by: --exclude)"
        ));
    }
    if links > 0 {
        let s = if links == 1 { "" } else { "s" };
        message.push_str(&format!(
            " ({links} symbolic link{s} in it not followed: --follow follows them)"
        ));
    }
    message
}

/// A walk's error as an input error: the path it happened at, and why.
fn walk_error(root: &Path, e: &walkdir::Error) -> WalkError {
    let message = if e.loop_ancestor().is_some() {
        "folder loop through a symbolic link: skipped".to_string()
    } else if let Some(io) = e.io_error() {
        io_message(io)
    } else {
        e.to_string()
    };
    WalkError {
        path: path_text(e.path().unwrap_or(root)),
        message,
    }
}

/// An I/O error as a short sentence without the OS error number.
pub fn io_message(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file or folder".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => {
            let s = e.to_string();
            match s.find(" (os error") {
                Some(i) => s[..i].to_string(),
                None => s,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sgf_extension_in_any_case() {
        assert!(has_sgf_extension(Path::new("a/b.sgf")));
        assert!(has_sgf_extension(Path::new("a/b.SGF")));
        assert!(has_sgf_extension(Path::new("a/b.Sgf")));
        assert!(!has_sgf_extension(Path::new("a/b.sgf.txt")));
        assert!(!has_sgf_extension(Path::new("a/sgf")));
    }
}
