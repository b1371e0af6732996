//! Cutting a run's inputs into parts of about equal bytes at game boundaries, so that
//! several processes or machines (`--shard K/N`, the partitions of the Python package's
//! Dask reader) each audit some of the games and together every game once, with the path
//! and game index of a whole run.
//!
//! A comment can hold a whole game byte for byte, so a game boundary cannot be found from
//! an arbitrary offset alone: a file that a cut falls in is read once with the splitter's
//! cheap pass (no parsing, no replay) to find the game boundary nearest the cut, with the
//! index and `line:column` of what follows it. The heavy work, the audit, runs in the
//! parts. A part owns the games that start in its byte range. Inputs much smaller than
//! the spacing of the cuts are never split but grouped whole. An archive (`.zip`,
//! `.tar.*`) is cut between members: its members are listed (declared sizes, nothing
//! read) and a part owns a run of whole members, whose games keep their member's name
//! and index.
//!
//! The cuts are counted by arithmetic, never listed, and a shard is planned alone (only
//! the inputs that reach into it are read): a plan costs the same for any number of
//! parts, the parts past the games or bytes being empty.

use std::ops::Range;
use std::path::PathBuf;

use crate::input::archive::{member_sizes, Kind};
use crate::input::decode::decode;
use crate::input::lines::LineCol;
use crate::input::source::open_file;
use crate::input::split::Splitter;
use crate::input::walk::Input;

/// One piece of a part: a whole input, or the games of a file that start in a byte range
/// of its decoded text (or, never in a plan, a text given in memory).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    Whole(Input),
    Games(GameRange),
    /// Some members of an archive.
    Members(MemberRange),
    /// A text held in memory (not a file), under the name its games report.
    Memory {
        name: String,
        bytes: std::sync::Arc<[u8]>,
    },
}

/// The games of a file that start in `from..to` (offsets of the decoded text; `from` is
/// the end of a game, or 0), the first of them being game `first` of the file, the text
/// at `from` being at `at`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRange {
    pub path: PathBuf,
    pub from: usize,
    /// `usize::MAX`: to the end of the file.
    pub to: usize,
    pub first: usize,
    pub at: LineCol,
}

impl GameRange {
    /// The decoded-text range, for display.
    pub fn range(&self) -> Range<usize> {
        self.from..self.to
    }
}

/// The members `from..to` of an archive, numbered as [`for_each_member`] hands them over.
///
/// [`for_each_member`]: crate::input::archive::for_each_member
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemberRange {
    pub path: PathBuf,
    pub kind: Kind,
    pub from: usize,
    pub to: usize,
    /// Their share of the archive's bytes (for a progress bar; 0 when not known).
    pub bytes: u64,
}

/// How far apart the cuts are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spacing {
    /// This many parts of equal bytes (`--shard K/N`: N); some may be empty when the
    /// inputs are few or small.
    Parts(usize),
    /// A part every this many bytes (a Dask partition's size); never an empty part.
    Bytes(u64),
}

/// `--shard K/N`: part K (from 0) of N.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl std::str::FromStr for Shard {
    type Err = String;

    /// `K/N`, K from 0 to N−1.
    fn from_str(s: &str) -> Result<Shard, String> {
        let (k, n) = s
            .split_once('/')
            .ok_or_else(|| format!("'{s}' is not K/N (e.g. 0/4: the first of 4 shards)"))?;
        let number = |w: &str| {
            w.trim()
                .parse::<usize>()
                .map_err(|_| format!("'{s}' is not K/N: '{w}' is not a whole number"))
        };
        let (index, count) = (number(k)?, number(n)?);
        if count == 0 {
            return Err(format!("'{s}': N must be at least 1"));
        }
        if index >= count {
            return Err(format!("'{s}': K must be from 0 to N-1 ({})", count - 1));
        }
        Ok(Shard { index, count })
    }
}

/// A file is cut between games only when it is at least this fraction of the spacing of
/// the cuts: smaller ones go whole to the part nearer to them, which moves a cut by half
/// the file at most (1/32 of a part).
const SPLIT_FRACTION: u64 = 16;

