# Deep Struct/Variant/alias type checks: nested aliases, Optional keys, Tuple, Variant of
# Structs, checked with `=~`, with typed function parameters and with `assert_type`.
type Bp::Port = Integer[1, 65535]
type Bp::Name = Pattern[/\A[a-z][a-z0-9_-]*\z/]
type Bp::Listen = Variant[Bp::Port, Tuple[String[1], Bp::Port]]
type Bp::Option = Variant[String, Integer, Boolean, Array[String]]
type Bp::Backend = Struct[{
  name              => Bp::Name,
  listen            => Array[Bp::Listen, 1],
  Optional[weight]  => Integer[0, 100],
  Optional[options] => Hash[Bp::Name, Bp::Option],
}]
type Bp::Check = Variant[
  Struct[{ kind => Enum['http'], path => String[1], Optional[status] => Array[Integer[100, 599]] }],
  Struct[{ kind => Enum['tcp'], Optional[send] => String }],
]
type Bp::Service = Struct[{
  name               => Bp::Name,
  ensure             => Enum['present', 'absent'],
  backends           => Array[Bp::Backend],
  Optional[check]    => Optional[Bp::Check],
  Optional[tags]     => Array[String[1]],
}]
function bp::weight(Bp::Service $s) >> Integer {
  $s['backends'].reduce(0) |$sum, Bp::Backend $b| { $sum + $b.dig('weight').lest || { 1 } }
}
$services = Integer[1, 1500].map |$i| {
  $backends = Integer[1, 3].map |$j| {
    {
      'name'    => "b${j}",
      'listen'  => $j % 2 ? { 0 => [8000 + $i, ['10.0.0.1', 9000]], default => [443] },
      'weight'  => ($i + $j) % 100,
      'options' => { 'maxconn' => $i, 'ssl' => $j == 1, 'alpn' => ['h2', 'http/1.1'] },
    }
  }
  $check = $i % 3 ? {
    0       => { 'kind' => 'http', 'path' => '/health', 'status' => [200, 204] },
    1       => { 'kind' => 'tcp' },
    default => undef,
  }
  $service = {
    'name'     => "svc${i}",
    'ensure'   => $i % 7 ? { 0 => 'absent', default => 'present' },
    'backends' => $i % 101 ? { 0 => [{ 'name' => 'Bad', 'listen' => [] }], default => $backends },
    'check'    => $check,
    'tags'     => ["t${$i % 5}"],
  }
  $service
}
$good = $services.filter |$s| { $s =~ Bp::Service }
[
  $good.length,
  $services.filter |$s| { $s['check'] =~ Bp::Check }.length,
  $services.filter |$s| { $s =~ Hash[String, Variant[String, Array[Variant[Bp::Backend, String]], Bp::Check, Undef]] }.length,
  $good.reduce(0) |$sum, $s| { $sum + bp::weight($s) },
  assert_type(Array[Bp::Service], $good).length,
]
