#!/usr/bin/env python3
"""The power of the result check: how often a wrong RE[] is caught, and a true one accepted.

Every game whose RE[] gives a margin (`B+6.5`, `W+0.5`) is audited as recorded and in four
corrupted copies, all in one run of `sgfaudit audit --json`:

    flip   the other colour wins by the same margin (margins of 2 or more)
    +4     the margin 4 points higher
    -4     the margin 4 points lower (margins above 4.5)
    +10    the margin 10 points higher

A corrupted copy is *caught* when its verdict is `disagrees`, *accepted* when `agrees`.
A true result should be `agrees`, never `disagrees`. Any other verdict (`unverifiable`, or
`not-counted` for a game that could not be read) counts in the totals only.

    python3 scripts/verdict-power.py [--bin target/release/sgfaudit] [--reliability]
        [--sample N] PATH... [-- AUDIT-OPTIONS...]

PATHs are SGF files or folders (walked for `*.sgf` in any case). Records whose file name
says `__result-mismatch` (the project's cases whose `RE[]` is wrong on purpose, or GNU Go's
own `final_score` off its own count) are left out: their result is neither true nor a
corrupted true one. A file given on its own is named by its file name, with as many of its
folders as it takes to tell it from another given file of the same name. Rows: each collection
(the first folder under `real/`, `tygem/` or `corpus/`, or the file), Fox records (`AP[foxwq]`
or a `fox` folder), games that end by two passes, games played out (the record as
recorded has no `open-board` finding: its board is not open, or it ended by two passes),
and all. With `--sample N`, only the
first N files of each folder (in sorted order) are taken. With `--reliability`, the
verdicts are grouped by `check.confidence` and the share that was right is printed. With
`--second-opinion GNUGO`, every true result called `disagrees` is counted again by GNU Go
(`scripts/second_opinion.py`), and each row says how many of them GNU Go's count calls
wrong too (`RE[] wrong`), how many it gives as recorded (`count wrong`: sgfaudit's error),
and how many neither. With `--own-errors` (which needs `--second-opinion`), each row also
gives the check's own errors: true results called `disagrees` where GNU Go's count is within
2 points of `RE[]` (as sgfaudit reads it: Fox's `W+0.25` under Chinese rules is half a
point), as a share of the row's margin games.

With `--floors FILE`, the figures are checked against the bounds FILE writes (a line each:
`ROW MEASURE >= or <= PERCENT`, `#` starts a comment; measures: `caught`, `accepted`,
`true-agrees`, `true-disagrees`, `own-errors`); the script exits 1 naming every bound a
figure breaks, so CI fails when the check loses power (`scripts/verdict-power-floors.txt`).

With `--markdown-into PAGE`, the tables are also written as Markdown into PAGE, between
`<!-- written by scripts/verdict-power.py: power -->` (and `: reliability -->`) and
`<!-- end written -->`, with the command line that measured them: the guide's tables are
this script's output, never typed by hand.
"""
import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

MARGIN = re.compile(rb"RE\[\s*([BW])\s*\+\s*([0-9]+(?:\.[0-9]+)?)\s*\]")
KINDS = ["flip", "+4", "-4", "+10"]
FOLDER = {"true": "true", "flip": "flip", "+4": "plus4", "-4": "minus4", "+10": "plus10"}
VARIANT = {v: k for k, v in FOLDER.items()}
FOX = re.compile(rb"AP\[\s*foxwq", re.IGNORECASE)
KNOWN_WRONG = "__result-mismatch"


def corrupt(kind, color, margin):
    """The corrupted (colour, margin), or None when the corruption does not apply."""
    if kind == "flip":
        return ({"B": "W", "W": "B"}[color], margin) if margin >= 2 else None
    if kind == "+4":
        return color, margin + 4
    if kind == "-4":
        return (color, margin - 4) if margin > 4.5 else None
    if kind == "+10":
        return color, margin + 10
    raise ValueError(kind)


def fmt(margin):
    return ("%g" % margin) if margin != int(margin) else "%d" % margin


