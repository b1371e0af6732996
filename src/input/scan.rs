//! Finding where a game tree ends: the one pass over every byte of every file, made on
//! the caller's thread ahead of the workers, so it must cost little per byte.
//!
//! Each byte costs one look-up in a class table: between values only `(`, `)` and `[`
//! stop the scan, inside values only `]` and `\`. (Word-at-a-time masks were tried: they
//! cost more, as SGF moves put a stop every three bytes.)

/// How the scan of one tree ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeEnd {
    /// The tree is closed: the offset just after its last `)`.
    Closed(usize),
    /// A value is still open at the end of the text: the offset of its `[`.
    ValueOpen(usize),
    /// A value left open swallowed the start of the next game tree: the value opens at
    /// `open`, and a new game plainly starts at `next_game` (a `(` at the start of a line,
    /// then `;` and a property), which is where this tree is cut.
    ValueCut { open: usize, next_game: usize },
    /// The text ends inside the tree, outside any value.
    Open {
        /// `)` missing.
        depth: usize,
        /// The first `(` of the tree, if any was seen.
        first_open: Option<usize>,
    },
}

/// Bytes that matter between values: `(`, `)`, `[`.
const TREE: u8 = 1;
/// Bytes that matter inside a value: `]`, `\`.
const VALUE: u8 = 2;

/// What each byte is to the scan: one table load instead of a compare per byte kind.
static CLASS: [u8; 256] = {
    let mut class = [0u8; 256];
    class[b'(' as usize] = TREE;
    class[b')' as usize] = TREE;
    class[b'[' as usize] = TREE;
    class[b']' as usize] = VALUE;
    class[b'\\' as usize] = VALUE;
    class
};

/// The first offset from `pos` whose byte is of `kind`, or the end of the text.
#[inline(always)]
fn skip_to(bytes: &[u8], mut pos: usize, kind: u8) -> usize {
    while let Some(&b) = bytes.get(pos) {
        if CLASS[usize::from(b)] & kind != 0 {
            break;
        }
        pos += 1;
    }
    pos
}

/// Scans one tree from `start` (its `(`, or its first `;` when the `(` is missing, with
/// `depth` 1), and tells where it ends. Escaped bytes in values (`\]`, `\\`) are skipped.
pub(crate) fn scan_tree(bytes: &[u8], start: usize, mut depth: usize) -> TreeEnd {
    let mut first_open: Option<usize> = None;
    let mut pos = start;
    loop {
        pos = skip_to(bytes, pos, TREE);
        let Some(&b) = bytes.get(pos) else {
            return TreeEnd::Open { depth, first_open };
        };
        match b {
            b'(' => {
                depth += 1;
                first_open.get_or_insert(pos);
            }
            b')' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return TreeEnd::Closed(pos + 1);
                }
            }
            _ => {
                let open = pos;
                pos = skip_to(bytes, pos + 1, VALUE);
                loop {
                    match bytes.get(pos) {
                        None => return TreeEnd::ValueOpen(open),
                        Some(b']') => break,
                        Some(_) => pos = skip_to(bytes, pos + 2, VALUE),
                    }
                }
                if pos - open > 5 {
                    if let Some(next_game) = swallowed_game(bytes, open, pos) {
                        return TreeEnd::ValueCut { open, next_game };
                    }
                }
            }
        }
        pos += 1;
    }
}

