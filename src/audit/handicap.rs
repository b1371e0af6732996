//! Where the handicap stones stood when a record lacks them (`HA[n]`, no black setup
//! stones, White moves first): the program that wrote such a record placed the stones
//! itself, so at fixed points, and the game can be counted with them there.
//!
//! The fixed points are those of GTP's `fixed_handicap` (GTP 2, §4.1.1; GNU Go and most
//! servers place them so). Of the 567 records of `../shared/corpus` on 19×19 that carry
//! their `HA[n]` stones as `AB[]` (2 to 9 of them), 557 have them at these points; 3 are
//! test positions with two stones in a corner, and the other 7, all of three stones (a
//! CGoban convention), leave the upper left corner empty and take the lower right: 7 of
//! the 232 three-stone records (3%). No record of six or
//! seven stones sets the side stones otherwise, but one Fox record that lacks its six
//! replays only with them at the middle of the upper and lower sides: that placement is
//! weighed too, at the same odds.
//!
//! The handicap itself is read here too, from `HA[]` and the black setup stones before
//! the first move, and the verdicts of the placements are combined into one.

use crate::check::calibration::OTHER_PLACEMENT_ODDS;
use crate::check::reason::{Assumption, Reason};
use crate::check::Verdict;
use crate::check::{across_placements, AcrossPlacements, ResultOutcome};
use crate::finding::{Code, Finding, Severity};
use crate::geom::{BoardSize, Color, Point};
use crate::replay::{replay, Replay};
use crate::rules::Rules;
use crate::sgf::record::{GameRecord, Node, RawValue};

/// One way the missing stones may have stood.
#[derive(Clone, Debug, PartialEq)]
pub struct Placement {
    pub points: Vec<Point>,
    /// The odds of this placement among those listed.
    pub odds: f64,
    /// In words: "the fixed points".
    pub name: &'static str,
}

/// The placements of `stones` handicap stones on `size`, most probable first; none where
/// there is no fixed placement (a board not square, smaller than 7×7 or larger than
/// 25×25, more than 9 stones, more than 4 on an even board or on 7×7).
pub fn placements(size: BoardSize, stones: u32) -> Vec<Placement> {
    let n = size.width;
    let max = if n.is_multiple_of(2) || n == 7 { 4 } else { 9 };
    if size.width != size.height || !(7..=25).contains(&n) || !(2..=max).contains(&stones) {
        return Vec::new();
    }
    // The lines the stones stand on: the third on boards below 13×13, else the fourth.
    let near = if n < 13 { 2 } else { 3 };
    let (far, mid) = (n - 1 - near, n / 2);
    let at = |col, row| Point::new(col, row);
    let (upper_left, upper_right, lower_left, lower_right) =
        (at(near, near), at(far, near), at(near, far), at(far, far));
    let center = at(mid, mid);
    let (left, right, top, bottom) = (at(near, mid), at(far, mid), at(mid, near), at(mid, far));
    let corners = [lower_left, upper_right, upper_left, lower_right];
    let fixed: Vec<Point> = match stones {
        2..=4 => corners[..stones as usize].to_vec(),
        5 => [&corners[..], &[center]].concat(),
        6 => [&corners[..], &[left, right]].concat(),
        7 => [&corners[..], &[left, right, center]].concat(),
        8 => [&corners[..], &[left, right, top, bottom]].concat(),
        _ => [&corners[..], &[left, right, top, bottom, center]].concat(),
    };
    let other: Option<Vec<Point>> = match stones {
        3 => Some(vec![lower_left, upper_right, lower_right]),
        6 => Some([&corners[..], &[top, bottom]].concat()),
        7 => Some([&corners[..], &[top, bottom, center]].concat()),
        _ => None,
    };
    let mut out = vec![Placement {
        points: fixed,
        odds: if other.is_some() {
            1.0 - OTHER_PLACEMENT_ODDS
        } else {
            1.0
        },
        name: "the fixed points",
    }];
    if let Some(points) = other {
        out.push(Placement {
            points,
            odds: OTHER_PLACEMENT_ODDS,
            name: if stones == 3 {
                "the lower right corner instead of the upper left"
            } else {
                "the middle of the upper and lower sides instead of the left and right"
            },
        });
    }
    out
}

