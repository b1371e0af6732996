//! The check's tuned constants and tolerances in one table: each says what it is and where
//! the evidence for its value is. (The odds of a single chain's fate are the tables of
//! [`super::odds::calibrated`]; the odds of a source's conventions are in
//! [`super::source`].)

/// Two margins in points are the same when they differ by less than this: counts are in
/// half points, so any tolerance below a quarter point would do.
pub const SAME_POINTS: f64 = 1e-6;

/// Two probabilities (or komi values read from different spellings) are the same when they
/// differ by less than this: far below any odds the check tells apart.
pub const SAME_ODDS: f64 = 1e-9;

/// Points bordering both colours from which a counted position is taken to be unfinished
/// (boundaries left open, not dame): two passes stopped the game, but it was not over.
pub const UNFINISHED_DAME: u32 = 10;

/// A reading that gives `RE[]` agrees when it is at least this share as probable as the
/// most probable reading: less probable, it explains `RE[]` only by a stretch. (A lone
/// stone every play-out captured is wrong at odds of 3%: a reading that gives it life is
/// not enough to agree.)
pub const AGREE_SHARE: f64 = 0.04;

/// `RE[]` is called wrong only when the readings that might give it (every set of
/// misreadings, [`super::fit_odds`], and the odds of those too improbable to count) hold
/// less than this share of the probability. Chosen on the true and corrupted results of
/// `tygem-9d-part01.sgf` (the file the odds were calibrated on): at 0.3% it catches 81.9%
/// of the corrupted results there (72.8% at 0.1%, 80.0% at 0.2%, 82.9% at 0.4%) and calls
/// 62 of the 7,279 true results wrong (39 at 0.1%). A second count by GNU Go
/// (`scripts/second_opinion.py`) gives most of those a result other than `RE[]` too: an
/// archive holds wrong results, and they are what the check is for. The verdicts whose
/// `RE[]` GNU Go's count gives are the check's own errors; they stay below 0.5% of the
/// true results (the README has the figures).
pub const DOUBT_BELOW: f64 = 0.003;

/// [`DOUBT_BELOW`] for a count settled by the record's own territory markup, whose
/// disputed chains are doubted at a fixed 3.5%, not at odds measured on
/// play-outs: two disputed chains together stay above it.
pub const MARKUP_DOUBT_BELOW: f64 = 0.001;

/// The odds that a position stopped without two passes hides one to three points in
/// unfinished boundaries, from the number of empty points that border both colours:
/// measured on the counted records of `tygem-9d-part01.sgf`, where a count differs from
/// `RE[]` by one to three points in 9% of the positions with one to three such points and
/// in 19% of those with fifteen to twenty.
pub fn open_boundary_odds(dame: u32) -> f64 {
    if dame == 0 {
        0.0
    } else {
        (0.05 + 0.007 * f64::from(dame)).min(0.4)
    }
}

/// Points bordering both colours from which a position that did not end by two passes is
/// taken to be unfinished: the estimate agrees with `RE[]` in only a third of such
/// Tygem records. (After two passes, [`UNFINISHED_DAME`] applies.)
pub const OPEN_DAME_LIMIT: u32 = 20;

/// Seki-shaped chains the estimate found dead are alive at least at these odds: two
/// chains that share their last two liberties and cannot approach each other are a shape
/// play-outs misjudge.
pub const SEKI_SHAPE_ODDS: f64 = 0.03;

/// How sure the count is of a chain whose fate the engine and the estimate agree on, as a
/// play-out share: two judges that agree are wrong together less often than one, but their
/// errors are not independent (the same hard shapes fool both), so the pair is not taken
/// as surer than that. [`super::odds::calibrated`] makes it wrong 0.05% to 4% of the time by the chain's
/// size, fate, liberties and swing (chosen when it made every such chain wrong 1% of the time,
/// and not fitted again for the judge since).
pub const JUDGE_CONFIRMS: f64 = 0.90;
/// How sure of a chain the engine gives the other fate than the estimate did: the
/// engine's fate is counted, the estimate's keeps the odds of an unsure chain (10%).
pub const JUDGE_OVERRULES: f64 = 0.5;

/// The odds of the estimate's fate for a chain the record's markup gives the other: the
/// markup's fate is counted. Markup and estimate differ in 15 of the 148 marked-up games
/// of the shared corpus, and in 8 of them the markup leaves plainly dead stones unmarked
/// (`tests/estimate_accuracy.rs`), so such a reading is too probable for `RE[]` to be
/// called wrong when it fits; but a disputed chain whose other fate happens to give a
/// falsified margin is common enough (three of the corrupted results of `real/` and
/// `corpus/` at odds of 10%) that a fit through it is not taken as agreement either: one
/// disputed chain stays below [`AGREE_SHARE`] of the markup's own reading, and two
/// together stay above [`MARKUP_DOUBT_BELOW`] (GNU Go's `kat-gnu` needs two).
pub const MARKUP_DISPUTED: f64 = 0.035;
