//! The referee: the rules the generated trees are played against, kept apart from the
//! tests and the generator so that each can be read on its own (a plain array board with
//! flood-fill captures, suicide, and the seen (board, side to move) states of situational
//! superko).

use std::collections::HashSet;

pub const EMPTY: u8 = 0;
pub const BLACK: u8 = 1;
pub const WHITE: u8 = 2;

pub fn opponent(c: u8) -> u8 {
    3 - c
}

pub fn letter(c: u8) -> &'static str {
    if c == BLACK {
        "B"
    } else {
        "W"
    }
}

/// An SGF coordinate letter: `a`-`z` for 0-25, `A`-`Z` for 26-51.
fn coord(n: usize) -> char {
    if n < 26 {
        (b'a' + n as u8) as char
    } else {
        (b'A' + (n - 26) as u8) as char
    }
}

pub fn point_text(col: usize, row: usize) -> String {
    format!("{}{}", coord(col), coord(row))
}

/// What a recorded move names.
#[derive(Clone, Copy, Debug)]
pub enum Target {
    /// A point, maybe off the board.
    At(usize, usize),
    Pass,
    /// A value that is no point.
    Unreadable,
}

/// A state of the history: the stones and the side to move.
type State = (Vec<u8>, u8);

/// How a stone on an empty point of the board would be judged.
#[derive(Clone, Debug)]
pub enum Judgement {
    Legal {
        board: Vec<u8>,
        captured: usize,
    },
    Occupied,
    Suicide,
    /// It recreates a state of the history; `immediate` when that state stood before the
    /// opponent's last turn (the retaking of a ko at once).
    Repeat {
        immediate: bool,
    },
}

/// The Chinese rules on a small board: situational superko, suicide forbidden.
#[derive(Clone)]
pub struct Referee {
    n: usize,
    pub board: Vec<u8>,
    seen: HashSet<State>,
    /// The last two states entered in the history.
    recent: [Option<State>; 2],
    /// The last move was a stone that captured exactly one stone: the history entry
    /// before it is then the state a ko retaken at once would bring back.
    pub last_single_capture: bool,
    start_pending: bool,
    pub number: u32,
    pub last_mover: Option<u8>,
    passes: u32,
    ended: bool,
    after_end_reported: bool,
}

impl Referee {
    pub fn new(n: usize) -> Referee {
        Referee {
            n,
            board: vec![EMPTY; n * n],
            seen: HashSet::new(),
            recent: [None, None],
            last_single_capture: false,
            start_pending: true,
            number: 0,
            last_mover: None,
            passes: 0,
            ended: false,
            after_end_reported: false,
        }
    }

    pub fn to_move(&self) -> u8 {
        self.last_mover.map_or(BLACK, opponent)
    }

    pub fn neighbors(&self, p: usize) -> impl Iterator<Item = usize> {
        let n = self.n;
        let (c, r) = (p % n, p / n);
        let mut out = [usize::MAX; 4];
        if c > 0 {
            out[0] = p - 1;
        }
        if c + 1 < n {
            out[1] = p + 1;
        }
        if r > 0 {
            out[2] = p - n;
        }
        if r + 1 < n {
            out[3] = p + n;
        }
        out.into_iter().filter(|&q| q != usize::MAX)
    }

    /// The chain at `p` and its number of liberties.
    fn chain(&self, board: &[u8], p: usize) -> (Vec<usize>, usize) {
        let color = board[p];
        let mut chain = vec![p];
        let mut in_chain = vec![false; board.len()];
        let mut liberty = vec![false; board.len()];
        in_chain[p] = true;
        let mut i = 0;
        while i < chain.len() {
            for q in self.neighbors(chain[i]) {
                if board[q] == color && !in_chain[q] {
                    in_chain[q] = true;
                    chain.push(q);
                } else if board[q] == EMPTY {
                    liberty[q] = true;
                }
            }
            i += 1;
        }
        (chain, liberty.iter().filter(|&&l| l).count())
    }

