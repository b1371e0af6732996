//! The random game tree generator: trees on small boards grown move by move against the
//! referee, with illegal and odd moves planted in them, each node knowing the findings it
//! should draw. Kept apart from the tests that audit them.

use std::collections::BTreeMap;

use super::referee::{
    letter, opponent, point_text, Judgement, Referee, Target, BLACK, EMPTY, WHITE,
};
use crate::common::Rng;

/// One node of a generated tree.
#[derive(Clone, Debug)]
pub struct TreeNode {
    /// Its text, from its `;`.
    pub body: String,
    /// Where the move's `B`/`W` stands in `body`, for a move node.
    ident_at: Option<usize>,
    /// A newline is written before it.
    newline_before: bool,
    /// The expected variation name (`None` on the main line).
    pub variation: Option<String>,
    /// The move number along its path, for a move node.
    pub number: Option<u32>,
    /// The codes the referee expects at it.
    pub expected: Vec<&'static str>,
    /// What the generator meant to plant there, if anything.
    pub planted: Option<&'static str>,
    /// A ko retaken at once, right after a single-stone capture.
    pub ko_at_once: bool,
    /// Offset of its `;` in the tree's text (set when written).
    start: usize,
}

impl TreeNode {
    /// A node that holds its text only: no move, nothing expected or planted.
    fn new(body: String, newline_before: bool, variation: Option<String>) -> TreeNode {
        TreeNode {
            body,
            ident_at: None,
            newline_before,
            variation,
            number: None,
            expected: Vec::new(),
            planted: None,
            ko_at_once: false,
            start: 0,
        }
    }
}

/// One game tree (`(` ... `)`): its sequence of nodes and the trees below.
#[derive(Clone, Debug)]
struct Seq {
    nodes: Vec<usize>,
    kids: Vec<Seq>,
    newline_before: bool,
    /// An empty variation `()` is written before it (one the reader ignores, and which
    /// takes no child index).
    empty_before: bool,
}

/// A generated game tree, with its text and the paths from the root to each leaf.
pub struct Tree {
    pub size: usize,
    pub text: String,
    pub nodes: Vec<TreeNode>,
    pub paths: Vec<Vec<usize>>,
}

/// What the generator may do.
#[derive(Clone, Copy)]
pub struct Plan {
    /// Plant illegal and odd moves on the main line too (else it holds legal stones and
    /// passes only).
    pub plant_main: bool,
    /// How many nodes the tree holds at most.
    pub budget: usize,
    pub max_depth: usize,
}

pub struct Generator {
    rng: Rng,
    plan: Plan,
    n: usize,
    nodes: Vec<TreeNode>,
    budget: usize,
    /// Moves planned ahead in the sequence being written, next first: a ko whose
    /// retaking comes after two lost turns (a repetition, but not at once).
    queue: Vec<(u8, Target, Option<&'static str>)>,
}

impl Generator {
    pub fn tree(seed: u64, plan: Plan) -> Tree {
        let mut rng = Rng::spread(seed);
        let n = rng.pick(&[5usize, 5, 6, 7, 9]);
        let mut g = Generator {
            rng,
            plan,
            n,
            nodes: Vec::new(),
            budget: plan.budget,
            queue: Vec::new(),
        };
        g.nodes
            .push(TreeNode::new(format!(";FF[4]GM[1]SZ[{n}]"), false, None));
        let mut referee = Referee::new(n);
        let main_len = 6 + g.rng.below(20);
        let mut root = g.seq(&mut referee, &[], 0, main_len);
        root.nodes.insert(0, 0);
        let mut text = String::new();
        g.write(&root, &mut text);
        let mut paths = Vec::new();
        leaf_paths(&root, &mut Vec::new(), &mut paths);
        Tree {
            size: n,
            text,
            nodes: g.nodes,
            paths,
        }
    }

