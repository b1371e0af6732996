//! Text encodings: every file becomes UTF-8 before it is split, whatever `CA[]` says.
//!
//! Splitting must happen on decoded text: in Shift_JIS, Big5 and GBK the second byte of
//! a character can be `]` or `\`, which a byte splitter would take for SGF syntax. In a
//! collection whose games declare different `CA[]`, the file is cut before each game whose
//! `CA[]` changes (at its `(;`, bytes no legacy encoding uses inside a character) and each
//! part is decoded by its own label.

use rayon::prelude::*;
/// How the encoding of a file was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EncodingFrom {
    /// Valid UTF-8 (with or without a byte-order mark, with or without `CA[UTF-8]`).
    Utf8,
    /// A byte-order mark, or the `CA[]` property and the bytes decode without error.
    Declared,
    /// Detected from the bytes (`CA[]` missing or wrong).
    Detected,
    /// Nothing fits: read as UTF-8 with the broken bytes replaced by U+FFFD.
    Lossy,
}

/// A stretch of a file's text decoded with one encoding: the whole file, or, in a
/// collection whose games declare different `CA[]`, the games from one `CA[]` on.
#[derive(Debug)]
pub struct Part {
    /// Where the part starts in the decoded text (the `(` of its first game).
    pub start: usize,
    /// The encoding used, by its WHATWG name (`UTF-8`, `GBK`, `Shift_JIS`, …).
    pub encoding: &'static str,
    pub from: EncodingFrom,
    /// The `CA[]` value as written, if any.
    pub declared: Option<String>,
    /// What was wrong, for a `bad-encoding` finding on the part's first game.
    pub problem: Option<String>,
}

/// The outcome of decoding a file.
#[derive(Debug)]
pub struct Decoded {
    /// The UTF-8 text when it had to be made; `None` when the input bytes from `start`
    /// on are already valid UTF-8 and can be used in place.
    pub text: Option<String>,
    /// Bytes to skip at the start of the input (a UTF-8 byte-order mark).
    pub start: usize,
    /// At least one part; the first starts at 0, the others in the order of the text.
    pub parts: Vec<Part>,
}

impl Decoded {
    /// The part that holds `offset` of the decoded text.
    pub(crate) fn part_at(&self, offset: usize) -> &Part {
        let after = self.parts.partition_point(|p| p.start <= offset);
        &self.parts[after.saturating_sub(1)]
    }

    fn whole(text: Option<String>, start: usize, part: Part) -> Decoded {
        Decoded {
            text,
            start,
            parts: vec![part],
        }
    }
}

/// Every `CA[...]` value in the raw bytes, with the offset of its `C` (ASCII, so a byte
/// search is safe).
pub(crate) fn declared_charsets(bytes: &[u8]) -> impl Iterator<Item = (usize, String)> + '_ {
    memchr::memmem::find_iter(bytes, b"CA[").filter_map(move |at| {
        // Must be a property name on its own, not the end of e.g. `RCA[`.
        if at > 0 && bytes[at - 1].is_ascii_alphabetic() {
            return None;
        }
        let rest = &bytes[at + 3..];
        let end = memchr::memchr(b']', &rest[..rest.len().min(64)])?;
        Some((at, String::from_utf8_lossy(&rest[..end]).trim().to_string()))
    })
}

/// The encoding a `CA[]` label names: the WHATWG labels, and the spellings SGF files use
/// besides (`latin-1`, `iso_8859_1`, `cp936`, `EUC-CN`, `cp932`, `cp949`, `UHC`, …).
pub(crate) fn charset(label: &str) -> Option<&'static encoding_rs::Encoding> {
    let label = label.trim();
    if let Some(e) = encoding_rs::Encoding::for_label(label.as_bytes()) {
        return Some(e);
    }
    let key: String = label
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let name = match key.as_str() {
        "latin1" | "iso88591" | "l1" => "windows-1252".to_string(),
        "utf8" => "utf-8".to_string(),
        "cp936" | "ms936" | "euccn" | "gb2312" | "gbk" | "gb231280" => "gbk".to_string(),
        "gb18030" => "gb18030".to_string(),
        "cp932" | "ms932" | "shiftjis" | "sjis" | "windows31j" | "mskanji" => {
            "shift_jis".to_string()
        }
        "cp949" | "ms949" | "uhc" | "euckr" | "ksc5601" | "ksc56011987" => "euc-kr".to_string(),
        "cp950" | "ms950" | "big5" | "big5hkscs" => "big5".to_string(),
        "eucjp" => "euc-jp".to_string(),
        _ => {
            if let Some(n) = key
                .strip_prefix("cp")
                .or_else(|| key.strip_prefix("windows"))
            {
                format!("windows-{n}")
            } else if let Some(n) = key.strip_prefix("iso8859") {
                format!("iso-8859-{n}")
            } else {
                return None;
            }
        }
    };
    encoding_rs::Encoding::for_label(name.as_bytes())
}

