//! The JSON Lines schema (CONTRACT.md, documented in `src/output/jsonl.rs`): every line
//! of a corpus run is read into mirror types that reject unknown fields, so a field added,
//! renamed or dropped without updating the schema fails here.

mod common;

use std::collections::BTreeMap;

use serde::Deserialize;

#[derive(Deserialize)]
#[serde(
    tag = "type",
    content = "data",
    rename_all = "lowercase",
    deny_unknown_fields
)]
#[allow(dead_code)]
enum Line {
    Begin(Begin),
    Game(Box<Game>),
    Error(InputError),
    Summary(Summary),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Begin {
    schema: u32,
    tool: String,
    version: String,
    inputs: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Game {
    path: String,
    game: usize,
    line: u32,
    column: u32,
    status: Status,
    size: Option<[u8; 2]>,
    rules: String,
    rules_from: RulesFrom,
    rules_raw: Option<String>,
    komi: f64,
    komi_raw: Option<String>,
    handicap: u32,
    black: Option<String>,
    white: Option<String>,
    result: Option<String>,
    encoding: String,
    moves: u32,
    ended_by: EndedBy,
    findings: Vec<Finding>,
    findings_omitted: u32,
    score: Option<Score>,
    check: Check,
}

#[derive(Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
enum Status {
    Ok,
    Illegal,
    Mismatch,
    Error,
}

#[derive(Deserialize)]
#[allow(dead_code)]
enum RulesFrom {
    #[serde(rename = "RU")]
    Ru,
    #[serde(rename = "default")]
    Default,
    #[serde(rename = "option")]
    Option,
}

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
enum EndedBy {
    Passes,
    Resignation,
    Time,
    Forfeit,
    Agreement,
    Unfinished,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Finding {
    code: String,
    severity: Severity,
    #[serde(rename = "move")]
    mv: Option<u32>,
    color: Option<String>,
    point: Option<String>,
    vertex: Option<String>,
    line: u32,
    column: u32,
    article: Option<u32>,
    message: String,
    first_seen: Option<u32>,
    cycle_length: Option<u32>,
}

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
enum Severity {
    Info,
    Warning,
    Error,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Score {
    dead_from: DeadFrom,
    dead: Dead,
    black: f64,
    white: f64,
    komi: f64,
    handicap_bonus: f64,
    margin: f64,
    result: String,
    stones: String,
    counting: Counting,
    territory: Option<Territory>,
}

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
enum Counting {
    Area,
    Territory,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Territory {
    black_territory: u32,
    white_territory: u32,
    black_prisoners: u32,
    white_prisoners: u32,
    seki_points: u32,
    komi: f64,
    margin: f64,
    result: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
enum DeadFrom {
    Markup,
    Estimate,
    None,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Dead {
    black: Vec<String>,
    white: Vec<String>,
    uncertain: Vec<String>,
    seki: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Check {
    recorded: Option<String>,
    computed: Option<String>,
    verdict: Verdict,
    reason: Option<String>,
    difference: Option<f64>,
}

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
enum Verdict {
    Agrees,
    Disagrees,
    Unverifiable,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct InputError {
    path: String,
    message: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Summary {
    files: usize,
    games: usize,
    moves: u64,
    by_status: BTreeMap<String, usize>,
    by_code: BTreeMap<String, usize>,
    by_severity: BTreeMap<String, usize>,
    failing: usize,
    unreadable: usize,
    elapsed_ms: u64,
    games_per_second: f64,
}

/// Reads every line into the mirror types and checks the order and the counts.
fn check_run(args: &[&str]) -> usize {
    let out = common::sgfaudit(args);
    let text = String::from_utf8(out.stdout).expect("UTF-8 output");
    let lines: Vec<Line> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    assert!(matches!(lines.first(), Some(Line::Begin(_))), "begin first");
    let Some(Line::Summary(summary)) = lines.last() else {
        panic!("summary last")
    };
    let games: Vec<&Game> = lines
        .iter()
        .filter_map(|l| match l {
            Line::Game(g) => Some(g.as_ref()),
            _ => None,
        })
        .collect();
    assert_eq!(games.len(), summary.games);
    assert_eq!(summary.by_status.values().sum::<usize>(), summary.games);
    let findings: usize = games.iter().map(|g| g.findings.len()).sum();
    assert_eq!(summary.by_code.values().sum::<usize>(), findings);
    // Games come in input order: paths sorted (component by component, as a folder walk
    // meets them), then by index in a file.
    for pair in games.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let key = |g: &Game| (std::path::PathBuf::from(&g.path), g.game);
        assert!(
            key(a) < key(b),
            "{} {} before {} {}",
            a.path,
            a.game,
            b.path,
            b.game
        );
    }
    check_keys_and_types(&text);
    games.len()
}

/// The JSON type of a value, `None` for null.
fn kind(v: &serde_json::Value) -> Option<&'static str> {
    use serde_json::Value::*;
    match v {
        Null => None,
        Bool(_) => Some("bool"),
        Number(n) if n.is_f64() => Some("float"),
        Number(_) => Some("integer"),
        String(_) => Some("string"),
        Array(_) => Some("list"),
        Object(_) => Some("object"),
    }
}

/// Every object at one place (game, finding, score, ...) has the same keys, and each key
/// holds one type or null: what dataframe readers need to infer one column per key.
fn check_keys_and_types(text: &str) {
    type Shape = BTreeMap<String, Option<&'static str>>;
    let mut shapes: BTreeMap<String, (Vec<String>, Shape)> = BTreeMap::new();
    fn walk(
        place: &str,
        v: &serde_json::Value,
        shapes: &mut BTreeMap<String, (Vec<String>, Shape)>,
    ) {
        let serde_json::Value::Object(map) = v else {
            return;
        };
        let keys: Vec<String> = map.keys().cloned().collect();
        let entry = shapes
            .entry(place.to_string())
            .or_insert_with(|| (keys.clone(), Shape::new()));
        assert_eq!(entry.0, keys, "keys of {place}");
        for (k, value) in map {
            if let Some(t) = kind(value) {
                let seen = entry.1.entry(k.clone()).or_insert(Some(t));
                assert_eq!(*seen, Some(t), "{place}.{k}: {value}");
            }
        }
        for (k, value) in map {
            match value {
                serde_json::Value::Object(_) => walk(&format!("{place}.{k}"), value, shapes),
                serde_json::Value::Array(items) => {
                    for item in items {
                        walk(&format!("{place}.{k}[]"), item, shapes);
                    }
                }
                _ => {}
            }
        }
    }
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        if v["type"] == "game" {
            walk("game", &v["data"], &mut shapes);
        }
    }
}

#[test]
fn every_line_of_a_corpus_run_fits_the_schema() {
    assert!(check_run(&["audit", "--json", "corpus"]) >= 90);
}

#[test]
fn every_line_of_a_real_corpus_run_fits_the_schema() {
    let Some(shared) = common::shared_corpus() else {
        return;
    };
    let real = common::arg(&shared.join("real"));
    assert!(check_run(&["audit", "--json", &real]) >= 4_500);
}

#[test]
fn the_documented_example_is_what_the_tool_prints() {
    let docs = std::fs::read_to_string(common::root().join("src/output/jsonl.rs")).unwrap();
    let documented: Vec<&str> = docs
        .lines()
        .filter_map(|l| l.strip_prefix("//! "))
        .filter(|l| l.starts_with(r#"{"type":"game""#) || l.starts_with(r#"{"type":"begin""#))
        .collect();
    let out = common::sgfaudit(&[
        "audit",
        "--json",
        "corpus/rules/art19-play-on-occupied-point__occupied@4.sgf",
        "corpus/shapes/seki-two-shared-liberties__ok.sgf",
    ]);
    let printed = String::from_utf8(out.stdout).unwrap();
    let printed: Vec<&str> = printed
        .lines()
        .filter(|l| !l.contains(r#""type":"summary""#))
        .collect();
    assert_eq!(documented, printed);
}
