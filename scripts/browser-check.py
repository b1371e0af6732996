#!/usr/bin/env python3
"""The HTML report and an SVG diagram seen in a real browser (headless Chromium).

Renders `sgfaudit audit --format html` of the real games (../shared/corpus/real, or the
paths given) and of the project's corpus, and an SVG of `sgfaudit show`, to PNG; checks
that each page loaded without a console message of level error or warning, made no
network request (Chromium's net log), ran its script (the body's data-ready mark), and
shows the summary's numbers (game count, statuses, findings by code) as the JSON Lines
summary of the same input gives them. First it checks itself: a page with a deliberate
console error and a page that asks for a network address must both be caught.

    python3 scripts/browser-check.py [--png-dir DIR] [--readme-png FILE] [PATH...]

Exit code 0 when every check holds, 1 otherwise. Needs Debian's `chromium`.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--enable-logging=stderr",
    "--v=0",
]
# Console messages as Chromium logs them: INFO:CONSOLE(...)  or  ...:CONSOLE:...
CONSOLE = re.compile(r":CONSOLE[^\]]*\]\s*(.*)")


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    sys.exit("browser-check: chromium is not installed (apt-get install chromium)")


def sgfaudit(*args):
    exe = ROOT / "target" / "release" / "sgfaudit"
    if not exe.exists():
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    return subprocess.run([str(exe), *args], cwd=ROOT, capture_output=True)


def render(page, work, png=None, size=(1400, 2400)):
    """Loads `page` in a fresh profile; returns (dom, console lines, requested URLs)."""
    profile = tempfile.mkdtemp(dir=work)
    netlog = os.path.join(work, "netlog.json")
    url = page.resolve().as_uri()
    common = [chromium(), *FLAGS, f"--user-data-dir={profile}",
              f"--log-net-log={netlog}", "--net-log-capture-mode=Default"]
    dom = subprocess.run(
        [*common, "--virtual-time-budget=5000", "--dump-dom", url],
        capture_output=True, text=True, timeout=180,
    )
    console = [m.group(0) for m in map(CONSOLE.search, dom.stderr.splitlines()) if m]
    urls = requested_urls(netlog)
    if png is not None:
        shot = subprocess.run(
            [*common, f"--window-size={size[0]},{size[1]}", "--hide-scrollbars",
             "--default-background-color=ffffffff", f"--screenshot={png}", url],
            capture_output=True, text=True, timeout=180,
        )
        console += [m.group(0) for m in map(CONSOLE.search, shot.stderr.splitlines()) if m]
        urls += requested_urls(netlog)
        if not Path(png).exists():
            raise RuntimeError(f"no screenshot of {page}: {shot.stderr[-2000:]}")
    shutil.rmtree(profile, ignore_errors=True)
    return dom.stdout, console, urls


def requested_urls(netlog):
    """The URLs the page asked for, from the browser's net log: requests started on behalf
    of a document (the browser's own update and account checks have no initiator)."""
    try:
        text = Path(netlog).read_text(errors="replace")
    except OSError:
        return []
    try:
        log = json.loads(text)
    except json.JSONDecodeError:
        # Chromium may leave the log unterminated when it exits.
        log = json.loads(text.rstrip().rstrip(",") + "]}")
    start = log["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"]
    return [
        e["params"]["url"]
        for e in log["events"]
        if e["type"] == start
        and "url" in e.get("params", {})
        and e["params"].get("initiator") != "not an origin"
    ]


def outside(urls):
    return sorted({u for u in urls if not u.startswith(("file:", "data:", "about:"))})


def fail(problems, message):
    problems.append(message)
    print("FAIL:", message)


def self_test(work, problems):
    """The checks must be able to fail: a console error and a network request are seen."""
    bad = Path(work) / "bad.html"
    bad.write_text(
        "<!DOCTYPE html><html><body><p>x</p><img src='http://192.0.2.1/x.png'>"
        "<script>console.error('deliberate');</script></body></html>"
    )
    _, console, urls = render(bad, work)
    if not any("deliberate" in c for c in console):
        fail(problems, f"self-test: the deliberate console error was not seen ({console})")
    if not outside(urls):
        fail(problems, "self-test: the deliberate network request was not seen")
    print("self-test: a console error and a network request are caught")


def summary_of(paths):
    out = sgfaudit("audit", "--json", "--progress", "never", *paths)
    lines = [json.loads(l) for l in out.stdout.decode().splitlines()]
    summary = lines[-1]["data"]
    verdicts = {}
    for line in lines:
        if line["type"] == "game":
            v = line["data"]["check"]["verdict"]
            verdicts[v] = verdicts.get(v, 0) + 1
    return summary, verdicts


def text_of(dom, element_id):
    m = re.search(r'id="%s"[^>]*>([^<]*)<' % re.escape(element_id), dom)
    return m.group(1).strip() if m else None


def check_report(paths, name, work, png_dir, problems):
    summary, verdicts = summary_of(paths)
    page = Path(work) / f"{name}.html"
    out = sgfaudit("audit", "--format", "html", "--progress", "never", *paths)
    page.write_bytes(out.stdout)
    png = Path(png_dir) / f"{name}.png" if png_dir else None
    dom, console, urls = render(page, work, png)
    print(f"{name}: {len(out.stdout) / 1e6:.1f} MB of HTML, {summary['games']} games")
    for line in console:
        fail(problems, f"{name}: console message: {line}")
    if outside(urls):
        fail(problems, f"{name}: network requests: {outside(urls)[:5]}")
    if 'data-ready="1"' not in dom:
        fail(problems, f"{name}: the page's script did not run to its end")
    expected = {"games": summary["games"], "files": summary["files"], "moves": summary["moves"]}
    for status, n in summary["by_status"].items():
        expected[f"status-{status}"] = n
    for verdict in ("agrees", "disagrees", "unverifiable"):
        expected[f"verdict-{verdict}"] = verdicts.get(verdict, 0)
    for element_id, n in expected.items():
        shown = text_of(dom, element_id)
        if shown != str(n):
            fail(problems, f"{name}: #{element_id} shows {shown!r}, the summary says {n}")
    for code, n in summary["by_code"].items():
        if not re.search(r'id="code-%s" data-count="%d"' % (re.escape(code), n), dom):
            fail(problems, f"{name}: the bar of {code} does not say {n}")
    rows = dom.count("<tr data-status=")
    shown = text_of(dom, "shown")
    if shown != str(rows):
        fail(problems, f"{name}: {rows} rows but the filter says {shown} shown")
    print(f"{name}: {rows} problem games in the table; summary numbers on the page")


def check_svg(work, png_dir, readme_png, problems):
    svg = Path(work) / "show.svg"
    out = sgfaudit("show", "corpus/shapes/triple-ko__superko@8.sgf", "--svg", str(svg))
    if out.returncode != 0:
        fail(problems, f"show --svg: {out.stderr.decode()}")
        return
    png = Path(readme_png or (Path(png_dir or work) / "show.png"))
    dom, console, urls = render(svg, work, png, size=(620, 390))
    for line in console:
        fail(problems, f"show.svg: console message: {line}")
    if outside(urls):
        fail(problems, f"show.svg: network requests: {outside(urls)}")
    if dom.count('href="#b"') + dom.count('href="#w"') < 20:
        fail(problems, "show.svg: the stones are not in the rendered document")
    print(f"show.svg: rendered to {png} ({png.stat().st_size} bytes)")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("paths", nargs="*")
    parser.add_argument("--png-dir", help="keep the screenshots here")
    parser.add_argument("--readme-png", help="write the diagram's picture here")
    args = parser.parse_args()
    real = args.paths or [str((ROOT / "../shared/corpus/real").resolve())]
    problems = []
    with tempfile.TemporaryDirectory() as work:
        self_test(work, problems)
        if args.png_dir:
            Path(args.png_dir).mkdir(parents=True, exist_ok=True)
        check_report(["corpus"], "corpus", work, args.png_dir, problems)
        check_report(real, "real", work, args.png_dir, problems)
        check_svg(work, args.png_dir, args.readme_png, problems)
    if problems:
        print(f"browser-check: {len(problems)} problem(s)")
        return 1
    print("browser-check: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
