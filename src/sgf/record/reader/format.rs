//! The reader's format checks: every identifier against the property index, every value
//! against its type, and the node rules (setup and move in one node, root properties
//! outside the root, game information outside the path's game-info node, setup that
//! changes nothing), in every node of the tree, side variations included. They run on
//! the general path only: a bare move node (`;B[dd]`) costs a comparison.

use crate::finding::{Code, Finding, Severity};
use crate::geom::{BoardSize, Color, Point};
use crate::input::split::value_end;
use crate::sgf::props::{self, PropDef, PropKind, Shape};
use crate::sgf::values::{self, FileFormat};

use super::stones::{Effect, SureStones};
use super::{GameReader, GameRecord, MoveTarget, RecordedMove, SeenIds};

/// Findings one game may hold once format findings are counted: above the worst real
/// records (120 SGFC messages in one file), bounded for garbage.
const MAX_FORMAT_FINDINGS: usize = 200;

/// Points a finding on setup that changes nothing names; the others are counted.
const MAX_NAMED_POINTS: usize = 8;

/// What the format checks keep while a game is read.
#[derive(Default)]
pub(super) struct FormatState {
    /// False when the caller left the format checks out: nothing else is kept then.
    pub enabled: bool,
    pub file: FileFormat,
    /// Nodes begun so far, in any variation: the root is the first.
    pub nodes: u32,
    /// The node being read holds setup (`AB`, `AW`, `AE`, `PL`) / a move (`B`, `W`).
    pub node_setup: bool,
    pub node_move: bool,
    /// The move property being read is the first of its node (a second is not read).
    first_move: bool,
    /// The properties of the node being read.
    pub node_ids: SeenIds,
    /// The node of the path being read that holds its game information (0: none yet),
    /// and the one of each open variation's start, restored when it closes.
    game_info: u32,
    game_info_at_open: Vec<u32>,
    /// The node being read has been reported for game information already.
    game_info_reported: bool,
    /// The board size (`None`: not Go, or no size to read), and what the path has
    /// certainly left on the board, made when setup or a variation first needs it.
    board: Option<BoardSize>,
    stones: Option<SureStones>,
    /// While the main line is read its moves are not followed one by one (they are
    /// recorded anyway): `stones` has those of the first `synced` nodes of the record,
    /// and takes the others when setup or a variation needs them. Once the main line has
    /// ended (`main_ended`), the moves of side variations are followed as they are read.
    synced: usize,
    main_ended: bool,
    /// The setup property being read: its points that change nothing (the first few),
    /// how many they are, and how many points it has.
    useless: Vec<Point>,
    useless_count: u32,
    pub setup_points: u32,
    /// The properties the node being read repeats (each with how many times it is
    /// given, and whether its values are merged), and the one finding that names them.
    repeats: Vec<Given>,
    repeats_finding: Option<usize>,
    /// The properties `FF[4]` defines that the file's older version does not (a missing
    /// `FF[4]`), and the one finding of the game that names them.
    not_in_version: Vec<Given>,
    version_finding: Option<usize>,
}

/// A property and how many times it is given.
struct Given {
    id: &'static str,
    times: u32,
    list: bool,
}

/// `twice`, `3 times`.
fn times(n: u32) -> String {
    match n {
        1 => "once".to_string(),
        2 => "twice".to_string(),
        n => format!("{n} times"),
    }
}

/// `AB given 3 times, C twice in one node: values merged (AB), the first one read (C)`.
fn repeats_message(repeats: &[Given]) -> String {
    let given: Vec<String> = repeats
        .iter()
        .map(|g| format!("{} given {}", g.id, times(g.times)))
        .collect();
    let names = |list: bool| -> Vec<&str> {
        repeats
            .iter()
            .filter(|g| g.list == list)
            .map(|g| g.id)
            .collect()
    };
    let (lists, ones) = (names(true), names(false));
    let what = if ones.is_empty() {
        "values merged".to_string()
    } else if lists.is_empty() {
        "the first one is read".to_string()
    } else {
        format!(
            "values merged ({}), the first one read ({})",
            lists.join(", "),
            ones.join(", ")
        )
    };
    let property = if repeats.len() == 1 {
        "property"
    } else {
        "properties"
    };
    format!("{property} {} in one node: {what}", given.join(", "))
}

