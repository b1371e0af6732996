//! Every spelling of a result the rules' "Results in RE[]" list names, and what reading
//! arbitrary text gives.

use proptest::prelude::*;
use sgfaudit::geom::Color::{Black as B, White as W};
use sgfaudit::score::parse_result;
use sgfaudit::score::RecordedResult::{self, *};

fn score(winner: sgfaudit::geom::Color, points: f64) -> RecordedResult {
    Score { winner, points }
}

fn table(cases: &[(&str, RecordedResult)]) {
    for (raw, expected) in cases {
        assert_eq!(parse_result(raw), *expected, "RE[{raw}]");
    }
}

#[test]
fn sgf_counted_results_are_in_points() {
    table(&[
        ("B+3.5", score(B, 3.5)),
        ("W+0.5", score(W, 0.5)),
        ("B+3.50", score(B, 3.5)),
        (" B+3.5 ", score(B, 3.5)),
        ("B + 3.5", score(B, 3.5)),
        ("w+12", score(W, 12.0)),
        // A winner by zero names a winner, not a draw (Fox writes it for games not
        // decided by counting).
        ("B+0.0", WinnerOnly(B)),
        ("Black+2.5", score(B, 2.5)),
    ]);
}

#[test]
fn art7_resignation() {
    table(&[
        ("B+R", Resignation(B)),
        ("B+Resign", Resignation(B)),
        ("b+r", Resignation(B)),
        ("W+R", Resignation(W)),
        ("W+Resign", Resignation(W)),
        ("黑中盘胜", Resignation(B)),
        ("白中盘胜", Resignation(W)),
        ("白中盤勝", Resignation(W)),
        ("黒中押し勝ち", Resignation(B)),
        ("白中押し勝ち", Resignation(W)),
        ("흑 불계승", Resignation(B)),
        ("백 불계승", Resignation(W)),
    ]);
}

#[test]
fn art13_time_and_forfeit() {
    table(&[
        ("W+T", Time(W)),
        ("W+Time", Time(W)),
        ("B+time", Time(B)),
        ("백 시간승", Time(W)),
        ("B+F", Forfeit(B)),
        ("B+Forfeit", Forfeit(B)),
        ("B+Offline", Forfeit(B)),
        ("W+Illegal", Forfeit(W)),
    ]);
}

#[test]
fn draws_void_and_unknown() {
    table(&[
        ("0", Draw),
        ("Draw", Draw),
        ("draw", Draw),
        ("Jigo", Draw),
        ("和棋", Draw),
        ("持碁", Draw),
        ("무승부", Draw),
        ("Void", Void),
        ("?", Unknown),
    ]);
}

#[test]
fn winner_only() {
    table(&[
        ("B+", WinnerOnly(B)),
        ("W+", WinnerOnly(W)),
        ("B", WinnerOnly(B)),
        ("W", WinnerOnly(W)),
        ("黑胜", WinnerOnly(B)),
        ("흑승", WinnerOnly(B)),
    ]);
}

#[test]
fn art11_chinese_results_in_stones_are_twice_as_many_points() {
    table(&[
        ("黑胜3/4子", score(B, 1.5)),
        ("白胜1/4子", score(W, 0.5)),
        ("黑胜1又1/4子", score(B, 2.5)),
        ("黑胜2子", score(B, 4.0)),
        ("黑胜半子", score(B, 1.0)),
        ("W+1又3/4子", score(W, 3.5)),
        ("黑胜 3/4 子", score(B, 1.5)),
    ]);
}

#[test]
fn points_in_moku_and_jip() {
    table(&[
        ("黑胜3.5目", score(B, 3.5)),
        ("黒3目半勝ち", score(B, 3.5)),
        ("白半目勝ち", score(W, 0.5)),
        ("흑 3.5집승", score(B, 3.5)),
        ("백 반집승", score(W, 0.5)),
        ("흑 1집반승", score(B, 1.5)),
    ]);
}

#[test]
fn what_cannot_be_read_is_unparsed_not_guessed() {
    table(&[
        ("", Unparsed),
        ("B+J", Unparsed),
        ("john wins", Unparsed),
        ("has adjourned.", Unparsed),
        ("B+1.5 ? W+timeout", Unparsed),
        ("B+1 1/4", Unparsed),
        ("B+-3", Unparsed),
        ("B+NaN", Unparsed),
        ("B+1e9", Unparsed),
        ("W+3/0子", Unparsed),
        ("%s", Unparsed),
    ]);
}

proptest! {
    #[test]
    fn any_text_gives_an_answer(raw in ".{0,40}") {
        if let Score { points, .. } = parse_result(&raw) {
            prop_assert!(points.is_finite() && points >= 0.0);
        }
    }

    #[test]
    fn text_made_of_result_pieces_gives_an_answer(
        pieces in proptest::collection::vec(
            prop::sample::select(vec![
                "B", "W", "+", "R", "黑", "白", "胜", "子", "目", "又", "/", "半", "집", "반",
                "흑", "승", " ", ".", "1", "3", "0", "4", "中盘", "勝ち", "ｂ", "＋",
            ]),
            0..12,
        )
    ) {
        let raw: String = pieces.concat();
        if let Score { points, .. } = parse_result(&raw) {
            prop_assert!(points.is_finite() && points >= 0.0);
        }
    }
}
