//! Rule sets as data: what a replay forbids and how a game is counted, and the table
//! that maps `RU[]` spellings to them.

use crate::board::SuicideRule;

/// The rule sets the tool knows (RULES.md, "Other rule sets").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleSet {
    Chinese,
    ChinesePositional,
    TrompTaylor,
    Aga,
    Nz,
    Japanese,
    Korean,
    /// Territory counting without a named rule set (Japanese-style: simple ko, territory
    /// plus prisoners).
    Territory,
}

/// Which earlier positions a move may not recreate (art. 6, art. 20).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Superko {
    /// Whole board and side to move (the Chinese default).
    Situational,
    /// Whole board only.
    Positional,
    /// Only the immediate retaking of a single-stone ko.
    Simple,
}

/// What a repetition beyond a simple ko is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RepetitionOutcome {
    /// The move is forbidden (finding `superko`, the move is void).
    Illegal,
    /// The game has no result (finding `cycle`; the move stands).
    NoResult,
}

/// How the final position is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counting {
    /// Stones plus surrounded points (数子法), empty regions touching both colours split.
    Area,
    /// Area, but empty regions touching both colours count for nobody (Tromp-Taylor).
    AreaNoSplit,
    /// Surrounded points plus prisoners (Japanese, Korean; `score::territory`, arts. 8–10
    /// of the Japanese rules 1989): the territory count, checked beside the area count.
    Territory,
}

/// How many points White gets back in a handicap game (N stones, N ≥ 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HandicapBonus {
    /// N points for N stones (Chinese practice).
    Full,
    /// N − 1 points (AGA).
    OneLess,
    /// Nothing (Tromp-Taylor, New Zealand, Japanese, Korean).
    Zero,
}

impl HandicapBonus {
    /// The bonus in points for an N-stone handicap. A "handicap" below two stones places
    /// no stones, so it is worth nothing under every rule set.
    pub fn points(self, handicap: u32) -> f64 {
        if handicap < 2 {
            return 0.0;
        }
        match self {
            HandicapBonus::Full => handicap as f64,
            HandicapBonus::OneLess => (handicap - 1) as f64,
            HandicapBonus::Zero => 0.0,
        }
    }
}

/// Everything the replay and the scorer need to know about the rules.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rules {
    pub set: RuleSet,
    pub superko: Superko,
    pub repetition: RepetitionOutcome,
    pub suicide: SuicideRule,
    pub counting: Counting,
    pub default_komi: f64,
    pub handicap: HandicapBonus,
}

