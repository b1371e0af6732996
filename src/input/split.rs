//! Cutting a file's text into game trees (byte ranges) without parsing them.
//!
//! One fast pass over `(`, `)`, `[`, `]` and `\` finds where each game tree starts and
//! ends, so that each game is parsed on its own (one broken game costs only itself), big
//! collections are fed to the workers game by game, and every game knows its `line:column`.

use std::ops::Range;

use crate::finding::{Code, Finding, Recovery, Severity};
use crate::input::lines::LineCol;
use crate::input::scan::{self, TreeEnd};

/// How bad a problem found while splitting is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gravity {
    /// Recovered: the game is read anyway.
    Recovered,
    /// The game cannot be read as a whole.
    Broken,
}

/// Something wrong with the structure of a file, at a byte offset of the file's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitProblem {
    pub offset: usize,
    /// Where `offset` is in the file (filled by [`split`]).
    pub at: LineCol,
    pub gravity: Gravity,
    pub message: String,
    /// How the splitter went on, for what a fix may write (`None`: no game tree at all).
    pub recovery: Option<Recovery>,
}

impl SplitProblem {
    /// The problem as its game's `parse-error`: an error when the game is broken, at the
    /// problem's line and column (offset 0: it lies before or around the game's text).
    pub fn finding(&self) -> Finding {
        let severity = match self.gravity {
            Gravity::Recovered => Severity::Warning,
            Gravity::Broken => Severity::Error,
        };
        let mut f = Finding::new(Code::ParseError, severity, 0, self.message.clone());
        f.line = self.at.line;
        f.column = self.at.column;
        f.recovery = self.recovery;
        f
    }
}

/// One game tree of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSlice {
    /// Byte range in the file's text, from its `(` (or first `;` when the `(` is missing)
    /// to just after its `)` (or the end of the text).
    pub range: Range<usize>,
    /// Where `range.start` is in the file.
    pub start: LineCol,
    /// Structure problems met in or around this game.
    pub problems: Vec<SplitProblem>,
    /// True when no game tree was found at all (an empty file, or only text): the slice
    /// stands for the file so that it is still counted and reported.
    pub no_game: bool,
}

/// Splits a text into its game trees. Never fails: problems are attached to the games,
/// and a file without any game tree gives one `no_game` slice. See [`Splitter`] to take
/// the games one at a time.
pub fn split(text: &str) -> Vec<GameSlice> {
    Splitter::new(text).collect()
}

/// The games of a text, one at a time, so that a file of millions of games never holds
/// all their slices at once.
pub struct Splitter<'t> {
    /// The text's bytes: cuts fall on ASCII bytes, hence on character boundaries.
    text: &'t [u8],
    pos: usize,
    /// Where the last game found starts, as a place and as an offset.
    line_col: LineCol,
    line_col_at: usize,
    /// Problems met between trees, for the next game (or the last one).
    pending: Vec<SplitProblem>,
    /// The next game, found ahead so that text after the last game joins its problems.
    ahead: Option<GameSlice>,
    found: usize,
    started: bool,
}

