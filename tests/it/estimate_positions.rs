//! Dead-stone estimates on hand-made finished positions: what a user checks before trusting
//! a count of a record without territory markup (Chinese rules 2002, art. 8).

use sgfaudit::geom::{BoardSize, Color, Point, Position};
use sgfaudit::score::estimate::{estimate_dead, ChainStatus, Estimate, EstimateConfig};

/// A point in GTP notation (`C7`), as a reader names it on a printed board.
fn at(size: BoardSize, vertex: &str) -> Point {
    const LETTERS: &str = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    let col = LETTERS
        .find(vertex.chars().next().unwrap())
        .expect("column letter");
    let row: u8 = vertex[1..].parse().expect("row number");
    Point::new(col as u8, size.height - row)
}

fn estimate(diagram: &str) -> (Position, Estimate) {
    let position = Position::from_diagram(diagram);
    let estimate = estimate_dead(&position, &EstimateConfig::default());
    (position, estimate)
}

fn status(position: &Position, estimate: &Estimate, vertex: &str) -> ChainStatus {
    estimate
        .status_at(at(position.size, vertex))
        .unwrap_or_else(|| panic!("no stone at {vertex}"))
}

fn assert_status(position: &Position, estimate: &Estimate, vertices: &[&str], want: ChainStatus) {
    for v in vertices {
        let chain = estimate.chain_at(at(position.size, v)).expect("a stone");
        assert_eq!(chain.status, want, "{v}: {chain:?}");
        assert!(
            chain.confidence >= EstimateConfig::default().uncertain_below,
            "{v}: {chain:?}"
        );
    }
}

fn points(position: &Position, vertices: &[&str]) -> Vec<Point> {
    let mut p: Vec<Point> = vertices.iter().map(|v| at(position.size, v)).collect();
    p.sort();
    p
}

#[test]
fn art8_group_with_one_eye_inside_the_opponents_area_is_dead() {
    let (pos, e) = estimate(
        "
        . . . . . O X . .
        . O O O O O X . .
        . O X X X O X . .
        . O X . X O X . .
        . O X X . O X . .
        . . O O O O X . .
        . . . . . O X . .
        . . . . . O X . .
        . . . . . O X . .",
    );
    assert_eq!(
        e.dead,
        points(&pos, &["C7", "D7", "E7", "C6", "E6", "C5", "D5"])
    );
    assert_status(&pos, &e, &["F9", "B8", "G1"], ChainStatus::Alive);
    assert!(e.uncertain.is_empty() && e.seki.is_empty());
    // The dead group's eye counts for White.
    assert!(e.ownership[pos.size.index(at(pos.size, "D6"))] < -0.9);
}

#[test]
fn art8_group_with_two_eyes_is_alive_for_certain() {
    let (pos, e) = estimate(
        "
        X . X O . . O X .
        . X X O . . O X .
        X X O O . . O X .
        O O O . . . O X .
        . . . . . . O X .
        . . . . . . O X .
        . . . . . . O X .
        . . . . . . O X .
        . . . . . . O X .",
    );
    assert!(e.dead.is_empty() && e.uncertain.is_empty());
    for v in ["A9", "B8"] {
        let chain = e.chain_at(at(pos.size, v)).unwrap();
        assert_eq!(chain.status, ChainStatus::Alive);
        // Pass-alive: settled without play-outs.
        assert_eq!(chain.confidence, 1.0);
    }
}

#[test]
fn art8_group_whose_second_eye_is_false_is_dead() {
    // C9 is an eye of B9 but D9 is not: White at D9 captures D8-E8-E9 (one liberty), after
    // which A9 is the only eye left.
    let (pos, e) = estimate(
        "
        . X X . X O O X .
        X X O X X O O X .
        O O O O O O X X .
        . . . . . O X . .
        . . . . . O X . .
        . . . . . O X . .
        . . . . . O X . .
        . . . . . O X . .
        . . . . . O X . .",
    );
    assert_eq!(
        e.dead,
        points(&pos, &["B9", "C9", "A8", "B8", "E9", "D8", "E8"])
    );
    assert_status(&pos, &e, &["C8", "F9"], ChainStatus::Alive);
}

