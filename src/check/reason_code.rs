//! The stable names of the check's reasons (`reason_code` in JSON Lines, CSV, SARIF and
//! the Python package): one per kind of reason, kebab-case, never reused, so that a script
//! matches a code and not the English of `check::wording`. Its one registry is
//! [`ReasonCode::ALL`], with what each code means (the schema's documentation).

use crate::score::RecordedResult;

use super::reason::{AgreeNote, FitsAt, Found, Reason, Unchecked, Unread, Why};

/// A reason's stable name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ReasonCode {
    NoResult,
    Unfinished,
    Resignation,
    Time,
    Forfeit,
    Void,
    UnknownResult,
    UnreadableResult,
    NotCounted,
    NotCountedBy,
    OpenBoard,
    SameWinner,
    Agrees,
    AgreesWinnerOnly,
    AgreesInStones,
    Differs,
    FitsIf,
    Disagrees,
    DisagreesSwapped,
    FitsOnlyIf,
    Unverifiable,
    KomiUncertain,
    HandicapMissing,
    MovesAfterEnd,
    PositionUnfinished,
    DeadStonesUncertain,
    NoPassesNothingRemoved,
    NoPassesUnsettled,
    DeadNotDetermined,
    ContestedGroups,
    SeveralChains,
    ReadingsNotWeighed,
    JudgeConfirms,
    JudgeFailed,
    FitsFinalPosition,
    FitsAtPasses,
    FitsNeitherPosition,
    FitsNeither,
    TwoPassesOpenBoard,
    WithDeadStoneNotes,
    HandicapPlacementAssumed,
    FitsOtherPlacement,
    Unreadable,
    ReadInPart,
    NotGo,
    BadBoardSize,
    InternalError,
}

impl ReasonCode {
    /// Every code, in the order the schema lists them.
    pub const ALL: [ReasonCode; 47] = [
        ReasonCode::NoResult,
        ReasonCode::Unfinished,
        ReasonCode::Resignation,
        ReasonCode::Time,
        ReasonCode::Forfeit,
        ReasonCode::Void,
        ReasonCode::UnknownResult,
        ReasonCode::UnreadableResult,
        ReasonCode::NotCounted,
        ReasonCode::NotCountedBy,
        ReasonCode::OpenBoard,
        ReasonCode::SameWinner,
        ReasonCode::Agrees,
        ReasonCode::AgreesWinnerOnly,
        ReasonCode::AgreesInStones,
        ReasonCode::Differs,
        ReasonCode::FitsIf,
        ReasonCode::Disagrees,
        ReasonCode::DisagreesSwapped,
        ReasonCode::FitsOnlyIf,
        ReasonCode::Unverifiable,
        ReasonCode::KomiUncertain,
        ReasonCode::HandicapMissing,
        ReasonCode::MovesAfterEnd,
        ReasonCode::PositionUnfinished,
        ReasonCode::DeadStonesUncertain,
        ReasonCode::NoPassesNothingRemoved,
        ReasonCode::NoPassesUnsettled,
        ReasonCode::DeadNotDetermined,
        ReasonCode::ContestedGroups,
        ReasonCode::SeveralChains,
        ReasonCode::ReadingsNotWeighed,
        ReasonCode::JudgeConfirms,
        ReasonCode::JudgeFailed,
        ReasonCode::FitsFinalPosition,
        ReasonCode::FitsAtPasses,
        ReasonCode::FitsNeitherPosition,
        ReasonCode::FitsNeither,
        ReasonCode::TwoPassesOpenBoard,
        ReasonCode::WithDeadStoneNotes,
        ReasonCode::HandicapPlacementAssumed,
        ReasonCode::FitsOtherPlacement,
        ReasonCode::Unreadable,
        ReasonCode::ReadInPart,
        ReasonCode::NotGo,
        ReasonCode::BadBoardSize,
        ReasonCode::InternalError,
    ];

