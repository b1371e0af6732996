//! The audit's use of the scorer: decide whether a game is counted, settle its dead
//! stones, count it, check `RE[]`, and say which position was counted.

use crate::finding::{Code, Finding, Severity};
use crate::geom::{Point, Position};
use crate::komi::Komi;
use crate::rules::{Counting, Rules};
use crate::score::estimate::EstimateConfig;

use crate::score::{
    check_result, count_margins, count_territory, format_number, parse_result, recorded_points,
    score_position, seki_candidates, Check, CheckContext, CountedBy, DeadFrom, DeadOutcome,
    DeadPolicy, DeadSettler, Margins, RecordedResult, Score, ScoringMethod, Verdict,
};

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
    /// The rules are known (from `RU[]` or the command line), not assumed for lack of `RU[]`.
    pub rules_known: bool,
    pub komi: &'a Komi,
    pub handicap_bonus: f64,
    pub dead: DeadPolicy,
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

/// Most uncertain chains whose every life-or-death assignment is tried (2^n counts).
const MAX_UNCERTAIN_CHAINS: usize = 12;

/// Komi values tried when the record's komi cannot be the one the game was played with
/// (Fox's `KM[0]` on an even game, no `KM[]`): the komi of nearly every even game since
/// the 2000s under territory (6.5) and area (7.5) counting.
const CUSTOMARY_KOMI: [f64; 2] = [6.5, 7.5];

/// One way of reading the count against `RE[]`: a counting and, when the record's komi
/// is a guess, a komi assumed instead.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Reading {
    counting: CountedBy,
    komi: Option<f64>,
}

/// The readings to try, the rules' own first: the other counting (records often say one
/// rule set and count by another: Fox's `RU[Japanese]` counted by area), then, when the
/// komi is a guess, the customary komi under either counting.
fn readings(primary: CountedBy, komi: &Komi) -> Vec<Reading> {
    let mut out = vec![
        Reading {
            counting: primary,
            komi: None,
        },
        Reading {
            counting: primary.other(),
            komi: None,
        },
    ];
    if komi.uncertain {
        for k in CUSTOMARY_KOMI {
            if (k - komi.points).abs() > 1e-9 {
                for counting in [primary, primary.other()] {
                    out.push(Reading {
                        counting,
                        komi: Some(k),
                    });
                }
            }
        }
    }
    out
}

/// What the search over readings and fates of the uncertain chains found.
enum Fit {
    /// A score that gives RE[] under `reading`, and the uncertain chains whose fate had to
    /// change.
    Found {
        score: Box<Score>,
        reading: Reading,
        flipped: Vec<usize>,
    },
    /// Every assignment was tried; none gives RE[].
    NoneFits,
    /// Too many uncertain chains to try them all (only the estimate's own fates were).
    TooMany,
}

/// The dead stones with the fates of the `flipped` uncertain chains reversed.
fn flip(dead: &DeadOutcome, flipped: &[usize]) -> Vec<Point> {
    let mut removed = dead.dead.clone();
    for &i in flipped {
        let chain = &dead.uncertain[i];
        if chain.iter().all(|p| removed.binary_search(p).is_ok()) {
            removed.retain(|p| !chain.contains(p));
        } else {
            removed.extend_from_slice(chain);
        }
    }
    removed.sort();
    removed.dedup();
    removed
}

