#!/usr/bin/env python3
"""Print expected/<area>.jsonl compactly for review: id, source, result, log."""
import json
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent.parent
for area in sys.argv[1:]:
    for line in open(HERE / "expected" / f"{area}.jsonl"):
        r = json.loads(line)
        res = r["value"] if "value" in r else "ERROR " + r["error"]
        log = [l for l in r.get("log", []) if not l.startswith("err: ")]
        print(f"{r.get('id')}: {r['src']!r}\n    => {res}" + (f"  LOG {log}" if log else ""))
