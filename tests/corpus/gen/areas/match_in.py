PROGRAMS = [
    # =~ with regexps and strings
    "'abc' =~ /b/", "'abc' =~ /^b/", "'abc' =~ 'b'", "'abc' =~ '^a.c$'", "'ABC' =~ /abc/", "'ABC' =~ /(?i)abc/",
    "'abc' !~ /b/", "'abc' !~ /x/", "1 =~ /1/", "[a] =~ /a/", "undef =~ /a/", "'abc' =~ 1", "'abc' =~ [/a/]",
    "'abc' =~ '('", "'a.c' =~ /a\\.c/", "'line1\nline2' =~ /^line2$/", "'abc' =~ //", "'' =~ /^$/",
    "$x = abc =~ /(a)b(c)/ [$x, $0, $1, $2]", "'abc' =~ /(a)(x)?/ [$0, $1, $2]", "'abc' =~ /(?<first>a)/ [$0, $1]",
    "'abc' =~ /x/ $0", "'abc' =~ /(b)/ 'xyz' =~ /(y)/ [$0, $1]", "'abc' =~ /(b)/ 'xyz' =~ /q/ [$0, $1]",
    "'abc' =~ /(b)/ $3", "'aaa' =~ /a/ $0", "'abc' =~ 'b' $0",
    # =~ with types
    "[1,2,3] =~ Array[Integer]", "[1,999,5] =~ Array[Integer[1,10]]", "1 =~ Integer", "'1' =~ Integer",
    "undef =~ Undef", "undef =~ Optional[Integer]", "1 !~ String", "'abc' =~ Pattern[/b/]", "'abc' =~ Enum[abc]",
    "'abc' =~ Integer $0", "{a=>1} =~ Hash[String, Integer]", "'abc' =~ String[1,2]", "Integer =~ Type",
    "Integer =~ Type[Integer]", "default =~ Default", "/a/ =~ Regexp", "'a' =~ /(a)/ 1 =~ Integer $1",
    # SemVerRange
    "SemVer('1.2.3') =~ SemVerRange('>=1.0.0')", "'1.2.3' =~ SemVerRange('1.x')", "'2.0.0' =~ SemVerRange('1.x')",
    "'junk' =~ SemVerRange('1.x')", "1 =~ SemVerRange('1.x')", "SemVer('1.2.3') !~ SemVerRange('<1.0.0')",
    "'1.2.3' =~ SemVerRange('~1.2')", "'1.3.0' =~ SemVerRange('~1.2')", "'1.5.0' =~ SemVerRange('^1.2')",
    "'1.0.0-rc1' =~ SemVerRange('>=1.0.0')", "SemVer('1.0.0') =~ SemVer", "'1.0.0' =~ SemVer",
    # scoping of $0..$n
    "if abc =~ /(a)b(c)/ { [$0, $1, $2] }", "if abc =~ /(a)b(c)/ { 1 } [$0, $1]",
    "'x' =~ /(x)/ if abc =~ /(a)b(c)/ { 1 } [$0, $1]",
    "if 'a' =~ /(z)/ { 1 } elsif 'b' =~ /(b)/ { [$0, $1] }", "if 'a' =~ /(a)/ { 1 } else { 2 } $1",
    "if 'a' =~ /(z)/ { 1 } else { $1 }", "unless 'a' =~ /(a)/ { 1 } else { $1 }",
    "case 'abc' { /(b)(c)/: { [$0, $1, $2] } }", "$r = case 'abc' { /(b)(c)/: { 1 } } [$r, $1]",
    "'q' =~ /(q)/ $r = case 'abc' { /(b)/: { 1 } } $1", "case 'abc' { /x/: { 1 } default: { $1 } }",
    "'abc' ? { /(b)/ => $1, default => none }", "'q' =~ /(q)/ $r = 'abc' ? { /(b)/ => $1 } [$r, $1]",
    "[1].map |$x| { 'abc' =~ /(b)/ $1 }", "'q' =~ /(q)/ [1].map |$x| { $1 }", "'q' =~ /(q)/ [1].map |$x| { 'abc' =~ /(b)/ $1 } $1",
    "if 'abc' =~ /(a)/ { if 'xyz' =~ /(y)/ { [$1] } }", "if 'abc' =~ /(a)/ { if 'xyz' =~ /(y)/ { 1 } $1 }",
    "$0 = 'x'", "$1", "'abc' =~ /(a)/ $10", "\"${0}\"",
    "function f() { $1 } 'abc' =~ /(a)/ f()", "'abc' =~ /(a)/ 'abc' =~ Integer $1",
    # in operator: every row of the table
    "'bar' in 'foobar'", "'BAR' in 'foobar'", "'x' in 'foobar'", "'' in 'abc'", "'1.2.3' in SemVerRange('1.x')",
    "/o+/ in 'foobar'", "/^b/ in 'foobar'", "String in 'foobar'", "1 in '123'", "undef in 'abc'",
    "Integer in [1, 'a']", "String in [1, 2]", "/a/ in ['xyz', 'bar']", "/1/ in [1, 2]", "/a/ in [1, 'a']",
    "SemVer('1.2.3') in SemVerRange('1.x')", "1 in [1, 2]", "1 in [1.0]", "'A' in ['a']", "[1] in [[1], 2]",
    "undef in [undef]", "undef in []", "{a=>1} in [{a=>1}]", "a in {a => 1}", "'A' in {'a' => 1}", "1 in {1 => a}",
    "/a/ in {'xa' => 1}", "Integer in {1 => a}", "1 in 1", "1 in undef", "'a' in Integer", "1 in Integer",
    "'a' in /a/", "'1.2.3' in SemVer('1.2.3')", "SemVer('1.2.3') in ['1.2.3']", "'abc' in ['xabcx']",
    "$r = /(b)(c)/ in ['abc'] [$r, $0, $1, $2]", "$r = /(b)/ in {'xby' => 1, 'b2' => 2} $0", "'a' in ['b', 'a'] and 'c' in 'abc'",
    "!('x' in 'abc')", "Integer[1,2] in [0, 3, 2]", "Any in []", "'ä' in 'ÄÖ'", "'1' in [1]", "1 in ['1']",
    "default in [default]", "Array in [[1]]",
]
# a pattern naming a group refuses references by number, wherever they are (session 46)
PROGRAMS += [
    "'aa' =~ /(?<n>a)\\1/", "'a' =~ /\\1(?<n>a)/", "'ab' =~ /(a)\\k<1>(?<n>b)/", "'aa' =~ /(?<n>a)\\k<-1>/",
    "'a' =~ /(?<n>a)\\5/", "[\n'xyz' =~ Pattern[/((a)\\1|(?<n>a))/],\n'ab' =~ /\\k<n>b/,\n]", "'aa' =~ /(?<n>a)\\k<n>/",
]
PROGRAMS += ["'a' =~ /(?<n>a)\\1\\k<m>/", "'a' =~ /\\k<m>(?<n>a)\\1/"]
PROGRAMS += ["'/x/' =~ /(a)\\1(?<n>a)(?x) a/", "'a' =~ /(?x) (?<n>a) \\g<1>/", "['a' =~ /(?x) (a) \\1 (?<=b)/, 'a' =~ /(?x) (?<n>a) [\\1]/]"]
# an escaped letter Onigmo gives no meaning is the letter (session 46)
PROGRAMS += [
    "['q' =~ '\\q', 'aq' =~ /a\\q/, regsubst('q', '\\q', 'x'), 'y' =~ '\\y', 'k' =~ '\\k', 'j' =~ '\\j', 'Ii' =~ /\\I\\i/, 'q' =~ /[\\q]/, 'kk' =~ /(?<k>k)\\k<k>/, 'T' =~ /\\T/, 'N' =~ /\\N/, 'L' =~ /\\L/, 'U' =~ /\\U/]",
    "'a\\q' =~ /a\\\\q/", "'ab' =~ /\\o{101}/", "'m' =~ /^\\m$/",
]
