# Types written as strings: `Type('...')`, `Type.new('...')`, `assert_type('...', $v)`. The
# reference reads such a text with its TypeParser, not the evaluator: only type names, `[]` on
# a type name and literals; each type checks its parameters with messages of its own; a name
# that denotes no type is a TypeReference (lang/core/src/types/type_text).
PROGRAMS = []


def quoted(text):
    """`text` as a single-quoted Puppet string."""
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def T(*texts):
    PROGRAMS.extend(f"Type({quoted(t)})" for t in texts)


# names: any case, leading ::, unknown names (references), lower case (a bare word)
T("Integer", "INTEGER", "::Integer", "integer", "Uri", "Data", "RichData", "ScalarData", "File", "Notify", "NOTIFY",
  "file", "Foo", "Foo::Bar", "::Foo", "Integer::Foo", "Puppet::Foo", "Foo[1]", "Foo::Bar[1, a]", "Array[Foo]",
  "Array[Foo[1]]", "Hash[Foo, Bar]", "Variant[Foo, Integer]", "Optional[Foo::Bar]", "Struct[{a => Foo}]",
  "Type[Foo]", "Class", "Resource", "Node", "Node[x]", "Stage[main]", "Deferred")
# Integer and Float
T("Integer[1]", "Integer[1, 2]", "Integer[1,2]", " Integer[1, 2] ", "Integer[-1]", "Integer[default]",
  "Integer[default, 5]", "Integer[default, default]", "Integer[2.0]", "Integer['a']", "Integer[1,2,3]",
  "Integer[2, 1]", "Integer[-5, -1]", "Integer[- 5]", "Integer[0x10]", "Integer[010]", "Integer[-0x10]",
  "Integer[undef]", "Integer[true]", "Integer[1e3]", "Integer[1,]",
  "Float", "Float[1]", "Float[1.5]", "Float[1, 2.5]", "Float[default, 2]", "Float['a']", "Float[1,2,3]",
  "Float[-1.5]", "Float[-1e3]", "Float[1e3]", "Float[1.5, 1]")
# parameters read as literals only
T("Integer[$n]", "Integer[1+1]", 'Integer[size("a")]', 'Enum["${x}"]', "Integer[1] =~ Integer",
  "Integer == Integer", "Integer + 1", "$x", "a", "1", "'Integer'", '"Integer"', "default", "undef", "true",
  "/a/", "-1", "[Integer]", "[Integer, String]", "{a => Integer}", "(Integer)", "Array[(Integer)]",
  "Array[[Integer]]", "Array[{a => 1}]", "Integer.new", "Integer.foo", "func()", "notice(1)", "Integer[1].foo",
  "Type[Integer].foo", "Integer String", "Integer; String", "Enum[a]Enum[b]", "Array [Integer]",
  "Array\n[Integer]", "Array[\nInteger\n]", "Integer # c", "Integer /* c */", "Integer\n", " ", "#c",
  "Enum[@(X)\n  a\n  |-X\n]", "Enum[@(X)\n  a\n  |-X\n, b]")
# syntax errors: at a place (the parser's error as it is) or at the end (an evaluation error)
T("Integer[]", "String[]", "Array[]", "Collection[]", "Resource[]", "Integer]", "Integer[", "Integer[1, 2",
  "Array[Integer", "Struct[{a => }]", "Enum['a]", "@@", "Enum[a,,b]", "Callable[|$x| { 1 }]", "Enum[a, b,]")
# types that take no parameters
T("Numeric[1]", "Any[1]", "Data[1]", "RichData[1]", "Scalar[1]", "Undef[1]", "Default[1]", "SemVerRange[1]",
  "CatalogEntry[1]", "ScalarData[1]", "Binary[1]")
