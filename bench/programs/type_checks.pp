# Instance-of checks of nested data against structured types.
type Person = Struct[{name => String[1], age => Integer[0, 150], tags => Array[String]}]
$people = Integer[1, 5000].map |$i| { { 'name' => "p${i}", 'age' => $i % 100, 'tags' => ['a', 'b'] } }
$people.filter |$p| { $p =~ Person }.length
