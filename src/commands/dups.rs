//! `sgfaudit dups`: every game's key read on the pool in input order, the clusters found,
//! the report written.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::time::Instant;

use crate::audit::EarlierCopies;
use crate::dups::Relation;
use crate::input::path_text::path_text;
use crate::input::walk::WalkOptions;
use crate::output::progress::ProgressMode;

use crate::cli::{DupsArgs, DupsFailOn};
use crate::dups::{clusters_in, Cluster, GameKey, KeyStore, DEFAULT_MEMORY};
use crate::output::dups::{write, DupsFormat, DupsReport, DupsSummary};
use crate::output::keys as keys_file;
use crate::output::{Begin, InputError, SCHEMA};
use crate::run::ordered::{for_each_game, GameAt, GamesConfig, GamesOutcome};

/// The games read by a search, with where each one is.
pub struct Search {
    /// Each file's name once, in input order.
    pub names: Vec<String>,
    /// Per game in input order: its file (into `names`) and index in the file.
    pub places: Vec<(u32, u32)>,
    pub clusters: Vec<Cluster>,
    pub outcome: GamesOutcome,
    /// Sorted runs of keys written to temporary files (0: all held in memory).
    pub runs: usize,
}

impl Search {
    /// The path and index in its file of game `g` (in input order).
    pub fn locate(&self, g: usize) -> (&str, usize) {
        let (file, index) = self.places[g];
        (&self.names[file as usize], index as usize)
    }
}

/// Reads every game's key and clusters the copies, with at most about `memory` bytes of
/// keys in memory (sorted runs go to temporary files past it; the clusters are the
/// same). A game whose key could not be read (an internal error) is reported as an
/// input error and takes part in no cluster.
pub fn search(config: &GamesConfig, memory: usize) -> io::Result<Search> {
    let mut names: Vec<String> = Vec::new();
    let mut places = Vec::new();
    let mut store = KeyStore::new(memory);
    let mut spill: io::Result<()> = Ok(());
    let mut failed = Vec::new();
    let work = |input: &crate::audit::GameInput<'_>| GameKey::of(input);
    let mut outcome = for_each_game(config, &work, &mut |at, key| {
        if names.last().map(String::as_str) != Some(at.path) {
            names.push(at.path.to_string());
        }
        match key {
            Ok(key) => {
                places.push(((names.len() - 1) as u32, at.index as u32));
                if spill.is_ok() {
                    spill = store.push(&key);
                }
            }
            Err(what) => failed.push(internal_error(&at, &what)),
        }
    })?;
    outcome.errors.extend(failed);
    spill?;
    let clusters = clusters_in(&mut store)?;
    Ok(Search {
        names,
        places,
        clusters,
        outcome,
        runs: store.runs(),
    })
}

/// For `audit --duplicates`: every game with an earlier copy in `paths` (walked as `walk`
/// says, as the audit walks them; the first game
/// of its cluster in input order), with the message of its `duplicate` finding. Inputs
/// that cannot be read are left to the audit to report; standard input cannot be read
/// twice (`Err`).
pub fn earlier_copies(
    paths: &[PathBuf],
    walk: WalkOptions,
    jobs: usize,
) -> Result<EarlierCopies, String> {
    if paths.iter().any(|p| p.as_os_str() == "-") {
        return Err(
            "--duplicates reads the inputs twice: standard input (-) can be read only once"
                .to_string(),
        );
    }
    let config = GamesConfig {
        paths: paths.to_vec(),
        walk,
        input_errors: Vec::new(),
        jobs,
        progress: ProgressMode::Never,
        on_input_error: Default::default(),
        part: crate::run::Part::All,
    };
    let found = search(&config, DEFAULT_MEMORY).map_err(|e| e.to_string())?;
    let mut copies = EarlierCopies::new();
    for c in &found.clusters {
        let (first_path, first_game) = found.locate(c.members[0].game);
        let (ref_path, ref_game) = found.locate(c.members[c.reference].game);
        for m in &c.members[1..] {
            let (path, game) = found.locate(m.game);
            let turned = format!(
                "{}{}",
                m.symmetry.name(),
                if m.colors_swapped {
                    ", colours swapped"
                } else {
                    ""
                }
            );
            let how = if c.reference == 0 {
                format!("{}, {turned}", m.relation.name())
            } else if m.relation == Relation::Reference {
                "this copy is the most complete".to_string()
            } else {
                format!(
                    "{} of the most complete copy, {ref_path} game {ref_game}, {turned}",
                    m.relation.name()
                )
            };
            copies.entry(path.to_string()).or_default().insert(
                game,
                format!("the same game as {first_path} game {first_game}, read earlier ({how})"),
            );
        }
    }
    Ok(copies)
}

