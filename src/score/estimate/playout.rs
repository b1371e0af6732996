//! The random play-outs (step 3 of the method): reproducible pseudo-random numbers and a
//! fast padded board whose players keep their eyes and their seki.

use super::chains::Chain;
use super::decide::Stats;
use super::shapes::killing_shape;
use crate::geom::{BoardSize, Color, Position};
use std::cell::RefCell;
use std::ops::{Deref, DerefMut};

mod cells;
mod moves;
#[cfg(test)]
mod validate;
use cells::Cells;

// ---------------------------------------------------------------------------------------
// Pseudo-random numbers: small, fast and reproducible.

pub(super) struct SplitMix(u64);

impl SplitMix {
    pub(super) fn new(seed: u64) -> Self {
        SplitMix(seed)
    }

    pub(super) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

pub(super) struct XorShift(u64);

impl XorShift {
    pub(super) fn new(seed: u64) -> Self {
        XorShift(seed | 1)
    }

    #[inline]
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// A number in `0..n` (n > 0).
    #[inline]
    pub(super) fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
}

// ---------------------------------------------------------------------------------------
// The play-out board: padded, chains as circular lists with pseudo-liberty counts.

const EMPTY: u8 = 0;
pub(super) const BLACK: u8 = 1;
pub(super) const WHITE: u8 = 2;
const EDGE: u8 = 3;

/// Where the counts of diagonal neighbours start in [`Board::around`]'s words.
const DIAGONALS: u32 = 16;

/// Share (out of [`LOCAL_REPLY_OUT_OF`]) of random moves chosen next to the opponent's
/// last move.
const LOCAL_REPLY: usize = 1;
const LOCAL_REPLY_OUT_OF: usize = 2;

/// Geometry of the padded board: one ring of edge cells around the points.
pub(super) struct Layout {
    /// Padded index of each row-major point.
    pub(super) padded: Vec<u16>,
    /// Row-major index of each padded cell (`u16::MAX` on the edge ring).
    plain: Vec<u16>,
    dirs: [isize; 4],
    diags: [isize; 4],
    /// Cells of settled areas, where nobody plays.
    frozen: Cells<bool>,
    /// Per cell, +1 in Black's settled areas, -1 in White's, 0 elsewhere.
    frozen_owner: Cells<i32>,
}

impl Layout {
    pub(super) fn new(size: BoardSize) -> Layout {
        let (w, h) = (size.width as usize, size.height as usize);
        let stride = w + 2;
        let cells = stride * (h + 2);
        let mut padded = Vec::with_capacity(w * h);
        let mut plain = vec![u16::MAX; cells];
        for r in 0..h {
            for c in 0..w {
                let p = (r + 1) * stride + c + 1;
                plain[p] = padded.len() as u16;
                padded.push(p as u16);
            }
        }
        let s = stride as isize;
        Layout {
            padded,
            plain,
            dirs: [-s, -1, 1, s],
            diags: [-s - 1, -s + 1, s - 1, s + 1],
            frozen: Cells::filled(false),
            frozen_owner: Cells::filled(0),
        }
    }

    /// Marks the cell `p` as part of an area settled for `owner`.
    pub(super) fn freeze(&mut self, p: usize, owner: Color) {
        self.frozen[p] = true;
        self.frozen_owner[p] = if owner == Color::Black { 1 } else { -1 };
    }

    fn cells(&self) -> usize {
        self.plain.len()
    }

    #[inline]
    fn nb(&self, p: usize, d: usize) -> usize {
        (p as isize + self.dirs[d]) as usize
    }
}

/// A chain's pseudo-liberties: each liberty counted once per stone of the chain touching
/// it, with the sums of the liberties and of their squares. The chain is in atari exactly
/// when all its pseudo-liberties are one point: `n * sq == sum * sum`.
#[derive(Clone, Copy, Debug, Default)]
struct PseudoLiberties {
    n: u32,
    sum: u32,
    sq: u64,
}

thread_local! {
    /// Boards of estimates that ended, for the next estimates on the same thread: a
    /// board's arrays hold the largest board (tens of kilobytes), and setting up new ones
    /// for every estimate cost more than the play-outs of a settled game.
    static SPARE_BOARDS: RefCell<Vec<Board>> = const { RefCell::new(Vec::new()) };
}

/// Spare boards a thread keeps: an estimate holds two, and a game at most two estimates
/// at once.
const SPARES_KEPT: usize = 4;

/// A board that goes back to its thread's spares when dropped (see [`Board::blank`]).
pub(super) struct Recycled(Option<Board>);

impl Recycled {
    pub(super) fn new(board: Board) -> Recycled {
        Recycled(Some(board))
    }
}

impl Deref for Recycled {
    type Target = Board;

