//! The engine judge: asks a Go engine that speaks GTP (GNU Go, KataGo) which stones of a
//! final position are dead, for the games the estimate cannot settle.
//!
//! Every position gets an engine process of its own ([`Judge::dead_stones`]): it asks the
//! engine's `name`, then sends `boardsize`, `clear_board`, `komi`, then every stone with
//! `play` — all stones of the player who moves next first, then the other player's (or a
//! pass when that player has none), an order in which no stone can capture, so the
//! engine's board is the position (checked with `list_stones` where the engine knows it)
//! and the engine sees the right player to move — and finally `final_status_list dead`,
//! then `quit`. KataGo (its `name`) is asked for one evaluation of its network's ownership
//! instead ([`katago`]): its `final_status_list` searches far longer. A process per
//! position is what makes the answer depend on the position alone: an engine keeps state
//! that `clear_board` does not reset (caches, a random generator, a count of its games),
//! so with one process for many positions its answers would depend on what it was asked
//! before, and on how a parallel run shared the games among its threads. It costs a start
//! per position: GNU Go starts in about 10 ms, against seconds of CPU per 19×19 position.
//!
//! Every vertex of the answer must be a stone of the position, and no stone of a
//! pass-alive chain (Benson: no sequence of moves captures it) may be dead, or the answer
//! is nonsense and is not used; the stones inside pass-alive territory, dead whatever
//! anyone says, are dead in every answer. What Benson's algorithm settles, no engine
//! changes: a count that rests on it alone stays as certain with the judge as without.
//!
//! Answers do not depend on timing: how much the engine works is bounded by its own
//! settings (GNU Go's `--level`, KataGo's `maxVisits`), which are part of the command. The
//! wall-clock limit of [`JudgeConfig::safety_timeout`] (`--judge-timeout`) is a safety net
//! only: when it fires the engine's process group is killed and the game gets a
//! [`JudgeFailureKind::Timeout`]. An engine that cannot start, exits, hangs or answers
//! nonsense is a [`JudgeFailure`] with a message for the report, never a panic or a hang;
//! after [`GIVE_UP_AFTER`] failures in a row the rest of the run goes without it
//! ([`JudgeFailureKind::GaveUp`]). The engines run in process groups of their own, ended
//! with the run ([`groups`]).

mod dialect;
mod engine;
mod groups;
mod katago;

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

pub use groups::end_engines_on_signals;

use engine::{Engine, Session};

use crate::geom::{Color, Point, Position};
use crate::score::pass_alive;

/// The largest board GTP can name (columns `A`..`Z` without `I`).
pub const GTP_MAX_SIDE: u8 = 25;

/// The safety net's default: far beyond what a bounded engine needs for one position.
pub const DEFAULT_SAFETY_TIMEOUT: Duration = Duration::from_secs(60);

/// Failures of one engine in a row (a start, an exit, a hang, nonsense) after which the
/// rest of the run goes without it: an engine that fails three positions in a row is
/// broken for this run, and a hanging one would cost the safety net on every position.
pub const GIVE_UP_AFTER: u32 = 3;

/// The longest answer line kept, and the longest answer read, in bytes.
const MAX_LINE: u64 = 64 * 1024;
const MAX_ANSWER: usize = 1024 * 1024;
/// Lines of the engine's standard error kept to explain an exit.
const STDERR_LINES: usize = 8;
/// How long a `quit` is given before the engine is killed.
const QUIT_GRACE: Duration = Duration::from_millis(500);

/// Which engine to run and how long to wait for it at most; its clones share one run's
/// state (see [`JudgeConfig::stop_engines`] and [`GIVE_UP_AFTER`]). Two configurations
/// are equal when their command and safety net are.
#[derive(Clone, Debug)]
pub struct JudgeConfig {
    /// The engine's command line, split like a shell would (quotes, backslashes), run
    /// without a shell: e.g. `gnugo --mode gtp --level 1 --chinese-rules`.
    pub command: String,
    /// Wall-clock limit for one position (every command of it), and for the engine's
    /// start: a safety net only.
    pub safety_timeout: Duration,
    run: Arc<JudgeRun>,
}

impl PartialEq for JudgeConfig {
    fn eq(&self, other: &JudgeConfig) -> bool {
        self.command == other.command && self.safety_timeout == other.safety_timeout
    }
}

impl Eq for JudgeConfig {}

impl Hash for JudgeConfig {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.command.hash(state);
        self.safety_timeout.hash(state);
    }
}

