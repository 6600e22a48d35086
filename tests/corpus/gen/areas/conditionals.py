PROGRAMS = [
    # if / elsif / else
    "if true { 1 }", "if false { 1 }", "if false { 1 } else { 2 }", "if false { 1 } elsif true { 2 } else { 3 }",
    "if false { 1 } elsif false { 2 }", "if false { 1 } elsif false { 2 } else { 3 }", "if true { }", "if true { 1 2 }",
    "if true { 1; 2 }", "if true { notice(a) 2 }", "if 1 { yes }", "if 0 { yes }", "if '' { yes }", "if undef { yes } else { no }",
    "if [] { yes }", "if {} { yes }", "if 'false' { yes }", "if default { yes }", "if Integer { yes }", "if /x/ { yes }",
    "$x = if true { 1 } else { 2 } $x", "$x = if false { 1 } $x", "if (1 == 1) { a }", "if 1 == 1 and 2 == 2 { both }",
    "if !false { neg }", "if true { if false { 1 } else { 2 } }", "if false { 1/0 } else { ok }", "if true { 1 } else { 1/0 }",
    "if $nope { 1 }", "if true { 1 } elsif 1/0 { 2 }", "if true 1", "if true { 1 } else if false { 2 }",
    "if true { 1 } elseif true { 2 }", "if { 1 }", "if true { $a = 1 } else { $a = 2 } $a",
    # unless
    "unless false { 1 }", "unless true { 1 }", "unless true { 1 } else { 2 }", "unless undef { u }", "unless 0 { z }",
    "unless false { 1 } elsif true { 2 }", "$x = unless true { 1 } $x", "unless [] { 1 } else { 2 }",
    # case: spec examples
    "$observed = 'sylvester' case $observed { 'cat', 'sylvester': { notice 'I taw a puddy cat' } 'seed': { notice 'Feed me!' } }",
    "$nm = 'ringo' notice case $nm { 'paul', 'ringo', 'george', 'john': { 'One of The Beatles' } 'mick', 'keith': { 'One of The Rolling Stones' } default: { 'In Some other band' } }",
    "$n = 'bob' case $n { 'paul', 'ringo': { 'Beatle' } default: { 'In Some other band' } }",
    "notice case [1,2,50] { Array[Integer[1,49]]: { 'in range' } default : { 'out of range' } }",
    "$whatever = 7 $x = [green, 2, $whatever] case $x { [/ee/, Integer[0,10], default] : { notice 'this will be noticed' } default: { notice 'this will not be noticed' } }",
    "$x = ringo case $x { *[paul, ringo, george, john] : { 'One of The Beatles' } }",
    "$x = me case $x { you, *[paul, ringo, george, john], me : { 'One of The Beatles, you, or me ;-)' } }",
    # case: more matching rules
    "case 'ABC' { 'abc': { ci } }", "case 1 { 1.0: { num } }", "case '1' { 1: { int } default: { nomatch } }",
    "case 'abc' { /b/: { re } }", "case 1 { /1/: { re } default: { d } }", "case [1] { /1/: { re } default: { d } }",
    "case 5 { Integer[1,10]: { t } }", "case Integer { Type: { t } }", "case Integer { Integer: { eq } }",
    "case '1.2.3' { SemVerRange('1.x'): { r } }", "case SemVer('1.2.3') { SemVerRange('1.x'): { r } }",
    "case [1, 2] { [1, 2]: { a } }", "case [1, 2] { [1]: { a } default: { d } }", "case [1, 'x'] { [Integer, /x/]: { m } }",
    "case {a => 1, b => 2} { {a => 1}: { h } default: { d } }", "case {a => 1} { {a => 1, b => 2}: { h } default: { d } }",
    "case {a => 1} { {a => Integer}: { h } }", "case {a => 1} { {a => default}: { h } }", "case {a => 1} { {b => default}: { h } default: { d } }",
    "case [1, [2, 3]] { [default, [2, default]]: { nested } }", "case 3 { |$x| { $x > 2 }: { lam } }",
    "case 1 { |$x| { $x > 2 }: { lam } default: { d } }", "case [1, 2] { |$a, $b| { $a + $b == 3 }: { two } }",
    "case 1 { |$x| { undef }: { lam } default: { d } }", "case 1 { default: { d } 1: { one } }",
    "case 2 { default: { d } 1: { one } }", "case 2 { 1: { one } }", "case 1 { default: { a } default: { b } }",
    "case 1 { 1, default: { x } }", "case default { 1: { one } default: { d } }", "case default { default: { d } }",
    "case 1 { *undef: { u } default: { d } }", "case undef { *undef: { u } default: { d } }", "case undef { undef: { u } }",
    "case 1 { *[default]: { sd } 2: { two } }", "case 1 { *2: { two } *1: { one } }", "case 1 { 2: { notice(no) } 1: { notice(yes) } }",
    "case 1 { notice(evaluated) 2: { a } 1: { b } }", "$r = case 2 { 1: { a } } $r", "case 1 { 1: { } }", "case 1 { }",
    "case 'a' { 'b', 'a', 1/0: { ok } }", "case 'x' { 1/0: { never } }", "case 'abc' { /(a)(b)/: { \"$1-$2\" } }",
    "case 1 { Integer, String: { first } Integer: { second } }", "case undef { Undef: { u } }", "case '' { undef: { u } default: { d } }",
    "case 1 { [1]: { a } default: { d } }", "case true { 'true': { s } true: { b } }",
    # selectors
    "$y = sad $x = $y ? sad => blue $x", "$y = hot $x = $y ? { hot => red, sad => blue, seasick => green, default => normal, } $x",
    "$y = meh $y ? { hot => red, default => normal }", "'x' ? { 'y' => 1 }", "1 ? { 1 => a, 1 => b }",
    "1 ? { default => d, 1 => one }", "'ABC' ? { 'abc' => ci }", "'abc' ? { /(b)/ => $1 }", "5 ? { Integer => int }",
    "[1,2] ? { [1, default] => m }", "{a=>1} ? { {a=>Integer} => h }", "3 ? { *[1,2,3] => found }", "1 ? { *undef => u, default => d }",
    "default ? { default => d }", "1 ? { default => a, default => b }", "2 ? { |$x| { $x % 2 == 0 } => even, default => odd }",
    "'1.2.3' ? { SemVerRange('>=1.0.0') => yes }", "$x = 1 ? { 1 => 'one' } $x", "1 ? { 2 => a, }", "1 ? { }",
    "(1 + 1) ? { 2 => two }", "1 ? { 1 => notice(sel) }", "'a' ? { 'a' => 1, 1/0 => 2 }", "undef ? { undef => u }",
    "undef ? { '' => e, default => d }",
]

