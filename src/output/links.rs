//! Where the HTML report's links to the games point, so that they work wherever the report
//! is read from: relative to the report's folder when it is written to a file (`-o`), as
//! absolute `file://` addresses when it goes to standard output (whose place is unknown),
//! and as the paths were written when nothing is known (the library's default). A game of
//! an archive links to the archive; a game read from standard input has no link.

use std::fmt::Write as _;
use std::path::{Component, Path, PathBuf};

/// How the report's links to the games are written.
#[derive(Clone, Debug, Default)]
pub enum Links {
    /// The paths as the report writes them: relative to the folder sgfaudit ran in.
    #[default]
    AsWritten,
    /// Relative to `report_folder` (canonical), the games' paths read from `cwd`.
    RelativeTo {
        cwd: PathBuf,
        report_folder: PathBuf,
    },
    /// Absolute `file://` addresses, the games' paths read from `cwd`.
    Absolute { cwd: PathBuf },
}

impl Links {
    /// Links for a report written into `file` (`None`: standard output), games' paths
    /// read from the current folder; the paths as written when the folders cannot be
    /// known.
    pub fn for_report(file: Option<&Path>) -> Links {
        let Ok(cwd) = std::env::current_dir() else {
            return Links::AsWritten;
        };
        match file {
            None => Links::Absolute { cwd },
            Some(file) => {
                let file = cwd.join(file);
                let folder = file.parent().unwrap_or(Path::new("/"));
                match folder.canonicalize() {
                    Ok(report_folder) => Links::RelativeTo { cwd, report_folder },
                    Err(_) => Links::Absolute { cwd },
                }
            }
        }
    }

    /// The address of a game's file (an archive's member: the archive), percent-encoded;
    /// `None` for standard input or a file that is no longer there.
    pub fn href(&self, path: &str) -> Option<String> {
        if path == "-" {
            return None;
        }
        let (cwd, report_folder) = match self {
            Links::AsWritten => return Some(percent_encoded(path)),
            Links::RelativeTo { cwd, report_folder } => (cwd, Some(report_folder)),
            Links::Absolute { cwd } => (cwd, None),
        };
        let file = file_of(&cwd.join(path))?;
        Some(match report_folder {
            Some(folder) => percent_encoded(&relative(folder, &file)),
            None => format!("file://{}", percent_encoded(&file.to_string_lossy())),
        })
    }
}

/// The file a game's path names, canonical: the path itself, or for an archive's member
/// (`archive!member`) the archive.
fn file_of(path: &Path) -> Option<PathBuf> {
    if let Ok(file) = path.canonicalize() {
        return Some(file);
    }
    let text = path.to_str()?;
    text.match_indices('!')
        .find_map(|(at, _)| Path::new(&text[..at]).canonicalize().ok())
}

/// The path of `file` from `folder`, both canonical: `../` for each of the folder's
/// components past the ones they share, then the rest of the file's.
pub fn relative(folder: &Path, file: &Path) -> String {
    let parts = |p: &Path| -> Vec<String> {
        p.components()
            .filter_map(|c| match c {
                Component::Normal(name) => Some(name.to_string_lossy().into_owned()),
                _ => None,
            })
            .collect()
    };
    let (folder, file) = (parts(folder), parts(file));
    let shared = folder.iter().zip(&file).take_while(|(a, b)| a == b).count();
    let mut out: Vec<String> = vec!["..".to_string(); folder.len() - shared];
    out.extend(file[shared..].iter().cloned());
    out.join("/")
}

/// A path as a link's address: the characters an address cannot hold as they are
/// percent-encoded.
pub fn percent_encoded(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'/' | b'.' | b'-' | b'_' | b'~' => {
                out.push(char::from(b))
            }
            _ => {
                let _ = write!(out, "%{b:02X}");
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_holds_the_path_percent_encoded() {
        assert_eq!(percent_encoded("a b/棋.sgf"), "a%20b/%E6%A3%8B.sgf");
        assert_eq!(percent_encoded("x\"<y>.sgf"), "x%22%3Cy%3E.sgf");
    }

    #[test]
    fn a_relative_path_climbs_out_of_the_report_folder() {
        let r = |a: &str, b: &str| relative(Path::new(a), Path::new(b));
        assert_eq!(r("/w/out", "/w/games/a.sgf"), "../games/a.sgf");
        assert_eq!(r("/w", "/w/games/a.sgf"), "games/a.sgf");
        assert_eq!(r("/w/a/b/c", "/x/y.sgf"), "../../../../x/y.sgf");
        assert_eq!(r("/", "/x/y.sgf"), "x/y.sgf");
    }

    #[test]
    fn standard_input_has_no_link_and_an_archive_member_links_to_its_archive() {
        let dir = std::env::temp_dir().join(format!("sgfaudit-links-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("out")).unwrap();
        std::fs::write(dir.join("games.zip"), b"").unwrap();
        let links = Links::RelativeTo {
            cwd: dir.canonicalize().unwrap(),
            report_folder: dir.join("out").canonicalize().unwrap(),
        };
        assert_eq!(links.href("-"), None);
        assert_eq!(
            links.href("games.zip!a/b.sgf").as_deref(),
            Some("../games.zip")
        );
        assert_eq!(links.href("missing.sgf"), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
