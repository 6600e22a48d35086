//! A `Deferred` value given to a class's or define's parameter, or to an EPP template's:
//! the reference does not check the value against the parameter's type (its function runs
//! later, on the agent) but the return type that function declares
//! (`TypeMismatchDescriber#describe_struct_signature`): a function that declares none is
//! let through with a warning (`Deferred function join has no return_type, unable to
//! guarantee value type during compilation.`, once per function), one whose declared type
//! the parameter's generalized type does not take is the parameter's mismatch (`parameter
//! 's' expects an Integer value, got String`), and a function that takes none of the
//! arguments, or none at all, is an error of the declaration.

use crate::error::Error;
use crate::eval::Evaluator;
use crate::types::{self, PType};
use crate::values::Value;

/// The message of [`check`]'s error for a function there is not (the reference's loader
/// gives nil, whose class has no dispatcher).
const NO_DISPATCHER: &str = "undefined method `dispatcher' for NilClass:Class";
/// The start of [`check`]'s error for a function none of whose dispatches takes the
/// arguments.
const NO_MATCHING_ARITY: &str = "No matching arity found for ";

/// The reference's error where it checks a define instance's parameters, outside any
/// expression (at the finishing steps): a Ruby exception of [`check`] (`ArgumentError` of a
/// function that takes none of the arguments, `NoMethodError` of one there is not) fails
/// the compilation naming its class, as Ruby reports it; `None` for any other error.
pub(crate) fn failed_compilation(e: &Error) -> Option<Error> {
    let message = if e.message.starts_with(NO_MATCHING_ARITY) {
        format!("ArgumentError: {}", e.message)
    } else if e.message == NO_DISPATCHER {
        // (Ruby's message with its error highlight and suggestion)
        format!(
            "NoMethodError: {NO_DISPATCHER}\n\n      dispatcher = func.class.dispatcher.find_matching_dispatcher(value.arguments)\n                             ^^^^^^^^^^^\nDid you mean?  display"
        )
    } else {
        return None;
    };
    Some(Error::new(
        crate::ErrorKind::Failed,
        format!("Puppet::Parser::CatalogCompiler failed with error {message}"),
    ))
}

/// What a parameter's `Deferred` value comes to.
pub(crate) enum DeferredParameter {
    /// Not a `Deferred`: the value is checked against the type as any other.
    NotDeferred,
    /// Checked by its function's return type: the mismatches (none when it passes).
    Checked(Vec<String>),
}

/// The check of `value` given to a parameter of type `t` (the mismatches without the
/// `parameter 'p' ` prefix), or the reference's error.
pub(crate) fn check(
    ev: &mut Evaluator,
    t: &PType,
    value: &Value,
) -> Result<DeferredParameter, Error> {
    let Value::Object(o) = value else {
        return Ok(DeferredParameter::NotDeferred);
    };
    if o.typ.label() != "Deferred" {
        return Ok(DeferredParameter::NotDeferred);
    }
    let name = o.values.first().and_then(Value::as_str).unwrap_or_default();
    let arguments = o.values.get(1).filter(|v| !v.is_undef());
    let returned = match matching_return_type(ev, name, arguments)? {
        Found::Missing => {
            // (the reference's loader gives nil, whose class has no dispatcher)
            return Err(Error::eval(NO_DISPATCHER.to_string()));
        }
        Found::NoMatch => {
            let shown = arguments
                .map(crate::format::ruby::inspect)
                .unwrap_or_default();
            return Err(Error::eval(format!(
                "{NO_MATCHING_ARITY}{name} with arguments {shown}"
            )));
        }
        Found::Returns(t) => t,
    };
    let Some(returned) = returned else {
        ev.warn_once(&format!(
            "Deferred function {name} has no return_type, unable to guarantee value type during compilation."
        ));
        return Ok(DeferredParameter::Checked(Vec::new()));
    };
    let g = types::infer::generalize;
    if types::is_assignable(&g(t), &g(&returned)) {
        return Ok(DeferredParameter::Checked(Vec::new()));
    }
    Ok(DeferredParameter::Checked(vec![
        types::mismatch::describe_returned_type_mismatch(t, &returned),
    ]))
}

/// What the function a `Deferred` names is to the reference's loader, given its arguments.
enum Found {
    /// No function of that name.
    Missing,
    /// None of its dispatches takes the arguments (none takes a `Deferred` without any).
    NoMatch,
    /// The return type of the first that takes them declares, if any.
    Returns(Option<PType>),
}

/// The function `name` as the reference's environment loader finds it: the built-in
/// functions first, then the environment's and modules' Puppet functions, then modules'
/// Ruby functions (and the native versions of those).
fn matching_return_type(
    ev: &mut Evaluator,
    name: &str,
    arguments: Option<&Value>,
) -> Result<Found, Error> {
    let args: Vec<Value> = match arguments {
        Some(Value::Array(a)) => a.iter().cloned().collect(),
        Some(other) => vec![other.clone()],
        None => Vec::new(),
    };
    // (`Deferred('f')` has no arguments: no dispatch is callable with nil)
    let takes = |ok: bool| ok && arguments.is_some();
    if let Some(b) = ev.builtin(name).filter(|b| b.module.is_none()) {
        let ok = super::signature::dispatch_with(b.name, b.signatures, &args, None).is_ok();
        return Ok(match takes(ok) {
            true => Found::Returns(builtin_return_type(b.name)),
            false => Found::NoMatch,
        });
    }
    if !name.starts_with('$') {
        if !ev.functions.contains_key(name) && crate::names::is_qualified(name) {
            ev.autoload(crate::env::modules::Kind::Function, name)?;
        }
        ev.load_environment_function(name)?;
    }
    if ev.functions.contains_key(name) {
        let ok = ev.function_takes(name, &args)?;
        return Ok(match takes(ok) {
            true => Found::Returns(ev.declared_return_type(name)?),
            false => Found::NoMatch,
        });
    }
    if let Some(found) = super::rubyfn::matching_return_type(ev, name, &args)? {
        return Ok(match found {
            Some(t) if arguments.is_some() => Found::Returns(t),
            _ => Found::NoMatch,
        });
    }
    if let Some(b) = ev.callable_builtin(name) {
        let ok = super::signature::dispatch_with(b.name, b.signatures, &args, None).is_ok();
        return Ok(match takes(ok) {
            true => Found::Returns(None),
            false => Found::NoMatch,
        });
    }
    Ok(Found::Missing)
}

/// The return types the reference's built-in functions declare: the logging functions'
/// `Undef`, the templates' `Variant[String, Sensitive[String]]` (`group_by` and `partition`
/// declare theirs too, but take no call without a block).
fn builtin_return_type(name: &str) -> Option<PType> {
    match name {
        "alert" | "crit" | "debug" | "emerg" | "err" | "info" | "notice" | "warning" => {
            Some(PType::Undef)
        }
        "epp" | "inline_epp" => Some(PType::Variant(vec![
            PType::string(),
            PType::Sensitive(Some(Box::new(PType::string()))),
        ])),
        _ => None,
    }
}