    fn deref(&self) -> &Board {
        self.0
            .as_ref()
            .expect("a recycled board is taken only when dropped")
    }
}

impl DerefMut for Recycled {
    fn deref_mut(&mut self) -> &mut Board {
        self.0
            .as_mut()
            .expect("a recycled board is taken only when dropped")
    }
}

impl Drop for Recycled {
    fn drop(&mut self) {
        if let Some(board) = self.0.take() {
            // A thread being torn down has no spares left to keep it in.
            let _ = SPARE_BOARDS.try_with(|spares| {
                let mut spares = spares.borrow_mut();
                if spares.len() < SPARES_KEPT {
                    spares.push(board);
                }
            });
        }
    }
}

pub(super) struct Board {
    color: Cells<u8>,
    /// Per cell, how many of its four neighbours hold each value (empty, black, white,
    /// edge): four bits each, read with [`Board::around`]; and in the upper 16 bits, the
    /// same of its four diagonal neighbours, read with [`Board::diagonals`]. Kept up to
    /// date on every move, so that the eye, legality and self-atari tests that the move
    /// generator runs on most empty points mostly read one number. Meaningless on the
    /// edge ring.
    around: Cells<u32>,
    head: Cells<u16>,
    next: Cells<u16>,
    size: Cells<u16>,
    /// Per chain head, its pseudo-liberties.
    libs: Cells<PseudoLiberties>,
    empties: Vec<u16>,
    epos: Cells<u16>,
    ko: u16,
    /// The cells of the padded board: the part of each array in use.
    cells: usize,
}

impl Clone for Board {
    fn clone(&self) -> Board {
        let mut board = Board::spare();
        board.clone_from(self);
        board
    }

    /// Copies into the buffers already held: each play-out starts from a copy of the
    /// same board, without allocating. Only the cells of the padded board are copied.
    fn clone_from(&mut self, source: &Board) {
        let n = source.cells;
        self.color.copy_prefix(&source.color, n);
        self.around.copy_prefix(&source.around, n);
        self.head.copy_prefix(&source.head, n);
        self.next.copy_prefix(&source.next, n);
        self.size.copy_prefix(&source.size, n);
        self.libs.copy_prefix(&source.libs, n);
        self.empties.clone_from(&source.empties);
        self.epos.copy_prefix(&source.epos, n);
        self.ko = source.ko;
        self.cells = n;
    }
}

impl Board {
    /// A padded board of `cells` cells, all edge, each its own chain, with room for
    /// `empties` empty points: a spare of this thread's when there is one (see
    /// [`Recycled`]). Only the cells of the padded board are set; no play-out reads
    /// past them.
    fn blank(cells: usize, empties: usize) -> Board {
        let mut b = Board::spare();
        b.color.fill_prefix(EDGE, cells);
        b.around.fill_prefix(0, cells);
        b.size.fill_prefix(0, cells);
        b.libs.fill_prefix(PseudoLiberties::default(), cells);
        b.epos.fill_prefix(0, cells);
        for p in 0..cells {
            b.head[p] = p as u16;
            b.next[p] = p as u16;
        }
        b.empties.clear();
        b.empties.reserve(empties);
        b.ko = 0;
        b.cells = cells;
        b
    }

    /// One of this thread's spare boards, or a new one, in any state: every cell of the
    /// padded board is set before it is read.
    fn spare() -> Board {
        SPARE_BOARDS
            .with(|spares| spares.borrow_mut().pop())
            .unwrap_or_else(Board::unset)
    }

    /// A board of no cells, its arrays allocated.
    fn unset() -> Board {
        Board {
            color: Cells::filled(EDGE),
            around: Cells::filled(0),
            head: Cells::filled(0),
            next: Cells::filled(0),
            size: Cells::filled(0),
            libs: Cells::filled(PseudoLiberties::default()),
            empties: Vec::new(),
            epos: Cells::filled(0),
            ko: 0,
            cells: 0,
        }
    }

