//! Where side variations go as the tree is read: each game tree's place among its
//! siblings, the line its nodes are read into, and the side lines begun on the way. The
//! main line's own reading (the first variation at every branch) stays in the reader;
//! this only names and files what leaves it.

use crate::finding::{Code, Severity};
use crate::sgf::record::{variation_name, IndexRun, Node, SideLine};

use super::GameReader;

/// Nesting of side lines (a line leaving a line leaving a line ...) one path may hold:
/// the replay keeps a copy of the game's state at each open branch. Real problem
/// collections and joseki dictionaries stay far below.
pub(super) const MAX_SIDE_NESTING: u32 = 200;

/// First variations one side line may go on into (each adds `.0` to its name).
const MAX_DEEPER: usize = 200;

/// The line the nodes of one game tree's sequence are read into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum LineRef {
    /// No node of the sequence has been read yet: which line it is is settled at its
    /// first node (an empty variation `()` counts as no child).
    Pending,
    Main,
    Side(u32),
    /// Not read: side lines left out, past the limits, or a tree the main line's own
    /// reading does not follow.
    Skip,
}

/// One game tree being read (one per depth).
#[derive(Clone, Copy, Debug)]
pub(super) struct Level {
    pub(super) line: LineRef,
    /// Its index among its parent's children.
    index: u32,
    /// Children with nodes begun so far.
    children: u32,
    /// The own nodes its line held when its first child began: where the other children
    /// leave that line.
    fork: u32,
    /// Side lines nested on the way down to it.
    nesting: u32,
    /// The depth from which the trees down to this one all have its index: a variation's
    /// name is found by runs, not by depths (a main line written as first variations
    /// nested thousands deep is one run).
    run_start: u32,
}

impl Level {
    pub(super) const ROOT: Level = Level {
        line: LineRef::Main,
        index: 0,
        children: 0,
        fork: 0,
        nesting: 0,
        run_start: 0,
    };
    pub(super) const PENDING: Level = Level {
        line: LineRef::Pending,
        ..Level::ROOT
    };
}

