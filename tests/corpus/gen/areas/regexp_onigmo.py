"""Onigmo's constructs in Puppet regexps (session 46): each pattern matched against a set of
texts with `=~`, `match`, `regsubst` (global) and `split`, so that a construct prepl reads
differently from Onigmo, or refuses, shows in one program. Constructs the Rust engines cannot
express must fail with an error naming them (never a wrong answer): those programs are here
too, and are known failures documented in docs/deviations.md."""

# Texts chosen to exercise the constructs: empty, ASCII, digits and hex, Unicode letters and
# combining marks, line breaks (`\r\n`, a final newline), parentheses for recursion.
TEXTS = [
    "''", "'a'", "'ab'", "'abab'", "'aab'", "'abc'", "'A1 b2'", "'é'", '"x\\ny"', '"ab\\n"',
    '"\\r\\n"', '"e\\u0301x"', "'(a(b))'", "'ΩΣ'", "'12ff'", "'a.b-c'", "'aBc'", "'abcabc'",
]

PATTERNS = [
    # subexpression calls
    r"(?<x>ab)\g<x>",
    r"\A(?<p>[a-z]+)(?:\.\g<p>)*\z",
    r"(?<d>\d)\g<d>",
    r"(a|b)\g<1>",
    r"(a|b)c\g<-1>",
    r"(a)(b)\g<2>",
    r"(?<x>a|b)\g'x'",
    r"\A(?<b>\((?:[^()]|\g<b>)*\))\z",
    # back-references
    r"(?<n>a|b)\k<n>",
    r"(a|b)\k<1>",
    r"(a|b)\k<-1>",
    r"(?<n>a)\k'n'",
    r"(a)(b)\k<-2>",
    # hex digits, line breaks, grapheme clusters
    r"\h+",
    r"\H+",
    r"[\h.]+",
    r"[^\h]+",
    r"\R",
    r"y\R?",
    r"\X",
    r"\A\X\z",
    r"\X{2}",
    # absent operator
    r"(?~ab)",
    r"\A(?~b)\z",
    r"a(?~c)c",
    # conditionals
    r"(a)?(?(1)b|c)",
    r"\A(a)?(?(1)b|c)\z",
    r"(?<n>a)?(?(<n>)b|c)",
    r"(?<n>a)?(?('n')b|c)",
    r"(a)?(?(1)b)",
    # Unicode properties
    r"\p{Alnum}+",
    r"\p{^Alpha}+",
    r"\P{Alpha}+",
    r"\p{Alpha}+",
    r"\p{Digit}",
    r"\p{Space}",
    r"\p{Word}+",
    r"\p{XDigit}+",
    r"\p{Upper}",
    r"\p{Lower}+",
    r"\p{Punct}",
    r"\p{Greek}+",
    r"\p{ASCII}+",
    r"\p{Any}",
    r"\p{L}\p{M}",
    r"\p{Lu}",
    r"[\p{Greek}a]+",
    r"[^\p{L}]+",
    # POSIX brackets
    r"[[:^alpha:]]+",
    r"[[:^digit:]]+",
    r"[[:space:]]",
    r"[[:punct:]]",
    r"[[:xdigit:]]+",
    r"[[:word:]]+",
    r"[[:ascii:]]+",
    r"[[:blank:]]",
    r"[[:cntrl:]]",
    r"[[:graph:]]+",
    r"[[:print:]]+",
    r"[[:upper:]]",
    r"[[:^lower:]]",
    r"[[:alnum:][:punct:]]+",
    # options
    r"(?i-m:A.B)",
    r"(?m:a.b)",
    r"(?i)a(?-i)b",
    r"(?mi:X.Y)",
    r"a(?i)b|c",
    r"(?i:É)",
    r"(?x: a b )",
    r"(?i)[[:upper:]]",
    # anchors
    r"\Aa",
    r"b\z",
    r"b\Z",
    r"\Ga",
    r"^$",
    r"$",
    r"\b",
    r"\B",
    # escapes
    r"\101",
    r"\x41",
    r"\x{41}",
    r"\u{41}",
    r"\u0041",
    r"\u{e9}",
    r"\141\x62",
    r"\e|\a",
    r"\cJ",
    r"\C-j",
    r"\M-a",
    # possessive, atomic
    r"a*+",
    r"a++b",
    r"a?+a",
    r"a{1,2}+",
    r"(?>a+)b",
    r"(?>a|ab)c",
    r"a*+a",
    # keep, intersection, nested classes
    r"a\Kb",
    r"[a-z&&[^aeiou]]+",
    r"[a[bc]]+",
    r"[\w&&\D]+",
]


def program(pattern):
    texts = ", ".join(TEXTS)
    return (f"[{texts}].map |$t| {{ [$t =~ /{pattern}/, $t.match(/{pattern}/), "
            f"regsubst($t, /{pattern}/, '<\\0>', 'G'), split($t, /{pattern}/)] }}")


PROGRAMS = [program(p) for p in PATTERNS]

# Character classes Onigmo takes where a range meets a nested class or an intersection
# (session 47): a `-` after a nested class or before `&&` is the character, and a range's
# start before a nested class is dropped (`[a-[b]]` is `[b]`).
CLASS_SHAPES = [
    r"[[a]-b]",
    r"[a-[b]]",
    r"[a-&&b]",
    r"[\w-&&a]",
    r"[a-b-[c]]",
    r"[[a]-&&b]",
]

# Character classes that do not compile, each with Onigmo's message (session 47).
CLASS_ERRORS = [
    r"[]", r"[^]", r"[[]",                          # empty char-class
    r"[a", r"[a-", r"[a-[", r"[a-[b]", r"[[]]",     # premature end of char-class
    r"[a-\d]", r"[a-[:alpha:]]",                    # char-class value at end of range
    r"[\w-a]", r"[\d-[a]]", r"[[:alpha:]-z]",       # unmatched range specifier
    r"[b-a]", r"[b-a-c]", r"[a-\]",                 # empty range in char class
]

PROGRAMS += [program(p) for p in CLASS_SHAPES]
PROGRAMS += [f"'a' =~ /{p}/" for p in CLASS_ERRORS]
PROGRAMS += [f"'a' =~ '{p}'" for p in CLASS_ERRORS if "\\" not in p]

# A `\` ending the pattern inside a class: Onigmo's "too short escape sequence", wherever in
# the class (session 53, grammar10's seed 119); an escaped `\` leaves the class open.
PROGRAMS += [f"Regexp('{p}')" for p in (r"[\\", r"[a\\", r"[a-\\", r"[^\\", r"[[a\\", r"[\\\\")]
