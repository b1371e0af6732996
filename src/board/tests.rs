//! Hand-made positions for the board rules: captures, suicide, ko, repetition, setup.

use super::*;
use crate::geom::Color::{Black, White};

fn pt(s: &str) -> Point {
    Point::from_sgf(s.as_bytes()).unwrap()
}

fn board(diagram: &str) -> Board {
    let b = Board::from_position(&Position::from_diagram(diagram));
    b.debug_validate();
    b
}

/// Plays on both boards, checks they agree and that `Board` is consistent.
fn play_both(
    b: &mut Board,
    n: &mut NaiveBoard,
    c: Color,
    p: &str,
    rule: SuicideRule,
) -> Result<Played, Rejection> {
    let r = b.play(c, pt(p), rule, |_| false);
    let rn = n.play(c, pt(p), rule, |_| false);
    assert_eq!(r, rn, "{c} {p}");
    assert_eq!(b.position(), n.position());
    assert_eq!(b.ko_point(), n.ko_point());
    b.debug_validate();
    r
}

fn pair(diagram: &str) -> (Board, NaiveBoard) {
    let position = Position::from_diagram(diagram);
    let mut n = NaiveBoard::new(position.size);
    for (i, s) in position.cells.iter().enumerate() {
        n.place(position.size.point(i), *s);
    }
    (board(diagram), n)
}

fn ok(r: Result<Played, Rejection>) -> Played {
    r.unwrap_or_else(|e| panic!("move refused: {e:?}"))
}

const F: SuicideRule = SuicideRule::Forbidden;
const A: SuicideRule = SuicideRule::Allowed;

#[test]
fn empty_board() {
    let b = Board::new(BoardSize::STANDARD);
    b.debug_validate();
    assert_eq!(b.hash(), 0);
    assert_eq!(b.stones(Black), 0);
    assert_eq!(b.ko_point(), None);
    assert_eq!(b.position(), Position::empty(BoardSize::STANDARD));
}

#[test]
fn single_capture_in_the_middle() {
    let (mut b, mut n) = pair(
        ".....
         ..X..
         .XO..
         ..X..
         .....",
    );
    let before = b.hash();
    let r = ok(play_both(&mut b, &mut n, Black, "dc", F));
    assert_eq!(r.captured, 1);
    assert_eq!(r.suicide_removed, 0);
    assert_eq!(b.get(pt("cc")), None);
    assert_eq!(b.captures(Black), 1);
    assert_eq!(b.captures(White), 0);
    assert_eq!(b.stones(White), 0);
    assert_eq!(b.stones(Black), 4);
    assert_eq!(
        r.hash,
        before ^ point_key(pt("dc"), Black) ^ point_key(pt("cc"), White)
    );
    assert_eq!(r.hash, b.hash());
    assert_eq!(b.liberties(pt("dc")), Some(4));
    // A single capture, but the capturing stone has 4 liberties: no ko.
    assert_eq!(b.ko_point(), None);
}

#[test]
fn corner_and_edge_captures() {
    let (mut b, mut n) = pair(
        "OX...
         .....
         .....
         ..XOX
         .....",
    );
    let r = ok(play_both(&mut b, &mut n, Black, "ab", F));
    assert_eq!(r.captured, 1);
    assert_eq!(b.get(pt("aa")), None);
    let r = ok(play_both(&mut b, &mut n, Black, "de", F));
    assert_eq!(r.captured, 0);
    assert_eq!(b.liberties(pt("dd")), Some(1));
    ok(play_both(&mut b, &mut n, White, "dc", F));
    let r = ok(play_both(&mut b, &mut n, Black, "cc", F));
    assert_eq!(r.captured, 0);
    assert_eq!(b.liberties(pt("dc")), Some(2));
    assert_eq!(b.chain_points(pt("dc")).len(), 2);
    ok(play_both(&mut b, &mut n, Black, "ec", F));
    let r = ok(play_both(&mut b, &mut n, Black, "db", F));
    assert_eq!(r.captured, 2);
    assert_eq!(b.captures(Black), 3);
}

#[test]
fn several_chains_captured_at_once() {
    let (mut b, mut n) = pair(
        ".XOX.
         XO.OX
         .XOX.
         ..X..
         .....",
    );
    let r = ok(play_both(&mut b, &mut n, Black, "cb", F));
    assert_eq!(r.captured, 4);
    assert_eq!(b.stones(White), 0);
    assert_eq!(b.liberties(pt("cb")), Some(4));
    assert_eq!(b.ko_point(), None);
}

