#!/usr/bin/env bash
# CI: what the checks take from the package registries, installed when missing, while the
# code compiles (`.ci/run` starts this in the background and waits for each part when a
# step needs it):
#  1. Debian's packages: GNU Go (the engine judge's tests), Chromium (the HTML report in a
#     browser), Node.js and npm (the SARIF validator), python3-venv. Then target/ci-setup/apt.done.
#  2. One Python virtual environment, target/ci-venv, kept from one run to the next: the
#     dataframe recipes (pandas, polars, pyarrow, Dask), the CI formats' readers
#     (junitparser, pre-commit), sgfmill, and the Python package's build and tests
#     (maturin, pytest, mypy). Then target/ci-setup/venv.done.
#  3. Microsoft's SARIF validator from npm, under target/sarif-multitool. Then
#     target/ci-setup/npm.done.
set -euo pipefail
cd "$(dirname "$0")/.."
DONE=target/ci-setup
mkdir -p "$DONE"
rm -f "$DONE"/*.done
export DEBIAN_FRONTEND=noninteractive

missing=()
command -v gnugo >/dev/null 2>&1 || [ -x /usr/games/gnugo ] || missing+=(gnugo)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v npm >/dev/null 2>&1 || missing+=(nodejs npm)
if ! python3 -m venv --help >/dev/null 2>&1 || ! python3 -c 'import ensurepip' >/dev/null 2>&1; then
  missing+=(python3-venv)
fi
if [ "${#missing[@]}" -gt 0 ]; then
  echo "ci-setup: apt-get install ${missing[*]}"
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
touch "$DONE/apt.done"

VENV=target/ci-venv
PACKAGES=(pandas polars pyarrow 'dask[dataframe]' distributed junitparser pre-commit sgfmill
          maturin pytest mypy)
if ! "$VENV/bin/python" -c 'import pandas, polars, pyarrow, dask.dataframe, distributed, junitparser, pre_commit, sgfmill, maturin, pytest, mypy' >/dev/null 2>&1; then
  echo "ci-setup: a virtual environment in $VENV"
  rm -rf "$VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q "${PACKAGES[@]}"
fi
touch "$DONE/venv.done"

MULTITOOL=target/sarif-multitool
if [ ! -x "$MULTITOOL/node_modules/.bin/sarif-multitool" ]; then
  echo "ci-setup: the SARIF validator in $MULTITOOL"
  mkdir -p "$MULTITOOL"
  npm install --prefix "$MULTITOOL" --no-audit --no-fund --silent @microsoft/sarif-multitool@5
  # The npm package's install script would make the program executable; npm may skip it.
  chmod u+x "$MULTITOOL"/node_modules/@microsoft/sarif-multitool-*/Sarif.Multitool
fi
touch "$DONE/npm.done"
