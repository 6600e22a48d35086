"""The area `grammar`'s forms of session 49: formats with flags, widths and precisions for
each kind of value (`String(v, '%-+08.3e')`, `sprintf`), `Init` types, iterators and the
`Iterable`/`Iterator` types, `Callable` types (compared, and the block types of the
iterating functions matched against typed lambdas), `SemVer` types over several ranges and
`SemVerRange` values, and timestamps (made from numbers, from strings with formats, with
`strftime`'s flags, arithmetic and comparisons)."""
from areas.grammar_base import CMP, MATCH, PRIMARY, RICH, sq

# Flags, widths and precisions of a `%` format by the kind of value (the type letters each
# kind takes; another is an error).
LETTERS = {"int": "dxXobBeEfgGaAsp", "float": "feEgGaAspdxob", "str": "spCcudt",
           "bool": "tTyYspd", "arr": "asp", "hash": "hsap", "undef": "spndvV"}
FLAGS = ["", "", "#", "+", "-", "0", " ", "-+", "#0", "+0", "# ", "-#"]
DELIMITERS = ["<", "[", "(", "{", "|"]
# Timestamps and their formats (UTC, or an offset written in the text).
TIMESTAMPS = ["'2021-03-04T05:06:07.890 UTC'", "'2016-09-06T08:34:59 UTC'", "'1999-12-31'",
              "'2020-02-29T23:59:59.999999 UTC'"]
TIMESTAMP_PARSED = [("'2015'", "'%Y'"), ("'04/03/21 10:00'", "'%d/%m/%y %H:%M'"),
                    ("'Wed Aug 24 12:13:14 2016'", "'%c'"),
                    ("'2021-03-04 10:00 +0200'", "'%F %H:%M %z'"),
                    ("'12:30 2020-01-01'", "['%F', '%H:%M %F']")]
STRFTIMES = ["'%Y-%m-%d %H:%M:%S.%L %z'", "'%-d/%-m/%y'", "'%_m|%e|%k'", "'%^a %^B %#b'",
             "'%j %U %W %u %w'", "'%G-W%V-%u'", "'%s'", "'%3N|%6N|%N'", "'%:z %::z'",
             "'%I:%M %p %P'", "'%D %T %R'", "'%F %r'", "'%C%y %h %A'", "'%v'", "'%%%n%t|'",
             "'%010s'", "'%-l %_H %0e'"]
RANGES = ["'>=1.0.0 <2.0.0'", "'~1.2'", "'^1.2.3'", "'1.x'", "'1.2.3 - 2.0.0'", "'<1.5.0'",
          "'>1.0.0'", "'=1.2.3'", "'*'", "'1.2.x'", "'>=1.0.0-rc.1'", "'^0.2.3'", "'~0.1'"]
DISJOINT = ["'<1.0.0'", "'~1.2'", "'>=3.0.0'", "'2.x'", "'=1.5.0'"]
VERSIONS = ["'1.2.3'", "'1.10.0'", "'0.2.5'", "'2.0.0'", "'1.0.0-rc.1'", "'1.2.3+b7'", "'3.1.4'"]
CALLABLES = ["Callable", "Callable[Integer]", "Callable[Numeric]", "Callable[0, 0]",
             "Callable[2, 2]", "Callable[String, 1, 2]", "Callable[[Integer, 2, 2], Float]",
             "Callable[Integer, Callable[1, 1]]", "Callable[[Any], Integer]",
             "Callable[Scalar, Integer]", "Callable[Optional[String]]", "Callable[0, default]"]
# (an iterator: what an iterating function without a lambda gives)
ITERATORS = ["{a}.reverse_each", "{a}.step(2)", "{a}.reverse_each.step(2)", "{n}.reverse_each",
             "Integer[1, {m}].step(2)", "{a}.step(1).reverse_each"]
# (types whose `new` an `Init` type calls: not `Optional`, `Iterable`)
INIT_TYPES = ["Integer", "String", "Array[Integer]", "Float", "Numeric", "Boolean", "Array", "Tuple[String]"]
# (an `Init` type and a value its `new` takes)
INIT_NEW = [("Integer", "'5'"), ("String", "5"), ("Float", "'2.5'"), ("Numeric", "'0x1f'"),
            ("Array[Integer]", "[1, 2]"), ("Boolean", "'yes'"), ("Array", "{ a => 1 }"),
            ("Tuple[String]", "['x']"), ("Hash", "[1, 2]"), ("Integer[0, 10]", "'7'")]
ITERABLE_TYPES = ["Iterable", "Iterable[Integer]", "Iterator", "Iterator[Integer]",
                  "Iterable[String]", "Iterator[Any]", "Iterable[Integer[0, 9]]"]