/// The parts of `inputs` that hold something, in input order: the games of the first,
/// then of the second, …, are the games of a whole run in its order. A spacing of
/// `Parts(n)` gives at most `n` of them (the empty ones are left out).
pub fn plan(inputs: &[Input], spacing: Spacing) -> Vec<Vec<Piece>> {
    let mut parts: Vec<Vec<Piece>> = Vec::new();
    let mut current = None;
    place(inputs, spacing, 0..u64::MAX, &mut |part, piece| {
        if current != Some(part) {
            current = Some(part);
            parts.push(Vec::new());
        }
        last(&mut parts).push(piece);
    });
    parts
}

/// The pieces of shard `shard.index` of `shard.count` (possibly none). Only the inputs
/// that reach into the shard are looked at, and the cost does not grow with the count:
/// a count larger than the inputs' bytes gives empty shards.
pub fn shard(inputs: &[Input], shard: Shard) -> Vec<Piece> {
    let wanted = shard.index as u64;
    let mut pieces = Vec::new();
    place(
        inputs,
        Spacing::Parts(shard.count),
        wanted..wanted + 1,
        &mut |part, piece| {
            if part == wanted {
                pieces.push(piece);
            }
        },
    );
    pieces
}

/// Hands each piece of the plan to `sink` with the number of its part, in order; the
/// inputs that have no piece in the parts `wanted` are not read.
fn place(inputs: &[Input], spacing: Spacing, wanted: Range<u64>, sink: &mut dyn FnMut(u64, Piece)) {
    let sizes: Vec<u64> = inputs.iter().map(input_size).collect();
    let total = sizes.iter().fold(0u64, |sum, &s| sum.saturating_add(s));
    let cuts = Cuts::new(total, spacing);
    let mut offset = 0u64;
    for (input, &size) in inputs.iter().zip(&sizes) {
        let span = Span::new(cuts, offset, size);
        offset = offset.saturating_add(size);
        if span.last_part() < wanted.start || span.base >= wanted.end {
            continue;
        }
        let cut = span.inside() > 0 && size >= cuts.step() / SPLIT_FRACTION;
        let ranges = match input {
            Input::File(path) if cut => cut_file(path, &span, &wanted),
            Input::Archive(path, kind) if cut => cut_archive(path, *kind, &span, &wanted),
            _ => None,
        };
        match ranges {
            Some(ranges) => ranges.into_iter().for_each(|(p, piece)| sink(p, piece)),
            None => sink(span.whole_part(), Piece::Whole(input.clone())),
        }
    }
}

fn last(parts: &mut [Vec<Piece>]) -> &mut Vec<Piece> {
    parts.last_mut().expect("a plan has a part")
}

/// The bytes of `inputs` as a plan counts them (a file's or an archive's size on disk).
pub fn total_bytes(inputs: &[Input]) -> u64 {
    inputs
        .iter()
        .fold(0u64, |sum, input| sum.saturating_add(input_size(input)))
}

fn input_size(input: &Input) -> u64 {
    match input {
        Input::Stdin => 0,
        Input::File(p) | Input::Archive(p, _) => std::fs::metadata(p).map(|m| m.len()).unwrap_or(0),
    }
}

/// The cuts of a plan (global byte offsets), counted rather than listed: a plan of
/// billions of parts costs what a plan of two does.
#[derive(Clone, Copy, Debug)]
struct Cuts {
    total: u64,
    spacing: Spacing,
}

impl Cuts {
    fn new(total: u64, spacing: Spacing) -> Cuts {
        let spacing = match spacing {
            Spacing::Parts(n) => Spacing::Parts(n.max(1)),
            Spacing::Bytes(step) => Spacing::Bytes(step.max(1)),
        };
        Cuts { total, spacing }
    }

    /// `Parts(n)`: the cuts `total·k/n` for k from 1 to n−1 (rounded down); `Bytes(s)`:
    /// the multiples of `s` below the total.
    fn count(&self) -> u64 {
        match self.spacing {
            Spacing::Parts(n) => n as u64 - 1,
            Spacing::Bytes(step) => self.total.saturating_sub(1) / step,
        }
    }

