//! The board: stones, chains, liberties, captures and Zobrist keys.
//!
//! [`Board`] is the fast incremental board the replay runs on. The grid is a padded 1-D
//! array laid out for the largest board: rows are `STRIDE` cells apart whatever the
//! board size, every cell that is not a point of the board is a wall, and a full row of
//! walls lies above and below, so the four neighbours of any on-board cell are `±1` and
//! `±STRIDE` with no bounds test. The arrays have a power-of-two length and are indexed
//! through `MASK`, which lets the compiler drop every bounds check on the hot path.
//!
//! Each chain is a ring of stones linked through `next`; every stone records its chain's
//! head, and the head holds the chain's stone count, its hash and its pseudo-liberties:
//! the number of (stone, empty neighbour) pairs. A chain next to the point played through
//! `k` of its stones has `k` pseudo-liberties there, so the move takes its last liberty
//! exactly when it has `k` in all; that is all the capture, suicide and ko decisions
//! need, and every update is an addition. A move touches only the chains around it, and
//! allocates nothing.
//!
//! [`NaiveBoard`] computes the same things by flood fill and exists to check `Board`.

pub mod naive;
mod play;
mod validate;
pub mod zobrist;

use std::fmt;

use crate::geom::{BoardSize, Color, Point, Position, MAX_SIDE};

pub use naive::NaiveBoard;
pub use zobrist::{point_key, side_to_move_key};

/// What happens to a move that leaves its own chain without liberties.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SuicideRule {
    /// The move is illegal (Chinese rules, Japanese rules).
    Forbidden,
    /// The move is legal and the own chain without liberties is removed (New Zealand,
    /// Tromp-Taylor); its stones count as prisoners for the opponent.
    Allowed,
}

/// Why [`Board::play`] refused a move. The board is unchanged when it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rejection {
    /// The point already holds a stone.
    Occupied,
    /// The move would leave its own chain without liberties, and suicide is forbidden.
    Suicide,
    /// The caller's repetition test refused the position the move would produce.
    Repeat,
}

/// The outcome of a legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Played {
    /// Opponent stones removed by the move.
    pub captured: u32,
    /// Zobrist hash of the stones after the move.
    pub hash: u64,
    /// Own stones removed by a suicide (the played stone included); 0 unless suicide is allowed.
    pub suicide_removed: u32,
}

/// Distance between vertically adjacent cells, the same for every board size.
pub(crate) const STRIDE: usize = MAX_SIDE as usize + 1;
/// Length of every per-cell array: a power of two above `(MAX_SIDE + 2) * STRIDE`.
pub(crate) const CELLS: usize = 4096;
/// Keeps an index inside the per-cell arrays (a no-op on every index the board makes).
pub(crate) const MASK: usize = CELLS - 1;

const _: () = assert!((MAX_SIDE as usize + 2) * STRIDE < CELLS && CELLS.is_power_of_two());

const EMPTY: u8 = 0;
const WALL: u8 = 3;

/// Padded index of the on-board point `p`.
#[inline]
pub(crate) fn padded(p: Point) -> usize {
    (p.row as usize + 1) * STRIDE + p.col as usize + 1
}

/// Cell value of a stone of colour `c` (1 black, 2 white).
#[inline]
fn cell_of(c: Color) -> u8 {
    c.index() as u8 + 1
}

/// Colour of a cell known to hold a stone.
#[inline]
fn color_of(cell: u8) -> Color {
    debug_assert!(cell == 1 || cell == 2);
    if cell == 1 {
        Color::Black
    } else {
        Color::White
    }
}

#[inline]
fn neighbors(at: usize) -> [usize; 4] {
    [at - 1, at + 1, at - STRIDE, at + STRIDE]
}

/// What a chain head knows about its chain.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Chain {
    /// XOR of the keys of the chain's stones.
    hash: u64,
    /// Number of stones.
    count: u16,
    /// Number of pseudo-liberties: (stone, empty neighbour) pairs, with multiplicity.
    plibs: u16,
}

impl Chain {
    /// Counts `k` more pseudo-liberties.
    #[inline(always)]
    fn gain(&mut self, k: u16) {
        self.plibs += k;
    }

    /// Counts `k` fewer pseudo-liberties.
    #[inline(always)]
    fn lose(&mut self, k: u16) {
        self.plibs -= k;
    }

    /// True when the empty cell that `k` of the chain's stones touch is its only
    /// liberty: those `k` stones give the chain `k` pseudo-liberties there, so it has no
    /// other exactly when it has no more than `k`.
    #[inline(always)]
    fn only_liberty_is_next_to(&self, k: u16) -> bool {
        self.plibs == k
    }
}

/// The chains next to a point, as found before a stone goes there.
struct Around {
    /// Empty neighbours.
    empty: u16,
    /// Distinct heads of own and opponent chains, each with the number of its stones
    /// next to the point.
    own: [(u16, u16); 4],
    n_own: usize,
    opp: [(u16, u16); 4],
    n_opp: usize,
}

