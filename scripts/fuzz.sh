#!/usr/bin/env bash
# Coverage-guided fuzzing with libFuzzer of the per-game pipeline (fuzz/fuzz_targets/audit.rs)
# or of the cutting of a collection into shards (fuzz/fuzz_targets/partition.rs).
#
#   [FUZZ_TARGET=audit|partition] scripts/fuzz.sh [SECONDS] [-- LIBFUZZER-OPTIONS...]
#
# SECONDS (default 600) bounds the run. The working corpus lives in fuzz/corpus/TARGET (kept
# between runs, ignored by git) and starts from the real games in ../shared/corpus/real and the
# project's own corpus/. A crash is written to fuzz/artifacts/TARGET/ and the script exits
# non-zero; replay it with `fuzz/target/x86_64-unknown-linux-gnu/release/TARGET FILE`.
#
# Needs the nightly toolchain (`rustup toolchain install nightly`). With cargo-fuzz installed this
# is `cargo +nightly fuzz run audit fuzz/corpus/audit <seeds> -- -max_total_time=SECONDS`;
# without it, the same build is this cargo line (cargo-fuzz's own flags):
#
#   RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
#     -Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
#     -Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing -Cdebug-assertions -Coverflow-checks" \
#   cargo +nightly build --release --manifest-path fuzz/Cargo.toml --target x86_64-unknown-linux-gnu --bin audit
#
# Run it in the background on a shared machine: `nice -n 19 scripts/fuzz.sh 3600 > fuzz.log 2>&1 &`.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=600
if [[ $# -gt 0 && $1 != -- ]]; then
    seconds=$1
    shift
fi
[[ ${1:-} == -- ]] && shift
target=x86_64-unknown-linux-gnu
export RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing -Cdebug-assertions -Coverflow-checks"
name=${FUZZ_TARGET:-audit}
cargo +nightly build --release --manifest-path fuzz/Cargo.toml --target "$target" --bin "$name"
mkdir -p "fuzz/corpus/$name" "fuzz/artifacts/$name"
seeds=(corpus)
[[ -d ../shared/corpus/real ]] && seeds+=(../shared/corpus/real)
# libFuzzer reads seed folders only one level deep: hand it every seed folder.
mapfile -t dirs < <(find "${seeds[@]}" -type d)
exec "fuzz/target/$target/release/$name" "fuzz/corpus/$name" "${dirs[@]}" \
    -max_total_time="$seconds" -max_len=65536 -timeout=60 -rss_limit_mb=2048 \
    -artifact_prefix="fuzz/artifacts/$name/" -print_final_stats=1 "$@"
