#!/usr/bin/env python3
"""Write programs/<area>.jsonl from gen/areas/<area>.py (each defines PROGRAMS, a list of sources).

Usage: gen/build.py [AREA...]   (default: every module in gen/areas/)
Ids are "<area>-<n>", numbered from 1 in list order.

A generator that sets `COMPILE_CATALOG = True` (the catalog_* areas) asks the oracle for the compiled
catalog too: its lines carry `"catalog": true, "tags": true`. An entry of PROGRAMS is either a
source string or a dict `{"src": ..., "node": "name", "facts": {...}}` for a program compiled
for another node name (the default is the oracle's, `oracle.example.com`) or with facts.
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
    return mod


def entry(prog):
    """A program as the fields of its line (without the id)."""
    if isinstance(prog, str):
        return {"src": prog}
    unknown = set(prog) - {"src", "node", "facts"}
    if unknown:
        raise SystemExit(f"unknown program fields {sorted(unknown)} in {prog!r}")
    return dict(prog)


def build(area):
    mod = load(area)
    catalog = getattr(mod, "COMPILE_CATALOG", False) is True
    seen = set()
    OUT.mkdir(exist_ok=True)
    with open(OUT / f"{area}.jsonl", "w") as f:
        n = 0
        for prog in mod.PROGRAMS:
            fields = entry(prog)
            key = json.dumps(fields, sort_keys=True)
            if key in seen:
                print(f"{area}: duplicate program dropped: {prog!r}", file=sys.stderr)
                continue
            seen.add(key)
            n += 1
            line = {"id": f"{area}-{n}", **fields}
            if catalog:
                line["catalog"] = True
                line["tags"] = True
            f.write(json.dumps(line) + "\n")
    print(f"{area}: {n} programs")


if __name__ == "__main__":
    for a in sys.argv[1:] or areas():
        build(a)
