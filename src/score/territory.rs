//! Territory counting (Japanese rules 1989, arts. 8–10; the Korean rules count the same
//! way): each side's territory plus its prisoners. Territory is the empty points, after
//! the dead stones are taken off, that one colour's live stones alone surround; points that
//! touch both colours (dame) and the eyes of stones in seki count for nobody. Prisoners are
//! the stones captured during the game and the dead stones taken off at the end. White adds
//! komi; a handicap is not compensated.

use super::area::{owner_of, Owner, Sweep};
use super::bits::{on_grid, Bits, Grid, OnGrid};
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
    on_grid(
        position.size,
        TerritoryWithOwners {
            position,
            dead,
            seki,
            captures,
            komi,
        },
    )
}

struct TerritoryWithOwners<'a> {
    position: &'a Position,
    dead: &'a [Point],
    seki: &'a [Point],
    captures: [u32; 2],
    komi: f64,
}

impl OnGrid for TerritoryWithOwners<'_> {
    type Output = TerritoryCount;
    fn run<const N: usize>(self, grid: &Grid<N>) -> TerritoryCount {
        let sweep = Sweep::new(grid, self.position, self.dead, self.seki);
        let mut owner = vec![Owner::Nobody; grid.size().points()];
        for color in [Color::Black, Color::White] {
            let k = color.index();
            let territory = sweep.only[k] & !sweep.by_seki;
            for i in (sweep.stones[k] | territory).indices() {
                owner[i] = owner_of(color);
            }
        }
        for i in seki_points(&sweep).indices() {
            owner[i] = Owner::Seki;
        }
        TerritoryCount {
            score: score_of(&sweep, self.captures, self.komi),
            owner,
        }
    }
}

/// [`count_territory`]'s score without the owner of every point: what the check needs for
/// each counted game.
pub fn territory_score(
    position: &Position,
    dead: &[Point],
    seki: &[Point],
    captures: [u32; 2],
    komi: f64,
) -> TerritoryScore {
    struct ScoreOnly<'a>(TerritoryWithOwners<'a>);
    impl OnGrid for ScoreOnly<'_> {
        type Output = TerritoryScore;
        fn run<const N: usize>(self, grid: &Grid<N>) -> TerritoryScore {
            let t = self.0;
            let sweep = Sweep::new(grid, t.position, t.dead, t.seki);
            score_of(&sweep, t.captures, t.komi)
        }
    }
    let counted = TerritoryWithOwners {
        position,
        dead,
        seki,
        captures,
        komi,
    };
    on_grid(position.size, ScoreOnly(counted))
}

/// Empty points that only one colour borders, but stones in seki too.
fn seki_points<const N: usize>(sweep: &Sweep<N>) -> Bits<N> {
    (sweep.only[0] | sweep.only[1]) & sweep.by_seki
}

/// The territory score of a swept position.
fn score_of<const N: usize>(sweep: &Sweep<N>, captures: [u32; 2], komi: f64) -> TerritoryScore {
    let territory = sweep.territory().map(|n| n as u32);
    let prisoners = sweep.prisoners(captures);
    let black = (territory[0] + prisoners[0]) as f64;
    let white = (territory[1] + prisoners[1]) as f64;
    let m = margin(black, white, komi, 0.0);
    TerritoryScore {
        black_territory: territory[0],
        white_territory: territory[1],
        black_prisoners: prisoners[0],
        white_prisoners: prisoners[1],
        seki_points: seki_points(sweep).count() as u32,
        komi,
        margin: m,
        result: format_points(m),
    }
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
