"""Every core function a user calls on values, with arguments of the shapes its signatures
take and, one argument in six, of any other kind (so the signature errors are compared too):
numbers (`abs`, `ceiling`, `floor`, `round`), strings (`chomp`, `chop`, `strip`..., `match`,
`scanf`, `shellquote`, `split`, `regsubst` with flags, `versioncmp`, `md5`/`sha1`/`sha256`,
`digest`), collections (`dig`, `get`, `index`, `slice`, `step`, `tree_each`, `empty`,
`length`, `flatten`, `keys`, `values`, `unique`, `partition`, `group_by`, `any`, `all`,
`reverse_each` and `then`/`lest`/`with`/`call` over lambdas), time (`strftime` of
Timespans and Timestamps), `unwrap`, `type`, `getvar`, `defined`, `fqdn_rand`, called in
prefix form and as methods (`v.f(...)`)."""
import re

from gen import quote, value, type_

CHECKS_PER_PROGRAM = 3

WORDS = ["a", "b", "ab", "", "x,y", "a-b", "A", "10", "9", "é", " ", "key", "a b", "1.2.3",
         "  pad  ", "line\n", "x\r\n", "o'k", "$x", "2.0.10", "1.10"]


def word(rng):
    return quote(rng.choice(WORDS))


def integer(rng):
    return str(rng.choice([0, 1, -1, 2, 3, 5, -7, 42, rng.randint(-100, 100)]))


def number(rng):
    if rng.random() < 0.5:
        return integer(rng)
    return rng.choice(["1.5", "-2.5", "0.5", "2.4999", "-0.5", "3.0", "1e3", "-1.75", "0.0"])


def elem(rng):
    k = rng.randrange(8)
    if k < 3:
        return integer(rng)
    if k < 6:
        return word(rng)
    if k == 6:
        return rng.choice(["undef", "true", "1.5"])
    return "[" + ", ".join(elem(rng) for _ in range(rng.randrange(3))) + "]"


def array(rng):
    return "[" + ", ".join(elem(rng) for _ in range(rng.randrange(6))) + "]"


def hash_(rng, depth=0):
    pairs = []
    for _ in range(rng.randrange(4)):
        key = rng.choice([word(rng), integer(rng)])
        v = hash_(rng, depth + 1) if depth < 2 and rng.random() < 0.25 else elem(rng)
        pairs.append(f"{key} => {v}")
    return "{" + ", ".join(pairs) + "}"


def coll(rng):
    return array(rng) if rng.random() < 0.55 else hash_(rng)


def nested(rng):
    return rng.choice([
        "{'a' => {'b' => [1, {'c' => 2}]}, 'x' => [10, 20]}",
        "[[1, [2, 3]], {'k' => 'v'}, undef]",
        "{'a' => [], 'b' => {}, 'c' => undef}",
        hash_(rng), array(rng),
    ])


def key(rng):
    return rng.choice(["'a'", "'b'", "'c'", "'x'", "0", "1", "-1", "2", "'k'", "undef", "3"])


def path(rng):
    return quote(rng.choice(["a", "a.b", "a.b.1", "a.b.1.c", "x.0", "x.5", "0", "0.1",
                             "a.'b'", "'a.b'", "", "a..b", "x.-1", "k"]))


def lam(rng, n):
    p = ["$x", "$y", "$z"][:n]
    body = rng.choice({
        1: ["$x", "$x =~ Integer", "$x == undef", "\"<${x}>\"", "[$x]", "$x =~ String"],
        2: ["[$x, $y]", "$y", "\"${x}=${y}\"", "$y =~ Integer", "$x"],
        3: ["[$x, $y, $z]", "$z"],
    }[n])
    return f"|{', '.join(p)}| {{ {body} }}"


def regexp(rng):
    return rng.choice(["/a/", "/(a)(b)?/", "/^(\\w+)-(\\d+)$/", "/x*/", "/[aeiou]/", "/(?<n>b)/",
                       "'a'", "'[ab]'", "'\\d+'", "/\\s+/"])


def fmt_time(rng):
    return quote(rng.choice(["%H:%M:%S", "%D days", "%Y-%m-%d", "%-H h", "%3N", "%L", "%j",
                             "%% %S", "%F %T", "%e/%b", "%s", "%Z", "%z", "%_M", "%05H",
                             "%A %a", "%C %y", "%I %p", "%u %w"]))