/// Decodes a file's bytes to UTF-8 (see the module docs for why this comes first).
pub fn decode(bytes: &[u8]) -> Decoded {
    if let Some(decoded) = decode_wide(bytes) {
        return decoded;
    }
    let same_charset =
        |a: &str, b: &str| a == b || charset(a) == charset(b) && a.is_empty() == b.is_empty();
    let first = declared_charsets(bytes).next().map(|(_, l)| l);
    let mixed = first
        .as_deref()
        .is_some_and(|f| declared_charsets(bytes).any(|(_, l)| !same_charset(f, &l)));
    if !mixed {
        let (text, start, part) = decode_part(bytes, 0, first);
        return Decoded::whole(text.map(|t| t.into_owned()), start, part);
    }
    // Games that declare different encodings: each from its `CA[]` on is decoded by it.
    let mut labels = declared_charsets(bytes);
    let mut cuts = vec![(0, labels.next().map(|(_, l)| l).unwrap_or_default())];
    for (at, label) in labels {
        let last = cuts.len() - 1;
        if same_charset(&cuts[last].1, &label) {
            continue;
        }
        let cut = game_start_before(bytes, at).max(cuts[last].0);
        if cut == cuts[last].0 {
            cuts[last].1 = label;
        } else {
            cuts.push((cut, label));
        }
    }
    let mut text = String::with_capacity(bytes.len() + bytes.len() / 2);
    let mut parts = Vec::with_capacity(cuts.len());
    let mut start = 0;
    let mut in_place = true;
    for (i, (cut, label)) in cuts.iter().enumerate() {
        let end = cuts.get(i + 1).map_or(bytes.len(), |c| c.0);
        let (decoded, bom, mut part) = decode_part(&bytes[*cut..end], *cut, Some(label.clone()));
        if i == 0 {
            start = bom;
        }
        in_place &= decoded.is_none();
        part.start = text.len();
        match decoded {
            Some(t) => text.push_str(&t),
            // Checked UTF-8 by `decode_part`.
            None => text.push_str(std::str::from_utf8(&bytes[*cut + bom..end]).unwrap_or("")),
        }
        parts.push(part);
    }
    if in_place {
        // Every part was UTF-8: use the bytes in place after all.
        return Decoded {
            text: None,
            start,
            parts,
        };
    }
    Decoded {
        text: Some(text),
        start: 0,
        parts,
    }
}

/// Where the game tree that holds offset `at` starts: the last `(` followed by `;`
/// (blanks between allowed) before it. Neither byte is ever the trail byte of a
/// character in the legacy CJK encodings, so the search is safe on raw bytes.
fn game_start_before(bytes: &[u8], at: usize) -> usize {
    let mut end = at;
    while let Some(open) = memchr::memrchr(b'(', &bytes[..end]) {
        let after = bytes[open + 1..at]
            .iter()
            .position(|b| !b.is_ascii_whitespace());
        if after.is_some_and(|i| bytes[open + 1 + i] == b';') {
            return open;
        }
        end = open;
    }
    0
}

