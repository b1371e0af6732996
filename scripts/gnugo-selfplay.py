#!/usr/bin/env python3
"""Generate the GNU Go self-play games of the sgfaudit corpus.

GNU Go plays both colours through GTP under Chinese rules; each game ends with
two consecutive passes (or a move cap).  The SGF keeps GNU Go's own verdict:
RE[] is `final_score`, and the last node carries TB[]/TW[] markup built from
`final_status_list black_territory|white_territory|dead` (a dead stone's point
is listed in the opponent's territory, so "a White stone on a TB point is dead").
With --no-markup the markup is left out, as most servers leave it out of a record
that ends by two passes: the dead stones are then the reader's to find.

Everything is deterministic: game i uses seed (--seed + i) and a board size,
level, komi and handicap chosen from i alone.

    python3 scripts/gnugo-selfplay.py --out corpus/gnugo --count 36 --seed 1
    python3 scripts/gnugo-selfplay.py --out corpus/gnugo-passes --count 120 \
        --seed 1001 --no-markup
    python3 scripts/gnugo-selfplay.py --out corpus/gnugo-passes --count 40 \
        --seed 2001 --no-markup --only-19

Python 3 standard library only; needs `gnugo` (GNU Go 3.8) on PATH or --gnugo.
"""

import argparse
import concurrent.futures
import os
import shutil
import subprocess
import sys
import time

