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

/// Compares with oracle answers: `ORACLE_CMP=file.jsonl` (lines with `src` and the oracle's
/// `error`/`error_class`), printing each disagreement.
#[test]
#[ignore]
fn compare_with_oracle() {
    let Ok(path) = std::env::var("ORACLE_CMP") else { return };
    let text = std::fs::read_to_string(path).unwrap();
    let (mut same, mut diff) = (0, 0);
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let src = v["src"].as_str().unwrap();
        let class = v["error_class"].as_str().unwrap_or("");
        let expected = if matches!(class, "Puppet::ParseErrorWithIssue" | "Puppet::ParseError" | "Puppet::Error") {
            Some(v["error"].as_str().unwrap().to_string())
        } else {
            None
        };
        let mine = crate::syntax::parse(src).err().map(|e| e.message);
        if mine == expected {
            same += 1;
        } else {
            diff += 1;
            println!("DIFF {src:?}\n   oracle: {expected:?}\n   mine:   {mine:?}");
        }
    }
    println!("same {same} diff {diff}");
}

#[test]
#[ignore]
fn show_completeness() {
    let Ok(path) = std::env::var("ORACLE_CMP") else { return };
    for line in std::fs::read_to_string(path).unwrap().lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let src = v["src"].as_str().unwrap();
        println!("{:?} {src:?}", crate::syntax::completeness(src));
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let run = || {
        for (open, close) in [("[", "]"), ("(", ")"), ("{a=>", "}"), ("!", ""), ("-", ""), ("if true {", "}"), ("$x.map |$y| {", "}"), ("\"${", "}\"")] {
            for n in [10usize, 100_000] {
                let src = format!("{}1{}", open.repeat(n), close.repeat(n));
                let r = crate::syntax::parse(&src);
                if n == 10 {
                    assert!(r.is_ok(), "{open} x {n}: {:?}", r.err());
                } else {
                    let e = r.err().unwrap_or_else(|| panic!("{open} x {n} parsed"));
                    assert_eq!(e.kind, ErrorKind::Limit, "{open}: {}", e.message);
                }
            }
        }
        let chain = format!("1{}", " + 1".repeat(100_000));
        assert_eq!(crate::syntax::parse(&chain).unwrap_err().kind, ErrorKind::Limit);
        let chain = format!("$a{}", "[1]".repeat(100_000));
        assert_eq!(crate::syntax::parse(&chain).unwrap_err().kind, ErrorKind::Limit);
        assert!(crate::syntax::parse(&format!("1{}", " + 1".repeat(100))).is_ok());
    };
    // the default test thread stack (2 MiB) is enough for the nesting limit
    std::thread::Builder::new().stack_size(2 << 20).spawn(run).unwrap().join().unwrap();
}

