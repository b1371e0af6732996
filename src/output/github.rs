//! GitHub Actions annotations: `::error file=…,line=…,col=…::…` for the findings that
//! matter most, at most [`MAX_PER_LEVEL`] of each level (GitHub shows no more per step): the
//! rules' problems before the record's format (illegal moves first among errors, results the
//! count contradicts first among warnings), at most [`MAX_PER_GAME`] of a level per game,
//! in input order within a rank; the last notice is the run's summary. When
//! `$GITHUB_STEP_SUMMARY` names a file, a Markdown summary is appended to it, with the
//! annotations left out counted.

use std::io::{self, Write};

use super::{InputError, Rendered, Renderer, Reporter, Summary};
use crate::audit::GameReport;
use crate::finding::{Code, Finding, Severity};
use crate::gate::thousands;

/// Annotations GitHub shows per level and step.
pub const MAX_PER_LEVEL: usize = 10;

/// Annotations of one level one game gets at most, so that one bad game does not take
/// every slot.
pub const MAX_PER_GAME: usize = 2;

/// Levels in the order of `kept`/`dropped`.
const LEVELS: [&str; 3] = ["error", "warning", "notice"];

pub struct GithubReporter<'w> {
    out: Box<dyn Write + 'w>,
    /// The annotations kept so far, per level: the most important ones, at most the cap.
    kept: [Vec<Annotation>; 3],
    /// Annotations received, in input order: the order within a rank.
    received: usize,
    /// Annotations left out, per level: over a game's share or over the level's cap.
    dropped: [usize; 3],
    /// Inputs that could not be read.
    unreadable: Vec<InputError>,
    /// Where the step summary goes (`$GITHUB_STEP_SUMMARY`).
    step_summary: Option<std::path::PathBuf>,
}

/// The place in [`LEVELS`] of a severity's level.
fn level(severity: Severity) -> usize {
    match severity {
        Severity::Error => 0,
        Severity::Warning => 1,
        Severity::Info => 2,
    }
}

/// One annotation: its place in [`LEVELS`], its [`rank`] and its line; or, with no line,
/// the count of a game's annotations of that level left out over [`MAX_PER_GAME`].
struct Annotation {
    level: usize,
    rank: u8,
    /// Its place in the input order (set by the reporter).
    seq: usize,
    line: String,
    /// Annotations of this game and level left out before the reporter saw them.
    left_out: usize,
}

/// How much an annotation matters within its level, 0 the most: an illegal move or a
/// result the count contradicts, then the other problems of the rules (a code with an
/// article), then the rest (the record's format and reading), then the "... and N more"
/// lines.
fn rank(code: Option<Code>) -> u8 {
    match code {
        Some(
            Code::Occupied
            | Code::OffBoard
            | Code::Suicide
            | Code::Ko
            | Code::Superko
            | Code::ResultMismatch,
        ) => 0,
        Some(c) if c.article().is_some() => 1,
        Some(_) => 2,
        None => 3,
    }
}

/// The message of a finding, placed as `concise` places it: `game 0: move 4 D4: …`.
fn message(g: &GameReport, f: &Finding) -> String {
    let at = match (f.r#move, &f.vertex) {
        (Some(m), Some(v)) => format!(" move {m} {v}:"),
        (Some(m), None) => format!(" move {m}:"),
        _ => String::new(),
    };
    format!("{}:{at} {}", f.in_game(g.game), f.message)
}

/// Renders one annotation per finding, the game's most important [`MAX_PER_GAME`] of each
/// level; those left out are counted.
fn render_game(g: &GameReport, _fails: bool, out: &mut Vec<Annotation>) {
    use std::fmt::Write as _;
    let mut order: Vec<&Finding> = g.findings.iter().collect();
    order.sort_by_key(|f| (std::cmp::Reverse(f.severity), rank(Some(f.code))));
    let mut per_level = [0usize; 3];
    for f in order {
        let level = level(f.severity);
        per_level[level] += 1;
        if per_level[level] > MAX_PER_GAME {
            continue;
        }
        let mut line = String::new();
        writeln!(
            line,
            "::{} file={},line={},col={},title={}::{}",
            LEVELS[level],
            escape(&g.path, true),
            f.line,
            f.column,
            escape(f.code.as_str(), true),
            escape(&message(g, f), false)
        )
        .expect("writing to memory");
        out.push(Annotation {
            level,
            rank: rank(Some(f.code)),
            seq: 0,
            line,
            left_out: 0,
        });
    }
    for (level, n) in per_level.into_iter().enumerate() {
        if n > MAX_PER_GAME {
            out.push(Annotation {
                level,
                rank: 0,
                seq: 0,
                line: String::new(),
                left_out: n - MAX_PER_GAME,
            });
        }
    }
    for (code, n) in &g.omitted {
        let mut line = String::new();
        writeln!(
            line,
            "::notice file={},line={},title=sgfaudit::game {}: ... and {} more `{}`",
            escape(&g.path, true),
            g.line,
            g.game,
            thousands(u64::from(*n)),
            code
        )
        .expect("writing to memory");
        out.push(Annotation {
            level: level(Severity::Info),
            rank: rank(None),
            seq: 0,
            line,
            left_out: 0,
        });
    }
}

impl<'w> GithubReporter<'w> {
    pub fn new(out: Box<dyn Write + 'w>) -> Self {
        let step_summary = std::env::var_os("GITHUB_STEP_SUMMARY")
            .filter(|p| !p.is_empty())
            .map(std::path::PathBuf::from);
        GithubReporter {
            out,
            kept: Default::default(),
            received: 0,
            dropped: [0; 3],
            unreadable: Vec::new(),
            step_summary,
        }
    }

