//! Game information in the machine outputs: `date`, `event`, `place`, `black_rank`,
//! `white_rank` and `application` are given for every game whose root holds `DT`, `EV`,
//! `PC`, `BR`, `WR`, `AP`, in JSON Lines and in the game CSV alike, on `corpus/` and on
//! the shared corpus of real games.

use std::collections::HashMap;

use crate::common;

use common::{games, json_lines, sgfaudit};
use sgfaudit::sgf::lexer::{Lexer, Token};

/// The game-information keys and the property each reads.
const KEYS: [(&str, &str); 6] = [
    ("date", "DT"),
    ("event", "EV"),
    ("place", "PC"),
    ("black_rank", "BR"),
    ("white_rank", "WR"),
    ("application", "AP"),
];

/// The first value of each of the root node's properties, as written (escapes left in).
fn root_values(text: &str) -> HashMap<&str, &str> {
    let mut values = HashMap::new();
    let mut in_root = false;
    let mut ident = None;
    for token in Lexer::new(text) {
        match token {
            Token::Node(_) if !in_root => in_root = true,
            Token::Node(_) | Token::Open(_) | Token::Close(_) if in_root => break,
            Token::Ident(id, _) => ident = Some(id),
            Token::Value(raw, _) => {
                if let Some(id) = ident.take() {
                    values.entry(id).or_insert(raw);
                }
            }
            _ => {}
        }
    }
    values
}

/// Checks the keys of every one-game `.sgf` file of the run over `folder` against its
/// root node; returns how many values were checked.
fn check(folder: &str) -> usize {
    check_output(&sgfaudit(&["audit", "--json", "--exit-zero", folder]))
}

/// [`check`] on the output of a run already made.
fn check_output(out: &std::process::Output) -> usize {
    let lines = json_lines(&out.stdout);
    let games = games(&lines);
    let mut per_file: HashMap<&str, usize> = HashMap::new();
    for g in &games {
        *per_file.entry(g["path"].as_str().unwrap()).or_default() += 1;
    }
    let mut checked = 0;
    for g in games {
        let path = g["path"].as_str().unwrap();
        if per_file[path] != 1 || !path.ends_with(".sgf") || g["status"] == "error" {
            continue;
        }
        let bytes = std::fs::read(common::root().join(path)).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        let root = root_values(&text);
        for (key, prop) in KEYS {
            let Some(raw) = root.get(prop) else {
                continue;
            };
            let value = &g[key];
            assert!(
                value.is_string(),
                "{path}: {prop}[{raw}] but {key} is {value}"
            );
            let plain = raw.is_ascii() && !raw.contains('\\');
            if plain && !raw.trim().contains(char::is_whitespace) {
                assert_eq!(value, raw.trim(), "{path}: {key}");
            }
            checked += 1;
        }
    }
    checked
}

#[test]
fn the_corpus_games_carry_their_information() {
    assert!(check("corpus") > 100);
}

#[test]
fn the_real_games_carry_their_information() {
    let Some(out) = common::real_corpus_json() else {
        return;
    };
    let checked = check_output(out);
    assert!(checked > 5_000, "{checked}");
}

#[test]
fn the_csv_carries_the_same_information_near_its_end() {
    let json = json_lines(&sgfaudit(&["audit", "--json", "--exit-zero", "corpus"]).stdout);
    let csv = sgfaudit(&["audit", "--format", "csv", "--exit-zero", "corpus"]);
    let text = String::from_utf8(csv.stdout).unwrap();
    let mut rows = text.lines();
    let header: Vec<&str> = rows.next().unwrap().split(',').collect();
    let names: Vec<&str> = KEYS.iter().map(|(k, _)| *k).collect();
    // The game information comes last but one, before `reason_code`.
    let end = header.len() - 1;
    assert_eq!(header[end - names.len()..end], names[..]);
    let mut with_info = 0;
    for (g, row) in games(&json).iter().zip(rows) {
        // Plain values only: a cell with a comma is quoted.
        let cells: Vec<&str> = row.rsplitn(names.len() + 2, ',').skip(1).collect();
        for (i, key) in names.iter().rev().enumerate() {
            match g[*key].as_str() {
                Some(v) if !v.contains([',', '"']) && !row.contains('"') => {
                    assert_eq!(cells[i], v, "{row}");
                    with_info += 1;
                }
                None => assert!(row.contains('"') || cells[i].is_empty(), "{row}"),
                _ => {}
            }
        }
    }
    assert!(with_info > 100, "{with_info}");
}
