//! The `[]` operator on values: arrays, hashes, strings and types.

use super::{EvalResult, Evaluator};
use crate::error::Error;
use crate::syntax::ast::{Expr, ExprKind, UnaryOp};
use crate::types::{self, PType};
use crate::values::Value;
use std::rc::Rc;

impl Evaluator {
    /// `x[keys]`. A type with constant arguments (`Hash[String, Variant[String,
    /// Integer]]` in a lambda) is built once per program: the result is kept in the type
    /// cache of the node.
    pub(super) fn eval_access(&mut self, e: &Expr, x: &Expr, keys: &[Expr]) -> EvalResult {
        let type_like = matches!(
            x.kind,
            ExprKind::QualifiedReference(_) | ExprKind::Access(..)
        );
        let one = match keys {
            [key] if !matches!(key.kind, ExprKind::Unary(UnaryOp::Splat, _)) => Some(key),
            _ => None,
        };
        if let (Some(key), false) = (one, type_like) {
            return self.access_one(x, key);
        }
        if type_like {
            if let Some(t) = self.cached_type(e) {
                return Ok(Value::Type(t));
            }
        }
        let target = self.eval(x)?;
        // Only a type is kept in the cache (see `cached` below).
        if let (Some(key), false) = (one, matches!(target, Value::Type(_))) {
            let key = self.eval(key)?;
            return self.access_by(target, key);
        }
        let mut args = self.eval_list(keys)?;
        // A type with constant arguments is kept. A titled resource reference's `[]` reads
        // the catalog: not constant. (An argument whose type is cached is constant: nested
        // types are not walked again at each level.)
        let cached = type_like
            && matches!(&target, Value::Type(base) if !matches!(
                &**base,
                PType::Resource { title: Some(_), .. } | PType::Class(Some(_))
            ))
            && super::call::is_constant(x)
            && keys
                .iter()
                .all(|k| self.cached_type(k).is_some() || super::call::is_constant(k));
        if cached {
            // The arguments' types become part of this one and are never looked up again
            // (this node's type is found first). Dropping them now lets `[]` take them
            // over instead of copying them: a nested type (`Array[Array[...]]`) is built in
            // linear time and memory, not a copy for each level.
            for k in keys {
                self.type_cache.remove(&(k as *const Expr as usize));
            }
        }
        let value = self.access(&target, &mut args)?;
        if let (true, Value::Type(t)) = (cached, &value) {
            self.cache_type(e, t);
        }
        Ok(value)
    }

    /// `x[key]` of one key (no splat) on a value that is not a type name: an array's
    /// element or a hash's value is read without the argument list of the general case.
    fn access_one(&mut self, x: &Expr, key: &Expr) -> EvalResult {
        let target = self.eval(x)?;
        let key = self.eval(key)?;
        self.access_by(target, key)
    }

    /// `target[key]` of one key (see [`Evaluator::access`]).
    #[inline]
    pub(super) fn access_by(&mut self, target: Value, key: Value) -> EvalResult {
        match element(&target, &key) {
            Some(v) => Ok(v),
            None => self.access(&target, &mut [key]),
        }
    }

    /// Keeps the type of the constant type expression `e` for its next evaluation in this
    /// input. (Only nodes of the input's trees come here: types written as text are read
    /// without the evaluator, see `types::type_text`.)
    pub(crate) fn cache_type(&mut self, e: &Expr, t: &Rc<PType>) {
        let key = e as *const Expr as usize;
        self.type_cache.insert(key, (e.span, t.clone()));
    }

    /// The type a node evaluated to before in this program, when it is constant.
    pub(crate) fn cached_type(&self, e: &Expr) -> Option<Rc<PType>> {
        let key = e as *const Expr as usize;
        self.type_cache
            .get(&key)
            .filter(|(span, _)| *span == e.span)
            .map(|(_, t)| t.clone())
    }

    pub fn access(&mut self, target: &Value, keys: &mut [Value]) -> EvalResult {
        if let (Value::Type(t), [_, ..]) = (target, &*keys) {
            if let Some(r) = self.resource_attributes(t, keys) {
                return Ok(r?);
            }
        }
        Ok(match target {
            Value::Array(a) => {
                let (start, count) = self.array_index(keys)?;
                match count {
                    None => normalize(start, a.len())
                        .and_then(|i| a.get(i))
                        .cloned()
                        .unwrap_or(Value::Undef),
                    Some(count) => {
                        let (from, to) = range(start, count, a.len());
                        Value::array(a[from..to].to_vec())
                    }
                }
            }
            Value::Hash(h) => {
                if keys.len() == 1 {
                    h.get(&keys[0]).cloned().unwrap_or(Value::Undef)
                } else {
                    Value::array(
                        keys.iter()
                            .filter_map(|k| h.get(k))
                            .filter(|v| !v.is_undef())
                            .cloned()
                            .collect(),
                    )
                }
            }
            Value::String(s) => {
                let (start, count) = index_args("String", keys, string_index)?;
                let (from, to) = range(start, count.unwrap_or(1), char_count(s));
                let (a, b) = char_span(s, from, to);
                crate::limits::reserve(b - a)?;
                Value::String(s[a..b].into())
            }
            Value::Type(t) => match types::empty_specialization(t, keys) {
                Some(v) => {
                    self.log(
                        crate::LogLevel::Warning,
                        "Arguments to Resource[] are all empty/undefined",
                    );
                    v
                }
                // (a type alias's definition is read as the reference's type parser reads
                // it, which does not flatten the arguments)
                None if self.in_type_alias => types::parameterize_as_written(t, keys)?,
                None => types::parameterize(t, keys)?,
            },
            other => {
                return Err(Error::eval(format!(
                    "Operator '[]' is not applicable to {}.",
                    crate::describe::a_an(other)
                ))
                .into())
            }
        })
    }

