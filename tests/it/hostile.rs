//! Broken and hostile input must never crash, hang, exhaust memory, or lose a game.
//!
//! Every input is generated into a temporary folder; every case checks the exit code, the
//! finding codes of the JSON output and that the summary counts every game once.

use std::fs::{self, File};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;
use sgfaudit::audit::{AuditOptions, Status};
use sgfaudit::input::source::Bytes;
use sgfaudit::run::LoadedFile;

const BIN: &str = env!("CARGO_BIN_EXE_sgfaudit");

/// What one run of the binary gave.
struct Run {
    code: i32,
    games: Vec<Value>,
    errors: Vec<Value>,
    summary: Value,
    /// Highest anonymous (heap) memory seen while it ran, in kB, where `/proc` tells.
    peak_anon_kb: Option<u64>,
}

impl Run {
    fn game(&self, path_end: &str) -> &Value {
        self.games
            .iter()
            .find(|g| g["data"]["path"].as_str().unwrap().ends_with(path_end))
            .unwrap_or_else(|| panic!("no game for {path_end}"))
    }
}

fn codes(game: &Value) -> Vec<(String, String)> {
    game["data"]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["code"].as_str().unwrap().to_string(),
                f["severity"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn has(game: &Value, code: &str, severity: &str) -> bool {
    codes(game).iter().any(|(c, s)| c == code && s == severity)
}

fn status(game: &Value) -> &str {
    game["data"]["status"].as_str().unwrap()
}

/// Anonymous memory of a live process, from `/proc/PID/status`.
fn rss_anon_kb(pid: u32) -> Option<u64> {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("RssAnon:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs `sgfaudit audit --json ARGS`, sampling its memory, and checks the shape of the
/// output: one `begin`, games, errors, one `summary` last whose statuses add up.
fn audit(args: &[&Path]) -> Run {
    let out_file = tempfile::tempfile().unwrap();
    let mut child = Command::new(BIN)
        .arg("audit")
        .arg("--json")
        .args(args)
        .stdout(out_file.try_clone().unwrap())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let mut peak: Option<u64> = None;
    let exit = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if let Some(kb) = rss_anon_kb(child.id()) {
            peak = Some(peak.unwrap_or(0).max(kb));
        }
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "sgfaudit hangs on {args:?}"
        );
        std::thread::sleep(Duration::from_millis(5));
    };
    let code = exit.code().expect("sgfaudit was killed by a signal");
    let text = {
        use std::io::{Read, Seek};
        let mut f = out_file;
        f.rewind().unwrap();
        let mut s = String::new();
        f.read_to_string(&mut s).unwrap();
        s
    };
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("every line is JSON"))
        .collect();
    assert_eq!(lines.first().unwrap()["type"], "begin");
    assert_eq!(lines.last().unwrap()["type"], "summary");
    let of = |t: &str| -> Vec<Value> { lines.iter().filter(|l| l["type"] == t).cloned().collect() };
    let summary = lines.last().unwrap()["data"].clone();
    let games = of("game");
    let errors = of("error");
    let total: u64 = summary["by_status"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(summary["games"].as_u64().unwrap(), games.len() as u64);
    assert_eq!(total, games.len() as u64, "by_status adds up to games");
    for s in ["ok", "illegal", "mismatch", "error"] {
        let n = games.iter().filter(|g| status(g) == s).count() as u64;
        assert_eq!(summary["by_status"][s].as_u64().unwrap(), n, "{s}");
    }
    Run {
        code,
        games,
        errors,
        summary,
        peak_anon_kb: peak,
    }
}

fn write_big(path: &Path, parts: impl FnOnce(&mut dyn Write)) {
    let mut w = BufWriter::with_capacity(1 << 20, File::create(path).unwrap());
    parts(&mut w);
    w.flush().unwrap();
}

const SMALL_GAME: &str = "(;GM[1]FF[4]SZ[9]KM[7.5]RE[W+R];B[ee];W[cc])";

#[test]
fn a_million_nodes_is_too_large_and_the_batch_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    write_big(&dir.path().join("a-million-comments.sgf"), |w| {
        w.write_all(b"(;GM[1]SZ[19]").unwrap();
        for _ in 0..1_000_000 {
            w.write_all(b";C[x]").unwrap();
        }
        w.write_all(b")").unwrap();
    });
    fs::write(dir.path().join("b-small.sgf"), SMALL_GAME).unwrap();
    let run = audit(&[dir.path()]);
    assert_eq!(run.code, 1, "a too-large game is an error status");
    let big = run.game("a-million-comments.sgf");
    assert_eq!(status(big), "error");
    assert!(has(big, "too-large", "error"), "{:?}", codes(big));
    let small = run.game("b-small.sgf");
    assert_eq!(status(small), "ok");
    assert_eq!(run.summary["games"], 2);
    assert_eq!(run.summary["by_status"]["error"], 1);
    assert_eq!(run.summary["by_code"]["too-large"], 1);
}

#[test]
fn two_hundred_thousand_moves_under_the_limit() {
    // B and W alternate on two points: after the first two moves every move is played on
    // an occupied point, so every finding is known in advance.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("long.sgf");
    write_big(&path, |w| {
        w.write_all(b"(;GM[1]SZ[19]").unwrap();
        for _ in 0..100_000 {
            w.write_all(b";B[aa];W[bb]").unwrap();
        }
        w.write_all(b")").unwrap();
    });
    let run = audit(&[&path]);
    assert_eq!(run.code, 1);
    let g = run.game("long.sgf");
    assert_eq!(status(g), "illegal");
    assert_eq!(g["data"]["moves"], 200_000);
    assert!(!has(g, "too-large", "error"));
    assert_eq!(run.summary["by_code"]["occupied"], 199_998);
    assert_eq!(run.summary["by_code"].as_object().unwrap().len(), 1);
    // Findings are placed in the file: the last one is near the end of the only line.
    let last = g["data"]["findings"].as_array().unwrap().last().unwrap();
    assert_eq!(last["line"], 1);
    assert_eq!(last["column"].as_u64().unwrap(), 13 + 199_999 * 6 + 2);
}

#[test]
fn a_hundred_thousand_nested_variations() {
    let dir = tempfile::tempdir().unwrap();
    let n = 100_000;
    let nested = dir.path().join("nested.sgf");
    fs::write(
        &nested,
        format!("{};GM[1]SZ[9];B[ee]{}", "(".repeat(n), ")".repeat(n)),
    )
    .unwrap();
    let unclosed = dir.path().join("unclosed.sgf");
    fs::write(&unclosed, format!("(;GM[1]SZ[9]{};B[ee]", "(".repeat(n))).unwrap();
    let variations = dir.path().join("variations.sgf");
    fs::write(&variations, deep_variations(n)).unwrap();
    let overclosed = dir.path().join("overclosed.sgf");
    fs::write(&overclosed, format!("(;GM[1]SZ[9];B[ee]){}", ")".repeat(n))).unwrap();

    let run = audit(&[&nested, &unclosed, &overclosed, &variations]);
    assert_eq!(run.code, 0, "recovered structure problems are warnings");
    assert_eq!(run.games.len(), 4);
    let g = run.game("variations.sgf");
    assert_eq!(status(g), "ok");
    assert!(codes(g).is_empty(), "{:?}", codes(g));
    let g = run.game("nested.sgf");
    assert_eq!(status(g), "ok");
    assert_eq!(g["data"]["moves"], 1);
    assert!(codes(g).is_empty(), "{:?}", codes(g));
    for name in ["unclosed.sgf", "overclosed.sgf"] {
        let g = run.game(name);
        assert_eq!(status(g), "ok", "{name}");
        assert_eq!(g["data"]["moves"], 1, "{name}");
        assert!(has(g, "parse-error", "warning"), "{name}: {:?}", codes(g));
    }

    // The `score` command reads the game as the audit does: no stack overflow.
    for path in [&nested, &variations] {
        let out = Command::new(BIN).arg("score").arg(path).output().unwrap();
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "score on deep nesting: {:?}",
            out.status
        );
    }
}

