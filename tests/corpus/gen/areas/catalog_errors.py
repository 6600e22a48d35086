# Errors of each kind in catalog compilation: during evaluation (no value) and when the
# compilation is finished (after the value): duplicates, unknown types, classes and
# parameters, bad references, aliases and name clashes, invalid attribute values.
COMPILE_CATALOG = True

PROGRAMS = [
    # --- duplicates and name clashes
    "notify { a: } notify { a: }",
    "notify { a: } notify { ['b', 'a']: }",
    "notify { 'x': } -> notify { 'x': }",
    "file { '/x': } file { '/x/': }",
    "file { '/x': } file { '/x//': }",
    "file { '/X': } file { '/x': }",
    "user { 'root': } user { 'root': uid => 0 }",
    "package { 'a': name => 'same' } package { 'b': name => 'same' }",
    "notify { a: name => 'b' } notify { b: }",
    "notify { a: alias => 'b' } notify { b: }",
    "notify { a: alias => 'x' } notify { b: alias => 'x' }",
    "notify { a: alias => 'a' }",
    "exec { 'one': command => '/bin/true' } exec { 'two': command => '/bin/true' }",
    "stage { 'main': }",
    "class { 'settings': }",
    "class settings { }",
    "notify { a: } create_resources('notify', { 'a' => {} })",
    # --- unknown things
    "nosuchtype { 'x': }",
    "Nosuchtype { x => 1 }",
    "Nosuchtype['x']",
    "Resource['nosuchtype', 'x']",
    "Nosuchtype <| |>",
    "nosuch::type { 'x': }",
    "include nosuch::klass",
    "class { 'nosuch::klass': }",
    "node default { include nosuch }",
    "notify { a: } Notify[a] -> Nosuchtype['x']",
    # --- titles and references
    "notify { $nope: }",
    "notify { a: message => $nope }",
    "Notify[]",
    "Notify[undef]",
    "Notify[1]",
    "Notify[a]['message']",
    "notify { a: } Notify[a]['nosuch']",
    "notify { a: } Notify[a][1]",
    "notify { a: } Notify[a]['message', 'withpath']",
    "class a { } include a Class[a]['nosuch']",
    "Class[nosuch]['x']",
    "notify { [a, 1]: }",
    "notify { { a => 1 }: }",
    "notify { [undef]: }",
    "notify { ['']: }",
    "notify { a: } notify { b: before => Notify[a, missing] }",
    # --- attribute values the compiler checks
    "notify { a: stage => 'main' }",
    "notify { a: noop => 'maybe' }",
    "notify { a: loglevel => 'bogus' }",
    "notify { a: schedule => 'nosuch' }",
    "notify { a: audit => 'bogus' }",
    "file { 'relative/path': ensure => file }",
    "file { '/x': ensure => bogus }",
    "file { '/x': mode => 'rwx' }",
    "service { 's': ensure => 'bogus' }",
    "package { 'p': ensure => ['a'] }",
    "exec { 'relative': }",
    "user { 'u': ensure => 'bogus' }",
    "notify { a: message => 'x' } Notify[a] { nosuch => 1 }",
    "notify { a: tag => ['ok', 'not ok'] }",
    "notify { a: tag => 1 }",
    "notify { a: tag => '' }",
    # --- class and define errors at various points
    "class a { fail('class failed') } include a",
    "class a { fail('class failed') } notice('before') include a notice('after')",
    "class a($x) { } class { 'a': x => 1, x => 2 }",
    "class a { } class { 'a': nosuch_meta => 1 }",
    "class a { } class { 'a': alias => 'b' }",
    "@class { 'a': }",
    "class a { } @@class { 'a': }",
    "class a { } realize(Class[a])",
    "class a { } Class[a] { tag => 'x' }",
    "define d { } d { a: title => 'x' }",
    # `title` given to a define instance or a class: the body runs, the compilation fails
    # when it finishes (with the other parameter checks, in the catalog's order; no
    # location, and no "Evaluation Error" prefix for a class either)
    "define d { notice('body') } d { a: title => 'x' } notice('after')",
    "define d { notice('body') } d { a: title => undef } d { b: } notice('after')",
    "define d { notice('body') } @d { x: title => 'q' } notice('after')",
    "define d { notice('body') } d { x: title => 'q' } notify { z: bogus => 1 }",
    "define d { notice('body') } notify { z: bogus => 1 } d { x: title => 'q' }",
    "class a { notice('body') } class { a: title => 'q' } notice('after')",
    "class a { notice('body') } class { a: title => undef } notice('after')",
    "class a { notice(\"body ${title} ${name}\") } class { a: title => 'q' } class b { notice('b') } include b",
    "class a($x = 1) { notice('body') } class { a: title => 'q', y => 1 } notice('after')",
    "define d($x) { } d { a: x => 1, x => 2 }",
    "define d { } d { 'a': } d { 'A': } notice('distinct titles')",
    "define d(Integer $n) { } d { a: n => 1.5 }",
    "define d { fail(\"define ${title} failed\") } d { a: } d { b: }",
    # --- errors in expressions within catalog statements
    "notify { a: message => 1 + 'x' }",
    "notify { a: message => nosuch_function() }",
    "Notify <| message == $nope |>",
    "Notify <| title == 'a' |> { message => $nope }",
    "notify { a: * => 'string' }",
    "notify { a: * => { 1 => 'x' } }",
    "notify { a: * => { message => 'x' }, * => { withpath => true } }",
    "Notify { * => undef }",
    "Notify['a'] -> 42",
    "undef -> notify { a: }",
    "'string' -> notify { a: }",
    "notify { a: } notify { b: } Notify[a] -> 'Notify[b]' -> 'Nosuch'",
    # --- the first error wins; evaluation stops
    "notify { a: } fail('stop') notify { b: }",
    "notify { first: message => $nope1 } notify { second: message => $nope2 }",
    "notify { a: nosuch1 => 1, nosuch2 => 2 }",
    "notify { a: nosuch => 1 } notify { b: before => Notify[missing] }",
    "notify { a: before => Notify[missing] } notify { b: nosuch => 1 }",
    "notify { a: before => Notify[m1] } notify { b: before => Notify[m2] }",
]

