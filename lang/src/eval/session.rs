//! The public API: a `Session` evaluates one input at a time and keeps variables,
//! functions and type aliases between inputs.

use crate::error::Error;
use crate::values::Value;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogLevel {
    Debug,
    Info,
    Notice,
    Warning,
    Err,
    Alert,
    Emerg,
    Crit,
}

/// How strictly questionable operations (string-to-number coercion...) are treated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Strictness {
    Off,
    Warning,
    #[default]
    Error,
}

pub struct Evaluator {}

pub struct Session {
    pub evaluator: Evaluator,
}

impl Session {
    pub fn new() -> Session {
        Session { evaluator: Evaluator {} }
    }
    pub fn eval(&mut self, _source: &str) -> Result<Value, Error> {
        Ok(Value::Undef)
    }
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}
