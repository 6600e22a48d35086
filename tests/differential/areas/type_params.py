"""Type parameters: every parameterized type written with argument lists drawn from valid and
invalid values (nested arrays, which most types flatten; empty lists, `default`, `undef`,
wrong kinds, too many and too few arguments, reversed and negative ranges, huge integers,
regexps and strings, hashes), used as a value, in `=~`, `type()`, `String()`, comparisons,
`case`, `T.new(v)`/`T(v)`, as a type alias's right side (read by the reference's type
parser, which does not flatten) and as a function's or class's parameter type. The value,
the log and the first line of an error are compared."""
import re
from gen import quote, value

CHECKS_PER_PROGRAM = 1
FIRST_LINE_ERRORS = True

HUGE = ["9223372036854775807", "-9223372036854775807", "4611686018427387904"]
STRINGS = ["'a'", "'ab'", "''", "'A'", "'Foo'", "'x y'", "'>=1.0.0'", "'1.0.0'", "'ruby'",
           "'http://a/b'", "'1-00:00:00'", "'2020-01-01T00:00:00'", "'[a-'", "'^a+$'",
           "'file'", "'File'", "'foo::bar'", "'String'"]
REGEXPS = ["/a/", "/^a+$/", "/b|c/", "/x\\/y/", "//"]
TYPES = ["Integer", "String", "Any", "Integer[1, 2]", "String[1]", "Pattern[/a/]",
         "Regexp[/b/]", "Regexp", "Enum['a', 'b']", "Undef", "Optional[String]", "Data",
         "Array[Integer]", "Hash[String, Integer]", "Tuple[Integer, String]", "Type",
         "Struct[{a => Integer}]", "Variant[Integer, String]", "Boolean", "Default",
         "File", "Resource['file']", "Class['a']", "NotUndef", "Callable", "Scalar",
         "Timespan", "SemVer", "Sensitive[String]", "Integer[default, 3]", "Float[0.5]"]
OTHER = ["undef", "default", "true", "false", "{}", "{a => 1}", "[]", "1.5", "-2.25", "0.0",
         "Timespan(1)", "SemVer('1.2.3')", "SemVerRange('>=1.0.0')", "Sensitive('s')",
         "Timestamp(0)", "Binary('YQ==')", "Error('m')", "URI('http://a/b')"]


def integer(rng):
    return rng.choice(["0", "1", "-1", "2", "3", "10", "-5", "100", rng.choice(HUGE),
                       str(rng.randint(-50, 50))])


def scalar_arg(rng):
    """Any kind of argument value (as source)."""
    k = rng.randrange(7)
    if k == 0:
        return integer(rng)
    if k == 1:
        return rng.choice(STRINGS)
    if k == 2:
        return rng.choice(REGEXPS)
    if k == 3:
        return rng.choice(TYPES)
    return rng.choice(OTHER)


def bound(rng):
    return integer(rng) if rng.random() < 0.8 else "default"


def fbound(rng):
    return rng.choice([integer(rng), rng.choice(["0.5", "-1.5", "2.0", "1e3", "3.25"]),
                       "default"])


def a_type(rng):
    return rng.choice(TYPES)


def struct_hash(rng):
    parts = []
    for key in rng.sample(["a", "b", "ab", "C"], rng.randint(0, 3)):
        k = rng.randrange(6)
        kk = (quote(key) if k < 3 else f"Optional[{quote(key)}]" if k == 3
              else f"NotUndef[{quote(key)}]" if k == 4 else rng.choice([key, "Enum['a', 'b']"]))
        v = a_type(rng) if rng.random() < 0.85 else scalar_arg(rng)
        parts.append(f"{kk} => {v}")
    return "{" + ", ".join(parts) + "}"


