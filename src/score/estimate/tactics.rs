//! Reading capturing races (in step 4 of the method): a small search that tells whether a
//! chain short of liberties is captured whoever moves first. Random play-outs get such
//! races wrong when the winner must fill the right liberty first; a few hundred nodes of
//! reading settle them. Only the liberties of the chain and of the short chains touching
//! it are tried (and a pass for the chain's owner), so a capture found is one the owner
//! could only escape by a move elsewhere, which the caller rules out by reading only
//! chains whose neighbours are alive.
//!
//! A reading meets the same position again by another order of moves (filling liberty A
//! then B, or B then A): the answer found the first time is remembered, with the nodes it
//! took, and counted again in full against the budget, so that a reading decides exactly
//! what it would decide by searching every node again (short of two positions met in one
//! reading sharing a 64-bit Zobrist hash: with at most a few hundred nodes a reading, odds
//! of about one in 10^14).

use std::collections::HashMap;
use std::sync::OnceLock;

use super::playout::SplitMix;
use crate::geom::{BoardSize, Color, Position, MAX_SIDE};

/// Chains with at most this many liberties are read.
pub(super) const READ_LIBERTIES: usize = 3;

/// A chain that reaches this many liberties during the reading has escaped.
const ESCAPED: usize = 5;

/// Moves, both players together, read ahead at most.
const DEPTH: u32 = 14;

/// Positions visited per chain at most; a reading that needs more decides nothing.
const BUDGET: u32 = 300;

/// What a cell of the reader's board holds.
const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
/// The ring of cells around the board: neither a stone nor a liberty.
const EDGE: u8 = 3;

fn stone(color: Color) -> u8 {
    match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// The Zobrist key of a stone of `x` (black or white) on the cell `p`.
#[inline]
fn key_of(zobrist: &[[u64; 2]], p: usize, x: u8) -> u64 {
    zobrist[p][usize::from(x - BLACK)]
}

/// The other colour of a stone cell.
#[inline]
fn other(x: u8) -> u8 {
    3 - x
}

/// The search ran out of its budget.
struct OutOfBudget;

/// A node of the search: the board (its Zobrist hash), the ko point, the depth left and
/// whether the attacker is to move. The target chain is the same throughout a reading.
type NodeKey = (u64, Option<usize>, u32, bool);

/// What a node's search found: whether the target is captured, and the nodes it visited.
type NodeAnswer = (bool, u32);

/// Seed of the Zobrist keys: any fixed value; the reading's answers do not depend on it.
const ZOBRIST_SEED: u64 = 0x7ac7_1c5e_ed00;

/// Per cell of the largest padded board, the Zobrist key of a black and of a white stone
/// there: made once, shared by every reader.
fn zobrist_keys() -> &'static [[u64; 2]] {
    static KEYS: OnceLock<Vec<[u64; 2]>> = OnceLock::new();
    KEYS.get_or_init(|| {
        let side = usize::from(MAX_SIDE) + 2;
        let mut keys = SplitMix::new(ZOBRIST_SEED);
        (0..side * side)
            .map(|_| [keys.next(), keys.next()])
            .collect()
    })
}

/// A chain's stones and its liberties.
type StonesAndLiberties = (Vec<usize>, Vec<usize>);

/// A board for reading: cells padded with a ring of edge cells (neighbours are fixed
/// steps away, with no test for the border), the simple ko rule, moves undone after each
/// try. Points are padded cells inside; [`Reader::captured_whoever_moves`] takes a
/// row-major index.
pub(super) struct Reader {
    size: BoardSize,
    /// Steps to the four neighbours: left, right, up, down, the order of
    /// [`super::chains::neighbors`], which the lists of moves keep.
    dirs: [isize; 4],
    cells: Vec<u8>,
    /// Generation marks for flood fills.
    mark: Vec<u32>,
    generation: u32,
    /// Generation marks for the cells a list already holds (kept apart from `mark`, which
    /// the flood fills made while building such a list overwrite).
    listed: Vec<u32>,
    listed_generation: u32,
    /// The point the player to move may not retake (simple ko), if any.
    ko: Option<usize>,
    nodes: u32,
    /// Scratch stack for [`Reader::has_liberty`].
    stack: Vec<usize>,
    /// Emptied lists of points kept for the next node of the search: a reading visits
    /// hundreds of nodes, each needing a few lists.
    spare: Vec<Vec<usize>>,
    /// Per cell, the Zobrist key of a black and of a white stone there ([`zobrist_keys`]).
    zobrist: &'static [[u64; 2]],
    /// The Zobrist hash of the stones on the board.
    hash: u64,
    /// The nodes of the current reading searched to the end, and their answers.
    known: HashMap<NodeKey, NodeAnswer, foldhash::fast::FixedState>,
    /// Search every node again, remembering none: the reference the tests compare to.
    #[cfg(test)]
    forgetful: bool,
}

