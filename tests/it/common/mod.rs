//! Helpers shared by the integration tests: running the real binary, finding the corpora.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The project's root folder.
/// Whether the guide (`docs/guide/`) is beside the crate: it is in the repository, not in
/// the packaged crate, whose tests then leave the pages alone.
pub fn has_guide() -> bool {
    let here = root().join("docs/guide").is_dir();
    if !here {
        eprintln!("no docs/guide beside the crate: the guide is checked in the repository");
    }
    here
}

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

/// `sgfaudit audit --json ../shared/corpus/real`, with no other option, run once per test
/// run and shared by the tests that only read its output (`None` where
/// [`shared_corpus`] skips). Its exit code is the run's (1: some real records are illegal).
pub fn real_corpus_json() -> Option<&'static Output> {
    static RUN: std::sync::OnceLock<Option<Output>> = std::sync::OnceLock::new();
    let shared = shared_corpus()?;
    RUN.get_or_init(|| Some(sgfaudit(&["audit", "--json", &arg(&shared.join("real"))])))
        .as_ref()
}

/// The `.sgf` files (any case) under a folder, its subfolders included, sorted.
pub fn sgf_files(folder: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(folder)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path())
        .filter(|p| p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")))
        .collect();
    files.sort();
    files
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

/// xorshift64*: a sequence fully determined by its seed, to generate games and trees.
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed` itself.
    pub fn new(seed: u64) -> Rng {
        Rng((seed ^ 0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// A generator started from `seed` through splitmix64, so that neighbouring seeds give
    /// unrelated sequences.
    pub fn spread(seed: u64) -> Rng {
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        Rng(if z == 0 { 1 } else { z })
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n` (less than 2³²), from the high bits.
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }

    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    /// One of `items`, which must not be empty.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// The codes of the replay: illegal moves, repetitions and what it makes of odd moves and
/// setup.
pub const REPLAY_CODES: [&str; 10] = [
    "occupied",
    "off-board",
    "suicide",
    "ko",
    "superko",
    "cycle",
    "consecutive-move",
    "move-after-end",
    "setup-in-game",
    "setup-without-liberties",
];

/// Copies a folder tree; the copies are writable (the shared corpus may be read-only).
pub fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_tree(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
            let mut permissions = std::fs::metadata(&target).unwrap().permissions();
            #[allow(clippy::permissions_set_readonly_false)]
            permissions.set_readonly(false);
            std::fs::set_permissions(&target, permissions).unwrap();
        }
    }
}
