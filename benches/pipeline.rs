//! End-to-end throughput on the Tygem collections, each figure next to baselines measured
//! in the same run on the same bytes: reading them, and parsing every game with
//! `sgf-parse` alone while walking its main line (no board). Prints games/s, MB/s and the
//! ratios; `cargo bench --bench pipeline [-- FILES...]`.
//!
//! The HTML report (`--format html --jobs 1`) is timed against `--json --jobs 1` in the same
//! rounds, and its size printed. The first file, zipped (deflate) into a temporary folder
//! before the rounds, is audited from the zip and from the plain file in each round
//! (`--json --jobs 2`), and both games/s printed.
//!
//! The cost of counting: the default audit of `tygem-9d-part03.sgf` (Korean rules: every
//! game whose `RE[]` claims a count is counted, dead stones estimated) against the same
//! audit with `--dead none` (no estimate), `--jobs 1`, in the same rounds. The cost of the
//! format checks: that `--dead none` audit against the same without them (`--ignore
//! format`, which leaves the checks out rather than their findings), in turn first;
//! `cargo bench --bench pipeline -- --format-cost [FILES...]` measures only that.
//! The speed of counting against parsing: `sgf-parse` alone on `tygem-9d-part03.sgf`
//! against its `--dead none` and default audits (`--jobs 1`);
//! `cargo bench --bench pipeline -- --counting` measures only those.
//! The cost of replaying side variations: `cargo bench --bench pipeline -- --trees [FILE]`
//! writes 60 random 19x19 game trees (fixed seed, see `trees/mod.rs`: main lines of 150-300
//! moves, side variations of 2-40 moves nested up to 4 deep, about 450 moves a tree) 100
//! times over into a temporary folder (6,000 files, about 2.7 million moves counting every
//! node of every variation), and times its `--dead none --jobs 1` audit with every path
//! replayed (the default) and with `--main-line` (side variations only format-checked),
//! against `tygem-9d-part03.sgf` (or FILE) with the same options; prints moves/s (best and
//! median of the rounds), the ratios trees/baseline and default/`--main-line`.
//!
//! The audit is timed as a whole process (`sgfaudit audit --json --jobs N > /dev/null`),
//! the baselines in this process. Each measurement is the median of `SGFAUDIT_BENCH_RUNS`
//! rounds (default 9), taken in turn so that a noisy neighbour hurts every column alike;
//! the ratios are given both between the medians and as the median of each round's ratio.

use std::io;
use std::path::PathBuf;
use std::time::Instant;

use sgfaudit::audit::{AuditOptions, Status};
use sgfaudit::input::split::split;
use sgfaudit::output::progress::ProgressMode;
use sgfaudit::output::Format;
use sgfaudit::run::{run, RunConfig};

mod common;
use common::{files, median};

mod trees;

/// Reads every file (the floor: what the disk cache gives).
fn read_bytes(files: &[PathBuf]) -> (usize, usize) {
    let mut bytes = 0;
    let mut checksum = 0usize;
    for f in files {
        let data = std::fs::read(f).unwrap();
        bytes += data.len();
        checksum = checksum.wrapping_add(data.iter().map(|&b| b as usize).sum::<usize>());
    }
    (bytes, checksum)
}

/// Parses each game with `sgf-parse` and walks its main line, counting moves.
fn sgf_parse_walk(files: &[PathBuf]) -> (usize, usize) {
    let mut games = 0;
    let mut moves = 0;
    for f in files {
        let data = std::fs::read_to_string(f).unwrap();
        for slice in split(&data) {
            let text = &data[slice.range.clone()];
            if let Ok(nodes) = sgf_parse::go::parse(text) {
                for root in &nodes {
                    games += 1;
                    moves += root
                        .main_variation()
                        .filter(|n| n.get_move().is_some())
                        .count();
                }
            }
        }
    }
    (games, moves)
}

/// The whole audit in-process (JSON Lines to a sink); used to count the games.
fn audit_in_process(files: &[PathBuf], jobs: usize) -> usize {
    let config = RunConfig {
        paths: files.to_vec(),
        walk: Default::default(),
        audit: AuditOptions::default(),
        fail_on: vec![Status::Error, Status::Illegal, Status::Mismatch],
        jobs,
        progress: ProgressMode::Never,
        input_errors: Vec::new(),
        on_input_error: Default::default(),
        part: sgfaudit::run::Part::All,
        gate: Default::default(),
    };
    let mut rep = Format::JSONL.reporter(Box::new(io::sink()), false);
    run(&config, rep.as_mut()).unwrap().summary.games
}

