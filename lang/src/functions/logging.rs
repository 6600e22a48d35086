//! `notice`, `warning`, ... and `fail`: arguments joined by a space, each in its `%s` form.

use super::Builtin;
use crate::error::{Error, ErrorKind};
use crate::eval::{Closure, EvalResult, Evaluator};
use crate::format;
use crate::values::Value;
use crate::LogLevel;

fn message(args: &[Value]) -> String {
    args.iter()
        .map(format::to_display)
        .collect::<Vec<_>>()
        .join(" ")
}

fn log(ev: &mut Evaluator, level: LogLevel, args: &[Value]) -> EvalResult {
    let m = message(args);
    ev.log(level, &m);
    Ok(Value::Undef)
}

macro_rules! log_fn {
    ($fname:ident, $level:expr) => {
        fn $fname(ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> EvalResult {
            log(ev, $level, args)
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

fn fail(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> EvalResult {
    Err(Error::new(ErrorKind::Failed, message(args)).into())
}

fn import(_: &mut Evaluator, _: &[Value], _: Option<&Closure>) -> EvalResult {
    Err(Error::eval("'import' has been discontinued in favor of a manifest directory. See http://links.puppet.com/puppet-import-deprecation").into())
}

pub fn builtins() -> Vec<Builtin> {
    let level = |name, call, what| Builtin {
        name,
        call,
        doc: what,
    };
    vec![
        level("debug", debug as _, "debug(Any *$values) -> Undef\nLogs the values at level debug.\n\n    debug('checking', $x)"),
        level("info", info as _, "info(Any *$values) -> Undef\nLogs the values at level info.\n\n    info('hello')"),
        level("notice", notice as _, "notice(Any *$values) -> Undef\nLogs the values, joined by a space, at level notice.\n\n    notice('x is', $x)   # Notice: x is 1"),
        level("warning", warning as _, "warning(Any *$values) -> Undef\nLogs the values at level warning.\n\n    warning('careful')"),
        level("err", err as _, "err(Any *$values) -> Undef\nLogs the values at level err.\n\n    err('failed')"),
        level("alert", alert as _, "alert(Any *$values) -> Undef\nLogs the values at level alert.\n\n    alert('disk full')"),
        level("crit", crit as _, "crit(Any *$values) -> Undef\nLogs the values at level crit.\n\n    crit('down')"),
        level("emerg", emerg as _, "emerg(Any *$values) -> Undef\nLogs the values at level emerg.\n\n    emerg('fire')"),
        level("fail", fail as _, "fail(Any *$values)\nStops evaluation with an error whose message is the values joined by a space.\n\n    fail('unsupported OS')"),
        level("import", import as _, "import(...)\nDiscontinued: always an error."),
    ]
}
