//! The pictures say what the replay says: SVG diagrams of `score --svg` and `show --svg`
//! are read back into boards (stones, dead stones, owners, the move's mark) and compared
//! with an independent replay (the `sgf-parse` reader and the flood-fill board); snapshots
//! pin the SVG of a few positions.

use crate::common;

use std::collections::BTreeMap;
use std::path::Path;

use common::{root, sgfaudit};
use sgfaudit::audit::figure::{counted_figure, Figure, Mark, Panel};
use sgfaudit::audit::AuditOptions;
use sgfaudit::board::naive::NaiveBoard;
use sgfaudit::board::SuicideRule;
use sgfaudit::geom::{BoardSize, Color, Point, Position};
use sgfaudit::input::source::read_file;
use sgfaudit::output::svg::{standalone, write_figure, Style};
use sgfaudit::run::LoadedFile;
use sgfaudit::score::{count_area, Owner, ScoringMethod};
use sgfaudit::sgf::reference::read_games;

/// One board read back from a picture: what each `<use>` of a panel says is on a point.
#[derive(Debug, Default)]
struct ReadPanel {
    title: String,
    stones: BTreeMap<(u8, u8), Color>,
    dead: Vec<(u8, u8)>,
    owner: BTreeMap<(u8, u8), Owner>,
    marks: BTreeMap<(u8, u8), Vec<String>>,
}

impl ReadPanel {
    fn position(&self, size: BoardSize) -> Position {
        let mut p = Position::empty(size);
        for (&(c, r), &color) in &self.stones {
            assert!(size.contains(Point::new(c, r)), "stone off the board");
            p.set(Point::new(c, r), Some(color));
        }
        p
    }
}

/// Parses an SVG (it must be well-formed XML) into its panels.
fn read_svg(svg: &str) -> Vec<ReadPanel> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}\n{svg}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    let mut panels = Vec::new();
    for g in root
        .children()
        .filter(|n| n.has_tag_name("g") && n.attribute("transform").is_some())
    {
        let mut panel = ReadPanel::default();
        for n in g.descendants() {
            if n.has_tag_name("text") && panel.title.is_empty() {
                panel.title = n.text().unwrap_or("").to_string();
            }
            if !n.has_tag_name("use") {
                continue;
            }
            let href = n.attribute("href").expect("use has href");
            let at = |name: &str| -> u8 {
                n.attribute(name)
                    .unwrap_or_else(|| panic!("{href} without {name}"))
                    .parse()
                    .unwrap_or_else(|_| panic!("{href}: {name} is not a whole point"))
            };
            let p = (at("x"), at("y"));
            match href {
                "#b" | "#bd" => {
                    assert!(
                        panel.stones.insert(p, Color::Black).is_none(),
                        "two stones on {p:?}"
                    );
                }
                "#w" | "#wd" => {
                    assert!(
                        panel.stones.insert(p, Color::White).is_none(),
                        "two stones on {p:?}"
                    );
                }
                "#tb" => drop(panel.owner.insert(p, Owner::Black)),
                "#tw" => drop(panel.owner.insert(p, Owner::White)),
                "#ts" => drop(panel.owner.insert(p, Owner::Shared)),
                "#h" => {}
                other => panel
                    .marks
                    .entry(p)
                    .or_default()
                    .push(other.trim_start_matches('#').to_string()),
            }
            if matches!(href, "#bd" | "#wd") {
                panel.dead.push(p);
            }
        }
        panels.push(panel);
    }
    panels
}

/// Replays a game's first `moves` moves on the flood-fill board, from the `sgf-parse`
/// reading of the record (void moves lose the turn, as art. 19 has it).
fn reference_position(path: &Path, size: BoardSize, moves: usize) -> Position {
    let text = std::fs::read_to_string(path).unwrap();
    let game = read_games(&text).unwrap().remove(0);
    assert!(
        game.setup.len() <= 1,
        "{}: setup after the root",
        path.display()
    );
    let mut board = NaiveBoard::new(size);
    for list in &game.setup {
        for &(p, stone) in list {
            board.place(p, stone);
        }
    }
    for &(color, p) in game.moves.iter().take(moves) {
        match p {
            Some(p) if size.contains(p) => {
                let _ = board.play(color, p, SuicideRule::Forbidden, |_| false);
            }
            _ => board.pass(),
        }
    }
    board.position()
}

fn temp_svg(dir: &tempfile::TempDir, name: &str) -> String {
    dir.path().join(name).to_string_lossy().into_owned()
}

