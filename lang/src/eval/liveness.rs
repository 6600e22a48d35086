//! Which variable reads may move a value out of its slot instead of copying it.
//!
//! Collections are copy-on-write: `$acc + {...}` copies the whole hash when the slot holding
//! `$acc` keeps a second reference to it. A lambda or function body runs at most once per
//! frame (Puppet has no loops; repetition is a new frame), so a slot whose variable appears
//! exactly once in the whole body (nested lambdas included, assignments included) is never
//! read again after that one read, and the read may take the value. Calls that read variables
//! by name (`getvar`, templates, ...) could still see the slot, so a body containing any of
//! them moves nothing.
//!
//! A parameter read more than once may still be moved by one read: the left operand of a
//! binary operator (`$memo + { $k => $memo[$k] + 1 }`) when every other read of it is in the
//! right operand. Reading a parameter has no effect and cannot fail, so the evaluator may
//! evaluate the right operand first and then take the parameter's value (`late_moves`).

use crate::syntax::ast::*;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::rc::Rc;

/// Functions that read variables by name at run time.
const READS_BY_NAME: &[&str] = &[
    "getvar",
    "defined",
    "call",
    "epp",
    "inline_epp",
    "template",
    "inline_template",
    "lookup",
    "hiera",
    "hiera_array",
    "hiera_hash",
    "hiera_include",
];

/// What the analysis of one body finds.
pub struct Liveness {
    /// Per slot: the address of the one `VarRef` allowed to move the slot's value, or 0.
    pub movable: Vec<usize>,
    /// Per slot: the address of a `VarRef`, the left operand of a binary operator, whose
    /// value may be moved out of the slot once the right operand is evaluated, or 0.
    pub late_moves: Vec<usize>,
    /// The names of all functions called anywhere in the body (nested lambdas included).
    pub calls: Vec<Rc<str>>,
}

/// What the walk of each lambda analysed so far found, by the lambda's address, until the
/// analysis of the body around it takes it: so nested lambdas are walked once, not once per
/// enclosing body (10,000 nested lambdas would otherwise cost 50 million steps).
#[derive(Default)]
pub struct Summaries(HashMap<usize, Walk>);

/// Analyses a lambda or function body whose variables are already resolved; `names` are the
/// frame's slot names. A lambda's own walk is kept in `summaries` (`lambda` is its address)
/// for the body around it.
pub fn analyse(
    names: &[Rc<str>],
    params: &[Param],
    return_type: Option<&Expr>,
    body: &[Expr],
    summaries: &mut Summaries,
    lambda: Option<usize>,
) -> Liveness {
    let mut walk = Walk::default();
    for p in params {
        if let Some(t) = &p.type_expr {
            walk.expr(t, summaries);
        }
        if let Some(d) = &p.default {
            walk.expr(d, summaries);
        }
    }
    if let Some(rt) = return_type {
        walk.expr(rt, summaries);
    }
    for e in body {
        walk.expr(e, summaries);
    }
    if let Some(address) = lambda {
        // what `Walk::lambda` would find: the return type once
        summaries.0.insert(address, walk.clone());
    }
    if let Some(rt) = return_type {
        // A return type is evaluated in the caller's frame: never move from it.
        walk.expr(rt, summaries);
    }
    let dynamic = READS_BY_NAME.iter().any(|n| walk.calls.contains(*n));
    let movable = names
        .iter()
        .enumerate()
        .map(|(index, name)| match walk.uses.get(name) {
            Some(&(1, address, Slot::Local { depth: 0, index: i }))
                if !dynamic && i as usize == index =>
            {
                address
            }
            _ => 0,
        })
        .collect();
    let mut late_moves = vec![0; names.len()];
    for late in walk.late.iter().filter(|_| !dynamic) {
        let index = late.index as usize;
        // a parameter (bound before the body runs), read first by the left operand and
        // last in the right one
        let parameter = params.get(index).is_some_and(|p| p.name == late.name);
        let uses = walk.uses.get(&late.name).map_or(0, |u| u.0);
        if parameter && names.get(index) == Some(&late.name) && uses == late.uses_through {
            late_moves[index] = late.address;
        }
    }
    Liveness {
        movable,
        late_moves,
        calls: walk.calls.into_iter().collect(),
    }
}

