//! The JSON shapes of the reports: private serialisation types that borrow from a
//! [`GameReport`], so the domain types know nothing of the wire format (`jsonl.rs`
//! documents every field; `tests/it/schema.rs` mirrors them). The same types derive the
//! JSON Schema that `sgfaudit schema` prints, so the schema cannot drift from the output.

use std::borrow::Cow;
use std::collections::BTreeMap;

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::{Serialize, Serializer};

use super::{Begin, InputError, Summary};
use crate::audit::{EndedBy, GameReport, RulesFrom, Status};
use crate::check::reason::ReasonCode;
use crate::check::{Check, Verdict};
use crate::finding::{Code, Finding, Severity};
use crate::geom::Point;
use crate::rules::RuleSet;
use crate::score::{CountedBy, DeadFrom, Score};

/// One line of the JSON Lines output: `{"type": T, "data": {...}}`.
#[derive(Serialize, JsonSchema)]
#[serde(tag = "type", content = "data", rename_all = "lowercase")]
pub(crate) enum Record<'a> {
    /// The first line of a run.
    Begin(&'a Begin),
    /// The second line: every key of every record's `data`, each holding a value of its
    /// type (`""`, `0`, `0.0`, `false`, lists of one such value), so that readers that infer
    /// types from the first lines (polars reads 100) find every column with its type.
    /// It describes no game.
    Columns(#[schemars(schema_with = "columns_schema")] &'a serde_json::Value),
    /// One game, in input order.
    Game(GameJson<'a>),
    /// An input that could not be read at all.
    Error(&'a InputError),
    /// The last line: the run's counts.
    Summary(&'a Summary),
}

/// A `game` line's `data`, for any serde serializer: the JSON Lines report writes it,
/// the Python package builds its dicts from it (same keys, same order, same values).
pub struct GameJson<'a>(pub &'a GameReport);

impl JsonSchema for GameJson<'_> {
    fn schema_name() -> Cow<'static, str> {
        "Game".into()
    }
    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        Game::json_schema(generator)
    }
}

/// A game: where it is, how it was read, its findings, count and check.
#[derive(Serialize, JsonSchema)]
struct Game<'a> {
    /// The file (an archive's member as `archive!member`), written one to one with its
    /// bytes: a byte that is no UTF-8, a control character or a bidi mark as `\xNN`.
    path: &'a str,
    /// Index of the game in its file, from 0.
    game: usize,
    /// The line where the game starts in the file, from 1.
    line: u32,
    /// The column where the game starts, from 1, in characters.
    column: u32,
    /// `illegal`: a move breaks the rules; `mismatch`: the count contradicts `RE[]`;
    /// `error`: the game cannot be read (or is not Go); `ok` otherwise.
    #[schemars(schema_with = "status_names")]
    status: &'static str,
    /// `[columns, rows]`; null when unreadable.
    size: Option<[u8; 2]>,
    /// The rule set the game was replayed and counted under.
    #[schemars(schema_with = "rule_set_names")]
    rules: &'static str,
    /// Where the rule set came from: the record's `RU[]`, the default, or `--rules`.
    #[schemars(schema_with = "rules_from_names")]
    rules_from: &'static str,
    /// `RU[]` as written.
    rules_raw: Option<&'a str>,
    /// The komi used (points).
    komi: f64,
    /// `KM[]` as written.
    komi_raw: Option<&'a str>,
    /// Handicap stones (`HA[]`, or the black setup stones read as a handicap).
    handicap: u32,
    /// `PB[]`: Black's name.
    black: Option<&'a str>,
    /// `PW[]`: White's name.
    white: Option<&'a str>,
    /// `RE[]` as written.
    result: Option<&'a str>,
    /// The text encoding the game was read in.
    encoding: &'static str,
    /// Moves on the main line (passes included).
    moves: u32,
    /// How the game ended: two passes, or as `RE[]` says (`unfinished` without either).
    #[schemars(schema_with = "ended_by_names")]
    ended_by: &'static str,
    /// The findings shown, in the order of the file.
    #[schemars(with = "Vec<FindingJson<'static>>")]
    findings: Findings<'a>,
    /// Findings left out by `--max-findings-per-game`.
    findings_omitted: u32,
    /// The count, when the final position is counted.
    #[schemars(with = "Option<ScoreFields<'static>>")]
    score: Option<ScoreJson<'a>>,
    /// The check of `RE[]` against the count.
    #[schemars(with = "CheckFields<'static>")]
    check: CheckJson<'a>,
    /// `DT[]`, as written (plain text).
    date: Option<&'a str>,
    /// `EV[]`.
    event: Option<&'a str>,
    /// `PC[]`.
    place: Option<&'a str>,
    /// `BR[]`.
    black_rank: Option<&'a str>,
    /// `WR[]`.
    white_rank: Option<&'a str>,
    /// `AP[]`: the program that wrote the record.
    application: Option<&'a str>,
}

