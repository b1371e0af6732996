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

/// The parts of `inputs`, in input order: the games of part 0, then part 1, …, are the
/// games of a whole run in its order.
pub fn plan(inputs: &[Input], spacing: Spacing) -> Vec<Vec<Piece>> {
    let sizes: Vec<u64> = inputs.iter().map(input_size).collect();
    let total: u64 = sizes.iter().sum();
    let (cuts, step) = cut_points(total, spacing);
    let mut parts: Vec<Vec<Piece>> = vec![Vec::new()];
    let mut next_cut = 0;
    let mut offset = 0u64;
    for (input, &size) in inputs.iter().zip(&sizes) {
        let end = offset + size;
        let inside: Vec<u64> = cuts[next_cut..]
            .iter()
            .take_while(|&&c| c < end)
            .map(|&c| c - offset)
            .collect();
        next_cut += inside.len();
        offset = end;
        let cut = !inside.is_empty() && size >= step / SPLIT_FRACTION;
        let ranges = match input {
            Input::File(path) if cut => cut_file(path, size, &inside),
            Input::Archive(path, kind) if cut => cut_archive(path, *kind, size, &inside),
            _ => None,
        };
        match ranges {
            Some(ranges) => place_ranges(&mut parts, ranges),
            None => place_whole(&mut parts, input, size, &inside),
        }
    }
    if matches!(spacing, Spacing::Bytes(_)) {
        parts.retain(|p| !p.is_empty());
    }
    parts
}

/// The cuts (global byte offsets, in order) and their spacing.
fn cut_points(total: u64, spacing: Spacing) -> (Vec<u64>, u64) {
    match spacing {
        Spacing::Parts(n) => {
            let n = n.max(1) as u64;
            let cuts = (1..n)
                .map(|k| (total as u128 * k as u128 / n as u128) as u64)
                .collect();
            (cuts, total / n)
        }
        Spacing::Bytes(step) => {
            let step = step.max(1);
            (
                (1..).map(|k| k * step).take_while(|&c| c < total).collect(),
                step,
            )
        }
    }
}

/// An input that is not cut: it goes to the part its middle is in.
fn place_whole(parts: &mut Vec<Vec<Piece>>, input: &Input, size: u64, cuts: &[u64]) {
    let before = cuts.iter().filter(|&&c| c * 2 < size).count();
    parts.extend((0..before).map(|_| Vec::new()));
    last(parts).push(Piece::Whole(input.clone()));
    parts.extend((before..cuts.len()).map(|_| Vec::new()));
}

/// The ranges of a cut file: the first goes to the current part, each next one to a new
/// part; a range without games leaves its part as it is.
fn place_ranges(parts: &mut Vec<Vec<Piece>>, ranges: Vec<Option<Piece>>) {
    for (i, range) in ranges.into_iter().enumerate() {
        if i > 0 {
            parts.push(Vec::new());
        }
        if let Some(piece) = range {
            last(parts).push(piece);
        }
    }
}

fn last(parts: &mut [Vec<Piece>]) -> &mut Vec<Piece> {
    parts.last_mut().expect("a plan has a part")
}

