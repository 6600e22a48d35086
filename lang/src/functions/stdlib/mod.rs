//! Native versions of the Ruby functions of puppetlabs-stdlib (8.x) that real modules call:
//! `data` (JSON and YAML), `collections` (merge, pick, delete, concat, ...), `validate`
//! (`is_*`, `validate_*`, `validate_legacy`, `stdlib::ip_in_range`, ...), `resources`
//! (`ensure_packages`, `ensure_resource`, `getparam`, `defined_with_params`). Their
//! results and error wording follow the reference with stdlib installed
//! (`testdata/stdlib.jsonl`). Functions of the older API check their own arguments.

pub mod collections;
pub mod crypt;
pub mod data;
pub mod extra;
pub mod modules;
pub mod resources;
pub mod validate;
mod yaml_error;

use crate::error::Error;
use crate::error::Source;
use crate::eval::{Evaluator, Flow};
use crate::syntax::ast::Span;
use crate::Strictness;
use std::rc::Rc;

/// The native versions of modules' functions, each marked with its module (`stdlib`,
/// `openstacklib`, ...): a call by name reaches one only when its module is on the
/// modulepath.
pub fn builtins() -> Vec<super::Builtin> {
    let stdlib = [
        data::builtins(),
        collections::builtins(),
        validate::builtins(),
        resources::builtins(),
        extra::builtins(),
        crypt::builtins(),
    ];
    let mut all: Vec<super::Builtin> = stdlib
        .into_iter()
        .flatten()
        .map(|b| super::Builtin {
            module: Some("stdlib"),
            ..b
        })
        .collect();
    all.extend(modules::builtins().into_iter().map(|b| super::Builtin {
        module: module_of_other(b.name),
        ..b
    }));
    all
}

/// The module whose Ruby function a native built-in stands for (`stdlib`, `openstacklib`,
/// ...); `None` for functions of Puppet itself.
pub fn module_of(name: &str) -> Option<&'static str> {
    super::find(name).and_then(|b| b.module)
}

fn module_of_other(n: &str) -> Option<&'static str> {
    Some(match n {
        "is_service_default" | "normalize_ip_for_uri" | "inet6_prefix" => "openstacklib",
        "translate" => "translate",
        "to_array_of_json_strings" => "nova",
        "ipv6_normalize_dnsmasq_ip_subnets" => "ironic",
        "staging_parse" | "scope_defaults" => "staging",
        "mysql_password" => "mysql",
        "is_a" => "stdlib",
        _ => {
            return crate::names::split_first(n).and_then(|(m, _)| match m {
                "mysql" => Some("mysql"),
                "apache" => Some("apache"),
                "postgresql" => Some("postgresql"),
                _ => None,
            })
        }
    })
}

/// Ruby's `to_s` of a value as a module's Ruby function gets it (`["a", "b"]` for an
/// array, `{"a"=>1}` for a hash): what its messages and string conversions show.
pub(crate) fn ruby_to_s(v: &crate::values::Value) -> String {
    // (a string is its own `to_s`: not copied into a Ruby string first)
    if let crate::values::Value::String(s) = v {
        return s.to_string();
    }
    crate::erb::ruby::show::to_s(&crate::erb::bridge::to_ruby(v))
}

/// An error raised by a function of the older API.
pub(crate) fn old_api_error(message: String) -> Flow {
    Error::eval(message).into()
}

/// The Ruby class of a 3.x function's argument, as its messages name it (`arg.class`:
/// `TrueClass`, `URI::HTTP`, `String` for an undef or a regexp; `format::ruby::class_name_as`).
pub(crate) fn rb_class(v: &crate::values::Value) -> String {
    crate::format::ruby::class_name_as(v, crate::format::ruby::Held::Strings)
}

pub(crate) fn arity_error(message: &str) -> Flow {
    Error::eval(message.to_string()).into()
}

/// stdlib's `deprecation(key, message)`: an error under `strict = error` (the reference's
/// default), a warning under `strict = warning`, nothing when strict is off.
pub(crate) fn deprecation(ev: &mut Evaluator, key: &str, message: &str) -> Result<(), Flow> {
    // The reference's `"at #{file}:#{line}"` of its Puppet stack's first two frames: this
    // call's and the one it runs in (none in a define's body run as the catalog is finished).
    let frame = |site: Option<(&Rc<Source>, Option<Span>)>| match site {
        Some((source, span)) => {
            let line = span.map_or(0, |s| source.line_col(s.start).0);
            let file = if source.name.contains('/') || source.name.ends_with(".pp") {
                source.name.as_str()
            } else {
                "unknown"
            };
            format!("[{}, {line}]", crate::format::quote::ruby_inspect(file))
        }
        None => String::new(),
    };
    let n = ev.call_sites.len();
    let message = format!(
        "{message} at {}:{}",
        frame(ev.call_sites.last()),
        frame(n.checked_sub(2).and_then(|i| ev.call_sites.get(i)))
    );
    match ev.strict {
        Strictness::Off => Ok(()),
        Strictness::Error => Err(Error::eval(format!("deprecation. {key}. {message}")).into()),
        Strictness::Warning => {
            ev.deprecation(&message);
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests;
