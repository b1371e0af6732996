//! What a board diagram shows, as data: the position before a move with the move and what
//! it would do marked, or a counted position with dead stones and each point's owner.
//! Built here from a game; drawn by `output::svg` (pictures) and `show` (text).

use crate::audit::GameReport;
use crate::check::Verdict;
use crate::finding::{Code, Finding, Severity};
use crate::geom::{BoardSize, Color, Point, Position};
use crate::replay::replay;
use crate::rules::Rules;
use crate::score::{count_area, Owner, Score, ScoringMethod};
use crate::sgf::record::{GameRecord, MoveTarget, Node};

/// Something drawn on one point over what stands there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// The move about to be played on this empty point: a ghost stone, ringed.
    Move(Color),
    /// A ring around the stone already standing here (the point of an `occupied` move, or
    /// the stone a repeated position was made by).
    Ring,
    /// A stone that the marked move would take off: the chains it captures, or its own
    /// chain when it captures nothing and has no liberty left (suicide).
    Dies,
    /// A stone counted dead (taken off before counting).
    Dead,
    /// A stone whose fate the estimate is unsure of.
    Uncertain,
    /// A stone in seki (alive; its shared liberties are dame).
    Seki,
}

/// One board of a figure.
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    /// What the board shows, in a few words ("before move 12").
    pub title: String,
    pub position: Position,
    /// Whom each point is counted for (row-major), for a counted position; else empty.
    pub owner: Vec<Owner>,
    /// Marks, sorted by point.
    pub marks: Vec<(Point, Mark)>,
}

impl Panel {
    /// A panel of a position with nothing marked.
    pub fn plain(title: impl Into<String>, position: Position) -> Panel {
        Panel {
            title: title.into(),
            position,
            owner: Vec::new(),
            marks: Vec::new(),
        }
    }

    /// The marks on one point.
    pub fn marks_at(&self, p: Point) -> impl Iterator<Item = Mark> + '_ {
        let from = self.marks.partition_point(|(q, _)| *q < p);
        self.marks[from..]
            .iter()
            .take_while(move |(q, _)| *q == p)
            .map(|(_, m)| *m)
    }

    fn sort_marks(&mut self) {
        self.marks.sort();
        self.marks.dedup();
    }
}

/// One or more boards side by side, with a caption under them.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    pub panels: Vec<Panel>,
    pub caption: Vec<String>,
}

/// The main-line nodes up to the one that holds move `moves + 1`, that node's setup
/// included (it is applied before its move), its move left out.
fn prefix<'a>(record: &GameRecord<'a>, moves: u32) -> GameRecord<'a> {
    let mut nodes: Vec<Node> = Vec::with_capacity(record.nodes.len());
    let mut played = 0;
    for node in &record.nodes {
        if node.mv.is_some() && played == moves {
            if !node.setup.is_empty() {
                nodes.push(Node {
                    mv: None,
                    ..node.clone()
                });
            }
            break;
        }
        played += u32::from(node.mv.is_some());
        nodes.push(node.clone());
    }
    GameRecord {
        nodes,
        setup: record.setup.clone(),
        ..GameRecord::default()
    }
}

/// The board after the first `moves` moves of the main line (0: the start, setup
/// included), replayed as the audit replays it (illegal moves are lost turns).
pub fn position_after(
    record: &GameRecord<'_>,
    size: BoardSize,
    rules: &Rules,
    moves: u32,
) -> Position {
    let part = prefix(record, moves);
    replay(&part, size, rules, false, true)
        .final_position
        .unwrap_or_else(|| Position::empty(size))
}

/// The recorded move number `number` (from 1): its colour and target.
pub fn recorded_move(record: &GameRecord<'_>, number: u32) -> Option<(Color, MoveTarget)> {
    let index = usize::try_from(number.checked_sub(1)?).ok()?;
    record
        .nodes
        .iter()
        .filter_map(|n| n.mv)
        .nth(index)
        .map(|m| (m.color, m.target))
}

/// The stones of the chain at `p` (which must hold a stone) and whether it has a liberty.
fn chain(position: &Position, p: Point) -> (Vec<Point>, bool) {
    let size = position.size;
    let color = position.get(p);
    let mut seen = vec![false; size.points()];
    let mut stones = vec![p];
    let mut free = false;
    seen[size.index(p)] = true;
    let mut i = 0;
    while i < stones.len() {
        for q in size.neighbors(stones[i]) {
            let j = size.index(q);
            match position.cells[j] {
                None => free = true,
                c if c == color && !seen[j] => {
                    seen[j] = true;
                    stones.push(q);
                }
                _ => {}
            }
        }
        i += 1;
    }
    (stones, free)
}

