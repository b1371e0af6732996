"""`sgfaudit.dask` on a LocalCluster gives the command line's CSV rows, even when a
worker dies in the middle."""

import glob
import os
import signal
import time
import zipfile

import pandas as pd
import pytest

import sgfaudit
import sgfaudit.dask
from conftest import ROOT, TYGEM, cli

PARTITION = 8 << 20


_EXPECTED = {}


def same_types(frame, columns):
    """Text columns as pandas strings: Dask turns `object` columns into strings."""
    texts = [c for c, t in columns.items() if t is str]
    return frame.astype({c: "string" for c in texts}).reset_index(drop=True)


def expected(format, columns):
    """The command line's CSV of the Tygem files, read once per format."""
    if format not in _EXPECTED:
        out = cli("--format", format, *TYGEM).stdout
        _EXPECTED[format] = same_types(sgfaudit._frame(out, columns, "pandas"), columns)
    return _EXPECTED[format]


def computed(frame, columns=sgfaudit.GAME_COLUMNS):
    return same_types(frame.compute(), columns)


def test_partitions_are_byte_ranges_of_the_files():
    parts = sgfaudit.dask.partitions(TYGEM, PARTITION)
    sizes = sum(os.path.getsize(p) for p in TYGEM)
    assert len(parts) == -(-sizes // PARTITION)
    assert any(piece[0] == "games" for part in parts for piece in part)


def test_a_partition_size_in_the_wrong_unit_is_a_value_error_at_once(tmp_path):
    """64 meant as 64 MB: planning once cost memory per byte (5.5 GB for the Tygem
    files); now the partitions it would make are counted from the sizes first."""
    for plan in (lambda b: sgfaudit.dask.partitions(TYGEM, b),
                 lambda b: sgfaudit.dask.audit(TYGEM, partition_bytes=b, no_config=True)):
        for size in (1, 64):
            started = time.monotonic()
            with pytest.raises(ValueError, match=rf"^partition_bytes={size} would cut the "
                               r"\d+ bytes given into up to \d+ partitions, more than 10000: "
                               r"it is in bytes \(64 << 20 is 64 MB\), at least 9762 here"):
                plan(size)
            assert time.monotonic() - started < 5
    with pytest.raises(ValueError, match="at least 1"):
        sgfaudit.dask.partitions(TYGEM, 0)
    # Few bytes: a partition a game, whatever the size.
    path = tmp_path / "five.sgf"
    path.write_text("(;GM[1]SZ[9];B[ee];W[dd])\n" * 5)
    parts = sgfaudit.dask.partitions(str(path), 1)
    assert [[piece[4] for piece in part] for part in parts] == [[0], [1], [2], [3], [4]]


def test_games_on_two_workers_are_the_command_lines_csv(client):
    frame = sgfaudit.dask.audit(TYGEM, partition_bytes=PARTITION, no_config=True)
    assert frame.npartitions > len(TYGEM)
    pd.testing.assert_frame_equal(computed(frame), expected("csv", sgfaudit.GAME_COLUMNS))


def test_an_archive_is_cut_between_members(client, tmp_path):
    """A zip of the corpus spreads over partitions of whole members, each game once, in
    the command line's order, with its member's name."""
    archive = tmp_path / "corpus.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted(glob.glob(os.path.join(ROOT, "corpus", "**", "*.sgf"), recursive=True)):
            z.write(path, os.path.relpath(path, ROOT))
    parts = sgfaudit.dask.partitions([str(archive)], 2 << 10)
    assert len(parts) > 3
    assert all(piece[0] == "members" for part in parts for piece in part)
    frame = sgfaudit.dask.audit([str(archive)], partition_bytes=2 << 10, no_config=True)
    out = cli("--format", "csv", str(archive)).stdout
    want = same_types(sgfaudit._frame(out, sgfaudit.GAME_COLUMNS, "pandas"), sgfaudit.GAME_COLUMNS)
    got = computed(frame)
    assert len(got) > 100
    pd.testing.assert_frame_equal(got, want)


def test_findings_on_two_workers_are_the_command_lines_csv(client):
    frame = sgfaudit.dask.findings(TYGEM, partition_bytes=PARTITION, no_config=True)
    want = expected("findings-csv", sgfaudit.FINDING_COLUMNS)
    assert len(want) > 0
    pd.testing.assert_frame_equal(computed(frame, sgfaudit.FINDING_COLUMNS), want)


def test_a_worker_killed_mid_computation_loses_and_doubles_nothing(client):
    frame = sgfaudit.dask.audit(TYGEM, partition_bytes=4 << 20, no_config=True)
    future = client.compute(frame)
    # Wait until the workers are busy, then kill one with SIGKILL: its nanny starts a
    # new one, the scheduler runs its tasks again.
    deadline = time.monotonic() + 60
    while not any(client.processing().values()) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)
    pids = client.run(os.getpid)
    victim = sorted(pids.values())[0]
    os.kill(victim, signal.SIGKILL)
    rows = same_types(future.result(timeout=600), sgfaudit.GAME_COLUMNS)
    want = expected("csv", sgfaudit.GAME_COLUMNS)
    assert not rows.duplicated(["path", "game"]).any()
    pd.testing.assert_frame_equal(rows, want)
    assert victim not in client.run(os.getpid).values()
