//! The engine judge: asks a Go engine that speaks GTP (GNU Go, KataGo) which stones of a
//! final position are dead, for the games the estimate cannot settle.
//!
//! One [`Judge`] drives one engine process, started on the first question and started
//! again after a failure. For each position it sends `boardsize`, `clear_board`, `komi`,
//! then every stone with `play` — all stones of the player who moves next first, then the
//! other player's (or a pass when that player has none), an order in which no stone can
//! capture, so the engine's board is the position (checked with `list_stones` where the
//! engine knows it) and the engine sees the right player to move — and finally
//! `final_status_list dead`. Every vertex of the answer
//! must be a stone of the position, or the answer is nonsense.
//!
//! Answers do not depend on timing: how much the engine works is bounded by its own
//! settings (GNU Go's `--level`, KataGo's `maxVisits`), which are part of the command. The
//! wall-clock limit of [`JudgeConfig::safety_timeout`] is a safety net only: when it fires
//! the engine process is killed, the game gets a [`JudgeFailureKind::Timeout`], and the
//! next game starts a fresh engine. An engine that cannot start, exits, hangs or answers
//! nonsense is a [`JudgeFailure`] with a message for the report, never a panic or a hang.
//!
//! Each thread of a parallel run keeps its own engine: [`judge_on_this_thread`].

use std::cell::RefCell;
use std::collections::VecDeque;
use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::geom::{Color, Point, Position};

/// The largest board GTP can name (columns `A`..`Z` without `I`).
pub const GTP_MAX_SIDE: u8 = 25;

/// The safety net's default: far beyond what a bounded engine needs for one position.
pub const DEFAULT_SAFETY_TIMEOUT: Duration = Duration::from_secs(60);

/// The longest answer line kept, and the longest answer read, in bytes.
const MAX_LINE: u64 = 64 * 1024;
const MAX_ANSWER: usize = 1024 * 1024;
/// Lines of the engine's standard error kept to explain an exit.
const STDERR_LINES: usize = 8;
/// How long a `quit` is given before the engine is killed.
const QUIT_GRACE: Duration = Duration::from_millis(500);

/// Which engine to run and how long to wait for it at most.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct JudgeConfig {
    /// The engine's command line, split like a shell would (quotes, backslashes), run
    /// without a shell: e.g. `gnugo --mode gtp --level 1 --chinese-rules`.
    pub command: String,
    /// Wall-clock limit for one position (every command of it), and for the engine's
    /// start: a safety net only.
    pub safety_timeout: Duration,
}

impl JudgeConfig {
    /// A command with the default safety net.
    pub fn new(command: impl Into<String>) -> JudgeConfig {
        JudgeConfig {
            command: command.into(),
            safety_timeout: DEFAULT_SAFETY_TIMEOUT,
        }
    }
}

/// What the engine said about one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JudgeAnswer {
    /// The dead stones, sorted (`Point` order: by column, then row).
    Dead(Vec<Point>),
    Failed(JudgeFailure),
}

/// Why the engine gave no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum JudgeFailureKind {
    /// The command cannot be read or the program cannot be started.
    Spawn,
    /// The engine exited (or closed its output) before answering.
    Exited,
    /// The safety net fired: no answer within [`JudgeConfig::safety_timeout`].
    Timeout,
    /// The engine answered something that is not a GTP answer, refused a command it
    /// should accept, or named a point that holds no stone.
    Protocol,
    /// The position or the question is beyond the engine or GTP: a board that is not
    /// square or is over 25×25, stones without liberties, an engine without
    /// `final_status_list`.
    Unsupported,
}

impl JudgeFailureKind {
    pub fn as_str(self) -> &'static str {
        match self {
            JudgeFailureKind::Spawn => "spawn",
            JudgeFailureKind::Exited => "exited",
            JudgeFailureKind::Timeout => "timeout",
            JudgeFailureKind::Protocol => "protocol",
            JudgeFailureKind::Unsupported => "unsupported",
        }
    }

    /// Whether the engine process is in doubt after this failure (and is replaced).
    fn engine_in_doubt(self) -> bool {
        !matches!(self, JudgeFailureKind::Unsupported)
    }
}

/// A failure with a sentence for the report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JudgeFailure {
    pub kind: JudgeFailureKind,
    /// E.g. "the engine `gnugo --mode gtp` did not answer `final_status_list dead`
    /// within 30 s".
    pub message: String,
}

impl fmt::Display for JudgeFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl JudgeFailure {
    fn new(kind: JudgeFailureKind, message: String) -> JudgeFailure {
        JudgeFailure { kind, message }
    }
}

