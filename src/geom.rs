//! Colours, board sizes and points: the vocabulary every stage shares.

use std::fmt;

/// A player, or the colour of a stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    Black,
    White,
}

impl Color {
    /// The other player.
    #[inline]
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `"B"` or `"W"`, as SGF and the JSON report write it.
    pub fn letter(self) -> &'static str {
        match self {
            Color::Black => "B",
            Color::White => "W",
        }
    }

    /// Index 0 for Black, 1 for White (for per-colour arrays).
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.letter())
    }
}

/// The largest board side SGF can name (`a`..`z`, `A`..`Z`).
pub const MAX_SIDE: u8 = 52;

/// A board's dimensions: columns (width) and rows (height), each 1..=52.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardSize {
    pub width: u8,
    pub height: u8,
}

impl BoardSize {
    pub const STANDARD: BoardSize = BoardSize {
        width: 19,
        height: 19,
    };

    /// A size, or `None` when a side is 0 or above 52.
    pub fn new(width: u32, height: u32) -> Option<BoardSize> {
        let ok = |n: u32| (1..=MAX_SIDE as u32).contains(&n);
        (ok(width) && ok(height)).then_some(BoardSize {
            width: width as u8,
            height: height as u8,
        })
    }

    pub fn square(side: u32) -> Option<BoardSize> {
        BoardSize::new(side, side)
    }

    /// Number of points on the board.
    pub fn points(self) -> usize {
        self.width as usize * self.height as usize
    }

    pub fn contains(self, p: Point) -> bool {
        p.col < self.width && p.row < self.height
    }

    /// `tt`, the pass of FF[3] that FF[4] keeps on boards up to 19x19 (a point above).
    pub fn is_tt_pass(self, p: Point) -> bool {
        self.width <= 19 && self.height <= 19 && p == Point::new(19, 19)
    }

    /// A move value off the board in both coordinates (`zz` on 19x19), not `tt`: the mark
    /// editors and problem books write for a pass. Off in one coordinate only (`sz`) it is
    /// a stone off the board.
    pub fn is_pass_mark(self, p: Point) -> bool {
        p.col >= self.width && p.row >= self.height && !self.is_tt_pass(p)
    }

    /// Row-major index of a point on the board (`row * width + col`).
    #[inline]
    pub fn index(self, p: Point) -> usize {
        p.row as usize * self.width as usize + p.col as usize
    }

    /// The point at a row-major index.
    #[inline]
    pub fn point(self, index: usize) -> Point {
        Point {
            col: (index % self.width as usize) as u8,
            row: (index / self.width as usize) as u8,
        }
    }

    /// Orthogonal neighbours of a point that lie on the board.
    pub fn neighbors(self, p: Point) -> impl Iterator<Item = Point> {
        let (c, r) = (p.col as i16, p.row as i16);
        [(c - 1, r), (c + 1, r), (c, r - 1), (c, r + 1)]
            .into_iter()
            .filter(move |&(c, r)| {
                c >= 0 && r >= 0 && (c as u8) < self.width && (r as u8) < self.height
            })
            .map(|(c, r)| Point::new(c as u8, r as u8))
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.width == self.height {
            write!(f, "{}", self.width)
        } else {
            write!(f, "{}:{}", self.width, self.height)
        }
    }
}

/// A point in SGF coordinates: `col` from the left, `row` from the top, both from 0.
/// (The padded index the board uses internally is a different type.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    pub col: u8,
    pub row: u8,
}

impl Point {
    pub const fn new(col: u8, row: u8) -> Point {
        Point { col, row }
    }

    /// Reads one SGF coordinate letter: `a`..`z` = 0..25, `A`..`Z` = 26..51.
    pub(crate) fn coordinate_from_letter(b: u8) -> Option<u8> {
        match b {
            b'a'..=b'z' => Some(b - b'a'),
            b'A'..=b'Z' => Some(b - b'A' + 26),
            _ => None,
        }
    }

    /// Reads a two-letter SGF point (`"dd"`), without checking it against a board.
    pub fn from_sgf(text: &[u8]) -> Option<Point> {
        match text {
            [c, r] => Some(Point::new(
                Point::coordinate_from_letter(*c)?,
                Point::coordinate_from_letter(*r)?,
            )),
            _ => None,
        }
    }

