#!/usr/bin/env python3
"""Compiles real modules fetched from the public code index (see README.md) in prepl and in the
reference and compares the catalogs.

    tests/github_modules/run.py CASES.jsonl [--facts NAME,...] [--only SUBSTR]

CASES.jsonl: one case a line, `{"id": ..., "src": ...}` (a program: classes with parameters,
function calls). Each case is compiled for each fact set (facterdb's, made the node's as the
`facterdb` differential area does) against the modulepath GITHUB_MODULES (default
/work/cache/github/modulepath) followed by Debian's packaged modules (the dependencies: stdlib,
concat, archive, ...). The oracle's answers are kept in out/ (by program); prepl's comparison
(`diff-compare`) is printed per case, and the disagreements are written to
out/<cases>.disagreements.jsonl."""
import argparse
import json
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "differential"))
sys.path.insert(0, os.path.join(ROOT, "tests", "differential", "areas"))
import run as diffrun  # noqa: E402
import facterdb  # noqa: E402

MODULES = os.environ.get("GITHUB_MODULES", "/work/cache/github/modulepath")
# Modules of the stdlib 9 era (`stdlib::to_yaml`, `stdlib::deferrable_epp`, ...): compiled with
# this directory first, which holds them and a stdlib 9 (rubyweb13's, `stdlib` 9.9.9), so the
# other cases keep Debian's stdlib 8.5.
MODULES9 = os.environ.get("GITHUB_MODULES9", "/work/cache/github/modulepath9")
STDLIB9_MODULES = ("otelcol/", "quadlets/")
# Control repositories (a case's "env"): /work/cache/github/<env>/.
ENVS = os.environ.get("GITHUB_ENVS", "/work/cache/github")
FACT_SETS = ["4.2/debian-11-x86_64", "4.2/redhat-8-x86_64", "4.2/ubuntu-20.04-x86_64",
             "4.2/centos-7-x86_64"]
NODE = "web01.example.com"
# The modules whose cases call functions only, or declare defines that read no facts:
# compiled for the first two fact sets.
FUNCTION_MODULES = ("extlib/", "consul/", "nftables/", "nginx/", "elasticsearch/", "php/")


def facts(name, node=NODE):
    class One(random.Random):
        def choice(self, seq):
            return os.path.join(facterdb.FACTERDB, name + ".facts")
    return facterdb.facts_for(One(), node)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cases")
    ap.add_argument("--facts", default=",".join(FACT_SETS))
    ap.add_argument("--only", default="")
    a = ap.parse_args()
    with open(a.cases) as f:
        cases = [json.loads(l) for l in f if l.strip()]
    programs = []
    for c in cases:
        if a.only not in c["id"]:
            continue
        # (the functions' cases need few systems: the classes' run on each)
        sets = a.facts.split(",")
        for fs in (sets[:2] if c["id"].startswith(FUNCTION_MODULES) else sets):
            if not os.path.exists(os.path.join(facterdb.FACTERDB, fs + ".facts")):
                sys.exit(f"no fact set {fs}")
            p = {"id": f"{c['id']}@{fs}", "src": c["src"], "catalog": True,
                 "tags": True, "node": c.get("node", NODE), "facts": facts(fs, c.get("node", NODE)),
                 "modulepath": ([MODULES9] if c["id"].startswith(STDLIB9_MODULES) else [])
                 + [MODULES, facterdb.MODULES]}
            if "env" in c:
                # a control repository (its environment.conf, hiera.yaml, data/ and
                # manifests/site.pp), fetched into GITHUB_ENVS: its site-modules/ first
                env = os.path.join(ENVS, c["env"])
                p["env_dir"] = env
                p["modulepath"] = [os.path.join(env, "site-modules")] + p["modulepath"]
                p["key"] = c["env"]
            programs.append(p)
    name = os.path.splitext(os.path.basename(a.cases))[0]
    diffrun.OUT = os.path.join(HERE, "out")
    answers = diffrun.cached_oracle(name, "0", programs, 20)
    rows = diffrun.ask_prepl(programs, answers, first_line_errors=True)
    bad = []
    for p, ans in zip(programs, answers):
        r = rows[p["id"]]
        err = (ans.get("error") or "").split("\n")[0][:150]
        print(("ok   " if r["agree"] else "DIFF ") + p["id"] + ("  [ref error: " + err + "]" if err else ""))
        if not r["agree"]:
            bad.append(r)
    with open(os.path.join(diffrun.OUT, name + ".disagreements.jsonl"), "w") as f:
        for r in bad:
            f.write(json.dumps(r) + "\n")
    print(f"{len(programs) - len(bad)}/{len(programs)} agree")


if __name__ == "__main__":
    main()
