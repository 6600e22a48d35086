//! stdlib's checks: `is_*` and `validate_*` (deprecated in stdlib 8: under the reference's
//! default `strict = error` most of them fail with stdlib's deprecation error),
//! `validate_legacy`, `deprecation`, `stdlib::ip_in_range`, `stdlib::start_with`,
//! `stdlib::end_with`, `os_version_gte`, `fact`.

use super::{deprecation, old_api_error};
use crate::error::Error;
use crate::eval::{Closure, EvalResult, Evaluator};
use crate::format::to_display;
use crate::functions::signature::dispatch;
use crate::functions::{builtin, shims, Builtin};
use crate::types::PType;
use crate::values::Value;
use crate::LogLevel;

type R = EvalResult;

fn deprecation_fn(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> R {
    dispatch(ev, args, b)?;
    deprecation(
        ev,
        args[0].as_str().unwrap_or_default(),
        args[1].as_str().unwrap_or_default(),
    )?;
    Ok(Value::Undef)
}

const MATCH_DOCS: &str = "They are described at https://docs.puppet.com/puppet/latest/reference/lang_data_type.html#match-expressions.";

/// The `is_*` functions of the newer API: a deprecation, then the older check.
fn is_checked(
    ev: &mut Evaluator,
    name: &str,
    compat: &str,
    args: &[Value],
) -> Result<(), crate::eval::Flow> {
    deprecation(
        ev,
        name,
        &format!("This method is deprecated, please use match expressions with Stdlib::Compat::{compat} instead. {MATCH_DOCS}"),
    )?;
    if args.len() != 1 {
        return Err(old_api_error(format!(
            "{name}(): Wrong number of arguments given ({} for 1)",
            args.len()
        )));
    }
    Ok(())
}

fn is_numeric_str(s: &str, integer: bool) -> bool {
    let re = if integer {
        r"^-?(?:(?:[1-9]\d*)|0)$"
    } else {
        r"^-?(?:(?:[1-9]\d*)|0)(?:\.\d+)?(?:[eE]-?\d+)?$"
    };
    regex::Regex::new(re).is_ok_and(|r| r.is_match(s))
}

fn is_string(ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    is_checked(ev, "is_string", "String", args)?;
    Ok(Value::Boolean(match &args[0] {
        Value::String(s) => !is_numeric_str(s, false),
        _ => false,
    }))
}

fn is_array(ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    is_checked(ev, "is_array", "Array", args)?;
    Ok(Value::Boolean(matches!(args[0], Value::Array(_))))
}

fn is_bool(ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    is_checked(ev, "is_bool", "Bool", args)?;
    Ok(Value::Boolean(matches!(args[0], Value::Boolean(_))))
}

fn is_float(ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    is_checked(ev, "is_float", "Float", args)?;
    Ok(Value::Boolean(match &args[0] {
        Value::Float(_) => true,
        Value::String(s) => s.contains('.') && is_numeric_str(s, false),
        _ => false,
    }))
}

fn is_numeric(ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    is_checked(ev, "is_numeric", "Numeric", args)?;
    Ok(Value::Boolean(match &args[0] {
        Value::Float(_) | Value::Integer(_) => true,
        Value::String(s) => is_numeric_str(s, false),
        _ => false,
    }))
}

fn is_absolute_path(ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    is_checked(ev, "is_absolute_path", "Absolute_Path", args)?;
    Ok(Value::Boolean(
        matches!(&args[0], Value::String(s) if s.starts_with('/') || is_windows_abs(s)),
    ))
}

fn ip_kind(
    ev: &mut Evaluator,
    name: &str,
    compat: &str,
    args: &[Value],
    ok: fn(&str) -> bool,
) -> R {
    is_checked(ev, name, compat, args)?;
    Ok(Value::Boolean(
        matches!(&args[0], Value::String(s) if ok(s)),
    ))
}

fn parse_ip(s: &str) -> Option<std::net::IpAddr> {
    let (addr, len) = match s.split_once('/') {
        Some((a, l)) => (a, Some(l)),
        None => (s, None),
    };
    let ip = addr.parse::<std::net::IpAddr>().ok()?;
    if let Some(l) = len {
        let max = if ip.is_ipv4() { 32 } else { 128 };
        if !l.parse::<u32>().is_ok_and(|n| n <= max) && l.parse::<std::net::Ipv4Addr>().is_err() {
            return None;
        }
    }
    Some(ip)
}

fn is_ip_address(ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    ip_kind(ev, "is_ip_address", "Ip_address", args, |s| {
        parse_ip(s).is_some()
    })
}

fn is_ipv4_address(ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    ip_kind(ev, "is_ipv4_address", "Ipv4", args, |s| {
        parse_ip(s).is_some_and(|i| i.is_ipv4())
    })
}

fn is_ipv6_address(ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    // stdlib's own deprecation key here is `is_ipv4_address`.
    ip_kind(ev, "is_ipv4_address", "Ipv6", args, |s| {
        parse_ip(s).is_some_and(|i| i.is_ipv6())
    })
}

/// The older `is_*` functions without a deprecation: one argument.
fn one_arg(name: &str, args: &[Value]) -> Result<(), crate::eval::Flow> {
    if args.len() != 1 {
        return Err(old_api_error(format!(
            "{name}(): Wrong number of arguments given {} for 1",
            args.len()
        )));
    }
    Ok(())
}

fn is_domain_name(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    one_arg("is_domain_name", args)?;
    let Value::String(d) = &args[0] else {
        return Ok(Value::Boolean(false));
    };
    if &**d == "." {
        return Ok(Value::Boolean(true));
    }
    let d = d.strip_suffix('.').unwrap_or(d);
    if d.is_empty() || d.len() > 255 {
        return Ok(Value::Boolean(false));
    }
    if d.contains('.') {
        let last = d.rsplit('.').next().unwrap_or("");
        if last.is_empty() || !last.chars().all(|c| c.is_ascii_alphabetic()) {
            return Ok(Value::Boolean(false));
        }
    }
    let ok = d.split('.').all(|l| {
        !l.is_empty()
            && l.len() <= 63
            && !l.starts_with('-')
            && !l.ends_with('-')
            && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    });
    Ok(Value::Boolean(ok))
}

fn is_email_address(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    one_arg("is_email_address", args)?;
    let re = regex::Regex::new(r"\A([\w+\-].?)+@[a-z\d\-]+(\.[a-z]+)*\.[a-z]+\z");
    Ok(Value::Boolean(
        matches!(&args[0], Value::String(s) if re.is_ok_and(|r| r.is_match(s))),
    ))
}

fn is_mac_address(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    one_arg("is_mac_address", args)?;
    if !matches!(args[0], Value::String(_)) {
        return Err(Error::eval(format!(
            "no implicit conversion of {} into String",
            crate::format::ruby::conversion_class(&args[0])
        ))
        .into());
    }
    let re = regex::Regex::new(r"(?i)^[a-f0-9]{1,2}((:[a-f0-9]{1,2}){5}|(:[a-f0-9]{1,2}){19})$");
    Ok(Value::Boolean(
        matches!(&args[0], Value::String(s) if re.is_ok_and(|r| r.is_match(s))),
    ))
}

/// `validate_domain_name` and `validate_email_address`: each argument must be a string
/// the `is_` function accepts.
fn validate_each(
    ev: &mut Evaluator,
    name: &str,
    what: &str,
    args: &[Value],
    check: BuiltinFn,
) -> R {
    if args.is_empty() {
        return Err(old_api_error(format!(
            "{name}(): wrong number of arguments (0; must be > 0)"
        )));
    }
    for a in args {
        let Value::String(s) = a else {
            return Err(old_api_error(format!(
                "{} is not a string.",
                crate::format::ruby::inspect(a)
            )));
        };
        if !check(ev, std::slice::from_ref(a), None)?.is_truthy() {
            return Err(old_api_error(format!(
                "{} is not {what}",
                crate::format::quote::ruby_inspect(s)
            )));
        }
    }
    Ok(Value::Undef)
}

type BuiltinFn = fn(&mut Evaluator, &[Value], Option<&Closure>) -> R;

fn validate_domain_name(ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    validate_each(
        ev,
        "validate_domain_name",
        "a syntactically correct domain name",
        args,
        is_domain_name,
    )
}

fn validate_email_address(ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    validate_each(
        ev,
        "validate_email_address",
        "a valid email address",
        args,
        is_email_address,
    )
}

/// `is_hash` and `is_integer` are functions of the older API without a deprecation.
fn is_hash(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 1 {
        return Err(old_api_error(format!(
            "is_hash(): Wrong number of arguments given ({} for 1)",
            args.len()
        )));
    }
    Ok(Value::Boolean(matches!(args[0], Value::Hash(_))))
}

fn is_integer(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() != 1 {
        return Err(old_api_error(format!(
            "is_integer(): Wrong number of arguments given ({} for 1)",
            args.len()
        )));
    }
    Ok(Value::Boolean(match &args[0] {
        Value::Integer(_) => true,
        Value::String(s) => is_numeric_str(s, true),
        _ => false,
    }))
}

/// The checks of the older `validate_*` functions: `Err(message)` when the value fails.
fn legacy_check(ev: &mut Evaluator, name: &str, args: &[Value]) -> Result<(), String> {
    let value = args.first().unwrap_or(&Value::Undef);
    let all = |f: &dyn Fn(&Value) -> bool| match value {
        Value::Array(a) => a.iter().all(f),
        v => f(v),
    };
    match name {
        "validate_string" => args
            .iter()
            .find(|v| !matches!(v, Value::String(_) | Value::Undef))
            .map_or(Ok(()), |v| {
                Err(format!(
                    "{} is not a string.  It looks to be a {}",
                    to_display(v),
                    crate::functions::stdlib::rb_class(v)
                ))
            }),
        "validate_array" => {
            args.iter()
                .find(|v| !matches!(v, Value::Array(_)))
                .map_or(Ok(()), |v| {
                    Err(format!(
                        "{} is not an Array.  It looks to be a {}",
                        to_display(v),
                        crate::functions::stdlib::rb_class(v)
                    ))
                })
        }
        "validate_hash" => args
            .iter()
            .find(|v| !matches!(v, Value::Hash(_)))
            .map_or(Ok(()), |v| {
                Err(format!(
                    "{} is not a Hash.  It looks to be a {}",
                    to_display(v),
                    crate::functions::stdlib::rb_class(v)
                ))
            }),
        "validate_bool" => args
            .iter()
            .find(|v| !matches!(v, Value::Boolean(_)))
            .map_or(Ok(()), |v| {
                Err(format!(
                    "{} is not a boolean.  It looks to be a {}",
                    to_display(v),
                    crate::functions::stdlib::rb_class(v)
                ))
            }),
        "validate_absolute_path" => {
            if all(&|v| matches!(v, Value::String(s) if s.starts_with('/') || is_windows_abs(s))) {
                Ok(())
            } else {
                Err(format!("{} is not an absolute path.", to_display(value)))
            }
        }
        "validate_integer" => {
            if all(&|v| match v {
                Value::Integer(_) => true,
                Value::String(s) => is_numeric_str(s, true),
                _ => false,
            }) {
                Ok(())
            } else {
                Err(
                    "validate_integer(): Expected first argument to be an Integer or Array, got "
                        .to_string()
                        + &to_display(value),
                )
            }
        }
        "validate_numeric" => {
            if all(&|v| match v {
                Value::Integer(_) | Value::Float(_) => true,
                Value::String(s) => is_numeric_str(s, false),
                _ => false,
            }) {
                Ok(())
            } else {
                Err(
                    "validate_numeric(): Expected first argument to be a Numeric or Array, got "
                        .to_string()
                        + &to_display(value),
                )
            }
        }
        "validate_re" => {
            let text = to_display(value);
            let Some(given) = args.get(1) else {
                return Err("validate_re(): wrong number of arguments".into());
            };
            // Every string of the argument, nested arrays flattened (`validate_legacy`
            // passes `[[patterns], message]` as one argument: the message is a pattern too).
            let mut flat = Vec::new();
            crate::functions::collections::flatten_into(&mut flat, std::slice::from_ref(given));
            let ok = flat.iter().any(|p| {
                crate::functions::regex::compile(ev, &to_display(p))
                    .is_ok_and(|re| re.matches(&text))
            });
            if ok {
                Ok(())
            } else {
                Err(args.get(2).map(to_display).unwrap_or_else(|| {
                    format!(
                        "validate_re(): {} does not match {}",
                        crate::format::to_programmatic(value),
                        crate::format::to_programmatic(given)
                    )
                }))
            }
        }
        "validate_ip_address" | "validate_ipv4_address" | "validate_ipv6_address" => {
            let ok = all(&|v| {
                let s = to_display(v);
                match name {
                    "validate_ipv4_address" => s.parse::<std::net::Ipv4Addr>().is_ok(),
                    "validate_ipv6_address" => s.parse::<std::net::Ipv6Addr>().is_ok(),
                    _ => s.parse::<std::net::IpAddr>().is_ok(),
                }
            });
            if ok {
                Ok(())
            } else {
                Err(format!("{} is not a valid IP address.", to_display(value)))
            }
        }
        "validate_slength" => {
            let max = args.get(1).and_then(Value::as_int).unwrap_or(i64::MAX);
            if all(&|v| {
                v.as_str()
                    .is_some_and(|s| (s.chars().count() as i64) <= max)
            }) {
                Ok(())
            } else {
                Err(format!(
                    "validate_slength(): Expected length of {} to be smaller or equal to {max}",
                    to_display(value)
                ))
            }
        }
        // Other validators are taken to accept the value.
        _ => Ok(()),
    }
}

fn is_windows_abs(s: &str) -> bool {
    let b = s.as_bytes();
    (b.len() > 2 && b[0].is_ascii_alphabetic() && b[1] == b':' && (b[2] == b'\\' || b[2] == b'/'))
        || s.starts_with("\\\\")
}

/// The `validate_*` functions of the newer API: a deprecation naming the replacement type,
/// then the older check.
fn validate_with(ev: &mut Evaluator, name: &str, replacement: &str, args: &[Value]) -> R {
    deprecation(
        ev,
        name,
        &format!("This method is deprecated, please use the stdlib validate_legacy function,\n                    with {replacement}. There is further documentation for validate_legacy function in the README."),
    )?;
    legacy_check(ev, name, args).map_err(old_api_error)?;
    Ok(Value::Undef)
}

macro_rules! validator {
    ($f:ident, $name:literal, $replacement:literal) => {
        fn $f(ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
            validate_with(ev, $name, $replacement, args)
        }
    };
}

validator!(validate_string, "validate_string", "Stdlib::Compat::String");
validator!(validate_array, "validate_array", "Stdlib::Compat::Array");
validator!(validate_hash, "validate_hash", "Stdlib::Compat::Hash");
validator!(validate_bool, "validate_bool", "Stdlib::Compat::Bool");
validator!(validate_re, "validate_re", "Pattern[]");
validator!(
    validate_absolute_path,
    "validate_absolute_path",
    "Stdlib::Compat::Absolute_Path"
);
validator!(
    validate_integer,
    "validate_integer",
    "Stdlib::Compat::Integer"
);
validator!(
    validate_numeric,
    "validate_numeric",
    "Stdlib::Compat::Numeric"
);
validator!(
    validate_ip_address,
    "validate_ip_address",
    "Stdlib::Compat::Ip_Address"
);
validator!(validate_slength, "validate_slength", "String[x]");
validator!(
    validate_ipv4_address,
    "validate_ipv4_address",
    "Stdlib::Compat::Ipv4_Address"
);
validator!(
    validate_ipv6_address,
    "validate_ipv6_address",
    "Stdlib::Compat::Ipv6_address"
);

fn validate_legacy(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> R {
    let which = dispatch(ev, args, b)?;
    let t = match which {
        0 => args[0].as_type().cloned().unwrap_or(PType::Any),
        _ => ev.type_from_text(args[0].as_str().unwrap_or_default())?,
    };
    let function = args[1].as_str().unwrap_or_default().to_string();
    let value = &args[2];
    let mut prev = vec![value.clone()];
    prev.extend(args[3..].iter().cloned());
    let previous_ok = legacy_check(ev, &function, &prev).is_ok();
    if shims::is_instance(&t, value) {
        if !previous_ok {
            // The reference's value is its notice's message.
            let message = format!("Accepting previously invalid value for target type '{t}'");
            ev.log(LogLevel::Notice, &message);
            return Ok(Value::string(message.as_str()));
        }
        return Ok(Value::Undef);
    }
    let message = format!(
        "validate_legacy({function}) {}",
        shims::describe_mismatch(&t, value)
    );
    if previous_ok {
        deprecation(ev, "validate_legacy", &message)?;
        Ok(Value::Undef)
    } else {
        Err(Error::eval(message).into())
    }
}

/// An address or a network (`a.b.c.d/n`) as (address bits, prefix length, is IPv6).
fn parse_network(s: &str) -> Option<(u128, u32, bool)> {
    let (addr, len) = match s.split_once('/') {
        Some((a, l)) => (a, Some(l)),
        None => (s, None),
    };
    let (bits, v6) = match addr.parse::<std::net::IpAddr>().ok()? {
        std::net::IpAddr::V4(a) => (u32::from(a) as u128, false),
        std::net::IpAddr::V6(a) => (u128::from(a), true),
    };
    let max = if v6 { 128 } else { 32 };
    let len = match len {
        None => max,
        Some(l) => match l.parse::<u32>() {
            Ok(n) if n <= max => n,
            Ok(_) => return None,
            Err(_) => {
                // A netmask (`255.255.255.0`).
                let m = u32::from(l.parse::<std::net::Ipv4Addr>().ok()?);
                m.count_ones()
            }
        },
    };
    Some((bits, len, v6))
}

fn in_network(ip: (u128, u32, bool), net: (u128, u32, bool)) -> bool {
    if ip.2 != net.2 {
        return false;
    }
    let width = if net.2 { 128 } else { 32 };
    let shift = width - net.1;
    if shift >= 128 {
        return true;
    }
    (ip.0 >> shift) == (net.0 >> shift)
}

fn ip_in_range(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> R {
    dispatch(ev, args, b)?;
    let invalid = |s: &str| -> crate::eval::Flow {
        Error::eval(format!(
            "invalid address: {}",
            if s.parse::<std::net::IpAddr>().is_ok() {
                s
            } else {
                ""
            }
        ))
        .into()
    };
    let s = args[0].as_str().unwrap_or_default();
    let ip = parse_network(s).ok_or_else(|| invalid(s))?;
    let ranges: Vec<String> = match &args[1] {
        Value::Array(a) => a.iter().map(to_display).collect(),
        other => vec![to_display(other)],
    };
    for r in &ranges {
        let net = parse_network(r).ok_or_else(|| invalid(r))?;
        if in_network(ip, net) {
            return Ok(Value::Boolean(true));
        }
    }
    Ok(Value::Boolean(false))
}

fn affix_test(args: &[Value], start: bool) -> R {
    let s = args[0].as_str().unwrap_or_default();
    let candidates: Vec<String> = match &args[1] {
        Value::Array(a) => a.iter().map(to_display).collect(),
        other => vec![to_display(other)],
    };
    Ok(Value::Boolean(candidates.iter().any(|c| {
        if start {
            s.starts_with(c.as_str())
        } else {
            s.ends_with(c.as_str())
        }
    })))
}

fn start_with(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> R {
    dispatch(ev, args, b)?;
    affix_test(args, true)
}

fn end_with(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> R {
    dispatch(ev, args, b)?;
    affix_test(args, false)
}

fn facts(ev: &Evaluator) -> Value {
    ev.lookup_variable("::facts").unwrap_or(Value::Undef)
}

fn os_version_gte(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> R {
    dispatch(ev, args, b)?;
    let f = facts(ev);
    let get = |k: &str| match &f {
        Value::Hash(h) => h.get(&Value::from(k)).cloned().unwrap_or(Value::Undef),
        _ => Value::Undef,
    };
    let os = get("operatingsystem");
    if os.as_str() != args[0].as_str() {
        return Ok(Value::Boolean(false));
    }
    let release = to_display(&get("operatingsystemmajrelease"));
    let version = args[1].as_str().unwrap_or_default();
    Ok(Value::Boolean(
        crate::functions::strings::versioncmp_str(&release, version, false)
            != std::cmp::Ordering::Less,
    ))
}

fn fact(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> R {
    dispatch(ev, args, b)?;
    let mut cur = facts(ev);
    let name = args[0].as_str().unwrap_or_default();
    let mut keys: Vec<String> = Vec::new();
    let mut part = String::new();
    let mut quoted = false;
    for c in name.chars() {
        match c {
            '"' => quoted = !quoted,
            '.' if !quoted => keys.push(std::mem::take(&mut part)),
            c => part.push(c),
        }
    }
    keys.push(part);
    // (as stdlib's `scan`: empty segments are no keys; `fact('')` is every fact)
    keys.retain(|k| !k.is_empty());
    let mut walked: Vec<&str> = Vec::new();
    for k in &keys {
        let dotted = || {
            walked
                .iter()
                .map(|s| {
                    if s.contains('.') {
                        format!("\"{s}\"")
                    } else {
                        s.to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(".")
        };
        cur = match &cur {
            Value::Undef => return Ok(Value::Undef),
            Value::Hash(h) => h
                .get(&Value::from(k.as_str()))
                .cloned()
                .unwrap_or(Value::Undef),
            Value::Array(a) => match k.parse::<i64>() {
                // Ruby's `array[i]`: from the end for a negative index
                Ok(i) => {
                    let i = if i < 0 { i + a.len() as i64 } else { i };
                    usize::try_from(i)
                        .ok()
                        .and_then(|i| a.get(i).cloned())
                        .unwrap_or(Value::Undef)
                }
                Err(_) => {
                    let m = format!(
                        "fact request for {name} returning nil: '{}' is an array; cannot index to '{k}'",
                        dotted()
                    );
                    ev.log(crate::LogLevel::Warning, &m);
                    Value::Undef
                }
            },
            _ => {
                let m = format!(
                    "fact request for {name} returning nil: '{}' is not a collection; cannot walk to '{k}'",
                    dotted()
                );
                ev.log(crate::LogLevel::Warning, &m);
                Value::Undef
            }
        };
        walked.push(k);
    }
    Ok(cur)
}

fn assert_private(ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> R {
    if args.len() > 1 {
        return Err(old_api_error(format!(
            "assert_private(): Wrong number of arguments given ({} for 0 or 1)",
            args.len()
        )));
    }
    let lookup = |n: &str| ev.lookup_variable(n);
    let module = lookup("module_name").unwrap_or_else(|| Value::from(""));
    let caller = lookup("caller_module_name").unwrap_or(Value::Undef);
    if module == caller {
        return Ok(Value::Undef);
    }
    // (only a string is the message: the source tests `is_a?(String)`)
    if let Some(Value::String(m)) = args.first() {
        return Err(Error::eval(m.to_string()).into());
    }
    let what = match ev.scope.as_ref() {
        Some(s) => match &s.kind {
            crate::compile::ScopeKind::Class(n) => format!("Class {n}"),
            crate::compile::ScopeKind::Define => format!(
                "Definition {}",
                ev.compilation
                    .catalog
                    .get(s.resource)
                    .type_name
                    .to_lowercase()
            ),
            crate::compile::ScopeKind::Node => "Class ".to_string(),
        },
        None => "Class ".to_string(),
    };
    Err(Error::eval(format!("{what} is private")).into())
}

const ANY: &[&str] = &["Any *$args"];

pub fn builtins() -> Vec<Builtin> {
    vec![
        builtin("deprecation", &["String $key, String $message"], deprecation_fn, "deprecation(String $key, String $message) -> Undef\n(stdlib) An error under strict = error (the default), a warning under strict = warning.\n\n    deprecation('key', 'Use x instead')"),
        builtin("is_string", ANY, is_string, "is_string(Any $value) -> Boolean\n(stdlib, deprecated: an error under strict = error) Whether the value is a non-numeric string."),
        builtin("is_array", ANY, is_array, "is_array(Any $value) -> Boolean\n(stdlib, deprecated: an error under strict = error) Whether the value is an array."),
        builtin("is_bool", ANY, is_bool, "is_bool(Any $value) -> Boolean\n(stdlib, deprecated: an error under strict = error) Whether the value is a boolean."),
        builtin("is_float", ANY, is_float, "is_float(Any $value) -> Boolean\n(stdlib, deprecated: an error under strict = error) Whether the value is a float."),
        builtin("is_numeric", ANY, is_numeric, "is_numeric(Any $value) -> Boolean\n(stdlib, deprecated: an error under strict = error) Whether the value is a number."),
        builtin("is_hash", ANY, is_hash, "is_hash(Any $value) -> Boolean\n(stdlib) Whether the value is a hash.\n\n    is_hash({})   # true"),
        builtin("is_integer", ANY, is_integer, "is_integer(Any $value) -> Boolean\n(stdlib) Whether the value is an integer or an integer's digits.\n\n    is_integer('12')   # true"),
        builtin("is_absolute_path", ANY, is_absolute_path, "is_absolute_path(Any $path) -> Boolean\n(stdlib, deprecated: an error under strict = error) Whether the value is an absolute path."),
        builtin("is_ip_address", ANY, is_ip_address, "is_ip_address(Any $value) -> Boolean\n(stdlib, deprecated: an error under strict = error) Whether the value is an IP address."),
        builtin("is_ipv4_address", ANY, is_ipv4_address, "is_ipv4_address(Any $value) -> Boolean\n(stdlib, deprecated: an error under strict = error) Whether the value is an IPv4 address."),
        builtin("is_ipv6_address", ANY, is_ipv6_address, "is_ipv6_address(Any $value) -> Boolean\n(stdlib, deprecated: an error under strict = error) Whether the value is an IPv6 address."),
        builtin("is_domain_name", ANY, is_domain_name, "is_domain_name(Any $value) -> Boolean\n(stdlib) Whether the string is a syntactically correct domain name.\n\n    is_domain_name('example.com')   # true"),
        builtin("is_email_address", ANY, is_email_address, "is_email_address(Any $value) -> Boolean\n(stdlib) Whether the string is an email address.\n\n    is_email_address('a@b.c')   # true"),
        builtin("is_mac_address", ANY, is_mac_address, "is_mac_address(Any $value) -> Boolean\n(stdlib) Whether the string is a MAC address.\n\n    is_mac_address('00:a0:1f:12:7f:a0')   # true"),
        builtin("validate_string", ANY, validate_string, "validate_string(Any *$values)\n(stdlib, deprecated: an error under strict = error; use validate_legacy)"),
        builtin("validate_array", ANY, validate_array, "validate_array(Any *$values)\n(stdlib, deprecated: an error under strict = error; use validate_legacy)"),
        builtin("validate_hash", ANY, validate_hash, "validate_hash(Any *$values)\n(stdlib, deprecated: an error under strict = error; use validate_legacy)"),
        builtin("validate_bool", ANY, validate_bool, "validate_bool(Any *$values)\n(stdlib, deprecated: an error under strict = error; use validate_legacy)"),
        builtin("validate_re", ANY, validate_re, "validate_re(String $value, Variant[String, Array] $patterns, String $message)\n(stdlib, deprecated: an error under strict = error; use validate_legacy)"),
        builtin("validate_absolute_path", ANY, validate_absolute_path, "validate_absolute_path(Variant[String, Array] $paths)\n(stdlib, deprecated: an error under strict = error; use validate_legacy)"),
        builtin("validate_integer", ANY, validate_integer, "validate_integer(Any $value, Integer $max, Integer $min)\n(stdlib, deprecated: an error under strict = error; use validate_legacy)"),
        builtin("validate_numeric", ANY, validate_numeric, "validate_numeric(Any $value, Numeric $max, Numeric $min)\n(stdlib, deprecated: an error under strict = error; use validate_legacy)"),
        builtin("validate_ip_address", ANY, validate_ip_address, "validate_ip_address(Variant[String, Array] $addresses)\n(stdlib, deprecated: an error under strict = error; use validate_legacy)"),
        builtin("validate_ipv4_address", ANY, validate_ipv4_address, "validate_ipv4_address(Variant[String, Array] $addresses)\n(stdlib, deprecated: an error under strict = error; use validate_legacy)"),
        builtin("validate_ipv6_address", ANY, validate_ipv6_address, "validate_ipv6_address(Variant[String, Array] $addresses)\n(stdlib, deprecated: an error under strict = error; use validate_legacy)"),
        builtin("validate_domain_name", ANY, validate_domain_name, "validate_domain_name(String *$names)\n(stdlib) Fails unless each argument is a syntactically correct domain name.\n\n    validate_domain_name('example.com')"),
        builtin("validate_email_address", ANY, validate_email_address, "validate_email_address(String *$addresses)\n(stdlib) Fails unless each argument is an email address.\n\n    validate_email_address('a@b.com')"),
        builtin("validate_slength", ANY, validate_slength, "validate_slength(Variant[String, Array] $value, Integer $max)\n(stdlib, deprecated: an error under strict = error; use validate_legacy)"),
        builtin("validate_legacy", &["Type $target_type, String $function_name, Any $value, Any *$args", "String $type_string, String $function_name, Any $value, Any *$args"], validate_legacy, "validate_legacy(Variant[Type, String] $type, String $function, Any $value, Any *$args) -> Undef\n(stdlib) Checks the value against the type; when it fails, the older validation function decides between a deprecation and an error.\n\n    validate_legacy(Integer, 'validate_integer', 1)"),
        builtin("stdlib::ip_in_range", &["String $ipaddress, Variant[String, Array] $range"], ip_in_range, "stdlib::ip_in_range(String $ipaddress, Variant[String, Array] $range) -> Boolean\n(stdlib) Whether the address is in the network (one of the networks).\n\n    stdlib::ip_in_range('10.10.10.53', '10.10.10.0/24')   # true"),
        builtin("stdlib::start_with", &["String $test_string, Variant[String[1], Array[String[1], 1]] $prefixes"], start_with, "stdlib::start_with(String $string, Variant[String, Array[String]] $prefixes) -> Boolean\n(stdlib) Whether the string starts with the prefix (one of them).\n\n    stdlib::start_with('foobar', 'foo')   # true"),
        builtin("stdlib::end_with", &["String $test_string, Variant[String[1], Array[String[1], 1]] $suffixes"], end_with, "stdlib::end_with(String $string, Variant[String, Array[String]] $suffixes) -> Boolean\n(stdlib) Whether the string ends with the suffix (one of them).\n\n    stdlib::end_with('foobar', 'bar')   # true"),
        builtin("os_version_gte", &["String[1] $os, String[1] $version"], os_version_gte, "os_version_gte(String $os, String $version) -> Boolean\n(stdlib) Whether the node's `operatingsystem` fact is the OS and its `operatingsystemmajrelease` is at least the version.\n\n    os_version_gte('Debian', '11')"),
        builtin("assert_private", ANY, assert_private, "assert_private(String $message)\n(stdlib) Fails unless the calling class or define is in the same module.\n\n    assert_private()"),
        builtin("fact", &["String $fact_name"], fact, "fact(String $name) -> Any\n(stdlib) A fact by dotted name (undef when missing).\n\n    fact('os.family')"),
    ]
}
