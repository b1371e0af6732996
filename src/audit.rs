//! One game in, one [`GameReport`] out: read the record, settle rules, komi and handicap,
//! replay, count, check. Pure: it prints nothing and never fails (problems are findings).

use std::collections::BTreeMap;

use crate::check::reason::{Reason, Unread};
use crate::check::Check;
use crate::finding::{Code, Finding, Severity};
use crate::geom::{BoardSize, Position};
use crate::input::split::Gravity;
use crate::komi::{komi_of_record, Komi, KomiCustoms};
use crate::replay::{replay, Replay};
use crate::rules::{RuleSet, Rules, Superko};
use crate::score::{self, DeadPolicy, Score};

pub mod figure;
pub mod handicap;
pub use crate::check::{fit_odds, judge, odds, source};
pub use crate::game::{parse_size, GameInput};
use crate::input::lines::LineCol;
use crate::sgf::record::{parse_game_with, GameRecord, Limits, RootProps};
use crate::sgf::text::simple_text;
use crate::sgf::values::FileFormat;
pub use handicap::record_as_replayed;
use handicap::{note_placement, placed_handicap, read_handicap, Handicap, Placed};

/// What the user chose on the command line that changes how a game is audited.
#[derive(Clone, Debug)]
pub struct AuditOptions {
    /// `None`: from `RU[]`, else Chinese.
    pub rules: Option<RuleSet>,
    pub superko: Option<Superko>,
    pub komi: Option<f64>,
    pub dead: DeadPolicy,
    pub strict: bool,
    pub limits: Limits,
    /// Keep the final board in the report (for the `score` command).
    pub keep_board: bool,
    /// Draw the first illegal move and, for a result that disagrees, the counted
    /// position into [`GameReport::figures`] (for the HTML report).
    pub figures: bool,
    /// Games with an earlier copy (`audit --duplicates`): each gets a `duplicate` finding
    /// with the message given.
    pub earlier_copies: Option<std::sync::Arc<EarlierCopies>>,
    /// The games `audit --fix` left as they were, with the reason: each gets a
    /// `fix-left` finding.
    pub fix_left: Option<std::sync::Arc<FixLeft>>,
    /// `--judge`: the engine asked for the dead stones when the estimate leaves the
    /// check without a verdict it is sure of.
    pub judge: Option<judge::JudgeConfig>,
    /// Check the format of the record (identifiers, value types, node rules); false when
    /// none of the format codes is reported (`--ignore format`), which saves the work.
    pub format_checks: bool,
}

/// The message of each game that has an earlier copy: by path (as reported), then by
/// index in the file.
pub type EarlierCopies =
    std::collections::HashMap<String, std::collections::BTreeMap<usize, String>>;

/// Why `audit --fix` left games as they were: by path (as reported), the game's index in
/// the file (`None`: every game of the file) and the reason.
pub type FixLeft = std::collections::HashMap<String, Vec<(Option<usize>, String)>>;

impl Default for AuditOptions {
    fn default() -> Self {
        AuditOptions {
            rules: None,
            superko: None,
            komi: None,
            dead: DeadPolicy::Auto,
            strict: false,
            limits: Limits::default(),
            keep_board: false,
            figures: false,
            earlier_copies: None,
            fix_left: None,
            judge: None,
            format_checks: true,
        }
    }
}

/// The status of a game (CONTRACT.md): what `--fail-on` selects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Status {
    Ok,
    Illegal,
    Mismatch,
    Error,
}

impl Status {
    pub const ALL: [Status; 4] = [Status::Ok, Status::Illegal, Status::Mismatch, Status::Error];

    pub fn as_str(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Illegal => "illegal",
            Status::Mismatch => "mismatch",
            Status::Error => "error",
        }
    }
}

/// How the game ended, as far as the record tells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndedBy {
    /// Two consecutive passes (art. 7).
    Passes,
    Resignation,
    Time,
    Forfeit,
    /// No passes, but `RE[]` gives a counted result or a draw: ended by agreement (art. 7).
    Agreement,
    Unfinished,
}

/// Where the rules came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulesFrom {
    Ru,
    Default,
    Option,
}

impl EndedBy {
    /// Every way a game ends, in the order of the reports' documentation.
    pub const ALL: [EndedBy; 6] = [
        EndedBy::Passes,
        EndedBy::Resignation,
        EndedBy::Time,
        EndedBy::Forfeit,
        EndedBy::Agreement,
        EndedBy::Unfinished,
    ];

