//! Types and values: `type`/`type_of`, `assert_type`, `new`, `convert_to`, `unwrap`,
//! `defined`, `getvar` (variable lookup by name).

use super::shims;
use super::signature::dispatch;
use super::{builtin, Builtin};
use crate::error::Error;
use crate::eval::{Closure, EvalResult, Evaluator};
use crate::types::{self, PType};
use crate::values::Value;

fn type_(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    let fidelity = dispatch(ev, args, b)?;
    // A type has a part per element: values that share parts expand.
    crate::expansion::check_expansion(&args[0], 64)?;
    let fidelity = match fidelity {
        0 => types::Fidelity::Detailed,
        1 => types::Fidelity::Reduced,
        _ => types::Fidelity::Generalized,
    };
    match types::infer_fully(&args[0], fidelity) {
        Some(t) => Ok(Value::typ(t)),
        None => Err(Error::eval(format!(
            "The value is nested too deeply to infer its type (more than {} levels)",
            crate::limits::MAX_VALUE_DEPTH
        ))
        .into()),
    }
}

fn assert_type(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    let t = match dispatch(ev, args, b)? {
        0 => args[0].as_type().cloned().unwrap_or(PType::Any),
        _ => ev.type_from_text(args[0].as_str().unwrap_or_default())?,
    };
    let value = &args[1];
    if shims::is_instance(&t, value) {
        return Ok(value.clone());
    }
    match b {
        Some(l) => {
            let actual = Value::typ(types::infer(value));
            ev.call_closure(l, &[Value::typ(t), actual])
        }
        None => {
            // Several reasons are listed one per line, each indented, as the reference does.
            let reasons = types::describe_mismatches(&t, value);
            let message = match reasons.as_slice() {
                [_, _, ..] => format!(
                    " {}",
                    reasons
                        .iter()
                        .map(|r| format!("assert_type(): {r}"))
                        .collect::<Vec<_>>()
                        .join("\n  ")
                ),
                _ => match shims::describe_mismatch(&t, value) {
                    // (where the reference's description is empty, so is its message)
                    d if d.is_empty() => String::new(),
                    d => format!("assert_type(): {d}"),
                },
            };
            // a name of no type (`assert_type('Array[Integr]', $v)`): maybe a misspelling
            let hint = types::references::first_reference(&t).and_then(|n| ev.type_hint(&n));
            Err(Error::eval(message).with_hint(hint).into())
        }
    }
}

/// `explain_type(T, $v)`: why `$v` is (or is not) a `T`, as the text `:why $v =~ T` shows.
fn explain_type(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    let t = match dispatch(ev, args, b)? {
        0 => args[0].as_type().cloned().unwrap_or(PType::Any),
        _ => ev.type_from_text(args[0].as_str().unwrap_or_default())?,
    };
    Ok(Value::from(types::explain_instance(&t, &args[1]).text()))
}

/// Calls the optional lambda with the value, or gives the value.
fn then_block(ev: &mut Evaluator, v: Value, b: Option<&Closure>) -> EvalResult {
    match b {
        Some(l) => ev.call_closure(l, &[v]),
        None => Ok(v),
    }
}

fn new(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    let any = PType::Any;
    let t = args[0].as_type().unwrap_or(&any);
    let v = match (t, &args[1..]) {
        // `Type('Integer[1,2]')`: a type from its text (the reference's `new_type` takes a
        // `String[1]`).
        (PType::Type(_), [Value::String(s)]) if s.is_empty() => {
            return Err(Error::eval(
                "'new_type' parameter 'type_string' expects a String[1] value, got String",
            )
            .into())
        }
        (PType::Type(_), [Value::String(s)]) => {
            let parsed = ev.type_from_text(s)?;
            shims::new_value(t, &[Value::typ(parsed)])?
        }
        _ => shims::new_value(t, &args[1..])?,
    };
    then_block(ev, v, b)
}

fn convert_to(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    let t = args[1].as_type().cloned().unwrap_or(PType::Any);
    let mut new_args = Vec::with_capacity(args.len() - 1);
    new_args.push(args[0].clone());
    new_args.extend_from_slice(&args[2..]);
    let v = shims::new_value(&t, &new_args)?;
    then_block(ev, v, b)
}

fn unwrap(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    let v = match &args[0] {
        Value::Sensitive(inner) => (**inner).clone(),
        other => other.clone(),
    };
    then_block(ev, v, b)
}

/// Whether a name is a resource type (built in or a define) or a class of this session.
fn type_or_class_defined(ev: &mut Evaluator, name: &str) -> Result<bool, Error> {
    let lower = name.strip_prefix("::").unwrap_or(name).to_ascii_lowercase();
    let known = |ev: &Evaluator| {
        RESOURCE_TYPES.contains(&lower.as_str())
            || ev.compilation.defines.contains_key(lower.as_str())
            || ev.compilation.classes.contains_key(lower.as_str())
    };
    if known(ev) {
        return Ok(true);
    }
    // As the reference: a class or define of a module is loaded to answer, and a resource
    // type of a module's `lib/puppet/type/<name>.rb` counts too.
    ev.autoload(crate::env::modules::Kind::Manifest, &lower)?;
    Ok(known(ev) || crate::env::ruby_types::type_file(&ev.env, &lower).is_some())
}