/// Clusters the games of keys files (`--from-keys`), in the order of their lines, as
/// [`search`] would the games themselves. A line that is not a key is an input error
/// (with its file and line number); the others are read.
pub fn search_keys(paths: &[PathBuf], memory: usize) -> io::Result<Search> {
    let mut inputs: Vec<(String, io::Result<Box<dyn BufRead>>)> = Vec::new();
    for path in paths {
        let reader: io::Result<Box<dyn BufRead>> = if path.as_os_str() == "-" {
            Ok(Box::new(io::BufReader::new(io::stdin())))
        } else {
            std::fs::File::open(path).map(|f| Box::new(io::BufReader::new(f)) as Box<dyn BufRead>)
        };
        inputs.push((path_text(path), reader));
    }
    search_key_lines(inputs, memory)
}

/// [`search_keys`] over readers of key lines, each with the name its errors give.
pub fn search_key_lines(
    inputs: Vec<(String, io::Result<Box<dyn BufRead>>)>,
    memory: usize,
) -> io::Result<Search> {
    let started = Instant::now();
    let (mut names, mut places) = (Vec::<String>::new(), Vec::new());
    let mut outcome = GamesOutcome::default();
    let mut store = KeyStore::new(memory);
    for (name, reader) in inputs {
        let reader = match reader {
            Ok(reader) => reader,
            Err(e) => {
                outcome.errors.push(InputError {
                    path: name,
                    message: crate::input::walk::io_message(&e),
                });
                continue;
            }
        };
        for (number, line) in reader.lines().enumerate() {
            let line = match line {
                Ok(line) => line,
                Err(e) => {
                    outcome.errors.push(InputError {
                        path: name.clone(),
                        message: format!("line {}: {}", number + 1, e),
                    });
                    break;
                }
            };
            if line.trim().is_empty() {
                continue;
            }
            match keys_file::parse(&line) {
                Ok((game_path, index, key)) => {
                    if names.last() != Some(&game_path) {
                        names.push(game_path);
                        outcome.files += 1;
                    }
                    places.push(((names.len() - 1) as u32, index as u32));
                    store.push(&key)?;
                    outcome.games += 1;
                }
                Err(message) => outcome.errors.push(InputError {
                    path: name.clone(),
                    message: format!("line {}: {message}", number + 1),
                }),
            }
        }
    }
    let clusters = clusters_in(&mut store)?;
    outcome.elapsed = started.elapsed();
    Ok(Search {
        names,
        places,
        clusters,
        outcome,
        runs: store.runs(),
    })
}

/// The report of a search in `format` (`csv` for the Python package), with no input
/// named and no time.
pub fn report_bytes(found: &Search, format: DupsFormat) -> io::Result<Vec<u8>> {
    let mut out = Vec::new();
    write_report(found, format, Vec::new(), 0, &mut out)?;
    Ok(out)
}

/// Writes the report of a search in `format`: the clusters, the errors and the summary,
/// under a header that names `inputs`; `elapsed_ms` for the summary.
fn write_report(
    found: &Search,
    format: DupsFormat,
    inputs: Vec<String>,
    elapsed_ms: u64,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut summary = DupsSummary {
        files: found.outcome.files,
        games: found.outcome.games,
        unreadable: found.outcome.errors.len(),
        elapsed_ms,
        ..DupsSummary::default()
    };
    summary.count(&found.clusters);
    let begin = Begin {
        schema: SCHEMA,
        tool: "sgfaudit",
        version: env!("CARGO_PKG_VERSION"),
        inputs,
    };
    let locate = |g: usize| found.locate(g);
    let report = DupsReport {
        begin: &begin,
        clusters: &found.clusters,
        locate: &locate,
        errors: &found.outcome.errors,
        summary: &summary,
    };
    write(format, out, &report)
}

