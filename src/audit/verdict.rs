//! The audit's use of the scorer: decide whether a game is counted, settle its dead
//! stones, count it, weigh the readings of the count against `RE[]`, and say which
//! position was counted and what the verdict assumed.

use std::cell::RefCell;

use crate::finding::{Code, Finding, Severity};
use crate::geom::{Color, Point, Position};
use crate::komi::Komi;
use crate::rules::{Counting, Rules};
use crate::score::estimate::EstimateConfig;

use crate::score::UNFINISHED_DAME;
use crate::score::{
    check_result, format_number, format_points, parse_result, recorded_points, score_position,
    seki_candidates, seki_note, territory_score, Check, CheckContext, CountedBy, DeadFrom,
    DeadOutcome, DeadPolicy, DeadSettler, DoubtedChain, MarginCounter, Margins, RecordedResult,
    Score, ScoringMethod, Verdict,
};

use super::fit_odds::fit_odds;
use super::judge::{judge_position, JudgeAnswer, JudgeConfig};
use super::odds::{self, calibrated, dead_with, describe_flip, Doubt, Reading, Recount, Search};
use super::source::Conventions;

/// What the scorer needs to know about one replayed game.
pub struct ResultInput<'a> {
    /// `RE[]` as written (unescaped, trimmed).
    pub recorded_raw: Option<&'a str>,
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
    pub check: Check,
    /// `result-mismatch`, `counting-convention` or `unparsed-result`, placed by the caller
    /// at `RE[]`.
    pub findings: Vec<Finding>,
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
            confidence: None,
            assumed: None,
        }
    }
}

fn method(rules: &Rules) -> ScoringMethod {
    match rules.counting {
        Counting::AreaNoSplit => ScoringMethod::NobodyShared,
        Counting::Area | Counting::Territory => ScoringMethod::SplitShared,
    }
}

/// The count the rules call for.
fn counting_of(rules: &Rules) -> CountedBy {
    match rules.counting {
        Counting::Area | Counting::AreaNoSplit => CountedBy::Area,
        Counting::Territory => CountedBy::Territory,
    }
}

/// A reading that gives `RE[]` agrees when it is at least this share as probable as the
/// most probable reading: less probable, it explains `RE[]` only by a stretch. (A lone
/// stone every play-out captured is wrong at odds of 3%: a reading that gives it life is
/// not enough to agree.)
pub const AGREE_SHARE: f64 = 0.04;

/// `RE[]` is called wrong only when the readings that might give it (every set of
/// misreadings, [`super::fit_odds`], and the odds of those too improbable to count) hold
/// less than this share of the probability. Chosen on the true and corrupted results of
/// `tygem-9d-part01.sgf` (the file the odds were calibrated on): at 0.3% it catches 81.9%
/// of the corrupted results there (72.8% at 0.1%, 80.0% at 0.2%, 82.9% at 0.4%) and calls
/// 62 of the 7,279 true results wrong (39 at 0.1%). A second count by GNU Go
/// (`scripts/second_opinion.py`) gives most of those a result other than `RE[]` too: an
/// archive holds wrong results, and they are what the check is for. The verdicts whose
/// `RE[]` GNU Go's count gives are the check's own errors; they stay below 0.5% of the
/// true results (the README has the figures).
pub const DOUBT_BELOW: f64 = 0.003;

/// [`DOUBT_BELOW`] for a count settled by the record's own territory markup, whose
/// disputed chains are doubted at a fixed 3.5%, not at odds measured on
/// play-outs: two disputed chains together stay above it.
pub const MARKUP_DOUBT_BELOW: f64 = 0.001;

/// The odds that a position stopped without two passes hides one to three points in
/// unfinished boundaries, from the number of empty points that border both colours:
/// measured on the counted records of `tygem-9d-part01.sgf`, where a count differs from
/// `RE[]` by one to three points in 9% of the positions with one to three such points and
/// in 19% of those with fifteen to twenty.
pub fn open_boundary_odds(dame: u32) -> f64 {
    if dame == 0 {
        0.0
    } else {
        (0.05 + 0.007 * f64::from(dame)).min(0.4)
    }
}

/// Points bordering both colours from which a position that did not end by two passes is
/// taken to be unfinished: the estimate agrees with `RE[]` in only a third of such
/// Tygem records. (After two passes, [`UNFINISHED_DAME`] applies.)
pub const OPEN_DAME_LIMIT: u32 = 20;

/// Seki-shaped chains the estimate found dead are alive at least at these odds: two
/// chains that share their last two liberties and cannot approach each other are a shape
/// play-outs misjudge.
const SEKI_SHAPE_ODDS: f64 = 0.03;

/// The check of one counted position, and the reading that gave it.
struct Judgement {
    score: Score,
    check: Check,
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

/// The position whose readings were weighed.
#[derive(Clone, Copy)]
struct Weighed<'a> {
    position: &'a Position,
    dead: &'a DeadOutcome,
    doubts: &'a [Doubt],
    ctx: CheckContext,
    captures: [u32; 2],
    /// Counts the position with any set of dead stones taken off.
    counter: &'a MarginCounter<'a>,
    /// The margins of the estimate's own fates.
    base: Margins,
    /// Recounts already made of single doubts given the other fate.
    flipped_alone: &'a FlippedAlone,
}

/// The margins with one dead chain (its stones) counted alive, as the odds by swing
/// counted them: the check's search needs the same counts.
type FlippedAlone = Vec<(Vec<Point>, Margins)>;

