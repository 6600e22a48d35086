# `=~` against Pattern, Enum and Variant aliases, nested in a Struct alias.
type Addr = Pattern[/\A\d+\.\d+\.\d+\.\d+\z/]
type Port = Variant[Integer[1, 65535], Pattern[/\A\d+\z/]]
type Ensure = Enum['present', 'absent', 'running']
type Entry = Struct[{ addr => Addr, port => Port, ensure => Ensure, Optional[tags] => Array[String[1]] }]
$entries = Integer[1, 20000].map |$i| {
  { 'addr' => "10.0.${$i % 256}.1", 'port' => $i % 3 ? { 0 => "${i}", default => $i % 65535 + 1 },
    'ensure' => ['present', 'absent', 'running', 'stopped'][$i % 4] }
}
[
  $entries.filter |$e| { $e =~ Entry }.length,
  $entries.filter |$e| { $e['port'] =~ Port and $e['addr'] =~ Addr }.length,
  $entries.filter |$e| { $e =~ Hash[String, Variant[String, Integer]] }.length,
]
