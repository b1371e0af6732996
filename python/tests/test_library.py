"""The package behaves as a Python library: typed results that are the JSON records,
Python's exceptions and words, a clean namespace, a report that is a context manager."""

import builtins
import importlib
import os
import shutil
import subprocess
import sys
import tempfile
import typing

import pytest

import sgfaudit
from conftest import ROOT, TYGEM, cli_records

HERE = os.path.dirname(os.path.abspath(__file__))
GAMES = "(;GM[1]SZ[9];B[ee];W[ee])(;GM[1]SZ[9];B[aa])(;GM[1]SZ[9];B[cc])"


def test_a_real_file_gives_the_command_lines_json_game_for_game():
    """The dicts are built in Rust from the library's reports (no JSON text read back):
    the same keys, order and values as `--json` on a file of 20,000 real games."""
    expected = cli_records("--dead", "none", TYGEM[-1])["game"]
    games = list(sgfaudit.audit(TYGEM[-1], dead="none"))
    assert len(games) == len(expected) > 10000
    assert games == expected
    assert [list(g) for g in games[:50]] == [list(g) for g in expected[:50]]
    assert all(type(g["size"]) is list for g in games[:50])


def test_the_typed_dicts_name_every_key_of_the_records():
    game = next(g for g in sgfaudit.audit("corpus") if g["score"] and g["findings"])
    assert list(typing.get_type_hints(sgfaudit.Game)) == list(game)
    assert list(typing.get_type_hints(sgfaudit.Finding)) == list(game["findings"][0])
    assert list(typing.get_type_hints(sgfaudit.Score)) == list(game["score"])
    assert list(typing.get_type_hints(sgfaudit.Check)) == list(game["check"])
    report = sgfaudit.audit("corpus")
    assert list(typing.get_type_hints(sgfaudit.Summary)) == list(report.summary)
    options = set(typing.get_type_hints(sgfaudit.Options))
    assert options == set(sgfaudit.OPTIONS)
    choices = typing.get_args(typing.get_type_hints(sgfaudit.Options)["rules"])
    assert "chinese" in choices and "tromp-taylor" in choices


def test_a_missing_path_is_a_file_not_found_error_unless_reported(tmp_path):
    missing = str(tmp_path / "nope.sgf")
    for call in (sgfaudit.audit, sgfaudit.games_frame, sgfaudit.findings_frame):
        with pytest.raises(FileNotFoundError) as caught:
            call(["corpus", missing])
        assert caught.value.filename == missing
    report = sgfaudit.audit(missing, errors="report")
    assert list(report) == []
    assert report.errors == [{"path": missing, "message": "no such file or folder"}]
    frame = sgfaudit.games_frame(missing, errors="report")
    assert list(frame["status"]) == ["error"]
    with pytest.raises(ValueError, match="errors must be one of 'raise', 'report'"):
        sgfaudit.audit("corpus", errors="ignore")


def test_no_config_file_is_read_unless_asked(tmp_path, monkeypatch):
    (tmp_path / "sgfaudit.toml").write_text('rules = "japanese"\n')
    (tmp_path / "three.sgf").write_text(GAMES)
    monkeypatch.chdir(tmp_path)
    assert {g["rules"] for g in sgfaudit.audit("three.sgf")} == {"chinese"}
    assert {g["rules"] for g in sgfaudit.audit("three.sgf", config=True)} == {"japanese"}
    named = sgfaudit.audit("three.sgf", config=tmp_path / "sgfaudit.toml")
    assert {g["rules"] for g in named} == {"japanese"}


def test_a_report_is_a_context_manager_with_a_repr():
    with sgfaudit.audit("corpus") as report:
        assert repr(report) == "<sgfaudit.Report of 'corpus', not started>"
        games = iter(report)
        next(games)
        assert repr(report).startswith("<sgfaudit.Report of 'corpus', running: ")
    assert "stopped" in repr(report)
    with pytest.raises(RuntimeError, match="stopped before its end"):
        report.summary
    done = sgfaudit.audit("corpus")
    summary = done.summary  # the run is finished first
    assert summary["games"] > 300
    assert repr(done).startswith(f"<sgfaudit.Report of 'corpus', done: {summary['games']} games (")
    with pytest.raises(RuntimeError, match="iterated once"):
        list(done)


def test_summary_of_a_report_being_read_counts_the_games_not_read_yet():
    report = sgfaudit.audit("corpus")
    games = iter(report)
    first = next(games)
    assert report.summary["games"] == len(list(sgfaudit.audit("corpus")))
    assert first["game"] == 0
    assert list(games) == []


def test_text_takes_bytes_and_says_what_it_takes():
    as_bytes = sgfaudit.audit_text(GAMES.encode())
    assert [g["status"] for g in as_bytes] == ["illegal", "ok", "ok"]
    assert as_bytes[0]["path"] == "<text>"
    with pytest.raises(TypeError, match=r"^text must be a str \(SGF text\) or bytes.*not int"):
        sgfaudit.audit_text(5)
    with pytest.raises(TypeError, match="use audit_text"):
        sgfaudit.audit_bytes(GAMES)


