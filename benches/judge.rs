//! What the engine judge costs: GNU Go's `final_status_list dead` per final 19×19
//! position at a few levels, beside the project's own dead-stone estimate on the same
//! positions in the same run (the baseline of the ratios), and how often each level names
//! the same dead stones as GNU Go's default level 10. Wall-clock times move with the
//! machine's load; the engine's CPU time (its process's user + system time, read when it
//! has exited) does not.
//!
//! `cargo bench --bench judge [-- N]`: the first N Tygem games (default 20) of
//! `../shared/corpus/tygem/tygem-9d-part03.sgf` whose `RE[]` gives a margin (counted
//! games: their last position is the one the result was counted on). Needs `gnugo` on the
//! PATH or in `/usr/games` (Debian package `gnugo`).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use sgfaudit::audit::judge::{Judge, JudgeAnswer, JudgeConfig};
use sgfaudit::audit::AuditOptions;
use sgfaudit::geom::{Color, Position};
use sgfaudit::input::source::read_file;
use sgfaudit::run::LoadedFile;
use sgfaudit::score::estimate::{estimate_dead, EstimateConfig};
use sgfaudit::score::DeadPolicy;

mod common;
use common::median;

/// GNU Go's options after `--mode gtp`; the last is the reference.
const VARIANTS: [&str; 5] = [
    "--chinese-rules --level 0",
    "--chinese-rules --level 1",
    "--level 1",
    "--chinese-rules --level 5",
    "--chinese-rules --level 10",
];

/// The final positions and komi of the first `limit` counted games of a collection.
fn counted_finals(path: &Path, limit: usize) -> Vec<(Position, f64)> {
    let file = LoadedFile::new(path.display().to_string(), read_file(path).expect("tygem"));
    let options = AuditOptions {
        keep_board: true,
        dead: DeadPolicy::None,
        ..AuditOptions::default()
    };
    let counted = |re: &str| {
        let margin = re.get(2..).unwrap_or("");
        margin.parse::<f64>().is_ok()
    };
    (0..file.games.len())
        .map(|i| file.audit(i, &options))
        .filter(|r| r.result.as_deref().is_some_and(counted) && r.size == Some([19, 19]))
        .filter_map(|r| Some((r.board?, r.komi)))
        .take(limit)
        .collect()
}

fn gnugo() -> Option<PathBuf> {
    std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .chain([PathBuf::from("/usr/games")])
        .map(|dir| dir.join("gnugo"))
        .find(|p| p.is_file())
}

/// User + system time of this process's children that have exited and been waited for.
fn children_cpu() -> Duration {
    // SAFETY: `getrusage` fills the zeroed struct it is given.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage);
        usage
    };
    let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    time(usage.ru_utime) + time(usage.ru_stime)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn main() {
    let limit: usize = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with("--"))
        .and_then(|a| a.parse().ok())
        .unwrap_or(20);
    let tygem = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus/tygem/tygem-9d-part03.sgf");
    let finals = counted_finals(&tygem, limit);
    let Some(gnugo) = gnugo() else {
        eprintln!("gnugo not found (Debian package `gnugo`): nothing to compare");
        return;
    };
    let config = EstimateConfig::default();
    let baseline = median(
        finals
            .iter()
            .map(|(position, _)| {
                let start = Instant::now();
                std::hint::black_box(estimate_dead(position, &config));
                start.elapsed()
            })
            .collect(),
    );
    println!(
        "{} final 19×19 positions of counted Tygem games; the estimate: median {:.1} ms",
        finals.len(),
        ms(baseline)
    );
    println!(
        "| GNU Go 3.8 `--mode gtp` | median ms | slowest ms | × estimate | engine CPU ms per position | same dead stones as the last |"
    );
    println!("|---|---|---|---|---|---|");
    let answers: Vec<(&str, Vec<JudgeAnswer>, Vec<Duration>, Duration)> = VARIANTS
        .iter()
        .map(|&options| {
            let command = format!("'{}' --mode gtp {options}", gnugo.display());
            let cpu_before = children_cpu();
            let mut judge = Judge::new(JudgeConfig::new(command));
            // A first question before timing (the program's files come into the page
            // cache); every position starts an engine of its own, whose start is timed.
            let _ = judge.dead_stones(&Position::from_diagram("X.\n.O"), 7.5, Color::Black);
            let (answers, times) = finals
                .iter()
                .map(|(position, komi)| {
                    let start = Instant::now();
                    let answer = judge.dead_stones(position, *komi, Color::Black);
                    (answer, start.elapsed())
                })
                .unzip();
            drop(judge); // each engine exited and was waited for: its CPU time is counted
            (options, answers, times, children_cpu() - cpu_before)
        })
        .collect();
    let reference = &answers.last().expect("a reference").1;
    for (options, answers, times, cpu) in &answers {
        let same = answers
            .iter()
            .zip(reference)
            .filter(|(a, b)| a == b)
            .count();
        let count = |a: &JudgeAnswer| match a {
            JudgeAnswer::Dead(dead) => dead.len().to_string(),
            JudgeAnswer::Failed(f) => f.kind.as_str().to_string(),
        };
        let differ: Vec<String> = answers
            .iter()
            .zip(reference)
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .map(|(i, (a, b))| format!("#{i}: {} dead, the last {}", count(a), count(b)))
            .collect();
        let failed = answers
            .iter()
            .filter(|a| matches!(a, JudgeAnswer::Failed(_)))
            .count();
        let slowest = times.iter().max().copied().unwrap_or_default();
        let median = median(times.clone());
        println!(
            "| `{options}` | {:.0} | {:.0} | {:.0} | {:.0} | {same} of {}{} |",
            ms(median),
            ms(slowest),
            median.as_secs_f64() / baseline.as_secs_f64(),
            ms(*cpu) / finals.len() as f64,
            answers.len(),
            if failed > 0 {
                format!(" ({failed} failed)")
            } else {
                String::new()
            }
        );
        if !differ.is_empty() {
            eprintln!("  {options}: {}", differ.join("; "));
        }
    }
}
