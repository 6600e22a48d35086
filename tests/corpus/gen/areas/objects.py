"""Object types (Pcore), TypeSets and the built-in objects Deferred, Error and URI (issue 10)."""

PROGRAMS = []
P = PROGRAMS.append

POINT = "type Point = Object[{attributes => {x => Integer, y => Integer}}]\n"
ZOO = (
    "type Animal = Object[{attributes => {name => String, legs => {type => Integer, value => 4}}}]\n"
    "type Dog = Object[{parent => Animal, attributes => {breed => String}}]\n"
    "type Cat = Object[{parent => Animal, attributes => {lives => {type => Integer[0, 9], value => 9}}}]\n"
)
OPT = "type Opt = Object[{attributes => {x => Integer, y => {type => Optional[String], value => undef}, z => {type => Integer, value => 3}}}]\n"

# --- definitions and how they print ---------------------------------------------------------
DEFS = [
    "{attributes => {x => Integer}}",
    "{attributes => {x => Integer, y => String}}",
    "{attributes => {'x' => Integer}}",
    "{attributes => {x => {type => Integer}}}",
    "{attributes => {x => {type => Integer, value => 3}}}",
    "{attributes => {x => {type => Optional[Integer], value => undef}}}",
    "{attributes => {x => {type => Integer, kind => derived}}}",
    "{attributes => {x => {type => Integer, kind => given_or_derived}}}",
    "{attributes => {x => {type => Integer, kind => reference}}}",
    "{attributes => {x => {type => Integer, kind => constant, value => 3}}}",
    "{attributes => {x => {type => Integer, final => true}}}",
    "{attributes => {x => {type => Integer, annotations => {}}}}",
    "{attributes => {x => Array[String], y => Hash[String, Integer]}}",
    "{attributes => {x => Integer}, annotations => {}}",
    "{constants => {pi => 3}}",
    "{constants => {greeting => 'hi', n => 1}}",
    "{attributes => {x => Integer}, constants => {c => 'a'}}",
    "{attributes => {x => Integer}, functions => {f => Callable}}",
    "{attributes => {x => Integer}, functions => {area => Callable[[0, 0], Integer]}}",
    "{attributes => {x => Integer}, functions => {f => Callable[Integer]}}",
    "{attributes => {x => Integer, y => Integer}, equality => [x]}",
    "{attributes => {x => Integer, y => Integer}, equality => x}",
    "{attributes => {x => Integer}, equality_include_type => false}",
    "{attributes => {x => Integer}, equality_include_type => true}",
    "{attributes => {x => Integer}, checks => 'x'}",
    "{}",
    "{attributes => {}}",
    "{parent => Integer}",
]
for d in DEFS:
    P(f"type T = Object[{d}]\nT")
    P(f"type T = Object[{d}]\nString(T)")
for d in DEFS[:10]:
    P(f"Object[{d}]")
P("Object[{name => 'Foo', attributes => {x => Integer}}]")
P("Object")
P("Object[{}]")
P("Object == Object[{}]")
P("type T = Object[{name => 'Other', attributes => {x => Integer}}]\n[T, T(1)]")

# --- definition errors ----------------------------------------------------------------------
BAD_DEFS = [
    "{attributes => {x => Integer}, bogus => 1}",
    "{attributes => {x => Integer}, serialization => [x]}",
    "{attributes => {x => 1}}",
    "{name => 'x'}",
    "{name => 1}",
    "{attributes => {x => {type => Integer, kind => foo}}}",
    "{attributes => {x => {kind => derived}}}",
    "{attributes => {x => {type => Integer, bogus => 1}}}",
    "{attributes => {x => {type => Integer, kind => constant}}}",
    "{attributes => {x => {type => Integer, kind => derived, value => 1}}}",
    "{attributes => {x => {type => String, kind => given_or_derived, value => 'a'}}}",
    "{constants => {x => 1}, attributes => {x => Integer}}",
    "{attributes => {x => Integer}, equality => [y]}",
    "{attributes => {x => Integer}, functions => {x => Callable}}",
    "{attributes => {x => Integer}, functions => {f => Integer}}",
    "{attributes => {x => {type => Integer, value => 'a'}}}",
    "{attributes => {x => Integer}, equality_include_type => 1}",
    "{attributes => 1}",
    "{parent => 1}",
    "{attributes => {x => {type => Integer, final => 1}}}",
]
for d in BAD_DEFS:
    P(f"type T = Object[{d}]\nT")
    P(f"Object[{d}]")
