# Hold-out corpus: errors and their messages (evaluation and syntax), written independently.
PROGRAMS = []
P = PROGRAMS.extend

# arithmetic / operator errors
P(["1 + 'a'", "'a' - 1", "[1] - 'a' - 1", "{a => 1} + 1", "1 + [1]", "1 * 'x'", "'x' / 2", "undef + 1", "1 + undef", "true + 1",
   "1 % 1.5", "1.5 % 1", "1 << 'a'", "'a' << 1", "{a => 1} << 1", "- 'abc'", "-[1]", "-{}", "Integer + 1", "/a/ + 1",
   "9223372036854775807 * 2", "- -9223372036854775808", "2 / 0.0", "0 / 0", "1 < 'a'", "'a' > [1]", "[1] < 2", "{} < {}",
   "undef < 1", "Integer < 1", "true > false", "/a/ < /b/"])
# access errors
P(["[1,2]['x']", "[1,2][1,2,3]", "{a => 1}[]", "'abc'['x']", "'abc'[1,2,3]", "1[0]", "true[0]", "Integer['a']", "String[1,2,3]",
   "undef[1]", "[1,2][undef]", "Array[Integer, 1, 2, 3]", "Hash[1, 2, 3, 4, 5]", "Enum[[]]", "Optional[]", "Variant[1]",
   "Tuple[1]", "Struct[{1 => Integer}]", "Callable[1, 2, 3]", "Type[Integer, String]", "Integer[2, 1][0]"])
# variable errors
P(["$undefined_var", "$a = 1 $a = 2", "[$a, $b] = [1, 2, 3]", "[$a, $b] = 1", "[$a] = {b => 1}", "$a::b = 1",
   "$facts = 1", "$x = $x", "$ = 1", "$1 = 'x'", "[1, 2] = [3, 4]", "1 = 2", "'a' = 1"])
# call errors
P(["nosuch_function()", "nosuch_function(1, 2)", "'x'.nosuch", "notice()", "upcase()", "upcase(1)", "size(1, 2)", "max()",
   "[1].map(1) |$x| { $x }", "[1].each", "[1].filter |$a, $b, $c| { true }", "[1].reduce |$x| { $x }", "split('a')",
   "join(1)", "'a'.regsubst()", "sprintf()", "Integer()", "Integer('1', 2, 3, 4)", "Float('1', 2)", "String()", "Boolean('x')",
   "assert_type()", "with(1) |$a, $b| { $a }", "[1,2].slice(0)", "fail()", "'a'.match(1)", "dig()", "Timespan(1, 2)",
   "SemVer('x')", "SemVer()", "Sensitive()", "Array(1, 2, 3)", "Hash(1)", "abs([1])", "round('x')", "[1].sort |$a| { 0 }",
   "compare([1], 1)", "new()", "type()"])
# syntax / validation errors
P(["1 +", "[1, 2", "{a => }", "if true { 1", "case 1 { }", "1 ? { }", "$x = ", "'unterminated", "\"unterminated", "@(END)\nno end",
   "function () { }", "function f( { }", "1 2 3 +", "|$x| { $x }", "{ 1 => }", "[1,2].map |$x { $x }", "$x = 1 $x + = 2",
   "unless true { } elsif true { }", "else { 1 }", "define", "/unterminated", "1 => 2", "$x->y", "1 ++ 2", "0x1G", "0789",
   "1.2.3", "function f($x, $x) { }", "function f(*$a, $b) { }", "function f($a = 1, *$b = 2) { }", "type integer = String",
   "type Foo::Bar = Integer Foo::Bar", "function f() >> { }", "[1].map |$a, $a| { }", "case 1 { default: { } default: { } }",
   "1 ? { default => 1, default => 2 }", "@(END)\n  x\n y\nEND", "\"${\"", "\"${1 +}\"", "@(END:unknownsyntax)\nx\nEND",
   "@(END/z)\nx\nEND", "{a => 1,, b => 2}", "[1,,2]", "$x = [1][", "notice(1,)"])

