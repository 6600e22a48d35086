"""Iteration and built-in functions with random arguments: each/map/filter/reduce/slice/
with_index, flatten/unique/sort/reverse_each/step, dig/then/lest, min/max, keys/values/
merge, split/join/regsubst, sprintf/String(fmt), over random arrays, hashes and strings
(with wrong kinds of arguments now and then, so errors are compared too)."""
import re

from gen import quote, value

CHECKS_PER_PROGRAM = 4

WORDS = ["a", "b", "ab", "", "x,y", "a-b", "A", "10", "9", "é", " ", "key"]


def elem(rng):
    k = rng.randrange(10)
    if k < 4:
        return str(rng.randint(-5, 12))
    if k < 7:
        return quote(rng.choice(WORDS))
    if k == 7:
        return rng.choice(["undef", "true", "1.5", "-0.25"])
    if k == 8:
        return "[" + ", ".join(elem(rng) for _ in range(rng.randrange(3))) + "]"
    return value(rng, 1)


def ints(rng, n=None):
    n = rng.randrange(6) if n is None else n
    return "[" + ", ".join(str(rng.randint(-5, 12)) for _ in range(n)) + "]"


def array(rng):
    k = rng.randrange(4)
    if k == 0:
        return ints(rng)
    if k == 1:
        return "[" + ", ".join(quote(rng.choice(WORDS)) for _ in range(rng.randrange(6))) + "]"
    return "[" + ", ".join(elem(rng) for _ in range(rng.randrange(6))) + "]"


def hash_(rng):
    n = rng.randrange(4)
    pairs = []
    for _ in range(n):
        key = rng.choice([quote(rng.choice(WORDS)), str(rng.randint(0, 3))])
        pairs.append(f"{key} => {elem(rng)}")
    return "{" + ", ".join(pairs) + "}"


def collection(rng):
    k = rng.randrange(10)
    if k < 5:
        return array(rng)
    if k < 8:
        return hash_(rng)
    if k == 8:
        return str(rng.randint(-2, 6))  # an Integer iterates as times
    return quote(rng.choice(["abc", "", "é1"]))  # a String is not iterable by most


def body1(rng, v="$x"):
    return rng.choice([
        v, f"{v} =~ Integer", f"{v} =~ String", f"String({v})", f"[{v}]",
        f"{v} ? {{ undef => 'u', default => 1 }}",
        f"if {v} =~ Integer {{ {v} * 2 }} else {{ {v} }}",
        f"{v} =~ Numeric", f"{v} != undef", f"\"<${{{v[1:]}}}>\"",
    ])


def body2(rng):
    return rng.choice([
        "[$k, $v]", "$k", "$v", "\"${k}=${v}\"", "$k =~ Integer", "$v =~ String",
        "$v == undef", "{ $k => $v }",
    ])


def lam1(rng):
    return f"|$x| {{ {body1(rng)} }}"


def lam2(rng):
    return f"|$k, $v| {{ {body2(rng)} }}"


def iteration(rng):
    c = collection(rng)
    f = rng.choice(["map", "filter", "each", "reverse_each", "reduce", "slice", "with_index",
                    "any", "all", "step", "partition", "group_by", "index"])
    if f == "map":
        if rng.random() < 0.2:
            return f"{c}.map |$k, $v, $z| {{ [$k, $v] }}"  # too many parameters
        return f"{c}.map {rng.choice([lam1(rng), lam2(rng)])}"
    if f == "filter":
        b = rng.choice(["$x =~ Integer", "$x != undef", "$x =~ String", "$k =~ String",
                        "$v =~ Integer", "true", "undef", "$x"])
        params = "|$k, $v|" if b.startswith(("$k", "$v")) else "|$x|"
        return f"{c}.filter {params} {{ {b} }}"
    if f == "each":
        return rng.choice([f"[{c}.each {lam1(rng)}]",
                           f"{c}.each |$k, $v| {{ notice([$k, $v]) }}"])
    if f == "reverse_each":
        return rng.choice([f"{c}.reverse_each.map |$x| {{ $x }}",
                           f"Array({c}.reverse_each)",
                           f"{c}.reverse_each {lam1(rng)}"])
    if f == "reduce":
        if rng.random() < 0.5:
            return f"{c}.reduce |$m, $x| {{ [$m, $x] }}"
        return f"{c}.reduce({elem(rng)}) |$m, $x| {{ {rng.choice(['[$m, $x]', '$x', '$m'])} }}"
    if f == "slice":
        n = rng.choice(["1", "2", "3", "0", "-1", "'2'"])
        if rng.random() < 0.5:
            return f"slice({c}, {n})"
        return f"{c}.slice({n}) |$a, $b| {{ [$b, $a] }}"
    if f == "with_index":
        return rng.choice([f"{c}.each.with_index.map |$x| {{ $x }}",
                           f"{c}.map.with_index |$i, $x| {{ [$i, $x] }}",
                           f"Array({c}.reverse_each)"])
    if f == "any":
        return f"{c}.any |$x| {{ {body1(rng)} }}"
    if f == "all":
        return f"{c}.all |$x| {{ {body1(rng)} }}"
    if f == "step":
        s = rng.choice(["1", "2", "3", "0", "-1"])
        return rng.choice([f"Array({c}.step({s}))", f"{c}.step({s}) |$x| {{ notice($x) }}",
                           f"{c}.step({s}).map |$x| {{ $x }}"])
    if f == "partition":
        return f"{c}.partition |$x| {{ {body1(rng)} }}"
    if f == "group_by":
        key = rng.choice(["$x =~ Numeric", "String($x)[0, 1]", "$x =~ Array", "size([$x])"])
        return f"{c}.group_by |$x| {{ {key} }}"
    return f"{c}.index |$x| {{ {body1(rng)} }}"


