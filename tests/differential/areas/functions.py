"""Functions written in Puppet and lambdas, called many times: prepl compiles a function's
body from its second call and a lambda's from its 8th (lang/src/eval/compiled.rs,
lambda_frame.rs, closure_code.rs), and walks the tree before that and for whatever does not
compile. A compiled form that disagrees with the tree walk shows only after the Nth call, so
each program defines one to three random functions (typed parameters with defaults, local
assignments, if/unless/elsif, case, selectors, `=~`/`!~` with `$0..$n` used after, interpolation,
array/hash literals and `[]`, arithmetic with overflow, comparisons, built-in calls, nested
lambdas, top-scope variables, `return`, `next`/`break`, recursion, `fail`) and calls them
in loops of up to 30 calls (`map`, `reduce`, `each`, `filter`, `with`) with arguments whose
kind changes from call to call (so a type check or a fast path sees several kinds, and a
mismatch may come only on the Nth call). A check is a whole program (its value: the array
of the loops' results)."""

import re

CHECKS_PER_PROGRAM = 1

TYPES = ["", "Integer ", "String ", "Numeric ", "Variant[Integer, String] ",
         "Optional[Integer] ", "Any ", "Scalar ", "Integer[0, 40] ", "Array ",
         "Hash ", "Optional[String] ", "Data "]

KIND = {"Integer ": "int", "Integer[0, 40] ": "int", "String ": "str"}

REGEXES = ["/(\\d+)/", "/^(\\w)(\\w*)$/", "/(a|b)(c)?/", "/^s(\\d)/", "/x/", "/(?<n>\\d)/",
           "/^$/", "/(.)(.)/"]

WORDS = ["'a'", "'abc'", "'s1'", "'B2'", "''", "'x y'", "'10'", "'é'"]


class Ctx:
    def __init__(self, rng, vars_, fns, depth=0, in_lambda=False, pure=False):
        self.rng, self.vars, self.fns, self.depth = rng, dict(vars_), fns, depth
        self.in_lambda = in_lambda
        # Only what a compiled body covers (see `compiled.rs`): no local assignment, no
        # top-scope variable, no `=~`/`!~`/`in`, no lambda, no selector or case (but now
        # and then, for the forms being added to the compiler), scope-free built-ins only.
        self.pure = pure
        self.n = 0

    def sub(self, **kw):
        c = Ctx(self.rng, self.vars, self.fns, self.depth + 1,
                kw.get("in_lambda", self.in_lambda), self.pure)
        c.n = self.n
        return c

    def pick(self, n, impure, soft=()):
        """A form's number below `n`, outside `impure` when pure (but for the `soft` ones,
        the forms being added to the compiler, now and then)."""
        k = self.rng.randrange(n)
        while self.pure and k in impure and not (k in soft and self.rng.random() < 0.15):
            k = self.rng.randrange(n)
        return k

    def var(self, kind=None):
        vs = [v for v, k in self.vars.items() if kind is None or k == kind]
        return self.rng.choice(vs) if vs else None


def int_expr(c):
    rng = c.rng
    v = c.var("int")
    k = c.pick(14 if c.depth < 3 else 4, {11, 13}, soft={13})
    if k == 0 or (k < 4 and v is None):
        return str(rng.choice([0, 1, 2, 3, 7, -4, 100, 5, 11] * 3 +
                              [9223372036854775807, -9223372036854775807, 4611686018427387904]))
    if k < 4:
        return v
    if k < 8:
        op = rng.choice(["+", "-", "*", "/", "%", "<<", "+", "*"])
        if op == "<<":  # (the reference runs out of memory on a huge shift)
            return f"({int_expr(c.sub())} << {rng.randint(-2, 70)})"
        return f"({int_expr(c.sub())} {op} {int_expr(c.sub())})"
    if k == 8:
        return f"size({arr_expr(c.sub())})"
    if k == 9:
        return f"{str_expr(c.sub())}.length"
    if k == 10:
        return f"abs({int_expr(c.sub())})"
    if k == 11:
        a = rng.choice(['1', '-2.7', v or '3', '"12"', '"0x1f"'])
        return f"Integer({a})"
    if k == 12:
        return f"[{int_expr(c.sub())}, {int_expr(c.sub())}].max"
    return f"({bool_expr(c.sub())} ? {{ true => {int_expr(c.sub())}, default => {int_expr(c.sub())} }})"