impl GameReader<'_> {
    /// The number of own nodes `line` holds so far.
    fn own_len(&self, line: LineRef) -> u32 {
        match line {
            LineRef::Main => self.rec.nodes.len() as u32,
            LineRef::Side(i) => self.rec.side_lines[i as usize].nodes.len() as u32,
            LineRef::Pending | LineRef::Skip => 0,
        }
    }

    /// The line the sequence at `depth` is read into, settled now if it was pending:
    /// its parent's line when it is the first child, else a new side line that leaves
    /// it (only read while side lines are read and within the limits). Pending trees
    /// above it (`((;`) are settled first, from the top down.
    pub(super) fn line_at(&mut self, depth: usize, offset: usize) -> LineRef {
        let Some(level) = self.tree.levels.get(depth) else {
            return LineRef::Skip;
        };
        if level.line != LineRef::Pending {
            return level.line;
        }
        let mut top = depth;
        while top > 1 && self.tree.levels[top - 1].line == LineRef::Pending {
            top -= 1;
        }
        for d in top..=depth {
            self.settle(d, offset);
        }
        self.tree.levels[depth].line
    }

    /// Settles the line of the pending tree at `depth`, its parent's being settled.
    fn settle(&mut self, depth: usize, offset: usize) {
        if depth <= 1 {
            self.tree.levels[depth].line = LineRef::Main;
            return;
        }
        let parent = self.tree.levels[depth - 1];
        let index = parent.children;
        self.tree.levels[depth - 1].children += 1;
        let (line, nesting) = if index == 0 {
            let fork = self.own_len(parent.line);
            self.tree.levels[depth - 1].fork = fork;
            (self.go_deeper(parent.line, fork, offset), parent.nesting)
        } else {
            let place = (depth, index);
            self.begin_side_line(parent.line, parent.fork, parent.nesting + 1, place, offset)
        };
        let same_run = depth > 2 && parent.index == index;
        let level = &mut self.tree.levels[depth];
        level.line = line;
        level.index = index;
        level.nesting = nesting;
        level.run_start = if same_run {
            parent.run_start
        } else {
            depth as u32
        };
    }

    /// The child indices of the trees from the root down to `depth`, as runs, the last
    /// one (`index`) given: the tree at `depth` is being settled.
    fn path_runs(&self, depth: usize, index: u32) -> Vec<IndexRun> {
        let mut runs = vec![IndexRun { index, repeat: 1 }];
        let mut d = depth - 1;
        while d >= 2 {
            let level = self.tree.levels[d];
            let start = (level.run_start as usize).clamp(2, d);
            let repeat = (d - start + 1) as u32;
            match runs.last_mut() {
                Some(run) if run.index == level.index => run.repeat += repeat,
                _ => runs.push(IndexRun {
                    index: level.index,
                    repeat,
                }),
            }
            d = start - 1;
        }
        runs.reverse();
        runs
    }

    /// A side line going on into its first deeper variation after `fork` own nodes: its
    /// name gains a `.0` from there. Past [`MAX_DEEPER`] such steps (`((((` nested
    /// thousands deep in a side line) the rest is not read, so that no name grows long.
    fn go_deeper(&mut self, line: LineRef, fork: u32, offset: usize) -> LineRef {
        let LineRef::Side(i) = line else {
            return line;
        };
        let deeper = &mut self.rec.side_lines[i as usize].deeper;
        if deeper.len() >= MAX_DEEPER {
            let message = format!("a side variation nested more than {MAX_DEEPER} deep in itself: the deeper part is not replayed");
            self.side_limit(offset, message);
            return LineRef::Skip;
        }
        deeper.push(fork);
        line
    }

    /// A new side line leaving `parent` after its first `fork` own nodes, the
    /// `index`th child of the tree at `depth - 1`, its first node at `offset`.
    fn begin_side_line(
        &mut self,
        parent: LineRef,
        fork: u32,
        nesting: u32,
        (depth, index): (usize, u32),
        offset: usize,
    ) -> (LineRef, u32) {
        let parent = match parent {
            LineRef::Main => None,
            LineRef::Side(i) => Some(i),
            LineRef::Pending | LineRef::Skip => return (LineRef::Skip, nesting),
        };
        if !self.limits.side_lines || self.side.full {
            return (LineRef::Skip, nesting);
        }
        if nesting > MAX_SIDE_NESTING {
            self.side_limit(
                offset,
                format!("side variations nested more than {MAX_SIDE_NESTING} deep: the deeper ones are not replayed"),
            );
            return (LineRef::Skip, nesting);
        }
        let path = self.path_runs(depth, index);
        let start = self.rec.side_nodes.len() as u32;
        self.rec.side_lines.push(SideLine {
            parent,
            fork,
            path: path.into_boxed_slice(),
            nodes: start..start,
            deeper: Vec::new(),
        });
        (LineRef::Side(self.rec.side_lines.len() as u32 - 1), nesting)
    }

    /// Names the problems found in the side node being read (those from `before` on) by
    /// its variation: its side line's name there, or, in a node no side line reads
    /// (`--main-line`, or past a limit), the path of game trees down to it.
    pub(super) fn name_side_problems(&mut self, before: usize) {
        let name = match self.current.as_ref().and_then(|n| n.line) {
            Some(line) => {
                let side_line = &self.rec.side_lines[line as usize];
                side_line.name_at(side_line.nodes.len() as u32)
            }
            None => match self.unread_name() {
                Some(name) => name,
                None => return,
            },
        };
        for p in &mut self.rec.problems[before..] {
            p.variation.get_or_insert_with(|| name.clone());
        }
    }

    /// The name of the side variation being read when side lines are not (`--main-line`),
    /// as side lines would name it: `None` past the limits where those stop being read
    /// ([`MAX_SIDE_NESTING`] side variations on the path, [`MAX_DEEPER`] first variations
    /// in one), so that no name grows long. Reads a few hundred runs of the path at most.
    fn unread_name(&self) -> Option<Box<str>> {
        let (mut runs, mut nesting) = (Vec::new(), 0usize);
        let mut d = self.tree.depth;
        while d >= 2 {
            let level = self.tree.levels[d];
            let start = (level.run_start as usize).clamp(2, d);
            let repeat = d - start + 1;
            if level.index != 0 {
                nesting += repeat;
                if nesting > MAX_SIDE_NESTING as usize {
                    return None;
                }
            } else if start > 2 && repeat > MAX_DEEPER {
                // First variations nested in a side variation (the main line's own run
                // starts at the root).
                return None;
            }
            runs.push(IndexRun {
                index: level.index,
                repeat: repeat as u32,
            });
            d = start - 1;
        }
        runs.reverse();
        Some(variation_name(runs))
    }

    /// Side lines stop being read past a limit, with one finding that says so.
    pub(super) fn side_limit(&mut self, offset: usize, message: String) {
        if !self.side.reported {
            self.side.reported = true;
            self.rec.problems.push(crate::finding::Finding::new(
                Code::TooLarge,
                Severity::Warning,
                offset,
                message,
            ));
        }
    }

    /// Files a finished side node under its line (the newest line: a line's nodes are
    /// read in one run, before any line that leaves it).
    pub(super) fn push_side_node(&mut self, line: u32, node: Node) {
        let newest = self.rec.side_lines.len() as u32 - 1;
        if line != newest || self.side.full {
            return;
        }
        self.side.count += 1;
        if self.side.count > self.limits.max_nodes {
            self.side.full = true;
            let offset = node.offset as usize;
            let max = self.limits.max_nodes;
            self.side_limit(
                offset,
                format!("more than {max} nodes in side variations: the rest are not replayed"),
            );
            return;
        }
        self.rec.side_nodes.push(node);
        self.rec.side_lines[line as usize].nodes.end = self.rec.side_nodes.len() as u32;
    }
}

/// What the reading of side lines has used up.
#[derive(Default)]
pub(super) struct SideState {
    /// Side nodes read.
    pub(super) count: u32,
    /// Setup points of side nodes read.
    pub(super) setup_points: usize,
    /// A limit was passed: no more side nodes are read.
    pub(super) full: bool,
    /// The limit's finding was given.
    pub(super) reported: bool,
}
