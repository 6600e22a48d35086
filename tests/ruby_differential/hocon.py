#!/usr/bin/env python3
"""The parsehocon table: HOCON texts given to stdlib's `parsehocon` (which runs the `hocon`
gem) in the reference, with what it answered, for `ruby_differential.rs`'s second test.

    tests/ruby_differential/hocon.py      # writes hocon_cases.jsonl and hocon_expected.jsonl.xz

Each text is called as `parsehocon('TEXT')` and, for the texts marked so, with a default
(`parsehocon('TEXT', 'fallback')`: the gem's parse errors, and only those, give it). One
oracle batch, as regen.py runs them (same facts, node and module cache).
"""
import json
import lzma
import os
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE.parent / "module_sweep"))
sys.path.insert(0, str(HERE))
from fetch import cache_dir  # noqa: E402
from compact import compact  # noqa: E402
from cases import program  # noqa: E402

ORACLE = os.environ.get("ORACLE", "/work/shared/tools/puppet-oracle")

# (text, with a default too)
TEXTS = [
    # objects, separators, root braces
    ("a = 1", False),
    ("a: 1, b: 2", False),
    ("{a = 1, b = {c = 2}}", False),
    ("a {b: 1}", False),
    ("a {\n  b = 1\n  c = 2\n}\n", False),
    ("", False),
    ("// only a comment\n", False),
    # strings
    ("a = hello world", False),
    ("a = hello   world  ", False),
    ('a = "x" y "z"', False),
    ('a = """multi\nline "quoted" """', False),
    ('a = "\\u00e9t\\u00e9\\n"', False),
    ("url = http://example.com/path", False),
    ("a = 'single'", False),
    ('key with spaces = "value"', False),
    # numbers, booleans, null
    ("a = [1, 2.0, 3.5, -4, 1e3, 1.5e2, 010, 08]", False),
    ("a = 0.1, b = -0, c = 1.0e-2, d = -.5", False),
    ("a = 5., b = 1.2.3, c = 0x10, d = 10s", False),
    ("a = true, b = false, c = null, d = yes", False),
    ("a = 1.0 x, b = true z, c = null q", False),
    # comments
    ("# comment\na = 1 // another\nb = 2", False),
    ("a = 1 # with } and {", False),
    ("a = [1 #c\n, 2]", False),
    # paths
    ("a.b.c = 1", False),
    ("a.b = 1, a.c = 2", False),
    ('"a.b" = 1, a."c.d" = 2', False),
    ("1 = x, 2.5 = y, true.false = z", False),
    ("a . b = 1", False),
    # repeated keys merge
    ("a {x: 1}, a {y: 2}", False),
    ("a = 1, a = 2", False),
    ("a = {x: 1}, a = 2", False),
    ("a = 2, a = {x: 1}", False),
    ("a = { b: { c: 1 } }, a.b.d = 2, a = { b: { e: 3 } }", False),
    # arrays and concatenation
    ("a = [1,2,]", False),
    ("a = [1\n2]", False),
    ("a = [1] [2], b = {x: 1} {y: 2}", False),
    ("a = [1] x", False),
    ("foo : [ { a : 1 }, { b : 2 } ]", False),
    # += and substitutions
    ("a = [1], a += 2", False),
    ("a += 1", False),
    ("a = 1\nb = ${a}", False),
    ("a = { b = 1 }\nc = ${a.b}", False),
    ("b = ${?nope}, c = x${?nope}y", False),
    ("path = /usr, path = ${path}\":/bin\"", False),
    ("a = 1\na = ${a} 2", False),
    ("x = {a: 1}, y = ${x} {b: 2}, x = {c: 3}", False),
    ("a = ${b.c}, b = {c = ${d}}, d = 5", False),
    ("a = [${?nope}, 1]", False),
    # substitution errors
    ("b = ${nope}", True),
    ("a = ${a}", True),
    ("a = ${b}, b = ${c}, c = ${a}", True),
    ("a = [${x}]", True),
    ("a = [1]\nb = ${a} foo", True),
    ("a = ${a..b}", True),
    # parse errors
    ("abc", True),
    ("{", True),
    ("}", True),
    ("a = [1", True),
    ("a = [,]", True),
    ("a = ]", True),
    ("{a = 1} b", True),
    ("a: b: 1", True),
    ("a = 1 + 2", True),
    ("a = @x", True),
    ('a = "unterminated', True),
    ('a = "tab\there"', True),
    ("a..b = 1", True),
    ("a = \n", True),
    ("include x", True),
    ("[1, 2]", True),
    ('a = "bad \\q escape"', True),
    # includes of a name add nothing (the gem's includer finds no file for a string)
    ('include "foo.conf"\na = 1', False),
    # a configuration as services write them
    ('# puppetserver-like config\njruby-puppet: {\n    ruby-load-path: [/opt/puppetlabs/puppet/lib/ruby/vendor_ruby]\n    gem-home: /opt/puppetlabs/server/data/puppetserver/jruby-gems\n    master-conf-dir: /etc/puppetlabs/puppet\n    max-active-instances: 4\n    compile-mode: off\n}\nhttp-client: {\n    ssl-protocols: [TLSv1.3, TLSv1.2]\n    # connect-timeout-milliseconds: 120000\n}\nprofiler: {\n    enabled: true\n}\ndefaults {\n  timeout = 30s\n  retries = 3\n  hosts = ["a.example.com", "b.example.com"]\n}\nservice = ${defaults} {\n  retries = 5\n  name = "svc-"${defaults.timeout}\n}\npaths = ${?PATHS} [/usr/bin]\nwebserver: {\n    access-log-config: /etc/puppetlabs/puppetserver/request-logging.xml\n    client-auth: want\n    ssl-host: 0.0.0.0\n    ssl-port: 8140\n    ratio = 0.75\n}\n', False),
]


