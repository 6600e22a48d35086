# Hold-out corpus: the type system (written from spec/types-values-variables.md, independently).
PROGRAMS = []
P = PROGRAMS.extend

# printing of types
for t in ["Any", "Undef", "Default", "Boolean", "Numeric", "Integer", "Float", "String", "Enum", "Pattern", "Regexp",
          "Array", "Hash", "Tuple", "Struct", "Variant", "Optional", "NotUndef", "Scalar", "ScalarData", "Data",
          "RichData", "Collection", "Iterable", "Iterator", "Callable", "Type", "Runtime", "Sensitive", "Timespan",
          "Timestamp", "SemVer", "SemVerRange", "Binary", "CatalogEntry", "Resource", "Class", "Init", "Object",
          "TypeSet", "Error", "URI", "Target", "Deferred", "Sensitive[String]", "Init[Integer]"]:
    PROGRAMS.append(t)
P(["Integer[1]", "Integer[1, 10]", "Integer[default, 5]", "Integer[1, default]", "Integer[10, 1]", "Integer[-5, -1]",
   "Integer[default, default]", "Float[0.5]", "Float[1, 2]", "Float[1.0, 2.5]", "Float[default, 0.0]",
   "String[1]", "String[1, 10]", "String[0, default]", "String[5, 2]", "Enum[a, b]", "Enum['a b', c]", "Enum[a, b, true]",
   "Enum[]", "Pattern[/a/, 'b+']", "Pattern[]", "Regexp[/x/]", "Regexp['y+']", "Array[String]", "Array[String, 1]",
   "Array[String, 1, 3]", "Array[Integer, default, 2]", "Array[1, 2]", "Array[Any, 0, 0]", "Hash[String, Integer]",
   "Hash[String, Integer, 1]", "Hash[String, Integer, 1, 5]", "Hash[Integer]", "Tuple[Integer, String]",
   "Tuple[Integer, 1, 3]", "Tuple[String, Integer, 2]", "Tuple[]", "Struct[{a => Integer}]", "Struct[{Optional[a] => Integer}]",
   "Struct[{NotUndef[a] => Integer}]", "Struct[{a => Optional[Integer]}]", "Struct[{}]", "Struct[{'a b' => String}]",
   "Variant[Integer, String]", "Variant[Integer]", "Variant[]", "Optional[String]", "Optional['x']", "NotUndef[Integer]",
   "NotUndef['x']", "Callable[String]", "Callable[String, Integer, 1, 2]", "Callable[[String], Integer]", "Callable[0, 0]",
   "Callable[Integer, 1, default]", "Type[Integer]", "Type[Type[Integer]]", "Collection[1]", "Collection[1, 5]",
   "Iterable[Integer]", "Iterator[String]", "Runtime[ruby, 'Foo']", "Timespan[0, 10]", "Timestamp['2020-01-01T00:00:00.000 UTC']",
   "SemVer['>=1.0.0']", "SemVer['>=1.0.0', '<0.5.0']", "Resource[File]", "Resource['file', '/tmp']", "File['/tmp']",
   "Class[foo]", "Class['Foo::Bar']", "Integer['1']", "Integer[1, 2, 3]", "Float['a']", "String[-1]", "Enum[1]",
   "Hash[String]", "Optional[Integer, String]", "Struct[a]", "Struct[{a => 1}]", "Tuple[Integer, 'x']", "Integer[1.5]",
   "NotUndef[Integer, String]", "Array[Integer, 'x']", "Pattern[1]", "Regexp[1]", "Variant[Integer, 3]", "Type[1]",
   "Boolean[true]", "Undef[1]", "Sensitive[1]", "Callable['x']"])
