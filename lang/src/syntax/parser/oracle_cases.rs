// Generated from the reference's answers (puppet-oracle): typical mistakes, tricky
// syntax, and every code block of the spec (expressions.md, types-values-variables.md,
// parameters.md).

use crate::syntax::Completeness as Kind;

/// (source, kind, message) of programs the reference rejects before evaluation.
pub(super) const REJECTED: &[(&str, Kind, &str)] = &[
    (r#"09"#, Kind::Invalid, r#"Not a valid octal number 09"#),
    (r#"0x"#, Kind::Invalid, r#"Not a valid hex number 0x"#),
    (r#"1_000"#, Kind::Invalid, r#"Illegal number '1_000'"#),
    (r#"0x1G"#, Kind::Invalid, r#"Not a valid hex number 0x1G"#),
    (r#"1a"#, Kind::Invalid, r#"Illegal number '1a'"#),
    (r#"08.5"#, Kind::Invalid, r#"Not a valid octal number 08.5"#),
    (r#"1.5.3"#, Kind::Invalid, r#"Syntax error at '3'"#),
    (r#")"#, Kind::Invalid, r#"Syntax error at ')'"#),
    (r#"[1,2]]"#, Kind::Invalid, r#"Syntax error at ']'"#),
    (
        r#"1 +"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (r#"(1"#, Kind::Incomplete, r#"Syntax error at end of input"#),
    (r#"[1"#, Kind::Incomplete, r#"Syntax error at end of input"#),
    (r#"{"#, Kind::Incomplete, r#"Syntax error at end of input"#),
    (
        r#""abc"#,
        Kind::Incomplete,
        r#"Unclosed quote after '"' followed by 'abc...'"#,
    ),
    (
        r#"'abc"#,
        Kind::Incomplete,
        r#"Unclosed quote after "'" followed by 'abc...'"#,
    ),
    (
        r#"/* abc"#,
        Kind::Incomplete,
        r#"Unclosed multiline comment"#,
    ),
    (
        r#"if true"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"if true {"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"$x = "#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (r#"|$x|"#, Kind::Invalid, r#"Syntax error at '|'"#),
    (
        r#"1 2"#,
        Kind::Invalid,
        r#"This Literal Integer has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"$a = 1 $a 3"#,
        Kind::Invalid,
        r#"This Variable has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"$0 = 1"#,
        Kind::Invalid,
        r#"Illegal attempt to assign to the numeric match result variable '$0'. Numeric variables are not assignable"#,
    ),
    (
        r#"$::x = 1"#,
        Kind::Invalid,
        r#"Illegal attempt to assign to '::x'. Cannot assign to variables in other namespaces"#,
    ),
    (
        r#"$a[1] = 2"#,
        Kind::Invalid,
        r#"Illegal attempt to assign via [index/key]. Not an assignable reference"#,
    ),
    (
        r#"$a += 1"#,
        Kind::Invalid,
        r#"The operator '+=' is no longer supported. See http://links.puppet.com/remove-plus-equals"#,
    ),
    (
        r#"$a -= 1"#,
        Kind::Invalid,
        r#"The operator '-=' is no longer supported. See http://links.puppet.com/remove-plus-equals"#,
    ),
    (
        r#"foo 1"#,
        Kind::Invalid,
        r#"This Name has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"$a=[1] $a [1]"#,
        Kind::Invalid,
        r#"This Variable has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"foo 1, 2"#,
        Kind::Invalid,
        r#"attempt to pass argument list to the function 'foo' which cannot be called without parentheses"#,
    ),
    (
        r#"$a = 10, notice hello"#,
        Kind::Invalid,
        r#"illegal comma separated argument list"#,
    ),
    (
        r#"$x=1 $x ? { 1 => 2, default => 3, default => 4}"#,
        Kind::Invalid,
        r#"This Selector Expression already has a 'default' entry - this is a duplicate"#,
    ),
    (
        r#"case 1 { default: {} default: {} }"#,
        Kind::Invalid,
        r#"This 'case' statement already has a 'default' entry - this is a duplicate"#,
    ),
    (
        r#"unless true {} elsif true {}"#,
        Kind::Invalid,
        r#"Syntax error at 'elsif'"#,
    ),
    (r#"$a=[1] $a[]"#, Kind::Invalid, r#"Syntax error at ']'"#),
    (r#"{a => }"#, Kind::Invalid, r#"Syntax error at '}'"#),
    (
        r#"class {"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"$x = if"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"function if() {}"#,
        Kind::Invalid,
        r#"Syntax error at 'if'"#,
    ),
    (
        r#"[1].each |*$a, $b| {}"#,
        Kind::Invalid,
        r#"Parameter $a is not last, and has 'captures rest'"#,
    ),
    (
        r#"1 = 2"#,
        Kind::Invalid,
        r#"Illegal attempt to assign to 'a Literal Integer'. Not an assignable reference"#,
    ),
    (r#"Foo::bar"#, Kind::Invalid, r#"Illegal class reference"#),
    (
        r#"foo::Bar"#,
        Kind::Invalid,
        r#"This Name has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"$Foo = 1"#,
        Kind::Invalid,
        r#"Illegal variable name, The given name 'Foo' does not conform to the naming rule /^((::)?[a-z]\w*)*((::)?[a-z_]\w*)$/"#,
    ),
    (
        r#"$01"#,
        Kind::Invalid,
        r#"Illegal numeric variable name, The given name '01' must be a decimal value if it starts with a digit 0-9"#,
    ),
    (r#"Foo::"#, Kind::Invalid, r#"Illegal class reference"#),
    (r#"1 ~ 2"#, Kind::Invalid, r#"Syntax error at '~'"#),
    (r#"1 ; ; 2"#, Kind::Invalid, r#"Syntax error at ';'"#),
    (
        r#"$a = 1;"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (r#"`"#, Kind::Invalid, r#"Syntax error at ''"#),
    (r#"notice(1 2)"#, Kind::Invalid, r#"Syntax error at '2'"#),
    (r#"f("#, Kind::Incomplete, r#"Syntax error at end of input"#),
    (
        r#"f(1,"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"[1,2"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"{a => 1"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"{a => 1,"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#""${"#,
        Kind::Incomplete,
        r#"Unclosed quote after '' followed by '<eof>'"#,
    ),
    (
        r#""${a"#,
        Kind::Incomplete,
        r#"Unclosed quote after 'a' followed by '<eof>'"#,
    ),
    (
        r#"@(END)
abc"#,
        Kind::Incomplete,
        r#"Heredoc without end-tagged line"#,
    ),
    (r#"/abc"#, Kind::Invalid, r#"Syntax error at '/'"#),
    (
        r#"crit 1"#,
        Kind::Invalid,
        r#"This Name has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"alert 1"#,
        Kind::Invalid,
        r#"This Name has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"emerg 1"#,
        Kind::Invalid,
        r#"This Name has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"if true { 1 } else { 2 } 3"#,
        Kind::Invalid,
        r#"This 'if' statement has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"1 + 2 3"#,
        Kind::Invalid,
        r#"This '+' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"[1][0] 2"#,
        Kind::Invalid,
        r#"This '[]' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"'x' 2"#,
        Kind::Invalid,
        r#"This String has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"/x/ 2"#,
        Kind::Invalid,
        r#"This Regular Expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"Integer 2"#,
        Kind::Invalid,
        r#"This Type-Name has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"true 2"#,
        Kind::Invalid,
        r#"This Boolean has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"undef 2"#,
        Kind::Invalid,
        r#"This 'undef' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"default 2"#,
        Kind::Invalid,
        r#"This 'default' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"-1 2"#,
        Kind::Invalid,
        r#"This Unary Minus has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"!true 2"#,
        Kind::Invalid,
        r#"This 'not' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"(1) 2"#,
        Kind::Invalid,
        r#"This Parenthesized Expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#""${1}" 2"#,
        Kind::Invalid,
        r#"This Double Quoted String has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"$x=1 "$x" 2"#,
        Kind::Invalid,
        r#"This Double Quoted String has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"1 == 2 3"#,
        Kind::Invalid,
        r#"This '==' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"[1] 2"#,
        Kind::Invalid,
        r#"This Array Expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"{} 2"#,
        Kind::Invalid,
        r#"This Hash Expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"$x=[1] $x[0] 2"#,
        Kind::Invalid,
        r#"This '[]' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"File['x'] 2"#,
        Kind::Invalid,
        r#"This '[]' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"1 in [1] 2"#,
        Kind::Invalid,
        r#"This 'in' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"notice {'a' => 1}"#,
        Kind::Invalid,
        r#"Syntax error at '=>'"#,
    ),
    (
        r#"foo {a => 1}"#,
        Kind::Invalid,
        r#"This expression is invalid. Did you try declaring a 'foo' resource without a title?"#,
    ),
    (
        r#"file {a => 1}"#,
        Kind::Invalid,
        r#"This expression is invalid. Did you try declaring a 'file' resource without a title?"#,
    ),
    (
        r#"case 1 { |$x| { true }: { 2 } }"#,
        Kind::Invalid,
        r#"Syntax error at '|'"#,
    ),
    (
        r#"$"#,
        Kind::Invalid,
        r#"Illegal variable name, The given name '' does not conform to the naming rule /^((::)?[a-z]\w*)*((::)?[a-z_]\w*)$/"#,
    ),
    (
        r#"$ x"#,
        Kind::Invalid,
        r#"Language validation logged 2 errors. Giving up"#,
    ),
    (r#"if $x $y"#, Kind::Invalid, r#"Syntax error at 'y'"#),
    (r#"1 $x = 2 }"#, Kind::Invalid, r#"Syntax error at '}'"#),
    (
        r#""${a}bc"#,
        Kind::Incomplete,
        r#"Unclosed quote after 'a' followed by 'bc...'"#,
    ),
    (
        r#""$a bc"#,
        Kind::Incomplete,
        r#"Unclosed quote after 'a' followed by ' bc...'"#,
    ),
    (
        r#"@notice(1)"#,
        Kind::Invalid,
        r#"Virtual (@) can only be applied to a Resource Expression"#,
    ),
    (
        r#"node foo.bar, 'x', /y/, default inherits z {}"#,
        Kind::Invalid,
        r#"Node inheritance is not supported in Puppet >= 4.0.0. See http://links.puppet.com/puppet-node-inheritance-deprecation"#,
    ),
    (r#"{ 1; }"#, Kind::Invalid, r#"Syntax error at ';'"#),
    (r#"$x.class"#, Kind::Invalid, r#"Syntax error at 'class'"#),
    (
        r#"Integer [1]"#,
        Kind::Invalid,
        r#"This Type-Name has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"unless true {} else {} 3"#,
        Kind::Invalid,
        r#"This 'unless' Statement has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"{a => 1, a => 2}"#,
        Kind::Invalid,
        r#"The key 'a' is declared more than once"#,
    ),
    (
        r#"type foo = Integer"#,
        Kind::Invalid,
        r#"Syntax error at 'foo'"#,
    ),
    (
        r#"function Foo() {}"#,
        Kind::Invalid,
        r#"Unacceptable name. The name 'Foo' is unacceptable as the name of a Function Definition"#,
    ),
    (
        r#"function integer() {}"#,
        Kind::Invalid,
        r#"The name: 'integer' is already defined by Puppet and can not be used as the name of a Function Definition."#,
    ),
    (
        r#"class Foo {}"#,
        Kind::Invalid,
        r#"Unacceptable name. The name 'Foo' is unacceptable as the name of a Host Class Definition"#,
    ),
    (
        r#"class foo($title) {}"#,
        Kind::Invalid,
        r#"The parameter $title redefines a built in parameter in the Host Class Definition"#,
    ),
    (
        r#"class foo(*$x) {}"#,
        Kind::Invalid,
        r#"Parameter $x has 'captures rest' - not supported in a Host Class Definition"#,
    ),
    (
        r#"define foo($name) {}"#,
        Kind::Invalid,
        r#"The parameter $name redefines a built in parameter in the 'define' expression"#,
    ),
    (
        r#"class foo { 1 }"#,
        Kind::Invalid,
        r#"This Literal Integer has no effect. A Host Class Definition can not end with a value-producing expression without other effect"#,
    ),
    (
        r#"if true { class foo {} }"#,
        Kind::Invalid,
        r#"Classes, definitions, and nodes may only appear at toplevel or inside other classes"#,
    ),
    (
        r#"[1].each |$x| { function f() {} }"#,
        Kind::Invalid,
        r#"A Function Definition may only appear at toplevel"#,
    ),
    (
        r#"class a { function f() {} }"#,
        Kind::Invalid,
        r#"A Function Definition may only appear at toplevel"#,
    ),
    (
        r#"$x = class foo {}"#,
        Kind::Invalid,
        r#"Language validation logged 2 errors. Giving up"#,
    ),
    (
        r#"File <| title < 'x' |>"#,
        Kind::Invalid,
        r#"Illegal query expression. A '<' expression cannot be used in a query"#,
    ),
    (
        r#"foo <| |>"#,
        Kind::Invalid,
        r#"Illegal expression. A Name is unacceptable as type name in a Virtual Query"#,
    ),
    (
        r#"file { 'x': mode +> 1 }"#,
        Kind::Invalid,
        r#"Illegal +> operation on attribute mode. This operator can not be used in a Resource Instance Definition"#,
    ),
    (
        r#"File { mode +> 1 }"#,
        Kind::Invalid,
        r#"Illegal +> operation on attribute mode. This operator can not be used in a Resource Defaults Expression"#,
    ),
    (
        r#"file { 'x': * => {}, * => {} }"#,
        Kind::Invalid,
        r#"Unfolding of attributes from Hash can only be used once per resource body"#,
    ),
    (
        r#"@class { 'x': }"#,
        Kind::Invalid,
        r#"Classes are not virtualizable"#,
    ),
    (
        r#"$a(1)"#,
        Kind::Invalid,
        r#"Illegal expression. A Variable is unacceptable as function name in a Function Call"#,
    ),
    (
        r#"'x'(1)"#,
        Kind::Invalid,
        r#"Illegal expression. A String is unacceptable as function name in a Function Call"#,
    ),
    (
        r#"[1].each |$a, *$b, $c| {}"#,
        Kind::Invalid,
        r#"Parameter $b is not last, and has 'captures rest'"#,
    ),
    (
        r#"function f($a = ($b = 1)) {}"#,
        Kind::Invalid,
        r#"Assignment not allowed here"#,
    ),
    (
        r#"[1].each |$0| {}"#,
        Kind::Invalid,
        r#"Language validation logged 2 errors. Giving up"#,
    ),
    (
        r#"[1].each |$A| {}"#,
        Kind::Invalid,
        r#"Illegal parameter name. The given name 'A' does not conform to the naming rule /^[a-z_]\w*$/"#,
    ),
    (
        r#"node 'a b' {}"#,
        Kind::Invalid,
        r#"The hostname 'a b' contains illegal characters (only letters, digits, '_', '-', and '.' are allowed)"#,
    ),
    (
        r#"node "a${x}" {}"#,
        Kind::Invalid,
        r#"An interpolated expression is not allowed in a hostname of a node"#,
    ),
    (
        r#"$x = File <| |>"#,
        Kind::Invalid,
        r#"Invalid use of expression. A Virtual Query does not produce a value"#,
    ),
    (
        r#"$::a::b = 1"#,
        Kind::Invalid,
        r#"Illegal attempt to assign to '::a::b'. Cannot assign to variables in other namespaces"#,
    ),
    (
        r#"$a::b = 1"#,
        Kind::Invalid,
        r#"Illegal attempt to assign to 'a::b'. Cannot assign to variables in other namespaces"#,
    ),
    (
        r#"[$a, 1] = [1,2]"#,
        Kind::Invalid,
        r#"Illegal attempt to assign to 'a Literal Integer'. Not an assignable reference"#,
    ),
    (
        r#"$a.foo = 1"#,
        Kind::Invalid,
        r#"Illegal attempt to assign to 'a Method call'. Not an assignable reference"#,
    ),
    (
        r#"-1 = 1"#,
        Kind::Invalid,
        r#"Illegal attempt to assign to 'an Unary Minus'. Not an assignable reference"#,
    ),
    (
        r#"function f() >> 1 {}"#,
        Kind::Invalid,
        r#"Syntax error at '1'"#,
    ),
    (
        r#"$x = [1].each |$x| >> 1 {}"#,
        Kind::Invalid,
        r#"Syntax error at '1'"#,
    ),
    (
        r#"attr"#,
        Kind::Invalid,
        r#"Use of reserved word: attr, must be quoted if intended to be a String value"#,
    ),
    (
        r#"private"#,
        Kind::Invalid,
        r#"Use of reserved word: private, must be quoted if intended to be a String value"#,
    ),
    (
        r#"$x = attr"#,
        Kind::Invalid,
        r#"Use of reserved word: attr, must be quoted if intended to be a String value"#,
    ),
    (
        r#"$a = 1 { }"#,
        Kind::Invalid,
        r#"Expression is not valid as a resource, resource-default, or resource-override"#,
    ),
    (
        r#"(1) { a => 1 }"#,
        Kind::Invalid,
        r#"Expression is not valid as a resource, resource-default, or resource-override"#,
    ),
    (
        r#"@(END)
x
END
2"#,
        Kind::Invalid,
        r#"This '@()' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"case 1 {1: {2}} 3"#,
        Kind::Invalid,
        r#"This 'case' statement has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"$x = 1 $x ? { 1 => 2 } 3"#,
        Kind::Invalid,
        r#"This Selector Expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"1 and 2 3"#,
        Kind::Invalid,
        r#"This 'and' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"*[1] 2"#,
        Kind::Invalid,
        r#"This Unfold has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"unless 1 {} 2"#,
        Kind::Invalid,
        r#"This 'unless' Statement has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"$x = [1,2"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"$x = {a => "#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"notice("#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"foo(1"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"[1,2].each |$x"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"[1,2].each |$x|"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"[1,2].each |$x| {"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"if true {} else"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"if true {} elsif"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"unless true"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"case 1"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"case 1 {"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"case 1 { 1: "#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"$x ?"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"$x ? {"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"1 *"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"1 and"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (r#"!"#, Kind::Incomplete, r#"Syntax error at end of input"#),
    (
        r#""abc ${x"#,
        Kind::Incomplete,
        r#"Unclosed quote after 'x' followed by '<eof>'"#,
    ),
    (
        r#"@(END)
abc
"#,
        Kind::Incomplete,
        r#"Heredoc without end-tagged line"#,
    ),
    (
        r#"@(END"#,
        Kind::Incomplete,
        r#"Unclosed parenthesis after '@(' followed by '@(END...'"#,
    ),
    (r#"/* c"#, Kind::Incomplete, r#"Unclosed multiline comment"#),
    (
        r#"class foo {"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"define foo("#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"function f() >>"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"node a {"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"$a = $b ="#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"File <|"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"File <| title == 1"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"file { 'a':"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"file { 'a': mode =>"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"[1,
2,
"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"{
a => 1,
"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (r#"}"#, Kind::Invalid, r#"Syntax error at '}'"#),
    (r#"1 2 )"#, Kind::Invalid, r#"Syntax error at ')'"#),
    (r#"$x = ]"#, Kind::Invalid, r#"Syntax error at ']'"#),
    (r#"foo(,)"#, Kind::Invalid, r#"Syntax error at ','"#),
    (r#"[,]"#, Kind::Invalid, r#"Syntax error at ','"#),
    (r#"{,}"#, Kind::Invalid, r#"Syntax error at ','"#),
    (r#"1 = = 2"#, Kind::Invalid, r#"Syntax error at '='"#),
    (
        r#"if {}"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"$x = if true"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (r#"else {}"#, Kind::Invalid, r#"Syntax error at 'else'"#),
    (
        r#"elsif true {}"#,
        Kind::Invalid,
        r#"Syntax error at 'elsif'"#,
    ),
    (r#"1..2"#, Kind::Invalid, r#"Syntax error at '.'"#),
    (
        r#"$x =~"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (r#"@"#, Kind::Incomplete, r#"Syntax error at end of input"#),
    (r#"@@"#, Kind::Incomplete, r#"Syntax error at end of input"#),
    (r#"|"#, Kind::Invalid, r#"Syntax error at '|'"#),
    (r#"||"#, Kind::Invalid, r#"Syntax error at '|'"#),
    (
        r#"1 ? 2"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"$x."#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (r#"$x.1"#, Kind::Invalid, r#"Syntax error at '1'"#),
    (r#"$x.Foo"#, Kind::Invalid, r#"Syntax error at 'Foo'"#),
    (r#"Integer[]"#, Kind::Invalid, r#"Syntax error at ']'"#),
    (
        r#"1 -> "#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (r#"=> 1"#, Kind::Invalid, r#"Syntax error at '=>'"#),
    (r#", 1"#, Kind::Invalid, r#"Syntax error at ','"#),
    (r#"1,"#, Kind::Incomplete, r#"Syntax error at end of input"#),
    (
        r#"$x = 1,"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"@(END)"#,
        Kind::Incomplete,
        r#"Heredoc without any following lines of text"#,
    ),
    (
        r#"@()
x
)
"#,
        Kind::Invalid,
        r#"Invalid syntax in heredoc expected @(endtag[:syntax][/escapes])"#,
    ),
    (
        r#"@(END/q)
x
END
"#,
        Kind::Invalid,
        r#"Invalid heredoc escape char. Only t, r, n, s,  u, L, $ allowed. Got 'q'"#,
    ),
    (
        r#"@(END/tt)
x
END
"#,
        Kind::Invalid,
        r#"An escape char for @() may only appear once. Got 't, t'"#,
    ),
    (
        r#"@(END:1json)
x
END
"#,
        Kind::Invalid,
        r#"Invalid syntax in heredoc expected @(endtag[:syntax][/escapes])"#,
    ),
    (
        r#"$x = 99999999999999999999"#,
        Kind::Invalid,
        r#"A Literal Integer resulted in a value outside of Puppet Integer max range, got '+0x56bc75e2d630fffff'"#,
    ),
    (
        r#"0x8000000000000000"#,
        Kind::Invalid,
        r#"A Literal Integer resulted in a value outside of Puppet Integer max range, got '+0x8000000000000000'"#,
    ),
    (
        r#"-9223372036854775808"#,
        Kind::Invalid,
        r#"A Literal Integer resulted in a value outside of Puppet Integer max range, got '+0x8000000000000000'"#,
    ),
    (
        r#"1e400"#,
        Kind::Invalid,
        r#"Internal Error, NUMBER token does not contain a valid number, 1e400"#,
    ),
    (r#".5"#, Kind::Invalid, r#"Syntax error at '.'"#),
    (r#"1."#, Kind::Incomplete, r#"Syntax error at end of input"#),
    (
        r#"type My::type = Integer"#,
        Kind::Invalid,
        r#"Illegal class reference"#,
    ),
    (
        r#"type ::My = Integer"#,
        Kind::Invalid,
        r#"Unacceptable name. The name '::My' is unacceptable as the name of a Type Alias"#,
    ),
    (
        r#"# Integers
10   # decimal
0777 # octal
0xFF # hexadecimal

# Floating Point
0.1
31.415e-1
0.31415e1
 "#,
        Kind::Invalid,
        r#"This Literal Integer has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"# Single quoted strings
'hello'
'I take a bit
more room'
'He said "hello", but it sounded like \'yello\''

# Double quoted strings
"You can quote me on that"
"I keep \t of things around here"
"I can not drink more than $max_beers beers"

# Heredoc
@(END)
Text until the given end marker
is in the resulting string.
END"#,
        Kind::Invalid,
        r#"This String has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"`${$var[key][key]}`"#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"leftmost name in a sequence of method calls e.g. `${var.fee.foo}` becomes `${$var.fee.foo}`  "#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#" because `+` does not operate on `String`)"#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"(causes syntax error since an if expression is allowed, but must have correct syntax e.g.
 `${if true { 'always' } else { 'never' }}`"#,
        Kind::Invalid,
        r#"Syntax error at 'syntax'"#,
    ),
    (
        r#" LiteralArray
   : '[' ((Expression<R> (',' Expression<R>)*)? ','?) ']'
   ;
 "#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#" $a = [1, 2, 3] # $a becomes Literal Array of 3 numbers
 $x = $a[1]     # $x becomes 2 (Accessing element at index 1 in the value referenced by $a)
 $x = $a; [1]   # $x becomes the literal array, a literal array containing '1' is produced
 $x = abc[1]    # $x becomes 'b' (character at index 1 in string 'abc')
 abc [1]        # calls the function abc with the literal array containing '1' as an argument
 foo()[1]       # calls function foo and gets index 1 in returned enumerable
 foo() [1]      # calls function foo, then produces an array with the Integer 1
 "#,
        Kind::Invalid,
        r#"This Array Expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#" LiteralHash
   : '{' ((key = HashEntry (',' value = HashEntry)*)? ','?)) '}'
   ;

 HashEntry
   : Expression<R> '=>' Expression<R>
   ;
 "#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#" PlusExpression : Expression<R> '+' Expression<R> ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"1 + 1      # produces 2
1.0 + 1.0  # produces 2.0"#,
        Kind::Invalid,
        r#"This '+' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"T + T is illegal
T + D = T
T + I = T
T + F = T
D + T = T
D + D = D
D + I = D
D + F = D
I + T = T
F + T = T
I + D = D
F + D = D"#,
        Kind::Invalid,
        r#"Language validation logged 12 errors. Giving up"#,
    ),
    (
        r#"to the end of a new copy of the LHS array."#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"concatenate a `Hash`, use the `<<` operator)."#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"on the form `[key, value, key, value, ...]`, or `[[key, value], [key, value], ...]`
* if the array does not have one of the expected forms and error is raised."#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"the value has been modified or not. Additional merged keys from the RHS are inserted into
the result in their RHS order."#,
        Kind::Invalid,
        r#"Syntax error at 'Additional'"#,
    ),
    (
        r#"# LHS must evaluate to an Array or a Hash (or it is a form of arithmetic expression)
[1,2,3] + [4,5,6]               # => [1,2,3,4,5,6]
[1,2,3] + 4                     # => [1,2,3,4]
[1,2,3] + {a => 10, b => 20}    # => [1,2,3, [a, 10], [b, 20]]

{a => 10, b => 20} + {b => 30}  # => {a => 10, b => 30}
{a => 10, b => 20} + {c => 30}  # => {a => 10, b => 30, c => 30}
{a => 10, b => 20} + 30         # => error
{a => 10, b => 20} + [30]       # => error
{a => 10, b => 20} + [c, 30]    # => {a => 10, b => 20, c => 30}"#,
        Kind::Invalid,
        r#"Expression is not valid as a resource, resource-default, or resource-override"#,
    ),
    (
        r#" MinusExpression : Expression<R> '-' Expression<R> ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"10 - 1     # produces 9
10.0 - 0.1 # produces 9.9"#,
        Kind::Invalid,
        r#"This '-' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"T - T = D
T - D = T
T - I = T
T - F = T
D - D = D
D - I = D
D - F = D
I - D = D
F - D = D"#,
        Kind::Invalid,
        r#"Language validation logged 9 errors. Giving up"#,
    ),
    (
        r#"D - T
I - T
F - T"#,
        Kind::Invalid,
        r#"This '-' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"# LHS must evaluate to an Array or a Hash (or it is a form of arithmetic expression)
[1,2,3,4,5,6] - [4,5,6]         # => [1,2,3]
[1,2,3] - 3                     # => [1,2]
[1,2,b] - {a => 1, b => 20}     # => [2]

{a => 10, b => 20} - {b => 30}  # => {a => 10}
{a => 10, b => 20} - a          # => {b => 20}
{a => 10, b => 20} - [a,c]      # => {b => 20}"#,
        Kind::Invalid,
        r#"Expression is not valid as a resource, resource-default, or resource-override"#,
    ),
    (
        r#" UnaryMinusExpression : '-' Expression<R> ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#" MultiplicationExpression : Expression<R> '*' Expression<R> ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"D * I = D
D * F = D
I * D = D
F * D = D"#,
        Kind::Invalid,
        r#"Language validation logged 4 errors. Giving up"#,
    ),
    (
        r#"T * <any>
<any> * T
D * D"#,
        Kind::Invalid,
        r#"Syntax error at '<'"#,
    ),
    (
        r#"UnarySplatExpression : '*' Expression<R> ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#" DivisionExpression : Expression<R> '/' Expression<R> ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"D / D = F
D / I = F
D / F = F"#,
        Kind::Invalid,
        r#"Language validation logged 3 errors. Giving up"#,
    ),
    (
        r#"T / <any>
<any> / T
I / D
F / D"#,
        Kind::Invalid,
        r#"Syntax error at '<'"#,
    ),
    (
        r#" ModuloExpression : Expression<R> '%' Expression<R> ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"D % I = I (seconds)
I % D = F (seconds and fractions of second)"#,
        Kind::Invalid,
        r#"Syntax error at 'of'"#,
    ),
    (
        r#"T % <any>
<any> % T
D % D
F % D
D % F"#,
        Kind::Invalid,
        r#"Syntax error at '<'"#,
    ),
    (
        r#" LeftShiftExpression : Expression<R> '<<' Expression<R> ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#" 1 << 1  # 2
 2 << 2  # 8
 8 << -1 # 4"#,
        Kind::Invalid,
        r#"This '<<' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#" [1,2,3] << 4       # [1,2,3,4]
 [1,2,3] << [4]     # [1,2,3,[4]]
 [1,2,3] << {a=>10} # [1,2,3,{a=>10}]"#,
        Kind::Invalid,
        r#"This '<<' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#" RightShiftExpression : Expression<R> '>>' Expression<R> ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#" 1 >> 1   # 0
 8 >> 2   # 2
 2 >> -1  # 4
 "#,
        Kind::Invalid,
        r#"This '>>' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#" AndExpression
   : Expression<R> 'and' Expression<R>
   ;
 
 OrExpression
   : Expression<R> 'or' Expression<R>
   ;
   
 NotExpression
   : '!' Expression<R>
   ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#" true and false  # false
 true or false   # true
 true and 1      # true
 true and ''     # true
 true and undef  # false
 true and !undef # true
 true and !false # true"#,
        Kind::Invalid,
        r#"This 'and' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#" EqualityExpression
   : Expression<R> '==' Expression<R>
   ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"the characters' status depends on Locale. [PUP-1800]"#,
        Kind::Incomplete,
        r#"Unclosed quote after "'" followed by ' stat...'"#,
    ),
    (
        r#" true   == true    # true
 true   == ''      # false
 false  == ''      # false
 true   == undef   # false
 false  == undef   # false
 
 false == !''      # true
 false == !!''     # false"#,
        Kind::Invalid,
        r#"This '==' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#" InequalityExpression
   : Expression<R> '!=' Expression<R>
   ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#" MatchExpression
   : Expression<R> '=~' pattern = Expression<R>
   ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"if abc =~ /(a)b(c)/ {
  # $0 == 'abc', $1 == 'a', $2 == 'c'
}
elsif {
  # same as above
}
else {
  # same as above
}
# $0-$n return to the values they had before the if"#,
        Kind::Invalid,
        r#"Syntax error at 'else'"#,
    ),
    (
        r#" NotMatchExpression
   : Expression<R> '!~' pattern = Expression<R>
   ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#" ComparisonExpression
   : Expression<R> ('<' | '>' | '<=' | '>=') Expression<R>
   ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"* Here the smaller type is the more specific. See [The Type System], and example below."#,
        Kind::Invalid,
        r#"Syntax error at 'is'"#,
    ),
    (
        r#"InExpression
  : Expression<R> 'in' Expression<R>
  ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"class must have been added to the catalog, and the referenced variable must exist, but may have an `undef` value assigned."#,
        Kind::Invalid,
        r#"Syntax error at 'have'"#,
    ),
    (
        r#"AssignmentExpression
  : Expression<L> '=' Expression<R>
  ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"AccessExpression
 : Expression<R> '[' keys += Expression<R> (',' keys += Expression<R>)* ']'
 ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"ArrayAccess
  : SingleElementAccess | ElementRangeAccess
  ;
  
SingleElementAccess
  : '[' index = Index ']'
  ;
  
ElementRangeAccess
  : '[' index = Index ',' count = Index ']'
  ;

Index <Integer>: Expression<R> ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"to include is computed as the elements from the computed (start) index to the computed end index.
* if this results in a range extending to the left of the index, an empty array is produced"#,
        Kind::Invalid,
        r#"Syntax error at '*'"#,
    ),
    (
        r#"range is produced."#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (r#"is 0)"#, Kind::Invalid, r#"Syntax error at ')'"#),
    (
        r#"[1,2,3][2]       # => 3
[1,2,3][2,1]     # => [3]
[1,2,3][2,0]     # => []
[1,2,3,4][1,2]   # => [2,3]
[1,2,3][100]     # => undef
[1,2,3][100,1]   # => []
[1,2,3,4][-1]    # => 4
[1,2,3,4][2,-1]  # => [3,4]
[1,2,3,4][-5,-3] # => [1,2]
[1,2,3,4][2,-3]  # => []"#,
        Kind::Invalid,
        r#"This '[]' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"HashElementAccess
  : '[' keys += Expression<R> (',' keys += Expression<R>)* ']'
  ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"{'a'=>1, 'b'=>2, 'c'=>3}['b']         # => 2
{'a'=>1, 'b'=>2, 'c'=>3}['b', 'c']    # => [2, 3]
{'a'=>1, 'b'=>2, 'c'=>3}['x']         # => undef
{'a'=>1, 'b'=>2, 'c'=>3}['x', 'y']    # => []
{'a'=>1, 'b'=>2, 'c'=>3}['x', 'b']    # => [2]"#,
        Kind::Invalid,
        r#"Syntax error at '=>'"#,
    ),
    (
        r#"StringAccess
  : Expression<String> '[' k1 = Expression<Integer> (',' k2 = Expression<Integer>) ']'
  ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"last etc."#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"the left of the string.  "#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#""Hello World"[6]       # => "W"
"Hello World"[1,3]     # => "ell"
"Hello World"[6,-1]    # => "World"
"Hello World"[-5,-1]   # => "World"
"Hello World"[6,-2]    # => "Worl"
"Hello World"[-11,-2]  # => "Hello Worl"
"Hello World"[-12,-2]  # => "Hello Worl"
"Hello World"[-666,-2] # => "Hello Worl"
"Hello World"[-11, 2]  # => "He"
"Hello World"[-12, 2]  # => "H"
"Hello World"[-13, 2]  # => ""
"abcd"[2,-3]           # => """#,
        Kind::Invalid,
        r#"This '[]' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"RegexpTypeAccess
  : Expression<Type<Regexp>> ('[' pattern = PatternExpression ']')?
  ;

PatternExpression
  : Expression<String>
  | Expression<Regexp> 
  ;    "#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"expression (if they are included they become part of the pattern)."#,
        Kind::Invalid,
        r#"Syntax error at 'are'"#,
    ),
    (
        r#"PatternTypeAccess
  : Expression<Type<Pattern>> 
    ('[' patterns += (PatternExpr ',' patterns += PatternExpr) ','? ']')?
  ;

 PatternExpr
  : Expression<String>
  | LiteralRegexp
  | Expression<RegexpType>
  | Expression<PatternType>
  ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"(if they are used, they become part of the pattern)."#,
        Kind::Invalid,
        r#"Syntax error at 'are'"#,
    ),
    (
        r#"EnumTypeAccess
  : Expression<Type<Enum>> ('['
     values += Expression<String> (',' values += Expression<String>)*
    ']')
  ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"HashTypeAccess
  : Expression<Type<Hash>> ('[' 
        key_t = Expression<Type> ','  value_t = Expression<Type>
        (',' size_t = SizeConstraint)?
    ']')?
  ;
  
SizeConstraint<Type<Integer>>
  : from = Expression<Integer> (',' to = (Expression<Integer> | 'default'))?
  ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"Hash[String, Integer]            # => Hash[String, Integer] (type)
$h = Hash[Scalar, String]        # => Hash[Scalar, String] (type)
$h[]                             # => syntax error
$h[Scalar, Integer]              # => Hash[Scalar, Integer] (type)

Hash[Scalar, String, 1, 10]      # => Hash type with min 1, max 10, Scalar => String entries"#,
        Kind::Invalid,
        r#"Syntax error at ']'"#,
    ),
    (
        r#"ArrayTypeAccess
  : Expression<Type<Array>> ('[' 
      value_t = Expression<Type> (',' size_t = SizeConstraint)?
    ']')?
  ;

# SizeConstraint is the same as for Hash"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"Array                            # => Array[Data]
Array[String]                    # => Array[String] (type)
$a = Array[String]               # => Array[String] (type)
$a[]                             # => syntax error
$a[Integer]                      # => Array[Integer] (type)

Array[Data, 1]                   # => Array[Data] (type) that is non empty
Array[Data, 2,4]                 # => Array[Data] (type) with min 2, and max 4 entries"#,
        Kind::Invalid,
        r#"Syntax error at ']'"#,
    ),
    (
        r#"TupleTypeAccess
  : Expression<Type<Tuple>> ('['
     types += Expression<Type> (',' types += Expression<Type> )*
     (',' size_t = SizeConstraint)?
    ']')?
  ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"StructTypeAccess
  : Expression<Type<Struct>> ('['
     entries_t = Expression<Hash<String<1>, Type>>>
    ']')?
  ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"CollectionTypeAccess
  : Expression<Type<Collection>> ('['
     size_t = SizeConstraint
    ']')?
  ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"ClassTypeAccess
  : Expression<Type<Class>
     ('['  names += Expression<String> (',' names += Expression<String>)* ']')?
  ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"* no names raises a syntax error"#,
        Kind::Invalid,
        r#"This Unfold has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"evaluated from left to right."#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"evaluate to `String`."#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"Class                            # => any class
Class[apache]                    # => Class[apache] (reference to the class 'apache')
Class[apache, nginx]             # => [Class[apache], Class[nginx]] (array of classes)
$c = Class[apache]               # => Class[apache]
$c[]                             # => syntax error"#,
        Kind::Invalid,
        r#"Syntax error at ']'"#,
    ),
    (
        r#"class myclass($x = 10, $y=20) { }
include myclass
Class[myclass][x]                # => 10
$someclass = Class[myclass]
$someclass[x]                    # => 10
$someclass[y]                    # => 20
$someclass[x, y]                 # => [10, 20]"#,
        Kind::Invalid,
        r#"This '[]' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"ResourceTypeAccess
  : OpenResource | TypedResource | ResourceReference | ResourceTypeExpression
  ;

# Any expression that evaluates to a Resource Type in some form
ResourceTypeExpression<Type<Resource>>
  : Expression<Type<Resource>>
  ;

OpenResource<Type<Resource>>
  : 'Resource'
  ;

TypedResource<Type<Resource>>
  : 'Resource' '[' type_name = TypeNameExpression ']'
  ;
  
ResourceReference<Type<Resource>>
  : 'Resource' 
      '[' type_name = TypeNameExpression 
          titles += Expression<String> (',' titles += Expression<String>)*
       ']'

TypeNameExpression
  : Expression<String>
  | ResourceType
  ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"* The first key must evaluate to a `Resource` type (type key), or a `String` resource type name
  * Case is ignored if a string is given.
* Subsequent (optional) reference keys must evaluate to `String`
* Produces a single **typed** `Resource` type when there are fewer than 2 reference keys, and
  an array of **reference** `Resource` types otherwise"#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"* The keys are all reference keys and must evaluate to `String`
* Produces a single **reference** `Resource` type when there are fewer than 2 reference keys,
  and an array of **reference** `Resource` types otherwise"#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"* The keys are references to the parameters of the referenced resource and must
  evaluate to `String`.
* Produces a single value when there is a single key, and an array of values otherwise"#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"Resource                           # => any resource type
Resource[File]                     # => File
Resource['File']                   # => File
Resource['file']                   # => File
Resource[file]                     # => File
Resource[File, '/tmp/x']           # => File['/tmp/x']
Resource[File]['/tmp/x']           # => File['/tmp/x']
Resource[File, '/tmp/x', '/tmp/y]  # => [File['/tmp/x'], File['/tmp/y']]
File                               # => File
file                               # => "file" (a string, not a Resource type)
File['/tmp/x']                     # => File['/tmp/x']
File['/tmp/x', '/tmp/y']           # => [File['/tmp/x'], File['/tmp/y']]

File['/tmp/x'][mode]               # => the value of the file /tmp/x's mode parameter"#,
        Kind::Invalid,
        r#"Syntax error at '], File['"#,
    ),
    (
        r#"IntegerType
  : Expression<Type<Integer>> '[' exact = IntegerRangeValue ']'
  | Expression<Type<Integer>> '[' from = IntegerRangeValue ',' to = IntegerRangeValue ']'
  ;
  
IntegerRangeValue
  : Expression<Integer>
  | 'default'
  ;  "#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"Integer[2]        # the exact value 2
Integer[1,3]      # values 1 to 3 inclusive
Integer[3,1]      # values 3 to 1 inclusive

Integer[1,3].each {|x| . . . }   # iterate over 1,2,3"#,
        Kind::Invalid,
        r#"Syntax error at '|'"#,
    ),
    (
        r#"FloatTypeAccess
  : Expression<Type<Float>> '[' exact = FloatRangeValue ']'
  | Expression<Type<Float>> '[' from = FloatRangeValue ',' to = FloatRangeValue ']'
  ;
  
FloatRangeValue
  : Expression<Numeric>
  | 'default'
  ;  "#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"Float[2]          # the exact value 2.0
Float[2.0]        # the exact value 2.0
Float[1, 3.2]     # values 1.0 to 3.2 inclusive
Float[3.2,1.5]    # values 3.2 to 1.5 inclusive
Float[-1.0,1.0]   # values -1.0 to 1.0 inclusive"#,
        Kind::Invalid,
        r#"This '[]' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"TimespanTypeAccess
  : Expression<Type<Timespan>> '[' exact = TimespanRangeValue ']'
  | Expression<Type<Timespan>> '[' from = TimespanRangeValue ',' to = TimespanRangeValue ']'
  ;
  
TimespanRangeValue
  : Expression<Timespan>
  | Expression<Initializer[Timespan]>
  | Expression<String>
  | Expression<Integer>
  | Expression<Float>
  | 'default'
  ;  "#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"Timespan[2]                        # a timespan of 2 seconds
Timespan[77.3]                     # a timespan of 1 minute, 17 seconds, and 300 milliseconds
Timespan[{hour => 1}, {hour => 2}] # a timespan between 1 and two hours
Timespan['1-00:00:00', '2-00:00:00'] # a timespan between 1 and 2 days
Timespan[Timespan('11', '%H'), Timespan('12', '%H')]              # a timespan between 11 and 12 hours
Timespan['1-00:00:00', Timespan({days => 2, nanoseconds => -1})] # a timespan between 1 and up to (but not including) 2 days"#,
        Kind::Invalid,
        r#"This '[]' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"TimestampTypeAccess
  : Expression<Type<Timestamp>> '[' exact = TimestampRangeValue ']'
  | Expression<Type<Timestamp>> '[' from = TimestampRangeValue ',' to = TimestampRangeValue ']'
  ;
  
TimestampRangeValue
  : Expression<Timestamp>
  | Expression<Initializer[Timestamp]>
  | Expression<String>
  | Expression<Integer>
  | Expression<Float>
  | 'default'
  ;  "#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"Timestamp['2000-01-01T00:00:00.000', default] # a timestamp in the 21st century or later
Timestamp['2012-10-10']                       # The exact Timestamp 2012-10-10T00:00:00.0 UTC
Timestamp[default, 1433116800]                # A Timestamp <= 2015-06-01T00:00:00 UTC (here expressed as seconds since epoch
Timestamp['2010-01-01', '2015-12-31T23:59:59.999999999'] # A timestamp greater >= year 2010 and < 2016. "#,
        Kind::Invalid,
        r#"This '[]' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"OptionalTypeAccess
  : Expression<Type<Optional>> ('['
      type = Expression<Type>
    ']')
  ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"VariantTypeAccess
  : Expression<Type<Variant>> ('['
      types += Expression<Type> (',' types += Expression<Type>)*
    ']')
  ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"TypeTypeAccess
  : Expression<Type<Type>> ('['
      type = Expression<Type>
    ']')
  ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"StatementStyleCall
  : QualifiedName Expression (',' Expression)* 
  ;

PrefixStyleCall
  : (QualifiedName | Expression<Type>) arguments = ArgumentList LambdaExpression?
  ;

InfixStyleCall
   : Expression '.' QualifiedName ('(' Expression (',' Expression)* ','? ')')? LambdaExpression?
   ;

ArgumentList
  :  '(' args += Expression (',' args += Expression)* ','? ')'
  ;

LambdaExpression
  : '|' ParameterList? '|' ReturnType? '{' Statements? '}'
  ;

ParameterList
  : ParameterDeclaration (',' ParameterDeclaration)* ','?
  ;

ParameterDeclaration
  : type= Expression<Type>?
    varag ?= '*'?
    name = VariableExpression ('=' default_value = Expression)?
  ;

VariableExpression : VARIABLE ;  # e.g. $x, $my_param

ReturnType
  : '>>' Expression<Type>
  ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"IfExpression
  : 'if' IfPart
  ;
  
IfPart
  : TestExpression '{' Statements? '}' ElsePart? 
  ;
  
ElsePart
  : 'elsif' IfPart
  | 'else' '{' Statements? '}'
  ;
  
TestExpression : Expression ;  "#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"UnlessExpression
  : 'unless' TestExpression '{' Statements? '}' ('else' '{' Statements? '}')?
  ;
  
TestExpression : Expression ;  "#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"CaseExpression
  : 'case' case_expression = Expression<R> '{' Propositions? '}'
  ;
  
Propositions
  : Option (',' Option)* ':' '{' Statements? '}'
  ;
  
Option
  : Expression<R>
  | LambdaExpression
  | 'default'
  ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"recursively). **(PUP4520)**"#,
        Kind::Invalid,
        r#"Syntax error at ')'"#,
    ),
    (
        r#"instance of the type."#,
        Kind::Invalid,
        r#"Syntax error at '.'"#,
    ),
    (
        r#"length, and all entries in the option match the corresponding entry in the value (using
the case matching rules recursively)."#,
        Kind::Invalid,
        r#"Syntax error at 'and'"#,
    ),
    (
        r#"option key-value pairs match entries in the value hash by having identical keys
and matching value (using the case matching rules recursively)."#,
        Kind::Invalid,
        r#"Syntax error at 'the'"#,
    ),
    (
        r#"Such a `default` is not considered to be the case expression's default entry."#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"result of the evaluated case_expression unfolded as arguments results in a value that
is neither `false` nor `undef`. **(PUP-4193)**"#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"to the option value."#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"without first testing the remaining options."#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"case $x {
  *[paul, ringo, george, john] : {
    'One of The Beatles'
  }
}

case $x {
  you, *[paul, ringo, george, john], me : {
    'One of The Beatles, you, or me ;-)'
  }
}"#,
        Kind::Invalid,
        r#"This 'case' statement has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"SelectorExpression
  : selector_expression = Expression '?' Proposition | '{' Propositions '}'
  ;
  
Proposition
  : Option '=>' Value
  ;
  
Propositions
  : Proposition (',' Proposition)* ','?
  ;
  
Option: Expression<R> ;
Value: Expression<R> ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"matches using the same match semantics as for case expression propositions"#,
        Kind::Invalid,
        r#"Syntax error at 'propositions'"#,
    ),
    (
        r#"was matched."#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#"is used if no other proposition matched."#,
        Kind::Invalid,
        r#"Syntax error at 'other'"#,
    ),
    (
        r#"TypeAliasExpression
  : 'type' QualifiedReference '=' Expression<Type>
  ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#" Any
   |- Scalar
   |  |- ScalarData
   |  |  |- Numeric
   |  |  |  |- Integer[from, to]
   |  |  |  |  |- (Integer with range inside another Integer)
   |  |  |  |- Float[from, to]
   |  |  |  |  |- (Float with range inside another Float)
   |  |  |
   |  |  |- String[from, to]
   |  |  |  |- Enum[*strings]
   |  |  |  |  | - (narrower Enum - a subset of options)
   |  |  |  |- Pattern[*patterns]
   |  |  |  |  | - (Enum with all options matching pattern)
   |  |  |
   |  |  |- Boolean
   |  |
   |  |- Regexp[pattern_string]
   |  |- SemVer
   |  |- Timespan
   |  |- Timestamp
   |
   |- SemVerRange
   |- Collection
   |  |- Array[T, from, to]
   |  |  |- Tuple[*types, from, to]
   |  |- Hash[K, V, from, to]
   |  |  |- Struct[{ key => T, ...}]
   |
   |- Variant[*types]
   |- Optional[type]
   |- NotUndef[type]
   |
   |- Iterator[type]
   |- Iterable[type]
   |  |- String
   |  |- Array[type]
   |  |- Hash[type]
   |  |- Type[Integer[from,to]]
   |  |- Type[Enum[*strings]]
   |  |- Iterator[type]
   |
   |- CatalogEntry
   |  |- Resource[type_name, title]
   |  |- Class[class_name]
   |
   |- Undef
   |- Data
   |  |- ScalarData
   |  |- Undef
   |  |- Array[Data]
   |  |- Hash[String, Data]
   |
   |- RichData
   |  |- Default
   |  |- Object
   |  |- Scalar
   |  |- SemVerRange
   |  |- Sensitive
   |  |- Type
   |  |- Undef
   |  |- Array[RichData]
   |  |- Hash[RichData, RichData]
   |
   |- Callable[signature...]
   |- Default
   |- Object[specification...]
   |- Runtime[runtime_name, class_name]
   |- Sensitive[T]
   |- Type[T]
   |- TypeSet[specification...]"#,
        Kind::Invalid,
        r#"Syntax error at '|'"#,
    ),
    (
        r#"Any ∪ Any        → Any
Any ∪ (T != Any) → Any"#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"Undef ∪ Undef          → Undef
Undef ∪ (T ∉ Undef)    → Any"#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"Data ∪ Data                 → Data
Data ∪ Numeric              → Data
Data ∪ String               → Data
Data ∪ Array[Data]          → Data
Data ∪ Hash[String, Data]   → Data
Data ∪ Undef                → Data
Data ∪ (T ∉ Data)           → Any"#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"Scalar ∪ Scalar          → Scalar
Scalar ∪ (T ∈ Scalar)    → Scalar
Scalar ∪ (T ∉ Scalar)    → Any"#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"Numeric ∪ Numeric          → Numeric
Numeric ∪ (T ∈ Numeric)    → Numeric
Numeric ∪ (T ∈ Scalar)     → Scalar
Numeric ∪ (T ∉ Scalar)     → Any"#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#" Integer[0, default]   # All positive (or 0) integers
 Integer[1, default]   # All positive integers
 Integer[default, 0]   # All negative (or 0) integers
 Integer[default, -1]  # All negative integers"#,
        Kind::Invalid,
        r#"This '[]' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#" Integer[1,10] > Integer[2,3]   # => true
 Integer[1,10] == Integer[2,3]  # => false (they are not equal)
 Integer[1,10] > Integer[0,5]   # => false (overlap)
 Integer[1,10] > Integer[1,10]  # => false (not a subset, they are equal)
 Integer[1,10] >= Integer[1,10] # => true (they are equal)
 Integer[1,10] == Integer[1,10] # => true (they are equal)"#,
        Kind::Invalid,
        r#"This '>' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#" $value =~ Integer[1,10]

 $value ? { Integer[1,10] => true }

 case $value {
   Integer[1,10] : { true }
 }"#,
        Kind::Invalid,
        r#"This Selector Expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"Integer ∪ Integer               → Integer
Integer ∪ Float                 → Numeric
Integer ∪ Numeric               → Numeric
Integer ∪ (T ∈ Scalar)          → Scalar
Integer ∪ (T ∉ Scalar)          → Any
Integer[a, b] ∪ Integer[c, d]   → Integer[min(a, c), max(b,d)]"#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"Float ∪ Float               → Float
Float ∪ Integer             → Numeric
Float ∪ Numeric             → Numeric
Float ∪ (T ∈ Scalar)        → Scalar
Float ∪ (T ∉ Scalar)        → Any
Float[a, b] ∪ Float[c, d]   → Float[min(a, c), max(b,d)]"#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"Timespan ∪ Timespan            → Timespan
Timespan ∪ Numeric             → Scalar
Timespan ∪ (T ∈ Scalar)        → Scalar
Timespan ∪ (T ∉ Scalar)        → Any
Timespan[a, b] ∪ Timespan[c, d]   → Timespan[min(a, c), max(b,d)]"#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"function Timespan.new(
  Variant[Float, Integer] $value
)"#,
        Kind::Invalid,
        r#"Syntax error at '.'"#,
    ),
    (
        r#"function Timespan.new(
  Integer $days, Integer $hours, Integer $minutes, Integer $seconds,
  Integer $milliseconds = 0, Integer $microseconds = 0, Integer $nanoseconds = 0
)"#,
        Kind::Invalid,
        r#"Syntax error at '.'"#,
    ),
    (
        r#"function Timespan.new(
  Struct[{
    Optional[negative] => Boolean,
    Optional[days] => Integer,
    Optional[hours] => Integer,
    Optional[minutes] => Integer,
    Optional[seconds] => Integer,
    Optional[milliseconds] => Integer,
    Optional[microseconds] => Integer,
    Optional[nanoseconds] => Integer
  }] $hash
)"#,
        Kind::Invalid,
        r#"Syntax error at '.'"#,
    ),
    (
        r#"function Timespan.new(
  String $string, Variant[String[2],Array[String[2]], 1] $format = <default format>)
)"#,
        Kind::Invalid,
        r#"Syntax error at '.'"#,
    ),
    (
        r#"function Timespan.new(
  Struct[{
    string => String[1],
    Optional[format] => Variant[String[2],Array[String[2]], 1]
  }] $hash
)"#,
        Kind::Invalid,
        r#"Syntax error at '.'"#,
    ),
    (
        r#"%[Flags][Width]Conversion"#,
        Kind::Invalid,
        r#"Syntax error at '%'"#,
    ),
    (
        r#"Timestamp ∪ Timestamp           → Timestamp
Timestamp ∪ Numeric             → Scalar
Timestamp ∪ (T ∈ Scalar)        → Scalar
Timestamp ∪ (T ∉ Scalar)        → Any
Timestamp[a, b] ∪ Timestamp[c, d]   → Timestamp[min(a, c), max(b,d)]"#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"function Timestamp.new()"#,
        Kind::Invalid,
        r#"Syntax error at '.'"#,
    ),
    (
        r#"function Timestamp.new(
  Variant[Float, Integer] $value
)"#,
        Kind::Invalid,
        r#"Syntax error at '.'"#,
    ),
    (
        r#"function Timestamp.new(
  String $string, Variant[String[2],Array[String[2]], 1] $format = <default format>)
)"#,
        Kind::Invalid,
        r#"Syntax error at '.'"#,
    ),
    (
        r#"function Timestamp.new(
  Struct[{
    string => String[1],
    Optional[format] => Variant[String[2],Array[String[2]], 1]
  }] $hash
)"#,
        Kind::Invalid,
        r#"Syntax error at '.'"#,
    ),
    (
        r#"type_of([a,b,c])                 # => Array[String<a,b,c>]
String<a,b,c> == String<b,c,a>   # => true
typeof([String<a,b>, String<c>]) # => Array[Type[String<a,b,c>]]

String    ∪ String     → String
String<x> ∪ String<x>  → String<x>
String<x> ∪ String<y>  → String<x,y>
String    ∪ Enum       → String
String<x> ∪ Enum[x]    → String<x>
String    ∪ Pattern    → String
String ∪ (T ∈ Scalar)  → Scalar
String ∪ (T ∉ Scalar)  → Any"#,
        Kind::Invalid,
        r#"Syntax error at '=='"#,
    ),
    (
        r#" type_of([Enum[a,b,c], Enum[x,b,c]] # => Array[Type[Enum[a,b,c,x]]"#,
        Kind::Incomplete,
        r#"Syntax error at end of input"#,
    ),
    (
        r#" Pattern['.*']
 Pattern[/^all of me$/]"#,
        Kind::Invalid,
        r#"This '[]' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#" LiteralRegularExpression
   : '/' RegexpString '/'
   ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#" RegexpTypeExpression
   : 'Regexp' ('[' PatternStringExpression | LiteralRegularExpression ']')?
   ;

 PatternStringExpression<String> : Expression ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"Regexp       ∪  Regexp         → Regexp
Regexp[R]    ∪  Regexp[R]      → Regexp[R]
Regexp[R]    ∪  Regexp[Q]      → Regexp
Regexp[?]    ∪  (T ∈ Scalar)   → Scalar
Regexp[?]    ∪  (T ∉ Scalar)   → Any"#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"    PositiveInteger           $major
    PositiveInteger           $minor
    PositiveInteger           $patch
    Optional[SemVerQualifier] $prerelease = undef
    Optional[SemVerQualifier] $build = undef
    )"#,
        Kind::Invalid,
        r#"Syntax error at ')'"#,
    ),
    (
        r#"       Variant[default,SemVer] $min
       Variant[default,SemVer] $max
       Optional[Boolean]       $exclude_max = undef
     }"#,
        Kind::Invalid,
        r#"Syntax error at '}'"#,
    ),
    (
        r#"Array        ∪  Array         → Array
Array[R]     ∪  Array[R]      → Array[R]
Array[R]     ∪  Array[Q]      → Array[R ∪ Q]
Array[R,a,b] ∪  Array[Q,c,d]  → Array[R ∪ Q, min(a,c), max(b,d)]
Array[?]     ∪  Hash[?,?]     → Collection"#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"Hash          ∪  Hash               → Hash
Hash[K,V]     ∪  Hash[Q,W]          → Hash[K ∪ Q, V ∪ W]
Hash[K,V,a,b] ∪  Hash[Q,W,c,d]      → Hash[K ∪ Q, V ∪ W, min(a,c), max(b,d)]
Hash[?]       ∪  (T ∈ Collection)   → Collection
Hash[?]       ∪  (T ∉ Collection)   → Any"#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"Struct               ∪  Struct             → Struct
Struct[T]            ∪  Struct[T]          → Struct[x]
Struct[T]            ∪  Struct[S (S ∉ T)]  → Struct
Struct[{s => T}]     ∪  Hash[K,V]          → Hash[String ∪ K, T ∪ V]
Struct[?]            ∪  (T ∈ Collection)   → Collection
Struct[?]            ∪  (T ∉ Collection)   → Any"#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"Tuple[T1, T2]                   # A tuple of exactly T1 and T2
Tuple[T1, T2, 1]                # A tuple with a variable number of T2 (>= 0)
Tuple[T1, T2, 1, 3]             # A tuple with a variable number of T2 (0-3 inclusive)
Tuple[T1, 5, 5]                 # A tuple with exactly 5 T1
Tuple[T1, 5, 10]                # A tuple 5 to 10 T1
Tuple[T1, T1, T2, 1, 3]         # A tuple of one T1, two T1, or two T1 followed by one T2"#,
        Kind::Invalid,
        r#"This '[]' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"Array[T] == Tuple[T,0,default]

Tuple           ∪  Tuple           → Tuple
Tuple[R, ...]   ∪  Tuple[S, ...]   → Tuple[R ∪ S, ...]"#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"Collection  ∪  Collection    → Collection
Collection  ∪  Array         → Collection
Collection  ∪  Hash          → Collection

[1,2,3]      =~ Collection[1,3]  # true, size >= 1 and <= 3
{a=>1, b=>2} =~ Collection[3]    # false, size is < 3"#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"Variant         ∪  Variant          → Variant
Variant[*T]     ∪  Variant[*Q]      → Variant[*T | *Q]
Variant[*T]     ∪  Q                → Variant[*T | Q]

Variant[Optional[T]] == Variant[T, Undef] == Optional[Variant[T]] == Optional[T]"#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"Optional[T]  ∪  T            → T
Optional[T]  ∪  Undef        → Optional[T]
Optional[T]  ∪  Optional[R]  → Optional[T ∪ R]"#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"NotUndef[T]  ∪  T            → NotUndef[T]
NotUndef[T]  ∪  Undef        → Variant[]
NotUndef[T]  ∪  NotUndef[R]  → NotUndef[T ∪ R]"#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"Resource <= Resource[RT] <= Resource[RT, T]
Resource[RT1]   != Resource[RT2]
Resource[RT, T] != Resource[RT, T2]
Resource[RT]    == RT
Resource[RT, T] == RT[T]

Resource        ∪  Resource            → Resource
Resource[RT]    ∪  Resource[RT]        → Resource[RT]
Resource[RT1]   ∪  Resource[RT2]       → Resource
Resource[RT,T]  ∪  Resource[RT, T]     → Resource[RT, T]
Resource[RT,T1] ∪  Resource[RT, T2]    → Resource[RT]
Resource[?]     ∪  (T ∈ CatalogEntry)  → CatalogEntry
Resource[?]     ∪  (T ∉ CatalogEntry)  → Any"#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"Class > Class[c]
Class       ∪  Class               → Class
Class[c]    ∪  Class[c]            → Class[c]
Class[c1]   ∪  Class[c2]           → Class
Class[?]    ∪  (T ∈ CatalogEntry)  → CatalogEntry
Class[?]    ∪  (T ∉ CatalogEntry)  → Any"#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"Type        ∪  Type                → Type
Type        ∪  Type[T]             → Type
Type[T]     ∪  Type[T]             → Type[T]
Type[?]     ∪  (T ∉ Type)          → Any"#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"Callable         ∪  Callable                         → Callable[0,default]
Callable[?]      ∪  T (T ∉ Callable)                 → Any
Callable[D]      ∪  Callable[E (E == D)]             → Callable[D]
Callable[D]      ∪  Callable[E (E > D)]              → Callable[D]
Callable[D]      ∪  Callable[E (E < D)]              → Callable[E]
Callable[D]      ∪  Callable[E (!(E >= D || E < D))] → Callable"#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"B ∈ Callable
C ∈ Callable
S ∈ Tuple[X]
T ∈ Tuple[Y]
Callable[*S, B]  ∪  Callable[*T, C]    → Callable[*(S ∪ T), B ∪ C]"#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"Callable[String] ∪ Callable[Scalar]  → Callable[String]
Callable[String] ∪ Callable[Numeric] → Callable

A ∈ Callable[String, Callable[String]]
B ∈ Callable[Scalar, Callable[Scalar]]
A ∪ B → Callable[String, Callable[String]]"#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#" Variable
   : '$' (NumericVariable | NamedVariable )
   ;

 NumericVariable
   : /0|([1-9][0-9]*)/
   ;

 NamedVariable
   : /[a-z_]\w*/
   | /(::)?[a-z]\w*(::[a-z]\w*)*/
   ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#" ''        → true
 undef     → false
 false     → false
 any other → true"#,
        Kind::Invalid,
        r#"Syntax error at ''"#,
    ),
    (
        r#"ParameterList
  : '(' parameters += Parameter (',' parameters += Parameter)* ','? ')'
  ;
  
Parameter
  : type = Expression<Type>? captures_rest='*'? name = QualifiedName
      ('=' default_expression = Expression)?
  ;"#,
        Kind::Invalid,
        r#"Syntax error at ':'"#,
    ),
    (
        r#"   $a => [1,2,3]
   $b => 0
   $c = [6, 12, 18]"#,
        Kind::Invalid,
        r#"Syntax error at '=>'"#,
    ),
    (
        r#"function example($a = case "hello" {
  /(h)(.*)/ : {  
    [1,2,3].map |$x| { "$x-$2" }
  }
})
example()"#,
        Kind::Invalid,
        r#"Syntax error at 'example'"#,
    ),
    (
        r#"$a = ["1-ello", "2-ello", "3-ello”]"#,
        Kind::Incomplete,
        r#"Unclosed quote after '"' followed by '3-ell...'"#,
    ),
    (
        r#"function example($a = "hello",
  $b = [1,2,3].map |$x| { "$x-$a" })
}
example()"#,
        Kind::Invalid,
        r#"Syntax error at '}'"#,
    ),
    (
        r#"$a = ["1-hello", "2-hello", "3-hello”]"#,
        Kind::Incomplete,
        r#"Unclosed quote after '"' followed by '3-hel...'"#,
    ),
    (
        r#"function example($a = "hello" =~ /.*/) {
  notify { test: message "Y$0es" }
}
example()"#,
        Kind::Invalid,
        r#"Syntax error at 'Y'"#,
    ),
    (
        r#"$a == ['hello', 'h', 'ello']
$b == 'hello'
$c == 'h'
"#,
        Kind::Invalid,
        r#"This '==' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
    (
        r#"error, duplicate specification of parameter $a"#,
        Kind::Invalid,
        r#"illegal comma separated argument list"#,
    ),
    (
        r#"$surprise in top scope
$bar in foo"#,
        Kind::Invalid,
        r#"This 'in' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"#,
    ),
];

/// Programs the reference parses and validates (they may still fail when evaluated).
pub(super) const ACCEPTED: &[&str] = &[
    r#"0xFF"#,
    r#"0777"#,
    r#"31.415e-1"#,
    r#"1e10"#,
    r#"1.e5"#,
    r#"[1,2,]"#,
    r#"{a=>1,}"#,
    r#"{a=>1, 'b'=>2, 3=>4}"#,
    r#"'a\'b\\c\d'"#,
    r#""\n\t\s\$\"\'\\\u{1F600}\u00e4\q""#,
    r#"$a=[1,2] "$a[1]""#,
    r#"$a='x' "$a.upcase""#,
    r#"$a=[1,2] "${a[1]}""#,
    r#"$a='x' "${a.upcase}""#,
    r#""${x + 3}""#,
    r#""${2+2}""#,
    r#"1 +* 2"#,
    r#"1 + 2 * 3"#,
    r#"!true == false"#,
    r#"1 < 2 == true"#,
    r#"-2 ** 2"#,
    r#"notice(1)"#,
    r#"notice 1, 2"#,
    r#"Integer('0xFF')"#,
    r#"Integer[1,2]('3')"#,
    r#"notice (1)"#,
    r#"foo (1)"#,
    r#"[1,2].each |$x| { break }"#,
    r#"$x=1 $x ? 1 => 2"#,
    r#"[1].each |$x, $x| {}"#,
    r#"[1].each |$a = 1, $b| {}"#,
    r#"::Foo"#,
    r#"$foo-bar"#,
    r#"$_x = 1 $_x"#,
    r#"$::_x"#,
    r#"function f() { return 1 } f()"#,
    r#"$x = [1,2].map |$x| { $x }"#,
    r#"notice(1,)"#,
    r#"@(END)
abc
END
"#,
    r#"1 / 2 / 3"#,
    r#"$a = 1 + 2"#,
    r#"$a = 1 -> 2"#,
    r#"notice 1 notice 2"#,
    r#"include foo"#,
    r#"tag a, b"#,
    r#"realize File[x]"#,
    r#"debug 1"#,
    r#"info 1"#,
    r#"warning 1"#,
    r#"err 1"#,
    r#"import 'x'"#,
    r#"$a = 1 $a"#,
    r#"$a = {} $a"#,
    r#"[1].map |$x| {$x} 2"#,
    r#"notice {a => 1}"#,
    r#"[a => 1, b => 2]"#,
    r#"notice(a => 1, b => 2, 3, c => 4)"#,
    r#"@File { 'x': }"#,
    r#"type Foo = Integer[1,2] notice(Foo)"#,
    r#"type Foo = Object {attributes => {}} 1"#,
    r#"$x = { 'a' => 1 }['a']"#,
    r#"notice(1)
(2)"#,
    r#"File <| |> { mode => 1 }"#,
    r#"class foo inherits default {}"#,
    r#"function foo::bar() >> Integer { 1 } foo::bar()"#,
    r#"1.then |$x| { $x }"#,
    r#"$x.type"#,
    r#"[1].map |$x| >> Integer { $x }"#,
    r#"notice(*[1,2])"#,
    r#"$x = [1,2] $x[0,]"#,
    r#"1 -> 2 -> 3"#,
    r#"$a = $b = 1"#,
    r#"[ $a, $b ] = [1, 2] $b"#,
    r#"[$a, [$b]] = [1, [2]] $b"#,
    r#"$x = @(END)
  a
  |-END
notice($x)"#,
    r#"@(END)
the END
"#,
    r#"String.new(1)"#,
    r#"$h = {a => 1} $h.each |$k, $v| { notice $k }"#,
    r#"'x' =~ /x/ 1"#,
    r#"$x ? { default => 1 }"#,
    r#"$x = 1 ? 1 => 2 3"#,
    r#"type Foo = {attributes => {}}"#,
    r#"class a { class b {} }"#,
    r#"File <| title == 'x' and 1 |>"#,
    r#"File['x'] { mode +> 1 }"#,
    r#"function f($a = [1].map |$x| { $y = 1 }) {}"#,
    r#"1 -> File <| |>"#,
    r#"notice(1) 2"#,
    r#"$x = 1 $x.foo 2"#,
    r#"File['x'] -> 2"#,
    r#"$x = [1][0] 1"#,
    r#"1 =~ /x/ 2"#,
    r#"$x = 1 ? { default => 1 } 2"#,
    r#"/x/ =~ 'x' 2"#,
    r#"File <| |> 2"#,
    r#"notice 1
2"#,
    r#""\u12""#,
    r#"'\u12'"#,
    r#"9223372036854775807"#,
    r#"0.5"#,
    r#"$a = 1.e3"#,
    r#"function f(Integer $x, String *$y) {}"#,
    r#"function f($x = 1, $y) { } f(2)"#,
    r#"[1].each |Integer[1,2] $x = 1| {}"#,
    r#"class foo(Integer $x = 1, $y) {}"#,
    r#"type MyType = Variant[Integer, String]"#,
    r#"type My::Type = Integer"#,
    r#"$x = 'a' 'b'"#,
    r#"notice('a') notice('b')"#,
    r#"$h = {} $h['a']"#,
    r#"$x = true ? { true => 1 }"#,
    r#"1 in [1]"#,
    r#"'a' in 'abc'"#,
    r#"$x = [1,2,3][1,2]"#,
    r#"$x = 'abc'[1]"#,
    r#"$x = abc[1]"#,
    r#"$x = {a => 1}[a]"#,
    r#"notice(*[1,2], 3)"#,
    r#"$x = *[1,2]"#,
    r#"[*[1,2], 3]"#,
    r#"$x = !!true"#,
    r#"$x = - - 1"#,
    r#"$x = -(1)"#,
    r#"$x = 1 - -1"#,
    r#"$x = [1]+[2]"#,
    r#"$x = 8 >> 1 << 2"#,
    r#"$x = 1 == 1 == true"#,
    r#"$x = 1 != 2 and 3 < 4 or false"#,
    r#"$x = 'a' =~ /a/ == true"#,
    r#"$x = 1 in [1] == true"#,
    r#"$x = !1 in [1]"#,
    r#"$x = -1 in [-1]"#,
    r#"$x = 1 ? { default => 2 } + 1"#,
    r#"$x = [1].map |$x| { $x } + [2]"#,
    r#"$x = true and false ? { false => 1, default => 2 }"#,
    r#" $a = apache::port # equal to $a = 'apache::port'"#,
    r#" $a = Integer # a is a reference to the Integer type
 "#,
    r#" $a = /.*/  # a is a reference to the regular expression
 "#,
    r#"T + T"#,
    r#"$args = [1,2,3]
foo(*$args)

# same result as
foo(1,2,3)"#,
    r#"$x = abc =~ /(a)b(c)/
# $0 == 'abc', $1 == 'a', $2 == 'c' (until end of block, or next match)"#,
    r#"[1,2,3] =~ Array[Integer]          # => true
[1,999,5] =~ Array[Integer[1,10]]  # => false (one value > 10)"#,
    r#"$a = 10
$x = $y = 0

# from array
[$a, $b] = [1, 2]  # assigns 1 to $a, and 2 to $b

# from hash
[$a, $b] = { a => 10, b => 20, c => 30 }  # assigns 10 to $a, and 20 to $b

# from class
class mymodule::someclass::example($x = 100) {
  $a = 10
}
include example
[$a, $x] = Class['mymodule::someclass::example']  # assigns 10 to $a, and 100 to $x"#,
    r#"$r = Regexp['(f)(o)(o)']         # => Regexp[/(f)(o)(o)/]
'foo' =~ $pattern                # => true
'bar' =~ $pattern                # => false
notice $1                        # => 'o'
'x' =~ Regexp[/x/]               # => false 'x' is a String, not a Regexp"#,
    r#"$pattern = Pattern[red, blue, green]  # => a pattern type
'red' =~ $pattern                     # => true
'blue' =~ $pattern                    # => true
'yellow' =~ $pattern                  # => false"#,
    r#"Enum[blue, red, green]"#,
    r#"require 'myclass'"#,
    r#"# catalog manipuation
require
realize
include
contain
tag

# logging
debug
info
notice
warning
err

# stop execution
fail

# raises an error as it is discontinued
import"#,
    r#"require('myclass')
$pi = sprintf("%.4f", 3.1415123)     # => '3.1415'
map([1,2,3]) |$x| { $x * 10 }        # => [10, 20, 30]"#,
    r#"[1,2,3].map |$x| { $x * 10 }                                    # => [10, 20, 30]
[1,2,3].reduce(10) |$memo, $x| { $memo + $x }                   # => 16
'myclass'.require                                               # => undef
[1,2,3].map |$x| { $x * 10 }.reduce |$memo, $x| { $memo + $x }  # => 60"#,
    r#"Integer("0xFF")"#,
    r#"Integer[0,10]("0xFF")"#,
    r#"# These two calls are equivalent
foo( *[1,2,3])
foo(1,2,3)"#,
    r#"# example 1
case $observed {

  'cat', 'sylvester': { 
    notice 'I taw a puddy cat'
  }
  
  'seed': {
    notice 'Feed me!'
  }
  
  'toe': {
    notice 'This widdle piddy went to market' 
  }
}

# example 2 - using cases an expression
notice case $name {

  'paul', 'ringo', 'george', 'john': { 
    'One of The Beatles'
   }
   
  'mick', 'keith', 'charlie', 'ronnie': {
    'One of The Rolling Stones'
  }
  default: { 'In Some other band' }
}

# example 3 - using type
notice case [1,2,50] {

  Array[Integer[1,49]]: {
    'in range'
  }
  default : {
    'out of range'
  }
}

# example 4 - using matching array
$x = [green, 2, $whatever]
case $x {
  [/ee/, Integer[0,10], default] : {
    notice 'this will be noticed'
  }
  default: {
    notice 'this will not be noticed'
  }
}"#,
    r#"# Ex 1.
$x = $y ? sad => blue
# the same as
$x = if $y == sad { blue }

# Ex 2.
$x = $y ? {
  hot     => red,
  sad     => blue,
  seasick => green,
  default => normal,
}
# The same as
$x = case $y {
  hot: { red }
  sad: { blue }
  seasick: { green }
  default: { normal }
}"#,
    r#"function foo(MyType $x) {
  notice $x
}
notice foo(42)

type MyType = Integer[42,42]"#,
    r#"type IntegerTree = Array[Variant[Integer, IntegerTree]]
type Mix = Variant[Integer, String, MixedTree]
type MixedTree = Array[Variant[Mix, MixedTree]]

function integer_tree(IntegerTree $x) {
  notice $x
}
integer_tree( [1, 2, [42, 4], [[[ 5 ]]] ] )

function mixed(MixedTree $x) {
  notice $x
}
mixed( [1, 2, [hello, 4], [[[ 5, deep ]]] ] )
"#,
    r#" Integer[1,5].each |$x| { notice $x } # => notices 1,2,3,4,5

 Integer[0, default].each |$x| { notice $x } # error, unbound range (infinite)"#,
    r#"(((((days * 24 + hours) * 60 + minutes) * 60 + seconds) * 1000 + milliseconds) * 1000 + microseconds) * 1000 + nanoseconds"#,
    r#"['%D-%H:%M:%S.%-N', '%H:%M:%S.%-N', '%M:%S.%-N', '%S.%-N', '%D-%H:%M:%S', '%H:%M:%S', '%D-%H:%M', '%S']"#,
    r#"$duration = Timespan(13.5)       # 13 seconds and 500 milliseconds
$duration = Timespan({days=>4})  # 4 days
$duration = Timespan(4, 0, 0, 2) # 4 days and 2 seconds
$duration = Timespan('13:20')    # 13 hours and 20 minutes (using default pattern)
$duration = Timespan('10:03.5', '%M:%S.%L') # 10 minutes, 3 seconds, and 5 milliseconds
$duration = Timespan('10:03.5', '%M:%S.%N') # 10 minutes, 3 seconds, and 5 nanoseconds"#,
    r#"['%FT%T.%L %Z', '%FT%T %Z', '%F %Z', '%FT%T.L', '%FT%T', '%F']"#,
    r#"$ts = Timestamp(1473150899)                              # 2016-09-06 08:34:59 UTC
$ts = Timestamp({string=>'2015', format=>'%Y'})          # 2015-01-01 00:00:00.000 UTC
$ts = Timestamp('Wed Aug 24 12:13:14 2016', '%c')        # 2016-08-24 12:13:14 UTC
$ts = Timestamp('Wed Aug 24 12:13:14 2016 PDT', '%c %Z') # 2016-08-24 19:13:14.000 UTC"#,
    r#"'abc' =~ String[1]   # true, has more than one character
'abc' =~ String[1,2] # false, has more than two characters

$size = Integer[1,2]
'abc' =~ String[$size] # false, has more than 2 characters"#,
    r#" ['a', 'b', 'c']"#,
    r#" ['a', 'b', 'c'] =~ Array[Pattern['a-z']]  # true"#,
    r#" Enum['port', 'name', 'ip']"#,
    r#" type_of([Pattern[a], Pattern[b]]) # => Array[Type[Pattern[a,b]]]"#,
    r#"Struct[{mode=>Enum[read, write, update], path=>String[1]}]"#,
    r#"Struct[{article=>Data}]"#,
    r#"Struct[{article=>NotUndef[Data]}]"#,
    r#"Struct[{NotUndef[article]=>Data}]"#,
    r#"Struct[{Optional[article]=>NotUndef[Data]}]"#,
    r#" ["a", 1]     =~ Tuple[String, Integer]      # true
 ["a", 1,2,3] =~ Tuple[String, Integer, 1]   # true
 ["a", 1,2,3] =~ Tuple[String, Integer, 0]   # true
 ["a", 1,2,3] =~ Tuple[String, Integer, 0,2] # false
 ["a", 1,2,3] =~ Tuple[String, Integer, 4]   # true
 ["a", 1,2,3] =~ Tuple[String, Integer, 5]   # false"#,
    r#"$array_of_numbers =~ Array[Variant[Integer[1000, 1999], Integer[10000, default]]]"#,
    r#"$secret = Sensitive(42)
$processed = $secret.unwrap |$sensitive| { $sensitive * 2 }
notice $processed  # notices 84"#,
    r#"$x = Sensitive.new('say friend')
$x = Sensitive('password')
$x = Sensitive[String].new('secret')"#,
    r#" function example(
   $a = [1,2,3],
   $b = 0,
   $c = $a.map |$x| { $b = $x; $b * $a.reduce |$x, $y| {$x + $y}}
 ) { }

 example()"#,
    r#"function example(
  $a = "hello".match(/(h)(.*)/),
  $b = $a[0],
  $c = $a[1]
) { }
example()"#,
    r#"define example($a) { }
example { 'test':
  a => 10,
  a => 20,
}"#,
    r#"define example($a, $b=$a) { }
example { test: a=>10 }"#,
    r#"define example($a=5, $b=$a) { }
example { test: a=>10 }"#,
    r#"define example($a=10, $b=$a) { }
example { test: }"#,
    r#"$a = 10
$b = 10"#,
    r#"class foo {
  $bar = '$bar in foo'
}
include foo

$surprise = '$surprise in top scope'

node default {
  $surprise = '$surprise in node scope'
}

function example($a = $surprise, $b = $foo::bar) {
  notice $a
  notice $b
}
example()"#,
    r#"define example($a = $title) { }
example { 'hello' : }"#,
    r#"$a == 'hello'"#,
];