# sizes: String, Array, Hash, Collection
T("String", "String[1]", "String[1, 2]", "String[Integer[1,2]]", "String['a']", "String[1,2,3]", "String[2,1]",
  "String[1, default]", "String[default, 5]",
  "Array", "Array[String]", "Array[1]", "Array[String, 1]", "Array[String, 1, 2]", "Array[String, Integer[1,3]]",
  "Array['a']", "Array[String, 'a']", "Array[String, 1, 2, 3]", "Array[default]", "Array[String, default]",
  "Array[Integer, -1]", "Array[Integer, - 1]", "Array[Integer, 2, 1]", "Array[Integer['a']]",
  "Hash", "Hash[String, Integer]", "Hash[String, Integer, 1]", "Hash[String, Integer, 1, 2]",
  "Hash[String, 1, 2]", "Hash[String]", "Hash[String, Integer, 'a']", "Hash[String, Integer, Integer[1,2]]",
  "Hash[1,2,3,4,5]", "Hash[Enum[a, b], Array[Integer[0], 1]]",
  "Collection", "Collection[1]", "Collection[1,2]", "Collection[Integer[1,2]]", "Collection['a']",
  "Collection[1,2,3]", "Collection[default, 5]")
# Enum, Pattern, Regexp, Boolean
T("Enum", "Enum[a]", "Enum[a, b]", "Enum['a', \"b\"]", "Enum[a, true]", "Enum[a, false]", "Enum[true]", "Enum[1]",
  "Enum[a, 1]", "Enum[/a/]", "Enum[A]", "Enum[a::b]", "Enum[default]", 'Enum["a\\nb"]', "Enum[a, B, true]",
  "Enum[b, a]", "Enum[a, a]",
  "Pattern", "Pattern[/a/]", "Pattern['a+']", "Pattern[/a/, 'b']", "Pattern[1]", "Pattern[Regexp[/x/]]",
  "Pattern[a]", "Pattern[Pattern[/y/]]", "Pattern[/(/]", "Pattern['(']",
  "Regexp", "Regexp[/a/]", "Regexp['a']", "Regexp[/a/, /b/]",
  "Boolean", "Boolean[true]", "Boolean[false]", "Boolean[1]", "Boolean[true, false]", "Boolean['true']")
# Variant, Optional, NotUndef, Type, Sensitive, Iterable, Iterator, Init
T("Variant", "Variant[String]", "Variant[String, Integer]", "Variant[String, 1]", "Variant['a']",
  "Variant[Integer['a']]", "Variant[String, Variant[Integer, Float]]",
  "Optional", "Optional[String]", "Optional['a']", "Optional[1]", "Optional[String, Integer]", "Optional[a]",
  "Optional[Integer['a']]", "Optional[Foo]",
  "NotUndef", "NotUndef[String]", "NotUndef['a']", "NotUndef[1]", "NotUndef[String, Integer]",
  "Type", "Type[String]", "Type[1]", "Type[String, Integer]", "Type[Type[Integer]]",
  "Sensitive", "Sensitive[String]", "Sensitive[1]", "Sensitive[String, Integer]",
  "Iterable", "Iterable[String]", "Iterable[1]", "Iterable[String, Integer]", "Iterable[Integer[1]]",
  "Iterator", "Iterator[String]", "Iterator[1]", "Init", "Init[Integer]", "Init[1]")
# Tuple, Struct, Callable
T("Tuple", "Tuple[String]", "Tuple[String, 1]", "Tuple[String, 1, 2]", "Tuple[String, Integer, default, 3]",
  "Tuple[String, default]", "Tuple[String, Integer[1,2]]", "Tuple[Integer, String, 1, 3]",
  "Struct", "Struct[{a => String}]", "Struct[{'a' => String, b => Integer}]", "Struct[{Optional[a] => String}]",
  "Struct[{NotUndef[a] => String}]", "Struct[{a => 1}]", "Struct[{1 => String}]", "Struct[a]", "Struct[{}]",
  "Struct[{a => String}, 1]", "Struct[{a => Optional[String], Optional[b] => Integer}]",
  "Callable", "Callable[String]", "Callable[String, 1, 2]", "Callable[[String], Integer]",
  "Callable[[String, Integer], Boolean]", "Callable[[String], 1, 2]", "Callable[0, 0]", "Callable[String, Callable]",
  "Callable[String, Integer, 1, default, Callable]", "Callable[[Integer, String], Callable[1,1]]",
  "Callable[Integer, String, 2, 2, Callable[1,1]]")
