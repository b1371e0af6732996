//! `audit --fix` and `audit --diff`: the plain files of the inputs rewritten by the fix
//! engine ([`crate::fix`]), each through a temporary file in its own folder that replaces
//! it at once, so that no reader ever sees half a record.

mod diff;
mod write;

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::input::stamp::Stamp;

use crate::audit::FixLeft;
use crate::finding::{Code, Finding, Severity};
use crate::game::parse_size;
use crate::geom::BoardSize;
use crate::input::path_text::path_text;
use crate::input::source::{read_file, Bytes};
use crate::output::{InputError, Rendered, Renderer, Reporter, Summary};
use crate::run::driver::Driver;
use crate::run::LoadedFile;
use crate::sgf::record::{parse_game_with, Limits, MoveTarget};

pub use diff::{CONTEXT_CHARS, LONG_LINE};
pub use write::{refuse, remove_stale, ContentHash, Roots, WriteOptions, TEMP_PREFIX};

/// What fixing one file gives: its text before (decoded) and its bytes after, the edits
/// between them, and how many findings the edits fix.
pub struct FileFix {
    pub path: PathBuf,
    pub name: String,
    pub before: String,
    /// Empty when nothing changes (`changed` is false).
    pub after: Vec<u8>,
    /// The edits that make `after` of `before`, in order, at offsets of `before`.
    pub edits: Vec<crate::fix::Edit>,
    /// The hash of the bytes read: the file is replaced only if it still holds them.
    pub read: ContentHash,
    pub fixed: usize,
    /// The bytes change.
    pub changed: bool,
    /// The file was in another encoding and is written in UTF-8.
    pub reencoded: bool,
    /// Games left as they were: each one's index in the file, and the reason.
    pub refused: Vec<(usize, String)>,
}

/// What became of a file: fixed (or nothing to fix), left for its guessed encoding, left
/// as it was for another reason (one game, or the whole file: `game` is `None`), not
/// written (the reason is an error), or not read.
pub enum Outcome {
    Fix(FileFix),
    Guessed(String),
    Left {
        name: String,
        game: Option<usize>,
        why: String,
    },
    NotWritten {
        name: String,
        why: String,
    },
    Failed(String),
}

impl Outcome {
    fn left(name: &str, game: Option<usize>, why: impl Into<String>) -> Outcome {
        Outcome::Left {
            name: name.to_string(),
            game,
            why: why.into(),
        }
    }
}

/// Which findings `--fix` answers: those the run reports (`--select`, `--ignore`, the
/// configuration file).
#[derive(Clone, Debug, Default)]
pub struct Selection {
    /// Only these codes (`None`: every code).
    pub select: Option<Vec<Code>>,
    /// Never these.
    pub ignore: Vec<Code>,
    /// The fixes made on request are made too (`--unsafe-fixes`).
    pub on_request: bool,
}

impl Selection {
    fn reports(&self, code: Code) -> bool {
        self.select.as_ref().is_none_or(|s| s.contains(&code)) && !self.ignore.contains(&code)
    }
}

/// How many rounds of fixes a file gets at most: a fix that makes another finding
/// fixable is answered in the next round.
const ROUNDS: usize = 4;

/// The plain files of the driver's inputs; an error for standard input and archives.
/// A FIFO, a device, or a file outside the folders named (a link followed out of them) is
/// refused too ([`refuse`]), before anything is read.
pub fn files(driver: &Driver, roots: &Roots) -> Result<Vec<PathBuf>, String> {
    let files = driver.plain_files()?;
    for path in &files {
        if let Some(why) = refuse(path, roots) {
            return Err(format!("{}: {why}", path_text(path)));
        }
    }
    Ok(files)
}

