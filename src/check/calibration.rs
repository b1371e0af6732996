//! The check's tuned constants and tolerances in one table: each says what it is and where
//! the evidence for its value is. (The odds of a source's conventions, row by row, are in
//! [`super::source`]; the bounds of the search, which trade time for the share of odds
//! left unexplored, stay beside it.)

/// Two margins in points are the same when they differ by less than this: counts are in
/// half points, so any tolerance below a quarter point would do.
pub const SAME_POINTS: f64 = 1e-6;

/// Two probabilities are the same when they differ by less than this: far below any odds
/// the check tells apart (rounding slack where sums of products are compared).
pub const SAME_ODDS: f64 = 1e-9;

/// Two komi values (a source's convention and the record's) are the same when they differ
/// by less than this: komi are written in quarter points at the finest.
pub const SAME_KOMI: f64 = 1e-9;

/// Points bordering both colours from which a counted position is taken to be unfinished
/// (boundaries left open, not dame): two passes stopped the game, but it was not over.
pub const UNFINISHED_DAME: u32 = 10;

/// The share of the board's points that, empty and bordered by both colours or by neither
/// ([`super::openness::Openness`]), makes a final position open: the game was not played
/// to its end, and a game that did not end by two passes is then not compared with `RE[]`.
/// Measured on real games with a margin in `RE[]`, every share of the board's points: the
/// 7,279 counted games of `tygem-9d-part01.sgf` reach at most 59.6% (a game of 149 moves;
/// 41% at the 99th percentile, 16% at the median), those of `../shared/corpus/real` and
/// `corpus/` that did not end by two passes at most 62% (two Fox professional games
/// stopped after 127 and 143 moves), the records of 5 to 75 moves whose margin is a few
/// hundredths (Fox's marks of a game not counted) aside. The first 300 of part01 cut after
/// 4, 10, 20 and 40 moves are at 87.5% or more (357, 351, 340 and 316 of 361 points at
/// the least); the first 34 of `tygem-9d-part03.sgf` cut after every move fall below two
/// thirds only after move 117 to 132, and never rise above it again (one colour alone on
/// the board leaves all of it open).
pub const OPEN_BOARD_SHARE: f64 = 2.0 / 3.0;

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

/// A Fox handicap game that did not end by two passes is not settled when it leaves
/// [`CONTESTED_GROUPS`] or more groups of [`CONTESTED_STONES`] stones or more whose fate the
/// odds make wrong at [`CONTESTED_WRONG`] or more ([`super::odds::calibrated`]: a living
/// group at fewer than 90% of the play-outs, a dead one at fewer than 95%, a seki
/// shape): the count cannot call `RE[]` wrong. Fox's teaching games are stopped by
/// agreement with fights open, and `RE[]` is the server's count of big groups the
/// play-outs misread together. Measured with `scripts/verdict-power.py --second-opinion`
/// on `../shared/corpus/real` and `tygem-9d-part03.sgf`: 7 true results of
/// `real/fox-pro` called wrong before are `unverifiable`, every one a result GNU Go's
/// count gives within two points; 50 of the 1,422 wrong results made from `real/fox-pro`
/// are no longer caught (968 caught, 1,018 before), and no record outside `real/fox-pro`
/// changes verdict by it.
pub const CONTESTED_GROUPS: usize = 3;
/// See [`CONTESTED_GROUPS`].
pub const CONTESTED_STONES: usize = 4;
/// See [`CONTESTED_GROUPS`].
pub const CONTESTED_WRONG: f64 = 0.01;

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

/// A chain lives by KataGo's ownership (one evaluation of its network, the judge's
/// question to KataGo) only when its stones' ownership for their own colour averages
/// above this, and none of its stones is at or below [`KATAGO_ALIVE_WORST`]; otherwise
/// the whole chain is dead. Both are the numbers KataGo's own `final_status_list` applies
/// to its searched ownership (`computeAnticipatedStatusesWithOwnership` in KataGo's
/// `cpp/program/playutils.cpp`), so the judge names the chains KataGo would, read from one
/// evaluation instead of a search of 100 visits or more; at one evaluation, KataGo's
/// network gave the same dead stones as at 8 and 32 visits on the Tygem positions tried
/// (measured outside this repository; the fake engine of `tests/fixtures` only checks the
/// rule is applied).
pub const KATAGO_ALIVE_MEAN: f64 = 0.2;
/// See [`KATAGO_ALIVE_MEAN`]: a stone owned by the other colour this firmly kills its chain.
pub const KATAGO_ALIVE_WORST: f64 = -0.6;

