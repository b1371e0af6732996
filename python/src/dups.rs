//! `sgfaudit._native`'s duplicate finder for `sgfaudit.dask.dups`: the key lines of a
//! partition's games (pure: the same pieces give the same lines), and the clusters of
//! key lines as the rows of `sgfaudit dups --format csv`, and what ties each game of key
//! lines to the others (the hashes the lines are shuffled by).

use std::io::{self, BufRead, Cursor};

use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use sgfaudit::commands::dups::{report_bytes, search_key_lines, write_keys};
use sgfaudit::dups::{links, DEFAULT_MEMORY};
use sgfaudit::output::dups::DUPS_FORMATS;
use sgfaudit::output::keys as keys_file;
use sgfaudit::output::progress::ProgressMode;
use sgfaudit::output::InputError;
use sgfaudit::run::ordered::GamesConfig;
use sgfaudit::run::Part;

use super::{piece_from_py, PyPiece};

/// The key lines (`dups --format keys`) of the games of a partition's `pieces`, in
/// order, and the inputs that could not be read as `(path, message)` (`errors` given
/// first).
#[pyfunction]
#[pyo3(signature = (pieces, errors=None))]
#[allow(clippy::type_complexity)]
fn dups_keys<'py>(
    py: Python<'py>,
    pieces: Vec<PyPiece>,
    errors: Option<Vec<(String, String)>>,
) -> PyResult<(Bound<'py, PyBytes>, Vec<(String, String)>)> {
    let pieces = pieces
        .into_iter()
        .map(piece_from_py)
        .collect::<PyResult<_>>()?;
    let config = GamesConfig {
        paths: Vec::new(),
        walk: Default::default(),
        input_errors: errors
            .unwrap_or_default()
            .into_iter()
            .map(|(path, message)| InputError { path, message })
            .collect(),
        jobs: 1,
        progress: ProgressMode::Never,
        on_input_error: Default::default(),
        part: Part::Pieces(pieces),
    };
    let (lines, outcome) = py
        .allow_threads(|| {
            let mut lines = Vec::new();
            write_keys(&config, &mut lines).map(|outcome| (lines, outcome))
        })
        .map_err(|e| PyOSError::new_err(e.to_string()))?;
    let errors = outcome
        .errors
        .into_iter()
        .map(|e| (e.path, e.message))
        .collect();
    Ok((PyBytes::new(py, &lines), errors))
}

/// The clusters of the games of `parts` (key lines, in input order) as the CSV of `dups
/// --format csv`, header first, the inputs that could not be read (`errors`, as
/// `(path, message)`) last; a line that is not a key raises `ValueError`.
#[pyfunction]
#[pyo3(signature = (parts, errors, memory=DEFAULT_MEMORY))]
fn dups_csv<'py>(
    py: Python<'py>,
    parts: Vec<Vec<u8>>,
    errors: Vec<(String, String)>,
    memory: usize,
) -> PyResult<Bound<'py, PyBytes>> {
    let csv = py.allow_threads(|| {
        let inputs = parts
            .into_iter()
            .enumerate()
            .map(|(i, bytes)| {
                let reader: Box<dyn BufRead> = Box::new(Cursor::new(bytes));
                (format!("partition {i}"), Ok(reader))
            })
            .collect();
        let mut found = search_key_lines(inputs, memory)?;
        if let Some(e) = found.outcome.errors.first() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{}: {}", e.path, e.message),
            ));
        }
        found.outcome.errors = errors
            .into_iter()
            .map(|(path, message)| InputError { path, message })
            .collect();
        report_bytes(&found, DUPS_FORMATS[2])
    });
    match csv {
        Ok(csv) => Ok(PyBytes::new(py, &csv)),
        Err(e) if e.kind() == io::ErrorKind::InvalidData => {
            Err(PyValueError::new_err(e.to_string()))
        }
        Err(e) => Err(PyOSError::new_err(e.to_string())),
    }
}

/// What ties each game of key lines (`dups --format keys`, one game a line, blank lines
/// skipped) to the games it may be clustered with (`sgfaudit::dups::links`): the
/// number of its line among the games (little-endian `u32`s) and a hash (little-endian
/// `i64`s), a pair for each hash; a line that is not a key raises `ValueError`.
#[pyfunction]
fn dups_links<'py>(
    py: Python<'py>,
    lines: &[u8],
) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>)> {
    let found = py.allow_threads(|| {
        let (mut games, mut hashes) = (Vec::new(), Vec::new());
        let text = std::str::from_utf8(lines).map_err(|e| e.to_string())?;
        let keys = text.lines().filter(|l| !l.trim().is_empty());
        for (game, line) in keys.enumerate() {
            let (_, _, key) =
                keys_file::parse(line).map_err(|e| format!("line {}: {e}", game + 1))?;
            for hash in links(&key) {
                games.extend_from_slice(&(game as u32).to_le_bytes());
                hashes.extend_from_slice(&hash.to_le_bytes());
            }
        }
        Ok::<_, String>((games, hashes))
    });
    let (games, hashes) = found.map_err(PyValueError::new_err)?;
    Ok((PyBytes::new(py, &games), PyBytes::new(py, &hashes)))
}

/// Adds the duplicate finder's functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(dups_keys, m)?)?;
    m.add_function(wrap_pyfunction!(dups_csv, m)?)?;
    m.add_function(wrap_pyfunction!(dups_links, m)?)?;
    Ok(())
}
