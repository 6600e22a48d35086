//! Compiled bodies (`compiled`): type names and types with constant arguments, regexp
//! literals, `=~` / `!~`, and selectors.
//!
//! A type expression whose arguments are constant (`Bp::Service`, `Hash[String,
//! Variant[String, Integer]]`) is evaluated once and kept while the evaluator's types stay
//! the same (`type_generation`: defining a type alias makes a name mean another type), as
//! the tree walk keeps it in its type cache. `=~` with a regexp or a string sets the match
//! variables as the tree walk does; a compiled body that may set them gives them back as
//! they were when it returns (`compile_body`), and so does a selector, as in the tree walk.
//! No compiled code reads them (`$1` does not compile).

use super::compiled::{Code, Compiler, Test};
use super::expr::{located, stop_if_deferred};
use super::{EvalResult, Evaluator, Flow};
use crate::error::{Error, ErrorKind};
use crate::syntax::ast::{BinOp, Expr, ExprKind, SelectorArm, Span, UnaryOp};
use crate::types::{self, PType};
use crate::values::Value;
use std::cell::RefCell;
use std::rc::Rc;

/// Whether `e` is a type name, or `[]` of one (`Integer[1, 2]`, `Hash[String, T][...]`).
pub(super) fn is_type_name(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::QualifiedReference(_) => true,
        ExprKind::Access(x, _) => is_type_name(x),
        _ => false,
    }
}

/// A value kept by compiled code with the type generation it was made in.
type Kept = RefCell<Option<(u64, Value)>>;