impl RuleSet {
    /// Every rule set.
    pub const ALL: [RuleSet; 8] = [
        RuleSet::Chinese,
        RuleSet::ChinesePositional,
        RuleSet::TrompTaylor,
        RuleSet::Aga,
        RuleSet::Nz,
        RuleSet::Japanese,
        RuleSet::Korean,
        RuleSet::Territory,
    ];

    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Chinese => "chinese",
            RuleSet::ChinesePositional => "chinese-positional",
            RuleSet::TrompTaylor => "tromp-taylor",
            RuleSet::Aga => "aga",
            RuleSet::Nz => "nz",
            RuleSet::Japanese => "japanese",
            RuleSet::Korean => "korean",
            RuleSet::Territory => "territory",
        }
    }

    /// The rule set of a name as [`RuleSet::name`] writes it.
    pub fn from_name(name: &str) -> Option<RuleSet> {
        RuleSet::ALL.into_iter().find(|r| r.name() == name)
    }

    /// The rules of this set.
    pub fn rules(self) -> Rules {
        use RepetitionOutcome::*;
        let (superko, repetition, suicide, counting, default_komi) = match self {
            RuleSet::Chinese => (
                Superko::Situational,
                Illegal,
                SuicideRule::Forbidden,
                Counting::Area,
                7.5,
            ),
            RuleSet::ChinesePositional => (
                Superko::Positional,
                Illegal,
                SuicideRule::Forbidden,
                Counting::Area,
                7.5,
            ),
            RuleSet::TrompTaylor => (
                Superko::Positional,
                Illegal,
                SuicideRule::Allowed,
                Counting::AreaNoSplit,
                7.5,
            ),
            RuleSet::Aga => (
                Superko::Situational,
                Illegal,
                SuicideRule::Forbidden,
                Counting::Area,
                7.5,
            ),
            RuleSet::Nz => (
                Superko::Situational,
                Illegal,
                SuicideRule::Allowed,
                Counting::Area,
                7.0,
            ),
            RuleSet::Japanese => (
                Superko::Simple,
                NoResult,
                SuicideRule::Forbidden,
                Counting::Territory,
                6.5,
            ),
            RuleSet::Korean | RuleSet::Territory => (
                Superko::Simple,
                NoResult,
                SuicideRule::Forbidden,
                Counting::Territory,
                6.5,
            ),
        };
        Rules {
            set: self,
            superko,
            repetition,
            suicide,
            counting,
            default_komi,
            handicap: match self {
                RuleSet::Chinese | RuleSet::ChinesePositional => HandicapBonus::Full,
                RuleSet::Aga => HandicapBonus::OneLess,
                _ => HandicapBonus::Zero,
            },
        }
    }

    /// Reads an `RU[]` value. Returns `None` for spellings the tool does not know.
    pub fn from_ru(raw: &str) -> Option<RuleSet> {
        let s: String = raw
            .trim()
            .chars()
            .filter(|c| !matches!(c, ' ' | '-' | '_' | '.' | '/'))
            .flat_map(char::to_lowercase)
            .collect();
        let s = s.strip_suffix("rules").unwrap_or(&s);
        Some(match s {
            "chinese" | "cn" | "chn" | "china" | "chineserule" | "中国" | "中国规则"
            | "中國規則" | "中国围棋规则" | "中國圍棋規則" | "数子" | "數子" => {
                RuleSet::Chinese
            }
            "chinesepositional" | "chinesekgs" | "chineseogs" => RuleSet::ChinesePositional,
            "tromptaylor" | "tt" | "tromp" => RuleSet::TrompTaylor,
            "aga" | "american" | "agarules" => RuleSet::Aga,
            "nz" | "newzealand" => RuleSet::Nz,
            "japanese" | "jp" | "jpn" | "japan" | "日本" | "日本规则" | "日本規則"
            | "日本ルール" => RuleSet::Japanese,
            "korean" | "ko" | "kor" | "korea" | "한국" | "한국규칙" | "韩国规则" | "韓國規則" => {
                RuleSet::Korean
            }
            _ => return None,
        })
    }
}

impl Rules {
    /// Points White gets back in an `n`-stone handicap game: N for Chinese, N-1 for AGA,
    /// none for Tromp-Taylor, New Zealand and the territory rules.
    pub fn handicap_bonus(&self, handicap: u32) -> f64 {
        self.handicap.points(handicap)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ru_spellings() {
        for s in ["Chinese", "chinese", "CN", "Chinese rules", "中国规则"] {
            assert_eq!(RuleSet::from_ru(s), Some(RuleSet::Chinese), "{s}");
        }
        assert_eq!(RuleSet::from_ru("Japanese"), Some(RuleSet::Japanese));
        assert_eq!(RuleSet::from_ru("Korean"), Some(RuleSet::Korean));
        assert_eq!(RuleSet::from_ru("AGA"), Some(RuleSet::Aga));
        assert_eq!(RuleSet::from_ru("New Zealand"), Some(RuleSet::Nz));
        assert_eq!(RuleSet::from_ru("Tromp-Taylor"), Some(RuleSet::TrompTaylor));
        // CGOS writes it with a slash.
        assert_eq!(RuleSet::from_ru("Tromp/Taylor"), Some(RuleSet::TrompTaylor));
        assert_eq!(RuleSet::from_ru("Ing"), None);
    }

    #[test]
    fn handicap_bonus_by_rules() {
        assert_eq!(RuleSet::Chinese.rules().handicap_bonus(4), 4.0);
        assert_eq!(RuleSet::Aga.rules().handicap_bonus(4), 3.0);
        assert_eq!(RuleSet::TrompTaylor.rules().handicap_bonus(4), 0.0);
        assert_eq!(RuleSet::Chinese.rules().handicap_bonus(0), 0.0);
        assert_eq!(RuleSet::Aga.rules().handicap_bonus(1), 0.0);
        assert_eq!(HandicapBonus::OneLess.points(0), 0.0);
    }
}
