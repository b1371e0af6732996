"""Checks the CI reports written by scripts/ci-formats.sh, for each audited corpus NAME
(in the folder given): NAME.sarif read by Microsoft's validator (its log, NAME.sarif.validation,
must hold no result: no error, no warning), NAME.junit read back by junitparser (counts that
add up, a test case per game, a failure per failing game), NAME.gitlab checked against
GitLab's Code Quality fields; each against NAME.jsonl, the JSON Lines report of the same run."""

import json
import sys
from pathlib import Path

from junitparser import Error, Failure, JUnitXml, Skipped

GITLAB_SEVERITIES = {"info", "minor", "major", "critical", "blocker"}


def jsonl(path):
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    games = [r["data"] for r in records if r["type"] == "game"]
    errors = [r["data"] for r in records if r["type"] == "error"]
    summary = records[-1]["data"]
    return games, errors, summary


def check_validation(log_path):
    log = json.loads(log_path.read_text(encoding="utf-8-sig"))
    run = log["runs"][0]
    problems = [f'{r["ruleId"]}: {r["message"].get("text", r["message"])}' for r in run.get("results", [])]
    for invocation in run.get("invocations", []):
        if not invocation.get("executionSuccessful", True):
            problems.append("the validator did not run to the end")
        for note in invocation.get("toolExecutionNotifications", []):
            if note.get("level", "warning") in ("error", "warning"):
                problems.append(note["message"]["text"])
    return problems


def check_sarif(path, games, errors):
    sarif = json.loads(path.read_text(encoding="utf-8"))
    run = sarif["runs"][0]
    findings = sum(len(g["findings"]) for g in games)
    results = run["results"]
    problems = []
    if len(results) != findings:
        problems.append(f"{len(results)} results for {findings} findings")
    prints = [r["partialFingerprints"]["sgfaudit/v1"] for r in results]
    if len(set(prints)) != len(prints):
        problems.append("fingerprints repeat")
    notes = run["invocations"][0].get("toolExecutionNotifications", [])
    if len(notes) != len(errors):
        problems.append(f"{len(notes)} notifications for {len(errors)} unreadable inputs")
    return problems


def check_junit(path, games, errors, summary):
    xml = JUnitXml.fromfile(str(path))
    problems = []
    cases = failed = errored = 0
    names = set()
    for suite in xml:
        suite_cases = list(suite)
        results = [type(r) for case in suite_cases for r in case.result]
        counts = (len(suite_cases), results.count(Failure), results.count(Error), results.count(Skipped))
        declared = (suite.tests, suite.failures, suite.errors, suite.skipped)
        if counts != declared or counts[3] != 0:
            problems.append(f"suite {suite.name}: declares {declared}, holds {counts}")
        cases += counts[0]
        failed += counts[1]
        errored += counts[2]
        names.update(case.name for case in suite_cases)
    if cases != len(games) + len(errors) or len(names) != cases:
        problems.append(f"{cases} test cases ({len(names)} names) for {len(games)} games and {len(errors)} unreadable inputs")
    if failed != summary["failing"] or errored != len(errors):
        problems.append(f"{failed} failures, {errored} errors for {summary['failing']} failing games, {len(errors)} unreadable")
    return problems


def check_gitlab(path, games, errors):
    issues = json.loads(path.read_text(encoding="utf-8"))
    problems = []
    for issue in issues:
        ok = (
            isinstance(issue.get("description"), str)
            and isinstance(issue.get("check_name"), str)
            and isinstance(issue.get("fingerprint"), str)
            and issue.get("severity") in GITLAB_SEVERITIES
            and isinstance(issue["location"].get("path"), str)
            and isinstance(issue["location"]["lines"].get("begin"), int)
            and issue["location"]["lines"]["begin"] >= 1
        )
        if not ok:
            problems.append(f"not a Code Quality issue: {issue}")
    findings = sum(len(g["findings"]) for g in games)
    if len(issues) != findings + len(errors):
        problems.append(f"{len(issues)} issues for {findings} findings and {len(errors)} unreadable inputs")
    prints = [i["fingerprint"] for i in issues]
    if len(set(prints)) != len(prints):
        problems.append("fingerprints repeat")
    return problems


def main():
    folder = Path(sys.argv[1])
    failures = 0
    names = sorted(p.stem for p in folder.glob("*.jsonl"))
    if not names:
        sys.exit(f"no reports in {folder}")
    for name in names:
        games, errors, summary = jsonl(folder / f"{name}.jsonl")
        checks = {
            "SARIF validator": check_validation(folder / f"{name}.sarif.validation"),
            "SARIF": check_sarif(folder / f"{name}.sarif", games, errors),
            "JUnit": check_junit(folder / f"{name}.junit", games, errors, summary),
            "GitLab": check_gitlab(folder / f"{name}.gitlab", games, errors),
        }
        for what, problems in checks.items():
            for problem in problems[:20]:
                print(f"{name} {what}: {problem}", file=sys.stderr)
            failures += len(problems)
            status = "ok" if not problems else f"{len(problems)} problems"
            print(f"{name}: {what}: {status} ({len(games)} games)")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
