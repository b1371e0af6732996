//! The play-out board against the flood-fill reference board: random legal games on
//! several board sizes, with the same legality, stones, captures, liberties and ko point
//! after every move, and the board's own caches checked by `debug_validate`.

use proptest::prelude::*;

use super::super::random_games::{legal, next_action, play, rng, sizes, Action};
use super::{Board, Layout, BLACK, EMPTY, WHITE};
use crate::board::NaiveBoard;
use crate::geom::{BoardSize, Color};

fn cell(c: Color) -> u8 {
    match c {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// The liberties of the chain on the padded cell `p`, walking its ring.
fn liberties(board: &Board, layout: &Layout, p: usize) -> u32 {
    let mut seen = Vec::new();
    let mut s = board.head[p] as usize;
    let h = s;
    loop {
        for d in 0..4 {
            let q = layout.nb(s, d);
            if board.color[q] == EMPTY && !seen.contains(&q) {
                seen.push(q);
            }
        }
        s = board.next[s] as usize;
        if s == h {
            return seen.len() as u32;
        }
    }
}

fn stones(board: &Board, c: u8) -> u32 {
    (0..board.cells).filter(|&p| board.color[p] == c).count() as u32
}

/// Both boards hold the same stones, liberties and ko point.
fn check_agree(board: &Board, layout: &Layout, naive: &NaiveBoard, step: usize) {
    board.debug_validate(layout);
    let size = naive.size();
    for i in 0..size.points() {
        let (point, p) = (size.point(i), layout.padded[i] as usize);
        let want = naive.get(point).map_or(EMPTY, cell);
        assert_eq!(board.color[p], want, "{} at step {step}", point.sgf());
        if want != EMPTY {
            assert_eq!(
                Some(liberties(board, layout, p)),
                naive.liberties(point),
                "liberties of {} at step {step}",
                point.sgf()
            );
        }
    }
    let ko = naive.ko_point().map_or(0, |k| layout.padded[size.index(k)]);
    assert_eq!(board.ko, ko, "ko point at step {step}");
}

/// Plays `len` random actions from `seed` on both boards, the play-out board set up from
/// the position reached after the first `setup` of them.
fn run_game(size: BoardSize, seed: u64, len: usize, setup: usize) -> u32 {
    let mut rng = rng(seed);
    let layout = Layout::new(size);
    let mut naive = NaiveBoard::new(size);
    let mut to_move = Color::Black;
    let mut board: Option<Board> = None;
    let mut captures = 0;
    for step in 0..len {
        if step == setup.min(len - 1) {
            let fresh = Board::from_position(&layout, &naive.position());
            // A position carries no ko point.
            naive.pass();
            fresh.debug_validate(&layout);
            board = Some(fresh);
        }
        match next_action(&mut rng, &naive) {
            Action::Pass => {
                naive.pass();
                if let Some(b) = board.as_mut() {
                    b.ko = 0;
                }
            }
            Action::Try(point) => {
                let ok = legal(&naive, to_move, point);
                let Some(b) = board.as_mut() else {
                    if ok {
                        play(&mut naive, to_move, point);
                        to_move = to_move.opponent();
                    }
                    continue;
                };
                let p = layout.padded[size.index(point)] as usize;
                let c = cell(to_move);
                assert_eq!(b.is_legal(&layout, p, c), ok, "{to_move} {}", point.sgf());
                if !ok {
                    continue;
                }
                let before = stones(b, 3 - c);
                b.play(&layout, p, c);
                let captured = play(&mut naive, to_move, point);
                assert_eq!(before - stones(b, 3 - c), captured, "captures at {step}");
                captures += captured;
                to_move = to_move.opponent();
            }
        }
        if let Some(b) = board.as_ref() {
            check_agree(b, &layout, &naive, step);
        }
    }
    captures
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn random_games_match_the_reference(
        size in sizes(),
        seed in any::<u64>(),
        len in 1usize..300,
        setup in 0usize..100,
    ) {
        run_game(size, seed, len, setup);
    }
}

/// The games are long enough to fill boards and capture.
#[test]
fn random_games_capture() {
    let size = BoardSize::square(7).unwrap();
    let captured: u32 = (0..20).map(|seed| run_game(size, seed, 400, 30)).sum();
    assert!(captured > 50, "{captured} stones captured");
}

/// A play-out from a position keeps the board consistent to its end.
#[test]
fn playouts_keep_the_board_consistent() {
    for seed in 0..10 {
        let size = BoardSize::square(9).unwrap();
        let mut rng = rng(seed);
        let mut naive = NaiveBoard::new(size);
        let mut to_move = Color::Black;
        for _ in 0..40 {
            if let Action::Try(p) = next_action(&mut rng, &naive) {
                if legal(&naive, to_move, p) {
                    play(&mut naive, to_move, p);
                    to_move = to_move.opponent();
                }
            }
        }
        let layout = Layout::new(size);
        let mut board = Board::from_position(&layout, &naive.position());
        let mut xs = super::XorShift::new(seed);
        board.playout(&layout, BLACK, &mut xs);
        board.debug_validate(&layout);
    }
}
