//! The SGF property index: every property of `FF[1]`-`FF[4]` with its value type, its kind
//! (root, game info, move, setup, none) and the FF versions that define it, as the `FF[4]`
//! specification lists them (<https://www.red-bean.com/sgf/properties.html>, with the
//! properties `FF[4]` dropped from <https://www.red-bean.com/sgf/ff1_3/>). The reader checks
//! every property it meets against this table.

/// The type of a property's value (`FF[4]` "Property value types").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueType {
    /// `none`: the value is empty (`KO[]`, `DO[]`).
    None,
    Number,
    Real,
    /// `1` (normal) or `2` (emphasized).
    Double,
    /// `B` or `W`.
    Color,
    SimpleText,
    Text,
    /// A point (lists may compress rectangles, `aa:cc`).
    Point,
    /// A point, or a pass (`[]` in `FF[4]`, `tt` on boards up to 19 x 19).
    Move,
    /// `Number:Number` or a Number (`SZ`).
    SizeCompose,
    /// `SimpleText:SimpleText` (`AP`: name and version).
    TextCompose,
    /// `Point:SimpleText` (`LB`).
    LabelCompose,
    /// `Point:Point` (`AR`, `LN`).
    PointCompose,
    /// `none` or `Number:SimpleText` (`FG`).
    Figure,
}

/// Where a property may stand (`FF[4]` "Property types").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PropKind {
    /// Only in the root node (`FF`, `GM`, `SZ`, `CA`, `ST`, `AP`).
    Root,
    /// Once on a path, in the node where the game begins (`PB`, `RE`, `DT`, ...).
    GameInfo,
    /// Belongs with the node's move (`B`, `W`, `BL`, `TE`, ...).
    Move,
    /// Sets up the position (`AB`, `AW`, `AE`, `PL`); not with a move in one node.
    Setup,
    /// Anywhere (`C`, `LB`, `TB`, ...).
    Any,
}

/// How many values a property takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    One,
    /// A list of one value or more.
    List,
    /// A list that may be one empty value (`VW[]`, `DD[]`, `FF[4]` `TB[]`).
    EList,
}

/// FF versions, one bit each; `FF[1]` and `FF[2]` define the same properties.
pub const FF12: u8 = 0b0011;
pub const FF3: u8 = 0b0100;
pub const FF4: u8 = 0b1000;
const FF34: u8 = FF3 | FF4;
const FF123: u8 = FF12 | FF3;
const FF1234: u8 = FF12 | FF34;

/// The bit of one FF version (`FF[5]` and above count as `FF[4]`, `FF[0]` as `FF[1]`).
pub(crate) fn version_bit(ff: u8) -> u8 {
    match ff {
        0 | 1 => 0b0001,
        2 => 0b0010,
        3 => FF3,
        _ => FF4,
    }
}

/// One property of the index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PropDef {
    pub id: &'static str,
    pub value: ValueType,
    pub kind: PropKind,
    pub shape: Shape,
    /// The FF versions that define it (bits [`FF12`], [`FF3`], [`FF4`]).
    pub versions: u8,
    /// Text whose empty value means nothing (`GN[]`, `C[]`): dropped by readers.
    pub text: bool,
}

const fn p(
    id: &'static str,
    value: ValueType,
    kind: PropKind,
    shape: Shape,
    versions: u8,
) -> PropDef {
    let text = matches!(value, ValueType::SimpleText | ValueType::Text);
    PropDef {
        id,
        value,
        kind,
        shape,
        versions,
        text,
    }
}

use PropKind::{Any, GameInfo, Move, Root, Setup};
use Shape::{EList, List, One};
use ValueType as V;