impl<'t> Splitter<'t> {
    pub fn new(text: &'t str) -> Splitter<'t> {
        Splitter::over_utf8(text.as_bytes())
    }

    /// Splits bytes already known to be UTF-8 (the decoder checked them), without
    /// checking the whole text again: it is read once more only where a piece of it is
    /// quoted in a problem.
    pub(crate) fn over_utf8(text: &'t [u8]) -> Splitter<'t> {
        Splitter {
            text,
            pos: 0,
            line_col: LineCol::START,
            line_col_at: 0,
            pending: Vec::new(),
            ahead: None,
            found: 0,
            started: false,
        }
    }

    /// Splits from `from` on, as a split of the whole text does once it has found `found`
    /// games, the last of them ending at `from` (or `from` = 0 and `found` = 0), `at` being
    /// where `from` is: the same games, problems and places as the whole split gives from
    /// there. How a part of a big file (see `partition`) is read on its own.
    pub(crate) fn resume(text: &'t [u8], from: usize, at: LineCol, found: usize) -> Splitter<'t> {
        let mut splitter = Splitter::over_utf8(text);
        if from == 0 && found == 0 {
            return splitter;
        }
        splitter.pos = from.min(text.len());
        splitter.line_col = at;
        splitter.line_col_at = splitter.pos;
        splitter.found = found;
        splitter.started = true;
        splitter.ahead = splitter.scan_next();
        splitter
    }

    /// Finds the next game tree after `pos`, with the problems met on the way.
    fn scan_next(&mut self) -> Option<GameSlice> {
        let bytes = self.text;
        while self.pos < bytes.len() {
            let pos = self.pos;
            // Between trees: skip whitespace, note anything else.
            let b = bytes[pos];
            if b.is_ascii_whitespace() {
                self.pos += 1;
                continue;
            }
            if b != b'(' && !(b == b';' && starts_node(bytes, pos)) {
                // Junk: up to the next `(` or a `;` that opens a node (`;GM[1]`).
                let mut junk_end = bytes.len();
                let mut i = pos + 1;
                while let Some(j) = memchr::memchr2(b'(', b';', &bytes[i..]) {
                    let at = i + j;
                    if bytes[at] == b'(' || starts_node(bytes, at) {
                        junk_end = at;
                        break;
                    }
                    i = at + 1;
                }
                if !is_blank(&bytes[pos..junk_end]) && self.pending.len() < 16 {
                    self.junk(pos, junk_end);
                }
                self.pos = junk_end;
                continue;
            }
            let start = pos;
            let mut problems = std::mem::take(&mut self.pending);
            let missing_open = b == b';';
            if missing_open {
                problems.push(SplitProblem {
                    offset: pos,
                    at: LineCol::START,
                    gravity: Gravity::Recovered,
                    message: "game tree without its opening '(': read from the first ';'".into(),
                    recovery: Some(Recovery::MissingOpen),
                });
            }
            let (end, tree_problems) = scan_tree(bytes, pos, missing_open);
            problems.extend(tree_problems);
            self.line_col = self.line_col.advance_from(bytes, self.line_col_at, start);
            self.line_col_at = start;
            for p in problems.iter_mut().filter(|p| p.offset >= start) {
                p.at = self.line_col.advance_from(bytes, start, p.offset);
            }
            self.found += 1;
            self.pos = end;
            return Some(GameSlice {
                range: start..end,
                start: self.line_col,
                problems,
                no_game: false,
            });
        }
        None
    }
}

impl Splitter<'_> {
    /// Notes the text from `pos` to `end`, outside any game tree: where it starts, or,
    /// when it holds what looks like SGF data (`[aa][bb]`, `C[...]`), where that starts,
    /// for that is what was lost.
    fn junk(&mut self, pos: usize, end: usize) {
        let (what, recovery) = if self.found == 0 {
            (
                "text before the first game tree ignored",
                Recovery::TextBefore,
            )
        } else {
            ("text between game trees ignored", Recovery::TextBetween)
        };
        let piece = &self.text[pos..end];
        let (offset, message) = match sgf_like(piece) {
            Some(at) => {
                let line = piece[at..]
                    .split(|&b| b == b'\n')
                    .next()
                    .unwrap_or_default();
                let shown: String = String::from_utf8_lossy(line)
                    .trim_end()
                    .chars()
                    .take(30)
                    .collect();
                (
                    pos + at,
                    format!("{what}: it holds what looks like SGF data, from here ('{shown}')"),
                )
            }
            None => (pos, what.to_string()),
        };
        let at = self
            .line_col
            .advance_from(self.text, self.line_col_at, offset);
        self.pending.push(SplitProblem {
            offset,
            at,
            gravity: Gravity::Recovered,
            message,
            recovery: Some(recovery),
        });
    }
}

/// Where a piece of text outside the game trees holds what looks like SGF data: the first
/// value closed by its `]`, from the identifier in capitals right before it (and a `;`
/// before that), if any.
fn sgf_like(piece: &[u8]) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = memchr::memchr(b'[', &piece[from..]).map(|i| from + i) {
        if value_end(piece, i + 1).is_some() {
            let mut start = i;
            while start > 0 && piece[start - 1].is_ascii_uppercase() {
                start -= 1;
            }
            if start > 0 && piece[start - 1] == b';' {
                start -= 1;
            }
            return Some(start);
        }
        from = i + 1;
    }
    None
}

impl Iterator for Splitter<'_> {
    type Item = GameSlice;

