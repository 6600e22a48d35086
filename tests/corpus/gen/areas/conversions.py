NUMBERS = [
    "Integer('0xFF')", "Integer('0xFF', 16)", "Integer('FF', 16)", "Integer('10', 8)", "Integer('010')", "Integer('010', 10)",
    "Integer('0b101')", "Integer('101', 2)", "Integer('0b101', 2)", "Integer('0x10', 10)", "Integer('12', 3)", "Integer('-0x10')",
    "Integer('+42')", "Integer(' 42')", "Integer('42 ')", "Integer('4_2')", "Integer('abc')", "Integer('')", "Integer(true)",
    "Integer(false)", "Integer(3.99)", "Integer(-3.99)", "Integer(undef)", "Integer([1])", "Integer('3.5')", "Integer('1e3')",
    "Integer({from => '10', radix => 16})", "Integer('09')", "Integer('09', 10)", "Integer('0o17')", "Integer(default)",
    "Integer('99999999999999999999')", "Integer(1.0e30)", "Integer(Timespan(90))", "Integer('0X1f')",
    "Numeric('010')", "Numeric('010', 10)", "Numeric('0x10', 10)", "Numeric('3.5')", "Numeric('1e3')", "Numeric('0x1F')",
    "Numeric('abc')", "Numeric(true)", "Numeric(7)", "Numeric(' 7 ')", "Numeric('-.5')", "Numeric('5.')",
    "Float('3.14')", "Float(3)", "Float(true)", "Float('0x10')", "Float('010')", "Float('1e-3')", "Float('abc')", "Float('')",
    "Float('1_000.0')", "Float(undef)", "Float('  2.5')", "Float('-0')", "Float('0b11')",
]
OTHER = [
    "Boolean('true')", "Boolean('false')", "Boolean('yes')", "Boolean('no')", "Boolean('y')", "Boolean('n')", "Boolean('TRUE')",
    "Boolean('maybe')", "Boolean('')", "Boolean(1)", "Boolean(0)", "Boolean(0.0)", "Boolean(2)", "Boolean(undef)", "Boolean(true)",
    "Array(1)", "Array([1])", "Array({a => 1, b => 2})", "Array('abc')", "Array(undef)", "Array('abc', true)", "Array([1], true)",
    "Array({a => 1}, true)", "Array(1, true)", "Array(Integer[1,3])", "Array(Timespan(1))",
    "Hash([a, 1, b, 2])", "Hash([[a, 1], [b, 2]])", "Hash([a])", "Hash({a => 1})", "Hash(1)", "Hash([])", "Hash(undef)",
    "Hash([[a, 1, 2]])", "Hash([[a, 1], b])",
    "Struct[{a => Integer}]({a => 1})", "Struct[{a => Integer}]({a => '1'})", "Tuple[Integer, String]([1, 'a'])",
    "Tuple[Integer, String]([1, 2])", "Array[Integer]([1, 2])", "Array[Integer](1)", "Optional[Integer]('5')", "Optional[Integer](undef)",
    "Optional[Integer]()", "Integer[1,3]('5')", "Integer[1,3]('2')", "Variant[Integer, Float]('1.5')", "NotUndef[Integer]('3')",
    "Enum[a, b]('a')", "Pattern[/a/]('a')", "String[1]('')", "Sensitive(1)", "Sensitive('secret')", "Sensitive(Sensitive(1))",
    "Sensitive(1).unwrap", "Sensitive([1, 2]).unwrap", "Sensitive(1) =~ Sensitive", "Regexp('a+b')", "Regexp('(')",
    "Undef(1)", "Default(1)", "Any(1)", "Scalar(1)", "Data(1)", "Type(Integer)", "Integer.new('12')", "String.new(12)",
    "Timespan.new(1)", "1.convert_to(String)", "'12'.convert_to(Integer)", "'12'.convert_to(Integer, 8)", "'x'.convert_to(Integer)",
    "[1, 2].convert_to(Hash)", "Binary('aGVsbG8=')", "Binary('hello', '%s')", "String(Binary('hello', '%s'))",
    "Init[Integer]('12')", "Callable(1)", "Iterable(1)",
]
STRINGS = [
    "String(10)", "String([10])", "String(10, '%#x')", "String([10], '%(a')",
    "$formats = { Array => {format => '%(a', string_formats => { Integer => '%#x' } } } String([1,2,3], $formats)",
    "$format_map = { Integer[default, -1] => '%d', Integer[0, default] => '%#x' } [String(-1, $format_map), String(10, $format_map)]",
    "String('-1', { Integer => '%#x' })",
    # integer formats
    "String(255, '%d')", "String(255, '%x')", "String(255, '%X')", "String(255, '%#x')", "String(255, '%#X')", "String(-255, '%x')",
    "String(-255, '%+x')", "String(8, '%o')", "String(8, '%#o')", "String(-8, '%o')", "String(5, '%b')", "String(5, '%#b')",
    "String(5, '%B')", "String(-5, '%b')", "String(-5, '%+b')", "String(65, '%c')", "String(65, '%#c')", "String(42, '%s')",
    "String(42, '%#s')", "String(42, '%p')", "String(42, '%e')", "String(42, '%f')", "String(42, '%g')", "String(42, '%5d')",
    "String(42, '%-5d')", "String(42, '%05d')", "String(42, '%+d')", "String(42, '% d')", "String(42, '%.3d')", "String(42, '%q')",
    "String(42, '%a')", "String(42, 'x')", "String(42, '%5.1s')",
    # float formats
    "String(3.14159, '%f')", "String(3.14159, '%.2f')", "String(3.14159, '%e')", "String(3.14159, '%E')", "String(3.14159, '%g')",
    "String(0.00001234, '%g')", "String(0.00001234, '%G')", "String(1.0, '%a')", "String(3.5, '%p')", "String(3.5, '%s')",
    "String(3.5, '%#s')", "String(3.7, '%d')", "String(3.7, '%x')", "String(2.0, '%#g')", "String(1e21, '%f')", "String(3.5, '%10.2f')",
    "String(3.5, '%-10.2f')", "String(3.5, '%010.2f')", "String(3.5, '%+f')", "String(100.0)", "String(1.0e-5)", "String(3.5, '%c')",
    # string formats
    "String('abc', '%s')", "String('abc', '%p')", "String(\"a'b\", '%p')", "String(\"a\\nb\", '%p')", "String('foo::bar', '%C')",
    "String('foo::bar', '%#C')", "String('hello world', '%c')", "String('Hello', '%d')", "String('Hello', '%u')", "String('  hi  ', '%t')",
    "String('  hi  ', '%#t')", "String('abc', '%5s')", "String('abc', '%-5s')", "String('abcdef', '%.2s')", "String('abc', '%#s')",
    "String('abc', '%x')", "String('a\"b', '%p')", "String('é', '%p')", "String('a\\\\b', '%p')", "String(\"tab\\there\", '%p')",
    # boolean formats
    "String(true, '%t')", "String(true, '%T')", "String(true, '%#t')", "String(false, '%#T')", "String(true, '%y')", "String(false, '%Y')",
    "String(true, '%#y')", "String(true, '%d')", "String(true, '%x')", "String(false, '%f')", "String(true, '%s')", "String(true, '%p')",
    "String(true, '%5s')",
    # regexp, undef, default
    "String(/a+b/, '%s')", "String(/a+b/, '%#s')", "String(/a+b/, '%p')", "String(undef)", "String(undef, '%s')", "String(undef, '%#s')",
    "String(undef, '%p')", "String(undef, '%#p')", "String(undef, '%n')", "String(undef, '%#n')", "String(undef, '%d')", "String(undef, '%f')",
    "String(undef, '%v')", "String(undef, '%V')", "String(undef, '%u')", "String(undef, '%#u')", "String(default)", "String(default, '%d')",
    "String(default, '%D')", "String(default, '%#d')", "String(default, '%p')",
    # array and hash formats
    "String([1, 'a', [2]])", "String([1, 'a'], '%s')", "String([1, 'a'], '%p')", "String([1, 2], '%<a')", "String([1, 2], '%[a')",
    "String([1, 2], '%{a')", "String([1, 2], '%|a')", "String([1, 2], '% a')", "String([1, [2, [3]]], '%#a')",
    "String(['a', 'b'], {Array => {format => '%a', separator => ';'}})", "String(['a', 'b'], {Array => {format => '%a', string_formats => {String => '%s'}}})",
    "String({a => 1, b => [2]})", "String({a => 1}, '%h')", "String({a => 1}, '%a')", "String({a => 1, b => 2}, '%#h')", "String({a => 1}, '%(h')",
    "String({a => 1}, {Hash => {format => '%h', separator2 => ': '}})", "String({a => 1}, {Hash => {format => '%h', separator => ' ;'}})",
    "String({a => 'x'}, {Hash => {format => '%h', string_formats => {String => '%s'}}})", "String([], '%a')", "String({}, '%h')",
    "String([1,2], '%d')", "String({a=>1}, '%d')",
    # types, time, semver
    "String(Integer[1,2])", "String(Integer, '%s')", "String(Integer, '%#s')", "String(Integer, '%p')", "String(Timespan(3661))",
    "String(Timespan(3661), '%p')", "String(Timespan(3661), '%d')", "String(Timespan(1.5), '%f')",
    "String(Timestamp('2020-02-03T04:05:06Z'))", "String(Timestamp('2020-02-03T04:05:06Z'), '%p')", "String(Timestamp('2020-02-03T04:05:06Z'), '%d')",
    "String(SemVer('1.2.3-rc.1+b5'))", "String(SemVer('1.2.3'), '%p')", "String(SemVerRange('>=1.0.0 <2.0.0'))", "String(SemVerRange('1.x'), '%p')",
    "String(Sensitive(1))", "String(1, 2)", "String()", "String(1, '%')", "String(1, {String => '%s'})", "String(1, {Integer => 5})",
]
SPRINTF = [
    "sprintf('%s', 'x')", "sprintf('%d items', 3)", "sprintf('%05.1f', 3.14159)", "sprintf('%x', 255)", "sprintf('%s and %s', a, b)",
    "sprintf('%s', [1, 'a'])", "sprintf('%s', {a => 1})", "sprintf('%p', 'x')", "sprintf('%d', '12')", "sprintf('%d', 'x')",
    "sprintf('%s')", "sprintf('%d %d', 1)", "sprintf('%<a>s-%<b>s', {a => 1, b => 2})", "sprintf('%{a}', {a => 1})", "sprintf('%%')",
    "sprintf('%5s|%-5s|', a, b)", "sprintf('%c', 65)", "sprintf('%e', 12345.678)", "sprintf('%b', 10)", "sprintf('%o', 8)",
    "sprintf('%.3s', 'abcdef')", "sprintf('%s', undef)", "sprintf('%d', 3.9)", "sprintf('%f', 1)", "sprintf('no args')",
    "sprintf('%s', true)", "sprintf('%s', Integer)", "sprintf('%1$s %1$s', 'x')", "sprintf('%y', 1)", "sprintf(1)",
]
PROGRAMS_ALL = NUMBERS + OTHER + STRINGS + SPRINTF

# Left out: the reference contradicts types-values-variables.md, and the spec wins.
# - Float to String "Defaults to p"; the reference's String(float) uses %f ('100.000000').
# - Numeric("010", 10) "results in 10"; the reference rejects the radix argument.
SPEC_DISAGREEMENTS = ["String(100.0)", "String(1.0e-5)", "Numeric('010', 10)"]
# Left out: the reference leaks its host language (Ruby inspect output, Ruby error text, or
# integers beyond the 64-bit range the spec gives Integer).
REFERENCE_INTERNALS = [
    "sprintf('%s', [1, 'a'])", "sprintf('%s', {a => 1})", "sprintf('%p', 'x')", "sprintf(1)",
    "Integer('99999999999999999999')", "Integer(1.0e30)",
]
PROGRAMS = [p for p in PROGRAMS_ALL if p not in SPEC_DISAGREEMENTS + REFERENCE_INTERNALS]
