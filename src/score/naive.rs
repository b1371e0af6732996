//! The first, straightforward counts, point by point through vectors, kept as the oracle the
//! property tests hold the bitboard counts to: any position, any dead and seki stones must
//! give the same numbers, owners and lists both ways.

use super::area::{owner_of, AreaCount, Owner, ScoringMethod};
use super::benson::{Life, PassAlive};
use super::margin::{format_points, margin};
use super::margins::Margins;
use super::territory::{TerritoryCount, TerritoryScore};
use crate::geom::{BoardSize, Color, Point, Position};

/// Benson's algorithm for both colours, chain by chain and region by region.
pub(super) fn pass_alive(position: &Position) -> PassAlive {
    PassAlive {
        black: life_of(position, Color::Black),
        white: life_of(position, Color::White),
    }
}

const NONE: u32 = u32::MAX;

/// Labels connected components of the points for which `member` holds.
fn components(position: &Position, member: impl Fn(Option<Color>) -> bool) -> (Vec<u32>, u32) {
    let size = position.size;
    let mut label = vec![NONE; position.cells.len()];
    let mut count = 0u32;
    let mut stack = Vec::new();
    for start in 0..position.cells.len() {
        if label[start] != NONE || !member(position.cells[start]) {
            continue;
        }
        label[start] = count;
        stack.push(start);
        while let Some(i) = stack.pop() {
            for q in size.neighbors(size.point(i)) {
                let j = size.index(q);
                if label[j] == NONE && member(position.cells[j]) {
                    label[j] = count;
                    stack.push(j);
                }
            }
        }
        count += 1;
    }
    (label, count)
}

fn life_of(position: &Position, color: Color) -> Life {
    let size = position.size;
    let (chain_of, n_chains) = components(position, |c| c == Some(color));
    let (region_of, n_regions) = components(position, |c| c != Some(color));
    let (n_chains, n_regions) = (n_chains as usize, n_regions as usize);

    // Chains bordering each region, and for each region the chains it is vital to.
    let mut borders: Vec<Vec<u32>> = vec![Vec::new(); n_regions];
    let mut empties = vec![0usize; n_regions];
    // (region, chain) -> number of the region's empty points that are liberties of the chain.
    let mut liberty_counts: Vec<Vec<(u32, usize)>> = vec![Vec::new(); n_regions];
    for (i, &r) in region_of.iter().enumerate() {
        if r == NONE {
            continue;
        }
        let r = r as usize;
        let mut adjacent: Vec<u32> = size
            .neighbors(size.point(i))
            .map(|q| chain_of[size.index(q)])
            .filter(|&c| c != NONE)
            .collect();
        adjacent.sort_unstable();
        adjacent.dedup();
        for &c in &adjacent {
            if !borders[r].contains(&c) {
                borders[r].push(c);
            }
        }
        if position.cells[i].is_none() {
            empties[r] += 1;
            for &c in &adjacent {
                match liberty_counts[r].iter_mut().find(|(k, _)| *k == c) {
                    Some((_, n)) => *n += 1,
                    None => liberty_counts[r].push((c, 1)),
                }
            }
        }
    }
    let mut vital_to: Vec<Vec<u32>> = vec![Vec::new(); n_regions];
    let mut vital_regions: Vec<Vec<usize>> = vec![Vec::new(); n_chains];
    for r in 0..n_regions {
        if empties[r] == 0 {
            continue;
        }
        for &(c, n) in &liberty_counts[r] {
            if n == empties[r] {
                vital_to[r].push(c);
                vital_regions[c as usize].push(r);
            }
        }
    }

    let (chain_in, region_in) = strike_out(&vital_regions, &borders);
    let keep_region = |r: usize| region_in[r] && vital_to[r].iter().any(|&c| chain_in[c as usize]);
    let region_kept: Vec<bool> = (0..n_regions).map(keep_region).collect();
    lists(position, (&chain_of, &chain_in), (&region_of, &region_kept))
}

/// Strikes out chains with fewer than two vital regions and regions bordering a struck
/// chain until nothing changes: which chains and regions remain.
fn strike_out(vital_regions: &[Vec<usize>], borders: &[Vec<u32>]) -> (Vec<bool>, Vec<bool>) {
    let (n_chains, n_regions) = (vital_regions.len(), borders.len());
    let mut chain_in = vec![true; n_chains];
    let mut region_in = vec![true; n_regions];
    loop {
        let mut changed = false;
        for c in 0..n_chains {
            if chain_in[c] && vital_regions[c].iter().filter(|&&r| region_in[r]).count() < 2 {
                chain_in[c] = false;
                changed = true;
            }
        }
        for r in 0..n_regions {
            if region_in[r] && borders[r].iter().any(|&c| !chain_in[c as usize]) {
                region_in[r] = false;
                changed = true;
            }
        }
        if !changed {
            return (chain_in, region_in);
        }
    }
}