def rewrite(data, kind):
    def one(m):
        color, margin = m.group(1).decode(), float(m.group(2))
        if margin <= 0:
            return m.group(0)
        new = corrupt(kind, color, margin)
        if new is None:
            return m.group(0)
        return b"RE[%s+%s]" % (new[0].encode(), fmt(new[1]).encode())

    return MARGIN.sub(one, data)


def sgf_files(path, sample):
    if os.path.isfile(path):
        return [path]
    found = []
    for root, dirs, files in os.walk(path):
        dirs.sort()
        names = sorted(f for f in files if f.lower().endswith(".sgf"))
        if sample:
            names = names[:sample]
        found += [os.path.join(root, f) for f in names]
    return found


def collection(rel):
    parts = rel.split("/")
    for anchor in ("real", "tygem", "corpus"):
        if anchor in parts:
            i = len(parts) - 1 - parts[::-1].index(anchor)
            return "/".join(parts[i : i + 2])
    return "/".join(parts[:2])


def relative_names(paths, sample):
    """(file, rel) for every file to stage: rel is the path under the folder that holds a
    given PATH. A file given on its own is named by its file name, with as many of its
    folders as it takes to tell it from another given file of the same name."""
    given = [(path, f) for path in paths for f in sgf_files(path, sample)]
    alone = [os.path.abspath(f).split(os.sep) for path, f in given if os.path.isfile(path)]
    out = []
    for path, f in given:
        full = os.path.abspath(f)
        if os.path.isfile(path):
            parts = full.split(os.sep)
            depth = 1
            while depth < len(parts) and any(
                    o != parts and o[-depth:] == parts[-depth:] for o in alone):
                depth += 1
            rel = "/".join(parts[-depth:])
        else:
            rel = os.path.relpath(full, os.path.dirname(os.path.abspath(path)))
        out.append((f, rel.replace(os.sep, "/")))
    return out


def stage(paths, sample, tmp):
    """Copies every file as recorded and corrupted under tmp/<variant>/<rel>; returns the
    set of Fox files (by relative path)."""
    fox = set()
    for f, rel in relative_names(paths, sample):
        data = open(f, "rb").read()
        if FOX.search(data) or "/fox" in "/" + rel:
            fox.add(rel)
        for variant in ["true"] + KINDS:
            out = os.path.join(tmp, FOLDER[variant], rel)
            os.makedirs(os.path.dirname(out), exist_ok=True)
            with open(out, "wb") as w:
                w.write(data if variant == "true" else rewrite(data, variant))
    return fox


def recorded_margin(recorded):
    m = MARGIN.fullmatch(("RE[%s]" % (recorded or "")).encode())
    if not m or float(m.group(2)) <= 0:
        return None
    return m.group(1).decode(), float(m.group(2))


def main():
    argv = sys.argv[1:]
    extra = []
    if "--" in argv:
        i = argv.index("--")
        argv, extra = argv[:i], argv[i + 1 :]
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", default="target/release/sgfaudit")
    ap.add_argument("--sample", type=int, default=0)
    ap.add_argument("--reliability", action="store_true")
    ap.add_argument("--list", choices=["disagrees", "accepted"], help="list those games")
    ap.add_argument("--save", help="keep the JSON Lines of the run in this file")
    ap.add_argument("--second-opinion", metavar="GNUGO",
                    help="count the true results called wrong again with this GNU Go")
    ap.add_argument("--jobs", type=int, default=2, help="GNU Go processes at once")
    ap.add_argument("--own-errors", action="store_true",
                    help="with --second-opinion: true results called wrong where GNU Go's "
                    "count is within 2 points of RE[]")
    ap.add_argument("--markdown-into", metavar="PAGE",
                    help="write the tables into PAGE between its markers")
    ap.add_argument("--floors", metavar="FILE",
                    help="check the figures against the bounds in FILE; exit 1 on any broken")
    ap.add_argument("paths", nargs="+")
    args = ap.parse_args(argv)
    args.command = " ".join(["python3", "scripts/verdict-power.py"] + sys.argv[1:])
    if args.own_errors and not args.second_opinion:
        ap.error("--own-errors needs --second-opinion GNUGO")
    tmp = tempfile.mkdtemp(prefix="verdict-power-")
    try:
        fox = stage(args.paths, args.sample, tmp)
        run = subprocess.run(
            [os.path.abspath(args.bin), "audit", "--json", "--exit-zero", "--no-config",
             "--progress", "never"] + extra + [FOLDER[v] for v in ["true"] + KINDS],
            cwd=tmp, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=False,
        )
        if run.returncode not in (0, 1):
            sys.exit("sgfaudit exited with %d" % run.returncode)
        games = {}
        if args.save:
            with open(args.save, "wb") as w:
                w.write(run.stdout)
        for line in run.stdout.decode("utf-8").splitlines():
            o = json.loads(line)
            if o["type"] != "game":
                continue
            d = o["data"]
            folder, rel = d["path"].split("/", 1)
            variant = VARIANT[folder]
            games[(variant, rel, d["game"])] = d
        args.opinions = {}
        if args.second_opinion:
            args.opinions = second_opinions(games, tmp, args)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    report(games, fox, args)


