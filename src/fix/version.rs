//! When a fix may raise a record to `FF[4]`: a pass written `B[]` in an older file, or a
//! property only `FF[4]` defines (`OT`), needs it, and the record must read as `FF[4]`
//! exactly as it read before (same moves and setup, no finding it did not have, no node
//! that mixes setup and a move, which `FF[4]` forbids where older versions did not).

use super::{apply, Edit, Fixer};
use crate::finding::{Code, Finding};
use crate::sgf::record::{parse_game_with, Limits};

impl Fixer<'_> {
    /// `FF[4]` in the root of a record that writes its passes `B[]` in an older (or no)
    /// `FF`: its `FF` rewritten, or one added after its `;`. Only when the record read as
    /// `FF[4]` is otherwise as valid as before (no finding of a code it did not have, none
    /// more of one it had: no property defined only before `FF[4]`, no identifier in mixed
    /// case) and holds the same moves and setup, and no node of it mixes setup and a move
    /// (FF[4] forbids that where older versions did not: SGFC reports it in FF[4] only).
    /// True when it is.
    pub(super) fn ff4(&mut self) -> bool {
        let root = self.tree.nodes.first().map(|n| n.at);
        let ff = (0..self.tree.props.len()).find(|&i| {
            let p = &self.tree.props[i];
            p.node == 0 && p.name() == "FF" && !self.deleted(i)
        });
        if self.says_ff4(ff) {
            return true;
        }
        if self.mixes_setup_and_move() {
            return false;
        }
        let edit = match (root, ff) {
            (_, Some(i)) => {
                let values = self.values(i);
                let older = values.len() == 1
                    && values[0]
                        .trim()
                        .parse::<u32>()
                        .is_ok_and(|n| (1..4).contains(&n));
                if !older {
                    return false;
                }
                let prop = &self.tree.props[i];
                Edit {
                    range: prop.at..prop.end,
                    text: "FF[4]".into(),
                }
            }
            (Some(at), None) if self.text.as_bytes().get(at) == Some(&b';') => Edit {
                range: at + 1..at + 1,
                text: "FF[4]".into(),
            },
            _ => return false,
        };
        let candidate = apply(self.text, std::slice::from_ref(&edit));
        if !same_but_passes(self.text, &candidate) {
            return false;
        }
        match ff {
            Some(i) => {
                let model = self.model(i);
                model.ident = "FF".into();
                model.values = vec!["4".into()];
            }
            None => self.inserts.push((edit.range.start, edit.text)),
        }
        true
    }

    /// True when some node holds setup (`AB`, `AW`, `AE`, `PL`) and a move as it will be
    /// written (a node whose setup was given a node of its own does not).
    fn mixes_setup_and_move(&self) -> bool {
        let mut node = usize::MAX;
        let (mut setup, mut play) = (false, false);
        for (i, p) in self.tree.props.iter().enumerate() {
            if p.node != node {
                (node, setup, play) = (p.node, false, false);
            }
            if p.values.is_empty() || self.deleted(i) {
                continue;
            }
            match p.name().as_str() {
                "AB" | "AW" | "AE" | "PL" => setup = true,
                "B" | "W" => play = true,
                _ => {}
            }
            if setup && play {
                return true;
            }
        }
        false
    }

    /// True when the root's `FF` (property `ff`) says 4 as it will be written.
    fn says_ff4(&self, ff: Option<usize>) -> bool {
        match ff {
            Some(i) => self.values(i).iter().map(|v| v.trim()).eq(["4"]),
            None => self.inserts.iter().any(|(_, text)| text == "FF[4]"),
        }
    }
}

/// True when `after` (the record with `FF[4]`) reads the same moves and setup as `before`
/// and has no finding `before` has not, code by code, and no old-style pass.
fn same_but_passes(before: &str, after: &str) -> bool {
    let (a, b) = (
        parse_game_with(before, Limits::default(), true),
        parse_game_with(after, Limits::default(), true),
    );
    let count =
        |problems: &[Finding], code: Code| problems.iter().filter(|p| p.code == code).count();
    let moves = |r: &crate::sgf::record::GameRecord| -> Vec<_> {
        r.nodes
            .iter()
            .map(|n| (n.mv.map(|m| (m.color, m.target)), n.player, n.setup.len()))
            .collect()
    };
    moves(&a) == moves(&b)
        && a.setup == b.setup
        && a.side_nodes.len() == b.side_nodes.len()
        && count(&b.problems, Code::OldPass) == 0
        && b.problems
            .iter()
            .all(|p| count(&b.problems, p.code) <= count(&a.problems, p.code))
}
