//! `audit --diff`: what `--fix` would write, shown from the fix's own edits (no line
//! matching, so its time grows with the file's size, not its square). Lines of ordinary
//! length make a unified diff that `patch` applies; a change on a long line (a record
//! written on one line) is shown as the edit with some characters around it.

use std::fmt::Write as _;
use std::ops::Range;

use super::FileFix;
use crate::fix::Edit;

/// Lines of context around a change in a unified hunk.
const CONTEXT_LINES: usize = 3;

/// A changed line longer than this many characters is shown around each edit instead of
/// whole.
pub const LONG_LINE: usize = 200;

/// Characters shown on each side of an edit on a long line.
pub const CONTEXT_CHARS: usize = 40;

/// Marks the side of a long line's window where the line goes on.
const CLIPPED: char = '…';

/// The byte-order mark, kept before the first line when the file keeps it.
const BOM: &str = "\u{FEFF}";

impl FileFix {
    /// What `--fix` would change in the file: `--- a/NAME`, `+++ b/NAME`, then hunks in
    /// the file's order, a note under a file written in another encoding. Line numbers
    /// are those of the file as it is.
    pub fn diff(&self) -> String {
        // The text the edits apply to, with the byte-order mark the fixed file keeps.
        let bom = if self.after.starts_with(BOM.as_bytes()) && !self.before.starts_with(BOM) {
            BOM
        } else {
            ""
        };
        // A copy only to put the mark before it (the text may be hundreds of megabytes).
        let text: std::borrow::Cow<str> = match bom {
            "" => self.before.as_str().into(),
            _ => [bom, self.before.as_str()].concat().into(),
        };
        let edits: Vec<Edit> = ordered(&self.edits, self.before.len())
            .map(|e| Edit {
                range: e.range.start + bom.len()..e.range.end + bom.len(),
                text: e.text.clone(),
            })
            .collect();
        let body = render(&text, &edits);
        let mut out = String::new();
        if !body.is_empty() {
            let slash = if self.name.starts_with('/') { "" } else { "/" };
            let name = &self.name;
            out = format!("--- a{slash}{name}\n+++ b{slash}{name}\n{body}");
        }
        if self.reencoded {
            out.push_str(&format!("# {}: written in UTF-8 (CA[UTF-8])\n", self.name));
        }
        out
    }
}

/// The edits that fit the text, in order, none overlapping the one before (the fix makes
/// no other; this keeps a slip from becoming a panic).
fn ordered(edits: &[Edit], len: usize) -> impl Iterator<Item = &Edit> {
    let mut end = 0;
    edits.iter().filter(move |e| {
        let fits = e.range.start >= end && e.range.start <= e.range.end && e.range.end <= len;
        if fits {
            end = e.range.end;
        }
        fits
    })
}

/// The hunks of a text's edits (sorted, not overlapping, at character boundaries).
fn render(text: &str, edits: &[Edit]) -> String {
    let changes = changes(text, edits);
    let mut out = String::new();
    // Lines the hunks so far add, less those they take away.
    let mut shift = 0;
    let mut pending: Vec<&Change> = Vec::new();
    for change in &changes {
        let joins = pending
            .last()
            .is_some_and(|last| change.lines.start <= last.lines.end + 2 * CONTEXT_LINES);
        if change.long || !joins {
            unified(text, &pending, &mut shift, &mut out);
            pending.clear();
        }
        if change.long {
            windows(text, &edits[change.edits.clone()], change, &mut out);
            shift += lines(&change.new).count() as isize;
            shift -= lines(&text[change.old.clone()]).count() as isize;
        } else {
            pending.push(change);
        }
    }
    unified(text, &pending, &mut shift, &mut out);
    out
}

/// Edits that touch the same lines, with those lines (indices from 0) and bytes before
/// and after.
struct Change {
    /// The lines changed, from 0; empty for an insertion at the end of a text that ends
    /// with a line break.
    lines: Range<usize>,
    /// Their bytes in the text.
    old: Range<usize>,
    /// What they become.
    new: String,
    /// The edits of the change, indices into the edits.
    edits: Range<usize>,
    /// Some line of it, before or after, is longer than [`LONG_LINE`] characters.
    long: bool,
}