# realistic mistakes a user experimenting in a REPL makes
P(["$h = {a => 1} $h['a']['b']", "$a = [1, 2] $a.map |$x| { $x + 'one' }", "[1, 2].filter |$x| { $x }.reduce |$m, $x| { $m + $x } + 'z'",
   "'abc'.upcase()()", "Integer.new()", "Integer('12abc')", "Float('1.2.3')", "Boolean('truthy')", "String(1, '%Q')",
   "Timestamp('yesterday')", "Timespan('1 hour')", "SemVer('1.0')", "SemVerRange('>= x')", "assert_type(Integer[0, 10], 11)",
   "assert_type(Array[String, 2], ['a'])", "assert_type(Tuple[Integer, String], [1, 2])", "assert_type(Optional[Integer], 'a')",
   "assert_type(Variant[Integer, Boolean], 'a')", "assert_type(NotUndef, undef)", "assert_type(Hash[String, Integer, 2], {a => 1})",
   "assert_type(Struct[{a => Integer, b => String}], {a => 1})", "assert_type(Pattern[/^a/], 'b')", "assert_type(Type[Integer], Integer[1, 2])",
   "assert_type(Type[String], Integer)", "assert_type(Callable[1, 1], 1)", "function f(Hash[String, Array[Integer]] $h) { } f({a => [1, 'b']})",
   "function f(Enum[on, off] $s) { } f('maybe')", "function f(Pattern[/\\A\\d+\\z/] $s) { } f('12a')", "function f(Optional[Array[String]] $a) { } f(['a', 1])",
   "function f(Tuple[String, Integer] $t) { } f(['a'])", "function f(Boolean $b) { } f('true')", "function f(Numeric $n) { } f('5')",
   "function f(String[3] $s) { } f('ab')", "function f(Array[String, 1] $a) { } f([])", "function f(Integer $x) { } f()",
   "function f(Integer $x) { } f(1, 2)", "function f($x, $y = 1) { } f()", "function f($x, $y = 1) { } f(1, 2, 3)",
   "[1,2].each |Integer $a, String $b| { }", "{a => 1}.each |String $k, String $v| { }", "[1].map |$a, $b, $c| { }", "{a => 1}.map |$a, $b, $c| { }",
   "[1,2].reduce(0) |$a| { }", "[1].filter", "'x'.then", "with(1) |$a, $b| { }", "[[1,2]].each |$a, $b, $c| { }",
   "undef.each |$x| { }", "true.map |$x| { $x }", "1.5.each |$x| { }", "Integer[1, default].map |$x| { $x }", "{a => 1}.slice(0)",
   "[3, 'a'].max", "['a', 1].min", "[[1], [2]].max", "[1, 2].join(1)", "'a,b'.split(1)", "'abc'.match()", "regsubst('a', 'b')",
   "'x'.regsubst('x', 'y', 'Q')", "sprintf('%d %d', 1)", "sprintf(1)", "dig(1, 2)", "{a => 1}.get(1)", "getvar(1)",
   "$x = 1 $x()", "notice(*1, *2, *[3])", "1 + 1 = 2", "$a = 1 + $b", "[$a, $b] = [1, 2, 3]", "[$a, *$b] = [1, 2, 3]",
   "Integer[1, 2, 3, 4]", "String[1, 2][3]", "Array[Integer][1]", "Hash[String, Integer][1]", "Optional[Integer][1]", "Enum[a][1]",
   "Struct[{a => Integer}][b]", "Tuple[Integer][0]", "Variant[Integer, String][0]", "Pattern[/a/][0]", "Callable[0]", "Callable[]",
   "Type[Integer][1]", "Regexp[/a/][/b/]", "Sensitive[String][1]", "NotUndef[]", "Iterable[1]", "Iterator[]", "Runtime[1]",
   "Timespan['x']", "Timestamp['x']", "SemVer['x']", "Collection[a]", "Boolean[1]", "Init[]", "Default[1]", "Any[1]", "Scalar[1]", "Data[1]",
   "1 =~ 'a'", "'a' =~ [1]", "'a' =~ {}", "'a' in 1.5", "[1] =~ /a/", "undef =~ /a/", "$x = 'a' =~ undef",
   "case 1 { 'a', 'b' }", "if { 1 }", "unless 1", "1 ? 2", "{ => 1 }", "[1 2]", "{a => 1 b => 2}", "'a' 'b'", "function 1f() { }",
   "function f() { } function f() { }", "$a = 1\n$b = \n2 + \n", "@(\"END\")\n${undefined_x}\nEND", "\"${[1,2].nosuch}\"", "\"$nosuch_var\""])
# Left out of the corpus:
SPEC_DISAGREEMENTS = [
    "function f(*$a, $b) { }",  # spec: only the last parameter may capture rest; the reference accepts this definition
]
REFERENCE_INTERNALS = [
    # messages that are Ruby's (ArgumentError/TypeError text, Ruby class names) or quote internal entity URIs
    "sprintf('%d %d', 1)", "sprintf(1)", "Boolean[1]", "'a' =~ [1]", "'a' =~ {}", "$x = 'a' =~ undef",
    "function f() { } function f() { }",
]
CATALOG = [
    "$x->y",  # a relationship expression (catalog), out of scope for this corpus
]
_LEFT_OUT = set(SPEC_DISAGREEMENTS + REFERENCE_INTERNALS + CATALOG)
PROGRAMS[:] = [p for p in PROGRAMS if p not in _LEFT_OUT]