#[test]
fn art9_seki_without_eyes_is_neither_dead_nor_plain_alive() {
    // C9-C8-C7-D7 and E9-E8-E7 share D9 and D8: whoever fills one is captured.
    let (pos, e) = estimate(
        "
        . O X . O X . . .
        . O X . O X . . .
        . O X X O X . . .
        . O O O X X . . .
        . . . O X . . . .
        . . . O X . . . .
        . . . O X . . . .
        . . . O X . . . .
        . . . O X . . . .",
    );
    assert!(e.dead.is_empty() && e.uncertain.is_empty());
    assert_status(&pos, &e, &["C9", "E9"], ChainStatus::Seki);
    assert_eq!(
        e.seki,
        points(&pos, &["C9", "C8", "C7", "D7", "E9", "E8", "E7"])
    );
    assert_status(&pos, &e, &["B9", "F9"], ChainStatus::Alive);
}

#[test]
fn art9_seki_with_one_eye_each() {
    let (pos, e) = estimate(
        "
        . X X . O O . O X
        X X X X O O O O X
        O O O O X X X X X
        . . . O X . . . .
        . . . O X . . . .
        . . . O X . . . .
        . . . O X . . . .
        . . . O X . . . .
        . . . O X . . . .",
    );
    assert!(e.dead.is_empty() && e.uncertain.is_empty());
    assert_status(&pos, &e, &["B9", "E9"], ChainStatus::Seki);
    assert_status(&pos, &e, &["A7", "J9"], ChainStatus::Alive);
}

#[test]
fn art8_dead_stones_scattered_in_a_wide_territory() {
    // Three black stones and no black eye in White's left side; two white stones there.
    let (pos, e) = estimate(
        "
        . . . . O X . . .
        . . X . O X . . .
        . O . . O X . . .
        . . . X O X . . .
        . . . . O X . . .
        . X . . O X . . .
        . . O . O X . . .
        . . . . O X . . .
        . . . . O X . . .",
    );
    assert_eq!(e.dead, points(&pos, &["C8", "D6", "B4"]));
    assert_status(&pos, &e, &["E9", "B7", "C3", "F1"], ChainStatus::Alive);
    assert!(e.uncertain.is_empty());
}

#[test]
fn art9_big_dragon_alive_by_one_eye_in_seki() {
    // The black dragon from A12 to J13 has one eye (A13) and shares D13 with the white
    // group, which has one eye (G13): seki. Everything else is plainly alive.
    let (pos, e) = estimate(
        "
        . X X . O O . O X O . . .
        X X X X O O O O X O . . .
        O O O X X X X X X O . . .
        . . O O O O O O O O . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        O O O O O O O O O O O O O
        X X X X X X X X X X X X X
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .",
    );
    assert!(e.dead.is_empty() && e.uncertain.is_empty());
    assert_status(&pos, &e, &["A12", "H11", "J13"], ChainStatus::Seki);
    assert_status(&pos, &e, &["E13", "H13"], ChainStatus::Seki);
    assert_status(&pos, &e, &["A11", "K13", "A7", "A6"], ChainStatus::Alive);
    assert_eq!(e.seki.len(), 14 + 7);
}

/// White's corner (A7..D9) has the bent-four shape with Black's B9 inside: White cannot
/// play there without dying, and Black can start the ko whenever White has no threat left.
const BENT_FOUR: &str = "
    . X . O X . . . .
    . O O O X . . . .
    O O X X X . . . .
    X X X . . . . . .
    . . . . . . X X X
    . . . . . X X O O
    . . . . . X O O .
    . . . . . X O . O
    . . . . . X O O .";

