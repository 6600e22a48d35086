#!/usr/bin/env bash
# Regenerate tests/corpus/expected/<area>.jsonl from tests/corpus/programs/<area>.jsonl
# by running the reference (puppet-oracle --jsonl) once per area.
#   tests/corpus/regen.sh            # every area
#   tests/corpus/regen.sh strings    # only the named areas
# Set BUILD=1 to first rebuild programs/ from the generator scripts in gen/.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
oracle="${ORACLE:-/work/shared/tools/puppet-oracle}"
# Each case answered as in its own process (once-per-process warnings forgotten between cases).
export RUBYOPT="-r$here/gen/fresh_case.rb ${RUBYOPT:-}"
if [ "${BUILD:-0}" = 1 ]; then python3 "$here/gen/build.py" "$@"; fi
if [ $# -eq 0 ]; then
  set -- $(cd "$here/programs" && ls *.jsonl | sed 's/\.jsonl$//')
fi
for area in "$@"; do
  in="$here/programs/$area.jsonl"
  out="$here/expected/$area.jsonl"
  # Paths in program lines are relative to the repository root; the oracle needs them absolute,
  # and its answers get them relative again.
  python3 "$here/gen/absolute_paths.py" < "$in" | "$oracle" --jsonl \
    | python3 "$here/gen/absolute_paths.py" --relative > "$out.tmp"
  n_in=$(wc -l < "$in"); n_out=$(wc -l < "$out.tmp")
  if [ "$n_in" != "$n_out" ]; then
    echo "regen: $area: $n_in programs but $n_out results (oracle crashed?)" >&2
    exit 1
  fi
  mv "$out.tmp" "$out"
  echo "$area: $n_out results"
done
