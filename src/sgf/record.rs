//! Reading one game tree's main line into a [`GameRecord`], without copying its text.

use std::ops::Range;

use crate::finding::{Code, Finding, Severity};
use crate::geom::{Color, Point};
use crate::sgf::lexer::{Lexer, Token};

/// What a move property names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveTarget {
    /// `B[]` (and `tt`, decided later against the board size).
    Pass,
    /// A coordinate, possibly off the board (checked by the replay).
    At(Point),
    /// A value that is not a coordinate at all (`B[k]`, `B[1,2]`).
    Unreadable,
}

/// A move as recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecordedMove {
    pub color: Color,
    pub target: MoveTarget,
    /// Offset of the `B`/`W` identifier in the game's text.
    pub offset: u32,
}

/// A main-line node that changes something: a move, setup stones, or a player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// Offset of the node's `;` in the game's text.
    pub offset: u32,
    /// Setup stones of this node (`AB`/`AW`/`AE`): a range of [`GameRecord::setup`].
    pub setup: Range<u32>,
    pub player: Option<Color>,
    pub mv: Option<RecordedMove>,
}

/// A root property value as written (escapes left in), with the offset of its identifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawValue<'a> {
    pub raw: &'a str,
    pub offset: u32,
}

/// The root properties the audit reads.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RootProps<'a> {
    pub size: Option<RawValue<'a>>,
    pub komi: Option<RawValue<'a>>,
    pub handicap: Option<RawValue<'a>>,
    pub rules: Option<RawValue<'a>>,
    pub result: Option<RawValue<'a>>,
    pub black: Option<RawValue<'a>>,
    pub white: Option<RawValue<'a>>,
    pub file_format: Option<RawValue<'a>>,
    pub game_type: Option<RawValue<'a>>,
    pub application: Option<RawValue<'a>>,
}

/// A problem of the record itself (syntax or property values).
pub type RecordProblem = Finding;

/// One game's main line, as read.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameRecord<'a> {
    pub root: RootProps<'a>,
    /// Main-line nodes that carry a move, setup, or `PL`, in order; the root is the
    /// first node when it carries setup.
    pub nodes: Vec<Node>,
    /// All setup stones of the main line; nodes refer to ranges of it.
    pub setup: Vec<(Point, Option<Color>)>,
    /// Territory markup (`TB`, `TW`) of the last node that has some, if no move follows it.
    pub territory_black: Vec<Point>,
    pub territory_white: Vec<Point>,
    /// Number of main-line nodes (root included).
    pub node_count: u32,
    /// Syntax and property problems, as findings (line and column not yet filled).
    pub problems: Vec<RecordProblem>,
    /// True when the text broke off so that the rest of the game could not be read.
    pub broken: bool,
}

impl GameRecord<'_> {
    /// Number of moves on the main line (passes included).
    pub fn move_count(&self) -> usize {
        self.nodes.iter().filter(|n| n.mv.is_some()).count()
    }
}

/// Limits on what one game may hold, so that hostile input cannot exhaust memory.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub max_nodes: u32,
}

impl Default for Limits {
    /// 250 000 main-line nodes: hundreds of times the longest real game, and low enough
    /// that one game whose every move is illegal (a finding of a few hundred bytes per
    /// move) stays within a couple of hundred megabytes.
    fn default() -> Self {
        Limits { max_nodes: 250_000 }
    }
}

/// A property identifier, normalised: FF[1]-FF[3] mixed case keeps its capitals
/// (`GaMe` -> `GM`), an all-lower-case one is upper-cased (`sz` -> `SZ`, reported).
fn normalize_ident(id: &str) -> ([u8; 2], usize, bool) {
    let mut out = [0u8; 2];
    let mut len = 0;
    let has_upper = id.bytes().any(|b| b.is_ascii_uppercase());
    for b in id.bytes() {
        let up = if has_upper {
            if !b.is_ascii_uppercase() {
                continue;
            }
            b
        } else {
            b.to_ascii_uppercase()
        };
        if len < 2 {
            out[len] = up;
        }
        len += 1;
    }
    (out, len, !has_upper)
}

/// Which property a normalised identifier is, among those the audit reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Prop {
    Move(Color),
    AddBlack,
    AddWhite,
    AddEmpty,
    Player,
    TerritoryBlack,
    TerritoryWhite,
    Root(RootField),
    Other,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RootField {
    Size,
    Komi,
    Handicap,
    Rules,
    Result,
    Black,
    White,
    FileFormat,
    GameType,
    Application,
}

