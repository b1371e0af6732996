//! `audit`'s options given by name (`max_findings_per_game=5`), as programs that embed
//! the library give them, read by the command line's own parser so that a bad value gets
//! the command line's message.

use std::path::PathBuf;

use clap::{ArgAction, CommandFactory, Parser};

use super::{AuditArgs, Cli, Command};

/// One option's value as given by name.
#[derive(Clone, Debug, PartialEq)]
pub enum OptionValue {
    /// A switch (`strict=True`).
    Flag(bool),
    /// A value, as the command line would take it (`komi="6.5"`, `jobs="2"`).
    Text(String),
    /// Several values (`select=["superko", "ko"]`), for the options that take a list.
    List(Vec<String>),
}

/// Why options given by name are not settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// No option of `audit` has this name (or it shapes the output, which the caller
    /// chooses).
    Unknown(String),
    /// The command line's message for a bad value.
    Invalid(String),
}

/// Options of `audit` that shape the output rather than the audit: the caller chooses
/// the format and gets every game (no `quiet`), and nothing is drawn on a terminal.
const NOT_BY_NAME: &[&str] = &[
    "format",
    "json",
    "quiet",
    "progress",
    "color",
    "files-from",
    "output-file",
    // Rewriting files is the command line's (`audit --fix`), not a library call's.
    "fix",
    "diff",
    "fix-hard-links",
    "unsafe-fixes",
    "help",
    "version",
];

/// The names `audit` takes by name (`max_findings_per_game`), in the command line's order.
pub fn audit_option_names() -> Vec<String> {
    audit_command()
        .get_arguments()
        .filter_map(|a| a.get_long())
        .filter(|long| !NOT_BY_NAME.contains(long))
        .map(|long| long.replace('-', "_"))
        .collect()
}

/// A message of the command line as a caller by name reads it: each option it names by
/// its name (`--min-severity: unknown severity` is `min_severity: unknown severity`).
pub fn message_by_name(message: &str) -> String {
    let mut longs: Vec<String> = audit_command()
        .get_arguments()
        .filter_map(|a| a.get_long().map(str::to_string))
        .collect();
    longs.sort_by_key(|long| std::cmp::Reverse(long.len()));
    let mut out = message.to_string();
    for long in longs {
        out = out.replace(&format!("--{long}"), &long.replace('-', "_"));
    }
    out
}

fn audit_command() -> clap::Command {
    Cli::command()
        .find_subcommand("audit")
        .expect("the audit command")
        .clone()
}

fn parse_audit(argv: Vec<std::ffi::OsString>) -> Result<AuditArgs, OptionError> {
    match Cli::try_parse_from(argv) {
        Ok(Cli {
            command: Command::Audit(args),
        }) => Ok(*args),
        Ok(_) => Err(OptionError::Invalid("not an audit".to_string())),
        Err(e) => Err(OptionError::Invalid(by_name_message(&e))),
    }
}

/// A parse error as a caller by name reads it: the option by its name, and the values
/// it takes when there is a list of them (`rules must be one of 'auto', 'chinese', …,
/// not 'chinse'`) rather than the command line's syntax.
fn by_name_message(e: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue};
    let text = e.to_string();
    let first = text.lines().next().unwrap_or("").trim();
    let first = first.strip_prefix("error: ").unwrap_or(first);
    let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg) else {
        return first.to_string();
    };
    let long = arg.trim_start_matches('-');
    let name = long
        .split([' ', '='])
        .next()
        .unwrap_or(long)
        .replace('-', "_");
    let value = match e.get(ContextKind::InvalidValue) {
        Some(ContextValue::String(value)) => value.as_str(),
        _ => "",
    };
    match e.get(ContextKind::ValidValue) {
        Some(ContextValue::Strings(valid)) if !valid.is_empty() => {
            let valid: Vec<String> = valid.iter().map(|v| format!("'{v}'")).collect();
            format!("{name} must be one of {}, not '{value}'", valid.join(", "))
        }
        _ => message_by_name(&first.replace(&format!("'{arg}'"), &name)),
    }
}

/// `audit`'s arguments from options given by name (`max_findings_per_game=5` is
/// `--max-findings-per-game 5`), read by the command line's own parser.
pub fn audit_args_by_name(
    paths: &[PathBuf],
    options: &[(String, OptionValue)],
) -> Result<AuditArgs, OptionError> {
    let command = audit_command();
    let mut argv: Vec<std::ffi::OsString> = vec!["sgfaudit".into(), "audit".into()];
    for (name, value) in options {
        let long = name.replace('_', "-");
        let arg = command
            .get_arguments()
            .find(|a| a.get_long() == Some(long.as_str()))
            .filter(|_| !NOT_BY_NAME.contains(&long.as_str()))
            .ok_or_else(|| OptionError::Unknown(name.clone()))?;
        let is_switch = matches!(arg.get_action(), ArgAction::SetTrue);
        match (value, is_switch) {
            (OptionValue::Flag(true), true) => argv.push(format!("--{long}").into()),
            (OptionValue::Flag(false), true) => {}
            (_, true) => {
                return Err(OptionError::Invalid(format!(
                    "{name}: True or False (a switch of the command line: --{long})"
                )))
            }
            (OptionValue::Flag(_), false) => {
                return Err(OptionError::Invalid(format!(
                    "{name}: takes a value (--{long} VALUE), not True or False"
                )))
            }
            (OptionValue::Text(text), false) => argv.push(format!("--{long}={text}").into()),
            (OptionValue::List(list), false) => {
                argv.push(format!("--{long}={}", list.join(",")).into())
            }
        }
    }
    argv.push("--".into());
    argv.extend(paths.iter().map(|p| p.clone().into_os_string()));
    parse_audit(argv)
}
