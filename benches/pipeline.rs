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
//! audit with `--dead none` (no estimate), `--jobs 1`, in the same rounds.
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
use sgfaudit::output::{reporter, Format};
use sgfaudit::run::{run, RunConfig};

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

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

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
        audit: AuditOptions::default(),
        fail_on: vec![Status::Error, Status::Illegal, Status::Mismatch],
        jobs,
        progress: ProgressMode::Never,
        input_errors: Vec::new(),
        errors_to_stderr: false,
        part: sgfaudit::run::Part::All,
        gate: Default::default(),
    };
    let mut rep = reporter(Format::Jsonl, Box::new(io::sink()), false);
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

fn main() {
    let files = files();
    let runs: usize = std::env::var("SGFAUDIT_BENCH_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(9);
    let (bytes, _) = read_bytes(&files);
    let audited = audit_in_process(&files, 2);
    let mb = bytes as f64 / 1e6;
    let mut t_read = Vec::new();
    let mut t_parse = Vec::new();
    let mut t_j1 = Vec::new();
    let mut t_j2 = Vec::new();
    let mut games = 0;
    let mut t_html = Vec::new();
    let mut round_ratios = Vec::new();
    let mut parse_ratios = Vec::new();
    let mut html_ratios = Vec::new();
    let counted: Vec<PathBuf> = files
        .iter()
        .filter(|f| f.ends_with("tygem-9d-part03.sgf"))
        .cloned()
        .collect();
    let mut count_ratios = Vec::new();
    let (mut t_default, mut t_no_dead) = (Vec::new(), Vec::new());
    let zip_dir = tempfile::tempdir().unwrap();
    let zipped = zip_dir.path().join("first.zip");
    zip_one(&files[0], &zipped);
    let first_games = audit_in_process(&files[..1], 2);
    let (mut t_plain1, mut t_zip) = (Vec::new(), Vec::new());
    for round in 0..runs {
        let t = Instant::now();
        std::hint::black_box(read_bytes(&files));
        t_read.push(t.elapsed().as_secs_f64());

        let t = Instant::now();
        let (g, _) = std::hint::black_box(sgf_parse_walk(&files));
        t_parse.push(t.elapsed().as_secs_f64());
        games = g;

        // The two audits run back to back, in turn first, and are compared within the
        // round: a neighbour's load that comes and goes then hurts both sides of a ratio.
        let mut order = [1, 2];
        if round % 2 == 1 {
            order.reverse();
        }
        for jobs in order {
            let t = Instant::now();
            audit(&files, jobs);
            let secs = t.elapsed().as_secs_f64();
            if jobs == 1 {
                t_j1.push(secs);
            } else {
                t_j2.push(secs);
            }
        }
        // The HTML report against JSON Lines, one thread each, back to back.
        let t = Instant::now();
        audit_format(&files, 1, "html");
        t_html.push(t.elapsed().as_secs_f64());
        html_ratios.push(t_j1[round] / t_html[round]);
        // The cost of counting: the default audit against --dead none, back to back.
        if !counted.is_empty() {
            let t = Instant::now();
            audit_with(&counted, 1, "jsonl", &[]);
            t_default.push(t.elapsed().as_secs_f64());
            let t = Instant::now();
            audit_with(&counted, 1, "jsonl", &["--dead", "none"]);
            t_no_dead.push(t.elapsed().as_secs_f64());
            count_ratios.push(t_default[round] / t_no_dead[round]);
        }
        let t = Instant::now();
        audit_format(&files[..1], 2, "jsonl");
        t_plain1.push(t.elapsed().as_secs_f64());
        let t = Instant::now();
        audit_format(std::slice::from_ref(&zipped), 2, "jsonl");
        t_zip.push(t.elapsed().as_secs_f64());
        round_ratios.push(t_j1[round] / t_j2[round]);
        parse_ratios.push(t_parse[round] / t_j1[round]);
    }
    assert_eq!(audited, games, "both readers see the same games");
    let (read, parse, j1, j2) = (median(t_read), median(t_parse), median(t_j1), median(t_j2));
    let html = median(t_html.clone());
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
    let rounds = |v: &[f64]| {
        v.iter()
            .map(|r| format!("{r:.2}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    println!(
        "ratio jobs 1 / sgf-parse:  {:.2}x (of the medians); {:.2}x (median of the rounds: {})",
        parse / j1,
        median(parse_ratios.clone()),
        rounds(&parse_ratios)
    );
    println!(
        "ratio jobs 2 / jobs 1:     {:.2}x (of the medians); {:.2}x (median of the rounds: {})",
        j1 / j2,
        median(round_ratios.clone()),
        rounds(&round_ratios)
    );
    println!(
        "ratio html / jsonl (games/s):  {:.2}x (of the medians); {:.2}x (median of the rounds: {})",
        j1 / html,
        median(html_ratios.clone()),
        rounds(&html_ratios)
    );
    println!("HTML report: {:.2} MB", html_size(&files) as f64 / 1e6);
    if !count_ratios.is_empty() {
        println!(
            "tygem-9d-part03.sgf, --jobs 1: default {:.3} s, --dead none {:.3} s",
            median(t_default.clone()),
            median(t_no_dead.clone())
        );
        println!(
            "ratio default / --dead none (time): {:.2}x (of the medians); {:.2}x (median of the rounds: {})",
            median(t_default) / median(t_no_dead),
            median(count_ratios.clone()),
            rounds(&count_ratios)
        );
    }
    println!("ratio jobs 1 / read bytes: {:.3}x", read / j1);
    let (plain1, zip1) = (median(t_plain1), median(t_zip));
    println!(
        "{} ({first_games} games), --jobs 2: plain {:.0} games/s, zipped {:.0} games/s ({:.2}x)",
        files[0].display(),
        first_games as f64 / plain1,
        first_games as f64 / zip1,
        plain1 / zip1
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