/// What the weighing of readings concluded.
enum Decision {
    Agrees {
        reading: Reading,
        confidence: f64,
    },
    Disagrees {
        confidence: f64,
    },
    /// `why` the position cannot call RE[] wrong; `None` when a reading that gives RE[]
    /// is too probable to be dismissed.
    Unverifiable {
        why: Option<String>,
    },
}

impl Counter<'_> {
    /// Counts `position` both ways with `removed` taken off.
    fn score(
        &self,
        position: &Position,
        dead: &DeadOutcome,
        removed: &[Point],
        captures: [u32; 2],
    ) -> Score {
        let input = self.input;
        let mut score = score_position(
            position,
            removed,
            method(input.rules),
            input.komi.points,
            input.handicap_bonus(),
            dead.from,
        );
        score.uncertain = dead.uncertain.iter().flatten().copied().collect();
        score.uncertain.sort();
        score.seki = dead.seki.clone();
        score.territory = Some(territory_score(
            position,
            removed,
            &dead.seki,
            captures,
            input.komi.points,
        ));
        score.counting = self.input.conventions.countings[0].counting;
        score
    }

    /// Settles the dead stones of `position`, counts it and checks `RE[]` (see
    /// [`Counter::judge_with`]). An estimate of the dead stones starts with a glance
    /// ([`EstimateConfig::glance`]): a most probable reading that gives `RE[]` exactly is
    /// evidence enough. Any other outcome, `disagrees` above all, rests on the full
    /// estimate.
    fn judge(
        &self,
        position: &Position,
        captures: [u32; 2],
        ctx: CheckContext,
    ) -> (Judgement, DeadOutcome) {
        let full = EstimateConfig::default();
        let mut settler = DeadSettler::new(position, self.markup, self.input.dead);
        let glance = settler.settle(full.glance().playouts);
        // With debug assertions on (tests, the `checked` profile), every glance given up is
        // judged in full too, to show that its judgement would not have been exact.
        #[cfg(debug_assertions)]
        let kept = glance.clone();
        let first = match self.judge_unless_inexact(position, captures, ctx, glance, true) {
            Some(first) => first,
            None => {
                #[cfg(debug_assertions)]
                assert!(
                    !self.judge_with(position, captures, ctx, kept).0.exact,
                    "a glance given up for the full estimate gave RE[] exactly"
                );
                return self.judge_in_full(position, captures, ctx, &mut settler);
            }
        };
        if first.1.from == DeadFrom::Markup
            && self.input.dead == DeadPolicy::Auto
            && first.0.check.verdict != Verdict::Agrees
        {
            return self.second_look_at_markup(position, captures, ctx, &mut settler, first);
        }
        if first.0.exact || first.1.from != DeadFrom::Estimate {
            return first;
        }
        self.judge_in_full(position, captures, ctx, &mut settler)
    }

    /// The judgement on the full estimate, the engine judge asked where it does not agree.
    fn judge_in_full(
        &self,
        position: &Position,
        captures: [u32; 2],
        ctx: CheckContext,
        settler: &mut DeadSettler<'_>,
    ) -> (Judgement, DeadOutcome) {
        let playouts = EstimateConfig::default().playouts;
        let full = self.judge_with(position, captures, ctx, settler.settle(playouts));
        match self.input.judge {
            Some(config) if full.0.check.verdict != Verdict::Agrees => {
                self.ask_judge(config, position, captures, ctx, full)
            }
            _ => full,
        }
    }

    /// The record's territory markup left the check without `agrees`: markup often leaves
    /// plainly dead stones unmarked, so the estimate takes a second look. The markup's
    /// dead stones are still counted; each chain the estimate gives the other fate is
    /// doubted (see [`markup_disputed`]).
    fn second_look_at_markup(
        &self,
        position: &Position,
        captures: [u32; 2],
        ctx: CheckContext,
        settler: &mut DeadSettler<'_>,
        (judgement, markup): (Judgement, DeadOutcome),
    ) -> (Judgement, DeadOutcome) {
        let estimate = settler.estimate(EstimateConfig::default().playouts);
        let disputed = markup_disputed(position, &markup, &estimate);
        if disputed.doubted.is_empty() {
            return (judgement, markup);
        }
        self.judge_with(position, captures, ctx, disputed)
    }

    /// The estimate left the check without `agrees`: the engine's dead stones are counted
    /// instead, the estimate's doubts weighed beside them (see [`judged_outcome`]). When
    /// the engine fails, the estimate's judgement stands and its reason says so.
    fn ask_judge(
        &self,
        config: &JudgeConfig,
        position: &Position,
        captures: [u32; 2],
        ctx: CheckContext,
        (mut judgement, estimate): (Judgement, DeadOutcome),
    ) -> (Judgement, DeadOutcome) {
        let komi = self.input.komi.points;
        match judge_position(config, position, komi, self.input.to_move) {
            JudgeAnswer::Dead(dead) => {
                let outcome = judged_outcome(position, &estimate, dead, &config.command);
                self.judge_with(position, captures, ctx, outcome)
            }
            JudgeAnswer::Failed(failure) => {
                let reason = judgement.check.reason.take().unwrap_or_default();
                judgement.check.reason = Some(format!(
                    "{reason} (the engine judge gave no answer: {failure})"
                ));
                (judgement, estimate)
            }
        }
    }

    /// The chains a reading may give the other fate, least sure first: those the
    /// estimate (or the engine judge) doubted, and dead chains shaped like a seki; under
    /// markup, only the chains a second look disputes. A game that `ended_by_passes` has
    /// its dead groups counted alive less often.
    fn doubts(
        &self,
        position: &Position,
        dead: &DeadOutcome,
        counter: &MarginCounter<'_>,
        base: Margins,
        ended_by_passes: bool,
    ) -> (Vec<Doubt>, FlippedAlone) {
        let is_dead = |stones: &[Point]| stones.iter().all(|p| dead.dead.binary_search(p).is_ok());
        let by_markup = dead.from == DeadFrom::Markup;
        let scale = self.input.conventions.source.alive_scale(ended_by_passes);
        let flipped_alone = RefCell::new(FlippedAlone::new());
        // How far the margin of the record's own counting moves when the dead chain
        // `stones` is counted alive.
        let swing = |stones: &[Point]| {
            let mut kept: Vec<Point> = Vec::with_capacity(dead.dead.len());
            kept.extend(
                dead.dead
                    .iter()
                    .copied()
                    .filter(|p| stones.binary_search(p).is_err()),
            );
            let moved = counter.margins(&kept);
            flipped_alone.borrow_mut().push((stones.to_vec(), moved));
            (moved.by(self.primary) - base.by(self.primary)).abs()
        };
        let mut doubts: Vec<Doubt> = dead
            .doubted
            .iter()
            .map(|c| {
                let dead = is_dead(&c.stones);
                Doubt {
                    dead,
                    right: if by_markup {
                        1.0 - MARKUP_DISPUTED
                    } else {
                        calibrated(
                            scale,
                            c.confidence,
                            c.stones.len(),
                            || position.liberties_of(&c.stones),
                            || swing(&c.stones),
                            dead,
                        )
                    },
                    stones: c.stones.clone(),
                    by_markup,
                }
            })
            .collect();
        if !matches!(dead.from, DeadFrom::Estimate | DeadFrom::Judge) {
            // Markup is a statement, not a reading: only the chains a second look
            // disputes are doubted.
            return (doubts, flipped_alone.into_inner());
        }
        for stones in seki_candidates(position, &dead.dead) {
            let holding = doubts
                .iter_mut()
                .find(|d| d.stones.binary_search(&stones[0]).is_ok());
            match holding {
                Some(d) => d.right = d.right.min(1.0 - SEKI_SHAPE_ODDS),
                None => doubts.push(Doubt {
                    stones,
                    dead: true,
                    right: 1.0 - SEKI_SHAPE_ODDS,
                    by_markup: false,
                }),
            }
        }
        doubts.sort_by(|a, b| a.right.total_cmp(&b.right));
        (doubts, flipped_alone.into_inner())
    }

    /// Why a count of this position cannot call `RE[]` wrong, if it cannot: the position
    /// must be final (two passes, territory markup, or dead stones the odds settle) and
    /// its boundaries closed.
    fn unsettled(&self, dead: &DeadOutcome, score: &Score, ctx: &CheckContext) -> Option<String> {
        if self.input.komi.uncertain && self.input.conventions.komi.is_empty() {
            return Some("the komi is uncertain (unreadable, or the handicap is)".to_string());
        }
        if self.input.handicap_missing > 0 {
            return Some(format!(
                "the record lacks {} of its handicap stones (White moved first without them), so the position counted is not the game's",
                self.input.handicap_missing
            ));
        }
        if ctx.moves_after_end {
            return Some("moves were played after the game ended".to_string());
        }
        let limit = if ctx.ended_by_passes {
            UNFINISHED_DAME
        } else {
            OPEN_DAME_LIMIT
        };
        if score.dame >= limit {
            return Some(format!(
                "the position is not finished ({} points border both colours)",
                score.dame
            ));
        }
        match dead.from {
            DeadFrom::Markup if dead.determined => None,
            DeadFrom::Markup => dead.note.clone(),
            DeadFrom::None if !ctx.ended_by_passes => Some(
                "the game did not end by two passes and no dead stones were taken off".to_string(),
            ),
            DeadFrom::None => None,
            DeadFrom::Estimate | DeadFrom::Judge if !dead.seki.is_empty() => {
                Some(seki_note(dead.seki.len()))
            }
            DeadFrom::Estimate | DeadFrom::Judge => None,
        }
    }

    /// Weighs the readings of `search` into a verdict.
    fn decide(
        &self,
        search: &Search,
        target: f64,
        unsettled: Option<&str>,
        doubt_below: f64,
    ) -> Decision {
        if (search.best_margin - target).abs() < 1e-6 {
            return Decision::Agrees {
                reading: search.best.clone(),
                confidence: search.fit_mass,
            };
        }
        if let Some(fit) = &search.fit {
            if fit.probability >= AGREE_SHARE * search.best.probability {
                return Decision::Agrees {
                    reading: fit.clone(),
                    confidence: search.fit_mass,
                };
            }
        }
        let doubt = search.fit_mass + search.unexplored;
        match unsettled {
            Some(why) => Decision::Unverifiable {
                why: Some(why.to_string()),
            },
            None if doubt < doubt_below => Decision::Disagrees {
                confidence: 1.0 - doubt,
            },
            None if search.fit_mass >= doubt_below => Decision::Unverifiable {
                why: search.fit.is_none().then(|| {
                    format!(
                        "readings that change several chains together give RE[] at {:.1}% of the odds",
                        search.fit_mass * 100.0
                    )
                }),
            },
            None => Decision::Unverifiable {
                why: Some(format!(
                    "readings not weighed one by one (too many doubted chains) hold {:.0}% of the odds",
                    search.unexplored * 100.0
                )),
            },
        }
    }

    /// Whether a reading's counting is an assumption: the rules do not name it, or the
    /// source's records are most often counted the other way.
    fn counting_assumed(&self, reading: &Reading) -> bool {
        let likeliest = self.input.conventions.countings.first().map(|c| c.counting);
        reading.counting != self.primary || likeliest.is_some_and(|c| c != reading.counting)
    }

    /// What a reading assumes beyond the rules and the record, in words.
    fn assumptions(&self, reading: &Reading, doubts: &[Doubt], position: &Position) -> Vec<String> {
        let mut assumed = Vec::new();
        if self.counting_assumed(reading) {
            assumed.push(self.counting_assumption(reading.counting));
        }
        if let Some(komi) = reading.komi {
            assumed.push(self.komi_assumption(komi));
        }
        if let Some(points) = reading.compensation {
            assumed.push(self.compensation_assumption(points));
        }
        for &i in &reading.flipped {
            assumed.push(describe_flip(&doubts[i], position));
        }
        if reading.open_point != 0 {
            assumed.push(self.open_point_assumption(reading.open_point, position));
        }
        assumed
    }

    /// "counted by area (records of Fox are, at odds 8%)".
    fn counting_assumption(&self, counting: CountedBy) -> String {
        let conventions = self.input.conventions;
        let odds = conventions.odds_of_counting(counting);
        format!(
            "counted by {}{} (records of {} are, at odds {:.0}%)",
            counting.as_str(),
            if counting == self.primary {
                ", as the rules say"
            } else {
                ""
            },
            conventions.source.name(),
            odds * 100.0
        )
    }

    /// "komi 6.5 (KM[0] cannot be the komi this game was played with; 6.5 at odds 90%)".
    fn komi_assumption(&self, komi: f64) -> String {
        let odds = self.input.conventions.odds_of_komi(komi);
        format!(
            "komi {} ({} cannot be the komi this game was played with; {} at odds {:.0}%)",
            format_number(komi),
            self.input
                .komi
                .raw
                .as_deref()
                .map_or("a record without KM[]".to_string(), |k| format!("KM[{k}]")),
            format_number(komi),
            odds * 100.0
        )
    }

    /// "a handicap compensation of 1 point (the record does not name the rules …)".
    fn compensation_assumption(&self, points: f64) -> String {
        let odds = self.input.conventions.odds_of_compensation(points);
        let what = match points {
            0.0 => "no handicap compensation".to_string(),
            1.0 => "a handicap compensation of 1 point".to_string(),
            _ => format!(
                "a handicap compensation of {} points",
                format_number(points)
            ),
        };
        format!(
            "{what} (the record does not name the rules that set it; at odds {:.0}%)",
            odds * 100.0
        )
    }

    /// "an unfinished boundary is worth 2 points to White" (`open_point` > 0: Black).
    fn open_point_assumption(&self, open_point: i8, position: &Position) -> String {
        let what = match self.input.ko_at_end {
            Some(ko) => format!(
                "an unfinished boundary or the ko left open at {}",
                ko.vertex(position.size)
            ),
            None => "an unfinished boundary".to_string(),
        };
        let points = open_point.unsigned_abs();
        format!(
            "{what} is worth {points} point{} to {}",
            if points == 1 { "" } else { "s" },
            if open_point > 0 { "Black" } else { "White" }
        )
    }

    /// The count of a reading: its dead stones, komi and counting. `base` is the count of
    /// the estimate's own fates, which a reading that flips none of them keeps.
    fn score_of(&self, weighed: &Weighed<'_>, reading: &Reading, base: Score) -> Score {
        let score = if reading.flipped.is_empty() {
            base
        } else {
            let removed = dead_with(&weighed.dead.dead, weighed.doubts, &reading.flipped);
            self.score(weighed.position, weighed.dead, &removed, weighed.captures)
        };
        let score = match reading.compensation {
            Some(points) => score.with_handicap_bonus(points),
            None => score,
        };
        let mut score = match reading.komi {
            Some(komi) => score.with_komi(komi),
            None => score,
        };
        score.counting = reading.counting;
        score
    }

    /// Counts `position` with `dead` taken off and checks `RE[]` by weighing every
    /// reading of the count (see [`odds::search`]). Returns the judgement and the dead
    /// stones.
    fn judge_with(
        &self,
        position: &Position,
        captures: [u32; 2],
        ctx: CheckContext,
        dead: DeadOutcome,
    ) -> (Judgement, DeadOutcome) {
        self.judge_unless_inexact(position, captures, ctx, dead, false)
            .expect("a judgement is given up only when asked to be exact")
    }

    /// [`Counter::judge_with`], or, when `exact_or_none` and the estimate settled the
    /// dead stones, `None` as soon as the count shows that the judgement cannot be exact
    /// (`Judgement::exact` needs the most probable reading to give `RE[]`): a glance's
    /// judgement that is not exact gives way to the full estimate's, and weighing its
    /// readings would be wasted.
    fn judge_unless_inexact(
        &self,
        position: &Position,
        captures: [u32; 2],
        ctx: CheckContext,
        dead: DeadOutcome,
        exact_or_none: bool,
    ) -> Option<(Judgement, DeadOutcome)> {
        let input = self.input;
        let score = self.score(position, &dead, &dead.dead, captures);
        let target = input
            .recorded_raw
            .map(parse_result)
            .as_ref()
            .and_then(recorded_points);
        let Some(target) = target else {
            // No margin to weigh (a winner only, a resignation, no result).
            let check = check_result(input.recorded_raw, Some(&score), &ctx);
            let judgement = Judgement {
                score,
                check,
                convention: None,
                exact: false,
            };
            return (!exact_or_none || dead.from != DeadFrom::Estimate)
                .then_some((judgement, dead));
        };
        let counter = MarginCounter::new(
            position,
            &dead.seki,
            captures,
            method(input.rules),
            input.komi.points,
            input.handicap_bonus(),
        );
        // The count just made gives the margins of the estimate's own fates.
        let base = match &score.territory {
            Some(territory) => Margins {
                area: score.margin,
                territory: territory.margin,
            },
            None => counter.margins(&dead.dead),
        };
        let open = self.open_boundary(&dead, &score, &ctx);
        if exact_or_none
            && dead.from == DeadFrom::Estimate
            && !self.most_probable_fits(base, open, target)
        {
            return None;
        }
        let (doubts, flipped_alone) =
            self.doubts(position, &dead, &counter, base, ctx.ended_by_passes);
        let weighed = Weighed {
            position,
            dead: &dead,
            doubts: &doubts,
            ctx,
            captures,
            counter: &counter,
            base,
            flipped_alone: &flipped_alone,
        };
        let (search, decision) = self.weigh_readings(&weighed, &score, target, open);
        let judgement = self.judgement(weighed, score, &search, decision);
        Some((judgement, dead))
    }

    /// The odds that unfinished boundaries hide a point or more (see
    /// [`odds::search`]): none where both players passed or markup settled the count.
    fn open_boundary(&self, dead: &DeadOutcome, score: &Score, ctx: &CheckContext) -> f64 {
        if !ctx.ended_by_passes && dead.from != DeadFrom::Markup {
            // A ko the last move took is a boundary left open too: whoever fills it
            // gains a point.
            open_boundary_odds(score.dame + u32::from(self.input.ko_at_end.is_some()))
        } else {
            0.0
        }
    }

    /// Whether the reading that [`odds::search`] weighs first and keeps as the most
    /// probable (`Search::best`: the estimate's own fates, `base`, under the first
    /// convention) gives the `target` margin.
    fn most_probable_fits(&self, base: Margins, open: f64, target: f64) -> bool {
        let komi = self.input.komi.points;
        odds::conventions_of(self.input.conventions, open, komi)
            .first()
            .is_none_or(|c| (odds::margin_of(&base, c, komi) - target).abs() < 1e-6)
    }

    /// Weighs every reading of the count against the `target` margin (see
    /// [`odds::search`]), and every pair of doubts too when only the readings not weighed
    /// stand between the count and a verdict.
    fn weigh_readings(
        &self,
        weighed: &Weighed<'_>,
        score: &Score,
        target: f64,
        open: f64,
    ) -> (Search, Decision) {
        let Weighed {
            position,
            dead,
            doubts,
            ctx,
            counter,
            base,
            flipped_alone,
            ..
        } = *weighed;
        let input = self.input;
        let margins_of = |removed: &[Point]| counter.margins(removed);
        let mut recount = Recount::new(position, &dead.dead, doubts, &margins_of, base);
        for (i, doubt) in doubts.iter().enumerate() {
            if let Some((_, margins)) = flipped_alone.iter().find(|(s, _)| *s == doubt.stones) {
                recount.counted_alone(i, *margins);
            }
        }
        let mut weigh = |thorough| {
            odds::search(
                doubts,
                input.conventions,
                open,
                target,
                input.komi.points,
                &mut recount,
                thorough,
            )
        };
        let mut search = weigh(false);
        let unsettled = self.unsettled(dead, score, &ctx);
        let doubt_below = if dead.from == DeadFrom::Markup {
            MARKUP_DOUBT_BELOW
        } else {
            DOUBT_BELOW
        };
        let mut decision = self.decide(&search, target, unsettled.as_deref(), doubt_below);
        let agrees = matches!(decision, Decision::Agrees { .. });
        if !agrees && unsettled.is_none() && search.fit_mass < doubt_below {
            // Before `RE[]` is called wrong, or where only the readings not weighed
            // stand between the count and that verdict: weigh every pair of doubts for
            // the likeliest reading that fits, and count the odds of every reading that
            // gives RE[], misreadings of several chains together included.
            if !matches!(decision, Decision::Disagrees { .. }) {
                search = weigh(true);
            }
            let exact = fit_odds(
                doubts,
                input.conventions,
                open,
                target,
                input.komi.points,
                &mut recount,
            );
            search.fit_mass = exact.fit_mass;
            search.unexplored = exact.unexplored;
            decision = self.decide(&search, target, None, doubt_below);
        }
        (search, decision)
    }

    /// The report's score and check for a decision; `base` is the count of the estimate's
    /// own fates.
    fn judgement(
        &self,
        weighed: Weighed<'_>,
        base: Score,
        search: &Search,
        decision: Decision,
    ) -> Judgement {
        let Weighed {
            position,
            doubts,
            ctx,
            ..
        } = weighed;
        let input = self.input;
        let shown = match &decision {
            Decision::Agrees { reading, .. } => reading.clone(),
            _ => search.best.clone(),
        };
        let shown = &shown;
        let score = self.score_of(&weighed, shown, base);
        let compared = CheckContext {
            counting: shown.counting,
            dead_determined: true,
            settled: true,
            komi_uncertain: false,
            moves_after_end: false,
            ..ctx
        };
        let mut check = check_result(input.recorded_raw, Some(&score), &compared);
        let assumed = self.assumptions(shown, doubts, position);
        check.assumed = (!assumed.is_empty()).then(|| assumed.join("; "));
        let convention = match decision {
            Decision::Agrees {
                reading,
                confidence,
            } => self.agreeing(&mut check, &reading, confidence, search, &assumed),
            Decision::Disagrees { confidence } => {
                disagreeing(&mut check, confidence, search, doubts);
                None
            }
            Decision::Unverifiable { why } => {
                let mismatch = check.reason.take().unwrap_or_default();
                check.verdict = Verdict::Unverifiable;
                let fit = search.fit.as_ref().map(|fit| {
                    let assumed = self.assumptions(fit, doubts, position);
                    (assumed, fit.probability / search.best.probability)
                });
                check.reason = Some(unverifiable_reason(mismatch, fit, why));
                None
            }
        };
        Judgement {
            exact: check.verdict == Verdict::Agrees
                && (search.best_margin - score.compared_margin()).abs() < 1e-6
                && shown == &search.best,
            score,
            check,
            convention,
        }
    }

    /// Marks `check` as agreeing through `reading`, with its reason when the reading flips a
    /// chain or assumes its counting ([`Counter::counting_assumed`]); returns the convention
    /// the reading assumed, if any.
    fn agreeing(
        &self,
        check: &mut Check,
        reading: &Reading,
        confidence: f64,
        search: &Search,
        assumed: &[String],
    ) -> Option<(CountedBy, Option<f64>)> {
        check.verdict = Verdict::Agrees;
        check.confidence = Some(confidence);
        if !reading.flipped.is_empty() || self.counting_assumed(reading) {
            check.reason = Some(format!(
                "RE[] fits if {}; the {} count of the most probable reading gives {} (this reading has {:.0}% of its odds)",
                assumed.join(", "),
                search.best.counting.as_str(),
                format_points(search.best_margin),
                100.0 * reading.probability / search.best.probability
            ));
        }
        (reading.counting != self.primary || reading.komi.is_some())
            .then_some((reading.counting, reading.komi))
    }
}