    /// The name in reports: `passes`, `resignation`, `time`, `forfeit`, `agreement`,
    /// `unfinished`.
    pub fn as_str(self) -> &'static str {
        match self {
            EndedBy::Passes => "passes",
            EndedBy::Resignation => "resignation",
            EndedBy::Time => "time",
            EndedBy::Forfeit => "forfeit",
            EndedBy::Agreement => "agreement",
            EndedBy::Unfinished => "unfinished",
        }
    }
}

impl RulesFrom {
    pub const ALL: [RulesFrom; 3] = [RulesFrom::Ru, RulesFrom::Default, RulesFrom::Option];

    /// The name in reports: `RU`, `default`, `option`.
    pub fn as_str(self) -> &'static str {
        match self {
            RulesFrom::Ru => "RU",
            RulesFrom::Default => "default",
            RulesFrom::Option => "option",
        }
    }
}

/// The report on one game: a `game` line of the JSON output.
#[derive(Clone, Debug)]
pub struct GameReport {
    pub path: String,
    /// Index of the game in its file, from 0.
    pub game: usize,
    pub line: u32,
    pub column: u32,
    pub status: Status,
    pub size: Option<[u8; 2]>,
    /// The rules the game was replayed and counted under (`--superko` applied).
    pub rules: Rules,
    pub rules_from: RulesFrom,
    /// `RU[]` as written.
    pub rules_raw: Option<String>,
    pub komi: f64,
    /// `KM[]` as written.
    pub komi_raw: Option<String>,
    pub handicap: u32,
    pub black: Option<String>,
    pub white: Option<String>,
    /// Date, event, place, ranks and program, as the root gives them.
    pub info: GameInfo,
    /// `RE[]` as written.
    pub result: Option<String>,
    pub encoding: &'static str,
    pub moves: u32,
    pub ended_by: EndedBy,
    pub findings: Vec<Finding>,
    /// Findings not shown because of `--max-findings-per-game` (0 when none).
    pub findings_omitted: u32,
    /// The same, per code, in the order first left out.
    pub omitted: Vec<(Code, u32)>,
    pub score: Option<Score>,
    pub check: Check,
    /// The final board, when asked for (`AuditOptions::keep_board`).
    pub board: Option<Position>,
    /// Diagrams of the game's problems, when asked for (`AuditOptions::figures`).
    pub figures: Vec<crate::audit::figure::Figure>,
}

/// The game information a reader knows a game by, besides its players: each the first
/// value on the main line (`PC[]` and `AP[]` the root's), read as plain text as the players'
/// names are; `None` when the record does not give it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameInfo {
    /// `DT[]`.
    pub date: Option<String>,
    /// `EV[]`.
    pub event: Option<String>,
    /// `PC[]`.
    pub place: Option<String>,
    /// `BR[]`.
    pub black_rank: Option<String>,
    /// `WR[]`.
    pub white_rank: Option<String>,
    /// `AP[]`: the program that wrote the record, as written (`name:version`).
    pub application: Option<String>,
}

impl GameInfo {
    /// The information of a record's root properties.
    pub fn of(root: &RootProps<'_>) -> GameInfo {
        let text = |v: Option<crate::sgf::record::RawValue<'_>>| v.map(|v| simple_text(v.raw));
        GameInfo {
            date: text(root.date),
            event: text(root.event),
            place: text(root.place),
            black_rank: text(root.black_rank),
            white_rank: text(root.white_rank),
            application: text(root.application),
        }
    }
}

impl GameReport {
    /// Number of findings per code (for the summary).
    pub fn codes(&self) -> BTreeMap<Code, usize> {
        let mut m = BTreeMap::new();
        for f in &self.findings {
            *m.entry(f.code).or_insert(0) += 1;
        }
        m
    }
}

