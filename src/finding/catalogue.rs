//! The texts of the finding catalogue: what each code means, its severities, a record
//! that raises it, and the page `sgfaudit explain` prints. Kept beside the codes so that
//! every report (the SARIF rules, say) reads the same words as `explain`.

use super::{Code, Severity};

/// What a code says, the severities it comes with, and an example record (`None` when no
/// short record can show it).
pub fn entry(code: Code) -> (&'static str, &'static str, Option<&'static str>) {
    let e = &ENTRIES[code as usize];
    debug_assert_eq!(e.code, code);
    (e.what, e.severity, e.example)
}

/// One code's texts in the catalogue.
struct Entry {
    code: Code,
    what: &'static str,
    severity: &'static str,
    example: Option<&'static str>,
}

/// The catalogue, in the order of [`Code::ALL`] (checked by a test).
static ENTRIES: [Entry; Code::ALL.len()] = [
    Entry {
        code: Code::ParseError,
        what: "The text of the record is broken: recovered where possible (warning), else the game cannot be read (error, status `error`).",
        severity: "warning or error",
        example: Some("(;GM[1]SZ[9];B[ee];W[cc]"),
    },
    Entry {
        code: Code::BadEncoding,
        what: "The bytes do not fit the character set CA[] names, or CA[] names no known character set or is empty; the text is read as well as it can be.",
        severity: "warning",
        example: Some("(;GM[1]CA[]SZ[9];B[ee])"),
    },
    Entry {
        code: Code::BadProperty,
        what: "A property that cannot be read: a KM[] that is no finite number or more points than the board has, an HA[] that is no number or more stones than the board has; the check is then unverifiable.",
        severity: "warning",
        example: Some("(;GM[1]SZ[9]KM[lots];B[ee])"),
    },
    Entry {
        code: Code::TooLarge,
        what: "The record is beyond the limits sgfaudit reads (board size, nodes, findings): the rest is not read.",
        severity: "error",
        example: None,
    },
    Entry {
        code: Code::Occupied,
        what: "A stone played on an occupied point: the move is void and the player loses the turn.",
        severity: "error",
        example: Some("(;GM[1]SZ[9];B[ee];W[ee])"),
    },
    Entry {
        code: Code::OffBoard,
        what: "A stone played off the board: the move is void and the player loses the turn (error). A value off the board in both coordinates (`zz` on 19x19) is the mark editors and problem books write for a pass (tenuki): it is read as a pass (art. 2) and reported as a warning, with FF[4]'s way to write one (`B[]`). `tt` is a pass up to 19x19 (FF[3] and FF[4]) and a point above; a value off the board in one coordinate only (`sz` on 19x19) stays an error.",
        severity: "error or warning",
        example: Some("(;GM[1]SZ[9];B[ej])"),
    },
    Entry {
        code: Code::Suicide,
        what: "A move that leaves its own chain without liberties and captures nothing (captures come first, art. 4).",
        severity: "error",
        example: Some("(;GM[1]SZ[9];B[ba];W[ee];B[ab];W[aa])"),
    },
    Entry {
        code: Code::Ko,
        what: "Retaking a single-stone ko at once: the move captures one stone and brings back the position before the opponent's last move.",
        severity: "error",
        example: Some("(;GM[1]SZ[9]AB[ba][ab][cb][bc]AW[ca][db][cc];W[bb];B[cb])"),
    },
    Entry {
        code: Code::Superko,
        what: "Any other move that recreates an earlier whole-board position; `first_seen` names the move after which it last stood, `cycle_length` the moves since.",
        severity: "error",
        example: Some("(;GM[1]SZ[7]RU[Chinese]AB[ca][ab][bb]AW[aa][ea][cb][db][eb];B[da];W[ba];B[ca];W[aa])"),
    },
    Entry {
        code: Code::Cycle,
        what: "A repetition that the chosen rules (Japanese, Korean) treat as no result rather than an illegal move.",
        severity: "warning",
        example: None,
    },
    Entry {
        code: Code::ConsecutiveMove,
        what: "One side moves twice in a row: replayed as if the other side had passed.",
        severity: "warning",
        example: Some("(;GM[1]SZ[9];B[ee];B[cc])"),
    },
    Entry {
        code: Code::MoveAfterEnd,
        what: "Moves after two consecutive passes, which end the game: replayed anyway.",
        severity: "warning",
        example: Some("(;GM[1]SZ[9];B[ee];W[];B[];W[cc])"),
    },
    Entry {
        code: Code::SetupInGame,
        what: "AB, AW or AE after the first move: applied, and the repetition history starts again from the position they leave.",
        severity: "warning",
        example: Some("(;GM[1]SZ[9];B[ee];AW[cc];W[gg])"),
    },
    Entry {
        code: Code::HandicapMismatch,
        what: "HA[] disagrees with the black setup stones. When there are none and White moves first, the stones were placed but not recorded: the game is replayed and counted with them at the fixed points (GTP's fixed_handicap), or at another convention's, when every move allows them there; the message says where.",
        severity: "warning",
        example: Some("(;GM[1]SZ[9]HA[4]AB[cc][gg][cg];W[ee])"),
    },
    Entry {
        code: Code::KomiNormalized,
        what: "A komi written in another unit was read as points: Fox's KM[750] and KM[375], stones KM[3.75] under Chinese rules.",
        severity: "info",
        example: Some("(;GM[1]SZ[19]RU[Chinese]KM[375];B[pd])"),
    },
    Entry {
        code: Code::UnknownRules,
        what: "RU[] names no rule set sgfaudit knows: the Chinese rules are used.",
        severity: "warning",
        example: Some("(;GM[1]SZ[9]RU[Foo];B[ee])"),
    },
    Entry {
        code: Code::UnparsedResult,
        what: "RE[] cannot be read as a result: the check is not-counted.",
        severity: "warning",
        example: Some("(;GM[1]SZ[9]RE[Black won, probably];B[ee])"),
    },
    Entry {
        code: Code::ResultMismatch,
        what: "The count contradicts RE[] beyond doubt (status `mismatch`).",
        severity: "warning",
        example: Some("(;GM[1]SZ[9]RU[Chinese]KM[7.5]RE[B+5.5];B[ea];W[da];B[eb];W[db];B[ec];W[dc];B[ed];W[dd];B[ee];W[de];B[ef];W[df];B[eg];W[dg];B[fg];W[dh];B[fh];W[eh];B[fi];W[ei];B[ic];W[cc];B[hc];W[bc];B[gc];W[ac];B[fc];W[];B[])"),
    },
    Entry {
        code: Code::CountingConvention,
        what: "RE[] agrees only with the other counting (area or territory) than the rules name, or with the customary komi: it agrees, and says so.",
        severity: "info",
        example: None,
    },
    Entry {
        code: Code::OpenBoard,
        what: "RE[] claims a count, but the record stops far from an end: the game did not end by two passes and two thirds of the board or more are empty points not yet bordered by one colour (an opening kept with its game's result, a download cut short). No count of such a board checks RE[]: the check is not-counted and no dead stones are estimated.",
        severity: "warning",
        example: Some("(;GM[1]FF[4]SZ[19]KM[7.5]RE[W+2.5];B[pd];W[dd];B[pq];W[dp])"),
    },
    Entry {
        code: Code::SetupWithoutLiberties,
        what: "Setup stones (AB, AW) leave a chain without liberties: it is taken off before play, as a capture would be.",
        severity: "warning",
        example: Some("(;GM[1]SZ[9]AB[ba][ab]AW[aa];B[ee])"),
    },
    Entry {
        code: Code::HandicapInferred,
        what: "No HA[], but two or more black setup stones and no white ones before the first move: read as the handicap, with its compensation.",
        severity: "info",
        example: Some("(;GM[1]SZ[9]AB[cc][gg];W[ee])"),
    },
    Entry {
        code: Code::NotGo,
        what: "GM[] other than 1: the record is not Go and is not replayed (status `error`).",
        severity: "error",
        example: Some("(;GM[3]SZ[8])"),
    },
    Entry {
        code: Code::InternalError,
        what: "The audit of this game failed inside sgfaudit (a bug: please report it); the game's status is `error` and the other games go on.",
        severity: "error",
        example: None,
    },
    Entry {
        code: Code::Duplicate,
        what: "The same game was read earlier in the run (with `audit --duplicates`): the same moves in the same order, whatever the file, encoding, metadata, board symmetry or colours, or cut short (at least 30 moves and half of the longer game), or with a few moves changed; the message names the earlier copy. Games under 30 moves are never duplicates on their moves alone. `sgfaudit dups` lists the clusters.",
        severity: "warning",
        example: None,
    },
    Entry {
        code: Code::UnknownProperty,
        what: "A property identifier the SGF specification does not define (any FF version); private properties of big servers (Fox `TT`, `SY`, KGS `KGSDE`) are named as such. Readers skip it.",
        severity: "info",
        example: Some("(;GM[1]FF[4]SZ[9]XY[1];B[ee])"),
    },
    Entry {
        code: Code::LongIdentifier,
        what: "A property identifier of more than two capital letters: no standard property has one, most readers skip it.",
        severity: "info",
        example: Some("(;GM[1]FF[4]SZ[9]LONGID[1];B[ee])"),
    },
    Entry {
        code: Code::LowercaseIdentifier,
        what: "A property identifier in lower case (`sz[9]`): FF[4] allows capitals only; read as upper case (split from `parse-error`).",
        severity: "warning",
        example: Some("(;gm[1]sz[9];b[ee])"),
    },
    Entry {
        code: Code::PropertyVersion,
        what: "A property that is not defined in the file's FF version (FF[1] when FF[] is missing): `LB`, `AP`, `CA` in an FF[1] file, `TC` or `L` in an FF[4] file. Read anyway. The properties `FF[4]` defines in a file of an older version (a missing `FF[4]`) are one finding per game, at the first, naming each with how many times it is used; a property `FF[4]` dropped is one finding each.",
        severity: "info",
        example: Some("(;GM[1]FF[4]SZ[9]TC[1];B[ee])"),
    },
    Entry {
        code: Code::ComposeExpected,
        what: "A property whose value is a compose `a:b` written without its `:`: `AP[YuanYu]` (application without version), `LB[aa]` (label without text), `AR`, `LN`, `SZ`, `FG`.",
        severity: "info",
        example: Some("(;GM[1]FF[4]SZ[9]AP[Editor];B[ee])"),
    },
    Entry {
        code: Code::EmptyValue,
        what: "An empty value where the property's type needs one: `GN[]`, `C[]`, `TM[]`, `AW[]` (a pass `B[]`, and properties whose type allows none, are fine).",
        severity: "info",
        example: Some("(;GM[1]FF[4]SZ[9]GN[];B[ee])"),
    },
    Entry {
        code: Code::BadValue,
        what: "A value that is not of the property's type (Number, Real, Double, Color, Point): `PM[x]`, `BL[ten]`, `GB[3]`; the message says what it would be corrected to, or that it is dropped.",
        severity: "warning",
        example: Some("(;GM[1]FF[4]SZ[9];B[ee]BL[ten])"),
    },
    Entry {
        code: Code::OldPass,
        what: "A pass written `B[]` in an FF[1]-FF[3] file, where a pass is `B[tt]` (often a missing `FF[4]`). Read as a pass.",
        severity: "info",
        example: Some("(;GM[1]FF[3]SZ[9];B[ee];W[])"),
    },
    Entry {
        code: Code::MultipleValues,
        what: "Several values on a property that takes one (`CA[UTF-8][GB2312]`, `GN[a][b]`, `B[aa][bb]`): the first is read (split from `parse-error`).",
        severity: "warning",
        example: Some("(;GM[1]FF[4]SZ[9]GN[a][b];B[ee])"),
    },
    Entry {
        code: Code::RepeatedProperty,
        what: "A property given twice or more in one node: point lists are merged, of other properties the first is read (split from `parse-error`). One finding per node, at the first repeat, names each repeated property and how many times it is given.",
        severity: "warning",
        example: Some("(;GM[1]FF[4]SZ[9]C[a]C[b];B[ee])"),
    },
    Entry {
        code: Code::GameInfoFormat,
        what: "A game-information value outside the specification's format: `DT` (ISO dates, `YYYY-MM-DD`, and its shortcuts), `RE` (`0`, `?`, `Draw`, `Void`, `B+`/`W+` with `R`, `Resign`, `T`, `Time`, `F`, `Forfeit` or a number), `KM` and `TM` (real numbers), `HA` (a number); the message says what it would be corrected to when it can be.",
        severity: "info",
        example: Some("(;GM[1]FF[4]SZ[9]DT[2018.04.27];B[ee])"),
    },
    Entry {
        code: Code::SetupAndMove,
        what: "Setup properties (`AB`, `AW`, `AE`, `PL`) and a move in one node: FF[4] forbids it; readers differ on which comes first (setup is applied first here).",
        severity: "warning",
        example: Some("(;GM[1]FF[4]SZ[9];AB[aa]B[ee])"),
    },
    Entry {
        code: Code::TwoMoves,
        what: "`B` and `W` (or a move twice) in one node: only the first move is read (split from `parse-error`).",
        severity: "warning",
        example: Some("(;GM[1]FF[4]SZ[9];B[ee]W[cc])"),
    },
    Entry {
        code: Code::RootOutsideRoot,
        what: "A root property (`FF`, `GM`, `SZ`, `CA`, `ST`, `AP`) in a node other than the root: ignored (split from `parse-error`).",
        severity: "warning",
        example: Some("(;GM[1]FF[4]SZ[9];B[ee];SZ[13]W[cc])"),
    },
    Entry {
        code: Code::SetupNoEffect,
        what: "`AB`, `AW` or `AE` that change nothing: a stone added where one of its colour stands, a point emptied that is empty, as the setup and the moves of the path certainly left the board (a stone counts as there only while no move since could have captured it). Applied anyway; the message names the points.",
        severity: "info",
        example: Some("(;GM[1]FF[4]SZ[9]AE[cc];B[ee])"),
    },
    Entry {
        code: Code::NulByte,
        what: "A NUL byte ($00) in the text: no SGF text holds one, a sign of a binary or damaged file; read as a character here, where readers written in C end the text. The first of each game is reported, with how many follow.",
        severity: "warning",
        example: None,
    },
    Entry {
        code: Code::GameInfoTwice,
        what: "Game information (`PB`, `RE`, `KM`, `GN`, ...) in a second node of one path: FF[4] allows one game-info node per path (the root, or a later node when no node before it holds any); readers differ on which they show. Once per node.",
        severity: "warning",
        example: Some("(;GM[1]FF[4]SZ[9]PB[Ann];B[ee]PW[Bob];W[cc])"),
    },
    Entry {
        code: Code::MixedCollection,
        what: "A game tree whose `GM` (warning) or `FF` (info) differs from that of the file's first tree: many readers take the first tree's game for the whole file; each tree is read by its own `FF` here.",
        severity: "info or warning",
        example: Some("(;GM[1]FF[4]SZ[9];B[ee])(;GM[1]FF[3]SZ[9];B[ee])"),
    },
    Entry {
        code: Code::SetupConflict,
        what: "A point named more than once among `AB`, `AW` and `AE` of one node (FF[4] wants each once): the node is read in the order written, the last word on the point standing (`AW[dd]AE[dd]` leaves dd empty), in the main line and in side lines, and the message says what was read. SGFC (its error 38, \"position not unique\") keeps the first word instead: readers disagree on the position.",
        severity: "error",
        example: Some("(;GM[1]FF[4]SZ[9]AW[cc][dd]AE[dd];B[ee];W[dd])"),
    },
];

