//! Area counting (數子法, arts. 9 and 11): each side's live stones plus the empty points it
//! alone surrounds, after the dead stones are taken off.

use super::bits::{on_grid, Bits, Grid, OnGrid};
use crate::geom::{Color, Point, Position};

/// What happens to an empty region that touches stones of both colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScoringMethod {
    /// Chinese, AGA and New Zealand counting (art. 9): the region is split half and half,
    /// so the two areas always add up to the number of points on the board. A region that
    /// touches no stone at all (an empty board) is split too.
    SplitShared,
    /// Tromp-Taylor counting: the region counts for nobody.
    NobodyShared,
}

/// Whom a point is counted for, after dead stones are removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Owner {
    /// A live Black stone, or an empty point only Black stones border.
    Black,
    /// A live White stone, or an empty point only White stones border.
    White,
    /// An empty point split half and half (dame, shared liberties in seki).
    Shared,
    /// An empty point counted for neither side.
    Nobody,
    /// An empty point that only one colour borders, but stones in seki: territory counting
    /// gives it to nobody (Japanese rules 1989, art. 8).
    Seki,
}

/// The area of each side and the owner of every point (row-major, as `Position::cells`).
#[derive(Clone, Debug, PartialEq)]
pub struct AreaCount {
    pub black: f64,
    pub white: f64,
    pub owner: Vec<Owner>,
}

/// Counts the area of both sides after removing `dead` (points off the board or without a
/// stone are ignored). A removed stone's point is empty and joins the region around it.
pub fn count_area(position: &Position, dead: &[Point], method: ScoringMethod) -> AreaCount {
    on_grid(
        position.size,
        AreaWithOwners {
            position,
            dead,
            method,
        },
    )
}

struct AreaWithOwners<'a> {
    position: &'a Position,
    dead: &'a [Point],
    method: ScoringMethod,
}

impl OnGrid for AreaWithOwners<'_> {
    type Output = AreaCount;
    fn run<const N: usize>(self, grid: &Grid<N>) -> AreaCount {
        let sweep = Sweep::new(grid, self.position, self.dead, &[]);
        let shared = match self.method {
            ScoringMethod::SplitShared => Owner::Shared,
            ScoringMethod::NobodyShared => Owner::Nobody,
        };
        let mut owner = vec![shared; grid.size().points()];
        for color in [Color::Black, Color::White] {
            let k = color.index();
            for i in (sweep.stones[k] | sweep.only[k]).indices() {
                owner[i] = owner_of(color);
            }
        }
        let (black, white) = sweep.areas(self.method);
        AreaCount {
            black,
            white,
            owner,
        }
    }
}

/// The areas of both sides and the number of dame (empty points that border both colours
/// or none) after removing `dead`: [`count_area`]'s numbers without the owners.
pub(super) fn area_totals(
    position: &Position,
    dead: &[Point],
    method: ScoringMethod,
) -> (f64, f64, u32) {
    struct Totals<'a>(&'a Position, &'a [Point], ScoringMethod);
    impl OnGrid for Totals<'_> {
        type Output = (f64, f64, u32);
        fn run<const N: usize>(self, grid: &Grid<N>) -> (f64, f64, u32) {
            let sweep = Sweep::new(grid, self.0, self.1, &[]);
            let (black, white) = sweep.areas(self.2);
            (black, white, sweep.mixed.count() as u32)
        }
    }
    on_grid(position.size, Totals(position, dead, method))
}

/// A position with its dead stones taken off, its empty points sorted by what borders the
/// region they lie in: all the area and territory counts need. Built with a few floods
/// over bitboards, without allocating.
pub(super) struct Sweep<const N: usize> {
    /// The live stones of each colour.
    pub(super) stones: [Bits<N>; 2],
    /// The stones taken off as dead, of each colour.
    pub(super) removed: [Bits<N>; 2],
    /// Empty points whose region borders only Black, only White.
    pub(super) only: [Bits<N>; 2],
    /// Empty points whose region borders both colours or no stone at all.
    pub(super) mixed: Bits<N>,
    /// Empty points whose region borders a stone in seki (none when no seki is given).
    pub(super) by_seki: Bits<N>,
}