# instance checks
for v, t in [("1", "Integer"), ("1", "Float"), ("1.0", "Float"), ("1.0", "Numeric"), ("1", "Integer[0,1]"), ("2", "Integer[0,1]"),
             ("'a'", "String[1]"), ("''", "String[1]"), ("'abc'", "String[1,2]"), ("'a'", "Enum[a, b]"), ("'A'", "Enum[a, b]"),
             ("'c'", "Enum[a,b]"), ("'abc'", "Pattern[/b/]"), ("'abc'", "Pattern[/x/, /c$/]"), ("/a/", "Regexp"),
             ("/a/", "Regexp[/a/]"), ("/a/", "Regexp[/b/]"), ("[1,2]", "Array[Integer]"), ("[1,'a']", "Array[Integer]"),
             ("[]", "Array[Integer, 1]"), ("[]", "Array[String]"), ("[1,'a']", "Tuple[Integer, String]"), ("[1]", "Tuple[Integer, String]"),
             ("[1, 'a', 'b']", "Tuple[Integer, String, 1, 5]"), ("[1, 'a', 'b']", "Tuple[Integer, String]"),
             ("{a => 1}", "Hash[String, Integer]"), ("{a => 1}", "Hash[Integer, Integer]"), ("{}", "Hash[String, String, 1]"),
             ("{a => 1}", "Struct[{a => Integer}]"), ("{}", "Struct[{a => Optional[Integer]}]"), ("{}", "Struct[{Optional[a] => Integer}]"),
             ("{a => undef}", "Struct[{Optional[a] => Integer}]"), ("{a => undef}", "Struct[{a => Optional[Integer]}]"),
             ("{a => 1, b => 2}", "Struct[{a => Integer}]"), ("undef", "Optional[Integer]"), ("undef", "Integer"), ("undef", "Any"),
             ("undef", "NotUndef"), ("undef", "Undef"), ("default", "Default"), ("default", "Any"), ("true", "Boolean"),
             ("'true'", "Boolean"), ("1", "Variant[String, Integer]"), ("1", "Scalar"), ("[1]", "Scalar"), ("/r/", "Scalar"),
             ("/r/", "ScalarData"), ("undef", "Data"), ("{a => [1, {b => undef}]}", "Data"), ("{1 => 2}", "Data"),
             ("{1 => 2}", "RichData"), ("/r/", "RichData"), ("Integer", "Type"), ("Integer", "Type[Integer]"),
             ("Integer[1,2]", "Type[Integer]"), ("String", "Type[Integer]"), ("[1]", "Collection"), ("{a=>1}", "Collection[1,1]"),
             ("'abc'", "Collection"), ("'abc'", "Iterable"), ("3", "Iterable"), ("3.0", "Iterable"), ("Integer[1,3]", "Iterable"),
             ("{a=>1}", "Iterable"), ("1", "Callable"), ("'a'", "Optional[String]"), ("1", "NotUndef[Integer]"),
             ("'x'", "Optional['x']"), ("1", "Integer[default, 0]"), ("1.5", "Float[1.5, 1.5]"), ("Timespan(1)", "Timespan[0, 2]"),
             ("SemVer('1.2.3')", "SemVer['>=1.0.0']"), ("SemVer('0.2.3')", "SemVer['>=1.0.0']"), ("'1.2.3'", "SemVer"),
             ("Sensitive(1)", "Sensitive[Integer]"), ("Sensitive(1)", "Sensitive[String]"), ("1", "Any"), ("[1,[2]]", "Array[Array]"),
             ("1", "Init[Integer]"), ("'1'", "Init[Integer]"), ("[1]", "Array[Integer, 2, 3]"), ("'ab'", "String[2,2]")]:
    PROGRAMS.append(f"{v} =~ {t}")
