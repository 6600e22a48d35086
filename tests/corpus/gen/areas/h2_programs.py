"""Hold-out corpus 2: multi-line programs mixing features (written from the spec, not from other corpora)."""

PROGRAMS = []

# --- functions with typed parameters calling each other -------------------------------------
FUNCS = r'''
function h2::double(Integer $x) >> Integer { $x * 2 }
function h2::inc(Numeric $x, Numeric $by = 1) { $x + $by }
function h2::describe(Any $v) >> String {
  case $v {
    Integer[0, default]: { "non-negative ${v}" }
    Integer: { "negative ${v}" }
    String[1]: { "string '${v}'" }
    Array: { "array of ${v.length}" }
    default: { "other ${type($v, generalized)}" }
  }
}
'''
CALLS = [
    "h2::double(21)", "h2::double(h2::inc(4))", "h2::inc(1.5)", "h2::inc(2, 0.5)", "h2::double('3')",
    "h2::double(2.5)", "h2::inc()", "h2::inc(1, 2, 3)", "h2::describe(5)", "h2::describe(-5)",
    "h2::describe('x')", "h2::describe('')", "h2::describe([1,2,3])", "h2::describe({a => 1})",
    "h2::describe(undef)", "h2::describe(1.0)", "[1, -2, 'z'].map |$v| { h2::describe($v) }",
    "[1,2,3].map |$v| { h2::double($v) }.reduce |$a, $b| { $a + $b }", "h2::describe(h2::double(-3))",
    "h2::nosuch(1)", "h2::double(default)", "notice(h2::describe(true))",
]
for c in CALLS:
    PROGRAMS.append(FUNCS + c + "\n")

PROGRAMS += [
    r'''
function fact(Integer[0] $n) >> Integer {
  if $n <= 1 { 1 } else { $n * fact($n - 1) }
}
[0, 1, 5, 10, 20].map |$n| { fact($n) }
''',
    r'''
function fact(Integer[0] $n) >> Integer { if $n <= 1 { 1 } else { $n * fact($n - 1) } }
fact(-1)
''',
    r'''
function fib(Integer $n) {
  $n ? { 0 => 0, 1 => 1, default => fib($n - 1) + fib($n - 2) }
}
Integer[0, 12].map |$i| { fib($i) }
''',
    r'''
function greet(String $name, String $greeting = 'Hello', String *$rest) {
  "${greeting}, ${name}!${rest.map |$r| { " ${r}" }.join}"
}
[greet('ann'), greet('bob', 'Hi'), greet('cy', 'Yo', 'a', 'b')]
''',
    r'''
function sum_all(Numeric *$nums) { $nums.reduce(0) |$a, $b| { $a + $b } }
[sum_all(), sum_all(1), sum_all(1, 2.5, 3)]
''',
    r'''
function sum_all(Numeric *$nums) { $nums.reduce(0) |$a, $b| { $a + $b } }
sum_all(1, 'two')
''',
    r'''
function bad() >> Integer { 'oops' }
bad()
''',
    r'''
function early(Array $a) {
  $a.each |$x| { if $x > 2 { return $x } }
  'none'
}
[early([1,2,3,4]), early([1])]
''',
    r'''
function pick(Hash[String, Integer] $h, String $k) >> Optional[Integer] { $h[$k] }
[pick({a => 1}, 'a'), pick({a => 1}, 'b')]
''',
    r'''
function pick(Hash[String, Integer] $h, String $k) { $h[$k] }
pick({a => 'x'}, 'a')
''',
    r'''
function apply_twice(Callable[1,1] $f, $v) { $f.call($f.call($v)) }
apply_twice(|$x| { $x * 3 }, 2)
''',
    r'''
function with_block(Integer $x, Callable[1,1] &$blk) { $blk.call($x + 1) }
with_block(1) |$y| { $y * 10 }
''',
    r'''
function with_block(Integer $x, Callable[1,1] &$blk) { $blk.call($x + 1) }
with_block(1)
''',
    r'''
function opt_block(Integer $x, Optional[Callable] &$blk = undef) {
  if $blk { $blk.call($x) } else { "no block for ${x}" }
}
[opt_block(1), opt_block(2) |$v| { $v * 100 }]
''',
    r'''
function m(Integer $a, $b = $a * 2, $c = $a + $b) { [$a, $b, $c] }
[m(1), m(1, 5), m(1, 5, 0)]
''',
    r'''
function m(Integer $a, $b = $c, $c = 3) { [$a, $b, $c] }
m(1)
''',
]

