# Disagreements found by the random catalog programs (tests/differential/areas/catalog.py),
# each reduced to a small program: the reference's answer is the regression test of the fix.
COMPILE_CATALOG = True

PROGRAMS = [
    # --- an exported resource expression warns once, whatever its bodies and titles
    "@@notify { 'a': ; 'b': }",
    "@@notify { ['a', 'b']: }",
    "@@notify { 'a': } @@notify { 'b': }",
    # --- an arrow's operands are sets: flattened, each resource once (edges and value)
    "notify { a: } notify { b: } [Notify[a], Notify[a]] -> [Notify[b], [Notify[b]]]",
    "notify { a: } notify { b: } Notify[a] -> [Notify[b], Notify[b], []]",
    "notify { a: } notify { b: } [Notify[a], [Notify[a], Notify[b]]] ~> notify { c: }",
    "notify { a: } notify { b: } Notify[b] <- [Notify[a], 'Notify[a]']",
    # --- the arrows are checked before the overrides and the parameters of built-in types
    "notify { 'x': messages => 1 } Notify['nosuch'] -> Notify['x']",
    "notify { 'x': messages => 1 } Notify['x'] -> Notify['nosuch']",
    # --- an error of a class's body reaches a resource-like declaration as it is
    "exec { '/bin/true': } class c2 { Exec['/bin/true'] { timeout => 0 } } class { 'c2': }",
    "class c { notify { x: tag => '%%' } } class { 'c': }",
    "class c { } class { 'c': } class { 'c': }",
    "class c($x) { } class { 'c': }",
    # --- a class takes the tags of the scope declaring it when it is evaluated
    "class m { notify { n: } } include m tag 'web'",
    "class m { notify { n: } } tag 'web' include m",
    "class m { notify { n: } } class k { include m tag 'blue' } include k",
    "class m { notify { n: } } class k { contain m tag 'blue' } include k",
    "class m { notify { n: } } class k { class { 'm': } tag 'blue' } include k",
    "define d { notify { $title: } } class k { d { x: } tag 'blue' } include k",
    "class m { notify { n: } } node default { include m tag 'web' }",
    "class m { notify { y: message => tagged('blue') } } class k { tag 'blue' include m } include k",
    # --- the resources of an expression are located where it starts; an override's
    # "Only subclasses" error where the override expression starts
    "notify { 'a':\n  message => 1;\n  'c':\n  message => 2\n}\nnotify { 'c': }",
    "notify { 'a':\n  message => 1;\n  'c':\n  messages => 2\n}",
    "Notify { message => 3 }\nnotify { 'a':\n  withpath => true\n}\nclass c {\nNotify['a'] {\n  message => 2 }\n}\ninclude c",
    # --- `+>` flattens both values (nested arrays too) and keeps an undef appended
    "notify { a: message => [[1], 2] } Notify <| |> { message +> undef }",
    "notify { a: message => 1 } Notify <| |> { message +> [[3], undef] }",
    "notify { a: } Notify <| |> { message +> undef }",
    "class b { notify { a: message => 1 } } class c inherits b { Notify[a] { message +> [[2]] } } include c",
    # --- a class or define parameter without default needs a value, whatever its type
    "class c(Optional[String] $p) {} include c",
    "class c(Optional[String] $p, $q) {} class { 'c': q => 1 }",
    "define d(Optional[String] $p) {} d { x: }",
    "class c(Variant[Undef, String] $p) {} include c",
    "class c(Optional[String] $p) { notify { x: message => $p } } class { 'c': p => undef }",
    # --- an exported collector's errors name an Exported Query
    "Cron <<| |>>",
    "Class <<| |>>",
    "Cron <| |>",
    # --- a collector's relationships reach what it collected, even when a later override
    # makes the resource no longer match its query
    "@notify { a: message => 'x' } notify { b: } Notify <| message == 'x' |> <- Notify[b] Notify <| title == 'a' |> { message => 'y' }",
    "@service { 'nginx': enable => true } Service <| enable == true |> <- service { 'ssh': } Service <| title == 'nginx' |> { enable => false }",
    # --- a virtual define instance never realized has its parameters checked all the same
    "define d1(Any $p = 'y', Hash $q) { notify { $title: } } @d1 { 'i4': q => true, noop => true }",
    "define d1(String $p, $q = 3) { notify { $title: } } @d1 { 'i4': }",
    "define d1(String $p, Integer $q) { notify { $title: } } @d1 { 'i4': q => 'x' }",
    "define d1(String $p) { notify { $title: } } @d1 { 'i4': p => 'x' }",
    # --- `!=` in a query compares the parameter as a whole (`==` looks into an array)
    "@notify { 'b': message => [undef, 'm'] } Notify <| message != undef |>",
    "$v = [] @package { 'curl': install_options => [] } Package <| install_options != $v |>",
    "@package { 'curl': install_options => ['a', 'b'] } Package <| install_options != 'a' |>",
    "@package { 'curl': install_options => ['a', 'b'] } Package <| install_options == 'a' |>",
    # --- a relationship metaparameter set by an override is reported at the override
    "notify { 'b': }\nnotify { 'c': }\nNotify['b'] { require +> Notify['nosuch'] }",
    "notify { 'b': }\n@notify { 'c': }\nNotify <| title == 'c' |> {\n  before => Notify['nosuch'] }",
]

