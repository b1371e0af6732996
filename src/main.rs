//! The `sgfaudit` command: parse arguments, run, map the outcome to an exit code.

use std::process::ExitCode;

use clap::Parser;
use sgfaudit::cli::{Cli, Command};

fn main() -> ExitCode {
    let cli = Cli::parse();
    // Engines of `--judge` run in process groups of their own: a signal that ends
    // sgfaudit ends them first.
    sgfaudit::audit::judge::end_engines_on_signals();
    let result = match cli.command {
        Command::Audit(args) => sgfaudit::commands::audit(&args),
        Command::Score(args) => sgfaudit::commands::score(&args),
        Command::Show(args) => sgfaudit::commands::show(&args),
        Command::Dups(args) => sgfaudit::commands::dups(&args),
        Command::Explain { code, all, format } => {
            sgfaudit::commands::explain_as(code.as_deref(), all, format)
        }
        Command::Completions { shell } => sgfaudit::cli::completions(shell),
        Command::Man => sgfaudit::cli::man(),
        Command::Schema => sgfaudit::commands::schema(),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sgfaudit: {e}");
            ExitCode::from(2)
        }
    }
}
