//! `audit --fix` and `audit --diff`: the plain files of the inputs rewritten by the fix
//! engine ([`crate::fix`]), each through a temporary file in its own folder that replaces
//! it at once, so that no reader ever sees half a record.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use rayon::prelude::*;

use crate::finding::{Code, Finding, Severity};
use crate::game::parse_size;
use crate::geom::BoardSize;
use crate::input::path_text::path_text;
use crate::input::source::{read_file, Bytes};
use crate::input::walk::{expand_with, Input, WalkOptions};
use crate::output::{InputError, Rendered, Renderer, Reporter, Summary};
use crate::run::LoadedFile;
use crate::sgf::record::{parse_game_with, Limits, MoveTarget};

/// What fixing one file gives: its text before and after (decoded), and how many findings
/// the edits fix.
pub struct FileFix {
    pub path: PathBuf,
    pub name: String,
    pub before: String,
    pub after: Vec<u8>,
    pub fixed: usize,
    /// The bytes change.
    pub changed: bool,
    /// The file was in another encoding and is written in UTF-8.
    pub reencoded: bool,
    /// Games left as they were, each with the reason (`game 2: ...`).
    pub refused: Vec<String>,
}

/// What became of a file: fixed (or nothing to fix), left for its guessed encoding, left
/// as it was for another reason (said), or an error.
pub enum Outcome {
    Fix(FileFix),
    Guessed(String),
    Left(String),
    Failed(String),
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

/// The plain files of the inputs; an error for standard input and archives.
pub fn files(paths: &[PathBuf], walk: WalkOptions) -> Result<Vec<PathBuf>, String> {
    let (inputs, errors) = expand_with(paths, walk);
    if let Some(e) = errors.first() {
        return Err(format!("{}: {}", e.path, e.message));
    }
    inputs
        .into_iter()
        .map(|input| match input {
            Input::File(p) => Ok(p),
            Input::Stdin => Err("--fix and --diff rewrite files: standard input cannot be \
                rewritten (save it to a file first)"
                .to_string()),
            Input::Archive(p, _) => Err(format!(
                "{}: --fix and --diff rewrite plain files: an archive or a .gz cannot be \
                 rewritten (unpack it first, or leave it out with --exclude)",
                path_text(&p)
            )),
        })
        .collect()
}

/// The format findings of a game, as its audit reports them: the splitter's and the
/// reader's (side lines read, for the setup each of their nodes names twice), and the
/// pass marks of its moves (`W[zz]`), which the replay reads as passes.
fn record_findings(file: &LoadedFile, index: usize) -> Vec<Finding> {
    let slice = &file.games[index];
    let mut findings: Vec<Finding> = slice
        .problems
        .iter()
        .map(|p| Finding::new(Code::ParseError, Severity::Warning, 0, p.message.clone()))
        .collect();
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

/// The edits of every game of the file, at offsets of its decoded text, the number of
/// findings they fix, and the games left as they were with the reason. With `ca`, each
/// root says `CA[UTF-8]`.
fn file_edits(
    file: &LoadedFile,
    selection: &Selection,
    ca: impl Fn(&str) -> bool + Sync,
) -> (Vec<crate::fix::Edit>, usize, Vec<String>) {
    // Games in parallel: a file may hold tens of thousands.
    let plans: Vec<(Vec<crate::fix::Edit>, usize, Option<String>)> = (0..file.games.len())
        .into_par_iter()
        .filter(|&index| !file.games[index].no_game)
        .map(|index| {
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
            let refused = plan.refused.map(|why| format!("game {}: {why}", index + 1));
            let fixed = plan.fixed.iter().filter(|f| **f).count();
            (edits.collect(), fixed, refused)
        })
        .collect();
    let fixed = plans.iter().map(|p| p.1).sum();
    let refused = plans.iter().filter_map(|p| p.2.clone()).collect();
    (
        plans.into_iter().flat_map(|p| p.0).collect(),
        fixed,
        refused,
    )
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
            Some(why) => Outcome::Left(format!("{name}: left as it is: {why}")),
            None => Outcome::Guessed(name),
        };
    };
    let (bytes, before, differs) = original.texts();
    let reencoded = utf8 && differs;
    let (mut fixed, mut refused) = (0, Vec::new());
    let mut current: Option<LoadedFile> = None;
    for round in 0..ROUNDS {
        let file = current.as_ref().unwrap_or(&original);
        let (_, _, differs) = file.texts();
        let ca = |text: &str| utf8 && (differs || !text.is_ascii());
        let (edits, count, why) = file_edits(file, selection, ca);
        if round == 0 {
            refused = why;
            if reencoded && !refused.is_empty() {
                let why = refused.join("; ");
                return Outcome::Left(format!("{name}: left as it is: {why}"));
            }
        }
        if edits.is_empty() {
            break;
        }
        let Some(after) = edited_bytes(file, &edits, utf8) else {
            let why = "an edit falls inside a damaged character";
            return Outcome::Left(format!("{name}: left as it is: {why}"));
        };
        fixed += count;
        current = Some(LoadedFile::new(name.clone(), Bytes::Owned(after)));
    }
    let after = match &current {
        Some(file) => file.texts().0.to_vec(),
        None => bytes.to_vec(),
    };
    if let Some(file) = &current {
        if let Some(why) = reads_differently(&original, file) {
            return Outcome::Left(format!("{name}: left as it is: {why}"));
        }
    }
    Outcome::Fix(FileFix {
        path: path.to_path_buf(),
        name,
        before: before.to_string(),
        changed: after != bytes,
        after,
        fixed,
        reencoded,
        refused,
    })
}

