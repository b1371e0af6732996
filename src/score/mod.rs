//! Counting the final position and checking the recorded result.
