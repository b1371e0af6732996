//! The JSON shapes of the reports: private serialisation types that borrow from a
//! [`GameReport`], so the domain types know nothing of the wire format (`jsonl.rs`
//! documents every field; `tests/schema.rs` mirrors them).

use std::collections::BTreeMap;

use serde::{Serialize, Serializer};

use crate::audit::GameReport;
use crate::finding::Finding;
use crate::geom::Point;
use crate::score::{Check, Score};

/// A `game` line's `data`.
pub(crate) struct GameJson<'a>(pub &'a GameReport);

#[derive(Serialize)]
struct Game<'a> {
    path: &'a str,
    game: usize,
    line: u32,
    column: u32,
    status: &'static str,
    size: Option<[u8; 2]>,
    rules: &'static str,
    rules_from: &'static str,
    rules_raw: Option<&'a str>,
    komi: f64,
    komi_raw: Option<&'a str>,
    handicap: u32,
    black: Option<&'a str>,
    white: Option<&'a str>,
    result: Option<&'a str>,
    encoding: &'static str,
    moves: u32,
    ended_by: &'static str,
    findings: Findings<'a>,
    findings_omitted: u32,
    score: Option<ScoreJson<'a>>,
    check: CheckJson<'a>,
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
            rules: g.rules,
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

#[derive(Serialize)]
struct FindingJson<'a> {
    code: &'static str,
    severity: &'static str,
    r#move: Option<u32>,
    color: Option<&'static str>,
    point: Option<&'a str>,
    vertex: Option<&'a str>,
    line: u32,
    column: u32,
    article: Option<u32>,
    message: &'a str,
    first_seen: Option<u32>,
    cycle_length: Option<u32>,
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
        }
    }
}

/// The report's `score` object.
struct ScoreJson<'a>(&'a Score);

#[derive(Serialize)]
struct ScoreFields<'a> {
    dead_from: &'static str,
    dead: DeadList<'a>,
    black: f64,
    white: f64,
    komi: f64,
    handicap_bonus: f64,
    margin: f64,
    result: &'a str,
    stones: &'a str,
    counting: &'static str,
    territory: Option<TerritoryFields<'a>>,
}

/// `score.territory`: the territory count.
#[derive(Serialize)]
struct TerritoryFields<'a> {
    black_territory: u32,
    white_territory: u32,
    black_prisoners: u32,
    white_prisoners: u32,
    seki_points: u32,
    komi: f64,
    margin: f64,
    result: &'a str,
}

/// `score.dead`: dead stones of each colour as SGF coordinates.
#[derive(Serialize)]
struct DeadList<'a> {
    black: Points<'a>,
    white: Points<'a>,
    /// Stones of chains the estimate is unsure of (empty when there are none).
    uncertain: Points<'a>,
    /// Stones the estimate judged in seki (empty when there are none).
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

#[derive(Serialize)]
struct CheckFields<'a> {
    recorded: Option<&'a str>,
    computed: Option<&'a str>,
    verdict: &'static str,
    reason: Option<&'a str>,
    difference: Option<f64>,
}

impl Serialize for CheckJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let c = self.0;
        CheckFields {
            recorded: c.recorded.as_deref(),
            computed: c.computed.as_deref(),
            verdict: c.verdict.as_str(),
            reason: c.reason.as_deref(),
            difference: c.difference,
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