/// `AP is not defined in FF[1] ...`, or for several: `AP, TR (3 times) and LB are not
/// defined in FF[1] ...`.
fn version_message(ff: u8, missing: &[Given]) -> String {
    if let [one] = missing {
        if one.times == 1 {
            return format!(
                "{} is not defined in FF[{ff}] (the file's version): read anyway",
                one.id
            );
        }
    }
    let named: Vec<String> = missing
        .iter()
        .map(|g| match g.times {
            1 => g.id.to_string(),
            n => format!("{} ({})", g.id, times(n)),
        })
        .collect();
    let list = match named.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    };
    let verb = if missing.len() == 1 { "is" } else { "are" };
    format!(
        "{list} {verb} not defined in FF[{ff}] (the file's version): read anyway; FF[4] defines {}",
        if missing.len() == 1 { "it" } else { "them" }
    )
}

/// Counts one more `id` in `given`; true when it is the first property there.
fn count_given(given: &mut Vec<Given>, def: &PropDef, start: u32) -> bool {
    let first = given.is_empty();
    match given.iter_mut().find(|g| g.id == def.id) {
        Some(g) => g.times += 1,
        None => given.push(Given {
            id: def.id,
            times: start,
            list: def.shape != Shape::One,
        }),
    }
    first
}

impl FormatState {
    /// The state for a game's text; with `enabled` false the checks are left out.
    pub fn new(text: &str, enabled: bool) -> FormatState {
        if !enabled {
            return FormatState::default();
        }
        let (file, size) = root_format(text);
        FormatState {
            enabled,
            file,
            board: size.filter(|_| file.gm == 1),
            ..FormatState::default()
        }
    }

    /// The stones, made when first needed: most games never need them.
    fn stones(&mut self) -> Option<&mut SureStones> {
        let board = self.board?;
        Some(self.stones.get_or_insert_with(|| SureStones::new(board)))
    }
}

/// `FF[]`, `GM[]` and the board size (`SZ[]`, 19 x 19 when missing, `None` when it
/// cannot be read) of the root node, read ahead: they may come after the properties they
/// decide about (`AP[..]GM[1]FF[4]`). A quick scan of identifiers and values (the values
/// skipped by their `]`), for every game pays for it.
pub(super) fn root_format(text: &str) -> (FileFormat, Option<BoardSize>) {
    let bytes = text.as_bytes();
    let mut file = FileFormat::default();
    let mut size = BoardSize::square(19);
    let (mut nodes, mut i, mut ident) = (0, 0, 0..0);
    while i < bytes.len() {
        match bytes[i] {
            b'[' => {
                let end = value_end(bytes, i + 1).unwrap_or(bytes.len());
                let value = &text[i + 1..end];
                match &bytes[std::mem::take(&mut ident)] {
                    b"FF" => file.ff = value.trim().parse().unwrap_or(file.ff),
                    b"GM" => file.gm = value.trim().parse().unwrap_or(file.gm),
                    b"SZ" => size = board_size(value),
                    _ => {}
                }
                i = end + 1;
            }
            b';' if nodes == 0 => {
                nodes = 1;
                i += 1;
            }
            b';' | b')' => break,
            b'(' if nodes > 0 => break,
            b if b.is_ascii_alphabetic() => {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
                    i += 1;
                }
                ident = start..i;
            }
            _ => i += 1,
        }
    }
    (file, size)
}

/// `SZ[19]`, `SZ[19:13]` (columns:rows).
fn board_size(value: &str) -> Option<BoardSize> {
    let v = value.trim();
    let (w, h) = v.split_once(':').unwrap_or((v, v));
    BoardSize::new(w.trim().parse().ok()?, h.trim().parse().ok()?)
}

