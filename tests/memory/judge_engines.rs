//! The engine judge against unruly engines, run whole through `sgfaudit`: an engine that
//! floods its output, hangs, fails again and again, outlives the run, calls a pass-alive
//! chain dead, or answers by what it was asked before.

use crate::common;
use crate::judge::{self, dead, failure, fake, fake_command, small};
use sgfaudit::audit::judge::{Judge, JudgeConfig, JudgeFailureKind};
use sgfaudit::geom::{Color, Point, Position};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A fake GTP engine in POSIX shell that floods: asked for the dead stones of a position
/// with stones, it answers `= A1` and then `y` lines without end (`exec yes`). Small
/// programs both, so a run's peak memory is sgfaudit's.
const FLOODING_ENGINE: &str = r#"stones=0
while read -r cmd first second; do
  case "$cmd" in
    quit) printf '=\n\n'; exit 0 ;;
    known_command)
      if [ "$first" = list_stones ]; then printf '= false\n\n'; else printf '= true\n\n'; fi ;;
    clear_board) stones=0; printf '=\n\n' ;;
    play) if [ "$second" != pass ]; then stones=1; fi; printf '=\n\n' ;;
    final_status_list)
      if [ "$stones" = 1 ]; then printf '= A1\n'; exec yes; fi
      printf '=\n\n' ;;
    *) printf '=\n\n' ;;
  esac
done
"#;

/// The command line of the flooding engine (its script written into `dir`).
fn flooding_command(dir: &Path) -> String {
    let script = dir.join("flooding engine.sh");
    std::fs::write(&script, FLOODING_ENGINE).unwrap();
    format!("sh \"{}\"", script.display())
}

/// Five copies of a GNU Go game the estimate leaves `unverifiable` (its position is
/// unfinished), so the judge is asked five times: written into `dir`.
fn five_judged_games(dir: &Path) -> String {
    let game = std::fs::read_to_string(
        common::root().join("corpus/gnugo-passes/gnugo-13x13-s1101__ok.sgf"),
    )
    .unwrap();
    let path = dir.join("five.sgf");
    std::fs::write(&path, format!("{}\n", game.trim()).repeat(5)).unwrap();
    common::arg(&path)
}

/// Runs sgfaudit with `args` and returns its output and its peak resident memory in KiB
/// (with that of the children it reaped: here small shell programs).
#[allow(clippy::zombie_processes)] // `wait4` reaps it
fn sgfaudit_with_peak(args: &[&str]) -> (std::process::Output, i64) {
    use std::io::Read;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_sgfaudit"))
        .args(args)
        .current_dir(common::root())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        stdout.read_to_end(&mut out).unwrap();
        out
    });
    let mut stderr = Vec::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_end(&mut stderr)
        .unwrap();
    let mut status = 0;
    // SAFETY: waits for this test's own child, which nothing else waits for.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = unsafe { libc::wait4(child.id() as i32, &mut status, 0, &mut usage) };
    assert_eq!(pid, child.id() as i32);
    let output = std::process::Output {
        status: std::os::unix::process::ExitStatusExt::from_raw(status),
        stdout: reader.join().unwrap(),
        stderr,
    };
    (output, usage.ru_maxrss)
}

/// The reasons of the checks of a JSON Lines report, in order.
fn reasons(stdout: &[u8]) -> Vec<String> {
    let lines = common::json_lines(stdout);
    common::games(&lines)
        .iter()
        .map(|g| g["check"]["reason"].as_str().unwrap_or("").to_string())
        .collect()
}

/// An engine that floods its output is read up to the answer's cap (1 MiB) and no
/// further: the reader stops there and what the engine writes beyond waits in its pipe.
/// A run's peak memory stays within twice that of a run without the judge (it was
/// 140 MB against 6.5 MB: the reader queued every line the engine wrote).
#[test]
fn a_flooding_engine_is_read_up_to_the_cap_and_no_further() {
    let dir = tempfile::tempdir().unwrap();
    let command = flooding_command(dir.path());
    let mut judge = Judge::new(JudgeConfig::new(command.clone()));
    let (kind, message) = failure(judge.dead_stones(&small(), 7.5, Color::Black));
    assert_eq!(kind, JudgeFailureKind::Protocol, "{message}");
    assert!(
        message.contains("an answer of more than 1 MiB"),
        "{message}"
    );
    let games = five_judged_games(dir.path());
    let (alone, without) = sgfaudit_with_peak(&["audit", "--json", "-j2", &games]);
    assert_eq!(alone.status.code(), Some(0), "{alone:?}");
    let (judged, with) =
        sgfaudit_with_peak(&["audit", "--json", "-j2", "--judge", &command, &games]);
    assert_eq!(judged.status.code(), Some(0), "{judged:?}");
    let reasons = reasons(&judged.stdout);
    assert!(
        reasons
            .iter()
            .all(|r| r.contains("more than 1 MiB") || r.contains("failed 3 positions in a row")),
        "{reasons:?}"
    );
    assert!(
        with < 2 * without,
        "peak memory {with} KiB with the flooding judge, {without} KiB without"
    );
}

