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

pub(super) fn neighbors(size: BoardSize, i: usize) -> impl Iterator<Item = usize> {
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
pub(super) fn chains_of(position: &Position) -> Vec<Chain> {
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

/// Small disjoint-set forest over chains.
pub(super) fn find(parent: &mut [usize], mut x: usize) -> usize {
    while parent[x] != x {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    x
}