/// Marks `check` as disagreeing, its reason completed with the odds of the readings that
/// would give `RE[]` and, when the count is `RE[]`'s margin with the other winner, with
/// that.
fn disagreeing(check: &mut Check, confidence: f64, search: &Search, doubts: &[Doubt]) {
    check.verdict = Verdict::Disagrees;
    check.confidence = Some(confidence);
    if !doubts.is_empty() || search.fit.is_some() {
        check.reason = Some(format!(
            "{}; the readings that would give RE[] hold {:.1}% of the odds",
            check.reason.take().unwrap_or_default(),
            100.0 * (1.0 - confidence)
        ));
    }
    let swapped = check
        .difference
        .is_some_and(|d| (d + 2.0 * search.best_margin).abs() < 1e-6);
    if swapped && search.best_margin.abs() > 1e-6 {
        // The count to the point, with the other winner: RE[]'s colour is the
        // likelier slip than a count that errs by exactly twice the margin.
        check.reason = Some(format!(
            "{}; the count's own margin with the other winner: the winner in RE[] may be the wrong colour",
            check.reason.take().unwrap_or_default()
        ));
    }
}

/// How sure the count is of a chain whose fate the engine and the estimate agree on, as a
/// play-out share: two judges that agree are wrong together less often than one, but their
/// errors are not independent (the same hard shapes fool both), so the pair is not taken
/// as surer than that. [`calibrated`] makes it wrong 0.05% to 4% of the time by the chain's
/// size, fate, liberties and swing (chosen when it made every such chain wrong 1% of the time,
/// and not fitted again for the judge since).
const JUDGE_CONFIRMS: f64 = 0.90;
/// How sure of a chain the engine gives the other fate than the estimate did: the
/// engine's fate is counted, the estimate's keeps the odds of an unsure chain (10%).
const JUDGE_OVERRULES: f64 = 0.5;