/// The kept chains and regions as sorted lists of points, given each point's chain and
/// region number and which numbers are kept.
fn lists(
    position: &Position,
    (chain_of, chain_in): (&[u32], &[bool]),
    (region_of, region_kept): (&[u32], &[bool]),
) -> Life {
    let size = position.size;
    let mut chains: Vec<Vec<Point>> = vec![Vec::new(); chain_in.len()];
    let mut regions: Vec<Vec<Point>> = vec![Vec::new(); region_kept.len()];
    for i in 0..position.cells.len() {
        let p = size.point(i);
        if chain_of[i] != NONE {
            chains[chain_of[i] as usize].push(p);
        } else if region_of[i] != NONE {
            regions[region_of[i] as usize].push(p);
        }
    }
    let mut life = Life {
        chains: chains
            .into_iter()
            .enumerate()
            .filter(|&(c, _)| chain_in[c])
            .map(|(_, v)| v)
            .collect(),
        regions: regions
            .into_iter()
            .enumerate()
            .filter(|&(r, _)| region_kept[r])
            .map(|(_, v)| v)
            .collect(),
    };
    for v in life.chains.iter_mut().chain(life.regions.iter_mut()) {
        v.sort();
    }
    life.chains.sort();
    life.regions.sort();
    life
}

/// Counts the area of both sides after removing `dead` (points off the board or without a
/// stone are ignored). A removed stone's point is empty and joins the region around it.
pub(super) fn count_area(position: &Position, dead: &[Point], method: ScoringMethod) -> AreaCount {
    let size = position.size;
    let mut cells = position.cells.clone();
    for &p in dead {
        if size.contains(p) {
            cells[size.index(p)] = None;
        }
    }

    let mut owner = vec![Owner::Nobody; cells.len()];
    // Counted in half points, so that a split region adds up exactly.
    let mut halves = [0usize; 2];
    for (i, cell) in cells.iter().enumerate() {
        if let Some(color) = *cell {
            owner[i] = owner_of(color);
            halves[color.index()] += 2;
        }
    }
    for_each_empty_region(size, &cells, |region, touches| {
        let who = match (touches[0], touches[1], method) {
            (true, false, _) => Owner::Black,
            (false, true, _) => Owner::White,
            (_, _, ScoringMethod::SplitShared) => Owner::Shared,
            (_, _, ScoringMethod::NobodyShared) => Owner::Nobody,
        };
        for &i in region {
            owner[i] = who;
        }
        match who {
            Owner::Black => halves[0] += 2 * region.len(),
            Owner::White => halves[1] += 2 * region.len(),
            Owner::Shared => {
                halves[0] += region.len();
                halves[1] += region.len();
            }
            Owner::Nobody | Owner::Seki => {}
        }
    });

    AreaCount {
        black: halves[0] as f64 / 2.0,
        white: halves[1] as f64 / 2.0,
        owner,
    }
}

/// Calls `visit` once for each maximal region of empty cells (row-major indices), with
/// which colours border it (`[black, white]`). Shared by area and territory counting.
fn for_each_empty_region(
    size: BoardSize,
    cells: &[Option<Color>],
    mut visit: impl FnMut(&[usize], [bool; 2]),
) {
    let mut seen = vec![false; cells.len()];
    let mut region = Vec::new();
    let mut stack = Vec::new();
    for start in 0..cells.len() {
        if cells[start].is_some() || seen[start] {
            continue;
        }
        let mut touches = [false; 2];
        region.clear();
        stack.push(start);
        seen[start] = true;
        while let Some(i) = stack.pop() {
            region.push(i);
            for q in size.neighbors(size.point(i)) {
                let j = size.index(q);
                match cells[j] {
                    Some(c) => touches[c.index()] = true,
                    None if !seen[j] => {
                        seen[j] = true;
                        stack.push(j);
                    }
                    None => {}
                }
            }
        }
        visit(&region, touches);
    }
}

