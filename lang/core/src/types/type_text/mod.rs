//! Types written as text: `Type('Integer[1, 2]')`, `Type.new('...')`,
//! `assert_type('Array[String]', $v)`, the string types of a Ruby function's `dispatch`
//! (`param 'Enum[a, b]', :x`) and local types, Hiera's `convert_to`.
//!
//! The reference does not evaluate such a text: its TypeParser reads the parsed expression
//! and interprets only type names, `[]` on a type name, literals (numbers, strings, bare words,
//! regexps, booleans, `default`, `undef`), arrays, hashes, heredocs and unary minus; anything
//! else (a variable, an operator, a call, an interpolated string) is "not a valid type
//! specification", named by its text. Each type checks its parameters by rules of its own,
//! with its own messages ("Invalid number of type parameters specified: ...", "Not a
//! parameterized type <Any>"), and a name that denotes no type is a `TypeReference`, not an
//! error. This module reads the text the same way: no evaluator, no variables, no calls, no
//! node of the text kept anywhere (the tree is dropped when the type is made).
//!
//! Names other than the built-in ones (aliases, resource types, Pcore objects) are asked of
//! the caller's `names` (the session's: what a type name in code resolves to, loading a
//! module's alias or type on first use); `None` makes a `TypeReference`.

mod params;
#[cfg(test)]
mod tests;

use crate::error::{Error, ErrorKind};
use crate::syntax::ast::{Expr, ExprKind, UnaryOp};
use crate::types::{IntRange, PType};
use std::rc::Rc;

/// The type `text` denotes, read as the reference's TypeParser reads it. `names` gives the
/// type a name that is no built-in type name denotes (`None`: no type, a `TypeReference`).
pub fn parse_type_text(
    text: &str,
    mut names: impl FnMut(&str) -> Result<Option<PType>, Error>,
) -> Result<PType, Error> {
    // The reference's table of common types answers these texts before parsing; only this
    // one reads otherwise (`Array[1]` is a size, where `[]` wants a type first).
    if text == "Array[1]" {
        return Ok(PType::Array(
            Box::new(PType::Any),
            IntRange::new(1, i64::MAX),
        ));
    }
    let mut program = crate::syntax::parser::parse_program(text).map_err(syntax_error)?;
    // (an integer out of range: what validation reports in code)
    if !program.literal_errors.is_empty() {
        let e = program.literal_errors.swap_remove(0);
        return Err(Error::eval(e.message));
    }
    let mut reader = Reader {
        text,
        names: &mut names,
    };
    match program.body.as_slice() {
        [] => Err(invalid_text("")),
        [e] => match reader.param(e)? {
            Param::Type(t) => Ok(t),
            _ => Err(reader.invalid(e)),
        },
        // Several expressions are one block to the reference, which is no type.
        [first, .., last] => Err(invalid_text(
            text.get(first.span.start as usize..last.span.end as usize)
                .unwrap_or(text),
        )),
    }
}

/// A syntax error in the text: at a position, the parser's error as it is (the reference
/// lets it through without "Error while evaluating ..."); at the end of the input or in a
/// regexp, an evaluation error (the reference's has no position, and is wrapped as one).
fn syntax_error(e: Error) -> Error {
    // (a regexp Ruby cannot compile, which the lexer refuses, is raised inside the call too)
    if e.is_bad_regexp() || e.kind == ErrorKind::Incomplete && e.message.contains("at end of input")
    {
        Error::eval(e.message)
    } else {
        Error::new(ErrorKind::Syntax, e.message)
    }
}

/// Whether the expression `e` of `text` (a type alias's definition, `type X = ...`) is one
/// the reference's TypeParser reads: only type names, `[]` on a type name, literals, arrays,
/// hashes, heredocs and a negated number; else the error naming the first part that is not
/// (`type X = Integer[1+1]`: "The expression <1+1> is not a valid type specification."),
/// located at that part. Nothing is evaluated or resolved.
pub fn check_type_expression(text: &str, e: &Expr) -> Result<(), Error> {
    crate::limits::deep(|| check_here(text, e))
}