def test_the_namespace_holds_the_api_only():
    public = {n for n in dir(sgfaudit) if not n.startswith("_")}
    assert public - {"dask"} == set(sgfaudit.__all__)  # sgfaudit.dask, once imported
    assert not {"Any", "Dict", "json", "os", "io", "sys"} & set(dir(sgfaudit))


@pytest.mark.parametrize("backend", ["pandas", "polars", "arrow"])
def test_findings_frame_has_the_findings_csv_rows(backend):
    frame = sgfaudit.findings_frame("corpus", backend=backend)
    names = frame.column_names if backend == "arrow" else list(frame.columns)
    assert list(names) == list(sgfaudit.FINDING_COLUMNS)
    findings = sum(len(g["findings"]) for g in sgfaudit.audit("corpus"))
    assert len(frame) == findings > 50


@pytest.mark.parametrize("backend,module,extra", [
    ("pandas", "pandas", "pandas"), ("polars", "polars", "polars"),
    ("arrow", "pyarrow", "arrow"),
])
def test_a_missing_backend_names_its_extra(backend, module, extra, monkeypatch):
    monkeypatch.setitem(sys.modules, module, None)  # import fails as when not installed
    with pytest.raises(ImportError, match=rf"pip install 'sgfaudit\[{extra}\]'"):
        sgfaudit.games_frame("corpus", backend=backend)


def test_missing_dask_names_its_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "dask.dataframe", None)
    monkeypatch.delitem(sys.modules, "sgfaudit.dask", raising=False)
    with pytest.raises(ImportError, match=r"pip install 'sgfaudit\[dask\]'"):
        importlib.import_module("sgfaudit.dask")


EXAMPLE = '''\
from typing import List

import sgfaudit

games: List[sgfaudit.Game] = list(sgfaudit.audit("corpus", rules="chinese", dead="none"))
illegal = [g["path"] for g in games if g["status"] == "illegal"]
margins = [g["score"]["margin"] for g in games if g["score"] is not None]
with sgfaudit.audit(["corpus"], jobs=1) as report:
    for game in report:
        codes = [f["code"] for f in game["findings"]]
    summary: sgfaudit.Summary = report.summary
'''

BAD = '''\
import sgfaudit

sgfaudit.audit("corpus", rules="chinse")
sgfaudit.audit("corpus", jobs="two")
sgfaudit.audit("corpus", colour=True)
for game in sgfaudit.audit("corpus"):
    game["sise"]
'''


def test_mypy_strict_checks_a_users_script(tmp_path):
    """The installed package is typed (py.typed): mypy --strict passes a good script
    and finds the wrong option values, names and keys of a bad one."""
    pytest.importorskip("mypy")
    good, bad = tmp_path / "good.py", tmp_path / "bad.py"
    good.write_text(EXAMPLE)
    bad.write_text(BAD)

    def mypy(path):
        return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental",
                               "--cache-dir", os.devnull, str(path)],
                              capture_output=True, text=True, cwd=str(tmp_path))

    ok = mypy(good)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    wrong = mypy(bad)
    assert wrong.returncode == 1, wrong.stdout
    for line in (3, 4, 5, 7):
        assert f"bad.py:{line}:" in wrong.stdout, wrong.stdout
    assert "'chinse'" in wrong.stdout and '"sise"' in wrong.stdout


def test_the_documented_example_runs_as_written():
    """The guide's first script, from the checkout's root, after its install line (the
    pandas extra)."""
    page = os.path.join(ROOT, "docs", "guide", "python.md")
    with open(page, encoding="utf-8") as f:
        text = f.read()
    assert "pip install './python[pandas]'" in text
    script = text.split("```python\n", 1)[1].split("```", 1)[0]
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert "illegal games; first: ('corpus/" in done.stdout
    assert "<sgfaudit.Report of 'corpus', done: " in done.stdout
    assert done.stdout.rstrip().endswith("occupied")


def test_the_readme_examples_run_after_its_install_line():
    """README.md's Python examples, from the checkout's root, after the install line it
    shows (the polars and dask extras)."""
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        text = f.read()
    assert "pip install './python[polars,dask]'" in text
    for script in [block.split("```", 1)[0] for block in text.split("```python\n")[1:]]:
        done = subprocess.run([sys.executable, "-c", script], capture_output=True,
                              text=True, cwd=ROOT)
        assert done.returncode == 0, script + done.stderr
        assert "status" in done.stdout, done.stdout
        # Saved to a file and run, as a reader would (Dask's workers import the file).
        with tempfile.TemporaryDirectory() as folder:
            saved = os.path.join(folder, "example.py")
            with open(saved, "w", encoding="utf-8") as f:
                f.write(script)
            done = subprocess.run([sys.executable, saved], capture_output=True, text=True,
                                  cwd=ROOT)
        assert done.returncode == 0, script + done.stderr
        assert "status" in done.stdout, done.stdout