/// `depth` variations, each inside the one before: `(;GM[1](;B[aa](;B[aa]…)))`.
/// A side variation nested a hundred thousand deep in itself, each level's first child
/// replaying an illegal move: read and replayed to a bound, with a `too-large` warning,
/// and no finding names a variation longer than the bound allows.
#[test]
fn a_side_variation_nested_a_hundred_thousand_deep_in_itself() {
    let dir = tempfile::tempdir().unwrap();
    let n = 100_000;
    let path = dir.path().join("deep-side.sgf");
    let mut text = String::from("(;GM[1]SZ[9];B[ee](;W[cc])(;W[dd]");
    for _ in 0..n {
        text.push_str("(;B[dd]");
    }
    text.push_str(&")".repeat(n + 2));
    fs::write(&path, text).unwrap();
    let run = audit(&[&path]);
    let g = run.game("deep-side.sgf");
    assert_eq!(status(g), "illegal");
    assert!(has(g, "too-large", "warning"), "{:?}", codes(g));
    let findings = g["data"]["findings"].as_array().unwrap();
    let longest = findings
        .iter()
        .filter_map(|f| f["variation"].as_str())
        .map(str::len)
        .max()
        .unwrap();
    assert!(
        longest <= 1 + 2 * 200,
        "a variation named {longest} bytes long"
    );
}

