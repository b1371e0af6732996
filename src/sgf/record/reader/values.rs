//! Property values into the record: moves, setup points (point lists and rectangles,
//! read as a set so that no value adds a point twice), players, and root properties.

use super::{move_target, warn, Flow, GameReader, RawValue, RecordedMove, RootField};
use crate::finding::{Code, Finding, Severity};
use crate::geom::{Color, Point};

/// Board points already listed (52 x 52 at most): a point list is a set, so no value,
/// however often it is repeated or however big its rectangle, adds a point twice.
#[derive(Clone)]
pub(super) struct PointSet([u64; 43]);

impl PointSet {
    pub(super) const EMPTY: PointSet = PointSet([0; 43]);

    /// Adds a point; false when it was already there.
    pub(super) fn insert(&mut self, p: Point) -> bool {
        let i = p.row as usize * 52 + p.col as usize;
        let (word, bit) = (i / 64, 1u64 << (i % 64));
        let new = self.0[word] & bit == 0;
        self.0[word] |= bit;
        new
    }

    /// Adds the points of one row from column `c0` to `c1`, a word at a time, pushing
    /// those that were not there yet to `out`, and those that were to `again` when it is
    /// given: a rectangle costs its rows, not its points.
    pub(super) fn insert_row(
        &mut self,
        row: u8,
        (c0, c1): (u8, u8),
        out: &mut Vec<Point>,
        mut again: Option<&mut Vec<Point>>,
    ) {
        let (first, last) = (
            row as usize * 52 + c0 as usize,
            row as usize * 52 + c1 as usize,
        );
        for word in first / 64..=last / 64 {
            let from = first.max(word * 64) % 64;
            let to = last.min(word * 64 + 63) % 64;
            let mask = (u64::MAX >> (63 - to)) & (u64::MAX << from);
            let new = mask & !self.0[word];
            if let Some(again) = again.as_deref_mut() {
                push_bits(word, mask & self.0[word], again);
            }
            self.0[word] |= mask;
            push_bits(word, new, out);
        }
    }
}

/// Pushes the points of the set bits of one word of a [`PointSet`].
fn push_bits(word: usize, mut bits: u64, out: &mut Vec<Point>) {
    while bits != 0 {
        let i = word * 64 + bits.trailing_zeros() as usize;
        out.push(Point::new((i % 52) as u8, (i / 52) as u8));
        bits &= bits - 1;
    }
}

/// How a point list value read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PointList {
    Read,
    /// A rectangle written lower-right first (`ab:aa`): read with its corners swapped.
    Backwards,
    NotPoints,
}

/// Reads a point list value: `dd` or a compressed rectangle `aa:cc`; points already in
/// `seen` are skipped.
pub(super) fn push_points(value: &str, seen: &mut PointSet, out: &mut Vec<Point>) -> PointList {
    push_points_again(value, seen, out, None)
}

