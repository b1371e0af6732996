//! The reader's format checks: every identifier against the property index, every value
//! against its type, and the node rules (setup and move in one node, root properties
//! outside the root), in every node of the tree, side variations included. They run on
//! the general path only: a bare move node (`;B[dd]`) costs one comparison.

use crate::finding::{Code, Finding, Severity};
use crate::geom::Color;
use crate::sgf::lexer::{Lexer, Token};
use crate::sgf::props::{self, PropDef, PropKind, Shape};
use crate::sgf::values::{self, FileFormat};

use super::{GameReader, GameRecord, SeenIds};

/// Findings one game may hold once format findings are counted: above the worst real
/// records (120 SGFC messages in one file), bounded for garbage.
const MAX_FORMAT_FINDINGS: usize = 200;

/// What the format checks keep while a game is read.
#[derive(Default)]
pub(super) struct FormatState {
    pub file: FileFormat,
    /// Nodes begun so far, in any variation: the root is the first.
    pub nodes: u32,
    /// The node being read holds setup (`AB`, `AW`, `AE`, `PL`) / a move (`B`, `W`).
    pub node_setup: bool,
    pub node_move: bool,
    /// The properties of the node being read.
    pub node_ids: SeenIds,
}

/// `FF[]` and `GM[]` of the root node, read ahead: they may come after the properties
/// they decide about (`AP[..]GM[1]FF[4]`).
pub(super) fn root_format(text: &str) -> FileFormat {
    let mut file = FileFormat::default();
    let mut nodes = 0;
    let mut current = "";
    for token in Lexer::new(text) {
        match token {
            Token::Node(_) if nodes == 0 => nodes = 1,
            Token::Node(_) | Token::Close(_) => break,
            Token::Open(_) if nodes > 0 => break,
            Token::Ident(id, _) => current = id,
            Token::Value(v, _) => {
                let number = v.trim().parse::<u8>().ok();
                match (std::mem::take(&mut current), number) {
                    ("FF", Some(n)) => file.ff = n,
                    ("GM", Some(n)) => file.gm = n,
                    _ => {}
                }
            }
            Token::Open(_) => {}
        }
    }
    file
}

/// Pushes a format finding with its code's severity, up to [`MAX_FORMAT_FINDINGS`].
pub(super) fn note(rec: &mut GameRecord<'_>, code: Code, offset: usize, message: String) {
    if rec.problems.len() < MAX_FORMAT_FINDINGS {
        let severity = code.format_severity().unwrap_or(Severity::Warning);
        rec.problems
            .push(Finding::new(code, severity, offset, message));
    }
}

impl GameReader<'_> {
    /// A node begins (in any variation).
    pub(super) fn format_node(&mut self) {
        let f = &mut self.format;
        f.nodes += 1;
        f.node_setup = false;
        f.node_move = false;
        f.node_ids = SeenIds::default();
    }

    /// Checks an identifier (as written, and normalised to `norm` of `len` capitals)
    /// against the index and the node rules; returns its definition.
    pub(super) fn check_identifier(
        &mut self,
        id: &str,
        norm: [u8; 2],
        len: usize,
        off: usize,
    ) -> Option<&'static PropDef> {
        if len > 2 {
            let message = match props::private_owner(id) {
                Some(owner) => format!("{id} is a private property of {owner}, no SGF property (an identifier of more than two capitals)"),
                None => format!("identifier {id} has more than two capitals: no SGF property has one"),
            };
            note(&mut self.rec, Code::LongIdentifier, off, message);
            return None;
        }
        let Some(def) = props::lookup(&norm[..len]) else {
            let message = match props::private_owner(id) {
                Some(owner) => {
                    format!("{id} is a private property of {owner}, not an SGF property")
                }
                None => format!("{id} is not an SGF property (FF[1]-FF[4]): readers skip it"),
            };
            note(&mut self.rec, Code::UnknownProperty, off, message);
            return None;
        };
        let ff = self.format.file.ff;
        if def.versions & props::version_bit(ff) == 0 {
            let message =
                format!("{id} is not defined in FF[{ff}] (the file's version): read anyway");
            note(&mut self.rec, Code::PropertyVersion, off, message);
        }
        self.check_node_rules(def, id, off);
        let key = norm[0] as u16 * 256 + norm[1] as u16;
        if !self.format.node_ids.insert(key) {
            let what = match def.shape {
                Shape::One => "the first one is read",
                Shape::List | Shape::EList => "values merged",
            };
            let message = format!("property {id} repeated in one node: {what}");
            note(&mut self.rec, Code::RepeatedProperty, off, message);
        }
        Some(def)
    }

    /// Root properties outside the root; setup and a move in one node.
    fn check_node_rules(&mut self, def: &PropDef, id: &str, off: usize) {
        let f = &mut self.format;
        let mixed = match def.kind {
            PropKind::Root if f.nodes > 1 => {
                let message = format!("root property {id} outside the root node: ignored");
                note(&mut self.rec, Code::RootOutsideRoot, off, message);
                false
            }
            PropKind::Setup => {
                f.node_setup = true;
                f.node_move
            }
            PropKind::Move if matches!(def.id, "B" | "W") => {
                if f.node_move {
                    let message = format!("{id}: a second move in one node: ignored");
                    note(&mut self.rec, Code::TwoMoves, off, message);
                }
                f.node_move = true;
                f.node_setup
            }
            _ => false,
        };
        if mixed {
            let message = format!(
                "{id}: setup (AB, AW, AE, PL) and a move in one node; the setup is applied first"
            );
            note(&mut self.rec, Code::SetupAndMove, off, message);
        }
    }

    /// Checks a value of the property being read against its type.
    pub(super) fn check_value(&mut self, def: &PropDef, raw: &str, off: usize) {
        if let Some((code, message)) = values::check(def, raw, self.format.file) {
            note(&mut self.rec, code, off, message);
        }
    }

    /// A bare move's value: `B[]` is a pass only from FF[4] on.
    #[inline]
    pub(super) fn check_bare_move(&mut self, color: Color, value: &[u8], at: usize) {
        if value.is_empty() && self.format.file.ff < 4 {
            let id: &[u8] = match color {
                Color::Black => b"B",
                Color::White => b"W",
            };
            if let Some(def) = props::lookup(id) {
                self.check_value(def, "", at + 1);
            }
        }
    }
}
