#!/usr/bin/env python3
"""Differential testing of prepl against the reference implementation.

    tests/differential/run.py AREA [AREA...] [--programs N] [--seed S] [--batch B]

For each area (a generator in `areas/<area>.py`), generates N random programs from the seed
(reproducible: the same seed gives the same programs), asks the oracle for all of them in
batches of B (`puppet-oracle --jsonl`, one Ruby start per batch), runs them through prepl
(`diff-compare`, a fresh session per program, as the corpus harness does), and compares.

A program is a list of checks (`[c1, c2, ...]`, each an expression). A program that disagrees
is split into its checks, which are asked again one by one, so that the disagreement is
pinned to checks. Disagreeing checks are classified by the area's `deviation()` (documented
deviations, see docs/deviations.md) and written to `out/<area>-<seed>.disagreements.jsonl`;
the agreement per area (programs and checks, with and without documented deviations) is
printed and appended to `out/results.jsonl`.

Environment: ORACLE (default /work/shared/tools/puppet-oracle, or ../shared/tools/ from the
repository root), DIFF_COMPARE (the compare binary; default: built with cargo --release),
FRESH_ORACLE=1 (ask the oracle again rather than reuse the answers kept in `out/`).
"""
import argparse
import importlib
import json
import os
import random
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.join(HERE, "out")
sys.path.insert(0, HERE)


def oracle_path():
    if os.environ.get("ORACLE"):
        return os.environ["ORACLE"]
    for p in (os.path.join(ROOT, "..", "shared", "tools", "puppet-oracle"),
              "/work/shared/tools/puppet-oracle"):
        if os.path.exists(p):
            return os.path.abspath(p)
    sys.exit("run.py: no oracle (set ORACLE)")


def compare_binary():
    if os.environ.get("DIFF_COMPARE"):
        return os.environ["DIFF_COMPARE"]
    subprocess.run(["cargo", "build", "-q", "--release", "-p", "prepl-tests", "--bin",
                    "diff-compare"], cwd=ROOT, check=True)
    return os.path.join(ROOT, "target", "release", "diff-compare")


def oracle_env():
    """The oracle's environment: each program of a batch answered as in a fresh process
    (the corpus's `fresh_case.rb`: warnings the reference gives once per process)."""
    fresh = os.path.join(ROOT, "tests", "corpus", "gen", "fresh_case.rb")
    env = dict(os.environ)
    env["RUBYOPT"] = f"-r{fresh} " + env.get("RUBYOPT", "")
    return env


def write_jsonl(path, rows):
    with open(path, "w") as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")


def ask_oracle(programs, batch):
    """The oracle's answers for `programs` ([{id, src}]), in batches."""
    answers = []
    for start in range(0, len(programs), batch):
        chunk = programs[start:start + batch]
        answers.extend(ask_oracle_chunk(chunk))
        print(f"  oracle: {start + len(chunk)}/{len(programs)}", file=sys.stderr, flush=True)
    return answers


def ask_oracle_chunk(chunk):
    """One oracle run for `chunk`; a run that takes too long (a program the reference
    never finishes) is split in halves, down to the program, whose answer is then the
    error `oracle timeout`."""
    text = "".join(json.dumps(p) + "\n" for p in chunk)
    limit = 30 + 3 * len(chunk)
    try:
        r = subprocess.run([oracle_path(), "--jsonl"], input=text, capture_output=True,
                           text=True, env=oracle_env(), timeout=limit)
    except subprocess.TimeoutExpired:
        if len(chunk) == 1:
            return [{"src": chunk[0]["src"], "id": chunk[0]["id"], "error": "oracle timeout"}]
        half = len(chunk) // 2
        return ask_oracle_chunk(chunk[:half]) + ask_oracle_chunk(chunk[half:])
    lines = [l for l in r.stdout.splitlines() if l.strip()]
    if len(lines) != len(chunk):
        sys.exit(f"oracle returned {len(lines)} lines for {len(chunk)} programs:\n"
                 + r.stderr[-2000:])
    return [json.loads(l) for l in lines]