P("type T = Object[{parent => T}]\nT")
P("type A = Object[{parent => B}]\ntype B = Object[{parent => A}]\nA")

# --- creating instances ---------------------------------------------------------------------
NEW = [
    "Point(1, 2)", "Point.new(1, 2)", "Point({x => 1, y => 2})", "Point.new({x => 1, y => 2})",
    "new(Point, 1, 2)", "Point(1)", "Point()", "Point(1, 2, 3)", "Point('a', 2)", "Point(1, 'b')",
    "Point({x => 'a', y => 2})", "Point({x => 1})", "Point({z => 1})", "Point({x => 1, y => 2, z => 1})",
    "Point([1, 2])", "Point(undef, 2)", "Point(Point(1, 2))", "Point.new(Point(1, 2))",
    "Optional[Point].new(1, 2)", "Optional[Point].new(undef)", "Point(1, 2).convert_to(Point)",
    "[Point(1, 2), Point(3, 4)]", "{a => Point(1, 2)}", "Point(*[1, 2])", "Point.new(*[5, 6])",
    "Point(-1, 0)", "Point(1.0, 2)", "Point({'x' => 1, 'y' => 2})", "Point({y => 2, x => 1})",
]
for n in NEW:
    P(POINT + n)
OPT_NEW = [
    "Opt(1)", "Opt(1, 'a')", "Opt(1, 'a', 5)", "Opt(1, undef, 3)", "Opt(1, undef, 4)", "Opt({x => 1})",
    "Opt({x => 1, z => 3})", "Opt({x => 1, z => 7})", "Opt({x => 1, y => 'b'})", "Opt('a')", "Opt(1, 2)",
    "Opt()", "Opt(1).z", "Opt(1).y", "Opt(1, 'q').y", "Opt({x => 2}).x", "Opt(1, 'a', 'b')",
    "Opt(1, 'a', 5, 6)",
]
for n in OPT_NEW:
    P(OPT + n)
P("type A = Object[{attributes => {x => {type => Integer, value => 3}}}]\n[A(), A.new(5), A().x]")
P("type A = Object[{attributes => {x => {type => Integer, kind => constant, value => 3}}}]\n[A(), A().x]")
P("type A = Object[{constants => {pi => 3}}]\n[A(), A().pi]")
P("type A = Object[{constants => {pi => 3}}]\nA.pi")
P("type A = Object[{}]\n[A(), A.new, A({})]")
P("type A = Object[{}]\nA(1)")
P("type P = Object[{attributes => {x => Integer, y => {type => Integer, kind => derived}}}]\nP(1)")
P("type P = Object[{attributes => {x => Integer, y => {type => Integer, kind => derived}}}]\nP(1, 2)")
P("type P = Object[{attributes => {x => Integer, y => {type => Integer, kind => derived}}}]\nP(1).y")
P("type P = Object[{attributes => {x => Integer, y => {type => Integer, kind => given_or_derived}}}]\nP(1, 2)")
P("type P = Object[{attributes => {x => Integer, y => {type => Integer, kind => reference}}}]\nP(1, 2)")
P("type P = Object[{attributes => {x => Integer, y => Array[String]}}]\nP(1, ['a'])")
P("type P = Object[{attributes => {s => String}}]\nP(\"it's\")")
P("type P = Object[{attributes => {s => String[2]}}]\nP('a')")
P("type P = Object[{attributes => {s => Enum[a, b]}}]\n[P('a'), P.new('b')]")
P("type P = Object[{attributes => {s => Enum[a, b]}}]\nP('c')")
P("Object[{name => 'Foo', attributes => {x => Integer}}](1)")

# --- attribute access -----------------------------------------------------------------------
ACCESS = [
    "$p.x", "$p.y", "[$p.x, $p.y]", "$p.x + $p.y", "$p.z", "$p.x(2)", "$p.x()", "$p[x]", "$p['x']",
    "$p.x.map |$n| { $n }", "[$p].map |$q| { $q.x * 10 }", "\"${p.x}\"", "\"${p}\"", "$p.each |$v| { $v }",
    "$p.then |$v| { $v.y }", "x($p)",
]
for a in ACCESS:
    P(POINT + "$p = Point(1, 2)\n" + a)
P("type A = Object[{attributes => {x => Integer}, functions => {area => Callable[[0, 0], Integer]}}]\nA(1).area")
P("type A = Object[{attributes => {x => Integer}, functions => {area => Callable[[0, 0], Integer]}}]\nA(1).area()")
P("type A = Object[{attributes => {x => Integer}, functions => {area => Callable[[0, 0], Integer]}}]\nA(1).x")