/// Text in UTF-16 or UTF-32, with a byte-order mark or recognised by its NUL bytes:
/// never read as an 8-bit encoding.
fn decode_wide(bytes: &[u8]) -> Option<Decoded> {
    let utf32 = |big: bool, skip: usize, from: EncodingFrom| {
        let (text, errors) = decode_utf32(&bytes[skip..], big);
        let name = if big { "UTF-32BE" } else { "UTF-32LE" };
        wide(text, name, from, errors)
    };
    match bytes {
        [0xFF, 0xFE, 0, 0, ..] => return Some(utf32(false, 4, EncodingFrom::Declared)),
        [0, 0, 0xFE, 0xFF, ..] => return Some(utf32(true, 4, EncodingFrom::Declared)),
        _ => {}
    }
    if let Some((encoding, _)) = encoding_rs::Encoding::for_bom(bytes) {
        if encoding == encoding_rs::UTF_8 {
            return None;
        }
        let (text, _, errors) = encoding.decode(bytes);
        return Some(wide(
            text.into_owned(),
            encoding.name(),
            EncodingFrom::Declared,
            errors,
        ));
    }
    // SGF is mostly ASCII: in UTF-16 every other byte is NUL, in UTF-32 three in four.
    let sample = &bytes[..bytes.len().min(1 << 16)];
    let mut nuls = [0usize; 4];
    for (i, &b) in sample.iter().enumerate() {
        nuls[i % 4] += (b == 0) as usize;
    }
    let quarter = sample.len() / 4;
    if quarter < 2 {
        return None;
    }
    let many = |n: usize| n * 2 > quarter;
    let few = |n: usize| n * 20 < quarter;
    let detected = EncodingFrom::Detected;
    match nuls.map(|n| (many(n), few(n))) {
        [(_, true), (true, _), (true, _), (true, _)] => Some(utf32(false, 0, detected)),
        [(true, _), (true, _), (true, _), (_, true)] => Some(utf32(true, 0, detected)),
        [(_, true), (true, _), (_, true), (true, _)] => {
            let (text, errors) = encoding_rs::UTF_16LE.decode_without_bom_handling(bytes);
            Some(wide(text.into_owned(), "UTF-16LE", detected, errors))
        }
        [(true, _), (_, true), (true, _), (_, true)] => {
            let (text, errors) = encoding_rs::UTF_16BE.decode_without_bom_handling(bytes);
            Some(wide(text.into_owned(), "UTF-16BE", detected, errors))
        }
        _ => None,
    }
}

fn wide(text: String, name: &'static str, from: EncodingFrom, errors: bool) -> Decoded {
    let problem = errors.then(|| format!("invalid {name} bytes replaced"));
    Decoded::whole(
        Some(text),
        0,
        Part {
            start: 0,
            encoding: name,
            from,
            declared: None,
            problem,
        },
    )
}

/// UTF-32 (which `encoding_rs` does not decode): one code point per four bytes.
fn decode_utf32(bytes: &[u8], big_endian: bool) -> (String, bool) {
    let mut text = String::with_capacity(bytes.len() / 4);
    let mut errors = !bytes.len().is_multiple_of(4);
    for unit in bytes.chunks_exact(4) {
        let unit = [unit[0], unit[1], unit[2], unit[3]];
        let value = if big_endian {
            u32::from_be_bytes(unit)
        } else {
            u32::from_le_bytes(unit)
        };
        match char::from_u32(value) {
            Some(c) => text.push(c),
            None => {
                text.push(char::REPLACEMENT_CHARACTER);
                errors = true;
            }
        }
    }
    (text, errors)
}

/// A part's `CA[]` label and what sgfaudit makes of it.
struct Label {
    /// The `CA[]` value as written, if any.
    declared: Option<String>,
    /// The encoding the label names, when sgfaudit knows it.
    encoding: Option<&'static encoding_rs::Encoding>,
    /// Why a label names no encoding sgfaudit knows (it is empty, or unknown).
    unknown: Option<String>,
}

impl Label {
    /// Reads a part's `CA[]` label (`None`: the part has none).
    fn read(declared: Option<String>) -> Label {
        let encoding = declared.as_deref().and_then(charset);
        let unknown = declared.as_deref().filter(|_| encoding.is_none()).map(|l| {
            if l.is_empty() {
                "CA[] is empty".to_string()
            } else {
                format!("CA[{l}] is not a character set sgfaudit knows")
            }
        });
        Label {
            declared,
            encoding,
            unknown,
        }
    }

