//! Replaying a game on the board under a rule set, move by move, and finding every move
//! the rules forbid (art. 2-7, 17.2, 19, 20): the main line, then every side line from
//! the position where it leaves its parent (see `lines`).

pub mod history;
mod lines;

use std::cell::RefCell;

use crate::board::{side_to_move_key, Board, Rejection};
use crate::finding::{Code, Finding, Severity};
use crate::geom::{BoardSize, Color, Point, Position};
use crate::rules::{RepetitionOutcome, Rules, Superko};
use crate::sgf::record::{GameRecord, MoveTarget, RecordedMove};

use history::PositionHistory;

/// What the replay of one game found.
#[derive(Clone, Debug)]
pub struct Replay {
    pub findings: Vec<Finding>,
    /// Moves replayed (passes and void moves included).
    pub moves: u32,
    /// The board after the last move replayed: kept when the game ended by two passes or
    /// when the caller asked for it (a picture costs an allocation per game).
    pub final_position: Option<Position>,
    /// The move number of the second of two consecutive passes, if the game ended so.
    pub ended_at: Option<u32>,
    /// The board when the two passes ended the game, when moves follow them.
    pub position_at_end: Option<Position>,
    /// Moves recorded after the end (art. 7).
    pub moves_after_end: u32,
    /// True when `--strict` stopped the replay at an illegal move.
    pub stopped_early: bool,
    /// Prisoners taken by Black and White (a voided move captures nothing; stones removed
    /// by setup are not prisoners).
    pub captures: [u32; 2],
    /// Prisoners taken by Black and White when two passes ended the game.
    pub captures_at_end: [u32; 2],
    /// Who would play next: the other colour than the last move's (Black before any).
    pub to_move: Color,
    /// The point of a ko the last move took, which the other side may not retake at once:
    /// a ko left open at the end of the record.
    pub ko_at_end: Option<Point>,
}

thread_local! {
    static HISTORY: RefCell<PositionHistory> = RefCell::new(PositionHistory::default());
    static BOARD: RefCell<Option<Board>> = const { RefCell::new(None) };
}

/// A move's place, for findings.
struct MovePlace {
    number: u32,
    color: Color,
    offset: usize,
}

fn move_finding(
    code: Code,
    severity: Severity,
    at: &MovePlace,
    point: Option<Point>,
    size: BoardSize,
    message: String,
) -> Finding {
    let mut f = Finding::new(code, severity, at.offset, message);
    f.r#move = Some(at.number);
    f.color = Some(at.color.letter());
    if let Some(p) = point {
        f.point = Some(p.sgf());
        if size.contains(p) {
            f.vertex = Some(p.vertex(size));
        }
    }
    f
}

/// Replays the main line of `record` on a `size` board under `rules`.
///
/// After an illegal move the replay goes on as if that player had lost the turn (art. 19):
/// the board does not change and the other side moves next, so one run reports every
/// problem of a record. With `strict`, it stops at the first illegal move instead.
/// `keep_position` asks for the final board even when the game did not end by passes.
pub fn replay(
    record: &GameRecord<'_>,
    size: BoardSize,
    rules: &Rules,
    strict: bool,
    keep_position: bool,
) -> Replay {
    // The board and the history are reused from game to game on each thread.
    HISTORY.with(|h| {
        BOARD.with(|b| {
            let mut history = h.borrow_mut();
            history.clear();
            let mut slot = b.borrow_mut();
            let board = match slot.as_mut() {
                Some(board) if board.size() == size => {
                    board.clear();
                    board
                }
                _ => slot.insert(Board::new(size)),
            };
            replay_with(
                record,
                size,
                rules,
                strict,
                keep_position,
                board,
                &mut history,
            )
        })
    })
}

#[inline(never)]
fn replay_with(
    record: &GameRecord<'_>,
    size: BoardSize,
    rules: &Rules,
    strict: bool,
    keep_position: bool,
    board: &mut Board,
    history: &mut PositionHistory,
) -> Replay {
    let mut replayer = Replayer::new(size, rules, strict, board, history);
    if !record.side_lines.is_empty() {
        let mut side_findings = Vec::new();
        lines::replay_tree(&mut replayer, record, &mut side_findings);
        let mut replay = replayer.finish(keep_position);
        replay.findings.extend(side_findings);
        return replay;
    }
    for node in &record.nodes {
        if replayer.node(record, node) == Flow::Stop {
            break;
        }
    }
    replayer.finish(keep_position)
}

