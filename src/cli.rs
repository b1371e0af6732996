//! Command-line types (clap) and their translation into validated settings.

mod by_name;
mod choices;
mod paths;
mod suggest;

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};

use crate::audit::judge::{judge_position, JudgeAnswer, JudgeConfig};
use crate::audit::{AuditOptions, Status};
use crate::config::FileConfig;
use crate::finding::{Code, Severity};
use crate::gate::{FailOn, Gate};
use crate::input::walk::{Exclude, WalkOptions};
use crate::output::dups::DupsFormat;
use crate::output::Format;
use crate::partition::Shard;
use crate::rules::Superko;
use crate::run::ordered::GamesConfig;
use crate::run::{Part, RunConfig};
pub(crate) use by_name::audit_args_by_name;
pub use by_name::{audit_option_names, message_by_name, OptionError, OptionValue};
pub use choices::{
    ColorChoice, DeadChoice, DupsFailOn, ExplainFormat, ProgressChoice, RulesChoice, SuperkoChoice,
};
use paths::{gather_paths, jobs};
pub(crate) use suggest::unknown_code;

/// What `--help` says after the options: exit codes and where the finding codes are.
fn exit_help() -> String {
    format!(
        "Exit codes: 0 no game meets --fail-on (or --exit-zero); 1 some game does; \
2 a bad option, an input that cannot be read, or no SGF found.\n\
Finding codes: {} (sgfaudit explain CODE).",
        crate::finding::catalogue::help_list()
    )
}

/// Audit Go (weiqi, baduk) game records: replay every game under the Chinese Weiqi Rules
/// (2002), report illegal moves and repeated positions, count the final position by area
/// and check the result written in RE[].
#[derive(Debug, Parser)]
#[command(name = "sgfaudit", version, about, long_about = None, after_help = exit_help())]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Read, replay, count and check every game of the given files and folders.
    Audit(Box<AuditArgs>),
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
        #[arg(conflicts_with = "all")]
        code: Option<String>,
        /// Every code's page, one after the other (with `--format markdown`: the
        /// catalogue as one Markdown section, as the guide holds it).
        #[arg(long)]
        all: bool,
        /// `text` (default) or `markdown`.
        #[arg(long, value_enum, default_value_t = ExplainFormat::Text)]
        format: ExplainFormat,
    },
    /// Print a shell completion script (e.g. `sgfaudit completions bash > /etc/bash_completion.d/sgfaudit`).
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff), every command with every option on one page, e.g.
    /// `sgfaudit man > sgfaudit.1`.
    Man,
    /// Print the JSON Schema (draft 2020-12) of one line of `audit --format jsonl`: every
    /// record type (begin, columns, game, error, summary), e.g. `sgfaudit schema > sgfaudit.schema.json`.
    Schema,
}

/// Options shared by `audit` and `score`.
#[derive(Debug, Args, Clone)]
pub struct GameOptions {
    /// Rule set; `auto` reads RU[] and falls back to chinese [default: auto]
    #[arg(long, value_enum)]
    pub rules: Option<RulesChoice>,
    /// Override the rule set's repetition rule.
    #[arg(long, value_enum)]
    pub superko: Option<SuperkoChoice>,
    /// Override KM[] (points).
    #[arg(long, allow_negative_numbers = true)]
    pub komi: Option<f64>,
    /// Where dead stones come from: markup (TB/TW), estimate, none, or auto (markup if
    /// present, else estimate) [default: auto]
    #[arg(long, value_enum)]
    pub dead: Option<DeadChoice>,
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
    /// process per position; GNU Go takes 1 to 10 s of CPU a 19×19 position (`--level 1`
    /// the least). KataGo, known by its GTP name, is asked for one evaluation of its
    /// network's ownership (`kata-raw-nn`) instead of `final_status_list`, which searches
    /// far longer. A bare program name not on PATH is looked for in /usr/games, where
    /// Debian's `apt-get install gnugo` puts GNU Go. An engine that gives the estimate's
    /// own dead stones never turns a
    /// `disagrees` into anything else. The engine is tried on an empty board first: one
    /// that cannot start or answer is a usage error (exit code 2).
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
    pub(crate) fn audit_options(&self) -> AuditOptions {
        AuditOptions {
            rules: self.rules.unwrap_or(RulesChoice::Auto).rule_set(),
            superko: self.superko.map(Superko::from),
            komi: self.komi,
            dead: self.dead.unwrap_or(DeadChoice::Auto).into(),
            strict: self.strict,
            judge: self.judge_config(),
            limits: crate::sgf::record::Limits {
                side_lines: !self.main_line,
                ..crate::sgf::record::Limits::default()
            },
            ..AuditOptions::default()
        }
    }

