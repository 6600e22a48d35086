"""stdlib's `parseyaml` on broken YAML (session 54, helper leftover15): the reference runs
stdlib's own 3.x function (`YAML.load`, Psych over libyaml) and fails with Psych's message,
`(<unknown>): PROBLEM CONTEXT at line L column C` (`Psych::SyntaxError`) or `Unknown alias:
NAME` (`Psych::BadAlias`); prepl answers with its native `parseyaml` and words the YAML
reader's errors as Psych does (`functions/stdlib/yaml_error.rs`). A default (the second
argument) is the answer instead of the error. The stand-in `stdlib` has stdlib's own file."""

ENV_DIR = "tests/fixtures/control-repo/production"
MODULEPATH = ["tests/fixtures/rubyfn_legacy/modules"]

BROKEN = [
    # flow collections left open or closed wrongly
    "a: [", "{a: 1", "[1, 2", "{a: 1, b", "a: [1, 2}", "key: [a, b]]", "a: {b: [c}",
    "- [a, b\n- c", "x: 1\ny: [1, 2\nz: 3", "{a: [1, {b: 2]}", "a: [b,, c]", "[,]", "{,}",
    "]", "}",
    # mappings and sequences
    "a: b: c", "- a\nb: c", "a:\n  - b\n c: d", "a\nb: c", "a: 1\n b: 2", "a: b\n- c",
    "[a, b]: c: d", "a:\n  b: 1\n   c: 2", "a: b\n  c: d", "a: 'b' c", "- 'a' 'b'",
    "a: &a &b c", "a: b #c\n d", "a: 'x\n\nb: 'y",
    # simple keys without their ':'
    "a: 1\nb", "a:\n  - 1\n  -2\n - 3", "- a\n-b\n- c: d: e",
    # scalars, tokens, directives
    "a: \"x", "a: 'x", "\"\\q\"", "a: \"\\xZZ\"", "a: @x", "a: `x", "a: %x", "@",
    "%YAML 1.1\n%YAML 1.1\n---", "%FOO\n--- a", "a: !<x", "a: &", "a: *",
    # tabs
    "\ta: 1", "a:\n\tb: 1", "a: >\n\tx",
    # aliases never anchored
    "a: *b", "a: &x 1\nb: *y",
]


def quoted(text):
    """`text` as a single-quoted Puppet string."""
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


PROGRAMS = [f"parseyaml({quoted(t)})" for t in BROKEN] + [
    # (a default is the answer)
    "parseyaml('a: [', 'dflt')",
    "parseyaml('a: *b', {'x' => 1})",
]
