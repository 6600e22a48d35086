"""Type algebra: random types and values; `<`, `<=`, `==`, `!=`, `>`, `>=` and `=~`."""
import re
from gen import type_, value

CHECKS_PER_PROGRAM = 10

SINGLE_BOUND = re.compile(r"\b(Integer|Float)\[-?[\d.]+\]")


def check(rng):
    k = rng.randrange(6)
    if k < 3:
        op = rng.choice(["<", "<=", "==", "!=", ">", ">="])
        return f"{type_(rng)} {op} {type_(rng)}"
    return f"{value(rng)} =~ {type_(rng)}"


def deviation(src, expected, got):
    if SINGLE_BOUND.search(src):
        return "Integer[n]/Float[n] is the exact value n (spec)"
    if "Struct[" in src and re.search(r"(Collection|Hash)\[\d", src):
        return "Struct size is from its required keys to all keys (spec)"
    if (re.search(r"\b(Rich)?Data\b", src) and expected.get("value") == "true"
            and got.get("value") == "false"):
        # `Struct[{'a' => Data, 'c' => Hash}] < RichData` is true, with the members in the
        # other order false: once the reference's recursion guard has met the alias on both
        # sides, it accepts whatever follows.
        return "Data/RichData accept a non-Data member after a Data one (reference's recursion guard)"
    return None