def valid_args(rng, name):
    """A list of argument sources for type `name`, valid most of the time."""
    r = rng.random
    if name == "Integer":
        return [bound(rng) for _ in range(rng.choice([1, 2, 2]))]
    if name == "Float":
        return [fbound(rng) for _ in range(rng.choice([1, 2, 2]))]
    if name in ("String", "Collection"):
        if r() < 0.15:
            return [f"Integer[{rng.randint(0, 3)}, {rng.randint(2, 6)}]"]
        return [bound(rng) for _ in range(rng.choice([1, 2, 2]))]
    if name == "Enum":
        out = [rng.choice(STRINGS[:6] + ["a", "b", "Bx"]) for _ in range(rng.randint(1, 3))]
        return out + ([rng.choice(["true", "false"])] if r() < 0.25 else [])
    if name == "Pattern":
        pool = STRINGS[:4] + REGEXPS + ["Pattern[/c/]", "Regexp[/d/]", "Regexp",
                                        "Pattern[/e/, 'f']"]
        return [rng.choice(pool) for _ in range(rng.randint(1, 3))]
    if name == "Regexp":
        return [rng.choice(STRINGS[:4] + REGEXPS + ["'[a-'"])]
    if name == "Array":
        k = rng.randrange(5)
        return ([a_type(rng)], [a_type(rng), bound(rng)], [a_type(rng), bound(rng), bound(rng)],
                [bound(rng), bound(rng)], [a_type(rng), "Integer[1, 3]"])[k]
    if name == "Hash":
        k = rng.randrange(5)
        kv = [rng.choice(["String", "Integer", "Scalar", "Enum['a']", "Any"]), a_type(rng)]
        return (kv, kv + [bound(rng)], kv + [bound(rng), bound(rng)],
                [bound(rng), bound(rng)], kv + ["Integer[0, 2]"])[k]
    if name == "Tuple":
        out = [a_type(rng) for _ in range(rng.randint(1, 3))]
        return out + [bound(rng) for _ in range(rng.choice([0, 0, 1, 2]))]
    if name == "Struct":
        return [struct_hash(rng)]
    if name == "Variant":
        return [a_type(rng) for _ in range(rng.randint(1, 3))]
    if name in ("Optional", "NotUndef"):
        if name == "NotUndef" and r() < 0.1:
            return []
        return [a_type(rng) if r() < 0.8 else rng.choice(STRINGS[:5])]
    if name == "Callable":
        if r() < 0.35:
            params = ", ".join(a_type(rng) for _ in range(rng.randint(0, 2)))
            return [f"[{params}]", a_type(rng)]
        out = [a_type(rng) for _ in range(rng.randint(0, 2))]
        out += [bound(rng) for _ in range(rng.choice([0, 1, 2]))]
        return (out + (["Callable[1, 1]"] if r() < 0.2 else [])) or ["0", "0"]
    if name in ("Type", "Iterable", "Iterator", "Sensitive"):
        return [a_type(rng)]
    if name == "Class":
        return [rng.choice(["'a'", "'foo::bar'", "'A'", "'::x'", "a"])
                for _ in range(rng.randint(1, 2))]
    if name == "Resource":
        out = [rng.choice(["File", "'file'", "'notify'", "Notify", "'Foo::Bar'"])]
        return out + [rng.choice(["'a'", "'/tmp/x'", "'b'"]) for _ in range(rng.randint(0, 2))]
    if name == "Runtime":
        return ["'ruby'", rng.choice(["'String'", "'Integer'", "'Foo::Bar'", "/a/"])]
    if name == "Init":
        return [rng.choice(["Integer", "String", "Boolean", "Array[Integer]", "Float",
                            "Timespan"])] + ([scalar_arg(rng)] if r() < 0.3 else [])
    if name == "Object":
        k = rng.randrange(4)
        return (["{}"], ["{name => 'P', attributes => {a => Integer}}"],
                [rng.choice(["'P'", "'a'", "''", "undef"])],
                ["{attributes => {x => String}}"])[k]
    if name == "TypeSet":
        k = rng.randrange(5)
        return (["{pcore_version => '1.0.0'}"],
                ["{pcore_version => '1.0.0', name => 'Foo', version => '1.2.0'}"],
                ["{}"], [rng.choice(["undef", "'Foo'", "'a'"])],
                [rng.choice(["{pcore_version => '2.0.0'}", "{name => 'Foo'}",
                             "{pcore_version => 1}", "{pcore_version => '1.0.0', x => 1}",
                             "{pcore_version => '1.0.0', version => 'junk'}"])])[k]
    if name == "Timespan":
        pool = ["1", "0", "-1", "1.5", "'1-00:00:00'", "'00:01:00'", "default", "'junk'"]
        return [rng.choice(pool) for _ in range(rng.choice([0, 1, 2, 2]))]
    if name == "Timestamp":
        pool = ["0", "1", "1.5", "'2020-01-01T00:00:00'", "'2020-01-01'", "default",
                "'junk'"]
        return [rng.choice(pool) for _ in range(rng.choice([0, 1, 2, 2]))]
    if name == "SemVer":
        pool = ["'>=1.0.0'", "'1.x'", "'~> 1.2'", "'1.2.3'", "'>=2.0.0 <3.0.0'", "'junk'",
                "SemVerRange('>=1.0.0')"]
        return [rng.choice(pool) for _ in range(rng.randint(1, 2))]
    if name == "URI":
        return [rng.choice(["'http://a/b'", "'https://x.org:8080/p?q=1'", "'a b'",
                            "{scheme => 'http'}", "{'host' => 'a'}", "{'bad' => 1}"])]
    if name == "Boolean":
        return [rng.choice(["true", "false"])]
    # the types without parameters
    return [scalar_arg(rng) for _ in range(rng.randint(1, 2))]