# Runtime, time, versions, URI, Object
T("Runtime", "Runtime[ruby, 'Foo']", "Runtime['ruby', 'Foo::Bar']", "Runtime[ruby]",
  "Timespan", "Timespan[0, 10]", "Timespan['1-00:00:00']", "Timespan[1,2,3]", "Timespan['a']", "Timespan[1, 2]",
  "Timestamp", "Timestamp['2020-01-01T00:00:00.000 UTC']", "Timestamp[1, 2]", "Timestamp['x']",
  "SemVer", "SemVer['>=1.0.0']", "SemVer['x']", "SemVerRange",
  "URI", "URI['http://a.b/c']", "URI[{scheme => 'http'}]", "URI['a', 'b']",
  "Object", "Object[{name => 'Foo'}]", "Object[{name => 'Foo', attributes => {x => Integer}}]", "TypeSet")
# resources and classes
T("File['/tmp']", "File[a, b]", "FILE['/tmp']", "Resource[File]", "Resource[file]", "Resource['file']",
  "Resource[File, '/tmp']", "Resource['file', '/tmp']", "Resource[File['/tmp']]", "Resource[Foo]",
  "Resource[1]", "Resource[File, a, b]", "Notify[x]", "Class[foo]", "Class['foo']", "Class[foo, bar]")

# the other ways in: Type.new, assert_type, values of the types made
PROGRAMS += [
    "Type.new('Integer[1]')", "Type.new('')", "Type('')", "Type.new('Integer[$x]')", "Type['Integer']",
    "$n = 1 Type('Integer[$n]')", "Type(\"Integer[${1}]\")", "Integer[1, 3].map |$i| { Type(\"Integer[${i}]\") }",
    "Type('Integer[1]') == Integer[1]", "Type('Array[Integer, 1, 2]') =~ Type", "[1] =~ Type('Array[Integer]')",
    "Type('Integer') =~ Type[Integer]", "Type('Foo') =~ Type", "1 =~ Type('Foo')", "Type('Integer[1,2]').new('1')",
    "String(Type('Array[Integer]'))",
    "$n = 1 assert_type('Integer[$n]', 1)", "assert_type('Integer[1+1]', 2)", "assert_type('Foo', 1)",
    "assert_type('Foo::Bar', 1)", "assert_type('Array[Foo]', [1])", "assert_type('Integer[2.0]', 1)",
    "assert_type('Hash[String, 1, 2]', {})", "assert_type('Array[String]', [1])", "assert_type('integer', 1)",
    "assert_type('', 1)", "assert_type('Integer[', 1)", "assert_type('Integer]', 1)", "assert_type('Enum[a, b]', 'a')",
    "assert_type('Enum[a, b]', 'c') |$e, $a| { \"${e} ${a}\" }", "assert_type('Optional[String[1]]', undef)",
    "assert_type('Type[NOTIFY]', Notify)", "assert_type('Pattern[/^a/]', 'abc')", "assert_type('Struct[{a => Integer}]', {a => 'x'})",
]

