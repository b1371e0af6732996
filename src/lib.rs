//! sgfaudit audits Go (weiqi, baduk) game records.
//!
//! The pipeline, one stage per module:
//!
//! ```text
//! input (walk, read/mmap, decode CA[], split into games)
//!   -> sgf (one game's text -> GameRecord: root properties, main line, side lines, offsets)
//!   -> replay (board + rules: illegal moves, repetitions on every line; art. 2-7, 17.2, 19, 20)
//!   -> score (dead stones, area count, RE[] parsing, the check; art. 8-11)
//!   -> audit (one GameReport per game, findings with line:column)
//!   -> output (jsonl / table / csv / github reporters, progress bar)
//! ```
//!
//! `run` drives it over many files in parallel, in input order.
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
pub mod cli;
pub mod commands;
pub mod config;
pub mod dups;
pub mod explain;
pub mod finding;
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
