#!/usr/bin/env python3
"""How much of what SGFC 2.0 says about the files of the shared corpus sgfaudit says too.

Reads `corpus/reference/sgfc-messages.tsv` (SGFC's messages on `corpus/real`) and the JSON
Lines of `sgfaudit audit --json --min-severity info` on the same files, and prints, per SGFC
message number, how many of its messages have an sgfaudit finding on the same file and line
within 40 columns; then how many of sgfaudit's format findings SGFC has nothing near.

    scripts/sgfc-coverage.py [--corpus ../shared/corpus] [--sgfaudit target/release/sgfaudit]
                             [--list-missed N] [--list-extra]
"""
import argparse
import collections
import json
import subprocess
import sys
from pathlib import Path

# SGFC numbers left out: annotation and markup conflicts, view and variation-order
# cosmetics, and SGFC's own encoding guesses.
EXCLUDED = {24, 29, 34, 38, 41, 42, 43, 52, 55, 56, 57, 64, 69, 73, 74}
# Codes about the game rather than the format.
GAME_CODES = {
    "bad-encoding", "occupied", "off-board", "suicide", "ko", "superko", "cycle",
    "consecutive-move", "move-after-end", "setup-in-game", "handicap-mismatch",
    "komi-normalized", "unknown-rules", "unparsed-result", "result-mismatch",
    "counting-convention", "setup-without-liberties", "handicap-inferred", "not-go",
    "internal-error", "duplicate",
}
NEAR = 40


def char_column(real, path, line, col, cache={}):
    """SGFC counts columns in bytes, sgfaudit in characters: SGFC's column as a character
    column of the line (the bytes before it read as UTF-8, a bad sequence one character)."""
    if path not in cache:
        try:
            cache[path] = (real / path).read_bytes().split(b"\n")
        except OSError:
            cache[path] = []
    lines = cache[path]
    if not col or line > len(lines):
        return col
    return len(lines[line - 1][: col - 1].decode("utf-8", "replace")) + 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", default="../shared/corpus")
    ap.add_argument("--sgfaudit", default="target/release/sgfaudit")
    ap.add_argument("--list-missed", type=int, default=0, metavar="N",
                    help="print up to N missed messages per SGFC number")
    ap.add_argument("--list-extra", action="store_true",
                    help="print sgfaudit's format findings SGFC has nothing near")
    args = ap.parse_args()
    corpus = Path(args.corpus)
    real = corpus / "real"

    sgfc = []
    with open(corpus / "reference" / "sgfc-messages.tsv", encoding="utf-8") as f:
        rows = [l.rstrip("\n").split("\t") for l in f if not l.startswith("#")]
    for r in rows[1:]:
        path, line, col, _level, number, _crit, msg = r[:7]
        if line and int(number) not in EXCLUDED:
            col = char_column(real, path, int(line), int(col or 0))
            sgfc.append((path, int(line), col, int(number), msg))

    out = subprocess.run(
        [args.sgfaudit, "audit", "--json", "--min-severity", "info", "--exit-zero", str(real)],
        capture_output=True, check=True).stdout
    ours = collections.defaultdict(list)  # (path, line) -> [(column, code, message)]
    for raw in out.splitlines():
        rec = json.loads(raw)
        if rec["type"] != "game":
            continue
        g = rec["data"]
        p = g["path"]
        p = p[p.find("real/") + 5:]
        for fi in g["findings"]:
            ours[(p, fi["line"])].append((fi["column"], fi["code"], fi["message"]))

    per_number = collections.Counter()
    hit_number = collections.Counter()
    missed = collections.defaultdict(list)
    sgfc_at = collections.defaultdict(list)
    for path, line, col, number, msg in sgfc:
        sgfc_at[(path, line)].append(col)
        per_number[number] += 1
        if any(abs(c - col) <= NEAR for c, _, _ in ours.get((path, line), [])):
            hit_number[number] += 1
        else:
            missed[number].append((path, line, col, msg))

    total, hit = sum(per_number.values()), sum(hit_number.values())
    print(f"SGFC messages with a line, outside the excluded numbers: {total}")
    print(f"  reported by sgfaudit on the same line within {NEAR} columns: {hit} ({100 * hit / total:.1f}%)")
    print(f"{'number':>6} {'messages':>8} {'matched':>8} {'share':>6}  example")
    for number, n in per_number.most_common():
        example = missed[number][0][3][:60] if missed[number] else ""
        print(f"{number:>6} {n:>8} {hit_number[number]:>8} {100 * hit_number[number] / n:>5.1f}%  {example}")
        for m in missed[number][: args.list_missed]:
            print(f"        {m[0]}:{m[1]}:{m[2]} {m[3][:100]}")

    fmt = extra = 0
    extras = collections.Counter()
    for (path, line), found in sorted(ours.items()):
        for col, code, msg in found:
            if code in GAME_CODES:
                continue
            fmt += 1
            if not any(abs(c - col) <= NEAR for c in sgfc_at.get((path, line), [])):
                extra += 1
                extras[code] += 1
                if args.list_extra:
                    print(f"extra {path}:{line}:{col} {code}: {msg[:100]}")
    print(f"sgfaudit format findings: {fmt}; SGFC says nothing within {NEAR} columns: {extra} "
          f"({100 * extra / max(fmt, 1):.1f}%) {dict(extras.most_common())}")


if __name__ == "__main__":
    sys.exit(main())
