#!/usr/bin/env python3
"""Regenerates explain_reference.jsonl (run from this directory): for every `V =~ T` case of
explain.txt that does not match, the reference's rejection lines for `function f(T $p) {}
f(V)` (its parameter error), with the `!` lines of explain.txt (type aliases) before it.
Each line: {"input": "V =~ T", "expected": [lines without the "parameter 'p' " prefix]}."""
import json
import re
import subprocess

prelude, inputs = [], []
for line in open("explain.txt"):
    line = line.rstrip("\n")
    if line.startswith("! "):
        prelude.append(line[2:])
    elif line.startswith(">>> ") and " =~ " in line:
        inputs.append(line[4:])

programs = []
for inp in inputs:
    value, typ = inp.split(" =~ ", 1)
    programs.append(" ".join(prelude) + f" function f({typ} $p) {{}} f({value})")
req = "".join(json.dumps({"src": p}) + "\n" for p in programs)
out = subprocess.run(["/work/shared/tools/puppet-oracle", "--jsonl"], input=req,
                     capture_output=True, text=True, check=True).stdout
with open("explain_reference.jsonl", "w") as f:
    for inp, line in zip(inputs, out.splitlines()):
        j = json.loads(line)
        err = j.get("error")
        if not err:
            continue  # a match: nothing to compare
        rejected = re.findall(r"\n  rejected: parameter 'p' (.*)", err)
        if not rejected:
            m = re.search(r"'f' parameter 'p' (.*)", err)
            if not m:
                continue  # another kind of error (the reference gives no detail)
            rejected = [m.group(1)]
        f.write(json.dumps({"input": inp, "expected": rejected}) + "\n")
