//! `sgfaudit._native`: the library's public API as Python sees it, converted at the edge.
//!
//! A run goes on the library's own thread and rayon pool ([`sgfaudit::stream::Stream`]);
//! Python reads its report in chunks without holding the GIL, and checks for Ctrl-C
//! between chunks. A chunk is either whole lines of the report (the CSV read into
//! frames; the `error` and `summary` records) or games, turned into Python dicts here,
//! straight from the library's typed reports by the serializer of the `--json` game
//! data (same keys, order and values, without JSON text in between). The pure-Python
//! part (`sgfaudit/_core.py`) does the rest.

mod objects;

mod dups;

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList};

use sgfaudit::audit::GameReport;
use sgfaudit::cli::{audit_option_names, OptionError, OptionValue};
use sgfaudit::input::archive::kind_of;
use sgfaudit::input::lines::LineCol;
use sgfaudit::input::walk::{expand, Input};
use sgfaudit::output::{Format, GameJson, InputError};
use sgfaudit::partition::{
    plan as plan_parts, total_bytes, GameRange, MemberRange, Piece, Spacing,
};
use sgfaudit::run::Part;
use sgfaudit::stream::{settings, Next, Stream};

/// How long a read waits for the run before it looks for Ctrl-C again.
const SIGNAL_CHECK: Duration = Duration::from_millis(50);

/// One option from Python: its name and the value as a switch, a text or a list.
type PyOption = (String, Option<bool>, Option<String>, Option<Vec<String>>);

/// A piece of a partition as Python holds it: `(kind, path, from, to, first, line,
/// column)`, kind `file`, `archive`, `games` (the games of a file that start in
/// `from..to`) or `members` (the members `from..to` of an archive).
type PyPiece = (String, PathBuf, usize, usize, usize, u32, u32);

fn option_values(options: Vec<PyOption>) -> PyResult<Vec<(String, OptionValue)>> {
    options
        .into_iter()
        .map(|(name, flag, text, list)| {
            let value = match (flag, text, list) {
                (Some(flag), _, _) => OptionValue::Flag(flag),
                (_, Some(text), _) => OptionValue::Text(text),
                (_, _, Some(list)) => OptionValue::List(list),
                _ => return Err(PyTypeError::new_err(format!("{name}: no value"))),
            };
            Ok((name, value))
        })
        .collect()
}

fn option_error(e: OptionError) -> PyErr {
    match e {
        OptionError::Unknown(name) => PyTypeError::new_err(format!(
            "unexpected keyword argument '{name}' (the options are: {})",
            audit_option_names().join(", ")
        )),
        OptionError::Invalid(message) => PyValueError::new_err(message),
    }
}

fn piece_from_py((kind, path, from, to, first, line, column): PyPiece) -> PyResult<Piece> {
    Ok(match kind.as_str() {
        "file" => Piece::Whole(Input::File(path)),
        "archive" => match kind_of(&path) {
            Some(kind) => Piece::Whole(Input::Archive(path, kind)),
            None => Piece::Whole(Input::File(path)),
        },
        "members" => match kind_of(&path) {
            Some(kind) => Piece::Members(MemberRange {
                path,
                kind,
                from,
                to,
                bytes: 0,
            }),
            None => return Err(PyValueError::new_err("a members piece of a non-archive")),
        },
        "games" => Piece::Games(GameRange {
            path,
            from,
            to,
            first,
            at: LineCol { line, column },
        }),
        other => {
            return Err(PyValueError::new_err(format!(
                "unknown piece kind '{other}'"
            )))
        }
    })
}