    /// These options with the config file's `rules`, `komi` and `dead` where the command
    /// line gives none.
    pub(crate) fn with_file(&self, file: &FileConfig) -> Result<GameOptions, String> {
        let mut options = self.clone();
        if options.rules.is_none() {
            options.rules = file
                .rules
                .as_deref()
                .map(|w| suggest::choice("rules", w))
                .transpose()?;
        }
        if options.dead.is_none() {
            options.dead = file
                .dead
                .as_deref()
                .map(|w| suggest::choice("dead", w))
                .transpose()?;
        }
        options.komi = options.komi.or(file.komi);
        Ok(options)
    }

    /// The engine of `--judge` with `--judge-timeout`, for a run of its own.
    pub(crate) fn judge_config(&self) -> Option<JudgeConfig> {
        let command = self.judge.clone()?;
        Some(JudgeConfig::new(command).with_timeout(self.judge_timeout))
    }

    /// `Err` (a usage error) when `--judge` names an engine that does not answer about an
    /// empty 9×9 board.
    pub(crate) fn check_judge(&self) -> Result<(), String> {
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
#[command(after_help = exit_help())]
pub struct AuditArgs {
    /// Files, folders (walked for *.sgf in any case and for archives), archives read in
    /// place (.sgf.gz, .zip, .tar, .tar.gz/.tgz, .tar.bz2/.tbz2, .tar.xz/.txz: their *.sgf
    /// members) or - for standard input; none means the current folder. A folder without
    /// any SGF file is an input error (exit code 2).
    pub paths: Vec<PathBuf>,
    /// Output format [default: table]
    #[arg(long, value_enum)]
    pub format: Option<Format>,
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
    /// counted in the summary, and the table ends by saying how many it left out; a
    /// finding that fails the run (--fail-on) is shown in any case [default: info]
    #[arg(long, value_name = "SEVERITY")]
    pub min_severity: Option<String>,
    /// Show at most N findings per game, then one line per code of those left out.
    #[arg(long, value_name = "N")]
    pub max_findings_per_game: Option<usize>,
    /// Also look for games recorded twice (as `sgfaudit dups` does, the inputs read once
    /// more first): each game with an earlier copy gets a `duplicate` finding.
    #[arg(long)]
    pub duplicates: bool,
    /// Rewrite the files in place so that every finding marked fixable ([*]) is gone,
    /// without changing the game (moves, setup, RE's winner and margin, comments, private
    /// properties and variations stay), then audit the fixed files. Plain files and
    /// folders only: archives, .gz, standard input, FIFOs and devices are refused (exit
    /// code 2). A file is left as it is (exit code 2) when it is read-only, has other
    /// names (hard links), lies outside the folders named, cannot keep its owner or
    /// extended attributes, or changed since it was read; owner, group and mode are kept.
    #[arg(long, conflicts_with_all = ["diff", "shard"])]
    pub fix: bool,
    /// With --fix: fix a file that has other names too (hard links); the name walked gets
    /// a fixed file of its own, the other names keep the original.
    #[arg(long, requires = "fix")]
    pub fix_hard_links: bool,
    /// Print what --fix would change and write nothing; exit code 1 when some file would
    /// change. A unified diff per file (patch applies it); a change on a line longer than
    /// 200 characters is shown as `@@ line L, column C @@` with 40 characters around the
    /// edit. Plain files and folders only, as --fix.
    #[arg(long, conflicts_with = "shard")]
    pub diff: bool,
    /// With --fix or --diff, also make the fixes that give something up (a date's time
    /// of day, a result's margin that has no FF[4] form); their findings say "(with
    /// --unsafe-fixes)" and are not marked fixable.
    #[arg(long)]
    pub unsafe_fixes: bool,
    /// Show no games: the summary only (input errors still go to stderr).
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Write the report into FILE (created or replaced) instead of standard output; the
    /// table is not coloured there unless --color always.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output_file: Option<PathBuf>,
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
    /// Pass by the files and folders met in folders that match GLOB (repeatable): matched
    /// against the name, the path below the folder given and the whole path (`*` crosses
    /// `/`), e.g. --exclude 'drafts' --exclude '*.tmp.sgf'. A path named as an argument is
    /// read anyway. Replaces the config file's `exclude`.
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,
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

#[derive(Debug, Args)]
#[command(
    after_help = "Exit codes: 0 done (or no copy with --fail-on duplicates); 1 some game \
has a copy and --fail-on duplicates; 2 a bad option, an input that cannot be read, or no SGF found.\n\
Relations: exact (same moves), prefix (the start of the other: at least 30 moves and half of \
the longer game), near (lengths within 5 moves, at most 3 moves different). Games of fewer than \
30 moves are never clustered."
)]
pub struct DupsArgs {
    /// Files, folders (walked for *.sgf and archives), archives read in place (.sgf.gz,
    /// .zip, .tar, .tar.gz/.tgz, .tar.bz2/.tbz2, .tar.xz/.txz) or - for standard input;
    /// none means the current folder.
    pub paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub format: DupsFormat,
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
    /// Pass by the files and folders met in folders that match GLOB (repeatable), as
    /// `audit --exclude` does.
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,
    /// Progress bar on stderr: auto shows it only when stderr is a terminal.
    #[arg(long, value_enum, default_value = "auto")]
    pub progress: ProgressChoice,
    /// Write the report into FILE (created or replaced) instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output_file: Option<PathBuf>,
    /// Memory for the games' keys (e.g. 512M, 2G; K, M, G are powers of 1024); past
    /// it, sorted runs of keys go to temporary files (in TMPDIR) and are merged at the
    /// end. Each game also costs about 30 bytes besides, and the games of clusters their
    /// whole keys. The clusters are the same for any size [default: 16M, or the config
    /// file's `memory`]
    #[arg(long, value_name = "SIZE")]
    pub memory: Option<String>,
    /// Read only shard K of N (K from 0 to N-1), cut as `audit --shard` cuts the
    /// inputs: with --format keys, the keys of a job array's part, to be clustered
    /// together by --from-keys.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
    /// The paths are keys files (written by --format keys; - for standard input):
    /// cluster their games, as one run over the games would.
    #[arg(long)]
    pub from_keys: bool,
    /// Read `memory` from this file instead of the nearest sgfaudit.toml.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Read no config file.
    #[arg(long, conflicts_with = "config")]
    pub no_config: bool,
}

/// A size in bytes: a number, with `K`, `M`, `G` or `T` (powers of 1024, `B` or
/// `iB` after them allowed).
pub fn parse_size(text: &str) -> Result<usize, String> {
    let t = text.trim();
    let digits = t
        .find(|c: char| !c.is_ascii_digit() && c != '.')
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(digits);
    let shift = match unit
        .trim()
        .to_ascii_uppercase()
        .trim_end_matches("IB")
        .trim_end_matches('B')
    {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => return Err(format!("'{text}' is not a size (e.g. 512M, 2G)")),
    };
    let value: f64 = number
        .parse()
        .map_err(|_| format!("'{text}' is not a size (e.g. 512M, 2G)"))?;
    let bytes = value * (1u64 << shift) as f64;
    if !(1.0..=u64::MAX as f64).contains(&bytes) {
        return Err(format!("'{text}': the size must be at least 1 byte"));
    }
    Ok(bytes as usize)
}

impl DupsArgs {
    /// The memory for the keys: `--memory`, else the config file's, else the default.
    pub(crate) fn memory(&self) -> Result<usize, String> {
        if let Some(m) = &self.memory {
            return parse_size(m).map_err(|e| format!("--memory {e}"));
        }
        if self.no_config {
            return Ok(crate::dups::DEFAULT_MEMORY);
        }
        let here = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
        let Some(path) = crate::config::find(self.config.as_deref(), &here) else {
            return Ok(crate::dups::DEFAULT_MEMORY);
        };
        match crate::config::load(&path)?.memory {
            Some(m) => {
                parse_size(&m).map_err(|e| format!("config file {}: memory {e}", path.display()))
            }
            None => Ok(crate::dups::DEFAULT_MEMORY),
        }
    }