#[test]
fn score_svg_shows_the_final_board_its_dead_stones_and_owners() {
    let dir = tempfile::tempdir().unwrap();
    let files = [
        "corpus/gnugo/gnugo-9x9-s0003__ok.sgf",
        "corpus/gnugo/gnugo-9x9-h3-s0012__ok.sgf",
        "corpus/gnugo/gnugo-13x13-s0025__ok.sgf",
        "corpus/gnugo/gnugo-19x19-s0032__ok.sgf",
    ];
    for file in files {
        let out = temp_svg(&dir, "score.svg");
        let run = sgfaudit(&["score", file, "--svg", &out]);
        assert_eq!(
            run.status.code(),
            Some(0),
            "{file}: {}",
            String::from_utf8_lossy(&run.stderr)
        );
        let svg = std::fs::read_to_string(&out).unwrap();
        let panels = read_svg(&svg);
        assert_eq!(panels.len(), 1, "{file}");
        let panel = &panels[0];

        // The report's own count, from the library.
        let loaded = LoadedFile::new(file.to_string(), read_file(&root().join(file)).unwrap());
        let options = AuditOptions {
            keep_board: true,
            ..AuditOptions::default()
        };
        let report = loaded.audit(0, &options);
        let board = report.board.clone().unwrap();
        let size = board.size;
        let moves = report.moves as usize;
        assert_eq!(
            panel.position(size),
            reference_position(&root().join(file), size, moves),
            "{file}: the stones in the picture are not the replayed final board"
        );
        let score = report.score.clone().unwrap();
        let mut dead: Vec<(u8, u8)> = score
            .dead_black
            .iter()
            .chain(&score.dead_white)
            .map(|p| (p.col, p.row))
            .collect();
        dead.sort();
        let mut drawn_dead = panel.dead.clone();
        drawn_dead.sort();
        assert_eq!(drawn_dead, dead, "{file}: dead stones");
        // Each empty or dead point carries its owner's square, and nothing else does.
        let dead_points: Vec<Point> = score
            .dead_black
            .iter()
            .chain(&score.dead_white)
            .copied()
            .collect();
        let count = count_area(&board, &dead_points, ScoringMethod::SplitShared);
        for i in 0..size.points() {
            let p = size.point(i);
            let counted_over = board.cells[i].is_none() || dead_points.contains(&p);
            let expected = match count.owner[i] {
                Owner::Nobody => None,
                o if counted_over => Some(o),
                _ => None,
            };
            assert_eq!(
                panel.owner.get(&(p.col, p.row)).copied(),
                expected,
                "{file}: owner of {p:?}"
            );
        }
        assert!(
            svg.contains(&format!("RE[{}]: agrees", report.result.clone().unwrap())),
            "{file}: caption"
        );
    }
}

