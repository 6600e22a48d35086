# Building and merging hashes.
$h = Integer[1, 2000].reduce({}) |$acc, $i| { $acc + { "k${i}" => $i } }
$h.filter |$k, $v| { $v > 1000 }.keys.length
