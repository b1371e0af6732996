//! Area counting (數子法, arts. 9 and 11): each side's live stones plus the empty points it
//! alone surrounds, after the dead stones are taken off.

use crate::geom::{BoardSize, Color, Point, Position};

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
    let size = position.size;
    let mut cells = position.cells.clone();
    for &p in dead {
        if size.contains(p) {
            cells[size.index(p)] = None;
        }
    }

    let mut owner = vec![Owner::Nobody; cells.len()];
    // Counted in half points, so that a split region adds up exactly.
    let mut halves = [0usize; 2];
    for (i, cell) in cells.iter().enumerate() {
        if let Some(color) = *cell {
            owner[i] = owner_of(color);
            halves[color.index()] += 2;
        }
    }
    for_each_empty_region(size, &cells, |region, touches| {
        let who = match (touches[0], touches[1], method) {
            (true, false, _) => Owner::Black,
            (false, true, _) => Owner::White,
            (_, _, ScoringMethod::SplitShared) => Owner::Shared,
            (_, _, ScoringMethod::NobodyShared) => Owner::Nobody,
        };
        for &i in region {
            owner[i] = who;
        }
        match who {
            Owner::Black => halves[0] += 2 * region.len(),
            Owner::White => halves[1] += 2 * region.len(),
            Owner::Shared => {
                halves[0] += region.len();
                halves[1] += region.len();
            }
            Owner::Nobody | Owner::Seki => {}
        }
    });

    AreaCount {
        black: halves[0] as f64 / 2.0,
        white: halves[1] as f64 / 2.0,
        owner,
    }
}

/// Calls `visit` once for each maximal region of empty cells (row-major indices), with
/// which colours border it (`[black, white]`). Shared by area and territory counting.
pub(crate) fn for_each_empty_region(
    size: BoardSize,
    cells: &[Option<Color>],
    mut visit: impl FnMut(&[usize], [bool; 2]),
) {
    let mut seen = vec![false; cells.len()];
    let mut region = Vec::new();
    let mut stack = Vec::new();
    for start in 0..cells.len() {
        if cells[start].is_some() || seen[start] {
            continue;
        }
        let mut touches = [false; 2];
        region.clear();
        stack.push(start);
        seen[start] = true;
        while let Some(i) = stack.pop() {
            region.push(i);
            for q in size.neighbors(size.point(i)) {
                let j = size.index(q);
                match cells[j] {
                    Some(c) => touches[c.index()] = true,
                    None if !seen[j] => {
                        seen[j] = true;
                        stack.push(j);
                    }
                    None => {}
                }
            }
        }
        visit(&region, touches);
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