# --- values: printing, equality, hashing, matching ------------------------------------------
VALS = [
    "String(Point(1, 2))", "String(Point(1, 2), '%s')", "String(Point(1, 2), '%p')", "String(Point(1, 2), '%#p')",
    "\"${Point(1, 2)}\"", "notice(Point(1, 2))", "Point(1, 2) == Point(1, 2)", "Point(1, 2) == Point(1, 3)",
    "Point(1, 2) != Point(2, 1)", "Point(1, 2) in [Point(1, 2)]", "[Point(1, 2), Point(1, 2)].unique",
    "{Point(1, 2) => a}[Point(1, 2)]", "{Point(1, 2) => a, Point(1, 2) => b}", "Point(1, 2) =~ Point",
    "Point(1, 2) =~ Object", "Point(1, 2) =~ Any", "Point(1, 2) =~ Data", "Point(1, 2) =~ RichData",
    "Point(1, 2) =~ Type[Point]", "1 =~ Point", "Point =~ Type[Point]", "Point =~ Type[Object]", "Type[Point]",
    "Point == Point", "Object == Point", "Point < Object", "Object < Point", "Point <= Point", "Point < Any",
    "Point < RichData", "Point < Data", "type(Point(1, 2))", "type(Point(1, 2), generalized)",
    "type(Point(1, 2), reduced)", "type([Point(1, 2)])", "type([Point(1, 2), Point(2, 3)], generalized)",
    "type({a => Point(1, 2)}, generalized)", "Variant[Point, Integer]", "Optional[Point]", "Array[Point]",
    "Point(1, 2) =~ Variant[Point, Integer]", "[Point(1, 2)] =~ Array[Point]", "Point(1, 2) + 1",
    "[Point(1, 2)] + [Point(3, 4)]", "case Point(1, 2) { Point: { 'yes' } default: { 'no' } }",
    "Point(1, 2) ? { Point => 'p', default => 'd' }", "assert_type(Point, 1)", "assert_type(Point, Point(1, 2))",
    "function f(Point $p) { $p.x } f(Point(3, 4))", "function f(Point $p) { $p.x } f(2)",
    "$a = Point(1, 2) $b = $a $a == $b", "Point(1, 2).type", "Point(1, 2) =~ Type", "String(Point)",
    "[Point].map |$t| { $t(1, 1) }", "Point.new(1, 2).x", "Point(1, 2) == 1",
]
for v in VALS:
    P(POINT + v)
P("type P = Object[{attributes => {x => Integer, y => {type => Integer, value => 0}}, equality => [x]}]\n[P(1, 2) == P(1, 3), P(1, 2) == P(2, 2), {P(1, 2) => a}[P(1, 5)]]")
P("type P = Object[{attributes => {x => Integer}, equality_include_type => false}]\ntype Q = Object[{attributes => {x => Integer}}]\n[P(1) == Q(1), P(1) == P(1), Q(1) == Q(1)]")
P("type P = Object[{attributes => {x => Integer}}]\ntype Q = Object[{attributes => {x => Integer}}]\n[P(1) == Q(1), P == Q, P < Q, P(1) =~ Q]")
P("type P = Object[{attributes => {x => Integer}}]\ntype Q = Object[{attributes => {p => P}}]\n[Q, Q(P(1)), Q(P(1)).p.x]")
P("type P = Object[{attributes => {x => Integer}}]\ntype Q = Object[{attributes => {p => P}}]\nQ(1)")
P("type Tree = Object[{attributes => {kids => Array[Tree]}}]\n[Tree, Tree([Tree([])])]")
P("type Tree = Object[{attributes => {v => Integer, kids => {type => Array[Tree], value => []}}}]\n$t = Tree(1, [Tree(2), Tree(3)])\n[$t, $t.kids.map |$k| { $k.v }]")
P("Object[{name => 'Foo', attributes => {x => Integer}}] == Object[{name => 'Foo', attributes => {x => Integer}}]")
P("Object[{attributes => {x => Integer}}] == Object[{attributes => {x => Integer}}]")
P("Object[{attributes => {x => Integer}}] == Object[{attributes => {x => String}}]")

