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
pub fn scan_tree(bytes: &[u8], start: usize, mut depth: usize) -> TreeEnd {
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
            }
        }
        pos += 1;
    }
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
