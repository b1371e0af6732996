//! Which property an identifier names: its spelling normalised (FF[1]-FF[3] mixed case,
//! lower case), the few properties the reader acts on, and where a root property's value
//! is kept.

use super::{RawValue, RootProps};
use crate::geom::Color;

/// A property identifier, normalised: FF[1]-FF[3] mixed case keeps its capitals
/// (`GaMe` -> `GM`), an all-lower-case one is upper-cased (`sz` -> `SZ`, reported).
pub(super) fn normalize_ident(id: &str) -> ([u8; 2], usize, bool) {
    let mut out = [0u8; 2];
    let mut len = 0;
    let has_upper = id.bytes().any(|b| b.is_ascii_uppercase());
    for b in id.bytes() {
        let up = if has_upper {
            if !b.is_ascii_uppercase() {
                continue;
            }
            b
        } else {
            b.to_ascii_uppercase()
        };
        if len < 2 {
            out[len] = up;
        }
        len += 1;
    }
    (out, len, !has_upper)
}

/// Which property a normalised identifier is, among those the audit reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Prop {
    Move(Color),
    AddBlack,
    AddWhite,
    AddEmpty,
    Player,
    TerritoryBlack,
    TerritoryWhite,
    Root(RootField),
    Other,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum RootField {
    Size,
    Komi,
    Handicap,
    Rules,
    Result,
    Black,
    White,
    FileFormat,
    GameType,
    Application,
    GameName,
    Place,
    Date,
    Event,
    BlackRank,
    WhiteRank,
    ByoYomiPeriods,
    ByoYomiSeconds,
}

pub(super) fn classify(id: [u8; 2], len: usize) -> Prop {
    match (len, id) {
        (1, [b'B', _]) => Prop::Move(Color::Black),
        (1, [b'W', _]) => Prop::Move(Color::White),
        (2, [b'A', b'B']) => Prop::AddBlack,
        (2, [b'A', b'W']) => Prop::AddWhite,
        (2, [b'A', b'E']) => Prop::AddEmpty,
        (2, [b'P', b'L']) => Prop::Player,
        (2, [b'T', b'B']) => Prop::TerritoryBlack,
        (2, [b'T', b'W']) => Prop::TerritoryWhite,
        (2, [b'S', b'Z']) => Prop::Root(RootField::Size),
        (2, [b'K', b'M']) => Prop::Root(RootField::Komi),
        (2, [b'H', b'A']) => Prop::Root(RootField::Handicap),
        (2, [b'R', b'U']) => Prop::Root(RootField::Rules),
        (2, [b'R', b'E']) => Prop::Root(RootField::Result),
        (2, [b'P', b'B']) => Prop::Root(RootField::Black),
        (2, [b'P', b'W']) => Prop::Root(RootField::White),
        (2, [b'F', b'F']) => Prop::Root(RootField::FileFormat),
        (2, [b'G', b'M']) => Prop::Root(RootField::GameType),
        (2, [b'A', b'P']) => Prop::Root(RootField::Application),
        (2, [b'G', b'N']) => Prop::Root(RootField::GameName),
        (2, [b'P', b'C']) => Prop::Root(RootField::Place),
        (2, [b'D', b'T']) => Prop::Root(RootField::Date),
        (2, [b'E', b'V']) => Prop::Root(RootField::Event),
        (2, [b'B', b'R']) => Prop::Root(RootField::BlackRank),
        (2, [b'W', b'R']) => Prop::Root(RootField::WhiteRank),
        (2, [b'T', b'C']) => Prop::Root(RootField::ByoYomiPeriods),
        (2, [b'T', b'T']) => Prop::Root(RootField::ByoYomiSeconds),
        _ => Prop::Other,
    }
}

impl<'a> RootProps<'a> {
    /// Where a root property's value is kept.
    pub(super) fn slot(&mut self, field: RootField) -> &mut Option<RawValue<'a>> {
        match field {
            RootField::Size => &mut self.size,
            RootField::Komi => &mut self.komi,
            RootField::Handicap => &mut self.handicap,
            RootField::Rules => &mut self.rules,
            RootField::Result => &mut self.result,
            RootField::Black => &mut self.black,
            RootField::White => &mut self.white,
            RootField::FileFormat => &mut self.file_format,
            RootField::GameType => &mut self.game_type,
            RootField::Application => &mut self.application,
            RootField::GameName => &mut self.game_name,
            RootField::Place => &mut self.place,
            RootField::Date => &mut self.date,
            RootField::Event => &mut self.event,
            RootField::BlackRank => &mut self.black_rank,
            RootField::WhiteRank => &mut self.white_rank,
            RootField::ByoYomiPeriods => &mut self.byo_yomi_periods,
            RootField::ByoYomiSeconds => &mut self.byo_yomi_seconds,
        }
    }
}
