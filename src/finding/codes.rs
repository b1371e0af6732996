//! Every finding code, declared once: its name, severity, article, groups, the place in
//! the SGF `FF[4]` specification, what it means, a record that raises it and what
//! `audit --fix` does with it. A new code is one declaration here plus the check that
//! raises it; every list of codes is made from these (see [`super::registry`]).

use super::registry::{declare_codes, GAME_MATTER, KEPT_BYTES, KEPT_PROPERTIES, ROOT_VALUE};

declare_codes! {
    ParseError = "parse-error" {
        severity: warning or error,
        article: None,
        groups: [ParseError, Format],
        specification: None,
        voids_move: false,
        what: "The text of the record is broken: recovered where possible (warning), else the game cannot be read (error, status `error`).",
        example: Some("(;GM[1]SZ[9];B[ee];W[cc]"),
        fix: May("recovered syntax is written valid: a missing '(' before the first ';', a missing ';' after '(', the ')' missing at the end. Text outside game trees, a game that follows such text (its '(' may be text), a value never closed and a truncated file stay: the fix would drop or invent data."),
    }
    BadEncoding = "bad-encoding" {
        severity: warning,
        article: None,
        groups: [],
        specification: None,
        voids_move: false,
        what: "The bytes do not fit the character set CA[] names, or CA[] names no known character set or is empty; the text is read as well as it can be.",
        example: Some("(;GM[1]CA[]SZ[9];B[ee])"),
        fix: No("no fix: the encoding was guessed or the bytes are damaged, and re-encoding a guess could garble names and comments; the file is left as it is. (A file whose CA[] fits its bytes is rewritten in UTF-8 with CA[UTF-8].)"),
    }
    BadProperty = "bad-property" {
        severity: warning,
        article: None,
        groups: [],
        specification: None,
        voids_move: true,
        what: "A property that cannot be read: a KM[] that is no finite number or more points than the board has, an HA[] that is no number or more stones than the board has; the check is then unverifiable.",
        example: Some("(;GM[1]SZ[9]KM[lots];B[ee])"),
        fix: No(GAME_MATTER),
    }
    TooLarge = "too-large" {
        severity: error,
        article: None,
        groups: [],
        specification: None,
        voids_move: false,
        what: "The record is beyond the limits sgfaudit reads (board size, nodes, findings): the rest is not read.",
        example: None,
        fix: No(GAME_MATTER),
    }
    Occupied = "occupied" {
        severity: error,
        article: Some(19),
        groups: [],
        specification: None,
        voids_move: true,
        what: "A stone played on an occupied point: the move is void and the player loses the turn.",
        example: Some("(;GM[1]SZ[9];B[ee];W[ee])"),
        fix: No(GAME_MATTER),
    }
    OffBoard = "off-board" {
        severity: error or warning,
        article: Some(19),
        groups: [],
        specification: None,
        voids_move: true,
        what: "A stone played off the board: the move is void and the player loses the turn (error). A value off the board in both coordinates (`zz` on 19x19) is the mark editors and problem books write for a pass (tenuki): it is read as a pass (art. 2) and reported as a warning, with FF[4]'s way to write one (`B[]`). `tt` is a pass up to 19x19 (FF[3] and FF[4]) and a point above; a value off the board in one coordinate only (`sz` on 19x19) stays an error.",
        example: Some("(;GM[1]SZ[9];B[ej])"),
        fix: May("a pass mark (a value off the board in both coordinates, W[zz] on 19x19) becomes the pass of the record's FF: W[] in FF[4], W[tt] before FF[4] on boards up to 19x19; the warning is gone and the game is the same. A stone off the board in one coordinate (W[sz]) stays: a matter of the game."),
    }
    Suicide = "suicide" {
        severity: error,
        article: Some(5),
        groups: [],
        specification: None,
        voids_move: true,
        what: "A move that leaves its own chain without liberties and captures nothing (captures come first, art. 4).",
        example: Some("(;GM[1]SZ[9];B[ba];W[ee];B[ab];W[aa])"),
        fix: No(GAME_MATTER),
    }
    Ko = "ko" {
        severity: error,
        article: Some(20),
        groups: [],
        specification: None,
        voids_move: true,
        what: "Retaking a single-stone ko at once: the move captures one stone and brings back the position before the opponent's last move.",
        example: Some("(;GM[1]SZ[9]AB[ba][ab][cb][bc]AW[ca][db][cc];W[bb];B[cb])"),
        fix: No(GAME_MATTER),
    }
    Superko = "superko" {
        severity: error,
        article: Some(6),
        groups: [],
        specification: None,
        voids_move: true,
        what: "Any other move that recreates an earlier whole-board position; `first_seen` names the move after which it last stood, `cycle_length` the moves since.",
        example: Some("(;GM[1]SZ[7]RU[Chinese]AB[ca][ab][bb]AW[aa][ea][cb][db][eb];B[da];W[ba];B[ca];W[aa])"),
        fix: No(GAME_MATTER),
    }
    Cycle = "cycle" {
        severity: warning,
        article: Some(20),
        groups: [],
        specification: None,
        voids_move: false,
        what: "A repetition that the chosen rules (Japanese, Korean) treat as no result rather than an illegal move.",
        example: None,
        fix: No(GAME_MATTER),
    }
    ConsecutiveMove = "consecutive-move" {
        severity: warning,
        article: Some(17),
        groups: [],
        specification: None,
        voids_move: false,
        what: "One side moves twice in a row: replayed as if the other side had passed.",
        example: Some("(;GM[1]SZ[9];B[ee];B[cc])"),
        fix: No(GAME_MATTER),
    }
    MoveAfterEnd = "move-after-end" {
        severity: warning,
        article: Some(7),
        groups: [],
        specification: None,
        voids_move: false,
        what: "Moves after two consecutive passes, which end the game: replayed anyway.",
        example: Some("(;GM[1]SZ[9];B[ee];W[];B[];W[cc])"),
        fix: No(GAME_MATTER),
    }
    SetupInGame = "setup-in-game" {
        severity: warning,
        article: None,
        groups: [],
        specification: None,
        voids_move: false,
        what: "AB, AW or AE after the first move: applied, and the repetition history starts again from the position they leave.",
        example: Some("(;GM[1]SZ[9];B[ee];AW[cc];W[gg])"),
        fix: No(GAME_MATTER),
    }
    HandicapMismatch = "handicap-mismatch" {
        severity: warning,
        article: None,
        groups: [],
        specification: None,
        voids_move: false,
        what: "HA[] disagrees with the black setup stones. When there are none and White moves first, the stones were placed but not recorded: the game is replayed and counted with them at the fixed points (GTP's fixed_handicap), or at another convention's, when every move allows them there; the message says where.",
        example: Some("(;GM[1]SZ[9]HA[4]AB[cc][gg][cg];W[ee])"),
        fix: No(GAME_MATTER),
    }
    KomiNormalized = "komi-normalized" {
        severity: info,
        article: None,
        groups: [],
        specification: None,
        voids_move: false,
        what: "A komi written in another unit was read as points: Fox's KM[750] and KM[375], stones KM[3.75] under Chinese rules.",
        example: Some("(;GM[1]SZ[19]RU[Chinese]KM[375];B[pd])"),
        fix: No(GAME_MATTER),
    }
    UnknownRules = "unknown-rules" {
        severity: warning,
        article: None,
        groups: [],
        specification: None,
        voids_move: false,
        what: "RU[] names no rule set sgfaudit knows: the Chinese rules are used.",
        example: Some("(;GM[1]SZ[9]RU[Foo];B[ee])"),
        fix: No(GAME_MATTER),
    }
    UnparsedResult = "unparsed-result" {
        severity: warning,
        article: None,
        groups: [],
        specification: None,
        voids_move: false,
        what: "RE[] cannot be read as a result: the check is not-counted.",
        example: Some("(;GM[1]SZ[9]RE[Black won, probably];B[ee])"),
        fix: No(GAME_MATTER),
    }
    ResultMismatch = "result-mismatch" {
        severity: warning,
        article: Some(9),
        groups: [],
        specification: None,
        voids_move: false,
        what: "The count contradicts RE[] beyond doubt (status `mismatch`).",
        example: Some("(;GM[1]SZ[9]RU[Chinese]KM[7.5]RE[B+5.5];B[ea];W[da];B[eb];W[db];B[ec];W[dc];B[ed];W[dd];B[ee];W[de];B[ef];W[df];B[eg];W[dg];B[fg];W[dh];B[fh];W[eh];B[fi];W[ei];B[ic];W[cc];B[hc];W[bc];B[gc];W[ac];B[fc];W[];B[])"),
        fix: No(GAME_MATTER),
    }
    CountingConvention = "counting-convention" {
        severity: info,
        article: None,
        groups: [],
        specification: None,
        voids_move: false,
        what: "RE[] agrees only with the other counting (area or territory) than the rules name, or with the customary komi: it agrees, and says so.",
        example: None,
        fix: No(GAME_MATTER),
    }
    /// `RE[]` claims a count, but the record stops on an open board, far from an end.
    OpenBoard = "open-board" {
        severity: warning,
        // A count is made at the end of the game (art. 7), of the stones both sides
        // then agree are dead (art. 8): a record cut on an open board never got there.
        article: Some(7),
        groups: [],
        specification: None,
        voids_move: false,
        what: "RE[] claims a count, but the record stops far from an end: the game did not end by two passes and two thirds of the board or more are empty points not yet bordered by one colour (an opening kept with its game's result, a download cut short). No count of such a board checks RE[]: the check is not-counted and no dead stones are estimated.",
        example: Some("(;GM[1]FF[4]SZ[19]KM[7.5]RE[W+2.5];B[pd];W[dd];B[pq];W[dp])"),
        fix: No(GAME_MATTER),
    }
    SetupWithoutLiberties = "setup-without-liberties" {
        severity: warning,
        article: None,
        groups: [],
        specification: None,
        voids_move: false,
        what: "Setup stones (AB, AW) leave a chain without liberties: it is taken off before play, as a capture would be.",
        example: Some("(;GM[1]SZ[9]AB[ba][ab]AW[aa];B[ee])"),
        fix: No(GAME_MATTER),
    }
    HandicapInferred = "handicap-inferred" {
        severity: info,
        article: None,
        groups: [],
        specification: None,
        voids_move: false,
        what: "No HA[], but two or more black setup stones and no white ones before the first move: read as the handicap, with its compensation.",
        example: Some("(;GM[1]SZ[9]AB[cc][gg];W[ee])"),
        fix: No(GAME_MATTER),
    }
    NotGo = "not-go" {
        severity: error,
        article: None,
        groups: [],
        specification: None,
        voids_move: false,
        what: "GM[] other than 1: the record is not Go and is not replayed (status `error`).",
        example: Some("(;GM[3]SZ[8])"),
        fix: No(GAME_MATTER),
    }
    /// The audit of a game stopped on a fault of the tool itself (a caught panic).
    InternalError = "internal-error" {
        severity: error,
        article: None,
        groups: [],
        specification: None,
        voids_move: false,
        what: "The audit of this game failed inside sgfaudit (a bug: please report it); the game's status is `error` and the other games go on.",
        example: None,
        fix: No(GAME_MATTER),
    }
    /// The game was read before, maybe rotated, mirrored, with colours swapped, cut short
    /// or with a few moves changed (`audit --duplicates`).
    Duplicate = "duplicate" {
        severity: warning,
        article: None,
        groups: [],
        specification: None,
        voids_move: false,
        what: "The same game was read earlier in the run (with `audit --duplicates`): the same moves in the same order, whatever the file, encoding, metadata, board symmetry or colours, or cut short (at least 30 moves and half of the longer game), or with a few moves changed; the message names the earlier copy. Games under 30 moves are never duplicates on their moves alone. `sgfaudit dups` lists the clusters.",
        example: None,
        fix: No(GAME_MATTER),
    }
    // The format of the record, one code per kind of problem an SGF checker reports
    // (FF[4] specification, <https://www.red-bean.com/sgf/>).
    UnknownProperty = "unknown-property" {
        severity: info,
        article: None,
        groups: [Format],
        specification: Some("FF[4] Property index (properties.html); private properties (sgf.html#private)"),
        voids_move: false,
        what: "A property identifier the SGF specification does not define (any FF version); private properties of big servers (Fox `TT`, `SY`, KGS `KGSDE`) are named as such. Readers skip it.",
        example: Some("(;GM[1]FF[4]SZ[9]XY[1];B[ee])"),
        fix: No(KEPT_PROPERTIES),
    }
    LongIdentifier = "long-identifier" {
        severity: info,
        article: None,
        groups: [Format],
        specification: Some("FF[4] EBNF: PropIdent (sgf.html#ebnf-def); Property index (properties.html)"),
        voids_move: false,
        what: "A property identifier of more than two capital letters: no standard property has one, most readers skip it. Not reported: XAP, where `audit --fix` keeps a node's second AP (see `repeated-property`).",
        example: Some("(;GM[1]FF[4]SZ[9]LONGID[1];B[ee])"),
        fix: No(KEPT_PROPERTIES),
    }
    LowercaseIdentifier = "lowercase-identifier" {
        severity: warning,
        article: None,
        groups: [ParseError, Format],
        specification: Some("FF[4] EBNF: PropIdent = UcLetter { UcLetter } (sgf.html#ebnf-def); FF[3] to FF[4] changes (ff4_changes.html)"),
        voids_move: false,
        what: "A property identifier in lower case (`sz[9]`): FF[4] allows capitals only; read as upper case (split from `parse-error`).",
        example: Some("(;gm[1]sz[9];b[ee])"),
        fix: May("the identifier is written in capitals (gm -> GM, GaMe -> GM) where it has a value."),
    }
    PropertyVersion = "property-version" {
        severity: info,
        article: None,
        groups: [Format],
        specification: Some("FF[4] Property index, column FF (properties.html); FF[4] changes (ff4_changes.html)"),
        voids_move: false,
        what: "A property that is not defined in the file's FF version (FF[1] when FF[] is missing): `LB`, `AP`, `CA` in an FF[1] file, `TC` or `L` in an FF[4] file. Read anyway. The properties `FF[4]` defines in a file of an older version (a missing `FF[4]`) are one finding per game, at the first, naming each with how many times it is used; a property `FF[4]` dropped is one finding each.",
        example: Some("(;GM[1]FF[4]SZ[9]TC[1];B[ee])"),
        fix: No(KEPT_PROPERTIES),
    }
    ComposeExpected = "compose-expected" {
        severity: info,
        article: None,
        groups: [Format],
        specification: Some("FF[4] Property value types: Compose (sgf.html#types); AP, LB, AR, LN, SZ, FG (properties.html)"),
        voids_move: false,
        what: "A property whose value is a compose `a:b` written without its `:`: `AP[YuanYu]` (application without version), `LB[aa]` (label without text), `AR`, `LN`, `SZ`, `FG`.",
        example: Some("(;GM[1]FF[4]SZ[9]AP[Editor];B[ee])"),
        fix: May("AP[name] becomes AP[name:] (the name kept, an empty version). LB[aa] has no lossless form (LB[aa:] is no label either): it stays."),
    }
    EmptyValue = "empty-value" {
        severity: info,
        article: None,
        groups: [Format],
        specification: Some("FF[4] Property value types: None only where the property allows it (sgf.html#types)"),
        voids_move: false,
        what: "An empty value where the property's type needs one: `GN[]`, `C[]`, `TM[]`, `AW[]` (a pass `B[]`, and properties whose type allows none, are fine).",
        example: Some("(;GM[1]FF[4]SZ[9]GN[];B[ee])"),
        fix: May("the empty value is taken out (the whole property when it holds nothing else): it carries no data."),
    }
    BadValue = "bad-value" {
        severity: warning,
        article: None,
        groups: [Format],
        specification: Some("FF[4] Property value types: Number, Real, Double, Color, Point (sgf.html#types)"),
        voids_move: false,
        what: "A value that is not of the property's type (Number, Real, Double, Color, Point): `PM[x]`, `BL[ten]`, `GB[3]`; the message says what it would be corrected to, or that it is dropped.",
        example: Some("(;GM[1]FF[4]SZ[9];B[ee]BL[ten])"),
        fix: May("SZ[19:19] becomes SZ[19] and blanks inside points are taken out (AR[a a:c c] -> AR[aa:cc]); a value that would be dropped or changed (KO[7.5], BL[0:07:42]) stays."),
    }
    OldPass = "old-pass" {
        severity: info,
        article: None,
        groups: [Format],
        specification: Some("FF[4] Go: pass as B[] (go.html#types); FF[3] and earlier: B[tt] (ff4_changes.html)"),
        voids_move: false,
        what: "A pass written `B[]` in an FF[1]-FF[3] file, where a pass is `B[tt]` (often a missing `FF[4]`). Read as a pass.",
        example: Some("(;GM[1]FF[3]SZ[9];B[ee];W[])"),
        fix: May("the root's FF[] becomes FF[4] (FF[4] is added when there is none), which makes B[] a pass for every reader; only when the record read as FF[4] has the same moves and setup and no finding it did not have (no property of the older versions only, no identifier in mixed case), and no node of it mixes setup and a move (which FF[4] forbids and older versions did not). Otherwise it stays."),
    }
    MultipleValues = "multiple-values" {
        severity: warning,
        article: None,
        groups: [ParseError, Format],
        specification: Some("FF[4] Property value types: list only where the property says so (sgf.html#types)"),
        voids_move: false,
        what: "Several values on a property that takes one (`CA[UTF-8][GB2312]`, `GN[a][b]`, `B[aa][bb]`): the first is read (split from `parse-error`).",
        example: Some("(;GM[1]FF[4]SZ[9]GN[a][b];B[ee])"),
        fix: May("values that repeat the first, or are empty, are taken out (CA[UTF-8][UTF-8] -> CA[UTF-8]); other values stay: they would be lost."),
    }
    RepeatedProperty = "repeated-property" {
        severity: warning,
        article: None,
        groups: [ParseError, Format],
        specification: Some("FF[4] Nodes: only one of each property per node (sgf.html#nodes)"),
        voids_move: false,
        what: "A property given twice or more in one node: point lists are merged, of other properties the first is read (split from `parse-error`). One finding per node, at the first repeat, names each repeated property and how many times it is given.",
        example: Some("(;GM[1]FF[4]SZ[9]C[a]C[b];B[ee])"),
        fix: May("a list's values are merged into the first (AB[aa]AB[bb] -> AB[aa][bb]); the same value twice is written once; two C[] or GC[] are joined, one line after the other. A repeat written after a move in its node is not moved before it. A second AP[] with another value (Fox's AP[GNU Go:3.8]...AP[foxwq]) is kept as XAP[foxwq], byte for byte: the first stays the application every reader takes, and XAP is sgfaudit's own identifier, which the audit does not report. Two different values of another one-value property (PB[a]PB[b]) stay: no property keeps the other value without a finding of its own."),
    }
    GameInfoFormat = "game-info-format" {
        severity: info,
        article: None,
        groups: [Format],
        specification: Some("FF[4] Game info properties: DT, RE, TM, KM, HA formats (properties.html#DT, #RE, #TM, #KM, #HA)"),
        voids_move: false,
        what: "A game-information value outside the specification's format: `DT` (ISO dates, `YYYY-MM-DD`, and its shortcuts), `RE` (`0`, `?`, `Draw`, `Void`, `B+`/`W+` with `R`, `Resign`, `T`, `Time`, `F`, `Forfeit` or a number), `KM` and `TM` (real numbers), `HA` (a number); the message says what it would be corrected to when it can be.",
        example: Some("(;GM[1]FF[4]SZ[9]DT[2018.04.27];B[ee])"),
        fix: May("DT, KM and TM are rewritten as the message proposes, from the same value (TM[30:00] -> TM[1800], a clock's minutes and seconds; TM[10:00(5x1:00)] -> TM[600]OT[5x1:00]); a DT whose year comes last only when one order of day and month makes a date (19.11.2002 -> 2002-11-19; 3.4.2002 stays); RE only when winner and margin are kept exactly (W+Time Over -> W+T, draw -> Draw, B+5,5 -> B+5.5, a winner alone W -> W+). The OT that TM's overtime goes to is of FF[4]: an older record is raised to FF[4] as old-pass says, or the TM stays. On request only (--unsafe-fixes; the message says so): a DT holding a time of day loses it, an RE margin with no FF[4] form is given up (RE[W+J] -> RE[W+], RE[B+AW] -> RE[B+])."),
    }
    SetupAndMove = "setup-and-move" {
        severity: warning,
        article: None,
        groups: [Format],
        specification: Some("FF[4] Property types: setup and move properties in one node (sgf.html#types)"),
        voids_move: false,
        what: "Setup properties (`AB`, `AW`, `AE`, `PL`) and a move in one node: FF[4] forbids it; readers differ on which comes first (setup is applied first here).",
        example: Some("(;GM[1]FF[4]SZ[9];AB[aa]B[ee])"),
        fix: May("the setup (AB, AW, AE, PL) written before the move goes into a node of its own just before the move's (;PL[B]W[kq] -> ;PL[B];W[kq]). Setup written after the move (;W[tt]PL[W]) stays: a reader that applies a node in the order written, as GNU Go does, would read another player to move. In the root it stays: the root's properties cannot follow a move."),
    }
    TwoMoves = "two-moves" {
        severity: warning,
        article: None,
        groups: [ParseError, Format],
        specification: Some("FF[4] Property types: move properties, B and W in one node (sgf.html#types)"),
        voids_move: false,
        what: "`B` and `W` (or a move twice) in one node: only the first move is read (split from `parse-error`).",
        example: Some("(;GM[1]FF[4]SZ[9];B[ee]W[cc])"),
        fix: No("no fix: splitting the node changes what the replay reads (a second move it ignores would be played)."),
    }
    RootOutsideRoot = "root-outside-root" {
        severity: warning,
        article: None,
        groups: [ParseError, Format],
        specification: Some("FF[4] Property types: root properties only in the root (sgf.html#types)"),
        voids_move: false,
        what: "A root property (`FF`, `GM`, `SZ`, `CA`, `ST`, `AP`) in a node other than the root: ignored (split from `parse-error`).",
        example: Some("(;GM[1]FF[4]SZ[9];B[ee];SZ[13]W[cc])"),
        fix: No(ROOT_VALUE),
    }
    /// `AB`, `AW` or `AE` that change nothing: the points already hold what they put there.
    SetupNoEffect = "setup-no-effect" {
        severity: info,
        article: None,
        groups: [Format],
        specification: Some("FF[4] Setup properties: AB, AW, AE add and remove stones (properties.html#AB, #AW, #AE)"),
        voids_move: false,
        what: "`AB`, `AW` or `AE` that change nothing: a stone added where one of its colour stands, a point emptied that is empty, as the setup and the moves of the path certainly left the board (a stone counts as there only while no move since could have captured it). Applied anyway; the message names the points.",
        example: Some("(;GM[1]FF[4]SZ[9]AE[cc];B[ee])"),
        fix: No(KEPT_BYTES),
    }
    /// A NUL byte (`$00`) in the text.
    NulByte = "nul-byte" {
        severity: warning,
        article: None,
        groups: [Format],
        specification: Some("FF[4] EBNF: values are text, property identifiers capitals, white space between (sgf.html#ebnf-def)"),
        voids_move: false,
        what: "A NUL byte ($00) in the text: no SGF text holds one, a sign of a binary or damaged file; read as a character here, where readers written in C end the text. The first of each game is reported, with how many follow.",
        example: None,
        fix: No(KEPT_BYTES),
    }
    /// Game information in a second node of one path.
    GameInfoTwice = "game-info-twice" {
        severity: warning,
        article: None,
        groups: [Format],
        specification: Some("FF[4] Property types: game-info properties once on a path, in the game-info node (sgf.html#types)"),
        voids_move: false,
        what: "Game information (`PB`, `RE`, `KM`, `GN`, ...) in a second node of one path: FF[4] allows one game-info node per path (the root, or a later node when no node before it holds any); readers differ on which they show. Once per node.",
        example: Some("(;GM[1]FF[4]SZ[9]PB[Ann];B[ee]PW[Bob];W[cc])"),
        fix: No(ROOT_VALUE),
    }
    /// A game tree whose `FF` or `GM` differs from the file's first tree.
    MixedCollection = "mixed-collection" {
        severity: info or warning,
        article: None,
        groups: [Format],
        specification: Some("FF[4] Collection: FF and GM are given in the root of each game tree (sgf.html#ebnf-def; properties.html#FF, #GM)"),
        voids_move: false,
        what: "A game tree whose `GM` (warning) or `FF` (info) differs from that of the file's first tree: many readers take the first tree's game for the whole file; each tree is read by its own `FF` here.",
        example: Some("(;GM[1]FF[4]SZ[9];B[ee])(;GM[1]FF[3]SZ[9];B[ee])"),
        fix: No(KEPT_BYTES),
    }
    /// A point named more than once among `AB`, `AW` and `AE` of one node: read in the
    /// order written, the last word standing.
    SetupConflict = "setup-conflict" {
        severity: error,
        article: None,
        groups: [Format],
        specification: Some("FF[4] Setup properties: AB, AW and AE must have unique points, none named twice in one node (properties.html#AB, #AW, #AE)"),
        voids_move: false,
        what: "A point named more than once among `AB`, `AW` and `AE` of one node (FF[4] wants each once): the node is read in the order written, the last word on the point standing (`AW[dd]AE[dd]` leaves dd empty), in the main line and in side lines, and the message says what was read. SGFC (its error 38, \"position not unique\") keeps the first word instead: readers disagree on the position.",
        example: Some("(;GM[1]FF[4]SZ[9]AW[cc][dd]AE[dd];B[ee];W[dd])"),
        fix: May("the last word on each point stays, the earlier ones are taken out (AW[cc][dd]AE[dd] -> AW[cc]AE[dd]; a rectangle loses only the points named again, its others written one by one): the position the audit read is kept, and every reader now reads it."),
    }
    /// A game `audit --fix` left as it was, with the reason.
    FixLeft = "fix-left" {
        severity: info,
        article: None,
        groups: [],
        specification: None,
        voids_move: false,
        what: "`audit --fix` left the game as it was (or its whole file) although some of its findings have a fix, and the message says why: the fixed game would read differently (moves, setup, player to move, side lines, the text of a property), a fix would add a finding, its syntax was recovered by a guess, its encoding is not certain, or the file could not be written safely (another program wrote it meanwhile, it has other names, its owner cannot be kept). Only in the report of a `--fix` run; standard error says the same.",
        example: None,
        fix: No("no fix: it is what --fix says of its own work, and the reason names what keeps the game as it is."),
    }
}