    /// How many cuts lie before offset `x`.
    fn before(&self, x: u64) -> u64 {
        if x == 0 {
            return 0;
        }
        let below = match self.spacing {
            // total·k/n < x, k ≥ 1, rounded down or not: k < x·n/total.
            Spacing::Parts(n) if self.total > 0 => {
                ((x as u128 * n as u128).div_ceil(self.total as u128) - 1).min(u64::MAX as u128)
                    as u64
            }
            Spacing::Parts(_) => u64::MAX,
            Spacing::Bytes(step) => (x - 1) / step,
        };
        below.min(self.count())
    }

    /// The spacing of the cuts, in bytes.
    fn step(&self) -> u64 {
        match self.spacing {
            Spacing::Parts(n) => self.total / n as u64,
            Spacing::Bytes(step) => step,
        }
    }
}

/// The cuts that fall in one input, `offset..offset + size` of the whole: its pieces go
/// to parts `base` to `base + inside()`.
struct Span {
    cuts: Cuts,
    offset: u64,
    size: u64,
    /// The cuts before the input: the number of the part it starts in.
    base: u64,
}

impl Span {
    fn new(cuts: Cuts, offset: u64, size: u64) -> Span {
        let base = cuts.before(offset);
        Span {
            cuts,
            offset,
            size,
            base,
        }
    }

    /// The cuts inside the input.
    fn inside(&self) -> u64 {
        self.cuts.before(self.offset.saturating_add(self.size)) - self.base
    }

    fn last_part(&self) -> u64 {
        self.base + self.inside()
    }

    /// The part of a piece that follows every cut at or before `at` (an offset in the
    /// input) and none after it.
    fn part_after(&self, at: u64) -> u64 {
        let through = self.offset.saturating_add(at).saturating_add(1);
        self.cuts.before(through).min(self.last_part())
    }

    /// The part of the input when it is not cut: the one its middle is in.
    fn whole_part(&self) -> u64 {
        let middle = self.offset.saturating_add(self.size.div_ceil(2));
        self.cuts.before(middle).min(self.last_part())
    }
}

/// A place between two games where a file may be cut: the games from `first` on start at
/// or after `offset` of the decoded text.
#[derive(Clone, Copy, Debug)]
struct Boundary {
    offset: usize,
    first: usize,
    /// Where the game before the boundary starts (offset, place), to find the boundary's
    /// own place only for the boundaries kept.
    game_start: (usize, LineCol),
}

impl Boundary {
    const START: Boundary = Boundary {
        offset: 0,
        first: 0,
        game_start: (0, LineCol::START),
    };
}

/// The game ranges of a file being cut: consecutive games of one part make one range.
struct FileRanges<'a> {
    path: &'a std::path::Path,
    text: &'a [u8],
    wanted: &'a Range<u64>,
    /// The part and the first boundary of the range under way.
    open: Option<(u64, Boundary)>,
    ranges: Vec<(u64, Piece)>,
}

impl FileRanges<'_> {
    /// Game `from.first` (starting at `from`) is in `part`.
    fn game(&mut self, part: u64, from: Boundary) {
        match self.open {
            Some((open, _)) if open == part => {}
            Some((open, start)) => {
                self.close(open, start, from.offset);
                self.open = Some((part, from));
            }
            None => self.open = Some((part, from)),
        }
    }

    /// Ends the range of `part` from `start` at `to` (`usize::MAX`: the end of the file).
    fn close(&mut self, part: u64, start: Boundary, to: usize) {
        if !self.wanted.contains(&part) {
            return;
        }
        let at = if start.offset == 0 {
            LineCol::START
        } else {
            let (game, at) = start.game_start;
            at.advance_from(self.text, game, start.offset)
        };
        let piece = Piece::Games(GameRange {
            path: self.path.to_path_buf(),
            from: start.offset,
            to,
            first: start.first,
            at,
        });
        self.ranges.push((part, piece));
    }
}

