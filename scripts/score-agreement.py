#!/usr/bin/env python3
"""How often sgfaudit's area count agrees with RE[] and with GNU Go, per source.

Reads `sgfaudit audit --json` output (run with `--rules chinese` to count every game by
area, whatever its RU[]) and the shared corpus's `reference/gnugo-scores.tsv`.

    cargo run --release -- audit --json --rules chinese ../shared/corpus/real > /tmp/chinese.jsonl
    python3 scripts/score-agreement.py /tmp/chinese.jsonl ../shared/corpus
"""
import collections
import csv
import json
import re
import sys


def margin(result):
    """Black's margin in points from 'B+3.5' / 'W+0.5' / '0', else None."""
    if result is None:
        return None
    m = re.fullmatch(r"\s*([BW])\+([0-9]+(?:\.[0-9]+)?)\s*", result)
    if m:
        v = float(m.group(2))
        return v if m.group(1) == "B" else -v
    if result.strip() in ("0", "Draw", "Jigo", "W+0", "B+0", "W+0.0", "B+0.0"):
        return 0.0
    return None


def print_table(title, table, cols, width):
    """One row per source and a total row, columns right-aligned to `width`."""
    print(title.ljust(18) + "".join(c.rjust(width) for c in cols))
    total = collections.Counter()
    for source, t in sorted(table.items()):
        total.update(t)
        print(source.ljust(18) + "".join(str(t[c]).rjust(width) for c in cols))
    print("all".ljust(18) + "".join(str(total[c]).rjust(width) for c in cols))


def main():
    jsonl, shared = sys.argv[1], sys.argv[2]
    games = {}
    for line in open(jsonl, encoding="utf-8"):
        o = json.loads(line)
        if o["type"] != "game":
            continue
        d = o["data"]
        path = d["path"][d["path"].find("real/"):]
        games[(path, d["game"])] = d
    gnugo = {}
    with open(f"{shared}/reference/gnugo-scores.tsv", encoding="utf-8") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            gnugo[row["path"]] = row

    table = collections.defaultdict(collections.Counter)
    kinds = collections.defaultdict(collections.Counter)
    for (path, index), d in sorted(games.items()):
        source = path.split("/")[1]
        recorded = margin(d["result"])
        if d["ended_by"] != "passes" or recorded is None or d["score"] is None:
            continue
        computed = d["score"]["margin"]
        t = table[source]
        t["games"] += 1
        t["re agrees"] += abs(computed - recorded) < 1e-6
        t["re within 1"] += abs(computed - recorded) <= 1.0 + 1e-6
        t["re same winner"] += (computed > 0) == (recorded > 0) and (computed < 0) == (recorded < 0)
        diff = computed - recorded
        if abs(diff) > 1e-6:
            why = "komi" if abs(abs(diff) - d["komi"]) < 1e-6 or abs(d["komi"] - 0) < 1e-6 and abs(diff) > 4 else (
                "territory rules (RU[%s])" % d["rules_raw"] if d["rules_raw"] and d["rules_raw"].lower().startswith(("jap", "kor")) else
                "dead stones uncertain" if d["score"]["dead"].get("uncertain") else
                "within a point" if abs(diff) <= 1 else "other")
            kinds[source][why] += 1
        g = gnugo.get(path)
        if g and g["status"] == "ok" and index == 0:
            gm = margin(g["gnugo_final_score"])
            if gm is not None:
                t["gnugo games"] += 1
                t["gnugo agrees"] += abs(computed - gm) < 1e-6
                t["gnugo within 1"] += abs(computed - gm) <= 1.0 + 1e-6

    cols = ["games", "re agrees", "re within 1", "re same winner", "gnugo games", "gnugo agrees", "gnugo within 1"]
    print_table("source", table, cols, 16)
    print()
    for source, k in sorted(kinds.items()):
        print(source, dict(k))

    # Every game GNU Go scored (ended by passes or not), per source.
    print()
    table2 = collections.defaultdict(collections.Counter)
    for path, g in gnugo.items():
        d = games.get((path, 0))
        gm = margin(g["gnugo_final_score"])
        if g["status"] != "ok" or d is None or d["score"] is None or gm is None:
            continue
        t = table2[path.split("/")[1]]
        ours = d["score"]["margin"]
        recorded = margin(d["result"])
        t["games"] += 1
        t["= gnugo"] += abs(ours - gm) < 1e-6
        t["gnugo within 1"] += abs(ours - gm) <= 1.0 + 1e-6
        t["same winner as gnugo"] += (ours > 0) == (gm > 0)
        if recorded is not None:
            t["numeric RE"] += 1
            t["= RE"] += abs(ours - recorded) < 1e-6
            t["RE within 1"] += abs(ours - recorded) <= 1.0 + 1e-6
            t["gnugo = RE"] += abs(gm - recorded) < 1e-6
    cols = ["games", "= gnugo", "gnugo within 1", "same winner as gnugo", "numeric RE", "= RE", "RE within 1", "gnugo = RE"]
    print_table("gnugo-scores.tsv", table2, cols, 22)


if __name__ == "__main__":
    main()
