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
        self.advance_from(text.as_bytes(), 0, offset)
    }

    /// The place of `text[to]`, `self` being the place of `text[from]`: how callers step
    /// through a text in pieces whose ends need not fall on character boundaries. A line
    /// ends at `\r\n`, at a `\n`, or at a `\r` not followed by `\n` (old Mac files), so
    /// `\r\n\r\n` and `\n\r` are two line ends each; the byte before `from` tells whether
    /// a `\n` at `from` ends a `\r\n` already counted. Counts saturate instead of wrapping.
    pub(crate) fn advance_from(self, text: &[u8], from: usize, to: usize) -> LineCol {
        let from = from.min(text.len());
        let to = to.clamp(from, text.len());
        let piece = &text[from..to];
        let mut newlines = 0u32;
        let mut line_start = None;
        for at in memchr::memchr2_iter(b'\n', b'\r', piece) {
            let before = (from + at).checked_sub(1).map(|i| text[i]);
            if piece[at] == b'\r' || before != Some(b'\r') {
                newlines = newlines.saturating_add(1);
            }
            // The second byte of a `\r\n` ends the same line as its `\r`.
            line_start = Some(at + 1);
        }
        match line_start {
            None => LineCol {
                line: self.line,
                column: self.column.saturating_add(count_chars(piece)),
            },
            Some(start) => LineCol {
                line: self.line.saturating_add(newlines),
                column: 1u32.saturating_add(count_chars(&piece[start..])),
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
        // A lone CR ends a line too; CR LF is one line end, LF CR two.
        let mac = "a\rbc\r\nd";
        assert_eq!(
            LineCol::START.advance("a\n\rb\n\n\r\rc", 8),
            LineCol { line: 7, column: 1 }
        );
        assert_eq!(
            LineCol::START.advance(mac, 3),
            LineCol { line: 2, column: 2 }
        );
        assert_eq!(
            LineCol::START.advance(mac, 6),
            LineCol { line: 3, column: 1 }
        );
        // A blank line in a CRLF file: two line ends, as in an LF file.
        assert_eq!(
            LineCol::START.advance("C[a\r\n\r\nb]", 7),
            LineCol::START.advance("C[a\n\nb]", 5)
        );
        assert_eq!(
            LineCol::START.advance("a\r\n\r\nb", 5),
            LineCol { line: 3, column: 1 }
        );
        let base = LineCol { line: 4, column: 7 };
        assert_eq!(base.advance("xy", 2), LineCol { line: 4, column: 9 });
    }

    #[test]
    fn a_piece_after_a_carriage_return_does_not_count_its_line_feed_again() {
        let text = b"a\r\nb";
        let after_cr = LineCol::START.advance_from(text, 0, 2);
        assert_eq!(after_cr, LineCol { line: 2, column: 1 });
        assert_eq!(
            after_cr.advance_from(text, 2, 3),
            LineCol::START.advance_from(text, 0, 3)
        );
        assert_eq!(
            LineCol::START.advance_from(text, 0, 3),
            LineCol { line: 2, column: 1 }
        );
    }
}
