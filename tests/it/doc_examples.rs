//! Every example of the documentation runs: each command line of a ```console block in
//! README.md and in any Markdown file under `docs/` (`$ ` lines, a `\` at the end of a
//! line continuing it) is run with bash, with the built `sgfaudit` first on `PATH` and
//! `cargo run --release --` standing for it, and must exit as the block says (0, or the
//! code of a `? N` line after its output) and print what the block shows (when it shows
//! anything: `...` on a line of its own stands for any lines, `[..]` for any text in a
//! line). A line that starts with `sgfaudit ` or `cargo run --release -- ` (after an
//! optional `$ `) in a `sh`, `bash`, `shell` or unmarked block runs too, and must exit 0
//! or 1: pages written in another form are held to what they show. The commands of a page run in order, as in one shell session, in a folder that
//! mirrors the checkout root (a symbolic link to each of its entries, and `../shared`),
//! so that files an example writes land there, never in the checkout; the project's
//! `corpus/` is checked to be unchanged after all of them. A hand-written runner, not
//! `trycmd`: the examples are shell lines (pipes, redirections, `jq`, `python3`) that
//! trycmd does not run, and `cargo run --release --` must mean the binary under test.
//! Skipped, with a note: a line with the `$KATAGO` placeholder (an engine a reader
//! builds), a line that runs GNU Go when `/usr/games/gnugo` is missing and `CI` is unset,
//! and a line that reads `../shared` when it is missing and `CI` is unset.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use rayon::prelude::*;

/// One command line of a page and what the page says of it.
#[derive(Debug)]
struct Example {
    file: String,
    line: usize,
    command: String,
    /// The exit code the page gives; `None`: 0 or 1 (a line outside a console block).
    status: Option<i32>,
    output: Vec<String>,
}

/// The Markdown files whose examples run: README.md and every `*.md` under `docs/`.
fn pages() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    let root = common::root();
    let mut out = vec![root.join("README.md")];
    walk(&root.join("docs"), &mut out);
    out.sort();
    out
}

/// The examples of one page's text, in order.
fn examples(file: &str, text: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    // The block the line is in: none, a console block, or a shell block.
    let mut block: Option<bool> = None;
    let mut lines = text.lines().enumerate().peekable();
    while let Some((i, line)) = lines.next() {
        let fence = line.trim_start();
        let Some(console) = block else {
            if let Some(lang) = fence.strip_prefix("```") {
                let lang = lang.trim();
                block = match lang {
                    "console" => Some(true),
                    "" | "sh" | "bash" | "shell" => Some(false),
                    _ => None,
                };
                if block.is_none() {
                    // Some other block: pass by its lines.
                    for (_, l) in lines.by_ref() {
                        if l.trim_start().starts_with("```") {
                            break;
                        }
                    }
                }
            }
            continue;
        };
        if fence.starts_with("```") {
            block = None;
            continue;
        }
        let first = if console {
            line.strip_prefix("$ ")
        } else {
            let bare = line.trim_start();
            let bare = bare.strip_prefix("$ ").unwrap_or(bare);
            (bare.starts_with("sgfaudit ") || bare.starts_with("cargo run --release -- "))
                .then_some(bare)
        };
        if let Some(first) = first {
            let mut command = first.to_string();
            while command.ends_with('\\') {
                command.pop();
                match lines.next() {
                    Some((_, next)) => command.push_str(next),
                    None => break,
                }
            }
            out.push(Example {
                file: file.to_string(),
                line: i + 1,
                command: command.trim().to_string(),
                status: console.then_some(0),
                output: Vec::new(),
            });
        } else if let Some(last) = out.last_mut().filter(|_| console) {
            match line.strip_prefix("? ") {
                Some(code) => last.status = Some(code.trim().parse().expect("`? N`: an exit code")),
                None => last.output.push(line.trim_end().to_string()),
            }
        }
    }
    for e in &mut out {
        while e.output.last().is_some_and(|l| l.is_empty()) {
            e.output.pop();
        }
    }
    out
}

