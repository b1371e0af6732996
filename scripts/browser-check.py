#!/usr/bin/env python3
"""The HTML report and an SVG diagram seen in a real browser (headless Chromium).

Renders `sgfaudit audit --format html` of the real games (../shared/corpus/real, or the
paths given) and of the project's corpus, and an SVG of `sgfaudit show`, to PNG; checks
that each page loaded without a console message of level error or warning, made no
network request (Chromium's net log), ran its script (the body's data-ready mark), and
shows the summary's numbers (game count, statuses, findings by code) as the JSON Lines
summary of the same input gives them; and that a report written into another folder
(`-o elsewhere/report.html`) links to its games: each link, as the browser resolves it
from the report's own folder, is followed and must load one of the games audited. First it checks itself: a page with a deliberate
console error and a page that asks for a network address must both be caught.

    python3 scripts/browser-check.py [--png-dir DIR] [--readme-png FILE] [--readme-report-png FILE] [PATH...]

Exit code 0 when every check holds, 1 otherwise. Needs Debian's `chromium`.
"""

import argparse
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse
import urllib.request
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
    dom, console, urls = render(page, work)
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
    for verdict in ("agrees", "disagrees", "unverifiable", "not-counted"):
        expected[f"verdict-{verdict}"] = verdicts.get(verdict, 0)
    for element_id, n in expected.items():
        shown = text_of(dom, element_id)
        if shown != str(n):
            fail(problems, f"{name}: #{element_id} shows {shown!r}, the summary says {n}")
    for code, n in summary["by_code"].items():
        if not re.search(r'id="code-%s" data-count="%d"' % (re.escape(code), n), dom):
            fail(problems, f"{name}: the bar of {code} does not say {n}")
    # The rows shown: games whose findings are all of the record's format are hidden
    # until asked (`<tbody hidden="">`).
    rows = len(re.findall(r'<tbody(?![^>]*hidden)[^>]*><tr data-status=', dom))
    shown = text_of(dom, "shown")
    if shown != str(rows):
        fail(problems, f"{name}: {rows} rows but the filter says {shown} shown")
    first = re.search(r'<tbody(?![^>]*hidden)[^>]*><tr data-status="(\w+)"( data-minor="1")?', dom)
    if first and first.group(2):
        fail(problems, f"{name}: the first row shown holds only format findings")
    print(f"{name}: {rows} problem games in the table; summary numbers on the page")
    check_layout(page, name, work, png_dir, problems)


# Measures the rendered page and writes what it found, as JSON, into <pre id="layout">:
# appended to a copy of the page after its own script, read back from --dump-dom.
MEASURE = r"""
<script>
(function () {
  var canvas = document.createElement("canvas").getContext("2d");
  function eightChars(el) {
    canvas.font = getComputedStyle(el).font;
    return canvas.measureText("00000000").width;
  }
  // Lines of text in `el` (leaving out its <div>s): the boxes of its text, grouped by
  // how far down they are.
  function lines(el) {
    var tops = [], walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT), node;
    while ((node = walker.nextNode())) {
      if (node.parentNode.closest("div") && el.contains(node.parentNode.closest("div"))) {
        continue;
      }
      var range = document.createRange();
      range.selectNodeContents(node);
      Array.prototype.forEach.call(range.getClientRects(), function (r) {
        if (r.width > 0) { tops.push(r.top + r.height / 2); }
      });
    }
    tops.sort(function (a, b) { return a - b; });
    var half = parseFloat(getComputedStyle(el).fontSize) / 2, n = 0, last = -1e9;
    tops.forEach(function (t) { if (t - last > half) { n++; last = t; } });
    return n;
  }
  function visible(el) { return el.getClientRects().length > 0; }
  var out = {width: innerWidth, pageWidth: document.documentElement.scrollWidth,
             narrow: [], paths: [], statuses: [], shows: []};
  var table = document.getElementById("games-table");
  Array.prototype.forEach.call(table ? table.querySelectorAll("th, td") : [], function (c) {
    if (!visible(c)) { return; }
    var s = getComputedStyle(c);
    var inner = c.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
    var need = eightChars(c);
    if (inner + 0.5 < need) {
      out.narrow.push({text: c.textContent.slice(0, 40), width: inner, need: need});
    }
  });
  Array.prototype.forEach.call(document.querySelectorAll("td.path"), function (c) {
    // The path, without the game's number and line under it.
    var path = c.firstChild ? c.textContent : "";
    Array.prototype.forEach.call(c.querySelectorAll("div"), function (d) {
      path = path.replace(d.textContent, "");
    });
    out.paths.push({chars: path.length, lines: lines(c), text: path,
                    overflows: c.scrollWidth > c.clientWidth + 1});
  });
  Array.prototype.forEach.call(document.querySelectorAll("tr[data-status]"), function (r) {
    out.statuses.push(r.dataset.status);
  });
  Array.prototype.forEach.call(document.querySelectorAll("pre.show"), function (pre) {
    var s = getComputedStyle(pre), box = pre.getBoundingClientRect();
    var cell = pre.closest("td").getBoundingClientRect();
    out.shows.push({text: pre.textContent, lines: lines(pre),
                    fits: pre.scrollWidth <= pre.clientWidth + 1,
                    scrolls: s.overflowX === "auto" || s.overflowX === "scroll",
                    inside: box.left >= cell.left - 0.5 && box.right <= cell.right + 0.5,
                    button: !!(pre.parentNode.querySelector("button.copy"))});
  });
  var pre = document.createElement("pre");
  pre.id = "layout";
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>
"""
LAYOUT = re.compile(r'<pre id="layout">(.*?)</pre>', re.S)
# The table's order: worst first.
RANK = {"illegal": 0, "mismatch": 1, "error": 2, "ok": 3}
WIDTHS = (1280, 800)


