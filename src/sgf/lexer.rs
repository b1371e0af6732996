//! A zero-copy SGF lexer: tokens borrow the game's text and carry byte offsets.
//!
//! It never fails: what does not fit the grammar is skipped and reported as a
//! [`LexProblem`], and the reading goes on (the recoveries of forgiving readers).

use crate::input::split::value_end;

/// One piece of SGF syntax.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token<'a> {
    /// `(` at this offset.
    Open(usize),
    /// `)` at this offset.
    Close(usize),
    /// `;` at this offset: a new node.
    Node(usize),
    /// A property identifier as written (`B`, `AB`, `GaMe`) and its offset.
    Ident(&'a str, usize),
    /// A value between `[` and `]`, escapes left in, and the offset of its `[`.
    Value(&'a str, usize),
}

/// Something the lexer skipped or repaired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LexProblem {
    pub offset: usize,
    pub message: &'static str,
    /// True when nothing after this point could be read.
    pub fatal: bool,
}

/// True when `bytes` holds a `;` and, after it, a move property (`B[`, `W[`): nodes,
/// not a comment's text.
fn holds_move_node(bytes: &[u8]) -> bool {
    let Some(node) = memchr::memchr(b';', bytes) else {
        return false;
    };
    let rest = &bytes[node..];
    rest.windows(2)
        .any(|w| matches!(w[0], b'B' | b'W') && w[1] == b'[')
}

/// Lexes a game tree's text, token by token.
pub struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    pub problems: Vec<LexProblem>,
}

