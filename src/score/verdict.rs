//! The audit's use of the scorer: decide whether a game is counted, settle its dead
//! stones, count it, check `RE[]`, and say which position was counted.

use crate::finding::{Code, Finding, Severity};
use crate::geom::{Point, Position};
use crate::komi::Komi;
use crate::rules::{Counting, Rules};

use super::{
    check_result, parse_result, score_position, settle_dead, Check, CheckContext, DeadPolicy,
    RecordedResult, Score, ScoringMethod, Verdict,
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
    let count = |position: &Position| {
        let dead = settle_dead(position, markup, input.dead);
        let score = score_position(
            position,
            &dead.dead,
            method(input.rules),
            input.komi.points,
            input.handicap_bonus,
            dead.from,
        );
        (score, dead)
    };
    let (score, dead) = count(final_position.expect("checked above"));
    ctx.dead_determined = dead.determined;
    let mut check = check_result(input.recorded_raw, Some(&score), &ctx);

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