# --- type aliases used in case / selector ----------------------------------------------------
ALIASES = r'''
type Port = Integer[1, 65535]
type Host = Pattern[/\A[a-z0-9.-]+\z/]
type Endpoint = Struct[{host => Host, port => Port, Optional[tls] => Boolean}]
'''
for v in ["80", "0", "65536", "'80'", "443", "{host => 'example.com', port => 443}",
          "{host => 'Example.com', port => 443}", "{host => 'a', port => 1, tls => true}",
          "{host => 'a', port => 1, tls => 'yes'}", "{host => 'a'}", "'db01.local'", "undef",
          "[80, 443]"]:
    PROGRAMS.append(ALIASES + f'''$v = {v}
case $v {{
  Port: {{ "port ${{v}}" }}
  Host: {{ "host ${{v}}" }}
  Endpoint: {{ "endpoint ${{v['host']}}:${{v['port']}}" }}
  Array[Port]: {{ "ports ${{v}}" }}
  default: {{ "unknown ${{type($v)}}" }}
}}
''')
    PROGRAMS.append(ALIASES + f'''$v = {v}
$v ? {{ Port => 'port', Endpoint => 'endpoint', Host => 'host', default => 'other' }}
''')
PROGRAMS += [
    ALIASES + "[Port, Host, Endpoint]\n",
    ALIASES + "Endpoint =~ Type[Struct]\n",
    ALIASES + "Port < Integer\n",
    ALIASES + "Integer[10, 20] < Port\n",
    ALIASES + "$e = {host => 'h', port => 22}\nassert_type(Endpoint, $e)\n",
    ALIASES + "$e = {host => 'h', port => 99999}\nassert_type(Endpoint, $e)\n",
    ALIASES + "assert_type(Port, 70000) |$exp, $act| { \"wanted ${exp}, got ${act}\" }\n",
    "type Tree = Variant[Integer, Array[Tree]]\n[[1, [2, [3]]] =~ Tree, [1, ['x']] =~ Tree]\n",
    "type Tree = Variant[Integer, Array[Tree]]\nTree\n",
    "type Json = Variant[Scalar, Undef, Array[Json], Hash[String, Json]]\n[{a => [1, {b => undef}]} =~ Json, {1 => 2} =~ Json]\n",
    "type A = B\ntype B = A\nA\n",
    "type A = Integer\ntype A = String\nA\n",
    "type lower = Integer\n",
    "type MyInt = Integer[0]\nMyInt[5]\n",
    "type Pair = Tuple[String, Integer]\n['a', 1] =~ Pair and !(['a', 'b'] =~ Pair)\n",
]

# --- reduce / map / filter pipelines over nested data ----------------------------------------
DATA = r'''
$servers = {
  'web1' => { 'role' => 'web', 'cpus' => 4, 'tags' => ['prod', 'eu'] },
  'web2' => { 'role' => 'web', 'cpus' => 2, 'tags' => ['dev'] },
  'db1'  => { 'role' => 'db',  'cpus' => 16, 'tags' => ['prod'] },
}
'''
PIPES = [
    "$servers.filter |$n, $s| { $s['role'] == 'web' }.keys",
    "$servers.map |$n, $s| { $s['cpus'] }.reduce |$a, $b| { $a + $b }",
    "$servers.reduce(0) |$acc, $kv| { $acc + $kv[1]['cpus'] }",
    "$servers.filter |$kv| { 'prod' in $kv[1]['tags'] }.map |$kv| { $kv[0] }",
    "$servers.map |$n, $s| { [$n, $s['cpus'] * 2] }.convert_to(Hash)",
    "Hash($servers.map |$n, $s| { [$s['role'], $n] })",
    "$servers.group_by |$n, $s| { $s['role'] }.map |$r, $l| { [$r, $l.map |$p| { $p[0] }] }",
    "$servers.keys.sort.join(', ')",
    "$servers.values.map |$s| { $s['tags'] }.flatten.unique.sort",
    "$servers.each |$n, $s| { notice(\"${n}: ${s['role']}/${s['cpus']}\") }",
    "$servers.reduce({}) |$acc, $kv| { $acc + { $kv[1]['role'] => $acc.get($kv[1]['role'], 0) + 1 } }",
    "$servers.dig('web1', 'tags', 1)",
    "$servers.dig('web9', 'tags', 1)",
    "$servers['web1']['tags'][5]",
    "$servers['web9']['tags']",
    "$servers.map |$n, $s| { $s['cpus'] }.max",
    "$servers.map |$n, $s| { $s['cpus'] }.sort |$a, $b| { compare($b, $a) }",
    "$servers.any |$n, $s| { $s['cpus'] > 8 }",
    "$servers.all |$n, $s| { $s['cpus'] > 8 }",
    "$servers.filter |$n, $s| { $s['cpus'] > 100 }",
    "$servers.size",
    "$servers.keys.map |$k| { $k.upcase }.filter |$k| { $k =~ /^WEB/ }",
    "type($servers)",
    "type($servers, generalized)",
    "$servers.map |$n, $s| { $s }.index |$s| { $s['role'] == 'db' }",
    "$servers.with |$h| { $h.length }",
    "$servers.each |$ix, $kv| { notice($kv) }",
    "$servers.slice(2).map |$chunk| { $chunk.map |$e| { $e[0] } }",
    "$servers.map |$n, $s| { \"${n}=${s['tags'].join('+')}\" }.join(';')",
    "$servers.tree_each.filter |$v| { $v[1] =~ Integer }.map |$v| { $v[1] }",
    "$servers.filter |$n, $s| { $s['tags'] == ['prod'] }",
    "$servers - ['web2', 'db1']",
    "$servers + { 'web3' => { 'role' => 'web', 'cpus' => 1, 'tags' => [] } }.keys",
    "($servers + { 'web3' => {} }).keys",
    "$servers.map |$x| { $x }[0]",
    "$servers.each |$n| { notice($n) }",
    "$servers.map |$a, $b, $c| { $a }",
    "$servers.reduce |$a| { $a }",
]
for p in PIPES:
    PROGRAMS.append(DATA + p + "\n")

