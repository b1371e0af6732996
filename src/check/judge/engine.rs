//! One engine process for one position: its start in a process group of its own, a
//! thread reading its answers line by line (bounded in length), the tail of its standard
//! error, and the GTP commands of one position under one deadline.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::geom::{BoardSize, Color, Point, Position};
use crate::score::dead_in_pass_alive_territory;

use super::dialect::{self, Dialect, Gtp};
use super::groups;
use super::{
    pass_alive_called_dead, stones_of, stones_word, JudgeConfig, JudgeFailure, JudgeFailureKind,
    JudgeRun, MAX_ANSWER, MAX_LINE, QUIT_GRACE, STDERR_LINES,
};

/// A running engine: its input, a thread reading its output line by line, and the last
/// lines of its standard error. It runs in a process group of its own, which is killed
/// when the engine is dropped (after a `quit` and a moment's grace) or killed.
pub(super) struct Engine {
    child: Child,
    /// The engine's process group (its pid); 0 once the engine was ended and reaped.
    group: i32,
    /// Its place among the groups a signal kills, until it is ended.
    registered: Option<groups::Registered>,
    run: Arc<JudgeRun>,
    input: Option<ChildStdin>,
    answers: Receiver<Output>,
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
    pub(super) knows_list_stones: bool,
    /// How the engine is spoken to, chosen by its `name` (plain GTP until it answers).
    pub(super) dialect: &'static dyn Dialect,
}

/// Where Debian installs game programs (GNU Go is `/usr/games/gnugo`), not on every
/// `PATH`: a bare program name not found on `PATH` is looked for there too.
pub(super) const GAMES_DIR: &str = "/usr/games";

