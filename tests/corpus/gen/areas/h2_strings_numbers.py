"""Hold-out corpus 2: interpolation, escapes, number formats, String/sprintf formats, arithmetic edge cases."""

PROGRAMS = []

# --- interpolation ----------------------------------------------------------------------------
PROGRAMS += [
    '"${[1,2]}"', '"${{a => 1}}"', '"${ {a => 1} }"', '"${undef}|"', '"${true}${false}"', '"${default}"', '"${1.0}"',
    '"${1e10}"', '"${0.1 + 0.2}"', '"${Integer}"', '"${Integer[1,2]}"', '"${/a+b/}"', '"${[undef, \'s\', "d"]}"',
    '$x = \'v\'\n"$x$x"', '$x = \'v\'\n"${x}s"', '$x = \'v\'\n"$xs"', '$x = [1, 2]\n"$x[1]"', '$x = [1, 2]\n"${x[1]}"',
    '$h = {k => v}\n"$h[k]"', '$h = {k => v}\n"${h[k]}"', '$h = {k => v}\n"${h[\'k\']}"', '"${1 + 2}"', '"${[1,2,3].map |$x| { $x * 2 }}"',
    '$x = 3\n"${x + 1}"', '$x = 3\n"${$x + 1}"', '"${\'lit\'}"', '"${"nested ${1}"}"', '$a = \'b\'\n"${a.upcase}"',
    '$s = \'abc\'\n"${s[0]}-${s[-1]}-${s[1, 2]}"', '"\\${x}"', '"$"', '"$ x"', '"a$"', '$x = 1\n"$x.y"', '$x = 1\n"${x}.0"',
    '"${Timespan(61)}"', '"${SemVer(\'1.0.0\')}"', '"${Sensitive(\'pw\')}"', '"${Binary(\'aGk=\')}"', '"${{a => [1, {b => \'c\'}]}}"',
    '"${[\'a\', [\'b\']]}"', '"${\'\'}"', '$x = undef\n"[${x}]"', '"$::nosuch"', '"${nosuch}"', '$x = 1\n"${::x}"',
    "'${x} is literal'", "'it\\'s'", "'back\\\\slash'", "'no \\n escape'", "'trailing \\\\'",
]
# --- escapes --------------------------------------------------------------------------------
PROGRAMS += [
    '"tab\\there"', '"nl\\nx"', '"cr\\rx"', '"sp\\sx"', '"dollar \\$x"', '"quote \\"q\\""', '"single \\\'q\\\'"',
    '"back \\\\ slash"', '"\\u0041\\u00e9"', '"\\u{1F600}"', '"\\u{41}"', '"\\q unknown"', '"\\u12"', '"\\u{110000}"',
    '"caf\\u00e9".length', '"\\u{1F600}".length', '"a\\\nb"', '"multi\nline"', '"\\e[0m".length',
]
# --- number literals and printing --------------------------------------------------------------
PROGRAMS += [
    "0x1F", "0X1f", "017", "0b101", "1_000", "08", "0x", "1e3", "1E-2", "1.5e+2", ".5", "5.", "1.0e", "0.1 + 0.2",
    "1/3", "1.0/3", "-7/2", "-7 % 3", "7 % -3", "-7.0 / 2", "7.5 % 2", "2 ** 3", "1 << 62", "1 << 63", "1 << 64",
    "9223372036854775807", "9223372036854775807 + 1", "-9223372036854775808", "-9223372036854775808 - 1",
    "9223372036854775808", "4611686018427387904 * 2", "3 * 1.5", "10 / 0", "10.0 / 0", "10 % 0", "10.0 / 0.0",
    "1e308 * 10", "-(3)", "- -3", "-'3'", "'3' + 4", "'3.5' * 2", "'0x10' + 0", "'010' + 0", "'1e2' + 0",
    "'abc' + 1", "' 3' + 1", "'3 ' + 1", "1 + undef", "1 + true", "[1] * 2", "1 >> 1", "-8 >> 1", "1 >> -2", "1 << -1",
    "100000000000000000000.0", "1.0e-10", "123456789012345.0", "1234567890123456789.0", "0.1", "1.0", "2.50", "100.0 / 3",
    "Integer(3.99)", "Integer(-3.99)", "Integer('0b11')", "Integer('0o17')", "Integer('017')", "Integer('017', 10)",
    "Integer('ff', 16)", "Integer('FF', 16)", "Integer('z', 36)", "Integer('12', 3)", "Integer(' 42 ')", "Integer('4 2')",
    "Integer(true)", "Integer('')", "Float('3')", "Float(3)", "Float('.5')", "Float('1_000.5')", "Numeric('12')",
    "Numeric('1.20')", "Numeric('-0x10')", "Numeric(true)", "Integer('3', 10, true)", "Integer('x', 10, true) |$e| { -1 }",
    "Integer(1e20)", "Float(9223372036854775807)", "1.0 == 1", "1 == 1.0", "0.1 + 0.2 == 0.3", "3 <=> 4",
    "abs(-5.5)", "ceiling(2.1)", "floor(-2.1)", "round(2.5)", "round(-2.5)", "round(3.456)", "sqrt(16)", "sqrt(-1)",
    "min(1, 2.0)", "max('a', 'B')", "min()", "max(1, '2')",
]
# --- String(value, format) and sprintf ---------------------------------------------------------
FMT = [
    ("3.14159", "'%.2f'"), ("3.14159", "'%10.3f'"), ("3.14159", "'%-10.3f|'"), ("42", "'%d'"), ("42", "'%5d'"),
    ("42", "'%-5d|'"), ("42", "'%05d'"), ("42", "'%+d'"), ("42", "'%x'"), ("42", "'%#x'"), ("42", "'%o'"), ("42", "'%#o'"),
    ("42", "'%b'"), ("42", "'%#b'"), ("42", "'%e'"), ("42", "'%.1e'"), ("42", "'%f'"), ("42", "'%s'"), ("42", "'%p'"),
    ("42", "'%c'"), ("42", "'%10s|'"), ("-42", "'%x'"), ("42.0", "'%d'"), ("42.7", "'%d'"), ("42.5", "'%g'"), ("42.5", "'%a'"),
    ("'hi'", "'%s'"), ("'hi'", "'%p'"), ("'hi'", "'%5s|'"), ("'hi'", "'%-5s|'"), ("'hello'", "'%.3s'"), ("'hi'", "'%d'"),
    ("'hi'", "'%C'"), ("'hello world'", "'%C'"), ("'hi'", "'%u'"), ("'HI'", "'%c'"), ("'a\"b'", "'%p'"), ("\"a\\nb\"", "'%p'"),
    ("\"a\\nb\"", "'%#p'"), ("'it\\'s'", "'%p'"), ("true", "'%s'"), ("true", "'%d'"), ("true", "'%y'"), ("true", "'%Y'"),
    ("false", "'%t'"), ("false", "'%T'"), ("true", "'%p'"), ("undef", "'%s'"), ("undef", "'%p'"), ("undef", "'%d'"),
    ("undef", "'%n'"), ("undef", "'%u'"), ("undef", "'%v'"), ("undef", "'%V'"), ("[1, 2]", "'%s'"), ("[1, 2]", "'%p'"),
    ("[1, 2]", "'%a'"), ("[1, 2]", "'%(a'"), ("[1, 2]", "'%[a'"), ("[1, 2]", "'%<a'"), ("[1, 2]", "'%{a'"), ("[1, 2]", "'%|a'"),
    ("[1, [2, 3]]", "'%#a'"), ("['a', 'b']", "'%s'"), ("{a => 1}", "'%s'"), ("{a => 1}", "'%h'"), ("{a => 1}", "'%#h'"),
    ("{a => 1}", "'%(h'"), ("{a => 1}", "'%a'"), ("{a => [1]}", "'%p'"), ("Integer", "'%s'"), ("Integer[1, 2]", "'%p'"),
    ("/x/", "'%s'"), ("/x/", "'%p'"), ("Timespan(90)", "'%p'"), ("Timespan(90)", "'%s'"), ("SemVer('1.0.0')", "'%s'"),
    ("SemVer('1.0.0')", "'%p'"), ("Binary('aGk=')", "'%s'"), ("Binary('aGk=')", "'%p'"), ("Binary('aGk=')", "'%B'"),
    ("Binary('aGk=')", "'%u'"), ("Binary('aGk=')", "'%t'"),
    ("3", "{Integer => '%x'}"), ("[1, 2.5]", "{Integer => '%03d', Float => '%.1f'}"),
    ("[1, 'a']", "{Array => {format => '%a', separator => ';'}}"), ("{a => 1}", "{Hash => {separator2 => '='}}"),
    ("[1, 2]", "{Array => {string_formats => {Integer => '%x'}}}"), ("1", "'%Q'"), ("1", "'%%'"), ("1", "'%-+05d'"),
    ("1", "'abc'"), ("1", "{Integer => 'bad'}"), ("1", "{String => '%s'}"), ("1", "5"),
]
for v, f in FMT:
    PROGRAMS.append(f"String({v}, {f})")
