#!/usr/bin/env bash
# CI: GNU Go (Debian's `gnugo`) for the engine judge's tests (tests/memory/judge.rs), installed
# when missing. Debian puts it in /usr/games, which the tests also search.
set -euo pipefail
if command -v gnugo >/dev/null 2>&1 || [ -x /usr/games/gnugo ]; then
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends gnugo >/dev/null
