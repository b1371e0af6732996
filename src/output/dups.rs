//! The duplicate finder's reports: JSON Lines (`begin`, one `cluster` per cluster, one
//! `error` per input not read, `summary`), CSV (one row per game of a cluster) and a
//! table for a person.
//!
//! A `cluster` line: `id` (from 1, in the order of each cluster's first game), `games` (in
//! input order: `path` and `game` as `audit` prints them, `relation` to the most complete
//! game — `reference` for that game, `exact | prefix | near` for the others —, `transform`
//! (the board symmetry that maps this game onto it: `identity`, `rotate-90`, `rotate-180`,
//! `rotate-270`, `mirror-left-right`, `mirror-top-bottom`, `transpose`,
//! `anti-transpose`), `colors` (`same | swapped`), `moves`, `differs` (game information
//! fields that disagree with the most complete game: `PB PW DT RE KM HA RU`, players
//! compared across the swap), `winner_differs` (`RE[]` names the other winner)),
//! `conflicts` (each disagreeing field with its values, in the most complete game's
//! colours) and `winners_differ`.
//!
//! `summary`: `files`, `games`, `clusters`, `games_in_clusters`, `by_relation` (games of
//! clusters by relation, the most complete ones under `reference`), `unreadable`,
//! `elapsed_ms` (the only field that changes from run to run).

use std::collections::BTreeMap;
use std::io::{self, Write};

use serde::Serialize;

use super::csv::{error_row, field};
use super::sanitize::for_terminal;
use super::{Begin, InputError};
use crate::dups::{Cluster, Relation};

/// A format of `dups --format`: one row of [`DUPS_FORMATS`].
#[derive(Clone, Copy)]
pub struct DupsFormat {
    /// Its name on the command line.
    pub name: &'static str,
    /// What `--help` says of it.
    pub help: &'static str,
    write: fn(&mut dyn Write, &DupsReport<'_>) -> io::Result<()>,
}

/// Every format of `dups`, in the order `--help` lists them.
pub const DUPS_FORMATS: &[DupsFormat] = &[
    DupsFormat {
        name: "table",
        help: "Each cluster's games, the most complete marked `*`, then a summary line",
        write: write_table,
    },
    DupsFormat {
        name: "jsonl",
        help: "`begin`, one `cluster` per cluster, `error`s, `summary`",
        write: write_jsonl,
    },
    DupsFormat {
        name: "csv",
        help: "One row per game of a cluster, with its cluster's number",
        write: write_csv,
    },
    DupsFormat {
        name: "keys",
        help: "One JSON line per game, its canonical key and place, written as the games are \
read and not clustered: for --from-keys",
        write: write_nothing,
    },
];

impl DupsFormat {
    /// JSON Lines (`--json`).
    pub const JSONL: DupsFormat = DUPS_FORMATS[1];
    /// The keys of the games, written as they are read (see `dups::keys_file`).
    pub const KEYS: DupsFormat = DUPS_FORMATS[3];
}

/// The keys format's report: its lines were written as the games were read, its input
/// errors go to standard error.
fn write_nothing(_: &mut dyn Write, _: &DupsReport<'_>) -> io::Result<()> {
    Ok(())
}

impl PartialEq for DupsFormat {
    fn eq(&self, other: &DupsFormat) -> bool {
        self.name == other.name
    }
}

impl Eq for DupsFormat {}

impl std::fmt::Debug for DupsFormat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "DupsFormat({})", self.name)
    }
}

/// Totals of a duplicate search.
#[derive(Clone, Debug, Default, Serialize)]
pub struct DupsSummary {
    pub files: usize,
    pub games: usize,
    pub clusters: usize,
    pub games_in_clusters: usize,
    pub by_relation: BTreeMap<&'static str, usize>,
    pub unreadable: usize,
    pub elapsed_ms: u64,
}

impl DupsSummary {
    /// Counts the clusters and their games by relation.
    pub fn count(&mut self, clusters: &[Cluster]) {
        self.clusters = clusters.len();
        for r in [
            Relation::Reference,
            Relation::Exact,
            Relation::Prefix,
            Relation::Near,
        ] {
            self.by_relation.insert(r.name(), 0);
        }
        for m in clusters.iter().flat_map(|c| &c.members) {
            self.games_in_clusters += 1;
            *self.by_relation.entry(m.relation.name()).or_default() += 1;
        }
    }
}

