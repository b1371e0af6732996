//! Every place a finding reports (`line:column`) checked against a count of its own, from
//! the finding's byte offset in the decoded text: a line ends at `\r\n`, at a `\n`, or at a
//! `\r` not followed by `\n`; a column counts the characters of its line. The texts are
//! the project's corpus, the shared corpus of real games, problem trees and Tygem
//! collections, those files again with their line ends rewritten in every convention, and
//! generated games in every convention, with blank lines, a byte-order mark, UTF-16 and
//! text in several scripts.

use std::path::Path;

use proptest::prelude::*;
use sgfaudit::audit::AuditOptions;
use sgfaudit::input::source::Bytes;
use sgfaudit::run::LoadedFile;

use crate::common::{self, Rng};

/// The place of byte `offset` of `text`, counted here from the start of the text.
fn place_of(text: &str, offset: usize) -> (u32, u32) {
    let (mut line, mut column) = (1, 1);
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        if at >= offset {
            break;
        }
        match c {
            '\r' if chars.peek().is_some_and(|&(_, next)| next == '\n') => {
                if at + 1 >= offset {
                    // Between the two bytes of a `\r\n`: the next line has begun.
                    return (line + 1, 1);
                }
                chars.next();
                (line, column) = (line + 1, 1);
            }
            '\r' | '\n' => (line, column) = (line + 1, 1),
            _ => column += 1,
        }
    }
    (line, column)
}

/// The places that disagree with the count, over every game of one file (every `step`th
/// game only, for the big collections), as readable lines; and the findings checked.
fn misplaced(
    name: &str,
    bytes: Vec<u8>,
    text_shown: Option<&str>,
    step: usize,
) -> (Vec<String>, usize) {
    let file = LoadedFile::new(name.to_string(), Bytes::Owned(bytes));
    let (_, text, _) = file.texts();
    if let Some(shown) = text_shown {
        assert_eq!(
            text, shown,
            "{name}: the decoded text is the text as written"
        );
    }
    let options = AuditOptions::default();
    let (mut wrong, mut checked) = (Vec::new(), 0);
    let mut check = |what: String, offset: usize, at: (u32, u32)| {
        checked += 1;
        let expected = place_of(text, offset);
        if at != expected {
            wrong.push(format!(
                "{name}: {what} at byte {offset}: reported {}:{}, counted {}:{}",
                at.0, at.1, expected.0, expected.1
            ));
        }
    };
    for (index, slice) in file.games.iter().enumerate().step_by(step.max(1)) {
        let start = slice.range.start;
        let report = file.audit(index, &options);
        check(format!("game {index}"), start, (report.line, report.column));
        // Problems met while splitting carry their own offset in the file's text, and
        // the game's findings take their places.
        for p in &slice.problems {
            check(
                format!("game {index} split problem ({})", p.message),
                p.offset,
                (p.at.line, p.at.column),
            );
        }
        for f in &report.findings {
            let place = (f.line, f.column);
            let split = slice.problems.iter().any(|p| {
                f.code.as_str() == "parse-error"
                    && p.message == f.message
                    && (p.at.line, p.at.column) == place
            });
            if !split {
                check(
                    format!("game {index} {} ({})", f.code.as_str(), f.message),
                    start + f.offset,
                    place,
                );
            }
        }
    }
    (wrong, checked)
}

/// The line-end conventions a text is rewritten in.
const CONVENTIONS: [&str; 6] = ["\n", "\r\n", "\r", "\n\r", "\r\n\r\n", "mixed"];

