//! Hierarchy levels whose data a function of the user's own gives (a custom backend:
//! `data_hash`, `lookup_key` or `data_dig` naming a Puppet or Ruby function rather than
//! `yaml_data`/`json_data`/`hocon_data`). The function is called with the level's
//! `options` (with `path` or `uri` of each location) and a `Puppet::LookupContext`, whose
//! functions (`not_found`, `cache`, `cached_value`, `interpolate`, `explain`, ...) are
//! answered here ([`context_call`]).
//!
//! As the reference does, each level and location keeps a context for the compilation (an
//! input of the session): a `data_hash` function is called once and its hash kept, a
//! `lookup_key`/`data_dig` function's answer per key is kept (not its "not found"), and
//! the function's own `cache` lives as long.

use super::config::{Config, Entry};
use super::{lookup_error, Location, LookupKey, Segment};
use crate::error::{Error, ErrorKind};
use crate::eval::{Closure, EvalResult, Evaluator, Flow};
use crate::syntax::ast::CallStyle;
use crate::types::object_instance::ObjectValue;
use crate::types::PType;
use crate::values::{Map, Value};
use std::collections::HashMap;
use std::path::PathBuf;
use std::rc::Rc;

/// The three kinds of backend function, by the `hiera.yaml` key that names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BackendKind {
    DataHash,
    LookupKey,
    DataDig,
}

impl BackendKind {
    pub(crate) fn of(entry: &Entry) -> Option<BackendKind> {
        match (entry.function_kind.as_str(), entry.function.as_str()) {
            ("data_hash", "yaml_data" | "json_data" | "hocon_data") => None,
            ("data_hash", _) => Some(BackendKind::DataHash),
            ("lookup_key", _) => Some(BackendKind::LookupKey),
            ("data_dig", _) => Some(BackendKind::DataDig),
            _ => None,
        }
    }

    fn tag(self) -> &'static str {
        match self {
            BackendKind::DataHash => "data_hash",
            BackendKind::LookupKey => "lookup_key",
            BackendKind::DataDig => "data_dig",
        }
    }
}

/// Which context: the `hiera.yaml`, the level (by name) and the location.
type ContextKey = (PathBuf, String, Option<PathBuf>);

/// What a level keeps for the compilation, at one location.
#[derive(Default)]
struct FunctionContext {
    /// A `data_hash` function's hash.
    data_hash: Option<Value>,
    /// A `lookup_key`/`data_dig` function's answers, by key (the key, or its segments).
    answers: HashMap<Value, Value>,
    /// The function's own cache (`$context.cache(k, v)`).
    cache: Map,
}

/// A backend function being called: where its context's calls go.
struct Active {
    key: ContextKey,
    /// Whether the lookup explains itself (`explain` blocks are called only then).
    explaining: bool,
    /// Texts the function's `explain` blocks gave, for the lookup's explanation.
    texts: Vec<String>,
}

/// The evaluator's backend contexts (see the module's documentation).
#[derive(Default)]
pub(crate) struct Backends {
    contexts: HashMap<ContextKey, FunctionContext>,
    active: Vec<Active>,
    /// Files read by `cached_file_data`, with the stamp they were read at.
    files: HashMap<PathBuf, ((std::time::SystemTime, u64), Value)>,
}

impl Backends {
    /// Forgets the contexts: a new compilation (input) begins.
    pub(crate) fn reset(&mut self) {
        if self.active.is_empty() {
            self.contexts.clear();
        }
    }

    fn context(&mut self) -> Option<&mut FunctionContext> {
        let key = &self.active.last()?.key;
        self.contexts.get_mut(key)
    }
}

/// A hierarchy level with a backend function, at one of its locations.
pub(super) struct Level<'a> {
    pub config: &'a Config,
    pub entry: &'a Entry,
    pub kind: BackendKind,
    pub loc: Option<&'a Location>,
    /// The module whose `hiera.yaml` it is.
    pub module: Option<&'a str>,
}