fn classify(id: [u8; 2], len: usize) -> Prop {
    match (len, id) {
        (1, [b'B', _]) => Prop::Move(Color::Black),
        (1, [b'W', _]) => Prop::Move(Color::White),
        (2, [b'A', b'B']) => Prop::AddBlack,
        (2, [b'A', b'W']) => Prop::AddWhite,
        (2, [b'A', b'E']) => Prop::AddEmpty,
        (2, [b'P', b'L']) => Prop::Player,
        (2, [b'T', b'B']) => Prop::TerritoryBlack,
        (2, [b'T', b'W']) => Prop::TerritoryWhite,
        (2, [b'S', b'Z']) => Prop::Root(RootField::Size),
        (2, [b'K', b'M']) => Prop::Root(RootField::Komi),
        (2, [b'H', b'A']) => Prop::Root(RootField::Handicap),
        (2, [b'R', b'U']) => Prop::Root(RootField::Rules),
        (2, [b'R', b'E']) => Prop::Root(RootField::Result),
        (2, [b'P', b'B']) => Prop::Root(RootField::Black),
        (2, [b'P', b'W']) => Prop::Root(RootField::White),
        (2, [b'F', b'F']) => Prop::Root(RootField::FileFormat),
        (2, [b'G', b'M']) => Prop::Root(RootField::GameType),
        (2, [b'A', b'P']) => Prop::Root(RootField::Application),
        _ => Prop::Other,
    }
}

/// Board points already listed (52 x 52 at most): a point list is a set, so no value,
/// however often it is repeated or however big its rectangle, adds a point twice.
#[derive(Clone)]
struct PointSet([u64; 43]);

impl PointSet {
    const EMPTY: PointSet = PointSet([0; 43]);

    /// Adds a point; false when it was already there.
    fn insert(&mut self, p: Point) -> bool {
        let i = p.row as usize * 52 + p.col as usize;
        let (word, bit) = (i / 64, 1u64 << (i % 64));
        let new = self.0[word] & bit == 0;
        self.0[word] |= bit;
        new
    }

    /// Adds the points of one row from column `c0` to `c1`, a word at a time, pushing
    /// those that were not there yet: a rectangle costs its rows, not its points.
    fn insert_row(&mut self, row: u8, c0: u8, c1: u8, out: &mut Vec<Point>) {
        let (first, last) = (
            row as usize * 52 + c0 as usize,
            row as usize * 52 + c1 as usize,
        );
        for word in first / 64..=last / 64 {
            let from = first.max(word * 64) % 64;
            let to = last.min(word * 64 + 63) % 64;
            let mask = (u64::MAX >> (63 - to)) & (u64::MAX << from);
            let mut new = mask & !self.0[word];
            self.0[word] |= mask;
            while new != 0 {
                let i = word * 64 + new.trailing_zeros() as usize;
                out.push(Point::new((i % 52) as u8, (i / 52) as u8));
                new &= new - 1;
            }
        }
    }
}

/// How a point list value read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PointList {
    Read,
    /// A rectangle written lower-right first (`ab:aa`): read with its corners swapped.
    Backwards,
    NotPoints,
}

/// Reads a point list value: `dd` or a compressed rectangle `aa:cc`; points already in
/// `seen` are skipped.
fn push_points(value: &str, seen: &mut PointSet, out: &mut Vec<Point>) -> PointList {
    let v = value.trim().as_bytes();
    if let Some(p) = Point::from_sgf(v) {
        if seen.insert(p) {
            out.push(p);
        }
        return PointList::Read;
    }
    if v.len() == 5 && v[2] == b':' {
        if let (Some(a), Some(b)) = (Point::from_sgf(&v[..2]), Point::from_sgf(&v[3..])) {
            let (c0, c1) = (a.col.min(b.col), a.col.max(b.col));
            let (r0, r1) = (a.row.min(b.row), a.row.max(b.row));
            for r in r0..=r1 {
                seen.insert_row(r, c0, c1, out);
            }
            return if a.col > b.col || a.row > b.row {
                PointList::Backwards
            } else {
                PointList::Read
            };
        }
    }
    PointList::NotPoints
}

