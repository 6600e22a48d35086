//! The `hocon` gem (1.3.1, which the reference bundles) as far as modules use it:
//! `Hocon::ConfigFactory.parse_string(text)` (a config), `#resolve`, `#root`, `#unwrapped`
//! (Ruby hashes with string keys in the document's order, arrays, integers, floats, strings,
//! booleans, nil), `Hocon.parse(text)` (all three at once), and the gem's error classes
//! (`Hocon::ConfigError::ConfigParseError` ...) with its messages. Includes of a quoted name
//! add nothing (as the gem's do for a string's document); `include file(...)`, `url(...)`
//! and `classpath(...)` read files or URLs: refused.

mod lexer;
mod model;
mod parse;
mod resolve;

use super::Call;
use crate::error::RubyError;
use crate::eval::{Flow, R};
use crate::value::{HostObject, RHash, RValue};
use crate::value::{RBool, RFloat};
use model::Val;
use std::rc::Rc;

/// An error of the gem (or of Ruby under it), or what prepl refuses.
#[derive(Debug, Clone, PartialEq)]
pub struct Error {
    class: &'static str,
    message: String,
    unsupported: bool,
}

const PREFIX: &str = "Hocon::ConfigError";

impl Error {
    fn at_line(class: &'static str, line: Option<usize>, message: impl Into<String>) -> Error {
        let message = message.into();
        Error {
            class,
            message: match line {
                Some(n) => format!("String: {n}: {message}"),
                None => message,
            },
            unsupported: false,
        }
    }
    pub fn parse(line: usize, message: impl Into<String>) -> Error {
        Error::at_line("Hocon::ConfigError::ConfigParseError", Some(line), message)
    }
    pub fn wrong_type(line: usize, message: impl Into<String>) -> Error {
        Error::at_line(
            "Hocon::ConfigError::ConfigWrongTypeError",
            Some(line),
            message,
        )
    }
    pub fn bad_path(line: Option<usize>, message: impl Into<String>) -> Error {
        Error::at_line("Hocon::ConfigError::ConfigBadPathError", line, message)
    }
    pub fn unresolved(line: usize, detail: impl Into<String>) -> Error {
        Error::at_line(
            "Hocon::ConfigError::UnresolvedSubstitutionError",
            Some(line),
            format!(
                "Could not resolve substitution to a value: {}",
                detail.into()
            ),
        )
    }
    pub fn not_resolved() -> Error {
        Error::at_line(
            "Hocon::ConfigError::ConfigNotResolvedError",
            None,
            "need to Config#resolve() before using this object, see the API docs for Config#resolve()",
        )
    }
    pub fn bug(message: impl Into<String>) -> Error {
        Error::at_line("Hocon::ConfigError::ConfigBugOrBrokenError", None, message)
    }
    /// An error of Ruby's own (`NoMethodError`, `FloatDomainError`).
    pub fn raised(class: &'static str, message: impl Into<String>) -> Error {
        Error::at_line(class, None, message)
    }
    pub fn unsupported(what: impl Into<String>) -> Error {
        Error {
            class: "",
            message: what.into(),
            unsupported: true,
        }
    }
    /// Fails unless `bytes` more fit in the memory limit (Ruby's `NoMemoryError`).
    pub fn reserve(bytes: usize) -> Result<(), Error> {
        crate::limits::reserve(bytes).map_err(|e| Error::at_line("NoMemoryError", None, e.message))
    }
    fn not_resolved_error(&self) -> bool {
        self.class == "Hocon::ConfigError::ConfigNotResolvedError"
    }
    /// One of the gem's own errors.
    pub fn is_hocon(&self) -> bool {
        self.class.starts_with(PREFIX)
    }
    fn into_flow(self, at: usize) -> Flow {
        if self.unsupported {
            Flow::from(RubyError::unsupported(self.message, at))
        } else {
            Flow::from(RubyError::raised_as(self.class, self.message, at))
        }
    }
}

pub fn is_error_class(name: &str) -> bool {
    crate::error::HOCON_ERRORS.iter().any(|(c, _)| *c == name)
}

/// The constants the library has.
pub fn is_class(name: &str) -> bool {
    matches!(name, "Hocon" | "Hocon::ConfigFactory") || is_error_class(name)
}

