//! The JSON Lines schema (CONTRACT.md, documented in `src/output/jsonl.rs`): every line
//! of a corpus run is read into mirror types that reject unknown fields, so a field added,
//! renamed or dropped without updating the schema fails here. Every line also validates
//! against the JSON Schema that `sgfaudit schema` prints, and the `columns` line names
//! every key, with its type, that the other lines hold.

use crate::common;

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
    Columns(serde_json::Value),
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
    date: Option<String>,
    event: Option<String>,
    place: Option<String>,
    black_rank: Option<String>,
    white_rank: Option<String>,
    application: Option<String>,
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
    variation: Option<String>,
    fixable: bool,
    after_void: Option<u32>,
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
    reason_code: Option<String>,
    difference: Option<f64>,
    confidence: Option<f64>,
    assumed: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
#[allow(dead_code)]
enum Verdict {
    Agrees,
    Disagrees,
    Unverifiable,
    NotCounted,
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
    fixable: usize,
    fixable_on_request: usize,
    fixed: usize,
    files_fixed: usize,
    elapsed_ms: u64,
    games_per_second: f64,
}

/// Reads every line into the mirror types and checks the order and the counts.
fn check_run(args: &[&str]) -> usize {
    check_output(&common::sgfaudit(args))
}

/// [`check_run`] on the output of a run already made.
fn check_output(out: &std::process::Output) -> usize {
    let text = String::from_utf8(out.stdout.clone()).expect("UTF-8 output");
    let lines: Vec<Line> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    assert!(matches!(lines.first(), Some(Line::Begin(_))), "begin first");
    assert!(
        matches!(lines.get(1), Some(Line::Columns(_))),
        "columns second"
    );
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
    check_columns(&text);
    check_against_printed_schema(&text);
    games.len()
}

/// Every key of every record's `data`, at every depth, with the JSON type of its values
/// (lists are looked into, `null` is no type): `path -> type`.
fn key_types(
    place: &str,
    v: &serde_json::Value,
    out: &mut BTreeMap<String, BTreeMap<&'static str, usize>>,
) {
    match v {
        serde_json::Value::Object(map) => {
            for (k, value) in map {
                let path = format!("{place}.{k}");
                let kinds = out.entry(path.clone()).or_default();
                if let Some(t) = kind(value) {
                    *kinds.entry(t).or_default() += 1;
                }
                key_types(&path, value, out);
            }
        }
        serde_json::Value::Array(items) => {
            for item in items {
                let path = format!("{place}[]");
                if let Some(t) = kind(item) {
                    *out.entry(path.clone()).or_default().entry(t).or_default() += 1;
                }
                key_types(&path, item, out);
            }
        }
        _ => {}
    }
}

/// The `columns` line holds every key the other lines hold, each with a value of the one
/// type the other lines use: what a reader that infers types from the first lines needs.
fn check_columns(text: &str) {
    let values: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let mut columns = BTreeMap::new();
    key_types("data", &values[1]["data"], &mut columns);
    let mut seen = BTreeMap::new();
    for v in values.iter().filter(|v| v["type"] != "columns") {
        key_types("data", &v["data"], &mut seen);
    }
    for (path, kinds) in &seen {
        let Some(declared) = columns.get(path) else {
            panic!("{path} is missing from the columns line");
        };
        let declared: Vec<_> = declared.keys().collect();
        assert_eq!(declared.len(), 1, "{path}: the columns line holds null");
        for k in kinds.keys() {
            // An integer-valued float is still written with a decimal point.
            assert_eq!(
                declared[0], k,
                "{path}: columns says {declared:?}, a line holds {k}"
            );
        }
    }
}

/// Every line validates against the JSON Schema that `sgfaudit schema` prints.
fn check_against_printed_schema(text: &str) {
    let printed = common::sgfaudit(&["schema"]);
    assert!(printed.status.success());
    let schema: serde_json::Value = serde_json::from_slice(&printed.stdout).unwrap();
    assert_eq!(
        schema["$schema"],
        "https://json-schema.org/draft/2020-12/schema"
    );
    let validator = jsonschema::validator_for(&schema).expect("a valid JSON Schema");
    for line in text.lines() {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        let errors: Vec<String> = validator
            .iter_errors(&value)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{line}\n{}", errors.join("\n"));
    }
}

#[test]
fn the_printed_schema_rejects_what_the_tool_never_writes() {
    let printed = common::sgfaudit(&["schema"]);
    let schema: serde_json::Value = serde_json::from_slice(&printed.stdout).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let out = common::sgfaudit(&[
        "audit",
        "--json",
        "corpus/rules/art19-play-on-occupied-point__occupied@4.sgf",
    ]);
    let game: serde_json::Value = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|v| v["type"] == "game")
        .unwrap();
    assert!(validator.is_valid(&game));
    let broken = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut g = game.clone();
        edit(&mut g);
        validator.is_valid(&g)
    };
    assert!(!broken(&|g| g["data"]["status"] = "fine".into()));
    assert!(!broken(
        &|g| g["data"]["findings"][0]["code"] = "no-such-code".into()
    ));
    assert!(!broken(&|g| {
        g["data"].as_object_mut().unwrap().remove("check");
    }));
    assert!(!broken(&|g| g["data"]["moves"] = "6".into()));
    assert!(!broken(&|g| g["type"] = "games".into()));
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
    let Some(out) = common::real_corpus_json() else {
        return;
    };
    assert!(check_output(out) >= 4_500);
}

#[test]
fn the_documented_example_is_what_the_tool_prints() {
    let docs = std::fs::read_to_string(common::root().join("src/output/jsonl.rs")).unwrap();
    let documented: Vec<&str> = docs
        .lines()
        .filter_map(|l| l.strip_prefix("//! "))
        .filter(|l| {
            ["game", "begin", "columns"]
                .iter()
                .any(|t| l.starts_with(&format!(r#"{{"type":"{t}""#)))
        })
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
