"""Disagreements found by the differential area `grammar` (tests/differential/areas/grammar.py:
random programs from the grammar, expressions nested in every position), reduced and kept as
regression cases once fixed. Each group names the seed run that found it."""

PROGRAMS = []

# --- seed 1: regsubst's options in Ruby's message of a pattern that does not compile
# (`/[/mix`, in Ruby's order whatever the order of the flags).
PROGRAMS += [
    "regsubst('a', '[', 'x', 'E')",
    "regsubst('a', '[', 'x', 'I')",
    "regsubst('a', '[', 'x', 'M')",
    "regsubst('a', '[', 'x', 'EIM')",
    "regsubst('a', '(', 'x', 'IE')",
    "regsubst('a', '[', 'x', 'GI')",
    "regsubst(['a', 'b'], 'a{2,1}', 'x', 'MG')",
]

# --- seed 1: a selector without a match shows the value as Ruby's `to_s` (a regexp as
# `(?-mix:...)`, arrays and hashes in Ruby's inspect form).
PROGRAMS += [
    "/\\// ? { 'a' => 1 }",
    "/a+b/ ? { 'a' => 1 }",
    "join([/\\//, /a/], ',')",
    "[true, 1, ['ab\\nc', 'd']] ? { 'a' => 1 }",
    "{'a' => [1, undef], 'b' => 'x'} ? { 'a' => 1 }",
    "[/a/, 1.5, undef] ? { 1 => 2 }",
    "0.15 ? { 1 => 2 }",
    "undef ? { 1 => 2 }",
    "Integer[1, 2] ? { 1 => 2 }",
    "$x = 'b' $x ? { 'a' => 1 }",
    # (a compiled function body: from its second call)
    "function f($v) { $v ? { 1 => 'one' } } [1, 1, 1, /a/].map |$i| { f($i) }",
    "function f($v) { $v ? { 1 => 'one' } } [1, 1, 1, ['x', [1]]].map |$i| { f($i) }",
]

# --- seeds 1 and 5: a string inside a type is quoted as a string value's `%p` is (a
# backslash kept with the character after it, a trailing one single, double quotes only
# for a control character below U+0020).
PROGRAMS += [
    "notice(Enum['\\\\'])",
    "notice(Enum['\\\\{', 'b'])",
    "notice([Enum['a\\\\']])",
    "notice(Enum['\\\\\\\\'])",
    "notice(Enum[\"it's\"], Enum[\"b\\\\'\"])",
    "notice(Struct[{'a\\\\' => Integer}])",
    "notice(Enum[\"a\\tb\\\\\"])",
    "notice(Enum[\"a\\u001bb\"])",
    "notice(Enum[\"a\\u0085b\"])",
    "String(Enum['x\\\\y'])",
    "\"${Enum['\\\\{é => []}']}\"",
    "[Enum['a\\\\'], Pattern[/\\\\/]]",
]

# --- seed 4: an alias in a comparison's error is named with its definition, as its value
# prints (`A = Boolean-Type`), an object type with its definition.
PROGRAMS += [
    "type A = Boolean 1.5 < A",
    "type A = Boolean 'a' < A",
    "type A = Integer[1, 2] A < 1",
    "type A = Boolean [1] < Array[A]",
    "1.5 < Error",
]

# --- seed 6: a string pattern ending in a backslash (Ruby: `too short escape sequence`).
PROGRAMS += [
    "regsubst('a', 'a\\\\', 'x', 'EI')",
    "regsubst('a', '\\\\', 'x')",
    "match('a', 'a\\\\')",
]

# --- seed 1: a backslash and digits in a pattern, a back-reference or an octal code.
PROGRAMS += [
    "'a' =~ '\\10'",
    "[\"\\u0008\" =~ '\\10', '@' =~ /\\100/, \"\\u00018\" =~ /\\18/, 'x8' =~ /x\\18/]",
    "['a8' =~ /(a)\\18/, 'aa0' =~ /(a)\\10/, \"a\\u0008\" =~ /(a)\\10/, 'aa' =~ /(a)\\1/]",
    "[\"\\u0008\" =~ /[\\10]/, \"\\u0001\" =~ /[\\1]/]",
    "'abcdefghijj' =~ /(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\\10/",
]

# --- session 45, seed 7: a value that cannot be converted to Numeric shows an array or hash
# as the evaluator's Ruby objects (a regexp inside as Ruby's `Regexp#inspect`, `/a/`).
PROGRAMS += [
    "-[/a/]",
    "1 - {'a' => [/a/, 'b']}",
    "1 + ['a', 1.5, /x\\/y/, undef]",
    "[-[[/(?<n>b)/], default]]",
]