PROGRAMS += [
    "$words = ['apple', 'Banana', 'cherry', 'date']\n$words.sort.map |$w| { $w.length }\n",
    "$words = ['apple', 'Banana', 'cherry', 'date']\n$words.sort |$a, $b| { compare($a, $b, true) }\n",
    "$words = ['apple', 'Banana', 'cherry', 'date']\n$words.sort |$a, $b| { compare($a, $b, false) }\n",
    "$words = ['apple', 'Banana', 'cherry', 'date']\n$words.map |$i, $w| { \"${i}:${w[0]}\" }\n",
    "$words = ['apple', 'Banana', 'cherry', 'date']\n$words.reduce |$memo, $w| { if $w.length > $memo.length { $w } else { $memo } }\n",
    "$words = ['apple', 'Banana', 'cherry', 'date']\n$words.group_by |$w| { $w.length }\n",
    "$words = ['apple', 'Banana', 'cherry', 'date']\n$words.filter |$w| { $w =~ /an/ }\n",
    "$m = [[1, 2], [3, 4], [5, 6]]\n$m.map |$row| { $row.reduce |$a, $b| { $a + $b } }\n",
    "$m = [[1, 2], [3, 4], [5, 6]]\n$m.map |$a, $b| { $a * $b }\n",
    "$m = [[1, 2], [3, 4], [5, 6]]\n$m.each |$x, $y| { notice(\"${x}-${y}\") }\n",
    "$m = [[1, 2], [3, 4], [5, 6]]\n$m.flatten.filter |$x| { $x % 2 == 0 }.map |$x| { $x * $x }\n",
    "$m = [[1, 2], [3, 4], [5, 6]]\nHash($m)\n",
    "$m = [[1, 2], [3, 4], [5, 6]]\n$m.map |$r| { $r.reverse_each.convert_to(Array) }\n",
    "$acc = []\n[1,2,3].each |$x| { $acc << $x }\n$acc\n",
    "$total = 0\n[1,2,3].each |$x| { $total = $total + $x }\n$total\n",
    "$r = [1,2,3,4,5].map |$x| { if $x == 3 { next() } $x }\n$r\n",
    "$r = [1,2,3,4,5].map |$x| { if $x == 3 { next(30) } $x }\n$r\n",
    "$r = [1,2,3,4,5].each |$x| { if $x == 3 { break() } notice($x) }\n$r\n",
    "$r = [1,2,3,4,5].filter |$x| { if $x > 3 { break() } true }\n$r\n",
    "$r = [1,2,3,4,5].reduce |$a, $x| { if $x == 4 { break() } $a + $x }\n$r\n",
    "Integer[1,5].reduce |$a, $x| { $a * $x }\n",
    "5.map |$x| { $x * $x }\n",
    "3.each |$i| { notice(\"tick ${i}\") }\n",
    "'abc'.map |$c| { $c.upcase }\n",
    "'hello'.reverse_each.join\n",
    "{a => 1, b => 2}.map |$k, $v| { \"${k}${v}\" }.join('&')\n",
    "[1, [2, [3, [4]]]].flatten.reduce |$a, $b| { $a * 10 + $b }\n",
    "$h = {a => {b => {c => 42}}}\n$h.dig('a', 'b', 'c') + $h['a']['b']['c']\n",
    "[3, 1, 2].sort.map |$x| { $x * 2 }\n",
    "[1, 2, 3].step(2).map |$x| { $x }\n",
    "Integer[0, 10].step(3).map |$x| { $x }\n",
    "[1,2,3].zip([4,5,6])\n",
    "['a', 'b'].each_slice(1)\n",
    "[1,2,3,4].partition |$x| { $x > 2 }\n",
    "[1,2,3].lest || { 0 }\n",
    "undef.lest || { 'fallback' }\n",
    "[1,2,3].then |$x| { $x.length }\n",
    "undef.then |$x| { $x.length }\n",
]