#[test]
fn show_svg_shows_the_position_before_the_move_and_marks_it() {
    let dir = tempfile::tempdir().unwrap();
    // Each named `__code@move`; the move is the game's first illegal one.
    let files = [
        (
            "corpus/rules/art19-play-on-occupied-point__occupied@4.sgf",
            4,
            "occupied",
        ),
        (
            "corpus/rules/art19-play-on-own-stone__occupied@3.sgf",
            3,
            "occupied",
        ),
        ("corpus/rules/art20-ko-immediate-retake__ko@2.sgf", 2, "ko"),
        (
            "corpus/rules/art5-suicide-in-corner__suicide@5.sgf",
            5,
            "suicide",
        ),
        (
            "corpus/rules/art5-suicide-multi-stone__suicide@7.sgf",
            7,
            "suicide",
        ),
        (
            "corpus/rules/art6-superko-repeats-root-position__superko@4.sgf",
            4,
            "superko",
        ),
        ("corpus/shapes/eternal-life__superko@6.sgf", 6, "superko"),
        (
            "corpus/shapes/sending-two-returning-one__superko@7.sgf",
            7,
            "superko",
        ),
        ("corpus/shapes/triple-ko__superko@8.sgf", 8, "superko"),
    ];
    for (file, number, code) in files {
        let out = temp_svg(&dir, "show.svg");
        // With --move, and without it (the first illegal move): the same picture.
        let run = sgfaudit(&["show", file, "--move", &number.to_string(), "--svg", &out]);
        assert_eq!(
            run.status.code(),
            Some(0),
            "{file}: {}",
            String::from_utf8_lossy(&run.stderr)
        );
        let svg = std::fs::read_to_string(&out).unwrap();
        let run = sgfaudit(&["show", file, "--svg", &out]);
        assert_eq!(run.status.code(), Some(0));
        assert_eq!(
            std::fs::read_to_string(&out).unwrap(),
            svg,
            "{file}: default move"
        );

        let text = std::fs::read_to_string(root().join(file)).unwrap();
        let game = read_games(&text).unwrap().remove(0);
        let size = sgfaudit::audit::parse_size(
            text.split("SZ[")
                .nth(1)
                .and_then(|s| s.split(']').next())
                .unwrap_or("19"),
        )
        .unwrap();
        let panels = read_svg(&svg);
        let before = panels[0].position(size);
        assert_eq!(
            before,
            reference_position(&root().join(file), size, number - 1),
            "{file}: the position before move {number}"
        );
        assert!(
            panels[0]
                .title
                .starts_with(&format!("before move {number}")),
            "{}",
            panels[0].title
        );
        let (color, Some(p)) = game.moves[number - 1] else {
            panic!("{file}: a pass")
        };
        let marks = &panels[0].marks[&(p.col, p.row)];
        match code {
            "occupied" => {
                assert!(before.get(p).is_some(), "{file}");
                assert_eq!(marks, &["r"], "{file}: the stone already there is ringed");
            }
            _ => {
                let ghost = if color == Color::Black { "gb" } else { "gw" };
                assert!(
                    marks.contains(&ghost.to_string()) && marks.contains(&"r".to_string()),
                    "{file}: {marks:?}"
                );
            }
        }
        // What the move would take off, by the flood-fill board.
        let mut board = NaiveBoard::new(size);
        for (i, c) in before.cells.iter().enumerate() {
            if let Some(c) = c {
                board.place(size.point(i), Some(*c));
            }
        }
        let crossed: Vec<(u8, u8)> = panels[0]
            .marks
            .iter()
            .filter(|(_, m)| m.contains(&"x".to_string()))
            .map(|(p, _)| *p)
            .collect();
        match code {
            "suicide" => {
                let result = board.play(color, p, SuicideRule::Forbidden, |_| false);
                assert!(result.is_err(), "{file}: the move is a suicide");
                // The chain that would die: the move's stone and its neighbours of its colour.
                let mut after = before.clone();
                after.set(p, Some(color));
                assert!(crossed.contains(&(p.col, p.row)), "{file}");
                for &(c, r) in &crossed {
                    assert_eq!(after.get(Point::new(c, r)), Some(color), "{file}");
                }
            }
            "ko" | "superko" => {
                board
                    .play(color, p, SuicideRule::Forbidden, |_| false)
                    .unwrap();
                let after = board.position();
                for &(c, r) in &crossed {
                    assert_eq!(
                        before.get(Point::new(c, r)),
                        Some(color.opponent()),
                        "{file}"
                    );
                    assert_eq!(
                        after.get(Point::new(c, r)),
                        None,
                        "{file}: crossed but not captured"
                    );
                }
                let captured = before
                    .cells
                    .iter()
                    .zip(&after.cells)
                    .filter(|(b, a)| b.is_some() && a.is_none())
                    .count();
                assert_eq!(
                    crossed.len(),
                    captured,
                    "{file}: every captured stone is crossed"
                );
                // The earlier identical position beside it: the move's result.
                assert_eq!(panels.len(), 2, "{file}");
                assert_eq!(
                    panels[1].position(size),
                    after,
                    "{file}: the repeated position"
                );
                assert!(
                    panels[1].title.starts_with("the same position"),
                    "{}",
                    panels[1].title
                );
            }
            _ => assert!(crossed.is_empty(), "{file}"),
        }
    }
}

#[test]
fn show_draws_the_handicap_stones_a_record_lacks_where_the_audit_placed_them() {
    // HA[2] on 9×9 without AB[], White first: the audit replays it with the stones at
    // G7 and C3, where White's E3 captures C3 and D3 and White plays D3 again.
    let dir = tempfile::tempdir().unwrap();
    let sgf = dir.path().join("no-handicap-stones.sgf");
    std::fs::write(
        &sgf,
        "(;GM[1]FF[4]SZ[9]HA[2]RE[W+R];W[bg];B[dg];W[cf];B[ia];W[ch];B[ib];W[df];B[ic];W[dh];B[id];W[eg];B[ie];W[dg])",
    )
    .unwrap();
    let sgf = sgf.to_string_lossy().into_owned();
    let out = temp_svg(&dir, "show.svg");
    let black = |panel: &ReadPanel, c, r| panel.stones.get(&(c, r)) == Some(&Color::Black);
    let run = sgfaudit(&["show", &sgf, "--move", "1", "--svg", &out]);
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let start = &read_svg(&std::fs::read_to_string(&out).unwrap())[0];
    assert!(
        black(start, 6, 2) && black(start, 2, 6),
        "{:?}",
        start.stones
    );
    assert_eq!(start.stones.len(), 2);
    // Before White's last move, C3 and D3 were taken: D3 is empty, not occupied.
    let run = sgfaudit(&["show", &sgf, "--move", "13", "--svg", &out]);
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let before = &read_svg(&std::fs::read_to_string(&out).unwrap())[0];
    assert!(black(before, 6, 2), "{:?}", before.stones);
    assert!(!before.stones.contains_key(&(2, 6)) && !before.stones.contains_key(&(3, 6)));
}

