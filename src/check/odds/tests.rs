//! The odds' unit tests: each reading's odds on small positions, and properties of the search.

use super::*;
use crate::check::calibration::{PASSED_DEAD_ALIVE_RATIO, PASSED_SMALL_DEAD_ALIVE_RATIO};
use crate::check::source::{CountingOdds, Source};
use crate::score::{count_margins, ScoringMethod};
use proptest::prelude::prop_assert_eq;
use proptest::prop_assume;

/// Tygem's own odds, on which the others are scaled.
const TYGEM: AliveScale = AliveScale::TYGEM;

/// A 5×5 board split in two, with a lone White stone inside Black's side.
fn position() -> Position {
    Position::from_diagram(
        "
            . . X O .
            . O X O .
            . . X O .
            . . X O .
            . . X O .",
    )
}

/// Area counting for certain, the record's komi.
pub(in crate::check) fn area_only() -> Conventions {
    Conventions {
        source: Source::Unknown,
        countings: vec![CountingOdds {
            counting: CountedBy::Area,
            odds: 1.0,
        }],
        komi: Vec::new(),
        compensation: Vec::new(),
    }
}

fn lone(right: f64) -> Doubt {
    Doubt {
        stones: vec![Point::new(1, 1)],
        dead: false,
        right,
        by_markup: false,
    }
}

fn run(doubts: &[Doubt], target: f64) -> Search {
    run_with(doubts, target, false)
}

/// [`search`] on [`position`], area counting, no komi.
fn run_with(doubts: &[Doubt], target: f64, thorough: bool) -> Search {
    let p = position();
    let margins_of = |removed: &[Point]| {
        count_margins(
            &p,
            removed,
            &[],
            [0, 0],
            ScoringMethod::SplitShared,
            0.0,
            0.0,
        )
    };
    let mut recount = Recount::new(&p, &[], doubts, &margins_of, margins_of(&[]));
    search(
        doubts,
        &area_only(),
        0.0,
        target,
        0.0,
        &mut recount,
        thorough,
    )
}

/// The chains of `position`, each sorted, in order of their first stone.
fn chains(position: &Position) -> Vec<Vec<Point>> {
    let mut out: Vec<Vec<Point>> = position.chains().into_iter().map(|(_, c)| c).collect();
    out.iter_mut().for_each(|chain| chain.sort());
    out
}

proptest::proptest! {
    /// Counting cluster by cluster gives the margins of counting the whole position,
    /// for any chains doubted, any fates and either way of sharing dame.
    #[test]
    fn clusters_add_up_to_the_whole_count(
        cells in proptest::collection::vec(0u8..3, 81),
        picks in proptest::collection::vec((0usize..80, proptest::bool::ANY, proptest::option::of(0usize..80)), 0..12),
        flips in proptest::collection::vec(0usize..12, 0..6),
        dead_extra in proptest::collection::vec(0usize..80, 0..3),
        seki in proptest::collection::vec((0u8..9, 0u8..9), 0..3),
        split in proptest::bool::ANY,
    ) {
        // A 9×9 board: its points take two words of the count's bitboards.
        let diagram: String = cells
            .chunks(9)
            .map(|row| row.iter().map(|c| [" .", " X", " O"][*c as usize]).collect::<String>() + "\n")
            .collect();
        let p = Position::from_diagram(&diagram);
        let all = chains(&p);
        prop_assume!(!all.is_empty());
        let mut used = vec![false; all.len()];
        let mut doubts = Vec::new();
        let mut dead = Vec::new();
        for &(k, is_dead, with) in &picks {
            let k = k % all.len();
            if std::mem::replace(&mut used[k], true) {
                continue;
            }
            // A doubt may be a group of two chains that share one fate.
            let mut stones = all[k].clone();
            if let Some(j) = with.map(|j| j % all.len()) {
                if !std::mem::replace(&mut used[j], true) {
                    stones.extend_from_slice(&all[j]);
                    stones.sort();
                }
            }
            if is_dead {
                dead.extend_from_slice(&stones);
            }
            doubts.push(Doubt {
                stones,
                dead: is_dead,
                right: 0.9,
                by_markup: false,
            });
        }
        for &k in &dead_extra {
            let k = k % all.len();
            if !std::mem::replace(&mut used[k], true) {
                dead.extend_from_slice(&all[k]);
            }
        }
        dead.sort();
        let seki: Vec<Point> = seki.iter().map(|&(x, y)| Point::new(x, y)).collect();
        let method = if split { ScoringMethod::SplitShared } else { ScoringMethod::NobodyShared };
        let margins_of = |removed: &[Point]| {
            count_margins(&p, removed, &seki, [3, 1], method, 6.5, 1.0)
        };
        let mut recount = Recount::new(&p, &dead, &doubts, &margins_of, margins_of(&dead));
        let mut flipped: Vec<usize> = flips.iter().filter(|&&i| i < doubts.len()).copied().collect();
        flipped.sort();
        flipped.dedup();
        let whole = margins_of(&dead_with(&dead, &doubts, &flipped));
        let by_cluster = recount.margins(&flipped);
        prop_assert_eq!(whole, by_cluster);
    }
}

