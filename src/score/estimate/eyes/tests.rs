//! The bitboard [`enclosed_without_eyes`] against the point-by-point flood it replaced,
//! kept here as the reference: random positions of several sizes, random fates and
//! confidences of their chains, with and without ownership, the same verdicts after.

use proptest::prelude::*;

use super::super::chains::{chain_index, chains_of, neighbors, Chain};
use super::{enclosed_without_eyes, ENCLOSED_CONFIDENCE, ENCLOSER_CONFIDENCE};
use crate::geom::{BoardSize, Color, Position};

fn reference(
    position: &Position,
    chains: &[Chain],
    chain_at: &[usize],
    ownership: Option<&[f64]>,
    verdict: &mut [(bool, f64)],
) {
    let n = position.size.points();
    let mut scan = RefScan::new(position, chains, chain_at, ownership);
    for color in [Color::Black, Color::White] {
        let enclosing = color.opponent();
        scan.seen.iter_mut().for_each(|s| *s = false);
        for start in 0..n {
            if scan.seen[start] || position.cells[start] != Some(color) {
                continue;
            }
            let area = scan.flood(start, color, verdict);
            let stones: usize = scan.inside.iter().map(|&id| chains[id].stones.len()).sum();
            let toward_enclosing = if enclosing == Color::Black {
                area.owned
            } else {
                -area.owned
            };
            let closed = area.closed_by_live
                && area.total > 0.0
                && area.sure >= ENCLOSER_CONFIDENCE * area.total
                && (ownership.is_none() || toward_enclosing > 0.0);
            let small_enough = 2 * area.points <= n;
            if closed && small_enough && !area.has_eye && 4 * stones <= area.points {
                for &id in &scan.inside {
                    let (alive, conf) = verdict[id];
                    if alive || conf < ENCLOSED_CONFIDENCE {
                        verdict[id] = (false, ENCLOSED_CONFIDENCE);
                    }
                }
                for &id in &scan.border {
                    let (_, conf) = verdict[id];
                    verdict[id] = (true, conf.max(ENCLOSED_CONFIDENCE));
                }
            }
        }
    }
}

/// What [`RefScan::flood`] found of one area.
struct RefFacts {
    /// Points in the area.
    points: usize,
    /// Every chain bordering it is judged alive.
    closed_by_live: bool,
    /// It holds an empty point whose neighbours are all stones of the enclosed colour.
    has_eye: bool,
    /// The bordering chains' stones, weighted by their confidence, and all of them.
    sure: f64,
    total: f64,
    /// The sum of its empty points' ownership (Black positive).
    owned: f64,
}

/// Flood fills of the areas of [`enclosed_without_eyes`], with the buffers they reuse.
struct RefScan<'a> {
    position: &'a Position,
    chains: &'a [Chain],
    chain_at: &'a [usize],
    ownership: Option<&'a [f64]>,
    seen: Vec<bool>,
    stack: Vec<usize>,
    /// The enclosed colour's chains inside the last area, and the chains bordering it.
    inside: Vec<usize>,
    border: Vec<usize>,
    /// Per chain, the last area that listed it in `inside` or `border`.
    listed_in: Vec<u32>,
    areas: u32,
}

impl<'a> RefScan<'a> {
    fn new(
        position: &'a Position,
        chains: &'a [Chain],
        chain_at: &'a [usize],
        ownership: Option<&'a [f64]>,
    ) -> Self {
        RefScan {
            position,
            chains,
            chain_at,
            ownership,
            seen: vec![false; position.size.points()],
            stack: Vec::new(),
            inside: Vec::new(),
            border: Vec::new(),
            listed_in: vec![0; chains.len()],
            areas: 0,
        }
    }

    /// The area of points not of `color`'s opponent connected to `start`.
    fn flood(&mut self, start: usize, color: Color, verdict: &[(bool, f64)]) -> RefFacts {
        let (position, chain_at) = (self.position, self.chain_at);
        let enclosing = color.opponent();
        self.inside.clear();
        self.border.clear();
        self.areas += 1;
        let mut facts = RefFacts {
            points: 0,
            closed_by_live: true,
            has_eye: false,
            sure: 0.0,
            total: 0.0,
            owned: 0.0,
        };
        self.seen[start] = true;
        self.stack.push(start);
        while let Some(p) = self.stack.pop() {
            facts.points += 1;
            let cell = position.cells[p];
            if cell == Some(color) && self.listed_in[chain_at[p]] != self.areas {
                self.listed_in[chain_at[p]] = self.areas;
                self.inside.push(chain_at[p]);
            }
            let mut all_own = cell.is_none();
            if cell.is_none() {
                facts.owned += self.ownership.map_or(0.0, |o| o[p]);
            }
            for q in neighbors(position.size, p) {
                match position.cells[q] {
                    Some(c) if c == enclosing => {
                        all_own = false;
                        let id = chain_at[q];
                        if self.listed_in[id] != self.areas {
                            self.listed_in[id] = self.areas;
                            self.border.push(id);
                            let (alive, conf) = verdict[id];
                            let w = self.chains[id].stones.len() as f64;
                            facts.closed_by_live &= alive;
                            facts.sure += w * conf;
                            facts.total += w;
                        }
                    }
                    cell_q => {
                        if cell_q.is_none() {
                            all_own = false;
                        }
                        if !self.seen[q] {
                            self.seen[q] = true;
                            self.stack.push(q);
                        }
                    }
                }
            }
            facts.has_eye |= all_own;
        }
        facts
    }
}

/// A position from a seed: each point empty, Black or White, with a density of stones
/// that leaves both closed areas and open ones.
fn position(width: u32, height: u32, seed: u64) -> Position {
    let size = BoardSize::new(width, height).unwrap();
    let mut state = seed | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut position = Position::empty(size);
    for i in 0..size.points() {
        let stone = match next() % 10 {
            0..=3 => None,
            4..=6 => Some(Color::Black),
            _ => Some(Color::White),
        };
        position.cells[i] = stone;
    }
    position
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn bitboards_give_the_reference_verdicts(
        (width, height) in prop_oneof![Just((5, 5)), Just((9, 9)), Just((13, 7)), Just((19, 19)), Just((25, 25))],
        seed in any::<u64>(),
        fates in proptest::collection::vec((any::<bool>(), 0usize..4), 400),
        owned in proptest::collection::vec(-8i32..=8, 625),
        with_ownership in any::<bool>(),
    ) {
        let position = position(width, height, seed);
        let chains = chains_of(&position);
        let chain_at = chain_index(position.size.points(), &chains);
        // Mostly alive and sure, so that areas close; dyadic confidences, so that sums
        // taken in another order are the same.
        let verdict: Vec<(bool, f64)> = (0..chains.len())
            .map(|id| {
                let (dead, k) = fates[id % fates.len()];
                (!dead || k > 1, [0.5, 0.75, 0.875, 1.0][k])
            })
            .collect();
        let ownership: Vec<f64> = (0..position.size.points())
            .map(|i| f64::from(owned[i % owned.len()]) / 8.0)
            .collect();
        let ownership = with_ownership.then_some(&ownership[..]);
        let mut expected = verdict.clone();
        reference(&position, &chains, &chain_at, ownership, &mut expected);
        let mut got = verdict;
        enclosed_without_eyes(&position, &chains, &chain_at, ownership, &mut got);
        prop_assert_eq!(got, expected);
    }
}