/// Cuts a file at the game boundaries nearest to the cuts of `span` (offsets in the
/// file's bytes, scaled to its decoded text): each cut goes to the nearer of the
/// boundaries around it (the earlier on a tie), and the games between two cuts are one
/// range of their part. The ranges of the parts `wanted`, in order; `None` when the file
/// cannot be read (the audit will report it) or holds no boundary.
fn cut_file(path: &std::path::Path, span: &Span, wanted: &Range<u64>) -> Option<Vec<(u64, Piece)>> {
    let (bytes, _) = open_file(path).ok()?;
    let decoded = decode(&bytes);
    let text: &[u8] = match &decoded.text {
        Some(t) => t.as_bytes(),
        None => &bytes[decoded.start..],
    };
    let length = (text.len() as u128).max(1);
    let size = span.size.max(1) as u128;
    // The part after the cuts whose decoded offset (proportional when decoding changed
    // the length) is at or before `at`: those below ⌈(at + 1)·size/length⌉ in bytes.
    let part_after = |at: usize| {
        let bytes = ((at as u128 + 1) * size).div_ceil(length);
        span.part_after(bytes.min(u64::MAX as u128) as u64 - 1)
    };
    let mut ranges = FileRanges {
        path,
        text,
        wanted,
        open: None,
        ranges: Vec::new(),
    };
    let mut previous = Boundary::START;
    let mut games = 0;
    for (index, game) in Splitter::over_utf8(text).enumerate() {
        if game.no_game {
            return None;
        }
        games = index + 1;
        let here = Boundary {
            offset: game.range.end,
            first: index + 1,
            game_start: (game.range.start, game.start),
        };
        // The cuts up to halfway to the game's end come before it.
        let middle = midpoint(previous.offset as u64, here.offset as u64) as usize;
        ranges.game(part_after(middle), previous);
        previous = here;
    }
    if games < 2 {
        return None;
    }
    let (part, start) = ranges.open.take()?;
    // Cuts after the last game's midpoint leave it at its end; none: to the file's end.
    let to = if part == span.last_part() {
        usize::MAX
    } else {
        previous.offset
    };
    ranges.close(part, start, to);
    Some(ranges.ranges)
}

/// Halfway from `a` to `b`, rounded down.
fn midpoint(a: u64, b: u64) -> u64 {
    ((a as u128 + b as u128) / 2) as u64
}