/// One engine process, started when first needed and again after a failure.
pub struct Judge {
    config: JudgeConfig,
    engine: Option<Engine>,
    starts: u32,
}

impl Judge {
    pub fn new(config: JudgeConfig) -> Judge {
        Judge {
            config,
            engine: None,
            starts: 0,
        }
    }

    pub fn config(&self) -> &JudgeConfig {
        &self.config
    }

    /// How many engine processes this judge has started so far (restarts included).
    pub fn starts(&self) -> u32 {
        self.starts
    }

    /// Asks the engine for the dead stones of `position`, `to_move` being the player
    /// whose turn it is, under `komi`.
    pub fn dead_stones(&mut self, position: &Position, komi: f64, to_move: Color) -> JudgeAnswer {
        match self.ask(position, komi, to_move) {
            Ok(dead) => JudgeAnswer::Dead(dead),
            Err(failure) => {
                if let Some(mut engine) = self.engine.take() {
                    if failure.kind == JudgeFailureKind::Timeout {
                        engine.kill(); // a hung engine reads no `quit`
                    }
                    if failure.kind.engine_in_doubt() {
                        drop(engine); // stops the process
                    } else {
                        self.engine = Some(engine);
                    }
                }
                JudgeAnswer::Failed(failure)
            }
        }
    }

    fn ask(
        &mut self,
        position: &Position,
        komi: f64,
        to_move: Color,
    ) -> Result<Vec<Point>, JudgeFailure> {
        check_position(position, komi, &self.config.command)?;
        // An engine's start (KataGo loads its network) has a safety net of its own.
        self.start_engine(Instant::now() + self.config.safety_timeout)?;
        let mut session = Session {
            engine: self.engine.as_mut().expect("started above"),
            config: &self.config,
            deadline: Instant::now() + self.config.safety_timeout,
        };
        session.set_up(position, komi, to_move)?;
        session.dead_stones(position)
    }

    /// Starts the engine unless it runs, and learns which commands it knows.
    fn start_engine(&mut self, deadline: Instant) -> Result<(), JudgeFailure> {
        if self.engine.is_none() {
            let mut engine = Engine::spawn(&self.config.command)?;
            self.starts += 1;
            Session {
                engine: &mut engine,
                config: &self.config,
                deadline,
            }
            .learn_commands()?;
            self.engine = Some(engine);
        }
        Ok(())
    }
}

thread_local! {
    /// This thread's judges, one per engine configuration.
    static JUDGES: RefCell<Vec<Judge>> = const { RefCell::new(Vec::new()) };
}

/// [`Judge::dead_stones`] with this thread's judge for `config` (made when first asked):
/// each worker thread of a parallel run keeps one engine process. The engines stop when
/// their thread ends, or at the latest when sgfaudit exits (their input closes).
pub fn judge_on_this_thread(
    config: &JudgeConfig,
    position: &Position,
    komi: f64,
    to_move: Color,
) -> JudgeAnswer {
    JUDGES.with(|judges| {
        let mut judges = judges.borrow_mut();
        let index = match judges.iter().position(|j| j.config == *config) {
            Some(i) => i,
            None => {
                judges.push(Judge::new(config.clone()));
                judges.len() - 1
            }
        };
        judges[index].dead_stones(position, komi, to_move)
    })
}

/// Refuses what cannot be asked: a board GTP cannot name, stones without liberties (no
/// sequence of moves makes them), a komi that is not a number.
fn check_position(position: &Position, komi: f64, command: &str) -> Result<(), JudgeFailure> {
    let size = position.size;
    let unsupported = |why: String| {
        Err(JudgeFailure::new(
            JudgeFailureKind::Unsupported,
            format!("the engine `{command}` was not asked: {why}"),
        ))
    };
    if size.width != size.height {
        return unsupported(format!("GTP has square boards only, this one is {size}"));
    }
    if size.width > GTP_MAX_SIDE {
        return unsupported(format!(
            "GTP names boards up to {GTP_MAX_SIDE}×{GTP_MAX_SIDE}, this one is {size}×{size}"
        ));
    }
    if !komi.is_finite() {
        return unsupported(format!("komi {komi} is not a number"));
    }
    if let Some(p) = stone_without_liberty(position) {
        return unsupported(format!(
            "the chain at {} has no liberty, so no game reaches this position",
            p.vertex(size)
        ));
    }
    Ok(())
}

