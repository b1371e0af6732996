//! The reference reader: `sgf-parse` builds the full typed game tree. It is slower than
//! the lexer, keeps the whole tree in memory and recurses, so the tool does not use it;
//! the differential tests check that both readers see the same games, moves, setup and
//! game information.

use sgf_parse::go::{Move, Prop};
use sgf_parse::SgfNode;

use crate::geom::{Color, Point};
use crate::input::split::value_end;

/// Nesting deeper than this is not handed to `sgf-parse`, whose trees are built and
/// dropped recursively (a deep enough tree would overflow the stack).
pub const MAX_REFERENCE_DEPTH: usize = 2_000;

/// One game as the reference reader sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReferenceGame {
    /// Main-line moves in order: colour and point (`None` for a pass `B[]`).
    pub moves: Vec<(Color, Option<Point>)>,
    /// Main-line setup stones, one list per node that has some (sorted within a node).
    pub setup: Vec<Vec<(Point, Option<Color>)>>,
    /// Game-information text properties of the root (`EV`, `DT`, `PC`, …), as read.
    pub info: Vec<(String, String)>,
}

/// Deepest nesting of `(` outside property values.
pub(crate) fn nesting_depth(text: &str) -> usize {
    let bytes = text.as_bytes();
    let (mut depth, mut max, mut i) = (0usize, 0usize, 0usize);
    while i < bytes.len() {
        match bytes[i] {
            b'(' => {
                depth += 1;
                max = max.max(depth);
            }
            b')' => depth = depth.saturating_sub(1),
            b'[' => match value_end(bytes, i + 1) {
                Some(e) => i = e,
                None => break,
            },
            _ => {}
        }
        i += 1;
    }
    max
}

fn point(p: &sgf_parse::go::Point) -> Point {
    Point::new(p.x, p.y)
}

/// Reads the games of a text with `sgf-parse`.
pub fn read_games(text: &str) -> Result<Vec<ReferenceGame>, String> {
    if nesting_depth(text) > MAX_REFERENCE_DEPTH {
        return Err(format!(
            "nested more than {MAX_REFERENCE_DEPTH} variations deep"
        ));
    }
    let nodes: Vec<SgfNode<Prop>> = sgf_parse::go::parse(text).map_err(|e| format!("{e:?}"))?;
    Ok(nodes.iter().map(read_game).collect())
}

fn read_game(root: &SgfNode<Prop>) -> ReferenceGame {
    let mut game = ReferenceGame {
        moves: Vec::new(),
        setup: Vec::new(),
        info: Vec::new(),
    };
    for prop in root.properties() {
        let (id, value) = match prop {
            Prop::EV(t) => ("EV", t.to_string()),
            Prop::DT(t) => ("DT", t.to_string()),
            Prop::PC(t) => ("PC", t.to_string()),
            Prop::GN(t) => ("GN", t.to_string()),
            Prop::RO(t) => ("RO", t.to_string()),
            Prop::BR(t) => ("BR", t.to_string()),
            Prop::WR(t) => ("WR", t.to_string()),
            Prop::TM(t) => ("TM", t.to_string()),
            Prop::OT(t) => ("OT", t.to_string()),
            Prop::SO(t) => ("SO", t.to_string()),
            _ => continue,
        };
        game.info.push((id.to_string(), value));
    }
    for node in root.main_variation() {
        let mut node_setup = Vec::new();
        for (stone, list) in [
            (Some(Color::Black), node.get_property("AB")),
            (Some(Color::White), node.get_property("AW")),
            (None, node.get_property("AE")),
        ] {
            let points = match list {
                Some(Prop::AB(s)) | Some(Prop::AW(s)) | Some(Prop::AE(s)) => s,
                _ => continue,
            };
            node_setup.extend(points.iter().map(|p| (point(p), stone)));
        }
        if !node_setup.is_empty() {
            node_setup.sort();
            game.setup.push(node_setup);
        }
        match node.get_move() {
            Some(Prop::B(m)) => game.moves.push((Color::Black, as_point(m))),
            Some(Prop::W(m)) => game.moves.push((Color::White, as_point(m))),
            _ => {}
        }
    }
    game
}

fn as_point(m: &Move) -> Option<Point> {
    match m {
        Move::Pass => None,
        Move::Move(p) => Some(point(p)),
    }
}
