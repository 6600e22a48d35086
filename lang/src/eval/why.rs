//! `:why EXPR` (REPL) and `%why EXPR` (kernel): the explanation of one type question, `VALUE =~
//! TYPE` (or `!~`), or a comparison of two types (`<`, `<=`, `>`, `>=`, `==`, `!=`). The two
//! operands are evaluated in the session, each as an input of its own.
use super::session::Session;
use crate::error::{Error, ErrorKind};
use crate::syntax::ast::{BinOp, ExprKind};
use crate::types::{explain_comparison, explain_instance, Comparison, Explanation};
use crate::values::Value;

pub const USAGE: &str = "Usage: why VALUE =~ TYPE | TYPE < TYPE (also !~, <=, >, >=, ==, !=)";

impl Session {
    /// Explains `VALUE =~ TYPE` or `TYPE1 OP TYPE2`.
    pub fn why(&mut self, text: &str) -> Result<Explanation, Error> {
        let usage = || Error::new(ErrorKind::Failed, USAGE);
        let program = crate::syntax::parse(text)?;
        let [expr] = program.body.as_slice() else {
            return Err(usage());
        };
        let ExprKind::Binary(op, left, right) = &expr.kind else {
            return Err(usage());
        };
        let slice = |e: &crate::syntax::ast::Expr| {
            text.get(e.span.start as usize..e.span.end as usize)
                .unwrap_or_default()
                .to_string()
        };
        let (left_text, right_text) = (slice(left), slice(right));
        let comparison = match op {
            BinOp::Match | BinOp::NotMatch => None,
            BinOp::Lt => Some(Comparison::Lt),
            BinOp::Le => Some(Comparison::Le),
            BinOp::Gt => Some(Comparison::Gt),
            BinOp::Ge => Some(Comparison::Ge),
            BinOp::Eq => Some(Comparison::Eq),
            BinOp::Ne => Some(Comparison::Ne),
            _ => return Err(usage()),
        };
        let a = self.eval_named("why", &left_text)?;
        let b = self.eval_named("why", &right_text)?;
        let not_a_type = |side: &str, v: &Value| {
            Error::new(
                ErrorKind::Failed,
                format!(
                    "{side} is {}, not a type: why explains =~ with a type on the right, and compares types",
                    crate::describe::a_an(v)
                ),
            )
        };
        match comparison {
            None => {
                let Value::Type(t) = &b else {
                    return Err(not_a_type(&right_text, &b));
                };
                let mut e = explain_instance(t, &a);
                if *op == BinOp::NotMatch {
                    e.holds = !e.holds;
                }
                Ok(e)
            }
            Some(c) => {
                let Value::Type(ta) = &a else {
                    return Err(not_a_type(&left_text, &a));
                };
                let Value::Type(tb) = &b else {
                    return Err(not_a_type(&right_text, &b));
                };
                Ok(explain_comparison(ta, c, tb))
            }
        }
    }
}
