#!/usr/bin/env python3
"""The guide's dataframe recipes (docs/guide/formats.md), run: pandas and polars load the JSON Lines, the game CSV
and the findings CSV of the project's corpus, of the real games (../shared/corpus/real)
and of a Tygem collection (../shared/corpus/tygem/tygem-9d-part01.sgf), and what they load agrees with the report's
own summary (games, statuses, findings per code, typed columns). polars reads the JSON
Lines with no options, and what it loads is what it loads when told to type every line.

    python3 scripts/dataframes.py [PATH...]

Needs pandas and polars (`.ci/run` makes a virtual environment with both). Exit code 0
when every check holds, 1 otherwise.
"""

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BINARY = ROOT / "target" / "release" / "sgfaudit"
SHARED = ROOT / ".." / "shared" / "corpus"
TYGEM = SHARED / "tygem" / "tygem-9d-part01.sgf"


def recipe():
    """The Python block of docs/guide/formats.md that starts with `# dataframes`."""
    text = (ROOT / "docs" / "guide" / "formats.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(# dataframes\n.*?)```", text, re.S)
    if len(blocks) != 1:
        sys.exit("docs/guide/formats.md: expected one ```python block starting with '# dataframes'")
    return blocks[0]


def audit(path, fmt, out):
    with open(out, "wb") as f:
        done = subprocess.run(
            [str(BINARY), "audit", "--no-config", "--format", fmt, str(path)],
            stdout=f,
            stderr=subprocess.PIPE,
        )
    if done.returncode not in (0, 1):
        sys.exit(f"sgfaudit audit --format {fmt} {path}: exit {done.returncode}: "
                 f"{done.stderr.decode(errors='replace')}")


def check(path, tmp):
    import polars as pl

    name = Path(path).name
    jsonl = os.path.join(tmp, f"{name}.jsonl")
    games_csv = os.path.join(tmp, f"{name}.csv")
    findings_csv = os.path.join(tmp, f"{name}.findings.csv")
    audit(path, "jsonl", jsonl)
    audit(path, "csv", games_csv)
    audit(path, "findings-csv", findings_csv)
    with open(jsonl, encoding="utf-8") as f:
        summary = json.loads(f.read().splitlines()[-1])["data"]

    scope = {"jsonl": jsonl, "games_csv": games_csv, "findings_csv": findings_csv}
    exec(recipe(), scope)
    problems = []

    def expect(what, got, want):
        if got != want:
            problems.append(f"{path}: {what}: {got!r}, expected {want!r}")

    games, findings, lines = scope["games"], scope["findings"], scope["lines"]
    games_pl, findings_pl = scope["games_pl"], scope["findings_pl"]
    game_rows, summary_row = scope["game_rows"], scope["summary_row"]
    expect("pandas game rows", len(games), summary["games"] + summary["unreadable"])
    expect("polars game rows", games_pl.height, summary["games"] + summary["unreadable"])
    # begin, columns, the games, an error line per unreadable input, summary.
    expect("pandas JSON lines", len(lines), summary["games"] + summary["unreadable"] + 3)
    # Read with no options, the JSON Lines load as if polars had read every line to type them.
    report, full = scope["report"], pl.read_ndjson(jsonl, infer_schema_length=None)
    expect("polars JSON schema with no options", report.schema == full.schema, True)
    expect("polars JSON frame with no options", report.equals(full), True)
    expect("summary moves", summary_row["moves"][0], summary["moves"])
    expect("polars JSON game rows", game_rows.height, summary["games"])
    expect("polars JSON summary games", summary_row["games"][0], summary["games"])
    findings_total = sum(summary["by_code"].values())
    expect("pandas finding rows", len(findings), findings_total + summary["unreadable"])
    expect("polars finding rows", findings_pl.height, findings_total + summary["unreadable"])
    finding_rows = scope["finding_rows"]
    expect("polars JSON finding rows", finding_rows["code"].drop_nulls().len(), findings_total)
    for column in ("first_seen", "cycle_length", "move", "line"):
        expect(f"type of findings {column} (JSON)", finding_rows.schema[column], pl.Int64)
        expect(f"type of findings {column} (CSV)", findings_pl.schema[column], pl.Int64)
    by_status = games["status"].value_counts().to_dict()
    for status, n in summary["by_status"].items():
        expect(f"games with status {status}", by_status.get(status, 0), n)
    by_code = {r["code"]: r["len"] for r in
               findings_pl.group_by("code").len().iter_rows(named=True) if r["code"]}
    expect("findings per code", by_code, summary["by_code"])
    for column in ("width", "height", "moves", "errors", "warnings", "infos"):
        expect(f"type of {column}", games_pl.schema[column], pl.Int64)
    expect("type of komi", games_pl.schema["komi"], pl.Float64)
    codes = [c for c in games_pl["codes"].to_list() if c]
    expect("codes sorted and unique",
           [c for c in codes if c.split(" ") != sorted(set(c.split(" ")))], [])
    for column in ("score", "check", "findings", "findings_omitted"):
        if column not in game_rows.columns:
            problems.append(f"{path}: polars JSON lost the column {column}")
    print(f"{path}: {summary['games']} games, {findings_total} findings: "
          f"{'ok' if not problems else 'PROBLEMS'}")
    return problems


def main():
    paths = sys.argv[1:] or [ROOT / "corpus", SHARED / "real", TYGEM]
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        for path in paths:
            if not Path(path).exists():
                problems.append(f"{path}: missing")
                continue
            problems += check(path, tmp)
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
