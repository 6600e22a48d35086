//! `debug::break()`: a breakpoint written in code (puppet-debugger's name, so manifests
//! written for it work unchanged). See `eval::debug`.

use super::signature::dispatch;
use super::{builtin, Builtin};
use crate::error::Error;
use crate::eval::{Closure, EvalResult, Evaluator};
use crate::values::Value;

/// `debug::break()`, `debug::break($x > 3)`, `debug::break({'if' => $x > 3})`.
fn debug_break(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    let stop = match args.first() {
        None | Some(Value::Undef) => true,
        Some(Value::Boolean(on)) => *on,
        Some(Value::Hash(options)) => {
            for key in options.keys() {
                if key.as_str() != Some("if") {
                    return Err(Error::eval(format!(
                        "debug::break(): unknown option {} (the one option is 'if')",
                        crate::format::to_programmatic(key)
                    ))
                    .into());
                }
            }
            options.get(&Value::from("if")).is_none_or(Value::is_truthy)
        }
        Some(_) => true,
    };
    if stop {
        ev.debug_break_call()?;
    }
    Ok(Value::Undef)
}

pub fn builtins() -> Vec<Builtin> {
    vec![builtin(
        "debug::break",
        &["Variant[Boolean, Hash[Enum['if'], Any]] $condition?"],
        debug_break,
        "debug::break(Variant[Boolean, Hash] $condition?)\nStops the compilation here in the debugger (the REPL's prompt, a notebook's input box): explore the scope, step, continue (:help debug). With a condition, only when it is true: debug::break($x > 3), or as {'if' => $x > 3}. Without an interactive debugger (a file run without a terminal, --catalog), says where it is and goes on.\n\n    define web::site($port) {\n      debug::break({'if' => $port > 1024})\n    }",
    )]
}
