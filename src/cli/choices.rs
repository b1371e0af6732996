//! The command line's choices of a fixed list (`--rules`, `--superko`, `--dead`,
//! `--format`, `--progress`, `--color`, the `dups` choices) and what each is for the
//! stages that use it. The values of `audit --format` and `dups --format` are the rows
//! of their tables of formats.

use clap::builder::PossibleValue;
use clap::ValueEnum;

use crate::output::dups::{DupsFormat, DUPS_FORMATS};
use crate::output::progress::ProgressMode;
use crate::output::style::ColorMode;
use crate::output::{Format, FORMATS};
use crate::rules::{RuleSet, Superko};
use crate::score::DeadPolicy;

/// `--format`: the table of formats, each row a value with its help.
impl ValueEnum for Format {
    fn value_variants<'a>() -> &'a [Self] {
        FORMATS
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let value = PossibleValue::new(self.name);
        Some(match self.help {
            Some(help) => value.help(help),
            None => value,
        })
    }
}

/// `--rules`: a rule set, or `auto` (from RU[], else chinese).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum RulesChoice {
    Auto,
    Chinese,
    ChinesePositional,
    TrompTaylor,
    Aga,
    Nz,
    Japanese,
    Korean,
    /// Territory plus prisoners, simple ko (Japanese-style counting without a named rule set).
    Territory,
}

impl RulesChoice {
    pub(crate) fn rule_set(self) -> Option<RuleSet> {
        Some(match self {
            RulesChoice::Auto => return None,
            RulesChoice::Chinese => RuleSet::Chinese,
            RulesChoice::ChinesePositional => RuleSet::ChinesePositional,
            RulesChoice::TrompTaylor => RuleSet::TrompTaylor,
            RulesChoice::Aga => RuleSet::Aga,
            RulesChoice::Nz => RuleSet::Nz,
            RulesChoice::Japanese => RuleSet::Japanese,
            RulesChoice::Korean => RuleSet::Korean,
            RulesChoice::Territory => RuleSet::Territory,
        })
    }
}

/// `--superko`: the repetition rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SuperkoChoice {
    /// Whole board and side to move (the Chinese default).
    Situational,
    /// Whole board only.
    Positional,
    /// Only the immediate retaking of a single-stone ko.
    Simple,
}

impl From<SuperkoChoice> for Superko {
    fn from(c: SuperkoChoice) -> Superko {
        match c {
            SuperkoChoice::Situational => Superko::Situational,
            SuperkoChoice::Positional => Superko::Positional,
            SuperkoChoice::Simple => Superko::Simple,
        }
    }
}

/// `--dead`: where dead stones come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DeadChoice {
    /// Territory markup (`TB`/`TW`) only.
    Markup,
    /// An estimate from the position.
    Estimate,
    /// Every stone alive.
    None,
    /// Markup when the record has it, else an estimate.
    Auto,
}

impl From<DeadChoice> for DeadPolicy {
    fn from(c: DeadChoice) -> DeadPolicy {
        match c {
            DeadChoice::Markup => DeadPolicy::Markup,
            DeadChoice::Estimate => DeadPolicy::Estimate,
            DeadChoice::None => DeadPolicy::None,
            DeadChoice::Auto => DeadPolicy::Auto,
        }
    }
}

/// `--progress`: when to show the progress bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ProgressChoice {
    /// Only when stderr is a terminal and `CI` is not set.
    Auto,
    Always,
    Never,
}

impl From<ProgressChoice> for ProgressMode {
    fn from(c: ProgressChoice) -> ProgressMode {
        match c {
            ProgressChoice::Auto => ProgressMode::Auto,
            ProgressChoice::Always => ProgressMode::Always,
            ProgressChoice::Never => ProgressMode::Never,
        }
    }
}

/// `--color`: when to colour the output people read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// When standard output is a terminal, NO_COLOR is unset or empty and TERM is not dumb.
    Auto,
    Always,
    Never,
}

impl From<ColorChoice> for ColorMode {
    fn from(c: ColorChoice) -> ColorMode {
        match c {
            ColorChoice::Auto => ColorMode::Auto,
            ColorChoice::Always => ColorMode::Always,
            ColorChoice::Never => ColorMode::Never,
        }
    }
}

/// `dups --format`: the table of `dups` formats, each row a value with its help.
impl ValueEnum for DupsFormat {
    fn value_variants<'a>() -> &'a [Self] {
        DUPS_FORMATS
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.name).help(self.help))
    }
}

/// `dups --fail-on`: what makes the exit code 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DupsFailOn {
    /// Some game has a copy.
    Duplicates,
    /// Never (the default).
    Nothing,
}

/// `explain --format`: a code's page as text, or as Markdown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ExplainFormat {
    Text,
    Markdown,
}
