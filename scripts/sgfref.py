"""A small, independent reference replayer for the sgfaudit corpus (Python 3, stdlib only).

It knows just enough to check the expectations written into the corpus file names
(`NAME__EXPECT.sgf`, see corpus/README.md): it replays the main line under the
Chinese rules (situational superko, no suicide), reports the move findings, and
counts finished games by area. It is a cross-check of the hand-made files, not
the auditor itself; it reads UTF-8 files only.
"""

import re

PASS = None


class SgfError(Exception):
    pass


def parse(text):
    """Parse an SGF collection into a list of game trees.

    A tree is a list of nodes (main line only: the first variation at each
    fork); a node is a list of (IDENT, [values]) in file order.
    """
    i, n = 0, len(text)
    games = []

    def skip_ws(i):
        while i < n and text[i] in " \t\r\n":
            i += 1
        return i

    def parse_tree(i):
        # text[i] == '('
        i += 1
        nodes = []
        first_child = None
        while True:
            i = skip_ws(i)
            if i >= n:
                raise SgfError("missing ')'")
            c = text[i]
            if c == ";":
                i += 1
                node = []
                while True:
                    i = skip_ws(i)
                    m = re.compile(r"[A-Za-z]+").match(text, i)
                    if not m:
                        break
                    ident = "".join(ch for ch in m.group(0) if ch.isupper())
                    i = m.end()
                    values = []
                    while True:
                        i = skip_ws(i)
                        if i < n and text[i] == "[":
                            i += 1
                            buf = []
                            while True:
                                if i >= n:
                                    raise SgfError("unclosed property value")
                                ch = text[i]
                                if ch == "\\":
                                    if i + 1 >= n:
                                        raise SgfError("unclosed property value")
                                    buf.append(text[i + 1])
                                    i += 2
                                    continue
                                if ch == "]":
                                    i += 1
                                    break
                                buf.append(ch)
                                i += 1
                            values.append("".join(buf))
                        else:
                            break
                    if not values:
                        raise SgfError("property without value")
                    node.append((ident, values))
                if first_child is not None:
                    raise SgfError("node after variation")
                nodes.append(node)
            elif c == "(":
                sub, i = parse_tree(i)
                if first_child is None:
                    first_child = sub
            elif c == ")":
                i += 1
                if first_child:
                    nodes.extend(first_child)
                return nodes, i
            else:
                raise SgfError("unexpected %r" % c)

    while True:
        j = text.find("(", i)
        if j < 0:
            break
        i = j
        tree, i = parse_tree(i)
        if not tree:
            raise SgfError("game without nodes")
        games.append(tree)
    if not games:
        raise SgfError("no game")
    return games


def prop(node, ident):
    for k, v in node:
        if k == ident:
            return v
    return None


def neighbours(p, w, h):
    x, y = p
    if x > 0:
        yield (x - 1, y)
    if x + 1 < w:
        yield (x + 1, y)
    if y > 0:
        yield (x, y - 1)
    if y + 1 < h:
        yield (x, y + 1)


def chain_and_libs(board, p, w, h):
    colour = board[p]
    chain, libs, todo = {p}, set(), [p]
    while todo:
        q = todo.pop()
        for r in neighbours(q, w, h):
            c = board.get(r)
            if c is None:
                libs.add(r)
            elif c == colour and r not in chain:
                chain.add(r)
                todo.append(r)
    return chain, libs


def coord(v, w, h):
    """SGF point -> (x, y), PASS, or 'off' (outside the board)."""
    if v == "" or (v == "tt" and w <= 19 and h <= 19):
        return PASS
    if len(v) != 2:
        return "off"
    def one(ch):
        if "a" <= ch <= "z":
            return ord(ch) - 97
        if "A" <= ch <= "Z":
            return ord(ch) - 65 + 26
        return 99
    x, y = one(v[0]), one(v[1])
    if x >= w or y >= h:
        return "off"
    return (x, y)


KNOWN_RULES = {"chinese", "cn", "japanese", "jp", "korean", "aga", "nz", "new zealand",
               "tromp-taylor", "tromp taylor", "ing", "goe", "chinese-positional"}
NON_MOVE_ORDER = ["setup-in-game", "komi-normalized", "unknown-rules", "handicap-mismatch",
                  "unparsed-result", "result-mismatch"]


def read_komi(root, rules):
    km = prop(root, "KM")
    if not km:
        return 7.5 if rules == "chinese" else 0.0, False
    raw = km[0].strip()
    k = float(raw)
    if k in (750, 650, 550, 375, 325, 275):
        return {750: 7.5, 650: 6.5, 550: 5.5, 375: 7.5, 325: 6.5, 275: 5.5}[k], True
    if rules == "chinese" and k in (3.75, 3.25, 2.75):
        return k * 2, True
    return k, False


def parse_result(re_text):
    t = re_text.strip()
    m = re.fullmatch(r"([BW])\+(\d+(?:\.\d+)?)", t)
    if m:
        v = float(m.group(2))
        return v if m.group(1) == "B" else -v
    if t in ("0", "Draw", "Jigo", "draw", "jigo"):
        return 0.0
    if re.fullmatch(r"[BW]\+(R|Resign|T|Time|F|Forfeit)?", t) or t in ("Void", "?"):
        return "other"
    return None


def area(board, w, h, dead):
    live = {p: c for p, c in board.items() if p not in dead}
    black = sum(1 for c in live.values() if c == "B")
    white = sum(1 for c in live.values() if c == "W")
    seen = set()
    for x in range(w):
        for y in range(h):
            p = (x, y)
            if p in live or p in seen:
                continue
            region, border, todo = {p}, set(), [p]
            while todo:
                q = todo.pop()
                for r in neighbours(q, w, h):
                    if r in live:
                        border.add(live[r])
                    elif r not in region:
                        region.add(r)
                        todo.append(r)
            seen |= region
            if border == {"B"}:
                black += len(region)
            elif border == {"W"}:
                white += len(region)
            else:
                black += len(region) / 2
                white += len(region) / 2
    return black, white


