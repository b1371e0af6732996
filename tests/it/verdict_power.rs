//! The result check has power: on real Tygem records (not the file its odds were
//! calibrated on), a result made wrong — the other colour wins, the margin 4 higher or
//! 10 higher — is called `disagrees` often and `agrees` seldom, while the true results
//! are almost never called wrong. The same holds, more strictly, for games that end by
//! two passes (the project's own GNU Go games). The full experiment, with every
//! collection, is `scripts/verdict-power.py`; the guide (`docs/guide/result-check.md`) has
//! its tables.

use crate::common;

use rayon::prelude::*;
use sgfaudit::audit::{audit_game, AuditOptions};
use sgfaudit::check::reason::{Assumption, ReasonCode};
use sgfaudit::check::Verdict;
use sgfaudit::input::source::Bytes;
use sgfaudit::run::LoadedFile;

/// Games of `tygem-9d-part02.sgf` taken (every fifth, from the first 6,000).
const EVERY: usize = 5;
const GAMES: usize = 6_000;

/// The margin of a result `B+6.5`, `W+0.5` as (colour, points).
fn margin(result: &str) -> Option<(char, f64)> {
    let (color, rest) = result.split_at_checked(2)?;
    let color = match color {
        "B+" => 'B',
        "W+" => 'W',
        _ => return None,
    };
    let points: f64 = rest.parse().ok()?;
    (points > 0.0).then_some((color, points))
}

/// The game's text with `RE[old]` made `RE[new]`.
fn with_result(text: &str, old: &str, new: &str) -> String {
    text.replacen(&format!("RE[{old}]"), &format!("RE[{new}]"), 1)
}

fn verdict_of(text: &str) -> Verdict {
    let file = LoadedFile::new("t.sgf".to_string(), Bytes::Owned(text.as_bytes().to_vec()));
    audit_game(&file.game_input(0), &AuditOptions::default())
        .check
        .verdict
}

/// The experiment's figures over some games: true results agreed and called wrong,
/// corrupted ones caught and accepted, as shares, and how many of each were weighed.
struct Power {
    games: usize,
    agrees: f64,
    disagrees: f64,
    /// True results called `disagrees`, counted.
    called_wrong: usize,
    corrupted: usize,
    caught: f64,
    accepted: f64,
}

impl std::fmt::Display for Power {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} games: true agrees {:.3}, disagrees {:.3}; {} corrupted: caught {:.3}, accepted {:.3}",
            self.games, self.agrees, self.disagrees, self.corrupted, self.caught, self.accepted
        )
    }
}

/// Audits every game of `texts` whose `RE[]` gives a margin as recorded and with the
/// result made wrong: the margin 4 higher, 10 higher, and (margins of 2 or more) the other
/// colour the winner.
fn power(texts: &[String]) -> Power {
    // (true verdict, verdicts of the corrupted copies) of each game with a margin.
    let results: Vec<(Verdict, Vec<Verdict>)> = texts
        .par_iter()
        .filter_map(|text| {
            let start = text.find("RE[")? + 3;
            let recorded = &text[start..start + text[start..].find(']')?];
            let (color, points) = margin(recorded)?;
            let other = if color == 'B' { 'W' } else { 'B' };
            let mut wrong = vec![
                format!("{color}+{}", points + 4.0),
                format!("{color}+{}", points + 10.0),
            ];
            if points >= 2.0 {
                wrong.push(format!("{other}+{points}"));
            }
            let corrupted = wrong
                .iter()
                .map(|w| verdict_of(&with_result(text, recorded, w)))
                .collect();
            Some((verdict_of(text), corrupted))
        })
        .collect();
    let share = |n: usize, of: usize| n as f64 / of.max(1) as f64;
    let games = results.len();
    let count = |v: Verdict| results.iter().filter(|(t, _)| *t == v).count();
    let corrupted: Vec<Verdict> = results.iter().flat_map(|(_, c)| c.clone()).collect();
    let among = |v: Verdict| {
        share(
            corrupted.iter().filter(|c| **c == v).count(),
            corrupted.len(),
        )
    };
    Power {
        games,
        agrees: share(count(Verdict::Agrees), games),
        disagrees: share(count(Verdict::Disagrees), games),
        called_wrong: count(Verdict::Disagrees),
        corrupted: corrupted.len(),
        caught: among(Verdict::Disagrees),
        accepted: among(Verdict::Agrees),
    }
}

