//! stdlib's catalog functions: `ensure_packages`, `ensure_resource`, `ensure_resources`,
//! `getparam`, `defined_with_params`.

use super::old_api_error;
use crate::catalog::ResourceId;
use crate::eval::{Closure, EvalResult, Evaluator};
use crate::format::to_display;
use crate::functions::signature::dispatch;
use crate::functions::{builtin, call_builtin, find, Builtin};
use crate::types::names::capitalize_segments;
use crate::types::PType;
use crate::values::{Map, Value};

type R = EvalResult;

/// A resource reference (`File['/x']` or the string `'File[/x]'`) as a type name
/// (capitalized per segment) and a title (empty for a bare type).
fn reference_of(v: &Value) -> Option<(String, String)> {
    match v {
        Value::Type(t) => match &**t {
            PType::Resource {
                type_name: Some(n),
                title,
            } => Some((
                capitalize_segments(n),
                title.as_deref().unwrap_or_default().to_string(),
            )),
            PType::Class(Some(n)) => Some(("Class".into(), n.to_string())),
            _ => None,
        },
        // `Type[title]` as `Puppet::Resource` reads it (`/^([^\[\]]+)\[(.+)\]$/m`): a type
        // without brackets and a title that is not empty; anything else names no resource
        Value::String(s) => {
            let (t, title) = type_and_title(s.trim())?;
            let title = title.trim_matches(['\'', '"']);
            Some((capitalize_segments(t), title.to_string()))
        }
        _ => None,
    }
}

/// A string's type and title as `Puppet::Resource.type_and_title` reads them
/// (`/^([^\[\]]+)\[(.+)\]$/m`): a type without brackets and a title that is not empty.
pub(super) fn type_and_title(s: &str) -> Option<(&str, &str)> {
    let i = s.find('[')?;
    let (t, rest) = (&s[..i], &s[i + 1..]);
    let title = rest.strip_suffix(']').filter(|t| !t.is_empty())?;
    (!t.is_empty() && !t.contains(']')).then_some((t, title))
}

fn find_resource(ev: &Evaluator, type_name: &str, title: &str) -> Option<ResourceId> {
    ev.find_reference(type_name, title)
}

fn getparam(_ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    let ev = _ev;
    let reference = args.first().filter(|v| !v.is_undef());
    let Some(reference) = reference else {
        return Err(old_api_error("Must specify a reference".into()));
    };
    let Some(Value::String(param)) = args.get(1) else {
        return Err(old_api_error("Must specify name of a parameter".into()));
    };
    if param.is_empty() {
        return Ok(Value::from(""));
    }
    if matches!(reference, Value::String(s) if !s.contains('[')) {
        return Err(not_a_reference(reference));
    }
    let Some((t, title)) = reference_of(reference) else {
        return match reference {
            Value::String(_) | Value::Array(_) | Value::Hash(_) => Err(not_a_reference(reference)),
            _ => Ok(Value::from("")),
        };
    };
    if let Some(id) = find_resource(ev, &t, &title) {
        let r = ev.compilation.catalog.get(id);
        if let Some(v) = r.parameters.get(&**param) {
            if !v.is_undef() {
                return Ok(v.clone());
            }
        }
    }
    Ok(Value::from(""))
}

/// Whether a resource of the reference is declared with the parameters (undef matching
/// unset), skipping the resource whose body is being evaluated.
fn defined_with(
    ev: &Evaluator,
    reference: &Value,
    params: &Map,
) -> Result<bool, crate::eval::Flow> {
    let Some((t, title)) = reference_of(reference) else {
        if let Value::String(_) = reference {
            return Err(not_a_reference(reference));
        }
        return Err(old_api_error(format!(
            "Reference is not understood: '{}'",
            crate::functions::stdlib::rb_class(reference)
        )));
    };
    let current = ev.scope.as_ref().map(|s| s.resource);
    let catalog = &ev.compilation.catalog;
    let ids: Vec<ResourceId> = if title.is_empty() {
        catalog
            .all_resources()
            .filter(|(_, r)| *r.type_name == *t)
            .map(|(id, _)| id)
            .collect()
    } else {
        find_resource(ev, &t, &title).into_iter().collect()
    };
    for id in ids {
        if Some(id) == current {
            continue;
        }
        let r = catalog.get(id);
        let all = params.iter().all(|(k, v)| {
            let have = r
                .parameters
                .get(to_display(k).as_str())
                .cloned()
                .unwrap_or(Value::Undef);
            (have.is_undef() && v.is_undef()) || have == *v
        });
        if all {
            return Ok(true);
        }
    }
    Ok(false)
}

fn defined_with_params(ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    let Some(reference) = args.first().filter(|v| !v.is_undef()) else {
        return Err(old_api_error("Must specify a reference".into()));
    };
    if matches!(reference, Value::String(s) if !s.contains('[')) {
        return Err(not_a_reference(reference));
    }
    let params = match args.get(1) {
        Some(Value::Hash(h)) => h.as_ref().clone(),
        _ => Map::default(),
    };
    Ok(Value::Boolean(defined_with(ev, reference, &params)?))
}

/// The reference's error for a string that names no resource (`Puppet::Resource`'s).
pub(super) fn not_a_reference(reference: &Value) -> crate::eval::Flow {
    old_api_error(format!(
        "No title provided and {} is not a valid resource reference",
        crate::format::quote::ruby_inspect(&super::ruby_to_s(reference))
    ))
}