/// [`push_points`], pushing the points already in `seen` to `again` when it is given.
pub(super) fn push_points_again(
    value: &str,
    seen: &mut PointSet,
    out: &mut Vec<Point>,
    mut again: Option<&mut Vec<Point>>,
) -> PointList {
    let v = value.trim().as_bytes();
    if let Some(p) = Point::from_sgf(v) {
        if seen.insert(p) {
            out.push(p);
        } else if let Some(again) = again {
            again.push(p);
        }
        return PointList::Read;
    }
    if v.len() == 5 && v[2] == b':' {
        if let (Some(a), Some(b)) = (Point::from_sgf(&v[..2]), Point::from_sgf(&v[3..])) {
            let (c0, c1) = (a.col.min(b.col), a.col.max(b.col));
            let (r0, r1) = (a.row.min(b.row), a.row.max(b.row));
            for r in r0..=r1 {
                seen.insert_row(r, (c0, c1), out, again.as_deref_mut());
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

impl<'a> GameReader<'a> {
    /// `B[..]`, `W[..]` outside the hot path.
    pub(super) fn move_value(&mut self, color: Color, value: &str) {
        if self.prop.values > 1 {
            return;
        }
        let Some(node) = self.current.as_mut() else {
            return;
        };
        node.mv = Some(RecordedMove {
            color,
            target: move_target(value.trim().as_bytes()),
            offset: self.prop.offset,
        });
        if !self.tree.in_side_node {
            self.markup.clear();
        }
    }

    /// `AB`, `AW`, `AE`: the points, each once per node, up to [`MAX_SETUP_POINTS`]; a
    /// point the node named before takes this value's word (the last word stands).
    pub(super) fn setup_value(&mut self, stone: Option<Color>, value: &str, off: usize) -> Flow {
        if self.setup_seen_in != self.rec.node_count {
            self.setup_seen = PointSet::EMPTY;
            self.setup_seen_in = self.rec.node_count;
        }
        let (mut pts, mut again) = (Vec::new(), Vec::new());
        let read = push_points_again(value, &mut self.setup_seen, &mut pts, Some(&mut again));
        if self.tree.in_side_node {
            self.side.setup_points += pts.len() + again.len();
            if self.side.setup_points > MAX_SETUP_POINTS || self.side.full {
                self.side.full = true;
                let message = format!("more than {MAX_SETUP_POINTS} setup points in side variations: the rest are not replayed");
                self.side_limit(off, message);
                pts.clear();
                again.clear();
            }
        }
        self.setup_slots.fill(self.rec.setup.len(), &pts);
        self.rec.setup.extend(pts.into_iter().map(|p| (p, stone)));
        if !again.is_empty() {
            self.named_again(stone, value, off, &again);
        }
        let named = self.rec.setup.len() + self.setup_slots.named_again;
        if !self.tree.in_side_node && named > MAX_SETUP_POINTS {
            self.rec.problems.push(Finding::new(
                Code::TooLarge,
                Severity::Error,
                off,
                format!(
                    "more than {MAX_SETUP_POINTS} setup points on the main \
                     line: the rest of the game is not read"
                ),
            ));
            self.rec.broken = true;
            return Flow::Stop;
        }
        let v = value.trim();
        let name = self.prop.name;
        match read {
            PointList::Read => {}
            PointList::Backwards => warn(
                &mut self.rec,
                Code::BadProperty,
                off,
                format!(
                    "{name}[{v}] is a rectangle written backwards (upper-left corner first): read as {}:{}",
                    &v[3..],
                    &v[..2]
                ),
            ),
            PointList::NotPoints => warn(
                &mut self.rec,
                Code::BadProperty,
                off,
                format!("{name}[{v}] is not a point: ignored"),
            ),
        }
        Flow::Go
    }

    /// `PL[B]`, `PL[W]`.
    pub(super) fn player_value(&mut self, value: &str, off: usize) {
        let player = match value.trim() {
            "B" | "b" => Some(Color::Black),
            "W" | "w" => Some(Color::White),
            other => {
                let message = format!("PL[{other}] is not B or W: ignored");
                warn(&mut self.rec, Code::BadProperty, off, message);
                None
            }
        };
        if let Some(node) = self.current.as_mut() {
            node.player = player;
        }
    }

    /// A root property: read in the root; game info also where the main line becomes a
    /// game of its own.
    pub(super) fn root_value(&mut self, field: RootField, value: &'a str) {
        if self.prop.values > 1 {
            return;
        }
        let (name, offset) = (self.prop.name, self.prop.offset);
        let in_root = self.tree.in_root;
        let shown = matches!(
            field,
            RootField::Date | RootField::Event | RootField::BlackRank | RootField::WhiteRank
        );
        if shown
            || matches!(
                field,
                RootField::GameName
                    | RootField::Place
                    | RootField::ByoYomiPeriods
                    | RootField::ByoYomiSeconds
            )
        {
            // Read for the reports (game information, the first on the main line) and for
            // the marks servers leave there (the root's), never judged.
            let slot = self.rec.root.slot(field);
            if (in_root || shown) && slot.is_none() {
                *slot = Some(RawValue { raw: value, offset });
            }
            return;
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
            // Reported by the format checks (`root-outside-root`).
            return;
        }
        let slot = self.rec.root.slot(field);
        // Game info may stand in the node where the main line becomes a game of its own
        // (FF[4]), not only in the root; it is given once on a line.
        match slot {
            None => *slot = Some(RawValue { raw: value, offset }),
            Some(first) if !in_root && first.raw != value => {
                let first = first.raw.trim().to_string();
                let message = format!(
                    "{name}[{}] again on the main line: the first, {name}[{first}], is used",
                    value.trim()
                );
                warn(&mut self.rec, Code::ParseError, offset as usize, message);
            }
            Some(_) => {}
        }
    }
}