/// `line` matches `pattern`, where `[..]` stands for any text.
fn line_matches(pattern: &str, line: &str) -> bool {
    let parts: Vec<&str> = pattern.split("[..]").collect();
    if parts.len() == 1 {
        return pattern == line;
    }
    let Some(mut rest) = line.strip_prefix(parts[0]) else {
        return false;
    };
    for (k, part) in parts.iter().enumerate().skip(1) {
        if k == parts.len() - 1 {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

/// `lines` match `pattern`, where a line `...` stands for any lines.
fn output_matches(pattern: &[String], lines: &[&str]) -> bool {
    match pattern.split_first() {
        None => lines.is_empty(),
        Some((p, rest)) if p == "..." => {
            (0..=lines.len()).any(|skip| output_matches(rest, &lines[skip..]))
        }
        Some((p, rest)) => {
            !lines.is_empty() && line_matches(p, lines[0]) && output_matches(rest, &lines[1..])
        }
    }
}

/// Why an example is not run here, if it is not.
fn skip_reason(command: &str, shared: bool) -> Option<String> {
    let ci = std::env::var_os("CI").is_some();
    if command.contains("$KATAGO") {
        return Some("a placeholder for KataGo, which a reader builds".into());
    }
    let judged_by_gnugo = command.contains("--judge") && command.contains("gnugo");
    if judged_by_gnugo && !Path::new("/usr/games/gnugo").exists() {
        assert!(!ci, "{command}: GNU Go is missing, and CI is set");
        return Some("GNU Go is not installed (apt-get install gnugo)".into());
    }
    if command.contains("../shared") && !shared {
        assert!(!ci, "{command}: ../shared is missing, and CI is set");
        return Some("../shared is missing".into());
    }
    None
}

/// A folder that stands for the checkout root: a link to each of its entries, and to
/// `../shared` beside it.
fn mirror(root: &Path, name: &str) -> (tempfile::TempDir, PathBuf) {
    let parent = root.join("target");
    std::fs::create_dir_all(&parent).unwrap();
    let dir = tempfile::Builder::new()
        .prefix(&format!("doc-examples-{name}-"))
        .tempdir_in(&parent)
        .unwrap();
    let here = dir.path().join("root");
    std::fs::create_dir(&here).unwrap();
    for entry in std::fs::read_dir(root).unwrap() {
        let entry = entry.unwrap();
        std::os::unix::fs::symlink(entry.path(), here.join(entry.file_name())).unwrap();
    }
    let shared = root.join("../shared");
    if shared.exists() {
        std::os::unix::fs::symlink(shared.canonicalize().unwrap(), dir.path().join("shared"))
            .unwrap();
    }
    (dir, here)
}

/// Runs one page's examples in order; the failures, and the lines skipped, as text.
fn run_page(examples: &[Example], bin_dir: &Path) -> (Vec<String>, Vec<String>) {
    let root = common::root();
    let name = Path::new(&examples[0].file)
        .file_stem()
        .unwrap()
        .to_string_lossy()
        .to_string();
    let (_keep, here) = mirror(&root, &name);
    let shared = here.join("../shared/corpus").is_dir();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let (mut failures, mut skipped) = (Vec::new(), Vec::new());
    for e in examples {
        let place = format!("{}:{}: `{}`", e.file, e.line, e.command);
        if let Some(why) = skip_reason(&e.command, shared) {
            skipped.push(format!("{place}: skipped: {why}"));
            continue;
        }
        let command = match e.command.strip_prefix("cargo run --release -- ") {
            Some(rest) => format!("sgfaudit {rest}"),
            None => e.command.clone(),
        };
        let out = Command::new("bash")
            .args(["-o", "pipefail", "-c", &command])
            .current_dir(&here)
            .env("PATH", &path)
            .env_remove("GITHUB_STEP_SUMMARY")
            .output()
            .expect("bash runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let status = out.status.code().unwrap_or(-1);
        let expected = match e.status {
            Some(code) => status == code,
            None => status == 0 || status == 1,
        };
        if !expected {
            let said = e.status.map_or("0 or 1".to_string(), |c| c.to_string());
            failures.push(format!(
                "{place}: exit {status}, the page says {said}\nstderr: {stderr}"
            ));
            continue;
        }
        let lines: Vec<&str> = stdout.lines().map(str::trim_end).collect();
        if !e.output.is_empty() && !output_matches(&e.output, &lines) {
            failures.push(format!(
                "{place}: prints other than the page shows\n--- the page:\n{}\n--- printed:\n{stdout}",
                e.output.join("\n")
            ));
        }
    }
    (failures, skipped)
}

/// Every file under `dir`, with its length and the time it was last changed.
fn listing(dir: &Path, out: &mut Vec<(PathBuf, u64, std::time::SystemTime)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let entry = entry.unwrap();
        let meta = entry.metadata().unwrap();
        if meta.is_dir() {
            listing(&entry.path(), out);
        } else {
            out.push((entry.path(), meta.len(), meta.modified().unwrap()));
        }
    }
}

#[test]
fn every_documented_command_line_runs_as_shown() {
    if !common::has_guide() {
        return;
    }
    let root = common::root();
    let mut pages_examples = Vec::new();
    for page in pages() {
        let rel = page
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .to_string();
        let text = std::fs::read_to_string(&page).unwrap();
        let found = examples(&rel, &text);
        if !found.is_empty() {
            pages_examples.push(found);
        }
    }
    let guide_and_readme: usize = pages_examples
        .iter()
        .flatten()
        .filter(|e| e.file == "README.md" || e.file.starts_with("docs/guide/"))
        .count();
    assert!(
        guide_and_readme >= 40,
        "{guide_and_readme} command lines in README.md and docs/guide/"
    );
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_sgfaudit"));
    let bin_dir = bin.parent().unwrap().to_path_buf();
    let mut before = Vec::new();
    listing(&root.join("corpus"), &mut before);
    let results: Vec<_> = pages_examples
        .par_iter()
        .map(|page| run_page(page, &bin_dir))
        .collect();
    let mut after = Vec::new();
    listing(&root.join("corpus"), &mut after);
    before.sort();
    after.sort();
    assert!(before == after, "an example changed corpus/");
    let total: usize = pages_examples.iter().map(Vec::len).sum();
    let mut failures = Vec::new();
    for (failed, skipped) in results {
        for s in skipped {
            eprintln!("note: {s}");
        }
        failures.extend(failed);
    }
    assert!(
        failures.is_empty(),
        "{} of {total} documented command lines fail:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn the_readme_shows_the_main_job_and_the_ci_test_command_first() {
    if !common::has_guide() {
        return;
    }
    let readme = std::fs::read_to_string(common::root().join("README.md")).unwrap();
    assert!(
        readme.lines().count() <= 300,
        "README.md: at most 300 lines"
    );
    let head: String = readme.lines().take(80).collect::<Vec<_>>().join("\n");
    for line in [
        "cargo run --release -- audit corpus",
        "cargo test --release",
    ] {
        assert!(
            head.contains(line),
            "{line}: not in README.md's first 80 lines"
        );
    }
    assert!(
        head.contains("cargo install --locked --path .") && head.contains("pip install './python[")
    );
    // CI runs the test command the README gives, as the README writes it.
    let tests: Vec<&str> = readme
        .lines()
        .take(80)
        .filter(|l| l.starts_with("cargo test"))
        .collect();
    assert_eq!(tests.len(), 1, "one test command in README.md: {tests:?}");
    let ci = std::fs::read_to_string(common::root().join(".ci/run")).unwrap();
    assert!(
        ci.lines().any(|l| l.trim() == tests[0].trim()),
        ".ci/run does not run the README's test command `{}`",
        tests[0]
    );
}

#[test]
fn the_runner_reads_status_output_and_wildcards() {
    let page = "```console\n$ sgfaudit explain ko \\\n  --format markdown\n### `ko`\n...\n$ false\n? 1\n```\n```sh\n$ not run\nsgfaudit man  # runs\n```\n```text\nsgfaudit not run\n```\n";
    let found = examples("t.md", page);
    assert_eq!(found.len(), 3, "{found:?}");
    assert_eq!(
        (found[2].command.as_str(), found[2].status),
        ("sgfaudit man  # runs", None)
    );
    assert_eq!(found[0].command, "sgfaudit explain ko   --format markdown");
    assert_eq!(found[0].output, ["### `ko`", "..."]);
    assert_eq!((found[1].status, found[1].line), (Some(1), 6));
    assert!(output_matches(&found[0].output, &["### `ko`", "a", "b"]));
    assert!(!output_matches(&found[0].output, &["### `superko`"]));
    assert!(line_matches("elapsed [..]s", "elapsed   0.08s"));
    assert!(!line_matches("elapsed [..]s", "elapsed 0.08"));
    // Only the engine judge needs GNU Go; the corpus folder named after it does not.
    assert!(skip_reason("sgfaudit audit corpus/gnugo", true).is_none());
    assert!(skip_reason("sgfaudit audit --judge \"$KATAGO gtp\" corpus", true).is_some());
}
