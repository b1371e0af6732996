//! sgfaudit: audit Go game records.

pub mod board;
pub mod geom;
pub mod score;
