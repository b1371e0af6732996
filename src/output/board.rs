//! A plain-text picture of the counted board for the `score` command: stones, dead stones,
//! and whom each empty point was counted for, with GTP coordinates around it.

use std::fmt::Write as _;

use crate::geom::{Color, Point, Position};
use crate::score::Owner;

/// Glyphs: `X`/`O` live stones, `x`/`o` dead stones (taken off before counting),
/// `+` Black's area, `-` White's area, `=` split half and half, `.` nobody's.
pub fn render_board(position: &Position, dead: &[Point], owner: &[Owner]) -> String {
    render_board_marked(position, dead, owner, &[])
}

/// [`render_board`], with the stones whose fate is uncertain marked by a `?` before them.
pub fn render_board_marked(
    position: &Position,
    dead: &[Point],
    owner: &[Owner],
    uncertain: &[Point],
) -> String {
    let size = position.size;
    let label = |col: u8| -> String {
        Point::new(col, 0)
            .vertex(size)
            .trim_end_matches(|c: char| c.is_ascii_digit())
            .to_string()
    };
    let labels: Vec<String> = (0..size.width).map(label).collect();
    let cell = labels.iter().map(String::len).max().unwrap_or(1) + 1;
    let margin = size.height.to_string().len();

    let mut dead_at = vec![false; size.points()];
    for &p in dead {
        if size.contains(p) {
            dead_at[size.index(p)] = true;
        }
    }

    let mut out = String::new();
    let header = |out: &mut String| {
        out.push_str(&" ".repeat(margin));
        for l in &labels {
            let _ = write!(out, "{l:>cell$}");
        }
        out.push('\n');
    };
    header(&mut out);
    for row in 0..size.height {
        let number = size.height - row;
        let _ = write!(out, "{number:>margin$}");
        for col in 0..size.width {
            let i = size.index(Point::new(col, row));
            let glyph = match (position.cells[i], dead_at[i]) {
                (Some(Color::Black), false) => 'X',
                (Some(Color::White), false) => 'O',
                (Some(Color::Black), true) => 'x',
                (Some(Color::White), true) => 'o',
                (None, _) => match owner.get(i) {
                    Some(Owner::Black) => '+',
                    Some(Owner::White) => '-',
                    Some(Owner::Shared) => '=',
                    Some(Owner::Seki) => 's',
                    Some(Owner::Nobody) | None => '.',
                },
            };
            if uncertain.contains(&Point::new(col, row)) {
                let _ = write!(out, "{:>w$}?{glyph}", "", w = cell - 2);
            } else {
                let _ = write!(out, "{glyph:>cell$}");
            }
        }
        let _ = writeln!(out, " {number}");
    }
    header(&mut out);
    out.push_str(
        "X O live stones   x o dead stones   \
         + Black's area   - White's area   = split half each   . nobody's\n",
    );
    if owner.contains(&Owner::Seki) {
        out.push_str("s an eye of stones in seki: nobody's under territory counting\n");
    }
    if !uncertain.is_empty() {
        out.push_str(
            "?X ?O stones whose fate the estimate is unsure of (counted by its best guess)\n",
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::{count_area, ScoringMethod};

    #[test]
    fn draws_stones_dead_stones_and_owners() {
        let p = Position::from_diagram(
            "
            X O .
            X . O
            X O .",
        );
        let dead = [Point::new(1, 0)];
        let count = count_area(&p, &dead, ScoringMethod::SplitShared);
        let text = render_board(&p, &dead, &count.owner);
        let expected = "  A B C\n\
                        3 X o = 3\n\
                        2 X = O 2\n\
                        1 X O - 1\n  A B C\n";
        assert!(text.starts_with(expected), "{text}");
        assert!(text.contains("x o dead stones"));
    }
}