PARAMETERIZED = ["Integer", "Float", "String", "Collection", "Enum", "Pattern", "Regexp",
                 "Array", "Hash", "Tuple", "Struct", "Variant", "Optional", "NotUndef",
                 "Callable", "Type", "Iterable", "Iterator", "Sensitive", "Class", "Resource",
                 "Runtime", "Init", "Object", "TypeSet", "Timespan", "Timestamp", "SemVer",
                 "URI", "Boolean"]
PLAIN = ["Any", "Undef", "Default", "Data", "RichData", "Scalar", "ScalarData", "Numeric",
         "SemVerRange", "CatalogEntry", "Binary"]


def nest(rng, args):
    """The arguments with some of them in (nested) arrays: the reference flattens them."""
    if not args:
        return ["[]"]
    k = rng.randrange(6)
    if k == 0:
        return ["[" + ", ".join(args) + "]"]
    if k == 1:
        i = rng.randrange(len(args))
        return args[:i] + ["[" + ", ".join(args[i:]) + "]"]
    if k == 2:
        i = rng.randrange(len(args))
        return args[:i] + [f"[[{args[i]}]]"] + args[i + 1:]
    if k == 3:
        i = rng.randrange(len(args) + 1)
        return args[:i] + ["[]"] + args[i:]
    if k == 4:
        return [f"[{a}]" for a in args]
    return ["[" + ", ".join(args[:1]) + ", [" + ", ".join(args[1:]) + "]]"]


def perturb(rng, name, args):
    args = list(args)
    k = rng.randrange(10)
    if k <= 3:
        return nest(rng, args)
    if k == 4 and args:
        args[rng.randrange(len(args))] = scalar_arg(rng)
    elif k == 5:
        args.insert(rng.randint(0, len(args)), scalar_arg(rng))
    elif k == 6 and args:
        args.pop(rng.randrange(len(args)))
    elif k == 7 and len(args) >= 2:
        args[0], args[1] = args[1], args[0]
    elif k == 8:
        args = args + args
    if rng.random() < 0.3:
        args = nest(rng, args)
    return args


def a_parameterized(rng, depth=0):
    """A parameterized type as source, perhaps with a nested parameterized argument."""
    if rng.random() < 0.08:
        name = rng.choice(PLAIN)
    else:
        name = rng.choice(PARAMETERIZED)
    args = valid_args(rng, name)
    if depth == 0 and rng.random() < 0.15:
        # a type argument itself written with arguments to flatten
        for i, a in enumerate(args):
            if a in TYPES and a not in ("File",):
                args[i] = a_parameterized(rng, depth + 1)
                break
    if rng.random() < 0.6:
        args = perturb(rng, name, args)
    if not args:
        return name if rng.random() < 0.5 else f"{name}[[]]"
    return f"{name}[{', '.join(args)}]"


