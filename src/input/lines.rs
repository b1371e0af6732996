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
    /// whose ends need not fall on character boundaries.
    pub fn advance_bytes(self, bytes: &[u8], offset: usize) -> LineCol {
        let prefix = &bytes[..offset.min(bytes.len())];
        let newlines = memchr::memchr_iter(b'\n', prefix).count();
        if newlines == 0 {
            LineCol {
                line: self.line,
                column: self.column + count_chars(prefix),
            }
        } else {
            let last = memchr::memrchr(b'\n', prefix).unwrap_or(0);
            LineCol {
                line: self.line + newlines as u32,
                column: 1 + count_chars(&prefix[last + 1..]),
            }
        }
    }
}

/// Characters in a UTF-8 byte slice (continuation bytes are not counted).
fn count_chars(bytes: &[u8]) -> u32 {
    bytes.iter().filter(|&&b| (b & 0xC0) != 0x80).count() as u32
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
        let base = LineCol { line: 4, column: 7 };
        assert_eq!(base.advance("xy", 2), LineCol { line: 4, column: 9 });
    }
}
