//! `audit --fix`: the edits that make a game's record valid `FF[4]` without changing the
//! game. Each edit answers a finding of the record: it rewrites the one property (or
//! inserts the one missing character) the finding is about, and leaves every other byte
//! as it was. What a fix may never touch: moves and their order, setup stones, the winner
//! and margin of `RE`, comments' text, private properties, variations; nothing that
//! carries data is dropped. Two fixes write a move or setup anew without changing what the
//! audit reads: a pass mark (`W[zz]`) becomes the pass FF[4] writes, and of a point named
//! twice in one node's setup the word that stands is kept ([`setup`]). A finding whose fix
//! would need more has none (`fixable: false`); [`catalogue`] says why, code by code.

pub mod catalogue;
pub mod compose;
pub mod encoding;
mod setup;
mod tree;
pub mod verify;
mod version;

use std::collections::HashMap;
use std::ops::Range;

use crate::finding::{Applicability, Code, Finding, Fix, Recovery, Severity};
use crate::sgf::props::{self, Shape};
use crate::sgf::record::{parse_game_with, Limits};
use tree::Tree;

/// Replace `range` of the game's text with `text` (an insertion when the range is empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    pub range: Range<usize>,
    pub text: String,
}

impl Edit {
    pub fn new(range: Range<usize>, text: &str) -> Edit {
        Edit {
            range,
            text: text.to_string(),
        }
    }
}

/// What fixing one game does: its edits, in order, and which of its findings they fix.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    pub edits: Vec<Edit>,
    /// One per finding given, in the same order.
    pub fixed: Vec<bool>,
    /// Why the game is left as it is although some of its findings have a fix: the
    /// fixed game would not mean what it meant ([`verify`]), or would not say
    /// `CA[UTF-8]` plainly.
    pub refused: Option<&'static str>,
}

/// The codes some finding of which a fix can answer (their declarations say so).
pub fn may_fix(code: Code) -> bool {
    code.may_fix()
}

/// Marks each finding of a game that `--fix` rewrites away (`fixable`).
pub fn mark(text: &str, findings: &mut [Finding]) {
    if !findings.iter().any(|f| may_fix(f.code)) {
        return;
    }
    let plan = plan(text, findings, false);
    for (f, fixed) in findings.iter_mut().zip(plan.fixed) {
        f.fixable = fixed;
    }
}

/// The edits of one game's text (`text`, whose findings are `findings`, offsets in it)
/// that the safe fixes make. With `utf8`, the root also says `CA[UTF-8]` (the file is
/// written in UTF-8).
pub fn plan(text: &str, findings: &[Finding], utf8: bool) -> Plan {
    plan_with(text, findings, utf8, false)
}

/// [`plan`], with the fixes made on request too when `on_request` (`--unsafe-fixes`).
pub fn plan_with(text: &str, findings: &[Finding], utf8: bool, on_request: bool) -> Plan {
    let utf8 = utf8 && !says_utf8(text);
    if !utf8 && !findings.iter().any(|f| may_fix(f.code)) {
        return Plan::none(findings.len(), None);
    }
    let mut fixer = Fixer {
        text,
        tree: Tree::read(text),
        models: HashMap::new(),
        inserts: Vec::new(),
        split: Vec::new(),
        unique: Vec::new(),
        apart: Vec::new(),
        on_request,
    };
    let mut fixed = vec![false; findings.len()];
    let mut order: Vec<usize> = (0..findings.len()).collect();
    // A node's setup is made a set first: merging its repeated AB, AW, AE is then safe.
    order.sort_by_key(|&i| (findings[i].code != Code::SetupConflict, findings[i].offset));
    for i in order {
        fixed[i] = fixer.fix(&findings[i]);
    }
    if findings.iter().any(|f| f.code == Code::OldPass) && fixer.ff4() {
        for (f, fixed) in findings.iter().zip(fixed.iter_mut()) {
            *fixed |= f.code == Code::OldPass;
        }
    }
    // Syntax the reader recovered by a guess that no fix writes valid (text between game
    // trees, whose brackets may have been the game's; a value never closed): other
    // readers may read the game otherwise, and a fix would make one reading the record's.
    let guessed = findings.iter().zip(&fixed).any(|(f, fixed)| {
        f.code == Code::ParseError && !fixed && f.recovery != Some(Recovery::TextBefore)
    });
    if guessed {
        return Plan::none(findings.len(), Some("its syntax was recovered by a guess"));
    }
    if utf8 && !fixer.utf8_root() {
        return Plan::none(findings.len(), Some("its CA[] holds more than one value"));
    }
    let edits = fixer.edits();
    if edits.is_empty() {
        return Plan::none(findings.len(), None);
    }
    match checked(text, &edits) {
        Some(reason) => Plan::none(findings.len(), Some(reason)),
        None => Plan {
            edits,
            fixed,
            refused: None,
        },
    }
}

