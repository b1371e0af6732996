//! The decision from the play-out statistics (step 4 of the method): what the play-outs
//! gather, when they may stop early, and each chain's status and confidence.

use super::chains::{find, neighbors, Chain};
use super::eyes::{enclosed_without_eyes, eye_space, ENCLOSED_CONFIDENCE};
use super::static_pass::Settled;
use super::tactics::{Reader, READ_LIBERTIES};
use super::{ChainEstimate, ChainStatus, Estimate, EstimateConfig};
use crate::geom::{Color, Point, Position};

pub(super) struct Stats {
    /// Per point: sum over play-outs of +1 (Black's) / -1 (White's) / 0.
    pub(super) owner: Vec<i32>,
    /// Per point: play-outs that ended with the point empty and bordered by both colours.
    pub(super) shared: Vec<u32>,
    /// Per chain: play-outs in which most of its stones ended as its colour's.
    pub(super) alive_votes: Vec<u32>,
    pub(super) runs: u32,
}

/// Play-outs are run in batches of this many; after a batch, the estimate stops early when
/// no decision is close: every chain came out the same way in all but a small share of the
/// play-outs, and every point was left shared by both colours (seki) in clearly most or
/// clearly few of them.
pub(super) const BATCH: u32 = 32;

/// Share of disagreeing play-outs tolerated on a chain for stopping early.
const SETTLED_SHARE: f64 = 0.1;

/// Share of disagreeing play-outs tolerated on a shared point for stopping early.
const SETTLED_SHARED_SHARE: f64 = 0.25;

impl Stats {
    pub(super) fn settled(&self, removed: &[bool]) -> bool {
        let runs = self.runs as f64;
        let clear = |k: u32, share: f64| {
            let f = k as f64 / runs;
            f <= share || f >= 1.0 - share
        };
        self.alive_votes
            .iter()
            .zip(removed)
            .all(|(&v, &r)| r || clear(v, SETTLED_SHARE))
            && self.shared.iter().all(|&k| clear(k, SETTLED_SHARED_SHARE))
    }
}

/// What the static pass knows of a position: its chains and what it settled.
pub(super) struct Facts<'a> {
    pub(super) position: &'a Position,
    pub(super) chains: &'a [Chain],
    pub(super) chain_at: &'a [usize],
    pub(super) settled: &'a Settled,
    /// Per chain, whether it was taken off before the play-outs.
    pub(super) removed: &'a [bool],
}

pub(super) fn decide(
    facts: &Facts,
    stats: &Stats,
    config: &EstimateConfig,
    reads: &mut [Option<bool>],
) -> Estimate {
    let Facts {
        position,
        chains,
        chain_at,
        settled,
        removed,
    } = *facts;
    let runs = stats.runs.max(1) as f64;
    let ownership: Vec<f64> = stats.owner.iter().map(|&o| o as f64 / runs).collect();
    let mut parent = voting_groups(facts, &ownership);
    let mut verdict = first_verdicts(facts, stats, &ownership, &mut parent);
    captured_in_races(
        position,
        chains,
        chain_at,
        settled,
        removed,
        reads,
        &mut verdict,
    );
    enclosed_without_eyes(position, chains, chain_at, Some(&ownership), &mut verdict);
    // Next to a liberty that both colours still border at the end of most play-outs.
    let shared = |l: usize| stats.shared[l] as f64 >= 0.5 * runs;
    let seki_like: Vec<bool> = (0..chains.len())
        .map(|id| {
            verdict[id].0
                && settled.status[id].is_none()
                && chains[id].liberties.iter().any(|&l| shared(l))
        })
        .collect();
    eye_space(
        position,
        chains,
        chain_at,
        settled,
        config.uncertain_below,
        &seki_like,
        &mut verdict,
    );
    only_dead_around_lives(position, chains, chain_at, settled, &mut verdict);
    let mut estimate = assemble(facts, &verdict, &mut parent, &shared, config);
    estimate.ownership = ownership;
    estimate
}

/// `sign` of a colour: +1 for Black, -1 for White, the sign of its ownership.
fn sign(c: Color) -> f64 {
    if c == Color::Black {
        1.0
    } else {
        -1.0
    }
}

