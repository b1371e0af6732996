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
//!
//! Every counted game runs this, so chains and regions are bitboards ([`super::bits`]),
//! found by flooding, and the buffers of a run are kept per thread: finding the dead stones
//! ([`push_dead_in_pass_alive_territory`]) allocates nothing once they have grown.

use super::bits::{on_grid, Bits, Grid, OnGrid};
use crate::geom::{Color, Point, Position};
use std::cell::RefCell;

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
    on_grid(position.size, BothLives(position))
}

/// Stones lying inside the other colour's pass-alive territory: dead under any reading of
/// the position (the owner of the territory can capture them without ever risking its own
/// chains). Sorted. A stone that is itself pass-alive is never listed.
pub fn dead_in_pass_alive_territory(position: &Position) -> Vec<Point> {
    let mut dead = Vec::new();
    push_dead_in_pass_alive_territory(position, &mut dead);
    dead.sort();
    dead
}

/// Appends to `out` the stones [`dead_in_pass_alive_territory`] lists, in row-major order
/// (`Position::cells`' order, not sorted), each once. Allocates nothing but `out`'s growth.
pub fn push_dead_in_pass_alive_territory(position: &Position, out: &mut Vec<Point>) {
    on_grid(position.size, DeadInside { position, out });
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

struct BothLives<'a>(&'a Position);

impl OnGrid for BothLives<'_> {
    type Output = PassAlive;
    fn run<const N: usize>(self, grid: &Grid<N>) -> PassAlive {
        let stones = grid.stones(self.0);
        let empty = grid.board & !(stones[0] | stones[1]);
        with_scratch(|s| PassAlive {
            black: life_lists(grid, stones[0], empty, s),
            white: life_lists(grid, stones[1], empty, s),
        })
    }
}

struct DeadInside<'a> {
    position: &'a Position,
    out: &'a mut Vec<Point>,
}

impl OnGrid for DeadInside<'_> {
    type Output = ();
    fn run<const N: usize>(self, grid: &Grid<N>) {
        let stones = grid.stones(self.position);
        let empty = grid.board & !(stones[0] | stones[1]);
        let dead = with_scratch(|s| {
            let black = life_sets(grid, stones[0], empty, s);
            let white = life_sets(grid, stones[1], empty, s);
            (black.territory & stones[1] & !white.alive)
                | (white.territory & stones[0] & !black.alive)
        });
        grid.push_points(&dead, self.out);
    }
}

/// One colour's pass-alive stones and territory, as sets.
struct LifeSets<const N: usize> {
    alive: Bits<N>,
    territory: Bits<N>,
}

/// A chain bordering a region, and whether the region is vital to it.
#[derive(Clone, Copy, Debug)]
struct Border {
    region: u32,
    chain: u32,
    vital: bool,
}

/// The buffers of one run of the algorithm, kept per thread from one position to the next
/// so that a run allocates nothing once they have grown to the board.
#[derive(Default)]
struct Scratch {
    /// Per chain, `N` words of its stones, then `N` words of its stones and their neighbours.
    chain_words: Vec<u64>,
    /// Per region, `N` words of its points.
    region_words: Vec<u64>,
    /// Per point holding a stone of a listed chain, the number of the chain.
    chain_at: Vec<u32>,
    /// Per chain, the last region seen bordering it (to list each border once).
    last_region: Vec<u32>,
    borders: Vec<Border>,
    chain_alive: Vec<bool>,
    region_alive: Vec<bool>,
    /// Per region, whether it is pass-alive territory: alive and vital to an alive chain.
    region_kept: Vec<bool>,
    vital_count: Vec<u32>,
}

/// `Scratch::chain_at` of a stone whose chain is not listed yet.
const UNLISTED: u32 = u32::MAX;

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// Runs `f` with this thread's buffers (fresh ones should they be in use already).
fn with_scratch<R>(f: impl FnOnce(&mut Scratch) -> R) -> R {
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut scratch) => f(&mut scratch),
        Err(_) => f(&mut Scratch::default()),
    })
}

impl Scratch {
    fn chain<const N: usize>(&self, c: usize) -> Bits<N> {
        Bits::from_words(&self.chain_words[2 * c * N..(2 * c + 1) * N])
    }

    /// A chain's stones and their neighbours: its liberties among them.
    fn chain_reach<const N: usize>(&self, c: usize) -> Bits<N> {
        Bits::from_words(&self.chain_words[(2 * c + 1) * N..(2 * c + 2) * N])
    }

    fn region<const N: usize>(&self, r: usize) -> Bits<N> {
        Bits::from_words(&self.region_words[r * N..(r + 1) * N])
    }
}

