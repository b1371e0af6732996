//! `sgfaudit dups` on the Tygem collections against `sgfaudit audit --dead none` on the
//! same files, both `--jobs 1`, as whole processes, in the same rounds (in turn first);
//! prints each median time, the ratio, and each process's peak memory (maximum resident
//! set, from `wait4`). `cargo bench --bench dups [-- FILES...]`; `SGFAUDIT_BENCH_RUNS`
//! rounds (default 5).
//!
//! The worst case for the `near` search, in the same rounds: 20,000 games that share one
//! 100-move opening and then part (100 more moves each, from a fixed seed: see
//! [`shared_opening`]), written into a temporary folder; `dups --jobs 1` on them is
//! timed and its time per game printed against the Tygem files' time per game.
//!
//! Memory, at 60,000 and at a million generated games (`SGFAUDIT_BENCH_GAMES`, a
//! comma-separated list, changes the sizes; see [`generated`]: distinct games, exact
//! copies with other game information, and copies turned by a board symmetry, in files
//! of 10,000 games): `dups` with the default `--memory` against `dups --memory 64G`
//! (every key held in memory, the baseline) in the same run: time, peak memory, bytes
//! a game, and the clusters found by each, which must be the same.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

mod common;
use common::{files, median, run_measured};

/// The games of the shared-opening collection, and their moves: the opening, then each
/// game's own.
const OPENING_GAMES: usize = 20_000;
const OPENING_MOVES: usize = 100;
const OWN_MOVES: usize = 100;

/// A fixed-seed generator (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// The first `n` of `points` after a partial Fisher–Yates shuffle.
    fn pick(&mut self, points: &mut [(u8, u8)], n: usize) {
        for i in 0..n {
            let j = i + (self.next() % (points.len() - i) as u64) as usize;
            points.swap(i, j);
        }
    }
}

/// `OPENING_GAMES` games of 19×19 with Tygem-like game information: the same
/// `OPENING_MOVES` points first (different points, a fixed order), then `OWN_MOVES`
/// points of each game's own among those left (seed 7): no two of them are copies.
fn shared_opening(path: &Path) {
    let mut rng = Rng(7);
    let mut all: Vec<(u8, u8)> = (0..19).flat_map(|c| (0..19).map(move |r| (c, r))).collect();
    rng.pick(&mut all, OPENING_MOVES);
    let (opening, rest) = all.split_at_mut(OPENING_MOVES);
    let mut text = String::with_capacity(OPENING_GAMES * 1400);
    for g in 0..OPENING_GAMES {
        rng.pick(rest, OWN_MOVES);
        text.push_str(&format!(
            "(;GM[1]FF[4]CA[UTF-8]SZ[19]KM[6.5]RU[Korean]DT[2005-11-02]PB[b{g}]PW[w{g}]RE[{}+Resign]",
            if g % 2 == 0 { 'B' } else { 'W' }
        ));
        for (i, &(c, r)) in opening.iter().chain(rest[..OWN_MOVES].iter()).enumerate() {
            let color = if i % 2 == 0 { 'B' } else { 'W' };
            text.push_str(&format!(
                ";{color}[{}{}]",
                (b'a' + c) as char,
                (b'a' + r) as char
            ));
        }
        text.push_str(")\n");
    }
    std::fs::write(path, text).expect("the shared-opening games are written");
}

/// Games a generated file holds.
const GAMES_A_FILE: usize = 10_000;
/// Moves of a generated game.
const GENERATED_MOVES: usize = 120;

/// The moves of distinct game `d`: `GENERATED_MOVES` different points from its seed.
fn distinct_moves(d: usize) -> Vec<(u8, u8)> {
    let mut rng = Rng(0x5eed_0000 + d as u64);
    let mut all: Vec<(u8, u8)> = (0..19).flat_map(|c| (0..19).map(move |r| (c, r))).collect();
    rng.pick(&mut all, GENERATED_MOVES);
    all.truncate(GENERATED_MOVES);
    all
}