    /// The index (and count) of an Array access: one or two keys, each converted to a
    /// number (both before either is checked, as the reference does) and then an Integer.
    fn array_index(&mut self, keys: &[Value]) -> Result<(i64, Option<i64>), Error> {
        match keys {
            [i] => Ok((integer_key(&self.numeric_key(i)?)?, None)),
            [i, c] => {
                let (i, c) = (self.numeric_key(i)?, self.numeric_key(c)?);
                Ok((integer_key(&i)?, Some(integer_key(&c)?)))
            }
            _ => index_args("Array", keys, integer_key),
        }
    }
}

/// A numeric key of an Array access that is no Integer (a Float, a Timespan, a SemVer) is
/// named by its type.
fn integer_key(v: &Value) -> Result<i64, Error> {
    match v {
        Value::Integer(i) => Ok(*i),
        other => Err(Error::eval(format!(
            "An Array[] cannot use {} where Integer is expected",
            crate::describe::simple_label(other)
        ))),
    }
}

/// Checks the key count (one or two) and converts the keys to (start, optional count).
fn index_args(
    what: &str,
    keys: &[Value],
    mut to_int: impl FnMut(&Value) -> Result<i64, Error>,
) -> Result<(i64, Option<i64>), Error> {
    match keys {
        [i] => Ok((to_int(i)?, None)),
        [i, c] => Ok((to_int(i)?, Some(to_int(c)?))),
        _ => Err(Error::eval(format!(
            "{what} supports [] with one or two arguments. Got {}",
            keys.len()
        ))),
    }
}

/// An index for a String access: an Integer, or a string holding one.
fn string_index(v: &Value) -> Result<i64, Error> {
    match v {
        Value::Integer(i) => Ok(*i),
        Value::String(s) if s.trim().parse::<i64>().is_ok() => Ok(s.trim().parse().unwrap_or(0)),
        other => {
            let what = match other {
                Value::Undef => "an Undef".to_string(),
                _ => crate::describe::a_an(other),
            };
            Err(Error::eval(format!(
                "A substring operation does not accept {what} as a character index. Expected an Integer"
            )))
        }
    }
}

/// A single index: negative counts from the end; `None` when out of range.
/// `target[key]` of one key when it is an array's element or a hash's value, read where
/// they are (`None`: any other `[]`, made by [`Evaluator::access`]).
#[inline]
pub(super) fn element(target: &Value, key: &Value) -> Option<Value> {
    match (target, key) {
        (Value::Array(a), Value::Integer(i)) => Some(
            normalize(*i, a.len())
                .and_then(|i| a.get(i))
                .cloned()
                .unwrap_or(Value::Undef),
        ),
        (Value::Hash(h), _) => Some(h.get(key).cloned().unwrap_or(Value::Undef)),
        _ => None,
    }
}

fn normalize(i: i64, len: usize) -> Option<usize> {
    let i = if i < 0 { len as i64 + i } else { i };
    (0..len as i64).contains(&i).then_some(i as usize)
}

/// The number of characters in `s`.
fn char_count(s: &str) -> usize {
    if s.is_ascii() {
        s.len()
    } else {
        s.chars().count()
    }
}

/// The byte range of the characters `from..to` of `s` (`from <= to <=` its characters),
/// found without a copy of its characters (a `Vec<char>` was four times the string).
fn char_span(s: &str, from: usize, to: usize) -> (usize, usize) {
    if s.is_ascii() {
        return (from, to);
    }
    let mut starts = s.char_indices().map(|(i, _)| i).chain([s.len()]);
    let a = starts.nth(from).unwrap_or(s.len());
    let b = match to - from {
        0 => a,
        n => starts.nth(n - 1).unwrap_or(s.len()),
    };
    (a, b)
}

