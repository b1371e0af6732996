//! The check of a recorded result: decides whether a game is counted, settles its dead
//! stones (markup, a glance, the estimate, the engine: [`sources`]), counts it, weighs the
//! readings of the count against `RE[]` ([`readings`], [`odds`], [`fit_odds`]) and decides
//! one verdict ([`decide`]) with its typed reason ([`reason`], named by [`reason_code`],
//! worded by `wording`); the report's [`Check`] carries them. Its tuned constants are in
//! [`calibration`]. The entry point is [`audit_result`].

pub mod calibration;
mod decide;
pub(crate) use decide::{across_placements, AcrossPlacements};
pub mod fit_odds;
pub mod judge;
pub mod odds;
pub mod openness;
mod readings;
pub mod reason;
pub mod reason_code;
mod weighed;
pub use readings::area_score;
pub mod source;
mod sources;
mod verdict;
mod wording;

use crate::finding::{Code, Finding, Severity};
use crate::geom::{Color, Point, Position};
use crate::komi::Komi;
use crate::rules::Rules;
use crate::score::{CountedBy, DeadNote, DeadPolicy, RecordedResult, Score};

pub use verdict::{impossible_margin, recorded_points, Check, Verdict};

pub use calibration::{
    open_boundary_odds, AGREE_SHARE, DOUBT_BELOW, MARKUP_DOUBT_BELOW, OPEN_DAME_LIMIT,
    UNFINISHED_DAME,
};

use decide::{check_of, compare, decide, CheckContext, Evidence};
use judge::JudgeConfig;
use openness::Openness;
use reason::{Assumption, FitsAt, Reason};
use reason::{Found, Unchecked};
use source::Conventions;
use wording::{convention_message, mismatch_message, open_board_message, unparsed_message};

/// What the scorer needs to know about one replayed game.
pub struct ResultInput<'a> {
    /// `RE[]` as written (unescaped, trimmed).
    pub recorded_raw: Option<&'a str>,
    /// `RE[]` as read, once for the game.
    pub recorded: Option<&'a RecordedResult>,
    /// The final board; always there when the game is to be counted.
    pub final_position: Option<&'a Position>,
    /// The board when two passes ended the game, when moves follow them.
    pub position_at_end: Option<&'a Position>,
    /// Prisoners taken during the game by Black and by White, at the final position and
    /// at the two passes that ended the game.
    pub captures: [u32; 2],
    pub captures_at_end: [u32; 2],
    pub territory_black: &'a [Point],
    pub territory_white: &'a [Point],
    pub ended_by_passes: bool,
    pub rules: &'a Rules,
    /// Handicap stones (`HA[]`, or the black setup stones read as one).
    pub handicap: u32,
    pub komi: &'a Komi,
    /// Handicap stones `HA[]` names that the record lacks (White moved first without
    /// them): the final position is not the game's, and its count cannot call `RE[]` wrong.
    pub handicap_missing: u32,
    /// The point of a ko the last move took (the other side may not retake it at once):
    /// its resolution is worth a point to either side.
    pub ko_at_end: Option<Point>,
    pub dead: DeadPolicy,
    /// The countings and komi the record's source suggests, with their odds.
    pub conventions: &'a Conventions,
    /// The engine asked for the dead stones when the estimate leaves no sure verdict.
    pub judge: Option<&'a JudgeConfig>,
    /// Who would play next in the final position (the engine is told).
    pub to_move: Color,
}

impl ResultInput<'_> {
    /// The points the rules give White for the handicap stones.
    fn handicap_bonus(&self) -> f64 {
        self.rules.handicap_bonus(self.handicap)
    }
}

/// The count and the check of one game, and the findings they call for.
pub struct ResultOutcome {
    pub score: Option<Score>,
    /// The check, its reason and assumptions aside (see [`ResultOutcome::reported_check`]).
    pub check: Check,
    pub reason: Option<Reason>,
    pub assumed: Vec<Assumption>,
    /// `result-mismatch`, `counting-convention` or `unparsed-result`, placed by the caller
    /// at `RE[]`.
    pub findings: Vec<Finding>,
}

