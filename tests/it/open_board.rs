//! Records that stop on an open board are never compared with `RE[]`: an opening kept
//! with its game's result, a download cut short. A count is made at the end of the game
//! (art. 7: agreement or two passes), of the stones both sides then agree are dead
//! (art. 8); a record cut after a few moves never got there. Their check is `not-counted`, its reason
//! names the open board, an `open-board` finding says the record stops far from an end,
//! and no dead stones are estimated. Checked on records of the shared corpus and on real
//! Tygem games cut short here, against an open-point count of this file's own.

use std::sync::OnceLock;

use proptest::prelude::*;
use sgfaudit::audit::AuditOptions;
use sgfaudit::check::reason::{Found, Reason, ReasonCode, Unchecked};
use sgfaudit::check::Check;
use sgfaudit::input::source::Bytes;
use sgfaudit::run::LoadedFile;

use crate::common;

/// Four moves of a symmetric opening, stored with the result of the game it began.
const FOUR_MOVES: &str = "(;GM[1]FF[4]SZ[19]KM[7.5]RE[W+2.5];B[pd];W[dd];B[pq];W[dp])";

/// The share of the board from which the check calls a position open: two thirds.
fn open_by_share(open: usize, points: usize) -> bool {
    3 * open >= 2 * points
}

/// The moves of one record's main line, as (colour, column, row); a pass is `None`.
fn main_line(record: &str) -> Vec<(u8, Option<(usize, usize)>)> {
    let mut moves = Vec::new();
    let bytes = record.as_bytes();
    let mut i = 0;
    while i + 2 < bytes.len() {
        if bytes[i] == b';'
            && (bytes[i + 1] == b'B' || bytes[i + 1] == b'W')
            && bytes[i + 2] == b'['
        {
            let end = record[i + 3..].find(']').map(|e| i + 3 + e).unwrap();
            let v = &bytes[i + 3..end];
            let point = (v.len() == 2 && v != b"tt")
                .then(|| (usize::from(v[0] - b'a'), usize::from(v[1] - b'a')));
            moves.push((bytes[i + 1], point));
            i = end;
        }
        i += 1;
    }
    moves
}

/// A board replayed by this test alone (captures, then suicide), and its open points:
/// empty points whose empty area borders both colours or neither, all of them while one
/// colour has no stone.
struct Replayed {
    size: usize,
    cells: Vec<u8>,
}

impl Replayed {
    fn new(size: usize) -> Replayed {
        Replayed {
            size,
            cells: vec![0; size * size],
        }
    }

    fn around(&self, at: usize) -> Vec<usize> {
        let (x, y, n) = (at % self.size, at / self.size, self.size);
        let mut out = Vec::new();
        if x > 0 {
            out.push(at - 1);
        }
        if x + 1 < n {
            out.push(at + 1);
        }
        if y > 0 {
            out.push(at - n);
        }
        if y + 1 < n {
            out.push(at + n);
        }
        out
    }

    /// The points of the area of `at` (stones of its colour, or empty points) and the
    /// colours that border it (bit 1 black, bit 2 white).
    fn area(&self, at: usize) -> (Vec<usize>, u8) {
        let kind = self.cells[at];
        let mut seen = vec![at];
        let mut borders = 0;
        let mut next = 0;
        while next < seen.len() {
            for q in self.around(seen[next]) {
                if self.cells[q] == kind {
                    if !seen.contains(&q) {
                        seen.push(q);
                    }
                } else {
                    borders |= if self.cells[q] == 0 { 4 } else { self.cells[q] };
                }
            }
            next += 1;
        }
        (seen, borders)
    }

    fn play(&mut self, colour: u8, x: usize, y: usize) {
        let at = y * self.size + x;
        let stone = if colour == b'B' { 1 } else { 2 };
        self.cells[at] = stone;
        for q in self.around(at) {
            if self.cells[q] == 3 - stone && self.area(q).1 & 4 == 0 {
                for p in self.area(q).0 {
                    self.cells[p] = 0;
                }
            }
        }
        if self.area(at).1 & 4 == 0 {
            for p in self.area(at).0 {
                self.cells[p] = 0;
            }
        }
    }

    fn open_points(&self) -> usize {
        let both = self.cells.contains(&1) && self.cells.contains(&2);
        let mut counted = vec![false; self.cells.len()];
        let mut open = 0;
        for at in 0..self.cells.len() {
            if self.cells[at] != 0 || counted[at] {
                continue;
            }
            let (area, borders) = self.area(at);
            for &p in &area {
                counted[p] = true;
            }
            let colours = borders & 3;
            if !both || colours == 0 || colours == 3 {
                open += area.len();
            }
        }
        open
    }
}

