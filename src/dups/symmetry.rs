//! The eight symmetries of a board and the canonical orientation of a move sequence: the
//! one whose moves, compared move by move, come first, so that the canonical form of a
//! game's first moves is the start of the canonical form of the whole game.

/// A move as the duplicate finder compares it: `row * width + col`, or [`PASS`], or
/// [`UNREADABLE`].
pub type MoveCode = u16;

/// A pass (`B[]`, `tt` on boards up to 19×19): the same under every symmetry.
pub const PASS: MoveCode = u16::MAX - 1;

/// A move whose value names no point of the board: the same under every symmetry.
pub const UNREADABLE: MoveCode = u16::MAX;

/// One of the eight symmetries of a square board (four of them on an oblong one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symmetry {
    Identity,
    Rotate90,
    Rotate180,
    Rotate270,
    /// Left and right exchanged.
    MirrorLeftRight,
    /// Top and bottom exchanged.
    MirrorTopBottom,
    /// Reflected in the diagonal from the top left corner.
    Transpose,
    /// Reflected in the diagonal from the top right corner.
    AntiTranspose,
}

impl Symmetry {
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::MirrorLeftRight,
        Symmetry::MirrorTopBottom,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// Its place in [`Symmetry::ALL`].
    pub fn number(self) -> u8 {
        self as u8
    }

    /// The symmetry of this name (see [`Symmetry::name`]).
    pub fn named(name: &str) -> Option<Symmetry> {
        Symmetry::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The name the reports use (`identity`, `rotate-90`, `mirror-left-right`, …).
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::Identity => "identity",
            Symmetry::Rotate90 => "rotate-90",
            Symmetry::Rotate180 => "rotate-180",
            Symmetry::Rotate270 => "rotate-270",
            Symmetry::MirrorLeftRight => "mirror-left-right",
            Symmetry::MirrorTopBottom => "mirror-top-bottom",
            Symmetry::Transpose => "transpose",
            Symmetry::AntiTranspose => "anti-transpose",
        }
    }

    /// Where the point at `col`, `row` goes (`rotate-90` turns the board clockwise).
    pub fn point(self, col: u8, row: u8, width: u8, height: u8) -> (u8, u8) {
        let (last_col, last_row) = (width - 1, height - 1);
        match self {
            Symmetry::Identity => (col, row),
            Symmetry::Rotate90 => (last_row - row, col),
            Symmetry::Rotate180 => (last_col - col, last_row - row),
            Symmetry::Rotate270 => (row, last_col - col),
            Symmetry::MirrorLeftRight => (last_col - col, row),
            Symmetry::MirrorTopBottom => (col, last_row - row),
            Symmetry::Transpose => (row, col),
            Symmetry::AntiTranspose => (last_row - row, last_col - col),
        }
    }

    /// A move's code after the symmetry (passes and unreadable values unchanged).
    pub fn code(self, code: MoveCode, width: u8, height: u8) -> MoveCode {
        if code >= PASS {
            return code;
        }
        let (col, row) = ((code % width as u16) as u8, (code / width as u16) as u8);
        let (col, row) = self.point(col, row, width, height);
        row as u16 * width as u16 + col as u16
    }

    /// `self` then `then`, as one symmetry.
    pub fn then(self, then: Symmetry) -> Symmetry {
        // A point moved by no symmetry but the identity tells them apart.
        let (n, probe) = (7, (1, 2));
        let moved = then.point_square(self.point_square(probe, n), n);
        Symmetry::ALL
            .into_iter()
            .find(|s| s.point_square(probe, n) == moved)
            .expect("the symmetries of the square are a group")
    }

    /// The symmetry that undoes `self`.
    pub(crate) fn inverse(self) -> Symmetry {
        Symmetry::ALL
            .into_iter()
            .find(|s| self.then(*s) == Symmetry::Identity)
            .expect("every symmetry has an inverse")
    }

    fn point_square(self, (col, row): (u8, u8), side: u8) -> (u8, u8) {
        self.point(col, row, side, side)
    }
}

