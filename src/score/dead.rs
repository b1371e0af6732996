//! Which stones are dead (art. 8), and where that knowledge came from: the record's territory
//! markup, an estimate, or nobody (every stone counted alive). Stones inside pass-alive
//! territory are dead in every case.

use super::benson::push_dead_in_pass_alive_territory;
use super::estimate::{ChainEstimate, ChainStatus, Estimate, EstimateConfig, Estimator};
use crate::geom::{Color, Point, Position};

/// What the user asked for (`--dead`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeadPolicy {
    /// Territory markup (`TB`/`TW`) only.
    Markup,
    /// An estimate from the position.
    Estimate,
    /// Every stone alive.
    None,
    /// Markup when the record has it, else an estimate.
    Auto,
    /// Every stone alive, even inside pass-alive territory: the Tromp-Taylor count, where
    /// nothing is removed. Not an option: what `auto` and `none` become under those rules.
    NothingRemoved,
}

impl DeadPolicy {
    /// The policy a rule set makes of the user's: Tromp-Taylor removes no dead stones at
    /// all (RULES.md), so `auto` and `none` count every stone; an explicit `markup` or
    /// `estimate` is still honoured.
    pub fn under(self, rules: &crate::rules::Rules) -> DeadPolicy {
        match (rules.set, self) {
            (crate::rules::RuleSet::TrompTaylor, DeadPolicy::Auto | DeadPolicy::None) => {
                DeadPolicy::NothingRemoved
            }
            _ => self,
        }
    }
}

/// Where the dead stones of a score came from (`score.dead_from` in the report).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeadFrom {
    Markup,
    Estimate,
    None,
    /// The engine of `--judge`, asked when the estimate left the check unsure.
    Judge,
}

impl DeadFrom {
    pub const ALL: [DeadFrom; 4] = [
        DeadFrom::Markup,
        DeadFrom::Estimate,
        DeadFrom::None,
        DeadFrom::Judge,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            DeadFrom::Markup => "markup",
            DeadFrom::Estimate => "estimate",
            DeadFrom::None => "none",
            DeadFrom::Judge => "judge",
        }
    }
}

/// What the report says of how the dead stones were settled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeadNote {
    /// The estimate is unsure of `chains` chains, of `stones` stones in all.
    Unsure { chains: usize, stones: usize },
    /// The estimate put `stones` stones in seki.
    Seki { stones: usize },
    /// Markup was asked for and the record has none.
    NoMarkup,
    /// The engine judge (`command`) gave the dead stones.
    Judge { command: String },
}

/// The dead stones settled for one final position.
#[derive(Clone, Debug, PartialEq)]
pub struct DeadOutcome {
    pub from: DeadFrom,
    /// Sorted, without duplicates; every point holds a stone.
    pub dead: Vec<Point>,
    /// Whether the list can be trusted to call a recorded result wrong.
    pub determined: bool,
    /// Why the list is not determined, or who made it, for the report (worded by the
    /// check: `check::wording`).
    pub notes: Vec<DeadNote>,
    /// Chains the estimate is not sure of (each a list of stones): counted by its best
    /// guess, listed so that a reader — and the check — can weigh the doubt.
    pub uncertain: Vec<Vec<Point>>,
    /// Every chain whose fate the estimate is not certain of (some play-out gave it the
    /// other fate), the uncertain ones included, least sure first: the odds the check
    /// weighs its readings by.
    pub doubted: Vec<DoubtedChain>,
    /// Stones the estimate judged to be in seki (alive; their shared liberties are dame).
    pub seki: Vec<Point>,
}

/// A chain the estimate counted by its best guess, and how sure the play-outs were.
#[derive(Clone, Debug, PartialEq)]
pub struct DoubtedChain {
    /// Sorted.
    pub stones: Vec<Point>,
    /// Share of the play-outs that agree with the fate counted, from 0.5 to 1.
    pub confidence: f64,
}

