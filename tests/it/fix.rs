//! `audit --fix` and `--diff` on every record of the project's and the shared corpus
//! (copied first): the fixed files audit the same game by game, no fixable finding is
//! left, a second fix changes no byte, `--diff` writes nothing, and what cannot be
//! rewritten (archives, standard input, read-only files) is refused cleanly.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::{copy_tree, games, json_lines, root, sgfaudit, shared_corpus};

/// Every file's bytes under a folder.
fn contents(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    for entry in walk(dir) {
        out.insert(entry.clone(), std::fs::read(&entry).unwrap());
    }
    out
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(walk(&path));
        } else {
            files.push(path);
        }
    }
    files
}

/// What the audit says of a game that no fix may change: status, the result check's
/// verdict, the rule findings with their moves, the players, the number of moves.
fn meaning(game: &Value) -> Value {
    let rule_findings: Vec<Value> = game["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| !f["article"].is_null() || !f["move"].is_null())
        .map(|f| serde_json::json!([f["code"], f["move"], f["variation"]]))
        .collect();
    // An empty name is no name: `PB[]` is taken out.
    let name = |v: &Value| match v.as_str() {
        Some("") => Value::Null,
        _ => v.clone(),
    };
    // A status that rests only on findings the fix takes away (an error of the record's
    // format, `setup-conflict`) is the fixed game's `ok`.
    let findings = game["findings"].as_array().unwrap();
    let mut errors = findings
        .iter()
        .filter(|f| f["severity"] == "error")
        .peekable();
    let fixed_away = errors.peek().is_some() && errors.all(|f| f["fixable"] == true);
    let status = if game["status"] == "illegal" && fixed_away {
        Value::from("ok")
    } else {
        game["status"].clone()
    };
    serde_json::json!({
        "status": status,
        "verdict": game["check"]["verdict"],
        "rule_findings": rule_findings,
        "black": name(&game["black"]),
        "white": name(&game["white"]),
        "moves": game["moves"],
    })
}

fn audit_json(args: &[&str]) -> Vec<Value> {
    let out = sgfaudit(args);
    assert!(
        out.status.code() != Some(2) || args.contains(&"--fix"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    json_lines(&out.stdout)
}

fn by_game(lines: &[Value]) -> BTreeMap<(String, u64), Value> {
    games(lines)
        .into_iter()
        .map(|g| {
            let key = (
                g["path"].as_str().unwrap().to_string(),
                g["game"].as_u64().unwrap(),
            );
            (key, g.clone())
        })
        .collect()
}

fn fixable(lines: &[Value]) -> usize {
    games(lines)
        .iter()
        .flat_map(|g| g["findings"].as_array().unwrap())
        .filter(|f| f["fixable"] == true)
        .count()
}

#[test]
fn every_corpus_record_fixed_audits_the_same() {
    let Some(shared) = shared_corpus() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&root().join("corpus"), &dir.path().join("corpus"));
    copy_tree(&shared.join("real"), &dir.path().join("real"));
    copy_tree(&shared.join("tygem"), &dir.path().join("tygem"));
    let path = dir.path().to_string_lossy().into_owned();
    let common = [
        "audit",
        "--format",
        "jsonl",
        "--exit-zero",
        "--dead",
        "none",
    ];

    let before = audit_json(&[&common[..], &[path.as_str()]].concat());
    let marked = fixable(&before);
    assert!(marked > 3000, "findings marked fixable: {marked}");

    let fix = sgfaudit(&[&common[..], &["--fix", path.as_str()]].concat());
    let after = json_lines(&fix.stdout);
    assert_eq!(fixable(&after), 0, "fixable findings left after --fix");
    let (before, after_games) = (by_game(&before), by_game(&after));
    assert_eq!(before.len(), after_games.len(), "the same games");
    let mut changed = Vec::new();
    for (key, game) in &before {
        let (was, is) = (meaning(game), meaning(&after_games[key]));
        if was != is {
            changed.push(format!("{key:?}:\n  before {was}\n  after  {is}"));
        }
    }
    assert!(
        changed.is_empty(),
        "{} games changed:\n{}",
        changed.len(),
        changed.join("\n")
    );
    let summary = &after.last().unwrap()["data"];
    assert!(
        summary["fixed"].as_u64().unwrap() >= marked as u64 / 2,
        "{summary}"
    );

    // A second fix changes no byte, and --diff finds nothing left to do.
    let fixed_once = contents(dir.path());
    let again = sgfaudit(&["audit", "--fix", "--exit-zero", "-q", &path]);
    assert_eq!(
        contents(dir.path()),
        fixed_once,
        "a second --fix changed bytes"
    );
    assert_ne!(
        again.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    let diff = sgfaudit(&["audit", "--diff", &path]);
    assert_eq!(
        diff.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&diff.stdout)
    );
    assert!(diff.stdout.is_empty());
}

/// A folder holding copies of a few records with findings to fix.
fn sample() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("a.sgf"),
        "(;FF[4]GM[1]SZ[19]AP[YuanYu]GN[]PB[Black]PW[White]RE[W+Time Over]DT[2018.04.27]\n;B[pd];W[dd])\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("clean.sgf"), "(;FF[4]GM[1]SZ[19];B[pd])\n").unwrap();
    dir
}

#[test]
fn diff_prints_and_writes_nothing() {
    let dir = sample();
    let before = contents(dir.path());
    let path = dir.path().to_string_lossy().into_owned();
    let out = sgfaudit(&["audit", "--diff", &path]);
    assert_eq!(out.status.code(), Some(1), "something would change");
    let diff = String::from_utf8(out.stdout).unwrap();
    assert!(diff.contains("-(;FF[4]GM[1]SZ[19]AP[YuanYu]GN[]"), "{diff}");
    assert!(
        diff.contains("+(;FF[4]GM[1]SZ[19]AP[YuanYu:]PB[Black]PW[White]RE[W+T]DT[2018-04-27]"),
        "{diff}"
    );
    assert!(!diff.contains("clean.sgf"), "{diff}");
    assert_eq!(contents(dir.path()), before, "--diff wrote");
}

#[test]
fn fix_keeps_permissions_and_reports_what_it_fixed() {
    use std::os::unix::fs::PermissionsExt;
    let dir = sample();
    let file = dir.path().join("a.sgf");
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).unwrap();
    let path = dir.path().to_string_lossy().into_owned();
    let out = sgfaudit(&["audit", "--fix", "--format", "jsonl", &path]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = json_lines(&out.stdout);
    let summary = &lines.last().unwrap()["data"];
    assert_eq!(summary["fixed"], 4, "{summary}");
    assert_eq!(summary["files_fixed"], 1, "{summary}");
    assert_eq!(summary["fixable"], 0, "{summary}");
    let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
    // No temporary file is left behind.
    assert_eq!(walk(dir.path()).len(), 2);
}

#[test]
fn archives_standard_input_and_read_only_files_are_refused() {
    use std::os::unix::fs::PermissionsExt;
    let dir = sample();
    let gz = dir.path().join("b.sgf.gz");
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    std::io::Write::write_all(&mut enc, b"(;FF[4]GN[];B[aa])").unwrap();
    std::fs::write(&gz, enc.finish().unwrap()).unwrap();
    let before = contents(dir.path());
    let path = dir.path().to_string_lossy().into_owned();
    for args in [
        vec!["audit", "--fix", path.as_str()],
        vec!["audit", "--diff", path.as_str()],
        vec!["audit", "--fix", "-"],
    ] {
        let out = sgfaudit(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("archive") || err.contains("standard input"),
            "{args:?}: {err}"
        );
        assert_eq!(contents(dir.path()), before, "{args:?} wrote");
    }
    std::fs::remove_file(&gz).unwrap();
    let file = dir.path().join("a.sgf");
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o444)).unwrap();
    let bytes = std::fs::read(&file).unwrap();
    let out = sgfaudit(&["audit", "--fix", "-q", &path]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("read-only") && err.contains("a.sgf"), "{err}");
    assert_eq!(
        std::fs::read(&file).unwrap(),
        bytes,
        "a read-only file rewritten"
    );
}