/// The level's function's answer for `lk` (`None`: not found there), and the texts its
/// `explain` blocks gave.
pub(super) fn lookup(
    ev: &mut Evaluator,
    level: &Level,
    lk: &LookupKey,
    explaining: bool,
) -> Result<(Option<Value>, Vec<String>), Error> {
    let Level {
        config,
        entry,
        kind,
        loc,
        module,
    } = *level;
    let at = loc.map(|l| l.path.as_path());
    let key: ContextKey = (
        config.path.clone(),
        entry.name.clone(),
        loc.map(|l| l.path.clone()),
    );
    let ask = match kind {
        BackendKind::DataHash => None,
        BackendKind::LookupKey => Some(Value::string(lk.root.as_str())),
        BackendKind::DataDig => Some(segments(lk)),
    };
    let known = ev
        .hiera_backends
        .contexts
        .get(&key)
        .and_then(|c| match &ask {
            None => c.data_hash.clone(),
            Some(k) => c.answers.get(k).cloned(),
        });
    if let Some(v) = known {
        return Ok((Some(v), Vec::new()));
    }
    let context = Value::Object(Rc::new(ObjectValue {
        typ: crate::types::pcore::lookup_context(),
        values: vec![module.map_or(Value::Undef, Value::from)],
    }));
    let mut args: Vec<Value> = ask.iter().cloned().collect();
    args.push(Value::hash(options(entry, loc)));
    args.push(context);
    let function = entry.function.as_str();
    // (once per level and location in an input: the contexts are forgotten with it)
    if !ev.hiera_backends.contexts.contains_key(&key) {
        if !function_exists(ev, function)? {
            return Err(lookup_error(format!(
                "Unable to find '{}' function named '{function}' (file: {})",
                kind.tag(),
                config.path.display()
            )));
        }
        check_return_type(ev, function, kind)?;
        ev.hiera_backends
            .contexts
            .insert(key.clone(), FunctionContext::default());
    }
    ev.hiera_backends.active.push(Active {
        key: key.clone(),
        explaining,
        texts: Vec::new(),
    });
    let span = ev.call_span;
    let r = ev.call_named_with(function, args, None, CallStyle::Prefix, span);
    let texts = ev
        .hiera_backends
        .active
        .pop()
        .map(|a| a.texts)
        .unwrap_or_default();
    let value = match r {
        Ok(v) => v,
        Err(Flow::Error(e)) if e.kind == ErrorKind::NoSuchKey => return Ok((None, texts)),
        // The reference calls the function itself, not through a Puppet call: an error of
        // the call (a Ruby function's raise, its arguments) has no "Error while
        // evaluating" prefix.
        Err(Flow::Error(e)) if e.span == Some(span) => {
            let message = crate::functions::template::strip_prefix(&e.message).to_string();
            return Err(Error {
                message,
                kind: ErrorKind::Failed,
                ..*e
            });
        }
        Err(Flow::Error(e)) => return Err(*e),
        Err(_) => {
            return Err(lookup_error(
                "break, next or return out of a lookup function",
            ))
        }
    };
    let value = match kind {
        BackendKind::DataHash => {
            if !matches!(value, Value::Hash(_)) {
                return Err(lookup_error(format!(
                    "Value returned from data_hash function '{function}'{} has wrong type, {}",
                    super::when_using(at),
                    crate::types::describe_mismatch(
                        &PType::hash_of(PType::Any, PType::Any),
                        &value
                    )
                )));
            }
            value
        }
        _ => {
            if !crate::types::is_instance(&PType::RichData, &value) {
                let t = crate::types::infer::infer(&value);
                return Err(lookup_error(format!(
                    "Value for key '{}', returned from {} function '{function}'{} has wrong type, expects Puppet::LookupValue, got {t}",
                    if kind == BackendKind::DataDig { &lk.full } else { &lk.root },
                    kind.tag(),
                    super::when_using(at),
                )));
            }
            value
        }
    };
    if let Some(c) = ev.hiera_backends.contexts.get_mut(&key) {
        match ask {
            None => c.data_hash = Some(value.clone()),
            Some(k) => {
                c.answers.insert(k, value.clone());
            }
        }
    }
    Ok((Some(value), texts))
}

/// A function whose declared return type could give what the lookup cannot take: the
/// reference refuses it before calling it. A Ruby function's dispatches each declare one,
/// checked in order until one declares none (the reference's `all?`).
fn check_return_type(ev: &mut Evaluator, function: &str, kind: BackendKind) -> Result<(), Error> {
    if ev.functions.contains_key(function) {
        return match ev.declared_return_type(function)? {
            Some(declared) => check_declared(&declared, function, kind),
            None => Ok(()),
        };
    }
    let declared = crate::functions::rubyfn::dispatch_return_types(ev, function)?;
    for t in declared.iter().flatten().map_while(Option::as_ref) {
        check_declared(t, function, kind)?;
    }
    Ok(())
}