/// The text `sgfaudit explain CODE` prints.
pub fn explain(code: Code) -> String {
    let (what, severity, example) = entry(code);
    let mut out = format!("{code}\n\n{what}\n\nseverity: {severity}\n");
    match code.article() {
        Some(a) => out.push_str(&format!("article: {a} of the Chinese Weiqi Rules (2002)\n")),
        None => out.push_str("article: none (a matter of the record, not of the rules)\n"),
    }
    if let Some(place) = code.specification() {
        out.push_str(&format!("specification: {place}\n"));
    }
    if let Some((group, _)) = Code::GROUPS
        .iter()
        .find(|(g, codes)| *g == "parse-error" && codes.contains(&code) && code != Code::ParseError)
    {
        out.push_str(&format!(
            "group: {group} (--select/--ignore/--fail-on {group} include it)\n"
        ));
    }
    if let Some(example) = example {
        out.push_str(&format!(
            "\nexample (save it as example.sgf, then: sgfaudit audit example.sgf):\n\n    {example}\n"
        ));
    }
    out
}

/// The severities a code comes with, as the catalogue names them.
pub fn severities(code: Code) -> Vec<Severity> {
    let (_, named, _) = entry(code);
    Severity::ALL
        .into_iter()
        .filter(|s| named.split(' ').any(|w| w == s.as_str()))
        .collect()
}

