#!/usr/bin/env bash
# CI: the Python package (python/), built and installed once into the shared virtual
# environment target/ci-venv, then its tests (python/tests) against the command line
# built by `cargo test --release`, and a lint of the binding crate.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=target/ci-venv
if ! "$VENV/bin/python" -c 'import maturin, pytest, dask.dataframe, distributed, pyarrow, sgfmill' >/dev/null 2>&1; then
  echo "ci-python: $VENV lacks its packages; .ci/run makes it" >&2
  exit 1
fi
cargo clippy -p sgfaudit-python --all-targets -- -D warnings
cargo build --release --bin sgfaudit
"$VENV/bin/pip" install -q --force-reinstall --no-deps ./python
"$VENV/bin/python" -m pytest -q -p no:cacheprovider python/tests
