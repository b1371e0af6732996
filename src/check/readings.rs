//! The readings of one counted position: the chains a reading may give the other fate
//! (with their calibrated odds), the count of each reading, and the search that weighs
//! them against `RE[]`'s margin.

use std::cell::RefCell;

use crate::geom::{Point, Position};
use crate::rules::Rules;
use crate::score::{
    score_position, seki_candidates, territory_score, DeadFrom, DeadOutcome, MarginCounter,
    Margins, Score, ScoringMethod,
};

use super::calibration::{
    open_boundary_odds, CONTESTED_GROUPS, CONTESTED_STONES, CONTESTED_WRONG, DOUBT_BELOW,
    MARKUP_DISPUTED, MARKUP_DOUBT_BELOW, SAME_ODDS, SAME_POINTS, SEKI_SHAPE_ODDS,
};
use super::decide::{check_of, compare, decide, CheckContext, Decision, Evidence};
use super::fit_odds::fit_odds;
use super::odds::{self, calibrated, dead_with, Doubt, Reading, Recount, Search};
use super::reason::{Assumption, Why};
use super::source::Source;
use super::verdict::recorded_points;
use super::weighed::{FlippedAlone, Weighed};
use super::{Counter, Judgement};

/// The area count of `position` with `removed` taken off, under `rules`, its uncertain
/// and seki stones those of `dead`: the count of the check, and of `sgfaudit score` for a
/// game the audit does not count.
pub fn area_score(
    position: &Position,
    dead: &DeadOutcome,
    removed: &[Point],
    rules: &Rules,
    komi: f64,
    handicap: u32,
) -> Score {
    let mut score = score_position(
        position,
        removed,
        ScoringMethod::under(rules),
        komi,
        rules.handicap_bonus(handicap),
        dead.from,
    );
    score.uncertain = dead.uncertain.iter().flatten().copied().collect();
    score.seki = dead.seki.clone();
    score
}

/// The kos left open in `position` (its `dead` stones, sorted, taken as dead): empty
/// points where a move would capture one living stone in atari and stand itself in atari
/// at the point it took, every other neighbour the opponent's living stone. The game
/// stopped before one side took the ko or the other filled it: a point neither count
/// can settle.
fn open_kos(position: &Position, dead: &[Point]) -> u32 {
    let size = position.size;
    let alive = |q: Point| position.get(q).is_some() && dead.binary_search(&q).is_err();
    let mut kos = 0;
    for i in 0..size.points() {
        let p = size.point(i);
        if position.get(p).is_some() {
            continue;
        }
        let Some(color) = size.neighbors(p).next().and_then(|q| position.get(q)) else {
            continue;
        };
        // Every neighbour a living stone of one colour, and exactly one of them a lone
        // stone whose only liberty is `p`: the other colour takes it as a ko.
        let all_one = size
            .neighbors(p)
            .all(|q| position.get(q) == Some(color) && alive(q));
        let lone_in_atari = |q: Point| {
            size.neighbors(q)
                .all(|n| n == p || position.get(n) == Some(color.opponent()))
        };
        if all_one && size.neighbors(p).filter(|&q| lone_in_atari(q)).count() == 1 {
            kos += 1;
        }
    }
    kos
}

/// Why a Fox handicap game that did not end by two passes cannot call `RE[]` wrong, when
/// it cannot: it leaves [`CONTESTED_GROUPS`] or more big groups whose fate the odds doubt
/// ([`CONTESTED_STONES`] stones or more, wrong at [`CONTESTED_WRONG`] or more). Such a
/// position was stopped with the fights of its big groups still open, and their fates
/// are misread together, not one at a time as the odds weigh them.
fn contested(doubts: &[Doubt], source: Source, handicap: u32, passes: bool) -> Option<Why> {
    if source != Source::Fox || handicap < 2 || passes {
        return None;
    }
    let groups = doubts
        .iter()
        .filter(|d| {
            !d.by_markup
                && d.stones.len() >= CONTESTED_STONES
                && 1.0 - d.right >= CONTESTED_WRONG - SAME_ODDS
        })
        .count();
    (groups >= CONTESTED_GROUPS).then_some(Why::Contested { groups })
}

