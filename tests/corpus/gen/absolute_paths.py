#!/usr/bin/env python3
"""Filter for the oracle: makes the relative `env_dir` and `modulepath` entries of program lines
(relative to the repository root, so that the corpus works in any clone) absolute, and replaces
`facts_file` (a YAML or JSON fact file) by its facts, with `clientcert` set to the node name as
`puppet apply` adds it (the reference's `$trusted['certname']` comes from that fact).

Usage: gen/absolute_paths.py < programs/AREA.jsonl | puppet-oracle --jsonl | gen/absolute_paths.py --relative

With `--relative` it filters the oracle's answers the other way: the repository root (with its
slash) is removed from every answer, so that paths in messages and values (`find_file`,
errors in module files) are relative to the repository root like the programs' paths, and the
module cache's directory is written `@MODULE_CACHE@` again; the harness does the same to
prepl's answers.
"""
import json
import os
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent.parent
# The module sweep's cache of Debian's modules (module_sweep/fetch.py), which a modulepath
# names `@MODULE_CACHE@` (its place differs between machines).
MODULE_CACHE_MARK = "@MODULE_CACHE@"
MODULE_CACHE = str(
    pathlib.Path(
        os.environ.get("PREPL_MODULE_CACHE")
        or pathlib.Path(os.environ.get("XDG_CACHE_HOME") or pathlib.Path.home() / ".cache")
        / "prepl"
        / "debian-modules"
    )
    / "modules"
)


def absolute(p):
    if p == MODULE_CACHE_MARK:
        return MODULE_CACHE
    path = pathlib.Path(p)
    return str(path if path.is_absolute() else ROOT / path)


def read_facts(path):
    text = pathlib.Path(absolute(path)).read_text()
    if path.endswith(".json"):
        return json.loads(text)
    import yaml

    return yaml.safe_load(text)


if sys.argv[1:] == ["--relative"]:
    prefix = str(ROOT) + "/"
    for line in sys.stdin:
        sys.stdout.write(line.replace(MODULE_CACHE + "/", MODULE_CACHE_MARK + "/").replace(prefix, ""))
    sys.exit(0)

for line in sys.stdin:
    case = json.loads(line)
    if "env_dir" in case:
        case["env_dir"] = absolute(case["env_dir"])
    if "modulepath" in case:
        case["modulepath"] = [absolute(p) for p in case["modulepath"]]
    if "facts_file" in case:
        facts = read_facts(case.pop("facts_file"))
        if "node" in case:
            facts["clientcert"] = case["node"]
        case["facts"] = facts
    sys.stdout.write(json.dumps(case) + "\n")
