//! Binding the parameter hash to a template's parameters (or, without a parameter tag, to
//! variables), with the reference's messages.

use super::{lambda_of, lambda_problems, parameter_mismatches};
use crate::error::Error;
use crate::eval::scope::RESERVED;
use crate::eval::{EvalResult, Evaluator};
use crate::syntax::ast::Param;
use crate::syntax::epp::{LambdaParam, TemplateSource};
use crate::types;
use crate::values::Value;
use std::rc::Rc;

/// `Attempt to assign to a reserved variable name: 'trusted'`
fn reserved(name: &str) -> Error {
    Error::eval(format!(
        "Attempt to assign to a reserved variable name: '{name}'"
    ))
}

/// The reference's wording for a string key that is not a word (`'n x'`); other mismatches
/// of the parameter hash are left to the signature check.
pub(super) fn check_keys(function: &str, args: &[Value]) -> Result<(), Error> {
    let Some(Value::Hash(h)) = args.get(1) else {
        return Ok(());
    };
    let is_word =
        |k: &str| !k.is_empty() && k.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_');
    if h.keys().any(|k| k.as_str().is_none()) || args.len() > 2 {
        return Ok(());
    }
    match h.keys().filter_map(Value::as_str).find(|k| !is_word(k)) {
        Some(k) => Err(Error::eval(format!(
            "'{function}' parameter 'parameters' key of entry '{k}' expects a match for Pattern[/^\\w+$/], got '{k}'"
        ))),
        None => Ok(()),
    }
}

/// Whether `args` (and no lambda) are what the signature `String $template,
/// Hash[Pattern[/^\w+$/], Any] $parameters?` accepts for certain: a string, and perhaps a
/// hash whose keys are all words. (The signature's general check took about 1,000
/// instructions a call, for a template rendered per element of a loop.)
pub(super) fn plainly_accepted(args: &[Value], block: bool) -> bool {
    let is_word =
        |k: &str| !k.is_empty() && k.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_');
    !block
        && match args {
            [Value::String(_)] => true,
            [Value::String(_), Value::Hash(h)] => h.keys().all(|k| k.as_str().is_some_and(is_word)),
            _ => false,
        }
}

/// Parameters from the hash when the template declares none: each entry is a variable.
pub(super) fn bind_undeclared(
    src: &TemplateSource,
    given: Vec<(Rc<str>, Value)>,
) -> EvalResult<(Vec<LambdaParam>, Vec<Value>)> {
    let text = src.text;
    let mut params = Vec::with_capacity(given.len());
    let mut values = Vec::with_capacity(given.len());
    for (name, value) in given {
        if RESERVED.contains(&&*name) {
            return Err(reserved(&name).into());
        }
        if name.bytes().all(|c| c.is_ascii_digit()) {
            return Err(Error::eval(format!(
                "Cannot assign to a numeric match result variable '${name}'"
            ))
            .into());
        }
        if !name.starts_with(|c: char| c.is_ascii_lowercase() || c == '_') {
            let message = format!(
                "Illegal variable name, The given name '{name}' does not conform to the naming rule /^((::)?[a-z]\\w*)*((::)?[a-z_]\\w*)$/"
            );
            let at = text.find(&format!("${name}"));
            return Err(src.invalid(&message, at).into());
        }
        params.push(LambdaParam {
            name: name.to_string(),
            default: None,
            check_type: None,
            declared: params.len(),
            at: None,
        });
        values.push(value);
    }
    Ok((params, values))
}