def measure(page, work, width):
    """The layout of `page` at `width` CSS pixels, as MEASURE reports it."""
    measured = Path(work) / f"measured-{width}-{page.name}"
    return run_in_page(page, measured, MEASURE, LAYOUT, work, [f"--window-size={width},1800"],
                       f"no layout measured for {page} at {width}px")


def run_in_page(page, copy, script, found, work, flags, failure):
    """`page` with `script` added before its `</body>`, written to `copy` and loaded in
    Chromium; the JSON the script writes into the element `found` matches. RuntimeError
    with `failure` and Chromium's last words when there is none."""
    text = page.read_text()
    at = text.rfind("</body>")
    copy.write_text(text[:at] + script + text[at:])
    profile = tempfile.mkdtemp(dir=work)
    dom = subprocess.run(
        [chromium(), *FLAGS, f"--user-data-dir={profile}", *flags,
         "--virtual-time-budget=5000", "--dump-dom", copy.resolve().as_uri()],
        capture_output=True, text=True, timeout=180,
    )
    shutil.rmtree(profile, ignore_errors=True)
    m = found.search(dom.stdout)
    if not m:
        raise RuntimeError(f"{failure}: {dom.stderr[-2000:]}")
    return json.loads(html.unescape(m.group(1)))


def layout_problems(layout, width):
    """What a person would find hard to read, from the measured layout."""
    found = []
    if layout["width"] != width:
        found.append(f"the window is {layout['width']}px wide, not {width}px")
    if layout["pageWidth"] > layout["width"]:
        found.append(f"the page is {layout['pageWidth']}px wide: it scrolls sideways")
    for cell in layout["narrow"]:
        found.append(f"a table cell is {cell['width']:.0f}px wide, less than 8 characters "
                     f"({cell['need']:.0f}px): {cell['text']!r}")
    for path in layout["paths"]:
        allowed = 3 if path["chars"] <= 80 else -(-3 * path["chars"] // 80)
        if path["overflows"]:
            found.append(f"a path is wider than its cell: {path['text']}")
        if path["lines"] > allowed:
            found.append(f"a path of {path['chars']} characters takes {path['lines']} lines "
                         f"(at most {allowed}): {path['text']}")
    ranks = [RANK[s] for s in layout["statuses"]]
    if ranks and ranks[0] != min(ranks):
        found.append(f"the first row is {layout['statuses'][0]}, not the worst status present")
    if ranks != sorted(ranks):
        found.append("the rows are not worst first")
    for show in layout["shows"]:
        if show["lines"] != 1 or not (show["fits"] or show["scrolls"]) or not show["inside"]:
            found.append(f"a show line is cut or wrapped ({show['lines']} lines, "
                         f"fits={show['fits']}, scrolls={show['scrolls']}, "
                         f"inside={show['inside']}): {show['text']}")
    return found


def check_layout(page, name, work, png_dir, problems):
    """The report read by a person at each width: every point of layout_problems, and a
    screenshot of the top of the page for a person to look at."""
    for width in WIDTHS:
        layout = measure(page, work, width)
        found = layout_problems(layout, width)
        for problem in found[:10]:
            fail(problems, f"{name} at {width}px: {problem}")
        if len(found) > 10:
            fail(problems, f"{name} at {width}px: and {len(found) - 10} more layout problems")
        if png_dir:
            screenshot(page, work, Path(png_dir) / f"{name}-{width}.png", (width, 1800))
        print(f"{name} at {width}px: {len(layout['statuses'])} rows, "
              f"{len(layout['paths'])} paths up to "
              f"{max([p['lines'] for p in layout['paths']] or [0])} lines, "
              f"{len(layout['shows'])} show lines, first row {layout['statuses'][:1]}")


def screenshot(page, work, png, size):
    profile = tempfile.mkdtemp(dir=work)
    shot = subprocess.run(
        [chromium(), *FLAGS, f"--user-data-dir={profile}", f"--window-size={size[0]},{size[1]}",
         "--hide-scrollbars", "--default-background-color=ffffffff",
         "--virtual-time-budget=5000", f"--screenshot={png}", page.resolve().as_uri()],
        capture_output=True, text=True, timeout=180,
    )
    shutil.rmtree(profile, ignore_errors=True)
    if not Path(png).exists():
        raise RuntimeError(f"no screenshot of {page}: {shot.stderr[-2000:]}")


BAD_TABLE = """<!DOCTYPE html><html><body>
<table id="games-table" style="width:600px;table-layout:fixed"><col style="width:40px"><col style="width:90px"><col>
<tr data-status="ok"><td class="path" style="word-break:break-all">a/very/long/path/of/eighty/characters/that/wraps/everywhere/x.sgf</td>
<td><pre class="show" style="white-space:pre-wrap;width:80px;overflow:hidden">sgfaudit show a/very/long/path.sgf --game 0 --move 3</pre></td></tr>
<td>y</td></tr>
<tr data-status="illegal"><td class="path">b.sgf</td><td>x</td><td>z</td></tr></table></body></html>"""


def self_test_layout(work, problems):
    """The layout checks must be able to fail: a page with a narrow path column, a cut
    show line and an `ok` row before an `illegal` one is caught on each count."""
    bad = Path(work) / "bad-table.html"
    bad.write_text(BAD_TABLE)
    found = " | ".join(layout_problems(measure(bad, work, 800), 800))
    for what in ("less than 8 characters", "a path of", "not the worst status",
                 "a show line is cut"):
        if what not in found:
            fail(problems, f"self-test: the layout check did not see {what!r} ({found})")
    print("self-test: a narrow cell, a tall path, a wrong order and a cut show line are caught")


# Follows every game link of the page, as the browser resolves it, and writes what each
# loaded into <pre id="links">: appended to a copy of the page in the page's own folder.
FOLLOW = r"""
<script>
(function () {
  var out = [];
  Array.prototype.forEach.call(document.querySelectorAll("td.path a"), function (a) {
    var got = {href: a.href, loaded: false};
    try {
      var request = new XMLHttpRequest();
      request.open("GET", a.href, false);
      request.send();
      got.loaded = request.responseText.length > 0;
    } catch (e) {
      got.error = String(e);
    }
    out.push(got);
  });
  var pre = document.createElement("pre");
  pre.id = "links";
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>
"""
LINKS = re.compile(r'<pre id="links">(.*?)</pre>', re.S)


def follow_links(page, work):
    """What each game link of `page` loads, opened from the page's own folder."""
    followed = page.with_name(f"followed-{page.name}")
    return run_in_page(page, followed, FOLLOW, LINKS, work, ["--allow-file-access-from-files"],
                       f"no links followed in {page}")


def check_links(work, problems):
    """The report written into another folder than the one sgfaudit ran in: every game
    link loads one of the files audited; and the check fails on the same report moved."""
    elsewhere = Path(work) / "elsewhere" / "deeper"
    elsewhere.mkdir(parents=True)
    page = elsewhere / "report.html"
    sgfaudit("audit", "--format", "html", "--progress", "never", "-o", str(page), "corpus")
    links = follow_links(page, work)

    def broken_link(link):
        # The file the browser resolved the link to: one of the games audited, read.
        path = Path(urllib.request.url2pathname(urllib.parse.urlparse(link["href"]).path))
        inside = path.is_file() and (ROOT / "corpus") in path.resolve().parents
        return not inside or (path.stat().st_size > 0 and not link["loaded"])

    broken = [l for l in links if broken_link(l)]
    if not links:
        fail(problems, "links: the report written elsewhere has no game links")
    for link in broken[:5]:
        fail(problems, f"links: {link['href']} does not load an SGF file ({link})")
    # The check must be able to fail: the same report moved one folder down (one up
    # could still reach the games: `..` stops at the root).
    (elsewhere / "down").mkdir()
    moved = elsewhere / "down" / "moved.html"
    moved.write_text(page.read_text())
    if not all(broken_link(l) for l in follow_links(moved, work)):
        fail(problems, "self-test: the links of a moved report still load")
    print(f"links: {len(links)} game links of a report in another folder followed, "
          f"{len(broken)} broken")


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
    parser.add_argument("--png-dir", default=str(ROOT / "target" / "browser-check"),
                        help="keep the screenshots here (default: target/browser-check)")
    parser.add_argument("--readme-report-png",
                        help="write the picture of the top of the real games' report here")
    parser.add_argument("--readme-png", help="write the diagram's picture here")
    args = parser.parse_args()
    # As a person would give it, relative to the project (the paths in the table).
    real = args.paths or ["../shared/corpus/real"]
    problems = []
    with tempfile.TemporaryDirectory() as work:
        self_test(work, problems)
        self_test_layout(work, problems)
        if args.png_dir:
            Path(args.png_dir).mkdir(parents=True, exist_ok=True)
        check_report(["corpus"], "corpus", work, args.png_dir, problems)
        check_report(real, "real", work, args.png_dir, problems)
        check_links(work, problems)
        check_svg(work, args.png_dir, args.readme_png, problems)
        if args.readme_report_png:
            screenshot(Path(work) / "real.html", work, Path(args.readme_report_png), (1280, 1145))
    if problems:
        print(f"browser-check: {len(problems)} problem(s)")
        return 1
    print("browser-check: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
