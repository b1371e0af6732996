//! The pictures say what the replay says: SVG diagrams of `score --svg` and `show --svg`
//! are read back into boards (stones, dead stones, owners, the move's mark) and compared
//! with an independent replay (the `sgf-parse` reader and the flood-fill board); snapshots
//! pin the SVG of a few positions; the HTML report is the same bytes for any `--jobs`,
//! bounded, and shows a diagram for each illegal game.

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

#[test]
fn html_report_is_the_same_for_any_jobs_and_draws_every_illegal_game() {
    let one = sgfaudit(&["audit", "--format", "html", "--jobs", "1", "corpus"]);
    let three = sgfaudit(&["audit", "--format", "html", "--jobs", "3", "corpus"]);
    assert_eq!(one.status.code(), Some(1));
    assert!(one.stdout == three.stdout, "--jobs 1 and --jobs 3 differ");
    let html = String::from_utf8(one.stdout).unwrap();
    let json = common::json_lines(&sgfaudit(&["audit", "--json", "corpus"]).stdout);
    let summary = &json.last().unwrap()["data"];
    assert!(
        html.contains(&format!(
            r#"<b id="games" class="">{}</b>"#,
            summary["games"]
        )),
        "game count"
    );
    for status in ["ok", "illegal", "mismatch", "error"] {
        assert!(
            html.contains(&format!(
                r#"id="status-{status}" class="st-{status}">{}</b>"#,
                summary["by_status"][status]
            )),
            "{status}"
        );
    }
    // One row per problem game, and a diagram for each game with an illegal move.
    let games: Vec<&serde_json::Value> = json
        .iter()
        .filter(|l| l["type"] == "game")
        .map(|l| &l["data"])
        .collect();
    let problems = games
        .iter()
        .filter(|g| {
            g["status"] != "ok"
                || g["findings"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|f| f["severity"] != "info")
        })
        .count();
    assert_eq!(html.matches("<tr data-status=").count(), problems);
    let illegal = games.iter().filter(|g| g["status"] == "illegal").count();
    let disagrees = games
        .iter()
        .filter(|g| g["check"]["verdict"] == "disagrees")
        .count();
    let illegal_moves = games
        .iter()
        .filter(|g| {
            g["findings"].as_array().unwrap().iter().any(|f| {
                f["severity"] == "error"
                    && ["occupied", "off-board", "suicide", "ko", "superko"]
                        .contains(&f["code"].as_str().unwrap())
            })
        })
        .count();
    assert!(illegal_moves >= 10 && illegal_moves <= illegal);
    assert!(disagrees >= 1);
    assert_eq!(html.matches("<figure>").count(), illegal_moves + disagrees);
    // Nothing is loaded from anywhere.
    for needle in ["http://", "https://", "src=", "<link", "@import", "url("] {
        assert!(
            !html.contains(needle),
            "the page refers outside itself: {needle}"
        );
    }
}