def collections(rng):
    k = rng.randrange(12)
    a, h = array(rng), hash_(rng)
    if k == 0:
        return f"flatten({rng.choice([a, value(rng), h])})"
    if k == 1:
        if rng.random() < 0.3:
            return f"{rng.choice([a, h])}.unique |$x| {{ {body1(rng)} }}"
        return f"unique({rng.choice([a, a, h, quote('abca')])})"
    if k == 2:
        return rng.choice([f"sort({ints(rng)})", f"sort({array(rng)})",
                           f"{ints(rng)}.sort |$a, $b| {{ compare($b, $a) }}"])
    if k == 3:
        return f"compare({elem(rng)}, {elem(rng)})"
    if k == 4:
        keys = ", ".join(rng.choice([str(rng.randint(-1, 3)), quote(rng.choice(WORDS)), "undef"])
                         for _ in range(rng.randint(0, 3)))
        base = rng.choice([a, h, value(rng), "undef"])
        return rng.choice([f"dig({base}, {keys})" if keys else f"dig({base})",
                           f"{base}.dig({keys})"])
    if k == 5:
        v = rng.choice([elem(rng), "undef", "undef"])
        return rng.choice([f"{v}.then |$x| {{ [$x] }}", f"{v}.lest || {{ 'none' }}",
                           f"then({v}) |$x| {{ {body1(rng)} }}",
                           f"{v}.then |$x| {{ undef }}.lest || {{ 'empty' }}"])
    if k == 6:
        args = ", ".join(elem(rng) if rng.random() < 0.3 else str(rng.randint(-5, 9))
                         for _ in range(rng.randint(0, 4)))
        f = rng.choice(["min", "max"])
        if rng.random() < 0.2:
            return f"{f}({args}) |$a, $b| {{ compare($a, $b) }}"
        return f"{f}({args})"
    if k == 7:
        return rng.choice([f"keys({h})", f"values({h})", f"keys({a})", f"{h}.keys.sort"])
    if k == 8:
        args = ", ".join(rng.choice([hash_(rng), hash_(rng), array(rng), "undef"])
                         for _ in range(rng.randint(1, 3)))
        if rng.random() < 0.2:
            return f"merge({hash_(rng)}, {hash_(rng)}) |$k, $v| {{ $v =~ Integer }}"
        return f"merge({args})"
    if k == 9:
        return rng.choice([f"size({rng.choice([a, h, quote('abc')])})",
                           f"empty({rng.choice([a, h, quote(''), 'undef', '0'])})",
                           f"{a} + {rng.choice([a, h, elem(rng)])}",
                           f"{a} - {rng.choice([a, h, elem(rng)])}",
                           f"{h} + {rng.choice([h, a])}",
                           f"{h} - {rng.choice([h, a, elem(rng)])}"])
    if k == 10:
        return rng.choice([f"{a}[{rng.randint(-4, 5)}]", f"{a}[{rng.randint(-4, 5)}, {rng.randint(-2, 4)}]",
                           f"{h}[{quote(rng.choice(WORDS))}]", f"{elem(rng)} in {a}",
                           f"{quote(rng.choice(WORDS))} in {h}"])
    return f"Array({rng.choice([h, elem(rng), a])}, {rng.choice(['true', 'false'])})" \
        if rng.random() < 0.5 else f"Hash({rng.choice([a, '[[1, 2], [3, 4]]', h, ints(rng, 4)])})"


STRINGS = ["a,b,,c", "abc", "", "a-b-c", "x y  z", "é,ü", ",a,", "aaa", "1.2.3"]


