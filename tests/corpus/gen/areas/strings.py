PROGRAMS = [
    # single quoted
    r"'hello'", "'I take a bit\nmore room'", r"""'He said "hello", but it sounded like \'yello\''""",
    r"'a\\b'", r"'a\nb'", r"'a\tb'", r"'a\$b'", r"'trailing \\'", r"'\''", r"'$x'", r"'${x}'",
    "'a\r\nb'", r"'unterminated", r"'\u0041'",
    # double quoted escapes
    r'"a\tb"', r'"a\nb"', r'"a\rb"', r'"a\sb"', r'"a\\b"', r'"a\"b"', r'"a\'b"', r'"a\$b"',
    r'"a\qb"', r'"\u0041"', r'"\u00e5"', r'"\u{41}"', r'"\u{1F600}"', r'"\u{1f600}".length',
    r'"\u{000041}"', r'"\u{}"', r'"\u004"', r'"\uZZZZ"', r'"\u{41"', r'"€".length',
    r'"a\
b"', r'"unterminated', r'"$"', r'"a$"', r'"$ x"', r'"100$"',
    # interpolation: $var and ${expr}
    r'$x = 10 "x is $x"', r'$x = 10 "x is ${x}"', r'$x = 10 "${x}px"', r'$x = 10 "$xpx"',
    r'$x = 10 "${$x}"', r'$x = [1,2] "${x[0]}"', r'$x = {a => {b => 1}} "${x[a][b]}"',
    r'$x = [1,2] "$x[1]"', r'$x = {a=>1} "$x[a]"', r'$x = [1,2,3] "${x.map |$v| { $v * 2 }}"',
    r'$x = [1,2] "${x.length}"', r'$x = "abc" "${x.upcase.length}"', r'"${2 + 2}"', r'$x = 1 "${x + 3}"',
    r'"${if + 1}"', r"""$if = 1 "${if[2]}" """, r"""$r = "${if true { 'always' } else { 'never' }}" $r""".strip(),
    r'$node = n "${node}"', r'$class = c "${class}"', r"""'a' =~ /(a)/ "${0}-${1}" """.strip(),
    r"""'ab' =~ /(a)(b)/ "$0 $1 $2 $3" """.strip(), r'$a::b = 1 "$a::b"', r'$x = 1 "${::x}"',
    r'$x = 1 "$::x"', r'"${unknown_var}"', r'"$unknown_var"', r'$x = 1 "${x}${x}$x$x"',
    r'$x_y = 1 "$x_y"', r'$x = 1 "$x-y"', r'$x = 1 "$x.y"', r'$x = 1 "${x}.${x}"',
    r'"${[1,2].map |$x| { $x }}"', r'"${notice hi}"', r'"${}"', r'"${ "inner ${1+1}" }"',
    r'$x = 5 "a${"b${x}c"}d"', r'"${1}"', r'$x = 1 "${ x }"', r'$x = 1 "${$x + 1}"',
    r'$_x = 1 "$_x"', r'$x = 1 "\$x"', r'$x = 1 "$$x"', r'"${{a=>1}[a]}"',
    # conversion of interpolated values
    r'$v = undef "[$v]"', r'$v = [1, "two", undef, [3]] "$v"', r'$v = {a => 1, b => [2]} "$v"',
    r'$v = {"k" => "v"} "$v"', r'$v = Integer[1,2] "$v"', r'$v = String "$v"', r'$v = /ab+c/ "$v"',
    r'$v = /a\/b/ "$v"', r'$v = 1.5 "$v"', r'$v = 1e21 "$v"', r'$v = 0.1 + 0.2 "$v"', r'$v = -0.0 "$v"',
    r'$v = 1.0e-5 "$v"', r'$v = 100.0 "$v"', r'$v = true "$v$v"', r'$v = default "$v"',
    r'$v = ["a", ["b", "c"]] "$v"', r'$v = {"a" => "b"} "${v}"', r'$v = foo::bar "$v"',
    r'$v = Foo::Bar "$v"', r'$v = [undef] "$v"', r'$v = {undef => undef} "$v"', r'$v = "q\"x" "${[$v]}"',
    r'$v = [/a/, Integer] "$v"', r'$v = Optional[String] "$v"', r'$v = Struct[{a => Integer}] "$v"',
    r'$v = [1.0, 2.50] "$v"', r'$v = Sensitive(secret) "$v"', r'$v = Timespan(3600) "$v"',
    r'$v = SemVer("1.2.3") "$v"', r"""$v = ["it's"] "$v" """.strip(), r'$v = ["tab\t"] "$v"',
    r'$v = [""] "$v"', r'$v = {} "$v$v"', r'$v = [] "$v"', r'$v = Hash[String, Integer] "$v"',
    # heredocs
    "@(END)\nText until the given end marker\nis in the resulting string.\nEND",
    "@(END)\nhello\nEND\n", "@(END)\n  indented\nEND", "@(END)\n  a\n  b\n  | END",
    "@(END)\n    a\n  b\n  |END", "@(END)\n  a\n  b\n  |- END", "@(END)\nno newline\n-END",
    "@(END)\nline\n  - END", "$x = 1 @(\"END\")\nx=$x\nEND", "$x = 1 @(END)\nx=$x\nEND",
    "@(\"END\")\nt\\tab\nEND", "@(END)\nt\\tab\nEND", "@(END:json)\n{\"a\": 1}\nEND",
    "@(END:json)\nnot json\nEND", "@(\"END\"/t)\na\\tb\nEND", "@(END/t)\na\\tb\\nc\nEND",
    "@(END/n)\na\\nb\nEND", "@(END/s)\na\\sb\nEND", "@(END/L)\na\\\nb\nEND", "@(END/$)\na\\$b\nEND",
    "@(END/u)\n\\u0041\nEND", "@(END/)\na\\tb\nEND", "@(END/x)\nabc\nEND", "@(END/tt)\na\nEND",
    "@(\"END\"/tn)\na\\tb\\nc\nEND", "[@(A), @(B)]\na\nA\nb\nB", "[@(A), 'mid', @(B)]\nfirst\nA\nsecond\nB",
    "@(END)\nnever ends\n", "@(END)\nEND", "@(END)\n\nEND", "@(END)\n  |x\n  END",
    "@(END)\n   x\n y\n  | END", "@(\"END\")\n${1 + 2}\nEND", "@(end tag)\nv\nend tag",
    "@(END:json/t)\n[1]\nEND", "@(END)\n# not a comment\nEND", "@(END)\na\r\nb\r\nEND",
    "$a = @(END)\n  one\n  | END\n$a.length", "@(END)\nEND\nEND", "notice(@(END))\nlogged\nEND",
    # concatenation / misc
    r'"a" + "b"', r"""'${x}' == "\${x}" """.strip(), r'"a" "b"', r'"abc"[1]', r"""'abc' == "abc" """.strip(),
]
PROGRAMS += [
    # heredoc edge cases
    "@(END)\n  a\n\n  b\n  | END", "@(END)\n\ta\n\t| END", "@(\"END\")\n  ${1}\n  | END", "$x = 'v' @(\"END\")\n  $x and ${x}\n  |- END",
    "@(\"END\"/L)\none \\\ntwo\nEND", "@(END/s)\na\\sb\\tc\nEND", "@(END:yaml)\na: 1\nEND", "@(END:json)\n  [1,\n   2]\n  | END",
    "[@(A), @(B), @(C)]\n1\nA\n2\nB\n3\nC", "notice(@(A)) notice(@(B))\na\nA\nb\nB", "@(END)\n  x\n    | END", "@(END)\nEND\n",
    "@(END) + 'x'\nabc\nEND", "@(END).upcase\nabc\nEND", "@(END)\n  a\n  |-END", "@(\"END\")\n\\$x \\\\ \\n\nEND",
    "@(\"END\"/$)\n\\$x\nEND", "@(END:)\nx\nEND", "@(:json)\nx\n:json", "@(E N D)\nx\nE N D",
    # more escapes and interpolation
    r'"\\\\n"', r'"\\$x"', r'$x = 1 "$x$"', r'$x = [1] "${x}[0]"', r'$x = {a=>1} "${x}[a]"', r'"${[1,2][1]}"', r'$x = 1 "${x}${x}"',
    r"'\\\\'", r"'\\\\\\''", r'$a = [1, [2]] "${a[1][0]}"', r'"${"\""}"', r"""$x = 'q' "${"${x}"}" """.strip(), r'"\u{61}\u{62}"',
    r'$x = 1 "${x == 1}"', r'$x = 1 "${if $x == 1 { one }}"', r'$v = [1.5e300] "$v"', r'"${undef}"', r'"${default}"', r'"${Integer[1]}"',
]