/// [`check_return_type`] of one declared type.
fn check_declared(declared: &PType, function: &str, kind: BackendKind) -> Result<(), Error> {
    let (trusted, trusted_text) = match kind {
        BackendKind::DataHash => (
            PType::hash_of(
                PType::Variant(vec![PType::string(), PType::Numeric]),
                PType::RichData,
            ),
            "Hash[RichDataKey, RichData]",
        ),
        _ => (PType::RichData, "RichData"),
    };
    if crate::types::is_assignable(&trusted, declared) {
        return Ok(());
    }
    let same_kind = crate::types::base_name(declared) == crate::types::base_name(&trusted);
    let expected = if same_kind {
        trusted_text.to_string()
    } else {
        crate::types::base_name(&trusted)
    };
    Err(lookup_error(format!(
        "Return type of '{}' function named '{function}' is incorrect, expects a{} {expected} value, got {}",
        kind.tag(),
        if expected.starts_with(['A', 'E', 'I', 'O', 'U']) { "n" } else { "" },
        if same_kind { crate::types::base_name(declared) } else { declared.to_string() }
    )))
}

/// `data_dig`'s first argument: the key's segments (strings, and integers for indexes).
fn segments(lk: &LookupKey) -> Value {
    let mut out = vec![Value::string(lk.root.as_str())];
    out.extend(lk.segments.iter().map(|s| match s {
        Segment::Key(k) => Value::string(k.as_str()),
        Segment::Index(i) => Value::Integer(*i),
    }));
    Value::array(out)
}

/// The value a `data_dig` function gave for the whole key, placed where the key's
/// segments point (the lookup digs it out again, as the reference's `undig`).
pub(super) fn undig(lk: &LookupKey, value: Value) -> Value {
    lk.segments.iter().rev().fold(value, |inner, s| match s {
        Segment::Key(k) => {
            let mut m = Map::default();
            m.insert(Value::string(k.as_str()), inner);
            Value::hash(m)
        }
        Segment::Index(i) => {
            let mut items = vec![Value::Undef; usize::try_from(*i).unwrap_or(0)];
            items.push(inner);
            Value::array(items)
        }
    })
}

/// The options a function is given: the level's, with the location's `path` (or `uri`).
fn options(entry: &Entry, loc: Option<&Location>) -> Map {
    let mut m = entry.options.clone();
    if let Some(l) = loc {
        let name = if l.is_uri { "uri" } else { "path" };
        m.insert(
            Value::from(name),
            Value::from(l.path.display().to_string().as_str()),
        );
    }
    m
}

/// Whether a function of the name can be called (defined, built in, or found in a module).
pub(crate) fn function_exists(ev: &mut Evaluator, name: &str) -> Result<bool, Error> {
    if ev.functions.contains_key(name) || ev.callable_builtin(name).is_some() {
        return Ok(true);
    }
    if crate::names::is_qualified(name)
        && ev.autoload(crate::env::modules::Kind::Function, name)?
        && ev.functions.contains_key(name)
    {
        return Ok(true);
    }
    Ok(crate::functions::rubyfn::find(ev, name).is_some())
}

