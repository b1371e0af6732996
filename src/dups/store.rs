//! The keys of a duplicate search held within a memory limit: what every game needs in
//! memory is a few numbers ([`Meta`], for choosing the most complete game of a
//! cluster); the keys themselves go to a [`Sorter`] that spills sorted runs to
//! temporary files past the limit, and are read back in their sorted order in a few
//! passes. Only the keys of games that may be copies are loaded whole ([`Loaded`]).

use std::collections::HashMap;
use std::io;

use super::cluster::MIN_MOVES;
use super::key::{record_order, GameKey};
use super::spill::Sorter;

/// Bytes of keys held in memory before sorted runs are written, when nothing says.
pub const DEFAULT_MEMORY: usize = 16 << 20;

/// What decides which game of a cluster is the most complete.
#[derive(Clone, Copy, Debug, Default)]
pub struct Meta {
    pub moves: u32,
    pub problems: u32,
    pub info_count: u8,
    pub has_result: bool,
}

impl Meta {
    /// Long enough to be clustered on its moves.
    pub fn eligible(&self) -> bool {
        self.moves as usize >= MIN_MOVES
    }
}

/// Every game's key, in input order as pushed.
pub struct KeyStore {
    pub(crate) keys: Sorter,
    pub(crate) meta: Vec<Meta>,
    limit: usize,
    scratch: Vec<u8>,
}

impl KeyStore {
    /// A store that keeps at most about `limit` bytes of keys in memory.
    pub fn new(limit: usize) -> KeyStore {
        KeyStore {
            keys: Sorter::new(limit, record_order),
            meta: Vec::new(),
            limit,
            scratch: Vec::new(),
        }
    }

    /// Adds the next game's key (games too short to be clustered keep only their
    /// [`Meta`]).
    pub fn push(&mut self, key: &GameKey) -> io::Result<()> {
        let game = self.meta.len() as u32;
        let meta = Meta {
            moves: key.moves().min(u32::MAX as usize) as u32,
            problems: key.problems,
            info_count: key.info_count,
            has_result: !key.info(3).is_empty(),
        };
        self.meta.push(meta);
        if meta.eligible() {
            key.record(game, &mut self.scratch);
            self.keys.push(&self.scratch)?;
        }
        Ok(())
    }

    /// Games pushed.
    pub fn len(&self) -> usize {
        self.meta.len()
    }

    pub fn is_empty(&self) -> bool {
        self.meta.is_empty()
    }

    /// The memory limit of the keys.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Sorted runs written to temporary files so far.
    pub fn runs(&self) -> usize {
        self.keys.runs()
    }
}

/// The whole keys of some games, by game number.
#[derive(Default)]
pub struct Loaded(pub(crate) HashMap<u32, GameKey>);

impl Loaded {
    /// The key of game `g`, which must have been loaded.
    pub fn key(&self, g: usize) -> &GameKey {
        &self.0[&(g as u32)]
    }
}

/// A set of game numbers, a bit each.
pub(crate) struct Bits(Vec<u64>);

impl Bits {
    pub(crate) fn new(n: usize) -> Bits {
        Bits(vec![0; n.div_ceil(64)])
    }

    pub(crate) fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    pub(crate) fn get(&self, i: usize) -> bool {
        self.0[i / 64] & (1 << (i % 64)) != 0
    }
}