fn deep_variations(depth: usize) -> String {
    let mut text = String::with_capacity(depth * 8 + 16);
    text.push_str("(;GM[1]SZ[9]");
    for _ in 1..depth {
        text.push_str("(;C[v]");
    }
    text.push_str(&")".repeat(depth));
    text
}

#[test]
fn the_reference_reader_refuses_deep_nesting() {
    use sgfaudit::sgf::reference::{read_games, MAX_REFERENCE_DEPTH};
    for text in [
        deep_variations(100_000),
        format!("{};GM[1];B[aa]{}", "(".repeat(100_000), ")".repeat(100_000)),
    ] {
        let err = read_games(&text).unwrap_err();
        assert!(err.contains("nested"), "{err}");
    }
    // At the guard it is read (on a thread with the main thread's usual stack).
    let text = deep_variations(MAX_REFERENCE_DEPTH);
    let handle = std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(move || sgfaudit::sgf::reference::read_games(&text).map(|g| g.len()))
        .unwrap();
    assert!(handle.join().unwrap().is_ok());
}

#[test]
fn a_hundred_megabyte_comment() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("comment.sgf");
    write_big(&path, |w| {
        w.write_all(b"(;GM[1]SZ[9]KM[7.5]RE[W+R]C[").unwrap();
        let chunk = vec![b'x'; 1 << 20];
        for _ in 0..100 {
            w.write_all(&chunk).unwrap();
        }
        w.write_all(b"];B[ee];W[cc])").unwrap();
    });
    let run = audit(&[&path]);
    assert_eq!(run.code, 0);
    let g = run.game("comment.sgf");
    assert_eq!(status(g), "ok");
    assert_eq!(g["data"]["moves"], 2);
    // The file is mapped and the lexer borrows from it: no copy of the comment.
    println!("heap peak: {:?} kB", run.peak_anon_kb);
    if let Some(kb) = run.peak_anon_kb {
        assert!(kb < 64 * 1024, "heap memory peaked at {kb} kB");
    }
}

#[test]
fn a_two_gigabyte_sparse_file_of_nul_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sparse.sgf");
    File::create(&path).unwrap().set_len(2 << 30).unwrap();
    let run = audit(&[&path]);
    assert_eq!(run.code, 1);
    assert_eq!(run.games.len(), 1);
    let g = run.game("sparse.sgf");
    assert_eq!(status(g), "error");
    assert!(has(g, "parse-error", "error"));
    assert!(g["data"]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .any(|f| f["message"].as_str().unwrap().contains("no game tree")));
    // Mapped, not read into the heap (mapped pages are page cache, not RssAnon).
    println!("heap peak: {:?} kB", run.peak_anon_kb);
    if let Some(kb) = run.peak_anon_kb {
        assert!(kb < 256 * 1024, "heap memory peaked at {kb} kB");
    }
}