/// The format findings of a game, as its audit reports them: the splitter's and the
/// reader's (side lines read, for the setup each of their nodes names twice), and the
/// pass marks of its moves (`W[zz]`), which the replay reads as passes.
fn record_findings(file: &LoadedFile, index: usize) -> Vec<Finding> {
    let slice = &file.games[index];
    let mut findings: Vec<Finding> = slice.problems.iter().map(|p| p.finding()).collect();
    let record = parse_game_with(file.game_text(index), Limits::default(), true);
    let size = record.root.size.and_then(|v| parse_size(v.raw));
    let size = size.unwrap_or(BoardSize::STANDARD);
    let marks = record
        .nodes
        .iter()
        .chain(&record.side_nodes)
        .filter_map(|n| {
            let mv = n.mv?;
            let MoveTarget::At(p) = mv.target else {
                return None;
            };
            let message = "a pass mark off the board in both coordinates";
            size.is_pass_mark(p).then(|| {
                Finding::new(
                    Code::OffBoard,
                    Severity::Warning,
                    mv.offset as usize,
                    message,
                )
            })
        });
    findings.extend(marks);
    findings.extend(record.problems);
    findings
}

/// What one round of fixes does to a file: its edits, at offsets of its decoded text, in
/// order; the number of findings they fix; the games left as they were, with the reason;
/// and the games that got an edit.
struct FileEdits {
    edits: Vec<crate::fix::Edit>,
    fixed: usize,
    refused: Vec<(usize, String)>,
    edited: Vec<usize>,
}

/// The edits of the file's games (of those in `only`, when given), one round. With `ca`,
/// each root says `CA[UTF-8]`.
fn file_edits(
    file: &LoadedFile,
    selection: &Selection,
    ca: impl Fn(&str) -> bool + Sync,
    only: Option<&[usize]>,
) -> FileEdits {
    let all: Vec<usize>;
    let games = match only {
        Some(games) => games,
        None => {
            all = (0..file.games.len()).collect();
            &all
        }
    };
    // Games in parallel: a file may hold tens of thousands.
    type GamePlan = (usize, Vec<crate::fix::Edit>, usize, Option<String>);
    let plans: Vec<GamePlan> = games
        .par_iter()
        .filter(|&&index| !file.games[index].no_game)
        .map(|&index| {
            let text = file.game_text(index);
            let all = record_findings(file, index);
            let plan = |findings: &[Finding]| {
                crate::fix::plan_with(text, findings, ca(text), selection.on_request)
            };
            let mut plan = plan(&all);
            if plan.refused.is_none() && all.iter().any(|f| !selection.reports(f.code)) {
                // A game the whole fix would leave stays as it is for a part of it too.
                let selected: Vec<Finding> = all
                    .into_iter()
                    .filter(|f| selection.reports(f.code))
                    .collect();
                plan = crate::fix::plan_with(text, &selected, ca(text), selection.on_request);
            }
            let at = file.games[index].range.start;
            let edits = plan.edits.into_iter().map(|mut e| {
                e.range = e.range.start + at..e.range.end + at;
                e
            });
            let fixed = plan.fixed.iter().filter(|f| **f).count();
            (
                index,
                edits.collect(),
                fixed,
                plan.refused.map(str::to_string),
            )
        })
        .collect();
    let mut out = FileEdits {
        edits: Vec::new(),
        fixed: 0,
        refused: Vec::new(),
        edited: Vec::new(),
    };
    for (index, edits, fixed, refused) in plans {
        if !edits.is_empty() {
            out.edited.push(index);
        }
        out.edits.extend(edits);
        out.fixed += fixed;
        out.refused.extend(refused.map(|why| (index, why)));
    }
    out
}

/// Where each offset of the text `String::from_utf8_lossy` makes of `bytes` lies in the
/// bytes; `None` for an offset inside a U+FFFD that stands for damaged bytes (or past
/// the end).
fn byte_offsets(bytes: &[u8]) -> impl Fn(usize) -> Option<usize> {
    // (offset in the text, offset in the bytes, length) of each valid stretch.
    let mut runs = Vec::new();
    let (mut text, mut at) = (0, 0);
    for chunk in bytes.utf8_chunks() {
        let valid = chunk.valid().len();
        runs.push((text, at, valid));
        text += valid;
        at += valid;
        if !chunk.invalid().is_empty() {
            text += '\u{FFFD}'.len_utf8();
            at += chunk.invalid().len();
        }
    }
    runs.push((text, at, 0));
    move |p| {
        let (text, at, len) = runs[runs.partition_point(|r| r.0 <= p).checked_sub(1)?];
        (p - text <= len).then_some(at + (p - text))
    }
}