#[test]
fn wrong_results_are_caught_and_true_ones_are_not_called_wrong() {
    let Some(shared) = common::shared_corpus() else {
        return;
    };
    let bytes = std::fs::read(shared.join("tygem/tygem-9d-part02.sgf")).unwrap();
    let file = LoadedFile::new("part02.sgf".to_string(), Bytes::Owned(bytes));
    let texts: Vec<String> = (0..file.games.len().min(GAMES))
        .step_by(EVERY)
        .map(|i| file.game_text(i).to_string())
        .collect();
    let p = power(&texts);
    eprintln!("{p}");
    assert!(p.games > 200, "{p}");
    assert!(p.agrees >= 0.85, "{p}");
    assert!(p.disagrees <= 0.01, "{p}");
    // 83.9% when the threshold became 0.3% and the odds weighed the swing (about 70%
    // before), 83.0% once the unsure members of a touching set were also misread without
    // the sure ones: a check that caught less would let through what it was made to catch.
    assert!(p.caught >= 0.78, "{p}");
    assert!(p.accepted <= 0.025, "{p}");
}

/// Fox's records count a small dead group alive about a fifth as often as Tygem's, and
/// the check weighs that (`Source::alive_scale`): every Fox record of the
/// shared corpus, true and made wrong.
#[test]
fn fox_results_are_weighed_by_fox_odds() {
    let Some(shared) = common::shared_corpus() else {
        return;
    };
    let texts = sgf_texts(&shared, &["real/fox-ai", "real/fox-pro"]);
    let p = power(&texts);
    eprintln!("{p}");
    assert!(p.games > 1_000, "{p}");
    assert!(p.agrees >= 0.80, "{p}");
    assert!(p.disagrees <= 0.02, "{p}");
    // 76.1% with Fox's odds for small dead groups, 73.0% with Tygem's: a check that
    // weighed Fox's records by Tygem's odds would fail here. 75.7% since the handicap
    // games stopped with three or more big groups in doubt are unverifiable.
    assert!(p.caught >= 0.75, "{p}");
    assert!(p.accepted <= 0.02, "{p}");
}

/// Fox's professional records, whose true results the check called wrong in 16 of 481
/// margin games, 12 of them results GNU Go's own count gives within two points: mostly
/// handicap teaching games stopped by agreement with the fights of their big groups
/// still open. Those are `unverifiable` now (`check::calibration::CONTESTED_GROUPS`), as
/// is a game stopped with a ko left open; a result made wrong is still caught in two
/// games of three.
#[test]
fn fox_pro_true_results_are_seldom_called_wrong() {
    let Some(shared) = common::shared_corpus() else {
        return;
    };
    let p = power(&sgf_texts(&shared, &["real/fox-pro"]));
    eprintln!("{p}");
    assert!(p.games > 470, "{p}");
    // 8 of 481: 4 whose RE[] GNU Go's count gives within two points (0.8%), the others
    // results both counts call wrong, or games GNU Go cannot read.
    assert!(p.called_wrong <= 8, "{p}");
    assert!(p.agrees >= 0.77, "{p}");
    // 69.9% of these copies (scripts/verdict-power.py, with its -4 copies: 68.1%, 71.6%
    // when the contested handicap games were called wrong too).
    assert!(p.caught >= 0.67, "{p}");
    assert!(p.accepted <= 0.02, "{p}");
}

