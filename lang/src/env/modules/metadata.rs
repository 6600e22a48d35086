//! A module's `metadata.json` as the reference reads it (`Puppet::Module#load_metadata`)
//! when it lists an environment's modules: a module whose metadata lacks `source`,
//! `author`, `version`, `license` or `dependencies` (or whose `dependencies` is not an
//! array) is left out of the environment, with an error logged (`No source module metadata
//! provided for m`); an unparsable `metadata.json` is a warning with `strict = warning`,
//! nothing with `strict = off`, and leaves the module out (an error logged) with `strict =
//! error`. A module without `metadata.json`, or with an empty object or array in it, is
//! loaded.
//!
//! The reference reads every module's metadata when it first lists the environment's
//! modules (its errors come before anything else); prepl reads a module's when the module
//! is first looked up ([`super::module_dir`]), so that start-up reads no module's file,
//! and logs its errors then (docs/deviations.md). The verdict for a file's bytes is kept
//! for the process (as `hiera.yaml`'s configurations are, `env/hiera/kept_configs.rs`): a
//! fresh session (each `--repeat`, each node of `prepl diff`) asks the file system for the
//! bytes (one `statx` while they are unchanged) and parses nothing.

use crate::env::fs;
use crate::eval::session::{LogLevel, Strictness};
use std::cell::{Cell, RefCell};
use std::ops::Range;
use std::path::Path;
use std::sync::{Arc, Mutex};

/// What a module's `metadata.json` says of the module, whatever the strictness.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Loaded (no metadata, or complete metadata).
    Fine,
    /// The text is not JSON (Ruby's parser's message: `859: unexpected token at '...'`):
    /// the reference's message for it.
    Unparsable(String),
    /// Loaded metadata that leaves the module out: the reference's error.
    Refused(String),
}

/// What the process keeps per `metadata.json` path: the bytes and their verdict.
type Table = rustc_hash::FxHashMap<Box<[u8]>, (Arc<[u8]>, Verdict)>;

static KEPT: Mutex<Option<Table>> = Mutex::new(None);

/// How many verdicts the process keeps (all are forgotten when full).
const LIMIT: usize = 1024;

fn kept() -> std::sync::MutexGuard<'static, Option<Table>> {
    // (each change is one insert or a clear: a panic elsewhere leaves it whole)
    KEPT.lock().unwrap_or_else(|e| e.into_inner())
}

thread_local! {
    /// The strictness the running session evaluates with (`Session::eval_named` sets it):
    /// whether an unparsable `metadata.json` leaves its module out.
    static STRICT: Cell<Strictness> = const { Cell::new(Strictness::Error) };
    /// Log lines about modules' metadata not yet logged by the session (taken by
    /// `Evaluator::log` and at the end of each input). (A thread cache: a `thread_local!`
    /// that needs dropping registers its destructor with the C library at its first use,
    /// and `take_notes` reads it at every input, in a fresh session's clock.)
    // SAFETY: a thread-local's value.
    static NOTES: crate::syntax::thread_cache::ThreadCache<RefCell<Vec<(LogLevel, String)>>> = const {
        unsafe { crate::syntax::thread_cache::ThreadCache::new(RefCell::new(Vec::new())) }
    };
}

/// Sets the strictness module metadata is judged with on this thread.
pub fn set_strictness(strict: Strictness) {
    STRICT.with(|s| s.set(strict));
}

/// The log lines about modules' metadata noted since the last call.
pub fn take_notes() -> Vec<(LogLevel, String)> {
    NOTES.with(|n| {
        let mut n = n.borrow_mut();
        if n.is_empty() {
            Vec::new()
        } else {
            std::mem::take(&mut *n)
        }
    })
}

/// Whether the module `name` in `dir` is part of the environment (its metadata, read as the
/// reference reads it, does not leave it out); a reason to log is noted ([`take_notes`]).
pub fn admits(dir: &Path, name: &str) -> bool {
    let verdict = verdict(dir, name);
    let (level, message, admitted) = match verdict {
        Verdict::Fine => return true,
        Verdict::Refused(m) => (LogLevel::Err, m, false),
        Verdict::Unparsable(m) => match STRICT.with(Cell::get) {
            Strictness::Off => return true,
            Strictness::Warning => (LogLevel::Warning, m, true),
            Strictness::Error => (LogLevel::Err, m, false),
        },
    };
    NOTES.with(|n| n.borrow_mut().push((level, message)));
    admitted
}