/// Tries every fate of the uncertain chains (fewest changes from the estimate first) under
/// every reading (the rules' own first), and returns the first count whose margin is
/// `target`. The estimate's own fates under the rules' own reading are not tried: the
/// caller has checked them already. `margins_of` gives the margins alone under the
/// record's `komi` (cheap, for every fate); `score_of` the full count, for the one found.
fn fit(
    dead: &DeadOutcome,
    readings: &[Reading],
    target: f64,
    komi: f64,
    margins_of: impl Fn(&[Point]) -> Margins,
    score_of: impl Fn(&[Point]) -> Score,
) -> Fit {
    let n = dead.uncertain.len();
    let masks: Vec<u32> = if n > MAX_UNCERTAIN_CHAINS {
        vec![0]
    } else {
        let mut masks: Vec<u32> = (0..(1u32 << n)).collect();
        masks.sort_by_key(|m| m.count_ones());
        masks
    };
    for mask in masks {
        let flipped: Vec<usize> = (0..n).filter(|i| mask & (1 << i) != 0).collect();
        let removed = flip(dead, &flipped);
        let margins = margins_of(&removed);
        for (k, reading) in readings.iter().enumerate() {
            if mask == 0 && k == 0 {
                continue;
            }
            let counted = match reading.counting {
                CountedBy::Area => margins.area,
                CountedBy::Territory => margins.territory,
            };
            if (counted + komi - reading.komi.unwrap_or(komi) - target).abs() >= 1e-6 {
                continue;
            }
            let score = score_of(&removed);
            let candidate = match reading.komi {
                Some(komi) => score.with_komi(komi),
                None => score.clone(),
            };
            let Some((margin, _)) = candidate.counted(reading.counting) else {
                continue;
            };
            if (margin - target).abs() < 1e-6 {
                let mut score = candidate;
                score.counting = reading.counting;
                return Fit::Found {
                    score: Box::new(score),
                    reading: *reading,
                    flipped,
                };
            }
        }
    }
    if n > MAX_UNCERTAIN_CHAINS {
        Fit::TooMany
    } else {
        Fit::NoneFits
    }
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

/// The check of one counted position, and the reading that gave it.
struct Judgement {
    score: Score,
    check: Check,
    /// The reading of an agreement found by search, when it is not the rules' own.
    reading: Option<Reading>,
}

/// Everything about a game the count of one position needs.
struct Counter<'a> {
    input: &'a ResultInput<'a>,
    markup: Option<(&'a [Point], &'a [Point])>,
    primary: CountedBy,
    readings: Vec<Reading>,
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
            input.handicap_bonus,
            dead.from,
        );
        score.uncertain = dead.uncertain.iter().flatten().copied().collect();
        score.uncertain.sort();
        score.seki = dead.seki.clone();
        score.territory =
            Some(count_territory(position, removed, &dead.seki, captures, input.komi.points).score);
        score.counting = self.primary;
        score
    }

    /// Settles the dead stones of `position`, counts it and checks `RE[]` (see
    /// [`Counter::judge_with`]). An estimate of the dead stones starts with a glance
    /// ([`EstimateConfig::glance`]): a count that gives `RE[]` exactly is evidence enough
    /// that the dead stones are right. Any other outcome, `disagrees` above all, rests on
    /// the full estimate.
    fn judge(
        &self,
        position: &Position,
        captures: [u32; 2],
        ctx: CheckContext,
    ) -> (Judgement, DeadOutcome) {
        let full = EstimateConfig::default();
        let mut settler = DeadSettler::new(position, self.markup, self.input.dead);
        let first = self.judge_with(
            position,
            captures,
            ctx,
            settler.settle(full.glance().playouts),
        );
        if first.0.check.verdict == Verdict::Agrees || first.1.from != DeadFrom::Estimate {
            return first;
        }
        self.judge_with(position, captures, ctx, settler.settle(full.playouts))
    }

    /// Counts `position` with `dead` taken off and checks `RE[]`: first as the rules say,
    /// then, when that does not give `RE[]`, under the other readings and fates of the
    /// uncertain chains. Returns the judgement and the dead stones.
    fn judge_with(
        &self,
        position: &Position,
        captures: [u32; 2],
        ctx: CheckContext,
        dead: DeadOutcome,
    ) -> (Judgement, DeadOutcome) {
        let input = self.input;
        // Trying every fate of the uncertain chains settles them, not a seki the estimate
        // guessed (see `settle_dead`).
        let seki_guessed = dead.from == DeadFrom::Estimate && !dead.seki.is_empty();
        let score = self.score(position, &dead, &dead.dead, captures);
        let ctx = CheckContext {
            dead_determined: dead.determined,
            ..ctx
        };
        let check = check_result(input.recorded_raw, Some(&score), &ctx);
        let target = input
            .recorded_raw
            .map(parse_result)
            .as_ref()
            .and_then(recorded_points);
        let (Verdict::Disagrees | Verdict::Unverifiable, Some(target)) = (check.verdict, target)
        else {
            let judgement = Judgement {
                score,
                check,
                reading: None,
            };
            return (judgement, dead);
        };
        // The search tries the uncertain chains, dead chains that may be alive in seki and,
        // when they are few enough to try every fate, the chains the estimate doubted.
        let mut searched = dead.clone();
        if dead.from == DeadFrom::Estimate {
            searched
                .uncertain
                .extend(seki_candidates(position, &dead.dead));
            if searched.uncertain.len() + dead.doubtful.len() <= MAX_UNCERTAIN_CHAINS {
                searched.uncertain.extend(dead.doubtful.iter().cloned());
            }
        }
        let margins_of = |removed: &[Point]| {
            count_margins(
                position,
                removed,
                &dead.seki,
                captures,
                method(input.rules),
                input.komi.points,
                input.handicap_bonus,
            )
        };
        let judgement = match fit(
            &searched,
            &self.readings,
            target,
            input.komi.points,
            margins_of,
            |removed| self.score(position, &dead, removed, captures),
        ) {
            Fit::Found {
                score: fitted,
                reading,
                flipped,
            } => {
                let mut assumed = Vec::new();
                if reading.counting != self.primary {
                    assumed.push(format!("counted by {}", reading.counting.as_str()));
                }
                if let Some(komi) = reading.komi {
                    assumed.push(format!(
                        "with komi {} ({} cannot be the komi this game was played with)",
                        format_number(komi),
                        input
                            .komi
                            .raw
                            .as_deref()
                            .map_or("a record without KM[]".to_string(), |k| format!("KM[{k}]"))
                    ));
                }
                if !flipped.is_empty() {
                    assumed.push(format!(
                        "if {}",
                        describe_flips(&flipped, &searched, position)
                    ));
                }
                let mut check = check_result(
                    input.recorded_raw,
                    Some(&fitted),
                    &CheckContext {
                        dead_determined: true,
                        counting: reading.counting,
                        ..ctx
                    },
                );
                check.reason = Some(format!(
                    "RE[] fits {}; the {} count as the rules say gives {}",
                    assumed.join(", "),
                    self.primary.as_str(),
                    score.counted(self.primary).map_or("?", |(_, r)| r)
                ));
                let other_reading = reading.counting != self.primary || reading.komi.is_some();
                Judgement {
                    score: *fitted,
                    check,
                    reading: other_reading.then_some(reading),
                }
            }
            Fit::NoneFits if !searched.uncertain.is_empty() => {
                let mut sure = check_result(
                    input.recorded_raw,
                    Some(&score),
                    &CheckContext {
                        dead_determined: !seki_guessed,
                        ..ctx
                    },
                );
                if sure.verdict == Verdict::Disagrees {
                    sure.reason = Some(format!(
                        "{}; no life-or-death assignment of the {} uncertain chain(s) gives RE[] by area or by territory",
                        sure.reason.unwrap_or_default(),
                        searched.uncertain.len()
                    ));
                }
                Judgement {
                    score,
                    check: sure,
                    reading: None,
                }
            }
            Fit::NoneFits | Fit::TooMany => Judgement {
                score,
                check,
                reading: None,
            },
        };
        (judgement, dead)
    }
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
        readings: readings(primary, input.komi),
    };
    let (mut judgement, dead) = counter.judge(position, input.captures, ctx);

    if let Some(at_end) = input.position_at_end {
        let (end, _) = counter.judge(
            at_end,
            input.captures_at_end,
            CheckContext {
                moves_after_end: false,
                ..ctx
            },
        );
        let counted = format!(
            "the final position was counted ({}); at the two passes that ended the game it was {}",
            judgement.check.computed.as_deref().unwrap_or("?"),
            end.check.computed.as_deref().unwrap_or("?")
        );
        if judgement.check.verdict != Verdict::Agrees && end.check.verdict == Verdict::Agrees {
            let reason = match &end.check.reason {
                Some(r) => format!("{counted}: RE[] fits the position at the two passes; {r}"),
                None => format!("{counted}: RE[] fits the position at the two passes"),
            };
            judgement = Judgement {
                check: Check {
                    reason: Some(reason),
                    ..end.check
                },
                ..end
            };
        } else {
            let fits = if judgement.check.verdict == Verdict::Agrees {
                "RE[] fits the final position"
            } else {
                "RE[] fits neither"
            };
            let reason = match &judgement.check.reason {
                Some(r) => format!("{counted}; {fits}; {r}"),
                None => format!("{counted}; {fits}"),
            };
            judgement.check.reason = Some(reason);
        }
    }
    let Judgement {
        mut score,
        mut check,
        reading,
    } = judgement;
    if let (Some(note), Verdict::Unverifiable) = (&dead.note, check.verdict) {
        let reason = check.reason.take().unwrap_or_default();
        check.reason = Some(if reason.is_empty() {
            note.clone()
        } else {
            format!("{reason} ({note})")
        });
    }

    if check.verdict == Verdict::Disagrees && !input.rules_known {
        // A count cannot call a record wrong when the record does not say its rules.
        check.verdict = Verdict::Unverifiable;
        check.reason = Some(format!(
            "{}; the record does not say which rules it was counted under (no RU[]), so the count cannot call RE[] wrong",
            check.reason.take().unwrap_or_default()
        ));
    }
    if let Some(reading) = reading {
        findings.push(Finding::new(
            Code::CountingConvention,
            Severity::Info,
            0,
            convention_message(input, primary, reading, &score),
        ));
    }
    if check.verdict == Verdict::Disagrees {
        findings.retain(|f| f.code != Code::UnparsedResult);
        findings.push(Finding::new(
            Code::ResultMismatch,
            Severity::Warning,
            0,
            mismatch_message(input.recorded_raw.unwrap_or(""), &score),
        ));
    }
    if score.territory.is_some() && primary == CountedBy::Area && score.counting == CountedBy::Area
    {
        // The territory count is reported where the rules or RE[] call for it.
        score.territory = None;
    }
    ResultOutcome {
        score: Some(score),
        check,
        findings,
    }
}

