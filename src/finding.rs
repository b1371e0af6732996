//! The catalogue of findings: every code the tool reports, its severity and article.

pub mod catalogue;
pub mod fold;

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
    /// `RE[]` claims a count, but the record stops on an open board, far from an end.
    OpenBoard,
    SetupWithoutLiberties,
    HandicapInferred,
    NotGo,
    /// The audit of a game stopped on a fault of the tool itself (a caught panic).
    InternalError,
    /// The game was read before, maybe rotated, mirrored, with colours swapped, cut short
    /// or with a few moves changed (`audit --duplicates`).
    Duplicate,
    // The format of the record, one code per kind of problem an SGF checker reports
    // (FF[4] specification, <https://www.red-bean.com/sgf/>).
    UnknownProperty,
    LongIdentifier,
    LowercaseIdentifier,
    PropertyVersion,
    ComposeExpected,
    EmptyValue,
    BadValue,
    OldPass,
    MultipleValues,
    RepeatedProperty,
    GameInfoFormat,
    SetupAndMove,
    TwoMoves,
    RootOutsideRoot,
    /// `AB`, `AW` or `AE` that change nothing: the points already hold what they put there.
    SetupNoEffect,
    /// A NUL byte (`$00`) in the text.
    NulByte,
    /// Game information in a second node of one path.
    GameInfoTwice,
    /// A game tree whose `FF` or `GM` differs from the file's first tree.
    MixedCollection,
    /// A point named more than once among `AB`, `AW` and `AE` of one node: read in the
    /// order written, the last word standing.
    SetupConflict,
}

impl Code {
    pub const ALL: [Code; 44] = [
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
        Code::OpenBoard,
        Code::SetupWithoutLiberties,
        Code::HandicapInferred,
        Code::NotGo,
        Code::InternalError,
        Code::Duplicate,
        Code::UnknownProperty,
        Code::LongIdentifier,
        Code::LowercaseIdentifier,
        Code::PropertyVersion,
        Code::ComposeExpected,
        Code::EmptyValue,
        Code::BadValue,
        Code::OldPass,
        Code::MultipleValues,
        Code::RepeatedProperty,
        Code::GameInfoFormat,
        Code::SetupAndMove,
        Code::TwoMoves,
        Code::RootOutsideRoot,
        Code::SetupNoEffect,
        Code::NulByte,
        Code::GameInfoTwice,
        Code::MixedCollection,
        Code::SetupConflict,
    ];

    /// Names that stand for several codes in `--select`, `--ignore`, `--fail-on` and
    /// `sgfaudit.toml`: `parse-error` keeps naming every finding it named before its
    /// kinds got codes of their own; `format` names every format code.
    pub const GROUPS: [(&'static str, &'static [Code]); 2] = [
        (
            "parse-error",
            &[
                Code::ParseError,
                Code::LowercaseIdentifier,
                Code::MultipleValues,
                Code::RepeatedProperty,
                Code::TwoMoves,
                Code::RootOutsideRoot,
            ],
        ),
        (
            "format",
            &[
                Code::ParseError,
                Code::UnknownProperty,
                Code::LongIdentifier,
                Code::LowercaseIdentifier,
                Code::PropertyVersion,
                Code::ComposeExpected,
                Code::EmptyValue,
                Code::BadValue,
                Code::OldPass,
                Code::MultipleValues,
                Code::RepeatedProperty,
                Code::GameInfoFormat,
                Code::SetupAndMove,
                Code::TwoMoves,
                Code::RootOutsideRoot,
                Code::SetupNoEffect,
                Code::NulByte,
                Code::GameInfoTwice,
                Code::MixedCollection,
                Code::SetupConflict,
            ],
        ),
    ];

    /// The codes a name stands for: the group's codes, or the one code of that name.
    pub fn named(name: &str) -> Option<Vec<Code>> {
        if let Some((_, codes)) = Code::GROUPS.iter().find(|(g, _)| *g == name) {
            return Some(codes.to_vec());
        }
        Code::from_name(name).map(|c| vec![c])
    }

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
            Code::OpenBoard => "open-board",
            Code::SetupWithoutLiberties => "setup-without-liberties",
            Code::HandicapInferred => "handicap-inferred",
            Code::NotGo => "not-go",
            Code::InternalError => "internal-error",
            Code::Duplicate => "duplicate",
            Code::UnknownProperty => "unknown-property",
            Code::LongIdentifier => "long-identifier",
            Code::LowercaseIdentifier => "lowercase-identifier",
            Code::PropertyVersion => "property-version",
            Code::ComposeExpected => "compose-expected",
            Code::EmptyValue => "empty-value",
            Code::BadValue => "bad-value",
            Code::OldPass => "old-pass",
            Code::MultipleValues => "multiple-values",
            Code::RepeatedProperty => "repeated-property",
            Code::GameInfoFormat => "game-info-format",
            Code::SetupAndMove => "setup-and-move",
            Code::TwoMoves => "two-moves",
            Code::RootOutsideRoot => "root-outside-root",
            Code::SetupNoEffect => "setup-no-effect",
            Code::NulByte => "nul-byte",
            Code::GameInfoTwice => "game-info-twice",
            Code::MixedCollection => "mixed-collection",
            Code::SetupConflict => "setup-conflict",
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
            // A count is made at the end of the game (art. 7), of the stones both sides
            // then agree are dead (art. 8): a record cut on an open board never got there.
            Code::OpenBoard => Some(7),
            Code::HandicapMismatch => None,
            _ => None,
        }
    }
}