# --- heredocs with interpolation ------------------------------------------------------------
PROGRAMS += [
    "$name = 'world'\n$msg = @(\"END\")\n  Hello ${name}!\n  Sum: ${1 + 2}\n  | END\n$msg\n",
    "$name = 'world'\n$msg = @(END)\n  Hello ${name}!\n  | END\n$msg\n",
    "$items = ['a', 'b']\n@(\"EOT\"/L)\nitems: ${items.join(', ')} \\\nmore\n|- EOT\n",
    "@(\"EOT\"/t)\ncol1\\tcol2\nEOT\n",
    "@(\"EOT\"/n)\nline1\\nline2\n|-EOT\n",
    "@(\"EOT\")\n    indented\n      more\n    | EOT\n",
    "@(\"EOT\")\n    indented\n  less\n    | EOT\n",
    "@(EOT:json)\n{\"a\": 1}\n|-EOT\n",
    "$x = 5\n@(\"EOT\")\n$x squared is ${x * $x}\nEOT\n",
    "$h = {a => 1}\n@(\"EOT\")\nvalue: ${h['a']} and $h\nEOT\n",
    "notice(@(\"EOT\"))\n  multi\n  line\n  | EOT\n",
    "[@(A), @(B)]\nfirst\nA\nsecond\nB\n",
    "@(\"EOT\"/$)\nprice: \\$5 and $x\nEOT\n",
    "@(\"EOT\"/u)\n\\u00e9t\\u00e9\nEOT\n",
    "@(\"EOT\"/s)\nsay \\'hi\\'\nEOT\n",
    "@(\"EOT\"/z)\nx\nEOT\n",
    "@(EOT)\nno end marker\n",
    "$r = @(EOT).upcase\n  shout\n  | EOT\n$r\n",
    "@(\"EOT\")\n${[1, 2, 3].map |$x| { $x * 2 }}\nEOT\n",
    "@(\"EOT\")\n${ {a => [1, 'two']} }\nEOT\n",
]

# --- string formatting of results ----------------------------------------------------------
PROGRAMS += [
    "$pct = 0.4567\n\"Done: ${String($pct * 100, '%.1f')}%\"\n",
    "$rows = [['alpha', 1], ['beta', 22], ['gamma', 333]]\n$rows.map |$r| { sprintf('%-8s|%5d', $r[0], $r[1]) }\n",
    "$rows = [['alpha', 1], ['beta', 22]]\n$rows.each |$r| { notice(sprintf('%s=%03d', *$r)) }\n",
    "$h = {b => 2, a => 1}\nString($h, '%p')\n",
    "$v = [1, 'two', 3.0, undef, true]\nString($v)\n",
    "$v = [1, 'two', 3.0, undef, true]\n\"${v}\"\n",
    "$v = [1, 'two', 3.0, undef, true]\nnotice($v)\n",
    "$bytes = 1536000\n$mb = $bytes / 1024.0 / 1024\nsprintf('%.2f MB', $mb)\n",
    "$n = 255\n[String($n, '%x'), String($n, '%#X'), String($n, '%o'), String($n, '%b'), String($n, '%08.3f')]\n",
    "$list = ['x', 'y']\nString($list, { Array => { format => '%(a)', separator => ' | ' } })\n",
    "String({a => [1, 2]}, { Hash => '%h', Array => '%a' })\n",
    "$t = Timespan({hours => 1, minutes => 30})\n[String($t), $t.strftime('%H:%M'), $t / 2]\n",
    "$ts = Timestamp('2024-02-29T12:00:00 UTC')\n[$ts.strftime('%Y/%m/%d %A'), ($ts + 86400).strftime('%F')]\n",
    "$ts = Timestamp('2024-02-29T12:00:00.000 UTC')\n$ts - Timestamp('2024-01-01T00:00:00.000 UTC')\n",
    "$v = SemVer('1.2.3-rc.1')\n[$v.major, $v.minor, $v.patch, $v.prerelease, \"${v}\"]\n",
    "$versions = ['1.10.0', '1.2.0', '1.9.9', '2.0.0-beta'].map |$s| { SemVer($s) }\n$versions.sort.map |$v| { String($v) }\n",
    "$r = SemVerRange('>=1.2.0 <2.0.0')\n['1.1.0', '1.5.0', '2.0.0'].map |$s| { SemVer($s) =~ $r }\n",
    "$r = SemVerRange('~> 1.4')\n$r\n",
    "notice(\"value is %s\" % 3)\n",
    "$x = 3\nnotice(\"x=${x}\", 'more', [1])\n",
    "warning('careful')\nerr('bad')\ninfo('info')\ndebug('dbg')\n'done'\n",
    "$fmt = '%s has %d items'\nsprintf($fmt, 'cart', 3)\n",
    "sprintf('%<a>s-%<b>s', {a => 1, b => 2})\n",
    "sprintf('%{a}-%{b}', {'a' => 1, 'b' => 2})\n",
    "sprintf('%5.1s|', 'abc')\n",
    "sprintf('%+d %+d % d', 5, -5, 5)\n",
    "sprintf('%e', 12345.678)\n",
    "sprintf('%g %g', 0.00001234, 123456789.0)\n",
    "sprintf('%c%c', 72, 'i')\n",
    "sprintf('%%')\n",
    "sprintf('%d', 'abc')\n",
    "sprintf('%d')\n",
]