    /// A game tree of `len` nodes (or fewer, past the budget) from where `r` stands,
    /// named `path`, and the trees below it.
    fn seq(&mut self, r: &mut Referee, path: &[usize], depth: usize, len: usize) -> Seq {
        let variation = path.iter().any(|&i| i != 0).then(|| {
            path.iter()
                .map(|i| i.to_string())
                .collect::<Vec<_>>()
                .join(".")
        });
        let on_main = variation.is_none();
        let mut nodes = Vec::new();
        let mut i = 0;
        while i < len.max(1) || !self.queue.is_empty() {
            if i > 0 && self.budget == 0 && self.queue.is_empty() {
                break;
            }
            let first = i == 0;
            i += 1;
            self.budget = self.budget.saturating_sub(1);
            let node = self.node(r, variation.clone(), on_main, first, depth == 0 && first);
            nodes.push(node);
        }
        let mut kids = Vec::new();
        if depth < self.plan.max_depth && self.budget > 0 {
            let count = match self.rng.below(100) {
                0..=24 if depth > 0 => 0,
                0..=34 => 1,
                35..=74 => 2,
                _ => 3,
            };
            for k in 0..count {
                let mut kid_path = path.to_vec();
                kid_path.push(k);
                let mut kid_referee = r.clone();
                let len = 1 + self.rng.below(6);
                kids.push(self.seq(&mut kid_referee, &kid_path, depth + 1, len));
            }
        }
        Seq {
            nodes,
            kids,
            newline_before: self.rng.chance(20),
            empty_before: depth > 0 && self.rng.chance(4),
        }
    }

    /// One node from where `r` stands, played on `r`.
    fn node(
        &mut self,
        r: &mut Referee,
        variation: Option<String>,
        on_main: bool,
        first_in_seq: bool,
        first_of_game: bool,
    ) -> usize {
        let newline_before = self.rng.chance(15);
        let node = if !first_of_game && self.rng.chance(4) {
            // A node that changes nothing: it holds no move and no setup.
            let body = self.rng.pick(&[";", ";C[no move here]", "; C[nor here]"]);
            TreeNode::new(body.to_string(), newline_before, variation)
        } else {
            let color = r.to_move();
            let points = Points::survey(r, self.n, color);
            let plant = (self.plan.plant_main || !on_main) && !first_of_game;
            let (content, planted) = self.choose(r, &points, color, plant, first_in_seq);
            let base = TreeNode::new(String::new(), newline_before, variation);
            match content {
                Content::Setup(placed, body) => TreeNode {
                    body,
                    expected: r.setup(&placed),
                    planted,
                    ..base
                },
                Content::Move(color, target) => self.move_node(r, color, target, planted, base),
            }
        };
        self.nodes.push(node);
        self.nodes.len() - 1
    }

    /// What the next node holds, and what it plants: a move planned ahead, a planted
    /// illegal or odd move (when `plant`), else a legal stone or a pass.
    fn choose(
        &mut self,
        r: &Referee,
        points: &Points,
        color: u8,
        plant: bool,
        first_in_seq: bool,
    ) -> Choice {
        let n = self.n;
        let ko_chance = if first_in_seq { 70 } else { 35 };
        let chosen = if let Some((c, target, kind)) = self.queue.pop() {
            Some((Content::Move(c, target), kind))
        } else if plant && !points.ko_retakes.is_empty() && self.rng.chance(30) {
            Some(self.ko_after_lost_turns(points, color))
        } else if plant && !points.ko_retakes.is_empty() && self.rng.chance(ko_chance) {
            let target = target_at(n, self.rng.pick(&points.ko_retakes));
            Some((Content::Move(color, target), Some("ko")))
        } else if plant {
            self.planted(r, points, color)
        } else {
            None
        };
        chosen.unwrap_or_else(|| {
            let target = match points.legal_stone(&mut self.rng, n) {
                Some(t) if !self.rng.chance(5) => t,
                _ => pass(&mut self.rng),
            };
            (Content::Move(color, target), None)
        })
    }

    /// Both sides lose a turn (a pass, a move on an occupied point, a move off the board,
    /// a value that is no point), then the ko is retaken: the position before the ko was
    /// taken comes back, with the same side to move, but not right after the opponent's
    /// turn. The first lost turn is returned, the two moves after it are queued.
    fn ko_after_lost_turns(&mut self, points: &Points, color: u8) -> Choice {
        let n = self.n;
        let p = self.rng.pick(&points.ko_retakes);
        let (first, first_kind) = lost_turn(&mut self.rng, n, &points.occupied);
        let (second, second_kind) = loop {
            // Two passes would end the game.
            let t = lost_turn(&mut self.rng, n, &points.occupied);
            if !matches!((first, t.0), (Target::Pass, Target::Pass)) {
                break t;
            }
        };
        self.queue.push((color, target_at(n, p), Some("superko")));
        self.queue.push((opponent(color), second, second_kind));
        (Content::Move(color, first), first_kind)
    }

