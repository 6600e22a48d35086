# Object values (Deferred, Error, user-defined objects) as resource parameters: the catalog
# holds them in the reference's rich-data form ({"__ptype": "Deferred", ...}).
COMPILE_CATALOG = True

PROGRAMS = [
    "notify { x: message => Deferred('foo', [1, 'a']) }",
    "notify { x: message => Deferred('bar') }",
    "notify { x: message => [Deferred('baz', [Deferred('q')])] }",
    "notify { x: message => {k => Deferred('lookup', ['key'])} }",
    "notify { x: message => Error('m', 'k') }",
    "notify { x: message => Error('m', 'k', {a => 1}, 'C') }",
    "type P = Object[{attributes => {x => Integer, y => {type => Integer, value => 3}}}]\nnotify { x: message => P(1) }",
    "type P = Object[{attributes => {x => Integer, y => {type => Integer, value => 3}}}]\nnotify { x: message => {a => P(1, 4)} }",
    "file { '/tmp/x': content => Deferred('template', ['a.erb']) }",
    "$d = Deferred('sprintf', ['%s-%s', 'a', 'b'])\nnotify { x: message => $d }\n$d.name",
    "class c(Deferred $p) { notify { x: message => $p } }\nclass { c: p => 'x' }",
]

REFERENCE_INTERNALS = [
    # A Deferred given to a class parameter: the reference tries to resolve it at compile
    # time and fails with a Ruby NoMethodError (`undefined method 'dispatcher' for NilClass`).
    "class c(Deferred $p = Deferred('f')) { notify { x: message => $p } }\ninclude c",
    "class c(Deferred $p) { notify { x: message => $p } }\nclass { c: p => Deferred('g', [1]) }",
]

PROGRAMS += [
    "notify { x: message => URI('http://a/b') }",
    "notify { x: message => [URI('https://example.com:8443/x?y#z'), Deferred('f')] }",
]