def flagged(r, kind):
    """A `%` format of `kind` with flags, a width and a precision now and then."""
    flags = r.choice(FLAGS)
    if kind in ("arr", "hash") and r.random() < 0.5:
        flags += r.choice(DELIMITERS)
    width = str(r.choice([1, 3, 6, 10])) if r.random() < 0.5 else ""
    prec = f".{r.choice([0, 1, 2, 4])}" if r.random() < 0.4 and kind != "bool" else ""
    return sq(f"%{flags}{width}{prec}{r.choice(LETTERS[kind])}")


class Values:
    def newer(self, kind, d):
        """One of the producers below that makes values of `kind`."""
        makers = {"str": [self.init_value, self.semver_algebra, self.timestamp],
                  "bool": [self.init_value, self.iterated, self.callable_test, self.semver_algebra,
                           self.timestamp],
                  "int": [self.init_value, self.typed_lambda, self.timestamp],
                  RICH: [self.semver_algebra, self.timestamp]}[kind]
        return self.r.choice(makers)(kind, d)

    def flag_format(self, kind, d):
        """A format with flags of a value of one kind, by `String` or `sprintf` (the value
        given alone, in an array, or as a format hash's entry)."""
        r = self.r
        vk = r.choice(["int", "int", "float", "str", "bool", "arr", "hash", "undef"])
        v = self.e({"arr": "arr", "hash": "hash"}.get(vk, vk), d, 0)
        fmt = flagged(r, vk)
        k = r.randrange(5)
        if k == 0 and vk in ("int", "float", "str"):
            # (Ruby's `sprintf`: the letters of Puppet's formats are not all Ruby's)
            fmt = sq("%" + r.choice(["", "-", "+", "0", "#"]) + r.choice(["", "5", "8.3"]) +
                     r.choice({"int": "dxobeEfgG", "float": "feEgG", "str": "s"}[vk]))
            return f"sprintf({fmt}, {v})", PRIMARY
        if k == 1:
            t = {"int": "Integer", "float": "Float", "str": "String", "bool": "Boolean",
                 "arr": "Array", "hash": "Hash", "undef": "Undef"}[vk]
            return f"String([{v}], {{ Array => {{ format => '%a', string_formats => {{ {t} => {fmt} }} }} }})", PRIMARY
        return f"String({v}, {fmt})", PRIMARY

    def init_value(self, kind, d):
        """A value made by an `Init` type's `new` (the type's arguments given after the
        value's), or a match against an `Init` type."""
        r = self.r
        if kind == "bool":
            return r.choice([f"{self.e('any', d, MATCH)} =~ Init[{r.choice(['Integer', 'String', 'Array[Integer]'])}]",
                             f"Init[{r.choice(INIT_TYPES)}] == Init[{r.choice(INIT_TYPES)}]",
                             f"Init[Integer] =~ Type[Init]", f"Init[Integer] < Init"]), CMP
        if kind == "int":
            return r.choice([f"Init[Integer].new({r.choice(['42', '0x10', '017', '-3'])!r})",
                             f"Init[Integer, {r.choice([2, 8, 16])}].new('11')",
                             f"Init[Integer].new({self.e('float', d, 0)})",
                             f"Init[Numeric].new('{r.choice(['7', '0x1f'])}')"]), PRIMARY
        return r.choice([f"Init[String].new({self.e('int', d, 0)})",
                         f"Init[String, {sq(r.choice(['%x', '%05d', '%#o']))}].new({self.e('int', d, 0)})",
                         "String(Init[%s].new(%s))" % r.choice(INIT_NEW)]), PRIMARY

    def iterator_src(self, d):
        """An iterator over integers."""
        r = self.r
        return r.choice(ITERATORS).format(a=self.p("ints", d), n=r.randint(0, 4), m=r.randint(1, 4))

    def iterated(self, kind, d):
        """An array from an iterator (splat, `Array()`, a function over it), or a test of a
        value against the `Iterable`/`Iterator` types."""
        r = self.r
        if kind == "bool":
            it = self.one_of(lambda: self.iterator_src(d), lambda: self.e("any", d, MATCH),
                             lambda: r.choice(["Integer[1, 3]", "Enum['a', 'b']", "'abc'", "{ a => 1 }"]))
            return f"{it} =~ {r.choice(ITERABLE_TYPES)}", MATCH
        it = self.iterator_src(d)
        return r.choice([f"[*{it}]", f"Array({it})", f"{it}.map |$q| {{ $q }}",
                         f"{it}.filter |$q| {{ $q > 0 }}"]), PRIMARY

    def callable_test(self, kind, d):
        """`Callable` types compared (contravariance), or matched by a lambda's given
        parameter types (an iterating function's block type)."""
        r = self.r
        if r.random() < 0.6:
            op = r.choice(["<", "<=", "==", ">", "!="])
            return f"{r.choice(CALLABLES)} {op} {r.choice(CALLABLES)}", CMP
        return f"{r.choice(CALLABLES)} =~ Type[Callable]", MATCH

    def typed_lambda(self, kind, d):
        """An iterating function given a lambda whose parameters are typed (the number of
        them, and their types, matched against the function's block type)."""
        r = self.r
        src = self.p("ints", d)
        wrong = bool(self.mistakes) and r.random() < 0.3
        it = r.choice(["Integer", "Any", "Numeric", "Integer[0, default]"] + ["String"] * wrong)
        iv = r.choice(["Integer", "Any", "Scalar", "Optional[Integer]"] + ["String"] * wrong)
        if kind == "int":
            return f"{src}.reduce(0) |{r.choice(['Integer', 'Any', 'Numeric'])} $m, {iv} $q| {{ $m + $q }}", PRIMARY
        return r.choice([f"{src}.map |{it} $i, {iv} $q| {{ $i + $q }}",
                         f"{src}.filter |{iv} $q| {{ $q > 1 }}",
                         f"{src}.map |{iv} $q| {{ $q }}",
                         f"{src}.reverse_each.map |{iv} $q| {{ $q }}",
                         f"Hash({src}.map |$q| {{ [$q, $q] }}).map |{iv} $k, {iv} $v| {{ $k }}"]), PRIMARY

    def semver_algebra(self, kind, d):
        """Versions matched against `SemVer` types of several ranges, `SemVer` types
        compared, `SemVerRange` values made and shown."""
        r = self.r
        # (several ranges that do not overlap: the reference merges overlapping ones wrongly,
        # a documented deviation)
        picked = [r.choice(RANGES)] if r.random() < 0.6 else r.sample(DISJOINT, r.randint(2, 3))
        ranges = ", ".join(x if r.random() < 0.5 else f"SemVerRange({x})" for x in picked)
        if kind == "bool":
            return r.choice([f"SemVer({r.choice(VERSIONS)}) =~ SemVer[{ranges}]",
                             f"SemVer[{ranges}] {r.choice(['<', '<=', '==', '>'])} SemVer[{r.choice(RANGES)}]",
                             f"SemVerRange({r.choice(RANGES)}) =~ SemVerRange",
                             f"SemVerRange({r.choice(RANGES)}) == SemVerRange({r.choice(RANGES)})",
                             f"SemVer({r.choice(VERSIONS)}) {r.choice(['<', '>=', '=='])} SemVer({r.choice(VERSIONS)})"]), \
                CMP
        if kind == "type":
            return f"SemVer[{ranges}]", PRIMARY
        made = r.choice([f"SemVerRange({r.choice(RANGES)})",
                         f"SemVerRange(SemVer({r.choice(VERSIONS)}), {r.choice(['default', 'SemVer(' + r.choice(VERSIONS) + ')'])}"
                         f"{r.choice(['', ', true', ', false'])})",
                         f"SemVerRange({{ min => SemVer({r.choice(VERSIONS)}), max => default }})",
                         f"SemVer({{ major => {r.randint(0, 3)}, minor => {r.randint(0, 12)}, patch => 0"
                         f"{r.choice(['', ', prerelease => ' + sq('rc.1')])} }})",
                         f"SemVer({r.choice(VERSIONS)})"])
        if kind == RICH:
            return made, PRIMARY
        return r.choice([f"String({made})", f"\"${{{made}}}\"", f"String({made}, '%p')",
                         f"String(SemVer[{ranges}])"]), PRIMARY

    def timestamp_value(self):
        r = self.r
        return self.one_of(
            lambda: f"Timestamp({r.choice(TIMESTAMPS)})",
            lambda: f"Timestamp({r.choice(['1600000000', '0', '1473150899.25', '-86400'])})",
            lambda: "Timestamp(%s, %s)" % r.choice(TIMESTAMP_PARSED),
            lambda: "Timestamp({ string => %s, format => %s })" % r.choice(TIMESTAMP_PARSED),
            lambda: f"(Timestamp({r.choice(TIMESTAMPS)}) {r.choice(['+', '-'])} {r.choice(['60', '3600.5', 'Timespan(86400)'])})")

    def timestamp(self, kind, d):
        """Timestamps: formatted (`strftime` with flags and widths, `String` with formats),
        compared and subtracted, matched against ranges of them; or one as a value."""
        r = self.r
        ts = self.timestamp_value()
        if kind == "bool":
            return r.choice([f"{ts} {r.choice(['<', '>=', '==', '!='])} {self.timestamp_value()}",
                             f"{ts} =~ Timestamp['2000-01-01', '2030-01-01']",
                             f"{ts} =~ Timestamp"]), CMP
        if kind == "int":
            return r.choice([f"Integer({ts})", f"Integer({ts} - {self.timestamp_value()})"]), PRIMARY
        if kind == "float":
            return f"Float({ts})", PRIMARY
        if kind == RICH:
            return ts, PRIMARY
        fmt = r.choice(STRFTIMES)
        return r.choice([f"{ts}.strftime({fmt})", f"strftime({ts}, {fmt}, 'UTC')",
                         f"String({ts})", f"String({ts}, {r.choice(['%p', '%s', '%d', '%#x', '%.3f', '%10.1e'])!r})",
                         f"String({ts} - {self.timestamp_value()})"]), PRIMARY

