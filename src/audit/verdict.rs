//! The audit's use of the scorer: decide whether a game is counted, settle its dead
//! stones, count it, check `RE[]`, and say which position was counted.

use crate::finding::{Code, Finding, Severity};
use crate::geom::{Point, Position};
use crate::komi::Komi;
use crate::rules::{Counting, Rules};

use crate::score::{
    check_result, parse_result, recorded_points, score_position, settle_dead, Check, CheckContext,
    DeadOutcome, DeadPolicy, RecordedResult, Score, ScoringMethod, Verdict,
};

/// What the scorer needs to know about one replayed game.
pub struct ResultInput<'a> {
    /// `RE[]` as written (unescaped, trimmed).
    pub recorded_raw: Option<&'a str>,
    /// The final board; always there when the game is to be counted.
    pub final_position: Option<&'a Position>,
    /// The board when two passes ended the game, when moves follow them.
    pub position_at_end: Option<&'a Position>,
    pub territory_black: &'a [Point],
    pub territory_white: &'a [Point],
    pub ended_by_passes: bool,
    pub rules: &'a Rules,
    /// The rules are known (from `RU[]` or the command line), not assumed for lack of `RU[]`.
    pub rules_known: bool,
    pub komi: &'a Komi,
    pub handicap_bonus: f64,
    pub dead: DeadPolicy,
}

/// The count and the check of one game, and the finding they call for.
pub struct ResultOutcome {
    pub score: Option<Score>,
    pub check: Check,
    /// `result-mismatch` or `unparsed-result`, placed by the caller at `RE[]`.
    pub finding: Option<Finding>,
}

impl Check {
    /// A check that could not be made, with the reason.
    pub fn unverifiable(recorded: Option<String>, reason: &str) -> Check {
        Check {
            recorded,
            computed: None,
            verdict: Verdict::Unverifiable,
            reason: Some(reason.to_string()),
            difference: None,
        }
    }
}

fn method(rules: &Rules) -> ScoringMethod {
    match rules.counting {
        Counting::AreaNoSplit => ScoringMethod::NobodyShared,
        Counting::Area | Counting::Territory => ScoringMethod::SplitShared,
    }
}

/// Most uncertain chains whose every life-or-death assignment is tried (2^n counts).
const MAX_UNCERTAIN_CHAINS: usize = 12;

/// What the search over the uncertain chains found.
enum Fit {
    /// A score that gives RE[], and the uncertain chains whose fate had to change.
    Found {
        score: Box<Score>,
        flipped: Vec<usize>,
    },
    /// Every assignment was tried; none gives RE[].
    NoneFits,
    /// Too many uncertain chains to try them all.
    TooMany,
}

/// Tries every fate of the uncertain chains (fewest changes from the estimate first)
/// and returns the first count whose margin is `target`.
fn fit_uncertain(dead: &DeadOutcome, target: f64, score_of: impl Fn(&[Point]) -> Score) -> Fit {
    let n = dead.uncertain.len();
    if n > MAX_UNCERTAIN_CHAINS {
        return Fit::TooMany;
    }
    let mut masks: Vec<u32> = (1..(1u32 << n)).collect();
    masks.sort_by_key(|m| m.count_ones());
    for mask in masks {
        let flipped: Vec<usize> = (0..n).filter(|i| mask & (1 << i) != 0).collect();
        let mut removed = dead.dead.clone();
        for &i in &flipped {
            let chain = &dead.uncertain[i];
            if chain.iter().all(|p| removed.binary_search(p).is_ok()) {
                removed.retain(|p| !chain.contains(p));
            } else {
                removed.extend_from_slice(chain);
            }
        }
        removed.sort();
        removed.dedup();
        let score = score_of(&removed);
        if (score.margin - target).abs() < 1e-6 {
            return Fit::Found {
                score: Box::new(score),
                flipped,
            };
        }
    }
    Fit::NoneFits
}

/// "the chain at D4 (3 stones) is dead and the chain at Q16 (1 stone) alive".
fn describe_flips(flipped: &[usize], dead: &DeadOutcome, position: &Position) -> String {
    let parts: Vec<String> = flipped
        .iter()
        .map(|&i| {
            let chain = &dead.uncertain[i];
            let was_dead = chain.iter().all(|p| dead.dead.binary_search(p).is_ok());
            format!(
                "the chain at {} ({} stone{}) is {}",
                chain[0].vertex(position.size),
                chain.len(),
                if chain.len() == 1 { "" } else { "s" },
                if was_dead { "alive" } else { "dead" }
            )
        })
        .collect();
    parts.join(" and ")
}

