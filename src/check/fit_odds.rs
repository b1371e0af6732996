//! The odds of every reading that gives a target margin, however many chains it changes:
//! what the check weighs before it calls `RE[]` wrong, where the readings weighed one by
//! one ([`super::odds::search`]) would leave too much unweighed or miss groups misread
//! together.
//!
//! The estimate misreads a position in independent *misreadings*: one doubted chain, or
//! a set of touching doubted chains of one fate together (a big group cut into chains,
//! an area read wrong as a whole), at [`JOINT_ODDS`] of the least sure one's odds, or the
//! less sure members of such a set together without the surer ones.
//! Doubts whose zones do not touch change the count independently (see [`Recount`]), so
//! the distribution of the margin's change is the convolution of the distributions of
//! each *part* (doubts linked through touching). Inside a part, the sets of misreadings
//! are counted most probable first (each by its joint change, not the sum of single
//! changes) until what is left is far below any threshold the check uses.

use std::collections::BinaryHeap;

use crate::score::Margins;

use super::calibration::{DOUBTFUL_MEMBER, DROP_BELOW, JOINT_ODDS, PART_LEFT, SAME_POINTS};
use super::odds::{conventions_of, margin_of, Doubt, FastMap, Recount};
use super::source::Conventions;

/// Most assignments counted in one part; the rest are left unexplored.
const MOST_ASSIGNMENTS: usize = 4096;

/// What [`fit_odds`] found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitOdds {
    /// The probability of every reading whose margin is the target.
    pub fit_mass: f64,
    /// The probability of the readings not counted.
    pub unexplored: f64,
}

/// A change of the margins, in half points: (area, territory).
type Change = (i32, i32);

fn half_points(x: f64) -> i32 {
    (x * 2.0).round() as i32
}

/// The odds that the margin is `target`, over every set of misreadings of `doubts` and
/// every convention (as [`super::odds::search`] weighs them one by one).
pub fn fit_odds(
    doubts: &[Doubt],
    conventions: &Conventions,
    open_boundary: f64,
    target: f64,
    komi: f64,
    recount: &mut Recount<'_, '_>,
) -> FitOdds {
    let base = recount.margins(&[]);
    let mut changes: FastMap<Change, f64> = FastMap::from_iter([((0, 0), 1.0)]);
    let mut unexplored = 0.0;
    for part in recount.parts() {
        let (own, left) = part_changes(doubts, &part, base, recount);
        unexplored += left;
        changes = convolve(&changes, &own, &mut unexplored);
    }
    let conventions = conventions_of(conventions, open_boundary, komi);
    let mut fit_mass = 0.0;
    for (&(area, territory), &p) in &changes {
        let margins = Margins {
            area: base.area + f64::from(area) / 2.0,
            territory: base.territory + f64::from(territory) / 2.0,
        };
        for c in &conventions {
            if (margin_of(&margins, c, komi) - target).abs() < SAME_POINTS {
                fit_mass += p * c.odds;
            }
        }
    }
    FitOdds {
        fit_mass,
        unexplored: unexplored.min(1.0),
    }
}

/// The distribution of the change of the margins that one part's assignments make, and
/// the odds of the assignments not counted. Assignments are counted most probable first,
/// until what is left is below [`PART_LEFT`] or [`MOST_ASSIGNMENTS`] are counted.
fn part_changes(
    doubts: &[Doubt],
    part: &[usize],
    base: Margins,
    recount: &mut Recount<'_, '_>,
) -> (FastMap<Change, f64>, f64) {
    // The part's misreadings by their odds, the likeliest first: each set of them is
    // reached once, from the set without its last (in this order) or with that one's
    // predecessor in its place, and never before either of those.
    let mut misread = misreadings(doubts, part, recount);
    misread.sort_by(|a, b| b.odds.total_cmp(&a.odds));
    let ratio = |k: usize| misread[k].odds / (1.0 - misread[k].odds);
    let all_right: f64 = misread.iter().map(|m| 1.0 - m.odds).product();
    let mut changes: FastMap<Change, f64> = FastMap::default();
    let mut counted = 0.0;
    let mut heap = BinaryHeap::new();
    heap.push(Assignment {
        odds: all_right,
        members: Vec::new(),
    });
    let mut assignments = 0;
    let mut changed = vec![false; doubts.len()];
    while let Some(Assignment { odds, members }) = heap.pop() {
        assignments += 1;
        counted += odds;
        // Two misreadings that change one doubt change it back.
        for &k in &members {
            for &i in &misread[k].doubts {
                changed[i] = !changed[i];
            }
        }
        let flipped: Vec<usize> = part.iter().copied().filter(|&i| changed[i]).collect();
        part.iter().for_each(|&i| changed[i] = false);
        let margins = recount.margins(&flipped);
        let change = (
            half_points(margins.area - base.area),
            half_points(margins.territory - base.territory),
        );
        *changes.entry(change).or_default() += odds;
        if 1.0 - counted < PART_LEFT || assignments >= MOST_ASSIGNMENTS {
            break;
        }
        let last = members.last().copied();
        let next = last.map_or(0, |k| k + 1);
        if next < misread.len() {
            let mut grown = members.clone();
            grown.push(next);
            heap.push(Assignment {
                odds: odds * ratio(next),
                members: grown,
            });
            if let Some(k) = last {
                let mut moved = members;
                *moved.last_mut().expect("has a last member") = next;
                heap.push(Assignment {
                    odds: odds / ratio(k) * ratio(next),
                    members: moved,
                });
            }
        }
    }
    (changes, (1.0 - counted).max(0.0))
}

