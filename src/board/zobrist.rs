//! Zobrist keys: fixed 64-bit random numbers whose XOR identifies a set of stones.
//!
//! Keys are indexed by (column, row, colour) over the full 52×52 grid, so a point has the
//! same key whatever the board size, and the table is the same from run to run (fixed seed).

use std::sync::OnceLock;

use crate::geom::{Color, Point, MAX_SIDE};

const SIDE: usize = MAX_SIDE as usize;
const SEED: u64 = 0x5346_4741_5544_4954; // "SFGAUDIT" in ASCII, any fixed value would do

/// One step of splitmix64: advances `state` and returns the next output.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

struct Keys {
    points: Vec<[u64; 2]>,
    white_to_move: u64,
}

fn keys() -> &'static Keys {
    static KEYS: OnceLock<Keys> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut state = SEED;
        let points = (0..SIDE * SIDE)
            .map(|_| [splitmix64(&mut state), splitmix64(&mut state)])
            .collect();
        let white_to_move = splitmix64(&mut state);
        Keys {
            points,
            white_to_move,
        }
    })
}

/// The key of a stone of colour `color` on point `p` (any point of the 52×52 grid).
#[inline]
pub fn point_key(p: Point, color: Color) -> u64 {
    keys().points[p.row as usize * SIDE + p.col as usize][color.index()]
}

/// Both colours' keys of a point, indexed by [`Color::index`].
pub(crate) fn point_keys(p: Point) -> [u64; 2] {
    keys().points[p.row as usize * SIDE + p.col as usize]
}

/// Both colours' keys per padded cell of the board layout (`super::padded`), zero on the
/// cells that are never points.
pub(crate) fn padded_keys() -> &'static [[u64; 2]; super::CELLS] {
    static PADDED: OnceLock<Box<[[u64; 2]; super::CELLS]>> = OnceLock::new();
    PADDED.get_or_init(|| {
        let mut table = Box::new([[0u64; 2]; super::CELLS]);
        for row in 0..MAX_SIDE {
            for col in 0..MAX_SIDE {
                let p = Point::new(col, row);
                table[super::padded(p)] = point_keys(p);
            }
        }
        table
    })
}

/// Zobrist key for "White to move", XORed into a stone hash for situational superko.
/// Black to move is 0, so a stone hash alone stands for "Black to move".
pub fn side_to_move_key(to_move: Color) -> u64 {
    match to_move {
        Color::Black => 0,
        Color::White => keys().white_to_move,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn keys_are_distinct_and_stable() {
        let mut seen = HashSet::new();
        for row in 0..MAX_SIDE {
            for col in 0..MAX_SIDE {
                for c in [Color::Black, Color::White] {
                    let k = point_key(Point::new(col, row), c);
                    assert_ne!(k, 0);
                    assert!(seen.insert(k), "duplicate key at {col},{row}");
                }
            }
        }
        assert!(seen.insert(side_to_move_key(Color::White)));
        assert_eq!(side_to_move_key(Color::Black), 0);
        assert_eq!(
            point_key(Point::new(3, 3), Color::Black),
            point_key(Point::new(3, 3), Color::Black)
        );
    }
}