/// A fixed-size zeroed array on the heap.
fn boxed<T: Clone, const N: usize>(fill: T) -> Box<[T; N]> {
    match vec![fill; N].into_boxed_slice().try_into() {
        Ok(array) => array,
        Err(_) => unreachable!("a vector of N elements fits [T; N]"),
    }
}

/// A Go board with incremental chains, pseudo-liberties and a Zobrist hash.
#[derive(Clone)]
pub struct Board {
    size: BoardSize,
    /// `EMPTY`, 1 (black), 2 (white) or `WALL`, per padded cell.
    cells: Box<[u8; CELLS]>,
    /// Head of the chain of each stone; 0 (always a wall) on empty and wall cells.
    head: Box<[u16; CELLS]>,
    /// Next stone in the chain's ring; meaningful on stones only.
    next: Box<[u16; CELLS]>,
    /// Chain data per padded cell; meaningful on chain heads only.
    chains: Box<[Chain; CELLS]>,
    /// Zobrist keys per padded cell and colour (zero on cells that are never points).
    keys: &'static [[u64; 2]; CELLS],
    /// Work stack for flood fills.
    stack: Vec<u16>,
    hash: u64,
    stones: [u32; 2],
    captures: [u32; 2],
    /// Padded index of the simple-ko point, 0 when there is none.
    ko: u16,
}

impl Board {
    /// An empty board.
    pub fn new(size: BoardSize) -> Board {
        let mut cells = boxed(WALL);
        for row in 1..=size.height as usize {
            cells[row * STRIDE + 1..=row * STRIDE + size.width as usize].fill(EMPTY);
        }
        Board {
            size,
            cells,
            head: boxed(0),
            next: boxed(0),
            chains: boxed(Chain::default()),
            keys: zobrist::padded_keys(),
            stack: Vec::new(),
            hash: 0,
            stones: [0; 2],
            captures: [0; 2],
            ko: 0,
        }
    }

    /// A board set up with the stones of `position` (as by [`Board::place`]).
    pub fn from_position(position: &Position) -> Board {
        let mut board = Board::new(position.size);
        for (i, &stone) in position.cells.iter().enumerate() {
            if stone.is_some() {
                board.place(position.size.point(i), stone);
            }
        }
        board
    }

    /// Empties the board and forgets captures and ko, keeping the buffers.
    pub fn clear(&mut self) {
        if self.stones != [0; 2] {
            let width = self.size.width as usize;
            for row in 1..=self.size.height as usize {
                let cols = row * STRIDE + 1..=row * STRIDE + width;
                self.cells[cols.clone()].fill(EMPTY);
                self.head[cols].fill(0);
            }
        }
        self.hash = 0;
        self.stones = [0; 2];
        self.captures = [0; 2];
        self.ko = 0;
    }

    /// Makes this board the same as `other`, reusing its memory: a side variation's
    /// replay starts on a copy of its parent's board. Of two boards of one size only the
    /// cells that size uses are copied (the others are walls on both).
    pub fn copy_from(&mut self, other: &Board) {
        if self.size != other.size {
            *self = other.clone();
            return;
        }
        let used = (self.size.height as usize + 2) * STRIDE;
        self.cells[..used].copy_from_slice(&other.cells[..used]);
        self.head[..used].copy_from_slice(&other.head[..used]);
        self.next[..used].copy_from_slice(&other.next[..used]);
        self.chains[..used].copy_from_slice(&other.chains[..used]);
        self.stack.clear();
        self.hash = other.hash;
        self.stones = other.stones;
        self.captures = other.captures;
        self.ko = other.ko;
    }

    pub fn size(&self) -> BoardSize {
        self.size
    }

    #[inline]
    fn idx(&self, p: Point) -> usize {
        debug_assert!(self.size.contains(p), "{p:?} is off a {} board", self.size);
        padded(p) & MASK
    }

    #[inline]
    fn point_at(&self, at: usize) -> Point {
        Point::new((at % STRIDE - 1) as u8, (at / STRIDE - 1) as u8)
    }

    /// The chain data of the head `h`.
    #[inline]
    fn chain(&mut self, h: u16) -> &mut Chain {
        &mut self.chains[h as usize & MASK]
    }

    /// What stands on `p` (which must be on the board).
    #[inline]
    pub fn get(&self, p: Point) -> Option<Color> {
        assert!(self.size.contains(p), "{p:?} is off a {} board", self.size);
        match self.cells[self.idx(p)] {
            EMPTY => None,
            c => Some(color_of(c)),
        }
    }

    /// Zobrist hash of the stones only (the empty board is 0).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Number of stones of colour `c` on the board.
    pub fn stones(&self, c: Color) -> u32 {
        self.stones[c.index()]
    }

    /// Prisoners taken by `by` so far; stones removed by a suicide count for the opponent.
    pub fn captures(&self, by: Color) -> u32 {
        self.captures[by.index()]
    }

    /// Exact liberty count of the chain on `p`, or `None` when `p` is empty. Counted
    /// afresh along the chain: the board itself only keeps pseudo-liberties.
    pub fn liberties(&self, p: Point) -> Option<u32> {
        self.get(p)?;
        Some(self.count_liberties(self.head[self.idx(p)] as usize))
    }

