#!/usr/bin/env python3
"""Run the reference on the Ruby-function differential's cases: cases.jsonl ->
expected.jsonl.xz (compact form, as the module sweep's: the cache path written `@MODULES@`).

    tests/ruby_differential/regen.py [--only ID_PREFIX...]

Batches of 200 cases go to one `puppet-oracle --jsonl` run each ($ORACLE), with the Debian 12
facts inline (`clientcert` = the node) and tests/corpus/gen/fresh_case.rb preloaded (each case
logs as a fresh process would). `--only` reruns some cases and merges them in.
"""
import json
import lzma
import os
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE.parent / "module_sweep"))
sys.path.insert(0, str(HERE))
from fetch import cache_dir  # noqa: E402
from compact import compact  # noqa: E402
from cases import program  # noqa: E402

ORACLE = os.environ.get("ORACLE", "/work/shared/tools/puppet-oracle")
BATCH = int(os.environ.get("BATCH", "200"))


def main():
    args = sys.argv[1:]
    only = args[1:] if args[:1] == ["--only"] else None
    modules = cache_dir() / "modules"
    if not modules.is_dir():
        sys.exit(f"no module cache at {modules}: run tests/module_sweep/fetch.py")
    cases = [json.loads(l) for l in (HERE / "cases.jsonl").read_text().splitlines() if l]
    if only:
        cases = [c for c in cases if any(c["id"].startswith(p) for p in only)]
    facts_cache = {}

    def line(case):
        p = program(case, modules)
        f = p.pop("facts_file")
        if f not in facts_cache:
            j = json.loads((ROOT / f).read_text())
            facts_cache[f] = j.get("values", j)
        p["facts"] = dict(facts_cache[f], clientcert=p["node"])
        return json.dumps(p) + "\n"

    env = dict(os.environ)
    env["RUBYOPT"] = f"-r{ROOT}/tests/corpus/gen/fresh_case.rb {env.get('RUBYOPT', '')}"
    data = {}
    expected = HERE / "expected.jsonl.xz"
    if only and expected.exists():
        with lzma.open(expected, "rt") as f:
            for l in f:
                data[json.loads(l)["id"]] = l.rstrip("\n")
    for start in range(0, len(cases), BATCH):
        batch = cases[start:start + BATCH]
        res = subprocess.run([ORACLE, "--jsonl"], input="".join(line(c) for c in batch),
                             capture_output=True, text=True, env=env)
        answers = res.stdout.splitlines()
        if len(answers) != len(batch):
            sys.exit(f"regen: batch at {start}: {len(batch)} cases but {len(answers)} answers\n"
                     f"{res.stderr[-2000:]}")
        for a in answers:
            j = compact(json.loads(a), str(modules))
            data[j["id"]] = json.dumps(j, separators=(",", ":"))
        print(f"regen: {start + len(batch)}/{len(cases)}", file=sys.stderr, flush=True)
    ids = {json.loads(l)["id"] for l in (HERE / "cases.jsonl").read_text().splitlines() if l}
    with lzma.open(expected, "wb", preset=9 | lzma.PRESET_EXTREME) as f:
        for case_id in sorted(data):
            if case_id in ids:
                f.write((data[case_id] + "\n").encode())
    print(f"ruby differential: {len(data)} answers in {expected}", file=sys.stderr)


if __name__ == "__main__":
    main()
