# Type inference of a large hash: 50,000 Integer keys with small hashes as values.
$h = Hash(Integer[1, 50000].map |$i| { [$i * 3, { 'n' => $i, 'f' => $i * 0.5, 's' => "v${$i % 10}" }] })
[type($h, 'generalized'), type($h.keys, 'generalized'), type($h.values, 'reduced')]