/// The file's bytes with the edits made: its text in UTF-8 as decoded (`utf8`), or its
/// bytes kept around the edits (damaged UTF-8, whose damaged properties no edit
/// touches). `None` when an edit falls inside a damaged character.
fn edited_bytes(file: &LoadedFile, edits: &[crate::fix::Edit], utf8: bool) -> Option<Vec<u8>> {
    let (bytes, whole, differs) = file.texts();
    if utf8 {
        let text = crate::fix::apply(whole, edits);
        // A byte-order mark stays when the bytes were UTF-8 already.
        let bom = if differs {
            &[][..]
        } else {
            &bytes[..bytes.len() - whole.len()]
        };
        return Some([bom, text.as_bytes()].concat());
    }
    // The decoded text starts after a byte-order mark, if any.
    let bom = bytes.len() - bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes).len();
    let offset = byte_offsets(&bytes[bom..]);
    let mut after = Vec::with_capacity(bytes.len() + 64);
    let mut at = 0;
    for e in edits {
        let (start, end) = (bom + offset(e.range.start)?, bom + offset(e.range.end)?);
        if start < at || end < start {
            return None;
        }
        after.extend_from_slice(&bytes[at..start]);
        after.extend_from_slice(e.text.as_bytes());
        at = end;
    }
    after.extend_from_slice(&bytes[at..]);
    Some(after)
}

/// Fixes one file in memory, in rounds until no selected finding has a fix left, then
/// reads the result again: the file is left as it was when a game reads differently or
/// reports a finding it did not have.
pub fn fix_file(path: &Path, selection: &Selection) -> Outcome {
    let name = path_text(path);
    let bytes = match read_file(path) {
        Ok(b) => b,
        Err(e) => return Outcome::Failed(format!("{name}: {e}")),
    };
    let original = LoadedFile::new(name.clone(), bytes);
    let Some(utf8) = original.writable() else {
        return match original.reencoding_doubt() {
            Some(why) => Outcome::left(&name, None, why),
            None => Outcome::Guessed(name),
        };
    };
    let reencoded = utf8 && original.decoded_differs();
    let rounds = match Rounds::run(&original, selection, utf8, reencoded) {
        Ok(rounds) => rounds,
        Err(why) => return Outcome::left(&name, None, why),
    };
    if let Some(file) = &rounds.current {
        if let Some((game, why)) = reads_differently(&original, file) {
            return Outcome::left(&name, game, why);
        }
    }
    let read = ContentHash::of(original.bytes());
    let after = rounds.current.map(LoadedFile::into_bytes);
    let changed = after.as_deref().is_some_and(|a| a != original.bytes());
    Outcome::Fix(FileFix {
        path: path.to_path_buf(),
        name,
        before: original.into_text(),
        changed,
        after: after.unwrap_or_default(),
        edits: rounds.edits,
        read,
        fixed: rounds.fixed,
        reencoded,
        refused: rounds.refused,
    })
}

/// A file's rounds of fixes: the findings fixed, the games left (as the first round
/// found them), the file as the last round left it (`None`: nothing changed) and every
/// round's edits as one list over the original's text.
struct Rounds {
    fixed: usize,
    refused: Vec<(usize, String)>,
    current: Option<LoadedFile>,
    edits: Vec<crate::fix::Edit>,
}

