#!/usr/bin/env python3
"""Regenerates the oracle test data of the type system tests (run from this directory).

Programs: every `A <= B` over the types in types.txt, `V =~ T` for match_values.txt x
types.txt, `type(V)` in three fidelities for values.txt, and each type's display. The
answers come from the reference (`puppet-oracle --jsonl`) and are split by kind into
assignable/equal/instance/infer/display/create.jsonl. Other hand-written batches (creation
errors, mismatch descriptions) were appended the same way; mismatch.jsonl holds
{"type", "value", "expected": [descriptions]} built from `function f(T $x) {} f(V)` errors.
"""
import json
import subprocess

types = [l.strip() for l in open("types.txt") if l.strip()]
values = [l.strip() for l in open("values.txt") if l.strip()]
match_values = [l.strip() for l in open("match_values.txt") if l.strip()]

programs = list(types)
programs += [f"type({v}{m})" for v in values for m in ["", ", 'reduced'", ", 'generalized'"]]
programs += [f"{a} <= {b}" for a in types for b in types]
programs += [f"{v} =~ {t}" for v in match_values for t in types]

inp = "".join(json.dumps({"src": p}) + "\n" for p in programs)
out = subprocess.run(["/work/shared/tools/puppet-oracle", "--jsonl"], input=inp, capture_output=True, text=True).stdout

files = {k: open(k + ".jsonl", "a") for k in ["display", "infer", "assignable", "equal", "instance", "create"]}
for line in out.splitlines():
    j = json.loads(line)
    s = j["src"]
    rec = {"src": s}
    if "value" in j:
        rec["value"] = j["value"]
    else:
        rec["error"] = j.get("error", "")
    if s.startswith("type("):
        k = "infer"
    elif " <= " in s or any(op in s for op in [" < ", " > ", " >= ", " != "]):
        k = "assignable"
    elif " == " in s:
        k = "equal"
    elif " =~ " in s:
        k = "instance"
    elif "error" in rec:
        k = "create"
    else:
        k = "display"
    files[k].write(json.dumps(rec) + "\n")