impl Compiler<'_> {
    /// A type name, or `[]` of a type name with constant arguments (anything else with
    /// a type name does not compile: `Array[$x]` is made anew by the tree walk each time).
    pub(super) fn type_access(&self, e: &Expr, depth: usize) -> Option<Code> {
        if !super::call::is_constant(e) {
            return None;
        }
        let span = e.span;
        let kept: Kept = RefCell::new(None);
        Some(match &e.kind {
            ExprKind::QualifiedReference(n) => {
                let n = n.clone();
                Box::new(move |ev, _| {
                    if let Some(v) = current(&kept, ev) {
                        return Ok(v);
                    }
                    let t = Value::Type(Rc::new(
                        ev.type_by_reference(&n).map_err(|f| located(f, span))?,
                    ));
                    keep(&kept, ev, &t);
                    Ok(t)
                })
            }
            ExprKind::Access(x, keys) => {
                if keys
                    .iter()
                    .any(|k| matches!(k.kind, ExprKind::Unary(UnaryOp::Splat, _)))
                {
                    return None;
                }
                let x = self.expr(x, depth + 1)?;
                let keys = self.exprs(keys, depth)?;
                Box::new(move |ev, base| {
                    if let Some(v) = current(&kept, ev) {
                        return Ok(v);
                    }
                    let target = x(ev, base)?;
                    let mut args = Vec::with_capacity(keys.len());
                    for k in &keys {
                        args.push(k(ev, base)?);
                    }
                    let v = ev
                        .access(&target, &mut args)
                        .map_err(|f| located(f, span))?;
                    // (as the tree walk keeps it: a titled resource reference's `[]`
                    // reads the catalog)
                    if let Value::Type(t) = &target {
                        if !matches!(
                            **t,
                            PType::Resource { title: Some(_), .. } | PType::Class(Some(_))
                        ) && matches!(v, Value::Type(_))
                        {
                            keep(&kept, ev, &v);
                        }
                    }
                    Ok(v)
                })
            }
            _ => return None,
        })
    }

    /// A regexp literal (made once; one that does not compile fails each time, reported
    /// as the tree walk reports it).
    pub(super) fn regex(&self, src: &Rc<str>, span: Span) -> Code {
        let src = src.clone();
        let kept: RefCell<Option<Value>> = RefCell::new(None);
        Box::new(move |ev, _| {
            if let Some(v) = &*kept.borrow() {
                return Ok(v.clone());
            }
            let re = ev.regex(&src).map_err(|e| {
                let e = Error {
                    kind: ErrorKind::Failed,
                    ..e
                };
                located(e.into(), span)
            })?;
            let v = Value::Regexp(re);
            *kept.borrow_mut() = Some(v.clone());
            Ok(v)
        })
    }

    /// `a =~ b` (`a !~ b` when `negate`): an instance check when `b` is a type, else the
    /// tree walk's match, which may set the match variables.
    pub(super) fn matching(
        &self,
        negate: bool,
        a: &Expr,
        b: &Expr,
        span: Span,
        depth: usize,
    ) -> Option<Test> {
        let l = self.expr(a, depth + 1)?;
        let r = self.expr(b, depth + 1)?;
        if !is_type_name(b) {
            self.sets_matches.set(true);
        }
        let (op, what) = if negate {
            (BinOp::NotMatch, "a '!~' expression")
        } else {
            (BinOp::Match, "a '=~' expression")
        };
        Some(Box::new(move |ev, base| {
            let l = l(ev, base)?;
            let r = r(ev, base)?;
            if let Value::Type(t) = &r {
                let found = types::is_instance(t, &l);
                stop_if_deferred(what).map_err(|f| located(f, span))?;
                return Ok(found != negate);
            }
            match ev.binary(op, l, r) {
                Ok(v) => Ok(v.is_truthy()),
                Err(f) => Err(located(f, span)),
            }
        }))
    }

    /// `test ? { option => value, ... }`: options compared with the test's value in order
    /// (`default` last), as the tree walk's `case_match`; the match variables an option
    /// sets are given back as they were. A `*` option or a lambda does not compile.
    pub(super) fn selector(
        &self,
        test: &Expr,
        arms: &[SelectorArm],
        span: Span,
        depth: usize,
    ) -> Option<Code> {
        let test = self.expr(test, depth + 1)?;
        let mut options = Vec::with_capacity(arms.len());
        let mut default = None;
        for arm in arms {
            let value = self.expr(&arm.value, depth + 1)?;
            match &arm.option.kind {
                ExprKind::Unary(UnaryOp::Splat, _) | ExprKind::Lambda(_) => return None,
                // (the last `default` counts, as in the tree walk)
                ExprKind::Default => default = Some(value),
                _ => options.push((self.expr(&arm.option, depth + 1)?, value)),
            }
        }
        Some(Box::new(move |ev, base| {
            let saved = ev.matches.clone();
            let r = select(ev, base, &test, &options, default.as_ref());
            ev.matches = saved;
            r.map_err(|f| located(f, span))
        }))
    }
}

fn select(
    ev: &mut Evaluator,
    base: usize,
    test: &Code,
    options: &[(Code, Code)],
    default: Option<&Code>,
) -> EvalResult {
    let value = test(ev, base)?;
    for (option, then) in options {
        let o = option(ev, base)?;
        let found = ev.case_match(&o, &value)?;
        stop_if_deferred(super::matching::SELECTOR)?;
        if found {
            return then(ev, base);
        }
    }
    match default {
        Some(then) => then(ev, base),
        // (the value as the reference's message shows it, Ruby's `to_s`: `(?-mix:a)`,
        // `["a", 1]`)
        None => Err(Flow::from(Error::eval(format!(
            "No matching entry for selector parameter with value '{}'",
            crate::functions::strings::ruby_to_s(&value)
        )))),
    }
}

/// The value kept, when made in the evaluator's current type generation.
fn current(kept: &Kept, ev: &Evaluator) -> Option<Value> {
    match &*kept.borrow() {
        Some((generation, v)) if *generation == ev.type_generation => Some(v.clone()),
        _ => None,
    }
}

fn keep(kept: &Kept, ev: &Evaluator, v: &Value) {
    *kept.borrow_mut() = Some((ev.type_generation, v.clone()));
}
