//! Command-line types (clap) and their translation into validated settings.

use std::io::BufRead;
use std::path::PathBuf;
use std::time::Duration;

use clap::{ArgAction, Args, CommandFactory, Parser, Subcommand};

use crate::audit::judge::{judge_position, JudgeAnswer, JudgeConfig};
use crate::audit::{AuditOptions, Status};
use crate::config::FileConfig;
use crate::finding::{Code, Severity};
use crate::gate::{parse_codes, parse_severity, FailOn, Gate};
use crate::input::path_text::path_text;
use crate::input::walk::WalkOptions;
use crate::output::dups::DupsFormat;
use crate::output::progress::ProgressMode;
use crate::output::style::ColorMode;
use crate::output::{Format, InputError};
use crate::partition::Shard;
use crate::rules::{RuleSet, Superko};
use crate::run::ordered::GamesConfig;
use crate::run::{Part, RunConfig};
use crate::score::DeadPolicy;

/// What `--help` says after the options: exit codes and where the finding codes are.
const EXIT_HELP: &str =
    "Exit codes: 0 no game meets --fail-on (or --exit-zero); 1 some game does; \
2 a bad option, an input that cannot be read, or no SGF found.\n\
Finding codes: parse-error, bad-encoding, bad-property, too-large, occupied, off-board, \
suicide, ko, superko, cycle, consecutive-move, move-after-end, setup-in-game, \
handicap-mismatch, komi-normalized, unknown-rules, unparsed-result, result-mismatch, \
counting-convention, setup-without-liberties, handicap-inferred, not-go, duplicate; format: \
unknown-property, long-identifier, lowercase-identifier, property-version, compose-expected, \
empty-value, bad-value, old-pass, multiple-values, repeated-property, game-info-format, \
setup-and-move, two-moves, root-outside-root, setup-no-effect, nul-byte, game-info-twice, \
mixed-collection (groups: parse-error, format) \
(sgfaudit explain CODE).";

/// Audit Go (weiqi, baduk) game records: replay every game under the Chinese Weiqi Rules
/// (2002), report illegal moves and repeated positions, count the final position by area
/// and check the result written in RE[].
#[derive(Debug, Parser)]
#[command(name = "sgfaudit", version, about, long_about = None, after_help = EXIT_HELP)]
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
    /// Find games recorded more than once: the same moves, whatever the file, encoding,
    /// metadata, board symmetry or colours; cut short; or with a few moves changed.
    Dups(DupsArgs),
    /// What a finding code means, its severity, article and an example; without CODE, the
    /// list of codes.
    Explain {
        /// A finding code, e.g. superko.
        code: Option<String>,
    },
    /// Print a shell completion script (e.g. `sgfaudit completions bash > /etc/bash_completion.d/sgfaudit`).
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff), e.g. `sgfaudit man > sgfaudit.1`.
    Man,
    /// Print the JSON Schema (draft 2020-12) of one line of `audit --format jsonl`: every
    /// record type (begin, columns, game, error, summary), e.g. `sgfaudit schema > sgfaudit.schema.json`.
    Schema,
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
    /// Territory plus prisoners, simple ko (Japanese-style counting without a named rule set).
    Territory,
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
            RulesChoice::Territory => RuleSet::Territory,
        })
    }
}

/// `--superko`: the repetition rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SuperkoChoice {
    /// Whole board and side to move (the Chinese default).
    Situational,
    /// Whole board only.
    Positional,
    /// Only the immediate retaking of a single-stone ko.
    Simple,
}

impl From<SuperkoChoice> for Superko {
    fn from(c: SuperkoChoice) -> Superko {
        match c {
            SuperkoChoice::Situational => Superko::Situational,
            SuperkoChoice::Positional => Superko::Positional,
            SuperkoChoice::Simple => Superko::Simple,
        }
    }
}

/// `--dead`: where dead stones come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DeadChoice {
    /// Territory markup (`TB`/`TW`) only.
    Markup,
    /// An estimate from the position.
    Estimate,
    /// Every stone alive.
    None,
    /// Markup when the record has it, else an estimate.
    Auto,
}

impl From<DeadChoice> for DeadPolicy {
    fn from(c: DeadChoice) -> DeadPolicy {
        match c {
            DeadChoice::Markup => DeadPolicy::Markup,
            DeadChoice::Estimate => DeadPolicy::Estimate,
            DeadChoice::None => DeadPolicy::None,
            DeadChoice::Auto => DeadPolicy::Auto,
        }
    }
}

