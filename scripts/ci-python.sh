#!/usr/bin/env bash
# CI: the Python package (python/) as a user gets it. Its abi3 wheel is built with
# maturin, linked by zig against glibc 2.17's symbols (manylinux_2_17: any x86_64 Linux
# since 2014) and checked by maturin's auditwheel; installed with its extras into a fresh
# virtual environment, the tests (python/tests) run against that installed wheel, with a
# PATH that has no Rust toolchain. The wheel also goes into target/ci-venv (the bench's environment). Then a
# lint of the binding crate.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
VENV=target/ci-venv
if ! "$VENV/bin/python" -c 'import maturin, pytest, dask.dataframe, distributed, pyarrow, sgfmill, mypy, ziglang' >/dev/null 2>&1; then
  echo "ci-python: $VENV lacks its packages; .ci/run makes it" >&2
  exit 1
fi
cargo clippy -p sgfaudit-python --all-targets -- -D warnings
cargo build --release --bin sgfaudit

rm -rf target/wheels
PATH="$ROOT/$VENV/bin:$PATH" maturin build --release -m python/Cargo.toml --zig \
  --compatibility manylinux_2_17 --auditwheel check --strip -o target/wheels
WHEELS=(target/wheels/sgfaudit-*-cp39-abi3-manylinux*_x86_64.whl)
WHEEL=${WHEELS[0]}
echo "ci-python: built $(basename "$WHEEL")"
"$VENV/bin/pip" install -q --force-reinstall --no-deps "$WHEEL"

# A fresh environment with the wheel and its extras, and nothing of Rust on PATH.
WHEEL_VENV=$ROOT/target/wheel-venv
rm -rf "$WHEEL_VENV"
BASE=$("$VENV/bin/python" -c 'import sys; print(sys._base_executable)')
"$BASE" -m venv "$WHEEL_VENV"
"$WHEEL_VENV/bin/pip" install -q "$WHEEL[pandas,polars,arrow,dask]" pytest mypy sgfmill
clean=(env -i "PATH=$WHEEL_VENV/bin:/usr/bin:/bin" "HOME=$HOME" "SGFAUDIT_WHEEL=1"
       "SGFAUDIT_BIN=$ROOT/target/release/sgfaudit")
if "${clean[@]}" sh -c 'command -v cargo || command -v rustc'; then
  echo "ci-python: a Rust toolchain is on the test's PATH" >&2
  exit 1
fi
# From the checkout's root, where `import sgfaudit` finds no package (the sources are in
# python/, which is not on sys.path); conftest.py checks the wheel's is the one imported.
"${clean[@]}" python -m pytest -q -p no:cacheprovider python/tests
