//! The tests that measure the peak memory of `sgfaudit` runs (`ru_maxrss` from `wait4`):
//! the engine judge, the duplicate finder and the hostile file server. On Linux a child's peak starts at the
//! peak of the process that spawned it (the memory its `exec` replaced), so these run in
//! a binary of their own, whose own peak stays small, apart from the tests in `tests/it`.

#[path = "../it/common/mod.rs"]
mod common;

mod dups;
mod judge;
mod judge_engines;
mod reliability;
mod variations;
