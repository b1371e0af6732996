//! Counting the final position and checking the recorded result.
//!
//! The scorer works from a [`Position`](crate::geom::Position), the final board the replay
//! hands over. Its stages, in the order a caller uses them:
//!
//! 1. [`settle_dead`] decides which stones are dead (art. 8): territory markup, an estimate,
//!    or none, always plus the stones [`pass_alive`] proves dead inside pass-alive territory;
//! 2. [`score_position`] removes them and counts the area of each side (arts. 9, 11),
//!    giving a [`Score`] with the margin in points (`B+1.5`) and in stones (`黑胜3/4子`);
//!    [`count_territory`] counts the same position by territory and prisoners (Japanese,
//!    Korean rules);
//! 3. [`parse_result`] reads `RE[]`, which the stage `check` compares with the count.

mod area;
mod benson;
mod bits;
mod dead;
mod margin;
mod margins;
#[cfg(test)]
mod naive;
mod result;
mod tally;
mod territory;

pub use area::{count_area, AreaCount, Owner, ScoringMethod};
pub use benson::{
    dead_in_pass_alive_territory, pass_alive, push_dead_in_pass_alive_territory, Life, PassAlive,
};
pub use dead::{
    dead_from_markup, seki_candidates, settle_dead, DeadFrom, DeadNote, DeadOutcome, DeadPolicy,
    DeadSettler, DoubtedChain,
};
pub use margin::{format_number, format_points, format_stones, margin, winner_of};
pub use margins::{count_margins, MarginCounter, Margins};
pub use result::{parse_result, RecordedResult};
pub use tally::{score_position, CountedBy, Score};
pub use territory::{count_territory, territory_score, TerritoryCount, TerritoryScore};

pub mod estimate;
