//! Random legal games for the property tests of the play-out board and the reader: a
//! seeded generator chooses the moves, and `board::NaiveBoard` plays them as the
//! reference (suicide forbidden, a single-stone ko not retaken at once: the rules both
//! boards play by).

use super::playout::{SplitMix, XorShift as Rng};
use crate::board::{NaiveBoard, SuicideRule};
use crate::geom::{BoardSize, Color, Point};

/// The play-outs' own generator, seeded through SplitMix as the estimate seeds it, so
/// that small seeds start well mixed.
pub(super) fn rng(seed: u64) -> Rng {
    Rng::new(SplitMix::new(seed).next())
}

/// What a random game does next.
#[derive(Clone, Copy, Debug)]
pub(super) enum Action {
    Pass,
    /// A point for the side to move: empty nine times in ten, legal or not.
    Try(Point),
}

/// The next action: a pass one time in twenty.
pub(super) fn next_action(rng: &mut Rng, naive: &NaiveBoard) -> Action {
    let size = naive.size();
    if rng.below(20) == 0 {
        return Action::Pass;
    }
    let empty: Vec<usize> = (0..size.points())
        .filter(|&i| naive.get(size.point(i)).is_none())
        .collect();
    if !empty.is_empty() && rng.below(10) != 0 {
        return Action::Try(size.point(empty[rng.below(empty.len())]));
    }
    Action::Try(size.point(rng.below(size.points())))
}

/// Whether the reference allows `color` at `p`: not occupied, not a suicide, not a
/// single-stone ko retaken at once.
pub(super) fn legal(naive: &NaiveBoard, color: Color, p: Point) -> bool {
    naive.ko_point() != Some(p)
        && naive
            .clone()
            .play(color, p, SuicideRule::Forbidden, |_| false)
            .is_ok()
}

/// Plays a legal move on the reference; the stones it captured.
pub(super) fn play(naive: &mut NaiveBoard, color: Color, p: Point) -> u32 {
    let played = naive.play(color, p, SuicideRule::Forbidden, |_| false);
    played.expect("a legal move").captured
}

/// Board sizes for the properties: square, rectangular, tiny and full.
pub(super) fn sizes() -> impl proptest::strategy::Strategy<Value = BoardSize> {
    use proptest::prelude::*;
    prop_oneof![
        Just(BoardSize::square(9).unwrap()),
        Just(BoardSize::STANDARD),
        Just(BoardSize::square(13).unwrap()),
        (1u32..8, 1u32..8).prop_map(|(w, h)| BoardSize::new(w, h).unwrap()),
    ]
}