/// The symmetry that brings `moves` to their canonical orientation: among those of the
/// board, the one whose transformed sequence is smallest, compared move by move from
/// `from` on (moves before `from` do not take part in the choice). Symmetries that tie
/// are all kept until a move tells them apart; if none does, the first one is taken (they
/// give the same sequence).
pub(crate) fn canonical_symmetry(
    moves: &[MoveCode],
    width: u8,
    height: u8,
    from: usize,
) -> Symmetry {
    let mut tied: Vec<Symmetry> = board_symmetries(width, height).to_vec();
    for &code in moves.iter().skip(from) {
        if tied.len() == 1 {
            break;
        }
        let best = tied
            .iter()
            .map(|s| s.code(code, width, height))
            .min()
            .expect("at least the identity");
        tied.retain(|s| s.code(code, width, height) == best);
    }
    tied[0]
}

/// The symmetries of a `width` × `height` board: all eight on a square board, the
/// identity, the half turn and both mirrors on an oblong one.
pub(crate) fn board_symmetries(width: u8, height: u8) -> &'static [Symmetry] {
    const OBLONG: [Symmetry; 4] = [
        Symmetry::Identity,
        Symmetry::Rotate180,
        Symmetry::MirrorLeftRight,
        Symmetry::MirrorTopBottom,
    ];
    if width == height {
        &Symmetry::ALL
    } else {
        &OBLONG
    }
}

/// `moves` after `symmetry`.
pub(crate) fn transformed(
    moves: &[MoveCode],
    symmetry: Symmetry,
    width: u8,
    height: u8,
) -> Vec<MoveCode> {
    moves
        .iter()
        .map(|&m| symmetry.code(m, width, height))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(col: u8, row: u8) -> MoveCode {
        row as u16 * 19 + col as u16
    }

    #[test]
    fn every_symmetry_has_its_inverse_and_composes() {
        for s in Symmetry::ALL {
            for col in 0..19 {
                for row in 0..19 {
                    let m = code(col, row);
                    let there = s.code(m, 19, 19);
                    assert_eq!(s.inverse().code(there, 19, 19), m, "{s:?}");
                    for t in Symmetry::ALL {
                        assert_eq!(s.then(t).code(m, 19, 19), t.code(there, 19, 19));
                    }
                }
            }
        }
        let images: std::collections::HashSet<_> = Symmetry::ALL
            .iter()
            .map(|s| s.code(code(1, 3), 19, 19))
            .collect();
        assert_eq!(images.len(), 8, "eight different symmetries");
    }

    #[test]
    fn a_prefix_keeps_the_orientation_of_the_whole_game() {
        let game = [
            code(15, 3),
            code(3, 15),
            code(16, 15),
            code(2, 3),
            code(9, 9),
        ];
        for s in Symmetry::ALL {
            let recorded = transformed(&game, s, 19, 19);
            let whole = canonical_symmetry(&recorded, 19, 19, 0);
            let canon = transformed(&recorded, whole, 19, 19);
            for cut in 1..game.len() {
                let part = canonical_symmetry(&recorded[..cut], 19, 19, 0);
                assert_eq!(transformed(&recorded[..cut], part, 19, 19), canon[..cut]);
            }
        }
    }

    #[test]
    fn a_symmetric_opening_leaves_the_choice_to_the_first_move_that_breaks_the_tie() {
        // Tengen, then a point on the diagonal: four symmetries still tie; then one off it.
        let game = [code(9, 9), code(3, 3), code(2, 5)];
        let canon: Vec<Vec<MoveCode>> = Symmetry::ALL
            .iter()
            .map(|&s| {
                let recorded = transformed(&game, s, 19, 19);
                let c = canonical_symmetry(&recorded, 19, 19, 0);
                transformed(&recorded, c, 19, 19)
            })
            .collect();
        assert!(canon.windows(2).all(|w| w[0] == w[1]), "{canon:?}");
        assert_eq!(canon[0][..2], [code(9, 9), code(3, 3)]);
    }
}
