//! Variables of class, define and node bodies read through their slots (`Slot::Scope`):
//! every way the reference reads them still sees the same values. Expected answers are
//! `puppet-oracle`'s.

use crate::syntax::ast::Slot;
use crate::test_support::check;

#[test]
fn class_variables_read_in_the_body_from_outside_and_from_templates() {
    check(&[
        // parameters, a default reading another parameter, a lambda reading the class's
        // variables, the first variables, then all of them read from outside
        (
            "$x = 'top'\n\
             class a($p = 'pa', $q = \"${p}q\") { $v = \"${x}-${p}-${q}\"; $x = 'ax'\n\
             $w = [1, 2].map |$i| { \"${i}${x}${p}\" }\n\
             $t = \"${title}/${name}/${module_name}\" }\n\
             include a\n\
             [$a::v, $a::x, $a::w, $a::t, $a::p, $a::q]",
            Ok("['top-pa-paq', 'ax', ['1axpa', '2axpa'], 'a/a/', 'pa', 'paq']"),
        ),
        // read before the body assigns it: the top scope's; `defined`, a template's `@x`
        // and `scope['y']`
        (
            "$x = 'top'\n\
             class a { $y = $x; $x = 'a'; $d1 = defined('$x')\n\
             $t = inline_template(\"<%= @x %>-<%= scope['y'] %>-<%= @title %>\") }\n\
             include a\n\
             [$a::y, $a::x, $a::d1, $a::t]",
            Ok("['top', 'a', true, 'a-top-a']"),
        ),
        // a lambda's own variable of the same name as the class's
        (
            "class a { $v = 1; $r = [1].map |$i| { $w = $v; $v = 2; [$w, $v] } }\n\
             include a $a::r",
            Ok("[[1, 2]]"),
        ),
    ]);
}

#[test]
fn an_inheriting_class_reads_its_parents_variables() {
    check(&[(
        "class base { $b = 'bv'; $shared = 'base' }\n\
         class child inherits base { $c = \"${b}c\"; $r = $shared; $shared2 = 'child' }\n\
         include child\n\
         [$child::c, $child::r, $child::b, $base::b]",
        Ok("['bvc', 'base', 'bv', 'bv']"),
    )]);
}

#[test]
fn define_instances_read_their_own_titles_and_parameters() {
    check(&[(
        "define d($p = 1) { $y = \"${title}:${name}:${p}\"\n\
         $t = inline_template('<%= @y %>|<%= @p %>|<%= @name %>'); notify { $t: } }\n\
         d { 'one': } d { 'two': p => 2, name => 'nm' }\n\
         [Notify['one:one:1|1|one'], Notify['two:nm:2|2|nm']]",
        Ok("[Notify['one:one:1|1|one'], Notify['two:nm:2|2|nm']]"),
    )]);
}

#[test]
fn errors_of_body_variables_are_the_references() {
    check(&[
        (
            "class c { $z = 1 $z = 2 } include c",
            Err("Evaluation Error: Cannot reassign variable '$z'"),
        ),
        (
            "class a($p = $q, $q = 1) { } include a",
            Err(
                "Evaluation Error: Error while evaluating a Function Call, Class[A]: default \
                 expression for $p tries to illegally access not yet evaluated $q",
            ),
        ),
        (
            "class a { $u = $nope } include a",
            Err("Evaluation Error: Unknown variable: 'nope'."),
        ),
    ]);
}

/// The resolver gives a body's own variables their slots (the first variables, then the
/// parameters, then what it assigns, from the assignment on), and leaves other names and a
/// lambda's own variables alone.
#[test]
fn a_bodys_own_variables_get_its_slots() {
    let program = crate::syntax::parse(
        "define d($p) { $b = $a $a = 1 notify { \"${title}${p}${a}${top}\": }\n\
         [1].each |$i| { $i + $a } }",
    )
    .unwrap();
    let mut layouts = crate::eval::resolve::Layouts::default();
    crate::eval::resolve::resolve_program(&program, &mut layouts);
    let mut slots = Vec::new();
    crate::syntax::frozen::order::walk(&program.body, &mut Vars(&mut slots));
    let scope = |index| Slot::Scope { index };
    let expected = [
        ("b", scope(5)),
        // (read before the body assigns it: the outer one's, by name)
        ("a", Slot::Global),
        ("a", scope(6)),
        ("title", scope(0)),
        ("p", scope(4)),
        ("a", scope(6)),
        ("top", Slot::Global),
        ("i", Slot::Local { depth: 0, index: 0 }),
        ("a", scope(6)),
    ];
    let expected: Vec<(String, Slot)> = expected
        .into_iter()
        .map(|(n, s)| (n.to_string(), s))
        .collect();
    assert_eq!(slots, expected);
}

struct Vars<'a>(&'a mut Vec<(String, Slot)>);

impl crate::syntax::frozen::order::Visit for Vars<'_> {
    fn var(&mut self, v: &crate::syntax::ast::VarRef) {
        self.0.push((v.name.to_string(), v.slot.get()));
    }
    fn lambda(&mut self, _: &std::rc::Rc<crate::syntax::ast::Lambda>) {}
    fn function(&mut self, _: &std::rc::Rc<crate::syntax::ast::FunctionDef>) {}
}
