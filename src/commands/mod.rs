//! The two commands, from parsed arguments to an exit code (0, 1 or 2; CONTRACT.md).

mod destination;
pub mod dups;
pub mod fix;
mod score;
mod show;

use std::io::{self, Write};

use crate::cli::{AuditArgs, DupsArgs, ScoreArgs, ShowArgs};
use crate::output::sanitize::for_terminal;
use crate::run::driver::{Driver, Inputs, OnInputError};
use crate::run::{run, Part};
use destination::Destination;

/// Each input error written to standard error as soon as it is known.
fn input_errors_to_stderr() -> OnInputError {
    OnInputError::new(|e| {
        let _ = writeln!(
            io::stderr().lock(),
            "sgfaudit: {}: {}",
            for_terminal(&e.path),
            for_terminal(&e.message)
        );
    })
}

/// `sgfaudit audit`: 0 when no game has a `--fail-on` status, 1 when some game does, 2
/// when an input could not be read or an option is wrong.
pub fn audit(args: &AuditArgs) -> io::Result<u8> {
    let settled = args.file_config().and_then(|file| {
        let file = file.unwrap_or_default();
        Ok((
            args.run_config_with(&file)?,
            args.format_with(&file)?,
            args.exit_zero_with(&file),
            args.duplicates || file.duplicates.unwrap_or(false),
            Destination::open(args.output_file.as_deref())?,
        ))
    });
    let (mut config, format, exit_zero, duplicates, destination) = match settled {
        Ok(c) => c,
        Err(message) => {
            let mut err = io::stderr().lock();
            writeln!(err, "sgfaudit: {message}")?;
            return Ok(2);
        }
    };
    // A report that draws the problems it shows (HTML) needs their diagrams.
    config.audit.figures = format.figures;
    if duplicates {
        match dups::earlier_copies(&config.paths, config.walk.clone(), config.jobs) {
            Ok(copies) => config.audit.earlier_copies = Some(std::sync::Arc::new(copies)),
            Err(message) => {
                writeln!(io::stderr().lock(), "sgfaudit: {message}")?;
                return Ok(2);
            }
        }
    }
    // An input error the report shows is echoed to standard error only when standard
    // error is somewhere else.
    if !destination.shares_stderr {
        config.on_input_error = input_errors_to_stderr();
    }
    let mut fixed = match fix_first(args, &config)? {
        FixStep::Exit(code) => return Ok(code),
        FixStep::Audit(done) => done,
    };
    if !fixed.left_games.is_empty() {
        let left = std::mem::take(&mut fixed.left_games);
        config.audit.fix_left = Some(std::sync::Arc::new(left));
    }
    let color = destination.colored(args.color.into());
    let mut reporter = format.reporter(destination.out, color);
    reporter.written_to(args.output_file.as_deref());
    let mut reporter = fix::WithFixed {
        inner: reporter.as_mut(),
        fixed: fixed.fixed,
        files: fixed.files,
    };
    let outcome = run(&config, &mut reporter)?;
    Ok(if outcome.unreadable || !fixed.errors.is_empty() {
        2
    } else if outcome.failed && !exit_zero {
        1
    } else {
        0
    })
}

/// What comes after `--fix` or `--diff`: an exit code, or the audit of the files.
enum FixStep {
    Exit(u8),
    Audit(fix::Done),
}

/// `--fix` rewrites the files, then they are audited; `--diff` prints what it would
/// change and exits (1 when something would change). Errors go to standard error.
fn fix_first(args: &AuditArgs, config: &crate::run::RunConfig) -> io::Result<FixStep> {
    if !args.fix && !args.diff {
        return Ok(FixStep::Audit(fix::Done::default()));
    }
    // Every file, whatever the shard; a bad line of a list is the audit's to report.
    let inputs = Inputs {
        input_errors: &[],
        part: &Part::All,
        ..config.inputs()
    };
    let mut driver = Driver::new(inputs)?;
    let mut err = io::stderr().lock();
    let options = fix::WriteOptions {
        roots: fix::Roots::new(&config.paths),
        hard_links: args.fix_hard_links,
    };
    let files = match fix::files(&driver, &options.roots) {
        Ok(files) => files,
        Err(message) => {
            writeln!(err, "sgfaudit: {message}")?;
            return Ok(FixStep::Exit(2));
        }
    };
    let selection = fix::Selection {
        select: config.gate.select.clone(),
        ignore: config.gate.ignore.clone(),
        on_request: args.unsafe_fixes,
    };
    let done = fix::fix_all(
        &mut driver,
        &files,
        &selection,
        args.fix,
        &options,
        &mut io::stdout().lock(),
    )?;
    for e in done.errors.iter().chain(&done.left) {
        writeln!(err, "sgfaudit: {e}")?;
    }
    if let Some(first) = done.guessed.first() {
        let others = match done.guessed.len() - 1 {
            0 => String::new(),
            n => format!(" and {n} more"),
        };
        writeln!(err, "sgfaudit: {first}{others} left as they are: their encoding was guessed (bad-encoding), and re-encoding a guess could garble text")?;
    }
    if args.diff {
        let (n, f) = (done.fixed, done.files);
        let files = if f == 1 { "file" } else { "files" };
        writeln!(err, "sgfaudit: {n} findings would be fixed in {f} {files}")?;
        return Ok(FixStep::Exit(if !done.errors.is_empty() {
            2
        } else {
            u8::from(done.files > 0)
        }));
    }
    Ok(FixStep::Audit(done))
}