/// A binary operator whose left operand is a variable of the body's own frame read there
/// for the first time: what [`analyse`] needs to tell whether it may move the value late.
#[derive(Clone)]
struct LateMove {
    name: Rc<str>,
    /// the slot of the variable
    index: u16,
    /// the address of the left operand's `VarRef`
    address: usize,
    /// how many uses of the name the walk had seen at the end of the right operand
    uses_through: usize,
}

/// Counts the uses of each variable name and collects called function names.
#[derive(Default, Clone)]
pub struct Walk {
    /// Per name: how often it appears, and the address and slot of (the last) appearance.
    uses: HashMap<Rc<str>, (usize, usize, Slot)>,
    calls: HashSet<Rc<str>>,
    /// Binary operators that may move their left operand late (the body's own, not those
    /// of nested lambdas, whose variables live in frames of their own).
    late: Vec<LateMove>,
    /// How many lambdas deep the walk is in the body.
    nesting: usize,
}

impl Walk {
    fn call(&mut self, name: &Rc<str>) {
        if !self.calls.contains(name) {
            self.calls.insert(name.clone());
        }
    }

    fn lambda(&mut self, l: &Lambda, summaries: &mut Summaries) {
        if let Some(inner) = summaries.0.remove(&(l as *const Lambda as usize)) {
            self.merge(inner);
            return;
        }
        self.nesting += 1;
        self.lambda_parts(l, summaries);
        self.nesting -= 1;
    }

    fn lambda_parts(&mut self, l: &Lambda, summaries: &mut Summaries) {
        for p in &l.params {
            if let Some(t) = &p.type_expr {
                self.expr(t, summaries);
            }
            if let Some(d) = &p.default {
                self.expr(d, summaries);
            }
        }
        if let Some(rt) = &l.return_type {
            self.expr(rt, summaries);
        }
        for e in &l.body {
            self.expr(e, summaries);
        }
    }

    /// Adds what a later part of the body found (as if walked here): its uses and calls
    /// (a lambda's late moves are its own).
    fn merge(&mut self, later: Walk) {
        for (name, (count, address, slot)) in later.uses {
            self.uses
                .entry(name)
                .and_modify(|u| u.0 += count)
                .or_insert((count, address, slot));
        }
        self.calls.extend(later.calls);
    }

    fn expr(&mut self, e: &Expr, summaries: &mut Summaries) {
        match &e.kind {
            // (an array or hash literal of constants uses no variable and calls nothing)
            ExprKind::Array(_, shared) | ExprKind::Hash(_, shared) if shared.is_constant() => {
                return
            }
            ExprKind::Variable(v) => {
                let address = v as *const VarRef as usize;
                self.uses
                    .entry(v.name.clone())
                    .and_modify(|u| u.0 += 1)
                    .or_insert((1, address, v.slot.get()));
            }
            ExprKind::Call { name, block, .. } => {
                self.call(name);
                if let Some(l) = block {
                    self.lambda(l, summaries);
                }
            }
            ExprKind::CallType { block, .. } => {
                self.call(&Rc::from("new"));
                if let Some(l) = block {
                    self.lambda(l, summaries);
                }
            }
            ExprKind::Lambda(l) => self.lambda(l, summaries),
            ExprKind::Binary(op, a, b) if !matches!(op, BinOp::And | BinOp::Or) => {
                if let ExprKind::Variable(v) = &a.kind {
                    if let (Slot::Local { depth: 0, index }, 0) = (v.slot.get(), self.nesting) {
                        if !self.uses.contains_key(&v.name) {
                            self.expr(a, summaries);
                            self.expr(b, summaries);
                            self.late.push(LateMove {
                                name: v.name.clone(),
                                index,
                                address: v as *const VarRef as usize,
                                uses_through: self.uses.get(&v.name).map_or(0, |u| u.0),
                            });
                            return;
                        }
                    }
                }
            }
            _ => {}
        }
        crate::limits::deep(|| e.for_each_child(&mut |child| self.expr(child, summaries)));
    }
}

