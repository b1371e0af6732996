//! Readings of a counted position with their odds: which doubted chains are dead, which
//! counting and komi the record's source used. The check weighs a recorded result by the
//! probability of the readings that give it, never by whether some reading does.

use crate::geom::{Point, Position};
use crate::score::{CountedBy, Margins};

use super::source::Conventions;

/// Most doubted chains whose fates are tried together (2^12 assignments); the odds of the
/// others changing are counted as unexplored.
pub const MAX_SEARCHED_CHAINS: usize = 12;

/// An assignment of fates less probable than this is not counted (its odds are added to
/// the unexplored share).
const NEGLIGIBLE: f64 = 1e-4;

/// The probability that the estimate's fate of a group of chains is right, from the
/// share of the play-outs that agreed with it (smoothed: it never reaches 1). A share is
/// not a probability: play-outs from one position share their blind spots, and the
/// estimate's later steps (reading, eye shapes) overrule some of them. Measured on the
/// 7,279 counted records of `tygem-9d-part01.sgf` (taking their `RE[]` as true): among
/// the groups whose single change of fate gives `RE[]` where the estimate does not, the
/// share of groups in each band of play-out agreement that had to change, doubled for
/// the errors no single change shows. The README's reliability table checks the result
/// on other collections.
pub fn calibrated(share: f64) -> f64 {
    let wrong = match share {
        s if s >= 0.95 => 0.005,
        s if s >= 0.90 => 0.01,
        _ => 0.1,
    };
    1.0 - wrong
}

/// A chain a reading may give the other fate.
#[derive(Clone, Debug, PartialEq)]
pub struct Doubt {
    /// Sorted.
    pub stones: Vec<Point>,
    /// Counted dead by the estimate.
    pub dead: bool,
    /// The probability that the estimate's fate is right (0.5 to 1).
    pub right: f64,
}

/// One reading: the chains given the other fate, the counting, the komi when the record's
/// is a guess, and an open-boundary point given to one side.
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    /// Indices into the doubts.
    pub flipped: Vec<usize>,
    pub counting: CountedBy,
    pub komi: Option<f64>,
    /// Points of unfinished boundaries counted for Black (positive) or White (negative).
    pub open_point: i8,
    pub probability: f64,
}

/// Margins of one assignment of fates, under the record's komi.
pub type MarginsOf<'a> = dyn Fn(&[Point]) -> Margins + 'a;

/// What the search found.
#[derive(Clone, Debug)]
pub struct Search {
    /// The most probable reading (no chain flipped, the most probable conventions) and
    /// its margin.
    pub best: Reading,
    pub best_margin: f64,
    /// The most probable reading whose margin is the target, if any.
    pub fit: Option<Reading>,
    /// The probability of all readings whose margin is the target.
    pub fit_mass: f64,
    /// The probability of the readings not counted (too many chains, or each negligible):
    /// any of them might give the target.
    pub unexplored: f64,
}

/// The readings' weights besides the fates: counting × komi × open point.
struct Convention {
    counting: CountedBy,
    komi: Option<f64>,
    open_point: i8,
    odds: f64,
}

/// Every convention with its odds, the most probable first. A komi the same as the
/// record's (`record_komi`) is no assumption: `None`.
fn conventions_of(
    conventions: &Conventions,
    open_boundary: f64,
    record_komi: f64,
) -> Vec<Convention> {
    let komi: Vec<(Option<f64>, f64)> = if conventions.komi.is_empty() {
        vec![(None, 1.0)]
    } else {
        conventions
            .komi
            .iter()
            .map(|k| ((k.komi - record_komi).abs() > 1e-9).then_some(k.komi))
            .zip(conventions.komi.iter().map(|k| k.odds))
            .collect()
    };
    // One to three points, each step less likely, for either side.
    let mut open: Vec<(i8, f64)> = vec![(0, 1.0 - open_boundary)];
    if open_boundary > 0.0 {
        for (points, share) in [(1, 0.6), (2, 0.3), (3, 0.1)] {
            open.push((points, open_boundary * share / 2.0));
            open.push((-points, open_boundary * share / 2.0));
        }
    }
    let mut out = Vec::new();
    for c in &conventions.countings {
        for &(k, komi_odds) in &komi {
            for &(open_point, open_odds) in &open {
                out.push(Convention {
                    counting: c.counting,
                    komi: k,
                    open_point,
                    odds: c.odds * komi_odds * open_odds,
                });
            }
        }
    }
    out.sort_by(|a, b| b.odds.total_cmp(&a.odds));
    out
}