/// The independent misreadings of a part, each with the doubts it changes (sorted) and
/// its odds: each doubt alone; each set of touching doubts of one fate together, at
/// [`JOINT_ODDS`] of its least sure member's odds; and, inside such a set, each set of its
/// less sure members that still touch one another, at the same rule (see
/// [`DOUBTFUL_MEMBER`]).
fn misreadings(doubts: &[Doubt], part: &[usize], recount: &Recount<'_, '_>) -> Vec<Misreading> {
    let mut misreadings: Vec<Misreading> = part
        .iter()
        .map(|&i| Misreading {
            doubts: vec![i],
            odds: 1.0 - doubts[i].right,
        })
        .collect();
    let wrong = |i: usize| 1.0 - doubts[i].right;
    let joint = |set: Vec<usize>| Misreading {
        odds: (JOINT_ODDS * set.iter().map(|&i| wrong(i)).fold(0.0, f64::max)).min(0.5),
        doubts: set,
    };
    let one_fate = |a: usize, b: usize| doubts[a].dead == doubts[b].dead;
    for set in touching_sets(part, recount, one_fate) {
        if set.len() < 2 {
            continue;
        }
        // Its less sure members, cut at each member's odds, most doubtful first.
        let mut levels: Vec<f64> = set
            .iter()
            .map(|&i| wrong(i))
            .filter(|&w| w >= DOUBTFUL_MEMBER)
            .collect();
        levels.sort_by(|a, b| b.total_cmp(a));
        levels.dedup();
        let mut inner: Vec<Vec<usize>> = Vec::new();
        for level in levels {
            let members: Vec<usize> = set.iter().copied().filter(|&i| wrong(i) >= level).collect();
            for sub in touching_sets(&members, recount, |_, _| true) {
                if sub.len() > 1 && sub.len() < set.len() && !inner.contains(&sub) {
                    inner.push(sub);
                }
            }
        }
        misreadings.push(joint(set));
        misreadings.extend(inner.into_iter().map(joint));
    }
    misreadings
}

/// The sets of `members` linked by touching doubts that `link` allows, each sorted, in the
/// order of their first member: a flood over the members.
fn touching_sets(
    members: &[usize],
    recount: &Recount<'_, '_>,
    link: impl Fn(usize, usize) -> bool,
) -> Vec<Vec<usize>> {
    let mut sets = Vec::new();
    let mut taken = vec![false; members.len()];
    for start in 0..members.len() {
        if taken[start] {
            continue;
        }
        taken[start] = true;
        let mut set = vec![members[start]];
        let mut k = 0;
        while k < set.len() {
            let a = set[k];
            for (y, &b) in members.iter().enumerate() {
                if !taken[y] && link(a, b) && recount.touch(a, b) {
                    taken[y] = true;
                    set.push(b);
                }
            }
            k += 1;
        }
        set.sort_unstable();
        sets.push(set);
    }
    sets
}

/// A misreading of the estimate: the doubts it gives the other fate, and its odds.
struct Misreading {
    doubts: Vec<usize>,
    odds: f64,
}