#[test]
fn suicide_forbidden_leaves_board_unchanged() {
    let (mut b, mut n) = pair(
        ".X...
         X....
         .....
         .....
         .....",
    );
    let before = b.position();
    let h = b.hash();
    assert_eq!(
        play_both(&mut b, &mut n, White, "aa", F),
        Err(Rejection::Suicide)
    );
    assert_eq!(b.position(), before);
    assert_eq!(b.hash(), h);
    assert_eq!(b.captures(Black), 0);
}

#[test]
fn multi_stone_suicide_allowed_removes_own_chain() {
    // White 'aa' joins 'ba'; the chain has no liberty and captures nothing.
    let (mut b, mut n) = pair(
        ".OX..
         XX...
         .....
         .....
         .....",
    );
    assert_eq!(
        play_both(&mut b, &mut n, White, "aa", F),
        Err(Rejection::Suicide)
    );
    let h = b.hash();
    let r = ok(play_both(&mut b, &mut n, White, "aa", A));
    assert_eq!(r.captured, 0);
    assert_eq!(r.suicide_removed, 2);
    assert_eq!(r.hash, h ^ point_key(pt("ba"), White));
    assert_eq!(b.get(pt("aa")), None);
    assert_eq!(b.get(pt("ba")), None);
    assert_eq!(b.captures(Black), 2);
    assert_eq!(b.captures(White), 0);
    assert_eq!(b.stones(White), 0);
    assert_eq!(b.liberties(pt("ca")), Some(3));
    assert_eq!(b.liberties(pt("ab")), Some(5));
}

#[test]
fn single_stone_suicide_allowed_changes_nothing_but_prisoners() {
    let (mut b, mut n) = pair(
        ".X.
         X..
         ...",
    );
    let h = b.hash();
    let r = ok(play_both(&mut b, &mut n, White, "aa", A));
    assert_eq!(
        r,
        Played {
            captured: 0,
            hash: h,
            suicide_removed: 1
        }
    );
    assert_eq!(b.captures(Black), 1);
    assert_eq!(b.get(pt("aa")), None);
}

#[test]
fn art4_capture_before_suicide() {
    // White 'bb' has no empty neighbour, but it takes the last liberty of the four black
    // stones, which go first; then 'bb' has liberties and the move is legal.
    for rule in [F, A] {
        let (mut b, mut n) = pair(
            "OXO
             X.X
             OXO",
        );
        assert_eq!(b.liberties(pt("aa")), Some(0));
        let r = ok(play_both(&mut b, &mut n, White, "bb", rule));
        assert_eq!(r.suicide_removed, 0);
        assert_eq!(r.captured, 4);
        assert_eq!(b.liberties(pt("bb")), Some(4));
        assert_eq!(b.liberties(pt("aa")), Some(2));
        assert_eq!(b.captures(White), 4);
    }
}

#[test]
fn ko_point_for_a_real_ko() {
    let (mut b, mut n) = pair(
        ".XO..
         X.XO.
         .XO..
         .....
         .....",
    );
    let r = ok(play_both(&mut b, &mut n, White, "bb", F));
    assert_eq!(r.captured, 1);
    assert_eq!(b.ko_point(), Some(pt("cb")));
    // Any other play, a place or a pass clears it.
    let mut c = b.clone();
    c.pass();
    assert_eq!(c.ko_point(), None);
    let mut c = b.clone();
    c.place(pt("ee"), Some(Black));
    assert_eq!(c.ko_point(), None);
    ok(play_both(&mut b, &mut n, Black, "ee", F));
    assert_eq!(b.ko_point(), None);
    // The board does not enforce ko itself: the retake is a new ko.
    let r = ok(play_both(&mut b, &mut n, Black, "cb", F));
    assert_eq!(r.captured, 1);
    assert_eq!(b.ko_point(), Some(pt("bb")));
}

#[test]
fn no_ko_point_when_two_stones_are_captured() {
    // Snapback: Black 'aa' takes the two white stones and is left with one liberty.
    let (mut b, mut n) = pair(
        ".OOX.
         OXX..
         .....
         .....
         .....",
    );
    let r = ok(play_both(&mut b, &mut n, Black, "aa", F));
    assert_eq!(r.captured, 2);
    assert_eq!(b.liberties(pt("aa")), Some(1));
    assert_eq!(b.chain_points(pt("aa")).len(), 1);
    assert_eq!(b.ko_point(), None);
}