/// The groups that vote together, as a union-find over the chains: chains of one colour
/// sharing a liberty the play-outs give to that colour.
fn voting_groups(facts: &Facts, ownership: &[f64]) -> Vec<usize> {
    let (position, chain_at) = (facts.position, facts.chain_at);
    let size = position.size;
    let mut parent: Vec<usize> = (0..facts.chains.len()).collect();
    for (p, &own) in ownership.iter().enumerate() {
        if position.cells[p].is_some() {
            continue;
        }
        for color in [Color::Black, Color::White] {
            if own * sign(color) < 0.5 {
                continue;
            }
            let mut first = None;
            for q in neighbors(size, p) {
                if position.cells[q] == Some(color) {
                    let id = chain_at[q];
                    match first {
                        None => first = Some(id),
                        Some(f) => {
                            let (a, b) = (find(&mut parent, f), find(&mut parent, id));
                            parent[a] = b;
                        }
                    }
                }
            }
        }
    }
    parent
}

/// Each chain's verdict from the static pass and the play-outs alone: alive or not, and
/// how sure.
fn first_verdicts(
    facts: &Facts,
    stats: &Stats,
    ownership: &[f64],
    parent: &mut [usize],
) -> Vec<(bool, f64)> {
    let chains = facts.chains;
    let runs = stats.runs.max(1) as f64;
    let mut group_votes = vec![0f64; chains.len()];
    let mut group_stones = vec![0f64; chains.len()];
    for (id, c) in chains.iter().enumerate() {
        let g = find(parent, id);
        group_votes[g] += stats.alive_votes[id] as f64 * c.stones.len() as f64;
        group_stones[g] += c.stones.len() as f64;
    }
    (0..chains.len())
        .map(|id| match facts.settled.status[id] {
            Some(a) => (a, 1.0),
            None if facts.removed[id] => {
                // Taken off before the play-outs: dead as long as the play-outs left the
                // area to the opponent.
                let c = &chains[id];
                let toward_opponent = -sign(c.color)
                    * c.stones.iter().map(|&p| ownership[p]).sum::<f64>()
                    / c.stones.len() as f64;
                if toward_opponent >= 0.5 {
                    (false, ENCLOSED_CONFIDENCE)
                } else {
                    (false, 0.5)
                }
            }
            None => {
                let g = find(parent, id);
                // Alive fraction, pooled over the group and pulled slightly to 1/2 for
                // a small number of play-outs.
                let votes = group_votes[g] / group_stones[g];
                let p = (votes + 0.5) / (runs + 1.0);
                (p >= 0.5, p.max(1.0 - p))
            }
        })
        .collect()
}

/// The estimate from the final verdicts: each chain's status (seki when kept alive next
/// to a `shared` liberty with a living partner), and the lists of dead, uncertain and
/// seki stones. Its ownership is left empty for the caller.
fn assemble(
    facts: &Facts,
    verdict: &[(bool, f64)],
    parent: &mut [usize],
    shared: &dyn Fn(usize) -> bool,
    config: &EstimateConfig,
) -> Estimate {
    let (position, settled) = (facts.position, facts.settled);
    let size = position.size;
    let mut out = Vec::with_capacity(facts.chains.len());
    let (mut dead, mut uncertain, mut seki) = (Vec::new(), Vec::new(), Vec::new());
    for (id, c) in facts.chains.iter().enumerate() {
        let (alive, confidence) = verdict[id];
        let group = match settled.status[id] {
            None if !facts.removed[id] => find(parent, id),
            _ => id,
        };
        // A seki needs a living partner: one that the static look found dead is none.
        let partner = |l: usize| {
            neighbors(size, l).any(|q| {
                position.cells[q] == Some(c.color.opponent()) && verdict[facts.chain_at[q]].0
            })
        };
        let in_seki = alive
            && settled.status[id].is_none()
            && c.liberties.iter().any(|&l| shared(l) && partner(l));
        let status = match (alive, in_seki) {
            (false, _) => ChainStatus::Dead,
            (true, true) => ChainStatus::Seki,
            (true, false) => ChainStatus::Alive,
        };
        let mut stones: Vec<Point> = c.stones.iter().map(|&s| size.point(s)).collect();
        stones.sort_unstable();
        // Dead is the best guess, sure or not (what the count takes off); the doubt is
        // told apart in `uncertain`.
        if status == ChainStatus::Dead {
            dead.extend_from_slice(&stones);
        }
        if confidence < config.uncertain_below {
            uncertain.extend_from_slice(&stones);
        } else if status == ChainStatus::Seki {
            seki.extend_from_slice(&stones);
        }
        out.push(ChainEstimate {
            color: c.color,
            stones,
            status,
            confidence,
            group,
        });
    }
    dead.sort_unstable();
    uncertain.sort_unstable();
    seki.sort_unstable();
    Estimate {
        chains: out,
        dead,
        uncertain,
        seki,
        ownership: Vec::new(),
        pass_alive_dead: settled.dead.clone(),
    }
}

