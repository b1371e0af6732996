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

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// The games of the shared-opening collection, and their moves: the opening, then each
/// game's own.
const OPENING_GAMES: usize = 20_000;
const OPENING_MOVES: usize = 100;
const OWN_MOVES: usize = 100;

fn files() -> Vec<PathBuf> {
    let args: Vec<PathBuf> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .map(PathBuf::from)
        .collect();
    if !args.is_empty() {
        return args;
    }
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tygem");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
        .collect();
    v.sort();
    v
}

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

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

/// Runs `sgfaudit ARGS FILES > /dev/null`: seconds and peak resident memory (MB).
// The child is waited for by `wait4`, which also gives its own resource usage.
#[allow(clippy::zombie_processes)]
fn measure(args: &[&str], files: &[PathBuf]) -> (f64, f64) {
    let t = Instant::now();
    let child = Command::new(env!("CARGO_BIN_EXE_sgfaudit"))
        .args(args)
        .args(files)
        .stdout(Stdio::null())
        .spawn()
        .expect("sgfaudit runs");
    let mut status = 0;
    // SAFETY: an all-zero `rusage` is a valid value; `wait4` fills it for our own child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = child.id() as libc::pid_t;
    // SAFETY: `pid` is our child, not waited for yet; both pointers are valid.
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    let secs = t.elapsed().as_secs_f64();
    assert_eq!(waited, pid, "wait4: {}", std::io::Error::last_os_error());
    assert!(libc::WIFEXITED(status) && libc::WEXITSTATUS(status) < 2);
    // `ru_maxrss` is in kilobytes on Linux.
    (secs, usage.ru_maxrss as f64 / 1024.0)
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
