//! The machine that reads a game's tokens into its [`GameRecord`]: where the reading
//! stands in the tree, the node and the property being read, one method per token. What
//! an identifier names is in `ident`, each kind of property value in `values`.

use crate::finding::{Code, Finding, Recovery, Severity};
use crate::geom::{Color, Point};
use crate::sgf::lexer::{Lexer, Token};

use super::{GameRecord, Limits, MoveTarget, Node, RawValue, RecordedMove, RootProps};

mod conflict;
mod format;
mod ident;
mod side;
mod stones;
mod values;

use crate::sgf::props::PropDef;
use conflict::SetupSlots;
use format::FormatState;
use ident::{classify, normalize_ident, Prop, RootField};
use side::{Level, LineRef, SideState};
use values::{push_points, PointSet};

/// `FF[]` and `GM[]` of a game tree's root (FF[1] and Go when missing).
pub(super) fn root_file_format(text: &str) -> crate::sgf::values::FileFormat {
    format::root_format(text).0
}

/// Reads a game tree's text into its record (see [`super::parse_game`]).
pub(super) fn read(text: &str, limits: Limits, format_checks: bool) -> GameRecord<'_> {
    let mut reader = GameReader::new(text, limits, format_checks);
    reader.check_nul(text);
    while let Some(token) = reader.next_token() {
        if reader.token(token) == Flow::Stop {
            break;
        }
    }
    reader.finish()
}

/// Spellings of identifiers with lower-case letters reported in one game, at most.
const MAX_LOWERCASE_SPELLINGS: usize = 16;

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
    /// The side line it belongs to; `None` on the main line.
    line: Option<u32>,
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

/// Whether the reading of a game goes on after a token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Go,
    /// The game ends here: its tree is closed, or it holds more than the limits allow.
    Stop,
}

/// Where the reading stands in the tree's structure.
struct TreePlace {
    /// How deep the reading is.
    depth: usize,
    /// How deep the main line's innermost variation is.
    main_depth: usize,
    /// Whether the reading is on the main line at all (the first non-empty variation at
    /// every branch) or in a side variation, whose moves and setup go to its side line
    /// (`in_side_node`) and whose other properties are only checked.
    on_main: bool,
    /// The last structure token was `(`: an identifier now has no `;` before it, a `)`
    /// now closes an empty variation.
    after_open: bool,
    /// The last structure token was `)`: a property now stands outside any node.
    after_close: bool,
    /// Per depth: a variation below it has been closed (a `;` there now comes after a
    /// variation).
    closed_child: Vec<bool>,
    /// Inside a node off the main line (a side variation's, or one ignored): its
    /// properties do not go to the main line.
    in_ignored_node: bool,
    /// No node but the root has been read yet.
    in_root: bool,
    /// Per depth: the game tree being read there, and the line its nodes go to.
    levels: Vec<Level>,
    /// Inside a node of a side line that is read (its moves and setup, for the replay).
    in_side_node: bool,
    /// Inside a node of a side variation that no side line reads (`--main-line`, or past a
    /// limit): its problems are still named by their variation.
    in_unread_side_node: bool,
}

/// The property being read.
#[derive(Clone, Copy)]
struct PropertyRead<'a> {
    kind: Prop,
    /// The identifier as written; empty when there is none to report.
    name: &'a str,
    offset: u32,
    values: u32,
    /// The property has an identifier (values right after `;`, `(` or `)` do not).
    has_ident: bool,
    /// The property in the index, when it is one and stands in a node.
    def: Option<&'static PropDef>,
}

impl PropertyRead<'_> {
    const NONE: PropertyRead<'static> = PropertyRead {
        kind: Prop::Other,
        name: "",
        offset: 0,
        values: 0,
        has_ident: false,
        def: None,
    };
}

/// Territory markup (`TB`, `TW`) of the last node that has some since the last move; each
/// list is a set of points (see `PointSet`).
struct Markup {
    black: Vec<Point>,
    white: Vec<Point>,
    black_seen: PointSet,
    white_seen: PointSet,
}

impl Markup {
    /// A move makes the markup before it stale.
    fn clear(&mut self) {
        self.black.clear();
        self.white.clear();
    }