/// `--judge-timeout` sets the safety net; after three failures in a row the rest of the
/// run goes without the engine, and each game's reason says so: a hanging engine costs
/// three timeouts, not one per position (five games took 305 s at 60 s each).
#[test]
fn a_hanging_engine_is_given_up_after_three_timeouts() {
    let dir = tempfile::tempdir().unwrap();
    let command = fake_command(dir.path(), "hang-with-stones");
    let games = five_judged_games(dir.path());
    for jobs in ["-j1", "-j2"] {
        judge::under_a_short_limit(|limit| gives_up_after_three(jobs, &command, &games, limit));
    }
}

/// One run of [`a_hanging_engine_is_given_up_after_three_timeouts`] under `limit`: `Err`
/// when an engine's start, not its hang, outlasted the limit.
fn gives_up_after_three(
    jobs: &str,
    command: &str,
    games: &str,
    limit: Duration,
) -> Result<(), String> {
    let start = Instant::now();
    let seconds = limit.as_secs_f64().to_string();
    let out = common::sgfaudit(&[
        "audit",
        "--json",
        jobs,
        "--judge",
        command,
        "--judge-timeout",
        &seconds,
        games,
    ]);
    let took = start.elapsed();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let reasons = reasons(&out.stdout);
    let hang = format!(
        "did not answer `final_status_list dead` within {}",
        judge::limit_words(limit)
    );
    let timed_out = reasons.iter().filter(|r| r.contains(&hang)).count();
    let not_asked = reasons
            .iter()
            .filter(|r| r.contains("was not asked: it failed 3 positions in a row (the last: timeout), so the rest of the run goes without it"))
            .count();
    if timed_out < 3 || timed_out + not_asked != 5 {
        return Err(format!("{jobs}: {reasons:#?}"));
    }
    // Three waits of the limit, not five, plus the engines' starts.
    assert!(
        took < 3 * limit + Duration::from_secs(8),
        "{jobs}: {took:?}"
    );
    let gave_up = reasons
        .iter()
        .filter(|r| {
            r.contains(
                "that is 3 failures in a row: the rest of the run goes without the engine judge",
            )
        })
        .count();
    assert_eq!(gave_up, 1, "{jobs}: {reasons:#?}");
    Ok(())
}

/// The same, for the library: an engine that keeps failing is given up after
/// [`GIVE_UP_AFTER`] failures in a row, and a success in between starts the count again.
#[test]
fn a_failing_engine_is_given_up_after_three_failures_in_a_row() {
    let dir = tempfile::tempdir().unwrap();
    let mut judge = fake(dir.path(), "exit-on-play");
    for _ in 0..sgfaudit::audit::judge::GIVE_UP_AFTER {
        let (kind, _) = failure(judge.dead_stones(&small(), 7.5, Color::Black));
        assert_eq!(kind, JudgeFailureKind::Exited);
    }
    let (kind, message) = failure(judge.dead_stones(&small(), 7.5, Color::Black));
    assert_eq!(kind, JudgeFailureKind::GaveUp, "{message}");
    assert!(judge.config().gave_up().is_some());
    assert_eq!(judge.starts(), 3, "no engine is started once given up");
    // Two failures, an answer, two failures: never three in a row.
    let mut judge = fake(dir.path(), "exit-on-komi-99");
    for komi in [99.0, 99.0, 7.5, 99.0, 99.0, 7.5] {
        let _ = judge.dead_stones(&small(), komi, Color::Black);
    }
    assert_eq!(judge.config().gave_up(), None);
    assert_eq!(judge.starts(), 6);
}

