//! The template's `scope`: variables (`scope['x']`, `scope.lookupvar('x')`) and Puppet
//! functions (`scope.function_NAME([args])`, `scope.call_function('name', [args])`).

use super::Call;
use super::M;
use crate::eval::{raise, unsupported, Interp, R};
use crate::show::to_s;
use crate::value::RBool;
use crate::value::RValue;

/// `scope['name']` and `scope.lookupvar('name')` (one argument): the variable's value as
/// the code sees it. Also the compiled call sites' own path for these calls on the scope
/// (`compiled::on_receiver`), past the general call's dispatch and argument list.
pub(crate) fn variable(it: &mut Interp, arg: &RValue, at: usize) -> R {
    if !matches!(arg, RValue::Str(_)) {
        return not_a_string(arg, at);
    }
    let name = crate::show::text(arg);
    if let Some(v) = it.st.scope_vars.get(&*name) {
        return Ok(v.clone());
    }
    // (stdlib's `fact` reads `closure_scope['facts']` at each call: the host's kept
    // object, without the map of variables read, reset at each call)
    if let Some(v) = it.host.kept_variable(&name) {
        return Ok(v);
    }
    let found = match arg {
        RValue::Str(s) => it.host_variable_named(s),
        _ => it.host_variable(&name),
    };
    match found {
        Some(v) => Ok(v),
        None => match it.host.undefined_variable(&name) {
            Some(message) => super::raise_arg(message, at),
            None => Ok(RValue::Nil),
        },
    }
}

/// The reference's `Scope#lookupvar` of a name that is no string (`scope[:x]`).
fn not_a_string<T>(name: &RValue, at: usize) -> R<T> {
    let message = format!(
        "Scope variable name {} is a {}, not a string",
        crate::show::inspect(name),
        name.class_name()
    );
    Err(crate::eval::Flow::from(crate::error::RubyError::raised_as(
        "Puppet::ParseError",
        message,
        at,
    )))
}