/// The odds of the estimate's fate for a chain the record's markup gives the other: the
/// markup's fate is counted. Markup and estimate differ in 15 of the 148 marked-up games
/// of the shared corpus, and in 8 of them the markup leaves plainly dead stones unmarked
/// (`tests/estimate_accuracy.rs`), so such a reading is too probable for `RE[]` to be
/// called wrong when it fits; but a disputed chain whose other fate happens to give a
/// falsified margin is common enough (three of the corrupted results of `real/` and
/// `corpus/` at odds of 10%) that a fit through it is not taken as agreement either: one
/// disputed chain stays below [`AGREE_SHARE`] of the markup's own reading, and two
/// together stay above [`MARKUP_DOUBT_BELOW`] (GNU Go's `kat-gnu` needs two).
const MARKUP_DISPUTED: f64 = 0.035;

/// The markup's dead stones (`markup`), with every chain the estimate gives the other fate
/// doubted at [`MARKUP_DISPUTED`]; the chains the two agree on are as sure as the markup.
fn markup_disputed(
    position: &Position,
    markup: &DeadOutcome,
    estimate: &DeadOutcome,
) -> DeadOutcome {
    let disputed = disputed_stones(position, &markup.dead, &estimate.dead);
    let doubted = chains_of(position, &disputed)
        .into_iter()
        .map(|stones| DoubtedChain {
            stones,
            confidence: 1.0 - MARKUP_DISPUTED,
        })
        .collect();
    DeadOutcome {
        doubted,
        ..markup.clone()
    }
}

