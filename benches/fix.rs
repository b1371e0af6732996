//! The cost of `audit --fix`: on copies of the Tygem collections (in a temporary folder),
//! `sgfaudit audit --fix --dead none --json` against `sgfaudit audit --dead none --json`
//! on the same files, as whole processes, in turn in each round so that a noisy neighbour
//! hurts both alike. Prints the median seconds of each and the median of the rounds'
//! ratios (the target: at most 2). `cargo bench --bench fix [-- FILES...]`; rounds from
//! `SGFAUDIT_BENCH_RUNS` (default 5).

use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

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
