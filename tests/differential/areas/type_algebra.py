"""Type algebra: random types and values; `<`, `<=`, `==`, `!=`, `>`, `>=` and `=~`."""
import re
from gen import type_, value

CHECKS_PER_PROGRAM = 10


def check(rng):
    k = rng.randrange(6)
    if k < 3:
        op = rng.choice(["<", "<=", "==", "!=", ">", ">="])
        return f"{type_(rng)} {op} {type_(rng)}"
    return f"{value(rng)} =~ {type_(rng)}"


def params(src, start):
    """The top-level parameters of the type whose `[` is at `start`."""
    out, depth, cur = [], 0, ""
    for c in src[start + 1:]:
        if c in "[{(":
            depth += 1
        elif c in "]})":
            if depth == 0:
                break
            depth -= 1
        if c == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += c
    return out + [cur.strip()]


def sized_collection(src):
    """Whether a Collection or Hash type in `src` has a size (`Hash[String, Integer, 1, 3]`)."""
    for m in re.finditer(r"\b(Collection|Hash)\[", src):
        if any(re.fullmatch(r"-?\d+|default", p) for p in params(src, m.end() - 1)):
            return True
    return False


def deviation(src, expected, got):
    if "Struct[" in src and sized_collection(src):
        return "Struct size is from its required keys to all keys (spec)"
    if (re.search(r"\b(Rich)?Data\b", src) and expected.get("value") == "true"
            and got.get("value") == "false"):
        # `Struct[{'a' => Data, 'c' => Hash}] < RichData` is true, with the members in the
        # other order false: once the reference's recursion guard has met the alias on both
        # sides, it accepts whatever follows.
        return "Data/RichData accept a non-Data member after a Data one (reference's recursion guard)"
    if (re.search(r"Variant\[[^\]]*\b(Rich)?Data\b[^\]]*\b(Hash|Array|Collection|Tuple|Struct)\b",
                  src)
            and {expected.get("value"), got.get("value")} == {"true", "false"}):
        # `Variant[Integer, Data, Hash] == Data` is true: the same recursion guard lets the
        # Hash after Data in as Data.
        return "Data/RichData accept a non-Data member after a Data one (reference's recursion guard)"
    if (re.search(r"Optional\[.*NotUndef\[(Rich)?Data\]", src)
            and expected.get("value") == "false" and got.get("value") == "true"):
        # `Optional[NotUndef[RichData]] > NotUndef[RichData]` is false in the reference (the
        # same with Integer true): its recursion guard on the alias.
        return "Optional[T] accepts T, T a NotUndef of Data/RichData (spec; reference's recursion guard)"
    return None