#[test]
fn art8_bent_four_in_the_corner_is_not_called_alive() {
    let (pos, e) = estimate(BENT_FOUR);
    let white = e.chain_at(at(pos.size, "B8")).unwrap();
    assert_ne!(
        (white.status, white.confidence >= 0.8),
        (ChainStatus::Alive, true),
        "{white:?}"
    );
    assert!(e.uncertain.contains(&at(pos.size, "B8")) || e.dead.contains(&at(pos.size, "B8")));
    assert_status(&pos, &e, &["A6", "F4", "G3"], ChainStatus::Alive);
}

#[test]
fn art8_bent_four_in_the_corner_is_dead() {
    let (pos, e) = estimate(BENT_FOUR);
    assert_status(&pos, &e, &["B8"], ChainStatus::Dead);
}

/// White's corner group (F9..J7) has only the liberties G9 and J8, which Black's H9-J9
/// shares: the bent four in the corner with two stones inside. Black's wall lives, and
/// White cannot make two eyes (White G9 or J8 is self-atari); no seki, since the corner
/// is Black's to settle.
const BENT_FOUR_WITH_STONES_INSIDE: &str = "
    . X . X X O . X X
    X X X X X O O O .
    . . . . X X X O O
    . . . . . . X X X
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .";

#[test]
fn art8_bent_four_in_the_corner_with_stones_inside_is_dead_not_seki() {
    let (pos, e) = estimate(BENT_FOUR_WITH_STONES_INSIDE);
    assert_status(&pos, &e, &["F9", "H8", "J7"], ChainStatus::Dead);
    assert_status(&pos, &e, &["H9", "J9", "E8", "J6"], ChainStatus::Alive);
    assert!(e.seki.is_empty(), "no seki: {:?}", e.seki);
}

/// The eye spaces that a group cannot split into two eyes once the opponent plays their
/// vital point, each holding one of the opponent's stones: White's group around them has
/// no other liberty and Black's wall outside lives.
#[test]
fn art8_groups_whose_only_eye_space_is_a_killing_shape_are_dead() {
    // Pyramid four (E8 D8 F8 E7) with Black's E8 on its vital point.
    let pyramid = "
        . . . . . . . . .
        . . X X X X X . .
        . X O O O O O X .
        . X O . X . O X .
        . X O O . O O X .
        . X X O O O X X .
        . . X X X X X . .
        . . . . . . . . .
        . . . . . . . . .";
    // Bulky five (D6 E6 D5 E5 F5) with Black's E5 on its vital point.
    let bulky = "
        . . . . . . . . .
        . . X X X X X . .
        . X X O O O X X .
        . X O O . . O X .
        . X O . X . O X .
        . X O O O O O X .
        . X X X X X X X .
        . . . . . . . . .
        . . . . . . . . .";
    for (name, diagram, white) in [("pyramid four", pyramid, "D7"), ("bulky five", bulky, "D6")] {
        let (pos, e) = estimate(diagram);
        assert_eq!(status(&pos, &e, white), ChainStatus::Dead, "{name}: {e:?}");
        assert_eq!(status(&pos, &e, "C8"), ChainStatus::Alive, "{name}");
    }
}

#[test]
fn art9_settled_game_has_nothing_dead() {
    let (pos, e) = estimate(
        "
        . . O X . . . . .
        . O O X . X . . .
        . O X X X . . . .
        O O O O X X X . .
        . O . O O O X . .
        . . O . . O X X X
        O O . O O O O O X
        . . O . . . O X X
        . . . . . . O X .",
    );
    assert!(e.dead.is_empty(), "{:?}", e.dead);
    assert!(e.uncertain.is_empty(), "{:?}", e.uncertain);
    assert!(e.seki.is_empty());
    assert!(e.chains.iter().all(|c| c.status == ChainStatus::Alive));
    assert_eq!(e.ownership.len(), pos.size.points());
    assert!(e.ownership.iter().all(|o| (-1.0..=1.0).contains(o)));
}