/// Whether the replay goes on after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Go,
    /// `--strict` and an illegal move.
    Stop,
}

/// The state of one game's replay: the board, the position history, where the game
/// stands (move number, passes, its end) and the findings so far.
struct Replayer<'r> {
    size: BoardSize,
    rules: &'r Rules,
    strict: bool,
    board: &'r mut Board,
    /// The positions of this line's own moves (all of them on the main line).
    history: &'r mut PositionHistory,
    /// A side line's parent's history up to where the side line leaves it, read behind
    /// `history`: a side line's replay starts without copying it, so a branch costs what
    /// its own moves cost (a main line written as first variations nested thousands deep
    /// has a side line at every move).
    base: Option<&'r PositionHistory>,
    findings: Vec<Finding>,
    number: u32,
    last_mover: Option<Color>,
    consecutive_passes: u32,
    ended_at: Option<u32>,
    position_at_end: Option<Position>,
    captures_at_end: [u32; 2],
    moves_after_end: u32,
    first_after_end: Option<Finding>,
    stopped_early: bool,
    /// The start (or the position after a setup node) enters the history once the side
    /// to move is known, i.e. at the next move.
    start_pending: bool,
    cycle_reported: bool,
    /// Who took the single-stone ko the board reports, if any: only the other side is
    /// barred from retaking it at once (a player may fill its own ko, e.g. after a
    /// consecutive move).
    ko_taker: Option<Color>,
    /// The last two states entered in the history: the one before the opponent's last
    /// turn is `recent[0]` (an implied pass is a turn).
    recent: [Option<u64>; 2],
    /// `tt` is a pass on boards up to 19x19.
    tt_is_pass: bool,
    /// Simple ko keeps a situational history too, to name the longer cycles it allows.
    situational: bool,
    /// The line this one leaves reported the first move after the end already.
    after_end_reported: bool,
    /// The first move of this path the replay voided (art. 19): the later findings about
    /// moves name it (`after_void`).
    voided: Option<u32>,
}

/// The key of a state in the history: the stones, and the side to move when the
/// repetition rule is situational.
#[inline]
fn state_key(situational: bool, stones: u64, to_move: Color) -> u64 {
    if situational {
        stones ^ side_to_move_key(to_move)
    } else {
        stones
    }
}

impl<'r> Replayer<'r> {
    fn new(
        size: BoardSize,
        rules: &'r Rules,
        strict: bool,
        board: &'r mut Board,
        history: &'r mut PositionHistory,
    ) -> Self {
        Replayer {
            size,
            rules,
            strict,
            board,
            history,
            base: None,
            findings: Vec::new(),
            number: 0,
            last_mover: None,
            consecutive_passes: 0,
            ended_at: None,
            position_at_end: None,
            captures_at_end: [0; 2],
            moves_after_end: 0,
            first_after_end: None,
            stopped_early: false,
            start_pending: true,
            cycle_reported: false,
            ko_taker: None,
            recent: [None, None],
            tt_is_pass: size.width <= 19 && size.height <= 19,
            situational: rules.superko != Superko::Positional,
            after_end_reported: false,
            voided: None,
        }
    }

