//! Unconditional life (Benson's algorithm): the chains no sequence of moves can capture, even
//! if their owner always passes, and the small regions they enclose where the opponent can
//! never live. Stones of the other colour in such a region are dead whatever anyone says.
//!
//! For one colour C the board splits into C's chains and *C-enclosed regions*: maximal
//! connected sets of points that hold no C stone (empty points and the opponent's stones).
//! A region is *vital* to a chain it touches when it holds at least one empty point and every
//! empty point in it is a liberty of that chain. Then, until nothing changes, chains with
//! fewer than two vital regions are struck out, and so are regions that touch a struck-out
//! chain. What remains is pass-alive; the remaining regions vital to some remaining chain
//! are C's pass-alive territory. Seki groups never survive this (their shared liberties
//! lie in a region that also holds an eye of the opponent, or they have one vital region),
//! so nothing in a seki is ever called dead.

use crate::geom::{Color, Point, Position};

/// The pass-alive chains and territory of one colour.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Life {
    /// Unconditionally alive chains, each sorted, in order of their first point.
    pub chains: Vec<Vec<Point>>,
    /// Pass-alive territory: regions (empty points and enclosed opponent stones), each
    /// sorted, in order of their first point.
    pub regions: Vec<Vec<Point>>,
}

impl Life {
    /// Every stone of the pass-alive chains, sorted.
    pub fn stones(&self) -> Vec<Point> {
        let mut v: Vec<Point> = self.chains.iter().flatten().copied().collect();
        v.sort();
        v
    }

    /// Every point of the pass-alive territory, sorted.
    pub fn territory(&self) -> Vec<Point> {
        let mut v: Vec<Point> = self.regions.iter().flatten().copied().collect();
        v.sort();
        v
    }
}

/// Pass-alive chains and territory of both colours.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PassAlive {
    pub black: Life,
    pub white: Life,
}

impl PassAlive {
    pub fn of(&self, color: Color) -> &Life {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }
}

/// Runs Benson's algorithm for both colours.
pub fn pass_alive(position: &Position) -> PassAlive {
    PassAlive {
        black: life_of(position, Color::Black),
        white: life_of(position, Color::White),
    }
}

/// Stones lying inside the other colour's pass-alive territory: dead under any reading of
/// the position (the owner of the territory can capture them without ever risking its own
/// chains). Sorted. A stone that is itself pass-alive is never listed.
pub fn dead_in_pass_alive_territory(position: &Position) -> Vec<Point> {
    pass_alive(position).dead_inside(position)
}

impl PassAlive {
    /// The stones of `position` (the one this was computed on) lying inside the other
    /// colour's pass-alive territory: see [`dead_in_pass_alive_territory`].
    pub fn dead_inside(&self, position: &Position) -> Vec<Point> {
        let life = self;
        let mut dead = Vec::new();
        for color in [Color::Black, Color::White] {
            let own_alive = life.of(color.opponent()).stones();
            for p in life.of(color).territory() {
                if position.get(p) == Some(color.opponent()) && own_alive.binary_search(&p).is_err()
                {
                    dead.push(p);
                }
            }
        }
        dead.sort();
        dead.dedup();
        dead
    }
}

const NONE: u32 = u32::MAX;

/// Labels connected components of the points for which `member` holds.
fn components(position: &Position, member: impl Fn(Option<Color>) -> bool) -> (Vec<u32>, u32) {
    let size = position.size;
    let mut label = vec![NONE; position.cells.len()];
    let mut count = 0u32;
    let mut stack = Vec::new();
    for start in 0..position.cells.len() {
        if label[start] != NONE || !member(position.cells[start]) {
            continue;
        }
        label[start] = count;
        stack.push(start);
        while let Some(i) = stack.pop() {
            for q in size.neighbors(size.point(i)) {
                let j = size.index(q);
                if label[j] == NONE && member(position.cells[j]) {
                    label[j] = count;
                    stack.push(j);
                }
            }
        }
        count += 1;
    }
    (label, count)
}