impl ResultOutcome {
    /// The report's check: with its reason and assumptions.
    pub fn reported_check(&self) -> Check {
        Check {
            reason: self.reason.clone(),
            assumed: self.assumed.clone(),
            ..self.check.clone()
        }
    }
}

/// The check of one counted position, and the reading that gave it.
struct Judgement {
    score: Score,
    /// The check, its reason and assumptions aside.
    check: Check,
    reason: Option<Reason>,
    assumed: Vec<Assumption>,
    /// The reading of an agreement, when it is not the rules' own counting and komi.
    convention: Option<(CountedBy, Option<f64>)>,
    /// `RE[]` is the count of the most probable reading.
    exact: bool,
}

/// Everything about a game the count of one position needs.
struct Counter<'a> {
    input: &'a ResultInput<'a>,
    markup: Option<(&'a [Point], &'a [Point])>,
    /// The rules' own counting.
    primary: CountedBy,
}

/// Counts a game when it is meant to be counted (two passes, or `RE[]` claims a count)
/// and checks the recorded result.
pub fn audit_result(input: &ResultInput<'_>) -> ResultOutcome {
    let recorded = input.recorded;
    let mut findings = Vec::new();
    if matches!(recorded, Some(RecordedResult::Unparsed)) {
        findings.push(Finding::new(
            Code::UnparsedResult,
            Severity::Warning,
            0,
            unparsed_message(input.recorded_raw.unwrap_or("")),
        ));
    }
    let claims_count = recorded.is_some_and(RecordedResult::claims_count);
    let primary = CountedBy::under(input.rules);
    let ctx = CheckContext {
        ended_by_passes: input.ended_by_passes,
        moves_after_end: input.position_at_end.is_some(),
        counting: primary,
    };
    let position = match input.final_position {
        Some(p) if input.ended_by_passes || claims_count => p,
        _ => {
            let (check, reason) = not_counted(input, ctx);
            return ResultOutcome {
                score: None,
                check,
                reason,
                assumed: Vec::new(),
                findings,
            };
        }
    };

    let openness = Openness::of(position);
    if openness.is_open() && !input.ended_by_passes {
        return open_board(input, openness, findings);
    }

    let counter = Counter {
        input,
        markup: (!input.territory_black.is_empty() || !input.territory_white.is_empty())
            .then_some((input.territory_black, input.territory_white)),
        primary,
    };
    let (mut judgement, dead) = counter.judge(position, input.captures, ctx);

    if let Some(at_end) = input.position_at_end {
        judgement = judge_at_end(&counter, judgement, position, at_end, ctx);
    }
    let Judgement {
        mut score,
        check,
        reason,
        assumed,
        convention,
        ..
    } = judgement;
    let reason = completed_reason(reason, &check, &dead.notes, openness);
    finish(
        input,
        primary,
        convention,
        &mut score,
        &check,
        &mut findings,
    );
    ResultOutcome {
        score: Some(score),
        check,
        reason,
        assumed,
        findings,
    }
}

/// The reason of a counted game, completed: with the dead stones' notes when the verdict
/// is not a sure one, and with how open the board was when both players passed on an open
/// board.
fn completed_reason(
    mut reason: Option<Reason>,
    check: &Check,
    notes: &[DeadNote],
    openness: Openness,
) -> Option<Reason> {
    if !notes.is_empty() && matches!(check.verdict, Verdict::Unverifiable | Verdict::NotCounted) {
        reason = Some(Reason::WithNotes {
            reason: Reason::boxed(reason),
            notes: notes.to_vec(),
        });
    }
    if openness.is_open() {
        reason = Some(Reason::PassedOpen {
            reason: Reason::boxed(reason),
            openness,
        });
    }
    reason
}

/// The check of a game that did not end by two passes and stops on an open board while
/// `RE[]` claims a count: not counted (no estimate of its dead stones is made), with a
/// finding that says the record stops far from an end.
fn open_board(
    input: &ResultInput<'_>,
    openness: Openness,
    mut findings: Vec<Finding>,
) -> ResultOutcome {
    let found = Found::Unchecked(Unchecked::OpenBoard(openness));
    findings.push(Finding::new(
        Code::OpenBoard,
        Severity::Warning,
        0,
        open_board_message(input.recorded_raw.unwrap_or(""), openness),
    ));
    ResultOutcome {
        score: None,
        check: Check {
            recorded: input.recorded_raw.map(str::to_string),
            computed: None,
            verdict: Verdict::NotCounted,
            reason: None,
            difference: None,
            confidence: None,
            assumed: Vec::new(),
        },
        reason: Some(Reason::Compared(found)),
        assumed: Vec::new(),
        findings,
    }
}

