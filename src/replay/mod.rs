//! Replaying a game's main line on the board under a rule set, move by move, and
//! finding every move the rules forbid (art. 2-7, 17.2, 19, 20).

pub mod history;

use std::cell::RefCell;

use crate::board::{side_to_move_key, Board, Rejection};
use crate::finding::{Code, Finding, Severity};
use crate::geom::{BoardSize, Color, Point, Position};
use crate::rules::{RepetitionOutcome, Rules, Superko};
use crate::sgf::record::{GameRecord, MoveTarget};

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
    let mut findings = Vec::new();
    let mut number: u32 = 0;
    let mut last_mover: Option<Color> = None;
    let mut consecutive_passes = 0u32;
    let mut ended_at: Option<u32> = None;
    let mut position_at_end = None;
    let mut captures_at_end = [0; 2];
    let mut moves_after_end = 0u32;
    let mut first_after_end: Option<Finding> = None;
    let mut stopped_early = false;
    // The start (or the position after a setup node) enters the history once the side
    // to move is known, i.e. at the next move.
    let mut start_pending = true;
    let mut cycle_reported = false;
    // Who took the single-stone ko the board reports, if any: only the other side is
    // barred from retaking it at once (a player may fill its own ko, e.g. after a
    // consecutive move).
    let mut ko_taker: Option<Color> = None;
    // The last two states entered in the history: the one before the opponent's last
    // turn is `recent[0]` (an implied pass is a turn).
    let mut recent: [Option<u64>; 2] = [None, None];
    let tt_is_pass = size.width <= 19 && size.height <= 19;
    // Simple ko keeps a situational history too, to name the longer cycles it allows.
    let situational = rules.superko != Superko::Positional;
    let state_key = |stones: u64, to_move: Color| {
        if situational {
            stones ^ side_to_move_key(to_move)
        } else {
            stones
        }
    };

    for node in &record.nodes {
        if !node.setup.is_empty() {
            if number > 0 {
                findings.push(Finding::new(
                    Code::SetupInGame,
                    Severity::Warning,
                    node.offset as usize,
                    format!(
                        "setup stones (AB/AW/AE) after move {number}: applied; the position history starts again here"
                    ),
                ));
            }
            let placed = &record.setup[node.setup.start as usize..node.setup.end as usize];
            let mut off_board: Option<(Point, usize)> = None;
            for &(p, stone) in placed {
                if size.contains(p) {
                    board.place(p, stone);
                } else {
                    off_board.get_or_insert((p, 0)).1 += 1;
                }
            }
            if let Some((first, count)) = off_board {
                findings.push(Finding::new(
                    Code::BadProperty,
                    Severity::Warning,
                    node.offset as usize,
                    format!(
                        "{count} setup point(s) (AB/AW/AE) off the {}x{} board ignored, the first [{}]",
                        size.width,
                        size.height,
                        first.sgf()
                    ),
                ));
            }
            remove_chains_without_liberties(board, placed, node.offset as usize, &mut findings);
            history.clear();
            recent = [None, None];
            start_pending = true;
        }
        let Some(mv) = node.mv else { continue };
        number += 1;
        let color = mv.color;
        let at = MovePlace {
            number,
            color,
            offset: mv.offset as usize,
        };
        if start_pending {
            remember(
                history,
                &mut recent,
                state_key(board.hash(), color),
                number - 1,
            );
            start_pending = false;
        }
        let recorded_point = match mv.target {
            MoveTarget::At(p) => Some(p),
            _ => None,
        };
        if ended_at.is_some() {
            moves_after_end += 1;
            if first_after_end.is_none() {
                first_after_end = Some(move_finding(
                    Code::MoveAfterEnd,
                    Severity::Warning,
                    &at,
                    recorded_point,
                    size,
                    String::new(),
                ));
            }
        }
        if last_mover == Some(color) {
            findings.push(move_finding(
                Code::ConsecutiveMove,
                Severity::Warning,
                &at,
                recorded_point,
                size,
                format!(
                    "{color} moves twice in a row: {} did not move in between; replayed as if {} had passed",
                    color.opponent(),
                    color.opponent()
                ),
            ));
            // The implied pass is a pass (art. 6): the state it leaves, same board and
            // `color` to move, enters the history, and it clears the ko point. It stood
            // after the previous move, so it carries that move's number.
            board.pass();
            remember(
                history,
                &mut recent,
                state_key(board.hash(), color),
                number - 1,
            );
        }
        last_mover = Some(color);

        let target = match mv.target {
            MoveTarget::At(p) if tt_is_pass && p == Point::new(19, 19) => MoveTarget::Pass,
            t => t,
        };
        let illegal: Option<Finding> = match target {
            MoveTarget::Pass => {
                board.pass();
                consecutive_passes += 1;
                remember(
                    history,
                    &mut recent,
                    state_key(board.hash(), color.opponent()),
                    number,
                );
                if consecutive_passes >= 2 && ended_at.is_none() {
                    ended_at = Some(number);
                    position_at_end = Some(board.position());
                    captures_at_end = [board.captures(Color::Black), board.captures(Color::White)];
                }
                continue;
            }
            MoveTarget::Unreadable => {
                let mut f = move_finding(
                    Code::BadProperty,
                    Severity::Warning,
                    &at,
                    None,
                    size,
                    format!("{color} move {number} is not a coordinate: replayed as a lost turn"),
                );
                f.article = Some(19);
                Some(f)
            }
            MoveTarget::At(p) if !size.contains(p) => Some(move_finding(
                Code::OffBoard,
                Severity::Error,
                &at,
                Some(p),
                size,
                format!(
                    "{color} [{}] is off the {}x{} board: the move is void (art. 19)",
                    p.sgf(),
                    size.width,
                    size.height
                ),
            )),
            MoveTarget::At(p) => {
                let simple_ko_taken = rules.superko == Superko::Simple
                    && board.ko_point() == Some(p)
                    && ko_taker == Some(color.opponent());
                let mut repeated_from: Option<u32> = None;
                let before = board.hash();
                let mut changes_board = true;
                let mut after_key = 0u64;
                let outcome = if simple_ko_taken {
                    Err(Rejection::Repeat)
                } else {
                    board.play(color, p, rules.suicide, |after| {
                        if rules.superko == Superko::Simple {
                            // Longer cycles are legal here; they are noted below.
                            return false;
                        }
                        changes_board = after != before;
                        after_key = state_key(after, color.opponent());
                        repeated_from = history.get(state_key(after, color.opponent()));
                        repeated_from.is_some()
                    })
                };
                match outcome {
                    Ok(played) => {
                        consecutive_passes = 0;
                        ko_taker = board.ko_point().map(|_| color);
                        let key = state_key(played.hash, color.opponent());
                        if rules.superko == Superko::Simple {
                            if let Some(first) = history.get(key) {
                                if !cycle_reported
                                    && rules.repetition == RepetitionOutcome::NoResult
                                {
                                    cycle_reported = true;
                                    let mut f = move_finding(
                                        Code::Cycle,
                                        Severity::Warning,
                                        &at,
                                        Some(p),
                                        size,
                                        format!(
                                            "{color} {} repeats the position after move {first} (a cycle of {} moves): under {} rules the game has no result (art. 20)",
                                            p.vertex(size),
                                            number - first,
                                            rules.set.name()
                                        ),
                                    );
                                    f.first_seen = Some(first);
                                    f.cycle_length = Some(number - first);
                                    findings.push(f);
                                }
                            }
                        }
                        remember(history, &mut recent, key, number);
                        None
                    }
                    Err(Rejection::Occupied) => Some(move_finding(
                        Code::Occupied,
                        Severity::Error,
                        &at,
                        Some(p),
                        size,
                        format!(
                            "{color} {} is played on an occupied point: the move is void and {color} loses the turn (art. 19)",
                            p.vertex(size)
                        ),
                    )),
                    Err(Rejection::Suicide) => Some(move_finding(
                        Code::Suicide,
                        Severity::Error,
                        &at,
                        Some(p),
                        size,
                        format!(
                            "{color} {} leaves its own chain without liberties and captures nothing: a forbidden point (art. 5); void (art. 19)",
                            p.vertex(size)
                        ),
                    )),
                    Err(Rejection::Repeat) => {
                        // The nearest earlier occurrence names the repetition. A move that
                        // changes the board and brings back the state before the
                        // opponent's last turn (an implied pass is a turn) removed exactly
                        // the stone that turn put down, which had captured exactly one:
                        // the immediate retake of a single-stone ko (art. 20.1), whatever
                        // older occurrences of the board there are.
                        let first = repeated_from.unwrap_or(number.saturating_sub(2));
                        let length = number - first;
                        let simple_ko =
                            simple_ko_taken || (changes_board && recent[0] == Some(after_key));
                        let (code, article) = if simple_ko { (Code::Ko, 20) } else { (Code::Superko, 6) };
                        let message = if simple_ko {
                            format!(
                                "{color} {} retakes the ko at once, repeating the position after move {first} (art. 20.1); void (art. 19)",
                                p.vertex(size)
                            )
                        } else {
                            format!(
                                "{color} {} repeats the position after move {first} ({}, a cycle of {length} moves): forbidden (art. 6); void (art. 19)",
                                p.vertex(size),
                                cycle_name(length)
                            )
                        };
                        let mut f = move_finding(code, Severity::Error, &at, Some(p), size, message);
                        f.article = Some(article);
                        f.first_seen = Some(first);
                        f.cycle_length = Some(length);
                        Some(f)
                    }
                }
            }
        };
        if let Some(f) = illegal {
            let is_error = f.severity == Severity::Error;
            findings.push(f);
            // Art. 19: the player loses the turn; the board is unchanged, the other side
            // moves next. The lost turn is not a pass (art. 7.3), but like a pass it
            // leaves the ko point free: the next retake is no longer "at once".
            consecutive_passes = 0;
            board.pass();
            remember(
                history,
                &mut recent,
                state_key(board.hash(), color.opponent()),
                number,
            );
            if strict && is_error {
                stopped_early = true;
                break;
            }
        }
    }

    if let Some(mut f) = first_after_end {
        let end = ended_at.unwrap_or(0);
        f.message = format!(
            "{moves_after_end} move(s) recorded after the game ended by two consecutive passes at move {end} (art. 7): replayed anyway"
        );
        findings.push(f);
    }
    findings.sort_by_key(|f| (f.r#move.unwrap_or(u32::MAX), f.offset));

    let final_position = (keep_position || ended_at.is_some()).then(|| board.position());
    Replay {
        findings,
        moves: number,
        final_position,
        ended_at,
        position_at_end: position_at_end.filter(|_| moves_after_end > 0),
        moves_after_end,
        stopped_early,
        captures: [board.captures(Color::Black), board.captures(Color::White)],
        captures_at_end,
    }
}

/// Enters a state in the history and keeps the last two.
#[inline]
fn remember(history: &mut PositionHistory, recent: &mut [Option<u64>; 2], key: u64, number: u32) {
    history.insert(key, number);
    *recent = [recent[1], Some(key)];
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
