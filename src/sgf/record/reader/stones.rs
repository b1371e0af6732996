//! What the setup and the moves of the path being read have certainly left on each point,
//! without a board: enough to tell the `AB`, `AW`, `AE` that change nothing (a black stone
//! added where one stands, a point emptied that is empty) in every node of every variation,
//! and never to claim it where a capture could have made a difference.
//!
//! A point on which nothing was placed since the start of the path (or since an `AE`) is
//! surely empty: only setup and moves put stones on the board. A stone is surely there
//! while no move was played after it was placed, for a move may capture it; the stone of a
//! move itself only when the move went to a surely empty point next to a surely empty one
//! (it has a liberty, so it is no suicide and stands). Passes and moves off the board or
//! unreadable change nothing. Setup overwrites points and captures nothing (FF[4], `AB`).
//!
//! A move costs a few stores (it runs for every move of every game): whether its stone
//! stands is only worked out when setup follows it.

use crate::geom::{BoardSize, Color, Point};

/// What is known of a point.
const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
/// A stone may stand there, or may have been captured.
const MAYBE: u8 = 3;

fn code(stone: Option<Color>) -> u8 {
    match stone {
        None => EMPTY,
        Some(Color::Black) => BLACK,
        Some(Color::White) => WHITE,
    }
}

/// The undo log may grow this long (hostile trees of nested variations); past it the
/// check stops for the game rather than holding more memory.
const MAX_UNDO: usize = 1 << 22;

/// When a point's stone was placed: the moves on the path then (the stone is surely there
/// while that is still the count) and the node that placed it (a point named again in
/// the same node is judged against what it held before that node: the last word stands).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Stamp {
    moves: u32,
    node: u32,
}

/// The last move of the path, before setup asks whether its stone stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pending {
    at: u16,
    what: u8,
    /// The point was surely empty before the move.
    was_empty: bool,
    node: u32,
}

/// Writes to undo when the variation they were made in ends, and where each open
/// variation began.
#[derive(Default)]
struct Variations {
    /// A point written inside open variations, with what it held before.
    undo: Vec<(u16, u8, Stamp)>,
    /// Per open variation: the undo log's length, the moves and the last move at its
    /// start.
    marks: Vec<(usize, u32, Option<Pending>)>,
}

/// The points of one game's board, as the path being read has certainly left them.
pub(super) struct SureStones {
    size: BoardSize,
    what: Vec<u8>,
    /// Filled when setup first places a stone (moves alone need none).
    stamps: Vec<Stamp>,
    /// The setup node that last wrote each point, and what the point held, with its
    /// stamp, before that node.
    before_node: Vec<(u32, u8, Stamp)>,
    moves: u32,
    pending: Option<Pending>,
    variations: Variations,
    /// False once the undo log is full: nothing more is claimed in this game.
    pub active: bool,
}

/// What a setup point did to the point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Effect {
    Changes,
    /// The point already held what the setup puts there.
    Nothing,
}

impl SureStones {
    pub fn new(size: BoardSize) -> SureStones {
        SureStones {
            size,
            what: vec![EMPTY; size.width as usize * size.height as usize],
            stamps: Vec::new(),
            before_node: Vec::new(),
            moves: 0,
            pending: None,
            variations: Variations::default(),
            active: true,
        }
    }

    /// Writes a point, keeping what it held while a variation is open.
    #[inline(never)]
    fn write(&mut self, i: usize, what: u8, stamp: Option<Stamp>) {
        let v = &mut self.variations;
        if !v.marks.is_empty() {
            if v.undo.len() >= MAX_UNDO {
                self.active = false;
                return;
            }
            let old = self.stamps.get(i).copied().unwrap_or_default();
            v.undo.push((i as u16, self.what[i], old));
        }
        self.what[i] = what;
        if let Some(stamp) = stamp {
            self.stamps[i] = stamp;
        }
    }

    /// A move of `color` at `p` in node `node` (passes and unreadable moves are not
    /// given: they change nothing; moves off the board are void).
    #[inline]
    pub fn play(&mut self, color: Color, p: Point, node: u32) {
        if !self.size.contains(p) {
            return;
        }
        let i = self.size.index(p);
        self.moves += 1;
        self.pending = Some(Pending {
            at: i as u16,
            what: code(Some(color)),
            was_empty: self.what[i] == EMPTY,
            node,
        });
        if self.variations.marks.is_empty() {
            self.what[i] = MAYBE;
        } else {
            self.write(i, MAYBE, None);
        }
    }

    /// Setup follows the last move: its stone is surely there when it went to a surely
    /// empty point next to a surely empty one (nothing has changed them since).
    fn settle_last_move(&mut self) {
        let Some(m) = self.pending.take() else {
            return;
        };
        let p = self.size.point(m.at as usize);
        let stands = m.was_empty
            && self
                .size
                .neighbors(p)
                .any(|q| self.what[self.size.index(q)] == EMPTY);
        if stands {
            let stamp = Stamp {
                moves: self.moves,
                node: m.node,
            };
            self.write(m.at as usize, m.what, Some(stamp));
        }
    }

