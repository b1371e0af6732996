//! KataGo as a judge: one evaluation of its network's ownership instead of its
//! `final_status_list`, which always searches at least 100 visits whatever its settings
//! say (about three minutes a 19×19 position with a small network on a CPU).
//!
//! KataGo is known by its answer to `name` (`KataGo`). Its position goes on the board
//! with `set_position` (KataGo's command for a position without move history, so the
//! network sees no made-up recent moves and counts no handicap), under `kata-set-rules
//! chinese` and the record's komi to the half point; when White is to move, Black passes.
//! Then `kata-raw-nn 0` asks for one raw evaluation of the network in its first symmetry:
//! the same answer every time for the same position, with no search, no random symmetry
//! and no cache. (`kata-raw-nn all` would cost eight evaluations, and KataGo separates
//! their blocks by empty lines, which end a GTP answer.)
//!
//! The answer's `whiteOwnership` block holds one number per point, row by row from the
//! top (`A19` first for 19×19), each in [-1, 1] from White's view: 1 owned by White, -1
//! by Black. A chain is dead or alive as a whole, by KataGo's own rule (see
//! [`KATAGO_ALIVE_MEAN`]). The dead stones then go through the checks of every engine's
//! answer (no pass-alive chain dead; the stones inside pass-alive territory dead).

use crate::check::calibration::{KATAGO_ALIVE_MEAN, KATAGO_ALIVE_WORST};
use crate::geom::{BoardSize, Color, Point, Position};

use super::engine::Session;
use super::{stones_of, JudgeFailure, JudgeFailureKind};

/// What KataGo answers to `name`.
pub(super) const NAME: &str = "KataGo";

/// The question: one evaluation of the network, in its first symmetry.
pub(super) const RAW_NN: &str = "kata-raw-nn 0";

/// The key of the ownership block in `kata-raw-nn`'s answer.
const OWNERSHIP_KEY: &str = "whiteOwnership";

/// The largest komi KataGo accepts (`Rules::MAX_USER_KOMI`, 150 in older versions, 400
/// in newer ones): a record's komi beyond it is sent as this, which moves no stone's
/// ownership.
const MAX_KOMI: f64 = 150.0;

/// Whether an engine's answer to `name` is KataGo's.
pub(super) fn is_katago(name: &str) -> bool {
    name.trim().eq_ignore_ascii_case(NAME)
}

/// The komi KataGo accepts nearest to `komi`: a whole or half point (it refuses any
/// other), within ±[`MAX_KOMI`].
pub(super) fn katago_komi(komi: f64) -> f64 {
    // `+ 0.0` makes a negative zero plain zero.
    ((komi * 2.0).round() / 2.0).clamp(-MAX_KOMI, MAX_KOMI) + 0.0
}

/// The ownership of every point of a `size` board (row-major, `size.index` order, from
/// White's view) in the answer to `kata-raw-nn`: the mean of its `whiteOwnership` blocks
/// (one for one symmetry). `Err` says what is wrong with the answer.
pub(super) fn parse_ownership(text: &str, size: BoardSize) -> Result<Vec<f64>, String> {
    let points = size.points();
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut sum = vec![0.0; points];
    let mut blocks = 0;
    for (at, _) in words
        .iter()
        .enumerate()
        .filter(|(_, w)| **w == OWNERSHIP_KEY)
    {
        let values = &words[at + 1..];
        for (i, total) in sum.iter_mut().enumerate() {
            let Some(word) = values.get(i) else {
                return Err(format!(
                    "its {OWNERSHIP_KEY} has {i} values, the {size}×{size} board {points} points"
                ));
            };
            match word.parse::<f64>() {
                Ok(v) if (-1.0..=1.0).contains(&v) => *total += v,
                _ => {
                    return Err(format!(
                        "value {} of its {OWNERSHIP_KEY} is {word:?}, not a number in [-1, 1]",
                        i + 1
                    ))
                }
            }
        }
        blocks += 1;
    }
    if blocks == 0 {
        return Err(format!("it has no {OWNERSHIP_KEY}"));
    }
    Ok(sum.into_iter().map(|s| s / f64::from(blocks)).collect())
}

