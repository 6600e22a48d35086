# type() inference of nested values: arrays of hashes of arrays, in each of its modes.
$records = Integer[1, 2000].map |$i| {
  {
    'id'    => $i,
    'name'  => "r${i}",
    'score' => $i * 0.25,
    'flags' => [$i % 2 == 0, $i % 3 == 0],
    'tags'  => ["t${$i % 7}", "u${$i % 11}"],
    'child' => { 'depth' => 1, 'items' => [[$i, "x${i}"], [$i + 1, $i % 2 == 0]], 'meta' => { 'ok' => true } },
  }
}
$types = $records.map |$r| { type($r) }
$generalized = $records.map |$r| { type($r, 'generalized') }
[
  $types.unique.length,
  $generalized.unique,
  type($records, 'reduced'),
  type($records.map |$r| { $r['child'] }, 'generalized'),
  $records.map |$r| { type($r['child']['items']) }.unique.length,
]
