//! Colour for the outputs people read (the table, the `score` and `show` boards): whether
//! to colour, and the one palette. Machine formats (JSON Lines, CSV, github, HTML) are
//! never coloured.

use std::io::IsTerminal;

use anstyle::{AnsiColor, Style};

use crate::finding::Severity;

/// `--color`: when to colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ColorMode {
    /// When standard output is a terminal, `NO_COLOR` is unset or empty and `TERM` is not
    /// `dumb`.
    #[default]
    Auto,
    Always,
    Never,
}

impl ColorMode {
    /// Whether output to standard output is coloured.
    pub fn for_stdout(self) -> bool {
        self.decide(
            std::io::stdout().is_terminal(),
            std::env::var_os("NO_COLOR").as_deref(),
            std::env::var_os("TERM").as_deref(),
        )
    }

    /// The decision for a terminal or not and the values of `NO_COLOR` and `TERM`: an
    /// explicit `always` or `never` wins over the environment (no-color.org).
    fn decide(
        self,
        terminal: bool,
        no_color: Option<&std::ffi::OsStr>,
        term: Option<&std::ffi::OsStr>,
    ) -> bool {
        match self {
            ColorMode::Always => true,
            ColorMode::Never => false,
            ColorMode::Auto => {
                terminal && no_color.is_none_or(|v| v.is_empty()) && term != Some("dumb".as_ref())
            }
        }
    }
}

/// Writes `text` in `style` when `on`, plainly otherwise.
pub fn paint(on: bool, style: Style, text: &str) -> String {
    if on && style != Style::new() {
        format!("{}{text}{}", style.render(), style.render_reset())
    } else {
        text.to_string()
    }
}

/// A finding's severity: errors red, warnings yellow, info blue.
pub fn severity(s: Severity) -> Style {
    match s {
        Severity::Error => AnsiColor::Red.on_default().bold(),
        Severity::Warning => AnsiColor::Yellow.on_default().bold(),
        Severity::Info => AnsiColor::Blue.on_default(),
    }
}

/// A board glyph (`X`/`O` live stones, `x`/`o` dead ones, `+`/`-` areas, `*` the point
/// of a move, marks `>`, `!`, `?`): Black's in blue, White's in yellow, areas dim,
/// dead stones dim and crossed out, marks red; the rest plain.
pub fn glyph(c: char) -> Style {
    let black = AnsiColor::BrightBlue.on_default();
    let white = AnsiColor::BrightYellow.on_default();
    match c {
        'X' => black.bold(),
        'O' => white.bold(),
        'x' => black.dimmed().strikethrough(),
        'o' => white.dimmed().strikethrough(),
        '+' => AnsiColor::Blue.on_default(),
        '-' => AnsiColor::Yellow.on_default(),
        '*' | '>' | '!' | '?' => AnsiColor::Red.on_default().bold(),
        _ => Style::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_colours_only_a_terminal_without_no_color() {
        let auto = ColorMode::Auto;
        assert!(auto.decide(true, None, Some("xterm".as_ref())));
        assert!(auto.decide(true, Some("".as_ref()), None));
        assert!(!auto.decide(false, None, None));
        assert!(!auto.decide(true, Some("1".as_ref()), None));
        assert!(!auto.decide(true, None, Some("dumb".as_ref())));
        assert!(ColorMode::Always.decide(false, Some("1".as_ref()), None));
        assert!(!ColorMode::Never.decide(true, None, None));
    }

    #[test]
    fn painting_off_leaves_the_text() {
        assert_eq!(paint(false, severity(Severity::Error), "error"), "error");
        assert_eq!(paint(true, Style::new(), "."), ".");
        let red = paint(true, severity(Severity::Error), "error");
        assert!(red.starts_with("\x1b[") && red.ends_with("\x1b[0m") && red.contains("error"));
    }
}
