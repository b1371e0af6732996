//! `sgfaudit dups` within a memory limit and in parts: a limit so small that the keys go
//! to many sorted runs on disk gives the same report as keys held in memory; the keys
//! of shards (`--format keys --shard K/N`), clustered together with `--from-keys`, give
//! the report of one run; bad key lines and sizes are reported, not fatal.

use crate::common;

use std::path::PathBuf;

use common::{json_lines, sgfaudit, shared_corpus};
use sgfaudit::commands::dups::search;
use sgfaudit::output::progress::ProgressMode;
use sgfaudit::run::ordered::GamesConfig;

fn config(path: PathBuf) -> GamesConfig {
    GamesConfig {
        paths: vec![path],
        walk: Default::default(),
        input_errors: Vec::new(),
        jobs: 2,
        progress: ProgressMode::Never,
        on_input_error: Default::default(),
        part: sgfaudit::run::Part::All,
    }
}

/// The folders the tests cluster: the project's corpus, and the shared real games.
fn folders() -> Vec<PathBuf> {
    let mut v = vec![common::root().join("corpus")];
    if let Some(shared) = shared_corpus() {
        v.push(shared.join("real"));
    }
    v
}

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = sgfaudit(args);
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The JSON report without its `elapsed_ms`, the one field that changes between runs.
fn report(args: &[&str]) -> (Option<i32>, Vec<serde_json::Value>) {
    let out = sgfaudit(args);
    let mut lines = json_lines(&out.stdout);
    let summary = lines.last_mut().expect("a summary");
    assert_eq!(summary["type"], "summary");
    summary["data"]["elapsed_ms"] = 0.into();
    (out.status.code(), lines)
}

#[test]
fn a_tiny_memory_spills_runs_and_gives_the_same_clusters() {
    for folder in folders() {
        let held = search(&config(folder.clone()), usize::MAX).unwrap();
        let spilled = search(&config(folder.clone()), 4 << 10).unwrap();
        assert_eq!(held.runs, 0);
        assert!(
            spilled.runs > 10,
            "{}: {} runs",
            folder.display(),
            spilled.runs
        );
        assert!(!held.clusters.is_empty(), "{}", folder.display());
        assert_eq!(held.clusters, spilled.clusters, "{}", folder.display());
        assert_eq!(held.places, spilled.places);
        let path = folder.to_str().unwrap();
        let base = ["dups", "--json", "--progress", "never", "--no-config", path];
        let default = report(&base);
        let tiny = report(&[&base[..], &["--memory", "2K"]].concat());
        assert_eq!(default, tiny, "{path}");
        let csv = |memory: &str| {
            let args = [
                "dups",
                "--format",
                "csv",
                "--progress",
                "never",
                "--memory",
                memory,
            ];
            run(&[&args[..], &[path]].concat())
        };
        assert_eq!(csv("1"), csv("8G"), "{path}");
    }
}

#[test]
fn keys_of_shards_clustered_together_are_one_run() {
    let dir = tempfile::tempdir().unwrap();
    for folder in folders() {
        let path = folder.to_str().unwrap();
        let direct = report(&["dups", "--json", "--progress", "never", "--no-config", path]);
        let mut files = Vec::new();
        let mut lines = 0;
        for k in 0..3 {
            let (code, keys, err) = run(&[
                "dups",
                "--format",
                "keys",
                "--shard",
                &format!("{k}/3"),
                "--progress",
                "never",
                "--no-config",
                path,
            ]);
            assert_eq!(code, Some(0), "{err}");
            lines += keys.lines().count();
            let file = dir.path().join(format!("keys-{k}.jsonl"));
            std::fs::write(&file, keys).unwrap();
            files.push(file.to_str().unwrap().to_string());
        }
        let games = &direct.1.last().unwrap()["data"]["games"];
        assert_eq!(games.as_u64(), Some(lines as u64), "one key line a game");
        let mut args = vec![
            "dups",
            "--json",
            "--progress",
            "never",
            "--from-keys",
            "--memory",
            "3K",
        ];
        args.extend(files.iter().map(String::as_str));
        let (code, mut clustered) = report(&args);
        assert_eq!(code, direct.0);
        // The inputs named are the keys files; everything else is the direct run's.
        clustered[0]["data"]["inputs"] = direct.1[0]["data"]["inputs"].clone();
        assert_eq!(clustered, direct.1, "{path}");
    }
}

#[test]
fn a_bad_key_line_is_reported_with_its_line_and_the_others_are_read() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = common::root().join("corpus");
    let (code, keys, _) = run(&[
        "dups",
        "--format",
        "keys",
        "--progress",
        "never",
        corpus.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0));
    let mut lines: Vec<&str> = keys.lines().collect();
    let total = lines.len();
    lines.insert(2, "{\"key\":\"19x19:!!\"}");
    lines.insert(4, "not json");
    let file = dir.path().join("keys.jsonl");
    std::fs::write(&file, lines.join("\n")).unwrap();
    let f = file.to_str().unwrap();
    let (code, out, err) = run(&["dups", "--json", "--progress", "never", "--from-keys", f]);
    assert_eq!(code, Some(2), "{err}");
    let records = json_lines(out.as_bytes());
    let errors: Vec<String> = records
        .iter()
        .filter(|r| r["type"] == "error")
        .map(|r| {
            format!(
                "{}: {}",
                r["data"]["path"].as_str().unwrap(),
                r["data"]["message"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(
        errors[0].starts_with(&format!("{f}: line 3: not a key line")),
        "{errors:?}"
    );
    assert!(
        errors[1].starts_with(&format!("{f}: line 5: not a key line")),
        "{errors:?}"
    );
    assert_eq!(
        records.last().unwrap()["data"]["games"].as_u64(),
        Some(total as u64)
    );
}

#[test]
fn memory_sizes_are_checked_and_the_config_file_gives_one() {
    let corpus = common::root().join("corpus");
    let corpus = corpus.to_str().unwrap();
    for bad in ["lots", "12X", "0"] {
        let (code, _, err) = run(&["dups", "--memory", bad, corpus]);
        assert_eq!(code, Some(2));
        assert!(
            err.starts_with(&format!("sgfaudit: --memory '{bad}'")),
            "{err}"
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("sgfaudit.toml");
    std::fs::write(&config, "memory = \"2 parsecs\"\n").unwrap();
    let (code, _, err) = run(&["dups", "--config", config.to_str().unwrap(), corpus]);
    assert_eq!(code, Some(2));
    assert!(err.contains("memory '2 parsecs' is not a size"), "{err}");
    std::fs::write(&config, "memory = \"64K\"\n").unwrap();
    let (code, _, err) = run(&[
        "dups",
        "--config",
        config.to_str().unwrap(),
        "--progress",
        "never",
        corpus,
    ]);
    assert_eq!(code, Some(0), "{err}");
}
