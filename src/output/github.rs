//! GitHub Actions annotations: `::error file=…,line=…,col=…::…` for each finding, at most
//! [`MAX_PER_LEVEL`] of each level (GitHub shows no more per step), the last notice being
//! the run's summary; and, when `$GITHUB_STEP_SUMMARY` names a file, a Markdown summary
//! appended to it.

use std::io::{self, Write};

use super::{InputError, Rendered, Renderer, Reporter, Summary};
use crate::audit::GameReport;
use crate::finding::Severity;
use crate::gate::thousands;

/// Annotations GitHub shows per level and step.
pub const MAX_PER_LEVEL: usize = 10;

/// Levels in the order of `shown`/`dropped`.
const LEVELS: [&str; 3] = ["error", "warning", "notice"];

pub struct GithubReporter<'w> {
    out: Box<dyn Write + 'w>,
    /// Annotations written, per level.
    shown: [usize; 3],
    /// Annotations left out over the cap, per level.
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

/// One annotation: its place in [`LEVELS`] and its line.
struct Annotation {
    level: usize,
    line: String,
}

/// Renders one annotation per finding.
fn render_game(g: &GameReport, _fails: bool, out: &mut Vec<Annotation>) {
    use std::fmt::Write as _;
    for f in &g.findings {
        let level = level(f.severity);
        let mut line = String::new();
        writeln!(
            line,
            "::{} file={},line={},col={},title={}::{}: {}",
            LEVELS[level],
            escape(&g.path, true),
            f.line,
            f.column,
            escape(f.code.as_str(), true),
            f.in_game(g.game),
            escape(&f.message, false)
        )
        .expect("writing to memory");
        out.push(Annotation { level, line });
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
            line,
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
            shown: [0; 3],
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

    /// Writes one annotation line of `level` (its place in [`LEVELS`]) unless the level
    /// is full.
    fn annotate(&mut self, level: usize, line: &str) -> io::Result<()> {
        if self.shown[level] < Self::cap(level) {
            self.shown[level] += 1;
            self.out.write_all(line.as_bytes())
        } else {
            self.dropped[level] += 1;
            Ok(())
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
                "\nAnnotations left out (GitHub shows {MAX_PER_LEVEL} of each kind): {}.\n",
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
            self.annotate(a.level, &a.line)?;
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
        self.annotate(level(Severity::Error), &line)
    }

    fn summary(&mut self, s: &Summary) -> io::Result<()> {
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
    fn control_characters_cannot_forge_a_command() {
        assert_eq!(
            escape("a\u{1b}[31mb\n::error::x", false),
            "a[31mb%0A::error::x"
        );
        assert_eq!(escape("x,y:z", true), "x%2Cy%3Az");
    }
}
