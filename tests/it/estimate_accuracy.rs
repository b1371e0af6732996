//! How often the dead-stone estimate (art. 8) agrees with two outside judges on real games
//! of `../shared/corpus`: the territory markup (`TB`/`TW`) the players' server or program
//! wrote at the end of the game, and GNU Go 3.8 (`--chinese-rules`) on finished games.
//! Where the markup leaves dead stones unmarked, GNU Go's own status reading of the same
//! game (`tests/data/gnugo-status-markup-games.tsv`, made by `scripts/gnugo-status.py`)
//! tells a markup slip from an estimate's error. GNU Go's `--score aftermath` under other
//! random seeds (`tests/data/gnugo-seed-scores.tsv`, by `scripts/gnugo-seeds.py`) shows
//! how far the judge's own count moves.
//!
//! Run in release mode (`cargo test --release --test estimate_accuracy -- --nocapture`) to
//! see the figures and the failures; `ESTIMATE_ACCURACY_BOARDS=1` also draws each failing
//! board. When the corpus is missing the tests fail under CI (`CI` set) and are skipped,
//! with a note, elsewhere.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use sgfaudit::audit::AuditOptions;
use sgfaudit::geom::{BoardSize, Color, Point, Position};
use sgfaudit::input::source::read_file;
use sgfaudit::rules::RuleSet;
use sgfaudit::run::LoadedFile;
use sgfaudit::score::estimate::{estimate_dead, ChainStatus, Estimate, EstimateConfig};
use sgfaudit::score::{
    count_area, dead_from_markup, dead_in_pass_alive_territory, score_position, DeadFrom,
    DeadPolicy, Owner, ScoringMethod,
};
use sgfaudit::sgf::record::{parse_game, Limits};

/// The shared corpus: `../shared/corpus` beside the project, or the first `shared/corpus`
/// found beside one of its parent folders (a checkout in a sub-folder of the workspace).
fn shared_corpus() -> Option<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let found = root
        .ancestors()
        .skip(1)
        .map(|a| a.join("shared/corpus"))
        .find(|p| p.join("real").is_dir());
    if found.is_some() {
        return found;
    }
    if std::env::var_os("CI").is_some() {
        panic!("../shared/corpus is missing, and CI is set: these tests must run in CI");
    }
    eprintln!("note: ../shared/corpus not found: test skipped");
    None
}

/// Rows of a tab-separated file with a header, as column name -> value.
fn read_tsv(path: &Path) -> Vec<BTreeMap<String, String>> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
    let header: Vec<&str> = lines.next().expect("a header").split('\t').collect();
    lines
        .filter(|l| !l.is_empty())
        .map(|l| {
            header
                .iter()
                .zip(l.split('\t').chain(std::iter::repeat("")))
                .map(|(h, v)| (h.to_string(), v.to_string()))
                .collect()
        })
        .collect()
}

/// The final position of a game as the replay leaves it, with its handicap and markup.
struct Game {
    board: Position,
    handicap: u32,
    territory_black: Vec<Point>,
    territory_white: Vec<Point>,
}

fn load(path: &Path) -> Vec<Game> {
    let bytes = read_file(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let file = LoadedFile::new(path.to_string_lossy().into_owned(), bytes);
    let options = AuditOptions {
        keep_board: true,
        dead: DeadPolicy::None,
        ..Default::default()
    };
    (0..file.games.len())
        .filter_map(|i| {
            let report = file.audit(i, &options);
            let record = parse_game(file.game_text(i), Limits::default());
            Some(Game {
                board: report.board?,
                handicap: report.handicap,
                territory_black: record.territory_black,
                territory_white: record.territory_white,
            })
        })
        .collect()
}

/// The estimate and its dead stones, uncertain chains counted by their status; timed.
fn estimate(board: &Position, times: &mut Vec<Duration>) -> (Estimate, Vec<Point>) {
    let start = Instant::now();
    let e = estimate_dead(board, &EstimateConfig::default());
    times.push(start.elapsed());
    let mut dead: Vec<Point> = e
        .chains
        .iter()
        .filter(|c| c.status == ChainStatus::Dead)
        .flat_map(|c| c.stones.iter().copied())
        .collect();
    dead.sort();
    (e, dead)
}

/// A GTP vertex (`C12`): columns `A`..`T` without `I`, rows from the bottom.
fn vertex(size: BoardSize, v: &str) -> Option<Point> {
    const LETTERS: &str = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    let col = LETTERS.find(v.chars().next()?.to_ascii_uppercase())?;
    let row: u8 = v[1..].parse().ok()?;
    (row >= 1 && row <= size.height && col < size.width as usize)
        .then(|| Point::new(col as u8, size.height - row))
}

/// The board as a diagram with GTP coordinates; `marks` maps points to a letter drawn
/// instead of the stone.
fn draw(board: &Position, marks: &BTreeMap<Point, char>) -> String {
    let size = board.size;
    let mut s = String::new();
    for row in 0..size.height {
        s.push_str(&format!("{:>3} ", size.height - row));
        for col in 0..size.width {
            let p = Point::new(col, row);
            let c = marks.get(&p).copied().unwrap_or(match board.get(p) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '.',
            });
            s.push(c);
            s.push(' ');
        }
        s.push('\n');
    }
    s
}

