//! What the check says, as data: what `RE[]` and a count say of each other, what keeps a
//! count from a verdict, and what a verdict assumed. The English of each is made in
//! `check::wording`, and only there; their stable names in `check::reason_code`.

use crate::geom::Color;
use crate::score::{CountedBy, DeadNote, RecordedResult};

use super::openness::Openness;

/// What the comparison found (worded by `check::wording`).
#[derive(Clone, Debug, PartialEq)]
pub enum Found {
    /// Counting cannot check `RE[]`: why.
    Unchecked(Unchecked),
    /// A margin no count gives, whose winner is the count's (`result`): nothing to agree
    /// with.
    SameWinner {
        claim: Claim,
        counting: CountedBy,
        result: String,
    },
    /// The count gives `RE[]`; `note` says how `RE[]` was read when that needs saying.
    Agrees { note: Option<AgreeNote> },
    /// The `counting` count (`result`) differs from what `RE[]` claims.
    Differs {
        claim: Claim,
        counting: CountedBy,
        result: String,
    },
}

/// Why counting cannot check `RE[]`.
#[derive(Clone, Debug, PartialEq)]
pub enum Unchecked {
    /// No `RE[]`, or an empty one.
    NoResult,
    /// No `RE[]`, and no two passes: nothing was counted.
    Unfinished,
    /// A result that is not a count (a resignation, time, forfeit, void, unknown, or
    /// unreadable: `raw`).
    NotACount {
        raw: String,
        recorded: RecordedResult,
    },
    /// The position was not counted.
    NotCounted,
    /// The game did not end by two passes and its board is open: it was not played to
    /// its end, and no count of it checks `RE[]`.
    OpenBoard(Openness),
    /// The position was not counted that way.
    NotCountedBy(CountedBy),
}

/// What `RE[]` claims.
#[derive(Clone, Debug, PartialEq)]
pub enum Claim {
    /// A winner only.
    Winner(Color),
    /// A margin no count gives (`raw`, trimmed).
    Impossible { raw: String },
    /// The same, read as a win by `winner`.
    ImpossibleWinner { raw: String, winner: Color },
    /// Black's margin `points`, written `raw` (trimmed).
    Margin { raw: String, points: f64 },
}

/// How an agreeing `RE[]` was read, when that needs saying.
#[derive(Clone, Debug, PartialEq)]
pub enum AgreeNote {
    /// It names only the winner.
    WinnerOnly,
    /// Its margin (`raw`, trimmed) was read in stones: `points` points.
    InStones { raw: String, points: f64 },
}

/// What keeps a count from calling `RE[]` wrong (worded by `check::wording`).
#[derive(Clone, Debug, PartialEq)]
pub enum Why {
    /// The komi cannot be known and the source suggests none.
    KomiUncertain,
    /// The record lacks this many of its handicap stones.
    HandicapMissing(u32),
    MovesAfterEnd,
    /// `dame` points border both colours.
    Unfinished {
        dame: u32,
    },
    /// The dead stones are not determined, as their notes say.
    Dead(Vec<DeadNote>),
    /// No two passes, and no dead stones were taken off.
    NoPassesNothingRemoved,
    /// No two passes (a count whose readings are not weighed).
    NoPassesUnsettled,
    /// A count whose readings are not weighed.
    DeadNotDetermined,
    /// A handicap game stopped without two passes leaves this many big groups in doubt.
    Contested {
        groups: usize,
    },
    /// Readings of several chains together give `RE[]` at these odds.
    SeveralChains {
        fit_mass: f64,
    },
    /// Readings not weighed hold these odds.
    NotWeighed {
        unexplored: f64,
    },
}

/// What a verdict assumed beyond the rules and the record.
#[derive(Clone, Debug, PartialEq)]
pub enum Assumption {
    /// The record was counted by `counting` (`as_rules`: the rules' own), which records
    /// of `source` are at these `odds`.
    Counting {
        counting: CountedBy,
        as_rules: bool,
        source: &'static str,
        odds: f64,
    },
    /// The game was played with `komi`, not the record's (`km`, `KM[]` as written).
    Komi {
        komi: f64,
        km: Option<String>,
        odds: f64,
    },
    /// White's handicap compensation was `points`.
    Compensation { points: f64, odds: f64 },
    /// The chain at `vertex` of `stones` stones, counted dead (`dead`) or alive by the
    /// estimate or the markup (`by_markup`) at odds `right`, has the other fate.
    Flip {
        vertex: String,
        stones: usize,
        dead: bool,
        by_markup: bool,
        right: f64,
    },
    /// An unfinished boundary (or the ko left open at `ko`) is worth `points` to Black
    /// (`black`) or White.
    OpenPoint {
        ko: Option<String>,
        points: u8,
        black: bool,
    },
    /// The handicap stones the record lacks stood at `vertices` (`stones` of them, placed
    /// as `name` says), at these `odds` (1: the only placement).
    Placement {
        stones: usize,
        vertices: String,
        name: &'static str,
        odds: f64,
    },
}