/// `games` games in files of `GAMES_A_FILE` in `dir`: of every ten, eight distinct, one
/// an exact copy of an earlier distinct game (other players), one such a copy turned by
/// one of the seven other symmetries. Returns the number of copies.
fn generated(dir: &Path, games: usize) -> usize {
    use sgfaudit::dups::Symmetry;
    let mut rng = Rng(11);
    let (mut distinct, mut copies) = (0usize, 0usize);
    let mut text = String::with_capacity(GAMES_A_FILE * 900);
    for g in 0..games {
        let (moves, players) = match g % 10 {
            8 | 9 if distinct > 0 => {
                let of = (rng.next() % distinct as u64) as usize;
                let turn = if g % 10 == 8 {
                    Symmetry::Identity
                } else {
                    Symmetry::ALL[1 + (rng.next() % 7) as usize]
                };
                copies += 1;
                let moves = distinct_moves(of)
                    .into_iter()
                    .map(|(c, r)| turn.point(c, r, 19, 19))
                    .collect();
                (moves, format!("PB[copy{g}]PW[of{of}]"))
            }
            _ => {
                distinct += 1;
                (distinct_moves(distinct - 1), format!("PB[b{g}]PW[w{g}]"))
            }
        };
        text.push_str("(;GM[1]FF[4]SZ[19]KM[6.5]RE[B+R]");
        text.push_str(&players);
        for (i, &(c, r)) in moves.iter().enumerate() {
            let color = if i % 2 == 0 { 'B' } else { 'W' };
            text.push(';');
            text.push(color);
            text.push('[');
            text.push((b'a' + c) as char);
            text.push((b'a' + r) as char);
            text.push(']');
        }
        text.push_str(")\n");
        if (g + 1) % GAMES_A_FILE == 0 || g + 1 == games {
            let file = dir.join(format!("generated-{:04}.sgf", g / GAMES_A_FILE));
            std::fs::write(file, &text).expect("the generated games are written");
            text.clear();
        }
    }
    copies
}

/// `dups` on `games` generated games, default `--memory` against `--memory 64G`: the
/// peak memory of each (MB).
fn memory_bench(games: usize) -> (f64, f64) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let copies = generated(dir.path(), games);
    let folder = vec![dir.path().to_path_buf()];
    let base = ["dups", "--json", "--progress", "never", "--no-config"];
    let (t_held, mb_held, held) =
        measure_summary(&[&base[..], &["--memory", "64G"]].concat(), &folder);
    let (t_spilled, mb_spilled, spilled) = measure_summary(&base, &folder);
    let field = |summary: &str, name: &str| {
        let at = summary
            .find(&format!("\"{name}\":"))
            .expect("a summary field")
            + name.len()
            + 3;
        summary[at..]
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .and_then(|n| n.parse::<usize>().ok())
            .expect("a number")
    };
    let in_clusters = field(&spilled, "games_in_clusters");
    let clusters = field(&spilled, "clusters");
    assert_eq!(field(&spilled, "games"), games);
    assert_eq!(
        (clusters, in_clusters),
        (field(&held, "clusters"), field(&held, "games_in_clusters")),
        "the same clusters with the keys held or spilled"
    );
    assert_eq!(in_clusters - clusters, copies, "every planted copy found");
    let per_game = |mb: f64| mb * 1024.0 * 1024.0 / games as f64;
    println!(
        "{games} generated games ({copies} copies; {clusters} clusters of {in_clusters} games):"
    );
    println!(
        "  dups (default --memory): {t_spilled:.2} s, peak memory {mb_spilled:.1} MB, {:.0} bytes a game",
        per_game(mb_spilled)
    );
    println!(
        "  dups --memory 64G:       {t_held:.2} s, peak memory {mb_held:.1} MB, {:.0} bytes a game",
        per_game(mb_held)
    );
    println!(
        "  ratio default / held: time {:.2}x, memory {:.2}x",
        t_spilled / t_held,
        mb_spilled / mb_held
    );
    (mb_spilled, mb_held)
}

/// Runs `sgfaudit ARGS FILES > /dev/null`: seconds and peak resident memory (MB).
fn measure(args: &[&str], files: &[PathBuf]) -> (f64, f64) {
    run_measured_mb(args, files, Stdio::null())
}

/// Runs `sgfaudit ARGS FILES`: seconds, peak resident memory (MB) and the last line of
/// its output (the summary).
fn measure_summary(args: &[&str], files: &[PathBuf]) -> (f64, f64, String) {
    use std::io::{Read, Seek};
    let mut out = tempfile::tempfile().expect("a temporary file");
    let (secs, mb) = run_measured_mb(args, files, out.try_clone().expect("the file again").into());
    let mut text = String::new();
    out.rewind().expect("rewound");
    out.read_to_string(&mut text).expect("the output reads");
    let last = text.lines().last().unwrap_or("").to_string();
    (secs, mb, last)
}