/// The dead stones of a reading: the estimate's, with the `flipped` doubts reversed.
pub fn dead_with(dead: &[Point], doubts: &[Doubt], flipped: &[usize]) -> Vec<Point> {
    let mut removed = dead.to_vec();
    for &i in flipped {
        let chain = &doubts[i];
        if chain.dead {
            removed.retain(|p| chain.stones.binary_search(p).is_err());
        } else {
            removed.extend_from_slice(&chain.stones);
        }
    }
    removed.sort();
    removed.dedup();
    removed
}

/// The margin of a reading from its fates' margins (under the record's komi `komi`).
fn margin_of(margins: &Margins, c: &Convention, komi: f64) -> f64 {
    let counted = match c.counting {
        CountedBy::Area => margins.area,
        CountedBy::Territory => margins.territory,
    };
    counted + komi - c.komi.unwrap_or(komi) + f64::from(c.open_point)
}

/// Weighs every reading of `doubts` (the least sure first) and `conventions` against the
/// `target` margin (Black's, in points): every assignment of fates to the
/// [`MAX_SEARCHED_CHAINS`] least sure doubts, and each other doubt changed alone.
/// `open_boundary` is the odds that unfinished boundaries hide one to three points for
/// either side (0 when the position is closed). `thorough` also weighs every pair of
/// doubts, however improbable each pair: many doubted groups leave much of the odds to
/// pairs. What is not weighed is `unexplored`.
#[allow(clippy::too_many_arguments)]
pub fn search(
    dead: &[Point],
    doubts: &[Doubt],
    conventions: &Conventions,
    open_boundary: f64,
    target: f64,
    komi: f64,
    margins_of: &MarginsOf<'_>,
    thorough: bool,
) -> Search {
    let conventions = conventions_of(conventions, open_boundary, komi);
    let searched = doubts.len().min(MAX_SEARCHED_CHAINS);
    let all_right: f64 = doubts.iter().map(|d| d.right).product();
    let mut weigher = Weigher {
        dead,
        doubts,
        conventions: &conventions,
        target,
        komi,
        margins_of,
        explored: 0.0,
        fit: None,
        fit_mass: 0.0,
        best: None,
        negligible: if thorough { 0.0 } else { NEGLIGIBLE },
    };
    // `searched` is at most 12: every mask fits a u32.
    for mask in 0u32..(1u32 << searched) {
        if thorough && mask.count_ones() == 2 {
            continue; // weighed with every other pair below
        }
        let flipped: Vec<usize> = (0..searched).filter(|&i| mask >> i & 1 == 1).collect();
        weigher.weigh(flipped, all_right);
    }
    for i in searched..doubts.len() {
        weigher.weigh(vec![i], all_right);
    }
    if thorough {
        for j in 0..doubts.len() {
            for i in 0..j {
                weigher.weigh(vec![i, j], all_right);
            }
        }
    }
    let (best, best_margin) = weigher
        .best
        .expect("the estimate's own fates are always weighed");
    Search {
        best,
        best_margin,
        fit: weigher.fit,
        fit_mass: weigher.fit_mass,
        unexplored: (1.0 - weigher.explored).max(0.0),
    }
}

/// The running tally of [`search`].
struct Weigher<'a, 'm> {
    dead: &'a [Point],
    doubts: &'a [Doubt],
    conventions: &'a [Convention],
    target: f64,
    komi: f64,
    margins_of: &'a MarginsOf<'m>,
    /// Probability of the readings weighed so far.
    explored: f64,
    fit: Option<Reading>,
    fit_mass: f64,
    best: Option<(Reading, f64)>,
    /// Readings less probable than this are not weighed.
    negligible: f64,
}