/// Counts lines forward through a text, so that every offset asked costs only the bytes
/// since the one before.
struct LineCursor<'t> {
    text: &'t [u8],
    at: usize,
    line: usize,
    line_start: usize,
}

impl<'t> LineCursor<'t> {
    /// A cursor at `line_start`, the start of line `line` (from 0).
    fn new(text: &'t str, line: usize, line_start: usize) -> Self {
        LineCursor {
            text: text.as_bytes(),
            at: line_start,
            line,
            line_start,
        }
    }

    /// The line holding byte `offset` (not before the last asked) and where it starts.
    fn seek(&mut self, offset: usize) -> (usize, usize) {
        let offset = offset.max(self.at);
        for newline in memchr::memchr_iter(b'\n', &self.text[self.at..offset]) {
            self.line += 1;
            self.line_start = self.at + newline + 1;
        }
        self.at = offset;
        (self.line, self.line_start)
    }
}

/// Where the line holding `offset` ends, its line break included.
fn line_end(text: &str, offset: usize) -> usize {
    memchr::memchr(b'\n', &text.as_bytes()[offset..]).map_or(text.len(), |i| offset + i + 1)
}

/// The edits grouped by the lines they change. Every byte is looked at a bounded number
/// of times, however long the lines.
fn changes(text: &str, edits: &[Edit]) -> Vec<Change> {
    let mut cursor = LineCursor::new(text, 0, 0);
    let mut changes: Vec<Change> = Vec::new();
    // How far the last change's new text is written.
    let mut written = 0;
    for (i, edit) in edits.iter().enumerate() {
        let Range { start, end } = edit.range;
        let (line, line_start) = cursor.seek(start);
        match changes.last_mut() {
            Some(change) if start < change.old.end || line < change.lines.end => {
                change.new.push_str(&text[written..start]);
                change.edits.end = i + 1;
            }
            last => {
                if let Some(change) = last {
                    change.new.push_str(&text[written..change.old.end]);
                }
                changes.push(Change {
                    lines: line..line + 1,
                    old: line_start..line_start,
                    new: text[line_start..start].to_string(),
                    edits: i..i + 1,
                    long: false,
                });
            }
        }
        let change = changes.last_mut().expect("a change was just pushed");
        change.new.push_str(&edit.text);
        written = end;
        // The last byte the edit takes, or where it inserts.
        let last = if end > start { end - 1 } else { start };
        if last >= change.old.end && last < text.len() {
            change.lines.end = cursor.seek(last).0 + 1;
            change.old.end = line_end(text, last);
        }
        change.old.end = change.old.end.max(end);
    }
    if let Some(change) = changes.last_mut() {
        change.new.push_str(&text[written..change.old.end]);
    }
    for change in &mut changes {
        change.long = has_long_line(&text[change.old.clone()]) || has_long_line(&change.new);
    }
    changes
}

/// True when some line of the text is longer than [`LONG_LINE`] characters.
fn has_long_line(text: &str) -> bool {
    text.split('\n')
        .any(|line| line.len() > LONG_LINE && line.chars().nth(LONG_LINE).is_some())
}

/// The line pieces of a text, each with its line break.
fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.split_inclusive('\n')
}

/// Writes one line of a hunk: its mark, the line, and the note of a last line without a
/// line break.
fn hunk_line(out: &mut String, mark: char, line: &str) {
    out.push(mark);
    out.push_str(line);
    if !line.ends_with('\n') {
        out.push_str("\n\\ No newline at end of file\n");
    }
}