/// Draws a failing board: the judge's dead stones as `x`/`o`, the estimate's own as `?`,
/// the estimate's seki as `s`.
fn print_failure(
    path: &str,
    judge: &str,
    board: &Position,
    e: &Estimate,
    judge_dead: &[Point],
    ours: &[Point],
) {
    let mut marks = BTreeMap::new();
    for &p in judge_dead {
        let dead = if board.get(p) == Some(Color::Black) {
            'x'
        } else {
            'o'
        };
        marks.insert(p, dead);
    }
    for &p in &minus(ours, judge_dead) {
        marks.insert(p, '?');
    }
    for &p in &e.seki {
        marks.entry(p).or_insert('s');
    }
    println!(
        "{path} (x/o dead by {judge}, ? dead by estimate only, s seki)\n{}",
        draw(board, &marks)
    );
}

fn show_boards() -> bool {
    std::env::var_os("ESTIMATE_ACCURACY_BOARDS").is_some()
}

fn vertices(size: BoardSize, points: &[Point]) -> String {
    let v: Vec<String> = points.iter().map(|p| p.vertex(size)).collect();
    v.join(" ")
}

fn minus(a: &[Point], b: &[Point]) -> Vec<Point> {
    a.iter()
        .filter(|p| b.binary_search(p).is_err())
        .copied()
        .collect()
}

/// Why an estimate differs from another judge's dead stones, told from the position.
fn classify(board: &Position, e: &Estimate, judge_dead: &[Point], ours: &[Point]) -> &'static str {
    let only_judge = minus(judge_dead, ours);
    let only_ours = minus(ours, judge_dead);
    let benson = dead_in_pass_alive_territory(board);
    if open_points(&count_area(board, judge_dead, ScoringMethod::SplitShared)) >= 10 {
        return "unfinished: ten points or more that even the judge's dead stones leave open";
    }
    if only_judge
        .iter()
        .any(|&p| e.status_at(p) == Some(ChainStatus::Seki))
    {
        return "judge kills a group the estimate holds in seki";
    }
    if !only_ours.is_empty() && only_ours.iter().all(|p| benson.binary_search(p).is_ok()) {
        return "judge leaves stones in pass-alive territory alive (incomplete)";
    }
    let unsure = |ps: &[Point]| {
        ps.iter().any(|&p| {
            e.chain_at(p)
                .is_some_and(|c| c.confidence < EstimateConfig::default().uncertain_below)
        })
    };
    match (only_judge.is_empty(), only_ours.is_empty()) {
        (false, true) if unsure(&only_judge) => "estimate unsure, keeps alive what judge kills",
        (false, true) => "estimate keeps alive what judge kills",
        (true, false) if unsure(&only_ours) => "estimate unsure, kills what judge keeps alive",
        (true, false) => "estimate kills what judge keeps alive",
        _ => "estimate and judge differ both ways",
    }
}

/// GNU Go's `final_score` (`B+3.5`, `W+0.5`, `0`) as Black's margin.
fn margin_of(score: &str) -> Option<f64> {
    if score == "0" {
        return Some(0.0);
    }
    let x: f64 = score.get(2..)?.parse().ok()?;
    match score.as_bytes()[0] {
        b'B' => Some(x),
        b'W' => Some(-x),
        _ => None,
    }
}

/// A list of GTP vertices, sorted as points.
fn gnugo_points(size: BoardSize, list: &str) -> Vec<Point> {
    let mut v: Vec<Point> = list
        .split_whitespace()
        .map(|v| vertex(size, v).unwrap_or_else(|| panic!("vertex {v}")))
        .collect();
    v.sort();
    v
}

