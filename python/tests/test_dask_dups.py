"""`sgfaudit.dask.dups` on a LocalCluster of two single-thread workers gives the command
line's clusters (`sgfaudit dups --format csv`) whatever the partitioning, even when a
worker dies in the middle."""

import io
import os
import signal
import subprocess
import time

import pandas as pd
import pytest

import sgfaudit.dask
from conftest import CLI, ROOT, TYGEM

REAL = os.path.join("..", "shared", "corpus", "real")


_EXPECTED = {}


def expected(paths):
    """The command line's clusters of `paths`, as text columns."""
    key = tuple(paths)
    if key not in _EXPECTED:
        out = subprocess.run([CLI, "dups", "--format", "csv", "--progress", "never",
                              "--no-config", *paths], capture_output=True, cwd=ROOT, check=True)
        _EXPECTED[key] = pd.read_csv(io.BytesIO(out.stdout), dtype=str, keep_default_na=False)
    return _EXPECTED[key]


def as_text(frame):
    """A computed frame with its columns as the CSV writes them."""
    def text(value):
        if pd.isna(value):
            return ""
        if isinstance(value, (bool,)) or str(value) in ("True", "False"):
            return str(value).lower()
        return str(value)
    return frame.reset_index(drop=True).apply(lambda c: c.map(text)).astype(object)


@pytest.mark.parametrize("paths,sizes", [
    (TYGEM, [2 << 20, 16 << 20, 1 << 30]),
    ([REAL], [64 << 10, 1 << 20, 1 << 30]),
])
def test_the_clusters_are_the_command_lines_whatever_the_partitions(client, paths, sizes):
    want = expected(paths)
    assert len(want) > 10, "some clusters"
    counts = []
    for size in sizes:
        frame = sgfaudit.dask.dups(paths, partition_bytes=size)
        assert list(frame.columns) == list(want.columns)
        counts.append(len(sgfaudit.dask.partitions(paths, size)))
        got = as_text(frame.compute())
        pd.testing.assert_frame_equal(got, want.astype(object), check_dtype=False)
    assert counts[0] > counts[-1] >= 1, counts


def test_the_keys_are_shuffled_into_groups_clustered_apart(client):
    """The keys of the games that may be copies reach the clustering through a shuffle,
    spread over several partitions, none holding them all; the others go no further."""
    keyed, grouped = sgfaudit.dask._dups_grouped(TYGEM, 4 << 20)
    assert grouped.npartitions == len(keyed) > 2
    sizes = grouped.map_partitions(
        lambda f: pd.DataFrame({"games": [len(f)], "groups": [f["group"].nunique()]}),
        meta={"games": "int64", "groups": "int64"}).compute()
    games = sum(len(k) for k, _, _ in client.compute([k for k in keyed], sync=True))
    clustered = expected(TYGEM)
    in_clusters = (clustered["cluster"] != "").sum()
    assert in_clusters <= sizes["games"].sum() < games, (in_clusters, sizes, games)
    assert (sizes["games"] > 0).sum() > 2
    assert sizes["games"].max() < sizes["games"].sum() / 2, sizes


def test_types_and_a_tiny_memory(client):
    frame = sgfaudit.dask.dups([REAL], partition_bytes=256 << 10, memory=1 << 10).compute()
    assert str(frame["game"].dtype) == "Int64"
    assert str(frame["winner_differs"].dtype) == "boolean"
    assert (frame["relation"] == "reference").sum() == frame["cluster"].nunique()
    got = as_text(frame)
    pd.testing.assert_frame_equal(got, expected([REAL]).astype(object), check_dtype=False)


def test_an_unreadable_input_is_a_row_with_its_message(client, tmp_path):
    missing = str(tmp_path / "missing.sgf")
    frame = sgfaudit.dask.dups([REAL, missing], partition_bytes=1 << 20).compute()
    last = frame.iloc[-1]
    assert last["path"] == missing and last["message"] != ""
    assert pd.isna(last["game"])
    assert len(frame) == len(expected([REAL])) + 1


def test_a_worker_killed_mid_computation_loses_nothing(client):
    frame = sgfaudit.dask.dups(TYGEM, partition_bytes=2 << 20)
    future = client.compute(frame)
    deadline = time.monotonic() + 60
    while not any(client.processing().values()) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)
    victim = sorted(client.run(os.getpid).values())[0]
    os.kill(victim, signal.SIGKILL)
    got = as_text(future.result(timeout=600))
    pd.testing.assert_frame_equal(got, expected(TYGEM).astype(object), check_dtype=False)
    assert victim not in client.run(os.getpid).values()