#[test]
fn a_reading_has_the_odds_of_its_fates() {
    // Alive, the lone stone's region is shared; dead, Black owns the whole left side:
    // Black 15, White 10 -> B+5.
    let s = run(&[lone(0.9)], 5.0);
    let fit = s.fit.expect("killing the lone stone gives B+5");
    assert_eq!(fit.flipped, vec![0]);
    assert!((fit.probability - 0.1).abs() < 1e-9);
    assert!((s.best.probability - 0.9).abs() < 1e-9);
    assert!((s.fit_mass - 0.1).abs() < 1e-9);
    assert_ne!(s.best_margin, 5.0);
    assert!(run(&[lone(0.9)], 30.0).fit.is_none());
}

#[test]
fn any_number_of_doubted_chains_is_well_defined() {
    // More chains than a mask has bits: the first twelve are searched together, the
    // rest one at a time, and what is left counts as unexplored; nothing overflows.
    let many: Vec<Doubt> = (0..40).map(|_| lone(0.99)).collect();
    let s = run(&many, 5.0);
    // Pairs of changes are each negligible, and together 6% of the odds: unexplored.
    let two_or_more = 1.0 - 0.99f64.powi(40) - 40.0 * 0.01 * 0.99f64.powi(39);
    assert!(
        (s.unexplored - two_or_more).abs() < 1e-6,
        "{}",
        s.unexplored
    );
    assert!(s.fit.is_some());
    // A thorough search weighs every pair too: three or more changes are left.
    let deep = run_with(&many, 5.0, true);
    assert!(deep.unexplored < 0.01, "{}", deep.unexplored);
    assert!((deep.fit_mass - s.fit_mass).abs() < 1e-12 || deep.fit_mass > s.fit_mass);
}

#[test]
fn calibration_keeps_doubt_where_the_play_outs_agree() {
    for (stones, dead) in [
        (1, true),
        (1, false),
        (3, true),
        (3, false),
        (9, true),
        (9, false),
    ] {
        for liberties in 1..6 {
            let odds = |share| calibrated(TYGEM, share, stones, || liberties, || 3.0, dead);
            assert!(odds(1.0) < 1.0);
            assert!(odds(0.5) >= 0.5);
            for share in [0.8, 0.92, 1.0] {
                assert!(odds(share) >= odds(0.6));
            }
        }
    }
    // A big group every play-out kept alive is seldom wrong; a lone stone every
    // play-out captured is wrong far more often (`RE[]` often counts it alive), the
    // more so when it is left in atari.
    let small_swing = || 3.0;
    assert!(1.0 - calibrated(TYGEM, 1.0, 20, || 5, small_swing, false) < 0.001);
    assert!(1.0 - calibrated(TYGEM, 1.0, 1, || 1, small_swing, true) > 0.01);
    assert!(
        calibrated(TYGEM, 1.0, 20, || 5, small_swing, false)
            > calibrated(TYGEM, 1.0, 1, || 1, small_swing, true)
    );
    for (stones, share) in [(1, 1.0), (1, 0.92), (3, 1.0)] {
        let odds =
            |liberties| calibrated(TYGEM, share, stones, move || liberties, small_swing, true);
        assert!(odds(1) < odds(2));
        assert!(odds(2) < odds(3));
        assert_eq!(odds(3), odds(7));
    }
}