# --- session 45, seeds 6-12: an EPP tag's string with interpolations holding strings of
# their own (a parameter's default, a rendered value) is one string, as the lexer reads it.
PROGRAMS += [
    "inline_epp('<%- |String $a = \"${case 1 { 1: { \"x\" } }}|\"| -%>[<%= $a %>]')",
    "inline_epp('<%= \"${\\'%>\\'}${\"}\"}\" %>x')",
    "inline_epp('<%= \"${ {a => \"}\"}[a] }\\\\\"\" %>')",
    "inline_epp('<%= \"${\"a\"}\" %><%= inline_epp(\\'<%= \"${\"%>\"}\" %>\\') %>')",
]

# --- session 45, seed 15: time arithmetic with a value that is not numeric shows it as the
# evaluator's arithmetic does (an array in Ruby's inspect, a regexp as `(?-mix:x)`).
PROGRAMS += [
    "Timespan(3) + ['a', [], /x/]",
    "Timespan(3) - {'a' => 1}",
    "Timestamp(0) + ['a']",
    "Timespan(3) + /x/",
]

# --- session 46 (grammar3): what the reference's number conversion (`Utils.to_n`) refuses:
# zero raised to a power (a literal does not parse; a string is no number to arithmetic or
# `Numeric.new`), a float out of range, an exponent with `+`, a line break around the digits;
# blanks after a sign are taken.
PROGRAMS += [
    "notice(1) if false { 0.0e3 }",
    "[1, -0.00E-1]",
    "'0.0e2' + 1",
    "'1e400' + 1",
    "'1e+2' + 1",
    "'- 5' + 1",
    "\"5\\n\" + 1",
    "Numeric('0.0e2')",
    "Numeric('-0.0e1')",
    "Numeric('1e400')",
    "[Float('0.0e2'), Numeric('0.5e1'), 0.5e1, 10e-1]",
]

# --- session 46, seed 1: a regexp that cannot be converted to Numeric is Ruby's `to_s` of
# it, a `/` escaped as the literal wrote it.
PROGRAMS += [
    "/\\// + 0.5",
    "-/a\\/b/",
    "[/\\//, 'x'].join(',')",
]

# --- session 46, seed 2: a `NotUndef` type value in a mismatch is named by its normal form
# (`got Type[Numeric]` for `NotUndef[Numeric]`).
PROGRAMS += [
    "length(NotUndef[Numeric])",
    "length(NotUndef[Optional[Integer]])",
    "length([NotUndef[Integer[1, 2]]][0])",
    "length(NotUndef)",
    "function f(Integer $x) {} f(NotUndef[Optional[Integer]])",
]

# --- session 46, seed 20: an element of a tuple after its types (held to the last type) is
# named by that type's index in a mismatch.
PROGRAMS += [
    "function f(Tuple[String, Optional[String], 0, default] $x) {} f(['a', 'b', 3])",
    "function f(Tuple[String, Integer, 0, 5] $x) {} f(['a', 1, 2, 'x'])",
    "function f(Tuple[String, Integer, 1, 5] $x) {} f(['a', 'x', 'y'])",
]

# --- session 46, seed 21: a version range inside a value Ruby shows (the selector's message)
# is Ruby's `VersionRange#inspect`, the normalized form.
PROGRAMS += [
    "{a => SemVerRange('~1.2')} ? { 1 => 2 }",
    "[SemVerRange('1.x'), SemVerRange('>=1.0.0 <2.0.0'), SemVerRange('^1.2.3'), SemVerRange('1.2.3 - 2.0')] ? { 1 => 2 }",
]

# --- session 47, seed 28: a version is a Ruby Numeric to the reference: negating it, or
# comparing a number with it, fails converting it to a Float; as an array's index it is
# named by its type, as are a Timespan and a Timestamp (their order: both keys converted
# before either is checked).
PROGRAMS += [
    "-SemVer(1, 2, 3)",
    "-(SemVer('1.0.0') ? { default => SemVer('2.0.0') })",
    "1 < SemVer(1, 2, 3)",
    "1.5 >= SemVer(1, 2, 3)",
    "Timespan(1) < SemVer(1, 2, 3)",
    "[1, 2, 3][SemVer(1, 2, 3)]",
    "[1, 2, 3][Timespan(1)]",
    "[1, 2, 3][Timestamp(1)]",
    "[1, 2, 3][0, SemVer(1, 2, 3)]",
    "[1, 2, 3][1.5, {}]",
    "[1, 2, 3]['1', 1]",
    "[1, 2, 3]['1.5']",
]

