//! Reading one game tree into a [`GameRecord`], without copying its text: the main line,
//! and the side variations as lines of their own that leave it (or each other).

use std::ops::Range;

use crate::finding::Finding;
use crate::geom::{Color, Point};

mod reader;

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

/// A side variation's line of play: its own nodes, from where it leaves another line,
/// through the first variation at each of its own branches (as the main line runs
/// through the first variation at each of its). Its other variations are lines of their
/// own, which leave it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideLine {
    /// The line it leaves: `None` for the main line, else an index of
    /// [`GameRecord::side_lines`], always smaller than its own.
    pub parent: Option<u32>,
    /// How many of the parent line's own nodes (those that change something) come before
    /// the branch: the line plays on from the position after them.
    pub fork: u32,
    /// The variation's name where it begins: the child index of each game tree from the
    /// root down to it (`"1"`, `"0.2.1"`), as runs of one index (`[(0, 2), (1, 1)]` is
    /// `"0.0.1"`). A main line written as first variations nested thousands deep gives
    /// its side lines names thousands of indices long: runs keep each a few numbers.
    pub path: Box<[IndexRun]>,
    /// Its own nodes: a range of [`GameRecord::side_nodes`].
    pub nodes: Range<u32>,
    /// Where the line goes on into a deeper first variation, as indices of its own nodes:
    /// from each on, the name gains a `.0`.
    pub deeper: Vec<u32>,
}

/// One child index repeated over consecutive depths of a variation's path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IndexRun {
    pub index: u32,
    pub repeat: u32,
}

/// A variation's name written out from runs of indices: `"0.0.1"`.
pub fn variation_name(runs: impl IntoIterator<Item = IndexRun>) -> Box<str> {
    let mut name = String::new();
    for run in runs {
        let index = run.index.to_string();
        name.reserve(run.repeat as usize * (index.len() + 1));
        for _ in 0..run.repeat {
            if !name.is_empty() {
                name.push('.');
            }
            name.push_str(&index);
        }
    }
    name.into_boxed_str()
}

impl SideLine {
    /// The variation's name at its own node `index`.
    pub fn name_at(&self, index: u32) -> Box<str> {
        let deeper = self.deeper.iter().filter(|&&d| d <= index).count() as u32;
        let deeper = IndexRun {
            index: 0,
            repeat: deeper,
        };
        variation_name(self.path.iter().copied().chain([deeper]))
    }

    /// Whether the variation is named `name` where it begins (`"0.0.1"`).
    pub fn is_named(&self, name: &str) -> bool {
        let mut runs = self
            .path
            .iter()
            .flat_map(|r| std::iter::repeat_n(r.index, r.repeat as usize));
        name.split('.')
            .all(|part| part.parse::<u32>().ok() == runs.next())
            && runs.next().is_none()
    }
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
    /// `GN[]` and `PC[]`: where servers leave their marks (`GN[tygem:…]`, `PC[OGS: …]`).
    pub game_name: Option<RawValue<'a>>,
    pub place: Option<RawValue<'a>>,
    /// `DT[]`, `EV[]`, `BR[]`, `WR[]`: game information shown in the reports, never judged.
    pub date: Option<RawValue<'a>>,
    pub event: Option<RawValue<'a>>,
    pub black_rank: Option<RawValue<'a>>,
    pub white_rank: Option<RawValue<'a>>,
    /// `TC[]` and `TT[]`, properties of no SGF version: Fox's byo-yomi, as periods and
    /// seconds per period (`TC[3]TT[30]`), kept when a record passes through another
    /// program that rewrites `AP[]`. Read as a source's mark, never judged.
    pub byo_yomi_periods: Option<RawValue<'a>>,
    pub byo_yomi_seconds: Option<RawValue<'a>>,
}

/// A problem of the record itself (syntax or property values).
pub type RecordProblem = Finding;

/// One game tree, as read: the root's properties, the main line and the side lines.
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
    /// The side variations, in the order they begin in the text (empty when only the main
    /// line is read, see [`Limits::side_lines`]).
    pub side_lines: Vec<SideLine>,
    /// The nodes of all side lines that change something; each line holds a range.
    pub side_nodes: Vec<Node>,
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

    /// The own nodes of a line: the main line's (`None`) or a side line's.
    pub fn line_nodes(&self, line: Option<u32>) -> &[Node] {
        match line {
            None => &self.nodes,
            Some(i) => {
                let range = &self.side_lines[i as usize].nodes;
                &self.side_nodes[range.start as usize..range.end as usize]
            }
        }
    }

    /// The side line `line` written out as a game of its own: the root's properties, the
    /// nodes from the root to where it begins, then its own; no side lines. Its moves are
    /// numbered as the audit numbers them along that path.
    pub fn path_record(&self, line: u32) -> Self {
        let mut chain = vec![(Some(line), u32::MAX)];
        let mut at = line;
        while let Some(parent) = self.side_lines[at as usize].parent {
            chain.push((Some(parent), self.side_lines[at as usize].fork));
            at = parent;
        }
        chain.push((None, self.side_lines[at as usize].fork));
        let mut nodes = Vec::new();
        for &(l, upto) in chain.iter().rev() {
            let own = self.line_nodes(l);
            nodes.extend_from_slice(&own[..own.len().min(upto as usize)]);
        }
        GameRecord {
            root: self.root.clone(),
            nodes,
            setup: self.setup.clone(),
            node_count: self.node_count,
            ..GameRecord::default()
        }
    }
}