impl Serialize for GameJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let g = self.0;
        Game {
            path: &g.path,
            game: g.game,
            line: g.line,
            column: g.column,
            status: g.status.as_str(),
            size: g.size,
            rules: g.rules.set.name(),
            rules_from: g.rules_from.as_str(),
            rules_raw: g.rules_raw.as_deref(),
            komi: g.komi,
            komi_raw: g.komi_raw.as_deref(),
            handicap: g.handicap,
            black: g.black.as_deref(),
            white: g.white.as_deref(),
            result: g.result.as_deref(),
            encoding: g.encoding,
            moves: g.moves,
            ended_by: g.ended_by.as_str(),
            findings: Findings(&g.findings),
            findings_omitted: g.findings_omitted,
            score: g.score.as_ref().map(ScoreJson),
            check: CheckJson(&g.check),
            date: g.info.date.as_deref(),
            event: g.info.event.as_deref(),
            place: g.info.place.as_deref(),
            black_rank: g.info.black_rank.as_deref(),
            white_rank: g.info.white_rank.as_deref(),
            application: g.info.application.as_deref(),
        }
        .serialize(serializer)
    }
}

struct Findings<'a>(&'a [Finding]);

impl Serialize for Findings<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(FindingJson::of))
    }
}

/// A finding: what, where, and why.
#[derive(Serialize, JsonSchema)]
struct FindingJson<'a> {
    /// The finding code (`sgfaudit explain CODE`).
    #[schemars(schema_with = "code_names")]
    code: &'static str,
    /// `error`, `warning` or `info`.
    #[schemars(schema_with = "severity_names")]
    severity: &'static str,
    /// From 1; passes count, setup nodes do not.
    r#move: Option<u32>,
    /// The colour of the move.
    #[schemars(schema_with = "color_names")]
    color: Option<&'static str>,
    /// The move's point in SGF coordinates (`dd`).
    point: Option<&'a str>,
    /// The move's point as a vertex (`D16`).
    vertex: Option<&'a str>,
    /// The line of the finding in the file, from 1.
    line: u32,
    /// The column of the finding, from 1, in characters.
    column: u32,
    /// The article of the Chinese Weiqi Rules (2002) the finding is about.
    article: Option<u32>,
    /// What was found, in words.
    message: &'a str,
    /// For a repetition: the most recent move after which the position stood before.
    first_seen: Option<u32>,
    /// For a repetition: the moves since `first_seen`.
    cycle_length: Option<u32>,
    /// The side variation the finding is in: the child index of each game tree from the
    /// root down to it (`"0.2.1"`); `null` on the main line.
    variation: Option<&'a str>,
    /// True when `sgfaudit audit --fix` rewrites the record so that the finding is gone.
    fixable: bool,
    /// For a finding about a move after a move the replay voided on the same path (the
    /// same game and variation, or a line it leaves from): the number of the first such
    /// voided move, whose lost turn may be the cause. `null` otherwise.
    after_void: Option<u32>,
}

impl<'a> FindingJson<'a> {
    fn of(f: &'a Finding) -> FindingJson<'a> {
        FindingJson {
            code: f.code.as_str(),
            severity: f.severity.as_str(),
            r#move: f.r#move,
            color: f.color,
            point: f.point.as_deref(),
            vertex: f.vertex.as_deref(),
            line: f.line,
            column: f.column,
            article: f.article,
            message: &f.message,
            first_seen: f.first_seen,
            cycle_length: f.cycle_length,
            variation: f.variation.as_deref(),
            fixable: f.fixable,
            after_void: f.after_void,
        }
    }
}

/// The report's `score` object.
struct ScoreJson<'a>(&'a Score);

