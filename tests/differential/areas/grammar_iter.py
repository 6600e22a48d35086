"""The area `grammar`'s iterating functions with each of their signatures (session 51): a
hash's lambda given a `[key, value]` pair (`|$p|`) or the key and the value (`|$k, $v|`),
an array's given the index too (`|$i, $x|`), over strings and integers as well (`'abc'.map`,
`5.reduce`, `Integer[1, 4].filter |$i, $x|`); `partition`, `group_by`, `index` (with a
lambda and with a value), `slice` with one parameter per element, `any`/`all` with an index,
`sort`/`max`/`min` with a comparing lambda, `unique` with a key, `tree_each` with a path and
its options; and values matched against `Struct` types with `Optional` and `NotUndef` keys
and `Tuple` types with optional elements and sizes."""
from areas.grammar_base import MATCH, PRIMARY, sq
from areas.grammar_types import PARAM_TYPES

# (a hash literal for a record's keys `a`..`d`, some left out, some undef)
STRUCT_KEYS = ["a", "b", "c", "d"]
STRUCT_VALUES = {"int": ["1", "-5", "undef"], "str": ["'x'", "''", "undef"],
                 "strs": ["['a']", "[]", "undef"]}
STRUCT_TYPES = {"int": ["Integer", "Optional[Integer]", "NotUndef[Integer]", "Integer[0, 9]"],
                "str": ["String", "Optional[String]", "String[1]", "NotUndef"],
                "strs": ["Array[String]", "Optional[Array[String, 1]]", "Tuple[String, 0, 1]"]}
TREE_OPTIONS = ["", "{include_containers => false}", "{include_values => false}",
                "{order => 'breadth_first'}", "{include_root => false}",
                "{include_containers => false, order => 'breadth_first'}"]


