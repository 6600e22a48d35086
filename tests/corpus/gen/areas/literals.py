PROGRAMS = [
    # integers in every radix
    "10", "0", "-0", "0777", "0x1F", "0XFF", "0xff", "0xDeadBeef", "010", "00", "-010", "-0x10",
    "1_000", "08", "09", "0x", "0xG", "1a", "0b101", "123abc",
    "9223372036854775807", "-9223372036854775808", "9223372036854775808",
    "0x7FFFFFFFFFFFFFFF", "0x8000000000000000", "077777777777777777777777",
    # floats
    "0.1", "31.415e-1", "0.31415e1", "1e3", "1E3", "1.5e+3", "1e-3", "0.1 + 0.2", "1e21", "1e20",
    "1.0e-5", "1.0e-4", "0.0001", "0.00001", "-0.0", "0.0", "1.0", "3.0 * 1", "123456789012345.0",
    "1234567890123456789.0", "1.0e100", "1.0e-100", "1.7976931348623157e308", "1e309", "2.5e-324",
    "1.", ".5", "1.e3", "1e", "1.5e", "0x1.5", "3.14159265358979323846", "100.0 / 3", "1.23456789e15",
    "1.23456789e16", "1/3.0", "2.0/3", "-1.5", "- 1.5", "1_000.5",
    # booleans, undef, default
    "true", "false", "undef", "default", "[true, false, undef, default]", "TRUE", "True",
    # bare words and references
    "foo", "foo::bar", "::foo", "foo::bar::baz", "Foo", "Foo::Bar", "::Foo", "foo-bar", "Foo[bar]",
    "_foo", "foo_bar", "Foo_bar", "foo::Bar", "Foo::bar", "[foo, Bar, foo::bar]",
    # regexes
    "/abc/", "/a\\/b/", "/^[a-z]+$/", "//", "/a b/", "/\\d+/", "[/a/, /b/]", "/(?i)abc/",
    "type(/abc/)", "/abc/ =~ String",
    # arrays and hashes, trailing commas
    "[]", "[1]", "[1,]", "[1, 2, 3,]", "[,]", "[1,,2]", "[[1, [2]], []]", "[1 2]",
    "{}", "{a => 1}", "{a => 1,}", "{'a' => 1, 'b' => 2,}", "{1 => one, 2.5 => f, true => t, undef => u}",
    "{a => 1, a => 2}", "{[1,2] => x}", "{{a=>1} => x}", "{a => }", "{ => 1}", "{a => 1 b => 2}",
    "{default => 1}", "{a => {b => {c => [1]}}}", "{Integer => int}", "[1, {a => 2}, [3]]",
    # comments
    "1 # comment", "# only a comment\n2", "/* block */ 3", "/* multi\nline */ 4", "5 /* trailing */",
    "[1, # c\n 2]", "/* unterminated", "# nothing", "", "1\n2\n3", "1;2;3", "1;",
]
PROGRAMS += [
    # array-literal / access ambiguity examples of expressions.md "Array Expression"
    "$a = [1, 2, 3] $a[1]", "$a = [1, 2, 3] $x = $a; [1]", "$x = abc[1] $x", "$a = [1,2] $a [1]",
    "[1][0]", "[[1,2]][0][1]", "{a=>1}[a]", "notice [1]", "'abc'[1]",
]
PROGRAMS += [
    # %p printing of string values
    r'''"a'b"''', r"""'a"b'""", r'''"a\\b"''', r'"a\tb\nc\rd"', r'"\u0001"', r'"\u007F"', r'"é"', r'"\u{1F600}"', r'"$"', r'''"it's \"q\""''',
    r'"\\\\"', r"'\\'", r'"\e"', r"'\u00e9'", "'multi\nline'", r'"a\u00A0b"',
    # %p printing of collections and odd keys
    "{default => undef, undef => default}", "{[] => {}, {} => []}", "[[], {}, [[]], [{}]]", "{'a b' => 'c d'}", "{1.5 => 2.5}",
    "{Integer => Integer[1,2], /r/ => /s/}", "[1.0, -0.0, 1e100, 1.5e-7]", "$a = 1 $b = 1 $h = {$a => x, $b => y} $h", "{'a' => 1, a => 2}",
    "$k = 'k' $h = {$k => 1, \"${k}2\" => 2} $h",
    # numbers
    "0x0", "0x00ff", "-0x0", "00001", "0.5e1", "5e-1", "123e0", "1E-2", "0e0", "2.5E+2",
]