/// The stones of `position` that one sorted list of dead stones gives another fate than
/// the other, sorted.
fn disputed_stones(position: &Position, dead: &[Point], other: &[Point]) -> Vec<Point> {
    position_stones(position)
        .filter(|p| dead.binary_search(p).is_ok() != other.binary_search(p).is_ok())
        .collect()
}

/// The dead stones of the engine (`dead`, sorted), as an outcome the check weighs like
/// the estimate's: every chain the two give different fates is doubted, the engine's
/// fate counted; a chain the estimate doubted and the engine confirms is more sure.
fn judged_outcome(
    position: &Position,
    estimate: &DeadOutcome,
    dead: Vec<Point>,
    command: &str,
) -> DeadOutcome {
    let judged_dead = |p: &Point| dead.binary_search(p).is_ok();
    let overruled = disputed_stones(position, &dead, &estimate.dead);
    let mut doubted: Vec<DoubtedChain> = chains_of(position, &overruled)
        .into_iter()
        .map(|stones| DoubtedChain {
            stones,
            confidence: JUDGE_OVERRULES,
        })
        .collect();
    for chain in &estimate.doubted {
        if chain
            .stones
            .iter()
            .any(|p| overruled.binary_search(p).is_ok())
        {
            continue;
        }
        doubted.push(DoubtedChain {
            stones: chain.stones.clone(),
            confidence: chain.confidence.max(JUDGE_CONFIRMS),
        });
    }
    doubted.sort_by(|a, b| a.confidence.total_cmp(&b.confidence));
    let uncertain = doubted
        .iter()
        .filter(|c| c.confidence <= JUDGE_OVERRULES)
        .map(|c| c.stones.clone())
        .collect();
    DeadOutcome {
        from: DeadFrom::Judge,
        seki: estimate
            .seki
            .iter()
            .copied()
            .filter(|p| !judged_dead(p))
            .collect(),
        dead,
        determined: estimate.determined,
        note: Some(format!("dead stones by the engine judge `{command}`")),
        uncertain,
        doubted,
    }
}

