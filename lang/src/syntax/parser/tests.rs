use super::sexpr;
use super::*;

fn p(src: &str) -> String {
    match parse_program(src) {
        Ok(prog) => sexpr::program(&prog),
        Err(e) => panic!("{src:?}: {:?} {}", e.kind, e.message),
    }
}

#[test]
fn dump() {
    for src in [
        "1 + 2 * 3", "!$a == $b", "$x == 1 ? { 1 => a, default => b }", "1 < 2 == true", "-2 * *2", "1 +* 2",
        "$a = $b = 1", "$a[1]", "$a [1]", "abc[1]", "abc [1]", "foo()[1]", "foo() [1]", "notice 1, 2",
        "Integer('0xFF')", "Integer[1,2]('3')", "$x.f", "$x.f(a, b)", "$x.f |$y| { }", "$x.f(1) |$a, $b| { 1 }",
        "[1,2].map |$x| { $x }", "\"s\".upcase", "Integer.new('1')", "5.times |$i| { }",
        "if $a { 1 } elsif $b { 2 } else { 3 }", "unless $a { 1 } else { 2 }", "case $x { 1, 2: { a } default: {} }",
        "$x ? a => 1", "|Integer $x, *$rest| >> Integer { }", "function mod::f(Integer[1] $a = 1) >> Integer { $a }",
        "type Foo = Integer[1,2]", "file { 'a': mode => '1', * => $h; 'b': }", "@file { 'a': }", "@@file { 'a': }",
        "class { 'x': }", "File { mode => 1 }", "File['x'] { mode => 1 }", "File <| title == 'x' |>", "File <<| |>>",
        "File['a'] -> File['b'] ~> File['c']", "\"a${x}b$y c\"", "\"${x[1]}\"", "\"${x.upcase}\"", "\"${x + 3}\"",
        "@(END:json)\n  {}\n  |-END\n", "{a => 1, 'b' => 2, 3 => 4,}", "[1, 2,]", "notice(a => 1, b => 2, 3)",
        "class foo($x = 1) inherits bar { }", "define foo::bar($x) { }", "node 'a', /b/, c.d.e, default { }",
        "notice {a => 1}", "foo {a => 1}", "[$a, $b] = [1, 2]", "$x = /a\\/b/", "4 / 2 / 1", "type(1)",
    ] {
        match parse_program(src) {
            Ok(prog) => println!("{src:?} => {}", sexpr::program(&prog)),
            Err(e) => println!("{src:?} => ERR {:?} {}", e.kind, e.message),
        }
    }
}
