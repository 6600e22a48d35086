"""Hold-out corpus 2: built-in functions with unusual-but-valid and wrong arguments."""

PROGRAMS = [
    # each / map / filter / reduce with unusual receivers
    "{}.map |$k, $v| { $k }", "[].reduce |$a, $b| { $a + $b }", "[].reduce(5) |$a, $b| { $a + $b }", "[7].reduce |$a, $b| { 0 }",
    "'ab'.each |$i, $c| { notice(\"${i}${c}\") }", "Integer[2, 4].each |$i, $v| { notice([$i, $v]) }",
    "[1, 2].map |$x| { }", "[1, 2].filter |$x| { undef }", "[1, 2].filter |$x| { 1 }", "{a => 1}.filter |$x| { true }",
    "[1, 2].each |Integer $x| { notice($x) }", "[1, 'a'].each |Integer $x| { notice($x) }", "[1, 2].map |String $x| { $x }",
    "[1, 2].map |$x, $y, $z| { $x }", "[1, 2].map || { 1 }", "[1, 2].map", "map([1, 2]) |$x| { $x + 1 }",
    "[1, 2].map() |$x| { $x + 1 }", "[1, 2].each |*$rest| { notice($rest) }", "[[1, 2]].each |*$rest| { notice($rest) }",
    "{a => 1}.each |*$rest| { notice($rest) }", "[1, 2].reduce(10, 20) |$a, $b| { 1 }", "1.each |$x| { notice($x) }",
    "-1.each |$x| { notice($x) }", "1.5.each |$x| { notice($x) }", "undef.each |$x| { 1 }", "true.map |$x| { 1 }",
    "[1,2,3].each_with_index", "[3,1,2].reverse_each |$x| { notice($x) }", "[1,2,3].reverse_each.reverse_each.map |$x| { $x }",
    "[1,2,3,4,5].step(2) |$x| { notice($x) }", "[1,2].step(0)", "[1,2].step(-1)", "[1,2,3].slice(2)", "[1,2,3].slice(2) |$a, $b| { notice([$a, $b]) }",
    "{a => 1, b => 2, c => 3}.slice(2)", "[1,2,3].slice(0)", "[1,2,3].index(2)", "[1,2,3].index(9)", "{a => 1}.index(1)",
    "'hello'.index('l')", "[1,2,3].index |$x| { $x > 1 }", "{a => 1, b => 2}.index |$k, $v| { $v == 2 }",
    "[1,2,3].any |$x| { $x > 2 }", "[].any |$x| { true }", "[].all |$x| { false }", "{a => 1}.any |$k, $v| { $v == 1 }",
    "[1, [2, 3]].tree_each.map |$p| { $p }", "[1, [2, 3]].tree_each({include_containers => false}).map |$p| { $p[1] }",
    "{a => {b => 1}}.tree_each.map |$p| { $p[0] }", "[1,2,3].with |$a| { $a }", "with(1, 2) |$a, $b| { $a + $b }",
    "with() || { 'none' }", "with(1) |$a, $b| { $b }",
    # collection helpers
    "[1,2,2,3].unique", "['a', 'A'].unique", "{a => 1, b => 1}.unique", "[3,1,2].sort", "['b', 'a', 'C'].sort",
    "[1, 'a'].sort", "[[2], [1]].sort", "[].sort", "{b => 1, a => 2}.sort", "[1, [2, [3]]].flatten", "flatten(1, [2])",
    "[1,2,3].reverse", "[1,2,3].first", "['a', 'b'].join(1)", "join(['a'], ', ')", "[1,2].length", "{}.length",
    "length('héllo')", "size([1])", "empty([])", "empty({})", "empty('')", "empty(undef)", "empty(0)", "empty(' ')",
    "empty(Binary(''))", "keys({a => 1, b => 2})", "values({a => 1, b => 2})", "keys([1])", "{a => 1}.get('a')",
    "{a => {b => [1, 2]}}.get('a.b.1')", "{a => 1}.get('x', 'dflt')", "{a => 1}.get('x') |$err| { 'missing' }",
    "[1, 2].get('5')", "{'a.b' => 1}.get('\"a.b\"')", "get({a => 1}, 'a.b') |$e| { $e.message }",
    "{a => 1}.dig('a', 'b')", "[1, [2, 3]].dig(1, 0)", "dig({a => 1})", "{a => 1}.dig()", "[1].dig('x')",
    "{a => 1}.has_key('a')", "'a' in {a => 1}", "1 in [1.0]", "'a' in ['A']", "/b/ in ['abc']", "Integer in [1, 'a']",
    "[1] in [[1], 2]", "'c' in {a => 'c'}", "compare(1, 2)", "compare('a', 'B')", "compare('a', 'B', false)", "compare(1, 'a')",
    "compare([1], [1])", "compare(Timespan(1), Timespan(2))", "compare(SemVer('1.0.0'), SemVer('1.0.1'))",
    "[1, 2, 3].convert_to(Hash)", "[[1, 2]].convert_to(Hash)", "'12'.convert_to(Integer)", "'12'.convert_to(Integer, 8)",
    "'x'.convert_to(Integer)", "1.convert_to(String)", "[1].convert_to(String)", "'1.5'.convert_to(Numeric)",
    # string functions
    "upcase(['a', 'b'])", "upcase({a => 'b'})", "downcase('ÀB')", "capitalize(['ab', 'cd'])", "upcase(1)", "strip(['  a '])",
    "chomp(\"a\\r\\n\")", "chop('')", "split('a.b', '.')", "split('a.b', /\\./)", "split('abc', Regexp('b'))", "split(1, ',')",
    "'abc'.match(/(a)(z)?/)", "'abc'.match(/x/)", "['ab', 'cd'].match(/a/)", "match('abc', 'b')", "'abc'.match(Pattern[/b/])",
    "regsubst('hello', 'l', 'L')", "regsubst('hello', 'l', 'L', 'G')", "regsubst('Hello', 'h', 'j', 'I')",
    "regsubst('hello', /(l+)/, '<\\1>')", "regsubst(['ab', 'cb'], 'b', 'x')", "regsubst('a.b', '.', '-', 'G')",
    "regsubst('abc', 'b', 'x', 'Q')", "regsubst('abc', '(', 'x')", "'hello'.regsubst(/l/, '', 'G')",
    "'abc'.size", "'a%b'.sprintf", "lest(undef) || { 1 }", "then(1) |$x| { $x + 1 }",
    "'a b'.split(' ').map |$w| { $w.capitalize }.join(' ')",
    # numeric functions
    "abs('-3')", "abs('x')", "abs(-0.0)", "floor('3.7')", "ceiling(3)", "round('2.5')", "round(1.23456)",
    "sqrt(2)", "sqrt('9')", "min('10', '9')", "max([1, 2])", "max(1, 2) |$a, $b| { $b <=> $a }",
    "min(3, 1, 2) |$a, $b| { compare($a, $b) }", "max('a', 'b', 'c')", "min(Timespan(1), Timespan(2))",
    # type and assertion functions
    "assert_type(Integer, 1)", "assert_type(Integer, 'a')", "assert_type('Integer', 1)", "assert_type(String[1], '')",
    "assert_type(Array[Integer], [1, 'b'])", "assert_type(Struct[{a => Integer}], {a => 'x'})",
    "assert_type(Struct[{a => Integer}], {b => 1})", "assert_type(Hash[String, Integer], {a => 1, 2 => 3})",
    "assert_type(Integer, 'a') |$e, $a| { [$e, $a] }", "assert_type(Optional[Integer], undef)", "assert_type(Integer, undef)",
    "defined('$x')", "$x = 1\ndefined('$x')", "defined('$x', '$y')", "defined(Integer)", "defined('Integer')",
    "defined('notice')", "defined('nosuch_fn')", "defined('File')", "defined(1)", "defined('')",
    "type_of(1)", "new(Integer, '5')", "Integer.new('5', 2)", "Integer.new('12', 2)",
    # conversion functions
    "Boolean('true')", "Boolean('TRUE')", "Boolean(0)", "Boolean(1.0)", "Boolean(0.0)", "Boolean([])", "Boolean('')",
    "String(undef)", "String(default)", "String(Integer)", "String(['a'])", "Array(1)", "Array([1])", "Array(undef)",
    "Array({a => 1})", "Array('ab')", "Hash([])", "Hash([[1, 2], [3, 4]])", "Hash([1, 2, 3, 4])", "Hash({})", "Hash('x')",
    "Tuple([1, 'a'])", "Binary('aGVsbG8=')", "Binary('hello', '%s')", "Binary('hello', '%r')", "Binary([104, 105])",
    "Binary('!!!', '%B')", "Binary('aGk=').length", "String(Binary('hi', '%s'), '%s')", "Sensitive('x').unwrap",
    "Sensitive('x').unwrap |$v| { $v.upcase }", "Sensitive(Sensitive(1))", "Sensitive('a') == Sensitive('a')",
    # time and version functions
    "Timespan(3600)", "Timespan(1.5)", "Timespan('1-02:03:04')", "Timespan('02:03')", "Timespan('bad')",
    "Timespan({days => 1, hours => 2})", "Timespan({seconds => 90}).strftime('%M:%S')", "Timespan(-30)",
    "Timespan(1, 2, 3, 4)", "Timespan(86400) == Timespan('1-00:00:00')", "Timespan(60) + 30", "Timespan(60) * 2",
    "Timespan(60) / Timespan(20)", "Timespan(60) > Timespan(59)", "Timespan(60) < 61",
    "Timestamp('2021-03-04T05:06:07.000 UTC')", "Timestamp('2021-03-04')", "Timestamp('2021-13-04')", "Timestamp(0)",
    "Timestamp(1.5)", "Timestamp('2021-03-04T05:06:07 UTC').strftime('%j %U %w %p %I')",
    "Timestamp('2021-03-04T05:06:07 UTC', '%Y')", "Timestamp('2021', '%Y')", "Timestamp('04/03/2021', '%d/%m/%Y')",
    "Timestamp(0) + Timespan(60)", "Timestamp(100) - Timestamp(40)", "Timestamp(100) - 40", "Timestamp(0) + Timestamp(1)",
    "Timestamp(0) < Timestamp(1)", "Timestamp(0).strftime('%s %N %L')", "Timestamp(0).strftime('%Y', 'Europe/Stockholm')",
    "SemVer('1.0.0') < SemVer('1.0.0-alpha')", "SemVer('1.0.0-alpha') < SemVer('1.0.0-beta')", "SemVer('1.0')",
    "SemVer(1, 2, 3)", "SemVer(1, 2, 3, 'rc1')", "SemVer(1, 2, 3, 'rc1', 'build5')", "SemVer('1.2.3+build')",
    "SemVer({major => 1, minor => 0, patch => 0})", "SemVer('v1.0.0')", "SemVerRange('1.x')", "SemVerRange('>=1.0.0 || <0.1')",
    "SemVerRange('1.2.3 - 1.4')", "SemVerRange('bad range')", "SemVer('1.5.0') =~ SemVerRange('1.x')",
    "SemVerRange('>1.0') == SemVerRange('> 1.0')", "SemVerRange('1.x').min", "SemVer('1.2.3').to_s",
    # logging functions
    "notice()", "notice(1, [2], {a => 3})", "notice(undef)", "notice('')", "warning(1.5)", "notice(Integer)", "notice(Sensitive(1))",
    "fail('stop here')", "fail()", "fail('a', 'b')", "fail(1)", "assert_type(Integer, fail('inner'))",
    # step / iteration errors
    "[1, 2].reduce", "[1,2].filter |$a, $b, $c| { 1 }", "{a => 1}.map |$a, $b, $c| { 1 }", "[1].each |$a, $b = 1| { notice($b) }",
    "[1].map |$x = 5| { $x }", "[1,2].reduce |$a, $b = 0| { $a + $b }", "[1].each |$a, *$r| { notice($r) }",
]