#[cfg(test)]
mod tests {
    /// Programs whose variables are read once (and so moved), with the reference's answers:
    /// moving must never change what any variable holds.
    const CASES: &[(&str, &str)] = &[
        (
            "[1,2,3,4].reduce({}) |$m, $x| { if $x == 3 { break() } ; $m + {$x => 1} }",
            "{1 => 1, 2 => 1}",
        ),
        (
            "[1,2,3,4].reduce({}) |$m, $x| { $r = $m + {$x => 1}; if $x == 3 { break() } ; $r }",
            "{1 => 1, 2 => 1}",
        ),
        (
            "function f($x) { if $x == 3 { break() } else { 1 } } [1,2,3,4].reduce({}) |$m, $x| { $r = $m + {$x => 1}; f($x); $r }",
            "{1 => 1, 2 => 1}",
        ),
        (
            "[1,2,3].reduce(0) |$m, $x| { $y = $m; $m2 = getvar('m'); $y + $m2 + $x }",
            "11",
        ),
        (
            "$h = {a => 1}\n$r = [1,2].reduce($h) |$m, $x| { $m + {\"k${x}\" => $x} }\n[$h, $r]",
            "[{'a' => 1}, {'a' => 1, 'k1' => 1, 'k2' => 2}]",
        ),
        (
            "$a = [1]\n$r = [2,3].reduce($a) |$m, $x| { $m << $x }\n[$a, $r]",
            "[[1], [1, 2, 3]]",
        ),
        (
            "[1,2,3].map |$x| { $y = [$x]; $z = $y + [0]; [$z, $y] }",
            "[[[1, 0], [1]], [[2, 0], [2]], [[3, 0], [3]]]",
        ),
        (
            "[1,2].map |$x| { $y = $x; $y = 2 }",
            "Cannot reassign variable '$y'",
        ),
        (
            "[[1],[2]].map |$x| { $x.map |$e| { $e } + $x }",
            "[[1, 1], [2, 2]]",
        ),
        (
            "[[1],[2]].map |$x| { $s = $x + [9]; [$s, defined('$x')] }",
            "[[[1, 9], true], [[2, 9], true]]",
        ),
        (
            "[[1],[2]].map |$x| { $s = $x + [9]; [$s, getvar('x')] }",
            "[[[1, 9], [1]], [[2, 9], [2]]]",
        ),
        (
            "function f(Array $a) { $a + [1] } $v = [0]; [f($v), $v]",
            "[[0, 1], [0]]",
        ),
        (
            "[1,2,3].reduce([]) |$m, $x| { [1].each |$q| { if $x == 3 { break() } }; $m + [$x] }",
            "[1, 2, 3]",
        ),
        (
            "[1,2,3,4].reduce([]) |$m, $x| { $r = $m + [$x]; if $x == 3 { [1].any |$q| { break() } }; $r }",
            "[1, 2]",
        ),
        // a parameter read again in the right operand: moved once that is evaluated
        (
            "[1,2,1,3,1].reduce({}) |$m, $x| { $m + { $x => $m.dig($x).lest || { 0 } + 1 } }",
            "{1 => 3, 2 => 1, 3 => 1}",
        ),
        (
            "$h = {a => 1} $r = [1,2].reduce($h) |$m, $x| { $m + { \"k${x}\" => $m.length } } [$h, $r]",
            "[{'a' => 1}, {'a' => 1, 'k1' => 1, 'k2' => 2}]",
        ),
        ("[1,2].reduce([0]) |$m, $x| { $m + $m }", "[0, 0, 0, 0]"),
        (
            "[1,2].reduce([]) |$m, $x| { $n = $m + [$m.length]; $n + $m }",
            "[0, 1, 0]",
        ),
        (
            "[1,2,3].reduce([]) |$m, $x| { $m + [$m.map |$e| { $e * 2 }.length] }",
            "[0, 1, 2]",
        ),
        (
            "function f(Hash $h, $k) { $h + { $k => $h.length } } $v = {a => 1} [f($v, 'b'), $v]",
            "[{'a' => 1, 'b' => 1}, {'a' => 1}]",
        ),
        (
            "[1,2,3,4].reduce({}) |$m, $x| { if $x == 3 { break() } ; $m + {$x => $m.length} }",
            "{1 => 0, 2 => 1}",
        ),
        (
            "[[1],[2]].map |$x| { $y = $x + [$x[0]]; [$y, $x] }",
            "[[[1, 1], [1]], [[2, 2], [2]]]",
        ),
        (
            "[1,2].reduce([]) |$m, $x| { $m << $m.length }",
            "[0, 1]",
        ),
        (
            "[1,2,3].reduce([]) |$m, $x| { $m - [$m[0]] + [$x] }",
            "[3]",
        ),
    ];

