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

# --- session 47, seed 37: the attributes of a `default:` body come first in each body's
# parameters, in their order, a value the body gives taking the default's place.
PROGRAMS += [
    "notify { 'r15': message => 'x', tag => 'm::n'; default: loglevel => 'info'; 'r16': message => 1 }",
    "notify { 'r1': loglevel => info, tag => 't1', message => 2; default: message => 'd'; 'r2': }",
    "notify { default: withpath => true, message => 'd'; 'a': tag => 't'; 'b': message => 'm', withpath => false }",
    "define d($p = 1, $q = 2) { notify { \"n-${title}\": message => [$p, $q] } } d { default: q => 5; 'x': p => 3; 'y': q => 4, p => 0 }",
]

# --- session 48, seed 51: a parameter's sensitive undef is unwrapped to undef, which the
# catalog does not hold.
PROGRAMS += [
    "notify { 'c': message => Sensitive(undef) }",
    "notify { 'c': message => Sensitive(undef), tag => 't' }",
    "define d($x) { notify { \"n-${title}\": message => $x } } d { 'e': x => Sensitive(undef) }",
    "notify { 'c': message => [Sensitive(undef)] }",
]

# --- session 48, seed 52: `create_resources` is given its arguments as a 3.x function is
# (the reference's Runtime3Converter): a regexp, version, binary or time value as the string
# of its Puppet form, in arrays and hashes too.
PROGRAMS += [
    "create_resources('notify', {'r' => {message => /a\\/b/}, 's' => {message => [/b/, 1.5, {'k' => SemVer('1.2.3')}]}})",
    "create_resources('notify', {'r' => {message => Timespan(60)}}, {tag => 't', loglevel => 'info'})",
    "create_resources('notify', {'r' => {}}, {message => Binary('aGk=')})",
    "create_resources('notify', {'r' => {message => Regexp('a/b')}})",
]

# --- session 48, seed 53: a resource's attribute without a value reads the resource
# defaults in effect, at the time of the read, where the resource was declared.
PROGRAMS += [
    "Notify { message => 'd' }\nnotify { 'a': }\nnotify { 'b': message => undef }\n[Notify['a']['message'], Notify['b']['message']]",
    "notify { 'a': }\nNotify { message => 'd' }\nNotify['a']['message']",
    "class c { Notify { message => 'inner' } notify { 'a': message => undef } }\ninclude c\nNotify { message => 'outer' }\n[Notify['a']['message'], Notify['a']['loglevel']]",
    "class c { notify { 'a': } }\ninclude c\nNotify { message => 'top' }\nNotify['a']['message']",
    "Notify { tag => 'x' }\nnotify { 'a': }\n[Notify['a']['tag'], Notify['a']['withpath']]",
]

# --- sessions 50-51: cases 23-27, added to programs/ without their generator entries
# (collectors' `==` on arrays, `Resource['class', ...]` in metaparameters).
PROGRAMS += [
    "@notify { 'a': message => [String[1], 'x'] }\n@notify { 'b': message => [/^1/, 'x'] }\n@notify { 'c': message => [default, 'x'] }\n@notify { 'd': message => ['AbC'] }\n@notify { 'e': message => [Integer, 'x'] }\n@notify { 'f': message => String }\nNotify <| message == '10' or message == 'abc' |> { message => 'collected' }",
    "@notify { 'a': message => [SemVerRange('1.x'), 'x'] }\n@notify { 'b': message => [SemVer('1.2.0')] }\n@notify { 'c': message => ['10', 'x'] }\n@notify { 'd': message => ['1.2.0'] }\nNotify <| message == '1.2.0' or message == 10 |> { message => 'collected' }",
    "$t = String\n@notify { 'a': message => ['abc', 1] }\n@notify { 'b': message => [[1], 2] }\n@notify { 'c': message => 'abc' }\nNotify <| message == $t |> { message => 'collected' }",
    "class c { notify { 'c': message => [String[1], [], 'Hello'] } }\ninclude c\nnotify { 'r': }\nClass[c] -> Notify <| title != 'ab' or message != 'b' |> <- Notify <| message == '10' and title != 'A' |> { message => 'm' }",
    "class gc42::inner {}\nclass gc42 {}\ninclude gc42, gc42::inner\nnotify { 'x': subscribe => [Resource['class', 'gc42'], Class[gc42]], require => Resource['class', 'gc42::inner'] }\nnotify { 'y': before => Resource['Class', 'gc42'] }\n[Resource['class', 'gc42'], Resource['class', 'gc42'] == Class[gc42]]",
]