fn piece_to_py(piece: &Piece) -> Option<PyPiece> {
    Some(match piece {
        Piece::Whole(Input::File(p)) => ("file".into(), p.clone(), 0, 0, 0, 0, 0),
        Piece::Whole(Input::Archive(p, _)) => ("archive".into(), p.clone(), 0, 0, 0, 0, 0),
        Piece::Games(r) => (
            "games".into(),
            r.path.clone(),
            r.from,
            r.to,
            r.first,
            r.at.line,
            r.at.column,
        ),
        Piece::Members(m) => ("members".into(), m.path.clone(), m.from, m.to, 0, 0, 0),
        Piece::Whole(Input::Stdin) | Piece::Memory { .. } => return None,
    })
}

/// A run under way; `next_lines` hands over its report.
#[pyclass(module = "sgfaudit._native")]
struct Run {
    stream: Mutex<Option<Stream>>,
}

#[pymethods]
impl Run {
    /// The next chunk of the report: whole lines as bytes, or a list of game dicts (a
    /// run started with format `games`); `None` once it is complete. Waits without the
    /// GIL; raises `KeyboardInterrupt` on Ctrl-C (and stops the run), and `RuntimeError`
    /// when the run stopped on an error.
    fn next_chunk<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let mut guard = self.stream.lock().map_err(|_| closed())?;
        loop {
            let Some(stream) = guard.as_mut() else {
                return Ok(None);
            };
            match py.allow_threads(|| stream.next(SIGNAL_CHECK)) {
                Next::Lines(lines) => return Ok(Some(PyBytes::new(py, &lines).into_any())),
                Next::Games(games) => return games_to_py(py, &games).map(Some),
                Next::Waiting => {
                    if let Err(e) = py.check_signals() {
                        *guard = None;
                        return Err(e);
                    }
                }
                Next::Done => {
                    let outcome = stream.finish();
                    *guard = None;
                    return outcome.map(|_| None).map_err(PyRuntimeError::new_err);
                }
            }
        }
    }

    /// Stops the run (the rest of the report is not read).
    fn close(&self) {
        if let Ok(mut guard) = self.stream.lock() {
            *guard = None;
        }
    }
}

/// Games as a list of dicts, each the `data` of its `game` line of `--json`.
fn games_to_py<'py>(py: Python<'py>, games: &[GameReport]) -> PyResult<Bound<'py, PyAny>> {
    let mut keys = objects::Keys::new(py);
    let dicts = games
        .iter()
        .map(|game| keys.convert(&GameJson(game)))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| PyRuntimeError::new_err(format!("a game could not be converted: {e}")))?;
    Ok(PyList::new(py, dicts)?.into_any())
}

fn closed() -> PyErr {
    PyRuntimeError::new_err("the run's state was lost to an earlier error")
}

/// A format of the table whose records a dataframe reads (`jsonl`, `csv`,
/// `findings-csv`), or `None` for `games` (games handed over as dicts).
fn format_named(name: &str) -> PyResult<Option<Format>> {
    if name == "games" {
        return Ok(None);
    }
    Format::named(name)
        .filter(|f| f.dataframe)
        .map(Some)
        .ok_or_else(|| PyValueError::new_err(format!("unknown format '{name}'")))
}

/// Starts a run over `paths` (or over `pieces` of a partition, or over one `text` given
/// as `(name, bytes)`) with options by name, reporting in `format` (`games`: dicts).
#[pyfunction]
#[pyo3(signature = (paths, options, format, pieces=None, errors=None, text=None))]
fn start(
    py: Python<'_>,
    paths: Vec<PathBuf>,
    options: Vec<PyOption>,
    format: &str,
    pieces: Option<Vec<PyPiece>>,
    errors: Option<Vec<(String, String)>>,
    text: Option<(String, Vec<u8>)>,
) -> PyResult<Run> {
    let format = format_named(format)?;
    if paths.is_empty() && pieces.is_none() && text.is_none() {
        // The command line would read the current folder.
        return Err(PyValueError::new_err("no paths given"));
    }
    let options = option_values(options)?;
    let mut config = py
        .allow_threads(|| settings(&paths, &options))
        .map_err(option_error)?;
    if let Some((name, bytes)) = text {
        let bytes: Arc<[u8]> = bytes.into();
        config.part = Part::Pieces(vec![Piece::Memory { name, bytes }]);
    } else if let Some(pieces) = pieces {
        let pieces = pieces
            .into_iter()
            .map(piece_from_py)
            .collect::<PyResult<_>>()?;
        config.part = Part::Pieces(pieces);
        config.input_errors = errors
            .unwrap_or_default()
            .into_iter()
            .map(|(path, message)| InputError { path, message })
            .collect();
    }
    let stream = match format {
        Some(format) => Stream::start(config, format),
        None => Stream::start_games(config),
    };
    Ok(Run {
        stream: Mutex::new(Some(stream)),
    })
}