def strings(rng):
    s = quote(rng.choice(STRINGS))
    k = rng.randrange(6)
    if k == 0:
        sep = rng.choice(["','", "''", "'-'", "/,+/", "/(,)/", "/b/", "' '", "Regexp[',']"])
        return f"split({s}, {sep})"
    if k == 1:
        sep = rng.choice(["", ",", "-", " :: "])
        return rng.choice([f"join({array(rng)}, {quote(sep)})", f"join({array(rng)})",
                           f"{array(rng)}.join({quote(sep)})"])
    if k == 2:
        pat = rng.choice(["'a'", "'b'", "/a/", "/(a)(b)?/", "'[a-c]'", "/^/", "/,/", "'.'"])
        rep = rng.choice(["'X'", "'<\\1>'", "''", "'\\\\0'", "'$1'"])
        flags = rng.choice(["", ", 'G'", ", 'I'", ", 'GI'", ", 'E'", ", 'M'"])
        tgt = rng.choice([s, s, f"[{s}, {quote(rng.choice(STRINGS))}]"])
        return f"regsubst({tgt}, {pat}, {rep}{flags})"
    if k == 3:
        fmt = rng.choice(["%s", "%d", "%5s", "%-4s|", "%x", "%05.1f", "%p", "%o", "%e", "%b",
                          "%3$s %1$s", "%<a>s", "%{a}", "%%", "%c", "%#x", "%+d", "%.2s"])
        args = ", ".join(rng.choice([elem(rng), str(rng.randint(-20, 300)), "{ a => 1 }"])
                         for _ in range(rng.randint(0, 3)))
        return f"sprintf({quote(fmt)}{', ' + args if args else ''})"
    if k == 4:
        fmt = rng.choice(["'%s'", "'%p'", "'%d'", "'%x'", "'%#o'", "'%.1f'", "'%5d'", "'%-6s'",
                          "'%b'", "'%#b'", "'%e'", "'%c'", "'%u'", "'%C'", "'%#p'",
                          "{ Array => '%(a)' }", "{ Integer => '%X', String => '%#s' }",
                          "'%[p]'", "'%{s}'", "'%|s|'", "{ Array => { format => '%#a', separator => ';' } }"])
        return f"String({rng.choice([elem(rng), array(rng), hash_(rng), str(rng.randint(-50, 300))])}, {fmt})"
    return rng.choice([f"{s}.split('').map |$c| {{ $c }}.join('|')",
                       f"{s}.split(',').filter |$x| {{ !$x.empty }}",
                       f"{s}.split(',').reduce('') |$m, $x| {{ \"${{m}}[${{x}}]\" }}",
                       f"{s}.split(/,/).with_index.map |$p| {{ $p }}",
                       f"{s}.split(',').reverse_each.join(',')"])


def check(rng):
    k = rng.randrange(10)
    if k < 4:
        return iteration(rng)
    if k < 7:
        return collections(rng)
    if k < 9:
        return strings(rng)
    # A chain of two steps.
    return f"{iteration(rng)}.then |$r| {{ $r =~ Iterable ? {{ true => Array($r).size, default => $r }} }}"


SMALL_SLICE = re.compile(r"^slice\((\d+), (\d+)\)|^(\d+)\.slice\((\d+)\)")


def deviation(src, expected, got):
    e, g = expected.get("error") or "", got.get("error") or ""
    ev, gv = expected.get("value") or "", got.get("value") or ""
    if ev == gv and not e and not g and all(
            "deprecated" in l for l in set(got.get("log") or []) ^ set(expected.get("log") or [])):
        return "deprecation warnings are shown once per process (the oracle's batch)"
    if "parameter_names" in e and "slice(): block must define one parameter" in g:
        return "slice(): the reference fails building its own arity error (NoMethodError)"
    if "#<Puppet::Pops::Types::" in ev + e:
        return "a type inside a value Ruby shows (join, %p): the reference's Ruby object"
    m = SMALL_SLICE.match(src)
    if m:
        n, k = (int(x) for x in (m.groups()[:2] if m.group(1) else m.groups()[2:]))
        if 0 < n <= k:
            return "slice of a non-collection iterable no longer than the slice size: " \
                   "the reference's Enumerator gives shorter slices"
    if re.search(r"(^|\()-\d+[,.]", src) and "slice" in src and "expects" in e + g:
        return "a negative Integer is no Iterable; the reference's dispatch takes one"
    if re.match(r"^Array\(.*\.step\(\d+\)\)$", src) and ev and gv:
        return "Array() of a step iterator: the reference splats each element " \
               "(arrays and hashes)"
    if "generalized" in src and ev and gv:
        return "generalized inference of undef in a tuple (the Undef ∪ T deviation)"
    if "String(" in src and ev and gv and _floats_as_p(ev) == _floats_as_p(gv):
        return "the default string format of a Float is %p (the reference: %f)"
    return None


FLOAT = re.compile(r"\b\d+\.\d+\b")


def _floats_as_p(text):
    """`text` with each float written as `%p` writes it (`1.500000` is `1.5`)."""
    return FLOAT.sub(lambda m: repr(float(m.group(0))), text)