/// Chains that voted together and share a fate, as one: a reading changes them all or
/// none.
fn doubted_groups(chains: &[ChainEstimate]) -> Vec<DoubtedChain> {
    let mut groups: Vec<(usize, bool, DoubtedChain)> = Vec::new();
    for chain in chains.iter().filter(|c| c.confidence < 1.0) {
        let dead = chain.status == ChainStatus::Dead;
        match groups
            .iter_mut()
            .find(|(g, d, _)| *g == chain.group && *d == dead)
        {
            Some((_, _, group)) => {
                group.stones.extend_from_slice(&chain.stones);
                group.stones.sort_unstable();
                group.confidence = group.confidence.min(chain.confidence);
            }
            None => groups.push((
                chain.group,
                dead,
                DoubtedChain {
                    stones: chain.stones.clone(),
                    confidence: chain.confidence,
                },
            )),
        }
    }
    let mut doubted: Vec<DoubtedChain> = groups.into_iter().map(|(_, _, g)| g).collect();
    doubted.sort_by(|a, b| a.confidence.total_cmp(&b.confidence));
    doubted
}

/// Dead stones by the territory-markup convention of KGS, OGS, Fox and GNU Go: a White
/// stone on a `TB` point (Black territory) or a Black stone on a `TW` point is dead.
/// Sorted, without duplicates; points off the board are ignored.
pub fn dead_from_markup(position: &Position, tb: &[Point], tw: &[Point]) -> Vec<Point> {
    let on = |p: Point, color: Color| position.size.contains(p) && position.get(p) == Some(color);
    let mut dead: Vec<Point> = tb
        .iter()
        .filter(|&&p| on(p, Color::White))
        .chain(tw.iter().filter(|&&p| on(p, Color::Black)))
        .copied()
        .collect();
    dead.sort();
    dead.dedup();
    dead
}

/// Estimates the dead stones of a final position (see [`super::estimate`]): stones of
/// chains judged dead, the uncertain ones included by their best guess.
fn estimate_outcome(mut estimate: Estimate, config: &EstimateConfig) -> DeadOutcome {
    let mut dead = std::mem::take(&mut estimate.dead);
    dead.extend_from_slice(&estimate.pass_alive_dead);
    let mut uncertain = Vec::new();
    for chain in &estimate.chains {
        if chain.confidence < config.uncertain_below {
            uncertain.push(chain.stones.clone());
        }
    }
    let doubted = doubted_groups(&estimate.chains);
    let mut notes = Vec::new();
    if !uncertain.is_empty() {
        notes.push(DeadNote::Unsure {
            chains: uncertain.len(),
            stones: uncertain.iter().map(Vec::len).sum::<usize>(),
        });
    }
    // Seki judged by play-outs is the estimate's least sure call: a dead group taken for
    // seki turns its whole area into nobody's. A count resting on one is not determined.
    if !estimate.seki.is_empty() {
        notes.push(DeadNote::Seki {
            stones: estimate.seki.len(),
        });
    }
    DeadOutcome {
        from: DeadFrom::Estimate,
        dead,
        determined: uncertain.is_empty() && estimate.seki.is_empty(),
        notes,
        uncertain,
        doubted,
        seki: estimate.seki,
    }
}

/// Chains among `dead` that may be alive in seki instead: at most two liberties, each of
/// them also a liberty of a neighbouring live opponent chain with at most two liberties
/// (neither side can approach: the shape of a seki without eyes). An estimate can take
/// such a chain for dead; the check tries its other fate before calling `RE[]` wrong.
/// Each chain is sorted; chains are in the order of their first stone.
pub fn seki_candidates(position: &Position, dead: &[Point]) -> Vec<Vec<Point>> {
    let size = position.size;
    let is_dead = |p: Point| dead.binary_search(&p).is_ok();
    let mut fill = ChainFill::new(position);
    let mut seen = vec![false; size.points()];
    let mut out = Vec::new();
    for &p in dead {
        if !size.contains(p) || seen[size.index(p)] || position.get(p).is_none() {
            continue;
        }
        let (mut stones, liberties) = fill.chain(p, usize::MAX);
        stones.sort();
        for &s in &stones {
            seen[size.index(s)] = true;
        }
        if stones.len() > 64 || liberties.is_empty() || liberties.len() > 2 {
            continue;
        }
        let color = position.get(p);
        let shared = liberties.iter().all(|&l| {
            size.neighbors(l).any(|q| {
                let c = position.get(q);
                c.is_some() && c != color && !is_dead(q) && fill.chain(q, 3).1.len() <= 2
            })
        });
        if shared && stones.iter().all(|&s| is_dead(s)) {
            out.push(stones);
        }
    }
    out
}

/// Flood fills of the chains of one position, dead stones counted as stones, each point
/// met once per fill (generation marks, no search of the lists).
struct ChainFill<'a> {
    position: &'a Position,
    marks: Vec<u32>,
    generation: u32,
}

