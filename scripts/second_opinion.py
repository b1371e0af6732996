#!/usr/bin/env python3
"""A second count of the results sgfaudit calls wrong: GNU Go's `--score aftermath`.

A recorded result the check calls `disagrees` is either wrong in the record, or the
dead-stone estimate misread the final position. GNU Go settles the same position with an
engine of its own (it plays the game out and counts), so where its margin is that of
`RE[]`, the estimate is the likelier culprit; where it is near sgfaudit's count and far from
`RE[]`, the record is. Each game is classed:

    RE[] wrong      GNU Go's margin is at most two points from ours, and nearer ours
    count wrong     GNU Go's margin is within a point of RE[], and nearer RE[]
    neither         GNU Go's margin is near neither
    no answer       GNU Go failed, timed out or counted nothing

    python3 scripts/second_opinion.py [--gnugo gnugo] [--jobs 2] [--verdict disagrees]
        REPORT.jsonl [ROOT]

REPORT is what `sgfaudit audit --json` wrote; ROOT the folder its paths are relative to
(the current one by default). Each game is cut out of its file (by the line and column of
the report), its bytes outside ASCII replaced (GNU Go refuses some), and counted under the
counting and komi of sgfaudit's score (`--chinese-rules` for area). Handicap games counted
by area differ by the compensation GNU Go gives, so they are named as such. GNU Go's
aftermath count is itself wrong now and then (by a point or two at a ko or a seki): this is
a second opinion, not a referee. `scripts/verdict-power.py --second-opinion gnugo` runs it
on the true results it calls wrong.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

WINS = re.compile(r"(White|Black) wins by ([0-9.]+)")
KOMI = re.compile(rb"KM\[[^\]]*\]")
MARGIN = re.compile(r"\s*([BW])\s*\+\s*([0-9]+(?:\.[0-9]+)?)\s*$")


def signed(result):
    """Black's margin in a result like `B+6.5` or `W+2` (Black positive), or None."""
    m = MARGIN.match(result or "")
    if not m:
        return None
    return float(m.group(2)) * (1 if m.group(1) == "B" else -1)


def game_text(data, line, column):
    """The game tree that starts at `line`, `column` (1-based) of `data`, as bytes: from its
    `(` to the `)` that closes it, brackets inside property values left alone."""
    start = 0
    for _ in range(line - 1):
        start = data.index(b"\n", start) + 1
    at = start + max(column - 1, 0)
    start = at if data[at:at + 1] == b"(" else data.index(b"(", start)
    depth, i, in_value = 0, start, False
    while i < len(data):
        c = data[i:i + 1]
        if in_value:
            if c == b"\\":
                i += 1
            elif c == b"]":
                in_value = False
        elif c == b"[":
            in_value = True
        elif c == b"(":
            depth += 1
        elif c == b")":
            depth -= 1
            if depth == 0:
                return data[start:i + 1]
        i += 1
    return data[start:]


def aftermath(program, text, counting, komi, timeout=300):
    """GNU Go's margin for Black (positive) after `--score aftermath`, or an error string.
    The record's `KM[]` is replaced by `komi`: GNU Go reads it as written (Fox's `KM[375]`
    would be 375 points)."""
    clean = bytes(b if b < 0x80 else 0x3F for b in text)
    clean = KOMI.sub(b"KM[%s]" % ("%g" % komi).encode(), clean)
    if not KOMI.search(clean):
        clean = clean.replace(b";", b";KM[%s]" % ("%g" % komi).encode(), 1)
    with tempfile.NamedTemporaryFile("wb", suffix=".sgf", delete=False) as f:
        f.write(clean)
        path = f.name
    try:
        command = [program, "--score", "aftermath", "--komi", str(komi), "-l", path]
        if counting == "area":
            command.insert(3, "--chinese-rules")
        try:
            run = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return "timed out after %d s" % timeout
        except OSError as e:
            return "could not run %s: %s" % (program, e)
        m = WINS.search(run.stdout)
        if m:
            return float(m.group(2)) * (1 if m.group(1) == "Black" else -1)
        if "jigo" in run.stdout.lower():
            return 0.0
        return "no count in its output (exit %d)" % run.returncode
    finally:
        os.unlink(path)


def classify(recorded, ours, gnugo):
    if not isinstance(gnugo, (int, float)) or recorded is None or ours is None:
        return "no answer"
    to_recorded, to_ours = abs(gnugo - recorded), abs(gnugo - ours)
    if to_recorded <= 1 and to_recorded < to_ours:
        return "count wrong"
    if to_ours <= 2 and to_ours < to_recorded:
        return "RE[] wrong"
    return "neither"


def opinion_of(root, program, d):
    """The class and GNU Go's count of one game report `d`."""
    score = d.get("score") or {}
    recorded = signed(d["check"].get("recorded"))
    ours = signed(d["check"].get("computed"))
    try:
        with open(os.path.join(root, d["path"]), "rb") as f:
            text = game_text(f.read(), d["line"], d["column"])
    except (OSError, ValueError) as e:
        return "no answer", "could not read the game: %s" % e
    gnugo = aftermath(program, text, score.get("counting"), score.get("komi", d.get("komi", 0)))
    shown = ("%s+%g" % ("B" if gnugo >= 0 else "W", abs(gnugo))) if isinstance(gnugo, (int, float)) else gnugo
    return classify(recorded, ours, gnugo), shown


def opinions(reports, root, program, jobs):
    """{(path, game): (class, GNU Go's count)} for the game reports given."""
    with ThreadPoolExecutor(max(jobs, 1)) as pool:
        answers = pool.map(lambda d: opinion_of(root, program, d), reports)
        return {(d["path"], d["game"]): a for d, a in zip(reports, answers)}


def summary(classes):
    """`RE[] wrong 3, count wrong 1, ...` for a list of classes."""
    order = ["RE[] wrong", "count wrong", "neither", "no answer"]
    return ", ".join("%s %d" % (c, classes.count(c)) for c in order if c in classes) or "none"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gnugo", default="gnugo", help="the GNU Go program (default: gnugo)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--verdict", default="disagrees", help="the verdict to look at")
    ap.add_argument("report")
    ap.add_argument("root", nargs="?", default=".")
    args = ap.parse_args()
    reports = []
    with open(args.report, encoding="utf-8") as f:
        for line in f:
            o = json.loads(line)
            if o.get("type") == "game" and (o["data"].get("check") or {}).get("verdict") == args.verdict:
                reports.append(o["data"])
    found = opinions(reports, args.root, args.gnugo, args.jobs)
    for d in reports:
        cls, gnugo = found[(d["path"], d["game"])]
        hcp = " (handicap %d)" % d["handicap"] if d.get("handicap") else ""
        print("%s#%d\tRE %s\tours %s\tGNU Go %s\t%s%s" % (
            d["path"], d["game"], d["check"].get("recorded"), d["check"].get("computed"), gnugo,
            cls, hcp))
    print("%d games: %s" % (len(reports), summary([c for c, _ in found.values()])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