def cached_oracle(area, seed, programs, batch):
    """The oracle's answers for `programs`, kept in `out/<area>-<seed>.oracle.jsonl`: a later
    run of the same area and seed (after a fix in prepl, or with more programs, whose first
    ones are the same) asks the oracle only for the programs it has no answer for. Set
    FRESH_ORACLE=1 to ask again."""
    path = os.path.join(OUT, f"{area}-{seed}.oracle.jsonl")
    known = []
    if os.path.exists(path) and not os.environ.get("FRESH_ORACLE"):
        with open(path) as f:
            known = [json.loads(l) for l in f if l.strip()]
    reused = 0
    # (a program with an environment is known by its `key` too: the same source may come
    # with other files)
    while (reused < min(len(known), len(programs))
           and known[reused]["src"] == programs[reused]["src"]
           and known[reused].get("key") == programs[reused].get("key")):
        reused += 1
    if reused:
        print(f"  oracle: {reused} answers from {path}", file=sys.stderr)
    answers = [r["answer"] for r in known[:reused]]
    if reused < len(programs):
        answers += ask_oracle(programs[reused:], batch)
        if reused == len(known) or len(programs) >= len(known):
            os.makedirs(OUT, exist_ok=True)
            write_jsonl(path, [dict({"src": p["src"], "answer": a},
                                    **({"key": p["key"]} if "key" in p else {}))
                               for p, a in zip(programs, answers)])
    return answers


def cached_singles(path, singles, batch):
    """The oracle's answers for single checks, kept by source (and `key`, for a program
    with an environment) in `path`: only the checks not yet asked are asked."""
    k = lambda r: (r["src"], r.get("key"))
    known = {}
    if os.path.exists(path) and not os.environ.get("FRESH_ORACLE"):
        with open(path) as f:
            known = {k(r): r["answer"] for r in map(json.loads, f) if r}
    missing = [s for s in singles if k(s) not in known]
    if missing:
        for s, a in zip(missing, ask_oracle(missing, batch)):
            known[k(s)] = a
        os.makedirs(OUT, exist_ok=True)
        write_jsonl(path, [dict({"src": src, "answer": a}, **({"key": key} if key else {}))
                           for (src, key), a in known.items()])
    return [dict(known[k(s)], id=s["id"]) for s in singles]