/// `--format`: the output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum FormatChoice {
    Table,
    Jsonl,
    Csv,
    /// One CSV row per finding.
    FindingsCsv,
    Github,
    /// One self-contained HTML page: summary, problem games worst first, diagrams.
    Html,
    /// SARIF 2.1.0 for GitHub code scanning: a rule per finding code, a result per finding.
    Sarif,
    /// JUnit XML for CI test reports: a test suite per file, a test case per game.
    Junit,
    /// GitLab Code Quality JSON for merge requests: an issue per finding.
    Gitlab,
}

impl From<FormatChoice> for Format {
    fn from(c: FormatChoice) -> Format {
        match c {
            FormatChoice::Table => Format::Table,
            FormatChoice::Jsonl => Format::Jsonl,
            FormatChoice::Csv => Format::Csv,
            FormatChoice::FindingsCsv => Format::FindingsCsv,
            FormatChoice::Html => Format::Html,
            FormatChoice::Github => Format::Github,
            FormatChoice::Sarif => Format::Sarif,
            FormatChoice::Junit => Format::Junit,
            FormatChoice::Gitlab => Format::Gitlab,
        }
    }
}

/// `--progress`: when to show the progress bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ProgressChoice {
    /// Only when stderr is a terminal and `CI` is not set.
    Auto,
    Always,
    Never,
}

impl From<ProgressChoice> for ProgressMode {
    fn from(c: ProgressChoice) -> ProgressMode {
        match c {
            ProgressChoice::Auto => ProgressMode::Auto,
            ProgressChoice::Always => ProgressMode::Always,
            ProgressChoice::Never => ProgressMode::Never,
        }
    }
}

/// `--color`: when to colour the output people read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// When standard output is a terminal, NO_COLOR is unset or empty and TERM is not dumb.
    Auto,
    Always,
    Never,
}

impl From<ColorChoice> for ColorMode {
    fn from(c: ColorChoice) -> ColorMode {
        match c {
            ColorChoice::Auto => ColorMode::Auto,
            ColorChoice::Always => ColorMode::Always,
            ColorChoice::Never => ColorMode::Never,
        }
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
    pub superko: Option<SuperkoChoice>,
    /// Override KM[] (points).
    #[arg(long, allow_negative_numbers = true)]
    pub komi: Option<f64>,
    /// Where dead stones come from: markup (TB/TW), estimate, none, or auto (markup if present, else estimate).
    #[arg(long, value_enum, default_value = "auto")]
    pub dead: DeadChoice,
    /// Stop replaying a game at its first illegal move (each side variation at its own).
    #[arg(long)]
    pub strict: bool,
    /// Replay only the main line: side variations are read and format-checked, but their
    /// moves are not replayed (for archives whose variations are commentary).
    #[arg(long)]
    pub main_line: bool,
    /// When the dead-stone estimate leaves a counted result without `agrees`, ask this Go
    /// engine (GTP, run without a shell) which stones are dead, and weigh its answer
    /// beside the estimate's doubts; e.g. "gnugo --mode gtp --chinese-rules". An engine
    /// process per position; about a second per position with GNU Go. The engine is tried
    /// on an empty board first: one that cannot start or answer is a usage error (exit
    /// code 2).
    #[arg(long, value_name = "COMMAND")]
    pub judge: Option<String>,
    /// The longest the engine of --judge is waited for on one position (its start
    /// included), a safety net: past it the engine is killed and the game keeps the
    /// estimate's verdict. After 3 failures of the engine in a row, the rest of the run
    /// goes without it.
    #[arg(long, value_name = "SECONDS", default_value = "60", value_parser = parse_judge_timeout)]
    pub judge_timeout: Duration,
}

/// The longest `--judge-timeout`: a day.
const MAX_JUDGE_TIMEOUT: f64 = 86_400.0;

/// `--judge-timeout`: seconds above 0, at most [`MAX_JUDGE_TIMEOUT`].
fn parse_judge_timeout(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if !(seconds > 0.0 && seconds <= MAX_JUDGE_TIMEOUT) {
        return Err(format!(
            "{text} seconds: the limit must be above 0 and at most {MAX_JUDGE_TIMEOUT} (a day)"
        ));
    }
    Ok(Duration::from_secs_f64(seconds))
}

impl GameOptions {
    pub fn audit_options(&self) -> AuditOptions {
        AuditOptions {
            rules: self.rules.rule_set(),
            superko: self.superko.map(Superko::from),
            komi: self.komi,
            dead: self.dead.into(),
            strict: self.strict,
            judge: self.judge_config(),
            limits: crate::sgf::record::Limits {
                side_lines: !self.main_line,
                ..crate::sgf::record::Limits::default()
            },
            ..AuditOptions::default()
        }
    }

