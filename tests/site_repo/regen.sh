#!/usr/bin/env bash
# Rerun the reference on the site repo cases: cases.jsonl -> expected.jsonl.
#   tests/site_repo/regen.sh          (BUILD=1 to first rewrite cases.jsonl from cases.py)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
oracle="${ORACLE:-/work/shared/tools/puppet-oracle}"
gen="$here/../corpus/gen/absolute_paths.py"
# Each case answered as in its own process (once-per-process warnings forgotten between cases).
export RUBYOPT="-r$here/../corpus/gen/fresh_case.rb ${RUBYOPT:-}"
if [ "${BUILD:-0}" = 1 ]; then python3 "$here/cases.py"; fi
python3 "$gen" < "$here/cases.jsonl" | "$oracle" --jsonl | python3 "$gen" --relative > "$here/expected.jsonl.tmp"
n_in=$(wc -l < "$here/cases.jsonl"); n_out=$(wc -l < "$here/expected.jsonl.tmp")
if [ "$n_in" != "$n_out" ]; then
  echo "regen: $n_in cases but $n_out results (oracle crashed?)" >&2
  exit 1
fi
mv "$here/expected.jsonl.tmp" "$here/expected.jsonl"
echo "site repo: $n_out results"
