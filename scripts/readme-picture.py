#!/usr/bin/env python3
"""The README's picture, docs/report.png: today's HTML report of corpus (the command
the README gives beside it), seen in headless Chromium at 1280 pixels, the top of the page.

Beside it, docs/report.stamp says which report it was made from: the JSON schema number
and sgfaudit's version, read from the same run. A test (`readme_picture::`) fails when the
schema number is not today's, so a report whose outside changed asks for a new picture.

    python3 scripts/readme-picture.py

Needs Debian's `chromium` and a release build (built when missing).
"""

import importlib.util
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
INPUT = "corpus"
PICTURE = ROOT / "docs" / "report.png"
STAMP = ROOT / "docs" / "report.stamp"
SIZE = (1280, 1000)


def browser_check():
    """scripts/browser-check.py as a module: its sgfaudit runner and its screenshot."""
    spec = importlib.util.spec_from_file_location("browser_check", ROOT / "scripts" / "browser-check.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    check = browser_check()
    begin = json.loads(check.sgfaudit("audit", "--json", "--progress", "never", INPUT)
                       .stdout.decode().splitlines()[0])["data"]
    with tempfile.TemporaryDirectory() as work:
        page = Path(work) / "report.html"
        out = check.sgfaudit("audit", "--format", "html", "--progress", "never",
                             "-o", str(page), INPUT)
        if not page.exists():
            sys.exit(f"readme-picture: no report: {out.stderr.decode()}")
        check.screenshot(page, work, PICTURE, SIZE)
    STAMP.write_text(
        f"schema {begin['schema']}\n"
        f"version {begin['version']}\n"
        f"input {INPUT}\n"
    )
    print(f"readme-picture: {PICTURE.relative_to(ROOT)} ({PICTURE.stat().st_size} bytes), "
          f"schema {begin['schema']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