/// The whole process, as a user runs it: `sgfaudit audit --json --jobs N FILES > /dev/null`.
fn audit(files: &[PathBuf], jobs: usize) {
    audit_format(files, jobs, "jsonl");
}

/// `sgfaudit audit --format FORMAT --jobs N FILES > /dev/null`.
fn audit_format(files: &[PathBuf], jobs: usize, format: &str) {
    audit_with(files, jobs, format, &[]);
}

/// `sgfaudit audit --format FORMAT --jobs N EXTRA... FILES > /dev/null`.
fn audit_with(files: &[PathBuf], jobs: usize, format: &str, extra: &[&str]) {
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_sgfaudit"))
        .args([
            "audit",
            "--format",
            format,
            "--progress",
            "never",
            "--jobs",
            &jobs.to_string(),
        ])
        .args(extra)
        .args(files)
        .stdout(std::process::Stdio::null())
        .status()
        .expect("sgfaudit runs");
    // Exit code 1 only says that some game is illegal.
    assert!(matches!(status.code(), Some(0 | 1)), "{status}");
}

/// Bytes of the HTML report of the files.
fn html_size(files: &[PathBuf]) -> usize {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sgfaudit"))
        .args(["audit", "--format", "html", "--progress", "never"])
        .args(files)
        .output()
        .expect("sgfaudit runs");
    out.stdout.len()
}

/// Every round's time of each measurement, in seconds.
#[derive(Default)]
struct Rounds {
    read: Vec<f64>,
    parse: Vec<f64>,
    j1: Vec<f64>,
    j2: Vec<f64>,
    html: Vec<f64>,
    default: Vec<f64>,
    no_dead: Vec<f64>,
    no_format: Vec<f64>,
    parse_counted: Vec<f64>,
    plain1: Vec<f64>,
    zip: Vec<f64>,
}

/// Times `f`, pushing its seconds on `into`.
fn timed<T>(into: &mut Vec<f64>, f: impl FnOnce() -> T) -> T {
    let t = Instant::now();
    let out = f();
    into.push(t.elapsed().as_secs_f64());
    out
}

/// Each round's ratio `a / b`, the median of them and the list, as printed.
fn ratios(a: &[f64], b: &[f64]) -> (f64, String) {
    let v: Vec<f64> = a.iter().zip(b).map(|(x, y)| x / y).collect();
    let list = v
        .iter()
        .map(|r| format!("{r:.2}"))
        .collect::<Vec<_>>()
        .join(" ");
    (median(v), list)
}

