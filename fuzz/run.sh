#!/bin/sh
# Runs the fuzz targets one after another, each for SECONDS, at the lowest priority.
#   fuzz/run.sh SECONDS [TARGET...]      (default: every target)
# Needs cargo-fuzz (`cargo install cargo-fuzz`); works on a stable toolchain with `-s none`
# (no sanitizer). Crashes are written to fuzz/artifacts/TARGET/; the seeds come from
# fuzz/seed.py. A crash's input belongs in fuzz/regressions/TARGET/ once fixed (the test
# suite replays that folder, tests/fuzz.rs). FUZZ_NO_BUILD=1 runs the targets as last built
# (a release build of the targets takes long on a small machine).
set -eu
cd "$(dirname "$0")"
seconds=${1:-600}
[ $# -gt 0 ] && shift
targets=${*:-"parse eval epp format types versions_time kernel_wire hiera_yaml hiera_config facts erb modules ruby_module"}
target_dir=${CARGO_TARGET_DIR:-../target}/fuzz
[ -d corpus ] || python3 seed.py
[ -n "${FUZZ_NO_BUILD:-}" ] || nice -n 19 cargo fuzz build -s none -O --target-dir "$target_dir"
for t in $targets; do
    mkdir -p "artifacts/$t" "corpus/$t"
    echo "== $t: $seconds s ($(date -u +%H:%M:%S))"
    nice -n 19 "$target_dir/x86_64-unknown-linux-gnu/release/$t" "corpus/$t" "regressions/$t" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=8192 \
        -artifact_prefix="artifacts/$t/" -print_final_stats=1 2>&1 | tail -n 30 || true
done