/// What `color` playing on the empty point `p` would take off: the opponent's chains left
/// without liberties, or else its own chain when that has none (a suicide).
pub fn would_die(position: &Position, color: Color, p: Point) -> Vec<Point> {
    let mut after = position.clone();
    after.set(p, Some(color));
    let mut dead = Vec::new();
    for q in position.size.neighbors(p) {
        if after.get(q) == Some(color.opponent()) && !dead.contains(&q) {
            let (stones, free) = chain(&after, q);
            if !free {
                dead.extend(stones);
            }
        }
    }
    if dead.is_empty() {
        let (stones, free) = chain(&after, p);
        if !free {
            dead = stones;
        }
    }
    dead.sort();
    dead.dedup();
    dead
}

/// The position before move `number` with the move marked and what it would do: the
/// stone already there (`occupied`), the stones it would capture, its own chain that would
/// die (`suicide`); for a repetition (`ko`, `superko`, `cycle`) the earlier identical
/// position beside it. `finding` is the finding at that move, if any, for the caption.
/// `None` when the game has no such move.
pub fn move_figure(
    record: &GameRecord<'_>,
    size: BoardSize,
    rules: &Rules,
    number: u32,
    finding: Option<&Finding>,
) -> Option<Figure> {
    let (color, target) = recorded_move(record, number)?;
    let position = position_after(record, size, rules, number - 1);
    let what = match target {
        MoveTarget::Pass => format!("{color} pass"),
        MoveTarget::Unreadable => format!("{color} (unreadable)"),
        MoveTarget::At(p) if size.contains(p) => format!("{color} {}", p.vertex(size)),
        MoveTarget::At(p) => format!("{color} [{}] (off the board)", p.sgf()),
    };
    let mut panel = Panel::plain(format!("before move {number}: {what}"), position);
    if let MoveTarget::At(p) = target {
        if size.contains(p) {
            if panel.position.get(p).is_some() {
                panel.marks.push((p, Mark::Ring));
            } else {
                panel.marks.push((p, Mark::Move(color)));
                for q in would_die(&panel.position, color, p) {
                    panel.marks.push((q, Mark::Dies));
                }
            }
        }
    }
    panel.sort_marks();
    let mut panels = vec![panel];
    if let Some(f) = finding {
        if let (Some(first), MoveTarget::At(p)) = (f.first_seen, target) {
            let earlier = position_after(record, size, rules, first);
            let title = if first == 0 {
                "the same position at the start".to_string()
            } else {
                format!("the same position after move {first}")
            };
            let mut panel = Panel::plain(title, earlier);
            if size.contains(p) && panel.position.get(p).is_some() {
                panel.marks.push((p, Mark::Ring));
            }
            panels.push(panel);
        }
    }
    let mut caption = Vec::new();
    if let Some(f) = finding {
        caption.push(format!("{}: {}", f.code, f.message));
    }
    Some(Figure { panels, caption })
}

/// The record of the path a side variation's moves are on (its name as in
/// [`Finding::variation`], e.g. `"1.0"`), written out as a game of its own; `None` when
/// the record has no such variation.
pub fn variation_record<'a>(record: &GameRecord<'a>, variation: &str) -> Option<GameRecord<'a>> {
    // A side line's name gains `.0` where it goes on into a deeper first variation; its
    // own name ends in another index.
    let mut own = variation;
    while let Some(shorter) = own.strip_suffix(".0") {
        own = shorter;
    }
    let line = record.side_lines.iter().position(|l| l.is_named(own))?;
    Some(record.path_record(line as u32))
}

/// [`move_figure`] of move `number` on the path of `variation` (the main line when
/// `None`), the variation named in the panel's title and the caption.
pub fn move_figure_in(
    record: &GameRecord<'_>,
    size: BoardSize,
    rules: &Rules,
    (number, variation): (u32, Option<&str>),
    finding: Option<&Finding>,
) -> Option<Figure> {
    let Some(name) = variation else {
        return move_figure(record, size, rules, number, finding);
    };
    let path = variation_record(record, name)?;
    let mut figure = move_figure(&path, size, rules, number, finding)?;
    let title = &mut figure.panels[0].title;
    *title = title.replacen(
        &format!("before move {number}"),
        &format!("before move {number} of variation {name}"),
        1,
    );
    figure.caption.push(format!(
        "variation {name}: a side line, its moves numbered from the start along its own path"
    ));
    Some(figure)
}

/// A counted position: stones, dead stones, the owner of every point, seki and unsure
/// stones, with `caption` under it.
pub fn counted_figure(
    position: &Position,
    score: &Score,
    method: ScoringMethod,
    caption: Vec<String>,
) -> Figure {
    let dead: Vec<Point> = score
        .dead_black
        .iter()
        .chain(&score.dead_white)
        .copied()
        .collect();
    let owner = count_area(position, &dead, method).owner;
    let mut panel = Panel {
        title: format!("counted ({} dead stones)", score.dead_from.as_str()),
        position: position.clone(),
        owner,
        marks: Vec::new(),
    };
    let on_board = |p: &&Point| position.size.contains(**p);
    panel
        .marks
        .extend(dead.iter().filter(on_board).map(|&p| (p, Mark::Dead)));
    panel.marks.extend(
        score
            .uncertain
            .iter()
            .filter(on_board)
            .map(|&p| (p, Mark::Uncertain)),
    );
    // Seki points: the stones the estimate judged in seki. A count that knows its seki
    // points otherwise (e.g. a territory count's dame) adds them here.
    panel
        .marks
        .extend(score.seki.iter().filter(on_board).map(|&p| (p, Mark::Seki)));
    panel.sort_marks();
    Figure {
        panels: vec![panel],
        caption,
    }
}