/// Audits one game. Never panics on any input text (a panic inside would be caught by
/// the caller and reported as the game's error).
pub fn audit_game(input: &GameInput<'_>, options: &AuditOptions) -> GameReport {
    let slice = input.slice;
    let (mut findings, mut broken) = input_findings(input, options);
    let record = if slice.no_game {
        GameRecord::default()
    } else {
        parse_game_with(input.text, options.limits, options.format_checks)
    };
    // A value left open at the end of the file is found by the splitter already.
    let split_broken = broken;
    broken |= record.broken;
    findings.extend(
        record
            .problems
            .iter()
            .filter(|f| {
                !(split_broken && f.code == Code::ParseError && f.severity == Severity::Error)
            })
            .cloned(),
    );
    if let (Some(first), false) = (input.first_tree, slice.no_game) {
        findings.extend(collection_findings(first, &record.root));
    }

    let mut report = GameReport {
        path: input.path.to_string(),
        game: input.index,
        line: slice.start.line,
        column: slice.start.column,
        status: Status::Ok,
        size: None,
        rules: RuleSet::Chinese.rules(),
        rules_from: RulesFrom::Default,
        rules_raw: None,
        komi: 0.0,
        komi_raw: None,
        handicap: 0,
        black: record.root.black.map(|v| simple_text(v.raw)),
        white: record.root.white.map(|v| simple_text(v.raw)),
        info: GameInfo::of(&record.root),
        result: record.root.result.map(|v| simple_text(v.raw)),
        encoding: input.encoding,
        moves: 0,
        ended_by: EndedBy::Unfinished,
        findings: Vec::new(),
        findings_omitted: 0,
        omitted: Vec::new(),
        score: None,
        check: Check::not_counted(None, Reason::NotRead(Unread::Unreadable)),
        board: None,
        figures: Vec::new(),
    };

    if !slice.no_game {
        broken |= !audit_record(&record, options, &mut report, &mut findings);
    }
    crate::fix::mark(input.text, &mut findings);
    place_findings(&mut findings, input.text, slice.start);
    settle_status(&mut report, &findings, broken);
    report.findings = findings;
    report
}

/// The findings a game gets from its file before its text is read: the file's encoding
/// problem, an earlier copy, the structure problems met while splitting; and whether the
/// splitting found the game broken.
fn input_findings(input: &GameInput<'_>, options: &AuditOptions) -> (Vec<Finding>, bool) {
    let mut findings = Vec::new();
    let mut broken = false;
    if let Some(problem) = input.encoding_problem {
        findings.push(Finding::new(
            Code::BadEncoding,
            Severity::Warning,
            0,
            problem,
        ));
    }
    if let Some(message) = options
        .earlier_copies
        .as_ref()
        .and_then(|copies| copies.get(input.path)?.get(&input.index))
    {
        findings.push(Finding::new(
            Code::Duplicate,
            Severity::Warning,
            0,
            message.clone(),
        ));
    }
    for p in &input.slice.problems {
        broken |= p.gravity == Gravity::Broken;
        findings.push(p.finding());
    }
    let left = options
        .fix_left
        .as_ref()
        .and_then(|left| left.get(input.path));
    for (game, why) in left.into_iter().flatten() {
        if game.is_none_or(|game| game == input.index) {
            let message = format!("audit --fix left the game as it was: {why}");
            findings.push(Finding::new(Code::FixLeft, Severity::Info, 0, message));
        }
    }
    (findings, broken)
}

/// A later game tree of a file whose `GM` (warning) or `FF` (info) differs from the
/// file's first tree (`first`), at the property (or the tree's start when it is missing).
fn collection_findings(first: FileFormat, root: &RootProps<'_>) -> Vec<Finding> {
    let mut out = Vec::new();
    for (id, first_n, own, severity, why) in [
        (
            "GM",
            first.gm,
            root.game_type,
            Severity::Warning,
            "many readers take the first tree's game for the whole file",
        ),
        (
            "FF",
            first.ff,
            root.file_format,
            Severity::Info,
            "each tree is read by its own FF",
        ),
    ] {
        let n = own
            .and_then(|v| v.raw.trim().parse::<u8>().ok())
            .unwrap_or(1);
        if n == first_n {
            continue;
        }
        let written = match own {
            Some(v) => format!("{id}[{}]", v.raw.trim()),
            None => format!("no {id}[] ({id}[1])"),
        };
        let message =
            format!("{written} differs from the file's first game tree, {id}[{first_n}]: {why}");
        let offset = own.map_or(0, |v| v.offset as usize);
        out.push(Finding::new(
            Code::MixedCollection,
            severity,
            offset,
            message,
        ));
    }
    out
}