/// Calls `f` on each point of a point-list value: `dd`, or a rectangle `aa:cc` (corners in
/// any order).
fn each_point(value: &str, mut f: impl FnMut(Point)) {
    let v = value.trim().as_bytes();
    if let Some(p) = Point::from_sgf(v) {
        return f(p);
    }
    if v.len() == 5 && v[2] == b':' {
        if let (Some(a), Some(b)) = (Point::from_sgf(&v[..2]), Point::from_sgf(&v[3..])) {
            for row in a.row.min(b.row)..=a.row.max(b.row) {
                for col in a.col.min(b.col)..=a.col.max(b.col) {
                    f(Point::new(col, row));
                }
            }
        }
    }
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
        if !f.enabled {
            return;
        }
        f.nodes += 1;
        f.node_setup = false;
        f.node_move = false;
        f.node_ids = SeenIds::default();
        f.game_info_reported = false;
        f.repeats.clear();
        f.repeats_finding = None;
    }

    /// A variation begins inside the tree: what its path sets is undone when it ends.
    pub(super) fn format_open(&mut self) {
        if !self.format.enabled {
            return;
        }
        self.sync_main_line(true);
        let f = &mut self.format;
        f.game_info_at_open.push(f.game_info);
        if let Some(stones) = f.stones() {
            stones.open();
        }
    }

    /// A variation inside the tree ends (the tree's place already updated): the path is
    /// its parent's again.
    pub(super) fn format_close(&mut self) {
        let f = &mut self.format;
        if let Some(node) = f.game_info_at_open.pop() {
            f.game_info = node;
        }
        if let Some(stones) = f.stones.as_mut() {
            stones.close();
        }
        f.main_ended |= !self.tree.on_main;
    }

    /// Gives the stones the main-line moves recorded since the last time, and with
    /// `with_current` the move of the node being read (complete when a variation opens;
    /// setup in it comes before its move).
    fn sync_main_line(&mut self, with_current: bool) {
        let f = &mut self.format;
        let nodes = &self.rec.nodes;
        if f.main_ended || f.synced > nodes.len() {
            return;
        }
        let from = f.synced;
        let current = self.current.as_ref().and_then(|n| n.mv);
        // The node being read holds a move: it is the next one recorded.
        let with_current = with_current && current.is_some();
        f.synced = nodes.len() + usize::from(with_current);
        let Some(stones) = f.stones() else {
            return;
        };
        let play = |stones: &mut SureStones, mv: Option<RecordedMove>| {
            if let Some(RecordedMove {
                color,
                target: MoveTarget::At(p),
                ..
            }) = mv
            {
                stones.play(color, p, 0);
            }
        };
        for node in &nodes[from..] {
            play(stones, node.mv);
        }
        if with_current {
            play(stones, current);
        }
    }

    /// Reports the first NUL byte of the game's text, with how many there are.
    pub(super) fn check_nul(&mut self, text: &str) {
        if !self.format.enabled {
            return;
        }
        let Some(at) = memchr::memchr(0, text.as_bytes()) else {
            return;
        };
        let more = memchr::memchr_iter(0, &text.as_bytes()[at + 1..]).count();
        let also = match more {
            0 => String::new(),
            n => format!(" ({n} more in this game)"),
        };
        let message = format!(
            "a NUL byte ($00) in the text{also}: no SGF text holds one (a binary or damaged file?); read as a character, where readers written in C end the text"
        );
        note(&mut self.rec, Code::NulByte, at, message);
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
        if !self.format.enabled {
            return None;
        }
        if id == props::SECOND_AP {
            // Written by `--fix` itself: a second application's name, kept.
            return None;
        }
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
            if ff < 4 && def.versions & props::FF4 != 0 {
                self.missing_ff4(def, off);
            } else {
                let message =
                    format!("{id} is not defined in FF[{ff}] (the file's version): read anyway");
                note(&mut self.rec, Code::PropertyVersion, off, message);
            }
        }
        self.check_node_rules(def, id, off);
        let key = norm[0] as u16 * 256 + norm[1] as u16;
        if !self.format.node_ids.insert(key) {
            self.repeated(def, off);
        }
        Some(def)
    }

    /// A property given again in its node: one finding per node names every repeated
    /// property and how many times it is given, at the first repeat.
    fn repeated(&mut self, def: &PropDef, off: usize) {
        let f = &mut self.format;
        if count_given(&mut f.repeats, def, 2) {
            f.repeats_finding =
                (self.rec.problems.len() < MAX_FORMAT_FINDINGS).then_some(self.rec.problems.len());
            note(&mut self.rec, Code::RepeatedProperty, off, String::new());
        }
        if let Some(i) = f.repeats_finding {
            self.rec.problems[i].message = repeats_message(&f.repeats);
        }
    }

    /// A property `FF[4]` defines in a file of an older version (`FF[]` missing, or
    /// `FF[3]`): one finding per game, at the first, names them all.
    fn missing_ff4(&mut self, def: &PropDef, off: usize) {
        let f = &mut self.format;
        if count_given(&mut f.not_in_version, def, 1) {
            f.version_finding =
                (self.rec.problems.len() < MAX_FORMAT_FINDINGS).then_some(self.rec.problems.len());
            note(&mut self.rec, Code::PropertyVersion, off, String::new());
        }
        if let Some(i) = f.version_finding {
            self.rec.problems[i].message = version_message(f.file.ff, &f.not_in_version);
        }
    }

    /// Root properties outside the root; setup and a move in one node; game information
    /// outside the path's game-info node.
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
                f.first_move = !f.node_move;
                f.node_move = true;
                f.node_setup
            }
            PropKind::GameInfo => {
                if f.game_info == 0 {
                    f.game_info = f.nodes;
                } else if f.game_info != f.nodes && !f.game_info_reported {
                    f.game_info_reported = true;
                    let message = format!(
                        "{id}: game information in a second node of this path (an earlier node holds game information; FF[4] allows one game-info node per path)"
                    );
                    note(&mut self.rec, Code::GameInfoTwice, off, message);
                }
                false
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

    /// Checks a value of the property being read against its type, and follows the
    /// stones its setup or move leaves.
    pub(super) fn check_value(&mut self, def: &PropDef, raw: &str, off: usize) {
        if let Some((code, message, fix)) = values::check(def, raw, self.format.file) {
            let before = self.rec.problems.len();
            note(&mut self.rec, code, off, message);
            if let Some(noted) = self.rec.problems.get_mut(before) {
                noted.fix = fix.map(Box::new);
            }
        }
        let stone = match def.id {
            "AB" | "B" => Some(Color::Black),
            "AW" | "W" => Some(Color::White),
            _ => None,
        };
        match def.kind {
            PropKind::Setup if def.id != "PL" => self.setup_effect(stone, raw),
            PropKind::Move if self.format.first_move && self.prop.values == 1 => {
                if let Some(color) = stone {
                    self.track_move(color, raw.trim().as_bytes());
                }
            }
            _ => {}
        }
    }

    /// A move outside the main line, for the stones it leaves (a pass or an unreadable
    /// value leaves nothing); those of the main line are recorded, and taken when needed.
    #[inline]
    fn track_move(&mut self, color: Color, value: &[u8]) {
        let f = &mut self.format;
        if !f.main_ended && !self.tree.in_ignored_node && !self.tree.in_side_node {
            return;
        }
        let node = f.nodes;
        if let (Some(p), Some(stones)) = (Point::from_sgf(value), f.stones()) {
            stones.play(color, p, node);
        }
    }

    /// The points of one value of `AB` (`stone` black), `AW` or `AE` (`None`): which of
    /// them change nothing.
    fn setup_effect(&mut self, stone: Option<Color>, raw: &str) {
        self.sync_main_line(false);
        let f = &mut self.format;
        let node = f.nodes;
        let Some(stones) = f.stones().filter(|s| s.active) else {
            return;
        };
        let (mut points, mut useless) = (0, Vec::new());
        each_point(raw, |p| {
            let effect = stones.setup(p, stone, node);
            points += u32::from(effect.is_some());
            if effect == Some(Effect::Nothing) {
                useless.push(p);
            }
        });
        f.setup_points += points;
        f.useless_count += useless.len() as u32;
        let room = MAX_NAMED_POINTS.saturating_sub(f.useless.len());
        f.useless.extend(useless.into_iter().take(room));
    }

    /// The setup property just read ends: a finding when some of its points change
    /// nothing.
    pub(super) fn end_setup_effect(&mut self) {
        let f = &mut self.format;
        let (count, total) = (f.useless_count, f.setup_points);
        let named: Vec<String> = f.useless.drain(..).map(Point::sgf).collect();
        (f.useless_count, f.setup_points) = (0, 0);
        if count == 0 {
            return;
        }
        let (name, offset) = (self.prop.name, self.prop.offset as usize);
        let what = match self.prop.def.map(|d| d.id) {
            Some("AB") => "black",
            Some("AW") => "white",
            _ => "empty",
        };
        let mut list = named.join(", ");
        if count as usize > named.len() {
            list.push_str(&format!(" and {} more", count as usize - named.len()));
        }
        let message = if count == total {
            format!("{name} changes nothing: {list} already {what}")
        } else {
            format!(
                "{name} changes nothing on {count} of its {total} points: {list} already {what}"
            )
        };
        note(&mut self.rec, Code::SetupNoEffect, offset, message);
    }

    /// A bare move (its value read as `target`): `B[]` is a pass only from FF[4] on; the
    /// stone it leaves.
    #[inline]
    pub(super) fn check_bare_move(&mut self, color: Color, target: MoveTarget, at: usize) {
        // The stones of main-line moves are taken from the record when needed.
        if !self.format.enabled || target != MoveTarget::Pass {
            return;
        }
        if self.format.file.ff < 4 {
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
