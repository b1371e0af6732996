//! The cost of `audit --fix`: on copies of the Tygem collections (in a temporary folder),
//! `sgfaudit audit --fix --dead none --json` against `sgfaudit audit --dead none --json`
//! on the same files, as whole processes, in turn in each round so that a noisy neighbour
//! hurts both alike. Prints the median seconds of each and the median of the rounds'
//! ratios (the target: at most 2). `cargo bench --bench fix [-- FILES...]`; rounds from
//! `SGFAUDIT_BENCH_RUNS` (default 5).

use std::process::Command;
use std::time::Instant;

mod common;
use common::{files, median};

/// Seconds one `sgfaudit audit` process takes on the folder.
fn timed(dir: &std::path::Path, fix: bool) -> f64 {
    let start = Instant::now();
    let mut command = Command::new(env!("CARGO_BIN_EXE_sgfaudit"));
    command.args([
        "audit",
        "--json",
        "--progress",
        "never",
        "--exit-zero",
        "--dead",
        "none",
    ]);
    if fix {
        command.arg("--fix");
    }
    let out = command.arg(dir).output().expect("sgfaudit runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    start.elapsed().as_secs_f64()
}

fn main() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    for file in files() {
        let target = dir.path().join(file.file_name().unwrap());
        std::fs::write(&target, std::fs::read(&file).expect("the file reads")).unwrap();
    }
    // The first --fix writes what there is to fix; the rounds time the fixed files.
    timed(dir.path(), true);
    let runs: usize = std::env::var("SGFAUDIT_BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(5);
    let (mut audit, mut fix, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..runs {
        let a = timed(dir.path(), false);
        let f = timed(dir.path(), true);
        audit.push(a);
        fix.push(f);
        ratios.push(f / a);
    }
    let (a, f) = (median(audit), median(fix));
    println!("audit --dead none        {a:8.2} s (median of {runs})");
    println!("audit --fix --dead none  {f:8.2} s");
    println!(
        "ratio fix/audit          {:8.2} (medians), {:.2} (median of the rounds)",
        f / a,
        median(ratios)
    );
}
