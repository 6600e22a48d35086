"""The area `grammar`'s forms of real modules it did not make (session 52): `dig`, `get`
and `getvar` with defaults and `lest`, `versioncmp`, `assert_type` with and without a
lambda, `match` of strings and arrays, the string functions modules call (`camelcase`,
`rstrip`, `chop`, `shellquote`, `md5`/`sha1`/`sha256`), `ceiling`/`floor`/`round`, types of
one bound (`Integer[3]`, `String[2]`, `Float[1.5]`: the least value), selectors over regexps
reading `$1`, and Timespan arithmetic (a difference, a product, a negation, compared)."""
from areas.grammar_base import CMP, MATCH, PRIMARY, SELECT, sq

VERSIONS = ["'1.2.3'", "'1.10.0'", "'2.0'", "'1.0.0-rc1'", "'1.2a'", "'10'", "'0.9.9'", "'a'"]
# (nested data for `dig` and `get`: its paths, some missing)
# (a key of the wrong kind for an array's step, `'a'`, is an error: each data with its paths)
NESTED = [("{a => {b => [1, 2]}, c => 'x'}", ["'a', 'b', 1", "'a', 'b'", "'c'", "'x', 'y'", "'a', 'x', 0"]),
          ("[1, [2, 3], {k => 'v'}]", ["1, 0", "2, 'k'", "0", "5, 1", "1, 7"]),
          ("{a => [{b => 5}]}", ["'a', 0, 'b'", "'a', 1, 'b'", "'a'", "'b', 'c'"])]
# (a hash of the program's: keys only, its values may be arrays)
OWN_PATHS = ["'a'", "'key'", "'b'", "'x'"]
HASHES = ["md5", "sha1", "sha256"]
ONE_BOUND = ["Integer[3]", "Integer[-2]", "String[2]", "Float[1.5]", "Array[Integer, 2]",
             "Hash[String, Any, 1]", "Collection[2]", "Timespan[60]"]


