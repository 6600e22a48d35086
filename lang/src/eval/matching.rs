//! Matching: `=~` / `!~`, `in`, and the option matching of `case` and selectors.

use super::expr::stop_if_deferred;
use super::operators::equals;
use super::{EvalResult, Evaluator, Flow};
use crate::error::Error;
use crate::syntax::ast::*;
use crate::types;
use crate::values::{Regexp, Value};
use std::rc::Rc;

impl Evaluator {
    /// `l =~ r`. A regular expression match sets `$0..$n` when it matches.
    pub fn match_op(&mut self, l: &Value, r: &Value) -> Result<bool, Error> {
        let re = match r {
            Value::Type(t) => return Ok(types::is_instance(t, l)),
            Value::SemVerRange(range) => {
                return Ok(crate::versions::range_matches(range, l).unwrap_or(false));
            }
            Value::Regexp(re) => re.clone(),
            Value::String(s) => {
                let src: Rc<str> = s.clone();
                self.regex(&src).map_err(|e| {
                    Error::eval(format!(
                        "Can not convert right match operand to a regular expression. Caused by '{}'.",
                        e.message
                    ))
                })?
            }
            other => {
                return Err(Error::eval(format!(
                    "Can not convert right match operand to a regular expression. Caused by 'no implicit conversion of {} into String'.",
                    crate::time::coerce::ruby_conversion_name(other)
                )))
            }
        };
        let Value::String(s) = l else {
            return Err(Error::eval(format!(
                "Left match operand must result in a String value. Got {}.",
                crate::describe::a_an(l)
            )));
        };
        self.regex_match(&re, s)
    }

    /// Matches and, on success, sets the match variables.
    /// Fails when the backtracking engine gives up on the pattern.
    pub fn regex_match(&mut self, re: &Regexp, s: &str) -> Result<bool, Error> {
        Ok(match re.captures(s)? {
            Some(caps) => {
                self.matches = Some(Rc::new(caps));
                true
            }
            None => false,
        })
    }

    /// `l in r`, per the table in the spec.
    pub fn in_op(&mut self, l: &Value, r: &Value) -> Result<bool, Error> {
        Ok(match r {
            Value::String(haystack) => match l {
                // Ruby's `downcase` of both (no final-sigma rule: `'Σ' in 'BΣ '`).
                Value::String(needle) => {
                    use crate::functions::strings::downcase_str;
                    downcase_str(haystack).contains(&downcase_str(needle))
                }
                Value::Regexp(re) => self.regex_match(re, haystack)?,
                _ => false,
            },
            Value::Array(items) => array_includes(items, l, &mut |re, s| self.regex_match(re, s))?,
            Value::Hash(h) => {
                let keys = Value::array(h.keys().cloned().collect());
                return self.in_op(l, &keys);
            }
            Value::SemVerRange(range) => crate::versions::range_matches(range, l).unwrap_or(false),
            _ => false,
        })
    }

    /// Whether a case/selector option value matches the tested value.
    pub fn case_match(&mut self, option: &Value, value: &Value) -> Result<bool, Error> {
        option_matches_value(option, value, &mut |re, s| self.regex_match(re, s))
    }