# --- inheritance ----------------------------------------------------------------------------
INH = [
    "Dog('rex', 4, 'lab')", "Dog('rex', 'lab', 3).legs", "Dog('rex', 'lab', 3)", "Dog({name => 'rex', breed => 'lab'})", "Dog('rex')",
    "Cat('tom')", "Cat('tom', 4, 7)", "Cat('tom', 4, 10)", "Dog", "Cat", "Animal", "Dog < Animal", "Animal < Dog",
    "Dog < Object", "Dog <= Dog", "Dog == Animal", "Cat < Dog", "Dog('a', 'b') =~ Animal", "Dog('a', 'b') =~ Dog",
    "Dog('a', 'b') =~ Cat", "Animal('a') =~ Dog", "type(Dog('a', 'b'))", "[Dog('a', 'b'), Cat('c')]",
    "type([Dog('a', 'b'), Cat('c')])", "type([Dog('a', 'b'), Cat('c')], generalized)",
    "type([Dog('a', 'b'), 1], generalized)", "Dog('a', 'b').name", "Dog('a', 'b').breed",
    "Dog('a', 'b') == Dog('a', 'b')", "Dog('a', 'b') == Animal('a', 4)", "Animal('a', 4) == Dog('a', 'b')",
    "Dog('a', 'b') == Dog('a', 'c')", "function f(Animal $a) { $a.name } [f(Dog('d', 'x')), f(Cat('c'))]",
    "[Dog('a', 'b'), Cat('c')].map |$a| { $a.legs }", "Array[Animal].new([Dog('a', 'b')])",
    "[Dog('a', 'b'), Cat('c')] =~ Array[Animal]", "Variant[Dog, Cat]", "Dog < Variant[Dog, Cat]",
    "Animal.new('x')", "Dog(1, 'b')", "Dog('a', 1)", "Type[Dog] < Type[Animal]",
    "[Dog, Cat].map |$t| { $t < Animal }",
]
for i in INH:
    P(ZOO + i)
OVERRIDES = [
    "{parent => Animal, attributes => {name => String}}",
    "{parent => Animal, attributes => {name => {type => Integer, override => true}}}",
    "{parent => Animal, attributes => {x => {type => String, override => true}}}",
    "{parent => Animal, attributes => {legs => {type => Integer[0, 8], value => 2, override => true}}}",
    "{parent => Animal, attributes => {legs => {type => String, value => 'x', override => true}}}",
    "{parent => Animal, attributes => {legs => {type => Integer, value => 2}}}",
]
for o in OVERRIDES:
    P(ZOO + f"type Bird = Object[{o}]\nBird")
    P(ZOO + f"type Bird = Object[{o}]\nBird('tweety')")
P("type A = Object[{attributes => {name => {type => String, final => true}}}]\ntype B = Object[{parent => A, attributes => {name => {type => String, override => true}}}]\nB('x')")
P("type A = Object[{attributes => {x => Integer}, functions => {f => Callable}}]\ntype B = Object[{parent => A, attributes => {f => Integer}}]\nB(1, 2)")
P("type A = Object[{attributes => {x => Integer}}]\ntype B = Object[{parent => A, attributes => {y => Integer}, equality => [y]}]\n[B, B(1, 2) == B(5, 2)]")
P("type A = Object[{attributes => {x => Integer}}]\ntype B = Object[{parent => A}]\n[B, B(1), B(1) =~ A]")
P("type A = Object[{attributes => {x => Integer}}]\ntype B = Object[{parent => A, attributes => {y => Integer}}]\ntype C = Object[{parent => B, attributes => {z => Integer}}]\n[C(1, 2, 3), C < A, C(1, 2, 3).x, C(1, 2, 3) =~ B]")
P("type B = Object[{parent => A, attributes => {y => Integer}}]\ntype A = Object[{attributes => {x => Integer}}]\n[B(1, 2), B < A]")

# --- Deferred -------------------------------------------------------------------------------
DEFERRED = [
    "Deferred", "Deferred('foo')", "Deferred('foo', [1, 2])", "Deferred.new('foo', [1])", "Deferred({name => 'foo'})",
    "Deferred({name => 'foo', arguments => ['a']})", "Deferred('$x')", "Deferred('mod::fn', [])", "Deferred(1)",
    "Deferred('Foo')", "Deferred('foo', 1)", "Deferred()", "Deferred('a', [1], 2)", "Deferred('foo', [1, 2]).name",
    "Deferred('foo', [1, 2]).arguments", "Deferred('foo').arguments", "type(Deferred('foo'))",
    "Deferred('foo') =~ Deferred", "Deferred('foo') =~ Object", "Deferred('foo') =~ RichData",
    "Deferred('foo', [1]) == Deferred('foo', [1])", "Deferred('foo', [1]) == Deferred('foo', [2])",
    "{Deferred('foo', [1]) => 1}", "notice(Deferred('a', [1]))", "\"${Deferred('a', [1])}\"",
    "String(Deferred('a', [1]), '%s')", "Deferred < Object", "[Deferred('a'), Deferred('b', [Deferred('c')])]",
    "Deferred('sprintf', ['%s', 'x']).arguments[0]", "$d = Deferred('foo') $d.name", "Deferred('a') =~ Error",
    "Deferred('foo', [1, 'two', {k => v}])", "Deferred('foo', [undef])", "Deferred('foo', undef)",
]
for d in DEFERRED:
    P(d)

