//! Command-line types (clap) and their translation into validated settings.

use std::io::BufRead;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::audit::{AuditOptions, Status};
use crate::output::progress::ProgressMode;
use crate::output::Format;
use crate::rules::{RuleSet, Superko};
use crate::run::RunConfig;
use crate::score::DeadPolicy;

/// Audit Go (weiqi, baduk) game records: replay every game under the Chinese Weiqi Rules
/// (2002), report illegal moves and repeated positions, count the final position by area
/// and check the result written in RE[].
#[derive(Debug, Parser)]
#[command(name = "sgfaudit", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Read, replay, count and check every game of the given files and folders.
    Audit(AuditArgs),
    /// Show one game's final position, dead stones, counts and result, for a person.
    Score(ScoreArgs),
    /// Show the position before one move of a game, the move and what it would do marked.
    Show(ShowArgs),
}

/// `--rules`: a rule set, or `auto` (from RU[], else chinese).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum RulesChoice {
    Auto,
    Chinese,
    ChinesePositional,
    TrompTaylor,
    Aga,
    Nz,
    Japanese,
    Korean,
}

impl RulesChoice {
    fn rule_set(self) -> Option<RuleSet> {
        Some(match self {
            RulesChoice::Auto => return None,
            RulesChoice::Chinese => RuleSet::Chinese,
            RulesChoice::ChinesePositional => RuleSet::ChinesePositional,
            RulesChoice::TrompTaylor => RuleSet::TrompTaylor,
            RulesChoice::Aga => RuleSet::Aga,
            RulesChoice::Nz => RuleSet::Nz,
            RulesChoice::Japanese => RuleSet::Japanese,
            RulesChoice::Korean => RuleSet::Korean,
        })
    }
}

/// Options shared by `audit` and `score`.
#[derive(Debug, Args, Clone)]
pub struct GameOptions {
    /// Rule set; `auto` reads RU[] and falls back to chinese.
    #[arg(long, value_enum, default_value = "auto")]
    pub rules: RulesChoice,
    /// Override the rule set's repetition rule.
    #[arg(long, value_enum)]
    pub superko: Option<Superko>,
    /// Override KM[] (points).
    #[arg(long, allow_negative_numbers = true)]
    pub komi: Option<f64>,
    /// Where dead stones come from: markup (TB/TW), estimate, none, or auto (markup if present, else estimate).
    #[arg(long, value_enum, default_value = "auto")]
    pub dead: DeadPolicy,
    /// Stop replaying a game at its first illegal move.
    #[arg(long)]
    pub strict: bool,
}

impl GameOptions {
    pub fn audit_options(&self) -> AuditOptions {
        AuditOptions {
            rules: self.rules.rule_set(),
            superko: self.superko,
            komi: self.komi,
            dead: self.dead,
            strict: self.strict,
            ..AuditOptions::default()
        }
    }
}

#[derive(Debug, Args)]
pub struct AuditArgs {
    /// Files, folders (walked for *.sgf in any case) or - for standard input.
    pub paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub format: Format,
    /// Same as --format jsonl.
    #[arg(long)]
    pub json: bool,
    /// Statuses that make the exit code 1 (comma-separated).
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "error,illegal,mismatch"
    )]
    pub fail_on: Vec<Status>,
    /// Worker threads (default: all cores).
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// Read paths from FILE, one a line (- for standard input).
    #[arg(long, value_name = "FILE")]
    pub files_from: Option<PathBuf>,
    /// Progress bar on stderr: auto shows it only when stderr is a terminal.
    #[arg(long, value_enum, default_value = "auto")]
    pub progress: ProgressMode,
    #[command(flatten)]
    pub game: GameOptions,
}

#[derive(Debug, Args)]
pub struct ScoreArgs {
    /// The SGF file.
    pub file: PathBuf,
    /// Which game of a collection (from 0).
    #[arg(long, default_value_t = 0)]
    pub game: usize,
    /// Also draw the counted position as an SVG picture into this file.
    #[arg(long, value_name = "OUT")]
    pub svg: Option<PathBuf>,
    #[command(flatten)]
    pub options: GameOptions,
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The SGF file.
    pub file: PathBuf,
    /// Which game of a collection (from 0).
    #[arg(long, default_value_t = 0)]
    pub game: usize,
    /// The move (from 1; passes count) to show the position before; default: the game's
    /// first illegal move.
    #[arg(long = "move", value_name = "M")]
    pub r#move: Option<u32>,
    /// Draw the diagram as an SVG picture into this file instead of printing a text board.
    #[arg(long, value_name = "OUT")]
    pub svg: Option<PathBuf>,
    #[command(flatten)]
    pub options: GameOptions,
}

impl AuditArgs {
    /// The output format, with `--json` as a synonym.
    pub fn format(&self) -> Format {
        if self.json {
            Format::Jsonl
        } else {
            self.format
        }
    }

    /// Validated settings for a run; `Err` is a usage error (exit code 2).
    pub fn run_config(&self) -> Result<RunConfig, String> {
        let mut paths = self.paths.clone();
        if let Some(list) = &self.files_from {
            let reader: Box<dyn BufRead> = if list.as_os_str() == "-" {
                Box::new(std::io::BufReader::new(std::io::stdin()))
            } else {
                let f = std::fs::File::open(list).map_err(|e| {
                    format!(
                        "--files-from {}: {}",
                        list.display(),
                        crate::input::walk::io_message(&e)
                    )
                })?;
                Box::new(std::io::BufReader::new(f))
            };
            for line in reader.lines() {
                let line = line.map_err(|e| format!("--files-from: {e}"))?;
                let line = line.trim_end_matches('\r');
                if !line.trim().is_empty() {
                    paths.push(PathBuf::from(line));
                }
            }
        }
        if paths.is_empty() {
            if self.files_from.is_some() {
                return Err("--files-from gave no paths".to_string());
            }
            paths.push(PathBuf::from("corpus"));
        }
        if paths.iter().filter(|p| p.as_os_str() == "-").count() > 1 {
            return Err("standard input (-) can be read only once".to_string());
        }
        let jobs = match self.jobs {
            Some(0) => return Err("--jobs must be at least 1".to_string()),
            Some(n) => n,
            None => std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1),
        };
        if let Some(k) = self.game.komi {
            if !k.is_finite() {
                return Err("--komi must be a number".to_string());
            }
        }
        Ok(RunConfig {
            paths,
            audit: self.game.audit_options(),
            fail_on: self.fail_on.clone(),
            jobs,
            progress: self.progress,
        })
    }
}
