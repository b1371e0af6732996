#!/usr/bin/env bash
# CI: the Python package (python/) as a user gets it, built for this machine. Its abi3
# wheel is built by maturin in the release profile, in the repository's target folder (the
# dependencies the release build compiled are reused), installed into the CI virtual
# environment (target/ci-venv, made by scripts/ci-setup.sh), and the package's tests
# (python/tests) run against that installed wheel from the checkout's root, with a PATH
# that has no Rust toolchain. The manylinux_2_17 wheel for other machines (maturin --zig) is
# a release job: docs/guide/python.md says how.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
VENV=target/ci-venv
if ! "$VENV/bin/python" -c 'import maturin, pytest, dask.dataframe, distributed, pyarrow, sgfmill, mypy' >/dev/null 2>&1; then
  echo "ci-python: $VENV lacks its packages; scripts/ci-setup.sh makes it" >&2
  exit 1
fi
if [ ! -x target/release/sgfaudit ]; then
  echo "ci-python: target/release/sgfaudit is missing (cargo build --release)" >&2
  exit 1
fi

rm -rf target/wheels
PATH="$ROOT/$VENV/bin:$PATH" maturin build --release --locked -m python/Cargo.toml -o target/wheels
WHEELS=(target/wheels/sgfaudit-*-cp39-abi3-*.whl)
WHEEL=${WHEELS[0]}
echo "ci-python: built $(basename "$WHEEL")"
"$VENV/bin/pip" install -q --force-reinstall --no-deps "$WHEEL"

clean=(env -i "PATH=$ROOT/$VENV/bin:/usr/bin:/bin" "HOME=$HOME" "SGFAUDIT_WHEEL=1"
       "SGFAUDIT_BIN=$ROOT/target/release/sgfaudit")
if "${clean[@]}" sh -c 'command -v cargo || command -v rustc'; then
  echo "ci-python: a Rust toolchain is on the test's PATH" >&2
  exit 1
fi
# From the checkout's root, where `import sgfaudit` finds no package (the sources are in
# python/, which is not on sys.path); conftest.py checks the wheel's is the one imported.
"${clean[@]}" python -m pytest -q -p no:cacheprovider python/tests
