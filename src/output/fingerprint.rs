//! Fingerprints of findings for the code-scanning reports (SARIF, GitLab Code Quality):
//! what tells a finding from every other one in a report and stays the same from one
//! run to the next, so that a finding seen before is not reported as new. It is made of
//! the file (its path as reports write it, one-to-one with its bytes: see `path_text`),
//! the game, the code, the move, the side variation (where there is one) and the
//! finding's rank among those that share all of them — not of the line, so that an edit
//! above a game leaves its findings alone.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use sha2::{Digest, Sha256};

use crate::audit::GameReport;
use crate::input::path_text::path_text;

/// The key of the fingerprint in SARIF's `partialFingerprints` (versioned: a new way of
/// computing it gets a new key).
pub const SARIF_KEY: &str = "sgfaudit/v1";

/// The fingerprint of each finding of a game, in the order of `game.findings`: the
/// SHA-256 (hex) of file, game, code, move and rank.
pub fn of_game(game: &GameReport) -> Vec<String> {
    let path = relative_path(&game.path);
    type Key<'f> = (crate::finding::Code, Option<u32>, Option<&'f str>);
    let mut seen: Vec<(Key<'_>, u32)> = Vec::new();
    game.findings
        .iter()
        .map(|f| {
            let key = (f.code, f.r#move, f.variation.as_deref());
            let rank = match seen.iter_mut().find(|(k, _)| *k == key) {
                Some((_, n)) => {
                    *n += 1;
                    *n
                }
                None => {
                    seen.push((key, 0));
                    0
                }
            };
            let mut hash = Sha256::new();
            for part in [
                path.as_str(),
                &game.game.to_string(),
                f.code.as_str(),
                &f.r#move.map(|m| m.to_string()).unwrap_or_default(),
                &rank.to_string(),
            ] {
                hash.update(part.as_bytes());
                hash.update([0]);
            }
            // A side variation's name, where there is one (main-line prints stay as they were).
            if let Some(v) = f.variation.as_deref() {
                hash.update(v.as_bytes());
                hash.update([0]);
            }
            hex(hash)
        })
        .collect()
}

/// The fingerprint of an input that could not be read (its path alone).
pub fn of_input_error(path: &str) -> String {
    hex(Sha256::new()
        .chain_update(path.as_bytes())
        .chain_update([0]))
}

/// The hex digits of a hash.
fn hex(hash: Sha256) -> String {
    hash.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// A path as reported to code scanning: relative to the working folder when it lies
/// inside it, as given otherwise. `path` is a path as reports write it (`path_text`), and
/// so is the result: its bytes kept, a `\` in a Unix name kept (on Windows, where `\`
/// only parts names, it becomes `/`).
pub fn relative_path(path: &str) -> String {
    static CWD: OnceLock<Option<PathBuf>> = OnceLock::new();
    // The working folder written as paths are, so that the two compare as text.
    let cwd = CWD.get_or_init(|| {
        std::env::current_dir()
            .ok()
            .map(|cwd| PathBuf::from(path_text(&cwd)))
    });
    let given = Path::new(path);
    let relative = match cwd {
        Some(cwd) if given.is_absolute() => given.strip_prefix(cwd).unwrap_or(given),
        _ => given,
    };
    let relative = relative.strip_prefix(".").unwrap_or(relative);
    let text = relative.to_str().unwrap_or(path).to_string();
    if cfg!(windows) {
        text.replace('\\', "/")
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finding::{Code, Finding, Severity};

    fn finding(code: Code, r#move: Option<u32>, line: u32) -> Finding {
        let mut f = Finding::new(code, Severity::Error, 0, "x");
        f.r#move = r#move;
        f.line = line;
        f
    }

    #[test]
    fn unique_in_a_game_and_blind_to_lines() {
        let text = "(;GM[1]SZ[9];B[ee])";
        let slices = crate::input::split::split(text);
        let input = crate::audit::GameInput {
            path: "a.sgf",
            index: 2,
            text: &text[slices[0].range.clone()],
            slice: &slices[0],
            encoding: "UTF-8",
            encoding_problem: None,
            first_tree: None,
        };
        let mut game = crate::audit::audit_game(&input, &Default::default());
        game.findings = vec![
            finding(Code::Occupied, Some(4), 3),
            finding(Code::Occupied, Some(4), 3),
            finding(Code::Ko, Some(4), 3),
            finding(Code::BadProperty, None, 1),
        ];
        let before = of_game(&game);
        let mut unique = before.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 4);
        for f in &mut game.findings {
            f.line += 1;
        }
        assert_eq!(of_game(&game), before);
        game.game = 3;
        assert_ne!(of_game(&game)[0], before[0]);
    }

    #[test]
    fn paths_inside_the_working_folder_become_relative() {
        let cwd = std::env::current_dir().unwrap();
        let inside = cwd.join("games").join("a b.sgf");
        assert_eq!(relative_path(&inside.to_string_lossy()), "games/a b.sgf");
        assert_eq!(relative_path("./x/y.sgf"), "x/y.sgf");
        assert_eq!(relative_path("../up.sgf"), "../up.sgf");
    }
}
