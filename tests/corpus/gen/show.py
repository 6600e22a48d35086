#!/usr/bin/env python3
"""Print expected/<area>.jsonl compactly for review: id, source, result, log, and for catalog
areas the catalog (the three resources every catalog starts with, Stage[main],
Class[Settings] and Class[main], and their two edges are not shown)."""
import json
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent.parent
BOILERPLATE = [
    {"type": "Stage", "title": "main", "parameters": {"name": "main"}, "tags": ["stage"]},
    {"type": "Class", "title": "Settings", "tags": ["class", "settings"]},
    {"type": "Class", "title": "main", "parameters": {"name": "main"}, "tags": ["class"]},
]
BOILER_EDGES = ["Stage[main] -> Class[Settings]", "Stage[main] -> Class[main]"]


def resource(res):
    head = ("@@" if res.get("exported") else "") + f"{res['type']}[{res['title']}]"
    params = res.get("parameters")
    if params:
        head += " " + json.dumps(params)
    if "tags" in res:
        head += "  tags " + ",".join(res["tags"])
    return head


for area in sys.argv[1:]:
    # The oracle does not copy a program's node name and facts to its answer.
    setup = {}
    for line in open(HERE / "programs" / f"{area}.jsonl"):
        p = json.loads(line)
        setup[p["id"]] = {k: p[k] for k in ("node", "facts") if k in p}
    for line in open(HERE / "expected" / f"{area}.jsonl"):
        r = json.loads(line)
        r = {**setup.get(r.get("id"), {}), **r}
        res = r["value"] if "value" in r else ""
        if "error" in r:
            res = (res + "  " if res else "") + "ERROR " + r["error"]
        log = [l for l in r.get("log", []) if not l.startswith("err: ")]
        extra = ""
        if "node" in r or "facts" in r:
            extra = f"  [node {r.get('node')}, facts {r.get('facts')}]"
        print(f"{r.get('id')}: {r['src']!r}{extra}\n    => {res}" + (f"  LOG {log}" if log else ""))
        if "resources" in r:
            for x in r["resources"]:
                if x in BOILERPLATE or {**x, "tags": None} in [{**b, "tags": None} for b in BOILERPLATE]:
                    continue
                print("       " + resource(x))
            for e in r.get("edges", []):
                if e not in BOILER_EDGES:
                    print("       edge " + e)