    /// A stone of `color` at the on-board point `p`.
    pub fn judge(&self, color: u8, p: usize) -> Judgement {
        if self.board[p] != EMPTY {
            return Judgement::Occupied;
        }
        let mut board = self.board.clone();
        board[p] = color;
        let mut captured = 0;
        for q in self.neighbors(p) {
            if board[q] == opponent(color) {
                let (chain, liberties) = self.chain(&board, q);
                if liberties == 0 {
                    captured += chain.len();
                    for s in chain {
                        board[s] = EMPTY;
                    }
                }
            }
        }
        if captured == 0 && self.chain(&board, p).1 == 0 {
            return Judgement::Suicide;
        }
        let after: State = (board, opponent(color));
        if self.seen.contains(&after) {
            let immediate = self.recent[0].as_ref() == Some(&after);
            return Judgement::Repeat { immediate };
        }
        Judgement::Legal {
            board: after.0,
            captured,
        }
    }

    fn enter(&mut self, to_move: u8) {
        let state = (self.board.clone(), to_move);
        self.seen.insert(state.clone());
        self.recent = [self.recent[1].take(), Some(state)];
    }

    /// A lost turn (art. 19): the board unchanged, the other side to move.
    fn void(&mut self, color: u8) {
        self.passes = 0;
        self.enter(opponent(color));
    }

    /// Plays a recorded move; the codes of the findings it calls for (a repetition is
    /// `ko` when immediate, else `superko`).
    pub fn play(&mut self, color: u8, target: Target) -> Vec<&'static str> {
        let mut out = Vec::new();
        self.number += 1;
        if self.start_pending {
            self.enter(color);
            self.start_pending = false;
        }
        if self.ended && !self.after_end_reported {
            out.push("move-after-end");
            self.after_end_reported = true;
        }
        if self.last_mover == Some(color) {
            out.push("consecutive-move");
            self.enter(color);
        }
        self.last_mover = Some(color);
        self.last_single_capture = false;
        let n = self.n;
        let target = match target {
            // `tt` is a pass on boards up to 19x19.
            Target::At(19, 19) => Target::Pass,
            // Off the board in both coordinates: an editor's pass mark, read as a pass
            // with a warning of its own.
            Target::At(c, r) if c >= n && r >= n => {
                out.push("off-board");
                Target::Pass
            }
            t => t,
        };
        match target {
            Target::Pass => {
                self.passes += 1;
                self.enter(opponent(color));
                if self.passes >= 2 {
                    self.ended = true;
                }
            }
            Target::Unreadable => {
                out.push("bad-property");
                self.void(color);
            }
            Target::At(c, r) if c >= n || r >= n => {
                out.push("off-board");
                self.void(color);
            }
            Target::At(c, r) => match self.judge(color, r * n + c) {
                Judgement::Legal { board, captured } => {
                    self.board = board;
                    self.passes = 0;
                    self.enter(opponent(color));
                    self.last_single_capture = captured == 1;
                }
                Judgement::Occupied => {
                    out.push("occupied");
                    self.void(color);
                }
                Judgement::Suicide => {
                    out.push("suicide");
                    self.void(color);
                }
                Judgement::Repeat { immediate } => {
                    out.push(if immediate { "ko" } else { "superko" });
                    self.void(color);
                }
            },
        }
        out
    }

    /// A setup node (`AB`, `AW`, `AE`): the stones placed, the chains left without
    /// liberties next to them taken off, the history started again.
    pub fn setup(&mut self, placed: &[(usize, u8)]) -> Vec<&'static str> {
        let mut out = Vec::new();
        if self.number > 0 {
            out.push("setup-in-game");
        }
        for &(p, v) in placed {
            self.board[p] = v;
        }
        let mut gone: Vec<usize> = Vec::new();
        for &(p, _) in placed {
            for q in std::iter::once(p).chain(self.neighbors(p)) {
                if self.board[q] == EMPTY || gone.contains(&q) {
                    continue;
                }
                let (chain, liberties) = self.chain(&self.board, q);
                if liberties == 0 {
                    out.push("setup-without-liberties");
                    gone.extend(chain);
                }
            }
        }
        for p in gone {
            self.board[p] = EMPTY;
        }
        self.seen.clear();
        self.recent = [None, None];
        self.start_pending = true;
        self.last_single_capture = false;
        out
    }
}