/// The area count of the final position (`score`).
#[derive(Serialize, JsonSchema)]
struct ScoreFields<'a> {
    /// Where the dead stones came from (`--dead`; `judge` for the engine of `--judge`).
    #[schemars(schema_with = "dead_from_names")]
    dead_from: &'static str,
    /// The dead stones.
    dead: DeadList<'a>,
    /// Black's area: live stones and surrounded points.
    black: f64,
    /// White's area.
    white: f64,
    /// The komi counted.
    komi: f64,
    /// The points White gets for Black's handicap stones under the rules.
    handicap_bonus: f64,
    /// Black's area margin: Black − White − komi − handicap bonus.
    margin: f64,
    /// The area count as a result, in points (`B+1.5`).
    result: &'a str,
    /// The area count in stones (`黑胜3/4子`).
    stones: &'a str,
    /// The counting compared with `RE[]`: `area` or `territory`.
    #[schemars(schema_with = "counting_names")]
    counting: &'static str,
    /// The territory count, where it is compared or reproduced `RE[]`.
    territory: Option<TerritoryFields<'a>>,
}

/// `score.territory`: the territory count.
#[derive(Serialize, JsonSchema)]
struct TerritoryFields<'a> {
    /// Empty points Black's live stones alone surround (dead White stones' points included).
    black_territory: u32,
    /// White's territory.
    white_territory: u32,
    /// White stones Black took: captured in play and dead at the end.
    black_prisoners: u32,
    /// Black stones White took.
    white_prisoners: u32,
    /// Eyes of stones in seki: nobody's.
    seki_points: u32,
    /// The komi counted.
    komi: f64,
    /// Black's territory margin, komi included.
    margin: f64,
    /// The territory count as a result (`W+0.5`).
    result: &'a str,
}

/// `score.dead`: dead stones of each colour as SGF coordinates.
#[derive(Serialize, JsonSchema)]
struct DeadList<'a> {
    /// Dead black stones.
    #[schemars(with = "Vec<String>")]
    black: Points<'a>,
    /// Dead white stones.
    #[schemars(with = "Vec<String>")]
    white: Points<'a>,
    /// Stones of chains the estimate is unsure of (empty when there are none).
    #[schemars(with = "Vec<String>")]
    uncertain: Points<'a>,
    /// Stones the estimate judged in seki (empty when there are none).
    #[schemars(with = "Vec<String>")]
    seki: Points<'a>,
}

/// Points as a list of SGF coordinates.
struct Points<'a>(&'a [Point]);

impl Serialize for Points<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(|p| p.sgf()))
    }
}

impl Serialize for ScoreJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let s = self.0;
        ScoreFields {
            dead_from: s.dead_from.as_str(),
            dead: DeadList {
                black: Points(&s.dead_black),
                white: Points(&s.dead_white),
                uncertain: Points(&s.uncertain),
                seki: Points(&s.seki),
            },
            black: s.black,
            white: s.white,
            komi: s.komi,
            handicap_bonus: s.handicap_bonus,
            margin: s.margin,
            result: &s.result,
            stones: &s.stones,
            counting: s.counting.as_str(),
            territory: s.territory.as_ref().map(|t| TerritoryFields {
                black_territory: t.black_territory,
                white_territory: t.white_territory,
                black_prisoners: t.black_prisoners,
                white_prisoners: t.white_prisoners,
                seki_points: t.seki_points,
                komi: t.komi,
                margin: t.margin,
                result: &t.result,
            }),
        }
        .serialize(serializer)
    }
}

/// The report's `check` object.
struct CheckJson<'a>(&'a Check);

/// `check`: the recorded result against the count.
#[derive(Serialize, JsonSchema)]
struct CheckFields<'a> {
    /// `RE[]` as read.
    recorded: Option<&'a str>,
    /// The count compared with it (`B+6.5`).
    computed: Option<String>,
    /// `agrees`, `disagrees` (beyond doubt), `unverifiable` (counted, but the count does
    /// not settle `RE[]`) or `not-counted` (no count checks `RE[]`).
    #[schemars(schema_with = "verdict_names")]
    verdict: &'static str,
    /// Why, in words.
    reason: Option<String>,
    /// The reason's stable name (kebab-case; `docs/guide/schema.md` lists them): null
    /// exactly when `reason` is.
    #[schemars(schema_with = "reason_code_names")]
    reason_code: Option<&'static str>,
    /// The recorded margin minus the counted one (Black's points).
    difference: Option<f64>,
    /// For `agrees` and `disagrees`: the probability (0 to 1), under the check's odds,
    /// that the verdict is right.
    confidence: Option<f64>,
    /// What the verdict assumed beyond the rules and the record.
    assumed: Option<String>,
}

