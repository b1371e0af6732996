//! Bitboards for the counts: a set of points as a few machine words, so that a region
//! grows by whole rows of bits at a time and its colours are tested with one `and`,
//! instead of point by point through vectors that every counted game would allocate.
//!
//! Bit `row * width + col` stands for the point at (`col`, `row`), as `Position::cells`
//! orders them. The word count `N` is a compile-time constant; [`on_grid`] picks the
//! smallest one that holds the board (a 19×19 board fits in 6 words, 52×52 in 43).

use crate::geom::{BoardSize, Color, Point, Position};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A set of points of a board of at most `64 * N` points.
#[derive(Clone, Copy, Debug, Eq)]
pub(crate) struct Bits<const N: usize>([u64; N]);

/// Word by word, without the call to `memcmp` the derived comparison of arrays makes: the
/// floods compare two sets at every step.
impl<const N: usize> PartialEq for Bits<N> {
    fn eq(&self, other: &Bits<N>) -> bool {
        self.0
            .iter()
            .zip(&other.0)
            .fold(0, |differ, (a, b)| differ | (a ^ b))
            == 0
    }
}

impl<const N: usize> Bits<N> {
    pub(crate) const EMPTY: Bits<N> = Bits([0; N]);

    /// The set holding only point index `i`.
    pub(crate) fn single(i: usize) -> Bits<N> {
        let mut b = Bits::EMPTY;
        b.insert(i);
        b
    }

    /// The points with index below `n`.
    fn below(n: usize) -> Bits<N> {
        let mut b = Bits::EMPTY;
        for (k, word) in b.0.iter_mut().enumerate() {
            let start = k * 64;
            *word = match n.saturating_sub(start) {
                0 => 0,
                r if r >= 64 => u64::MAX,
                r => (1u64 << r) - 1,
            };
        }
        b
    }

    pub(crate) fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1u64 << (i % 64);
    }

    pub(crate) fn contains(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.0.iter().fold(0, |any, w| any | w) == 0
    }

    /// Whether every point of `self` is in `other`.
    pub(crate) fn is_within(&self, other: &Bits<N>) -> bool {
        (*self & !*other).is_empty()
    }

    pub(crate) fn count(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The lowest point index in the set.
    pub(crate) fn first(&self) -> Option<usize> {
        let k = self.0.iter().position(|&w| w != 0)?;
        Some(k * 64 + self.0[k].trailing_zeros() as usize)
    }

    /// The point indices in the set, ascending (row-major order).
    pub(crate) fn indices(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(k, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    k * 64 + bit
                })
            })
        })
    }

    /// Every index moved `k` places up (towards higher indices), 0 < `k` < 64.
    fn shifted_up(&self, k: u32) -> Bits<N> {
        let mut out = [0u64; N];
        let mut carry = 0u64;
        for (o, &w) in out.iter_mut().zip(&self.0) {
            *o = w << k | carry;
            carry = w >> (64 - k);
        }
        Bits(out)
    }

    /// Every index moved `k` places down (towards lower indices), 0 < `k` < 64.
    fn shifted_down(&self, k: u32) -> Bits<N> {
        let mut out = [0u64; N];
        let mut carry = 0u64;
        for (o, &w) in out.iter_mut().zip(&self.0).rev() {
            *o = w >> k | carry;
            carry = w << (64 - k);
        }
        Bits(out)
    }

    /// The raw words, to keep the set in a buffer of words.
    pub(crate) fn words(&self) -> &[u64; N] {
        &self.0
    }

    /// A set read back from a buffer of words (`N` of them, as [`Bits::words`] gave).
    pub(crate) fn from_words(words: &[u64]) -> Bits<N> {
        let mut b = Bits::EMPTY;
        b.0.copy_from_slice(words);
        b
    }
}

impl<const N: usize> BitAnd for Bits<N> {
    type Output = Bits<N>;
    fn bitand(mut self, rhs: Bits<N>) -> Bits<N> {
        self &= rhs;
        self
    }
}

impl<const N: usize> BitAndAssign for Bits<N> {
    fn bitand_assign(&mut self, rhs: Bits<N>) {
        for (a, b) in self.0.iter_mut().zip(rhs.0) {
            *a &= b;
        }
    }
}

impl<const N: usize> BitOr for Bits<N> {
    type Output = Bits<N>;
    fn bitor(mut self, rhs: Bits<N>) -> Bits<N> {
        self |= rhs;
        self
    }
}