/// Setup points (`AB`, `AW`, `AE`) one main line may hold: a point is listed once per
/// node, so only a hostile record of thousands of setup nodes comes near.
const MAX_SETUP_POINTS: usize = 1 << 20;

/// Marks a record that holds more nodes than the limits allow.
fn too_large(rec: &mut GameRecord<'_>, offset: usize, limits: Limits) {
    rec.problems.push(Finding::new(
        Code::TooLarge,
        Severity::Error,
        offset,
        format!(
            "more than {} nodes on the main line: the rest of the game is not read",
            limits.max_nodes
        ),
    ));
    rec.broken = true;
}

/// State of the node being read.
struct NodeBuilder {
    offset: u32,
    setup_start: u32,
    player: Option<Color>,
    mv: Option<RecordedMove>,
    /// Identifiers of the audited properties seen in this node.
    seen: SeenIds,
}

/// A small inline set of property identifiers (no allocation per node).
#[derive(Default)]
struct SeenIds {
    ids: [u16; 16],
    len: usize,
}

impl SeenIds {
    /// Adds an identifier; false when it was already there.
    fn insert(&mut self, key: u16) -> bool {
        if self.ids[..self.len].contains(&key) {
            return false;
        }
        if self.len < self.ids.len() {
            self.ids[self.len] = key;
            self.len += 1;
        }
        true
    }
}

