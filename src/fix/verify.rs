//! The check that a fixed game means what the original meant: the same moves, setup,
//! players to move and side lines, the same text in every text property, and no setup
//! carried across a move. `--fix` reads each game it rewrote again and leaves the file
//! as it was when one differs, so that a fault of a fix can cost a rewrite, never data.

use std::collections::BTreeMap;

use crate::game::parse_size;
use crate::geom::{BoardSize, Color, Point};
use crate::sgf::props;
use crate::sgf::record::{parse_game_with, GameRecord, Limits, MoveTarget, Node};

use super::tree::Tree;

/// What one game means to a reader, as far as a fix must keep it.
#[derive(Debug, PartialEq, Eq)]
struct Meaning {
    /// Per line (the main line first, then each side line): its segments, the setup and
    /// player between two moves, and the move that ends each.
    lines: Vec<Vec<Segment>>,
    /// The side lines' names.
    paths: Vec<String>,
    /// The text properties in the order written, with the values of a node's repeats
    /// joined (`C[a]C[b]` reads as `C[a\nb]`); empty ones left out. Then the names of
    /// the applications (`AP`, and a second one kept apart as `XAP`), each once a node.
    texts: Vec<(String, String)>,
    /// For each setup identifier and `PL`: how many moves are written before it.
    setup_order: Vec<(usize, String)>,
}

#[derive(Debug, Default, PartialEq, Eq)]
struct Segment {
    setup: BTreeMap<Point, Option<Color>>,
    player: Option<Color>,
    mv: Option<(Color, Option<Point>, bool)>,
}

/// Why `after` (a fixed game) does not mean what `before` meant; `None` when it does.
pub fn meaning_differs(before: &str, after: &str) -> Option<&'static str> {
    let (a, b) = (meaning(before), meaning(after));
    if a.lines != b.lines || a.paths != b.paths {
        Some("its moves, setup or variations would read differently")
    } else if a.texts != b.texts {
        Some("the text of a property would change")
    } else if a.setup_order != b.setup_order {
        Some("setup or PL would move across a move")
    } else {
        None
    }
}

fn meaning(text: &str) -> Meaning {
    let record = parse_game_with(text, Limits::default(), true);
    let size = record
        .root
        .size
        .and_then(|v| parse_size(v.raw))
        .unwrap_or(BoardSize::STANDARD);
    let mut lines = vec![segments(&record, &record.nodes, size)];
    let mut paths = Vec::new();
    for (i, line) in record.side_lines.iter().enumerate() {
        lines.push(segments(&record, record.line_nodes(Some(i as u32)), size));
        paths.push(format!("{:?}@{:?}", line.path, line.parent));
    }
    let (texts, setup_order) = written(text);
    Meaning {
        lines,
        paths,
        texts,
        setup_order,
    }
}

/// A line's nodes as segments that each end with a move (the last may have none).
fn segments(record: &GameRecord<'_>, nodes: &[Node], size: BoardSize) -> Vec<Segment> {
    let mut out = vec![Segment::default()];
    for node in nodes {
        let segment = out.last_mut().expect("one segment at least");
        let range = node.setup.start as usize..node.setup.end as usize;
        for &(point, color) in record.setup.get(range).unwrap_or_default() {
            segment.setup.insert(point, color);
        }
        if node.player.is_some() {
            segment.player = node.player;
        }
        if let Some(mv) = node.mv {
            let target = match mv.target {
                MoveTarget::Pass => (None, false),
                MoveTarget::At(p) if size.is_pass_mark(p) || size.is_tt_pass(p) => (None, false),
                MoveTarget::At(p) => (Some(p), false),
                MoveTarget::Unreadable => (None, true),
            };
            segment.mv = Some((mv.color, target.0, target.1));
            out.push(Segment::default());
        }
    }
    out
}

/// Text properties (identifier, text) and setup identifiers after so many moves.
type Written = (Vec<(String, String)>, Vec<(usize, String)>);

