"""`sort`, `unique`, `compare`, `min`, `max` over mixed values."""
from gen import scalar_value, value, quote

CHECKS_PER_PROGRAM = 5


def element(rng, kind):
    if kind == "int":
        return str(rng.randint(-5, 5))
    if kind == "num":
        return rng.choice([str(rng.randint(-5, 5)), repr(rng.randint(-20, 20) / 4)])
    if kind == "str":
        return quote(rng.choice(["a", "B", "b", "A", "ab", "", "10", "9", "é", "Z"]))
    return scalar_value(rng) if rng.random() < 0.7 else value(rng)


def check(rng):
    kind = rng.choice(["int", "num", "str", "mixed"])
    n = rng.randint(0, 6)
    arr = "[" + ", ".join(element(rng, kind) for _ in range(n)) + "]"
    k = rng.randrange(7)
    if k == 0:
        return f"sort({arr})"
    if k == 1:
        return f"unique({arr})"
    if k == 2:
        return f"compare({element(rng, kind)}, {element(rng, kind)})"
    if k == 3:
        return f"compare({element(rng, 'str')}, {element(rng, 'str')}, {rng.choice(['true', 'false'])})"
    if k == 4:
        return f"{arr}.sort |$a, $b| {{ compare($b, $a) }}"
    if k == 5:
        return f"max(*{arr})" if n else "max(1)"
    return f"min(*{arr})" if n else "min(1)"


def deviation(src, expected, got):
    e, g = expected.get("error") or "", got.get("error") or ""
    if expected.get("value") == got.get("value") and not e and not g and all(
            "deprecated" in l for l in set(got.get("log") or []) ^ set(expected.get("log") or [])):
        return "deprecation warnings are shown once per process (the oracle's batch)"
    return None