/// The element range `[from, to)` selected by a start index and a count (a negative count
/// is an end position counted from the end, inclusive).
fn range(start: i64, count: i64, len: usize) -> (usize, usize) {
    let len = len as i64;
    let start = if start < 0 { len + start } else { start };
    let end = if count < 0 {
        len + count + 1
    } else {
        start.saturating_add(count)
    };
    let from = start.clamp(0, len);
    let to = end.clamp(0, len);
    if to <= from || start >= len {
        (0, 0)
    } else {
        (from as usize, to as usize)
    }
}

#[cfg(test)]
mod tests {
    /// Constant type expressions evaluated again (their type is cached per node), with the
    /// reference's answers.
    const CASES: &[(&str, &str)] = &[
        (
            "$f = [1, 2].map |$i| { Hash[String, Variant[String, Integer]] } \
             [$f, {a => 1} =~ Hash[String, Variant[String, Integer]], $f[0] == $f[1]]",
            "[[Hash[String, Variant[String, Integer]], Hash[String, Variant[String, Integer]]], true, true]",
        ),
        (
            "[1, 2, 'x'].map |$v| { $v =~ Integer[1, 1] }",
            "[true, false, false]",
        ),
        // Not constant: the arguments change from call to call.
        (
            "[1, 2].map |$n| { Integer[$n, 5] }",
            "[Integer[1, 5], Integer[2, 5]]",
        ),
        // A resource's attribute read through its reference is not a type to keep.
        (
            "notify { a: message => Integer } notify { b: message => String } \
             ['a', 'b'].map |$t| { [Notify[a][message], Notify[$t][message]] }",
            "[[Integer, Integer], [Integer, String]]",
        ),
        // Types written as strings: each text is a tree of its own, dropped at once, whose
        // nodes the next text's take the addresses (and spans) of; none is kept (they are
        // read without the evaluator). A text reads no variable.
        (
            "Integer[1, 9].map |$i| { [Type(\"Integer[${i}]\"), assert_type(\"Integer[${i}]\", $i)] }",
            "[[Integer[1], 1], [Integer[2], 2], [Integer[3], 3], [Integer[4], 4], [Integer[5], 5], \
             [Integer[6], 6], [Integer[7], 7], [Integer[8], 8], [Integer[9], 9]]",
        ),
        (
            "$n = 1 [Type('Integer[$n]'), Type('Integer[2]'), Type('Integer[3]')]",
            "Error while evaluating a Function Call, The expression <$n> is not a valid type specification.",
        ),
        (
            "[Type('Integer[1]'), Type('Integer[2]'), Type('Integer[3]')]",
            "[Integer[1], Integer[2], Integer[3]]",
        ),
        // Type names in code are read in any case (the reference's answers).
        (
            "notify { x: } [INTEGER, OPTIONAL[STRING], Hash[STRING, DATA], TYPE[SEMVER], \
             NOTIFY[x], Notify == NOTIFY, String(NOTIFY)]",
            "[Integer, Optional[String], Hash[String, Data], Type[SemVer], Notify['x'], true, 'Notify']",
        ),
        (
            "define foo::bar {} [FOO::BAR, Resource[NOTIFY]]",
            "[Foo::Bar, Notify]",
        ),
        // A type is equal to itself as a hash key (`Binary` was not; the reference's answer).
        (
            "[{Binary => 1}[Binary], {Binary => 1, Binary => 2}, [Binary, Binary].unique]",
            "[1, {Binary => 2}, [Binary]]",
        ),
    ];

    /// A type written as a string is a tree dropped at once: the next text's nodes may take
    /// its addresses and spans (`Type("Integer[${i}]")` in an iteration), so none of its
    /// types may be kept by node (none is: texts are read without the evaluator).
    #[test]
    fn types_of_texts_are_not_kept_by_node() {
        let mut s = crate::Session::new();
        let ev = &mut s.evaluator;
        for text in [
            "Array[Integer[1]]",
            "Optional[Enum[a, b]]",
            "Struct[{a => String}]",
        ] {
            ev.type_from_text(text).unwrap();
            assert!(ev.type_cache.is_empty(), "{text}");
        }
    }

    #[test]
    fn constant_types_evaluated_again() {
        for (src, expected) in CASES {
            assert_eq!(
                crate::test_support::value_or_message(src),
                *expected,
                "{src}"
            );
        }
    }

    #[test]
    fn string_slices_by_characters() {
        for (src, expected) in [
            ("'héllo wörld'[1, 4]", "'éllo'"),
            ("'héllo wörld'[-5, -2]", "'wörl'"),
            ("'héllo wörld'[7, 0]", "''"),
            ("'héllo'[4, 9]", "'o'"),
            ("'héllo'[9]", "''"),
            ("'héllo'[1]", "'é'"),
            ("'hello'[1, -2]", "'ell'"),
            ("'日本語'[2]", "'語'"),
        ] {
            assert_eq!(
                crate::test_support::value_or_message(src),
                expected,
                "{src}"
            );
        }
    }
}
