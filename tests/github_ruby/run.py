#!/usr/bin/env python3
"""Runs modern modules' own Ruby (functions of both APIs, custom facts) fetched from the public
code index (README.md) in prepl and in the reference, and compares.

    tests/github_ruby/run.py [--setup] [--only SUBSTR] [--no-facts] [--no-functions]

--setup lays out the environment from the fetched trees (`repos.txt`): ENV/modules/<module>
linking each tree, a reconstructed `metadata.json` in each, stdlib as Debian's 8.5 with the
fetched files laid over it.

Functions: each case of `cases.jsonl` (`{"id": "<module>/<function>/<n>", "src"}`: our own
programs, the functions' doc examples and more) and, for each function file, two generated
calls (`auto`): one with no arguments (the arity or dispatch error) and one with a value of
each parameter's type of its first dispatch. Evaluated with the modulepath ENV/modules then
Debian's packaged modules, the node's facts Debian 11's from facterdb.

Custom facts: each fact that a `lib/facter/*.rb` file adds, read as `$facts['name']` over four
facterdb fact sets; the reference's value is what its Facter resolves over the fact set
(`tests/differential/facter_resolve.rb`, as for the `controlrepos` area), prepl's is its own
custom facts' over the same set.

Per repository: files, parse (no Ruby syntax error in prepl), run (some case ran without an
unsupported-construct error), agree (every case of the file agrees). The disagreements go to
out/github_ruby.disagreements.jsonl."""
import argparse
import glob
import json
import os
import random
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "differential"))
sys.path.insert(0, os.path.join(ROOT, "tests", "differential", "areas"))
import run as diffrun  # noqa: E402
import facterdb  # noqa: E402

CACHE = os.environ.get("GITHUB_CACHE", "/work/cache/github")
ENV = os.environ.get("GITHUB_RUBY_ENV", os.path.join(CACHE, "rubyweb13-env"))
MODULES = os.path.join(ENV, "modules")
FACT_SETS = ["4.2/debian-11-x86_64", "4.2/redhat-8-x86_64", "4.2/ubuntu-20.04-x86_64",
             "4.2/centos-7-x86_64"]
NODE = "web01.example.com"


def repos():
    """[(owner/repo, module, path, commit)] of repos.txt."""
    out = []
    with open(os.path.join(HERE, "repos.txt")) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                out.append(tuple(line.split()[:4]))
    return out


def setup():
    mods = {}
    for repo, module, _path, _commit in repos():
        mods[module] = os.path.join(CACHE, repo.replace("/", "-"))
    # (a repository not fetched again on this machine is left out, and said so: its cases
    # then ask for functions that are not there, and are not counted, `main`)
    missing = sorted(m for m, tree in mods.items() if not os.path.isdir(tree))
    if missing:
        print(f"not fetched, left out: {', '.join(missing)}", file=sys.stderr)
    mods = {m: tree for m, tree in mods.items() if m not in missing}
    if os.path.isdir(MODULES):
        shutil.rmtree(MODULES)
    os.makedirs(MODULES)
    for module, tree in sorted(mods.items()):
        dest = os.path.join(MODULES, module)
        if module == "stdlib":
            # (the fetched 9.x-era functions over Debian's 8.5: its types and 3.x functions)
            shutil.copytree(os.path.join(facterdb.MODULES, "stdlib"), dest, symlinks=True)
            shutil.copytree(os.path.join(tree, "lib"), os.path.join(dest, "lib"),
                            dirs_exist_ok=True)
            os.remove(os.path.join(dest, "metadata.json"))
        else:
            os.symlink(tree, dest)
        meta = os.path.join(dest, "metadata.json")
        if not os.path.exists(meta):
            with open(meta, "w") as f:
                json.dump({"name": f"github-{module}", "version": "9.9.9", "author": "github",
                           "summary": "reconstructed", "license": "Apache-2.0",
                           "source": "https://github.com/", "dependencies": []}, f, indent=2)
    print(f"{len(mods)} modules in {MODULES}")


def node_facts(name):
    class One(random.Random):
        def choice(self, seq):
            return os.path.join(facterdb.FACTERDB, name + ".facts")
    return facterdb.facts_for(One(), NODE)


