//! sgfaudit audits Go (weiqi, baduk) game records.
//!
//! The pipeline, one stage per module:
//!
//! ```text
//! input (walk, read/mmap, decode CA[], split into games)
//!   -> sgf (one game's text -> GameRecord: root properties, main line, side lines, offsets),
//!      game (one game as the pipeline hands it on: GameInput, its SZ[])
//!   -> board, rules, komi (the incremental board; rule sets and komi as data)
//!   -> replay (board + rules: illegal moves, repetitions on every line; art. 2-7, 17.2, 19, 20)
//!   -> score (dead stones, area and territory counts, RE[] parsing; art. 8-11)
//!   -> check (the recorded result against the count: dead stones from markup, a glance,
//!      the estimate or an engine; the readings of the count and their odds; one verdict)
//!   -> audit (one GameReport per game, findings with line:column)
//!   -> dups (the same game recorded twice: canonical keys, clusters)
//!   -> gate (what a run shows and what fails it) and output (table, jsonl, csv,
//!      findings-csv, github, html, sarif, junit, gitlab; the progress bar)
//!   -> partition (inputs cut into parts of equal bytes: --shard, Dask) and run (the
//!      pipeline over many files in parallel, in input order)
//!   -> cli, config, explain (the command line, sgfaudit.toml, the codes' catalogue)
//!   -> commands (audit, score, show, dups) and stream (a run as a byte stream, for the
//!      Python package)
//! ```
//!
//! Each stage imports only from the stages above it (`tests/it/layers.rs`).
//!
//! ```
//! use sgfaudit::audit::{audit_game, AuditOptions, GameInput, Status};
//! use sgfaudit::input::split::split;
//!
//! let text = "(;GM[1]SZ[9]KM[7.5]RE[W+R];B[ee];W[cc];B[ee])";
//! let slice = &split(text)[0];
//! let input = GameInput { path: "example.sgf", index: 0, text, slice, encoding: "UTF-8", encoding_problem: None, first_tree: None };
//! let report = audit_game(&input, &AuditOptions::default());
//! assert_eq!(report.status, Status::Illegal);
//! assert_eq!(report.findings[0].code.as_str(), "occupied");
//! assert_eq!(report.findings[0].r#move, Some(3));
//! ```

#![warn(clippy::print_stdout, clippy::print_stderr)]

pub mod audit;
pub mod board;
pub mod check;
pub mod cli;
pub mod commands;
pub mod config;
pub mod dups;
pub mod explain;
pub mod finding;
pub mod fix;
pub mod game;
pub mod gate;
pub mod geom;
pub mod input;
pub mod komi;
pub mod output;
pub mod partition;
pub mod replay;
pub mod rules;
pub mod run;
pub mod score;
pub mod sgf;
pub mod stream;
