//! Random game trees for the `--trees` mode of the pipeline bench: 19x19 records that look
//! like reviewed games or problem files, a main line of 150-300 moves with side variations
//! of 2-40 moves branching at random points, some nested 2-4 deep.
//!
//! Deterministic: a SplitMix64 generator from a fixed seed. Every move is played on the
//! board of its own path, captures and suicide included, and never retakes a simple ko at
//! once, so the moves are legal under the Chinese rules except for a rare repetition of a
//! longer cycle (situational superko), which the generator does not look for.

use std::fmt::Write as _;

/// The board's side.
const SIZE: usize = 19;
const POINTS: usize = SIZE * SIZE;

/// SplitMix64: tiny, fast, and good enough for picking moves.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + (self.next_u64() % (hi - lo + 1) as u64) as usize
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }
}

/// Black 1, White 2 (0 is an empty point).
type Color = u8;

fn other(c: Color) -> Color {
    3 - c
}

/// A board with captures, the simple ko point, and nothing else.
#[derive(Clone)]
struct Board {
    cells: [u8; POINTS],
    ko: Option<usize>,
}

fn neighbours(p: usize) -> impl Iterator<Item = usize> {
    let (x, y) = (p % SIZE, p / SIZE);
    [
        (x > 0).then(|| p - 1),
        (x + 1 < SIZE).then(|| p + 1),
        (y > 0).then(|| p - SIZE),
        (y + 1 < SIZE).then(|| p + SIZE),
    ]
    .into_iter()
    .flatten()
}

impl Board {
    fn new() -> Self {
        Board {
            cells: [0; POINTS],
            ko: None,
        }
    }

    /// The stones of the group at `p` and its number of liberties.
    fn group(&self, p: usize) -> (Vec<usize>, usize) {
        let color = self.cells[p];
        let mut seen = [false; POINTS];
        let mut liberty = [false; POINTS];
        let mut stones = vec![p];
        let mut liberties = 0;
        seen[p] = true;
        let mut i = 0;
        while i < stones.len() {
            for n in neighbours(stones[i]) {
                if self.cells[n] == 0 {
                    if !liberty[n] {
                        liberty[n] = true;
                        liberties += 1;
                    }
                } else if self.cells[n] == color && !seen[n] {
                    seen[n] = true;
                    stones.push(n);
                }
            }
            i += 1;
        }
        (stones, liberties)
    }

    /// Plays `color` at `p` if that is legal (empty, not the ko point, not suicide).
    fn play(&mut self, p: usize, color: Color) -> bool {
        if self.cells[p] != 0 || self.ko == Some(p) {
            return false;
        }
        let before = self.cells;
        self.cells[p] = color;
        let mut captured = Vec::new();
        for n in neighbours(p) {
            if self.cells[n] == other(color) {
                let (stones, liberties) = self.group(n);
                if liberties == 0 {
                    for s in stones {
                        self.cells[s] = 0;
                        captured.push(s);
                    }
                }
            }
        }
        let (own, liberties) = self.group(p);
        if liberties == 0 {
            self.cells = before;
            return false;
        }
        self.ko = (captured.len() == 1 && own.len() == 1 && liberties == 1).then(|| captured[0]);
        true
    }

    /// A legal move for `color`, mostly near `last` (fights), else anywhere; played.
    fn random_move(&mut self, rng: &mut Rng, color: Color, last: Option<usize>) -> Option<usize> {
        for _ in 0..200 {
            let p = match last {
                Some(l) if rng.chance(65) => {
                    let (x, y) = ((l % SIZE) as isize, (l / SIZE) as isize);
                    let nx = x + rng.range(0, 6) as isize - 3;
                    let ny = y + rng.range(0, 6) as isize - 3;
                    if !(0..SIZE as isize).contains(&nx) || !(0..SIZE as isize).contains(&ny) {
                        continue;
                    }
                    ny as usize * SIZE + nx as usize
                }
                _ => rng.range(0, POINTS - 1),
            };
            if self.play(p, color) {
                return Some(p);
            }
        }
        let start = rng.range(0, POINTS - 1);
        (0..POINTS)
            .map(|i| (start + i) % POINTS)
            .find(|&p| self.play(p, color))
    }
}

/// One node of a tree: its move (none at the root) and its children, the first being the
/// line's own continuation.
struct Node {
    mv: Option<(Color, usize)>,
    parent: usize,
    children: Vec<usize>,
}

/// A line of play: its nodes (the main line's begin with the root) and how deep it is
/// nested (0 for the main line).
struct Line {
    nodes: Vec<usize>,
    depth: usize,
}

