# `sort` with a compare lambda, on integers and on hashes by a key.
$nums = Integer[1, 10000].map |$i| { ($i * 7919) % 10007 }
$down = $nums.sort |$a, $b| { if $a < $b { 1 } elsif $a > $b { -1 } else { 0 } }
$recs = Integer[1, 5000].map |$i| { { 'name' => "n${($i * 31) % 10007}", 'i' => $i } }
$by_name = $recs.sort |$a, $b| { compare($a['name'], $b['name']) }
[$down[0], $down[-1], $by_name[0]['name'], $by_name[-1]['i'], $nums.sort[100]]
