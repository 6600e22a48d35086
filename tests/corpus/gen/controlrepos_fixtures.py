#!/usr/bin/env python3
"""Writes the fixture control repositories of the corpus area `env_controlrepos`: a fixed
sample of the differential area `controlrepos`'s random control repositories (seed
`corpus`), each as `tests/fixtures/controlrepos/crN/` (its files, and `facts.json`: the
node's facts with its custom facts as the reference's Facter resolves them, from
`tests/differential/facter_resolve.rb`), and `tests/fixtures/controlrepos/cases.json`,
the programs (`src`: the main manifest's text; the env_dir, modulepath, node, fact file and
custom fact names), which `gen/areas/env_controlrepos.py` reads. Numbers given on the
command line are left out (programs the corpus should not keep: documented deviations).

    tests/corpus/gen/controlrepos_fixtures.py [COUNT] [-N...]   # then BUILD=1 regen.sh env_controlrepos
"""
import json
import os
import pathlib
import random
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent.parent
DIFF = ROOT / "tests" / "differential"
sys.path.insert(0, str(DIFF))
from areas import controlrepos  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "controlrepos"
MODULE_CACHE_MARK = "@MODULE_CACHE@"


def main():
    args = sys.argv[1:]
    count = int(next((a for a in args if not a.startswith("-")), "16"))
    skip = {int(a[1:]) for a in args if a.startswith("-")}
    rng = random.Random("controlrepos:corpus")
    shutil.rmtree(OUT, ignore_errors=True)
    cases = []
    for n in range(1, count + 1):
        p = controlrepos.program(rng)
        if n in skip:
            continue
        rel = f"tests/fixtures/controlrepos/cr{n}"
        for path, text in p["files"].items():
            f = ROOT / rel / path
            f.parent.mkdir(parents=True, exist_ok=True)
            f.write_text(text)
        mp = [f"{rel}/{d[4:]}" if d.startswith("env:") else MODULE_CACHE_MARK
              for d in p.get("modulepath", [])]
        dirs = [str(ROOT / d / m / "lib" / "facter")
                for d in (mp or [f"{rel}/modules"]) if d != MODULE_CACHE_MARK
                and (ROOT / d).is_dir() for m in sorted(os.listdir(ROOT / d))
                if (ROOT / d / m / "lib" / "facter").is_dir()]
        r = subprocess.run(["ruby", str(DIFF / "facter_resolve.rb")], capture_output=True,
                           text=True, check=True,
                           input=json.dumps({"dirs": dirs, "facts": p["facts"],
                                             "names": p["custom_facts"]}) + "\n")
        custom = json.loads(next(l for l in r.stdout.splitlines() if l.startswith("{")))
        (ROOT / rel / "facts.json").write_text(json.dumps(dict(p["facts"], **custom)) + "\n")
        case = {"src": p["src"], "env_dir": rel, "node": p["node"],
                "facts_file": f"{rel}/facts.json", "custom_facts": p["custom_facts"]}
        if mp:
            case["modulepath"] = mp
        cases.append(case)
    (OUT / "cases.json").write_text(json.dumps(cases, indent=1) + "\n")
    print(f"{len(cases)} control repositories in {OUT}")


if __name__ == "__main__":
    main()