/// Counts a game when it is meant to be counted (two passes, or `RE[]` claims a count)
/// and checks the recorded result.
pub fn audit_result(input: &ResultInput<'_>) -> ResultOutcome {
    let recorded = input.recorded_raw.map(parse_result);
    let unparsed = matches!(recorded, Some(RecordedResult::Unparsed));
    let unparsed_finding = unparsed.then(|| {
        Finding::new(
            Code::UnparsedResult,
            Severity::Warning,
            0,
            format!(
                "RE[{}] is not a result sgfaudit can read: not checked",
                input.recorded_raw.unwrap_or("")
            ),
        )
    });
    let claims_count = matches!(
        recorded,
        Some(RecordedResult::Score { .. } | RecordedResult::Draw)
    );
    let mut ctx = CheckContext {
        ended_by_passes: input.ended_by_passes,
        moves_after_end: input.position_at_end.is_some(),
        area_scoring: input.rules.counting != Counting::Territory,
        dead_determined: false,
        komi_uncertain: input.komi.uncertain,
    };
    let final_position = match input.final_position {
        Some(p) if input.ended_by_passes || claims_count => Some(p),
        _ => None,
    };
    if final_position.is_none() || !ctx.area_scoring {
        let mut check = check_result(input.recorded_raw, None, &ctx);
        if !ctx.area_scoring && claims_count && check.verdict == Verdict::Unverifiable {
            // Counting territory (Japanese, Korean) is not built: say so, and how to get
            // an area count all the same.
            check.reason = Some(format!(
                "{}; run with --rules chinese to count the final position by area",
                check.reason.unwrap_or_default()
            ));
        }
        if input.recorded_raw.is_none() {
            check.reason =
                Some("the game is unfinished: no two passes and no result (RE[])".to_string());
        }
        return ResultOutcome {
            score: None,
            check,
            finding: unparsed_finding,
        };
    }

    let markup = (!input.territory_black.is_empty() || !input.territory_white.is_empty())
        .then_some((input.territory_black, input.territory_white));
    let score_with = |position: &Position, dead: &DeadOutcome, removed: &[Point]| {
        let mut score = score_position(
            position,
            removed,
            method(input.rules),
            input.komi.points,
            input.handicap_bonus,
            dead.from,
        );
        score.uncertain = dead.uncertain.iter().flatten().copied().collect();
        score.uncertain.sort();
        score.seki = dead.seki.clone();
        score
    };
    let count = |position: &Position| {
        let dead = settle_dead(position, markup, input.dead);
        (score_with(position, &dead, &dead.dead), dead)
    };
    let position = final_position.expect("checked above");
    let (mut score, dead) = count(position);
    ctx.dead_determined = dead.determined;
    let mut check = check_result(input.recorded_raw, Some(&score), &ctx);

    // Doubt: when RE[] holds a score the best estimate does not give, look for a fate of
    // the uncertain chains that does. Agree, saying what was assumed, if one exists;
    // disagree only when every assignment was tried and none fits.
    if check.verdict != Verdict::Agrees && !dead.uncertain.is_empty() {
        if let Some(target) = recorded.as_ref().and_then(recorded_points) {
            match fit_uncertain(&dead, target, |removed| {
                score_with(position, &dead, removed)
            }) {
                Fit::Found {
                    score: fitted,
                    flipped,
                } => {
                    let reason = format!(
                        "RE[] fits if {}; the best estimate alone gives {}",
                        describe_flips(&flipped, &dead, position),
                        score.result
                    );
                    check = check_result(
                        input.recorded_raw,
                        Some(&fitted),
                        &CheckContext {
                            dead_determined: true,
                            ..ctx
                        },
                    );
                    check.reason = Some(reason);
                    score = *fitted;
                }
                Fit::NoneFits => {
                    let mut sure = check_result(
                        input.recorded_raw,
                        Some(&score),
                        &CheckContext {
                            dead_determined: true,
                            ..ctx
                        },
                    );
                    if sure.verdict == Verdict::Disagrees {
                        sure.reason = Some(format!(
                            "{}; no life-or-death assignment of the {} uncertain chain(s) gives RE[]",
                            sure.reason.unwrap_or_default(),
                            dead.uncertain.len()
                        ));
                    }
                    check = sure;
                }
                Fit::TooMany => {}
            }
        }
    }

    if let Some(at_end) = input.position_at_end {
        let (end_score, _) = count(at_end);
        let end_check = check_result(
            input.recorded_raw,
            Some(&end_score),
            &CheckContext {
                moves_after_end: false,
                ..ctx
            },
        );
        let counted = format!(
            "the final position was counted ({}); at the two passes that ended the game it was {}",
            score.result, end_score.result
        );
        if check.verdict != Verdict::Agrees && end_check.verdict == Verdict::Agrees {
            check = Check {
                reason: Some(format!(
                    "{counted}: RE[] fits the position at the two passes"
                )),
                ..end_check
            };
        } else {
            let fits = if check.verdict == Verdict::Agrees {
                "RE[] fits the final position"
            } else {
                "RE[] fits neither"
            };
            let reason = match &check.reason {
                Some(r) => format!("{counted}; {fits}; {r}"),
                None => format!("{counted}; {fits}"),
            };
            check.reason = Some(reason);
        }
    }
    if let (Some(note), Verdict::Unverifiable) = (&dead.note, check.verdict) {
        let reason = check.reason.take().unwrap_or_default();
        check.reason = Some(if reason.is_empty() {
            note.clone()
        } else {
            format!("{reason} ({note})")
        });
    }

    if check.verdict == Verdict::Disagrees && !input.rules_known {
        // Many records without RU[] were counted under territory rules: a count under
        // assumed Chinese rules cannot call them wrong.
        check.verdict = Verdict::Unverifiable;
        check.reason = Some(format!(
            "{}; the record does not say which rules it was counted under (no RU[]), so the area count cannot call RE[] wrong",
            check.reason.take().unwrap_or_default()
        ));
    }
    let finding = if check.verdict == Verdict::Disagrees {
        Some(Finding::new(
            Code::ResultMismatch,
            Severity::Warning,
            0,
            format!(
                "RE[{}] but the area count gives {} ({}; black {} white {}, komi {}, dead stones from {})",
                input.recorded_raw.unwrap_or(""),
                score.result,
                score.stones,
                score.black,
                score.white,
                score.komi,
                score.dead_from.as_str()
            ),
        ))
    } else {
        unparsed_finding
    };
    ResultOutcome {
        score: Some(score),
        check,
        finding,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::DeadFrom;

    /// A 5×5 board split in two, with a lone White stone inside Black's side.
    fn position() -> Position {
        Position::from_diagram(
            "
            . . X O .
            . O X O .
            . . X O .
            . . X O .
            . . X O .",
        )
    }

    fn outcome(uncertain: Vec<Vec<Point>>) -> DeadOutcome {
        DeadOutcome {
            from: DeadFrom::Estimate,
            dead: Vec::new(),
            determined: false,
            note: None,
            uncertain,
            seki: Vec::new(),
        }
    }

    fn score_of(position: &Position) -> impl Fn(&[Point]) -> Score + '_ {
        move |removed: &[Point]| {
            score_position(
                position,
                removed,
                ScoringMethod::SplitShared,
                0.0,
                0.0,
                DeadFrom::Estimate,
            )
        }
    }

    #[test]
    fn an_uncertain_chain_whose_death_gives_re_is_assumed_dead() {
        let p = position();
        let lone = vec![Point::new(1, 1)];
        // Alive, the lone stone's region is shared; dead, Black owns the whole left side:
        // Black 15, White 10 -> B+5.
        match fit_uncertain(&outcome(vec![lone.clone()]), 5.0, score_of(&p)) {
            Fit::Found { score, flipped } => {
                assert_eq!(flipped, vec![0]);
                assert_eq!(score.dead_white, lone);
                assert_eq!(score.result, "B+5");
            }
            _ => panic!("the assignment that kills the lone stone fits"),
        }
        assert!(matches!(
            fit_uncertain(&outcome(vec![lone]), 30.0, score_of(&p)),
            Fit::NoneFits
        ));
    }

    #[test]
    fn too_many_uncertain_chains_are_not_searched() {
        let p = position();
        let many = (0..=MAX_UNCERTAIN_CHAINS)
            .map(|_| vec![Point::new(1, 1)])
            .collect();
        assert!(matches!(
            fit_uncertain(&outcome(many), 5.0, score_of(&p)),
            Fit::TooMany
        ));
    }
}