def second_opinions(games, tmp, args):
    """GNU Go's class of every true result with a margin called `disagrees`, by (rel, game)."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import second_opinion

    wrong = [d for (variant, rel, game), d in sorted(games.items())
             if variant == "true" and d["check"]["verdict"] == "disagrees"
             and recorded_margin(d["check"]["recorded"]) is not None]
    found = second_opinion.opinions(wrong, tmp, args.second_opinion, args.jobs)
    out = {}
    for d in wrong:
        (cls, shown), rel = found[(d["path"], d["game"])], d["path"].split("/", 1)[1]
        gnugo = second_opinion.signed(shown)
        out[(rel, d["game"])] = (cls, shown, own_error(d["check"], gnugo))
    return out


OWN_ERROR_POINTS = 2.0


def own_error(check, gnugo):
    """Whether GNU Go's margin for Black (`gnugo`, None if it gave none) is within 2 points
    of RE[] as sgfaudit reads it (its count plus the difference it reports)."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import second_opinion

    computed = second_opinion.signed(check.get("computed"))
    if gnugo is None or computed is None or check.get("difference") is None:
        return False
    return abs(gnugo - (computed + check["difference"])) <= OWN_ERROR_POINTS


def groups_of(rel, d, fox):
    out = [collection(rel), "all"]
    if rel in fox:
        out.append("Fox")
    if d["ended_by"] == "passes":
        out.append("two passes")
    if not any(f["code"] == "open-board" for f in d["findings"]):
        out.append("played out")
    return out


def report(games, fox, args):
    rows = collections.defaultdict(collections.Counter)
    bins = collections.defaultdict(collections.Counter)
    listed = []
    for (variant, rel, game), d in sorted(games.items()):
        if variant != "true":
            continue
        true = recorded_margin(d["check"]["recorded"])
        if true is None or KNOWN_WRONG in rel:
            continue
        groups = groups_of(rel, d, fox)
        verdict = d["check"]["verdict"]
        for g in groups:
            rows[g]["true"] += 1
            rows[g]["true " + verdict] += 1
        conf = d["check"].get("confidence")
        if verdict in ("agrees", "disagrees") and conf is not None:
            b = bins[min(int(conf * 10), 9)]
            b["true " + verdict] += 1
        opinion = args.opinions.get((rel, game))
        if opinion:
            for g in groups:
                rows[g]["opinion " + opinion[0]] += 1
                rows[g]["own error"] += opinion[2]
        if verdict == "disagrees" and args.list == "disagrees":
            said = " [GNU Go %s: %s%s]" % (
                opinion[1], opinion[0], ", own error" if opinion[2] else "") if opinion else ""
            listed.append("%s#%d %s: %s%s" % (
                rel, game, d["check"]["recorded"], d["check"]["reason"], said))
        for kind in KINDS:
            c = games.get((kind, rel, game))
            if c is None or recorded_margin(c["check"]["recorded"]) in (None, true):
                continue
            v = c["check"]["verdict"]
            for g in groups:
                rows[g]["corrupted"] += 1
                rows[g]["corrupted " + v] += 1
                rows[g][kind] += 1
                rows[g][kind + " " + v] += 1
            conf = c["check"].get("confidence")
            if v in ("agrees", "disagrees") and conf is not None:
                bins[min(int(conf * 10), 9)]["corrupted " + v] += 1
            if v == "agrees" and args.list == "accepted":
                listed.append("%s#%d %s (true %s): %s" % (
                    rel, game, c["check"]["recorded"], d["check"]["recorded"], c["check"]["reason"]))
    print_table(rows)
    if args.opinions:
        print_opinions(rows)
    if args.own_errors:
        print_own_errors(rows)
    if args.reliability:
        print_reliability(bins)
    for line in listed:
        print(line)
    if args.markdown_into:
        write_markdown(args.markdown_into, rows, bins, args)
    if args.floors:
        broken = broken_floors(rows, read_floors(args.floors), args.own_errors)
        print()
        for line in broken:
            print("floor broken: " + line)
        if broken:
            sys.exit(1)
        print("every floor of %s holds" % args.floors)