impl<const N: usize> Sweep<N> {
    /// Takes `dead` off `position` and sorts the empty points; `seki` lists the stones in
    /// seki (points off the board, without a stone or taken off are ignored in both).
    pub(super) fn new(
        grid: &Grid<N>,
        position: &Position,
        dead: &[Point],
        seki: &[Point],
    ) -> Sweep<N> {
        Sweep::of_stones(grid, grid.stones(position), dead, seki)
    }

    /// [`Sweep::new`] from the position's stones, already read.
    pub(super) fn of_stones(
        grid: &Grid<N>,
        mut stones: [Bits<N>; 2],
        dead: &[Point],
        seki: &[Point],
    ) -> Sweep<N> {
        let dead = grid.points(dead);
        let removed = [stones[0] & dead, stones[1] & dead];
        stones[0] &= !dead;
        stones[1] &= !dead;
        let empty = grid.board & !(stones[0] | stones[1]);
        let reach = |from: Bits<N>| grid.flood(grid.grown(from) & empty, empty);
        let (black, white) = (reach(stones[0]), reach(stones[1]));
        let by_seki = if seki.is_empty() {
            Bits::EMPTY
        } else {
            reach(grid.points(seki) & (stones[0] | stones[1]))
        };
        let only = [black & !white, white & !black];
        Sweep {
            stones,
            removed,
            only,
            mixed: empty & !(only[0] | only[1]),
            by_seki,
        }
    }

    /// Both areas: stones plus the empty points only one colour borders, and half of the
    /// others when they are split.
    pub(super) fn areas(&self, method: ScoringMethod) -> (f64, f64) {
        // In half points, so that a split region adds up exactly.
        let shared = match method {
            ScoringMethod::SplitShared => self.mixed.count(),
            ScoringMethod::NobodyShared => 0,
        };
        let halves = |k: usize| 2 * (self.stones[k].count() + self.only[k].count()) + shared;
        (halves(0) as f64 / 2.0, halves(1) as f64 / 2.0)
    }

    /// Each side's territory: the empty points only its stones border, but not those of a
    /// region bordering a stone in seki.
    pub(super) fn territory(&self) -> [usize; 2] {
        [0, 1].map(|k| (self.only[k] & !self.by_seki).count())
    }

    /// The prisoners: `captures` plus the dead stones, each counted for its taker.
    pub(super) fn prisoners(&self, captures: [u32; 2]) -> [u32; 2] {
        [
            captures[0] + self.removed[1].count() as u32,
            captures[1] + self.removed[0].count() as u32,
        ]
    }
}

pub(crate) fn owner_of(color: Color) -> Owner {
    match color {
        Color::Black => Owner::Black,
        Color::White => Owner::White,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_board_is_shared_or_nobodys() {
        let p = Position::from_diagram("...\n...\n...");
        let split = count_area(&p, &[], ScoringMethod::SplitShared);
        assert_eq!((split.black, split.white), (4.5, 4.5));
        assert!(split.owner.iter().all(|&o| o == Owner::Shared));
        let tt = count_area(&p, &[], ScoringMethod::NobodyShared);
        assert_eq!((tt.black, tt.white), (0.0, 0.0));
        assert!(tt.owner.iter().all(|&o| o == Owner::Nobody));
    }

    #[test]
    fn dead_stone_point_joins_the_surrounding_region() {
        let p = Position::from_diagram(
            "
            . O X .
            . . X .
            X X X .
            . . . .",
        );
        let c = count_area(&p, &[Point::new(1, 0)], ScoringMethod::SplitShared);
        assert_eq!((c.black, c.white), (16.0, 0.0));
        assert_eq!(c.owner[1], Owner::Black);
    }

    #[test]
    fn tromp_taylor_gives_dame_to_nobody() {
        let p = Position::from_diagram(
            "
            X . O
            X . O
            X . O",
        );
        let c = count_area(&p, &[], ScoringMethod::NobodyShared);
        assert_eq!((c.black, c.white), (3.0, 3.0));
        assert_eq!(c.owner[1], Owner::Nobody);
    }
}
