//! Eye spaces that cannot give two eyes: the killing shapes of up to six points and the
//! bent four in the corner, read by the eye-space look and by the play-outs' nakade.

use super::chains::neighbors;
use crate::geom::BoardSize;

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
pub(super) fn dead_shape(size: BoardSize, region: &[usize]) -> bool {
    let touching = |p: usize, q: usize| neighbors(size, p).any(|n| n == q);
    killing_shape(region, touching) || (region.len() == 4 && bent_four_in_the_corner(size, region))
}

/// [`dead_shape`] away from the corner, for any board layout: the shapes are told apart
/// by how their points touch, the number of touching pairs and the most touches of one
/// point.
pub(super) fn killing_shape(region: &[usize], touching: impl Fn(usize, usize) -> bool) -> bool {
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