# --- Error ----------------------------------------------------------------------------------
ERRORS = [
    "Error('msg')", "Error('msg', 'kind')", "Error('msg', 'kind', {a => 1}, 'CODE')", "Error.new('x')",
    "Error({msg => 'm', kind => 'k'})", "Error(1)", "Error('')", "Error()", "Error('m', 1)", "Error('m', 'k', 1)",
    "Error('m').message", "Error('m').msg", "Error('m').kind", "Error('m').details", "Error('m').issue_code",
    "$e = Error('msg', 'k', {a => 1}, 'C') [$e.message, $e.kind, $e.details, $e.issue_code]",
    "\"${Error('m', 'k')}\"", "Error('m') =~ Error", "Error('m') =~ Object", "Error('m') == Error('m')",
    "Error('m') == Error('n')", "Error('m') =~ Deferred", "String(Error)", "Error < Object",
    "Error('m', 'k', {a => [1, 2]})", "Error('m', undef, undef, 'C')", "Error('m').message()",
]
for e in ERRORS:
    P(e)

# --- catalogs holding Deferred and other objects --------------------------------------------
# (the catalog form is checked by the catalog areas; here the values)
P("$d = Deferred('lookup', ['k']) notify { 'x': message => $d } $d")

# --- URI ------------------------------------------------------------------------------------
URIS = [
    "$u = URI('http://user:pw@Example.COM:8080/a/b?q=1#frag') [$u.scheme, $u.userinfo, $u.host, $u.port, $u.path, $u.query, $u.fragment, $u.opaque]",
    "$u = URI('https://example.com') [$u.port, $u.path]",
    "$u = URI('ftp://example.com/x') [$u.port]",
    "$u = URI('foo://example.com/x') [$u.port]",
    "$u = URI('/just/a/path') [$u.scheme, $u.host, $u.path, $u.port]",
    "URI('http://a') == URI('http://a/')",
    "URI('http://a') =~ URI",
    "URI('http://a') =~ URI[{scheme => 'http'}]",
    "URI('http://a') =~ URI[{scheme => 'https'}]",
    "URI[{scheme => 'http'}]",
    "URI['http://a/b']",
    "URI['http://a/b'] == URI[{scheme => 'http', host => 'a', path => '/b'}]",
    "type(URI('http://a/b?x#y'))",
    "type(URI('mailto:x@y'))",
    "URI('http://a') =~ Object",
    "URI('http://a') =~ RichData",
    'URI < Object',
    "URI('http://a/%zz')",
    "URI('')",
    "URI('http://a').foo",
    "String(URI('http://a/b'))",
    "URI('http://a') + 'x'",
    "URI('http://a/b') + URI('c')",
    "{URI('http://a') => 1}[URI('http://a')]",
    "URI({scheme => 'http', host => 'x.com', port => 81, path => '/a', query => 'q', fragment => 'f', userinfo => 'u'})",
    "URI({scheme => 'mailto', opaque => 'a@b'})",
    "URI({host => 'x'})",
    "URI('http://[::1]:80/')",
    "$u = URI('http://[::1]:80/') [$u.host, $u.port]",
    "URI('HTTP://A.com')",
    "URI('http://a b')",
    "URI(' http://a')",
    "URI('http://a', true)",
    "URI < URI[{scheme => 'http'}]",
    "URI[{scheme => 'http'}] < URI",
    "URI('urn:isbn:123').opaque",
    "type(URI('http://a'), generalized)",
    "type(URI('http://a:8080/'))",
    "type(URI('http://a:80/'))",
    "type(URI('http://u@a/'))",
    "URI('http://a:80/')",
    "URI('http://a/b') == URI('HTTP://A/b')",
    "URI('http://a/b') == URI('http://a/B')",
    "URI('http://a/b') =~ URI['http://a']",
    "URI('http://a/b') =~ URI[{path => '/b'}]",
    'URI[1]',
    'URI[{bogus => 1}]',
    "URI('http://a/b?')",
    "$u = URI('http://a/b?') [$u.query, $u.fragment]",
    "$u = URI('http://a/b#') [$u.query, $u.fragment]",
    "URI({scheme => 'http'})",
    "URI({path => 'a b'})",
    "URI('a:b c')",
    "URI('http://a/ä')",
    '"${URI(\'http://a\')}"',
    "notice(URI('http://a'))",
    "URI('http://a').port()",
    "URI('http://a').port(1)",
    "URI('http://a') == 'http://a'",
    'URI',
    'String(URI)',
    "type(URI('x'))",
    "URI('http://a:b/')",
    "URI('http://a:/')",
    "$u = URI('http://a:/') [$u.port]",
    "URI('http://example.com:8080/a/b?q=1#frag')",
    "$u = URI('http://example.com') [type($u), $u.path, $u.port, $u.query]",
    "URI('http://example.com') == URI('http://example.com')",
    "URI('foo')",
    "URI({scheme => 'http', host => 'x.com', path => '/a'})",
    "$u = URI('mailto:a@b.com') [$u.scheme, $u.opaque, $u.path]",
    'URI(1)',
    '$u = URI(\'https://example.com/x\') "${u}"',
    "type(URI('http://a'))",
    "URI('http://a') =~ Deferred",
    "[URI('http://a'), URI('http://b')].unique",
    "URI('http://a') in [URI('http://a/')]",
]
for u in URIS:
    P(u)

