#!/usr/bin/env bash
# CI: where sgfaudit meets other CI tools, with the release binary already built.
#  1. The reports of corpus/ and ../shared/corpus/real in SARIF, JUnit XML and GitLab Code
#     Quality, read by Microsoft's SARIF validator (npm, target/sarif-multitool) and
#     junitparser (the CI virtual environment target/ci-venv): no error, no warning.
#  2. The pre-commit hook as `.pre-commit-hooks.yaml` declares it (entry, files, serial),
#     run by pre-commit on a temporary git repository with an illegal game (fails, the
#     finding shown) and with good games only. The hook is run as a local `language: system`
#     hook on the binary built here; `language: rust`, where pre-commit builds the binary
#     itself with `cargo install`, is a release job's check (`pre-commit try-repo`), since it
#     compiles every dependency again.
# scripts/ci-setup.sh installs the validator and the environment (`.ci/run` starts it).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
VENV="$ROOT/target/ci-venv"
REPORTS="$ROOT/target/ci-formats"
SGFAUDIT="$ROOT/target/release/sgfaudit"
SCRATCH=$(mktemp -d)
trap 'rm -rf "$SCRATCH"' EXIT
rm -rf "$REPORTS"
mkdir -p "$REPORTS"
step() { printf '\n== %s (%ss)\n' "$1" "$SECONDS"; }
for needed in "$SGFAUDIT" "$VENV/bin/pre-commit" "target/sarif-multitool/node_modules/.bin/sarif-multitool"; do
  if [ ! -x "$needed" ]; then
    echo "ci-formats: $needed is missing (cargo build --release; scripts/ci-setup.sh)" >&2
    exit 1
  fi
done

step "reports"
for corpus in corpus ../shared/corpus/real; do
  name=$(basename "$corpus")
  for format in sarif junit gitlab; do
    status=0
    "$SGFAUDIT" audit --no-config --progress never --format "$format" "$corpus" \
      >"$REPORTS/$name.$format" || status=$?
    if [ "$status" -gt 1 ]; then
      echo "sgfaudit audit --format $format $corpus: exit code $status" >&2
      exit 1
    fi
  done
  "$SGFAUDIT" audit --no-config --progress never --json "$corpus" >"$REPORTS/$name.jsonl" || true
done

step "SARIF validator"
MULTITOOL="$ROOT/target/sarif-multitool"
for sarif in "$REPORTS"/*.sarif; do
  "$MULTITOOL/node_modules/.bin/sarif-multitool" validate "$sarif" \
    --output "$sarif.validation" --log ForceOverwrite --quiet
done

step "JUnit, GitLab and the validator's findings"
"$VENV/bin/python" scripts/ci-formats.py "$REPORTS"

step "pre-commit hook"
export PRE_COMMIT_HOME="$ROOT/target/pre-commit-home"
REPO="$SCRATCH/games"
mkdir -p "$REPO"
git -C "$REPO" init -q
# The hook of .pre-commit-hooks.yaml as a local hook on the binary built here.
"$VENV/bin/python" - "$ROOT/.pre-commit-hooks.yaml" >"$REPO/.pre-commit-config.yaml" <<'PY'
import sys, yaml
hook = yaml.safe_load(open(sys.argv[1], encoding="utf-8"))[0]
assert hook["language"] == "rust", hook
hook = {k: v for k, v in hook.items() if k != "minimum_pre_commit_version"}
hook["language"] = "system"
print(yaml.safe_dump({"repos": [{"repo": "local", "hooks": [hook]}]}, sort_keys=False))
PY
cp corpus/shapes/seki-two-shared-liberties__ok.sgf "$REPO/good.sgf"
cp corpus/rules/art19-play-on-occupied-point__occupied@4.sgf "$REPO/Illegal.SGF"
git -C "$REPO" add .
hook=(env "PATH=$ROOT/target/release:$PATH" "$VENV/bin/pre-commit" run --all-files)
status=0
(cd "$REPO" && "${hook[@]}") >"$REPORTS/pre-commit-illegal.txt" 2>&1 || status=$?
cat "$REPORTS/pre-commit-illegal.txt"
if [ "$status" -eq 0 ] || ! grep -q 'Illegal.SGF:3:20' "$REPORTS/pre-commit-illegal.txt"; then
  echo "pre-commit: the illegal game did not fail the hook with its place" >&2
  exit 1
fi
git -C "$REPO" rm -q --cached Illegal.SGF
rm "$REPO/Illegal.SGF"
(cd "$REPO" && "${hook[@]}")
step "done"