    /// The part read as `encoding`, with the reading's `problem`: a label sgfaudit does
    /// not know is a problem of its own, said first.
    fn part(self, encoding: &'static str, from: EncodingFrom, problem: Option<String>) -> Part {
        let problem = match (&self.unknown, problem) {
            (Some(u), Some(p)) => Some(format!("{u}; {p}")),
            (Some(u), None) => Some(format!("{u}; read as {encoding}")),
            (None, p) => p,
        };
        Part {
            start: 0,
            encoding,
            from,
            declared: self.declared,
            problem,
        }
    }

    /// The problem of UTF-8 text under this label. A legacy multi-byte label on UTF-8
    /// text is worth a warning; a single-byte one on ASCII or UTF-8 text is common and
    /// harmless.
    fn problem_on_utf8(&self) -> Option<String> {
        self.encoding
            .filter(|e| *e != encoding_rs::UTF_8 && !e.is_single_byte())
            .map(|e| {
                format!(
                    "CA[{}] declared, but the text is UTF-8; read as UTF-8",
                    e.name()
                )
            })
    }

    /// Why the label did not decode bytes that are not UTF-8: the start of the problem
    /// of a part read some other way.
    fn misfit(&self) -> String {
        match (&self.declared, self.encoding) {
            (Some(l), Some(_)) => format!("CA[{l}] does not fit the bytes"),
            (Some(_), None) => "the bytes are not UTF-8".to_string(),
            (None, _) => "no CA[] and the bytes are not UTF-8".to_string(),
        }
    }
}

/// Decodes the bytes of one part, which starts at `offset` of the file, by its `CA[]`
/// label (or by detection): the text when it had to be made (`None`: the bytes after the
/// returned BOM length are UTF-8), and the part. A UTF-8 byte-order mark at the start of
/// the file is skipped whatever the encoding: no editor shows it, so it is no character
/// of the first line.
fn decode_part(
    bytes: &[u8],
    offset: usize,
    declared: Option<String>,
) -> (Option<std::borrow::Cow<'_, str>>, usize, Part) {
    let label = Label::read(declared);
    let bom = if offset == 0 && bytes.starts_with(b"\xEF\xBB\xBF") {
        3
    } else {
        0
    };
    if is_utf8(&bytes[bom..]) {
        let problem = label.problem_on_utf8();
        return (None, bom, label.part("UTF-8", EncodingFrom::Utf8, problem));
    }
    let bytes = &bytes[bom..];

    // Not UTF-8. Try what the part declares first.
    if let Some(enc) = label.encoding.filter(|e| *e != encoding_rs::UTF_8) {
        if let Some(text) = enc.decode_without_bom_handling_and_without_replacement(bytes) {
            return (
                Some(text),
                bom,
                label.part(enc.name(), EncodingFrom::Declared, None),
            );
        }
    }
    let (text, part) = decode_by_the_bytes(bytes, label);
    (Some(text), bom, part)
}

/// Decodes bytes that are not UTF-8 and that their label (if any) does not fit, by what
/// the bytes look like: damaged UTF-8, else a detected encoding. The part's problem says
/// why the label was not used, when there is one worth a warning.
fn decode_by_the_bytes(bytes: &[u8], label: Label) -> (std::borrow::Cow<'_, str>, Part) {
    let misfit = label.misfit();

    // Damaged UTF-8 (multi-byte characters with some bytes lost) is far more common in
    // archives than a legacy encoding that happens to look like UTF-8: keep it UTF-8.
    let Utf8Census {
        valid_multibyte,
        invalid,
        damaged,
    } = utf8_census(bytes);
    if valid_multibyte > 0 && valid_multibyte >= damaged {
        let text = String::from_utf8_lossy(bytes);
        let problem =
            format!("{misfit}; read as damaged UTF-8 ({invalid} invalid byte sequences replaced)");
        return (
            text,
            label.part("UTF-8", EncodingFrom::Lossy, Some(problem)),
        );
    }

    let (text, guess) = detect_cjk_or_latin1(bytes);
    // A missing CA[] with legacy bytes is ordinary; a wrong one is worth a warning.
    let problem = label
        .encoding
        .is_some()
        .then(|| format!("{misfit}; detected {}", guess.name()));
    (
        text,
        label.part(guess.name(), EncodingFrom::Detected, problem),
    )
}