    /// The code on the wire, and what it means.
    pub fn name_and_meaning(self) -> (&'static str, &'static str) {
        use ReasonCode as R;
        match self {
            R::NoResult => ("no-result", "the record has no result (RE[]) to check"),
            R::Unfinished => ("unfinished", "no two passes and no RE[]: nothing was counted"),
            R::Resignation => ("resignation", "RE[] is a win by resignation: not a count"),
            R::Time => ("time", "RE[] is a win on time: not a count"),
            R::Forfeit => ("forfeit", "RE[] is a win by forfeit: not a count"),
            R::Void => ("void", "RE[] says the game has no result (void)"),
            R::UnknownResult => ("unknown-result", "RE[?]: the result is unknown"),
            R::UnreadableResult => ("unreadable-result", "RE[] could not be read"),
            R::NotCounted => ("not-counted", "the final position was not counted"),
            R::NotCountedBy => (
                "not-counted-by",
                "the final position was not counted the way RE[] needs",
            ),
            R::OpenBoard => (
                "open-board",
                "RE[] claims a count, but the record stops on an open board",
            ),
            R::SameWinner => (
                "same-winner",
                "RE[] gives a margin no count gives, with the count's winner",
            ),
            R::Agrees => ("agrees", "the count gives RE[]"),
            R::AgreesWinnerOnly => (
                "agrees-winner-only",
                "RE[] names only the winner, the count's",
            ),
            R::AgreesInStones => (
                "agrees-in-stones",
                "RE[]'s margin, read in stones, is the count's",
            ),
            R::Differs => ("differs", "the count differs from RE[]"),
            R::FitsIf => (
                "fits-if",
                "RE[] fits a less probable reading (a counting, a komi, a chain's fate)",
            ),
            R::Disagrees => (
                "disagrees",
                "RE[] differs from the count, and the readings that would give it are improbable",
            ),
            R::DisagreesSwapped => (
                "disagrees-swapped",
                "as disagrees; the count is RE[]'s margin with the other winner",
            ),
            R::FitsOnlyIf => (
                "fits-only-if",
                "RE[] differs from the count but fits a reading not improbable enough to call it wrong",
            ),
            R::Unverifiable => (
                "unverifiable",
                "RE[] differs from the count, which does not settle it",
            ),
            R::KomiUncertain => ("komi-uncertain", "the komi cannot be known"),
            R::HandicapMissing => (
                "handicap-missing",
                "the record lacks some of its handicap stones",
            ),
            R::MovesAfterEnd => (
                "moves-after-end",
                "moves were played after the game ended",
            ),
            R::PositionUnfinished => (
                "position-unfinished",
                "points border both colours: the position is not finished",
            ),
            R::DeadStonesUncertain => (
                "dead-stones-uncertain",
                "the dead stones are in doubt, as their notes say",
            ),
            R::NoPassesNothingRemoved => (
                "no-passes-nothing-removed",
                "no two passes, and no dead stones were taken off",
            ),
            R::NoPassesUnsettled => (
                "no-passes-unsettled",
                "no two passes, and the position is not settled",
            ),
            R::DeadNotDetermined => (
                "dead-not-determined",
                "the dead stones are not determined",
            ),
            R::ContestedGroups => (
                "contested-groups",
                "a handicap game stopped without two passes leaves big groups in doubt",
            ),
            R::SeveralChains => (
                "several-chains",
                "readings that change several chains together give RE[]",
            ),
            R::ReadingsNotWeighed => (
                "readings-not-weighed",
                "too many doubted chains: readings not weighed one by one hold much of the odds",
            ),
            R::JudgeConfirms => (
                "judge-confirms",
                "the engine judge gave the estimate's dead stones; the estimate's verdict stands",
            ),
            R::JudgeFailed => (
                "judge-failed",
                "the engine judge gave no answer; the estimate's verdict stands",
            ),
            R::FitsFinalPosition => (
                "fits-final-position",
                "moves follow the two passes; RE[] fits the final position",
            ),
            R::FitsAtPasses => (
                "fits-at-passes",
                "moves follow the two passes; RE[] fits the position at the passes",
            ),
            R::FitsNeitherPosition => (
                "fits-neither-position",
                "moves follow the two passes; RE[] fits neither position",
            ),
            R::FitsNeither => (
                "fits-neither",
                "moves follow the two passes; both positions call RE[] wrong",
            ),
            R::TwoPassesOpenBoard => (
                "two-passes-open-board",
                "the game ended by two passes on an open board",
            ),
            R::WithDeadStoneNotes => (
                "with-dead-stone-notes",
                "no sure verdict; the dead stones' notes say why",
            ),
            R::HandicapPlacementAssumed => (
                "handicap-placement-assumed",
                "the handicap stones the record lacks were placed to count it",
            ),
            R::FitsOtherPlacement => (
                "fits-other-placement",
                "the handicap stones the record lacks were placed; RE[] fits another placement",
            ),
            R::Unreadable => ("unreadable", "the game could not be read"),
            R::ReadInPart => ("read-in-part", "the game could not be read whole"),
            R::NotGo => ("not-go", "the record is not of Go (GM[])"),
            R::BadBoardSize => ("bad-board-size", "the board size (SZ[]) cannot be read"),
            R::InternalError => ("internal-error", "the audit of the game failed"),
        }
    }

    /// The code on the wire (`two-passes-open-board`).
    pub fn as_str(self) -> &'static str {
        self.name_and_meaning().0
    }

    /// What the code means, in a line.
    pub fn meaning(self) -> &'static str {
        self.name_and_meaning().1
    }
}

