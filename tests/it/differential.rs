//! The fast reader (lexer + record) and the reference reader (`sgf-parse`) see the same
//! games, the same main-line moves, the same setup stones and the same game information
//! (`GN`, `EV`, …), on every game of
//! `../shared/corpus` (the Tygem collections included) and of `corpus/`.

use crate::common;

use std::path::PathBuf;

use rayon::prelude::*;
use sgfaudit::finding::Code;
use sgfaudit::geom::{Color, Point};
use sgfaudit::input::source::read_file;
use sgfaudit::run::LoadedFile;
use sgfaudit::sgf::info::game_info;
use sgfaudit::sgf::record::{parse_game, Limits, MoveTarget};
use sgfaudit::sgf::reference::read_games;

type Moves = Vec<(Color, Option<Point>)>;
type Setup = Vec<Vec<(Point, Option<Color>)>>;

/// What the fast reader sees in one game, and whether it merged a repeated setup property
/// (`AB[pd]AB[dp]` in one node: the fast reader keeps both, with a warning; sgf-parse
/// keeps one).
fn fast(text: &str) -> (Moves, Setup, bool) {
    let rec = parse_game(text, Limits::default());
    let merged = rec
        .problems
        .iter()
        .any(|f| f.code == Code::RepeatedProperty && f.message.contains("values merged"));
    let moves = rec
        .nodes
        .iter()
        .filter_map(|n| n.mv)
        .filter_map(|m| match m.target {
            MoveTarget::Pass => Some((m.color, None)),
            MoveTarget::At(p) => Some((m.color, Some(p))),
            // sgf-parse keeps an unreadable move as an invalid property, not a move.
            MoveTarget::Unreadable => None,
        })
        .collect();
    let setup = rec
        .nodes
        .iter()
        .filter(|n| !n.setup.is_empty())
        .map(|n| {
            let mut v = rec.setup[n.setup.start as usize..n.setup.end as usize].to_vec();
            v.sort();
            v.dedup();
            v
        })
        .collect();
    (moves, setup, merged)
}

/// Files where the readers differ by design, with the reason.
const KNOWN_DIFFERENCES: &[(&str, &str)] = &[
    (
        "littlego-tests/sgfc/test.sgf",
        "sgfc's test of broken syntax: moves with extra values and values that are not \
         points, which the two readers recover differently",
    ),
    (
        "extra-values-on-one-value-properties__multiple-values+multiple-values+multiple-values.sgf",
        "B[aa][bb]: the fast reader keeps the first value (and reports the rest), sgf-parse \
         drops the move",
    ),
    (
        "setup-point-lists-off-board-and-backwards__bad-property+bad-property.sgf",
        "AB[ra:tb] reaches off the board and AW[pq:pp] is written backwards: the fast \
         reader reads what it can of both and reports them, sgf-parse reads them otherwise",
    ),
    (
        "lowercase-identifiers-in-ff4__lowercase-identifier+lowercase-identifier+lowercase-identifier.sgf",
        "b[ee], w[cc]: identifiers all in lower case, which the fast reader reads as B and W \
         (and reports), sgf-parse as properties of their own",
    ),
    (
        "point-named-twice-in-a-node__setup-no-effect+setup-conflict.sgf",
        "AW[cc][dd]AE[dd]: sgf-parse lists both words on dd, the fast reader the last one, \
         which stands (and reports the conflict)",
    ),
    (
        "stray-bracket-after-move__parse-error.sgf",
        "W[cc]]: the fast reader reads cc and reports the stray ']', sgf-parse reads the \
         value 'cc]'",
    ),
];

