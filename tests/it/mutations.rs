//! Damaged copies of every corpus file, and random bytes, must go through the whole per-game
//! pipeline without a panic (no `catch_unwind` here: a panic fails the test).

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use sgfaudit::audit::{audit_game, AuditOptions, Status};
use sgfaudit::finding::Severity;
use sgfaudit::input::source::Bytes;
use sgfaudit::run::LoadedFile;

/// Splits, parses, replays and scores every game of `bytes`, and checks what a user of
/// the report relies on: one report per game slice, in order; every finding placed in the
/// file (line and column from 1, not past the file's end: text between two game trees is
/// reported with the game before it); a status that agrees with the findings (`ok`: no
/// error; `illegal`: some error); no more moves than the text has values (every move is
/// a property with a value, `B[]` included; a node's `;` may be implied).
fn audit_all(name: &str, bytes: Vec<u8>) {
    // Every line end counts (a CR LF twice): a bound, not the count.
    let file_lines = bytes.iter().filter(|&&b| b == b'\n' || b == b'\r').count() as u32 + 1;
    let file = LoadedFile::new(name.to_string(), Bytes::Owned(bytes));
    assert!(!file.games.is_empty(), "{name}: no game slice");
    let options = AuditOptions::default();
    for index in 0..file.games.len() {
        let report = audit_game(&file.game_input(index), &options);
        assert_eq!(report.game, index, "{name}");
        for f in &report.findings {
            assert!(f.line >= 1 && f.column >= 1, "{name} game {index}: {f:?}");
            assert!(
                f.line <= file_lines,
                "{name} game {index}: {f:?} past line {file_lines}"
            );
        }
        let has_error = report
            .findings
            .iter()
            .any(|f| f.severity == Severity::Error);
        match report.status {
            Status::Ok => assert!(!has_error, "{name} game {index}: ok with an error"),
            Status::Illegal => assert!(has_error, "{name} game {index}: illegal without an error"),
            _ => {}
        }
        let values = file.game_text(index).matches('[').count();
        assert!(
            report.moves as usize <= values,
            "{name} game {index}: {} moves",
            report.moves
        );
    }
}

fn corpus_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "sgf") {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus"),
        &mut out,
    );
    assert!(out.len() > 50, "corpus not found");
    out
}

/// xorshift64 with a fixed seed: the same mutations on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

#[test]
fn truncated_corpus_files() {
    for path in corpus_files() {
        let bytes = std::fs::read(&path).unwrap();
        let name = path.display().to_string();
        let n = bytes.len();
        let mut cuts: Vec<usize> = (1..16).map(|k| n * k / 16).collect();
        cuts.extend([0, 1, 2, n.saturating_sub(1), n.saturating_sub(2)]);
        for cut in cuts {
            audit_all(&format!("{name}@{cut}"), bytes[..cut.min(n)].to_vec());
        }
    }
}

#[test]
fn corpus_files_with_flipped_bytes() {
    let mut rng = Rng(0x5EED_0F5E_ED00_0001);
    for path in corpus_files() {
        let bytes = std::fs::read(&path).unwrap();
        let name = path.display().to_string();
        for round in 0..24 {
            let mut m = bytes.clone();
            let flips = 1 + round % 8;
            for _ in 0..flips {
                if m.is_empty() {
                    break;
                }
                let i = rng.below(m.len());
                m[i] = match rng.below(4) {
                    0 => m[i] ^ (1 << rng.below(8)),
                    1 => b"()[];\\:"[rng.below(7)],
                    2 => 0,
                    _ => rng.next() as u8,
                };
            }
            audit_all(&format!("{name}~{round}"), m);
        }
    }
}

#[test]
fn corpus_files_without_structure_characters() {
    let mut rng = Rng(0xC0FF_EE11_D00D_2024);
    for path in corpus_files() {
        let bytes = std::fs::read(&path).unwrap();
        let name = path.display().to_string();
        for drop in [b'[', b']', b'(', b')', b';', b'\\'] {
            // All of them, and about one in three.
            let all: Vec<u8> = bytes.iter().copied().filter(|&b| b != drop).collect();
            audit_all(&format!("{name}-all-{}", drop as char), all);
            let some: Vec<u8> = bytes
                .iter()
                .copied()
                .filter(|&b| b != drop || rng.below(3) != 0)
                .collect();
            audit_all(&format!("{name}-some-{}", drop as char), some);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..4096)) {
        audit_all("random", bytes);
    }

    #[test]
    fn random_sgf_like_text(
        parts in proptest::collection::vec(
            prop_oneof![
                Just("(".to_string()), Just(")".to_string()), Just(";".to_string()),
                Just("[".to_string()), Just("]".to_string()), Just("\\".to_string()),
                Just("B".to_string()), Just("W".to_string()), Just("SZ[".to_string()),
                Just("AB".to_string()), Just("KM[".to_string()), Just("RE[".to_string()),
                Just("HA[".to_string()), Just("TB".to_string()), Just("PL[".to_string()),
                "[a-t]{2}", "[0-9:.+-]{1,4}", "[\\x00-\\x7f]", Just("黑".to_string()),
            ],
            0..200,
        )
    ) {
        audit_all("sgf-like", parts.concat().into_bytes());
    }
}