/// The odds of the estimate's fate for a chain the record's markup gives the other: the
/// markup's fate is counted. Markup and estimate differ in 15 of the 148 marked-up games
/// of the shared corpus, and in 8 of them the markup leaves plainly dead stones unmarked
/// (`tests/it/estimate_accuracy.rs`), so such a reading is too probable for `RE[]` to be
/// called wrong when it fits; but a disputed chain whose other fate happens to give a
/// falsified margin is common enough (three of the corrupted results of `real/` and
/// `corpus/` at odds of 10%) that a fit through it is not taken as agreement either: one
/// disputed chain stays below [`AGREE_SHARE`] of the markup's own reading, and two
/// together stay above [`MARKUP_DOUBT_BELOW`] (GNU Go's `kat-gnu` needs two).
pub const MARKUP_DISPUTED: f64 = 0.035;

// The odds of one chain's fate ([`super::odds::calibrated`]).

/// An assignment of fates less probable than this is not counted (its odds are added to
/// the unexplored share).
pub const NEGLIGIBLE: f64 = 1e-4;

/// How often the estimate is wrong about a group it keeps alive, by size (1 stone, 2–3,
/// 4 or more) and share of agreeing play-outs (0.95 and above, 0.90 to 0.95, 0.75 to 0.90,
/// below), about twice the shares measured. Measured (part01 and part03): a lone stone
/// 0.3%, 2.1–2.9%, 2.5–2.9%; 2–3 stones 0.1–0.3%, 1.1–1.5%, 0.5–1.3%; 4 or more 0.02%,
/// 0.06–0.21%, 0.4–0.6%, 3.6–6.9%. Below 0.75 too few groups were measured: 10%.
pub const ALIVE_WRONG: [[f64; 4]; 3] = [
    [0.006, 0.04, 0.05, 0.1],
    [0.006, 0.02, 0.02, 0.1],
    [0.0004, 0.002, 0.01, 0.1],
];

/// The same for a group the estimate counts dead. Measured: a lone stone 1.4–1.5% (most
/// of them stones in atari that every play-out captured and `RE[]` counts alive),
/// 0.2–0.3% (most of them settled by the capturing-race reader), 1.2–1.3%, 4.7–4.8%;
/// 2–3 stones 1.0%, 1.0–1.1%, 4.3–4.6%; 4 or more 0.2–0.4%, 1.0%, 4.6–5.2%. The first two
/// bands of groups of one to three stones are split by liberties in [`SMALL_DEAD_WRONG`].
pub const DEAD_WRONG: [[f64; 4]; 3] = [
    [0.03, 0.005, 0.025, 0.1],
    [0.02, 0.02, 0.09, 0.1],
    [0.005, 0.02, 0.1, 0.1],
];

/// How often the estimate is wrong about a dead group of one stone (`[0]`) or two or three
/// (`[1]`) that 95% or more (`[..][0]`) or 90–95% (`[..][1]`) of the play-outs captured, by
/// its liberties in the final position (1, 2, 3 or more) and its swing, the points the
/// margin of the record's counting moves if it lives (3 or less, 4–5, 6–9, 10 or more),
/// about twice the shares measured as for [`DEAD_WRONG`] (part01, among the groups of the
/// estimates that went on to the full 128 play-outs), never more than the odds by
/// liberties alone that the check used before it weighed the swing.
///
/// What `RE[]` counts alive against the play-outs is mostly a group left in atari whose
/// life costs its opponent a point or three; the bigger its swing, the rarer: a result
/// that hangs on a stone counted alive in the middle of ten points of territory is one a
/// player would have disputed. Measured, a lone stone in atari at 95% or more: 3.3% of
/// 1,958 with a swing of 3 or less, 1.2% of 1,781 at 4–5, 0.3% of 1,034 at 6–9, 0.06% of
/// 1,740 at 10 or more (part03: 4.0%, 1.5%, 0.6%, 0.14%); with two liberties, 2.7%, 0.24%,
/// none of 1,429 (part03: 1.5%, 0.17%, 0.18%) at 4–5, 6–9, 10 or more; at 90–95% in atari,
/// 0.9%, 0.5%, 0.09% of 6,816. Two or three stones at 95% or more in atari, 3.5%, 1.1%, none
/// of 717 at 4–5, 6–9, 10 or more. Two or three stones with two liberties at 90–95% are
/// the exception, 28% of 159 at 6–9 (a shape `RE[]` counts alive, most likely a seki).
/// Cells with fewer than 50 groups keep the odds by liberties alone; a cell with none
/// wrong counts half a group, and no more than the cell with fewer liberties.
pub const SMALL_DEAD_WRONG: [[[[f64; 4]; 3]; 2]; 2] = [
    [
        [
            [0.03, 0.02471, 0.0058, 0.00115],
            [0.012, 0.012, 0.00479, 0.0007],
            [0.004, 0.004, 0.004, 0.0007],
        ],
        [
            [0.007, 0.007, 0.007, 0.00176],
            [0.004, 0.004, 0.004, 0.00188],
            [0.0012, 0.0012, 0.0012, 0.00047],
        ],
    ],
    [
        [
            [0.028, 0.028, 0.02273, 0.00139],
            [0.011, 0.011, 0.01062, 0.00291],
            [0.003, 0.003, 0.003, 0.0018],
        ],
        [
            [0.002, 0.002, 0.002, 0.00183],
            [0.038, 0.038, 0.038, 0.00046],
            [0.006, 0.006, 0.006, 0.00156],
        ],
    ],
];

