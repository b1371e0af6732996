//! Counting under the Chinese rules (arts. 8, 9, 11 and the handicap practice), unconditional
//! life, and dead stones, checked with the rules' own numbers.

use proptest::prelude::*;
use sgfaudit::geom::{BoardSize, Color, Point, Position};
use sgfaudit::output::board::render_board;
use sgfaudit::rules::RuleSet;
use sgfaudit::score::{
    count_area, dead_in_pass_alive_territory, pass_alive, score_position, settle_dead, DeadFrom,
    DeadPolicy, Owner, ScoringMethod,
};

/// A 19×19 board filled in reading order: `black` Black stones, then `empty` empty points,
/// then White stones.
fn filled(black: usize, empty: usize) -> Position {
    let mut p = Position::empty(BoardSize::STANDARD);
    for (i, cell) in p.cells.iter_mut().enumerate() {
        *cell = if i < black {
            Some(Color::Black)
        } else if i < black + empty {
            None
        } else {
            Some(Color::White)
        };
    }
    p
}

fn chinese(position: &Position, komi: f64) -> sgfaudit::score::Score {
    score_position(
        position,
        &[],
        ScoringMethod::SplitShared,
        komi,
        0.0,
        DeadFrom::None,
    )
}

fn pt(sgf: &str) -> Point {
    Point::from_sgf(sgf.as_bytes()).unwrap()
}

// --- Art. 9: area, dame, par ---

#[test]
fn art9_dame_is_split_half_each() {
    let p = Position::from_diagram(
        "
        X X . O O
        X X . O O
        X X . O O",
    );
    let c = count_area(&p, &[], ScoringMethod::SplitShared);
    assert_eq!((c.black, c.white), (7.5, 7.5));
    assert_eq!(c.owner[2], Owner::Shared);
}

#[test]
fn art9_a_region_touching_both_colours_is_split_even_if_large() {
    let p = Position::from_diagram(
        "
        X . . . .
        . . . . .
        . . . . O",
    );
    let c = count_area(&p, &[], ScoringMethod::SplitShared);
    assert_eq!((c.black, c.white), (7.5, 7.5));
}

#[test]
fn art9_empty_board_is_split_half_each() {
    let c = count_area(
        &Position::empty(BoardSize::STANDARD),
        &[],
        ScoringMethod::SplitShared,
    );
    assert_eq!((c.black, c.white), (180.5, 180.5));
}

#[test]
fn art9_half_the_board_is_par_a_draw_without_komi() {
    let s = chinese(&filled(180, 1), 0.0);
    assert_eq!((s.black, s.white), (180.5, 180.5));
    assert_eq!(s.margin, 0.0);
    assert_eq!(s.result, "0");
    assert_eq!(s.stones, "和棋");
}

#[test]
fn art9_shared_liberties_in_seki_are_split_half_each() {
    // Black's corner group and White's wall share the two liberties C5 and C4; neither
    // side can approach. Everything else is Black's.
    let p = Position::from_diagram(
        "
        X X . O X .
        X X . O X .
        O O O O X .
        X X X X X .
        . . . . X .",
    );
    let c = count_area(&p, &[], ScoringMethod::SplitShared);
    assert_eq!(c.black, 23.0);
    assert_eq!(c.white, 7.0);
    assert_eq!(c.owner[p.size.index(pt("ca"))], Owner::Shared);
    assert_eq!(c.owner[p.size.index(pt("cb"))], Owner::Shared);
    // Nothing in a seki is dead, and the seki groups are not pass-alive.
    assert!(dead_in_pass_alive_territory(&p).is_empty());
    let life = pass_alive(&p);
    assert!(!life.black.stones().contains(&pt("aa")));
    assert!(life.white.chains.is_empty());
    // The outer Black group has two vital regions of its own.
    assert!(life.black.stones().contains(&pt("ea")));
}

#[test]
fn art9_areas_add_up_to_the_board() {
    let p = Position::from_diagram(
        "
        . X O . O
        X X O O .
        . X X O O
        X . X O .",
    );
    let c = count_area(&p, &[pt("ca")], ScoringMethod::SplitShared);
    assert_eq!(c.black + c.white, 20.0);
}

#[test]
fn tromp_taylor_counts_shared_regions_for_nobody() {
    let p = Position::from_diagram(
        "
        X X . O O
        X X . O O",
    );
    let c = count_area(&p, &[], ScoringMethod::NobodyShared);
    assert_eq!((c.black, c.white), (4.0, 4.0));
    assert_eq!(c.owner[2], Owner::Nobody);
}

// --- Art. 8: dead stones are removed before counting ---

#[test]
fn art8_dead_stones_are_removed_and_their_points_counted() {
    let p = Position::from_diagram(
        "
        . O X . .
        X X X . .
        . . . . .",
    );
    let s = score_position(
        &p,
        &[pt("ba")],
        ScoringMethod::SplitShared,
        0.0,
        0.0,
        DeadFrom::Markup,
    );
    assert_eq!((s.black, s.white), (15.0, 0.0));
    assert_eq!(s.dead_white, vec![pt("ba")]);
    assert!(s.dead_black.is_empty());
    assert_eq!(s.dead_from, DeadFrom::Markup);
}

