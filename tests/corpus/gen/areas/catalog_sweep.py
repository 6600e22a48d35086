# Catalog semantics the module sweep (tests/module_sweep) found prepl getting wrong, one
# small program each.
COMPILE_CATALOG = True

PROGRAMS = [
    # An error located in a class body declared like a resource is passed on as it is (the
    # reference re-raises located errors); errors of the declaration itself get the prefix.
    'class a { $x = "${nope}" } class { "a": }',
    'class a { notify { "n": message => $nope } } class b { class { "a": } } include b',
    'class a($p = $nope) { } class { "a": }',
    'class a { fail("x") } class { "a": }',
    'class a($p) { } class { "a": }',
    'class a(Integer $p) { } class { "a": p => "x" }',
    'class a { notify { "x": } notify { "x": } } class { "a": }',
    # A class or define parameter named like a metaparameter: a warning (once) with a
    # default, an error without.
    "define d($tag = 'a') {}",
    "define d($tag) {}",
    "class c($tag = 1) {}",
    "define d($tag = undef) {} d { 'x': } d { 'y': }",
    "class c($require) {} include c",
    "define d($loglevel = undef, $before = undef) {} d { 'x': }",
    "define d($noop = 'a') {} 1",
]
