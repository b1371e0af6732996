//! The duplicate finder's memory: by default it keeps at most 200 bytes a game (peak
//! resident memory of the three Tygem files against one, per extra game), its keys
//! past `--memory` going to sorted runs on disk.

use crate::common;

use std::io::{Read, Seek};
use std::process::{Command, Stdio};

/// Runs `sgfaudit dups --json ARGS`: the games its summary counts and the peak
/// resident memory in bytes.
fn dups(args: &[&str]) -> (u64, i64) {
    let out = tempfile::tempfile().unwrap();
    // Waited for below with `wait4`, which `Child` does not offer.
    #[allow(clippy::zombie_processes)]
    let child = Command::new(env!("CARGO_BIN_EXE_sgfaudit"))
        .args([
            "dups",
            "--json",
            "--progress",
            "never",
            "--no-config",
            "--jobs",
            "1",
        ])
        .args(args)
        .current_dir(common::root())
        .stdout(out.try_clone().unwrap())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut status = 0;
    // SAFETY: plain libc call on our own child, not waited for yet; `usage` is written
    // by `wait4`.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        let pid = child.id() as libc::pid_t;
        assert_eq!(libc::wait4(pid, &mut status, 0, &mut usage), pid);
        usage
    };
    assert!(libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0);
    let mut text = String::new();
    let mut out = out;
    out.rewind().unwrap();
    out.read_to_string(&mut text).unwrap();
    let lines = common::json_lines(text.as_bytes());
    let games = common::summary(&lines)["games"].as_u64().unwrap();
    (games, usage.ru_maxrss * 1024)
}

#[test]
fn dups_keeps_at_most_200_bytes_a_game() {
    let Some(corpus) = common::shared_corpus() else {
        return;
    };
    let tygem = corpus.join("tygem");
    let part = |n: u32| {
        tygem
            .join(format!("tygem-9d-part0{n}.sgf"))
            .to_str()
            .unwrap()
            .to_string()
    };
    let (one, all) = (part(1), [part(1), part(2), part(3)]);
    let (games_one, rss_one) = dups(&[&one]);
    let all: Vec<&str> = all.iter().map(String::as_str).collect();
    let (games_all, rss_all) = dups(&all);
    let per_game = (rss_all - rss_one) as f64 / (games_all - games_one) as f64;
    println!(
        "{games_one} games: {} kB; {games_all} games: {} kB; {per_game:.0} bytes a game",
        rss_one / 1024,
        rss_all / 1024
    );
    assert!(per_game <= 200.0, "{per_game:.0} bytes a game");
    // Held whole in memory, the keys cost more than twice that.
    let (_, held_one) = dups(&["--memory", "4G", &one]);
    let (_, held_all) = dups(&[&["--memory", "4G"][..], &all].concat());
    let held = (held_all - held_one) as f64 / (games_all - games_one) as f64;
    println!("keys held in memory: {held:.0} bytes a game");
    assert!(held > 2.0 * per_game, "{held:.0} against {per_game:.0}");
}