# Left out: the reference contradicts expressions.md here, and the spec wins.
# - lambda options in case/selector (spec, PUP-4193): the reference says "Syntax error at '|'".
# - a splatted default "does not count as the default entry" (spec); the reference selects it.
SPEC_DISAGREEMENTS = [
    "case 3 { |$x| { $x > 2 }: { lam } }",
    "case 1 { |$x| { $x > 2 }: { lam } default: { d } }",
    "case [1, 2] { |$a, $b| { $a + $b == 3 }: { two } }",
    "case 1 { |$x| { undef }: { lam } default: { d } }",
    "case 1 { *[default]: { sd } 2: { two } }",
    "2 ? { |$x| { $x % 2 == 0 } => even, default => odd }",
]
PROGRAMS = [p for p in PROGRAMS if p not in SPEC_DISAGREEMENTS]
PROGRAMS += [
    "case 'Abc' { /abc/: { re } 'abc': { str } }", "case 'abc' { Enum[abc, x]: { e } }", "case 'b' { Pattern[/a/, /b/]: { p } }",
    "$x = 'abc' ? { /(a)(b)/ => \"$1$2\", default => 'no' } [$x, $1]", "case [] { []: { empty } }", "case {} { {}: { empty } }",
    "case 'x' { *['a', 'x']: { splat } }", "case 1 { Integer[2,3]: { a } Integer[0,1]: { b } }", "case 1.0 { 1: { one } }",
    "case 'a' { *[]: { none } default: { d } }", "if 'abc' =~ /(b)/ { $1 } elsif true { 2 }", "if [] == [] { eq }",
    "$r = if false { 1 } elsif false { 2 } $r", "unless false { 1 } else { 2 }", "if true { } else { 1 }",
    "case 'a' { 'a': { } default: { d } }", "'b' ? { 'a' => 1, default => 2, 'b' => 3 }", "[1, 'x'] ? { [Integer, String] => ok }",
]
