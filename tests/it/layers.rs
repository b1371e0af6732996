//! The pipeline's stages depend one way only: a stage imports from the stages before it,
//! never from a later one. This test reads `src/` and fails on an import that reaches up,
//! on `clap` outside the command line, on `serde` outside the output stage (and the configuration file's reader), and on
//! `sgf-parse` outside the reference reader.

use std::path::{Path, PathBuf};

/// The stages in pipeline order; a module may use its own stage and earlier ones.
/// Modules of one rank are independent of each other's order.
const STAGES: &[(&str, u32)] = &[
    ("geom", 0),
    ("finding", 0),
    ("input", 1),
    ("sgf", 2),
    ("game", 2),
    ("board", 3),
    ("fix", 3),
    ("rules", 4),
    ("komi", 4),
    ("replay", 5),
    ("score", 6),
    ("check", 7),
    ("audit", 8),
    ("dups", 9),
    ("gate", 10),
    ("output", 10),
    ("partition", 11),
    ("run", 11),
    ("cli", 12),
    ("config", 12),
    ("explain", 12),
    ("commands", 13),
    ("stream", 13),
];

fn rank(module: &str) -> Option<u32> {
    STAGES.iter().find(|(m, _)| *m == module).map(|(_, r)| *r)
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every file of `src/` with the stage it belongs to (`None` for `lib.rs` and `main.rs`)
/// and its lines of code (comments left out).
fn sources() -> Vec<(String, Option<&'static str>, Vec<String>)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let rel = path
                .strip_prefix(&src)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let first = rel.split('/').next().unwrap().trim_end_matches(".rs");
            let stage = STAGES.iter().find(|(m, _)| *m == first).map(|(m, _)| *m);
            if stage.is_none() {
                assert!(
                    matches!(first, "lib" | "main"),
                    "src/{rel}: a module that is in no stage; add it to STAGES"
                );
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let code = text
                .lines()
                .map(|l| l.split("//").next().unwrap_or("").to_string())
                .collect();
            (rel, stage, code)
        })
        .collect()
}

/// The crate modules a line names (`crate::score::…`, `use crate::{audit, …}`).
fn crate_paths(line: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = line;
    while let Some(i) = rest.find("crate::") {
        rest = &rest[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let inner = group.split('}').next().unwrap_or("");
            for item in inner.split(',') {
                found.push(module_of(item.trim()));
            }
        } else {
            found.push(module_of(rest));
        }
    }
    found.retain(|m| !m.is_empty());
    found
}

fn module_of(path: &str) -> String {
    path.chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect()
}

#[test]
fn no_stage_imports_from_a_later_one() {
    let mut wrong = Vec::new();
    for (file, stage, lines) in sources() {
        let Some(stage) = stage else { continue };
        let own = rank(stage).unwrap();
        for (n, line) in lines.iter().enumerate() {
            for used in crate_paths(line) {
                match rank(&used) {
                    Some(r) if r > own => wrong.push(format!(
                        "src/{file}:{}: {stage} (stage {own}) uses {used} (stage {r})",
                        n + 1
                    )),
                    Some(_) => {}
                    None => wrong.push(format!("src/{file}:{}: unknown module {used}", n + 1)),
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports that reach up:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_path_reader_finds_every_form_of_import() {
    assert_eq!(crate_paths("use crate::score::Check;"), ["score"]);
    assert_eq!(
        crate_paths("use crate::{audit::Status, output::Format};"),
        ["audit", "output"]
    );
    assert_eq!(
        crate_paths("let x = crate::input::walk::io_message(&e) + crate::geom::X;"),
        ["input", "geom"]
    );
    assert!(crate_paths("use super::area::Owner;").is_empty());
}

/// Files whose code mentions `word` (as an identifier), outside the allowed files.
fn mentions(word: &str, allowed: impl Fn(&str) -> bool) -> Vec<String> {
    sources()
        .into_iter()
        .filter(|(file, _, _)| !allowed(file))
        .flat_map(|(file, _, lines)| {
            lines
                .into_iter()
                .enumerate()
                .filter(|(_, l)| {
                    l.match_indices(word).any(|(i, _)| {
                        let before = l[..i].chars().next_back();
                        !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
                    })
                })
                .map(move |(n, l)| format!("src/{file}:{}: {}", n + 1, l.trim()))
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn only_the_command_line_knows_clap() {
    let found = mentions("clap", |f| {
        f == "cli.rs" || f.starts_with("cli/") || f == "main.rs"
    });
    assert!(
        found.is_empty(),
        "clap outside the command line (cli.rs, cli/):\n{}",
        found.join("\n")
    );
}

#[test]
fn only_the_output_stage_serialises() {
    // The configuration file (`sgfaudit.toml`) is read by the command line's stage.
    let found = mentions("serde", |f| f.starts_with("output/") || f == "config.rs");
    assert!(
        found.is_empty(),
        "serde outside output/:\n{}",
        found.join("\n")
    );
}

#[test]
fn only_the_tests_use_the_reference_reader() {
    let found = mentions("reference::", |f| f.starts_with("sgf/"));
    assert!(
        found.is_empty(),
        "the reference reader used by the tool:\n{}",
        found.join("\n")
    );
}

#[test]
fn only_the_reference_reader_uses_sgf_parse() {
    let found = mentions("sgf_parse", |f| f == "sgf/reference.rs");
    assert!(
        found.is_empty(),
        "sgf-parse outside the reference reader:\n{}",
        found.join("\n")
    );
}

#[test]
fn no_source_file_runs_past_800_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    // The Python binding's crate, where the repository has it (the packaged crate does not).
    if root.join("python/src").is_dir() {
        rust_files(&root.join("python/src"), &mut files);
    }
    let long: Vec<String> = files
        .iter()
        .filter_map(|path| {
            // Unit tests count too: a long module keeps them in a file of their own.
            let lines = std::fs::read_to_string(path).unwrap().lines().count();
            (lines > 800).then(|| format!("{}: {lines} lines", path.display()))
        })
        .collect();
    assert!(long.is_empty(), "split these by job:\n{}", long.join("\n"));
}

#[test]
fn at_most_three_integration_test_binaries() {
    // Each binary links the whole library: a new subject is a module of `tests/it/`.
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let binaries: Vec<String> = std::fs::read_dir(&tests)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| {
            path.extension().is_some_and(|e| e == "rs") || path.join("main.rs").is_file()
        })
        .map(|path| path.display().to_string())
        .collect();
    assert!(binaries.len() <= 3, "test binaries: {binaries:?}");
}