    /// The engine of `--judge` with `--judge-timeout`, for a run of its own.
    pub fn judge_config(&self) -> Option<JudgeConfig> {
        let command = self.judge.clone()?;
        Some(JudgeConfig::new(command).with_timeout(self.judge_timeout))
    }

    /// `Err` (a usage error) when `--judge` names an engine that does not answer about an
    /// empty 9×9 board.
    pub fn check_judge(&self) -> Result<(), String> {
        let Some(config) = self.judge_config() else {
            return Ok(());
        };
        let size = crate::geom::BoardSize::new(9, 9).expect("9×9 is a board");
        let empty = crate::geom::Position::empty(size);
        match judge_position(&config, &empty, 7.5, crate::geom::Color::Black) {
            JudgeAnswer::Dead(_) => Ok(()),
            JudgeAnswer::Failed(failure) => Err(format!("--judge: {failure}")),
        }
    }
}

#[derive(Debug, Args)]
#[command(after_help = EXIT_HELP)]
pub struct AuditArgs {
    /// Files, folders (walked for *.sgf in any case) or - for standard input; none means
    /// the current folder. A folder without any SGF file is an input error (exit code 2).
    pub paths: Vec<PathBuf>,
    /// Output format [default: table]
    #[arg(long, value_enum)]
    pub format: Option<FormatChoice>,
    /// Same as --format jsonl.
    #[arg(long)]
    pub json: bool,
    /// What makes the exit code 1 (comma-separated): statuses (ok, illegal, mismatch,
    /// error), severities (warning, info: a finding at that severity or above) or finding
    /// codes [default: error,illegal,mismatch]
    #[arg(long, value_delimiter = ',', value_name = "LIST")]
    pub fail_on: Option<Vec<String>>,
    /// Exit 0 whatever the games hold (a bad option or an unreadable input is still 2).
    #[arg(long)]
    pub exit_zero: bool,
    /// Report only these finding codes (comma-separated); a status that rests only on
    /// codes left out becomes ok.
    #[arg(long, value_delimiter = ',', value_name = "CODES")]
    pub select: Option<Vec<String>>,
    /// Never report these finding codes (comma-separated).
    #[arg(long, value_delimiter = ',', value_name = "CODES")]
    pub ignore: Option<Vec<String>>,
    /// Show findings from this severity up (info, warning, error); the others are still
    /// counted in the summary [default: info]
    #[arg(long, value_name = "SEVERITY")]
    pub min_severity: Option<String>,
    /// Show at most N findings per game, then one line per code of those left out.
    #[arg(long, value_name = "N")]
    pub max_findings_per_game: Option<usize>,
    /// Also look for games recorded twice (as `sgfaudit dups` does, the inputs read once
    /// more first): each game with an earlier copy gets a `duplicate` finding.
    #[arg(long)]
    pub duplicates: bool,
    /// Show no games: the summary only (input errors still go to stderr).
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Read settings from this file instead of the nearest sgfaudit.toml (current folder,
    /// then its parents).
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Read no config file.
    #[arg(long, conflicts_with = "config")]
    pub no_config: bool,
    /// Worker threads (default: all cores; at most 1024).
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// Audit only shard K of N (K from 0 to N-1): the inputs are cut into N parts of
    /// about equal bytes at game boundaries (an archive between members); each game is in
    /// one shard, with the path and game index of a whole run, and the shards' games in
    /// order are the whole run's.
    /// Inputs that cannot be read are reported by shard 0.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
    /// Read paths from FILE, one a line, any bytes but NUL (- for standard input); a bad
    /// line is reported with its number and the others are read.
    #[arg(long, value_name = "FILE")]
    pub files_from: Option<PathBuf>,
    /// Follow symbolic links met in folders (a link named as a path is always read); a
    /// file reached twice is read once either way.
    #[arg(long, short = 'L')]
    pub follow: bool,
    /// Progress bar on stderr: auto shows it only when stderr is a terminal.
    #[arg(long, value_enum, default_value = "auto")]
    pub progress: ProgressChoice,
    /// Colour the table's severities and statuses: auto colours only a terminal, and not
    /// when NO_COLOR is set (non-empty). Other formats are never coloured.
    #[arg(long, value_enum, default_value = "auto", value_name = "WHEN")]
    pub color: ColorChoice,
    #[command(flatten)]
    pub game: GameOptions,
}

/// `dups --format`: the output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DupsFormatChoice {
    /// Each cluster's games, the most complete marked `*`, then a summary line.
    Table,
    /// `begin`, one `cluster` per cluster, `error`s, `summary`.
    Jsonl,
    /// One row per game of a cluster, with its cluster's number.
    Csv,
}

/// `dups --fail-on`: what makes the exit code 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DupsFailOn {
    /// Some game has a copy.
    Duplicates,
    /// Never (the default).
    Nothing,
}