impl JudgeConfig {
    /// A command with the default safety net, for a run of its own.
    pub fn new(command: impl Into<String>) -> JudgeConfig {
        JudgeConfig {
            command: command.into(),
            safety_timeout: DEFAULT_SAFETY_TIMEOUT,
            run: Arc::default(),
        }
    }

    /// The same with another safety net.
    pub fn with_timeout(self, safety_timeout: Duration) -> JudgeConfig {
        JudgeConfig {
            safety_timeout,
            ..self
        }
    }

    /// Kills the engines this run's judges are asking now, and lets the run start no
    /// other: each position still to be asked fails at once. For a run that stops before
    /// its end (the Python package's interrupt).
    pub fn stop_engines(&self) {
        self.run.stop();
    }

    /// Why the rest of this run goes without the engine, once it does.
    pub fn gave_up(&self) -> Option<&str> {
        self.run.gave_up.get().map(String::as_str)
    }
}

/// What the judges of one run share: the failures of the engine in a row, whether the
/// run gave up on it, and its running engines.
#[derive(Debug, Default)]
struct JudgeRun {
    failures: AtomicU32,
    gave_up: OnceLock<String>,
    groups: Mutex<RunGroups>,
}

/// The process groups of a run's running engines, and whether the run was stopped.
#[derive(Debug, Default)]
struct RunGroups {
    running: Vec<i32>,
    stopped: bool,
}

impl JudgeRun {
    fn groups(&self) -> std::sync::MutexGuard<'_, RunGroups> {
        self.groups.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn stop(&self) {
        let mut groups = self.groups();
        groups.stopped = true;
        for group in groups.running.drain(..) {
            groups::kill_group(group);
        }
    }

    fn stopped(&self) -> bool {
        self.groups().stopped
    }

    /// Enters a started engine's group; `false` (and the group killed) when the run
    /// was stopped.
    fn enter(&self, group: i32) -> bool {
        let mut groups = self.groups();
        if groups.stopped {
            groups::kill_group(group);
            return false;
        }
        groups.running.push(group);
        true
    }

    fn leave(&self, group: i32) {
        self.groups().running.retain(|&g| g != group);
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
    /// The engine answered something that is not a GTP answer (or more than 1 MiB),
    /// refused a command it should accept, named a point that holds no stone, or called
    /// a pass-alive chain dead.
    Protocol,
    /// The position or the question is beyond the engine or GTP: a board that is not
    /// square or is over 25×25, stones without liberties, an engine without
    /// `final_status_list` (or KataGo without `kata-raw-nn`).
    Unsupported,
    /// The engine was not asked: it failed [`GIVE_UP_AFTER`] positions in a row, or the
    /// run was stopped.
    GaveUp,
}

impl JudgeFailureKind {
    pub fn as_str(self) -> &'static str {
        match self {
            JudgeFailureKind::Spawn => "spawn",
            JudgeFailureKind::Exited => "exited",
            JudgeFailureKind::Timeout => "timeout",
            JudgeFailureKind::Protocol => "protocol",
            JudgeFailureKind::Unsupported => "unsupported",
            JudgeFailureKind::GaveUp => "gave-up",
        }
    }

