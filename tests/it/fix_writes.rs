//! What `audit --fix` writes loses nothing: a concurrent writer's changes survive, owner,
//! group, mode and extended attributes are kept, hard links, FIFOs and files outside the
//! folders named are left alone, and an interrupted run's temporaries are cleaned up.
//! And `audit --diff` shows exactly what `--fix` writes: applied to the originals it gives
//! the fixed bytes (`patch` applies the unified hunks), on the project's and the shared
//! corpus.

use std::collections::BTreeMap;
use std::io::Write;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

use crate::common::{arg, copy_tree, root, sgf_files, sgfaudit, shared_corpus};

/// A record with findings `--fix` rewrites (`AP` without version, an empty `GN`, a date).
const FIXABLE: &str = "(;FF[4]GM[1]SZ[19]AP[YuanYu]GN[]DT[2018.04.27]\n;B[pd];W[dd])\n";

/// `FIXABLE` as `--fix` writes it.
const FIXED: &str = "(;FF[4]GM[1]SZ[19]AP[YuanYu:]DT[2018-04-27]\n;B[pd];W[dd])\n";

fn folder_with(name: &str, text: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(name);
    std::fs::write(&file, text).unwrap();
    (dir, file)
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Runs `--fix` over and over while a writer thread changes the file by `write_once`
/// (given the write's number); returns how many writes were made.
fn race(file: &Path, seconds: u64, write_once: impl Fn(usize) + Send + 'static) -> usize {
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let writer = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            let mut n = 0;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                write_once(n);
                n += 1;
                // Now quickly, now after a pause in which a fix may go through.
                std::thread::sleep(Duration::from_micros(if n % 7 == 0 { 30_000 } else { 500 }));
            }
            n
        })
    };
    let folder = arg(file.parent().unwrap());
    let start = Instant::now();
    let mut runs = 0;
    while start.elapsed() < Duration::from_secs(seconds) {
        sgfaudit(&["audit", "--fix", "-q", "--exit-zero", &folder]);
        runs += 1;
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let writes = writer.join().unwrap();
    assert!(runs > 5 && writes > 100, "{runs} runs, {writes} writes");
    writes
}

/// How long each race runs: `SGFAUDIT_RACE_SECONDS`, 5 by default.
fn race_seconds() -> u64 {
    std::env::var("SGFAUDIT_RACE_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5)
}

#[test]
fn a_writer_appending_during_fix_runs_loses_no_write() {
    let (_dir, file) = folder_with("log.sgf", FIXABLE);
    let target = file.clone();
    let writes = race(&file, race_seconds(), move |n| {
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .open(&target)
            .unwrap();
        writeln!(f, "(;FF[4]GM[1]GN[]C[write {n}];B[aa])").unwrap();
    });
    let text = std::fs::read_to_string(&file).unwrap();
    let lost: Vec<usize> = (0..writes)
        .filter(|n| !text.contains(&format!("C[write {n}]")))
        .collect();
    assert!(
        lost.is_empty(),
        "{} of {writes} writes lost: {lost:?}",
        lost.len()
    );
    // The fixes did happen meanwhile: some appended games lost their empty GN[].
    let fixed = text.matches("(;FF[4]GM[1]C[write").count();
    assert!(fixed > 0, "no fix happened during the race");
}

#[test]
fn a_writer_rewriting_during_fix_runs_loses_no_write() {
    let (_dir, file) = folder_with("game.sgf", FIXABLE);
    let target = file.clone();
    let writes = race(&file, race_seconds(), move |n| {
        // Written whole into a temporary and renamed, as editors do.
        let temp = target.with_extension("partial");
        std::fs::write(&temp, format!("(;FF[4]GM[1]GN[]C[version {n}];B[aa])\n")).unwrap();
        std::fs::rename(&temp, &target).unwrap();
    });
    let text = std::fs::read_to_string(&file).unwrap();
    let last = writes - 1;
    assert!(
        text.contains(&format!("C[version {last}]")),
        "the last version ({last}) lost: {text}"
    );
}

#[test]
fn owner_group_mode_and_extended_attributes_are_kept() {
    let (dir, file) = folder_with("a.sgf", FIXABLE);
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).unwrap();
    let root_user = unsafe { libc::geteuid() } == 0;
    // As root, the file stands for another user's.
    let owner = if root_user {
        std::os::unix::fs::chown(&file, Some(12345), Some(12345)).unwrap();
        (12345, 12345)
    } else {
        let meta = std::fs::metadata(&file).unwrap();
        (meta.uid(), meta.gid())
    };
    let xattrs = match xattr::set(&file, "user.sgfaudit.origin", b"kifu archive") {
        Ok(()) => true,
        Err(e) => {
            eprintln!("note: extended attributes refused here ({e}): that part skipped");
            false
        }
    };
    let out = sgfaudit(&["audit", "--fix", "-q", &arg(dir.path())]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), FIXED);
    let meta = std::fs::metadata(&file).unwrap();
    assert_eq!((meta.uid(), meta.gid()), owner, "owner and group");
    assert_eq!(meta.permissions().mode() & 0o7777, 0o640, "mode");
    if xattrs {
        let value = xattr::get(&file, "user.sgfaudit.origin").unwrap();
        assert_eq!(value.as_deref(), Some(&b"kifu archive"[..]), "xattr");
    }
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        1,
        "a temporary left"
    );
}

