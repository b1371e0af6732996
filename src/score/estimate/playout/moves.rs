//! How a play-out chooses its moves: after the opponent's move, a capture that saves a
//! chain, a capture, or an escape from atari; then, half the time, a good move next to
//! it; else a random good move (legal, never into an own eye or a needless self-atari).

use super::*;

impl Board {
    /// A move the play-outs may choose at random on the empty point `p`: legal, not into
    /// an own eye, not a chain of two or more stones into self-atari unless it is a
    /// killing throw-in.
    #[inline(always)]
    fn good_move(&self, layout: &Layout, p: usize, c: u8) -> bool {
        // Most points early in a play-out: with two empty neighbours, a move is neither
        // into an eye nor into self-atari, and legal where it is allowed at all.
        let around = self.around[p];
        if (around >> (4 * EMPTY)) & 0xf >= 2 {
            return p != self.ko as usize && !layout.frozen[p];
        }
        // The opponent's points (its eyes, most of them, once the play-out nears its end):
        // legal only as a capture, which joins no chain of `c`.
        if around & (0xf << (4 * EMPTY) | 0xf << (4 * c)) == 0 {
            return p != self.ko as usize && !layout.frozen[p] && self.captures_at(layout, p, c);
        }
        self.good_move_when_crowded(layout, p, c)
    }

    /// [`Board::good_move`] on a point with at most one empty neighbour: the tests of
    /// [`Board::is_own_eye`], [`Board::is_legal`] and [`Board::is_group_self_atari`],
    /// with what the counts of neighbours already tell left out.
    #[inline(never)]
    fn good_move_when_crowded(&self, layout: &Layout, p: usize, c: u8) -> bool {
        if p == self.ko as usize || layout.frozen[p] {
            return false;
        }
        let own = self.around(p, c);
        if self.around(p, EMPTY) == 0 {
            if own == 0 {
                // Only the opponent and the edge around: legal as a capture alone, which
                // joins no chain of `c` and so puts none in self-atari.
                return self.captures_at(layout, p, c);
            }
            // The eye test first: it is the cheaper, and the one most points fail once
            // the play-out nears its end.
            if self.is_own_eye(p, c) || !self.is_legal(layout, p, c) {
                return false;
            }
        }
        // With one empty neighbour, the move is legal and into no eye.
        !self.is_group_self_atari(layout, p, c) || self.is_nakade(layout, p, c)
    }

    /// Whether `c` at `p` takes an opponent chain next to it (one left in atari).
    #[inline]
    fn captures_at(&self, layout: &Layout, p: usize, c: u8) -> bool {
        (0..4).any(|d| {
            let q = layout.nb(p, d);
            self.color[q] == 3 - c && self.in_atari(self.head[q] as usize)
        })
    }

    /// Whether the chain that `c` makes at `p`, left with one liberty, is a killing shape
    /// inside a single opponent chain, which can only take it to be left with one eye of
    /// that shape: the way into a group's eye space that seki-keeping play-outs must still
    /// allow, or a group with a bulky five or a pyramid four would never die.
    fn is_nakade(&self, layout: &Layout, p: usize, c: u8) -> bool {
        let mut stones = [0usize; 6];
        stones[0] = p;
        let mut count = 1;
        for d in 0..4 {
            let q = layout.nb(p, d);
            if self.color[q] != c {
                continue;
            }
            let h = self.head[q] as usize;
            if stones[..count]
                .iter()
                .any(|&s| self.head[s] as usize == h && s != p)
            {
                continue;
            }
            let mut s = h;
            loop {
                if count == stones.len() {
                    return false;
                }
                stones[count] = s;
                count += 1;
                s = self.next[s] as usize;
                if s == h {
                    break;
                }
            }
        }
        // Inside one chain's eye space: the stones touch no other opponent chain (a throw-in
        // between two of them, as into a seki, lets them join through the capture).
        let opp = 3 - c;
        let mut around = None;
        let mut last_liberty = 0;
        for &s in &stones[..count] {
            for d in 0..4 {
                let q = layout.nb(s, d);
                if self.color[q] == opp {
                    let h = self.head[q];
                    if *around.get_or_insert(h) != h {
                        return false;
                    }
                } else if self.color[q] == EMPTY && q != p {
                    last_liberty = q;
                }
            }
        }
        // And that chain is short of liberties too: its only one left is the one it must
        // fill to capture, so that the capture leaves it nothing but this eye space (with
        // an eye elsewhere it would live, and the throw-in would only lose stones).
        let Some(h) = around.map(usize::from) else {
            return false;
        };
        // `p` is a liberty of that chain once per stone of it that `p` touches.
        let shared = (0..4)
            .map(|d| layout.nb(p, d))
            .filter(|&q| self.color[q] == opp && self.head[q] as usize == h)
            .count() as u64;
        let l = self.libs[h];
        let n = l.n as u64 - shared;
        let sum = l.sum as u64 - shared * p as u64;
        let sq = l.sq - shared * (p as u64) * (p as u64);
        if n == 0 || n * sq != sum * sum || (sum / n) as usize != last_liberty {
            return false;
        }
        let dirs = layout.dirs;
        killing_shape(&stones[..count], |a, b| {
            dirs.iter().any(|&d| (a as isize + d) as usize == b)
        })
    }

