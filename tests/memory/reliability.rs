//! What a hostile user or a busy file server does to a run: files that shrink while they
//! are read, endless inputs, absurd sizes and values, text in mixed encodings. The tool must
//! end with an exit code of its own (never a signal, never 101 or 134), say what it could
//! not do, and not lie about what it read.

use crate::common;

use std::fs::{self, File};
use std::io::{BufWriter, Read, Seek, Write};
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_sgfaudit");

/// The exit code, failing the test on a death by signal or an abort.
fn exit_code(status: ExitStatus, what: &str) -> i32 {
    if let Some(signal) = status.signal() {
        panic!("{what}: killed by signal {signal}");
    }
    let code = status.code().unwrap();
    assert!(
        code <= 2,
        "{what}: exit code {code} (a panic or an abort, not the tool's own)"
    );
    code
}

/// Waits for a child, at most `limit`; kills it and fails the test after that.
fn wait(child: &mut Child, limit: Duration, what: &str) -> ExitStatus {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn read_all(mut f: &File) -> String {
    f.rewind().unwrap();
    let mut s = String::new();
    f.read_to_string(&mut s).unwrap();
    s
}

fn lines(text: &str) -> Vec<Value> {
    common::json_lines(text.as_bytes())
}

pub(crate) fn of_type<'a>(lines: &'a [Value], t: &str) -> Vec<&'a Value> {
    lines
        .iter()
        .filter(|l| l["type"] == t)
        .map(|l| &l["data"])
        .collect()
}

/// A file of `bytes` or more made of the project's GNU Go games, one after another.
fn collection(path: &Path, bytes: u64) -> usize {
    let games: Vec<Vec<u8>> = fs::read_dir(common::root().join("corpus/gnugo"))
        .unwrap()
        .map(|e| fs::read(e.unwrap().path()).unwrap())
        .collect();
    let mut w = BufWriter::new(File::create(path).unwrap());
    let (mut written, mut count) = (0u64, 0);
    while written < bytes {
        for g in &games {
            w.write_all(g).unwrap();
            w.write_all(b"\n").unwrap();
            written += g.len() as u64 + 1;
            count += 1;
        }
    }
    w.flush().unwrap();
    count
}

/// Runs `audit --json --jobs 1` on a collection and changes the file with `change` once
/// the first games are out, from this thread while the binary reads it. The outcome is
/// checked, not a time: when the run (or its check of the file) was over before the change,
/// the file is made bigger and the run tried again. Returns the output lines and the number
/// of games in the file.
fn change_while_read(change: impl Fn(&Path)) -> (i32, Vec<Value>, usize) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("collection.sgf");
    let mut size = 8u64 << 20;
    for attempt in 0..6 {
        let games = collection(&path, size);
        let out = tempfile::tempfile().unwrap();
        let mut child = Command::new(BIN)
            .args(["audit", "--json", "--jobs", "1"])
            .arg(&path)
            .stdout(out.try_clone().unwrap())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let started = Instant::now();
        while out.metadata().unwrap().len() < 100_000
            && started.elapsed() < Duration::from_secs(60)
            && child.try_wait().unwrap().is_none()
        {
            std::thread::sleep(Duration::from_micros(200));
        }
        let running = child.try_wait().unwrap().is_none();
        change(&path);
        let code = exit_code(
            wait(&mut child, Duration::from_secs(120), "changed file"),
            "changed file",
        );
        let lines = lines(&read_all(&out));
        if running && !of_type(&lines, "error").is_empty() {
            return (code, lines, games);
        }
        eprintln!("attempt {attempt}: the run ended before the change; a bigger file");
        size *= 2;
    }
    panic!("the run always ended before the file was changed");
}

