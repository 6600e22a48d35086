//! `notice`, `warning`, ... and `fail`: arguments joined by a space, each in its `%s` form
//! (strings unquoted, undef empty, sensitive values redacted).

use super::signature::dispatch;
use super::{builtin, Builtin};
use crate::error::{Error, ErrorKind};
use crate::eval::{Closure, EvalResult, Evaluator};
use crate::format;
use crate::values::Value;
use crate::LogLevel;

/// The message the logging functions and `fail` produce from their arguments.
pub fn message(args: &[Value]) -> Result<String, Error> {
    let mut out = String::new();
    for (i, a) in args.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        match a {
            Value::Sensitive(_) => out.push_str("Sensitive [value redacted]"),
            other => crate::limits::push_str(&mut out, &format::try_display(other)?)?,
        }
    }
    Ok(out)
}

fn log(ev: &mut Evaluator, level: LogLevel, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    let m = message(args)?;
    ev.log(level, &m);
    Ok(Value::Undef)
}

macro_rules! log_fn {
    ($fname:ident, $level:expr) => {
        fn $fname(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
            log(ev, $level, args, b)
        }
    };
}

log_fn!(debug, LogLevel::Debug);
log_fn!(info, LogLevel::Info);
log_fn!(notice, LogLevel::Notice);
log_fn!(warning, LogLevel::Warning);
log_fn!(err, LogLevel::Err);
log_fn!(alert, LogLevel::Alert);
log_fn!(crit, LogLevel::Crit);
log_fn!(emerg, LogLevel::Emerg);

/// Ruby's `inspect` form, which `fail` shows nested values in: `[1, "a"]`, `{"a"=>1}`.
pub fn ruby_inspect(v: &Value, out: &mut String, depth: usize) {
    if depth > 512 {
        out.push_str("[...]");
        return;
    }
    match v {
        Value::Undef => out.push_str("nil"),
        // The reference's `default` is the Ruby symbol.
        Value::Default => out.push_str(":default"),
        Value::String(s) => out.push_str(&format!("{:?}", &**s)),
        Value::Array(a) => {
            out.push('[');
            for (i, x) in a.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                ruby_inspect(x, out, depth + 1);
            }
            out.push(']');
        }
        Value::Hash(h) => {
            out.push('{');
            for (i, (k, x)) in h.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                ruby_inspect(k, out, depth + 1);
                out.push_str("=>");
                ruby_inspect(x, out, depth + 1);
            }
            out.push('}');
        }
        other => out.push_str(&format::to_display(other)),
    }
}

fn fail(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    let mut m = String::new();
    for (i, a) in args.iter().enumerate() {
        if i > 0 {
            m.push(' ');
        }
        match a {
            Value::Array(_) | Value::Hash(_) => ruby_inspect(a, &mut m, 0),
            Value::Sensitive(_) => m.push_str("Sensitive [value redacted]"),
            other => m.push_str(&format::to_display(other)),
        }
    }
    Err(Error::new(ErrorKind::Failed, m).into())
}

fn import(_: &mut Evaluator, _: &[Value], _: Option<&Closure>) -> EvalResult {
    Err(Error::eval("Use of 'import' has been discontinued in favor of a manifest directory. See http://links.puppet.com/puppet-import-deprecation").into())
}

const VALUES: &[&str] = &["Any *$values"];

pub fn builtins() -> Vec<Builtin> {
    vec![
        builtin("debug", VALUES, debug, "debug(Any *$values) -> Undef\nLogs the values at level debug.\n\n    debug('checking', $x)"),
        builtin("info", VALUES, info, "info(Any *$values) -> Undef\nLogs the values at level info.\n\n    info('hello')"),
        builtin("notice", VALUES, notice, "notice(Any *$values) -> Undef\nLogs the values, joined by a space, at level notice.\n\n    notice('x is', $x)   # Notice: x is 1"),
        builtin("warning", VALUES, warning, "warning(Any *$values) -> Undef\nLogs the values at level warning.\n\n    warning('careful')"),
        builtin("err", VALUES, err, "err(Any *$values) -> Undef\nLogs the values at level err.\n\n    err('failed')"),
        builtin("alert", VALUES, alert, "alert(Any *$values) -> Undef\nLogs the values at level alert.\n\n    alert('disk full')"),
        builtin("crit", VALUES, crit, "crit(Any *$values) -> Undef\nLogs the values at level crit.\n\n    crit('down')"),
        builtin("emerg", VALUES, emerg, "emerg(Any *$values) -> Undef\nLogs the values at level emerg.\n\n    emerg('fire')"),
        builtin("fail", VALUES, fail, "fail(Any *$values)\nStops evaluation with an error whose message is the values joined by a space.\n\n    fail('unsupported OS')"),
        builtin("import", &["Any *$args"], import, "import(...)\nDiscontinued: always an error."),
    ]
}