def time_value(rng):
    return rng.choice([
        "Timespan(3661)", "Timespan('1-02:03:04.5')", "Timespan({hours => 30})",
        "Timespan(-90.25)", "Timestamp('2021-03-04T05:06:07.123Z')",
        "Timestamp('1999-12-31T23:59:59Z')", "Timestamp(0)",
    ])


KINDS = {
    "int": integer, "num": number, "str": word, "arr": array, "hash": hash_, "coll": coll,
    "nested": nested, "key": key, "path": path, "re": regexp, "tfmt": fmt_time,
    "time": time_value, "type": lambda rng: type_(rng),
    "bool": lambda rng: rng.choice(["true", "false"]),
    "lam1": lambda rng: lam(rng, 1), "lam2": lambda rng: lam(rng, 2),
    "lam12": lambda rng: lam(rng, rng.randint(1, 2)),
    "flags": lambda rng: quote(rng.choice(["G", "I", "EG", "M", "", "GI", "X", "Q"])),
    "any": lambda rng: value(rng),
    "strarr": lambda rng: rng.choice([word(rng), "[" + ", ".join(
        word(rng) for _ in range(rng.randrange(4))) + "]"]),
    "scanfmt": lambda rng: quote(rng.choice(["%d", "%d-%d", "%s", "%f", "%x", "%o %d", "%c",
                                             "%[a-z]", "%i", "%3d%s", "%e", "%u"])),
    "digest_str": lambda rng: quote(rng.choice(["", "abc", "é", "hello world"])),
    "varname": lambda rng: quote(rng.choice(["v", "h", "v.0", "h.a", "h.a.b", "nope",
                                             "h.'a'", "a::b", "::v", "A", "1x", "v."])),
    "defname": lambda rng: rng.choice(["'$v'", "'$nope'", "'notice'", "'nofunc'", "'String'",
                                       "'File'", "'Class[main]'", "'x::y'", "String",
                                       "Resource['file']", "'$h'", "''", "1"]),
    "seed": lambda rng: quote(rng.choice(["", "seed", "x"])),
    "fname": lambda rng: quote(rng.choice(["upcase", "size", "nofunc", "with", "notice", "type",
                                           "keys", "Integer"])),
}

# name: list of signatures, each a list of argument kinds; a lambda kind comes last and is
# given as a block.
FUNCS = {
    "abs": [["num"], ["str"]],
    "ceiling": [["num"], ["str"]],
    "floor": [["num"], ["str"]],
    "round": [["num"], ["str"]],
    "chomp": [["strarr"]],
    "chop": [["strarr"]],
    "strip": [["strarr"]],
    "lstrip": [["strarr"]],
    "rstrip": [["strarr"]],
    "upcase": [["strarr"], ["hash"]],
    "downcase": [["strarr"], ["hash"]],
    "capitalize": [["strarr"]],
    "camelcase": [["strarr"]],
    "size": [["coll"], ["str"]],
    "length": [["coll"], ["str"]],
    "empty": [["coll"], ["str"], ["num"], ["any"]],
    "match": [["str", "re"], ["strarr", "re"], ["str", "type"]],
    "scanf": [["str", "scanfmt"], ["str", "scanfmt", "lam1"]],
    "shellquote": [["strarr"], ["str", "str"], ["arr"]],
    "split": [["str", "re"], ["str", "str"]],
    "regsubst": [["strarr", "re", "str"], ["strarr", "re", "str", "flags"],
                 ["str", "str", "str", "flags", "str"]],
    "versioncmp": [["str", "str"], ["str", "str", "bool"]],
    "md5": [["digest_str"]], "sha1": [["digest_str"]], "sha256": [["digest_str"]],
    "dig": [["nested", "key"], ["nested", "key", "key"], ["nested", "key", "key", "key"]],
    "get": [["nested", "path"], ["nested", "path", "any"], ["nested", "path", "lam1"]],
    "index": [["coll", "any"], ["coll", "lam1"], ["coll", "lam2"], ["str", "str"]],
    "slice": [["coll", "int", "lam1"], ["coll", "int"], ["arr", "int", "lam2"]],
    "step": [["arr", "int"], ["int", "int"], ["arr", "int", "lam1"]],
    "tree_each": [["nested"], ["nested", "lam2"], ["nested", "hash", "lam2"]],
    "flatten": [["arr"], ["any"], ["arr", "arr"]],
    "keys": [["hash"]], "values": [["hash"]],
    "unique": [["arr"], ["hash"], ["str"], ["arr", "lam1"]],
    "partition": [["coll", "lam1"], ["coll", "lam2"]],
    "group_by": [["coll", "lam1"], ["coll", "lam2"]],
    "any": [["coll", "lam1"], ["coll", "lam2"]],
    "all": [["coll", "lam1"], ["coll", "lam2"]],
    "reverse_each": [["arr"], ["arr", "lam1"], ["int", "lam1"]],
    "then": [["any", "lam1"]], "lest": [["any", "lam1"]],
    "with": [["any", "lam1"], ["any", "any", "lam2"]],
    "strftime": [["time", "tfmt"], ["time"]],  # (a format alone formats the current time)
    "unwrap": [["any"]],
    "type": [["any"], ["any", "str"]],
    "getvar": [["varname"], ["varname", "any"]],
    "defined": [["defname"], ["defname", "defname"]],
    "fqdn_rand": [["int"], ["int", "seed"]],
    "compare": [["any", "any"], ["str", "str", "bool"]],
    "max": [["num", "num"], ["str", "str", "num"]],
    "min": [["num", "num"], ["str", "str", "num"]],
    "join": [["arr"], ["arr", "str"]],
    "sort": [["arr"], ["arr", "lam2"]],
    "call": [["fname", "any"], ["fname", "any", "lam1"], ["fname"]],
    "values": [["hash"]],
    "index": [["coll", "any"], ["coll", "lam1"], ["coll", "lam2"], ["str", "str"]],
}

