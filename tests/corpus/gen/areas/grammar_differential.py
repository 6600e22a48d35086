"""Disagreements found by the differential area `grammar` (tests/differential/areas/grammar.py:
random programs from the grammar, expressions nested in every position), reduced and kept as
regression cases once fixed. Each group names the seed run that found it."""

PROGRAMS = []

# --- seed 1: regsubst's options in Ruby's message of a pattern that does not compile
# (`/[/mix`, in Ruby's order whatever the order of the flags).
PROGRAMS += [
    "regsubst('a', '[', 'x', 'E')",
    "regsubst('a', '[', 'x', 'I')",
    "regsubst('a', '[', 'x', 'M')",
    "regsubst('a', '[', 'x', 'EIM')",
    "regsubst('a', '(', 'x', 'IE')",
    "regsubst('a', '[', 'x', 'GI')",
    "regsubst(['a', 'b'], 'a{2,1}', 'x', 'MG')",
]

# --- seed 1: a selector without a match shows the value as Ruby's `to_s` (a regexp as
# `(?-mix:...)`, arrays and hashes in Ruby's inspect form).
PROGRAMS += [
    "/\\// ? { 'a' => 1 }",
    "/a+b/ ? { 'a' => 1 }",
    "[true, 1, ['ab\\nc', 'd']] ? { 'a' => 1 }",
    "{'a' => [1, undef], 'b' => 'x'} ? { 'a' => 1 }",
    "[/a/, 1.5, undef] ? { 1 => 2 }",
    "0.15 ? { 1 => 2 }",
    "undef ? { 1 => 2 }",
    "Integer[1, 2] ? { 1 => 2 }",
    "$x = 'b' $x ? { 'a' => 1 }",
    # (a compiled function body: from its second call)
    "function f($v) { $v ? { 1 => 'one' } } [1, 1, 1, /a/].map |$i| { f($i) }",
    "function f($v) { $v ? { 1 => 'one' } } [1, 1, 1, ['x', [1]]].map |$i| { f($i) }",
]
