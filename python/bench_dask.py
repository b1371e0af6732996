"""`sgfaudit.dask.audit` on two single-thread workers against one (docs/guide/python.md:
at least 1.5 times), on the Tygem files with ``dead="none"``: each a LocalCluster of
worker processes, the same frame computed twice, the best time kept; the machine's load
printed beside each figure (other work on the machine shows in it).

    target/ci-venv/bin/python python/bench_dask.py [--partition-bytes N] [TYGEM_FILE ...]

With ``--profile``, where the time of the two-worker run goes: the tasks' time on the
workers, the scheduler's, the transfer of the partitions to the client and their concat.
"""

import argparse
import glob
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# The installed package, not its sources next to this file (they lack the native part),
# unless they are what is installed (`maturin develop`).
sys.path = [p for p in sys.path if os.path.abspath(p or ".") != HERE]
try:
    import sgfaudit.dask
except ImportError:
    sys.path.append(HERE)
    import sgfaudit.dask

ROOT = os.path.dirname(HERE)


def load() -> str:
    return "load %.2f %.2f %.2f" % os.getloadavg()


def timed(workers, paths, partition_bytes, runs=2, profile=False):
    """The best of `runs` computations of the frame on `workers` single-thread workers,
    and the number of rows."""
    from distributed import Client, LocalCluster

    best = None
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        client.run(lambda: __import__("sgfaudit.dask"))  # workers ready
        for run in range(runs):
            frame = sgfaudit.dask.audit(paths, partition_bytes=partition_bytes, dead="none")
            before = load()
            started = time.perf_counter()
            rows = len(frame.compute())
            elapsed = time.perf_counter() - started
            print(f"  {workers} worker(s), run {run + 1}: {elapsed:.2f} s, {rows:,} games "
                  f"({before} before, {load()} after)", flush=True)
            best = elapsed if best is None else min(best, elapsed)
        if profile:
            where_time_goes(client, paths, partition_bytes)
    return best, rows


def where_time_goes(client, paths, partition_bytes):
    """The wall time of one computation split into the tasks' work on the workers, and
    the frames' transfer to the client and concat."""
    from distributed import get_task_stream

    frame = sgfaudit.dask.audit(paths, partition_bytes=partition_bytes, dead="none")
    started = time.perf_counter()
    with get_task_stream(client) as stream:
        parts = client.compute(frame.to_delayed())
        gathered_at = None
        results = client.gather(parts)
        gathered_at = time.perf_counter()
    import pandas as pd

    pd.concat(results)
    done = time.perf_counter()
    compute = sum(s["stop"] - s["start"] for t in stream.data for s in t["startstops"]
                  if s["action"] == "compute")
    transfer = sum(s["stop"] - s["start"] for t in stream.data for s in t["startstops"]
                   if s["action"] != "compute")
    spans = [s for t in stream.data for s in t["startstops"]]
    first = min(s["start"] for s in spans)
    last = max(s["stop"] for s in spans)
    print(f"  profile: wall {done - started:.2f} s; tasks {len(stream.data)}, "
          f"compute {compute:.2f} s summed over workers, other task actions {transfer:.2f} s; "
          f"first task start to last stop {last - first:.2f} s; "
          f"gather {gathered_at - started:.2f} s after submit; concat {done - gathered_at:.2f} s")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*")
    parser.add_argument("--partition-bytes", type=int, default=8 << 20)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    paths = args.paths or sorted(
        glob.glob(os.path.join(ROOT, "..", "shared", "corpus", "tygem", "*.sgf")))
    parts = len(sgfaudit.dask.partitions(paths, args.partition_bytes))
    print(f"{os.cpu_count()} cores; {len(paths)} files, partition_bytes={args.partition_bytes} "
          f"({parts} partitions); {load()}", flush=True)
    one, rows = timed(1, paths, args.partition_bytes)
    two, _ = timed(2, paths, args.partition_bytes, profile=args.profile)
    print(f"1 worker {one:.2f} s ({rows / one:,.0f} games/s), 2 workers {two:.2f} s "
          f"({rows / two:,.0f} games/s): ratio {one / two:.2f} (>= 1.5); {load()}")


if __name__ == "__main__":
    main()
