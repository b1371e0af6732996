//! The fix of a point named more than once among `AB`, `AW` and `AE` of one node: the audit
//! reads the node in the order written, so the last word on each point is the one that
//! stands; the earlier words are taken out and the position every reader then replays is
//! the one the audit read. A rectangle (`aa:cc`) that loses some of its points is written
//! as its other points, one by one.

use std::collections::HashMap;

use super::Fixer;
use crate::geom::Point;

/// The points a setup value names: one point, a rectangle's, or none (not a point).
fn points_of(value: &str) -> Vec<Point> {
    let v = value.trim().as_bytes();
    if let Some(p) = Point::from_sgf(v) {
        return vec![p];
    }
    if v.len() != 5 || v[2] != b':' {
        return Vec::new();
    }
    let (Some(a), Some(b)) = (Point::from_sgf(&v[..2]), Point::from_sgf(&v[3..])) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for row in a.row.min(b.row)..=a.row.max(b.row) {
        for col in a.col.min(b.col)..=a.col.max(b.col) {
            out.push(Point::new(col, row));
        }
    }
    out
}

impl Fixer<'_> {
    /// The node of property `i`: each point of its setup keeps only its last word. True
    /// when the node's setup names each point once.
    pub(super) fn setup_conflict(&mut self, i: usize) -> bool {
        let node = self.tree.props[i].node;
        if self.unique.contains(&node) {
            return true;
        }
        if self.split.contains(&node) {
            return false;
        }
        let Some(setup) = self.node_setup(node, &["AB", "AW", "AE"]) else {
            return false;
        };
        let mut last: HashMap<Point, (usize, usize)> = HashMap::new();
        for &j in &setup {
            for (k, v) in self.values(j).iter().enumerate() {
                for p in points_of(v) {
                    last.insert(p, (j, k));
                }
            }
        }
        for &j in &setup {
            let values = self.values(j);
            let mut kept = Vec::with_capacity(values.len());
            for (k, v) in values.iter().enumerate() {
                let points = points_of(v);
                let standing: Vec<Point> = points
                    .iter()
                    .copied()
                    .filter(|p| last.get(p) == Some(&(j, k)))
                    .collect();
                if standing.len() == points.len() {
                    kept.push(v.clone());
                } else {
                    kept.extend(standing.iter().map(|p| p.sgf()));
                }
            }
            if kept != values {
                let model = self.model(j);
                model.deleted = kept.is_empty();
                model.values = kept;
            }
        }
        self.unique.push(node);
        true
    }
}
