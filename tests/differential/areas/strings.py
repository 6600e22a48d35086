"""String functions over random unicode strings (core functions only: the stdlib ones
prepl has natively, such as swapcase and reverse, are not in the oracle): size, upcase,
downcase, capitalize,
camelcase, strip/lstrip/rstrip, chop, chomp, split, join,
`[]` slices, `+`-free interpolation, `=~` with simple patterns, `in`."""
from gen import quote

CHECKS_PER_PROGRAM = 8

ALPHABET = ["a", "B", "z", "É", "é", "ß", "İ", "ı", "ǅ", "Σ", "ς", "ﬁ", " ", "\t", "\n", "_",
            "-", "1", "😀", "ä", "Ω", "ü", "\u0301", "x", "Y", ".", ","]


def text(rng):
    n = rng.randint(0, 8)
    return "".join(rng.choice(ALPHABET) for _ in range(n))


def lit(s):
    # A double-quoted literal with escapes for control characters.
    out = s.replace("\\", "\\\\").replace('"', '\\"').replace("$", "\\$")
    out = out.replace("\n", "\\n").replace("\t", "\\t")
    return '"' + out + '"'


FUNCS = ["size", "upcase", "downcase", "capitalize", "camelcase", "strip",
         "lstrip", "rstrip", "chop", "chomp", "length"]


def check(rng):
    s = lit(text(rng))
    k = rng.randrange(8)
    if k < 3:
        return f"{rng.choice(FUNCS)}({s})"
    if k == 3:
        return f"split({s}, {quote(rng.choice(['', ' ', 'a', 'é', ',']))})"
    if k == 4:
        a, b = rng.randint(-4, 6), rng.randint(-3, 5)
        return f"{s}[{a}, {b}]" if rng.random() < 0.5 else f"{s}[{a}]"
    if k == 5:
        return f"{lit(text(rng))} in {s}"
    if k == 6:
        op = rng.choice(["==", "!=", "<", ">", "<=", ">="])
        return f"{s} {op} {lit(text(rng))}"
    return f"[{s}, {lit(text(rng))}].join({quote(rng.choice(['', '-', 'é']))})"