    fn next(&mut self) -> Option<GameSlice> {
        if !self.started {
            self.started = true;
            self.ahead = self.scan_next();
            if self.ahead.is_none() {
                // No game tree at all: one slice stands for the file.
                let message = if is_blank(self.text) {
                    "no game tree: the file is empty"
                } else {
                    "no game tree: no '(' found in the file"
                };
                let mut problems = std::mem::take(&mut self.pending);
                problems.push(SplitProblem {
                    offset: 0,
                    at: LineCol::START,
                    gravity: Gravity::Broken,
                    message: message.to_string(),
                    recovery: None,
                });
                return Some(GameSlice {
                    range: 0..self.text.len(),
                    start: LineCol::START,
                    problems,
                    no_game: true,
                });
            }
        }
        let mut current = self.ahead.take()?;
        self.ahead = self.scan_next();
        if self.ahead.is_none() {
            // Text after the last game belongs to the last game's report.
            current.problems.append(&mut self.pending);
        }
        Some(current)
    }
}

/// True when a piece of text holds nothing but white space.
fn is_blank(piece: &[u8]) -> bool {
    String::from_utf8_lossy(piece).trim().is_empty()
}

/// True when a `;` at `at` opens a node: whitespace, then a property identifier and `[`
/// (`;GM[1]`), as in records that lack their opening `(`.
fn starts_node(bytes: &[u8], at: usize) -> bool {
    let mut i = at + 1;
    while i < bytes.len() && bytes[i].is_ascii_whitespace() {
        i += 1;
    }
    let ident_start = i;
    while i < bytes.len() && bytes[i].is_ascii_uppercase() {
        i += 1;
    }
    i > ident_start && i < bytes.len() && bytes[i] == b'['
}

/// Scans one tree from `start` (its `(`, or its first `;` when `(` is missing) and returns
/// where it ends with the problems met.
fn scan_tree(bytes: &[u8], start: usize, missing_open: bool) -> (usize, Vec<SplitProblem>) {
    match scan::scan_tree(bytes, start, usize::from(missing_open)) {
        TreeEnd::Closed(end) => (end, Vec::new()),
        TreeEnd::ValueOpen(at) => (
            bytes.len(),
            vec![SplitProblem {
                offset: at,
                at: LineCol::START,
                gravity: Gravity::Broken,
                message: "property value never closed: ']' missing before the end of the file"
                    .into(),
                recovery: Some(Recovery::ValueOpen),
            }],
        ),
        TreeEnd::ValueCut { open, next_game } => (
            next_game,
            vec![SplitProblem {
                offset: open,
                at: LineCol::START,
                gravity: Gravity::Broken,
                message: "property value never closed: a new game tree starts inside it; \
                          this game ends there and the next one is read on its own"
                    .into(),
                recovery: Some(Recovery::ValueOpen),
            }],
        ),
        TreeEnd::Open { depth, first_open } => (
            bytes.len(),
            vec![SplitProblem {
                offset: first_open.unwrap_or(start),
                at: LineCol::START,
                gravity: Gravity::Recovered,
                message: format!(
                    "game tree never closed: {depth} ')' missing before the end of the file"
                ),
                recovery: Some(Recovery::Unclosed(depth)),
            }],
        ),
    }
}

