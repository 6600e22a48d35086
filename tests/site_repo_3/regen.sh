#!/usr/bin/env bash
# Rerun the reference on the third site repo's cases: cases.jsonl -> expected.jsonl.
#   tests/site_repo_3/regen.sh          (BUILD=1 to first rewrite cases.jsonl from cases.py)
exec "$(dirname "${BASH_SOURCE[0]}")/../corpus/gen/regen_cases.sh" "$(dirname "${BASH_SOURCE[0]}")" "site repo 3"
