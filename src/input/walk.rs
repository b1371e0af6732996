//! Which files to read: explicit files as given, folders walked for `*.sgf` in any case
//! and for compressed files and archives (`input::archive`).

use std::path::{Path, PathBuf};

use super::archive::{kind_of, Kind};

/// One input to read, in the order the report will show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    Stdin,
    File(PathBuf),
    /// A compressed file or an archive, read member by member.
    Archive(PathBuf, Kind),
}

impl Input {
    /// The name shown in reports (`-` for standard input).
    pub fn display_name(&self) -> String {
        match self {
            Input::Stdin => "-".to_string(),
            Input::File(p) | Input::Archive(p, _) => p.to_string_lossy().into_owned(),
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
pub fn has_sgf_extension(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
}

/// Expands the given paths: files stay as they are, folders are walked recursively (sorted,
/// symlinks followed, loops reported and skipped) for `*.sgf`, `-` is standard input.
/// Paths keep the order given; files inside one folder are sorted by path.
pub fn expand(paths: &[PathBuf]) -> (Vec<Input>, Vec<WalkError>) {
    let mut inputs = Vec::new();
    let mut errors = Vec::new();
    for path in paths {
        if path.as_os_str() == "-" {
            inputs.push(Input::Stdin);
            continue;
        }
        let meta = match std::fs::metadata(path) {
            Ok(m) => m,
            Err(e) => {
                errors.push(WalkError {
                    path: path.to_string_lossy().into_owned(),
                    message: io_message(&e),
                });
                continue;
            }
        };
        if !meta.is_dir() {
            inputs.push(match kind_of(path) {
                Some(kind) => Input::Archive(path.clone(), kind),
                None => Input::File(path.clone()),
            });
            continue;
        }
        let before = inputs.len();
        let errors_before = errors.len();
        let walker = walkdir::WalkDir::new(path)
            .follow_links(true)
            .sort_by_file_name();
        for entry in walker {
            match entry {
                Ok(e) => {
                    // Regular files only: a FIFO named `x.sgf` in a folder would block the
                    // read for ever, and a device or socket holds no records. (A FIFO named
                    // on the command line is read: that is `<(zcat games.sgf.gz)`.)
                    if e.file_type().is_file() {
                        if has_sgf_extension(e.path()) {
                            inputs.push(Input::File(e.into_path()));
                        } else if let Some(kind) = kind_of(e.path()) {
                            inputs.push(Input::Archive(e.into_path(), kind));
                        }
                    }
                }
                Err(e) => {
                    let where_ = e
                        .path()
                        .map(|p| p.to_string_lossy().into_owned())
                        .unwrap_or_else(|| path.to_string_lossy().into_owned());
                    let message = if e.loop_ancestor().is_some() {
                        "folder loop through a symbolic link: skipped".to_string()
                    } else if let Some(io) = e.io_error() {
                        io_message(io)
                    } else {
                        e.to_string()
                    };
                    errors.push(WalkError {
                        path: where_,
                        message,
                    });
                }
            }
        }
        if inputs.len() == before && errors.len() == errors_before {
            // A wrong path in CI must not pass with zero games.
            errors.push(WalkError {
                path: path.to_string_lossy().into_owned(),
                message: "no SGF file (*.sgf, nor a compressed file or archive) in this folder"
                    .to_string(),
            });
        }
    }
    (inputs, errors)
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