    fn add(&mut self, color: Color, value: &str) {
        let (points, seen) = match color {
            Color::Black => (&mut self.black, &mut self.black_seen),
            Color::White => (&mut self.white, &mut self.white_seen),
        };
        if points.is_empty() {
            *seen = PointSet::EMPTY;
        }
        let _ = push_points(value, seen, points);
    }
}

/// Pushes a warning on the record, up to 100 of them.
fn warn(rec: &mut GameRecord<'_>, code: Code, offset: usize, message: String) {
    if rec.problems.len() < 100 {
        rec.problems
            .push(Finding::new(code, Severity::Warning, offset, message));
    }
}

/// What a move's value (`dd`, empty, trimmed) names.
#[inline]
fn move_target(value: &[u8]) -> MoveTarget {
    match value {
        [] => MoveTarget::Pass,
        v => Point::from_sgf(v).map_or(MoveTarget::Unreadable, MoveTarget::At),
    }
}

/// Reads one game's tokens into its record: one method per kind of token, and one per
/// kind of property value.
struct GameReader<'a> {
    rec: GameRecord<'a>,
    lexer: Lexer<'a>,
    limits: Limits,
    /// The main-line node being read.
    current: Option<NodeBuilder>,
    prop: PropertyRead<'a>,
    tree: TreePlace,
    markup: Markup,
    /// The setup points of the node `setup_seen_in` (a node's setup is a set of points).
    setup_seen: PointSet,
    setup_seen_in: u32,
    /// Where each point of that set stands in [`GameRecord::setup`].
    setup_slots: SetupSlots,
    /// The identifiers with lower-case letters reported so far, as written.
    lowercase_seen: Vec<&'a str>,
    format: FormatState,
    /// Tokens to read again before the lexer's next (an implied `;`, then the identifier
    /// that implied it).
    again: Vec<Token<'a>>,
    side: SideState,
}

impl<'a> GameReader<'a> {
    fn new(text: &'a str, limits: Limits, format_checks: bool) -> Self {
        GameReader {
            rec: GameRecord {
                // About one node per 6 bytes in move-only records: grow once or never.
                nodes: Vec::with_capacity(text.len() / 6 + 4),
                ..GameRecord::default()
            },
            lexer: Lexer::new(text),
            limits,
            current: None,
            prop: PropertyRead::NONE,
            tree: TreePlace {
                depth: 0,
                main_depth: 0,
                on_main: true,
                after_open: false,
                after_close: false,
                closed_child: vec![false],
                in_ignored_node: false,
                in_root: true,
                levels: vec![Level::ROOT, Level::ROOT],
                in_side_node: false,
                in_unread_side_node: false,
            },
            markup: Markup {
                black: Vec::new(),
                white: Vec::new(),
                black_seen: PointSet::EMPTY,
                white_seen: PointSet::EMPTY,
            },
            setup_seen: PointSet::EMPTY,
            setup_seen_in: 0,
            setup_slots: SetupSlots::default(),
            lowercase_seen: Vec::new(),
            format: FormatState::new(text, format_checks),
            again: Vec::new(),
            side: SideState::default(),
        }
    }