fn life_of(position: &Position, color: Color) -> Life {
    let size = position.size;
    let (chain_of, n_chains) = components(position, |c| c == Some(color));
    let (region_of, n_regions) = components(position, |c| c != Some(color));
    let (n_chains, n_regions) = (n_chains as usize, n_regions as usize);

    // Chains bordering each region, and for each region the chains it is vital to.
    let mut borders: Vec<Vec<u32>> = vec![Vec::new(); n_regions];
    let mut empties = vec![0usize; n_regions];
    // (region, chain) -> number of the region's empty points that are liberties of the chain.
    let mut liberty_counts: Vec<Vec<(u32, usize)>> = vec![Vec::new(); n_regions];
    for (i, &r) in region_of.iter().enumerate() {
        if r == NONE {
            continue;
        }
        let r = r as usize;
        let mut adjacent: Vec<u32> = size
            .neighbors(size.point(i))
            .map(|q| chain_of[size.index(q)])
            .filter(|&c| c != NONE)
            .collect();
        adjacent.sort_unstable();
        adjacent.dedup();
        for &c in &adjacent {
            if !borders[r].contains(&c) {
                borders[r].push(c);
            }
        }
        if position.cells[i].is_none() {
            empties[r] += 1;
            for &c in &adjacent {
                match liberty_counts[r].iter_mut().find(|(k, _)| *k == c) {
                    Some((_, n)) => *n += 1,
                    None => liberty_counts[r].push((c, 1)),
                }
            }
        }
    }
    let mut vital_to: Vec<Vec<u32>> = vec![Vec::new(); n_regions];
    let mut vital_regions: Vec<Vec<usize>> = vec![Vec::new(); n_chains];
    for r in 0..n_regions {
        if empties[r] == 0 {
            continue;
        }
        for &(c, n) in &liberty_counts[r] {
            if n == empties[r] {
                vital_to[r].push(c);
                vital_regions[c as usize].push(r);
            }
        }
    }

    let mut chain_in = vec![true; n_chains];
    let mut region_in = vec![true; n_regions];
    loop {
        let mut changed = false;
        for c in 0..n_chains {
            if chain_in[c] && vital_regions[c].iter().filter(|&&r| region_in[r]).count() < 2 {
                chain_in[c] = false;
                changed = true;
            }
        }
        for r in 0..n_regions {
            if region_in[r] && borders[r].iter().any(|&c| !chain_in[c as usize]) {
                region_in[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }

    let mut chains: Vec<Vec<Point>> = vec![Vec::new(); n_chains];
    let mut regions: Vec<Vec<Point>> = vec![Vec::new(); n_regions];
    for i in 0..position.cells.len() {
        let p = size.point(i);
        if chain_of[i] != NONE {
            chains[chain_of[i] as usize].push(p);
        } else if region_of[i] != NONE {
            regions[region_of[i] as usize].push(p);
        }
    }
    let keep_region = |r: usize| region_in[r] && vital_to[r].iter().any(|&c| chain_in[c as usize]);
    let mut life = Life {
        chains: chains
            .into_iter()
            .enumerate()
            .filter(|&(c, _)| chain_in[c])
            .map(|(_, v)| v)
            .collect(),
        regions: regions
            .into_iter()
            .enumerate()
            .filter(|&(r, _)| keep_region(r))
            .map(|(_, v)| v)
            .collect(),
    };
    for v in life.chains.iter_mut().chain(life.regions.iter_mut()) {
        v.sort();
    }
    life.chains.sort();
    life.regions.sort();
    life
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_real_eyes_are_pass_alive() {
        let p = Position::from_diagram(
            "
            . X . X O
            X X X X O
            O O O O O
            . . . . .",
        );
        let life = pass_alive(&p);
        assert_eq!(life.black.chains.len(), 1);
        assert_eq!(
            life.black.territory(),
            vec![Point::new(0, 0), Point::new(2, 0)]
        );
        assert!(life.white.chains.is_empty());
    }

    #[test]
    fn one_eye_is_not_pass_alive() {
        // The corner eye is the chain's only vital region: the open side is too big.
        let p = Position::from_diagram(
            "
            . X . . .
            X X . . .
            . . . . .",
        );
        assert!(pass_alive(&p).black.chains.is_empty());
    }

    #[test]
    fn a_region_without_an_empty_point_is_no_eye() {
        // Setup can leave White stones without a liberty inside Black's two corners. Such
        // a region gives the chain no liberty, so it is not vital: counted as eyes, they
        // would make pass-alive a chain that its opponent can still surround and take,
        // and the White stones "dead inside territory" that nothing encloses.
        let p = Position::from_diagram(
            "
            O X O X .
            X X X X .
            . . . . .",
        );
        let life = pass_alive(&p);
        assert!(life.black.chains.is_empty());
        assert!(life.dead_inside(&p).is_empty());
        // With one of the two corners empty, still one vital region only.
        let p = Position::from_diagram(
            "
            . X O X .
            X X X X .
            . . . . .",
        );
        assert!(pass_alive(&p).black.chains.is_empty());
    }
}
