//! Board diagrams as SVG text, written by hand: no assets, no browser, one `<use>` per
//! stone so that a full 19×19 board stays a few kilobytes. A standalone file carries its
//! own symbols ([`DEFS`]); diagrams inlined in the HTML report share the page's.
//!
//! One unit of the picture is the distance between two lines; the point in column `c`,
//! row `r` (from the top) is drawn at `x = c`, `y = r`. Stones are `<use>` of `#b`/`#w`
//! (live) and `#bd`/`#wd` (dead), each point's owner `#tb`/`#tw`/`#ts` (Black, White,
//! split), so a reader can take the board back out of the picture.

use std::borrow::Cow;
use std::fmt::Write as _;

use crate::audit::figure::{Figure, Mark, Panel};
use crate::geom::{BoardSize, Color, Point};
use crate::score::Owner;

/// The symbols the diagrams use, in a `<defs>` element.
pub const DEFS: &str = concat!(
    "<defs>",
    r##"<circle id="b" r=".47" fill="#1a1a1a" stroke="#000" stroke-width=".04"/>"##,
    r##"<circle id="w" r=".47" fill="#fafafa" stroke="#1a1a1a" stroke-width=".05"/>"##,
    r##"<circle id="bd" r=".47" fill="#1a1a1a" opacity=".35"/>"##,
    r##"<circle id="wd" r=".47" fill="#fafafa" stroke="#1a1a1a" stroke-width=".05" opacity=".45"/>"##,
    r##"<circle id="gb" r=".45" fill="#1a1a1a" opacity=".45"/>"##,
    r##"<circle id="gw" r=".45" fill="#fafafa" stroke="#1a1a1a" stroke-width=".05" opacity=".6"/>"##,
    r##"<circle id="r" r=".5" fill="none" stroke="#e0201b" stroke-width=".1"/>"##,
    r##"<path id="x" d="M-.24-.24L.24.24M-.24.24L.24-.24" stroke="#e0201b" stroke-width=".11"/>"##,
    r##"<rect id="tb" x="-.16" y="-.16" width=".32" height=".32" fill="#1a1a1a"/>"##,
    r##"<rect id="tw" x="-.16" y="-.16" width=".32" height=".32" fill="#fafafa" stroke="#1a1a1a" stroke-width=".04"/>"##,
    r##"<rect id="ts" x="-.12" y="-.12" width=".24" height=".24" fill="#888"/>"##,
    r##"<path id="s" d="M0-.27L.24.15H-.24Z" fill="none" stroke="#1769d1" stroke-width=".08"/>"##,
    r##"<text id="q" font-size=".62" font-weight="bold" fill="#f07800" text-anchor="middle" dy=".22">?</text>"##,
    r##"<circle id="h" r=".1" fill="#3a2a10"/>"##,
    "</defs>"
);

/// Text safe inside XML (and HTML): `&`, `<`, `>`, quotes escaped, control characters
/// that XML 1.0 forbids dropped.
pub fn escape(text: &str) -> Cow<'_, str> {
    let plain = |c: char| !matches!(c, '&' | '<' | '>' | '"' | '\'') && (c >= ' ' || c == '\t');
    if text.chars().all(plain) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\t' | '\n' => out.push(' '),
            c if c < ' ' => {}
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// Space around a board for the coordinates, in units.
const MARGIN: f64 = 1.2;
/// Height above the board for the panel's title.
const TITLE: f64 = 1.0;
/// Gap between two panels.
const GAP: f64 = 0.8;
/// Height of one caption line.
const LINE: f64 = 0.8;
/// Pixels of the widest panel of a diagram inlined in a page.
const INLINE_PX: f64 = 300.0;
/// Pixels per unit of a standalone picture.
const SCALE: f64 = 26.0;

/// How a figure is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// A file of its own: `xmlns`, pixel size, its own `<defs>`, the caption.
    Standalone,
    /// Inside an HTML page that holds [`DEFS`] once; no caption (the page says it).
    Inline,
}

fn panel_width(size: BoardSize) -> f64 {
    f64::from(size.width) - 1.0 + 2.0 * MARGIN
}

fn panel_height(size: BoardSize) -> f64 {
    TITLE + f64::from(size.height) - 1.0 + 2.0 * MARGIN
}

/// The column letters as the vertices write them (`A`..`T` without `I`).
fn column_label(col: u8, size: BoardSize) -> String {
    Point::new(col, 0)
        .vertex(size)
        .trim_end_matches(|c: char| c.is_ascii_digit())
        .to_string()
}

/// Star points of the usual board sizes.
fn star_points(size: BoardSize) -> Vec<Point> {
    let lines = |n: u8| -> Vec<u8> {
        match n {
            19 => vec![3, 9, 15],
            13 => vec![3, 6, 9],
            9 => vec![2, 4, 6],
            _ => Vec::new(),
        }
    };
    if size.width != size.height {
        return Vec::new();
    }
    let l = lines(size.width);
    let mut points = Vec::new();
    for &c in &l {
        for &r in &l {
            if size.width != 9 || (c == 4) == (r == 4) {
                points.push(Point::new(c, r));
            }
        }
    }
    points
}

