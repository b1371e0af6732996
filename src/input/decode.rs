//! Text encodings: every file becomes UTF-8 before it is split, whatever `CA[]` says.
//!
//! Splitting must happen on decoded text: in Shift_JIS, Big5 and GBK the second byte of
//! a character can be `]` or `\`, which a byte splitter would take for SGF syntax.

use rayon::prelude::*;
/// How the encoding of a file was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EncodingFrom {
    /// Valid UTF-8 (with or without a byte-order mark, with or without `CA[UTF-8]`).
    Utf8,
    /// The `CA[]` property, and the bytes decode without error.
    Declared,
    /// Detected from the bytes (`CA[]` missing or wrong).
    Detected,
    /// Nothing fits: read as UTF-8 with the broken bytes replaced by U+FFFD.
    Lossy,
}

/// The outcome of decoding a file.
#[derive(Debug)]
pub struct Decoded {
    /// The UTF-8 text when it had to be made; `None` when the input bytes from `start`
    /// on are already valid UTF-8 and can be used in place.
    pub text: Option<String>,
    /// Bytes to skip at the start of the input (a UTF-8 byte-order mark).
    pub start: usize,
    /// The encoding used, by its WHATWG name (`UTF-8`, `GBK`, `Shift_JIS`, …).
    pub encoding: &'static str,
    pub from: EncodingFrom,
    /// The `CA[]` value as written, if any.
    pub declared: Option<String>,
    /// What was wrong, for a `bad-encoding` finding.
    pub problem: Option<String>,
}

/// Finds the first `CA[...]` value in the raw bytes (ASCII, so a byte search is safe).
pub fn declared_charset(bytes: &[u8]) -> Option<String> {
    let finder = memchr::memmem::Finder::new(b"CA[");
    for at in finder.find_iter(bytes) {
        // Must be a property name on its own, not the end of e.g. `RCA[`.
        if at > 0 && bytes[at - 1].is_ascii_uppercase() {
            continue;
        }
        let rest = &bytes[at + 3..];
        let end = memchr::memchr(b']', rest)?;
        let label = &rest[..end];
        if label.len() > 40 {
            return None;
        }
        return Some(String::from_utf8_lossy(label).trim().to_string());
    }
    None
}