// --- Art. 11: komi 3¾ stones = 7.5 points on 19×19 ---

#[test]
fn art11_black_185_wins_by_three_quarters_of_a_stone() {
    let s = chinese(&filled(185, 0), 7.5);
    assert_eq!((s.black, s.white), (185.0, 176.0));
    assert_eq!(s.margin, 1.5);
    assert_eq!(s.result, "B+1.5");
    assert_eq!(s.stones, "黑胜3/4子");
}

#[test]
fn art11_black_184_loses_by_a_quarter_of_a_stone() {
    let s = chinese(&filled(184, 0), 7.5);
    assert_eq!(s.black, 184.0);
    assert_eq!(s.result, "W+0.5");
    assert_eq!(s.stones, "白胜1/4子");
}

#[test]
fn art11_black_184_and_a_half_wins_by_a_quarter_of_a_stone() {
    let s = chinese(&filled(184, 1), 7.5);
    assert_eq!((s.black, s.white), (184.5, 176.5));
    assert_eq!(s.result, "B+0.5");
    assert_eq!(s.stones, "黑胜1/4子");
}

#[test]
fn art11_larger_margins_in_stones() {
    let s = chinese(&filled(186, 0), 7.5);
    assert_eq!(
        (s.result.as_str(), s.stones.as_str()),
        ("B+3.5", "黑胜1又3/4子")
    );
    let s = chinese(&filled(180, 0), 7.5);
    assert_eq!(
        (s.result.as_str(), s.stones.as_str()),
        ("W+8.5", "白胜4又1/4子")
    );
    let s = chinese(&filled(187, 0), 5.0);
    assert_eq!((s.result.as_str(), s.stones.as_str()), ("B+8", "黑胜4子"));
}

// --- Handicap: White gets N points back (Chinese), N − 1 (AGA) ---

#[test]
fn handicap_four_stones_gives_white_four_points_under_chinese_three_under_aga() {
    let bonus = |set: RuleSet| set.rules().handicap_bonus(4);
    assert_eq!(bonus(RuleSet::Chinese), 4.0);
    assert_eq!(bonus(RuleSet::Aga), 3.0);
    assert_eq!(bonus(RuleSet::TrompTaylor), 0.0);
    assert_eq!(bonus(RuleSet::Nz), 0.0);

    let p = filled(183, 0);
    let score = |set| {
        score_position(
            &p,
            &[],
            ScoringMethod::SplitShared,
            0.5,
            bonus(set),
            DeadFrom::None,
        )
    };
    let cn = score(RuleSet::Chinese);
    assert_eq!((cn.handicap_bonus, cn.result.as_str()), (4.0, "B+0.5"));
    let aga = score(RuleSet::Aga);
    assert_eq!((aga.handicap_bonus, aga.result.as_str()), (3.0, "B+1.5"));
}

// --- Unconditional life (Benson) ---

#[test]
fn benson_two_real_eyes_are_alive() {
    let p = Position::from_diagram(
        "
        . X . X O .
        X X X X O .
        O O O O O .
        . . . . . .",
    );
    let life = pass_alive(&p);
    assert_eq!(life.black.stones().len(), 6);
    assert_eq!(life.black.territory(), vec![pt("aa"), pt("ca")]);
    assert!(life.white.chains.is_empty());
    assert!(dead_in_pass_alive_territory(&p).is_empty());
}

#[test]
fn benson_one_eye_and_a_false_eye_are_not_pass_alive() {
    // C6 looks like an eye, but White can capture D6 there.
    let p = Position::from_diagram(
        "
        . X . X O .
        X X X O O .
        O O X O . .
        . O X O . .
        . O O O . .
        . . . . . .",
    );
    let life = pass_alive(&p);
    assert!(life.black.chains.is_empty());
    assert!(life.black.regions.is_empty());
    assert!(dead_in_pass_alive_territory(&p).is_empty());
}

/// Eye against eye: Black's corner group (eye A4) and White's group around it (eye E4)
/// share C4 and C3; whoever fills one of them first is captured.
fn seki() -> Position {
    Position::from_diagram(
        "
        . X . O . O X
        X X . O O O X
        O O O O X X X
        X X X X X . .",
    )
}

/// The same eye-against-eye seki with room on the right for the outer Black group, so that
/// it does not lose a race through its own two-point eye (in `seki()` it would: White
/// throws in at F1 and takes it).
fn seki_with_a_living_outside() -> Position {
    Position::from_diagram(
        "
        . X . O . O X . .
        X X . O O O X . .
        O O O O X X X . .
        X X X X X . . . .",
    )
}

#[test]
fn benson_seki_is_not_pass_alive_and_kills_nothing() {
    let life = pass_alive(&seki());
    assert!(life.black.chains.is_empty());
    assert!(life.white.chains.is_empty());
    assert!(dead_in_pass_alive_territory(&seki()).is_empty());
    let p = seki_with_a_living_outside();
    assert!(dead_in_pass_alive_territory(&p).is_empty());
    let auto = settle_dead(&p, None, DeadPolicy::Auto);
    assert!(auto.dead.is_empty(), "{:?}", auto.dead);
}