def str_expr(c):
    rng = c.rng
    v = c.var("str")
    k = c.pick(13 if c.depth < 3 else 4, {5})
    if k == 0 or (k < 3 and v is None):
        return rng.choice(WORDS)
    if k < 3:
        return v
    if k == 3:
        return f"\"<${{{any_expr(c.sub())[1:]}}}>\"" if False else f"\"<{interp(c)}>\""
    if k == 4:
        return f"upcase({str_expr(c.sub())})"
    if k == 5:
        return f"String({any_expr(c.sub())})"
    if k == 6:
        return f"{str_expr(c.sub())}[{rng.choice(['0', '1', '-1', '0, 2', '5'])}]"
    if k == 7:
        return f"join({arr_expr(c.sub())}, '{rng.choice([',', '-', ''])}')"
    if k == 8:
        return f"sprintf('%{rng.choice(['03d', 's', 'x', '-4s', 'p'])}', {any_expr(c.sub())})"
    if k == 9:
        if rng.random() < 0.2:
            return f"({str_expr(c.sub())} + {str_expr(c.sub())})"  # fails: no String +
        return f"\"{interp(c)}{interp(c)}\""
    if k == 10:
        return f"\"${{{(v or '$top')[1:]}}}${{{int_expr(c.sub())}}}\"" if False else \
            f"\"{interp(c)}-{interp(c)}\""
    if k == 11:
        return f"regsubst({str_expr(c.sub())}, {rng.choice(REGEXES)}, '<\\\\1>')"
    return f"downcase(\"{interp(c)}\")"


def interp(c):
    rng = c.rng
    v = c.var()
    k = c.pick(6, {3})
    if k == 0 and v:
        return "$" + v[1:]
    if k == 1 and v:
        return "${" + v[1:] + "}"
    if k == 2:
        e = int_expr(c.sub())
        return "${" + (f"({e})" if c.pure and e.isdigit() else e) + "}"
    if k == 3:
        return "${top}"
    if k == 4 and v:
        return "${" + v[1:] + "[0]}"
    e = any_expr(c.sub())
    # a bare word or a number alone reads a variable (the reference fails on `${true}` and
    # on numbers beyond its int): parenthesized
    if re.match(r"^[a-z0-9]", e) and (c.pure or not re.match(r"^\d{1,2}$", e)):
        e = f"({e})"
    return "${" + e + "}"


def bool_expr(c):
    rng = c.rng
    k = c.pick(11 if c.depth < 3 else 3, {2, 3, 5, 8, 9}, soft={9})
    if k == 0:
        return f"({int_expr(c.sub())} {rng.choice(['<', '<=', '>', '>=', '==', '!='])} {int_expr(c.sub())})"
    if k == 1:
        return f"({any_expr(c.sub())} {rng.choice(['==', '!='])} {any_expr(c.sub())})"
    if k == 2:
        return f"({any_expr(c.sub())} =~ {rng.choice(['Integer', 'String', 'Numeric', 'Undef', 'Array[Integer]', 'Scalar'])})"
    if k == 3:
        return f"({str_expr(c.sub())} {rng.choice(['=~', '!~'])} {rng.choice(REGEXES)})"
    if k == 4:
        return f"({str_expr(c.sub())} < {str_expr(c.sub())})"
    if k == 5:
        return f"({any_expr(c.sub())} in {arr_expr(c.sub())})"
    if k == 6:
        return f"!{bool_expr(c.sub())}"
    if k == 7:
        return f"({bool_expr(c.sub())} {rng.choice(['and', 'or'])} {bool_expr(c.sub())})"
    if k == 8:
        return f"({str_expr(c.sub())} in {str_expr(c.sub())})"
    if k == 9:
        return f"({any_expr(c.sub())} {rng.choice(['<', '>'])} {any_expr(c.sub())})"  # may fail
    return f"{arr_expr(c.sub())}.empty"