/// The program to run for `program` as written: itself when it names a path or is found
/// on `PATH`, else the program of that name in [`GAMES_DIR`] when there is one.
pub(super) fn located(program: &str) -> std::path::PathBuf {
    let written = std::path::PathBuf::from(program);
    if program.contains('/') || program.is_empty() {
        return written;
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    if std::env::split_paths(&path).any(|dir| dir.join(program).is_file()) {
        return written;
    }
    let games = std::path::Path::new(GAMES_DIR).join(program);
    if games.is_file() {
        games
    } else {
        written
    }
}

/// Where a bare program name that could not be started was looked for.
fn where_looked(program: &str) -> String {
    if program.contains('/') {
        return if std::path::Path::new(program).is_file() {
            String::new()
        } else {
            format!(" (there is no file {program}: check the path)")
        };
    }
    format!(
        " (looked on PATH and in {GAMES_DIR}; GNU Go: `apt-get install gnugo` puts it in \
         {GAMES_DIR}; KataGo: give the full path of the `katago` program you built or \
         unpacked, which no package puts on PATH; or give the program's full path)"
    )
}

/// What the reader of the engine's output hands over.
pub(super) enum Output {
    /// The lines of an answer, joined by `\n`.
    Answer(String),
    /// The answer being read passed [`MAX_ANSWER`] bytes: the reader stopped there.
    TooLong,
}

impl Engine {
    pub(super) fn spawn(config: &JudgeConfig) -> Result<Engine, JudgeFailure> {
        let command = config.command.as_str();
        let spawn_failure =
            |why: String| JudgeFailure::new(JudgeFailureKind::Spawn, why.to_string());
        let words = shlex::split(command).ok_or_else(|| {
            spawn_failure(format!(
                "the engine command `{command}` cannot be read: an unclosed quote or a stray escape"
            ))
        })?;
        let (program, args) = words
            .split_first()
            .ok_or_else(|| spawn_failure("the engine command is empty".to_string()))?;
        let mut child = Command::new(located(program))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()
            .map_err(|e| {
                spawn_failure(format!(
                    "the engine `{command}` cannot be started: {e}{}",
                    where_looked(program)
                ))
            })?;
        let group = i32::try_from(child.id()).unwrap_or(0);
        let registered = groups::Registered::new(group);
        if !config.run.enter(group) {
            let _ = child.wait();
            return Err(JudgeFailure::new(
                JudgeFailureKind::GaveUp,
                format!("the engine `{command}` was not asked: the run was stopped"),
            ));
        }
        let stdout = child.stdout.take().expect("piped");
        let stderr = child.stderr.take().expect("piped");
        let (sender, answers) = mpsc::sync_channel(0);
        std::thread::spawn(move || read_answers(stdout, sender));
        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        let tail = Arc::clone(&stderr_tail);
        std::thread::spawn(move || keep_tail(stderr, tail));
        Ok(Engine {
            input: child.stdin.take(),
            child,
            group,
            registered: Some(registered),
            run: Arc::clone(&config.run),
            answers,
            stderr_tail,
            knows_list_stones: false,
            dialect: &Gtp,
        })
    }

    /// How the engine ended, with the last words it wrote to standard error.
    pub(super) fn exit_note(&mut self) -> String {
        // Its output is closed: give it a moment to be reaped.
        let mut note = match self.end(QUIT_GRACE) {
            Some(status) => format!(" ({status})"),
            None => String::new(),
        };
        let tail = self
            .stderr_tail
            .lock()
            .map(|t| t.clone())
            .unwrap_or_default();
        if !tail.is_empty() {
            let said: Vec<String> = tail.into_iter().collect();
            note.push_str(&format!("; it wrote: {}", said.join(" / ")));
        }
        note
    }

    /// Kills the engine's process group at once.
    pub(super) fn kill(&mut self) {
        self.end(Duration::ZERO);
    }

    /// Waits up to `grace` for the engine to exit, kills its process group (the engine if
    /// it still runs, and whatever it started) and reaps it; how it ended, when known.
    pub(super) fn end(&mut self, grace: Duration) -> Option<ExitStatus> {
        if self.group == 0 {
            return None;
        }
        let start = Instant::now();
        let mut status = None;
        while status.is_none() && start.elapsed() < grace {
            std::thread::sleep(Duration::from_millis(5));
            status = self.child.try_wait().ok().flatten();
        }
        groups::kill_group(self.group);
        self.run.leave(self.group);
        self.registered = None;
        self.group = 0;
        status.or_else(|| self.child.wait().ok())
    }
}

impl Drop for Engine {
    /// Asks the engine to quit, and kills its process group after a moment.
    fn drop(&mut self) {
        if self.group == 0 {
            return;
        }
        if let Some(mut input) = self.input.take() {
            let _ = input.write_all(b"quit\n").and_then(|_| input.flush());
        }
        self.end(QUIT_GRACE);
    }
}

/// Hands over the engine's answers (the lines up to an empty one, with `\n` between
/// them, without `\r`, each cut at [`MAX_LINE`] bytes; empty lines before an answer are
/// skipped) until the engine closes its output or nobody listens, or until an answer
/// passes [`MAX_ANSWER`] bytes: then it says so and stops reading. One answer at most
/// waits to be taken, and while it waits nothing more is read: an engine that floods
/// its output fills its pipe and waits, not this process's memory.
pub(super) fn read_answers(stdout: impl Read, sender: SyncSender<Output>) {
    let mut reader = BufReader::new(stdout);
    let mut bytes = Vec::new();
    let mut answer = String::new();
    loop {
        bytes.clear();
        match (&mut reader).take(MAX_LINE).read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let line = String::from_utf8_lossy(&bytes);
        let line = line.trim_end_matches(['\r', '\n']);
        if line.trim().is_empty() {
            if !answer.is_empty()
                && sender
                    .send(Output::Answer(std::mem::take(&mut answer)))
                    .is_err()
            {
                return;
            }
            continue;
        }
        if answer.len() + line.len() > MAX_ANSWER {
            let _ = sender.send(Output::TooLong);
            return;
        }
        if !answer.is_empty() {
            answer.push('\n');
        }
        answer.push_str(&line.replace('\r', ""));
    }
}

/// Keeps the last [`STDERR_LINES`] lines of the engine's standard error.
pub(super) fn keep_tail(stderr: impl Read, tail: Arc<Mutex<VecDeque<String>>>) {
    let mut reader = BufReader::new(stderr);
    loop {
        let mut bytes = Vec::new();
        match (&mut reader).take(MAX_LINE).read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let line: String = String::from_utf8_lossy(&bytes)
            .trim()
            .chars()
            .take(200)
            .collect();
        if line.is_empty() {
            continue;
        }
        if let Ok(mut tail) = tail.lock() {
            if tail.len() == STDERR_LINES {
                tail.pop_front();
            }
            tail.push_back(line);
        }
    }
}

/// One GTP answer: success (`=`) or failure (`?`), and its text.
pub(super) struct Reply {
    success: bool,
    text: String,
}

/// The commands of one position, all under one deadline.
pub(super) struct Session<'a> {
    pub(super) engine: &'a mut Engine,
    pub(super) config: &'a JudgeConfig,
    pub(super) deadline: Instant,
}

