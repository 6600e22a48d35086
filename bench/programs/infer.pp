# Type inference of a large array.
$a = Integer[1, 100000].map |$i| { [$i, "s${i}"] }
type($a, 'generalized')
