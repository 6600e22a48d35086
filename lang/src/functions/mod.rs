//! Built-in functions. Each built-in is a `Builtin` entry: its name, documentation,
//! declared signatures and implementation. The implementation receives the evaluator (to
//! call the lambda, log, look up variables), the evaluated arguments and the optional
//! lambda; it calls [`signature::dispatch`] to learn which signature the call matched.
//!
//! One module per family: `logging`, `control`, `iteration`, `iterators`, `query`,
//! `typing`, `strings`, `regex`, `scanf`, `numbers`, `collections`; `signature` declares
//! and dispatches signatures; `iterate` turns iterable values into lazy sequences for all
//! of them; `shims` calls into modules built in parallel. `testdata/*.jsonl` holds the
//! reference's answers for ~830 calls, checked by `tests::matches_the_reference`.

pub mod annotate;
pub mod catalog;
pub mod collections;
pub mod control;
pub mod debug;
pub(crate) mod deferred_params;
pub mod digest;
pub mod environment;
pub mod epp;
pub mod generate;
mod hiera_data;
pub mod iterate;
pub mod iteration;
pub mod iterators;
pub mod legacy_autoloader;
pub mod logging;
pub mod lookup;
pub mod modules;
pub mod numbers;
pub mod pcore;
pub mod query;
mod raised_class;
pub mod regex;
pub mod ruby_libraries;
pub mod ruby_puppet;
pub mod rubyfn;
pub mod scanf;
pub mod shims;
pub mod signature;
pub mod stdlib;
pub mod strings;
pub mod template;
mod template_block;
pub mod typing;

use crate::eval::{Closure, EvalResult, Evaluator};
use crate::values::Value;
use std::sync::OnceLock;

pub type BuiltinImpl = fn(&mut Evaluator, &[Value], Option<&Closure>) -> EvalResult;

pub struct Builtin {
    pub name: &'static str,
    /// Signatures and an example, shown by `:help NAME` and the kernel's `inspect`.
    pub doc: &'static str,
    /// The signatures, in dispatch order, written as parameter lists (see `signature`).
    pub signatures: &'static [&'static str],
    pub call: BuiltinImpl,
    /// The module whose Ruby function this stands for (set by `stdlib::builtins`): a call
    /// reaches it only when that module is on the modulepath.
    pub module: Option<&'static str>,
    /// The function reads nothing of its caller but its arguments (no variable, scope,
    /// frame or match variable, no code evaluated in the caller's scope, nothing declared):
    /// a compiled body may call it (`eval::compiled`). Set from [`SCOPE_FREE`].
    pub scope_free: bool,
    /// The answer of the calls it gives from their arguments alone, with no error, log
    /// line, lambda call or effect (`lest` of a value that is not undef, `length` of a
    /// string): compiled calls take it without the call's machinery (the signatures'
    /// dispatch, the current built-in, the call site: ~300 instructions); `None` for any
    /// other call, which is made as always. It must answer what the call answers.
    pub quick: Option<Quick>,
}

/// A built-in's answer to a call it can give without the evaluator (see
/// [`Builtin::quick`]): the arguments and the call's lambda, if any.
pub type Quick = fn(args: &[Value], block: Option<&crate::syntax::ast::Lambda>) -> Option<Value>;

/// Puppet's own functions that read nothing of their caller but their arguments (and a
/// lambda, when given one: calls with a lambda are not compiled). Sorted.
const SCOPE_FREE: &[&str] = &[
    "abs",
    "alert",
    "camelcase",
    "capitalize",
    "ceiling",
    "chomp",
    "chop",
    "compare",
    "crit",
    "debug",
    "dig",
    "downcase",
    "emerg",
    "empty",
    "err",
    "fail",
    "flatten",
    "floor",
    "info",
    "join",
    "keys",
    "length",
    "lstrip",
    "match",
    "max",
    "min",
    "notice",
    "regsubst",
    "round",
    "rstrip",
    "size",
    "sort",
    "split",
    "sprintf",
    "strftime",
    "strip",
    "type",
    "unique",
    "upcase",
    "values",
    "versioncmp",
    "warning",
];