/// One assignment of a part's fates: the positions (in the part's order) of the doubts
/// it changes, ascending; ordered by its odds.
struct Assignment {
    odds: f64,
    members: Vec<usize>,
}

impl PartialEq for Assignment {
    fn eq(&self, other: &Self) -> bool {
        self.odds.total_cmp(&other.odds).is_eq()
    }
}

impl Eq for Assignment {}

impl PartialOrd for Assignment {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Assignment {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.odds.total_cmp(&other.odds)
    }
}

/// The distribution of the sum of two independent changes; what falls below
/// [`DROP_BELOW`] is added to `unexplored`.
fn convolve(
    a: &FastMap<Change, f64>,
    b: &FastMap<Change, f64>,
    unexplored: &mut f64,
) -> FastMap<Change, f64> {
    let mut out: FastMap<Change, f64> =
        FastMap::with_capacity_and_hasher(a.len() * b.len(), Default::default());
    for (&(a1, a2), &p) in a {
        for (&(b1, b2), &q) in b {
            *out.entry((a1 + b1, a2 + b2)).or_default() += p * q;
        }
    }
    out.retain(|_, p| {
        let keep = *p >= DROP_BELOW;
        if !keep {
            *unexplored += *p;
        }
        keep
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::odds::tests::area_only;
    use crate::geom::{Point, Position};
    use crate::score::{count_margins, ScoringMethod};

    /// Black walls off four rooms; White has a lone stone in three of them, and two
    /// chains in the bottom left one (they touch through its empty points).
    fn position() -> Position {
        Position::from_diagram(
            "
            . O . X . . .
            . . . X . O .
            X X X X . . .
            . . . X X X X
            . O O X . . .
            . . . X . O .
            O . . X . . .",
        )
    }

    fn doubt(stones: &[(u8, u8)], dead: bool, right: f64) -> Doubt {
        let mut stones: Vec<Point> = stones.iter().map(|&(c, r)| Point::new(c, r)).collect();
        stones.sort();
        Doubt {
            stones,
            dead,
            right,
            by_markup: false,
        }
    }

    /// White's chains: four counted dead, the one at the right bottom alive.
    fn doubts() -> Vec<Doubt> {
        vec![
            doubt(&[(1, 0)], true, 0.9),
            doubt(&[(5, 1)], true, 0.8),
            doubt(&[(1, 4), (2, 4)], true, 0.7),
            doubt(&[(0, 6)], true, 0.95),
            doubt(&[(5, 5)], false, 0.6),
        ]
    }

    fn margins_of<'p>(p: &'p Position) -> impl Fn(&[Point]) -> Margins + 'p {
        move |removed: &[Point]| {
            count_margins(
                p,
                removed,
                &[],
                [0, 0],
                ScoringMethod::SplitShared,
                0.0,
                0.0,
            )
        }
    }

    /// Every set of misreadings, its odds and its area margin, counted from scratch.
    fn brute_force(p: &Position, dead: &[Point], doubts: &[Doubt]) -> FastMap<i32, f64> {
        let count = margins_of(p);
        let recount = Recount::new(p, dead, doubts, &count, count(dead));
        let all: Vec<usize> = (0..doubts.len()).collect();
        let misread = misreadings(doubts, &all, &recount);
        let mut by_margin: FastMap<i32, f64> = FastMap::default();
        for set in 0u32..1 << misread.len() {
            let mut changed = vec![false; doubts.len()];
            let mut odds = 1.0;
            for (k, m) in misread.iter().enumerate() {
                if set >> k & 1 == 1 {
                    odds *= m.odds;
                    m.doubts.iter().for_each(|&i| changed[i] = !changed[i]);
                } else {
                    odds *= 1.0 - m.odds;
                }
            }
            let flipped: Vec<usize> = (0..doubts.len()).filter(|&i| changed[i]).collect();
            let removed = super::super::odds::dead_with(dead, doubts, &flipped);
            *by_margin
                .entry(half_points(count(&removed).area))
                .or_default() += odds;
        }
        by_margin
    }

    fn dead_of(doubts: &[Doubt]) -> Vec<Point> {
        let mut dead: Vec<Point> = doubts
            .iter()
            .filter(|d| d.dead)
            .flat_map(|d| d.stones.clone())
            .collect();
        dead.sort();
        dead
    }

    #[test]
    fn touching_chains_of_one_fate_are_also_misread_together() {
        let p = position();
        let doubts = doubts();
        let dead = dead_of(&doubts);
        let count = margins_of(&p);
        let recount = Recount::new(&p, &dead, &doubts, &count, count(&dead));
        let all: Vec<usize> = (0..doubts.len()).collect();
        let misread = misreadings(&doubts, &all, &recount);
        // Five alone, and the two dead chains of the bottom left room together, at
        // JOINT_ODDS of the less sure one's odds.
        assert_eq!(misread.len(), 6);
        let together = &misread[5];
        assert_eq!(together.doubts, vec![2, 3]);
        assert!((together.odds - JOINT_ODDS * 0.3).abs() < 1e-12);
    }

    #[test]
    fn the_unsure_members_of_a_touching_set_are_also_misread_without_the_sure_ones() {
        // Three White stones in the bottom left room: two the estimate is unsure of, one
        // it is sure of (wrong at 0.1%, below DOUBTFUL_MEMBER).
        let p = Position::from_diagram(
            "
            . . . X . . .
            . . . X . . .
            . . . X . . .
            X X X X . . .
            . O . X . . .
            . . O X . . .
            O . . X . . .",
        );
        let doubts = vec![
            doubt(&[(1, 4)], true, 0.7),
            doubt(&[(2, 5)], true, 0.8),
            doubt(&[(0, 6)], true, 0.999),
        ];
        let dead = dead_of(&doubts);
        let count = margins_of(&p);
        let recount = Recount::new(&p, &dead, &doubts, &count, count(&dead));
        let misread = misreadings(&doubts, &[0, 1, 2], &recount);
        let sets: Vec<&[usize]> = misread.iter().map(|m| m.doubts.as_slice()).collect();
        assert_eq!(sets, vec![&[0][..], &[1], &[2], &[0, 1, 2], &[0, 1]]);
        // Both at JOINT_ODDS of the least sure member's odds.
        assert!((misread[3].odds - JOINT_ODDS * 0.3).abs() < 1e-12);
        assert!((misread[4].odds - JOINT_ODDS * 0.3).abs() < 1e-12);
    }

    #[test]
    fn the_odds_of_each_margin_are_those_of_every_set_of_misreadings() {
        let p = position();
        let doubts = doubts();
        let dead = dead_of(&doubts);
        let expected = brute_force(&p, &dead, &doubts);
        assert!(expected.len() > 8, "the doubts give many margins");
        let count = margins_of(&p);
        let mut recount = Recount::new(&p, &dead, &doubts, &count, count(&dead));
        let mut total = 0.0;
        for (&margin, &odds) in &expected {
            let found = fit_odds(
                &doubts,
                &area_only(),
                0.0,
                f64::from(margin) / 2.0,
                0.0,
                &mut recount,
            );
            assert!(
                (found.fit_mass - odds).abs() < 1e-6,
                "margin {margin}/2: {found:?}, expected {odds}"
            );
            assert!(found.unexplored < 1e-5);
            total += found.fit_mass;
        }
        assert!((total - 1.0).abs() < 1e-5);
        let impossible = fit_odds(&doubts, &area_only(), 0.0, 100.5, 0.0, &mut recount);
        assert_eq!(impossible.fit_mass, 0.0);
    }

    #[test]
    fn a_part_too_big_to_count_leaves_its_odds_unexplored() {
        // Twenty coin-flip chains in one open room: more sets than are counted.
        let mut diagram = String::new();
        for row in 0..9 {
            for col in 0..9 {
                diagram.push(if (row + col) % 4 == 0 && row < 8 {
                    'O'
                } else if row == 8 {
                    'X'
                } else {
                    '.'
                });
            }
            diagram.push('\n');
        }
        let p = Position::from_diagram(&diagram);
        let doubts: Vec<Doubt> = (0..9u8)
            .flat_map(|row| (0..9u8).map(move |col| (col, row)))
            .filter(|&(col, row)| p.get(Point::new(col, row)) == Some(crate::geom::Color::White))
            .map(|(col, row)| doubt(&[(col, row)], false, 0.5 + f64::from(col) / 100.0))
            .collect();
        assert!(doubts.len() >= 16);
        let count = margins_of(&p);
        let mut recount = Recount::new(&p, &[], &doubts, &count, count(&[]));
        let found = fit_odds(&doubts, &area_only(), 0.0, 0.0, 0.0, &mut recount);
        assert!(found.unexplored > 0.1, "{found:?}");
    }
}