fn input_size(input: &Input) -> u64 {
    match input {
        Input::Stdin => 0,
        Input::File(p) | Input::Archive(p, _) => std::fs::metadata(p).map(|m| m.len()).unwrap_or(0),
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

/// Cuts a file at the game boundaries nearest to `cuts` (offsets in the file's bytes):
/// `cuts.len() + 1` ranges, `None` for one that holds no game start. `None` when the file
/// cannot be read (the audit will report it) or holds no boundary.
fn cut_file(path: &std::path::Path, size: u64, cuts: &[u64]) -> Option<Vec<Option<Piece>>> {
    let (bytes, _) = open_file(path).ok()?;
    let decoded = decode(&bytes);
    let text: &[u8] = match &decoded.text {
        Some(t) => t.as_bytes(),
        None => &bytes[decoded.start..],
    };
    // The cuts in decoded offsets: proportional when decoding changed the length.
    let targets: Vec<usize> = cuts
        .iter()
        .map(|&c| (c as u128 * text.len() as u128 / size.max(1) as u128) as usize)
        .collect();
    let mut chosen = Vec::with_capacity(targets.len());
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
        while let Some(&target) = targets.get(chosen.len()) {
            if here.offset < target {
                break;
            }
            let nearer = if target - previous.offset <= here.offset - target {
                previous
            } else {
                here
            };
            chosen.push(nearer);
        }
        previous = here;
    }
    while chosen.len() < targets.len() {
        chosen.push(previous);
    }
    if games < 2 {
        return None;
    }
    let place = |b: &Boundary| {
        let (start, at) = b.game_start;
        at.advance_bytes(&text[start..], b.offset - start)
    };
    let mut ranges = Vec::with_capacity(chosen.len() + 1);
    let mut from = Boundary::START;
    let end = Boundary {
        offset: usize::MAX,
        first: games,
        game_start: (0, LineCol::START),
    };
    for to in chosen.into_iter().chain(std::iter::once(end)) {
        ranges.push((to.first > from.first).then(|| {
            Piece::Games(GameRange {
                path: path.to_path_buf(),
                from: from.offset,
                to: to.offset,
                first: from.first,
                at: if from.offset == 0 {
                    LineCol::START
                } else {
                    place(&from)
                },
            })
        }));
        from = to;
    }
    Some(ranges)
}

/// Cuts an archive between the members nearest to `cuts` (offsets in the archive's bytes,
/// the members' declared sizes scaled to them): `cuts.len() + 1` ranges, `None` for one
/// without members. `None` when the archive cannot be listed to its end (the audit will
/// report it, once, as a whole) or has fewer than two members.
fn cut_archive(
    path: &std::path::Path,
    kind: Kind,
    size: u64,
    cuts: &[u64],
) -> Option<Vec<Option<Piece>>> {
    let sizes = member_sizes(path, kind).ok()?;
    if sizes.len() < 2 {
        return None;
    }
    let total: u64 = sizes.iter().sum::<u64>().max(1);
    // Where each member ends, in the archive's bytes.
    let mut ends = Vec::with_capacity(sizes.len());
    let mut sum = 0u64;
    for s in &sizes {
        sum += s;
        ends.push((sum as u128 * size as u128 / total as u128) as u64);
    }
    let boundary_nearest = |cut: u64| {
        // Members before the boundary: 0..=len; the boundary after member i is ends[i].
        let after = ends.partition_point(|&e| e < cut);
        let before_end = after.checked_sub(1).map_or(0, |i| ends[i]);
        match ends.get(after) {
            Some(&end) if end - cut < cut - before_end => after + 1,
            _ => after,
        }
    };
    let position = |boundary: usize| boundary.checked_sub(1).map_or(0, |i| ends[i]);
    let mut ranges = Vec::with_capacity(cuts.len() + 1);
    let mut from = 0;
    for to in cuts
        .iter()
        .map(|&c| boundary_nearest(c))
        .chain(std::iter::once(sizes.len()))
    {
        let to = to.max(from);
        ranges.push((to > from).then(|| {
            Piece::Members(MemberRange {
                path: path.to_path_buf(),
                kind,
                from,
                to,
                bytes: position(to) - position(from),
            })
        }));
        from = to;
    }
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

    #[test]
    fn cuts_are_spaced_by_parts_or_bytes() {
        assert_eq!(cut_points(100, Spacing::Parts(4)).0, vec![25, 50, 75]);
        assert_eq!(cut_points(100, Spacing::Bytes(40)).0, vec![40, 80]);
        assert!(cut_points(0, Spacing::Parts(3)).0.iter().all(|&c| c == 0));
    }
}
