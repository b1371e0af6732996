//! Territory counting (Japanese rules 1989, arts. 8–10; the Korean rules count the same
//! way): each side's territory plus its prisoners. Territory is the empty points, after
//! the dead stones are taken off, that one colour's live stones alone surround; points that
//! touch both colours (dame) and the eyes of stones in seki count for nobody. Prisoners are
//! the stones captured during the game and the dead stones taken off at the end. White adds
//! komi; a handicap is not compensated.

use super::area::{for_each_empty_region, owner_of, Owner};
use super::margin::{format_points, margin};
use crate::geom::{Color, Point, Position};

/// The territory count of a final position: the report's `score.territory`.
#[derive(Clone, Debug, PartialEq)]
pub struct TerritoryScore {
    /// Empty points (dead stones' points included) that Black alone surrounds.
    pub black_territory: u32,
    /// Empty points (dead stones' points included) that White alone surrounds.
    pub white_territory: u32,
    /// White stones Black captured during the game plus dead White stones.
    pub black_prisoners: u32,
    /// Black stones White captured during the game plus dead Black stones.
    pub white_prisoners: u32,
    /// Empty points counted for nobody because stones in seki border them.
    pub seki_points: u32,
    pub komi: f64,
    /// Black's margin in points: Black's territory and prisoners minus White's, minus komi.
    pub margin: f64,
    /// The margin as SGF writes it (`B+1.5`).
    pub result: String,
}

/// The territory count and the owner of every point (row-major; stones are their colour's
/// when alive, `Nobody` when dead).
#[derive(Clone, Debug, PartialEq)]
pub struct TerritoryCount {
    pub score: TerritoryScore,
    pub owner: Vec<Owner>,
}

/// Counts territory after removing `dead` (sorted or not; points off the board or without a
/// stone are ignored). `seki` lists stones in seki (sorted): an empty region that only one
/// colour borders counts for nobody when any of its bordering stones is one of them.
/// `captures` are the prisoners taken during the game, by Black and by White.
pub fn count_territory(
    position: &Position,
    dead: &[Point],
    seki: &[Point],
    captures: [u32; 2],
    komi: f64,
) -> TerritoryCount {
    let size = position.size;
    let (cells, prisoners) = take_off_dead(position, dead, captures);
    let in_seki = seki_stones(position, &cells, seki);

    let mut owner: Vec<Owner> = cells
        .iter()
        .map(|c| c.map_or(Owner::Nobody, owner_of))
        .collect();
    let mut territory = [0u32; 2];
    let mut seki_points = 0u32;
    for_each_empty_region(size, &cells, |region, touches| {
        let who = match touches {
            [true, false] => Some(Color::Black),
            [false, true] => Some(Color::White),
            _ => None,
        };
        let by_seki = who.is_some() && borders_seki(position, region, &in_seki);
        let region_owner = match who {
            Some(_) if by_seki => {
                seki_points += region.len() as u32;
                Owner::Seki
            }
            Some(color) => {
                territory[color.index()] += region.len() as u32;
                owner_of(color)
            }
            None => Owner::Nobody,
        };
        for &i in region {
            owner[i] = region_owner;
        }
    });

    let black = (territory[0] + prisoners[0]) as f64;
    let white = (territory[1] + prisoners[1]) as f64;
    let m = margin(black, white, komi, 0.0);
    TerritoryCount {
        score: TerritoryScore {
            black_territory: territory[0],
            white_territory: territory[1],
            black_prisoners: prisoners[0],
            white_prisoners: prisoners[1],
            seki_points,
            komi,
            margin: m,
            result: format_points(m),
        },
        owner,
    }
}

/// The board with `dead` taken off (points off the board or without a stone ignored),
/// and the prisoners: `captures` plus the dead stones, each counted for its taker.
pub(super) fn take_off_dead(
    position: &Position,
    dead: &[Point],
    captures: [u32; 2],
) -> (Vec<Option<Color>>, [u32; 2]) {
    let size = position.size;
    let mut cells = position.cells.clone();
    let mut prisoners = captures;
    for &p in dead {
        if size.contains(p) {
            if let Some(color) = cells[size.index(p)].take() {
                prisoners[color.opponent().index()] += 1;
            }
        }
    }
    (cells, prisoners)
}

/// Per point of `cells`, whether a stone in seki stands there; empty when `seki` is.
pub(super) fn seki_stones(
    position: &Position,
    cells: &[Option<Color>],
    seki: &[Point],
) -> Vec<bool> {
    let size = position.size;
    let mut in_seki = vec![false; if seki.is_empty() { 0 } else { cells.len() }];
    for &p in seki {
        if size.contains(p) && cells[size.index(p)].is_some() {
            in_seki[size.index(p)] = true;
        }
    }
    in_seki
}

/// Whether an empty region (row-major indices) borders a stone marked in `in_seki`: its
/// points are then nobody's territory (art. 8).
pub(super) fn borders_seki(position: &Position, region: &[usize], in_seki: &[bool]) -> bool {
    let size = position.size;
    !in_seki.is_empty()
        && region.iter().any(|&i| {
            size.neighbors(size.point(i))
                .any(|q| in_seki[size.index(q)])
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn territory_plus_prisoners_minus_komi() {
        // Black owns the left two columns, White the right two; a dead White stone sits in
        // Black's corner; Black captured 2 stones during the game, White 1.
        let p = Position::from_diagram(
            "
            O . X O . .
            . . X O . .
            . . X O . .
            . . X O . .",
        );
        let c = count_territory(&p, &[Point::new(0, 0)], &[], [2, 1], 0.5);
        let s = &c.score;
        assert_eq!((s.black_territory, s.white_territory), (8, 8));
        assert_eq!((s.black_prisoners, s.white_prisoners), (3, 1));
        // (8 + 3) - (8 + 1) - 0.5
        assert_eq!(s.result, "B+1.5");
        assert_eq!(c.owner[0], Owner::Black);
    }

    #[test]
    fn dame_and_seki_eyes_count_for_nobody() {
        // The middle column is dame. The White stone at the top right and the Black wall
        // around it are marked in seki: the empty point beside them counts for nobody.
        let p = Position::from_diagram(
            "
            X X . O .
            X X . O O
            X X . O O",
        );
        let seki = [Point::new(3, 0)];
        let c = count_territory(&p, &[], &seki, [0, 0], 0.0);
        assert_eq!((c.score.black_territory, c.score.white_territory), (0, 0));
        assert_eq!(c.score.seki_points, 1);
        assert_eq!(c.owner[4], Owner::Seki);
        assert_eq!(c.owner[2], Owner::Nobody);
        let no_seki = count_territory(&p, &[], &[], [0, 0], 0.0);
        assert_eq!(no_seki.score.white_territory, 1);
    }
}