# --- control flow mixes ---------------------------------------------------------------------
for v in ["'Debian'", "'RedHat'", "'ubuntu'", "'windows'", "'SLES'", "undef", "42"]:
    PROGRAMS.append(f'''$os = {v}
$family = case $os {{
  'Debian', 'ubuntu': {{ 'debian' }}
  /^(RedHat|CentOS)$/: {{ "redhat via ${{1}}" }}
  Integer: {{ 'number' }}
  undef: {{ 'nothing' }}
  default: {{ 'unknown' }}
}}
$pkg = $family ? {{ 'debian' => 'apt', /^redhat/ => 'yum', default => 'none' }}
"${{family}}/${{pkg}}"
''')
PROGRAMS += [
    "$x = 7\nif $x > 5 and $x < 10 { 'mid' } elsif $x >= 10 { 'big' } else { 'small' }\n",
    "$x = 7\nunless $x > 5 { 'small' } else { 'big' }\n",
    "$x = 7\nunless $x > 5 { 'small' } elsif $x > 6 { 'x' }\n",
    "$x = undef\nif $x { 'yes' } else { 'no' }\n",
    "$x = ''\nif $x { 'yes' } else { 'no' }\n",
    "$x = []\nif $x { 'yes' } else { 'no' }\n",
    "if 'abc' =~ /(b)(c)/ { \"${0}|${1}|${2}\" }\n",
    "if 'abc' =~ /(b)(c)/ { $1 }\n$1\n",
    "$r = if false { 1 }\n$r\n",
    "$r = case 3 { 1: { 'one' } }\n$r\n",
    "$r = 3 ? { 1 => 'one' }\n$r\n",
    "case [1, 2] { [1, 2]: { 'exact' } default: { 'no' } }\n",
    "case [1, 2] { [Integer, Integer]: { 'types' } default: { 'no' } }\n",
    "case {a => 1} { {a => Integer}: { 'hash pattern' } default: { 'no' } }\n",
    "case 'Hello' { 'hello': { 'case insensitive' } default: { 'no' } }\n",
    "case 5 { Integer[1, 3]: { 'low' } Integer[4, 6]: { 'mid' } }\n",
    "case 5 { *[1, 5]: { 'splatted' } default: { 'no' } }\n",
    "$opts = [1, 5]\ncase 5 { *$opts: { 'splatted var' } default: { 'no' } }\n",
    "$x = 'b'\n$x ? { *['a', 'b'] => 'ab', default => 'other' }\n",
    "$x = 'B'\n$x ? { 'b' => 'lower', default => 'other' }\n",
    "[$a, $b, *$c] = [1, 2, 3, 4]\n",
    "[$a, $b] = [1, 2]\n[$b, $a]\n",
    "[$a, [$b, $c]] = [1, [2, 3]]\n$a + $b + $c\n",
    "[$a, $b] = [1]\n",
    "[$a, $b] = {a => 10, b => 20}\n[$a, $b]\n",
    "[$a, $b] = {a => 10}\n",
    "$a = $b = 5\n[$a, $b]\n",
    "$x = 1\n$x = 2\n",
    "$x += 1\n",
    "$h = {}\n$h['k'] = 1\n",
    "$list = [1, 2]\n$more = $list << 3\n[$list, $more]\n",
    "$a = [1, 2] + [3]\n$b = [1, 2] + 3\n$c = [1, 2] + {x => 1}\n[$a, $b, $c]\n",
    "$a = {x => 1} + {y => 2, x => 3}\n$a\n",
    "$a = {x => 1} + [y, 2]\n$a\n",
    "$a = {x => 1} + [y]\n$a\n",
    "[1, 2, 3, 2] - [2]\n",
    "[1, 2, 3] - 2\n",
    "{a => 1, b => 2} - a\n",
    "{a => 1, b => 2} - {a => 9}\n",
    "*[1, 2]\n",
    "$args = [1, 5]\nmax(*$args, 3)\n",
    "$h = {a => 1}\n$h.each |$k, $v| { notice(\"${k} -> ${v}\") }\n",
    "'done'.with |$s| { $s.capitalize }\n",
]

