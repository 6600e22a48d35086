"""Catalog disagreements found by the differential area `grammar` (random programs from the
grammar), reduced and kept as regression cases once fixed: the catalog is compared too.
Each group names the seed run that found it."""
COMPILE_CATALOG = True

PROGRAMS = []

# --- session 45, seed 15: a title ending in a line break is a tag (the reference's tag
# pattern ends with Ruby's `\Z`); one with two, or with other characters, is not.
PROGRAMS += [
    'notify { "r7-\\n": message => 1 }',
    'notify { "a\\n\\n": message => 1 }',
    'notify { ["x\\n", "é\\n", "\\n"]: }',
    'notify { "y\\n": tag => "t\\n" }',
    'define d() { notify { "n-${title}": } } d { "T\\n": }',
]
