//! Readings of a counted position with their odds: which doubted chains are dead, which
//! counting and komi the record's source used. The check weighs a recorded result by the
//! probability of the readings that give it, never by whether some reading does.

use crate::geom::{Point, Position};
use crate::score::estimate::find;
use crate::score::{CountedBy, Margins};

use super::calibration::{
    ALIVE_WRONG, DEAD_WRONG, NEGLIGIBLE, SAME_KOMI, SAME_ODDS, SAME_POINTS, SMALL_DEAD_WRONG,
};
use super::source::{AliveScale, Conventions};

/// The maps of the check's search, keyed by small tuples and index lists: hashed with
/// `foldhash`'s fast hasher at a fixed seed (SipHash, the standard one, took 3% of a
/// default audit), so their order, and the sums taken over them, are the same from run
/// to run.
pub(super) type FastMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::FixedState>;

/// Most doubted chains whose fates are tried together (2^12 assignments); the odds of the
/// others changing are counted as unexplored.
pub const MAX_SEARCHED_CHAINS: usize = 12;

/// The probability that the estimate's fate of a group of chains is right, from the
/// share of the play-outs that agreed with it (smoothed: it never reaches 1), its size, its
/// liberties and its fate. A share is not a probability: play-outs from one position share
/// their blind spots, and the estimate's later steps (reading, eye shapes) overrule some of
/// them; and the same share means more for a big group left alive than for a lone stone
/// left dead. Measured on the 7,279 counted records of `tygem-9d-part01.sgf` (taking their
/// `RE[]` as true): in each class (fate, size, band of agreement), the share of the groups of
/// the full estimates whose single change of fate gives `RE[]` where the estimate does not,
/// doubled for the errors no single change shows (see `ALIVE_WRONG`). The same shares
/// measured on `tygem-9d-part03.sgf` are within a third of these in every class with
/// more than a few; the README's reliability table checks the result on other collections.
/// A small dead group the play-outs agree on is told apart by its liberties and by its
/// *swing*, how far the margin of the record's counting moves if it lives (see
/// `SMALL_DEAD_WRONG`): `liberties` and `swing` measure them, and are called for such
/// groups only (the swing costs a recount). The odds of a dead group being wrong are
/// scaled by `scale`, how often the record's results count such a group alive against
/// Tygem's ([`super::source::Source::alive_scale`]: it depends on the source and on how
/// the game ended).
pub fn calibrated(
    scale: AliveScale,
    share: f64,
    stones: usize,
    liberties: impl FnOnce() -> usize,
    swing: impl FnOnce() -> f64,
    dead: bool,
) -> f64 {
    let band = match share {
        s if s >= 0.95 => 0,
        s if s >= 0.90 => 1,
        s if s >= 0.75 => 2,
        _ => 3,
    };
    let size = match stones {
        0 | 1 => 0,
        2 | 3 => 1,
        _ => 2,
    };
    if dead && size < 2 && band < 2 {
        let liberties = liberties().clamp(1, 3) - 1;
        let swing = match swing() {
            s if s <= 3.0 => 0,
            s if s <= 5.0 => 1,
            s if s <= 9.0 => 2,
            _ => 3,
        };
        return 1.0 - scale.small_dead * SMALL_DEAD_WRONG[size][band][liberties][swing];
    }
    if dead {
        1.0 - scale.other_dead * DEAD_WRONG[size][band]
    } else {
        1.0 - ALIVE_WRONG[size][band]
    }
}

/// A chain a reading may give the other fate.
#[derive(Clone, Debug, PartialEq)]
pub struct Doubt {
    /// Sorted.
    pub stones: Vec<Point>,
    /// Counted dead by the estimate.
    pub dead: bool,
    /// The probability that the estimate's fate is right (0.5 to 1).
    pub right: f64,
    /// The fate counted is the record's markup's, which the estimate disputes.
    pub by_markup: bool,
}

