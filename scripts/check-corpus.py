#!/usr/bin/env python3
"""Cross-check the corpus file names against an independent replay.

    python3 scripts/check-corpus.py [--boards] [PATH...]

PATH defaults to corpus/rules corpus/shapes corpus/gnugo. For every file named
NAME__EXPECT.sgf the findings of scripts/sgfref.py must equal EXPECT exactly
(see corpus/README.md). --boards prints the board after every move, for reading
a game by eye. Exit code 1 if any file disagrees.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sgfref  # noqa: E402


def files(paths):
    for path in paths:
        if os.path.isdir(path):
            for dirpath, _, names in sorted(os.walk(path)):
                for n in sorted(names):
                    if n.lower().endswith(".sgf"):
                        yield os.path.join(dirpath, n)
        else:
            yield path


def main(argv):
    boards = "--boards" in argv
    paths = [a for a in argv if not a.startswith("--")] or [
        "corpus/rules", "corpus/shapes", "corpus/gnugo"]
    bad = 0
    total = 0
    for path in files(paths):
        total += 1
        name = os.path.basename(path)
        expected = sgfref.expectation_from_name(name)
        try:
            with open(path, encoding="utf-8-sig") as f:
                games = sgfref.parse(f.read())
        except (sgfref.SgfError, UnicodeDecodeError, ValueError) as e:
            got = [("parse-error", None)]
            games = []
            print("%-60s parse: %s" % (path, e))
        else:
            got = []
            for g in games:
                fnd, detail = sgfref.audit(g)
                got.extend(fnd)
                if boards:
                    w, h = detail["w"], detail["h"]
                    print("== %s" % path)
                    for (mv, colour, v, void, cap, b) in detail["boards"]:
                        print("move %d %s[%s]%s%s" % (mv, colour, v, " VOID " + void if void else "",
                                                     " captures %d" % cap if cap else ""))
                        print(sgfref.draw(b, w, h))
                if "computed" in detail:
                    print("%-60s area B %g W %g komi %g -> %s" % (
                        path, detail["black"], detail["white"], detail["komi"], detail["computed"]))
        verdict = "ok" if got == expected else "DIFFERS"
        if got != expected:
            bad += 1
        print("%-60s %s  got %s" % (path, verdict, "+".join(
            c if m is None else "%s@%d" % (c, m) for c, m in got) or "ok"))
    print("%d files, %d differ" % (total, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
