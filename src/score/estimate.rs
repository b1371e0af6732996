//! Deciding which stones of a finished game are dead, alive or in seki, when the record
//! carries no territory markup (art. 8): a static pass for what is certain, then fast
//! eye-aware random play-outs from the final position for the rest.
//!
//! The estimate is honest about doubt: every chain carries a confidence, and stones whose
//! fate the play-outs do not agree on are listed as `uncertain` rather than `dead`.
//!
//! Method, in order:
//! 1. Benson's unconditional life for both colours: pass-alive chains are alive for
//!    certain, and the opponent's stones inside their small enclosed regions are dead for
//!    certain.
//! 2. A static look at enclosed areas: a few stones without an eye in an area closed by
//!    the opponent's sound chains, whose empty points lie nearer the opponent, are taken
//!    off before the play-outs. Empty areas of eight points or more bordered by one colour
//!    are then left alone by the play-outs and counted for that colour.
//! 3. Play-outs from the final position, half with Black to move first and half with
//!    White. A player never fills its own real eye, never puts a chain of two or more
//!    stones into self-atari (so seki survives) unless that chain is a killing shape
//!    inside one opponent chain left with that same single liberty (a nakade: so a bulky
//!    five or a pyramid four still dies), always may capture, takes a chain the opponent
//!    has just left in atari and runs from an atari when running gains a liberty; half of
//!    the other moves answer next to the opponent's last move.
//!    Play stops after two passes; each point is then owned by the colour standing on it,
//!    or by the only colour bordering it. Play-outs run in batches and stop early once no
//!    decision is close.
//! 4. Each chain is alive in a play-out when most of its stones are still its colour's at
//!    the end. Chains of one colour that share a liberty the play-outs give to that colour
//!    vote together. A chain kept alive next to a liberty that both colours still border
//!    at the end of most play-outs (nobody could fill it) is in seki. The enclosed-area
//!    look of step 2 runs again with the play-outs' verdicts and ownership, then a look at
//!    each doubtful group's eye space (one area of a killing shape: dead; two real eyes:
//!    alive), which also reads the groups held in seki whose liberties all lie in their
//!    own eye space. Last, a chain found dead with nothing but dead chains around it lives.

use crate::geom::{BoardSize, Color, Point, Position};

/// Settings of [`estimate_dead`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EstimateConfig {
    /// Most play-outs to run (half start with Black to move, half with White); fewer are
    /// run when the first batches leave no decision close.
    pub playouts: u32,
    /// Seed of the pseudo-random generator: the same seed gives the same estimate.
    pub seed: u64,
    /// Chains whose confidence is below this are listed as `uncertain`.
    pub uncertain_below: f64,
}

impl Default for EstimateConfig {
    fn default() -> Self {
        EstimateConfig {
            playouts: 128,
            seed: 0x5eed_0f9a_4e00,
            uncertain_below: 0.8,
        }
    }
}

/// What the estimate says of a chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChainStatus {
    Alive,
    Dead,
    /// Alive without being able to take its neighbour's liberties: the shared liberties
    /// are dame, split by the scorer.
    Seki,
}

/// One chain of the final position and its fate.
#[derive(Clone, Debug, PartialEq)]
pub struct ChainEstimate {
    pub color: Color,
    /// The chain's stones, sorted.
    pub stones: Vec<Point>,
    pub status: ChainStatus,
    /// How sure the estimate is of `status`, from 0.5 (a coin toss) to 1.0 (certain).
    pub confidence: f64,
}

/// The estimate for a whole position.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// Every chain, in the order of its first stone (row-major).
    pub chains: Vec<ChainEstimate>,
    /// Stones judged dead with confidence at or above the threshold, sorted.
    pub dead: Vec<Point>,
    /// Stones of chains whose confidence is below the threshold, sorted.
    pub uncertain: Vec<Point>,
    /// Stones judged in seki with confidence at or above the threshold, sorted.
    pub seki: Vec<Point>,
    /// Per point (row-major), from -1 (White's) to +1 (Black's), averaged over play-outs.
    pub ownership: Vec<f64>,
}

impl Estimate {
    /// The estimate for the chain holding `point`, if a stone stands there.
    pub fn chain_at(&self, point: Point) -> Option<&ChainEstimate> {
        self.chains
            .iter()
            .find(|c| c.stones.binary_search(&point).is_ok())
    }

    /// The status of the stone at `point`, if any.
    pub fn status_at(&self, point: Point) -> Option<ChainStatus> {
        self.chain_at(point).map(|c| c.status)
    }
}

/// Decides the status of every chain of a finished game's final position.
pub fn estimate_dead(position: &Position, config: &EstimateConfig) -> Estimate {
    let chains = chains_of(position);
    let settled = benson(position, &chains);
    // Stones dead for certain, or dead by the static look at enclosed areas, are taken off
    // before the play-outs: the areas they stood in can then be left alone.
    let removed = static_dead(position, &chains, &settled);
    let mut playing = position.clone();
    for (id, c) in chains.iter().enumerate() {
        if removed[id] {
            for &s in &c.stones {
                playing.cells[s] = None;
            }
        }
    }
    let mut layout = Layout::new(position.size);
    let mut board = Board::from_position(&layout, &playing);
    let frozen = frozen_areas(&playing);
    for (i, f) in frozen.iter().enumerate() {
        if f.is_some() {
            let p = layout.padded[i] as usize;
            board.remove_empty(p);
            layout.frozen[p] = true;
        }
    }

    let points = position.size.points();
    let mut stats = Stats {
        owner: vec![0; points],
        shared: vec![0; points],
        alive_votes: vec![0; chains.len()],
        runs: 0,
    };
    if !chains.is_empty() {
        let mut rng = SplitMix::new(config.seed);
        let mut work = board.clone();
        let playouts = config.playouts.max(2);
        for i in 0..playouts {
            work.clone_from(&board);
            let mut prng = XorShift::new(rng.next());
            let first = if i % 2 == 0 { BLACK } else { WHITE };
            work.playout(&layout, first, &mut prng);
            work.tally(&layout, &chains, &frozen, &mut stats);
            if (i + 1) % BATCH == 0 && i + 1 < playouts && stats.settled(&removed) {
                break;
            }
        }
    }
    decide(position, &chains, &settled, &removed, &stats, config)
}