    /// A planted illegal or odd node, or a pass, by a roll of the dice; `None` when the
    /// roll plants nothing (or what it would plant cannot be found here).
    fn planted(&mut self, r: &Referee, points: &Points, color: u8) -> Option<Choice> {
        let n = self.n;
        let roll = self.rng.below(100);
        let stone = |p: usize| Content::Move(color, target_at(n, p));
        let choice = match roll {
            0..=5 if !points.occupied.is_empty() => {
                (stone(self.rng.pick(&points.occupied)), Some("occupied"))
            }
            6..=10 => (Content::Move(color, self.off_board()), Some("off-board")),
            11..=13 => (
                Content::Move(color, Target::Unreadable),
                Some("bad-property"),
            ),
            14..=19 if !points.suicides.is_empty() => {
                (stone(self.rng.pick(&points.suicides)), Some("suicide"))
            }
            20..=22 if !points.repeats.is_empty() => {
                (stone(self.rng.pick(&points.repeats)), Some("superko"))
            }
            23..=27 if r.last_mover.is_some() => {
                (self.move_again(r, color), Some("consecutive-move"))
            }
            28..=30 => return self.setup_in_game(r).map(|c| (c, Some("setup-in-game"))),
            31..=37 => (Content::Move(color, pass(&mut self.rng)), None),
            _ => return None,
        };
        Some(choice)
    }

    /// A point off the board in one coordinate: neither `tt` nor a pass mark (off in
    /// both), which are passes.
    fn off_board(&mut self) -> Target {
        let n = self.n;
        let (mut c, mut row);
        loop {
            c = self.rng.below(52);
            row = self.rng.below(52);
            if (c >= n) != (row >= n) && (c, row) != (19, 19) {
                break;
            }
        }
        Target::At(c, row)
    }

    /// The side that just moved moves again: a stone anywhere empty (legal or not after
    /// the implied pass), or a pass.
    fn move_again(&mut self, r: &Referee, color: u8) -> Content {
        let n = self.n;
        let again = opponent(color);
        let empty: Vec<usize> = (0..n * n).filter(|&p| r.board[p] == EMPTY).collect();
        let target = if empty.is_empty() || self.rng.chance(15) {
            pass(&mut self.rng)
        } else {
            target_at(n, self.rng.pick(&empty))
        };
        Content::Move(again, target)
    }

    /// A setup node (`AE` on one or two stones, or `AW` or `AB` on one or two empty
    /// points); `None` when there is no point to set up.
    fn setup_in_game(&mut self, r: &Referee) -> Option<Content> {
        let n = self.n;
        let empty: Vec<usize> = (0..n * n).filter(|&p| r.board[p] == EMPTY).collect();
        let full: Vec<usize> = (0..n * n).filter(|&p| r.board[p] != EMPTY).collect();
        let (ident, pool, value) = match self.rng.below(3) {
            0 if !full.is_empty() => ("AE", full, EMPTY),
            1 => ("AW", empty, WHITE),
            _ => ("AB", empty, BLACK),
        };
        if pool.is_empty() {
            return None;
        }
        let a = self.rng.pick(&pool);
        let mut points = vec![a];
        if pool.len() > 1 && self.rng.chance(40) {
            let b = loop {
                let b = self.rng.pick(&pool);
                if b != a {
                    break b;
                }
            };
            points.push(b);
        }
        let mut body = format!(";{ident}");
        for &p in &points {
            body.push_str(&format!("[{}]", point_text(p % n, p / n)));
        }
        let placed = points.iter().map(|&p| (p, value)).collect();
        Some(Content::Setup(placed, body))
    }

    /// A move node from `base` (its line break and variation), played on `r`.
    fn move_node(
        &mut self,
        r: &mut Referee,
        color: u8,
        target: Target,
        planted: Option<&'static str>,
        base: TreeNode,
    ) -> TreeNode {
        let value = match target {
            Target::Pass => String::new(),
            Target::At(c, row) => point_text(c, row),
            Target::Unreadable => self.rng.pick(&["k", "abc", "5e", "c"]).to_string(),
        };
        let comment = match self.rng.below(24) {
            0 => "C[a comment]",
            1 => "C[two\nlines]",
            2 => " ",
            3 => "\n",
            _ => "",
        };
        let body = format!(";{comment}{}[{value}]", letter(color));
        let ko_at_once = planted == Some("ko");
        let expected = r.play(color, target);
        TreeNode {
            body,
            ident_at: Some(1 + comment.len()),
            number: Some(r.number),
            expected,
            planted,
            ko_at_once,
            ..base
        }
    }