/// One reading: the chains given the other fate, the counting, the komi when the record's
/// is a guess, and an open-boundary point given to one side.
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    /// Indices into the doubts.
    pub flipped: Vec<usize>,
    pub counting: CountedBy,
    pub komi: Option<f64>,
    /// The handicap compensation of an area count, when the rules that set it are not in
    /// the record and it is not the assumed rules' own (see [`Conventions::compensation`]).
    pub compensation: Option<f64>,
    /// Points of unfinished boundaries counted for Black (positive) or White (negative).
    pub open_point: i8,
    pub probability: f64,
}

/// Margins of one assignment of fates, under the record's komi: its dead stones as a set
/// (in any order, a stone maybe listed twice).
pub type MarginsOf<'a> = dyn Fn(&[Point]) -> Margins + 'a;

/// The counts of assignments of fates, each counted once. A doubt's *zone* is its stones
/// and the empty regions of the estimate's own count (its dead stones taken off) that
/// hold or touch them: giving the doubt the other fate changes regions, their borders and
/// their owners inside its zone only. Two doubts *touch* when their zones share a region
/// or their stones touch; zones of doubts that do not touch lie apart, so flipping both
/// changes the count by what flipping each alone changes. The margins of an assignment
/// are therefore those of the estimate's own fates plus the change of each part of the
/// flipped doubts (the doubts linked through touching), and the search counts a position
/// once per such part, not once per assignment: every pair of doubts that do not touch
/// comes from the counts of each alone.
pub struct Recount<'a, 'm> {
    dead: &'a [Point],
    doubts: &'a [Doubt],
    margins_of: &'a MarginsOf<'m>,
    /// Whether doubts `i` and `j` touch, at `i * doubts.len() + j`.
    touching: Vec<bool>,
    /// The margins of the estimate's own fates.
    base: Margins,
    /// The margins with the doubts of a key (one part's, sorted) given the other fate.
    counted: FastMap<Vec<usize>, Margins>,
}

impl<'a, 'm> Recount<'a, 'm> {
    /// Finds which `doubts` of `position` touch, its estimate having taken `dead` off;
    /// `base` is what `margins_of(dead)` gives (the caller has counted it already).
    pub fn new(
        position: &Position,
        dead: &'a [Point],
        doubts: &'a [Doubt],
        margins_of: &'a MarginsOf<'m>,
        base: Margins,
    ) -> Self {
        Recount {
            dead,
            doubts,
            margins_of,
            touching: touching(position, dead, doubts),
            base,
            counted: FastMap::default(),
        }
    }

    /// The margins with the `flipped` doubts (sorted) given the other fate: the sum of the
    /// change of each part (see [`Recount::parts`]), found on the stack for a few
    /// doubts (the search asks for the margins of hundreds of readings per position, most
    /// of them of two or three doubts).
    pub fn margins(&mut self, flipped: &[usize]) -> Margins {
        let n = flipped.len();
        match n {
            0 => return self.base,
            1 => return self.of_one_part(flipped),
            _ => {}
        }
        let (mut link_on_stack, mut members_on_stack) = ([0usize; SMALL_SET], [0usize; SMALL_SET]);
        let (mut link_on_heap, mut members_on_heap);
        let (link, members): (&mut [usize], &mut [usize]) = if n <= SMALL_SET {
            (&mut link_on_stack[..n], &mut members_on_stack[..n])
        } else {
            link_on_heap = vec![0; n];
            members_on_heap = vec![0; n];
            (&mut link_on_heap, &mut members_on_heap)
        };
        self.link_touching(flipped, link);
        let mut margins = self.base;
        for root in 0..n {
            if find(link, root) != root {
                continue;
            }
            let mut m = 0;
            for (k, &doubt) in flipped.iter().enumerate().skip(root) {
                if find(link, k) == root {
                    members[m] = doubt;
                    m += 1;
                }
            }
            if m == n {
                return self.of_one_part(flipped);
            }
            let changed = self.of_one_part(&members[..m]);
            margins.area += changed.area - self.base.area;
            margins.territory += changed.territory - self.base.territory;
        }
        margins
    }