/// Why the check gave its verdict, as the report's `reason` says it.
#[derive(Clone, Debug, PartialEq)]
pub enum Reason {
    /// What the comparison of `RE[]` with the count found, alone.
    Compared(Found),
    /// `RE[]` fits a reading (at `odds`) that `assumed` more than the most probable one
    /// (at `best_odds`), whose `counting` count gives `margin`.
    FitsIf {
        assumed: Vec<Assumption>,
        counting: CountedBy,
        margin: f64,
        odds: f64,
        best_odds: f64,
    },
    /// `RE[]` differs from the count; the readings that would give it hold `odds` (when
    /// any was weighed); `swapped`: the count is `RE[]`'s margin with the other winner.
    Disagrees {
        found: Found,
        odds: Option<f64>,
        swapped: bool,
    },
    /// `RE[]` differs from the count but cannot be called wrong: the reading that would
    /// give it (what it assumes, and its share of the most probable reading's odds), and
    /// what keeps the position from a verdict.
    Unverifiable {
        found: Found,
        fit: Option<(Vec<Assumption>, f64)>,
        why: Option<Why>,
    },
    /// The engine judge (`command`) gave the estimate's own dead stones, and the
    /// estimate's `disagrees` stands: the estimate's reason.
    JudgeConfirms {
        reason: Option<Box<Reason>>,
        command: String,
    },
    /// The engine judge was asked and gave no answer (`failure`): the estimate's reason.
    JudgeFailed {
        reason: Option<Box<Reason>>,
        failure: String,
    },
    /// Moves follow the two passes that ended the game: the final position's count
    /// (`last`) and the one at the passes (`end`), which of them `RE[]` fits, and the
    /// reason of the judgement that stands.
    AtEnd {
        last: Option<f64>,
        end: Option<f64>,
        fits: FitsAt,
        reason: Option<Box<Reason>>,
    },
    /// Both positions call `RE[]` wrong: each one's reason.
    FitsNeither {
        last: Option<f64>,
        end: Option<f64>,
        last_reason: Option<Box<Reason>>,
        end_reason: Option<Box<Reason>>,
    },
    /// The game ended by two passes on an open board: the check is as on any board that
    /// ended so, and its reason says how open the board was.
    PassedOpen {
        reason: Option<Box<Reason>>,
        openness: Openness,
    },
    /// An unverifiable reason completed with the dead stones' notes it does not give.
    WithNotes {
        reason: Option<Box<Reason>>,
        notes: Vec<DeadNote>,
    },
    /// The record lacks its handicap stones: the count assumed `placement`; `fits`, when
    /// `RE[]` fits another placement.
    CountedAs {
        reason: Option<Box<Reason>>,
        placement: Assumption,
        fits: Option<Assumption>,
    },
    /// The game was not replayed, or not to its end, so nothing was counted.
    NotRead(Unread),
}

/// Why a game was not replayed, or not to its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unread {
    /// The game could not be read at all.
    Unreadable,
    /// The game could not be read whole.
    ReadInPart,
    /// The record is of another game than Go (`GM[]`).
    NotGo,
    /// `SZ[]` is not a board size.
    BadBoardSize,
    /// The audit of the game failed (a fault of sgfaudit, caught).
    InternalError,
}

/// Which position `RE[]` fits when moves follow the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FitsAt {
    Final,
    Passes,
    Neither,
}

impl Reason {
    /// The reason, boxed where one reason holds another.
    pub fn boxed(reason: Option<Reason>) -> Option<Box<Reason>> {
        reason.map(Box::new)
    }

    /// The reasons this one holds, outermost first (itself not included).
    pub fn inner(&self) -> Vec<&Reason> {
        let held: Vec<&Reason> = match self {
            Reason::JudgeConfirms { reason, .. }
            | Reason::JudgeFailed { reason, .. }
            | Reason::AtEnd { reason, .. }
            | Reason::PassedOpen { reason, .. }
            | Reason::WithNotes { reason, .. }
            | Reason::CountedAs { reason, .. } => reason.iter().map(|r| &**r).collect(),
            Reason::FitsNeither {
                last_reason,
                end_reason,
                ..
            } => [last_reason, end_reason]
                .into_iter()
                .flatten()
                .map(|r| &**r)
                .collect(),
            _ => Vec::new(),
        };
        held.into_iter()
            .flat_map(|r| std::iter::once(r).chain(r.inner()))
            .collect()
    }

    /// Every assumption the reason and the reasons it holds name (the reading `RE[]`
    /// would need, the handicap placement counted).
    pub fn assumptions(&self) -> Vec<&Assumption> {
        let mut all = Vec::new();
        for reason in std::iter::once(self).chain(self.inner()) {
            match reason {
                Reason::FitsIf { assumed, .. }
                | Reason::Unverifiable {
                    fit: Some((assumed, _)),
                    ..
                } => all.extend(assumed),
                Reason::CountedAs {
                    placement, fits, ..
                } => all.extend(std::iter::once(placement).chain(fits)),
                _ => {}
            }
        }
        all
    }
}

pub use super::reason_code::ReasonCode;
