#!/usr/bin/env python3
"""The module sweep's cases: every class of every module in the Debian module cache (fetch.py)
included alone (`include NAME`, id `FACTS/class-NAME`) and every define whose parameters all
have defaults declared once with the title 'x' (`NAME { 'x': }`, id `FACTS/define-NAME`), each
on each fact set of fact_sets.json: `debian` (tests/real_modules/facts-debian-12.json) and
`redhat` (tests/real_modules/facts-redhat-7.json, CentOS 7 from facterdb, facter 3.14).

Writes cases.jsonl, one case a line: id, module, src. The rest is the same for every case and
given by `program()` (regen.py and tests/module_sweep.rs): the fact set from the id's first
part, node foo.example.com, modulepath the cache's modules/ directory.

    tests/module_sweep/cases.py [MODULES_DIR]
"""
import json
import pathlib
import re
import sys

import os

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from fetch import cache_dir  # noqa: E402

# The sweep's data: cases.jsonl, fact_sets.json, expected.jsonl.xz, known_failures.txt. Another
# directory with its own fact_sets.json runs the same sweep on other systems (README, "Other
# fact sets").
DATA = pathlib.Path(os.environ.get("MODULE_SWEEP_DIR") or HERE).resolve()
# Fact set name (the first part of a case's id) -> facts file (relative to the repository root
# or absolute).
FACT_SETS = json.loads((DATA / "fact_sets.json").read_text())
NODE = "foo.example.com"


def split_params(text):
    """The parameters of a parameter list's text, split on top-level commas."""
    params, depth, cur, quote = [], 0, "", None
    for ch in text:
        if quote:
            cur += ch
            if ch == quote:
                quote = None
            continue
        if ch in "'\"":
            quote = ch
        depth += ch in "([{"
        depth -= ch in ")]}"
        if ch == "," and depth == 0:
            params.append(cur)
            cur = ""
        else:
            cur += ch
    params.append(cur)
    return [p for p in params if p.strip()]


def definitions(modules):
    """(module, kind, name) of every class and define of every module under `modules`, the
    defines only when all their parameters have defaults."""
    out = []
    for mod in sorted(p for p in modules.iterdir() if (p / "manifests").is_dir()):
        for path in sorted((mod / "manifests").rglob("*.pp")):
            text = path.read_text(errors="replace")
            nocomment = re.sub(r"(?m)^\s*#.*$", "", text)
            for m in re.finditer(r"^class\s+([a-z][a-z0-9_:]*)", nocomment, re.M):
                out.append((mod.name, "class", m.group(1)))
            for m in re.finditer(r"^define\s+([a-z][a-z0-9_:]*)\s*(\(|\{)", nocomment, re.M):
                name = m.group(1)
                if m.group(2) == "{":
                    out.append((mod.name, "define", name))
                    continue
                # The parameter list, up to its closing parenthesis.
                depth, i = 1, m.end()
                while i < len(nocomment) and depth:
                    depth += nocomment[i] == "("
                    depth -= nocomment[i] == ")"
                    i += 1
                params = split_params(re.sub(r"#[^\n]*", "", nocomment[m.end():i - 1]))
                if all("=" in p.replace("=>", "") for p in params):
                    out.append((mod.name, "define", name))
    return out


def program(case, modules):
    """The oracle's program line of a case of cases.jsonl (facts as a `facts_file`; a case's
    `env_dir`, relative to the repository root, as an absolute path)."""
    line = {"id": case["id"], "src": case["src"], "modulepath": [str(modules)], "node": NODE,
            "facts_file": FACT_SETS[case["id"].split("/")[0]], "catalog": True}
    if case.get("env_dir"):
        line["env_dir"] = str(HERE.parent.parent / case["env_dir"])
    return line


def main():
    modules = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else cache_dir() / "modules"
    if not modules.is_dir():
        sys.exit(f"no module cache at {modules}: run tests/module_sweep/fetch.py")
    defs = definitions(modules)
    seen = set()
    lines = []
    for facts, facts_file in FACT_SETS.items():
        for module, kind, name in defs:
            case_id = f"{facts}/{kind}-{name}"
            if case_id in seen:
                continue
            seen.add(case_id)
            src = f"include {name}" if kind == "class" else f"{name} {{ 'x': }}"
            lines.append({"id": case_id, "module": module, "src": src})
    with open(DATA / "cases.jsonl", "w") as f:
        for line in lines:
            f.write(json.dumps(line) + "\n")
    print(f"{len(lines)} cases ({len(lines) // len(FACT_SETS)} a fact set)")


if __name__ == "__main__":
    main()