/// Places every finding not yet placed in the file, in one pass over the text in order of
/// offsets (a game with a million illegal moves must not cost a scan from its start per
/// finding).
fn place_findings(findings: &mut [Finding], text: &str, start: LineCol) {
    let mut unplaced: Vec<usize> = (0..findings.len())
        .filter(|&i| findings[i].line == 0)
        .collect();
    unplaced.sort_by_key(|&i| findings[i].offset);
    let bytes = text.as_bytes();
    let (mut at, mut lc) = (0usize, start);
    for i in unplaced {
        let offset = findings[i].offset.min(bytes.len());
        lc = lc.advance_from(bytes, at, offset);
        at = offset;
        findings[i].line = lc.line;
        findings[i].column = lc.column;
    }
}

/// The game's status from its findings, and the check's reason when it could not be read.
fn settle_status(report: &mut GameReport, findings: &[Finding], broken: bool) {
    let has_error = |code_filter: &dyn Fn(Code) -> bool| {
        findings
            .iter()
            .any(|f| f.severity == Severity::Error && code_filter(f.code))
    };
    report.status = if broken || has_error(&|c| matches!(c, Code::ParseError | Code::TooLarge)) {
        Status::Error
    } else if has_error(&|c| c != Code::ResultMismatch) {
        Status::Illegal
    } else if findings.iter().any(|f| f.code == Code::ResultMismatch) {
        Status::Mismatch
    } else {
        Status::Ok
    };
    if report.status == Status::Error && report.check.reason.is_none() {
        report.check =
            Check::not_counted(report.result.clone(), Reason::NotRead(Unread::ReadInPart));
    }
}
/// The terms a game is replayed and counted under: its board, rules, handicap and komi,
/// read from the root properties and the command line.
struct Terms {
    size: BoardSize,
    rules: Rules,
    rules_from: RulesFrom,
    handicap: Handicap,
    komi: Komi,
    /// `KM[]` could not be read (the rules' default komi is assumed).
    komi_unreadable: bool,
    /// `RE[]` as read, once for the game.
    recorded: Option<score::RecordedResult>,
}

/// Reads the root properties, replays, counts and checks. False when the game cannot be
/// replayed at all (an unusable board size, reported as its finding).
fn audit_record(
    record: &GameRecord<'_>,
    options: &AuditOptions,
    report: &mut GameReport,
    findings: &mut Vec<Finding>,
) -> bool {
    let Some(terms) = read_terms(record, options, report, findings) else {
        return false;
    };
    let (replay, placed) = replay_record(record, options, &terms, report, findings);
    check_result(record, options, &terms, &replay, &placed, report, findings);
    if options.figures {
        // Drawn from the record as replayed: with its handicap stones, if it lacked them.
        let replayed = placed.first().map_or(record, |p| &p.record);
        report.figures = crate::audit::figure::problem_figures(
            replayed,
            terms.size,
            &terms.rules,
            findings,
            report,
            replay.final_position.as_ref(),
        );
    }
    if options.keep_board {
        report.board = replay.final_position;
    }
    true
}

/// The game's terms, each written into the report as it is settled, with the findings
/// they call for in the order they are read: game, board size, rules, handicap, komi.
/// `None` when the game cannot be replayed (not Go, or an unusable board size).
fn read_terms(
    record: &GameRecord<'_>,
    options: &AuditOptions,
    report: &mut GameReport,
    findings: &mut Vec<Finding>,
) -> Option<Terms> {
    if !is_go(record, report, findings) {
        return None;
    }
    let size = board_size(record, report, findings)?;
    report.size = Some([size.width, size.height]);
    let (set, rules, rules_from) = read_rules(record, options, report, findings);
    let handicap = read_handicap(record, size, findings);
    report.handicap = handicap.stones;
    let (komi, komi_unreadable) = komi_of(
        record,
        options,
        set,
        &rules,
        size,
        handicap.stones,
        findings,
    );
    let komi = Komi {
        uncertain: komi.uncertain || handicap.unknown,
        ..komi
    };
    report.komi = komi.points;
    report.komi_raw = komi.raw.clone();
    Some(Terms {
        size,
        rules,
        rules_from,
        handicap,
        komi,
        komi_unreadable,
        recorded: report.result.as_deref().map(score::parse_result),
    })
}

