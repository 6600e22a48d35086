"""The area `grammar`'s expressions: numbers, booleans, arrays and hashes (literals,
operators, access, method chains with lambdas), and the producers of any kind (`if`,
`unless`, `case`, selectors, `with`/`then`/`lest`, calls of the program's functions); the
generator `Gen` assembles them with the strings' and the types' producers."""
from areas.grammar_base import (ADD, BINARY, BLOCK, ELEM, IN, KINDS, MATCH, NOT, PRIMARY, RICH,
                                SELECT, SHIFT, UMINUS, WORDS, Base, sq)
from areas.grammar_facts import Facts
from areas.grammar_iter import Iters
from areas.grammar_more import More
from areas.grammar_real import Real
from areas.grammar_strings import Strings
from areas.grammar_types import PARAM_TYPES, Types
from areas.grammar_values import Values


SEPARATORS = ["','", "/,/", "''", "/b/", "'a'"]
BARE_WORDS = ["abc", "x::y", "hello_world", "a1", "::top"]
# `in`'s operands: the kinds of the left, the kinds of the right.
IN_OPERANDS = [(["str"], ["str"]), (["int"], ["ints"]), (["str"], ["hash"]),
               (["type", "regexp"], ["arr"]), (["any"], ["arr", "strs"])]


class Exprs:
    # --- literals -----------------------------------------------------------------------
    def lit_int(self):
        """An integer in every base the lexer reads: decimal, hexadecimal (`0x`/`0X`, digits
        of either case), octal (a leading `0`), negated now and then."""
        r, n = self.r, self.r.choice([0, 1, 2, 3, 5, 7, 10, 16, 42, 100, 255, 511])
        f = r.randrange(7)
        if f == 0:
            digits = "%x" % n if r.random() < 0.5 else "%X" % n
            src = r.choice(["0x", "0X"]) + digits
        elif f == 1:
            src = "0" + "%o" % n
        else:
            src = str(n)
        if f == 2 or (f < 2 and r.random() < 0.2):
            return f"-{src}", UMINUS
        return src, PRIMARY

    def lit_float(self):
        """A float in every form the lexer reads: a fraction, an exponent (`e`/`E`, signed
        or not) with or without a fraction, negated now and then."""
        r = self.r
        whole = r.choice(["0", "1", "2", "3", "10", "12"])
        frac = r.choice(["5", "25", "0", "1", "75", "125"])
        exp = r.choice(["1", "2", "-1", "-2", "0", "3", "-3"] + ["16", "-5", "20"] * (r.random() < 0.1))
        e = r.choice(["e", "E"])
        # (zero raised to a power, `0.0e1`, is no number to the reference: the program
        # does not parse; `0e1` is a bad octal number)
        if whole == "0" and frac.strip("0") == "":
            frac = "5"
        src = r.choice([f"{whole}.{frac}", f"{whole}.{frac}", f"{whole}.{frac}{e}{exp}"] +
                       [f"{whole}{e}{exp}"] * (whole != "0"))
        if r.random() < 0.15:
            return f"-{src}", UMINUS
        return src, PRIMARY

    def lit_bool(self):
        return self.r.choice(["true", "false"]), PRIMARY

    def lit_array(self, kind):
        n = 0 if self.flat() else self.r.randrange(4)
        elem = ELEM.get(kind, "any")
        # (a bare word is a string: `[abc, x::y]`)
        items = [self.r.choice(BARE_WORDS) if elem == "str" and self.r.random() < 0.1
                 else self.e(elem, 0, 0) for _ in range(n)]
        return "[" + ", ".join(items) + ("," if items and self.r.random() < 0.1 else "") + \
            "]", PRIMARY

    def lit_hash(self):
        r = self.r
        pairs, keys = [], set()
        for _ in range(0 if self.flat() else r.randrange(4)):
            key = r.choice([sq(r.choice(WORDS)), r.choice(["a", "b", "key"]), self.e("str", 0)])
            # (a literal key given twice, in either quotes or by escapes, `"\u{41}"` and
            # `'A'`, is a validation error)
            text = key.strip("'\"").replace("\\u{41}", "A").replace("\\u0041", "A") \
                .replace("\\u00e9", "é").replace("\\u{7A}", "z")
            if text in keys:
                continue
            keys.add(text)
            pairs.append(f"{key} => {self.e('any', 0, 0)}")
        return "{" + ", ".join(pairs) + "}", PRIMARY

    # --- producers of one kind ----------------------------------------------------------
    def arith(self, kind, d):
        r = self.r
        op = r.choice(["+", "-", "*", "/", "%", "<<", ">>"] if kind == "int" else
                      ["+", "-", "*", "/"])
        a_kind = kind if kind == "int" or r.random() < 0.5 else r.choice(["int", "float"])
        b_kind = kind if a_kind != kind else r.choice([kind, "int"])
        left = self.e(a_kind, d, BINARY[op])
        if op == "/" and left.endswith("}"):
            left = f"({left})"  # (`} /` starts a regexp)
        if op in ("/", "%") and r.random() < 0.9:
            # (a float from an integer's division: by a float)
            right = r.choice(["2", "3", "7", "-4", "1.5"] if kind == "float" and a_kind == kind else
                             ["1.5", "2.0", "-4.0"] if kind == "float" else ["2", "3", "7"])
        elif op in ("<<", ">>"):
            right = str(r.randint(0, 6))
        else:
            if kind == "int" and self.mistakes and r.random() < 0.1:
                right = sq(str(r.randint(0, 9)))  # (a numeric string: an error in strict mode)
            else:
                right = self.e(b_kind, d, BINARY[op] + 1)
        return f"{left} {op} {right}", BINARY[op]

    def negate(self, kind, d):
        operand = self.e(kind, d, UMINUS)
        return "-" + (f"({operand})" if operand.startswith("-") else operand), UMINUS

    def size(self, kind, d):
        r = self.r
        what = self.p(r.choice(["ints", "strs", "arr", "hash", "str"]), d)
        return r.choice([f"size({what})", f"{what}.length", f"length({what})",
                         f"{what}.size"]), PRIMARY

    def int_conv(self, kind, d):
        r = self.r
        if kind == "float":
            s = r.choice(["'1.5'", "'2e3'", "'0.25'", "'3'", "'-1.5'"])
            return r.choice([f"Float({s})", f"Float.new({s})",
                             f"Numeric({r.choice(['7.5', '1e2', '-2.5E-1'] + [' 3', '0.0e1'] * (bool(self.mistakes) and r.random() < 0.1))!r})",
                             f"{self.p('int', d)} + 0.5"]), ADD
        # (`'1_000'` does not convert)
        s = r.choice(["'0x10'", "'017'", "'42'", "'-3'", "'0b101'", "' 5'", "'0X1f'", "'0B11'"] +
                     ["'1_000'"] * (bool(self.mistakes) and r.random() < 0.2))
        return r.choice([f"Integer({s})", f"Integer.new({s})", f"Integer({r.choice(['42', '-3', ' 5'])!r}, 10)",
                         f"Integer('11', {r.choice([2, 8, 16])})",
                         f"Integer({self.e('float', d)})", f"{s}.convert_to(Integer)",
                         f"Integer({self.e('bool', d)})"]), PRIMARY

    def reduce(self, kind, d):
        r = self.r
        start = r.choice(["" if kind == "int" else f"({self.e(kind, 0, 0)})",
                          f"({self.e(kind, 0, 0)})"])
        # (without a start value, `reduce` of an empty array is undef, which the operator
        # taking it fails on: then mostly over an array that has elements)
        src = self.p("ints", d) if start or r.random() < 0.1 else \
            "[" + ", ".join(self.e("int", d, 0) for _ in range(r.randint(1, 3))) + "]"
        m, x = self.fresh("m"), self.fresh("x")
        body = self.body(kind, d, [(m, kind), (x, "int")])
        if kind == "int" and r.random() < 0.5:
            body = f"${m} {r.choice(['+', '-', '*'])} ${x}"
        return f"{src}.reduce{start} |${m}, ${x}| {{ {body} }}", PRIMARY

    def or_else(self, src, kind):
        """`src`, an element of an array of unknown length (undef when out of range),
        with a value of `kind` in its place then (`$a[2].lest || { 5 }`), but now and then in
        the programs that make mistakes."""
        if not self.mistakes or self.r.random() < 0.5:
            return f"{src}.lest || {{ {self.e(kind, 0, 0)} }}"
        return src

    def index(self, kind, d):
        r = self.r
        if kind in ("int", "str") and r.random() < 0.6:
            # (an element of an array of known length: one out of range is undef)
            elem = [self.e(kind, d, 0) for _ in range(r.randint(1, 3))]
            return f"[{', '.join(elem)}][{r.randint(-len(elem), len(elem) - 1)}]", PRIMARY
        if kind == "int":
            return self.or_else(f"{self.p('ints', d)}[{r.randint(-3, 3)}]", kind), PRIMARY
        if kind == "str":
            return self.one_of(
                lambda: f"{self.p('str', d)}[{r.randint(-2, 2)}]",
                lambda: f"{self.p('str', d)}[{r.randint(0, 2)}, {r.randint(-1, 3)}]",
                lambda: self.or_else(f"{self.p('strs', d)}[{r.randint(-2, 2)}]", kind)), PRIMARY
        if kind == "arr" and r.random() < 0.3:
            # (a hash's values of several keys, an array)
            return f"{self.p('hash', d)}[{self.e('str', d, 0)}, {self.e('str', 0, 0)}]", PRIMARY
        if kind in ("ints", "strs", "arr"):
            return f"{self.p(kind, d)}[{r.randint(-2, 2)}, {r.randint(-1, 3)}]", PRIMARY
        return f"{self.p('hash', d)}[{self.e('str', d, 0)}]", PRIMARY

    def compare(self, kind, d):
        r = self.r
        k = r.choice(["int", "int", "float", "str", "any"])
        ops = ["==", "!="] + (["<", "<=", ">", ">="] if k != "any" else [])
        op = r.choice(ops)
        b = k if k != "float" else r.choice(["int", "float"])
        return f"{self.e(k, d, BINARY[op] + 1)} {op} {self.e(b, d, BINARY[op] + 1)}", BINARY[op]

    def logic(self, kind, d):
        r = self.r
        op = r.choice(["and", "or"])
        if r.random() < 0.3:
            return "!" + self.e("bool", d, NOT), NOT
        return f"{self.e('bool', d, BINARY[op])} {op} {self.e('bool', d, BINARY[op] + 1)}", BINARY[op]

    def match(self, kind, d):
        r = self.r
        op = r.choice(["=~", "!~"])
        if r.random() < 0.5:
            # (a string pattern: a random one may not compile)
            rhs = self.one_of(lambda: self.e("regexp", d, MATCH + 1), lambda: self.e("regexp", d, MATCH + 1),
                              lambda: self.e("str", 0, MATCH + 1))
            return f"{self.e('str', d, MATCH)} {op} {rhs}", MATCH
        return f"{self.e('any', d, MATCH)} {op} {self.e('type', d, MATCH + 1)}", MATCH

    def in_(self, kind, d):
        r = self.r
        left, right = r.choice(IN_OPERANDS)
        return f"{self.e(r.choice(left), d, IN)} in {self.e(r.choice(right), d, IN + 1)}", IN

    def predicate(self, kind, d):
        r = self.r
        c = self.p(r.choice(["ints", "strs", "arr", "hash"]), d)
        x = self.fresh("x")
        body = self.body("bool", d, [(x, "any")])
        if r.random() < 0.2:
            # (a match binds looser than a postfix: `{} + {} =~ NotUndef` is `{} + ({} =~ ...)`)
            return f"{self.e('any', d, MATCH)} =~ NotUndef", MATCH
        return r.choice([f"{c}.any |${x}| {{ {body} }}", f"{c}.all |${x}| {{ {body} }}",
                         f"empty({c})", f"{c}.empty"]), PRIMARY

    def array_op(self, kind, d):
        r = self.r
        elem = ELEM.get(kind, "any")
        fns = ["sort", "unique"] if kind != "arr" else ["flatten", "unique"]
        return self.one_of(
            lambda: (f"{self.e(kind, d, ADD)} {r.choice(['+', '-'])} {self.e(kind, d, ADD + 1)}", ADD),
            lambda: (f"{self.e(kind, d, SHIFT)} << {self.e(elem, d, SHIFT + 1)}", SHIFT),
            lambda: (f"[{self.splat(kind, d)}, {self.e(elem, d, 0)}]", PRIMARY),
            lambda: (f"{self.p(kind, d)}.{r.choice(fns + ['reverse_each.map |$q| { $q }'])}", PRIMARY),
            lambda: (self.one_of(*self.array_makers(kind, d)), PRIMARY))

    def array_makers(self, kind, d):
        """Makers of arrays of `kind` from other values (split, keys, ranges, steps...)."""
        r = self.r
        if kind == "strs":
            return [lambda: f"split({self.e('str', d)}, {r.choice(SEPARATORS)})",
                    lambda: f"keys({self.e('hash', d)})", lambda: f"{self.p('hash', d)}.keys"]
        if kind == "ints":
            return [lambda: f"{self.p('ints', d)}.map |$q| {{ $q * 2 }}",
                    lambda: f"Integer[{r.randint(0, 2)}, {r.randint(2, 5)}].map |$q| {{ $q }}",
                    lambda: f"{r.randint(0, 4)}.map |$q| {{ $q }}",
                    lambda: f"[{self.e('int', d, 0)}, {self.e('int', d, 0)}].step(2).map |$q| {{ $q }}"]
        return [lambda: f"{self.p('hash', d)}.map |$k, $v| {{ [$k, $v] }}",
                lambda: f"values({self.e('hash', d)})", lambda: f"Array({self.e('hash', d)})",
                lambda: f"[{self.e('arr', d, 0)}].flatten",
                lambda: f"{self.p('any', d)}.with |$q| {{ [$q, $q] }}"]

    def splat(self, kind, d):
        return "*" + self.e(kind, d, UMINUS)

    def chain(self, kind, d):
        """A method-call chain with lambdas over an array (map, filter, sort...)."""
        r = self.r
        src = self.p(kind, d)
        elem = ELEM.get(kind, "any")
        for _ in range(r.randint(1, 3)):
            x = self.fresh("x")
            k = r.randrange(4)
            if k == 0:
                src += f".filter |{self.lparam(x, elem)}| {{ {self.body('bool', d, [(x, elem)])} }}"
            elif k == 1 and r.random() < 0.3:
                src += self.jumping(x, elem, d)
            elif k == 1:
                src += f".map |{self.lparam(x, elem)}| {{ {self.body(elem, d, [(x, elem)])} }}"
            elif k == 2:
                # (`sort` of values of different types fails)
                src += r.choice([".sort" if elem != "any" else ".unique", ".unique", "[0, 2]",
                                 ".slice(2).map |$s| { $s[0] }" if elem != "any" else ".flatten"])
            else:
                i = self.fresh("i")
                src += f".map |${i}, ${x}| {{ {self.body(elem, d, [(i, 'int'), (x, elem)])} }}" \
                    if elem != "any" else f".filter |${x}| {{ ${x} =~ {self.e('type', 0)} }}"
        return src, PRIMARY

    def jumping(self, x, elem, d):
        """A lambda step that leaves its lambda now and then: `next` and `break` (with a
        value and without), `return` in a function (from the function), in every iterator
        (`map`, `each` with and without an index, `filter`, `reduce`, `slice`, and those
        whose result is not the array, `reverse_each`, `step`, `tree_each`, `any`, `all`,
        `index`, on the array in a `then`); `break` in `any`, `all` and `index` is an error
        in the reference (illegal there): rarely."""
        r = self.r
        self.scope.append((x, elem))
        k = r.randrange(9)
        legal = r.random() < 0.05 or k < 6
        jumps = ["next"] + ["break"] * legal + (["return", "return"] if self.in_function else [])
        jump = r.choice(jumps)
        # (a bare `next` is a name, a value: only with parentheses; `break` takes no value)
        # (`return` leaves the function with a value of the function's kind)
        value = self.e(self.ret_kind if jump == "return" else "bool" if k > 5 else elem, 0, 0)
        jump += "()" if jump == "break" or r.random() < 0.3 and jump != "return" else f"({value})"
        test = self.e("bool", d, 0)
        if k == 0:
            out = f".map |${x}| {{ if {test} {{ {jump} }}; {self.e(elem, d, 0)} }}"
        elif k == 1:
            out = f".filter |${x}| {{ unless {test} {{ {jump} }}; true }}"
        elif k == 2:
            index = f"${self.fresh('i')}, " if r.random() < 0.4 else ""
            out = f".each |{index}${x}| {{ if {test} {{ {jump} }} }}"
        elif k == 3:
            m = self.fresh("m")
            # (a `break` leaves undef: an empty array then)
            out = f".reduce |${m}, ${x}| {{ if {test} {{ {jump} }}; ${x} }}.then |$q| {{ [$q] }}.lest || {{ [] }}"
        elif k == 4:
            s = self.fresh("s")
            out = f".slice(1) |${s}| {{ ${x} = ${s}[0]; if {test} {{ {jump} }} }}"
        else:
            # (an iteration whose result is not the array, the array given on)
            it = r.choice(["reverse_each", "step(2)", "tree_each({include_containers => false})"] if k == 5
                          else ["any", "all", "index"])
            tail = f"; {self.e('bool', 0, 0)}" if k > 5 else ""
            out = f".then |$q| {{ $q.{it} |${x}| {{ if {test} {{ {jump} }}{tail} }}; $q }}"
        self.scope.pop()
        return out

    def hash_op(self, kind, d):
        r = self.r
        return self.one_of(
            lambda: (f"{self.e('hash', d, ADD)} + {self.e('hash', d, ADD + 1)}", ADD),
            lambda: (f"{self.e('hash', d, ADD)} - {self.e(r.choice(['strs', 'hash']), d, ADD + 1)}", ADD),
            lambda: (self.hash_filter(d), PRIMARY),
            lambda: (f"Hash({self.p('strs', d)}.map |$q| {{ [$q, {self.e('any', 0, 0)}] }})", PRIMARY),
            # (integer keys now and then: no `Hash[String, Any]` then)
            lambda: (f"{self.p('strs', d)}.group_by |$q| {{ {r.choice(['String($q.size)', '$q[0]'] * 4 + ['$q.size'])} }}", PRIMARY),
            lambda: (self.hash_reduce(d), PRIMARY))

    def hash_filter(self, d):
        k, v = self.fresh("k"), self.fresh("v")
        return f"{self.p('hash', d)}.filter |${k}, ${v}| {{ {self.body('bool', d, [(k, 'str'), (v, 'any')])} }}"

    def hash_reduce(self, d):
        m, x = self.fresh("m"), self.fresh("x")
        body = self.body('any', d, [(x, 'str')], f"${m} + {{ ${x} => %s }}")
        return f"{self.p('strs', d)}.reduce({{}}) |${m}, ${x}| {{ {body} }}"

    def undef_(self, kind, d):
        r = self.r
        return r.choice([f"{self.p('hash', d)}['missing']", f"{self.p('ints', d)}[99]",
                         f"if {self.e('bool', d)} {{ }}", "undef",
                         f"{self.p('any', d)}.then |$q| {{ undef }}"]), PRIMARY

    # --- producers of any kind -----------------------------------------------------------
    def cond(self, kind, d):
        r = self.r
        k = r.randrange(3)
        c = self.e("bool", d, 0)
        if k == 0 and r.random() < 0.3 and kind in ("str", "any"):
            # a match that sets $0..$n for its branch
            c = f"{self.e('str', d, MATCH)} =~ {r.choice(['/(a)(b)?/', '/^(.)/', '/(?<w>b)/'])}"
            return f"if {c} {{ \"${{0}}|${{1}}|${{2}}\" }} else {{ {self.e(kind, d, 0)} }}", BLOCK
        assigned = None
        if k < 2 and not self.in_default and r.random() < 0.15:
            # (a variable assigned in the condition (not in a parameter's default: `Assignment
            # not allowed here`), read in the branches, as modules do:
            # `if ($m = $x =~ /.../) { ... }`, `unless ($n = $a.size) > 2`)
            t, vk = self.fresh("t"), r.choice(["int", "str"])
            value = self.e(vk, d, 0)
            c = f"(${t} = {value}) > {r.randint(-1, 5)}" if vk == "int" else \
                f"(${t} = {value}) {r.choice(['=~', '!~'])} {r.choice(['/a/', '/^$/', '/(b)/'])}"
            assigned = (t, vk)
            self.scope.append(assigned)
        try:
            return self.cond_of(kind, d, k, c)
        finally:
            if assigned:
                self.scope.remove(assigned)

    def cond_of(self, kind, d, k, c):
        """`cond`'s conditional of the form `k` over the condition `c`."""
        r = self.r
        if k == 0:
            # (an `elsif` chain; no `else` only where undef may come out)
            src = f"if {c} {{ {self.e(kind, d, 0)} }}"
            for _ in range(self.r.choice([0, 0, 1, 1, 2, 3])):
                src += f" elsif {self.e('bool', d, 0)} {{ {self.e(kind, d, 0)} }}"
            return src + self.otherwise(kind, d, " else {{ {} }}"), BLOCK
        if k == 1:
            return f"unless {c} {{ {self.e(kind, d, 0)} }}" + self.otherwise(kind, d, " else {{ {} }}"), BLOCK
        c = self.e("bool", d, SELECT)
        return f"{c} ? {{ true => {self.e(kind, d, 0)}, default => {self.e(kind, d, 0)} }}", SELECT

    def selector(self, kind, d):
        r = self.r
        sk = r.choice(["int", "str", "any"])
        subject = self.e(sk, d, SELECT)
        if r.random() < 0.05:
            # (the form of one option without braces: `$x ? default => 1`)
            return f"({subject} ? {r.choice(['default', 'Any'])} => {self.e(kind, d, 0)})", PRIMARY
        opts = [self.option(sk, d) for _ in range(r.randint(1, 3))]
        body = ", ".join(f"{o} => {self.e(kind, d, 0)}" for o in opts)
        k = r.random()
        if k < 0.9:
            body += f", default => {self.e(kind, d, 0)}"
        elif k < 0.998 or not self.mistakes:
            # (a type every value matches, in place of `default`)
            body += f", {r.choice(['Any', 'Optional[Any]'])} => {self.e(kind, d, 0)}"
        return f"{subject} ? {{ {body} }}", SELECT

    def option(self, sk, d):
        r = self.r
        return r.choice([self.e(sk if sk != "any" else "int", 0, 0), self.lit_type()[0],
                         self.lit_regexp()[0], f"[{self.e('any', 0, 0)}, {self.e('any', 0, 0)}]"])

    def case(self, kind, d):
        r = self.r
        sk = r.choice(["int", "str", "any"])
        if r.random() < 0.25:
            return self.case_match(kind, d)
        arms = []
        for _ in range(r.randint(1, 3)):
            opts = ", ".join(self.option(sk, d) for _ in range(r.randint(1, 2)))
            arms.append(f"{opts}: {{ {self.e(kind, d, 0)} }}")
        arms.append(self.otherwise(kind, d, "default: {{ {} }}"))
        return f"case {self.e(sk, d, 0)} {{ {' '.join(filter(None, arms))} }}", BLOCK

    def case_match(self, kind, d):
        """A `case` over a string with regexp options whose arms read `$0..$n`, and type
        options (also of the rich types)."""
        r = self.r
        arms = []
        for _ in range(r.randint(1, 3)):
            if r.random() < 0.6:
                rx = r.choice(["/(a)(b)?/", "/^(.)(.)?/", "/(?<w>b)/", "/é|(x) (y)/", "/\\d+/"])
                # (the match's groups where a string is taken)
                value = '"${0}|${1}|${2}"' if kind in ("str", "any") else self.e(kind, d, 0)
                arms.append(f"{rx}: {{ {value} }}")
            else:
                opts = ", ".join(r.choice([self.lit_type()[0], "String[3]", "Pattern[/b/]",
                                           "Enum['a', 'ab']", "Sensitive"]) for _ in range(r.randint(1, 2)))
                arms.append(f"{opts}: {{ {self.e(kind, d, 0)} }}")
        arms.append(self.otherwise(kind, d, "default: {{ {} }}"))
        return f"case {self.e('str', d, 0)} {{ {' '.join(filter(None, arms))} }}", BLOCK

    def with_(self, kind, d):
        r = self.r
        a_kind = r.choice(KINDS)
        x = self.fresh("x")
        arg = self.e(a_kind, d, 0)
        body = self.body(kind, d, [(x, a_kind)])
        if r.random() < 0.25:
            v = self.e(r.choice([kind, "undef"]), d, PRIMARY)
            return f"{v}.lest || {{ {self.e(kind, d, 0)} }}", PRIMARY
        if r.random() < 0.15:
            return self.with_args(kind, d), PRIMARY
        return r.choice([f"with({arg}) |{self.lparam(x, a_kind)}| {{ {body} }}",
                         f"{self.p(a_kind, d)}.then |{self.lparam(x, a_kind)}| {{ {body} }}"]), PRIMARY

    def with_args(self, kind, d):
        """`with` given `key => value` arguments (one hash: `with(a => 1) |$h|`), or more
        arguments than named parameters (`with(1, 2, 3) |$x, *$rest|`)."""
        r = self.r
        if r.random() < 0.5:
            h = self.fresh("h")
            pairs = ", ".join(f"{r.choice(['a', 'b', 'key'])}{i} => {self.e('any', d, 0)}"
                              for i in range(r.randint(1, 3)))
            return f"with({pairs}) |${h}| {{ {self.body(kind, d, [(h, 'hash')])} }}"
        x, rest, a_kind = self.fresh("x"), self.fresh("r"), r.choice(KINDS)
        args = [self.e(a_kind, d, 0)] + [self.e("any", d, 0) for _ in range(r.randint(0, 3))]
        body = self.body(kind, d, [(x, a_kind), (rest, "arr")])
        return f"with({', '.join(args)}) |{self.lparam(x, a_kind)}, *${rest}| {{ {body} }}"

    def lparam(self, x, kind):
        """A lambda's parameter `$x` for values of `kind`, typed now and then
        (`Integer $x`)."""
        if kind in PARAM_TYPES and self.r.random() < 0.25:
            return f"{self.r.choice(PARAM_TYPES[kind])} ${x}"
        return f"${x}"

    def call(self, kind, d):
        fs = [f for f in self.funcs if f[2] == kind or kind == "any"]
        if not fs:
            return self.e(kind, d, 0), 0
        r = self.r
        name, params, _, required, rest = r.choice(fs)
        # (the parameters with defaults left out now and then, more for `*$rest`)
        n = len(params) if r.random() < 0.6 else r.randint(required, len(params))
        args = [self.e(k, d, 0) for k in params[:n]]
        if rest and n == len(params):
            args += [self.e(rest, d, 0) for _ in range(r.randint(0, 2))]
        comma = "," if args and r.random() < 0.05 else ""
        if len(args) > 1 and r.random() < 0.3:
            # (a method call's arguments take no trailing comma, a syntax error: rarely)
            comma = comma if r.random() < 0.05 else ""
            return f"{self.p(params[0], d)}.{name}({', '.join(args[1:])}{comma})", PRIMARY
        return f"{name}({', '.join(args)}{comma})", PRIMARY