    /// Links the positions of `members` (sorted) whose doubts touch, in `link` (one slot
    /// per member): a part's root is its first member (links go from the higher root to
    /// the lower), so parts come in the order of their first member.
    fn link_touching(&self, members: &[usize], link: &mut [usize]) {
        for (k, l) in link.iter_mut().enumerate() {
            *l = k;
        }
        for b in 1..members.len() {
            for a in 0..b {
                if self.touch(members[a], members[b]) {
                    let (ra, rb) = (find(link, a), find(link, b));
                    link[ra.max(rb)] = ra.min(rb);
                }
            }
        }
    }

    /// Takes `margins` as the count with doubt `i` alone given the other fate: a count the
    /// caller made already.
    pub fn counted_alone(&mut self, i: usize, margins: Margins) {
        self.counted.insert(vec![i], margins);
    }

    /// The doubts linked through touching, each part sorted: flipping the doubts of
    /// different parts changes the count by the sum of each part's change.
    pub fn parts(&self) -> Vec<Vec<usize>> {
        let all: Vec<usize> = (0..self.doubts.len()).collect();
        self.parts_of(&all)
    }

    /// The `members` (sorted) linked through touching, in parts in the order of their
    /// first member, each sorted.
    fn parts_of(&self, members: &[usize]) -> Vec<Vec<usize>> {
        let mut link = vec![0; members.len()];
        self.link_touching(members, &mut link);
        // Each part's root is its first member: its slot is where its parts start.
        let mut slot = vec![usize::MAX; members.len()];
        let mut parts: Vec<Vec<usize>> = Vec::new();
        for (k, &i) in members.iter().enumerate() {
            let root = find(&mut link, k);
            if slot[root] == usize::MAX {
                slot[root] = parts.len();
                parts.push(Vec::new());
            }
            parts[slot[root]].push(i);
        }
        parts
    }

    /// Whether doubts `i` and `j` touch.
    pub fn touch(&self, i: usize, j: usize) -> bool {
        self.touching[i * self.doubts.len() + j]
    }

    /// The margins with the `flipped` doubts, linked through touching, given the other
    /// fate.
    fn of_one_part(&mut self, flipped: &[usize]) -> Margins {
        if let Some(&m) = self.counted.get(flipped) {
            return m;
        }
        let m = (self.margins_of)(&dead_stones_of(self.dead, self.doubts, flipped));
        self.counted.insert(flipped.to_vec(), m);
        m
    }
}

/// Flipped sets of at most this many doubts are split into parts without allocating.
const SMALL_SET: usize = 16;

/// Which doubts touch (see [`Recount`]), as a matrix: `i * doubts.len() + j`. Doubts
/// that share a stone touch every doubt (rare, and always safe: doubts counted together
/// are counted exactly).
fn touching(position: &Position, dead: &[Point], doubts: &[Doubt]) -> Vec<bool> {
    let size = position.size;
    let n = doubts.len();
    if n < 2 {
        return vec![false; n * n];
    }
    // The empty points of the estimate's own count: empty, or a dead stone.
    let mut open: Vec<bool> = position.cells.iter().map(Option::is_none).collect();
    for p in dead.iter().filter(|p| size.contains(**p)) {
        open[size.index(*p)] = true;
    }
    let region = regions(size, &open);
    let mut touching = vec![false; n * n];
    // The doubt on each point, and each doubt's zone as (region, doubt) pairs.
    let mut stone_of = vec![usize::MAX; open.len()];
    let mut zones: Vec<(usize, usize)> = Vec::new();
    // Per region, the last doubt whose zone took it in.
    let mut zone_mark = vec![usize::MAX; open.len()];
    for (k, d) in doubts.iter().enumerate() {
        for &s in d.stones.iter().filter(|p| size.contains(**p)) {
            let i = size.index(s);
            if stone_of[i] != usize::MAX {
                touching.iter_mut().for_each(|t| *t = true);
                return touching;
            }
            stone_of[i] = k;
            for q in std::iter::once(s).chain(size.neighbors(s)) {
                let j = size.index(q);
                if open[j] && zone_mark[region[j]] != k {
                    zone_mark[region[j]] = k;
                    zones.push((region[j], k));
                }
            }
        }
    }
    zones.sort_unstable();
    zones.dedup();
    let mut link = |a: usize, b: usize| {
        touching[a * n + b] = true;
        touching[b * n + a] = true;
    };
    for same_region in zones.chunk_by(|a, b| a.0 == b.0) {
        for (x, &(_, a)) in same_region.iter().enumerate() {
            for &(_, b) in &same_region[..x] {
                link(a, b);
            }
        }
    }
    for (k, d) in doubts.iter().enumerate() {
        for &s in d.stones.iter().filter(|p| size.contains(**p)) {
            for q in size.neighbors(s) {
                let other = stone_of[size.index(q)];
                if other != usize::MAX && other != k {
                    link(k, other);
                }
            }
        }
    }
    touching
}

