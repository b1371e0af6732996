"""Speed of the Python package, as ratios measured in one run (docs/guide/python.md).

    target/ci-venv/bin/python python/bench.py [TYGEM_FILE ...]

1. `sgfaudit.audit()` (dicts in Python, every game iterated) against the command line's
   `--json` on one Tygem file, `dead="none"` and one job (the audit then costs least, so
   the handing over to Python shows most); beside it, the way games reached Python before
   (the `--json` lines read by `json.loads`), for the figure before and after;
2. `sgfaudit.dask.audit` with two single-thread workers against one, on the Tygem files;
3. `sgfaudit.audit()` on one core against sgfmill (from PyPI) reading each game and
   replaying its main line on `sgfmill.boards.Board`, games per second: with
   `dead="none"` (the comparable work) and with the default dead-stone estimate.
"""

import glob
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# The installed package, not its sources next to this file (they lack the native part).
sys.path = [p for p in sys.path if os.path.abspath(p or ".") != HERE]

import sgfaudit  # noqa: E402
import sgfaudit.dask  # noqa: E402

ROOT = os.path.dirname(HERE)
CLI = os.environ.get("SGFAUDIT_BIN", os.path.join(ROOT, "target", "release", "sgfaudit"))


def best_of(times, run):
    best = None
    for _ in range(times):
        started = time.perf_counter()
        result = run()
        elapsed = time.perf_counter() - started
        best = elapsed if best is None else min(best, elapsed)
    return best, result


def python_against_command_line(path):
    """Games per second of the command line's `--json` and of `audit()`, both with
    `--dead none --jobs 1`; the ratios of `audit()` and of the JSON lines read back by
    `json.loads` (how the package handed games over before) to the command line."""
    import json

    from sgfaudit import _core, _native

    def cli():
        subprocess.run([CLI, "audit", "--json", "--no-config", "--progress", "never",
                        "--dead", "none", "--jobs", "1", path],
                       stdout=subprocess.DEVNULL, check=False)

    def package():
        return sum(1 for _ in sgfaudit.audit([path], dead="none", jobs=1))

    def json_lines():
        options = _core._options({"dead": "none", "jobs": 1})
        run, games = _native.start([path], options, "jsonl"), 0
        while True:
            chunk = run.next_chunk()
            if chunk is None:
                return games
            for line in chunk.splitlines():
                if line.startswith(b'{"type":"game","data":'):
                    json.loads(line[22:-1])
                    games += 1

    cli_time, _ = best_of(3, cli)
    py_time, games = best_of(3, package)
    json_time, _ = best_of(3, json_lines)
    print(f"dead=none, one job: audit() {games / py_time:,.0f} games/s, JSON lines read "
          f"by json.loads {games / json_time:,.0f} games/s, command line --json "
          f"{games / cli_time:,.0f} games/s")
    return cli_time / py_time, cli_time / json_time


def dask_two_against_one(paths):
    from distributed import Client, LocalCluster

    times = {}
    for workers in (1, 2):
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster, Client(cluster) as client:
            client.run(lambda: __import__("sgfaudit.dask"))  # workers ready
            frame = sgfaudit.dask.audit(paths, partition_bytes=8 << 20, dead="none")
            started = time.perf_counter()
            rows = len(frame.compute())
            times[workers] = time.perf_counter() - started
        print(f"Dask {workers} worker(s): {rows / times[workers]:,.0f} games/s")
    return times[1] / times[2]


def sgfmill_games_per_second(path, limit):
    from sgfmill import boards, sgf, sgf_grammar

    with open(path, "rb") as f:
        data = f.read()
    started = time.perf_counter()
    trees = sgf_grammar.parse_sgf_collection(data)[:limit]
    for tree in trees:
        game = sgf.Sgf_game.from_coarse_game_tree(tree)
        board = boards.Board(game.get_size())
        for node in game.get_main_sequence():
            colour, move = node.get_move()
            if colour is not None and move is not None:
                try:
                    board.play(move[0], move[1], colour)
                except ValueError:
                    pass
    return len(trees) / (time.perf_counter() - started)


def against_sgfmill(path):
    """Games per second on one core: sgfmill against `audit(dead="none")` (the same work
    and more: the main line replayed, every check, the area counted as it stands) and
    against the default audit (which also estimates the dead stones by play-outs)."""
    theirs = sgfmill_games_per_second(path, 3000)
    ratios = {}
    for dead in ("none", None):
        options = {"jobs": 1}
        if dead:
            options["dead"] = dead
        elapsed, games = best_of(3, lambda: sum(1 for _ in sgfaudit.audit(path, **options)))
        ours = games / elapsed
        label = f"dead={dead}" if dead else "default"
        print(f"audit({label}) on one core {ours:,.0f} games/s, sgfmill {theirs:,.0f} games/s")
        ratios[label] = ours / theirs
    return ratios


def main():
    paths = sys.argv[1:] or sorted(
        glob.glob(os.path.join(ROOT, "..", "shared", "corpus", "tygem", "*.sgf")))
    one = paths[-1]
    print(f"{os.cpu_count()} cores; {os.path.basename(one)} of {len(paths)} files")
    sgfmill = against_sgfmill(one)
    dicts, json_lines = python_against_command_line(one)
    ratios = [
        ("audit(dead='none', jobs=1) / command line --json (>= 0.9)", dicts),
        ("before: JSON lines + json.loads / command line --json", json_lines),
        ("Dask 2 workers / 1 worker (>= 1.5)", dask_two_against_one(paths)),
        ("audit(dead='none') / sgfmill, one core (>= 100)", sgfmill["dead=none"]),
        ("audit() default / sgfmill, one core", sgfmill["default"]),
    ]
    for name, ratio in ratios:
        print(f"{name}: {ratio:.2f}")


if __name__ == "__main__":
    main()
