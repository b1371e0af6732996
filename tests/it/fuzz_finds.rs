//! Every input the fuzzer (`scripts/fuzz.sh`) ever crashed on, kept in `tests/fuzz_finds/`
//! and replayed through the whole per-game pipeline, as the fuzz target does: split, read,
//! replay, count and check, with no panic. CI runs this test in a build with overflow
//! checks and debug assertions (the `checked` profile), where the fuzzer found them.

use std::path::Path;

use sgfaudit::audit::{audit_game, AuditOptions};
use sgfaudit::input::source::Bytes;
use sgfaudit::run::LoadedFile;

fn finds() -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_finds");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_fuzz_find_goes_through_the_pipeline() {
    let files = finds();
    assert!(files.len() >= 2, "the kept finds are missing");
    for path in files {
        let data = std::fs::read(&path).unwrap();
        let file = LoadedFile::new(path.display().to_string(), Bytes::Owned(data));
        assert!(!file.games.is_empty());
        for index in 0..file.games.len() {
            // Called directly, not through `LoadedFile::audit`: a panic fails the test.
            let report = audit_game(&file.game_input(index), &AuditOptions::default());
            assert_eq!(report.game, index);
            assert!(
                report
                    .findings
                    .iter()
                    .all(|f| f.code.as_str() != "internal-error"),
                "{}: {:?}",
                path.display(),
                report.findings
            );
        }
    }
}

/// The two first finds reach the result check with more doubted chains than a search
/// mask has bits (the shift that overflowed): the check must still give a verdict with
/// its reason, and the count must be made.
#[test]
fn the_shift_overflow_finds_are_counted_and_checked() {
    for path in finds()
        .into_iter()
        .filter(|p| p.to_string_lossy().contains("shift-overflow"))
    {
        let data = std::fs::read(&path).unwrap();
        let file = LoadedFile::new(path.display().to_string(), Bytes::Owned(data));
        let report = audit_game(&file.game_input(0), &AuditOptions::default());
        assert!(report.score.is_some(), "{}: not counted", path.display());
        assert!(report.check.reason.is_some() || report.check.computed.is_some());
    }
}