/// Puppet's own functions that read no variable, scope or data of their caller beyond
/// their arguments but call the lambda they are given (its body is looked at on its own),
/// and those that only inspect or build values. With [`SCOPE_FREE`], the functions a
/// deferred session may run before the facts are installed (`reads_no_facts`). Sorted.
const CALL_ONLY_THEIR_LAMBDA: &[&str] = &[
    "all",
    "any",
    "assert_type",
    "break",
    "convert_to",
    "each",
    "explain_type",
    "filter",
    "get",
    "group_by",
    "index",
    "lest",
    "map",
    "new",
    "next",
    "partition",
    "reduce",
    "return",
    "reverse_each",
    "slice",
    "step",
    "then",
    "tree_each",
    "type_of",
    "unwrap",
    "with",
];

/// Whether a call of `name` reads nothing of the facts: one of Puppet's own functions of
/// [`SCOPE_FREE`] or [`CALL_ONLY_THEIR_LAMBDA`] (`eval::reads_facts`).
pub fn reads_no_facts(name: &str) -> bool {
    find(name).is_some_and(|b| {
        b.module.is_none() && (b.scope_free || CALL_ONLY_THEIR_LAMBDA.binary_search(&name).is_ok())
    })
}

/// Every built-in function, sorted by name.
pub fn all() -> &'static [Builtin] {
    static ALL: OnceLock<Vec<Builtin>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut all = Vec::new();
        all.extend(logging::builtins());
        all.extend(hiera_data::builtins());
        all.extend(modules::builtins());
        all.extend(catalog::builtins());
        all.extend(digest::builtins());
        all.extend(control::builtins());
        all.extend(debug::builtins());
        all.extend(iteration::builtins());
        all.extend(iterators::builtins());
        all.extend(query::builtins());
        all.extend(typing::builtins());
        all.extend(strings::builtins());
        all.extend(regex::builtins());
        all.extend(numbers::builtins());
        all.extend(collections::builtins());
        all.extend(scanf::builtins());
        all.extend(epp::builtins());
        all.extend(template::builtins());
        all.extend(stdlib::builtins());
        all.extend(environment::builtins());
        all.extend(generate::builtins());
        all.extend(lookup::builtins());
        all.extend(annotate::builtins());
        all.sort_by_key(|b| b.name);
        for b in &mut all {
            b.scope_free = b.module.is_none() && SCOPE_FREE.binary_search(&b.name).is_ok();
        }
        all
    })
}

/// Looks a built-in up by name.
pub fn find(name: &str) -> Option<&'static Builtin> {
    let all = all();
    all.binary_search_by_key(&name, |b| b.name)
        .ok()
        .map(|i| &all[i])
}

/// Calls a built-in from another built-in (`call`), naming it in errors and lambda checks.
pub fn call_builtin(
    ev: &mut Evaluator,
    b: &'static Builtin,
    args: &[Value],
    block: Option<&Closure>,
) -> EvalResult {
    let outer = std::mem::replace(&mut ev.current_builtin, b.name);
    let outer_signatures = std::mem::replace(&mut ev.current_signatures, b.signatures);
    let r = (b.call)(ev, args, block);
    ev.current_builtin = outer;
    ev.current_signatures = outer_signatures;
    r
}

/// Shorthand for declaring a built-in.
pub(crate) const fn builtin(
    name: &'static str,
    signatures: &'static [&'static str],
    call: BuiltinImpl,
    doc: &'static str,
) -> Builtin {
    Builtin {
        name,
        doc,
        signatures,
        call,
        module: None,
        scope_free: false,
        quick: None,
    }
}

impl Builtin {
    /// This function, answering some calls by `quick` (see [`Builtin::quick`]).
    pub(crate) const fn quick(self, quick: Quick) -> Builtin {
        Builtin {
            quick: Some(quick),
            ..self
        }
    }

    /// This function, marked as reading nothing of its caller but its arguments.
    pub(crate) const fn scope_free(self) -> Builtin {
        Builtin {
            scope_free: true,
            ..self
        }
    }
}

#[cfg(test)]
mod tests;
