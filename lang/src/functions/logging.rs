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
    // (a value whose printing the reference fails, `Regexp['[a-']`: the call fails before
    // it logs)
    if crate::limits::deferred_pending() {
        if let Some(d) = crate::limits::take_deferred_error() {
            return Err(Error::eval(d.message).into());
        }
    }
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

fn fail(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    let mut m = String::new();
    for (i, a) in args.iter().enumerate() {
        if i > 0 {
            m.push(' ');
        }
        match a {
            // (`fail` is a function of the older API: its arguments are converted so)
            Value::Array(_) | Value::Hash(_) => {
                format::ruby::inspect_into(a, &mut m, format::ruby::Held::Strings)
            }
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