fn main() {
    let files = files();
    let runs: usize = std::env::var("SGFAUDIT_BENCH_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(9);
    let counted: Vec<PathBuf> = files
        .iter()
        .filter(|f| f.ends_with("tygem-9d-part03.sgf"))
        .cloned()
        .collect();
    let mut t = Rounds::default();
    if std::env::args().any(|a| a == "--trees") {
        return trees_mode(&files, runs);
    }
    if std::env::args().any(|a| a == "--counting") {
        // Only the counted file: sgf-parse, the default audit, `--dead none`.
        for round in 0..runs {
            counting_round(round, &counted, &mut t);
        }
        return print_counting(&t);
    }
    if std::env::args().any(|a| a == "--format-cost") {
        // Only the cost of the format checks.
        for round in 0..runs {
            format_round(round, &counted, &mut t);
        }
        return print_counting(&t);
    }
    let (bytes, _) = read_bytes(&files);
    let audited = audit_in_process(&files, 2);
    let zip_dir = tempfile::tempdir().unwrap();
    let zipped = zip_dir.path().join("first.zip");
    zip_one(&files[0], &zipped);
    let first_games = audit_in_process(&files[..1], 2);
    let mut games = 0;
    for round in 0..runs {
        games = throughput_round(round, &files, &mut t);
        counting_round(round, &counted, &mut t);
        timed(&mut t.plain1, || audit_format(&files[..1], 2, "jsonl"));
        timed(&mut t.zip, || {
            audit_format(std::slice::from_ref(&zipped), 2, "jsonl")
        });
    }
    assert_eq!(audited, games, "both readers see the same games");
    print_throughput(&files, games, bytes as f64 / 1e6, runs, &t);
    print_counting(&t);
    let (plain1, zip1) = (median(t.plain1), median(t.zip));
    println!(
        "{} ({first_games} games), --jobs 2: plain {:.0} games/s, zipped {:.0} games/s ({:.2}x)",
        files[0].display(),
        first_games as f64 / plain1,
        first_games as f64 / zip1,
        plain1 / zip1
    );
}

/// One round of the throughput figures: reading, sgf-parse, the audit with one and two
/// jobs (back to back, in turn first: a neighbour's load that comes and goes then hurts
/// both sides of a ratio), the HTML report. Returns the games sgf-parse saw.
fn throughput_round(round: usize, files: &[PathBuf], t: &mut Rounds) -> usize {
    timed(&mut t.read, || std::hint::black_box(read_bytes(files)));
    let (games, _) = timed(&mut t.parse, || std::hint::black_box(sgf_parse_walk(files)));
    let mut order = [1, 2];
    if round % 2 == 1 {
        order.reverse();
    }
    for jobs in order {
        let into = if jobs == 1 { &mut t.j1 } else { &mut t.j2 };
        timed(into, || audit(files, jobs));
    }
    timed(&mut t.html, || audit_format(files, 1, "html"));
    games
}

/// The counted file: `sgf-parse` alone, the default audit, and the `--dead none` audit with
/// and without the format checks.
fn counting_round(round: usize, counted: &[PathBuf], t: &mut Rounds) {
    if counted.is_empty() {
        return;
    }
    timed(&mut t.parse_counted, || {
        std::hint::black_box(sgf_parse_walk(counted))
    });
    timed(&mut t.default, || audit_with(counted, 1, "jsonl", &[]));
    format_round(round, counted, t);
}

/// The `--dead none` audit of the counted file with and without the format checks, back
/// to back, in turn first.
fn format_round(round: usize, counted: &[PathBuf], t: &mut Rounds) {
    if counted.is_empty() {
        return;
    }
    let mut pair = [false, true];
    if round % 2 == 1 {
        pair.reverse();
    }
    for without in pair {
        if without {
            let extra = ["--dead", "none", "--ignore", "format"];
            timed(&mut t.no_format, || audit_with(counted, 1, "jsonl", &extra));
        } else {
            timed(&mut t.no_dead, || {
                audit_with(counted, 1, "jsonl", &["--dead", "none"])
            });
        }
    }
}

fn print_throughput(files: &[PathBuf], games: usize, mb: f64, runs: usize, t: &Rounds) {
    let (read, parse) = (median(t.read.clone()), median(t.parse.clone()));
    let (j1, j2, html) = (
        median(t.j1.clone()),
        median(t.j2.clone()),
        median(t.html.clone()),
    );
    println!(
        "{} file(s), {games} games, {mb:.1} MB; median of {runs} runs",
        files.len()
    );
    println!(
        "{:<34} {:>12} {:>10} {:>10}",
        "", "games/s", "MB/s", "seconds"
    );
    for (name, secs) in [
        ("read the bytes", read),
        ("sgf-parse + walk main line", parse),
        ("sgfaudit audit --json --jobs 1", j1),
        ("sgfaudit audit --json --jobs 2", j2),
        ("sgfaudit audit --format html -j 1", html),
    ] {
        println!(
            "{name:<34} {:>12.0} {:>10.1} {:>10.3}",
            games as f64 / secs,
            mb / secs,
            secs
        );
    }
    for (name, of_medians, (of_rounds, list)) in [
        ("jobs 1 / sgf-parse: ", parse / j1, ratios(&t.parse, &t.j1)),
        ("jobs 2 / jobs 1:    ", j1 / j2, ratios(&t.j1, &t.j2)),
        ("html / jsonl (games/s):", j1 / html, ratios(&t.j1, &t.html)),
    ] {
        println!(
            "ratio {name} {of_medians:.2}x (of the medians); {of_rounds:.2}x (median of the rounds: {list})"
        );
    }
    println!("HTML report: {:.2} MB", html_size(files) as f64 / 1e6);
    println!("ratio jobs 1 / read bytes: {:.3}x", read / j1);
}

/// The cost of counting (default against `--dead none`) and of the format checks (the
/// `--dead none` audit with them against without them).
fn print_counting(t: &Rounds) {
    if t.no_dead.is_empty() {
        return;
    }
    let (no_dead, no_format) = (median(t.no_dead.clone()), median(t.no_format.clone()));
    if !t.default.is_empty() {
        let default = median(t.default.clone());
        let (of_rounds, list) = ratios(&t.default, &t.no_dead);
        println!(
            "tygem-9d-part03.sgf, --jobs 1: default {default:.3} s, --dead none {no_dead:.3} s"
        );
        println!(
            "ratio default / --dead none (time): {:.2}x (of the medians); {of_rounds:.2}x (median of the rounds: {list})",
            default / no_dead
        );
    }
    if !t.parse_counted.is_empty() {
        let parse = median(t.parse_counted.clone());
        let (of_rounds, list) = ratios(&t.parse_counted, &t.no_dead);
        println!("tygem-9d-part03.sgf: sgf-parse + walk main line {parse:.3} s");
        println!(
            "ratio --dead none --jobs 1 / sgf-parse (speed): {:.2}x (of the medians); {of_rounds:.2}x (median of the rounds: {list})",
            parse / no_dead
        );
        if !t.default.is_empty() {
            let default = median(t.default.clone());
            let (of_rounds, list) = ratios(&t.parse_counted, &t.default);
            println!(
                "ratio default --jobs 1 / sgf-parse (speed): {:.2}x (of the medians); {of_rounds:.2}x (median of the rounds: {list})",
                parse / default
            );
        }
    }
    let (of_rounds, list) = ratios(&t.no_dead, &t.no_format);
    println!(
        "tygem-9d-part03.sgf, --jobs 1 --dead none: with the format checks {no_dead:.3} s, without (--ignore format) {no_format:.3} s"
    );
    println!(
        "ratio with / without the format checks (time): {:.3}x (of the medians); {of_rounds:.3}x (median of the rounds: {list})",
        no_dead / no_format
    );
}

/// Zips one file (deflate) as the single member of `out`.
fn zip_one(file: &std::path::Path, out: &std::path::Path) {
    use std::io::Write;
    let mut zip = zip::ZipWriter::new(std::fs::File::create(out).unwrap());
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    let name = file.file_name().unwrap().to_string_lossy();
    zip.start_file(name, options).unwrap();
    zip.write_all(&std::fs::read(file).unwrap()).unwrap();
    zip.finish().unwrap();
}

/// The summary record of `sgfaudit audit --json --jobs 1 --dead none [EXTRA...] PATH`.
fn audit_summary(path: &std::path::Path, extra: &[&str]) -> serde_json::Value {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sgfaudit"))
        .args(["audit", "--json", "--progress", "never", "--jobs", "1"])
        .args(["--dead", "none"])
        .args(extra)
        .arg(path)
        .output()
        .expect("sgfaudit runs");
    assert!(matches!(out.status.code(), Some(0 | 1)), "{}", out.status);
    let stdout = String::from_utf8(out.stdout).unwrap();
    let last = stdout.lines().last().expect("a summary line");
    let record: serde_json::Value = serde_json::from_str(last).unwrap();
    assert_eq!(record["type"], "summary", "{last}");
    record["data"].clone()
}

/// The `--trees` mode: the cost of replaying every side variation (see the top doc).
fn trees_mode(files: &[PathBuf], runs: usize) {
    let baseline = match files {
        [one] => one.clone(),
        _ => PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../shared/corpus/tygem/tygem-9d-part03.sgf"),
    };
    let started = Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let tree_moves = write_trees(dir.path(), started);
    let folder = dir.path().to_path_buf();
    let base_moves = trees_summaries(&folder, &baseline);
    let secs = trees_rounds(&folder, &baseline, runs);
    print_trees(runs, &secs, [tree_moves, tree_moves, base_moves]);
    println!(
        "--trees took {:.1} s in all",
        started.elapsed().as_secs_f64()
    );
}

/// Generates the random trees and writes them many times over into `dir` (a subfolder a
/// copy), printing what was written; returns the moves in every node of every file.
fn write_trees(dir: &std::path::Path, started: Instant) -> usize {
    const TREES: usize = 60;
    const COPIES: usize = 100;
    let mut rng = trees::Rng::new(0x5EED_7EE5);
    let generated: Vec<trees::Tree> = (0..TREES).map(|_| trees::tree(&mut rng)).collect();
    for copy in 0..COPIES {
        let sub = dir.join(format!("copy{copy:03}"));
        std::fs::create_dir(&sub).unwrap();
        for (i, tree) in generated.iter().enumerate() {
            std::fs::write(sub.join(format!("tree{i:02}.sgf")), &tree.text).unwrap();
        }
    }
    let tree_moves: usize = COPIES * generated.iter().map(|t| t.moves).sum::<usize>();
    let files_written = TREES * COPIES;
    let bytes = COPIES * generated.iter().map(|t| t.text.len()).sum::<usize>();
    let variations: usize = generated.iter().map(|t| t.variations).sum();
    let deepest = generated.iter().map(|t| t.deepest).max().unwrap_or(0);
    let nested = generated.iter().filter(|t| t.deepest >= 2).count();
    println!(
        "trees: {files_written} files ({TREES} trees x {COPIES} copies), {files_written} games, \
         {tree_moves} moves in every node of every variation ({} a tree), {:.1} MB; \
         {variations} side variations in the {TREES} trees, {nested} trees nested 2 or more deep, \
         deepest {deepest}; written in {:.2} s",
        tree_moves / files_written,
        bytes as f64 / 1e6,
        started.elapsed().as_secs_f64()
    );
    tree_moves
}

/// Once each, untimed (also warms the cache): what the audit reports on the trees (default
/// and `--main-line`) and on the baseline, printed; returns the baseline's moves.
fn trees_summaries(folder: &std::path::Path, baseline: &std::path::Path) -> usize {
    for (name, extra) in [("default", &[][..]), ("--main-line", &["--main-line"][..])] {
        let s = audit_summary(folder, extra);
        println!(
            "audit of the trees ({name}): {} games, {} moves reported, by_status {}, by_code {}",
            s["games"], s["moves"], s["by_status"], s["by_code"]
        );
    }
    let s = audit_summary(baseline, &[]);
    let base_moves = s["moves"].as_u64().expect("moves in the summary") as usize;
    println!(
        "baseline {}: {} games, {base_moves} moves",
        baseline.display(),
        s["games"]
    );
    base_moves
}

/// The timed rounds, the three measurements in turn first: the trees with every path
/// replayed, the trees with `--main-line`, the baseline; each round's seconds of each.
fn trees_rounds(folder: &PathBuf, baseline: &PathBuf, runs: usize) -> [Vec<f64>; 3] {
    let mut secs: [Vec<f64>; 3] = Default::default();
    let folder = std::slice::from_ref(folder);
    let base = std::slice::from_ref(baseline);
    let dead_none = ["--dead", "none"];
    let main_line = ["--dead", "none", "--main-line"];
    for round in 0..runs {
        for k in 0..3 {
            let which = (round + k) % 3;
            timed(&mut secs[which], || match which {
                0 => audit_with(folder, 1, "jsonl", &dead_none),
                1 => audit_with(folder, 1, "jsonl", &main_line),
                _ => audit_with(base, 1, "jsonl", &dead_none),
            });
        }
    }
    secs
}

/// Prints the rounds of the `--trees` mode: each measurement's best and median time and
/// moves/s, the ratios trees / baseline and default / `--main-line`.
fn print_trees(runs: usize, secs: &[Vec<f64>; 3], moves: [usize; 3]) {
    let best = |v: &[f64]| v.iter().cloned().fold(f64::INFINITY, f64::min);
    println!("--json --jobs 1 --dead none, {runs} rounds: best / median");
    let names = [
        "trees, every path replayed",
        "trees, --main-line",
        "baseline (part03)",
    ];
    for k in 0..3 {
        println!(
            "{:<28} {:>8.3} s {:>8.3} s  {:>6.2} M moves/s {:>6.2} M moves/s",
            names[k],
            best(&secs[k]),
            median(secs[k].clone()),
            moves[k] as f64 / best(&secs[k]) / 1e6,
            moves[k] as f64 / median(secs[k].clone()) / 1e6,
        );
    }
    let speed = |k: usize, t: f64| moves[k] as f64 / t;
    for (k, name, aim) in [
        (0, "every path replayed", "aim >= 0.14x"),
        (1, "--main-line", "was 0.27x before side lines"),
    ] {
        let per_round: Vec<f64> = (0..runs)
            .map(|r| speed(k, secs[k][r]) / speed(2, secs[2][r]))
            .collect();
        println!(
            "ratio trees / baseline (moves/s), {name}: {:.3}x best, {:.3}x median, {:.3}x median of the rounds ({aim})",
            speed(k, best(&secs[k])) / speed(2, best(&secs[2])),
            speed(k, median(secs[k].clone())) / speed(2, median(secs[2].clone())),
            median(per_round)
        );
    }
    let (of_rounds, list) = ratios(&secs[0], &secs[1]);
    println!(
        "ratio default / --main-line on the trees (time): {:.2}x best, {:.2}x median; {of_rounds:.2}x median of the rounds: {list} (aim <= 2x)",
        best(&secs[0]) / best(&secs[1]),
        median(secs[0].clone()) / median(secs[1].clone())
    );
}
