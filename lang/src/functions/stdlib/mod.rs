//! Native versions of the Ruby functions of puppetlabs-stdlib (8.x) that real modules call:
//! `data` (JSON and YAML), `collections` (merge, pick, delete, concat, ...), `validate`
//! (`is_*`, `validate_*`, `validate_legacy`, `stdlib::ip_in_range`, ...), `resources`
//! (`ensure_packages`, `ensure_resource`, `getparam`, `defined_with_params`). Their
//! results and error wording follow the reference with stdlib installed
//! (`testdata/stdlib.jsonl`). Functions of the older API check their own arguments.

pub mod collections;
pub mod data;
pub mod extra;
pub mod modules;
pub mod resources;
pub mod validate;

use crate::error::Error;
use crate::eval::{Evaluator, Flow};
use crate::Strictness;

pub fn builtins() -> Vec<super::Builtin> {
    let mut all = Vec::new();
    all.extend(data::builtins());
    all.extend(collections::builtins());
    all.extend(validate::builtins());
    all.extend(resources::builtins());
    all.extend(modules::builtins());
    all.extend(extra::builtins());
    all
}

/// An error raised by a function of the older API.
pub(crate) fn old_api_error(message: String) -> Flow {
    Error::eval(message).into()
}

pub(crate) fn arity_error(message: &str) -> Flow {
    Error::eval(message.to_string()).into()
}

/// stdlib's `deprecation(key, message)`: an error under `strict = error` (the reference's
/// default), a warning under `strict = warning`, nothing when strict is off.
pub(crate) fn deprecation(ev: &mut Evaluator, key: &str, message: &str) -> Result<(), Flow> {
    let (line, _) = ev.source.line_col(ev.call_span.start);
    let message = format!("{message} at [\"unknown\", {line}]:[\"unknown\", 0]");
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
