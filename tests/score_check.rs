//! Checking `RE[]` against the count: agreement, certain disagreement, and every reason a
//! result cannot be checked.

use sgfaudit::check::{check_result, CheckContext};
use sgfaudit::geom::{BoardSize, Color, Position};
use sgfaudit::score::{
    count_territory, score_position, CountedBy, DeadFrom, Score, ScoringMethod, Verdict,
};

/// A finished 19×19 count: Black 185, White 176, komi 7.5 → B+1.5.
fn b_plus_1_5() -> Score {
    counted(185)
}

fn counted(black: usize) -> Score {
    let mut p = Position::empty(BoardSize::STANDARD);
    for (i, cell) in p.cells.iter_mut().enumerate() {
        *cell = Some(if i < black {
            Color::Black
        } else {
            Color::White
        });
    }
    score_position(
        &p,
        &[],
        ScoringMethod::SplitShared,
        7.5,
        0.0,
        DeadFrom::Markup,
    )
}

/// Everything known: area rules, two passes, dead stones from markup, komi read plainly.
fn sure() -> CheckContext {
    CheckContext {
        ended_by_passes: true,
        settled: false,
        moves_after_end: false,
        counting: CountedBy::Area,
        dead_determined: true,
        komi_uncertain: false,
    }
}

#[test]
fn art11_same_margin_agrees() {
    let s = b_plus_1_5();
    for re in ["B+1.5", "黑胜3/4子", "b+1.50"] {
        let c = check_result(Some(re), Some(&s), &sure());
        assert_eq!(c.verdict, Verdict::Agrees, "RE[{re}]");
        assert_eq!(c.computed.as_deref(), Some("B+1.5"));
        assert_eq!(c.difference, Some(0.0));
    }
}

#[test]
fn a_draw_agrees_with_a_drawn_count() {
    let mut p = Position::empty(BoardSize::new(2, 1).unwrap());
    p.cells = vec![Some(Color::Black), Some(Color::White)];
    let s = score_position(
        &p,
        &[],
        ScoringMethod::SplitShared,
        0.0,
        0.0,
        DeadFrom::None,
    );
    for re in ["0", "Draw", "和棋"] {
        let c = check_result(Some(re), Some(&s), &sure());
        assert_eq!(c.verdict, Verdict::Agrees, "RE[{re}]");
    }
}

#[test]
fn a_different_margin_disagrees_when_the_count_is_sure() {
    let c = check_result(Some("B+2.5"), Some(&b_plus_1_5()), &sure());
    assert_eq!(c.verdict, Verdict::Disagrees);
    assert_eq!(c.recorded.as_deref(), Some("B+2.5"));
    assert_eq!(c.difference, Some(1.0));
    assert_eq!(
        c.reason.as_deref(),
        Some("the record says B+2.5, area counting gives B+1.5")
    );
    let c = check_result(Some("W+0.5"), Some(&b_plus_1_5()), &sure());
    assert_eq!(c.verdict, Verdict::Disagrees);
    assert_eq!(c.difference, Some(-2.0));
    let c = check_result(Some("黑胜1又1/4子"), Some(&b_plus_1_5()), &sure());
    assert_eq!(c.verdict, Verdict::Disagrees);
    assert_eq!(
        c.reason.as_deref(),
        Some("the record says 黑胜1又1/4子 (B+2.5), area counting gives B+1.5")
    );
    let c = check_result(Some("Jigo"), Some(&b_plus_1_5()), &sure());
    assert_eq!(
        c.reason.as_deref(),
        Some("the record says Jigo (a draw), area counting gives B+1.5")
    );
}

#[test]
fn a_mismatch_is_never_called_wrong_on_doubt() {
    let doubts: [(&str, CheckContext); 4] = [
        (
            "did not end by two passes",
            CheckContext {
                ended_by_passes: false,
                ..sure()
            },
        ),
        (
            "after the game ended",
            CheckContext {
                moves_after_end: true,
                ..sure()
            },
        ),
        (
            "dead stones are not determined",
            CheckContext {
                dead_determined: false,
                ..sure()
            },
        ),
        (
            "komi is uncertain",
            CheckContext {
                komi_uncertain: true,
                ..sure()
            },
        ),
    ];
    for (why, ctx) in doubts {
        let c = check_result(Some("W+3.5"), Some(&b_plus_1_5()), &ctx);
        assert_eq!(c.verdict, Verdict::Unverifiable, "{why}");
        let reason = c.reason.unwrap();
        assert!(reason.contains(why), "{reason}");
        assert!(reason.contains("counting gives B+1.5"), "{reason}");
    }
}

#[test]
fn agreement_is_reported_even_with_doubts() {
    let ctx = CheckContext {
        dead_determined: false,
        komi_uncertain: true,
        ..sure()
    };
    let c = check_result(Some("B+1.5"), Some(&b_plus_1_5()), &ctx);
    assert_eq!(c.verdict, Verdict::Agrees);
}

