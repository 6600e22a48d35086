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