#[derive(Debug, Args)]
#[command(
    after_help = "Exit codes: 0 done (or no copy with --fail-on duplicates); 1 some game \
has a copy and --fail-on duplicates; 2 a bad option, an input that cannot be read, or no SGF found.\n\
Relations: exact (same moves), prefix (the start of the other: at least 30 moves and half of \
the longer game), near (lengths within 5 moves, at most 3 moves different). Games of fewer than \
30 moves are never clustered."
)]
pub struct DupsArgs {
    /// Files, folders (walked for *.sgf), archives or - for standard input; none means the
    /// current folder.
    pub paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub format: DupsFormatChoice,
    /// Same as --format jsonl.
    #[arg(long)]
    pub json: bool,
    /// Exit 1 when some game has a copy.
    #[arg(long, value_enum, default_value = "nothing", value_name = "WHAT")]
    pub fail_on: DupsFailOn,
    /// Worker threads (default: all cores; at most 1024); the output is the same for any.
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// Read paths from FILE, one a line (- for standard input); a bad line is reported
    /// with its number and the others are read.
    #[arg(long, value_name = "FILE")]
    pub files_from: Option<PathBuf>,
    /// Follow symbolic links met in folders (a link named as a path is always read); a
    /// file reached twice is read once either way.
    #[arg(long, short = 'L')]
    pub follow: bool,
    /// Progress bar on stderr: auto shows it only when stderr is a terminal.
    #[arg(long, value_enum, default_value = "auto")]
    pub progress: ProgressChoice,
}

impl DupsArgs {
    /// The inputs and workers of the search; `Err` is a usage error (exit code 2).
    pub fn games_config(&self) -> Result<GamesConfig, String> {
        let (paths, input_errors) = gather_paths(&self.paths, self.files_from.as_deref())?;
        Ok(GamesConfig {
            paths,
            walk: WalkOptions {
                follow_links: self.follow,
            },
            input_errors,
            jobs: jobs(self.jobs)?,
            progress: self.progress.into(),
            errors_to_stderr: true,
        })
    }

    /// The output format, `--json` included.
    pub fn format(&self) -> DupsFormat {
        if self.json {
            return DupsFormat::Jsonl;
        }
        match self.format {
            DupsFormatChoice::Table => DupsFormat::Table,
            DupsFormatChoice::Jsonl => DupsFormat::Jsonl,
            DupsFormatChoice::Csv => DupsFormat::Csv,
        }
    }
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
    /// Colour stones, areas and severities: auto colours only a terminal, and not when
    /// NO_COLOR is set (non-empty).
    #[arg(long, value_enum, default_value = "auto", value_name = "WHEN")]
    pub color: ColorChoice,
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
    /// The side variation the move is on, as findings name it (`1`, `0.2.1`); default: the
    /// main line, or with no `--move` the variation of the first illegal move.
    #[arg(long, value_name = "V")]
    pub variation: Option<String>,
    /// Draw the diagram as an SVG picture into this file instead of printing a text board.
    #[arg(long, value_name = "OUT")]
    pub svg: Option<PathBuf>,
    /// Colour the stones and marks of the text board: auto colours only a terminal, and
    /// not when NO_COLOR is set (non-empty).
    #[arg(long, value_enum, default_value = "auto", value_name = "WHEN")]
    pub color: ColorChoice,
    #[command(flatten)]
    pub options: GameOptions,
}