#[test]
fn winner_only_agrees_on_the_winner_and_disagrees_only_when_sure() {
    let s = b_plus_1_5();
    let c = check_result(Some("B+"), Some(&s), &sure());
    assert_eq!(c.verdict, Verdict::Agrees);
    assert_eq!(c.difference, None);
    assert!(c.reason.unwrap().contains("only the winner"));

    let c = check_result(Some("W"), Some(&s), &sure());
    assert_eq!(c.verdict, Verdict::Disagrees);
    assert_eq!(
        c.reason.as_deref(),
        Some("White won, area counting gives B+1.5")
    );

    let unsure = CheckContext {
        dead_determined: false,
        ..sure()
    };
    let c = check_result(Some("W"), Some(&s), &unsure);
    assert_eq!(c.verdict, Verdict::Unverifiable);
}

#[test]
fn results_counting_cannot_check_are_unverifiable() {
    let s = b_plus_1_5();
    let cases = [
        ("B+R", "resignation"),
        ("黑中盘胜", "resignation"),
        ("W+T", "on time"),
        ("B+F", "forfeit"),
        ("B+Offline", "forfeit"),
        ("Void", "void"),
        ("?", "unknown"),
        ("B+J", "RE[B+J] could not be read"),
    ];
    for (re, why) in cases {
        let c = check_result(Some(re), Some(&s), &sure());
        assert_eq!(c.verdict, Verdict::Unverifiable, "RE[{re}]");
        assert!(
            c.reason.as_deref().unwrap().contains(why),
            "RE[{re}]: {:?}",
            c.reason
        );
    }
}

#[test]
fn no_result_no_count_and_territory_rules_are_unverifiable() {
    let s = b_plus_1_5();
    let c = check_result(None, Some(&s), &sure());
    assert_eq!(c.verdict, Verdict::Unverifiable);
    assert!(c.reason.unwrap().contains("no result"));
    let c = check_result(Some("  "), Some(&s), &sure());
    assert_eq!(c.verdict, Verdict::Unverifiable);

    let c = check_result(Some("B+3.5"), None, &sure());
    assert_eq!(c.verdict, Verdict::Unverifiable);
    assert!(c.reason.unwrap().contains("not counted"));
    assert_eq!(c.computed, None);

    // Territory rules compare the territory count: a score without one cannot be checked.
    let japanese = CheckContext {
        counting: CountedBy::Territory,
        ..sure()
    };
    let c = check_result(Some("B+3.5"), Some(&s), &japanese);
    assert_eq!(c.verdict, Verdict::Unverifiable);
    assert!(c.reason.unwrap().contains("not counted by territory"));
}

#[test]
fn territory_rules_compare_the_territory_count() {
    // Area B+1.5; by territory (no territory, no prisoners) White wins by the komi.
    let mut s = b_plus_1_5();
    let p = Position::empty(BoardSize::STANDARD);
    s.territory = Some(count_territory(&p, &[], &[], [3, 0], 7.5).score);
    s.counting = CountedBy::Territory;
    let japanese = CheckContext {
        counting: CountedBy::Territory,
        ..sure()
    };
    // Black 3 prisoners, White nothing + 7.5 komi (the empty board is dame: no territory).
    let c = check_result(Some("W+4.5"), Some(&s), &japanese);
    assert_eq!(c.verdict, Verdict::Agrees, "{c:?}");
    assert_eq!(c.computed.as_deref(), Some("W+4.5"));
    let c = check_result(Some("B+1.5"), Some(&s), &japanese);
    assert_eq!(c.verdict, Verdict::Disagrees);
    assert_eq!(
        c.reason.as_deref(),
        Some("the record says B+1.5, territory counting gives W+4.5")
    );
}

#[test]
fn check_says_what_was_recorded_and_what_was_counted() {
    let c = check_result(Some("B+2.5"), Some(&b_plus_1_5()), &sure());
    assert_eq!(c.recorded.as_deref(), Some("B+2.5"));
    assert_eq!(c.computed.as_deref(), Some("B+1.5"));
    assert_eq!(c.verdict.as_str(), "disagrees");
    assert_eq!(
        c.reason.as_deref(),
        Some("the record says B+2.5, area counting gives B+1.5")
    );

    let c = check_result(Some("B+R"), None, &sure());
    assert_eq!(c.verdict.as_str(), "unverifiable");
    assert!(c.computed.is_none());
    assert!(c.difference.is_none());
}

#[test]
fn an_unfinished_position_never_disagrees() {
    // Two passes, but the boundaries are open: a Black wall on the first column, a White
    // wall on the last, 7 x 9 empty points between them touching both (not dame: the game
    // was stopped before it was over).
    let mut p = Position::empty(BoardSize::square(9).unwrap());
    for row in 0..9 {
        p.set(sgfaudit::geom::Point::new(0, row), Some(Color::Black));
        p.set(sgfaudit::geom::Point::new(8, row), Some(Color::White));
    }
    let s = score_position(
        &p,
        &[],
        ScoringMethod::SplitShared,
        7.5,
        0.0,
        DeadFrom::Markup,
    );
    assert_eq!(s.dame, 63);
    let c = check_result(Some("B+10.5"), Some(&s), &sure());
    assert_eq!(c.verdict, Verdict::Unverifiable);
    assert!(
        c.reason
            .as_deref()
            .unwrap()
            .contains("not finished (63 points"),
        "{:?}",
        c.reason
    );
    // Agreement is still agreement.
    let c = check_result(Some("W+7.5"), Some(&s), &sure());
    assert_eq!(c.verdict, Verdict::Agrees);
}
