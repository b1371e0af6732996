//! The incremental board checked against itself: every invariant the fast path keeps
//! (chain rings, heads, stone counts, pseudo-liberties, the hash) recomputed from scratch.

use super::{color_of, neighbors, zobrist, Board, Chain, CELLS, EMPTY, STRIDE, WALL};

impl Board {
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
