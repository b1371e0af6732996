"""`sgfaudit.audit()` and friends give the command line's records."""

import os
import subprocess
import sys

import pytest

import sgfaudit
from conftest import CLI, ROOT, cli, cli_records

TIMING = ("elapsed_ms", "games_per_second")


def without_timing(summary):
    return {k: v for k, v in summary.items() if k not in TIMING}


@pytest.mark.parametrize("folder", ["corpus", os.path.join("..", "shared", "corpus", "real")])
def test_audit_is_the_command_lines_json(folder):
    expected = cli_records(folder)
    report = sgfaudit.audit(folder, no_config=True)
    games = list(report)
    assert len(games) == len(expected["game"]) > 10
    assert games == expected["game"]
    assert report.errors == expected.get("error", [])
    assert without_timing(report.summary) == without_timing(expected["summary"][0])


def test_options_change_the_games_as_on_the_command_line():
    args = ["--rules", "japanese", "--komi", "0.5", "--strict", "--select", "occupied,ko"]
    expected = cli_records("corpus", *args)["game"]
    games = list(sgfaudit.audit("corpus", no_config=True, rules="japanese", komi=0.5,
                                strict=True, select=["occupied", "ko"]))
    assert games == expected
    assert games != list(sgfaudit.audit("corpus", no_config=True))


def test_text_and_bytes_are_audited_as_a_file():
    path = sorted(os.path.join(d, f) for d, _, fs in os.walk("corpus") for f in fs
                  if f.endswith(".sgf"))[0]
    from_file = list(sgfaudit.audit(path, no_config=True))
    with open(path, "rb") as f:
        data = f.read()
    from_bytes = sgfaudit.audit_bytes(data, name=path, no_config=True)
    assert from_bytes == from_file
    text_games = sgfaudit.audit_text("(;GM[1]SZ[9];B[ee];W[ee])(;GM[1]SZ[9];B[aa])")
    assert [g["status"] for g in text_games] == ["illegal", "ok"]
    assert [g["path"] for g in text_games] == ["<text>", "<text>"]
    assert text_games[0]["findings"][0]["code"] == "occupied"


def test_bytes_are_decoded_by_their_charset():
    text = "(;GM[1]FF[4]CA[GB2312]SZ[9]PB[黑方]PW[白方];B[ee])"
    games = sgfaudit.audit_bytes(text.encode("gb2312"), no_config=True)
    assert games[0]["black"] == "黑方"
    assert games[0]["encoding"] == "GBK"


@pytest.mark.parametrize("backend", ["pandas", "polars", "arrow"])
def test_games_frame_has_the_csv_columns_and_types(backend):
    frame = sgfaudit.games_frame("corpus", backend=backend, no_config=True)
    expected = cli("--format", "csv", "corpus").stdout
    rows = sgfaudit._frame(expected, sgfaudit.GAME_COLUMNS, backend)
    assert list(frame.columns if backend != "arrow" else frame.column_names) == list(
        sgfaudit.GAME_COLUMNS)
    if backend == "pandas":
        assert str(frame.dtypes["moves"]) == "Int64"
        assert str(frame.dtypes["komi"]) == "float64"
        assert frame.equals(rows)
    else:
        assert frame.equals(rows)
    assert len(rows) > 10


def test_every_reason_is_named_by_its_code():
    games = sgfaudit.audit_text(
        "(;GM[1]SZ[9]RE[B+R];B[ee])(;GM[1]SZ[19]RE[W+2.5];B[pd];W[dd];B[pq];W[dp])")
    assert [g["check"]["reason_code"] for g in games] == ["resignation", "open-board"]
    frame = sgfaudit.games_frame("corpus", backend="pandas", no_config=True)
    assert list(frame.columns)[-1] == "reason_code"
    named = frame["reason"].notna() & (frame["reason"] != "")
    assert (frame["reason_code"].notna() & (frame["reason_code"] != "") == named).all()


def test_unknown_option_is_a_type_error():
    with pytest.raises(TypeError, match="colour"):
        sgfaudit.audit("corpus", colour="never")
    with pytest.raises(TypeError, match="format"):
        sgfaudit.audit("corpus", format="csv")


@pytest.mark.parametrize("name,value,flag", [
    ("jobs", 0, "--jobs=0"),
    ("shard", "4/4", "--shard=4/4"),
    ("select", ["no-such-code"], "--select=no-such-code"),
])
def test_bad_value_is_a_value_error_with_the_command_lines_message(name, value, flag):
    """The command line's message, the option named as Python names it."""
    with pytest.raises(ValueError) as caught:
        sgfaudit.audit("corpus", **{name: value})
    stderr = cli(flag, "corpus").stderr.decode()
    long = "--" + name.replace("_", "-")
    words = stderr.replace(f"'{long} <K/N>'", name).replace(long, name)
    assert str(caught.value) in words, (str(caught.value), stderr)
    assert long not in str(caught.value)
    assert cli(flag, "corpus").returncode == 2