impl Code {
    /// The codes of a move the replay voids (art. 19): the player loses the turn.
    pub fn voids_move(self) -> bool {
        matches!(
            self,
            Code::Occupied
                | Code::OffBoard
                | Code::Suicide
                | Code::Ko
                | Code::Superko
                | Code::BadProperty
        )
    }

    /// The severity a format code is reported with: `info` for what breaks no reader,
    /// `warning` for what readers take differently, `error` for what changes the position
    /// readers replay (SGFC calls it an error too); `None` for the codes whose severity
    /// depends on the finding.
    pub fn format_severity(self) -> Option<Severity> {
        match self {
            Code::UnknownProperty
            | Code::LongIdentifier
            | Code::PropertyVersion
            | Code::ComposeExpected
            | Code::EmptyValue
            | Code::OldPass
            | Code::GameInfoFormat
            | Code::SetupNoEffect => Some(Severity::Info),
            Code::LowercaseIdentifier
            | Code::BadValue
            | Code::MultipleValues
            | Code::RepeatedProperty
            | Code::SetupAndMove
            | Code::TwoMoves
            | Code::RootOutsideRoot
            | Code::NulByte
            | Code::GameInfoTwice => Some(Severity::Warning),
            Code::SetupConflict => Some(Severity::Error),
            _ => None,
        }
    }

    /// The place in the SGF `FF[4]` specification (<https://www.red-bean.com/sgf/>) a
    /// format code rests on.
    pub fn specification(self) -> Option<&'static str> {
        Some(match self {
            Code::UnknownProperty => "FF[4] Property index (properties.html); private properties (sgf.html#private)",
            Code::LongIdentifier => "FF[4] EBNF: PropIdent (sgf.html#ebnf-def); Property index (properties.html)",
            Code::LowercaseIdentifier => "FF[4] EBNF: PropIdent = UcLetter { UcLetter } (sgf.html#ebnf-def); FF[3] to FF[4] changes (ff4_changes.html)",
            Code::PropertyVersion => "FF[4] Property index, column FF (properties.html); FF[4] changes (ff4_changes.html)",
            Code::ComposeExpected => "FF[4] Property value types: Compose (sgf.html#types); AP, LB, AR, LN, SZ, FG (properties.html)",
            Code::EmptyValue => "FF[4] Property value types: None only where the property allows it (sgf.html#types)",
            Code::BadValue => "FF[4] Property value types: Number, Real, Double, Color, Point (sgf.html#types)",
            Code::OldPass => "FF[4] Go: pass as B[] (go.html#types); FF[3] and earlier: B[tt] (ff4_changes.html)",
            Code::MultipleValues => "FF[4] Property value types: list only where the property says so (sgf.html#types)",
            Code::RepeatedProperty => "FF[4] Nodes: only one of each property per node (sgf.html#nodes)",
            Code::GameInfoFormat => "FF[4] Game info properties: DT, RE, TM, KM, HA formats (properties.html#DT, #RE, #TM, #KM, #HA)",
            Code::SetupAndMove => "FF[4] Property types: setup and move properties in one node (sgf.html#types)",
            Code::TwoMoves => "FF[4] Property types: move properties, B and W in one node (sgf.html#types)",
            Code::RootOutsideRoot => "FF[4] Property types: root properties only in the root (sgf.html#types)",
            Code::SetupNoEffect => "FF[4] Setup properties: AB, AW, AE add and remove stones (properties.html#AB, #AW, #AE)",
            Code::NulByte => "FF[4] EBNF: values are text, property identifiers capitals, white space between (sgf.html#ebnf-def)",
            Code::GameInfoTwice => "FF[4] Property types: game-info properties once on a path, in the game-info node (sgf.html#types)",
            Code::SetupConflict => "FF[4] Setup properties: AB, AW and AE must have unique points, none named twice in one node (properties.html#AB, #AW, #AE)",
            Code::MixedCollection => "FF[4] Collection: FF and GM are given in the root of each game tree (sgf.html#ebnf-def; properties.html#FF, #GM)",
            _ => return None,
        })
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
    /// the record's structure (a missing `;`, a repeated property).
    pub fix: Option<Box<Fix>>,
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
