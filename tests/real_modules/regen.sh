#!/usr/bin/env bash
# Rerun the reference on the real-module cases: cases.jsonl -> expected.jsonl.
#   tests/real_modules/regen.sh          (BUILD=1 to first rewrite cases.jsonl from cases.py)
exec "$(dirname "${BASH_SOURCE[0]}")/../corpus/gen/regen_cases.sh" "$(dirname "${BASH_SOURCE[0]}")" "real modules"
