# Iteration over an Integer range with lambdas.
Integer[1, 100000].map |$x| { $x * 2 }.filter |$x| { $x % 3 == 0 }.reduce |$m, $x| { $m + $x }
