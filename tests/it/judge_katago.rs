//! KataGo as the judge, played by the fake KataGo of `tests/fixtures/fake-katago.py`: the
//! judge knows it by its `name`, reads its dead chains off one `kata-raw-nn` evaluation
//! (the fake's `final_status_list` answers an error, so a judge that asked it would fail),
//! and the verdict a user sees follows the ownership the engine gives. A malformed
//! ownership is a judge failure with a message, and a KataGo that cannot be started says
//! where it was looked for.

use crate::common;

use sgfaudit::audit::judge::{judge_position, JudgeAnswer, JudgeConfig, JudgeFailureKind};
use sgfaudit::geom::{BoardSize, Color, Point, Position};

/// A GNU Go game of the corpus (`RE[B+37.5]`) the estimate leaves `unverifiable`: `RE[]`
/// fits only if White's chain at Q4 (Q4 Q3 R3 R2) that it counts alive is dead. GNU Go, as the judge, calls it dead and the count agrees.
const GAME: &str = "corpus/gnugo-passes/gnugo-19x19-s1117__ok.sgf";

/// The fake KataGo with the points it gives the other colour.
fn fake(opponent_owns: &[String]) -> String {
    format!(
        "python3 tests/fixtures/fake-katago.py --opponent-owns '{}'",
        opponent_owns.join(" ")
    )
}

/// The game's check and dead stones (SGF points, by colour) as `audit --format jsonl`
/// reports them, with `args` added.
fn audit(args: &[&str]) -> (serde_json::Value, Vec<String>, Vec<String>, String) {
    let mut all = vec!["audit", GAME, "--format", "jsonl"];
    all.extend(args);
    let out = common::sgfaudit(&all);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = common::json_lines(&out.stdout);
    let game = common::games(&lines)[0].clone();
    let points = |color: &str| -> Vec<String> {
        game["score"]["dead"][color]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().unwrap().to_string())
            .collect()
    };
    let (black, white) = (points("black"), points("white"));
    let from = game["score"]["dead_from"]
        .as_str()
        .unwrap_or("")
        .to_string();
    (game["check"].clone(), black, white, from)
}

/// An SGF point (`pp`) as a GTP vertex on 19×19 (`Q4`).
fn vertex(sgf: &str) -> String {
    Point::from_sgf(sgf.as_bytes())
        .unwrap()
        .vertex(BoardSize::STANDARD)
}

#[test]
fn the_verdict_follows_katagos_ownership() {
    let (alone, black, white, from) = audit(&[]);
    assert_eq!(alone["verdict"], "unverifiable", "{alone}");
    assert_eq!(from, "estimate");
    assert_eq!(alone["reason_code"], "fits-only-if", "{alone}");
    // The fake gives the other colour the points of the stones the estimate counts dead:
    // the engine confirms the estimate, and the verdict stays.
    let estimate: Vec<String> = black.iter().chain(&white).map(|p| vertex(p)).collect();
    let confirming = fake(&estimate);
    let (check, judged_black, judged_white, from) = audit(&["--judge", &confirming]);
    assert_eq!(from, "judge", "{check}");
    assert_eq!((judged_black, judged_white), (black.clone(), white.clone()));
    assert_eq!(check["verdict"], "unverifiable", "{check}");
    assert_eq!(check["reason_code"], "with-dead-stone-notes", "{check}");
    // The reason names the engine by its command line, and nothing of its protocol.
    let reason = check["reason"].as_str().unwrap();
    assert!(reason.contains(&confirming), "{reason}");
    assert!(!reason.contains("final_status_list"), "{reason}");
    // The same and the point Q4 alone: the judge kills White's whole chain there (its
    // worst stone is owned by Black), and `RE[]` agrees.
    let mut with_q4 = estimate.clone();
    with_q4.push("Q4".to_string());
    let (check, judged_black, judged_white, from) = audit(&["--judge", &fake(&with_q4)]);
    assert_eq!(from, "judge");
    assert_eq!(check["verdict"], "agrees", "{check}");
    assert_eq!(judged_black, black);
    let chain = ["pp", "pq", "qq", "qr"].map(String::from);
    let mut expected = white.clone();
    expected.extend(chain);
    expected.sort();
    assert_eq!(judged_white, expected, "the whole chain, from one point");
}

