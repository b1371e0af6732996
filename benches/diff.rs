//! The cost of `audit --diff` on one big collection: the UTF-8 records of
//! `../shared/corpus/real` written one after another into one file of
//! `SGFAUDIT_BENCH_MB` megabytes (200 by default, in a temporary folder), then
//! `sgfaudit audit --diff FILE` against `sgfaudit audit --json --dead none FILE`, as whole
//! processes, in turn in each round. Prints the median seconds and peak memory (the
//! child's maximum resident set) of each and the medians of the rounds' ratios (the
//! targets: at most 1.5 in time, 2 in memory). `cargo bench --bench diff`; rounds from
//! `SGFAUDIT_BENCH_RUNS` (default 3).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

mod common;
use common::{median, run_measured};

/// Writes the collection: the corpus's UTF-8 records, again and again, up to `bytes`.
fn collection(target: &Path, bytes: usize) {
    let real = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/real");
    let records: Vec<Vec<u8>> = walkdir::WalkDir::new(&real)
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "sgf"))
        .filter_map(|e| std::fs::read(e.path()).ok())
        .filter(|b| std::str::from_utf8(b).is_ok())
        .map(|b| {
            let b = b.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&b);
            [b.trim_ascii_end(), b"\n"].concat()
        })
        .collect();
    assert!(!records.is_empty(), "no records under {}", real.display());
    let mut out = std::io::BufWriter::new(std::fs::File::create(target).unwrap());
    let mut written = 0;
    for record in records.iter().cycle() {
        if written >= bytes {
            break;
        }
        out.write_all(record).unwrap();
        written += record.len();
    }
    out.flush().unwrap();
}

/// Seconds and peak resident kilobytes of one `sgfaudit` process.
fn measured(args: &[&str], file: &Path) -> (f64, i64) {
    let (secs, peak_kb, code) = run_measured(
        Command::new(env!("CARGO_BIN_EXE_sgfaudit"))
            .args(args)
            .arg(file)
            .stdout(Stdio::null())
            .stderr(Stdio::null()),
    );
    assert!(code <= 1, "sgfaudit {args:?} exited with {code}");
    (secs, peak_kb)
}

fn main() {
    let megabytes: usize = std::env::var("SGFAUDIT_BENCH_MB")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(200);
    let runs: usize = std::env::var("SGFAUDIT_BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(3);
    let dir = tempfile::tempdir().expect("a temporary folder");
    let file = dir.path().join("collection.sgf");
    collection(&file, megabytes << 20);
    let audit_args = ["audit", "--json", "--dead", "none", "--exit-zero"];
    let diff_args = ["audit", "--diff"];
    let (mut audit, mut diff, mut times, mut memories) = (vec![], vec![], vec![], vec![]);
    for _ in 0..runs {
        let a = measured(&audit_args, &file);
        let d = measured(&diff_args, &file);
        times.push(d.0 / a.0);
        memories.push(d.1 as f64 / a.1 as f64);
        audit.push(a);
        diff.push(d);
    }
    let seconds = |v: &[(f64, i64)]| median(v.iter().map(|m| m.0).collect());
    let memory = |v: &[(f64, i64)]| median(v.iter().map(|m| m.1).collect()) / 1024;
    println!("a collection of {megabytes} MB in one file, {runs} rounds (medians)");
    let (a, d) = (&audit, &diff);
    println!("audit --dead none  {:8.2} s {:6} MB", seconds(a), memory(a));
    println!("audit --diff       {:8.2} s {:6} MB", seconds(d), memory(d));
    let (t, m) = (median(times), median(memories));
    println!("ratio diff/audit   {t:8.2} in time, {m:.2} in memory");
}
