//! `--color`: the table and the boards of `score` and `show` are coloured when asked, or
//! under `auto` on a terminal without `NO_COLOR`; machine formats never are. The terminal
//! cases run the real binary with its standard output on a pseudo-terminal.

use crate::common;

use std::io::Read;
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::{Command, Stdio};

const ESC: &str = "\x1b[";
const ILLEGAL: &str = "corpus/rules/art19-play-on-occupied-point__occupied@4.sgf";
const COUNTED: &str = "corpus/shapes/seki-two-shared-liberties__ok.sgf";

fn stdout(args: &[&str]) -> String {
    String::from_utf8(common::sgfaudit(args).stdout).unwrap()
}

/// The binary's standard output when it is a terminal, with `NO_COLOR` set to `no_color`
/// (or removed).
fn on_terminal(args: &[&str], no_color: Option<&str>) -> String {
    let (mut master, mut slave) = (0, 0);
    // SAFETY: openpty writes two new descriptors into the integers given.
    let rc = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(rc, 0, "openpty");
    // SAFETY: both descriptors were just opened and are owned here only.
    let (master, slave) = unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
    let mut command = Command::new(env!("CARGO_BIN_EXE_sgfaudit"));
    command
        .args(args)
        .current_dir(common::root())
        .env_remove("NO_COLOR")
        .env("TERM", "xterm")
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .stdout(Stdio::from(slave));
    if let Some(v) = no_color {
        command.env("NO_COLOR", v);
    }
    let mut child = command.spawn().expect("sgfaudit runs");
    drop(command); // closes this side's copy of the terminal
    let mut out = Vec::new();
    let mut master = std::fs::File::from(master);
    // Reading ends with EIO once the child has closed the terminal.
    let _ = master.read_to_end(&mut out);
    child.wait().unwrap();
    String::from_utf8_lossy(&out).into_owned()
}

#[test]
fn always_colours_the_table_by_severity() {
    let text = stdout(&["audit", "--no-config", "--color", "always", ILLEGAL]);
    assert!(
        text.contains("\x1b[1m\x1b[31merror\x1b[0m") || text.contains("\x1b[1;31merror"),
        "{text:?}"
    );
    let plain = stdout(&["audit", "--no-config", "--color", "never", ILLEGAL]);
    assert!(!plain.contains(ESC), "{plain:?}");
    assert!(plain.contains(": error[occupied]:"), "{plain}");
    // The same text once the colours are taken out (timing left aside).
    let untimed = |t: &str| t.split("elapsed").next().unwrap().to_string();
    assert_eq!(untimed(&strip(&text)), untimed(&plain));
}

#[test]
fn machine_formats_are_never_coloured() {
    for format in ["jsonl", "csv", "findings-csv", "github", "html"] {
        let text = stdout(&[
            "audit",
            "--no-config",
            "--color",
            "always",
            "--format",
            format,
            "corpus/rules",
        ]);
        assert!(!text.is_empty(), "{format}");
        assert!(!text.contains('\x1b'), "{format} holds an escape");
    }
}

#[test]
fn the_score_and_show_boards_colour_stones() {
    let text = stdout(&["score", "--color", "always", COUNTED]);
    // A black stone: bold black on bright white.
    assert!(
        text.contains("\x1b[1m\x1b[30m\x1b[107mX\x1b[0m"),
        "{text:?}"
    );
    let plain = stdout(&["score", "--color", "never", COUNTED]);
    assert!(!plain.contains(ESC));
    assert_eq!(strip(&text), plain);
    let shown = stdout(&["show", "--color", "always", ILLEGAL]);
    assert!(shown.contains(ESC), "{shown}");
    let plain = stdout(&["show", "--color", "never", ILLEGAL]);
    assert!(!plain.contains(ESC));
    assert_eq!(strip(&shown), plain);
}

#[test]
fn auto_colours_a_terminal_unless_no_color_is_set() {
    let args = ["audit", "--no-config", "--progress", "never", ILLEGAL];
    assert!(on_terminal(&args, None).contains(ESC));
    assert!(on_terminal(&args, Some("")).contains(ESC), "empty NO_COLOR");
    let off = on_terminal(&args, Some("1"));
    assert!(off.contains("error[occupied]"), "{off:?}");
    assert!(!off.contains(ESC), "{off:?}");
    let never = on_terminal(&["audit", "--no-config", "--color", "never", ILLEGAL], None);
    assert!(!never.contains(ESC));
    // Not a terminal: no colour under auto.
    assert!(!stdout(&["audit", "--no-config", ILLEGAL]).contains(ESC));
    // The boards follow the same rule.
    assert!(on_terminal(&["score", COUNTED], None).contains(ESC));
    assert!(!on_terminal(&["score", COUNTED], Some("1")).contains(ESC));
}

/// The text without its SGR colour sequences.
fn strip(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find(ESC) {
        out.push_str(&rest[..i]);
        let after = &rest[i + ESC.len()..];
        let end = after.find('m').expect("an SGR sequence ends with m");
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    out
}

/// The escape sequence that starts `glyph` each place it is drawn on the board of `text`
/// (the text between the previous reset and the glyph).
fn styles_of(text: &str, glyph: char) -> Vec<String> {
    let reset = format!("{ESC}0m");
    text.split(&reset)
        .filter_map(|piece| {
            let (style, drawn) = piece.rsplit_once('m')?;
            (drawn == glyph.to_string() && style.contains(ESC)).then(|| {
                let at = style.find(ESC).unwrap();
                format!("{}m", &style[at..])
            })
        })
        .collect()
}

#[test]
fn score_draws_dark_and_light_stones() {
    let text = stdout(&["score", "--color", "always", COUNTED]);
    let black = styles_of(&text, 'X');
    let white = styles_of(&text, 'O');
    assert!(!black.is_empty() && !white.is_empty(), "{text:?}");
    for style in &black {
        // Black foreground (30) on a bright white ground (107).
        assert!(style.contains("30m") && style.contains("107m"), "{style:?}");
        assert!(!style.contains("94m"), "not bright blue: {style:?}");
    }
    for style in &white {
        // Bold (1) bright white (97).
        assert!(style.contains("1m") && style.contains("97m"), "{style:?}");
        assert!(!style.contains("93m"), "not yellow: {style:?}");
    }
}