/// A small position: a White stone in atari (C3, its liberty D3) and a White chain of
/// two (D2 D1) among Black stones.
fn small() -> Position {
    Position::from_diagram(
        ". . . . .
         . X X . .
         . X O . .
         . . X O .
         . . . O .",
    )
}

fn judged(command: &str, position: &Position, komi: f64) -> JudgeAnswer {
    judge_position(&JudgeConfig::new(command), position, komi, Color::Black)
}

#[test]
fn dead_chains_come_from_the_ownership_alone() {
    let fake = "python3 tests/fixtures/fake-katago.py";
    // The fake's rule: a chain in atari is the other colour's.
    let atari = vec![Point::new(2, 2)];
    assert_eq!(
        judged(fake, &small(), 7.5),
        JudgeAnswer::Dead(atari.clone())
    );
    // A komi KataGo refuses (not a whole or half point) is sent as the nearest it takes.
    assert_eq!(
        judged(fake, &small(), 3.75),
        JudgeAnswer::Dead(atari.clone())
    );
    // One point of the White chain D2 D1 owned by Black: the whole chain is dead.
    let answer = judged(&format!("{fake} --opponent-owns D1"), &small(), 7.5);
    let mut expected = vec![Point::new(2, 2), Point::new(3, 3), Point::new(3, 4)];
    expected.sort();
    assert_eq!(answer, JudgeAnswer::Dead(expected));
    // White to move (Black passes after `set_position`): the same ownership.
    let white = judge_position(&JudgeConfig::new(fake), &small(), 7.5, Color::White);
    assert_eq!(white, JudgeAnswer::Dead(atari));
}

#[test]
fn a_malformed_ownership_is_a_judge_failure() {
    for (kind, says) in [
        (
            "short",
            "its whiteOwnership has 24 values, the 5×5 board 25 points",
        ),
        ("word", "\"banana\", not a number in [-1, 1]"),
        ("none", "it has no whiteOwnership"),
    ] {
        let command = format!("python3 tests/fixtures/fake-katago.py --malformed {kind}");
        match judged(&command, &small(), 7.5) {
            JudgeAnswer::Failed(f) => {
                assert_eq!(f.kind, JudgeFailureKind::Protocol, "{kind}: {}", f.message);
                assert!(
                    f.message.contains("answered `kata-raw-nn 0` with nonsense")
                        && f.message.contains(says),
                    "{kind}: {}",
                    f.message
                );
            }
            other => panic!("{kind}: {other:?}"),
        }
    }
    // On the command line the engine is tried first, on an empty 9×9 board: a usage error.
    let out = common::sgfaudit(&[
        "audit",
        GAME,
        "--judge",
        "python3 tests/fixtures/fake-katago.py --malformed short",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--judge: the engine `python3 tests/fixtures/fake-katago.py --malformed short` answered `kata-raw-nn 0` with nonsense: its whiteOwnership has 80 values, the 9×9 board 81 points"),
        "{err}"
    );
}

#[test]
fn a_katago_that_cannot_start_says_where_to_look() {
    let on_path = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).any(|d| d.join("katago").is_file()))
        .unwrap_or(false);
    if on_path || std::path::Path::new("/usr/games/katago").is_file() {
        eprintln!("note: a katago is installed: the message for a missing one is not tested");
        return;
    }
    let command = "katago gtp -model kata1-b18c384.bin.gz -config gtp.cfg";
    match judged(command, &small(), 7.5) {
        JudgeAnswer::Failed(f) => {
            assert_eq!(f.kind, JudgeFailureKind::Spawn);
            for says in [
                "cannot be started",
                "looked on PATH and in /usr/games",
                "KataGo: give the full path of the `katago` program",
            ] {
                assert!(f.message.contains(says), "{}", f.message);
            }
        }
        other => panic!("{other:?}"),
    }
    let missing = "/nowhere/katago gtp -model net.bin.gz";
    match judged(missing, &small(), 7.5) {
        JudgeAnswer::Failed(f) => {
            assert_eq!(f.kind, JudgeFailureKind::Spawn);
            assert!(
                f.message
                    .contains("there is no file /nowhere/katago: check the path"),
                "{}",
                f.message
            );
        }
        other => panic!("{other:?}"),
    }
}
