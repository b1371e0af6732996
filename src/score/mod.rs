//! Counting the final position and checking the recorded result.
pub mod estimate;
