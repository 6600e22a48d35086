//! Validation messages, as the reference words them (taken from puppet-oracle). Many more
//! are covered by the reference tables in `parser::tests`.

use crate::error::ErrorKind;
use crate::parse;

fn verr(src: &str) -> String {
    match parse(src) {
        Ok(_) => "ok".to_string(),
        Err(e) => {
            assert_ne!(e.kind, ErrorKind::Incomplete, "{src:?}");
            e.message
        }
    }
}

const NO_EFFECT: &str =
    "has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)";

#[test]
fn values_without_effect_before_the_end() {
    for (src, label) in [
        ("1 2", "Literal Integer"),
        ("1.5 2", "Literal Float"),
        ("'x' 2", "String"),
        ("$x = 1 \"$x\" 2", "Double Quoted String"),
        ("/x/ 2", "Regular Expression"),
        ("Integer 2", "Type-Name"),
        ("foo 1", "Name"),
        ("true 2", "Boolean"),
        ("undef 2", "'undef' expression"),
        ("default 2", "'default' expression"),
        ("-1 2", "Unary Minus"),
        ("!true 2", "'not' expression"),
        ("*[1] 2", "Unfold"),
        ("(1) 2", "Parenthesized Expression"),
        ("[1] 2", "Array Expression"),
        ("{} 2", "Hash Expression"),
        ("1 + 2 3", "'+' expression"),
        ("1 and 2 3", "'and' expression"),
        ("1 in [1] 2", "'in' expression"),
        ("[1][0] 2", "'[]' expression"),
        ("$a = 1 $a 3", "Variable"),
        ("if true { 1 } 3", "'if' statement"),
        ("unless true {} 2", "'unless' Statement"),
        ("case 1 {1: {2}} 3", "'case' statement"),
        ("$x = 1 $x ? { 1 => 2 } 3", "Selector Expression"),
        ("@(END)\nx\nEND\n2", "'@()' expression"),
    ] {
        assert_eq!(verr(src), format!("This {label} {NO_EFFECT}"), "{src:?}");
    }
    // side effects (or possible ones) are fine
    for src in [
        "$a = 1 2",
        "notice(1) 2",
        "'a' =~ /a/ 1",
        "[1].each |$x| {} 2",
        "File <| |> 2",
        "(1) -> (2) 3",
    ] {
        assert_eq!(verr(src), "ok", "{src:?}");
    }
}

#[test]
fn assignments() {
    assert_eq!(
        verr("$0 = 1"),
        "Illegal attempt to assign to the numeric match result variable '$0'. Numeric variables are not assignable"
    );
    assert_eq!(
        verr("$::x = 1"),
        "Illegal attempt to assign to '::x'. Cannot assign to variables in other namespaces"
    );
    assert_eq!(
        verr("$a[1] = 2"),
        "Illegal attempt to assign via [index/key]. Not an assignable reference"
    );
    assert_eq!(
        verr("[$a, 1] = [1,2]"),
        "Illegal attempt to assign to 'a Literal Integer'. Not an assignable reference"
    );
    assert_eq!(
        verr("-1 = 1"),
        "Illegal attempt to assign to 'an Unary Minus'. Not an assignable reference"
    );
    assert_eq!(
        verr("$a.foo = 1"),
        "Illegal attempt to assign to 'a Method call'. Not an assignable reference"
    );
    assert_eq!(
        verr("$a += 1"),
        "The operator '+=' is no longer supported. See http://links.puppet.com/remove-plus-equals"
    );
    assert_eq!(verr("[$a, [$b]] = [1, [2]]"), "ok");
}

#[test]
fn parameters() {
    assert_eq!(
        verr("function f($a = ($b = 1)) {}"),
        "Assignment not allowed here"
    );
    assert_eq!(verr("function f($a = [1].map |$x| { $y = 1 }) {}"), "ok");
    assert_eq!(
        verr("[1].each |*$a, $b| {}"),
        "Parameter $a is not last, and has 'captures rest'"
    );
    assert_eq!(
        verr("class foo(*$x) {}"),
        "Parameter $x has 'captures rest' - not supported in a Host Class Definition"
    );
    assert_eq!(
        verr("class foo($title) {}"),
        "The parameter $title redefines a built in parameter in the Host Class Definition"
    );
    assert_eq!(
        verr("define foo($name) {}"),
        "The parameter $name redefines a built in parameter in the 'define' expression"
    );
    assert_eq!(
        verr("[1].each |$A| {}"),
        "Illegal parameter name. The given name 'A' does not conform to the naming rule /^[a-z_]\\w*$/"
    );
    assert_eq!(
        verr("[1].each |$0| {}"),
        "Language validation logged 2 errors. Giving up"
    );
    assert_eq!(verr("[1].each |$x, $x| {}"), "ok");
    assert_eq!(
        verr("function f($x, $x) {}"),
        "The parameter 'x' is declared more than once in the parameter list"
    );
}

