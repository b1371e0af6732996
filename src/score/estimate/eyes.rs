//! Static looks at eyes that correct the verdicts: stones without an eye in an area the
//! opponent closes off (before and after the play-outs), and each doubtful group's eye
//! space (after them).

use super::chains::{diagonals, find, neighbors, Chain};
use super::shapes::dead_shape;
use super::static_pass::Settled;
use crate::geom::{Color, Position};
use crate::score::bits::{on_grid, Bits, Grid, OnGrid};

/// Stone-weighted confidence the chains closing an area need in [`enclosed_without_eyes`].
const ENCLOSER_CONFIDENCE: f64 = 0.75;

/// Confidence given to stones found dead by [`enclosed_without_eyes`].
pub(super) const ENCLOSED_CONFIDENCE: f64 = 0.9;

/// A few stones in a wide area that the opponent's live chains close off, with no eye
/// among them, are dead: in a finished game the owner of the area answers every move
/// there, which random play-outs do not.
///
/// An area is a connected set of points not of the enclosing colour; it qualifies when
/// every chain bordering it is judged alive (with some confidence, weighted by stones),
/// it covers at most half the board, it holds no empty point whose neighbours are all
/// stones of the enclosed colour, at most a quarter of it is stones, and its empty points
/// lean to the enclosing colour on balance (play-out ownership, or nearness before them).
pub(super) fn enclosed_without_eyes(
    position: &Position,
    chains: &[Chain],
    chain_at: &[usize],
    ownership: Option<&[f64]>,
    verdict: &mut [(bool, f64)],
) {
    on_grid(
        position.size,
        EnclosedAreas {
            position,
            chains,
            chain_at,
            ownership,
            verdict,
        },
    );
}

/// [`enclosed_without_eyes`] on bitboards: each area is one flood of the points not of the
/// enclosing colour, and its facts are read from sets (its stones, its empty points, the
/// enclosing stones next to it) instead of point by point.
struct EnclosedAreas<'a> {
    position: &'a Position,
    chains: &'a [Chain],
    chain_at: &'a [usize],
    ownership: Option<&'a [f64]>,
    verdict: &'a mut [(bool, f64)],
}

impl OnGrid for EnclosedAreas<'_> {
    type Output = ();

    fn run<const N: usize>(mut self, grid: &Grid<N>) {
        let stones = grid.stones(self.position);
        let empty = grid.board & !(stones[0] | stones[1]);
        let mut lists = AreaLists {
            listed_in: vec![0; self.chains.len()],
            areas: 0,
            inside: Vec::new(),
            border: Vec::new(),
        };
        for color in [Color::Black, Color::White] {
            let (own, opp) = (stones[color.index()], stones[color.opponent().index()]);
            let open = grid.board & !opp;
            // Empty points whose neighbours are all stones of `color`.
            let eyes = empty & !grid.neighbours(opp | empty);
            let mut seen = Bits::EMPTY;
            for start in own.indices() {
                if seen.contains(start) {
                    continue;
                }
                let area = grid.flood(Bits::single(start), open);
                seen |= area;
                lists.list(self.chain_at, area & own, grid.grown(area) & opp);
                let owned = self
                    .ownership
                    .map(|o| (area & empty).indices().map(|i| o[i]).sum::<f64>());
                let facts = AreaFacts {
                    points: area.count(),
                    has_eye: !(area & eyes).is_empty(),
                    toward_enclosing: owned.map(|o| if color == Color::White { o } else { -o }),
                };
                self.judge(&lists, &facts);
            }
        }
    }
}

impl EnclosedAreas<'_> {
    /// The stones inside an area are dead, and its border alive, when the area qualifies.
    fn judge(&mut self, lists: &AreaLists, facts: &AreaFacts) {
        let (chains, verdict) = (self.chains, &mut *self.verdict);
        let (mut closed_by_live, mut sure, mut total) = (true, 0.0, 0.0);
        for &id in &lists.border {
            let (alive, conf) = verdict[id];
            let w = chains[id].stones.len() as f64;
            closed_by_live &= alive;
            sure += w * conf;
            total += w;
        }
        let closed = closed_by_live
            && total > 0.0
            && sure >= ENCLOSER_CONFIDENCE * total
            && facts.toward_enclosing.is_none_or(|o| o > 0.0);
        let stones: usize = lists.inside.iter().map(|&id| chains[id].stones.len()).sum();
        let small_enough = 2 * facts.points <= self.position.size.points();
        if !closed || !small_enough || facts.has_eye || 4 * stones > facts.points {
            return;
        }
        for &id in &lists.inside {
            let (alive, conf) = verdict[id];
            if alive || conf < ENCLOSED_CONFIDENCE {
                verdict[id] = (false, ENCLOSED_CONFIDENCE);
            }
        }
        for &id in &lists.border {
            let (_, conf) = verdict[id];
            verdict[id] = (true, conf.max(ENCLOSED_CONFIDENCE));
        }
    }
}

