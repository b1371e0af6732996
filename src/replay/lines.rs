//! Every side line of a game tree replayed like the main line: each from the position,
//! the repetition history and the side to move of the path where it leaves its parent
//! line, its moves numbered along its own path, its findings named by its variation.
//!
//! The tree is walked depth first: where lines leave the one being replayed, the board is
//! copied for each, the line replayed to its end with a history of its own moves read in
//! front of its parent's (not copied: a branch costs what its moves cost), and the copy
//! dropped. At most one copy per nesting level is alive (the reader caps the nesting); a
//! line that lines leave holds its whole history, so a lookup reads two tables at most.

use crate::board::Board;
use crate::finding::Finding;
use crate::replay::history::PositionHistory;
use crate::sgf::record::GameRecord;

use super::{Flow, Replayer};

/// Replays the main line with `main`, and every side line from where it leaves; the
/// side lines' findings go to `out`, in the order of the text.
pub(super) fn replay_tree(
    main: &mut Replayer<'_>,
    record: &GameRecord<'_>,
    out: &mut Vec<Finding>,
) {
    let children = children(record);
    run_line(main, record, None, &children, out);
    out.sort_by_key(|f| f.offset);
}

/// For the main line (first) and each side line, the side lines that leave it, by the
/// place where they leave it (in the text's order among those that leave at one node).
fn children(record: &GameRecord<'_>) -> Vec<Vec<u32>> {
    let mut children = vec![Vec::new(); record.side_lines.len() + 1];
    for (i, line) in record.side_lines.iter().enumerate() {
        children[slot(line.parent)].push(i as u32);
    }
    for list in &mut children {
        list.sort_by_key(|&c| record.side_lines[c as usize].fork);
    }
    children
}

/// A line's place in the list of children: the main line's first.
fn slot(line: Option<u32>) -> usize {
    line.map_or(0, |l| l as usize + 1)
}

/// Replays the own nodes of `line` with `r`, replaying each line that leaves it when
/// the replay reaches the place where it leaves; stops where `--strict` stops the line.
fn run_line(
    r: &mut Replayer<'_>,
    record: &GameRecord<'_>,
    line: Option<u32>,
    children: &[Vec<u32>],
    out: &mut Vec<Finding>,
) {
    let nodes = record.line_nodes(line);
    let leaving = &children[slot(line)];
    let fork_of = |c: u32| record.side_lines[c as usize].fork as usize;
    let mut next = 0;
    for (i, node) in nodes.iter().enumerate() {
        while let Some(&child) = leaving.get(next).filter(|&&c| fork_of(c) <= i) {
            r.hold_whole_history();
            branch(r, record, child, children, out);
            next += 1;
        }
        let before = r.findings.len();
        let flow = r.node(record, node);
        if let Some(l) = line {
            name_new_findings(r, before, &record.side_lines[l as usize], i as u32);
        }
        if flow == Flow::Stop {
            return;
        }
    }
    for &child in &leaving[next..] {
        r.hold_whole_history();
        branch(r, record, child, children, out);
    }
}

/// Names the findings a side line's node just gave (its own node `index`) by the
/// variation they are in.
fn name_new_findings(
    r: &mut Replayer<'_>,
    before: usize,
    line: &crate::sgf::record::SideLine,
    index: u32,
) {
    let unnamed_after_end = r
        .first_after_end
        .as_ref()
        .is_some_and(|f| f.variation.is_none());
    if r.findings.len() == before && !unnamed_after_end {
        return;
    }
    let name = line.name_at(index);
    for f in &mut r.findings[before..] {
        f.variation = Some(name.clone());
    }
    if let Some(f) = r.first_after_end.as_mut().filter(|_| unnamed_after_end) {
        f.variation = Some(name);
    }
}

/// Replays side line `child` from where `parent` stands, on a copy of its board and a
/// history of its own in front of the parent's; its findings go to `out`.
fn branch(
    parent: &Replayer<'_>,
    record: &GameRecord<'_>,
    child: u32,
    children: &[Vec<u32>],
    out: &mut Vec<Finding>,
) {
    let (mut board, mut history) = SPARES
        .with(|s| s.borrow_mut().pop())
        .unwrap_or_else(|| (parent.board.clone(), PositionHistory::with_capacity(16)));
    board.copy_from(parent.board);
    history.clear();
    let mut r = parent.fork(&mut board, &mut history);
    run_line(&mut r, record, Some(child), children, out);
    out.extend(r.line_findings());
    SPARES.with(|s| {
        let mut spares = s.borrow_mut();
        if spares.len() < MAX_SPARES && history.capacity() <= MAX_SPARE_SLOTS {
            spares.push((board, history));
        }
    });
}

/// Spare boards and histories kept per thread, and the largest history kept (a hostile
/// game's history is dropped rather than held).
const MAX_SPARES: usize = 32;
const MAX_SPARE_SLOTS: usize = 1 << 16;

thread_local! {
    /// Boards and histories of side lines replayed, kept for the next on this thread: a
    /// copy then costs the cells a board uses, not an allocation. One per nesting level
    /// at most (the reader caps it).
    static SPARES: std::cell::RefCell<Vec<(Board, PositionHistory)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}
