//! The engine judge (`sgfaudit::audit::judge`) against a real engine, GNU Go 3.8 (Debian's
//! `gnugo`), and against small fake engines written here that answer nonsense, hang,
//! exit or call every stone dead (whole runs with unruly engines: `judge_engines.rs`).
//! GNU Go is looked up on `PATH` and in `/usr/games`; when it is missing the tests that
//! need it fail under CI (`CI` set: `scripts/ci-setup.sh` installs it) and are skipped,
//! with a note, elsewhere.

use crate::common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rayon::prelude::*;
use sgfaudit::audit::judge::{judge_position, Judge, JudgeAnswer, JudgeConfig, JudgeFailureKind};
use sgfaudit::audit::AuditOptions;
use sgfaudit::geom::{Color, Point, Position};
use sgfaudit::input::source::read_file;
use sgfaudit::run::LoadedFile;
use sgfaudit::score::{dead_from_markup, DeadPolicy};
use sgfaudit::sgf::record::{parse_game, Limits};

/// GNU Go's program, or `None` (with a note; a failure under CI).
pub(crate) fn gnugo() -> Option<PathBuf> {
    let on_path = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .unwrap_or_default();
    let found = on_path
        .into_iter()
        .chain([PathBuf::from("/usr/games")])
        .map(|dir| dir.join("gnugo"))
        .find(|p| p.is_file());
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "gnugo is missing, and CI is set: scripts/ci-setup.sh installs it"
        );
        eprintln!("note: gnugo not found: test skipped");
    }
    found
}

pub(crate) fn gnugo_config(program: &Path, level: u32) -> JudgeConfig {
    JudgeConfig::new(format!(
        "'{}' --mode gtp --chinese-rules --level {level}",
        program.display()
    ))
}

/// A final position of the project's corpus with the dead stones its markup names.
struct Final {
    name: String,
    position: Position,
    komi: f64,
    markup_dead: Vec<Point>,
}

fn finals(folder: &str) -> Vec<Final> {
    let dir = common::root().join("corpus").join(folder);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    paths.sort();
    let options = AuditOptions {
        keep_board: true,
        dead: DeadPolicy::None,
        ..Default::default()
    };
    paths
        .iter()
        .filter_map(|path| {
            let file = LoadedFile::new(path.display().to_string(), read_file(path).unwrap());
            let report = file.audit(0, &options);
            let record = parse_game(file.game_text(0), Limits::default());
            let position = report.board?;
            let markup_dead =
                dead_from_markup(&position, &record.territory_black, &record.territory_white);
            Some(Final {
                name: path.file_name().unwrap().to_string_lossy().into_owned(),
                position,
                komi: report.komi,
                markup_dead,
            })
        })
        .collect()
}

pub(crate) fn dead(answer: JudgeAnswer) -> Vec<Point> {
    match answer {
        JudgeAnswer::Dead(dead) => dead,
        JudgeAnswer::Failed(f) => panic!("{:?}: {}", f.kind, f.message),
    }
}

pub(crate) fn failure(answer: JudgeAnswer) -> (JudgeFailureKind, String) {
    match answer {
        JudgeAnswer::Failed(f) => (f.kind, f.message),
        JudgeAnswer::Dead(d) => panic!("an answer where a failure was expected: {d:?}"),
    }
}