BOUND = re.compile(r"^(.+?)\s+(caught|accepted|true-agrees|true-disagrees|own-errors)"
                   r"\s+(>=|<=)\s+([0-9]+(?:\.[0-9]+)?)$")


def read_floors(path):
    """The bounds of a floors file: (row, measure, op, percent) per line."""
    bounds = []
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        m = BOUND.match(line)
        if not m:
            sys.exit("%s:%d: not `ROW MEASURE >=|<= PERCENT`: %s" % (path, number, line))
        bounds.append((m.group(1), m.group(2), m.group(3), float(m.group(4))))
    return bounds


def measure(r, name):
    """A row's figure as a percentage (None when the row has nothing to measure)."""
    parts = {"caught": ("corrupted disagrees", "corrupted"),
             "accepted": ("corrupted agrees", "corrupted"),
             "true-agrees": ("true agrees", "true"),
             "true-disagrees": ("true disagrees", "true"),
             "own-errors": ("own error", "true")}[name]
    return 100.0 * r[parts[0]] / r[parts[1]] if r[parts[1]] else None


def broken_floors(rows, bounds, own_errors):
    """Every bound a figure breaks, in words; a bound on a row the run lacks is broken too."""
    broken = []
    for row, name, op, bound in bounds:
        if name == "own-errors" and not own_errors:
            broken.append("%s %s: needs --own-errors (and --second-opinion GNUGO)" % (row, name))
            continue
        value = measure(rows[row], name) if row in rows else None
        if value is None:
            broken.append("%s %s: the run has no such figure" % (row, name))
        elif (op == ">=" and value < bound) or (op == "<=" and value > bound):
            broken.append("%s %s is %.1f%%, the bound is %s %.1f%%" % (row, name, value, op, bound))
    return broken


def pct(a, b):
    return "%5.1f%%" % (100.0 * a / b) if b else "     -"


def print_table(rows):
    order = sorted(k for k in rows if k not in ("Fox", "two passes", "played out", "all"))
    order += [k for k in ("Fox", "two passes", "played out", "all") if k in rows]
    head = max([len(k) for k in order] + [10])
    print("%s %7s %8s %9s %9s %8s %8s   %s" % (
        "collection".ljust(head), "true", "agrees", "disagrees", "corrupted", "caught",
        "accepted", "caught/accepted of each: " + " ".join(KINDS)))
    for k in order:
        r = rows[k]
        each = "  ".join(
            "%s %d/%d of %d" % (kind, r[kind + " disagrees"], r[kind + " agrees"], r[kind])
            for kind in KINDS)
        print("%s %7d %8s %9s %9d %8s %8s   %s" % (
            k.ljust(head), r["true"], pct(r["true agrees"], r["true"]),
            pct(r["true disagrees"], r["true"]), r["corrupted"],
            pct(r["corrupted disagrees"], r["corrupted"]),
            pct(r["corrupted agrees"], r["corrupted"]), each))


