//! What several benches share: the input files (the arguments, or the Tygem collections
//! of the shared corpus), the median of their rounds, and one process measured.
// Each bench compiles this module on its own and uses only part of it.
#![allow(dead_code)]

use std::path::PathBuf;

/// The files named on the command line (options left out), or else every `.sgf` of
/// `../shared/corpus/tygem`, sorted.
pub fn files() -> Vec<PathBuf> {
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

/// The middle value of the rounds (the upper one of an even count).
pub fn median<T: PartialOrd + Copy>(mut v: Vec<T>) -> T {
    v.sort_by(|a, b| a.partial_cmp(b).expect("a measurement is a number"));
    v[v.len() / 2]
}

/// Runs `command` (its output as the caller set it) and waits for it by `wait4`, which
/// also gives its resource usage: wall seconds, peak resident kilobytes and exit code.
// The child is waited for by `wait4`, not by `Child::wait`.
#[allow(clippy::zombie_processes)]
pub fn run_measured(command: &mut std::process::Command) -> (f64, i64, i32) {
    let start = std::time::Instant::now();
    let child = command.spawn().expect("sgfaudit runs");
    let mut status = 0;
    // SAFETY: an all-zero `rusage` is a valid value; `wait4` fills it for our own child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = child.id() as libc::pid_t;
    // SAFETY: `pid` is our child, not waited for yet; both pointers are valid.
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    let secs = start.elapsed().as_secs_f64();
    assert_eq!(waited, pid, "wait4: {}", std::io::Error::last_os_error());
    assert!(libc::WIFEXITED(status), "sgfaudit did not exit");
    (secs, usage.ru_maxrss, libc::WEXITSTATUS(status))
}