/// Runs `sgfaudit ARGS FILES` with its output to `stdout`: seconds and peak resident
/// memory (MB).
fn run_measured_mb(args: &[&str], files: &[PathBuf], stdout: Stdio) -> (f64, f64) {
    let (secs, peak_kb, code) = run_measured(
        Command::new(env!("CARGO_BIN_EXE_sgfaudit"))
            .args(args)
            .args(files)
            .stdout(stdout),
    );
    assert!(code < 2, "sgfaudit {args:?} exited with {code}");
    // `ru_maxrss` is in kilobytes on Linux.
    (secs, peak_kb as f64 / 1024.0)
}

/// The number of games `sgfaudit dups` read in `files` (from its summary).
fn games_in(files: &[PathBuf]) -> usize {
    let out = Command::new(env!("CARGO_BIN_EXE_sgfaudit"))
        .args(["dups", "--json", "--progress", "never"])
        .args(files)
        .output()
        .expect("sgfaudit runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let summary = text.lines().last().unwrap_or("");
    let at = summary.find("\"games\":").expect("a summary line") + "\"games\":".len();
    summary[at..]
        .split(|c: char| !c.is_ascii_digit())
        .next()
        .and_then(|n| n.parse().ok())
        .expect("a number of games")
}

fn main() {
    let sizes: Vec<usize> = std::env::var("SGFAUDIT_BENCH_GAMES")
        .ok()
        .map(|s| s.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![60_000, 1_000_000]);
    let peaks: Vec<(usize, (f64, f64))> = sizes.iter().map(|&g| (g, memory_bench(g))).collect();
    for pair in peaks.windows(2) {
        let ((a, (sa, ha)), (b, (sb, hb))) = (pair[0], pair[1]);
        let extra = |from: f64, to: f64| (to - from) * 1024.0 * 1024.0 / (b - a) as f64;
        println!(
            "per extra game from {a} to {b} games: {:.0} bytes (default --memory), {:.0} bytes (--memory 64G)",
            extra(sa, sb),
            extra(ha, hb)
        );
    }
    let files = files();
    let runs: usize = std::env::var("SGFAUDIT_BENCH_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    let dir = tempfile::tempdir().expect("a temporary folder");
    let opening = vec![dir.path().join("shared-opening.sgf")];
    shared_opening(&opening[0]);
    let dups: &[&str] = &["dups", "--json", "--jobs", "1", "--progress", "never"];
    let audit: &[&str] = &[
        "audit",
        "--json",
        "--jobs",
        "1",
        "--progress",
        "never",
        "--dead",
        "none",
    ];
    let (mut t_dups, mut t_audit, mut t_open, mut ratios) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let (mut mem_dups, mut mem_audit, mut mem_open) = (0f64, 0f64, 0f64);
    for round in 0..runs {
        let runs_of_round = [(dups, &files), (audit, &files), (dups, &opening)];
        let mut timed = [(0.0, 0.0); 3];
        for k in 0..3 {
            let which = (round + k) % 3;
            let (args, on) = runs_of_round[which];
            timed[which] = measure(args, on);
        }
        let [d, a, o] = timed;
        t_dups.push(d.0);
        t_audit.push(a.0);
        t_open.push(o.0);
        ratios.push(d.0 / a.0);
        mem_dups = mem_dups.max(d.1);
        mem_audit = mem_audit.max(a.1);
        mem_open = mem_open.max(o.1);
    }
    let tygem_games = games_in(&files);
    println!("{} file(s); median of {runs} rounds, --jobs 1", files.len());
    println!(
        "sgfaudit dups:                 {:.3} s, peak memory {mem_dups:.1} MB",
        median(t_dups.clone())
    );
    println!(
        "sgfaudit audit --dead none:    {:.3} s, peak memory {mem_audit:.1} MB",
        median(t_audit.clone())
    );
    println!(
        "ratio dups / audit --dead none (time): {:.2}x (of the medians); {:.2}x (median of the rounds)",
        median(t_dups.clone()) / median(t_audit),
        median(ratios)
    );
    let per_game = |t: f64, games: usize| t / games as f64 * 1e6;
    let (tygem, open) = (
        per_game(median(t_dups), tygem_games),
        per_game(median(t_open), OPENING_GAMES),
    );
    println!(
        "sgfaudit dups, {OPENING_GAMES} games sharing a {OPENING_MOVES}-move opening: {:.3} s, peak memory {mem_open:.1} MB",
        open * OPENING_GAMES as f64 / 1e6
    );
    println!(
        "time per game: {open:.1} us shared opening, {tygem:.1} us the {tygem_games} games of FILES: {:.2}x",
        open / tygem
    );
}
