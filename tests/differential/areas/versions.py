"""Versions: `SemVer` and `SemVerRange` made in every way their `new` takes (strings, the
component forms, the hash forms, ranges from two versions), valid and invalid texts
(prereleases, build metadata, leading zeros, partial versions, range operators `~ ^ x * -
|| < <= > >= =`), comparisons and equality, `=~` against ranges and `SemVer[...]` types of
several ranges, `sort`/`min`/`max`/`unique`/`compare`/`versioncmp`, `String(v, fmt)` and
`type()` of them, and their mistakes (wrong argument kinds, bad texts).

A program is a list of checks; an error ends a program."""
import re

from gen import quote

CHECKS_PER_PROGRAM = 4

VERSIONS = ["1.2.3", "0.0.0", "1.0.0", "2.0.0", "1.2.3-rc.1", "1.2.3-rc.10", "1.2.3-rc.2",
            "1.2.3-alpha", "1.2.3-alpha.beta", "1.2.3-0", "1.2.3+build.5", "1.2.3-rc.1+b.2",
            "10.20.30", "1.10.0", "1.9.0", "0.1.0-beta", "3.0.0-x.7.z.92", "1.2.3-a-b",
            "999999999.0.0", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta.11"]
BAD_VERSIONS = ["1.2", "v1.2.3", "01.2.3", "1.2.3-", "1.2.3-01", "1.2.3.4", "", "a.b.c",
                "1.2.3+", " 1.2.3", "1.2.3 ", "-1.2.3", "1.2.3-rc..1"]
RANGES = [">=1.0.0", "<2.0.0", ">=1.0.0 <2.0.0", "~1.2", "~1.2.3", "^1.2.3", "^0.2.3",
          "^0.0.3", "1.x", "1.2.x", "1.2.*", "*", "1.0.0 - 2.0.0", "1.2 - 2", ">=1.0.0 || <0.5.0",
          "=1.2.3", "1.2.3", ">1.2.3-rc.1", "<=1.2.3", ">= 1.0.0", "~> 1.2", "1", "1.2",
          "~1", "^1", ">1.0.0 <1.0.0", "x", ">=1.2.3-alpha <1.2.4"]
BAD_RANGES = ["abc", ">=", "1.2.3.4", ">=1.0.0 <", "~>", "||", "1.0.0 -", ""]
FORMATS = ["'%s'", "'%p'", "'%#p'", "'%10s'", "'%-12s|'", "'%d'", "'%#s'"]


def version(rng):
    k = rng.randrange(12)
    if k < 6:
        return f"SemVer({quote(rng.choice(VERSIONS))})"
    if k < 7:
        return f"SemVer({quote(rng.choice(BAD_VERSIONS))})"
    if k < 9:
        parts = [str(rng.choice([0, 1, 2, 10, -1])) for _ in range(3)]
        if rng.random() < 0.4:
            parts.append(quote(rng.choice(["rc.1", "alpha", "01", "", "a.b", "x-y"])))
            if rng.random() < 0.5:
                parts.append(quote(rng.choice(["build.5", "", "b..1", "001"])))
        return f"SemVer({', '.join(parts)})"
    entries = []
    for key in ["major", "minor", "patch", "prerelease", "build"]:
        if key in ("prerelease", "build"):
            if rng.random() < 0.3:
                entries.append(f"'{key}' => {quote(rng.choice(['rc.1', 'b.2', '', '01']))}")
        elif rng.random() < 0.9:
            entries.append(f"'{key}' => " + rng.choice(["0", "1", "2", "-1", "'1'"]))
    if rng.random() < 0.1:
        entries.append("'extra' => 1")
    return "SemVer({" + ", ".join(entries) + "})"


def version_range(rng):
    k = rng.randrange(10)
    if k < 6:
        return f"SemVerRange({quote(rng.choice(RANGES))})"
    if k < 7:
        return f"SemVerRange({quote(rng.choice(BAD_RANGES))})"
    a, b = quote(rng.choice(VERSIONS)), quote(rng.choice(VERSIONS))
    if k < 9:
        args = [f"SemVer({a})" if rng.random() < 0.5 else a,
                f"SemVer({b})" if rng.random() < 0.5 else b]
        if rng.random() < 0.4:
            args.append(rng.choice(["true", "false"]))
        return f"SemVerRange({', '.join(args)})"
    entries = [f"'min' => SemVer({a})", f"'max' => SemVer({b})"]
    if rng.random() < 0.5:
        entries.append(f"'exclude_max' => {rng.choice(['true', 'false'])}")
    return "SemVerRange({" + ", ".join(entries) + "})"


def sem_type(rng):
    n = rng.randint(0, 2)
    if n == 0:
        return "SemVer"
    return "SemVer[" + ", ".join(quote(rng.choice(RANGES)) if rng.random() < 0.8
                                 else version_range(rng) for _ in range(n)) + "]"


def check(rng):
    k = rng.randrange(20)
    if k < 3:
        return version(rng)
    if k < 5:
        return version_range(rng)
    if k < 8:
        op = rng.choice(["==", "!=", "<", "<=", ">", ">="])
        b = version(rng) if rng.random() < 0.8 else rng.choice(["'1.2.3'", "1", "undef",
                                                                version_range(rng)])
        return f"{version(rng)} {op} {b}"
    if k < 11:
        v = version(rng) if rng.random() < 0.8 else quote(rng.choice(VERSIONS))
        t = sem_type(rng) if rng.random() < 0.6 else version_range(rng)
        return f"{v} =~ {t}"
    if k < 12:
        return f"{version_range(rng)} == {version_range(rng)}"
    if k < 14:
        vals = ", ".join(version(rng) for _ in range(rng.randint(2, 4)))
        fn = rng.choice(["sort", "min", "max", "unique"])
        if fn in ("min", "max"):
            return f"{fn}({vals})"
        return f"[{vals}].{fn}"
    if k < 15:
        a, b = quote(rng.choice(VERSIONS + BAD_VERSIONS)), quote(rng.choice(VERSIONS))
        return rng.choice([f"versioncmp({a}, {b})", f"compare({version(rng)}, {version(rng)})"])
    if k < 17:
        v = version(rng) if rng.random() < 0.6 else version_range(rng)
        return f"String({v}, {rng.choice(FORMATS)})"
    if k < 18:
        v = version(rng) if rng.random() < 0.6 else version_range(rng)
        return f"type({v})"
    if k < 19:
        return sem_type(rng)
    v = version(rng)
    return f"{v} in [{version(rng)}, {quote(rng.choice(VERSIONS))}]"


VERSION = re.compile(r"\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?")
MERGED = re.compile(r"SemVer\[[^\]]*[')], ")
LEADING_ZERO_PART = re.compile(r"SemVer\(\d+, \d+, \d+, '0\d|'prerelease' => '0\d")


def deviation(src, expected, got):
    exp = expected.get("value") or expected.get("error") or ""
    val = got.get("value") or got.get("error") or ""
    if "undefined method" in exp or "with nil failed" in exp:
        return "the reference's Ruby crashes (merged ranges with `||`)"
    if MERGED.search(src) or (sorted(VERSION.findall(exp)) == sorted(VERSION.findall(val))
                              and VERSION.findall(exp) != VERSION.findall(val)
                              and ("SemVerRange(" in src or "SemVer[" in src)):
        return "`SemVerRange(min, max)`, hash form, merged `SemVer[...]` ranges"
    if LEADING_ZERO_PART.search(src) and "cannot be converted to a SemVer" in val:
        return "a prerelease with a leading zero from parts (`SemVer(1, 2, 3, '01')`)"
    return None