/// The check of a game that is not counted (no two passes, and `RE[]` claims no count).
fn not_counted(input: &ResultInput<'_>, ctx: CheckContext) -> (Check, Option<Reason>) {
    let mut comparison = compare(input.recorded_raw, input.recorded, None, ctx.counting);
    if input.recorded_raw.is_none() {
        comparison.found = Found::Unchecked(Unchecked::Unfinished);
    }
    let decision = decide(&Evidence::Compared {
        found: &comparison.found,
        score: None,
        ctx,
    });
    check_of(input.recorded_raw, comparison, decision)
}

/// When moves follow the two passes that ended the game: the position at the passes is
/// judged too, and `RE[]` may fit it instead of the final one. `RE[]` is wrong only when
/// it fits neither: each of the two counts, judged as the end of the game, calls it wrong.
fn judge_at_end(
    counter: &Counter<'_>,
    judgement: Judgement,
    last: &Position,
    at_end: &Position,
    ctx: CheckContext,
) -> Judgement {
    let as_end = CheckContext {
        moves_after_end: false,
        ..ctx
    };
    let (end, _) = counter.judge(at_end, counter.input.captures_at_end, as_end);
    let last_count = judgement.check.computed;
    let end_count = end.check.computed;
    let at = |mut judgement: Judgement, fits| {
        judgement.reason = Some(Reason::AtEnd {
            last: last_count,
            end: end_count,
            fits,
            reason: Reason::boxed(judgement.reason.take()),
        });
        judgement
    };
    if judgement.check.verdict == Verdict::Agrees {
        return at(judgement, FitsAt::Final);
    }
    if end.check.verdict == Verdict::Agrees {
        return at(end, FitsAt::Passes);
    }
    if end.check.verdict == Verdict::Disagrees {
        let (last_judged, _) = counter.judge(last, counter.input.captures, as_end);
        if last_judged.check.verdict == Verdict::Disagrees {
            return fits_neither(last_count, end_count, last_judged, end);
        }
    }
    at(judgement, FitsAt::Neither)
}

/// `disagrees` for a record that both its final position and its position at the two
/// passes call wrong: `RE[]` is right only if one of them fits, so the odds of that are at
/// most the sum of the two.
fn fits_neither(
    last_count: Option<f64>,
    end_count: Option<f64>,
    mut last: Judgement,
    end: Judgement,
) -> Judgement {
    let sure = |j: &Judgement| j.check.confidence.unwrap_or(0.0);
    last.check.confidence = Some((sure(&last) + sure(&end) - 1.0).max(0.0));
    last.reason = Some(Reason::FitsNeither {
        last: last_count,
        end: end_count,
        last_reason: Reason::boxed(last.reason.take()),
        end_reason: Reason::boxed(end.reason),
    });
    last
}

/// The findings the verdict calls for, and the territory count where it is reported.
fn finish(
    input: &ResultInput<'_>,
    primary: CountedBy,
    convention: Option<(CountedBy, Option<f64>)>,
    score: &mut Score,
    check: &Check,
    findings: &mut Vec<Finding>,
) {
    if let Some((counting, komi)) = convention {
        findings.push(Finding::new(
            Code::CountingConvention,
            Severity::Info,
            0,
            convention_message(input, primary, counting, komi, score),
        ));
    }
    if check.verdict == Verdict::Disagrees {
        findings.retain(|f| f.code != Code::UnparsedResult);
        findings.push(Finding::new(
            Code::ResultMismatch,
            Severity::Warning,
            0,
            mismatch_message(input.recorded_raw.unwrap_or(""), score),
        ));
    }
    if score.territory.is_some() && primary == CountedBy::Area && score.counting == CountedBy::Area
    {
        // The territory count is reported where the rules or RE[] call for it.
        score.territory = None;
    }
}