impl<'a> ChainFill<'a> {
    fn new(position: &'a Position) -> Self {
        ChainFill {
            position,
            marks: vec![0; position.size.points()],
            generation: 0,
        }
    }

    /// The chain at `start` (in the order found) and its liberties, the fill stopping
    /// once `enough` liberties are found.
    fn chain(&mut self, start: Point, enough: usize) -> (Vec<Point>, Vec<Point>) {
        let (position, size) = (self.position, self.position.size);
        self.generation += 1;
        let g = self.generation;
        let color = position.get(start);
        let mut stones = vec![start];
        let mut liberties = Vec::new();
        self.marks[size.index(start)] = g;
        let mut i = 0;
        while i < stones.len() && liberties.len() < enough {
            for q in size.neighbors(stones[i]) {
                let mark = &mut self.marks[size.index(q)];
                if *mark == g {
                    continue;
                }
                match position.get(q) {
                    None => {
                        *mark = g;
                        liberties.push(q);
                    }
                    c if c == color => {
                        *mark = g;
                        stones.push(q);
                    }
                    _ => {}
                }
            }
            i += 1;
        }
        (stones, liberties)
    }
}

/// Decides the dead stones under a policy. `markup` is `Some((tb, tw))` when the record
/// carries territory markup (even empty lists: "no dead stones"). The stones inside
/// pass-alive territory are always added.
pub fn settle_dead(
    position: &Position,
    markup: Option<(&[Point], &[Point])>,
    policy: DeadPolicy,
) -> DeadOutcome {
    DeadSettler::new(position, markup, policy).settle(EstimateConfig::default().playouts)
}

/// The dead stones of one position, settled as often as a caller asks with more care: an
/// estimate, when the policy calls for one, is made once and carried further (see
/// [`Estimator`]).
pub struct DeadSettler<'a> {
    position: &'a Position,
    markup: Option<(&'a [Point], &'a [Point])>,
    policy: DeadPolicy,
    estimator: Option<Estimator<'a>>,
}

impl<'a> DeadSettler<'a> {
    pub fn new(
        position: &'a Position,
        markup: Option<(&'a [Point], &'a [Point])>,
        policy: DeadPolicy,
    ) -> DeadSettler<'a> {
        DeadSettler {
            position,
            markup,
            policy,
            estimator: None,
        }
    }

    /// [`settle_dead`], with an estimate carried to `playouts` play-outs (no fewer than
    /// the last call's).
    pub fn settle(&mut self, playouts: u32) -> DeadOutcome {
        self.settle_under(self.markup, self.policy, playouts)
    }

    /// The estimate's dead stones even where the record carries markup, carried to
    /// `playouts` play-outs: a second look at a count the markup settled.
    pub fn estimate(&mut self, playouts: u32) -> DeadOutcome {
        self.settle_under(None, DeadPolicy::Estimate, playouts)
    }

    fn settle_under(
        &mut self,
        markup: Option<(&[Point], &[Point])>,
        policy: DeadPolicy,
        playouts: u32,
    ) -> DeadOutcome {
        let (position, estimator) = (self.position, &mut self.estimator);
        settle(position, markup, policy, || {
            let config = EstimateConfig::default();
            let estimator = estimator.get_or_insert_with(|| Estimator::new(position, config));
            estimator.play_up_to(playouts);
            estimate_outcome(estimator.estimate(), &config)
        })
    }
}