/// Why the fixed file does not read as the original but for the fixes: another number
/// of games, a game that reads differently, or one that reports a finding more often.
fn reads_differently(original: &LoadedFile, fixed: &LoadedFile) -> Option<String> {
    if original.games.len() != fixed.games.len() {
        return Some("the file would hold another number of games".to_string());
    }
    (0..original.games.len()).find_map(|index| {
        let (before, after) = (original.game_text(index), fixed.game_text(index));
        if let Some(why) = crate::fix::verify::meaning_differs(before, after) {
            return Some(format!("game {}: {why}", index + 1));
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
            .map(|(code, _)| format!("game {}: a fix would add a {code} finding", index + 1))
    })
}

impl FileFix {
    /// True when the file's bytes change.
    pub fn changes(&self) -> bool {
        self.changed
    }

    /// A unified diff of the file's text (decoded).
    pub fn diff(&self) -> String {
        let after = String::from_utf8_lossy(&self.after);
        let slash = if self.name.starts_with('/') { "" } else { "/" };
        let mut out = similar::TextDiff::from_lines(self.before.as_str(), after.as_ref())
            .unified_diff()
            .context_radius(3)
            .header(
                &format!("a{slash}{}", self.name),
                &format!("b{slash}{}", self.name),
            )
            .to_string();
        if self.reencoded {
            out.push_str(&format!("# {}: written in UTF-8 (CA[UTF-8])\n", self.name));
        }
        out
    }

    /// Writes the fixed bytes over the file: a temporary file in the same folder, its
    /// permissions the file's, renamed over it. The file is left as it is when it is
    /// read-only or changed since it was read.
    pub fn write(&self, read_at: &Stamp) -> Result<(), String> {
        let fail = |what: String| format!("{}: {what}: left as it is", self.name);
        let target = std::fs::canonicalize(&self.path).map_err(|e| fail(e.to_string()))?;
        let meta = std::fs::metadata(&target).map_err(|e| fail(e.to_string()))?;
        if meta.permissions().readonly() {
            return Err(fail("the file is read-only".into()));
        }
        let folder = target.parent().unwrap_or(Path::new("."));
        let mut temp = tempfile::Builder::new()
            .prefix(".sgfaudit-fix-")
            .tempfile_in(folder)
            .map_err(|e| fail(format!("cannot write in its folder ({e})")))?;
        temp.write_all(&self.after)
            .and_then(|()| temp.as_file().sync_all())
            .map_err(|e| fail(format!("cannot write ({e})")))?;
        std::fs::set_permissions(temp.path(), meta.permissions())
            .map_err(|e| fail(format!("cannot keep its permissions ({e})")))?;
        if Stamp::of(&target) != *read_at {
            return Err(fail("the file changed while it was read".into()));
        }
        temp.persist(&target)
            .map_err(|e| fail(format!("cannot replace it ({})", e.error)))?;
        Ok(())
    }
}

/// A file's length and time of change, to notice that it changed after it was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamp(Option<(u64, Option<SystemTime>)>);

impl Stamp {
    pub fn of(path: &Path) -> Stamp {
        Stamp(
            std::fs::metadata(path)
                .ok()
                .map(|m| (m.len(), m.modified().ok())),
        )
    }
}

/// What `--fix` or `--diff` did: findings fixed, files changed, files left for a guessed
/// encoding, files or games left as they were (with the reason), errors.
#[derive(Default)]
pub struct Done {
    pub fixed: usize,
    pub files: usize,
    pub guessed: Vec<String>,
    pub left: Vec<String>,
    pub errors: Vec<String>,
}

/// Fixes (`write`) or diffs every file, answering the findings `selection` reports; the
/// diffs go to `out`, in the order of the files.
pub fn fix_all(
    files: &[PathBuf],
    selection: &Selection,
    write: bool,
    out: &mut dyn Write,
) -> io::Result<Done> {
    let outcomes: Vec<Outcome> = files
        .par_iter()
        .map(|path| {
            let stamp = Stamp::of(&std::fs::canonicalize(path).unwrap_or(path.clone()));
            match fix_file(path, selection) {
                Outcome::Fix(fix) if write && fix.changes() => match fix.write(&stamp) {
                    Ok(()) => Outcome::Fix(fix),
                    Err(e) => Outcome::Failed(e),
                },
                other => other,
            }
        })
        .collect();
    let mut done = Done::default();
    for outcome in outcomes {
        match outcome {
            Outcome::Fix(fix) => {
                let name = &fix.name;
                let games = fix
                    .refused
                    .iter()
                    .map(|why| format!("{name}: {why}: left as it is"));
                done.left.extend(games);
                if fix.changes() {
                    done.fixed += fix.fixed;
                    done.files += 1;
                    if !write {
                        out.write_all(fix.diff().as_bytes())?;
                    }
                }
            }
            Outcome::Guessed(name) => done.guessed.push(name),
            Outcome::Left(why) => done.left.push(why),
            Outcome::Failed(e) => done.errors.push(e),
        }
    }
    out.flush()?;
    Ok(done)
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