# assignability via comparison
P(["Integer < Any", "Integer[1,2] < Integer", "Integer <= Integer[1,2]", "Float < Integer", "Numeric >= Float",
   "String[1] < String", "Enum[a] < String", "Enum[a] < String[2]", "Pattern[/a/] < String", "String < Pattern[/a/]",
   "Array[Integer] < Array", "Array[Integer] < Array[Numeric]", "Tuple[Integer] < Array[Integer]", "Array[Integer] < Tuple[Integer]",
   "Tuple[Integer, String] < Array[Variant[Integer, String]]", "Hash[String, Integer] < Hash", "Struct[{a => Integer}] < Hash[String, Integer]",
   "Struct[{a => Integer}] < Hash[Integer, Integer]", "Optional[Integer] > Integer", "Optional[Integer] > Undef",
   "Variant[Integer, String] > Integer", "Variant[Integer, String] > Float", "NotUndef[Integer] == Integer",
   "Undef < Optional[String]", "Data > Integer", "Data > Hash[Integer, Integer]", "RichData > Hash[Integer, Integer]",
   "Scalar > Regexp", "ScalarData > Regexp", "Collection > Array", "Collection > String", "Iterable > String",
   "Callable > Callable[1]", "Type > Type[Integer]", "Type[Integer] > Type[Integer[1]]", "Any > Undef", "Any > Default",
   "Default < Any", "Boolean < ScalarData", "Timespan < Scalar", "SemVer < ScalarData", "Sensitive < Any",
   "Struct[{a => Optional[Integer]}] == Struct[{Optional[a] => Optional[Integer]}]",
   "Struct[{a => Integer}] == Struct[{a => Integer}]", "Variant[Integer, String] == Variant[String, Integer]",
   "Enum[a, b] == Enum[b, a]", "Integer[1, 10] == Integer[1, 10]", "Array[Integer] == Array[Integer, 0, default]",
   "Optional[Integer] == Variant[Integer, Undef]", "Integer == Integer[default, default]", "Float[1] == Float[1.0]",
   "Integer < String", "Integer > String", "Integer <= 1", "String[1] < String[0,1]"])
# type() and type of values
P(["type(1)", "type(1.5)", "type('abc')", "type('')", "type(true)", "type(undef)", "type(default)", "type(/re/)",
   "type([1, 'a', {b => 2}])", "type([])", "type({})", "type({a => 1})", "type({1 => 'a', b => 2.0})", "type([1, [2, 3]])",
   "type(Integer)", "type(Integer[1,2])", "type(1, generalized)", "type('abc', generalized)", "type([1, 'a'], generalized)",
   "type({a => 1}, generalized)", "type(1, reference)", "type([1, 2], reference)", "type(-5)", "type(SemVer('1.0.0'))",
   "type(Timespan(10))", "type(Sensitive('x'))", "type(1, detailed)", "type([1,2,3])", "1.type", "'x'.type",
   "[1,'a'].type(generalized)", "type(type(1))"])
# iteration over types and operations on types
P(["Integer[1,3].map |$x| { $x * 2 }", "Integer[1,5].filter |$x| { $x % 2 == 0 }", "Enum[a, b, c].map |$x| { $x }",
   "Integer[1,3].each |$x| { notice($x) }", "Integer.map |$x| { $x }", "Integer[1,3].reduce |$m, $x| { $m + $x }",
   "Array(Integer[1,4])", "Integer[0,2].reverse_each.map |$x| { $x }", "Enum[x,y].size", "Integer[1,3][1]",
   "Integer[1,10].step(3).map |$x| { $x }"])
# type aliases
P(["type MyInt = Integer[1,10] 5 =~ MyInt", "type MyInt = Integer[1,10] MyInt", "type MyInt = Integer[1,10] 11 =~ MyInt",
   "type Pair = Tuple[String, Integer] ['a', 1] =~ Pair", "type Tree = Variant[Integer, Array[Tree]] [1, [2, [3]]] =~ Tree",
   "type Tree = Variant[Integer, Array[Tree]] [1, ['x']] =~ Tree", "type A = B type B = Integer 1 =~ A",
   "type Opt = Optional[String] undef =~ Opt", "type My = String My['x']", "type lower = Integer",
   "type MyType = Integer type MyType = String", "type MyInt = Integer[1,10] String(MyInt)", "type X = Integer type(X)",
   "type Cfg = Struct[{host => String, port => Integer[1, 65535]}] $c = {host => 'h', port => 80} $c =~ Cfg",
   "type Cfg = Struct[{host => String, port => Integer[1, 65535]}] $c = {host => 'h', port => 0} $c =~ Cfg",
   "type Cfg = Struct[{host => String, Optional[port] => Integer}] $c = {host => 'h'} $c =~ Cfg"])