    fn next_token(&mut self) -> Option<Token<'a>> {
        self.again.pop().or_else(|| self.lexer.next())
    }

    fn token(&mut self, token: Token<'a>) -> Flow {
        let before = self.rec.problems.len();
        let flow = self.dispatch(token);
        let in_side = self.tree.in_side_node || self.tree.in_unread_side_node;
        if in_side && self.rec.problems.len() > before {
            self.name_side_problems(before);
        }
        flow
    }

    fn dispatch(&mut self, token: Token<'a>) -> Flow {
        match token {
            Token::Open(_) => {
                self.open();
                Flow::Go
            }
            Token::Close(off) => self.close(off),
            Token::Node(off) => self.node(off),
            Token::Ident(id, off) => {
                self.ident(id, off);
                Flow::Go
            }
            Token::Value(value, off) => self.value(value, off),
        }
    }

    /// Reports what is wrong with the property just read: no value, more than one where
    /// one is read, setup points that change nothing.
    fn end_property(&mut self) {
        if self.format.setup_points > 0 {
            self.end_setup_effect();
        }
        let PropertyRead {
            name,
            offset,
            values,
            def,
            ..
        } = self.prop;
        if values == 0 && !name.is_empty() {
            warn(
                &mut self.rec,
                Code::ParseError,
                offset as usize,
                format!("property {name} has no value: ignored"),
            );
        }
        // Properties that take one value: the others are dropped.
        let single = def.is_some_and(|d| d.shape == crate::sgf::props::Shape::One);
        if values > 1 && single {
            format::note(
                &mut self.rec,
                Code::MultipleValues,
                offset as usize,
                format!("property {name} takes one value but has {values}: only the first is read"),
            );
        }
    }

    /// A structure token ends the property being read.
    fn end_property_at_structure(&mut self) {
        self.end_property();
        self.prop = PropertyRead::NONE;
    }

    /// Adds the node being read to the record when it changes something.
    fn finish_node(&mut self) {
        if let Some(n) = self.current.take() {
            let setup_end = self.rec.setup.len() as u32;
            if n.mv.is_some() || n.player.is_some() || setup_end > n.setup_start {
                let node = Node {
                    offset: n.offset,
                    setup: n.setup_start..setup_end,
                    player: n.player,
                    mv: n.mv,
                };
                match n.line {
                    None => self.rec.nodes.push(node),
                    Some(line) => self.push_side_node(line, node),
                }
            }
        }
    }

    /// Counts a main-line node against the limits.
    #[inline]
    fn count_node(&mut self, offset: usize) -> Flow {
        self.rec.node_count += 1;
        if self.rec.node_count > self.limits.max_nodes {
            too_large(&mut self.rec, offset, self.limits);
            Flow::Stop
        } else {
            Flow::Go
        }
    }

    /// `(`: a variation begins; the first one at the main line's branch continues it.
    fn open(&mut self) {
        self.end_property_at_structure();
        let t = &mut self.tree;
        t.depth += 1;
        t.closed_child.truncate(t.depth);
        t.closed_child.push(false);
        t.levels.truncate(t.depth);
        t.levels.push(Level::PENDING);
        if t.on_main && t.depth == t.main_depth + 1 {
            t.main_depth = t.depth;
        }
        t.after_open = true;
        t.after_close = false;
        if t.depth >= 2 {
            self.format_open();
        }
    }

    /// `)`: a variation ends; the tree's own `)` ends the game.
    fn close(&mut self, off: usize) -> Flow {
        self.end_property_at_structure();
        let empty = self.tree.after_open;
        self.tree.after_open = false;
        if self.tree.depth <= 1 {
            return Flow::Stop;
        }
        let on_main_line = self.tree.on_main && self.tree.depth == self.tree.main_depth;
        if empty {
            warn(
                &mut self.rec,
                Code::ParseError,
                off,
                "empty variation '()' ignored".to_string(),
            );
            if on_main_line {
                // Not the main line after all: the next variation is.
                self.tree.main_depth -= 1;
            }
        } else {
            if on_main_line {
                // The main line ends here; the rest is side variations, read only to
                // report what is wrong in them.
                self.tree.on_main = false;
                self.finish_node();
            }
            self.tree.closed_child[self.tree.depth - 1] = true;
        }
        if self.tree.in_side_node {
            self.finish_node();
            self.tree.in_side_node = false;
        }
        self.tree.in_unread_side_node = false;
        self.tree.depth -= 1;
        self.tree.in_ignored_node = true;
        self.tree.after_close = true;
        self.format_close();
        Flow::Go
    }

    /// `;`: a node begins, read when it is on the main line.
    fn node(&mut self, off: usize) -> Flow {
        self.end_property_at_structure();
        self.format_node();
        let t = &mut self.tree;
        t.after_open = false;
        t.after_close = false;
        let after_variation = t.closed_child.get(t.depth).copied().unwrap_or(false);
        let ignored = !t.on_main || t.depth != t.main_depth || after_variation;
        if after_variation {
            warn(
                &mut self.rec,
                Code::ParseError,
                off,
                "node after the variations of its sequence (';' after ')'): ignored".to_string(),
            );
        }
        self.tree.in_side_node = false;
        self.tree.in_unread_side_node = false;
        if ignored {
            self.tree.in_ignored_node = true;
            if !after_variation {
                self.side_node(off);
            }
            return Flow::Go;
        }
        self.tree.in_ignored_node = false;
        if self.current.is_some() {
            self.tree.in_root = false;
        }
        self.finish_node();
        // Settles where the main line's branches are, for the side lines that leave it
        // and the names of side variations.
        self.line_at(self.tree.depth, off);
        if let Some(level) = self.tree.levels.get_mut(self.tree.depth) {
            level.line = LineRef::Main;
        }
        if self.count_node(off) == Flow::Stop {
            return Flow::Stop;
        }
        let mut node = NodeBuilder {
            line: None,
            offset: off as u32,
            setup_start: self.rec.setup.len() as u32,
            player: None,
            mv: None,
            seen: SeenIds::default(),
        };
        // The hot path: most nodes are a bare move (`;B[dd]`).
        if !self.tree.in_root || self.rec.node_count > 1 {
            if let Some((color, value, at)) = self.lexer.bare_move() {
                self.format.node_move = true;
                let target = move_target(value);
                self.check_bare_move(color, target, at);
                node.mv = Some(RecordedMove {
                    color,
                    target,
                    offset: at as u32,
                });
                self.markup.clear();
                self.current = Some(node);
                self.tree.in_root = false;
                return self.bare_nodes();
            }
        }
        self.current = Some(node);
        Flow::Go
    }

    /// A node of a side variation: read into its side line (see [`side`]), through the
    /// general path, which follows the stones of moves outside the main line for the
    /// format checks.
    fn side_node(&mut self, off: usize) {
        self.finish_node();
        let LineRef::Side(line) = self.line_at(self.tree.depth, off) else {
            self.tree.in_unread_side_node = !self.limits.side_lines;
            return;
        };
        self.tree.in_ignored_node = false;
        self.tree.in_side_node = true;
        // A node's setup is a set of points of its own.
        self.setup_seen = PointSet::EMPTY;
        self.setup_seen_in = self.rec.node_count;
        self.current = Some(NodeBuilder {
            line: Some(line),
            offset: off as u32,
            setup_start: self.rec.setup.len() as u32,
            player: None,
            mv: None,
            seen: SeenIds::default(),
        });
    }

    /// The bare-move nodes (`;B[dd]`) that follow one, without the general path.
    fn bare_nodes(&mut self) -> Flow {
        while let Some((node_offset, color, value, at)) = self.lexer.bare_node() {
            if self.current.is_some() {
                self.finish_node();
            }
            if self.count_node(node_offset) == Flow::Stop {
                return Flow::Stop;
            }
            let target = move_target(value);
            self.check_bare_move(color, target, at);
            self.rec.nodes.push(Node {
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
        Flow::Go
    }

    /// A property identifier: which property begins, and whether it is read.
    fn ident(&mut self, id: &'a str, off: usize) {
        self.end_property();
        let (norm, len, lowercase) = normalize_ident(id);
        self.check_case(id, lowercase, off);
        if self.tree.after_open {
            self.implied_node(id, off);
            return;
        }
        self.prop = PropertyRead {
            kind: classify(norm, len),
            name: id,
            offset: off as u32,
            values: 0,
            has_ident: true,
            def: None,
        };
        if self.tree.after_close {
            let message = format!("property {id} after ')', outside any node: ignored");
            warn(&mut self.rec, Code::ParseError, off, message);
            self.prop.kind = Prop::Other;
        } else if self.tree.in_ignored_node {
            self.prop.kind = Prop::Other;
            self.prop.def = self.check_identifier(id, norm, len, off);
        } else if self.current.is_none() {
            let message = format!("property {id} before the first ';': ignored");
            warn(&mut self.rec, Code::ParseError, off, message);
            self.prop.kind = Prop::Other;
            self.prop.name = "";
        } else {
            self.prop.def = self.check_identifier(id, norm, len, off);
            self.check_repeats(norm, len);
        }
    }

    /// An identifier with lower-case letters: all of them (`sz`, in any FF), or some
    /// (`GaMe`, FF[1]-FF[3] style) in an FF[4] file. Each spelling once per game: a file
    /// written in lower case gets a finding per identifier it uses, not per node.
    fn check_case(&mut self, id: &'a str, lowercase: bool, off: usize) {
        let mixed =
            !lowercase && self.format.file.ff >= 4 && id.bytes().any(|b| b.is_ascii_lowercase());
        if !(lowercase || mixed)
            || self.lowercase_seen.contains(&id)
            || self.lowercase_seen.len() >= MAX_LOWERCASE_SPELLINGS
        {
            return;
        }
        self.lowercase_seen.push(id);
        let message = if lowercase {
            format!("lower-case property identifier '{id}' read as upper case")
        } else {
            let capitals: String = id.chars().filter(char::is_ascii_uppercase).collect();
            format!("property identifier '{id}' holds lower-case letters, which FF[4] does not allow: read as {capitals}")
        };
        warn(&mut self.rec, Code::LowercaseIdentifier, off, message);
    }

    /// `(` then properties with no `;` (Nihon Ki-in writes its root so): the node is
    /// implied, and the identifier read again inside it.
    fn implied_node(&mut self, id: &'a str, off: usize) {
        let message = if self.rec.node_count == 0 {
            "root node written without ';' after '(': its properties are read"
        } else {
            "node written without ';' after '(': read as a node"
        };
        if self.rec.problems.len() < 100 {
            let mut f = Finding::new(Code::ParseError, Severity::Warning, off, message);
            f.recovery = Some(Recovery::MissingSemicolon);
            self.rec.problems.push(f);
        }
        self.again.push(Token::Ident(id, off));
        self.again.push(Token::Node(off));
        self.prop.name = "";
    }

    /// A property given twice in a node (reported by the format checks), or a second
    /// move in it: the values of a point list are merged, of the others the first one is
    /// read.
    fn check_repeats(&mut self, norm: [u8; 2], len: usize) {
        let Some(node) = self.current.as_mut() else {
            return;
        };
        let kind = self.prop.kind;
        if len <= 2 && kind != Prop::Other {
            let key = norm[0] as u16 * 256 + norm[1] as u16;
            let merged = matches!(
                kind,
                Prop::AddBlack
                    | Prop::AddWhite
                    | Prop::AddEmpty
                    | Prop::TerritoryBlack
                    | Prop::TerritoryWhite
            );
            if !node.seen.insert(key) && !merged {
                self.prop.kind = Prop::Other;
            }
        }
        // A second move (`two-moves`, reported by the format checks) is not read.
        if matches!(self.prop.kind, Prop::Move(_)) && node.mv.is_some() {
            self.prop.kind = Prop::Other;
        }
    }

    /// A property value: read into the node or the root when the property is read.
    fn value(&mut self, value: &'a str, off: usize) -> Flow {
        self.prop.values += 1;
        if !self.prop.has_ident {
            if self.prop.values == 1 {
                let shown: String = value.chars().take(20).collect();
                let message = format!("value [{shown}] without a property identifier: ignored");
                warn(&mut self.rec, Code::ParseError, off, message);
            }
            return Flow::Go;
        }
        if let Some(def) = self.prop.def {
            self.check_value(def, value, off);
        }
        if self.tree.in_ignored_node || self.current.is_none() {
            return Flow::Go;
        }
        if self.tree.in_side_node
            && matches!(
                self.prop.kind,
                Prop::TerritoryBlack | Prop::TerritoryWhite | Prop::Root(_)
            )
        {
            // A side line is replayed, never counted: its markup and game information
            // are only format-checked.
            return Flow::Go;
        }
        match self.prop.kind {
            Prop::Move(color) => self.move_value(color, value),
            Prop::AddBlack => return self.setup_value(Some(Color::Black), value, off),
            Prop::AddWhite => return self.setup_value(Some(Color::White), value, off),
            Prop::AddEmpty => return self.setup_value(None, value, off),
            Prop::Player => self.player_value(value, off),
            Prop::TerritoryBlack => self.markup.add(Color::Black, value),
            Prop::TerritoryWhite => self.markup.add(Color::White, value),
            Prop::Root(field) => self.root_value(field, value),
            Prop::Other => {}
        }
        Flow::Go
    }

    /// The record, with the lexer's problems and a word on a tree without nodes.
    fn finish(mut self) -> GameRecord<'a> {
        if !self.lexer.problems.iter().any(|p| p.fatal) {
            self.end_property();
        }
        self.finish_node();
        let mut rec = self.rec;
        if !self.markup.black.is_empty() || !self.markup.white.is_empty() {
            rec.territory_black = self.markup.black;
            rec.territory_white = self.markup.white;
        }
        for p in self.lexer.problems {
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
}
