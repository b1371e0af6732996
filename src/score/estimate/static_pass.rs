//! The static pass before the play-outs (steps 1 and 2 of the method): Benson's
//! pass-alive chains and the stones dead inside their regions, the stones taken off before
//! the play-outs, and the settled areas the play-outs leave alone.

use super::chains::{neighbors, Chain};
use super::eyes::enclosed_without_eyes;
use crate::geom::{Color, Point, Position};
use crate::score::pass_alive;

/// Liberties a chain needs to count, in the static pass, as a sound wall around an area.
const SOUND_WALL_LIBERTIES: usize = 4;

/// Per chain, whether it is taken off before the play-outs: dead for certain (Benson), or
/// a few stones without an eye in an area closed by sound walls of the opponent.
pub(super) fn static_dead(
    position: &Position,
    chains: &[Chain],
    chain_at: &[usize],
    settled: &Settled,
) -> Vec<bool> {
    let mut verdict: Vec<(bool, f64)> = chains
        .iter()
        .zip(&settled.status)
        .map(|(c, st)| match st {
            Some(alive) => (*alive, 1.0),
            None if c.liberties.len() >= SOUND_WALL_LIBERTIES => (true, 1.0),
            None => (true, 0.5),
        })
        .collect();
    let nearer = nearest_colour(position);
    enclosed_without_eyes(position, chains, chain_at, Some(&nearer), &mut verdict);
    verdict.iter().map(|&(alive, _)| !alive).collect()
}

/// Per point, +1 when the nearest stone (in steps along lines) is Black, -1 when White,
/// 0 on a tie or an empty board: a rough static stand-in for ownership.
fn nearest_colour(position: &Position) -> Vec<f64> {
    let size = position.size;
    let n = size.points();
    let mut dist = [vec![u32::MAX; n], vec![u32::MAX; n]];
    for (k, color) in [Color::Black, Color::White].into_iter().enumerate() {
        let d = &mut dist[k];
        let mut queue: std::collections::VecDeque<usize> = (0..n)
            .filter(|&p| position.cells[p] == Some(color))
            .collect();
        for &p in &queue {
            d[p] = 0;
        }
        while let Some(p) = queue.pop_front() {
            for q in neighbors(size, p) {
                if d[q] == u32::MAX && position.cells[q].is_none() {
                    d[q] = d[p] + 1;
                    queue.push_back(q);
                }
            }
        }
    }
    (0..n)
        .map(|p| match dist[0][p].cmp(&dist[1][p]) {
            std::cmp::Ordering::Less => 1.0,
            std::cmp::Ordering::Greater => -1.0,
            std::cmp::Ordering::Equal => 0.0,
        })
        .collect()
}

/// What the static pass settles for certain.
pub(super) struct Settled {
    /// Per chain: `Some(true)` pass-alive, `Some(false)` dead inside a pass-alive
    /// opponent's small region, `None` undecided.
    pub(super) status: Vec<Option<bool>>,
    /// The stones dead inside pass-alive territory, sorted: what
    /// [`crate::score::dead_in_pass_alive_territory`] gives for the position.
    pub(super) dead: Vec<Point>,
}

/// Benson's unconditional life, for both colours ([`crate::score::pass_alive`]), per chain.
pub(super) fn benson(position: &Position, chains: &[Chain], chain_at: &[usize]) -> Settled {
    let size = position.size;
    let life = pass_alive(position);
    let mut status = vec![None; chains.len()];
    for color in [Color::Black, Color::White] {
        for chain in &life.of(color).chains {
            status[chain_at[size.index(chain[0])]] = Some(true);
        }
    }
    let dead = life.dead_inside(position);
    for &p in &dead {
        status[chain_at[size.index(p)]] = Some(false);
    }
    Settled { status, dead }
}

/// Empty regions this large, bordered by one colour only, are that colour's settled
/// area: the play-outs neither invade them nor fill them.
const FROZEN_REGION: usize = 8;

/// Per point, the owner of the settled area it lies in, if any.
pub(super) fn frozen_areas(position: &Position) -> Vec<Option<Color>> {
    let size = position.size;
    let n = size.points();
    let mut out = vec![None; n];
    let mut seen = vec![false; n];
    let mut stack = Vec::new();
    let mut region = Vec::new();
    for start in 0..n {
        if seen[start] || position.cells[start].is_some() {
            continue;
        }
        region.clear();
        let (mut b, mut w) = (false, false);
        seen[start] = true;
        stack.push(start);
        while let Some(p) = stack.pop() {
            region.push(p);
            for q in neighbors(size, p) {
                match position.cells[q] {
                    None if !seen[q] => {
                        seen[q] = true;
                        stack.push(q);
                    }
                    None => {}
                    Some(Color::Black) => b = true,
                    Some(Color::White) => w = true,
                }
            }
        }
        let owner = match (b, w) {
            (true, false) => Some(Color::Black),
            (false, true) => Some(Color::White),
            _ => None,
        };
        if owner.is_some() && region.len() >= FROZEN_REGION {
            for &p in &region {
                out[p] = owner;
            }
        }
    }
    out
}
