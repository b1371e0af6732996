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
    let look = EyeSpaceLook {
        position,
        chains,
        chain_at,
        settled,
        threshold,
        seki_like,
    };
    if !(0..chains.len()).any(|id| look.undecided(id, verdict)) {
        return;
    }
    let groups = look.groups(verdict);
    let decisions = look.decide(&groups, verdict);
    look.apply(&groups, &decisions, verdict);
}

/// What [`eye_space`] reads besides the verdicts: the position, its chains and what the
/// static pass and the play-outs found about them.
struct EyeSpaceLook<'a> {
    position: &'a Position,
    chains: &'a [Chain],
    chain_at: &'a [usize],
    settled: &'a Settled,
    /// Play-out confidence below which a chain is uncertain.
    threshold: f64,
    /// Per chain, whether the play-outs hold it in seki.
    seki_like: &'a [bool],
}

/// An area a group encloses in [`eye_space`]: a connected set of points not of the group's
/// colour that holds no opponent stone alive with confidence.
struct EnclosedArea {
    points: Vec<usize>,
    empty: bool,
    /// A single empty point that is not a real eye.
    false_eye: bool,
}

/// Per colour: per chain, its group; per group, its enclosed areas.
struct Groups {
    /// Per chain, its group (numbered across both colours).
    group_of: Vec<usize>,
    /// Per group, the areas it encloses.
    areas: Vec<Vec<EnclosedArea>>,
    /// Per group, how many of its areas are real eyes.
    real_eyes: Vec<usize>,
}

/// What [`eye_space`] decides per group.
struct GroupDecisions {
    /// Per group, alive or dead, or `None` when the look cannot tell.
    decided: Vec<Option<bool>>,
    /// Per group found dead, whether some of its liberties lie outside its eye space, so
    /// that its chains the play-outs hold in seki keep their verdict.
    seki_held: Vec<bool>,
}