/// A shard count far beyond the games or bytes (the planner once allocated per shard:
/// `0/4294967296` aborted, `0/18446744073709551615` panicked) is a plain run: the shards
/// past the games are empty, and the one that holds a game has it.
#[test]
fn a_shard_count_of_billions_costs_no_more_than_four() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("five.sgf");
    fs::write(&path, format!("{SMALL_GAME}\n").repeat(5)).unwrap();
    let shard = |k_of_n: &str| {
        let started = Instant::now();
        let run = audit(&[
            Path::new("--no-config"),
            Path::new("--shard"),
            Path::new(k_of_n),
            &path,
        ]);
        let took = started.elapsed();
        println!(
            "--shard {k_of_n}: {took:?}, heap peak {:?} kB",
            run.peak_anon_kb
        );
        assert!(
            took < Duration::from_secs(5),
            "--shard {k_of_n} took {took:?}"
        );
        if let Some(kb) = run.peak_anon_kb {
            assert!(
                kb < 64 * 1024,
                "--shard {k_of_n}: heap memory peaked at {kb} kB"
            );
        }
        assert_eq!(run.code, 0, "--shard {k_of_n}");
        let games = run
            .games
            .iter()
            .map(|g| g["data"]["game"].as_u64().unwrap());
        games.collect::<Vec<_>>()
    };
    for n in ["4294967296", "18446744073709551615", "100000000"] {
        assert!(shard(&format!("0/{n}")).is_empty());
        assert!(shard(&format!("{}/{n}", n.parse::<u128>().unwrap() - 1)).is_empty());
    }
    // Games of 45 bytes (with the newline), 225 in all: game 2 runs from the end of game
    // 1 (89) to 134, its middle is 111, and the shard it is in follows the cuts below
    // 112, ⌈112·N/225⌉ − 1 of them.
    let n: u128 = 1 << 32;
    let holder = (112 * n).div_ceil(225) - 1;
    assert_eq!(shard(&format!("{holder}/{n}")), [2]);
    assert!(shard(&format!("{}/{n}", holder - 1)).is_empty());
}

#[test]
fn a_missing_path_is_an_error_line_and_the_rest_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.sgf");
    fs::write(&good, SMALL_GAME).unwrap();
    let missing = dir.path().join("vanished.sgf");
    // A path through a file: not a folder, so it cannot exist either.
    let through = good.join("inside.sgf");
    let run = audit(&[&missing, &good, &through]);
    assert_eq!(
        run.code, 2,
        "an input that cannot be read is the tool's failure"
    );
    assert_eq!(run.games.len(), 1);
    assert_eq!(status(run.game("good.sgf")), "ok");
    let error_paths: Vec<&str> = run
        .errors
        .iter()
        .map(|e| e["data"]["path"].as_str().unwrap())
        .collect();
    assert!(error_paths.iter().any(|p| p.ends_with("vanished.sgf")));
    assert!(error_paths.iter().any(|p| p.ends_with("inside.sgf")));
    // A file that changes size while it is read cannot be staged deterministically: a
    // mapped file truncated under the reader raises SIGBUS (see `input::source`), a read
    // one is read as it stands. Not tested here.
}

/// xorshift64: reproducible garbage without a dependency.
fn garbage(seed: u64, len: usize, keep: impl Fn(u8) -> bool) -> Vec<u8> {
    let mut s = seed;
    let mut out = Vec::with_capacity(len);
    while out.len() < len {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        let b = (s >> 24) as u8;
        if keep(b) {
            out.push(b);
        }
    }
    out
}

