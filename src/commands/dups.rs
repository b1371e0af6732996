//! `sgfaudit dups`: every game's key read on the pool in input order, the clusters found,
//! the report written.

use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Instant;

use crate::audit::EarlierCopies;
use crate::dups::Relation;
use crate::input::path_text::path_text;
use crate::input::walk::WalkOptions;
use crate::output::progress::ProgressMode;

use crate::cli::{DupsArgs, DupsFailOn};
use crate::dups::{clusters, Cluster, GameKey};
use crate::output::dups::{write, DupsReport, DupsSummary};
use crate::output::{Begin, InputError, SCHEMA};
use crate::run::ordered::{for_each_game, GamesConfig, GamesOutcome};

/// The games read by a search, with where each one is.
pub struct Search {
    /// Each file's name once, in input order.
    pub names: Vec<String>,
    /// Per game in input order: its file (into `names`) and index in the file.
    pub places: Vec<(u32, u32)>,
    pub clusters: Vec<Cluster>,
    pub outcome: GamesOutcome,
}

impl Search {
    /// The path and index in its file of game `g` (in input order).
    pub fn locate(&self, g: usize) -> (&str, usize) {
        let (file, index) = self.places[g];
        (&self.names[file as usize], index as usize)
    }
}

/// Reads every game's key and clusters the copies. A game whose key could not be read
/// (an internal error) is reported as an input error and takes part in no cluster.
pub fn search(config: &GamesConfig) -> io::Result<Search> {
    let mut names: Vec<String> = Vec::new();
    let mut places = Vec::new();
    let mut keys = Vec::new();
    let mut failed = Vec::new();
    let work = |input: &crate::audit::GameInput<'_>| GameKey::of(input);
    let mut outcome = for_each_game(config, &work, &mut |at, key| {
        if names.last().map(String::as_str) != Some(at.path) {
            names.push(at.path.to_string());
        }
        match key {
            Ok(key) => {
                places.push(((names.len() - 1) as u32, at.index as u32));
                keys.push(key);
            }
            Err(what) => failed.push(InputError {
                path: at.path.to_string(),
                message: format!(
                    "game {}: internal error while reading it ({what}); please report it",
                    at.index
                ),
            }),
        }
    })?;
    outcome.errors.extend(failed);
    let clusters = clusters(&keys);
    Ok(Search {
        names,
        places,
        clusters,
        outcome,
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
        errors_to_stderr: false,
    };
    let found = search(&config).map_err(|e| e.to_string())?;
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

/// `sgfaudit dups`: 0, or 1 with `--fail-on duplicates` when some game has a copy, 2 when
/// an input could not be read or an option is wrong.
pub fn dups(args: &DupsArgs) -> io::Result<u8> {
    let started = Instant::now();
    let settled = args.games_config().and_then(|config| {
        let destination = super::Destination::open(args.output_file.as_deref())?;
        Ok((config, destination))
    });
    let (mut config, destination) = match settled {
        Ok(c) => c,
        Err(message) => {
            writeln!(io::stderr().lock(), "sgfaudit: {message}")?;
            return Ok(2);
        }
    };
    // An input error the report shows is echoed to standard error only when standard
    // error is somewhere else.
    config.errors_to_stderr = !destination.shares_stderr;
    let found = search(&config)?;
    let mut summary = DupsSummary {
        files: found.outcome.files,
        games: found.outcome.games,
        unreadable: found.outcome.errors.len(),
        ..DupsSummary::default()
    };
    summary.count(&found.clusters);
    summary.elapsed_ms = started.elapsed().as_millis() as u64;
    let begin = Begin {
        schema: SCHEMA,
        tool: "sgfaudit",
        version: env!("CARGO_PKG_VERSION"),
        inputs: config.paths.iter().map(|p| path_text(p)).collect(),
    };
    let locate = |g: usize| found.locate(g);
    let report = DupsReport {
        begin: &begin,
        clusters: &found.clusters,
        locate: &locate,
        errors: &found.outcome.errors,
        summary: &summary,
    };
    let mut out = destination.out;
    write(args.format(), &mut out, &report)?;
    out.flush()?;
    Ok(if !found.outcome.errors.is_empty() {
        2
    } else if args.fail_on == DupsFailOn::Duplicates && !found.clusters.is_empty() {
        1
    } else {
        0
    })
}
