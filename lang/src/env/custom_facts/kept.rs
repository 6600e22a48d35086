//! Custom facts resolved once for the same inputs: `prepl diff` compiles each node at two
//! revisions, and each compilation resolved every module's custom facts over the node's
//! facts again (47 M of the 795 M instructions of a 10-node diff), though the fact files
//! (the global modules') and the facts were the same.
//!
//! A resolution is kept per thread with what it depended on: the fact files (each file's
//! parsed tree, the same `Rc` while the file is unchanged: `ruby_files`), the facts (the same
//! data, in the same order), whether commands may run, and every question its code asked of
//! the environment with the answer it got (`Puppet[:name]` settings, `require` of a module's
//! file: where it was found and its parsed tree). It is used again only when all of them
//! are the same: each recorded question is asked again of the new environment and must get
//! the same answer, so the code would run the same way. Facts that describe this machine
//! are never kept (their code may read the machine, which changes).

use super::{CustomFacts, HostError};
use crate::env::ruby_files::RubyFile;
use crate::env::Environment;
use crate::values::Value;
use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;

/// A fact file: its modulepath directory, its path, and its parsed tree (`None`: unreadable).
pub(super) type FactFile = (PathBuf, PathBuf, Option<Rc<RubyFile>>);

/// Where `require` found a file: its modulepath directory and path.
pub(super) type Found = Result<Option<(PathBuf, PathBuf)>, HostError>;

/// A question the facts' code asked of the environment, with its answer.
#[derive(Debug, Clone)]
pub(super) enum Asked {
    /// `Puppet[:name]`: prepl's setting (before Debian's defaults).
    Setting(String, Option<Value>),
    /// `require 'path'`: where it was found, and that file's parsed tree.
    Require(String, Found, Option<Rc<RubyFile>>),
}

struct Kept {
    files: Vec<FactFile>,
    facts: Value,
    allow_exec: bool,
    asked: Vec<Asked>,
    result: CustomFacts,
}

/// How many resolutions a thread keeps (a fleet diff needs the last one: a node's two
/// revisions are compiled one after the other).
const LIMIT: usize = 4;

thread_local! {
    static KEPT: RefCell<Vec<Kept>> = const { RefCell::new(Vec::new()) };
}

#[cfg(test)]
thread_local! {
    /// How many resolutions were kept (made afresh) in this thread.
    pub(super) static MADE: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The resolution kept for these inputs, when every question it asked gets the same answer
/// in `env` for `node`.
pub(super) fn find(
    files: &[FactFile],
    facts: &Value,
    allow_exec: bool,
    answer: &dyn Fn(&Asked) -> Asked,
) -> Option<CustomFacts> {
    KEPT.with(|k| {
        k.borrow()
            .iter()
            .rev()
            .find(|kept| {
                kept.allow_exec == allow_exec
                    && same_files(&kept.files, files)
                    && same_data(&kept.facts, facts)
                    && kept.asked.iter().all(|a| same_answer(a, &answer(a)))
            })
            .map(|kept| kept.result.clone())
    })
}

/// Keeps a resolution and what it depended on.
pub(super) fn keep(
    files: Vec<FactFile>,
    facts: &Value,
    allow_exec: bool,
    asked: Vec<Asked>,
    result: &CustomFacts,
) {
    #[cfg(test)]
    MADE.with(|m| m.set(m.get() + 1));
    KEPT.with(|k| {
        let mut k = k.borrow_mut();
        if k.len() >= LIMIT {
            k.remove(0);
        }
        k.push(Kept {
            files,
            facts: facts.clone(),
            allow_exec,
            asked,
            result: result.clone(),
        });
    });
}

/// The answer `env` gives now to a question asked before (`setting` reads a setting as the
/// facts' host does).
pub(super) fn ask_again(
    env: &Environment,
    asked: &Asked,
    setting: &dyn Fn(&str) -> Option<Value>,
) -> Asked {
    match asked {
        Asked::Setting(name, _) => Asked::Setting(name.clone(), setting(name)),
        Asked::Require(path, _, _) => {
            let found = crate::functions::rubyfn::required_file(&env.modulepath, path);
            let parsed = match &found {
                Ok(Some((_, file))) => crate::env::ruby_files::load(file).ok(),
                _ => None,
            };
            Asked::Require(path.clone(), found, parsed)
        }
    }
}

fn same_rc(a: &Option<Rc<RubyFile>>, b: &Option<Rc<RubyFile>>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => Rc::ptr_eq(a, b),
        (None, None) => true,
        _ => false,
    }
}

fn same_files(a: &[FactFile], b: &[FactFile]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|((d1, f1, p1), (d2, f2, p2))| d1 == d2 && f1 == f2 && same_rc(p1, p2))
}

fn same_answer(a: &Asked, b: &Asked) -> bool {
    match (a, b) {
        (Asked::Setting(n1, v1), Asked::Setting(n2, v2)) => {
            n1 == n2
                && match (v1, v2) {
                    (Some(x), Some(y)) => same_data(x, y),
                    (None, None) => true,
                    _ => false,
                }
        }
        (Asked::Require(p1, f1, t1), Asked::Require(p2, f2, t2)) => {
            p1 == p2 && f1 == f2 && same_rc(t1, t2)
        }
        _ => false,
    }
}

/// The same data: equal scalars (strings by their bytes, floats by their bits), arrays and
/// hashes with the same items in the same order (`==` of values ignores the order of a
/// hash's keys, and Ruby code iterating over a hash would see it).
pub(super) fn same_data(a: &Value, b: &Value) -> bool {
    crate::limits::deep(|| match (a, b) {
        (Value::Array(x), Value::Array(y)) => {
            Rc::ptr_eq(x, y)
                || (x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| same_data(p, q)))
        }
        (Value::Hash(x), Value::Hash(y)) => {
            Rc::ptr_eq(x, y)
                || (x.len() == y.len()
                    && x.iter()
                        .zip(y.iter())
                        .all(|((k1, v1), (k2, v2))| same_data(k1, k2) && same_data(v1, v2)))
        }
        (Value::Float(x), Value::Float(y)) => x.to_bits() == y.to_bits(),
        (Value::Array(_) | Value::Hash(_) | Value::Float(_), _) => false,
        _ => a == b,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_is_the_same_only_in_the_same_order() {
        let j = |v: serde_json::Value| crate::catalog::json::from_data(&v);
        let a = j(serde_json::json!({"a": 1, "b": [1.0, "x"]}));
        assert!(same_data(
            &a,
            &j(serde_json::json!({"a": 1, "b": [1.0, "x"]}))
        ));
        assert!(!same_data(
            &a,
            &j(serde_json::json!({"b": [1.0, "x"], "a": 1}))
        ));
        assert!(!same_data(
            &a,
            &j(serde_json::json!({"a": 1, "b": [1.0, "X"]}))
        ));
        assert!(!same_data(&Value::Float(0.0), &Value::Float(-0.0)));
        assert!(!same_data(&Value::Integer(1), &Value::Float(1.0)));
    }
}