/// As a user who is not root (run as root, the test takes uid 12345 with `setpriv`): a
/// file of its own is fixed and stays its own; another user's file in its folder, even one
/// it may write, is left as it is (its owner could not be kept), and so is one it may only
/// read (writing the folder would let it replace the file).
#[test]
fn as_another_user_only_its_own_files_are_rewritten() {
    let setpriv = Path::new("/usr/bin/setpriv");
    if unsafe { libc::geteuid() } != 0 || !setpriv.exists() {
        eprintln!("note: not root, or no setpriv: the other user's run is skipped");
        return;
    }
    let (user, other) = (12345, 12346);
    let (dir, own) = folder_with("own.sgf", FIXABLE);
    // A copy of the binary the other user may run, whatever the build folder allows.
    let binary = dir.path().join("sgfaudit-bin");
    std::fs::copy(env!("CARGO_BIN_EXE_sgfaudit"), &binary).unwrap();
    let folder = dir.path().join("games");
    std::fs::create_dir(&folder).unwrap();
    let files = [
        ("own.sgf", user, 0o640),
        ("writable.sgf", other, 0o666),
        ("readable.sgf", other, 0o644),
    ];
    for (name, owner, mode) in files {
        let file = folder.join(name);
        std::fs::write(&file, FIXABLE).unwrap();
        std::os::unix::fs::chown(&file, Some(owner), Some(owner)).unwrap();
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(mode)).unwrap();
    }
    std::fs::remove_file(own).unwrap();
    std::os::unix::fs::chown(&folder, Some(user), Some(user)).unwrap();
    for path in [dir.path(), binary.as_path()] {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let out = Command::new(setpriv)
        .args(["--reuid=12345", "--regid=12345", "--clear-groups"])
        .arg(&binary)
        .args(["audit", "--fix", "--format", "concise"])
        .arg(&folder)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("writable.sgf: cannot keep its owner and group 12346:12346"),
        "{err}"
    );
    assert!(err.contains("readable.sgf: cannot write the file"), "{err}");
    let read = |name: &str| std::fs::read_to_string(folder.join(name)).unwrap();
    let meta = std::fs::metadata(folder.join("own.sgf")).unwrap();
    assert_eq!(read("own.sgf"), FIXED);
    assert_eq!(
        (meta.uid(), meta.gid(), meta.mode() & 0o777),
        (user, user, 0o640)
    );
    let report = String::from_utf8_lossy(&out.stdout);
    for name in ["writable.sgf", "readable.sgf"] {
        assert_eq!(read(name), FIXABLE, "{name}");
        let meta = std::fs::metadata(folder.join(name)).unwrap();
        assert_eq!((meta.uid(), meta.gid()), (other, other), "{name}");
        assert!(
            report
                .lines()
                .any(|l| l.contains(name) && l.contains("info[fix-left]")),
            "{name}: {report}"
        );
    }
    assert_eq!(
        std::fs::read_dir(&folder).unwrap().count(),
        3,
        "a temporary left"
    );
}

#[test]
fn hard_linked_files_are_left_alone_unless_asked() {
    let (dir, file) = folder_with("a.sgf", FIXABLE);
    let other = tempfile::tempdir().unwrap();
    let link = other.path().join("same.sgf");
    std::fs::hard_link(&file, &link).unwrap();
    let out = sgfaudit(&["audit", "--fix", &arg(dir.path())]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("hard links") && err.contains("--fix-hard-links"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), FIXABLE);
    // The report says so too, on the file's game.
    let report = String::from_utf8_lossy(&out.stdout);
    let said = report
        .lines()
        .find(|l| l.contains("info[fix-left]"))
        .unwrap_or_else(|| panic!("no fix-left finding: {report}"));
    assert!(
        said.contains("a.sgf:1:1: game 0") && said.contains("--fix-hard-links"),
        "{said}"
    );

    let out = sgfaudit(&["audit", "--fix", "--fix-hard-links", "-q", &arg(dir.path())]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), FIXED);
    assert_eq!(
        std::fs::read_to_string(&link).unwrap(),
        FIXABLE,
        "the other name"
    );
}

