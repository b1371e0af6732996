//! Any bytes, read as one file, must go through split, parse, replay and score without a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sgfaudit::audit::{audit_game, AuditOptions};
use sgfaudit::input::source::Bytes;
use sgfaudit::run::LoadedFile;

fuzz_target!(|data: &[u8]| {
    let file = LoadedFile::new("fuzz.sgf".to_string(), Bytes::Owned(data.to_vec()));
    assert!(!file.games.is_empty(), "every file gives at least one game");
    let options = AuditOptions::default();
    for index in 0..file.games.len() {
        // Called directly, not through `LoadedFile::audit`: a panic must reach libFuzzer.
        let report = audit_game(&file.game_input(index), &options);
        assert_eq!(report.game, index);
    }
});
