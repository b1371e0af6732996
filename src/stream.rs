//! A run as a stream of output bytes, for programs that embed the library (the Python
//! package): the run goes on a thread of its own and hands its report over in chunks of
//! whole lines — or its games as typed reports, for a caller that builds its own objects
//! from them without reading text back ([`Stream::start_games`]) — the settings are read by name and checked as the command line checks
//! them, and dropping the stream stops the run (and kills the engines of its `--judge`
//! that are answering).

use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::audit::judge::JudgeConfig;
use crate::audit::GameReport;
use crate::cli::{audit_args_by_name, message_by_name, OptionError, OptionValue};
use crate::output::jsonl::JsonlReporter;
use crate::output::{Begin, Format, InputError, Rendered, Renderer, Reporter, Summary};
use crate::run::{panic_message, run, RunConfig, RunOutcome};

/// The settings of a run over `paths` with options given by name, read and checked by
/// the command line's own parser: a bad value gets the command line's message, each
/// option in it named by its name (`jobs must be at least 1`). The
/// report goes nowhere but to the caller: no progress bar, no echo on standard error,
/// and every game (a config file's `quiet`, a matter of the command line's display,
/// does not apply).
pub fn settings(
    paths: &[PathBuf],
    options: &[(String, OptionValue)],
) -> Result<RunConfig, OptionError> {
    let args = audit_args_by_name(paths, options)?;
    let mut config = args
        .file_config()
        .and_then(|file| args.run_config_with(&file.unwrap_or_default()))
        .map_err(|message| OptionError::Invalid(message_by_name(&message)))?;
    config.progress = crate::output::progress::ProgressMode::Never;
    config.on_input_error = Default::default();
    config.gate.quiet = false;
    Ok(config)
}

/// Chunks of output handed over at a time, at most: the run waits for the reader beyond.
const CHUNKS_IN_FLIGHT: usize = 4;

/// Bytes of output gathered into a chunk.
const CHUNK_BYTES: usize = 64 << 10;

/// A run going on on a thread of its own, its output read chunk by chunk.
pub struct Stream {
    chunks: Option<Receiver<Handed>>,
    thread: Option<JoinHandle<io::Result<RunOutcome>>>,
    /// The end of a line cut by the chunk before.
    partial: Vec<u8>,
    /// The run's engine judge, whose engines a stopped run kills.
    judge: Option<JudgeConfig>,
}

/// What [`Stream::next`] found.
#[derive(Debug)]
pub enum Next {
    /// Whole lines of the report (one or more, each with its `\n`).
    Lines(Vec<u8>),
    /// Games in input order, from a stream of [`Stream::start_games`].
    Games(Vec<GameReport>),
    /// Nothing yet: the run goes on.
    Waiting,
    /// The report is complete.
    Done,
}

/// What the run hands its reader at a time.
enum Handed {
    /// Bytes of the report (a line may be cut between two).
    Bytes(Vec<u8>),
    /// Games, in input order.
    Games(Vec<GameReport>),
}

fn hand(tx: &SyncSender<Handed>, handed: Handed) -> io::Result<()> {
    tx.send(handed)
        .map_err(|_| io::Error::new(io::ErrorKind::BrokenPipe, "the reader stopped"))
}

/// Sends what the reporter writes to the stream's reader.
struct ChannelWriter(SyncSender<Handed>);

impl Write for ChannelWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        hand(&self.0, Handed::Bytes(buf.to_vec()))?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Hands the games over as typed reports, chunk by chunk as the workers finish them;
/// the inputs that could not be read and the summary as their JSON Lines.
struct GamesReporter(SyncSender<Handed>);

impl GamesReporter {
    /// One record as its JSON line.
    fn line(&self, write: impl FnOnce(&mut JsonlReporter) -> io::Result<()>) -> io::Result<()> {
        let mut line = Vec::new();
        write(&mut JsonlReporter::new(Box::new(&mut line)))?;
        hand(&self.0, Handed::Bytes(line))
    }
}

/// A game kept whole for the reader.
fn keep_game(game: &GameReport, _fails: bool, rows: &mut Vec<GameReport>) {
    rows.push(game.clone());
}