# --- TypeSet --------------------------------------------------------------------------------
TYPESETS = [
    "type MyTypes = TypeSet[{pcore_version => '1.0.0', version => '1.0.0', types => {Point => Object[{attributes => {x => Integer}}]}}]\nMyTypes",
    "type MyTypes = TypeSet[{pcore_version => '1.0.0', version => '1.0.0', types => {Point => Object[{attributes => {x => Integer}}]}}]\nMyTypes::Point",
    "type MyTypes = TypeSet[{pcore_version => '1.0.0', version => '1.0.0', types => {Point => Object[{attributes => {x => Integer}}]}}]\nMyTypes::Point(1)",
    "type MyTypes = TypeSet[{pcore_version => '1.0.0', version => '1.0.0', types => {Point => Object[{attributes => {x => Integer}}]}}]\n$p = MyTypes::Point(1) [$p, type($p), $p.x, $p =~ MyTypes::Point]",
    "type MyTypes = TypeSet[{pcore_version => '1.0.0', types => {Point => Object[{attributes => {x => Integer}}], Line => Object[{attributes => {a => Point, b => Point}}]}}]\n[MyTypes::Line, MyTypes::Line(MyTypes::Point(1), MyTypes::Point(2))]",
    "type MyTypes = TypeSet[{pcore_version => '1.0.0', types => {Id => Integer[1, default], Point => Object[{attributes => {x => Id}}]}}]\n[MyTypes::Id, MyTypes::Point(3), 5 =~ MyTypes::Id]",
    "type MyTypes = TypeSet[{pcore_version => '1.0.0', types => {Point => Object[{attributes => {x => Integer}}]}}]\nMyTypes::Nope",
    "TypeSet[{pcore_version => '1.0.0', types => {Point => Object[{attributes => {x => Integer}}]}}]",
    "type MyTypes = TypeSet[{version => '1.0.0', types => {Point => Integer}}]\nMyTypes",
    "type MyTypes = TypeSet[{pcore_version => '2.0.0', types => {Point => Integer}}]\nMyTypes",
    "type MyTypes = TypeSet[{pcore_version => '1.0.0', name_authority => 'http://example.com', name => 'Foo', version => '1.2.3', types => {Point => Integer}}]\nMyTypes",
    "type MyTypes = TypeSet[{pcore_version => '1.0.0', types => {Point => Integer}, bogus => 1}]\nMyTypes",
    "type MyTypes = TypeSet[{pcore_version => '1.0.0', types => {point => Integer}}]\nMyTypes",
    "type MyTypes = TypeSet[{pcore_version => '1.0.0', types => {Point => Object[{attributes => {x => Integer}}]}}]\n[MyTypes =~ Type[TypeSet], MyTypes == MyTypes, type(MyTypes), MyTypes::Point == MyTypes::Point]",
    "type MyTypes = TypeSet[{pcore_version => '1.0.0', types => {Point => Object[{attributes => {x => Integer}}]}}]\n[MyTypes::Point, String(MyTypes::Point(1))]",
    "type MyTypes = TypeSet[{pcore_version => '1.0.0', types => {Point => Object[{attributes => {x => Integer}}], P2 => Object[{parent => Point, attributes => {y => Integer}}]}}]\n[MyTypes::P2, MyTypes::P2(1, 2), MyTypes::P2 < MyTypes::Point]",
    'TypeSet',
    "type MyTypes = TypeSet[{pcore_version => '1.0.0', types => {Point => Object[{attributes => {x => Integer}}]}}]\nMyTypes::Point.new(2)",
    "type MyTypes = TypeSet[{pcore_version => '1.0.0', types => {}}]\nMyTypes",
    "type MyTypes = TypeSet[{pcore_version => '1.0.0'}]\nMyTypes",
    "type MyTypes = TypeSet[{pcore_version => '1.0.0', version => 'x', types => {A => Integer}}]\nMyTypes",
    "type MyTypes = TypeSet[{pcore_version => '1.0.0', types => {A => 1}}]\nMyTypes",
    "type T = TypeSet[{pcore_version => '1.0.0', types => {A => Integer, B => Array[A]}}]\nT",
    "type T = TypeSet[{pcore_version => '1.0.0', types => {A => Integer}}]\ntype(T)",
    "type T = TypeSet[{pcore_version => '1.0.0', types => {A => Integer}}]\nString(T)",
    "type T = TypeSet[{pcore_version => '1.0.0', version => '2.1.0', types => {A => Object[{attributes => {a => String}}]}}]\nT",
    'type T = TypeSet[{pcore_version => 1, types => {A => Integer}}]\nT',
    "type T = TypeSet[{pcore_version => '1.0.0', types => {A => Integer}, annotations => {}}]\nT",
    "type T = TypeSet[{pcore_version => '1.0.0', types => {A => Integer}}]\nT == T",
    "type T = TypeSet[{pcore_version => '1.0.0', types => {A => Integer}}]\n[T < TypeSet, T =~ Type[TypeSet]]",
    "type T = TypeSet[{pcore_version => '1.0.0', types => {A => Integer}}]\n1",
]
for t in TYPESETS:
    P(t)