/// Cuts an archive between the members nearest to the cuts of `span` (offsets in the
/// archive's bytes, the members' declared sizes scaled to them), the earlier on a tie:
/// the runs of members of the parts `wanted`, in order. `None` when the archive cannot
/// be listed to its end (the audit will report it, once, as a whole) or has fewer than
/// two members.
fn cut_archive(
    path: &std::path::Path,
    kind: Kind,
    span: &Span,
    wanted: &Range<u64>,
) -> Option<Vec<(u64, Piece)>> {
    let sizes = member_sizes(path, kind).ok()?;
    if sizes.len() < 2 {
        return None;
    }
    let total: u64 = sizes.iter().fold(0u64, |a, &s| a.saturating_add(s)).max(1);
    // Where each member starts, in the archive's bytes, and where the last ends.
    let mut starts = Vec::with_capacity(sizes.len() + 1);
    let mut sum = 0u64;
    starts.push(0);
    for s in &sizes {
        sum = sum.saturating_add(*s);
        starts.push((sum as u128 * span.size as u128 / total as u128) as u64);
    }
    let mut ranges = Vec::new();
    let mut open: Option<(u64, usize)> = None;
    let mut close = |part: u64, from: usize, to: usize| {
        if wanted.contains(&part) {
            let bytes = starts[to] - starts[from];
            let piece = Piece::Members(MemberRange {
                path: path.to_path_buf(),
                kind,
                from,
                to,
                bytes,
            });
            ranges.push((part, piece));
        }
    };
    for member in 0..sizes.len() {
        // The cuts up to halfway through the member come before it.
        let part = span.part_after(midpoint(starts[member], starts[member + 1]));
        match open {
            Some((p, _)) if p == part => {}
            Some((p, from)) => {
                close(p, from, member);
                open = Some((part, member));
            }
            None => open = Some((part, member)),
        }
    }
    let (part, from) = open?;
    close(part, from, sizes.len());
    Some(ranges)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_are_read_as_k_of_n() {
        assert_eq!("1/4".parse::<Shard>(), Ok(Shard { index: 1, count: 4 }));
        assert!("4/4"
            .parse::<Shard>()
            .unwrap_err()
            .contains("from 0 to N-1"));
        assert!("0/0".parse::<Shard>().unwrap_err().contains("at least 1"));
        assert!("x".parse::<Shard>().unwrap_err().contains("not K/N"));
    }

    /// The cuts as the plan once listed them.
    fn listed(total: u64, spacing: Spacing) -> Vec<u64> {
        match spacing {
            Spacing::Parts(n) => (1..n as u64).map(|k| total * k / n as u64).collect(),
            Spacing::Bytes(step) => (1..).map(|k| k * step).take_while(|&c| c < total).collect(),
        }
    }

    #[test]
    fn cuts_are_counted_as_they_would_be_listed() {
        for total in 0..40 {
            for n in 1..50 {
                for spacing in [Spacing::Parts(n), Spacing::Bytes(n as u64)] {
                    let list = listed(total, spacing);
                    let cuts = Cuts::new(total, spacing);
                    assert_eq!(cuts.count(), list.len() as u64, "{total} {spacing:?}");
                    for x in 0..=total + 1 {
                        let below = list.iter().filter(|&&c| c < x).count() as u64;
                        assert_eq!(cuts.before(x), below, "{total} {spacing:?} {x}");
                    }
                }
            }
        }
    }

    /// The first game of each piece of `parts`, in order.
    fn firsts(parts: &[Vec<Piece>]) -> Vec<usize> {
        let first = |piece: &Piece| match piece {
            Piece::Games(range) => range.first,
            _ => 0,
        };
        parts.iter().flatten().map(first).collect()
    }

    #[test]
    fn more_parts_than_bytes_give_one_game_a_part_and_cost_nothing_per_part() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("five.sgf");
        std::fs::write(&path, "(;GM[1]SZ[9];B[ee];W[dd])\n".repeat(5)).unwrap();
        let inputs = [Input::File(path)];
        for spacing in [
            Spacing::Bytes(1),
            Spacing::Parts(1000),
            Spacing::Parts(1 << 32),
            Spacing::Parts(usize::MAX),
        ] {
            let parts = plan(&inputs, spacing);
            assert_eq!(firsts(&parts), [0, 1, 2, 3, 4], "{spacing:?}");
            assert!(parts.iter().all(|p| p.len() == 1), "{spacing:?}");
        }
        // The shards, in order, are the plan's parts; most of them empty.
        let count = 1000;
        let shards: Vec<Vec<Piece>> = (0..count)
            .map(|index| shard(&inputs, Shard { index, count }))
            .filter(|pieces| !pieces.is_empty())
            .collect();
        assert_eq!(shards, plan(&inputs, Spacing::Parts(count)));
        let far = Shard {
            index: usize::MAX - 1,
            count: usize::MAX,
        };
        assert!(shard(&inputs, far).is_empty());
    }

    #[test]
    fn a_huge_count_of_parts_costs_nothing() {
        let cuts = Cuts::new(500, Spacing::Parts(usize::MAX));
        assert_eq!(cuts.count(), u64::MAX - 1);
        assert_eq!(cuts.before(0), 0);
        assert_eq!(cuts.before(1), (usize::MAX as u64).div_ceil(500) - 1);
        assert_eq!(cuts.before(500), u64::MAX - 1);
        let bytes = Cuts::new(u64::MAX, Spacing::Bytes(1));
        assert_eq!(bytes.before(u64::MAX), u64::MAX - 1);
    }
}
