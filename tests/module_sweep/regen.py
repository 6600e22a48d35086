#!/usr/bin/env python3
"""Run the reference on the module sweep's cases: cases.jsonl -> expected.jsonl.xz.

    tests/module_sweep/regen.py            # every case (resumes: batches already answered
                                           # are kept under the cache's oracle/ directory;
                                           # remove it when the cases or packages change)
    tests/module_sweep/regen.py --only ID_PREFIX ...   # only these cases, merged into the data
    BATCH=200 ORACLE=... tests/module_sweep/regen.py

Each case becomes its program line (cases.program: the cache's modules/ directory as
modulepath, the node) with its fact set's facts inline (with `clientcert` = the node), as
tests/corpus/gen/absolute_paths.py does. Batches of cases go to one `puppet-oracle --jsonl` run each (the oracle is slow to
start). The answers are then made compact (compact.py) and written, sorted by id, to
expected.jsonl.xz.
"""
import lzma
import json
import os
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))
from fetch import cache_dir  # noqa: E402
from compact import compact, relative  # noqa: E402
from cases import DATA, program as case_program  # noqa: E402

ORACLE = os.environ.get("ORACLE", "/work/shared/tools/puppet-oracle")
BATCH = int(os.environ.get("BATCH", "150"))


def main():
    args = sys.argv[1:]
    only = args[1:] if args[:1] == ["--only"] else None
    modules = cache_dir() / "modules"
    if not modules.is_dir():
        sys.exit(f"no module cache at {modules}: run tests/module_sweep/fetch.py")
    # The oracle's answers by batch: the cache's for the committed sweep, the data directory's
    # own for another one (MODULE_SWEEP_DIR).
    out_dir = cache_dir() / "oracle" if DATA == HERE else DATA / "oracle"
    out_dir.mkdir(exist_ok=True)
    cases = [json.loads(l) for l in (DATA / "cases.jsonl").read_text().splitlines() if l]
    if only:
        cases = [c for c in cases if any(c["id"].startswith(p) for p in only)]
        for old in out_dir.glob("only-*.jsonl"):
            old.unlink()
    facts = {}

    def program(case):
        line = case_program(case, modules)
        f = line.pop("facts_file")
        if f not in facts:
            facts[f] = json.loads((ROOT / f).read_text())
        line["facts"] = dict(facts[f], clientcert=line["node"])
        return json.dumps(line) + "\n"

    env = dict(os.environ)
    env["RUBYOPT"] = f"-r{ROOT}/tests/corpus/gen/fresh_case.rb {env.get('RUBYOPT', '')}"
    for start in range(0, len(cases), BATCH):
        batch = cases[start:start + BATCH]
        name = f"only-{start:05}.jsonl" if only else f"batch-{start:05}-{len(batch)}.jsonl"
        path = out_dir / name
        if path.exists() and not only:
            continue
        text = "".join(program(c) for c in batch)
        res = subprocess.run([ORACLE, "--jsonl"], input=text, capture_output=True, text=True,
                             env=env)
        answers = res.stdout.splitlines()
        if len(answers) != len(batch):
            sys.exit(f"regen: batch at {start}: {len(batch)} cases but {len(answers)} "
                     f"answers (oracle crashed?)\n{res.stderr[-2000:]}")
        path.write_text(res.stdout)
        print(f"regen: {start + len(batch)}/{len(cases)}", file=sys.stderr, flush=True)
    write_expected(modules, out_dir, only)


def write_expected(modules, out_dir, only):
    """Merges the answers into expected.jsonl.xz (compact form, sorted by id)."""
    data = {}
    expected = DATA / "expected.jsonl.xz"
    if only and expected.exists():
        with lzma.open(expected, "rt") as f:
            for line in f:
                j = json.loads(line)
                data[j["id"]] = line.rstrip("\n")
    names = sorted(out_dir.glob("only-*.jsonl" if only else "batch-*.jsonl"))
    for path in names:
        for line in path.read_text().splitlines():
            # (a case's own environment directory named relative to the repository root, as
            # tests/module_sweep.rs names prepl's)
            j = relative(compact(json.loads(line), str(modules)), f"{ROOT}/", "")
            data[j["id"]] = json.dumps(j, sort_keys=False, separators=(",", ":"))
    ids = {json.loads(l)["id"] for l in (DATA / "cases.jsonl").read_text().splitlines() if l}
    # xz: a catalog repeats in many cases (every apache::mod::* case holds apache's), which
    # its large window finds (gzip's 32 KiB one does not): ~15 times smaller.
    with lzma.open(expected, "wb", preset=9 | lzma.PRESET_EXTREME) as f:
        for case_id in sorted(data):
            if case_id in ids:
                f.write((data[case_id] + "\n").encode())
    print(f"module sweep: {len(data)} answers in {expected}", file=sys.stderr)


if __name__ == "__main__":
    main()