/// What one area of [`enclosed_without_eyes`] is besides its chains.
struct AreaFacts {
    /// Points in the area.
    points: usize,
    /// It holds an empty point whose neighbours are all stones of the enclosed colour.
    has_eye: bool,
    /// The sum of its empty points' ownership, toward the enclosing colour.
    toward_enclosing: Option<f64>,
}

/// The chains inside the last area and bordering it, with the buffers they reuse.
struct AreaLists {
    /// Per chain, the last area that listed it.
    listed_in: Vec<u32>,
    areas: u32,
    inside: Vec<usize>,
    border: Vec<usize>,
}

impl AreaLists {
    /// Lists the chains of the stones `inside` and of those on the `border` of a new area,
    /// each chain once, in the order of its first stone.
    fn list<const N: usize>(&mut self, chain_at: &[usize], inside: Bits<N>, border: Bits<N>) {
        self.areas += 1;
        let areas = self.areas;
        for (stones, list) in [(inside, &mut self.inside), (border, &mut self.border)] {
            list.clear();
            for i in stones.indices() {
                let id = chain_at[i];
                if std::mem::replace(&mut self.listed_in[id], areas) != areas {
                    list.push(id);
                }
            }
        }
    }
}

/// Confidence given to chains the eye-space look of [`eye_space`] decides.
const EYE_SPACE_CONFIDENCE: f64 = 0.85;

/// Play-out confidence at which a neighbouring opponent chain counts as strong in
/// [`eye_space`] even without two eyes of its own.
const STRONG_CONFIDENCE: f64 = 0.9;