impl EyeSpaceLook<'_> {
    /// Whether the look may change the chain: not settled by the static pass, and left
    /// uncertain or in seki by the play-outs.
    fn undecided(&self, id: usize, verdict: &[(bool, f64)]) -> bool {
        self.settled.status[id].is_none() && (verdict[id].1 < self.threshold || self.seki_like[id])
    }

    /// Whether the chain is alive with confidence and not held only in seki, so that its
    /// stones open an area of the opponent and hold the diagonals of its eyes.
    fn alive_with_confidence(&self, id: usize, verdict: &[(bool, f64)]) -> bool {
        let (alive, conf) = verdict[id];
        alive && conf >= self.threshold && !self.seki_like[id]
    }

    /// Joins each colour's chains into groups and gives each group its enclosed areas,
    /// counting its real eyes; Black's groups are numbered before White's.
    fn groups(&self, verdict: &[(bool, f64)]) -> Groups {
        let mut groups = Groups {
            group_of: vec![usize::MAX; self.chains.len()],
            areas: Vec::new(),
            real_eyes: Vec::new(),
        };
        for color in [Color::Black, Color::White] {
            let mut parent: Vec<usize> = (0..self.chains.len()).collect();
            self.join_by_shared_liberties(color, &mut parent);
            let areas = self.enclosed_areas(color, verdict, &mut parent);
            let first_group = groups.number(self.chains, color, &mut parent);
            for (area, border) in areas {
                let g = groups.group_of[border[0]];
                debug_assert!(g >= first_group);
                self.give_area(&mut groups, g, color, area, verdict);
            }
        }
        groups
    }

    /// Joins the chains of `color` that share two liberties: the opponent cannot cut at
    /// both.
    fn join_by_shared_liberties(&self, color: Color, parent: &mut [usize]) {
        let size = self.position.size;
        for (a, ca) in self.chains.iter().enumerate() {
            if ca.color != color {
                continue;
            }
            for &l in &ca.liberties {
                for q in neighbors(size, l) {
                    if self.position.cells[q] != Some(color) {
                        continue;
                    }
                    let b = self.chain_at[q];
                    if b > a && share_two_liberties(ca, &self.chains[b]) {
                        join(parent, a, b);
                    }
                }
            }
        }
    }

    /// The areas `color` encloses, in the order of their first point, each with the chains
    /// of `color` bordering it, which it joins into one group.
    fn enclosed_areas(
        &self,
        color: Color,
        verdict: &[(bool, f64)],
        parent: &mut [usize],
    ) -> Vec<(EnclosedArea, Vec<usize>)> {
        let n = self.position.size.points();
        let mut seen = vec![false; n];
        let mut areas: Vec<(EnclosedArea, Vec<usize>)> = Vec::new();
        let mut stack = Vec::new();
        for start in 0..n {
            if seen[start] || self.position.cells[start] == Some(color) {
                continue;
            }
            let Some((area, border)) =
                self.flood_area(color, start, verdict, &mut seen, &mut stack)
            else {
                continue;
            };
            for w in border.windows(2) {
                join(parent, w[0], w[1]);
            }
            areas.push((area, border));
        }
        areas
    }

    /// Floods the points not of `color` connected to `start`, marking them `seen`; gives
    /// the area with its bordering chains of `color` in the order met, or `None` when an
    /// opponent stone alive with confidence opens it or no chain of `color` borders it.
    fn flood_area(
        &self,
        color: Color,
        start: usize,
        verdict: &[(bool, f64)],
        seen: &mut [bool],
        stack: &mut Vec<usize>,
    ) -> Option<(EnclosedArea, Vec<usize>)> {
        let cells = &self.position.cells;
        let mut points = Vec::new();
        let mut border = Vec::new();
        let mut live_opponent = false;
        let mut empty = true;
        seen[start] = true;
        stack.push(start);
        while let Some(p) = stack.pop() {
            points.push(p);
            if cells[p].is_some() {
                empty = false;
                // Opponent stones still undecided, or held only in seki, do not
                // make the area open: whether they live is what is being decided.
                live_opponent |= self.alive_with_confidence(self.chain_at[p], verdict);
            }
            for q in neighbors(self.position.size, p) {
                if cells[q] == Some(color) {
                    if !border.contains(&self.chain_at[q]) {
                        border.push(self.chain_at[q]);
                    }
                } else if !seen[q] {
                    seen[q] = true;
                    stack.push(q);
                }
            }
        }
        if live_opponent || border.is_empty() {
            return None;
        }
        let area = EnclosedArea {
            points,
            empty,
            false_eye: false,
        };
        Some((area, border))
    }

    /// Adds an area of `color` to group `g`, counting it among the group's real eyes when
    /// it is one, or marking it a false eye when it is empty but not real.
    fn give_area(
        &self,
        groups: &mut Groups,
        g: usize,
        color: Color,
        mut area: EnclosedArea,
        verdict: &[(bool, f64)],
    ) {
        let real = area.empty
            && (area.points.len() >= 2
                || self.single_point_eye_is_real(color, area.points[0], verdict));
        if real {
            groups.real_eyes[g] += 1;
        }
        area.false_eye = area.empty && !real;
        groups.areas[g].push(area);
    }

    /// Whether the single empty point `p` that `color` encloses is a real eye: the
    /// opponent holds or can play on fewer than two of its diagonals, none at the edge.
    fn single_point_eye_is_real(&self, color: Color, p: usize, verdict: &[(bool, f64)]) -> bool {
        let size = self.position.size;
        let held = diagonals(size, p)
            .filter(|&d| self.opponent_holds_diagonal(color, d, verdict))
            .count();
        let all = diagonals(size, p).count();
        if all == 4 {
            held < 2
        } else {
            held == 0
        }
    }

    /// A diagonal counts against the eye when it holds an opponent stone
    /// or is an empty point next to one, where the opponent can play.
    fn opponent_holds_diagonal(&self, color: Color, d: usize, verdict: &[(bool, f64)]) -> bool {
        match self.position.cells[d] {
            // Only stones alive with confidence hold it: the others
            // (undecided, held only in seki) may yet be taken, as the
            // areas above assume.
            Some(c) => c != color && self.alive_with_confidence(self.chain_at[d], verdict),
            None => neighbors(self.position.size, d)
                .any(|q| self.position.cells[q] == Some(color.opponent())),
        }
    }

    /// Decides each group holding an undecided chain: alive with two real eyes, dead when
    /// its eye space is too small for two and every opponent next to it is strong.
    fn decide(&self, groups: &Groups, verdict: &[(bool, f64)]) -> GroupDecisions {
        let mut decisions = GroupDecisions {
            decided: vec![None; groups.areas.len()],
            seki_held: vec![false; groups.areas.len()],
        };
        for (g, areas) in groups.areas.iter().enumerate() {
            let members: Vec<usize> = (0..self.chains.len())
                .filter(|&id| groups.group_of[id] == g)
                .collect();
            if !members.iter().any(|&id| self.undecided(id, verdict)) {
                continue;
            }
            if groups.real_eyes[g] >= 2 {
                decisions.decided[g] = Some(true);
                continue;
            }
            if !self.too_small_for_two_eyes(areas) {
                continue;
            }
            let inside: Vec<usize> = areas
                .iter()
                .flat_map(|a| a.points.iter().copied())
                .collect();
            if self.opponents_around_all_strong(groups, &members, &inside, verdict) {
                decisions.decided[g] = Some(false);
                // A chain held in seki by the play-outs is taken as dead only when every
                // liberty of the group lies in its eye space.
                if !self.liberties_all_inside(&members, &inside) {
                    decisions.seki_held[g] = true;
                }
            }
        }
        decisions
    }

    /// Whether a group's eye space, its areas but the false eyes, is at most one area and
    /// that of a killing shape ([`dead_shape`]).
    fn too_small_for_two_eyes(&self, areas: &[EnclosedArea]) -> bool {
        // False eyes give no eye space.
        let mut space = areas.iter().filter(|a| !a.false_eye);
        match (space.next(), space.next()) {
            (None, _) => true,
            (Some(a), None) => dead_shape(self.position.size, &a.points),
            _ => false,
        }
    }

    /// Whether every opponent stone next to the group's `members`, outside the points
    /// `inside` it encloses, belongs to a strong chain.
    fn opponents_around_all_strong(
        &self,
        groups: &Groups,
        members: &[usize],
        inside: &[usize],
        verdict: &[(bool, f64)],
    ) -> bool {
        let chains = self.chains;
        members.iter().all(|&id| {
            chains[id].stones.iter().all(|&s| {
                neighbors(self.position.size, s).all(|q| match self.position.cells[q] {
                    Some(c) if c != chains[id].color && !inside.contains(&q) => {
                        self.strong(groups, self.chain_at[q], verdict)
                    }
                    _ => true,
                })
            })
        })
    }

    /// Whether the chain is strong: alive for certain, in a group with two real eyes, or
    /// all but certain from the play-outs.
    fn strong(&self, groups: &Groups, id: usize, verdict: &[(bool, f64)]) -> bool {
        self.settled.status[id] == Some(true)
            || groups.real_eyes[groups.group_of[id]] >= 2
            || (verdict[id].0 && verdict[id].1 >= STRONG_CONFIDENCE)
    }

    /// Whether every liberty of the group's `members` lies among the points `inside` it
    /// encloses.
    fn liberties_all_inside(&self, members: &[usize], inside: &[usize]) -> bool {
        members
            .iter()
            .all(|&id| self.chains[id].liberties.iter().all(|l| inside.contains(l)))
    }

    /// Gives each undecided chain its group's decision: either one when the play-outs left
    /// it uncertain, a death also when they hold it in seki but the group is not seki-held.
    fn apply(&self, groups: &Groups, decisions: &GroupDecisions, verdict: &mut [(bool, f64)]) {
        for id in 0..self.chains.len() {
            if !self.undecided(id, verdict) {
                continue;
            }
            let g = groups.group_of[id];
            let uncertain = verdict[id].1 < self.threshold;
            match decisions.decided[g] {
                Some(alive) if uncertain => verdict[id] = (alive, EYE_SPACE_CONFIDENCE),
                Some(false) if !decisions.seki_held[g] => {
                    verdict[id] = (false, EYE_SPACE_CONFIDENCE);
                }
                _ => {}
            }
        }
    }
}

impl Groups {
    /// Numbers the groups of `color`, one per union-find root, in the order of their first
    /// chain, giving each room for its areas; returns the number of the first.
    fn number(&mut self, chains: &[Chain], color: Color, parent: &mut [usize]) -> usize {
        let first_group = self.areas.len();
        let mut root_group = vec![usize::MAX; chains.len()];
        for (id, c) in chains.iter().enumerate() {
            if c.color != color {
                continue;
            }
            let r = find(parent, id);
            if root_group[r] == usize::MAX {
                root_group[r] = self.areas.len();
                self.areas.push(Vec::new());
                self.real_eyes.push(0);
            }
            self.group_of[id] = root_group[r];
        }
        first_group
    }
}

/// Whether two chains share at least two liberties (each chain's liberties are sorted).
fn share_two_liberties(a: &Chain, b: &Chain) -> bool {
    a.liberties
        .iter()
        .filter(|x| b.liberties.binary_search(x).is_ok())
        .count()
        >= 2
}

/// Puts the union-find sets of `a` and `b` together, `a`'s root under `b`'s.
fn join(parent: &mut [usize], a: usize, b: usize) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    parent[ra] = rb;
}

#[cfg(test)]
mod tests;
