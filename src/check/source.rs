//! Where a record comes from, told by the marks servers leave in the record itself, and
//! what that says about how its result was counted: the counting and the komi a check
//! should try, each with its odds. The evidence for each row is in the README
//! ("How the check weighs its readings").

use crate::rules::Rules;
use crate::score::CountedBy;
use crate::sgf::record::RawValue;
use crate::sgf::values::is_number;
use crate::sgf::RootProps;

use super::calibration::{PASSED_DEAD_ALIVE_RATIO, PASSED_SMALL_DEAD_ALIVE_RATIO, SAME_KOMI};

/// A server or program whose records follow known conventions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Fox (野狐, `AP[foxwq]`, or the `AP[YuanYu]` of its client), also Fox's hundredths
    /// komi (`KM[650]`, `KM[375]`).
    Fox,
    /// Tygem (`GN[tygem:…]`, `PC[Tygem…]`).
    Tygem,
    /// KGS (`PC[The Kiseido Go Server…]`, `AP[CGoban:…]`).
    Kgs,
    /// OGS (`PC[OGS…]`, `PC[online-go.com…]`).
    Ogs,
    /// IGS / Pandanet (`PC[IGS…]`, `PC[Pandanet…]`).
    Igs,
    /// NNGS (`PC[NNGS…]`, `AP[NNGS:…]`).
    Nngs,
    /// Nothing in the record names a source.
    Unknown,
}

/// How often a record's `RE[]` counts alive a group the estimate counts dead, against
/// Tygem's records, on whose results the odds of [`super::odds::calibrated`] were
/// measured.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AliveScale {
    /// For a small dead group the play-outs agree on (one to three stones, 90% or more).
    pub small_dead: f64,
    /// For any other dead group.
    pub other_dead: f64,
}

impl AliveScale {
    /// Tygem's own odds.
    pub const TYGEM: AliveScale = AliveScale {
        small_dead: 1.0,
        other_dead: 1.0,
    };
}

impl Source {
    /// How often this source's `RE[]` counts alive a dead group, against Tygem's. Fox's
    /// records count a small dead group alive about a fifth as often: in the shared
    /// corpus's 1,097 counted Fox records, 9 such groups (lone stones and groups of two or
    /// three, at 90% of the play-outs or more) alone give `RE[]` where the count does not,
    /// where Tygem's shares, class by class, predict 46 — 4 of 21.9 in `real/fox-ai`, 5 of
    /// 24.2 in `real/fox-pro`. A record that ended by two passes (`ended_by_passes`) does
    /// so at most [`PASSED_SMALL_DEAD_ALIVE_RATIO`] as often for small groups and
    /// [`PASSED_DEAD_ALIVE_RATIO`] for the others, whatever its source. Other sources keep
    /// Tygem's odds, for want of records to measure them on.
    pub fn alive_scale(self, ended_by_passes: bool) -> AliveScale {
        let small_dead: f64 = match self {
            Source::Fox => 0.2,
            _ => 1.0,
        };
        if ended_by_passes {
            AliveScale {
                small_dead: small_dead.min(PASSED_SMALL_DEAD_ALIVE_RATIO),
                other_dead: PASSED_DEAD_ALIVE_RATIO,
            }
        } else {
            AliveScale {
                small_dead,
                other_dead: 1.0,
            }
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Source::Fox => "Fox",
            Source::Tygem => "Tygem",
            Source::Kgs => "KGS",
            Source::Ogs => "OGS",
            Source::Igs => "IGS",
            Source::Nngs => "NNGS",
            Source::Unknown => "an unknown source",
        }
    }
}

fn has(value: Option<&str>, needles: &[&str]) -> bool {
    value.is_some_and(|v| {
        let v = v.trim().to_ascii_lowercase();
        needles.iter().any(|n| v.starts_with(n))
    })
}

/// The source a record's own properties name (never its file name).
pub fn source_of(root: &RootProps<'_>) -> Source {
    let ap = root.application.map(|v| v.raw);
    let pc = root.place.map(|v| v.raw);
    let gn = root.game_name.map(|v| v.raw);
    let km = root.komi.map(|v| v.raw.trim());
    if has(gn, &["tygem:"]) || has(pc, &["tygem"]) {
        Source::Tygem
    } else if has(ap, &["foxwq", "yuanyu"]) || km.is_some_and(fox_komi) || fox_byo_yomi(root) {
        Source::Fox
    } else if has(pc, &["the kiseido go server", "kgs"]) || has(ap, &["cgoban"]) {
        Source::Kgs
    } else if has(pc, &["ogs", "online-go"]) {
        Source::Ogs
    } else if has(pc, &["igs", "pandanet"]) {
        Source::Igs
    } else if has(pc, &["nngs"]) || has(ap, &["nngs"]) {
        Source::Nngs
    } else {
        Source::Unknown
    }
}

