# String building and formatting in loops: sprintf, String(v, fmt), interpolation,
# split/join/regsubst, and a report assembled line by line.
$rows = Integer[1, 1500].map |$i| {
  $name = "host-${i}.dc${$i % 4}.example.com"
  $parts = $name.split('\.')
  $short = regsubst($parts[0], '-(\d+)$', '_\1')
  $ip = sprintf('10.%d.%d.%d', $i % 4, ($i / 256) % 256, $i % 256)
  $mac = String($i * 7919, '%012x').regsubst(/(..)(?!$)/, '\1:', 'G')
  $cpu = String($i % 97 / 3.0, '%.2f')
  $labels = $parts.map |$p| { $p.upcase }.join('/')
  "${short} ${name} ${ip} ${mac} cpu=${cpu} ${labels} ${sprintf('%-6s|%6s|%03d', "n${$i % 13}", $i % 100, $i % 1000)}"
}
$report = $rows.reduce('') |$acc, $row| {
  $row =~ /dc0/ ? { true => "${acc}${regsubst($row, 'example\.com', 'example.net', 'G')}\n", default => $acc }
}
$csv = $rows.map |$r| { $r.split(' ').join(',') }.join("\n")
[$rows[-1], $report.length, $csv.length, $csv.split("\n").map |$l| { $l.split(',').length }.unique]