#[test]
fn definitions() {
    assert_eq!(
        verr("function Foo() {}"),
        "Unacceptable name. The name 'Foo' is unacceptable as the name of a Function Definition"
    );
    assert_eq!(
        verr("function integer() {}"),
        "The name: 'integer' is already defined by Puppet and can not be used as the name of a Function Definition."
    );
    assert_eq!(
        verr("class foo { 1 }"),
        "This Literal Integer has no effect. A Host Class Definition can not end with a value-producing expression without other effect"
    );
    assert_eq!(
        verr("if true { class foo {} }"),
        "Classes, definitions, and nodes may only appear at toplevel or inside other classes"
    );
    assert_eq!(
        verr("class a { function f() {} }"),
        "A Function Definition may only appear at toplevel"
    );
    assert_eq!(verr("class a { class b {} }"), "ok");
    assert_eq!(
        verr("$x = class foo {}"),
        "Language validation logged 2 errors. Giving up"
    );
    assert_eq!(
        verr("node 'a' inherits b {}"),
        "Node inheritance is not supported in Puppet >= 4.0.0. See http://links.puppet.com/puppet-node-inheritance-deprecation"
    );
    assert_eq!(
        verr("node 'a b' {}"),
        "The hostname 'a b' contains illegal characters (only letters, digits, '_', '-', and '.' are allowed)"
    );
    assert_eq!(
        verr("node \"a${x}\" {}"),
        "An interpolated expression is not allowed in a hostname of a node"
    );
}

#[test]
fn catalog_expressions() {
    assert_eq!(
        verr("File <| title < 'x' |>"),
        "Illegal query expression. A '<' expression cannot be used in a query"
    );
    assert_eq!(
        verr("foo <| |>"),
        "Illegal expression. A Name is unacceptable as type name in a Virtual Query"
    );
    assert_eq!(
        verr("file { 'x': mode +> 1 }"),
        "Illegal +> operation on attribute mode. This operator can not be used in a Resource Instance Definition"
    );
    assert_eq!(verr("File['x'] { mode +> 1 }"), "ok");
    assert_eq!(
        verr("file { 'x': * => {}, * => {} }"),
        "Unfolding of attributes from Hash can only be used once per resource body"
    );
    assert_eq!(verr("@class { 'x': }"), "Classes are not virtualizable");
    assert_eq!(
        verr("$x = File <| |>"),
        "Invalid use of expression. A Virtual Query does not produce a value"
    );
    assert_eq!(
        verr("foo {a => 1}"),
        "This expression is invalid. Did you try declaring a 'foo' resource without a title?"
    );
}