#[test]
fn art9_eyes_in_seki_count_for_their_group_and_shared_liberties_are_split() {
    let p = seki();
    let c = count_area(&p, &[], ScoringMethod::SplitShared);
    assert_eq!((c.black, c.white), (17.0, 11.0));
    assert_eq!(c.owner[p.size.index(pt("aa"))], Owner::Black);
    assert_eq!(c.owner[p.size.index(pt("ea"))], Owner::White);
    assert_eq!(c.owner[p.size.index(pt("ca"))], Owner::Shared);
    assert_eq!(c.owner[p.size.index(pt("cb"))], Owner::Shared);
}

#[test]
fn benson_stones_inside_pass_alive_territory_are_dead() {
    let p = Position::from_diagram(
        "
        . X . O . X .
        X X X X X X X
        O O O O O O O
        . . . . . . .",
    );
    assert_eq!(dead_in_pass_alive_territory(&p), vec![pt("da")]);
    let life = pass_alive(&p);
    assert_eq!(life.black.regions.len(), 3);
}

#[test]
fn benson_a_living_group_inside_an_enclosure_is_not_dead() {
    // White's two-eyed group sits in Black's big enclosure: alive, whatever the wall.
    let p = Position::from_diagram(
        "
        . X . . . . . X .
        X X . . . . . X X
        . X O O O O O X .
        X X O . O . O X X
        . X O O O O O X .
        X X X X X X X X X",
    );
    assert!(dead_in_pass_alive_territory(&p).is_empty());
    let life = pass_alive(&p);
    assert_eq!(life.white.stones().len(), 13);
    assert_eq!(life.black.chains.len(), 1);
    assert_eq!(life.white.territory(), vec![pt("dd"), pt("fd")]);
}

#[test]
fn benson_empty_board_has_nothing_alive() {
    let p = Position::empty(BoardSize::STANDARD);
    let life = pass_alive(&p);
    assert!(life.black.chains.is_empty() && life.white.chains.is_empty());
    assert!(life.black.regions.is_empty() && life.white.regions.is_empty());
    assert!(dead_in_pass_alive_territory(&p).is_empty());
}

#[test]
fn art8_stones_in_pass_alive_territory_are_dead_whatever_the_markup_says() {
    let p = Position::from_diagram(
        "
        . X . O . X .
        X X X X X X X
        O O O O O O O
        . . . . . . .",
    );
    let none = settle_dead(&p, None, DeadPolicy::None);
    assert_eq!(none.dead, vec![pt("da")]);
    assert!(none.determined);
    let empty: [Point; 0] = [];
    let markup = settle_dead(
        &p,
        Some((&empty, &[pt("aa"), pt("bb")])),
        DeadPolicy::Markup,
    );
    assert_eq!(markup.from.as_str(), "markup");
    assert_eq!(markup.dead, vec![pt("bb"), pt("da")]);
}

#[test]
fn board_drawing_marks_dead_stones_and_areas() {
    let p = Position::from_diagram(
        "
        . X . O . X .
        X X X X X X X
        O O O O O O O
        . . . . . . .",
    );
    let dead = dead_in_pass_alive_territory(&p);
    let count = count_area(&p, &dead, ScoringMethod::SplitShared);
    let text = render_board(&p, &dead, &count.owner);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "  A B C D E F G");
    assert_eq!(lines[1], "4 + X + o + X + 4");
    assert_eq!(lines[4], "1 - - - - - - - 1");
}

proptest! {
    #[test]
    fn areas_always_add_up_and_nothing_pass_alive_is_called_dead(
        cells in proptest::collection::vec(0u8..3, 1..=49usize),
        width in 1u8..=7,
        dead_mask in proptest::collection::vec(any::<bool>(), 49),
    ) {
        let width = width.min(cells.len() as u8).max(1);
        let height = (cells.len() / width as usize) as u8;
        let size = BoardSize::new(width as u32, height as u32).unwrap();
        let p = Position {
            size,
            cells: cells[..size.points()]
                .iter()
                .map(|&c| match c {
                    1 => Some(Color::Black),
                    2 => Some(Color::White),
                    _ => None,
                })
                .collect(),
        };
        let dead: Vec<Point> = (0..size.points())
            .filter(|&i| dead_mask[i])
            .map(|i| size.point(i))
            .collect();
        let c = count_area(&p, &dead, ScoringMethod::SplitShared);
        prop_assert_eq!(c.black + c.white, size.points() as f64);
        let tt = count_area(&p, &dead, ScoringMethod::NobodyShared);
        prop_assert!(tt.black + tt.white <= size.points() as f64);

        let life = pass_alive(&p);
        let alive: Vec<Point> = life.black.stones().into_iter().chain(life.white.stones()).collect();
        for d in dead_in_pass_alive_territory(&p) {
            prop_assert!(!alive.contains(&d));
            prop_assert!(p.get(d).is_some());
        }
    }
}