    /// Whether one option expression matches; splats test each unfolded value, lambdas are
    /// called with the value.
    fn option_matches(&mut self, option: &Expr, value: &Value) -> EvalResult<bool> {
        match &option.kind {
            ExprKind::Unary(UnaryOp::Splat, inner) => {
                let v = self.eval(inner)?;
                let mut opts = Vec::new();
                if !v.is_undef() {
                    self.unfold_into(v, &mut opts)?;
                }
                for o in opts {
                    if self.case_match(&o, value)? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
            ExprKind::Lambda(l) => {
                let closure = self.closure(l);
                let args = match value {
                    Value::Array(a) => a.to_vec(),
                    other => vec![other.clone()],
                };
                Ok(self.call_closure(&closure, &args)?.is_truthy())
            }
            _ => {
                let o = self.eval(option)?;
                Ok(self.case_match(&o, value)?)
            }
        }
    }

    pub fn eval_case(&mut self, test: &Expr, arms: &[CaseArm]) -> EvalResult {
        let saved = self.matches.clone();
        let result = self.eval_case_inner(test, arms);
        self.matches = saved;
        result
    }

    fn eval_case_inner(&mut self, test: &Expr, arms: &[CaseArm]) -> EvalResult {
        let value = self.eval(test)?;
        let mut default_arm = None;
        for arm in arms {
            for option in &arm.options {
                if matches!(option.kind, ExprKind::Default) {
                    default_arm = Some(arm);
                    continue;
                }
                let found = self.option_matches(option, &value)?;
                stop_if_deferred("a 'case' statement")?;
                if found {
                    return self.eval_block(&arm.body);
                }
            }
        }
        match default_arm {
            Some(arm) => self.eval_block(&arm.body),
            None => Ok(Value::Undef),
        }
    }

    pub fn eval_selector(&mut self, test: &Expr, arms: &[SelectorArm]) -> EvalResult {
        let saved = self.matches.clone();
        let result = self.eval_selector_inner(test, arms);
        self.matches = saved;
        result
    }

    fn eval_selector_inner(&mut self, test: &Expr, arms: &[SelectorArm]) -> EvalResult {
        let value = self.eval(test)?;
        let mut default_arm = None;
        for arm in arms {
            if matches!(arm.option.kind, ExprKind::Default) {
                default_arm = Some(arm);
                continue;
            }
            let found = self.option_matches(&arm.option, &value)?;
            stop_if_deferred(SELECTOR)?;
            if found {
                return self.eval(&arm.value);
            }
        }
        match default_arm {
            Some(arm) => self.eval(&arm.value),
            // (the value as the reference's message shows it, Ruby's `to_s`: `(?-mix:a)`,
            // `["a", 1]`)
            None => Err(Flow::from(Error::eval(format!(
                "No matching entry for selector parameter with value '{}'",
                crate::functions::strings::ruby_to_s(&value)
            )))),
        }
    }
}

/// How the reference names a selector in its errors.
pub(super) const SELECTOR: &str = "a Selector Expression";

/// Matches a regexp against a text (setting the match variables or not).
pub(crate) type RegexMatcher<'a> = dyn FnMut(&Regexp, &str) -> Result<bool, Error> + 'a;

/// Whether array `items` includes `l` as the reference's `in` (`include_Array`) has it: a
/// string or version is matched by each element as by a case option (`'a' in [String]`,
/// `'a' in [/a/]`, `SemVer('1.0.0') in [SemVerRange('1.x')]`), a regexp matches the
/// strings, a type holds an instance, anything else is equal to an element. A collector's
/// `==` on an array parameter is this too (`message == '10'` collects a notify whose
/// message holds `String[1]`).
pub(crate) fn array_includes(
    items: &[Value],
    l: &Value,
    regex: &mut RegexMatcher<'_>,
) -> Result<bool, Error> {
    Ok(match l {
        Value::Type(t) => items.iter().any(|v| types::is_instance(t, v)),
        Value::String(_) | Value::SemVer(_) => {
            for v in items {
                if option_matches_value(v, l, regex)? {
                    return Ok(true);
                }
            }
            false
        }
        Value::Regexp(re) => {
            for v in items {
                if let Value::String(s) = v {
                    if regex(re, s)? {
                        return Ok(true);
                    }
                }
            }
            false
        }
        _ => items.iter().any(|v| equals(l, v)),
    })
}

/// Whether a case/selector option value matches `value` (the reference's `match`).
pub(crate) fn option_matches_value(
    option: &Value,
    value: &Value,
    regex: &mut RegexMatcher<'_>,
) -> Result<bool, Error> {
    Ok(match option {
        Value::Regexp(re) => match value {
            Value::String(s) => regex(re, s)?,
            _ => false,
        },
        Value::Type(t) => types::is_instance(t, value),
        Value::SemVerRange(range) => match value {
            Value::SemVer(_) | Value::String(_) => {
                crate::versions::range_matches(range, value).unwrap_or(false)
            }
            _ => false,
        },
        Value::Array(opts) => match value {
            Value::Array(vals) if vals.len() == opts.len() => {
                for (o, v) in opts.iter().zip(vals.iter()) {
                    if !matches!(o, Value::Default) && !option_matches_value(o, v, regex)? {
                        return Ok(false);
                    }
                }
                true
            }
            _ => false,
        },
        Value::Hash(opts) => match value {
            Value::Hash(vals) => {
                for (k, o) in opts.iter() {
                    match vals.get(k) {
                        Some(v) => {
                            if !matches!(o, Value::Default) && !option_matches_value(o, v, regex)? {
                                return Ok(false);
                            }
                        }
                        // A missing key is undef, which only a nested `default` matches.
                        None if matches!(o, Value::Default) => {}
                        None => return Ok(false),
                    }
                }
                true
            }
            _ => false,
        },
        // (the reference's `match_Symbol`: `default` matches anything)
        Value::Default => true,
        // (`match_Version`: a version, or a string that parses as one, equal to it)
        Value::SemVer(v) => match value {
            Value::SemVer(x) => v == x,
            Value::String(s) => crate::versions::parse_version(s).is_some_and(|x| **v == x),
            _ => false,
        },
        _ => equals(option, value),
    })
}