/// The offset of the `]` that closes a value starting at `from`, skipping `\` escapes.
pub(crate) fn value_end(bytes: &[u8], from: usize) -> Option<usize> {
    let mut pos = from;
    loop {
        let i = memchr::memchr2(b']', b'\\', &bytes[pos..])?;
        pos += i;
        if bytes[pos] == b']' {
            return Some(pos);
        }
        pos += 2;
        if pos > bytes.len() {
            return None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ranges(text: &str) -> Vec<&str> {
        split(text).iter().map(|g| &text[g.range.clone()]).collect()
    }

    #[test]
    fn a_collection_is_split_into_its_trees() {
        let text = "(;GM[1];B[aa](;W[bb])(;W[cc]))\n(;C[a ) in a value];B[dd])\n";
        assert_eq!(
            ranges(text),
            vec![
                "(;GM[1];B[aa](;W[bb])(;W[cc]))",
                "(;C[a ) in a value];B[dd])"
            ]
        );
        let games = split(text);
        assert_eq!(games[1].start, LineCol { line: 2, column: 1 });
        assert!(games.iter().all(|g| g.problems.is_empty()));
    }

    #[test]
    fn escapes_inside_values() {
        let text = r"(;C[a \] b \\];B[aa])";
        assert_eq!(ranges(text), vec![text]);
    }

    #[test]
    fn empty_file_is_one_broken_slice() {
        let games = split("");
        assert_eq!(games.len(), 1);
        assert!(games[0].no_game);
        assert_eq!(games[0].problems[0].gravity, Gravity::Broken);
    }

    #[test]
    fn missing_close_paren_is_recovered() {
        let games = split("(;GM[1];B[aa];W[bb]");
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].problems[0].gravity, Gravity::Recovered);
        assert!(games[0].problems[0].message.contains("')' missing"));
    }

    #[test]
    fn unclosed_value_is_broken() {
        let games = split("(;GM[1]C[never closed");
        assert_eq!(games[0].problems[0].gravity, Gravity::Broken);
        assert_eq!(games[0].problems[0].offset, 8);
    }

    #[test]
    fn a_value_left_open_does_not_swallow_the_next_game() {
        let text = "(;GM[1];B[aa])\n(;GM[1];B[cg][[[)\n(;FF[4]GM[1];B[bb])\n(;GM[1];W[cc])\n";
        let games = split(text);
        assert_eq!(games.len(), 4);
        assert_eq!(&text[games[2].range.clone()], "(;FF[4]GM[1];B[bb])");
        assert_eq!(games[1].problems.len(), 1);
        assert_eq!(games[1].problems[0].gravity, Gravity::Broken);
        assert_eq!(
            games[1].problems[0].at,
            LineCol {
                line: 2,
                column: 14
            }
        );
        assert!(games[2].problems.is_empty());
    }

    #[test]
    fn junk_and_missing_open_paren() {
        let games = split("header text; more\n;GM[1];B[aa])");
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].range.start, 18);
        assert_eq!(games[0].start, LineCol { line: 2, column: 1 });
        assert_eq!(games[0].problems.len(), 2);
    }

    #[test]
    fn sgf_like_text_before_the_first_tree_is_reported_where_it_starts() {
        let text = "Saved by an editor\nsee below\n[aa][bb]\nno SGF\n(;GM[1];B[aa])";
        let games = split(text);
        let p = &games[0].problems[0];
        assert_eq!(p.at, LineCol { line: 3, column: 1 });
        assert_eq!(
            p.message,
            "text before the first game tree ignored: it holds what looks like SGF data, from here ('[aa][bb]')"
        );
        let games = split("note: C[a comment] here\n(;GM[1])");
        assert_eq!(games[0].problems[0].at, LineCol { line: 1, column: 7 });
        // Plain text: reported where it starts.
        let games = split("just a header [unclosed\n(;GM[1])");
        assert_eq!(games[0].problems[0].at, LineCol::START);
        assert_eq!(
            games[0].problems[0].message,
            "text before the first game tree ignored"
        );
        assert_eq!(games[0].problems[0].recovery, Some(Recovery::TextBefore));
    }

    #[test]
    fn a_split_resumed_after_a_game_gives_the_same_games() {
        let text = "(;GM[1])\njunk\n(;C[(;B[aa])];B[bb])\n(;W[cc]) tail";
        let whole = split(text);
        let from = whole[0].range.end;
        let at = whole[0]
            .start
            .advance(&text[whole[0].range.start..], from - whole[0].range.start);
        let rest: Vec<GameSlice> = Splitter::resume(text.as_bytes(), from, at, 1).collect();
        assert_eq!(rest, whole[1..]);
        assert_eq!(
            rest[0].problems[0].message,
            "text between game trees ignored"
        );
        assert_eq!(rest[0].problems[0].recovery, Some(Recovery::TextBetween));
        let open = split(";GM[1];B[aa]\n(;W[bb]");
        assert_eq!(open[0].problems[0].recovery, Some(Recovery::MissingOpen));
        let unclosed = split("(;GM[1](;B[aa]");
        assert_eq!(
            unclosed[0].problems[0].recovery,
            Some(Recovery::Unclosed(2))
        );
    }
}
