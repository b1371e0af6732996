//! Where the inputs of `audit` and `dups` come from: the paths given and the lines of a
//! `--files-from` list, and how many workers read them (`--jobs`).

use std::io::BufRead;
use std::path::PathBuf;

use crate::input::path_text::path_text;
use crate::output::InputError;

/// The paths to read: those given, then those of the `--files-from` list (its bad lines
/// as input errors), the current folder when there are none; `Err` is a usage error.
pub(crate) fn gather_paths(
    given: &[PathBuf],
    files_from: Option<&std::path::Path>,
) -> Result<(Vec<PathBuf>, Vec<InputError>), String> {
    let mut paths = given.to_vec();
    let mut list_errors = Vec::new();
    if let Some(list) = files_from {
        let from_stdin = list.as_os_str() == "-";
        let reader: Box<dyn BufRead> = if from_stdin {
            Box::new(std::io::BufReader::new(std::io::stdin()))
        } else {
            let f = std::fs::File::open(list).map_err(|e| {
                format!(
                    "--files-from {}: {}",
                    list.display(),
                    crate::input::walk::io_message(&e)
                )
            })?;
            Box::new(std::io::BufReader::new(f))
        };
        let name = path_text(list);
        read_path_list(reader, from_stdin, &mut paths, &mut |line, message| {
            list_errors.push(InputError {
                path: name.clone(),
                message: format!("line {line}: {message}"),
            })
        })
        .map_err(|e| format!("--files-from {name}: {e}"))?;
    }
    if paths.is_empty() && list_errors.is_empty() {
        if files_from.is_some() {
            return Err("--files-from gave no paths".to_string());
        }
        paths.push(PathBuf::from("."));
    }
    if paths.iter().filter(|p| p.as_os_str() == "-").count() > 1 {
        return Err("standard input (-) can be read only once".to_string());
    }
    Ok((paths, list_errors))
}

/// `--jobs`, checked; all cores when not given.
pub(crate) fn jobs(asked: Option<usize>) -> Result<usize, String> {
    match asked {
        Some(0) => Err("--jobs must be at least 1".to_string()),
        Some(n) if n > MAX_JOBS => Err(format!("--jobs {n}: at most {MAX_JOBS} worker threads")),
        Some(n) => Ok(n),
        None => Ok(std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)),
    }
}

/// The most worker threads `--jobs` may ask for: more than any machine has cores, few
/// enough that starting them costs nothing worth noticing.
pub(crate) const MAX_JOBS: usize = 1024;

/// The longest line of a `--files-from` list (a path is at most 4096 bytes on Linux).
const MAX_LIST_LINE: usize = 1 << 16;

/// Reads a `--files-from` list: one path a line, any bytes but NUL (`\n` or `\r\n` ends a
/// line, empty lines are skipped). A bad line is reported through `bad` with its number and
/// the list goes on; a NUL byte ends the list (it is not a text list), and so does its
/// size limit. A list read from standard input cannot name standard input (`-`) again.
fn read_path_list(
    reader: impl BufRead,
    from_stdin: bool,
    paths: &mut Vec<PathBuf>,
    bad: &mut dyn FnMut(usize, String),
) -> std::io::Result<()> {
    let mut reader = reader.take(crate::input::source::MAX_READ);
    let mut line = Vec::new();
    for number in 1.. {
        line.clear();
        let n = std::io::Read::take(&mut reader, MAX_LIST_LINE as u64 + 1)
            .read_until(b'\n', &mut line)?;
        if n == 0 {
            if reader.limit() == 0 {
                bad(
                    number,
                    format!(
                        "the list is longer than {} bytes: the rest is not read",
                        crate::input::source::MAX_READ
                    ),
                );
            }
            return Ok(());
        }
        if line.contains(&0) {
            bad(
                number,
                "holds a NUL byte: not a list of paths, the rest is not read".to_string(),
            );
            return Ok(());
        }
        let ended = line.last() == Some(&b'\n');
        if !ended && line.len() > MAX_LIST_LINE {
            bad(
                number,
                format!("longer than {MAX_LIST_LINE} bytes: not a path, skipped"),
            );
            reader.skip_until(b'\n')?;
            continue;
        }
        let mut path = &line[..];
        path = path.strip_suffix(b"\n").unwrap_or(path);
        path = path.strip_suffix(b"\r").unwrap_or(path);
        if path.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        if from_stdin && path == b"-" {
            bad(
                number,
                "- (standard input) names the list itself: skipped".to_string(),
            );
            continue;
        }
        paths.push(path_from_bytes(path));
    }
    Ok(())
}

/// A path from the bytes of a list line: any bytes on Unix, lossy UTF-8 elsewhere.
fn path_from_bytes(bytes: &[u8]) -> PathBuf {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        PathBuf::from(std::ffi::OsStr::from_bytes(bytes))
    }
    #[cfg(not(unix))]
    {
        PathBuf::from(String::from_utf8_lossy(bytes).into_owned())
    }
}
