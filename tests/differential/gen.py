"""Random Puppet values and types, shared by the area generators (all from a `random.Random`)."""

WORDS = ["a", "ab", "b", "abc", "", "x", "hello", "A", "key", "1", "Zz"]
SCALAR_TYPES = ["Any", "Scalar", "ScalarData", "Data", "RichData", "Numeric", "Integer",
                "Float", "String", "Boolean", "Undef", "Default", "Regexp", "Collection",
                "Array", "Hash", "Tuple", "Struct", "NotUndef", "Optional", "Variant",
                "Enum", "Pattern", "Timespan", "Timestamp", "SemVer", "Iterable", "Type",
                "Runtime", "Callable", "Sensitive", "Init", "Object"]


def quote(s):
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'"


def integer(rng):
    return rng.choice([0, 1, -1, 2, 3, 10, 42, 100, -7, rng.randint(-1000, 1000)])


def float_(rng):
    return rng.choice([0.0, 1.5, -2.25, 3.0, 0.1, 1e3, rng.randint(-100, 100) / 4])


def scalar_value(rng):
    k = rng.randrange(8)
    if k <= 1:
        return str(integer(rng))
    if k == 2:
        return repr(float_(rng))
    if k <= 4:
        return quote(rng.choice(WORDS))
    if k == 5:
        return rng.choice(["true", "false"])
    if k == 6:
        return "undef"
    return rng.choice(["default", "/ab*/", "/x/", "Integer", "String[1]"])


def value(rng, depth=0):
    k = rng.randrange(10)
    if depth >= 3 or k < 5:
        return scalar_value(rng)
    if k < 8:
        n = rng.randrange(4)
        return "[" + ", ".join(value(rng, depth + 1) for _ in range(n)) + "]"
    n = rng.randrange(4)
    pairs = []
    for _ in range(n):
        key = rng.choice([quote(rng.choice(WORDS)), str(integer(rng)), quote(rng.choice(WORDS))])
        pairs.append(f"{key} => {value(rng, depth + 1)}")
    return "{" + ", ".join(pairs) + "}"


def bounds(rng, lo_range=(-5, 10)):
    a = rng.randint(*lo_range)
    b = a + rng.randint(0, 10)
    return a, b


def type_(rng, depth=0):
    leaf = depth >= 2 or rng.random() < 0.45
    if leaf:
        k = rng.randrange(14)
        if k == 0:
            a, b = bounds(rng)
            return rng.choice([f"Integer[{a}, {b}]", f"Integer[{a}]", "Integer"])
        if k == 1:
            a, b = bounds(rng)
            return rng.choice([f"Float[{a}.0, {b}.5]", "Float", f"Float[{a}]"])
        if k == 2:
            a, b = bounds(rng, (0, 3))
            return rng.choice([f"String[{a}, {b}]", "String", f"String[{a}]"])
        if k == 3:
            n = rng.randint(1, 3)
            return "Enum[" + ", ".join(quote(rng.choice(WORDS)) for _ in range(n)) + "]"
        if k == 4:
            return rng.choice(["Pattern[/a/]", "Pattern[/^a+$/]", "Pattern[/b/, /x/]"])
        if k == 5:
            return rng.choice(["Boolean", "Boolean[true]", "Boolean[false]"])
        return rng.choice(["Any", "Scalar", "ScalarData", "Data", "RichData", "Numeric",
                           "Undef", "Default", "Regexp", "Collection", "Array", "Hash",
                           "NotUndef", "Optional", "String", "Integer", "Iterable", "Tuple",
                           "Struct", "Type", "Collection[1]", "Array[Any, 0, 0]"])
    k = rng.randrange(9)
    sub = lambda: type_(rng, depth + 1)
    if k == 0:
        return f"Array[{sub()}]" if rng.random() < 0.6 else f"Array[{sub()}, {rng.randint(0, 2)}, {rng.randint(2, 4)}]"
    if k == 1:
        key = rng.choice(["String", "Integer", "Scalar", "Enum['a', 'b']", sub()])
        return f"Hash[{key}, {sub()}]"
    if k == 2:
        n = rng.randint(1, 3)
        return "Tuple[" + ", ".join(sub() for _ in range(n)) + "]"
    if k == 3:
        n = rng.randint(1, 3)
        return "Variant[" + ", ".join(sub() for _ in range(n)) + "]"
    if k == 4:
        return f"Optional[{sub()}]"
    if k == 5:
        return f"NotUndef[{sub()}]"
    if k == 6:
        keys = rng.sample(["a", "b", "ab", "c"], rng.randint(1, 3))
        parts = []
        for key in keys:
            kk = quote(key) if rng.random() < 0.7 else f"Optional[{quote(key)}]"
            parts.append(f"{kk} => {sub()}")
        return "Struct[{" + ", ".join(parts) + "}]"
    if k == 7:
        return f"Type[{sub()}]"
    return f"Collection[{rng.randint(0, 2)}, {rng.randint(2, 5)}]"
