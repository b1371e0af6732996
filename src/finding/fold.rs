//! Findings that follow from one cause, shown as one: a voided move and the findings
//! about later moves of its path that carry its number (`after_void`), for the formats
//! people read line by line (table, concise). Machine formats keep every finding.

use std::collections::HashMap;

use super::Finding;

/// How a human format shows one finding of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// On a line of its own, with how many findings after it are folded under it.
    Line { folded: usize },
    /// Folded under an earlier finding of the game: the voided move it follows.
    Folded,
}

/// True when variation `outer` (`None`: the main line) is on the path from the root to
/// `inner`: the same line, or one that `inner` leaves from (`"1"` holds `"1.0.2"`).
fn on_path_to(outer: Option<&str>, inner: Option<&str>) -> bool {
    match (outer, inner) {
        (None, _) => true,
        (Some(_), None) => false,
        (Some(o), Some(i)) => i == o || i.strip_prefix(o).is_some_and(|r| r.starts_with('.')),
    }
}

/// How each of `findings` (one game's, as reported) is shown: a finding with
/// `after_void` is folded under the finding of that voided move on its path when that
/// one is shown too; otherwise it stands on its own line.
pub fn fold_after_void(findings: &[Finding]) -> Vec<Shown> {
    let mut shown = vec![Shown::Line { folded: 0 }; findings.len()];
    if findings.iter().all(|f| f.after_void.is_none()) {
        return shown;
    }
    // The voided moves that others may follow, by move number.
    let mut heads: HashMap<u32, Vec<usize>> = HashMap::new();
    for (i, h) in findings.iter().enumerate() {
        if let (None, Some(m), true) = (h.after_void, h.r#move, h.code.voids_move()) {
            heads.entry(m).or_default().push(i);
        }
    }
    for (i, f) in findings.iter().enumerate() {
        let Some(void) = f.after_void else { continue };
        // Of the voided moves of that number on lines `f`'s path may pass through, the
        // one of the deepest line: a line that holds move `void` itself left the others
        // before it.
        let head = heads.get(&void).and_then(|candidates| {
            candidates
                .iter()
                .copied()
                .filter(|&h| on_path_to(findings[h].variation.as_deref(), f.variation.as_deref()))
                .max_by_key(|&h| findings[h].variation.as_deref().map_or(0, str::len))
        });
        if let Some(h) = head {
            shown[i] = Shown::Folded;
            if let Shown::Line { folded } = &mut shown[h] {
                *folded += 1;
            }
        }
    }
    shown
}

/// The words a finding's line ends with when others are folded under it.
pub fn folded_note(folded: usize) -> String {
    match folded {
        0 => String::new(),
        n => format!(" (and {n} more after it)"),
    }
}

/// The words that name the voided move a finding follows (` (after the void move 9)`),
/// for the formats whose findings are text and keep every one (GitLab, JUnit), and for a
/// finding the table shows alone.
pub fn after_void_note(f: &Finding) -> String {
    f.after_void
        .map(|m| format!(" (after the void move {m})"))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finding::{Code, Severity};

    fn at(code: Code, mv: u32, variation: Option<&str>, after_void: Option<u32>) -> Finding {
        let mut f = Finding::new(code, Severity::Error, 0, "");
        f.r#move = Some(mv);
        f.variation = variation.map(Into::into);
        f.after_void = after_void;
        f
    }

    #[test]
    fn findings_after_a_voided_move_fold_under_it_on_its_path_only() {
        let findings = [
            at(Code::Superko, 10, None, None),
            at(Code::Occupied, 11, None, Some(10)),
            at(Code::Occupied, 13, Some("1"), Some(10)),
            at(Code::Ko, 12, Some("2"), None),
            at(Code::Occupied, 14, Some("2.0.1"), Some(12)),
            at(Code::Occupied, 14, Some("21"), Some(12)),
        ];
        let shown = fold_after_void(&findings);
        assert_eq!(shown[0], Shown::Line { folded: 2 });
        assert_eq!(shown[1], Shown::Folded);
        assert_eq!(shown[2], Shown::Folded);
        assert_eq!(shown[3], Shown::Line { folded: 1 });
        assert_eq!(shown[4], Shown::Folded);
        // Variation 21 is no line that leaves variation 2: it stands alone.
        assert_eq!(shown[5], Shown::Line { folded: 0 });
        assert_eq!(folded_note(2), " (and 2 more after it)");
    }

    #[test]
    fn a_line_that_leaves_before_the_voided_move_folds_under_its_own() {
        // Variation 1 leaves before move 5: its own move 5 is voided, not the main line's.
        let findings = [
            at(Code::Occupied, 5, None, None),
            at(Code::Suicide, 5, Some("1"), None),
            at(Code::Occupied, 7, Some("1.0"), Some(5)),
        ];
        let shown = fold_after_void(&findings);
        assert_eq!(shown[0], Shown::Line { folded: 0 });
        assert_eq!(shown[1], Shown::Line { folded: 1 });
        assert_eq!(shown[2], Shown::Folded);
    }

    #[test]
    fn a_finding_whose_voided_move_is_not_shown_stands_alone() {
        let findings = [at(Code::Occupied, 11, None, Some(10))];
        assert_eq!(fold_after_void(&findings), vec![Shown::Line { folded: 0 }]);
    }
}