/// Every point of `position` that holds a stone, in `Point` order.
fn position_stones(position: &Position) -> impl Iterator<Item = Point> + '_ {
    let size = position.size;
    (0..size.width)
        .flat_map(move |x| (0..size.height).map(move |y| Point::new(x, y)))
        .filter(|&p| position.get(p).is_some())
}

/// `points` (sorted, stones) cut into chains: stones of one colour joined by adjacency
/// within `points`. Each chain sorted.
fn chains_of(position: &Position, points: &[Point]) -> Vec<Vec<Point>> {
    let mut seen = vec![false; points.len()];
    let mut chains = Vec::new();
    for start in 0..points.len() {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let color = position.get(points[start]);
        let mut chain = vec![points[start]];
        let mut next = 0;
        while next < chain.len() {
            for q in position.size.neighbors(chain[next]) {
                if let Ok(i) = points.binary_search(&q) {
                    if !seen[i] && position.get(q) == color {
                        seen[i] = true;
                        chain.push(q);
                    }
                }
            }
            next += 1;
        }
        chain.sort();
        chains.push(chain);
    }
    chains
}

/// Counts a game when it is meant to be counted (two passes, or `RE[]` claims a count)
/// and checks the recorded result.
pub fn audit_result(input: &ResultInput<'_>) -> ResultOutcome {
    let recorded = input.recorded_raw.map(parse_result);
    let mut findings = Vec::new();
    if matches!(recorded, Some(RecordedResult::Unparsed)) {
        findings.push(Finding::new(
            Code::UnparsedResult,
            Severity::Warning,
            0,
            format!(
                "RE[{}] is not a result sgfaudit can read: not checked",
                input.recorded_raw.unwrap_or("")
            ),
        ));
    }
    let claims_count = matches!(
        recorded,
        Some(RecordedResult::Score { .. } | RecordedResult::Draw)
    );
    let primary = counting_of(input.rules);
    let ctx = CheckContext {
        ended_by_passes: input.ended_by_passes,
        settled: false,
        moves_after_end: input.position_at_end.is_some(),
        counting: primary,
        dead_determined: false,
        komi_uncertain: input.komi.uncertain,
    };
    let position = match input.final_position {
        Some(p) if input.ended_by_passes || claims_count => p,
        _ => {
            let mut check = check_result(input.recorded_raw, None, &ctx);
            if input.recorded_raw.is_none() {
                check.reason =
                    Some("the game is unfinished: no two passes and no result (RE[])".to_string());
            }
            return ResultOutcome {
                score: None,
                check,
                findings,
            };
        }
    };

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
        mut check,
        convention,
        ..
    } = judgement;
    finish(
        input,
        primary,
        &dead,
        convention,
        &mut score,
        &mut check,
        &mut findings,
    );
    ResultOutcome {
        score: Some(score),
        check,
        findings,
    }
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
    let counted = format!(
        "the final position was counted ({}); at the two passes that ended the game it was {}",
        judgement.check.computed.as_deref().unwrap_or("?"),
        end.check.computed.as_deref().unwrap_or("?")
    );
    if judgement.check.verdict == Verdict::Agrees {
        return with_reason(
            judgement,
            &format!("{counted}; RE[] fits the final position"),
        );
    }
    if end.check.verdict == Verdict::Agrees {
        let fits = format!("{counted}: RE[] fits the position at the two passes");
        return with_reason(end, &fits);
    }
    if end.check.verdict == Verdict::Disagrees {
        let (last_judged, _) = counter.judge(last, counter.input.captures, as_end);
        if last_judged.check.verdict == Verdict::Disagrees {
            return fits_neither(counted, last_judged, &end);
        }
    }
    with_reason(judgement, &format!("{counted}; RE[] fits neither"))
}

