//! A move on the incremental board: the chains around the point, the stone put down,
//! chains merged and captured, and the checks (occupied, suicide, ko, repetition) made
//! before anything changes.

use super::{
    cell_of, color_of, neighbors, Around, Board, Chain, Played, Rejection, SuicideRule, EMPTY, MASK,
};
use crate::geom::{Color, Point};

impl Board {
    /// The empty cells and chains next to the empty cell `at`, for a stone `me`.
    ///
    /// Without a branch on what the neighbours hold: every neighbour is added to the
    /// empty sums with a weight of 0 or 1, and written at the end of both chain lists,
    /// each list's length growing only when the neighbour is the first stone of a new
    /// chain of its colour. A stone's head names its chain, so equal heads mean the same
    /// chain (empty and wall cells share head 0, but are in neither list).
    #[inline(always)]
    pub(super) fn look_around(&self, at: usize, me: u8) -> Around {
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
    pub(super) fn put_stone(&mut self, at: usize, color: Color, around: &Around) {
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
}
