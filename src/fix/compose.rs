//! Two rounds of edits as one: `--fix` may need a second round (a fix that makes another
//! finding fixable), but its diff and its write are made from one list of edits over the
//! text that was read.

use std::ops::Range;

use super::Edit;

/// The edits over the first text that give `last`, the text `then` makes of the text
/// `first` makes. Both lists are in order and do not overlap; so is the result. A range
/// that both rounds touch becomes one edit.
pub fn compose(first: &[Edit], then: &[Edit], last: &str) -> Vec<Edit> {
    if first.is_empty() && then.is_empty() {
        return Vec::new();
    }
    let shifts_first = Shifts::of(first);
    let shifts_then = Shifts::of(then);
    let mut ranges: Vec<Range<usize>> = first.iter().map(|e| e.range.clone()).collect();
    ranges.extend(then.iter().map(|e| shifts_first.back(&e.range)));
    ranges.sort_by_key(|r| (r.start, r.end));
    let mut merged: Vec<Range<usize>> = Vec::with_capacity(ranges.len());
    for range in ranges {
        match merged.last_mut() {
            Some(last) if range.start <= last.end => last.end = last.end.max(range.end),
            _ => merged.push(range),
        }
    }
    merged
        .into_iter()
        .map(|range| {
            let start = shifts_then.start(shifts_first.start(range.start));
            let end = shifts_then.end(shifts_first.end(range.end));
            Edit {
                text: last[start..end].to_string(),
                range,
            }
        })
        .collect()
}

/// Where a list of edits moves the offsets of its text: for each edit, its range and the
/// growth of the text up to its end.
struct Shifts {
    /// `(start, end, growth after it)`, in order.
    edits: Vec<(usize, usize, isize)>,
}

impl Shifts {
    fn of(edits: &[Edit]) -> Shifts {
        let mut growth = 0isize;
        let edits = edits
            .iter()
            .map(|e| {
                growth += e.text.len() as isize - e.range.len() as isize;
                (e.range.start, e.range.end, growth)
            })
            .collect();
        Shifts { edits }
    }

    /// The growth of the edits that `counts` takes in.
    fn growth(&self, counts: impl Fn(&(usize, usize, isize)) -> bool) -> isize {
        let n = self.edits.partition_point(|e| counts(e));
        n.checked_sub(1).map_or(0, |i| self.edits[i].2)
    }

    /// Where an offset that starts a range lands (before an insertion made at it).
    fn start(&self, at: usize) -> usize {
        (at as isize + self.growth(|e| e.1 <= at && e.0 < at)) as usize
    }

    /// Where an offset that ends a range lands (after an insertion made at it).
    fn end(&self, at: usize) -> usize {
        (at as isize + self.growth(|e| e.1 <= at)) as usize
    }

    /// The range of the text before the edits that a range of the text after them comes
    /// from: widened to whole edits where it starts or ends inside one's new text.
    fn back(&self, range: &Range<usize>) -> Range<usize> {
        let start = self.back_one(range.start, true);
        let end = self.back_one(range.end, false);
        start..end.max(start)
    }

    /// An offset of the text after the edits, taken back: a start inside an edit's new
    /// text goes to the edit's start, an end to its end.
    fn back_one(&self, at: usize, is_start: bool) -> usize {
        let new_end = |i: usize| (self.edits[i].1 as isize + self.edits[i].2) as usize;
        let i = self
            .edits
            .partition_point(|&(_, end, growth)| ((end as isize + growth) as usize) < at);
        let before = |i: usize| i.checked_sub(1).map_or(0, |j| self.edits[j].2);
        let Some(&(start, end, _)) = self.edits.get(i) else {
            return (at as isize - before(self.edits.len())) as usize;
        };
        let new_start = (start as isize + before(i)) as usize;
        if at <= new_start {
            (at as isize - before(i)) as usize
        } else if is_start && at < new_end(i) {
            start
        } else {
            end
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fix::apply;

    fn edit(range: Range<usize>, text: &str) -> Edit {
        Edit::new(range, text)
    }

    /// Applies both rounds, then the composed edits, and compares.
    fn check(text: &str, first: &[Edit], then: &[Edit]) {
        let middle = apply(text, first);
        let last = apply(&middle, then);
        let both = compose(first, then, &last);
        assert_eq!(apply(text, &both), last, "{both:?}");
        for pair in both.windows(2) {
            assert!(pair[0].range.end <= pair[1].range.start, "{both:?}");
        }
    }

    #[test]
    fn rounds_apart_inside_and_across_compose_to_the_same_text() {
        let text = "(;GM[1]FF[4]AB[aa]B[dd]C[x];W[ee])";
        // Apart.
        check(text, &[edit(4..5, "11")], &[edit(20..21, "q")]);
        // The second round edits the first's new text.
        check(text, &[edit(4..5, "123")], &[edit(5..6, "X")]);
        // Across the first's edit.
        check(text, &[edit(4..5, "123")], &[edit(2..9, "")]);
        // Insertions at one place, and at the end.
        check(
            text,
            &[edit(0..0, "(")],
            &[edit(0..0, "x"), edit(35..35, ")")],
        );
        check(text, &[edit(18..18, ";")], &[edit(18..19, "")]);
        check(text, &[], &[edit(3..4, "Q")]);
        check(text, &[edit(3..4, "Q")], &[]);
        // Many of each.
        check(
            text,
            &[edit(1..2, ""), edit(8..8, "zz"), edit(20..25, "k")],
            &[
                edit(0..1, "[["),
                edit(7..9, ""),
                edit(15..17, "yy"),
                edit(21..22, ""),
            ],
        );
    }
}