/// The first move the rules forbid among `findings` (a finding of severity `error` about
/// a move: `occupied`, `off-board`, `suicide`, `ko`, `superko`): on the main line, else
/// the first in a side variation.
pub fn first_illegal_move(findings: &[Finding]) -> Option<&Finding> {
    findings
        .iter()
        .filter(|f| {
            f.severity == Severity::Error
                && f.r#move.is_some()
                && matches!(
                    f.code,
                    Code::Occupied | Code::OffBoard | Code::Suicide | Code::Ko | Code::Superko
                )
        })
        .min_by_key(|f| (f.variation.is_some(), f.r#move, f.offset))
}

/// The diagrams of a game's problems for the HTML report: its first illegal move, and
/// for a result that disagrees with the count, the counted position. Empty for a game
/// without either, so that games without problems cost nothing.
pub fn problem_figures(
    record: &GameRecord<'_>,
    size: BoardSize,
    rules: &Rules,
    findings: &[Finding],
    report: &GameReport,
    final_position: Option<&Position>,
) -> Vec<Figure> {
    let mut figures = Vec::new();
    if let Some(f) = first_illegal_move(findings) {
        if let Some(fig) = f
            .r#move
            .and_then(|m| move_figure_in(record, size, rules, (m, f.variation.as_deref()), Some(f)))
        {
            figures.push(fig);
        }
    }
    if report.check.verdict == Verdict::Disagrees {
        if let (Some(position), Some(score)) = (final_position, &report.score) {
            // The count the check compared, which may be the territory count.
            let compared = score
                .counted(score.counting)
                .map_or(&*score.result, |c| c.1);
            let caption = vec![format!(
                "{} count {compared}; RE[{}] disagrees",
                score.counting.as_str(),
                report.result.as_deref().unwrap_or("")
            )];
            figures.push(counted_figure(
                position,
                score,
                ScoringMethod::under(rules),
                caption,
            ));
        }
    }
    figures
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RuleSet;
    use crate::sgf::record::{parse_game, Limits};

    fn record(text: &str) -> GameRecord<'_> {
        parse_game(text, Limits::default())
    }

    #[test]
    fn the_position_before_a_move_is_the_replay_of_the_moves_before_it() {
        let text = "(;SZ[5];B[aa];W[ba];B[bb];W[ab];B[ca])";
        let r = record(text);
        let rules = RuleSet::Chinese.rules();
        let size = BoardSize::square(5).unwrap();
        assert_eq!(position_after(&r, size, &rules, 0), Position::empty(size));
        let before_4 = position_after(&r, size, &rules, 3);
        assert_eq!(
            before_4,
            Position::from_diagram(
                "X O . . .
                 . X . . .
                 . . . . .
                 . . . . .
                 . . . . ."
            )
        );
        // W ab takes the last liberty of the Black corner stone.
        let fig = move_figure(&r, size, &rules, 4, None).unwrap();
        let marks: Vec<_> = fig.panels[0].marks.clone();
        assert_eq!(
            marks,
            vec![
                (Point::new(0, 0), Mark::Dies),
                (Point::new(0, 1), Mark::Move(Color::White))
            ]
        );
    }

    #[test]
    fn setup_in_the_node_of_the_move_is_applied_before_it() {
        let text = "(;SZ[5];B[aa];AW[cc]W[dd])";
        let r = record(text);
        let size = BoardSize::square(5).unwrap();
        let p = position_after(&r, size, &RuleSet::Chinese.rules(), 1);
        assert_eq!(p.get(Point::new(2, 2)), Some(Color::White));
        assert_eq!(p.get(Point::new(3, 3)), None);
    }

    #[test]
    fn a_suicide_marks_its_own_chain() {
        let p = Position::from_diagram(
            ". X O .
             X O O .
             O O . .
             . . . .",
        );
        // Black in the corner captures nothing and leaves its chain without liberties.
        assert_eq!(
            would_die(&p, Color::Black, Point::new(0, 0)),
            vec![Point::new(0, 0), Point::new(0, 1), Point::new(1, 0)]
        );
        // White at the corner captures the two Black stones instead.
        assert_eq!(
            would_die(&p, Color::White, Point::new(0, 0)),
            vec![Point::new(0, 1), Point::new(1, 0)]
        );
    }
}
