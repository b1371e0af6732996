//! What a hostile user or a busy file server does to a run: files that shrink while they
//! are read, endless inputs, absurd sizes and values, text in mixed encodings. The tool must
//! end with an exit code of its own (never a signal, never 101 or 134), say what it could
//! not do, and not lie about what it read.

mod common;

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

fn of_type<'a>(lines: &'a [Value], t: &str) -> Vec<&'a Value> {
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

#[test]
fn a_file_truncated_while_it_is_read_is_an_error_not_a_signal() {
    // The file is truncated once the first games are out, from this thread while the
    // binary reads it: the outcome is checked, not a time. When the machine is so fast
    // (or so slow) that the run was over before the truncation, the file is made bigger
    // and the run is tried again.
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
        while out.metadata().unwrap().len() < 100_000 && started.elapsed() < Duration::from_secs(60)
        {
            if child.try_wait().unwrap().is_some() {
                break;
            }
            std::thread::sleep(Duration::from_micros(200));
        }
        let running = child.try_wait().unwrap().is_none();
        File::options()
            .write(true)
            .open(&path)
            .unwrap()
            .set_len(0)
            .unwrap();
        let code = exit_code(
            wait(&mut child, Duration::from_secs(120), "truncated"),
            "truncated",
        );
        let text = read_all(&out);
        let lines = lines(&text);
        let summary = common::summary(&lines);
        let errors = of_type(&lines, "error");
        if !running || errors.is_empty() {
            // The run was over (or its check of the file was) before the truncation.
            assert!(code <= 1, "a run that read the whole file: {text}");
            assert_eq!(summary["games"], games as u64);
            eprintln!("attempt {attempt}: the run ended before the truncation; bigger file");
            size *= 2;
            continue;
        }
        assert_eq!(code, 2, "an input that could not be read whole is exit 2");
        assert_eq!(errors.len(), 1);
        let message = errors[0]["message"].as_str().unwrap();
        assert!(
            message.contains("changed while it was read") && message.contains("0 bytes now"),
            "{message}"
        );
        let reported = of_type(&lines, "game").len() as u64;
        assert_eq!(summary["games"], reported);
        assert!(
            reported < games as u64,
            "games after the truncation are not invented"
        );
        assert!(message.contains(&format!("{reported} games reported from it")));
        assert_eq!(summary["unreadable"], 1);
        return;
    }
    panic!("the run always ended before the file was truncated");
}
