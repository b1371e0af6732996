//! `sgfaudit dups` on real games: copies of Tygem games planted in every form (the eight
//! symmetries, colours exchanged, cut short, another encoding and metadata, one or two
//! moves changed, in a collection and in a zip) are found with their original; different
//! games that share a long opening and short identical games are not merged; the Tygem
//! files' exact pairs are found; `--jobs` does not change the output. Generated games: copies
//! each a few moves from the last do not chain away from their cluster's reference, and
//! thousands of games sharing an opening are clustered with a bounded number of comparisons.

use crate::common;

use std::collections::HashMap;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use common::{json_lines, sgfaudit, shared_corpus};
use sgfaudit::commands::dups::{search, Search};
use sgfaudit::dups::{GameKey, Relation, Symmetry};
use sgfaudit::input::split::split;
use sgfaudit::output::progress::ProgressMode;
use sgfaudit::run::ordered::GamesConfig;

fn config(paths: Vec<PathBuf>, jobs: usize) -> GamesConfig {
    GamesConfig {
        paths,
        walk: Default::default(),
        input_errors: Vec::new(),
        jobs,
        progress: ProgressMode::Never,
        on_input_error: Default::default(),
        part: sgfaudit::run::Part::All,
    }
}

/// A search with the default memory for the keys.
fn search_default(config: &GamesConfig) -> std::io::Result<Search> {
    search(config, sgfaudit::dups::DEFAULT_MEMORY)
}

/// The games of a Tygem file as texts.
fn tygem_games(corpus: &Path, part: u32) -> Vec<String> {
    let text = std::fs::read_to_string(corpus.join(format!("tygem/tygem-9d-part0{part}.sgf")))
        .expect("the Tygem file reads");
    split(&text)
        .into_iter()
        .map(|s| text[s.range].to_string())
        .collect()
}

