//! Games grouped into clusters of copies by sorting and hashing, never by comparing every
//! pair: exact copies and truncated ones are neighbours once the canonical move sequences
//! are sorted; copies with a few changed moves share at least one block of moves untouched
//! (with at most three changes, one of four blocks is), so games are compared only when
//! they share such a block, and each candidate pair is checked move by move.

use std::hash::{Hash, Hasher};

use super::key::GameKey;
use super::symmetry::MoveCode;

/// Games shorter than this are never clustered on their moves alone.
pub const MIN_MOVES: usize = 30;

/// The most moves that may differ between two `near` copies (over their common length).
pub const NEAR_CHANGES: usize = 3;

/// The most two `near` copies may differ in length.
pub const NEAR_LENGTH_SLACK: usize = 5;

/// Moves of a block hashed for the `near` candidates, and where the blocks start.
const BLOCK: usize = 10;
const BLOCKS_FROM: usize = 30;
const MAX_BLOCKS: usize = 8;

/// Games after one in the sorted order that are looked at for a prefix relation; and games
/// after one in a block's bucket that are checked as `near` candidates. Both bound the
/// work when thousands of games share an opening; copies still meet through their
/// neighbours.
const PREFIX_SCAN: usize = 256;
const NEAR_SCAN: usize = 32;

/// How a game relates to the cluster's most complete game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Relation {
    /// The most complete game itself.
    Reference,
    /// The same moves.
    Exact,
    /// The start of the other (or the other is its start): at least 30 moves and half of
    /// the longer game.
    Prefix,
    /// Nearly the same length, all but a few moves the same.
    Near,
}

impl Relation {
    pub fn name(self) -> &'static str {
        match self {
            Relation::Reference => "reference",
            Relation::Exact => "exact",
            Relation::Prefix => "prefix",
            Relation::Near => "near",
        }
    }
}

/// Union–find over game numbers, the smaller number the root.
struct Groups(Vec<u32>);

impl Groups {
    fn find(&mut self, mut a: usize) -> usize {
        while self.0[a] as usize != a {
            let up = self.0[self.0[a] as usize];
            self.0[a] = up;
            a = up as usize;
        }
        a
    }

    fn join(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        let (low, high) = (a.min(b), a.max(b));
        self.0[high] = low as u32;
    }
}

/// Groups of games (numbers into `keys`, in input order) that are copies of one another;
/// each group has at least two games and is sorted, groups in order of their first game.
pub fn group(keys: &[GameKey]) -> Vec<Vec<usize>> {
    let mut groups = Groups((0..keys.len() as u32).collect());
    let eligible: Vec<usize> = (0..keys.len())
        .filter(|&g| keys[g].moves() >= MIN_MOVES)
        .collect();
    join_exact_and_prefix(keys, &eligible, &mut groups);
    join_near(keys, &eligible, &mut groups);
    let mut by_root: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
    for &g in &eligible {
        let root = groups.find(g);
        by_root.entry(root).or_default().push(g);
    }
    by_root.into_values().filter(|m| m.len() > 1).collect()
}

/// Joins games with the same moves, and a game with the first longer game in sorted
/// order that it is the start of (when it is at least half of it).
fn join_exact_and_prefix(keys: &[GameKey], eligible: &[usize], groups: &mut Groups) {
    let mut order = eligible.to_vec();
    order.sort_unstable_by(|&a, &b| {
        let (ka, kb) = (&keys[a], &keys[b]);
        (ka.width, ka.height, &ka.canonical, a).cmp(&(kb.width, kb.height, &kb.canonical, b))
    });
    for (pos, &a) in order.iter().enumerate() {
        let ka = &keys[a];
        for &b in order[pos + 1..].iter().take(PREFIX_SCAN) {
            let kb = &keys[b];
            if (kb.width, kb.height) != (ka.width, ka.height)
                || !kb.canonical.starts_with(&ka.canonical)
            {
                break;
            }
            if kb.moves() == ka.moves() {
                groups.join(a, b);
            } else if 2 * ka.moves() >= kb.moves() {
                groups.join(a, b);
                break;
            }
        }
    }
}

/// Joins games that share a block of moves (in one of the second orientations) and differ
/// in at most [`NEAR_CHANGES`] moves.
fn join_near(keys: &[GameKey], eligible: &[usize], groups: &mut Groups) {
    // One orientation at a time: half the entries in memory.
    for which in 0..2 {
        let mut entries: Vec<(u64, u32)> = Vec::new();
        for &g in eligible {
            let moves = keys[g].near_moves(which);
            for start in block_starts(moves.len()) {
                let block = &moves[start..start + BLOCK];
                entries.push((block_hash(&keys[g], which, start, block), g as u32));
            }
        }
        entries.sort_unstable();
        for bucket in entries.chunk_by(|a, b| a.0 == b.0) {
            for (i, &(_, a)) in bucket.iter().enumerate() {
                for &(_, b) in bucket[i + 1..].iter().take(NEAR_SCAN) {
                    let (a, b) = (a as usize, b as usize);
                    if groups.find(a) != groups.find(b) && near(&keys[a], &keys[b]).is_some() {
                        groups.join(a, b);
                    }
                }
            }
        }
    }
}

/// Where the hashed blocks of a game of `moves` moves start: from move 30 on, and for a
/// game with few such blocks the first three as well.
fn block_starts(moves: usize) -> Vec<usize> {
    let late: Vec<usize> = (0..MAX_BLOCKS)
        .map(|i| BLOCKS_FROM + i * BLOCK)
        .take_while(|start| start + BLOCK <= moves)
        .collect();
    if late.len() >= 4 {
        return late;
    }
    (0..BLOCKS_FROM).step_by(BLOCK).chain(late).collect()
}

fn block_hash(key: &GameKey, which: usize, start: usize, block: &[MoveCode]) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (key.width, key.height, which, start, block).hash(&mut h);
    h.finish()
}

/// When `a` and `b` are `near` copies: the second orientation (0 or 1) in which they
/// differ least, and in how many moves.
pub fn near(a: &GameKey, b: &GameKey) -> Option<(usize, usize)> {
    if (a.width, a.height) != (b.width, b.height)
        || a.moves().abs_diff(b.moves()) > NEAR_LENGTH_SLACK
        || a.moves().min(b.moves()) < MIN_MOVES
    {
        return None;
    }
    (0..2)
        .map(|which| {
            let (ma, mb) = (a.near_moves(which), b.near_moves(which));
            let changes = ma.iter().zip(&mb).filter(|(x, y)| x != y).count();
            (which, changes)
        })
        .min_by_key(|&(_, changes)| changes)
        .filter(|&(_, changes)| changes <= NEAR_CHANGES)
}