/// `record` with the placement's black stones set up in a node of their own before its
/// first node, as if the record had carried them.
pub fn with_stones<'a>(record: &GameRecord<'a>, placement: &Placement) -> GameRecord<'a> {
    let mut placed = record.clone();
    let start = placed.setup.len() as u32;
    placed
        .setup
        .extend(placement.points.iter().map(|&p| (p, Some(Color::Black))));
    placed.nodes.insert(
        0,
        Node {
            offset: record.nodes.first().map_or(0, |n| n.offset),
            setup: start..placed.setup.len() as u32,
            player: None,
            mv: None,
        },
    );
    // The side lines that leave the main line leave it after the stones too.
    for line in placed.side_lines.iter_mut().filter(|l| l.parent.is_none()) {
        line.fork += 1;
    }
    placed
}

/// The points of a placement as a reader finds them: "D16, Q16, D4", row by row from the
/// top.
pub fn vertices(placement: &Placement, size: BoardSize) -> String {
    let mut points = placement.points.clone();
    points.sort_by_key(|p| (p.row, p.col));
    let vertices: Vec<String> = points.iter().map(|p| p.vertex(size)).collect();
    vertices.join(", ")
}

/// The placement as a verdict's assumption, at `odds` (1 where no other placement the moves
/// allow is weighed).
pub fn assumption(placement: &Placement, size: BoardSize, odds: f64) -> Assumption {
    Assumption::Placement {
        stones: placement.points.len(),
        vertices: vertices(placement, size),
        name: placement.name,
        odds,
    }
}

/// One check from the checks of the position counted with each placement that the
/// game's moves allow (`outcomes`, most probable first, never empty): the verdict is
/// [`across_placements`]'s; this words it, with the odds of the placement it assumes.
pub fn combine(outcomes: Vec<(&Placement, ResultOutcome)>, size: BoardSize) -> ResultOutcome {
    let total: f64 = outcomes.iter().map(|(p, _)| p.odds).sum();
    let mut weighed = outcomes
        .into_iter()
        .map(|(placement, outcome)| (placement, placement.odds / total, outcome));
    let (first, odds, mut outcome) = weighed.next().expect("a placement the moves allow");
    let others: Vec<_> = weighed.collect();
    let verdicts: Vec<_> = others
        .iter()
        .map(|(_, o, other)| (other.check.verdict, *o))
        .collect();
    let placed = across_placements(outcome.check.verdict, odds, &verdicts);
    let counted = outcome.score.is_some();
    let assumed = assumption(first, size, odds);
    let check = &mut outcome.check;
    match (check.verdict, placed) {
        (_, AcrossPlacements::FitsAnother(i)) => {
            let (placement, o, _) = &others[i];
            check.verdict = Verdict::Unverifiable;
            check.confidence = None;
            outcome.reason = Some(Reason::CountedAs {
                reason: Reason::boxed(outcome.reason.take()),
                placement: assumed,
                fits: Some(assumption(placement, size, *o)),
            });
            outcome.assumed.clear();
            outcome.findings.retain(|f| f.code != Code::ResultMismatch);
        }
        (Verdict::Agrees, AcrossPlacements::First) => {
            check.confidence = check.confidence.map(|c| c * odds);
            outcome.assumed.insert(0, assumed);
        }
        (Verdict::Disagrees, AcrossPlacements::First) => {
            let elsewhere: f64 = others
                .iter()
                .map(|(_, o, other)| o * other.check.confidence.unwrap_or(0.0))
                .sum();
            check.confidence = check.confidence.map(|c| c * odds + elsewhere);
            outcome.assumed.insert(0, assumed);
        }
        // A result no count checks (a resignation) says nothing of the stones.
        (Verdict::Unverifiable | Verdict::NotCounted, AcrossPlacements::First) if !counted => {}
        (Verdict::Unverifiable | Verdict::NotCounted, AcrossPlacements::First) => {
            outcome.reason = Some(Reason::CountedAs {
                reason: Reason::boxed(outcome.reason.take()),
                placement: assumed,
                fits: None,
            });
        }
    }
    outcome
}

/// What `HA[]` and the setup stones before the first move say of the handicap.
pub(super) struct Handicap {
    /// The stones the count compensates.
    pub(super) stones: u32,
    /// `HA[]` cannot be read, or the board cannot hold it: White's compensation is unknown.
    pub(super) unknown: bool,
    /// Handicap stones `HA[]` names that the record lacks: fewer black setup stones than
    /// `HA[n]` and White moves first, so the stones were placed but not recorded.
    pub(super) missing: u32,
}

