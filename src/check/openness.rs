//! Whether a final position was played out, read from the board alone before any count:
//! a record cut after a few moves keeps most of its board open, and a count of it says
//! nothing about the result the game reached later. Decided once, here, for the check
//! and for `sgfaudit score`.

use crate::geom::Position;

use super::calibration::OPEN_BOARD_SHARE;

/// How much of a board is still open: empty points that no single colour borders yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Openness {
    /// Empty points whose empty area borders both colours, or neither, or every empty
    /// point while one colour has no stone on the board.
    pub open: u32,
    /// The points of the board.
    pub points: u32,
}

impl Openness {
    /// The openness of `position`: each empty area (empty points joined by adjacency) is
    /// open unless the stones bordering it are of one colour, and every empty point is
    /// open while one colour has no stone (no boundary between the colours exists yet).
    pub fn of(position: &Position) -> Openness {
        let size = position.size;
        let points = size.points();
        let mut seen = vec![false; points];
        let mut stones = [false; 2];
        let mut open = 0u32;
        let mut empty = 0u32;
        let mut area = Vec::new();
        for start in 0..points {
            let p = size.point(start);
            if let Some(color) = position.get(p) {
                stones[color.index()] = true;
                continue;
            }
            if seen[start] {
                continue;
            }
            seen[start] = true;
            area.clear();
            area.push(p);
            let mut borders = [false; 2];
            let mut next = 0;
            while next < area.len() {
                for q in size.neighbors(area[next]) {
                    match position.get(q) {
                        Some(color) => borders[color.index()] = true,
                        None if !seen[size.index(q)] => {
                            seen[size.index(q)] = true;
                            area.push(q);
                        }
                        None => {}
                    }
                }
                next += 1;
            }
            let count = u32::try_from(area.len()).unwrap_or(u32::MAX);
            empty += count;
            if borders[0] == borders[1] {
                open += count;
            }
        }
        if stones != [true, true] {
            open = empty;
        }
        Openness {
            open,
            points: u32::try_from(points).unwrap_or(u32::MAX),
        }
    }

    /// The game was not played to its end: at least [`OPEN_BOARD_SHARE`] of the board is
    /// open.
    pub fn is_open(self) -> bool {
        f64::from(self.open) >= OPEN_BOARD_SHARE * f64::from(self.points)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_opening_is_open_and_a_played_out_board_is_not() {
        let opening = Position::from_diagram(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . X . . . O . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . O . . . X . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        let seen = Openness::of(&opening);
        assert_eq!(
            seen,
            Openness {
                open: 77,
                points: 81
            }
        );
        assert!(seen.is_open());
        let played_out = Position::from_diagram(
            "
            . X . X O . O . .
            X X X X O O . O .
            . X . X O . O . O
            X X X X O O O O .
            . X . X X O . O O
            X . X X O O O . O
            . X X O . O . O .
            X X X O O . O . O
            . X . X O O . O .",
        );
        let seen = Openness::of(&played_out);
        assert_eq!(seen.open, 0, "every empty point is one colour's");
        assert!(!seen.is_open());
    }

    #[test]
    fn one_colour_alone_leaves_the_board_open() {
        let lone = Position::from_diagram(
            "
            . . . . .
            . . . . .
            . . X . .
            . . . . .
            . . . . .",
        );
        assert_eq!(
            Openness::of(&lone),
            Openness {
                open: 24,
                points: 25
            }
        );
        assert!(Openness::of(&lone).is_open());
    }
}