/// GNU Go's `--score aftermath` on the same games under other random seeds
/// (`tests/data/gnugo-seed-scores.tsv`, made by `scripts/gnugo-seeds.py`): per game, the
/// scores of seeds 1, 2 and 3. Its play-out before counting depends on the seed; its
/// status reading over GTP does not.
fn gnugo_other_seeds() -> BTreeMap<String, Vec<String>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/gnugo-seed-scores.tsv");
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for r in read_tsv(&path) {
        out.entry(r["path"].clone())
            .or_default()
            .push(r["gnugo_aftermath_score"].clone());
    }
    out
}

/// Empty points counted for both colours (split) or for neither: borders left open.
fn open_points(count: &sgfaudit::score::AreaCount) -> usize {
    count
        .owner
        .iter()
        .filter(|o| matches!(o, Owner::Shared | Owner::Nobody))
        .count()
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times.get(times.len() / 2).copied().unwrap_or_default()
}

fn report_failures(classes: &BTreeMap<&'static str, Vec<String>>) {
    for (class, games) in classes {
        println!("  {:>3}  {class}", games.len());
        for g in games {
            println!("         {g}");
        }
    }
}

#[test]
fn estimate_agrees_with_the_territory_markup_of_real_games() {
    let Some(corpus) = shared_corpus() else {
        return;
    };
    let manifest = read_tsv(&corpus.join("real/MANIFEST.tsv"));
    // GNU Go's own status reading of the same games, a second judge: where the markup
    // leaves dead stones unmarked, it says so (scripts/gnugo-status.py made this file).
    let gnugo: BTreeMap<String, String> = read_tsv(
        &PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/gnugo-status-markup-games.tsv"),
    )
    .into_iter()
    .map(|r| (r["path"].clone(), r["gnugo_dead_stones"].clone()))
    .collect();
    let mut times = Vec::new();
    let (mut games, mut agree) = (0usize, 0usize);
    // Games where GNU Go agrees with the markup, and where it agrees with the estimate
    // but the markup does not.
    let (mut gnugo_agrees_with_markup, mut markup_incomplete) = (0usize, 0usize);
    let mut classes: BTreeMap<&'static str, Vec<String>> = BTreeMap::new();
    for row in manifest.iter().filter(|r| r["has_TB_TW"] == "yes") {
        let path = corpus.join(&row["path"]);
        for (i, game) in load(&path).into_iter().enumerate() {
            if game.territory_black.is_empty() && game.territory_white.is_empty() {
                continue;
            }
            let board = &game.board;
            let markup = dead_from_markup(board, &game.territory_black, &game.territory_white);
            let (e, ours) = estimate(board, &mut times);
            let size = board.size;
            let gnugo_dead: Option<Vec<Point>> =
                gnugo.get(&row["path"]).map(|list| gnugo_points(size, list));
            games += 1;
            if gnugo_dead.as_ref() == Some(&markup) {
                gnugo_agrees_with_markup += 1;
            }
            if ours == markup {
                agree += 1;
                continue;
            }
            let class = if gnugo_dead.as_ref() == Some(&ours) {
                markup_incomplete += 1;
                "markup leaves dead stones unmarked: GNU Go's reading agrees with the estimate"
            } else {
                classify(board, &e, &markup, &ours)
            };
            classes.entry(class).or_default().push(format!(
                "{}#{i}: markup only [{}] estimate only [{}]",
                row["path"],
                vertices(size, &minus(&markup, &ours)),
                vertices(size, &minus(&ours, &markup)),
            ));
            if show_boards() {
                print_failure(&row["path"], "markup", board, &e, &markup, &ours);
            }
        }
    }
    let share = agree as f64 / games.max(1) as f64;
    let either = (agree + markup_incomplete) as f64 / games.max(1) as f64;
    let median_time = median(&mut times);
    println!(
        "territory markup: estimate agrees on {agree} of {games} games ({:.1}%), with the \
         markup or GNU Go's reading on {} ({:.1}%); GNU Go's own reading agrees with the \
         markup on {gnugo_agrees_with_markup} ({:.1}%); median estimate time {median_time:?}",
        100.0 * share,
        agree + markup_incomplete,
        100.0 * either,
        100.0 * gnugo_agrees_with_markup as f64 / games.max(1) as f64,
    );
    report_failures(&classes);
    assert!(games >= 140, "{games} games with markup");
    // Measured: 133 of 148 games (89.9%) agree with the markup, 141 (95.3%) with the markup
    // or, where the markup leaves dead stones unmarked, with GNU Go's own reading; GNU Go's
    // reading itself agrees with the markup on 135 (91.2%). The aim is 97% agreement with
    // the markup. Nearly all games with markup are GNU Go's own games (gnugo-regression),
    // marked by GNU Go or the server: 8 failures are markup that leaves plainly dead stones
    // unmarked (self_play/354-34-*, yagr, kat-gnu, ...: GNU Go calls them dead too); the
    // others are groups whose fate needs reading (semeai, unfinished corners) that the
    // play-outs leave uncertain.
    assert!(share >= 0.89, "{share}");
    assert!(either >= 0.94, "{either}");
}