def ask_prepl(programs, answers, first_line_errors=False):
    """prepl's comparison of each program with the oracle's answer: {id: row}."""
    with tempfile.TemporaryDirectory() as tmp:
        p, e = os.path.join(tmp, "programs.jsonl"), os.path.join(tmp, "expected.jsonl")
        write_jsonl(p, programs)
        write_jsonl(e, answers)
        flags = ["--first-line-errors"] if first_line_errors else []
        r = subprocess.run([compare_binary(), *flags, p, e], capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit("diff-compare failed:\n" + r.stderr[-3000:])
        rows = [json.loads(l) for l in r.stdout.splitlines() if l.strip()]
    return {row["id"]: row for row in rows}


def split_array(text):
    """The top-level elements of an array in `%p` form (`[a, [b, c], 'd, e']`), or None."""
    if not (text.startswith("[") and text.endswith("]")):
        return None
    out, depth, cur, i, body = [], 0, [], 0, text[1:-1]
    prev = ","
    while i < len(body):
        c = body[i]
        if c in "'\"" or (c == "/" and prev in ",[({ "):
            j = i + 1
            while j < len(body) and body[j] != c:
                j += 2 if body[j] == "\\" else 1
            cur.append(body[i:j + 1])
            i, prev = j + 1, c
            continue
        if c in "[{(":
            depth += 1
        elif c in "]})":
            depth -= 1
        if c == "," and depth == 0:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(c)
        if c != " ":
            prev = c
        elif prev == ",":
            prev = " "
        i += 1
    if body.strip():
        out.append("".join(cur).strip())
    return out


def pin_without_oracle(checks, row):
    """Per-check (expected, got) values when both sides gave a value with one element per
    check and no log: the array's elements. None when the program must be split and asked
    again."""
    e, g = row["expected"], row["got"]
    if len(checks) == 1 or e.get("error") or g.get("error") or e.get("log") or g.get("log"):
        return None
    es, gs = split_array(e.get("value") or ""), split_array(g.get("value") or "")
    if es is None or gs is None or len(es) != len(checks) or len(gs) != len(checks):
        return None
    return list(zip(es, gs))


def program_source(checks):
    if len(checks) == 1:
        return checks[0]
    return "[\n" + ",\n".join(checks) + ",\n]"


def cause(d):
    """A disagreement's group: the kind of difference with the specifics (titles, numbers,
    quoted words) masked, so that disagreements of one cause group together."""
    import re
    e, g = d["expected"], d["got"]
    mask = lambda s: re.sub(r"'[^']*'|\[[^\]]*\]|\d+", "_", s or "")[:120]
    first = lambda s: (s or "").split("\n")[0]
    if e.get("error") and not g.get("error"):
        return "reference fails: " + mask(first(e["error"]))
    if g.get("error") and not e.get("error"):
        return "prepl fails: " + mask(first(g["error"]))
    if e.get("error"):
        return "other error: " + mask(first(e["error"])) + " / " + mask(first(g["error"]))
    if e.get("log") != g.get("log"):
        return "log"
    if e.get("value") != g.get("value"):
        return "value"
    diff = (g.get("catalog_diff") or "").splitlines()
    changed = [l for l in diff if l[:1] in "+-"]
    return "catalog: " + mask(changed[0] if changed else "?")


def write_env(pid, files):
    """Writes an environment directory for program `pid` (`files`: relative path -> text)
    under out/envs/, afresh; its absolute path."""
    import shutil
    root = os.path.join(OUT, "envs", pid)
    shutil.rmtree(root, ignore_errors=True)
    for rel, text in files.items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
    return root


def with_custom_facts(programs):
    """The programs with their custom facts: a program naming `custom_facts` (the facts of
    its environment's modules, `lib/facter/*.rb`) has them resolved by the reference's
    Facter over its facts (`facter_resolve.rb`: Puppet::Pal runs no Facter) and added to
    them, as the oracle gets them; prepl takes them out and resolves them itself from the
    modules' source (the case's `custom_facts`, which the oracle ignores)."""
    asks = [p for p in programs if p.get("custom_facts")]
    if not asks:
        return programs
    lines = []
    for p in asks:
        mp = p.get("modulepath") or [os.path.join(p["env_dir"], "modules")]
        # (the environment's own modules: those of the modulepath's other directories are
        # not the program's)
        env = p["env_dir"].rstrip("/") + "/"
        dirs = [os.path.join(d, m, "lib", "facter") for d in mp if (d + "/").startswith(env)
                and os.path.isdir(d) for m in sorted(os.listdir(d))
                if os.path.isdir(os.path.join(d, m, "lib", "facter"))]
        lines.append(json.dumps({"dirs": dirs, "facts": p.get("facts") or {},
                                 "names": p["custom_facts"]}))
    r = subprocess.run(["ruby", os.path.join(HERE, "facter_resolve.rb")],
                       input="\n".join(lines) + "\n", capture_output=True, text=True)
    # (Facter's logger writes its errors to the standard output too)
    values = [json.loads(l) for l in r.stdout.splitlines() if l.startswith("{")]
    if len(values) != len(asks):
        sys.exit("facter_resolve.rb failed:\n" + r.stderr[-2000:])
    resolved = {id(p): v for p, v in zip(asks, values)}
    out = []
    for p in programs:
        if id(p) in resolved:
            p = dict(p, facts=dict(p.get("facts") or {}, **resolved[id(p)]))
        out.append(p)
    return out


def run_catalog_area(area, mod, count, seed, batch):
    """A catalog area: each program is one whole catalog program, compiled by both; the
    value, log, first line of an error and the catalog are compared."""
    rng = random.Random(f"{area}:{seed}")
    programs = []
    for n in range(count):
        pid = f"{area}-{seed}-{n + 1}"
        p = mod.program(rng)
        # A program is its source, or a dict: the source with the case's `facts` and `node`,
        # and the `files` of its environment directory (written under out/envs/).
        p = p if isinstance(p, dict) else {"src": p}
        case = {"id": pid, "src": p["src"], "catalog": True, "tags": True}
        case.update({k: v for k, v in p.items() if k in ("facts", "node", "custom_facts")})
        if "files" in p:
            case["env_dir"] = write_env(pid, p["files"])
            # (what the oracle's answers kept in out/ are for: the source alone does not
            # tell the environment)
            import hashlib
            case["key"] = hashlib.sha1(json.dumps(
                [p["files"], p.get("facts"), p.get("modulepath")], sort_keys=True)
                .encode()).hexdigest()
        if "modulepath" in p:
            # (`env:DIR`: a directory of the program's environment)
            case["modulepath"] = [os.path.join(case["env_dir"], d[4:]) if d.startswith("env:")
                                  else d for d in p["modulepath"]]
        programs.append(case)
    t0 = time.time()
    programs = with_custom_facts(programs)
    answers = cached_oracle(area, seed, programs, batch)
    t_oracle = time.time() - t0
    # prepl's answers name the files of an environment relative to the repository root
    # (tests/lib.rs, as the corpus's expected answers do): so do the reference's here.
    root = ROOT + "/"
    answers = [json.loads(json.dumps(a).replace(json.dumps(root)[1:-1], ""))
               if "env_dir" in p else a for p, a in zip(programs, answers)]
    rows = ask_prepl(programs, answers, first_line_errors=True)
    # The reference is not always stable from one batch to the next (a class's tags, seen
    # once in a long batch): a disagreeing program is asked again, alone; when the answer
    # changes, the program counts as unstable in the reference, not as a disagreement.
    bad = [p for p in programs if not rows[p["id"]]["agree"]]
    unstable = set()
    if bad:
        again = cached_singles(os.path.join(OUT, f"{area}-{seed}.again.jsonl"), bad, batch)
        by_id = {p["id"]: a for p, a in zip(programs, answers)}
        for p, a in zip(bad, again):
            first = dict(by_id[p["id"]], id=p["id"])
            if json.dumps(first, sort_keys=True) != json.dumps(a, sort_keys=True):
                unstable.add(p["id"])
    disagreements = []
    for p in programs:
        row = rows[p["id"]]
        if row["agree"]:
            continue
        d = {"id": p["id"], "src": p["src"], "expected": row["expected"], "got": row["got"]}
        d["deviation"] = mod.deviation(d) if hasattr(mod, "deviation") else None
        if p["id"] in unstable and not d["deviation"]:
            d["deviation"] = "the reference answers differently when asked again"
        d["cause"] = cause(d)
        disagreements.append(d)
    undocumented = [d for d in disagreements if not d["deviation"]]
    errors = sum(1 for a in answers if a.get("error"))
    result = {
        "area": area, "seed": seed, "programs": count,
        "programs_agree": count - len(disagreements),
        "programs_agree_excluding_deviations": count - len(undocumented),
        "reference_errors": errors, "oracle_seconds": round(t_oracle, 1),
    }
    os.makedirs(OUT, exist_ok=True)
    write_jsonl(os.path.join(OUT, f"{area}-{seed}.disagreements.jsonl"), disagreements)
    with open(os.path.join(OUT, "results.jsonl"), "a") as f:
        f.write(json.dumps(result) + "\n")
    groups = {}
    for d in undocumented:
        groups.setdefault(d["cause"], []).append(d)
    print(f"{area} (seed {seed}): {count} programs ({errors} fail in the reference); "
          f"{result['programs_agree']} agree "
          f"({100.0 * result['programs_agree'] / count:.2f}%), "
          f"{100.0 * result['programs_agree_excluding_deviations'] / count:.2f}% excluding "
          f"documented deviations; oracle {t_oracle:.0f}s")
    for c, ds in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        print(f"  {len(ds):4}  {c}   (e.g. {ds[0]['id']})")
    return result


def run_area(area, count, seed, batch, checks_per_program):
    mod = importlib.import_module(f"areas.{area}")
    if getattr(mod, "CATALOG", False):
        return run_catalog_area(area, mod, count, seed, batch)
    rng = random.Random(f"{area}:{seed}")
    k = checks_per_program or getattr(mod, "CHECKS_PER_PROGRAM", 8)
    programs, checks, reasons = [], {}, {}
    for n in range(count):
        cs = []
        for _ in range(k):
            c = mod.check(rng)
            # A check is a source, or (source, reason): the documented deviation a
            # disagreement on it would be (the generator knows the value's shape).
            src, reason = c if isinstance(c, tuple) else (c, None)
            cs.append(src)
            reasons[src] = reason
        pid = f"{area}-{seed}-{n + 1}"
        checks[pid] = cs
        programs.append({"id": pid, "src": program_source(cs)})
    t0 = time.time()
    answers = cached_oracle(area, seed, programs, batch)
    t_oracle = time.time() - t0
    # (an area may compare errors by their first line, as the catalog areas do)
    first_line = getattr(mod, "FIRST_LINE_ERRORS", False)
    rows = ask_prepl(programs, answers, first_line)
    bad = [p for p in programs if not rows[p["id"]]["agree"]]
    # Pin each disagreeing program to its checks: from the elements of the array both sides
    # printed when possible, otherwise by asking again for each check alone.
    singles, pinned_rows = [], []
    for p in bad:
        pairs = pin_without_oracle(checks[p["id"]], rows[p["id"]])
        for i, c in enumerate(checks[p["id"]]):
            sid = f"{p['id']}.{i + 1}"
            if pairs is None:
                singles.append({"id": sid, "src": c})
            elif pairs[i][0] != pairs[i][1]:
                pinned_rows.append(({"id": sid, "src": c}, {
                    "agree": False, "expected": {"value": pairs[i][0]},
                    "got": {"value": pairs[i][1]}}))
    single_rows = {}
    if singles:
        single_answers = cached_singles(os.path.join(OUT, f"{area}-{seed}.singles.jsonl"),
                                        singles, batch)
        single_rows = ask_prepl(singles, single_answers, first_line)
    disagreements = []
    for s, row in pinned_rows + [(s, single_rows[s["id"]]) for s in singles]:
        if row["agree"]:
            continue
        reason = reasons.get(s["src"])
        if not reason and hasattr(mod, "deviation"):
            reason = mod.deviation(s["src"], row["expected"], row["got"])
        disagreements.append({"id": s["id"], "src": s["src"], "expected": row["expected"],
                              "got": row["got"], "deviation": reason})
    total_checks = count * k
    undocumented = [d for d in disagreements if not d["deviation"]]
    # A program agrees when all its checks do, or when its only disagreements are documented.
    bad_programs = {d["id"].rsplit(".", 1)[0] for d in undocumented}
    # Programs that disagree as a whole but whose checks all agree alone: count them too.
    pinned = {d["id"].rsplit(".", 1)[0] for d in disagreements}
    unpinned = [p["id"] for p in bad if p["id"] not in pinned]
    bad_programs |= set(unpinned)
    result = {
        "area": area, "seed": seed, "programs": count, "checks": total_checks,
        "programs_agree": count - len(bad),
        "programs_agree_excluding_deviations": count - len(bad_programs),
        "checks_disagree": len(disagreements),
        "checks_disagree_undocumented": len(undocumented),
        "unpinned_programs": unpinned,
        "oracle_seconds": round(t_oracle, 1),
    }
    os.makedirs(OUT, exist_ok=True)
    write_jsonl(os.path.join(OUT, f"{area}-{seed}.disagreements.jsonl"), disagreements)
    with open(os.path.join(OUT, "results.jsonl"), "a") as f:
        f.write(json.dumps(result) + "\n")
    pct = 100.0 * result["programs_agree_excluding_deviations"] / count
    print(f"{area} (seed {seed}): {count} programs of {k} checks; "
          f"{result['programs_agree']} agree ({100.0 * result['programs_agree'] / count:.2f}%), "
          f"{pct:.2f}% excluding documented deviations; "
          f"{len(disagreements)} checks disagree ({len(undocumented)} undocumented); "
          f"oracle {t_oracle:.0f}s")
    for d in undocumented[:40]:
        exp = d["expected"].get("value") or "error: " + str(d["expected"].get("error"))
        got = d["got"].get("value") or "error: " + str(d["got"].get("error"))
        print(f"  {d['src']}\n    reference: {exp}\n    prepl:     {got}")
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("areas", nargs="+")
    ap.add_argument("--programs", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--batch", type=int, default=2000)
    ap.add_argument("--checks", type=int, default=0, help="checks per program (area default)")
    args = ap.parse_args()
    for area in args.areas:
        run_area(area, args.programs, args.seed, args.batch, args.checks)


if __name__ == "__main__":
    main()