/// `--judge-timeout` is an option of `audit` (Python's `judge_timeout=` by name), and a
/// limit that is not a number of seconds above 0 (at most a day) is a usage error.
#[test]
fn judge_timeout_is_an_option_checked_like_the_others() {
    assert!(sgfaudit::cli::audit_option_names().contains(&"judge_timeout".to_string()));
    for bad in ["0", "-1", "nan", "inf", "soon", "1e9"] {
        let option = format!("--judge-timeout={bad}");
        let out = common::sgfaudit(&["audit", &option, "corpus/rules"]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("--judge-timeout"), "{bad}: {err}");
    }
}

/// Whether process `pid` still runs: not gone, and not a zombie waiting to be reaped.
fn running(pid: i32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|stat| {
            let state = stat.rsplit_once(") ")?.1.chars().next()?;
            Some(state != 'Z' && state != 'X')
        })
        .unwrap_or(false)
}

/// The process ids of the fake engines that are hanging now (their files in `dir`),
/// waited for until there is one, for at most 30 s.
fn hanging_engines(dir: &Path) -> Vec<i32> {
    let start = Instant::now();
    loop {
        let pids: Vec<i32> = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
            .collect();
        if !pids.is_empty() || start.elapsed() > Duration::from_secs(30) {
            return pids;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Waits up to 5 s for every process of `pids` to end; the ones still running are
/// killed (this test's own children's children, by their ids) and returned.
fn survivors(pids: &[i32]) -> Vec<i32> {
    let start = Instant::now();
    while pids.iter().any(|&p| running(p)) && start.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(50));
    }
    let left: Vec<i32> = pids.iter().copied().filter(|&p| running(p)).collect();
    for &pid in &left {
        // SAFETY: a plain system call, on a fake engine this test started.
        unsafe {
            libc::kill(pid, libc::SIGKILL);
        }
    }
    left
}

/// A run whose engine hangs with stones on the board: the folder where each hanging
/// engine leaves a file named by its process id, the `--judge` command, and the games.
fn hanging_run(dir: &Path) -> (PathBuf, String, String) {
    let pids = dir.join("pids");
    std::fs::create_dir(&pids).unwrap();
    let command = format!(
        "{} \"{}\"",
        fake_command(dir, "hang-with-stones"),
        pids.display()
    );
    (pids, command, five_judged_games(dir))
}

/// The engines run in process groups of their own (a terminal's Ctrl-C reaches sgfaudit
/// alone) and sgfaudit ends them when a signal ends it: an engine busy with a position
/// no longer outlives it as an orphan.
#[test]
fn no_engine_outlives_sgfaudit_ended_by_a_signal() {
    let dir = tempfile::tempdir().unwrap();
    let (pids, command, games) = hanging_run(dir.path());
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_sgfaudit"))
        .args(["audit", "--json", "-j2", "--judge", &command, &games])
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let hanging = hanging_engines(&pids);
    assert!(!hanging.is_empty(), "no engine was asked");
    // SAFETY: a plain system call, on this test's own child.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGTERM);
    }
    let status = child.wait().unwrap();
    assert_eq!(
        std::os::unix::process::ExitStatusExt::signal(&status),
        Some(libc::SIGTERM),
        "sgfaudit ends by the signal, as before"
    );
    assert_eq!(
        survivors(&hanging),
        Vec::<i32>::new(),
        "engines left running"
    );
}

/// A run stopped before its end (the Python package's `KeyboardInterrupt` drops its
/// stream) kills the engines answering for it, instead of leaving them to the safety net
/// and, should Python exit meanwhile, to PID 1.
#[test]
fn no_engine_outlives_a_stopped_stream() {
    use sgfaudit::cli::OptionValue;
    let dir = tempfile::tempdir().unwrap();
    let (pids, command, games) = hanging_run(dir.path());
    let options = [
        ("judge".to_string(), OptionValue::Text(command)),
        ("no_config".to_string(), OptionValue::Flag(true)),
    ];
    let config = sgfaudit::stream::settings(&[PathBuf::from(games)], &options).unwrap();
    let stream = sgfaudit::stream::Stream::start(config, sgfaudit::output::Format::JSONL);
    let hanging = hanging_engines(&pids);
    assert!(!hanging.is_empty(), "no engine was asked");
    drop(stream);
    assert_eq!(
        survivors(&hanging),
        Vec::<i32>::new(),
        "engines left running"
    );
}