impl Reporter for GamesReporter {
    fn begin(&mut self, _begin: &Begin) -> io::Result<()> {
        Ok(())
    }
    fn renderer(&self) -> Renderer {
        Renderer::new(keep_game, 1)
    }
    fn games(&mut self, rendered: Rendered) -> io::Result<()> {
        hand(&self.0, Handed::Games(rendered.rows::<GameReport>()?))
    }
    fn error(&mut self, error: &InputError) -> io::Result<()> {
        self.line(|out| out.error(error))
    }
    fn summary(&mut self, summary: &Summary) -> io::Result<()> {
        self.line(|out| out.summary(summary))
    }
}

impl Stream {
    /// Starts a run of `config` reporting in `format` (`Part::All` or any other part).
    pub fn start(mut config: RunConfig, format: Format) -> Stream {
        config.audit.figures = format.figures;
        Stream::spawn(config, move |tx| {
            let out = io::BufWriter::with_capacity(CHUNK_BYTES, ChannelWriter(tx));
            format.reporter(Box::new(out), false)
        })
    }

    /// Starts a run of `config` that hands its games over as [`Next::Games`], in input
    /// order, and the rest of its report as the JSON Lines of `--json` (`error` records,
    /// then the `summary`; no `begin`, no `columns`).
    pub fn start_games(mut config: RunConfig) -> Stream {
        config.audit.figures = false;
        Stream::spawn(config, |tx| Box::new(GamesReporter(tx)))
    }

    fn spawn(
        config: RunConfig,
        reporter: impl FnOnce(SyncSender<Handed>) -> Box<dyn Reporter> + Send + 'static,
    ) -> Stream {
        let (tx, rx) = mpsc::sync_channel(CHUNKS_IN_FLIGHT);
        let judge = config.audit.judge.clone();
        let thread = std::thread::spawn(move || {
            let mut reporter = reporter(tx);
            run(&config, reporter.as_mut())
        });
        Stream {
            chunks: Some(rx),
            thread: Some(thread),
            partial: Vec::new(),
            judge,
        }
    }

    /// The next whole lines, waiting for them at most `wait`.
    pub fn next(&mut self, wait: Duration) -> Next {
        let Some(chunks) = &self.chunks else {
            return Next::Done;
        };
        match chunks.recv_timeout(wait) {
            Ok(Handed::Games(games)) => Next::Games(games),
            Ok(Handed::Bytes(mut chunk)) => {
                let Some(last) = memchr::memrchr(b'\n', &chunk) else {
                    self.partial.extend_from_slice(&chunk);
                    return Next::Waiting;
                };
                let rest = chunk.split_off(last + 1);
                let mut lines = std::mem::replace(&mut self.partial, rest);
                lines.extend_from_slice(&chunk);
                Next::Lines(lines)
            }
            Err(RecvTimeoutError::Timeout) => Next::Waiting,
            Err(RecvTimeoutError::Disconnected) => {
                self.chunks = None;
                if self.partial.is_empty() {
                    Next::Done
                } else {
                    Next::Lines(std::mem::take(&mut self.partial))
                }
            }
        }
    }

    /// How the run ended, once [`Stream::next`] said `Done`: `Err` with a message when
    /// it stopped on an error, or on a panic outside the audit of a game.
    pub fn finish(&mut self) -> Result<RunOutcome, String> {
        let thread = self.thread.take().ok_or("the run was already finished")?;
        match thread.join() {
            Ok(Ok(outcome)) => Ok(outcome),
            Ok(Err(e)) => Err(e.to_string()),
            Err(panic) => Err(format!(
                "internal error in sgfaudit ({}); please report it",
                panic_message(panic.as_ref())
            )),
        }
    }
}