impl<const N: usize> BitOrAssign for Bits<N> {
    fn bitor_assign(&mut self, rhs: Bits<N>) {
        for (a, b) in self.0.iter_mut().zip(rhs.0) {
            *a |= b;
        }
    }
}

/// The complement within the words (points off the board included: `and` it with a set
/// of the board before counting).
impl<const N: usize> Not for Bits<N> {
    type Output = Bits<N>;
    fn not(mut self) -> Bits<N> {
        for a in self.0.iter_mut() {
            *a = !*a;
        }
        self
    }
}

/// A board's shape as bitboards: the set of its points and the masks that stop a
/// sideways shift from wrapping round to the next row.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Grid<const N: usize> {
    size: BoardSize,
    /// Every point of the board.
    pub(crate) board: Bits<N>,
    /// Every point but those of the first column.
    not_first_column: Bits<N>,
    /// Every point but those of the last column.
    not_last_column: Bits<N>,
}

impl<const N: usize> Grid<N> {
    /// The grid of `size`; the board must fit (`size.points() <= 64 * N`).
    fn new(size: BoardSize) -> Grid<N> {
        let (width, height) = (size.width as usize, size.height as usize);
        let board = Bits::below(size.points());
        let mut first = Bits::EMPTY;
        let mut last = Bits::EMPTY;
        for row in 0..height {
            first.insert(row * width);
            last.insert(row * width + width - 1);
        }
        Grid {
            size,
            board,
            not_first_column: board & !first,
            not_last_column: board & !last,
        }
    }

    pub(crate) fn size(&self) -> BoardSize {
        self.size
    }

    /// The set and its orthogonal neighbours on the board.
    #[inline(always)]
    pub(crate) fn grown(&self, set: Bits<N>) -> Bits<N> {
        set | self.neighbours(set)
    }

    /// The points of the board next to a point of `set` (those of `set` itself only when
    /// next to another of its points).
    #[inline(always)]
    pub(crate) fn neighbours(&self, set: Bits<N>) -> Bits<N> {
        let width = self.size.width as u32;
        let east = set.shifted_up(1) & self.not_first_column;
        let west = set.shifted_down(1) & self.not_last_column;
        let mut out = east | west | set.shifted_down(width);
        if self.size.height > 1 {
            out |= set.shifted_up(width) & self.board;
        }
        out
    }

    /// The points of `within` connected to `seed` through `within` (`seed` must lie in
    /// `within`): the union of the components of `within` that `seed` touches.
    pub(crate) fn flood(&self, seed: Bits<N>, within: Bits<N>) -> Bits<N> {
        let mut reached = seed;
        loop {
            let next = self.grown(reached) & within;
            if next == reached {
                return reached;
            }
            reached = next;
        }
    }

    /// The stones of `position`: Black's and White's.
    pub(crate) fn stones(&self, position: &Position) -> [Bits<N>; 2] {
        let mut stones = [Bits::EMPTY; 2];
        for (k, chunk) in position.cells.chunks(64).enumerate() {
            for color in [Color::Black, Color::White] {
                stones[color.index()].0[k] = word_of(chunk, color);
            }
        }
        stones
    }

    /// The set of `points` that lie on the board.
    pub(crate) fn points(&self, points: &[Point]) -> Bits<N> {
        let mut set = Bits::EMPTY;
        for &p in points {
            if self.size.contains(p) {
                set.insert(self.size.index(p));
            }
        }
        set
    }

    /// The points of `set`, appended to `out` in row-major order.
    pub(crate) fn push_points(&self, set: &Bits<N>, out: &mut Vec<Point>) {
        out.extend(set.indices().map(|i| self.size.point(i)));
    }
}

/// The word of up to 64 cells: bit `k` set when cell `k` holds a stone of `color`.
fn word_of(cells: &[Option<Color>], color: Color) -> u64 {
    let groups = cells.chunks_exact(8);
    let rest = groups.remainder();
    let mut word = 0u64;
    let mut shift = 0;
    for group in groups {
        // One byte per cell, 0 or 1; the product gathers the eight low bits into the top
        // byte (byte k to bit 56 + k), and no two partial products overlap or carry.
        let bytes: [u8; 8] = std::array::from_fn(|k| u8::from(group[k] == Some(color)));
        word |= (u64::from_le_bytes(bytes).wrapping_mul(0x0102_0408_1020_4080) >> 56) << shift;
        shift += 8;
    }
    for cell in rest {
        word |= u64::from(*cell == Some(color)) << shift;
        shift += 1;
    }
    word
}

/// Work done on a board's bitboards, for whichever word count the board needs.
pub(crate) trait OnGrid {
    type Output;
    fn run<const N: usize>(self, grid: &Grid<N>) -> Self::Output;
}

