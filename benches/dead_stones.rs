//! Dead-stone estimation time per finished 19×19 game, beside GNU Go's
//! `--score aftermath` run as a separate process on the same games in the same run.
//! `cargo bench --bench dead_stones [-- N]` (N games, default 40). Needs `gnugo` on the
//! PATH (Debian package `gnugo`) for the comparison; without it only our times print.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use sgfaudit::audit::AuditOptions;
use sgfaudit::input::source::read_file;
use sgfaudit::run::LoadedFile;
use sgfaudit::score::estimate::{estimate_dead, EstimateConfig};
use sgfaudit::score::DeadPolicy;

mod common;
use common::median;

/// Finished 19×19 games: those of the shared corpus that GNU Go scored and that end by
/// two passes.
fn finished_games(shared: &Path, limit: usize) -> Vec<PathBuf> {
    let tsv = std::fs::read_to_string(shared.join("reference/gnugo-scores.tsv"))
        .expect("../shared/corpus/reference/gnugo-scores.tsv");
    let mut lines = tsv.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (path, size, passes, status) = (
        col("path"),
        col("board_size"),
        col("ends_two_passes"),
        col("status"),
    );
    lines
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .filter(|r| r[size] == "19" && r[passes] == "yes" && r[status] == "ok")
        .map(|r| shared.join(r[path]))
        .take(limit)
        .collect()
}

fn main() {
    let limit: usize = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with("--"))
        .and_then(|a| a.parse().ok())
        .unwrap_or(40);
    let shared = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let games = finished_games(&shared, limit);
    let options = AuditOptions {
        keep_board: true,
        dead: DeadPolicy::None,
        ..AuditOptions::default()
    };
    let config = EstimateConfig::default();
    // Debian installs GNU Go as /usr/games/gnugo, not always on the PATH.
    let gnugo = ["gnugo", "/usr/games/gnugo"]
        .into_iter()
        .find(|g| Command::new(g).arg("--version").output().is_ok());
    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    for path in &games {
        let file = LoadedFile::new(path.display().to_string(), read_file(path).unwrap());
        let Some(board) = file.audit(0, &options).board else {
            continue;
        };
        // Best of three, to keep the other process on this machine out of our figure.
        let ours_time = (0..3)
            .map(|_| {
                let t = Instant::now();
                std::hint::black_box(estimate_dead(&board, &config));
                t.elapsed()
            })
            .min()
            .unwrap();
        ours.push(ours_time);
        if let Some(gnugo) = gnugo {
            let t = Instant::now();
            let status = Command::new("timeout")
                .args([
                    "120",
                    gnugo,
                    "--score",
                    "aftermath",
                    "--chinese-rules",
                    "-l",
                ])
                .arg(path)
                .output();
            if status.is_ok() {
                theirs.push(t.elapsed());
            }
        }
    }
    let ours_median = median(ours.clone());
    println!("{} finished 19x19 games", ours.len());
    println!(
        "sgfaudit estimate:        median {:>10.3} ms",
        ours_median.as_secs_f64() * 1e3
    );
    if theirs.is_empty() {
        println!("gnugo not found: install Debian's gnugo to compare");
        return;
    }
    let theirs_median = median(theirs);
    println!(
        "gnugo --score aftermath:  median {:>10.3} ms",
        theirs_median.as_secs_f64() * 1e3
    );
    println!(
        "ratio (gnugo / sgfaudit, medians): {:.0}x",
        theirs_median.as_secs_f64() / ours_median.as_secs_f64()
    );
}