impl Serialize for CheckJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let c = self.0;
        CheckFields {
            recorded: c.recorded.as_deref(),
            computed: c.computed_result(),
            verdict: c.verdict.as_str(),
            reason: c.reason_text(),
            reason_code: c.reason_code().map(ReasonCode::as_str),
            difference: c.difference,
            confidence: c.reported_confidence(),
            assumed: c.assumed_text(),
        }
        .serialize(serializer)
    }
}

/// Something with a fixed name on the wire (a status, a finding code).
pub(crate) trait Named: Copy {
    fn wire_name(self) -> &'static str;
}

impl Named for crate::audit::Status {
    fn wire_name(self) -> &'static str {
        self.as_str()
    }
}

impl Named for crate::finding::Severity {
    fn wire_name(self) -> &'static str {
        self.as_str()
    }
}

impl Named for crate::finding::Code {
    fn wire_name(self) -> &'static str {
        self.as_str()
    }
}

/// A map keyed by names, in the map's own order (declaration order for enums).
pub(crate) fn by_name<K: Named, S: Serializer>(
    map: &BTreeMap<K, usize>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_map(map.iter().map(|(k, v)| (k.wire_name(), v)))
}

/// One of `names`, as a string.
fn one_of(names: impl IntoIterator<Item = &'static str>) -> Schema {
    let names: Vec<&str> = names.into_iter().collect();
    json_schema!({"type": "string", "enum": names})
}

fn status_names(_: &mut SchemaGenerator) -> Schema {
    one_of(Status::ALL.map(Status::as_str))
}
fn rule_set_names(_: &mut SchemaGenerator) -> Schema {
    one_of(RuleSet::ALL.map(RuleSet::name))
}
fn rules_from_names(_: &mut SchemaGenerator) -> Schema {
    one_of(RulesFrom::ALL.map(RulesFrom::as_str))
}
fn ended_by_names(_: &mut SchemaGenerator) -> Schema {
    one_of(EndedBy::ALL.map(EndedBy::as_str))
}
fn code_names(_: &mut SchemaGenerator) -> Schema {
    one_of(Code::ALL.map(Code::as_str))
}
fn severity_names(_: &mut SchemaGenerator) -> Schema {
    one_of(Severity::ALL.map(Severity::as_str))
}
fn color_names(_: &mut SchemaGenerator) -> Schema {
    json_schema!({"enum": ["B", "W", null]})
}
fn dead_from_names(_: &mut SchemaGenerator) -> Schema {
    one_of(DeadFrom::ALL.map(DeadFrom::as_str))
}
fn counting_names(_: &mut SchemaGenerator) -> Schema {
    one_of(CountedBy::ALL.map(CountedBy::as_str))
}
fn verdict_names(_: &mut SchemaGenerator) -> Schema {
    one_of(Verdict::ALL.map(Verdict::as_str))
}
fn reason_code_names(_: &mut SchemaGenerator) -> Schema {
    let mut names: Vec<serde_json::Value> = ReasonCode::ALL
        .iter()
        .map(|code| code.as_str().into())
        .collect();
    names.push(serde_json::Value::Null);
    json_schema!({"type": ["string", "null"], "enum": names})
}

/// A count per name, every name present (`summary.by_status`, `by_severity`).
fn count_of_each(names: impl IntoIterator<Item = &'static str>) -> Schema {
    let names: Vec<&str> = names.into_iter().collect();
    let properties: serde_json::Map<String, serde_json::Value> = names
        .iter()
        .map(|n| {
            (
                n.to_string(),
                serde_json::json!({"type": "integer", "minimum": 0}),
            )
        })
        .collect();
    json_schema!({
        "type": "object",
        "properties": properties,
        "required": names,
        "additionalProperties": false
    })
}

pub(crate) fn count_per_status(_: &mut SchemaGenerator) -> Schema {
    count_of_each(Status::ALL.map(Status::as_str))
}
pub(crate) fn count_per_severity(_: &mut SchemaGenerator) -> Schema {
    count_of_each(Severity::ALL.map(Severity::as_str))
}
/// `summary.by_code`: a count per finding code, the codes found only.
pub(crate) fn count_per_code(_: &mut SchemaGenerator) -> Schema {
    let names: Vec<&str> = Code::ALL.map(Code::as_str).to_vec();
    json_schema!({
        "type": "object",
        "propertyNames": {"enum": names},
        "additionalProperties": {"type": "integer", "minimum": 0}
    })
}

fn columns_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({"type": "object"})
}

