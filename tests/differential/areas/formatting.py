"""`String(v, fmt)` and `sprintf` with random format specs over random values."""
import re
from gen import quote

CHECKS_PER_PROGRAM = 5

VALUES = ["0", "1", "-42", "255", "3.14159", "-0.5", "1e10", "100.0", "'hello'", "''",
          "'a\"b'", "true", "false", "undef", "[1, 'a', 2.5]", "[]", "{'a' => 1, 'b' => [2]}",
          "{}", "/ab+/", "Integer[1, 2]", "default", "'ünï'", "[[1], {'k' => 'v'}]"]


def spec(rng, conv):
    flags = "".join(rng.sample(["-", "+", " ", "0", "#"], rng.randint(0, 2)))
    width = str(rng.randint(1, 12)) if rng.random() < 0.5 else ""
    prec = "." + str(rng.randint(0, 6)) if rng.random() < 0.4 else ""
    return f"%{flags}{width}{prec}{conv}"


CONVS = "dxXobBeEfgGaAscpuiq"


def check(rng):
    v = rng.choice(VALUES)
    conv = rng.choice(CONVS)
    if rng.random() < 0.6:
        fmt = spec(rng, conv)
        if rng.random() < 0.25 and v.startswith(("[", "{")):
            # Container formats: delimiters and element formats.
            fmt = rng.choice(["%(a", "%[a", "%<a", "%{a", "%#a", "%#p", "%a", "%s"])
            if v.startswith("{") and rng.random() < 0.5:
                fmt = rng.choice(["%(h", "%#h", "%h", "%[h"])
        return f"String({v}, {quote(fmt)})"
    n = rng.randint(1, 2)
    specs = [spec(rng, rng.choice(CONVS)) for _ in range(n)]
    args = ", ".join(rng.choice(VALUES) for _ in range(n))
    text = rng.choice(["", "x=", "<"]) + "|".join(specs)
    return f"sprintf({quote(text)}, {args})"


def deviation(src, expected, got):
    if re.search(r"String\([^,]*\.\d*[^,]*\)$", src):
        return None
    if ("sprintf(" in src and "#<" in (expected.get("value") or "")
            and "#<" not in (got.get("value") or "")):
        return "sprintf's %p of a type: Ruby's inspect of the reference's object (its address)"
    if "/ab+/" in src and re.search(r"%[-+ 0#]*\d*(\.\d+)?s", src):
        return "%s of a Regexp has its / / delimiters (spec)"
    return None
