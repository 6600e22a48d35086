"""The code examples of the language specification (written by
gen/spec_examples.py from ../shared/spec: do not edit)."""

PROGRAMS = [
    # expressions.md
    " ",
    # expressions.md
    "10   # decimal",
    # expressions.md
    "0777 # octal",
    # expressions.md
    "0xFF # hexadecimal",
    # expressions.md
    "0.1",
    # expressions.md
    "31.415e-1",
    # expressions.md
    "0.31415e1",
    # expressions.md
    "'hello'",
    # expressions.md
    "'He said \"hello\", but it sounded like \\'yello\\''",
    # expressions.md
    "\"You can quote me on that\"",
    # expressions.md
    "\"I keep \\t of things around here\"",
    # expressions.md
    "\"I can not drink more than $max_beers beers\"",
    # expressions.md
    "END",
    # expressions.md
    " $a = apache::port # equal to $a = 'apache::port'",
    # expressions.md
    " $a = Integer # a is a reference to the Integer type\n ",
    # expressions.md
    " $a = /.*/  # a is a reference to the regular expression\n ",
    # expressions.md
    "LiteralArray",
    # expressions.md
    "$a = [1, 2, 3] # $a becomes Literal Array of 3 numbers",
    # expressions.md
    "$x = $a[1]     # $x becomes 2 (Accessing element at index 1 in the value referenced by $a)",
    # expressions.md
    "$x = $a; [1]   # $x becomes the literal array, a literal array containing '1' is produced",
    # expressions.md
    "$x = abc[1]    # $x becomes 'b' (character at index 1 in string 'abc')",
    # expressions.md
    "foo()[1]       # calls function foo and gets index 1 in returned enumerable",
    # expressions.md
    "foo() [1]      # calls function foo, then produces an array with the Integer 1",
    # expressions.md
    "LiteralHash",
    # expressions.md
    "HashEntry",
    # expressions.md
    "1 + 1      # produces 2",
    # expressions.md
    "1.0 + 1.0  # produces 2.0",
    # expressions.md
    "T + T",
    # expressions.md
    "[1,2,3] + [4,5,6]               # => [1,2,3,4,5,6]",
    # expressions.md
    "[1,2,3] + 4                     # => [1,2,3,4]",
    # expressions.md
    "[1,2,3] + {a => 10, b => 20}    # => [1,2,3, [a, 10], [b, 20]]",
    # expressions.md
    "{a => 10, b => 20} + {b => 30}  # => {a => 10, b => 30}",
    # expressions.md
    "{a => 10, b => 20} + {c => 30}  # => {a => 10, b => 30, c => 30}",
    # expressions.md
    "{a => 10, b => 20} + 30         # => error",
    # expressions.md
    "{a => 10, b => 20} + [30]       # => error",
    # expressions.md
    "{a => 10, b => 20} + [c, 30]    # => {a => 10, b => 20, c => 30}",
    # expressions.md
    "10 - 1     # produces 9",
    # expressions.md
    "10.0 - 0.1 # produces 9.9",
    # expressions.md
    "D - T",
    # expressions.md
    "I - T",
    # expressions.md
    "F - T",
    # expressions.md
    "[1,2,3,4,5,6] - [4,5,6]         # => [1,2,3]",
    # expressions.md
    "[1,2,3] - 3                     # => [1,2]",
    # expressions.md
    "[1,2,b] - {a => 1, b => 20}     # => [2]",
    # expressions.md
    "{a => 10, b => 20} - {b => 30}  # => {a => 10}",
    # expressions.md
    "{a => 10, b => 20} - a          # => {b => 20}",
    # expressions.md
    "{a => 10, b => 20} - [a,c]      # => {b => 20}",
    # expressions.md
    "D * D",
    # expressions.md
    "$args = [1,2,3]\nfoo(*$args)\n\n# same result as\nfoo(1,2,3)",
    # expressions.md
    "$args = [1,2,3]",
    # expressions.md
    "foo(*$args)",
    # expressions.md
    "foo(1,2,3)",
    # expressions.md
    "I / D",
    # expressions.md
    "F / D",
    # expressions.md
    "D % D",
    # expressions.md
    "F % D",
    # expressions.md
    "D % F",
    # expressions.md
    "1 << 1  # 2",
    # expressions.md
    "2 << 2  # 8",
    # expressions.md
    "8 << -1 # 4",
    # expressions.md
    "[1,2,3] << 4       # [1,2,3,4]",
    # expressions.md
    "[1,2,3] << [4]     # [1,2,3,[4]]",
    # expressions.md
    "[1,2,3] << {a=>10} # [1,2,3,{a=>10}]",
    # expressions.md
    "1 >> 1   # 0",
    # expressions.md
    "8 >> 2   # 2",
    # expressions.md
    "2 >> -1  # 4",
    # expressions.md
    "AndExpression",
    # expressions.md
    "OrExpression",
    # expressions.md
    "NotExpression",
    # expressions.md
    "true and false  # false",
    # expressions.md
    "true or false   # true",
    # expressions.md
    "true and 1      # true",
    # expressions.md
    "true and ''     # true",
    # expressions.md
    "true and undef  # false",
    # expressions.md
    "true and !undef # true",
    # expressions.md
    "true and !false # true",
    # expressions.md
    "EqualityExpression",
    # expressions.md
    "true   == true    # true",
    # expressions.md
    "true   == ''      # false",
    # expressions.md
    "false  == ''      # false",
    # expressions.md
    "true   == undef   # false",
    # expressions.md
    "false  == undef   # false",
    # expressions.md
    "false == !''      # true",
    # expressions.md
    "false == !!''     # false",
    # expressions.md
    "InequalityExpression",
    # expressions.md
    "MatchExpression",
    # expressions.md
    "$x = abc =~ /(a)b(c)/\n# $0 == 'abc', $1 == 'a', $2 == 'c' (until end of block, or next match)",
    # expressions.md
    "[1,2,3] =~ Array[Integer]          # => true\n[1,999,5] =~ Array[Integer[1,10]]  # => false (one value > 10)",
    # expressions.md
    "[1,2,3] =~ Array[Integer]          # => true",
    # expressions.md
    "[1,999,5] =~ Array[Integer[1,10]]  # => false (one value > 10)",
    # expressions.md
    "NotMatchExpression",
    # expressions.md
    "ComparisonExpression",
    # expressions.md
    "InExpression",
    # expressions.md
    "AssignmentExpression",
    # expressions.md
    "$a = 10\n$x = $y = 0\n\n# from array\n[$a, $b] = [1, 2]  # assigns 1 to $a, and 2 to $b\n\n# from hash\n[$a, $b] = { a => 10, b => 20, c => 30 }  # assigns 10 to $a, and 20 to $b\n\n# from class\nclass mymodule::someclass::example($x = 100) {\n  $a = 10\n}\ninclude example\n[$a, $x] = Class['mymodule::someclass::example']  # assigns 10 to $a, and 100 to $x",
    # expressions.md
    "$a = 10",
    # expressions.md
    "$x = $y = 0",
    # expressions.md
    "[$a, $b] = [1, 2]  # assigns 1 to $a, and 2 to $b",
    # expressions.md
    "[$a, $b] = { a => 10, b => 20, c => 30 }  # assigns 10 to $a, and 20 to $b",
    # expressions.md
    "include example",
    # expressions.md
    "[$a, $x] = Class['mymodule::someclass::example']  # assigns 10 to $a, and 100 to $x",
    # expressions.md
    "AccessExpression",
    # expressions.md
    "ArrayAccess",
    # expressions.md
    "SingleElementAccess",
    # expressions.md
    "ElementRangeAccess",
    # expressions.md
    "[1,2,3][2]       # => 3",
    # expressions.md
    "[1,2,3][2,1]     # => [3]",
    # expressions.md
    "[1,2,3][2,0]     # => []",
    # expressions.md
    "[1,2,3,4][1,2]   # => [2,3]",
    # expressions.md
    "[1,2,3][100]     # => undef",
    # expressions.md
    "[1,2,3][100,1]   # => []",
    # expressions.md
    "[1,2,3,4][-1]    # => 4",
    # expressions.md
    "[1,2,3,4][2,-1]  # => [3,4]",
    # expressions.md
    "[1,2,3,4][-5,-3] # => [1,2]",
    # expressions.md
    "[1,2,3,4][2,-3]  # => []",
    # expressions.md
    "HashElementAccess",
    # expressions.md
    "{'a'=>1, 'b'=>2, 'c'=>3}['b']         # => 2",
    # expressions.md
    "{'a'=>1, 'b'=>2, 'c'=>3}['b', 'c']    # => [2, 3]",
    # expressions.md
    "{'a'=>1, 'b'=>2, 'c'=>3}['x']         # => undef",
    # expressions.md
    "{'a'=>1, 'b'=>2, 'c'=>3}['x', 'y']    # => []",
    # expressions.md
    "{'a'=>1, 'b'=>2, 'c'=>3}['x', 'b']    # => [2]",
    # expressions.md
    "StringAccess",
    # expressions.md
    "\"Hello World\"[6]       # => \"W\"",
    # expressions.md
    "\"Hello World\"[1,3]     # => \"ell\"",
    # expressions.md
    "\"Hello World\"[6,-1]    # => \"World\"",
    # expressions.md
    "\"Hello World\"[-5,-1]   # => \"World\"",
    # expressions.md
    "\"Hello World\"[6,-2]    # => \"Worl\"",
    # expressions.md
    "\"Hello World\"[-11,-2]  # => \"Hello Worl\"",
    # expressions.md
    "\"Hello World\"[-12,-2]  # => \"Hello Worl\"",
    # expressions.md
    "\"Hello World\"[-666,-2] # => \"Hello Worl\"",
    # expressions.md
    "\"Hello World\"[-11, 2]  # => \"He\"",
    # expressions.md
    "\"Hello World\"[-12, 2]  # => \"H\"",
    # expressions.md
    "\"Hello World\"[-13, 2]  # => \"\"",
    # expressions.md
    "\"abcd\"[2,-3]           # => \"\"",
    # expressions.md
    "RegexpTypeAccess",
    # expressions.md
    "PatternExpression",
    # expressions.md
    "$r = Regexp['(f)(o)(o)']         # => Regexp[/(f)(o)(o)/]\n'foo' =~ $pattern                # => true\n'bar' =~ $pattern                # => false\nnotice $1                        # => 'o'\n'x' =~ Regexp[/x/]               # => false 'x' is a String, not a Regexp",
    # expressions.md
    "$r = Regexp['(f)(o)(o)']         # => Regexp[/(f)(o)(o)/]",
    # expressions.md
    "'foo' =~ $pattern                # => true",
    # expressions.md
    "'bar' =~ $pattern                # => false",
    # expressions.md
    "notice $1                        # => 'o'",
    # expressions.md
    "'x' =~ Regexp[/x/]               # => false 'x' is a String, not a Regexp",
    # expressions.md
    "PatternTypeAccess",
    # expressions.md
    "PatternExpr",
    # expressions.md
    "$pattern = Pattern[red, blue, green]  # => a pattern type\n'red' =~ $pattern                     # => true\n'blue' =~ $pattern                    # => true\n'yellow' =~ $pattern                  # => false",
    # expressions.md
    "$pattern = Pattern[red, blue, green]  # => a pattern type",
    # expressions.md
    "'red' =~ $pattern                     # => true",
    # expressions.md
    "'blue' =~ $pattern                    # => true",
    # expressions.md
    "'yellow' =~ $pattern                  # => false",
    # expressions.md
    "EnumTypeAccess",
    # expressions.md
    "Enum[blue, red, green]",
    # expressions.md
    "HashTypeAccess",
    # expressions.md
    "Hash[String, Integer]            # => Hash[String, Integer] (type)",
    # expressions.md
    "$h = Hash[Scalar, String]        # => Hash[Scalar, String] (type)",
    # expressions.md
    "$h[Scalar, Integer]              # => Hash[Scalar, Integer] (type)",
    # expressions.md
    "Hash[Scalar, String, 1, 10]      # => Hash type with min 1, max 10, Scalar => String entries",
    # expressions.md
    "ArrayTypeAccess",
    # expressions.md
    "Array                            # => Array[Data]",
    # expressions.md
    "Array[String]                    # => Array[String] (type)",
    # expressions.md
    "$a = Array[String]               # => Array[String] (type)",
    # expressions.md
    "$a[Integer]                      # => Array[Integer] (type)",
    # expressions.md
    "Array[Data, 1]                   # => Array[Data] (type) that is non empty",
    # expressions.md
    "Array[Data, 2,4]                 # => Array[Data] (type) with min 2, and max 4 entries",
    # expressions.md
    "TupleTypeAccess",
    # expressions.md
    "StructTypeAccess",
    # expressions.md
    "CollectionTypeAccess",
    # expressions.md
    "ClassTypeAccess",
    # expressions.md
    "Class                            # => any class",
    # expressions.md
    "Class[apache]                    # => Class[apache] (reference to the class 'apache')",
    # expressions.md
    "Class[apache, nginx]             # => [Class[apache], Class[nginx]] (array of classes)",
    # expressions.md
    "$c = Class[apache]               # => Class[apache]",
    # expressions.md
    "class myclass($x = 10, $y=20) { }",
    # expressions.md
    "include myclass",
    # expressions.md
    "Class[myclass][x]                # => 10",
    # expressions.md
    "$someclass = Class[myclass]",
    # expressions.md
    "$someclass[x]                    # => 10",
    # expressions.md
    "$someclass[y]                    # => 20",
    # expressions.md
    "$someclass[x, y]                 # => [10, 20]",
    # expressions.md
    "ResourceTypeAccess",
    # expressions.md
    "']'",
    # expressions.md
    "TypeNameExpression",
    # expressions.md
    "Resource                           # => any resource type",
    # expressions.md
    "Resource[File]                     # => File",
    # expressions.md
    "Resource['File']                   # => File",
    # expressions.md
    "Resource['file']                   # => File",
    # expressions.md
    "Resource[file]                     # => File",
    # expressions.md
    "Resource[File, '/tmp/x']           # => File['/tmp/x']",
    # expressions.md
    "Resource[File]['/tmp/x']           # => File['/tmp/x']",
    # expressions.md
    "File                               # => File",
    # expressions.md
    "file                               # => \"file\" (a string, not a Resource type)",
    # expressions.md
    "File['/tmp/x']                     # => File['/tmp/x']",
    # expressions.md
    "File['/tmp/x', '/tmp/y']           # => [File['/tmp/x'], File['/tmp/y']]",
    # expressions.md
    "File['/tmp/x'][mode]               # => the value of the file /tmp/x's mode parameter",
    # expressions.md
    "IntegerType",
    # expressions.md
    "IntegerRangeValue",
    # expressions.md
    "Integer[2]        # the exact value 2",
    # expressions.md
    "Integer[1,3]      # values 1 to 3 inclusive",
    # expressions.md
    "Integer[3,1]      # values 3 to 1 inclusive",
    # expressions.md
    "FloatTypeAccess",
    # expressions.md
    "FloatRangeValue",
    # expressions.md
    "Float[2]          # the exact value 2.0",
    # expressions.md
    "Float[2.0]        # the exact value 2.0",
    # expressions.md
    "Float[1, 3.2]     # values 1.0 to 3.2 inclusive",
    # expressions.md
    "Float[3.2,1.5]    # values 3.2 to 1.5 inclusive",
    # expressions.md
    "Float[-1.0,1.0]   # values -1.0 to 1.0 inclusive",
    # expressions.md
    "TimespanTypeAccess",
    # expressions.md
    "TimespanRangeValue",
    # expressions.md
    "Timespan[2]                        # a timespan of 2 seconds",
    # expressions.md
    "Timespan[77.3]                     # a timespan of 1 minute, 17 seconds, and 300 milliseconds",
    # expressions.md
    "Timespan[{hour => 1}, {hour => 2}] # a timespan between 1 and two hours",
    # expressions.md
    "Timespan['1-00:00:00', '2-00:00:00'] # a timespan between 1 and 2 days",
    # expressions.md
    "Timespan[Timespan('11', '%H'), Timespan('12', '%H')]              # a timespan between 11 and 12 hours",
    # expressions.md
    "Timespan['1-00:00:00', Timespan({days => 2, nanoseconds => -1})] # a timespan between 1 and up to (but not including) 2 days",
    # expressions.md
    "TimestampTypeAccess",
    # expressions.md
    "TimestampRangeValue",
    # expressions.md
    "Timestamp['2000-01-01T00:00:00.000', default] # a timestamp in the 21st century or later",
    # expressions.md
    "Timestamp['2012-10-10']                       # The exact Timestamp 2012-10-10T00:00:00.0 UTC",
    # expressions.md
    "Timestamp[default, 1433116800]                # A Timestamp <= 2015-06-01T00:00:00 UTC (here expressed as seconds since epoch",
    # expressions.md
    "Timestamp['2010-01-01', '2015-12-31T23:59:59.999999999'] # A timestamp greater >= year 2010 and < 2016.",
    # expressions.md
    "OptionalTypeAccess",
    # expressions.md
    "VariantTypeAccess",
    # expressions.md
    "TypeTypeAccess",
    # expressions.md
    "StatementStyleCall",
    # expressions.md
    "PrefixStyleCall",
    # expressions.md
    "InfixStyleCall",
    # expressions.md
    "ArgumentList",
    # expressions.md
    "LambdaExpression",
    # expressions.md
    "ParameterList",
    # expressions.md
    "ParameterDeclaration",
    # expressions.md
    "ReturnType",
    # expressions.md
    "require 'myclass'",
    # expressions.md
    "# catalog manipuation\nrequire\nrealize\ninclude\ncontain\ntag\n\n# logging\ndebug\ninfo\nnotice\nwarning\nerr\n\n# stop execution\nfail\n\n# raises an error as it is discontinued\nimport",
    # expressions.md
    "require",
    # expressions.md
    "realize",
    # expressions.md
    "include",
    # expressions.md
    "contain",
    # expressions.md
    "tag",
    # expressions.md
    "debug",
    # expressions.md
    "info",
    # expressions.md
    "notice",
    # expressions.md
    "warning",
    # expressions.md
    "err",
    # expressions.md
    "fail",
    # expressions.md
    "import",
    # expressions.md
    "require('myclass')\n$pi = sprintf(\"%.4f\", 3.1415123)     # => '3.1415'\nmap([1,2,3]) |$x| { $x * 10 }        # => [10, 20, 30]",
    # expressions.md
    "require('myclass')",
    # expressions.md
    "$pi = sprintf(\"%.4f\", 3.1415123)     # => '3.1415'",
    # expressions.md
    "map([1,2,3]) |$x| { $x * 10 }        # => [10, 20, 30]",
    # expressions.md
    "[1,2,3].map |$x| { $x * 10 }                                    # => [10, 20, 30]\n[1,2,3].reduce(10) |$memo, $x| { $memo + $x }                   # => 16\n'myclass'.require                                               # => undef\n[1,2,3].map |$x| { $x * 10 }.reduce |$memo, $x| { $memo + $x }  # => 60",
    # expressions.md
    "[1,2,3].map |$x| { $x * 10 }                                    # => [10, 20, 30]",
    # expressions.md
    "[1,2,3].reduce(10) |$memo, $x| { $memo + $x }                   # => 16",
    # expressions.md
    "'myclass'.require                                               # => undef",
    # expressions.md
    "[1,2,3].map |$x| { $x * 10 }.reduce |$memo, $x| { $memo + $x }  # => 60",
    # expressions.md
    "Integer(\"0xFF\")",
    # expressions.md
    "Integer[0,10](\"0xFF\")",
    # expressions.md
    "# These two calls are equivalent\nfoo( *[1,2,3])\nfoo(1,2,3)",
    # expressions.md
    "foo( *[1,2,3])",
    # expressions.md
    "IfExpression",
    # expressions.md
    "IfPart",
    # expressions.md
    "ElsePart",
    # expressions.md
    "UnlessExpression",
    # expressions.md
    "CaseExpression",
    # expressions.md
    "Propositions",
    # expressions.md
    "Option",
    # expressions.md
    "# example 1\ncase $observed {\n\n  'cat', 'sylvester': { \n    notice 'I taw a puddy cat'\n  }\n  \n  'seed': {\n    notice 'Feed me!'\n  }\n  \n  'toe': {\n    notice 'This widdle piddy went to market' \n  }\n}\n\n# example 2 - using cases an expression\nnotice case $name {\n\n  'paul', 'ringo', 'george', 'john': { \n    'One of The Beatles'\n   }\n   \n  'mick', 'keith', 'charlie', 'ronnie': {\n    'One of The Rolling Stones'\n  }\n  default: { 'In Some other band' }\n}\n\n# example 3 - using type\nnotice case [1,2,50] {\n\n  Array[Integer[1,49]]: {\n    'in range'\n  }\n  default : {\n    'out of range'\n  }\n}\n\n# example 4 - using matching array\n$x = [green, 2, $whatever]\ncase $x {\n  [/ee/, Integer[0,10], default] : {\n    notice 'this will be noticed'\n  }\n  default: {\n    notice 'this will not be noticed'\n  }\n}",
    # expressions.md
    "notice 'I taw a puddy cat'",
    # expressions.md
    "notice 'Feed me!'",
    # expressions.md
    "notice 'This widdle piddy went to market'",
    # expressions.md
    "'One of The Beatles'",
    # expressions.md
    "'One of The Rolling Stones'",
    # expressions.md
    "'in range'",
    # expressions.md
    "'out of range'",
    # expressions.md
    "$x = [green, 2, $whatever]",
    # expressions.md
    "notice 'this will be noticed'",
    # expressions.md
    "notice 'this will not be noticed'",
    # expressions.md
    "'One of The Beatles, you, or me ;-)'",
    # expressions.md
    "SelectorExpression",
    # expressions.md
    "Proposition",
    # expressions.md
    "# Ex 1.\n$x = $y ? sad => blue\n# the same as\n$x = if $y == sad { blue }\n\n# Ex 2.\n$x = $y ? {\n  hot     => red,\n  sad     => blue,\n  seasick => green,\n  default => normal,\n}\n# The same as\n$x = case $y {\n  hot: { red }\n  sad: { blue }\n  seasick: { green }\n  default: { normal }\n}",
    # expressions.md
    "$x = $y ? sad => blue",
    # expressions.md
    "$x = if $y == sad { blue }",
    # expressions.md
    "TypeAliasExpression",
    # expressions.md
    "function foo(MyType $x) {\n  notice $x\n}\nnotice foo(42)\n\ntype MyType = Integer[42,42]",
    # expressions.md
    "notice $x",
    # expressions.md
    "notice foo(42)",
    # expressions.md
    "type MyType = Integer[42,42]",
    # expressions.md
    "type IntegerTree = Array[Variant[Integer, IntegerTree]]\ntype Mix = Variant[Integer, String, MixedTree]\ntype MixedTree = Array[Variant[Mix, MixedTree]]\n\nfunction integer_tree(IntegerTree $x) {\n  notice $x\n}\ninteger_tree( [1, 2, [42, 4], [[[ 5 ]]] ] )\n\nfunction mixed(MixedTree $x) {\n  notice $x\n}\nmixed( [1, 2, [hello, 4], [[[ 5, deep ]]] ] )",
    # expressions.md
    "type IntegerTree = Array[Variant[Integer, IntegerTree]]",
    # expressions.md
    "type Mix = Variant[Integer, String, MixedTree]",
    # expressions.md
    "type MixedTree = Array[Variant[Mix, MixedTree]]",
    # expressions.md
    "integer_tree( [1, 2, [42, 4], [[[ 5 ]]] ] )",
    # expressions.md
    "mixed( [1, 2, [hello, 4], [[[ 5, deep ]]] ] )",
    # types-values-variables.md
    "Any",
    # types-values-variables.md
    "Integer[0, default]   # All positive (or 0) integers",
    # types-values-variables.md
    "Integer[1, default]   # All positive integers",
    # types-values-variables.md
    "Integer[default, 0]   # All negative (or 0) integers",
    # types-values-variables.md
    "Integer[default, -1]  # All negative integers",
    # types-values-variables.md
    "Integer[1,10] > Integer[2,3]   # => true",
    # types-values-variables.md
    "Integer[1,10] == Integer[2,3]  # => false (they are not equal)",
    # types-values-variables.md
    "Integer[1,10] > Integer[0,5]   # => false (overlap)",
    # types-values-variables.md
    "Integer[1,10] > Integer[1,10]  # => false (not a subset, they are equal)",
    # types-values-variables.md
    "Integer[1,10] >= Integer[1,10] # => true (they are equal)",
    # types-values-variables.md
    "Integer[1,10] == Integer[1,10] # => true (they are equal)",
    # types-values-variables.md
    "$value =~ Integer[1,10]",
    # types-values-variables.md
    "$value ? { Integer[1,10] => true }",
    # types-values-variables.md
    " Integer[1,5].each |$x| { notice $x } # => notices 1,2,3,4,5\n\n Integer[0, default].each |$x| { notice $x } # error, unbound range (infinite)",
    # types-values-variables.md
    "Integer[1,5].each |$x| { notice $x } # => notices 1,2,3,4,5",
    # types-values-variables.md
    "Integer[0, default].each |$x| { notice $x } # error, unbound range (infinite)",
    # types-values-variables.md
    "'abc' =~ String[1]   # true, has more than one character\n'abc' =~ String[1,2] # false, has more than two characters\n\n$size = Integer[1,2]\n'abc' =~ String[$size] # false, has more than 2 characters",
    # types-values-variables.md
    "'abc' =~ String[1]   # true, has more than one character",
    # types-values-variables.md
    "'abc' =~ String[1,2] # false, has more than two characters",
    # types-values-variables.md
    "$size = Integer[1,2]",
    # types-values-variables.md
    "'abc' =~ String[$size] # false, has more than 2 characters",
    # types-values-variables.md
    " ['a', 'b', 'c']",
    # types-values-variables.md
    " ['a', 'b', 'c'] =~ Array[Pattern['a-z']]  # true",
    # types-values-variables.md
    "type_of([a,b,c])                 # => Array[String<a,b,c>]",
    # types-values-variables.md
    " Enum['port', 'name', 'ip']",
    # types-values-variables.md
    "Pattern['.*']",
    # types-values-variables.md
    "Pattern[/^all of me$/]",
    # types-values-variables.md
    " type_of([Pattern[a], Pattern[b]]) # => Array[Type[Pattern[a,b]]]",
    # types-values-variables.md
    "LiteralRegularExpression",
    # types-values-variables.md
    "RegexpTypeExpression",
    # types-values-variables.md
    "Struct[{mode=>Enum[read, write, update], path=>String[1]}]",
    # types-values-variables.md
    "Struct[{article=>Data}]",
    # types-values-variables.md
    "Struct[{article=>NotUndef[Data]}]",
    # types-values-variables.md
    "Struct[{NotUndef[article]=>Data}]",
    # types-values-variables.md
    "Struct[{Optional[article]=>NotUndef[Data]}]",
    # types-values-variables.md
    "Tuple[T1, T2]                   # A tuple of exactly T1 and T2",
    # types-values-variables.md
    "Tuple[T1, T2, 1]                # A tuple with a variable number of T2 (>= 0)",
    # types-values-variables.md
    "Tuple[T1, T2, 1, 3]             # A tuple with a variable number of T2 (0-3 inclusive)",
    # types-values-variables.md
    "Tuple[T1, 5, 5]                 # A tuple with exactly 5 T1",
    # types-values-variables.md
    "Tuple[T1, 5, 10]                # A tuple 5 to 10 T1",
    # types-values-variables.md
    "Tuple[T1, T1, T2, 1, 3]         # A tuple of one T1, two T1, or two T1 followed by one T2",
    # types-values-variables.md
    " [\"a\", 1]     =~ Tuple[String, Integer]      # true\n [\"a\", 1,2,3] =~ Tuple[String, Integer, 1]   # true\n [\"a\", 1,2,3] =~ Tuple[String, Integer, 0]   # true\n [\"a\", 1,2,3] =~ Tuple[String, Integer, 0,2] # false\n [\"a\", 1,2,3] =~ Tuple[String, Integer, 4]   # true\n [\"a\", 1,2,3] =~ Tuple[String, Integer, 5]   # false",
    # types-values-variables.md
    "[\"a\", 1]     =~ Tuple[String, Integer]      # true",
    # types-values-variables.md
    "[\"a\", 1,2,3] =~ Tuple[String, Integer, 1]   # true",
    # types-values-variables.md
    "[\"a\", 1,2,3] =~ Tuple[String, Integer, 0]   # true",
    # types-values-variables.md
    "[\"a\", 1,2,3] =~ Tuple[String, Integer, 0,2] # false",
    # types-values-variables.md
    "[\"a\", 1,2,3] =~ Tuple[String, Integer, 4]   # true",
    # types-values-variables.md
    "[\"a\", 1,2,3] =~ Tuple[String, Integer, 5]   # false",
    # types-values-variables.md
    "Array[T] == Tuple[T,0,default]",
    # types-values-variables.md
    "[1,2,3]      =~ Collection[1,3]  # true, size >= 1 and <= 3",
    # types-values-variables.md
    "{a=>1, b=>2} =~ Collection[3]    # false, size is < 3",
    # types-values-variables.md
    "$array_of_numbers =~ Array[Variant[Integer[1000, 1999], Integer[10000, default]]]",
    # types-values-variables.md
    "Variant[Optional[T]] == Variant[T, Undef] == Optional[Variant[T]] == Optional[T]",
    # types-values-variables.md
    "Resource <= Resource[RT] <= Resource[RT, T]",
    # types-values-variables.md
    "Resource[RT1]   != Resource[RT2]",
    # types-values-variables.md
    "Resource[RT, T] != Resource[RT, T2]",
    # types-values-variables.md
    "Resource[RT]    == RT",
    # types-values-variables.md
    "Resource[RT, T] == RT[T]",
    # types-values-variables.md
    "Class > Class[c]",
    # types-values-variables.md
    "$secret = Sensitive(42)\n$processed = $secret.unwrap |$sensitive| { $sensitive * 2 }\nnotice $processed  # notices 84",
    # types-values-variables.md
    "$secret = Sensitive(42)",
    # types-values-variables.md
    "$processed = $secret.unwrap |$sensitive| { $sensitive * 2 }",
    # types-values-variables.md
    "notice $processed  # notices 84",
    # types-values-variables.md
    "$x = Sensitive.new('say friend')\n$x = Sensitive('password')\n$x = Sensitive[String].new('secret')",
    # types-values-variables.md
    "$x = Sensitive.new('say friend')",
    # types-values-variables.md
    "$x = Sensitive('password')",
    # types-values-variables.md
    "$x = Sensitive[String].new('secret')",
    # types-values-variables.md
    "Variable",
    # types-values-variables.md
    "NumericVariable",
    # types-values-variables.md
    "NamedVariable",
    # types-values-variables.md
    "(((((days * 24 + hours) * 60 + minutes) * 60 + seconds) * 1000 + milliseconds) * 1000 + microseconds) * 1000 + nanoseconds",
    # types-values-variables.md
    "['%D-%H:%M:%S.%-N', '%H:%M:%S.%-N', '%M:%S.%-N', '%S.%-N', '%D-%H:%M:%S', '%H:%M:%S', '%D-%H:%M', '%S']",
    # types-values-variables.md
    "$duration = Timespan(13.5)       # 13 seconds and 500 milliseconds\n$duration = Timespan({days=>4})  # 4 days\n$duration = Timespan(4, 0, 0, 2) # 4 days and 2 seconds\n$duration = Timespan('13:20')    # 13 hours and 20 minutes (using default pattern)\n$duration = Timespan('10:03.5', '%M:%S.%L') # 10 minutes, 3 seconds, and 5 milliseconds\n$duration = Timespan('10:03.5', '%M:%S.%N') # 10 minutes, 3 seconds, and 5 nanoseconds",
    # types-values-variables.md
    "$duration = Timespan(13.5)       # 13 seconds and 500 milliseconds",
    # types-values-variables.md
    "$duration = Timespan({days=>4})  # 4 days",
    # types-values-variables.md
    "$duration = Timespan(4, 0, 0, 2) # 4 days and 2 seconds",
    # types-values-variables.md
    "$duration = Timespan('13:20')    # 13 hours and 20 minutes (using default pattern)",
    # types-values-variables.md
    "$duration = Timespan('10:03.5', '%M:%S.%L') # 10 minutes, 3 seconds, and 5 milliseconds",
    # types-values-variables.md
    "$duration = Timespan('10:03.5', '%M:%S.%N') # 10 minutes, 3 seconds, and 5 nanoseconds",
    # types-values-variables.md
    "['%FT%T.%L %Z', '%FT%T %Z', '%F %Z', '%FT%T.L', '%FT%T', '%F']",
    # types-values-variables.md
    "$ts = Timestamp(1473150899)                              # 2016-09-06 08:34:59 UTC\n$ts = Timestamp({string=>'2015', format=>'%Y'})          # 2015-01-01 00:00:00.000 UTC\n$ts = Timestamp('Wed Aug 24 12:13:14 2016', '%c')        # 2016-08-24 12:13:14 UTC\n$ts = Timestamp('Wed Aug 24 12:13:14 2016 PDT', '%c %Z') # 2016-08-24 19:13:14.000 UTC",
    # types-values-variables.md
    "$ts = Timestamp(1473150899)                              # 2016-09-06 08:34:59 UTC",
    # types-values-variables.md
    "$ts = Timestamp({string=>'2015', format=>'%Y'})          # 2015-01-01 00:00:00.000 UTC",
    # types-values-variables.md
    "$ts = Timestamp('Wed Aug 24 12:13:14 2016', '%c')        # 2016-08-24 12:13:14 UTC",
    # types-values-variables.md
    "$ts = Timestamp('Wed Aug 24 12:13:14 2016 PDT', '%c %Z') # 2016-08-24 19:13:14.000 UTC",
    # parameters.md
    "[1,2,3].map |$x| { \"$x-$2\" }",
    # parameters.md
    "### Nested lambdas have access to enclosing match scope",
    # parameters.md
    "### Nested lambdas have access to parameter scope",
    # parameters.md
    "### Parameter scope is not available in function block",
    # parameters.md
    "### Duplicate keys in arguments by name calls are errors:",
    # parameters.md
    "### Defines and Classes allows access from the right in all cases:",
    # parameters.md
    "### Metaparameters are available in Parameter Scope",
]