#[test]
fn no_ko_point_when_the_capturing_stone_has_two_liberties() {
    // White 'ba' takes 'aa' and keeps 'ca' as a second liberty.
    let (mut b, mut n) = pair(
        "X....
         OX...
         .....",
    );
    let r = ok(play_both(&mut b, &mut n, White, "ba", F));
    assert_eq!(r.captured, 1);
    assert_eq!(b.liberties(pt("ba")), Some(2));
    assert_eq!(b.ko_point(), None);
}

#[test]
fn no_ko_point_when_the_capturing_stone_joins_a_chain() {
    // White 'ba' takes 'ca'; the chain 'aa'-'ba' is left with the one liberty 'ca', but it
    // is not a single stone, so Black may retake at once (and capture two).
    let (mut b, mut n) = pair(
        "O.XO.
         XXO..
         .....
         .....
         .....",
    );
    let r = ok(play_both(&mut b, &mut n, White, "ba", F));
    assert_eq!(r.captured, 1);
    assert_eq!(b.chain_points(pt("ba")).len(), 2);
    assert_eq!(b.liberties(pt("ba")), Some(1));
    assert_eq!(b.ko_point(), None);
    let r = ok(play_both(&mut b, &mut n, Black, "ca", F));
    assert_eq!(r.captured, 2);
}

#[test]
fn repeat_rejection_leaves_everything_unchanged() {
    let (mut b, _) = pair(
        ".XO..
         X.XO.
         .XO..
         .....
         .....",
    );
    let before = b.position();
    let h = b.hash();
    let expected = h ^ point_key(pt("bb"), White) ^ point_key(pt("cb"), Black);
    let mut asked = None;
    let r = b.play(White, pt("bb"), F, |x| {
        asked = Some(x);
        true
    });
    assert_eq!(r, Err(Rejection::Repeat));
    assert_eq!(asked, Some(expected));
    assert_eq!(b.position(), before);
    assert_eq!(b.hash(), h);
    assert_eq!(b.captures(White), 0);
    assert_eq!(b.ko_point(), None);
    b.debug_validate();
    // And with the same test refusing nothing, the move goes through with that hash.
    let r = ok(b.play(White, pt("bb"), F, |_| false));
    assert_eq!(r.hash, expected);
}

#[test]
fn repeat_is_asked_for_allowed_suicide_too() {
    let (mut b, _) = pair(
        ".X.
         X..
         ...",
    );
    let h = b.hash();
    assert_eq!(
        b.play(White, pt("aa"), A, |x| x == h),
        Err(Rejection::Repeat)
    );
    assert_eq!(b.captures(Black), 0);
    b.debug_validate();
}

#[test]
fn occupied_is_refused() {
    let (mut b, mut n) = pair("X.\n..");
    assert_eq!(
        play_both(&mut b, &mut n, White, "aa", F),
        Err(Rejection::Occupied)
    );
    assert_eq!(
        play_both(&mut b, &mut n, Black, "aa", A),
        Err(Rejection::Occupied)
    );
}

#[test]
fn setup_may_leave_chains_without_liberties() {
    let (mut b, mut n) = pair(
        "XO...
         O....
         .....",
    );
    assert_eq!(b.liberties(pt("aa")), Some(0));
    assert_eq!(b.stones(Black), 1);
    // A move elsewhere does not remove it.
    ok(play_both(&mut b, &mut n, White, "ec", F));
    assert_eq!(b.get(pt("aa")), Some(Black));
    // Lifting a white stone gives it a liberty back.
    b.place(pt("ba"), None);
    n.place(pt("ba"), None);
    b.debug_validate();
    assert_eq!(b.liberties(pt("aa")), Some(1));
    // White captures it by a move.
    let r = ok(play_both(&mut b, &mut n, White, "ba", F));
    assert_eq!(r.captured, 1);
    assert_eq!(b.get(pt("aa")), None);
}

#[test]
fn setup_removal_splits_chains() {
    let mut b = board(
        "..X..
         ..X..
         XXXXX
         ..X..
         ..X..",
    );
    assert_eq!(b.chain_points(pt("cc")).len(), 9);
    b.place(pt("cc"), None);
    b.debug_validate();
    for p in ["ca", "ac", "ec", "ce"] {
        assert_eq!(b.chain_points(pt(p)).len(), 2);
    }
    assert_eq!(b.liberties(pt("cb")), Some(5));
    b.place(pt("cc"), Some(White));
    b.debug_validate();
    assert_eq!(b.liberties(pt("cc")), Some(0));
    assert_eq!(b.liberties(pt("cb")), Some(4));
    b.place(pt("cc"), Some(Black));
    b.debug_validate();
    assert_eq!(b.chain_points(pt("cc")).len(), 9);
    assert_eq!(b.liberties(pt("cc")), Some(12));
}