/// Counts territory after removing `dead` (sorted or not; points off the board or without a
/// stone are ignored). `seki` lists stones in seki (sorted): an empty region that only one
/// colour borders counts for nobody when any of its bordering stones is one of them.
/// `captures` are the prisoners taken during the game, by Black and by White.
pub(super) fn count_territory(
    position: &Position,
    dead: &[Point],
    seki: &[Point],
    captures: [u32; 2],
    komi: f64,
) -> TerritoryCount {
    let size = position.size;
    let (cells, prisoners) = take_off_dead(position, dead, captures);
    let in_seki = seki_stones(position, &cells, seki);

    let mut owner: Vec<Owner> = cells
        .iter()
        .map(|c| c.map_or(Owner::Nobody, owner_of))
        .collect();
    let mut territory = [0u32; 2];
    let mut seki_points = 0u32;
    for_each_empty_region(size, &cells, |region, touches| {
        let who = match touches {
            [true, false] => Some(Color::Black),
            [false, true] => Some(Color::White),
            _ => None,
        };
        let by_seki = who.is_some() && borders_seki(position, region, &in_seki);
        let region_owner = match who {
            Some(_) if by_seki => {
                seki_points += region.len() as u32;
                Owner::Seki
            }
            Some(color) => {
                territory[color.index()] += region.len() as u32;
                owner_of(color)
            }
            None => Owner::Nobody,
        };
        for &i in region {
            owner[i] = region_owner;
        }
    });

    let black = (territory[0] + prisoners[0]) as f64;
    let white = (territory[1] + prisoners[1]) as f64;
    let m = margin(black, white, komi, 0.0);
    TerritoryCount {
        score: TerritoryScore {
            black_territory: territory[0],
            white_territory: territory[1],
            black_prisoners: prisoners[0],
            white_prisoners: prisoners[1],
            seki_points,
            komi,
            margin: m,
            result: format_points(m),
        },
        owner,
    }
}

/// The board with `dead` taken off (points off the board or without a stone ignored),
/// and the prisoners: `captures` plus the dead stones, each counted for its taker.
fn take_off_dead(
    position: &Position,
    dead: &[Point],
    captures: [u32; 2],
) -> (Vec<Option<Color>>, [u32; 2]) {
    let size = position.size;
    let mut cells = position.cells.clone();
    let mut prisoners = captures;
    for &p in dead {
        if size.contains(p) {
            if let Some(color) = cells[size.index(p)].take() {
                prisoners[color.opponent().index()] += 1;
            }
        }
    }
    (cells, prisoners)
}

/// Per point of `cells`, whether a stone in seki stands there; empty when `seki` is.
fn seki_stones(position: &Position, cells: &[Option<Color>], seki: &[Point]) -> Vec<bool> {
    let size = position.size;
    let mut in_seki = vec![false; if seki.is_empty() { 0 } else { cells.len() }];
    for &p in seki {
        if size.contains(p) && cells[size.index(p)].is_some() {
            in_seki[size.index(p)] = true;
        }
    }
    in_seki
}

/// Whether an empty region (row-major indices) borders a stone marked in `in_seki`: its
/// points are then nobody's territory (art. 8).
fn borders_seki(position: &Position, region: &[usize], in_seki: &[bool]) -> bool {
    let size = position.size;
    !in_seki.is_empty()
        && region.iter().any(|&i| {
            size.neighbors(size.point(i))
                .any(|q| in_seki[size.index(q)])
        })
}

/// The margins of `position` with `dead` taken off: the same numbers as
/// [`super::score_position`] and [`super::count_territory`] give for the same arguments.
pub(super) fn count_margins(
    position: &Position,
    dead: &[Point],
    seki: &[Point],
    captures: [u32; 2],
    method: ScoringMethod,
    komi: f64,
    handicap_bonus: f64,
) -> Margins {
    let (cells, prisoners) = take_off_dead(position, dead, captures);
    let in_seki = seki_stones(position, &cells, seki);
    // Area in half points, so that a split region adds up exactly.
    let mut halves = [0usize; 2];
    for color in cells.iter().flatten() {
        halves[color.index()] += 2;
    }
    let mut territory = [0usize; 2];
    for_each_empty_region(position.size, &cells, |region, touches| {
        let n = region.len();
        match (touches, method) {
            ([true, false], _) | ([false, true], _) => {
                let color = if touches[0] {
                    Color::Black
                } else {
                    Color::White
                };
                halves[color.index()] += 2 * n;
                if !borders_seki(position, region, &in_seki) {
                    territory[color.index()] += n;
                }
            }
            (_, ScoringMethod::SplitShared) => {
                halves[0] += n;
                halves[1] += n;
            }
            (_, ScoringMethod::NobodyShared) => {}
        }
    });
    Margins {
        area: margin(
            halves[0] as f64 / 2.0,
            halves[1] as f64 / 2.0,
            komi,
            handicap_bonus,
        ),
        territory: margin(
            (territory[0] + prisoners[0] as usize) as f64,
            (territory[1] + prisoners[1] as usize) as f64,
            komi,
            0.0,
        ),
    }
}

