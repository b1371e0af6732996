//! A main line written as first variations nested 40,000 deep, each level with a one-node
//! side line (`(;B[..](;W[..](;B[..]...)(;W[..]))(;B[..]))`, as some editors write a
//! game): the run's peak memory stays that of a game, not the square of its depth, and
//! every illegal move of a side line is still reported, with its variation and its move
//! number along its own path.

use std::collections::HashSet;
use std::fmt::Write;
use std::fs;

use sgfaudit::board::{NaiveBoard, SuicideRule};
use sgfaudit::geom::{BoardSize, Color, Point};

use crate::common::Rng;
use crate::reliability::{audit_json, of_type};

const DEPTH: usize = 40_000;

/// Every this many levels, the side line plays on an occupied point.
const PLANTED_EVERY: usize = 3_999;

/// A random legal move of `color` on `board` that repeats none of the positions `seen`
/// (tried at random, then in order), if there is one.
fn legal_move(
    board: &NaiveBoard,
    color: Color,
    seen: &HashSet<u64>,
    rng: &mut Rng,
) -> Option<Point> {
    let size = board.size();
    let tries = (0..64)
        .map(|_| rng.below(size.points()))
        .chain(0..size.points());
    tries.map(|i| size.point(i)).find(|&p| {
        board.get(p).is_none()
            && board
                .clone()
                .play(color, p, SuicideRule::Forbidden, |h| seen.contains(&h))
                .is_ok()
    })
}

/// The text of the game, and for each planted illegal side move its move number along its
/// path and its variation's name.
fn nested_game() -> (String, Vec<(u64, String)>) {
    let size = BoardSize::STANDARD;
    let mut board = NaiveBoard::new(size);
    let mut rng = Rng::new(40_000);
    let (mut main, mut side, mut planted) = (Vec::new(), Vec::new(), Vec::new());
    let mut seen = HashSet::from([board.hash()]);
    let mut color = Color::Black;
    for level in 0..DEPTH {
        // The side line is the other choice of the same player at the same place.
        let alternative = if level % PLANTED_EVERY == PLANTED_EVERY - 1 {
            let occupied = (0..size.points())
                .map(|i| size.point(i))
                .find(|&p| board.get(p).is_some());
            let p = occupied.expect("stones on the board");
            planted.push((level as u64 + 1, format!("{}1", "0.".repeat(level))));
            Some(p)
        } else {
            legal_move(&board, color, &seen, &mut rng)
        };
        side.push((color, alternative));
        let mv = legal_move(&board, color, &seen, &mut rng);
        match mv {
            Some(p) => {
                board
                    .play(color, p, SuicideRule::Forbidden, |_| false)
                    .unwrap();
            }
            None => board.pass(),
        }
        seen.insert(board.hash());
        main.push((color, mv));
        color = color.opponent();
    }
    let node = |(color, p): (Color, Option<Point>)| {
        format!(
            ";{}[{}]",
            color.letter(),
            p.map_or(String::new(), |p| p.sgf())
        )
    };
    let mut text = String::from("(;GM[1]FF[4]SZ[19]KM[7.5]");
    for &m in &main {
        write!(text, "({}", node(m)).unwrap();
    }
    for &s in side.iter().rev() {
        write!(text, ")({})", node(s)).unwrap();
    }
    text.push(')');
    (text, planted)
}

#[test]
fn first_variations_nested_forty_thousand_deep_cost_what_the_game_holds() {
    let (text, mut planted) = nested_game();
    assert!(text.len() < 1 << 20, "{} bytes", text.len());
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nested.sgf");
    fs::write(&path, &text).unwrap();
    let run = audit_json(&["--jobs", "1", path.to_str().unwrap()]);
    println!("{DEPTH} deep: peak {} kB", run.max_rss_kb);
    assert!(
        run.max_rss_kb < 100 * 1024,
        "peak memory {} kB",
        run.max_rss_kb
    );
    let lines = run.lines();
    let game = of_type(&lines, "game")[0];
    assert_eq!(game["moves"], DEPTH as u64);
    let mut occupied: Vec<(u64, String)> = game["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["code"] == "occupied")
        .map(|f| {
            let variation = f["variation"].as_str().unwrap_or("").to_string();
            (f["move"].as_u64().unwrap(), variation)
        })
        .collect();
    // Findings come in the order of the text, where the deepest side line comes first.
    occupied.sort();
    planted.sort();
    assert_eq!(
        occupied.len(),
        planted.len(),
        "every planted move is reported"
    );
    assert!(
        occupied == planted,
        "the planted moves, by move and variation"
    );
}