/// The games of `real/fox-pro/9p` whose true results were called wrong although GNU Go's
/// count gives them: handicap teaching games whose big groups the play-outs keep alive
/// and GNU Go kills (or the other way), and a game stopped with a ko left open at H1. Each
/// is `unverifiable`, saying why.
#[test]
fn contested_handicap_games_and_open_kos_are_unverifiable() {
    let Some(shared) = common::shared_corpus() else {
        return;
    };
    let contested = ReasonCode::ContestedGroups;
    for (name, why) in [
        ("1500727868019999077", contested),
        ("1500969564019999196", contested),
        ("1501907185019999838", contested),
        ("1502864770019999868", contested),
        ("1503944166019999169", contested),
        ("1511449759010001926", contested),
        ("1530866998010001259", contested),
        ("1570783925010001629", ReasonCode::FitsOnlyIf),
    ] {
        let path = shared.join(format!("real/fox-pro/9p/{name}.sgf"));
        let bytes = std::fs::read(&path).unwrap();
        let file = LoadedFile::new(name.to_string(), Bytes::Owned(bytes));
        let report = audit_game(&file.game_input(0), &AuditOptions::default());
        let check = &report.check;
        assert_eq!(check.verdict, Verdict::Unverifiable, "{name}: {check:?}");
        assert!(
            check.reason_codes().contains(&why),
            "{name}: {:?}",
            check.reason
        );
        if why == ReasonCode::FitsOnlyIf {
            // The open boundary is worth 2 points to White.
            let reason = check.reason.as_ref().unwrap();
            assert!(
                reason.assumptions().iter().any(|a| matches!(
                    a,
                    Assumption::OpenPoint {
                        ko: None,
                        points: 2,
                        black: false
                    }
                )),
                "{name}: {reason:?}"
            );
        }
    }
}

/// A game that ended by two passes counts a dead group alive less often than a Tygem
/// record (`check::source::Source::alive_scale`): the records of GNU Go's
/// regression suite, most of which end by two passes, true and made wrong.
#[test]
fn passed_games_are_weighed_by_passed_odds() {
    let Some(shared) = common::shared_corpus() else {
        return;
    };
    let p = power(&sgf_texts(&shared, &["real/gnugo-regression"]));
    eprintln!("{p}");
    assert!(p.games > 500, "{p}");
    assert!(p.agrees >= 0.93, "{p}");
    assert!(p.disagrees <= 0.02, "{p}");
    // 92.2% with the odds of a game that ended by two passes; 90.9% with Tygem's, 91.4%
    // with only the small dead groups scaled, 92.0% with only the others: a check that
    // weighed either by Tygem's odds would fail here. Measured so while records on an
    // open board were compared; they are not since (`open-board`: three regression
    // positions of 5 to 24 moves and an NNGS game of 5, whose corrupted results the count
    // of the open board caught), and the first figure is 91.97%, 1,558 of 1,694 (the
    // others were not measured again).
    assert!(p.caught >= 0.919, "{p}");
    assert!(p.accepted <= 0.011, "{p}");
}

/// Records that end by two passes and whose `RE[]` is true: GNU Go 3.8 playing itself
/// under Chinese rules, `RE[]` its own `final_score`, no territory markup, so the dead
/// stones are the estimate's to find (`corpus/gnugo-passes`, made by
/// `scripts/gnugo-selfplay.py --no-markup`). After two passes nothing hides in unfinished
/// boundaries, and a wrong result must be caught nearly always.
#[test]
fn results_of_games_ended_by_two_passes_are_checked_with_power() {
    let texts = sgf_texts(&common::root().join("corpus"), &["gnugo-passes"]);
    let p = power(&texts);
    eprintln!("{p}");
    assert!(p.games >= 140, "{p}");
    // 140 of 143: one is called wrong (below), and two are unverifiable: positions GNU
    // Go's low levels passed with 31 and 58 points bordering both colours.
    assert!(p.agrees >= 0.97, "{p}");
    // One: `gnugo-13x13-s1095`, whose `RE[B+72.5]` is a point away from GNU Go's own area
    // count with its own dead stones (B+71.5), so the record is wrong and says so in its
    // name.
    assert!(p.called_wrong <= 1, "{p}");
    // 96.8% (394 of 407), none accepted.
    assert!(p.caught >= 0.95, "{p}");
    assert!(p.accepted <= 0.01, "{p}");
}

/// The text of every `.sgf` file under these folders of `root` (the shared corpus or the
/// project's), found as `sgfaudit` finds them (`input::walk::expand`).
fn sgf_texts(root: &std::path::Path, folders: &[&str]) -> Vec<String> {
    let paths: Vec<_> = folders.iter().map(|f| root.join(f)).collect();
    let (inputs, errors) = sgfaudit::input::walk::expand(&paths);
    assert!(errors.is_empty(), "{errors:?}");
    inputs
        .iter()
        .filter_map(|input| match input {
            sgfaudit::input::walk::Input::File(path) => Some(path),
            _ => None,
        })
        .map(|path| String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned())
        .collect()
}
