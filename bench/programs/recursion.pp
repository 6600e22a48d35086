# Deep recursion: user functions calling themselves 200 levels deep (the reference stops
# with 'stack level too deep' not much further), many times, and a walk of a nested array.
function depth(Integer $n) >> Integer {
  if $n == 0 { 0 } else { depth($n - 1) + 1 }
}
function walk(Array $tree) >> Integer {
  $tree.reduce(1) |$sum, $child| { $sum + walk($child) }
}
$chain = Integer[1, 50].reduce([]) |$acc, $i| { [$acc] }
[Integer[1, 300].map |$k| { depth(200) }.reduce |$a, $b| { $a + $b }, walk($chain)]
