//! `sgfaudit dups` on the Tygem collections against `sgfaudit audit --dead none` on the
//! same files, both `--jobs 1`, as whole processes, in the same rounds (in turn first);
//! prints each median time, the ratio, and each process's peak memory (maximum resident
//! set, from `wait4`). `cargo bench --bench dups [-- FILES...]`; `SGFAUDIT_BENCH_RUNS`
//! rounds (default 5).

use std::path::PathBuf;
use std::process::{Command, Stdio};
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

fn main() {
    let files = files();
    let runs: usize = std::env::var("SGFAUDIT_BENCH_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
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
    let (mut t_dups, mut t_audit, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    let (mut mem_dups, mut mem_audit) = (0f64, 0f64);
    for round in 0..runs {
        let (d, a) = if round % 2 == 0 {
            let d = measure(dups, &files);
            (d, measure(audit, &files))
        } else {
            let a = measure(audit, &files);
            (measure(dups, &files), a)
        };
        t_dups.push(d.0);
        t_audit.push(a.0);
        ratios.push(d.0 / a.0);
        mem_dups = mem_dups.max(d.1);
        mem_audit = mem_audit.max(a.1);
    }
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
        median(t_dups) / median(t_audit),
        median(ratios)
    );
}
