//! Side variations replayed like the main line.
//!
//! Random game trees on small boards (5x5 to 9x9) are generated move by move against a
//! referee written for these tests (a plain array board with flood-fill captures,
//! suicide, and a set of seen (board, side to move) states for situational superko). The
//! generator plants illegal moves of every kind in side lines (occupied, off-board,
//! suicide, a ko retaken at once, other repetitions, a move value that is no point, one
//! colour twice, moves after two passes, setup in the game) and the tests check that:
//!
//! * every rule finding of the tree is the referee's, at the move's `line:column`, with
//!   its move number along its own path and its variation name; none on a legal move;
//! * on each path from the root to a leaf, the tree's findings are exactly those of that
//!   path written out as a flat game (under three rule sets);
//! * the game is `illegal` when only a side line holds an illegal move.
//!
//! The referee follows the tool's stated semantics: an illegal move is void (the board is
//! unchanged, the other side moves next, that state enters the history); one colour twice
//! is `consecutive-move` and an implied pass (its state enters the history); a setup node
//! starts the history again. Where the name of a repetition is subtle (`ko` or `superko`)
//! only a ko retaken at once, right after a single-stone capture, is held to `ko`.
//!
//! This file holds the audit helpers and the tests; the referee is in `referee.rs`, the
//! tree generator in `trees.rs`.

mod names;
mod referee;
mod trees;

use std::collections::{BTreeMap, HashSet};

use crate::common::REPLAY_CODES;
use proptest::prelude::*;
use sgfaudit::audit::{audit_game, AuditOptions, GameInput, GameReport, Status};
use sgfaudit::finding::{Finding, Severity};
use sgfaudit::input::split::split;
use sgfaudit::rules::RuleSet;
use sgfaudit::score::DeadPolicy;
use trees::{Generator, Plan, Tree};

// ---------------------------------------------------------------------------------------
// Auditing
// ---------------------------------------------------------------------------------------

/// The codes of the replay (the rules, and what the replay makes of odd moves).
fn is_rule_code(code: &str) -> bool {
    REPLAY_CODES.contains(&code) || code == "bad-property"
}

/// The codes of an illegal move (error severity).
const ILLEGAL_CODES: [&str; 5] = ["occupied", "off-board", "suicide", "ko", "superko"];

fn is_rule(f: &Finding) -> bool {
    is_rule_code(f.code.as_str())
}

fn options(rules: Option<RuleSet>) -> AuditOptions {
    AuditOptions {
        rules,
        dead: DeadPolicy::None,
        ..AuditOptions::default()
    }
}

fn audit_with(text: &str, options: &AuditOptions) -> GameReport {
    let slices = split(text);
    assert_eq!(slices.len(), 1, "one game expected in {text}");
    let input = GameInput {
        path: "variations.sgf",
        index: 0,
        text,
        slice: &slices[0],
        encoding: "UTF-8",
        encoding_problem: None,
        first_tree: None,
    };
    audit_game(&input, options)
}

fn audit(text: &str) -> GameReport {
    audit_with(text, &options(None))
}

/// 1-based line and column (in bytes; the texts are ASCII) of a byte offset.
fn line_col(text: &str, offset: usize) -> (u32, u32) {
    let before = &text.as_bytes()[..offset];
    let line = 1 + before.iter().filter(|&&b| b == b'\n').count() as u32;
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    (line, (offset - line_start + 1) as u32)
}

/// A rule finding as a user reads it: `code move variation line:column`.
fn describe(f: &Finding) -> String {
    format!(
        "{} move {:?} variation {:?} at {}:{}",
        f.code,
        f.r#move,
        f.variation.as_deref(),
        f.line,
        f.column
    )
}

// ---------------------------------------------------------------------------------------
// a. Every rule finding of a tree is the referee's, placed and named
// ---------------------------------------------------------------------------------------