PROGRAMS += [
    # --- overrides: only the scope that declared a resource, or a class inheriting from it
    "class c { notify { a: message => 'm' } } include c Notify[a] { message => 'x' }",
    "class c { notify { a: } } include c Notify[a] { message => 'x' }",
    "class c { notify { a: message => 'm' } } class d { Notify[a] { message => 'x' } } include c, d",
    "define d { notify { \"n-${title}\": message => 'm' } } d { x: } Notify['n-x'] { message => 'x' }",
    "class base { notify { a: message => 'm' } } class sub inherits base { Notify[a] { message => 'x' } } class other { Notify[a] { message => 'y' } } include sub, other",
    "notify { a: message => 'm' } class c { Notify[a] { message => 'x' } } include c",
    "class base { notify { a: message => 'm' } } class sub inherits base { Notify[a] { message +> 'x' } } include sub",
    "class base { notify { a: tag => ['t1'] } } class sub inherits base { Notify[a] { tag +> ['t2', 't3'] } } include sub",
    # --- a package's key implied by its title, taken by a key given, in either order
    "package { 'x': } package { 'a': name => 'x' }",
    "package { 'a': name => 'x' } package { 'x': }",
    "package { 'x': provider => 'apt' } package { 'y': name => 'x', provider => 'apt' }",
    "package { 'x': } package { 'a': name => 'x', provider => 'pip' }",
    "package { 'x': } Package['x'] { name => 'y' } package { 'b': name => 'x' }",
    "package { 'a#b': } package { 'c': name => 'a#b' }",
    "package { 'a': name => 'x' } notify { n: require => Package['x'] }",
    "package { ['p1', 'p2']: } package { 'q': name => 'p2' }",
    "package { 'p1': } package { 'q': name => 'p1', provider => undef }",
    "class c { package { 'x': } } include c package { 'a': name => 'x' }",
    "package { 'x': } package { 'a': command => 'x' }",
    "package { 'é': } package { 'c': name => 'é' }",
    "package { 'x': alias => 'q' } package { 'y': name => 'x' }",
]

REFERENCE_INTERNALS = [
    # "Parameter 'message' is already set on Notify[a] by #<Puppet::Resource::Type:0x...> at
    # (line: 1); cannot redefine (line: 1)": a Ruby object address, different on every run.
    "class c { notify { a: message => 'm' } Notify[a] { message => 'x' } } include c",
    "class base { notify { a: message => 'm' } } class sub inherits base { Notify[a] { message => 'x' } Notify[a] { message => 'y' } } include sub",
    "notify { a: message => 'm' } Notify[a] { message +> 'x' }",
    # Ruby's inspect of the composite namevar: "Cannot alias Package[b] to [nil, "same", nil]
    # at (line: 1); resource ["Package", nil, "same", nil] already declared (line: 1)".
    "package { 'a': name => 'same' } package { 'b': name => 'same' }",
]
ORACLE_BROKEN = [
    # Ruby crash: "undefined method `intern' for 1:Integer" with a source excerpt.
    "notify { a: * => { 1 => 'x' } }",
    # Ruby crash: "undefined method `string' for #<Puppet::Pops::Types::TypeCalculator:0x...>".
    "notify { a: } notify { b: } Notify[a] -> 'Notify[b]' -> 'Nosuch'",
]
ORACLE_ARTIFACTS = [
    # The oracle stops before fail_on_unevaluated; `puppet apply` fails with "Failed to
    # realize virtual resources Class[A]".
    "class a { } realize(Class[a])",
]
PROGRAMS = [p for p in PROGRAMS if p not in REFERENCE_INTERNALS + ORACLE_BROKEN + ORACLE_ARTIFACTS]