def arr_expr(c):
    rng = c.rng
    k = c.pick(8 if c.depth < 3 else 2, {2, 3, 7})
    if k == 0:
        return "[" + ", ".join(any_expr(c.sub()) for _ in range(rng.randrange(4))) + "]"
    if k == 1:
        return rng.choice(["[1, 2, 3]", "['a', 'b']", "[]", "[1, 'x', undef]"] +
                          ([] if c.pure and not c.in_lambda else ["$arr"]))
    if k == 2:
        return f"{arr_expr(c.sub())}.map |$e{c.depth}| {{ {lambda_body(c, f'$e{c.depth}')} }}"
    if k == 3:
        return f"{arr_expr(c.sub())}.filter |$e{c.depth}| {{ {bool_expr(c.sub_with(f'$e{c.depth}'))} }}"
    if k == 4:
        return f"({arr_expr(c.sub())} + {arr_expr(c.sub())})"
    if k == 5:
        return f"[{any_expr(c.sub())}] * {rng.choice(['2', '0'])}" if False else \
            f"({arr_expr(c.sub())} - [{any_expr(c.sub())}])"
    if k == 6:
        return f"split({str_expr(c.sub())}, '')"
    return f"{arr_expr(c.sub())}.sort" if False else f"Integer[0, {rng.randint(0, 4)}].map |$j{c.depth}| {{ {lambda_body(c, f'$j{c.depth}', 'int')} }}"


def _sub_with(self, name, kind=None):
    c = self.sub(in_lambda=True)
    c.vars[name] = kind
    return c


Ctx.sub_with = _sub_with


def lambda_body(c, param, kind=None):
    """A lambda's body: may use `next` and outer variables."""
    rng = c.rng
    inner = c.sub_with(param, kind)
    k = rng.randrange(5)
    if k == 0:
        return f"if {bool_expr(inner.sub())} {{ next({any_expr(inner.sub())}) }}\n  {stmt(any_expr(inner))}"
    if k == 1:
        return f"$t{c.depth} = {any_expr(inner.sub())}\n  [$t{c.depth}, {param}]"
    return stmt(any_expr(inner))


def hash_expr(c):
    rng = c.rng
    pairs = [f"{rng.choice(WORDS + ['1', 'true'])} => {any_expr(c.sub())}"
             for _ in range(rng.randrange(3))]
    return "{" + ", ".join(pairs) + "}"


def call_expr(c):
    """A call of one of the functions defined before this one (or this one: recursion,
    guarded by a decreasing integer when there is one)."""
    rng = c.rng
    if not c.fns:
        return int_expr(c.sub())
    name, params = rng.choice(c.fns)
    req = sum(1 for t in params if "=" not in t)
    cut = rng.randint(req, len(params)) if rng.random() < 0.98 else max(0, req - 1)
    args = [arg_expr(c.sub(), t) for t in params[:cut]]
    return f"{name}({', '.join(args)})"


def arg_expr(c, t):
    t = t.split("$")[0]
    if c.rng.random() < 0.9:
        gen = {"Array ": arr_expr, "Hash ": hash_expr, "Numeric ": int_expr,
               "Optional[Integer] ": int_expr, "Optional[String] ": str_expr,
               "Scalar ": str_expr, "Variant[Integer, String] ": str_expr}.get(t)
        if gen:
            return gen(c)
    if KIND.get(t) == "int":
        return int_expr(c)
    if KIND.get(t) == "str":
        return str_expr(c)
    return any_expr(c)


def any_expr(c):
    rng = c.rng
    if c.depth >= 4:
        return rng.choice([int_expr(c), str_expr(c), c.var() or "undef"])
    k = c.pick(17, {8, 10, 12, 13, 14, 15}, soft={8, 10})
    if k < 2:
        return c.var() or ("1" if c.pure else "$top")
    if k == 2:
        return int_expr(c.sub())
    if k == 3:
        return str_expr(c.sub())
    if k == 4:
        return bool_expr(c.sub())
    if k == 5:
        return arr_expr(c.sub())
    if k == 6:
        return hash_expr(c.sub())
    if k == 7:
        key = rng.choice(['0', '1', '-1', "'k'", "'a'"] + ([] if c.pure else ['1, 2']))
        base = any_expr(c.sub()) if rng.random() < 0.3 else \
            rng.choice([arr_expr, hash_expr, str_expr])(c.sub())
        return f"{base}[{key}]"
    if k == 8:
        v = c.var() or "$top"
        return (f"{v} ? {{ Integer => {any_expr(c.sub())}, {rng.choice(REGEXES)} => \"m${{1}}${{0}}\", "
                f"{rng.choice(WORDS)} => {any_expr(c.sub())}, default => {any_expr(c.sub())} }}")
    if k == 9:
        return if_expr(c.sub())
    if k == 10:
        return case_expr(c.sub())
    if k == 11:
        return call_expr(c)
    if k == 12:
        return f"{any_expr(c.sub())}.then |$w{c.depth}| {{ {lambda_body(c, f'$w{c.depth}')} }}"
    if k == 13:
        return f"with({any_expr(c.sub())}) |$w{c.depth}| {{ {lambda_body(c, f'$w{c.depth}')} }}"
    if k == 14:
        return f"{arr_expr(c.sub())}.reduce({int_expr(c.sub())}) |$m{c.depth}, $x{c.depth}| {{ " \
               f"{reduce_body(c, f'$m{c.depth}', f'$x{c.depth}')} }}"
    if k == 15:
        return match_then_use(c.sub())
    return rng.choice(["undef", "true", "false", "1.5"] +
                      ([] if c.pure else ["$top", "$::top", "$arr"]))