# --- session 47, seed 29: Ruby reads an escaped byte from `\x80` up (an octal number past
# `\177` too) as a byte of a UTF-8 character, the escapes after it giving the rest of it.
PROGRAMS += [
    "'a' =~ '\\250.0 a,b'",
    "'a' =~ '\\x80'",
    "'a' =~ '[\\x80-\\xff]'",
    "'a' =~ '\\400'",
    "'a' =~ '\\xC3'",
    "'a' =~ '\\xC3\\x41'",
    "'a' =~ /\\250/",
    "['a' =~ '\\177', 'a' =~ '\\0250', 'a' =~ '(a)\\12']",
    "regsubst('a', '[\\250]', 'x')",
]

# --- session 47, seed 37: a method call's arguments take no trailing comma (a function
# call's do).
PROGRAMS += [
    "function f($a, $b) { $b } [1].f(2,)",
    "function f($a, $b) { $b } f(1, 2,)",
    "[1].with(2,) |$a, $b| { $b }",
]

# --- session 48, seeds 42-51 and the generator's new iterators: `break()` in the lambda of
# `step`, `reverse_each` and `tree_each` ends their walk quietly (the reference's iterator
# loop rescues it); in `filter` of a hash it leaves the function (Ruby's `Hash#select`):
# an error at the top, the end of an enclosing iteration.
PROGRAMS += [
    "[1, 2, 3].step(1) |$x| { if $x == 2 { break() } notice($x) }",
    "5.step(2) |$x| { if $x == 2 { break() } notice($x) }",
    "[1, 2, 3].reverse_each |$x| { if $x == 2 { break() } notice($x) }",
    "{a => 1, b => 2}.reverse_each |$p| { if $p[1] == 1 { break() } notice($p) }",
    "[1, [2], 3].tree_each |$p, $x| { if $x == 2 { break() } notice($x) }",
    "[1, [2], 3].tree_each({include_containers => false}) |$x| { if $x == 2 { break() } notice($x) }",
    "[1, 2].map |$y| { [1, 2, 3].reverse_each |$x| { if $x == 2 { break() } notice($x) } $y }",
    "{a => 1, b => 2}.filter |$k, $v| { if $v == 2 { break() } true }",
    "{a => 1, b => 2}.filter |$p| { if $p[1] == 2 { break() } true }",
    "[1, 2].map |$y| { {a => 1, b => 2}.filter |$k, $v| { if $v == 2 { break() } notice($k) true } }",
    "[1, 2, 3].filter |$x| { if $x == 2 { break() } true }",
]

# --- session 48, seed 45: a value of the wrong kind on the left of a match, on either side
# of a comparison, or accessed, is named by the reference's label: a type as it prints
# (`an Integer-Type`, an alias with its definition, a resource reference's `Notify['x']
# Resource-Reference`), `default` as an `Object` (a Ruby symbol), a version as `Semver`.
PROGRAMS += [
    "Integer =~ /a/",
    "Data =~ /a/",
    "Integer[1, 2] =~ 'a'",
    "type A = Integer\nA =~ /a/",
    "Notify['x'] =~ /a/",
    "Class['x'] =~ /a/",
    "Notify =~ /a/",
    "default =~ /a/",
    "SemVer('1.0.0') =~ /a/",
    "SemVerRange('1.x') =~ /a/",
    "1 < default",
    "'a' < default",
    "default <= 'a'",
    "default < default",
    "1 < Integer",
    "default[1]",
    "SemVer('1.0.0')[0]",
]

# --- session 48, seed 56: a Variant written in a type value keeps its members when the
# type is generalized (each generalized, equal ones once); one an inference made is their
# common type.
PROGRAMS += [
    "type(Variant[Integer, String], 'generalized')",
    "type(Variant[Integer, Float], 'generalized')",
    "type(Variant[Integer[1, 2], Integer[5, 6]], 'generalized')",
    "type(Variant[Integer[1, 2], String[1], Boolean], 'generalized')",
    "type(Array[Variant[Integer, String]], 'generalized')",
    "type(Optional[Variant[Enum['a'], String]], 'generalized')",
    "[type([1, 'a'], 'generalized'), type([1, 2.5], 'generalized'), type([[1], ['a']], 'generalized')]",
    "Sensitive[Variant[Integer[1, 2], String]]",
]

# --- session 49 (grammar6): a time value's seconds as a Float are Ruby's
# `nanos.fdiv(1_000_000_000)` (the reference's `to_f`), not the nanoseconds as a double
# divided by 1e9 (`1614834367.8899999`).
PROGRAMS += [
    "Float(Timestamp('2021-03-04T05:06:07.890 UTC'))",
    "Numeric(Timestamp('2021-03-04T05:06:07.890 UTC'))",
    "[Float(Timestamp(1473150899.25)), Float(Timestamp('2020-02-29T23:59:59.999999 UTC'))]",
    "[Float(Timespan(1.1)), Float(Timespan('1-02:03:04.123')), Numeric(Timespan(-0.3))]",
]

