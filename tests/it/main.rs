//! The integration tests gathered in one binary.

mod formats;
