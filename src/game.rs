//! One game of a file as the pipeline hands it on (its text, its place in the file, what
//! the file's reading found), and the board size `SZ[]` names: what the audit and the
//! search for duplicates both read.

use crate::geom::BoardSize;
use crate::input::split::GameSlice;
use crate::sgf::values::FileFormat;

/// Everything one game's audit needs from its file.
pub struct GameInput<'a> {
    pub path: &'a str,
    pub index: usize,
    /// The game's text (`slice.range` of the decoded file).
    pub text: &'a str,
    pub slice: &'a GameSlice,
    pub encoding: &'static str,
    /// A `bad-encoding` problem of the file, reported on its first game.
    pub encoding_problem: Option<&'a str>,
    /// `FF` and `GM` of the file's first game tree, for the later trees (`None` for the
    /// first): a tree that differs gets `mixed-collection`.
    pub first_tree: Option<FileFormat>,
}

/// Reads `SZ[n]` or `SZ[cols:rows]`.
pub fn parse_size(raw: &str) -> Option<BoardSize> {
    let raw = raw.trim();
    match raw.split_once(':') {
        Some((c, r)) => BoardSize::new(c.trim().parse().ok()?, r.trim().parse().ok()?),
        None => BoardSize::square(raw.parse().ok()?),
    }
}
