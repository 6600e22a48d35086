PROGRAMS = [
    # unclosed brackets and strings
    "[1, 2", "{a => 1", "(1 + 2", "[1, 2))", "1 + 2)", "]", "}", "{", "if true { 1", "foo(1, 2", "[1].map |$x| { $x",
    "'abc", "\"abc", "\"abc ${1 + 2\"", "\"${\"", "@(END)\nabc", "/abc", "/* open", "[1, [2, 3]",
    # bad numbers
    "0x", "08", "1.2.3", "1e", "0xZZ", "12abc", "1_0", "0b2",
    # operators
    "$x += 1", "$x -= 1", "1 +", "* 2", "1 ** 2", "1 === 1", "1 <> 2", "1 = 2", "'a' = 1", "$x = ", "!", "1 !", "1 ? 2",
    "1 and", "or 1", "1 =~", "$x = 1 $x++", "1 + + 2", "[1] <<", "1 <=> 2",
    # assignment errors
    "$0 = 1", "$1 = 'x'", "$a::b = 1", "$::x = 1", "1 = $x", "[1] = [1]", "$x = $y = ", "$x[0] = 1", "$x.foo = 1",
    # no effect
    "1 2", "'a' 'b'", "$x = 1 $x", "1 + 1 2", "true false", "[1] [2]", "foo bar", "Integer String", "undef 1", "default 1",
    "1 == 1 2", "/a/ 1",
    # keywords and structure
    "if", "if true", "else { 1 }", "elsif true { 1 }", "unless", "case", "case 1", "case 1 { 1 }", "1 ? { 1 }",
    "function", "function f", "function f(", "function f() {", "function 1() {}", "function f($x $y) {}", "function f(,) {}",
    "type", "type T", "type T =", "class", "define", "node", "class foo { } class 1 {}", "$x = class", "f(,)", "f(1,,2)",
    "[1].map |$x { $x }", "[1].map |x| { x }", "[1].map $x { }", "{1, 2}", "{a => 1 => 2}", "[a => 1]", "@(END", "@()\nx\n",
    "$", "$ x", "$$x", "$x-", "$x = @", "Integer[", "Integer[1,", ";", ";;", "1;;2", "`cmd`", "1 # c\n+ 2", "\\", "\"\\", "'",
    "$x = 1 if $x { } else", "unless true { } elsif true { }", "function f() >> { }", "f() >> Integer",
    "application foo {}", "site {}", "attr", "private", "plan foo() {}", "return", "next", "break", "in", "and",
    "$x = [1, 2,, 3]", "$x = {a => 1,, b => 2}", "notice(1) notice(2", "$x = if true { 1 } else { 2 } else { 3 }",
    "1 in", "in [1]", "$x = ? { 1 => 2 }", "*1", "*[1, 2]", "&x", "1..2", "a::", "::", "Foo::", "foo::1", "$a b",
    "notice(\"unterminated ${x)", "'a' + ", "%", "1 %", "@", "x y z",
]

# Left out: the reference crashes (a Ruby NoMethodError from its lexer), no language answer.
ORACLE_BROKEN = ["a::", "::"]
PROGRAMS = [p for p in PROGRAMS if p not in ORACLE_BROKEN]