/// The verdict on the metadata of module `name` in `dir`: the one kept for the same bytes
/// at that path, else judged now (and kept).
pub fn verdict(dir: &Path, name: &str) -> Verdict {
    let path = dir.join("metadata.json");
    // (no file, a directory, or what cannot be read: the reference's `{}`)
    let Ok(Some(bytes)) = fs::read_shared_if_file(&path) else {
        return Verdict::Fine;
    };
    let key = fs::key(&path);
    if let Some((kept_bytes, verdict)) = kept().as_ref().and_then(|t| t.get(key)) {
        if Arc::ptr_eq(kept_bytes, &bytes) || *kept_bytes == bytes {
            return verdict.clone();
        }
    }
    let verdict = judge(&bytes, name);
    let mut guard = kept();
    let table = guard.get_or_insert_with(Table::default);
    if table.len() >= LIMIT {
        table.clear();
    }
    table.insert(key.into(), (bytes, verdict.clone()));
    verdict
}

/// The verdict on a `metadata.json` text of module `name` (`Puppet::Module#load_metadata`).
pub fn judge(bytes: &[u8], name: &str) -> Verdict {
    let unparsable = |error: &str| {
        Verdict::Unparsable(format!(
            "{name} has an invalid and unparsable metadata.json file. The parse error: {error}"
        ))
    };
    let Ok(text) = std::str::from_utf8(bytes) else {
        return unparsable("source sequence is illegal/malformed utf-8");
    };
    // An object Ruby's parser accepts, the usual case: only the members read are made into
    // values (a module's metadata lists the systems it supports, its requirements, ...).
    if let Some(members) = crate::syntax::json_syntax::object_members(text) {
        return judge_members(text, &members, name);
    }
    // Else Ruby's parser's verdict (its message for a text it rejects).
    if let Some(message) = crate::syntax::json_syntax::error(text) {
        return unparsable(&message);
    }
    match ruby_value(text) {
        Some(data) => judge_value(&data, name),
        // (a number beyond 64 bits: Ruby reads it; prepl's reader does not)
        None => Verdict::Fine,
    }
}

/// A JSON text Ruby's parser accepts as Ruby's `JSON.parse` reads it (`None`: a number
/// beyond 64 bits, which prepl's reader does not take).
fn ruby_value(text: &str) -> Option<crate::erb::ruby::RValue> {
    crate::erb::ruby::methods::json::parse(text, false, 0).ok()
}

/// [`judge`] of an object, from its members' texts (`json_syntax::object_members`).
fn judge_members(text: &str, members: &[(Range<usize>, Range<usize>)], name: &str) -> Verdict {
    if members.is_empty() {
        return Verdict::Fine;
    }
    // The value text of a member (the last of its name, as Ruby's hash keeps it).
    let member = |key: &str| -> Option<&str> {
        members.iter().rev().find_map(|(k, v)| {
            let k = &text[k.clone()];
            let matches = match k.contains('\\') {
                true => serde_json::from_str::<String>(k).is_ok_and(|k| k == key),
                false => &k[1..k.len() - 1] == key,
            };
            matches.then(|| &text[v.clone()])
        })
    };
    // (`@forge_name = data['name'].tr('-', '/') if data['name']`)
    if let Some(v) = member("name").filter(|v| *v != "null" && !v.starts_with('"')) {
        return match ruby_value(v) {
            Some(v) => Verdict::Refused(no_method("tr", &v)),
            None => Verdict::Fine,
        };
    }
    for key in ["source", "author", "version", "license", "dependencies"] {
        let Some(value) = member(key).filter(|v| *v != "null") else {
            return Verdict::Refused(format!("No {key} module metadata provided for {name}"));
        };
        if key == "dependencies" {
            let Some(value) = ruby_value(value) else {
                return Verdict::Fine;
            };
            if let Some(refused) = dependencies_error(&value, name) {
                return refused;
            }
        }
    }
    Verdict::Fine
}