/// Per point, the label (a point of it) of the region of `open` points it lies in;
/// `usize::MAX` for points not open.
fn regions(size: crate::geom::BoardSize, open: &[bool]) -> Vec<usize> {
    let mut region = vec![usize::MAX; open.len()];
    let mut stack = Vec::new();
    for start in 0..open.len() {
        if !open[start] || region[start] != usize::MAX {
            continue;
        }
        region[start] = start;
        stack.push(start);
        while let Some(i) = stack.pop() {
            for q in size.neighbors(size.point(i)) {
                let j = size.index(q);
                if open[j] && region[j] == usize::MAX {
                    region[j] = start;
                    stack.push(j);
                }
            }
        }
    }
    region
}

/// What the search found.
#[derive(Clone, Debug)]
pub struct Search {
    /// The most probable reading (no chain flipped, the most probable conventions) and
    /// its margin.
    pub best: Reading,
    pub best_margin: f64,
    /// The most probable reading whose margin is the target, if any.
    pub fit: Option<Reading>,
    /// The probability of all readings whose margin is the target.
    pub fit_mass: f64,
    /// The probability of the readings not counted (too many chains, or each negligible):
    /// any of them might give the target.
    pub unexplored: f64,
}

/// The readings' weights besides the fates: counting × komi × compensation × open point.
pub(super) struct Convention {
    counting: CountedBy,
    komi: Option<f64>,
    /// The compensation, and what it adds to Black's area margin counted with the assumed
    /// rules' own.
    compensation: Option<(f64, f64)>,
    open_point: i8,
    pub(super) odds: f64,
}

/// Every convention with its odds, the most probable first. A komi the same as the
/// record's (`record_komi`) is no assumption: `None`.
pub(super) fn conventions_of(
    conventions: &Conventions,
    open_boundary: f64,
    record_komi: f64,
) -> Vec<Convention> {
    let komi: Vec<(Option<f64>, f64)> = if conventions.komi.is_empty() {
        vec![(None, 1.0)]
    } else {
        conventions
            .komi
            .iter()
            .map(|k| ((k.komi - record_komi).abs() > SAME_KOMI).then_some(k.komi))
            .zip(conventions.komi.iter().map(|k| k.odds))
            .collect()
    };
    // Only an area count gives White the compensation: one that is not the first (the
    // assumed rules' own, which the margins hold) moves Black's margin by the difference.
    let own = conventions.compensation.first().map_or(0.0, |c| c.points);
    let compensation = |counting: CountedBy| -> Vec<(Option<(f64, f64)>, f64)> {
        if counting != CountedBy::Area || conventions.compensation.is_empty() {
            return vec![(None, 1.0)];
        }
        conventions
            .compensation
            .iter()
            .map(|c| {
                (
                    (c.points != own).then_some((c.points, own - c.points)),
                    c.odds,
                )
            })
            .collect()
    };
    // One to three points, each step less likely, for either side.
    let mut open: Vec<(i8, f64)> = vec![(0, 1.0 - open_boundary)];
    if open_boundary > 0.0 {
        for (points, share) in [(1, 0.6), (2, 0.3), (3, 0.1)] {
            open.push((points, open_boundary * share / 2.0));
            open.push((-points, open_boundary * share / 2.0));
        }
    }
    let mut out = Vec::new();
    for c in &conventions.countings {
        for (bonus, bonus_odds) in compensation(c.counting) {
            for &(k, komi_odds) in &komi {
                for &(open_point, open_odds) in &open {
                    out.push(Convention {
                        counting: c.counting,
                        komi: k,
                        compensation: bonus,
                        open_point,
                        odds: c.odds * bonus_odds * komi_odds * open_odds,
                    });
                }
            }
        }
    }
    out.sort_by(|a, b| b.odds.total_cmp(&a.odds));
    out
}

