//! The catalogue of findings: every code the tool reports, its severity and article.

pub mod catalogue;
mod codes;
pub mod fold;
pub mod registry;

pub use codes::Code;

/// How serious a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// What was normalised (komi in hundredths, say).
    Info,
    /// A record that is readable but irregular.
    Warning,
    /// A move the rules forbid, or a game that cannot be read.
    Error,
}

impl Severity {
    pub const ALL: [Severity; 3] = [Severity::Info, Severity::Warning, Severity::Error];

    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl Code {
    /// The codes a name stands for: the group's codes, or the one code of that name.
    pub fn named(name: &str) -> Option<Vec<Code>> {
        if let Some((_, codes)) = Code::GROUPS.iter().find(|(g, _)| *g == name) {
            return Some(codes.to_vec());
        }
        Code::from_name(name).map(|c| vec![c])
    }

    pub fn from_name(name: &str) -> Option<Code> {
        Code::ALL.into_iter().find(|c| c.as_str() == name)
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One thing found in one game, with its place in the file.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    pub code: Code,
    pub severity: Severity,
    /// Move number from 1 (passes count, setup nodes do not); `None` when the finding
    /// is not about a move.
    pub r#move: Option<u32>,
    pub color: Option<&'static str>,
    /// SGF coordinate of the move.
    pub point: Option<String>,
    /// Human coordinate (GTP style: `D16`).
    pub vertex: Option<String>,
    pub line: u32,
    pub column: u32,
    pub article: Option<u32>,
    pub message: String,
    /// For repetitions: the most recent move after which the repeated position stood
    /// (0 = the start position).
    pub first_seen: Option<u32>,
    /// For repetitions: the length of the cycle in moves.
    pub cycle_length: Option<u32>,
    /// The side variation the finding is in, as the child indices of the game trees from
    /// the root down to it (`"1"`, `"0.2.1"`); `None` on the main line.
    pub variation: Option<Box<str>>,
    /// For a finding about a move that comes after a move the replay voided on the same
    /// path (the same game and side variation, or a line that leaves it later): the number
    /// of the first such voided move, whose lost turn may be the whole cause (a stone
    /// meant to capture that is not there). `None` otherwise, and on the voided move.
    pub after_void: Option<u32>,
    /// Byte offset in the game's text (resolved to `line`/`column` before reporting).
    pub offset: usize,
    /// True when `audit --fix` rewrites the record so that the finding is gone.
    pub fixable: bool,
    /// The fix of the finding as data, made where the problem is found (the message
    /// states the same value); `None` when the finding has none, or its fix is made from
    /// the record's structure (a repeated property; recovered syntax, by [`Recovery`]).
    pub fix: Option<Box<Fix>>,
    /// For a `parse-error`: how the syntax was recovered, which says what a fix writes
    /// (a missing `(`, `;` or `)`) or why the game's syntax is left as it is.
    pub recovery: Option<Recovery>,
}

/// How the reader recovered broken syntax: what `audit --fix` writes for it, or why the
/// game's syntax is left as it is (a recovery that is a guess, as every `parse-error`
/// without one is).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recovery {
    /// The game tree's `(` before its first `;` is missing: a fix writes it.
    MissingOpen,
    /// A node's `;` after `(` is missing, at the finding's offset: a fix writes it.
    MissingSemicolon,
    /// So many `)` are missing at the end of the file: a fix writes them.
    Unclosed(usize),
    /// Text before the first game tree: left as it is; the game itself is not in doubt.
    TextBefore,
    /// Text between game trees: which of its brackets were syntax is a guess, and so is
    /// every bracket of the game after it.
    TextBetween,
    /// A value never closed: where the game tree ends is a guess.
    ValueOpen,
}

/// Whether a fix keeps what the record means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Applicability {
    /// The meaning is kept: `audit --fix` makes it.
    Safe,
    /// Something is given up (a date's time of day, a result's unreadable margin): made
    /// only with `--unsafe-fixes`.
    OnRequest,
}

/// A new value for the value a finding is about: `DT[2018.04.27]` -> `2018-04-27`,
/// `TM[10:00(5x1:00)]` -> `600` with `OT[5x1:00]` after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    /// The value as written (trimmed, escapes left in).
    pub from: String,
    /// What it becomes.
    pub to: String,
    /// A property written after it, identifier and value (a time's overtime).
    pub added: Option<(&'static str, String)>,
    pub applicability: Applicability,
}

impl Fix {
    pub fn safe(from: &str, to: impl Into<String>) -> Fix {
        Fix {
            from: from.to_string(),
            to: to.into(),
            added: None,
            applicability: Applicability::Safe,
        }
    }

    /// The property as the fix writes it: `DT[2018-04-27]`, `TM[600]OT[5x1:00]`.
    pub fn written(&self, id: &str) -> String {
        let mut out = format!("{id}[{}]", self.to);
        if let Some((added, value)) = &self.added {
            out.push_str(&format!("{added}[{value}]"));
        }
        out
    }
}

impl Finding {
    /// True when the finding's fix gives something up: `audit --fix` makes it only with
    /// `--unsafe-fixes`.
    pub fn fixed_on_request(&self) -> bool {
        self.fix
            .as_ref()
            .is_some_and(|fix| fix.applicability == Applicability::OnRequest)
    }

    /// Where in its game the finding is, for messages: `game 3`, or `game 3, variation
    /// 1.0` in a side variation.
    pub fn in_game(&self, game: impl std::fmt::Display) -> String {
        match &self.variation {
            None => format!("game {game}"),
            Some(v) => format!("game {game}, variation {v}"),
        }
    }

    /// A finding at a byte offset of the game's text; line and column are filled later.
    pub fn new(
        code: Code,
        severity: Severity,
        offset: usize,
        message: impl Into<String>,
    ) -> Finding {
        Finding {
            code,
            severity,
            r#move: None,
            color: None,
            point: None,
            vertex: None,
            line: 0,
            column: 0,
            article: code.article(),
            message: message.into(),
            first_seen: None,
            cycle_length: None,
            variation: None,
            after_void: None,
            offset,
            fixable: false,
            fix: None,
            recovery: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalogue_lists_every_code_once_in_declaration_order() {
        for (i, code) in Code::ALL.iter().enumerate() {
            assert_eq!(*code as usize, i, "{code}");
            assert_eq!(Code::from_name(code.as_str()), Some(*code));
        }
    }

    #[test]
    fn groups_name_known_codes_and_parse_error_keeps_its_own() {
        assert_eq!(Code::named("superko"), Some(vec![Code::Superko]));
        let parse = Code::named("parse-error").unwrap();
        assert!(parse.contains(&Code::ParseError) && parse.contains(&Code::RepeatedProperty));
        assert!(Code::named("format")
            .unwrap()
            .contains(&Code::UnknownProperty));
        assert_eq!(Code::named("nonsense"), None);
        for (_, codes) in Code::GROUPS {
            for code in codes.iter().filter(|c| **c != Code::ParseError) {
                // `mixed-collection` is a warning for GM, info for FF.
                let one_severity = *code != Code::MixedCollection;
                assert_eq!(code.format_severity().is_some(), one_severity, "{code}");
                assert!(code.specification().is_some(), "{code}");
            }
        }
    }
}