def function_files():
    """{function name: (module, file)} of the fetched Ruby functions (repos.txt)."""
    fetched = {(m, p) for _r, m, p, _c in repos()}
    out = {}
    for module in sorted(os.listdir(MODULES)):
        lib = os.path.join(MODULES, module, "lib", "puppet")
        for path in glob.glob(os.path.join(lib, "functions", "**", "*.rb"), recursive=True):
            rel = os.path.relpath(path, os.path.join(lib, "functions"))[:-3]
            if (module, "lib/puppet/functions/" + rel + ".rb") in fetched:
                out[rel.replace("/", "::")] = (module, path)
        for path in glob.glob(os.path.join(lib, "parser", "functions", "*.rb")):
            if (module, "lib/puppet/parser/functions/" + os.path.basename(path)) in fetched:
                out[os.path.basename(path)[:-3]] = (module, path)
    return out


SAMPLES = [
    (r"^Optional\[(.*)\]$", None), (r"^Variant\[(.*)\]$", None),
    (r"^Sensitive\[(.*)\]$", None),
    (r"^String\b", "'web01.example.com'"), (r"^Integer\b", "3"), (r"^Numeric\b", "3"),
    (r"^Boolean\b", "true"), (r"^Hash\b|^Struct\b", "{'key' => 'value', 'other' => ''}"),
    (r"^Array\b|^Tuple\b", "['a', 'b']"), (r"^Any\b|^Data\b|^Scalar", "'x'"),
    (r"^Iterable\b", "['a', 'b']"), (r"^Stdlib::HTTPS?Url", "'https://example.com/repo'"),
    (r"^Stdlib::Fqdn", "'web01.example.com'"),
]


def first_type(text):
    """The first member of a `Variant[...]` list (at bracket depth 0)."""
    depth = 0
    for i, c in enumerate(text):
        depth += c in "[{"
        depth -= c in "]}"
        if c == "," and depth == 0:
            return text[:i].strip()
    return text.strip()


def sample(ptype):
    ptype = ptype.strip()
    for pat, val in SAMPLES:
        m = re.match(pat, ptype)
        if m and val is None:
            return sample(first_type(m.group(1)))
        if m:
            return val
    return None


def auto_cases(files):
    """Two generated calls of each function: no arguments, and a value of each required
    parameter's type (the first dispatch's; skipped when a type has no sample)."""
    out = []
    for name, (module, path) in sorted(files.items()):
        with open(path) as f:
            text = f.read()
        out.append({"id": f"{module}/{name}/auto-noargs", "src": f"{name}()"})
        block = re.search(r"dispatch :\w+ do(.*?)\n\s*end", text, re.S)
        if not block:
            continue
        args = []
        for m in re.finditer(r"^\s*(required_param|param|optional_param|repeated_param|"
                             r"required_repeated_param|optional_repeated_param|block_param|"
                             r"optional_block_param|scope_param)\b\s*(?:'((?:[^'\\]|\\.)*)'|"
                             r"\"([^\"]*)\")?", block.group(1), re.M):
            kind, ptype = m.group(1), m.group(2) or m.group(3) or ""
            if kind in ("scope_param", "optional_param", "optional_repeated_param",
                        "optional_block_param", "repeated_param"):
                continue
            if kind == "block_param":
                args = None
                break
            v = sample(ptype)
            if v is None:
                args = None
                break
            args.append(v)
        if args:
            out.append({"id": f"{module}/{name}/auto-sig", "src": f"{name}({', '.join(args)})"})
    return out


# Functions whose answer is random, in the reference as in prepl (a new UUID, a random
# password): a generated call's value cannot agree and is counted as a deviation ("random";
# their cases test the answer's shape).
RANDOM = {"foreman::generate_uuid", "extlib::random_password"}

# A fact whose code reads the machine it runs on (files, commands, the packages installed):
# the reference's Facter here resolves it over this machine (facter_resolve.rb runs on it),
# prepl skips it for a node that is not this machine (docs/ruby.md, "Custom facts").
READS_MACHINE = re.compile(r"File\.|Dir\.|Pathname|Execution\.|Resolution\.(exec|which)|"
                           r"Puppet::Type\.type|`")


def fact_names():
    """[(module, file, fact name)] of the fetched custom facts (repos.txt)."""
    fetched = {(m, p) for _r, m, p, _c in repos()}
    out = []
    for path in sorted(glob.glob(os.path.join(MODULES, "*", "lib", "facter", "*.rb"))):
        module = path.split(os.sep)[-4]
        if (module, "lib/facter/" + os.path.basename(path)) not in fetched:
            continue
        with open(path) as f:
            text = f.read()
        for m in re.finditer(r"Facter\.add\(\s*[:\"']?([\w]+)", text):
            if (module, path, m.group(1)) not in out:
                out.append((module, path, m.group(1)))
    return out