/// The stones of every chain of `position` whose ownership (from White's view, as
/// [`parse_ownership`] gives it) does not keep it alive: each chain's stones' ownership
/// for their own colour must average above [`KATAGO_ALIVE_MEAN`] with none at or below
/// [`KATAGO_ALIVE_WORST`]; otherwise the whole chain is dead. Sorted.
pub(super) fn dead_by_ownership(position: &Position, ownership: &[f64]) -> Vec<Point> {
    let size = position.size;
    let mut dead = Vec::new();
    for (color, chain) in position.chains() {
        let sign = match color {
            Color::White => 1.0,
            Color::Black => -1.0,
        };
        let own: Vec<f64> = chain
            .iter()
            .map(|&p| sign * ownership[size.index(p)])
            .collect();
        let mean = own.iter().sum::<f64>() / own.len() as f64;
        let worst = own.iter().copied().fold(f64::INFINITY, f64::min);
        if mean <= KATAGO_ALIVE_MEAN || worst <= KATAGO_ALIVE_WORST {
            dead.extend(chain);
        }
    }
    dead.sort();
    dead
}

impl Session<'_> {
    /// Checks that KataGo has the commands the judge sends it.
    pub(super) fn learn_katago(&mut self) -> Result<(), JudgeFailure> {
        for command in ["kata-raw-nn", "set_position", "kata-set-rules"] {
            if !self.known(command)? {
                return Err(self.failure(
                    JudgeFailureKind::Unsupported,
                    format!(
                        "says it is KataGo but does not know `{command}` (KataGo 1.5 or later has it)"
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Puts the position on KataGo's board, without move history, `to_move` to play.
    pub(super) fn katago_set_up(
        &mut self,
        position: &Position,
        komi: f64,
        to_move: Color,
    ) -> Result<(), JudgeFailure> {
        let size = position.size;
        self.start_game(size, Some("kata-set-rules chinese"), katago_komi(komi))?;
        let placed: Vec<String> = [Color::Black, Color::White]
            .into_iter()
            .flat_map(|color| {
                stones_of(position, color)
                    .into_iter()
                    .map(move |p| format!(" {} {}", color.letter(), p.vertex(size)))
            })
            .collect();
        if !placed.is_empty() {
            self.expect_success(&format!("set_position{}", placed.concat()))?;
        }
        // After `set_position` Black is to move.
        if to_move == Color::White {
            self.expect_success("play B pass")?;
        }
        Ok(())
    }

    /// Asks for one evaluation of the network and reads the dead chains off its
    /// ownership.
    pub(super) fn katago_dead_stones(
        &mut self,
        position: &Position,
    ) -> Result<Vec<Point>, JudgeFailure> {
        let text = self.expect_success(RAW_NN)?;
        let ownership = parse_ownership(&text, position.size).map_err(|why| {
            self.failure(
                JudgeFailureKind::Protocol,
                format!("answered `{RAW_NN}` with nonsense: {why}"),
            )
        })?;
        let dead = dead_by_ownership(position, &ownership);
        self.checked_dead(position, RAW_NN, dead)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An answer shaped like KataGo's to `kata-raw-nn 0` on a 3×3 board.
    fn answer(ownership: &str) -> String {
        format!(
            "symmetry 0\nwhiteWin 0.400000\nwhiteLoss 0.600000\nnoResult 0.000000\n\
             whiteLead -2.500\npolicy\n0.1 0.1 0.1\n0.1 NAN 0.1\n0.1 0.1 0.1\n\
             policyPass 0.2\n{OWNERSHIP_KEY}\n{ownership}"
        )
    }

    fn size3() -> BoardSize {
        BoardSize::square(3).unwrap()
    }

    #[test]
    fn ownership_is_read_row_by_row_from_the_top() {
        let text = answer("0.9 0.8 0.7\n-0.1 0 0.1\n-0.7 -0.8 -0.9");
        let own = parse_ownership(&text, size3()).unwrap();
        assert_eq!(own.len(), 9);
        // Row 0 is the top row (A3..C3), as in `Point`.
        assert_eq!(own[size3().index(Point::new(0, 0))], 0.9);
        assert_eq!(own[size3().index(Point::new(2, 2))], -0.9);
        assert_eq!(
            Point::new(0, 0).vertex(size3()),
            "A3",
            "the first value is A3"
        );
    }

    #[test]
    fn keys_in_any_order_and_several_blocks_are_averaged() {
        let text = format!(
            "{OWNERSHIP_KEY} 1 1 1 1 1 1 1 1 1 whiteWin 0.5 \
             symmetry 1 {OWNERSHIP_KEY} 0 0 0 0 0 0 0 0 -1 newKey 3"
        );
        let own = parse_ownership(&text, size3()).unwrap();
        assert_eq!(own[0], 0.5);
        assert_eq!(own[8], 0.0);
    }

    #[test]
    fn malformed_ownership_says_what_is_wrong() {
        let short = parse_ownership(&answer("0.1 0.2 0.3 0.4"), size3()).unwrap_err();
        assert!(
            short.contains("4 values") && short.contains("9 points"),
            "{short}"
        );
        let word = parse_ownership(&answer("0 0 0 0 banana 0 0 0 0"), size3()).unwrap_err();
        assert!(
            word.contains("value 5") && word.contains("banana"),
            "{word}"
        );
        let big = parse_ownership(&answer("0 0 0 0 1.5 0 0 0 0"), size3()).unwrap_err();
        assert!(big.contains("[-1, 1]"), "{big}");
        let nan = parse_ownership(&answer("0 0 0 0 nan 0 0 0 0"), size3()).unwrap_err();
        assert!(nan.contains("nan"), "{nan}");
        let none = parse_ownership("symmetry 0 whiteWin 0.5", size3()).unwrap_err();
        assert!(none.contains("no whiteOwnership"), "{none}");
        assert!(parse_ownership("", size3()).is_err());
    }

    #[test]
    fn a_chain_is_dead_or_alive_as_a_whole() {
        // A Black chain of three (A3 B3 C3) and a White chain of two (A1 B1).
        let position = Position::from_diagram("XXX\n...\nOO.");
        // Black owns two of its stones, White the third strongly: the worst stone kills it.
        let own = vec![-0.9, -0.9, 0.7, 0.0, 0.0, 0.0, 0.9, 0.9, 0.0];
        let dead = dead_by_ownership(&position, &own);
        assert_eq!(
            dead,
            vec![Point::new(0, 0), Point::new(1, 0), Point::new(2, 0)]
        );
        // Black owns its chain on average but weakly: a mean of 0.2 or less is dead.
        let weak = vec![-0.3, -0.2, -0.1, 0.0, 0.0, 0.0, 0.9, 0.9, 0.0];
        assert_eq!(dead_by_ownership(&position, &weak).len(), 3);
        let firm = vec![-0.5, -0.3, -0.1, 0.0, 0.0, 0.0, 0.9, 0.9, 0.0];
        assert_eq!(dead_by_ownership(&position, &firm), vec![]);
        // White's view: White's chain owned by Black is dead, Black's alive.
        let black_owns_all = vec![-1.0; 9];
        assert_eq!(
            dead_by_ownership(&position, &black_owns_all),
            vec![Point::new(0, 2), Point::new(1, 2)]
        );
    }

    #[test]
    fn komi_goes_to_the_half_point_katago_accepts() {
        assert_eq!(katago_komi(7.5), 7.5);
        assert_eq!(katago_komi(3.75), 4.0);
        assert_eq!(katago_komi(5.4), 5.5);
        assert_eq!(katago_komi(-0.2), 0.0);
        assert_eq!(katago_komi(375.0), 150.0);
        assert_eq!(katago_komi(-999.0), -150.0);
    }

    #[test]
    fn katago_is_known_by_its_name() {
        assert!(is_katago("KataGo"));
        assert!(is_katago(" katago "));
        assert!(!is_katago("GNU Go"));
        assert!(!is_katago(""));
    }
}
