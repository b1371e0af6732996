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

    /// The record the sorter keeps of this key, game `game`: board, game number, moves
    /// (big-endian, so that bytes compare as moves do), then the rest.
    pub fn record(&self, game: u32, out: &mut Vec<u8>) {
        out.clear();
        out.extend_from_slice(&[self.width, self.height]);
        out.extend_from_slice(&game.to_le_bytes());
        out.extend_from_slice(&(self.canonical.len() as u32).to_le_bytes());
        for m in self.canonical.iter() {
            out.extend_from_slice(&m.to_be_bytes());
        }
        out.extend_from_slice(&[
            self.symmetry.number(),
            self.near[0].number(),
            self.near[1].number(),
            match self.first_color {
                None => 0,
                Some(Color::Black) => 1,
                Some(Color::White) => 2,
            },
            self.info_count,
        ]);
        out.extend_from_slice(&self.problems.to_le_bytes());
        out.extend_from_slice(self.info.as_bytes());
    }

    /// The game number and key of a [`GameKey::record`].
    pub fn from_record(record: &[u8]) -> (u32, GameKey) {
        let moves = record_moves(record);
        let at = 10 + moves.len();
        let tail = &record[at..];
        let color = match tail[3] {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        };
        let key = GameKey {
            width: record[0],
            height: record[1],
            canonical: moves
                .chunks_exact(2)
                .map(|c| u16::from_be_bytes([c[0], c[1]]))
                .collect(),
            symmetry: Symmetry::ALL[tail[0] as usize & 7],
            near: [
                Symmetry::ALL[tail[1] as usize & 7],
                Symmetry::ALL[tail[2] as usize & 7],
            ],
            first_color: color,
            info_count: tail[4],
            problems: u32::from_le_bytes([tail[5], tail[6], tail[7], tail[8]]),
            info: String::from_utf8_lossy(&tail[9..]).into(),
        };
        (record_game(record), key)
    }

    /// A key from its parts, as a keys file gives them (`info`: the seven fields of
    /// [`INFO_FIELDS`]).
    #[allow(clippy::too_many_arguments)]
    pub fn from_parts(
        width: u8,
        height: u8,
        canonical: Vec<MoveCode>,
        symmetry: Symmetry,
        near: [Symmetry; 2],
        first_color: Option<Color>,
        info: &[String],
        problems: u32,
        info_count: u8,
    ) -> GameKey {
        let info: Vec<String> = (0..INFO_FIELDS.len())
            .map(|i| {
                info.get(i)
                    .map_or(String::new(), |v| v.replace(SEPARATOR, " "))
            })
            .collect();
        GameKey {
            width,
            height,
            canonical: canonical.into(),
            symmetry,
            near,
            first_color,
            info: info.join(SEPARATOR).into(),
            problems,
            info_count,
        }
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

/// The game number of a [`GameKey::record`].
pub fn record_game(record: &[u8]) -> u32 {
    u32::from_le_bytes([record[2], record[3], record[4], record[5]])
}

/// The moves of a [`GameKey::record`], two bytes each, big-endian.
pub fn record_moves(record: &[u8]) -> &[u8] {
    let n = u32::from_le_bytes([record[6], record[7], record[8], record[9]]) as usize;
    &record[10..10 + 2 * n]
}

/// The order of the records: board, moves (a start before the longer games it starts),
/// game number.
pub fn record_order(a: &[u8], b: &[u8]) -> std::cmp::Ordering {
    (a[0], a[1], record_moves(a), record_game(a)).cmp(&(
        b[0],
        b[1],
        record_moves(b),
        record_game(b),
    ))
}

/// The code of a recorded move on a board of `size`.
fn move_code(target: MoveTarget, size: BoardSize) -> MoveCode {
    match target {
        MoveTarget::Pass => PASS,
        MoveTarget::At(p) if size.contains(p) => p.row as u16 * size.width as u16 + p.col as u16,
        // `tt` up to 19×19 and a pass mark (`zz`): passes, as the replay reads them.
        MoveTarget::At(p) if size.is_tt_pass(p) || size.is_pass_mark(p) => PASS,
        MoveTarget::At(_) | MoveTarget::Unreadable => UNREADABLE,
    }
}