// Misreadings of several chains together ([`super::fit_odds`]).

/// The odds of a set of touching doubted chains of one fate all misread together, as a
/// share of the odds of the least sure one. Chosen on the counted records of
/// `tygem-9d-part01.sgf` among 0.3, 0.5 and 1 (the README has the figures): at 1 the
/// check catches fewer wrong results than without joint misreadings; without them (0), it
/// calls more true results wrong, positions where the estimate misread a whole area.
pub const JOINT_ODDS: f64 = 0.3;

/// The members of a set of touching doubted chains wrong at these odds or more make sets
/// of their own, misread together without the surer members they touch: a big group the
/// estimate split into unsure chains, next to a sure group of the same colour that a
/// misreading of the whole set would kill or save with it. Chosen on the counted records
/// of `tygem-9d-part01.sgf`: against none, it keeps five true results from being called
/// wrong (three whose `RE[]` GNU Go's count gives, one neither count settles, one both
/// counts call wrong) and catches 0.6 points fewer corrupted results (81.3% instead of
/// 81.9%); with every member (no floor), six (four that GNU Go's count gives) and 1.0
/// point fewer; with only those wrong at 4% or more, three (one) and 0.3 point fewer.
pub const DOUBTFUL_MEMBER: f64 = 0.01;

/// A part's assignments are counted until the odds of those not counted are below this.
pub const PART_LEFT: f64 = 1e-6;

/// A change of the margins below this probability is dropped from the convolution (its
/// odds are left unexplored).
pub const DROP_BELOW: f64 = 1e-12;

// How a source's results count dead groups alive ([`super::source::Source::alive_scale`]).

/// How often, against Tygem's records, the result of a record that ended by two passes
/// counts alive a small dead group the play-outs agree on: both players passed with the
/// group on the board, and the count that followed took it off. In the 526 counted
/// records of `../shared/corpus/real` and `corpus/` that end by two passes (NNGS, KGS and
/// programs' own games), 2 such groups alone give `RE[]` where the count does not, where
/// Tygem's shares (part01), class by class, predict 6.7.
pub const PASSED_SMALL_DEAD_ALIVE_RATIO: f64 = 0.3;

/// The same for the other dead groups of a record that ended by two passes (bigger, or
/// fewer play-outs agreeing): in the same records, 1 such group alone gives `RE[]` where
/// Tygem's shares predict 11.8. Scaled by a half only: at 0.3, one true result is called
/// wrong that neither sgfaudit's count nor GNU Go's settles (NNGS's `ccwills`) and two
/// agreements are lost.
pub const PASSED_DEAD_ALIVE_RATIO: f64 = 0.5;

// Handicap stones a record lacks (`crate::audit::handicap`).

/// The odds of the other placement of three, six or seven stones, where there is one
/// (measured on three stones: 7 of the 232 three-stone records of `../shared/corpus`
/// that carry their stones, see `crate::audit::handicap`).
pub const OTHER_PLACEMENT_ODDS: f64 = 0.03;