    /// The SGF coordinate (`"dd"`).
    pub fn sgf(self) -> String {
        let letter = |n: u8| {
            if n < 26 {
                (b'a' + n) as char
            } else {
                (b'A' + n - 26) as char
            }
        };
        let mut s = String::with_capacity(2);
        s.push(letter(self.col));
        s.push(letter(self.row));
        s
    }

    /// The human coordinate as GTP writes it: columns `A`..`T` without `I`, rows counted
    /// from the bottom (`D16` on 19×19 for `dd`). Columns past the 25th letter continue
    /// with doubled letters (`AA`, `BB`, …).
    pub fn vertex(self, size: BoardSize) -> String {
        const LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
        let col = self.col as usize;
        let letter = LETTERS[col % LETTERS.len()] as char;
        let repeat = col / LETTERS.len() + 1;
        let mut s: String = std::iter::repeat_n(letter, repeat).collect();
        let row = size.height as i32 - self.row as i32;
        s.push_str(&row.to_string());
        s
    }

    /// Reads a GTP vertex (`D16`, `d16`, `AA3`) on a board of `size`, the inverse of
    /// [`Point::vertex`]; `None` for `pass`, a malformed vertex or one off the board.
    pub fn from_vertex(text: &str, size: BoardSize) -> Option<Point> {
        const LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
        let text = text.as_bytes();
        let letters = text.iter().take_while(|b| b.is_ascii_alphabetic()).count();
        let (column, row) = text.split_at(letters);
        let first = column.first()?.to_ascii_uppercase();
        if column.iter().any(|b| b.to_ascii_uppercase() != first) {
            return None;
        }
        let letter = LETTERS.iter().position(|&l| l == first)?;
        let col = (column.len() - 1) * LETTERS.len() + letter;
        if row.is_empty() || row.len() > 2 || !row.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let row: usize = std::str::from_utf8(row).ok()?.parse().ok()?;
        let height = size.height as usize;
        (col < size.width as usize && (1..=height).contains(&row))
            .then(|| Point::new(col as u8, (height - row) as u8))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn liberties_of_a_group_count_each_empty_point_once() {
        let position = Position::from_diagram(
            "
            . X . .
            X O X .
            . O . .
            . . . .
            ",
        );
        // (column, row from the top): the White chain's upper stone has no empty
        // neighbour, the lower one three.
        let white = [Point::new(1, 1), Point::new(1, 2)];
        assert_eq!(position.liberties_of(&white), 3);
        // A stone's points off the board are no liberties.
        assert_eq!(position.liberties_of(&[Point::new(1, 0)]), 2);
        // The two Black stones by the corner share its point: counted once.
        let black = [Point::new(1, 0), Point::new(0, 1)];
        assert_eq!(position.liberties_of(&black), 3);
    }

    #[test]
    fn sgf_and_vertex_coordinates() {
        let p = Point::from_sgf(b"dd").unwrap();
        assert_eq!(p, Point::new(3, 3));
        assert_eq!(p.sgf(), "dd");
        assert_eq!(p.vertex(BoardSize::STANDARD), "D16");
        assert_eq!(
            Point::from_sgf(b"jj").unwrap().vertex(BoardSize::STANDARD),
            "K10"
        );
        assert_eq!(Point::from_sgf(b"aZ").unwrap(), Point::new(0, 51));
        assert_eq!(Point::new(0, 51).sgf(), "aZ");
        assert!(Point::from_sgf(b"d").is_none());
        assert!(Point::from_sgf(b"d1").is_none());
    }

    #[test]
    fn gtp_vertices_read_back() {
        let s = BoardSize::STANDARD;
        assert_eq!(Point::from_vertex("D16", s), Some(Point::new(3, 3)));
        assert_eq!(Point::from_vertex("k10", s), Some(Point::new(9, 9)));
        assert_eq!(Point::from_vertex("T1", s), Some(Point::new(18, 18)));
        for bad in [
            "pass", "I5", "U1", "A20", "A0", "D", "16", "D1.5", "AB3", "",
        ] {
            assert_eq!(Point::from_vertex(bad, s), None, "{bad}");
        }
        let big = BoardSize::square(25).unwrap();
        for p in [Point::new(0, 0), Point::new(24, 24), Point::new(8, 12)] {
            assert_eq!(Point::from_vertex(&p.vertex(big), big), Some(p));
        }
    }

    #[test]
    fn chains_join_stones_of_one_colour_that_touch() {
        let p = Position::from_diagram(
            "XX.O
             .XOO
             X...",
        );
        let chains = p.chains();
        let stones: Vec<(Color, usize)> = chains.iter().map(|(c, s)| (*c, s.len())).collect();
        assert_eq!(
            stones,
            [(Color::Black, 3), (Color::White, 3), (Color::Black, 1)]
        );
        assert_eq!(chains[0].1[0], Point::new(0, 0));
        assert_eq!(p.liberties_of(&chains[2].1), 2);
    }

    #[test]
    fn sizes_are_bounded() {
        assert!(BoardSize::new(52, 52).is_some());
        assert!(BoardSize::new(53, 19).is_none());
        assert!(BoardSize::new(0, 19).is_none());
        assert_eq!(BoardSize::new(9, 13).unwrap().to_string(), "9:13");
        let s = BoardSize::STANDARD;
        assert_eq!(s.neighbors(Point::new(0, 0)).count(), 2);
        assert_eq!(s.neighbors(Point::new(5, 0)).count(), 3);
        assert_eq!(s.neighbors(Point::new(5, 5)).count(), 4);
    }
}

/// A plain picture of a board: what stands on each point, row-major
/// (`size.index(point)`). The hand-off between the board (replay) and the scorer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub size: BoardSize,
    pub cells: Vec<Option<Color>>,
}

