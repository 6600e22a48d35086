"""The area `grammar`'s types and rich values: type literals and parameterized types over
inner type expressions, `type()`, type comparisons, regexps, type aliases' definitions, the
parameter types of functions and classes, and values of the rich data types (`Sensitive`,
`Deferred`, `Timespan`, `SemVer`, `SemVerRange`, `Binary`) made, compared and converted."""
from areas.grammar_base import ADD, CMP, MATCH, MUL, PRIMARY, BINARY, RICH, WORDS, sq

TYPES = ["Integer", "String", "Integer[0, 10]", "String[1]", "Float", "Numeric",
         "Array[Integer]", "Hash[String, Any]", "Optional[String]", "Boolean",
         "Enum['a', 'b']", "Pattern[/^a/]", "Variant[Integer, String]",
         "Tuple[Integer, String]", "Struct[{a => Integer}]", "Undef",
         "Scalar", "Collection[1]", "Data", "Regexp", "Type[Integer]",
         "NotUndef", "Any", "Default", "Iterable", "ScalarData", "Regexp[/a/]", "Float[0.0, 1.5]"]
RICH_TYPES = ["Sensitive", "Sensitive[String]", "Timespan", "Timespan[0, 100]", "SemVer",
              "SemVer['>=1.0.0']", "SemVerRange", "Deferred", "Binary", "Sensitive[Integer]",
              "Timestamp", "Timestamp['2000-01-01', default]", "Callable", "Init[Integer]", "Iterator"]
REGEXPS = ["/a/", "/^a+b?$/", "/(a)(b)?/", "/x y/", "/[0-9]+/", "/\\d/", "/(?<n>b)/", "/a|b/",
           "/\\//", "//"]
PARAM_TYPES = {"int": ["Integer", "Integer[-100, 1000]", "Numeric", "Any"],
               "float": ["Float", "Numeric"], "str": ["String", "Optional[String]", "Scalar"],
               "bool": ["Boolean"],
               "ints": ["Array[Integer]", "Array", "Tuple[Integer, 0, default]"],
               "strs": ["Array[String]", "Tuple[String, Optional[String], 0, default]"],
               "arr": ["Array", "Array[Any]"], "hash": ["Hash", "Hash[String, Any]"],
               "type": ["Type"], "regexp": ["Regexp"],
               # (a record: a Struct with optional keys, a Tuple with optional elements)
               "rec": ["Struct[{a => Integer, Optional[b] => String, c => Optional[Array[String]], "
                       "Optional[d] => Tuple[Integer, Optional[String], 1, 2]}]",
                       "Struct[{Optional['a'] => Numeric, Optional[b] => Optional[String], Optional[c] => Any, "
                       "Optional[d] => Array}]"]}
RICH_LITERALS = ["Sensitive('s3cret')", "Sensitive.new(42)", "Timespan(60)",
                 "Timespan('1-02:03:04')", "Timespan({ hours => 1, minutes => 30 })",
                 "Timespan(1.5)", "SemVer('1.2.3-rc.1+b5')", "SemVer(1, 2, 3)",
                 "SemVerRange('>=1.0.0 <2.0.0')", "SemVerRange('~1.2')",
                 "Deferred('join', [['a', 'b'], ','])", "Deferred('upcase', ['x'])",
                 "Binary('aGVsbG8=')", "Binary('hi', '%s')", "Timespan('02:00', '%H:%M')",
                 "default"]


# Attribute types of Object types by kind, with literals for their default values (a type
# alias's definition holds literals only).
OBJECT_ATTRS = {"int": ("Integer", lambda r: str(r.randint(0, 9))),
                "str": ("String", lambda r: sq(r.choice(WORDS))),
                "bool": ("Boolean", lambda r: r.choice(["true", "false"])),
                "float": ("Float", lambda r: r.choice(["1.5", "0.25"])),
                "ints": ("Array[Integer]", lambda r: r.choice(["[]", "[1, 2]"]))}
OBJECT_NAMES = ["a", "b", "c", "x", "y", "n"]


def object_type(g, name):
    """An Object type's definition (`Object[{parent => Go1, attributes => {...}}]`), its
    attributes of several kinds, a default value now and then, a parent (an earlier Object
    type) now and then; registered with its attributes in the constructor's order (those
    without a default first, the parent's before its own)."""
    r = g.r
    parent = r.choice(g.objects) if g.objects and r.random() < 0.3 else None
    inherited = parent[1] if parent else []
    taken = {a for a, _, _ in inherited}
    own, srcs = [], []
    for _ in range(r.randint(1, 3)):
        free = [n for n in OBJECT_NAMES if n not in taken]
        if not free:
            break
        attr, kind = r.choice(free), r.choice(list(OBJECT_ATTRS))
        taken.add(attr)
        t, literal = OBJECT_ATTRS[kind]
        default = r.random() < 0.3
        srcs.append(f"{attr} => {{ type => {t}, value => {literal(r)} }}" if default else f"{attr} => {t}")
        own.append((attr, kind, default))
    attrs = inherited + own
    g.objects.append((name, [a for a in attrs if not a[2]] + [a for a in attrs if a[2]]))
    head = f"parent => {parent[0]}, " if parent else ""
    return f"Object[{{{head}attributes => {{{', '.join(srcs)}}}}}]"


