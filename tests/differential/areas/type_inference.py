"""Type inference: `type(v)` of random nested values at all three fidelities.

Values are built as trees so that the documented deviations (docs/deviations.md) can be
recognised from the value's shape: in the reduced and generalized fidelities, the common type
of a collection's elements follows the specification's `∪` tables where the reference differs
(`Undef ∪ T`, collection sizes, `Array ∪ Hash`, `Collection ∪ Scalar` and the other unions
that the reference answers with `Data`/`RichData` and the specification with `Any`).
"""
import re
from gen import WORDS, quote, integer, float_

CHECKS_PER_PROGRAM = 10


def tree(rng, depth=0):
    k = rng.randrange(10)
    if depth >= 3 or k < 5:
        j = rng.randrange(9)
        if j <= 1:
            return ("int", str(integer(rng)))
        if j == 2:
            return ("float", repr(float_(rng)))
        if j <= 4:
            return ("str", quote(rng.choice(WORDS)))
        if j == 5:
            return ("bool", rng.choice(["true", "false"]))
        if j == 6:
            return ("undef", "undef")
        if j == 7:
            return ("regexp", rng.choice(["/ab*/", "/x/"]))
        return ("rich", rng.choice(["default", "Integer", "String[1]", "Timespan(3)",
                                    "SemVer('1.2.3')", "Error('m')", "Error('m', 'k')",
                                    "Error('m', 'k', {}, 'c')"]))
    n = rng.randrange(4)
    if k < 8:
        return ("array", [tree(rng, depth + 1) for _ in range(n)])
    pairs = []
    for _ in range(n):
        key = rng.choice([("str", quote(rng.choice(WORDS))), ("int", str(integer(rng))),
                          ("str", quote(rng.choice(WORDS)))])
        pairs.append((key, tree(rng, depth + 1)))
    return ("hash", pairs)


def render(t):
    kind, v = t
    if kind == "array":
        return "[" + ", ".join(render(e) for e in v) + "]"
    if kind == "hash":
        return "{" + ", ".join(f"{render(k)} => {render(e)}" for k, e in v) + "}"
    return v


def size(t):
    return len(t[1])


UNIT = ("unit", None)


def unions(t):
    """The groups of values whose common type is computed (reduced/generalized)."""
    yield from groups([t])


def groups(group):
    """`group` (values whose common type is taken), then the groups that common type takes
    in turn: the common type of arrays is an array of the common type of all their elements
    (an empty array adding `Unit`, the reference's element type of `[]`), that of hashes a
    hash of their keys' and their values' common types. `[[undef], []]` thus computes
    `Undef ∪ Unit`."""
    if len(group) > 1:
        yield group
    arrays = [e for e in group if e[0] == "array"]
    hashes = [e for e in group if e[0] == "hash"]
    if arrays and not hashes:
        yield from groups([x for _, v in arrays for x in (v or [UNIT])])
    elif hashes and not arrays:
        yield from groups([k for _, v in hashes for k, _ in (v or [(UNIT, UNIT)])])
        yield from groups([x for _, v in hashes for _, x in (v or [(UNIT, UNIT)])])
    # Arrays with hashes or with other values: the union itself is a documented deviation
    # (see spec_union), so what is below it does not matter.


def spec_union(group, fidelity):
    """Why the specification's `∪` gives another answer than the reference for this group
    of siblings (None when both agree)."""
    kinds = {e[0] for e in group} - {"unit"}
    # Duplicate hash keys collapse: only distinct siblings matter; be conservative.
    if "undef" in kinds and len(kinds) > 1:
        return "Undef ∪ T is Any (spec)"
    if "undef" in kinds and UNIT in group:
        return "Undef ∪ Unit (of an empty collection) is Undef (spec: Undef ∪ T)"
    colls = [e for e in group if e[0] in ("array", "hash")]
    if colls and len(colls) < len(group) - group.count(UNIT):
        return "Collection ∪ non-collection is Any (spec; the reference gives Data/RichData)"
    if {"array", "hash"} <= kinds:
        return "Array ∪ Hash is Collection (spec; the reference gives Data/RichData)"
    if fidelity == "reduced" and (len([e for e in colls if e[0] == "array"]) > 1
                                  or len([e for e in colls if e[0] == "hash"]) > 1):
        return "sizes merged in Array/Hash ∪ (spec; the reference drops them)"
    if "rich" in kinds and len(kinds) > 1:
        return "Default/Type/Timespan/SemVer ∪ T is Any (spec; the reference gives RichData)"
    return None


def check(rng):
    fidelity = rng.choice(["", "detailed", "reduced", "generalized"])
    t = tree(rng)
    arg = f", '{fidelity}'" if fidelity else ""
    src = f"type({render(t)}{arg})"
    reason = None
    if fidelity in ("reduced", "generalized"):
        for g in unions(t):
            reason = spec_union(g, fidelity)
            if reason:
                break
    return (src, reason)


ONE_VALUE_TIME_RANGE = re.compile(r"\b(Timespan|Timestamp)\['([^']*)', '\2'\]")


def deviation(src, expected, got):
    # A range of one Timespan value (the type of `Timespan(3)`) prints both bounds, so that
    # it reads back as itself; the reference prints one, which reads as the open range.
    value = got.get("value")
    if value and ONE_VALUE_TIME_RANGE.sub(r"\1['\2']", value) == expected.get("value"):
        return "a Timespan range of one value prints both bounds (docs/deviations.md)"
    return None