/// The bitboard counts against the oracle above, on random positions of many shapes.
mod agreement {
    use super::*;
    use crate::score::{self, DeadFrom};
    use proptest::prelude::*;

    /// Board shapes: the smallest, thin ones, odd ones, the usual ones and some beyond
    /// 19×19 (which take the bitboards' wider words).
    const SHAPES: &[(u32, u32)] = &[
        (1, 1),
        (2, 2),
        (1, 6),
        (6, 1),
        (3, 7),
        (5, 5),
        (9, 9),
        (13, 7),
        (19, 19),
        (20, 19),
        (25, 25),
        (31, 17),
    ];

    /// Weights of empty, Black and White points: open boards, dense ones full of single-point
    /// eyes (where chains are pass-alive and stones die inside their territory) and even ones.
    const MIXES: &[[u32; 3]] = &[[6, 2, 2], [1, 8, 1], [1, 6, 3], [2, 3, 5], [1, 1, 1]];

    fn position() -> impl Strategy<Value = Position> {
        (prop::sample::select(SHAPES), prop::sample::select(MIXES)).prop_flat_map(
            |((width, height), mix)| {
                let size = BoardSize::new(width, height).unwrap();
                let total: u32 = mix.iter().sum();
                proptest::collection::vec(0..total, size.points()).prop_map(move |draws| {
                    let cells = draws
                        .into_iter()
                        .map(|d| match d {
                            d if d < mix[0] => None,
                            d if d < mix[0] + mix[1] => Some(Color::Black),
                            _ => Some(Color::White),
                        })
                        .collect();
                    Position { size, cells }
                })
            },
        )
    }

    /// A position with lists of points on it and just off it, unsorted, repeats allowed.
    fn position_and_points() -> impl Strategy<Value = (Position, Vec<Point>, Vec<Point>)> {
        position().prop_flat_map(|position| {
            let (w, h) = (position.size.width, position.size.height);
            let point = (0..w + 2, 0..h + 2).prop_map(|(c, r)| Point::new(c, r));
            let many =
                proptest::collection::vec(point.clone(), 0..(w as usize * h as usize / 3 + 2));
            let few = proptest::collection::vec(point, 0..6);
            (Just(position), many, few)
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn pass_alive_agrees(position in position()) {
            let expected = pass_alive(&position);
            prop_assert_eq!(score::pass_alive(&position), expected.clone());
            let dead = expected.dead_inside(&position);
            prop_assert_eq!(score::dead_in_pass_alive_territory(&position), dead.clone());
            let mut pushed = vec![Point::new(0, 0)];
            score::push_dead_in_pass_alive_territory(&position, &mut pushed);
            pushed.remove(0);
            pushed.sort();
            prop_assert_eq!(pushed, dead);
        }

        #[test]
        fn counts_agree((position, dead, seki) in position_and_points(), captures in (0u32..50, 0u32..50), split in any::<bool>()) {
            let method = if split { ScoringMethod::SplitShared } else { ScoringMethod::NobodyShared };
            let captures = [captures.0, captures.1];
            let area = count_area(&position, &dead, method);
            prop_assert_eq!(score::count_area(&position, &dead, method), area.clone());
            let territory = count_territory(&position, &dead, &seki, captures, 6.5);
            prop_assert_eq!(score::count_territory(&position, &dead, &seki, captures, 6.5), territory);
            let margins = count_margins(&position, &dead, &seki, captures, method, 6.5, 2.0);
            prop_assert_eq!(score::count_margins(&position, &dead, &seki, captures, method, 6.5, 2.0), margins);
            let score = score::score_position(&position, &dead, method, 6.5, 2.0, DeadFrom::None);
            let dame = area.owner.iter().filter(|o| matches!(o, Owner::Shared | Owner::Nobody)).count();
            prop_assert_eq!((score.black, score.white, score.dame as usize), (area.black, area.white, dame));
            prop_assert_eq!(score.margin, margin(area.black, area.white, 6.5, 2.0));
        }
    }
}