# Types of class and define parameters given `Deferred` values: checked by the function's
# declared return type (none: a warning), not by the value (session 52).
DEFERRED_PARAM_TYPES = ["String", "Optional[String]", "Variant[String, Deferred]", "Any",
                        "Optional[Variant[String, Sensitive[String], Deferred]]", "String[1]"]
# (functions without a return type; `notice` declares `Undef`, which a `String` refuses)
DEFERRED_CALLS = ["Deferred('join', [['a', 'b'], '-'])", "Deferred('upcase', ['x'])",
                  "Deferred('sprintf', ['%s-%05d', 'a', 7])", "Deferred('join', [[1, 2]])",
                  "Deferred('md5', ['pw'])"]


class Types:
    def param_type(self, kind):
        """A parameter's type for values of `kind`, now and then an alias of one defined
        before (`type Gk3 = Array[Integer]`)."""
        if kind == "deferred":
            return self.r.choice(DEFERRED_PARAM_TYPES)
        named = [name for name, k in self.aliases if k == kind]
        # (a TypeSet's members are found once the set has been evaluated: not by a class's
        # or define's parameters, resolved before, `Resource type not found`)
        named += [name for name, k in self.set_members if k == kind and not self.in_catalog]
        if named and self.r.random() < 0.4:
            return self.r.choice(named)
        return self.r.choice(PARAM_TYPES[kind])

    def lit_deferred(self):
        """A `Deferred` for a parameter of `DEFERRED_PARAM_TYPES`: a built-in function (no
        return type), or one of the program's declaring `>> String`; in the programs that
        make mistakes now and then one that takes none of its arguments, or `notice`
        (`Undef`)."""
        r = self.r
        if self.mistakes and r.random() < 0.1:
            return r.choice(["Deferred('notice', ['x'])", "Deferred('join')"] +
                            [f"Deferred({sq(f)}, [1, 2])" for f in self.deferrable]), PRIMARY
        if self.deferrable and r.random() < 0.4:
            return f"Deferred({sq(r.choice(self.deferrable))}, [{self.e('str', 0, 0)}])", PRIMARY
        return r.choice(DEFERRED_CALLS), PRIMARY

    def lit_record(self):
        """A hash that both record types of `PARAM_TYPES` accept: `a` and now and then `b`,
        with `c` and `d` of the first's."""
        r = self.r
        pairs = [f"a => {self.e('int', 0, 0)}"]
        if r.random() < 0.5:
            pairs.append(f"b => {self.e('str', 0, 0)}")
        rec = [f"c => {r.choice(['undef', self.e('strs', 0, 0)])}",
               f"d => [{self.e('int', 0, 0)}{r.choice(['', ', undef', ', ' + self.e('str', 0, 0)])}]"]
        return "{" + ", ".join(pairs + rec * (r.random() < 0.5)) + "}", PRIMARY

    def lit_type(self):
        r = self.r
        # (in a catalog, no recursive type: the reference cannot write it)
        aliases = [a for a, _ in self.aliases if not (self.in_catalog and a in self.recursive)]
        aliases += [m for m, _ in self.set_members if not self.in_catalog]
        if aliases and r.random() < 0.3:
            return r.choice(aliases), PRIMARY
        types = [t for t in TYPES if not (self.in_catalog and t == "Data")]
        return r.choice(types + (RICH_TYPES if r.random() < 0.15 else [])), PRIMARY

    def lit_regexp(self):
        return self.r.choice(REGEXPS), PRIMARY

    def type_access(self, kind, d):
        r = self.r
        inner = self.e("type", d, 0)
        return r.choice([f"Array[{inner}]", f"Optional[{inner}]", f"Hash[String, {inner}]",
                         f"Variant[{inner}, {self.e('type', 0, 0)}]", f"Type[{inner}]",
                         "Integer[%d, %d]" % tuple(sorted([r.randint(-3, 9), r.randint(-3, 9)])),
                         "String[%d, %d]" % tuple(sorted([r.randint(0, 3), r.randint(2, 5)])),
                         f"Tuple[{inner}, {r.randint(0, 2)}, {r.randint(2, 3)}]",
                         f"Struct[{{ a => {inner}, Optional[b] => Integer }}]",
                         f"Enum[{self.e('str', 0, 0)}, 'b']", f"Pattern[{self.lit_regexp()[0]}]",
                         f"NotUndef[{inner}]", f"Array[{inner}, 1]", f"Sensitive[{inner}]",
                         f"Callable[{inner}]", f"Callable[[{inner}, 0, 2], {self.e('type', 0, 0)}]",
                         f"Init[{inner}]", f"Iterable[{inner}]", f"Iterator[{inner}]",
                         "Float[%s, %s]" % tuple(sorted([r.choice(["-1.5", "0.0", "1e2"]), r.choice(["2.5", "0.25"])], key=float)),
                         f"Regexp[{self.lit_regexp()[0]}]", f"Regexp[{sq(r.choice(['a+', '^x', 'b|c']))}]",
                         f"Enum[{self.e('str', 0, 0)}, 'B', true]"]), PRIMARY

    def type_of(self, kind, d):
        r = self.r
        return r.choice([f"type({self.e('any', d)})", f"type({self.e('any', d)}, 'generalized')",
                         f"Type({sq(r.choice(['Integer[1, 2]', 'Array[String]', 'Optional[Enum[a]]']))})"]), PRIMARY

    def conversion(self, kind, d):
        """A value made by a type's `new` that no other producer makes: `Boolean` from
        strings and numbers, `Array` of any value (wrapped: `Array(x, true)`), `Tuple` and
        `Struct` as conversions, `Hash` from pairs or a flat list, `Optional[T]` and
        `NotUndef[T]` converting to `T`."""
        r = self.r
        if kind == "bool":
            return r.choice([f"Boolean({sq(r.choice(['yes', 'no', 'true', 'False', 'y', 'N']))})",
                             f"Boolean({self.e(r.choice(['int', 'float']), d, 0)})",
                             f"Boolean.new({self.e('bool', d, 0)})"]), PRIMARY
        if kind == "hash":
            k, v = self.e("str", d, 0), self.e("any", d, 0)
            return r.choice([f"Hash([[{k}, {v}]])", f"Hash([{k}, {v}, 'x', {self.e('int', 0, 0)}])",
                             f"Struct[{{a => Integer, Optional[b] => Any}}]({{a => {self.e('int', d, 0)}}})",
                             f"Hash[String, Any]({{{k} => {v}}})"]), PRIMARY
        if kind == "int":
            s = sq(r.choice(["3", "0x1F", "-7", "017"]))
            return r.choice([f"Optional[Integer]({s})", f"NotUndef[Integer]({s})",
                             f"Integer[-100, 100].new({s})"]), PRIMARY
        return r.choice([f"Array({self.e('any', d, 0)}, true)", f"Array({self.p('arr', d)})",
                         f"Tuple[Integer, String]([{self.e('int', d, 0)}, {self.e('str', d, 0)}])",
                         f"Array[Any]({self.e('hash', d, 0)})"]), PRIMARY

    def regexp_conv(self, kind, d):
        return f"Regexp({sq(self.r.choice(['a+', '^x', 'b|c', '[0-9]']))})", PRIMARY

    def type_cmp(self, kind, d):
        op = self.r.choice(["<", "<=", "==", ">", "!="])
        return f"{self.e('type', d, CMP + 1)} {op} {self.e('type', d, CMP + 1)}", BINARY[op]

    # --- rich values ----------------------------------------------------------------------
    def lit_rich(self):
        return self.r.choice(RICH_LITERALS), PRIMARY

    def rich(self, kind, d):
        """A rich value made from expressions."""
        r = self.r
        return r.choice([f"Sensitive({self.e('any', d, 0)})",
                         f"Timespan({self.e(r.choice(['int', 'float']), d, 0)})",
                         f"Timespan({self.e('int', 0)}) + {self.e(r.choice(['int', 'float']), d, ADD + 1)}",
                         f"Timespan(60) * {self.e('int', d, MUL + 1)}",
                         f"SemVer(\"1.${{({self.e('int', 0)}).abs}}.0\")",
                         f"Deferred({sq(r.choice(['join', 'upcase', 'sprintf']))}, "
                         f"[{self.e('any', d, 0)}])",
                         f"{self.p('str', d)}.then |$q| {{ Sensitive($q) }}"]), PRIMARY

    def rich_test(self, kind, d):
        """A boolean over rich values: comparisons, matches against their types."""
        r = self.r
        t, s = self.e("int", 0, CMP + 1), self.e("int", d, CMP + 1)
        # (a comparison binds looser than a match: the whole is a comparison's operand)
        return r.choice([f"Timespan({t}) {r.choice(['<', '>=', '=='])} Timespan({s})",
                         f"SemVer('1.2.3') {r.choice(['<', '>', '=='])} SemVer({sq(r.choice(['1.10.0', '1.2.3', '0.9.9-a']))})",
                         f"SemVer({sq(r.choice(['1.2.3', '2.0.0', '1.0.0-rc1']))}) =~ "
                         f"SemVerRange({sq(r.choice(['>=1.0.0', '~1.2', '1.x', '<2.0.0']))})",
                         f"{self.e('any', d, MATCH)} =~ {r.choice(RICH_TYPES)}",
                         f"Sensitive({self.e('any', d, 0)}) =~ Sensitive[{self.e('type', 0, 0)}]",
                         f"Sensitive('a') == Sensitive('a')"]), CMP

    def object_value(self, kind, d):
        """An object of one of the program's Object types (by positional arguments, a hash
        of them, `new`), or where one of their attributes is of `kind`, that attribute's
        value (`Go1(1, 'a').b`)."""
        r = self.r
        fit = [(o, a) for o in self.objects for a, k, _ in o[1] if k == kind]
        if not fit and not (kind in ("any", RICH) and self.objects):
            return self.e(kind, d, 0), 0
        (name, attrs), attr = r.choice(fit) if fit else (r.choice(self.objects), None)
        required = sum(1 for _, _, dflt in attrs if not dflt)
        given = attrs[:r.randint(required, len(attrs))]
        if r.random() < 0.3:
            args = "{" + ", ".join(f"{a} => {self.e(k, d, 0)}" for a, k, _ in r.sample(given, len(given))) + "}"
        else:
            args = ", ".join(self.e(k, d, 0) for _, k, _ in given)
        src = f"{name}{r.choice(['', '', '.new'])}({args})"
        return (f"{src}.{attr}" if attr else src), PRIMARY

    def rich_value_of(self, kind, d):
        """A plain value from a rich one: `unwrap`, conversions, formats, components."""
        r = self.r
        if kind == "int":
            return r.choice([f"Integer(Timespan({self.e('int', d, 0)}))",
                             f"Sensitive({self.e('int', d, 0)}).unwrap"]), PRIMARY
        return r.choice([f"strftime(Timespan({self.e('int', d, 0)}), '%H:%M:%S')",
                         f"Timespan({self.e('int', d, 0)}).strftime('%D %-Hh %Mm')",
                         f"String({self.lit_rich()[0]})", f"String(SemVer('1.2.3'), '%p')",
                         f"Sensitive({self.e('str', d, 0)}).unwrap",
                         f"Sensitive({self.e('str', d, 0)}).unwrap |$q| {{ \"<${{q}}>\" }}",
                         f"String(Binary({self.e('str', d, 0)}, '%s'), '%B')"]), PRIMARY