/// Liberties a chain needs to count, in the static pass, as a sound wall around an area.
const SOUND_WALL_LIBERTIES: usize = 4;

/// Per chain, whether it is taken off before the play-outs: dead for certain (Benson), or
/// a few stones without an eye in an area closed by sound walls of the opponent.
fn static_dead(position: &Position, chains: &[Chain], settled: &Settled) -> Vec<bool> {
    let n = position.size.points();
    let mut chain_at = vec![usize::MAX; n];
    for (id, c) in chains.iter().enumerate() {
        for &s in &c.stones {
            chain_at[s] = id;
        }
    }
    let mut verdict: Vec<(bool, f64)> = chains
        .iter()
        .zip(&settled.status)
        .map(|(c, st)| match st {
            Some(alive) => (*alive, 1.0),
            None if c.liberties.len() >= SOUND_WALL_LIBERTIES => (true, 1.0),
            None => (true, 0.5),
        })
        .collect();
    let nearer = nearest_colour(position);
    enclosed_without_eyes(position, chains, &chain_at, Some(&nearer), &mut verdict);
    verdict.iter().map(|&(alive, _)| !alive).collect()
}

/// Per point, +1 when the nearest stone (in steps along lines) is Black, -1 when White,
/// 0 on a tie or an empty board: a rough static stand-in for ownership.
fn nearest_colour(position: &Position) -> Vec<f64> {
    let size = position.size;
    let n = size.points();
    let mut dist = [vec![u32::MAX; n], vec![u32::MAX; n]];
    for (k, color) in [Color::Black, Color::White].into_iter().enumerate() {
        let d = &mut dist[k];
        let mut queue: std::collections::VecDeque<usize> = (0..n)
            .filter(|&p| position.cells[p] == Some(color))
            .collect();
        for &p in &queue {
            d[p] = 0;
        }
        while let Some(p) = queue.pop_front() {
            for q in neighbors(size, p) {
                if d[q] == u32::MAX && position.cells[q].is_none() {
                    d[q] = d[p] + 1;
                    queue.push_back(q);
                }
            }
        }
    }
    (0..n)
        .map(|p| match dist[0][p].cmp(&dist[1][p]) {
            std::cmp::Ordering::Less => 1.0,
            std::cmp::Ordering::Greater => -1.0,
            std::cmp::Ordering::Equal => 0.0,
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// Chains of the final position and the static pass.

/// A chain of the final position: its colour and stones as row-major indices.
struct Chain {
    color: Color,
    stones: Vec<usize>,
    /// Distinct liberties, row-major.
    liberties: Vec<usize>,
}

fn neighbors(size: BoardSize, i: usize) -> impl Iterator<Item = usize> {
    let w = size.width as usize;
    let h = size.height as usize;
    let (c, r) = (i % w, i / w);
    [
        (c > 0).then(|| i - 1),
        (c + 1 < w).then(|| i + 1),
        (r > 0).then(|| i - w),
        (r + 1 < h).then(|| i + w),
    ]
    .into_iter()
    .flatten()
}

/// The chains of a position, in row-major order of their first stone, and for each
/// point the chain standing on it.
fn chains_of(position: &Position) -> Vec<Chain> {
    let size = position.size;
    let n = size.points();
    let mut seen = vec![false; n];
    let mut lib_mark = vec![usize::MAX; n];
    let mut chains = Vec::new();
    let mut stack = Vec::new();
    for start in 0..n {
        let Some(color) = position.cells[start] else {
            continue;
        };
        if seen[start] {
            continue;
        }
        let id = chains.len();
        let mut stones = Vec::new();
        let mut liberties = Vec::new();
        seen[start] = true;
        stack.push(start);
        while let Some(p) = stack.pop() {
            stones.push(p);
            for q in neighbors(size, p) {
                match position.cells[q] {
                    Some(c) if c == color && !seen[q] => {
                        seen[q] = true;
                        stack.push(q);
                    }
                    None if lib_mark[q] != id => {
                        lib_mark[q] = id;
                        liberties.push(q);
                    }
                    _ => {}
                }
            }
        }
        stones.sort_unstable();
        liberties.sort_unstable();
        chains.push(Chain {
            color,
            stones,
            liberties,
        });
    }
    chains
}

/// What the static pass settles for certain.
struct Settled {
    /// Per chain: `Some(true)` pass-alive, `Some(false)` dead inside a pass-alive
    /// opponent's small region, `None` undecided.
    status: Vec<Option<bool>>,
}

/// Benson's unconditional life, for both colours.
fn benson(position: &Position, chains: &[Chain]) -> Settled {
    let size = position.size;
    let n = size.points();
    let mut chain_at = vec![usize::MAX; n];
    for (id, c) in chains.iter().enumerate() {
        for &s in &c.stones {
            chain_at[s] = id;
        }
    }
    let mut status = vec![None; chains.len()];
    for color in [Color::Black, Color::White] {
        // Regions: maximal connected sets of points not of `color`.
        let mut region_of = vec![usize::MAX; n];
        let mut regions: Vec<Vec<usize>> = Vec::new();
        let mut stack = Vec::new();
        for start in 0..n {
            if position.cells[start] == Some(color) || region_of[start] != usize::MAX {
                continue;
            }
            let id = regions.len();
            let mut pts = Vec::new();
            region_of[start] = id;
            stack.push(start);
            while let Some(p) = stack.pop() {
                pts.push(p);
                for q in neighbors(size, p) {
                    if position.cells[q] != Some(color) && region_of[q] == usize::MAX {
                        region_of[q] = id;
                        stack.push(q);
                    }
                }
            }
            regions.push(pts);
        }
        // Bordering chains of each region, and the chains each region is vital to.
        let mut borders: Vec<Vec<usize>> = vec![Vec::new(); regions.len()];
        let mut vital: Vec<Vec<usize>> = vec![Vec::new(); regions.len()];
        for (r, pts) in regions.iter().enumerate() {
            for &p in pts {
                for q in neighbors(size, p) {
                    if position.cells[q] == Some(color) {
                        let id = chain_at[q];
                        if !borders[r].contains(&id) {
                            borders[r].push(id);
                        }
                    }
                }
            }
            for &id in &borders[r] {
                let libs = &chains[id].liberties;
                let all_libs = pts
                    .iter()
                    .filter(|&&p| position.cells[p].is_none())
                    .all(|p| libs.binary_search(p).is_ok());
                if all_libs {
                    vital[r].push(id);
                }
            }
        }
        let mut chain_alive: Vec<bool> = chains.iter().map(|c| c.color == color).collect();
        let mut region_alive = vec![true; regions.len()];
        loop {
            let mut vital_count = vec![0u32; chains.len()];
            for r in 0..regions.len() {
                if region_alive[r] {
                    for &id in &vital[r] {
                        vital_count[id] += 1;
                    }
                }
            }
            let mut changed = false;
            for (id, alive) in chain_alive.iter_mut().enumerate() {
                if *alive && vital_count[id] < 2 {
                    *alive = false;
                    changed = true;
                }
            }
            for r in 0..regions.len() {
                if region_alive[r] && borders[r].iter().any(|&id| !chain_alive[id]) {
                    region_alive[r] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for (id, &alive) in chain_alive.iter().enumerate() {
            if alive {
                status[id] = Some(true);
            }
        }
        // The opponent's stones inside a region vital to a pass-alive chain cannot make
        // an eye there and are captured one liberty at a time.
        for r in 0..regions.len() {
            if region_alive[r] && !borders[r].is_empty() && !vital[r].is_empty() {
                for &p in &regions[r] {
                    if position.cells[p].is_some() {
                        status[chain_at[p]] = Some(false);
                    }
                }
            }
        }
    }
    Settled { status }
}

/// Empty regions this large, bordered by one colour only, are that colour's settled
/// area: the play-outs neither invade them nor fill them.
const FROZEN_REGION: usize = 8;

/// Per point, the owner of the settled area it lies in, if any.
fn frozen_areas(position: &Position) -> Vec<Option<Color>> {
    let size = position.size;
    let n = size.points();
    let mut out = vec![None; n];
    let mut seen = vec![false; n];
    let mut stack = Vec::new();
    let mut region = Vec::new();
    for start in 0..n {
        if seen[start] || position.cells[start].is_some() {
            continue;
        }
        region.clear();
        let (mut b, mut w) = (false, false);
        seen[start] = true;
        stack.push(start);
        while let Some(p) = stack.pop() {
            region.push(p);
            for q in neighbors(size, p) {
                match position.cells[q] {
                    None if !seen[q] => {
                        seen[q] = true;
                        stack.push(q);
                    }
                    None => {}
                    Some(Color::Black) => b = true,
                    Some(Color::White) => w = true,
                }
            }
        }
        let owner = match (b, w) {
            (true, false) => Some(Color::Black),
            (false, true) => Some(Color::White),
            _ => None,
        };
        if owner.is_some() && region.len() >= FROZEN_REGION {
            for &p in &region {
                out[p] = owner;
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------------------
// Decision from the play-out statistics.

struct Stats {
    /// Per point: sum over play-outs of +1 (Black's) / -1 (White's) / 0.
    owner: Vec<i32>,
    /// Per point: play-outs that ended with the point empty and bordered by both colours.
    shared: Vec<u32>,
    /// Per chain: play-outs in which most of its stones ended as its colour's.
    alive_votes: Vec<u32>,
    runs: u32,
}

/// Stone-weighted confidence the chains closing an area need in [`enclosed_without_eyes`].
const ENCLOSER_CONFIDENCE: f64 = 0.75;

/// Confidence given to stones found dead by [`enclosed_without_eyes`].
const ENCLOSED_CONFIDENCE: f64 = 0.9;

/// A few stones in a wide area that the opponent's live chains close off, with no eye
/// among them, are dead: in a finished game the owner of the area answers every move
/// there, which random play-outs do not.
///
/// An area is a connected set of points not of the enclosing colour; it qualifies when
/// every chain bordering it is judged alive (with some confidence, weighted by stones),
/// it covers at most half the board, it holds no empty point whose neighbours are all
/// stones of the enclosed colour, at most a quarter of it is stones, and its empty points
/// lean to the enclosing colour on balance (play-out ownership, or nearness before them).
fn enclosed_without_eyes(
    position: &Position,
    chains: &[Chain],
    chain_at: &[usize],
    ownership: Option<&[f64]>,
    verdict: &mut [(bool, f64)],
) {
    let size = position.size;
    let n = size.points();
    let mut seen = vec![false; n];
    let mut stack = Vec::new();
    let mut area = Vec::new();
    let mut inside = Vec::new();
    let mut border = Vec::new();
    for color in [Color::Black, Color::White] {
        let enclosing = color.opponent();
        seen.iter_mut().for_each(|s| *s = false);
        for start in 0..n {
            if seen[start] || position.cells[start] != Some(color) {
                continue;
            }
            area.clear();
            inside.clear();
            let mut closed_by_live = true;
            let mut has_eye = false;
            let (mut sure, mut total) = (0.0, 0.0);
            let mut owned = 0.0;
            border.clear();
            seen[start] = true;
            stack.push(start);
            while let Some(p) = stack.pop() {
                area.push(p);
                let cell = position.cells[p];
                if cell == Some(color) && !inside.contains(&chain_at[p]) {
                    inside.push(chain_at[p]);
                }
                let mut all_own = cell.is_none();
                if cell.is_none() {
                    owned += ownership.map_or(0.0, |o| o[p]);
                }
                for q in neighbors(size, p) {
                    match position.cells[q] {
                        Some(c) if c == enclosing => {
                            all_own = false;
                            let id = chain_at[q];
                            if !border.contains(&id) {
                                border.push(id);
                                let (alive, conf) = verdict[id];
                                let w = chains[id].stones.len() as f64;
                                closed_by_live &= alive;
                                sure += w * conf;
                                total += w;
                            }
                        }
                        cell_q => {
                            if cell_q.is_none() {
                                all_own = false;
                            }
                            if !seen[q] {
                                seen[q] = true;
                                stack.push(q);
                            }
                        }
                    }
                }
                has_eye |= all_own;
            }
            let stones: usize = inside.iter().map(|&id| chains[id].stones.len()).sum();
            let toward_enclosing = if enclosing == Color::Black {
                owned
            } else {
                -owned
            };
            let closed = closed_by_live
                && total > 0.0
                && sure >= ENCLOSER_CONFIDENCE * total
                && (ownership.is_none() || toward_enclosing > 0.0);
            let small_enough = 2 * area.len() <= n;
            if closed && small_enough && !has_eye && 4 * stones <= area.len() {
                for &id in &inside {
                    let (alive, conf) = verdict[id];
                    if alive || conf < ENCLOSED_CONFIDENCE {
                        verdict[id] = (false, ENCLOSED_CONFIDENCE);
                    }
                }
                for &id in &border {
                    let (_, conf) = verdict[id];
                    verdict[id] = (true, conf.max(ENCLOSED_CONFIDENCE));
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

/// The diagonal neighbours of a point.
fn diagonals(size: BoardSize, i: usize) -> impl Iterator<Item = usize> {
    let w = size.width as usize;
    let h = size.height as usize;
    let (c, r) = (i % w, i / w);
    [
        (c > 0 && r > 0).then(|| i - w - 1),
        (c + 1 < w && r > 0).then(|| i - w + 1),
        (c > 0 && r + 1 < h).then(|| i + w - 1),
        (c + 1 < w && r + 1 < h).then(|| i + w + 1),
    ]
    .into_iter()
    .flatten()
}

/// Whether a region of four points is the bent four in the corner: the corner point, two
/// more along one edge and one along the other.
fn bent_four_in_the_corner(size: BoardSize, region: &[usize]) -> bool {
    let w = size.width as usize;
    let h = size.height as usize;
    if region.len() != 4 || w < 4 || h < 4 {
        return false;
    }
    let corners = [0, w - 1, (h - 1) * w, h * w - 1];
    let Some(&corner) = region.iter().find(|p| corners.contains(p)) else {
        return false;
    };
    let (cc, cr) = (corner % w, corner / w);
    let (mut along_row, mut along_col) = (0, 0);
    for &p in region {
        let (c, r) = (p % w, p / w);
        if r == cr && c.abs_diff(cc) <= 2 {
            along_row += 1;
        }
        if c == cc && r.abs_diff(cr) <= 2 {
            along_col += 1;
        }
    }
    // The corner counts along both edges: 3 + 2 = 5 points counted for 4 points.
    let connected = region.iter().all(|&p| {
        p == corner
            || region
                .iter()
                .any(|&q| q != p && neighbors(size, p).any(|n| n == q))
    });
    connected && along_row + along_col == 5 && along_row.max(along_col) == 3
}

/// Whether a connected eye space cannot give two eyes once the opponent plays first in
/// it: three points or fewer, or one of the killing shapes of four to six points (the
/// square four, the pyramid four, the bent four in the corner, the bulky five, the
/// crossed five, the rabbitty six).
fn dead_shape(size: BoardSize, region: &[usize]) -> bool {
    let touching = |p: usize, q: usize| neighbors(size, p).any(|n| n == q);
    killing_shape(region, touching) || (region.len() == 4 && bent_four_in_the_corner(size, region))
}

/// [`dead_shape`] away from the corner, for any board layout: the shapes are told apart
/// by how their points touch, the number of touching pairs and the most touches of one
/// point.
fn killing_shape(region: &[usize], touching: impl Fn(usize, usize) -> bool) -> bool {
    if region.len() <= 3 {
        return true;
    }
    if region.len() > 6 {
        return false;
    }
    let degrees: Vec<usize> = region
        .iter()
        .map(|&p| region.iter().filter(|&&q| touching(p, q)).count())
        .collect();
    let edges = degrees.iter().sum::<usize>() / 2;
    let widest = degrees.iter().copied().max().unwrap_or(0);
    match region.len() {
        // Square (a ring of four), pyramid (one point touching the three others).
        4 => edges == 4 || widest == 3,
        // Bulky five (a square and one more: the only five with a ring), crossed five.
        5 => edges == 5 || widest == 4,
        // Rabbitty six: a square with two more on one of its points.
        _ => edges == 6 && widest == 4,
    }
}

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
fn eye_space(
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

/// Share (out of [`LOCAL_REPLY_OUT_OF`]) of random moves chosen next to the opponent's
/// last move.
const LOCAL_REPLY: usize = 1;
const LOCAL_REPLY_OUT_OF: usize = 2;

/// Play-outs are run in batches of this many; after a batch, the estimate stops early when
/// no decision is close: every chain came out the same way in all but a small share of the
/// play-outs, and every point was left shared by both colours (seki) in clearly most or
/// clearly few of them.
const BATCH: u32 = 32;

/// Share of disagreeing play-outs tolerated on a chain for stopping early.
const SETTLED_SHARE: f64 = 0.1;

/// Share of disagreeing play-outs tolerated on a shared point for stopping early.
const SETTLED_SHARED_SHARE: f64 = 0.25;

impl Stats {
    fn settled(&self, removed: &[bool]) -> bool {
        let runs = self.runs as f64;
        let clear = |k: u32, share: f64| {
            let f = k as f64 / runs;
            f <= share || f >= 1.0 - share
        };
        self.alive_votes
            .iter()
            .zip(removed)
            .all(|(&v, &r)| r || clear(v, SETTLED_SHARE))
            && self.shared.iter().all(|&k| clear(k, SETTLED_SHARED_SHARE))
    }
}

/// Small disjoint-set forest over chains.
fn find(parent: &mut [usize], mut x: usize) -> usize {
    while parent[x] != x {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    x
}

fn decide(
    position: &Position,
    chains: &[Chain],
    settled: &Settled,
    removed: &[bool],
    stats: &Stats,
    config: &EstimateConfig,
) -> Estimate {
    let size = position.size;
    let n = size.points();
    let runs = stats.runs.max(1) as f64;
    let ownership: Vec<f64> = stats.owner.iter().map(|&o| o as f64 / runs).collect();
    let sign = |c: Color| if c == Color::Black { 1.0 } else { -1.0 };

    // Chains of one colour sharing a liberty the play-outs give to that colour vote
    // together.
    let mut chain_at = vec![usize::MAX; n];
    for (id, c) in chains.iter().enumerate() {
        for &s in &c.stones {
            chain_at[s] = id;
        }
    }
    let mut parent: Vec<usize> = (0..chains.len()).collect();
    for (p, &own) in ownership.iter().enumerate() {
        if position.cells[p].is_some() {
            continue;
        }
        for color in [Color::Black, Color::White] {
            if own * sign(color) < 0.5 {
                continue;
            }
            let mut first = None;
            for q in neighbors(size, p) {
                if position.cells[q] == Some(color) {
                    let id = chain_at[q];
                    match first {
                        None => first = Some(id),
                        Some(f) => {
                            let (a, b) = (find(&mut parent, f), find(&mut parent, id));
                            parent[a] = b;
                        }
                    }
                }
            }
        }
    }
    let mut group_votes = vec![0f64; chains.len()];
    let mut group_stones = vec![0f64; chains.len()];
    for (id, c) in chains.iter().enumerate() {
        let g = find(&mut parent, id);
        group_votes[g] += stats.alive_votes[id] as f64 * c.stones.len() as f64;
        group_stones[g] += c.stones.len() as f64;
    }

    // Alive, not alive for certain, and next to a liberty that both colours still border
    // at the end of most play-outs.
    let in_seki = |id: usize, alive: bool| {
        alive
            && settled.status[id].is_none()
            && chains[id]
                .liberties
                .iter()
                .any(|&l| stats.shared[l] as f64 >= 0.5 * runs)
    };
    let mut verdict: Vec<(bool, f64)> = (0..chains.len())
        .map(|id| match settled.status[id] {
            Some(a) => (a, 1.0),
            None if removed[id] => {
                // Taken off before the play-outs: dead as long as the play-outs left the
                // area to the opponent.
                let c = &chains[id];
                let toward_opponent = -sign(c.color)
                    * c.stones.iter().map(|&p| ownership[p]).sum::<f64>()
                    / c.stones.len() as f64;
                if toward_opponent >= 0.5 {
                    (false, ENCLOSED_CONFIDENCE)
                } else {
                    (false, 0.5)
                }
            }
            None => {
                let g = find(&mut parent, id);
                // Alive fraction, pooled over the group and pulled slightly to 1/2 for
                // a small number of play-outs.
                let votes = group_votes[g] / group_stones[g];
                let p = (votes + 0.5) / (runs + 1.0);
                (p >= 0.5, p.max(1.0 - p))
            }
        })
        .collect();
    enclosed_without_eyes(position, chains, &chain_at, Some(&ownership), &mut verdict);
    let seki_like: Vec<bool> = (0..chains.len())
        .map(|id| in_seki(id, verdict[id].0))
        .collect();
    eye_space(
        position,
        chains,
        &chain_at,
        settled,
        config.uncertain_below,
        &seki_like,
        &mut verdict,
    );

    only_dead_around_lives(position, chains, &chain_at, settled, &mut verdict);

    let mut out = Vec::with_capacity(chains.len());
    let (mut dead, mut uncertain, mut seki) = (Vec::new(), Vec::new(), Vec::new());
    for (id, c) in chains.iter().enumerate() {
        let (alive, confidence) = verdict[id];
        // A seki needs a living partner: one that the static look found dead is none.
        let partner = |l: usize| {
            neighbors(size, l)
                .any(|q| position.cells[q] == Some(c.color.opponent()) && verdict[chain_at[q]].0)
        };
        let in_seki = in_seki(id, alive)
            && c.liberties
                .iter()
                .any(|&l| stats.shared[l] as f64 >= 0.5 * runs && partner(l));
        let status = match (alive, in_seki) {
            (false, _) => ChainStatus::Dead,
            (true, true) => ChainStatus::Seki,
            (true, false) => ChainStatus::Alive,
        };
        let mut stones: Vec<Point> = c.stones.iter().map(|&s| size.point(s)).collect();
        stones.sort_unstable();
        if confidence < config.uncertain_below {
            uncertain.extend_from_slice(&stones);
        } else if status == ChainStatus::Dead {
            dead.extend_from_slice(&stones);
        } else if status == ChainStatus::Seki {
            seki.extend_from_slice(&stones);
        }
        out.push(ChainEstimate {
            color: c.color,
            stones,
            status,
            confidence,
        });
    }
    dead.sort_unstable();
    uncertain.sort_unstable();
    seki.sort_unstable();
    Estimate {
        chains: out,
        dead,
        uncertain,
        seki,
        ownership,
    }
}

/// A chain judged dead whose every opponent neighbour is judged dead too cannot be: the
/// stones a group captured to make its eye, once that group is itself found dead, are the
/// winners of the corner. Such a chain is alive, with the least confidence of the verdicts
/// that freed it.
fn only_dead_around_lives(
    position: &Position,
    chains: &[Chain],
    chain_at: &[usize],
    settled: &Settled,
    verdict: &mut [(bool, f64)],
) {
    let size = position.size;
    for (id, c) in chains.iter().enumerate() {
        if verdict[id].0 || settled.status[id].is_some() {
            continue;
        }
        let mut weakest: Option<f64> = None;
        let mut any_alive = false;
        for &s in &c.stones {
            for q in neighbors(size, s) {
                if position.cells[q] == Some(c.color.opponent()) {
                    let (alive, confidence) = verdict[chain_at[q]];
                    any_alive |= alive;
                    weakest = Some(weakest.map_or(confidence, |w: f64| w.min(confidence)));
                }
            }
        }
        if let (false, Some(confidence)) = (any_alive, weakest) {
            verdict[id] = (true, confidence);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Pseudo-random numbers: small, fast and reproducible.

struct SplitMix(u64);

impl SplitMix {
    fn new(seed: u64) -> Self {
        SplitMix(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

struct XorShift(u64);

impl XorShift {
    fn new(seed: u64) -> Self {
        XorShift(seed | 1)
    }

    #[inline]
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// A number in `0..n` (n > 0).
    #[inline]
    fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
}

// ---------------------------------------------------------------------------------------
// The play-out board: padded, chains as circular lists with pseudo-liberty counts.

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const EDGE: u8 = 3;

/// Geometry of the padded board: one ring of edge cells around the points.
struct Layout {
    /// Padded index of each row-major point.
    padded: Vec<u16>,
    /// Row-major index of each padded cell (`u16::MAX` on the edge ring).
    plain: Vec<u16>,
    dirs: [isize; 4],
    diags: [isize; 4],
    /// Cells of settled areas, where nobody plays.
    frozen: Vec<bool>,
}

impl Layout {
    fn new(size: BoardSize) -> Layout {
        let (w, h) = (size.width as usize, size.height as usize);
        let stride = w + 2;
        let cells = stride * (h + 2);
        let mut padded = Vec::with_capacity(w * h);
        let mut plain = vec![u16::MAX; cells];
        for r in 0..h {
            for c in 0..w {
                let p = (r + 1) * stride + c + 1;
                plain[p] = padded.len() as u16;
                padded.push(p as u16);
            }
        }
        let s = stride as isize;
        Layout {
            padded,
            plain,
            dirs: [-s, -1, 1, s],
            diags: [-s - 1, -s + 1, s - 1, s + 1],
            frozen: vec![false; cells],
        }
    }

    fn cells(&self) -> usize {
        self.plain.len()
    }

    #[inline]
    fn nb(&self, p: usize, d: usize) -> usize {
        (p as isize + self.dirs[d]) as usize
    }
}

#[derive(Clone)]
struct Board {
    color: Vec<u8>,
    head: Vec<u16>,
    next: Vec<u16>,
    size: Vec<u16>,
    lib_n: Vec<u32>,
    lib_sum: Vec<u32>,
    lib_sq: Vec<u64>,
    empties: Vec<u16>,
    epos: Vec<u16>,
    ko: u16,
}

impl Board {
    fn from_position(layout: &Layout, position: &Position) -> Board {
        let cells = layout.cells();
        let mut b = Board {
            color: vec![EDGE; cells],
            head: (0..cells as u16).collect(),
            next: (0..cells as u16).collect(),
            size: vec![0; cells],
            lib_n: vec![0; cells],
            lib_sum: vec![0; cells],
            lib_sq: vec![0; cells],
            empties: Vec::with_capacity(position.cells.len()),
            epos: vec![0; cells],
            ko: 0,
        };
        for (i, cell) in position.cells.iter().enumerate() {
            let p = layout.padded[i] as usize;
            b.color[p] = match cell {
                None => EMPTY,
                Some(Color::Black) => BLACK,
                Some(Color::White) => WHITE,
            };
        }
        // Stones one by one, merging as they touch; liberties counted once the board is
        // filled in.
        for &p in &layout.padded {
            let p = p as usize;
            match b.color[p] {
                EMPTY => {
                    b.epos[p] = b.empties.len() as u16;
                    b.empties.push(p as u16);
                }
                c => {
                    b.size[p] = 1;
                    for d in 0..2 {
                        // Up and left neighbours were visited before.
                        let q = layout.nb(p, d);
                        if b.color[q] == c {
                            let (hp, hq) = (b.head[p] as usize, b.head[q] as usize);
                            if hp != hq {
                                b.merge(hp, hq);
                            }
                        }
                    }
                }
            }
        }
        for &p in &layout.padded {
            let p = p as usize;
            if b.color[p] == EMPTY {
                for d in 0..4 {
                    let q = layout.nb(p, d);
                    if b.color[q] == BLACK || b.color[q] == WHITE {
                        let h = b.head[q] as usize;
                        b.add_lib(h, p);
                    }
                }
            }
        }
        b
    }

    #[inline]
    fn add_lib(&mut self, h: usize, p: usize) {
        self.lib_n[h] += 1;
        self.lib_sum[h] += p as u32;
        self.lib_sq[h] += (p * p) as u64;
    }

    #[inline]
    fn rm_lib(&mut self, h: usize, p: usize) {
        self.lib_n[h] -= 1;
        self.lib_sum[h] -= p as u32;
        self.lib_sq[h] -= (p * p) as u64;
    }

    /// Whether the chain with head `h` has exactly one liberty.
    #[inline]
    fn in_atari(&self, h: usize) -> bool {
        let n = self.lib_n[h] as u64;
        let s = self.lib_sum[h] as u64;
        n > 0 && n * self.lib_sq[h] == s * s
    }

    #[inline]
    fn atari_lib(&self, h: usize) -> usize {
        (self.lib_sum[h] / self.lib_n[h]) as usize
    }

    /// Joins chain `b` into chain `a` (or the other way round, the larger one stays).
    fn merge(&mut self, a: usize, b: usize) {
        let (a, b) = if self.size[a] >= self.size[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = b;
        loop {
            self.head[s] = a as u16;
            s = self.next[s] as usize;
            if s == b {
                break;
            }
        }
        self.next.swap(a, b);
        self.size[a] += self.size[b];
        self.lib_n[a] += self.lib_n[b];
        self.lib_sum[a] += self.lib_sum[b];
        self.lib_sq[a] += self.lib_sq[b];
    }

    fn is_legal(&self, layout: &Layout, p: usize, c: u8) -> bool {
        if self.color[p] != EMPTY || p == self.ko as usize || layout.frozen[p] {
            return false;
        }
        for d in 0..4 {
            if self.color[layout.nb(p, d)] == EMPTY {
                return true;
            }
        }
        for d in 0..4 {
            let q = layout.nb(p, d);
            match self.color[q] {
                EMPTY | EDGE => {}
                x => {
                    let in_atari = self.in_atari(self.head[q] as usize);
                    // Own chain with another liberty, or an opponent chain captured.
                    if (x == c) != in_atari {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// A real eye of `c`: every neighbour is `c` (or the edge) and the diagonals hold at
    /// most one opponent stone, none on the edge.
    fn is_own_eye(&self, layout: &Layout, p: usize, c: u8) -> bool {
        for d in 0..4 {
            let x = self.color[layout.nb(p, d)];
            if x != c && x != EDGE {
                return false;
            }
        }
        let opp = 3 - c;
        let (mut bad, mut edge) = (0, 0);
        for &dd in &layout.diags {
            match self.color[(p as isize + dd) as usize] {
                EDGE => edge = 1,
                x if x == opp => bad += 1,
                _ => {}
            }
        }
        bad + edge < 2
    }

    /// Whether playing `c` at `p` leaves a chain of two or more stones with a single
    /// liberty, without capturing anything.
    ///
    /// Each own neighbour chain's liberties other than `p` come from its pseudo-liberty
    /// sums with `p`'s share taken out: none, exactly one (all the same point), or more.
    fn is_group_self_atari(&self, layout: &Layout, p: usize, c: u8) -> bool {
        let mut lib = 0usize;
        let mut has_lib = false;
        let mut own = [0usize; 4];
        let mut share = [0u32; 4];
        let mut no = 0;
        for d in 0..4 {
            let q = layout.nb(p, d);
            match self.color[q] {
                EMPTY => {
                    if has_lib {
                        return false;
                    }
                    lib = q;
                    has_lib = true;
                }
                EDGE => {}
                x => {
                    let h = self.head[q] as usize;
                    if x == c {
                        match own[..no].iter().position(|&o| o == h) {
                            Some(k) => share[k] += 1,
                            None => {
                                own[no] = h;
                                share[no] = 1;
                                no += 1;
                            }
                        }
                    } else if self.in_atari(h) {
                        return false;
                    }
                }
            }
        }
        if no == 0 {
            return false;
        }
        for k in 0..no {
            let h = own[k];
            let m = share[k] as u64;
            let pp = p as u64;
            let n = self.lib_n[h] as u64 - m;
            if n == 0 {
                continue;
            }
            let s = self.lib_sum[h] as u64 - m * pp;
            let q = self.lib_sq[h] - m * pp * pp;
            if n * q != s * s {
                return false;
            }
            let other = (s / n) as usize;
            if has_lib && other != lib {
                return false;
            }
            lib = other;
            has_lib = true;
        }
        true
    }

    /// Whether playing `c` at `p` leaves the resulting chain at least two liberties
    /// (captures aside).
    fn extends_to_freedom(&self, layout: &Layout, p: usize, c: u8) -> bool {
        let empties = (0..4)
            .filter(|&d| self.color[layout.nb(p, d)] == EMPTY)
            .count();
        empties >= 2 || (empties == 1 && !self.is_group_self_atari(layout, p, c))
    }

    fn remove_empty(&mut self, p: usize) {
        let i = self.epos[p] as usize;
        let last = self.empties.pop().expect("an empty point to fill");
        if last as usize != p {
            self.empties[i] = last;
            self.epos[last as usize] = i as u16;
        }
    }

    fn push_empty(&mut self, p: usize) {
        self.epos[p] = self.empties.len() as u16;
        self.empties.push(p as u16);
    }

    /// Removes a chain from the board; returns its size.
    fn capture(&mut self, layout: &Layout, h: usize) -> usize {
        let count = self.size[h] as usize;
        let mut s = h;
        loop {
            self.color[s] = EMPTY;
            self.push_empty(s);
            for d in 0..4 {
                let q = layout.nb(s, d);
                let x = self.color[q];
                if (x == BLACK || x == WHITE) && self.head[q] as usize != h {
                    let hq = self.head[q] as usize;
                    self.add_lib(hq, s);
                }
            }
            let n = self.next[s] as usize;
            self.next[s] = s as u16;
            self.head[s] = s as u16;
            s = n;
            if s == h {
                break;
            }
        }
        count
    }

    /// Plays a legal move.
    fn play(&mut self, layout: &Layout, p: usize, c: u8) {
        let opp = 3 - c;
        self.remove_empty(p);
        self.color[p] = c;
        self.head[p] = p as u16;
        self.next[p] = p as u16;
        self.size[p] = 1;
        self.lib_n[p] = 0;
        self.lib_sum[p] = 0;
        self.lib_sq[p] = 0;
        for d in 0..4 {
            let q = layout.nb(p, d);
            match self.color[q] {
                EMPTY => self.add_lib(p, q),
                EDGE => {}
                _ => {
                    let h = self.head[q] as usize;
                    self.rm_lib(h, p);
                }
            }
        }
        for d in 0..4 {
            let q = layout.nb(p, d);
            if self.color[q] == c {
                let (hp, hq) = (self.head[p] as usize, self.head[q] as usize);
                if hp != hq {
                    self.merge(hp, hq);
                }
            }
        }
        let mut captured = 0;
        let mut ko = 0;
        for d in 0..4 {
            let q = layout.nb(p, d);
            if self.color[q] == opp {
                let h = self.head[q] as usize;
                if self.lib_n[h] == 0 {
                    captured += self.capture(layout, h);
                    ko = q;
                }
            }
        }
        let h = self.head[p] as usize;
        self.ko = if captured == 1 && self.size[h] == 1 && self.lib_n[h] == 1 {
            ko as u16
        } else {
            0
        };
    }

    /// A move the play-outs may choose at random: legal, not into an own eye, not a chain
    /// of two or more stones into self-atari unless it is a killing throw-in.
    #[inline]
    fn good_move(&self, layout: &Layout, p: usize, c: u8) -> bool {
        self.is_legal(layout, p, c)
            && !self.is_own_eye(layout, p, c)
            && (!self.is_group_self_atari(layout, p, c) || self.is_nakade(layout, p, c))
    }

    /// Whether the chain that `c` makes at `p`, left with one liberty, is a killing shape
    /// inside a single opponent chain, which can only take it to be left with one eye of
    /// that shape: the way into a group's eye space that seki-keeping play-outs must still
    /// allow, or a group with a bulky five or a pyramid four would never die.
    fn is_nakade(&self, layout: &Layout, p: usize, c: u8) -> bool {
        let mut stones = [0usize; 6];
        stones[0] = p;
        let mut count = 1;
        for d in 0..4 {
            let q = layout.nb(p, d);
            if self.color[q] != c {
                continue;
            }
            let h = self.head[q] as usize;
            if stones[..count]
                .iter()
                .any(|&s| self.head[s] as usize == h && s != p)
            {
                continue;
            }
            let mut s = h;
            loop {
                if count == stones.len() {
                    return false;
                }
                stones[count] = s;
                count += 1;
                s = self.next[s] as usize;
                if s == h {
                    break;
                }
            }
        }
        // Inside one chain's eye space: the stones touch no other opponent chain (a throw-in
        // between two of them, as into a seki, lets them join through the capture).
        let opp = 3 - c;
        let mut around = None;
        let mut last_liberty = 0;
        for &s in &stones[..count] {
            for d in 0..4 {
                let q = layout.nb(s, d);
                if self.color[q] == opp {
                    let h = self.head[q];
                    if *around.get_or_insert(h) != h {
                        return false;
                    }
                } else if self.color[q] == EMPTY && q != p {
                    last_liberty = q;
                }
            }
        }
        // And that chain is short of liberties too: its only one left is the one it must
        // fill to capture, so that the capture leaves it nothing but this eye space (with
        // an eye elsewhere it would live, and the throw-in would only lose stones).
        let Some(h) = around.map(usize::from) else {
            return false;
        };
        // `p` is a liberty of that chain once per stone of it that `p` touches.
        let shared = (0..4)
            .map(|d| layout.nb(p, d))
            .filter(|&q| self.color[q] == opp && self.head[q] as usize == h)
            .count() as u64;
        let n = self.lib_n[h] as u64 - shared;
        let sum = self.lib_sum[h] as u64 - shared * p as u64;
        let sq = self.lib_sq[h] - shared * (p as u64) * (p as u64);
        if n == 0 || n * sq != sum * sum || (sum / n) as usize != last_liberty {
            return false;
        }
        let dirs = layout.dirs;
        killing_shape(&stones[..count], |a, b| {
            dirs.iter().any(|&d| (a as isize + d) as usize == b)
        })
    }

    /// Chooses and plays a move for `c`; the point played, or `None` when `c` passes.
    fn play_one(
        &mut self,
        layout: &Layout,
        c: u8,
        last: usize,
        rng: &mut XorShift,
    ) -> Option<usize> {
        if last != 0 {
            // Save a chain the opponent has just put in atari by taking one of its
            // attackers, when the capture leaves it more than one liberty.
            for d in 0..4 {
                let q = layout.nb(last, d);
                if self.color[q] == c && self.in_atari(self.head[q] as usize) {
                    if let Some(l) = self.saving_capture(layout, self.head[q] as usize, c) {
                        self.play(layout, l, c);
                        return Some(l);
                    }
                }
            }
            // Take a chain the opponent has just left in atari.
            let h = self.head[last] as usize;
            if self.color[last] == 3 - c && self.in_atari(h) {
                let l = self.atari_lib(h);
                if self.is_legal(layout, l, c) {
                    self.play(layout, l, c);
                    return Some(l);
                }
            }
            // Run out of an atari the opponent has just given, when running works.
            for d in 0..4 {
                let q = layout.nb(last, d);
                if self.color[q] == c {
                    let h = self.head[q] as usize;
                    if self.in_atari(h) {
                        let l = self.atari_lib(h);
                        if self.is_legal(layout, l, c) && self.extends_to_freedom(layout, l, c) {
                            self.play(layout, l, c);
                            return Some(l);
                        }
                    }
                }
            }
        }
        if last != 0 && rng.below(LOCAL_REPLY_OUT_OF) < LOCAL_REPLY {
            // Answer next to the opponent's last move, as a player would.
            let mut near = [0usize; 8];
            let mut k = 0;
            for &dd in layout.dirs.iter().chain(layout.diags.iter()) {
                let q = (last as isize + dd) as usize;
                if self.color[q] == EMPTY && self.good_move(layout, q, c) {
                    near[k] = q;
                    k += 1;
                }
            }
            if k > 0 {
                let q = near[rng.below(k)];
                self.play(layout, q, c);
                return Some(q);
            }
        }
        let n = self.empties.len();
        if n == 0 {
            return None;
        }
        let start = rng.below(n);
        for k in 0..n {
            let i = if start + k >= n {
                start + k - n
            } else {
                start + k
            };
            let p = self.empties[i] as usize;
            if self.good_move(layout, p, c) {
                self.play(layout, p, c);
                return Some(p);
            }
        }
        None
    }

    /// A capture by `c` of an opponent chain in atari next to `c`'s chain `h`, itself in
    /// atari, after which `h` has more than one liberty: any capture elsewhere than on
    /// `h`'s last liberty, or one there that frees two stones or more. (Taking a single
    /// stone on that liberty leaves `h` in atari again: the capture the opponent wants.)
    fn saving_capture(&self, layout: &Layout, h: usize, c: u8) -> Option<usize> {
        let own_liberty = self.atari_lib(h);
        let mut s = h;
        loop {
            for d in 0..4 {
                let q = layout.nb(s, d);
                if self.color[q] == 3 - c {
                    let attacker = self.head[q] as usize;
                    if self.in_atari(attacker) {
                        let l = self.atari_lib(attacker);
                        if (l != own_liberty || self.size[attacker] >= 2)
                            && self.is_legal(layout, l, c)
                        {
                            return Some(l);
                        }
                    }
                }
            }
            s = self.next[s] as usize;
            if s == h {
                return None;
            }
        }
    }

    /// Plays until both sides pass (or a move limit is reached).
    fn playout(&mut self, layout: &Layout, first: u8, rng: &mut XorShift) -> usize {
        let limit = 3 * layout.padded.len() + 64;
        let mut c = first;
        let mut passes = 0;
        let mut last = 0;
        let mut moves = 0;
        while passes < 2 && moves < limit {
            match self.play_one(layout, c, last, rng) {
                Some(p) => {
                    passes = 0;
                    last = p;
                }
                None => {
                    passes += 1;
                    last = 0;
                    self.ko = 0;
                }
            }
            c = 3 - c;
            moves += 1;
        }
        moves
    }

    /// Adds the end of a play-out to the statistics.
    fn tally(
        &self,
        layout: &Layout,
        chains: &[Chain],
        frozen: &[Option<Color>],
        stats: &mut Stats,
    ) {
        stats.runs += 1;
        for (i, &p) in layout.padded.iter().enumerate() {
            let p = p as usize;
            let v = match (self.color[p], frozen[i]) {
                (BLACK, _) => 1,
                (WHITE, _) => -1,
                (_, Some(Color::Black)) => 1,
                (_, Some(Color::White)) => -1,
                _ => {
                    let (mut b, mut w) = (false, false);
                    for d in 0..4 {
                        match self.color[layout.nb(p, d)] {
                            BLACK => b = true,
                            WHITE => w = true,
                            _ => {}
                        }
                    }
                    if b && w {
                        stats.shared[i] += 1;
                    }
                    match (b, w) {
                        (true, false) => 1,
                        (false, true) => -1,
                        _ => 0,
                    }
                }
            };
            stats.owner[i] += v;
        }
        for (id, chain) in chains.iter().enumerate() {
            let want = if chain.color == Color::Black {
                BLACK
            } else {
                WHITE
            };
            let kept = chain
                .stones
                .iter()
                .filter(|&&s| self.color[layout.padded[s] as usize] == want)
                .count();
            if 2 * kept > chain.stones.len() {
                stats.alive_votes[id] += 1;
            }
        }
    }
}
