//! A point named more than once among `AB`, `AW` and `AE` of one node: FF[4] wants each
//! point once, SGFC reports it (its error 38) and keeps the first word. The node is read
//! here in the order written, so the last word on the point stands, in the main line and
//! in side lines alike, and the finding says what was read.

use super::format::note;
use super::GameReader;
use crate::finding::Code;
use crate::geom::{Color, Point};

/// Points named again that a message names; the others are counted.
const NAMED: usize = 8;

/// Where each point of the node's setup stands in the record's setup list, so that a
/// point named again takes the new word in place (the node's setup stays a set).
#[derive(Default)]
pub(super) struct SetupSlots {
    /// Per point (`row * 52 + col`): its index in [`super::GameRecord::setup`]; allocated
    /// at the game's first setup point.
    slot: Vec<u32>,
    /// Setup points named again with another word in the game so far: they count toward
    /// the limit of setup points, as the work they cost does. (A point named again with the
    /// word it holds changes nothing: a node that repeats one rectangle costs what the
    /// board holds.)
    pub(super) named_again: usize,
}

fn key(p: Point) -> usize {
    p.row as usize * 52 + p.col as usize
}

impl SetupSlots {
    /// The points just added to the setup list from index `start` on.
    pub(super) fn fill(&mut self, start: usize, points: &[Point]) {
        if points.is_empty() {
            return;
        }
        if self.slot.is_empty() {
            self.slot = vec![u32::MAX; 52 * 52];
        }
        for (k, &p) in points.iter().enumerate() {
            self.slot[key(p)] = (start + k) as u32;
        }
    }

    fn get(&self, p: Point) -> Option<usize> {
        self.slot.get(key(p)).map(|&i| i as usize)
    }
}

/// The property that puts `stone` on a point, and what the point then holds.
fn word(stone: Option<Color>) -> (&'static str, &'static str) {
    match stone {
        Some(Color::Black) => ("AB", "black"),
        Some(Color::White) => ("AW", "white"),
        None => ("AE", "empty"),
    }
}

impl GameReader<'_> {
    /// The points of one value of `AB`, `AW` or `AE` (`stone`) that the node named before:
    /// each takes this value's word, and one finding names them and what was read.
    pub(super) fn named_again(
        &mut self,
        stone: Option<Color>,
        value: &str,
        off: usize,
        again: &[Point],
    ) {
        let start = self.current.as_ref().map_or(0, |n| n.setup_start as usize);
        let (mut count, mut named) = (0usize, Vec::new());
        for &p in again {
            let Some(i) = self.setup_slots.get(p).filter(|&i| i >= start) else {
                continue;
            };
            let Some(entry) = self.rec.setup.get_mut(i).filter(|e| e.0 == p) else {
                continue;
            };
            count += 1;
            if entry.1 != stone {
                self.setup_slots.named_again += 1;
            }
            if named.len() < NAMED {
                named.push((p, entry.1));
            }
            entry.1 = stone;
        }
        if count == 0 {
            return;
        }
        let (name, v, what) = (self.prop.name, value.trim(), word(stone).1);
        let message = if let [(p, before)] = named[..] {
            let p = p.sgf();
            format!(
                "{name}[{v}] names {p} again after {} in this node: read in the order written, the last word stands, {p} is {what}",
                word(before).0
            )
        } else {
            let mut list: Vec<String> = named
                .iter()
                .map(|&(p, before)| format!("{} after {}", p.sgf(), word(before).0))
                .collect();
            if count > named.len() {
                list.push(format!("{} more", count - named.len()));
            }
            format!(
                "{name}[{v}] names {count} points again after other setup in this node ({}): read in the order written, the last word stands, they are {what}",
                list.join(", ")
            )
        };
        note(&mut self.rec, Code::SetupConflict, off, message);
    }
}