/// The GNU Go self-play games of `corpus/gnugo` carry GNU Go's own dead stones (level 1,
/// Chinese rules) as `TB`/`TW` markup: asked again through the judge, from the bare
/// final position, it names the same stones.
#[test]
fn gnugo_names_the_dead_stones_its_markup_names() {
    let Some(program) = gnugo() else { return };
    let mut judge = Judge::new(gnugo_config(&program, 1));
    let games = finals("gnugo");
    assert!(games.len() >= 30, "the corpus's GNU Go games");
    let mut differ = Vec::new();
    let mut with_dead = 0;
    for game in &games {
        let answer = dead(judge.dead_stones(&game.position, game.komi, Color::Black));
        with_dead += usize::from(!answer.is_empty());
        if answer != game.markup_dead {
            differ.push(format!(
                "{}: judge {:?}, markup {:?}",
                game.name, answer, game.markup_dead
            ));
        }
    }
    assert_eq!(
        judge.starts() as usize,
        games.len(),
        "an engine per position"
    );
    assert!(with_dead >= 10, "games with dead stones: {with_dead}");
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

/// The same positions give the same answers whatever the engine judged before, on one
/// thread or on four (each position gets an engine of its own).
#[test]
fn answers_do_not_depend_on_order_or_threads() {
    let Some(program) = gnugo() else { return };
    let config = gnugo_config(&program, 1);
    // The 9×9 and 13×13 games, and two 19×19 ones (each takes GNU Go about a second).
    let mut games: Vec<Final> = finals("gnugo");
    let mut big = 0;
    games.retain(|g| {
        big += usize::from(g.position.size.width == 19);
        g.position.size.width < 19 || big <= 2
    });
    assert!(games.len() >= 30);
    let ask = |g: &Final| judge_position(&config, &g.position, g.komi, Color::Black);
    let one_thread: Vec<JudgeAnswer> = games.iter().map(ask).collect();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(4)
        .build()
        .unwrap();
    let four_threads: Vec<JudgeAnswer> = pool.install(|| games.par_iter().map(ask).collect());
    assert_eq!(one_thread, four_threads);
    let mut backwards = Judge::new(config.clone());
    let mut reversed: Vec<JudgeAnswer> = games
        .iter()
        .rev()
        .map(|g| backwards.dead_stones(&g.position, g.komi, Color::Black))
        .collect();
    reversed.reverse();
    assert_eq!(one_thread, reversed);
}

/// Real games of `../shared/corpus` with GNU Go's own dead stones, read from the whole
/// record with `loadsgf` at its default level (`tests/data/gnugo-status-markup-games.tsv`,
/// by `scripts/gnugo-status.py`): the judge, from the bare final position, gets the same.
#[test]
fn gnugo_from_the_bare_position_agrees_with_gnugo_from_the_record() {
    let Some(program) = gnugo() else { return };
    let Some(shared) = common::shared_corpus() else {
        return;
    };
    let table =
        std::fs::read_to_string(common::root().join("tests/data/gnugo-status-markup-games.tsv"))
            .unwrap();
    let rows: Vec<(&str, &str)> = table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("path\t"))
        .filter_map(|l| l.split_once('\t'))
        .collect();
    let mut judge = Judge::new(JudgeConfig::new(format!(
        "'{}' --mode gtp --chinese-rules",
        program.display()
    )));
    let options = AuditOptions {
        keep_board: true,
        dead: DeadPolicy::None,
        ..Default::default()
    };
    let mut differ = Vec::new();
    let mut asked = 0;
    for (path, expected) in rows.iter().step_by(25) {
        let path = shared.join(path);
        let file = LoadedFile::new(path.display().to_string(), read_file(&path).unwrap());
        let report = file.audit(0, &options);
        let position = report.board.expect("a final position");
        let mut expected: Vec<Point> = expected
            .split_whitespace()
            .map(|v| Point::from_vertex(v, position.size).unwrap())
            .collect();
        expected.sort();
        let answer = dead(judge.dead_stones(&position, report.komi, Color::Black));
        asked += 1;
        if answer != expected {
            differ.push(format!(
                "{}: judge {answer:?}, from the record {expected:?}",
                path.display()
            ));
        }
    }
    assert!(asked >= 5);
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

/// The territory games of the corpus are small hand-made endings: GNU Go's dead stones
/// are stones of the position, and a position with a dead chain gets it.
#[test]
fn gnugo_reads_the_territory_endings() {
    let Some(program) = gnugo() else { return };
    let mut judge = Judge::new(gnugo_config(&program, 1));
    for game in finals("territory") {
        let answer = dead(judge.dead_stones(&game.position, game.komi, Color::Black));
        for p in &answer {
            assert!(game.position.get(*p).is_some(), "{}: {p:?}", game.name);
        }
        if !game.markup_dead.is_empty() {
            assert_eq!(answer, game.markup_dead, "{}", game.name);
        }
    }
}

/// A fake GTP engine in Python: it keeps the stones played and answers
/// `final_status_list dead` according to its mode. A second argument names a folder
/// where `hang-with-stones` leaves a file named by its process id when it hangs.
const FAKE_ENGINE: &str = r#"
import os, sys, time
mode = sys.argv[1]
stones = {"black": [], "white": []}
komi = None
last = None
asked = 0
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    cmd = words[0]
    if mode == "garbage":
        print("hello, I am not GTP\n", flush=True)
        continue
    if cmd == "quit":
        print("=\n", flush=True)
        break
    if cmd == "known_command":
        print("= " + ("false" if mode == "no-status" and words[1] == "final_status_list" else "true") + "\n", flush=True)
    elif cmd == "boardsize" and mode == "small-only" and int(words[1]) > 9:
        print("? unacceptable size\n", flush=True)
    elif cmd == "clear_board":
        stones = {"black": [], "white": []}
        print("=\n", flush=True)
    elif cmd == "komi":
        komi = words[1]
        if mode == "exit-on-komi-99" and komi == "99":
            sys.exit(7)
        print("=\n", flush=True)
    elif cmd == "play":
        if mode == "exit-on-play":
            sys.exit(7)
        last = "black" if words[1] == "B" else "white"
        if words[2] != "pass":
            stones[last].append(words[2])
        print("=\n", flush=True)
    elif cmd == "list_stones":
        shown = stones[words[1]]
        if mode == "loses-a-stone" and shown:
            shown = shown[1:]
        print("= " + " ".join(shown) + "\n", flush=True)
    elif cmd == "final_status_list":
        asked += 1
        on_board = stones["black"] + stones["white"]
        if mode == "hang-on-komi-99" and komi == "99":
            time.sleep(3600)
        if mode == "hang-with-stones" and on_board:
            if len(sys.argv) > 2:
                open(os.path.join(sys.argv[2], str(os.getpid())), "w").close()
            time.sleep(3600)
        if mode == "all-dead":
            print("= " + " ".join(on_board) + "\n", flush=True)
        elif mode == "none-dead":
            print("=\n", flush=True)
        elif mode == "stateful" and asked > 1:
            # Its state outlives `clear_board`: only its first question is answered.
            print("=\n", flush=True)
        elif mode == "nonsense":
            print("= Z99 banana\n", flush=True)
        elif mode == "empty-point":
            print("= A1\n", flush=True)
        elif mode == "last-player-dead":
            print("= " + " ".join(stones[last]) + "\n", flush=True)
        else:
            print("= " + " ".join(stones["white"]) + "\n", flush=True)
    else:
        print("=\n", flush=True)
"#;

/// A judge running the fake engine in `mode`, with a short safety net.
pub(crate) fn fake(dir: &Path, mode: &str) -> Judge {
    Judge::new(JudgeConfig::new(fake_command(dir, mode)).with_timeout(Duration::from_secs(3)))
}

/// The command line of the fake engine in `mode` (its script written into `dir`).
pub(crate) fn fake_command(dir: &Path, mode: &str) -> String {
    let script = dir.join("fake engine.py");
    std::fs::write(&script, FAKE_ENGINE).unwrap();
    format!("python3 \"{}\" {mode}", script.display())
}

/// The safety limits the tests of hanging engines try, shortest first: half a second keeps
/// them from waiting, and a longer one is tried only when a busy machine made the engine's
/// start itself outlast the limit (the check's outcome named another command than the hang).
pub(crate) const HANG_LIMITS: [Duration; 3] = [
    Duration::from_millis(500),
    Duration::from_secs(2),
    Duration::from_secs(5),
];

/// Runs `attempt` with each of [`HANG_LIMITS`] until it holds (`Ok`); the last failure
/// panics with every message.
pub(crate) fn under_a_short_limit(mut attempt: impl FnMut(Duration) -> Result<(), String>) {
    let mut failures = Vec::new();
    for limit in HANG_LIMITS {
        match attempt(limit) {
            Ok(()) => return,
            Err(message) => failures.push(format!("{limit:?}: {message}")),
        }
    }
    panic!("{failures:#?}");
}

/// How the judge words a limit: `500 ms`, `2 s`.
pub(crate) fn limit_words(limit: Duration) -> String {
    if limit < Duration::from_secs(1) {
        format!("{} ms", limit.as_millis())
    } else {
        format!("{} s", limit.as_secs())
    }
}

/// A small position whose white stones the fake engine calls dead (A1 stays empty).
pub(crate) fn small() -> Position {
    Position::from_diagram(
        ". . . . .
         . X X . .
         . X O . .
         . . . . .
         . . . . .",
    )
}

#[test]
fn a_working_engine_is_asked_in_gtp() {
    let dir = tempfile::tempdir().unwrap();
    let mut judge = fake(dir.path(), "plain");
    let answer = dead(judge.dead_stones(&small(), 7.5, Color::Black));
    assert_eq!(answer, vec![Point::new(2, 2)]);
}

/// The engine takes the player after the last move to be the one to move: the stones go
/// on the board so that the last one is the other player's (or that player passes).
#[test]
fn the_engine_sees_who_is_to_move() {
    let dir = tempfile::tempdir().unwrap();
    let mut judge = fake(dir.path(), "last-player-dead");
    let black = vec![Point::new(1, 1), Point::new(1, 2), Point::new(2, 1)];
    let white = vec![Point::new(2, 2)];
    assert_eq!(dead(judge.dead_stones(&small(), 7.5, Color::Black)), white);
    assert_eq!(dead(judge.dead_stones(&small(), 7.5, Color::White)), black);
    let only_black = Position::from_diagram("X..\n...\n...");
    let answer = judge.dead_stones(&only_black, 7.5, Color::Black);
    assert_eq!(dead(answer), vec![], "White passed last");
    assert_eq!(judge.starts(), 3, "an engine per position");
}

#[test]
fn nonsense_is_a_protocol_failure_and_the_engine_is_replaced() {
    let dir = tempfile::tempdir().unwrap();
    for mode in ["nonsense", "empty-point", "garbage", "loses-a-stone"] {
        let mut judge = fake(dir.path(), mode);
        let (kind, message) = failure(judge.dead_stones(&small(), 7.5, Color::Black));
        assert_eq!(kind, JudgeFailureKind::Protocol, "{mode}: {message}");
        assert!(message.starts_with("the engine `python3 "), "{message}");
        let _ = judge.dead_stones(&small(), 7.5, Color::Black);
        assert_eq!(judge.starts(), 2, "{mode}: a new engine after nonsense");
    }
    let mut judge = fake(dir.path(), "nonsense");
    let (_, message) = failure(judge.dead_stones(&small(), 7.5, Color::Black));
    assert!(message.contains("final_status_list dead") && message.contains("banana"));
    let mut judge = fake(dir.path(), "empty-point");
    let (_, message) = failure(judge.dead_stones(&small(), 7.5, Color::Black));
    assert!(message.contains("A1"), "{message}");
}

#[test]
fn a_hanging_engine_is_stopped_by_the_safety_net_and_the_next_game_works() {
    let dir = tempfile::tempdir().unwrap();
    under_a_short_limit(|limit| {
        let config = JudgeConfig::new(fake_command(dir.path(), "hang-on-komi-99"));
        let mut judge = Judge::new(config.with_timeout(limit));
        let start = Instant::now();
        let (kind, message) = failure(judge.dead_stones(&small(), 99.0, Color::Black));
        let waited = start.elapsed();
        let hang = format!(
            "did not answer `final_status_list dead` within {}",
            limit_words(limit)
        );
        if kind != JudgeFailureKind::Timeout || !message.contains(&hang) {
            return Err(format!("{kind:?}: {message}"));
        }
        assert!(waited < limit + Duration::from_secs(5), "waited {waited:?}");
        let answer = dead(judge.dead_stones(&small(), 7.5, Color::Black));
        assert_eq!(answer, vec![Point::new(2, 2)]);
        assert_eq!(judge.starts(), 2);
        Ok(())
    });
}

#[test]
fn an_engine_that_exits_is_reported() {
    let mut judge = Judge::new(JudgeConfig::new("sh -c 'echo gone >&2; exit 3'"));
    let (kind, message) = failure(judge.dead_stones(&small(), 7.5, Color::Black));
    assert_eq!(kind, JudgeFailureKind::Exited, "{message}");
    assert!(message.contains("exit status: 3"), "{message}");
    assert!(message.contains("gone"), "{message}");
    let dir = tempfile::tempdir().unwrap();
    let mut judge = fake(dir.path(), "exit-on-play");
    let (kind, message) = failure(judge.dead_stones(&small(), 7.5, Color::Black));
    assert_eq!(kind, JudgeFailureKind::Exited, "{message}");
    assert!(message.contains("`play "), "{message}");
}

#[test]
fn an_engine_that_cannot_start_is_reported() {
    for (command, says) in [
        ("no-such-engine-anywhere --mode gtp", "cannot be started"),
        ("gnugo --mode 'gtp", "cannot be read"),
        ("   ", "empty"),
    ] {
        let mut judge = Judge::new(JudgeConfig::new(command));
        let (kind, message) = failure(judge.dead_stones(&small(), 7.5, Color::Black));
        assert_eq!(kind, JudgeFailureKind::Spawn, "{command}");
        assert!(message.contains(says), "{message}");
    }
}

#[test]
fn what_the_engine_cannot_do_is_unsupported() {
    let dir = tempfile::tempdir().unwrap();
    let mut judge = fake(dir.path(), "no-status");
    let (kind, message) = failure(judge.dead_stones(&small(), 7.5, Color::Black));
    assert_eq!(kind, JudgeFailureKind::Unsupported, "{message}");
    assert!(message.contains("final_status_list"), "{message}");
    let mut judge = fake(dir.path(), "small-only");
    let big = Position::empty(sgfaudit::geom::BoardSize::STANDARD);
    let (kind, message) = failure(judge.dead_stones(&big, 7.5, Color::Black));
    assert_eq!(kind, JudgeFailureKind::Unsupported, "{message}");
    assert!(message.contains("boardsize 19"), "{message}");
    // Not a failure of the engine: the next, smaller board is asked.
    dead(judge.dead_stones(&small(), 7.5, Color::Black));
    assert_eq!(judge.starts(), 2);
}

/// `--judge` on the command line: game 10,165 of Tygem part03 (`RE[B+6.5]`) ends with
/// Black chains at J12 (5 stones) and G12 (2) the estimate counts dead at odds 90%, which
/// leaves the true result `unverifiable`; GNU Go calls them alive, and the count agrees
/// with `RE[]`.
/// `score` says where the dead stones came from.
#[test]
fn the_judge_settles_what_the_estimate_leaves_open() {
    let Some(program) = gnugo() else { return };
    let Some(shared) = common::shared_corpus() else {
        return;
    };
    let file = common::arg(&shared.join("tygem/tygem-9d-part03.sgf"));
    let command = format!("'{}' --mode gtp --chinese-rules", program.display());
    let verdict_line = |judge: Option<&str>| {
        let mut args = vec!["score", "--game", "10165", &file];
        if let Some(command) = judge {
            args.extend(["--judge", command]);
        }
        let out = common::sgfaudit(&args);
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let line = |start: &str| {
            text.lines()
                .find(|l| l.starts_with(start))
                .unwrap_or_else(|| panic!("no line {start} in:\n{text}"))
                .to_string()
        };
        (line("RE["), line("Dead stones ("))
    };
    let (alone, dead_alone) = verdict_line(None);
    assert!(alone.starts_with("RE[B+6.5]: unverifiable"), "{alone}");
    assert!(alone.contains("the chain at J12 (5 stones"), "{alone}");
    assert!(
        dead_alone.starts_with("Dead stones (estimate)"),
        "{dead_alone}"
    );
    let (judged, dead_judged) = verdict_line(Some(&command));
    assert_eq!(judged, "RE[B+6.5]: agrees");
    assert!(
        dead_judged.starts_with("Dead stones (judge)"),
        "{dead_judged}"
    );
}

/// A judge only sharpens: part03's game `tygem:876960526` (`RE[W+3.5]`, counted W+9.5)
/// is `disagrees` alone, and GNU Go gives the estimate's dead stones, so it stays
/// `disagrees` with GNU Go as the judge, named as users name it: `gnugo`, found in
/// `/usr/games` when that is not on `PATH`.
#[test]
fn a_judge_that_confirms_the_count_leaves_disagrees_alone() {
    let Some(program) = gnugo() else { return };
    let Some(shared) = common::shared_corpus() else {
        return;
    };
    let file = common::arg(&shared.join("tygem/tygem-9d-part03.sgf"));
    let line = |judge: Option<&str>, path: &str| {
        let mut args = vec!["score", "--game", "17440", &file];
        if let Some(command) = judge {
            args.extend(["--judge", command]);
        }
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_sgfaudit"))
            .args(&args)
            .current_dir(common::root())
            .env("PATH", path)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        text.lines()
            .find(|l| l.starts_with("RE["))
            .unwrap_or_else(|| panic!("no RE[ line in:\n{text}"))
            .to_string()
    };
    let path = std::env::var("PATH").unwrap_or_default();
    let alone = line(None, &path);
    assert!(alone.starts_with("RE[W+3.5]: disagrees"), "{alone}");
    let full = format!("'{}' --mode gtp --chinese-rules", program.display());
    let judged = line(Some(&full), &path);
    assert!(judged.starts_with("RE[W+3.5]: disagrees"), "{judged}");
    assert!(judged.contains("gives the same dead stones"), "{judged}");
    if program.starts_with("/usr/games") {
        let without_games: Vec<_> = std::env::split_paths(&path)
            .filter(|d| d != std::path::Path::new("/usr/games"))
            .collect();
        let path = std::env::join_paths(without_games).unwrap();
        let named = line(
            Some("gnugo --mode gtp --chinese-rules"),
            &path.to_string_lossy(),
        );
        assert!(named.starts_with("RE[W+3.5]: disagrees"), "{named}");
    }
}

/// An engine that cannot be started is a usage error before any game is read.
#[test]
fn a_judge_that_cannot_start_is_a_usage_error() {
    let out = common::sgfaudit(&[
        "audit",
        "--judge",
        "no-such-engine --mode gtp",
        "corpus/rules",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--judge: the engine `no-such-engine --mode gtp` cannot be started"),
        "{err}"
    );
    assert!(err.contains("looked on PATH and in /usr/games"), "{err}");
    assert!(out.stdout.is_empty());
}

/// `scripts/second_opinion.py` counts the games a report calls `disagrees` again with GNU
/// Go: records written with a wrong `RE[]` come out as `RE[] wrong`, and a report whose
/// own count is off (made so here) as `count wrong`.
#[test]
fn a_second_opinion_tells_a_wrong_record_from_a_wrong_count() {
    let Some(program) = gnugo() else {
        return;
    };
    // The script is repository tooling: the published crate does not carry it.
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/second_opinion.py");
    if !script.is_file() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{} is missing, and CI is set",
            script.display()
        );
        eprintln!(
            "note: {} not here (a packaged crate): test skipped",
            script.display()
        );
        return;
    }
    let wrong_records = [
        "corpus/rules/art9-area-count-wrong-winner__result-mismatch.sgf",
        "corpus/territory/japanese-wrong-margin__result-mismatch.sgf",
    ];
    let true_record = "corpus/territory/japanese-territory-count__ok.sgf";
    let mut args = vec!["audit", "--json", "--exit-zero", "--no-config"];
    args.extend(wrong_records);
    args.push(true_record);
    let out = common::sgfaudit(&args);
    assert!(out.status.success(), "{out:?}");
    let mut lines = Vec::new();
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let mut value: serde_json::Value = serde_json::from_str(line).unwrap();
        if value["type"] == "game" && value["data"]["path"] == true_record {
            // As if the estimate had misread the position: the check calls RE[] wrong.
            assert_eq!(value["data"]["check"]["verdict"], "agrees");
            value["data"]["check"]["verdict"] = "disagrees".into();
            value["data"]["check"]["computed"] = "B+20.5".into();
        }
        lines.push(value.to_string());
    }
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report.jsonl");
    std::fs::write(&report, lines.join("\n") + "\n").unwrap();
    let out = std::process::Command::new("python3")
        .arg(&script)
        .arg("--gnugo")
        .arg(&program)
        .arg(&report)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("python3 runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let class_of = |path: &str| {
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("{path}#0\t")))
            .unwrap_or_else(|| panic!("{path} not in\n{text}"));
        line.rsplit('\t').next().unwrap().to_string()
    };
    for path in wrong_records {
        assert_eq!(class_of(path), "RE[] wrong", "{text}");
    }
    assert_eq!(class_of(true_record), "count wrong", "{text}");
    assert!(
        text.contains("3 games: RE[] wrong 2, count wrong 1"),
        "{text}"
    );
}