def fmt_margin(m):
    if m > 0:
        return "B+%g" % m
    if m < 0:
        return "W+%g" % -m
    return "0"


def audit(tree):
    """Findings of one game: list of (code, move or None); plus a dict of details."""
    root = tree[0]
    findings = []
    sz = (prop(root, "SZ") or ["19"])[0]
    if ":" in sz:
        w, h = (int(s) for s in sz.split(":"))
    else:
        w = h = int(sz)
    ru = prop(root, "RU")
    rules = "chinese"
    if ru:
        r = ru[0].strip().lower()
        if r not in KNOWN_RULES:
            findings.append(("unknown-rules", None))
        elif r in ("japanese", "jp", "korean"):
            rules = "japanese"
    komi, normalized = read_komi(root, rules)
    if normalized:
        findings.append(("komi-normalized", None))
    board = {}
    for ident, colour in (("AB", "B"), ("AW", "W")):
        for v in prop(root, ident) or []:
            board[coord(v, w, h)] = colour
    ha = prop(root, "HA")
    handicap = int(ha[0]) if ha else 0
    if handicap >= 2 and handicap != len(prop(root, "AB") or []):
        findings.append(("handicap-mismatch", None))
    pl = prop(root, "PL")
    to_move = pl[0].upper()[0] if pl else None

    def key(colour_to_move):
        return (frozenset(board.items()), colour_to_move)

    states = []
    history = {}
    if to_move:
        states.append(key(to_move))
        history.setdefault(states[-1], 0)
    move_no = 0
    passes = 0
    ended = False
    end_reported = False
    last_node = root
    boards = []
    for node in tree[1:]:
        last_node = node
        if any(k in ("AB", "AW", "AE") for k, _ in node):
            if move_no > 0:
                findings.append(("setup-in-game", None))
            for k, vals in node:
                for v in vals if k in ("AB", "AW", "AE") else []:
                    p = coord(v, w, h)
                    if k == "AE":
                        board.pop(p, None)
                    else:
                        board[p] = k[1]
        mv = None
        for k, vals in node:
            if k in ("B", "W"):
                mv = (k, vals[0])
        if mv is None:
            continue
        colour, v = mv
        other = "W" if colour == "B" else "B"
        move_no += 1
        if not states:
            states.append(key(colour))
            history.setdefault(states[-1], 0)
            to_move = colour
        if ended and not end_reported:
            findings.append(("move-after-end", move_no))
            end_reported = True
        if colour != to_move:
            findings.append(("consecutive-move", move_no))
        p = coord(v, w, h)
        void = None
        captured = 0
        if p is PASS:
            passes += 1
            if passes >= 2:
                ended = True
        elif p == "off":
            void = "off-board"
        elif p in board:
            void = "occupied"
        else:
            before = dict(board)
            board[p] = colour
            for q in neighbours(p, w, h):
                if board.get(q) == other:
                    chain, libs = chain_and_libs(board, q, w, h)
                    if not libs:
                        for s in chain:
                            del board[s]
                        captured += len(chain)
            chain, libs = chain_and_libs(board, p, w, h)
            if not libs:
                board.clear()
                board.update(before)
                void = "suicide"
            else:
                k = key(other)
                if len(states) >= 2 and k == states[-2]:
                    void = "ko"
                elif k in history:
                    void = "superko"
                if void:
                    board.clear()
                    board.update(before)
            if not void:
                passes = 0
        if void:
            findings.append((void, move_no))
        to_move = other
        states.append(key(to_move))
        history.setdefault(states[-1], move_no)
        boards.append((move_no, colour, v, void, captured, dict(board)))

    # Result check
    re_prop = prop(root, "RE")
    detail = {"w": w, "h": h, "boards": boards, "komi": komi, "ended": ended}
    if re_prop:
        claim = parse_result(re_prop[0])
        if claim is None:
            findings.append(("unparsed-result", None))
        elif claim != "other" or ended:
            dead = set()
            tb = prop(last_node, "TB") or []
            tw = prop(last_node, "TW") or []
            for v in tb:
                if board.get(coord(v, w, h)) == "W":
                    dead.add(coord(v, w, h))
            for v in tw:
                if board.get(coord(v, w, h)) == "B":
                    dead.add(coord(v, w, h))
            b, wh = area(board, w, h, dead)
            bonus = handicap if (handicap >= 2 and rules == "chinese") else 0
            margin = b - wh - komi - bonus
            detail.update(black=b, white=wh, margin=margin, computed=fmt_margin(margin))
            if claim != "other" and abs(claim - margin) > 1e-9:
                findings.append(("result-mismatch", None))
    moves = [f for f in findings if f[1] is not None]
    others = [f for f in findings if f[1] is None]
    others.sort(key=lambda f: NON_MOVE_ORDER.index(f[0]))
    moves.sort(key=lambda f: f[1])
    return moves + others, detail


def expectation_from_name(name):
    stem = name[:-4] if name.lower().endswith(".sgf") else name
    if "__" not in stem:
        return None
    exp = stem.rsplit("__", 1)[1]
    if exp == "ok":
        return []
    out = []
    for part in exp.split("+"):
        if "@" in part:
            code, mv = part.split("@")
            out.append((code, int(mv)))
        else:
            out.append((part, None))
    return out


def draw(board, w, h):
    rows = []
    for y in range(h):
        rows.append(" ".join({"B": "X", "W": "O"}.get(board.get((x, y)), ".") for x in range(w)))
    return "\n".join(rows)
