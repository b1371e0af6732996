//! How the judge speaks to an engine, chosen by the engine's answer to `name`: plain GTP
//! (`final_status_list`: GNU Go and any engine that has it) or KataGo's dialect (one
//! evaluation of its network's ownership, see [`super::katago`]). A new dialect is one
//! more implementation of [`Dialect`] and one more name in [`by_name`].

use crate::geom::{Color, Point, Position};

use super::engine::Session;
use super::katago;
use super::{JudgeFailure, JudgeFailureKind};

/// The commands an engine is asked in.
pub(super) trait Dialect: Sync {
    /// Checks the engine has the commands this dialect sends (and learns the optional
    /// ones it has).
    fn learn(&self, session: &mut Session<'_>) -> Result<(), JudgeFailure>;

    /// The dead stones of `position`, `to_move` to play, under `komi`: the position put
    /// on the engine's board and the engine asked.
    fn dead_stones(
        &self,
        session: &mut Session<'_>,
        position: &Position,
        komi: f64,
        to_move: Color,
    ) -> Result<Vec<Point>, JudgeFailure>;
}

/// Plain GTP: the position played onto the board, then `final_status_list dead`.
pub(super) struct Gtp;

/// KataGo: the position set without history, then one raw evaluation of the network.
pub(super) struct KataGo;

/// The dialect of an engine that answered `name` with `name` (`None`: it did not answer).
pub(super) fn by_name(name: Option<&str>) -> &'static dyn Dialect {
    match name {
        Some(name) if katago::is_katago(name) => &KataGo,
        _ => &Gtp,
    }
}

impl Dialect for Gtp {
    fn learn(&self, session: &mut Session<'_>) -> Result<(), JudgeFailure> {
        if !session.known("final_status_list")? {
            return Err(session.failure(
                JudgeFailureKind::Unsupported,
                "does not know the GTP command `final_status_list`".to_string(),
            ));
        }
        session.engine.knows_list_stones = session.known("list_stones")?;
        Ok(())
    }

    fn dead_stones(
        &self,
        session: &mut Session<'_>,
        position: &Position,
        komi: f64,
        to_move: Color,
    ) -> Result<Vec<Point>, JudgeFailure> {
        session.set_up(position, komi, to_move)?;
        session.dead_stones(position)
    }
}

impl Dialect for KataGo {
    fn learn(&self, session: &mut Session<'_>) -> Result<(), JudgeFailure> {
        session.learn_katago()
    }

    fn dead_stones(
        &self,
        session: &mut Session<'_>,
        position: &Position,
        komi: f64,
        to_move: Color,
    ) -> Result<Vec<Point>, JudgeFailure> {
        session.katago_set_up(position, komi, to_move)?;
        session.katago_dead_stones(position)
    }
}
