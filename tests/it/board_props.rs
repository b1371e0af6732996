//! Random games played side by side on the fast `Board` and the flood-fill `NaiveBoard`:
//! after every action both must agree on the result, the stones, the hash and the ko point,
//! and the fast board's incremental state must match a recomputation from scratch.
//!
//! Each case is a seed and a length driving a small deterministic generator, so a case
//! stays cheap to store and to shrink however long the game is.

use std::collections::HashSet;

use crate::common::Rng;
use proptest::prelude::*;
use sgfaudit::board::{Board, NaiveBoard, SuicideRule};
use sgfaudit::geom::{BoardSize, Color, Point};

/// How the game is driven.
#[derive(Clone, Copy, Debug)]
struct Style {
    suicide: SuicideRule,
    /// Refuse moves that repeat an earlier position (positional superko) through `is_repeat`.
    superko: bool,
    /// Per mille of actions that are setup `place` calls.
    setup_per_mille: u32,
}

fn check_agree(board: &Board, naive: &NaiveBoard, step: usize) {
    board.debug_validate();
    assert_eq!(
        board.position(),
        naive.position(),
        "position at step {step}"
    );
    assert_eq!(board.hash(), naive.hash(), "hash at step {step}");
    assert_eq!(
        board.ko_point(),
        naive.ko_point(),
        "ko point at step {step}"
    );
    for c in [Color::Black, Color::White] {
        assert_eq!(
            board.stones(c),
            naive.stones(c),
            "{c} stones at step {step}"
        );
        assert_eq!(
            board.captures(c),
            naive.captures(c),
            "{c} captures at step {step}"
        );
    }
}

/// Plays `len` random actions from `seed`; returns how many moves were refused as
/// suicide, how many as repeats, and how many captured (to check the games are varied).
fn run_game(size: BoardSize, seed: u64, len: usize, style: Style) -> [u32; 3] {
    let mut rng = Rng::new(seed);
    let mut board = Board::new(size);
    let mut naive = NaiveBoard::new(size);
    let mut seen = HashSet::from([0u64]);
    let mut to_move = Color::Black;
    let mut counts = [0u32; 3];
    for step in 0..len {
        let p = Point::new(
            rng.below(size.width as usize) as u8,
            rng.below(size.height as usize) as u8,
        );
        let roll = rng.below(1000) as u32;
        if roll < style.setup_per_mille {
            let stone = match rng.below(3) {
                0 => None,
                1 => Some(Color::Black),
                _ => Some(Color::White),
            };
            board.place(p, stone);
            naive.place(p, stone);
            seen.insert(board.hash());
        } else if roll < style.setup_per_mille + 15 {
            board.pass();
            naive.pass();
            to_move = to_move.opponent();
        } else {
            let repeat = |h: u64| style.superko && seen.contains(&h);
            let got = board.play(to_move, p, style.suicide, repeat);
            let want = naive.play(to_move, p, style.suicide, repeat);
            assert_eq!(got, want, "{to_move} {} at step {step}", p.sgf());
            match got {
                Ok(played) => {
                    assert_eq!(played.hash, board.hash());
                    seen.insert(played.hash);
                    counts[2] += (played.captured > 0) as u32;
                    to_move = to_move.opponent();
                }
                Err(sgfaudit::board::Rejection::Suicide) => counts[0] += 1,
                Err(sgfaudit::board::Rejection::Repeat) => counts[1] += 1,
                Err(sgfaudit::board::Rejection::Occupied) => {}
            }
        }
        check_agree(&board, &naive, step);
    }
    counts
}

fn suicide_rule() -> impl Strategy<Value = SuicideRule> {
    prop_oneof![Just(SuicideRule::Forbidden), Just(SuicideRule::Allowed)]
}

fn style() -> impl Strategy<Value = Style> {
    (
        suicide_rule(),
        any::<bool>(),
        prop_oneof![Just(0u32), 1u32..60],
    )
        .prop_map(|(suicide, superko, setup_per_mille)| Style {
            suicide,
            superko,
            setup_per_mille,
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn games_on_9x9_match_reference(seed in any::<u64>(), len in 1usize..200, style in style()) {
        run_game(BoardSize::square(9).unwrap(), seed, len, style);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn games_on_19x19_match_reference(seed in any::<u64>(), len in 1usize..500, style in style()) {
        run_game(BoardSize::STANDARD, seed, len, style);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn games_on_small_and_rectangular_boards_match_reference(
        seed in any::<u64>(),
        width in 1u32..8,
        height in 1u32..8,
        len in 1usize..120,
        style in style(),
    ) {
        run_game(BoardSize::new(width, height).unwrap(), seed, len, style);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Crowded small boards with suicide allowed: most moves have no empty neighbour, so
    /// captures-before-suicide (art. 4) and multi-stone suicides come up constantly.
    #[test]
    fn art4_captures_before_suicide_matches_reference(
        seed in any::<u64>(),
        side in 2u32..6,
        len in 50usize..300,
        suicide in suicide_rule(),
    ) {
        let style = Style { suicide, superko: false, setup_per_mille: 0 };
        run_game(BoardSize::square(side).unwrap(), seed, len, style);
    }
}

/// The generator really produces the situations the properties are about.
#[test]
fn random_games_cover_suicide_repeat_and_capture() {
    let mut total = [0u32; 3];
    for seed in 0..20 {
        for suicide in [SuicideRule::Forbidden, SuicideRule::Allowed] {
            let style = Style {
                suicide,
                superko: true,
                setup_per_mille: 10,
            };
            let c = run_game(BoardSize::square(9).unwrap(), seed, 400, style);
            for i in 0..3 {
                total[i] += c[i];
            }
        }
    }
    assert!(
        total.iter().all(|&n| n > 0),
        "suicide, repeat, capture: {total:?}"
    );
}
