PROGRAMS = [
    # spec examples
    "true == true", "true == ''", "false == ''", "true == undef", "false == undef", "false == !''", "false == !!''",
    # strings
    "'abc' == 'ABC'", "'abc' != 'ABC'", "'abc' == 'abd'", "'Åäö' == 'åäö'", "'ÅÄÖ' == 'ÅÄÖ'", "'a' < 'b'", "'a' < 'B'",
    "'A' < 'b'", "'abc' < 'abd'", "'ab' < 'abc'", "'' < 'a'", "'b' > 'A'", "'a' <= 'A'", "'a' >= 'A'", "'Z' > 'a'",
    "'10' < '9'", "'a' < 'ä'", "'1' == 1", "'1.0' == 1.0", "'' == undef",
    # numbers
    "1 == 1.0", "1 == 1", "1.0 == 1.0", "0 == -0.0", "1 < 2", "2 < 1.5", "1.5 <= 1.5", "-1 >= -1.0", "1 != 1.0",
    "9223372036854775807 == 9223372036854775807.0", "0.1 + 0.2 == 0.3", "1 > 0.999", "0.0/0.0 == 0.0/0.0",
    # mixed kinds
    "1 == '1'", "1 < '2'", "'1' < 2", "1 < true", "true < false", "true > false", "undef < 1", "undef == undef",
    "undef == ''", "undef == []", "undef != undef", "default == default", "default == 'default'", "default < default",
    "1 < [1]", "[1] < [2]", "{a=>1} < {a=>2}", "/a/ < /b/", "1 < undef", "'a' < undef", "1 == default",
    # arrays
    "[1,2] == [1,2]", "[1,2] == [2,1]", "['A'] == ['a']", "[1, [2]] == [1, [2.0]]", "[] == []", "[1] == [1,1]",
    "[undef] == [undef]", "[1] != [1]", "[1,2] == 1",
    # hashes
    "{a=>1, b=>2} == {b=>2, a=>1}", "{a=>1} == {'A'=>1}", "{a=>'x'} == {a=>'X'}", "{} == {}", "{a=>1} == {a=>1, b=>2}",
    "{1=>a} == {1.0=>a}", "{a=>[1]} == {a=>[1]}", "{a=>1} == [[a,1]]",
    # types
    "Integer == Integer", "Integer == Integer[default, default]", "Integer[1,2] == Integer[1,2]", "Integer[1,2] == Integer[2,1]",
    "Any > Integer", "Integer < Any", "Integer < Integer", "Integer <= Integer", "Integer[1,2] < Integer",
    "Integer < Numeric", "Numeric > Float", "String < Integer", "String > Integer", "Integer >= String",
    "Array[Integer] < Array", "Array < Array[Integer]", "Integer == 'Integer'", "Integer < 1", "1 < Integer",
    "Optional[Integer] == Variant[Integer, Undef]", "Optional[Integer] > Integer", "Type[Integer] < Type",
    "String == string", "Enum[a,b] == Enum[b,a]", "Variant[Integer,String] == Variant[String,Integer]",
    # regexps
    "/abc/ == /abc/", "/abc/ == /ABC/", "/abc/ == 'abc'", "/a/ != /b/",
    # booleans
    "true == 'true'", "false == false", "true != false", "true == 1", "false == 0", "true <= true",
    # semver
    "SemVer('1.0.0') == SemVer('1.0.0')", "SemVer('1.0.0') < SemVer('1.0.1')", "SemVer('1.0.0-rc1') < SemVer('1.0.0')",
    "SemVer('1.0.0-alpha') < SemVer('1.0.0-beta')", "SemVer('1.10.0') > SemVer('1.9.0')", "SemVer('1.0.0') == '1.0.0'",
    "SemVer('1.0.0') < '1.0.1'", "SemVer('1.0.0+build') == SemVer('1.0.0')", "SemVer('2.0.0') >= SemVer('2.0.0')",
    "SemVer('1.0.0-alpha.1') < SemVer('1.0.0-alpha.beta')", "SemVer('1.0.0-2') < SemVer('1.0.0-10')",
    "SemVerRange('>=1.0.0') == SemVerRange('>=1.0.0')", "SemVerRange('>=1.0.0') < SemVerRange('>=2.0.0')",
    # time values
    "Timespan(1) == Timespan(1)", "Timespan(1) < Timespan(2)", "Timespan(1) == 1", "Timespan(2) > 1", "1 < Timespan(2)",
    "Timespan(1.5) > 1.4", "Timespan(60) == Timespan('0-00:01:00')",
    "Timestamp('2020-01-01T00:00:00Z') < Timestamp('2021-01-01T00:00:00Z')",
    "Timestamp('2020-01-01T00:00:00Z') == Timestamp('2020-01-01T01:00:00+01:00')",
    "Timestamp('2020-01-01T00:00:00Z') > 0", "Timestamp('1970-01-01T00:00:00Z') == 0",
    "Timestamp('2020-01-01T00:00:00Z') < Timespan(1)", "Timespan(1) < Timestamp('2020-01-01T00:00:00Z')",
    "Timespan(1) < 'a'",
    # sensitive, misc
    "Sensitive(1) == Sensitive(1)", "$s = Sensitive(1) $s == $s", "Sensitive(1) < Sensitive(2)",
    "1 == 1 == true", "(1 == 1) == true", "!(1 == 2)", "1 < 2 < 3", "1 != 2 and 2 != 3",
    "'a' == 'a' or 1/0", "false and 1/0", "true or 1/0", "!true", "!undef", "!''", "![]", "!0",
    "1 and 'x'", "undef or 0", "[] and {}", "true and undef",
]
PROGRAMS += [
    # precedence of operators
    "1 + 2 == 3 and true", "!true == false", "!(true == false)", "true or false and false", "(true or false) and false",
    "1 in [1] == true", "'a' =~ /a/ == true", "1 < 2 == true", "1 == 1 and 2 < 1 or true", "not true", "!!1",
    "1 + 2 * 3 == 7", "2 * -3", "-2 ** 2", "- 1 + 2", "[1, 2] == [1, 2] and {a => 1} == {a => 1}", "-[1, 2][0]",
    "$x = 5 -$x", "!$x", "$x = false !$x", "1 < 2 and 2 < 3", "undef and 1/0", "0 or 1/0", "'' and true",
    "true and true and false", "false or false or 'x'", "$a = 1 == 1 $a", "!1 == 1",
]
