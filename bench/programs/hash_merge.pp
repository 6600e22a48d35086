# Many small hashes merged with `+` in `reduce`: counters, nested defaults, group-by.
$counts = Integer[1, 10000].reduce({}) |$acc, $i| {
  $k = "k${$i % 500}"
  $acc + { $k => $acc.dig($k).lest || { 0 } + 1 }
}
$settings = Integer[1, 2000].reduce({}) |$acc, $i| {
  $acc + { "s${i}" => { 'value' => $i, 'source' => 'default' } } + ($i % 10 ? { 0 => { "s${$i - 1}" => { 'value' => -$i, 'source' => 'override' } }, default => {} })
}
$groups = Integer[1, 3000].reduce({}) |$acc, $i| {
  $g = "g${$i % 50}"
  $acc + { $g => $acc.dig($g).lest || { [] } + [$i] }
}
$layered = Integer[1, 1000].map |$i| {
  [{ 'a' => 1, 'b' => 2 }, { 'b' => $i, 'c' => 3 }, { 'd' => "x${i}" }, { 'a' => $i % 5 }].reduce({}) |$m, $h| { $m + $h }
}
[
  $counts.length, $counts['k7'],
  $settings.length, $settings['s9'],
  $groups.map |$k, $v| { $v.length }.unique,
  $layered[-1], $layered.map |$h| { $h['a'] }.unique.sort,
]