/// Words of the grids: 19×19 fits the first, the largest board (52×52) the second.
const STANDARD_WORDS: usize = 6;
const LARGEST_WORDS: usize = 43;
const _: () = assert!(LARGEST_WORDS * 64 >= 52 * 52);

/// Runs `job` on the grid of `size` with the fewest words that hold the board.
pub(crate) fn on_grid<J: OnGrid>(size: BoardSize, job: J) -> J::Output {
    if size.points() <= STANDARD_WORDS * 64 {
        job.run(&Grid::<STANDARD_WORDS>::new(size))
    } else {
        job.run(&Grid::<LARGEST_WORDS>::new(size))
    }
}

/// Work done on a position's stones as bitboards, for whichever word count the board needs.
pub(crate) trait OnStones {
    type Output;
    fn run<const N: usize>(self, grid: &Grid<N>, stones: &[Bits<N>; 2]) -> Self::Output;
}

/// A position's grid and stones, read once for work that runs many times on it.
// The standard board's words stay inline (no allocation for 19×19); only the largest
// grid, 20 times bigger, is boxed.
#[allow(clippy::large_enum_variant)]
pub(crate) enum StonesOnGrid {
    Standard(Grid<STANDARD_WORDS>, [Bits<STANDARD_WORDS>; 2]),
    Largest(Box<(Grid<LARGEST_WORDS>, [Bits<LARGEST_WORDS>; 2])>),
}

impl StonesOnGrid {
    pub(crate) fn new(position: &Position) -> StonesOnGrid {
        let size = position.size;
        if size.points() <= STANDARD_WORDS * 64 {
            let grid = Grid::new(size);
            StonesOnGrid::Standard(grid, grid.stones(position))
        } else {
            let grid = Grid::new(size);
            StonesOnGrid::Largest(Box::new((grid, grid.stones(position))))
        }
    }

    pub(crate) fn run<J: OnStones>(&self, job: J) -> J::Output {
        match self {
            StonesOnGrid::Standard(grid, stones) => job.run(grid, stones),
            StonesOnGrid::Largest(both) => job.run(&both.0, &both.1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Neighbours(Point);
    impl OnGrid for Neighbours {
        type Output = Vec<Point>;
        fn run<const N: usize>(self, grid: &Grid<N>) -> Vec<Point> {
            let size = grid.size();
            let seed = Bits::single(size.index(self.0));
            let mut out = Vec::new();
            grid.push_points(&(grid.grown(seed) & !seed), &mut out);
            out.sort();
            out
        }
    }

    struct Stones<'a>(&'a Position);
    impl OnGrid for Stones<'_> {
        type Output = [Vec<usize>; 2];
        fn run<const N: usize>(self, grid: &Grid<N>) -> [Vec<usize>; 2] {
            grid.stones(self.0).map(|set| set.indices().collect())
        }
    }

    /// The stones read into bitboards are those of the cells, on boards of every length
    /// (whole words, whole bytes and what is left over).
    #[test]
    fn stones_are_read_cell_by_cell() {
        for (w, h) in [(1, 1), (3, 3), (8, 8), (9, 9), (19, 19), (13, 29), (52, 52)] {
            let size = BoardSize::new(w, h).unwrap();
            let mut position = Position::empty(size);
            for i in 0..size.points() {
                let stone = [None, Some(Color::Black), Some(Color::White)][(i * 7 + i / 5) % 3];
                position.set(size.point(i), stone);
            }
            let expected = [Color::Black, Color::White].map(|color| {
                (0..size.points())
                    .filter(|&i| position.cells[i] == Some(color))
                    .collect::<Vec<usize>>()
            });
            assert_eq!(on_grid(size, Stones(&position)), expected, "{w}x{h}");
        }
    }

    /// Growing a point gives its neighbours on boards of every shape, without wrapping
    /// round the edges.
    #[test]
    fn growing_a_point_gives_its_neighbours() {
        for (w, h) in [
            (1, 1),
            (1, 5),
            (5, 1),
            (2, 2),
            (7, 3),
            (19, 19),
            (25, 25),
            (52, 52),
        ] {
            let size = BoardSize::new(w, h).unwrap();
            for i in 0..size.points() {
                let p = size.point(i);
                let mut expected: Vec<Point> = size.neighbors(p).collect();
                expected.sort();
                assert_eq!(on_grid(size, Neighbours(p)), expected, "{w}x{h} {p:?}");
            }
        }
    }
}