PROGRAMS += [
    "sprintf('%s and %s', 'a')", "sprintf('%s', 'a', 'b')", "sprintf('%05.1f', 3.14159)", "sprintf('%x', 255.0)",
    "sprintf('%s', [1, 'a'])", "sprintf('%p', [1, 'a'])", "sprintf('%d%%', 50)", "sprintf('%.0f', 2.5)", "sprintf('%.0f', 3.5)",
    "sprintf('%s', undef)", "sprintf('%d', '42')", "sprintf('%f', '1.5')", "sprintf('%-3s|%3s', 'a', 'b')", "sprintf(1)",
    "sprintf('%*d', 5, 1)", "sprintf('%1$s %1$s', 'x')", "sprintf('%s', {a => 1})", "'%d apples' % 3",
]
# --- string operations -----------------------------------------------------------------------
PROGRAMS += [
    "'abc' == 'ABC'", "'abc' < 'abd'", "'a' < 'B'", "'abc' =~ 'b'", "'abc' =~ '^B'", "'b' in 'abc'", "'B' in 'abc'",
    "'abc'[1]", "'abc'[5]", "'abc'[-5]", "'abc'[1, 5]", "'abc'[0, -1]", "'abc'[1, -2]", "'abc'['a']", "'abc' * 2",
    "'abc' + 'def'", "'abc' - 'c'", "'a,b,,c'.split(',')", "'a b  c'.split(' ')", "'a1b2'.split(/\\d/)", "'abc'.split('')",
    "'  pad  '.strip", "'  pad  '.lstrip", "'  pad  '.rstrip", "'Hello'.downcase", "'hello world'.capitalize",
    "'hello'.upcase", "'MiXed'.swapcase", "'a-b-c'.size", "'hello'.chop", "\"line\\n\".chomp", "'x'.length",
    "'aaa'.convert_to(Array)", "['x', 'y'].join", "[1, [2, 3]].join('-')", "'%s' % [1]", "'abc' =~ /(?<mid>b)/",
    "'hello' =~ /l+/ and $0 == 'll'", "'path/to/file.txt'.split('/')[-1]", "'file.tar.gz'.split('.')[1, 2].join('.')",
]