# assert_type and typed function params
P(["assert_type(Integer, 1)", "assert_type(Integer, 'a')", "assert_type(String[1], '')", "assert_type(Array[Integer], [1, 'x'])",
   "assert_type(Integer, 'a') |$e, $a| { \"expected $e got $a\" }", "assert_type(Struct[{a => Integer}], {a => 'x'})",
   "assert_type(Hash[String, Integer], {a => 1, b => 'x'})", "assert_type(Enum[a, b], 'c')", "assert_type(Optional[Integer], undef)",
   "function f(Integer $x) { $x } f('a')", "function f(Integer[1,5] $x) { $x } f(9)", "function f(Array[String] $a) { $a } f([1])",
   "function f(Optional[String] $s) { $s } f(undef)", "function f(String $s = 'd') { $s } f()", "function f(Variant[Integer, String] $v) { $v } f(1.5)",
   "function f(Struct[{a => Integer}] $h) { $h } f({a => 1, b => 2})", "function f() >> Integer { 'x' } f()",
   "function f(Type[Integer] $t) { $t } f(String)", "function f(Callable $c) { $c } f(1)"])
# types as values, new
P(["Integer.new('42')", "Integer('0x1f')", "Optional[Integer]('5')", "Variant[Integer, Float]('3.5')", "Enum[a,b]('a')",
   "String[2]('a')", "Array[Integer]([1, 2])", "Tuple[Integer, String]([1, 'a'])", "Integer[0,5]('9')", "Type('Integer[1,2]')",
   "Type('Array[String, 1]')", "Type('Nope[1]')", "Boolean.new('yes')", "Struct[{a => Integer}]({a => 1})",
   "Integer.type", "Integer[1,2] =~ Type[Integer]", "$t = Integer $t[1, 2]", "$t = Array $t[String]",
   "[Integer, String].map |$t| { $t[1] }", "Hash[String, Integer].key_type", "Optional[String].type", "Integer[1,5].from",
   "Integer[1,5].to", "Array[Integer, 2].size_type"])

# expressions.md "Operation on Types" examples
P(["$r = Regexp['(f)(o)(o)'] $r", "$pattern = Regexp['(f)(o)(o)'] ['foo' =~ $pattern, $1]", "'x' =~ Regexp[/x/]", "$pattern = Pattern[red, blue, green] ['red' =~ $pattern, 'blue' =~ $pattern, 'yellow' =~ $pattern]",
   "'abc' =~ Pattern", "Pattern[Pattern[/a/, /b/], Regexp[/c/]]", "'foo' =~ Pattern[/(f)oo/] $1", "Enum[blue, red, green]", "$h = Hash[Scalar, String] $h[Scalar, Integer]",
   "Hash[Scalar, String, 1, 10]", "Hash[String, Integer, -1]", "Hash[String, Integer, 1, default]", "Hash == Hash[Scalar, Data, 0, default]", "Array == Array[Data, 0, default]",
   "$a = Array[String] $a[Integer]", "Array[Data, 1]", "Array[Data, 2,4]", "Array[Integer, -1]", "Tuple[Integer, String, 1, default]", "Collection[]",
   "Struct[{'' => Integer}]", "Struct[{a => String}][{b => Integer}]", "Timespan[2]", "Timespan[77.3]", "Timespan['1-00:00:00', '2-00:00:00']",
   "Timespan[Timespan('11', '%H'), Timespan('12', '%H')]", "Timespan['1-00:00:00', Timespan({days => 2, nanoseconds => -1})]",
   "Timestamp['2000-01-01T00:00:00.000', default]", "Timestamp['2012-10-10']", "Timestamp[default, 1433116800]",
   "Timestamp['2010-01-01', '2015-12-31T23:59:59.999999999']", "Type[]", "Optional[Integer][String]", "SemVer[SemVer('1.0.0'), SemVerRange('2.x')]",
   "$pi = sprintf(\"%.4f\", 3.1415123) $pi", "Integer('5') + Integer.new('6')", "[1, 'b'].notice", "'x'.notice(1)"])