    /// Chooses and plays a move for `c`; the point played, or `None` when `c` passes.
    fn play_one(
        &mut self,
        layout: &Layout,
        c: u8,
        last: usize,
        rng: &mut XorShift,
    ) -> Option<usize> {
        if last != 0 {
            // Save a chain the opponent has just put in atari by taking one of its
            // attackers, when the capture leaves it more than one liberty.
            for d in 0..4 {
                let q = layout.nb(last, d);
                if self.color[q] == c && self.in_atari(self.head[q] as usize) {
                    if let Some(l) = self.saving_capture(layout, self.head[q] as usize, c) {
                        self.play(layout, l, c);
                        return Some(l);
                    }
                }
            }
            // Take a chain the opponent has just left in atari.
            let h = self.head[last] as usize;
            if self.color[last] == 3 - c && self.in_atari(h) {
                let l = self.atari_lib(h);
                if self.is_legal(layout, l, c) {
                    self.play(layout, l, c);
                    return Some(l);
                }
            }
            // Run out of an atari the opponent has just given, when running works.
            for d in 0..4 {
                let q = layout.nb(last, d);
                if self.color[q] == c {
                    let h = self.head[q] as usize;
                    if self.in_atari(h) {
                        let l = self.atari_lib(h);
                        if self.is_legal(layout, l, c) && self.extends_to_freedom(layout, l, c) {
                            self.play(layout, l, c);
                            return Some(l);
                        }
                    }
                }
            }
        }
        if last != 0 && rng.below(LOCAL_REPLY_OUT_OF) < LOCAL_REPLY {
            // Answer next to the opponent's last move, as a player would.
            let mut near = [0usize; 8];
            let mut k = 0;
            for &dd in layout.dirs.iter().chain(layout.diags.iter()) {
                let q = (last as isize + dd) as usize;
                if self.color[q] == EMPTY && self.good_move(layout, q, c) {
                    near[k] = q;
                    k += 1;
                }
            }
            if k > 0 {
                let q = near[rng.below(k)];
                self.play(layout, q, c);
                return Some(q);
            }
        }
        let n = self.empties.len();
        if n == 0 {
            return None;
        }
        let start = rng.below(n);
        for k in 0..n {
            let i = if start + k >= n {
                start + k - n
            } else {
                start + k
            };
            let p = self.empties[i] as usize;
            if self.good_move(layout, p, c) {
                self.play(layout, p, c);
                return Some(p);
            }
        }
        None
    }

    /// A capture by `c` of an opponent chain in atari next to `c`'s chain `h`, itself in
    /// atari, after which `h` has more than one liberty: any capture elsewhere than on
    /// `h`'s last liberty, or one there that frees two stones or more. (Taking a single
    /// stone on that liberty leaves `h` in atari again: the capture the opponent wants.)
    fn saving_capture(&self, layout: &Layout, h: usize, c: u8) -> Option<usize> {
        let own_liberty = self.atari_lib(h);
        let mut s = h;
        loop {
            for d in 0..4 {
                let q = layout.nb(s, d);
                if self.color[q] == 3 - c {
                    let attacker = self.head[q] as usize;
                    if self.in_atari(attacker) {
                        let l = self.atari_lib(attacker);
                        if (l != own_liberty || self.size[attacker] >= 2)
                            && self.is_legal(layout, l, c)
                        {
                            return Some(l);
                        }
                    }
                }
            }
            s = self.next[s] as usize;
            if s == h {
                return None;
            }
        }
    }

    /// Plays until both sides pass (or a move limit is reached).
    pub(in crate::score::estimate) fn playout(
        &mut self,
        layout: &Layout,
        first: u8,
        rng: &mut XorShift,
    ) -> usize {
        let limit = 3 * layout.padded.len() + 64;
        let mut c = first;
        let mut passes = 0;
        let mut last = 0;
        let mut moves = 0;
        while passes < 2 && moves < limit {
            match self.play_one(layout, c, last, rng) {
                Some(p) => {
                    passes = 0;
                    last = p;
                }
                None => {
                    passes += 1;
                    last = 0;
                    self.ko = 0;
                }
            }
            c = 3 - c;
            moves += 1;
        }
        moves
    }
}
