//! What `audit --fix` does with each finding code: how the fix rewrites it, or why there
//! is none, as the code's declaration says ([`crate::finding::registry`]).
//! `sgfaudit explain CODE` prints it.

use crate::finding::Code;

/// How `--fix` rewrites a finding of `code`, or why it leaves it.
pub fn how(code: Code) -> &'static str {
    code.fix_text()
}

/// The line `sgfaudit explain CODE` shows about the fix.
pub fn line(code: Code) -> String {
    format!("\nfix (audit --fix): {}\n", how(code))
}