/// `$context.name(args)` on a `Puppet::LookupContext`: the function being called's
/// context answers.
pub(crate) fn context_call(
    ev: &mut Evaluator,
    context: &ObjectValue,
    name: &str,
    args: &[Value],
    closure: Option<&Closure>,
) -> EvalResult {
    let wrong = |n: usize| -> EvalResult {
        Err(Error::eval(format!(
            "'{name}' expects {n} argument{}, got {}",
            if n == 1 { "" } else { "s" },
            args.len()
        ))
        .into())
    };
    let no_context = || -> EvalResult {
        Err(Error::eval(format!(
            "Puppet::LookupContext '{name}' called outside of a lookup function"
        ))
        .into())
    };
    match (name, args) {
        ("not_found", []) => Err(Error::no_such_key().into()),
        ("not_found", _) => wrong(0),
        ("environment_name", []) => Ok(Value::from(ev.env.name.as_str())),
        ("module_name", []) => Ok(context.get("module_name").cloned().unwrap_or(Value::Undef)),
        ("environment_name" | "module_name", _) => Err(Error::eval(format!(
            "'attribute Puppet::LookupContext[{name}]' expects no arguments, got {}",
            args.len()
        ))
        .into()),
        ("explain", []) => {
            let explaining = ev
                .hiera_backends
                .active
                .last()
                .is_some_and(|a| a.explaining);
            if let (true, Some(c)) = (explaining, closure) {
                let text = ev.call_closure(c, &[])?;
                let text = crate::format::ruby::to_s(&text);
                if let Some(a) = ev.hiera_backends.active.last_mut() {
                    a.texts.push(text);
                }
            }
            Ok(Value::Undef)
        }
        ("interpolate", [v]) => {
            let mut lookup = super::Lookup::new(ev, false);
            Ok(lookup.interpolate(v, true)?)
        }
        ("interpolate", _) => wrong(1),
        ("cache", [k, v]) => match ev.hiera_backends.context() {
            Some(c) => {
                c.cache.insert(k.clone(), v.clone());
                Ok(v.clone())
            }
            None => no_context(),
        },
        ("cache", _) => wrong(2),
        ("cache_all", [Value::Hash(h)]) => match ev.hiera_backends.context() {
            Some(c) => {
                for (k, v) in h.iter() {
                    c.cache.insert(k.clone(), v.clone());
                }
                Ok(Value::Undef)
            }
            None => no_context(),
        },
        ("cache_all", [other]) => Err(Error::eval(format!(
            "'cache_all' parameter 'hash' expects a Hash value, got {}",
            crate::types::infer::infer_generalized(other)
        ))
        .into()),
        ("cache_all", _) => wrong(1),
        ("cache_has_key", [k]) => match ev.hiera_backends.context() {
            Some(c) => Ok(Value::Boolean(c.cache.contains_key(k))),
            None => no_context(),
        },
        ("cache_has_key", _) => wrong(1),
        ("cached_value", [k]) => match ev.hiera_backends.context() {
            Some(c) => Ok(c.cache.get(k).cloned().unwrap_or(Value::Undef)),
            None => no_context(),
        },
        ("cached_value", _) => wrong(1),
        ("cached_entries", []) => {
            let Some(c) = ev.hiera_backends.context() else {
                return no_context();
            };
            let entries: Vec<(Value, Value)> = c
                .cache
                .iter()
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            match closure {
                None => Ok(Value::array(
                    entries
                        .into_iter()
                        .map(|(k, v)| Value::array(vec![k, v]))
                        .collect(),
                )),
                Some(c) => {
                    let two = c.lambda.params.len() == 2;
                    for (k, v) in entries {
                        if two {
                            ev.call_closure(c, &[k, v])?;
                        } else {
                            ev.call_closure(c, &[Value::array(vec![k, v])])?;
                        }
                    }
                    Ok(Value::Undef)
                }
            }
        }
        ("cached_entries", _) => wrong(0),
        ("cached_file_data", [Value::String(path)]) => {
            let path = PathBuf::from(path.as_ref());
            let stamp = crate::env::fs::probe(&path).map(|p| p.stamp);
            let kept = ev
                .hiera_backends
                .files
                .get(&path)
                .filter(|(s, _)| Some(*s) == stamp)
                .map(|(_, v)| v.clone());
            if let Some(v) = kept {
                return Ok(v);
            }
            let text = crate::env::fs::read_to_string(&path)
                .map_err(|e| Error::eval(format!("Unable to read {}: {e}", path.display())))?;
            let value = match closure {
                Some(c) => ev.call_closure(c, &[Value::from(text.as_str())])?,
                None => Value::from(text.as_str()),
            };
            if let Some(s) = stamp {
                ev.hiera_backends.files.insert(path, (s, value.clone()));
            }
            Ok(value)
        }
        ("cached_file_data", _) => wrong(1),
        _ => Err(Error::eval(format!("Puppet::LookupContext has no function '{name}'")).into()),
    }
}

impl super::Lookup<'_> {
    /// `eyaml_lookup_key` (the reference's built-in backend for hiera-eyaml files), unless
    /// a function of the name is defined: the file's plain values (interpolated); an
    /// encrypted one (`ENC[...]`) is an error naming it, as prepl holds no keys to decrypt
    /// it. `None` when a function of the name is the user's own.
    pub(super) fn eyaml_lookup(
        &mut self,
        config: &Config,
        entry: &Entry,
        loc: Option<&Location>,
        key: &str,
    ) -> Result<Option<Option<Value>>, Error> {
        if self.ev.get().functions.contains_key("eyaml_lookup_key") {
            return Ok(None);
        }
        let Some(loc) = loc else {
            return Err(lookup_error(format!(
                "'eyaml_lookup_key': one of 'path', 'paths' 'glob', 'globs' or 'mapped_paths' must be declared in hiera.yaml when using this lookup_key function (file: {})",
                config.path.display()
            )));
        };
        let data = self.data_hash(&yaml_entry(entry), &loc.path, None)?;
        let Value::Hash(h) = &data else {
            return Ok(Some(None));
        };
        let Some(value) = h.get(&Value::string(key)).cloned() else {
            self.x.not_found(key);
            return Ok(Some(None));
        };
        let value = self.eyaml_value(&value, key, loc)?;
        self.x.found(key, &value);
        Ok(Some(Some(value)))
    }

    fn eyaml_value(&mut self, v: &Value, key: &str, loc: &Location) -> Result<Value, Error> {
        match v {
            Value::String(s) if is_encrypted(s) => Err(lookup_error(format!(
                "hiera-eyaml backend error decrypting {s} when looking up {key} in {}. Error was prepl cannot decrypt eyaml values (it has no hiera-eyaml keys)",
                loc.path.display()
            ))),
            Value::String(_) => self.interpolate(v, true),
            Value::Hash(h) => {
                let mut out = Map::default();
                for (k, x) in h.iter() {
                    let k = self.interpolate(k, true)?;
                    let x = self.eyaml_value(x, key, loc)?;
                    out.insert(k, x);
                }
                Ok(Value::hash(out))
            }
            Value::Array(a) => Ok(Value::array(
                a.iter()
                    .map(|x| self.eyaml_value(x, key, loc))
                    .collect::<Result<Vec<_>, _>>()?,
            )),
            other => Ok(other.clone()),
        }
    }
}