/// Limits on what one game may hold, so that hostile input cannot exhaust memory.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub max_nodes: u32,
    /// Read the side variations as lines of their own (`--main-line` leaves them out:
    /// they are then only format-checked).
    pub side_lines: bool,
}

impl Default for Limits {
    /// 250 000 main-line nodes: hundreds of times the longest real game, and low enough
    /// that one game whose every move is illegal (a finding of a few hundred bytes per
    /// move) stays within a couple of hundred megabytes.
    fn default() -> Self {
        Limits {
            max_nodes: 250_000,
            side_lines: true,
        }
    }
}

/// Reads a game tree's text (`(` ... `)`) into a [`GameRecord`]: the root's properties,
/// the main line (the first variation at every branch) and the side lines. Never fails:
/// problems become findings of the record.
pub fn parse_game<'a>(text: &'a str, limits: Limits) -> GameRecord<'a> {
    reader::read(text, limits, true)
}

/// `FF[]` and `GM[]` of the root of a game tree's text (`FF[1]` and Go when missing or not
/// a number).
pub fn root_file_format(text: &str) -> crate::sgf::values::FileFormat {
    reader::root_file_format(text)
}

/// [`parse_game`], with the format checks (identifiers, value types, node rules) left out
/// when `format_checks` is false: the record read is the same, its problems hold no
/// format findings but those the reading itself needs.
pub fn parse_game_with<'a>(text: &'a str, limits: Limits, format_checks: bool) -> GameRecord<'a> {
    reader::read(text, limits, format_checks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finding::Code;

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
        let rec = parse_game("(;gm[1]sz[9];b[ee];w[cc];b[dd])", Limits::default());
        assert_eq!(rec.root.size.unwrap().raw, "9");
        assert_eq!(rec.move_count(), 3);
        // Each spelling once: gm, sz, b, w.
        let lower: Vec<_> = rec.problems.iter().map(|p| (p.code, p.offset)).collect();
        assert_eq!(
            lower,
            [2, 7, 13, 19].map(|o| (Code::LowercaseIdentifier, o))
        );
        // Mixed case is FF[1]-FF[3] style: wrong in an FF[4] file only.
        let rec = parse_game("(;FF[4]GaMe[1];B[ee])", Limits::default());
        assert_eq!(rec.problems.len(), 1);
        assert!(rec.problems[0]
            .message
            .contains("'GaMe' holds lower-case letters"));
    }

    #[test]
    fn repeated_properties() {
        let rec = parse_game("(;C[a]C[b]AB[aa]AB[bb];B[cc])", Limits::default());
        assert_eq!(rec.setup.len(), 2);
        // One finding for the node names both repeats: C (the first is read) and AB
        // (values merged).
        assert_eq!(rec.problems.len(), 1, "{:?}", rec.problems);
        assert_eq!(
            rec.problems[0].message,
            "properties C given twice, AB given twice in one node: values merged (AB), the first one read (C)"
        );
        let rec = parse_game("(;AB[aa]AB[bb]AW[cc]AB[dd]AW[ee];B[ff])", Limits::default());
        assert_eq!(rec.problems.len(), 1, "{:?}", rec.problems);
        assert_eq!(
            rec.problems[0].message,
            "properties AB given 3 times, AW given twice in one node: values merged"
        );
        // A missing FF[4]: the properties it would define, once for the game.
        let rec = parse_game(
            "(;AP[x:1]CA[UTF-8];LB[aa:a];LB[bb:b]B[cc])",
            Limits::default(),
        );
        let version: Vec<_> = rec
            .problems
            .iter()
            .filter(|p| p.code == crate::finding::Code::PropertyVersion)
            .collect();
        assert_eq!(version.len(), 1, "{:?}", rec.problems);
        assert_eq!(
            version[0].message,
            "AP, CA and LB (twice) are not defined in FF[1] (the file's version): read anyway; FF[4] defines them"
        );
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
        // The last word on a point stands: AW's points (aa, and ab:ba read as the rectangle
        // aa:bb) are white, the rest black.
        let white = rec.setup.iter().filter(|(_, c)| *c == Some(Color::White));
        let white: Vec<String> = white.map(|(p, _)| p.sgf()).collect();
        assert_eq!(white, ["aa", "ba", "ab", "bb"]);
        let conflicts = rec
            .problems
            .iter()
            .filter(|f| f.code == Code::SetupConflict);
        assert_eq!(
            conflicts.count(),
            5,
            "AB's [aa:ZZ] again, [bb], [ZZ]; AW's [aa], [ab:ba]"
        );
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
