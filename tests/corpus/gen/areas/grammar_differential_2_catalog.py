"""Catalog disagreements found by the differential area `grammar` from session 54 on,
reduced and kept as regression cases once fixed: the catalog is compared too. Each group
names the seed run that found it."""
COMPILE_CATALOG = True

PROGRAMS = []

# --- session 54, seed 127: a define instance given a `Deferred` whose function takes none
# of its arguments (or that names no function) is checked where the reference checks it,
# at the finishing steps, outside any expression: Ruby's exception fails the compilation,
# named by its class (`Puppet::Parser::CatalogCompiler failed with error ArgumentError:
# ...`); a class's is an error of its declaration.
PROGRAMS += [
    "function gf(String $s) >> String { $s }\ndefine d($x) { notify { $title: message => 'm' } }\nd { 'a': x => Deferred('gf', [1, 2]) }\nnotice('after')",
    "define d($x) { notify { $title: message => 'm' } }\nd { 'a': x => Deferred('nope', [1]) }",
    "define d($x) { notify { $title: message => 'm' } }\nd { 'a': x => Deferred('join') }",
    "function gf(String $s) >> String { $s }\ndefine d($x) { notify { $title: message => 'm' } }\nclass c { d { 'a': x => Deferred('gf', [1, 2]) } }\ninclude c",
    "define d($x) { notify { $title: message => 'm' } }\nd { 'a': x => Deferred('join', [1, 2, 3, 4]) }",
    "function gf(String $s) >> String { $s }\nclass c($x) { notify { 'c': message => 'm' } }\nclass { 'c': x => Deferred('gf', [1, 2]) }",
    "function gf(String $s) >> String { $s }\ndefine d(Integer $x) { notify { $title: message => 'm' } }\nd { 'a': x => Deferred('gf', ['1']) }",
]

# --- session 54, seed 124: a define's parameter default rendering a template: the
# parameters are not the template's instance variables.
PROGRAMS += [
    "define d(String $a = 'x', $b = inline_template('<%= @a.inspect %>|<%= @title %>|<%= scope[\"a\"] %>')) { notify { $b: } } d { 't': }",
    "define d(String $a = 'x', $b = inline_template('<%= scope.to_hash.keys.include?(%q{a}) %>|<%= @name %>')) { notify { $b: } } d { 't': a => 'y' }",
]
