#!/usr/bin/env bash
# CI: the crate as crates.io would get it. `cargo publish --dry-run` checks its metadata;
# the packaged crate, unpacked away from the repository, is built in the repository's
# target folder (its dependencies are the release build's, compiled once) and its binary
# audits the packaged corpus as the repository's binary does, byte for byte but for the
# timing. The whole suite runs once, in the repository (`cargo test --release`); this is
# its smoke test. It runs last in `.ci/run`: target/release/sgfaudit is then the packaged
# crate's build of the same sources.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
SCRATCH=$(mktemp -d)
trap 'rm -rf "$SCRATCH"' EXIT
rm -f target/package/sgfaudit-*.crate
cargo publish --dry-run --locked --no-verify -p sgfaudit
cargo package --locked --no-verify -p sgfaudit
tar -xzf target/package/sgfaudit-*.crate -C "$SCRATCH"
PACKAGED=$(echo "$SCRATCH"/sgfaudit-*)
expected="$SCRATCH/expected.jsonl"
(cd "$PACKAGED" && "$ROOT/target/release/sgfaudit" audit --json --no-config --progress never corpus >"$expected") || true
# Cargo names the packaged crate's artifacts as the repository's and keeps their sources'
# times relative to the crate: sources newer than the last build make it compile them.
find "$PACKAGED" -type f -exec touch {} +
built_before=$(stat -c %Y target/release/sgfaudit 2>/dev/null || echo 0)
(cd "$PACKAGED" && env -u CI CARGO_TARGET_DIR="$ROOT/target" cargo build --release --locked)
if [ "$(stat -c %Y target/release/sgfaudit)" = "$built_before" ]; then
  echo "ci-package: cargo did not build the packaged crate's binary" >&2
  exit 1
fi
found="$SCRATCH/found.jsonl"
status=0
(cd "$PACKAGED" && "$ROOT/target/release/sgfaudit" audit --json --no-config --progress never corpus >"$found") || status=$?
if [ "$status" -ne 1 ]; then
  echo "ci-package: the packaged crate's audit of its corpus exited $status, not 1" >&2
  exit 1
fi
untimed() { grep -v '"type":"summary"' "$1"; }
if ! diff <(untimed "$expected") <(untimed "$found") >/dev/null || [ ! -s "$found" ]; then
  echo "ci-package: the packaged crate audits its corpus otherwise than the repository's build" >&2
  diff <(untimed "$expected") <(untimed "$found") | head -20 >&2
  exit 1
fi
echo "ci-package: the packaged crate builds and audits its corpus ($(untimed "$found" | wc -l) games) as the repository's build does"