/// Where a game of the input is: its path as `audit` prints it and its index in the file.
pub type Locate<'a> = &'a dyn Fn(usize) -> (&'a str, usize);

#[derive(Serialize)]
#[serde(tag = "type", content = "data", rename_all = "lowercase")]
enum Line<'a> {
    Begin(&'a Begin),
    Cluster(ClusterJson<'a>),
    Error(&'a InputError),
    Summary(&'a DupsSummary),
}

#[derive(Serialize)]
struct ClusterJson<'a> {
    id: usize,
    games: Vec<MemberJson<'a>>,
    conflicts: BTreeMap<&'static str, &'a [String]>,
    winners_differ: bool,
}

#[derive(Serialize)]
struct MemberJson<'a> {
    path: &'a str,
    game: usize,
    relation: &'static str,
    transform: &'static str,
    colors: &'static str,
    moves: usize,
    differs: &'a [&'static str],
    winner_differs: bool,
}

fn cluster_json<'a>(id: usize, c: &'a Cluster, locate: Locate<'a>) -> ClusterJson<'a> {
    let games = c
        .members
        .iter()
        .map(|m| {
            let (path, game) = locate(m.game);
            MemberJson {
                path,
                game,
                relation: m.relation.name(),
                transform: m.symmetry.name(),
                colors: colors(m.colors_swapped),
                moves: m.moves,
                differs: &m.differs,
                winner_differs: m.winner_differs,
            }
        })
        .collect();
    ClusterJson {
        id,
        games,
        conflicts: c.conflicts.iter().map(|(k, v)| (*k, &v[..])).collect(),
        winners_differ: c.members.iter().any(|m| m.winner_differs),
    }
}

fn colors(swapped: bool) -> &'static str {
    if swapped {
        "swapped"
    } else {
        "same"
    }
}

/// Everything a duplicate search reports, ready to print.
pub struct DupsReport<'a> {
    pub begin: &'a Begin,
    pub clusters: &'a [Cluster],
    pub locate: Locate<'a>,
    pub errors: &'a [InputError],
    pub summary: &'a DupsSummary,
}

/// Writes the report in `format`.
pub fn write(format: DupsFormat, out: &mut dyn Write, report: &DupsReport<'_>) -> io::Result<()> {
    (format.write)(out, report)?;
    out.flush()
}

fn write_jsonl(out: &mut dyn Write, report: &DupsReport<'_>) -> io::Result<()> {
    let mut line = |l: &Line<'_>| -> io::Result<()> {
        serde_json::to_writer(&mut *out, l)?;
        out.write_all(b"\n")
    };
    line(&Line::Begin(report.begin))?;
    for (i, c) in report.clusters.iter().enumerate() {
        line(&Line::Cluster(cluster_json(i + 1, c, report.locate)))?;
    }
    for e in report.errors {
        line(&Line::Error(e))?;
    }
    line(&Line::Summary(report.summary))
}

/// The CSV header of `dups --format csv`.
pub const CSV_COLUMNS: &str = "path,game,cluster,relation,transform,colors,moves,\
reference_path,reference_game,differs,winner_differs,message";

fn write_csv(out: &mut dyn Write, report: &DupsReport<'_>) -> io::Result<()> {
    writeln!(out, "{CSV_COLUMNS}")?;
    for (i, c) in report.clusters.iter().enumerate() {
        let (ref_path, ref_game) = (report.locate)(c.members[c.reference].game);
        for m in &c.members {
            let (path, game) = (report.locate)(m.game);
            writeln!(
                out,
                "{},{game},{},{},{},{},{},{},{ref_game},{},{},",
                field(path),
                i + 1,
                m.relation.name(),
                m.symmetry.name(),
                colors(m.colors_swapped),
                m.moves,
                field(ref_path),
                m.differs.join(" "),
                m.winner_differs,
            )?;
        }
    }
    for e in report.errors {
        writeln!(out, "{}", error_row(CSV_COLUMNS, &[3], e))?;
    }
    Ok(())
}

fn write_table(out: &mut dyn Write, report: &DupsReport<'_>) -> io::Result<()> {
    for (i, c) in report.clusters.iter().enumerate() {
        writeln!(out, "cluster {}: {} games", i + 1, c.members.len())?;
        for m in &c.members {
            let (path, game) = (report.locate)(m.game);
            let mut notes = vec![m.relation.name().to_string()];
            if m.relation != Relation::Reference {
                notes.push(m.symmetry.name().to_string());
            }
            if m.colors_swapped {
                notes.push("colours swapped".to_string());
            }
            if !m.differs.is_empty() {
                notes.push(format!("differs: {}", m.differs.join(" ")));
            }
            if m.winner_differs {
                notes.push("OTHER WINNER".to_string());
            }
            let mark = if m.relation == Relation::Reference {
                '*'
            } else {
                ' '
            };
            writeln!(
                out,
                "  {mark} {}#{game}  {} moves  {}",
                for_terminal(path),
                m.moves,
                notes.join(", ")
            )?;
        }
    }
    for e in report.errors {
        writeln!(
            out,
            "error: {}: {}",
            for_terminal(&e.path),
            for_terminal(&e.message)
        )?;
    }
    let s = report.summary;
    let relations: Vec<String> = ["exact", "prefix", "near"]
        .iter()
        .map(|r| format!("{} {r}", s.by_relation.get(r).copied().unwrap_or(0)))
        .collect();
    writeln!(
        out,
        "{} games in {} files: {} clusters of {} games ({} copies: {}); {} unreadable; {:.1} s",
        s.games,
        s.files,
        s.clusters,
        s.games_in_clusters,
        s.games_in_clusters - s.clusters,
        relations.join(", "),
        s.unreadable,
        s.elapsed_ms as f64 / 1000.0
    )
}
