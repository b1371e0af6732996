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