    /// The inputs and workers of the search; `Err` is a usage error (exit code 2).
    pub(crate) fn games_config(&self) -> Result<GamesConfig, String> {
        let (paths, input_errors) = gather_paths(&self.paths, self.files_from.as_deref())?;
        Ok(GamesConfig {
            paths,
            walk: WalkOptions {
                follow_links: self.follow,
                exclude: Exclude::new(&self.exclude)?,
            },
            input_errors,
            jobs: jobs(self.jobs)?,
            progress: self.progress.into(),
            on_input_error: Default::default(),
            part: self.shard.map_or(Part::All, Part::Shard),
        })
    }

    /// The output format, `--json` included.
    pub(crate) fn format(&self) -> DupsFormat {
        if self.json {
            return DupsFormat::JSONL;
        }
        self.format
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
    pub(crate) fn file_config(&self) -> Result<Option<FileConfig>, String> {
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
    pub(crate) fn format_with(&self, file: &FileConfig) -> Result<Format, String> {
        if self.json {
            return Ok(Format::JSONL);
        }
        if let Some(f) = self.format {
            return Ok(f);
        }
        match &file.format {
            Some(name) => {
                Format::named(name).ok_or_else(|| format!("config file: unknown format '{name}'"))
            }
            None => Ok(Format::TABLE),
        }
    }

    /// `--exit-zero`, from the command line or the config file.
    pub(crate) fn exit_zero_with(&self, file: &FileConfig) -> bool {
        self.exit_zero || file.exit_zero.unwrap_or(false)
    }

    /// The CI settings: the command line's, else the config file's, else the defaults.
    pub(crate) fn gate(&self, file: &FileConfig) -> Result<(Gate, Vec<Status>), String> {
        let codes = |list: &Option<Vec<String>>| -> Result<Option<Vec<Code>>, String> {
            list.as_ref()
                .map(|l| {
                    l.iter()
                        .filter(|w| !w.trim().is_empty())
                        .map(|w| suggest::codes(w))
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
                Some(s) => suggest::severity(s).map_err(|e| format!("--min-severity: {e}"))?,
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
                .map(|w| suggest::fail_on(w).map_err(|e| format!("--fail-on: {e}")))
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
    pub(crate) fn run_config_with(&self, file: &FileConfig) -> Result<RunConfig, String> {
        let (gate, fail_on) = self.gate(file)?;
        let (paths, list_errors) = gather_paths(&self.paths, self.files_from.as_deref())?;
        let jobs = jobs(self.jobs.or(file.jobs))?;
        let game = self.game.with_file(file)?;
        game.check_judge()?;
        if let Some(k) = game.komi {
            if !k.is_finite() {
                return Err("--komi must be a number".to_string());
            }
        }
        let mut audit = AuditOptions {
            format_checks: gate.reports_format_checks(),
            ..game.audit_options()
        };
        if file.main_line == Some(true) {
            audit.limits.side_lines = false;
        }
        Ok(RunConfig {
            paths,
            walk: WalkOptions {
                follow_links: self.follow,
                exclude: Exclude::new(if self.exclude.is_empty() {
                    file.exclude.as_deref().unwrap_or_default()
                } else {
                    &self.exclude
                })?,
            },
            audit,
            fail_on,
            gate,
            jobs,
            progress: self.progress.into(),
            input_errors: list_errors,
            on_input_error: Default::default(),
            part: self.shard.map_or(Part::All, Part::Shard),
        })
    }
}

/// `sgfaudit completions SHELL`: the shell's completion script on stdout. The script is
/// made in memory first: clap_complete panics on a failed write, and a closed pipe must
/// end quietly (exit code 0) as for every other command.
pub fn completions(shell: clap_complete::Shell) -> std::io::Result<u8> {
    use std::io::Write;
    let mut command = <Cli as clap::CommandFactory>::command();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "sgfaudit", &mut script);
    let mut out = std::io::stdout().lock();
    out.write_all(&script)?;
    out.flush()?;
    Ok(0)
}

/// `sgfaudit man`: the man page (roff) on stdout, one page for the whole tool: the
/// name, synopsis and description, then a section per command with its synopsis,
/// description, every option and its notes, then exit codes and finding codes.
pub fn man() -> std::io::Result<u8> {
    use std::io::Write;
    let mut command = <Cli as clap::CommandFactory>::command();
    command.build();
    let page = clap_mangen::Man::new(command.clone());
    let mut roff = Vec::new();
    page.render_title(&mut roff)?;
    page.render_name_section(&mut roff)?;
    page.render_synopsis_section(&mut roff)?;
    page.render_description_section(&mut roff)?;
    for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
        let title = format!("sgfaudit {}", sub.get_name()).to_uppercase();
        writeln!(roff, ".SH \"{title}\"")?;
        let mut part = Vec::new();
        let sub_page = clap_mangen::Man::new(sub.clone());
        sub_page.render_description_section(&mut part)?;
        sub_page.render_synopsis_section(&mut part)?;
        if sub.get_arguments().any(|a| !a.is_hide_set()) {
            sub_page.render_options_section(&mut part)?;
        }
        if sub.get_after_help().is_some() {
            sub_page.render_extra_section(&mut part)?;
        }
        roff.extend_from_slice(&subsections(&part));
    }
    page.render_extra_section(&mut roff)?;
    page.render_version_section(&mut roff)?;
    let mut out = std::io::stdout().lock();
    out.write_all(&roff)?;
    out.flush()?;
    Ok(0)
}

/// A command's sections made subsections of its own section (`.SH X` becomes `.SS X`);
/// its EXTRA section is named NOTES.
fn subsections(roff: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(roff);
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        match line.strip_prefix(".SH ") {
            Some(rest) if rest.trim_end() == "EXTRA" => out.push_str(".SS NOTES\n"),
            Some(rest) => {
                out.push_str(".SS ");
                out.push_str(rest);
            }
            None => out.push_str(line),
        }
    }
    out.into_bytes()
}