/// Decodes a file's bytes to UTF-8 (see the module docs for why this comes first).
pub fn decode(bytes: &[u8]) -> Decoded {
    let declared = declared_charset(bytes);
    let declared_encoding = declared
        .as_deref()
        .and_then(|l| encoding_rs::Encoding::for_label(l.as_bytes()));

    if let Some((encoding, bom_len)) = encoding_rs::Encoding::for_bom(bytes) {
        if encoding == encoding_rs::UTF_8 {
            if is_utf8(&bytes[bom_len..]) {
                return utf8_in_place(bom_len, declared, declared_encoding);
            }
        } else {
            let (text, _, had_errors) = encoding.decode(bytes);
            return Decoded {
                text: Some(text.into_owned()),
                start: 0,
                encoding: encoding.name(),
                from: EncodingFrom::Detected,
                declared,
                problem: had_errors.then(|| format!("invalid {} bytes replaced", encoding.name())),
            };
        }
    }

    if is_utf8(bytes) {
        return utf8_in_place(0, declared, declared_encoding);
    }

    // Not UTF-8. Try what the file declares first.
    if let Some(enc) = declared_encoding.filter(|e| *e != encoding_rs::UTF_8) {
        if let Some(text) = enc.decode_without_bom_handling_and_without_replacement(bytes) {
            return Decoded {
                text: Some(text.into_owned()),
                start: 0,
                encoding: enc.name(),
                from: EncodingFrom::Declared,
                declared,
                problem: None,
            };
        }
    }

    let declared_note = match &declared {
        Some(l) => format!("CA[{l}] does not fit the bytes"),
        None => "no CA[] and the bytes are not UTF-8".to_string(),
    };

    // Damaged UTF-8 (multi-byte characters with some bytes lost) is far more common in
    // archives than a legacy encoding that happens to look like UTF-8: keep it UTF-8.
    let (valid_multibyte, invalid) = utf8_census(bytes);
    if valid_multibyte > 0 && valid_multibyte >= invalid {
        let text = String::from_utf8_lossy(bytes).into_owned();
        return Decoded {
            text: Some(text),
            start: 0,
            encoding: "UTF-8",
            from: EncodingFrom::Lossy,
            declared,
            problem: Some(format!(
                "{declared_note}; read as damaged UTF-8 ({invalid} invalid byte sequences replaced)"
            )),
        };
    }

    let mut detector = chardetng::EncodingDetector::new();
    detector.feed(bytes, true);
    let guess = detector.guess(None, true);
    if let Some(text) = guess.decode_without_bom_handling_and_without_replacement(bytes) {
        // A missing CA[] with legacy bytes is ordinary; a wrong one is worth a warning.
        let problem = declared
            .as_ref()
            .map(|l| format!("CA[{l}] does not fit the bytes; detected {}", guess.name()));
        return Decoded {
            text: Some(text.into_owned()),
            start: 0,
            encoding: guess.name(),
            from: EncodingFrom::Detected,
            declared,
            problem,
        };
    }

    let text = String::from_utf8_lossy(bytes).into_owned();
    Decoded {
        text: Some(text),
        start: 0,
        encoding: "UTF-8",
        from: EncodingFrom::Lossy,
        declared,
        problem: Some(format!(
            "{declared_note}; no encoding fits, invalid bytes replaced"
        )),
    }
}

/// Pieces of a big text checked at once: the check of a collection of hundreds of
/// megabytes (and the first reading of its mapped pages) is shared by the workers of the
/// current rayon pool instead of holding them up at the start of each file.
const UTF8_PIECE: usize = 1 << 20;

/// True when the bytes are UTF-8.
fn is_utf8(bytes: &[u8]) -> bool {
    if bytes.len() <= UTF8_PIECE {
        return std::str::from_utf8(bytes).is_ok();
    }
    // Cut at ASCII bytes only: a text is UTF-8 when each piece between such cuts is.
    let mut cuts = vec![0];
    let mut at = UTF8_PIECE;
    while at < bytes.len() {
        match bytes[at..].iter().position(u8::is_ascii) {
            Some(offset) => cuts.push(at + offset),
            None => break,
        }
        at = cuts[cuts.len() - 1] + UTF8_PIECE;
    }
    cuts.push(bytes.len());
    cuts.par_windows(2)
        .all(|w| std::str::from_utf8(&bytes[w[0]..w[1]]).is_ok())
}

fn utf8_in_place(
    start: usize,
    declared: Option<String>,
    declared_encoding: Option<&'static encoding_rs::Encoding>,
) -> Decoded {
    Decoded {
        text: None,
        start,
        encoding: "UTF-8",
        from: EncodingFrom::Utf8,
        problem: declared_encoding
            .filter(|e| *e != encoding_rs::UTF_8 && !is_ascii_compatible_label(e))
            .map(|e| {
                format!(
                    "CA[{}] declared, but the text is UTF-8; read as UTF-8",
                    e.name()
                )
            }),
        declared,
    }
}

/// Single-byte encodings whose ASCII text is also UTF-8: declaring one of them on a
/// pure-ASCII or UTF-8 file is common and harmless.
fn is_ascii_compatible_label(e: &&'static encoding_rs::Encoding) -> bool {
    e.is_single_byte()
}