impl AuditArgs {
    /// The config file that applies, read (`None`: no file, or `--no-config`).
    pub fn file_config(&self) -> Result<Option<FileConfig>, String> {
        if self.no_config {
            return Ok(None);
        }
        let here = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
        match crate::config::find(self.config.as_deref(), &here) {
            Some(path) => crate::config::load(&path).map(Some),
            None => Ok(None),
        }
    }

    /// The output format, with `--json` as a synonym, then the config file's.
    pub fn format_with(&self, file: &FileConfig) -> Result<Format, String> {
        if self.json {
            return Ok(Format::Jsonl);
        }
        if let Some(f) = self.format {
            return Ok(f.into());
        }
        match &file.format {
            Some(name) => <FormatChoice as clap::ValueEnum>::from_str(name, false)
                .map(Format::from)
                .map_err(|_| format!("config file: unknown format '{name}'")),
            None => Ok(Format::Table),
        }
    }

    /// The output format without a config file.
    pub fn format(&self) -> Format {
        self.format_with(&FileConfig::default())
            .unwrap_or(Format::Table)
    }

    /// `--exit-zero`, from the command line or the config file.
    pub fn exit_zero_with(&self, file: &FileConfig) -> bool {
        self.exit_zero || file.exit_zero.unwrap_or(false)
    }

    /// The CI settings: the command line's, else the config file's, else the defaults.
    pub fn gate(&self, file: &FileConfig) -> Result<(Gate, Vec<Status>), String> {
        let codes = |list: &Option<Vec<String>>| -> Result<Option<Vec<Code>>, String> {
            list.as_ref()
                .map(|l| {
                    l.iter()
                        .filter(|w| !w.trim().is_empty())
                        .map(|w| parse_codes(w))
                        .collect::<Result<Vec<_>, _>>()
                        .map(|lists| lists.concat())
                })
                .transpose()
        };
        let mut gate = Gate {
            select: codes(if self.select.is_some() {
                &self.select
            } else {
                &file.select
            })?,
            ignore: codes(if self.ignore.is_some() {
                &self.ignore
            } else {
                &file.ignore
            })?
            .unwrap_or_default(),
            min_severity: match self.min_severity.as_ref().or(file.min_severity.as_ref()) {
                Some(s) => parse_severity(s).map_err(|e| format!("--min-severity: {e}"))?,
                None => Severity::Info,
            },
            max_per_game: self.max_findings_per_game.or(file.max_findings_per_game),
            quiet: self.quiet || file.quiet.unwrap_or(false),
            ..Gate::default()
        };
        if let Some(list) = self.fail_on.as_ref().or(file.fail_on.as_ref()) {
            gate.fail_on = list
                .iter()
                .filter(|w| !w.trim().is_empty())
                .map(|w| FailOn::parse_all(w).map_err(|e| format!("--fail-on: {e}")))
                .collect::<Result<Vec<_>, _>>()?
                .concat();
        }
        let statuses = gate
            .fail_on
            .iter()
            .filter_map(|f| match f {
                FailOn::Status(s) => Some(*s),
                _ => None,
            })
            .collect();
        Ok((gate, statuses))
    }

    /// Validated settings for a run with a config file's settings under the command
    /// line's; `Err` is a usage error (exit code 2).
    pub fn run_config_with(&self, file: &FileConfig) -> Result<RunConfig, String> {
        let (gate, fail_on) = self.gate(file)?;
        let (paths, list_errors) = gather_paths(&self.paths, self.files_from.as_deref())?;
        let jobs = jobs(self.jobs)?;
        self.game.check_judge()?;
        if let Some(k) = self.game.komi {
            if !k.is_finite() {
                return Err("--komi must be a number".to_string());
            }
        }
        let mut audit = AuditOptions {
            format_checks: gate.reports_format_checks(),
            ..self.game.audit_options()
        };
        if file.main_line == Some(true) {
            audit.limits.side_lines = false;
        }
        Ok(RunConfig {
            paths,
            walk: WalkOptions {
                follow_links: self.follow,
            },
            audit,
            fail_on,
            gate,
            jobs,
            progress: self.progress.into(),
            input_errors: list_errors,
            errors_to_stderr: true,
            part: self.shard.map_or(Part::All, Part::Shard),
        })
    }
}