# Left out: the reference crashes (Ruby NoMethodError) interpolating a boolean literal as ${true}.
ORACLE_BROKEN = ['"${true}${false}"']
PROGRAMS = [p for p in PROGRAMS if p not in ORACLE_BROKEN]

PROGRAMS += [
    "$x = 3\n$y = 4\n\"hyp = ${sqrt($x * $x + $y * $y)}\"", "$n = 1234567.891\nString($n, '%.2f')", "$n = 1234567.891\n\"${n}\"",
    "$n = 2 ** 62\n$n * 2", "$n = 2 ** 63", "$n = -2 ** 2", "1.0 / 3 * 3", "2.0 ** 0.5", "10 ** -1", "0 ** 0", "7.0 % 0",
    "String(1.0 / 3)", "String(1e-5)", "String(1e21)", "String(123e18)", "String(0.1 * 3)", "String(-0.0)", "String(100.0)",
    "\"${1.5e300 * 1e10}\"", "'%.3e' % 1", "sprintf('%.3e', 123456)", "sprintf('%10.4s|', 'abcdefg')", "sprintf('%-+8.2f|', 3.14159)",
    "sprintf('%#o %#x %#b', 8, 255, 5)", "sprintf('%s', 1.0)", "sprintf('%d', 2.9)", "sprintf('%x', -255)", "sprintf('%s', :foo)",
]

