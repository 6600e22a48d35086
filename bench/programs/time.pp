# Timestamp, Timespan and SemVer: parsing, arithmetic and comparison.
$t0 = Timestamp('2024-01-01T00:00:00.000 UTC')
$stamps = Integer[1, 5000].map |$i| {
  Timestamp("2024-03-${$i % 28 + 1}T${$i % 24}:${$i % 60}:00", '%Y-%m-%dT%H:%M:%S') + Timespan($i * 60)
}
$spans = $stamps.map |$t| { $t - $t0 }
$longest = $spans.reduce |$a, $b| { if $a > $b { $a } else { $b } }
$versions = Integer[1, 5000].map |$i| { SemVer("${$i % 3}.${$i % 17}.${$i}") }
$range = SemVerRange('>=1.5.0 <2.0.0')
[
  $longest.strftime('%D-%H:%M:%S'),
  $stamps.filter |$t| { $t > $t0 + Timespan('60-00:00:00') }.length,
  $versions.filter |$v| { $v =~ $range }.length,
  $versions.reduce |$a, $b| { if $a > $b { $a } else { $b } },
]