/// A finding compared between the tool and the referee: offset, code (`ko` and
/// `superko` both read `repetition`), move, variation, line, column.
type Placed = (usize, &'static str, Option<u32>, Option<String>, u32, u32);

fn loose(code: &'static str) -> &'static str {
    match code {
        "ko" | "superko" => "repetition",
        c => c,
    }
}

/// Checks a tree's audit against its referee; what was found where, by code and by
/// whether in a side line.
fn check_against_referee(tree: &Tree, counts: &mut BTreeMap<(&'static str, bool), usize>) {
    let report = audit(&tree.text);
    for f in &report.findings {
        assert!(
            f.severity != Severity::Error || ILLEGAL_CODES.contains(&f.code.as_str()),
            "unexpected error finding {} ({}) {}",
            describe(f),
            f.message,
            context(tree)
        );
    }
    let mut got = tool_placed(&report);
    let mut expected = referee_placed(tree, counts);
    got.sort();
    expected.sort();
    if got != expected {
        let only_got: Vec<_> = got.iter().filter(|g| !expected.contains(g)).collect();
        let only_expected: Vec<_> = expected.iter().filter(|e| !got.contains(e)).collect();
        panic!(
            "the tool's rule findings differ from the referee's\n only the tool: {only_got:?}\n only the referee: {only_expected:?}\n {}",
            context(tree)
        );
    }
    for id in 0..tree.nodes.len() {
        check_node(tree, &report, id);
    }
    let illegal = tree
        .nodes
        .iter()
        .any(|n| n.expected.iter().any(|c| ILLEGAL_CODES.contains(c)));
    let want = if illegal { Status::Illegal } else { Status::Ok };
    assert_eq!(report.status, want, "{}", context(tree));
}

/// What a failure message says of the tree it stands in.
fn context(tree: &Tree) -> String {
    format!("in the {0}x{0} tree\n{1}", tree.size, tree.text)
}

/// The tool's rule findings, placed.
fn tool_placed(report: &GameReport) -> Vec<Placed> {
    report
        .findings
        .iter()
        .filter(|f| is_rule(f))
        .map(|f| {
            (
                f.offset,
                loose(f.code.as_str()),
                f.r#move,
                f.variation.as_deref().map(str::to_string),
                f.line,
                f.column,
            )
        })
        .collect()
}

/// The referee's findings, placed; each counted by code and by whether in a side line.
fn referee_placed(tree: &Tree, counts: &mut BTreeMap<(&'static str, bool), usize>) -> Vec<Placed> {
    let mut expected: Vec<Placed> = Vec::new();
    for (id, node) in tree.nodes.iter().enumerate() {
        let offset = tree.finding_offset(id);
        let (line, column) = line_col(&tree.text, offset);
        for &code in &node.expected {
            let number = match code {
                "setup-in-game" | "setup-without-liberties" => None,
                _ => node.number,
            };
            expected.push((
                offset,
                loose(code),
                number,
                node.variation.clone(),
                line,
                column,
            ));
            *counts.entry((code, node.variation.is_some())).or_default() += 1;
        }
    }
    expected
}

/// The findings at one node: what was planted there, a ko retaken at once, no error on
/// a legal move.
fn check_node(tree: &Tree, report: &GameReport, id: usize) {
    let node = &tree.nodes[id];
    let offset = tree.finding_offset(id);
    let here: Vec<&Finding> = report
        .findings
        .iter()
        .filter(|f| is_rule(f) && f.offset == offset)
        .collect();
    // A planted illegal move is reported with its own code, where it was written.
    if let Some(kind) = node.planted {
        if node.expected.contains(&kind) {
            assert!(
                here.iter().any(|f| loose(f.code.as_str()) == loose(kind)),
                "planted {kind} at offset {offset} not reported {}",
                context(tree)
            );
        }
    }
    // A ko retaken at once is a ko, not a longer cycle.
    if node.ko_at_once {
        assert!(
            here.iter().any(|f| f.code.as_str() == "ko"),
            "ko retaken at once at offset {offset} ({}): reported as {:?} {}",
            node.body,
            here.iter().map(|f| describe(f)).collect::<Vec<_>>(),
            context(tree)
        );
    }
    // No error on a move the referee finds legal.
    if node.expected.iter().all(|c| !ILLEGAL_CODES.contains(c)) {
        assert!(
            here.iter().all(|f| f.severity != Severity::Error),
            "error on a legal move {:?} {}",
            here.iter().map(|f| describe(f)).collect::<Vec<_>>(),
            context(tree)
        );
    }
}

const PLAN: Plan = Plan {
    plant_main: true,
    budget: 90,
    max_depth: 5,
};

#[test]
fn every_illegal_move_of_every_side_line_is_reported_where_it_stands() {
    let mut counts = BTreeMap::new();
    for seed in 0..400u64 {
        let tree = Generator::tree(seed, PLAN);
        check_against_referee(&tree, &mut counts);
    }
    // The trees must have held what this test is about: each kind of finding in side
    // lines, many times.
    for code in [
        "occupied",
        "off-board",
        "suicide",
        "ko",
        "superko",
        "consecutive-move",
        "move-after-end",
        "setup-in-game",
        "setup-without-liberties",
        "bad-property",
    ] {
        let side = counts.get(&(code, true)).copied().unwrap_or(0);
        assert!(side >= 10, "only {side} {code} in side lines: {counts:?}");
    }
}

// ---------------------------------------------------------------------------------------
// b. A path of the tree is audited like the same moves written as one game
// ---------------------------------------------------------------------------------------

/// A rule finding by the node it stands at: node, offset in the node, code, move,
/// first seen, cycle length, message (empty for `move-after-end`, whose count of moves
/// after the end is the line's, not the path's).
type OnNode = (
    usize,
    usize,
    &'static str,
    Option<u32>,
    Option<u32>,
    Option<u32>,
    String,
);

fn on_node(f: &Finding, node: (usize, usize)) -> OnNode {
    let message = if f.code.as_str() == "move-after-end" {
        String::new()
    } else {
        f.message.clone()
    };
    (
        node.0,
        node.1,
        f.code.as_str(),
        f.r#move,
        f.first_seen,
        f.cycle_length,
        message,
    )
}

fn paths_are_audited_like_flat_games(seed: u64, rules: Option<RuleSet>) -> Result<(), String> {
    let tree = Generator::tree(seed, PLAN);
    let opts = options(rules);
    let report = audit_with(&tree.text, &opts);
    let mut in_tree: Vec<OnNode> = Vec::new();
    for f in report.findings.iter().filter(|f| is_rule(f)) {
        let Some(node) = tree.node_at(f.offset) else {
            return Err(format!("{} at {} is in no node", describe(f), f.offset));
        };
        // The variation named is the node's.
        if f.variation.as_deref() != tree.nodes[node.0].variation.as_deref() {
            return Err(format!(
                "{} names variation {:?}, the node is in {:?}",
                describe(f),
                f.variation,
                tree.nodes[node.0].variation
            ));
        }
        in_tree.push(on_node(f, node));
    }
    let mut any_illegal = false;
    for path in &tree.paths {
        let (flat, starts) = tree.flat(path);
        let flat_report = audit_with(&flat, &opts);
        any_illegal |= flat_report.status == Status::Illegal;
        let mut want: Vec<OnNode> = Vec::new();
        for f in flat_report.findings.iter().filter(|f| is_rule(f)) {
            let (&start, &id) = starts
                .range(..=f.offset)
                .next_back()
                .ok_or_else(|| format!("{} before the first node of {flat}", describe(f)))?;
            if f.variation.is_some() {
                return Err(format!("{} in a game without variations", describe(f)));
            }
            want.push(on_node(f, (id, f.offset - start)));
        }
        let on_path: HashSet<usize> = path.iter().copied().collect();
        let mut got: Vec<OnNode> = in_tree
            .iter()
            .filter(|f| on_path.contains(&f.0))
            .cloned()
            .collect();
        got.sort();
        want.sort();
        if got != want {
            let only_tree: Vec<_> = got.iter().filter(|g| !want.contains(g)).collect();
            let only_flat: Vec<_> = want.iter().filter(|w| !got.contains(w)).collect();
            return Err(format!(
                "path {path:?} (rules {rules:?}): the tree's findings differ from the flat game's\n only in the tree: {only_tree:?}\n only in the flat game: {only_flat:?}\n flat game: {flat}"
            ));
        }
    }
    let tree_illegal = report.status == Status::Illegal;
    if tree_illegal != any_illegal {
        return Err(format!(
            "tree status {:?} but a path is illegal: {any_illegal}",
            report.status
        ));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]

    #[test]
    fn each_path_is_audited_like_the_same_moves_written_as_one_game(seed in any::<u64>()) {
        for rules in [None, Some(RuleSet::TrompTaylor), Some(RuleSet::Japanese)] {
            if let Err(e) = paths_are_audited_like_flat_games(seed, rules) {
                let tree = Generator::tree(seed, PLAN);
                prop_assert!(false, "{e}\ntree: {}", tree.text);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// c. Concrete cases
// ---------------------------------------------------------------------------------------

/// The rule findings of a game as `code move variation line:column`.
fn rule_findings(text: &str) -> Vec<String> {
    let mut out: Vec<String> = audit(text)
        .findings
        .iter()
        .filter(|f| is_rule(f))
        .map(describe)
        .collect();
    out.sort();
    out
}

/// `code move variation at line:column` of the `nth` (from 0) occurrence of `needle`.
fn at(
    text: &str,
    needle: &str,
    nth: usize,
    code: &str,
    r#move: u32,
    variation: Option<&str>,
) -> String {
    let offset = text
        .match_indices(needle)
        .nth(nth)
        .unwrap_or_else(|| panic!("no {needle} #{nth} in {text}"))
        .0;
    let (line, column) = line_col(text, offset);
    format!(
        "{code} move {:?} variation {variation:?} at {line}:{column}",
        Some(r#move)
    )
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

#[test]
fn an_occupied_point_is_reported_on_the_main_line_and_in_the_side_line() {
    let text = "(;GM[1]FF[4]SZ[9];B[cc];W[dd](;B[cc])(;B[ee];W[ee]))";
    let report = audit(text);
    assert_eq!(report.status, Status::Illegal);
    let found: Vec<&Finding> = report.findings.iter().filter(|f| is_rule(f)).collect();
    assert_eq!(found.len(), 2, "{found:?}");
    let main = found
        .iter()
        .find(|f| f.variation.is_none())
        .expect("main line finding");
    assert_eq!(
        (main.code.as_str(), main.r#move, main.line, main.column),
        ("occupied", Some(3), 1, 32)
    );
    let side = found
        .iter()
        .find(|f| f.variation.is_some())
        .expect("side line finding");
    assert_eq!(
        (
            side.code.as_str(),
            side.r#move,
            side.variation.as_deref(),
            side.line,
            side.column
        ),
        ("occupied", Some(4), Some("1"), 1, 46)
    );
    assert_eq!(side.point.as_deref(), Some("ee"));
    assert_eq!(side.color, Some("W"));
}

#[test]
fn variation_names_follow_the_child_indices_down_the_tree() {
    // Every leaf plays W[aa] on B's stone: occupied, at its own place and name.
    let text = "(;GM[1]FF[4]SZ[9];B[aa];W[bb](;B[cc](;W[aa])(;W[dd];B[aa]))\n(;B[ee](;W[aa])(;W[ff];B[ff])))";
    assert_eq!(
        rule_findings(text),
        sorted(vec![
            at(text, "W[aa]", 0, "occupied", 4, None),
            at(text, "B[aa]", 1, "occupied", 5, Some("0.1")),
            at(text, "W[aa]", 1, "occupied", 4, Some("1.0")),
            at(text, "B[ff]", 0, "occupied", 5, Some("1.1")),
        ])
    );
}

/// Black takes the white corner stone at `aa` on the main line; side line "1" saves it
/// with W ab first (which the main line, replayed on after it, must not see: its B ab is
/// legal), and its sub-lines take both stones on one path and not on the other.
///
/// ```text
///   main: B ba, W aa, B ii, W hh, B ab (takes aa), W gg, then
///         (B aa legal, W ab occupied) | "0.1": B ia, W aa suicide
///   "1":  W ab (aa and ab now two stones), B aa occupied, W hh, B ac, W gg, then
///         "1.0": B bb takes aa and ab, W ab legal (aa is a liberty)
///       | "1.1": B aa occupied again (the capture of "1.0" is not on this path)
/// ```
#[test]
fn each_line_sees_the_board_of_its_own_path_after_captures() {
    let text = "(;FF[4]GM[1]SZ[9];B[ba];W[aa];B[ii]\n\
                (;W[hh];B[ab];W[gg](;B[aa];W[ab])(;B[ia];W[aa]))\n\
                (;W[ab];B[aa];W[hh];B[ac];W[gg](;B[bb];W[ab];B[aa])(;B[aa])))";
    assert_eq!(
        rule_findings(text),
        sorted(vec![
            // Main line: ab holds the black stone that captured aa.
            at(text, "W[ab]", 0, "occupied", 8, None),
            // "0.1": aa empty but surrounded by B ba and B ab: suicide.
            at(text, "W[aa]", 1, "suicide", 8, Some("0.1")),
            // "1": aa still holds White's stone here.
            at(text, "B[aa]", 1, "occupied", 5, Some("1")),
            // "1.0": W ab after B bb took aa and ab: legal (aa is empty here); B aa
            // then takes W ab. Nothing to report.
            // "1.1": without the capture of "1.0", aa is White's again.
            at(text, "B[aa]", 3, "occupied", 9, Some("1.1")),
        ])
    );
    assert_eq!(audit(text).status, Status::Illegal);
}

#[test]
fn siblings_playing_the_same_moves_do_not_repeat_each_other() {
    // Each line takes the ko at dc from the same position, then plays the same moves:
    // a repetition only if a line saw another's history. The last line retakes at once.
    let text = "(;FF[4]GM[1]SZ[9];B[cb];W[db];B[bc];W[ec];B[cd];W[dd];B[aa];W[cc]\
                (;B[dc];W[gg];B[hh])(;B[dc];W[gg];B[hh])(;B[dc];W[gg];B[hh])(;B[dc];W[cc]))";
    assert_eq!(
        rule_findings(text),
        vec![at(text, "W[cc]", 1, "ko", 10, Some("3"))]
    );
}

#[test]
fn empty_variations_take_no_child_index() {
    let text = "(;GM[1]FF[4]SZ[9];B[cc];W[dd]()(;B[ee])()(;B[cc](;W[ee])()(;W[dd])))";
    assert_eq!(
        rule_findings(text),
        sorted(vec![
            at(text, "B[cc]", 1, "occupied", 3, Some("1")),
            at(text, "W[dd]", 1, "occupied", 4, Some("1.1")),
        ])
    );
}

/// Black's stones at cb, bc, cd and White's at db, ec, dd around a ko at cc / dc.
const KO_SHAPE: &str = ";B[cb];W[db];B[bc];W[ec];B[cd];W[dd];B[aa];W[cc];B[dc]";

#[test]
fn a_ko_retake_is_illegal_at_once_and_legal_after_an_exchange_of_threats() {
    // Main line: White retakes at once (ko). "1": after an exchange elsewhere White may
    // retake; then Black may not retake at once. "2": Black retakes after a threat, but
    // "2.1" lets White retake at once, and "2.0" (a name with the main line's index,
    // but on side line "2") does not.
    let text = format!(
        "(;FF[4]GM[1]SZ[9]{KO_SHAPE}\n(;W[cc])\n(;W[gg];B[hh];W[cc];B[dc])\n(;W[gg];B[hh];W[cc];B[ff];W[fg];B[dc](;W[ee])(;W[cc])))"
    );
    let text = text.as_str();
    assert_eq!(
        rule_findings(text),
        sorted(vec![
            at(text, "W[cc]", 1, "ko", 10, None),
            at(text, "B[dc]", 1, "ko", 13, Some("1")),
            at(text, "W[cc]", 4, "ko", 16, Some("2.1")),
        ])
    );
    // The same moves written as one game each agree.
    for (flat, code, number) in [
        (
            format!("(;FF[4]GM[1]SZ[9]{KO_SHAPE};W[cc])"),
            Some("ko"),
            10,
        ),
        (
            format!("(;FF[4]GM[1]SZ[9]{KO_SHAPE};W[gg];B[hh];W[cc])"),
            None,
            12,
        ),
        (
            format!("(;FF[4]GM[1]SZ[9]{KO_SHAPE};W[gg];B[hh];W[cc];B[dc])"),
            Some("ko"),
            13,
        ),
    ] {
        let got: Vec<(String, Option<u32>)> = audit(&flat)
            .findings
            .iter()
            .filter(|f| is_rule(f))
            .map(|f| (f.code.to_string(), f.r#move))
            .collect();
        let want: Vec<(String, Option<u32>)> = code
            .map(|c| (c.to_string(), Some(number)))
            .into_iter()
            .collect();
        assert_eq!(got, want, "{flat}");
    }
}

#[test]
fn a_side_line_leaving_before_the_ko_capture_knows_nothing_of_it() {
    // "1" leaves before B takes at dc: W's cc stone still stands, B dc is a plain
    // capture there, and W may not retake at once.
    let text = "(;FF[4]GM[1]SZ[9];B[cb];W[db];B[bc];W[ec];B[cd];W[dd];B[aa]\
                (;W[cc];B[dc];W[ee];B[ff];W[cc])\
                (;W[ff];B[dc];W[cc];B[cc]))";
    assert_eq!(
        rule_findings(text),
        sorted(vec![
            // Variation "1": B dc is a plain move (no W stone at cc), W cc takes it (a
            // ko the other way round), then B cc is occupied.
            at(text, "B[cc]", 0, "occupied", 11, Some("1")),
        ])
    );
}

#[test]
fn moves_after_two_passes_in_a_side_line_are_its_own() {
    // Main line goes on; side line "1" ends by two passes and plays on.
    let text = "(;FF[4]GM[1]SZ[9];B[cc];W[dd](;B[ee];W[ff])(;B[];W[tt];B[ee];W[ff]))";
    assert_eq!(
        rule_findings(text),
        vec![at(text, "B[ee]", 1, "move-after-end", 5, Some("1"))]
    );
    // Passes on the main line before the branch: each line reports it once, the
    // shared part only on the main line.
    let text = "(;FF[4]GM[1]SZ[9];B[cc];W[];B[];W[dd](;B[ee])(;B[ff]))";
    assert_eq!(
        rule_findings(text),
        vec![at(text, "W[dd]", 0, "move-after-end", 4, None)]
    );
}

#[test]
fn setup_and_double_moves_in_side_lines_are_named_by_them() {
    let text = "(;FF[4]GM[1]SZ[5];B[bb];W[cc](;B[dd])(;W[dd];AB[ab][ba];B[ee];W[aa]))";
    let setup_at = text.find(";AB").unwrap();
    let (line, column) = line_col(text, setup_at);
    let setup = |code: &str| format!("{code} move None variation Some(\"1\") at {line}:{column}");
    assert_eq!(
        rule_findings(text),
        sorted(vec![
            at(text, "W[dd]", 0, "consecutive-move", 3, Some("1")),
            setup("setup-in-game"),
            // W aa among B ab, B ba: suicide on the set-up board.
            at(text, "W[aa]", 0, "suicide", 5, Some("1")),
        ])
    );
}

#[test]
fn planted_kinds_in_a_side_line_with_line_breaks() {
    let text = "(;FF[4]GM[1]SZ[9]\n;B[cc];W[dd]\n(;B[ee])\n(;B[ez];W[k]\n;B[tt];W[]\n;B[cc]))";
    assert_eq!(
        rule_findings(text),
        sorted(vec![
            at(text, "B[ez]", 0, "off-board", 3, Some("1")),
            at(text, "W[k]", 0, "bad-property", 4, Some("1")),
            // B[tt] and W[] are passes on a 9x9 board: the game ended; B[cc] is a move
            // after the end, and occupied.
            at(text, "B[cc]", 1, "move-after-end", 7, Some("1")),
            at(text, "B[cc]", 1, "occupied", 7, Some("1")),
        ])
    );
}

// ---------------------------------------------------------------------------------------
// d. The status of a game whose only illegal move is in a side line
// ---------------------------------------------------------------------------------------

#[test]
fn a_game_is_illegal_when_only_a_side_line_holds_an_illegal_move() {
    let text = "(;GM[1]FF[4]SZ[9];B[cc];W[dd](;B[ee])(;B[ff];W[cc]))";
    assert_eq!(audit(text).status, Status::Illegal);
    // Without side lines (`--main-line`) the same game is fine.
    let mut main_only = options(None);
    main_only.limits.side_lines = false;
    assert_eq!(audit_with(text, &main_only).status, Status::Ok);

    // Random trees whose main line is legal and some side line is not.
    let plan = Plan {
        plant_main: false,
        ..PLAN
    };
    let mut games = 0;
    for seed in 1000..1300u64 {
        let tree = Generator::tree(seed, plan);
        let main_legal = tree
            .nodes
            .iter()
            .filter(|n| n.variation.is_none())
            .all(|n| n.expected.iter().all(|c| !ILLEGAL_CODES.contains(c)));
        assert!(
            main_legal,
            "the generator planted on the main line: {}",
            tree.text
        );
        let side_illegal = tree
            .nodes
            .iter()
            .any(|n| n.expected.iter().any(|c| ILLEGAL_CODES.contains(c)));
        let report = audit(&tree.text);
        let main_path = &tree.paths[0];
        let (flat, _) = tree.flat(main_path);
        assert_eq!(
            audit(&flat).status,
            Status::Ok,
            "main line of {}",
            tree.text
        );
        assert_eq!(
            audit_with(&tree.text, &main_only).status,
            Status::Ok,
            "main line only: {}",
            tree.text
        );
        let want = if side_illegal {
            Status::Illegal
        } else {
            Status::Ok
        };
        assert_eq!(report.status, want, "{}", tree.text);
        games += side_illegal as usize;
    }
    assert!(games >= 100, "only {games} trees with an illegal side line");
}
