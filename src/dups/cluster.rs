//! Games grouped into clusters of copies by sorting and hashing, never by comparing every
//! pair: exact copies and truncated ones are neighbours once the canonical move sequences
//! are sorted; copies with a few changed moves share at least one block of moves untouched
//! (with at most three changes, one of four blocks is), so games are compared only when
//! they share such a block, and each candidate pair is checked move by move.
//!
//! A cluster's `near` copies are each within [`NEAR_CHANGES`] moves of its reference, never
//! only of another copy: two clusters become one only when every game of both is a copy
//! (exact, prefix or near) of one of their two references, which becomes the cluster's.
//! The move-by-move checks are bounded per game ([`NEAR_BUDGET`]), the rarest shared blocks
//! checked first, so that thousands of games sharing a long opening cost no more than
//! other games.

use std::collections::{BTreeMap, HashSet};
use std::hash::{Hash, Hasher};

use super::key::GameKey;
use super::symmetry::{MoveCode, Symmetry};

/// Games shorter than this are never clustered on their moves alone.
pub const MIN_MOVES: usize = 30;

/// The most moves that may differ between two `near` copies (over their common length).
pub const NEAR_CHANGES: usize = 3;

/// The most two `near` copies may differ in length.
pub(crate) const NEAR_LENGTH_SLACK: usize = 5;

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

/// The most move-by-move `near` checks a game takes part in. Buckets are taken from the
/// smallest up, so a game's budget goes first to the games that share its rarest blocks
/// (a copy's), last to those that share a common opening.
pub const NEAR_BUDGET: u8 = 64;

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

/// A group of games that are copies of one another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// Numbers into the keys (in input order), sorted; at least two.
    pub games: Vec<usize>,
    /// The game every other one is a copy of (exact, prefix or near), the most complete
    /// of those that can be (see [`completeness`]).
    pub reference: usize,
}

/// The groups of copies among `keys`, in order of their first game.
pub fn group(keys: &[GameKey]) -> Vec<Group> {
    grouping(keys).groups
}

/// The groups of [`group`], with the work done to find the `near` copies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grouping {
    pub groups: Vec<Group>,
    /// Pairs of games compared move by move for a `near` relation: at most
    /// [`NEAR_BUDGET`] per game, whatever the games share.
    pub comparisons: usize,
}

/// Groups the games: exact and prefix copies first; then the `near` pairs among the
/// references of those groups, in input order, each joining two groups when the games of
/// both are all copies of one of their two references.
pub fn grouping(keys: &[GameKey]) -> Grouping {
    let mut groups = Groups((0..keys.len() as u32).collect());
    let eligible: Vec<usize> = (0..keys.len())
        .filter(|&g| keys[g].moves() >= MIN_MOVES)
        .collect();
    join_exact_and_prefix(keys, &eligible, &mut groups);
    let mut clusters = Clusters::of(keys, &eligible, &mut groups);
    let references: Vec<usize> = clusters.0.values().map(|c| c.reference).collect();
    let (pairs, comparisons) = near_pairs(keys, &references);
    for (a, b) in pairs {
        clusters.join_near(keys, a as usize, b as usize, &mut groups);
    }
    let groups = clusters
        .0
        .into_values()
        .filter(|c| c.games.len() > 1)
        .map(|mut c| {
            c.games.sort_unstable();
            c
        })
        .collect();
    Grouping {
        groups,
        comparisons,
    }
}

/// What makes a game the most complete of its cluster, in increasing order: the longest
/// main line, then a result, the fewest reading problems, the most game information, the
/// first read.
pub fn completeness(keys: &[GameKey], g: usize) -> impl Ord {
    let k = &keys[g];
    (
        k.moves(),
        !k.info(3).is_empty(),
        std::cmp::Reverse(k.problems),
        k.info_count,
        std::cmp::Reverse(g),
    )
}

/// How `m` relates to `r` as a copy (other than being `r`): the same moves, the start of
/// it (or it the start of `m`), or a `near` copy; `None` when it is no copy of `r`.
pub(crate) fn related(m: &GameKey, r: &GameKey) -> Option<Relation> {
    if m.canonical == r.canonical {
        Some(Relation::Exact)
    } else if r.canonical.starts_with(&m.canonical) || m.canonical.starts_with(&r.canonical) {
        Some(Relation::Prefix)
    } else {
        near(m, r).map(|_| Relation::Near)
    }
}

/// The clusters while they form, by their root in [`Groups`] (every eligible game in one,
/// alone or not).
struct Clusters(BTreeMap<usize, Group>);

impl Clusters {
    /// The groups of exact and prefix copies, each with its most complete game (the
    /// longest: all its games are its start).
    fn of(keys: &[GameKey], eligible: &[usize], groups: &mut Groups) -> Clusters {
        let mut by_root: BTreeMap<usize, Group> = BTreeMap::new();
        for &g in eligible {
            let c = by_root.entry(groups.find(g)).or_insert(Group {
                games: Vec::new(),
                reference: g,
            });
            c.games.push(g);
            if completeness(keys, g) > completeness(keys, c.reference) {
                c.reference = g;
            }
        }
        Clusters(by_root)
    }

