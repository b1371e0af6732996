//! The board's self-check in tests: every cache recomputed from the stones and compared.

use super::*;

impl Board {
    /// Recomputes what the board caches (chain membership and sizes, pseudo-liberty
    /// sums, the list of empty points, the ko point) and panics with a clear message on
    /// any difference. Called after every move in tests.
    #[cfg(test)]
    pub(super) fn debug_validate(&self, layout: &Layout) {
        let cells = layout.cells();
        let mut chain_of = vec![usize::MAX; cells];
        let mut members = Vec::new();
        for p in 0..cells {
            let on_board = layout.plain[p] != u16::MAX;
            let x = self.color[p];
            if on_board {
                let around = self.count_around(layout, p);
                assert_eq!(self.around[p], around, "neighbour counts of {p}");
            }
            match x {
                EDGE => assert!(!on_board, "cell {p} on the board holds the edge"),
                _ if !on_board => panic!("edge cell {p} holds {x}"),
                EMPTY => {
                    assert_eq!(self.head[p] as usize, p, "empty {p} has a head");
                    assert_eq!(self.next[p] as usize, p, "empty {p} is in a ring");
                    let listed = !layout.frozen[p];
                    let i = self.epos[p] as usize;
                    assert_eq!(
                        self.empties.get(i) == Some(&(p as u16)),
                        listed,
                        "empty {p} in the list of empty points"
                    );
                }
                BLACK | WHITE if chain_of[p] == usize::MAX => {
                    self.validate_chain(layout, p, &mut chain_of, &mut members);
                }
                BLACK | WHITE => {}
                _ => panic!("cell {p} holds the invalid value {x}"),
            }
        }
        let listed = (0..cells)
            .filter(|&p| self.color[p] == EMPTY && !layout.frozen[p])
            .count();
        assert_eq!(self.empties.len(), listed, "length of the empty list");
        let ko = self.ko as usize;
        assert!(
            ko == 0 || self.color[ko] == EMPTY,
            "ko point {ko} is not empty"
        );
    }

    /// The stones of the chain on `start` (`members`, marked `start` in `chain_of`) share
    /// one head, and the ring from it visits each of them once; the head.
    #[cfg(test)]
    fn validate_ring(&self, start: usize, members: &[usize], chain_of: &[usize]) -> usize {
        let h = self.head[start] as usize;
        for &s in members.iter() {
            assert_eq!(
                self.head[s] as usize, h,
                "stones {s} and {start} have two heads"
            );
        }
        assert_eq!(
            chain_of[h], start,
            "the head of chain {start} is outside it"
        );
        let mut s = h;
        let mut ring = 0;
        loop {
            assert!(
                ring < members.len(),
                "the ring of chain {start} is too long"
            );
            assert_eq!(
                chain_of[s], start,
                "the ring of chain {start} leaves it at {s}"
            );
            ring += 1;
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        assert_eq!(
            ring,
            members.len(),
            "the ring of chain {start} misses stones"
        );
        h
    }

    /// Flood-fills the chain on `start` and checks its ring, head, size and liberties.
    #[cfg(test)]
    fn validate_chain(
        &self,
        layout: &Layout,
        start: usize,
        chain_of: &mut [usize],
        members: &mut Vec<usize>,
    ) {
        let x = self.color[start];
        members.clear();
        members.push(start);
        chain_of[start] = start;
        let (mut n, mut sum, mut sq) = (0u32, 0u32, 0u64);
        let mut liberties = Vec::new();
        let mut i = 0;
        while i < members.len() {
            let s = members[i];
            i += 1;
            for d in 0..4 {
                let q = layout.nb(s, d);
                if self.color[q] == EMPTY {
                    (n, sum, sq) = (n + 1, sum + q as u32, sq + (q * q) as u64);
                    if !liberties.contains(&q) {
                        liberties.push(q);
                    }
                } else if self.color[q] == x && chain_of[q] == usize::MAX {
                    chain_of[q] = start;
                    members.push(q);
                }
            }
        }
        let h = self.validate_ring(start, members, chain_of);
        assert_eq!(
            self.size[h] as usize,
            members.len(),
            "size of chain {start}"
        );
        let l = self.libs[h];
        let cached = (l.n, l.sum, l.sq);
        assert_eq!(cached, (n, sum, sq), "pseudo-liberties of chain {start}");
        assert!(n > 0, "chain {start} has no liberty");
        assert_eq!(
            self.in_atari(h),
            liberties.len() == 1,
            "atari of chain {start} with liberties {liberties:?}"
        );
        if liberties.len() == 1 {
            assert_eq!(
                self.atari_lib(h),
                liberties[0],
                "last liberty of chain {start}"
            );
        }
    }
}