# --- session 49 (grammar6): a pattern in extended mode (`regsubst`'s flag `E`, `(?x)`)
# has its classes checked as Ruby checks them (`empty char-class` for `[]`; the engine's
# `Invalid character class` was shown, or `premature end of char-class` for every class).
PROGRAMS += [
    "regsubst('a', '[]', 'x', 'EI')",
    "regsubst('a', '[^]', 'x', 'E')",
    "regsubst('a', '[b-a]', 'x', 'E')",
    "regsubst('a', '[a', 'x', 'EM')",
    "'a' =~ '(?x)[]'",
    "'a' =~ '(?x)[a'",
    "'a' =~ '(?x)[[:foo:]]'",
    "['a' =~ \"(?x) # [ here\\n a\", 'a' =~ '(?x)(?#[)a', '[a' =~ '(?x)\\\\[a', regsubst('a', ' [#]', 'x', 'E')]",
]

# --- session 49 (grammar6): Ruby's `%f`, `%e` and `%g` round a last digit its
# floating-point attempt leaves at a half to even (`'%.1f' % 0.35` is `0.4`, `'%.0e' %
# 0.025` is `2e-02`), and `%g` then keeps that digit's zeros (`38.640`); found by seed 61's
# `String(2.5e-2, '%+.0G')` (4000 random values: 172 answers differed, now 0).
PROGRAMS += [
    "[String(0.35, '%.1f'), String(0.45, '%.1f'), String(0.15, '%.1f'), String(9.95, '%.1f'), String(1.005, '%.2f')]",
    "[String(2.5e-2, '%+.0G'), String(0.025, '%.0e'), String(0.015, '%.0e'), String(1.125e-5, '%.2e'), String(0.035, '%.0e')]",
    "[String(38.6405, '%.5g'), String(4.705e5, '%.3G'), String(9405.0, '%.3g'), String(24.9005, '%+.5g'), String(0.63805, '%.4g')]",
    "[sprintf('%.1f|%.0e|%.5g', 0.35, 0.025, 38.6405), String([0.35, 0.45], { Float => '%.1f' })]",
]

# --- session 53 (grammar10): a detailed mismatch writes every alias in the actual type with
# its definition, also inside `Type[...]` and inside other types (the reference's
# `to_alias_expanded_s`: `got Hash[Tuple[Undef, Type[Ga1 = Optional[...]]], Boolean[false]]`;
# prepl wrote `Type[Ga1]`); found by seed 104's 296. (In programs/ as 189-195, after
# 157-188, which were added there by hand.)
PROGRAMS += [
    "type Ga1 = Optional[Variant[String, String[1]]]\nfunction f(Hash[String, Boolean] $x) { $x }\nf({[undef, Ga1] => false})",
    "type Ga1 = Integer\nfunction f(Type[String] $x) { $x }\nf(Ga1)",
    "type Ga1 = Integer\ntype Ga2 = Array[Ga1]\nfunction f(Type[String] $x) { $x }\nf(Ga2)",
    "type Ga1 = Integer\nfunction f(Type[String] $x) { $x }\nf(Type[Ga1])",
    "type Ga1 = Array[Ga1]\nfunction f(Type[String] $x) { $x }\nf(Ga1)",
    "type Ga1 = Integer\nfunction f(Array[Integer] $x) { $x }\nf([Ga1])",
    "function f(Type[String] $x) { $x }\nf(Data)",
]

# --- session 53 (grammar10): `Init[A]` of an alias whose type has no `new`, checked (`=~`,
# `case`), names the alias with its definition: `Creation of new instance of type 'Ga1 =
# Default' is not supported` (prepl: 'Ga1'); found by seed 117's 114. (In programs/ as
# 196-198.)
PROGRAMS += [
    "type Ga1 = Default\n[1 =~ Init[Ga1]]",
    "type Ga1 = Any\ncase 1 { Init[Ga1]: { 1 } default: { 2 } }",
    "type Ga1 = Optional[Default]\ntype Ga2 = Ga1\n[1] !~ Init[Ga2]",
]

# --- session 53 (grammar10): `unique` with a lambda calls it for no element of an array or a
# string of one element or none (the reference gives Ruby's `uniq`, which then calls no
# block: `[undef].unique |$x| { $x.size }` is `[undef]`), but for an iterator's one element;
# prepl called it (`size` of undef failed). Found by seed 115's 176. (In programs/ as 199-201.)
PROGRAMS += [
    "[undef].unique |$a| { $a.size }",
    "[[1].unique |$a| { notice($a); $a }, 'a'.unique |$v| { notice($v); $v }, [].unique |$v| { notice($v); $v }, [1, 1].unique |$v| { notice($v); $v }]",
    "[[2].reverse_each.unique |$v| { notice($v); $v }, {a => 1}.unique |$v| { notice($v); $v }]",
]