/// The resource types of core Puppet (what `defined('File')` finds).
const RESOURCE_TYPES: &[&str] = &[
    "augeas",
    "cron",
    "exec",
    "file",
    "filebucket",
    "group",
    "host",
    "mount",
    "notify",
    "package",
    "resources",
    "schedule",
    "scheduled_task",
    "selboolean",
    "selmodule",
    "service",
    "ssh_authorized_key",
    "sshkey",
    "stage",
    "tidy",
    "user",
    "whit",
    "yumrepo",
    "zfs",
    "zone",
    "zpool",
];

fn defined_one(ev: &mut Evaluator, v: &Value) -> Result<bool, Error> {
    Ok(match v {
        Value::String(s) => match s.strip_prefix('$') {
            Some(var) => !var.is_empty() && ev.lookup_variable(var).is_some(),
            None => type_or_class_defined(ev, s)?,
        },
        Value::Type(t) => match &**t {
            // Nodes are not resources `defined` finds.
            PType::Resource {
                type_name: Some(n),
                title: Some(title),
            } => &**n != "Node" && ev.find_reference(n, title).is_some(),
            PType::Resource {
                type_name: Some(n), ..
            } => type_or_class_defined(ev, n)?,
            // Declared: its `Class` resource is in the catalog, evaluated or not yet (the
            // second of `include a, b` while `a` is evaluated).
            PType::Class(Some(n)) => {
                let lower = n.strip_prefix("::").unwrap_or(n).to_ascii_lowercase();
                ev.compilation.class_scopes.contains_key(lower.as_str())
                    || ev.compilation.pending_classes.contains_key(lower.as_str())
            }
            PType::Type(Some(inner)) => defined_one(ev, &Value::typ((**inner).clone()))?,
            PType::Class(None) => {
                return Err(Error::eval(
                    "The given class type is a reference to all classes",
                ))
            }
            PType::Resource {
                type_name: None, ..
            } => {
                return Err(Error::eval(
                    "The given resource type is a reference to all kind of types",
                ))
            }
            _ => false,
        },
        _ => false,
    })
}

fn defined(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    for v in args {
        if defined_one(ev, v)? {
            return Ok(Value::Boolean(true));
        }
    }
    Ok(Value::Boolean(false))
}

pub fn builtins() -> Vec<Builtin> {
    const TYPE: &[&str] = &[
        "Any $value, Enum['detailed'] $inference_method?",
        "Any $value, Enum['reduced'] $inference_method",
        "Any $value, Enum['generalized'] $inference_method",
    ];
    vec![
        builtin("type", TYPE, type_, "type(Any $value, Enum['detailed', 'reduced', 'generalized'] $inference_method?)\nThe type of a value: detailed (default), reduced or generalized.\n\n    type([1, 'a'])                  # Tuple[Integer[1, 1], String]\n    type([1, 'a'], 'generalized')   # Array[ScalarData]"),
        builtin("type_of", &["Any $value"], type_, "type_of(Any $value)\nThe detailed type of a value, as type() gives it (stdlib's 4.x function, with its one parameter). The reference has it from the module stdlib; prepl has it without any module, for experiments with types.\n\n    type_of(1)   # Integer[1, 1]"),
        builtin("assert_type", &["Type $type, Any $value, Callable[Type, Type] &$block?", "String $type_string, Any $value, Callable[Type, Type] &$block?"], assert_type, "assert_type(Variant[Type, String] $type, Any $value) |$expected, $actual|?\n$value if it is an instance of $type; otherwise an error, or the lambda's result.\n\n    assert_type(Integer, 1)   # 1\n    assert_type(Integer, 'a') |$e, $a| { \"got ${a}\" }   # 'got String'"),
        builtin("explain_type", &["Type $type, Any $value", "String $type_string, Any $value"], explain_type, "explain_type(Variant[Type, String] $type, Any $value)\nWhy $value is or is not an instance of $type (prepl's own; the text `:why $value =~ $type` shows): every mismatch, path by path, worded as the reference's parameter errors, or which Variant member matched.\n\n    explain_type(Array[Integer], [1, 'a'])\n    # \"false: [1, 'a'] does not match Array[Integer]\\n- index 1 expects an Integer value, got String\""),
        builtin("new", &["Type $type, Any *$args, Callable &$block?"], new, "new(Type $type, Any *$args) |$value|?\nA new value of the type, created from the arguments.\n\n    Integer.new('0x10')   # 16"),
        builtin("convert_to", &["Any $value, Type $type, Any *$args, Callable[1, 1] &$block?"], convert_to, "convert_to(Any $value, Type $type, Any *$args) |$converted|?\nThe value converted to the type (as new() does).\n\n    '5'.convert_to(Integer)   # 5"),
        builtin("unwrap", &["Sensitive $arg, Callable &$block?", "Any $arg, Callable &$block?"], unwrap, "unwrap(Any $arg) |$value|?\nThe value inside a Sensitive (other values as they are).\n\n    Sensitive(5).unwrap   # 5"),
        builtin("defined", &["Variant[String, Type[CatalogEntry], Type[Type[CatalogEntry]]] +$vals"], defined, "defined(Variant[String, Type] +$vals)\nWhether any of the variables ('$x') or resource types ('File') is defined.\n\n    $x = 1 defined('$x')   # true"),
    ]
}