#[test]
fn a_file_truncated_while_it_is_read_is_an_error_not_a_signal() {
    let truncate = |path: &Path| {
        let file = File::options().write(true).open(path).unwrap();
        file.set_len(0).unwrap();
    };
    let (code, lines, games) = change_while_read(truncate);
    assert_eq!(code, 2, "an input that could not be read whole is exit 2");
    let errors = of_type(&lines, "error");
    assert_eq!(errors.len(), 1);
    let message = errors[0]["message"].as_str().unwrap();
    assert!(
        message.contains("changed while it was read") && message.contains("0 bytes now"),
        "{message}"
    );
    let summary = common::summary(&lines);
    let reported = of_type(&lines, "game").len() as u64;
    assert_eq!(summary["games"], reported);
    // Usually fewer than the file held; all of them when the split was over before the
    // truncation and only the audits read lost pages. Never more.
    assert!(reported <= games as u64, "no game is invented");
    assert!(message.contains(&format!("{reported} games reported from it")));
    assert_eq!(summary["unreadable"], 1);
}

#[test]
fn a_file_rewritten_in_place_while_it_is_read_says_so() {
    let rewrite = |path: &Path| {
        let len = fs::metadata(path).unwrap().len() as usize;
        let mut file = File::options().write(true).open(path).unwrap();
        file.write_all(&vec![b' '; len]).unwrap();
    };
    let (code, lines, _) = change_while_read(rewrite);
    assert_eq!(code, 2);
    let errors = of_type(&lines, "error");
    assert_eq!(errors.len(), 1);
    let message = errors[0]["message"].as_str().unwrap();
    assert!(
        message.contains("changed while it was read (rewritten)"),
        "{message}"
    );
}

/// What one run of the binary gave: its exit code (a signal or an abort fails the test),
/// its output, and its peak resident memory.
pub(crate) struct Measured {
    pub(crate) code: i32,
    pub(crate) stdout: String,
    pub(crate) stderr: String,
    pub(crate) max_rss_kb: i64,
}

impl Measured {
    pub(crate) fn lines(&self) -> Vec<Value> {
        lines(&self.stdout)
    }
}

/// Runs `sgfaudit ARGS` with the given standard input, waiting for it with `wait4` so
/// that the peak memory of this very process is known.
fn measured(args: &[&str], stdin: Stdio) -> Measured {
    let out = tempfile::tempfile().unwrap();
    let err = tempfile::tempfile().unwrap();
    // Waited for below with `wait4`, which `Child` does not offer.
    #[allow(clippy::zombie_processes)]
    let child = Command::new(BIN)
        .args(args)
        .current_dir(common::root())
        .stdin(stdin)
        .stdout(out.try_clone().unwrap())
        .stderr(err.try_clone().unwrap())
        .spawn()
        .unwrap();
    let pid = child.id() as libc::pid_t;
    let started = Instant::now();
    let mut status = 0;
    // SAFETY: plain libc calls on our own child; `usage` is written by `wait4`.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        loop {
            let r = libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage);
            if r == pid {
                break usage;
            }
            assert_eq!(r, 0, "wait4 failed");
            if started.elapsed() > Duration::from_secs(120) {
                libc::kill(pid, libc::SIGKILL);
                panic!("sgfaudit {args:?} still running after two minutes");
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    };
    let what = format!("sgfaudit {args:?}");
    let code = exit_code(ExitStatus::from_raw(status), &what);
    Measured {
        code,
        stdout: read_all(&out),
        stderr: read_all(&err),
        max_rss_kb: usage.ru_maxrss,
    }
}

pub(crate) fn audit_json(args: &[&str]) -> Measured {
    let mut all = vec!["audit", "--json", "--progress", "never"];
    all.extend_from_slice(args);
    measured(&all, Stdio::null())
}

