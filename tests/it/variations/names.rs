//! The variation a finding names, with side lines replayed and under `--main-line`: every
//! finding at a property of a side variation keeps its `variation`, checked against a
//! reading of the tree's structure written here (the child index of each game tree from
//! the root down, counting only trees that hold a node) over the shared corpus's problem
//! and joseki trees.

use std::collections::BTreeMap;
use std::path::Path;

use crate::common;

/// The variation of the node around byte `offset` of `text`, read from the tree's
/// structure: `None` on the main line (the first tree with a node at every branch).
fn variation_at(text: &str, offset: usize) -> Option<String> {
    // Per open tree: its index among its parent's children (`None` until it holds a node)
    // and the children with a node it has so far.
    let mut open: Vec<(Option<u32>, u32)> = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < offset.min(bytes.len()) {
        match bytes[i] {
            b'[' => {
                // Skip the value, escapes included.
                i += 1;
                while i < bytes.len() && bytes[i] != b']' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'(' => open.push((None, 0)),
            b')' => {
                open.pop();
            }
            b';' => {
                for d in 0..open.len() {
                    if open[d].0.is_none() {
                        let index = if d == 0 { 0 } else { open[d - 1].1 };
                        if d > 0 {
                            open[d - 1].1 += 1;
                        }
                        open[d].0 = Some(index);
                    }
                }
            }
            _ => {}
        }
        i += 1;
    }
    let path: Vec<u32> = open.iter().skip(1).map(|t| t.0.unwrap_or(0)).collect();
    path.iter().any(|&i| i != 0).then(|| {
        path.iter()
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(".")
    })
}

/// The byte offset of `line:column` in `text` (line ends `\r\n`, `\n`, `\r`).
fn offset_of(text: &str, line: u64, column: u64) -> usize {
    let (mut l, mut c) = (1, 1);
    let mut chars = text.char_indices().peekable();
    while let Some((at, ch)) = chars.next() {
        if (l, c) == (line, column) {
            return at;
        }
        match ch {
            '\r' if chars.peek().is_some_and(|&(_, n)| n == '\n') => {
                chars.next();
                (l, c) = (l + 1, 1);
            }
            '\r' | '\n' => (l, c) = (l + 1, 1),
            _ => c += 1,
        }
    }
    text.len()
}

/// Every finding of a run over `folder` at a property identifier, as (path, game, line,
/// column, code) -> variation.
type Named = BTreeMap<(String, u64, u64, u64, String), Option<String>>;

fn findings_at_properties(folder: &Path, main_line: bool) -> Named {
    let folder = common::arg(folder);
    let mut args = vec!["audit", "--format", "jsonl", "--jobs", "2"];
    if main_line {
        args.push("--main-line");
    }
    args.push(&folder);
    let out = common::sgfaudit(&args);
    let mut named = Named::new();
    let mut texts: BTreeMap<String, Option<String>> = BTreeMap::new();
    for game in common::games(&common::json_lines(&out.stdout)) {
        let path = game["path"].as_str().unwrap().to_string();
        let text = texts
            .entry(path.clone())
            .or_insert_with(|| std::fs::read_to_string(common::root().join(&path)).ok());
        let Some(text) = text else {
            continue;
        };
        for f in game["findings"].as_array().unwrap() {
            let (line, column) = (f["line"].as_u64().unwrap(), f["column"].as_u64().unwrap());
            let at = offset_of(text, line, column);
            if !text[at..].starts_with(|c: char| c.is_ascii_uppercase()) {
                continue;
            }
            let key = (
                path.clone(),
                game["game"].as_u64().unwrap(),
                line,
                column,
                f["code"].as_str().unwrap().to_string(),
            );
            named.insert(key, f["variation"].as_str().map(str::to_string));
        }
    }
    named
}

#[test]
fn a_side_variations_finding_keeps_its_variation_under_main_line() {
    let text = "(;GM[1]FF[4]SZ[9];B[cc](;W[dd])(;W[ee]XY[1]))";
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("side.sgf");
    std::fs::write(&path, text).unwrap();
    let file = common::arg(&path);
    for main_line in [false, true] {
        let mut args = vec!["audit", "--format", "jsonl", &file];
        if main_line {
            args.push("--main-line");
        }
        let lines = common::json_lines(&common::sgfaudit(&args).stdout);
        let games = common::games(&lines);
        let finding = &games[0]["findings"][0];
        assert_eq!(finding["code"], "unknown-property");
        assert_eq!(finding["variation"], "1", "--main-line {main_line}");

        let mut args = vec!["audit", "--color", "never", &file];
        if main_line {
            args.push("--main-line");
        }
        let table = String::from_utf8(common::sgfaudit(&args).stdout).unwrap();
        assert!(
            table.contains("game 0, variation 1: info[unknown-property]"),
            "{table}"
        );
    }
}

#[test]
fn findings_in_real_trees_name_the_variation_the_structure_gives() {
    let Some(shared) = common::shared_corpus() else {
        return;
    };
    let trees = shared.join("trees");
    let all = findings_at_properties(&trees, false);
    let main_only = findings_at_properties(&trees, true);
    let mut wrong = Vec::new();
    let mut in_side_lines = 0;
    let mut texts = BTreeMap::new();
    for (named, main_line) in [(&all, false), (&main_only, true)] {
        for ((path, game, line, column, code), variation) in named {
            let text: &String = texts
                .entry(path.clone())
                .or_insert_with(|| std::fs::read_to_string(common::root().join(path)).unwrap());
            // The game's own text: the structure is read from its first `(`.
            let at = offset_of(text, *line, *column);
            let start = game_start(text, *game as usize);
            let expected = variation_at(&text[start..], at - start);
            in_side_lines += usize::from(expected.is_some());
            if *variation != expected {
                wrong.push(format!(
                    "{path}:{line}:{column} game {game} {code} (--main-line {main_line}): \
                     {variation:?}, the structure says {expected:?}"
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} findings misnamed:\n{}",
        wrong.len(),
        wrong[..wrong.len().min(20)].join("\n")
    );
    // (About a hundred: one finding per cause folds a node's repeated properties into one.)
    assert!(
        in_side_lines > 50,
        "{in_side_lines} findings in side variations"
    );
    // Under --main-line, every finding at a property of a side variation is still there,
    // with its name, except those of the side lines' replay.
    for (key, variation) in &all {
        if variation.is_some() && !common::REPLAY_CODES.contains(&key.4.as_str()) {
            assert_eq!(
                main_only.get(key),
                Some(variation),
                "{key:?} under --main-line"
            );
        }
    }
}

/// The offset of game `index`'s first `(` at depth 0 in a collection.
fn game_start(text: &str, index: usize) -> usize {
    let bytes = text.as_bytes();
    let (mut depth, mut games, mut i) = (0usize, 0usize, 0);
    while i < bytes.len() {
        match bytes[i] {
            b'[' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b']' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'(' => {
                if depth == 0 {
                    if games == index {
                        return i;
                    }
                    games += 1;
                }
                depth += 1;
            }
            b')' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    0
}
