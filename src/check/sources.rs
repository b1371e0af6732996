//! Where the dead stones of a counted position come from, in order: the record's territory
//! markup, a glance (a short estimate), the full estimate, and the engine judge, each
//! asked only when the one before leaves the check without a verdict it can trust.

use crate::geom::{Point, Position};
use crate::score::estimate::EstimateConfig;
use crate::score::{DeadFrom, DeadNote, DeadOutcome, DeadPolicy, DeadSettler, DoubtedChain};

use super::calibration::{JUDGE_CONFIRMS, JUDGE_OVERRULES, MARKUP_DISPUTED};
use super::decide::CheckContext;
use super::judge::{judge_position, JudgeAnswer, JudgeConfig};
use super::openness::Openness;
use super::reason::Reason;
use super::verdict::Verdict;
use super::{Counter, Judgement};

impl Counter<'_> {
    /// Settles the dead stones of `position`, counts it and checks `RE[]` (see
    /// [`Counter::judge_with`]). An estimate of the dead stones starts with a glance
    /// ([`EstimateConfig::glance`]): a most probable reading that gives `RE[]` exactly is
    /// evidence enough. Any other outcome, `disagrees` above all, rests on the full
    /// estimate.
    pub(super) fn judge(
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
    pub(super) fn judge_in_full(
        &self,
        position: &Position,
        captures: [u32; 2],
        ctx: CheckContext,
        settler: &mut DeadSettler<'_>,
    ) -> (Judgement, DeadOutcome) {
        let playouts = EstimateConfig::default().playouts;
        let full = self.judge_with(position, captures, ctx, settler.settle(playouts));
        // An open board is not asked about: an engine plays it out rather than answer.
        match self.input.judge {
            Some(config)
                if full.0.check.verdict != Verdict::Agrees && !Openness::of(position).is_open() =>
            {
                self.ask_judge(config, position, captures, ctx, full)
            }
            _ => full,
        }
    }

    /// The record's territory markup left the check without `agrees`: markup often leaves
    /// plainly dead stones unmarked, so the estimate takes a second look. The markup's
    /// dead stones are still counted; each chain the estimate gives the other fate is
    /// doubted (see [`markup_disputed`]).
    pub(super) fn second_look_at_markup(
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
    ///
    /// A judge only sharpens: when the engine gives every stone the estimate's fate, a
    /// `disagrees` of the estimate stands whatever the weighing with the engine says (its
    /// surer odds of some chains can shift the odds of the readings towards `RE[]`, but
    /// an engine that confirms the count is no evidence for `RE[]`).
    pub(super) fn ask_judge(
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
                let confirms = disputed_stones(position, &dead, &estimate.dead).is_empty();
                let outcome = judged_outcome(position, &estimate, dead, &config.command);
                let judged = self.judge_with(position, captures, ctx, outcome);
                if confirms
                    && judgement.check.verdict == Verdict::Disagrees
                    && judged.0.check.verdict != Verdict::Disagrees
                {
                    judgement.reason = Some(Reason::JudgeConfirms {
                        reason: Reason::boxed(judgement.reason.take()),
                        command: config.command.clone(),
                    });
                    return (judgement, estimate);
                }
                judged
            }
            JudgeAnswer::Failed(failure) => {
                judgement.reason = Some(Reason::JudgeFailed {
                    reason: Reason::boxed(judgement.reason.take()),
                    failure: failure.to_string(),
                });
                (judgement, estimate)
            }
        }
    }
}

/// The markup's dead stones (`markup`), with every chain the estimate gives the other fate
/// doubted at [`MARKUP_DISPUTED`]; the chains the two agree on are as sure as the markup.
pub(super) fn markup_disputed(
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
pub(super) fn disputed_stones(position: &Position, dead: &[Point], other: &[Point]) -> Vec<Point> {
    position_stones(position)
        .filter(|p| dead.binary_search(p).is_ok() != other.binary_search(p).is_ok())
        .collect()
}

/// The dead stones of the engine (`dead`, sorted), as an outcome the check weighs like
/// the estimate's: every chain the two give different fates is doubted, the engine's
/// fate counted; a chain the estimate doubted and the engine confirms is more sure.
pub(super) fn judged_outcome(
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
        notes: vec![DeadNote::Judge {
            command: command.to_string(),
        }],
        uncertain,
        doubted,
    }
}

/// Every point of `position` that holds a stone, in `Point` order.
pub(super) fn position_stones(position: &Position) -> impl Iterator<Item = Point> + '_ {
    let size = position.size;
    (0..size.width)
        .flat_map(move |x| (0..size.height).map(move |y| Point::new(x, y)))
        .filter(|&p| position.get(p).is_some())
}

/// `points` (sorted, stones) cut into chains: stones of one colour joined by adjacency
/// within `points`. Each chain sorted.
pub(super) fn chains_of(position: &Position, points: &[Point]) -> Vec<Vec<Point>> {
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