class Gen(Exprs, Strings, Types, Values, Iters, Real, Facts, More, Base):
    LITERALS = {
        "int": Exprs.lit_int, "float": Exprs.lit_float, "str": Strings.lit_str,
        "bool": Exprs.lit_bool, "ints": lambda g: g.lit_array("ints"),
        "strs": lambda g: g.lit_array("strs"), "arr": lambda g: g.lit_array("arr"),
        "hash": Exprs.lit_hash, "type": Types.lit_type, "regexp": Types.lit_regexp,
        "undef": lambda g: ("undef", PRIMARY), RICH: Types.lit_rich, "rec": Types.lit_record,
        "deferred": Types.lit_deferred,
    }
    PRODUCERS = {
        "int": [Exprs.arith, Exprs.arith, Exprs.negate, Exprs.size, Exprs.int_conv, Exprs.reduce,
                Exprs.index, Types.rich_value_of, Values.newer, Values.typed_lambda, Types.conversion,
                Iters.iterating, Real.real, Facts.fact, More.more],
        "float": [Exprs.arith, Exprs.arith, Exprs.int_conv, Exprs.negate],
        "str": [Strings.str_fn, Strings.str_fn, Exprs.index, Strings.epp, Types.rich_value_of,
                Values.flag_format, Values.flag_format, Values.newer, Iters.iterating, Real.real,
                Facts.fact, More.more, More.more],
        "bool": [Exprs.compare, Exprs.compare, Exprs.logic, Exprs.match, Exprs.in_,
                 Types.type_cmp, Exprs.predicate, Types.rich_test, Values.newer, Types.conversion,
                 Iters.iterating, Real.real, Facts.fact, More.more],
        "ints": [Exprs.array_op, Exprs.chain, Exprs.index, Values.iterated, Values.typed_lambda,
                 Iters.iterating],
        "strs": [Exprs.array_op, Exprs.chain, Exprs.index, Iters.iterating, More.more],
        "arr": [Exprs.array_op, Exprs.chain, Exprs.index, Types.conversion, Iters.iterating, More.more],
        "hash": [Exprs.hash_op, Exprs.hash_op, Types.conversion, Iters.iterating, More.more],
        "type": [Types.type_access, Types.type_access, Types.type_of, Values.semver_algebra],
        "regexp": [Types.regexp_conv],
        "undef": [Exprs.undef_],
        RICH: [Types.rich, Types.rich, Values.newer],
        "rec": [],
        "deferred": [],
    }
    COMMON = [Exprs.cond, Exprs.selector, Exprs.case, Exprs.with_, Exprs.call, Types.object_value]
