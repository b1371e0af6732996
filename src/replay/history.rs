//! Every position since the start (or the last setup node), for superko: an
//! open-addressing table of 64-bit Zobrist keys, reused from game to game.

/// Positions seen, each with the move number after which it first stood.
pub struct PositionHistory {
    keys: Vec<u64>,
    moves: Vec<u32>,
    stamps: Vec<u32>,
    generation: u32,
    len: usize,
}

impl Default for PositionHistory {
    fn default() -> Self {
        PositionHistory::with_capacity(1024)
    }
}

impl PositionHistory {
    /// A table with room for about `capacity / 2` positions before it grows.
    pub fn with_capacity(capacity: usize) -> PositionHistory {
        let capacity = capacity.next_power_of_two().max(16);
        PositionHistory {
            keys: vec![0; capacity],
            moves: vec![0; capacity],
            stamps: vec![0; capacity],
            generation: 1,
            len: 0,
        }
    }

    /// Forgets every position, in constant time.
    pub fn clear(&mut self) {
        self.len = 0;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamps.fill(0);
            self.generation = 1;
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        // The keys are random already; mix anyway so that structured keys spread too.
        let mixed = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (mixed >> 32) as usize & (self.keys.len() - 1)
    }

    /// The move after which `key` first stood, if it did.
    #[inline]
    pub fn get(&self, key: u64) -> Option<u32> {
        let mask = self.keys.len() - 1;
        let mut i = self.slot(key);
        loop {
            if self.stamps[i] != self.generation {
                return None;
            }
            if self.keys[i] == key {
                return Some(self.moves[i]);
            }
            i = (i + 1) & mask;
        }
    }

    /// Records `key` as standing after move `move_number`, unless it was seen before.
    #[inline]
    pub fn insert(&mut self, key: u64, move_number: u32) {
        if (self.len + 1) * 2 > self.keys.len() {
            self.grow();
        }
        let mask = self.keys.len() - 1;
        let mut i = self.slot(key);
        loop {
            if self.stamps[i] != self.generation {
                self.stamps[i] = self.generation;
                self.keys[i] = key;
                self.moves[i] = move_number;
                self.len += 1;
                return;
            }
            if self.keys[i] == key {
                return;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let old: Vec<(u64, u32)> = (0..self.keys.len())
            .filter(|&i| self.stamps[i] == self.generation)
            .map(|i| (self.keys[i], self.moves[i]))
            .collect();
        let capacity = self.keys.len() * 2;
        *self = PositionHistory {
            keys: vec![0; capacity],
            moves: vec![0; capacity],
            stamps: vec![0; capacity],
            generation: 1,
            len: 0,
        };
        for (k, m) in old {
            self.insert(k, m);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembers_first_sighting_and_forgets_on_clear() {
        let mut h = PositionHistory::with_capacity(16);
        for k in 0..1000u64 {
            h.insert(k.wrapping_mul(0x1234_5678_9ABC_DEF1), k as u32);
        }
        assert_eq!(h.len(), 1000);
        h.insert(5u64.wrapping_mul(0x1234_5678_9ABC_DEF1), 9999);
        assert_eq!(h.get(5u64.wrapping_mul(0x1234_5678_9ABC_DEF1)), Some(5));
        assert_eq!(h.get(0), Some(0));
        assert_eq!(h.get(42), None);
        h.clear();
        assert!(h.is_empty());
        assert_eq!(h.get(0), None);
    }
}