/// The open points of `record` (19×19, no setup) after its first `moves` moves.
fn open_after(record: &str, moves: usize) -> usize {
    let mut board = Replayed::new(19);
    for (colour, point) in main_line(record).into_iter().take(moves) {
        if let Some((x, y)) = point {
            board.play(colour, x, y);
        }
    }
    board.open_points()
}

/// `record` cut after its first `moves` moves, its root (and `RE[]`) kept.
fn cut(record: &str, moves: usize) -> String {
    let mut at = record.find(";B[").or_else(|| record.find(";W[")).unwrap();
    for _ in 0..moves {
        match record[at + 1..].find(';') {
            Some(next) => at += 1 + next,
            None => return record.to_string(),
        }
    }
    format!("{})", &record[..at])
}

/// The first `n` games of `tygem-9d-part03.sgf` whose `RE[]` is a margin, as written.
fn tygem_counted(n: usize) -> Option<Vec<String>> {
    let shared = common::shared_corpus()?;
    let text = std::fs::read_to_string(shared.join("tygem/tygem-9d-part03.sgf")).unwrap();
    let margin = |line: &str| {
        line.split_once("RE[")
            .and_then(|(_, rest)| rest.split_once(']'))
            .is_some_and(|(re, _)| {
                re.len() > 2
                    && (re.starts_with("B+") || re.starts_with("W+"))
                    && re[2..].parse::<f64>().is_ok_and(|m| m > 0.0)
            })
    };
    Some(
        text.lines()
            .filter(|l| l.starts_with("(;") && margin(l))
            .take(n)
            .map(str::to_string)
            .collect(),
    )
}

/// The first game of `sgf`, audited as `sgfaudit audit` would.
fn audited(sgf: &str) -> sgfaudit::audit::GameReport {
    let file = LoadedFile::new("cut.sgf".to_string(), Bytes::Owned(sgf.as_bytes().to_vec()));
    file.audit(0, &AuditOptions::default())
}

/// The open points the check's reason names, if it is the open board.
fn named_open_points(check: &Check) -> Option<usize> {
    match &check.reason {
        Some(Reason::Compared(Found::Unchecked(Unchecked::OpenBoard(openness)))) => {
            Some(openness.open as usize)
        }
        _ => None,
    }
}

#[test]
fn the_four_move_opening_is_not_counted_and_no_stone_is_called_dead() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("opening.sgf");
    std::fs::write(&file, FOUR_MOVES).unwrap();
    let file = common::arg(&file);
    let out = common::sgfaudit(&["audit", "--json", &file]);
    assert_eq!(out.status.code(), Some(0), "an open board fails no run");
    let lines = common::json_lines(&out.stdout);
    let game = common::games(&lines)[0];
    assert_eq!(game["status"], "ok");
    assert_eq!(game["check"]["verdict"], "not-counted");
    assert_eq!(game["check"]["reason_code"], "open-board");
    let report = audited(FOUR_MOVES);
    assert_eq!(named_open_points(&report.check), Some(357));
    assert!(game["score"].is_null(), "not counted: {}", game["score"]);
    let codes: Vec<&str> = game["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["open-board"]);
    assert_eq!(game["findings"][0]["article"], 7);
    // `score` counts it for a person as it stands: no dead stones.
    let shown = String::from_utf8(common::sgfaudit(&["score", &file]).stdout).unwrap();
    assert!(shown.contains("black 0, white 0"), "{shown}");
    assert!(!shown.contains("disagrees"), "{shown}");
}

#[test]
fn a_game_both_players_ended_by_passes_keeps_its_check_and_says_the_board_was_open() {
    // Two passes end the game (art. 7): the players ended it, on a board still open.
    let report = audited("(;GM[1]FF[4]SZ[9]KM[7.5]RE[W+7.5];B[ee];W[cc];B[];W[])");
    assert_eq!(report.check.verdict, sgfaudit::check::Verdict::Agrees);
    assert!(
        matches!(
            &report.check.reason,
            Some(Reason::PassedOpen { reason: None, openness }) if openness.open == 79 && openness.points == 81
        ),
        "{:?}",
        report.check.reason
    );
    assert_eq!(
        report.check.reason_code(),
        Some(ReasonCode::TwoPassesOpenBoard)
    );
    assert!(report
        .findings
        .iter()
        .all(|f| f.code != sgfaudit::finding::Code::OpenBoard));
    let wrong = audited("(;GM[1]FF[4]SZ[9]KM[7.5]RE[B+30.5];B[ee];W[cc];B[];W[])");
    assert_ne!(wrong.check.verdict, sgfaudit::check::Verdict::NotCounted);
    assert!(
        matches!(&wrong.check.reason, Some(Reason::PassedOpen { openness, .. }) if openness.open == 79),
        "{:?}",
        wrong.check.reason
    );
}