#[test]
fn nul_bytes_and_binary_garbage() {
    let dir = tempfile::tempdir().unwrap();
    // Garbage without SGF structure characters around and between two games, and NUL
    // bytes inside a comment: exactly two games, both read.
    let quiet = |b: u8| !matches!(b, b'(' | b')' | b'[' | b']' | b';' | b'\\');
    let mut bytes = garbage(1, 3000, quiet);
    bytes.extend_from_slice(b"(;GM[1]SZ[9]KM[7.5]RE[W+R];B[ee];W[cc])");
    bytes.extend(garbage(2, 3000, quiet));
    // NULs right after a value's `]` are junk to skip, not the rest of a value whose `]`
    // was left unescaped: no move is lost.
    bytes.extend_from_slice(b"\0\0\0(;GM[1]SZ[9]C[\0\x01\xff\0];B[aa]\0;\0\0W[bb])");
    bytes.extend(garbage(3, 3000, quiet));
    let framed = dir.path().join("framed.sgf");
    fs::write(&framed, &bytes).unwrap();
    // Unfiltered garbage: any number of games, but every one reported.
    let raw = dir.path().join("raw.sgf");
    fs::write(&raw, garbage(4, 200_000, |_| true)).unwrap();
    let nul = dir.path().join("nul.sgf");
    fs::write(&nul, vec![0u8; 5000]).unwrap();

    let run = audit(&[&framed, &raw, &nul]);
    assert_eq!(run.code, 1);
    let framed_games: Vec<&Value> = run
        .games
        .iter()
        .filter(|g| g["data"]["path"].as_str().unwrap().ends_with("framed.sgf"))
        .collect();
    assert_eq!(framed_games.len(), 2);
    assert_eq!(framed_games[0]["data"]["moves"], 2);
    assert_eq!(framed_games[1]["data"]["moves"], 2);
    assert!(has(framed_games[0], "parse-error", "warning"));
    assert!(run
        .games
        .iter()
        .any(|g| g["data"]["path"].as_str().unwrap().ends_with("raw.sgf")));
    let g = run.game("nul.sgf");
    assert_eq!(status(g), "error");
}

#[cfg(unix)]
#[test]
fn a_folder_loop_through_a_symbolic_link() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("games");
    fs::create_dir_all(root.join("sub")).unwrap();
    fs::write(root.join("a.sgf"), SMALL_GAME).unwrap();
    fs::write(root.join("sub/b.sgf"), SMALL_GAME).unwrap();
    std::os::unix::fs::symlink(&root, root.join("sub/loop")).unwrap();
    // A link to nowhere is an input that cannot be read, once links are followed.
    std::os::unix::fs::symlink(root.join("nowhere"), root.join("dangling.sgf")).unwrap();
    let paths = |run: &Run| -> Vec<String> {
        let paths = run
            .games
            .iter()
            .map(|g| g["data"]["path"].as_str().unwrap());
        paths.map(str::to_string).collect()
    };
    let expected = |paths: &[String]| {
        assert_eq!(paths.len(), 2, "{paths:?}");
        assert!(paths[0].ends_with("a.sgf") && paths[1].ends_with("sub/b.sgf"));
    };
    // Links are not followed unless asked: neither is an error.
    let run = audit(&[&root]);
    expected(&paths(&run));
    assert!(run.errors.is_empty(), "{:?}", run.errors);
    assert_eq!(run.code, 0);

    let run = audit(&[Path::new("--follow"), &root]);
    expected(&paths(&run));
    let messages: Vec<&str> = run
        .errors
        .iter()
        .map(|e| e["data"]["message"].as_str().unwrap())
        .collect();
    assert!(messages.iter().any(|m| m.contains("loop")), "{messages:?}");
    assert_eq!(run.errors.len(), 2, "{messages:?}");
    assert_eq!(run.code, 2);
}

#[cfg(unix)]
#[test]
fn unreadable_inputs() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let locked = dir.path().join("locked.sgf");
    fs::write(&locked, SMALL_GAME).unwrap();
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o000)).unwrap();
    let good = dir.path().join("good.sgf");
    fs::write(&good, SMALL_GAME).unwrap();
    // A FIFO named like a game in a folder: walked folders take regular files only, so
    // it must neither block the run nor be reported.
    let walked = dir.path().join("walked");
    fs::create_dir(&walked).unwrap();
    fs::write(walked.join("c.sgf"), SMALL_GAME).unwrap();
    let fifo_made = Command::new("mkfifo")
        .arg(walked.join("pipe.sgf"))
        .status()
        .map(|s| s.success())
        .unwrap_or(false);

    let run = audit(&[&locked, &good, &walked]);
    assert_eq!(status(run.game("good.sgf")), "ok");
    assert_eq!(status(run.game("walked/c.sgf")), "ok");
    if fifo_made {
        assert!(!run
            .games
            .iter()
            .any(|g| g["data"]["path"].as_str().unwrap().ends_with("pipe.sgf")));
    }
    if File::open(&locked).is_ok() {
        // Running as root: permission bits do not stop reads, so the file is read.
        println!("note: permission bits do not stop this user's reads; unreadable-file assertion skipped");
        assert_eq!(run.code, 0);
        assert_eq!(run.games.len(), 3);
    } else {
        assert_eq!(run.code, 2);
        assert_eq!(run.errors.len(), 1);
        assert_eq!(run.errors[0]["data"]["message"], "permission denied");
    }
}