# types-values-variables.md examples: Numeric/Integer/Boolean.new, ranges, Struct, Tuple, Collection, Variant, Iterable
P(["Numeric(true)", "Numeric(\"0xFF\")", "Numeric(\"010\")", "Numeric(\"3.14\")", "Integer(\"0xFF\", 16)", "Numeric(\"010\", 10)", "Integer(\"010\", 10)",
   "Integer(true)", "Numeric(\"0x10\", 10)", "Integer(\"0x10\", 10)", "Integer('0b11', 2)", "Integer('11', 2)", "Integer('-0x1F', 16)", "Integer('077', 8)",
   "Integer({from => '12', radix => 8})", "Integer('12', default)", "Integer(4.9, 16)",
   "Integer[0, default]", "Integer[default, -1]", "Integer[1,10] > Integer[2,3]", "Integer[1,10] == Integer[2,3]", "Integer[1,10] > Integer[0,5]",
   "Integer[1,10] > Integer[1,10]", "Integer[1,10] >= Integer[1,10]", "Integer[1,10] == Integer[1,10]", "$value = 5 [$value =~ Integer[1,10], $value ? { Integer[1,10] => true }]",
   "Integer[1,5].each |$x| { notice $x }", "Integer[0, default].each |$x| { notice $x }", "Integer[3, 1].map |$x| { $x }",
   "Boolean('YEs')", "Boolean(0)", "Boolean('N')", "Boolean(-0.0)", "Boolean(true)",
   "$t = SemVer[SemVerRange('>=1.0.0 <2.0.0'), SemVerRange('>=3.0.0 <4.0.0')] [SemVer('1.2.3') =~ $t, SemVer('2.3.4') =~ $t, SemVer('3.4.5') =~ $t]",
   "SemVer[SemVerRange('>=1.0.0 <2.0.0'), SemVerRange('>=1.5.0 <3.0.0')]", "/.*/m", "'x' =~ Regexp",
   "Array == Array[Any]", "Array[0, 0]", "[] =~ Array[0, 0]", "[] =~ Array[Integer, 0, 0]", "Array({})", "Array({a => 1}) =~ Array[Tuple[Any, Any], 1]",
   "$arr = Array('x', true) $arr", "Hash == Hash[Any, Any]", "Hash[0, 0]", "{} =~ Hash[0, 0]", "Hash([[a, 1], [b, 2]]) == Hash([a, 1, b, 2])", "Hash(Integer[1,2])",
   "{a => 1} =~ Struct[{mode=>Enum[read, write, update], path=>String[1]}]", "{mode => read, path => '/x'} =~ Struct[{mode=>Enum[read, write, update], path=>String[1]}]",
   "{} =~ Struct[{article=>Data}]", "{} =~ Struct[{article=>NotUndef[Data]}]", "{article => undef} =~ Struct[{NotUndef[article]=>Data}]",
   "{} =~ Struct[{NotUndef[article]=>Data}]", "{} =~ Struct[{Optional[article]=>NotUndef[Data]}]", "{article => undef} =~ Struct[{Optional[article]=>NotUndef[Data]}]",
   "{x => 1} =~ Struct", "Struct[{a => Integer}] =~ Type[Hash]", "Hash[String, Integer] < Struct[{a => Integer}]", "Struct[{a => Integer, b => Optional[String]}] < Collection[1, 2]",
   "[\"a\", 1] =~ Tuple[String, Integer]", "[\"a\", 1,2,3] =~ Tuple[String, Integer, 1]", "[\"a\", 1,2,3] =~ Tuple[String, Integer, 0]",
   "[\"a\", 1,2,3] =~ Tuple[String, Integer, 0,2]", "[\"a\", 1,2,3] =~ Tuple[String, Integer, 4]", "[\"a\", 1,2,3] =~ Tuple[String, Integer, 5]",
   "[1, 1, 1, 1, 1] =~ Tuple[Integer, 5, 5]", "[1, 1, 's'] =~ Tuple[Integer, Integer, String, 1, 3]", "Array[Integer] == Tuple[Integer, 0, default]",
   "[1,2,3] =~ Collection[1,3]", "{a=>1, b=>2} =~ Collection[3]", "[1] =~ Collection[Integer[1,2]]",
   "$array_of_numbers = [1500, 20000] $array_of_numbers =~ Array[Variant[Integer[1000, 1999], Integer[10000, default]]]",
   "Variant[Optional[Integer]] == Variant[Integer, Undef]", "Optional[Variant[Integer]] == Optional[Integer]", "Optional == Optional[Any]", "undef =~ Optional",
   "NotUndef == NotUndef[Any]", "NotUndef['a'] == NotUndef[Enum['a']]", "Optional[Integer].new('3')", "NotUndef[Integer].new('3')", "Optional[Integer].new(undef)",
   "'abc' =~ Iterable[String]", "[1, 2] =~ Iterable[Integer]", "{a => 1} =~ Iterable[Tuple[String, Integer]]", "3 =~ Iterable[Integer[0, 2]]",
   "Integer[1, default] =~ Iterable", "Enum[b, a] =~ Iterable[Enum[a, b]]", "Enum[b, a, b].map |$x| { $x }",
   "$array_of_numbers = [1, 2, 3] $result = $array_of_numbers.reverse_each.step(2).map |$x| { $x * 100 } $result",
   "$a = *[1,2,3].reverse_each notice $a =~ Array", "[1,2,3].reverse_each =~ Iterator", "[1,2,3].reverse_each =~ Iterator[Integer]", "type([1,2].reverse_each)",
   "[1, 2].reverse_each =~ Iterable", "Callable[[Integer, Integer], Integer]", "Callable[Integer, Optional[Callable]]", "Type[Integer] =~ Type[Type]",
   "Integer =~ Type[Type[Integer]]", "Sensitive[String] =~ Type[Sensitive]", "Sensitive('x') == Sensitive('x')", "Sensitive('x') =~ Sensitive",
   "String(Sensitive([1]), '%p')", "Sensitive.new(1).unwrap |$v| { $v + 1 }"])