pub fn call(it: &mut Interp, c: &Call) -> R<Option<RValue>> {
    Ok(Some(match c.id {
        M::op_aref | M::lookupvar => {
            if c.id == M::lookupvar {
                c.arity(1, 2)?;
            } else {
                c.arity(1, 1)?;
            }
            variable(it, &c.args[0], c.at)?
        }
        // (`include?`: a variable with a value other than undef, as the reference's
        // `Scope#include?`; `exist?`: any variable)
        M::include_p | M::exist_p => {
            c.arity(1, 1)?;
            let name = to_s(&c.args[0]);
            // (`exist?` looks a name up in tables of strings: another value is in none,
            // but a `::`-qualified symbol, which it takes apart with a regexp; `include?`
            // reads it as `[]` does)
            match &c.args[0] {
                RValue::Str(_) => {}
                RValue::Sym(_) if c.id == M::exist_p && name.contains("::") => {}
                _ if c.id == M::exist_p => return Ok(Some(RValue::Bool(RBool::new(false)))),
                other => return not_a_string(other, c.at),
            }
            RValue::Bool(RBool::new(
                it.host.has_variable(&name, c.id == M::include_p),
            ))
        }
        M::call_function => {
            c.arity(1, 2)?;
            let name = to_s(&c.args[0]);
            let args = match c.args.get(1) {
                Some(RValue::Array(a)) => a.borrow().to_vec(),
                Some(other) => vec![other.clone()],
                None => vec![],
            };
            if let Some(b) = c.block {
                // a Ruby block, which the function calls as a lambda
                return match it.call_function_with_block(&name, args, b, c.at)? {
                    Some(v) => Ok(Some(v)),
                    None => unsupported("passing a block to call_function", c.at),
                };
            }
            let r = it.host.call_function(&name, args);
            crate::eval::host_result(r, c.at)?
        }
        _ if c.name.starts_with("function_") => {
            let fname = &c.name["function_".len()..];
            match it.host.has_function(fname) {
                Ok(true) => {}
                Ok(false) => return Ok(None),
                Err(m) => return raise(m, c.at),
            }
            if c.args.len() != 1 {
                return raise(
                    format!(
                        "wrong number of arguments (given {}, expected 1)",
                        c.args.len()
                    ),
                    c.at,
                );
            }
            let args = match &c.args[0] {
                RValue::Array(a) => a.borrow().to_vec(),
                _ => return raise("custom functions must be called with a single array that contains the arguments. For example, function_example([1]) instead of function_example(1)", c.at),
            };
            let r = it.host.call_legacy_function(fname, args);
            crate::eval::host_result(r, c.at)?
        }
        M::setvar => {
            c.arity(2, 3)?;
            let name = to_s(&c.args[0]);
            let r = it.host.set_variable(&name, &c.args[1]);
            crate::eval::host_result(r, c.at)?;
            it.share_variable(&name, c.args[1].clone());
            it.st.scope_vars.insert(name, c.args[1].clone());
            c.args[1].clone()
        }
        // a new hash each call, holding the objects `@x` reads (a value changed through it
        // is changed for the template and, written back, for Puppet, as in the reference)
        M::to_hash if c.args.is_empty() => {
            let Some(hash) = it.scope_hash() else {
                return unsupported("method 'to_hash' on Puppet::Parser::Scope", c.at);
            };
            RValue::hash((*hash).clone())
        }
        // what the host gives of Puppet's compiler (`compiler.environment`, as
        // `Puppet::Parser::Files.find_template` takes it)
        M::compiler | M::environment if c.args.is_empty() => {
            match it.host.system_call("Puppet::Parser::Scope", c.name, &[]) {
                Some(r) => crate::eval::host_result(r, c.at)?,
                None => {
                    return unsupported(
                        format!("method '{}' on Puppet::Parser::Scope", c.name),
                        c.at,
                    )
                }
            }
        }
        // `scope.send('function_x', args)` (stdlib's deprecation wrappers): only the
        // scope's own methods named by a string or symbol, so `send` reaches nothing else
        M::send | M::public_send | M::__send__ if !c.args.is_empty() => {
            let name = match &c.args[0] {
                RValue::Str(_) | RValue::Sym(_) => to_s(&c.args[0]),
                other => {
                    return raise(
                        format!("{} is not a symbol nor a string", to_s(other)),
                        c.at,
                    )
                }
            };
            let inner = Call {
                id: M::of(&name),
                name: &name,
                args: c.args[1..].to_vec(),
                block: c.block,
                at: c.at,
            };
            match call(it, &inner)? {
                Some(v) => v,
                None => {
                    return unsupported(format!("method '{name}' on Puppet::Parser::Scope"), c.at)
                }
            }
        }
        // the rest of `Puppet::Parser::Scope`'s public methods (Puppet 7.23's list): the real
        // scope answers them, the subset cannot
        M::to_hash
        | M::op_aset
        | M::compiler
        | M::catalog
        | M::environment
        | M::source
        | M::resource
        | M::parent
        | M::lookupdefaults
        | M::tags
        | M::facts => {
            return unsupported(
                format!("method '{}' on Puppet::Parser::Scope", c.name),
                c.at,
            )
        }
        _ if OTHER_SCOPE_METHODS.contains(&c.name) => {
            return unsupported(
                format!("method '{}' on Puppet::Parser::Scope", c.name),
                c.at,
            )
        }
        _ => return Ok(None),
    }))
}

/// Public methods of `Puppet::Parser::Scope` (Puppet 7.23) that have no id of their own:
/// the real scope answers them, the subset cannot.
const OTHER_SCOPE_METHODS: &[&str] = &[
    "bound?",
    "class_scope",
    "class_set",
    "defaults",
    "define_settings",
    "effective_symtable",
    "enclosing_scope",
    "ephemeral_from",
    "ephemeral_level",
    "find_builtin_resource_type",
    "find_defined_resource_type",
    "find_definition",
    "find_global_scope",
    "find_hostclass",
    "find_resource_type",
    "findresource",
    "get_local_variable",
    "handle_not_found",
    "has_local_variable?",
    "inherited_scope",
    "is_classscope?",
    "is_default?",
    "is_nodescope?",
    "is_topscope?",
    "lookup_qualified_variable",
    "lookuptype",
    "merge_settings",
    "new_ephemeral",
    "new_match_scope",
    "newscope",
    "parent=",
    "parent_module_name",
    "pop_ephemerals",
    "push_ephemerals",
    "resolve_type_and_titles",
    "resource=",
    "set_facts",
    "set_match_data",
    "set_server_facts",
    "set_trusted",
    "source=",
    "transform_and_assert_classnames",
    "undef_as",
    "variable_not_found",
    "with_global_scope",
    "with_guarded_scope",
    "with_local_scope",
    "with_parameter_scope",
    "without_ephemeral_scopes",
];
