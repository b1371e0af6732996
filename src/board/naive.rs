//! A reference board written for obviousness, not speed: a plain [`Position`] with
//! chains and liberties found by flood fill on every move. It exists to check [`Board`].
//!
//! [`Board`]: super::Board

use super::{zobrist, Played, Rejection, SuicideRule};
use crate::geom::{BoardSize, Color, Point, Position};

/// The same rules as [`super::Board`], computed the slow and simple way.
#[derive(Clone, Debug)]
pub struct NaiveBoard {
    position: Position,
    captures: [u32; 2],
    ko: Option<Point>,
}

impl NaiveBoard {
    pub fn new(size: BoardSize) -> NaiveBoard {
        NaiveBoard {
            position: Position::empty(size),
            captures: [0; 2],
            ko: None,
        }
    }

    pub fn size(&self) -> BoardSize {
        self.position.size
    }

    pub fn get(&self, p: Point) -> Option<Color> {
        assert!(self.size().contains(p));
        self.position.get(p)
    }

    /// Zobrist hash of the stones, recomputed from the whole board.
    pub fn hash(&self) -> u64 {
        hash_of(&self.position)
    }

    pub fn stones(&self, c: Color) -> u32 {
        self.position
            .cells
            .iter()
            .filter(|&&s| s == Some(c))
            .count() as u32
    }

    pub fn captures(&self, by: Color) -> u32 {
        self.captures[by.index()]
    }

    pub fn ko_point(&self) -> Option<Point> {
        self.ko
    }

    /// The number of liberties of the chain on `p`; `None` on an empty point.
    pub fn liberties(&self, p: Point) -> Option<u32> {
        self.get(p)?;
        Some(chain(&self.position, p).1.len() as u32)
    }

    pub fn pass(&mut self) {
        self.ko = None;
    }

    pub fn position(&self) -> Position {
        self.position.clone()
    }

    /// Setup: sets the point, nothing else (no capture, no suicide check).
    pub fn place(&mut self, p: Point, stone: Option<Color>) {
        assert!(self.size().contains(p));
        self.ko = None;
        self.position.set(p, stone);
    }

    /// A move: on a copy of the board, put the stone, remove the opponent chains next to it
    /// that have no liberty, then look at the own chain; commit the copy if all is well.
    pub fn play(
        &mut self,
        color: Color,
        p: Point,
        suicide: SuicideRule,
        is_repeat: impl FnOnce(u64) -> bool,
    ) -> Result<Played, Rejection> {
        assert!(self.size().contains(p));
        if self.position.get(p).is_some() {
            return Err(Rejection::Occupied);
        }
        let size = self.size();
        let mut after = self.position.clone();
        after.set(p, Some(color));

        let mut captured_points = vec![];
        for n in size.neighbors(p) {
            if after.get(n) == Some(color.opponent()) {
                let (stones, liberties) = chain(&after, n);
                if liberties.is_empty() {
                    for s in stones {
                        after.set(s, None);
                        captured_points.push(s);
                    }
                }
            }
        }

        let mut suicide_removed = 0;
        let (own, own_liberties) = chain(&after, p);
        if own_liberties.is_empty() {
            if suicide == SuicideRule::Forbidden {
                return Err(Rejection::Suicide);
            }
            for s in &own {
                after.set(*s, None);
            }
            suicide_removed = own.len() as u32;
        }

        let hash = hash_of(&after);
        if is_repeat(hash) {
            return Err(Rejection::Repeat);
        }

        self.position = after;
        let captured = captured_points.len() as u32;
        self.captures[color.index()] += captured;
        self.captures[color.opponent().index()] += suicide_removed;
        self.ko = None;
        if captured == 1 && own.len() == 1 && own_liberties.len() == 1 {
            self.ko = Some(captured_points[0]);
        }
        Ok(Played {
            captured,
            hash,
            suicide_removed,
        })
    }
}

/// The stones of the chain on `p` and its liberties, by flood fill.
fn chain(position: &Position, p: Point) -> (Vec<Point>, Vec<Point>) {
    let color = position.get(p);
    assert!(color.is_some(), "no stone on {p:?}");
    let size = position.size;
    let mut seen = vec![false; size.points()];
    let mut stones = vec![p];
    let mut liberties = vec![];
    seen[size.index(p)] = true;
    let mut i = 0;
    while i < stones.len() {
        let s = stones[i];
        i += 1;
        for n in size.neighbors(s) {
            if seen[size.index(n)] {
                continue;
            }
            match position.get(n) {
                None => {
                    seen[size.index(n)] = true;
                    liberties.push(n);
                }
                c if c == color => {
                    seen[size.index(n)] = true;
                    stones.push(n);
                }
                _ => {}
            }
        }
    }
    (stones, liberties)
}

/// XOR of the keys of every stone of `position`.
fn hash_of(position: &Position) -> u64 {
    let mut hash = 0;
    for (i, stone) in position.cells.iter().enumerate() {
        if let Some(c) = stone {
            hash ^= zobrist::point_key(position.size.point(i), *c);
        }
    }
    hash
}
