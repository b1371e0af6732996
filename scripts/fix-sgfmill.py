#!/usr/bin/env python3
"""Re-reads the records `sgfaudit audit --fix` rewrote with sgfmill, a reader of its own:
each fixed file must give the same main line (colours and points, passes included) as
the original, and every original sgfmill reads must still be readable. An original
whose game tree lacks its opening `(` is only counted: sgfmill reads it from the first
`(` it finds, a side variation, and the fixed file from the game's start. So is one
whose moves are written with lower-case identifiers (`b[ee]`, `Bl[gg]`): sgfmill reads
only capitals as FF[4] says, and sees no move where sgfaudit, as FF[3] did, sees one;
the fix writes them in capitals.

    scripts/fix-sgfmill.py ORIGINAL_FOLDER FIXED_FOLDER

Exit 0 when every file agrees, 1 otherwise (the files that differ are listed).
"""
import pathlib
import re
import sys

from sgfmill import sgf


# A move written with a lower-case identifier after a node's `;`: `;b[ee]`, `;Bl[gg]`.
LOWER_CASE_MOVE = re.compile(rb";\s*(?:[bw][A-Za-z]*|B[a-z]+|W[a-z]+)\[")


def main_line(data: bytes):
    game = sgf.Sgf_game.from_bytes(data)
    # The moves (passes included); a node without a move (setup, comments) is no move.
    moves = (node.get_move() for node in game.get_main_sequence())
    return [m for m in moves if m != (None, None)]


def main() -> int:
    original, fixed = (pathlib.Path(a) for a in sys.argv[1:3])
    checked = skipped = repaired = lowercase = 0
    wrong = []
    for path in sorted(original.rglob("*")):
        if not path.is_file() or path.suffix.lower() != ".sgf":
            continue
        other = fixed / path.relative_to(original)
        try:
            before = main_line(path.read_bytes())
        except Exception:  # sgfmill cannot read the original: nothing to compare
            skipped += 1
            continue
        try:
            after = main_line(other.read_bytes())
        except Exception as e:
            wrong.append(f"{other}: sgfmill cannot read the fixed file: {e}")
            continue
        checked += 1
        if not path.read_bytes().lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"("):
            repaired += 1
        elif before != after and LOWER_CASE_MOVE.search(path.read_bytes()):
            lowercase += 1
        elif before != after:
            wrong.append(f"{other}: main line differs")
    print(f"{checked} files compared, {skipped} unreadable by sgfmill before the fix, "
          f"{repaired} without their opening '(' before, {lowercase} with lower-case "
          f"move identifiers sgfmill does not read, {len(wrong)} differ")
    for w in wrong:
        print(w)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
