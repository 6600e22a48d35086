#!/usr/bin/env python3
"""The Ruby-function differential's cases: sample calls of every module Ruby function of the
Debian module cache (tests/module_sweep/fetch.py), 4.x (`lib/puppet/functions/**/*.rb`) and
3.x (`lib/puppet/parser/functions/*.rb`).

Samples of a function:
- generated: from each 4.x dispatch's parameter types (a few sample values per type,
  the first of every parameter, then each other sample of one parameter with the others at
  their first, optional and repeated parameters added); a 4.x function without dispatch from
  its method's parameters (typed Any); a 3.x function without examples from its arity with a
  few plain values;
- examples: the calls of the function its doc comment shows whose arguments are literal
  (no variables);
- specs: the calls the module's own rspec-puppet tests make (`spec/functions/**/*_spec.rb`,
  `run.with_params(...)` with literal arguments: `spec_calls.rb`), after the others, at
  most MAX_SPEC a function.

Writes cases.jsonl (id `FUNCTION/N`, module, api: `4x`, `3x`, `4x+3x` when both exist (the call
reaches the 4.x one), `+builtin` when the reference has its own function of that name (the
module's is never called), src, and `varies` for functions whose values vary from run to run),
the generated samples first;
the rest of a program (facts, node, modulepath) is `program()`'s, as the module sweep's.

    tests/ruby_differential/cases.py [MODULES_DIR]
"""
import json
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "module_sweep"))
from fetch import cache_dir  # noqa: E402

FACTS_FILE = "tests/real_modules/facts-debian-12.json"
NODE = "foo.example.com"
# Functions whose values differ from run to run (in the reference too): their samples agree
# when both give a value, or both the same error.
VARYING = {
    "date": "the current time",
    "time": "the current time",
    "shuffle": "Kernel#rand, unseeded",
    "str2saltedsha512": "a random salt",
}
MAX_GENERATED = 8
MAX_EXAMPLES = 6
MAX_SPEC = 10


def program(case, modules):
    """The oracle's program line of a case (without the facts: regen.py adds them)."""
    return {"id": case["id"], "src": case["src"], "modulepath": [str(modules)], "node": NODE,
            "facts_file": FACTS_FILE, "catalog": True}


# --- Puppet type strings -> sample values (Puppet source) ---------------------------------

def split_top(text, sep=","):
    """`text` split on top-level `sep` (outside brackets, quotes and regexps)."""
    parts, depth, cur, quote = [], 0, "", None
    for ch in text:
        if quote:
            cur += ch
            if ch == quote:
                quote = None
            continue
        if ch in "'\"" or (ch == "/" and cur.rstrip().endswith(("[", ",")) or ch == "/" and not cur.strip()):
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == sep and depth == 0 and not quote:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def parse_type(t):
    """(name, [parameter texts]) of a type string."""
    t = t.strip()
    m = re.match(r"^([A-Z][\w:]*)\s*(?:\[(.*)\])?$", t, re.S)
    if not m:
        return t, []
    return m.group(1), split_top(m.group(2)) if m.group(2) else []


ALIASES = {
    "Stdlib::Absolutepath": ["'/tmp/x'", "'relative'"],
    "Stdlib::Unixpath": ["'/tmp/x'"],
    "Stdlib::HTTPUrl": ["'http://example.com/a'", "'ftp://x'"],
    "Stdlib::HTTPSUrl": ["'https://example.com/a'"],
    "Stdlib::Port": ["8080", "70000"],
    "Stdlib::IP::Address": ["'10.0.0.1'", "'::1'"],
    "Stdlib::Fqdn": ["'host.example.com'"],
    "Stdlib::Host": ["'host.example.com'"],
}