/// Reads the handicap of `record` (`HA[]`, else two or more black setup stones before the
/// first move), with the findings it calls for.
pub(super) fn read_handicap(
    record: &GameRecord<'_>,
    size: BoardSize,
    findings: &mut Vec<Finding>,
) -> Handicap {
    let root_setup = || {
        record
            .nodes
            .iter()
            .take_while(|n| n.mv.is_none())
            .flat_map(|n| &record.setup[n.setup.start as usize..n.setup.end as usize])
    };
    let root_black_setup = root_setup()
        .filter(|(_, s)| *s == Some(Color::Black))
        .count() as u32;
    let board_points = size.points();
    // A handicap that cannot be read, or that the board cannot hold, leaves the
    // compensation White is owed unknown: the count is then never held against RE[].
    let mut unknown = false;
    let stones = match record.root.handicap {
        // Black stones set up before the first move, and no White ones, are a handicap
        // even without HA[] (the compensation of RULES.md still applies): say so.
        None if root_black_setup >= 2 && !root_setup().any(|(_, s)| *s == Some(Color::White)) => {
            let offset = record.nodes.first().map_or(0, |n| n.offset as usize);
            findings.push(Finding::new(
                Code::HandicapInferred,
                Severity::Info,
                offset,
                format!(
                    "no HA[]: the {root_black_setup} black setup stones before the first move are read as a {root_black_setup}-stone handicap"
                ),
            ));
            root_black_setup
        }
        None => 0,
        Some(v) => ha_value(v, root_black_setup, board_points, &mut unknown, findings),
    };
    let white_first = record
        .nodes
        .iter()
        .find_map(|n| n.mv.as_ref())
        .is_some_and(|m| m.color == Color::White);
    let missing = if stones >= 2 && white_first && !unknown {
        stones.saturating_sub(root_black_setup)
    } else {
        0
    };
    Handicap {
        stones,
        unknown,
        missing,
    }
}

/// The handicap `HA[v]` gives (`black_setup`: the black setup stones before the first
/// move), with the findings it calls for; sets `unknown` when it cannot be read or held.
fn ha_value(
    v: RawValue<'_>,
    black_setup: u32,
    board_points: usize,
    unknown: &mut bool,
    findings: &mut Vec<Finding>,
) -> u32 {
    match v.raw.trim().parse::<u32>() {
        Ok(n) if n as usize >= board_points => {
            findings.push(Finding::new(
                Code::BadProperty,
                Severity::Warning,
                v.offset as usize,
                format!(
                    "HA[{n}] is more stones than the board's {board_points} points: \
                     {black_setup} (the black setup stones) assumed, results not \
                     held against RE[]"
                ),
            ));
            *unknown = true;
            black_setup
        }
        Ok(n) => {
            if n >= 2 && n != black_setup {
                findings.push(Finding::new(
                    Code::HandicapMismatch,
                    Severity::Warning,
                    v.offset as usize,
                    format!("HA[{n}] but {black_setup} black setup stones before the first move"),
                ));
            }
            n
        }
        Err(_) => {
            findings.push(Finding::new(
                Code::BadProperty,
                Severity::Warning,
                v.offset as usize,
                format!(
                    "HA[{}] is not a number: no handicap assumed, results not held against RE[]",
                    v.raw.trim()
                ),
            ));
            *unknown = true;
            0
        }
    }
}

/// A placement of the handicap stones a record lacks, the record with them, and its
/// replay.
pub(super) struct Placed<'a> {
    pub(super) placement: Placement,
    pub(super) record: GameRecord<'a>,
    pub(super) replay: Replay,
}