impl Session<'_> {
    /// Learns the engine's dialect by its `name` and checks it has the commands the
    /// judge will send it in that dialect.
    pub(super) fn learn_commands(&mut self) -> Result<(), JudgeFailure> {
        let name = self.send("name")?;
        let dialect = dialect::by_name(name.success.then_some(name.text.as_str()));
        self.engine.dialect = dialect;
        dialect.learn(self)
    }

    pub(super) fn known(&mut self, command: &str) -> Result<bool, JudgeFailure> {
        let reply = self.expect_success(&format!("known_command {command}"))?;
        match reply.as_str() {
            "true" => Ok(true),
            "false" => Ok(false),
            other => Err(self.nonsense(&format!("known_command {command}"), other)),
        }
    }

    /// The dead stones of `position`, `to_move` to play, under `komi`: the position put
    /// on the engine's board and the engine asked, in its dialect.
    pub(super) fn judge(
        &mut self,
        position: &Position,
        komi: f64,
        to_move: Color,
    ) -> Result<Vec<Point>, JudgeFailure> {
        let dialect = self.engine.dialect;
        dialect.dead_stones(self, position, komi, to_move)
    }

    /// `boardsize`; a refusal is a board the engine does not play on.
    pub(super) fn board_size(&mut self, size: BoardSize) -> Result<(), JudgeFailure> {
        let boardsize = format!("boardsize {}", size.width);
        let reply = self.send(&boardsize)?;
        if !reply.success {
            return Err(self.failure(
                JudgeFailureKind::Unsupported,
                format!("refused `{boardsize}`: {}", reply.text),
            ));
        }
        Ok(())
    }

    /// A new game on an empty board of `size`: `rules`, the command that sets the rules
    /// (if the engine takes one), then the komi.
    pub(super) fn start_game(
        &mut self,
        size: BoardSize,
        rules: Option<&str>,
        komi: f64,
    ) -> Result<(), JudgeFailure> {
        self.board_size(size)?;
        self.expect_success("clear_board")?;
        if let Some(rules) = rules {
            self.expect_success(rules)?;
        }
        self.expect_success(&format!("komi {komi}"))?;
        Ok(())
    }

    /// Puts the position on the engine's board, `to_move`'s stones first.
    pub(super) fn set_up(
        &mut self,
        position: &Position,
        komi: f64,
        to_move: Color,
    ) -> Result<(), JudgeFailure> {
        let size = position.size;
        self.start_game(size, None, komi)?;
        for color in [to_move, to_move.opponent()] {
            for p in stones_of(position, color) {
                self.expect_success(&format!("play {} {}", color.letter(), p.vertex(size)))?;
            }
        }
        if stones_of(position, to_move.opponent()).is_empty() {
            // The engine takes the player after the last move to be the one to move.
            self.expect_success(&format!("play {} pass", to_move.opponent().letter()))?;
        }
        if self.engine.knows_list_stones {
            for color in [Color::Black, Color::White] {
                self.check_stones(position, color)?;
            }
        }
        Ok(())
    }

    /// Compares the engine's stones of `color` with the position's.
    pub(super) fn check_stones(
        &mut self,
        position: &Position,
        color: Color,
    ) -> Result<(), JudgeFailure> {
        let name = match color {
            Color::Black => "black",
            Color::White => "white",
        };
        let command = format!("list_stones {name}");
        let text = self.expect_success(&command)?;
        let mut listed = self.vertices(position, &command, &text)?;
        listed.sort();
        let mut expected = stones_of(position, color);
        expected.sort();
        if listed != expected {
            return Err(self.failure(
                JudgeFailureKind::Protocol,
                format!(
                    "has {} {name} stones on its board after the set-up, the position {}",
                    listed.len(),
                    expected.len()
                ),
            ));
        }
        Ok(())
    }

    /// Asks for the dead stones with `final_status_list dead`.
    pub(super) fn dead_stones(&mut self, position: &Position) -> Result<Vec<Point>, JudgeFailure> {
        let command = "final_status_list dead";
        let text = self.expect_success(command)?;
        let dead = self.vertices(position, command, &text)?;
        self.checked_dead(position, command, dead)
    }

    /// Checks the dead stones the engine's answer to `command` gives: each is a stone of
    /// the position, and none is a stone of a pass-alive chain; the stones inside
    /// pass-alive territory, dead whatever anyone says, are added where the engine left
    /// them out. Sorted.
    pub(super) fn checked_dead(
        &self,
        position: &Position,
        command: &str,
        mut dead: Vec<Point>,
    ) -> Result<Vec<Point>, JudgeFailure> {
        if let Some(empty) = dead.iter().find(|&&p| position.get(p).is_none()) {
            let vertex = empty.vertex(position.size);
            return Err(self.failure(
                JudgeFailureKind::Protocol,
                format!("called {vertex} dead, a point without a stone"),
            ));
        }
        dead.sort();
        dead.dedup();
        if let Some(chain) = pass_alive_called_dead(position, &dead) {
            return Err(self.failure(
                JudgeFailureKind::Protocol,
                format!(
                    "answered `{command}` with nonsense: it calls the chain at {} ({}) dead, \
                     which is pass-alive (no sequence of moves captures it)",
                    chain[0].vertex(position.size),
                    stones_word(chain.len())
                ),
            ));
        }
        dead.extend(dead_in_pass_alive_territory(position));
        dead.sort();
        dead.dedup();
        Ok(dead)
    }

    /// The vertices of an answer (whitespace-separated, any lines), each on the board.
    pub(super) fn vertices(
        &self,
        position: &Position,
        command: &str,
        text: &str,
    ) -> Result<Vec<Point>, JudgeFailure> {
        text.split_whitespace()
            .map(|word| {
                Point::from_vertex(word, position.size).ok_or_else(|| self.nonsense(command, text))
            })
            .collect()
    }

    /// Sends a command that must succeed; its answer's text.
    pub(super) fn expect_success(&mut self, command: &str) -> Result<String, JudgeFailure> {
        let reply = self.send(command)?;
        if reply.success {
            Ok(reply.text)
        } else {
            Err(self.failure(
                JudgeFailureKind::Protocol,
                format!("refused `{command}`: {}", reply.text),
            ))
        }
    }

    /// Sends one command and reads its answer: `=` or `?`, text, an empty line.
    pub(super) fn send(&mut self, command: &str) -> Result<Reply, JudgeFailure> {
        let written = match self.engine.input.as_mut() {
            Some(input) => input
                .write_all(command.as_bytes())
                .and_then(|_| input.write_all(b"\n"))
                .and_then(|_| input.flush())
                .is_ok(),
            None => false,
        };
        if !written {
            return Err(self.exited(command));
        }
        let answer = self.next_answer(command)?;
        let (first, rest) = answer.split_once('\n').unwrap_or((&answer, ""));
        let (success, head) = match first.as_bytes().first() {
            Some(b'=') => (true, &first[1..]),
            Some(b'?') => (false, &first[1..]),
            _ => return Err(self.nonsense(command, first)),
        };
        let mut text = head
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .trim()
            .to_string();
        for line in rest.split('\n') {
            text.push('\n');
            text.push_str(line.trim());
        }
        Ok(Reply {
            success,
            text: text.trim().to_string(),
        })
    }

    /// The next answer, or the reason there is none before the deadline.
    pub(super) fn next_answer(&mut self, command: &str) -> Result<String, JudgeFailure> {
        let left = self.deadline.saturating_duration_since(Instant::now());
        match self.engine.answers.recv_timeout(left) {
            Ok(Output::Answer(answer)) => Ok(answer),
            Ok(Output::TooLong) => Err(self.nonsense(command, "an answer of more than 1 MiB")),
            Err(RecvTimeoutError::Timeout) => Err(self.failure(
                JudgeFailureKind::Timeout,
                format!(
                    "did not answer `{command}` within {} (the safety limit per position, \
                     --judge-timeout; bound the engine's work with its own settings)",
                    seconds(self.config.safety_timeout)
                ),
            )),
            Err(RecvTimeoutError::Disconnected) => Err(self.exited(command)),
        }
    }

    pub(super) fn exited(&mut self, command: &str) -> JudgeFailure {
        let note = self.engine.exit_note();
        self.failure(
            JudgeFailureKind::Exited,
            format!("exited before answering `{command}`{note}"),
        )
    }

    pub(super) fn nonsense(&self, command: &str, answer: &str) -> JudgeFailure {
        let shown: String = answer.chars().take(120).collect();
        let cut = if shown.len() < answer.len() {
            "…"
        } else {
            ""
        };
        self.failure(
            JudgeFailureKind::Protocol,
            format!("answered `{command}` with nonsense: {shown:?}{cut}"),
        )
    }

    pub(super) fn failure(&self, kind: JudgeFailureKind, what: String) -> JudgeFailure {
        JudgeFailure::new(kind, format!("the engine `{}` {what}", self.config.command))
    }
}

/// A duration as people write it: `30 s`, `1.5 s`, `200 ms`.
pub(super) fn seconds(d: Duration) -> String {
    if d < Duration::from_secs(1) {
        format!("{} ms", d.as_millis())
    } else {
        format!("{} s", (d.as_secs_f64() * 10.0).round() / 10.0)
    }
}
