//! Input: turn the paths a user gives into decoded texts, each split into games.
//!
//! `walk` finds the files, `source` reads them (memory-mapped when big; `stamp` notices
//! a file that changes), `decode` turns their bytes into UTF-8 whatever `CA[]` says,
//! `split` cuts a text into game trees with byte offsets (`scan` finds where each tree
//! ends), and `lines` maps offsets back to `line:column`; `path_text` is how reports
//! write a path (bytes escaped, one-to-one).

pub mod archive;
pub mod decode;
pub mod guard;
pub mod lines;
pub mod path_text;
pub mod scan;
pub mod source;
pub mod split;
pub mod stamp;
pub mod walk;