#[test]
fn art8_nineteen_by_nineteen_dead_stones() {
    let (pos, e) = estimate(NINETEEN);
    assert_eq!(
        e.dead,
        points(
            &pos,
            &["C17", "D17", "F13", "R5", "R4", "P3", "P16", "P15", "Q15", "C3"]
        )
    );
    assert!(e.uncertain.is_empty(), "{:?}", e.uncertain);
    for v in ["D15", "G13", "Q4", "P14", "E4", "A10", "A9", "L8"] {
        assert_eq!(status(&pos, &e, v), ChainStatus::Alive, "{v}");
    }
}

#[test]
fn estimate_is_deterministic_for_a_seed() {
    let position = Position::from_diagram(NINETEEN);
    let config = EstimateConfig::default();
    let a = estimate_dead(&position, &config);
    let b = estimate_dead(&position, &config);
    assert_eq!(a, b);
    let other = estimate_dead(&position, &EstimateConfig { seed: 7, ..config });
    assert_eq!(a.dead, other.dead);
}

#[test]
fn empty_board_and_lone_stones() {
    let e = estimate_dead(
        &Position::empty(BoardSize::square(9).unwrap()),
        &EstimateConfig::default(),
    );
    assert!(e.chains.is_empty() && e.dead.is_empty());
    assert!(e.ownership.iter().all(|&o| o == 0.0));
    let one = estimate_dead(&Position::from_diagram("X"), &EstimateConfig::default());
    assert_eq!(one.chains.len(), 1);
    assert_eq!(one.chains[0].color, Color::Black);
}

/// Finished game: settled borders, a few dead stones in each territory (shared with
/// `benches/estimate.rs`).
const NINETEEN: &str = include_str!("../data/finished-19x19.txt");

#[test]
fn any_board_size_and_any_filling_gives_a_consistent_estimate() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for (w, h) in [(1, 1), (2, 3), (5, 5), (7, 13), (19, 19), (52, 52), (52, 1)] {
        let size = BoardSize::new(w, h).unwrap();
        for fill in [0u64, 30, 60, 90] {
            let mut position = Position::empty(size);
            for cell in position.cells.iter_mut() {
                let r = next() % 100;
                *cell = if r >= fill {
                    None
                } else if r % 2 == 0 {
                    Some(Color::Black)
                } else {
                    Some(Color::White)
                };
            }
            let config = EstimateConfig {
                playouts: 16,
                ..EstimateConfig::default()
            };
            let e = estimate_dead(&position, &config);
            assert_eq!(e.ownership.len(), size.points());
            let stones = position.cells.iter().filter(|c| c.is_some()).count();
            assert_eq!(
                e.chains.iter().map(|c| c.stones.len()).sum::<usize>(),
                stones
            );
            for c in &e.chains {
                assert!((0.5..=1.0).contains(&c.confidence), "{c:?}");
            }
            // Dead means the chains judged dead, sure or not; seki is never dead.
            let judged_dead: Vec<Point> = {
                let mut v: Vec<Point> = e
                    .chains
                    .iter()
                    .filter(|c| c.status == ChainStatus::Dead)
                    .flat_map(|c| c.stones.iter().copied())
                    .collect();
                v.sort();
                v
            };
            assert_eq!(e.dead, judged_dead);
            assert!(e.seki.iter().all(|p| !e.dead.contains(p)));
        }
    }
}

#[test]
fn art8_chain_that_loses_its_capturing_race_is_dead() {
    // White's F9-F7 has two liberties, G9 and E7, and E7 lies in Black's own eye space;
    // Black's G8-J7 has three, G9, H9 and J9. Black fills E7 or G9 first and captures,
    // whoever moves first: White's three stones are dead, Black's chain and big group live.
    let (pos, e) = estimate(
        "
        . O X . X O . . .
        O O X . X O X X X
        O X X . . O X O X
        O X X X X X O O O
        O O X O O O O . O
        . O X O . O O O O
        O O X O O . O . O
        . O X X O O O O O
        O O O X O . O . O",
    );
    assert_status(&pos, &e, &["F9"], ChainStatus::Dead);
    assert_eq!(status(&pos, &e, "G8"), ChainStatus::Alive);
    assert_eq!(status(&pos, &e, "C9"), ChainStatus::Alive);
}