/// Each move value (`;B[xy]`) of a game's text rewritten by `f(colour, point)`.
fn rewrite_moves(game: &str, mut f: impl FnMut(usize, u8, [u8; 2]) -> (u8, [u8; 2])) -> String {
    let bytes = game.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    let mut number = 0;
    while i < bytes.len() {
        let is_move = bytes[i] == b';'
            && i + 5 < bytes.len()
            && matches!(bytes[i + 1], b'B' | b'W')
            && bytes[i + 2] == b'['
            && bytes[i + 5] == b']';
        if is_move {
            let (color, point) = f(number, bytes[i + 1], [bytes[i + 3], bytes[i + 4]]);
            out.extend_from_slice(&[b';', color, b'[', point[0], point[1], b']']);
            number += 1;
            i += 6;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

/// The game seen through symmetry `s`.
fn transform(game: &str, s: Symmetry) -> String {
    rewrite_moves(game, |_, color, [c, r]| {
        let (c, r) = s.point(c - b'a', r - b'a', 19, 19);
        (color, [c + b'a', r + b'a'])
    })
}

/// The game with the colours exchanged: moves, players and result.
fn swap_colors(game: &str) -> String {
    let moves = rewrite_moves(game, |_, color, p| {
        (if color == b'B' { b'W' } else { b'B' }, p)
    });
    moves
        .replace("PB[", "P\u{1}[")
        .replace("PW[", "PB[")
        .replace("P\u{1}[", "PW[")
        .replace("RE[B+", "RE[\u{1}+")
        .replace("RE[W+", "RE[B+")
        .replace("RE[\u{1}+", "RE[W+")
}

/// The first `keep` moves of the game.
fn truncate(game: &str, keep: usize) -> String {
    // The root node's `;` and then one a move: the game ends before the (keep + 2)th.
    let end = game
        .match_indices(';')
        .nth(keep + 1)
        .map_or(game.len() - 1, |(i, _)| i);
    format!("{})", &game[..end])
}

/// Move `at` (from 0) of the game changed to a point it never uses.
fn change_move(game: &str, at: usize) -> String {
    let used: Vec<[u8; 2]> = {
        let mut v = Vec::new();
        rewrite_moves(game, |_, c, p| {
            v.push(p);
            (c, p)
        });
        v
    };
    let free = (b'a'..=b's')
        .flat_map(|c| (b'a'..=b's').map(move |r| [c, r]))
        .find(|p| !used.contains(p))
        .expect("a game leaves some point unused");
    rewrite_moves(game, |n, c, p| (c, if n == at { free } else { p }))
}

/// Other metadata and layout: players, date and game name changed, properties reordered,
/// a line per node.
fn other_metadata(game: &str) -> String {
    let body = game.find(";B[").or_else(|| game.find(";W[")).unwrap();
    let moves = game[body..].replace(';', "\n;");
    format!("(;SZ[19]GM[1]FF[4]KM[6.5]PB[someone]PW[somebody]DT[1999-01-01]GN[copy]C[from another archive]{moves}")
}

/// Latin-1 bytes of the game with a `CA[]` saying so and a name that needs it.
fn latin1(game: &str) -> Vec<u8> {
    let text = other_metadata(game).replacen("(;", "(;CA[ISO-8859-1]PC[Séoul]", 1);
    let (bytes, _, _) = encoding_rs::WINDOWS_1252.encode(&text);
    bytes.into_owned()
}

fn moves_of(game: &str) -> usize {
    game.matches(";B[").count() + game.matches(";W[").count()
}

/// The cluster (by number) of each (file name, game) of a search.
fn cluster_of(found: &Search) -> HashMap<(String, usize), usize> {
    let mut map = HashMap::new();
    for (id, c) in found.clusters.iter().enumerate() {
        for m in &c.members {
            let (path, game) = found.locate(m.game);
            let name = Path::new(path).file_name().unwrap().to_string_lossy();
            map.insert((name.into_owned(), game), id);
        }
    }
    map
}

/// A planted copy: where it is, which original it copies, and of what kind it is.
struct Planted {
    file: String,
    game: usize,
    original: usize,
    kind: &'static str,
}

/// Writes the originals and their copies into `dir`; returns the copies.
fn plant(dir: &Path, originals: &[String]) -> Vec<Planted> {
    let mut planted = Vec::new();
    let mut collections: Vec<(&str, Vec<String>)> = vec![
        ("originals.sgf", originals.to_vec()),
        ("symmetries.sgf", Vec::new()),
        ("changed.sgf", Vec::new()),
        ("zipped.sgf", Vec::new()),
    ];
    for (i, game) in originals.iter().enumerate() {
        let mut put = |slot: usize, kind: &'static str, text: String| {
            let list = &mut collections[slot].1;
            planted.push(Planted {
                // An archive's member is named after the archive.
                file: [
                    "originals.sgf",
                    "symmetries.sgf",
                    "changed.sgf",
                    "copies.zip!zipped.sgf",
                ][slot]
                    .to_string(),
                game: list.len(),
                original: i,
                kind,
            });
            list.push(text);
        };
        let s = Symmetry::ALL[1 + i % 7];
        put(1, "symmetry", transform(game, s));
        put(
            1,
            "symmetry and colours",
            swap_colors(&transform(game, Symmetry::ALL[i % 8])),
        );
        put(2, "one move changed", change_move(game, i % 110));
        put(
            2,
            "two moves changed",
            change_move(&change_move(game, i % 60), 60 + (7 * i) % 55),
        );
        put(3, "colours swapped", swap_colors(game));
        put(3, "truncated", truncate(game, moves_of(game) * 2 / 3));
        put(3, "other metadata", other_metadata(game));
        std::fs::write(dir.join(format!("latin1-{i}.sgf")), latin1(game)).unwrap();
        planted.push(Planted {
            file: format!("latin1-{i}.sgf"),
            game: 0,
            original: i,
            kind: "other encoding",
        });
    }
    for (name, games) in &collections[..3] {
        std::fs::write(dir.join(name), games.join("\n")).unwrap();
    }
    let mut zip = zip::ZipWriter::new(File::create(dir.join("copies.zip")).unwrap());
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    zip.start_file("zipped.sgf", options).unwrap();
    zip.write_all(collections[3].1.join("\n").as_bytes())
        .unwrap();
    zip.finish().unwrap();
    planted
}

#[test]
fn planted_copies_of_real_games_are_found_with_their_original() {
    let Some(corpus) = shared_corpus() else {
        return;
    };
    let originals: Vec<String> = tygem_games(&corpus, 3)
        .into_iter()
        .skip(1000)
        .filter(|g| moves_of(g) >= 120)
        .take(120)
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let planted = plant(dir.path(), &originals);
    let found = search_default(&config(vec![dir.path().to_path_buf()], 2)).unwrap();
    assert!(
        found.outcome.errors.is_empty(),
        "{:?}",
        found.outcome.errors
    );
    let clusters = cluster_of(&found);
    let mut by_kind: HashMap<&str, (usize, usize)> = HashMap::new();
    for p in &planted {
        let original = clusters.get(&("originals.sgf".to_string(), p.original));
        let copy = clusters.get(&(p.file.clone(), p.game));
        let entry = by_kind.entry(p.kind).or_default();
        entry.1 += 1;
        if original.is_some() && original == copy {
            entry.0 += 1;
        }
    }
    eprintln!("found with their original (found, planted): {by_kind:?}");
    for (kind, (found, all)) in &by_kind {
        let needed = if kind.contains("changed") { 0.90 } else { 0.99 };
        assert!(
            *found as f64 >= needed * *all as f64,
            "{kind}: {found} of {all} copies found with their original"
        );
    }
    // No two originals in one cluster: each cluster holds one original and its copies.
    for c in &found.clusters {
        let originals = c
            .members
            .iter()
            .filter(|m| found.locate(m.game).0.ends_with("originals.sgf"))
            .count();
        assert_eq!(originals, 1, "a cluster of {} games", c.members.len());
    }
}

#[test]
fn a_copy_says_how_it_was_made() {
    let Some(corpus) = shared_corpus() else {
        return;
    };
    let game = tygem_games(&corpus, 3).into_iter().nth(5).unwrap();
    assert!(moves_of(&game) >= 100);
    let dir = tempfile::tempdir().unwrap();
    let copy = swap_colors(&transform(&game, Symmetry::Rotate90));
    let short = truncate(&game, moves_of(&game) * 3 / 4);
    std::fs::write(dir.path().join("a.sgf"), &game).unwrap();
    std::fs::write(dir.path().join("b.sgf"), format!("{copy}\n{short}")).unwrap();
    let found = search_default(&config(vec![dir.path().to_path_buf()], 1)).unwrap();
    assert_eq!(found.clusters.len(), 1);
    let c = &found.clusters[0];
    assert_eq!(c.members.len(), 3);
    assert_eq!(c.reference, 0, "the full game in the first file");
    let rotated = &c.members[1];
    assert_eq!(rotated.relation, Relation::Exact);
    assert!(rotated.colors_swapped);
    // The copy was turned a quarter clockwise: three quarters more bring it back.
    assert_eq!(rotated.symmetry, Symmetry::Rotate270);
    assert!(
        rotated.differs.is_empty(),
        "players swapped with the colours: {:?}",
        rotated.differs
    );
    assert!(!rotated.winner_differs);
    assert_eq!(c.members[2].relation, Relation::Prefix);
    assert_eq!(c.members[2].symmetry, Symmetry::Identity);
}

#[test]
fn different_games_sharing_a_long_opening_are_not_merged() {
    let Some(corpus) = shared_corpus() else {
        return;
    };
    let part = corpus.join("tygem/tygem-9d-part03.sgf");
    let games = tygem_games(&corpus, 3);
    let text = std::fs::read_to_string(&part).unwrap();
    let slices = split(&text);
    let keys: Vec<GameKey> = slices
        .iter()
        .enumerate()
        .map(|(i, s)| {
            GameKey::of(&sgfaudit::audit::GameInput {
                path: "part03",
                index: i,
                text: &text[s.range.clone()],
                slice: s,
                encoding: "UTF-8",
                encoding_problem: None,
                first_tree: None,
            })
        })
        .collect();
    // Pairs of long games whose canonical moves agree for 40 to 60 moves, then differ.
    let mut order: Vec<usize> = (0..keys.len()).collect();
    order.sort_by(|&a, &b| keys[a].canonical.cmp(&keys[b].canonical));
    let mut pairs = Vec::new();
    for w in order.windows(2) {
        let (a, b) = (&keys[w[0]], &keys[w[1]]);
        let common = a
            .canonical
            .iter()
            .zip(b.canonical.iter())
            .take_while(|(x, y)| x == y)
            .count();
        if (40..=60).contains(&common) && a.moves().min(b.moves()) >= 100 {
            pairs.push((w[0], w[1]));
        }
    }
    assert!(
        pairs.len() >= 3,
        "the file holds such pairs: {}",
        pairs.len()
    );
    assert_eq!(games.len(), keys.len());
    let found = search_default(&config(vec![part], 2)).unwrap();
    let clusters = cluster_of(&found);
    let name = "tygem-9d-part03.sgf".to_string();
    for (a, b) in &pairs {
        let (ca, cb) = (
            clusters.get(&(name.clone(), *a)),
            clusters.get(&(name.clone(), *b)),
        );
        assert!(ca.is_none() || ca != cb, "games {a} and {b} merged");
    }
}

#[test]
fn short_identical_games_are_not_merged() {
    let Some(corpus) = shared_corpus() else {
        return;
    };
    let game = tygem_games(&corpus, 3).into_iter().nth(7).unwrap();
    let dir = tempfile::tempdir().unwrap();
    for (name, moves) in [("a.sgf", 29), ("b.sgf", 29), ("c.sgf", 12), ("d.sgf", 12)] {
        std::fs::write(dir.path().join(name), truncate(&game, moves)).unwrap();
    }
    let found = search_default(&config(vec![dir.path().to_path_buf()], 1)).unwrap();
    assert_eq!(found.outcome.games, 4);
    assert!(found.clusters.is_empty());
    // At 30 moves they are the same game.
    std::fs::write(dir.path().join("e.sgf"), truncate(&game, 30)).unwrap();
    std::fs::write(dir.path().join("f.sgf"), truncate(&game, 30)).unwrap();
    let found = search_default(&config(vec![dir.path().to_path_buf()], 1)).unwrap();
    assert_eq!(found.clusters.len(), 1);
    assert_eq!(found.clusters[0].members.len(), 2);
}

#[test]
fn the_tygem_files_exact_pairs_are_found() {
    let Some(corpus) = shared_corpus() else {
        return;
    };
    let found = search_default(&config(vec![corpus.join("tygem")], 2)).unwrap();
    let mut exact: Vec<((String, usize), (String, usize))> = Vec::new();
    for c in &found.clusters {
        let name = |g| {
            let (path, game) = found.locate(g);
            let file = Path::new(path).file_name().unwrap().to_string_lossy();
            (file.replace("tygem-9d-", "").replace(".sgf", ""), game)
        };
        let reference = name(c.members[c.reference].game);
        for m in c.members.iter().filter(|m| m.relation == Relation::Exact) {
            let (a, b) = (reference.clone(), name(m.game));
            exact.push((a.clone().min(b.clone()), a.max(b)));
        }
    }
    exact.sort();
    let p = |f: &str, g| (f.to_string(), g);
    assert_eq!(
        exact,
        vec![
            (p("part01", 7431), p("part01", 12193)),
            (p("part01", 16332), p("part02", 21931)),
            (p("part01", 16353), p("part02", 19470)),
            (p("part01", 16619), p("part02", 21810)),
            (p("part02", 23945), p("part03", 527)),
        ]
    );
}

#[test]
fn the_report_is_the_same_for_any_number_of_jobs() {
    let Some(corpus) = shared_corpus() else {
        return;
    };
    let real = corpus.join("real");
    let real = real.to_str().unwrap();
    let run = |jobs: &str| {
        let out = sgfaudit(&[
            "dups",
            "--json",
            "--jobs",
            jobs,
            "--progress",
            "never",
            real,
        ]);
        let lines = json_lines(&out.stdout);
        assert_eq!(lines.last().unwrap()["type"], "summary");
        let mut text = String::from_utf8(out.stdout).unwrap();
        let cut = text.rfind("{\"type\":\"summary\"").unwrap();
        text.truncate(cut);
        (out.status.code(), text, lines.len())
    };
    let one = run("1");
    assert!(one.2 > 3, "some clusters in real/");
    assert_eq!(one, run("3"));
}

#[test]
fn fail_on_duplicates_sets_the_exit_code() {
    let Some(corpus) = shared_corpus() else {
        return;
    };
    let game = tygem_games(&corpus, 3).into_iter().nth(9).unwrap();
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.sgf"), &game).unwrap();
    let d = dir.path().to_str().unwrap();
    let code = |fail: &str| sgfaudit(&["dups", "--fail-on", fail, d]).status.code();
    assert_eq!(code("duplicates"), Some(0));
    std::fs::write(
        dir.path().join("b.sgf"),
        transform(&game, Symmetry::Transpose),
    )
    .unwrap();
    assert_eq!(code("duplicates"), Some(1));
    assert_eq!(code("nothing"), Some(0));
    let out = sgfaudit(&["dups", "--format", "csv", d]);
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 3, "{text}");
    assert!(rows[2].contains(",1,exact,transpose,same,"), "{text}");
}

#[test]
fn audit_duplicates_marks_every_game_with_an_earlier_copy() {
    let Some(corpus) = shared_corpus() else {
        return;
    };
    let game = tygem_games(&corpus, 3).into_iter().nth(11).unwrap();
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.sgf"), &game).unwrap();
    let copy = swap_colors(&transform(&game, Symmetry::MirrorLeftRight));
    std::fs::write(dir.path().join("b.sgf"), format!("{copy}\n{game}")).unwrap();
    let d = dir.path().to_str().unwrap();
    let out = sgfaudit(&["audit", "--json", "--duplicates", "--dead", "none", d]);
    let lines = json_lines(&out.stdout);
    let marked: Vec<(String, u64, String)> = common::games(&lines)
        .iter()
        .flat_map(|g| {
            let file = g["path"]
                .as_str()
                .unwrap()
                .rsplit('/')
                .next()
                .unwrap()
                .to_string();
            let game = g["game"].as_u64().unwrap();
            g["findings"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|f| f["code"] == "duplicate")
                .map(move |f| {
                    (
                        file.clone(),
                        game,
                        f["message"].as_str().unwrap().to_string(),
                    )
                })
                .collect::<Vec<_>>()
        })
        .collect();
    assert_eq!(marked.len(), 2, "{marked:?}");
    assert_eq!((&marked[0].0[..], marked[0].1), ("b.sgf", 0));
    assert!(marked[0].2.contains("a.sgf game 0"), "{}", marked[0].2);
    assert!(
        marked[0].2.contains("mirror-left-right, colours swapped"),
        "{}",
        marked[0].2
    );
    assert_eq!((&marked[1].0[..], marked[1].1), ("b.sgf", 1));
    assert_eq!(common::summary(&lines)["by_code"]["duplicate"], 2);
    // Without the option, no such finding; with it, `--fail-on duplicate` fails the run.
    let out = sgfaudit(&["audit", "--json", "--dead", "none", d]);
    let lines = json_lines(&out.stdout);
    assert!(common::summary(&lines)["by_code"]
        .get("duplicate")
        .is_none());
    let out = sgfaudit(&[
        "audit",
        "-q",
        "--duplicates",
        "--fail-on",
        "duplicate",
        "--dead",
        "none",
        d,
    ]);
    assert_eq!(out.status.code(), Some(1));
    // Standard input cannot be read twice.
    let out = sgfaudit(&["audit", "--duplicates", "-"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("standard input"));
}

/// `n` different points of the 19×19 board in a fixed order from `seed`, none of `avoid`.
fn points(seed: u64, n: usize, avoid: &[(u8, u8)]) -> Vec<(u8, u8)> {
    let mut all: Vec<(u8, u8)> = (0..19)
        .flat_map(|c| (0..19).map(move |r| (c, r)))
        .filter(|p| !avoid.contains(p))
        .collect();
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    for i in 0..n {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let j = i + (x % (all.len() - i) as u64) as usize;
        all.swap(i, j);
    }
    all.truncate(n);
    all
}

/// A game of these moves (Black first), seen through `s`.
fn game_text(moves: &[(u8, u8)], s: Symmetry) -> String {
    let body: String = moves
        .iter()
        .enumerate()
        .map(|(i, &(c, r))| {
            let (c, r) = s.point(c, r, 19, 19);
            let color = if i % 2 == 0 { 'B' } else { 'W' };
            format!(";{color}[{}{}]", (b'a' + c) as char, (b'a' + r) as char)
        })
        .collect();
    format!("(;GM[1]FF[4]SZ[19]KM[6.5]{body})")
}

/// The keys of these games, in this order.
fn keys_of(games: &[String]) -> Vec<GameKey> {
    games
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let slice = &split(text)[0];
            GameKey::of(&sgfaudit::audit::GameInput {
                path: "generated",
                index: i,
                text,
                slice,
                encoding: "UTF-8",
                encoding_problem: None,
                first_tree: None,
            })
        })
        .collect()
}