/// The game replayed again with the handicap stones the record lacks, for each placement
/// of them the moves allow (see [`handicap`]), most probable first: none when no stone
/// is missing, or when the record holds some of its stones (where the others stood is
/// anyone's guess). A placement is allowed when its replay finds no illegal move the
/// record's own replay (`replay`) did not.
pub(super) fn placed_handicap<'a>(
    record: &GameRecord<'a>,
    size: BoardSize,
    rules: &Rules,
    handicap: &Handicap,
    replay: &Replay,
    strict: bool,
    keep_position: bool,
) -> Vec<Placed<'a>> {
    let missing = handicap.missing;
    if missing == 0 || missing != handicap.stones {
        return Vec::new();
    }
    let illegal = |r: &Replay| -> Vec<(Option<u32>, Option<Box<str>>)> {
        r.findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .map(|f| (f.r#move, f.variation.clone()))
            .collect()
    };
    let own = illegal(replay);
    placements(size, missing)
        .into_iter()
        .filter_map(|placement| {
            let record = with_stones(record, &placement);
            let replay = crate::replay::replay(&record, size, rules, strict, keep_position);
            illegal(&replay)
                .iter()
                .all(|m| own.contains(m))
                .then_some(Placed {
                    placement,
                    record,
                    replay,
                })
        })
        .collect()
}

/// The record as the audit replays it: with the handicap stones it lacks set up where
/// the audit placed them (see [`placed_handicap`]), or `None` when it places none. For
/// the figures of `sgfaudit show`, which must show the board the findings speak of.
pub fn record_as_replayed<'a>(
    record: &GameRecord<'a>,
    size: BoardSize,
    rules: &Rules,
) -> Option<GameRecord<'a>> {
    let handicap = read_handicap(record, size, &mut Vec::new());
    let own = replay(record, size, rules, false, false);
    placed_handicap(record, size, rules, &handicap, &own, false, false)
        .into_iter()
        .next()
        .map(|p| p.record)
}

