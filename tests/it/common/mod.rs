//! Helpers shared by the integration tests: running the real binary, finding the corpora.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The project's root folder.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs the `sgfaudit` binary from the project root.
pub fn sgfaudit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sgfaudit"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("sgfaudit runs")
}

/// The shared corpus of real games, `../shared/corpus`. When it is missing, tests that
/// need it fail under CI (`CI` set) and are skipped, with a note, elsewhere.
pub fn shared_corpus() -> Option<PathBuf> {
    let path = root().join("../shared/corpus");
    if path.join("real").is_dir() {
        return Some(path);
    }
    if std::env::var_os("CI").is_some() {
        panic!("../shared/corpus is missing, and CI is set: these tests must run in CI");
    }
    eprintln!("note: ../shared/corpus not found: test skipped");
    None
}

/// Parses JSON Lines output into values.
pub fn json_lines(stdout: &[u8]) -> Vec<serde_json::Value> {
    String::from_utf8(stdout.to_vec())
        .expect("output is UTF-8")
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("bad JSON line {l}: {e}")))
        .collect()
}

/// The `game` objects of JSON Lines output.
pub fn games(lines: &[serde_json::Value]) -> Vec<&serde_json::Value> {
    lines
        .iter()
        .filter(|l| l["type"] == "game")
        .map(|l| &l["data"])
        .collect()
}

/// The `summary` object of JSON Lines output.
pub fn summary(lines: &[serde_json::Value]) -> &serde_json::Value {
    let last = lines.last().expect("some output");
    assert_eq!(last["type"], "summary");
    &last["data"]
}

/// A path relative to the project root, as a string argument.
pub fn arg(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

/// Audits the one game of an SGF text with the library, as `sgfaudit audit` would.
pub fn audit_text(
    sgf: &str,
    options: &sgfaudit::audit::AuditOptions,
) -> sgfaudit::audit::GameReport {
    let slices = sgfaudit::input::split::split(sgf);
    assert_eq!(slices.len(), 1, "one game");
    let slice = &slices[0];
    let input = sgfaudit::audit::GameInput {
        path: "test.sgf",
        index: 0,
        text: &sgf[slice.range.clone()],
        slice,
        encoding: "UTF-8",
        encoding_problem: None,
        first_tree: None,
    };
    sgfaudit::audit::audit_game(&input, options)
}