#[test]
fn near_copies_do_not_chain_away_from_the_reference() {
    // Four games, each with 3 moves changed from the one before (moves 40–45, 60–65,
    // 80–85): the first and the third are 6 moves apart, the first and the last 9.
    let first = points(1, 120, &[]);
    let free = points(2, 9, &first);
    let mut chain = vec![first];
    for step in 0..3 {
        let mut next = chain[step].clone();
        for k in 0..3 {
            next[40 + 20 * step + 2 * k + 1] = free[3 * step + k];
        }
        chain.push(next);
    }
    let texts: Vec<String> = chain
        .iter()
        .map(|m| game_text(m, Symmetry::Identity))
        .collect();
    let found = sgfaudit::dups::clusters(&keys_of(&texts));
    let games: Vec<Vec<usize>> = found
        .iter()
        .map(|c| c.members.iter().map(|m| m.game).collect())
        .collect();
    // The first two, then the last two (a cluster of its own, not `near` of the first).
    assert_eq!(games, vec![vec![0, 1], vec![2, 3]]);
    for c in &found {
        assert_eq!(c.reference, 0);
        assert_eq!(c.members[1].relation, Relation::Near);
    }
}

#[test]
fn thousands_of_games_sharing_an_opening_are_clustered_with_few_comparisons() {
    // 4,000 games of 160 moves: the same 100 first, then each its own. Copies at the end of
    // the input: 12 with two opening moves changed (each shares its game's own moves),
    // 12 exact copies in another orientation.
    let opening = points(3, 100, &[]);
    let games: Vec<Vec<(u8, u8)>> = (0..4000)
        .map(|g| {
            let mut moves = opening.clone();
            moves.extend(points(10 + g, 60, &opening));
            moves
        })
        .collect();
    let mut texts: Vec<String> = games
        .iter()
        .map(|m| game_text(m, Symmetry::Identity))
        .collect();
    let originals: Vec<usize> = (0..24).map(|i| 97 + 163 * i).collect();
    for (i, &g) in originals.iter().enumerate() {
        let mut copy = games[g].clone();
        if i < 12 {
            copy.swap(50, 52);
            copy[70] = copy[159];
        }
        texts.push(game_text(&copy, Symmetry::ALL[1 + i % 7]));
    }
    let keys = keys_of(&texts);
    let grouping = sgfaudit::dups::cluster::grouping(&keys);
    let expected: Vec<Vec<usize>> = originals
        .iter()
        .enumerate()
        .map(|(i, &g)| vec![g, 4000 + i])
        .collect();
    let groups: Vec<&Vec<usize>> = grouping.groups.iter().map(|g| &g.games).collect();
    assert_eq!(groups, expected.iter().collect::<Vec<_>>());
    // Each game in at most `NEAR_BUDGET` comparisons (two games in each); unbounded, every
    // game met its 32 neighbours in each of the 7 opening blocks, in two orientations:
    // 448 comparisons a game.
    let bound = keys.len() * sgfaudit::dups::cluster::NEAR_BUDGET as usize / 2;
    assert!(
        grouping.comparisons <= bound,
        "{} comparisons, at most {bound}",
        grouping.comparisons
    );
    let found = sgfaudit::dups::clusters(&keys);
    for (i, c) in found.iter().enumerate() {
        let expected = if i < 12 {
            Relation::Near
        } else {
            Relation::Exact
        };
        assert_eq!(c.members[1].relation, expected, "cluster {i}");
    }
}