/// Says on the `handicap-mismatch` finding of a record without its handicap stones where
/// the replay placed them.
pub(super) fn note_placement(findings: &mut [Finding], placement: &Placement, size: BoardSize) {
    if let Some(f) = findings
        .iter_mut()
        .find(|f| f.code == Code::HandicapMismatch)
    {
        f.message.push_str(&format!(
            ", and White moves first: replayed with the stones at {} ({}), where every move allows them",
            vertices(placement, size),
            placement.name
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::Check;
    use crate::finding::{Finding, Severity};

    fn outcome(verdict: Verdict, confidence: f64) -> ResultOutcome {
        let check = Check {
            recorded: Some("B+2".to_string()),
            computed: Some(17.0),
            verdict,
            reason: None,
            difference: Some(-15.0),
            confidence: Some(confidence),
            assumed: Vec::new(),
        };
        let findings = if verdict == Verdict::Disagrees {
            vec![Finding::new(
                Code::ResultMismatch,
                Severity::Error,
                0,
                "RE[B+2]",
            )]
        } else {
            Vec::new()
        };
        ResultOutcome {
            score: None,
            check,
            reason: None,
            assumed: Vec::new(),
            findings,
        }
    }

    #[test]
    fn re_is_wrong_only_if_every_placement_worth_weighing_says_so() {
        let size = BoardSize::STANDARD;
        let three = placements(size, 3);
        let fits_elsewhere = combine(
            vec![
                (&three[0], outcome(Verdict::Disagrees, 0.99)),
                (&three[1], outcome(Verdict::Agrees, 0.9)),
            ],
            size,
        );
        assert_eq!(fits_elsewhere.check.verdict, Verdict::Unverifiable);
        assert!(fits_elsewhere.findings.is_empty(), "no result-mismatch");
        let reason = fits_elsewhere.reported_check().reason.unwrap();
        assert!(
            matches!(
                &reason,
                Reason::CountedAs {
                    fits: Some(Assumption::Placement { stones: 3, vertices, name, odds }),
                    ..
                } if vertices == "Q16, D4, Q4"
                    && *name == "the lower right corner instead of the upper left"
                    && (odds - 0.03).abs() < 0.005
            ),
            "{reason:?}"
        );

        let wrong_everywhere = combine(
            vec![
                (&three[0], outcome(Verdict::Disagrees, 0.99)),
                (&three[1], outcome(Verdict::Disagrees, 0.5)),
            ],
            size,
        );
        assert_eq!(wrong_everywhere.check.verdict, Verdict::Disagrees);
        assert_eq!(wrong_everywhere.findings.len(), 1);
        let confidence = wrong_everywhere.check.confidence.unwrap();
        assert!((confidence - (0.97 * 0.99 + 0.03 * 0.5)).abs() < 1e-9);
        assert!(matches!(
            wrong_everywhere.reported_check().assumed.first(),
            Some(Assumption::Placement { stones: 3, vertices, .. }) if vertices == "D16, Q16, D4"
        ));
    }

    #[test]
    fn an_agreement_holds_at_the_odds_of_its_placement() {
        let size = BoardSize::STANDARD;
        let three = placements(size, 3);
        let agrees = combine(
            vec![
                (&three[0], outcome(Verdict::Agrees, 0.8)),
                (&three[1], outcome(Verdict::Disagrees, 0.99)),
            ],
            size,
        );
        assert_eq!(agrees.check.verdict, Verdict::Agrees);
        assert!((agrees.check.confidence.unwrap() - 0.97 * 0.8).abs() < 1e-9);
        // The only placement the moves allow holds all the odds.
        let alone = combine(vec![(&three[1], outcome(Verdict::Agrees, 0.8))], size);
        assert_eq!(alone.check.confidence, Some(0.8));
        assert!(matches!(
            &alone.reported_check().assumed[..],
            [Assumption::Placement { stones: 3, vertices, name, odds }]
                if vertices == "Q16, D4, Q4"
                    && *name == "the lower right corner instead of the upper left"
                    && *odds >= 1.0
        ));
    }

    fn vertices(size: u8, stones: u32) -> Vec<Vec<String>> {
        let size = BoardSize::new(u32::from(size), u32::from(size)).unwrap();
        placements(size, stones)
            .iter()
            .map(|p| {
                let mut v: Vec<String> = p.points.iter().map(|q| q.vertex(size)).collect();
                v.sort();
                v
            })
            .collect()
    }

    fn sorted(v: &[&str]) -> Vec<String> {
        let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
        v.sort();
        v
    }

    /// The fixed points are GTP's: GNU Go 3.8 answers `fixed_handicap n` with these.
    #[test]
    fn the_fixed_points_are_gtps() {
        let gtp: &[(u8, u32, &[&str])] = &[
            (19, 2, &["Q16", "D4"]),
            (19, 3, &["D16", "Q16", "D4"]),
            (19, 5, &["D16", "Q16", "K10", "D4", "Q4"]),
            (19, 6, &["D16", "Q16", "D10", "Q10", "D4", "Q4"]),
            (
                19,
                8,
                &["D16", "K16", "Q16", "D10", "Q10", "D4", "K4", "Q4"],
            ),
            (
                19,
                9,
                &["D16", "K16", "Q16", "D10", "K10", "Q10", "D4", "K4", "Q4"],
            ),
            (13, 4, &["D10", "K10", "D4", "K4"]),
            (13, 7, &["D10", "K10", "D7", "G7", "K7", "D4", "K4"]),
            (9, 2, &["G7", "C3"]),
            (
                9,
                9,
                &["C7", "E7", "G7", "C5", "E5", "G5", "C3", "E3", "G3"],
            ),
        ];
        for &(size, stones, want) in gtp {
            assert_eq!(
                vertices(size, stones)[0],
                sorted(want),
                "{size}x{size}, {stones}"
            );
        }
    }

    #[test]
    fn three_six_and_seven_stones_have_another_placement_at_small_odds() {
        assert_eq!(vertices(19, 3)[1], sorted(&["Q16", "D4", "Q4"]));
        assert_eq!(
            vertices(19, 6)[1],
            sorted(&["D16", "Q16", "K16", "K4", "D4", "Q4"])
        );
        let size = BoardSize::STANDARD;
        let odds: Vec<f64> = placements(size, 3).iter().map(|p| p.odds).collect();
        assert_eq!(odds, vec![0.97, 0.03]);
        assert_eq!(placements(size, 4).len(), 1);
        assert_eq!(placements(size, 4)[0].odds, 1.0);
    }

    #[test]
    fn no_fixed_placement_where_gtp_has_none() {
        assert!(vertices(19, 10).is_empty());
        assert!(vertices(19, 1).is_empty());
        assert!(vertices(7, 5).is_empty());
        assert!(vertices(10, 5).is_empty());
        assert_eq!(vertices(10, 4).len(), 1);
        assert!(vertices(5, 2).is_empty());
        let oblong = BoardSize::new(19, 13).unwrap();
        assert!(placements(oblong, 2).is_empty());
    }

    #[test]
    fn a_placement_is_described_with_its_vertices_and_odds() {
        let size = BoardSize::STANDARD;
        let p = &placements(size, 3)[0];
        assert_eq!(
            assumption(p, size, 0.97).to_string(),
            "the 3 handicap stones the record lacks stood at D16, Q16, D4 (the fixed points; at odds 97%)"
        );
        assert_eq!(
            assumption(&placements(size, 2)[0], size, 1.0).to_string(),
            "the 2 handicap stones the record lacks stood at Q16, D4 (the fixed points)"
        );
    }
}