    /// Joins the clusters of `a` and `b` (a `near` pair) when every game of each is a copy
    /// of one of their references (the more complete one when both are).
    fn join_near(&mut self, keys: &[GameKey], a: usize, b: usize, groups: &mut Groups) {
        let (ra, rb) = (groups.find(a), groups.find(b));
        if ra == rb {
            return;
        }
        let (first, second) = if completeness(keys, self.0[&ra].reference)
            > completeness(keys, self.0[&rb].reference)
        {
            (ra, rb)
        } else {
            (rb, ra)
        };
        let fits = |reference: usize, other: usize| {
            let r = &keys[self.0[&reference].reference];
            self.0[&other]
                .games
                .iter()
                .all(|&m| related(&keys[m], r).is_some())
        };
        let reference = if fits(first, second) {
            self.0[&first].reference
        } else if fits(second, first) {
            self.0[&second].reference
        } else {
            return;
        };
        groups.join(ra, rb);
        let (mut kept, gone) = (
            self.0.remove(&ra).expect("a cluster"),
            self.0.remove(&rb).expect("a cluster"),
        );
        kept.games.extend(gone.games);
        kept.reference = reference;
        self.0.insert(groups.find(ra), kept);
    }
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

/// The `near` pairs among `games` (each pair once, the smaller number first, in input
/// order) and the number of pairs compared move by move. Games are compared when they
/// share a block of moves (in one of the second orientations), each with at most
/// [`NEAR_SCAN`] games after it in the block's bucket, buckets from the smallest up, each
/// game in at most [`NEAR_BUDGET`] comparisons.
fn near_pairs(keys: &[GameKey], games: &[usize]) -> (Vec<(u32, u32)>, usize) {
    let mut spent = vec![0u8; keys.len()];
    let mut found: HashSet<(u32, u32)> = HashSet::new();
    let mut comparisons = 0;
    // One orientation at a time: half the entries in memory.
    for which in 0..2 {
        let entries = block_entries(keys, games, which);
        let mut buckets: Vec<(u32, u32)> = entries
            .chunk_by(|a, b| a.0 == b.0)
            .scan(0u32, |start, bucket| {
                let at = *start;
                *start += bucket.len() as u32;
                Some((bucket.len() as u32, at))
            })
            .filter(|&(len, _)| len > 1)
            .collect();
        buckets.sort_unstable();
        for (len, start) in buckets {
            let bucket = &entries[start as usize..(start + len) as usize];
            comparisons += compare_bucket(keys, bucket, &mut spent, &mut found);
        }
    }
    let mut pairs: Vec<(u32, u32)> = found.into_iter().collect();
    pairs.sort_unstable();
    (pairs, comparisons)
}

/// The hashed blocks of `games` in the second orientation `which`, sorted.
fn block_entries(keys: &[GameKey], games: &[usize], which: usize) -> Vec<(u64, u32)> {
    let mut entries: Vec<(u64, u32)> = Vec::new();
    for &g in games {
        let moves = keys[g].near_moves(which);
        for start in block_starts(moves.len()) {
            let block = &moves[start..start + BLOCK];
            entries.push((block_hash(&keys[g], which, start, block), g as u32));
        }
    }
    entries.sort_unstable();
    entries
}

/// Compares each game of a bucket with the [`NEAR_SCAN`] games after it, while both have
/// budget left and the pair is not known yet; adds the `near` pairs to `found`. Returns
/// the number of pairs compared move by move.
fn compare_bucket(
    keys: &[GameKey],
    bucket: &[(u64, u32)],
    spent: &mut [u8],
    found: &mut HashSet<(u32, u32)>,
) -> usize {
    let mut compared = 0;
    for (i, &(_, a)) in bucket.iter().enumerate() {
        for &(_, b) in bucket[i + 1..].iter().take(NEAR_SCAN) {
            if spent[a as usize] >= NEAR_BUDGET {
                break;
            }
            let pair = (a.min(b), a.max(b));
            let (ka, kb) = (&keys[a as usize], &keys[b as usize]);
            if spent[b as usize] >= NEAR_BUDGET || !comparable(ka, kb) || found.contains(&pair) {
                continue;
            }
            spent[a as usize] += 1;
            spent[b as usize] += 1;
            compared += 1;
            if near(ka, kb).is_some() {
                found.insert(pair);
            }
        }
    }
    compared
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

/// Whether `a` and `b` may be `near` copies before their moves are compared: the same
/// board, lengths within [`NEAR_LENGTH_SLACK`], both long enough.
fn comparable(a: &GameKey, b: &GameKey) -> bool {
    (a.width, a.height) == (b.width, b.height)
        && a.moves().abs_diff(b.moves()) <= NEAR_LENGTH_SLACK
        && a.moves().min(b.moves()) >= MIN_MOVES
}

/// When `a` and `b` are `near` copies: the second orientation (0 or 1) in which they
/// differ least, and in how many moves.
pub fn near(a: &GameKey, b: &GameKey) -> Option<(usize, usize)> {
    if !comparable(a, b) {
        return None;
    }
    let turns = [0, 1].map(|which| a.near[which].then(b.near[which].inverse()));
    let first = (0, changes(a, b, turns[0]));
    let best = if turns[1] == turns[0] || first.1 == 0 {
        first
    } else {
        let second = (1, changes(a, b, turns[1]));
        if second.1 < first.1 {
            second
        } else {
            first
        }
    };
    (best.1 <= NEAR_CHANGES).then_some(best)
}

/// The moves in which `a` turned by `turn` and `b` differ over their common length,
/// counted up to one more than [`NEAR_CHANGES`], from the last common move back (games
/// that share an opening part later), without a copy of either.
fn changes(a: &GameKey, b: &GameKey, turn: Symmetry) -> usize {
    let common = a.moves().min(b.moves());
    let pairs = a.canonical[..common]
        .iter()
        .rev()
        .zip(b.canonical[..common].iter().rev());
    let (width, height) = (a.width, a.height);
    if turn == Symmetry::Identity {
        pairs.filter(|(x, y)| x != y).take(NEAR_CHANGES + 1).count()
    } else {
        pairs
            .filter(|(&x, &y)| turn.code(x, width, height) != y)
            .take(NEAR_CHANGES + 1)
            .count()
    }
}