impl<'a> Lexer<'a> {
    pub fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            text,
            pos: 0,
            problems: Vec::new(),
        }
    }

    fn problem(&mut self, offset: usize, message: &'static str, fatal: bool) {
        // One report per kind is enough for a person; keep memory bounded on garbage.
        if self.problems.iter().any(|p| p.message == message) {
            return;
        }
        self.problems.push(LexProblem {
            offset,
            message,
            fatal,
        });
    }

    /// Reads a bare move right after a `;` — `B[dd]` or `W[]` followed by `;`, `(`, `)`,
    /// white space or the end — and returns its colour, value and offset. Anything else
    /// is left for the general path.
    #[inline]
    pub(crate) fn bare_move(&mut self) -> Option<(crate::geom::Color, &'a [u8], usize)> {
        let bytes = self.text.as_bytes();
        let at = self.pos;
        let color = match bytes.get(at)? {
            b'B' => crate::geom::Color::Black,
            b'W' => crate::geom::Color::White,
            _ => return None,
        };
        if bytes.get(at + 1) != Some(&b'[') {
            return None;
        }
        let len = if bytes.get(at + 2) == Some(&b']') {
            0
        } else if bytes.get(at + 4) == Some(&b']') {
            2
        } else {
            return None;
        };
        let end = at + 3 + len;
        match bytes.get(end) {
            None | Some(b';' | b'(' | b')' | b' ' | b'\n' | b'\r' | b'\t') => {}
            _ => return None,
        }
        let value = &bytes[at + 2..at + 2 + len];
        if len == 2 && (value[0] == b'\\' || value[0] == b'[') {
            return None;
        }
        self.pos = end;
        Some((color, value, at))
    }

    /// Reads a whole bare-move node — `;B[dd]` or `;W[]`, white space around it, and then
    /// `;`, `(`, `)` or the end, so that nothing else can belong to it — and returns the
    /// node's offset, the colour, the value and the property's offset.
    #[inline]
    pub(crate) fn bare_node(&mut self) -> Option<(usize, crate::geom::Color, &'a [u8], usize)> {
        self.tight_move_node().or_else(|| self.spaced_bare_node())
    }

    /// [`Lexer::bare_node`] byte by byte, white space and empty values included.
    #[inline]
    fn spaced_bare_node(&mut self) -> Option<(usize, crate::geom::Color, &'a [u8], usize)> {
        let bytes = self.text.as_bytes();
        let mut i = self.pos;
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if bytes.get(i) != Some(&b';') {
            return None;
        }
        let saved = self.pos;
        self.pos = i + 1;
        let Some((color, value, at)) = self.bare_move() else {
            self.pos = saved;
            return None;
        };
        let mut j = self.pos;
        while j < bytes.len() && bytes[j].is_ascii_whitespace() {
            j += 1;
        }
        match bytes.get(j) {
            None | Some(b';' | b'(' | b')') => Some((i, color, value, at)),
            _ => {
                self.pos = saved;
                None
            }
        }
    }

    /// The commonest node of all, `;B[dd]` with no white space and `;`, `(` or `)` right
    /// after it: what [`Lexer::bare_node`] reads of it, recognised in one comparison of
    /// seven bytes. Anything else is left to `bare_node`.
    #[inline(always)]
    fn tight_move_node(&mut self) -> Option<(usize, crate::geom::Color, &'a [u8], usize)> {
        let bytes = self.text.as_bytes();
        let node = self.pos;
        let &[b';', letter, b'[', first, _, b']', after] = bytes.get(node..node + 7)? else {
            return None;
        };
        let color = match letter {
            b'B' => crate::geom::Color::Black,
            b'W' => crate::geom::Color::White,
            _ => return None,
        };
        // `]` first is an empty value; an escape or a `[` first is left to `bare_node`.
        if matches!(first, b']' | b'\\' | b'[') || !matches!(after, b';' | b'(' | b')') {
            return None;
        }
        self.pos = node + 6;
        Some((node, color, &bytes[node + 3..node + 5], node + 1))
    }

    /// True when a value may end at `after` (the byte after a `]`): what follows is
    /// SGF syntax, not the rest of a comment whose `]` was left unescaped.
    fn plausible_after_value(&self, after: usize) -> bool {
        let bytes = self.text.as_bytes();
        let mut i = after;
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= bytes.len() {
            return true;
        }
        match bytes[i] {
            b'[' | b';' | b'(' | b')' => true,
            b if b.is_ascii_alphabetic() => {
                let ident = i;
                while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
                    i += 1;
                }
                let capitals = bytes[ident..i].iter().all(u8::is_ascii_uppercase);
                while i < bytes.len() && bytes[i].is_ascii_whitespace() {
                    i += 1;
                }
                // `AB[`, or a property in capitals without a value before structure
                // (`FF[4] AB ((;`).
                i < bytes.len()
                    && (bytes[i] == b'[' || capitals && matches!(bytes[i], b';' | b'(' | b')'))
            }
            _ => false,
        }
    }
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        let bytes = self.text.as_bytes();
        loop {
            let start = self.pos;
            let &b = bytes.get(start)?;
            match b {
                b'(' => {
                    self.pos += 1;
                    return Some(Token::Open(start));
                }
                b')' => {
                    self.pos += 1;
                    return Some(Token::Close(start));
                }
                b';' => {
                    self.pos += 1;
                    return Some(Token::Node(start));
                }
                b'[' => {
                    let Some(mut end) = value_end(bytes, start + 1) else {
                        self.problem(
                            start,
                            "property value never closed: ']' missing before the end of the game",
                            true,
                        );
                        self.pos = bytes.len();
                        return None;
                    };
                    let strays = bytes[end + 1..].iter().take_while(|&&b| b == b']').count();
                    if strays > 0 && self.plausible_after_value(end + 1 + strays) {
                        // `W[cc]];B[dd]`: the value is `cc`, the extra `]` a stray bracket.
                        self.problem(start, "stray ']' after a property value ignored", false);
                        self.pos = end + 1 + strays;
                        return Some(Token::Value(&self.text[start + 1..end], start));
                    }
                    if !self.plausible_after_value(end + 1) {
                        // `C[see [1] here]`: try to extend to a later `]` that fits.
                        let mut probe = end;
                        let mut found = None;
                        for _ in 0..8 {
                            match value_end(bytes, probe + 1) {
                                Some(e) if self.plausible_after_value(e + 1) => {
                                    found = Some(e);
                                    break;
                                }
                                Some(e) => probe = e,
                                None => break,
                            }
                        }
                        // A move node in between (`;B[`) means the repair would swallow
                        // moves: then it is junk after the value, not a bracket to repair.
                        let found = found.filter(|&e| !holds_move_node(&bytes[end..e]));
                        if let Some(e) = found {
                            self.problem(
                                start,
                                "unescaped ']' inside a property value: read up to the next ']'",
                                false,
                            );
                            end = e;
                        }
                    }
                    self.pos = end + 1;
                    return Some(Token::Value(&self.text[start + 1..end], start));
                }
                b if b.is_ascii_alphabetic() => {
                    let len = bytes[start..]
                        .iter()
                        .take_while(|b| b.is_ascii_alphabetic())
                        .count();
                    self.pos = start + len;
                    return Some(Token::Ident(&self.text[start..start + len], start));
                }
                b if b.is_ascii_whitespace() => {
                    self.pos += 1;
                }
                _ => {
                    // Junk: skip to the next byte that can start SGF syntax.
                    let skip = bytes[start..]
                        .iter()
                        .position(|&b| {
                            matches!(b, b'(' | b')' | b';' | b'[') || b.is_ascii_alphabetic()
                        })
                        .unwrap_or(bytes.len() - start);
                    self.problem(
                        start,
                        "unexpected characters outside a property value ignored",
                        false,
                    );
                    self.pos = start + skip.max(1);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tight_move_node_reads_as_the_spaced_path_reads_it() {
        let texts = [
            ";B[dd];W[pp]",
            ";W[aa])",
            ";B[ss](",
            ";B[dd]",
            ";B[]",
            ";B[]];",
            ";B[\\d];",
            ";B[[d];",
            ";B[d]];",
            ";B[dd]C[x]",
            ";B[dd] ;",
            " ;B[dd];",
            ";X[dd];",
            ";B[dd]];",
            ";B(dd];",
            ";AB[dd];",
        ];
        for text in texts {
            let (mut tight, mut spaced) = (Lexer::new(text), Lexer::new(text));
            let read = tight.tight_move_node();
            if read.is_some() {
                assert_eq!(read, spaced.spaced_bare_node(), "{text}");
                assert_eq!(tight.pos, spaced.pos, "{text}");
            }
            let (mut whole, mut spaced) = (Lexer::new(text), Lexer::new(text));
            assert_eq!(whole.bare_node(), spaced.spaced_bare_node(), "{text}");
            assert_eq!(whole.pos, spaced.pos, "{text}");
        }
    }

    #[test]
    fn tokens_with_offsets() {
        let toks: Vec<_> = Lexer::new("(;B[aa]C[x\\]y])").collect();
        assert_eq!(
            toks,
            vec![
                Token::Open(0),
                Token::Node(1),
                Token::Ident("B", 2),
                Token::Value("aa", 3),
                Token::Ident("C", 7),
                Token::Value("x\\]y", 8),
                Token::Close(14),
            ]
        );
    }

    #[test]
    fn unescaped_bracket_in_a_comment_is_repaired() {
        let mut lx = Lexer::new("(;C[see [1] here];B[aa])");
        let toks: Vec<_> = lx.by_ref().collect();
        assert!(toks.contains(&Token::Value("see [1] here", 3)));
        assert!(toks.contains(&Token::Ident("B", 18)));
        assert_eq!(lx.problems.len(), 1);
        assert!(!lx.problems[0].fatal);
    }

    #[test]
    fn a_stray_bracket_after_a_value_is_not_part_of_it() {
        let mut lx = Lexer::new("(;B[aa];W[cc]];B[dd])");
        let toks: Vec<_> = lx.by_ref().collect();
        assert!(toks.contains(&Token::Value("cc", 9)), "{toks:?}");
        assert!(toks.contains(&Token::Value("dd", 16)), "{toks:?}");
        assert_eq!(lx.problems.len(), 1);
        assert!(lx.problems[0].message.contains("stray"));
        // An unescaped bracket inside a comment is still repaired.
        let toks: Vec<_> = Lexer::new("(;C[a [b]] c];B[aa])").collect();
        assert!(toks.contains(&Token::Value("a [b]] c", 3)), "{toks:?}");
    }

    #[test]
    fn unclosed_value_is_fatal() {
        let mut lx = Lexer::new("(;B[aa]C[abc");
        let n = lx.by_ref().count();
        assert_eq!(n, 5, "( ; B [aa] C, then nothing");
        assert!(lx.problems[0].fatal);
    }
}
