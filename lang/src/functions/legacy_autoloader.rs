//! `Puppet::Parser::Functions.autoloader`, deprecated since Puppet 4 but still called by
//! stdlib 8's `has_ip_address` and `has_ip_network`, as the reference answers it:
//! `loaded?(name)` is whether `load(name)` ran before in the process (the session here),
//! `load(name)` loads the 3.x function's file (a module's `lib/puppet/parser/functions/
//! NAME.rb`, or Puppet's own) and answers whether there was one, `loadall` loads them all.
//! Unless `strict` is off, each method warns once per session, as the reference's
//! `Puppet.warn_once` does once per process: `The method
//! 'Puppet::Parser::Functions.autoloader#load("x")' is deprecated in favor of using
//! 'Scope#call_function'.` (followed by `(file & line not available)`).
//!
//! Not done: the reference's `Overwriting previous definition for function x` when `load`
//! loads a function that a call had loaded before (through the 4.x loaders).

use crate::erb::ruby::{self, HostError, HostObject, RValue};
use crate::eval::Evaluator;
use crate::Strictness;
use std::any::Any;
use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;

/// The 3.x functions `load` loaded in a session (`Evaluator::legacy_autoloaded`).
pub type Loaded = Rc<RefCell<rustc_hash::FxHashSet<String>>>;

/// The reference's deprecation warning of an autoloader method, for a function's name
/// (`loaded?`, `load`) or none (`loadall`).
pub fn deprecation(method: &str, name: Option<&str>) -> String {
    let arg = name.map(|n| format!("(\"{n}\")")).unwrap_or_default();
    format!(
        "The method 'Puppet::Parser::Functions.autoloader#{method}{arg}' is deprecated in \
         favor of using 'Scope#call_function'."
    )
}

/// Logs an autoloader method's deprecation warning, once per session, unless strict is off.
fn warn(ev: &mut Evaluator, method: &str, name: Option<&str>) {
    if ev.strict != Strictness::Off {
        ev.warn_once(&deprecation(method, name));
    }
}

/// Whether the reference's autoloader finds a file for the 3.x function `name`.
fn has_file(modulepath: &[PathBuf], name: &str) -> bool {
    super::template::legacy_function_file(modulepath, name)
}

/// `load(name) unless loaded?(name)`, with the warnings, as stdlib's `has_ip_address`
/// does before calling `function_has_interface_with` (its native version's part).
pub fn load_unless_loaded(ev: &mut Evaluator, name: &str) {
    warn(ev, "loaded?", Some(name));
    if ev.legacy_autoloaded.borrow().contains(name) {
        return;
    }
    warn(ev, "load", Some(name));
    if has_file(&ev.env.modulepath, name) {
        ev.legacy_autoloaded.borrow_mut().insert(name.to_string());
    }
}

/// The object `Puppet::Parser::Functions.autoloader` gives a module's Ruby: its answers
/// come from the session's loaded functions; its warnings wait in `deprecations` until the
/// host logs them (`rubyfn`: before anything else the code logs, unless strict is off).
#[derive(Debug)]
pub struct Autoloader {
    pub loaded: Loaded,
    pub modulepath: Rc<[PathBuf]>,
    pub deprecations: Rc<RefCell<Vec<String>>>,
}

impl Autoloader {
    fn answer(&self, method: &str, args: &[RValue]) -> Result<bool, HostError> {
        let (min, max) = match method {
            "loaded?" => (1, 1),
            "load" => (1, 2),
            _ => (0, 1),
        };
        if args.len() < min || args.len() > max {
            let expected = if min == max {
                min.to_string()
            } else {
                format!("{min}..{max}")
            };
            return Err(HostError::Raise(format!(
                "wrong number of arguments (given {}, expected {expected})",
                args.len()
            )));
        }
        let name = (min == 1).then(|| ruby::show::to_s(&args[0]));
        self.deprecations
            .borrow_mut()
            .push(deprecation(method, name.as_deref()));
        Ok(match (method, name) {
            ("loaded?", Some(name)) => self.loaded.borrow().contains(&name),
            ("load", Some(name)) => {
                let found = has_file(&self.modulepath, &name);
                if found {
                    self.loaded.borrow_mut().insert(name);
                }
                found
            }
            _ => true,
        })
    }
}