/// Counts well-formed multi-byte UTF-8 sequences and invalid byte runs.
fn utf8_census(bytes: &[u8]) -> (usize, usize) {
    let mut valid_multibyte = 0;
    let mut invalid = 0;
    for chunk in bytes.utf8_chunks() {
        valid_multibyte += chunk.valid().chars().filter(|c| c.len_utf8() > 1).count();
        if !chunk.invalid().is_empty() {
            invalid += 1;
        }
    }
    (valid_multibyte, invalid)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text_of(bytes: &[u8]) -> (String, Decoded) {
        let d = decode(bytes);
        let t = match &d.text {
            Some(t) => t.clone(),
            None => String::from_utf8(bytes[d.start..].to_vec()).unwrap(),
        };
        (t, d)
    }

    #[test]
    fn utf8_is_used_in_place() {
        let (t, d) = text_of("(;CA[UTF-8]PB[黑])".as_bytes());
        assert_eq!(t, "(;CA[UTF-8]PB[黑])");
        assert!(d.text.is_none());
        assert_eq!(d.from, EncodingFrom::Utf8);
        assert!(d.problem.is_none());
    }

    #[test]
    fn bom_is_skipped() {
        let mut b = vec![0xEF, 0xBB, 0xBF];
        b.extend_from_slice(b"(;B[aa])");
        let d = decode(&b);
        assert_eq!(d.start, 3);
        assert!(d.problem.is_none());
    }

    #[test]
    fn declared_gb2312_is_honoured() {
        let (bytes, _, _) = encoding_rs::GBK.encode("(;CA[gb2312]PB[黑棋手])");
        let (t, d) = text_of(&bytes);
        assert_eq!(t, "(;CA[gb2312]PB[黑棋手])");
        assert_eq!(d.from, EncodingFrom::Declared);
        assert!(d.problem.is_none());
    }

    #[test]
    fn shift_jis_trail_byte_that_looks_like_a_backslash() {
        // 表 is 0x95 0x5C in Shift_JIS: the second byte is '\'.
        let (bytes, _, _) = encoding_rs::SHIFT_JIS.encode("(;CA[Shift_JIS]PB[表])");
        assert!(bytes.contains(&b'\\'));
        let (t, _) = text_of(&bytes);
        assert_eq!(t, "(;CA[Shift_JIS]PB[表])");
    }

    #[test]
    fn wrong_declaration_is_detected_and_reported() {
        let (bytes, _, _) =
            encoding_rs::GBK.encode("(;CA[UTF-8]PB[中国围棋协会]PW[黑白双方的棋手])");
        let (t, d) = text_of(&bytes);
        assert_eq!(t, "(;CA[UTF-8]PB[中国围棋协会]PW[黑白双方的棋手])");
        assert_eq!(d.from, EncodingFrom::Detected);
        assert!(d.problem.is_some());
    }

    #[test]
    fn big_texts_are_checked_in_pieces_cut_between_characters() {
        // Three-byte characters over several pieces, so that a cut in the middle of one
        // would be taken for an error.
        let text = "棋".repeat(UTF8_PIECE + 7) + "(;B[aa])";
        assert!(is_utf8(text.as_bytes()));
        let mut broken = text.clone().into_bytes();
        let last = broken.len() - 20;
        broken[last] = 0xFF;
        assert!(!is_utf8(&broken), "an error in the last piece is seen");
        let mut no_ascii = "棋".repeat(UTF8_PIECE).into_bytes();
        no_ascii.push(0xE6);
        assert!(
            !is_utf8(&no_ascii),
            "a truncated character at the very end is seen"
        );
    }

    #[test]
    fn damaged_utf8_stays_utf8_with_a_warning() {
        let mut b = "(;PB[柯洁]PW[".as_bytes().to_vec();
        b.extend_from_slice(&[0xE6, 0x9F, b'?']); // a character with its last byte lost
        b.extend_from_slice("]C[围棋])".as_bytes());
        let (t, d) = text_of(&b);
        assert_eq!(d.from, EncodingFrom::Lossy);
        assert!(t.contains("]C[围棋])"));
        assert!(d.problem.is_some());
    }
}
