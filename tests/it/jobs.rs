//! The output does not depend on the number of worker threads: a generated collection of
//! 10,000 games (needing nothing outside the project) prints the same bytes with
//! `--jobs 1` and `--jobs 8`, in every format.

use crate::common;

use std::fmt::Write as _;

/// A small deterministic generator (xorshift64*), so the collection is the same each run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// One game: random moves (some on occupied points, some passes), sometimes ended by two
/// passes, with a result that may or may not agree, and now and then a broken property.
fn game(rng: &mut Rng, out: &mut String) {
    let size = [7u64, 9, 13, 19][rng.below(4) as usize];
    let komi = ["7.5", "6.5", "0.5", "375", "x"][rng.below(5) as usize];
    // One game in ten claims a count (B+7.5, W+0.5, 0), so that the dead-stone estimate,
    // the slow part, runs on some games but not on all.
    let result = [
        "B+R", "W+R", "B+T", "W+F", "?", "Void", "B+R", "W+R", "B+7.5", "W+R", "B+R", "W+R", "B+R",
        "W+0.5", "W+R", "B+R", "W+T", "B+R", "0", "W+R", "B+R", "W+R", "B+R", "?", "W+R", "B+R",
        "W+R", "B+R", "W+R", "B+R",
    ][rng.below(30) as usize];
    let rules = ["Chinese", "Japanese", "AGA", "tromp-taylor", "cn"][rng.below(5) as usize];
    let _ = write!(
        out,
        "(;GM[1]FF[4]SZ[{size}]KM[{komi}]RU[{rules}]RE[{result}]PB[b{}]PW[w, {}]",
        rng.below(1000),
        rng.below(1000)
    );
    if rng.below(5) == 0 {
        let _ = write!(out, "HA[2]AB[cc][{0}{0}]", (b'a' + size as u8 - 3) as char);
    }
    let moves = rng.below(60);
    let coord = |v: u64| (b'a' + v as u8) as char;
    for i in 0..moves {
        let color = if i % 2 == 0 { 'B' } else { 'W' };
        if rng.below(30) == 0 {
            let _ = write!(out, ";{color}[]");
        } else {
            let (x, y) = (rng.below(size), rng.below(size));
            let _ = write!(out, ";{color}[{}{}]", coord(x), coord(y));
        }
    }
    if rng.below(15) == 0 {
        let first = if moves.is_multiple_of(2) {
            ('B', 'W')
        } else {
            ('W', 'B')
        };
        let _ = write!(out, ";{}[];{}[]", first.0, first.1);
    }
    out.push_str(")\n");
}

#[test]
fn one_thread_and_eight_print_the_same_bytes_on_ten_thousand_games() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(0x5eed_2024);
    let mut games = 0;
    let mut file = 0;
    while games < 10_000 {
        let mut text = String::new();
        // Files of very different sizes, so that chunks and files do not line up.
        let n = if file % 10 == 0 {
            500
        } else {
            70 + rng.below(30) as usize
        };
        for _ in 0..n {
            if games == 10_000 {
                break;
            }
            game(&mut rng, &mut text);
            games += 1;
        }
        std::fs::write(dir.path().join(format!("g{file:03}.sgf")), text).unwrap();
        file += 1;
    }
    assert_eq!(games, 10_000);
    let path = common::arg(dir.path());

    let strip_timing = |out: &[u8]| -> String {
        String::from_utf8(out.to_vec())
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with("elapsed ") && !l.starts_with("games/s "))
            .map(|l| match l.find(r#","elapsed_ms":"#) {
                Some(at) => &l[..at],
                None => l,
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    // Every format of the table with the dead-stone estimate off (fast), and JSON Lines
    // with it on.
    let every = sgfaudit::output::FORMATS.iter().map(|f| (f.name, "none"));
    for (format, dead) in std::iter::once(("jsonl", "auto")).chain(every) {
        let run = |jobs: &str| {
            let out = common::sgfaudit(&[
                "audit",
                "--format",
                format,
                "--dead",
                dead,
                "--jobs",
                jobs,
                "--progress",
                "never",
                &path,
            ]);
            assert!(matches!(out.status.code(), Some(0 | 1)), "{:?}", out.status);
            (strip_timing(&out.stdout), out.stdout)
        };
        let (one, raw) = run("1");
        let (eight, _) = run("8");
        assert!(
            one == eight,
            "{format} --dead {dead}: --jobs 1 and --jobs 8 differ"
        );
        if format == "jsonl" && dead == "auto" {
            let lines = common::json_lines(&raw);
            assert_eq!(common::games(&lines).len(), 10_000);
            let by_status = &lines.last().unwrap()["data"]["by_status"];
            // The collection reaches every kind of outcome the ordering could mix up.
            for (status, least) in [("ok", 1000), ("illegal", 1000), ("mismatch", 1)] {
                assert!(by_status[status].as_u64().unwrap() >= least, "{by_status}");
            }
            let counted = common::games(&lines)
                .iter()
                .filter(|g| g["score"]["dead_from"] == "estimate")
                .count();
            assert!(counted > 500, "{counted} games counted with the estimate");
        }
    }
}
