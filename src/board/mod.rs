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

    /// The empty cells and chains next to the empty cell `at`, for a stone `me`.
    ///
    /// Without a branch on what the neighbours hold: every neighbour is added to the
    /// empty sums with a weight of 0 or 1, and written at the end of both chain lists,
    /// each list's length growing only when the neighbour is the first stone of a new
    /// chain of its colour. A stone's head names its chain, so equal heads mean the same
    /// chain (empty and wall cells share head 0, but are in neither list).
    #[inline(always)]
    fn look_around(&self, at: usize, me: u8) -> Around {
        let next_to = neighbors(at);
        let cells = next_to.map(|n| self.cells[n & MASK]);
        let heads = next_to.map(|n| self.head[n & MASK]);
        let mut around = Around {
            empty: 0,
            own: [(0, 0); 4],
            n_own: 0,
            opp: [(0, 0); 4],
            n_opp: 0,
        };
        // Which neighbours share a chain, how many neighbours each chain has, and
        // which neighbour is the first of its chain.
        let same = |a: usize, b: usize| (heads[a] == heads[b]) as u16;
        let (s01, s02, s03) = (same(0, 1), same(0, 2), same(0, 3));
        let (s12, s13, s23) = (same(1, 2), same(1, 3), same(2, 3));
        let times = [
            1 + s01 + s02 + s03,
            1 + s01 + s12 + s13,
            1 + s02 + s12 + s23,
            1 + s03 + s13 + s23,
        ];
        let first = [true, s01 == 0, s02 + s12 == 0, s03 + s13 + s23 == 0];
        for i in 0..next_to.len() {
            let is_empty = (cells[i] == EMPTY) as u32;
            around.empty += is_empty as u16;
            // The first neighbour of its chain carries the chain's count of neighbours.
            let entry = (heads[i], times[i]);
            around.own[around.n_own & 3] = entry;
            around.opp[around.n_opp & 3] = entry;
            let first = first[i] as usize;
            around.n_own += first & (cells[i] == me) as usize;
            around.n_opp += first & (cells[i] == (me ^ 3)) as usize;
        }
        around
    }

    /// Puts a stone of colour `color` on the empty cell `at` (whose surroundings are
    /// `around`), takes `at` from the pseudo-liberties of the chains next to it and joins
    /// the new stone to its own neighbours. Captures nothing.
    #[inline(always)]
    fn put_stone(&mut self, at: usize, color: Color, around: &Around) {
        let ci = color.index();
        let key = self.keys[at][ci];
        self.cells[at] = cell_of(color);
        self.hash ^= key;
        self.stones[ci] += 1;
        for &(h, k) in &around.opp[..around.n_opp & 7] {
            self.chain(h).lose(k);
        }
        let own = &around.own[..around.n_own & 7];
        let Some(&(first, _)) = own.first() else {
            self.head[at] = at as u16;
            self.next[at] = at as u16;
            self.chains[at] = Chain {
                hash: key,
                count: 1,
                plibs: around.empty,
            };
            return;
        };
        // The largest chain absorbs the stone and the other chains, so the fewest stones
        // are relabelled.
        let mut big = first;
        for &(h, k) in own {
            self.chain(h).lose(k);
            if self.chains[h as usize & MASK].count > self.chains[big as usize & MASK].count {
                big = h;
            }
        }
        self.head[at] = big;
        let b = big as usize & MASK;
        self.next[at] = self.next[b];
        self.next[b] = at as u16;
        let chain = &mut self.chains[b];
        chain.hash ^= key;
        chain.count += 1;
        chain.plibs += around.empty;
        for &(h, _) in own {
            if h != big {
                self.absorb(b, h as usize & MASK);
            }
        }
    }

    /// Joins the chain headed by `small` into the chain headed by `big` (same colour).
    #[inline]
    fn absorb(&mut self, big: usize, small: usize) {
        let mut s = small;
        loop {
            self.head[s] = big as u16;
            s = self.next[s] as usize & MASK;
            if s == small {
                break;
            }
        }
        self.next.swap(big, small);
        let from = self.chains[small];
        let into = &mut self.chains[big];
        into.hash ^= from.hash;
        into.count += from.count;
        into.plibs += from.plibs;
    }

    /// Takes the chain headed by `h` off the board; the stones next to it gain the freed
    /// points as pseudo-liberties. Returns the number of stones removed.
    fn remove_chain(&mut self, h: usize) -> u32 {
        let h = h & MASK;
        let cell = self.cells[h];
        let other = cell ^ 3;
        let ci = color_of(cell).index();
        let n = self.chains[h].count as u32;
        self.hash ^= self.chains[h].hash;
        let mut s = h;
        loop {
            self.cells[s] = EMPTY;
            self.head[s] = 0;
            for f in neighbors(s) {
                if self.cells[f & MASK] == other {
                    let fh = self.head[f & MASK];
                    self.chain(fh).gain(1);
                }
            }
            s = self.next[s] as usize & MASK;
            if s == h {
                break;
            }
        }
        self.stones[ci] -= n;
        n
    }

    /// A move, Chinese rules art. 3-5: opponent chains left without liberties are removed
    /// first; then, if the own chain has no liberty, the move is a suicide: refused when
    /// `suicide` is [`SuicideRule::Forbidden`] (board unchanged), otherwise the own chain
    /// is removed. Only chains touching `p` are affected.
    ///
    /// Before changing anything, the stone hash the move would produce is passed to
    /// `is_repeat`; when it returns true the move is refused with [`Rejection::Repeat`]
    /// and the board is unchanged.
    pub fn play(
        &mut self,
        color: Color,
        p: Point,
        suicide: SuicideRule,
        is_repeat: impl FnOnce(u64) -> bool,
    ) -> Result<Played, Rejection> {
        assert!(self.size.contains(p), "{p:?} is off a {} board", self.size);
        let at = self.idx(p);
        if self.cells[at] != EMPTY {
            return Err(Rejection::Occupied);
        }
        let ci = color.index();
        // Look around without changing anything: liberties, captures, own chains.
        let around = self.look_around(at, cell_of(color));
        let own = &around.own[..around.n_own & 7];
        let opp = &around.opp[..around.n_opp & 7];
        // A neighbouring chain whose only liberty is `at` loses it.
        let mut dead = [false; 4];
        let mut any_dead = false;
        let mut hash_after = self.hash ^ self.keys[at][ci];
        for (i, &(h, k)) in opp.iter().enumerate() {
            let chain = &self.chains[h as usize & MASK];
            if chain.only_liberty_is_next_to(k) {
                dead[i] = true;
                any_dead = true;
                hash_after ^= chain.hash;
            }
        }
        let is_suicide = around.empty == 0
            && !any_dead
            && own
                .iter()
                .all(|&(h, k)| self.chains[h as usize & MASK].only_liberty_is_next_to(k));
        if is_suicide {
            if suicide == SuicideRule::Forbidden {
                return Err(Rejection::Suicide);
            }
            // The played stone comes and goes; the own chains around it go.
            hash_after = self.hash;
            for &(h, _) in own {
                hash_after ^= self.chains[h as usize & MASK].hash;
            }
        }
        if is_repeat(hash_after) {
            return Err(Rejection::Repeat);
        }
        self.ko = 0;
        if is_suicide {
            let mut removed = 1;
            for &(h, _) in own {
                removed += self.remove_chain(h as usize);
            }
            self.captures[color.opponent().index()] += removed;
            debug_assert_eq!(self.hash, hash_after);
            return Ok(Played {
                captured: 0,
                hash: self.hash,
                suicide_removed: removed,
            });
        }
        self.put_stone(at, color, &around);
        let mut captured = 0;
        if any_dead {
            let mut single = 0;
            for (i, &(h, _)) in opp.iter().enumerate() {
                if dead[i] {
                    let n = self.remove_chain(h as usize);
                    if n == 1 {
                        single = h;
                    }
                    captured += n;
                }
            }
            self.captures[ci] += captured;
            if captured == 1 && own.is_empty() && self.chains[at].plibs == 1 {
                self.ko = single;
            }
        }
        debug_assert_eq!(self.hash, hash_after);
        Ok(Played {
            captured,
            hash: self.hash,
            suicide_removed: 0,
        })
    }
    /// Recomputes every invariant from scratch (chain membership, stone counts,
    /// pseudo-liberties, hash) and panics with a clear message on any difference.
    pub fn debug_validate(&self) {
        let on_board = |at: usize| {
            let (col, row) = (at % STRIDE, at / STRIDE);
            col >= 1
                && col <= self.size.width as usize
                && row >= 1
                && row <= self.size.height as usize
        };
        let mut hash = 0;
        let mut stones = [0u32; 2];
        let mut chain_of = vec![usize::MAX; CELLS];
        for at in 0..CELLS {
            let cell = self.cells[at];
            if !on_board(at) {
                assert_eq!(cell, WALL, "cell {at} is off the board but holds {cell}");
                assert_eq!(self.head[at], 0, "wall cell {at} has a head");
                continue;
            }
            let p = self.point_at(at);
            assert_eq!(self.keys[at], zobrist::point_keys(p), "keys of {p:?}");
            match cell {
                EMPTY => assert_eq!(self.head[at], 0, "empty {p:?} has a head"),
                1 | 2 => {
                    let c = color_of(cell);
                    hash ^= zobrist::point_key(p, c);
                    stones[c.index()] += 1;
                }
                _ => panic!("{p:?} holds the invalid cell value {cell}"),
            }
        }
        assert_eq!(
            self.hash, hash,
            "incremental hash differs from recomputed hash"
        );
        assert_eq!(self.stones, stones, "stone counts [black, white] differ");
        // Flood-fill every chain and compare with the rings and heads.
        let mut liberty_of = vec![usize::MAX; CELLS];
        let mut members = Vec::with_capacity(CELLS);
        for start in 0..CELLS {
            let cell = self.cells[start];
            if (cell == 1 || cell == 2) && chain_of[start] == usize::MAX {
                self.validate_chain(start, &mut chain_of, &mut liberty_of, &mut members);
            }
        }
        if self.ko != 0 {
            let k = self.ko as usize;
            assert!(on_board(k), "ko point {k} is off the board");
            assert_eq!(self.cells[k], EMPTY, "ko point is not empty");
        }
    }

    /// The ring from the head `h` of the chain on `start` must come back to it after
    /// visiting exactly the chain's `len` stones (marked `start` in `chain_of`), each once.
    fn validate_ring(&self, h: usize, start: usize, chain_of: &[usize], len: usize) {
        let p = self.point_at(start);
        let mut s = h;
        let mut ring_len = 0;
        loop {
            assert!(
                ring_len < len,
                "ring of the chain at {p:?} is longer than the chain ({len} stones)"
            );
            assert_eq!(
                chain_of[s],
                start,
                "ring of the chain at {p:?} reaches {:?}, outside the chain",
                self.point_at(s)
            );
            ring_len += 1;
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        assert_eq!(ring_len, len, "ring of the chain at {p:?} misses stones");
    }

    /// Flood-fills the chain on `start` and compares it with its ring, head and chain
    /// data; marks its stones in `chain_of`.
    fn validate_chain(
        &self,
        start: usize,
        chain_of: &mut [usize],
        liberty_of: &mut [usize],
        members: &mut Vec<usize>,
    ) {
        let cell = self.cells[start];
        members.clear();
        members.push(start);
        chain_of[start] = start;
        let mut liberties = 0;
        let mut pseudo = Chain::default();
        let mut i = 0;
        while i < members.len() {
            let s = members[i];
            i += 1;
            for n in neighbors(s) {
                if self.cells[n] == EMPTY {
                    pseudo.gain(1);
                    if liberty_of[n] != start {
                        liberty_of[n] = start;
                        liberties += 1;
                    }
                } else if self.cells[n] == cell && chain_of[n] == usize::MAX {
                    chain_of[n] = start;
                    members.push(n);
                }
            }
        }
        let p = self.point_at(start);
        let h = self.head[start] as usize;
        let c = color_of(cell);
        pseudo.count = members.len() as u16;
        pseudo.hash = members
            .iter()
            .fold(0, |x, &s| x ^ zobrist::point_key(self.point_at(s), c));
        for &s in members.iter() {
            assert_eq!(
                self.head[s] as usize,
                h,
                "stones {:?} and {p:?} are connected but have different heads",
                self.point_at(s)
            );
        }
        assert_eq!(
            chain_of[h], start,
            "chain at {p:?} has its head outside the chain"
        );
        self.validate_ring(h, start, chain_of, members.len());
        assert_eq!(
            self.chains[h], pseudo,
            "chain data (hash, stone count, pseudo-liberties) of the chain at {p:?}"
        );
        // The capture and suicide test: a liberty is the only one exactly when the
        // chain has one.
        let mut touching: Vec<(usize, u16)> = Vec::new();
        for &s in members.iter() {
            for n in neighbors(s).into_iter().filter(|&n| self.cells[n] == EMPTY) {
                match touching.iter_mut().find(|(l, _)| *l == n) {
                    Some((_, k)) => *k += 1,
                    None => touching.push((n, 1)),
                }
            }
        }
        for &(l, k) in &touching {
            assert_eq!(
                pseudo.only_liberty_is_next_to(k),
                liberties == 1,
                "only-liberty test at {:?} of the chain at {p:?} with {liberties} liberties",
                self.point_at(l)
            );
        }
        assert_eq!(
            self.count_liberties(h),
            liberties,
            "liberty count of the chain at {p:?}"
        );
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