/// A static look at each undecided chain's eye space, after the play-outs.
///
/// A group is a set of chains of one colour joined through the areas they enclose (the
/// connected sets of points not of that colour that hold no stone of the opponent judged
/// alive with confidence) and through pairs of shared liberties. A group whose whole
/// enclosed space is at most one area of a killing shape ([`dead_shape`]), and whose
/// opponent neighbours are all strong (alive for certain, with two eyes, or all but
/// certain from the play-outs), cannot make two eyes and is dead. A group with two
/// enclosed empty areas that are real eyes is alive; a single-point eye is false when the
/// opponent holds or can play on too many of its diagonals. Only chains the play-outs
/// left uncertain are changed, and chains they hold in seki (`seki_like`) when all their
/// liberties lie in that one area: a seki needs liberties shared with an opponent chain
/// that cannot fill them, and such a group shares none.
pub(super) fn eye_space(
    position: &Position,
    chains: &[Chain],
    chain_at: &[usize],
    settled: &Settled,
    threshold: f64,
    seki_like: &[bool],
    verdict: &mut [(bool, f64)],
) {
    let size = position.size;
    let n = size.points();
    let undecided = |id: usize, verdict: &[(bool, f64)]| {
        settled.status[id].is_none() && (verdict[id].1 < threshold || seki_like[id])
    };
    if !(0..chains.len()).any(|id| undecided(id, verdict)) {
        return;
    }
    // Per colour: per chain, its group; per group, its enclosed areas.
    struct Area {
        points: Vec<usize>,
        empty: bool,
        /// A single empty point that is not a real eye.
        false_eye: bool,
    }
    let mut group_of = vec![usize::MAX; chains.len()];
    let mut group_areas: Vec<Vec<Area>> = Vec::new();
    let mut real_eyes: Vec<usize> = Vec::new();
    for color in [Color::Black, Color::White] {
        let mut parent: Vec<usize> = (0..chains.len()).collect();
        // Chains sharing two liberties are connected: the opponent cannot cut at both.
        for (a, ca) in chains.iter().enumerate() {
            if ca.color != color {
                continue;
            }
            for &l in &ca.liberties {
                for q in neighbors(size, l) {
                    let b = if position.cells[q] == Some(color) {
                        chain_at[q]
                    } else {
                        continue;
                    };
                    if b > a
                        && ca
                            .liberties
                            .iter()
                            .filter(|x| chains[b].liberties.binary_search(x).is_ok())
                            .count()
                            >= 2
                    {
                        let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
                        parent[ra] = rb;
                    }
                }
            }
        }
        let mut seen = vec![false; n];
        let mut areas: Vec<(Area, Vec<usize>)> = Vec::new();
        let mut stack = Vec::new();
        for start in 0..n {
            if seen[start] || position.cells[start] == Some(color) {
                continue;
            }
            let mut points = Vec::new();
            let mut border = Vec::new();
            let mut live_opponent = false;
            let mut empty = true;
            seen[start] = true;
            stack.push(start);
            while let Some(p) = stack.pop() {
                points.push(p);
                if position.cells[p].is_some() {
                    empty = false;
                    // Opponent stones still undecided, or held only in seki, do not
                    // make the area open: whether they live is what is being decided.
                    let (alive, conf) = verdict[chain_at[p]];
                    live_opponent |= alive && conf >= threshold && !seki_like[chain_at[p]];
                }
                for q in neighbors(size, p) {
                    if position.cells[q] == Some(color) {
                        if !border.contains(&chain_at[q]) {
                            border.push(chain_at[q]);
                        }
                    } else if !seen[q] {
                        seen[q] = true;
                        stack.push(q);
                    }
                }
            }
            if live_opponent || border.is_empty() {
                continue;
            }
            for w in border.windows(2) {
                let (a, b) = (find(&mut parent, w[0]), find(&mut parent, w[1]));
                parent[a] = b;
            }
            areas.push((
                Area {
                    points,
                    empty,
                    false_eye: false,
                },
                border,
            ));
        }
        let first_group = group_areas.len();
        let mut root_group = vec![usize::MAX; chains.len()];
        for (id, c) in chains.iter().enumerate() {
            if c.color != color {
                continue;
            }
            let r = find(&mut parent, id);
            if root_group[r] == usize::MAX {
                root_group[r] = group_areas.len();
                group_areas.push(Vec::new());
                real_eyes.push(0);
            }
            group_of[id] = root_group[r];
        }
        for (mut area, border) in areas {
            let g = group_of[border[0]];
            debug_assert!(g >= first_group);
            let real = area.empty
                && (area.points.len() >= 2 || {
                    // A diagonal counts against the eye when it holds an opponent stone
                    // or is an empty point next to one, where the opponent can play.
                    let p = area.points[0];
                    let held = diagonals(size, p)
                        .filter(|&d| match position.cells[d] {
                            // Only stones alive with confidence hold it: the others
                            // (undecided, held only in seki) may yet be taken, as the
                            // areas above assume.
                            Some(c) => {
                                let (alive, conf) = verdict[chain_at[d]];
                                c != color && alive && conf >= threshold && !seki_like[chain_at[d]]
                            }
                            None => neighbors(size, d)
                                .any(|q| position.cells[q] == Some(color.opponent())),
                        })
                        .count();
                    let all = diagonals(size, p).count();
                    if all == 4 {
                        held < 2
                    } else {
                        held == 0
                    }
                });
            if real {
                real_eyes[g] += 1;
            }
            area.false_eye = area.empty && !real;
            group_areas[g].push(area);
        }
    }
    let strong = |id: usize, verdict: &[(bool, f64)]| {
        settled.status[id] == Some(true)
            || real_eyes[group_of[id]] >= 2
            || (verdict[id].0 && verdict[id].1 >= STRONG_CONFIDENCE)
    };
    let mut decided: Vec<Option<bool>> = vec![None; group_areas.len()];
    let mut seki_held = vec![false; group_areas.len()];
    for (g, areas) in group_areas.iter().enumerate() {
        let members: Vec<usize> = (0..chains.len()).filter(|&id| group_of[id] == g).collect();
        if !members.iter().any(|&id| undecided(id, verdict)) {
            continue;
        }
        if real_eyes[g] >= 2 {
            decided[g] = Some(true);
            continue;
        }
        // False eyes give no eye space.
        let mut space = areas.iter().filter(|a| !a.false_eye);
        let small = match (space.next(), space.next()) {
            (None, _) => true,
            (Some(a), None) => dead_shape(size, &a.points),
            _ => false,
        };
        if !small {
            continue;
        }
        let inside: Vec<usize> = areas
            .iter()
            .flat_map(|a| a.points.iter().copied())
            .collect();
        let all_strong = members.iter().all(|&id| {
            chains[id].stones.iter().all(|&s| {
                neighbors(size, s).all(|q| match position.cells[q] {
                    Some(c) if c != chains[id].color && !inside.contains(&q) => {
                        strong(chain_at[q], verdict)
                    }
                    _ => true,
                })
            })
        });
        if all_strong {
            decided[g] = Some(false);
            // A chain held in seki by the play-outs is taken as dead only when every
            // liberty of the group lies in its eye space.
            let enclosed = members
                .iter()
                .all(|&id| chains[id].liberties.iter().all(|l| inside.contains(l)));
            if !enclosed {
                seki_held[g] = true;
            }
        }
    }
    for id in 0..chains.len() {
        if !undecided(id, verdict) {
            continue;
        }
        let g = group_of[id];
        let uncertain = verdict[id].1 < threshold;
        match decided[g] {
            Some(alive) if uncertain => verdict[id] = (alive, EYE_SPACE_CONFIDENCE),
            Some(false) if !seki_held[g] => verdict[id] = (false, EYE_SPACE_CONFIDENCE),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests;
