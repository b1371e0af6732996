//! Keys files (`dups --format keys`, see `dups::key`): one JSON line per game with everything the
//! clustering needs of it and its place, so that the keys of a collection can be
//! computed in parts (`--shard K/N`, on a cluster) and clustered later (`dups
//! --from-keys`) with the same result as one run.
//!
//! A line: `key` (`WxH:` then two characters a move, the canonical moves in the
//! alphabet [`ALPHABET`], whose order is that of the moves, so that keys sort as the
//! games do), `path`, `game`, `symmetry` (from the game as recorded to the canonical
//! orientation), `near` (the two second orientations), `first` (`B`, `W` or null),
//! `problems`, `info_count` and `info` (`PB PW DT RE KM HA RU`, empty when absent).

use serde::{Deserialize, Serialize};

use crate::dups::key::INFO_FIELDS;
use crate::dups::symmetry::{MoveCode, PASS, UNREADABLE};
use crate::dups::{GameKey, Symmetry};
use crate::geom::Color;

/// The 64 characters of a key's moves, in increasing byte order.
pub const ALPHABET: &[u8; 64] = b"-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// The codes of a pass and of an unreadable move in a key (after every point).
const KEY_PASS: u16 = 4094;
const KEY_UNREADABLE: u16 = 4095;

#[derive(Serialize, Deserialize)]
struct Line {
    key: String,
    path: String,
    game: usize,
    symmetry: String,
    near: [String; 2],
    first: Option<String>,
    problems: u32,
    info_count: u8,
    info: Vec<String>,
}

/// The `key` of a game: its board and canonical moves as text.
pub fn key_text(key: &GameKey) -> String {
    let mut text = format!("{}x{}:", key.width, key.height);
    for &m in key.canonical.iter() {
        let v = match m {
            PASS => KEY_PASS,
            UNREADABLE => KEY_UNREADABLE,
            point => point.min(KEY_PASS - 1),
        };
        text.push(ALPHABET[(v / 64) as usize] as char);
        text.push(ALPHABET[(v % 64) as usize] as char);
    }
    text
}

/// A game's line (without its newline).
pub fn line(key: &GameKey, path: &str, game: usize) -> String {
    let line = Line {
        key: key_text(key),
        path: path.to_string(),
        game,
        symmetry: key.symmetry.name().to_string(),
        near: key.near.map(|s| s.name().to_string()),
        first: key.first_color.map(|c| {
            match c {
                Color::Black => "B",
                Color::White => "W",
            }
            .to_string()
        }),
        problems: key.problems,
        info_count: key.info_count,
        info: (0..INFO_FIELDS.len())
            .map(|i| key.info(i).to_string())
            .collect(),
    };
    serde_json::to_string(&line).expect("a key line serializes")
}

/// A line read back: the game's path, index in its file and key; `Err` says what is
/// wrong with it.
pub fn parse(text: &str) -> Result<(String, usize, GameKey), String> {
    let line: Line = serde_json::from_str(text).map_err(|e| format!("not a key line: {e}"))?;
    let (board, moves) = line.key.split_once(':').ok_or("key: no `WxH:` board")?;
    let (w, h) = board.split_once('x').ok_or("key: no `WxH:` board")?;
    let side = |s: &str| {
        s.parse::<u8>()
            .ok()
            .filter(|&v| (1..=52).contains(&v))
            .ok_or_else(|| format!("key: board side '{s}' is not from 1 to 52"))
    };
    let (width, height) = (side(w)?, side(h)?);
    let digit = |c: u8| {
        ALPHABET
            .iter()
            .position(|&a| a == c)
            .map(|p| p as u16)
            .ok_or_else(|| format!("key: '{}' is no move character", c as char))
    };
    if moves.len() % 2 != 0 {
        return Err("key: an odd number of move characters".to_string());
    }
    let canonical: Vec<MoveCode> = moves
        .as_bytes()
        .chunks_exact(2)
        .map(|pair| {
            let v = digit(pair[0])? * 64 + digit(pair[1])?;
            Ok(match v {
                KEY_PASS => PASS,
                KEY_UNREADABLE => UNREADABLE,
                point => point,
            })
        })
        .collect::<Result<_, String>>()?;
    let symmetry =
        |name: &str| Symmetry::named(name).ok_or_else(|| format!("'{name}' is no board symmetry"));
    let first = match line.first.as_deref() {
        None => None,
        Some("B") => Some(Color::Black),
        Some("W") => Some(Color::White),
        Some(other) => return Err(format!("first: '{other}' is neither B nor W")),
    };
    let key = GameKey::from_parts(
        width,
        height,
        canonical,
        symmetry(&line.symmetry)?,
        [symmetry(&line.near[0])?, symmetry(&line.near[1])?],
        first,
        &line.info,
        line.problems,
        line.info_count,
    );
    Ok((line.path, line.game, key))
}
