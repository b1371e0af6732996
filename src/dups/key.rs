//! What the duplicate finder keeps of a game: its moves in the canonical orientation (two
//! bytes a move), the symmetries that lead there, the colour of the first move, and the
//! game information that copies may disagree on.

use crate::game::{parse_size, GameInput};
use crate::geom::{BoardSize, Color};
use crate::sgf::info::game_info;
use crate::sgf::record::Limits;
use crate::sgf::text::simple_text;
use crate::sgf::{parse_game, MoveTarget};

use super::symmetry::{canonical_symmetry, transformed, MoveCode, Symmetry, PASS, UNREADABLE};

/// Moves left out of the choice of each second orientation (see [`GameKey::near`]).
pub const NEAR_ORIENTATION_FROM: [usize; 2] = [8, 16];

/// The game information fields compared between copies, in this order.
pub const INFO_FIELDS: [&str; 7] = ["PB", "PW", "DT", "RE", "KM", "HA", "RU"];

/// Between the game information fields of a key (a control character no value keeps).
const SEPARATOR: &str = "\u{1f}";

/// One game as the duplicate finder sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameKey {
    pub width: u8,
    pub height: u8,
    /// The main line's moves (passes included) in the canonical orientation.
    pub canonical: Box<[MoveCode]>,
    /// From the game as recorded to the canonical orientation.
    pub symmetry: Symmetry,
    /// From the canonical orientation to the orientation chosen without the first 8 (then
    /// 16) moves: the one a copy with a mistyped early move still shares.
    pub near: [Symmetry; 2],
    /// The colour of the first move.
    pub first_color: Option<Color>,
    /// `PB`, `PW`, `DT`, `RE`, `KM`, `HA`, `RU` as plain text (empty: absent), one
    /// string for all seven (see [`GameKey::info`]), to keep a game's key small.
    info: Box<str>,
    /// Problems the reader found in the record (syntax, property values).
    pub problems: u32,
    /// Game information properties present (`EV`, `DT`, `PC`, … and the players).
    pub info_count: u8,
}

impl GameKey {
    /// Reads a game's main line and root properties.
    pub fn of(input: &GameInput<'_>) -> GameKey {
        let record = parse_game(input.text, Limits::default());
        let size = record
            .root
            .size
            .and_then(|v| parse_size(v.raw))
            .unwrap_or(BoardSize::STANDARD);
        let (width, height) = (size.width, size.height);
        let mut first_color = None;
        let recorded: Vec<MoveCode> = record
            .nodes
            .iter()
            .filter_map(|n| n.mv)
            .map(|mv| {
                first_color.get_or_insert(mv.color);
                move_code(mv.target, size)
            })
            .collect();
        let symmetry = canonical_symmetry(&recorded, width, height, 0);
        let canonical = transformed(&recorded, symmetry, width, height);
        let near =
            NEAR_ORIENTATION_FROM.map(|from| canonical_symmetry(&canonical, width, height, from));
        let plain = |v: Option<crate::sgf::record::RawValue<'_>>| -> String {
            v.map(|v| simple_text(v.raw).replace(SEPARATOR, " "))
                .unwrap_or_default()
        };
        let root = &record.root;
        let other = game_info(input.text);
        let date = other
            .iter()
            .find(|(k, _)| *k == "DT")
            .map(|(_, v)| v.as_str())
            .unwrap_or("");
        let info = [
            plain(root.black),
            plain(root.white),
            date.replace(SEPARATOR, " "),
            plain(root.result),
            plain(root.komi),
            plain(root.handicap),
            plain(root.rules),
        ]
        .join(SEPARATOR);
        let players = root.black.is_some() as usize + root.white.is_some() as usize;
        GameKey {
            width,
            height,
            canonical: canonical.into(),
            symmetry,
            near,
            first_color,
            info: info.into(),
            problems: record.problems.len().min(u32::MAX as usize) as u32,
            info_count: (other.len() + players).min(255) as u8,
        }
    }

    /// Field `i` of [`INFO_FIELDS`] as plain text, empty when absent.
    pub fn info(&self, i: usize) -> &str {
        self.info.split(SEPARATOR).nth(i).unwrap_or("")
    }

    /// Number of moves of the main line.
    pub fn moves(&self) -> usize {
        self.canonical.len()
    }

    /// The moves in the orientation chosen without the first moves (`which`: 0 or 1).
    pub fn near_moves(&self, which: usize) -> Vec<MoveCode> {
        transformed(&self.canonical, self.near[which], self.width, self.height)
    }

    /// The `RE[]` winner, `B` or `W`, if it names one.
    pub fn winner(&self) -> Option<Color> {
        match self.info(3).trim_start().as_bytes().first() {
            Some(b'B' | b'b') => Some(Color::Black),
            Some(b'W' | b'w') => Some(Color::White),
            _ => None,
        }
    }
}

/// The code of a recorded move on a board of `size`.
fn move_code(target: MoveTarget, size: BoardSize) -> MoveCode {
    match target {
        MoveTarget::Pass => PASS,
        MoveTarget::At(p) if size.contains(p) => p.row as u16 * size.width as u16 + p.col as u16,
        // `tt`: a pass on boards up to 19×19.
        MoveTarget::At(p) if p.col == 19 && p.row == 19 && size.width <= 19 => PASS,
        MoveTarget::At(_) | MoveTarget::Unreadable => UNREADABLE,
    }
}