    #[test]
    fn moving_reads_keep_values_apart() {
        for (src, expected) in CASES {
            assert_eq!(
                crate::test_support::value_or_message(src),
                *expected,
                "{src}"
            );
        }
    }

    #[test]
    fn only_a_single_use_is_movable() {
        let program =
            crate::syntax::parse("[1].map |$a, $b = 1| { $c = $a + $b; $c + $b }").expect("parses");
        let mut layouts = super::super::resolve::Layouts::default();
        super::super::resolve::resolve_program(&program, &mut layouts);
        let crate::syntax::ast::ExprKind::Call { block: Some(l), .. } = &program.body[0].kind
        else {
            panic!("not a call with a block");
        };
        let layout = layouts.of_lambda(l);
        let movable: Vec<bool> = layout.movable.iter().map(|&a| a != 0).collect();
        // $a is read once, $b twice, $c assigned and read.
        assert_eq!(movable, [true, false, false]);
        assert!(layout.calls.is_empty());
    }

    /// Which binary operators may move their left operand once the right one is evaluated:
    /// a parameter read first there and last in the right operand.
    #[test]
    fn a_left_operand_moves_late_when_the_right_one_reads_it_last() {
        let late = |src: &str| -> Vec<bool> {
            let program = crate::syntax::parse(src).expect("parses");
            let mut layouts = super::super::resolve::Layouts::default();
            super::super::resolve::resolve_program(&program, &mut layouts);
            let crate::syntax::ast::ExprKind::Call { block: Some(l), .. } = &program.body[0].kind
            else {
                panic!("not a call with a block");
            };
            let layout = layouts.of_lambda(l);
            layout.late_moves.iter().map(|&a| a != 0).collect()
        };
        assert_eq!(
            late("[1].reduce({}) |$m, $x| { $m + { $x => $m[$x] } }"),
            [true, false]
        );
        assert_eq!(
            late("[1].reduce({}) |$m, $x| { $m + { $x => [$m].map |$e| { $e } } }"),
            [true, false]
        );
        // read again after the operator, or before it, or not a parameter
        assert_eq!(
            late("[1].reduce({}) |$m, $x| { $n = $m + { $x => $m[$x] }; [$n, $m] }"),
            [false, false, false]
        );
        assert_eq!(
            late("[1].reduce({}) |$m, $x| { $k = $m[1]; $m + { $k => $m[$x] } }"),
            [false, false, false]
        );
        assert_eq!(
            late("[1].reduce({}) |$m, $x| { $y = $m; $y + { $x => $y[$x] } }"),
            [false, false, false]
        );
        // a call that reads variables by name
        assert_eq!(
            late("[1].reduce({}) |$m, $x| { $m + { $x => getvar('m') } }"),
            [false, false]
        );
        // in a nested lambda the left operand is the nested lambda's own
        assert_eq!(late("[1].map |$m| { [1].map |$x| { $m + [$m] } }"), [false]);
    }
}