def samples(t, depth=0):
    """Sample values (Puppet source) of type string `t`, the most ordinary first."""
    if depth > 4:
        return ["'abc'"]
    if t in ALIASES:
        return ALIASES[t]
    name, params = parse_type(t)
    if name == "String":
        lo = int(params[0]) if params and params[0].isdigit() else 0
        return ["'abc'" if lo <= 3 else "'abcdefgh'", "''"] if lo == 0 else ["'abc'" if lo <= 3 else "'abcdefgh'"]
    if name in ("Integer",):
        lo = int(params[0]) if params and re.match(r"^-?\d+$", params[0]) else None
        base = [str(max(3, lo if lo is not None else 3))]
        return base + (["-2"] if lo is None else [])
    if name == "Float":
        return ["2.5"]
    if name == "Numeric":
        return ["3", "2.5"]
    if name == "Boolean":
        return ["true", "false"]
    if name in ("Undef",):
        return ["undef"]
    if name == "Enum":
        return params[:3] or ["'a'"]
    if name == "Pattern":
        return ["'abc'", "'1-2'"]
    if name in ("Array", "Tuple", "Iterable"):
        if params and name == "Array" and params[0][:1].isupper():
            inner = samples(params[0], depth + 1)[0]
            return [f"[{inner}, {inner}]", "[]"] if not (len(params) > 1) else [f"[{inner}]"]
        return ["['a', 'b']", "[1, 2]", "[]"]
    if name in ("Hash", "Struct"):
        if name == "Hash" and len(params) >= 2 and params[0][:1].isupper():
            k = samples(params[0], depth + 1)[0]
            v = samples(params[1], depth + 1)[0]
            return [f"{{{k} => {v}}}", "{}"]
        return ["{'a' => 1, 'b' => 'x'}", "{}"]
    if name == "Optional":
        return (samples(params[0], depth + 1) if params else ["'abc'"]) + ["undef"]
    if name == "Variant":
        out = []
        for p in params:
            for s in samples(p, depth + 1)[:2]:
                if s not in out:
                    out.append(s)
        return out or ["'abc'"]
    if name == "Type":
        return ["Integer", "String"]
    if name == "Callable":
        n = int(params[0]) if params and params[0].isdigit() else 1
        args = ", ".join(f"$a{i}" for i in range(n))
        return [f"|{args}| {{ [{args}] }}"]
    if name in ("Scalar", "ScalarData", "Data", "Any", "RichData"):
        return ["'abc'", "1", "['a', 'b']", "{'a' => 1}", "undef"] if name in ("Any", "Data", "RichData") \
            else ["'abc'", "1", "true"]
    if name == "Sensitive":
        return ["Sensitive('secret')"]
    return ["'abc'", "1"]


# --- Signatures ----------------------------------------------------------------------------

PARAM_RE = re.compile(
    r"^\s*(param|required_param|optional_param|repeated_param|required_repeated_param|"
    r"block_param|optional_block_param)\b\s*\(?\s*(?:(['\"])(.*?)\2|(:\w+))?\s*,?\s*(:\w+)?",
    re.M | re.S)


def dispatches(text):
    """The parameter lists of a 4.x function's dispatches: [(kind, type)]."""
    out = []
    for m in re.finditer(r"^\s*dispatch\s+:(\w+)\s+do\s*$(.*?)^\s*end\b", text, re.M | re.S):
        params = []
        for p in PARAM_RE.finditer(m.group(2)):
            kind, typ = p.group(1), p.group(3) or "Any"
            if kind in ("block_param", "optional_block_param"):
                typ = p.group(3) or "Callable"
            params.append((kind, " ".join(typ.split())))
        out.append(params)
    return out


def call_args(params):
    """Argument lists (strings) for one dispatch, and its lambda if it takes one."""
    block = next((t for k, t in params if k in ("block_param", "optional_block_param")), None)
    plain = [(k, t) for k, t in params if k not in ("block_param", "optional_block_param")]
    required = [(k, t) for k, t in plain if k in ("param", "required_param", "required_repeated_param")]
    base = [samples(t)[0] for _, t in required]
    lists = [list(base)]
    for i, (_, t) in enumerate(required):
        for s in samples(t)[1:3]:
            args = list(base)
            args[i] = s
            lists.append(args)
    extra = [(k, t) for k, t in plain if k not in ("param", "required_param", "required_repeated_param")]
    with_extra = list(base)
    for k, t in extra:
        with_extra.append(samples(t)[0])
        lists.append(list(with_extra))
        if k in ("repeated_param", "required_repeated_param"):
            lists.append(with_extra + [samples(t)[-1]])
    lam = None
    if block:
        lam = samples(block)[0]
    return lists, lam


def method_params(text, method):
    m = re.search(rf"^\s*def\s+{re.escape(method)}\s*\(?([^)\n]*)\)?", text, re.M)
    if not m:
        return []
    out = []
    for p in split_top(m.group(1)):
        if p.startswith("&"):
            out.append(("optional_block_param", "Callable"))
        elif p.startswith("*"):
            out.append(("repeated_param", "Any"))
        elif "=" in p:
            out.append(("optional_param", "Any"))
        else:
            out.append(("param", "Any"))
    return out


# --- Doc examples --------------------------------------------------------------------------

def doc_text(text, api):
    if api == "3x":
        m = re.search(r"<<-['\"]?(\w+)['\"]?.*?\n(.*?)^\s*\1\s*$", text, re.M | re.S)
        if m:
            return m.group(2)
        m = re.search(r"doc\s*(?:=>|:)\s*(['\"])(.*?)(?<!\\)\1", text, re.S)
        return m.group(2) if m else ""
    return "\n".join(re.sub(r"^\s*#\s?", "", l) for l in text.splitlines() if l.strip().startswith("#"))


def balanced(text, start):
    """The end of the parenthesised text opening at `start`, or None."""
    depth, quote = 0, None
    for i in range(start, len(text)):
        ch = text[i]
        if quote:
            if ch == "\\":
                continue
            if ch == quote:
                quote = None
            continue
        if ch in "'\"":
            quote = ch
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        elif ch == "\n" and depth == 0:
            return None
    return None