#[test]
fn estimate_agrees_with_gnu_go_on_finished_games() {
    let Some(corpus) = shared_corpus() else {
        return;
    };
    let rows = read_tsv(&corpus.join("reference/gnugo-scores.tsv"));
    let seeds = gnugo_other_seeds();
    let mut times = Vec::new();
    let (mut games, mut same_dead, mut same_score) = (0usize, 0usize, 0usize);
    // Games where GNU Go's `--score aftermath` gives the reference's score, within a
    // point, under every other seed.
    let mut gnugo_steady = 0usize;
    // Scores GNU Go gives under another seed, where its default seed gives another.
    let mut seed_alike = 0usize;
    // Scores that differ only by a counting convention, not by the dead stones.
    let mut convention = 0usize;
    let mut dead_classes: BTreeMap<&'static str, Vec<String>> = BTreeMap::new();
    let mut score_classes: BTreeMap<&'static str, Vec<String>> = BTreeMap::new();
    for row in rows
        .iter()
        .filter(|r| r["status"] == "ok" && r["ends_two_passes"] == "yes")
    {
        let path = corpus.join(&row["path"]);
        let Some(game) = load(&path).into_iter().next() else {
            panic!("{}: no game", row["path"]);
        };
        let board = &game.board;
        let size = board.size;
        let gnugo = gnugo_points(size, &row["gnugo_dead_stones"]);
        let gnugo_margin = margin_of(&row["gnugo_final_score"]).expect("a GNU Go score");
        // GNU Go's count under other seeds (timeouts left out).
        let others: Vec<f64> = seeds
            .get(&row["path"])
            .into_iter()
            .flatten()
            .filter_map(|score| margin_of(score))
            .collect();
        if others
            .iter()
            .all(|m| (m - gnugo_margin).abs() <= 1.0 + 1e-9)
        {
            gnugo_steady += 1;
        }
        let komi: f64 = row["komi_used"].parse().expect("komi_used");
        let bonus = RuleSet::Chinese.rules().handicap_bonus(game.handicap);
        let (e, ours) = estimate(board, &mut times);
        games += 1;
        if ours == gnugo {
            same_dead += 1;
        } else {
            let class = classify(board, &e, &gnugo, &ours);
            dead_classes.entry(class).or_default().push(format!(
                "{}: GNU Go only [{}] estimate only [{}]",
                row["path"],
                vertices(size, &minus(&gnugo, &ours)),
                vertices(size, &minus(&ours, &gnugo)),
            ));
            if show_boards() {
                print_failure(&row["path"], "GNU Go", board, &e, &gnugo, &ours);
            }
        }
        let score = score_position(
            board,
            &ours,
            ScoringMethod::SplitShared,
            komi,
            bonus,
            DeadFrom::Estimate,
        );
        if (score.margin - gnugo_margin).abs() <= 1.0 + 1e-9 {
            same_score += 1;
            continue;
        }
        // GNU Go counts the eyes of seki groups for nobody; the Chinese rules give them
        // to the group's owner. Count them for nobody and compare again.
        let count = count_area(board, &ours, ScoringMethod::SplitShared);
        let mut seki_eyes = 0.0;
        for (i, &owner) in count.owner.iter().enumerate() {
            let p = size.point(i);
            if board.get(p).is_some() && !ours.contains(&p) {
                continue;
            }
            let by_seki = size
                .neighbors(p)
                .any(|q| e.status_at(q) == Some(ChainStatus::Seki) && !ours.contains(&q));
            match owner {
                Owner::Black if by_seki => seki_eyes += 1.0,
                Owner::White if by_seki => seki_eyes -= 1.0,
                _ => {}
            }
        }
        let neutral_margin = score.margin - seki_eyes / 2.0;
        let near = |m: f64| (m - gnugo_margin).abs() <= 1.0 + 1e-9;
        // GNU Go's score under another seed, the handicap convention set aside or not.
        let another_seed = others.iter().any(|m| {
            [score.margin, score.margin + bonus, neutral_margin]
                .iter()
                .any(|ours| (ours - m).abs() <= 1.0 + 1e-9)
        });
        let class = if ours == gnugo && seki_eyes != 0.0 && near(neutral_margin) {
            convention += 1;
            "seki eyes: the Chinese rules give them to their owner, GNU Go to nobody"
        } else if ours == gnugo && bonus > 0.0 && near(score.margin + bonus) {
            convention += 1;
            "handicap: the Chinese rules give White N points, GNU Go's count gives none"
        } else if another_seed {
            seed_alike += 1;
            "GNU Go's own score moves with its seed: another seed gives ours"
        } else if ours != gnugo {
            "dead stones differ"
        } else if game.handicap >= 2 {
            "same dead stones, handicap game"
        } else if open_points(&count) >= 10 {
            // GNU Go's `--score aftermath` plays such areas out before it counts; an area
            // count splits them or gives them to nobody.
            "unfinished: ten points or more bordered by both colours or by none"
        } else {
            "same dead stones, other"
        };
        score_classes.entry(class).or_default().push(format!(
            "{}: ours {} GNU Go {} (komi {komi}, handicap {})",
            row["path"], score.result, row["gnugo_final_score"], game.handicap
        ));
    }
    let dead_share = same_dead as f64 / games.max(1) as f64;
    let score_share = same_score as f64 / games.max(1) as f64;
    let counted_alike = (same_score + convention) as f64 / games.max(1) as f64;
    let median_time = median(&mut times);
    println!(
        "GNU Go: same dead stones in {same_dead} of {games} games ({:.1}%); score within \
         one point in {same_score} ({:.1}%), {} ({:.1}%) once the handicap and seki-eye \
         conventions are set aside; median estimate time {median_time:?}",
        100.0 * dead_share,
        100.0 * score_share,
        same_score + convention,
        100.0 * counted_alike,
    );
    let share = |k: usize| format!("{k} ({:.1}%)", 100.0 * k as f64 / games.max(1) as f64);
    println!(
        "GNU Go's own count moves with its seed: `--score aftermath` under seeds 1, 2 and 3 \
         stays within a point of the reference score in {} games; ours is within a point \
         of GNU Go's under one of its four seeds (conventions set aside) in {}",
        share(gnugo_steady),
        share(same_score + convention + seed_alike),
    );
    println!("dead stones differ:");
    report_failures(&dead_classes);
    println!("score differs by more than one point:");
    report_failures(&score_classes);
    assert!(games >= 160, "{games} finished games");
    // Measured: 158 of 171 games (92.4%) with the same dead stones, 121 (70.8%) with the
    // score within one point, 155 (90.6%) once the handicap and seki-eye conventions are
    // set aside. The aim is 95% for both; what keeps the estimate from it:
    // - most of these games are GNU Go's own games on NNGS and KGS, stopped by two passes
    //   with large unsettled areas: groups whose fate needs reading (semeai, unfinished
    //   corners), which the play-outs leave uncertain, and a few where the estimate and
    //   GNU Go disagree on a capturing race;
    // - GNU Go's `final_score` under `--chinese-rules` gives White nothing for the
    //   handicap stones, where the Chinese rules give White N points: every handicap game
    //   whose dead stones agree still differs by exactly N;
    // - where the dead stones differ, so does the score (13 games);
    // - GNU Go's own `--score aftermath` moves with its random seed in 3 games (98.2% stay
    //   within a point): in 2 of them another seed gives our count (157, 91.8%).
    assert!(dead_share >= 0.91, "{dead_share}");
    let alike_any_seed = (same_score + convention + seed_alike) as f64 / games.max(1) as f64;
    assert!(alike_any_seed >= 0.91, "{alike_any_seed}");
    assert!(score_share >= 0.69, "{score_share}");
    assert!(counted_alike >= 0.89, "{counted_alike}");
}