/// How sure a reading that captures a chain whoever moves first is.
const READ_CONFIDENCE: f64 = 0.9;

/// Chains the play-outs keep alive at least this surely are not read: no surer than the
/// play-outs, a reading would not overrule them. Against a bar of 0.97 on the games of
/// `../shared/corpus`, this leaves the dead-stone accuracy figures and every `disagrees`
/// as they were, gives Tygem a few more agreements, and saves over half of the reading.
const SURELY_ALIVE: f64 = READ_CONFIDENCE;

/// Chains short of liberties whose fate the play-outs are not sure of, but that the
/// reading captures whoever moves first, are dead, when every opponent chain touching them is itself alive
/// (a reading among dead stones proves nothing). `reads` keeps, per chain, what an
/// earlier reading of the same position found: the answer depends on the position alone.
fn captured_in_races(
    position: &Position,
    chains: &[Chain],
    chain_at: &[usize],
    settled: &Settled,
    removed: &[bool],
    reads: &mut [Option<bool>],
    verdict: &mut [(bool, f64)],
) {
    let size = position.size;
    let mut reader = None;
    for (id, c) in chains.iter().enumerate() {
        let (alive, confidence) = verdict[id];
        let sure = if alive { SURELY_ALIVE } else { READ_CONFIDENCE };
        if confidence >= sure
            || settled.status[id].is_some()
            || removed[id]
            || c.liberties.len() > READ_LIBERTIES
        {
            continue;
        }
        let mut attackers = c
            .stones
            .iter()
            .flat_map(|&s| neighbors(size, s))
            .filter(|&q| position.cells[q] == Some(c.color.opponent()))
            .map(|q| verdict[chain_at[q]])
            .peekable();
        if attackers.peek().is_none() || !attackers.all(|(alive, _)| alive) {
            continue;
        }
        let captured = *reads[id].get_or_insert_with(|| {
            reader
                .get_or_insert_with(|| Reader::new(position))
                .captured_whoever_moves(c.stones[0])
        });
        if captured {
            verdict[id] = (false, READ_CONFIDENCE);
        }
    }
}

/// A chain judged dead whose every opponent neighbour is judged dead too cannot be: the
/// stones a group captured to make its eye, once that group is itself found dead, are the
/// winners of the corner. Such a chain is alive, with the least confidence of the verdicts
/// that freed it.
fn only_dead_around_lives(
    position: &Position,
    chains: &[Chain],
    chain_at: &[usize],
    settled: &Settled,
    verdict: &mut [(bool, f64)],
) {
    let size = position.size;
    for (id, c) in chains.iter().enumerate() {
        if verdict[id].0 || settled.status[id].is_some() {
            continue;
        }
        let mut weakest: Option<f64> = None;
        let mut any_alive = false;
        for &s in &c.stones {
            for q in neighbors(size, s) {
                if position.cells[q] == Some(c.color.opponent()) {
                    let (alive, confidence) = verdict[chain_at[q]];
                    any_alive |= alive;
                    weakest = Some(weakest.map_or(confidence, |w: f64| w.min(confidence)));
                }
            }
        }
        if let (false, Some(confidence)) = (any_alive, weakest) {
            verdict[id] = (true, confidence);
        }
    }
}
