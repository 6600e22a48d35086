#!/usr/bin/env bash
# Rerun the reference on a case directory's cases: DIR/cases.jsonl -> DIR/expected.jsonl.
#   tests/corpus/gen/regen_cases.sh DIR LABEL   (BUILD=1 to first rewrite cases.jsonl from DIR/cases.py)
# (tests/real_modules/regen.sh and tests/site_repo/regen.sh call it.)
set -euo pipefail
here="$(cd "$1" && pwd)"
label="$2"
gen_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
oracle="${ORACLE:-/work/shared/tools/puppet-oracle}"
gen="$gen_dir/absolute_paths.py"
# Each case answered as in its own process (once-per-process warnings forgotten between cases).
export RUBYOPT="-r$gen_dir/fresh_case.rb ${RUBYOPT:-}"
if [ "${BUILD:-0}" = 1 ]; then python3 "$here/cases.py"; fi
python3 "$gen" < "$here/cases.jsonl" | "$oracle" --jsonl | python3 "$gen" --relative > "$here/expected.jsonl.tmp"
n_in=$(wc -l < "$here/cases.jsonl"); n_out=$(wc -l < "$here/expected.jsonl.tmp")
if [ "$n_in" != "$n_out" ]; then
  echo "regen: $n_in cases but $n_out results (oracle crashed?)" >&2
  exit 1
fi
mv "$here/expected.jsonl.tmp" "$here/expected.jsonl"
echo "$label: $n_out results"