#[test]
fn files_outside_the_folders_named_are_never_written() {
    let dir = tempfile::tempdir().unwrap();
    let (inside, outside) = (dir.path().join("in"), dir.path().join("out"));
    std::fs::create_dir_all(&inside).unwrap();
    std::fs::create_dir_all(outside.join("deep")).unwrap();
    let away = outside.join("away.sgf");
    std::fs::write(&away, FIXABLE).unwrap();
    std::fs::write(outside.join("deep/far.sgf"), FIXABLE).unwrap();
    std::os::unix::fs::symlink(&away, inside.join("link.sgf")).unwrap();
    std::os::unix::fs::symlink(outside.join("deep"), inside.join("linked")).unwrap();
    for follow in [false, true] {
        let mut args = vec!["audit", "--fix", "-q"];
        if follow {
            args.push("--follow");
        }
        let folder = arg(&inside);
        args.push(&folder);
        let out = sgfaudit(&args);
        if follow {
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            assert!(
                stderr(&out).contains("outside the folders named"),
                "{}",
                stderr(&out)
            );
        }
        assert_eq!(std::fs::read_to_string(&away).unwrap(), FIXABLE, "{args:?}");
        let far = std::fs::read_to_string(outside.join("deep/far.sgf")).unwrap();
        assert_eq!(far, FIXABLE, "{args:?}");
    }
    // A file named itself is fixed, through its link too.
    let out = sgfaudit(&["audit", "--fix", "-q", &arg(&inside.join("link.sgf"))]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&away).unwrap(), FIXED);
}

#[test]
fn a_fifo_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.sgf");
    let name = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o644) }, 0);
    for option in ["--fix", "--diff"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sgfaudit"))
            .args(["audit", option, &arg(&fifo)])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let start = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if start.elapsed() > Duration::from_secs(20) {
                child.kill().unwrap();
                panic!("{option} on a FIFO still runs after 20 s");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let out = child.wait_with_output().unwrap();
        assert_eq!(status.code(), Some(2), "{option}");
        assert!(
            stderr(&out).contains("not a regular file"),
            "{}",
            stderr(&out)
        );
    }
}

#[test]
fn temporaries_an_interrupted_run_left_are_removed() {
    let (dir, _file) = folder_with("a.sgf", FIXABLE);
    let old = SystemTime::now() - Duration::from_secs(3600);
    let stale = dir.path().join(".sgfaudit-fix-Xq3kLm");
    let fresh = dir.path().join(".sgfaudit-fix-Ab12Cd");
    let unrelated = dir.path().join(".other-tmp");
    for path in [&stale, &fresh, &unrelated] {
        std::fs::write(path, FIXED).unwrap();
    }
    for path in [&stale, &unrelated] {
        let f = std::fs::File::options().write(true).open(path).unwrap();
        f.set_modified(old).unwrap();
    }
    // --diff writes nothing, and removes nothing.
    sgfaudit(&["audit", "--diff", &arg(dir.path())]);
    assert!(stale.exists());
    let out = sgfaudit(&["audit", "--fix", "-q", &arg(dir.path())]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!stale.exists(), "the stale temporary stays");
    assert!(fresh.exists(), "a temporary of a run under way removed");
    assert!(unrelated.exists(), "another program's file removed");
}

/// The files and their hunks in a `--diff` output, by the path in the `---` line.
fn hunks_by_file(diff: &str) -> BTreeMap<String, Vec<String>> {
    let mut files: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut current = None;
    for line in diff.split_inclusive('\n') {
        if let Some(name) = line.strip_prefix("--- a") {
            let name = name.trim_end_matches('\n').to_string();
            files.entry(name.clone()).or_default();
            current = Some(name);
        } else if line.starts_with("+++ b") || line.starts_with("# ") {
        } else if line.starts_with("@@") {
            let name = current.clone().expect("a hunk after a file header");
            files.get_mut(&name).unwrap().push(line.to_string());
        } else {
            let name = current.as_ref().expect("a hunk line after a file header");
            files
                .get_mut(name)
                .unwrap()
                .last_mut()
                .unwrap()
                .push_str(line);
        }
    }
    files
}

/// The line pieces (line break included) of a text.
fn line_pieces(text: &str) -> Vec<String> {
    text.split_inclusive('\n').map(str::to_string).collect()
}