/// The paths to read: those given, then those of the `--files-from` list (its bad lines
/// as input errors), the current folder when there are none; `Err` is a usage error.
fn gather_paths(
    given: &[PathBuf],
    files_from: Option<&std::path::Path>,
) -> Result<(Vec<PathBuf>, Vec<InputError>), String> {
    let mut paths = given.to_vec();
    let mut list_errors = Vec::new();
    if let Some(list) = files_from {
        let from_stdin = list.as_os_str() == "-";
        let reader: Box<dyn BufRead> = if from_stdin {
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
        let name = path_text(list);
        read_path_list(reader, from_stdin, &mut paths, &mut |line, message| {
            list_errors.push(InputError {
                path: name.clone(),
                message: format!("line {line}: {message}"),
            })
        })
        .map_err(|e| format!("--files-from {name}: {e}"))?;
    }
    if paths.is_empty() && list_errors.is_empty() {
        if files_from.is_some() {
            return Err("--files-from gave no paths".to_string());
        }
        paths.push(PathBuf::from("."));
    }
    if paths.iter().filter(|p| p.as_os_str() == "-").count() > 1 {
        return Err("standard input (-) can be read only once".to_string());
    }
    Ok((paths, list_errors))
}

/// `--jobs`, checked; all cores when not given.
fn jobs(asked: Option<usize>) -> Result<usize, String> {
    match asked {
        Some(0) => Err("--jobs must be at least 1".to_string()),
        Some(n) if n > MAX_JOBS => Err(format!("--jobs {n}: at most {MAX_JOBS} worker threads")),
        Some(n) => Ok(n),
        None => Ok(std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)),
    }
}

/// The most worker threads `--jobs` may ask for: more than any machine has cores, few
/// enough that starting them costs nothing worth noticing.
pub const MAX_JOBS: usize = 1024;

/// The longest line of a `--files-from` list (a path is at most 4096 bytes on Linux).
const MAX_LIST_LINE: usize = 1 << 16;

/// Reads a `--files-from` list: one path a line, any bytes but NUL (`\n` or `\r\n` ends a
/// line, empty lines are skipped). A bad line is reported through `bad` with its number and
/// the list goes on; a NUL byte ends the list (it is not a text list), and so does its
/// size limit. A list read from standard input cannot name standard input (`-`) again.
fn read_path_list(
    reader: impl BufRead,
    from_stdin: bool,
    paths: &mut Vec<PathBuf>,
    bad: &mut dyn FnMut(usize, String),
) -> std::io::Result<()> {
    let mut reader = reader.take(crate::input::source::MAX_READ);
    let mut line = Vec::new();
    for number in 1.. {
        line.clear();
        let n = std::io::Read::take(&mut reader, MAX_LIST_LINE as u64 + 1)
            .read_until(b'\n', &mut line)?;
        if n == 0 {
            if reader.limit() == 0 {
                bad(
                    number,
                    format!(
                        "the list is longer than {} bytes: the rest is not read",
                        crate::input::source::MAX_READ
                    ),
                );
            }
            return Ok(());
        }
        if line.contains(&0) {
            bad(
                number,
                "holds a NUL byte: not a list of paths, the rest is not read".to_string(),
            );
            return Ok(());
        }
        let ended = line.last() == Some(&b'\n');
        if !ended && line.len() > MAX_LIST_LINE {
            bad(
                number,
                format!("longer than {MAX_LIST_LINE} bytes: not a path, skipped"),
            );
            reader.skip_until(b'\n')?;
            continue;
        }
        let mut path = &line[..];
        path = path.strip_suffix(b"\n").unwrap_or(path);
        path = path.strip_suffix(b"\r").unwrap_or(path);
        if path.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        if from_stdin && path == b"-" {
            bad(
                number,
                "- (standard input) names the list itself: skipped".to_string(),
            );
            continue;
        }
        paths.push(path_from_bytes(path));
    }
    Ok(())
}

/// A path from the bytes of a list line: any bytes on Unix, lossy UTF-8 elsewhere.
fn path_from_bytes(bytes: &[u8]) -> PathBuf {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        PathBuf::from(std::ffi::OsStr::from_bytes(bytes))
    }
    #[cfg(not(unix))]
    {
        PathBuf::from(String::from_utf8_lossy(bytes).into_owned())
    }
}