#[test]
fn rectangular_board() {
    let size = BoardSize::new(7, 3).unwrap();
    let mut b = Board::new(size);
    let mut n = NaiveBoard::new(size);
    ok(play_both(&mut b, &mut n, Black, "ga", F));
    ok(play_both(&mut b, &mut n, White, "fa", F));
    ok(play_both(&mut b, &mut n, White, "gb", F));
    assert_eq!(b.get(pt("ga")), None);
    assert_eq!(b.captures(White), 1);
    ok(play_both(&mut b, &mut n, Black, "gc", F));
    ok(play_both(&mut b, &mut n, Black, "ac", F));
    assert_eq!(b.liberties(pt("gc")), Some(1));
    assert_eq!(b.position().size, size);
    let tall = BoardSize::new(2, 9).unwrap();
    let mut b = Board::new(tall);
    let mut n = NaiveBoard::new(tall);
    for (c, p) in [(Black, "ai"), (White, "bi"), (White, "ah")] {
        ok(play_both(&mut b, &mut n, c, p, F));
    }
    assert_eq!(b.get(pt("ai")), None);
}

#[test]
fn corners_of_52x52() {
    let size = BoardSize::square(52).unwrap();
    let mut b = Board::new(size);
    let mut n = NaiveBoard::new(size);
    for (corner, a, c) in [
        ("aa", "ba", "ab"),
        ("Za", "Ya", "Zb"),
        ("aZ", "bZ", "aY"),
        ("ZZ", "YZ", "ZY"),
    ] {
        ok(play_both(&mut b, &mut n, Black, corner, F));
        assert_eq!(b.liberties(pt(corner)), Some(2));
        ok(play_both(&mut b, &mut n, White, a, F));
        let r = ok(play_both(&mut b, &mut n, White, c, F));
        assert_eq!(r.captured, 1);
        assert_eq!(
            play_both(&mut b, &mut n, Black, corner, F),
            Err(Rejection::Suicide)
        );
    }
    assert_eq!(b.captures(White), 4);
    assert_eq!(b.stones(White), 8);
    assert_eq!(b.hash(), n.hash());
}

#[test]
fn one_by_one_board() {
    let size = BoardSize::square(1).unwrap();
    let mut b = Board::new(size);
    let mut n = NaiveBoard::new(size);
    assert_eq!(
        play_both(&mut b, &mut n, Black, "aa", F),
        Err(Rejection::Suicide)
    );
    let r = ok(play_both(&mut b, &mut n, White, "aa", A));
    assert_eq!(r.suicide_removed, 1);
    assert_eq!(r.hash, 0);
    assert_eq!(b.captures(Black), 1);
    b.place(pt("aa"), Some(Black));
    b.debug_validate();
    assert_eq!(b.liberties(pt("aa")), Some(0));
    assert_eq!(
        b.play(White, pt("aa"), F, |_| false),
        Err(Rejection::Occupied)
    );
}

#[test]
fn hash_depends_on_stones_only_and_not_on_order() {
    let size = BoardSize::square(9).unwrap();
    let mut a = Board::new(size);
    let mut b = Board::new(size);
    for (c, p) in [(Black, "cc"), (White, "gg"), (Black, "cg")] {
        ok(a.play(c, pt(p), F, |_| false));
    }
    for (c, p) in [(Black, "cg"), (Black, "cc"), (White, "gg")] {
        b.place(pt(p), Some(c));
    }
    assert_eq!(a.hash(), b.hash());
    assert_ne!(a.hash(), 0);
    // The same stones on another board size have the same keys.
    let mut c = Board::new(BoardSize::square(19).unwrap());
    for (col, p) in [(Black, "cc"), (White, "gg"), (Black, "cg")] {
        c.place(pt(p), Some(col));
    }
    assert_eq!(c.hash(), a.hash());
    assert_ne!(side_to_move_key(White), 0);
}

#[test]
fn clear_resets() {
    let mut b = board("XO.\n.OX\n...");
    b.play(Black, pt("cc"), F, |_| false).unwrap();
    b.clear();
    b.debug_validate();
    assert_eq!(b.hash(), 0);
    assert_eq!(b.position(), Position::empty(b.size()));
    assert_eq!(b.captures(Black), 0);
}