def reduce_body(c, m, x):
    inner = c.sub_with(m).sub_with(x)
    rng = c.rng
    k = rng.randrange(3)
    if k == 0:
        return f"if {bool_expr(inner.sub())} {{ break() }}\n  {stmt(any_expr(inner))}"
    if k == 1:
        return f"{m} + {x}"
    return stmt(any_expr(inner))


def match_then_use(c):
    """A match whose variables are read after it: in the branch, after an expression
    statement, and in a selector's or case's result."""
    rng = c.rng
    s = str_expr(c.sub())
    r = rng.choice(REGEXES)
    k = rng.randrange(4)
    if k == 0:
        return f"if {s} =~ {r} {{ \"${{0}}|${{1}}|${{2}}\" }} else {{ ${rng.choice(['0', '1'])} }}"
    if k == 1:
        return f"unless {s} !~ {r} {{ [$0, $1] }}"
    if k == 2:
        return f"case {s} {{ {r}: {{ \"c${{1}}\" }} default: {{ $1 }} }}"
    return f"[{s} =~ {r}, $0, $1]"


def stmt(e):
    """`e` as a statement: a hash literal there would be taken for a resource."""
    return f"({e})" if e.startswith("{") else e


def if_expr(c):
    rng = c.rng
    kw = rng.choice(["if", "if", "unless"])
    out = f"{kw} {bool_expr(c.sub())} {{ {stmt(any_expr(c.sub()))} }}"
    if kw == "if":
        for _ in range(rng.randrange(3)):
            out += f" elsif {bool_expr(c.sub())} {{ {stmt(any_expr(c.sub()))} }}"
    if rng.random() < 0.7:
        out += f" else {{ {stmt(any_expr(c.sub()))} }}"
    return out


def case_expr(c):
    rng = c.rng
    v = c.var() or "$top"
    opts = []
    for _ in range(rng.randint(1, 3)):
        o = rng.choice(["Integer", "String", "1, 2", "'a', 'abc'", rng.choice(REGEXES),
                        "[1, 2]", "Array", "undef", "Numeric"])
        opts.append(f"{o}: {{ {stmt(any_expr(c.sub()))} }}")
    if rng.random() < 0.7:
        opts.append(f"default: {{ {stmt(any_expr(c.sub()))} }}")
    return f"case {v} {{ {' '.join(opts)} }}"


def statements(c):
    """Local assignments, early returns and expression statements, then the result."""
    rng = c.rng
    out = []
    for i in range(rng.randrange(4)):
        k = c.pick(7, {0, 1, 2, 3, 4})
        if k == 6:
            out.append(f"notice({str_expr(c.sub())})")
        elif k < 3:
            name = f"$l{i}"
            kind = rng.choice(["int", "str", None])
            e = int_expr(c.sub()) if kind == "int" else str_expr(c.sub()) if kind == "str" \
                else any_expr(c.sub())
            out.append(f"{name} = {e}")
            c.vars[name] = kind
        elif k == 3:
            out.append(f"if {bool_expr(c.sub())} {{ return({any_expr(c.sub())}) }}")
        elif k == 4:
            out.append(f"{str_expr(c.sub())} =~ {rng.choice(REGEXES)}")
        else:
            out.append(f"if {bool_expr(c.sub())} {{ fail(\"bad ${{{(c.var() or '$top')[1:]}}}\") }}"
                       if not c.pure else f"if {bool_expr(c.sub())} {{ fail(\"bad <{interp(c)}>\") }}")
    last = any_expr(c.sub())
    if last.startswith("{"):
        last = f"({last})"
    out.append(last)
    return "\n  ".join(out)