    /// The cap of a level: the summary is the last notice, so findings get one fewer.
    fn cap(level: usize) -> usize {
        if LEVELS[level] == "notice" {
            MAX_PER_LEVEL - 1
        } else {
            MAX_PER_LEVEL
        }
    }

    /// Keeps an annotation if it is among the most important of its level so far (by
    /// rank, then input order); the one it pushes out, or itself, is counted as left out.
    fn annotate(&mut self, mut a: Annotation) {
        if a.line.is_empty() {
            self.dropped[a.level] += a.left_out;
            return;
        }
        a.seq = self.received;
        self.received += 1;
        let level = a.level;
        let kept = &mut self.kept[level];
        let at = kept.partition_point(|k| (k.rank, k.seq) <= (a.rank, a.seq));
        if at < Self::cap(level) {
            kept.insert(at, a);
        } else {
            self.dropped[level] += 1;
        }
        if kept.len() > Self::cap(level) {
            kept.pop();
            self.dropped[level] += 1;
        }
    }

    fn markdown(&self, s: &Summary) -> String {
        let mut md = String::from("## sgfaudit\n\n");
        md.push_str(&format!(
            "{} games in {} files, {} moves.\n\n| status | games |\n|---|---:|\n",
            thousands(s.games as u64),
            thousands(s.files as u64),
            thousands(s.moves)
        ));
        for (status, n) in &s.by_status {
            md.push_str(&format!(
                "| {} | {} |\n",
                status.as_str(),
                thousands(*n as u64)
            ));
        }
        if !s.by_code.is_empty() {
            md.push_str("\n| code | findings |\n|---|---:|\n");
            for (code, n) in &s.by_code {
                md.push_str(&format!("| `{code}` | {} |\n", thousands(*n as u64)));
            }
        }
        if !self.unreadable.is_empty() {
            md.push_str(&format!(
                "\n{} inputs could not be read:\n\n",
                self.unreadable.len()
            ));
            for e in &self.unreadable {
                md.push_str(&format!(
                    "- `{}`: {}\n",
                    markdown_text(&e.path),
                    markdown_text(&e.message)
                ));
            }
        }
        let dropped: usize = self.dropped.iter().sum();
        if dropped > 0 {
            md.push_str(&format!(
                "\nAnnotations left out (GitHub shows {MAX_PER_LEVEL} of each kind; illegal moves and \
                 results the count contradicts go first, at most {MAX_PER_GAME} of a kind per game): {}.\n",
                LEVELS
                    .iter()
                    .zip(&self.dropped)
                    .filter(|(_, &n)| n > 0)
                    .map(|(l, n)| format!("{} {l}", thousands(*n as u64)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        md
    }
}

/// Text safe inside Markdown: no control characters, no backticks or pipes.
fn markdown_text(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_control())
        .map(|c| if matches!(c, '`' | '|') { '\'' } else { c })
        .collect()
}

/// Escapes a value for a workflow command (`%`, `\r`, `\n`, and `,`/`:` in properties)
/// and drops other control characters, which could end or forge a command.
fn escape(s: &str, property: bool) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '%' => out.push_str("%25"),
            '\r' => out.push_str("%0D"),
            '\n' => out.push_str("%0A"),
            ':' if property => out.push_str("%3A"),
            ',' if property => out.push_str("%2C"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

impl Reporter for GithubReporter<'_> {
    fn renderer(&self) -> Renderer {
        Renderer::new(render_game, 1)
    }

    fn games(&mut self, rendered: Rendered) -> io::Result<()> {
        for a in rendered.rows::<Annotation>()? {
            self.annotate(a);
        }
        Ok(())
    }

    fn error(&mut self, e: &InputError) -> io::Result<()> {
        self.unreadable.push(e.clone());
        let line = format!(
            "::error file={},title=unreadable::{}\n",
            escape(&e.path, true),
            escape(&e.message, false)
        );
        self.annotate(Annotation {
            level: level(Severity::Error),
            rank: 1,
            seq: 0,
            line,
            left_out: 0,
        });
        Ok(())
    }

    fn summary(&mut self, s: &Summary) -> io::Result<()> {
        for a in self.kept.iter().flatten() {
            self.out.write_all(a.line.as_bytes())?;
        }
        let bad: usize = s
            .by_status
            .iter()
            .filter(|(k, _)| k.as_str() != "ok")
            .map(|(_, v)| v)
            .sum();
        let dropped: usize = self.dropped.iter().sum();
        let more = if dropped > 0 {
            format!(
                ", {} more annotations not shown (see the step summary)",
                thousands(dropped as u64)
            )
        } else {
            String::new()
        };
        writeln!(
            self.out,
            "::notice title=sgfaudit::{} games in {} files, {} not ok{more}",
            s.games, s.files, bad
        )?;
        if let Some(path) = &self.step_summary {
            let md = self.markdown(s);
            let mut file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| {
                    io::Error::new(
                        e.kind(),
                        format!("GITHUB_STEP_SUMMARY {}: {e}", path.display()),
                    )
                })?;
            file.write_all(md.as_bytes())?;
        }
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn illegal_moves_and_wrong_results_rank_before_other_rule_problems_and_the_format() {
        assert_eq!(rank(Some(Code::Occupied)), 0);
        assert_eq!(rank(Some(Code::ResultMismatch)), 0);
        assert_eq!(rank(Some(Code::Cycle)), 1);
        assert_eq!(rank(Some(Code::UnknownProperty)), 2);
        assert_eq!(rank(None), 3);
    }

    #[test]
    fn control_characters_cannot_forge_a_command() {
        assert_eq!(
            escape("a\u{1b}[31mb\n::error::x", false),
            "a[31mb%0A::error::x"
        );
        assert_eq!(escape("x,y:z", true), "x%2Cy%3Az");
    }
}
