//! The catalogue of findings: every code the tool reports, its severity and article.

pub mod catalogue;

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

/// Finding codes (kebab-case in reports, never reused).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Code {
    ParseError,
    BadEncoding,
    BadProperty,
    TooLarge,
    Occupied,
    OffBoard,
    Suicide,
    Ko,
    Superko,
    Cycle,
    ConsecutiveMove,
    MoveAfterEnd,
    SetupInGame,
    HandicapMismatch,
    KomiNormalized,
    UnknownRules,
    UnparsedResult,
    ResultMismatch,
    CountingConvention,
    SetupWithoutLiberties,
    HandicapInferred,
    NotGo,
    /// The audit of a game stopped on a fault of the tool itself (a caught panic).
    InternalError,
}

impl Code {
    pub const ALL: [Code; 23] = [
        Code::ParseError,
        Code::BadEncoding,
        Code::BadProperty,
        Code::TooLarge,
        Code::Occupied,
        Code::OffBoard,
        Code::Suicide,
        Code::Ko,
        Code::Superko,
        Code::Cycle,
        Code::ConsecutiveMove,
        Code::MoveAfterEnd,
        Code::SetupInGame,
        Code::HandicapMismatch,
        Code::KomiNormalized,
        Code::UnknownRules,
        Code::UnparsedResult,
        Code::ResultMismatch,
        Code::CountingConvention,
        Code::SetupWithoutLiberties,
        Code::HandicapInferred,
        Code::NotGo,
        Code::InternalError,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Code::ParseError => "parse-error",
            Code::BadEncoding => "bad-encoding",
            Code::BadProperty => "bad-property",
            Code::TooLarge => "too-large",
            Code::Occupied => "occupied",
            Code::OffBoard => "off-board",
            Code::Suicide => "suicide",
            Code::Ko => "ko",
            Code::Superko => "superko",
            Code::Cycle => "cycle",
            Code::ConsecutiveMove => "consecutive-move",
            Code::MoveAfterEnd => "move-after-end",
            Code::SetupInGame => "setup-in-game",
            Code::HandicapMismatch => "handicap-mismatch",
            Code::KomiNormalized => "komi-normalized",
            Code::UnknownRules => "unknown-rules",
            Code::UnparsedResult => "unparsed-result",
            Code::ResultMismatch => "result-mismatch",
            Code::CountingConvention => "counting-convention",
            Code::SetupWithoutLiberties => "setup-without-liberties",
            Code::HandicapInferred => "handicap-inferred",
            Code::NotGo => "not-go",
            Code::InternalError => "internal-error",
        }
    }

    pub fn from_name(name: &str) -> Option<Code> {
        Code::ALL.into_iter().find(|c| c.as_str() == name)
    }

    /// The article of the Chinese Weiqi Rules (2002) the finding is about, if any.
    pub fn article(self) -> Option<u32> {
        match self {
            Code::Occupied | Code::OffBoard => Some(19),
            Code::Suicide => Some(5),
            Code::Ko => Some(20),
            Code::Superko => Some(6),
            Code::Cycle => Some(20),
            Code::ConsecutiveMove => Some(17),
            Code::MoveAfterEnd => Some(7),
            Code::ResultMismatch => Some(9),
            Code::HandicapMismatch => None,
            _ => None,
        }
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
    /// Byte offset in the game's text (resolved to `line`/`column` before reporting).
    pub offset: usize,
}

impl Finding {
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
            offset,
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
}