/// [`judge`] of parsed metadata that is not an object (Ruby's `data[attr]` of an array, a
/// string, a number...).
fn judge_value(data: &crate::erb::ruby::RValue, name: &str) -> Verdict {
    use crate::erb::ruby::RValue;
    let refused = |m: String| Verdict::Refused(m);
    // `data[attr]` as Ruby answers it for the parsed value
    let attr = |key: &str| -> Result<Option<RValue>, String> {
        match data {
            RValue::Hash(h) => Ok(h.borrow().get(&RValue::str(key)).cloned()),
            // (`String#[]` of a string: the substring if it has it)
            RValue::Str(s) => Ok(s.contains(key).then(|| RValue::str(key))),
            RValue::Array(_) => Err("no implicit conversion of String into Integer".into()),
            other => Err(no_method("[]", other)),
        }
        .map(|v| v.filter(|v| !matches!(v, RValue::Nil)))
    };
    // (`return if data.empty?`)
    match data {
        RValue::Hash(h) if h.borrow().is_empty() => return Verdict::Fine,
        RValue::Array(a) if a.borrow().is_empty() => return Verdict::Fine,
        RValue::Str(s) if s.is_empty() => return Verdict::Fine,
        RValue::Hash(_) | RValue::Array(_) | RValue::Str(_) => {}
        // The reference fails every compilation of the environment with Ruby's error:
        // prepl leaves the module out with it (docs/deviations.md).
        other => return refused(no_method("empty?", other)),
    }
    // (`@forge_name = data['name'].tr('-', '/') if data['name']`)
    match attr("name") {
        Err(e) => return refused(e),
        Ok(Some(RValue::Str(_)) | None) => {}
        Ok(Some(other)) => return refused(no_method("tr", &other)),
    }
    for key in ["source", "author", "version", "license", "dependencies"] {
        let value = match attr(key) {
            Err(e) => return refused(e),
            Ok(None) => {
                return refused(format!("No {key} module metadata provided for {name}"));
            }
            Ok(Some(v)) => v,
        };
        if key == "dependencies" {
            if let Some(refused) = dependencies_error(&value, name) {
                return refused;
            }
        }
    }
    Verdict::Fine
}

/// What the reference says of a `dependencies` value that is not an array of hashes with
/// string names, if anything.
fn dependencies_error(value: &crate::erb::ruby::RValue, name: &str) -> Option<Verdict> {
    let crate::erb::ruby::RValue::Array(deps) = value else {
        return Some(Verdict::Refused(format!(
            "The value for the key dependencies in the file metadata.json of the module \
             {name} must be an array, not: '{}'",
            crate::erb::ruby::show::to_s(value)
        )));
    };
    let deps = deps.borrow();
    deps.iter().find_map(dependency_error).map(Verdict::Refused)
}

/// What Ruby raises for a dependency that is not a hash with a string `name` (`dep['name']`,
/// `name.tr`, `dep['version_requirement'] ||= '>= 0.0.0'`), if anything.
fn dependency_error(dep: &crate::erb::ruby::RValue) -> Option<String> {
    use crate::erb::ruby::RValue;
    match dep {
        RValue::Hash(h) => match h.borrow().get(&RValue::str("name")) {
            None | Some(RValue::Nil | RValue::Str(_)) => None,
            Some(other) => Some(no_method("tr", other)),
        },
        // (`String#[]=` of a substring it does not have)
        RValue::Str(s) if !s.contains("version_requirement") => Some("string not matched".into()),
        RValue::Str(_) => None,
        RValue::Array(_) | RValue::Int(_) => {
            Some("no implicit conversion of String into Integer".into())
        }
        other => Some(no_method("[]", other)),
    }
}

/// Ruby's `NoMethodError` message for `method` of `value`.
fn no_method(method: &str, value: &crate::erb::ruby::RValue) -> String {
    use crate::erb::ruby::RValue;
    let class = match value {
        RValue::Nil => "NilClass",
        RValue::Bool(crate::erb::ruby::RBool::True) => "TrueClass",
        RValue::Bool(crate::erb::ruby::RBool::False) => "FalseClass",
        RValue::Int(_) => "Integer",
        RValue::Float(_) => "Float",
        RValue::Str(_) => "String",
        RValue::Array(_) => "Array",
        RValue::Hash(_) => "Hash",
        _ => "Object",
    };
    let shown = match value {
        RValue::Nil => "nil".to_string(),
        other => crate::erb::ruby::show::inspect(other),
    };
    format!("undefined method `{method}' for {shown}:{class}")
}