/// Fox's byo-yomi properties, `TC[periods]` and `TT[seconds]` both with a number: no SGF
/// version defines them, and in the shared corpus only Fox's records carry them: 2,109 of
/// its 2,110 Fox files (the 922 that a later program rewrote with `AP[GNU Go:3.8]`
/// included), the 165 AI-tournament records saved by Fox's client, and KataGo's test of a
/// Fox record; none of Tygem's, KGS's, OGS's, NNGS's or WBaduk's.
fn fox_byo_yomi(root: &RootProps<'_>) -> bool {
    let number = |v: Option<RawValue<'_>>| v.is_some_and(|v| is_number(v.raw.trim()));
    number(root.byo_yomi_periods) && number(root.byo_yomi_seconds)
}

/// Fox's komi in hundredths: `KM[650]`, `KM[750]`, `KM[375]`, `KM[325]`.
fn fox_komi(km: &str) -> bool {
    matches!(km, "650" | "750" | "375" | "325" | "550" | "450")
}

/// One counting with its odds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CountingOdds {
    pub counting: CountedBy,
    pub odds: f64,
}

/// One komi with its odds, when the record's own cannot be the game's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KomiOdds {
    pub komi: f64,
    pub odds: f64,
}

/// One handicap compensation (the points White gets back in an area count of a handicap
/// game) with its odds, when the record does not name the rules that set it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CompensationOdds {
    pub points: f64,
    pub odds: f64,
}

/// What a record's source says about its count: the countings to try and, when the
/// record's komi is a guess, the komi to try; when a handicap game's record does not name
/// its rules, the handicap compensations to try. Odds add up to 1 within each list. The
/// first of each is the most probable.
#[derive(Clone, Debug, PartialEq)]
pub struct Conventions {
    pub source: Source,
    pub countings: Vec<CountingOdds>,
    /// Empty when the record's komi is the game's.
    pub komi: Vec<KomiOdds>,
    /// Empty when the rules set the compensation (they are in the record, or the game
    /// is even). Otherwise the first is the assumed rules' own.
    pub compensation: Vec<CompensationOdds>,
}

impl Conventions {
    /// The odds of counting by `counting` (0 when it is not tried).
    pub fn odds_of_counting(&self, counting: CountedBy) -> f64 {
        let found = self.countings.iter().find(|c| c.counting == counting);
        found.map_or(0.0, |c| c.odds)
    }

    /// The odds that the game was played with `komi` (0 when it is not tried).
    pub fn odds_of_komi(&self, komi: f64) -> f64 {
        let found = self.komi.iter().find(|k| k.komi == komi);
        found.map_or(0.0, |k| k.odds)
    }

    /// The odds of a handicap compensation of `points` (0 when it is not tried).
    pub fn odds_of_compensation(&self, points: f64) -> f64 {
        let found = self.compensation.iter().find(|c| c.points == points);
        found.map_or(0.0, |c| c.odds)
    }
}

/// The handicap compensation of an area count when the record does not name its rules,
/// for an `n`-stone handicap: `n` points under Chinese rules, `n - 1` under AGA's, none
/// under rules that give none (New Zealand, Tromp-Taylor). The assumed `rules`' own comes
/// first, at 60%; the others follow at 25% and 15%, Chinese before AGA before none.
fn compensation_odds(rules: &Rules, handicap: u32) -> Vec<CompensationOdds> {
    let n = f64::from(handicap);
    let own = rules.handicap_bonus(handicap);
    let mut points = vec![own];
    points.extend([n, n - 1.0, 0.0].into_iter().filter(|&p| p != own));
    points
        .into_iter()
        .zip([0.6, 0.25, 0.15])
        .map(|(points, odds)| CompensationOdds { points, odds })
        .collect()
}

/// The rules' own counting, and the odds that the record was counted the other way.
fn counting_odds(source: Source, rules: &Rules) -> (CountedBy, f64) {
    let own = CountedBy::under(rules);
    match (source, own) {
        // Tygem counts by territory (Korean rules): a one-point difference from the
        // territory count is an open boundary, not an area count.
        (Source::Tygem, _) => (CountedBy::Territory, 0.01),
        // Fox's RU[Japanese] records are counted by territory 92% of the time, by area
        // 8% (measured on the shared corpus's Fox games: 840 and 72); RU[Chinese] by
        // area.
        (Source::Fox, own) => (own, 0.08),
        // NNGS counted by territory whatever RU[] said.
        (Source::Nngs, _) => (CountedBy::Territory, 0.05),
        // Servers that count by the rules they name.
        (Source::Kgs | Source::Ogs | Source::Igs, own) => (own, 0.02),
        (Source::Unknown, own) => (own, 0.15),
    }
}