/// Writes a unified hunk of changes near each other, with up to [`CONTEXT_LINES`] lines
/// around; `shift` is how many lines the hunks before add, less those they take away.
fn unified(text: &str, changes: &[&Change], shift: &mut isize, out: &mut String) {
    let (Some(first), Some(last)) = (changes.first(), changes.last()) else {
        return;
    };
    let before = context_before(text, first.old.start);
    let after = context_after(text, last.old.end);
    let mut body = String::new();
    let (mut old_count, mut new_count) = (0, 0);
    let mut at = before;
    for change in changes {
        for line in lines(&text[at..change.old.start]) {
            hunk_line(&mut body, ' ', line);
            (old_count, new_count) = (old_count + 1, new_count + 1);
        }
        for line in lines(&text[change.old.clone()]) {
            hunk_line(&mut body, '-', line);
            old_count += 1;
        }
        for line in lines(&change.new) {
            hunk_line(&mut body, '+', line);
            new_count += 1;
        }
        at = change.old.end;
    }
    for line in lines(&text[at..after]) {
        hunk_line(&mut body, ' ', line);
        (old_count, new_count) = (old_count + 1, new_count + 1);
    }
    // The first line's number in each file; for an empty side, the line before its place.
    let first_line =
        (first.lines.start + 1 - lines(&text[before..first.old.start]).count()) as isize;
    let old_start = first_line - isize::from(old_count == 0);
    let new_start = first_line + *shift - isize::from(new_count == 0);
    let _ = writeln!(
        out,
        "@@ -{} +{} @@",
        range(old_start, old_count),
        range(new_start, new_count)
    );
    out.push_str(&body);
    *shift += new_count as isize - old_count as isize;
}

/// A hunk's range in a file, as diff writes it: `START,COUNT`, or `START` for one line.
fn range(start: isize, count: usize) -> String {
    if count == 1 {
        start.to_string()
    } else {
        format!("{start},{count}")
    }
}

/// Where the [`CONTEXT_LINES`] lines before `offset` (a line start) start.
fn context_before(text: &str, offset: usize) -> usize {
    let bytes = &text.as_bytes()[..offset];
    let mut start = offset;
    for _ in 0..CONTEXT_LINES {
        if start == 0 {
            break;
        }
        start = memchr::memrchr(b'\n', &bytes[..start - 1]).map_or(0, |i| i + 1);
    }
    start
}

/// Where the [`CONTEXT_LINES`] lines after `offset` (a line start) end.
fn context_after(text: &str, offset: usize) -> usize {
    let mut end = offset;
    for _ in 0..CONTEXT_LINES {
        if end == text.len() {
            break;
        }
        end = line_end(text, end);
    }
    end
}

/// Writes the edits of a change on long lines: for each group of edits near each other,
/// `@@ line L, column C @@` (where the shown text starts, in characters from 1), the text
/// before with `-`, after with `+`, [`CONTEXT_CHARS`] characters around, `…` where the
/// line goes on.
fn windows(text: &str, edits: &[Edit], change: &Change, out: &mut String) {
    let mut lines = LineCursor::new(text, change.lines.start, change.old.start);
    // The column of `counted`, a place on the line that starts at `counted_line`.
    let (mut counted_line, mut counted, mut column) = (change.old.start, change.old.start, 1);
    // Where the last window shown ends: windows never overlap.
    let mut shown = change.old.start;
    let mut i = 0;
    while i < edits.len() {
        let start = edits[i].range.start;
        let (line, line_start) = lines.seek(start);
        let from = back_chars(text, line_start.max(shown), start, CONTEXT_CHARS);
        if line_start != counted_line {
            (counted_line, counted, column) = (line_start, line_start, 1);
        }
        column += count_chars(&text[counted..from]);
        counted = from;
        // The group: edits whose windows meet.
        let mut j = i;
        let mut until = forward_chars(text, edits[j].range.end, CONTEXT_CHARS);
        while j + 1 < edits.len() && edits[j + 1].range.start <= until {
            j += 1;
            until = until.max(forward_chars(text, edits[j].range.end, CONTEXT_CHARS));
        }
        let mut new = String::new();
        let mut at = from;
        for edit in &edits[i..=j] {
            new.push_str(&text[at..edit.range.start]);
            new.push_str(&edit.text);
            at = edit.range.end;
        }
        new.push_str(&text[at..until]);
        let _ = writeln!(out, "@@ line {}, column {column} @@", line + 1);
        let clipped_before = from > line_start;
        let clipped_after = until < text.len() && text.as_bytes()[until] != b'\n';
        window_side(out, '-', &text[from..until], clipped_before, clipped_after);
        window_side(out, '+', &new, clipped_before, clipped_after);
        shown = until;
        i = j + 1;
    }
}

