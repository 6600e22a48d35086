#!/usr/bin/env python3
"""Write programs/<area>.jsonl from gen/areas/<area>.py (each defines PROGRAMS, a list of sources).

Usage: gen/build.py [AREA...]   (default: every module in gen/areas/)
Ids are "<area>-<n>", numbered from 1 in list order.

A generator that sets `COMPILE_CATALOG = True` (the catalog_* areas) asks the oracle for the compiled
catalog too: its lines carry `"catalog": true, "tags": true`. An entry of PROGRAMS is either a
source string or a dict `{"src": ..., "node": "name", "facts": {...}}` for a program compiled
for another node name (the default is the oracle's, `oracle.example.com`) or with facts.

The environment areas (`env_*`) compile in an environment directory. A generator may set, for
all its programs, `ENV_DIR` (an environment directory, relative to the repository root, e.g.
`tests/fixtures/control-repo/production`), `MODULEPATH` (a list of directories, relative to the
repository root or absolute), `FACTS_FILE` (a YAML or JSON fact file, relative to the repository
root) and `NODE`; a dict entry may override each of them (`"env_dir"`, `"modulepath"`,
`"facts_file"`, `"node"`, or `"facts"` for facts given inline; `"custom_facts"`, the names
of facts of the environment's modules the facts hold as the reference's Facter resolved
them, which prepl takes out and resolves itself: see `Case::custom_facts` in tests/lib.rs). Paths stay relative in
programs/*.jsonl; `regen.sh` gives the oracle absolute ones and the fact file's facts inline
(gen/absolute_paths.py), with `clientcert` set to the node name as `puppet apply` adds it (the
reference takes `$trusted['certname']` from that fact); the harness does the same.
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




def entry(prog, mod=None):
    """A program as the fields of its line (without the id), with the generator's defaults
    (`ENV_DIR`, `MODULEPATH`, `FACTS_FILE`, `NODE`) applied."""
    fields = {"src": prog} if isinstance(prog, str) else dict(prog)
    unknown = set(fields) - {"src", "node", "facts", "env_dir", "modulepath", "facts_file",
                             "custom_facts"}
    if unknown:
        raise SystemExit(f"unknown program fields {sorted(unknown)} in {prog!r}")
    defaults = {
        "env_dir": getattr(mod, "ENV_DIR", None),
        "modulepath": getattr(mod, "MODULEPATH", None),
        "facts_file": getattr(mod, "FACTS_FILE", None),
        "node": getattr(mod, "NODE", None),
    }
    for k, v in defaults.items():
        if v is not None and k not in fields and not (k == "facts_file" and "facts" in fields):
            fields[k] = v
    order = ["src", "env_dir", "modulepath", "node", "facts_file", "facts", "custom_facts"]
    return {k: fields[k] for k in order if k in fields and fields[k] is not None}


def build(area):
    mod = load(area)
    catalog = getattr(mod, "COMPILE_CATALOG", False) is True
    seen = set()
    OUT.mkdir(exist_ok=True)
    with open(OUT / f"{area}.jsonl", "w") as f:
        n = 0
        for prog in mod.PROGRAMS:
            fields = entry(prog, mod)
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