/// `sgfaudit dups`: clusters of games that are the same game.
pub fn dups(args: &DupsArgs) -> io::Result<u8> {
    dups::dups(args)
}

/// `sgfaudit score`: one game in detail.
pub fn score(args: &ScoreArgs) -> io::Result<u8> {
    score::show(args)
}

/// `sgfaudit show`: the position before one move, as text or SVG.
pub fn show(args: &ShowArgs) -> io::Result<u8> {
    show::show(args)
}

/// `sgfaudit schema`: the JSON Schema of a JSON Lines record on stdout.
pub fn schema() -> io::Result<u8> {
    let mut out = io::stdout().lock();
    writeln!(out, "{}", crate::output::jsonl::schema())?;
    Ok(0)
}

/// The first sentence of a code's summary, without its full stop: it ends at the first
/// ". " outside parentheses, so a reference such as "(art. 4)" is kept whole.
fn first_sentence(text: &str) -> &str {
    let mut depth = 0usize;
    let bytes = text.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'(' => depth += 1,
            b')' => depth = depth.saturating_sub(1),
            b'.' if depth == 0 && bytes.get(i + 1) == Some(&b' ') => return &text[..i],
            _ => {}
        }
    }
    text.trim_end_matches('.')
}

/// `sgfaudit explain [CODE] [--all] [--format text|markdown]`: a code's page (as text or
/// as a Markdown section), every code's (`--all`), or the list of codes (text) or the
/// catalogue (Markdown); 2 for an unknown code.
pub fn explain_as(
    code: Option<&str>,
    all: bool,
    format: crate::cli::ExplainFormat,
) -> io::Result<u8> {
    use crate::cli::ExplainFormat;
    use crate::finding::Code;
    let markdown = format == ExplainFormat::Markdown;
    match code {
        None if markdown => {
            io::stdout()
                .lock()
                .write_all(crate::explain::markdown::catalogue().as_bytes())?;
            Ok(0)
        }
        None if all => {
            let pages: Vec<String> = Code::ALL.into_iter().map(crate::explain::explain).collect();
            io::stdout().lock().write_all(pages.join("\n").as_bytes())?;
            Ok(0)
        }
        Some(name) if markdown => match Code::from_name(name.trim()) {
            Some(code) => {
                io::stdout()
                    .lock()
                    .write_all(crate::explain::markdown::section(code).as_bytes())?;
                Ok(0)
            }
            None => explain(Some(name)),
        },
        _ => explain(code),
    }
}

/// `sgfaudit explain [CODE]`: a code's page, or the list of codes; 2 for an unknown code.
pub fn explain(code: Option<&str>) -> io::Result<u8> {
    let mut out = io::stdout().lock();
    let Some(name) = code else {
        for code in crate::finding::Code::ALL {
            let (what, severity, _) = crate::explain::entry(code);
            let first = first_sentence(what);
            writeln!(out, "{:<24} {:<18} {first}", code.as_str(), severity)?;
        }
        return Ok(0);
    };
    match crate::finding::Code::from_name(name.trim()) {
        Some(code) => {
            out.write_all(crate::explain::explain(code).as_bytes())?;
            Ok(0)
        }
        None => {
            let message = crate::cli::unknown_code(name);
            writeln!(io::stderr().lock(), "sgfaudit: {message}")?;
            Ok(2)
        }
    }
}
