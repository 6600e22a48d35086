# String interpolation, splitting and joining.
$words = Integer[1, 20000].map |$i| { "word${i}" }
$words.join(',').split(',').map |$w| { $w.upcase }.length
