//! `lookup` (all its signatures), `hiera`, `hiera_array`, `hiera_hash` and `hiera_include`:
//! values from Hiera data (`env::hiera`).

use super::signature::dispatch;
use super::{builtin, call_builtin, Builtin};
use crate::env::hiera::Lookup;
use crate::error::{Error, ErrorKind};
use crate::eval::{Closure, EvalResult, Evaluator};
use crate::types::PType;
use crate::values::{Map, Value};

/// `X has wrong type, expects ...` when the value is not an instance of the type.
fn assert_type(subject: &str, t: Option<&PType>, v: Value) -> Result<Value, Error> {
    if let Some(t) = t {
        let all = crate::types::mismatch::describe_mismatches(t, &v);
        match all.as_slice() {
            [] => {}
            [one] => return Err(Error::eval(format!("{subject} has wrong type, {one}"))),
            // Several problems: one line each, as the reference lists them.
            many => {
                let lines: Vec<String> = many
                    .iter()
                    .map(|m| format!("{subject} has wrong type, {m}"))
                    .collect();
                return Err(Error::eval(format!(" {}", lines.join("\n  "))));
            }
        }
    }
    Ok(v)
}

fn names_of(v: &Value) -> Vec<String> {
    match v {
        Value::String(s) => vec![s.to_string()],
        Value::Array(a) => a
            .iter()
            .filter_map(|x| x.as_str().map(str::to_string))
            .collect(),
        _ => Vec::new(),
    }
}

fn hash_entry(h: &Value, k: &str) -> Option<Value> {
    match h {
        Value::Hash(m) => m.get(&Value::string(k)).cloned(),
        _ => None,
    }
}

/// A lookup error without a location gets the call's (so that it is reported as is).
fn located(ev: &Evaluator, e: Error) -> Error {
    if e.kind == ErrorKind::Failed && e.span.is_none() {
        e.at(ev.call_span)
    } else {
        e
    }
}

pub(crate) struct Request {
    pub name: Value,
    pub value_type: Option<std::rc::Rc<PType>>,
    pub merge: Option<Value>,
    pub default: Option<Value>,
    pub overrides: Map,
    pub defaults: Map,
}

/// The reference's `Lookup.lookup`: overrides, data, default values hash, then the default
/// block or value, else the "did not find" error; each value checked against the type.
pub(crate) fn run(ev: &mut Evaluator, req: Request, block: Option<&Closure>) -> EvalResult {
    let names = names_of(&req.name);
    let t = req.value_type.as_deref();
    let found = {
        let mut l = Lookup::new(ev, false);
        l.overrides = req.overrides.clone();
        l.defaults = req.defaults.clone();
        l.lookup_names(&names, req.merge.as_ref())
    };
    let found = found.map_err(|e| located(ev, e))?;
    if let Some((key, v, place)) = found {
        let subject = match place {
            "override" => format!("Value found for key '{key}' in override hash"),
            "default" => format!("Value found for key '{key}' in default values hash"),
            _ => "Found value".to_string(),
        };
        return Ok(assert_type(&subject, t, v)?);
    }
    if let Some(b) = block {
        let v = ev.call_closure(b, std::slice::from_ref(&req.name))?;
        return Ok(assert_type("Value returned from default block", t, v)?);
    }
    if let Some(d) = req.default {
        return Ok(assert_type("Default value", t, d)?);
    }
    let message = if names.len() == 1 {
        format!(
            "Function lookup() did not find a value for the name '{}'",
            names[0]
        )
    } else {
        let list: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
        format!(
            "Function lookup() did not find a value for any of the names [{}]",
            list.join(", ")
        )
    };
    Err(Error::new(ErrorKind::Failed, message)
        .at(ev.call_span)
        .into())
}

fn type_arg(v: Option<&Value>) -> Option<std::rc::Rc<PType>> {
    match v {
        Some(Value::Type(t)) => Some(t.clone()),
        _ => None,
    }
}

fn some(v: Option<&Value>) -> Option<Value> {
    v.filter(|v| !v.is_undef()).cloned()
}