/// `sgfaudit completions SHELL`: the shell's completion script on stdout.
pub fn completions(shell: clap_complete::Shell) -> std::io::Result<u8> {
    let mut command = <Cli as clap::CommandFactory>::command();
    clap_complete::generate(
        shell,
        &mut command,
        "sgfaudit",
        &mut std::io::stdout().lock(),
    );
    Ok(0)
}

/// `sgfaudit man`: the man page (roff) on stdout.
pub fn man() -> std::io::Result<u8> {
    let command = <Cli as clap::CommandFactory>::command();
    clap_mangen::Man::new(command).render(&mut std::io::stdout().lock())?;
    Ok(0)
}

/// One option's value as given by name.
#[derive(Clone, Debug, PartialEq)]
pub enum OptionValue {
    /// A switch (`strict=True`).
    Flag(bool),
    /// A value, as the command line would take it (`komi="6.5"`, `jobs="2"`).
    Text(String),
    /// Several values (`select=["superko", "ko"]`), for the options that take a list.
    List(Vec<String>),
}

/// Why options given by name are not settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// No option of `audit` has this name (or it shapes the output, which the caller
    /// chooses).
    Unknown(String),
    /// The command line's message for a bad value.
    Invalid(String),
}

/// Options of `audit` that shape the output rather than the audit: the caller chooses
/// the format and gets every game (no `quiet`), and nothing is drawn on a terminal.
const NOT_BY_NAME: &[&str] = &[
    "format",
    "json",
    "quiet",
    "progress",
    "color",
    "files-from",
    "help",
    "version",
];

/// The names `audit` takes by name (`max_findings_per_game`), in the command line's order.
pub fn audit_option_names() -> Vec<String> {
    audit_command()
        .get_arguments()
        .filter_map(|a| a.get_long())
        .filter(|long| !NOT_BY_NAME.contains(long))
        .map(|long| long.replace('-', "_"))
        .collect()
}

fn audit_command() -> clap::Command {
    Cli::command()
        .find_subcommand("audit")
        .expect("the audit command")
        .clone()
}

fn parse_audit(argv: Vec<std::ffi::OsString>) -> Result<AuditArgs, OptionError> {
    match Cli::try_parse_from(argv) {
        Ok(Cli {
            command: Command::Audit(args),
        }) => Ok(args),
        Ok(_) => Err(OptionError::Invalid("not an audit".to_string())),
        Err(e) => {
            let text = e.to_string();
            let first = text.lines().next().unwrap_or("").trim();
            Err(OptionError::Invalid(
                first.strip_prefix("error: ").unwrap_or(first).to_string(),
            ))
        }
    }
}

/// `audit`'s arguments from options given by name (`max_findings_per_game=5` is
/// `--max-findings-per-game 5`), read by the command line's own parser.
pub fn audit_args_by_name(
    paths: &[PathBuf],
    options: &[(String, OptionValue)],
) -> Result<AuditArgs, OptionError> {
    let command = audit_command();
    let mut argv: Vec<std::ffi::OsString> = vec!["sgfaudit".into(), "audit".into()];
    for (name, value) in options {
        let long = name.replace('_', "-");
        let arg = command
            .get_arguments()
            .find(|a| a.get_long() == Some(long.as_str()))
            .filter(|_| !NOT_BY_NAME.contains(&long.as_str()))
            .ok_or_else(|| OptionError::Unknown(name.clone()))?;
        let is_switch = matches!(arg.get_action(), ArgAction::SetTrue);
        match (value, is_switch) {
            (OptionValue::Flag(true), true) => argv.push(format!("--{long}").into()),
            (OptionValue::Flag(false), true) => {}
            (_, true) => {
                return Err(OptionError::Invalid(format!(
                    "{name}: True or False (a switch of the command line: --{long})"
                )))
            }
            (OptionValue::Flag(_), false) => {
                return Err(OptionError::Invalid(format!(
                    "{name}: takes a value (--{long} VALUE), not True or False"
                )))
            }
            (OptionValue::Text(text), false) => argv.push(format!("--{long}={text}").into()),
            (OptionValue::List(list), false) => {
                argv.push(format!("--{long}={}", list.join(",")).into())
            }
        }
    }
    argv.push("--".into());
    argv.extend(paths.iter().map(|p| p.clone().into_os_string()));
    parse_audit(argv)
}
