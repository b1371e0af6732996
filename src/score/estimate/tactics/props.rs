//! The reader's board against the flood-fill reference board: random legal games on
//! several board sizes, with the same legality, stones, captures, liberties and ko point
//! after every move, and every move taken back leaving the board as it was.

use proptest::prelude::*;

use super::super::random_games::{legal, next_action, play, rng, sizes, Action};
use super::{Reader, Undo};
use crate::board::NaiveBoard;
use crate::geom::{BoardSize, Color, Position};

/// Both boards hold the same stones, liberties and ko point.
fn check_agree(reader: &mut Reader, naive: &NaiveBoard, step: usize) {
    reader.debug_validate();
    let size = naive.size();
    assert_eq!(
        reader.stones(),
        naive.position().cells,
        "stones at step {step}"
    );
    let (mut stones, mut liberties) = (Vec::new(), Vec::new());
    for (i, cell) in naive.position().cells.iter().enumerate() {
        if cell.is_some() {
            reader.chain_up_to(reader.cell(i), usize::MAX, &mut stones, &mut liberties);
            assert_eq!(
                Some(liberties.len() as u32),
                naive.liberties(size.point(i)),
                "liberties of {} at step {step}",
                size.point(i).sgf()
            );
        }
    }
    let ko = naive.ko_point().map(|k| reader.cell(size.index(k)));
    assert_eq!(reader.ko, ko, "ko point at step {step}");
}

/// Plays `len` random actions from `seed` on both boards; now and then the last moves
/// are taken back on the reader and the reference goes back to its copy of that time.
/// Returns the stones captured.
fn run_game(size: BoardSize, seed: u64, len: usize) -> u32 {
    let mut rng = rng(seed);
    let mut naive = NaiveBoard::new(size);
    let mut reader = Reader::new(&Position::empty(size));
    let mut to_move = Color::Black;
    let mut taken: Vec<(Undo, Color, NaiveBoard)> = Vec::new();
    let mut captures = 0;
    for step in 0..len {
        if !taken.is_empty() && rng.below(8) == 0 {
            let (undo, color, before) = taken.pop().expect("a move to take back");
            reader.undo(undo, color);
            naive = before;
            to_move = color;
        } else {
            match next_action(&mut rng, &naive) {
                Action::Pass => {
                    // The reader's pass: the ko point is free again.
                    reader.ko = None;
                    naive.pass();
                    taken.clear();
                }
                Action::Try(point) => {
                    let before = naive.clone();
                    let ok = legal(&naive, to_move, point);
                    let undo = reader.play(reader.cell(size.index(point)), to_move);
                    assert_eq!(undo.is_some(), ok, "{to_move} {} at {step}", point.sgf());
                    if let Some(undo) = undo {
                        let captured = play(&mut naive, to_move, point);
                        assert_eq!(undo.captured.len() as u32, captured, "captures at {step}");
                        captures += captured;
                        taken.push((undo, to_move, before));
                        to_move = to_move.opponent();
                    }
                }
            }
        }
        check_agree(&mut reader, &naive, step);
    }
    captures
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn random_games_match_the_reference(size in sizes(), seed in any::<u64>(), len in 1usize..300) {
        run_game(size, seed, len);
    }
}

/// The games are long enough to fill boards and capture.
#[test]
fn random_games_capture() {
    let size = BoardSize::square(7).unwrap();
    let captured: u32 = (0..20).map(|seed| run_game(size, seed, 400)).sum();
    assert!(captured > 50, "{captured} stones captured");
}