/// The characters of a text, counted from its bytes (no decoding).
fn count_chars(text: &str) -> usize {
    text.bytes().filter(|b| (b & 0xC0) != 0x80).count()
}

/// Writes one side of a window, each of its lines marked.
fn window_side(out: &mut String, mark: char, shown: &str, before: bool, after: bool) {
    let shown = shown.strip_suffix('\n').unwrap_or(shown);
    let count = shown.split('\n').count();
    for (n, line) in shown.split('\n').enumerate() {
        out.push(mark);
        if n == 0 && before {
            out.push(CLIPPED);
        }
        out.push_str(line);
        if n + 1 == count && after {
            out.push(CLIPPED);
        }
        out.push('\n');
    }
}

/// The offset `count` characters before `offset`, not before `floor` (a line start).
fn back_chars(text: &str, floor: usize, offset: usize, count: usize) -> usize {
    text[floor..offset]
        .char_indices()
        .rev()
        .nth(count.saturating_sub(1))
        .map_or(floor, |(i, _)| floor + i)
}

/// The offset `count` characters after `offset`, not past the end of its line (its line
/// break left out).
fn forward_chars(text: &str, offset: usize, count: usize) -> usize {
    let rest = &text[offset..];
    let line = memchr::memchr(b'\n', rest.as_bytes()).unwrap_or(rest.len());
    let line = &rest[..line];
    offset
        + line
            .char_indices()
            .nth(count)
            .map_or(line.len(), |(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edit(range: Range<usize>, text: &str) -> Edit {
        Edit::new(range, text)
    }

    #[test]
    fn a_unified_hunk_numbers_lines_and_notes_a_missing_last_line_break() {
        let text = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj";
        let out = render(text, &[edit(2..3, "B"), edit(18..19, "J\n")]);
        assert_eq!(
            out,
            "@@ -1,5 +1,5 @@\n a\n-b\n+B\n c\n d\n e\n\
             @@ -7,4 +7,4 @@\n g\n h\n i\n-j\n\\ No newline at end of file\n+J\n"
        );
    }

    #[test]
    fn changes_three_lines_apart_share_a_hunk_and_inserted_lines_shift_the_next() {
        let text = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n";
        let out = render(text, &[edit(0..0, "0\n"), edit(14..15, "8")]);
        assert!(out.starts_with("@@ -1,11 +1,12 @@\n-1\n+0\n+1\n"), "{out}");
        let far = render(text, &[edit(0..0, "0\n"), edit(36..38, "X")]);
        assert!(
            far.ends_with("@@ -13,4 +14,4 @@\n 13\n 14\n 15\n-16\n+X\n"),
            "{far}"
        );
    }

    #[test]
    fn an_insertion_at_the_end_of_a_text_adds_lines_only() {
        let out = render("a\n", &[edit(2..2, "b\n")]);
        assert_eq!(out, "@@ -1 +1,2 @@\n a\n+b\n");
    }

    #[test]
    fn a_long_line_shows_each_edit_with_characters_around() {
        let text = format!("(;GN[]{})\n", ";B[aa]".repeat(100));
        let end = text.len() - 2;
        let out = render(&text, &[edit(2..6, ""), edit(end..end, "AP[x:y]")]);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "@@ line 1, column 1 @@");
        assert_eq!(lines[1], format!("-(;GN[]{}…", &";B[aa]".repeat(7)[..40]));
        assert_eq!(lines[2], format!("+(;{}…", &";B[aa]".repeat(7)[..40]));
        assert_eq!(lines[3], format!("@@ line 1, column {} @@", end - 40 + 1));
        assert!(
            lines[4].starts_with("-…") && lines[4].ends_with(";B[aa])"),
            "{out}"
        );
        assert!(lines[5].ends_with(";B[aa]AP[x:y])"), "{out}");
    }

    #[test]
    fn edits_that_overlap_or_leave_the_text_are_passed_by() {
        let text = "(;GN[])\n";
        let edits = [edit(2..6, ""), edit(3..4, "x"), edit(5..99, "y")];
        let kept: Vec<&Edit> = ordered(&edits, text.len()).collect();
        assert_eq!(kept, vec![&edits[0]]);
    }
}