def function(rng, name, fns):
    params, sig = [], []
    vars_ = {}
    for j in range(rng.randint(0, 3)):
        t = rng.choice(TYPES)
        p = f"$p{j}"
        default = ""
        if j > 0 and rng.random() < 0.3 or (sig and "=" in sig[-1]):
            default = " = " + (rng.choice(["1", "'d'", "undef", f"$p{j - 1}", "[]"])
                               if rng.random() < 0.2 else
                               {"Integer ": "1", "Integer[0, 40] ": "40", "String ": "'d'",
                                "Numeric ": "2.5", "Array ": "[]", "Hash ": "{}",
                                "Optional[String] ": "undef", "Scalar ": "'s'"}.get(t, "undef"))
        sig.append(f"{t}{p}{default}")
        params.append(t + ("$=" if default else ""))
        vars_[p] = KIND.get(t)
    ret = rng.choice(["", "", "", "", "", " >> Any", " >> Any"]) \
        if rng.random() < 0.92 else rng.choice([" >> Scalar", " >> Integer"])
    c = Ctx(rng, vars_, fns, pure=rng.random() < 0.65)
    body = statements(c)
    if rng.random() < 0.25 and params and KIND.get(params[0]) == "int" and "=" not in params[0]:
        # Recursion down to a base case (with an overflow in some programs).
        if c.pure:
            rest = ", ".join(["($p0 - 1)"] + list(vars_)[1:])
            body = (f"if $p0 <= 1 {{ {any_expr(c.sub())} }} else {{ " +
                    rng.choice([f"$p0 * {name}({rest})", f"[{name}({rest}), $p0]",
                                f"\"${{p0}}.${{{name}({rest})}}\"", f"{name}({rest}) + $p0"]) + " }")
            return f"function {name}({', '.join(sig)}){ret} {{\n  {body}\n}}", (name, params)
        body = (f"if $p0 <= 1 {{ return({any_expr(c.sub())}) }}\n  "
                f"$r = {name}({', '.join(['($p0 - 1)'] + [v for v in list(vars_)[1:]])})\n  "
                + rng.choice(['$p0 * $r', '[$r].flatten', '$r', '"${r}."']))
    return f"function {name}({', '.join(sig)}){ret} {{\n  {body}\n}}", (name, params)


def fitting_arg(rng, t):
    """An argument of the parameter's type that depends on the loop's `$i`."""
    t = t.strip()
    if t in ("Integer", "Integer[0, 40]", "Optional[Integer]"):
        return rng.choice(["$i", "($i * 2)", "($i % 7)"] +
                          (["($i - 15)", "($i << 58)", "(-$i)"] if t == "Integer" else []))
    if t in ("String", "Optional[String]"):
        return rng.choice(['"s${i}"', '"${i}"', "'abc'", '"a${$i % 3}b"', "String($i * 3)"])
    if t == "Numeric":
        return rng.choice(["$i", "($i * 1.5)", "($i / 4)"])
    if t in ("Array",):
        return rng.choice(["[$i, 'a']", "[]", "[$i, [$i]]", "Integer[0, $i % 4].map |$q| { $q }"])
    if t in ("Hash",):
        return rng.choice(["{ 'k' => $i }", "{}", "{ 'a' => $i, $i => 'b' }"])
    if t == "Variant[Integer, String]":
        return rng.choice(["$i", '"s${i}"', "($i % 2 == 0 ? { true => $i, default => \"${i}\" })",
                           '[$i, "${i}"][$i % 2]'])
    return rng.choice(["$i", '"s${i}"', "[$i]", "($i % 3 == 0 ? { true => undef, default => $i * 1.5 })",
                       "{ 'k' => $i }", "($i % 2 == 0 ? { true => \"${i}\", default => $i })",
                       "[$i, 's', [$i], undef, $i * 0.5][$i % 5]", "[$i, \"${i}\"][$i % 2]"])


def loop_arg(rng, t):
    """An argument that depends on the loop's `$i`: mostly of the parameter's type, now
    and then changing kind from call to call (a mismatch on the Nth call)."""
    if rng.random() < 0.94:
        return fitting_arg(rng, t)
    if rng.random() < 0.5:
        # changing kind without a selector: an access, which compiles
        return rng.choice([f"[{fitting_arg(rng, t)}, 'late'][$i / {rng.randint(6, 29)}]",
                           f"[$i, \"${{i}}\"][$i % 2]", f"[$i, [$i], undef][$i % 3]",
                           f"[{fitting_arg(rng, t)}, $i * 1.5][$i / {rng.randint(6, 29)}]"])
    k = rng.randrange(10)
    if k == 0:
        return "$i"
    if k == 1:
        return f"\"s${{i}}\""
    if k == 2:
        n = rng.randint(5, 29)
        return f"($i > {n} ? {{ true => 'late', default => {fitting_arg(rng, t)} }})"
    if k == 3:
        return f"($i % {rng.randint(2, 5)} == 0 ? {{ true => \"${{i}}\", default => $i }})"
    if k == 4:
        return f"[$i, 'a']"
    if k == 5:
        return f"($i % 3 == 0 ? {{ true => undef, default => $i * 1.5 }})"
    if k == 6:
        return f"{{ 'k' => $i }}"
    if k == 7:
        return f"($i * {rng.choice(['1', '1000000000', '-3', '2'])})"
    if k == 8:
        return rng.choice(WORDS)
    return f"($i == {rng.randint(1, 30)} ? {{ true => [], default => {fitting_arg(rng, t)} }})"