/// An eyaml file read as the YAML it is.
fn yaml_entry(entry: &Entry) -> Entry {
    Entry {
        function: "yaml_data".into(),
        ..entry.clone()
    }
}

/// Whether an eyaml value holds an encrypted block (`ENC[PKCS7,...]`).
fn is_encrypted(s: &str) -> bool {
    s.find("ENC[").is_some_and(|i| s[i..].contains(']'))
}

#[cfg(test)]
mod tests {
    use crate::env::Environment;
    use crate::Session;
    use std::path::PathBuf;

    /// A session in one of `tests/fixtures/hiera-backends/`'s environments, on Debian 12.
    fn session(env: &str) -> Session {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests");
        let mut s = Session::new();
        s.set_environment(Environment::from_dir(
            root.join("fixtures/hiera-backends").join(env),
            Vec::new(),
        ));
        let facts =
            std::fs::read_to_string(root.join("real_modules/facts-debian-12.json")).expect("facts");
        let facts: serde_json::Value = serde_json::from_str(&facts).expect("json");
        s.set_facts(crate::catalog::json::from_data(&facts));
        s.set_node_name("web01.example.com");
        s
    }

    #[test]
    fn an_encrypted_eyaml_value_is_an_error_naming_it() {
        let mut s = session("eyaml");
        let e = s.eval("lookup('secret::password')").unwrap_err();
        assert!(
            e.message.contains("when looking up secret::password in")
                && e.message.contains("prepl cannot decrypt eyaml values"),
            "{}",
            e.message
        );
        let e = s.eval("lookup('secret::nested')").unwrap_err();
        assert!(e.message.contains("ENC[PKCS7,"), "{}", e.message);
        // the plain values of the same file
        assert_eq!(
            s.eval("lookup('plain::value')").unwrap(),
            crate::values::Value::from("not secret")
        );
    }

    #[test]
    fn explain_shows_the_function_levels_and_their_texts() {
        let mut s = session("production");
        let text = crate::env::hiera::explain(&mut s, "rb::a", None);
        for expected in [
            "Hierarchy entry \"Puppet data_hash\"",
            "Hierarchy entry \"Ruby lookup_key\"",
            "computing rb::a",
            "Found key: \"rb::a\" value: \"rb-a\"",
        ] {
            assert!(text.contains(expected), "{expected} not in:\n{text}");
        }
        let text = crate::env::hiera::explain(&mut s, "pp::path", None);
        assert!(text.contains("pp_key looking for pp::path"), "{text}");
        assert!(text.contains("Path \""), "{text}");
        // (as `puppet lookup --explain` shows a uri location)
        assert!(
            text.contains("URI \"https://config.example.com/Debian/web01.example.com\"")
                && text.contains("Original uri: \"https://config.example.com/%{facts.os.family}/%{trusted.certname}\""),
            "{text}"
        );
    }

    #[test]
    fn a_context_used_outside_its_lookup_is_an_error() {
        let mut s = session("production");
        // (the object can be made in Puppet code, as in the reference's tests; its cache
        // belongs to a lookup)
        let e = s
            .eval("Puppet::LookupContext('x').cache('a', 1)")
            .unwrap_err();
        assert!(
            e.message.contains("outside of a lookup function"),
            "{}",
            e.message
        );
        let e = s
            .eval("Puppet::LookupContext('x').not_found()")
            .unwrap_err();
        assert!(
            e.message.contains("uncaught throw :no_such_key"),
            "{}",
            e.message
        );
    }
}