impl Weigher<'_, '_> {
    /// Weighs the readings that give the `flipped` doubts the other fate (the others the
    /// estimate's), under every convention. `all_right` is the odds of no change at all.
    fn weigh(&mut self, flipped: Vec<usize>, all_right: f64) {
        let fates = flipped.iter().fold(all_right, |p, &i| {
            let d = &self.doubts[i];
            p * (1.0 - d.right) / d.right
        });
        if fates < self.negligible.max(f64::MIN_POSITIVE) && !flipped.is_empty() {
            return;
        }
        self.explored += fates;
        let margins = (self.margins_of)(&dead_with(self.dead, self.doubts, &flipped));
        for c in self.conventions {
            let probability = fates * c.odds;
            let margin = margin_of(&margins, c, self.komi);
            let reading = || Reading {
                flipped: flipped.clone(),
                counting: c.counting,
                komi: c.komi,
                open_point: c.open_point,
                probability,
            };
            if self.best.is_none() {
                self.best = Some((reading(), margin));
            }
            if (margin - self.target).abs() < 1e-6 {
                self.fit_mass += probability;
                if self
                    .fit
                    .as_ref()
                    .is_none_or(|f| f.probability < probability)
                {
                    self.fit = Some(reading());
                }
            }
        }
    }
}

/// "the chain at D4 (3 stones), dead in 97% of the play-outs, is alive".
pub fn describe_flip(doubt: &Doubt, position: &Position) -> String {
    format!(
        "the chain at {} ({} stone{}, counted {} at odds {:.0}%) is {}",
        doubt.stones[0].vertex(position.size),
        doubt.stones.len(),
        if doubt.stones.len() == 1 { "" } else { "s" },
        if doubt.dead { "dead" } else { "alive" },
        doubt.right * 100.0,
        if doubt.dead { "alive" } else { "dead" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::source::{CountingOdds, Source};
    use crate::score::{count_margins, ScoringMethod};

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

    fn area_only() -> Conventions {
        Conventions {
            source: Source::Unknown,
            countings: vec![CountingOdds {
                counting: CountedBy::Area,
                odds: 1.0,
            }],
            komi: Vec::new(),
        }
    }

    fn lone(right: f64) -> Doubt {
        Doubt {
            stones: vec![Point::new(1, 1)],
            dead: false,
            right,
        }
    }

    fn run(doubts: &[Doubt], target: f64) -> Search {
        run_with(doubts, target, false)
    }

    /// [`search`] on [`position`], area counting, no komi.
    fn run_with(doubts: &[Doubt], target: f64, thorough: bool) -> Search {
        let p = position();
        let margins_of = |removed: &[Point]| {
            count_margins(
                &p,
                removed,
                &[],
                [0, 0],
                ScoringMethod::SplitShared,
                0.0,
                0.0,
            )
        };
        search(
            &[],
            doubts,
            &area_only(),
            0.0,
            target,
            0.0,
            &margins_of,
            thorough,
        )
    }

    #[test]
    fn a_reading_has_the_odds_of_its_fates() {
        // Alive, the lone stone's region is shared; dead, Black owns the whole left side:
        // Black 15, White 10 -> B+5.
        let s = run(&[lone(0.9)], 5.0);
        let fit = s.fit.expect("killing the lone stone gives B+5");
        assert_eq!(fit.flipped, vec![0]);
        assert!((fit.probability - 0.1).abs() < 1e-9);
        assert!((s.best.probability - 0.9).abs() < 1e-9);
        assert!((s.fit_mass - 0.1).abs() < 1e-9);
        assert_ne!(s.best_margin, 5.0);
        assert!(run(&[lone(0.9)], 30.0).fit.is_none());
    }

    #[test]
    fn any_number_of_doubted_chains_is_well_defined() {
        // More chains than a mask has bits: the first twelve are searched together, the
        // rest one at a time, and what is left counts as unexplored; nothing overflows.
        let many: Vec<Doubt> = (0..40).map(|_| lone(0.99)).collect();
        let s = run(&many, 5.0);
        // Pairs of changes are each negligible, and together 6% of the odds: unexplored.
        let two_or_more = 1.0 - 0.99f64.powi(40) - 40.0 * 0.01 * 0.99f64.powi(39);
        assert!(
            (s.unexplored - two_or_more).abs() < 1e-6,
            "{}",
            s.unexplored
        );
        assert!(s.fit.is_some());
        // A thorough search weighs every pair too: three or more changes are left.
        let deep = run_with(&many, 5.0, true);
        assert!(deep.unexplored < 0.01, "{}", deep.unexplored);
        assert!((deep.fit_mass - s.fit_mass).abs() < 1e-12 || deep.fit_mass > s.fit_mass);
    }

    #[test]
    fn calibration_keeps_doubt_where_the_play_outs_agree() {
        assert!(calibrated(1.0) < 1.0);
        assert!(calibrated(0.5) >= 0.5);
        assert!(calibrated(0.95) > calibrated(0.9));
        assert!(calibrated(0.9) > calibrated(0.8));
    }
}
