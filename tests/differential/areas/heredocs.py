"""Heredocs and string interpolation: `@(TAG)` with quoted and unquoted tags, escape switches
(`/t`, `/n`, `/s`, `/u`, `/L`, `/$`, `/` alone), a margin (`|`, with spaces and tabs) and
`-` trimming the last newline, a syntax tag (`:json`), interpolation of variables, access
expressions, method calls with lambdas, arithmetic and nested strings into heredocs and
double-quoted strings, the escapes of double-quoted strings (known and unknown), and
heredoc bodies with blank lines, indentation deeper and shallower than the margin."""
import re

CHECKS_PER_PROGRAM = 3

VALUES = ["1", "-2.5", "'a'", "''", "undef", "true", "[1, 'b']", "{'k' => 'v'}", "[]",
          "{}", "default", "/re/", "Integer[1]", "'é😀'", "[[1], {'x' => [2]}]"]

ESC_FLAGS = ["", "/", "/t", "/n", "/s", "/u", "/L", "/$", "/tn", "/ts$", "/nL", "/uL"]

WORDS = ["alpha", "b c", "tab\there", "x", "", "  lead", "trail  ", "$notvar", "100%",
         "quote \" mark", "single ' q", "back\\slash", "brace }", "dollar $ sign"]

ESCAPES = ["\\n", "\\t", "\\s", "\\$", "\\\\", "\\\"", "\\'", "\\u0041", "\\u{1F600}",
           "\\u{e9}", "\\r", "\\q", "\\ ", "\\L"]


def interp(rng, var):
    """An interpolation in a double-quoted string or heredoc, reading `$v` (and `$h`)."""
    return rng.choice([
        f"${{{var}}}", f"${var}", f"${{{var}}}s", f"${{h['k']}}", f"${{h['missing']}}",
        f"${{a[0]}}", f"${{a[-1]}}", f"${{a[5]}}", f"${{a.map |$x| {{ \"<${{x}}>\" }}}}",
        f"${{a.length}}", "${1 + 2}", "${[1, 2]}", "${{'a' => 1}}", "${undef}",
        f"${{\"in${{{var}}}\"}}", f"${{{var} ? {{ undef => 'U', default => 'D' }}}}",
        "${ 'x' }", "${a[0,1]}", "$h", "$a", f"${var}::y", "${::v}", "${n}", "${n * 2}",
        "${$n}", "${sprintf('%05d', $n)}",
    ])


def setup(rng):
    v = rng.choice(VALUES)
    return (f"$v = {v} $a = [1, 'two', [3]] $h = {{'k' => 'v', 'n' => 1}} $n = 4 ")


def dq(rng):
    """A double-quoted string with text, escapes and interpolations."""
    parts = []
    for _ in range(rng.randint(1, 4)):
        k = rng.randrange(3)
        if k == 0:
            parts.append(rng.choice(WORDS).replace("\\", "\\\\").replace('"', '\\"')
                         .replace("$", "\\$"))
        elif k == 1:
            parts.append(rng.choice(ESCAPES))
        else:
            parts.append(interp(rng, "v"))
    return '"' + "".join(parts) + '"'


def body_line(rng, escapes):
    k = rng.randrange(6)
    if k == 0:
        return ""
    if k == 1:
        return interp(rng, "v")
    if k == 2 and escapes:
        return rng.choice(WORDS) + rng.choice(["\\t", "\\n", "\\s", "\\$", "\\\\", "\\u00e9",
                                               "\\u{1F600}", "\\x", "\\"])
    if k == 3:
        return rng.choice(WORDS) + " " + interp(rng, "v")
    return rng.choice(WORDS)


def heredoc(rng):
    tag = rng.choice(["END", "EOT", "x y", "END-1"])
    interpolating = rng.random() < 0.7
    flags = rng.choice(ESC_FLAGS)
    syntax = rng.choice([""] * 6 + [":json", ":yaml", ":epp", ":pp"])
    head = (f'"{tag}"' if interpolating else tag) + syntax + flags
    indent = rng.choice(["", "  ", "    ", "\t", "  \t"])
    margin = rng.random() < 0.6
    trim = rng.random() < 0.3
    lines = []
    for _ in range(rng.randint(0, 4)):
        extra = rng.choice(["", "", "  ", " ", "\t"]) if margin else rng.choice(["", " "])
        line = body_line(rng, bool(flags))
        if margin and rng.random() < 0.1:
            lines.append(indent[:max(0, len(indent) - 1)] + line)  # shallower than the margin
        else:
            lines.append(indent + extra + line if line or rng.random() < 0.5 else "")
    end = indent + ("| " if margin else "") + ("- " if trim else "") + tag
    if margin and rng.random() < 0.3:
        end = indent + ("|" if margin else "") + ("-" if trim else "") + " " + tag
    text = "\n".join(lines + [end])
    if syntax == ":json":
        text = "\n".join([indent + '{"a": [1, 2]}'] + [end])
    return f"@({head})\n{text}\n"


def check(rng):
    k = rng.randrange(6)
    if k < 2:
        return f"with() || {{ {setup(rng)}{heredoc(rng)}}}"
    if k < 4:
        return f"with() || {{ {setup(rng)}{dq(rng)} }}"
    if k == 4:
        # A heredoc as an argument, with text after it on its line.
        return f"with() || {{ {setup(rng)}[{heredoc(rng).rstrip()}\n].join('|').size }}"
    return f"with() || {{ {setup(rng)}{rng.choice(['upcase', 'size'])}({dq(rng)}) }}"


POSITION = re.compile(r" \((file: [^,]*, )?line: \d+, column: \d+\)")


def deviation(src, expected, got):
    e, g = expected.get("error") or "", got.get("error") or ""
    if e and g and e != g and POSITION.sub("", e) == POSITION.sub("", g):
        # Not a difference: a syntax checker's message holds the position of the error in
        # the text and the reference's the heredoc's too; the oracle removes the first,
        # diff-compare prepl's own (shown as the same text by prepl).
        return "harness: positions inside a syntax checker's message"
    if "undefined method `length' for nil:NilClass" in e and "terminator" in e:
        return "the reference's lexer fails on a trimmed heredoc ending in a backslash"
    if expected.get("value") == got.get("value") and not e and not g and all(
            "deprecated" in l for l in set(got.get("log") or []) ^ set(expected.get("log") or [])):
        return "deprecation warnings are shown once per process (the oracle's batch)"
    return None