/// A 9×9 record whose two groups are pass-alive (each has two one-point eyes), counted
/// W+25.5 with certainty, `RE[W+3.5]`.
const PASS_ALIVE_GAME: &str = "(;GM[1]FF[4]SZ[9]RU[Chinese]KM[7.5]RE[W+3.5]\
AB[aa][ac][ad][ae][af][ag][ai][ba][bb][bc][bd][be][bf][bg][bh][bi][ca][cb][cc][cd][ce][cf][cg][ch][ci]\
AW[ea][eb][ec][ed][ee][ef][eg][eh][ei][fa][fb][fc][fd][fe][ff][fg][fh][fi][ga][gb][gc][gd][ge][gf][gg][gh][gi]\
[ha][hb][hc][hd][he][hf][hg][hh][hi][ia][ic][id][ie][if][ig][ii];B[];W[])";

/// An engine's dead stones never include a pass-alive chain (Benson: no sequence of
/// moves captures it): such an answer is nonsense, reported and not used; and they always
/// include the stones inside pass-alive territory. So an engine cannot unsettle a count
/// Benson's algorithm makes certain: one that calls every stone dead turned this
/// `mismatch` at confidence 1.0, exit 1, into an `ok`, exit 0.
#[test]
fn an_engine_cannot_kill_a_pass_alive_chain() {
    let dir = tempfile::tempdir().unwrap();
    let mut judge = fake(dir.path(), "all-dead");
    let position = Position::from_diagram(
        "X X O O .
         . X O . O
         X X O O O
         X . X O .
         X X X O O",
    );
    let (kind, message) = failure(judge.dead_stones(&position, 7.5, Color::Black));
    assert_eq!(kind, JudgeFailureKind::Protocol, "{message}");
    assert!(message.contains("pass-alive"), "{message}");
    // Without a pass-alive chain, the same answer stands (it may be right).
    let all = dead(judge.dead_stones(&small(), 7.5, Color::Black));
    assert_eq!(all.len(), 4);
    // A White stone in Black's pass-alive territory (the eye A2-A3) is dead whatever the
    // engine says.
    let territory = Position::from_diagram(
        "X X X . O O O O O
         . X X . O O O O .
         X X X . O O O O O
         X X X . O O O O O
         X X X . O O O O O
         X X X . O O O O O
         O X X . O O O O O
         . X X . O O O O .
         X X X . O O O O O",
    );
    let mut judge = fake(dir.path(), "none-dead");
    let answer = dead(judge.dead_stones(&territory, 7.5, Color::Black));
    assert_eq!(answer, vec![Point::new(0, 6)]);

    let game = dir.path().join("pass-alive.sgf");
    std::fs::write(&game, PASS_ALIVE_GAME).unwrap();
    let game = common::arg(&game);
    let alone = common::sgfaudit(&["audit", "--json", &game]);
    let command = fake_command(dir.path(), "all-dead");
    let judged = common::sgfaudit(&["audit", "--json", "--judge", &command, &game]);
    for out in [&alone, &judged] {
        assert_eq!(out.status.code(), Some(1), "{out:?}");
        let lines = common::json_lines(&out.stdout);
        let game = common::games(&lines)[0];
        assert_eq!(game["status"], "mismatch");
        assert_eq!(game["check"]["verdict"], "disagrees");
        assert_eq!(game["check"]["confidence"], 1.0);
        assert_eq!(game["check"]["computed"], "W+25.5");
    }
    let reason = &reasons(&judged.stdout)[0];
    assert!(
        reason.contains("it calls the chain at A9 (25 stones) dead, which is pass-alive"),
        "{reason}"
    );
}

/// An engine's answer does not depend on what it was asked before: each position gets an
/// engine of its own, so an engine whose state outlives `clear_board` answers alike
/// however a run shares its games among threads.
#[test]
fn answers_do_not_depend_on_what_the_engine_was_asked_before() {
    let dir = tempfile::tempdir().unwrap();
    let mut judge = fake(dir.path(), "stateful");
    let first = dead(judge.dead_stones(&small(), 7.5, Color::Black));
    let again = dead(judge.dead_stones(&small(), 7.5, Color::Black));
    assert_eq!(first, vec![Point::new(2, 2)]);
    assert_eq!(again, first);
    let command = fake_command(dir.path(), "stateful");
    let games = five_judged_games(dir.path());
    let run = |jobs: &str| {
        let out = common::sgfaudit(&["audit", "--json", jobs, "--judge", &command, &games]);
        let lines = common::json_lines(&out.stdout);
        common::games(&lines)
            .iter()
            .map(|g| g["check"].to_string())
            .collect::<Vec<_>>()
    };
    let one = run("-j1");
    assert!(one.iter().all(|check| *check == one[0]), "{one:#?}");
    assert_eq!(one, run("-j2"));
}