impl HostObject for Autoloader {
    fn class_name(&self) -> String {
        "Puppet::Parser::Functions::AutoloaderDelegate".to_string()
    }
    fn to_s(&self) -> String {
        "#<Puppet::Parser::Functions::AutoloaderDelegate>".to_string()
    }
    fn equals(&self, other: &dyn HostObject) -> bool {
        other.as_any().is::<Autoloader>()
    }
    fn call(&self, name: &str, args: &[RValue]) -> Option<Result<RValue, HostError>> {
        match name {
            "loaded?" | "load" | "loadall" => Some(self.answer(name, args).map(RValue::bool)),
            _ => None,
        }
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session() -> crate::Session {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures");
        let mut s = crate::Session::new();
        s.set_environment(crate::env::Environment {
            name: "production".into(),
            dir: None,
            modulepath: vec![root.join("rubyfn/modules")],
        });
        s
    }

    fn warnings(s: &mut crate::Session) -> Vec<String> {
        s.take_logs()
            .into_iter()
            .map(|(_, m)| m.lines().next().unwrap_or("").to_string())
            .collect()
    }

    /// `loaded?` is false until `load` found the function's file, for the rest of the
    /// session; each method's warning is given once per session; a failed input forgets
    /// what it loaded.
    #[test]
    fn loaded_after_load_once_per_session() {
        let mut s = session();
        let ev = &mut s.evaluator;
        load_unless_loaded(ev, "rfn_legacy");
        load_unless_loaded(ev, "rfn_legacy");
        load_unless_loaded(ev, "sprintf");
        load_unless_loaded(ev, "nope");
        load_unless_loaded(ev, "nope");
        assert!(ev.legacy_autoloaded.borrow().contains("rfn_legacy"));
        assert!(ev.legacy_autoloaded.borrow().contains("sprintf"));
        assert!(!ev.legacy_autoloaded.borrow().contains("nope"));
        let w = |m: &str, n: &str| deprecation(m, Some(n));
        assert_eq!(
            warnings(&mut s),
            [
                w("loaded?", "rfn_legacy"),
                w("load", "rfn_legacy"),
                w("loaded?", "sprintf"),
                w("load", "sprintf"),
                w("loaded?", "nope"),
                w("load", "nope"),
            ]
        );
        assert_eq!(
            deprecation("loadall", None),
            "The method 'Puppet::Parser::Functions.autoloader#loadall' is deprecated in \
             favor of using 'Scope#call_function'."
        );
    }

    /// From a module's Ruby: `loaded?` after `load` in the same session, also across
    /// inputs; a failed input forgets what it loaded, as the rest of its effects.
    #[test]
    fn module_ruby_sees_what_the_session_loaded() {
        let mut s = session();
        let shown = |v: crate::values::Value| crate::format::to_programmatic(&v);
        assert!(s.eval("rfn_autoloads('a') fail('x')").is_err());
        assert!(s.evaluator.legacy_autoloaded.borrow().is_empty());
        warnings(&mut s);
        assert_eq!(
            shown(s.eval("rfn_autoloads('a')").unwrap()),
            "[false, true, true]"
        );
        assert_eq!(warnings(&mut s).len(), 2);
        assert_eq!(
            shown(s.eval("rfn_autoloads('a')").unwrap()),
            "[true, true, true]"
        );
        assert!(warnings(&mut s).is_empty());
        let v = s.eval("rfn_autoloads('a', 'notice')").unwrap();
        assert_eq!(shown(v), "[false, false, false]");
    }

    #[test]
    fn no_warnings_when_strict_is_off() {
        let mut s = session();
        s.set_strict(Strictness::Off);
        load_unless_loaded(&mut s.evaluator, "rfn_legacy");
        assert!(warnings(&mut s).is_empty());
        assert!(s
            .evaluator
            .legacy_autoloaded
            .borrow()
            .contains("rfn_legacy"));
    }
}