/// What a move changed, to take it back.
struct Undo {
    point: usize,
    captured: Vec<usize>,
    ko: Option<usize>,
}

impl Reader {
    pub(super) fn new(position: &Position) -> Reader {
        let size = position.size;
        let (w, h) = (size.width as usize, size.height as usize);
        let stride = w + 2;
        let mut cells = vec![EDGE; stride * (h + 2)];
        for (i, cell) in position.cells.iter().enumerate() {
            cells[(i / w + 1) * stride + i % w + 1] = cell.map_or(EMPTY, stone);
        }
        let s = stride as isize;
        let zobrist = zobrist_keys();
        let hash = cells
            .iter()
            .enumerate()
            .filter(|&(_, &x)| x == BLACK || x == WHITE)
            .fold(0, |h, (p, &x)| h ^ key_of(zobrist, p, x));
        Reader {
            size,
            dirs: [-1, 1, -s, s],
            mark: vec![0; cells.len()],
            listed: vec![0; cells.len()],
            listed_generation: 0,
            cells,
            generation: 0,
            ko: None,
            nodes: 0,
            stack: Vec::new(),
            spare: Vec::new(),
            zobrist,
            hash,
            known: HashMap::default(),
            #[cfg(test)]
            forgetful: false,
        }
    }

    /// Sets the cell `p` to `x`, keeping the hash.
    #[inline]
    fn set(&mut self, p: usize, x: u8) {
        let old = self.cells[p];
        if old == BLACK || old == WHITE {
            self.hash ^= key_of(self.zobrist, p, old);
        }
        if x == BLACK || x == WHITE {
            self.hash ^= key_of(self.zobrist, p, x);
        }
        self.cells[p] = x;
    }

    /// The reader's cell of a row-major point.
    fn cell(&self, point: usize) -> usize {
        let w = self.size.width as usize;
        (point / w + 1) * (w + 2) + point % w + 1
    }

    /// The four neighbours of the cell `p`, edge cells included.
    #[inline]
    fn neighbours(&self, p: usize) -> [usize; 4] {
        self.dirs.map(|d| (p as isize + d) as usize)
    }

    /// An empty list of points, from the spares when there is one.
    fn list(&mut self) -> Vec<usize> {
        self.spare.pop().unwrap_or_default()
    }

    /// Gives lists back to the spares.
    fn recycle<const N: usize>(&mut self, lists: [Vec<usize>; N]) {
        for mut list in lists {
            list.clear();
            self.spare.push(list);
        }
    }

    /// Whether the chain on the row-major point `target` is captured whoever moves first,
    /// with its owner free to pass: `false` also when the reading does not finish within
    /// its budget.
    pub(super) fn captured_whoever_moves(&mut self, target: usize) -> bool {
        let target = self.cell(target);
        let defender = match self.cells[target] {
            BLACK => Color::Black,
            WHITE => Color::White,
            _ => return false,
        };
        self.nodes = 0;
        self.ko = None;
        self.known.clear();
        let result = self.defender_to_move(target, defender, DEPTH);
        matches!(result, Ok(true))
    }