impl Rounds {
    /// Fixes `original` in rounds; after the first, only the games the round before
    /// edited are planned again (the others read as they did). With `reencoded`, the file
    /// is written anew in UTF-8 or not at all. `Err`: why the file is left as it was.
    fn run(
        original: &LoadedFile,
        selection: &Selection,
        utf8: bool,
        reencoded: bool,
    ) -> Result<Rounds, String> {
        let name = &original.name;
        let mut rounds = Rounds {
            fixed: 0,
            refused: Vec::new(),
            current: None,
            edits: Vec::new(),
        };
        let mut edited: Option<Vec<usize>> = None;
        for round in 0..ROUNDS {
            let file = rounds.current.as_ref().unwrap_or(original);
            let differs = file.decoded_differs();
            let ca = |text: &str| utf8 && (differs || !text.is_ascii());
            // The same games as the round before, or all of them.
            let only = edited
                .as_deref()
                .filter(|_| file.games.len() == original.games.len());
            let found = file_edits(file, selection, ca, only);
            if round == 0 {
                rounds.refused = found.refused;
                if let Some((game, why)) = rounds.refused.first().filter(|_| reencoded) {
                    // The file is written anew in UTF-8 or not at all.
                    return Err(format!("game {game} is left as it is ({why}), and the file is written anew in UTF-8 or not at all"));
                }
            }
            if found.edits.is_empty() {
                break;
            }
            let Some(after) = edited_bytes(file, &found.edits, utf8) else {
                return Err("an edit falls inside a damaged character".to_string());
            };
            rounds.fixed += found.fixed;
            let next = LoadedFile::new(name.clone(), Bytes::Owned(after));
            rounds.edits =
                crate::fix::compose::compose(&rounds.edits, &found.edits, next.texts().1);
            rounds.current = Some(next);
            edited = Some(found.edited);
        }
        Ok(rounds)
    }
}

/// Why the fixed file does not read as the original but for the fixes: another number
/// of games (`None`: the file), a game that reads differently, or one that reports a
/// finding more often. A game whose text and whose splitting are as they were is not read
/// again; the others are, in parallel, and the first that differs is named.
fn reads_differently(original: &LoadedFile, fixed: &LoadedFile) -> Option<(Option<usize>, String)> {
    if original.games.len() != fixed.games.len() {
        let why = "the file would hold another number of games";
        return Some((None, why.to_string()));
    }
    (0..original.games.len())
        .into_par_iter()
        .find_map_first(|index| {
            let (before, after) = (original.game_text(index), fixed.game_text(index));
            let (a, b) = (
                &original.games[index].problems,
                &fixed.games[index].problems,
            );
            let same_split =
                a.len() == b.len() && a.iter().zip(b).all(|(p, q)| p.message == q.message);
            if before == after && same_split {
                return None;
            }
            if let Some(why) = crate::fix::verify::meaning_differs(before, after) {
                return Some((Some(index), why.to_string()));
            }
            let counts = |file: &LoadedFile| {
                let mut counts = std::collections::HashMap::<Code, usize>::new();
                for f in record_findings(file, index) {
                    *counts.entry(f.code).or_default() += 1;
                }
                counts
            };
            let (a, b) = (counts(original), counts(fixed));
            b.iter()
                .find(|(code, n)| **n > a.get(*code).copied().unwrap_or(0))
                .map(|(code, _)| (Some(index), format!("a fix would add a {code} finding")))
        })
}

impl FileFix {
    /// True when the file's bytes change.
    pub fn changes(&self) -> bool {
        self.changed
    }

    /// The fix without its texts and edits, once they are written or shown.
    fn without_texts(self) -> FileFix {
        FileFix {
            before: String::new(),
            after: Vec::new(),
            edits: Vec::new(),
            ..self
        }
    }
}

/// What `--fix` or `--diff` did: findings fixed, files changed, files left for a guessed
/// encoding, files or games left as they were (with the reason), errors.
#[derive(Default)]
pub struct Done {
    pub fixed: usize,
    pub files: usize,
    pub guessed: Vec<String>,
    /// What was left as it was and why, a line each for standard error.
    pub left: Vec<String>,
    /// The same, by file and game, for the report's `fix-left` findings.
    pub left_games: FixLeft,
    pub errors: Vec<String>,
}

