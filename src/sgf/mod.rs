//! One game's SGF text -> a [`GameRecord`]: root properties, main-line moves and setup,
//! each with the byte offset it came from.
//!
//! The hot path reads with the zero-copy [`lexer`]; `sgf-parse` stays the reference
//! reader for the typed game tree (see [`reference`](mod@reference)).

pub mod info;
pub mod info_format;
pub mod lexer;
pub mod props;
pub mod record;
pub mod reference;
pub mod text;
pub mod values;

pub use record::{parse_game, GameRecord, MoveTarget, Node, RecordProblem, RootProps};