#[test]
fn a_dead_stone_whose_life_would_move_the_count_far_is_seldom_counted_alive() {
    // A lone stone in atari every play-out captured: the further its life would move
    // the margin, the surer its death (players dispute a result that costs them ten
    // points, not one that costs them one).
    let in_atari = |swing: f64| 1.0 - calibrated(TYGEM, 1.0, 1, || 1, move || swing, true);
    assert!(in_atari(3.0) > in_atari(4.0));
    assert!(in_atari(4.0) > in_atari(7.0));
    assert!(in_atari(7.0) > in_atari(12.0));
    assert!(in_atari(12.0) < 0.002);
    assert_eq!(in_atari(1.0), in_atari(3.0));
    assert_eq!(in_atari(10.0), in_atari(40.0));
    // Never surer than by liberties alone was: a small swing keeps the old odds.
    assert!((in_atari(3.0) - 0.03).abs() < 1e-9);
    // The swing is asked for only where it counts (small dead groups the play-outs
    // agree on): it costs a recount.
    let never = || -> f64 { panic!("no swing wanted for a big or a living group") };
    calibrated(TYGEM, 1.0, 12, || 4, never, true);
    calibrated(TYGEM, 1.0, 1, || 4, never, false);
    calibrated(TYGEM, 0.8, 1, || 1, never, true);
    // Two or three stones with two liberties at 90-95%, a shape RE[] often counts
    // alive, stay doubted at a middling swing.
    assert!(1.0 - calibrated(TYGEM, 0.92, 2, || 2, || 7.0, true) > 0.03);
}

#[test]
fn fox_and_passed_games_count_a_dead_group_alive_less_often_than_tygem() {
    let wrong = |source: Source, passes, stones, dead| {
        let scale = source.alive_scale(passes);
        1.0 - calibrated(scale, 1.0, stones, || 1, || 4.0, dead)
    };
    // A lone stone in atari at a swing of four: a fifth of Tygem's odds on Fox.
    let tygem = wrong(Source::Tygem, false, 1, true);
    let fox = wrong(Source::Fox, false, 1, true);
    assert!((fox - 0.2 * tygem).abs() < 1e-12, "{fox} {tygem}");
    // Sources not measured keep Tygem's odds, unless the game ended by two passes.
    assert_eq!(wrong(Source::Unknown, false, 1, true), tygem);
    let passed = wrong(Source::Unknown, true, 1, true);
    assert!((passed - PASSED_SMALL_DEAD_ALIVE_RATIO * tygem).abs() < 1e-12);
    // The lower of the two scales, not both.
    assert_eq!(wrong(Source::Fox, true, 1, true), fox);
    // Big dead groups are scaled after two passes only; living ones never.
    let big = wrong(Source::Tygem, false, 9, true);
    assert_eq!(wrong(Source::Fox, false, 9, true), big);
    let passed_big = wrong(Source::Fox, true, 9, true);
    assert!((passed_big - PASSED_DEAD_ALIVE_RATIO * big).abs() < 1e-12);
    assert_eq!(
        wrong(Source::Kgs, true, 1, false),
        wrong(Source::Tygem, false, 1, false)
    );
}
