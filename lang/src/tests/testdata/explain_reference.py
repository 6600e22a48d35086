#!/usr/bin/env python3
"""Regenerates explain_reference.jsonl (run from this directory): for every `V =~ T` case of
explain.txt that does not match, the reference's rejection lines for `function f(T $p) {}
f(V)` and for `class c(T $p) {} class { c: p => V }` (its parameter errors), with the `!`
lines of explain.txt (type aliases) before them. Each line: {"input": "V =~ T", "expected":
[function's lines without the "parameter 'p' " prefix], "class": [the class's lines]}."""
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

programs, classes = [], []
for inp in inputs:
    value, typ = inp.split(" =~ ", 1)
    programs.append(" ".join(prelude) + f" function f({typ} $p) {{}} f({value})")
    classes.append(" ".join(prelude) + f" class c({typ} $p) {{}} class {{ c: p => {value} }}")


def ask(srcs):
    req = "".join(json.dumps({"src": p}) + "\n" for p in srcs)
    return subprocess.run(["/work/shared/tools/puppet-oracle", "--jsonl"], input=req,
                          capture_output=True, text=True, check=True).stdout.splitlines()


def function_lines(err):
    rejected = re.findall(r"\n  rejected: parameter 'p' (.*)", err)
    if not rejected:
        m = re.search(r"'f' parameter 'p' (.*)", err)
        rejected = [m.group(1)] if m else []
    return rejected


def class_lines(err):
    lines = re.findall(r"\n  parameter 'p' (.*)", err)
    if not lines:
        m = re.search(r"Class\[C\]: parameter 'p' (.*)", err)
        lines = [m.group(1)] if m else []
    return lines


with open("explain_reference.jsonl", "w") as f:
    for inp, fl, cl in zip(inputs, ask(programs), ask(classes)):
        err = json.loads(fl).get("error")
        if not err:
            continue  # a match: nothing to compare
        rejected = function_lines(err)
        if not rejected:
            continue  # another kind of error (the reference gives no detail)
        cerr = json.loads(cl).get("error") or ""
        f.write(json.dumps({"input": inp, "expected": rejected, "class": class_lines(cerr)}) + "\n")