    /// A setup point of node `node`: `Some(colour)` for `AB`/`AW`, `None` for `AE`.
    /// `None` when the point is off the board.
    pub fn setup(&mut self, p: Point, stone: Option<Color>, node: u32) -> Option<Effect> {
        if !self.size.contains(p) {
            return None;
        }
        if self.stamps.is_empty() {
            self.stamps = vec![Stamp::default(); self.what.len()];
            self.before_node = vec![(u32::MAX, EMPTY, Stamp::default()); self.what.len()];
        }
        self.settle_last_move();
        let i = self.size.index(p);
        let (mut held, mut stamp) = (self.what[i], self.stamps[i]);
        match self.before_node[i] {
            // Named again in this node: the last word is judged against the node's start.
            (written_in, was, was_stamp) if written_in == node => (held, stamp) = (was, was_stamp),
            _ => self.before_node[i] = (node, held, stamp),
        }
        let put = code(stone);
        let nothing =
            stamp.node != node && held == put && (put == EMPTY || stamp.moves == self.moves);
        let moves = self.moves;
        self.write(i, put, Some(Stamp { moves, node }));
        Some(if nothing {
            Effect::Nothing
        } else {
            Effect::Changes
        })
    }

    /// A variation begins.
    pub fn open(&mut self) {
        let v = &mut self.variations;
        v.marks.push((v.undo.len(), self.moves, self.pending));
    }

    /// A variation ends: the points as they were at its start.
    pub fn close(&mut self) {
        let Some((len, moves, pending)) = self.variations.marks.pop() else {
            return;
        };
        while self.variations.undo.len() > len {
            let Some((i, what, stamp)) = self.variations.undo.pop() else {
                break;
            };
            self.what[i as usize] = what;
            if let Some(s) = self.stamps.get_mut(i as usize) {
                *s = stamp;
            }
        }
        self.moves = moves;
        self.pending = pending;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const B: Option<Color> = Some(Color::Black);
    const W: Option<Color> = Some(Color::White);

    fn p(s: &str) -> Point {
        Point::from_sgf(s.as_bytes()).unwrap()
    }

    fn board() -> SureStones {
        SureStones::new(BoardSize::square(9).unwrap())
    }

    #[test]
    fn setup_that_repeats_the_board_changes_nothing() {
        let mut s = board();
        assert_eq!(s.setup(p("aa"), None, 1), Some(Effect::Nothing));
        assert_eq!(s.setup(p("aa"), B, 1), Some(Effect::Changes));
        // Named again in one node: the last word, against the point before the node.
        assert_eq!(s.setup(p("aa"), B, 1), Some(Effect::Changes));
        assert_eq!(s.setup(p("aa"), None, 1), Some(Effect::Nothing));
        assert_eq!(s.setup(p("aa"), B, 1), Some(Effect::Changes));
        assert_eq!(s.setup(p("aa"), B, 2), Some(Effect::Nothing));
        assert_eq!(s.setup(p("aa"), W, 3), Some(Effect::Changes));
        assert_eq!(s.setup(p("zz"), W, 3), None);
    }

    #[test]
    fn a_move_may_capture_so_stones_before_it_are_unsure() {
        let mut s = board();
        s.setup(p("bb"), W, 1);
        s.play(Color::Black, p("aa"), 2);
        assert_eq!(s.setup(p("aa"), B, 3), Some(Effect::Nothing));
        assert_eq!(s.setup(p("bb"), W, 3), Some(Effect::Changes));
        // A stone played with no surely empty neighbour may be a suicide.
        let mut s = board();
        s.setup(p("ba"), W, 1);
        s.setup(p("ab"), W, 1);
        s.play(Color::Black, p("aa"), 2);
        assert_eq!(s.setup(p("aa"), B, 3), Some(Effect::Changes));
        // A point never played on stays surely empty through moves.
        assert_eq!(s.setup(p("ee"), None, 3), Some(Effect::Nothing));
        // A move and setup of the same point in one node: another problem.
        let mut s = board();
        s.play(Color::Black, p("cc"), 2);
        assert_eq!(s.setup(p("cc"), B, 2), Some(Effect::Changes));
        // A point played on, then captured or not: unsure, and so never claimed empty.
        let mut s = board();
        s.play(Color::Black, p("cc"), 2);
        s.play(Color::White, p("dd"), 3);
        assert_eq!(s.setup(p("cc"), None, 4), Some(Effect::Changes));
        assert_eq!(s.setup(p("cc"), B, 5), Some(Effect::Changes));
    }

    #[test]
    fn a_variation_leaves_the_points_as_they_were() {
        let mut s = board();
        s.play(Color::Black, p("cc"), 2);
        s.open();
        s.play(Color::White, p("dd"), 3);
        assert_eq!(s.setup(p("cc"), B, 4), Some(Effect::Changes));
        s.close();
        assert_eq!(s.setup(p("cc"), B, 5), Some(Effect::Nothing));
        assert_eq!(s.setup(p("dd"), None, 5), Some(Effect::Nothing));
        s.close();
    }
}
