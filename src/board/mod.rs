//! The board: stones, chains, liberties, captures and Zobrist keys.
//!
//! [`Board`] is the fast incremental board the replay runs on. The grid is a padded 1-D
//! array: every row is followed by one off-board cell, and a full row of off-board cells
//! lies above and below, so the four neighbours of any on-board cell are `±1` and
//! `±stride` with no bounds test. Each chain is a ring of stones linked through `next`;
//! every stone records its chain's head, and the head holds the chain's stone count and
//! its exact number of liberties (distinct empty points touching the chain). A move
//! touches only the chains around it, and allocates nothing.
//!
//! [`NaiveBoard`] computes the same things by flood fill and exists to check `Board`.

pub mod naive;
pub mod zobrist;

use std::fmt;

use crate::geom::{BoardSize, Color, Point, Position};

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

const EMPTY: u8 = 0;
const WALL: u8 = 3;

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

/// Adds `h` to the first `*n` entries of `set` unless it is there already.
#[inline]
fn push_distinct(set: &mut [u16; 4], n: &mut usize, h: u16) -> bool {
    if set[..*n].contains(&h) {
        false
    } else {
        set[*n] = h;
        *n += 1;
        true
    }
}

/// A Go board with incremental chains, exact liberty counts and a Zobrist hash.
#[derive(Clone)]
pub struct Board {
    size: BoardSize,
    /// Distance between vertically adjacent cells: `width + 1`.
    stride: usize,
    /// `EMPTY`, 1 (black), 2 (white) or `WALL`, per padded cell.
    cells: Vec<u8>,
    /// Head of the chain of each stone; 0 (always a wall) on empty and wall cells.
    head: Vec<u16>,
    /// Next stone in the chain's ring; meaningful on stones only.
    next: Vec<u16>,
    /// Exact liberty count; meaningful on chain heads only.
    libs: Vec<u16>,
    /// Stone count; meaningful on chain heads only.
    count: Vec<u16>,
    /// XOR of the keys of the chain's stones; meaningful on chain heads only.
    chain_hash: Vec<u64>,
    /// Zobrist keys per padded cell and colour (zero on walls).
    keys: Vec<[u64; 2]>,
    /// Visit marks for counting distinct liberties: a cell is marked when `mark == stamp`.
    mark: Vec<u32>,
    stamp: u32,
    /// Work stack for flood fills, with capacity for every cell.
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
        let stride = size.width as usize + 1;
        let len = (size.height as usize + 2) * stride + 1;
        let mut cells = vec![WALL; len];
        let mut keys = vec![[0u64; 2]; len];
        for row in 0..size.height {
            for col in 0..size.width {
                let p = Point::new(col, row);
                let at = (row as usize + 1) * stride + col as usize + 1;
                cells[at] = EMPTY;
                keys[at] = zobrist::point_keys(p);
            }
        }
        Board {
            size,
            stride,
            cells,
            head: vec![0; len],
            next: vec![0; len],
            libs: vec![0; len],
            count: vec![0; len],
            chain_hash: vec![0; len],
            keys,
            mark: vec![0; len],
            stamp: 0,
            stack: Vec::with_capacity(len),
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
        for (cell, head) in self.cells.iter_mut().zip(self.head.iter_mut()) {
            if *cell != WALL {
                *cell = EMPTY;
            }
            *head = 0;
        }
        self.hash = 0;
        self.stones = [0; 2];
        self.captures = [0; 2];
        self.ko = 0;
    }

    pub fn size(&self) -> BoardSize {
        self.size
    }

    #[inline]
    fn idx(&self, p: Point) -> usize {
        debug_assert!(self.size.contains(p), "{p:?} is off a {} board", self.size);
        (p.row as usize + 1) * self.stride + p.col as usize + 1
    }

    #[inline]
    fn point_at(&self, at: usize) -> Point {
        Point::new((at % self.stride - 1) as u8, (at / self.stride - 1) as u8)
    }