/// The hunk's lines marked `mark` ('-' or '+'), each with its line break as the file has
/// it (`\ No newline at end of file` taken into account).
fn side(body: &[&str], mark: char) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    for (i, line) in body.iter().enumerate() {
        if line.starts_with('\\') {
            if let Some(last) = out.last_mut() {
                if last.0 + 1 == i {
                    last.1.pop();
                }
            }
        } else if line.starts_with(mark) {
            out.push((i, line[1..].to_string()));
        }
    }
    out
}

/// Applies `--diff`'s hunks of one file to its text: unified hunks by their old line
/// numbers (only the lines marked - and +), `@@ line L, column C @@` windows by their
/// place; the last first, so that the numbers hold.
fn apply(text: &str, hunks: &[String]) -> String {
    let mut lines = line_pieces(text);
    for hunk in hunks.iter().rev() {
        let mut body: Vec<&str> = hunk.split_inclusive('\n').collect();
        let header = body.remove(0);
        if let Some(place) = header.strip_prefix("@@ line ") {
            let (line, column) = place
                .trim_end_matches(" @@\n")
                .split_once(", column ")
                .unwrap();
            let (line, column): (usize, usize) = (line.parse().unwrap(), column.parse().unwrap());
            apply_window(&mut lines, line - 1, column - 1, &body);
            continue;
        }
        let old_start: usize = header[4..]
            .split([',', ' '])
            .next()
            .unwrap()
            .parse()
            .unwrap();
        // Runs of - and + lines, with the old line number of each run's start.
        let mut old_line = old_start.max(1) - 1;
        let mut runs: Vec<(usize, Vec<String>, Vec<String>)> = Vec::new();
        let removed = side(&body, '-');
        let added = side(&body, '+');
        let mut in_run = false;
        for (i, line) in body.iter().enumerate() {
            match line.chars().next() {
                Some(' ') => {
                    old_line += 1;
                    in_run = false;
                }
                Some('-') | Some('+') => {
                    if !in_run {
                        runs.push((old_line, Vec::new(), Vec::new()));
                        in_run = true;
                    }
                    let run = runs.last_mut().unwrap();
                    if line.starts_with('-') {
                        run.1
                            .push(removed.iter().find(|r| r.0 == i).unwrap().1.clone());
                        old_line += 1;
                    } else {
                        run.2
                            .push(added.iter().find(|r| r.0 == i).unwrap().1.clone());
                    }
                }
                _ => {}
            }
        }
        for (at, old, new) in runs.into_iter().rev() {
            assert_eq!(
                lines[at..at + old.len()],
                old[..],
                "the old lines of {header}"
            );
            lines.splice(at..at + old.len(), new);
        }
    }
    lines.concat()
}

/// Applies one `@@ line L, column C @@` window: its `-` side replaced by its `+` side.
fn apply_window(lines: &mut Vec<String>, line: usize, column: usize, body: &[&str]) {
    let unmark = |mark: char| {
        let shown: Vec<&str> = body
            .iter()
            .filter_map(|l| l.strip_prefix(mark))
            .map(|l| l.strip_suffix('\n').unwrap())
            .collect();
        let mut text = shown.join("\n");
        if column > 0 {
            text = text.strip_prefix('…').unwrap().to_string();
        }
        text
    };
    let (old, new) = (unmark('-'), unmark('+'));
    let rest: String = lines[line..].concat();
    let at: usize = rest.chars().take(column).map(char::len_utf8).sum();
    // The window shows the line clipped (`…`) unless it reaches the line's end.
    let (old, new) = match old.strip_suffix('…') {
        Some(o) if rest[at..].starts_with(o) && !rest[at..].starts_with(&old) => {
            (o.to_string(), new.strip_suffix('…').unwrap().to_string())
        }
        _ => (old, new),
    };
    assert!(
        rest[at..].starts_with(&old),
        "line {} column {column}: {old:?}",
        line + 1
    );
    let changed = format!("{}{new}{}", &rest[..at], &rest[at + old.len()..]);
    lines.truncate(line);
    lines.extend(line_pieces(&changed));
}