#[test]
fn show_prints_a_text_board_and_names_what_it_cannot_show() {
    let file = "corpus/rules/art19-play-on-occupied-point__occupied@4.sgf";
    let out = sgfaudit(&["show", file]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("before move 4"), "{text}");
    assert!(
        text.contains(">X") || text.contains(">O"),
        "the stone already there is marked:\n{text}"
    );
    assert!(text.contains("occupied:"), "{text}");

    let out = sgfaudit(&["show", file, "--move", "99"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("no move 99") && err.contains(file), "{err}");

    let out = sgfaudit(&["show", "corpus/gnugo/gnugo-9x9-s0003__ok.sgf"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no illegal move"));

    let out = sgfaudit(&[
        "show",
        "corpus/gnugo/gnugo-9x9-s0003__ok.sgf",
        "--game",
        "3",
        "--move",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no game 3"));
}

#[test]
fn show_and_the_html_report_draw_a_side_variations_move_on_its_own_path() {
    // Variation "0.1" leaves the main line after Black 3 took the White stone at A5;
    // White 4 on A5 is a suicide there. On the main line A5 is taken by Black 5, and on
    // variation "1" the board has a White stone on A5 and none on A4.
    let file = "corpus/rules/art5-side-variations-each-on-their-own-board__suicide@4.sgf";
    let out = sgfaudit(&["show", file]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("before move 4 of variation 0.1: W A5"),
        "{text}"
    );
    assert!(text.contains("variation 0.1: a side line"), "{text}");
    // The A5 point is empty before the move (the capture happened on this path) and the
    // Black stones at B5 and A4 stand: row 5 reads `>* X`.
    assert!(text.contains("5>* X . . . 5"), "{text}");
    // The same move number on another path is another position.
    let out = sgfaudit(&["show", file, "--variation", "1", "--move", "4"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("before move 4 of variation 1: W A4"),
        "{text}"
    );
    assert!(text.contains("5 O X . . . 5"), "{text}");
    let out = sgfaudit(&["show", file, "--variation", "7", "--move", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no side variation 7"));

    let html = sgfaudit(&["audit", "--format", "html", file]);
    let html = String::from_utf8(html.stdout).unwrap();
    assert!(
        html.contains("before move 4 of variation 0.1"),
        "the figure's title"
    );
    assert!(
        html.contains("--move 4 --variation 0.1</pre>"),
        "the show line names the variation"
    );
}

fn tiny_figures() -> Vec<(&'static str, Figure)> {
    let p = Position::from_diagram(
        ". X O .
         X O . O
         . X O .
         . . . .",
    );
    let mut before = Panel::plain("before move 9: B C3", p.clone());
    before.marks = vec![
        (Point::new(1, 1), Mark::Dies),
        (Point::new(2, 1), Mark::Move(Color::Black)),
    ];
    let counted = Position::from_diagram(
        "X X O .
         X O O O
         X X O .
         . X O O",
    );
    let score = sgfaudit::score::score_position(
        &counted,
        &[],
        ScoringMethod::SplitShared,
        0.5,
        0.0,
        sgfaudit::score::DeadFrom::None,
    );
    vec![
        (
            "move",
            Figure {
                panels: vec![before],
                caption: vec!["ko: B C3 retakes the ko <at once> & loses the turn".into()],
            },
        ),
        (
            "counted",
            counted_figure(
                &counted,
                &score,
                ScoringMethod::SplitShared,
                vec!["counted W+0.5".into()],
            ),
        ),
    ]
}

#[test]
fn snapshots_of_small_diagrams() {
    for (name, figure) in tiny_figures() {
        insta::assert_snapshot!(format!("standalone_{name}"), standalone(&figure));
        let mut inline = String::new();
        write_figure(&figure, Style::Inline, &mut inline);
        insta::assert_snapshot!(format!("inline_{name}"), inline);
    }
}