/// Fixes (`write`, as `options` say) or diffs every file on the driver's pool, answering
/// the findings `selection` reports; the diffs go to `out`, in the order of the files.
/// Before writing, the temporaries an interrupted run left in the files' folders are
/// removed.
pub fn fix_all(
    driver: &mut Driver,
    files: &[PathBuf],
    selection: &Selection,
    write: bool,
    options: &WriteOptions,
    out: &mut dyn Write,
) -> io::Result<Done> {
    if write {
        remove_stale_around(files);
    }
    // Each file's outcome, and its diff: the texts are let go as soon as it is made.
    let work = |path: &Path, _read_at: Stamp| match fix_file(path, selection) {
        Outcome::Fix(fix) if write && fix.changes() => match fix.write(options) {
            Ok(()) => (Outcome::Fix(fix.without_texts()), String::new()),
            Err(why) => {
                let name = fix.name;
                (Outcome::NotWritten { name, why }, String::new())
            }
        },
        Outcome::Fix(fix) if fix.changes() => {
            let diff = fix.diff();
            (Outcome::Fix(fix.without_texts()), diff)
        }
        other => (other, String::new()),
    };
    let mut done = Done::default();
    driver.each_file(files, work, &mut |(outcome, diff)| {
        done.add(outcome, &diff, out)
    })?;
    out.flush()?;
    Ok(done)
}

/// Removes the stale temporaries of an earlier run from each folder of `files`, once.
fn remove_stale_around(files: &[PathBuf]) {
    let mut folders: Vec<PathBuf> = files
        .iter()
        .filter_map(|f| Some(std::fs::canonicalize(f).ok()?.parent()?.to_path_buf()))
        .collect();
    folders.sort();
    folders.dedup();
    for folder in &folders {
        remove_stale(folder);
    }
}

impl Done {
    /// Counts what became of one file; its diff (empty once written) goes to `out`.
    fn add(&mut self, outcome: Outcome, diff: &str, out: &mut dyn Write) -> io::Result<()> {
        match outcome {
            Outcome::Fix(fix) => {
                for (game, why) in &fix.refused {
                    self.left_game(&fix.name, Some(*game), why);
                }
                if fix.changes() {
                    self.fixed += fix.fixed;
                    self.files += 1;
                    out.write_all(diff.as_bytes())?;
                }
            }
            Outcome::Guessed(name) => self.guessed.push(name),
            Outcome::Left { name, game, why } => self.left_game(&name, game, &why),
            Outcome::NotWritten { name, why } => {
                self.errors.push(format!("{name}: {why}: left as it is"));
                let games = self.left_games.entry(name).or_default();
                games.push((None, why));
            }
            Outcome::Failed(e) => self.errors.push(e),
        }
        Ok(())
    }

    /// A game (`None`: the whole file) left as it was, with the reason.
    fn left_game(&mut self, name: &str, game: Option<usize>, why: &str) {
        self.left.push(match game {
            Some(game) => format!("{name}: game {game}: {why}: left as it is"),
            None => format!("{name}: left as it is: {why}"),
        });
        let games = self.left_games.entry(name.to_string()).or_default();
        games.push((game, why.to_string()));
    }
}

/// A reporter whose summary also says what `--fix` fixed.
pub struct WithFixed<'r> {
    pub inner: &'r mut dyn Reporter,
    pub fixed: usize,
    pub files: usize,
}

impl Reporter for WithFixed<'_> {
    fn begin(&mut self, begin: &crate::output::Begin) -> io::Result<()> {
        self.inner.begin(begin)
    }
    fn renderer(&self) -> Renderer {
        self.inner.renderer()
    }
    fn games(&mut self, rendered: Rendered) -> io::Result<()> {
        self.inner.games(rendered)
    }
    fn error(&mut self, error: &InputError) -> io::Result<()> {
        self.inner.error(error)
    }
    fn summary(&mut self, summary: &Summary) -> io::Result<()> {
        let mut summary = summary.clone();
        summary.fixed = self.fixed;
        summary.files_fixed = self.files;
        self.inner.summary(&summary)
    }
}