/// Whether the record is of Go: only Go (GM[1], the default) is replayed as Go. Another
/// game is a `not-go` error, with the check's reason set; a `GM[]` that is not a number
/// is read as Go, with a warning.
fn is_go(record: &GameRecord<'_>, report: &mut GameReport, findings: &mut Vec<Finding>) -> bool {
    let Some(v) = record.root.game_type else {
        return true;
    };
    match v.raw.trim().parse::<u32>() {
        Ok(1) => {}
        Ok(n) => {
            findings.push(Finding::new(
                Code::NotGo,
                Severity::Error,
                v.offset as usize,
                format!("GM[{n}] is not Go (GM[1]): the game is not replayed"),
            ));
            report.check =
                Check::not_counted(report.result.clone(), Reason::NotRead(Unread::NotGo));
            return false;
        }
        Err(_) => findings.push(Finding::new(
            Code::BadProperty,
            Severity::Warning,
            v.offset as usize,
            format!("GM[{}] is not a number: read as Go (GM[1])", v.raw.trim()),
        )),
    }
    true
}

/// The board size of `SZ[]` (19×19 without it). `None` when `SZ[]` cannot be read: an
/// error, with the check's reason set, since no move can then be placed.
fn board_size(
    record: &GameRecord<'_>,
    report: &mut GameReport,
    findings: &mut Vec<Finding>,
) -> Option<BoardSize> {
    let Some(v) = record.root.size else {
        return Some(BoardSize::STANDARD);
    };
    let size = parse_size(v.raw);
    if size.is_none() {
        findings.push(Finding::new(
            Code::BadProperty,
            Severity::Error,
            v.offset as usize,
            format!(
                "SZ[{}] is not a board size from 1 to 52: the game cannot be replayed",
                v.raw.trim()
            ),
        ));
        report.check =
            Check::not_counted(report.result.clone(), Reason::NotRead(Unread::BadBoardSize));
    }
    size
}

/// The rule set (`--rules`, else `RU[]`, else Chinese) with `--superko` applied, and
/// where it came from; `RU[]` as written and the choice go into the report. An `RU[]`
/// sgfaudit does not know is a warning, and Chinese is assumed.
fn read_rules(
    record: &GameRecord<'_>,
    options: &AuditOptions,
    report: &mut GameReport,
    findings: &mut Vec<Finding>,
) -> (RuleSet, Rules, RulesFrom) {
    let ru = record.root.rules.map(|v| (simple_text(v.raw), v.offset));
    report.rules_raw = ru.as_ref().map(|(s, _)| s.clone());
    let (set, from) = match (options.rules, &ru) {
        (Some(set), _) => (set, RulesFrom::Option),
        (None, Some((text, offset))) => match RuleSet::from_ru(text) {
            Some(set) => (set, RulesFrom::Ru),
            None => {
                findings.push(Finding::new(
                    Code::UnknownRules,
                    Severity::Warning,
                    *offset as usize,
                    format!("RU[{text}] is not a rule set sgfaudit knows: replayed and counted under chinese"),
                ));
                (RuleSet::Chinese, RulesFrom::Default)
            }
        },
        (None, None) => (RuleSet::Chinese, RulesFrom::Default),
    };
    let mut rules: Rules = set.rules();
    if let Some(k) = options.superko {
        rules.superko = k;
    }
    report.rules = rules;
    report.rules_from = from;
    (set, rules, from)
}

/// Replays the moves under the game's terms, keeping the final position when it is to
/// be counted (`RE[]` claims a count or a draw) or kept; the number of moves, their
/// findings and how the game ended go into the report. When the record lacks its
/// handicap stones and the moves allow them at their fixed points, the game is replayed
/// with them there (see [`placed_handicap`], whose replays come back too, for the count).
fn replay_record<'a>(
    record: &GameRecord<'a>,
    options: &AuditOptions,
    terms: &Terms,
    report: &mut GameReport,
    findings: &mut Vec<Finding>,
) -> (Replay, Vec<Placed<'a>>) {
    let claims_count = terms
        .recorded
        .as_ref()
        .is_some_and(score::RecordedResult::claims_count);
    let keep_position = options.keep_board || claims_count;
    let mut replay: Replay = replay(
        record,
        terms.size,
        &terms.rules,
        options.strict,
        keep_position,
    );
    let placed = placed_handicap(
        record,
        terms.size,
        &terms.rules,
        &terms.handicap,
        &replay,
        options.strict,
        keep_position,
    );
    if let Some(first) = placed.first() {
        note_placement(findings, &first.placement, terms.size);
        replay = first.replay.clone();
    }
    report.moves = replay.moves;
    findings.extend(replay.findings.iter().cloned());

    report.ended_by = if replay.ended_at.is_some() {
        EndedBy::Passes
    } else {
        match &terms.recorded {
            Some(r) => ended_by_result(r),
            None => EndedBy::Unfinished,
        }
    };
    (replay, placed)
}