    /// Distinct empty points next to the chain headed by `h`.
    fn count_liberties(&self, h: usize) -> u32 {
        let mut seen = vec![false; CELLS];
        let mut libs = 0;
        let mut s = h;
        loop {
            for e in neighbors(s) {
                if self.cells[e & MASK] == EMPTY && !seen[e & MASK] {
                    seen[e & MASK] = true;
                    libs += 1;
                }
            }
            s = self.next[s & MASK] as usize;
            if s == h {
                break;
            }
        }
        libs
    }

    /// The stones of the chain on `p` (none when `p` is empty).
    pub fn chain_points(&self, p: Point) -> Vec<Point> {
        if self.get(p).is_none() {
            return Vec::new();
        }
        let h = self.head[self.idx(p)] as usize;
        let mut out = Vec::new();
        let mut s = h;
        loop {
            out.push(self.point_at(s));
            s = self.next[s & MASK] as usize;
            if s == h {
                break;
            }
        }
        out
    }

    /// The simple-ko point: when the last play captured exactly one stone and the played
    /// stone is a single-stone chain whose only liberty is the captured point, that point
    /// (the opponent may not retake there at once). Cleared by any other play, place or pass.
    pub fn ko_point(&self) -> Option<Point> {
        (self.ko != 0).then(|| self.point_at(self.ko as usize))
    }

    /// A pass: only clears the ko point.
    pub fn pass(&mut self) {
        self.ko = 0;
    }

    /// A plain picture of the stones.
    pub fn position(&self) -> Position {
        let mut position = Position::empty(self.size);
        let width = self.size.width as usize;
        // Row by row: a slice of cells per row, no division per point.
        for (row, line) in position.cells.chunks_mut(width).enumerate() {
            let start = (row + 1) * STRIDE + 1;
            for (cell, &c) in line.iter_mut().zip(&self.cells[start..start + width]) {
                if c != EMPTY {
                    *cell = Some(color_of(c));
                }
            }
        }
        position
    }

    /// Setup (SGF `AB`/`AW`/`AE`): puts or removes a stone with no capture and no suicide
    /// check. Chains without liberties may result (SGF allows it); they stay on the board
    /// until a move next to them captures them. Clears the ko point.
    pub fn place(&mut self, p: Point, stone: Option<Color>) {
        assert!(self.size.contains(p), "{p:?} is off a {} board", self.size);
        self.ko = 0;
        let at = self.idx(p);
        let want = stone.map_or(EMPTY, cell_of);
        if self.cells[at] == want {
            return;
        }
        if self.cells[at] != EMPTY {
            self.lift(at);
        }
        if let Some(c) = stone {
            let around = self.look_around(at, cell_of(c));
            self.put_stone(at, c, &around);
        }
    }

    /// Removes the stone on `at` without capture, splitting its chain where it falls apart.
    fn lift(&mut self, at: usize) {
        let cell = self.cells[at];
        let color = color_of(cell);
        // Detach every stone of the old chain; the pieces are rebuilt below.
        let h = self.head[at] as usize;
        let mut s = h;
        loop {
            self.head[s & MASK] = 0;
            s = self.next[s & MASK] as usize;
            if s == h {
                break;
            }
        }
        self.cells[at] = EMPTY;
        self.hash ^= self.keys[at][color.index()];
        self.stones[color.index()] -= 1;
        for n in neighbors(at) {
            let c = self.cells[n & MASK];
            if c == EMPTY || c == WALL {
                continue;
            }
            if c == cell {
                if self.head[n & MASK] == 0 {
                    self.rebuild_chain(n);
                }
            } else {
                let nh = self.head[n & MASK];
                self.chain(nh).gain(1);
            }
        }
    }

    /// Makes a chain, headed by `start`, of all the stones connected to `start`, which
    /// have no head yet; counts its pseudo-liberties.
    fn rebuild_chain(&mut self, start: usize) {
        let cell = self.cells[start & MASK];
        let ci = color_of(cell).index();
        let mut chain = Chain::default();
        let mut last = start;
        self.stack.clear();
        self.stack.push(start as u16);
        self.head[start & MASK] = start as u16;
        while let Some(s) = self.stack.pop() {
            let s = s as usize & MASK;
            chain.count += 1;
            chain.hash ^= self.keys[s][ci];
            if s != start {
                // Ring: start -> ... -> last -> s -> start.
                self.next[last & MASK] = s as u16;
                last = s;
            }
            for n in neighbors(s) {
                let c = self.cells[n & MASK];
                if c == EMPTY {
                    chain.gain(1);
                } else if c == cell && self.head[n & MASK] == 0 {
                    self.head[n & MASK] = start as u16;
                    self.stack.push(n as u16);
                }
            }
        }
        self.next[last & MASK] = start as u16;
        self.chains[start & MASK] = chain;
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board {} hash {:016x}", self.size, self.hash)?;
        for row in 0..self.size.height {
            for col in 0..self.size.width {
                let ch = match self.get(Point::new(col, row)) {
                    None => '.',
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                };
                write!(f, "{ch}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
