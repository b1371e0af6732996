//! SGF text values: escapes removed, soft line breaks joined.

use std::borrow::Cow;

/// Removes SGF escapes: `\]` -> `]`, `\\` -> `\`, and a `\` before a line break joins
/// the lines (a soft break). Borrows when there is nothing to remove.
pub fn unescape(raw: &str) -> Cow<'_, str> {
    if !raw.contains('\\') {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('\r') if chars.peek() == Some(&'\n') => {
                chars.next();
            }
            Some('\n') if chars.peek() == Some(&'\r') => {
                chars.next();
            }
            Some('\r' | '\n') => {}
            Some(other) => out.push(other),
            None => {}
        }
    }
    Cow::Owned(out)
}

/// A one-line, trimmed version of a simple text value (names, results, rules): every
/// white space becomes one space, and a line break written as two characters (`\r\n`
/// or `\n\r`) is one line break, hence one space (`FF[4]` SimpleText).
pub(crate) fn simple_text(raw: &str) -> String {
    if raw.is_ascii() && !raw.contains('\\') {
        // Names and results are nearly always plain ASCII: trimmed first, then the white
        // space left inside (if any) made plain spaces, which gives the same text.
        let trimmed = raw.trim();
        if !trimmed.bytes().any(|b| char::from(b).is_whitespace()) {
            return trimmed.to_string();
        }
        return spaces(trimmed);
    }
    let s = unescape(raw);
    spaces(s.trim())
}

/// Each white space character made a plain space, a two-character line break one space.
fn spaces(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if !c.is_whitespace() {
            out.push(c);
            continue;
        }
        if let (Some(&next), true) = (chars.peek(), matches!(c, '\r' | '\n')) {
            if matches!((c, next), ('\r', '\n') | ('\n', '\r')) {
                chars.next();
            }
        }
        out.push(' ');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_are_removed() {
        assert_eq!(unescape("plain"), "plain");
        assert_eq!(unescape(r"a\]b\\c"), r"a]b\c");
        assert_eq!(unescape("soft\\\nbreak"), "softbreak");
        assert_eq!(simple_text("  B+3.5 \n"), "B+3.5");
        assert_eq!(simple_text("\tLee\r\nSedol\x0b "), "Lee Sedol");
        assert_eq!(simple_text("ab\r\nc"), "ab c");
        assert_eq!(simple_text("ab\n\rc"), "ab c");
        assert_eq!(simple_text("ab\n\nc"), "ab  c");
        assert_eq!(simple_text("李\r\n世乭"), "李 世乭");
        assert_eq!(simple_text(" 李\t世乭\\] "), "李 世乭]");
    }
}