    pub(super) fn from_position(layout: &Layout, position: &Position) -> Board {
        let cells = layout.cells();
        let mut b = Board::blank(cells, position.cells.len());
        for (i, cell) in position.cells.iter().enumerate() {
            let p = layout.padded[i] as usize;
            b.color[p] = match cell {
                None => EMPTY,
                Some(Color::Black) => BLACK,
                Some(Color::White) => WHITE,
            };
        }
        // Stones one by one, merging as they touch; liberties counted once the board is
        // filled in.
        for &p in &layout.padded {
            let p = p as usize;
            match b.color[p] {
                EMPTY => {
                    b.epos[p] = b.empties.len() as u16;
                    b.empties.push(p as u16);
                }
                c => {
                    b.size[p] = 1;
                    for d in 0..2 {
                        // Up and left neighbours were visited before.
                        b.join_if_same(p, layout.nb(p, d), c);
                    }
                }
            }
        }
        for &p in &layout.padded {
            let p = p as usize;
            b.around[p] = b.count_around(layout, p);
            for d in 0..4 {
                let q = layout.nb(p, d);
                if b.color[p] == EMPTY && (b.color[q] == BLACK || b.color[q] == WHITE) {
                    let h = b.head[q] as usize;
                    b.add_lib(h, p);
                }
            }
        }
        b
    }

    /// The word [`Board::around`] keeps for the cell `p`, counted from the cells around it.
    fn count_around(&self, layout: &Layout, p: usize) -> u32 {
        (0..4)
            .map(|d| {
                let diagonal = (p as isize + layout.diags[d]) as usize;
                (1 << (4 * u32::from(self.color[layout.nb(p, d)])))
                    + (1 << (DIAGONALS + 4 * u32::from(self.color[diagonal])))
            })
            .sum()
    }

    /// How many of the neighbours of `p` hold `x` (empty, a colour or the edge).
    #[inline]
    fn around(&self, p: usize, x: u8) -> u32 {
        (self.around[p] >> (4 * x)) & 0xf
    }

    /// How many of the diagonal neighbours of `p` hold `x` (empty, a colour or the edge).
    #[inline]
    fn diagonals(&self, p: usize, x: u8) -> u32 {
        (self.around[p] >> (DIAGONALS + 4 * u32::from(x))) & 0xf
    }

    /// Sets the cell `p` from `from` to `to`, and its neighbours' counts of what is
    /// around them.
    #[inline]
    fn recolor(&mut self, layout: &Layout, p: usize, from: u8, to: u8) {
        self.color[p] = to;
        let change = (1u32 << (4 * to)).wrapping_sub(1 << (4 * from));
        let diagonal_change = change << DIAGONALS;
        for d in 0..4 {
            // Edge cells' counts are never read: let them wrap.
            let q = layout.nb(p, d);
            self.around[q] = self.around[q].wrapping_add(change);
            let q = (p as isize + layout.diags[d]) as usize;
            self.around[q] = self.around[q].wrapping_add(diagonal_change);
        }
    }

    /// Merges the chains of `p` and of its neighbour `q` when `q` holds colour `c`.
    #[inline(always)]
    fn join_if_same(&mut self, p: usize, q: usize, c: u8) {
        if self.color[q] == c {
            let (hp, hq) = (self.head[p] as usize, self.head[q] as usize);
            if hp != hq {
                self.merge(hp, hq);
            }
        }
    }

    #[inline]
    fn add_lib(&mut self, h: usize, p: usize) {
        let l = &mut self.libs[h];
        l.n += 1;
        l.sum += p as u32;
        l.sq += (p * p) as u64;
    }

    #[inline]
    fn rm_lib(&mut self, h: usize, p: usize) {
        let l = &mut self.libs[h];
        l.n -= 1;
        l.sum -= p as u32;
        l.sq -= (p * p) as u64;
    }

    /// Whether the chain with head `h` has exactly one liberty.
    #[inline]
    fn in_atari(&self, h: usize) -> bool {
        let l = self.libs[h];
        let (n, s) = (l.n as u64, l.sum as u64);
        n > 0 && n * l.sq == s * s
    }

    #[inline]
    fn atari_lib(&self, h: usize) -> usize {
        let l = self.libs[h];
        (l.sum / l.n) as usize
    }