/// Binds the given values to the declared parameters: unknown names, missing values and
/// type mismatches are reported together, as the reference does. The lambda declares the
/// given parameters first (without defaults), then the defaulted ones.
pub(super) fn bind_declared(
    ev: &mut Evaluator,
    src: &TemplateSource,
    (start, end): (usize, usize),
    given: Vec<(Rc<str>, Value)>,
) -> EvalResult<(Vec<LambdaParam>, Vec<Value>)> {
    let text = src.text;
    const PREFIX: &str = "epp_params() ";
    let generated = format!("{PREFIX}{} {{}}", &text[start..end]);
    let to_template = |offset: u32| (offset as usize).saturating_sub(PREFIX.len()) + start;
    let program = crate::syntax::parser::parse_program(&generated).map_err(|e| {
        let at = e.span.map(|s| to_template(s.start));
        src.invalid(&e.message, at)
    })?;
    let lambda = lambda_of(&program).ok_or_else(|| {
        src.invalid(
            &format!("Syntax error at '{}'", &text[start..start + 1]),
            Some(start),
        )
    })?;
    let declared: &[Param] = &lambda.params;
    if let Some(p) = declared.iter().find(|p| p.captures_rest) {
        let message = format!(
            "Parameter ${} has 'captures rest' - not supported in an Epp Template",
            p.name
        );
        return Err(src
            .invalid(&message, Some(to_template(p.span.start) + 1))
            .into());
    }
    for (k, p) in declared.iter().enumerate() {
        if declared[..k].iter().any(|q| q.name == p.name) {
            let start = to_template(p.span.start);
            let at = text[start..].find('$').map_or(start, |d| start + d);
            let message = format!(
                "The parameter '{}' is declared more than once in the parameter list",
                p.name
            );
            return Err(src.invalid(&message, Some(at)).into());
        }
        if RESERVED.contains(&&*p.name) {
            return Err(reserved(&p.name).into());
        }
    }
    let range = |s: crate::syntax::ast::Span| (to_template(s.start), to_template(s.end));
    // (where a parameter's `$` is in the template)
    let dollar = |p: &Param| {
        let start = to_template(p.span.start);
        text.get(start..)?.find('$').map(|d| start + d)
    };
    let mut problems = Vec::new();
    let mut type_problems = Vec::new();
    for (name, _) in &given {
        if !declared.iter().any(|p| *p.name == **name) {
            problems.push(format!("has no parameter named '{name}'"));
        }
    }
    // The given values' types matter here only when something else is wrong (see below):
    // else the body checks them (the hosts of a large template were checked twice).
    let reported = !problems.is_empty()
        || declared
            .iter()
            .any(|p| p.default.is_none() && !given.iter().any(|(n, _)| **n == *p.name));
    let mut first = Vec::new();
    let mut values = Vec::new();
    let mut defaulted = Vec::new();
    for (index, p) in declared.iter().enumerate() {
        let check_type = p.type_expr.as_ref().map(|t| range(t.span));
        // (undef given for a parameter with a default is the default, as the reference
        // binds a template's parameters)
        let found = given
            .iter()
            .find(|(n, _)| **n == *p.name)
            .filter(|(_, v)| !(matches!(v, Value::Undef) && p.default.is_some()));
        match found {
            Some((_, v)) => {
                if let Some(te) = &p.type_expr {
                    match ev.eval(te)? {
                        Value::Type(t) if reported && !types::is_instance(&t, v) => {
                            type_problems.extend(parameter_mismatches(&p.name, &t, v))
                        }
                        _ => {}
                    }
                }
                first.push(LambdaParam {
                    name: p.name.to_string(),
                    default: None,
                    check_type,
                    declared: index,
                    at: dollar(p),
                });
                values.push(v.clone());
            }
            None => match &p.default {
                Some(d) => defaulted.push(LambdaParam {
                    name: p.name.to_string(),
                    default: Some(range(d.span)),
                    check_type,
                    declared: index,
                    at: dollar(p),
                }),
                None => problems.push(format!("expects a value for parameter '{}'", p.name)),
            },
        }
    }
    // With names unknown or missing, the reference reports these with the given values'
    // type mismatches; otherwise the types are checked in the body, after the defaults.
    if !problems.is_empty() {
        // (the reference validates the whole template first: an illegal parameter name is
        // reported rather than its missing value)
        let all: Vec<LambdaParam> = declared
            .iter()
            .enumerate()
            .map(|(index, p)| LambdaParam {
                name: p.name.to_string(),
                default: p.default.as_ref().map(|d| range(d.span)),
                check_type: p.type_expr.as_ref().map(|t| range(t.span)),
                declared: index,
                at: dollar(p),
            })
            .collect();
        super::compile::validate(src, &all)?;
        problems.extend(type_problems);
        if let Some(e) = lambda_problems(&problems) {
            return Err(e.into());
        }
    }
    first.extend(defaulted);
    Ok((first, values))
}