/// Counts the replayed game and checks `RE[]` against the count: the score and the check
/// go into the report, the findings (placed at `RE[]`) after the replay's.
///
/// With the handicap stones the record lacks placed (`placed`, see [`placed_handicap`]),
/// the position of each placement is counted and the verdicts combined.
fn check_result(
    record: &GameRecord<'_>,
    options: &AuditOptions,
    terms: &Terms,
    replay: &Replay,
    placed: &[Placed<'_>],
    report: &mut GameReport,
    findings: &mut Vec<Finding>,
) {
    let conventions = source_conventions(record, terms);
    let input = |replay: &Replay, handicap_missing| {
        crate::check::audit_result(&crate::check::ResultInput {
            recorded_raw: report.result.as_deref(),
            recorded: terms.recorded.as_ref(),
            final_position: replay.final_position.as_ref(),
            position_at_end: replay.position_at_end.as_ref(),
            captures: replay.captures,
            captures_at_end: replay.captures_at_end,
            territory_black: &record.territory_black,
            territory_white: &record.territory_white,
            ended_by_passes: replay.ended_at.is_some(),
            rules: &terms.rules,
            handicap: terms.handicap.stones,
            komi: &terms.komi,
            handicap_missing,
            ko_at_end: replay.ko_at_end,
            dead: options.dead.under(&terms.rules),
            conventions: &conventions,
            judge: options.judge.as_ref(),
            to_move: replay.to_move,
        })
    };
    let outcome = if placed.is_empty() {
        input(replay, terms.handicap.missing)
    } else {
        let outcomes = placed
            .iter()
            .map(|p| (&p.placement, input(&p.replay, 0)))
            .collect();
        handicap::combine(outcomes, terms.size)
    };
    report.check = outcome.reported_check();
    let offset = record.root.result.map_or(0, |v| v.offset as usize);
    findings.extend(
        outcome
            .findings
            .into_iter()
            .map(|f| Finding { offset, ..f }),
    );
    report.score = outcome.score;
}

/// The countings and komi the record's source suggests, with their odds, for the
/// check to weigh.
fn source_conventions(record: &GameRecord<'_>, terms: &Terms) -> source::Conventions {
    // A komi that is missing or Fox's KM[0] is guessed at the odds of the record's
    // source; one that cannot be read, or a handicap that cannot, is not.
    let guessed = terms.komi.uncertain && !terms.komi_unreadable && !terms.handicap.unknown;
    // Without RU[], the rules assumed set a handicap game's compensation: the others' are
    // weighed too.
    let unnamed_rules_handicap =
        (terms.rules_from == RulesFrom::Default).then_some(terms.handicap.stones);
    source::conventions(
        &record.root,
        &terms.rules,
        guessed.then_some(terms.komi.points),
        unnamed_rules_handicap,
    )
}

/// The komi of a record (`--komi`, or `KM[]` read with the rules' customs: see
/// [`crate::komi::komi_of_record`]), and whether its `KM[]` could not be read.
fn komi_of(
    record: &GameRecord<'_>,
    options: &AuditOptions,
    set: RuleSet,
    rules: &Rules,
    size: BoardSize,
    handicap: u32,
    findings: &mut Vec<Finding>,
) -> (Komi, bool) {
    let customs = KomiCustoms {
        default: rules.default_komi,
        chinese: matches!(set, RuleSet::Chinese | RuleSet::ChinesePositional),
        even: handicap == 0,
        board_points: size.points(),
    };
    komi_of_record(record.root.komi, options.komi, customs, findings)
}

fn ended_by_result(r: &score::RecordedResult) -> EndedBy {
    use score::RecordedResult as R;
    match r {
        R::Resignation(_) => EndedBy::Resignation,
        R::Time(_) => EndedBy::Time,
        R::Forfeit(_) => EndedBy::Forfeit,
        R::Score { .. } | R::Draw => EndedBy::Agreement,
        _ => EndedBy::Unfinished,
    }
}
