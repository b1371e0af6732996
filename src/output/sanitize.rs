//! Making file contents safe to print on a terminal: no control characters, no bidi marks.

use std::borrow::Cow;

use crate::input::path_text::is_unsafe;

/// Replaces unsafe characters by `\u{..}` escapes (a tab or newline becomes a space).
pub fn for_terminal(s: &str) -> Cow<'_, str> {
    if !s.chars().any(is_unsafe) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '\t' | '\n' | '\r' => out.push(' '),
            c if is_unsafe(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_and_bidi_are_neutralised() {
        assert_eq!(for_terminal("Lee Sedol"), "Lee Sedol");
        assert_eq!(for_terminal("a\u{1b}[31mb"), "a\\u{1b}[31mb");
        assert_eq!(for_terminal("x\u{202E}y"), "x\\u{202e}y");
        assert_eq!(for_terminal("l1\nl2"), "l1 l2");
    }
}