    #[inline]
    fn neighbors(&self, at: usize) -> [usize; 4] {
        [at - 1, at + 1, at - self.stride, at + self.stride]
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

    /// Exact liberty count of the chain on `p`, or `None` when `p` is empty.
    pub fn liberties(&self, p: Point) -> Option<u32> {
        self.get(p)?;
        Some(self.libs[self.head[self.idx(p)] as usize] as u32)
    }

    /// Number of stones in the chain on `p` (0 when `p` is empty).
    pub fn chain_len(&self, p: Point) -> u32 {
        if self.get(p).is_none() {
            return 0;
        }
        self.count[self.head[self.idx(p)] as usize] as u32
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
        for (i, cell) in position.cells.iter_mut().enumerate() {
            let at = self.idx(self.size.point(i));
            if self.cells[at] != EMPTY {
                *cell = Some(color_of(self.cells[at]));
            }
        }
        position
    }

    /// A fresh stamp for `mark`; no cell is marked with it yet.
    #[inline]
    fn next_stamp(&mut self) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.stamp = 1;
        }
        self.stamp
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
            self.add_stone(at, c, false);
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
            self.head[s] = 0;
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        self.cells[at] = EMPTY;
        self.hash ^= self.keys[at][color.index()];
        self.stones[color.index()] -= 1;
        let mut seen = [0u16; 4];
        let mut n_seen = 0;
        for n in self.neighbors(at) {
            let c = self.cells[n];
            if c == EMPTY || c == WALL {
                continue;
            }
            if c == cell {
                if self.head[n] == 0 {
                    self.rebuild_chain(n);
                }
            } else {
                let nh = self.head[n];
                if push_distinct(&mut seen, &mut n_seen, nh) {
                    self.libs[nh as usize] += 1;
                }
            }
        }
    }

    /// Makes a chain, headed by `start`, of all the stones connected to `start`, which
    /// have no head yet; counts its liberties.
    fn rebuild_chain(&mut self, start: usize) {
        let cell = self.cells[start];
        let ci = color_of(cell).index();
        let stamp = self.next_stamp();
        let mut hash = 0;
        let mut libs = 0u16;
        let mut count = 0u16;
        let mut last = start;
        self.stack.clear();
        self.stack.push(start as u16);
        self.head[start] = start as u16;
        while let Some(s) = self.stack.pop() {
            let s = s as usize;
            count += 1;
            hash ^= self.keys[s][ci];
            if s != start {
                // Ring: start -> ... -> last -> s -> start.
                self.next[last] = s as u16;
                last = s;
            }
            for n in self.neighbors(s) {
                let c = self.cells[n];
                if c == EMPTY {
                    if self.mark[n] != stamp {
                        self.mark[n] = stamp;
                        libs += 1;
                    }
                } else if c == cell && self.head[n] == 0 {
                    self.head[n] = start as u16;
                    self.stack.push(n as u16);
                }
            }
        }
        self.next[last] = start as u16;
        self.count[start] = count;
        self.chain_hash[start] = hash;
        self.libs[start] = libs;
    }

    /// Puts a stone of colour `color` on the empty cell `at`, updates the liberties around
    /// it, captures opponent chains left without liberties when `capture` is set, and
    /// joins the new stone to its neighbours. Returns the number of stones captured and,
    /// when it is exactly one, where it stood.
    #[inline]
    fn add_stone(&mut self, at: usize, color: Color, capture: bool) -> (u32, usize) {
        let me = cell_of(color);
        let ci = color.index();
        self.cells[at] = me;
        self.hash ^= self.keys[at][ci];
        self.stones[ci] += 1;
        self.head[at] = at as u16;
        self.next[at] = at as u16;
        self.count[at] = 1;
        self.chain_hash[at] = self.keys[at][ci];
        let nbrs = self.neighbors(at);
        let mut libs = 0;
        let mut seen = [0u16; 4];
        let mut n_seen = 0;
        let mut own = [0u16; 4];
        let mut n_own = 0;
        for n in nbrs {
            let c = self.cells[n];
            if c == EMPTY {
                libs += 1;
            } else if c != WALL {
                let h = self.head[n];
                if push_distinct(&mut seen, &mut n_seen, h) {
                    self.libs[h as usize] -= 1;
                    if c == me {
                        own[n_own] = h;
                        n_own += 1;
                    }
                }
            }
        }
        self.libs[at] = libs;
        let mut captured = 0;
        let mut single = 0;
        if capture {
            for &h in &seen[..n_seen] {
                let h = h as usize;
                if self.cells[h] != me && self.libs[h] == 0 {
                    let n = self.remove_chain(h);
                    if n == 1 {
                        single = h;
                    }
                    captured += n;
                }
            }
            self.captures[ci] += captured;
        }
        let mut h = at;
        for &o in &own[..n_own] {
            h = self.merge(h, o as usize);
        }
        (captured, if captured == 1 { single } else { 0 })
    }

    /// Joins two distinct chains of the same colour, given by their heads, and returns the
    /// head of the result. Its liberties are those of the larger chain plus the empty points
    /// next to the smaller one and not next to the larger one.
    #[inline]
    fn merge(&mut self, a: usize, b: usize) -> usize {
        let (big, small) = if self.count[a] >= self.count[b] {
            (a, b)
        } else {
            (b, a)
        };
        let stamp = self.next_stamp();
        let mut extra = 0;
        // Stones of `small` are relabelled as we go. An empty point is examined at the
        // first stone of `small` it touches, so none of its relabelled neighbours can
        // be mistaken for stones of `big`.
        let mut s = small;
        loop {
            for e in self.neighbors(s) {
                if self.cells[e] == EMPTY && self.mark[e] != stamp {
                    self.mark[e] = stamp;
                    let touches_big = self
                        .neighbors(e)
                        .iter()
                        .any(|&f| self.head[f] as usize == big);
                    if !touches_big {
                        extra += 1;
                    }
                }
            }
            self.head[s] = big as u16;
            s = self.next[s] as usize;
            if s == small {
                break;
            }
        }
        self.next.swap(big, small);
        self.count[big] += self.count[small];
        self.chain_hash[big] ^= self.chain_hash[small];
        self.libs[big] += extra;
        big
    }

    /// Takes the chain headed by `h` off the board; the chains next to it gain the freed
    /// points as liberties. Returns the number of stones removed.
    fn remove_chain(&mut self, h: usize) -> u32 {
        let cell = self.cells[h];
        let ci = color_of(cell).index();
        let n = self.count[h] as u32;
        let mut s = h;
        loop {
            self.cells[s] = EMPTY;
            self.head[s] = 0;
            self.hash ^= self.keys[s][ci];
            let mut seen = [0u16; 4];
            let mut n_seen = 0;
            for f in self.neighbors(s) {
                let c = self.cells[f];
                if c != EMPTY && c != WALL && c != cell {
                    let fh = self.head[f];
                    if push_distinct(&mut seen, &mut n_seen, fh) {
                        self.libs[fh as usize] += 1;
                    }
                }
            }
            s = self.next[s] as usize;
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
        let me = cell_of(color);
        let ci = color.index();
        // Look around without changing anything: liberties, captures, own chains.
        let mut has_liberty = false;
        let mut own = [0u16; 4];
        let mut n_own = 0;
        let mut dead = [0u16; 4];
        let mut n_dead = 0;
        for n in self.neighbors(at) {
            let c = self.cells[n];
            if c == EMPTY {
                has_liberty = true;
            } else if c == me {
                let h = self.head[n];
                if push_distinct(&mut own, &mut n_own, h) && self.libs[h as usize] > 1 {
                    has_liberty = true;
                }
            } else if c != WALL {
                let h = self.head[n];
                if self.libs[h as usize] == 1 {
                    push_distinct(&mut dead, &mut n_dead, h);
                }
            }
        }
        let mut hash_after = self.hash ^ self.keys[at][ci];
        for &h in &dead[..n_dead] {
            hash_after ^= self.chain_hash[h as usize];
        }
        let is_suicide = n_dead == 0 && !has_liberty;
        if is_suicide {
            if suicide == SuicideRule::Forbidden {
                return Err(Rejection::Suicide);
            }
            // The played stone comes and goes; the own chains around it go.
            hash_after = self.hash;
            for &h in &own[..n_own] {
                hash_after ^= self.chain_hash[h as usize];
            }
        }
        if is_repeat(hash_after) {
            return Err(Rejection::Repeat);
        }
        self.ko = 0;
        if is_suicide {
            let mut removed = 1;
            for &h in &own[..n_own] {
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
        let (captured, single) = self.add_stone(at, color, true);
        if captured == 1 && self.count[self.head[at] as usize] == 1 && self.libs[at] == 1 {
            self.ko = single as u16;
        }
        debug_assert_eq!(self.hash, hash_after);
        Ok(Played {
            captured,
            hash: self.hash,
            suicide_removed: 0,
        })
    }

    /// Recomputes every invariant from scratch (chain membership, liberty counts, stone
    /// counts, hash) and panics with a clear message on any difference.
    pub fn debug_validate(&self) {
        let len = self.cells.len();
        let on_board = |at: usize| {
            let (col, row) = (at % self.stride, at / self.stride);
            col >= 1
                && col <= self.size.width as usize
                && row >= 1
                && row <= self.size.height as usize
        };
        assert_eq!(len, (self.size.height as usize + 2) * self.stride + 1);
        let mut hash = 0;
        let mut stones = [0u32; 2];
        let mut chain_of = vec![usize::MAX; len];
        for at in 0..len {
            let cell = self.cells[at];
            if !on_board(at) {
                assert_eq!(cell, WALL, "cell {at} is off the board but holds {cell}");
                assert_eq!(self.head[at], 0, "wall cell {at} has a head");
                continue;
            }
            let p = self.point_at(at);
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
        let mut liberty_of = vec![usize::MAX; len];
        let mut members = Vec::with_capacity(len);
        for start in 0..len {
            let cell = self.cells[start];
            if !(cell == 1 || cell == 2) || chain_of[start] != usize::MAX {
                continue;
            }
            members.clear();
            members.push(start);
            chain_of[start] = start;
            let mut liberties = 0;
            let mut i = 0;
            while i < members.len() {
                let s = members[i];
                i += 1;
                for n in self.neighbors(s) {
                    if self.cells[n] == EMPTY {
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
            let hash = members
                .iter()
                .fold(0, |x, &s| x ^ zobrist::point_key(self.point_at(s), c));
            assert_eq!(
                self.chain_hash[h], hash,
                "hash of the chain at {p:?} differs from its stones' keys"
            );
            for &s in &members {
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
            // The ring from the head must come back to it after visiting exactly the
            // chain's stones, each once.
            let mut s = h;
            let mut ring_len = 0;
            loop {
                assert!(
                    ring_len < members.len(),
                    "ring of the chain at {p:?} is longer than the chain ({} stones)",
                    members.len()
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
            assert_eq!(
                ring_len,
                members.len(),
                "ring of the chain at {p:?} misses stones"
            );
            assert_eq!(
                self.count[h] as usize,
                members.len(),
                "stone count of the chain at {p:?}"
            );
            assert_eq!(
                self.libs[h] as usize, liberties,
                "liberty count of the chain at {p:?}"
            );
        }
        if self.ko != 0 {
            let k = self.ko as usize;
            assert!(on_board(k), "ko point {k} is off the board");
            assert_eq!(self.cells[k], EMPTY, "ko point is not empty");
        }
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