/// Decodes bytes of no known encoding, and names the one used: a CJK encoding when the
/// detector is confident and the bytes decode cleanly; otherwise Latin-1 (windows-1252),
/// the FF[4] default, which reads any byte.
fn detect_cjk_or_latin1(
    bytes: &[u8],
) -> (std::borrow::Cow<'_, str>, &'static encoding_rs::Encoding) {
    let mut detector = chardetng::EncodingDetector::new();
    detector.feed(bytes, true);
    let (guess, confident) = detector.guess_assess(None, false);
    let cjk = confident && !guess.is_single_byte() && guess != encoding_rs::UTF_8;
    let text = cjk
        .then(|| guess.decode_without_bom_handling_and_without_replacement(bytes))
        .flatten();
    match text {
        Some(text) => (text, guess),
        None => {
            let latin = encoding_rs::WINDOWS_1252;
            (latin.decode_without_bom_handling(bytes).0, latin)
        }
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

/// What the bytes hold as UTF-8.
pub(crate) struct Utf8Census {
    /// Well-formed multi-byte sequences.
    pub valid_multibyte: usize,
    /// Invalid byte sequences: what a lossy reading replaces.
    pub invalid: usize,
    /// Characters those sequences are the remains of. A character whose middle byte
    /// became `?` (`E5 3F 88`, as in Fox records rewritten by GNU Go) is two invalid
    /// sequences around the `?`, but one damaged character: counted twice, it made 12
    /// such records of the shared corpus read as Latin-1. The pattern needs a `?` between
    /// a lone lead byte and a continuation byte, which the legacy CJK encodings do not
    /// make.
    pub damaged: usize,
}

pub(crate) fn utf8_census(bytes: &[u8]) -> Utf8Census {
    let mut census = Utf8Census {
        valid_multibyte: 0,
        invalid: 0,
        damaged: 0,
    };
    let mut after_lone_lead = false;
    for chunk in bytes.utf8_chunks() {
        census.valid_multibyte += chunk.valid().chars().filter(|c| c.len_utf8() > 1).count();
        let bad = chunk.invalid();
        if !bad.is_empty() {
            census.invalid += 1;
            let tail_of_damaged =
                after_lone_lead && chunk.valid() == "?" && (0x80..=0xBF).contains(&bad[0]);
            census.damaged += usize::from(!tail_of_damaged);
        }
        after_lone_lead = matches!(bad, [0xE0..=0xF4]);
    }
    census
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
        assert_eq!(d.parts[0].from, EncodingFrom::Utf8);
        assert!(d.parts[0].problem.is_none());
    }

    #[test]
    fn bom_is_skipped() {
        let mut b = vec![0xEF, 0xBB, 0xBF];
        b.extend_from_slice(b"(;B[aa])");
        let d = decode(&b);
        assert_eq!(d.start, 3);
        assert!(d.parts[0].problem.is_none());
    }

    #[test]
    fn bom_is_skipped_before_text_that_is_not_utf8() {
        let (gbk, _, _) = encoding_rs::GBK.encode("(;CA[GBK]PB[黑])");
        let damaged = b"(;PB[\xE9\xBB\x91\xFF])".to_vec();
        for body in [gbk.into_owned(), damaged] {
            let mut b = vec![0xEF, 0xBB, 0xBF];
            b.extend_from_slice(&body);
            let (t, d) = text_of(&b);
            assert!(t.starts_with("(;"), "{t:?}");
            assert_eq!(d.start, 3);
        }
    }

    #[test]
    fn declared_gb2312_is_honoured() {
        let (bytes, _, _) = encoding_rs::GBK.encode("(;CA[gb2312]PB[黑棋手])");
        let (t, d) = text_of(&bytes);
        assert_eq!(t, "(;CA[gb2312]PB[黑棋手])");
        assert_eq!(d.parts[0].from, EncodingFrom::Declared);
        assert!(d.parts[0].problem.is_none());
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
        assert_eq!(d.parts[0].from, EncodingFrom::Detected);
        assert!(d.parts[0].problem.is_some());
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
    fn labels_people_write() {
        let name = |l: &str| charset(l).map(|e| e.name());
        for (label, want) in [
            ("latin-1", "windows-1252"),
            ("Latin1", "windows-1252"),
            ("iso_8859_1", "windows-1252"),
            ("ISO-8859-1", "windows-1252"),
            ("cp936", "GBK"),
            ("EUC-CN", "GBK"),
            ("GB2312", "GBK"),
            ("GB18030", "gb18030"),
            ("cp932", "Shift_JIS"),
            ("SJIS", "Shift_JIS"),
            ("cp949", "EUC-KR"),
            ("UHC", "EUC-KR"),
            ("cp950", "Big5"),
            ("cp1250", "windows-1250"),
            ("iso_8859_5", "ISO-8859-5"),
            (" utf8 ", "UTF-8"),
        ] {
            assert_eq!(name(label), Some(want), "{label}");
        }
        for unknown in ["", "klingon", "cp99999", "iso8859-99"] {
            assert_eq!(name(unknown), None, "{unknown}");
        }
    }

    #[test]
    fn latin1_is_the_default_for_bytes_that_are_not_cjk() {
        // One pound sign (0xA3) among ASCII: Latin-1, not a Central European guess.
        let (t, d) = text_of(b"(;FF[4]SZ[9]PB[Caf\xe9 \xa3];B[aa])");
        assert_eq!(t, "(;FF[4]SZ[9]PB[Café £];B[aa])");
        assert_eq!(d.parts[0].encoding, "windows-1252");
        assert!(d.parts[0].problem.is_none());
        // Declared under a label people write: no warning either.
        let (t, d) = text_of(b"(;FF[4]CA[iso_8859_1]SZ[9]PB[Caf\xe9];B[aa])");
        assert!(t.contains("PB[Café]"));
        assert!(d.parts[0].problem.is_none());
    }

    #[test]
    fn damaged_utf8_stays_utf8_with_a_warning() {
        let mut b = "(;PB[柯洁]PW[".as_bytes().to_vec();
        b.extend_from_slice(&[0xE6, 0x9F, b'?']); // a character with its last byte lost
        b.extend_from_slice("]C[围棋])".as_bytes());
        let (t, d) = text_of(&b);
        assert_eq!(d.parts[0].from, EncodingFrom::Lossy);
        assert!(t.contains("]C[围棋])"));
        assert!(d.parts[0].problem.is_some());
    }

    #[test]
    fn a_character_whose_middle_byte_became_a_question_mark_is_one_damaged_character() {
        // The players of a Fox record GNU Go rewrote: 张 whole, then two characters
        // whose middle byte became `?`; 潘文 whole, then one more. Five whole characters,
        // three damaged: six invalid sequences, which counted one by one read it as Latin-1.
        let mut b = "(;PB[张".as_bytes().to_vec();
        b.extend_from_slice(&[0xE5, b'?', 0x88, 0xE9, b'?', 0xB5]);
        b.extend_from_slice("]PW[潘文".as_bytes());
        b.extend_from_slice(&[0xE5, b'?', 0x9B]);
        b.extend_from_slice("]BR[6段]WR[P3段];B[aa])".as_bytes());
        let (t, d) = text_of(&b);
        assert_eq!(d.parts[0].from, EncodingFrom::Lossy, "{t}");
        assert!(t.contains("PB[张") && t.contains("BR[6段]"), "{t}");
        // Legacy CJK bytes have no such pattern and are still detected.
        for (encoding, text) in [
            (
                encoding_rs::SHIFT_JIS,
                "(;PB[本因坊秀策]PW[井山裕太]C[黒番 中押し勝ち];B[aa])",
            ),
            (
                encoding_rs::GBK,
                "(;PB[柯洁]PW[李世石]C[黑棋在右下角取得了优势];B[aa])",
            ),
            (
                encoding_rs::BIG5,
                "(;PB[柯潔]PW[李世石]C[黑棋在右下角取得了優勢];B[aa])",
            ),
        ] {
            let (bytes, _, _) = encoding.encode(text);
            let (t, _) = text_of(&bytes);
            assert_eq!(t, text, "{}", encoding.name());
        }
    }
}
