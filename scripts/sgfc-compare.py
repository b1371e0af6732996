#!/usr/bin/env python3
"""SGFC's errors on the files of the shared corpus's `real/`, before and after `audit --fix`.

Copies `real/` to a folder of its own (the corpus stays read-only), runs
`sgfaudit audit --fix` on the copy, then SGFC (`sgfc FILE`, check only, no options: as
`corpus/reference/sgfc-messages.tsv` was made) on every original and every fixed file,
and tallies its errors ("Error NN" lines) by kind. SGFC's "NOT CORRECTED" errors on a `DT`
that holds a time of day (`DT[2018-04-27 13:05]`) are counted apart: the time is data
`FF[4]` has no place for, so `--fix` keeps it.

    scripts/sgfc-compare.py --sgfc PATH/TO/sgfc [--corpus ../shared/corpus]
                            [--sgfaudit target/release/sgfaudit] [--work DIR] [--jobs 2]
                            [--list N]

Build SGFC from its source (https://github.com/missdeer/sgfc, `make`).
"""
import argparse
import collections
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ERROR = re.compile(r"^Line:(\d+) Col:(\d+) - Error (\d+)(?: \(critical\))?: (.*)$")
TIME_OF_DAY = re.compile(r"\d{1,2}:\d{2}")


def errors(sgfc, path):
    """SGFC's errors on one file: (line, column, number, message)."""
    run = subprocess.run([sgfc, str(path)], capture_output=True, timeout=120)
    out = run.stdout.decode("utf-8", "replace")
    found = []
    for line in out.splitlines():
        m = ERROR.match(line)
        if m:
            found.append((int(m[1]), int(m[2]), int(m[3]), m[4].strip()))
    return found


def kind(number, message):
    """An error's kind: its number and message without the value it quotes."""
    head = re.split(r" - value| - byte| - |; new value|: \[|(?<=\)): ", message)[0]
    return f"{number:2} {head}"


def excluded(number, message):
    """A `DT` SGFC leaves "NOT CORRECTED" because it holds a time of day."""
    if number != 33 or "<DT>" not in message or "NOT CORRECTED" not in message:
        return False
    return bool(TIME_OF_DAY.search(message.split("value:", 1)[-1]))


def tally(sgfc, root, files, jobs):
    """Every file's errors, by path relative to `root`."""
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        runs = pool.map(lambda p: errors(sgfc, root / p), files)
        return dict(zip(files, runs))


def summary(label, found):
    counted = collections.Counter()
    dropped = 0
    for errs in found.values():
        for (_, _, n, msg) in errs:
            if excluded(n, msg):
                dropped += 1
            else:
                counted[kind(n, msg)] += 1
    total = sum(counted.values())
    print(f"{label}: {total + dropped} errors, {dropped} DT with a time of day, "
          f"{total} counted")
    return counted, total, dropped


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sgfc", required=True)
    ap.add_argument("--corpus", default="../shared/corpus")
    ap.add_argument("--sgfaudit", default="target/release/sgfaudit")
    ap.add_argument("--work", help="folder for the fixed copy (default: a temporary one)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--list", type=int, default=0, metavar="N",
                    help="print up to N fixed-file errors of each kind")
    args = ap.parse_args()
    real = Path(args.corpus) / "real"
    work = Path(args.work or tempfile.mkdtemp(prefix="sgfc-compare-"))
    fixed = work / "real"
    if fixed.exists():
        shutil.rmtree(fixed)
    shutil.copytree(real, fixed)
    for d, _, names in os.walk(fixed):
        os.chmod(d, 0o755)
        for n in names:
            os.chmod(Path(d) / n, 0o644)
    run = subprocess.run([args.sgfaudit, "audit", "--fix", "--exit-zero", "--dead", "none",
                          "--format", "concise", str(fixed)],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    tail = run.stderr.decode("utf-8", "replace").strip().splitlines()[-3:]
    print("sgfaudit --fix:", " / ".join(tail), file=sys.stderr)
    files = sorted(str(p.relative_to(real)) for p in real.rglob("*")
                   if p.is_file() and p.suffix.lower() == ".sgf")
    before = tally(args.sgfc, real, files, args.jobs)
    after = tally(args.sgfc, fixed, files, args.jobs)
    b, b_total, _ = summary("originals", before)
    a, a_total, _ = summary("fixed", after)
    print(f"ratio: {a_total}/{b_total} = {100 * a_total / max(b_total, 1):.1f}%")
    print(f"\n{'originals':>9} {'fixed':>6}  kind")
    for k in sorted(set(a) | set(b), key=lambda k: (-a[k], -b[k], k)):
        print(f"{b[k]:9} {a[k]:6}  {k}")
    if args.list:
        shown = collections.Counter()
        print()
        for path, errs in after.items():
            for (line, col, n, msg) in errs:
                k = kind(n, msg)
                if not excluded(n, msg) and shown[k] < args.list:
                    shown[k] += 1
                    print(f"{path}:{line}:{col}: Error {n}: {msg}")
    print(f"fixed copy: {fixed}", file=sys.stderr)


if __name__ == "__main__":
    main()