# Left out: the reference's answer shows its Ruby host (a class name, a method missing, a value
# its TypeFactory makes of a Ruby object), differs from run to run, or comes from where it looks
# names up rather than from the text.
REFERENCE_INTERNALS = [
    # its Integer type holds the Float bound (`Integer[1, 2.0]`) or compares it in Ruby
    # ("comparison of Integer with String failed")
    "Type('Integer[1, 2.0]')", "Type('Integer[1, \\'a\\']')",
    # "undefined method `-@' for :default:Symbol" with a source excerpt
    "Type('Integer[-default]')",
    # "A Literal Integer ... outside of Puppet Integer max range" in prepl; a Ruby Bignum type there
    "Type('Integer[99999999999999999999]')",
    # its TypeFactory's type of a string is `Runtime[ruby, 'a']`, of undef `Undef`; a Tuple of
    # sizes alone shows as `Tuple`; prepl answers as `[]` does in code
    "Type('Tuple[1]')", "Type('Tuple[1, 2]')", "Type('Tuple[\\'a\\']')", "Type('Tuple[String, \\'a\\']')",
    "Type('Tuple[Integer[\\'a\\']]')", "Type('Struct[{a => Integer[\\'a\\']}]')", "Type('Callable[\\'a\\']')",
    "Type('Callable[[String]]')", "Type('URI[1]')",
    # Ruby errors with a source excerpt or an object address
    "Type('Struct[{String => String}]')", "Type('Struct[{Enum[a] => String}]')", "Type('Class[Foo]')",
    "Type('Class[1]')", "Type('SemVer[1]')", "Type('Object[1]')", "Type('Regexp[1]')",
    # internal types by their internal names
    "Type('TypeAlias')", "Type('TypeReference')", "Type('TypeReference[\\'Foo\\']')", "Type('Error')",
    "Type('Error[1]')", "Type('Error[\\'a\\']')", "Type('RichDataKey')", "Type('TypeSet[{}]')",
    # Runtime's name given as a pattern; its own message for a non-String runtime
    "Type('Runtime[ruby, [/a/, \\'b\\']]')", "Type('Runtime[1, 2]')",
    # an intersection of ranges shown as `SemVer['Infinity.0.0 - 0.0.0-']`
    "Type('SemVer[\\'>=1.0.0\\', \\'<2.0.0\\']')",
    # Type.new's Ruby function looks names up with its own loader, which sees only the
    # built-in types: an alias or define of the program (or of a module) is a TypeReference
    # there, while assert_type finds it. prepl finds such names everywhere.
    "type MyT = Integer[1, 2] Type('MyT')", "type MyT = Integer[1, 2] Type('Array[MyT]')",
    "type MyT = Integer[1, 2] Type('MYT')", "type MyT = Integer[1, 2] Type('MyT[1]')",
    "type My::T = String Type('My::T')", "define foo::bar() {} Type('Foo::Bar')",
    "define foo::bar() {} Type('Foo::Bar[x]')", "define foo::bar() {} Type('Foo::Bar[x, y]')",
]
ORACLE_ARTIFACTS = [
    # raised when the oracle prints the type (the reference checks these lazily), not by
    # the program: an error class of its own, without "Error while evaluating a Function Call"
    "Type('Regexp[\\'(\\']')", "Type('Init[Integer, 1]')", "Type('Init[String, \\'a\\', \\'b\\']')",
    "Type('Pattern[\\'(\\']')",
]
# Left out: the TypeParser makes the elements (keys and values) of an Array or Hash given only
# sizes `Default`, which no value is an instance of (`[1] =~ Type('Array[1, 2]')` is false);
# the spec's `Array[min, max]` has elements of any type, as `[]` makes it in code
# (`Array[Any, 1, 2]`).
SPEC_DISAGREEMENTS = [
    "Type('Array[1, 2]')", "Type('Array[default, 2]')", "Type('Array[1, default]')", "Type('Hash[1, 2]')",
]
PROGRAMS += [
    "type MyT = Integer[1, 2] assert_type('MyT', 1)", "type MyT = Integer[1, 2] assert_type('MyT', 3)",
]
PROGRAMS = [p for p in PROGRAMS if p not in REFERENCE_INTERNALS + ORACLE_ARTIFACTS + SPEC_DISAGREEMENTS]
# A type alias's definition is read the same way (`type X = Integer[1+1]` is no type), and
# what cannot be read is an error where the alias is used, not where it is defined.
PROGRAMS += [
    "type X = Integer[1+1] notice(X)", "type X = Integer[1+1] notice(1)",
    "$n = 1 type X = Integer[$n] notice(X)", "type X = Integer[(1)] notice(X)",
    "type X = Struct[{a => Integer, \"b${1}\" => String}] notice(X)",
    "type X = Integer[-1, default] notice(X)", "type X = Pattern[/a/, \"b\"] notice(X)",
    "type X = Enum[a, 'b'] notice(X)", "type X = Integer[0x10] notice(X)",
    "type X = Array[Integer, 1+1] notice(1) notice(2 =~ X)", "type X = Integer[- $x] notice(1)",
    "type X = Integer[- $x] notice(Type('X'))", "type X = Integer[1+1] notice(Array[X])",
    "type X = Integer[1+1] define foo(X $x) {} foo { a: x => 1 }",
    "type X = Array[Y] type Y = Integer[$x] notice(1)",
    "type X = Array[Y] type Y = Integer[$x] notice([2] =~ X)",
    "type Y = Integer[$x] type X = Array[Y] notice([2] =~ X)",
    "type X = Object[{attributes => {a => Integer}}] notice(X)",
    "type X = Variant[Integer, Struct[{a => String, Optional[b] => X}]] notice({a => 'x'} =~ X)",
    "type X = Integer[1, 2].foo notice(1)",
]
