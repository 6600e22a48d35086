//! One order over a tree's variable references, lambdas and function definitions, the same
//! for a tree and for its thawed copy: what a tree's owner keeps about those nodes by their
//! addresses (the evaluator's frame layouts) is frozen by their numbers in this order and
//! thawed into the new nodes of the same numbers.

use crate::ast::*;
use std::rc::Rc;

/// What [`walk`] calls for each node it numbers.
pub trait Visit {
    fn var(&mut self, v: &VarRef);
    fn lambda(&mut self, l: &Rc<Lambda>);
    fn function(&mut self, f: &Rc<FunctionDef>);
}

/// Visits every variable reference, lambda and function definition of `body`, nested ones
/// included, in one fixed order (a node before what it holds).
pub fn walk(body: &[Expr], v: &mut dyn Visit) {
    body.iter().for_each(|e| expr(e, v));
}

fn params(ps: &[Param], v: &mut dyn Visit) {
    for p in ps {
        p.type_expr.iter().for_each(|e| expr(e, v));
        p.default.iter().for_each(|e| expr(e, v));
    }
}

fn lambda(l: &Rc<Lambda>, v: &mut dyn Visit) {
    v.lambda(l);
    params(&l.params, v);
    l.return_type.iter().for_each(|e| expr(e, v));
    walk(&l.body, v);
}

fn function(f: &Rc<FunctionDef>, v: &mut dyn Visit) {
    v.function(f);
    params(&f.params, v);
    f.return_type.iter().for_each(|e| expr(e, v));
    walk(&f.body, v);
}

/// Visits a lambda or function definition and what it holds, in the order of [`walk`] (a
/// numbered node's own references, numbered among themselves).
pub fn walk_numbered(node: &Numbered, v: &mut dyn Visit) {
    crate::limits::deep(|| match node {
        Numbered::Lambda(l) => lambda(l, v),
        Numbered::Function(f) => function(f, v),
    })
}

/// A lambda or function definition: what `Frozen::freeze_numbered` numbers, and
/// `Frozen::thaw_numbered` tells the thawed nodes of.
#[derive(Clone)]
pub enum Numbered {
    Lambda(Rc<Lambda>),
    Function(Rc<FunctionDef>),
}

fn expr(e: &Expr, v: &mut dyn Visit) {
    crate::limits::deep(|| expr_here(e, v))
}

fn expr_here(e: &Expr, v: &mut dyn Visit) {
    match &e.kind {
        ExprKind::Variable(r) => v.var(r),
        ExprKind::Lambda(l) => lambda(l, v),
        ExprKind::FunctionDef(f) => function(f, v),
        ExprKind::TypeAlias { type_expr, .. } => expr(type_expr, v),
        ExprKind::ClassDef(c) => {
            params(&c.params, v);
            walk(&c.body, v);
        }
        ExprKind::DefineDef(d) => {
            params(&d.params, v);
            walk(&d.body, v);
        }
        ExprKind::NodeDef(n) => {
            walk(&n.matches, v);
            n.parent.iter().for_each(|e| expr(e, v));
            walk(&n.body, v);
        }
        _ => {
            e.for_each_child(&mut |child| expr(child, v));
            if let ExprKind::Call { block: Some(l), .. }
            | ExprKind::CallType { block: Some(l), .. } = &e.kind
            {
                lambda(l, v);
            }
        }
    }
}
