//! How a finding code is declared once (in `codes.rs`): `declare_codes!` takes each code's
//! parts (name, severity, article, groups, FF[4] specification, whether the replay voids
//! the move, what it means, an example record, what `audit --fix` does) and makes the
//! `Code` enum, [`Code::ALL`] and the table every list of codes is read from: the catalogue
//! and `sgfaudit explain`, the guide's codes page, the SARIF rules, the schema's enums, the
//! `--help` list and the fix catalogue. A declaration that leaves out a part does not
//! compile; the tests below hold the parts to their form.

use super::{Code, Severity};

/// A name that stands for several codes in `--select`, `--ignore`, `--fail-on` and
/// `sgfaudit.toml`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// `parse-error`: every finding `parse-error` named before its kinds got codes of
    /// their own.
    ParseError,
    /// `format`: every code of the record's format.
    Format,
}

impl Group {
    pub const ALL: [Group; 2] = [Group::ParseError, Group::Format];

    pub const fn name(self) -> &'static str {
        match self {
            Group::ParseError => "parse-error",
            Group::Format => "format",
        }
    }
}

/// What `audit --fix` does with a code: some findings of it are rewritten away
/// (`May`, with how), or none is (`No`, with why).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fix {
    May(&'static str),
    No(&'static str),
}

/// Why `--fix` leaves a matter of the game.
pub const GAME_MATTER: &str =
    "no fix: a matter of the game (its moves, result or rules), which --fix never changes.";
/// Why `--fix` leaves a property that is in the wrong node.
pub const ROOT_VALUE: &str = "no fix: moving the property could contradict the root's own value.";
/// Why `--fix` leaves private and version-specific properties.
pub const KEPT_PROPERTIES: &str =
    "no fix: private and version-specific properties are kept as they are.";
/// Why `--fix` leaves what only readers take differently.
pub const KEPT_BYTES: &str = "no fix: what the record holds is kept byte for byte.";

/// One code's declaration.
#[derive(Debug)]
pub struct Declaration {
    pub code: Code,
    /// The kebab-case name reports use.
    pub name: &'static str,
    /// The severities it comes with, the usual one first.
    pub severities: &'static [Severity],
    /// The severities as the catalogue names them (`warning or error`).
    pub severity_words: &'static str,
    /// The article of the Chinese Weiqi Rules (2002) it is about.
    pub article: Option<u32>,
    pub groups: &'static [Group],
    /// The place in the SGF `FF[4]` specification it rests on.
    pub specification: Option<&'static str>,
    /// The replay voids the move (art. 19): the player loses the turn.
    pub voids_move: bool,
    /// What it means.
    pub what: &'static str,
    /// A record that raises it (`None` when no short record can show it).
    pub example: Option<&'static str>,
    pub fix: Fix,
}

/// The [`Severity`] a catalogue word names.
macro_rules! severity_named {
    (info) => {
        $crate::finding::Severity::Info
    };
    (warning) => {
        $crate::finding::Severity::Warning
    };
    (error) => {
        $crate::finding::Severity::Error
    };
}
pub(crate) use severity_named;

/// Declares every finding code, each once, in catalogue order (the order of reports and
/// of [`Code::ALL`]); see `codes.rs`.
macro_rules! declare_codes {
    ($(
        $(#[$meta:meta])*
        $variant:ident = $name:literal {
            severity: $usual:ident $(or $other:ident)*,
            article: $article:expr,
            groups: [$($group:ident),*],
            specification: $specification:expr,
            voids_move: $voids_move:literal,
            what: $what:literal,
            example: $example:expr,
            fix: $fix:ident($fix_text:expr),
        }
    )*) => {
        /// Finding codes (kebab-case in reports, never reused).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Code {
            $($(#[$meta])* $variant,)*
        }

        /// How many codes there are.
        pub const COUNT: usize = [$($name),*].len();

        impl Code {
            pub const ALL: [Code; COUNT] = [$(Code::$variant),*];
        }

        /// Every code's declaration, in the order of [`Code::ALL`].
        pub const DECLARATIONS: [$crate::finding::registry::Declaration; COUNT] = [$(
            $crate::finding::registry::Declaration {
                code: Code::$variant,
                name: $name,
                severities: &[
                    $crate::finding::registry::severity_named!($usual)
                    $(, $crate::finding::registry::severity_named!($other))*
                ],
                severity_words: concat!(stringify!($usual) $(, " or ", stringify!($other))*),
                article: $article,
                groups: &[$($crate::finding::registry::Group::$group),*],
                specification: $specification,
                voids_move: $voids_move,
                what: $what,
                example: $example,
                fix: $crate::finding::registry::Fix::$fix($fix_text),
            },
        )*];
    };
}
pub(crate) use declare_codes;

/// The table, where the program reads it (one copy, not one per use of the constant).
static TABLE: [Declaration; super::codes::COUNT] = super::codes::DECLARATIONS;

/// How many codes are in `group`.
const fn members(group: Group) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < super::codes::COUNT {
        if in_group(&super::codes::DECLARATIONS[i], group) {
            n += 1;
        }
        i += 1;
    }
    n
}

const fn in_group(declaration: &Declaration, group: Group) -> bool {
    let mut i = 0;
    while i < declaration.groups.len() {
        if declaration.groups[i] as u8 == group as u8 {
            return true;
        }
        i += 1;
    }
    false
}

/// The codes of `group`, in catalogue order.
const fn codes_of<const N: usize>(group: Group) -> [Code; N] {
    let mut codes = [Code::ParseError; N];
    let mut n = 0;
    let mut i = 0;
    while i < super::codes::COUNT {
        let declaration = &super::codes::DECLARATIONS[i];
        if in_group(declaration, group) {
            codes[n] = declaration.code;
            n += 1;
        }
        i += 1;
    }
    codes
}

const PARSE_ERROR_CODES: [Code; members(Group::ParseError)] = codes_of(Group::ParseError);
const FORMAT_CODES: [Code; members(Group::Format)] = codes_of(Group::Format);

impl Code {
    /// Names that stand for several codes in `--select`, `--ignore`, `--fail-on` and
    /// `sgfaudit.toml`: `parse-error` keeps naming every finding it named before its
    /// kinds got codes of their own; `format` names every format code.
    pub const GROUPS: [(&'static str, &'static [Code]); 2] = [
        (Group::ParseError.name(), &PARSE_ERROR_CODES),
        (Group::Format.name(), &FORMAT_CODES),
    ];

    /// The code's declaration.
    pub fn declaration(self) -> &'static Declaration {
        &TABLE[self as usize]
    }

    pub fn as_str(self) -> &'static str {
        self.declaration().name
    }

    /// The article of the Chinese Weiqi Rules (2002) the finding is about, if any.
    pub fn article(self) -> Option<u32> {
        self.declaration().article
    }

    /// The codes of a move the replay voids (art. 19): the player loses the turn.
    pub fn voids_move(self) -> bool {
        self.declaration().voids_move
    }

    /// The severity a format code is reported with: `info` for what breaks no reader,
    /// `warning` for what readers take differently, `error` for what changes the position
    /// readers replay (SGFC calls it an error too); `None` for the codes whose severity
    /// depends on the finding, and for the codes outside the `format` group.
    pub fn format_severity(self) -> Option<Severity> {
        let declaration = self.declaration();
        match declaration.severities {
            [one] if declaration.groups.contains(&Group::Format) => Some(*one),
            _ => None,
        }
    }

    /// The place in the SGF `FF[4]` specification (<https://www.red-bean.com/sgf/>) a
    /// format code rests on.
    pub fn specification(self) -> Option<&'static str> {
        self.declaration().specification
    }

    /// Whether some finding of this code can be answered by `audit --fix`.
    pub fn may_fix(self) -> bool {
        matches!(self.declaration().fix, Fix::May(_))
    }

    /// How `--fix` rewrites a finding of this code, or why it leaves it.
    pub fn fix_text(self) -> &'static str {
        match self.declaration().fix {
            Fix::May(how) | Fix::No(how) => how,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_declaration_is_in_its_place_and_named_in_kebab_case() {
        for (i, code) in Code::ALL.into_iter().enumerate() {
            let d = code.declaration();
            assert_eq!(d.code, code);
            assert_eq!(code as usize, i, "{code}");
            assert!(
                !d.name.is_empty()
                    && d.name
                        .bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
                "{code}"
            );
            assert!(
                Code::ALL[..i].iter().all(|c| c.as_str() != d.name),
                "{code}"
            );
        }
    }

    #[test]
    fn every_declaration_has_every_part_in_its_form() {
        for code in Code::ALL {
            let d = code.declaration();
            assert!(d.what.len() > 20 && d.what.ends_with('.'), "{code}: what");
            let mut severities = d.severities.to_vec();
            severities.dedup();
            assert_eq!(severities.len(), d.severities.len(), "{code}: severity");
            if let Some(example) = d.example {
                assert!(example.starts_with("(;"), "{code}: example");
            }
            if let Some(place) = d.specification {
                assert!(place.starts_with("FF[4] "), "{code}: specification");
            }
            match d.fix {
                Fix::May(how) => assert!(how.len() > 20 && !how.starts_with("no fix"), "{code}"),
                Fix::No(why) => assert!(why.starts_with("no fix: "), "{code}: fix"),
            }
            // A format code says where the specification asks for what it checks.
            if d.groups.contains(&Group::Format) && code != Code::ParseError {
                assert!(d.specification.is_some(), "{code}: specification");
            }
        }
    }

    #[test]
    fn groups_list_their_codes_in_catalogue_order() {
        for (group, (name, codes)) in Group::ALL.into_iter().zip(Code::GROUPS) {
            assert_eq!(group.name(), name);
            let declared: Vec<Code> = Code::ALL
                .into_iter()
                .filter(|c| c.declaration().groups.contains(&group))
                .collect();
            assert_eq!(declared, codes, "{name}");
        }
    }
}