/// Compares both readers on every game of the files; returns (games compared, games the
/// reference could not read). Panics with the differences.
fn compare(files: &[PathBuf]) -> (usize, usize) {
    let results: Vec<(usize, usize, Vec<String>)> = files
        .par_iter()
        .filter(|path| {
            !KNOWN_DIFFERENCES
                .iter()
                .any(|(name, _)| path.to_string_lossy().ends_with(name))
        })
        .map(|path| {
            let file = LoadedFile::new(path.display().to_string(), read_file(path).unwrap());
            let mut compared = 0;
            let mut unread = 0;
            let mut diffs = Vec::new();
            for (i, slice) in file.games.iter().enumerate() {
                if slice.no_game {
                    continue;
                }
                let text = file.game_text(i);
                let reference = match read_games(text) {
                    Ok(games) if games.len() == 1 => games.into_iter().next().unwrap(),
                    Ok(games) => {
                        diffs.push(format!(
                            "{} game {i}: sgf-parse sees {} games in one slice",
                            path.display(),
                            games.len()
                        ));
                        continue;
                    }
                    Err(_) => {
                        unread += 1;
                        continue;
                    }
                };
                compared += 1;
                let (moves, setup, merged) = fast(text);
                if moves != reference.moves {
                    let at = moves.iter().zip(&reference.moves).position(|(a, b)| a != b);
                    diffs.push(format!(
                        "{} game {i}: moves differ ({} vs {}, first at {at:?})",
                        path.display(),
                        moves.len(),
                        reference.moves.len()
                    ));
                }
                let subset = |a: &Setup, b: &Setup| {
                    a.len() == b.len()
                        && a.iter()
                            .zip(b)
                            .all(|(x, y)| x.iter().all(|s| y.contains(s)))
                };
                if setup != reference.setup && !(merged && subset(&reference.setup, &setup)) {
                    diffs.push(format!("{} game {i}: setup differs", path.display()));
                }
                // The readers differ in presentation only: sgf-parse reads TM[] as a number
                // (`60.0` becomes `60`, `10:00` is dropped), does not trim, and keeps a
                // repeated property twice; the fast reader shows the first; white space is
                // compared as one space; empty values are not shown.
                let tidy = |list: Vec<(String, String)>| -> Vec<(String, String)> {
                    list.into_iter()
                        .map(|(k, v)| {
                            let v = v.split_whitespace().collect::<Vec<_>>().join(" ");
                            match (k.as_str(), v.parse::<f64>()) {
                                ("TM", Ok(n)) => (k, n.to_string()),
                                ("TM", Err(_)) => (k, String::new()),
                                _ => (k, v),
                            }
                        })
                        .filter(|(_, v)| !v.is_empty())
                        .fold(Vec::new(), |mut seen, (k, v)| {
                            if !seen.iter().any(|(s, _)| *s == k) {
                                seen.push((k, v));
                            }
                            seen
                        })
                };
                let info = tidy(
                    game_info(text)
                        .into_iter()
                        .map(|(k, v)| (k.to_string(), v))
                        .collect(),
                );
                let same_info = info == tidy(reference.info.clone());
                if !same_info {
                    diffs.push(format!(
                        "{} game {i}: game information differs: {info:?} vs {:?}",
                        path.display(),
                        reference.info
                    ));
                }
            }
            (compared, unread, diffs)
        })
        .collect();
    let compared = results.iter().map(|r| r.0).sum();
    let unread = results.iter().map(|r| r.1).sum();
    let diffs: Vec<&String> = results.iter().flat_map(|r| &r.2).collect();
    assert!(
        diffs.is_empty(),
        "{} game(s) differ:\n{}",
        diffs.len(),
        diffs
            .iter()
            .take(30)
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    (compared, unread)
}

#[test]
fn both_readers_agree_on_the_project_corpus() {
    let (compared, _) = compare(&common::sgf_files(&common::root().join("corpus")));
    assert!(compared >= 80, "{compared}");
}

#[test]
fn both_readers_agree_on_the_real_games() {
    let Some(shared) = common::shared_corpus() else {
        return;
    };
    let (compared, unread) = compare(&common::sgf_files(&shared.join("real")));
    // sgf-parse refuses a few damaged files outright (truncated, unclosed values); every
    // game it reads, the fast reader reads the same.
    assert!(compared >= 4_500, "{compared} compared");
    assert!(unread <= 60, "{unread} games sgf-parse could not read");
}

#[test]
fn both_readers_agree_on_the_tygem_collections() {
    let Some(shared) = common::shared_corpus() else {
        return;
    };
    let (compared, unread) = compare(&common::sgf_files(&shared.join("tygem")));
    assert_eq!(compared, 70_302);
    assert_eq!(unread, 0);
}