/// The `columns` record's `data`: the keys of every other record's `data` (begin, game,
/// error, summary, in that order), each with a value of its type, made from [`schema`]:
/// a string is `""`, an integer `0`, a number `0.0`, a list holds one value of its items'
/// type, a map of names (`by_code`) holds every name, and a nullable value its non-null
/// type.
pub(crate) fn columns() -> serde_json::Value {
    let schema = schema();
    let root = schema.as_value();
    let mut data = serde_json::Value::Object(serde_json::Map::new());
    for variant in root["oneOf"].as_array().into_iter().flatten() {
        if variant["properties"]["type"]["const"] == "columns" {
            continue;
        }
        merge(&mut data, placeholder(root, &variant["properties"]["data"]));
    }
    data
}

/// Adds the keys of `more` that `into` lacks, recursively.
fn merge(into: &mut serde_json::Value, more: serde_json::Value) {
    use serde_json::Value;
    match (into, more) {
        (Value::Object(a), Value::Object(b)) => {
            for (k, v) in b {
                match a.get_mut(&k) {
                    Some(existing) => merge(existing, v),
                    None => {
                        a.insert(k, v);
                    }
                }
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            if let (Some(x), Some(y)) = (a.first_mut(), b.into_iter().next()) {
                merge(x, y);
            }
        }
        _ => {}
    }
}

/// A value of the type `schema` describes (references resolved in `root`).
fn placeholder(root: &serde_json::Value, schema: &serde_json::Value) -> serde_json::Value {
    use serde_json::{json, Value};
    if let Some(name) = schema["$ref"]
        .as_str()
        .and_then(|r| r.strip_prefix("#/$defs/"))
    {
        return placeholder(root, &root["$defs"][name]);
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(options) = schema[key].as_array() {
            let typed = options.iter().find(|o| o["type"] != "null");
            return typed.map_or(Value::Null, |o| placeholder(root, o));
        }
    }
    let types: Vec<&str> = match &schema["type"] {
        Value::String(t) => vec![t.as_str()],
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    let kind = types.into_iter().find(|t| *t != "null").or_else(|| {
        // An enum without a type (`color`): the type of its first non-null value.
        let first = schema["enum"].as_array()?.iter().find(|v| !v.is_null())?;
        first.is_string().then_some("string")
    });
    match kind {
        Some("object") => {
            let mut object = serde_json::Map::new();
            if let Some(properties) = schema["properties"].as_object() {
                for (k, v) in properties {
                    object.insert(k.clone(), placeholder(root, v));
                }
            }
            if let Some(names) = schema["propertyNames"]["enum"].as_array() {
                for name in names.iter().filter_map(Value::as_str) {
                    let value = placeholder(root, &schema["additionalProperties"]);
                    object.insert(name.to_string(), value);
                }
            }
            Value::Object(object)
        }
        Some("array") => json!([placeholder(root, &schema["items"])]),
        Some("string") => json!(""),
        Some("integer") => json!(0),
        Some("number") => json!(0.0),
        Some("boolean") => json!(false),
        _ => Value::Null,
    }
}

/// The JSON Schema (draft 2020-12) of one line of the JSON Lines output.
pub fn schema() -> Schema {
    let settings = schemars::generate::SchemaSettings::draft2020_12().for_serialize();
    let mut schema = settings.into_generator().into_root_schema_for::<Record>();
    schema.insert(
        "$id".into(),
        format!("urn:sgfaudit:jsonl:schema-{}", super::SCHEMA).into(),
    );
    schema.insert(
        "title".into(),
        format!("sgfaudit JSON Lines: one line (schema {})", super::SCHEMA).into(),
    );
    schema
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Position;
    use crate::score::{score_position, DeadFrom, ScoringMethod};

    #[test]
    fn a_score_is_written_with_its_dead_stones_as_sgf_points() {
        let p = Position::from_diagram(
            "
            X O .
            X O .
            X O .",
        );
        let s = score_position(
            &p,
            &[Point::new(1, 0), Point::new(1, 0)],
            ScoringMethod::SplitShared,
            0.5,
            0.0,
            DeadFrom::Markup,
        );
        let json = serde_json::to_string(&ScoreJson(&s)).unwrap();
        assert_eq!(
            json,
            r#"{"dead_from":"markup","dead":{"black":[],"white":["ba"],"uncertain":[],"seki":[]},"black":5.0,"white":4.0,"komi":0.5,"handicap_bonus":0.0,"margin":0.5,"result":"B+0.5","stones":"黑胜1/4子","counting":"area","territory":null}"#
        );
    }
}