def examples(text, api, name):
    doc = doc_text(text, api)
    out = []
    for m in re.finditer(rf"(?<![\w:$.]){re.escape(name)}\(", doc):
        end = balanced(doc, m.end() - 1)
        if end is None:
            continue
        call = doc[m.start():end]
        # A lambda after the call.
        rest = doc[end:]
        lm = re.match(r"\s*(\|[^|]*\|\s*\{[^{}]*\})", rest)
        if lm:
            call += " " + lm.group(1)
        args = call[len(name):]
        if "$" in args.split("|")[0] or "\n" in call or "..." in call or "<" in args or ">" in args.replace("=>", ""):
            continue
        if call not in out:
            out.append(call)
    return out[:MAX_EXAMPLES]


# --- Functions -----------------------------------------------------------------------------

def functions(modules):
    """(module, api, name, path) of every module Ruby function, the first module of a name."""
    out = []
    for mod in sorted(p for p in modules.iterdir() if p.is_dir()):
        base = mod / "lib/puppet/functions"
        if base.is_dir():
            for path in sorted(base.rglob("*.rb")):
                rel = path.relative_to(base).with_suffix("")
                out.append((mod.name, "4x", "::".join(rel.parts), path))
        base = mod / "lib/puppet/parser/functions"
        if base.is_dir():
            for path in sorted(base.glob("*.rb")):
                out.append((mod.name, "3x", path.stem, path))
    return out


def function_cases(module, api, name, path):
    text = path.read_text(errors="replace")
    calls = []
    if api == "4x":
        ds = dispatches(text)
        if not ds:
            ds = [method_params(text, name.split("::")[-1])]
        for params in ds:
            lists, lam = call_args(params)
            for args in lists:
                calls.append(f"{name}({', '.join(args)})" + (f" {lam}" if lam else ""))
        if not any(not params for params in ds):
            calls.append(f"{name}()")
    else:
        m = re.search(r"arity\s*(?:=>|:)\s*(-?\d+)", text)
        arity = int(m.group(1)) if m else -1
        pools = [["'abc'"], ["['a', 'b']"], ["{'a' => 1}"], ["1"], ["'abc'", "'b'"], ["['a', 'b']", "'b'"]]
        if arity >= 0:
            for p in pools[:4]:
                calls.append(f"{name}({', '.join((p * arity)[:arity])})")
        else:
            calls.append(f"{name}()")
            for p in pools:
                if len(p) >= -arity - 1:
                    calls.append(f"{name}({', '.join(p)})")
    seen, generated = set(), []
    for c in calls:
        if c not in seen:
            seen.add(c)
            generated.append(c)
    cases = [(f"g{i + 1}", c) for i, c in enumerate(generated[:MAX_GENERATED])]
    cases += [(f"e{i + 1}", c) for i, c in enumerate(examples(text, api, name)) if c not in seen]
    return [(k, src) for k, src in cases]


def builtin_functions():
    """The reference's own functions (a module's function of the same name is never called)."""
    import subprocess
    try:
        files = subprocess.run(["dpkg", "-L", "puppet-agent"], capture_output=True, text=True).stdout
    except OSError:
        return set()
    return {m.group(1) for m in re.finditer(r"/puppet/functions/(\w+)\.rb$", files, re.M)}


def spec_calls(modules):
    """{function: [src, ...]}: the calls of the modules' rspec-puppet function tests."""
    import subprocess
    out = subprocess.run(["ruby", str(HERE / "spec_calls.rb"), str(modules)],
                         capture_output=True, text=True, check=True).stdout
    calls = {}
    for line in out.splitlines():
        c = json.loads(line)
        calls.setdefault(c["function"], []).append(c["src"])
    return calls


def main():
    modules = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else cache_dir() / "modules"
    builtin = builtin_functions()
    specs = spec_calls(modules)
    by_name = {}
    for module, api, name, path in functions(modules):
        by_name.setdefault(name, []).append((module, api, path))
    cases = []
    for name, defs in sorted(by_name.items()):
        # A name defined twice (stdlib's 3.x and 4.x `is_array`): the call reaches the 4.x
        # function (listed first); the samples of both are kept.
        defs.sort(key=lambda d: d[1] != "4x")
        module, api = defs[0][0], "+".join(d[1] for d in defs)
        if name in builtin:
            api += "+builtin"
        srcs = []
        for m, a, path in defs:
            for _, src in function_cases(m, a, name, path):
                if src not in srcs:
                    srcs.append(src)
        srcs += [s for s in specs.get(name, []) if s not in srcs][:MAX_SPEC]
        gen = [s for s in srcs]
        for i, src in enumerate(gen):
            case = {"id": f"{name}/{i + 1}", "module": module, "api": api, "src": src}
            if name in VARYING:
                case["varies"] = VARYING[name]
            cases.append(case)
    with open(HERE / "cases.jsonl", "w") as f:
        for c in cases:
            f.write(json.dumps(c) + "\n")
    fns = {c["id"].split("/")[0] for c in cases}
    print(f"{len(cases)} cases of {len(fns)} functions", file=sys.stderr)


if __name__ == "__main__":
    main()
