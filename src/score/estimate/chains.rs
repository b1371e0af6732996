//! The chains of the final position, and the board geometry the static looks share:
//! neighbours, diagonals and a small disjoint-set forest for grouping chains.

use crate::geom::{BoardSize, Color, Position};

/// A chain of the final position: its colour and stones as row-major indices.
pub(super) struct Chain {
    pub(super) color: Color,
    pub(super) stones: Vec<usize>,
    /// Distinct liberties, row-major.
    pub(super) liberties: Vec<usize>,
}

/// The neighbours of a point on the board: left, right, up, down, those that exist.
#[inline]
pub(super) fn neighbors(size: BoardSize, i: usize) -> impl Iterator<Item = usize> {
    let (w, h) = (size.width as usize, size.height as usize);
    let (c, r) = column_and_row(w, i);
    let mut out = [0; 4];
    let mut n = 0;
    for (exists, q) in [
        (c > 0, i.wrapping_sub(1)),
        (c + 1 < w, i + 1),
        (r > 0, i.wrapping_sub(w)),
        (r + 1 < h, i + w),
    ] {
        out[n] = q;
        n += usize::from(exists);
    }
    out.into_iter().take(n)
}

/// The column and row of the row-major point `i` on a board `w` wide. (Boards have at
/// most 52 × 52 points: a 32-bit division does.)
#[inline]
fn column_and_row(w: usize, i: usize) -> (usize, usize) {
    let (i, w) = (i as u32, w as u32);
    ((i % w) as usize, (i / w) as usize)
}

/// The chains of a position, in row-major order of their first stone, and for each
/// point the chain standing on it.
pub(super) fn chains_of(position: &Position) -> Vec<Chain> {
    let size = position.size;
    let n = size.points();
    let mut seen = vec![false; n];
    let mut lib_mark = vec![usize::MAX; n];
    let mut chains = Vec::new();
    let mut stack = Vec::new();
    // Each chain's lists are gathered here, then copied out at their exact length.
    let (mut stones, mut liberties) = (Vec::new(), Vec::new());
    for start in 0..n {
        let Some(color) = position.cells[start] else {
            continue;
        };
        if seen[start] {
            continue;
        }
        let id = chains.len();
        stones.clear();
        liberties.clear();
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
            stones: stones.clone(),
            liberties: liberties.clone(),
        });
    }
    chains
}

/// Per point, the index of the chain standing on it (`usize::MAX` on an empty point).
pub(super) fn chain_index(points: usize, chains: &[Chain]) -> Vec<usize> {
    let mut chain_at = vec![usize::MAX; points];
    for (id, c) in chains.iter().enumerate() {
        for &s in &c.stones {
            chain_at[s] = id;
        }
    }
    chain_at
}

/// The diagonal neighbours of a point.
pub(super) fn diagonals(size: BoardSize, i: usize) -> impl Iterator<Item = usize> {
    let w = size.width as usize;
    let h = size.height as usize;
    let (c, r) = column_and_row(w, i);
    [
        (c > 0 && r > 0).then(|| i - w - 1),
        (c + 1 < w && r > 0).then(|| i - w + 1),
        (c > 0 && r + 1 < h).then(|| i + w - 1),
        (c + 1 < w && r + 1 < h).then(|| i + w + 1),
    ]
    .into_iter()
    .flatten()
}

/// The root of `x` in a small disjoint-set forest (`parent[x] == x` at a root), halving
/// the path on the way: the estimate groups chains with it, the check its doubts.
pub(crate) fn find(parent: &mut [usize], mut x: usize) -> usize {
    while parent[x] != x {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    x
}