/// A stone of a chain that has no empty neighbour, if any.
fn stone_without_liberty(position: &Position) -> Option<Point> {
    let size = position.size;
    let mut seen = vec![false; size.points()];
    for start in 0..size.points() {
        let Some(color) = position.cells[start] else {
            continue;
        };
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut stack = vec![size.point(start)];
        let mut free = false;
        while let Some(p) = stack.pop() {
            for n in size.neighbors(p) {
                let i = size.index(n);
                match position.cells[i] {
                    None => free = true,
                    Some(c) if c == color && !seen[i] => {
                        seen[i] = true;
                        stack.push(n);
                    }
                    _ => {}
                }
            }
        }
        if !free {
            return Some(size.point(start));
        }
    }
    None
}

/// The points of `color`'s stones, in row-major order.
fn stones_of(position: &Position, color: Color) -> Vec<Point> {
    (0..position.size.points())
        .filter(|&i| position.cells[i] == Some(color))
        .map(|i| position.size.point(i))
        .collect()
}

/// A running engine: its input, a thread reading its output line by line, and the last
/// lines of its standard error.
struct Engine {
    child: Child,
    input: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
    knows_list_stones: bool,
}

impl Engine {
    fn spawn(command: &str) -> Result<Engine, JudgeFailure> {
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
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| spawn_failure(format!("the engine `{command}` cannot be started: {e}")))?;
        let stdout = child.stdout.take().expect("piped");
        let stderr = child.stderr.take().expect("piped");
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || read_lines(stdout, sender));
        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        let tail = Arc::clone(&stderr_tail);
        std::thread::spawn(move || keep_tail(stderr, tail));
        Ok(Engine {
            input: child.stdin.take(),
            child,
            lines,
            stderr_tail,
            knows_list_stones: false,
        })
    }

    /// How the engine ended, with the last words it wrote to standard error.
    fn exit_note(&mut self) -> String {
        // Its output is closed: give it a moment to be reaped.
        let start = Instant::now();
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if start.elapsed() < QUIT_GRACE => {
                    std::thread::sleep(Duration::from_millis(10))
                }
                _ => break None,
            }
        };
        let mut note = match status {
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
}

