"""Regexp literals and `=~` on random Ruby-syntax patterns (classes, escapes, anchors,
quantifiers, groups, alternation, options), against random strings."""
from gen import quote

CHECKS_PER_PROGRAM = 2

ATOMS = ["a", "b", "ab", ".", "\\d", "\\w", "\\s", "\\D", "\\W", "\\S", "\\h", "[abc]", "[^a]",
         "[a-z]", "[[:alpha:]]", "[[:digit:]]", "\\A", "\\z", "\\Z", "^", "$", "\\b", "\\/",
         "\\.", "\\0", "[\\n\\/\\0]", "[^\\n\\/\\0]", "é", "\\x41", "\\u00e9", "\\t", "\\\\",
         "\\p{L}", "\\p{Alpha}", "(?i:a)", "(?<n>a)", "\\k<n>", "(a)\\1", "(?=a)", "(?!b)",
         "(?<=a)", "[a&&[^b]]", "\\G", "\\R", "\\X", "\\K", "(?m:.)", "\\e", "\\cA", "[]a]",
         "a{2}", "a{,2}", "{", "}", "]", "(?x) a", "\\Q", "a++", "a?+", "(?#c)", "\\o{101}"]
QUANT = ["", "", "*", "+", "?", "{1,2}", "*?", "{2}", "+?"]
SUBJECTS = ["", "a", "ab", "abc", "A", "aab", "b\n", "\n", "é", "1", "a1 b2", "/x/", "\0",
            "AbC", "xyz", "a.b", "\t", "Ωé", "aa"]


def pattern(rng):
    n = rng.randint(1, 4)
    parts = []
    for _ in range(n):
        a = rng.choice(ATOMS)
        q = rng.choice(QUANT) if not a.startswith(("\\A", "\\z", "^", "$", "\\b", "(?", "\\G",
                                                    "\\K", "\\Q", "{", "}")) else ""
        parts.append(a + q)
    if rng.random() < 0.2:
        return "(" + "|".join(parts) + ")"
    return "".join(parts)


def dq(s):
    out = s.replace("\\", "\\\\").replace('"', '\\"').replace("$", "\\$")
    return '"' + out.replace("\n", "\\n").replace("\t", "\\t").replace("\0", "\\u0000") + '"'


def check(rng):
    p = pattern(rng)
    k = rng.randrange(5)
    s = dq(rng.choice(SUBJECTS))
    if k < 3:
        return f"{s} =~ /{p}/"
    if k == 3:
        return f"{s} =~ Pattern[/{p}/]"
    return f"if {s} =~ /{p}/ {{ [$0, $1] }} else {{ 'no' }}"


def deviation(src, expected, got):
    e = expected.get("error") or ""
    g = got.get("error") or ""
    if e and g and "regular expression" in (e + g).lower():
        return None
    return None