def puppet_string(text):
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def cases():
    out = []
    for i, (text, with_default) in enumerate(TEXTS, 1):
        out.append({"id": f"parsehocon_table/{i}", "src": f"parsehocon({puppet_string(text)})"})
        if with_default:
            out.append({"id": f"parsehocon_table/{i}d",
                        "src": f"parsehocon({puppet_string(text)}, 'fallback')"})
    return out


def main():
    modules = cache_dir() / "modules"
    if not modules.is_dir():
        sys.exit(f"no module cache at {modules}: run tests/module_sweep/fetch.py")
    cs = cases()
    (HERE / "hocon_cases.jsonl").write_text("".join(json.dumps(c) + "\n" for c in cs))
    facts = None
    lines = []
    for c in cs:
        p = program(c, modules)
        f = p.pop("facts_file")
        if facts is None:
            j = json.loads((ROOT / f).read_text())
            facts = j.get("values", j)
        p["facts"] = dict(facts, clientcert=p["node"])
        lines.append(json.dumps(p) + "\n")
    env = dict(os.environ)
    env["RUBYOPT"] = f"-r{ROOT}/tests/corpus/gen/fresh_case.rb {env.get('RUBYOPT', '')}"
    res = subprocess.run([ORACLE, "--jsonl"], input="".join(lines), capture_output=True,
                         text=True, env=env)
    answers = res.stdout.splitlines()
    if len(answers) != len(cs):
        sys.exit(f"hocon: {len(cs)} cases but {len(answers)} answers\n{res.stderr[-2000:]}")
    with lzma.open(HERE / "hocon_expected.jsonl.xz", "wb", preset=9 | lzma.PRESET_EXTREME) as f:
        for a in answers:
            j = compact(json.loads(a), str(modules))
            f.write((json.dumps(j, separators=(",", ":")) + "\n").encode())
    print(f"hocon: {len(answers)} answers", file=sys.stderr)


if __name__ == "__main__":
    main()