# Left out: the spec (types-values-variables.md, "Float to String": "Defaults to `p`") says String(Float)
# without a format uses %p (shortest exact digits, '0.3333333333333333'); the reference uses %f
# ('0.333333', '100.000000'). The spec wins; prepl follows it.
SPEC_DISAGREEMENTS = [
    "String(1.0 / 3)", "String(1e-5)", "String(1e21)", "String(123e18)", "String(0.1 * 3)", "String(-0.0)", "String(100.0)",
    # The spec makes Integer a signed 64-bit value; the reference returns a Ruby bignum
    # (100000000000000000000) for a float beyond that range.
    "Integer(1e20)",
]
PROGRAMS = [p for p in PROGRAMS if p not in SPEC_DISAGREEMENTS]

# --- operator table rows from expressions.md (appended to keep ids stable) --------------------
PROGRAMS += [
    "[1, 2, 3, 4][1, 2]", "[1, 2, 3, 4][-2, 2]", "[1, 2, 3, 4][2, -1]", "[1, 2, 3, 4][5, 1]", "[1, 2, 3, 4][-9]", "[1, 2][0, 0]",
    "{a => 1, b => 2, c => 3}['a', 'c']", "{a => 1, b => 2}['a', 'x']", "{a => 1}[['a']]", "[[1, 2], [3]][0][1]",
    "'hello'[-3, 2]", "'hello'[1, -1]", "'hello'[10, 1]", "'hello'[2, 0]",
    "[1, *[2, 3], 4]", "[*{a => 1}]", "[*'ab']", "[*undef]", "$a = [2, 3]\n[1, *$a]", "notice(*[1, 2])",
    "5 in Integer[1, 10]", "'a' in Integer", "'ab' in 'xaby'", "/a./ in 'xab'", "/^a/ in 'xab'", "1 in {1 => 'a'}",
    "'x' in {'x' => 1}", "Integer in {1 => 2}", "String in ['a']", "[1] in [1, [1]]", "undef in [undef]", "'A' in {'a' => 1}",
    "Timespan(2) > 1", "Timespan(2) == 2", "Timestamp(5) > 4", "Timestamp(5) == 5", "SemVer('1.0.0') == '1.0.0'",
    "SemVer('1.0.0') < '2.0.0'", "SemVer('1.2.0') =~ SemVerRange('>=1.0')", "'1.2.0' =~ SemVerRange('>=1.0')",
    "Integer == Integer", "Integer != Integer[1]", "Integer < 'a'", "'a' == 'A'", "[1, 'A'] == [1, 'a']", "{'a' => 1} == {'A' => 1}",
    "undef == undef", "undef == ''", "default == default", "1 == '1'", "true == 'true'", "/a/ == /a/", "Regexp('a') == /a/",
    "7.5 % 2.0", "-7 / 2", "7 / -2", "-7 % -2", "1_000 + 1", "0xFF + 0b1 + 010", "- 0x10",
    "$x = 3\n$x << 2", "[1] << [2]", "{a => 1} << 1", "1 >> 64", "-1 >> 70",
]

# Left out: for an escape above U+10FFFF the reference leaks Ruby's encoding error
# ('invalid byte sequence in UTF-8') instead of its own lexer message.
REFERENCE_INTERNALS = ['"\\u{110000}"']
PROGRAMS = [p for p in PROGRAMS if p not in REFERENCE_INTERNALS]
