#!/usr/bin/env python3
"""Re-reads the records `sgfaudit audit --fix` rewrote with sgfmill, a reader of its own:
each fixed file must give the same main line (colours and points, passes included) as
the original, and every original sgfmill reads must still be readable. An original
whose game tree lacks its opening `(` is only counted: sgfmill reads it from the first
`(` it finds, a side variation, and the fixed file from the game's start. So is one
whose moves are written with lower-case identifiers (`b[ee]`, `Bl[gg]`): sgfmill reads
only capitals as FF[4] says, and sees no move where sgfaudit, as FF[3] did, sees one;
the fix writes them in capitals.

The root's game information is compared too: the winner sgfmill reads from `RE`
(`RE[W]` and the `RE[W+]` it is fixed to name the same winner), the players' names, and
the applications named (`AP`, and a second `AP` that the fix keeps apart as `XAP`; the
name part, the version being what the compose fix writes).

    scripts/fix-sgfmill.py ORIGINAL_FOLDER FIXED_FOLDER

Exit 0 when every file agrees, 1 otherwise (the files that differ are listed).
"""
import pathlib
import re
import sys

from sgfmill import sgf, sgf_grammar


# A move written with a lower-case identifier after a node's `;`: `;b[ee]`, `;Bl[gg]`.
LOWER_CASE_MOVE = re.compile(rb";\s*(?:[bw][A-Za-z]*|B[a-z]+|W[a-z]+)\[")


def reading(data: bytes):
    """The main line and the root's facts, as sgfmill reads them."""
    game = sgf.Sgf_game.from_bytes(data)
    # The moves (passes included); a node without a move (setup, comments) is no move.
    moves = (node.get_move() for node in game.get_main_sequence())
    return [m for m in moves if m != (None, None)], root_facts(game)


def root_facts(game):
    """The winner, the players and the applications named, as sgfmill reads the root."""
    root = game.get_root()
    apps = []
    for ident in ("AP", "XAP"):
        if root.has_property(ident):
            for value in root.get_raw_list(ident):
                name = value.split(b":")[0].strip()
                if name and name not in apps:
                    apps.append(name)
    players = [player(root, ident) for ident in ("PB", "PW")]
    if None in players:
        players = None  # a name not decoded, or of several values: not compared
    return game.get_winner(), players, apps


def player(root, ident):
    """A player's name, decoded as its `CA[]` says, or as UTF-8 without one (FF[4] would
    say ISO-8859-1, but the fix writes `CA[UTF-8]` only where the bytes are UTF-8);
    `""` for none, `None` when the bytes do not decode or the name has several values."""
    if not root.has_property(ident):
        return ""
    values = root.get_raw_list(ident)
    if len(values) != 1:
        return None
    charset = root.get_raw("CA").decode("ascii", "replace") if root.has_property("CA") else "utf-8"
    try:
        return sgf_grammar.simpletext_value(values[0]).decode(charset)
    except (UnicodeDecodeError, LookupError):
        return None


def same_root(before, after):
    """The same winner and applications; the same players where sgfmill decodes them."""
    return before[0] == after[0] and before[2] == after[2] and (
        before[1] is None or before[1] == after[1])


def main() -> int:
    original, fixed = (pathlib.Path(a) for a in sys.argv[1:3])
    checked = skipped = repaired = lowercase = 0
    wrong = []
    for path in sorted(original.rglob("*")):
        if not path.is_file() or path.suffix.lower() != ".sgf":
            continue
        other = fixed / path.relative_to(original)
        data = path.read_bytes()
        try:
            before, was = reading(data)
        except Exception:  # sgfmill cannot read the original: nothing to compare
            skipped += 1
            continue
        try:
            after, now = reading(other.read_bytes())
        except Exception as e:
            wrong.append(f"{other}: sgfmill cannot read the fixed file: {e}")
            continue
        checked += 1
        if not data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"("):
            repaired += 1
        elif before != after and LOWER_CASE_MOVE.search(data):
            lowercase += 1
        elif before != after:
            wrong.append(f"{other}: main line differs")
        elif not same_root(was, now):
            wrong.append(f"{other}: winner, players or applications differ: {was} -> {now}")
    print(f"{checked} files compared, {skipped} unreadable by sgfmill before the fix, "
          f"{repaired} without their opening '(' before, {lowercase} with lower-case "
          f"move identifiers sgfmill does not read, {len(wrong)} differ")
    for w in wrong:
        print(w)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