GTP_LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def plan(index, count, only_19=False):
    """Board size, level, komi, handicap of game `index` out of `count`.

    Proportions: about 2/3 on 9x9, 1/5 on 13x13, the rest (at least 4) on 19x19.
    Two games carry a handicap (one on 9x9, one on 13x13) and one more on 9x9.
    With `only_19`, every game is played as the 19x19 games are (levels 1..3, no handicap).
    """
    n19 = max(4, count * 5 // 36)
    n13 = max(2, count * 7 // 36)
    n9 = count - n19 - n13
    if only_19:
        size, level, handicap = 19, 1 + index % 3, 0
    elif index < n9:
        size, level = 9, 1 + (index * 3) % 10          # levels 1..10
        handicap = {5: 2, 11: 3}.get(index, 0)
    elif index < n9 + n13:
        j = index - n9
        size, level = 13, 1 + (j * 2) % 6               # levels 1..6
        handicap = 4 if j == 3 else 0
    else:
        j = index - n9 - n13
        size, level = 19, 1 + j % 3                     # levels 1..3
        handicap = 0
    if handicap:
        komi = 0.5
    elif index % 9 == 7:
        komi = 6.5
    else:
        komi = 7.5
    return size, level, komi, handicap


class Gtp:
    def __init__(self, argv):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(self, command):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if line == "":
                raise RuntimeError("GTP engine closed the pipe after: " + command)
            line = line.rstrip("\r\n")
            if line == "" and lines:
                break
            if line == "" and not lines:
                continue
            lines.append(line)
        head = lines[0]
        body = " ".join([head[1:].strip()] + [l.strip() for l in lines[1:]]).strip()
        if head.startswith("?"):
            raise RuntimeError("GTP error for %r: %s" % (command, body))
        return body

    def close(self):
        try:
            self.send("quit")
        except Exception:
            pass
        self.proc.wait(timeout=10)


def vertex_to_sgf(vertex, size):
    v = vertex.strip().upper()
    if v == "PASS":
        return ""
    col = GTP_LETTERS.index(v[0])
    row = int(v[1:])
    return chr(ord("a") + col) + chr(ord("a") + size - row)


def vertices(body, size):
    return sorted(vertex_to_sgf(v, size) for v in body.split())


def play_game(gnugo, out_dir, index, count, seed, markup=True, only_19=False):
    size, level, komi, handicap = plan(index, count, only_19)
    game_seed = seed + index
    cap = {9: 250, 13: 450, 19: 900}[size]
    g = Gtp([gnugo, "--mode", "gtp", "--chinese-rules", "--level", str(level),
             "--seed", str(game_seed)])
    t0 = time.time()
    try:
        g.send("boardsize %d" % size)
        g.send("clear_board")
        g.send("komi %s" % komi)
        setup = []
        if handicap:
            setup = vertices(g.send("fixed_handicap %d" % handicap), size)
        colour = "w" if handicap else "b"
        moves = []
        passes = 0
        resigned = None
        while passes < 2 and len(moves) < cap:
            reply = g.send("genmove " + colour)
            if reply.lower() == "resign":
                resigned = colour
                break
            point = vertex_to_sgf(reply, size)
            moves.append((colour.upper(), point))
            passes = passes + 1 if point == "" else 0
            colour = "w" if colour == "b" else "b"
        dead = vertices(g.send("final_status_list dead"), size)
        black_terr = vertices(g.send("final_status_list black_territory"), size)
        white_terr = vertices(g.send("final_status_list white_territory"), size)
        score = g.send("final_score")
    finally:
        g.close()

    # Dead stones: colour read from the final board GNU Go saw.
    board = replay_colours(size, setup, moves)
    tb = set(black_terr)
    tw = set(white_terr)
    for p in dead:
        if board.get(p) == "W":
            tb.add(p)
        elif board.get(p) == "B":
            tw.add(p)

    if resigned:
        result = ("W" if resigned == "b" else "B") + "+R"
    else:
        result = score.strip() or "?"
    if passes < 2 and not resigned:
        status = "move cap reached"
    else:
        status = "ended by two passes" if not resigned else "resignation"

    name = "gnugo-%dx%d-%ss%04d__ok.sgf" % (size, size, ("h%d-" % handicap) if handicap else "",
                                          game_seed)
    props = ["GM[1]FF[4]CA[UTF-8]AP[sgfaudit:gnugo-selfplay.py]SZ[%d]KM[%s]RU[Chinese]" % (size, komi),
             "PB[GNU Go 3.8]PW[GNU Go 3.8]RE[%s]" % result,
             "GN[GNU Go self-play, level %d, seed %d]" % (level, game_seed)]
    if handicap:
        props.append("HA[%d]AB%s" % (handicap, "".join("[%s]" % p for p in setup)))
    lines = ["(;" + "\n".join(props)]
    row = []
    for i, (c, p) in enumerate(moves):
        node = ";%s[%s]" % (c, p)
        if markup and i == len(moves) - 1 and (tb or tw):
            if tb:
                node += "TB" + "".join("[%s]" % q for q in sorted(tb))
            if tw:
                node += "TW" + "".join("[%s]" % q for q in sorted(tw))
        row.append(node)
        if len(row) == 10:
            lines.append("".join(row))
            row = []
    if row:
        lines.append("".join(row))
    text = "\n".join(lines) + ")\n"
    with open(os.path.join(out_dir, name), "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    return (name, size, level, komi, handicap, len(moves), result, len(dead), status,
            own_area_result(size, board, tb, tw, komi, handicap), time.time() - t0)


def neighbours(p, size):
    x, y = ord(p[0]) - 97, ord(p[1]) - 97
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        a, b = x + dx, y + dy
        if 0 <= a < size and 0 <= b < size:
            yield chr(97 + a) + chr(97 + b)


def replay_colours(size, setup, moves):
    """Final board {point: 'B'|'W'} of a legal game (captures only, no rule checks)."""
    board = {p: "B" for p in setup}
    for c, p in moves:
        if not p:
            continue
        board[p] = c
        other = "W" if c == "B" else "B"
        for q in list(neighbours(p, size)):
            if board.get(q) == other:
                chain, libs = group(board, q, size)
                if not libs:
                    for s in chain:
                        del board[s]
        chain, libs = group(board, p, size)
        if not libs:
            for s in chain:
                del board[s]
    return board


def group(board, p, size):
    colour = board[p]
    chain, libs, todo = {p}, set(), [p]
    while todo:
        q = todo.pop()
        for r in neighbours(q, size):
            if r not in board:
                libs.add(r)
            elif board[r] == colour and r not in chain:
                chain.add(r)
                todo.append(r)
    return chain, libs


def own_area_result(size, board, tb, tw, komi, handicap):
    """Area count of the final position with the dead stones of the markup removed.

    Chinese handicap practice (as GNU Go's --chinese-rules score): White gets one
    point per handicap stone on top of komi."""
    live = {p: c for p, c in board.items()
            if not (c == "W" and p in tb) and not (c == "B" and p in tw)}
    black = sum(1 for c in live.values() if c == "B")
    white = sum(1 for c in live.values() if c == "W")
    seen = set()
    for x in range(size):
        for y in range(size):
            p = chr(97 + x) + chr(97 + y)
            if p in live or p in seen:
                continue
            region, border, todo = {p}, set(), [p]
            while todo:
                q = todo.pop()
                for r in neighbours(q, size):
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
    margin = black - white - komi - (handicap if handicap >= 2 else 0)
    if margin > 0:
        return "B+%g" % margin
    if margin < 0:
        return "W+%g" % -margin
    return "0"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default="corpus/gnugo", help="output folder (default corpus/gnugo)")
    ap.add_argument("--count", type=int, default=36, help="number of games (default 36)")
    ap.add_argument("--seed", type=int, default=1, help="seed of game 0; game i uses seed+i (default 1)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="games played at once")
    ap.add_argument("--only", default="",
                    help="comma-separated game indices (0-based) to play, e.g. 0,5; default all")
    ap.add_argument("--gnugo", default=shutil.which("gnugo") or "/usr/games/gnugo",
                    help="path of the gnugo binary")
    ap.add_argument("--only-19", action="store_true",
                    help="every game on 19x19 (levels 1-3), as the 19x19 games of the plan")
    ap.add_argument("--no-markup", action="store_true",
                    help="leave out the TB[]/TW[] markup: the dead stones are the reader's to find")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    indices = [int(i) for i in args.only.split(",") if i.strip()] or list(range(args.count))
    print("gnugo: %s; %d of %d games, seeds %d..%d, into %s" % (
        args.gnugo, len(indices), args.count, args.seed, args.seed + args.count - 1, args.out))
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(play_game, args.gnugo, args.out, i, args.count, args.seed,
                               not args.no_markup, args.only_19)
                   for i in indices]
        rows = [f.result() for f in futures]
    doubts = 0
    for (name, size, level, komi, ha, nmoves, result, ndead, status, own, secs) in rows:
        note = ""
        if result != own and not result.endswith("+R"):
            note = "  (area count of final board with GNU Go's dead stones: %s)" % own
            doubts += 1
        print("%-34s %2dx%-2d level %2d komi %4s ha %d  %3d moves  RE[%s]  %d dead  %s  %.0fs%s" % (
            name, size, size, level, komi, ha, nmoves, result, ndead, status, secs, note))
    print("%d games written; %d results differ from the plain area count" % (len(rows), doubts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
