//! A snapshot of every renderer: `audit` in every format of the table of formats (so a new
//! format fails here until its snapshot is reviewed), `dups` in each of its formats and
//! `show` as text and SVG, over a few small records of `corpus/` that between them hold
//! an illegal move in a side variation, findings of every severity, a game that is not
//! Go, a counted game whose result disagrees, one that agrees, and an input that cannot
//! be read. The snapshots live in `tests/it/snapshots/`, each named after its format
//! (`…__findings_csv.snap`); a change of output shows as a diff to review
//! (`cargo insta review`).

use std::path::PathBuf;
use std::process::Command;

use sgfaudit::output::FORMATS;

/// The records every `audit` snapshot reads, and an input that is not there.
const AUDITED: &[&str] = &[
    "corpus/rules/art19-occupied-point-in-a-side-variation__occupied@2.sgf",
    "corpus/encodings/ca-empty__bad-encoding+empty-value.sgf",
    "corpus/format/trees-of-other-ff-and-gm__not-go+mixed-collection+mixed-collection.sgf",
    "corpus/territory/japanese-wrong-margin__result-mismatch.sgf",
    "corpus/gnugo-passes/gnugo-9x9-s1043__counting-convention.sgf",
    "no/such/file.sgf",
];

/// Two records of the same game, one of another, and an input that is not there.
const DUPLICATED: &[&str] = &[
    "corpus/gnugo/gnugo-9x9-h2-s0006__ok.sgf",
    "corpus/rules/handicap-2-without-ha__handicap-inferred.sgf",
    "corpus/gnugo/gnugo-9x9-s0016__ok.sgf",
    "no/such/file.sgf",
];

/// A game whose first illegal move is in a side variation.
const SHOWN: &str = "corpus/rules/art19-occupied-point-in-a-side-variation__occupied@2.sgf";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The standard output of `sgfaudit ARGS` run from the project's root, which must exit
/// with `code`.
fn run(args: &[&str], code: i32) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_sgfaudit"))
        .args(args)
        .current_dir(root())
        .env_remove("GITHUB_STEP_SUMMARY")
        .env_remove("NO_COLOR")
        .output()
        .expect("sgfaudit runs");
    assert_eq!(
        out.status.code(),
        Some(code),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// The output with the only figures that change from run to run, the timing, blanked.
fn blank_timing(text: &str) -> String {
    let mut lines: Vec<String> = text
        .lines()
        .map(|l| {
            if l.starts_with("elapsed ") || l.starts_with("games/s ") {
                return format!("{} <timing>", l.split_whitespace().next().unwrap());
            }
            let mut l = l.to_string();
            for key in [r#""elapsed_ms":"#, r#""games_per_second":"#] {
                if let Some(at) = l.find(key) {
                    let from = at + key.len();
                    let len = l[from..]
                        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
                        .unwrap_or(l.len() - from);
                    l.replace_range(from..from + len, "<timing>");
                }
            }
            // `dups`' table ends with the seconds taken: `…; 0.0 s`.
            let seconds = l.strip_suffix(" s").and_then(|r| r.rsplit_once("; "));
            match seconds.filter(|(_, s)| s.parse::<f64>().is_ok()) {
                Some((before, _)) => format!("{before}; <timing> s"),
                None => l,
            }
        })
        .collect();
    if text.ends_with('\n') {
        lines.push(String::new());
    }
    lines.join("\n")
}

/// The snapshot's name for a format: `findings-csv` is `findings_csv`.
fn snapshot_name(format: &str) -> String {
    format.replace('-', "_")
}

#[test]
fn every_format_of_the_table() {
    for format in FORMATS {
        let mut args = vec!["audit", "--jobs", "2", "--color", "never", "--format"];
        args.push(format.name);
        args.extend(AUDITED);
        // The HTML report's links, written to standard output, are absolute: the
        // checkout's place is left out of the snapshot.
        let checkout = format!("file://{}/", root().canonicalize().unwrap().display());
        let out = blank_timing(&run(&args, 2)).replace(&checkout, "file://<checkout>/");
        insta::assert_snapshot!(snapshot_name(format.name), out);
    }
}

#[test]
fn dups_in_each_format() {
    for format in sgfaudit::output::dups::DUPS_FORMATS.iter().map(|f| f.name) {
        let mut args = vec!["dups", "--progress", "never", "--format", format];
        args.extend(DUPLICATED);
        let out = blank_timing(&run(&args, 2));
        insta::assert_snapshot!(format!("dups_{format}"), out);
    }
}

#[test]
fn show_as_text_and_svg() {
    let text = run(&["show", "--color", "never", SHOWN], 0);
    insta::assert_snapshot!("show_text", text);
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("show.svg");
    run(&["show", SHOWN, "--svg", svg.to_str().unwrap()], 0);
    insta::assert_snapshot!("show_svg", std::fs::read_to_string(svg).unwrap());
}

/// The keys of a `NAME: Dict[str, type] = {…}` of the Python package, in order.
fn python_columns(name: &str) -> Vec<String> {
    let text = std::fs::read_to_string(root().join("python/sgfaudit/_core.py")).unwrap();
    let start = text
        .find(&format!("{name}: Dict[str, type] = {{"))
        .unwrap_or_else(|| panic!("{name} in python/sgfaudit/_core.py"));
    let body = &text[start..];
    let body = &body[body.find('{').unwrap() + 1..body.find('}').unwrap()];
    body.split(',')
        .filter_map(|entry| entry.split(':').next())
        .map(|key| key.trim().trim_matches('"').to_string())
        .filter(|key| !key.is_empty())
        .collect()
}

#[test]
fn the_python_package_names_the_columns_of_each_csv() {
    // The packaged crate carries no Python package: nothing to compare there.
    if !root().join("python/sgfaudit/_core.py").is_file() {
        eprintln!("no python/ beside the crate: the columns are compared in the repository");
        return;
    }
    for (format, columns) in [("csv", "GAME_COLUMNS"), ("findings-csv", "FINDING_COLUMNS")] {
        let out = run(&["audit", "--format", format, AUDITED[0]], 1);
        let header: Vec<&str> = out.lines().next().unwrap().split(',').collect();
        assert_eq!(header, python_columns(columns), "{format}");
    }
}