/// Whether the value `[` at `open` ... `]` at `close` ends with the start of a new game
/// tree — a line break, `(`, `;`, an upper-case identifier and `[`, and no escape or `[`
/// after it — as when `B[cg][[[)` is followed by the next game's `(;FF[4]`: the `]` is
/// then that game's first value's, and the `(` where the new game starts is returned.
/// Only the last 64 bytes of a value are looked at, once per value longer than a move.
fn swallowed_game(bytes: &[u8], open: usize, close: usize) -> Option<usize> {
    let from = close.saturating_sub(64).max(open + 1);
    let bracket = from + memchr::memrchr(b'[', &bytes[from..close])?;
    if bytes[bracket + 1..close].contains(&b'\\') {
        return None;
    }
    let mut i = bracket;
    while i > open + 1 && bytes[i - 1].is_ascii_uppercase() {
        i -= 1;
    }
    if i == bracket {
        return None;
    }
    let skip_blanks = |mut i: usize| {
        while i > open + 1 && matches!(bytes[i - 1], b' ' | b'\t' | b'\r' | b'\n') {
            i -= 1;
        }
        i
    };
    i = skip_blanks(i);
    if i <= open + 1 || bytes[i - 1] != b';' {
        return None;
    }
    i = skip_blanks(i - 1);
    if i <= open + 1 || bytes[i - 1] != b'(' {
        return None;
    }
    let paren = i - 1;
    let mut j = paren;
    while j > open + 1 && matches!(bytes[j - 1], b' ' | b'\t' | b'\r') {
        j -= 1;
    }
    (j > open + 1 && bytes[j - 1] == b'\n').then_some(paren)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A plain byte loop, as the reference it must agree with.
    fn byte_by_byte(bytes: &[u8], start: usize, mut depth: usize) -> TreeEnd {
        let mut first_open = None;
        let mut pos = start;
        while pos < bytes.len() {
            match bytes[pos] {
                b'(' => {
                    depth += 1;
                    first_open.get_or_insert(pos);
                }
                b')' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return TreeEnd::Closed(pos + 1);
                    }
                }
                b'[' => {
                    let open = pos;
                    pos += 1;
                    loop {
                        match bytes.get(pos) {
                            None => return TreeEnd::ValueOpen(open),
                            Some(b']') => break,
                            Some(b'\\') => pos += 2,
                            Some(_) => pos += 1,
                        }
                    }
                }
                _ => {}
            }
            pos += 1;
        }
        TreeEnd::Open { depth, first_open }
    }

    #[test]
    fn agrees_with_a_byte_loop() {
        // Every structure byte at every place, escapes at the very end included.
        let alphabet = [b'(', b')', b'[', b']', b'\\', b';', b'a'];
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for len in 0..200 {
            for _ in 0..200 {
                let text: Vec<u8> = (0..len)
                    .map(|_| {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        alphabet[(seed % alphabet.len() as u64) as usize]
                    })
                    .collect();
                for start in [0, 1, 63.min(len)] {
                    for depth in [0, 1] {
                        assert_eq!(
                            scan_tree(&text, start, depth),
                            byte_by_byte(&text, start, depth),
                            "{:?} from {start}",
                            String::from_utf8_lossy(&text)
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_value_left_open_stops_where_the_next_game_plainly_starts() {
        let text = b"(;B[cg][[[)\n(;FF[4]SZ[9];B[aa])\n";
        assert_eq!(
            scan_tree(text, 0, 0),
            TreeEnd::ValueCut {
                open: 7,
                next_game: 12
            }
        );
        // A comment that quotes a game, its brackets escaped, is a comment.
        let text = b"(;C[like this:\n(;FF[4\\]SZ[9\\])];B[aa])";
        assert_eq!(scan_tree(text, 0, 0), TreeEnd::Closed(text.len()));
        // So is one that merely mentions a parenthesis and brackets on a line.
        let text = b"(;C[see\n(; not a game [x]];B[aa])";
        assert!(matches!(scan_tree(text, 0, 0), TreeEnd::Closed(_)));
    }

    #[test]
    fn escaped_close_then_end_of_text() {
        let mut text = vec![b'('];
        text.push(b'[');
        text.resize(63, b'x');
        text.extend_from_slice(b"\\]]x)");
        assert_eq!(scan_tree(&text, 0, 0), TreeEnd::Closed(text.len()));
        text.truncate(64);
        assert_eq!(scan_tree(&text, 0, 0), TreeEnd::ValueOpen(1));
    }
}