def kinded_alias(g):
    """A type alias for the parameters of one kind (the kind, the type's source)."""
    kind = g.r.choice(list(PARAM_TYPES))
    return kind, g.r.choice(PARAM_TYPES[kind])


def alias_type(g):
    """A type alias's definition: types and literals only (what the type parser reads)."""
    r = g.r
    base = g.lit_type()[0]
    return r.choice([base, f"Array[{base}]", f"Variant[{base}, {g.lit_type()[0]}]",
                     f"Optional[{base}]", f"Hash[String, {base}]", f"Tuple[{base}, 1, 2]",
                     f"Struct[{{x => {base}}}]"])


SET_MEMBERS = ["Num", "Word", "Rec", "Key", "Pt", "Val", "Item"]


def typeset(g, name):
    """A TypeSet's definition (`TypeSet[{pcore_version => '1.0.0', types => {Num =>
    Integer, Pt => Object[{...}]}}]`): members of a parameter kind (`kinded_alias`), plain
    types and now and then an Object type, registered with their full names (`Ts1::Num`)
    for parameters, type expressions and values (`Ts1::Pt(1, 'a')`). No member refers to
    another (the reference writes such a member as `Ts1::Num = Integer[0, 9]` inside the
    other, prepl resolves it: not examined)."""
    r = g.r
    members = []
    for member in r.sample(SET_MEMBERS, r.randint(1, 3)):
        full = f"{name}::{member}"
        k = r.randrange(10)
        if k < 2:
            members.append(f"{member} => {object_type(g, full)}")
            g.set_members.append((full, None))
        elif k < 6:
            kind, src = kinded_alias(g)
            members.append(f"{member} => {src}")
            g.set_members.append((full, kind))
        else:
            members.append(f"{member} => {r.choice([t for t in TYPES if t != 'Data'])}")
            g.set_members.append((full, None))
    version = f"version => '1.{r.randint(0, 3)}.0', " if r.random() < 0.3 else ""
    return f"TypeSet[{{pcore_version => '1.0.0', {version}types => {{{', '.join(members)}}}}}]"