class Iters:
    def iterating(self, kind, d):
        """A value of `kind` made by an iterating function in one of its signatures."""
        makers = {"int": [self.it_count, self.it_extreme, self.it_index, self.it_reduce],
                  "str": [self.it_extreme, self.it_key, self.it_chars],
                  "bool": [self.it_test, self.it_test, self.record_match],
                  "ints": [self.it_sorted, self.it_filtered, self.it_pairs_of],
                  "strs": [self.it_sorted, self.it_keys, self.it_chars_of],
                  "arr": [self.it_partition, self.it_pairs, self.it_slices, self.it_tree],
                  "hash": [self.it_grouped, self.it_hash_filter]}
        return self.r.choice(makers[kind])(kind, d)

    # --- what a lambda is given ------------------------------------------------------------
    def it_source(self, elem, d, chars=True):
        """An iterable of `elem` values and the parameters a lambda over it takes: (source,
        [(variable, kind)] of each parameter; a hash's pair is an array); a string of
        characters with `chars`, or an integer or a range of them (which `partition` does
        not take)."""
        r = self.r
        x = self.fresh("x")
        if elem == "pair":
            k, v = self.fresh("k"), self.fresh("v")
            both = r.random() < 0.5
            return self.p("hash", d), ([(k, "str"), (v, "any")] if both else [(x, "arr")])
        if elem == "int" and chars and r.random() < 0.3:
            src = r.choice([str(r.randint(0, 5)), f"Integer[{r.randint(-2, 1)}, {r.randint(1, 4)}]"])
        elif elem == "str" and chars and r.random() < 0.2:
            # (a string iterates over its characters)
            return self.p("str", d), [(x, "str")]
        else:
            src = self.p("ints" if elem == "int" else "strs", d)
        if r.random() < 0.4:
            return src, [(self.fresh("i"), "int"), (x, elem)]
        return src, [(x, elem)]

    def lam(self, params):
        """A lambda's parameter list, typed now and then (not by a range: the elements of
        an array of integers may be any size)."""
        def one(n, k):
            types = [t for t in PARAM_TYPES.get(k, []) if "[-" not in t]
            return f"{self.r.choice(types)} ${n}" if types and self.r.random() < 0.25 else f"${n}"
        return ", ".join(one(n, k) for n, k in params)

    def subject(self, params):
        """An expression over the iterated value the lambda is given (the pair's value or
        key read from `$p[1]`), for a test."""
        n, k = params[-1]
        if k == "arr":
            return self.r.choice([f"${n}[1]", f"${n}[0]"]), "any"
        return f"${n}", k

    def test_body(self, params, d):
        """A lambda's Boolean body over its parameters."""
        r = self.r
        v, k = self.subject(params)
        if k == "int" and r.random() < 0.6:
            return f"{v} {r.choice(['>', '<', '>=', '=='])} {self.e('int', 0, 0)}"
        if k == "str" and r.random() < 0.6:
            return r.choice([f"{v} =~ /{r.choice(['a', '^b', '.', 'x y'])}/", f"{v}.size > 1",
                             f"{v} in {sq(r.choice(['abc', 'Hello', 'a,b']))}"])
        if k == "any" and r.random() < 0.6:
            return f"{v} =~ {self.e('type', 0, 0)}"
        if len(params) == 2 and params[0][1] == "int" and r.random() < 0.5:
            return f"${params[0][0]} % 2 == 0"
        return self.body("bool", d, params)

    # --- values of one kind ----------------------------------------------------------------
    def it_count(self, kind, d):
        f = self.r.choice(["filter", "partition"])
        src, params = self.it_source(self.r.choice(["int", "str", "pair"]), d, f == "filter")
        tail = ".size" if f == "filter" else "[0].size"
        return f"{src}.{f} |{self.lam(params)}| {{ {self.test_body(params, d)} }}{tail}", PRIMARY

    def it_extreme(self, kind, d):
        """`max`/`min` of numbers or strings, by a comparing lambda now and then (strings
        by their sizes), or as a function of several arguments."""
        r = self.r
        f = r.choice(["max", "min"])
        many = "ints" if kind == "int" else "strs"
        a, b = self.fresh("a"), self.fresh("b")
        if r.random() < 0.25:
            args = ", ".join(self.e(kind, d, 0) for _ in range(r.randint(1, 3)))
            return f"{f}({args})", PRIMARY
        # (of an empty array: undef, then the value after `lest`)
        src = f"({self.p(many, d)} + [{self.e(kind, 0, 0)}])"
        if r.random() < 0.5:
            key = "" if kind == "int" else ".size"
            order = r.choice([f"${a}{key}, ${b}{key}", f"${b}{key}, ${a}{key}"])
            return f"{src}.{f} |${a}, ${b}| {{ compare({order}) }}", PRIMARY
        return f"{src}.{f}", PRIMARY

    def it_index(self, kind, d):
        """`index` of an array (with a lambda given the element, or the index and the
        element, or with a value), undef when nothing is found."""
        r = self.r
        if r.random() < 0.3:
            probe = f"index({self.e('int', 0, 0)})"
            return f"{self.p('ints', d)}.{probe}.lest || {{ -1 }}", PRIMARY
        src, params = self.it_source("int", d)
        return (f"{src}.index |{self.lam(params)}| {{ {self.test_body(params, d)} }}"
                f".lest || {{ -1 }}"), PRIMARY

    def it_reduce(self, kind, d):
        """`reduce` of an integer, a range of them, or a hash (its pairs: the memo a number)."""
        r = self.r
        m = self.fresh("m")
        if r.random() < 0.5:
            src, params = self.it_source("pair", d)
            if len(params) == 2:
                params = [params[1]]
                params[0] = (self.fresh("p"), "arr")
            p = params[0][0]
            return (f"{src}.reduce({self.e('int', 0, 0)}) |${m}, ${p}| "
                    f"{{ ${m} + String(${p}[0]).size }}"), PRIMARY
        src = r.choice([str(r.randint(1, 6)), f"Integer[{r.randint(-2, 2)}, {r.randint(2, 5)}]"])
        x = self.fresh("x")
        start = r.choice(["", f"({self.e('int', 0, 0)})"])
        return f"{src}.reduce{start} |${m}, ${x}| {{ ${m} {r.choice(['+', '-', '*'])} ${x} }}", PRIMARY

    def it_key(self, kind, d):
        """The key of a hash whose value (or pair) passes a test, or that holds a value."""
        r = self.r
        if r.random() < 0.3:
            return f"{self.p('hash', d)}.index({self.e('any', 0, 0)}).lest || {{ 'none' }}", PRIMARY
        src, params = self.it_source("pair", d)
        if len(params) == 1:
            # (`index`'s one parameter is given a hash's value, not the pair)
            params = [(params[0][0], "any")]
        return (f"{src}.index |{self.lam(params)}| {{ {self.test_body(params, d)} }}"
                f".lest || {{ 'none' }}"), PRIMARY

    def it_chars(self, kind, d):
        """A string's characters iterated and joined again."""
        r = self.r
        x = self.fresh("x")
        f = r.choice([f"map |${x}| {{ ${x}.upcase }}", "reverse_each", f"filter |${x}| {{ ${x} != 'a' }}",
                      "step(2)"])
        return f"Array({self.p('str', d)}.{f}).join({sq(r.choice(['', '-']))})", PRIMARY

    def it_test(self, kind, d):
        r = self.r
        src, params = self.it_source(r.choice(["int", "str", "pair"]), d)
        return f"{src}.{r.choice(['any', 'all'])} |{self.lam(params)}| {{ {self.test_body(params, d)} }}", PRIMARY

    def it_sorted(self, kind, d):
        """`sort` with a comparing lambda, `unique` by a key."""
        r = self.r
        a, b = self.fresh("a"), self.fresh("b")
        src = self.p(kind, d)
        if r.random() < 0.4:
            key = r.choice([f"${a} % 3", f"${a} < 0"] if kind == "ints" else [f"${a}.downcase", f"${a}.size"])
            return f"{src}.unique |${a}| {{ {key} }}", PRIMARY
        key = "" if kind == "ints" else r.choice(["", ".size"])
        order = r.choice([f"${a}{key}, ${b}{key}", f"${b}{key}, ${a}{key}"])
        return f"{src}.sort |${a}, ${b}| {{ compare({order}) }}", PRIMARY

    def it_filtered(self, kind, d):
        src, params = self.it_source("int", d)
        return f"{src}.filter |{self.lam(params)}| {{ {self.test_body(params, d)} }}", PRIMARY

    def it_pairs_of(self, kind, d):
        """Numbers from a hash's pairs (`map |$p|` or `|$k, $v|`)."""
        src, params = self.it_source("pair", d)
        key = f"${params[0][0]}" + ("[0]" if len(params) == 1 else "")
        return f"{src}.map |{self.lam(params)}| {{ String({key}).size }}", PRIMARY

    def it_keys(self, kind, d):
        src, params = self.it_source("pair", d)
        f = self.r.choice(["map", "filter"])
        if f == "filter":
            return f"{src}.filter |{self.lam(params)}| {{ {self.test_body(params, d)} }}.keys", PRIMARY
        key = f"${params[0][0]}" + ("[0]" if len(params) == 1 else "")
        return f"{src}.map |{self.lam(params)}| {{ String({key}) }}", PRIMARY

    def it_chars_of(self, kind, d):
        x = self.fresh("x")
        return f"{self.p('str', d)}.map |${x}| {{ ${x} }}", PRIMARY

    def it_partition(self, kind, d):
        src, params = self.it_source(self.r.choice(["int", "str", "pair"]), d, False)
        return f"{src}.partition |{self.lam(params)}| {{ {self.test_body(params, d)} }}", PRIMARY

    def it_pairs(self, kind, d):
        """A hash's pairs: mapped as they come (`|$p|`), or each with an index."""
        r = self.r
        src, params = self.it_source("pair", d)
        if len(params) == 1:
            return f"{src}.map |${params[0][0]}| {{ ${params[0][0]} }}", PRIMARY
        i, p = self.fresh("i"), self.fresh("p")
        return f"Array({src}).map |${i}, ${p}| {{ [${i}] + ${p} }}" if r.random() < 0.5 else \
            f"{src}.map |${params[0][0]}, ${params[1][0]}| {{ [${params[1][0]}, ${params[0][0]}] }}", PRIMARY

    def it_slices(self, kind, d):
        """`slice(n)` with one lambda parameter per element of a slice (undef after the
        last element), or one for the whole slice; of a hash, slices of pairs."""
        r = self.r
        n = r.randint(1, 3)
        src = self.p(r.choice(["ints", "strs", "hash"]), d)
        names = [self.fresh("s") for _ in range(n)]
        if r.random() < 0.5 or n == 1:
            return f"{src}.slice({n}).map |${names[0]}| {{ ${names[0]} }}", PRIMARY
        if r.random() < 0.3:
            m = self.fresh("m")
            return f"{src}.slice({n}).reduce([]) |${m}, ${names[0]}| {{ ${m} + [${names[0]}] }}", PRIMARY
        # (each slice given to `slice`'s own lambda, one parameter per element)
        params = ", ".join("$" + s for s in names)
        return (f"with({src}) |$q| {{ $q.slice({n}) |{params}| {{ notice([{params}]) }}; "
                f"Array($q) }}"), PRIMARY

    def it_tree(self, kind, d):
        """`tree_each` with the path and the value (options now and then), its paths or
        values collected; without a lambda, an iterator mapped."""
        r = self.r
        # (no types inside: the reference walks a type's Pcore attributes, `Hash[String]`'s
        # `key_type`..., a documented deviation)
        src = r.choice([f"[{self.e('ints', 0, 0)}, {{a => {self.e('strs', 0, 0)}}}]",
                        f"{{a => {self.e('ints', d, 0)}, b => {{c => {self.e('strs', d, 0)}}}}}",
                        f"[[1, [2, [3]]], {self.e('int', 0, 0)}]"])
        opts = r.choice(TREE_OPTIONS)
        args = f"({opts})" if opts else ""
        p, v = self.fresh("p"), self.fresh("v")
        if r.random() < 0.3:
            return f"{src}.tree_each{args}.map |${v}| {{ ${v} }}", PRIMARY
        return (f"with({src}) |$q| {{ $q.tree_each{args} |${p}, ${v}| {{ notice([${p}, ${v}]) }}; "
                f"$q.tree_each{args}.map |${v}| {{ ${v}[0] }} }}"), PRIMARY

    def it_grouped(self, kind, d):
        """`group_by` of a hash (its pairs by key and value) or of an array with the index."""
        r = self.r
        if r.random() < 0.5:
            k, v = self.fresh("k"), self.fresh("v")
            return f"{self.p('hash', d)}.group_by |${k}, ${v}| {{ String(String(${k}).size) }}", PRIMARY
        i, x = self.fresh("i"), self.fresh("x")
        return f"{self.p(r.choice(['ints', 'strs']), d)}.group_by |${i}, ${x}| {{ String(${i} % 2) }}", PRIMARY

    def it_hash_filter(self, kind, d):
        """A hash filtered by its pairs (`|$p|`)."""
        p = self.fresh("p")
        params = [(p, "arr")]
        return f"{self.p('hash', d)}.filter |${p}| {{ {self.test_body(params, d)} }}", PRIMARY

    # --- records ---------------------------------------------------------------------------
    def record_match(self, kind, d):
        """A hash matched against a `Struct` with `Optional`/`NotUndef` keys and values, or an
        array against a `Tuple` with optional elements and a size range."""
        r = self.r
        if r.random() < 0.35:
            n = r.randint(1, 3)
            elems = [r.choice(["Integer", "String", "Optional[Integer]", "NotUndef", "Any"]) for _ in range(n)]
            lo, hi = r.randint(0, n), r.choice([str(n + 1), "default", str(n)])
            vals = ", ".join(r.choice(["1", "'a'", "undef", "[]"]) for _ in range(r.randint(0, n + 1)))
            return f"[{vals}] =~ Tuple[{', '.join(elems)}, {lo}, {hi}]", MATCH
        keys = r.sample(STRUCT_KEYS, r.randint(1, 3))
        kinds = {k: r.choice(list(STRUCT_TYPES)) for k in keys}
        members = []
        for k in keys:
            name = r.choice(["{}", "{}", "Optional[{}]", "NotUndef[{}]"]).format(
                k if r.random() < 0.5 else sq(k))
            members.append(f"{name} => {r.choice(STRUCT_TYPES[kinds[k]])}")
        given = [k for k in keys if r.random() < 0.7] + ([r.choice(["e", "a"])] if r.random() < 0.15 else [])
        hash_src = ", ".join(f"{k} => {r.choice(STRUCT_VALUES[kinds.get(k, 'int')])}" for k in dict.fromkeys(given))
        op = r.choice(["=~", "!~"])
        return f"{{{hash_src}}} {op} Struct[{{{', '.join(members)}}}]", MATCH