/// Checks options by name as `start` does, without running anything.
#[pyfunction]
fn check_options(py: Python<'_>, options: Vec<PyOption>) -> PyResult<()> {
    let options = option_values(options)?;
    py.allow_threads(|| settings(&[], &options))
        .map(|_| ())
        .map_err(option_error)
}

/// The most partitions a plan may have: each is a task and a read of its file, so many
/// more is a size given in the wrong unit (`64` for 64 MB), not a plan.
const MAX_PARTITIONS: u64 = 10_000;

/// Why `partition_bytes` cannot cut `total` bytes, if it cannot: before any file is read.
fn partitions_refused(partition_bytes: u64, total: u64) -> Option<String> {
    if partition_bytes == 0 {
        return Some("partition_bytes must be at least 1".to_string());
    }
    let most = total.div_ceil(partition_bytes);
    (most > MAX_PARTITIONS).then(|| {
        format!(
            "partition_bytes={partition_bytes} would cut the {total} bytes given into up \
             to {most} partitions, more than {MAX_PARTITIONS}: it is in bytes (64 << 20 \
             is 64 MB), at least {} here",
            total.div_ceil(MAX_PARTITIONS)
        )
    })
}

/// The partitions of `paths`, one every `partition_bytes` bytes at game boundaries, each
/// a list of pieces; with the paths that gave no input, as `(path, message)`. A
/// `ValueError` when that would be more than `MAX_PARTITIONS` partitions.
#[pyfunction]
#[allow(clippy::type_complexity)]
fn plan(
    py: Python<'_>,
    paths: Vec<PathBuf>,
    partition_bytes: u64,
) -> PyResult<(Vec<Vec<PyPiece>>, Vec<(String, String)>)> {
    let planned = py.allow_threads(|| {
        let (inputs, errors) = expand(&paths);
        match partitions_refused(partition_bytes, total_bytes(&inputs)) {
            Some(message) => Err(message),
            None => Ok((plan_parts(&inputs, Spacing::Bytes(partition_bytes)), errors)),
        }
    });
    let (parts, errors) = planned.map_err(PyValueError::new_err)?;
    let mut errors: Vec<(String, String)> =
        errors.into_iter().map(|e| (e.path, e.message)).collect();
    let parts = parts
        .iter()
        .map(|part| {
            part.iter()
                .filter_map(|piece| {
                    let kept = piece_to_py(piece);
                    if kept.is_none() {
                        errors.push(("-".into(), "standard input cannot be partitioned".into()));
                    }
                    kept
                })
                .collect()
        })
        .collect();
    Ok((parts, errors))
}

/// The names of the options, as `audit()` takes them.
#[pyfunction]
fn option_names() -> Vec<String> {
    audit_option_names()
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Run>()?;
    m.add_function(wrap_pyfunction!(start, m)?)?;
    m.add_function(wrap_pyfunction!(check_options, m)?)?;
    m.add_function(wrap_pyfunction!(plan, m)?)?;
    m.add_function(wrap_pyfunction!(option_names, m)?)?;
    m.add("VERSION", env!("CARGO_PKG_VERSION"))?;
    dups::register(m)?;
    Ok(())
}