/// `Hocon::ConfigFactory.parse_string` and `Hocon.parse`; `None` for another method.
pub fn class_call(class: &str, c: &Call) -> R<Option<RValue>> {
    let resolve_too = match (class, c.name) {
        ("Hocon::ConfigFactory", "parse_string") => false,
        ("Hocon", "parse") => true,
        _ => return Ok(None),
    };
    c.arity(1, 2)?;
    let text = c.str_arg(0)?;
    let root = parse::parse(&text).map_err(|e| e.into_flow(c.at))?;
    if resolve_too {
        let v = resolve::resolve(&root).map_err(|e| e.into_flow(c.at))?;
        return unwrapped(&v, c.at).map(Some);
    }
    Ok(Some(RValue::host(Config {
        root: Rc::new(root),
        object: false,
    })))
}

/// A parsed config (`Hocon::Impl::SimpleConfig`) or its root object.
#[derive(Debug)]
pub struct Config {
    root: Rc<Val>,
    /// The root object (`#root`) rather than the config.
    object: bool,
}

impl HostObject for Config {
    fn class_name(&self) -> String {
        if self.object {
            "Hocon::Impl::SimpleConfigObject".into()
        } else {
            "Hocon::Impl::SimpleConfig".into()
        }
    }
    fn to_s(&self) -> String {
        if self.object {
            self.root.describe()
        } else {
            format!("Config({})", self.root.describe())
        }
    }
    fn equals(&self, other: &dyn HostObject) -> bool {
        other
            .as_any()
            .downcast_ref::<Config>()
            .is_some_and(|o| o.object == self.object && o.root == self.root)
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// A method of a config or object; `None` when `recv` is none of them or has no such one.
pub fn call(recv: &Rc<Box<dyn HostObject>>, c: &Call) -> R<Option<RValue>> {
    let Some(config) = recv.as_any().downcast_ref::<Config>() else {
        return Ok(None);
    };
    let with = |root: Rc<Val>, object: bool| RValue::host(Config { root, object });
    Ok(Some(match (config.object, c.name) {
        (false, "resolve") => {
            c.arity(0, 1)?;
            let v = resolve::resolve(&config.root).map_err(|e| e.into_flow(c.at))?;
            with(Rc::new(v), false)
        }
        (false, "resolved?") | (true, "resolved?") => {
            RValue::Bool(RBool::new(config.root.resolved()))
        }
        (false, "root") => with(config.root.clone(), true),
        (true, "unwrapped") => {
            if !config.root.resolved() {
                return Err(Error::not_resolved().into_flow(c.at));
            }
            unwrapped(&config.root, c.at)?
        }
        _ => return Ok(None),
    }))
}

/// A whole document parsed and resolved, as `Hocon.parse(text)` gives it (Hiera's
/// `hocon_data` reads a data file so): its value, or the gem's error message.
pub fn parse_document(text: &str) -> Result<RValue, String> {
    let root = parse::parse(text).map_err(|e| e.message)?;
    let v = resolve::resolve(&root).map_err(|e| e.message)?;
    unwrapped(&v, 0).map_err(|flow| match flow.into_kind() {
        crate::eval::FlowKind::Error(e) => match *e {
            RubyError::Raised { message, .. } | RubyError::Unsupported { what: message, .. } => {
                message
            }
            other => format!("{other:?}"),
        },
        _ => "unexpected control flow".to_string(),
    })
}

/// A resolved value as the gem's `unwrapped` gives it.
fn unwrapped(v: &Val, at: usize) -> R {
    crate::limits::deep(|| unwrapped_here(v, at))
}

fn unwrapped_here(v: &Val, at: usize) -> R {
    Ok(match v {
        Val::Obj(fields) => {
            super::grow_values(fields.len() * 2, at)?;
            let mut h = RHash::default();
            for (k, v) in fields {
                h.insert(RValue::str(k.as_str()), unwrapped(v, at)?);
            }
            RValue::hash(h)
        }
        Val::List(items) => RValue::array({
            super::grow_values(items.len(), at)?;
            items
                .iter()
                .map(|i| unwrapped(i, at))
                .collect::<R<Vec<_>>>()?
        }),
        Val::Str(s, _) => RValue::str(s.as_str()),
        Val::Int(i, _) => RValue::Int(*i),
        Val::Big(d, _) => match d.strip_prefix('-') {
            Some(digits) => super::bignum::Bignum::parse(digits, 10, true),
            None => super::bignum::Bignum::parse(d, 10, false),
        },
        Val::Float(f, _) => RValue::Float(RFloat::new(*f)),
        Val::Bool(b) => RValue::Bool(RBool::new(*b)),
        Val::Null => RValue::Nil,
        Val::Ref(_) | Val::Concat(_) | Val::Merge(_) | Val::Stuck(_) => {
            return Err(Error::bug("unresolved value").into_flow(at))
        }
    })
}

#[cfg(test)]
mod tests;