# Left out: the reference prints its Ruby object (#<Sensitive [value redacted]>) for a nested Sensitive.
REFERENCE_INTERNALS = ["Sensitive(Sensitive(1))"]
PROGRAMS = [p for p in PROGRAMS if p not in REFERENCE_INTERNALS]

# --- more probes (appended to keep ids stable) -----------------------------------------------
PROGRAMS += [
    "[1, 2, 3].reverse_each", "type([1, 2].reverse_each)", "[1, 2].step(1).then |$i| { type($i) }", "String([1, 2].reverse_each)",
    "notice([1, 2].reverse_each)", "[1, 2].reverse_each =~ Iterator", "[1, 2].reverse_each =~ Iterable[Integer]",
    "Integer[1, 3].reverse_each.convert_to(Array)", "[1, 2, 3].map |Integer[2] $x| { $x }",
    "[1, 2].each |String $x, $y| { 1 }", "{a => 1}.each |Integer $k, $v| { 1 }", "[[1, 2]].map |$a, $b| { $a + $b }",
    "[1, 2].reduce |Integer $a, String $b| { 1 }", "$f = |$x| { $x * 2 }\n$f.call(4)", "$f = |$x| { $x * 2 }\n$f.call()",
    "$f = |Integer $x| { $x * 2 }\n$f.call('a')", "$f = |$x| { $x }\ntype($f)", "$f = |Integer $x, String *$r| { $r }\ntype($f)",
    "$f = |$x| { $x }\n$f =~ Callable[1, 1]", "$f = |$x| { $x }\n$f =~ Callable[2, 2]", "$f = |$x| { $x }\n[1, 2].map($f)",
    "$f = |$x| { $x }\n[1, 2].map |$y| { $f.call($y) + 1 }", "call('upcase', 'a')", "call('nosuch')", "'upcase'.call('x')",
    "$m = 'upcase'\ncall($m, 'abc')", "call('map', [1, 2]) |$x| { $x * 3 }", "Integer.call('1')",
]

# A single Integer parameter is a minimum for the reference and prepl (by default), an exact value
# by the spec draft (see h2_types.py): the program with an explicit `default` upper bound, then
# (added when prepl took the reference's reading; at the end, so that the ids before it stay) the
# program as written.
SINGLE_BOUND = ["[1, 2, 3].map |Integer[2] $x| { $x }"]
PROGRAMS = [p for p in PROGRAMS if p not in SINGLE_BOUND]
PROGRAMS += ["[1, 2, 3].map |Integer[2, default] $x| { $x }"]
PROGRAMS += SINGLE_BOUND