/// The severity a code usually comes with: the first the catalogue names (`parse-error`,
/// "warning or error", is a warning; `mixed-collection`, "info or warning", an info). The
/// reports colour a code by it.
pub fn usual_severity(code: Code) -> Severity {
    let (_, named, _) = entry(code);
    let first = named.split(' ').next().unwrap_or("");
    Severity::ALL
        .into_iter()
        .find(|s| s.as_str() == first)
        .unwrap_or(Severity::Warning)
}

/// The colours of the severities in the reports people read: `(severity, fill of a bar or
/// a mark, background of a label)`. The HTML report's style is written from it.
pub const SEVERITY_COLOURS: [(Severity, &str, &str); 3] = [
    (Severity::Error, "#d9534f", "#fbd5d3"),
    (Severity::Warning, "#f0a840", "#fde8c8"),
    (Severity::Info, "#a8a8a8", "#e4e4e4"),
];

/// The first clause of what a code says (up to the first `:` or `;` outside
/// parentheses), ending with a full stop: a one-line description.
pub fn short_description(code: Code) -> String {
    let (what, _, _) = entry(code);
    let mut depth = 0i32;
    let mut end = what.len();
    for (i, c) in what.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ':' | ';' if depth == 0 && what[i + 1..].starts_with(' ') => {
                end = i;
                break;
            }
            _ => {}
        }
    }
    let first = what[..end].trim_end_matches('.');
    format!("{first}.")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_entries_follow_the_codes() {
        for (entry, code) in ENTRIES.iter().zip(Code::ALL) {
            assert_eq!(entry.code, code);
        }
    }

    #[test]
    fn every_code_has_a_short_description_and_a_severity() {
        for code in Code::ALL {
            let short = short_description(code);
            assert!(short.len() > 10 && short.ends_with('.'), "{code}: {short}");
            assert!(!severities(code).is_empty(), "{code}");
        }
        assert_eq!(
            short_description(Code::Occupied),
            "A stone played on an occupied point."
        );
        assert_eq!(
            short_description(Code::InternalError),
            "The audit of this game failed inside sgfaudit (a bug: please report it)."
        );
        assert_eq!(
            severities(Code::ParseError),
            [Severity::Warning, Severity::Error]
        );
        assert_eq!(usual_severity(Code::ParseError), Severity::Warning);
        assert_eq!(usual_severity(Code::MixedCollection), Severity::Info);
        assert_eq!(usual_severity(Code::NotGo), Severity::Error);
        for code in Code::ALL {
            assert!(severities(code).contains(&usual_severity(code)), "{code}");
        }
    }
}