#[test]
fn every_path_given_is_in_the_output_and_exit_2_is_only_for_the_tool() {
    let dir = tempfile::tempdir().unwrap();
    let illegal = dir.path().join("illegal.sgf");
    fs::write(&illegal, "(;GM[1]SZ[9];B[ee];W[ee])").unwrap();
    let empty = dir.path().join("empty.sgf");
    fs::write(&empty, "").unwrap();
    let text = dir.path().join("notes.txt");
    fs::write(&text, "no game here").unwrap();
    let missing = dir.path().join("missing.sgf");

    // Bad games are exit 1, never 2.
    let run = audit(&[&illegal, &empty, &text]);
    assert_eq!(run.code, 1);
    assert_eq!(run.summary["by_status"]["illegal"], 1);
    assert_eq!(run.summary["by_status"]["error"], 2);

    let given = [&illegal, &empty, &text, &missing];
    let run = audit(&given.map(|p| p.as_path()));
    assert_eq!(run.code, 2);
    for p in given {
        let name = p.to_string_lossy();
        let seen = run
            .games
            .iter()
            .chain(&run.errors)
            .any(|l| l["data"]["path"] == *name);
        assert!(seen, "{name} is missing from the output");
    }

    // A bad option.
    let out = Command::new(BIN)
        .args(["audit", "--format", "nope"])
        .arg(&illegal)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_panic_in_one_game_is_that_games_error() {
    let text = format!("{SMALL_GAME}\n{SMALL_GAME}\n");
    let file = LoadedFile::new("two.sgf".into(), Bytes::Owned(text.into_bytes()));
    assert_eq!(file.games.len(), 2);
    let options = AuditOptions::default();
    let report = file.audit_with(0, &options, |_, _| panic!("replay broke"));
    assert_eq!(report.status, Status::Error);
    assert_eq!(report.game, 0);
    assert_eq!(report.findings.len(), 1);
    assert_eq!(report.findings[0].code.as_str(), "internal-error");
    assert_eq!(report.findings[0].severity.as_str(), "error");
    assert!(report.findings[0].message.contains("replay broke"));
    assert!(report.findings[0].message.contains("internal error"));
    let report = file.audit_with(1, &options, |_, _| {
        std::panic::panic_any(42u8);
    });
    assert_eq!(report.status, Status::Error);
    assert_eq!(report.line, 2);
    // The guard changes nothing when nothing panics.
    assert_eq!(file.audit(1, &options).status, Status::Ok);
}

fn sanitised(out: &[u8], what: &str) {
    let s = String::from_utf8_lossy(out);
    assert!(!s.contains('\u{1b}'), "raw ESC in {what}: {s}");
    for c in ['\u{202E}', '\u{202D}', '\u{2066}', '\u{200F}', '\u{7}'] {
        assert!(!s.contains(c), "raw {c:?} in {what}: {s}");
    }
}

/// Escape sequences, a bell and a right-to-left override, as a hostile file would hold them.
const EVIL: &str = "\u{1b}[2J\u{1b}]0;title\u{7}\u{202E}";

/// Writes a game into `dir` with [`EVIL`] in its name and in every text it shows.
fn evil_game(dir: &Path) -> PathBuf {
    let evil = EVIL;
    let name = dir.join(format!("x{evil}y.sgf"));
    let game = format!(
        "(;GM[1]SZ[9]KM[{evil}]RU[{evil}]RE[B+{evil}]PB[{evil}]PW[{evil}]C[{evil}];B[ee];W[ee];B[];W[])"
    );
    fs::write(&name, game).unwrap();
    name
}

#[test]
fn table_output_holds_no_escapes_or_bidi_marks() {
    let dir = tempfile::tempdir().unwrap();
    let name = evil_game(dir.path());
    let evil = EVIL;
    // A mismatch line prints RE[] too.
    let mismatch = dir.path().join(format!("m{evil}.sgf"));
    fs::write(
        &mismatch,
        format!("(;GM[1]SZ[5]KM[0]RE[W+1{evil}]PB[{evil}];B[cc];W[];B[];W[])"),
    )
    .unwrap();
    let missing = dir.path().join(format!("gone{evil}.sgf"));
    let out = Command::new(BIN)
        .arg("audit")
        .arg(&name)
        .arg(&mismatch)
        .arg(&missing)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("unknown-rules"), "{stdout}");
    sanitised(&out.stdout, "audit table");
    sanitised(&out.stderr, "audit stderr");
    let out = Command::new(BIN).arg("score").arg(&name).output().unwrap();
    assert!(matches!(out.status.code(), Some(0 | 1)));
    sanitised(&out.stdout, "score");
    sanitised(&out.stderr, "score stderr");
}