/// The statuses of the table's rows, in the page's order.
fn row_statuses(html: &str) -> Vec<String> {
    html.split(r#"<tr data-status=""#)
        .skip(1)
        .map(|r| r.split('"').next().unwrap().to_string())
        .collect()
}

/// Where a status goes in the table: worst first.
fn status_rank(status: &str) -> usize {
    ["illegal", "mismatch", "error", "ok"]
        .iter()
        .position(|s| *s == status)
        .unwrap()
}

/// Undoes the page's escaping of text.
fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

#[test]
fn html_report_puts_the_worst_games_first_and_says_why_a_game_is_an_error() {
    let out = sgfaudit(&["audit", "--format", "html", "corpus"]);
    let html = String::from_utf8(out.stdout).unwrap();
    let statuses = row_statuses(&html);
    let ranks: Vec<usize> = statuses.iter().map(|s| status_rank(s)).collect();
    assert_eq!(statuses[0], "illegal");
    assert!(ranks.windows(2).all(|w| w[0] <= w[1]), "{statuses:?}");
    // Inside a group, input order (the JSON Lines order).
    let json = common::json_lines(&sgfaudit(&["audit", "--json", "corpus"]).stdout);
    let illegal: Vec<String> = common::games(&json)
        .iter()
        .filter(|g| g["status"] == "illegal")
        .map(|g| g["path"].as_str().unwrap().to_string())
        .collect();
    let paths: Vec<String> = html
        .split(r#"<td class="path">"#)
        .skip(1)
        .take(illegal.len())
        .map(|cell| {
            // The link's text: the path.
            let link = cell.split("</a>").next().unwrap();
            let path = &link[link.find('>').unwrap() + 1..];
            unescape(
                &path
                    .replace("<wbr>", "")
                    .replace("<span>", "")
                    .replace("</span>", ""),
            )
        })
        .collect();
    assert_eq!(paths, illegal);
    // Every error row says why: the first error finding, by code and message.
    let errors: Vec<&str> = html.split(r#"<tr data-status="error""#).skip(1).collect();
    assert!(!errors.is_empty());
    for row in errors {
        let row = row.split("</tr>").next().unwrap();
        let why = row
            .split(r#"<div class="why">"#)
            .nth(1)
            .unwrap_or_else(|| panic!("an error row without its reason: {row}"));
        assert!(why.contains(": "), "{why}");
    }
}

#[test]
fn html_report_shows_a_result_by_the_count_the_check_compared() {
    let Some(shared) = common::shared_corpus() else {
        return;
    };
    // Counted by territory (W+139.5), as the rules call for; the area count is W+140.5.
    let file =
        shared.join("real/ai-tournaments/The_11th_Computer_Go_UEC_Cup/day1_4-QuinoaIgo-Ray.sgf");
    let file = file.to_str().unwrap();
    let json = common::json_lines(&sgfaudit(&["audit", "--json", file]).stdout);
    let game = common::games(&json)[0].clone();
    assert_eq!(game["score"]["counting"], "territory");
    assert_eq!(game["check"]["verdict"], "disagrees");
    let counted = game["check"]["computed"].as_str().unwrap();
    assert_ne!(counted, game["score"]["result"].as_str().unwrap());
    let html = String::from_utf8(sgfaudit(&["audit", "--format", "html", file]).stdout).unwrap();
    assert!(
        html.contains(&format!("<br>territory count {counted}<br>")),
        "the table"
    );
    assert!(
        html.contains(&format!("territory count {counted}; RE[B+139.5] disagrees")),
        "the caption"
    );
}

#[test]
fn html_report_show_lines_run_as_copied() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("my games");
    std::fs::create_dir(&games).unwrap();
    let name = "it's <a> & $b.sgf";
    std::fs::copy(
        root().join("corpus/shapes/triple-ko__superko@8.sgf"),
        games.join(name),
    )
    .unwrap();
    let out = sgfaudit(&["audit", "--format", "html", games.to_str().unwrap()]);
    let html = String::from_utf8(out.stdout).unwrap();
    let line = html
        .split(r#"<pre class="show">"#)
        .nth(1)
        .and_then(|r| r.split("</pre>").next())
        .map(unescape)
        .expect("a show line");
    assert!(line.starts_with("sgfaudit show "), "{line}");
    assert!(line.ends_with("--game 0 --move 8"), "{line}");
    // Run as written by a POSIX shell, with `sgfaudit` being this build.
    let run = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("sgfaudit() {{ \"$SGFAUDIT\" \"$@\"; }}; {line}"))
        .env("SGFAUDIT", env!("CARGO_BIN_EXE_sgfaudit"))
        .output()
        .unwrap();
    assert_eq!(
        run.status.code(),
        Some(0),
        "{line}: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(String::from_utf8_lossy(&run.stdout).contains("move 8"));
}

#[test]
fn html_report_shows_the_worst_problem_games_and_says_how_many_more() {
    use sgfaudit::audit::Status;
    use sgfaudit::output::html::HtmlReporter;
    use sgfaudit::output::progress::ProgressMode;
    use sgfaudit::run::{run, RunConfig};
    let config = RunConfig {
        paths: vec![root().join("corpus")],
        walk: Default::default(),
        audit: AuditOptions {
            figures: true,
            ..AuditOptions::default()
        },
        fail_on: vec![Status::Illegal],
        jobs: 2,
        progress: ProgressMode::Never,
        input_errors: Vec::new(),
        errors_to_stderr: false,
        part: sgfaudit::run::Part::All,
        gate: Default::default(),
    };
    let mut all = Vec::new();
    let mut reporter = HtmlReporter::new(Box::new(&mut all));
    run(&config, &mut reporter).unwrap();
    drop(reporter);
    let mut some = Vec::new();
    let mut reporter = HtmlReporter::with_limit(Box::new(&mut some), 5);
    run(&config, &mut reporter).unwrap();
    drop(reporter);
    let (all, some) = (
        String::from_utf8(all).unwrap(),
        String::from_utf8(some).unwrap(),
    );
    let rows = all.matches("<tr data-status=").count();
    assert!(rows > 5);
    assert_eq!(some.matches("<tr data-status=").count(), 5);
    assert!(
        some.contains(&format!(r#"<b id="hidden">{}</b> more"#, rows - 5)),
        "the page says how many more"
    );
    // The rows kept are the worst: the first five of the whole table.
    assert_eq!(row_statuses(&some), row_statuses(&all)[..5]);
    let first = |html: &str| {
        html.split("<tr data-status=")
            .skip(1)
            .take(5)
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        first(&all)
            .last()
            .map(|r| r.split("</tr>").next().unwrap().to_string()),
        first(&some)
            .last()
            .map(|r| r.split("</tr>").next().unwrap().to_string())
    );
}