/// The dead stones of a reading: the estimate's, with the `flipped` doubts reversed.
pub fn dead_with(dead: &[Point], doubts: &[Doubt], flipped: &[usize]) -> Vec<Point> {
    let mut removed = dead_stones_of(dead, doubts, flipped);
    removed.sort();
    removed.dedup();
    removed
}

/// [`dead_with`] in no order, a stone maybe twice: what a count that takes the stones as
/// a set needs (the check's recounts make thousands of these).
fn dead_stones_of(dead: &[Point], doubts: &[Doubt], flipped: &[usize]) -> Vec<Point> {
    let revived: usize = flipped
        .iter()
        .map(|&i| &doubts[i])
        .filter(|chain| !chain.dead)
        .map(|chain| chain.stones.len())
        .sum();
    // Room for every stone at once.
    let mut removed = Vec::with_capacity(dead.len() + revived);
    removed.extend_from_slice(dead);
    for &i in flipped {
        let chain = &doubts[i];
        if chain.dead {
            removed.retain(|p| chain.stones.binary_search(p).is_err());
        } else {
            removed.extend_from_slice(&chain.stones);
        }
    }
    removed
}

/// The margin of a reading from its fates' margins (under the record's komi `komi`).
pub(super) fn margin_of(margins: &Margins, c: &Convention, komi: f64) -> f64 {
    let counted = margins.by(c.counting);
    let compensation = c.compensation.map_or(0.0, |(_, shift)| shift);
    counted + komi - c.komi.unwrap_or(komi) + compensation + f64::from(c.open_point)
}

/// Weighs every reading of `doubts` (the least sure first) and `conventions` against the
/// `target` margin (Black's, in points): every assignment of fates to the
/// [`MAX_SEARCHED_CHAINS`] least sure doubts, and each other doubt changed alone.
/// `open_boundary` is the odds that unfinished boundaries hide one to three points for
/// either side (0 when the position is closed). `thorough` also weighs every pair of
/// doubts, however improbable each pair: many doubted groups leave much of the odds to
/// pairs. What is not weighed is `unexplored`.
#[allow(clippy::too_many_arguments)]
pub fn search(
    doubts: &[Doubt],
    conventions: &Conventions,
    open_boundary: f64,
    target: f64,
    komi: f64,
    recount: &mut Recount<'_, '_>,
    thorough: bool,
) -> Search {
    let conventions = conventions_of(conventions, open_boundary, komi);
    let searched = doubts.len().min(MAX_SEARCHED_CHAINS);
    let all_right: f64 = doubts.iter().map(|d| d.right).product();
    let mut weigher = Weigher {
        doubts,
        conventions: &conventions,
        target,
        komi,
        recount,
        explored: 0.0,
        fit: None,
        fit_mass: 0.0,
        best: None,
        negligible: if thorough { 0.0 } else { NEGLIGIBLE },
    };
    let floor = weigher.floor();
    for mask in weighty_masks(&doubts[..searched], all_right, floor) {
        if thorough && mask.count_ones() == 2 {
            continue; // weighed with every other pair below
        }
        let flipped: Vec<usize> = (0..searched).filter(|&i| mask >> i & 1 == 1).collect();
        weigher.weigh(flipped, all_right);
    }
    for i in searched..doubts.len() {
        weigher.weigh(vec![i], all_right);
    }
    if thorough {
        for j in 0..doubts.len() {
            for i in 0..j {
                weigher.weigh(vec![i, j], all_right);
            }
        }
    }
    let (best, best_margin) = weigher
        .best
        .expect("the estimate's own fates are always weighed");
    Search {
        best,
        best_margin,
        fit: weigher.fit,
        fit_mass: weigher.fit_mass,
        unexplored: (1.0 - weigher.explored).max(0.0),
    }
}

