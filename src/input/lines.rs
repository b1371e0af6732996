//! Byte offsets -> `line:column`, computed only for what is reported.

/// A place in a file, both counted from 1; the column counts characters, not bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct LineCol {
    pub line: u32,
    pub column: u32,
}

impl LineCol {
    pub const START: LineCol = LineCol { line: 1, column: 1 };

    /// The place reached after reading `text[..offset]` from `self`.
    pub fn advance(self, text: &str, offset: usize) -> LineCol {
        self.advance_bytes(text.as_bytes(), offset)
    }

    /// [`LineCol::advance`] over bytes, for callers that step through a text in pieces
    /// whose ends need not fall on character boundaries. A line ends with `\n`, `\r\n`,
    /// `\n\r`, or a lone `\r` (old Mac files), as in FF\[4\]; counts saturate instead of
    /// wrapping.
    pub(crate) fn advance_bytes(self, bytes: &[u8], offset: usize) -> LineCol {
        let prefix = &bytes[..offset.min(bytes.len())];
        let mut newlines = 0u32;
        let mut line_start = None;
        for at in memchr::memchr2_iter(b'\n', b'\r', prefix) {
            if line_start == Some(at) && prefix[at] != prefix[at - 1] {
                // The second byte of a `\r\n` or `\n\r` pair.
                line_start = Some(at + 1);
                continue;
            }
            newlines = newlines.saturating_add(1);
            line_start = Some(at + 1);
        }
        match line_start {
            None => LineCol {
                line: self.line,
                column: self.column.saturating_add(count_chars(prefix)),
            },
            Some(start) => LineCol {
                line: self.line.saturating_add(newlines),
                column: 1u32.saturating_add(count_chars(&prefix[start..])),
            },
        }
    }
}

/// Characters in a UTF-8 byte slice (continuation bytes are not counted).
fn count_chars(bytes: &[u8]) -> u32 {
    let n = bytes.iter().filter(|&&b| (b & 0xC0) != 0x80).count();
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_lines_and_characters() {
        let text = "ab\ncd黑e\r\nf";
        assert_eq!(
            LineCol::START.advance(text, 0),
            LineCol { line: 1, column: 1 }
        );
        assert_eq!(
            LineCol::START.advance(text, 1),
            LineCol { line: 1, column: 2 }
        );
        assert_eq!(
            LineCol::START.advance(text, 3),
            LineCol { line: 2, column: 1 }
        );
        // "cd黑" is 5 bytes but 3 characters.
        assert_eq!(
            LineCol::START.advance(text, 8),
            LineCol { line: 2, column: 4 }
        );
        assert_eq!(
            LineCol::START.advance(text, 11),
            LineCol { line: 3, column: 1 }
        );
        // A lone CR ends a line too; CR LF and LF CR are one line end each.
        let mac = "a\rbc\r\nd";
        assert_eq!(
            LineCol::START.advance("a\n\rb\n\n\r\rc", 8),
            LineCol { line: 5, column: 1 }
        );
        assert_eq!(
            LineCol::START.advance(mac, 3),
            LineCol { line: 2, column: 2 }
        );
        assert_eq!(
            LineCol::START.advance(mac, 6),
            LineCol { line: 3, column: 1 }
        );
        let base = LineCol { line: 4, column: 7 };
        assert_eq!(base.advance("xy", 2), LineCol { line: 4, column: 9 });
    }
}