#[test]
fn other_checks() {
    assert_eq!(
        verr("$a(1)"),
        "Illegal expression. A Variable is unacceptable as function name in a Function Call"
    );
    assert_eq!(
        verr("_foo(1)"),
        "Illegal expression. A String is unacceptable as function name in a Function Call"
    );
    assert_eq!(
        verr("$x = 1 ? { default => 1, default => 2 }"),
        "This Selector Expression already has a 'default' entry - this is a duplicate"
    );
    assert_eq!(
        verr("case 1 { default: {} default: {} }"),
        "This 'case' statement already has a 'default' entry - this is a duplicate"
    );
    assert_eq!(
        verr("{a => 1, 'a' => 2}"),
        "The key 'a' is declared more than once"
    );
    // (the reference's words for keys of other literals; `1` and `'1'` are different keys)
    for (src, key) in [
        ("{1 => a, 1 => b}", "1"),
        ("{1.5 => a, 1.50 => b}", "1.5"),
        ("{true => 1, true => 2}", "true"),
        ("{0x10 => a, 16 => b}", "16"),
    ] {
        assert_eq!(
            verr(src),
            format!("The key '{key}' is declared more than once")
        );
    }
    assert_eq!(verr("{1 => a, '1' => b}"), "ok");
    // Keys that are no literals are not compared; a literal after them still is.
    assert_eq!(verr("{$x => 1, false => 2, \"${y}\" => 3}"), "ok");
    assert_eq!(
        verr("{$x => 1, false => 2, $y => 3, false => 4}"),
        "The key 'false' is declared more than once"
    );
    // Small literals compare each key with the ones before, large ones use a set.
    for n in [16, 17, 40] {
        let keys: Vec<String> = (0..n).map(|i| format!("k{i} => {i}")).collect();
        assert_eq!(verr(&format!("{{{}}}", keys.join(", "))), "ok", "{n}");
        let dup = format!("{{{}, k{} => 0}}", keys[..n - 1].join(", "), n - 2);
        assert_eq!(
            verr(&dup),
            format!("The key 'k{}' is declared more than once", n - 2),
            "{n}"
        );
    }
    assert_eq!(
        verr("$x = attr"),
        "Use of reserved word: attr, must be quoted if intended to be a String value"
    );
    // a reserved word called as a function: two errors (puppet-oracle)
    for src in ["private()", "attr(1)", "private 1", "private(1) |$x| { 1 }"] {
        assert_eq!(
            verr(src),
            "Language validation logged 2 errors. Giving up",
            "{src}"
        );
    }
    assert_eq!(
        verr("$Foo = 1"),
        "Illegal variable name, The given name 'Foo' does not conform to the naming rule /^((::)?[a-z]\\w*)*((::)?[a-z_]\\w*)$/"
    );
    assert_eq!(
        verr("$01"),
        "Illegal numeric variable name, The given name '01' must be a decimal value if it starts with a digit 0-9"
    );
    assert_eq!(verr("$_x = 1 $_x"), "ok");
    // qualified names: namespaces as class names, the last segment as a parameter name
    // (from puppet-oracle: `$a::_b` and `$::a::b` are valid, `$_a::b` and `$a::B` are not)
    for ok in ["$a::b", "$a::_b", "$::a::b", "$::x", "$a1::b_2::c"] {
        assert_eq!(verr(ok), "ok", "{ok}");
    }
    for bad in ["_a::b", "a::B", "a::b1::C"] {
        assert_eq!(
            verr(&format!("${bad}")),
            format!("Illegal variable name, The given name '{bad}' does not conform to the naming rule /^((::)?[a-z]\\w*)*((::)?[a-z_]\\w*)$/"),
            "{bad}"
        );
    }
}

#[test]
fn json_heredocs_are_checked() {
    assert_eq!(
        verr("@(END:json)\nnot json\nEND"),
        "Invalid produced text having syntax: 'json'. JSON syntax checker: Cannot parse invalid JSON string. \"859: unexpected token at 'not json\\n'\""
    );
    assert_eq!(verr("@(END:json)\n{\"a\": [1, 2]}\nEND"), "ok");
}

/// Literals made only of constants are checked by a walk of their own: what it finds is
/// what the general walk finds, at any depth.
#[test]
fn constant_literals_are_checked_at_any_depth() {
    for src in [
        "$x = [1, [2, {a => 1, 'a' => 2}]]",
        "$x = {k => [{a => 1, 'a' => 2}], n => -1}",
        "$x = {k => {a => 1, 'a' => 2}, a => 3}",
    ] {
        assert_eq!(verr(src), "The key 'a' is declared more than once", "{src}");
    }
    for src in ["$x = [1, [attr]]", "$x = {k => {v => private}}"] {
        assert!(verr(src).starts_with("Use of reserved word: "), "{src}");
    }
    assert_eq!(verr("$x = [1, [2, {a => 1, b => [true, -2.5]}]] $x"), "ok");
}

/// `Assignment not allowed here` is placed at the assignment's operator, as the reference
/// places an assignment (its position shows in an EPP template's message).
#[test]
fn a_misplaced_assignment_is_at_its_operator() {
    for (src, at) in [
        ("function f($a = ($b = 1)) {}", 20),
        ("function f($a = [1, ($b   =  1)]) {}", 26),
        ("function f($a = ([$b, $c] = [1, 2])) {}", 26),
        ("function f($a = { k => ($b\n  = 1) }) {}", 29),
    ] {
        let e = parse(src).expect_err(src);
        assert_eq!(e.message, "Assignment not allowed here", "{src}");
        assert_eq!(e.span.map(|s| s.start), Some(at), "{src}");
    }
}
