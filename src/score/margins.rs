//! Both margins of a position and nothing else: the check's search over the fates of
//! doubtful chains counts the same position many times per game, and needs only the
//! numbers, not the owners, dead-stone lists and texts of a full [`super::Score`].

use super::area::{ScoringMethod, Sweep};
use super::bits::{on_grid, Bits, Grid, OnGrid, OnStones, StonesOnGrid};
use super::margin::margin;
use super::CountedBy;
use crate::geom::{Point, Position};

/// Black's margins, komi (and, by area, the handicap bonus) taken off.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Margins {
    /// As [`super::count_area`] and [`super::score_position`] count it.
    pub area: f64,
    /// As [`super::count_territory`] counts it.
    pub territory: f64,
}

impl Margins {
    /// The margin of one counting.
    pub fn by(&self, counting: CountedBy) -> f64 {
        match counting {
            CountedBy::Area => self.area,
            CountedBy::Territory => self.territory,
        }
    }
}

/// The margins of `position` with `dead` taken off: the same numbers as
/// [`super::score_position`] and [`super::count_territory`] give for the same arguments.
pub fn count_margins(
    position: &Position,
    dead: &[Point],
    seki: &[Point],
    captures: [u32; 2],
    method: ScoringMethod,
    komi: f64,
    handicap_bonus: f64,
) -> Margins {
    on_grid(
        position.size,
        BothMargins {
            position,
            dead,
            seki,
            captures,
            method,
            komi,
            handicap_bonus,
        },
    )
}

#[derive(Clone, Copy)]
struct BothMargins<'a> {
    position: &'a Position,
    dead: &'a [Point],
    seki: &'a [Point],
    captures: [u32; 2],
    method: ScoringMethod,
    komi: f64,
    handicap_bonus: f64,
}

impl OnGrid for BothMargins<'_> {
    type Output = Margins;
    fn run<const N: usize>(self, grid: &Grid<N>) -> Margins {
        let sweep = Sweep::new(grid, self.position, self.dead, self.seki);
        self.of(&sweep)
    }
}

impl OnStones for BothMargins<'_> {
    type Output = Margins;
    fn run<const N: usize>(self, grid: &Grid<N>, stones: &[Bits<N>; 2]) -> Margins {
        let sweep = Sweep::of_stones(grid, *stones, self.dead, self.seki);
        self.of(&sweep)
    }
}

impl BothMargins<'_> {
    fn of<const N: usize>(&self, sweep: &Sweep<N>) -> Margins {
        let (black, white) = sweep.areas(self.method);
        let territory = sweep.territory();
        let prisoners = sweep.prisoners(self.captures);
        Margins {
            area: margin(black, white, self.komi, self.handicap_bonus),
            territory: margin(
                (territory[0] + prisoners[0] as usize) as f64,
                (territory[1] + prisoners[1] as usize) as f64,
                self.komi,
                0.0,
            ),
        }
    }
}

/// [`count_margins`] of one position for many sets of dead stones: the position's stones
/// are read once (the check recounts a position for thousands of readings).
pub struct MarginCounter<'a> {
    /// Every argument of [`count_margins`] but the dead stones (none here).
    terms: BothMargins<'a>,
    stones: StonesOnGrid,
}

impl<'a> MarginCounter<'a> {
    /// The counter of `position`, the other arguments those of [`count_margins`].
    pub fn new(
        position: &'a Position,
        seki: &'a [Point],
        captures: [u32; 2],
        method: ScoringMethod,
        komi: f64,
        handicap_bonus: f64,
    ) -> Self {
        MarginCounter {
            terms: BothMargins {
                position,
                dead: &[],
                seki,
                captures,
                method,
                komi,
                handicap_bonus,
            },
            stones: StonesOnGrid::new(position),
        }
    }

    /// What [`count_margins`] gives with `dead` taken off (in any order, a stone maybe
    /// listed twice).
    pub fn margins(&self, dead: &[Point]) -> Margins {
        self.stones.run(BothMargins { dead, ..self.terms })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::{count_territory, score_position, DeadFrom};
    use proptest::prelude::*;

    proptest! {
        /// The short count gives the full counts' margins on any position, any dead
        /// stones and any seki stones.
        #[test]
        fn same_margins_as_the_full_counts(
            cells in proptest::collection::vec(0u8..3, 49),
            dead in proptest::collection::vec((0u8..7, 0u8..7), 0..8),
            seki in proptest::collection::vec((0u8..7, 0u8..7), 0..4),
            captures in (0u32..20, 0u32..20),
            split in any::<bool>(),
        ) {
            let diagram: String = cells
                .chunks(7)
                .map(|row| row.iter().map(|c| [" .", " X", " O"][*c as usize]).collect::<String>() + "\n")
                .collect();
            let position = Position::from_diagram(&diagram);
            let points = |v: &[(u8, u8)]| -> Vec<Point> {
                let mut v: Vec<Point> = v.iter().map(|&(x, y)| Point::new(x, y)).collect();
                v.sort();
                v.dedup();
                v
            };
            let (dead, seki) = (points(&dead), points(&seki));
            let method = if split { ScoringMethod::SplitShared } else { ScoringMethod::NobodyShared };
            let captures = [captures.0, captures.1];
            let m = count_margins(&position, &dead, &seki, captures, method, 6.5, 1.0);
            let area = score_position(&position, &dead, method, 6.5, 1.0, DeadFrom::Estimate);
            let territory = count_territory(&position, &dead, &seki, captures, 6.5);
            prop_assert_eq!(m.area, area.margin);
            prop_assert_eq!(m.territory, territory.score.margin);
            let score_only = crate::score::territory_score(&position, &dead, &seki, captures, 6.5);
            prop_assert_eq!(score_only, territory.score);
            let counter = MarginCounter::new(&position, &seki, captures, method, 6.5, 1.0);
            prop_assert_eq!(counter.margins(&dead), m);
        }
    }
}