/// `disagrees` for a record that both its final position and its position at the two
/// passes call wrong: `RE[]` is right only if one of them fits, so the odds of that are at
/// most the sum of the two.
fn fits_neither(counted: String, mut last: Judgement, end: &Judgement) -> Judgement {
    let sure = |j: &Judgement| j.check.confidence.unwrap_or(0.0);
    last.check.confidence = Some((sure(&last) + sure(end) - 1.0).max(0.0));
    let at_end = end.check.reason.as_deref().unwrap_or("");
    let reason = format!(
        "{counted}; RE[] fits neither; {}; at the two passes, {at_end}",
        last.check.reason.as_deref().unwrap_or("")
    );
    last.check.reason = Some(reason);
    last
}

/// A judgement whose reason is `lead`, followed by its own.
fn with_reason(mut judgement: Judgement, lead: &str) -> Judgement {
    judgement.check.reason = Some(match &judgement.check.reason {
        Some(r) => format!("{lead}; {r}"),
        None => lead.to_string(),
    });
    judgement
}

/// The last words of a check: the estimate's doubt in an unverifiable reason, and the
/// findings the verdict calls for.
fn finish(
    input: &ResultInput<'_>,
    primary: CountedBy,
    dead: &DeadOutcome,
    convention: Option<(CountedBy, Option<f64>)>,
    score: &mut Score,
    check: &mut Check,
    findings: &mut Vec<Finding>,
) {
    if let (Some(note), Verdict::Unverifiable) = (&dead.note, check.verdict) {
        let reason = check.reason.take().unwrap_or_default();
        check.reason = Some(with_note(reason, note));
    }

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

/// An unverifiable `reason` completed with the estimate's `note` (its parts joined by
/// "; "), leaving out the parts the reason already gives (a seki the check named as what
/// keeps the position from a verdict is not named twice).
fn with_note(reason: String, note: &str) -> String {
    let new: Vec<&str> = note
        .split("; ")
        .filter(|part| !reason.contains(part))
        .collect();
    match (reason.is_empty(), new.is_empty()) {
        (_, true) => reason,
        (true, false) => new.join("; "),
        (false, false) => format!("{reason} ({})", new.join("; ")),
    }
}

/// Why a mismatch is `unverifiable`: the reading `RE[]` would need, with its odds against
/// the most probable reading's, and what keeps the position from a verdict.
fn unverifiable_reason(
    mismatch: String,
    fit: Option<(Vec<String>, f64)>,
    why: Option<String>,
) -> String {
    match (fit, why) {
        (Some((assumed, share)), why) => format!(
            "{mismatch}; RE[] fits only if {} (a reading at {:.1}% of the odds of the most probable){}",
            assumed.join(", "),
            100.0 * share,
            why.map_or(String::new(), |w| format!("; {w}"))
        ),
        (None, Some(why)) => format!("{mismatch}, but {why}"),
        (None, None) => mismatch,
    }
}

/// The `counting-convention` message: which reading gave `RE[]`.
fn convention_message(
    input: &ResultInput<'_>,
    primary: CountedBy,
    counting: CountedBy,
    komi: Option<f64>,
    score: &Score,
) -> String {
    let rules = format!(
        "{} rules count by {}",
        input.rules.set.name(),
        primary.as_str()
    );
    let mut how = format!("counted by {}", counting.as_str());
    if let Some(komi) = komi {
        how.push_str(&format!(" with komi {}", format_number(komi)));
    }
    format!(
        "RE[{}] is the result {how} ({}); the {rules}",
        input.recorded_raw.unwrap_or(""),
        score.counted(counting).map_or("?", |(_, r)| r),
    )
}

/// The `result-mismatch` message, with the numbers of the count compared.
fn mismatch_message(recorded: &str, score: &Score) -> String {
    match (score.counting, &score.territory) {
        (CountedBy::Territory, Some(t)) => format!(
            "RE[{recorded}] but the territory count gives {} (black territory {} + prisoners {}, white territory {} + prisoners {}, komi {}, dead stones from {})",
            t.result,
            t.black_territory,
            t.black_prisoners,
            t.white_territory,
            t.white_prisoners,
            format_number(t.komi),
            score.dead_from.as_str()
        ),
        _ => format!(
            "RE[{recorded}] but the area count gives {} ({}; black {} white {}, komi {}, dead stones from {})",
            score.result,
            score.stones,
            score.black,
            score.white,
            score.komi,
            score.dead_from.as_str()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::with_note;

    #[test]
    fn a_note_adds_only_what_the_reason_does_not_say() {
        let seki = "the estimate judged 25 stones to be in seki";
        let unsure = "the estimate is unsure of 1 chain(s) (3 stones)";
        let reason = format!("the record says B+4.5, area counting gives B+1.5, but {seki}");
        assert_eq!(with_note(reason.clone(), seki), reason);
        assert_eq!(
            with_note(reason.clone(), &format!("{unsure}; {seki}")),
            format!("{reason} ({unsure})")
        );
        assert_eq!(with_note(String::new(), seki), seki);
        assert_eq!(
            with_note("the record says B+4.5".into(), seki),
            format!("the record says B+4.5 ({seki})")
        );
    }
}
