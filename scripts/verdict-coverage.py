#!/usr/bin/env python3
"""How many games whose RE[] gives a margin get a verdict (`agrees` or `disagrees`).

Reads `sgfaudit audit --json` output and prints one row per collection (the first folder
under the audited path, or the file for a file argument) and a total row:

    cargo run --release -- audit --json ../shared/corpus/tygem > /tmp/tygem.jsonl
    python3 scripts/verdict-coverage.py /tmp/tygem.jsonl

A margin game is one whose `RE[]` names a margin (`B+3.5`, `W+0.5`, `黑胜3/4子`) or a
draw; resignations, time, forfeits, results without a number and `B+0`/`W+0.0` (a winner
by nothing: Fox's mark of a game not decided by counting) are left out. With
`--reasons`, the most common reasons of the margin games without a verdict (`unverifiable`, or
`not-counted`: the count never reached what RE[] claims) follow the table.
"""
import collections
import json
import re
import sys

MARGIN = re.compile(
    r"\s*(?:[BWbw]\s*\+\s*[0-9]+(?:\.[0-9]+)?(?:\s*(?:points?|pts?))?"
    r"|[黑白]\s*[胜勝]\s*[0-9又/.½¼¾]+\s*[子目点點]?"
    r"|0|draw|jigo|和棋|和|持棋)\s*",
    re.IGNORECASE,
)


ZERO_WINNER = re.compile(r"\s*[BWbw]\s*\+\s*0+(?:\.0+)?\s*")


def is_margin(recorded):
    """`B+0`/`W+0.0` names a winner, not a margin (Fox writes it for games not counted)."""
    if recorded is None or ZERO_WINNER.fullmatch(recorded):
        return False
    return MARGIN.fullmatch(recorded) is not None


def collection(path):
    """`tygem/tygem-9d-part01.sgf`, `real/fox-pro`: the audited folder's first level."""
    parts = path.replace("\\", "/").split("/")
    for anchor in ("real", "tygem", "corpus"):
        if anchor in parts:
            i = len(parts) - 1 - parts[::-1].index(anchor)
            return "/".join(parts[i : i + 2])
    return "/".join(parts[-2:])


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    show_reasons = "--reasons" in sys.argv
    if not args:
        sys.exit(__doc__)
    rows = collections.defaultdict(collections.Counter)
    reasons = collections.Counter()
    for name in args:
        for line in open(name, encoding="utf-8"):
            o = json.loads(line)
            if o["type"] != "game":
                continue
            d = o["data"]
            check = d["check"]
            if not is_margin(check.get("recorded")):
                continue
            row = rows[collection(d["path"])]
            row["margin games"] += 1
            row[check["verdict"]] += 1
            if check["verdict"] in ("unverifiable", "not-counted"):
                reason = re.sub(r"[0-9.]+", "N", check.get("reason") or "")
                reason = re.sub(r"RE\[[^\]]*\]", "RE[..]", reason)
                reasons[reason[:150]] += 1
    cols = ["margin games", "agrees", "disagrees", "unverifiable", "not-counted"]
    width = max([len(c) for c in cols]) + 2
    head = max([len(k) for k in rows] + [12])
    print("collection".ljust(head) + "".join(c.rjust(width) for c in cols) + "   verdict   agrees")
    total = collections.Counter()

    def line(name, t):
        n = t["margin games"] or 1
        verdict = 100.0 * (t["agrees"] + t["disagrees"]) / n
        agrees = 100.0 * t["agrees"] / n
        print(
            name.ljust(head)
            + "".join(str(t[c]).rjust(width) for c in cols)
            + f"{verdict:9.1f}%{agrees:8.1f}%"
        )

    for name, t in sorted(rows.items()):
        total.update(t)
        line(name, t)
    line("all", total)
    if show_reasons:
        print()
        for reason, n in reasons.most_common(25):
            print(f"{n:7}  {reason}")


if __name__ == "__main__":
    main()
