//! The static pass before the play-outs (steps 1 and 2 of the method): Benson's
//! pass-alive chains and the stones dead inside their regions, the stones taken off before
//! the play-outs, and the settled areas the play-outs leave alone.

use super::chains::{neighbors, Chain};
use super::eyes::enclosed_without_eyes;
use crate::geom::{Color, Position};

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
}

/// Benson's unconditional life, for both colours.
pub(super) fn benson(position: &Position, chains: &[Chain], chain_at: &[usize]) -> Settled {
    let size = position.size;
    let n = size.points();
    let mut status = vec![None; chains.len()];
    for color in [Color::Black, Color::White] {
        // Regions: maximal connected sets of points not of `color`.
        let mut region_of = vec![usize::MAX; n];
        let mut regions: Vec<Vec<usize>> = Vec::new();
        let mut stack = Vec::new();
        for start in 0..n {
            if position.cells[start] == Some(color) || region_of[start] != usize::MAX {
                continue;
            }
            let id = regions.len();
            let mut pts = Vec::new();
            region_of[start] = id;
            stack.push(start);
            while let Some(p) = stack.pop() {
                pts.push(p);
                for q in neighbors(size, p) {
                    if position.cells[q] != Some(color) && region_of[q] == usize::MAX {
                        region_of[q] = id;
                        stack.push(q);
                    }
                }
            }
            regions.push(pts);
        }
        // Bordering chains of each region, and the chains each region is vital to.
        let mut borders: Vec<Vec<usize>> = vec![Vec::new(); regions.len()];
        let mut vital: Vec<Vec<usize>> = vec![Vec::new(); regions.len()];
        for (r, pts) in regions.iter().enumerate() {
            for &p in pts {
                for q in neighbors(size, p) {
                    if position.cells[q] == Some(color) {
                        let id = chain_at[q];
                        if !borders[r].contains(&id) {
                            borders[r].push(id);
                        }
                    }
                }
            }
            for &id in &borders[r] {
                let libs = &chains[id].liberties;
                let all_libs = pts
                    .iter()
                    .filter(|&&p| position.cells[p].is_none())
                    .all(|p| libs.binary_search(p).is_ok());
                if all_libs {
                    vital[r].push(id);
                }
            }
        }
        let mut chain_alive: Vec<bool> = chains.iter().map(|c| c.color == color).collect();
        let mut region_alive = vec![true; regions.len()];
        loop {
            let mut vital_count = vec![0u32; chains.len()];
            for r in 0..regions.len() {
                if region_alive[r] {
                    for &id in &vital[r] {
                        vital_count[id] += 1;
                    }
                }
            }
            let mut changed = false;
            for (id, alive) in chain_alive.iter_mut().enumerate() {
                if *alive && vital_count[id] < 2 {
                    *alive = false;
                    changed = true;
                }
            }
            for r in 0..regions.len() {
                if region_alive[r] && borders[r].iter().any(|&id| !chain_alive[id]) {
                    region_alive[r] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for (id, &alive) in chain_alive.iter().enumerate() {
            if alive {
                status[id] = Some(true);
            }
        }
        // The opponent's stones inside a region vital to a pass-alive chain cannot make
        // an eye there and are captured one liberty at a time.
        for r in 0..regions.len() {
            if region_alive[r] && !borders[r].is_empty() && !vital[r].is_empty() {
                for &p in &regions[r] {
                    if position.cells[p].is_some() {
                        status[chain_at[p]] = Some(false);
                    }
                }
            }
        }
    }
    Settled { status }
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