/// The assignments of fates to `doubts` (at most [`MAX_SEARCHED_CHAINS`]) as masks, in
/// increasing order, leaving out only masks whose odds are surely below `floor` (which
/// [`Weigher::weigh`] would pass over). When every doubt is at least even odds to be right,
/// giving one more doubt the other fate never makes a reading more probable, so the masks
/// are found by growing each from its lower bits and stopping where the odds fall below
/// the floor: a few dozen instead of 4,096. Otherwise every mask is listed.
fn weighty_masks(doubts: &[Doubt], all_right: f64, floor: f64) -> Vec<u32> {
    // `doubts` has at most 12 entries: every mask fits a u32.
    let every = 0u32..(1u32 << doubts.len());
    if doubts.iter().any(|d| d.right < 0.5) {
        return every.collect();
    }
    // Rounding may raise odds by a few units in the last place: prune a little below.
    let prune_below = floor * (1.0 - SAME_ODDS);
    let mut masks = vec![0u32];
    let mut stack = vec![(0u32, 0usize, all_right)];
    while let Some((mask, next, odds)) = stack.pop() {
        for (i, d) in doubts.iter().enumerate().skip(next) {
            let odds = odds * (1.0 - d.right) / d.right;
            if odds < prune_below {
                continue;
            }
            let grown = mask | 1 << i;
            masks.push(grown);
            stack.push((grown, i + 1, odds));
        }
    }
    masks.sort_unstable();
    masks
}

/// The running tally of [`search`].
struct Weigher<'a, 'r, 'm> {
    doubts: &'a [Doubt],
    conventions: &'a [Convention],
    target: f64,
    komi: f64,
    recount: &'a mut Recount<'r, 'm>,
    /// Probability of the readings weighed so far.
    explored: f64,
    fit: Option<Reading>,
    fit_mass: f64,
    best: Option<(Reading, f64)>,
    /// Readings less probable than this are not weighed.
    negligible: f64,
}

impl Weigher<'_, '_, '_> {
    /// The odds below which a reading that changes some fate is not weighed.
    fn floor(&self) -> f64 {
        self.negligible.max(f64::MIN_POSITIVE)
    }

    /// Weighs the readings that give the `flipped` doubts the other fate (the others the
    /// estimate's), under every convention. `all_right` is the odds of no change at all.
    fn weigh(&mut self, flipped: Vec<usize>, all_right: f64) {
        let fates = flipped.iter().fold(all_right, |p, &i| {
            let d = &self.doubts[i];
            p * (1.0 - d.right) / d.right
        });
        if fates < self.floor() && !flipped.is_empty() {
            return;
        }
        self.explored += fates;
        let margins = self.recount.margins(&flipped);
        for c in self.conventions {
            let probability = fates * c.odds;
            let margin = margin_of(&margins, c, self.komi);
            let reading = || Reading {
                flipped: flipped.clone(),
                counting: c.counting,
                komi: c.komi,
                compensation: c.compensation.map(|(points, _)| points),
                open_point: c.open_point,
                probability,
            };
            if self.best.is_none() {
                self.best = Some((reading(), margin));
            }
            if (margin - self.target).abs() < SAME_POINTS {
                self.fit_mass += probability;
                if self
                    .fit
                    .as_ref()
                    .is_none_or(|f| f.probability < probability)
                {
                    self.fit = Some(reading());
                }
            }
        }
    }
}

#[cfg(test)]
pub(super) mod tests;