/// A run with its reader gone stops at its next write; its thread is left to end alone.
/// The engines of its judge that are answering are killed, and no other starts: an
/// engine busy with a position would outlive the run (and a Python interrupt).
impl Drop for Stream {
    fn drop(&mut self) {
        self.chunks = None;
        if let Some(judge) = &self.judge {
            judge.stop_engines();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_the_command_lines_by_name() {
        let names = crate::cli::audit_option_names();
        for name in ["rules", "komi", "strict", "max_findings_per_game", "shard"] {
            assert!(names.contains(&name.to_string()), "{name}");
        }
        assert!(!names.contains(&"format".to_string()));
    }

    #[test]
    fn a_bad_value_gets_the_command_lines_message() {
        let bad = |name: &str, value: OptionValue| {
            settings(&[], &[(name.to_string(), value)]).err().unwrap()
        };
        assert_eq!(
            bad("colour", OptionValue::Flag(true)),
            OptionError::Unknown("colour".into())
        );
        let OptionError::Invalid(m) = bad("rules", OptionValue::Text("go".into())) else {
            panic!()
        };
        assert!(
            m.starts_with("rules must be one of 'auto', 'chinese', ") && m.ends_with(", not 'go'"),
            "{m}"
        );
        let OptionError::Invalid(m) = bad("komi", OptionValue::Text("x".into())) else {
            panic!()
        };
        assert!(m.starts_with("invalid value 'x' for komi"), "{m}");
        let OptionError::Invalid(m) = bad("jobs", OptionValue::Text("0".into())) else {
            panic!()
        };
        assert_eq!(m, "jobs must be at least 1");
    }

    #[test]
    fn quiet_is_the_command_lines_display_and_hides_no_game_from_a_caller() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("sgfaudit.toml");
        std::fs::write(&file, "quiet = true\n").unwrap();
        let named = OptionValue::Text(file.display().to_string());
        let config = settings(&[], &[("config".to_string(), named)]).unwrap();
        assert!(
            !config.gate.quiet,
            "a config file's quiet applies to the command line only"
        );
        let asked = settings(&[], &[("quiet".to_string(), OptionValue::Flag(true))]);
        assert_eq!(asked.err(), Some(OptionError::Unknown("quiet".into())));
    }

    #[test]
    fn a_stream_hands_over_whole_lines_then_ends() {
        let text = "(;GM[1]SZ[9];B[ee];W[ee])(;GM[1]SZ[9])";
        let mut config = settings(&[PathBuf::from("t")], &[]).unwrap();
        config.part = crate::run::Part::Pieces(vec![crate::partition::Piece::Memory {
            name: "t".into(),
            bytes: text.as_bytes().into(),
        }]);
        let mut stream = Stream::start(config, Format::JSONL);
        let mut out = Vec::new();
        loop {
            match stream.next(Duration::from_millis(100)) {
                Next::Lines(lines) => out.extend(lines),
                Next::Waiting | Next::Games(_) => {}
                Next::Done => break,
            }
        }
        let outcome = stream.finish().unwrap();
        assert_eq!(outcome.summary.games, 2);
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            text.lines()
                .filter(|l| l.contains("\"type\":\"game\""))
                .count(),
            2
        );
        assert!(text.ends_with("}\n"));
    }

    #[test]
    fn a_games_stream_hands_over_the_games_of_the_json_lines_then_the_summary() {
        let text = "(;GM[1]SZ[9];B[ee];W[ee])(;GM[1]SZ[9]RE[B+R])";
        let config = || {
            let mut config = settings(&[PathBuf::from("t")], &[]).unwrap();
            config.part = crate::run::Part::Pieces(vec![crate::partition::Piece::Memory {
                name: "t".into(),
                bytes: text.as_bytes().into(),
            }]);
            config
        };
        let (mut lines, mut games) = (Vec::new(), Vec::new());
        let mut stream = Stream::start(config(), Format::JSONL);
        loop {
            match stream.next(Duration::from_millis(100)) {
                Next::Lines(l) => lines.extend(l),
                Next::Done => break,
                _ => {}
            }
        }
        let mut rest = Vec::new();
        let mut stream = Stream::start_games(config());
        loop {
            match stream.next(Duration::from_millis(100)) {
                Next::Games(g) => games.extend(g),
                Next::Lines(l) => rest.extend(l),
                Next::Waiting => {}
                Next::Done => break,
            }
        }
        assert_eq!(stream.finish().unwrap().summary.games, 2);
        // The games handed over, written as the JSON Lines report writes games.
        let mut written = Vec::new();
        {
            let mut jsonl = JsonlReporter::new(Box::new(&mut written));
            let mut chunk = jsonl.renderer().chunk(games.len());
            for game in &games {
                crate::output::render::Chunk::add(chunk.as_mut(), game, false);
            }
            jsonl.games(chunk.done()).unwrap();
        }
        let lines = String::from_utf8(lines).unwrap();
        let json: Vec<&str> = lines
            .lines()
            .filter(|l| l.contains("\"type\":\"game\""))
            .collect();
        assert_eq!(games.len(), 2);
        assert_eq!(
            String::from_utf8(written)
                .unwrap()
                .lines()
                .collect::<Vec<_>>(),
            json
        );
        let rest = String::from_utf8(rest).unwrap();
        assert!(rest.starts_with("{\"type\":\"summary\""), "{rest}");
        assert_eq!(rest.lines().count(), 1);
    }
}