# --- annotate -------------------------------------------------------------------------------
ANNOTATE = [
    'Annotation',
    "type MyAnn = Object[{parent => Annotation, attributes => {note => String}}]\ntype P = Object[{attributes => {x => Integer}}]\n$p = P(1)\n[annotate(MyAnn, $p, {note => 'hi'}), annotate(MyAnn, $p)]",
    'type MyAnn = Object[{parent => Annotation, attributes => {note => String}}]\ntype P = Object[{attributes => {x => Integer}}]\n$p = P(1)\nannotate(MyAnn, $p)',
    "type MyAnn = Object[{parent => Annotation, attributes => {note => String}}]\ntype P = Object[{attributes => {x => Integer}}]\n$p = P(1)\nannotate(MyAnn, $p) || { MyAnn('made') }",
    "type MyAnn = Object[{parent => Annotation, attributes => {note => String}}]\ntype P = Object[{attributes => {x => Integer}}]\n$p = P(1)\n$a = annotate(MyAnn, $p) || { {note => 'made'} }\n[$a, annotate(MyAnn, $p)]",
    "type MyAnn = Object[{parent => Annotation, attributes => {note => String}}]\ntype P = Object[{attributes => {x => Integer}}]\n$p = P(1)\nannotate(MyAnn, $p, {note => 'a'})\nannotate(MyAnn, $p, clear)\nannotate(MyAnn, $p)",
    "type MyAnn = Object[{parent => Annotation, attributes => {note => String}}]\nannotate(MyAnn, 'str', {note => 'a'})",
    "type MyAnn = Object[{parent => Annotation, attributes => {note => String}}]\nannotate(MyAnn, [1], {note => 'a'})",
    "type MyAnn = Object[{parent => Annotation, attributes => {note => String}}]\ntype P = Object[{attributes => {x => Integer}}]\nannotate(P, {MyAnn => {note => 'x'}})",
    "type MyAnn = Object[{parent => Annotation, attributes => {note => String}}]\ntype P = Object[{attributes => {x => Integer}}]\n$p = annotate(P, P(2), {MyAnn => {note => 'x'}})\n[$p, annotate(MyAnn, $p)]",
    'type MyAnn = Object[{parent => Annotation, attributes => {note => String}}]\ntype P = Object[{attributes => {x => Integer}}]\nannotate(MyAnn, P(1), {note => 1})',
    'type MyAnn = Object[{parent => Annotation, attributes => {note => String}}]\nMyAnn',
    "type MyAnn = Object[{parent => Annotation, attributes => {note => String}}]\nMyAnn('x')",
    'annotate(Annotation, 1)',
    "type MyAnn = Object[{parent => Annotation, attributes => {note => String}}]\ntype P = Object[{attributes => {x => Integer}}]\n$p = P(1)\n$q = P(1)\nannotate(MyAnn, $p, {note => 'a'})\nannotate(MyAnn, $q)",
    "type MyAnn = Object[{parent => Annotation, attributes => {note => String}}]\ntype P = Object[{attributes => {x => {type => Integer, annotations => {MyAnn => {note => 'n'}}}}}]\nP",
    "type Note = Object[{parent => Annotation, attributes => {text => String}}]\n$v = [1, 2]\nannotate(Note, $v, {text => 'pair'})\nannotate(Note, $v).text",
    "type Note = Object[{parent => Annotation, attributes => {text => String}}]\n$v = {a => 1}\nannotate(Note, $v, {text => 'h'})\n[annotate(Note, $v), annotate(Note, {a => 1})]",
    "type Note = Object[{parent => Annotation, attributes => {text => {type => String, value => 'd'}}}]\n$v = [1]\nannotate(Note, $v) || { {} }",
    'type Note = Object[{parent => Annotation, attributes => {text => String}}]\nannotate(Note, [1]) || { {text => 1} }',
    "type Note = Object[{parent => Annotation, attributes => {text => String}}]\nannotate(Note, 1, {text => 'a'})",
    'type Note = Object[{parent => Annotation, attributes => {text => String}}]\nNote < Annotation',
    'annotate(Integer, [1])',
    'annotate()',
]
for a in ANNOTATE:
    P(a)

