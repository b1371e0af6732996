//! Every position since the start (or the last setup node), for superko: an
//! open-addressing table of 64-bit Zobrist keys, reused from game to game. Each key keeps
//! the most recent move after which it stood: a repetition is named by the nearest earlier
//! occurrence, which is what tells an immediate ko retake from a longer cycle.

/// One entry of the table: key, move and stamp side by side, so that a probe reads one
/// cache line and checks one index.
#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    /// The most recent move after which the position stood.
    last_move: u32,
    /// The entry is live when its stamp is the table's generation.
    stamp: u32,
}

/// Positions seen, each with the most recent move number after which it stood.
#[derive(Clone)]
pub struct PositionHistory {
    slots: Vec<Slot>,
    generation: u32,
    len: usize,
    /// The key the last [`PositionHistory::get`] did not find and the free slot where its
    /// probe stopped: a legal move looks its position up and then enters it, and the
    /// entry goes straight there. Forgotten by every change of the table.
    vacancy: Option<(u64, usize)>,
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
            slots: vec![Slot::default(); capacity],
            generation: 1,
            len: 0,
            vacancy: None,
        }
    }

    /// Makes this history the same as `other`, reusing its memory.
    pub fn copy_from(&mut self, other: &PositionHistory) {
        self.slots.clone_from(&other.slots);
        self.generation = other.generation;
        self.len = other.len;
        self.vacancy = other.vacancy;
    }

    /// The slots the table holds (twice the positions it holds before it grows).
    pub(crate) fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// Forgets every position, in constant time.
    pub fn clear(&mut self) {
        self.len = 0;
        self.vacancy = None;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots.fill(Slot::default());
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
        (mixed >> 32) as usize & (self.slots.len() - 1)
    }

    /// The most recent move after which `key` stood, if it did.
    #[inline]
    pub fn get(&mut self, key: u64) -> Option<u32> {
        let mask = self.slots.len() - 1;
        let mut i = self.slot(key);
        loop {
            let slot = &self.slots[i];
            if slot.stamp != self.generation {
                self.vacancy = Some((key, i));
                return None;
            }
            if slot.key == key {
                return Some(slot.last_move);
            }
            i = (i + 1) & mask;
        }
    }

    /// [`PositionHistory::get`] without noting where a missing key would go, on a history
    /// that only stands behind another (a side line's parent's).
    #[inline]
    pub fn peek(&self, key: u64) -> Option<u32> {
        let mask = self.slots.len() - 1;
        let mut i = self.slot(key);
        loop {
            let slot = &self.slots[i];
            if slot.stamp != self.generation {
                return None;
            }
            if slot.key == key {
                return Some(slot.last_move);
            }
            i = (i + 1) & mask;
        }
    }

    /// Takes in the positions of `older`, a history that came before this one: those this
    /// one holds keep their later sightings.
    pub fn take_in_older(&mut self, older: &PositionHistory) {
        for s in older.slots.iter().filter(|s| s.stamp == older.generation) {
            if self.get(s.key).is_none() {
                self.insert(s.key, s.last_move);
            }
        }
    }

    /// Records `key` as standing after move `move_number` (the latest sighting wins).
    #[inline]
    pub fn insert(&mut self, key: u64, move_number: u32) {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let generation = self.generation;
        let mut i = match self.vacancy.take() {
            Some((vacant_key, at)) if vacant_key == key => at,
            _ => self.slot(key),
        };
        loop {
            let slot = &mut self.slots[i];
            if slot.stamp != generation {
                *slot = Slot {
                    key,
                    last_move: move_number,
                    stamp: generation,
                };
                self.len += 1;
                return;
            }
            if slot.key == key {
                slot.last_move = move_number;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let generation = self.generation;
        let old: Vec<Slot> = self
            .slots
            .iter()
            .filter(|s| s.stamp == generation)
            .copied()
            .collect();
        *self = PositionHistory::with_capacity(self.slots.len() * 2);
        for s in old {
            self.insert(s.key, s.last_move);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_older_history_taken_in_keeps_the_later_sightings() {
        let mut older = PositionHistory::with_capacity(16);
        for key in 1..=40u64 {
            older.insert(key * 977, key as u32);
        }
        let mut newer = PositionHistory::with_capacity(16);
        newer.insert(5 * 977, 100);
        newer.insert(41 * 977, 101);
        assert_eq!(older.peek(5 * 977), Some(5));
        assert_eq!(older.peek(41 * 977), None);
        newer.take_in_older(&older);
        assert_eq!(newer.len(), 41);
        assert_eq!(newer.get(5 * 977), Some(100));
        assert_eq!(newer.get(7 * 977), Some(7));
        assert_eq!(newer.get(41 * 977), Some(101));
    }

    #[test]
    fn remembers_latest_sighting_and_forgets_on_clear() {
        let mut h = PositionHistory::with_capacity(16);
        for k in 0..1000u64 {
            h.insert(k.wrapping_mul(0x1234_5678_9ABC_DEF1), k as u32);
        }
        assert_eq!(h.len(), 1000);
        h.insert(5u64.wrapping_mul(0x1234_5678_9ABC_DEF1), 9999);
        assert_eq!(h.len(), 1000);
        assert_eq!(h.get(5u64.wrapping_mul(0x1234_5678_9ABC_DEF1)), Some(9999));
        assert_eq!(h.get(0), Some(0));
        assert_eq!(h.get(42), None);
        h.clear();
        assert!(h.is_empty());
        assert_eq!(h.get(0), None);
    }

    #[test]
    fn an_entry_after_a_miss_lands_where_the_probe_stopped() {
        let mut h = PositionHistory::with_capacity(16);
        // Keys that share a home slot, so that the probes have to walk.
        let keys: Vec<u64> = (0..200u64).map(|k| k << 40).collect();
        for (n, &k) in keys.iter().enumerate() {
            assert_eq!(h.get(k), None);
            if n % 3 == 0 {
                // Another key goes in between: the vacancy must not be used for it.
                h.insert(k ^ 1, n as u32);
            }
            h.insert(k, n as u32);
        }
        for (n, &k) in keys.iter().enumerate() {
            assert_eq!(h.get(k), Some(n as u32));
            if n % 3 == 0 {
                assert_eq!(h.get(k ^ 1), Some(n as u32));
            }
        }
        assert_eq!(h.len(), 200 + 67);
        h.clear();
        assert_eq!(h.get(keys[5]), None);
        h.insert(keys[7], 1);
        assert_eq!(h.get(keys[7]), Some(1));
        assert_eq!(h.get(keys[5]), None);
    }
}
