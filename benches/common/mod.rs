//! What several benches share: the input files (the arguments, or the Tygem collections
//! of the shared corpus) and the median of their rounds.
// Each bench compiles this module on its own and uses only part of it.
#![allow(dead_code)]

use std::path::PathBuf;

/// The files named on the command line (options left out), or else every `.sgf` of
/// `../shared/corpus/tygem`, sorted.
pub fn files() -> Vec<PathBuf> {
    let args: Vec<PathBuf> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .map(PathBuf::from)
        .collect();
    if !args.is_empty() {
        return args;
    }
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tygem");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
        .collect();
    v.sort();
    v
}

/// The middle value of the rounds (the upper one of an even count).
pub fn median<T: PartialOrd + Copy>(mut v: Vec<T>) -> T {
    v.sort_by(|a, b| a.partial_cmp(b).expect("a measurement is a number"));
    v[v.len() / 2]
}