/// The options hash of `lookup(options)` / `lookup(name, options)` (the reference's
/// `OptionsWithName` / `OptionsWithoutName` structs).
fn check_options(o: &Value, with_name: bool) -> Result<(), Error> {
    let Value::Hash(h) = o else { return Ok(()) };
    let allowed = [
        "name",
        "value_type",
        "default_value",
        "override",
        "default_values_hash",
        "merge",
    ];
    let expected: &[&str] = if with_name { &allowed } else { &allowed[1..] };
    let problem = |m: String| {
        Err(Error::eval(format!(
            "The function 'lookup' was called with arguments it does not accept: the options hash {m}"
        )))
    };
    for k in h.keys() {
        let k = k.as_str().unwrap_or_default();
        if !expected.contains(&k) {
            return problem(format!("has an unrecognized key '{k}'"));
        }
    }
    let get = |k: &str| h.get(&Value::string(k)).filter(|v| !v.is_undef());
    if with_name && !matches!(get("name"), Some(Value::String(_) | Value::Array(_))) {
        return problem("expects a value for key 'name' (a String or an Array of Strings)".into());
    }
    if get("value_type").is_some_and(|v| !matches!(v, Value::Type(_))) {
        return problem("entry 'value_type' expects a Type value".into());
    }
    for k in ["override", "default_values_hash"] {
        if get(k).is_some_and(|v| !matches!(v, Value::Hash(_))) {
            return problem(format!("entry '{k}' expects a Hash value"));
        }
    }
    if get("merge").is_some_and(|v| !matches!(v, Value::String(_) | Value::Hash(_))) {
        return problem("entry 'merge' expects a String or a Hash value".into());
    }
    Ok(())
}

fn lookup(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    let sig = dispatch(ev, args, b)?;
    let from_options = |name: Value, o: &Value| {
        let map = |k: &str| match hash_entry(o, k) {
            Some(Value::Hash(h)) => (*h).clone(),
            _ => Map::default(),
        };
        let has_default =
            matches!(o, Value::Hash(h) if h.contains_key(&Value::string("default_value")));
        Request {
            name,
            value_type: type_arg(hash_entry(o, "value_type").as_ref()),
            merge: some(hash_entry(o, "merge").as_ref()),
            default: if has_default {
                Some(hash_entry(o, "default_value").unwrap_or(Value::Undef))
            } else {
                None
            },
            overrides: map("override"),
            defaults: map("default_values_hash"),
        }
    };
    if sig >= 3 {
        check_options(&args[sig - 3], sig == 3)?;
    }
    let req = match sig {
        0..=2 => Request {
            name: args[0].clone(),
            value_type: type_arg(args.get(1)),
            merge: some(args.get(2)),
            default: if sig == 1 { args.get(3).cloned() } else { None },
            overrides: Map::default(),
            defaults: Map::default(),
        },
        3 => from_options(
            hash_entry(&args[0], "name").unwrap_or(Value::Undef),
            &args[0],
        ),
        _ => from_options(args[0].clone(), &args[1]),
    };
    run(ev, req, b)
}

/// The `hiera*` functions: a lookup with a fixed merge strategy, of the environment's data
/// only when it has a `hiera.yaml` (else of the global layer, which prepl does not read).
fn hiera_common(
    ev: &mut Evaluator,
    args: &[Value],
    b: Option<&Closure>,
    name: &str,
    merge: Option<&str>,
) -> EvalResult {
    let sig = dispatch(ev, args, b)?;
    ev.deprecation(&format!(
        "The function '{name}' is deprecated in favor of using 'lookup'. See https://puppet.com/docs/puppet/7.23/deprecated_language.html"
    ));
    let (key, default) = match sig {
        0 => {
            let Value::Array(a) = &args[0] else {
                unreachable!()
            };
            if !matches!(a[0], Value::String(_)) {
                return Err(Error::eval(format!(
                    "'{name}' expects a String value as the first element of the array"
                ))
                .into());
            }
            (a[0].clone(), a.get(1).cloned())
        }
        2 => (args[0].clone(), Some(args[1].clone())),
        _ => (args[0].clone(), None),
    };
    let has_env_data = ev
        .env
        .dir
        .as_ref()
        .is_some_and(|d| crate::env::fs::is_file(&d.join("hiera.yaml")));
    let req = Request {
        name: key.clone(),
        value_type: None,
        merge: merge.map(Value::string),
        default,
        overrides: Map::default(),
        defaults: Map::default(),
    };
    let value = if has_env_data {
        run(ev, req, b)?
    } else {
        // Only the global layer would be searched: nothing is found.
        let names = names_of(&key);
        if let Some(blk) = b {
            ev.call_closure(blk, std::slice::from_ref(&key))?
        } else if let Some(d) = req.default {
            d
        } else {
            return Err(Error::new(
                ErrorKind::Failed,
                format!(
                    "Function lookup() did not find a value for the name '{}'",
                    names.first().cloned().unwrap_or_default()
                ),
            )
            .at(ev.call_span)
            .into());
        }
    };
    Ok(value)
}