@pytest.mark.parametrize("name,value,message", [
    ("rules", "chinse", "rules must be one of 'auto', 'chinese', 'chinese-positional', "
     "'tromp-taylor', 'aga', 'nz', 'japanese', 'korean', 'territory', not 'chinse'"),
    ("dead", "some", "dead must be one of 'markup', 'estimate', 'none', 'auto', not 'some'"),
    ("min_severity", "loud", "min_severity: unknown severity 'loud' (info, warning, error)"),
    ("superko", "no", "superko must be one of 'situational', 'positional', 'simple', "
     "not 'no'"),
    ("komi", "lots", "invalid value 'lots' for komi"),
])
def test_a_bad_choice_names_the_option_and_its_values(name, value, message):
    """Python's words, not the command line's syntax (`'--rules <RULES>'`)."""
    with pytest.raises(ValueError) as caught:
        sgfaudit.audit("corpus", **{name: value})
    assert str(caught.value).startswith(message), str(caught.value)
    assert "--" not in str(caught.value)


def test_a_switch_takes_a_bool():
    with pytest.raises(ValueError, match="True or False"):
        sgfaudit.audit("corpus", strict="yes")


def test_help_tells_the_options():
    assert "max_findings_per_game" in sgfaudit.audit.__doc__
    assert "superko" in sgfaudit.audit.__doc__
    assert set(sgfaudit.OPTIONS) >= {"rules", "superko", "komi", "dead", "jobs", "strict",
                                     "select", "ignore", "max_findings_per_game"}


def test_a_report_stopped_early_stops_its_run():
    report = sgfaudit.audit("corpus", no_config=True)
    first = next(iter(report))
    assert "status" in first
    report.close()
    assert sgfaudit.audit_text("(;GM[1])")[0]["game"] == 0


def test_ctrl_c_stops_a_long_audit_with_keyboard_interrupt(tmp_path):
    from collection import write_collection
    write_collection(str(tmp_path), [64 << 20], seed=3)
    program = (
        "import sys, sgfaudit\n"
        "try:\n"
        "    for i, g in enumerate(sgfaudit.audit(sys.argv[1], jobs=1, no_config=True)):\n"
        "        if i == 0: print('started', flush=True)\n"
        "    print('finished', flush=True)\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
    )
    import signal
    import time
    child = subprocess.Popen([sys.executable, "-c", program, str(tmp_path)],
                             stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "started"
    time.sleep(0.5)
    child.send_signal(signal.SIGINT)
    sent = time.monotonic()
    out, _ = child.communicate(timeout=30)
    waited = time.monotonic() - sent
    print(f"stopped {waited:.2f} s after SIGINT")
    assert out.strip() == "interrupted"


GAMES = "(;GM[1]SZ[9];B[ee];W[ee])(;GM[1]SZ[9];B[aa])(;GM[1]SZ[9];B[cc])"


def test_a_config_files_quiet_hides_no_game_from_python(tmp_path, monkeypatch):
    """`quiet` is the command line's display: Python gets every game whatever the
    nearest sgfaudit.toml says, and `quiet=True` is no option."""
    import sgfaudit.dask

    (tmp_path / "sgfaudit.toml").write_text("quiet = true\n")
    (tmp_path / "three.sgf").write_text(GAMES)
    monkeypatch.chdir(tmp_path)
    report = sgfaudit.audit("three.sgf", config=True)
    assert len(list(report)) == report.summary["games"] == 3
    assert len(sgfaudit.audit_text(GAMES)) == 3
    assert len(sgfaudit.audit_bytes(GAMES.encode())) == 3
    assert len(sgfaudit.games_frame("three.sgf")) == 3
    named = {"config": str(tmp_path / "sgfaudit.toml")}
    assert len(sgfaudit.dask.audit("three.sgf", **named).compute(scheduler="sync")) == 3
    findings = sum(len(g["findings"]) for g in sgfaudit.audit("three.sgf", no_config=True))
    frame = sgfaudit.dask.findings("three.sgf", **named).compute(scheduler="sync")
    assert len(frame) == findings > 0
    with pytest.raises(TypeError, match="quiet"):
        sgfaudit.audit("three.sgf", quiet=True)
    assert "quiet" not in sgfaudit.OPTIONS


def test_no_paths_or_an_empty_path_is_a_value_error(tmp_path, monkeypatch):
    """The command line reads the current folder when given no path; Python does not."""
    import sgfaudit.dask

    (tmp_path / "here.sgf").write_text(GAMES)
    monkeypatch.chdir(tmp_path)
    for call in (sgfaudit.audit, sgfaudit.games_frame, sgfaudit.dask.audit,
                 sgfaudit.dask.partitions):
        with pytest.raises(ValueError, match="no paths given"):
            call([])
        with pytest.raises(ValueError, match="empty path ''"):
            call("")
    with pytest.raises(ValueError, match=r"empty path '' \(paths\[1\]\)"):
        sgfaudit.audit(["here.sgf", ""])
    with pytest.raises(ValueError, match="no paths given"):
        sgfaudit._native.start([], [], "jsonl")


def test_a_bad_name_is_reported_as_name():
    with pytest.raises(TypeError, match=r"^name must be a str .*not int"):
        sgfaudit.audit_bytes(GAMES.encode(), name=5)
    with pytest.raises(TypeError, match=r"^name must be a str"):
        sgfaudit.audit_text(GAMES, name=["a"])
    with pytest.raises(ValueError, match=r"^name must not be empty"):
        sgfaudit.audit_bytes(GAMES.encode(), name="")
    assert sgfaudit.audit_text(GAMES, name=b"games.sgf")[0]["path"] == "games.sgf"