    /// Joins chain `b` into chain `a` (or the other way round, the larger one stays).
    fn merge(&mut self, a: usize, b: usize) {
        let (a, b) = if self.size[a] >= self.size[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = b;
        loop {
            self.head[s] = a as u16;
            s = self.next[s] as usize;
            if s == b {
                break;
            }
        }
        self.next.swap(a, b);
        self.size[a] += self.size[b];
        let lb = self.libs[b];
        let la = &mut self.libs[a];
        la.n += lb.n;
        la.sum += lb.sum;
        la.sq += lb.sq;
    }

    #[inline]
    fn is_legal(&self, layout: &Layout, p: usize, c: u8) -> bool {
        if self.color[p] != EMPTY || p == self.ko as usize || layout.frozen[p] {
            return false;
        }
        if self.around(p, EMPTY) > 0 {
            return true;
        }
        for d in 0..4 {
            let q = layout.nb(p, d);
            match self.color[q] {
                EMPTY | EDGE => {}
                x => {
                    let in_atari = self.in_atari(self.head[q] as usize);
                    // Own chain with another liberty, or an opponent chain captured.
                    if (x == c) != in_atari {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// A real eye of `c`: every neighbour is `c` (or the edge) and the diagonals hold at
    /// most one opponent stone, none on the edge.
    #[inline]
    fn is_own_eye(&self, p: usize, c: u8) -> bool {
        if self.around(p, c) + self.around(p, EDGE) != 4 {
            return false;
        }
        let bad = self.diagonals(p, 3 - c);
        let edge = u32::from(self.diagonals(p, EDGE) > 0);
        bad + edge < 2
    }

    /// Whether playing `c` at `p` leaves a chain of two or more stones with a single
    /// liberty, without capturing anything.
    ///
    /// Each own neighbour chain's liberties other than `p` come from its pseudo-liberty
    /// sums with `p`'s share taken out: none, exactly one (all the same point), or more.
    #[inline]
    fn is_group_self_atari(&self, layout: &Layout, p: usize, c: u8) -> bool {
        // Two liberties, or no chain of `c` to join: no self-atari of a chain.
        if self.around(p, EMPTY) >= 2 || self.around(p, c) == 0 {
            return false;
        }
        let mut lib = 0usize;
        let mut has_lib = false;
        let mut own = [0usize; 4];
        let mut share = [0u32; 4];
        let mut no = 0;
        for d in 0..4 {
            let q = layout.nb(p, d);
            match self.color[q] {
                EMPTY => {
                    if has_lib {
                        return false;
                    }
                    lib = q;
                    has_lib = true;
                }
                EDGE => {}
                x => {
                    let h = self.head[q] as usize;
                    if x == c {
                        match own[..no].iter().position(|&o| o == h) {
                            Some(k) => share[k] += 1,
                            None => {
                                own[no] = h;
                                share[no] = 1;
                                no += 1;
                            }
                        }
                    } else if self.in_atari(h) {
                        return false;
                    }
                }
            }
        }
        if no == 0 {
            return false;
        }
        for k in 0..no {
            let h = own[k];
            let m = share[k] as u64;
            let pp = p as u64;
            let l = self.libs[h];
            let n = l.n as u64 - m;
            if n == 0 {
                continue;
            }
            let s = l.sum as u64 - m * pp;
            let q = l.sq - m * pp * pp;
            if n * q != s * s {
                return false;
            }
            let other = (s / n) as usize;
            if has_lib && other != lib {
                return false;
            }
            lib = other;
            has_lib = true;
        }
        true
    }

    /// Whether playing `c` at `p` leaves the resulting chain at least two liberties
    /// (captures aside).
    fn extends_to_freedom(&self, layout: &Layout, p: usize, c: u8) -> bool {
        let empties = self.around(p, EMPTY);
        empties >= 2 || (empties == 1 && !self.is_group_self_atari(layout, p, c))
    }

    pub(super) fn remove_empty(&mut self, p: usize) {
        let i = self.epos[p] as usize;
        let last = self.empties.pop().expect("an empty point to fill");
        if last as usize != p {
            self.empties[i] = last;
            self.epos[last as usize] = i as u16;
        }
    }

    fn push_empty(&mut self, p: usize) {
        self.epos[p] = self.empties.len() as u16;
        self.empties.push(p as u16);
    }

    /// Removes a chain from the board; returns its size.
    fn capture(&mut self, layout: &Layout, h: usize) -> usize {
        let count = self.size[h] as usize;
        let mut s = h;
        let x = self.color[h];
        loop {
            self.recolor(layout, s, x, EMPTY);
            self.push_empty(s);
            for d in 0..4 {
                let q = layout.nb(s, d);
                let x = self.color[q];
                if (x == BLACK || x == WHITE) && self.head[q] as usize != h {
                    let hq = self.head[q] as usize;
                    self.add_lib(hq, s);
                }
            }
            let n = self.next[s] as usize;
            self.next[s] = s as u16;
            self.head[s] = s as u16;
            s = n;
            if s == h {
                break;
            }
        }
        count
    }

    /// Plays a legal move.
    fn play(&mut self, layout: &Layout, p: usize, c: u8) {
        let opp = 3 - c;
        self.remove_empty(p);
        self.recolor(layout, p, EMPTY, c);
        self.head[p] = p as u16;
        self.next[p] = p as u16;
        self.size[p] = 1;
        self.libs[p] = PseudoLiberties::default();
        for d in 0..4 {
            let q = layout.nb(p, d);
            match self.color[q] {
                EMPTY => self.add_lib(p, q),
                EDGE => {}
                _ => {
                    let h = self.head[q] as usize;
                    self.rm_lib(h, p);
                }
            }
        }
        for d in 0..4 {
            self.join_if_same(p, layout.nb(p, d), c);
        }
        let mut captured = 0;
        let mut ko = 0;
        for d in 0..4 {
            let q = layout.nb(p, d);
            if self.color[q] == opp {
                let h = self.head[q] as usize;
                if self.libs[h].n == 0 {
                    captured += self.capture(layout, h);
                    ko = q;
                }
            }
        }
        let h = self.head[p] as usize;
        self.ko = if captured == 1 && self.size[h] == 1 && self.libs[h].n == 1 {
            ko as u16
        } else {
            0
        };
        #[cfg(all(test, debug_assertions))]
        self.debug_validate(layout);
    }

    /// Adds the end of a play-out to the statistics.
    pub(super) fn tally(&self, layout: &Layout, chains: &ChainCells, stats: &mut Stats) {
        stats.runs += 1;
        for (i, &p) in layout.padded.iter().enumerate() {
            let p = p as usize;
            stats.owner[i] += match self.color[p] {
                BLACK => 1,
                WHITE => -1,
                _ if layout.frozen[p] => layout.frozen_owner[p],
                _ => {
                    // An empty point is owned by the only colour bordering it.
                    let b = self.around(p, BLACK) > 0;
                    let w = self.around(p, WHITE) > 0;
                    stats.shared[i] += u32::from(b && w);
                    i32::from(b) - i32::from(w)
                }
            };
        }
        let mut start = 0;
        for (id, (&end, &want)) in chains.ends.iter().zip(&chains.colors).enumerate() {
            let stones = &chains.cells[start..end];
            let kept = stones
                .iter()
                .filter(|&&s| self.color[s as usize] == want)
                .count();
            if 2 * kept > stones.len() {
                stats.alive_votes[id] += 1;
            }
            start = end;
        }
    }
}

/// The chains of the final position, their stones as cells of the play-out board: what
/// [`Board::tally`] looks at to tell which chains a play-out kept.
pub(super) struct ChainCells {
    /// The cells of every chain, one chain after the other.
    cells: Vec<u16>,
    /// Per chain, where its cells end in `cells`.
    ends: Vec<usize>,
    /// Per chain, its colour on the play-out board.
    colors: Vec<u8>,
}

impl ChainCells {
    pub(super) fn new(layout: &Layout, chains: &[Chain]) -> ChainCells {
        let mut out = ChainCells {
            cells: Vec::new(),
            ends: Vec::with_capacity(chains.len()),
            colors: Vec::with_capacity(chains.len()),
        };
        for chain in chains {
            out.cells
                .extend(chain.stones.iter().map(|&s| layout.padded[s]));
            out.ends.push(out.cells.len());
            out.colors.push(match chain.color {
                Color::Black => BLACK,
                Color::White => WHITE,
            });
        }
        out
    }
}

#[cfg(test)]
mod tests;
