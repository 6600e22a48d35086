#!/usr/bin/env python3
"""Ranks the classes of the all-modules sweep (tests/module_sweep) by prepl's speed relative
to the reference: which real classes are slowest beside it.

    bench/modules/sweep_rank.py [--prepl PATH] [--runs N] [--ref-runs N] [--only TEXT] [--top K]

Every `debian/class-*` case of tests/module_sweep/cases.jsonl (`include NAME`, the sweep's
modulepath in its cache, Debian 12 facts, node foo.example.com) is written to
target/bench/sweep/catalog_NAME.pp and timed as scripts/bench times a real-module program:
the reference with bench/reference-time.rb (Puppet loaded once, best CPU time of N
evaluations of each class in a fresh environment, one process for all classes), prepl with
`--time --repeat N` (best CPU time of N evaluations, each in a fresh session on a new thread).
Classes that fail in either are left out (a class that needs parameters fails in both).
Prints the K slowest ratios (reference / prepl) and writes every row to
target/bench/sweep-rank.tsv. prepl defaults to target/dist/prepl (`cargo build --profile
dist -p prepl-repl`). Needs the sweep's cache (tests/module_sweep/fetch.py).
"""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CACHE = Path(
    os.environ.get("PREPL_MODULE_CACHE")
    or Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "prepl" / "debian-modules"
)
MODULEPATH = CACHE / "modules"
FACTS = ROOT / "tests" / "real_modules" / "facts-debian-12.json"
NODE = "foo.example.com"


def cpu_times(stderr):
    """The CPU times of `--time`'s lines (`Evaluation time: W s (CPU C s)`)."""
    return [float(m.group(1)) for m in re.finditer(r"\(CPU ([0-9.]+) s\)", stderr)]


def main(argv):
    prepl, runs, ref_runs, only, top = ROOT / "target" / "dist" / "prepl", 3, 1, None, 10
    it = iter(argv)
    for arg in it:
        if arg == "--prepl":
            prepl = Path(next(it))
        elif arg == "--runs":
            runs = int(next(it))
        elif arg == "--ref-runs":
            ref_runs = int(next(it))
        elif arg == "--only":
            only = next(it)
        elif arg == "--top":
            top = int(next(it))
        else:
            print(__doc__)
            return 2
    if not MODULEPATH.is_dir():
        print(f"no sweep modules in {MODULEPATH}: run tests/module_sweep/fetch.py")
        return 1
    out_dir = ROOT / "target" / "bench" / "sweep"
    out_dir.mkdir(parents=True, exist_ok=True)
    files = {}
    for line in (ROOT / "tests" / "module_sweep" / "cases.jsonl").read_text().splitlines():
        case = json.loads(line)
        if not case["id"].startswith("debian/class-"):
            continue
        name = case["id"].removeprefix("debian/class-")
        if only and only not in name:
            continue
        path = out_dir / f"catalog_{name.replace('::', '__')}.pp"
        path.write_text(case["src"] + "\n")
        files[str(path)] = name
    env = dict(os.environ, PREPL_BASEMODULEPATH="")
    # The reference: one process for every class.
    ref = {}
    proc = subprocess.run(
        ["ruby", str(ROOT / "bench" / "reference-time.rb"), *files],
        capture_output=True,
        text=True,
        env=dict(
            env,
            BENCH_RUNS=str(ref_runs),
            BENCH_MODULEPATH=str(MODULEPATH),
            BENCH_NODE=NODE,
            BENCH_FACTS=str(FACTS),
            BENCH_KEEP_GOING="1",
        ),
    )
    for line in proc.stdout.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[1] != "error":
            ref[parts[0]] = float(parts[2])
    rows = []
    for path, name in files.items():
        if path not in ref:
            continue
        cmd = [str(prepl), "--catalog", "--time", "--repeat", str(runs), "--modulepath",
               str(MODULEPATH), "--node", NODE, "--facts", str(FACTS), path]
        p = subprocess.run(cmd, capture_output=True, text=True, env=env,
                           stdin=subprocess.DEVNULL)
        times = cpu_times(p.stderr)
        if p.returncode != 0 or not times:
            continue
        rows.append((ref[path] / min(times), name, min(times), ref[path]))
    rows.sort()
    tsv = ROOT / "target" / "bench" / "sweep-rank.tsv"
    tsv.write_text("".join(f"{n}\t{p:.6f}\t{r:.6f}\t{x:.1f}\n" for x, n, p, r in rows))
    print(f"{len(rows)} classes compiled by both (of {len(files)}); CPU seconds, best of "
          f"{runs} (prepl) and {ref_runs} (reference); all rows in {tsv.relative_to(ROOT)}")
    print(f"{'class':<40} {'prepl':>9} {'reference':>9} {'ratio':>7}")
    for x, n, p, r in rows[:top]:
        print(f"{n:<40} {p:>9.5f} {r:>9.4f} {x:>6.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
