//! How a path is written in every report (JSON Lines, CSV, table, SARIF, GitLab, GitHub,
//! JUnit, HTML, stderr): its bytes as UTF-8 text, kept exactly, never merged or rewritten.
//!
//! A file name is bytes, not text: it can hold bytes that are not UTF-8, control
//! characters (a newline, ESC) and bidi marks. Those are written as escapes, one `\xNN`
//! (two lowercase hex digits) per byte: a byte that is not part of well-formed UTF-8, and
//! every byte of a control character (U+0000–U+001F, U+007F–U+009F) or of a bidi mark (the
//! characters the table never prints raw). A `\` of the name is written `\\` where it
//! could be read as the start of an escape: when the next character written is `\` or `x`.
//! Every other character is written as itself, so an ordinary path is unchanged, and the
//! mapping is one-to-one: [`text_bytes`] gives the bytes back, so two files never share a
//! name in a report (nor a fingerprint).

use std::path::Path;

/// True for characters that can move the cursor, change colours, or reorder text: control
/// characters and bidi marks (never printed raw, in a path or in a table).
pub(crate) fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{200E}' | '\u{200F}' | '\u{061C}' |
            '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// One piece of a name: a character written as itself, or a byte written `\xNN`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Unit {
    Char(char),
    Byte(u8),
}

/// The path as reports write it (see the module's documentation).
pub fn path_text(path: &Path) -> String {
    bytes_text(path.as_os_str().as_encoded_bytes())
}

/// Bytes of a name (a path, an archive member's name) as reports write them.
pub fn bytes_text(bytes: &[u8]) -> String {
    if let Ok(s) = std::str::from_utf8(bytes) {
        if !s.contains('\\') && !s.chars().any(is_unsafe) {
            return s.to_string();
        }
    }
    let units = units(bytes);
    let mut out = String::with_capacity(bytes.len() + 8);
    for (i, unit) in units.iter().enumerate() {
        match *unit {
            Unit::Byte(b) => out.push_str(&format!("\\x{b:02x}")),
            Unit::Char('\\') => {
                let next = units.get(i + 1);
                let escape_follows = matches!(
                    next,
                    Some(Unit::Byte(_) | Unit::Char('\\') | Unit::Char('x'))
                );
                out.push_str(if escape_follows { "\\\\" } else { "\\" });
            }
            Unit::Char(c) => out.push(c),
        }
    }
    out
}

/// The bytes as characters written as themselves and bytes to escape.
fn units(bytes: &[u8]) -> Vec<Unit> {
    let mut units = Vec::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            if is_unsafe(c) {
                let mut buf = [0; 4];
                units.extend(c.encode_utf8(&mut buf).bytes().map(Unit::Byte));
            } else {
                units.push(Unit::Char(c));
            }
        }
        units.extend(chunk.invalid().iter().copied().map(Unit::Byte));
    }
    units
}

/// The bytes of a name written by [`bytes_text`]: `\xNN` is the byte NN, `\\` is `\`, any
/// other `\` is itself.
pub fn text_bytes(text: &str) -> Vec<u8> {
    let s = text.as_bytes();
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'\\' {
            if s.get(i + 1) == Some(&b'\\') {
                out.push(b'\\');
                i += 2;
                continue;
            }
            let hex = s
                .get(i + 2..i + 4)
                .and_then(|h| std::str::from_utf8(h).ok());
            let byte = hex.and_then(|h| u8::from_str_radix(h, 16).ok());
            if let (Some(b'x'), Some(byte)) = (s.get(i + 1), byte) {
                out.push(byte);
                i += 4;
                continue;
            }
        }
        out.push(s[i]);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinary_names_are_unchanged() {
        for name in [
            "games/a b.sgf",
            "围棋/第1局.sgf",
            "C:\\games\\a.sgf",
            "a\\b",
            "-",
        ] {
            assert_eq!(bytes_text(name.as_bytes()), name);
        }
    }

    #[test]
    fn bad_bytes_controls_and_bidi_marks_are_escaped() {
        assert_eq!(bytes_text(b"a\xffb.sgf"), "a\\xffb.sgf");
        assert_eq!(bytes_text(b"a\xfeb.sgf"), "a\\xfeb.sgf");
        assert_eq!(bytes_text(b"l1\nl2\x1b[2J\x07"), "l1\\x0al2\\x1b[2J\\x07");
        assert_eq!(bytes_text("x\u{202E}y".as_bytes()), "x\\xe2\\x80\\xaey");
        // A `\` is doubled only where it could start an escape.
        assert_eq!(bytes_text(b"a\\xff"), "a\\\\xff");
        assert_eq!(bytes_text(b"a\\\xff"), "a\\\\\\xff");
        assert_eq!(bytes_text(b"a\\\\"), "a\\\\\\");
    }

    #[test]
    fn the_mapping_is_one_to_one() {
        let names: [&[u8]; 12] = [
            b"a\xffb",
            b"a\\xffb",
            b"a\\\\xffb",
            b"a\\\xffb",
            b"\\",
            b"\\\\",
            b"\\\\\\x",
            b"x\\",
            b"\\x4",
            b"\n\r\t\x7f",
            b"\xc2\x85\xe2\x80\xae",
            b"\xed\xa0\x80 end \\",
        ];
        let mut seen = std::collections::HashSet::new();
        for name in names {
            let text = bytes_text(name);
            assert_eq!(text_bytes(&text), name, "{text}");
            assert!(seen.insert(text.clone()), "{text} twice");
            assert!(!text.chars().any(is_unsafe), "{text}");
        }
    }

    #[test]
    fn every_short_name_round_trips() {
        let alphabet: [u8; 6] = [b'\\', b'x', b'f', 0xff, b'\n', b'a'];
        for len in 0..=5u32 {
            for mut n in 0..6usize.pow(len) {
                let mut name = Vec::new();
                for _ in 0..len {
                    name.push(alphabet[n % 6]);
                    n /= 6;
                }
                assert_eq!(text_bytes(&bytes_text(&name)), name, "{name:?}");
            }
        }
    }
}