/// `text` with each of its line ends (`\r\n`, `\n\r`, `\n`, `\r`, as a reader of old
/// files would take them) written as `convention`; `mixed` picks one at random each time.
fn with_line_ends(text: &[u8], convention: &str, rng: &mut Rng) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + text.len() / 8);
    let mut i = 0;
    while i < text.len() {
        let b = text[i];
        if b != b'\n' && b != b'\r' {
            out.push(b);
            i += 1;
            continue;
        }
        let pair = text
            .get(i + 1)
            .is_some_and(|&n| (n == b'\n' || n == b'\r') && n != b);
        i += if pair { 2 } else { 1 };
        let end = match convention {
            "mixed" => rng.pick(&["\n", "\r\n", "\r", "\n\r", "\r\n\r\n", "\n\n"]),
            other => other,
        };
        out.extend_from_slice(end.as_bytes());
    }
    out
}

/// Whether bytes are UTF-16 or UTF-32 (NUL bytes, or a byte-order mark of either): line
/// ends cannot be rewritten byte by byte there.
fn is_wide(bytes: &[u8]) -> bool {
    bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) || bytes.contains(&0)
}

/// Checks every file as it is; every `rewrite_every`th file (and every file when it is 1)
/// also in every other line-end convention; in files of more than `big_games` games, every
/// `step`th game only.
fn check_folder(folder: &Path, rewrite_every: usize, big_games: usize, step: usize) -> usize {
    let mut rng = Rng::new(7);
    let (mut wrong, mut checked) = (Vec::new(), 0);
    let files = common::sgf_files(folder);
    assert!(!files.is_empty(), "{} holds SGF files", folder.display());
    for (n, path) in files.iter().enumerate() {
        let bytes = std::fs::read(path).unwrap();
        let name = path.display().to_string();
        let games = LoadedFile::new(name.clone(), Bytes::Owned(bytes.clone()))
            .games
            .len();
        let step = if games > big_games { step } else { 1 };
        let mut variants = vec![(name.clone(), bytes.clone())];
        if n % rewrite_every == 0 && !is_wide(&bytes) {
            for convention in CONVENTIONS {
                let rewritten = with_line_ends(&bytes, convention, &mut rng);
                variants.push((format!("{name} ({convention:?})"), rewritten));
            }
        }
        for (name, bytes) in variants {
            let (w, c) = misplaced(&name, bytes, None, step);
            wrong.extend(w);
            checked += c;
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {checked} places differ from the count, the first:\n{}",
        wrong.len(),
        wrong[..wrong.len().min(20)].join("\n")
    );
    checked
}

#[test]
fn the_projects_corpus_in_every_line_end_convention() {
    let checked = check_folder(&common::root().join("corpus"), 1, 1000, 1);
    assert!(checked > 1000, "{checked} places checked");
}

#[test]
fn real_games_and_problem_trees_and_a_sample_in_every_convention() {
    let Some(shared) = common::shared_corpus() else {
        return;
    };
    // Every real game and tree as it is; one file in 10 (trees: every one) rewritten.
    let real = check_folder(&shared.join("real"), 10, 1000, 1);
    let trees = check_folder(&shared.join("trees"), 1, 1000, 1);
    assert!(
        real > 10_000 && trees > 1000,
        "{real} and {trees} places checked"
    );
}

#[test]
fn tygem_collections_one_game_in_two_hundred() {
    let Some(shared) = common::shared_corpus() else {
        return;
    };
    // Three collections of tens of thousands of games: one game in 200 of each, as
    // written and in every line-end convention.
    let checked = check_folder(&shared.join("tygem"), 1, 1000, 200);
    assert!(checked > 1000, "{checked} places checked");
}

/// A file of a few games written with `rng`: moves (some on occupied points), comments
/// in several scripts with blank lines, a property no reader knows, text between trees,
/// an unclosed value at the end; every line end written as `convention`.
fn generated(rng: &mut Rng, convention: &str) -> String {
    let words = [
        "黑棋",
        "Lee Sedol",
        "이세돌",
        "ÄÖü",
        "囲碁の手",
        "a\nb",
        "\n\n",
        "x\r\ny",
    ];
    let mut text = String::new();
    if rng.chance(30) {
        text.push_str("junk before (the) games\n");
    }
    for _ in 0..1 + rng.below(3) {
        text.push_str("(;GM[1]FF[4]SZ[9]");
        if rng.chance(50) {
            text.push_str(&format!("C[{}]", rng.pick(&words)));
        }
        text.push('\n');
        let mut color = 'B';
        for _ in 0..rng.below(30) {
            let point = format!(
                "{}{}",
                rng.pick(&['a', 'b', 'c', 'd']),
                rng.pick(&['a', 'b', 'c'])
            );
            text.push_str(&format!(";{color}[{point}]"));
            if rng.chance(15) {
                text.push_str(&format!("C[{}]", rng.pick(&words)));
            }
            if rng.chance(5) {
                text.push_str("XY[1]");
            }
            if rng.chance(5) {
                text.push_str(&format!("(;{color}[ee]XY[{}])", rng.pick(&words)));
            }
            if rng.chance(20) {
                text.push_str(rng.pick(&["\n", "\n\n", " ", "\t"]));
            }
            color = if color == 'B' { 'W' } else { 'B' };
        }
        text.push_str(")\n");
        if rng.chance(20) {
            text.push_str("between\n\n");
        }
    }
    if rng.chance(10) {
        text.push_str("(;GM[1]C[open\n");
    }
    String::from_utf8(with_line_ends(text.as_bytes(), convention, rng)).unwrap()
}

/// `text` as the bytes of a file: UTF-8 with or without a byte-order mark, or UTF-16 with
/// one (little- or big-endian).
fn encoded(text: &str, form: usize) -> Vec<u8> {
    let utf16 = |bom: [u8; 2], each: fn(u16) -> [u8; 2]| {
        let mut out = bom.to_vec();
        out.extend(text.encode_utf16().flat_map(each));
        out
    };
    match form {
        0 => text.as_bytes().to_vec(),
        1 => [&[0xEF, 0xBB, 0xBF][..], text.as_bytes()].concat(),
        2 => utf16([0xFF, 0xFE], u16::to_le_bytes),
        _ => utf16([0xFE, 0xFF], u16::to_be_bytes),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    /// Generated files in every line-end convention and encoding: every place is the
    /// count's, in the text as written (a byte-order mark is no character of it).
    #[test]
    fn generated_texts_in_every_convention_and_encoding(
        seed in any::<u64>(),
        convention in 0..CONVENTIONS.len(),
        form in 0usize..4,
    ) {
        let mut rng = Rng::new(seed);
        let text = generated(&mut rng, CONVENTIONS[convention]);
        let (wrong, _) = misplaced("generated.sgf", encoded(&text, form), Some(&text), 1);
        prop_assert!(wrong.is_empty(), "{text:?}:\n{}", wrong.join("\n"));
    }
}

/// The example of a blank line in a CRLF file: the second move is on line 3, column 10,
/// as in the same text with LF line ends, in every format.
#[test]
fn a_blank_line_in_a_crlf_file_in_every_format() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x.sgf");
    std::fs::write(&path, "(;GM[1]SZ[9]C[a\r\n\r\nb];B[cc];W[cc])").unwrap();
    let file = common::arg(&path);
    let expected: [(&str, &str); 9] = [
        ("table", "x.sgf:3:10:"),
        ("jsonl", r#""line":3,"column":10"#),
        ("findings-csv", ",3,10,"),
        ("github", "line=3,col=10"),
        ("gitlab", r#""begin":3"#),
        ("sarif", r#""startLine":3,"startColumn":10"#),
        ("junit", "line 3, column 10"),
        ("html", "C7, 3:10"),
        ("concise", "x.sgf:3:10:"),
    ];
    for (format, shown) in expected {
        let out = common::sgfaudit(&["audit", "--format", format, "--color", "never", &file]);
        let stdout = String::from_utf8_lossy(&out.stdout);
        // The output's end holds the finding (SARIF and HTML begin with their rules and style).
        let end: String = stdout
            .chars()
            .rev()
            .take(3000)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        assert!(
            stdout.contains(shown),
            "--format {format}: no {shown:?} in\n…{end}"
        );
    }
}