/// One generated game tree.
pub struct Tree {
    /// The SGF text, one game.
    pub text: String,
    /// Moves in all its nodes, every variation.
    pub moves: usize,
    /// Side variations, and the deepest nesting among them.
    pub variations: usize,
    pub deepest: usize,
}

/// A game tree: a main line of 150-300 moves, then side variations of 2-40 moves until
/// about 120-330 more moves are written; half leave the main line, half a side line
/// nested at most 3 deep (so 4 deep in all).
pub fn tree(rng: &mut Rng) -> Tree {
    let mut nodes = vec![Node {
        mv: None,
        parent: 0,
        children: Vec::new(),
    }];
    let main_length = rng.range(150, 300);
    let mut lines = vec![Line {
        nodes: vec![0],
        depth: 0,
    }];
    extend(&mut nodes, &mut lines[0], Board::new(), 1, main_length, rng);
    let side_budget = rng.range(120, 330);
    let mut side_moves = 0;
    while side_moves < side_budget {
        let nested: Vec<usize> = (1..lines.len())
            .filter(|&l| lines[l].depth < 4 && lines[l].nodes.len() >= 2)
            .collect();
        let parent_line = if nested.is_empty() || rng.chance(50) {
            0
        } else {
            nested[rng.range(0, nested.len() - 1)]
        };
        // A node with a continuation already, so that the new line is an alternative to it;
        // the main line's root (the empty board) is left out.
        let own = &lines[parent_line].nodes;
        let first = usize::from(parent_line == 0);
        let at = own[rng.range(first, own.len() - 2)];
        let (board, color) = position_after(&nodes, at);
        let mut line = Line {
            nodes: vec![at],
            depth: lines[parent_line].depth + 1,
        };
        let length = rng.range(2, 40);
        side_moves += extend(&mut nodes, &mut line, board, color, length, rng);
        line.nodes.remove(0);
        lines.push(line);
    }
    let mut text = String::from("(;FF[4]GM[1]SZ[19]KM[7.5]RU[Chinese]");
    write_from(&nodes, 0, &mut text);
    text.push_str(")\n");
    Tree {
        text,
        moves: nodes.len() - 1,
        variations: lines.len() - 1,
        deepest: lines.iter().map(|l| l.depth).max().unwrap_or(0),
    }
}

/// The board after node `at` (ko point included) and the color to move there.
fn position_after(nodes: &[Node], at: usize) -> (Board, Color) {
    let mut path = Vec::new();
    let mut n = at;
    while n != 0 {
        path.push(n);
        n = nodes[n].parent;
    }
    let mut board = Board::new();
    let mut next = 1;
    for &n in path.iter().rev() {
        let (color, p) = nodes[n].mv.expect("every node but the root has a move");
        assert!(board.play(p, color), "the path replays");
        next = other(color);
    }
    (board, next)
}

/// Plays `length` moves (fewer if the board has no legal one left) from the last node of
/// `line`, `color` first, appending them to the tree and the line; returns how many.
fn extend(
    nodes: &mut Vec<Node>,
    line: &mut Line,
    mut board: Board,
    mut color: Color,
    length: usize,
    rng: &mut Rng,
) -> usize {
    let mut last = nodes[*line.nodes.last().unwrap()].mv.map(|(_, p)| p);
    for played in 0..length {
        let Some(p) = board.random_move(rng, color, last) else {
            return played;
        };
        let parent = *line.nodes.last().unwrap();
        nodes.push(Node {
            mv: Some((color, p)),
            parent,
            children: Vec::new(),
        });
        let id = nodes.len() - 1;
        nodes[parent].children.push(id);
        line.nodes.push(id);
        last = Some(p);
        color = other(color);
    }
    length
}

/// Writes the nodes from `start` on: a sequence while there is one child, then each child
/// as a game tree of its own.
fn write_from(nodes: &[Node], start: usize, out: &mut String) {
    let mut n = start;
    let mut on_line = 0;
    loop {
        if let Some((color, p)) = nodes[n].mv {
            let c = if color == 1 { 'B' } else { 'W' };
            let (x, y) = (
                (b'a' + (p % SIZE) as u8) as char,
                (b'a' + (p / SIZE) as u8) as char,
            );
            let _ = write!(out, ";{c}[{x}{y}]");
            on_line += 1;
            if on_line == 12 {
                out.push('\n');
                on_line = 0;
            }
        }
        match nodes[n].children.as_slice() {
            [] => return,
            [only] => n = *only,
            children => {
                for &c in children {
                    if !out.ends_with('\n') {
                        out.push('\n');
                    }
                    out.push('(');
                    write_from(nodes, c, out);
                    out.push(')');
                }
                return;
            }
        }
    }
}