fn check_here(text: &str, e: &Expr) -> Result<(), Error> {
    let invalid = |e: &Expr| Err(invalid_text(expression_text(text, e)).at(e.span));
    match &e.kind {
        ExprKind::QualifiedReference(_)
        | ExprKind::QualifiedName(_)
        | ExprKind::String(_)
        | ExprKind::Integer(_)
        | ExprKind::Float(_)
        | ExprKind::Boolean(_)
        | ExprKind::Default
        | ExprKind::Undef
        | ExprKind::Regex(_) => Ok(()),
        ExprKind::Heredoc { text: inner, .. } => check_type_expression(text, inner),
        ExprKind::Access(base, keys) => {
            for k in keys {
                check_type_expression(text, k)?;
            }
            match &base.kind {
                ExprKind::QualifiedReference(_) => Ok(()),
                _ => invalid(e),
            }
        }
        ExprKind::Array(items, _) => items
            .iter()
            .try_for_each(|item| check_type_expression(text, item)),
        ExprKind::Hash(entries, _) => entries.iter().try_for_each(|(k, v)| {
            check_type_expression(text, k)?;
            check_type_expression(text, v)
        }),
        ExprKind::Unary(UnaryOp::Neg, x) => {
            check_type_expression(text, x)?;
            match &x.kind {
                ExprKind::Integer(_) | ExprKind::Float(_) => Ok(()),
                _ => invalid(e),
            }
        }
        _ => invalid(e),
    }
}

/// The text of `e` as the reference names it in messages (its locator's extent of the
/// node: a parenthesized expression ends where its inner one ends).
fn expression_text<'t>(text: &'t str, e: &Expr) -> &'t str {
    let mut end = e.span.end;
    if let ExprKind::Paren(inner) = &e.kind {
        end = inner.span.end;
    }
    text.get(e.span.start as usize..end as usize)
        .unwrap_or_default()
}

fn invalid_text(text: &str) -> Error {
    Error::eval(format!(
        "The expression <{text}> is not a valid type specification."
    ))
}

/// What a part of the text reads as: the reference's Ruby values of its TypeParser.
#[derive(Debug, Clone)]
enum Param {
    Type(PType),
    Str(Rc<str>),
    Int(i64),
    Float(f64),
    Bool(bool),
    Default,
    /// `undef`, and what a type with parameters it cannot read gives (`Integer['a']`): the
    /// type around it reports the error, naming itself.
    Nil,
    Regex(Rc<str>),
    List(Vec<Param>),
    Hash(Vec<(Param, Param)>),
}

struct Reader<'a, F> {
    text: &'a str,
    names: &'a mut F,
}

impl<F: FnMut(&str) -> Result<Option<PType>, Error>> Reader<'_, F> {
    fn param(&mut self, e: &Expr) -> Result<Param, Error> {
        crate::limits::deep(|| self.param_here(e))
    }

    fn param_here(&mut self, e: &Expr) -> Result<Param, Error> {
        Ok(match &e.kind {
            ExprKind::QualifiedReference(name) => Param::Type(self.named(name)?),
            ExprKind::Access(base, keys) => {
                // The parameters first: an invalid one is reported before the base is looked
                // at.
                let mut params = Vec::with_capacity(keys.len());
                for k in keys {
                    params.push(self.param(k)?);
                }
                let ExprKind::QualifiedReference(name) = &base.kind else {
                    return Err(self.invalid(e));
                };
                params::parameterized(self, e, base, name, params)?
            }
            ExprKind::QualifiedName(word) => Param::Str(word.clone()),
            ExprKind::String(s) => Param::Str(s.clone()),
            ExprKind::Heredoc { text, .. } => self.param(text)?,
            ExprKind::Integer(i) => Param::Int(*i),
            ExprKind::Float(f) => Param::Float(*f),
            ExprKind::Boolean(b) => Param::Bool(*b),
            ExprKind::Default => Param::Default,
            ExprKind::Undef => Param::Nil,
            ExprKind::Regex(source) => Param::Regex(source.clone()),
            ExprKind::Array(items, _) => {
                let mut out = Vec::with_capacity(items.len());
                for item in items {
                    out.push(self.param(item)?);
                }
                Param::List(out)
            }
            ExprKind::Hash(entries, _) => {
                let mut out = Vec::with_capacity(entries.len());
                for (k, v) in entries {
                    let k = self.param(k)?;
                    out.push((k, self.param(v)?));
                }
                Param::Hash(out)
            }
            ExprKind::Unary(UnaryOp::Neg, x) => match self.param(x)? {
                Param::Int(i) if i != i64::MIN => Param::Int(-i),
                Param::Float(f) => Param::Float(-f),
                _ => return Err(self.invalid(e)),
            },
            _ => return Err(self.invalid(e)),
        })
    }

    /// The type a name denotes: a built-in type (any case: `INTEGER`), else the caller's,
    /// else a reference to the name as written.
    fn named(&mut self, written: &Rc<str>) -> Result<PType, Error> {
        let bare = written.strip_prefix("::").unwrap_or(written);
        if let Some(t) = crate::types::names::by_name_any_case(bare) {
            return Ok(t);
        }
        Ok(match (self.names)(bare)? {
            Some(t) => t,
            None => PType::TypeReference(written.clone()),
        })
    }

    fn text_of(&self, e: &Expr) -> &str {
        expression_text(self.text, e)
    }

    fn invalid(&self, e: &Expr) -> Error {
        invalid_text(self.text_of(e))
    }
}