impl Engine {
    /// Kills the engine: this process's own child, by its id.
    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Engine {
    /// Asks the engine to quit, and kills it (this process's own child, by its id) if it
    /// has not within a moment.
    fn drop(&mut self) {
        if let Some(mut input) = self.input.take() {
            let _ = input.write_all(b"quit\n").and_then(|_| input.flush());
        }
        let start = Instant::now();
        while start.elapsed() < QUIT_GRACE {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        self.kill();
    }
}

/// Sends the engine's output lines (without `\r`, cut at [`MAX_LINE`] bytes) until it
/// closes or nobody listens.
fn read_lines(stdout: impl Read, sender: mpsc::Sender<String>) {
    let mut reader = BufReader::new(stdout);
    loop {
        let mut bytes = Vec::new();
        match (&mut reader).take(MAX_LINE).read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let line = String::from_utf8_lossy(&bytes).replace(['\r', '\n'], "");
        if sender.send(line).is_err() {
            return;
        }
    }
}

/// Keeps the last [`STDERR_LINES`] lines of the engine's standard error.
fn keep_tail(stderr: impl Read, tail: Arc<Mutex<VecDeque<String>>>) {
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
struct Reply {
    success: bool,
    text: String,
}

/// The commands of one position, all under one deadline.
struct Session<'a> {
    engine: &'a mut Engine,
    config: &'a JudgeConfig,
    deadline: Instant,
}

impl Session<'_> {
    /// Checks the engine has `final_status_list`, and whether it has `list_stones`.
    fn learn_commands(&mut self) -> Result<(), JudgeFailure> {
        if !self.known("final_status_list")? {
            return Err(self.failure(
                JudgeFailureKind::Unsupported,
                "does not know the GTP command `final_status_list`".to_string(),
            ));
        }
        self.engine.knows_list_stones = self.known("list_stones")?;
        Ok(())
    }

    fn known(&mut self, command: &str) -> Result<bool, JudgeFailure> {
        let reply = self.expect_success(&format!("known_command {command}"))?;
        match reply.as_str() {
            "true" => Ok(true),
            "false" => Ok(false),
            other => Err(self.nonsense(&format!("known_command {command}"), other)),
        }
    }

    /// Puts the position on the engine's board, `to_move`'s stones first.
    fn set_up(
        &mut self,
        position: &Position,
        komi: f64,
        to_move: Color,
    ) -> Result<(), JudgeFailure> {
        let size = position.size;
        let boardsize = format!("boardsize {}", size.width);
        let reply = self.send(&boardsize)?;
        if !reply.success {
            return Err(self.failure(
                JudgeFailureKind::Unsupported,
                format!("refused `{boardsize}`: {}", reply.text),
            ));
        }
        self.expect_success("clear_board")?;
        self.expect_success(&format!("komi {komi}"))?;
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
    fn check_stones(&mut self, position: &Position, color: Color) -> Result<(), JudgeFailure> {
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

    /// Asks for the dead stones and checks each is a stone of the position.
    fn dead_stones(&mut self, position: &Position) -> Result<Vec<Point>, JudgeFailure> {
        let command = "final_status_list dead";
        let text = self.expect_success(command)?;
        let mut dead = self.vertices(position, command, &text)?;
        if let Some(empty) = dead.iter().find(|&&p| position.get(p).is_none()) {
            let vertex = empty.vertex(position.size);
            return Err(self.failure(
                JudgeFailureKind::Protocol,
                format!("called {vertex} dead, a point without a stone"),
            ));
        }
        dead.sort();
        dead.dedup();
        Ok(dead)
    }

    /// The vertices of an answer (whitespace-separated, any lines), each on the board.
    fn vertices(
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
    fn expect_success(&mut self, command: &str) -> Result<String, JudgeFailure> {
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
    fn send(&mut self, command: &str) -> Result<Reply, JudgeFailure> {
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
        let first = loop {
            let line = self.next_line(command)?;
            if !line.trim().is_empty() {
                break line;
            }
        };
        let (success, rest) = match first.as_bytes().first() {
            Some(b'=') => (true, &first[1..]),
            Some(b'?') => (false, &first[1..]),
            _ => return Err(self.nonsense(command, &first)),
        };
        let mut text = rest
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .trim()
            .to_string();
        loop {
            let line = self.next_line(command)?;
            if line.trim().is_empty() {
                break;
            }
            if text.len() + line.len() > MAX_ANSWER {
                return Err(self.nonsense(command, "an answer of more than 1 MiB"));
            }
            text.push('\n');
            text.push_str(line.trim());
        }
        Ok(Reply {
            success,
            text: text.trim().to_string(),
        })
    }

    /// The next line of output, or the reason there is none before the deadline.
    fn next_line(&mut self, command: &str) -> Result<String, JudgeFailure> {
        let left = self.deadline.saturating_duration_since(Instant::now());
        match self.engine.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(self.failure(
                JudgeFailureKind::Timeout,
                format!(
                    "did not answer `{command}` within {} (the safety limit per position; \
                     bound the engine's work with its own settings)",
                    seconds(self.config.safety_timeout)
                ),
            )),
            Err(RecvTimeoutError::Disconnected) => Err(self.exited(command)),
        }
    }

    fn exited(&mut self, command: &str) -> JudgeFailure {
        let note = self.engine.exit_note();
        self.failure(
            JudgeFailureKind::Exited,
            format!("exited before answering `{command}`{note}"),
        )
    }

    fn nonsense(&self, command: &str, answer: &str) -> JudgeFailure {
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

    fn failure(&self, kind: JudgeFailureKind, what: String) -> JudgeFailure {
        JudgeFailure::new(kind, format!("the engine `{}` {what}", self.config.command))
    }
}

/// A duration as people write it: `30 s`, `1.5 s`, `200 ms`.
fn seconds(d: Duration) -> String {
    if d < Duration::from_secs(1) {
        format!("{} ms", d.as_millis())
    } else {
        format!("{} s", (d.as_secs_f64() * 10.0).round() / 10.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chains_without_liberties_are_found() {
        let full = Position::from_diagram("XO\nOX");
        assert!(stone_without_liberty(&full).is_some());
        let open = Position::from_diagram("XO.\n.X.\n...");
        assert_eq!(stone_without_liberty(&open), None);
        let captured = Position::from_diagram("..O\n.OX\n..O");
        assert_eq!(stone_without_liberty(&captured), Some(Point::new(2, 1)));
    }

    #[test]
    fn positions_gtp_cannot_carry_are_refused_before_any_engine_runs() {
        let mut judge = Judge::new(JudgeConfig::new("no-such-engine-anywhere"));
        let wide = Position::empty(crate::geom::BoardSize::new(9, 13).unwrap());
        let huge = Position::empty(crate::geom::BoardSize::square(26).unwrap());
        let full = Position::from_diagram("XO\nOX");
        for position in [wide, huge, full] {
            match judge.dead_stones(&position, 7.5, Color::Black) {
                JudgeAnswer::Failed(f) => assert_eq!(f.kind, JudgeFailureKind::Unsupported),
                other => panic!("{other:?}"),
            }
        }
        assert_eq!(judge.starts(), 0);
    }

    #[test]
    fn durations_read_well() {
        assert_eq!(seconds(Duration::from_secs(30)), "30 s");
        assert_eq!(seconds(Duration::from_millis(1500)), "1.5 s");
        assert_eq!(seconds(Duration::from_millis(200)), "200 ms");
    }
}