def loop(rng, fns):
    name, params = rng.choice(fns)
    n = rng.choice([10, 20, 30])
    req = sum(1 for t in params if "=" not in t)
    cut = rng.randint(req, len(params)) if rng.random() < 0.98 else max(0, req - 1)
    args = ", ".join(loop_arg(rng, t.split("$")[0]) for t in params[:cut])
    call = f"{name}({args})"
    k = rng.randrange(6)
    if k == 0:
        return f"Integer[1, {n}].map |$i| {{ {call} }}"
    if k == 1:
        return f"Integer[1, {n}].reduce([]) |$acc, $i| {{ $acc + [{call}] }}"
    if k == 2:
        return (f"Integer[1, {n}].each |$i| {{ $v = {call} "
                f"if $i == {n} {{ notice(\"last ${{v}}\") }} }}")
    if k == 3:
        return f"Integer[1, {n}].filter |$i| {{ {call} =~ {rng.choice(['Integer', 'String', 'Undef', 'Array'])} }}"
    if k == 4:
        return f"Integer[1, {n}].map |$i| {{ with($i) |$y| {{ $i = $y {call} }} }}"
    return f"Integer[1, {n}].map |$i| {{ [{call}, {call}] }}"


def check(rng):
    fns = []
    defs = []
    for n in range(rng.randint(1, 3)):
        d, f = function(rng, f"f{n}", fns)
        defs.append(d)
        fns.append(f)
    loops = [loop(rng, fns) for _ in range(rng.randint(1, 3))]
    top = rng.choice(["1", "'t'", "[1, 2]", "undef"])
    return (f"$top = {top}\n$arr = [1, 'a', 2]\n" + "\n".join(defs) + "\n[\n" +
            ",\n".join(loops) + ",\n]")


FLOAT = re.compile(r"\b\d+\.\d+\b")


def _floats_as_p(text):
    """`text` with each float written as `%p` writes it (`1.500000` is `1.5`)."""
    return FLOAT.sub(lambda m: repr(float(m.group(0))), text)


def deviation(src, expected, got):
    """The documented deviation (docs/deviations.md) a disagreement is, or None."""
    e, g = expected.get("error") or "", got.get("error") or ""
    if "stack level too deep" in e and "stack level too deep" in g:
        return "Depth: the reference's Ruby stack (a recursion thousands of calls deep)"
    if (_floats_as_p(e) == _floats_as_p(g)
            and _floats_as_p(expected.get("value") or "") == _floats_as_p(got.get("value") or "")
            and [_floats_as_p(l) for l in expected.get("log") or []]
            == [_floats_as_p(l) for l in got.get("log") or []]):
        return "the default string format of a Float is %p (the reference: %f)"
    if _extreme_bounds(e) == _extreme_bounds(g) and e != g:
        return "Integer ranges bounded by the 64-bit extremes are the unbounded ones"
    return None


def _extreme_bounds(text):
    """`text` with the reference's Integer[n, n] of the largest 64-bit integer as prepl prints it."""
    for n in ("9223372036854775807",):
        text = text.replace(f"Integer[{n}, {n}]", f"Integer[{n}]")
    return text


if __name__ == "__main__":
    # `functions.py --write N FILE`: N programs (seed `compiled`), one JSON string a line,
    # for prepl's own comparison of compiled bodies with the tree walk
    # (lang/src/tests/compiled_random.rs).
    import json
    import random
    import sys
    if len(sys.argv) != 4 or sys.argv[1] != "--write":
        sys.exit("usage: functions.py --write N FILE")
    rng = random.Random("functions:compiled")
    with open(sys.argv[3], "w") as out:
        for _ in range(int(sys.argv[2])):
            out.write(json.dumps(check(rng)) + "\n")