def arg(rng, kind):
    if rng.random() < 1 / 6:
        return value(rng)  # any other kind now and then: the signature errors
    return KINDS[kind](rng)


def call(rng):
    name = rng.choice(sorted(FUNCS))
    sig = rng.choice(FUNCS[name])
    block = sig[-1] if sig[-1].startswith("lam") else None
    kinds = sig[:-1] if block else sig
    args = [arg(rng, k) for k in kinds]
    r = rng.random()
    if r < 0.04 and args:
        args.pop()  # one too few
    elif r < 0.08:
        args.append(value(rng))  # one too many
    lam_src = " " + KINDS[block](rng) if block else ""
    if args and rng.random() < 0.3:
        recv = args[0]
        if recv.startswith(("'", "[", "{")) or re.fullmatch(r"-?[\d.e]+", recv) is None:
            rest = ", ".join(args[1:])
            return f"({recv}).{name}({rest}){lam_src}" if rest or not block else \
                f"({recv}).{name}{lam_src}"
    return f"{name}({', '.join(args)}){lam_src}"


def check(rng):
    c = call(rng)
    if c.startswith(("getvar", "defined")) or rng.random() < 0.05:
        # Variables for getvar and defined to find: a lambda's parameters.
        return f"with('top', {{'a' => {{'b' => 1}}}}) |$v, $h| {{ {c} }}"
    return c


ITERABLE_STRINGS = ("strip", "lstrip", "rstrip", "chomp", "chop", "capitalize", "camelcase")


def deviation(src, expected, got):
    e, g = expected.get("error") or "", got.get("error") or ""
    ev = expected.get("value") or ""
    if "cannot load such file -- scanf" in e:
        return "the reference's Ruby 3.1 lacks the scanf library its scanf function loads"
    if "undefined method `parameter_names'" in e:
        return "the reference's slice crashes on a lambda of more parameters than a slice has"
    if "#<" in ev or "#<" in e or "0x0000000000000000" in g:
        return "a Ruby object's inspect (its address) in the reference's answer"
    if src.startswith("step(") and "|" not in src and ev and got.get("value"):
        return ("the reference's Ruby splats the elements of a step iterator it turns into an "
                "array (docs/deviations.md)")
    if ("The given data" in e and "got '" in e
            and re.sub(r"got '[^']*'", "", e) == re.sub(r"got '[^']*'", "", g)):
        return "the common type of a collection's elements (the spec's tables, docs/deviations.md)"
    if "tree_each" in src and "OptionsType" in g and "block" in e:
        return "the reference describes no reason for tree_each options whose keys are no strings"
    if ("undefined method `" in e or "uninitialized constant" in e) and g:
        return "the reference's Ruby fails inside the function; prepl fails with its own words"
    if any(f in src for f in ITERABLE_STRINGS) and ("Iterable[Variant[String, Numeric]]" in e + g):
        return ("Iterable[T] of an array: the reference checks its reduced inferred type, "
                "prepl each element (docs/deviations.md)")
    return None