/// The `counting-convention` message: which reading gave `RE[]`.
fn convention_message(
    input: &ResultInput<'_>,
    primary: CountedBy,
    reading: Reading,
    score: &Score,
) -> String {
    let rules = format!(
        "{} rules count by {}",
        input.rules.set.name(),
        primary.as_str()
    );
    let mut how = format!("counted by {}", reading.counting.as_str());
    if let Some(komi) = reading.komi {
        how.push_str(&format!(" with komi {}", format_number(komi)));
    }
    format!(
        "RE[{}] is the result {how} ({}); the {rules}",
        input.recorded_raw.unwrap_or(""),
        score.counted(reading.counting).map_or("?", |(_, r)| r),
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
            doubtful: Vec::new(),
            seki: Vec::new(),
        }
    }

    fn area_only() -> Vec<Reading> {
        vec![Reading {
            counting: CountedBy::Area,
            komi: None,
        }]
    }

    fn margins_of(position: &Position) -> impl Fn(&[Point]) -> Margins + '_ {
        move |removed: &[Point]| {
            count_margins(
                position,
                removed,
                &[],
                [0, 0],
                ScoringMethod::SplitShared,
                0.0,
                0.0,
            )
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
        match fit(
            &outcome(vec![lone.clone()]),
            &area_only(),
            5.0,
            0.0,
            margins_of(&p),
            score_of(&p),
        ) {
            Fit::Found { score, flipped, .. } => {
                assert_eq!(flipped, vec![0]);
                assert_eq!(score.dead_white, lone);
                assert_eq!(score.result, "B+5");
            }
            _ => panic!("the assignment that kills the lone stone fits"),
        }
        assert!(matches!(
            fit(
                &outcome(vec![lone]),
                &area_only(),
                30.0,
                0.0,
                margins_of(&p),
                score_of(&p)
            ),
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
            fit(
                &outcome(many),
                &area_only(),
                5.0,
                0.0,
                margins_of(&p),
                score_of(&p)
            ),
            Fit::TooMany
        ));
    }
}