fn findings(game: &Value) -> Vec<(String, String)> {
    game["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["code"].as_str().unwrap().to_string(),
                f["message"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn a_range_bomb_costs_what_the_board_holds() {
    // Every value covers the whole 52x52 board: 2,704 points each, a set of 2,704 points
    // in all, whether the values are repeated in one node or one node each.
    let dir = tempfile::tempdir().unwrap();
    let one_node = dir.path().join("one-node.sgf");
    let values = "[aa:ZZ]".repeat(40_000);
    fs::write(&one_node, format!("(;GM[1]SZ[52]AB{values}TB{values};W[])")).unwrap();
    let many_nodes = dir.path().join("many-nodes.sgf");
    fs::write(
        &many_nodes,
        format!("(;GM[1]SZ[52]{};B[])", ";AB[aa:ZZ]".repeat(200_000)),
    )
    .unwrap();
    for (path, too_large) in [(&one_node, false), (&many_nodes, true)] {
        let run = audit_json(&["--jobs", "1", path.to_str().unwrap()]);
        println!("{}: peak {} kB", path.display(), run.max_rss_kb);
        assert!(
            run.max_rss_kb < 300 * 1024,
            "{}: peak memory {} kB",
            path.display(),
            run.max_rss_kb
        );
        let lines = run.lines();
        let games = of_type(&lines, "game");
        assert_eq!(games.len(), 1);
        let has_too_large = findings(games[0]).iter().any(|(c, _)| c == "too-large");
        assert_eq!(has_too_large, too_large, "{:?}", findings(games[0]));
    }
}

#[test]
fn endless_inputs_end_with_an_error() {
    for args in [
        vec!["/dev/zero"],
        vec!["-"],
        vec!["--files-from", "/dev/zero"],
    ] {
        let mut all = vec!["audit", "--json", "--progress", "never"];
        all.extend_from_slice(&args);
        let stdin = File::open("/dev/zero").unwrap();
        let run = measured(&all, Stdio::from(stdin));
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        let lines = run.lines();
        let errors = of_type(&lines, "error");
        assert_eq!(errors.len(), 1, "{args:?}");
        let message = errors[0]["message"].as_str().unwrap();
        if args[0] == "--files-from" {
            assert!(
                message.contains("line 1") && message.contains("NUL"),
                "{message}"
            );
        } else {
            assert!(message.starts_with("too large"), "{message}");
        }
        assert_eq!(common::summary(&lines)["games"], 0);
    }
}

#[test]
fn jobs_beyond_any_machine_are_refused() {
    for jobs in ["100000", "18446744073709551615"] {
        let started = Instant::now();
        let run = measured(
            &[
                "audit",
                "--jobs",
                jobs,
                "corpus/rules/komi-7-5-points__ok.sgf",
            ],
            Stdio::null(),
        );
        assert_eq!(run.code, 2);
        assert!(run.stderr.contains("--jobs"), "{}", run.stderr);
        assert!(started.elapsed() < Duration::from_secs(30));
    }
    let run = audit_json(&["--jobs", "1024", "corpus/rules/komi-7-5-points__ok.sgf"]);
    assert_eq!(run.code, 0);
}

#[test]
fn a_collection_in_six_encodings_reads_each_game_by_its_own() {
    let run = audit_json(&["corpus/encodings/collection-six-charsets__ok.sgf"]);
    assert_eq!(run.code, 0);
    let lines = run.lines();
    let games = of_type(&lines, "game");
    let got: Vec<(&str, &str, &str)> = games
        .iter()
        .map(|g| {
            assert!(findings(g).is_empty(), "{:?}", findings(g));
            (
                g["black"].as_str().unwrap(),
                g["white"].as_str().unwrap(),
                g["encoding"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("王小明", "李华", "GBK"),
            ("王小明", "李華", "Big5"),
            ("表示", "ソ連", "Shift_JIS"),
            ("이세돌", "박정환", "EUC-KR"),
            ("柯洁", "申真谞", "UTF-8"),
            ("Café", "Zoë", "windows-1252"),
        ]
    );
}

#[test]
fn a_game_whose_bytes_do_not_fit_its_ca_says_so_in_a_collection() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mixed.sgf");
    let mut bytes = b"(;FF[4]CA[UTF-8]SZ[9]PB[Ann];B[ee])\n".to_vec();
    // Latin-1 bytes under a Korean label: é (0xE9) followed by `]` is no EUC-KR character.
    let (latin, _, _) = encoding_rs::WINDOWS_1252.encode("(;FF[4]CA[EUC-KR]SZ[9]PB[Café];B[ee])\n");
    bytes.extend_from_slice(&latin);
    bytes.extend_from_slice("(;FF[4]CA[UTF-8]SZ[9]PB[柯洁];B[ee])\n".as_bytes());
    fs::write(&path, bytes).unwrap();
    let run = audit_json(&[path.to_str().unwrap()]);
    let lines = run.lines();
    let games = of_type(&lines, "game");
    assert_eq!(games.len(), 3);
    assert_eq!(games[0]["black"], "Ann");
    assert!(findings(games[0]).is_empty());
    let second = findings(games[1]);
    assert_eq!(second.len(), 1, "{second:?}");
    assert_eq!(second[0].0, "bad-encoding");
    assert!(
        second[0].1.contains("CA[EUC-KR] does not fit"),
        "{second:?}"
    );
    assert_eq!(games[1]["black"], "Café");
    assert_eq!(games[2]["black"], "柯洁");
    assert!(findings(games[2]).is_empty());
}

#[test]
fn utf16_and_utf32_are_never_read_as_bytes() {
    let run = audit_json(&[
        "corpus/encodings/utf-16le-no-bom__occupied@4.sgf",
        "corpus/encodings/utf-32le-bom__ok.sgf",
    ]);
    let lines = run.lines();
    let games = of_type(&lines, "game");
    assert_eq!(games[0]["encoding"], "UTF-16LE");
    assert_eq!(games[0]["status"], "illegal");
    assert_eq!(games[0]["black"], "黑棋");
    assert_eq!(games[1]["encoding"], "UTF-32LE");
    assert_eq!(games[1]["white"], "Zoë");
    assert!(findings(games[1]).is_empty());
    // UTF-16BE and UTF-32BE without a byte-order mark, made here.
    let dir = tempfile::tempdir().unwrap();
    let text = "(;SZ[5]PB[Zoë]RE[W+R];B[aa];W[aa])";
    let be16: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
    let be32: Vec<u8> = text
        .chars()
        .flat_map(|c| (c as u32).to_be_bytes())
        .collect();
    fs::write(dir.path().join("a.sgf"), be16).unwrap();
    fs::write(dir.path().join("b.sgf"), be32).unwrap();
    let run = audit_json(&[dir.path().to_str().unwrap()]);
    let lines = run.lines();
    let games = of_type(&lines, "game");
    for (g, encoding) in games.iter().zip(["UTF-16BE", "UTF-32BE"]) {
        assert_eq!(g["encoding"], encoding);
        assert_eq!(g["black"], "Zoë");
        assert_eq!(g["status"], "illegal", "{:?}", findings(g));
    }
}

#[test]
fn absurd_komi_and_handicap_are_findings_and_never_a_mismatch() {
    // A 5x5 game ended by two passes: Black owns the board, B+25 less komi.
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("KM[NaN]", "is not a number"),
        ("KM[inf]", "is not a number"),
        ("KM[-inf]", "is not a number"),
        ("KM[1e309]", "is not a number"),
        ("KM[1e308]", "more points than the board"),
        ("KM[26]", "more points than the board"),
        ("KM[0]HA[999999]", "more stones than the board"),
        ("KM[0]HA[99999999999]", "is not a number"),
    ];
    for (i, (props, _)) in cases.iter().enumerate() {
        fs::write(
            dir.path().join(format!("{i}.sgf")),
            format!("(;GM[1]SZ[5]RU[Chinese]{props}RE[W+3];B[cc];W[];B[])"),
        )
        .unwrap();
    }
    let run = audit_json(&[dir.path().to_str().unwrap()]);
    assert_eq!(run.code, 0, "no game is a mismatch");
    let lines = run.lines();
    let games = of_type(&lines, "game");
    assert_eq!(games.len(), cases.len());
    for (g, (props, why)) in games.iter().zip(cases) {
        let f = findings(g);
        assert!(
            f.iter()
                .any(|(c, m)| c == "bad-property" && m.contains(why)),
            "{props}: {f:?}"
        );
        assert_eq!(g["status"], "ok", "{props}");
        assert_eq!(g["check"]["verdict"], "unverifiable", "{props}");
        let komi = g["komi"].as_f64().unwrap();
        assert!(komi.abs() <= 25.0, "{props}: komi {komi}");
        let margin = g["score"]["margin"].as_f64().unwrap();
        assert!(margin.abs() <= 50.0, "{props}: margin {margin}");
    }
}

#[test]
fn files_from_takes_any_bytes_and_reads_standard_input_once() {
    let dir = tempfile::tempdir().unwrap();
    let game = fs::read("corpus/rules/komi-7-5-points__ok.sgf")
        .or_else(|_| fs::read(common::root().join("corpus/rules/komi-7-5-points__ok.sgf")))
        .unwrap();
    // A file name that is not UTF-8 (Latin-1 é).
    let latin = {
        use std::os::unix::ffi::OsStrExt;
        dir.path().join(std::ffi::OsStr::from_bytes(b"caf\xe9.sgf"))
    };
    fs::write(&latin, &game).unwrap();
    let plain = dir.path().join("plain.sgf");
    fs::write(&plain, &game).unwrap();
    let mut list = Vec::new();
    list.extend_from_slice(latin.as_os_str().as_encoded_bytes());
    list.extend_from_slice(b"\r\n-\n\n");
    list.extend_from_slice(plain.as_os_str().as_encoded_bytes());
    list.extend_from_slice(b"\n");
    let list_path = dir.path().join("list.txt");
    fs::write(&list_path, &list).unwrap();

    let mut child = Command::new(BIN)
        .args(["audit", "--json", "--files-from", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&list).unwrap();
    let out = child.wait_with_output().unwrap();
    let code = exit_code(out.status, "--files-from -");
    let lines = common::json_lines(&out.stdout);
    let games = of_type(&lines, "game");
    assert_eq!(games.len(), 2, "both files, stdin not read as a game");
    assert!(games[0]["path"].as_str().unwrap().contains("caf"));
    assert!(games[1]["path"].as_str().unwrap().ends_with("plain.sgf"));
    let errors = of_type(&lines, "error");
    assert_eq!(errors.len(), 1);
    assert!(
        errors[0]["message"]
            .as_str()
            .unwrap()
            .starts_with("line 2:"),
        "{errors:?}"
    );
    assert_eq!(code, 2, "a bad line is an input that could not be read");

    // Read from a file, `-` is standard input, read once.
    let run = measured(
        &[
            "audit",
            "--json",
            "--files-from",
            list_path.to_str().unwrap(),
        ],
        Stdio::from(File::open(&plain).unwrap()),
    );
    let lines = run.lines();
    assert_eq!(of_type(&lines, "game").len(), 3);
    assert_eq!(run.code, 0);
}

#[test]
fn lone_carriage_returns_end_lines() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mac.sgf");
    fs::write(&path, "(;GM[1]SZ[9]\r;B[ee]\r;W[ee]\r)").unwrap();
    let run = audit_json(&[path.to_str().unwrap()]);
    let lines = run.lines();
    let g = of_type(&lines, "game")[0];
    let f = &g["findings"][0];
    assert_eq!(f["code"], "occupied");
    assert_eq!(
        (f["line"].as_u64(), f["column"].as_u64()),
        (Some(3), Some(2))
    );
}

#[test]
fn a_million_properties_without_values_stay_within_the_findings_cap() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("no-values.sgf");
    fs::write(
        &path,
        format!("(;GM[1]SZ[9]{};B[ee])", "C ".repeat(1_000_000)),
    )
    .unwrap();
    let run = audit_json(&[path.to_str().unwrap()]);
    assert!(
        run.stdout.len() < 1 << 20,
        "{} bytes of output",
        run.stdout.len()
    );
    let lines = run.lines();
    let g = of_type(&lines, "game")[0];
    let n = g["findings"].as_array().unwrap().len();
    assert!((1..=200).contains(&n), "{n} findings");
}