/// `--diff` on a copy of `folder`, `--fix` on another: every diff applied to its original
/// gives the fixed file, byte for byte; `patch` gives it too for a file whose hunks are
/// all unified. Returns the number of files compared and of those patched.
fn diff_against_fix(folder: &Path) -> (usize, usize) {
    let work = tempfile::tempdir().unwrap();
    let (shown, fixed, patched) = (
        work.path().join("shown"),
        work.path().join("fixed"),
        work.path().join("patched"),
    );
    for copy in [&shown, &fixed, &patched] {
        copy_tree(folder, copy);
    }
    let out = sgfaudit(&["audit", "--diff", &arg(&shown)]);
    assert!(
        out.status.code() != Some(2) || !out.stdout.is_empty(),
        "{}",
        stderr(&out)
    );
    let diff = String::from_utf8(out.stdout).unwrap();
    sgfaudit(&["audit", "--fix", "-q", "--exit-zero", &arg(&fixed)]);
    let mut for_patch = String::new();
    let files = hunks_by_file(&diff);
    let reencoded: Vec<String> = diff
        .lines()
        .filter_map(|l| l.strip_prefix("# "))
        .filter_map(|l| l.strip_suffix(": written in UTF-8 (CA[UTF-8])"))
        .map(str::to_string)
        .collect();
    let mut compared = 0;
    for (name, hunks) in &files {
        let original = PathBuf::from(name.trim_start_matches('/'));
        let original = if name.starts_with('/') {
            Path::new("/").join(original)
        } else {
            root().join(original)
        };
        let relative = original.strip_prefix(&shown).unwrap();
        // A file re-encoded in UTF-8 is shown in its decoded text: there is no byte to
        // compare with.
        let Ok(text) = String::from_utf8(std::fs::read(&original).unwrap()) else {
            continue;
        };
        if reencoded.contains(name) {
            continue;
        }
        compared += 1;
        let want = std::fs::read(fixed.join(relative)).unwrap();
        let got = apply(&text, hunks);
        assert!(
            got.as_bytes() == want,
            "{name}: the diff applied is not what --fix wrote"
        );
        if hunks.iter().all(|h| h.starts_with("@@ -")) {
            let target = arg(&Path::new("patched").join(relative));
            for_patch.push_str(&format!("--- {target}\n+++ {target}\n"));
            for_patch.push_str(&hunks.concat());
        }
    }
    let mut patch = Command::new("patch")
        .args([
            "-p0",
            "--quiet",
            "--batch",
            "--forward",
            "--no-backup-if-mismatch",
        ])
        .current_dir(work.path())
        .stdin(Stdio::piped())
        .spawn()
        .expect("patch runs");
    patch
        .stdin
        .take()
        .unwrap()
        .write_all(for_patch.as_bytes())
        .unwrap();
    assert!(patch.wait().unwrap().success(), "patch refused the diff");
    let mut patched_files = 0;
    for file in sgf_files(&patched) {
        let relative = file.strip_prefix(&patched).unwrap();
        let target = arg(&Path::new("patched").join(relative));
        if for_patch.contains(&format!("--- {target}\n")) {
            let got = std::fs::read(&file).unwrap();
            assert!(
                got == std::fs::read(fixed.join(relative)).unwrap(),
                "{target}: patched"
            );
            patched_files += 1;
        }
    }
    (compared, patched_files)
}

#[test]
fn diff_is_what_fix_writes_on_the_project_corpus() {
    let (files, patched) = diff_against_fix(&root().join("corpus"));
    assert!(
        files >= 5 && patched >= 5,
        "{files} files, {patched} patched"
    );
}

#[test]
fn diff_is_what_fix_writes_on_the_shared_corpus() {
    let Some(shared) = shared_corpus() else {
        return;
    };
    let (files, patched) = diff_against_fix(&shared.join("real"));
    assert!(
        files > 2000 && patched > 500,
        "{files} files, {patched} patched"
    );
}

#[test]
fn diff_of_one_line_records_shows_the_edit_in_its_line() {
    let moves: String = (0..300)
        .map(|i| {
            format!(
                ";B[{}{}]",
                (b'a' + (i % 19) as u8) as char,
                (b'a' + (i / 19 % 19) as u8) as char
            )
        })
        .collect();
    let record = format!("(;FF[4]GM[1]SZ[19]GN[]PB[黒]{moves}AP[YuanYu])");
    let (dir, _file) = folder_with("one-line.sgf", &record);
    let out = sgfaudit(&["audit", "--diff", &arg(dir.path())]);
    let diff = String::from_utf8(out.stdout).unwrap();
    assert!(
        diff.contains("@@ line 1, column 1 @@\n-(;FF[4]GM[1]SZ[19]GN[]PB[黒];B[aa]"),
        "{diff}"
    );
    assert!(
        diff.contains("\n+(;CA[UTF-8]FF[4]GM[1]SZ[19]PB[黒];B[aa]"),
        "{diff}"
    );
    assert!(
        diff.contains(";B[op]AP[YuanYu])\n+…") && diff.contains(";B[op]AP[YuanYu:])\n"),
        "{diff}"
    );
    let longest = diff.lines().map(|l| l.chars().count()).max().unwrap();
    assert!(longest < 120, "a line of {longest} characters: {diff}");
}
