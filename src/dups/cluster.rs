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

use std::collections::{BTreeMap, HashSet, VecDeque};
use std::hash::{Hash, Hasher};
use std::io;

use super::key::{record_game, record_moves, GameKey};
use super::spill::Sorter;
use super::store::{Bits, KeyStore, Loaded, Meta};
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

/// [`grouping_in`] over keys held in memory.
pub fn grouping(keys: &[GameKey]) -> Grouping {
    let mut store = KeyStore::new(usize::MAX);
    for k in keys {
        store.push(k).expect("keys in memory");
    }
    grouping_in(&mut store).expect("keys in memory").0
}

/// Groups the games of `store`: exact and prefix copies first (one pass over the keys
/// in sorted order); then the `near` pairs among the references of those groups, in
/// input order, each joining two groups when the games of both are all copies of one of
/// their two references. With the groups, the whole keys of their games.
pub fn grouping_in(store: &mut KeyStore) -> io::Result<(Grouping, Loaded)> {
    let n = store.len();
    let mut groups = Groups((0..n as u32).collect());
    store.keys.finish()?;
    join_exact_and_prefix(store, &mut groups)?;
    // Each group's most complete game and its number of games, by root.
    let (mut reference, mut size) = (vec![u32::MAX; n], vec![0u32; n]);
    let meta = &store.meta;
    for g in (0..n).filter(|&g| meta[g].eligible()) {
        let r = groups.find(g);
        size[r] += 1;
        let best = reference[r];
        if best == u32::MAX || completeness(meta, g) > completeness(meta, best as usize) {
            reference[r] = g as u32;
        }
    }
    let buckets = near_buckets(store, &mut groups, &reference)?;
    // The keys loaded whole: every game of a group of copies or of a reference that
    // shares a block with another.
    let mut wanted = Bits::new(n);
    for g in (0..n).filter(|&g| size[g] > 1) {
        wanted.set(g);
    }
    for bucket in buckets.iter().flatten() {
        for &g in &bucket.2 {
            wanted.set(groups.find(g as usize));
        }
    }
    let mut loaded = Loaded::default();
    store.keys.for_each(&mut |record| {
        let g = record_game(record) as usize;
        if wanted.get(groups.find(g)) {
            loaded.0.insert(g as u32, GameKey::from_record(record).1);
        }
        Ok(())
    })?;
    let (pairs, comparisons) = near_pairs(&loaded, buckets, n);
    let meta = &store.meta;
    let mut clusters = Clusters::of(meta, &size, &reference, &mut groups);
    for (a, b) in pairs {
        clusters.join_near(meta, &loaded, a as usize, b as usize, &mut groups);
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
    let grouping = Grouping {
        groups,
        comparisons,
    };
    Ok((grouping, loaded))
}

/// What makes a game the most complete of its cluster, in increasing order: the longest
/// main line, then a result, the fewest reading problems, the most game information, the
/// first read.
pub fn completeness(meta: &[Meta], g: usize) -> impl Ord {
    let k = &meta[g];
    (
        k.moves,
        k.has_result,
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

/// The clusters of more than one game while they form, by their root in [`Groups`];
/// a game not among them is a cluster of its own.
struct Clusters(BTreeMap<usize, Group>);

impl Clusters {
    /// The groups of exact and prefix copies, each with its most complete game (the
    /// longest: all its games are its start).
    fn of(meta: &[Meta], size: &[u32], reference: &[u32], groups: &mut Groups) -> Clusters {
        let mut by_root: BTreeMap<usize, Group> = BTreeMap::new();
        for g in (0..meta.len()).filter(|&g| meta[g].eligible()) {
            let root = groups.find(g);
            if size[root] > 1 {
                by_root
                    .entry(root)
                    .or_insert(Group {
                        games: Vec::new(),
                        reference: reference[root] as usize,
                    })
                    .games
                    .push(g);
            }
        }
        Clusters(by_root)
    }

    /// The cluster of root `root`, taken out.
    fn take(&mut self, root: usize) -> Group {
        self.0.remove(&root).unwrap_or(Group {
            games: vec![root],
            reference: root,
        })
    }

    /// Joins the clusters of `a` and `b` (a `near` pair) when every game of each is a copy
    /// of one of their references (the more complete one when both are).
    fn join_near(&mut self, meta: &[Meta], keys: &Loaded, a: usize, b: usize, groups: &mut Groups) {
        let (ra, rb) = (groups.find(a), groups.find(b));
        if ra == rb {
            return;
        }
        let (ca, cb) = (self.take(ra), self.take(rb));
        let (first, second) = if completeness(meta, ca.reference) > completeness(meta, cb.reference)
        {
            (&ca, &cb)
        } else {
            (&cb, &ca)
        };
        let fits = |reference: &Group, other: &Group| {
            let r = keys.key(reference.reference);
            other
                .games
                .iter()
                .all(|&m| related(keys.key(m), r).is_some())
        };
        let reference = if fits(first, second) {
            first.reference
        } else if fits(second, first) {
            second.reference
        } else {
            for c in [ca, cb] {
                if c.games.len() > 1 {
                    self.0.insert(groups.find(c.games[0]), c);
                }
            }
            return;
        };
        groups.join(ra, rb);
        let (mut kept, gone) = (ca, cb);
        kept.games.extend(gone.games);
        kept.reference = reference;
        self.0.insert(groups.find(ra), kept);
    }
}

/// Joins games with the same moves, and a game with the first longer game in sorted
/// order that it is the start of (when it is at least half of it): one pass over the
/// keys in sorted order, each game looking at the [`PREFIX_SCAN`] games after it while
/// they start with its moves.
fn join_exact_and_prefix(store: &mut KeyStore, groups: &mut Groups) -> io::Result<()> {
    struct Open {
        at: usize,
        game: usize,
        board: (u8, u8),
        moves: Vec<u8>,
    }
    let mut open: VecDeque<Open> = VecDeque::new();
    let mut at = 0;
    store.keys.for_each(&mut |record| {
        let (b, board, moves) = (
            record_game(record) as usize,
            (record[0], record[1]),
            record_moves(record),
        );
        open.retain(|a| {
            if a.board != board || !moves.starts_with(&a.moves) {
                return false;
            }
            if moves.len() == a.moves.len() {
                groups.join(a.game, b);
                true
            } else if 2 * a.moves.len() >= moves.len() {
                groups.join(a.game, b);
                false
            } else {
                true
            }
        });
        while open.front().is_some_and(|a| at - a.at >= PREFIX_SCAN) {
            open.pop_front();
        }
        open.push_back(Open {
            at,
            game: b,
            board,
            moves: moves.to_vec(),
        });
        at += 1;
        Ok(())
    })
}

/// A bucket of games sharing a hashed block: its size, the hash and the games.
type Bucket = (u32, u64, Vec<u32>);

/// The buckets of more than one reference sharing a block, for each second orientation,
/// from the smallest up (then by hash: in the order of the blocks).
fn near_buckets(
    store: &mut KeyStore,
    groups: &mut Groups,
    reference: &[u32],
) -> io::Result<[Vec<Bucket>; 2]> {
    let free = store
        .limit()
        .saturating_sub(store.keys.memory())
        .max(1 << 20);
    let mut blocks = Sorter::new(free, block_order);
    let mut entry = [0u8; 13];
    store.keys.for_each(&mut |record| {
        let g = record_game(record) as usize;
        if reference[groups.find(g)] as usize != g {
            return Ok(());
        }
        let key = GameKey::from_record(record).1;
        for which in 0..2 {
            let moves = key.near_moves(which);
            for start in block_starts(moves.len()) {
                let block = &moves[start..start + BLOCK];
                entry[0] = which as u8;
                entry[1..9].copy_from_slice(&block_hash(&key, which, start, block).to_be_bytes());
                entry[9..].copy_from_slice(&(g as u32).to_be_bytes());
                blocks.push(&entry)?;
            }
        }
        Ok(())
    })?;
    blocks.finish()?;
    let mut buckets: [Vec<Bucket>; 2] = [Vec::new(), Vec::new()];
    let mut current: Option<(usize, u64, Vec<u32>)> = None;
    let close = |bucket: Option<(usize, u64, Vec<u32>)>, buckets: &mut [Vec<Bucket>; 2]| {
        if let Some((which, hash, games)) = bucket {
            if games.len() > 1 {
                buckets[which].push((games.len() as u32, hash, games));
            }
        }
    };
    blocks.for_each(&mut |e| {
        let which = e[0] as usize;
        let hash = u64::from_be_bytes(e[1..9].try_into().expect("8 bytes"));
        let g = u32::from_be_bytes(e[9..13].try_into().expect("4 bytes"));
        match &mut current {
            Some((w, h, games)) if *w == which && *h == hash => games.push(g),
            _ => close(current.replace((which, hash, vec![g])), &mut buckets),
        }
        Ok(())
    })?;
    close(current, &mut buckets);
    for b in &mut buckets {
        b.sort_unstable_by_key(|&(len, hash, _)| (len, hash));
    }
    Ok(buckets)
}

/// The `near` pairs among the buckets' games (each pair once, the smaller number first,
/// in input order) and the number of pairs compared move by move. Each game of a bucket
/// is compared with at most [`NEAR_SCAN`] games after it, buckets from the smallest up,
/// each game in at most [`NEAR_BUDGET`] comparisons.
fn near_pairs(keys: &Loaded, buckets: [Vec<Bucket>; 2], n: usize) -> (Vec<(u32, u32)>, usize) {
    let mut spent = vec![0u8; n];
    let mut found: HashSet<(u32, u32)> = HashSet::new();
    let mut comparisons = 0;
    for (_, _, games) in buckets.into_iter().flatten() {
        comparisons += compare_bucket(keys, &games, &mut spent, &mut found);
    }
    let mut pairs: Vec<(u32, u32)> = found.into_iter().collect();
    pairs.sort_unstable();
    (pairs, comparisons)
}

/// Compares each game of a bucket with the [`NEAR_SCAN`] games after it, while both have
/// budget left and the pair is not known yet; adds the `near` pairs to `found`. Returns
/// the number of pairs compared move by move.
fn compare_bucket(
    keys: &Loaded,
    bucket: &[u32],
    spent: &mut [u8],
    found: &mut HashSet<(u32, u32)>,
) -> usize {
    let mut compared = 0;
    for (i, &a) in bucket.iter().enumerate() {
        for &b in bucket[i + 1..].iter().take(NEAR_SCAN) {
            if spent[a as usize] >= NEAR_BUDGET {
                break;
            }
            let pair = (a.min(b), a.max(b));
            let (ka, kb) = (keys.key(a as usize), keys.key(b as usize));
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

/// The order of the block entries: orientation, hash, game.
fn block_order(a: &[u8], b: &[u8]) -> std::cmp::Ordering {
    let at = |e: &[u8]| {
        (
            e[0],
            u64::from_be_bytes(e[1..9].try_into().expect("8 bytes")),
            u32::from_be_bytes(e[9..13].try_into().expect("4 bytes")),
        )
    };
    at(a).cmp(&at(b))
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