/// `hiera()` asks for the first value found, as an explicit `first` merge: a key's
/// `lookup_options` do not make it merge (the reference's hiera functions pass their merge).
fn hiera(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    hiera_common(ev, args, b, "hiera", Some("first"))
}

fn hiera_array(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    hiera_common(ev, args, b, "hiera_array", Some("unique"))
}

fn hiera_hash(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    hiera_common(ev, args, b, "hiera_hash", Some("hash"))
}

fn hiera_include(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    let value = hiera_common(ev, args, b, "hiera_include", Some("unique"))?;
    let key = match &args[0] {
        Value::Array(a) => a.first().cloned().unwrap_or(Value::Undef),
        other => other.clone(),
    };
    if value.is_undef() {
        return Err(Error::eval(format!(
            "Could not find data item {}",
            key.as_str().unwrap_or_default()
        ))
        .into());
    }
    let empty = match &value {
        Value::Array(a) => a.is_empty(),
        Value::String(s) => s.is_empty(),
        Value::Hash(h) => h.is_empty(),
        _ => false,
    };
    match super::find("include") {
        Some(include) if !empty => call_builtin(ev, include, &[value], None),
        _ => Ok(Value::Undef),
    }
}

const HIERA_SIGNATURES: &[&str] = &[
    "Array[Any, 1, 3] $args",
    "String $key",
    "String $key, Any $default, Any $override?",
    "String $key, Callable[1, 1] &$default_block",
    "String $key, Any $override, Callable[1, 1] &$default_block",
];

pub fn builtins() -> Vec<Builtin> {
    vec![
        builtin(
            "lookup",
            &[
                // (the reference's, with its local types)
                "NameType $name, ValueType $value_type?, MergeType $merge?",
                "NameType $name, Optional[ValueType] $value_type, Optional[MergeType] $merge, DefaultValueType $default_value",
                "NameType $name, ValueType $value_type?, MergeType $merge?, BlockType &$block",
                "OptionsWithName $options_hash, BlockType &$block?",
                "Variant[String, Array[String]] $name, OptionsWithoutName $options_hash, BlockType &$block?",
            ],
            lookup,
            "lookup(Variant[String, Array[String]] $name, Type $value_type?, Variant[String, Hash] $merge?, Any $default_value?) |$name|?\nlookup(Hash $options) / lookup($name, Hash $options)\nThe value of a key in Hiera data (environment and module layers), the first of several names found, merged with `first`, `unique`, `hash` or `deep` (or as `lookup_options` say), else the default value or the lambda's result.\n\n    lookup('ntp::servers', Array[String], 'unique', [])",
        ),
        builtin("hiera", HIERA_SIGNATURES, hiera, "hiera(String $key, Any $default?, Any $override?) |$key|?\nDeprecated: lookup($key) with the first value found.\n\n    hiera('ntp::servers', [])"),
        builtin("hiera_array", HIERA_SIGNATURES, hiera_array, "hiera_array(String $key, Any $default?, Any $override?) |$key|?\nDeprecated: lookup($key, Data, 'unique').\n\n    hiera_array('users', [])"),
        builtin("hiera_hash", HIERA_SIGNATURES, hiera_hash, "hiera_hash(String $key, Any $default?, Any $override?) |$key|?\nDeprecated: lookup($key, Data, 'hash').\n\n    hiera_hash('users', {})"),
        builtin("hiera_include", HIERA_SIGNATURES, hiera_include, "hiera_include(String $key, Any $default?, Any $override?) |$key|?\nDeprecated: includes the classes lookup($key, Data, 'unique') names.\n\n    hiera_include('classes')"),
    ]
}