/// Runs the algorithm for the colour of `own` and gives the surviving chains and
/// territory as sets; the scratch keeps the chains, the regions and their fates.
///
/// Only the regions that can be vital to a chain are listed: a region holding an empty
/// point that no stone of the colour touches is vital to none, nor is it ever territory,
/// and the chains that border no other region have no vital region and never survive.
fn life_sets<const N: usize>(
    grid: &Grid<N>,
    own: Bits<N>,
    empty: Bits<N>,
    s: &mut Scratch,
) -> LifeSets<N> {
    let others = grid.board & !own;
    let far = empty & !grid.grown(own);
    let candidates = others & !grid.flood(far, others);
    list_regions(grid, own, empty, candidates, s);
    strike_out(s);
    let mut life = LifeSets {
        alive: Bits::EMPTY,
        territory: Bits::EMPTY,
    };
    for c in (0..s.chain_alive.len()).filter(|&c| s.chain_alive[c]) {
        life.alive |= s.chain(c);
    }
    for r in (0..s.region_kept.len()).filter(|&r| s.region_kept[r]) {
        life.territory |= s.region(r);
    }
    life
}

/// Runs the algorithm for the colour of `own` and lists the surviving chains and
/// territory as [`Life`] gives them.
fn life_lists<const N: usize>(
    grid: &Grid<N>,
    own: Bits<N>,
    empty: Bits<N>,
    s: &mut Scratch,
) -> Life {
    life_sets(grid, own, empty, s);
    let sorted_points = |set: Bits<N>| {
        let mut points = Vec::new();
        grid.push_points(&set, &mut points);
        points.sort();
        points
    };
    let mut life = Life {
        chains: (0..s.chain_alive.len())
            .filter(|&c| s.chain_alive[c])
            .map(|c| sorted_points(s.chain(c)))
            .collect(),
        regions: (0..s.region_kept.len())
            .filter(|&r| s.region_kept[r])
            .map(|r| sorted_points(s.region(r)))
            .collect(),
    };
    life.chains.sort();
    life.regions.sort();
    life
}

/// The number of the chain of the stone at `stone`, listing the chain (its stones, its
/// reach, the chain of each of its stones) when it is met for the first time.
fn chain_of<const N: usize>(grid: &Grid<N>, own: Bits<N>, stone: usize, s: &mut Scratch) -> u32 {
    if s.chain_at[stone] != UNLISTED {
        return s.chain_at[stone];
    }
    let number = s.chain_alive.len() as u32;
    let chain = grid.flood(Bits::single(stone), own);
    for i in chain.indices() {
        s.chain_at[i] = number;
    }
    s.chain_words.extend_from_slice(chain.words());
    s.chain_words.extend_from_slice(grid.grown(chain).words());
    s.chain_alive.push(true);
    s.last_region.push(u32::MAX);
    number
}

/// Splits `candidates` (whole regions that `own` encloses) into regions, and lists the
/// chains bordering each with whether the region is vital to them: it holds an empty
/// point and each of its empty points is a liberty of the chain.
fn list_regions<const N: usize>(
    grid: &Grid<N>,
    own: Bits<N>,
    empty: Bits<N>,
    candidates: Bits<N>,
    s: &mut Scratch,
) {
    s.chain_words.clear();
    s.chain_alive.clear();
    s.last_region.clear();
    s.chain_at.clear();
    s.chain_at.resize(grid.size().points(), UNLISTED);
    s.region_words.clear();
    s.borders.clear();
    let mut rest = candidates;
    let mut regions = 0u32;
    while let Some(start) = rest.first() {
        let region = grid.flood(Bits::single(start), candidates);
        rest &= !region;
        let region_empty = region & empty;
        for i in (grid.grown(region) & own).indices() {
            let chain = chain_of(grid, own, i, s);
            if std::mem::replace(&mut s.last_region[chain as usize], regions) == regions {
                continue;
            }
            let vital = !region_empty.is_empty()
                && region_empty.is_within(&s.chain_reach::<N>(chain as usize));
            s.borders.push(Border {
                region: regions,
                chain,
                vital,
            });
        }
        s.region_words.extend_from_slice(region.words());
        regions += 1;
    }
    s.region_alive.clear();
    s.region_alive.resize(regions as usize, true);
}

/// Strikes out, until nothing changes, the chains with fewer than two vital regions and
/// the regions bordering a struck-out chain; then marks the territory that remains.
fn strike_out(s: &mut Scratch) {
    loop {
        s.vital_count.clear();
        s.vital_count.resize(s.chain_alive.len(), 0);
        for b in s.borders.iter().filter(|b| b.vital) {
            if s.region_alive[b.region as usize] {
                s.vital_count[b.chain as usize] += 1;
            }
        }
        let mut changed = false;
        for (alive, &vital) in s.chain_alive.iter_mut().zip(&s.vital_count) {
            if *alive && vital < 2 {
                *alive = false;
                changed = true;
            }
        }
        for b in &s.borders {
            let region_alive = &mut s.region_alive[b.region as usize];
            if *region_alive && !s.chain_alive[b.chain as usize] {
                *region_alive = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    s.region_kept.clear();
    s.region_kept.resize(s.region_alive.len(), false);
    for b in s.borders.iter().filter(|b| b.vital) {
        if s.region_alive[b.region as usize] && s.chain_alive[b.chain as usize] {
            s.region_kept[b.region as usize] = true;
        }
    }
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