/// [`settle_dead`], `estimate` giving the estimate's outcome when the policy calls for one.
fn settle(
    position: &Position,
    markup: Option<(&[Point], &[Point])>,
    policy: DeadPolicy,
    estimate: impl FnOnce() -> DeadOutcome,
) -> DeadOutcome {
    let from_markup = |(tb, tw): (&[Point], &[Point])| DeadOutcome {
        from: DeadFrom::Markup,
        dead: dead_from_markup(position, tb, tw),
        determined: true,
        notes: Vec::new(),
        uncertain: Vec::new(),
        doubted: Vec::new(),
        seki: Vec::new(),
    };
    let mut outcome = match (policy, markup) {
        (DeadPolicy::None | DeadPolicy::NothingRemoved, _) => DeadOutcome {
            from: DeadFrom::None,
            dead: Vec::new(),
            determined: true,
            notes: Vec::new(),
            uncertain: Vec::new(),
            doubted: Vec::new(),
            seki: Vec::new(),
        },
        (DeadPolicy::Markup | DeadPolicy::Auto, Some(m)) => from_markup(m),
        (DeadPolicy::Markup, None) => DeadOutcome {
            from: DeadFrom::Markup,
            dead: Vec::new(),
            determined: false,
            notes: vec![DeadNote::NoMarkup],
            uncertain: Vec::new(),
            doubted: Vec::new(),
            seki: Vec::new(),
        },
        (DeadPolicy::Estimate, _) | (DeadPolicy::Auto, None) => estimate(),
    };
    // The estimate has counted them already.
    if policy != DeadPolicy::NothingRemoved && outcome.from != DeadFrom::Estimate {
        push_dead_in_pass_alive_territory(position, &mut outcome.dead);
    }
    outcome
        .dead
        .retain(|&p| position.size.contains(p) && position.get(p).is_some());
    outcome.dead.sort();
    outcome.dead.dedup();
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos() -> Position {
        Position::from_diagram(
            "
            X O .
            X O .
            . X O",
        )
    }

    #[test]
    fn dead_chains_sharing_their_last_liberties_are_seki_candidates() {
        // White's top chain shares its two liberties (A5, E5) with Black's B5-D5 chain:
        // the shape of a seki. The White stone at E1, dead in Black's area with three
        // liberties, is not a candidate.
        let p = Position::from_diagram(
            "
            . X X X . X
            O O O O O X
            X X X X X X
            . . . . . X
            . . . . O X",
        );
        let top: Vec<Point> = (0..5).map(|c| Point::new(c, 1)).collect();
        let mut dead = top.clone();
        dead.push(Point::new(4, 4));
        dead.sort();
        assert_eq!(seki_candidates(&p, &dead), vec![top]);
    }

    #[test]
    fn markup_kills_only_stones_of_the_other_colour() {
        let p = pos();
        let tb = [Point::new(1, 0), Point::new(2, 0), Point::new(0, 0)];
        let tw = [Point::new(1, 2), Point::new(1, 2)];
        assert_eq!(
            dead_from_markup(&p, &tb, &tw),
            vec![Point::new(1, 0), Point::new(1, 2)]
        );
    }

    #[test]
    fn policies() {
        let p = pos();
        let tb = [Point::new(1, 0)];
        let none = settle_dead(&p, Some((&tb, &[])), DeadPolicy::None);
        assert_eq!((none.from, none.determined), (DeadFrom::None, true));
        assert!(none.dead.is_empty());

        let auto = settle_dead(&p, Some((&tb, &[])), DeadPolicy::Auto);
        assert_eq!((auto.from, auto.determined), (DeadFrom::Markup, true));
        assert_eq!(auto.dead, vec![Point::new(1, 0)]);

        let missing = settle_dead(&p, None, DeadPolicy::Markup);
        assert_eq!(
            (missing.from, missing.determined),
            (DeadFrom::Markup, false)
        );
        assert_eq!(missing.notes, [DeadNote::NoMarkup]);

        // Without markup, auto estimates; whether that is determined depends on how sure
        // the estimate is, which its note says.
        let guess = settle_dead(&p, None, DeadPolicy::Auto);
        assert_eq!(guess.from, DeadFrom::Estimate);
        assert_eq!(guess.determined, guess.uncertain.is_empty());
        assert_eq!(guess.notes.is_empty(), guess.determined);
        assert_eq!(DeadFrom::Estimate.as_str(), "estimate");
    }

    #[test]
    fn tromp_taylor_removes_nothing_not_even_inside_pass_alive_territory() {
        // Black's wall with two eyes is pass-alive; the White stone inside it is dead by
        // Benson under every other policy.
        let p = Position::from_diagram(
            "
            . X . X O
            X X X X O
            . O . X O
            X X X X O
            . X . X O",
        );
        let inside = Point::new(1, 2);
        assert!(settle_dead(&p, None, DeadPolicy::None)
            .dead
            .contains(&inside));
        let tt = crate::rules::RuleSet::TrompTaylor.rules();
        for policy in [DeadPolicy::Auto, DeadPolicy::None] {
            let settled = settle_dead(&p, None, policy.under(&tt));
            assert_eq!(settled.from, DeadFrom::None);
            assert!(settled.dead.is_empty(), "{policy:?}: {:?}", settled.dead);
        }
        let chinese = crate::rules::RuleSet::Chinese.rules();
        assert_eq!(DeadPolicy::Auto.under(&chinese), DeadPolicy::Auto);
        assert_eq!(DeadPolicy::Estimate.under(&tt), DeadPolicy::Estimate);
    }
}