    fn write(&mut self, seq: &Seq, out: &mut String) {
        out.push('(');
        for &id in &seq.nodes {
            let node = &mut self.nodes[id];
            if node.newline_before {
                out.push('\n');
            }
            node.start = out.len();
            out.push_str(&node.body);
        }
        for kid in &seq.kids {
            if kid.empty_before {
                out.push_str("()");
            }
            if kid.newline_before {
                out.push('\n');
            }
            self.write(kid, out);
        }
        out.push(')');
    }
}

/// What a node holds: a move (colour, target), or the points and text of a setup node.
enum Content {
    Move(u8, Target),
    Setup(Vec<(usize, u8)>, String),
}

/// A node's content and what the generator meant to plant with it, if anything.
type Choice = (Content, Option<&'static str>);

/// The points of the board sorted by how a stone of the side to move would be judged.
struct Points {
    legal: Vec<usize>,
    captures: Vec<usize>,
    suicides: Vec<usize>,
    ko_retakes: Vec<usize>,
    repeats: Vec<usize>,
    occupied: Vec<usize>,
    /// Legal points next to an opponent's stone.
    near: Vec<usize>,
}

impl Points {
    fn survey(r: &Referee, n: usize, color: u8) -> Points {
        let mut points = Points {
            legal: Vec::new(),
            captures: Vec::new(),
            suicides: Vec::new(),
            ko_retakes: Vec::new(),
            repeats: Vec::new(),
            occupied: Vec::new(),
            near: Vec::new(),
        };
        for p in 0..n * n {
            match r.judge(color, p) {
                Judgement::Legal { captured, .. } => {
                    points.legal.push(p);
                    if captured > 0 {
                        points.captures.push(p);
                    }
                    if r.neighbors(p).any(|q| r.board[q] == opponent(color)) {
                        points.near.push(p);
                    }
                }
                Judgement::Occupied => points.occupied.push(p),
                Judgement::Suicide => points.suicides.push(p),
                Judgement::Repeat { immediate } => {
                    if immediate && r.last_single_capture {
                        points.ko_retakes.push(p);
                    } else {
                        points.repeats.push(p);
                    }
                }
            }
        }
        points
    }

    /// A legal stone, likely a capture or next to the opponent; `None` when there is none.
    fn legal_stone(&self, rng: &mut Rng, n: usize) -> Option<Target> {
        let pool = if !self.captures.is_empty() && rng.chance(60) {
            &self.captures
        } else if !self.near.is_empty() && rng.chance(50) {
            &self.near
        } else {
            &self.legal
        };
        (!pool.is_empty()).then(|| target_at(n, rng.pick(pool)))
    }
}

/// The on-board point `p` of an `n`x`n` board.
fn target_at(n: usize, p: usize) -> Target {
    Target::At(p % n, p / n)
}

/// A pass, written empty or as `tt`.
fn pass(rng: &mut Rng) -> Target {
    if rng.chance(50) {
        Target::Pass
    } else {
        // `tt` is a pass on boards up to 19x19.
        Target::At(19, 19)
    }
}

/// A lost turn: a pass, a move on an occupied point, a move off the board, or a value
/// that is no point; with the code it plants.
fn lost_turn(rng: &mut Rng, n: usize, occupied: &[usize]) -> (Target, Option<&'static str>) {
    match rng.below(4) {
        0 => (Target::Pass, None),
        1 => (target_at(n, rng.pick(occupied)), Some("occupied")),
        2 => (
            Target::At(n + rng.below(52 - n), rng.below(n)),
            Some("off-board"),
        ),
        _ => (Target::Unreadable, Some("bad-property")),
    }
}

fn leaf_paths(seq: &Seq, prefix: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
    let len = prefix.len();
    prefix.extend(&seq.nodes);
    if seq.kids.is_empty() {
        out.push(prefix.clone());
    }
    for kid in &seq.kids {
        leaf_paths(kid, prefix, out);
    }
    prefix.truncate(len);
}

impl Tree {
    /// The node whose text holds `offset`, with the offset from its start.
    pub fn node_at(&self, offset: usize) -> Option<(usize, usize)> {
        self.nodes.iter().enumerate().find_map(|(i, n)| {
            (n.start <= offset && offset < n.start + n.body.len()).then(|| (i, offset - n.start))
        })
    }

    /// Where the findings of a node stand: its move's identifier, or its `;` for setup.
    pub fn finding_offset(&self, node: usize) -> usize {
        let n = &self.nodes[node];
        n.start + n.ident_at.unwrap_or(0)
    }

    /// A path written out as one game: its text and each node's offset in it.
    pub fn flat(&self, path: &[usize]) -> (String, BTreeMap<usize, usize>) {
        let mut text = String::from("(");
        let mut starts = BTreeMap::new();
        for &id in path {
            starts.insert(text.len(), id);
            text.push_str(&self.nodes[id].body);
        }
        text.push(')');
        (text, starts)
    }
}
