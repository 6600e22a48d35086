PROGRAMS = [
    "$a = 10", "$a = 10 $a", "$x = $y = 0 [$x, $y]", "$x = ($y = 2) + 1 [$x, $y]", "[$a, $b] = [1, 2] [$a, $b]",
    "[$a, $b] = { a => 10, b => 20, c => 30 } [$a, $b]", "[$a, $b] = [1] [$a, $b]", "[$a, $b] = [1, 2, 3] [$a, $b]",
    "[$a, $b] = {a => 1} [$a, $b]", "[$a, $b] = 1", "[$a, [$b, $c]] = [1, [2, 3]] [$a, $b, $c]", "[$a] = [[1]] $a",
    "[$a, $b] = [1, 2]", "$r = ([$a, $b] = [1, 2]) $r", "[$a, $b] = {'a' => undef, 'b' => 2} [$a, $b]", "[] = []",
    "[$a, $b] = 'ab'", "[$a, $b] = undef", "[$a, 1] = [1, 2]", "[$a, $a] = [1, 2]",
    "$a = 1 $a = 2", "$a = 1 $a = 1", "$a = 1 [$a] = [2]", "$x", "$unknown", "notice($nope)",
    "$x = 1 $::x", "$::x = 1", "$::x", "$a::b = 1", "$a::b", "$::a::b", "$x = 1 \"$::x\"",
    "$0", "$1", "$01", "$x1 = 2 $x1", "$_ = 1 $_", "$_a = 1 $_a", "$a_ = 1 $a_", "$A = 1 $A", "$Abc = 2 $Abc",
    "$a-b = 1", "$a = 1 $a-1", "$a = 1 [$a, $a]", "$x = [1,2] $x[0] = 3", "$x = {a=>1} $x[b] = 2",
    "$x = undef $x", "$x = undef $x == undef", "$a = $a", "$a = $b", "$x = 1 $x + $x", "$1 = 2", "$x += 1", "$x -= 1",
    "$x = 1 $y = $x $x = 2", "[$x, $y] = [$y, 1]", "$x = [1,2] [$a, $b] = $x [$b, $a]",
    "$x = 1 $f = [1].map |$y| { $x + $y } $f", "[1].each |$v| { $q = 1 } $q", "$x = 1 [1].map |$v| { $x = 2 }",
    "$x = 1 [1].map |$v| { $x = 2 $x }", "$x = 1 [1].each |$v| { $x = 2 } $x",

    "[$a, *$b] = [1, 2, 3]", "$h = {a=>1} [$a] = $h $a", "[$a] = {'b' => 1} $a", "$x = 'str' [$a] = $x",
    "$x = 5 if true { $x } else { 0 }", "if true { $y = 1 } $y", "$r = if true { $z = 3 } [$r, $z]",
    "$a = ($b = 1) $b", "($a) = 1", "$a.b = 1", "$x = 1; $x", "$x = 1\n$x",
]
PROGRAMS += [
    "$x = 1 function f() { $::x } f()", "$x = 1 function f() { $x } f()", "[$a, $b] = [[1], {b => 2}] [$a, $b]",
    "[$a, [$b]] = [1, [2, 3]]", "[$a, [$b]] = [1, 2]", "$x = [1, 2] $y = $x + [3] [$x, $y]", "$h = {a => 1} $g = $h + {b => 2} $h",
    "$x = 'a' $y = \"${x}b\" $y", "$x = 1 $y = 2 $z = $x + $y $z", "$x = Integer $x[1, 2]", "$f = 'upcase' call($f, 'x')",
]

# (scoping, seed 53, session 45) `$c::x` reads the variables of class c's running lambdas
# (the innermost and those around it) when c has no variable x of its own
PROGRAMS += [
    "class c2 { with(1) |$v| { notice(\"${c2::v}\") } } include c2",
    "class c2 { with(1) |$v| { with(2) |$w| { notice([$c2::v, $c2::w]) } } } include c2",
    "class c2 { $v = 7 with(1) |$v| { notice($c2::v) } } include c2",
    "class c3 { notice($c2::v) } class c2 { with(1) |$v| { include c3 } } include c2",
    "function f() { $c2::v } class c2 { with(1) |$v| { notice(f()) } } include c2",
    "class c2 { with(1) |$v| { $w = 3 notice(inline_epp('<%= $c2::v %> <%= $c2::w %>')) } } include c2",
    "class c2 { [1, 2].each |$v| { notice($c2::v) } notice($c2::v) } include c2",
    "with(1) |$v| { $::v }",
]