def classify(got):
    err = got.get("error") or ""
    if "syntax error" in err or "SyntaxError" in err:
        return "parse"
    if "unsupported Ruby" in err:
        return "unsupported"
    return "ran"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--setup", action="store_true")
    ap.add_argument("--only", default="")
    ap.add_argument("--no-facts", action="store_true")
    ap.add_argument("--no-functions", action="store_true")
    a = ap.parse_args()
    if a.setup or not os.path.isdir(MODULES):
        setup()
    repo_of = {module: repo for repo, module, _p, _c in repos()}
    files = function_files()
    programs, origin = [], {}
    if not a.no_functions:
        with open(os.path.join(HERE, "cases.jsonl")) as f:
            cases = [json.loads(l) for l in f if l.strip()]
        facts = node_facts(FACT_SETS[0])
        present = set(os.listdir(MODULES))
        for c in cases + auto_cases(files):
            if a.only not in c["id"]:
                continue
            module, name = c["id"].split("/")[:2]
            if module not in present or name not in files:
                # (a repository or file not fetched on this machine: not counted)
                continue
            origin[c["id"]] = (module, files.get(name, (module, name))[1])
            programs.append({"id": c["id"], "src": c["src"], "node": NODE, "facts": facts,
                             "modulepath": [MODULES, facterdb.MODULES]})
    if not a.no_facts:
        for fs in FACT_SETS:
            facts = node_facts(fs)
            for module, path, name in fact_names():
                pid = f"{module}/fact:{name}/{fs}"
                if a.only not in pid:
                    continue
                origin[pid] = (module, path)
                programs.append({"id": pid, "src": f"$facts['{name}']", "node": NODE,
                                 "facts": facts, "custom_facts": [name], "env_dir": ENV,
                                 "modulepath": [MODULES]})
    if not programs:
        return
    programs = diffrun.with_custom_facts(programs)
    import hashlib
    for p in programs:
        # (the oracle's answers kept in out/ are known by source and key: one source is asked
        # over several fact sets)
        p["key"] = hashlib.sha1(json.dumps([p["facts"], p["modulepath"]], sort_keys=True)
                                .encode()).hexdigest()
    diffrun.OUT = os.path.join(HERE, "out")
    answers = diffrun.cached_oracle("github_ruby", "0", programs, 400)
    rows = diffrun.ask_prepl(programs, answers)
    per_file, bad = {}, []
    for p, ans in zip(programs, answers):
        r = rows[p["id"]]
        st = per_file.setdefault(origin[p["id"]], {"parse": True, "ran": False, "agree": True})
        kind = classify(r["got"]) if not r["agree"] else "ran"
        st["parse"] &= kind != "parse"
        st["ran"] |= kind == "ran"
        st["agree"] &= r["agree"]
        dev = None
        if (not r["agree"] and p["id"].split("/")[1] in RANDOM and r["got"].get("error") is None
                and (r.get("expected") or {}).get("error") is None):
            dev = "random"
        if not r["agree"] and "/fact:" in p["id"]:
            with open(origin[p["id"]][1]) as f:
                if READS_MACHINE.search(f.read()):
                    dev = "reads this machine"
        st["agree_dev"] = st.get("agree_dev", True) & (r["agree"] or dev is not None)
        if not r["agree"]:
            bad.append(dict(r, src=p["src"], deviation=dev))
        print(("ok   " if r["agree"] else "DEV  " if dev else "DIFF ") + p["id"])
    with open(os.path.join(diffrun.OUT, "github_ruby.disagreements.jsonl"), "w") as f:
        for r in bad:
            f.write(json.dumps(r) + "\n")
    undoc = sum(1 for r in bad if not r["deviation"])
    print(f"\n{len(programs) - len(bad)}/{len(programs)} programs agree, "
          f"{len(programs) - undoc} excluding documented deviations\n")
    print(f"{'repository':40} {'files':>5} {'parse':>5} {'run':>5} {'agree':>5} {'+dev':>5}")
    for repo in sorted(set(repo_of.values())):
        sts = [st for (m, _), st in per_file.items() if repo_of.get(m) == repo]
        if sts:
            print(f"{repo:40} {len(sts):5} {sum(s['parse'] for s in sts):5} "
                  f"{sum(s['ran'] for s in sts):5} {sum(s['agree'] for s in sts):5} "
                  f"{sum(s['agree_dev'] for s in sts):5}")


if __name__ == "__main__":
    main()