impl Counter<'_> {
    /// Counts `position` both ways with `removed` taken off.
    pub(super) fn score(
        &self,
        position: &Position,
        dead: &DeadOutcome,
        removed: &[Point],
        captures: [u32; 2],
    ) -> Score {
        let input = self.input;
        let mut score = area_score(
            position,
            dead,
            removed,
            input.rules,
            input.komi.points,
            input.handicap,
        );
        score.uncertain.sort();
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

    /// The chains a reading may give the other fate, least sure first: those the
    /// estimate (or the engine judge) doubted, and dead chains shaped like a seki; under
    /// markup, only the chains a second look disputes. A game that `ended_by_passes` has
    /// its dead groups counted alive less often.
    pub(super) fn doubts(
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

    /// What a reading assumes beyond the rules and the record.
    pub(super) fn assumptions(
        &self,
        reading: &Reading,
        doubts: &[Doubt],
        position: &Position,
    ) -> Vec<Assumption> {
        let conventions = self.input.conventions;
        let mut assumed = Vec::new();
        if self.counting_assumed(reading) {
            assumed.push(Assumption::Counting {
                counting: reading.counting,
                as_rules: reading.counting == self.primary,
                source: conventions.source.name(),
                odds: conventions.odds_of_counting(reading.counting),
            });
        }
        if let Some(komi) = reading.komi {
            assumed.push(Assumption::Komi {
                komi,
                km: self.input.komi.raw.clone(),
                odds: conventions.odds_of_komi(komi),
            });
        }
        if let Some(points) = reading.compensation {
            assumed.push(Assumption::Compensation {
                points,
                odds: conventions.odds_of_compensation(points),
            });
        }
        for &i in &reading.flipped {
            let doubt = &doubts[i];
            assumed.push(Assumption::Flip {
                vertex: doubt.stones[0].vertex(position.size),
                stones: doubt.stones.len(),
                dead: doubt.dead,
                by_markup: doubt.by_markup,
                right: doubt.right,
            });
        }
        if reading.open_point != 0 {
            assumed.push(Assumption::OpenPoint {
                ko: self.input.ko_at_end.map(|ko| ko.vertex(position.size)),
                points: reading.open_point.unsigned_abs(),
                black: reading.open_point > 0,
            });
        }
        assumed
    }

    /// The count of a reading: its dead stones, komi and counting. `base` is the count of
    /// the estimate's own fates, which a reading that flips none of them keeps.
    pub(super) fn score_of(&self, weighed: &Weighed<'_>, reading: &Reading, base: Score) -> Score {
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
    pub(super) fn judge_with(
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
    pub(super) fn judge_unless_inexact(
        &self,
        position: &Position,
        captures: [u32; 2],
        ctx: CheckContext,
        dead: DeadOutcome,
        exact_or_none: bool,
    ) -> Option<(Judgement, DeadOutcome)> {
        let input = self.input;
        let score = self.score(position, &dead, &dead.dead, captures);
        let Some(target) = input.recorded.and_then(recorded_points) else {
            // No margin to weigh (a winner only, a resignation, no result).
            let comparison = compare(
                input.recorded_raw,
                input.recorded,
                Some(&score),
                ctx.counting,
            );
            let decision = decide(&Evidence::Compared {
                found: &comparison.found,
                score: Some(&score),
                ctx,
            });
            let (check, reason) = check_of(input.recorded_raw, comparison, decision);
            let judgement = Judgement {
                check,
                reason,
                assumed: Vec::new(),
                score,
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
            ScoringMethod::under(input.rules),
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
        let open = self.open_boundary(position, &dead, &score, &ctx);
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
    pub(super) fn open_boundary(
        &self,
        position: &Position,
        dead: &DeadOutcome,
        score: &Score,
        ctx: &CheckContext,
    ) -> f64 {
        if !ctx.ended_by_passes && dead.from != DeadFrom::Markup {
            // A ko left open is a boundary left open too: whoever fills it gains a
            // point. The one the last move took, or one still to take.
            let kos = open_kos(position, &dead.dead).max(u32::from(self.input.ko_at_end.is_some()));
            open_boundary_odds(score.dame + kos)
        } else {
            0.0
        }
    }

    /// Whether the reading that [`odds::search`] weighs first and keeps as the most
    /// probable (`Search::best`: the estimate's own fates, `base`, under the first
    /// convention) gives the `target` margin.
    pub(super) fn most_probable_fits(&self, base: Margins, open: f64, target: f64) -> bool {
        let komi = self.input.komi.points;
        odds::conventions_of(self.input.conventions, open, komi)
            .first()
            .is_none_or(|c| (odds::margin_of(&base, c, komi) - target).abs() < SAME_POINTS)
    }

    /// Weighs every reading of the count against the `target` margin (see
    /// [`odds::search`]), and every pair of doubts too when only the readings not weighed
    /// stand between the count and a verdict.
    pub(super) fn weigh_readings(
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
        let unsettled = self.unsettled(dead, score, &ctx).or_else(|| {
            let source = input.conventions.source;
            contested(doubts, source, input.handicap, ctx.ended_by_passes)
        });
        let doubt_below = if dead.from == DeadFrom::Markup {
            MARKUP_DOUBT_BELOW
        } else {
            DOUBT_BELOW
        };
        let mut decision = decide(&Evidence::Readings {
            search: &search,
            target,
            unsettled: unsettled.as_ref(),
            doubt_below,
        });
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
            decision = decide(&Evidence::Readings {
                search: &search,
                target,
                unsettled: None,
                doubt_below,
            });
        }
        (search, decision)
    }
}