#[cfg(test)]
mod tests {
    use super::{judge, Verdict};

    fn refused(m: &str) -> Verdict {
        Verdict::Refused(m.into())
    }

    /// The reference's answers (`puppet-oracle` with a `modulepath` holding a module `m`
    /// with each text as its `metadata.json`).
    #[test]
    fn metadata_is_judged_as_the_reference_judges_it() {
        let full = r#""source":"s","author":"a","version":"1.0.0","license":"l""#;
        let cases: Vec<(String, Verdict)> =
            vec![
            (
                format!(r#"{{{full},"dependencies":[{{"name":"a-b"}}],"summary":"x"}}"#),
                Verdict::Fine,
            ),
            ("{}".into(), Verdict::Fine),
            ("[]".into(), Verdict::Fine),
            (
                r#"{"name":"x-m","version":"1.0.0","author":"x","license":"l","dependencies":[]}"#
                    .into(),
                refused("No source module metadata provided for m"),
            ),
            (
                r#"{"source":"x","version":"1.0.0","license":"l","dependencies":[]}"#.into(),
                refused("No author module metadata provided for m"),
            ),
            (
                r#"{"source":null}"#.into(),
                refused("No source module metadata provided for m"),
            ),
            (
                format!(r#"{{{full},"dependencies":{{}}}}"#),
                refused(
                    "The value for the key dependencies in the file metadata.json of the \
                     module m must be an array, not: '{}'",
                ),
            ),
            (
                format!(r#"{{{full},"dependencies":"x"}}"#),
                refused(
                    "The value for the key dependencies in the file metadata.json of the \
                     module m must be an array, not: 'x'",
                ),
            ),
            (
                "\"abc\"".into(),
                refused("No source module metadata provided for m"),
            ),
            (
                "{\"name\": \n".into(),
                Verdict::Unparsable(
                    "m has an invalid and unparsable metadata.json file. The parse error: \
                     859: unexpected token at '{\"name\": \n'"
                        .into(),
                ),
            ),
            (
                String::new(),
                Verdict::Unparsable(
                    "m has an invalid and unparsable metadata.json file. The parse error: \
                     859: unexpected token at ''"
                        .into(),
                ),
            ),
            // (Ruby's own errors, which fail every compilation in the reference)
            (
                "[1]".into(),
                refused("no implicit conversion of String into Integer"),
            ),
            ("1".into(), refused("undefined method `empty?' for 1:Integer")),
            (
                "null".into(),
                refused("undefined method `empty?' for nil:NilClass"),
            ),
            (
                format!(r#"{{{full},"dependencies":[],"name":5}}"#),
                refused("undefined method `tr' for 5:Integer"),
            ),
            (
                format!(r#"{{{full},"dependencies":["x"]}}"#),
                refused("string not matched"),
            ),
        ];
        let object_cases = [
            // (a key written with an escape, the last of two members of a name)
            (
                r#"{"\u0073ource":"s","author":"a","version":"1","license":"l","dependencies":[]}"#
                    .to_string(),
                Verdict::Fine,
            ),
            (
                format!(r#"{{"source":null,{full},"dependencies":[]}}"#),
                Verdict::Fine,
            ),
            (
                format!(r#"{{{full},"dependencies":[],"source":null}}"#),
                refused("No source module metadata provided for m"),
            ),
            (
                format!(r#"{{{full}, /* a comment */ "dependencies":[{{"name":null}}]}}"#),
                Verdict::Fine,
            ),
        ];
        for (text, expected) in cases.into_iter().chain(object_cases) {
            assert_eq!(judge(text.as_bytes(), "m"), expected, "{text:?}");
            // (an object's few members read alone: the same verdict as the whole value's)
            if let (Some(data), Verdict::Fine | Verdict::Refused(_)) =
                (super::ruby_value(&text), &expected)
            {
                assert_eq!(super::judge_value(&data, "m"), expected, "{text:?}");
            }
        }
    }
}
