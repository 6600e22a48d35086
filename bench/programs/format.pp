# String formatting: sprintf and String(value, format).
$lines = Integer[1, 5000].map |$i| { sprintf('%05d %-8s %.3f %x', $i, "n${i}", $i / 7.0, $i) }
$more = Integer[1, 5000].map |$i| {
  "${String($i, '%08b')} ${String($i * 1.5, '%.2f')} ${String([$i, 'a'], '%p')} ${String($i, '%#o')}"
}
[$lines[-1], $more[-1], ($lines + $more).join("\n").length]
