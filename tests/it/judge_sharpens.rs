//! A judge only sharpens a verdict: on the sample of `scripts/verdict-power.py --sample 40`
//! over `../shared/corpus/real` (every margin result as recorded and corrupted), no
//! result called `disagrees` without a judge becomes anything else with an engine that
//! gives the estimate's own dead stones, nor does part03's `tygem:876960526`. The engine
//! is a fake written here: it answers `final_status_list dead` with the stones it is
//! given on its command line.

use crate::common;

use rayon::prelude::*;
use sgfaudit::audit::judge::JudgeConfig;
use sgfaudit::audit::{audit_game, AuditOptions};
use sgfaudit::check::Verdict;
use sgfaudit::input::source::Bytes;
use sgfaudit::run::LoadedFile;

/// A GTP engine that knows the commands the judge sends and calls dead the vertices of
/// its command line.
const CONFIRMING_ENGINE: &str = r#"
import sys
dead = " ".join(sys.argv[1:])
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "quit":
        print("=\n", flush=True)
        break
    if words[0] == "list_commands":
        print("= " + "\n".join(["boardsize", "clear_board", "komi", "play",
              "final_status_list", "quit"]) + "\n", flush=True)
    elif words[0] == "final_status_list":
        print("= " + dead + "\n", flush=True)
    else:
        print("=\n", flush=True)
"#;

/// The `.sgf` files of every folder under `root`, the first `sample` of each (sorted), as
/// `scripts/verdict-power.py --sample` takes them.
fn sample_files(root: &std::path::Path, sample: usize) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf")))
        .collect();
    files.sort();
    files.truncate(sample);
    let mut dirs: Vec<_> = std::fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    for dir in dirs {
        files.extend(sample_files(&dir, sample));
    }
    files
}

/// Every game of `text` with a margin result, as recorded and with it made wrong (the
/// other winner, 4 points more, 10 points more), each as a text of one game.
fn margin_games(text: &str) -> Vec<String> {
    let mut games = Vec::new();
    for game in sgfaudit::input::split::split(text) {
        let game = &text[game.range.clone()];
        let Some(start) = game.find("RE[") else {
            continue;
        };
        let Some(len) = game[start..].find(']') else {
            continue;
        };
        let re = &game[start + 3..start + len];
        let Some((color, points)) = re
            .split_once('+')
            .and_then(|(c, p)| Some((c, p.trim().parse::<f64>().ok()?)))
            .filter(|(c, p)| matches!(*c, "B" | "W") && *p > 0.0)
        else {
            continue;
        };
        let other = if color == "B" { "W" } else { "B" };
        let with = |new: String| game.replacen(&format!("RE[{re}]"), &format!("RE[{new}]"), 1);
        games.push(game.to_string());
        games.push(with(format!("{other}+{points}")));
        games.push(with(format!("{color}+{}", points + 4.0)));
        games.push(with(format!("{color}+{}", points + 10.0)));
    }
    games
}

#[test]
fn no_disagrees_is_unsettled_by_a_judge_that_confirms_the_estimate() {
    let Some(shared) = common::shared_corpus() else {
        return;
    };
    let mut games: Vec<String> = sample_files(&shared.join("real"), 40)
        .iter()
        .flat_map(|p| margin_games(&String::from_utf8_lossy(&std::fs::read(p).unwrap())))
        .collect();
    // Part03's `tygem:876960526` (its line 17,441): `RE[W+3.5]`, counted W+9.5, whose
    // weighing with the engine's surer odds of one chain once left it `unverifiable`.
    let part03 = std::fs::read_to_string(shared.join("tygem/tygem-9d-part03.sgf")).unwrap();
    let tygem = part03.lines().nth(17_440).unwrap();
    assert!(tygem.contains("GN[tygem:876960526]"));
    games.push(tygem.to_string());
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("confirming engine.py");
    std::fs::write(&script, CONFIRMING_ENGINE).unwrap();
    let audit = |text: &str, judge: Option<JudgeConfig>| {
        let file = LoadedFile::new("t.sgf".to_string(), Bytes::Owned(text.as_bytes().to_vec()));
        let options = AuditOptions {
            keep_board: true,
            judge,
            ..Default::default()
        };
        audit_game(&file.game_input(0), &options)
    };
    let called_wrong: Vec<(usize, String)> = games
        .par_iter()
        .enumerate()
        .filter_map(|(i, text)| {
            let report = audit(text, None);
            if report.check.verdict != Verdict::Disagrees {
                return None;
            }
            let size = report.board.as_ref()?.size;
            let score = report.score.as_ref()?;
            let dead: Vec<String> = score
                .dead_black
                .iter()
                .chain(&score.dead_white)
                .map(|p| p.vertex(size))
                .collect();
            Some((i, dead.join(" ")))
        })
        .collect();
    assert!(
        called_wrong.iter().any(|(i, _)| *i == games.len() - 1),
        "part03's tygem:876960526 is called wrong without a judge"
    );
    assert!(
        called_wrong.len() >= 200,
        "{} called wrong",
        called_wrong.len()
    );
    // Each judged game costs engine processes: an even spread of about 80 of them, and
    // the Tygem game (the last), keep the test to seconds.
    let step = (called_wrong.len() / 80).max(1);
    let tygem_index = games.len() - 1;
    let unsettled: Vec<String> = called_wrong
        .par_iter()
        .enumerate()
        .filter(|(k, (i, _))| k % step == 0 || *i == tygem_index)
        .map(|(_, judged)| judged)
        .filter_map(|(i, dead)| {
            let command = format!("python3 '{}' {dead}", script.display());
            let report = audit(&games[*i], Some(JudgeConfig::new(command)));
            (report.check.verdict != Verdict::Disagrees).then(|| {
                format!(
                    "{}: {:?} {}",
                    report.result.clone().unwrap_or_default(),
                    report.check.verdict,
                    report.check.reason_text().unwrap_or_default()
                )
            })
        })
        .collect();
    assert!(unsettled.is_empty(), "{unsettled:#?}");
}