#[test]
fn csv_output_holds_no_escapes_or_bidi_marks() {
    let dir = tempfile::tempdir().unwrap();
    let name = evil_game(dir.path());
    let evil = EVIL;
    let missing = dir.path().join(format!("gone{evil}.sgf"));
    for format in ["csv", "findings-csv"] {
        let out = Command::new(BIN)
            .args(["audit", "--format", format])
            .arg(&name)
            .arg(&missing)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{format}");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(stdout.contains("\\x1b[2J"), "{format}: {stdout}");
        sanitised(&out.stdout, format);
    }
}

/// Files whose names differ only in bytes that are not UTF-8, hold a `\`, a line break or
/// escape sequences: every format names each file apart, as its bytes say (`\xNN` for a
/// byte that is not text, `\\` for a `\` before `x`), and CSV's path is JSON Lines'.
#[cfg(unix)]
#[test]
fn names_that_differ_only_in_bytes_stay_apart_in_every_format() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let names: [(&[u8], &str); 6] = [
        (b"a\xff.sgf", "a\\xff.sgf"),
        (b"a\xfe.sgf", "a\\xfe.sgf"),
        (b"a\\xff.sgf", "a\\\\xff.sgf"),
        (b"back\\slash.sgf", "back\\slash.sgf"),
        (b"line\nbreak.sgf", "line\\x0abreak.sgf"),
        (b"bell\x07\x1b[31m.sgf", "bell\\x07\\x1b[31m.sgf"),
    ];
    fs::create_dir(dir.path().join("names")).unwrap();
    for (bytes, _) in names {
        let path = dir
            .path()
            .join("names")
            .join(std::ffi::OsStr::from_bytes(bytes));
        fs::write(path, "(;GM[1]SZ[9];B[ee];W[ee])").unwrap();
    }
    let mut expected: Vec<String> = names.iter().map(|(_, t)| format!("names/{t}")).collect();
    expected.sort();
    let run = |format: &str| {
        let out = Command::new(BIN)
            .args([
                "audit",
                "--no-config",
                "--jobs",
                "1",
                "--format",
                format,
                "names",
            ])
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{format}");
        let text = String::from_utf8(out.stdout).expect("UTF-8 output");
        assert!(
            !text.chars().any(|c| c.is_control() && c != '\n'),
            "{format}: a raw control character in {text:?}"
        );
        text
    };
    let mut jsonl: Vec<String> = run("jsonl")
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|l| l["type"] == "game")
        .map(|l| l["data"]["path"].as_str().unwrap().to_string())
        .collect();
    jsonl.sort();
    assert_eq!(jsonl, expected);
    for format in ["csv", "findings-csv"] {
        let mut cells: Vec<String> = run(format)
            .lines()
            .skip(1)
            .map(|l| l.split(',').next().unwrap().to_string())
            .collect();
        cells.sort();
        cells.dedup();
        assert_eq!(cells, expected, "{format}");
    }
    for format in ["table", "github", "junit", "html"] {
        let text = run(format);
        for (_, shown) in names {
            assert!(text.contains(shown), "{format} lacks {shown}: {text}");
        }
    }
}