impl Reason {
    /// The reason's code: the kind of the outermost reason (a reason that only compares
    /// names what the comparison found; an unverifiable one what keeps it from a verdict).
    pub fn code(&self) -> ReasonCode {
        use ReasonCode as R;
        match self {
            Reason::Compared(found) => found.code(),
            Reason::FitsIf { .. } => R::FitsIf,
            Reason::Disagrees { swapped: false, .. } => R::Disagrees,
            Reason::Disagrees { swapped: true, .. } => R::DisagreesSwapped,
            Reason::Unverifiable { fit: Some(_), .. } => R::FitsOnlyIf,
            Reason::Unverifiable { why: Some(why), .. } => why.code(),
            Reason::Unverifiable { .. } => R::Unverifiable,
            Reason::JudgeConfirms { .. } => R::JudgeConfirms,
            Reason::JudgeFailed { .. } => R::JudgeFailed,
            Reason::AtEnd { fits, .. } => match fits {
                FitsAt::Final => R::FitsFinalPosition,
                FitsAt::Passes => R::FitsAtPasses,
                FitsAt::Neither => R::FitsNeitherPosition,
            },
            Reason::FitsNeither { .. } => R::FitsNeither,
            Reason::PassedOpen { .. } => R::TwoPassesOpenBoard,
            Reason::WithNotes { .. } => R::WithDeadStoneNotes,
            Reason::CountedAs { fits: None, .. } => R::HandicapPlacementAssumed,
            Reason::CountedAs { fits: Some(_), .. } => R::FitsOtherPlacement,
            Reason::NotRead(unread) => match unread {
                Unread::Unreadable => R::Unreadable,
                Unread::ReadInPart => R::ReadInPart,
                Unread::NotGo => R::NotGo,
                Unread::BadBoardSize => R::BadBoardSize,
                Unread::InternalError => R::InternalError,
            },
        }
    }

    /// The codes of this reason and of every reason it holds, outermost first, each
    /// followed by what it found and what keeps it from a verdict.
    pub fn codes(&self) -> Vec<ReasonCode> {
        let mut codes = Vec::new();
        for reason in std::iter::once(self).chain(self.inner()) {
            codes.push(reason.code());
            match reason {
                Reason::Unverifiable { found, why, .. } => {
                    codes.push(found.code());
                    codes.extend(why.as_ref().map(Why::code));
                }
                Reason::Disagrees { found, .. } => codes.push(found.code()),
                Reason::WithNotes { .. } => codes.push(ReasonCode::DeadStonesUncertain),
                _ => {}
            }
        }
        let mut once = Vec::with_capacity(codes.len());
        for code in codes {
            if !once.contains(&code) {
                once.push(code);
            }
        }
        once
    }
}

impl Found {
    /// What the comparison found, named.
    pub fn code(&self) -> ReasonCode {
        use ReasonCode as R;
        match self {
            Found::Unchecked(unchecked) => match unchecked {
                Unchecked::NoResult => R::NoResult,
                Unchecked::Unfinished => R::Unfinished,
                Unchecked::NotACount { recorded, .. } => match recorded {
                    RecordedResult::Resignation(_) => R::Resignation,
                    RecordedResult::Time(_) => R::Time,
                    RecordedResult::Forfeit(_) => R::Forfeit,
                    RecordedResult::Void => R::Void,
                    RecordedResult::Unknown => R::UnknownResult,
                    _ => R::UnreadableResult,
                },
                Unchecked::NotCounted => R::NotCounted,
                Unchecked::OpenBoard(_) => R::OpenBoard,
                Unchecked::NotCountedBy(_) => R::NotCountedBy,
            },
            Found::SameWinner { .. } => R::SameWinner,
            Found::Agrees { note: None } => R::Agrees,
            Found::Agrees {
                note: Some(AgreeNote::WinnerOnly),
            } => R::AgreesWinnerOnly,
            Found::Agrees {
                note: Some(AgreeNote::InStones { .. }),
            } => R::AgreesInStones,
            Found::Differs { .. } => R::Differs,
        }
    }
}

impl Why {
    /// What keeps a count from a verdict, named.
    pub fn code(&self) -> ReasonCode {
        use ReasonCode as R;
        match self {
            Why::KomiUncertain => R::KomiUncertain,
            Why::HandicapMissing(_) => R::HandicapMissing,
            Why::MovesAfterEnd => R::MovesAfterEnd,
            Why::Unfinished { .. } => R::PositionUnfinished,
            Why::Dead(_) => R::DeadStonesUncertain,
            Why::NoPassesNothingRemoved => R::NoPassesNothingRemoved,
            Why::NoPassesUnsettled => R::NoPassesUnsettled,
            Why::DeadNotDetermined => R::DeadNotDetermined,
            Why::Contested { .. } => R::ContestedGroups,
            Why::SeveralChains { .. } => R::SeveralChains,
            Why::NotWeighed { .. } => R::ReadingsNotWeighed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ReasonCode;

    #[test]
    fn every_code_is_kebab_case_and_named_once() {
        let mut names: Vec<&str> = ReasonCode::ALL.iter().map(|c| c.as_str()).collect();
        for name in &names {
            assert!(
                name.chars().all(|c| c.is_ascii_lowercase() || c == '-'),
                "{name}"
            );
        }
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), ReasonCode::ALL.len());
    }
}
