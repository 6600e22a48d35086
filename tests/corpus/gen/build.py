#!/usr/bin/env python3
"""Write programs/<area>.jsonl from gen/areas/<area>.py (each defines PROGRAMS, a list of sources).

Usage: gen/build.py [AREA...]   (default: every module in gen/areas/)
Ids are "<area>-<n>", numbered from 1 in list order.
"""
import importlib.util
import json
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
AREAS = HERE / "areas"
OUT = HERE.parent / "programs"


def areas():
    return sorted(p.stem for p in AREAS.glob("*.py"))


def load(area):
    spec = importlib.util.spec_from_file_location(area, AREAS / f"{area}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.PROGRAMS


def build(area):
    progs = load(area)
    seen = set()
    OUT.mkdir(exist_ok=True)
    with open(OUT / f"{area}.jsonl", "w") as f:
        n = 0
        for src in progs:
            if src in seen:
                print(f"{area}: duplicate program dropped: {src!r}", file=sys.stderr)
                continue
            seen.add(src)
            n += 1
            f.write(json.dumps({"id": f"{area}-{n}", "src": src}) + "\n")
    print(f"{area}: {n} programs")


if __name__ == "__main__":
    for a in sys.argv[1:] or areas():
        build(a)