def print_opinions(rows):
    print()
    print("true results called wrong, counted again by GNU Go (RE[] wrong: GNU Go's count is "
          "near ours; count wrong: it gives RE[])")
    classes = ["RE[] wrong", "count wrong", "neither", "no answer"]
    for k in sorted(rows, key=lambda k: (k in ("Fox", "two passes", "played out", "all"), k)):
        r = rows[k]
        if r["true disagrees"]:
            print("%s %4d: %s" % (k, r["true disagrees"], ", ".join(
                "%s %d" % (c, r["opinion " + c]) for c in classes if r["opinion " + c])))


def print_own_errors(rows):
    print()
    print("the check's own errors: true results called wrong where GNU Go's count is within "
          "%g points of RE[], of the margin games" % OWN_ERROR_POINTS)
    for k in sorted(rows, key=lambda k: (k in ("Fox", "two passes", "played out", "all"), k)):
        r = rows[k]
        print("%s %4d of %5d  %s" % (k, r["own error"], r["true"], pct(r["own error"], r["true"])))


def print_reliability(bins):
    print()
    print("confidence   verdicts   right   (true agrees + corrupted disagrees) / all verdicts")
    for b in sorted(bins):
        c = bins[b]
        n = sum(c.values())
        right = c["true agrees"] + c["corrupted disagrees"]
        print("%.1f-%.1f   %9d  %6s" % (b / 10, (b + 1) / 10, n, pct(right, n)))


def markdown_power(rows):
    order = sorted(k for k in rows if k not in ("Fox", "two passes", "played out", "all"))
    order += [k for k in ("Fox", "two passes", "played out", "all") if k in rows]
    out = ["| collection | margin games | true: agrees | true: disagrees | corrupted | "
           "caught | accepted |", "|---|---:|---:|---:|---:|---:|---:|"]
    for k in order:
        r = rows[k]
        name = {"Fox": "Fox records", "two passes": "games that end by two passes",
                "played out": "games played out (no `open-board`)",
                "all": "all"}.get(k, "`%s`" % k)
        out.append("| %s | %s | %s | %s (%d) | %s | %s | %s (%d) |" % (
            name, "{:,}".format(r["true"]), pct(r["true agrees"], r["true"]).strip(),
            pct(r["true disagrees"], r["true"]).strip(), r["true disagrees"],
            "{:,}".format(r["corrupted"]),
            pct(r["corrupted disagrees"], r["corrupted"]).strip(),
            pct(r["corrupted agrees"], r["corrupted"]).strip(), r["corrupted agrees"]))
    return out


def markdown_reliability(bins):
    out = ["| confidence | verdicts | right |", "|---|---:|---:|"]
    for b in sorted(bins):
        c = bins[b]
        n = sum(c.values())
        right = c["true agrees"] + c["corrupted disagrees"]
        out.append("| %.1f–%.1f | %s | %s |" % (b / 10, (b + 1) / 10, "{:,}".format(n),
                                                pct(right, n).strip()))
    return out


def write_markdown(page, rows, bins, args):
    """Writes the tables between the page's markers, with the command that measured them."""
    version = subprocess.run([os.path.abspath(args.bin), "--version"], stdout=subprocess.PIPE,
                             check=False).stdout.decode().strip()
    said = "Measured by `%s` (%s)." % (args.command.replace(" --markdown-into " + page, ""),
                                      version)
    text = open(page, encoding="utf-8").read()
    blocks = {"power": markdown_power(rows)}
    if args.reliability:
        blocks["reliability"] = markdown_reliability(bins)
    for name, lines in blocks.items():
        begin = "<!-- written by scripts/verdict-power.py: %s -->\n" % name
        end = "<!-- end written -->"
        at = text.find(begin)
        if at < 0:
            sys.exit("%s: no marker %s" % (page, begin.strip()))
        stop = text.index(end, at)
        text = text[:at + len(begin)] + "\n".join(lines + ["", said, ""]) + text[stop:]
    with open(page, "w", encoding="utf-8") as w:
        w.write(text)


if __name__ == "__main__":
    main()