/// The komi a game whose record's komi (`record`: `KM[0]` on an even game, or the rules'
/// default for want of `KM[]`) is a guess was most likely played with.
fn komi_odds(source: Source, counting: CountedBy, record: f64) -> Vec<KomiOdds> {
    let customary = match counting {
        CountedBy::Territory => [6.5, 7.5],
        CountedBy::Area => [7.5, 6.5],
    };
    let list: Vec<(f64, f64)> = match source {
        // Fox's `KM[0]` on an even game: of the shared corpus's 440 such Fox records whose
        // `RE[]` gives a margin, none gives a whole-point margin, as a game without komi
        // would; the count fits 6.5 in 364 of them and 7.5 in 40. No komi keeps 0.5%.
        Source::Fox => vec![(6.5, 0.895), (7.5, 0.1), (0.0, 0.005)],
        // Elsewhere the record may well mean what it says (old games without komi).
        _ => vec![
            (record, 0.5),
            (customary[0], 0.35),
            (customary[1], 0.1),
            (0.0, 0.05),
        ],
    };
    let mut merged: Vec<KomiOdds> = Vec::new();
    for (komi, odds) in list {
        match merged
            .iter_mut()
            .find(|k| (k.komi - komi).abs() < SAME_KOMI)
        {
            Some(k) => k.odds += odds,
            None => merged.push(KomiOdds { komi, odds }),
        }
    }
    merged.sort_by(|a, b| b.odds.total_cmp(&a.odds));
    merged
}

/// The conventions of a record: its source, the countings to try, when `guessed_komi`
/// (the points used for a komi that is a guess) the komi to try, and when
/// `unnamed_rules_handicap` (the handicap of a game whose record does not name its rules:
/// `rules` are assumed) is two stones or more, the compensations to try.
pub fn conventions(
    root: &RootProps<'_>,
    rules: &Rules,
    guessed_komi: Option<f64>,
    unnamed_rules_handicap: Option<u32>,
) -> Conventions {
    let source = source_of(root);
    let (first, other) = counting_odds(source, rules);
    // Fox writes stones (`KM[375]`) only for games counted by area.
    let stones = root
        .komi
        .is_some_and(|k| matches!(k.raw.trim(), "375" | "325"));
    let first = if source == Source::Fox && stones {
        CountedBy::Area
    } else {
        first
    };
    let countings = vec![
        CountingOdds {
            counting: first,
            odds: 1.0 - other,
        },
        CountingOdds {
            counting: first.other(),
            odds: other,
        },
    ];
    let komi = guessed_komi.map_or_else(Vec::new, |k| komi_odds(source, first, k));
    let compensation = match unnamed_rules_handicap {
        Some(handicap) if handicap >= 2 => compensation_odds(rules, handicap),
        _ => Vec::new(),
    };
    Conventions {
        source,
        countings,
        komi,
        compensation,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(s: &str) -> Option<RawValue<'_>> {
        Some(RawValue { raw: s, offset: 0 })
    }

    #[test]
    fn servers_are_told_by_their_marks() {
        let tygem = RootProps {
            game_name: raw("tygem:391824614"),
            ..Default::default()
        };
        assert_eq!(source_of(&tygem), Source::Tygem);
        let fox = RootProps {
            application: raw("foxwq"),
            ..Default::default()
        };
        assert_eq!(source_of(&fox), Source::Fox);
        let fox_km = RootProps {
            komi: raw("375"),
            ..Default::default()
        };
        assert_eq!(source_of(&fox_km), Source::Fox);
        let fox_rewritten = RootProps {
            application: raw("GNU Go:3.8"),
            byo_yomi_periods: raw("3"),
            byo_yomi_seconds: raw("30"),
            ..Default::default()
        };
        assert_eq!(source_of(&fox_rewritten), Source::Fox);
        let half_the_mark = RootProps {
            byo_yomi_seconds: raw("30"),
            ..Default::default()
        };
        assert_eq!(source_of(&half_the_mark), Source::Unknown);
        let kgs = RootProps {
            place: raw("The Kiseido Go Server (KGS) at http://kgs.kiseido.com/"),
            ..Default::default()
        };
        assert_eq!(source_of(&kgs), Source::Kgs);
        assert_eq!(source_of(&RootProps::default()), Source::Unknown);
    }

    #[test]
    fn odds_add_up_and_the_first_is_the_most_probable() {
        let japanese = crate::rules::RuleSet::Japanese.rules();
        for root in [
            RootProps::default(),
            RootProps {
                application: raw("foxwq"),
                ..Default::default()
            },
        ] {
            let c = conventions(&root, &japanese, Some(0.0), None);
            let sum: f64 = c.countings.iter().map(|c| c.odds).sum();
            assert!((sum - 1.0).abs() < 1e-9);
            let sum: f64 = c.komi.iter().map(|k| k.odds).sum();
            assert!((sum - 1.0).abs() < 1e-9);
            assert!(c.countings[0].odds > c.countings[1].odds);
            assert!(c.komi.windows(2).all(|w| w[0].odds >= w[1].odds));
        }
        let tygem = RootProps {
            game_name: raw("tygem:1"),
            ..Default::default()
        };
        let c = conventions(&tygem, &japanese, None, None);
        assert_eq!(c.countings[0].counting, CountedBy::Territory);
        assert!(c.komi.is_empty());
    }
}