impl Plan {
    fn none(findings: usize, refused: Option<&'static str>) -> Plan {
        Plan {
            edits: Vec::new(),
            fixed: vec![false; findings],
            refused,
        }
    }
}

/// Why a game's edits must not be made: the fixed game would read differently
/// ([`verify::meaning_differs`]) or its reader would report a finding of some code more
/// often than before (a fix may take findings away, never add one).
pub fn checked(text: &str, edits: &[Edit]) -> Option<&'static str> {
    let after = apply(text, edits);
    if let Some(reason) = verify::meaning_differs(text, &after) {
        return Some(reason);
    }
    let counts = |text: &str| {
        let mut counts: HashMap<Code, usize> = HashMap::new();
        for p in parse_game_with(text, Limits::default(), true).problems {
            *counts.entry(p.code).or_default() += 1;
        }
        counts
    };
    let (before, after) = (counts(text), counts(&after));
    let added = after
        .iter()
        .any(|(code, n)| *n > before.get(code).copied().unwrap_or(0));
    added.then_some("a fix would add a finding")
}

/// True when the root plainly says `CA[UTF-8]`: the property in the first node, before
/// any `;`, `(` or `)` after the node's own (a quick look; `false` sends the game to the
/// full reading).
fn says_utf8(text: &str) -> bool {
    let bytes = text.as_bytes();
    let Some(root) = memchr::memchr(b';', bytes) else {
        return false;
    };
    let Some(ca) = memchr::memmem::find(&bytes[root..], b"CA[") else {
        return false;
    };
    let (before, value) = (&bytes[root + 1..root + ca], &bytes[root + ca + 3..]);
    let plain = !before.iter().any(|b| matches!(b, b';' | b'(' | b')'))
        && !before.last().is_some_and(u8::is_ascii_alphabetic);
    plain && value.len() > 5 && value[..6].eq_ignore_ascii_case(b"utf-8]")
}

/// A game's text with the edits of its plan applied.
pub fn apply(text: &str, edits: &[Edit]) -> String {
    let mut out = String::with_capacity(text.len() + 64);
    let mut at = 0;
    for edit in edits {
        out.push_str(&text[at..edit.range.start]);
        out.push_str(&edit.text);
        at = edit.range.end;
    }
    out.push_str(&text[at..]);
    out
}

/// A property as it will be written.
#[derive(Clone, Debug)]
struct Model {
    ident: String,
    values: Vec<String>,
    deleted: bool,
}

impl Model {
    fn render(&self) -> String {
        if self.deleted {
            return String::new();
        }
        let mut out = self.ident.clone();
        for v in &self.values {
            out.push('[');
            out.push_str(v);
            out.push(']');
        }
        out
    }
}