/// The index, sorted by identifier (checked by a test) for a binary search.
const INDEX: &[PropDef] = &[
    p("AB", V::Point, Setup, List, FF1234),
    p("AE", V::Point, Setup, List, FF1234),
    p("AN", V::SimpleText, GameInfo, One, FF34),
    p("AP", V::TextCompose, Root, One, FF4),
    p("AR", V::PointCompose, Any, List, FF4),
    p("AW", V::Point, Setup, List, FF1234),
    p("B", V::Move, Move, One, FF1234),
    p("BL", V::Real, Move, One, FF1234),
    p("BM", V::Double, Move, One, FF1234),
    p("BR", V::SimpleText, GameInfo, One, FF1234),
    p("BS", V::Number, GameInfo, One, FF123),
    p("BT", V::SimpleText, GameInfo, One, FF34),
    p("C", V::Text, Any, One, FF1234),
    p("CA", V::SimpleText, Root, One, FF4),
    p("CH", V::Double, Any, One, FF123),
    p("CP", V::Text, GameInfo, One, FF34),
    p("CR", V::Point, Any, List, FF34),
    p("DD", V::Point, Any, EList, FF4),
    p("DM", V::Double, Any, One, FF34),
    p("DO", V::None, Move, One, FF34),
    p("DT", V::SimpleText, GameInfo, One, FF1234),
    p("EL", V::Number, Any, One, FF12),
    p("EV", V::SimpleText, GameInfo, One, FF1234),
    p("EX", V::Move, Any, One, FF12),
    p("FF", V::Number, Root, One, FF1234),
    p("FG", V::Figure, Any, One, FF1234),
    p("GB", V::Double, Any, One, FF1234),
    p("GC", V::Text, GameInfo, One, FF1234),
    p("GM", V::Number, Root, One, FF1234),
    p("GN", V::SimpleText, GameInfo, One, FF1234),
    p("GW", V::Double, Any, One, FF1234),
    p("HA", V::Number, GameInfo, One, FF1234),
    p("HO", V::Double, Any, One, FF34),
    p("ID", V::SimpleText, GameInfo, One, FF3),
    p("IT", V::None, Move, One, FF34),
    p("KI", V::Number, GameInfo, One, FF12),
    p("KM", V::Real, GameInfo, One, FF1234),
    p("KO", V::None, Move, One, FF34),
    p("L", V::Point, Any, List, FF12),
    p("LB", V::LabelCompose, Any, List, FF34),
    p("LN", V::PointCompose, Any, List, FF4),
    p("LT", V::None, Any, One, FF3),
    p("M", V::Point, Any, List, FF12),
    p("MA", V::Point, Any, List, FF34),
    p("MN", V::Number, Move, One, FF34),
    p("N", V::SimpleText, Any, One, FF1234),
    p("OB", V::Number, Move, One, FF34),
    p("OM", V::Number, Any, One, FF3),
    p("ON", V::Text, GameInfo, One, FF34),
    p("OP", V::Real, Any, One, FF3),
    p("OT", V::SimpleText, GameInfo, One, FF4),
    p("OV", V::Real, Any, One, FF3),
    p("OW", V::Number, Move, One, FF34),
    p("PB", V::SimpleText, GameInfo, One, FF1234),
    p("PC", V::SimpleText, GameInfo, One, FF1234),
    p("PL", V::Color, Setup, One, FF1234),
    p("PM", V::Number, Any, One, FF4),
    p("PW", V::SimpleText, GameInfo, One, FF1234),
    p("RE", V::SimpleText, GameInfo, One, FF1234),
    p("RG", V::Point, Any, List, FF123),
    p("RO", V::SimpleText, GameInfo, One, FF1234),
    p("RU", V::SimpleText, GameInfo, One, FF34),
    p("SC", V::Point, Any, List, FF123),
    p("SE", V::Point, Any, List, FF3),
    p("SI", V::Double, Any, One, FF3),
    p("SL", V::Point, Any, List, FF1234),
    p("SO", V::SimpleText, GameInfo, One, FF1234),
    p("SQ", V::Point, Any, List, FF4),
    p("ST", V::Number, Root, One, FF4),
    p("SZ", V::SizeCompose, Root, One, FF1234),
    p("TB", V::Point, Any, EList, FF1234),
    p("TC", V::Number, Any, One, FF3),
    p("TE", V::Double, Move, One, FF1234),
    p("TM", V::Real, GameInfo, One, FF1234),
    p("TR", V::Point, Any, List, FF34),
    p("TW", V::Point, Any, EList, FF1234),
    p("UC", V::Double, Any, One, FF34),
    p("US", V::SimpleText, GameInfo, One, FF1234),
    p("V", V::Real, Any, One, FF1234),
    p("VW", V::Point, Any, EList, FF1234),
    p("W", V::Move, Move, One, FF1234),
    p("WL", V::Real, Move, One, FF1234),
    p("WR", V::SimpleText, GameInfo, One, FF1234),
    p("WS", V::Number, GameInfo, One, FF123),
    p("WT", V::SimpleText, GameInfo, One, FF34),
];

/// The slot of an identifier of one or two capitals in [`BY_SLOT`]: `A`..`Z`, then
/// `AA`..`ZZ`.
const fn slot(id: &[u8]) -> Option<usize> {
    match id {
        [a] if a.is_ascii_uppercase() => Some((*a - b'A') as usize),
        [a, b] if a.is_ascii_uppercase() && b.is_ascii_uppercase() => {
            Some(26 + (*a - b'A') as usize * 26 + (*b - b'A') as usize)
        }
        _ => None,
    }
}

/// Per slot, the index in [`INDEX`] plus one (0: no property): one load per lookup, for
/// the reader looks up every identifier it meets.
static BY_SLOT: [u8; 26 + 26 * 26] = {
    let mut table = [0u8; 26 + 26 * 26];
    let mut i = 0;
    while i < INDEX.len() {
        if let Some(s) = slot(INDEX[i].id.as_bytes()) {
            table[s] = i as u8 + 1;
        }
        i += 1;
    }
    table
};

/// The property of an identifier in capitals (`B`, `AB`), if the index has it.
#[inline]
pub(crate) fn lookup(id: &[u8]) -> Option<&'static PropDef> {
    match BY_SLOT[slot(id)?] {
        0 => None,
        i => Some(&INDEX[i as usize - 1]),
    }
}

/// The identifier `audit --fix` keeps a node's second, different `AP[]` under
/// (`AP[GNU Go:3.8]...AP[foxwq]`, Fox's records): the first `AP` stays the one every reader
/// takes, and the other application's name is kept byte for byte where readers skip it
/// (SGFC with a warning). The audit knows it as its own and reports nothing of it.
pub const SECOND_AP: &str = "XAP";

/// Private properties of big servers that no FF version defines, with whose they are.
pub(crate) fn private_owner(id: &str) -> Option<&'static str> {
    match id {
        "TT" | "RL" => Some("the Fox server"),
        "KGSDE" | "KGSSB" | "KGSSW" => Some("the KGS server"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_index_is_sorted_and_finds_every_property() {
        assert!(INDEX.windows(2).all(|w| w[0].id < w[1].id));
        for def in INDEX {
            assert_eq!(lookup(def.id.as_bytes()), Some(def));
        }
        assert_eq!(lookup(b"XX"), None);
        assert_eq!(lookup(b"ab"), None);
        assert_eq!(lookup(b"ABC"), None);
        assert_eq!(lookup(b""), None);
        assert_eq!(lookup(b"AP").unwrap().versions & version_bit(1), 0);
        assert_ne!(lookup(b"LB").unwrap().versions & version_bit(3), 0);
        assert_eq!(lookup(b"TC").unwrap().versions & version_bit(4), 0);
    }
}