# --- session 52 (grammar9): a `Deferred` given to a class's or define's parameter is checked
# by the return type its function declares, not as a value: none declared is a warning (once
# per function) and anything passes; a declared one the parameter's generalized type does
# not take is the parameter's mismatch; a function that takes none of the arguments (or no
# arguments at all) fails the declaration.
PROGRAMS += [
    "class k(String $s, Integer $i = Deferred('join', [['a'], '-'])) { notify { 'k': message => $s } }\nclass { 'k': s => Deferred('join', [['a', 'b'], '-']) }",
    "function f(String $x) >> String { $x }\nclass k(Integer $s) { }\nclass { 'k': s => Deferred('f', ['a']) }",
    "function f(String $x) >> Integer { 1 }\ndefine d(Integer $s, String $t = Deferred('f', ['b'])) { notify { $title: message => $s } }\nd { 'a': s => Deferred('f', ['a']) }",
    "define d(Deferred $s) { }\nd { 'a': s => Deferred('notice', ['a']) }",
    "function f(String $x) >> String { $x }\nclass k(String $s) { }\nclass { 'k': s => Deferred('f', [1]) }",
    "class k(String $s) { }\nclass { 'k': s => Deferred('join') }",
    "class k(Optional[String] $s = Deferred('upcase', ['a']), Variant[String, Integer] $t = Deferred('sprintf', ['%s', 1]), $u = Deferred('join', [['x']]), $v = Deferred('upcase', ['y'])) { notify { 'k': message => [$s, $t, $u] } }\ninclude k",
    "function f(String $x) >> Integer { 1 }\nfunction f2(Integer $x) >> String { 'a' }\nclass k(Integer[0, 5] $s = Deferred('f', ['a']), Integer $t = Deferred('f2', [1]), String $u = 3) { }\ninclude k",
    "define d(String $s) { notify { $title: message => $s } }\n@d { 'v': s => Deferred('join', [['a'], '-']) }\nd { 'w': s => Deferred('md5', ['x']) }",
    "[inline_epp('<%- |String $x| -%><%= $x %>', {x => Deferred('join', [['a'], '-'])})]",
]

# --- session 52 (grammar9): Timespans, Timestamps, versions, version ranges and Binaries in
# a catalog are rich data (`{"__ptype": "Timespan", "__pvalue": "0-02:00:00.0"}`); prepl
# wrote their text.
PROGRAMS += [
    "notify { 'a': message => [Timespan(7200), Timestamp('2021-03-04T05:06:07.890 UTC'), SemVer('1.2.3-rc.1+b5'), SemVerRange('~1.2'), Binary('aGVsbG8='), SemVerRange('>=1.0.0 <2.0.0'), Timespan(0.05)] }",
    "notify { 'b': message => Timespan(60) }\nnotify { 'c': message => {'a' => SemVer('1.0.0'), 'b' => [Binary('hi', '%s')]} }",
    "class k(Timespan $t = Timespan(90), SemVer $v = SemVer('2.0.0')) { }\ninclude k",
]

# --- session 53 (grammar10): a `Deferred` given to an EPP template's untyped parameter is
# checked by its function's return type as a typed one is (the reference's warning when it
# declares none, its error for a function that takes none of the arguments; an unknown one's
# NoMethodError, docs/deviations.md);
# prepl checked only typed parameters. A template without declared parameters checks nothing.
PROGRAMS += [
    "[inline_epp('<%- |$x| -%>[<%= $x %>]', {x => Deferred('join', [[1, 2]])})]",
    "[inline_epp('<%- |$x, Integer $y = 1, $z = 2| -%>[<%= $x %>]', {x => Deferred('sprintf', ['a']), z => Deferred('sprintf', ['b'])})]",
    "[inline_epp('[<%= $x %>]', {x => Deferred('join', [[1, 2]])})]",
    "function f() >> Integer { 1 }\n[inline_epp('<%- |$x| -%>[<%= $x %>]', {x => Deferred('f')})]",
    "function f(String $s) >> Integer { 1 }\n[inline_epp('<%- |$x| -%>[<%= $x %>]', {x => Deferred('f', ['a'])})]",
]