impl Position {
    pub fn empty(size: BoardSize) -> Position {
        Position {
            size,
            cells: vec![None; size.points()],
        }
    }

    pub fn get(&self, p: Point) -> Option<Color> {
        self.cells[self.size.index(p)]
    }

    /// The empty points next to any of `stones`, each counted once.
    pub(crate) fn liberties_of(&self, stones: &[Point]) -> usize {
        let mut liberties: Vec<Point> = stones
            .iter()
            .flat_map(|&p| self.size.neighbors(p))
            .filter(|&q| self.get(q).is_none())
            .collect();
        liberties.sort_unstable();
        liberties.dedup();
        liberties.len()
    }

    /// Every chain: its colour and its stones, the first stone the chain's first in
    /// row-major order, chains in the order of their first stones.
    pub(crate) fn chains(&self) -> Vec<(Color, Vec<Point>)> {
        let size = self.size;
        let mut seen = vec![false; self.cells.len()];
        let mut chains = Vec::new();
        for start in 0..self.cells.len() {
            let Some(color) = self.cells[start] else {
                continue;
            };
            if seen[start] {
                continue;
            }
            seen[start] = true;
            let mut chain = vec![size.point(start)];
            let mut next = 0;
            while next < chain.len() {
                for n in size.neighbors(chain[next]) {
                    let i = size.index(n);
                    if !seen[i] && self.cells[i] == Some(color) {
                        seen[i] = true;
                        chain.push(n);
                    }
                }
                next += 1;
            }
            chains.push((color, chain));
        }
        chains
    }

    pub fn set(&mut self, p: Point, stone: Option<Color>) {
        let i = self.size.index(p);
        self.cells[i] = stone;
    }

    /// Reads a diagram: one line per row from the top, `X` black, `O` white, `.` empty
    /// (spaces ignored). Handy in tests.
    pub fn from_diagram(diagram: &str) -> Position {
        let rows: Vec<Vec<Option<Color>>> = diagram
            .lines()
            .map(|l| l.trim())
            .filter(|l| !l.is_empty())
            .map(|l| {
                l.chars()
                    .filter(|c| !c.is_whitespace())
                    .map(|c| match c {
                        'X' | 'x' | '#' => Some(Color::Black),
                        'O' | 'o' => Some(Color::White),
                        _ => None,
                    })
                    .collect()
            })
            .collect();
        let size = BoardSize::new(rows[0].len() as u32, rows.len() as u32)
            .expect("diagram size within 1..=52");
        Position {
            size,
            cells: rows.into_iter().flatten().collect(),
        }
    }
}