/// The font size of a caption line, in units.
const CAPTION_FONT: f64 = 0.5;
/// Where a caption line starts, in units from the left edge (and the room kept at the
/// right); the `x` of its `<text>`, as the font size is its `font-size`.
const CAPTION_X: f64 = 0.3;
/// The fonts of a standalone picture: Latin ones first, then fonts with the Chinese,
/// Japanese and Korean glyphs of names and comments, then any sans-serif.
const FONT_FAMILY: &str = "DejaVu Sans,Arial,'Noto Sans CJK SC','Source Han Sans SC',\
'PingFang SC','Hiragino Sans','Microsoft YaHei','Malgun Gothic',sans-serif";

/// The width of a character in ems, on the safe side: a wide (East Asian) character a
/// full em, any other 0.7 em (text in DejaVu Sans or Arial averages about 0.55 em a
/// character).
fn char_ems(c: char) -> f64 {
    let wide = matches!(u32::from(c),
        0x1100..=0x115F | 0x2E80..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6 | 0x20000..=0x3FFFD);
    if wide {
        1.0
    } else {
        0.7
    }
}

/// The width of `text` in ems (see [`char_ems`]).
fn text_ems(text: &str) -> f64 {
    text.chars().map(char_ems).sum()
}

/// Breaks a caption into lines of at most `ems` wide, at spaces; a word wider than a
/// line (a run of CJK text has no spaces) is cut between characters.
fn wrap(text: &str, ems: f64) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let room = if line.is_empty() { 0.0 } else { char_ems(' ') };
        if !line.is_empty() && text_ems(&line) + room + text_ems(word) > ems {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        for c in word.chars() {
            if !line.is_empty() && text_ems(&line) + char_ems(c) > ems {
                lines.push(std::mem::take(&mut line));
            }
            line.push(c);
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Writes one figure as an `<svg>` element.
pub fn write_figure(figure: &Figure, style: Style, out: &mut String) {
    let widths: Vec<f64> = figure
        .panels
        .iter()
        .map(|p| panel_width(p.position.size))
        .collect();
    let width = widths.iter().sum::<f64>() + GAP * widths.len().saturating_sub(1) as f64;
    let board_height = figure
        .panels
        .iter()
        .map(|p| panel_height(p.position.size))
        .fold(0.0, f64::max);
    // The caption within the picture's width, the room at both sides kept.
    let caption_ems = ((width - 2.0 * CAPTION_X) / CAPTION_FONT).max(10.0);
    let caption: Vec<String> = match style {
        Style::Inline => Vec::new(),
        Style::Standalone => figure
            .caption
            .iter()
            .flat_map(|c| wrap(c, caption_ems))
            .collect(),
    };
    let height = board_height + LINE * caption.len() as f64 + 0.2;
    match style {
        Style::Standalone => {
            let _ = write!(
                out,
                r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{pw}" height="{ph}" font-family="{FONT_FAMILY}">"#,
                w = fmt(width),
                h = fmt(height),
                pw = (width * SCALE).round(),
                ph = (height * SCALE).round(),
            );
            out.push_str(DEFS);
            let _ = write!(
                out,
                r##"<rect width="{}" height="{}" fill="#fff"/>"##,
                fmt(width),
                fmt(height)
            );
        }
        Style::Inline => {
            // Every board about the same size on the page, whatever its lines.
            let widest = widths.iter().copied().fold(1.0, f64::max);
            let _ = write!(
                out,
                r#"<svg class="board" viewBox="0 0 {w} {h}" width="{pw}">"#,
                w = fmt(width),
                h = fmt(height),
                pw = (width * INLINE_PX / widest).round(),
            );
        }
    }
    let mut x = 0.0;
    for (panel, w) in figure.panels.iter().zip(&widths) {
        write_panel(panel, x, out);
        x += w + GAP;
    }
    for (i, line) in caption.iter().enumerate() {
        let _ = write!(
            out,
            r#"<text x=".3" y="{}" font-size=".5">{}</text>"#,
            fmt(board_height + LINE * (i as f64 + 0.6)),
            escape(line)
        );
    }
    out.push_str("</svg>");
}

/// A standalone SVG file of a figure.
pub fn standalone(figure: &Figure) -> String {
    let mut out = String::with_capacity(16 * 1024);
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    write_figure(figure, Style::Standalone, &mut out);
    out.push('\n');
    out
}

/// A number with at most two decimals and no trailing zeros.
fn fmt(v: f64) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s.is_empty() || s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// Writes one panel as a group `left` units from the picture's left edge: its title, the
/// board with its lines, star points and coordinates, then stones, owners and marks.
fn write_panel(panel: &Panel, left: f64, out: &mut String) {
    let size = panel.position.size;
    let _ = write!(
        out,
        r#"<g transform="translate({} {})">"#,
        fmt(left + MARGIN),
        fmt(TITLE + MARGIN)
    );
    let _ = write!(
        out,
        r#"<text x="{}" y="{}" font-size=".55" text-anchor="middle">{}</text>"#,
        fmt((f64::from(size.width) - 1.0) / 2.0),
        fmt(-MARGIN - 0.25),
        escape(&panel.title)
    );
    write_board(panel, out);
    write_coordinates(size, out);
    // Stones, then owners, then marks on top.
    write_stones(panel, out);
    write_owners(panel, out);
    write_marks(panel, out);
    out.push_str("</g>");
}

/// A `<use>` of symbol `id` (of [`DEFS`]) on point `p`.
fn write_use(id: &str, p: Point, out: &mut String) {
    let _ = write!(out, r##"<use href="#{id}" x="{}" y="{}"/>"##, p.col, p.row);
}

/// The wood, the lines (one path) and the star points left empty.
fn write_board(panel: &Panel, out: &mut String) {
    let size = panel.position.size;
    let (w, h) = (size.width, size.height);
    let _ = write!(
        out,
        r##"<rect x="-.6" y="-.6" width="{}" height="{}" fill="#dcb35c"/>"##,
        fmt(f64::from(w) + 0.2),
        fmt(f64::from(h) + 0.2)
    );
    // The lines, one path.
    out.push_str(r##"<path stroke="#3a2a10" stroke-width=".04" d=""##);
    for r in 0..h {
        let _ = write!(out, "M0 {r}H{}", w - 1);
    }
    for c in 0..w {
        let _ = write!(out, "M{c} 0V{}", h - 1);
    }
    out.push_str(r#""/>"#);
    for p in star_points(size) {
        if panel.position.get(p).is_none() {
            write_use("h", p, out);
        }
    }
}

/// Coordinates: letters above and below, numbers left and right.
fn write_coordinates(size: BoardSize, out: &mut String) {
    let (w, h) = (size.width, size.height);
    out.push_str(r##"<g font-size=".45" fill="#333" text-anchor="middle">"##);
    for c in 0..w {
        let label = column_label(c, size);
        let _ = write!(
            out,
            r#"<text x="{c}" y="-.78">{label}</text><text x="{c}" y="{}">{label}</text>"#,
            fmt(f64::from(h) - 1.0 + 1.12)
        );
    }
    for r in 0..h {
        let n = h - r;
        let _ = write!(
            out,
            r#"<text x="-.85" y="{y}">{n}</text><text x="{}" y="{y}">{n}</text>"#,
            fmt(f64::from(w) - 1.0 + 0.85),
            y = fmt(f64::from(r) + 0.16)
        );
    }
    out.push_str("</g>");
}

/// The stones, the dead ones (marked [`Mark::Dead`]) faded.
fn write_stones(panel: &Panel, out: &mut String) {
    let size = panel.position.size;
    for (i, cell) in panel.position.cells.iter().enumerate() {
        let Some(color) = cell else { continue };
        let p = size.point(i);
        let dead = panel.marks_at(p).any(|m| m == Mark::Dead);
        let id = match (color, dead) {
            (Color::Black, false) => "b",
            (Color::White, false) => "w",
            (Color::Black, true) => "bd",
            (Color::White, true) => "wd",
        };
        write_use(id, p, out);
    }
}

/// The owner of each point counted for someone: empty points and dead stones.
fn write_owners(panel: &Panel, out: &mut String) {
    let size = panel.position.size;
    for (i, owner) in panel.owner.iter().enumerate() {
        let p = size.point(i);
        let counted_over =
            panel.position.cells[i].is_none() || panel.marks_at(p).any(|m| m == Mark::Dead);
        if !counted_over {
            continue;
        }
        let id = match owner {
            Owner::Black => "tb",
            Owner::White => "tw",
            Owner::Shared => "ts",
            Owner::Nobody | Owner::Seki => continue,
        };
        write_use(id, p, out);
    }
}

/// The marks, on top of everything: the move as a ghost stone in a ring, rings, crosses
/// on the stones the move takes off, question marks, seki triangles.
fn write_marks(panel: &Panel, out: &mut String) {
    for &(p, mark) in &panel.marks {
        let ids: &[&str] = match mark {
            Mark::Move(Color::Black) => &["gb", "r"],
            Mark::Move(Color::White) => &["gw", "r"],
            Mark::Ring => &["r"],
            Mark::Dies => &["x"],
            Mark::Uncertain => &["q"],
            Mark::Seki => &["s"],
            Mark::Dead => &[],
        };
        for id in ids {
            write_use(id, p, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_drops_control_characters() {
        assert_eq!(escape("B+R"), "B+R");
        assert_eq!(escape("a<b & \"c\"\u{1}"), "a&lt;b &amp; &quot;c&quot;");
    }

    #[test]
    fn wraps_at_spaces() {
        assert_eq!(wrap("one two three", 5.0), vec!["one two", "three"]);
        assert_eq!(wrap("柯洁对阿尔法狗", 3.0), vec!["柯洁对", "阿尔法", "狗"]);
        assert_eq!(fmt(1.50), "1.5");
        assert_eq!(fmt(2.0), "2");
    }

    #[test]
    fn nine_by_nine_has_five_star_points() {
        let s = star_points(BoardSize::square(9).unwrap());
        assert_eq!(s.len(), 5, "{s:?}");
        assert_eq!(star_points(BoardSize::STANDARD).len(), 9);
    }
}
