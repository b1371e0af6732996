//! The shell side through the command line: `explain`, `completions`, `man`, and the exit
//! codes and finding codes in `--help`.

use crate::common;

use common::sgfaudit;

#[test]
fn explain_a_code_and_list_them_all() {
    let out = sgfaudit(&["explain", "superko"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("superko\n"), "{text}");
    assert!(
        text.contains("article: 6 of the Chinese Weiqi Rules (2002)"),
        "{text}"
    );
    assert!(text.contains("example"), "{text}");
    let list = String::from_utf8(sgfaudit(&["explain"]).stdout).unwrap();
    for code in ["occupied", "counting-convention", "not-go"] {
        assert!(list.lines().any(|l| l.starts_with(code)), "{code}: {list}");
    }
    let bad = sgfaudit(&["explain", "nonsense"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown finding code"));
}

#[test]
fn an_explained_example_raises_its_code_through_the_command_line() {
    let text = String::from_utf8(sgfaudit(&["explain", "suicide"]).stdout).unwrap();
    let example = text
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with("(;"))
        .expect("an example record");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("example.sgf");
    std::fs::write(&path, example).unwrap();
    let out = sgfaudit(&["audit", path.to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("error[suicide]"));
}

#[test]
fn completions_for_each_shell_and_a_man_page() {
    for (shell, mark) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef sgfaudit"),
        ("fish", "complete -c sgfaudit"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let out = sgfaudit(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains(mark), "{shell}");
        assert!(text.contains("max-findings-per-game"), "{shell}");
    }
    let man = String::from_utf8(sgfaudit(&["man"]).stdout).unwrap();
    assert!(
        man.starts_with(".ie") || man.contains(".TH sgfaudit"),
        "{man}"
    );
    assert!(man.contains("audit"));
}

#[test]
fn help_lists_exit_codes_and_finding_codes() {
    let help = String::from_utf8(sgfaudit(&["audit", "--help"]).stdout).unwrap();
    assert!(help.contains("Exit codes: 0"), "{help}");
    assert!(help.contains("superko"));
    for option in [
        "--select",
        "--ignore",
        "--min-severity",
        "--exit-zero",
        "--quiet",
        "--config",
    ] {
        assert!(help.contains(option), "{option}");
    }
}

/// Runs `sgfaudit ARGS` with its standard output a pipe whose reading end is already
/// closed: every write fails at once with a broken pipe.
fn on_a_closed_pipe(args: &[&str]) -> std::process::Output {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    std::process::Command::new(env!("CARGO_BIN_EXE_sgfaudit"))
        .args(args)
        .current_dir(common::root())
        .stdout(writer)
        .stderr(std::process::Stdio::piped())
        .output()
        .unwrap()
}

#[test]
fn every_printing_command_ends_quietly_on_a_closed_pipe() {
    for args in [
        &["completions", "zsh"][..],
        &["completions", "bash"],
        &["man"],
        &["schema"],
        &["explain"],
        &["explain", "superko"],
        &["audit", "corpus/gnugo"],
    ] {
        let out = on_a_closed_pipe(args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            out.stderr.is_empty(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn the_list_of_codes_keeps_each_first_sentence_whole() {
    let list = String::from_utf8(sgfaudit(&["explain"]).stdout).unwrap();
    let suicide = list
        .lines()
        .find(|l| l.starts_with("suicide "))
        .expect("a suicide line");
    assert!(
        suicide.ends_with("(captures come first, art. 4)"),
        "{suicide}"
    );
    for line in list.lines() {
        assert!(!line.ends_with(" art"), "{line}");
        assert_eq!(
            line.matches('(').count(),
            line.matches(')').count(),
            "{line}"
        );
    }
}

#[test]
fn an_unknown_code_status_or_severity_gets_the_nearest_name() {
    for (args, said) in [
        (&["explain", "Superko"][..], "did you mean 'superko'?"),
        (
            &["audit", "--select", "occupid", "corpus/gnugo"],
            "did you mean 'occupied'?",
        ),
        (
            &["audit", "--ignore", "frmat", "corpus/gnugo"],
            "did you mean 'format'?",
        ),
        (
            &["audit", "--fail-on", "illgal", "corpus/gnugo"],
            "did you mean 'illegal'?",
        ),
        (
            &["audit", "--fail-on", "warnng", "corpus/gnugo"],
            "did you mean 'warning'?",
        ),
        (
            &["audit", "--min-severity", "eror", "corpus/gnugo"],
            "did you mean 'error'?",
        ),
    ] {
        let out = sgfaudit(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(said), "{args:?}: {err}");
        assert!(
            !err.contains("mixed-collection"),
            "no list of every code: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    let far = String::from_utf8_lossy(&sgfaudit(&["explain", "nonsense"]).stderr).into_owned();
    assert!(far.contains("`sgfaudit explain` lists every code"), "{far}");
    assert!(!far.contains("did you mean"), "{far}");

    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("sgfaudit.toml");
    std::fs::write(&config, "select = [\"sucide\"]\n").unwrap();
    let out = sgfaudit(&[
        "audit",
        "--config",
        config.to_str().unwrap(),
        "corpus/gnugo",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("did you mean 'suicide'?"), "{err}");
}

#[test]
fn help_names_the_archives_audit_and_dups_read() {
    for command in ["audit", "dups"] {
        let help = String::from_utf8(sgfaudit(&[command, "--help"]).stdout).unwrap();
        for kind in [".zip", ".tar", ".tar.gz", ".sgf.gz", ".tar.bz2", ".tar.xz"] {
            assert!(help.contains(kind), "{command} --help: {kind}: {help}");
        }
    }
}

#[test]
fn the_man_page_has_every_command_and_every_option() {
    let out = sgfaudit(&["man"]);
    assert_eq!(out.status.code(), Some(0));
    let man = String::from_utf8(out.stdout).unwrap();
    let plain = man.replace("\\-", "-");
    for command in [
        "audit",
        "score",
        "show",
        "dups",
        "explain",
        "completions",
        "man",
        "schema",
    ] {
        let title = format!(".SH \"SGFAUDIT {}\"", command.to_uppercase());
        assert!(man.contains(&title), "{title}");
        // Every option of the command's --help is on the page.
        let help = String::from_utf8(sgfaudit(&[command, "--help"]).stdout).unwrap();
        for word in help.split(|c: char| c.is_whitespace() || c == ',') {
            let word = word.trim_end_matches(['.', ')', ':']);
            if word.starts_with("--")
                && word.len() > 2
                && word[2..]
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c == '-')
            {
                assert!(plain.contains(word), "{command} {word}");
            }
        }
    }
    assert!(!man.contains("sgfaudit-audit(1)"), "no page nothing writes");
    assert!(plain.contains("Exit codes: 0"));
    assert!(man.lines().count() > 300, "{}", man.lines().count());
}

/// The value of `key: value` on the first line of `yaml` that has the key (quotes off).
fn yaml_value<'a>(yaml: &'a str, key: &str) -> Option<&'a str> {
    yaml.lines().find_map(|l| {
        let rest = l.trim_start().trim_start_matches("- ").strip_prefix(key)?;
        Some(rest.strip_prefix(':')?.trim().trim_matches('\''))
    })
}

#[test]
fn the_readme_pre_commit_snippet_is_the_hook_and_names_no_missing_release() {
    // The README and the guide's CI page show it.
    if !common::has_guide() {
        return;
    }
    for page in ["README.md", "docs/guide/ci.md"] {
        pre_commit_snippet_is_the_hook(page);
    }
}

fn pre_commit_snippet_is_the_hook(page: &str) {
    let readme = std::fs::read_to_string(common::root().join(page)).unwrap();
    let at = readme
        .find("`.pre-commit-config.yaml`:")
        .unwrap_or_else(|| panic!("{page}: the pre-commit snippet"));
    let block = &readme[at..];
    let start = block.find("```yaml\n").unwrap() + "```yaml\n".len();
    let snippet = &block[start..start + block[start..].find("```").unwrap()];
    assert!(
        yaml_value(snippet, "rev").is_none(),
        "no release is tagged yet: {snippet}"
    );
    assert_eq!(yaml_value(snippet, "repo"), Some("local"), "{snippet}");
    assert_eq!(yaml_value(snippet, "language"), Some("system"));
    let hooks = std::fs::read_to_string(common::root().join(".pre-commit-hooks.yaml")).unwrap();
    for key in ["id", "entry", "files", "require_serial"] {
        assert_eq!(
            yaml_value(snippet, key),
            yaml_value(&hooks, key),
            "{key}: the snippet runs what the published hook runs"
        );
    }
    // The entry is a command line sgfaudit takes.
    let entry = yaml_value(snippet, "entry").unwrap();
    let mut args: Vec<&str> = entry.split_whitespace().skip(1).collect();
    args.push("corpus/gnugo");
    assert_eq!(sgfaudit(&args).status.code(), Some(0), "{entry}");
}