NEW_VALUES = ["'1'", "'12'", "1", "2.5", "'abc'", "true", "[1, 2]", "{'a' => 1}", "'0x1F'",
              "undef", "'a'", "[]", "'1-00:00:00'", "'1.2.3'"]


def probe(rng):
    return value(rng) if rng.random() < 0.7 else rng.choice(NEW_VALUES)


def check(rng):
    t = a_parameterized(rng)
    k = rng.randrange(20)
    if k <= 4:
        return t
    if k == 5:
        return f"notice({t})"
    if k <= 7:
        return f"{probe(rng)} =~ {t}"
    if k == 8:
        return f"type({t})"
    if k == 9:
        return f"String({t})"
    if k == 10:
        return f"{t} {rng.choice(['==', '!=', '<', '<=', '>', '>='])} {a_parameterized(rng)}"
    if k == 11:
        return f"case {probe(rng)} {{ {t}: {{ 'yes' }} default: {{ 'no' }} }}"
    if k == 12:
        return f"{t}.new({rng.choice(NEW_VALUES)})"
    if k == 13:
        return f"{t}({rng.choice(NEW_VALUES)})"
    if k == 14:
        return f"type A = {t} notice(A)"
    if k == 15:
        return f"type A = {t} notice({probe(rng)} =~ A)"
    if k == 16:
        return f"function f({t} $x) {{ $x }} f({probe(rng)})"
    if k == 17:
        return f"class c({t} $p) {{ notice($p) }} class {{ c: p => {probe(rng)} }}"
    if k == 18:
        return f"[{t}, {a_parameterized(rng)}]"
    return f"\"${{{t}}}\""


def _named(e):
    """An error with the inferred type it names masked (`Cannot use X where`, `Got X.`), and
    that type."""
    m = re.search(r"Cannot use (.*) where|Got (.*)\.$", e)
    if not m:
        return e, None
    return e[:m.start()] + "_" + e[m.end():], m.group(1) or m.group(2)


def _empty_semver_range(shown):
    """Whether `shown` has a `SemVer['>=A <B']` whose lower bound is above its upper one
    (a merge the reference prints broken: `SemVer[['~> 1.2', '1.x']]` is `SemVer['>=2.0.0
    <1.0.0']`)."""
    for low, high in re.findall(r"SemVer\['>=(\d+\.\d+\.\d+) <(\d+\.\d+\.\d+)'", shown or ""):
        key = lambda v: tuple(int(p) for p in v.split("."))
        if key(low) >= key(high):
            return True
    return False