class Real:
    def real(self, kind, d):
        """A value of `kind` made by one of the forms below."""
        makers = {"int": [self.real_dig, self.real_versioncmp, self.real_rounding, self.real_getvar],
                  "str": [self.real_dig, self.real_string_fn, self.real_regexp_select, self.real_getvar,
                          self.real_assert, self.real_timespan, self.real_rest],
                  "bool": [self.real_one_bound, self.real_versioncmp, self.real_match,
                           self.real_timespan]}[kind]
        return self.r.choice(makers)(kind, d)

    def real_dig(self, kind, d):
        """A value dug out of nested data (a literal, or a hash of the program's), `undef` for
        a path that is not there, then the value of `kind` after `lest`."""
        r = self.r
        data, paths = r.choice(NESTED + [(self.p("hash", d), OWN_PATHS)])
        path = r.choice(paths)
        dotted = sq(".".join(p.strip("'") for p in path.split(", ")))
        if r.random() < 0.5:
            got = f"{data}.dig({path})" if r.random() < 0.7 else f"dig({data}, {path})"
        elif r.random() < 0.5:
            got = f"{data}.get({dotted})"
        else:
            # (a default, or a lambda called with the error when a step is no collection)
            tail = r.choice([f", {self.e(kind, 0, 0)})", f") |$e| {{ {self.e(kind, 0, 0)} }}"])
            got = f"get({data}, {dotted}{tail}"
        check = "Integer" if kind == "int" else "String"
        return (f"{got}.then |$q| {{ $q =~ {check} ? {{ true => $q, default => {self.e(kind, 0, 0)} }} }}"
                f".lest || {{ {self.e(kind, 0, 0)} }}"), PRIMARY

    def real_getvar(self, kind, d):
        """A variable read by its name (`getvar('v3')`, top scope's `'::v3'`, an element by a
        dotted path), a default when there is none."""
        r = self.r
        names = [n for n, k in self.scope if k == kind and "::" not in n]
        name = r.choice(names) if names and r.random() < 0.7 else "nope"
        return f"getvar({sq(name)}, {self.e(kind, 0, 0)})", PRIMARY

    def real_versioncmp(self, kind, d):
        r = self.r
        cmp = f"versioncmp({r.choice(VERSIONS)}, {r.choice(VERSIONS)})"
        if kind == "bool":
            return f"{cmp} {r.choice(['<', '>=', '=='])} 0", CMP
        return cmp, PRIMARY

    def real_rounding(self, kind, d):
        r = self.r
        f = r.choice(["ceiling", "floor", "round"])
        v = self.e(r.choice(["float", "int"]), d, 0)
        return r.choice([f"{f}({v})", f"({v}).{f}"]), PRIMARY

    def real_string_fn(self, kind, d):
        r = self.r
        s = self.p("str", d)
        return self.one_of(
            lambda: f"{s}.camelcase",
            lambda: f"{s}.{r.choice(['rstrip', 'chop', 'chomp'])}",
            lambda: f"{r.choice(HASHES)}({self.e('str', d, 0)})",
            lambda: f"shellquote({self.e('str', d, 0)}, {self.e(r.choice(['strs', 'str']), d, 0)})",
            lambda: f"{self.p('strs', d)}.camelcase.join('-')"), PRIMARY

    def real_regexp_select(self, kind, d):
        """A selector whose options are regexps, the value reading the match's groups."""
        r = self.r
        subject = self.e("str", d, SELECT)
        opts = [f"{rx} => {v}" for rx, v in r.sample([
            ("/^(\\w)(\\w)?/", '"${1}-${2}"'), ("/(b)/", "$1"), ("/^$/", "'empty'"),
            ("/(?<n>a)(.*)/", '"${0}/${2}"'), ("/\\s/", '"${0}"')], r.randint(1, 3))]
        return f"{subject} ? {{ {', '.join(opts)}, default => {self.e('str', 0, 0)} }}", SELECT

    def real_assert(self, kind, d):
        """`assert_type` that passes the value on, or calls its lambda with the expected and
        the actual type when the value does not match."""
        r = self.r
        t = r.choice(["String", "String[1]", "Integer", "Enum['a', 'b']", "Pattern[/^a/]"])
        v = self.e(r.choice(["str", "any"]), d, 0)
        return f"String(assert_type({t}, {v}) |$e, $a| {{ \"${{e}}/${{a}}\" }})", PRIMARY

    def real_match(self, kind, d):
        r = self.r
        s = self.e(r.choice(["str", "strs"]), d, 0)
        rx = r.choice(["/(a)(b)?/", "/^(.)/", "'b(.)'", "/x/", "Pattern[/a/]"])
        return f"{r.choice(['match', 'match'])}({s}, {rx}) =~ {r.choice(['Undef', 'Array', 'Array[Undef]', 'Array[Array]'])}", MATCH

    def real_one_bound(self, kind, d):
        """A match against a type of one bound: the least value (size), none greatest."""
        r = self.r
        t = r.choice(ONE_BOUND)
        v = {"Integer": "int", "String": "str", "Float": "float", "Array": "ints", "Hash": "hash",
             "Collection": "arr", "Timespan": "int"}[t.split("[")[0]]
        value = self.e(v, d, MATCH) if not t.startswith("Timespan") else f"Timespan({self.e('int', d, 0)})"
        return f"{value} =~ {t}", MATCH

    def real_timespan(self, kind, d):
        """Timespans subtracted, multiplied, negated and compared, shown or tested."""
        r = self.r
        a = f"Timespan({self.e('int', 0, 0)})"
        b = "Timespan(%s)" % r.choice(["60", "3600", "1.5", "'1-00:00:00'", "{ minutes => 2 }"])
        made = r.choice([f"{a} - {b}", f"{b} * {r.choice(['2', '1.5', '-1'])}", f"-{b}",
                         f"{b} + {self.e('int', 0, 0)}"])
        if kind == "bool":
            return f"({made}) {r.choice(['<', '>', '==', '>='])} {b}", CMP
        return r.choice([f"String({made})", f"({made}).strftime('%H:%M:%S')"]), PRIMARY

    def real_rest(self, kind, d):
        """A lambda with typed parameters and a typed captures-rest one, as modules write
        them (`|String $first, String *$others|`, `|$k, Hash *$r|`): the rest given no
        value, one or several (of another type in the programs that make mistakes)."""
        r = self.r
        first, rest = r.choice([("String", "String"), ("Integer", "Integer"), ("Any", "Scalar"),
                                ("", "Optional[String]"), ("Variant[String, Integer]", "")])
        wrong = bool(self.mistakes) and r.random() < 0.3
        kinds = {"String": "str", "Integer": "int", "Scalar": "int", "Optional[String]": "str", "": "any"}
        k_first = kinds.get(first, "str") if first not in ("Any", "Variant[String, Integer]") else "int"
        k_rest = kinds[rest] if not wrong else "hash"
        args = [self.e(k_first, 0, 0)] + [self.e(k_rest, 0, 0) for _ in range(r.randint(0, 3))]
        a, rs = self.fresh("x"), self.fresh("r")
        head = (f"{first} " if first else "") + f"${a}, " + (f"{rest} " if rest else "") + f"*${rs}"
        body = r.choice([f'"${{{a}}}:${{{rs}.length}}:${{{rs}.join(\'-\')}}"',
                         f"([${a}] + ${rs}).map |$q| {{ String($q) }}.join(',')",
                         f"${rs}.empty ? {{ true => 'none', default => String(${rs}[-1]) }}"])
        return f"with({', '.join(args)}) |{head}| {{ {body} }}", PRIMARY