# Left out of the corpus:
REFERENCE_INTERNALS = [
    'Integer("0x10", 10)',  # Ruby's Integer() message: invalid value for Integer(): "0x10"
    "TypeSet", "Error", "Deferred", "Object",  # print the reference's internal Pcore definitions
    "Callable['x']",  # leaks Runtime[ruby, 'x']
    "type MyType = Integer type MyType = String",  # message quotes the reference's internal entity URI
]
# One argument of Integer/Float is the minimum, as the reference reads it (prepl's default; the
# spec draft, expressions.md, says the exact value: `--integer-bounds spec`). Left out while prepl
# followed the draft; kept at the end of the list so that the ids before them stay.
SINGLE_BOUND = ["Integer[1]", "Float[0.5]", "Integer[1,3][1]", "[Integer, String].map |$t| { $t[1] }"]
SPEC_DISAGREEMENTS = [
    # spec: a size constraint min < 0 raises an error; the reference clamps it to 0
    "Hash[String, Integer, -1]", "Array[Integer, -1]",
    # spec example (Integer.new): Numeric("010", 10) is 10; the reference's Numeric.new takes no radix
    'Numeric("010", 10)',
    # spec: Integer[n,n] (an integer value n) is Iterable[Integer[0, n-1]]; the reference says 3 is not an Iterable[Integer[0, 2]]
    "3 =~ Iterable[Integer[0, 2]]",
    # spec: overlapping ranges of a SemVer type are merged; the reference produces the inverted '>=3.0.0 <1.0.0'
    "SemVer[SemVerRange('>=1.0.0 <2.0.0'), SemVerRange('>=1.5.0 <3.0.0')]",
    # spec: SemVer[] accepts SemVer instances; the reference refuses them (and names a Ruby class)
    "SemVer[SemVer('1.0.0'), SemVerRange('2.x')]",
]
ORACLE_BROKEN = [
    "NotUndef['a'] == NotUndef[Enum['a']]",  # the reference answers 'a', not a Boolean
]
ORACLE_ARTIFACTS = [
    "Target",  # resolved as a resource type (catalog), not part of the type system
]
_LEFT_OUT = set(SPEC_DISAGREEMENTS + REFERENCE_INTERNALS + ORACLE_BROKEN + ORACLE_ARTIFACTS)
PROGRAMS[:] = [p for p in PROGRAMS if p not in _LEFT_OUT and p not in SINGLE_BOUND] + SINGLE_BOUND
