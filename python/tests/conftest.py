"""Where the tests find the command line and the data: run from the repository's root
(`scripts/ci-python.sh` does), the command line built in `target/release`."""

import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

if os.environ.get("SGFAUDIT_WHEEL"):
    # CI tests the installed wheel: the sources next to the tests must not be imported.
    import sgfaudit

    assert not os.path.abspath(sgfaudit.__file__).startswith(os.path.join(ROOT, "python")), (
        f"the tests import the sources ({sgfaudit.__file__}), not the installed wheel")

CLI = os.environ.get("SGFAUDIT_BIN", os.path.join(ROOT, "target", "release", "sgfaudit"))
TYGEM = sorted(
    os.path.join("..", "shared", "corpus", "tygem", name)
    for name in os.listdir(os.path.join(ROOT, "..", "shared", "corpus", "tygem"))
)


@pytest.fixture(autouse=True)
def at_root(monkeypatch):
    monkeypatch.chdir(ROOT)


@pytest.fixture(scope="module")
def client():
    """A Dask cluster of two single-thread worker processes, one for each test module
    that asks for it (a test that ends a worker does not spoil another module's)."""
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        yield client


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([CLI, "audit", "--no-config", "--progress", "never", *args],
                          capture_output=True, cwd=ROOT)


def cli_records(*args: str):
    """The command line's JSON Lines: {type: [data, ...]}."""
    out = cli("--json", *args)
    records = {}
    for line in out.stdout.splitlines():
        record = json.loads(line)
        records.setdefault(record["type"], []).append(record["data"])
    return records
