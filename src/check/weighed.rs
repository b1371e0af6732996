//! The position whose readings were weighed, as the search hands it to the decision: its
//! own file so that the decision (`decide`) and the search (`readings`) import it, not
//! each other.

use crate::geom::{Point, Position};
use crate::score::{DeadOutcome, MarginCounter, Margins};

use super::decide::CheckContext;
use super::odds::Doubt;

/// The position whose readings were weighed.
#[derive(Clone, Copy)]
pub(super) struct Weighed<'a> {
    pub(super) position: &'a Position,
    pub(super) dead: &'a DeadOutcome,
    pub(super) doubts: &'a [Doubt],
    pub(super) ctx: CheckContext,
    pub(super) captures: [u32; 2],
    /// Counts the position with any set of dead stones taken off.
    pub(super) counter: &'a MarginCounter<'a>,
    /// The margins of the estimate's own fates.
    pub(super) base: Margins,
    /// Recounts already made of single doubts given the other fate.
    pub(super) flipped_alone: &'a FlippedAlone,
}

/// The margins with one dead chain (its stones) counted alive, as the odds by swing
/// counted them: the check's search needs the same counts.
pub(super) type FlippedAlone = Vec<(Vec<Point>, Margins)>;