    /// Whether this is a failure of the engine, counted towards [`GIVE_UP_AFTER`] (not
    /// of the position, nor a question not asked).
    fn of_the_engine(self) -> bool {
        !matches!(
            self,
            JudgeFailureKind::Unsupported | JudgeFailureKind::GaveUp
        )
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

/// Asks an engine, one process per position (see the module's documentation).
pub struct Judge {
    config: JudgeConfig,
    starts: u32,
}

impl Judge {
    pub fn new(config: JudgeConfig) -> Judge {
        Judge { config, starts: 0 }
    }

    pub fn config(&self) -> &JudgeConfig {
        &self.config
    }

    /// How many engine processes this judge has started so far.
    pub fn starts(&self) -> u32 {
        self.starts
    }

    /// Asks an engine of its own for the dead stones of `position`, `to_move` being the
    /// player whose turn it is, under `komi`. No answer once the run gave up on the
    /// engine or was stopped.
    pub fn dead_stones(&mut self, position: &Position, komi: f64, to_move: Color) -> JudgeAnswer {
        if let Some(refusal) = self.refusal() {
            return JudgeAnswer::Failed(refusal);
        }
        match self.ask(position, komi, to_move) {
            Ok(dead) => {
                self.config.run.failures.store(0, Ordering::Relaxed);
                JudgeAnswer::Dead(dead)
            }
            Err(failure) => JudgeAnswer::Failed(self.counted(failure)),
        }
    }

    /// Why the engine is not asked at all, if it is not.
    fn refusal(&self) -> Option<JudgeFailure> {
        let command = &self.config.command;
        let why = match self.config.gave_up() {
            Some(why) => why.to_string(),
            None if self.config.run.stopped() => "the run was stopped".to_string(),
            None => return None,
        };
        Some(JudgeFailure::new(
            JudgeFailureKind::GaveUp,
            format!("the engine `{command}` was not asked: {why}"),
        ))
    }

    /// Counts a failure of the engine; the one that makes [`GIVE_UP_AFTER`] in a row
    /// says that the rest of the run goes without it.
    fn counted(&self, mut failure: JudgeFailure) -> JudgeFailure {
        if !failure.kind.of_the_engine() {
            return failure;
        }
        let run = &self.config.run;
        let in_a_row = run.failures.fetch_add(1, Ordering::Relaxed) + 1;
        if in_a_row >= GIVE_UP_AFTER {
            let why = format!(
                "it failed {GIVE_UP_AFTER} positions in a row (the last: {}), so the rest of the run goes without it",
                failure.kind.as_str()
            );
            if run.gave_up.set(why).is_ok() {
                failure.message.push_str(&format!(
                    "; that is {GIVE_UP_AFTER} failures in a row: the rest of the run goes without the engine judge"
                ));
            }
        }
        failure
    }

    fn ask(
        &mut self,
        position: &Position,
        komi: f64,
        to_move: Color,
    ) -> Result<Vec<Point>, JudgeFailure> {
        check_position(position, komi, &self.config.command)?;
        // An engine's start (KataGo loads its network) has a safety net of its own.
        let mut engine = self.start_engine(Instant::now() + self.config.safety_timeout)?;
        let mut session = Session {
            engine: &mut engine,
            config: &self.config,
            deadline: Instant::now() + self.config.safety_timeout,
        };
        let answer = session.judge(position, komi, to_move);
        if matches!(&answer, Err(f) if f.kind == JudgeFailureKind::Timeout) {
            engine.kill(); // a hung engine reads no `quit`
        }
        answer // the engine is asked to quit
    }

    /// Starts an engine and learns which commands it knows.
    fn start_engine(&mut self, deadline: Instant) -> Result<Engine, JudgeFailure> {
        let mut engine = Engine::spawn(&self.config)?;
        self.starts += 1;
        let learnt = Session {
            engine: &mut engine,
            config: &self.config,
            deadline,
        }
        .learn_commands();
        match learnt {
            Ok(()) => Ok(engine),
            Err(failure) => {
                if failure.kind == JudgeFailureKind::Timeout {
                    engine.kill();
                }
                Err(failure)
            }
        }
    }
}

/// [`Judge::dead_stones`] for one position: an engine process of its own answers it, so
/// every thread of a parallel run asks alike.
pub fn judge_position(
    config: &JudgeConfig,
    position: &Position,
    komi: f64,
    to_move: Color,
) -> JudgeAnswer {
    Judge::new(config.clone()).dead_stones(position, komi, to_move)
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
    position
        .chains()
        .into_iter()
        .find(|(_, chain)| position.liberties_of(chain) == 0)
        .map(|(_, chain)| chain[0])
}

/// The stones of the first pass-alive chain (Benson) that has a stone in `dead` (sorted),
/// if any: such a chain lives whatever is played, so an engine that calls it dead is wrong.
fn pass_alive_called_dead(position: &Position, dead: &[Point]) -> Option<Vec<Point>> {
    if dead.is_empty() {
        return None;
    }
    let alive = pass_alive(position);
    [Color::Black, Color::White]
        .into_iter()
        .flat_map(|color| alive.of(color).chains.clone())
        .find(|chain| chain.iter().any(|p| dead.binary_search(p).is_ok()))
}

/// "1 stone", "12 stones".
fn stones_word(n: usize) -> String {
    format!("{n} stone{}", if n == 1 { "" } else { "s" })
}

/// The points of `color`'s stones, in row-major order.
fn stones_of(position: &Position, color: Color) -> Vec<Point> {
    (0..position.size.points())
        .filter(|&i| position.cells[i] == Some(color))
        .map(|i| position.size.point(i))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::engine::seconds;
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