# --- more realistic programs (appended to keep ids stable) ------------------------------------
PROGRAMS += [
    "function clamp(Numeric $v, Numeric $lo = 0, Numeric $hi = 100) >> Numeric {\n  min(max($v, $lo), $hi)\n}\n[-5, 50, 500, 12.5].map |$v| { clamp($v) }\n",
    "function clamp(Numeric $v, Numeric $lo = 0, Numeric $hi = 100) { min(max($v, $lo), $hi) }\nclamp('7')\n",
    "function to_list(Variant[String, Array[String]] $v) >> Array[String] { [$v].flatten }\n[to_list('a'), to_list(['b', 'c'])]\n",
    "function to_list(Variant[String, Array[String]] $v) { [$v].flatten }\nto_list(1)\n",
    "function to_list(Variant[String, Array[String]] $v) { [$v].flatten }\nto_list([1])\n",
    "function cfg(Struct[{name => String[1], Optional[port] => Integer[1, 65535]}] $c) { \"${c['name']}:${c.get('port', 80)}\" }\n[cfg({name => 'a'}), cfg({name => 'b', port => 8080})]\n",
    "function cfg(Struct[{name => String[1], Optional[port] => Integer[1, 65535]}] $c) { $c }\ncfg({name => 'a', port => 0})\n",
    "function cfg(Struct[{name => String[1], Optional[port] => Integer[1, 65535]}] $c) { $c }\ncfg({name => '', port => 1})\n",
    "function cfg(Struct[{name => String[1], Optional[port] => Integer[1, 65535]}] $c) { $c }\ncfg({port => 1, extra => true})\n",
    "function f(Optional[String] $s) { $s =~ Undef }\n[f(undef), f('x')]\n",
    "function f(Optional[String] $s) { $s }\nf()\n",
    "function f(String $s = undef) { $s }\nf()\n",
    "function f(Enum[on, off] $s) { $s == 'on' }\n[f('on'), f('off')]\n",
    "function f(Enum[on, off] $s) { $s == 'on' }\nf('ON')\n",
    "function f(Pattern[/^\\d+$/] $s) { Integer($s) * 2 }\nf('21')\n",
    "function f(Pattern[/^\\d+$/] $s) { Integer($s) * 2 }\nf('2a')\n",
    "function f(Array[Integer, 2, 3] $a) { $a.length }\nf([1])\n",
    "function f(Tuple[String, Integer] $t) { \"${t[0]}=${t[1]}\" }\n[f(['a', 1]), f(['b', 2])].join(',')\n",
    "function f(Tuple[String, Integer] $t) { $t }\nf(['a', 'b'])\n",
    "function f(Hash[String, Array[Integer]] $h) { $h.map |$k, $v| { [$k, $v.reduce(0) |$a, $b| { $a + $b }] }.convert_to(Hash) }\nf({x => [1, 2], y => []})\n",
    "function f(Hash[String, Array[Integer]] $h) { $h }\nf({x => [1, 'two']})\n",
    "function f(Type[Numeric] $t, String $s) { $t.new($s) }\n[f(Integer, '10'), f(Float, '2.5'), f(Numeric, '3')]\n",
    "function f(Type[Numeric] $t) { $t }\nf(String)\n",
    "function outer($x) { inner($x) + 1 }\nfunction inner($x) { $x * 10 }\nouter(4)\n",
    "function f() { $secret }\n$secret = 1\nf()\n",
    "$top = 5\nfunction f() { $top }\nf()\n",
    "$v = 5\n[1].map |$x| { $v + $x }\n",
    "[1].map |$x| { $inner = $x }\n$inner\n",
    "$x = 1\n[5].each |$x| { notice($x) }\n$x\n",
    "$f = 1\n$r = [1, 2].map |$x| { [1, 2].map |$y| { $x * $y + $f } }\n$r\n",
    "$r = [1, 2].map |$x| { [3, 4].filter |$y| { $y > $x + 1 } }\n$r\n",
    "$r = {a => [1, 2], b => [3]}.map |$k, $vs| { $vs.map |$v| { \"${k}${v}\" } }.flatten\n$r\n",
    "$people = [{name => 'ann', age => 31}, {name => 'bob', age => 17}, {name => 'cy', age => 45}]\n$adults = $people.filter |$p| { $p['age'] >= 18 }\n$adults.map |$p| { $p['name'] }.join(' & ')\n",
    "$people = [{name => 'ann', age => 31}, {name => 'bob', age => 17}]\n$people.sort |$a, $b| { compare($a['age'], $b['age']) }.map |$p| { $p['name'] }\n",
    "$people = [{name => 'ann', age => 31}, {name => 'bob', age => 17}]\n$people.reduce(0) |$sum, $p| { $sum + $p['age'] } / $people.length\n",
    "$people = [{name => 'ann', age => 31}, {name => 'bob', age => 17}]\n$people.map |$p| { sprintf('%-5s %3d', $p['name'], $p['age']) }.join(\"\\n\")\n",
    "$people = [{name => 'ann', age => 31}, {name => 'bob'}]\n$people.map |$p| { $p['age'] + 1 }\n",
    "$people = [{name => 'ann', age => 31}]\n$people[0]['name'][0]\n",
    "$ports = [80, 443, 8080]\n$rules = $ports.map |$i, $p| { \"rule ${i}: allow ${p}/tcp\" }\n$rules.each |$r| { notice($r) }\n$rules.length\n",
    "$conf = @(\"CONF\")\n  [main]\n  server = ${'puppet'}.example.com\n  port   = ${8140}\n  | CONF\n$conf.split(\"\\n\").map |$l| { $l.strip }\n",
    "$lines = \"a=1\\nb=2\\nc=3\"\n$lines.split(\"\\n\").map |$l| { $l.split('=') }.convert_to(Hash)\n",
    "$lines = \"a=1\\nb=2\\nc=3\"\nHash($lines.split(\"\\n\").map |$l| { $p = $l.split('='); [$p[0], Integer($p[1])] })\n",
    "$s = 'The quick brown fox'\n$s.split(' ').map |$w| { $w.length }.reduce |$a, $b| { $a + $b }\n",
    "$s = 'The quick brown fox'\n$s.split(' ').group_by |$w| { $w.length > 3 }\n",
    "$csv = 'x,y\\n1,2'\n$csv.split('\\n')\n",
    "$v = '3.7'\n$n = Numeric($v)\ncase $n { Integer: { 'int' } Float[0, 5]: { \"small float ${n}\" } default: { 'big' } }\n",
    "$v = 'abc'\n$n = Integer($v) |$e| { -1 }\n$n\n",
    "$v = Integer('42', 10) + Float('0.5')\nString($v, '%.1f')\n",
    "$h = {a => 1, b => 2}\n$h.filter |$k, $v| { $v > 1 }.then |$x| { $x.keys }\n",
    "$h = {a => 1, b => 2}\n$h.reduce |$m, $kv| { $m + $kv[1] }\n",
    "$h = {a => 1, b => 2}\n$h.map |$kv| { $kv }\n",
    "$h = {a => 1, b => 2}\n$h.each |$kv| { notice($kv) }\n",
    "$h = {a => 1, b => 2}\n$h.each |$i, $kv| { notice(\"${i}\") }\n",
    "$t = Timespan('0-00:10:00')\n$deadline = Timestamp('2023-05-01T10:00:00.000 UTC') + $t\n$deadline.strftime('%H:%M:%S')\n",
    "$a = Timestamp('2023-05-01T10:00:00.000 UTC')\n$b = Timestamp('2023-05-02T12:30:00.000 UTC')\n$d = $b - $a\n[$d, $d.strftime('%D days %H hours'), $d > Timespan('1-00:00:00')]\n",
    "$vs = ['1.0.0', '2.1.0', '1.10.3']\n$vs.map |$v| { SemVer($v) }.filter |$v| { $v >= SemVer('1.5.0') }.map |$v| { \"${v}\" }\n",
    "$v = SemVer('2.3.4')\n$next = SemVer($v.major, $v.minor + 1, 0)\n\"${v} -> ${next}\"\n",
    "$r = SemVerRange('>=2.0.0 <3.0.0')\n$cands = ['1.9.9', '2.0.0', '2.9.9', '3.0.0'].filter |$s| { SemVer($s) =~ $r }\n$cands\n",
    "$x = [1, 2, 3]\n$y = $x.map |$v| { $v }\n$x == $y\n",
    "$x = {a => [1, {b => 2}]}\n$y = {a => [1, {b => 2}]}\n[$x == $y, $x != $y, $x['a'] == [1, {'b' => 2}]]\n",
    "$s = 'hello'\n[$s =~ /^h/, $s !~ /^h/, $s =~ String, $s =~ String[10]]\n",
    "notice(type([1, 'a', {b => 2}]))\nnotice(type([1, 'a', {b => 2}], generalized))\n",
    "$types = [Integer, String, Array[Integer]]\n$types.map |$t| { 1 =~ $t }\n",
    "$types = [Integer, String, Array[Integer]]\n$types.filter |$t| { $t <= Data }\n",
    "$v = [1, 'x', 2.5, undef, [1]]\n$v.map |$e| { $e ? { Integer => 'i', Float => 'f', String => 's', Undef => 'u', default => '?' } }.join\n",
    "$v = [1, 'x', 2.5]\n$v.map |$e| { case $e { Numeric: { $e * 2 } default: { \"${e}${e}\" } } }\n",
]