#[test]
fn short_records_of_the_shared_corpus_are_not_counted() {
    let Some(shared) = common::shared_corpus() else {
        return;
    };
    for (path, open, points) in [
        ("real/katago-tests/foxlike.sgf", 357, 361),
        ("real/littlego-tests/9x9/gameinfo.sgf", 77, 81),
    ] {
        let file = common::arg(&shared.join(path));
        let lines = common::json_lines(&common::sgfaudit(&["audit", "--json", &file]).stdout);
        let check = &common::games(&lines)[0]["check"];
        assert_eq!(check["verdict"], "not-counted", "{path}: {check}");
        assert_eq!(check["reason_code"], "open-board", "{path}: {check}");
        let text = std::fs::read(shared.join(path)).unwrap();
        let report = audited(&String::from_utf8_lossy(&text));
        assert!(
            matches!(
                &report.check.reason,
                Some(Reason::Compared(Found::Unchecked(Unchecked::OpenBoard(o))))
                    if o.open == open && o.points == points
            ),
            "{path}: {:?}",
            report.check.reason
        );
    }
}

#[test]
fn tygem_games_cut_after_4_10_20_and_40_moves_are_not_counted() {
    let Some(games) = tygem_counted(60) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mut collection = String::new();
    let mut expected = Vec::new();
    for game in &games {
        for moves in [4, 10, 20, 40] {
            collection.push_str(&cut(game, moves));
            collection.push('\n');
            expected.push(open_after(game, moves));
        }
    }
    let file = dir.path().join("cut.sgf");
    std::fs::write(&file, collection).unwrap();
    let out = common::sgfaudit(&["audit", "--json", &common::arg(&file)]);
    let lines = common::json_lines(&out.stdout);
    let reports = common::games(&lines);
    assert_eq!(reports.len(), games.len() * 4);
    let cuts = games
        .iter()
        .flat_map(|game| [4, 10, 20, 40].map(|moves| cut(game, moves)));
    for ((report, open), cut) in reports.iter().zip(expected).zip(cuts) {
        let check = &report["check"];
        assert_eq!(
            check["verdict"], "not-counted",
            "game {}: {check}",
            report["game"]
        );
        assert_eq!(check["reason_code"], "open-board", "{check}");
        // This file's own replay counts the same open points.
        let cut = audited(&cut);
        assert_eq!(named_open_points(&cut.check), Some(open), "{:?}", cut.check);
        assert!(open_by_share(open, 361));
    }
}

#[test]
fn finished_tygem_games_are_played_out() {
    let Some(games) = tygem_counted(60) else {
        return;
    };
    for game in &games {
        let open = open_after(game, usize::MAX);
        assert!(!open_by_share(open, 361), "{open} open points: {game}");
        let report = audited(game);
        assert!(
            named_open_points(&report.check).is_none(),
            "{:?}",
            report.check
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Cutting a finished game earlier never turns `not-counted` into a verdict: a cut
    /// whose board is open (by this file's own count) is `not-counted`, and so is every
    /// earlier cut of a cut the check found open.
    #[test]
    fn cutting_a_game_earlier_never_compares_an_open_board(
        game in 0usize..12,
        early in 1usize..160,
        later in 1usize..160,
    ) {
        static GAMES: OnceLock<Option<Vec<String>>> = OnceLock::new();
        let Some(games) = GAMES.get_or_init(|| tygem_counted(12)) else {
            return Ok(());
        };
        let (early, later) = (early.min(later), early.max(later));
        let record = &games[game];
        let judged = |moves: usize| {
            let report = audited(&cut(record, moves));
            (report.check.verdict, named_open_points(&report.check))
        };
        let (verdict, named) = judged(early);
        let open = open_after(record, early);
        prop_assert_eq!(named.is_some(), open_by_share(open, 361), "cut at {}", early);
        if let Some(named) = named {
            prop_assert_eq!(named, open);
            prop_assert_eq!(verdict, sgfaudit::check::Verdict::NotCounted);
        }
        let (_, later_named) = judged(later);
        if later_named.is_some() {
            prop_assert!(named.is_some(), "open at {} but not at {}", later, early);
        }
    }
}