/// Each game's key line (see `dups::keys_file`), in input order, as the games are read:
/// `dups --format keys`, and a partition's keys in the Python package.
pub fn write_keys(config: &GamesConfig, out: &mut dyn Write) -> io::Result<GamesOutcome> {
    let work = |input: &crate::audit::GameInput<'_>| {
        keys_file::line(&GameKey::of(input), input.path, input.index)
    };
    let mut written: io::Result<()> = Ok(());
    let mut failed = Vec::new();
    let mut outcome = for_each_game(config, &work, &mut |at, line| match line {
        Ok(line) => {
            if written.is_ok() {
                written = out
                    .write_all(line.as_bytes())
                    .and_then(|_| out.write_all(b"\n"));
            }
        }
        Err(what) => failed.push(internal_error(&at, &what)),
    })?;
    written?;
    outcome.errors.extend(failed);
    Ok(outcome)
}

/// The error of a game whose reading panicked (`what`, the panic's message).
fn internal_error(at: &GameAt<'_>, what: &str) -> InputError {
    InputError {
        path: at.path.to_string(),
        message: format!(
            "game {}: internal error while reading it ({what}); please report it",
            at.index
        ),
    }
}

/// `sgfaudit dups`: 0, or 1 with `--fail-on duplicates` when some game has a copy, 2 when
/// an input could not be read or an option is wrong.
pub fn dups(args: &DupsArgs) -> io::Result<u8> {
    let started = Instant::now();
    let settled = args.games_config().and_then(|config| {
        let memory = args.memory()?;
        if args.from_keys && (args.shard.is_some() || args.format() == DupsFormat::KEYS) {
            return Err(
                "--from-keys clusters keys files: it takes neither --shard nor \
                        --format keys"
                    .to_string(),
            );
        }
        let destination = super::Destination::open(args.output_file.as_deref())?;
        Ok((config, memory, destination))
    });
    let (mut config, memory, destination) = match settled {
        Ok(c) => c,
        Err(message) => {
            writeln!(io::stderr().lock(), "sgfaudit: {message}")?;
            return Ok(2);
        }
    };
    // An input error the report shows is echoed to standard error only when standard
    // error is somewhere else.
    let echo = !destination.shares_stderr || args.format() == DupsFormat::KEYS;
    if echo {
        config.on_input_error = super::input_errors_to_stderr();
    }
    let mut out = destination.out;
    if args.format() == DupsFormat::KEYS {
        let outcome = write_keys(&config, &mut out)?;
        out.flush()?;
        return Ok(if outcome.errors.is_empty() { 0 } else { 2 });
    }
    let searched = if args.from_keys {
        search_keys(&config.paths, memory)
    } else {
        search(&config, memory)
    };
    let found = match searched {
        Ok(found) => found,
        Err(e) => {
            writeln!(
                io::stderr().lock(),
                "sgfaudit: the keys' sorted runs (temporary files, --memory): {e}"
            )?;
            return Ok(2);
        }
    };
    if args.from_keys && echo {
        let mut err = io::stderr().lock();
        for e in &found.outcome.errors {
            writeln!(err, "sgfaudit: {}: {}", e.path, e.message)?;
        }
    }
    let inputs = config.paths.iter().map(|p| path_text(p)).collect();
    let elapsed_ms = started.elapsed().as_millis() as u64;
    write_report(&found, args.format(), inputs, elapsed_ms, &mut out)?;
    out.flush()?;
    Ok(if !found.outcome.errors.is_empty() {
        2
    } else if args.fail_on == DupsFailOn::Duplicates && !found.clusters.is_empty() {
        1
    } else {
        0
    })
}