SPEC_DISAGREEMENTS = []
REFERENCE_INTERNALS = [
    # A TypeSet with `references`: a Ruby NoMethodError (`undefined method '>=' for nil`).
    "type Other = TypeSet[{pcore_version => '1.0.0', types => {Point => Object[{attributes => {x => Integer}}]}}]\ntype MyTypes = TypeSet[{pcore_version => '1.0.0', types => {Line => Object[{attributes => {a => O::Point}}]}, references => {O => {name => 'Other', version_range => '1.x'}}}]\n[MyTypes, MyTypes::Line(Other::Point(1))]",

    # The reference fails with a Ruby ArgumentError leaking its host ("wrong number of
    # arguments (given 0, expected 1)") when a type overrides an attribute and is printed.
    ZOO + "type Bird = Object[{parent => Animal, attributes => {name => {type => String, override => true}}}]\nBird",
    # `Object[1]`: a Ruby NoMethodError (`undefined method 'empty?' for 1:Integer`).
    "Object[1]",
    # Creating an instance of an anonymous object type: a Ruby NoMethodError (`undefined
    # method 'sub' for nil`).
    "Object[{attributes => {x => Integer}}](1)",
    # Sorting objects: a Ruby error naming an anonymous class (`comparison of #<Class:0x...>`).
    POINT + "[Point(1, 2), Point(0, 1)].sort",
]

# --- a small domain (the notebook's), and names taken by built-in resource types --------------
DOMAIN = (
    "type Host = Object[{attributes => {name => Pattern[/\\A[a-z0-9.-]+\\z/], cores => {type => Integer[1, 256], value => 2}}}]\n"
    "type App = Object[{attributes => {name => String[1], port => Integer[1, 65535], host => Host}, equality => [name, host]}]\n"
    "type WebApp = Object[{parent => App, attributes => {tls => {type => Boolean, value => true}}}]\n"
    "$db = Host('db1.example.com', 8)\n$web = Host({name => 'web1.example.com'})\n"
    "$api = WebApp('api', 8443, $web)\n$pg = App('postgres', 5432, $db)\n"
)
for d in [
    "[Host, $web, $api, $api.host.cores, $api.tls]",
    "[$api =~ App, $pg =~ WebApp, WebApp < App, App < Object, [$api, $pg] =~ Array[App]]",
    "[$pg == App('postgres', 6432, $db), $pg == App('postgres', 5432, $web)]",
    "[$api, $pg].filter |$s| { $s =~ WebApp and $s.tls }.map |$s| { \"${s.name}@${s.host.name}:${s.port}\" }",
    "Host('Not A Hostname!')",
    "{$pg => 'db', $api => 'web'}[App('postgres', 1, $db)]",
]:
    P(DOMAIN + d)
P("type Service = Object[{attributes => {name => String}}]\nService")
P("type File = Integer\n1")
P("type Notify = Object[{}]\n1")
