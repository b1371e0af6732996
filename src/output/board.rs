//! A plain-text picture of the counted board for the `score` command: stones, dead stones,
//! and whom each empty point was counted for, with GTP coordinates around it.

use std::fmt::Write as _;

use anstyle::{AnsiColor, Style};

use super::style::paint;
use crate::geom::{BoardSize, Color, Point, Position};
use crate::score::Owner;

/// A board glyph's colours (`X`/`O` live stones, `x`/`o` dead ones, `+`/`-` areas, `*`
/// the point of a move, marks `>`, `!`, `?`): stones dark and light as on a board, Black's
/// black on a light ground and White's bold bright white, so that either reads on a dark
/// or a light terminal; dead stones dim and crossed out, areas in the grey of their side,
/// marks red; the rest plain.
pub fn glyph_style(c: char) -> Style {
    let black = AnsiColor::Black.on(AnsiColor::BrightWhite);
    let white = Style::new().fg_color(Some(AnsiColor::BrightWhite.into()));
    match c {
        'X' => black.bold(),
        'O' => white.bold(),
        'x' => black.dimmed().strikethrough(),
        'o' => white.dimmed().strikethrough(),
        '+' => AnsiColor::BrightBlack.on_default(),
        '-' => AnsiColor::White.on_default(),
        '*' | '>' | '!' | '?' => AnsiColor::Red.on_default().bold(),
        _ => Style::new(),
    }
}

/// A board with GTP coordinates around it: `cell(point)` gives a mark (`' '` for none) and
/// the glyph drawn after it, both coloured when `color` (see [`glyph_style`]).
/// Shared by the `score` and `show` boards.
pub fn draw_grid(size: BoardSize, color: bool, cell: impl Fn(Point) -> (char, char)) -> String {
    let labels: Vec<String> = (0..size.width)
        .map(|col| {
            Point::new(col, 0)
                .vertex(size)
                .trim_end_matches(|c: char| c.is_ascii_digit())
                .to_string()
        })
        .collect();
    let width = labels.iter().map(String::len).max().unwrap_or(1) + 1;
    let margin = size.height.to_string().len();
    let mut out = String::new();
    let header = |out: &mut String| {
        out.push_str(&" ".repeat(margin));
        for l in &labels {
            let _ = write!(out, "{l:>width$}");
        }
        out.push('\n');
    };
    header(&mut out);
    for row in 0..size.height {
        let number = size.height - row;
        let _ = write!(out, "{number:>margin$}");
        for col in 0..size.width {
            let (mark, glyph) = cell(Point::new(col, row));
            if color {
                let _ = write!(
                    out,
                    "{:>w$}{}{}",
                    "",
                    paint(true, glyph_style(mark), &mark.to_string()),
                    paint(true, glyph_style(glyph), &glyph.to_string()),
                    w = width - 2
                );
            } else {
                let _ = write!(out, "{:>w$}{mark}{glyph}", "", w = width - 2);
            }
        }
        let _ = writeln!(out, " {number}");
    }
    header(&mut out);
    out
}

/// Glyphs: `X`/`O` live stones, `x`/`o` dead stones (taken off before counting),
/// `+` Black's area, `-` White's area, `=` split half and half, `.` nobody's.
pub fn render_board(position: &Position, dead: &[Point], owner: &[Owner]) -> String {
    render_board_marked(position, dead, owner, &[], false)
}

/// [`render_board`], with the stones whose fate is uncertain marked by a `?` before them,
/// and stones, areas and marks coloured when `color`.
pub fn render_board_marked(
    position: &Position,
    dead: &[Point],
    owner: &[Owner],
    uncertain: &[Point],
    color: bool,
) -> String {
    let size = position.size;
    let mut dead_at = vec![false; size.points()];
    for &p in dead {
        if size.contains(p) {
            dead_at[size.index(p)] = true;
        }
    }
    let mut unsure_at = vec![false; size.points()];
    for &p in uncertain {
        if size.contains(p) {
            unsure_at[size.index(p)] = true;
        }
    }
    let mut out = draw_grid(size, color, |p| {
        let i = size.index(p);
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
        (if unsure_at[i] { '?' } else { ' ' }, glyph)
    });
    let g = |c: char| paint(color, glyph_style(c), &c.to_string());
    let _ = writeln!(
        out,
        "{} {} live stones   {} {} dead stones   \
         {} Black's area   {} White's area   = split half each   . nobody's",
        g('X'),
        g('O'),
        g('x'),
        g('o'),
        g('+'),
        g('-'),
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
