#!/usr/bin/env python3
"""Check that the ERB areas quote their templates as intended: for every multi-line template
given to `it`/`nt` (gen/erb_helpers.py), a program comparing the heredoc form with the
single-quoted form. Run the programs through the oracle; every value must be `true`:

    gen/erb_quoting_check.py erb_syntax erb_ruby | puppet-oracle --jsonl | grep -v '"value":"true"'
"""
import importlib.util
import json
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import erb_helpers as h  # noqa: E402

seen = []
_it = h.it


def record(tpl, pre=""):
    seen.append(tpl)
    return _it(tpl, pre)


h.it = record
h.nt = record
for area in sys.argv[1:] or sorted(p.stem for p in (HERE / "areas").glob("erb_*.py")):
    spec = importlib.util.spec_from_file_location(area, HERE / "areas" / f"{area}.py")
    spec.loader.exec_module(importlib.util.module_from_spec(spec))
n = 0
for tpl in seen:
    if "\n" in tpl:
        tag, body = h.heredoc(tpl)
        n += 1
        print(json.dumps({"id": f"quoting-{n}", "src": f"$a = {tag}\n{body}\n$a == {h.q(tpl)}"}))
