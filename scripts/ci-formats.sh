#!/usr/bin/env bash
# CI: where sgfaudit meets other CI tools.
#  1. The package: `cargo publish --dry-run`, then the packaged crate, unpacked away from
#     the repository, built and tested (the tests that need `../shared` skip themselves).
#  2. The reports of corpus/ and ../shared/corpus/real in SARIF, JUnit XML and GitLab Code
#     Quality, read by Microsoft's SARIF validator (npm, under target/) and junitparser
#     (the CI virtual environment target/ci-venv): no error, no warning.
#  3. The pre-commit hook, the way users meet it: `pre-commit try-repo` on a temporary git
#     repository, with an illegal game (fails, the finding shown) and with good games only.
# The package and the hook are built from copies of the sources elsewhere; cargo names
# their artifacts as it names the repository's, so they get a target folder of their own,
# target/outside, shared by the two and kept from one run to the next (the repository's
# target/ would otherwise hold test programs of a copy that is gone).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUTSIDE="$ROOT/target/outside"
VENV="$ROOT/target/ci-venv"
REPORTS="$ROOT/target/ci-formats"
SCRATCH=$(mktemp -d)
trap 'rm -rf "$SCRATCH"' EXIT
rm -rf "$REPORTS"
mkdir -p "$REPORTS"
step() { printf '\n== %s (%ss)\n' "$1" "$SECONDS"; }

step "package"
# The verification build is the test run below (release, tests included), not a second
# debug build of every dependency.
rm -f target/package/sgfaudit-*.crate
cargo publish --dry-run --locked --no-verify -p sgfaudit
cargo package --locked --no-verify -p sgfaudit
tar -xzf target/package/sgfaudit-*.crate -C "$SCRATCH"
(cd "$SCRATCH"/sgfaudit-* && env -u CI CARGO_TARGET_DIR="$OUTSIDE" cargo test --release --locked -q)

step "reports"
cargo build --release --locked -q
SGFAUDIT="$ROOT/target/release/sgfaudit"
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
if [ ! -x "$MULTITOOL/node_modules/.bin/sarif-multitool" ]; then
  if ! command -v npm >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null
  fi
  mkdir -p "$MULTITOOL"
  npm install --prefix "$MULTITOOL" --no-audit --no-fund --silent @microsoft/sarif-multitool@5
  # The npm package's install script would make the program executable; npm may skip it.
  chmod u+x "$MULTITOOL"/node_modules/@microsoft/sarif-multitool-*/Sarif.Multitool
fi
for sarif in "$REPORTS"/*.sarif; do
  "$MULTITOOL/node_modules/.bin/sarif-multitool" validate "$sarif" \
    --output "$sarif.validation" --log ForceOverwrite --quiet
done

step "JUnit, GitLab and the validator's findings"
if ! "$VENV/bin/python" -c 'import junitparser, pre_commit' >/dev/null 2>&1; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q junitparser pre-commit
fi
"$VENV/bin/python" scripts/ci-formats.py "$REPORTS"

step "pre-commit hook"
export PRE_COMMIT_HOME="$ROOT/target/pre-commit-home"
export CARGO_TARGET_DIR="$OUTSIDE"
REPO="$SCRATCH/games"
mkdir -p "$REPO"
git -C "$REPO" init -q
cp corpus/shapes/seki-two-shared-liberties__ok.sgf "$REPO/good.sgf"
cp corpus/rules/art19-play-on-occupied-point__occupied@4.sgf "$REPO/Illegal.SGF"
git -C "$REPO" add .
status=0
(cd "$REPO" && "$VENV/bin/pre-commit" try-repo "$ROOT" sgfaudit --all-files) \
  >"$REPORTS/pre-commit-illegal.txt" 2>&1 || status=$?
cat "$REPORTS/pre-commit-illegal.txt"
if [ "$status" -eq 0 ] || ! grep -q 'Illegal.SGF:3:20' "$REPORTS/pre-commit-illegal.txt"; then
  echo "pre-commit: the illegal game did not fail the hook with its place" >&2
  exit 1
fi
git -C "$REPO" rm -q --cached Illegal.SGF
rm "$REPO/Illegal.SGF"
(cd "$REPO" && "$VENV/bin/pre-commit" try-repo "$ROOT" sgfaudit --all-files)
step "done"