    /// The replay of a line that leaves this one here: the same game so far, on its own
    /// board and history, with no findings yet and none of this line's end positions.
    fn fork<'s>(&'s self, board: &'s mut Board, history: &'s mut PositionHistory) -> Replayer<'s>
    where
        'r: 's,
    {
        debug_assert!(
            self.base.is_none(),
            "a line with lines leaving it holds its history"
        );
        Replayer {
            size: self.size,
            rules: self.rules,
            strict: self.strict,
            board,
            history,
            base: Some(&*self.history),
            findings: Vec::new(),
            number: self.number,
            last_mover: self.last_mover,
            consecutive_passes: self.consecutive_passes,
            ended_at: self.ended_at,
            position_at_end: None,
            captures_at_end: self.captures_at_end,
            moves_after_end: self.moves_after_end,
            first_after_end: None,
            stopped_early: false,
            start_pending: self.start_pending,
            cycle_reported: self.cycle_reported,
            ko_taker: self.ko_taker,
            recent: self.recent,
            tt_is_pass: self.tt_is_pass,
            situational: self.situational,
            after_end_reported: self.after_end_reported || self.first_after_end.is_some(),
            voided: self.voided,
        }
    }

    /// Enters the board with `to_move` to play in the history, as it stood after move
    /// `number`, and keeps the last two states.
    /// Makes this line's history whole (its parent's positions taken in) before lines
    /// leave it: a line's history stands behind one other at most, so a lookup reads two
    /// tables at most, however deep the lines nest.
    fn hold_whole_history(&mut self) {
        if let Some(base) = self.base.take() {
            self.history.take_in_older(base);
        }
    }

    /// The most recent move after which `key` stood, on this line's path.
    #[inline]
    fn seen(
        history: &mut PositionHistory,
        base: Option<&PositionHistory>,
        key: u64,
    ) -> Option<u32> {
        history.get(key).or_else(|| base.and_then(|b| b.peek(key)))
    }

    #[inline]
    fn remember(&mut self, to_move: Color, number: u32) {
        let key = state_key(self.situational, self.board.hash(), to_move);
        self.remember_key(key, number);
    }

    #[inline]
    fn remember_key(&mut self, key: u64, number: u32) {
        self.history.insert(key, number);
        self.recent = [self.recent[1], Some(key)];
    }

    /// A setup node (`AB`/`AW`/`AE`): the stones placed, chains left without liberties
    /// taken off, and the position history started again.
    fn setup(&mut self, placed: &[(Point, Option<Color>)], offset: usize) {
        let (number, size) = (self.number, self.size);
        if number > 0 {
            self.findings.push(Finding::new(
                Code::SetupInGame,
                Severity::Warning,
                offset,
                format!(
                    "setup stones (AB/AW/AE) after move {number}: applied; the position history starts again here"
                ),
            ));
        }
        let mut off_board: Option<(Point, usize)> = None;
        for &(p, stone) in placed {
            if size.contains(p) {
                self.board.place(p, stone);
            } else {
                off_board.get_or_insert((p, 0)).1 += 1;
            }
        }
        if let Some((first, count)) = off_board {
            self.findings.push(Finding::new(
                Code::BadProperty,
                Severity::Warning,
                offset,
                format!(
                    "{count} setup point(s) (AB/AW/AE) off the {}x{} board ignored, the first [{}]",
                    size.width,
                    size.height,
                    first.sgf()
                ),
            ));
        }
        remove_chains_without_liberties(self.board, placed, offset, &mut self.findings);
        self.history.clear();
        self.base = None;
        self.recent = [None, None];
        self.start_pending = true;
    }

    /// One node: its setup, then its move.
    #[inline]
    fn node(&mut self, record: &GameRecord<'_>, node: &crate::sgf::record::Node) -> Flow {
        if !node.setup.is_empty() {
            let placed = &record.setup[node.setup.start as usize..node.setup.end as usize];
            self.setup(placed, node.offset as usize);
        }
        match node.mv {
            Some(mv) => self.play_move(mv),
            None => Flow::Go,
        }
    }

    /// A recorded move, pass or stone, legal or not.
    fn play_move(&mut self, mv: RecordedMove) -> Flow {
        self.number += 1;
        let (number, color) = (self.number, mv.color);
        let at = MovePlace {
            number,
            color,
            offset: mv.offset as usize,
        };
        if self.start_pending {
            self.remember(color, number - 1);
            self.start_pending = false;
        }
        let recorded_point = match mv.target {
            MoveTarget::At(p) => Some(p),
            _ => None,
        };
        if self.ended_at.is_some() {
            self.after_end(&at, recorded_point);
        }
        if self.last_mover == Some(color) {
            self.consecutive(&at, recorded_point);
        }
        self.last_mover = Some(color);
        let target = match mv.target {
            MoveTarget::At(p) if self.tt_is_pass && p == Point::new(19, 19) => MoveTarget::Pass,
            MoveTarget::At(p) if self.size.is_pass_mark(p) => {
                self.pass_mark(&at, p);
                MoveTarget::Pass
            }
            t => t,
        };
        let illegal = match target {
            MoveTarget::Pass => {
                self.pass(color);
                return Flow::Go;
            }
            MoveTarget::Unreadable => {
                let mut f = self.move_finding(
                    Code::BadProperty,
                    Severity::Warning,
                    &at,
                    None,
                    format!("{color} move {number} is not a coordinate: replayed as a lost turn"),
                );
                f.article = Some(19);
                Some(f)
            }
            MoveTarget::At(p) if !self.size.contains(p) => Some(self.move_finding(
                Code::OffBoard,
                Severity::Error,
                &at,
                Some(p),
                format!(
                    "{color} [{}] is off the {}x{} board: the move is void (art. 19)",
                    p.sgf(),
                    self.size.width,
                    self.size.height
                ),
            )),
            MoveTarget::At(p) => self.stone(&at, p),
        };
        match illegal {
            Some(f) => self.lost_turn(f, color),
            None => Flow::Go,
        }
    }

    /// A move off the board in both coordinates (`W[zz]` on 19x19): the mark editors
    /// write for a pass (a tenuki in a problem book), read as one (art. 2) with a warning.
    fn pass_mark(&mut self, at: &MovePlace, p: Point) {
        let (color, size) = (at.color, self.size);
        let mut f = self.move_finding(
            Code::OffBoard,
            Severity::Warning,
            at,
            Some(p),
            format!(
                "{color} [{}] is off the {}x{} board in both coordinates: read as a pass (art. 2), the mark editors write for one; FF[4] writes a pass as {}[]",
                p.sgf(),
                size.width,
                size.height,
                color.letter()
            ),
        );
        f.article = Some(2);
        self.findings.push(f);
    }

    fn move_finding(
        &self,
        code: Code,
        severity: Severity,
        at: &MovePlace,
        point: Option<Point>,
        message: String,
    ) -> Finding {
        move_finding(code, severity, at, point, self.size, message)
    }

    /// A move after two passes ended the game (art. 7): counted, the first one kept.
    fn after_end(&mut self, at: &MovePlace, point: Option<Point>) {
        self.moves_after_end += 1;
        if self.first_after_end.is_none() && !self.after_end_reported {
            let f = self.move_finding(
                Code::MoveAfterEnd,
                Severity::Warning,
                at,
                point,
                String::new(),
            );
            self.first_after_end = Some(f);
        }
    }

    /// One side moves twice in a row (art. 17.2): the other side is taken to have passed.
    fn consecutive(&mut self, at: &MovePlace, point: Option<Point>) {
        let color = at.color;
        let f = self.move_finding(
            Code::ConsecutiveMove,
            Severity::Warning,
            at,
            point,
            format!(
                "{color} moves twice in a row: {} did not move in between; replayed as if {} had passed",
                color.opponent(),
                color.opponent()
            ),
        );
        self.findings.push(f);
        // The implied pass is a pass (art. 6): the state it leaves, same board and
        // `color` to move, enters the history, and it clears the ko point. It stood
        // after the previous move, so it carries that move's number.
        self.board.pass();
        self.remember(color, self.number - 1);
    }

    /// A pass; the second in a row ends the game.
    fn pass(&mut self, color: Color) {
        self.board.pass();
        self.consecutive_passes += 1;
        self.remember(color.opponent(), self.number);
        if self.consecutive_passes >= 2 && self.ended_at.is_none() {
            self.ended_at = Some(self.number);
            self.position_at_end = Some(self.board.position());
            self.captures_at_end = [
                self.board.captures(Color::Black),
                self.board.captures(Color::White),
            ];
        }
    }

    /// A stone on the board: played, or the finding that says why it may not be.
    fn stone(&mut self, at: &MovePlace, p: Point) -> Option<Finding> {
        let (color, rules) = (at.color, self.rules);
        let simple_ko_taken = rules.superko == Superko::Simple
            && self.board.ko_point() == Some(p)
            && self.ko_taker == Some(color.opponent());
        let mut repeated_from: Option<u32> = None;
        let before = self.board.hash();
        let mut changes_board = true;
        let mut after_key = 0u64;
        let outcome = if simple_ko_taken {
            Err(Rejection::Repeat)
        } else {
            let (situational, history, base) = (self.situational, &mut *self.history, self.base);
            self.board.play(color, p, rules.suicide, |after| {
                if rules.superko == Superko::Simple {
                    // Longer cycles are legal here; they are noted below.
                    return false;
                }
                changes_board = after != before;
                after_key = state_key(situational, after, color.opponent());
                repeated_from = Self::seen(history, base, after_key);
                repeated_from.is_some()
            })
        };
        let size = self.size;
        let vertex = || p.vertex(size);
        match outcome {
            Ok(played) => {
                self.played(at, p, played.hash);
                None
            }
            Err(Rejection::Occupied) => Some(self.move_finding(
                Code::Occupied,
                Severity::Error,
                at,
                Some(p),
                format!(
                    "{color} {} is played on an occupied point: the move is void and {color} loses the turn (art. 19)",
                    vertex()
                ),
            )),
            Err(Rejection::Suicide) => Some(self.move_finding(
                Code::Suicide,
                Severity::Error,
                at,
                Some(p),
                format!(
                    "{color} {} leaves its own chain without liberties and captures nothing: a forbidden point (art. 5); void (art. 19)",
                    vertex()
                ),
            )),
            Err(Rejection::Repeat) => {
                // A move that changes the board and brings back the state before the
                // opponent's last turn (an implied pass is a turn) removed exactly the
                // stone that turn put down, which had captured exactly one: the
                // immediate retake of a single-stone ko (art. 20.1), whatever older
                // occurrences of the board there are.
                let simple_ko =
                    simple_ko_taken || (changes_board && self.recent[0] == Some(after_key));
                Some(self.repetition(at, p, repeated_from, simple_ko))
            }
        }
    }

    /// A legal stone: the history goes on, and under simple ko a longer cycle is noted
    /// where the rules give such a game no result.
    fn played(&mut self, at: &MovePlace, p: Point, hash: u64) {
        let (color, number) = (at.color, at.number);
        self.consecutive_passes = 0;
        self.ko_taker = self.board.ko_point().map(|_| color);
        let key = state_key(self.situational, hash, color.opponent());
        let rules = self.rules;
        if rules.superko == Superko::Simple {
            if let Some(first) = Self::seen(self.history, self.base, key) {
                if !self.cycle_reported && rules.repetition == RepetitionOutcome::NoResult {
                    self.cycle_reported = true;
                    let mut f = self.move_finding(
                        Code::Cycle,
                        Severity::Warning,
                        at,
                        Some(p),
                        format!(
                            "{color} {} repeats the position after move {first} (a cycle of {} moves): under {} rules the game has no result (art. 20)",
                            p.vertex(self.size),
                            number - first,
                            rules.set.name()
                        ),
                    );
                    f.first_seen = Some(first);
                    f.cycle_length = Some(number - first);
                    f.after_void = self.voided;
                    self.findings.push(f);
                }
            }
        }
        self.remember_key(key, number);
    }

    /// A stone refused as a repetition: a ko retaken at once, or a superko. The nearest
    /// earlier occurrence names it.
    fn repetition(
        &self,
        at: &MovePlace,
        p: Point,
        repeated_from: Option<u32>,
        simple_ko: bool,
    ) -> Finding {
        let (color, number) = (at.color, at.number);
        let first = repeated_from.unwrap_or(number.saturating_sub(2));
        let length = number - first;
        let vertex = p.vertex(self.size);
        let (code, article) = if simple_ko {
            (Code::Ko, 20)
        } else {
            (Code::Superko, 6)
        };
        let message = if simple_ko {
            format!(
                "{color} {vertex} retakes the ko at once, repeating the position after move {first} (art. 20.1); void (art. 19)"
            )
        } else {
            format!(
                "{color} {vertex} repeats the position after move {first} ({}, a cycle of {length} moves): forbidden (art. 6); void (art. 19)",
                cycle_name(length)
            )
        };
        let mut f = self.move_finding(code, Severity::Error, at, Some(p), message);
        f.article = Some(article);
        f.first_seen = Some(first);
        f.cycle_length = Some(length);
        f
    }

    /// An illegal move (art. 19): the player loses the turn; the board is unchanged, the
    /// other side moves next. The lost turn is not a pass (art. 7.3), but like a pass it
    /// leaves the ko point free: the next retake is no longer "at once". A later voided
    /// move of the path names the first one (`after_void`).
    fn lost_turn(&mut self, mut f: Finding, color: Color) -> Flow {
        let is_error = f.severity == Severity::Error;
        match self.voided {
            Some(first) => f.after_void = Some(first),
            None => self.voided = Some(self.number),
        }
        self.findings.push(f);
        self.consecutive_passes = 0;
        self.board.pass();
        self.remember(color.opponent(), self.number);
        if self.strict && is_error {
            self.stopped_early = true;
            return Flow::Stop;
        }
        Flow::Go
    }

    /// The first move after the end, if there was one, with how many followed.
    fn push_after_end(&mut self) {
        if let Some(mut f) = self.first_after_end.take() {
            let end = self.ended_at.unwrap_or(0);
            f.message = format!(
                "{} move(s) recorded after the game ended by two consecutive passes at move {end} (art. 7): replayed anyway",
                self.moves_after_end
            );
            self.findings.push(f);
        }
    }

    /// What the replay of a side line found.
    fn line_findings(mut self) -> Vec<Finding> {
        self.push_after_end();
        self.findings
    }

    /// What the replay found, findings in the order of the moves.
    fn finish(mut self, keep_position: bool) -> Replay {
        self.push_after_end();
        self.findings
            .sort_by_key(|f| (f.r#move.unwrap_or(u32::MAX), f.offset));
        let board = &*self.board;
        let final_position = (keep_position || self.ended_at.is_some()).then(|| board.position());
        let moves_after_end = self.moves_after_end;
        Replay {
            findings: self.findings,
            moves: self.number,
            final_position,
            ended_at: self.ended_at,
            position_at_end: self.position_at_end.filter(|_| moves_after_end > 0),
            moves_after_end,
            stopped_early: self.stopped_early,
            captures: [board.captures(Color::Black), board.captures(Color::White)],
            captures_at_end: self.captures_at_end,
            to_move: self.last_mover.map_or(Color::Black, Color::opponent),
            ko_at_end: board.ko_point(),
        }
    }
}

/// Setup may leave a chain without liberties (`AW[cc]` inside four `AB`), which no move
/// could: such chains are reported and taken off before play goes on, as a move's
/// captures would be (art. 4), but they are not prisoners. Only the chains on or next to
/// the points this node set up can have lost their last liberty.
fn remove_chains_without_liberties(
    board: &mut Board,
    placed: &[(Point, Option<Color>)],
    offset: usize,
    findings: &mut Vec<Finding>,
) {
    let size = board.size();
    let mut gone: Vec<Point> = Vec::new();
    for &(p, _) in placed {
        if !size.contains(p) {
            continue;
        }
        for q in std::iter::once(p).chain(size.neighbors(p)) {
            let Some(color) = board.get(q) else { continue };
            if gone.contains(&q) || board.liberties(q) != Some(0) {
                continue;
            }
            let chain = board.chain_points(q);
            let first = chain.iter().min().copied().unwrap_or(q);
            findings.push(Finding::new(
                Code::SetupWithoutLiberties,
                Severity::Warning,
                offset,
                format!(
                    "setup stones leave the {} chain at {} ({} stone{}) without liberties: it is taken off the board before play goes on (not prisoners)",
                    match color {
                        Color::Black => "Black",
                        Color::White => "White",
                    },
                    first.vertex(size),
                    chain.len(),
                    if chain.len() == 1 { "" } else { "s" }
                ),
            ));
            gone.extend(chain);
        }
    }
    for p in gone {
        board.place(p, None);
    }
}

/// A name for a repetition cycle where one can be told from its length alone.
fn cycle_name(length: u32) -> &'static str {
    match length {
        2 => "a simple ko",
        4 => "a cycle such as sending two returning one or a double ko",
        6 => "a cycle such as a triple ko",
        8 => "a cycle such as eternal life or a quadruple ko",
        _ => "a long cycle",
    }
}
