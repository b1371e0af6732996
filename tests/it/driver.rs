//! The one driver over the inputs: `--fix` works on the pool of `--jobs` as the audit
//! does, the same diffs for any number of workers; input errors reach the caller as they
//! are known and the library writes nothing to standard error itself; a file's stamp says
//! how it changed.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use sgfaudit::commands::fix::{fix_all, Roots, Selection, WriteOptions};
use sgfaudit::input::stamp::Stamp;
use sgfaudit::input::walk::WalkOptions;
use sgfaudit::output::progress::ProgressMode;
use sgfaudit::output::InputError;
use sgfaudit::run::driver::{Driver, Inputs, OnInputError};
use sgfaudit::run::{run, Part, RunConfig};

use crate::common;

fn driver(paths: &[PathBuf], jobs: usize) -> Driver {
    Driver::new(Inputs {
        paths,
        walk: &WalkOptions::default(),
        input_errors: &[],
        part: &Part::All,
        jobs,
        progress: ProgressMode::Never,
        on_input_error: &OnInputError::default(),
    })
    .unwrap()
}

/// The real games when they are here, else the project's own.
fn real_games() -> PathBuf {
    common::shared_corpus()
        .map(|c| c.join("real"))
        .filter(|c| c.is_dir())
        .unwrap_or_else(|| common::root().join("corpus"))
}

#[test]
fn each_file_runs_on_the_pool_of_jobs() {
    let paths = [real_games()];
    for jobs in [1, 3] {
        let mut driver = driver(&paths, jobs);
        let files = driver.plain_files().unwrap();
        assert!(files.len() > 10, "{} files", files.len());
        let mut seen = Vec::new();
        let work = |_: &Path, _: Stamp| (rayon::current_num_threads(), std::thread::current().id());
        driver
            .each_file(&files, work, &mut |s| {
                seen.push(s);
                Ok(())
            })
            .unwrap();
        assert_eq!(seen.len(), files.len());
        assert!(seen.iter().all(|(n, _)| *n == jobs), "jobs {jobs}");
        let threads: HashSet<_> = seen.iter().map(|(_, id)| *id).collect();
        assert!(
            threads.len() <= jobs,
            "jobs {jobs}: {} threads",
            threads.len()
        );
        assert!(!threads.contains(&std::thread::current().id()));
    }
}

/// `--diff` over the real games: the same bytes from one worker and from two, and what
/// the command line prints.
#[test]
fn fix_diffs_are_the_same_for_any_jobs() {
    let paths = [real_games()];
    let diffs: Vec<(Vec<u8>, usize, usize)> = [1, 2]
        .into_iter()
        .map(|jobs| {
            let mut driver = driver(&paths, jobs);
            let files = driver.plain_files().unwrap();
            let mut out = Vec::new();
            let options = WriteOptions {
                roots: Roots::new(&paths),
                hard_links: false,
            };
            let done = fix_all(
                &mut driver,
                &files,
                &Selection::default(),
                false,
                &options,
                &mut out,
            )
            .unwrap();
            assert_eq!(driver.files(), files.len());
            (out, done.fixed, done.files)
        })
        .collect();
    assert!(diffs[0].1 > 0, "something to fix");
    assert_eq!(diffs[0], diffs[1]);
    let cli = common::sgfaudit(&["audit", "--diff", "--jobs", "1", &common::arg(&paths[0])]);
    assert_eq!(cli.stdout, diffs[0].0);
}

#[test]
fn input_errors_are_told_as_they_are_known() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.sgf");
    std::fs::write(&good, "(;FF[4]GM[1]SZ[9];B[ee])\n").unwrap();
    let missing = dir.path().join("missing.sgf");
    let told: Arc<Mutex<Vec<InputError>>> = Arc::default();
    let keep = Arc::clone(&told);
    let config = RunConfig {
        paths: vec![missing, good],
        walk: WalkOptions::default(),
        audit: Default::default(),
        fail_on: Vec::new(),
        gate: Default::default(),
        jobs: 1,
        progress: ProgressMode::Never,
        input_errors: Vec::new(),
        on_input_error: OnInputError::new(move |e| keep.lock().unwrap().push(e.clone())),
        part: Part::All,
    };
    let mut report = Vec::new();
    let mut reporter = sgfaudit::output::jsonl::JsonlReporter::new(Box::new(&mut report));
    let outcome = run(&config, &mut reporter).unwrap();
    drop(reporter);
    assert!(outcome.unreadable);
    assert_eq!(outcome.summary.files, 1);
    let told = told.lock().unwrap();
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(told[0].path.ends_with("missing.sgf"), "{told:?}");
    let lines = common::json_lines(&report);
    let errors: Vec<_> = lines.iter().filter(|l| l["type"] == "error").collect();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0]["data"]["message"], told[0].message.as_str());
}

/// Standard error is the command line's: below it, nothing writes there but the
/// progress bar a caller asks for (`--progress`).
#[test]
fn the_library_writes_nothing_to_standard_error() {
    let src = common::root().join("src");
    let mut files = Vec::new();
    let mut folders = vec![src.clone()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    let face = ["commands", "main.rs", "output/progress.rs"];
    let mut writers = Vec::new();
    for path in files {
        let rel = path
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        if face.iter().any(|f| rel.starts_with(f)) {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            if code.contains("::stderr()") || code.contains("eprint") {
                writers.push(format!("src/{rel}:{}: {}", n + 1, line.trim()));
            }
        }
    }
    assert!(writers.is_empty(), "{writers:#?}");
}

#[test]
fn a_stamp_says_how_the_file_changed() {
    use sgfaudit::input::source::read_file;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a.sgf");
    std::fs::write(&path, "(;FF[4])").unwrap();
    let stamp = Stamp::of(&path);
    let bytes = read_file(&path).unwrap();
    assert_eq!(stamp.changed(&path, &bytes), None);
    std::fs::write(&path, "(;FF[4];B[aa])").unwrap();
    assert_ne!(Stamp::of(&path), stamp);
    let changed = stamp.changed(&path, &bytes).unwrap();
    assert!(
        changed.contains("8 bytes when opened, 14 bytes now"),
        "{changed}"
    );
    std::fs::remove_file(&path).unwrap();
    assert!(stamp.changed(&path, &bytes).unwrap().contains("(gone)"));
}