    /// The chain on `p`: its stones and its liberties, into `stones` and `liberties`,
    /// stopped once more than `most` liberties are found: then `stones` and `liberties`
    /// hold only what was found so far.
    fn chain_up_to(
        &mut self,
        p: usize,
        most: usize,
        stones: &mut Vec<usize>,
        liberties: &mut Vec<usize>,
    ) {
        let color = self.cells[p];
        self.generation += 1;
        let g = self.generation;
        stones.clear();
        liberties.clear();
        stones.push(p);
        self.mark[p] = g;
        let mut i = 0;
        while i < stones.len() {
            let s = stones[i];
            i += 1;
            for q in self.neighbours(s) {
                if self.mark[q] == g {
                    continue;
                }
                if self.cells[q] == color {
                    self.mark[q] = g;
                    stones.push(q);
                } else if self.cells[q] == EMPTY {
                    self.mark[q] = g;
                    liberties.push(q);
                    if liberties.len() > most {
                        return;
                    }
                }
            }
        }
    }

    /// Whether the chain on `p` has a liberty; stops at the first one found.
    fn has_liberty(&mut self, p: usize) -> bool {
        let color = self.cells[p];
        self.generation += 1;
        let g = self.generation;
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(p);
        self.mark[p] = g;
        let mut found = false;
        'fill: while let Some(s) = stack.pop() {
            for q in self.neighbours(s) {
                if self.cells[q] == EMPTY {
                    found = true;
                    break 'fill;
                }
                if self.cells[q] == color && self.mark[q] != g {
                    self.mark[q] = g;
                    stack.push(q);
                }
            }
        }
        self.stack = stack;
        found
    }

    /// Takes the chain on `p` off the board, adding its stones to `captured`.
    fn remove(&mut self, p: usize, captured: &mut Vec<usize>) {
        let color = self.cells[p];
        let start = captured.len();
        captured.push(p);
        self.set(p, EMPTY);
        let mut i = start;
        while i < captured.len() {
            let s = captured[i];
            i += 1;
            for q in self.neighbours(s) {
                if self.cells[q] == color {
                    self.set(q, EMPTY);
                    captured.push(q);
                }
            }
        }
    }

    /// Plays `color` at `p`; `None` when the move is not allowed (occupied, suicide, or
    /// retaking a ko at once).
    fn play(&mut self, p: usize, color: Color) -> Option<Undo> {
        if self.cells[p] != EMPTY || self.ko == Some(p) {
            return None;
        }
        let x = stone(color);
        self.set(p, x);
        let mut captured = self.list();
        for q in self.neighbours(p) {
            if self.cells[q] == other(x) && !self.has_liberty(q) {
                self.remove(q, &mut captured);
            }
        }
        if !self.has_liberty(p) {
            self.set(p, EMPTY);
            self.recycle([captured]);
            return None;
        }
        let ko = self.ko;
        // A lone stone that took one stone and has one liberty left: the ko point.
        let lone_in_atari = || {
            let around = self.neighbours(p).map(|q| self.cells[q]);
            !around.contains(&x) && around.iter().filter(|&&c| c == EMPTY).count() == 1
        };
        self.ko = (captured.len() == 1 && lone_in_atari()).then(|| captured[0]);
        #[cfg(all(test, debug_assertions))]
        self.debug_validate_move(p);
        Some(Undo {
            point: p,
            captured,
            ko,
        })
    }

    fn undo(&mut self, undo: Undo, color: Color) {
        self.set(undo.point, EMPTY);
        for &s in &undo.captured {
            self.set(s, other(stone(color)));
        }
        self.ko = undo.ko;
        self.recycle([undo.captured]);
        #[cfg(all(test, debug_assertions))]
        self.debug_validate();
    }

    /// Checks what the reader keeps beside its cells (the edge ring, the marks of its
    /// flood fills, the ko point) and panics with a clear message on any difference.
    #[cfg(test)]
    fn debug_validate(&self) {
        let (w, h) = (self.size.width as usize, self.size.height as usize);
        let cells = (w + 2) * (h + 2);
        assert_eq!(self.cells.len(), cells, "cells of a {} board", self.size);
        assert_eq!(self.mark.len(), cells, "marks of a {} board", self.size);
        for p in 0..cells {
            let (r, c) = (p / (w + 2), p % (w + 2));
            let inside = (1..=h).contains(&r) && (1..=w).contains(&c);
            let x = self.cells[p];
            assert_eq!(x == EDGE, !inside, "cell {p} holds {x}");
            assert!(x <= EDGE, "cell {p} holds the invalid value {x}");
        }
        if let Some(&m) = self.mark.iter().find(|&&m| m > self.generation) {
            panic!("mark {m} is newer than generation {}", self.generation);
        }
        if let Some(k) = self.ko {
            assert_eq!(self.cells[k], EMPTY, "ko point {k} is not empty");
        }
        let hash = (0..cells)
            .filter(|&p| self.cells[p] == BLACK || self.cells[p] == WHITE)
            .fold(0, |h, p| h ^ key_of(self.zobrist, p, self.cells[p]));
        assert_eq!(self.hash, hash, "the hash of the stones");
    }

    /// The stones of the board, row-major: what a position's cells would hold.
    #[cfg(test)]
    fn stones(&self) -> Vec<Option<Color>> {
        (0..self.size.points())
            .map(|i| match self.cells[self.cell(i)] {
                BLACK => Some(Color::Black),
                WHITE => Some(Color::White),
                _ => None,
            })
            .collect()
    }

    /// After a move at `p`: the checks of [`Reader::debug_validate`], and neither the
    /// chain on `p` nor one touching it is left without a liberty.
    #[cfg(all(test, debug_assertions))]
    fn debug_validate_move(&mut self, p: usize) {
        self.debug_validate();
        assert!(self.has_liberty(p), "the chain on {p} has no liberty");
        for q in self.neighbours(p) {
            if self.cells[q] == BLACK || self.cells[q] == WHITE {
                assert!(
                    self.has_liberty(q),
                    "the chain on {q}, next to {p}, has no liberty"
                );
            }
        }
    }

    fn visit(&mut self) -> Result<(), OutOfBudget> {
        self.nodes += 1;
        if self.nodes > BUDGET {
            Err(OutOfBudget)
        } else {
            Ok(())
        }
    }

    /// Liberties of the `color` chains touching the chain of `stones` that have at most
    /// `most` liberties, added to `out`: where to capture or to save a neighbour.
    fn liberties_of_neighbours(
        &mut self,
        stones: &[usize],
        color: Color,
        most: usize,
        out: &mut Vec<usize>,
    ) {
        let (mut others, mut liberties) = (self.list(), self.list());
        let seen = self.new_list_marks();
        for &s in stones {
            for q in self.neighbours(s) {
                if self.cells[q] != stone(color) || self.listed[q] == seen {
                    continue;
                }
                // A chain with more liberties than `most` adds nothing: stop its fill
                // there (another of its stones may start one more, stopped as soon).
                self.chain_up_to(q, most, &mut others, &mut liberties);
                for &o in &others {
                    self.listed[o] = seen;
                }
                if liberties.len() <= most {
                    out.extend_from_slice(&liberties);
                }
            }
        }
        self.recycle([others, liberties]);
    }

    /// A fresh generation of the `listed` marks.
    fn new_list_marks(&mut self) -> u32 {
        self.listed_generation += 1;
        self.listed_generation
    }

    /// Drops the repeats from `moves`, keeping each point's first place.
    fn dedup(&mut self, moves: &mut Vec<usize>) {
        let g = self.new_list_marks();
        moves.retain(|&p| std::mem::replace(&mut self.listed[p], g) != g);
    }

    /// The target chain's stones and liberties at a new node of the search, or `None` when
    /// the reading stops there without a capture: the chain has escaped (enough
    /// liberties) or the depth is spent.
    fn still_short(
        &mut self,
        target: usize,
        depth: u32,
    ) -> Result<Option<StonesAndLiberties>, OutOfBudget> {
        self.visit()?;
        if depth == 0 {
            return Ok(None);
        }
        // The fill stops at the liberty that makes the chain escape: the stones and
        // liberties are only needed, and then complete, when it does not.
        let (mut stones, mut liberties) = (self.list(), self.list());
        self.chain_up_to(target, ESCAPED - 1, &mut stones, &mut liberties);
        if liberties.len() < ESCAPED {
            Ok(Some((stones, liberties)))
        } else {
            self.recycle([stones, liberties]);
            Ok(None)
        }
    }

    /// The answer of the node where the attacker (`attacker_moves`) or the defender is to
    /// move, from what the reading remembers when it met this node before: its nodes are
    /// then counted again, and the budget runs out exactly where searching them again
    /// would run it out (the count only grows, by one per node).
    fn remembered(
        &mut self,
        target: usize,
        defender: Color,
        depth: u32,
        attacker_moves: bool,
    ) -> Result<bool, OutOfBudget> {
        let key = (self.hash, self.ko, depth, attacker_moves);
        #[cfg(test)]
        if self.forgetful {
            self.known.clear();
        }
        if let Some(&(captured, nodes)) = self.known.get(&key) {
            self.nodes += nodes;
            if self.nodes > BUDGET {
                self.nodes = BUDGET + 1;
                return Err(OutOfBudget);
            }
            return Ok(captured);
        }
        let before = self.nodes;
        let captured = if attacker_moves {
            self.attacker_searched(target, defender, depth)?
        } else {
            self.defender_searched(target, defender, depth)?
        };
        self.known.insert(key, (captured, self.nodes - before));
        Ok(captured)
    }

    /// Whether the attacker, to move, captures the chain on `target`.
    fn attacker_to_move(
        &mut self,
        target: usize,
        defender: Color,
        depth: u32,
    ) -> Result<bool, OutOfBudget> {
        self.remembered(target, defender, depth, true)
    }

    /// [`Reader::attacker_to_move`], searched.
    fn attacker_searched(
        &mut self,
        target: usize,
        defender: Color,
        depth: u32,
    ) -> Result<bool, OutOfBudget> {
        let Some((stones, mut moves)) = self.still_short(target, depth)? else {
            return Ok(false);
        };
        let attacker = defender.opponent();
        // Fill a liberty, or save an own chain in atari next to the target.
        self.liberties_of_neighbours(&stones, attacker, 1, &mut moves);
        self.dedup(&mut moves);
        let result = self.any_attack_captures(&moves, target, defender, depth);
        self.recycle([stones, moves]);
        result
    }

    /// Whether one of the attacker's `moves` captures the chain on `target`.
    fn any_attack_captures(
        &mut self,
        moves: &[usize],
        target: usize,
        defender: Color,
        depth: u32,
    ) -> Result<bool, OutOfBudget> {
        let attacker = defender.opponent();
        for &p in moves {
            let Some(undo) = self.play(p, attacker) else {
                continue;
            };
            let wins = if self.cells[target] != stone(defender) {
                Ok(true)
            } else {
                self.defender_to_move(target, defender, depth - 1)
            };
            self.undo(undo, attacker);
            if wins? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether the attacker captures the chain on `target` with its owner to move (who may
    /// also pass).
    fn defender_to_move(
        &mut self,
        target: usize,
        defender: Color,
        depth: u32,
    ) -> Result<bool, OutOfBudget> {
        self.remembered(target, defender, depth, false)
    }

    /// [`Reader::defender_to_move`], searched.
    fn defender_searched(
        &mut self,
        target: usize,
        defender: Color,
        depth: u32,
    ) -> Result<bool, OutOfBudget> {
        let Some((stones, liberties)) = self.still_short(target, depth)? else {
            return Ok(false);
        };
        let attacker = defender.opponent();
        // Take or shorten a neighbour first, then extend, then pass.
        let mut moves = self.list();
        self.liberties_of_neighbours(&stones, attacker, liberties.len(), &mut moves);
        moves.extend_from_slice(&liberties);
        self.dedup(&mut moves);
        let result = self.every_defence_captured(&moves, target, defender, depth);
        self.recycle([stones, liberties, moves]);
        result
    }

    /// Whether the chain on `target` is captured after each of the defender's `moves` and
    /// after its pass.
    fn every_defence_captured(
        &mut self,
        moves: &[usize],
        target: usize,
        defender: Color,
        depth: u32,
    ) -> Result<bool, OutOfBudget> {
        for &p in moves {
            let Some(undo) = self.play(p, defender) else {
                continue;
            };
            let captured = self.attacker_to_move(target, defender, depth - 1);
            self.undo(undo, defender);
            if !captured? {
                return Ok(false);
            }
        }
        let ko = self.ko.take();
        let captured = self.attacker_to_move(target, defender, depth - 1);
        self.ko = ko;
        captured
    }
}

#[cfg(test)]
mod props;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Point;

    /// Whether the chain on (`col`, `row`), counted from the top left, is captured.
    fn captured(diagram: &str, col: u8, row: u8) -> bool {
        let position = Position::from_diagram(diagram);
        let target = position.size.index(Point::new(col, row));
        Reader::new(&position).captured_whoever_moves(target)
    }

    #[test]
    fn a_chain_short_of_liberties_against_a_wall_is_captured() {
        // White's three stones have two liberties, A9 and C9 (top left); filling either
        // is self-atari for White, and Black fills C9 and then A9.
        let diagram = "
            . O . X .
            O O X X .
            X X X . .
            . . . . .
            . . . . .";
        assert!(captured(diagram, 1, 0));
    }

    #[test]
    fn seki_is_not_captured() {
        // Black's C7-D4 and White's E7-E4 share their only three liberties, D7-D5, between
        // two living groups: whoever fills the second of them is taken.
        let diagram = "
            . O X . O X .
            O O X . O X X
            . O X . O X .
            O O X X O X X
            O O O O X X X
            . . . . . . .
            . . . . . . .";
        assert!(!captured(diagram, 2, 0));
        assert!(!captured(diagram, 4, 0));
    }

    #[test]
    fn two_eyes_are_not_captured() {
        let diagram = "
            O . O X .
            O O O X .
            . O O X .
            O O X X .
            X X . . .";
        assert!(!captured(diagram, 0, 0));
    }

    #[test]
    fn a_chain_that_can_take_its_attacker_first_is_not_dead() {
        // White's two stones and Black's three share their last liberty: whoever moves
        // first takes the other.
        let diagram = "
            X O X O .
            X O X O .
            X . X O .
            X X O . .
            . . . . .";
        assert!(!captured(diagram, 1, 0));
        assert!(!captured(diagram, 2, 0));
    }

    #[test]
    fn the_simple_ko_rule_holds_in_the_reading() {
        let mut reader = Reader::new(&Position::from_diagram(
            "
            . X O . .
            X O . O .
            . X O . .
            . . . . .
            . . . . .",
        ));
        let size = reader.size;
        let point = |c, r| reader.cell(size.index(Point::new(c, r)));
        let (c8, b8) = (point(2, 1), point(1, 1));
        // Black takes at C8 (2, 1), White may not take back at B8 (1, 1) at once.
        let take = reader.play(c8, Color::Black).expect("legal");
        assert_eq!(take.captured, vec![b8]);
        assert!(reader.play(b8, Color::White).is_none());
        reader.undo(take, Color::Black);
        assert_eq!(reader.cells[b8], WHITE);
    }

    #[test]
    fn reading_leaves_the_board_as_it_found_it() {
        // Random fillings, legal or not: every chain is read and the board is the same
        // afterwards, so one reader serves a whole position; a reader that remembers the
        // nodes it met answers as one that searches them again.
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for (w, h) in [(2, 2), (5, 5), (9, 9), (13, 7), (19, 19)] {
            for fill in [30u64, 55, 80] {
                let size = BoardSize::new(w, h).unwrap();
                let mut position = Position::empty(size);
                for cell in position.cells.iter_mut() {
                    let r = next() % 100;
                    *cell = match r {
                        _ if r >= fill => None,
                        _ if r % 2 == 0 => Some(Color::Black),
                        _ => Some(Color::White),
                    };
                }
                let mut reader = Reader::new(&position);
                let mut forgetful = Reader::new(&position);
                forgetful.forgetful = true;
                for p in 0..size.points() {
                    let captured = reader.captured_whoever_moves(p);
                    assert_eq!(
                        reader.stones(),
                        position.cells,
                        "{w}x{h} fill {fill} at {p}"
                    );
                    assert!(reader.nodes <= BUDGET + 1);
                    // What the reading remembers changes neither its answer nor where its
                    // budget runs out.
                    assert_eq!(
                        (captured, reader.nodes),
                        (forgetful.captured_whoever_moves(p), forgetful.nodes),
                        "{w}x{h} fill {fill} at {p}, remembering and searching again"
                    );
                }
            }
        }
    }
}