# --- scoping (session 35, seed 35): an inheriting class's scope is within its parent
# class's for resource defaults too, wherever it is declared (a node, another class): the
# parent's `Notify {}` reaches the child's resources and the classes the child declares
PROGRAMS += [
    "class base { Notify { withpath => true } } class c3 inherits base { notify { 'n1': } } node default { include c3 }",
    "class base { Notify { withpath => true } } class c3 inherits base { notify { 'n1': } } class k { include c3 } include k",
    "class c1 { notify { 'n1': } } class base { Notify { withpath => true } } class c3 inherits base { require c1 } node default { include c3 }",
    "class base { Notify { withpath => true } } class c3 inherits base { notify { 'n1': } } class k { Notify { loglevel => 'info' } include c3 } include k",
    "class base { notify { 'b': } } class c3 inherits base { notify { 'n1': } } class k { Notify { loglevel => 'info' } include base include c3 } include k",
    "class base { Notify { withpath => true } } class mid inherits base { Notify { loglevel => 'info' } } class c3 inherits mid { notify { 'n1': } } node default { Notify { message => 'm' } include c3 }",
]

# Session 35: a resource expression evaluates every body's title and attributes before it
# looks up the resource type, as the reference does (an unknown variable in an attribute of
# an unknown type is reported first); the titles of a body are checked before its
# attributes; the resources are made once all bodies are evaluated.
PROGRAMS += [
    "foo { 'a': x => $nosuch }",
    "foo { $nosuch: x => 1 }",
    "foo { 'a': x => fail('z') }",
    "foo { 'a': x => 1; 'b': y => $nosuch }",
    "foo { default: y => $nosuch; 'a': x => 1 }",
    "foo { 'a': * => $nosuch }",
    "@foo { 'a': x => $nosuch }",
    "@@foo { 'a': x => 1 }",
    "Resource['foo'] { 'a': x => $nosuch }",
    "foo { 'a': x => notice('evaluated') }",
    "notify { undef: message => $nosuch }",
    "notify { ['a', '']: message => $nosuch }",
    "notify { 'a': ; 'b': message => String(defined(Notify['a'])) }",
    "notify { 'a': message => 'one'; default: message => 'dflt'; 'b': }",
    # a class whose evaluation is under way (its scope is made after its parent's body)
    # cannot be inherited from by a class declared there
    "class a inherits b {} class b { include c } class c inherits a {} include a",
    "class a inherits b {} class b { contain c } class c inherits a {} class { 'a': }",
    "class m::a inherits m::b {} class m::b { require m::c } class m::c inherits m::a {} include m::a",
    "class a inherits b {} class b { include a } include a",
    # a parent added by the same include and not evaluated yet is evaluated first
    "class b { include c } class c inherits a { notice($a::x) } class a { $x = 1 } include b, a",
    # --- (mismatches, session 37) a define's parameter mismatches, each on a line
    "define d(Array[String] $p) {} d { 'x': p => [1, 2] }",
    # --- (catalog, seed 45, session 42) a parameter the declaration set to undef keeps its
    # place when a collector gives it a value, and `+>` onto it appends to undef
    "notify { 'e': message => undef, withpath => true } Notify <| title == 'e' |> { message +> 'x' }",
    "notify { 'e': message => undef, withpath => true } Notify <| title == 'e' |> { message => 'x' }",
    "notify { 'e': loglevel => undef, message => undef, withpath => true } Notify <| title == 'e' |> { message => 'x', loglevel => info }",
    "notify { 'e': withpath => true } Notify <| title == 'e' |> { message +> 'x' }",
    "notify { 'e': message => [], withpath => true } Notify <| title == 'e' |> { message +> ['x', ['y']] }",
    "define d($a = 1, $b = 2) { notify { $title: message => \"${a} ${b}\" } } d { 'x': a => undef, b => 3 } D <| title == 'x' |> { a => 5 }",
    # --- (controlrepos, seed 1, session 43) a class declared before and contained again by
    # a node or a define instance declared at top scope (which the reference's finishing
    # walk from Class[main] reaches) gets that container's tags, and what it contains too;
    # by a class (in its stage) it does not
    "class a { notify { 'x': } } include a node default { contain a }",
    "class a { notify { 'x': } } define d() { contain a } include a d { 'i': }",
    "class a { notify { 'x': } } class r { contain a } include a include r node default { contain r }",
    "class a { notify { 'x': } } class b { contain a } include a include b",
    "class a { notify { 'x': } } include a node default { contain a tag('late') }",
    # --- (env_examples, session 43) an error a parameter's default raises without a location
    # of its own (a lookup's) is located at the class or define: its line, no column
    "\nclass c(\n  $y = 1,\n  $x =\n    lookup('nope')) {}\ninclude c",
    "\nclass c(\n  $y = 1,\n  $x = hiera('nope')) {}\nclass { 'c': }",
    "function f() { lookup('nope') }\nclass c(\n  $x = f()) {}\ninclude c",
    "class b(\n  $x = lookup('nope')) {}\nclass c inherits b {}\ninclude c",
    "class c(\n  $x = inline_epp('<%= lookup(\"nope\") %>')) {}\ninclude c",
    "class c(\n  $x = lookup('nope')) {}\nclass { 'c': x => undef }",
    "\ndefine d(\n  $y = 1,\n  $x = lookup('nope')) {}\nd { 'a': }",
    "define d(\n  $x = [lookup('nope')]) {}\nclass c { d { 'a': } }\ninclude c",
    "class c {\n  $x = lookup('nope') }\ninclude c",
    "class c(\n  $x = fail('boom')) {}\ninclude c",
    # --- (session 45, leftover6) a pattern Ruby cannot compile met by a define instance's
    # parameter check fails the catalog as the reference's compiler does; a mismatched
    # value's type printed for the message does not raise its pattern's error
    "define d(Regexp['[a-'] $x) {} d { 't': x => /a/ }",
    "define d(Regexp['[a-'] $x = /a/) { notice(2) } d { 't': } notice(1)",
    "define d(Type[Regexp['[a-']] $x = Regexp) {} d { 't': }",
    "define d(Integer $x) {} d { 't': x => Regexp['[a-'] }",
]