def deviation(src, expected, got):
    e = (expected.get("error") or "").split("\n")[0]
    g = (got.get("error") or "").split("\n")[0]
    shown = (str(expected.get("value")) + str(expected.get("log")) + e).replace("\\'", "'")
    alias = src.startswith("type A = ")
    if re.search(r"undefined (local variable or )?method|no implicit conversion|"
                 r"NoMethodError|TypeError|comparison of .* failed", e):
        return "the reference fails inside its Ruby; prepl's own error or value"
    if e.endswith(", ") and g:
        # (the same, where the reference's dispatch swallows the message)
        return "the reference fails inside its Ruby (an empty message); prepl's own error"
    if alias and e and g and "Error while evaluating a Type-Name" in e:
        # The reference's type parser reads an alias's definition with rules and messages of
        # its own (no flattening; docs/deviations.md, "Type aliases (session 38)").
        return "an alias's definition the reference's type parser refuses, in its own words"
    if alias and not e and ("Error while evaluating a Type-Name" in g
                            or "assigned to type alias" in g):
        # ... and makes types of arguments the evaluator refuses (`Tuple[Integer, 'x']` is
        # `Tuple[Integer, Runtime[ruby, 'x']]`, `Tuple[[]]` a Tuple of `Array[Unit]`) ...
        return "an alias's definition the reference's type parser reads as no `[]` does"
    if alias and e and not g and "Error while evaluating a Type-Name" in e:
        # ... and refuses some the evaluator takes (`Object['']`).
        return "an alias's definition the reference's type parser refuses, no `[]` does"
    if not e and g and src.startswith("class ") and re.search(r"Collection\[|\bOptional\b(?!\[)", src):
        return ("a class parameter lets a wrong size through in the reference "
                "(docs/deviations.md)")
    if alias and "Collection[" in src and not e and not g:
        return "an alias forgets a Collection's size (docs/deviations.md)"
    if "Init[" in src and re.search(r"does not represent a valid set of parameters|"
                                    r"Creation of new instance of type", e + g):
        return "Init[T, args] checked where it is made (docs/deviations.md)"
    if re.search(r"SemVer\['(Infinity|\d+)\.\d+\.\d+ - ", shown) or _empty_semver_range(shown):
        return "the reference prints merged SemVer ranges broken (docs/deviations.md)"
    gshown = (str(got.get("value")) + str(got.get("log")) + g).replace("\\'", "'")
    times = lambda t: t.count("Timespan[") + t.count("Timestamp[")
    if "Variant[" in src and times(shown) > times(gshown):
        return ("a Variant of equal Timespan or Timestamp types keeps both in the reference "
                "(docs/deviations.md)")
    if "9223372036854775807" in src:
        return "2**63-1 as an Integer range's upper bound is no bound (docs/deviations.md)"
    if "Regexp[" in src and (not e or (g and e.endswith(g))) and g:
        return ("a regexp Ruby cannot compile: refused where Regexp[...] is made, not where "
                "it is first used (docs/deviations.md)")
    if "is given a type that is not a Puppet Type" in e and g.endswith(e):
        return "a class parameter typed by an array of types: refused where it is declared"
    (em, et), (gm, gt) = _named(e), _named(g)
    lead = lambda t: re.match(r"\w*", t or "").group(0)
    if (e and g and e != g and em == gm and et and gt and lead(et) == lead(gt)
            and re.search(r"Collection|Data|Any|Scalar|Type\[", et + gt)):
        return ("the generalized inferred type of a value (the specification's common types; "
                "docs/deviations.md)")
    ev = str(expected.get("value")).replace("\\'", "'")
    gv = str(got.get("value")).replace("\\'", "'")
    def one_bound(x):
        return re.sub(r"(Time(?:span|stamp)\[)('[^']*'), \2\]", r"\1\2]", x)
    shown_got = gv + str(got.get("log")) + g
    if one_bound(shown_got) != shown_got and (
            one_bound(shown_got) == ev + str(expected.get("log")) + e or (e and g)):
        return ("a Timespan or Timestamp range of one value shows both bounds "
                "(the specification; docs/deviations.md)")
    if re.sub(r"(\.\d*?)0+'", r"\1'", ev) == gv and ev != gv:
        return "a Float's default string format (docs/deviations.md)"
    if ("Init[" in src and re.search(r"[<>]", src) and "undef" in ev
            and ev.replace("undef", "false") == gv):
        return ("a comparison of types with an Init the other side is not assignable to is "
                "undef in the reference (nil leaking out of PInitType#_assignable?; "
                "docs/deviations.md)")
    if re.search(r"Iterable\[Integer\[", src) and (
            "Creation of new instance of type 'Iterable[Integer[" in e and not g):
        return ("an Integer is an Iterable of Integer[0, n-1] (the specification), of any "
                "Integer in the reference (docs/deviations.md)")
    if alias and "NotUndef" in src and "Optional" in (str(expected.get("log")) + e) and (
            re.sub(r"Optional\[NotUndef(\[Any\])?\]|Variant\[Undef, NotUndef\]", "Optional",
                   shown_got) == ev + str(expected.get("log")) + e):
        return ("an alias's Optional[NotUndef] is a bare Optional in the reference "
                "(docs/deviations.md)")
    return None