/// The text properties and the place of setup among the moves, in the order written.
fn written(text: &str) -> Written {
    let tree = Tree::read(text);
    let mut texts: Vec<(usize, String, String)> = Vec::new();
    let mut order = Vec::new();
    let mut apps: Vec<(usize, String)> = Vec::new();
    let mut moves = 0;
    for p in &tree.props {
        let name = p.name();
        match name.as_str() {
            "B" | "W" => moves += 1,
            "AP" | props::SECOND_AP => {
                // The application's name: its version is the compose fix's to write.
                for (v, _) in &p.values {
                    let app = (p.node, v.split(':').next().unwrap_or("").trim().to_string());
                    if !app.1.is_empty() && !apps.contains(&app) {
                        apps.push(app);
                    }
                }
            }
            "AB" | "AW" | "AE" | "PL" if !order.contains(&(moves, name.clone())) => {
                order.push((moves, name));
            }
            "AB" | "AW" | "AE" | "PL" => {}
            _ if is_text(&name) => {
                // An empty value says nothing (`GN[][]` is no name).
                let value: Vec<&str> = p
                    .values
                    .iter()
                    .map(|(v, _)| *v)
                    .filter(|v| !v.is_empty())
                    .collect();
                let value = value.join("\n");
                match texts.iter_mut().find(|t| t.0 == p.node && t.1 == name) {
                    Some(t) if !value.is_empty() => {
                        if !t.2.is_empty() {
                            t.2.push('\n');
                        }
                        t.2.push_str(&value);
                    }
                    Some(_) => {}
                    None => texts.push((p.node, name, value)),
                }
            }
            _ => {}
        }
    }
    let texts = texts
        .into_iter()
        .filter(|t| !t.2.is_empty())
        .map(|t| (t.1, t.2))
        .chain(apps.into_iter().map(|(_, app)| ("AP".to_string(), app)))
        .collect();
    (texts, order)
}

/// A property whose value is free text (or unknown, kept byte for byte): no fix may
/// change what it says. `AP`, `CA` and the game information with a format (`DT`, `RE`,
/// `TM` and its overtime `OT`, `KM`, `HA`) are rewritten by fixes of their own.
fn is_text(name: &str) -> bool {
    match props::lookup(name.as_bytes()) {
        None => true,
        Some(def) => {
            def.text && !matches!(name, "AP" | "CA" | "DT" | "RE" | "TM" | "OT" | "KM" | "HA")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fixes_meaning_is_kept() {
        let same = [
            ("(;FF[4]GN[];B[pd];W[zz])", "(;FF[4];B[pd];W[])"),
            ("(;FF[4];B[pd]C[a]C[b])", "(;FF[4];B[pd]C[a\nb])"),
            ("(;FF[4];AB[cc]B[dd])", "(;FF[4];AB[cc];B[dd])"),
            ("(;FF[4];AB[cc]AB[dd];B[ee])", "(;FF[4];AB[cc][dd];B[ee])"),
            ("(;FF[4]AP[YuanYu];B[aa])", "(;FF[4]AP[YuanYu:];B[aa])"),
            (
                "(;AP[Go:3]RE[B+]AP[fox];B[a])",
                "(;AP[Go:3]RE[B+]XAP[fox];B[a])",
            ),
        ];
        for (a, b) in same {
            assert_eq!(meaning_differs(a, b), None, "{a} -> {b}");
        }
    }

    #[test]
    fn a_change_of_meaning_is_seen() {
        let differ = [
            ("(;FF[4];B[cc];W[tt]PL[W])", "(;FF[4];B[cc];PL[W];W[tt])"),
            ("(;FF[4];AB[cc]B[dd]AB[ee])", "(;FF[4];AB[cc][ee];B[dd])"),
            ("(;FF[4]C[   ];B[pd])", "(;FF[4];B[pd])"),
            ("(;PB[Lee (3d)];B[pd])", "(;PB[Lee (3;d)];B[pd])"),
            ("(;FF[4];B[pd];W[dp])", "(;FF[4];B[pd];鬢[dp])"),
            ("(;AP[Go:3]RE[B+]AP[fox];B[a])", "(;AP[Go:3]RE[B+];B[a])"),
        ];
        for (a, b) in differ {
            assert!(meaning_differs(a, b).is_some(), "{a} -> {b}");
        }
    }
}