/// Declares `type { title: params }` through `create_resources` unless a resource with
/// those parameters is there already.
fn ensure_one(
    ev: &mut Evaluator,
    type_name: &str,
    title: &Value,
    params: &Map,
) -> Result<(), crate::eval::Flow> {
    let reference = Value::from(format!("{type_name}[{}]", to_display(title)));
    if defined_with(ev, &reference, params)? {
        return Ok(());
    }
    let Some(create) = find("create_resources") else {
        return Ok(());
    };
    let mut instances = Map::default();
    instances.insert(title.clone(), Value::hash(params.clone()));
    call_builtin(
        ev,
        create,
        &[Value::from(type_name), Value::hash(instances)],
        None,
    )?;
    Ok(())
}

fn ensure_resource(ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    let Some(t) = args.first().filter(|v| !v.is_undef()) else {
        return Err(old_api_error("Must specify a type".into()));
    };
    let Some(title) = args.get(1).filter(|v| !v.is_undef()) else {
        return Err(old_api_error("Must specify a title".into()));
    };
    let params = match args.get(2) {
        Some(Value::Hash(h)) => h.as_ref().clone(),
        _ => Map::default(),
    };
    let mut items = Vec::new();
    crate::functions::collections::flatten_into(&mut items, std::slice::from_ref(title));
    let t = super::ruby_to_s(t);
    for item in items {
        ensure_one(ev, &t, &item, &params)?;
    }
    Ok(Value::Undef)
}

fn ensure_resources(ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    let Some(t) = args.first().filter(|v| !v.is_undef()) else {
        return Err(old_api_error("Must specify a type".into()));
    };
    let titles = match args.get(1) {
        None | Some(Value::Undef) => return Err(old_api_error("Must specify a title".into())),
        Some(Value::Hash(h)) => h.clone(),
        Some(_) => {
            return Err(old_api_error(
                "ensure_resources(): Requires second argument to be a Hash".into(),
            ))
        }
    };
    let defaults = match args.get(2) {
        Some(Value::Hash(h)) => h.as_ref().clone(),
        _ => Map::default(),
    };
    let t = super::ruby_to_s(t);
    for (title, params) in titles.iter() {
        let mut p = defaults.clone();
        match params {
            Value::Hash(h) => {
                for (k, v) in h.iter() {
                    p.insert(k.clone(), v.clone());
                }
            }
            // (the source merges any other true value into the defaults: Ruby's TypeError)
            other if other.is_truthy() => {
                return Err(crate::error::Error::eval(format!(
                    "no implicit conversion of {} into Hash",
                    crate::functions::strings::ruby_class(other)
                ))
                .into())
            }
            _ => {}
        }
        ensure_one(ev, &t, title, &p)?;
    }
    Ok(Value::Undef)
}

fn ensure_packages(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> R {
    dispatch(ev, args, b)?;
    let ensure = Value::from("ensure");
    let mut defaults = Map::default();
    defaults.insert(ensure.clone(), Value::from("installed"));
    if let Some(Value::Hash(h)) = args.get(1) {
        for (k, v) in h.iter() {
            defaults.insert(k.clone(), v.clone());
        }
        if defaults.get(&ensure).and_then(Value::as_str) == Some("present") {
            defaults.insert(ensure.clone(), Value::from("installed"));
        }
    }
    match &args[0] {
        Value::Hash(h) => {
            ensure_resources(
                ev,
                &[
                    Value::from("package"),
                    Value::Hash(h.clone()),
                    Value::hash(defaults),
                ],
                None,
            )?;
        }
        other => {
            let names: Vec<Value> = match other {
                Value::Array(a) => a.to_vec(),
                v => vec![v.clone()],
            };
            for n in names {
                ensure_one(ev, "package", &n, &defaults)?;
            }
        }
    }
    Ok(Value::Undef)
}

const ANY: &[&str] = &["Any *$args"];

pub fn builtins() -> Vec<Builtin> {
    vec![
        builtin("ensure_packages", &["Variant[String[1], Array[String[1]], Hash[String[1], Any]] $packages, Hash $default_attributes?"], ensure_packages, "ensure_packages(Variant[String, Array[String], Hash] $packages, Hash $defaults) -> Undef\n(stdlib) Declares the packages (`ensure => installed` by default) unless they are declared already with the same parameters.\n\n    ensure_packages(['git', 'curl'])"),
        builtin("ensure_resource", ANY, ensure_resource, "ensure_resource(String $type, Variant[String, Array] $titles, Hash $params) -> Undef\n(stdlib) Declares the resource(s) unless declared already with the same parameters.\n\n    ensure_resource('user', 'dan', {ensure => present})"),
        builtin("ensure_resources", ANY, ensure_resources, "ensure_resources(String $type, Hash $titles, Hash $defaults) -> Undef\n(stdlib) `ensure_resource` for each title => parameters of the hash.\n\n    ensure_resources('user', {dan => {uid => 1}})"),
        builtin("getparam", ANY, getparam, "getparam(Resource $reference, String $param) -> Any\n(stdlib) A parameter of a declared resource, '' when unset or not declared.\n\n    getparam(File['/x'], 'mode')"),
        builtin("defined_with_params", ANY, defined_with_params, "defined_with_params(Resource $reference, Hash $params) -> Boolean\n(stdlib) Whether the resource is declared with these parameters.\n\n    defined_with_params(User['dan'], {ensure => present})"),
    ]
}
