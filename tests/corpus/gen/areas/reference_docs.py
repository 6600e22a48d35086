"""The examples of the reference's own function documentation (written by
gen/reference_docs.py from puppet-agent's Ruby sources: do not edit)."""

PROGRAMS = [
    # functions/abs @example 1
    "abs(Numeric($str_val))",
    # functions/abs @example 2
    "Numeric($strval, true)     # Converts to absolute Integer or Float\nInteger($strval, 10, true) # Converts to absolute Integer using base 10 (decimal)\nInteger($strval, 16, true) # Converts to absolute Integer using base 16 (hex)\nFloat($strval, true)       # Converts to absolute Float",
    # functions/all @example 1
    "# For the array $data, run a lambda that checks that all values are multiples of 10\n$data = [10, 20, 30]\nnotice $data.all |$item| { $item % 10 == 0 }",
    # functions/all @example 2
    "# For the hash $data, run a lambda using each item as a key-value array\n$data = { 'a_0'=> 10, 'b_1' => 20 }\nnotice $data.all |$item| { $item[1] % 10 == 0  }",
    # functions/all @example 3
    "# Check that all values are a multiple of 10 and keys start with 'abc'\n$data = {abc_123 => 10, abc_42 => 20, abc_blue => 30}\nnotice $data.all |$key, $value| { $value % 10 == 0  and $key =~ /^abc/ }",
    # functions/annotate @example 1
    "$annotation = Mod::NickNameAdapter.annotate(o)\n\n$annotation = annotate(Mod::NickNameAdapter.annotate, o)",
    # functions/annotate @example 2
    "$annotation = Mod::NickNameAdapter.annotate(o) || { { 'nick_name' => 'Buddy' } }\n\n$annotation = annotate(Mod::NickNameAdapter.annotate, o) || { { 'nick_name' => 'Buddy' } }",
    # functions/annotate @example 3
    "$annotation = Mod::NickNameAdapter.annotate(o, { 'nick_name' => 'Buddy' })\n\n$annotation = annotate(Mod::NickNameAdapter.annotate, o, { 'nick_name' => 'Buddy' })",
    # functions/annotate @example 4
    "$annotation = Mod::NickNameAdapter.annotate(o, clear)\n\n$annotation = annotate(Mod::NickNameAdapter.annotate, o, clear)",
    # functions/any @example 1
    "# For the array $data, run a lambda that checks if an unknown hash contains those keys\n$data = [\"routers\", \"servers\", \"workstations\"]\n$looked_up = lookup('somekey', Hash)\nnotice $data.any |$item| { $looked_up[$item] }",
    # functions/any @example 2
    "# For the hash $data, run a lambda using each item as a key-value array.\n$data = {\"rtr\" => \"Router\", \"svr\" => \"Server\", \"wks\" => \"Workstation\"}\n$looked_up = lookup('somekey', Hash)\nnotice $data.any |$item| { $looked_up[$item[0]] }",
    # functions/any @example 3
    "# Check if there is an even numbered index that has a non String value\n$data = [key1, 1, 2, 2]\nnotice $data.any |$index, $value| { $index % 2 == 0 and $value !~ String }",
    # functions/assert_type @example 1
    "$raw_username = 'Amy Berry'\n\n# Assert that $raw_username is a non-empty string and assign it to $valid_username.\n$valid_username = assert_type(String[1], $raw_username)\n\n# $valid_username contains \"Amy Berry\".\n# If $raw_username was an empty string or a different data type, the Puppet run would\n# fail with an \"Expected type does not match actual\" error.",
    # functions/assert_type @example 2
    "$raw_username = 'Amy Berry'\n\n# Assert that $raw_username is a non-empty string and assign it to $valid_username.\n# If it isn't, output a warning describing the problem and use a default value.\n$valid_username = assert_type(String[1], $raw_username) |$expected, $actual| {\n  warning( \"The username should be \\'${expected}\\', not \\'${actual}\\'. Using 'anonymous'.\" )\n  'anonymous'\n}\n\n# $valid_username contains \"Amy Berry\".\n# If $raw_username was an empty string, the Puppet run would set $valid_username to\n# \"anonymous\" and output a warning: \"The username should be 'String[1, default]', not\n# 'String[0, 0]'. Using 'anonymous'.\"",
    # functions/break @example 1
    "$data = [1,2,3]\nnotice $data.map |$x| { if $x == 3 { break() } $x*10 }",
    # functions/break @example 2
    "function break_if_even($x) {\n  if $x % 2 == 0 { break() }\n}\n$data = [1,2,3]\nnotice $data.map |$x| { break_if_even($x); $x*10 }",
    # functions/call @example 1
    "$a = 'notice'\ncall($a, 'message')",
    # functions/call @example 2
    "$a = 'each'\n$b = [1,2,3]\ncall($a, $b) |$item| {\n notify { $item: }\n}",
    # functions/call @example 3
    "$d = Deferred('join', [[1,2,3], ':']) # A future call to join that joins the arguments 1,2,3 with ':'\nnotice($d.call())",
    # functions/call @example 4
    "$d = Deferred('$facts', ['processors', 'count'])\nnotice($d.call())",
    # functions/camelcase @example 1
    "'hello_friend'.camelcase()\ncamelcase('hello_friend')",
    # functions/camelcase @example 2
    "['abc_def', 'bcd_xyz'].camelcase()\ncamelcase(['abc_def', 'bcd_xyz'])",
    # functions/capitalize @example 1
    "'hello'.capitalize()\ncapitalize('hello')",
    # functions/capitalize @example 2
    "['abc', 'bcd'].capitalize()\ncapitalize(['abc', 'bcd'])",
    # functions/chomp @example 1
    "\"hello\\r\\n\".chomp()\nchomp(\"hello\\r\\n\")",
    # functions/chomp @example 2
    "[\"hello\\r\\n\", \"hi\\r\\n\"].chomp()\nchomp([\"hello\\r\\n\", \"hi\\r\\n\"])",
    # functions/chop @example 1
    "\"hello\\r\\n\".chop()\nchop(\"hello\\r\\n\")",
    # functions/chop @example 2
    "\"hello\".chop()\nchop(\"hello\")",
    # functions/chop @example 3
    "[\"hello\\r\\n\", \"hi\\r\\n\"].chop()\nchop([\"hello\\r\\n\", \"hi\\r\\n\"])",
    # functions/convert_to @example 1
    "# The harder to read variant:\n# Using new operator - that is \"calling the type\" with operator ()\nHash(Array(\"abc\").map |$i,$v| { [$i, $v] })\n\n# The easier to read variant:\n# using 'convert_to'\n\"abc\".convert_to(Array).map |$i,$v| { [$i, $v] }.convert_to(Hash)",
    # functions/defined @example 1
    "# Matching resource types\ndefined(\"file\")\ndefined(\"customtype\")\n\n# Matching defines and classes\ndefined(\"foo\")\ndefined(\"foo::bar\")\n\n# Matching variables (note the single quotes)\ndefined('$name')\n\n# Matching declared resources\ndefined(File['/tmp/file'])",
    # functions/defined @example 2
    "# Assign values to $is_defined_before and $is_defined_after using identical `defined`\n# functions.\n\n$is_defined_before = defined(File['/tmp/file'])\n\nfile { \"/tmp/file\":\n  ensure => present,\n}\n\n$is_defined_after = defined(File['/tmp/file'])\n\n# $is_defined_before returns false, but $is_defined_after returns true.",
    # functions/defined @example 3
    "file { \"/tmp/file1\":\n  ensure => file,\n}\n\n$tmp_file = file { \"/tmp/file2\":\n  ensure => file,\n}\n\n# Each of these statements return `true` ...\ndefined(File['/tmp/file1'])\ndefined(File['/tmp/file1'],File['/tmp/file2'])\ndefined(File['/tmp/file1'],File['/tmp/file2'],File['/tmp/file3'])\n# ... but this returns `false`.\ndefined(File['/tmp/file3'])\n\n# Each of these statements returns `true` ...\ndefined(Type[Resource['file','/tmp/file2']])\ndefined(Resource['file','/tmp/file2'])\ndefined(File['/tmp/file2'])\ndefined('$tmp_file')\n# ... but each of these returns `false`.\ndefined(Type[Resource['exec','/tmp/file2']])\ndefined(Resource['exec','/tmp/file2'])\ndefined(File['/tmp/file3'])\ndefined('$tmp_file2')",
    # functions/dig @example 1
    "$data = {a => { b => [{x => 10, y => 20}, {x => 100, y => 200}]}}\nnotice $data.dig('a', 'b', 1, 'x')",
    # functions/downcase @example 1
    "'HELLO'.downcase()\ndowncase('HEllO')",
    # functions/downcase @example 2
    "['A', 'B'].downcase()\ndowncase(['A', 'B'])",
    # functions/downcase @example 3
    "{'A' => 'HEllO', 'B' => 'GOODBYE'}.downcase()",
    # functions/downcase @example 4
    "['A', 'B', ['C', ['D']], {'X' => 'Y'}].downcase",
    # functions/each @example 1
    "# For the array $data, run a lambda that creates a resource for each item.\n$data = [\"routers\", \"servers\", \"workstations\"]\n$data.each |$item| {\n notify { $item:\n   message => $item\n }\n}\n# Puppet creates one resource for each of the three items in $data. Each resource is\n# named after the item's value and uses the item's value in a parameter.",
    # functions/each @example 2
    "# For the hash $data, run a lambda using each item as a key-value array that creates a\n# resource for each item.\n$data = {\"rtr\" => \"Router\", \"svr\" => \"Server\", \"wks\" => \"Workstation\"}\n$data.each |$items| {\n notify { $items[0]:\n   message => $items[1]\n }\n}\n# Puppet creates one resource for each of the three items in $data, each named after the\n# item's key and containing a parameter using the item's value.",
    # functions/each @example 3
    "# For the array $data, run a lambda using each item's index and value that creates a\n# resource for each item.\n$data = [\"routers\", \"servers\", \"workstations\"]\n$data.each |$index, $value| {\n notify { $value:\n   message => $index\n }\n}\n# Puppet creates one resource for each of the three items in $data, each named after the\n# item's value and containing a parameter using the item's index.",
    # functions/each @example 4
    "# For the hash $data, run a lambda using each item's key and value to create a resource\n# for each item.\n$data = {\"rtr\" => \"Router\", \"svr\" => \"Server\", \"wks\" => \"Workstation\"}\n$data.each |$key, $value| {\n notify { $key:\n   message => $value\n }\n}\n# Puppet creates one resource for each of the three items in $data, each named after the\n# item's key and containing a parameter using the item's value.",
    # functions/empty @example 1
    "notice([].empty)\nnotice(empty([]))\n# would both notice 'true'",
    # functions/filter @example 1
    "# For the array $data, return an array containing the values that end with \"berry\"\n$data = [\"orange\", \"blueberry\", \"raspberry\"]\n$filtered_data = $data.filter |$items| { $items =~ /berry$/ }\n# $filtered_data = [blueberry, raspberry]",
    # functions/filter @example 2
    "# For the hash $data, return a hash containing all values of keys that end with \"berry\"\n$data = { \"orange\" => 0, \"blueberry\" => 1, \"raspberry\" => 2 }\n$filtered_data = $data.filter |$items| { $items[0] =~ /berry$/ }\n# $filtered_data = {blueberry => 1, raspberry => 2}",
    # functions/filter @example 3
    "# For the array $data, return an array of all keys that both end with \"berry\" and have\n# an even-numbered index\n$data = [\"orange\", \"blueberry\", \"raspberry\"]\n$filtered_data = $data.filter |$indexes, $values| { $indexes % 2 == 0 and $values =~ /berry$/ }\n# $filtered_data = [raspberry]",
    # functions/filter @example 4
    "# For the hash $data, return a hash of all keys that both end with \"berry\" and have\n# values less than or equal to 1\n$data = { \"orange\" => 0, \"blueberry\" => 1, \"raspberry\" => 2 }\n$filtered_data = $data.filter |$keys, $values| { $keys =~ /berry$/ and $values <= 1 }\n# $filtered_data = {blueberry => 1}",
    # functions/flatten @example 1
    "flatten(['a', ['b', ['c']]])\n# Would return: ['a','b','c']",
    # functions/flatten @example 2
    "$hsh = { a => 1, b => 2}\n\n# -- without conversion\n$hsh.flatten()\n# Would return [{a => 1, b => 2}]\n\n# -- with conversion\n$hsh.convert_to(Array).flatten()\n# Would return [a,1,b,2]\n\nflatten(Array($hsh))\n# Would also return [a,1,b,2]",
    # functions/flatten @example 4
    "flatten(42)\n# Would return [42]\n\nflatten([42])\n# Would also return [42]",
    # functions/get @example 1
    "#get($facts, 'os.family')\n$facts.get('os.family')",
    # functions/get @example 2
    "get([1,2,[{'name' =>'waldo'}]], '2.0.name')",
    # functions/get @example 3
    "get([1,2,[{'name' =>'waldo'}]], '2.1.name', 'not waldo')",
    # functions/get @example 4
    "$x = [1, 2, { 'readme.md' => \"This is a readme.\"}]\n$x.get('2.\"readme.md\"')",
    # functions/get @example 5
    "$x = [1, 2, { '10' => \"ten\"}]\n$x.get('2.\"0\"')",
    # functions/get @example 6
    "$x = 'blue'\n$x.get('0.color', 'green') |$error| { undef } # result is undef\n\n$y = ['blue']\n$y.get('color', 'green') |$error| { undef } # result is undef",
    # functions/get @example 7
    "$x = [1, 2, ['blue']]\n$x.get('2.color') |$error| {\n  notice(\"Walked path is ${error.details['walked_path']}\")\n}",
    # functions/getvar @example 1
    "getvar('facts') # results in the value of $facts",
    # functions/getvar @example 2
    "getvar('facts.os.family') # results in the value of $facts['os']['family']",
    # functions/getvar @example 3
    "$x = [1,2,[{'name' =>'waldo'}]]\ngetvar('x.2.1.name', 'not waldo')\n# results in 'not waldo'",
    # functions/group_by @example 1
    "[a, b, ab].group_by |$s| { $s.length }",
    # functions/group_by @example 2
    "[a, b, ab].group_by |$i, $s| { $i%2 + $s.length }",
    # functions/group_by @example 3
    "{ a => [1, 2], b => [1] }.group_by |$kv| { $kv[1].length }",
    # functions/group_by @example 4
    "{ a => [1, 2], b => [1] }.group_by |$k, $v| { $v.length }",
    # functions/hiera @example 2
    "# Assuming the same Hiera data as the previous example:\n\n$users = hiera('users') | $key | { \"Key \\'${key}\\' not found\" }\n\n# $users contains {admins  => [\"Edith Franklin\", \"Ginny Hamilton\"],\n#                  regular => [\"Iris Jackson\", \"Kelly Lambert\"]}\n# If hiera couldn't match its key, it would return the lambda result,\n# \"Key 'users' not found\".",
    # functions/hiera_array @example 2
    "# Assuming the same Hiera data as the previous example:\n\n$allusers = hiera_array('users') | $key | { \"Key \\'${key}\\' not found\" }\n\n# $allusers contains [\"cdouglas = regular\", \"efranklin = regular\", \"abarry = admin\"].\n# If hiera_array couldn't match its key, it would return the lambda result,\n# \"Key 'users' not found\".",
    # functions/hiera_hash @example 2
    "# Assuming the same Hiera data as the previous example:\n\n$allusers = hiera_hash('users') | $key | { \"Key \\'${key}\\' not found\" }\n\n# $allusers contains {regular => {\"cdouglas\" => \"Carrie Douglas\"},\n#                     administrators => {\"aberry\" => \"Amy Berry\"}}\n# If hiera_hash couldn't match its key, it would return the lambda result,\n# \"Key 'users' not found\".",
    # functions/hiera_include @example 1
    "# In site.pp, outside of any node definitions and below any top-scope variables:\nlookup('classes', Array[String], 'unique').include",
    # functions/hiera_include @example 3
    "# Assuming the same Hiera data as the previous example:\n\n# In site.pp, outside of any node definitions and below any top-scope variables:\nhiera_include('classes') | $key | {\"Key \\'${key}\\' not found\" }\n\n# Puppet assigns the apache and apache::mod::php classes to the web01.example.com node.\n# If hiera_include couldn't match its key, it would return the lambda result,\n# \"Key 'classes' not found\".",
    # functions/index @example 1
    "$data = [\"routers\", \"servers\", \"workstations\"]\nnotice $data.index |$value| { $value == 'servers' } # notices 1\nnotice $data.index |$value| { $value == 'hosts'  }  # notices undef",
    # functions/index @example 2
    "$data = {types => [\"routers\", \"servers\", \"workstations\"], colors => ['red', 'blue', 'green']}\nnotice $data.index |$value| { 'servers' in $value } # notices 'types'\nnotice $data.index |$value| { 'red' in $value }     # notices 'colors'",
    # functions/index @example 3
    "# Find the first even numbered index that has a non String value\n$data = [key1, 1, 3, 5]\nnotice $data.index |$idx, $value| { $idx % 2 == 0 and $value !~ String } # notices 2",
    # functions/index @example 4
    "# Find first occurrence of 'ah'\n$data = \"blablahbleh\"\nnotice $data.index('ah') # notices 5",
    # functions/index @example 6
    "$data = ['routers', 'servers', 'WORKstations']\nnotice $data.index('servers')      # notices 1\nnotice $data.index('workstations') # notices undef (not matching case)",
    # functions/join @example 1
    "join(['a','b','c'], \",\")\n# Would result in: \"a,b,c\"",
    # functions/join @example 2
    "$a = [1,2, undef, 'hello', [x,y,z], {a => 2, b => [3, 4]}]\nnotice join($a, ', ')\n\n# would result in noticing:\n# 1, 2, , hello, x, y, z, {\"a\"=>2, \"b\"=>[3, 4]}",
    # functions/join @example 3
    "[1,2,3].reverse_each.convert_to(Array).join(', ')\n# would result in: \"3, 2, 1\"",
    # functions/join @example 4
    "{a => 1, b => 2}.convert_to(Array).join(', ')\n# would result in \"a, 1, b, 2\"",
    # functions/keys @example 1
    "$hsh = {\"apples\" => 3, \"oranges\" => 4 }\n$hsh.keys()\nkeys($hsh)\n# both results in the array [\"apples\", \"oranges\"]",
    # functions/lookup @example 1
    "lookup('ntp::service_name')",
    # functions/lookup @example 2
    "lookup('classes', Array[String], 'unique').include",
    # functions/lookup @example 3
    "lookup( { 'name'  => 'users',\n          'merge' => {\n            'strategy'        => 'deep',\n            'knockout_prefix' => '--',\n          },\n})",
    # functions/lstrip @example 1
    "\"\\n\\thello \".lstrip()\nlstrip(\"\\n\\thello \")",
    # functions/lstrip @example 2
    "[\"\\n\\thello \", \"\\n\\thi \"].lstrip()\nlstrip([\"\\n\\thello \", \"\\n\\thi \"])",
    # functions/map @example 1
    "# For the array $data, return an array containing each value multiplied by 10\n$data = [1,2,3]\n$transformed_data = $data.map |$items| { $items * 10 }\n# $transformed_data contains [10,20,30]",
    # functions/map @example 2
    "# For the hash $data, return an array containing the keys\n$data = {'a'=>1,'b'=>2,'c'=>3}\n$transformed_data = $data.map |$items| { $items[0] }\n# $transformed_data contains ['a','b','c']",
    # functions/map @example 3
    "# For the array $data, return an array containing the indexes\n$data = [1,2,3]\n$transformed_data = $data.map |$index,$value| { $index }\n# $transformed_data contains [0,1,2]",
    # functions/map @example 4
    "# For the hash $data, return an array containing each value\n$data = {'a'=>1,'b'=>2,'c'=>3}\n$transformed_data = $data.map |$key,$value| { $value }\n# $transformed_data contains [1,2,3]",
    # functions/match @example 1
    "$matches = \"abc123\".match(/[a-z]+[1-9]+/)\n# $matches contains [abc123]",
    # functions/match @example 2
    "$matches = \"abc123\".match(/([a-z]+)([1-9]+)/)\n# $matches contains [abc123, abc, 123]",
    # functions/match @example 3
    "$matches = [\"abc123\",\"def456\"].match(/([a-z]+)([1-9]+)/)\n# $matches contains [[abc123, abc, 123], [def456, def, 456]]",
    # functions/max @example 1
    "notice(max(1)) # would notice 1\nnotice(max(1,2)) # would notice 2\nnotice(max(\"1\", 2)) # would notice 2\nnotice(max(\"0777\", 512)) # would notice \"0777\", since \"0777\" is not converted from octal form\nnotice(max(0777, 512)) # would notice 512, since 0777 is decimal 511\nnotice(max('aa', 'ab')) # would notice 'ab'\nnotice(max(['a'], ['b'])) # would notice ['b'], since \"['b']\" is after \"['a']\"",
    # functions/max @example 2
    "$x = [1,2,3,4]\nnotice(max(*$x)) # would notice 4",
    # functions/max @example 3
    "$x = [1,2,3,4]\nnotice(max($x)) # would notice 4\nnotice($x.max) # would notice 4",
    # functions/max @example 4
    "notice(max(\"2\", \"10\", \"100\") |$a, $b| { compare($a, $b) })",
    # functions/min @example 1
    "notice(min(1)) # would notice 1\nnotice(min(1,2)) # would notice 1\nnotice(min(\"1\", 2)) # would notice 1\nnotice(min(\"0777\", 512)) # would notice 512, since \"0777\" is not converted from octal form\nnotice(min(0777, 512)) # would notice 511, since 0777 is decimal 511\nnotice(min('aa', 'ab')) # would notice 'aa'\nnotice(min(['a'], ['b'])) # would notice ['a'], since \"['a']\" is before \"['b']\"",
    # functions/min @example 2
    "$x = [1,2,3,4]\nnotice(min(*$x)) # would notice 1",
    # functions/min @example 3
    "$x = [1,2,3,4]\nnotice(min($x)) # would notice 1\nnotice($x.min) # would notice 1",
    # functions/min @example 4
    "notice(min(\"2\", \"10\", \"100\") |$a, $b| { compare($a, $b) })",
    # functions/new @example 1
    "$a = Integer.new(\"42\")\n$b = Integer(\"42\")",
    # functions/new @example 2
    "$a = Integer.new(\"42\", 8)\n$b = Integer({from => \"42\", radix => 8})",
    # functions/new @example 3
    "Integer[0].new(\"-100\")",
    # functions/new @example 5
    "$a_number = Integer(\"0xFF\", 16)    # results in 255\n$a_number = Integer(\"010\")         # results in 8\n$a_number = Integer(\"010\", 10)     # results in 10\n$a_number = Integer(true)          # results in 1\n$a_number = Integer(-38, 10, true) # results in 38",
    # functions/new @example 8
    "$a_number = Numeric(true)        # results in 1\n$a_number = Numeric(\"0xFF\")      # results in 255\n$a_number = Numeric(\"010\")       # results in 8\n$a_number = Numeric(\"3.14\")      # results in 3.14 (a float)\n$a_number = Numeric(-42.3, true) # results in 42.3\n$a_number = Numeric(-42, true)   # results in 42",
    # functions/new @example 10
    "(((((days * 24 + hours) * 60 + minutes) * 60 + seconds) * 1000 + milliseconds) * 1000 + microseconds) * 1000 + nanoseconds",
    # functions/new @example 16
    "['%D-%H:%M:%S', '%D-%H:%M', '%H:%M:%S', '%H:%M']",
    # functions/new @example 17
    "$duration = Timespan(13.5)       # 13 seconds and 500 milliseconds\n$duration = Timespan({days=>4})  # 4 days\n$duration = Timespan(4, 0, 0, 2) # 4 days and 2 seconds\n$duration = Timespan('13:20')    # 13 hours and 20 minutes (using default pattern)\n$duration = Timespan('10:03.5', '%M:%S.%L') # 10 minutes, 3 seconds, and 5 milli-seconds\n$duration = Timespan('10:03.5', '%M:%S.%N') # 10 minutes, 3 seconds, and 5 nano-seconds",
    # functions/new @example 22
    "['%FT%T.L', '%FT%T', '%F']",
    # functions/new @example 23
    "['%FT%T.%L %Z', '%FT%T %Z', '%F %Z', '%FT%T.L', '%FT%T', '%F']",
    # functions/new @example 24
    "$ts = Timestamp(1473150899)                              # 2016-09-06 08:34:59 UTC\n$ts = Timestamp({string=>'2015', format=>'%Y'})          # 2015-01-01 00:00:00.000 UTC\n$ts = Timestamp('Wed Aug 24 12:13:14 2016', '%c')        # 2016-08-24 12:13:14 UTC\n$ts = Timestamp('Wed Aug 24 12:13:14 2016 PDT', '%c %Z') # 2016-08-24 19:13:14.000 UTC\n$ts = Timestamp('2016-08-24 12:13:14', '%F %T', 'PST')   # 2016-08-24 20:13:14.000 UTC\n$ts = Timestamp('2016-08-24T12:13:14', default, 'PST')   # 2016-08-24 20:13:14.000 UTC",
    # functions/new @example 25
    "$t = Type.new('Integer[10]')",
    # functions/new @example 26
    "$format_map = {\n  Integer[default, 0] => \"%d\",\n  Integer[1, default] => \"%#x\"\n}\nString(\"-1\", $format_map)  # produces '-1'\nString(\"10\", $format_map)  # produces '0xa'",
    # functions/new @example 29
    "$str = String(10)      # produces '10'\n$str = String([10])    # produces '[\"10\"]'",
    # functions/new @example 30
    "$str = String(10, \"%#x\")    # produces '0x10'\n$str = String([10], \"%(a\")  # produces '(\"10\")'",
    # functions/new @example 31
    "$formats = {\n  Array => {\n    format => '%(a',\n    string_formats => { Integer => '%#x' }\n  }\n}\n$str = String([1,2,3], $formats) # produces '(0x1, 0x2, 0x3)'",
    # functions/new @example 32
    "$arr = Array($value, true)",
    # functions/new @example 33
    "# A hash tree with 'water' at different locations\n$h = { a => { b => { x => 'water'}}, b => { y => 'water'} }\n# a helper function that turns water into wine\nfunction make_wine($x) { if $x == 'water' { 'wine' } else { $x } }\n# create a flattened tree with water turned into wine\n$flat_tree = $h.tree_each.map |$entry| { [$entry[0], make_wine($entry[1])] }\n# create a new Hash and log it\nnotice Hash($flat_tree, 'hash_tree')",
    # functions/new @example 36
    "# As a type, SemVer can describe disjunct ranges which versions can be\n# matched against - here the type is constructed with two\n# SemVerRange objects.\n#\n$t = SemVer[\n  SemVerRange('>=1.0.0 <2.0.0'),\n  SemVerRange('>=3.0.0 <4.0.0')\n]\nnotice(SemVer('1.2.3') =~ $t) # true\nnotice(SemVer('2.3.4') =~ $t) # false\nnotice(SemVer('3.4.5') =~ $t) # true",
    # functions/new @example 39
    "# create the binary content \"abc\"\n$a = Binary('YWJj')\n\n# create the binary content from content in a module's file\n$b = binary_file('mymodule/mypicture.jpg')",
    # functions/new @example 40
    "# The following declaration\n$x = Init[Integer].new('128')\n# is exactly the same as\n$x = Integer.new('128')",
    # functions/new @example 41
    "# The following declaration\n$x = Init[Integer,16]('80')\n# is exactly the same as\n$x = Integer('80', 16)",
    # functions/next @example 1
    "$data = ['a','b','c']\n$data.each |Integer $index, String $value| {\n  if $index == 1 {\n    next()\n  }\n  notice (\"${index} = ${value}\")\n}",
    # functions/partition @example 1
    "['', b, c].partition |$s| { $s.empty }",
    # functions/partition @example 2
    "['', b, ab].partition |$i, $s| { $i == 2 or $s.empty }",
    # functions/partition @example 3
    "{ a => [1, 2], b => [] }.partition |$kv| { $kv[1].empty }",
    # functions/partition @example 4
    "{ a => [1, 2], b => [] }.partition |$k, $v| { $v.empty }",
    # functions/reduce @example 1
    "# Reduce the array $data, returning the sum of all values in the array.\n$data = [1, 2, 3]\n$sum = $data.reduce |$memo, $value| { $memo + $value }\n# $sum contains 6\n\n# Reduce the array $data, returning the sum of a start memo value and all values in the\n# array.\n$data = [1, 2, 3]\n$sum = $data.reduce(4) |$memo, $value| { $memo + $value }\n# $sum contains 10\n\n# Reduce the hash $data, returning the sum of all values and concatenated string of all\n# keys.\n$data = {a => 1, b => 2, c => 3}\n$combine = $data.reduce |$memo, $value| {\n  $string = \"${memo[0]}${value[0]}\"\n  $number = $memo[1] + $value[1]\n  [$string, $number]\n}\n# $combine contains [abc, 6]",
    # functions/reduce @example 2
    "# Reduce the array $data, returning the sum of all values in the array and starting\n# with $memo set to an arbitrary value instead of $data's first value.\n$data = [1, 2, 3]\n$sum = $data.reduce(4) |$memo, $value| { $memo + $value }\n# At the start of the lambda's first iteration, $memo contains 4 and $value contains 1.\n# After all iterations, $sum contains 10.\n\n# Reduce the hash $data, returning the sum of all values and concatenated string of\n# all keys, and starting with $memo set to an arbitrary array instead of $data's first\n# key-value pair.\n$data = {a => 1, b => 2, c => 3}\n$combine = $data.reduce( [d, 4] ) |$memo, $value| {\n  $string = \"${memo[0]}${value[0]}\"\n  $number = $memo[1] + $value[1]\n  [$string, $number]\n}\n# At the start of the lambda's first iteration, $memo contains [d, 4] and $value\n# contains [a, 1].\n# $combine contains [dabc, 10]",
    # functions/reduce @example 3
    "# Reduce a hash of hashes $data, merging defaults into the inner hashes.\n$data = {\n  'connection1' => {\n    'username' => 'user1',\n    'password' => 'pass1',\n  },\n  'connection_name2' => {\n    'username' => 'user2',\n    'password' => 'pass2',\n  },\n}\n\n$defaults = {\n  'maxActive' => '20',\n  'maxWait'   => '10000',\n  'username'  => 'defaultuser',\n  'password'  => 'defaultpass',\n}\n\n$merged = $data.reduce( {} ) |$memo, $x| {\n  $memo + { $x[0] => $defaults + $data[$x[0]] }\n}\n# At the start of the lambda's first iteration, $memo is set to {}, and $x is set to\n# the first [key, value] tuple. The key in $data is, therefore, given by $x[0]. In\n# subsequent rounds, $memo retains the value returned by the expression, i.e.\n# $memo + { $x[0] => $defaults + $data[$x[0]] }.",
    # functions/regsubst @example 1
    "$i3 = regsubst($ipaddress,'^(\\\\d+)\\\\.(\\\\d+)\\\\.(\\\\d+)\\\\.(\\\\d+)$','\\\\3')",
    # functions/regsubst @example 2
    "$x = regsubst($ipaddress, /([0-9]+)/, '<\\\\1>', 'G')",
    # functions/reverse_each @example 2
    "$reverse_data = $data.reverse_each",
    # functions/reverse_each @example 4
    "$reverse_data = reverse_each($data)",
    # functions/reverse_each @example 5
    "# Puppet will log a notice for each of the three items\n# in $data in reverse order.\n$data = [1,2,3]\n$data.reverse_each |$item| { notice($item) }",
    # functions/reverse_each @example 6
    "# For the array $data, return an array containing each\n# value multiplied by 10 in reverse order\n$data = [1,2,3]\n$transformed_data = $data.reverse_each.map |$item| { $item * 10 }\n# $transformed_data is set to [30,20,10]",
    # functions/reverse_each @example 7
    "# For the array $data, return an array containing each\n# value multiplied by 10 in reverse order\n$data = [1,2,3]\n$transformed_data = map(reverse_each($data)) |$item| { $item * 10 }\n# $transformed_data is set to [30,20,10]",
    # functions/round @example 1
    "notice(round(2.9)) # would notice 3\nnotice(round(2.1)) # would notice 2\nnotice(round(-2.9)) # would notice -3",
    # functions/rstrip @example 1
    "\" hello\\n\\t\".rstrip()\nrstrip(\" hello\\n\\t\")",
    # functions/rstrip @example 2
    "[\" hello\\n\\t\", \" hi\\n\\t\"].rstrip()\nrstrip([\" hello\\n\\t\", \" hi\\n\\t\"])",
    # functions/slice @example 1
    "$a.slice(2) |$entry|          { notice \"first ${$entry[0]}, second ${$entry[1]}\" }\n$a.slice(2) |$first, $second| { notice \"first ${first}, second ${second}\" }",
    # functions/slice @example 2
    "slice([1,2,3,4,5,6], 2) # produces [[1,2], [3,4], [5,6]]\nslice(Integer[1,6], 2)  # produces [[1,2], [3,4], [5,6]]\nslice(4,2)              # produces [[0,1], [2,3]]\nslice('hello',2)        # produces [[h, e], [l, l], [o]]",
    # functions/sort @example 1
    "notice(sort(\"xadb\")) # notices 'abdx'",
    # functions/sort @example 2
    "notice(sort([3,6,2])) # notices [2, 3, 6]",
    # functions/sort @example 3
    "notice(sort([3,6,2]) |$a,$b| { compare($a, $b) }) # notices [2, 3, 6]\nnotice(sort([3,6,2]) |$a,$b| { compare($b, $a) }) # notices [6, 3, 2]",
    # functions/sort @example 4
    "notice(sort(['A','b','C']))                                    # notices ['A', 'C', 'b']\nnotice(sort(['A','b','C']) |$a,$b| { compare($a, $b) })        # notices ['A', 'b', 'C']\nnotice(sort(['A','b','C']) |$a,$b| { compare($a, $b, true) })  # notices ['A', 'b', 'C']\nnotice(sort(['A','b','C']) |$a,$b| { compare($a, $b, false) }) # notices ['A','C', 'b']",
    # functions/sort @example 5
    "notice(sort(['b', 3, 'a', 2]) |$a, $b| {\n  case [$a, $b] {\n    [String, Numeric] : { 1 }\n    [Numeric, String] : { -1 }\n    default:            { compare($a, $b) }\n  }\n})",
    # functions/split @example 1
    "$string     = 'v1.v2:v3.v4'\n$array_var1 = split($string, /:/)\n$array_var2 = split($string, '[.]')\n$array_var3 = split($string, Regexp['[.:]'])\n\n#`$array_var1` now holds the result `['v1.v2', 'v3.v4']`,\n# while `$array_var2` holds `['v1', 'v2:v3', 'v4']`, and\n# `$array_var3` holds `['v1', 'v2', 'v3', 'v4']`.",
    # functions/step @example 5
    "# For the array $data, call a block with the first element and then with each 3rd successor element\n$data = [1,2,3,4,5,6,7,8]\n$data.step(3) |$item| {\n notice($item)\n}\n# Puppet notices the values '1', '4', '7'.",
    # functions/strftime @example 1
    "$timestamp = Timestamp('2016-08-24T12:13:14')\n\n# Notice the timestamp using a format that notices the ISO 8601 date format\nnotice($timestamp.strftime('%F')) # outputs '2016-08-24'\n\n# Notice the timestamp using a format that notices weekday, month, day, time (as UTC), and year\nnotice($timestamp.strftime('%c')) # outputs 'Wed Aug 24 12:13:14 2016'\n\n# Notice the timestamp using a specific timezone\nnotice($timestamp.strftime('%F %T %z', 'PST')) # outputs '2016-08-24 04:13:14 -0800'\n\n# Notice the timestamp using timezone that is current for the evaluating process\nnotice($timestamp.strftime('%F %T', 'current')) # outputs the timestamp using the timezone for the current process",
    # functions/strftime @example 2
    "$duration = Timespan({ hours => 3, minutes => 20, seconds => 30 })\n\n# Notice the duration using a format that outputs <hours>:<minutes>:<seconds>\nnotice($duration.strftime('%H:%M:%S')) # outputs '03:20:30'\n\n# Notice the duration using a format that outputs <minutes>:<seconds>\nnotice($duration.strftime('%M:%S')) # outputs '200:30'",
    # functions/strip @example 1
    "\" hello\\n\\t\".strip()\nstrip(\" hello\\n\\t\")",
    # functions/strip @example 2
    "[\" hello\\n\\t\", \" hi\\n\\t\"].strip()\nstrip([\" hello\\n\\t\", \" hi\\n\\t\"])",
    # functions/then @example 1
    "$data = {a => { b => [{x => 10, y => 20}, {x => 100, y => 200}]}}\nnotice $data.dig(a, b, 1, x).then |$x| { $x * 2 }",
    # functions/then @example 2
    "$data = {a => { b => [{x => 10, y => 20}, {not_x => 100, why => 200}]}}\nnotice $data.dig(a, b, 1, x).then |$x| { $x * 2 }",
    # functions/then @example 3
    "# Names to choose from\n$names = ['Ringo', 'Paul', 'George', 'John']\n\n# Structure where 'beatle 2' is wanted (but where the number refers\n# to 'Paul' because input comes from a source using 1 for the first\n# element).\n\n$data = ['singer', { beatle => 2 }]\n$picked = assert_type(String,\n  # the data we are interested in is the second in the array,\n  # a hash, where we want the value of the key 'beatle'\n  $data.dig(1, 'beatle')\n    # and we want the index in $names before the given index\n    .then |$x| { $names[$x-1] }\n    # so we can construct a string with that beatle's name\n    .then |$x| { \"Picked Beatle '${x}'\" }\n)\nnotice $picked",
    # functions/tree_each @example 1
    "[1, [2, 3], 4]",
    # functions/tree_each @example 2
    "$data = [1, 2, [3, [4, 5]]]\n$data.tree_each({include_containers => false}) |$v| { notice \"$v\" }",
    # functions/tree_each @example 3
    "$data = [1, 2, [3, [4, 5]]]\n$data.tree_each |$v| { notice \"$v\" }",
    # functions/tree_each @example 4
    "$data = [1, 2, [3, [4, 5]]]\n$data.tree_each({include_values => false, include_root => false}) |$v| { notice \"$v\" }",
    # functions/tree_each @example 6
    "# A tree of some complexity (here very simple for readability)\n$tree = [\n { name => 'user1', status => 'inactive', id => '10'},\n { name => 'user2', status => 'active', id => '20'}\n]\nnotice $tree.tree_each.filter |$v| {\n $value = $v[1]\n $value =~ Hash and $value[status] == active\n}",
    # functions/unique @example 1
    "# will produce 'abc'\n\"abcaabb\".unique",
    # functions/unique @example 2
    "# will produce ['a', 'b', 'c']\n['a', 'b', 'c', 'a', 'a', 'b'].unique",
    # functions/unique @example 3
    "# will produce { ['a', 'b'] => [10], ['c'] => [20]}\n{'a' => 10, 'b' => 10, 'c' => 20}.unique\n\n# will produce { 'a' => 10, 'c' => 20 } (use first key with first value)\nHash.new({'a' => 10, 'b' => 10, 'c' => 20}.unique.map |$k, $v| { [ $k[0] , $v[0]] })\n\n# will produce { 'b' => 10, 'c' => 20 } (use last key with first value)\nHash.new({'a' => 10, 'b' => 10, 'c' => 20}.unique.map |$k, $v| { [ $k[-1] , $v[0]] })",
    # functions/unique @example 4
    "# will produce [3, 2, 1]\n[1,2,2,3,3].reverse_each.unique",
    # functions/unique @example 6
    "# Array ['a', 'b', 'c'] to Hash with index results in\n# {0 => 'a', 1 => 'b', 2 => 'c'}\nHash(['a', 'b', 'c'].map |$i, $v| { [$i, $v]})\n\n# String \"abc\" to Hash with index results in\n# {0 => 'a', 1 => 'b', 2 => 'c'}\nHash(Array(\"abc\").map |$i,$v| { [$i, $v]})\n\"abc\".to(Array).map |$i,$v| { [$i, $v]}.to(Hash)",
    # functions/unwrap @example 1
    "$plaintext = 'hunter2'\n$pw = Sensitive.new($plaintext)\nnotice(\"Wrapped object is $pw\") #=> Prints \"Wrapped object is Sensitive [value redacted]\"\n$unwrapped = $pw.unwrap\nnotice(\"Unwrapped object is $unwrapped\") #=> Prints \"Unwrapped object is hunter2\"",
    # functions/unwrap @example 2
    "$pw = Sensitive.new('hunter2')\nnotice(\"Wrapped object is $pw\") #=> Prints \"Wrapped object is Sensitive [value redacted]\"\n$pw.unwrap |$unwrapped| {\n  $conf = inline_template(\"password: ${unwrapped}\\n\")\n  Sensitive.new($conf)\n} #=> Returns a new Sensitive object containing an interpolated config file\n# $unwrapped is now out of scope",
    # functions/upcase @example 1
    "'hello'.upcase()\nupcase('hello')",
    # functions/upcase @example 2
    "['a', 'b'].upcase()\nupcase(['a', 'b'])",
    # functions/upcase @example 3
    "{'a' => 'hello', 'b' => 'goodbye'}.upcase()",
    # functions/upcase @example 4
    "['a', 'b', ['c', ['d']], {'x' => 'y'}].upcase",
    # functions/values @example 1
    "$hsh = {\"apples\" => 3, \"oranges\" => 4 }\n$hsh.values()\nvalues($hsh)\n# both results in the array [3, 4]",
    # functions/versioncmp @example 1
    "if versioncmp('2.6-1', '2.4.5') > 0 {\n    notice('2.6-1 is > than 2.4.5')\n}",
    # functions/with @example 1
    "# Concatenate three strings into a single string formatted as a list.\n$fruit = with(\"apples\", \"oranges\", \"bananas\") |$x, $y, $z| {\n  \"${x}, ${y}, and ${z}\"\n}\n$check_var = $x\n# $fruit contains \"apples, oranges, and bananas\"\n# $check_var is undefined, as the value of $x is local to the lambda.",
    # parser/functions/lest @example 1
    "if $x == undef { do_things() }\nlest($x) || { do_things() }",
    # parser/functions/next @example 1
    "$data = [1,2,3]\n$data.each |$x| { if $x == 2 { next() } notice $x }",
    # parser/functions/next @example 2
    "$data = [1,2,3]\nnotice $data.map |$x| { if $x == 2 { next($x*100) }; $x*10 }",
    # parser/functions/return @example 1
    "function example($x) {\n  # handle trivial cases first for better readability of\n  # what follows\n  if $x == undef or $x == [] or $x == '' {\n    return false\n  }\n  # complex logic to determine if value is true\n  true \n}\nnotice example([]) # would notice false\nnotice example(42) # would notice true",
    # parser/functions/return @example 2
    "class example($x) {\n  # handle trivial cases first for better readability of\n  # what follows\n  if $x == undef or $x == [] or $x == '' {\n    # Do some default configuration of this class\n    notice 'foo'\n    return()\n  }\n  # complex logic configuring the class if something more interesting\n  # was given in $x\n  notice 'bar'\n}",
    # parser/functions/return @example 3
    "class { example: x => [] }",
    # parser/functions/return @example 4
    "class { example: x => [some_value] }",
    # parser/functions/return @example 5
    "# Concatenate three strings into a single string formatted as a list.\nfunction getFruit() {\n  with(\"apples\", \"oranges\", \"bananas\") |$x, $y, $z| {\n    return(\"${x}, ${y}, and ${z}\")\n  }\n  notice \"not reached\"\n}\n$fruit = getFruit()\nnotice $fruit\n\n# The output contains \"apples, oranges, and bananas\".\n# \"not reached\" is not output because the function returns its value within the\n# calling function's scope, which stops processing the calling function before\n# the `notice \"not reached\"` statement.\n# Using `return()` outside of a calling function results in an error.",
    # parser/functions/scanf @example 1
    "\"42\".scanf(\"%i\")",
    # parser/functions/scanf @example 2
    "\"42\".scanf(\"%i\") |$x| {\n  unless $x[0] =~ Integer {\n    fail \"Expected a well formed integer value, got '$x[0]'\"\n  }\n  $x[0]\n}",
    # parser/functions/then @example 2
    "$data = {a => { b => [{x => 10, y => 20}, {ex => 100, why => 200}]}}\nnotice $data.dig(a, b, 1, x).then |$x| { $x * 2 }",
    # parser/functions/then @example 3
    "# Names to choose from\n$names = ['Ringo', 'Paul', 'George', 'John']\n\n# Structure where 'beatle 2' is wanted (but where the number refers\n# to 'Paul' because input comes from a source using 1 for the first\n# element).\n\n$data = ['singer', { beatle => 2 }]\n$picked = assert_type(String,\n  # the data we are interested in is the second in the array,\n  # a hash, where we want the value of the key 'beatle'\n  $data.dig(1, 'beatle')\n    # and we want the index in $names before the given index\n    .then |$x| { $names[$x-1] }\n    # so we can construct a string with that beatle's name\n    .then |$x| { \"Picked Beatle '${x}'\" }\n)",
    # functions/abs @example 2
    "Numeric($strval, true)     # Converts to absolute Integer or Float",
    # functions/abs @example 2
    "Integer($strval, 10, true) # Converts to absolute Integer using base 10 (decimal)",
    # functions/abs @example 2
    "Integer($strval, 16, true) # Converts to absolute Integer using base 16 (hex)",
    # functions/abs @example 2
    "Float($strval, true)       # Converts to absolute Float",
    # functions/all @example 1
    "$data = [10, 20, 30]",
    # functions/all @example 1
    "notice $data.all |$item| { $item % 10 == 0 }",
    # functions/all @example 2
    "$data = { 'a_0'=> 10, 'b_1' => 20 }",
    # functions/all @example 2
    "notice $data.all |$item| { $item[1] % 10 == 0  }",
    # functions/all @example 3
    "$data = {abc_123 => 10, abc_42 => 20, abc_blue => 30}",
    # functions/all @example 3
    "notice $data.all |$key, $value| { $value % 10 == 0  and $key =~ /^abc/ }",
    # functions/annotate @example 1
    "$annotation = Mod::NickNameAdapter.annotate(o)",
    # functions/annotate @example 1
    "$annotation = annotate(Mod::NickNameAdapter.annotate, o)",
    # functions/annotate @example 2
    "$annotation = Mod::NickNameAdapter.annotate(o) || { { 'nick_name' => 'Buddy' } }",
    # functions/annotate @example 2
    "$annotation = annotate(Mod::NickNameAdapter.annotate, o) || { { 'nick_name' => 'Buddy' } }",
    # functions/annotate @example 3
    "$annotation = Mod::NickNameAdapter.annotate(o, { 'nick_name' => 'Buddy' })",
    # functions/annotate @example 3
    "$annotation = annotate(Mod::NickNameAdapter.annotate, o, { 'nick_name' => 'Buddy' })",
    # functions/annotate @example 4
    "$annotation = Mod::NickNameAdapter.annotate(o, clear)",
    # functions/annotate @example 4
    "$annotation = annotate(Mod::NickNameAdapter.annotate, o, clear)",
    # functions/any @example 1
    "$data = [\"routers\", \"servers\", \"workstations\"]",
    # functions/any @example 1
    "$looked_up = lookup('somekey', Hash)",
    # functions/any @example 1
    "notice $data.any |$item| { $looked_up[$item] }",
    # functions/any @example 2
    "$data = {\"rtr\" => \"Router\", \"svr\" => \"Server\", \"wks\" => \"Workstation\"}",
    # functions/any @example 2
    "notice $data.any |$item| { $looked_up[$item[0]] }",
    # functions/any @example 3
    "$data = [key1, 1, 2, 2]",
    # functions/any @example 3
    "notice $data.any |$index, $value| { $index % 2 == 0 and $value !~ String }",
    # functions/assert_type @example 1
    "$raw_username = 'Amy Berry'",
    # functions/assert_type @example 1
    "$valid_username = assert_type(String[1], $raw_username)",
    # functions/assert_type @example 2
    "warning( \"The username should be \\'${expected}\\', not \\'${actual}\\'. Using 'anonymous'.\" )",
    # functions/assert_type @example 2
    "'anonymous'",
    # functions/break @example 1
    "$data = [1,2,3]",
    # functions/break @example 1
    "notice $data.map |$x| { if $x == 3 { break() } $x*10 }",
    # functions/break @example 2
    "if $x % 2 == 0 { break() }",
    # functions/break @example 2
    "notice $data.map |$x| { break_if_even($x); $x*10 }",
    # functions/call @example 1
    "$a = 'notice'",
    # functions/call @example 1
    "call($a, 'message')",
    # functions/call @example 2
    "$a = 'each'",
    # functions/call @example 2
    "$b = [1,2,3]",
    # functions/call @example 2
    "notify { $item: }",
    # functions/call @example 3
    "$d = Deferred('join', [[1,2,3], ':']) # A future call to join that joins the arguments 1,2,3 with ':'",
    # functions/call @example 3
    "notice($d.call())",
    # functions/call @example 4
    "$d = Deferred('$facts', ['processors', 'count'])",
    # functions/camelcase @example 1
    "'hello_friend'.camelcase()",
    # functions/camelcase @example 1
    "camelcase('hello_friend')",
    # functions/camelcase @example 2
    "['abc_def', 'bcd_xyz'].camelcase()",
    # functions/camelcase @example 2
    "camelcase(['abc_def', 'bcd_xyz'])",
    # functions/capitalize @example 1
    "'hello'.capitalize()",
    # functions/capitalize @example 1
    "capitalize('hello')",
    # functions/capitalize @example 2
    "['abc', 'bcd'].capitalize()",
    # functions/capitalize @example 2
    "capitalize(['abc', 'bcd'])",
    # functions/chomp @example 1
    "\"hello\\r\\n\".chomp()",
    # functions/chomp @example 1
    "chomp(\"hello\\r\\n\")",
    # functions/chomp @example 2
    "[\"hello\\r\\n\", \"hi\\r\\n\"].chomp()",
    # functions/chomp @example 2
    "chomp([\"hello\\r\\n\", \"hi\\r\\n\"])",
    # functions/chop @example 1
    "\"hello\\r\\n\".chop()",
    # functions/chop @example 1
    "chop(\"hello\\r\\n\")",
    # functions/chop @example 2
    "\"hello\".chop()",
    # functions/chop @example 2
    "chop(\"hello\")",
    # functions/chop @example 3
    "[\"hello\\r\\n\", \"hi\\r\\n\"].chop()",
    # functions/chop @example 3
    "chop([\"hello\\r\\n\", \"hi\\r\\n\"])",
    # functions/convert_to @example 1
    "Hash(Array(\"abc\").map |$i,$v| { [$i, $v] })",
    # functions/convert_to @example 1
    "\"abc\".convert_to(Array).map |$i,$v| { [$i, $v] }.convert_to(Hash)",
    # functions/defined @example 1
    "defined(\"file\")",
    # functions/defined @example 1
    "defined(\"customtype\")",
    # functions/defined @example 1
    "defined(\"foo\")",
    # functions/defined @example 1
    "defined(\"foo::bar\")",
    # functions/defined @example 1
    "defined('$name')",
    # functions/defined @example 1
    "defined(File['/tmp/file'])",
    # functions/defined @example 2
    "$is_defined_before = defined(File['/tmp/file'])",
    # functions/defined @example 2
    "$is_defined_after = defined(File['/tmp/file'])",
    # functions/defined @example 3
    "defined(File['/tmp/file1'])",
    # functions/defined @example 3
    "defined(File['/tmp/file1'],File['/tmp/file2'])",
    # functions/defined @example 3
    "defined(File['/tmp/file1'],File['/tmp/file2'],File['/tmp/file3'])",
    # functions/defined @example 3
    "defined(File['/tmp/file3'])",
    # functions/defined @example 3
    "defined(Type[Resource['file','/tmp/file2']])",
    # functions/defined @example 3
    "defined(Resource['file','/tmp/file2'])",
    # functions/defined @example 3
    "defined(File['/tmp/file2'])",
    # functions/defined @example 3
    "defined('$tmp_file')",
    # functions/defined @example 3
    "defined(Type[Resource['exec','/tmp/file2']])",
    # functions/defined @example 3
    "defined(Resource['exec','/tmp/file2'])",
    # functions/defined @example 3
    "defined('$tmp_file2')",
    # functions/dig @example 1
    "$data = {a => { b => [{x => 10, y => 20}, {x => 100, y => 200}]}}",
    # functions/dig @example 1
    "notice $data.dig('a', 'b', 1, 'x')",
    # functions/downcase @example 1
    "'HELLO'.downcase()",
    # functions/downcase @example 1
    "downcase('HEllO')",
    # functions/downcase @example 2
    "['A', 'B'].downcase()",
    # functions/downcase @example 2
    "downcase(['A', 'B'])",
    # functions/empty @example 1
    "notice([].empty)",
    # functions/empty @example 1
    "notice(empty([]))",
    # functions/filter @example 1
    "$data = [\"orange\", \"blueberry\", \"raspberry\"]",
    # functions/filter @example 1
    "$filtered_data = $data.filter |$items| { $items =~ /berry$/ }",
    # functions/filter @example 2
    "$data = { \"orange\" => 0, \"blueberry\" => 1, \"raspberry\" => 2 }",
    # functions/filter @example 2
    "$filtered_data = $data.filter |$items| { $items[0] =~ /berry$/ }",
    # functions/filter @example 3
    "$filtered_data = $data.filter |$indexes, $values| { $indexes % 2 == 0 and $values =~ /berry$/ }",
    # functions/filter @example 4
    "$filtered_data = $data.filter |$keys, $values| { $keys =~ /berry$/ and $values <= 1 }",
    # functions/flatten @example 2
    "$hsh = { a => 1, b => 2}",
    # functions/flatten @example 2
    "$hsh.flatten()",
    # functions/flatten @example 2
    "$hsh.convert_to(Array).flatten()",
    # functions/flatten @example 2
    "flatten(Array($hsh))",
    # functions/flatten @example 4
    "flatten(42)",
    # functions/flatten @example 4
    "flatten([42])",
    # functions/get @example 4
    "$x = [1, 2, { 'readme.md' => \"This is a readme.\"}]",
    # functions/get @example 4
    "$x.get('2.\"readme.md\"')",
    # functions/get @example 5
    "$x = [1, 2, { '10' => \"ten\"}]",
    # functions/get @example 5
    "$x.get('2.\"0\"')",
    # functions/get @example 6
    "$x = 'blue'",
    # functions/get @example 6
    "$x.get('0.color', 'green') |$error| { undef } # result is undef",
    # functions/get @example 6
    "$y = ['blue']",
    # functions/get @example 6
    "$y.get('color', 'green') |$error| { undef } # result is undef",
    # functions/get @example 7
    "$x = [1, 2, ['blue']]",
    # functions/get @example 7
    "notice(\"Walked path is ${error.details['walked_path']}\")",
    # functions/getvar @example 3
    "$x = [1,2,[{'name' =>'waldo'}]]",
    # functions/getvar @example 3
    "getvar('x.2.1.name', 'not waldo')",
    # functions/index @example 1
    "notice $data.index |$value| { $value == 'servers' } # notices 1",
    # functions/index @example 1
    "notice $data.index |$value| { $value == 'hosts'  }  # notices undef",
    # functions/index @example 2
    "$data = {types => [\"routers\", \"servers\", \"workstations\"], colors => ['red', 'blue', 'green']}",
    # functions/index @example 2
    "notice $data.index |$value| { 'servers' in $value } # notices 'types'",
    # functions/index @example 2
    "notice $data.index |$value| { 'red' in $value }     # notices 'colors'",
    # functions/index @example 3
    "$data = [key1, 1, 3, 5]",
    # functions/index @example 3
    "notice $data.index |$idx, $value| { $idx % 2 == 0 and $value !~ String } # notices 2",
    # functions/index @example 4
    "$data = \"blablahbleh\"",
    # functions/index @example 4
    "notice $data.index('ah') # notices 5",
    # functions/index @example 6
    "$data = ['routers', 'servers', 'WORKstations']",
    # functions/index @example 6
    "notice $data.index('servers')      # notices 1",
    # functions/index @example 6
    "notice $data.index('workstations') # notices undef (not matching case)",
    # functions/join @example 2
    "$a = [1,2, undef, 'hello', [x,y,z], {a => 2, b => [3, 4]}]",
    # functions/join @example 2
    "notice join($a, ', ')",
    # functions/keys @example 1
    "$hsh = {\"apples\" => 3, \"oranges\" => 4 }",
    # functions/keys @example 1
    "$hsh.keys()",
    # functions/keys @example 1
    "keys($hsh)",
    # functions/lstrip @example 1
    "\"\\n\\thello \".lstrip()",
    # functions/lstrip @example 1
    "lstrip(\"\\n\\thello \")",
    # functions/lstrip @example 2
    "[\"\\n\\thello \", \"\\n\\thi \"].lstrip()",
    # functions/lstrip @example 2
    "lstrip([\"\\n\\thello \", \"\\n\\thi \"])",
    # functions/map @example 1
    "$transformed_data = $data.map |$items| { $items * 10 }",
    # functions/map @example 2
    "$data = {'a'=>1,'b'=>2,'c'=>3}",
    # functions/map @example 2
    "$transformed_data = $data.map |$items| { $items[0] }",
    # functions/map @example 3
    "$transformed_data = $data.map |$index,$value| { $index }",
    # functions/map @example 4
    "$transformed_data = $data.map |$key,$value| { $value }",
    # functions/max @example 1
    "notice(max(1)) # would notice 1",
    # functions/max @example 1
    "notice(max(1,2)) # would notice 2",
    # functions/max @example 1
    "notice(max(\"1\", 2)) # would notice 2",
    # functions/max @example 1
    "notice(max(\"0777\", 512)) # would notice \"0777\", since \"0777\" is not converted from octal form",
    # functions/max @example 1
    "notice(max(0777, 512)) # would notice 512, since 0777 is decimal 511",
    # functions/max @example 1
    "notice(max('aa', 'ab')) # would notice 'ab'",
    # functions/max @example 1
    "notice(max(['a'], ['b'])) # would notice ['b'], since \"['b']\" is after \"['a']\"",
    # functions/max @example 2
    "$x = [1,2,3,4]",
    # functions/max @example 2
    "notice(max(*$x)) # would notice 4",
    # functions/max @example 3
    "notice(max($x)) # would notice 4",
    # functions/max @example 3
    "notice($x.max) # would notice 4",
    # functions/min @example 1
    "notice(min(1)) # would notice 1",
    # functions/min @example 1
    "notice(min(1,2)) # would notice 1",
    # functions/min @example 1
    "notice(min(\"1\", 2)) # would notice 1",
    # functions/min @example 1
    "notice(min(\"0777\", 512)) # would notice 512, since \"0777\" is not converted from octal form",
    # functions/min @example 1
    "notice(min(0777, 512)) # would notice 511, since 0777 is decimal 511",
    # functions/min @example 1
    "notice(min('aa', 'ab')) # would notice 'aa'",
    # functions/min @example 1
    "notice(min(['a'], ['b'])) # would notice ['a'], since \"['a']\" is before \"['b']\"",
    # functions/min @example 2
    "notice(min(*$x)) # would notice 1",
    # functions/min @example 3
    "notice(min($x)) # would notice 1",
    # functions/min @example 3
    "notice($x.min) # would notice 1",
    # functions/new @example 1
    "$a = Integer.new(\"42\")",
    # functions/new @example 1
    "$b = Integer(\"42\")",
    # functions/new @example 2
    "$a = Integer.new(\"42\", 8)",
    # functions/new @example 2
    "$b = Integer({from => \"42\", radix => 8})",
    # functions/new @example 5
    "$a_number = Integer(\"0xFF\", 16)    # results in 255",
    # functions/new @example 5
    "$a_number = Integer(\"010\")         # results in 8",
    # functions/new @example 5
    "$a_number = Integer(\"010\", 10)     # results in 10",
    # functions/new @example 5
    "$a_number = Integer(true)          # results in 1",
    # functions/new @example 5
    "$a_number = Integer(-38, 10, true) # results in 38",
    # functions/new @example 8
    "$a_number = Numeric(true)        # results in 1",
    # functions/new @example 8
    "$a_number = Numeric(\"0xFF\")      # results in 255",
    # functions/new @example 8
    "$a_number = Numeric(\"010\")       # results in 8",
    # functions/new @example 8
    "$a_number = Numeric(\"3.14\")      # results in 3.14 (a float)",
    # functions/new @example 8
    "$a_number = Numeric(-42.3, true) # results in 42.3",
    # functions/new @example 8
    "$a_number = Numeric(-42, true)   # results in 42",
    # functions/new @example 17
    "$duration = Timespan(13.5)       # 13 seconds and 500 milliseconds",
    # functions/new @example 17
    "$duration = Timespan({days=>4})  # 4 days",
    # functions/new @example 17
    "$duration = Timespan(4, 0, 0, 2) # 4 days and 2 seconds",
    # functions/new @example 17
    "$duration = Timespan('13:20')    # 13 hours and 20 minutes (using default pattern)",
    # functions/new @example 17
    "$duration = Timespan('10:03.5', '%M:%S.%L') # 10 minutes, 3 seconds, and 5 milli-seconds",
    # functions/new @example 17
    "$duration = Timespan('10:03.5', '%M:%S.%N') # 10 minutes, 3 seconds, and 5 nano-seconds",
    # functions/new @example 24
    "$ts = Timestamp(1473150899)                              # 2016-09-06 08:34:59 UTC",
    # functions/new @example 24
    "$ts = Timestamp({string=>'2015', format=>'%Y'})          # 2015-01-01 00:00:00.000 UTC",
    # functions/new @example 24
    "$ts = Timestamp('Wed Aug 24 12:13:14 2016', '%c')        # 2016-08-24 12:13:14 UTC",
    # functions/new @example 24
    "$ts = Timestamp('Wed Aug 24 12:13:14 2016 PDT', '%c %Z') # 2016-08-24 19:13:14.000 UTC",
    # functions/new @example 24
    "$ts = Timestamp('2016-08-24 12:13:14', '%F %T', 'PST')   # 2016-08-24 20:13:14.000 UTC",
    # functions/new @example 24
    "$ts = Timestamp('2016-08-24T12:13:14', default, 'PST')   # 2016-08-24 20:13:14.000 UTC",
    # functions/new @example 26
    "String(\"-1\", $format_map)  # produces '-1'",
    # functions/new @example 26
    "String(\"10\", $format_map)  # produces '0xa'",
    # functions/new @example 29
    "$str = String(10)      # produces '10'",
    # functions/new @example 29
    "$str = String([10])    # produces '[\"10\"]'",
    # functions/new @example 30
    "$str = String(10, \"%#x\")    # produces '0x10'",
    # functions/new @example 30
    "$str = String([10], \"%(a\")  # produces '(\"10\")'",
    # functions/new @example 31
    "$str = String([1,2,3], $formats) # produces '(0x1, 0x2, 0x3)'",
    # functions/new @example 33
    "$h = { a => { b => { x => 'water'}}, b => { y => 'water'} }",
    # functions/new @example 33
    "function make_wine($x) { if $x == 'water' { 'wine' } else { $x } }",
    # functions/new @example 33
    "$flat_tree = $h.tree_each.map |$entry| { [$entry[0], make_wine($entry[1])] }",
    # functions/new @example 33
    "notice Hash($flat_tree, 'hash_tree')",
    # functions/new @example 36
    "SemVerRange('>=3.0.0 <4.0.0')",
    # functions/new @example 36
    "notice(SemVer('1.2.3') =~ $t) # true",
    # functions/new @example 36
    "notice(SemVer('2.3.4') =~ $t) # false",
    # functions/new @example 36
    "notice(SemVer('3.4.5') =~ $t) # true",
    # functions/new @example 39
    "$a = Binary('YWJj')",
    # functions/new @example 39
    "$b = binary_file('mymodule/mypicture.jpg')",
    # functions/new @example 40
    "$x = Init[Integer].new('128')",
    # functions/new @example 40
    "$x = Integer.new('128')",
    # functions/new @example 41
    "$x = Init[Integer,16]('80')",
    # functions/new @example 41
    "$x = Integer('80', 16)",
    # functions/next @example 1
    "$data = ['a','b','c']",
    # functions/next @example 1
    "next()",
    # functions/next @example 1
    "notice (\"${index} = ${value}\")",
    # functions/reduce @example 1
    "$data = [1, 2, 3]",
    # functions/reduce @example 1
    "$sum = $data.reduce |$memo, $value| { $memo + $value }",
    # functions/reduce @example 1
    "$sum = $data.reduce(4) |$memo, $value| { $memo + $value }",
    # functions/reduce @example 1
    "$data = {a => 1, b => 2, c => 3}",
    # functions/reduce @example 1
    "$string = \"${memo[0]}${value[0]}\"",
    # functions/reduce @example 1
    "$number = $memo[1] + $value[1]",
    # functions/reduce @example 1
    "[$string, $number]",
    # functions/reduce @example 3
    "$memo + { $x[0] => $defaults + $data[$x[0]] }",
    # functions/reverse_each @example 5
    "$data.reverse_each |$item| { notice($item) }",
    # functions/reverse_each @example 6
    "$transformed_data = $data.reverse_each.map |$item| { $item * 10 }",
    # functions/reverse_each @example 7
    "$transformed_data = map(reverse_each($data)) |$item| { $item * 10 }",
    # functions/round @example 1
    "notice(round(2.9)) # would notice 3",
    # functions/round @example 1
    "notice(round(2.1)) # would notice 2",
    # functions/round @example 1
    "notice(round(-2.9)) # would notice -3",
    # functions/rstrip @example 1
    "\" hello\\n\\t\".rstrip()",
    # functions/rstrip @example 1
    "rstrip(\" hello\\n\\t\")",
    # functions/rstrip @example 2
    "[\" hello\\n\\t\", \" hi\\n\\t\"].rstrip()",
    # functions/rstrip @example 2
    "rstrip([\" hello\\n\\t\", \" hi\\n\\t\"])",
    # functions/slice @example 1
    "$a.slice(2) |$entry|          { notice \"first ${$entry[0]}, second ${$entry[1]}\" }",
    # functions/slice @example 1
    "$a.slice(2) |$first, $second| { notice \"first ${first}, second ${second}\" }",
    # functions/slice @example 2
    "slice([1,2,3,4,5,6], 2) # produces [[1,2], [3,4], [5,6]]",
    # functions/slice @example 2
    "slice(Integer[1,6], 2)  # produces [[1,2], [3,4], [5,6]]",
    # functions/slice @example 2
    "slice(4,2)              # produces [[0,1], [2,3]]",
    # functions/slice @example 2
    "slice('hello',2)        # produces [[h, e], [l, l], [o]]",
    # functions/sort @example 3
    "notice(sort([3,6,2]) |$a,$b| { compare($a, $b) }) # notices [2, 3, 6]",
    # functions/sort @example 3
    "notice(sort([3,6,2]) |$a,$b| { compare($b, $a) }) # notices [6, 3, 2]",
    # functions/sort @example 4
    "notice(sort(['A','b','C']))                                    # notices ['A', 'C', 'b']",
    # functions/sort @example 4
    "notice(sort(['A','b','C']) |$a,$b| { compare($a, $b) })        # notices ['A', 'b', 'C']",
    # functions/sort @example 4
    "notice(sort(['A','b','C']) |$a,$b| { compare($a, $b, true) })  # notices ['A', 'b', 'C']",
    # functions/sort @example 4
    "notice(sort(['A','b','C']) |$a,$b| { compare($a, $b, false) }) # notices ['A','C', 'b']",
    # functions/split @example 1
    "$string     = 'v1.v2:v3.v4'",
    # functions/split @example 1
    "$array_var1 = split($string, /:/)",
    # functions/split @example 1
    "$array_var2 = split($string, '[.]')",
    # functions/split @example 1
    "$array_var3 = split($string, Regexp['[.:]'])",
    # functions/step @example 5
    "$data = [1,2,3,4,5,6,7,8]",
    # functions/step @example 5
    "notice($item)",
    # functions/strftime @example 1
    "$timestamp = Timestamp('2016-08-24T12:13:14')",
    # functions/strftime @example 1
    "notice($timestamp.strftime('%F')) # outputs '2016-08-24'",
    # functions/strftime @example 1
    "notice($timestamp.strftime('%c')) # outputs 'Wed Aug 24 12:13:14 2016'",
    # functions/strftime @example 1
    "notice($timestamp.strftime('%F %T %z', 'PST')) # outputs '2016-08-24 04:13:14 -0800'",
    # functions/strftime @example 1
    "notice($timestamp.strftime('%F %T', 'current')) # outputs the timestamp using the timezone for the current process",
    # functions/strftime @example 2
    "$duration = Timespan({ hours => 3, minutes => 20, seconds => 30 })",
    # functions/strftime @example 2
    "notice($duration.strftime('%H:%M:%S')) # outputs '03:20:30'",
    # functions/strftime @example 2
    "notice($duration.strftime('%M:%S')) # outputs '200:30'",
    # functions/strip @example 1
    "\" hello\\n\\t\".strip()",
    # functions/strip @example 1
    "strip(\" hello\\n\\t\")",
    # functions/strip @example 2
    "[\" hello\\n\\t\", \" hi\\n\\t\"].strip()",
    # functions/strip @example 2
    "strip([\" hello\\n\\t\", \" hi\\n\\t\"])",
    # functions/then @example 1
    "notice $data.dig(a, b, 1, x).then |$x| { $x * 2 }",
    # functions/then @example 2
    "$data = {a => { b => [{x => 10, y => 20}, {not_x => 100, why => 200}]}}",
    # functions/then @example 3
    "$names = ['Ringo', 'Paul', 'George', 'John']",
    # functions/then @example 3
    "$data = ['singer', { beatle => 2 }]",
    # functions/then @example 3
    "$data.dig(1, 'beatle')",
    # functions/then @example 3
    "notice $picked",
    # functions/tree_each @example 2
    "$data = [1, 2, [3, [4, 5]]]",
    # functions/tree_each @example 2
    "$data.tree_each({include_containers => false}) |$v| { notice \"$v\" }",
    # functions/tree_each @example 3
    "$data.tree_each |$v| { notice \"$v\" }",
    # functions/tree_each @example 4
    "$data.tree_each({include_values => false, include_root => false}) |$v| { notice \"$v\" }",
    # functions/tree_each @example 6
    "{ name => 'user2', status => 'active', id => '20'}",
    # functions/tree_each @example 6
    "$value = $v[1]",
    # functions/tree_each @example 6
    "$value =~ Hash and $value[status] == active",
    # functions/unique @example 3
    "{'a' => 10, 'b' => 10, 'c' => 20}.unique",
    # functions/unique @example 3
    "Hash.new({'a' => 10, 'b' => 10, 'c' => 20}.unique.map |$k, $v| { [ $k[0] , $v[0]] })",
    # functions/unique @example 3
    "Hash.new({'a' => 10, 'b' => 10, 'c' => 20}.unique.map |$k, $v| { [ $k[-1] , $v[0]] })",
    # functions/unique @example 6
    "Hash(['a', 'b', 'c'].map |$i, $v| { [$i, $v]})",
    # functions/unique @example 6
    "Hash(Array(\"abc\").map |$i,$v| { [$i, $v]})",
    # functions/unique @example 6
    "\"abc\".to(Array).map |$i,$v| { [$i, $v]}.to(Hash)",
    # functions/unwrap @example 1
    "$plaintext = 'hunter2'",
    # functions/unwrap @example 1
    "$pw = Sensitive.new($plaintext)",
    # functions/unwrap @example 1
    "notice(\"Wrapped object is $pw\") #=> Prints \"Wrapped object is Sensitive [value redacted]\"",
    # functions/unwrap @example 1
    "$unwrapped = $pw.unwrap",
    # functions/unwrap @example 1
    "notice(\"Unwrapped object is $unwrapped\") #=> Prints \"Unwrapped object is hunter2\"",
    # functions/unwrap @example 2
    "$pw = Sensitive.new('hunter2')",
    # functions/unwrap @example 2
    "$conf = inline_template(\"password: ${unwrapped}\\n\")",
    # functions/unwrap @example 2
    "Sensitive.new($conf)",
    # functions/upcase @example 1
    "'hello'.upcase()",
    # functions/upcase @example 1
    "upcase('hello')",
    # functions/upcase @example 2
    "['a', 'b'].upcase()",
    # functions/upcase @example 2
    "upcase(['a', 'b'])",
    # functions/values @example 1
    "$hsh.values()",
    # functions/values @example 1
    "values($hsh)",
    # functions/versioncmp @example 1
    "notice('2.6-1 is > than 2.4.5')",
    # functions/with @example 1
    "\"${x}, ${y}, and ${z}\"",
    # functions/with @example 1
    "$check_var = $x",
    # parser/functions/lest @example 1
    "if $x == undef { do_things() }",
    # parser/functions/lest @example 1
    "lest($x) || { do_things() }",
    # parser/functions/next @example 1
    "$data.each |$x| { if $x == 2 { next() } notice $x }",
    # parser/functions/next @example 2
    "notice $data.map |$x| { if $x == 2 { next($x*100) }; $x*10 }",
    # parser/functions/return @example 1
    "return false",
    # parser/functions/return @example 1
    "true",
    # parser/functions/return @example 1
    "notice example([]) # would notice false",
    # parser/functions/return @example 1
    "notice example(42) # would notice true",
    # parser/functions/return @example 2
    "notice 'foo'",
    # parser/functions/return @example 2
    "return()",
    # parser/functions/return @example 2
    "notice 'bar'",
    # parser/functions/return @example 5
    "return(\"${x}, ${y}, and ${z}\")",
    # parser/functions/return @example 5
    "notice \"not reached\"",
    # parser/functions/return @example 5
    "$fruit = getFruit()",
    # parser/functions/return @example 5
    "notice $fruit",
    # parser/functions/scanf @example 2
    "fail \"Expected a well formed integer value, got '$x[0]'\"",
    # parser/functions/scanf @example 2
    "$x[0]",
    # parser/functions/then @example 2
    "$data = {a => { b => [{x => 10, y => 20}, {ex => 100, why => 200}]}}",
]