# --- logging of values, nested errors, misc (appended to keep ids stable) ---------------------
PROGRAMS += [
    "notice(Timestamp('2020-02-02T02:02:02.123 UTC'))\nnotice(Timespan(3661.5))\nnotice(SemVer('1.2.3-a'))",
    "notice(Sensitive('pw'))\nnotice([Sensitive('pw')])", "notice(Binary('aGk='))\nnotice(/re/)\nnotice(Integer[1, 2])",
    "notice({a => undef, b => [default]})", "notice('a', 'b')\nnotice(['a', 'b'])", "notice(\"tab\\there\")", "notice(1.0)\nnotice(1e20)\nnotice(-0.5)",
    "warning({a => 1})\n'ok'", "$x = [1, 2].map |$v| { notice($v) }\n$x", "notice(notice(1))",
    "function f(Integer $x) { $x }\n[1, 'a'].map |$v| { f($v) }", "function f(Integer $x) { [$x].map |$y| { $y.upcase } }\nf(1)",
    "function f($x) { g($x) }\nfunction g(String $s) { $s }\nf(1)", "[1, 2].map |$x| { [3].map |$y| { $x + 'a' } }",
    "$h = {a => 1}\n$h.each |$k, $v| { notice(\"${k}=${v + 'x'}\") }", "[1].each |$x| { fail(\"item ${x} is bad\") }",
    "function check(Integer $n) { if $n < 0 { fail(\"negative: ${n}\") } $n }\n[3, -1].map |$n| { check($n) }",
    "$r = [1, 2, 3].map |$x| { if $x == 2 { 'two' } }\n$r", "$r = [1, 2, 3].map |$x| { unless $x == 2 { 'not two' } }\n$r",
    "$r = [1, 2, 3].map |$x| { case $x { 2: { 'two' } } }\n$r", "$r = [1, 2, 3].map |$x| { $x ? { 2 => 'two', default => undef } }\n$r",
    "$x = 'prod-eu-1'\nif $x =~ /^(\\w+)-(\\w+)-(\\d+)$/ { { env => $1, region => $2, n => Integer($3) } }",
    "$x = 'prod-eu-1'\n$parts = $x.split('-')\n[$env, $region, $n] = $parts\n\"${region}/${env}#${n}\"",
    "$x = 'prod-eu-1'\n$x =~ /^(?<env>\\w+)-/\n$env",
    "$x = 'v2.10.3'\n$v = SemVer($x[1, -1])\n[$v.major, $v.minor, $v.patch]",
    "$x = 'v2.10.3'\n$v = SemVer($x[1, 100])\n$v",
    "$list = ['b', 'a', 'c']\n$sorted = $list.sort\n\"${list} vs ${sorted}\"",
    "$m = {}\n['x', 'y', 'x'].each |$w| { $m = $m + { $w => $m.get($w, 0) + 1 } }\n$m",
    "$c = ['x', 'y', 'x'].reduce({}) |$m, $w| { $m + { $w => ($m[$w] =~ Undef).then |$u| { $u ? { true => 1, default => $m[$w] + 1 } } } }\n$c",
    "$counts = ['x', 'y', 'x'].group_by |$w| { $w }.map |$k, $v| { [$k, $v.length] }\nHash($counts)",
    "$d = {a => 1, b => {c => 2}}\n$d.tree_each.map |$path, $v| { $path.join('.') }",
    "$d = {a => 1, b => {c => 2}}\n$d.tree_each({include_containers => false}).map |$path, $v| { \"${path.join('.')}=${v}\" }",
    "$nums = Integer[1, 20].filter |$n| { $n % 3 == 0 or $n % 5 == 0 }\n$nums.reduce |$a, $b| { $a + $b }",
    "$fizz = Integer[1, 15].map |$n| { case [$n % 3, $n % 5] { [0, 0]: { 'FizzBuzz' } [0, default]: { 'Fizz' } [default, 0]: { 'Buzz' } default: { $n } } }\n$fizz.join(' ')",
    "$fizz = Integer[1, 15].map |$n| { case [$n % 3, $n % 5] { [0, 0]: { 'FizzBuzz' } [0, Any]: { 'Fizz' } [Any, 0]: { 'Buzz' } default: { $n } } }\n$fizz.join(' ')",
    "$primes = Integer[2, 30].filter |$n| { Integer[2, $n - 1].all |$d| { $n % $d != 0 } }\n$primes",
    "$primes = Integer[2, 30].filter |$n| { $n == 2 or Integer[2, $n - 1].all |$d| { $n % $d != 0 } }\n$primes",
    "$tpl = @(\"T\")\n  Name:  ${name}\n  Items: ${items.length}\n  | T\n$name = 'x'\n$tpl",
    "$name = 'x'\n$items = [1, 2]\n@(\"T\")\n  Name:  ${name}\n  Items: ${items.length}\n    - ${items.join(\"\\n    - \")}\n  | T",
    "@(\"T\"/L)\n  one \\\n  two\n  | T", "@(T)\n  ${not} $interpolated\\n\n  | T", "@(\"T\")\n\\${escaped} \\\\ done\nT",
    "@(\"T\")\n  a\n\n  b\n  | T", "@(\"T\")\n\ta\n\t| T", "@(\"T\")\n  x\n  |- T\n.length",
]

# A single Integer parameter is a minimum for the reference and prepl (by default), an exact value
# by the spec draft (see h2_types.py): the programs with an explicit `default` upper bound, then
# (added when prepl took the reference's reading; at the end, so that the ids before them stay)
# the programs as written.
SINGLE_BOUND = [
    "\nfunction fact(Integer[0] $n) >> Integer {\n  if $n <= 1 { 1 } else { $n * fact($n - 1) }\n}\n[0, 1, 5, 10, 20].map |$n| { fact($n) }\n",
    "\nfunction fact(Integer[0] $n) >> Integer { if $n <= 1 { 1 } else { $n * fact($n - 1) } }\nfact(-1)\n",
    "type MyInt = Integer[0]\nMyInt[5]\n",
]
assert all(p in PROGRAMS for p in SINGLE_BOUND)
PROGRAMS = [p for p in PROGRAMS if p not in SINGLE_BOUND]
PROGRAMS += [p.replace("Integer[0]", "Integer[0, default]") for p in SINGLE_BOUND]
PROGRAMS += SINGLE_BOUND