struct Fixer<'a> {
    text: &'a str,
    tree: Tree<'a>,
    /// The properties rewritten, by index in the tree.
    models: HashMap<usize, Model>,
    /// Text inserted at an offset (a missing `(`, `;` or `)`, a node of setup).
    inserts: Vec<(usize, String)>,
    /// The nodes whose setup was given a node of its own.
    split: Vec<usize>,
    /// The nodes whose setup names each point once now.
    unique: Vec<usize>,
    /// The properties kept apart under [`props::SECOND_AP`].
    apart: Vec<usize>,
    /// Fixes made on request are made too.
    on_request: bool,
}

impl Fixer<'_> {
    fn model(&mut self, i: usize) -> &mut Model {
        let prop = &self.tree.props[i];
        self.models.entry(i).or_insert_with(|| Model {
            ident: prop.ident.to_string(),
            values: prop.values.iter().map(|(v, _)| v.to_string()).collect(),
            deleted: false,
        })
    }

    /// The properties of `node` named in `names` that hold values and are still there, in
    /// the order written; `None` when there are none or one holds a character the decoding
    /// replaced (its bytes are not rewritten).
    fn node_setup(&self, node: usize, names: &[&str]) -> Option<Vec<usize>> {
        let setup: Vec<usize> = (0..self.tree.props.len())
            .filter(|&j| {
                let p = &self.tree.props[j];
                p.node == node
                    && names.contains(&p.name().as_str())
                    && !p.values.is_empty()
                    && !self.deleted(j)
            })
            .collect();
        let damaged = setup.iter().any(|&j| {
            let p = &self.tree.props[j];
            self.text[p.at..p.end].contains('\u{FFFD}')
        });
        (!setup.is_empty() && !damaged).then_some(setup)
    }

    /// True when property `i` is text and one of its values holds blanks only.
    fn blank_text(&self, i: usize) -> bool {
        let name = self.tree.props[i].name();
        let text = props::lookup(name.as_bytes()).is_some_and(|d| d.text);
        text && self
            .values(i)
            .iter()
            .any(|v| !v.is_empty() && v.trim().is_empty())
    }

    /// True when a move (`B`, `W`) is written before property `i` in its node.
    fn after_move(&self, i: usize) -> bool {
        let node = self.tree.props[i].node;
        (0..i).any(|j| {
            let p = &self.tree.props[j];
            p.node == node && matches!(p.name().as_str(), "B" | "W")
        })
    }

    /// True when a move lies between properties `j` and `i` (`j < i`) of one node.
    fn move_between(&self, j: usize, i: usize) -> bool {
        (j + 1..i).any(|k| matches!(self.tree.props[k].name().as_str(), "B" | "W"))
    }

    fn deleted(&self, i: usize) -> bool {
        self.models.get(&i).is_some_and(|m| m.deleted)
    }

    /// Values as they will be written.
    fn values(&self, i: usize) -> Vec<String> {
        match self.models.get(&i) {
            Some(m) => m.values.clone(),
            None => self.tree.props[i]
                .values
                .iter()
                .map(|(v, _)| v.to_string())
                .collect(),
        }
    }

    /// Fixes one finding; true when it is gone once the edits are made.
    fn fix(&mut self, f: &Finding) -> bool {
        if f.code == Code::ParseError {
            return self.syntax(f);
        }
        if !may_fix(f.code) {
            return false;
        }
        let Some(i) = self.tree.prop_at(f.offset) else {
            return false;
        };
        if f.code == Code::RepeatedProperty {
            return self.repeats_of_node(i);
        }
        let prop = &self.tree.props[i];
        // A property with damaged bytes (U+FFFD) is never rewritten: its bytes stay.
        if prop.values.is_empty() || self.text[prop.at..prop.end].contains('\u{FFFD}') {
            return false;
        }
        if self.deleted(i) {
            // An empty property already taken out: nothing
            // of it is left to report.
            return true;
        }
        let name = self.tree.props[i].name();
        let fix = f
            .fix
            .as_deref()
            .filter(|fix| fix.applicability == Applicability::Safe || self.on_request);
        match f.code {
            Code::ComposeExpected => self.compose(i, &name, fix),
            Code::EmptyValue => self.empty(i),
            Code::MultipleValues => self.multiple(i),
            Code::GameInfoFormat => self.info(i, fix),
            Code::LowercaseIdentifier => {
                // Each spelling is reported once: every property spelt so is fixed.
                let spelling = self.tree.props[i].ident;
                for j in 0..self.tree.props.len() {
                    let p = &self.tree.props[j];
                    if p.ident == spelling && !p.values.is_empty() && !self.deleted(j) {
                        self.model(j).ident = name.clone();
                    }
                }
                true
            }
            Code::BadValue => self.bad_value(i, fix),
            Code::SetupAndMove => self.split_setup(i),
            Code::SetupConflict => self.setup_conflict(i),
            Code::OffBoard if f.severity == Severity::Warning => self.pass_mark(i, &name),
            _ => false,
        }
    }

    /// A pass mark (`W[zz]`, off the board in both coordinates) written as the pass of the
    /// record's `FF`: `W[]` in FF[4], `W[tt]` before it on boards up to 19x19.
    fn pass_mark(&mut self, i: usize, name: &str) -> bool {
        if !matches!(name, "B" | "W") || self.values(i).len() != 1 {
            return false;
        }
        let root = |id: &str| {
            let p = self
                .tree
                .props
                .iter()
                .find(|p| p.node == 0 && p.name() == id)?;
            p.values.first().map(|(v, _)| v.trim().to_string())
        };
        let ff4 = root("FF").and_then(|v| v.parse::<u32>().ok()) == Some(4);
        let sides = root("SZ").map_or(vec![19], |v| {
            v.split(':')
                .map(|n| n.trim().parse().unwrap_or(99))
                .collect()
        });
        let pass = if ff4 {
            ""
        } else if sides.iter().all(|&n: &u32| n <= 19) {
            "tt"
        } else {
            return false;
        };
        self.model(i).values = vec![pass.to_string()];
        true
    }

    /// `AP[YuanYu]` -> `AP[YuanYu:]`: the name, with an empty version.
    fn compose(&mut self, i: usize, name: &str, fix: Option<&Fix>) -> bool {
        if self.apart.contains(&i) {
            // Kept apart, byte for byte: no reader takes it for the application.
            return true;
        }
        if name != "AP" || self.values(i).len() != 1 {
            return false;
        }
        self.replace_value(i, fix)
    }

    /// The value the finding's fix is about, as its fix writes it; the property its fix
    /// adds written just after (not when the node holds one already).
    fn replace_value(&mut self, i: usize, fix: Option<&Fix>) -> bool {
        let Some(fix) = fix else {
            return false;
        };
        let values = self.values(i);
        let Some(k) = values.iter().position(|v| v.trim() == fix.from) else {
            return false;
        };
        if let Some((id, value)) = &fix.added {
            let node = self.tree.props[i].node;
            let held = self
                .tree
                .props
                .iter()
                .any(|p| p.node == node && p.name() == *id);
            // The property added is of FF[4] (`OT`): the record becomes FF[4] when it
            // reads the same so.
            if held || !self.ff4() {
                return false;
            }
            let end = self.tree.props[i].end;
            self.inserts.push((end, format!("{id}[{value}]")));
        }
        self.model(i).values[k] = fix.to.clone();
        true
    }

    /// An empty value: taken out (the whole property when nothing else is left). Blanks
    /// in a text (`C[   ]`) are text: kept.
    fn empty(&mut self, i: usize) -> bool {
        if self.blank_text(i) {
            return false;
        }
        let model = self.model(i);
        model.values.retain(|v| !v.trim().is_empty());
        if model.values.is_empty() {
            model.deleted = true;
        }
        true
    }

    /// The properties given more than once in the node of property `from`, the first
    /// repeat (one finding names them all): each repeat from there on fixed in turn;
    /// true when every one is.
    fn repeats_of_node(&mut self, from: usize) -> bool {
        let node = self.tree.props[from].node;
        let mut all = true;
        let mut i = from;
        while self.tree.props.get(i).is_some_and(|p| p.node == node) {
            let name = self.tree.props[i].name();
            let known = props::lookup(name.as_bytes()).is_some();
            let repeat = (0..i).any(|j| {
                let p = &self.tree.props[j];
                p.node == node && p.name() == name
            });
            if known && repeat {
                all &= self.repeat(i, &name);
            }
            i += 1;
        }
        all
    }

    /// One repeat of a property in a node: fixed unless its bytes are damaged or it has
    /// no value; taken out already (empty) counts as fixed.
    fn repeat(&mut self, i: usize, name: &str) -> bool {
        let prop = &self.tree.props[i];
        if prop.values.is_empty() || self.text[prop.at..prop.end].contains('\u{FFFD}') {
            return false;
        }
        if self.deleted(i) {
            return true;
        }
        self.repeated(i, name)
    }

    /// A property given twice in a node: a list's values merged into the first; the same
    /// value twice written once; two comments joined, one line after the other.
    fn repeated(&mut self, i: usize, name: &str) -> bool {
        let node = self.tree.props[i].node;
        let first = (0..i).rev().find(|&j| {
            let p = &self.tree.props[j];
            p.node == node && p.name() == name && !p.values.is_empty() && !self.deleted(j)
        });
        let Some(j) = first else {
            // The first was empty and is taken out: this one is left alone.
            return true;
        };
        let first = &self.tree.props[j];
        if self.text[first.at..first.end].contains('\u{FFFD}') || self.move_between(j, i) {
            return false;
        }
        let (a, b) = (self.values(j), self.values(i));
        let list = props::lookup(name.as_bytes()).is_some_and(|d| d.shape != Shape::One);
        if list {
            self.model(j).values.extend(b);
        } else if a.iter().map(|v| v.trim()).eq(b.iter().map(|v| v.trim())) {
            // The same value twice.
        } else if matches!(name, "C" | "GC") && a.len() == 1 && b.len() == 1 {
            self.model(j).values[0] = format!("{}\n{}", a[0], b[0]);
        } else if name == "AP" {
            return self.keep_apart(i);
        } else {
            return false;
        }
        self.model(i).deleted = true;
        true
    }

    /// A second `AP` of a node with another value (`AP[GNU Go:3.8]...AP[foxwq]`): the first
    /// stays the application every reader takes; this one is written as
    /// [`props::SECOND_AP`], its values as they were. Not when the node holds that
    /// identifier already, or when a third `AP` would need it too (a value would be lost).
    fn keep_apart(&mut self, i: usize) -> bool {
        let node = self.tree.props[i].node;
        let taken = self
            .tree
            .props
            .iter()
            .any(|p| p.node == node && p.name() == props::SECOND_AP)
            || self.apart.iter().any(|&k| self.tree.props[k].node == node);
        if taken {
            return false;
        }
        self.model(i).ident = props::SECOND_AP.to_string();
        self.apart.push(i);
        true
    }

    /// A one-value property with more: the others dropped when they repeat the first or
    /// are empty (never when they hold something else).
    fn multiple(&mut self, i: usize) -> bool {
        if self.blank_text(i) {
            return false;
        }
        let values = self.values(i);
        if values.iter().all(|v| v.trim().is_empty()) {
            self.model(i).deleted = true;
            return true;
        }
        let first = values[0].trim();
        if first.is_empty()
            || !values[1..]
                .iter()
                .all(|v| v.trim().is_empty() || v.trim() == first)
        {
            return false;
        }
        self.model(i).values.truncate(1);
        true
    }

    /// `DT`, `KM`, `TM`, `RE` as the finding proposes (its fix).
    fn info(&mut self, i: usize, fix: Option<&Fix>) -> bool {
        self.values(i).len() == 1 && self.replace_value(i, fix)
    }

    /// `SZ[19:19]` -> `SZ[19]`; a point list's blanks taken out (`AR[a a: c r]`), as the
    /// finding proposes (its fix).
    fn bad_value(&mut self, i: usize, fix: Option<&Fix>) -> bool {
        self.replace_value(i, fix)
    }

    /// Setup and a move in one node (not the root): the setup goes into a node of its own
    /// just before, which is the order the audit applies them in.
    fn split_setup(&mut self, i: usize) -> bool {
        let node = self.tree.props[i].node;
        let at = self.tree.nodes[node].at;
        if node == 0 || self.text.as_bytes().get(at) != Some(&b';') {
            return false;
        }
        if self.split.contains(&node) {
            return true;
        }
        let Some(setup) = self.node_setup(node, &["AB", "AW", "AE", "PL"]) else {
            return false;
        };
        // A setup property written after the move stays after it: a reader that applies
        // a node in the order written (GNU Go) would read another position or player.
        if setup.iter().any(|&j| self.after_move(j)) {
            return false;
        }
        let mut node_text = String::new();
        for j in setup {
            node_text.push_str(&self.model(j).render());
            self.model(j).deleted = true;
        }
        node_text.push(';');
        self.inserts.push((at + 1, node_text));
        self.split.push(node);
        true
    }

    /// Recovered syntax written valid: a missing `(`, `;` or `)`. Any other recovery
    /// (text between game trees, a value never closed) has no fix, and leaves the game as
    /// it is ([`plan_with`]'s guess): which of its brackets are syntax is a guess.
    fn syntax(&mut self, f: &Finding) -> bool {
        let Some(recovery) = f.recovery else {
            return false;
        };
        match recovery {
            // The game's text starts at its first `;`, with nothing before it.
            Recovery::MissingOpen => self.inserts.push((0, "(".into())),
            _ if !self.text.trim_start().starts_with('(') => return false,
            Recovery::Unclosed(n) if n <= 64 => {
                let end = self.text.trim_end().len();
                self.inserts.push((end, ")".repeat(n)));
            }
            Recovery::MissingSemicolon => self.inserts.push((f.offset, ";".into())),
            _ => return false,
        }
        true
    }

    /// `CA[UTF-8]` in the root: its `CA` rewritten, or one added after its `;`. False
    /// when the `CA` holds more than one value (which one it meant is not known).
    fn utf8_root(&mut self) -> bool {
        let Some(root) = self.tree.nodes.first().cloned() else {
            return true;
        };
        let ca = (0..self.tree.props.len()).find(|&i| {
            let p = &self.tree.props[i];
            p.node == 0 && p.name() == "CA" && !p.values.is_empty() && !self.deleted(i)
        });
        match ca {
            Some(i) => {
                let values = self.values(i);
                if values.len() != 1 {
                    return false;
                }
                if !values[0].trim().eq_ignore_ascii_case("UTF-8") {
                    self.model(i).values = vec!["UTF-8".into()];
                }
            }
            None => {
                let after = if self.text.as_bytes().get(root.at) == Some(&b';') {
                    root.at + 1
                } else {
                    root.at
                };
                self.inserts.push((after, "CA[UTF-8]".into()));
            }
        }
        true
    }

    /// Every edit, in the order of the text.
    fn edits(self) -> Vec<Edit> {
        let mut edits: Vec<Edit> = self
            .inserts
            .into_iter()
            .map(|(at, text)| Edit {
                range: at..at,
                text,
            })
            .collect();
        for (i, model) in &self.models {
            let prop = &self.tree.props[*i];
            let text = model.render();
            if text != self.text[prop.at..prop.end] {
                edits.push(Edit {
                    range: prop.at..prop.end,
                    text,
                });
            }
        }
        edits.sort_by_key(|e| (e.range.start, e.range.end));
        edits
    }
}

#[cfg(test)]
mod tests;