/// Reads a game tree's text (`(` ... `)`) into a [`GameRecord`]: the root's properties and
/// the main line (the first variation at every branch). Never fails: problems become
/// findings of the record.
pub fn parse_game<'a>(text: &'a str, limits: Limits) -> GameRecord<'a> {
    let mut rec = GameRecord {
        // About one node per 6 bytes in move-only records: grow once or never.
        nodes: Vec::with_capacity(text.len() / 6 + 4),
        ..GameRecord::default()
    };
    let mut lexer = Lexer::new(text);
    let mut current: Option<NodeBuilder> = None;
    let mut prop = Prop::Other;
    let mut prop_offset = 0u32;
    let mut prop_name: &str = "";
    let mut prop_values = 0u32;
    let mut in_root = true;
    // The tree's structure: how deep the reading is, how deep the main line's innermost
    // variation is, and whether the reading is on the main line at all (the first
    // non-empty variation at every branch) or in a side variation, which is only checked.
    let mut depth = 0usize;
    let mut main_depth = 0usize;
    let mut on_main = true;
    // The last structure token was `(`: an identifier now has no `;` before it, a `)`
    // now closes an empty variation.
    let mut after_open = false;
    // The property being read has an identifier (values right after `;`, `(` or `)` do not).
    let mut has_ident = false;
    // Per depth: a variation below it has been closed (a `;` there now comes after a
    // variation).
    let mut closed_child: Vec<bool> = vec![false];
    // Inside a node of a side variation, or of one ignored: its properties are not read.
    let mut in_ignored_node = false;
    let mut markup_b: Vec<Point> = Vec::new();
    let mut markup_w: Vec<Point> = Vec::new();
    // Each node's setup and the markup kept are sets of points (see `PointSet`).
    let mut setup_seen = PointSet::EMPTY;
    let mut setup_seen_in = 0u32;
    let mut markup_b_seen = PointSet::EMPTY;
    let mut markup_w_seen = PointSet::EMPTY;
    let mut warned_lowercase = false;

    let warn = |rec: &mut GameRecord<'a>, code: Code, offset: usize, message: String| {
        if rec.problems.len() < 100 {
            rec.problems
                .push(Finding::new(code, Severity::Warning, offset, message));
        }
    };

    let finish_node = |rec: &mut GameRecord<'a>, node: Option<NodeBuilder>| {
        if let Some(n) = node {
            let setup_end = rec.setup.len() as u32;
            if n.mv.is_some() || n.player.is_some() || setup_end > n.setup_start {
                rec.nodes.push(Node {
                    offset: n.offset,
                    setup: n.setup_start..setup_end,
                    player: n.player,
                    mv: n.mv,
                });
            }
        }
    };

    let end_property =
        |rec: &mut GameRecord<'a>, name: &str, prop: Prop, values: u32, offset: u32| {
            if values == 0 && !name.is_empty() && rec.problems.len() < 100 {
                rec.problems.push(Finding::new(
                    Code::ParseError,
                    Severity::Warning,
                    offset as usize,
                    format!("property {name} has no value: ignored"),
                ));
            }
            // The properties the audit reads that take one value: the others are dropped.
            let single = matches!(prop, Prop::Move(_) | Prop::Player | Prop::Root(_));
            if values > 1 && single && rec.problems.len() < 100 {
                rec.problems.push(Finding::new(
                    Code::ParseError,
                    Severity::Warning,
                    offset as usize,
                    format!(
                        "property {name} takes one value but has {values}: only the first is read"
                    ),
                ));
            }
        };

    // Tokens to read again before the lexer's next (an implied `;`, then the identifier
    // that implied it).
    let mut again: Vec<Token<'a>> = Vec::new();
    // The last structure token was `)`: a property now stands outside any node.
    let mut after_close = false;
    'tokens: loop {
        let token = match again.pop() {
            Some(t) => t,
            None => match lexer.next() {
                Some(t) => t,
                None => break,
            },
        };
        match token {
            Token::Open(off) => {
                end_property(&mut rec, prop_name, prop, prop_values, prop_offset);
                prop_name = "";
                prop = Prop::Other;
                prop_values = 0;
                has_ident = false;
                depth += 1;
                closed_child.truncate(depth);
                closed_child.push(false);
                if on_main && depth == main_depth + 1 {
                    // The first variation at the main line's branch continues it.
                    main_depth = depth;
                }
                after_open = true;
                after_close = false;
                let _ = off;
                continue;
            }
            Token::Close(off) => {
                end_property(&mut rec, prop_name, prop, prop_values, prop_offset);
                prop_name = "";
                prop = Prop::Other;
                prop_values = 0;
                has_ident = false;
                let empty = after_open;
                after_open = false;
                if depth <= 1 {
                    // The tree's own `)`: the game ends here.
                    break;
                }
                if empty {
                    warn(
                        &mut rec,
                        Code::ParseError,
                        off,
                        "empty variation '()' ignored".to_string(),
                    );
                    if on_main && depth == main_depth {
                        // Not the main line after all: the next variation is.
                        main_depth -= 1;
                    }
                } else {
                    if on_main && depth == main_depth {
                        // The main line ends here; the rest is side variations, read
                        // only to report what is wrong in them.
                        on_main = false;
                        finish_node(&mut rec, current.take());
                    }
                    closed_child[depth - 1] = true;
                }
                depth -= 1;
                in_ignored_node = true;
                after_close = true;
                continue;
            }
            Token::Node(off) => {
                end_property(&mut rec, prop_name, prop, prop_values, prop_offset);
                prop_name = "";
                prop = Prop::Other;
                prop_values = 0;
                has_ident = false;
                after_open = false;
                after_close = false;
                let after_variation = closed_child.get(depth).copied().unwrap_or(false);
                let ignored = !on_main || depth != main_depth || after_variation;
                if after_variation {
                    warn(
                        &mut rec,
                        Code::ParseError,
                        off,
                        "node after the variations of its sequence (';' after ')'): ignored"
                            .to_string(),
                    );
                }
                if ignored {
                    in_ignored_node = true;
                    continue;
                }
                in_ignored_node = false;
                if current.is_some() {
                    in_root = false;
                }
                finish_node(&mut rec, current.take());
                rec.node_count += 1;
                if rec.node_count > limits.max_nodes {
                    too_large(&mut rec, off, limits);
                    break;
                }
                let mut node = NodeBuilder {
                    offset: off as u32,
                    setup_start: rec.setup.len() as u32,
                    player: None,
                    mv: None,
                    seen: SeenIds::default(),
                };
                // The hot path: most nodes are a bare move (`;B[dd]`).
                if !in_root || rec.node_count > 1 {
                    if let Some((color, value, at)) = lexer.bare_move() {
                        let target = match value {
                            [] => MoveTarget::Pass,
                            v => Point::from_sgf(v).map_or(MoveTarget::Unreadable, MoveTarget::At),
                        };
                        node.mv = Some(RecordedMove {
                            color,
                            target,
                            offset: at as u32,
                        });
                        markup_b.clear();
                        markup_w.clear();
                        current = Some(node);
                        in_root = false;
                        // And the bare-move nodes that follow, without the general path.
                        while let Some((node_offset, color, value, at)) = lexer.bare_node() {
                            finish_node(&mut rec, current.take());
                            rec.node_count += 1;
                            if rec.node_count > limits.max_nodes {
                                too_large(&mut rec, node_offset, limits);
                                break 'tokens;
                            }
                            let target = match value {
                                [] => MoveTarget::Pass,
                                v => Point::from_sgf(v)
                                    .map_or(MoveTarget::Unreadable, MoveTarget::At),
                            };
                            rec.nodes.push(Node {
                                offset: node_offset as u32,
                                setup: 0..0,
                                player: None,
                                mv: Some(RecordedMove {
                                    color,
                                    target,
                                    offset: at as u32,
                                }),
                            });
                        }
                        continue;
                    }
                }
                current = Some(node);
            }
            Token::Ident(id, off) => {
                end_property(&mut rec, prop_name, prop, prop_values, prop_offset);
                let (norm, len, lowercase) = normalize_ident(id);
                if lowercase && !warned_lowercase {
                    warned_lowercase = true;
                    warn(
                        &mut rec,
                        Code::ParseError,
                        off,
                        format!("lower-case property identifier '{id}' read as upper case"),
                    );
                }
                if after_open {
                    // `(` then properties with no `;` (Nihon Ki-in writes its root so):
                    // the node is implied.
                    let message = if rec.node_count == 0 {
                        "root node written without ';' after '(': its properties are read"
                    } else {
                        "node written without ';' after '(': read as a node"
                    };
                    warn(&mut rec, Code::ParseError, off, message.to_string());
                    again.push(Token::Ident(id, off));
                    again.push(Token::Node(off));
                    prop_name = "";
                    continue;
                }
                prop = classify(norm, len);
                prop_name = id;
                prop_offset = off as u32;
                prop_values = 0;
                has_ident = true;
                if after_close {
                    warn(
                        &mut rec,
                        Code::ParseError,
                        off,
                        format!("property {id} after ')', outside any node: ignored"),
                    );
                    prop = Prop::Other;
                    continue;
                }
                if in_ignored_node {
                    prop = Prop::Other;
                    continue;
                }
                let Some(node) = current.as_mut() else {
                    warn(
                        &mut rec,
                        Code::ParseError,
                        off,
                        format!("property {id} before the first ';': ignored"),
                    );
                    prop = Prop::Other;
                    prop_name = "";
                    continue;
                };
                if len <= 2 && prop != Prop::Other {
                    let key = norm[0] as u16 * 256 + norm[1] as u16;
                    if !node.seen.insert(key) {
                        let merged = matches!(
                            prop,
                            Prop::AddBlack
                                | Prop::AddWhite
                                | Prop::AddEmpty
                                | Prop::TerritoryBlack
                                | Prop::TerritoryWhite
                        );
                        let what = if merged {
                            "values merged"
                        } else {
                            "the first one is used"
                        };
                        warn(
                            &mut rec,
                            Code::ParseError,
                            off,
                            format!("property {id} repeated in one node: {what}"),
                        );
                        if !merged {
                            prop = Prop::Other;
                        }
                    }
                }
                if matches!(prop, Prop::Move(_)) && node.mv.is_some() {
                    warn(
                        &mut rec,
                        Code::ParseError,
                        off,
                        "two moves in one node: the second is ignored".to_string(),
                    );
                    prop = Prop::Other;
                }
            }
            Token::Value(value, off) => {
                prop_values += 1;
                if !has_ident {
                    if prop_values == 1 {
                        let shown: String = value.chars().take(20).collect();
                        warn(
                            &mut rec,
                            Code::ParseError,
                            off,
                            format!("value [{shown}] without a property identifier: ignored"),
                        );
                    }
                    continue;
                }
                if in_ignored_node {
                    continue;
                }
                let Some(node) = current.as_mut() else {
                    continue;
                };
                match prop {
                    Prop::Move(color) => {
                        if prop_values > 1 {
                            continue;
                        }
                        let v = value.trim();
                        let target = if v.is_empty() {
                            MoveTarget::Pass
                        } else {
                            match Point::from_sgf(v.as_bytes()) {
                                Some(p) => MoveTarget::At(p),
                                None => MoveTarget::Unreadable,
                            }
                        };
                        node.mv = Some(RecordedMove {
                            color,
                            target,
                            offset: prop_offset,
                        });
                        markup_b.clear();
                        markup_w.clear();
                    }
                    Prop::AddBlack | Prop::AddWhite | Prop::AddEmpty => {
                        let stone = match prop {
                            Prop::AddBlack => Some(Color::Black),
                            Prop::AddWhite => Some(Color::White),
                            _ => None,
                        };
                        if setup_seen_in != rec.node_count {
                            setup_seen = PointSet::EMPTY;
                            setup_seen_in = rec.node_count;
                        }
                        let mut pts = Vec::new();
                        let read = push_points(value, &mut setup_seen, &mut pts);
                        rec.setup.extend(pts.into_iter().map(|p| (p, stone)));
                        if rec.setup.len() > MAX_SETUP_POINTS {
                            rec.problems.push(Finding::new(
                                Code::TooLarge,
                                Severity::Error,
                                off,
                                format!(
                                    "more than {MAX_SETUP_POINTS} setup points on the main \
                                     line: the rest of the game is not read"
                                ),
                            ));
                            rec.broken = true;
                            break 'tokens;
                        }
                        let v = value.trim();
                        match read {
                            PointList::Read => {}
                            PointList::Backwards => warn(
                                &mut rec,
                                Code::BadProperty,
                                off,
                                format!(
                                    "{prop_name}[{v}] is a rectangle written backwards (upper-left corner first): read as {}:{}",
                                    &v[3..],
                                    &v[..2]
                                ),
                            ),
                            PointList::NotPoints => warn(
                                &mut rec,
                                Code::BadProperty,
                                off,
                                format!("{prop_name}[{v}] is not a point: ignored"),
                            ),
                        }
                    }
                    Prop::Player => {
                        node.player = match value.trim() {
                            "B" | "b" => Some(Color::Black),
                            "W" | "w" => Some(Color::White),
                            other => {
                                let other = other.to_string();
                                warn(
                                    &mut rec,
                                    Code::BadProperty,
                                    off,
                                    format!("PL[{other}] is not B or W: ignored"),
                                );
                                None
                            }
                        }
                    }
                    Prop::TerritoryBlack => {
                        if markup_b.is_empty() {
                            markup_b_seen = PointSet::EMPTY;
                        }
                        let _ = push_points(value, &mut markup_b_seen, &mut markup_b);
                    }
                    Prop::TerritoryWhite => {
                        if markup_w.is_empty() {
                            markup_w_seen = PointSet::EMPTY;
                        }
                        let _ = push_points(value, &mut markup_w_seen, &mut markup_w);
                    }
                    Prop::Root(field) => {
                        if prop_values > 1 {
                            continue;
                        }
                        let game_info = matches!(
                            field,
                            RootField::Komi
                                | RootField::Handicap
                                | RootField::Rules
                                | RootField::Result
                                | RootField::Black
                                | RootField::White
                        );
                        if !in_root && !game_info {
                            warn(
                                &mut rec,
                                Code::ParseError,
                                prop_offset as usize,
                                format!("root property {prop_name} outside the root node: ignored"),
                            );
                            continue;
                        }
                        let raw = Some(RawValue {
                            raw: value,
                            offset: prop_offset,
                        });
                        let slot = match field {
                            RootField::Size => &mut rec.root.size,
                            RootField::Komi => &mut rec.root.komi,
                            RootField::Handicap => &mut rec.root.handicap,
                            RootField::Rules => &mut rec.root.rules,
                            RootField::Result => &mut rec.root.result,
                            RootField::Black => &mut rec.root.black,
                            RootField::White => &mut rec.root.white,
                            RootField::FileFormat => &mut rec.root.file_format,
                            RootField::GameType => &mut rec.root.game_type,
                            RootField::Application => &mut rec.root.application,
                        };
                        // Game info may stand in the node where the main line becomes
                        // a game of its own (FF[4]), not only in the root; it is given
                        // once on a line.
                        match slot {
                            None => *slot = raw,
                            Some(first) if !in_root && first.raw != value => {
                                let first = first.raw.trim().to_string();
                                warn(
                                    &mut rec,
                                    Code::ParseError,
                                    prop_offset as usize,
                                    format!(
                                        "{prop_name}[{}] again on the main line: the first, {prop_name}[{first}], is used",
                                        value.trim()
                                    ),
                                );
                            }
                            Some(_) => {}
                        }
                    }
                    Prop::Other => {}
                }
            }
        }
    }
    if !lexer.problems.iter().any(|p| p.fatal) {
        end_property(&mut rec, prop_name, prop, prop_values, prop_offset);
    }
    finish_node(&mut rec, current.take());
    if !markup_b.is_empty() || !markup_w.is_empty() {
        rec.territory_black = markup_b;
        rec.territory_white = markup_w;
    }
    for p in lexer.problems {
        rec.broken |= p.fatal;
        let severity = if p.fatal {
            Severity::Error
        } else {
            Severity::Warning
        };
        rec.problems.push(Finding::new(
            Code::ParseError,
            severity,
            p.offset,
            p.message,
        ));
    }
    if rec.node_count == 0 && !rec.broken {
        rec.problems.push(Finding::new(
            Code::ParseError,
            Severity::Error,
            0,
            "game tree without any node",
        ));
        rec.broken = true;
    }
    rec
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn main_line_only() {
        let rec = parse_game(
            "(;GM[1]SZ[9]KM[7.5];B[aa](;W[bb];B[cc])(;W[dd]))",
            Limits::default(),
        );
        let moves: Vec<_> = rec.nodes.iter().filter_map(|n| n.mv).collect();
        assert_eq!(moves.len(), 3);
        assert_eq!(moves[1].target, MoveTarget::At(Point::new(1, 1)));
        assert_eq!(rec.root.size.unwrap().raw, "9");
        assert_eq!(rec.root.komi.unwrap().raw, "7.5");
        assert!(rec.problems.is_empty(), "{:?}", rec.problems);
    }

    #[test]
    fn setup_and_passes() {
        let rec = parse_game("(;SZ[9]AB[aa][bb:cc]AW[dd];W[];B[tt])", Limits::default());
        assert_eq!(rec.setup.len(), 1 + 4 + 1);
        assert_eq!(rec.nodes[0].setup, 0..6);
        assert_eq!(rec.nodes[1].mv.unwrap().target, MoveTarget::Pass);
        assert_eq!(
            rec.nodes[2].mv.unwrap().target,
            MoveTarget::At(Point::new(19, 19))
        );
    }

    #[test]
    fn old_identifiers() {
        let rec = parse_game("(;GaMe[1]SiZe[9];B[ee])", Limits::default());
        assert_eq!(rec.root.size.unwrap().raw, "9");
        assert!(rec.problems.is_empty());
        let rec = parse_game("(;gm[1]sz[9];b[ee])", Limits::default());
        assert_eq!(rec.root.size.unwrap().raw, "9");
        assert_eq!(rec.move_count(), 1);
        assert_eq!(rec.problems.len(), 1);
    }

    #[test]
    fn repeated_properties() {
        let rec = parse_game("(;C[a]C[b]AB[aa]AB[bb];B[cc])", Limits::default());
        assert_eq!(rec.setup.len(), 2);
        assert_eq!(rec.problems.len(), 1, "{:?}", rec.problems);
    }

    #[test]
    fn point_lists_are_sets() {
        let rec = parse_game(
            "(;SZ[52]AB[aa:ZZ][aa:ZZ][bb][ZZ]AW[aa][ab:ba];B[])",
            Limits::default(),
        );
        assert_eq!(rec.setup.len(), 52 * 52, "each point once in a node");
        let mut points: Vec<_> = rec.setup.iter().map(|(p, _)| (p.row, p.col)).collect();
        points.sort();
        points.dedup();
        assert_eq!(points.len(), 52 * 52);
        assert!(rec.setup.iter().all(|(_, c)| *c == Some(Color::Black)));
        // Rows that straddle two words of the set, and a second node that lists them again.
        let rec = parse_game("(;SZ[52]AB[ka:pc];AB[kb:pd])", Limits::default());
        assert_eq!(rec.nodes[0].setup.len(), 18);
        assert_eq!(rec.nodes[1].setup.len(), 18);
        let row_b: Vec<_> = rec.setup[6..12]
            .iter()
            .map(|(p, _)| (p.col, p.row))
            .collect();
        assert_eq!(row_b, (10..=15).map(|c| (c, 1)).collect::<Vec<_>>());
    }

    #[test]
    fn territory_markup_of_the_last_node() {
        let rec = parse_game("(;SZ[5];B[aa];W[];B[];TB[ab][bb]TW[ee])", Limits::default());
        assert_eq!(rec.territory_black.len(), 2);
        assert_eq!(rec.territory_white, vec![Point::new(4, 4)]);
    }
}
