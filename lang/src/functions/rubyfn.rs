//! Modules' own Ruby functions, run from their source by prepl's Ruby subset (`prepl-ruby`)
//! where prepl has no native version of them (issue 34):
//!
//! - the 4.x API, `lib/puppet/functions/**/*.rb`: `Puppet::Functions.create_function(:name)
//!   do dispatch :m do param 'Type', :x; ... end; def m(x) ... end end`. The dispatches'
//!   types are Puppet type strings, checked by prepl's type system with the reference's
//!   argument-mismatch errors (`signature::dispatch_signatures`); a function without
//!   `dispatch` runs the method named as the function, its parameters typed `Any`;
//!   `call_function('f', ...)` calls Puppet functions, `yield` and `block.call` the lambda;
//! - the 3.x API, `lib/puppet/parser/functions/*.rb`: `newfunction(:name, type: :rvalue,
//!   arity: N) do |args| ... end`, whose `self` is the scope (`lookupvar`, `function_f([..])`);
//! - `require 'puppet_x/...'` loads the helper from a module's `lib` (other libraries are
//!   taken as loaded: what they would define is unsupported where it is used).
//!
//! A file is parsed and analysed once per thread (cached by its text); each call runs it in
//! a fresh interpreter. Ruby outside the subset is an error naming the construct, the
//! function and its file and line. The subset runs no commands and reads only the files of
//! the modules on the modulepath (`ruby_puppet`).

use crate::env::ruby_files::RubyFile;
use crate::erb::bridge::{to_puppet, to_ruby};
use crate::erb::ruby::ast::{Block, DefParam, Kind, MethodDef, Node, Param as BlockParamName};
use crate::erb::ruby::eval::BlockArg;
use crate::erb::ruby::{self, HostObject, RValue};
use crate::erb::{Host, HostError, RubyError};
use crate::error::Error;
use crate::eval::{Closure, EvalResult, Evaluator};
use crate::functions::signature::{self, Signature};
use crate::functions::template::EvalHost;
use crate::types::PType;
use crate::values::Value;
use rustc_hash::FxHashMap as HashMap;
use std::any::Any;
use std::cell::{Cell, RefCell};
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// A module's Ruby function file, found for a function name.
pub struct Found {
    /// The file.
    pub path: Rc<Path>,
    /// As the reference shows it: relative to its modulepath directory.
    pub shown: Rc<str>,
    /// The file parsed and analysed, and what it and its helpers defined, once called in
    /// this evaluation (a `Found` lasts one evaluation, during which the files' answers
    /// are kept: `fs::probe`), so that further calls look up nothing.
    ready: RefCell<Option<Ready>>,
    /// Called by name after no `.pp` function of the name was found (`after_autoload`):
    /// later calls in this evaluation need not look for one again (`find_called`).
    called: Cell<bool>,
}

impl Found {
    /// Marks the function as called after the autoloader found no `.pp` file for its name.
    pub fn after_autoload(&self) {
        self.called.set(true);
    }
}

/// A function file, parsed and analysed, and what it defined when it was loaded.
struct Ready {
    file: Rc<RubyFile>,
    parsed: Rc<Parsed>,
    defined: Option<Known>,
    /// With what was defined: the function's file and its helpers, as errors show them
    /// (shared by the calls: none makes its own list).
    sources: Option<Rc<Vec<Source>>>,
}

/// What a function file and the helpers it required defined.
type Known = (Rc<ruby::Loaded>, Rc<[Required]>);

/// The generation and modulepath the answers are for, and the answers by name.
type FoundCache = (u64, Vec<PathBuf>, HashMap<String, Option<Rc<Found>>>);

thread_local! {
    /// Where each function name's file was found during this evaluation (`fs::generation`)
    /// and for which modulepath: 4.x functions and 3.x ones apart.
    static FOUND: RefCell<FoundCache> = RefCell::new((u64::MAX, Vec::new(), HashMap::default()));
    static FOUND_3X: RefCell<FoundCache> = RefCell::new((u64::MAX, Vec::new(), HashMap::default()));
}

/// The answer of `look` for `name`, looked for once per evaluation and modulepath (kept in
/// `cache`).
fn found_once(
    cache: &'static std::thread::LocalKey<RefCell<FoundCache>>,
    ev: &Evaluator,
    name: &str,
    look: fn(&Evaluator, &str) -> Option<Found>,
) -> Option<Rc<Found>> {
    if let Some(found) = known(cache, ev, name) {
        return found;
    }
    let generation = crate::env::fs::generation();
    let found = look(ev, name).map(Rc::new);
    cache.with(|f| {
        let mut f = f.borrow_mut();
        if f.0 != generation || !crate::env::fs::same_paths(&f.1, &ev.env.modulepath) {
            *f = (generation, ev.env.modulepath.clone(), HashMap::default());
        }
        f.2.insert(name.to_string(), found.clone());
    });
    found
}

/// The answer kept in `cache` for `name` in this evaluation, if it was looked for.
fn known(
    cache: &'static std::thread::LocalKey<RefCell<FoundCache>>,
    ev: &Evaluator,
    name: &str,
) -> Option<Option<Rc<Found>>> {
    let generation = crate::env::fs::generation();
    cache.with(|f| {
        let f = f.borrow();
        (f.0 == generation && crate::env::fs::same_paths(&f.1, &ev.env.modulepath))
            .then(|| f.2.get(name).cloned())
            .flatten()
    })
}

/// The file of a module's Ruby function `name` (see `env::modules::ruby_function_file`),
/// looked for once per evaluation.
pub fn find(ev: &Evaluator, name: &str) -> Option<Rc<Found>> {
    found_once(&FOUND, ev, name, find_now)
}

/// The file of a module's Ruby function `name` already called by name in this evaluation
/// (`Found::after_autoload`): the autoloader need not look for a `.pp` function first
/// again, the files being unchanged (the evaluation's `fs::generation`).
pub fn find_called(ev: &Evaluator, name: &str) -> Option<Rc<Found>> {
    known(&FOUND, ev, name).flatten().filter(|f| f.called.get())
}

/// The file of a module's 3.x function `name` (`lib/puppet/parser/functions/NAME.rb`, the
/// first on the modulepath), which `scope.function_NAME` finds as the reference's autoloader
/// does: before Puppet's own function of that name (stdlib's 3.x `dig`, not the 4.x one).
/// Looked for once per evaluation (a template's every call walked every module, ~27 k
/// instructions, and lost the parse and definitions the call before had found).
pub fn find_3x(ev: &Evaluator, name: &str) -> Option<Rc<Found>> {
    found_once(&FOUND_3X, ev, name, find_3x_now)
}

fn find_3x_now(ev: &Evaluator, name: &str) -> Option<Found> {
    if !crate::env::modules::is_module_name(name) {
        return None;
    }
    let file = format!("{name}.rb");
    ev.env.modulepath.iter().find_map(|dir| {
        crate::env::fs::list(dir)
            .iter()
            .map(|m| m.join("lib/puppet/parser/functions"))
            // (one listing of each module's directory answers every name)
            .find(|d| crate::env::fs::has_entry(d, &file))
            .map(|d| d.join(&file))
            .filter(|p| crate::env::fs::is_file(p))
            .map(|path| Found {
                shown: shown_path(dir, &path),
                path: path.into(),
                ready: RefCell::default(),
                called: Cell::new(false),
            })
    })
}

fn find_now(ev: &Evaluator, name: &str) -> Option<Found> {
    let shown = crate::env::modules::ruby_function_file(&ev.env, name)?;
    let path = ev
        .env
        .modulepath
        .iter()
        .map(|d| d.join(&shown))
        .find(|p| crate::env::fs::is_file(p))?;
    Some(Found {
        path: path.into(),
        shown: shown.display().to_string().into(),
        ready: RefCell::default(),
        called: Cell::new(false),
    })
}

/// Which API a function is written for.
#[derive(Debug)]
enum Api {
    /// `create_function`: its dispatches in order (the method and its signature's
    /// declaration), or none (the method named as the function).
    V4 {
        dispatches: Vec<Dispatch>,
        /// `local_types do type 'Name = Type' end`: names and definitions, in order.
        local_types: Vec<(String, String)>,
        /// The block defines `call(scope, *args)` (stdlib's wrappers, the workaround of
        /// PUP-4438) to dispatch the scope and the arguments: the dispatches take the scope
        /// as their first argument.
        scope_first: bool,
    },
    /// `newfunction`: the arity (`None`: any), whether it is an rvalue.
    V3 { arity: Option<i64>, rvalue: bool },
}

#[derive(Debug)]
struct Dispatch {
    method: String,
    /// An `argument_mismatch` handler: tried when no dispatch takes the arguments; what its
    /// method returns is the error's message.
    mismatch: bool,
    /// Its parameters: type, name, marker (`?`, `*`, `+`, `&`, `&?`, or none).
    params: Vec<ParamDecl>,
    return_type: Option<String>,
}

/// A dispatch's parameter: its type, name and marker (`?`, `*`, `+`, `&`, `&?`, or none).
type ParamDecl = (String, String, &'static str);

/// A function file, parsed and analysed.
#[derive(Debug)]
struct Parsed {
    api: Api,
    /// What runs before the call: the file's top-level code other than the definition, and
    /// the function's methods (for 3.x, the block as the method `METHOD_3X`).
    body: Vec<Node>,
    /// A 4.x function's dispatches as declarations (method, parameters, return type), made
    /// once: for a function without `dispatch`, its method named as the function (none
    /// when it has no such method).
    decls: Vec<Decl>,
    /// The signatures and return types, once made, when they depend on no session (every
    /// type built in, no local types: none is an alias the session defines).
    signatures: RefCell<Option<Rc<Signatures>>>,
}

/// A dispatch's method, parameters and return type.
type Decl = (String, Vec<ParamDecl>, Option<String>);

/// A 4.x function's signatures and each one's return type.
type Signatures = (Vec<Signature>, Vec<Option<PType>>);

/// A parsed function file and its analysis.
type Analysed = (Rc<RubyFile>, Rc<Parsed>);

/// The name of the method a 3.x function's block becomes.
const METHOD_3X: &str = ruby::eval::BLOCK_AS_METHOD;

thread_local! {
    /// Function files analysed, by path, with the parsed file they were analysed from
    /// (`env::ruby_files`: read and parsed once per thread, again when changed).
    static CACHE: RefCell<HashMap<Box<[u8]>, Analysed>> = RefCell::new(HashMap::default());
}

/// What a function file's code defined, and the files it required then (their versions
/// and how errors show them).
struct Defined {
    file: Rc<RubyFile>,
    required: Rc<[Required]>,
    defs: Rc<ruby::Loaded>,
}

struct Required {
    file: Rc<RubyFile>,
    source: Source,
}

impl Defined {
    /// Whether the required files are unchanged.
    fn current(&self) -> bool {
        self.required.iter().all(|r| {
            crate::env::ruby_files::load(&r.source.path).is_ok_and(|f| Rc::ptr_eq(&f, &r.file))
        })
    }
}

thread_local! {
    /// What each function file defined, by path: a file and its helpers are loaded once
    /// per thread (again when one of them changed), as the reference loads them once.
    static DEFINED: RefCell<HashMap<Box<[u8]>, Defined>> = RefCell::new(HashMap::default());
}

fn remember_definitions(
    key: &[u8],
    file: Rc<RubyFile>,
    defs: ruby::Loaded,
    host: &FunctionHost,
) -> Known {
    let required: Vec<Required> = host
        .required()
        .filter_map(|source| {
            let f = crate::env::ruby_files::load(&source.path).ok()?;
            Some(Required {
                file: f,
                source: source.clone(),
            })
        })
        .collect();
    let known: Known = (Rc::new(defs), required.into());
    DEFINED.with(|d| {
        let mut d = d.borrow_mut();
        if d.len() >= 512 {
            d.clear();
        }
        d.insert(
            key.into(),
            Defined {
                file,
                required: known.1.clone(),
                defs: known.0.clone(),
            },
        );
    });
    known
}

thread_local! {
    /// Set when a call failed on Ruby outside the subset (or a syntax error, or an
    /// interruption) rather than on an exception the code raised.
    static OUTSIDE_SUBSET: Cell<bool> = const { Cell::new(false) };
}

/// `require` of a file no module has: a library of Ruby's or Puppet's that the reference
/// has (what it defines is unsupported where it is used), else Ruby's `LoadError`.
pub fn library(path: &str) -> Result<ruby::Required, HostError> {
    if super::ruby_libraries::known(path) {
        Ok(ruby::Required::Nothing)
    } else {
        Err(HostError::Raise(format!("cannot load such file -- {path}")))
    }
}

/// Calls a module's Ruby function after its native version failed: the source's answer, or
/// `None` when there is no source or it needs Ruby outside the subset (the native's error
/// stands then).
pub fn call_after_native_error(
    ev: &mut Evaluator,
    name: &str,
    args: &[Value],
    block: Option<&Closure>,
) -> Option<EvalResult> {
    let found = find(ev, name)?;
    OUTSIDE_SUBSET.set(false);
    let r = call(ev, name, &found, args, block);
    (!OUTSIDE_SUBSET.replace(false)).then_some(r)
}

/// Calls a module's Ruby function.
pub fn call(
    ev: &mut Evaluator,
    name: &str,
    found: &Found,
    args: &[Value],
    block: Option<&Closure>,
) -> EvalResult {
    call_as(ev, name, found, args, block, false)
}

/// Calls a module's 3.x Ruby function from Ruby (`function_NAME([...])`): the arguments go
/// as Ruby gives them (undef as nil), not as Puppet gives a 3.x function its arguments
/// (undef as `''`, `:undef` inside collections).
pub fn call_from_ruby(ev: &mut Evaluator, name: &str, found: &Found, args: &[Value]) -> EvalResult {
    call_as(ev, name, found, args, None, true)
}

fn call_as(
    ev: &mut Evaluator,
    name: &str,
    found: &Found,
    args: &[Value],
    block: Option<&Closure>,
    from_ruby: bool,
) -> EvalResult {
    let fail = |e: RubyError, sources: &[Source]| ruby_error(name, e, sources);
    let main_source = |file: &RubyFile| Source {
        base: file.base,
        shown: found.shown.clone(),
        text: file.text.clone(),
        path: found.path.clone(),
    };
    let ready = found.ready.borrow().as_ref().map(|r| {
        let sources = r.defined.is_some().then(|| r.sources.clone()).flatten();
        (
            (r.file.clone(), r.parsed.clone(), r.defined.clone()),
            sources,
        )
    });
    let was_ready = ready.is_some();
    let (ready, kept_sources) = match ready {
        Some((ready, sources)) => (Some(ready), sources),
        None => (None, None),
    };
    let (file, parsed, known) = match ready {
        Some(ready) => ready,
        None => {
            let file = match crate::env::ruby_files::load(&found.path) {
                Ok(file) => file,
                Err(e) => return Err(Error::eval(format!("{}: {e}", found.shown)).into()),
            };
            let parsed = match parsed(&found.path, &file, name) {
                Ok(p) => p,
                Err(e) => return Err(fail(e, &[main_source(&file)]).into()),
            };
            // What the file (and the helpers it requires) defined, from an earlier call
            // while they are unchanged.
            let known = DEFINED.with(|d| {
                d.borrow()
                    .get(crate::env::fs::key(&found.path))
                    .filter(|k| Rc::ptr_eq(&k.file, &file) && k.current())
                    .map(|k| (k.defs.clone(), k.required.clone()))
            });
            (file, parsed, known)
        }
    };
    // The method to run (its index among the declarations) and its Ruby arguments.
    let (index, ruby_args, signatures, mismatch) = match &parsed.api {
        Api::V4 {
            dispatches,
            local_types,
            scope_first,
        } => {
            let decls = &parsed.decls;
            if decls.is_empty() {
                let short = name.rsplit("::").next().unwrap_or(name);
                return Err(Error::eval(format!(
                    "{}: function '{name}' has no dispatch and no method '{short}'",
                    found.shown
                ))
                .into());
            }
            let known = parsed.signatures.borrow().clone();
            let signatures = match known {
                Some(s) => s,
                None => {
                    let made = with_local_types(ev, local_types, |ev| {
                        let mut sigs: Vec<Signature> = decls
                            .iter()
                            .map(|(_, d, _)| make_signature(ev, d))
                            .collect::<Result<_, _>>()
                            .map_err(|e| format!("bad parameter type: {e}"))?;
                        for (sig, d) in sigs.iter_mut().zip(dispatches.iter()) {
                            sig.fallback = d.mismatch;
                        }
                        let rets = decls
                            .iter()
                            .map(|(_, _, r)| r.as_deref().map(|t| puppet_type(ev, t)).transpose())
                            .collect::<Result<Vec<_>, _>>()
                            .map_err(|e| format!("bad return type: {e}"))?;
                        Ok((sigs, rets))
                    })
                    .map_err(|e| Error::eval(format!("{}: function '{name}': {e}", found.shown)))?;
                    let made = Rc::new(made);
                    if local_types.is_empty() && decls.iter().all(built_in_types) {
                        *parsed.signatures.borrow_mut() = Some(made.clone());
                    }
                    made
                }
            };
            let (sigs, _) = &*signatures;
            let (i, ruby_args) = if *scope_first {
                // The scope stands as undef among the arguments the types are checked on.
                let with_scope: Vec<Value> = std::iter::once(Value::Undef)
                    .chain(args.iter().cloned())
                    .collect();
                let i = signature::dispatch_signatures(name, sigs, &with_scope, block)?;
                let ruby_args = std::iter::once(RValue::Scope)
                    .chain(args.iter().map(to_ruby))
                    .collect::<Vec<_>>();
                (i, ruby_args)
            } else {
                let i = signature::dispatch_signatures(name, sigs, args, block)?;
                (i, args.iter().map(to_ruby).collect::<Vec<_>>())
            };
            let mismatch = sigs[i].fallback;
            (i, ruby_args, Some(signatures), mismatch)
        }
        Api::V3 { arity, .. } => {
            if let Some(n) = *arity {
                let given = args.len() as i64;
                let bad = if n >= 0 { given != n } else { given < -n - 1 };
                if bad {
                    let wanted = if n >= 0 {
                        n.to_string()
                    } else {
                        format!("minimum {}", -n - 1)
                    };
                    return Err(Error::eval(format!(
                        "{name}(): Wrong number of arguments given ({given} for {wanted})"
                    ))
                    .into());
                }
            }
            let convert = if from_ruby { to_ruby } else { to_ruby_3x };
            let list = args.iter().map(convert).collect();
            (usize::MAX, vec![RValue::array(list)], None, false)
        }
    };
    let v3 = matches!(parsed.api, Api::V3 { .. });
    let method = match parsed.decls.get(index) {
        Some((m, _, _)) => m.as_str(),
        None => METHOD_3X,
    };
    let rvalue = !matches!(parsed.api, Api::V3 { rvalue: false, .. });
    let mut host = FunctionHost {
        inner: EvalHost::new(ev),
        function: name,
        v3,
        block: block.cloned(),
        sources: match &kept_sources {
            Some(sources) => sources.clone(),
            None => Rc::new(vec![main_source(&file)]),
        },
        deprecations: None,
    };
    // What the file (and the helpers it requires) defined, from an earlier call; else
    // loaded now and kept.
    if let (Some((_, required)), None) = (&known, &kept_sources) {
        Rc::make_mut(&mut host.sources).extend(required.iter().map(|r| r.source.clone()));
    }
    let mut defined = None;
    let result = {
        let mut it = match &known {
            Some((defs, _)) => ruby::Interp::calling(&mut host, defs),
            None => ruby::Interp::new(&mut host),
        };
        let block_arg = block.map(|_| BlockArg::Host(RValue::Host(Rc::new(PuppetBlock))));
        let loaded = match &known {
            Some(_) => Ok(()),
            None => {
                // Puppet's own module for helpers (`module PuppetX::Stdlib` reopens it)
                it.define_module("PuppetX");
                it.load(&parsed.body)
                    .map(|()| defined = Some(it.snapshot()))
            }
        };
        // (whether an error came from loading the file: see below)
        match loaded {
            Ok(()) => it
                .call_top(method, ruby_args, block_arg, file.base)
                .map_err(|e| (e, false)),
            Err(e) => Err((e, true)),
        }
    };
    host.flush_deprecations();
    let defined = defined.map(|defs| {
        remember_definitions(crate::env::fs::key(&found.path), file.clone(), defs, &host)
    });
    if !was_ready || defined.is_some() {
        let defined = defined.or(known);
        *found.ready.borrow_mut() = Some(Ready {
            file: file.clone(),
            parsed: parsed.clone(),
            sources: defined.is_some().then(|| host.sources.clone()),
            defined,
        });
    }
    let value = match result {
        Ok(v) => v,
        // A 3.x function Ruby calls (`function_NAME`) is loaded by Puppet's autoloader,
        // which rescues every exception of the file's loading: a `LoadError` there is its
        // Puppet::Error, logged (called from Puppet, the file's exception is not wrapped).
        Err((RubyError::Raised { class, message, .. }, true))
            if from_ruby && v3 && ruby::error::is_script_error(&class) =>
        {
            let message = format!("Could not autoload puppet/parser/functions/{name}: {message}");
            host.inner.ev.log(crate::LogLevel::Err, &message);
            return Err(Error::eval(message).into());
        }
        Err((e, _)) => return Err(fail(e, &host.sources).into()),
    };
    if mismatch {
        // an argument-mismatch handler's answer is the reference's ArgumentError
        return Err(Error::eval(format!("'{name}' {}", ruby::show::to_s(&value))).into());
    }
    if !rvalue {
        return Ok(Value::Undef);
    }
    let value = to_puppet(&value).map_err(|e| {
        Error::eval(format!(
            "function '{name}' ({}) returned a value Puppet cannot take: {e}",
            found.shown
        ))
    })?;
    let returns = signatures.as_ref().and_then(|s| s.1.get(index)?.as_ref());
    if let Some(t) = returns {
        if !plainly_instance(t, &value) && !crate::functions::shims::is_instance(t, &value) {
            return Err(Error::eval(format!(
                "value returned from function '{method}' has wrong type, {}",
                crate::functions::shims::describe_mismatch(t, &value)
            ))
            .into());
        }
    }
    Ok(value)
}

/// Whether `v` is obviously of the declared return type `t`, without the general check:
/// `Any`, or a plain `String` (no size, no value) and a string (what most functions
/// declare and return).
fn plainly_instance(t: &PType, v: &Value) -> bool {
    match (t, v) {
        (PType::Any, _) => true,
        (PType::String { size, value: None }, Value::String(_)) => {
            size.from <= 0 && size.to == i64::MAX
        }
        _ => false,
    }
}

/// The Ruby arrays and hashes made for the Puppet ones functions read in this evaluation
/// (`fs::generation`), by the Puppet value's identity, which they keep alive.
type KeptAsRuby = (u64, Vec<(Value, RValue)>);

/// How many are kept (the most recent).
const KEPT_AS_RUBY: usize = 16;

thread_local! {
    static AS_RUBY: RefCell<KeptAsRuby> = const { RefCell::new((u64::MAX, Vec::new())) };
}

/// A Puppet variable's value as a module function's Ruby reads it (`closure_scope['x']`,
/// `lookupvar`): an array or hash is the same Ruby object at each read in an evaluation,
/// as in the reference (Puppet's values are Ruby objects there), and is not converted
/// again at each call (stdlib's `fact` reads `closure_scope['facts']`: the whole facts
/// hash was made anew for every call, ~60 k instructions).
fn kept_as_ruby(v: &Value) -> RValue {
    use crate::eval::shared::identity;
    // (an empty array or hash costs nothing to convert: it is not kept)
    let empty = match v {
        Value::Array(a) => a.is_empty(),
        Value::Hash(h) => h.is_empty(),
        _ => false,
    };
    let Some(id) = identity(v).filter(|_| !empty) else {
        return to_ruby(v);
    };
    let same = |k: &Value| identity(k) == Some(id);
    let generation = crate::env::fs::generation();
    AS_RUBY.with(|kept| {
        let mut kept = kept.borrow_mut();
        if kept.0 != generation {
            *kept = (generation, Vec::new());
        }
        if let Some((_, r)) = kept.1.iter().find(|(k, _)| same(k)) {
            return r.clone();
        }
        let r = to_ruby(v);
        if kept.1.len() >= KEPT_AS_RUBY {
            kept.1.remove(0);
        }
        kept.1.push((v.clone(), r.clone()));
        r
    })
}

/// A 3.x function's argument: undef is the empty string at the top, `:undef` inside
/// arrays and hashes (the reference's `Runtime3Converter`).
fn to_ruby_3x(v: &Value) -> RValue {
    match v {
        Value::Undef => RValue::str(""),
        _ => nested_3x(v),
    }
}

fn nested_3x(v: &Value) -> RValue {
    match v {
        Value::Undef => RValue::sym("undef"),
        Value::Array(a) => RValue::array(a.iter().map(nested_3x).collect()),
        Value::Hash(h) => RValue::hash(ruby::RHash::from_distinct(
            h.iter()
                .map(|(k, v)| (nested_3x(k), nested_3x(v)))
                .collect(),
        )),
        other => to_ruby(other),
    }
}

/// The signature of a function without `dispatch`: its method's parameters, typed `Any`.
fn implicit_signature(params: &[DefParam]) -> Vec<ParamDecl> {
    let any = |n: &str, m| ("Any".to_string(), n.to_string(), m);
    let mut out = Vec::new();
    for p in params {
        match p {
            DefParam::Req(n) | DefParam::Post(n) => out.push(any(n, "")),
            DefParam::Opt(n, _) => out.push(any(n, "?")),
            DefParam::Rest(n) => out.push(any(if n.is_empty() { "args" } else { n }, "*")),
            DefParam::Block(n) => out.push(("Callable".to_string(), n.to_string(), "&?")),
            DefParam::Key(..) | DefParam::KeyRest(_) => {}
        }
    }
    out
}

/// Whether a signature's types are all built-in ones (read the same in every session).
fn built_in_types((_, params, ret): &(String, Vec<ParamDecl>, Option<String>)) -> bool {
    let built_in = |t: &str| crate::types::typesrc::parse_type(t).is_ok();
    params.iter().all(|(t, _, _)| built_in(t)) && ret.as_deref().is_none_or(built_in)
}

/// A Puppet type written as a string: read statically where it can be, else evaluated
/// (type aliases, `Enum[a, b]` with bare words).
fn puppet_type(ev: &mut Evaluator, text: &str) -> Result<PType, String> {
    match crate::types::typesrc::parse_type(text) {
        Ok(t) => Ok(t),
        Err(_) => ev.type_from_source(text).map_err(|e| e.message),
    }
}

/// Runs `f` with a function's local type aliases defined (as the session's aliases, for
/// the time of `f`: they display as the reference's, `Port = Integer[1, 65535]`).
fn with_local_types<T>(
    ev: &mut Evaluator,
    local_types: &[(String, String)],
    f: impl FnOnce(&mut Evaluator) -> Result<T, String>,
) -> Result<T, String> {
    if local_types.is_empty() {
        return f(ev);
    }
    let saved = ev.aliases.clone();
    let mut made = Vec::new();
    for (alias, _) in local_types {
        let a = Rc::new(crate::types::TypeAlias {
            name: Rc::from(alias.as_str()),
            target: RefCell::new(None),
        });
        ev.aliases.insert(alias.to_ascii_lowercase(), a.clone());
        made.push(a);
    }
    let mut result = Ok(());
    for ((alias, definition), a) in local_types.iter().zip(&made) {
        match puppet_type(ev, definition) {
            Ok(t) => *a.target.borrow_mut() = Some(t),
            Err(e) => {
                result = Err(format!("bad local type '{alias}': {e}"));
                break;
            }
        }
    }
    let r = result.and_then(|()| f(ev));
    ev.aliases = saved;
    r
}

/// A dispatch's signature, its types read as Puppet types.
fn make_signature(ev: &mut Evaluator, params: &[ParamDecl]) -> Result<Signature, String> {
    let mut sig = Signature::parse("")?;
    for (ty, name, marker) in params {
        if marker.starts_with('&') {
            let q = if *marker == "&?" { "?" } else { "" };
            sig.block = Signature::parse(&format!("{ty} &${name}{q}"))?.block;
            // shown as the reference shows the type (`Callable[1, 1]`)
            // (evaluated: the signatures' own type reader keeps no Callable's counts)
            let canonical = ev.type_from_source(ty).map_err(|e| e.message)?.to_string();
            if let Some(b) = &mut sig.block {
                b.shown = canonical;
            }
            continue;
        }
        let arity = match *marker {
            "?" => signature::Arity::Optional,
            "*" => signature::Arity::Repeated,
            "+" => signature::Arity::RepeatedAtLeastOne,
            _ => signature::Arity::Required,
        };
        let ty = puppet_type(ev, ty)?;
        sig.params.push(signature::Param {
            name: name.clone(),
            shown: ty.to_string(),
            ty,
            arity,
        });
    }
    Ok(sig)
}

/// A Ruby file's text, where its offsets start, and how it is shown.
#[derive(Clone)]
struct Source {
    base: usize,
    shown: Rc<str>,
    text: Rc<str>,
    /// The file (`require_relative` is relative to its directory).
    path: Rc<Path>,
}

/// A Ruby error of a function as Puppet's error: an evaluation error with [`describe`]'s
/// message, or for a `ScriptError` (`LoadError`: `require` of a gem nobody has), which the
/// reference's wrappers do not rescue, that exception ([`crate::error::ErrorKind::Uncaught`]).
fn ruby_error(name: &str, e: RubyError, sources: &[Source]) -> Error {
    match e {
        RubyError::Raised { class, message, .. } if ruby::error::is_script_error(&class) => {
            Error::uncaught(&class, message)
        }
        RubyError::Syntax {
            message,
            at,
            end,
            quote,
            also,
            ..
        } if source_of(sources, at).is_some() => {
            // Ruby's SyntaxError (a ScriptError too), worded as Ruby's parser reports it:
            // the file's path and line, the line quoted with a caret under the token.
            OUTSIDE_SUBSET.set(true);
            let s = source_of(sources, at).unwrap_or(&sources[0]);
            let (line, mut snippet) =
                crate::erb::generated::snippet(&s.text, at - s.base, end.max(at) - s.base);
            if !quote {
                snippet.clear();
            }
            let path = s.path.display();
            let sep = if snippet.is_empty() { "" } else { "\n" };
            let mut m = format!("{path}:{line}: {message}{sep}{snippet}");
            if let Some(also) = also {
                m.push_str(&format!("{path}:{line}: {also}\n{snippet}"));
            }
            Error::uncaught("SyntaxError", m)
        }
        e => Error::eval(describe(name, e, sources)),
    }
}

/// The source an offset is in (the last whose text holds it).
fn source_of(sources: &[Source], at: usize) -> Option<&Source> {
    sources
        .iter()
        .rev()
        .find(|s| s.base <= at && at - s.base <= s.text.len())
}

/// A Ruby error of a function as a message: the exception's message (the reference's),
/// or for a syntax error or Ruby outside the subset, what and where.
fn describe(name: &str, e: RubyError, sources: &[Source]) -> String {
    let at = e.at();
    let (file, line) = sources
        .iter()
        .rev()
        .find(|s| s.base <= at && at - s.base <= s.text.len())
        .map(|s| {
            (
                s.shown.to_string(),
                ruby::line_col(&s.text, at - s.base).0.to_string(),
            )
        })
        .unwrap_or_else(|| ("?".to_string(), "?".to_string()));
    if !matches!(e, RubyError::Raised { .. }) {
        OUTSIDE_SUBSET.set(true);
    }
    match e {
        RubyError::Raised { message, .. } => message,
        RubyError::Syntax { message, .. } => {
            format!("Could not load function '{name}': {file}:{line}: {message}")
        }
        RubyError::Unsupported { what, .. } => format!(
            "unsupported Ruby in function '{name}': {what} (prepl runs modules' Ruby functions with a subset of Ruby) ({file}:{line})"
        ),
        RubyError::Interrupted { .. } => "Interrupted".to_string(),
    }
}

/// Analyses a function file (once per parsed file: cached by path).
fn parsed(path: &Path, file: &Rc<RubyFile>, name: &str) -> Result<Rc<Parsed>, RubyError> {
    let key = crate::env::fs::key(path);
    let known = CACHE.with(|c| {
        c.borrow()
            .get(key)
            .filter(|(f, _)| Rc::ptr_eq(f, file))
            .map(|(_, p)| p.clone())
    });
    if let Some(p) = known {
        return Ok(p);
    }
    let top = file.body.clone()?;
    let p = Rc::new(analyse(top.to_vec(), name, file.base)?);
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= 512 {
            c.clear();
        }
        c.insert(key.into(), (file.clone(), p.clone()));
    });
    Ok(p)
}

/// A literal's text: a string or symbol without interpolation.
fn literal(n: &Node) -> Option<String> {
    match &n.kind {
        Kind::Str(parts) | Kind::Sym(parts) => {
            let mut s = String::new();
            for p in parts {
                match p {
                    ruby::ast::Part::Lit(l) => s.push_str(l),
                    ruby::ast::Part::Code(_) => return None,
                }
            }
            Some(s)
        }
        _ => None,
    }
}

fn integer(n: &Node) -> Option<i64> {
    match &n.kind {
        Kind::Int(i) => Some(*i),
        Kind::Call {
            recv: Some(r),
            name,
            args,
            ..
        } if name == "-@" && args.is_empty() => integer(r).map(|i| -i),
        _ => None,
    }
}

fn is_const(n: Option<&Node>, name: &str) -> bool {
    matches!(n.map(|n| &n.kind), Some(Kind::Const(c)) if c.strip_prefix("::").unwrap_or(c) == name)
}

/// Finds the function's definition among the file's statements; the rest is code to run.
fn analyse(top: Vec<Node>, name: &str, base: usize) -> Result<Parsed, RubyError> {
    let mut body = Vec::new();
    let mut api = None;
    walk(top, &mut body, &mut api, false)?;
    match api {
        Some(api) => Ok(Parsed {
            decls: declarations(&api, &body, name),
            api,
            body,
            signatures: RefCell::new(None),
        }),
        None => Err(RubyError::unsupported(
            format!("a file that defines no function '{name}' (no Puppet::Functions.create_function or newfunction)"),
            base,
        )),
    }
}

/// A 4.x function's dispatches as declarations; without `dispatch`, the method named as
/// the function, its parameters typed `Any` (none when there is no such method).
fn declarations(api: &Api, body: &[Node], name: &str) -> Vec<Decl> {
    let Api::V4 { dispatches, .. } = api else {
        return Vec::new();
    };
    if !dispatches.is_empty() {
        return dispatches
            .iter()
            .map(|d| (d.method.clone(), d.params.clone(), d.return_type.clone()))
            .collect();
    }
    let short = name.rsplit("::").next().unwrap_or(name);
    body.iter()
        .find_map(|n| match &n.kind {
            Kind::Def(d) if d.name == short && !d.singleton => Some(vec![(
                short.to_string(),
                implicit_signature(&d.params),
                None,
            )]),
            _ => None,
        })
        .unwrap_or_default()
}

fn walk(
    stmts: Vec<Node>,
    body: &mut Vec<Node>,
    api: &mut Option<Api>,
    in_functions_module: bool,
) -> Result<(), RubyError> {
    for n in stmts {
        match &n.kind {
            Kind::Call {
                recv,
                name: m,
                args,
                block: Some(block),
                ..
            } if m == "create_function" && is_const(recv.as_deref(), "Puppet::Functions") => {
                let _ = args;
                *api = Some(v4(block, body)?);
            }
            Kind::Call {
                recv,
                name: m,
                args,
                block: Some(block),
                ..
            } if m == "newfunction"
                && ((recv.is_none() && in_functions_module)
                    || is_const(recv.as_deref(), "Puppet::Parser::Functions")) =>
            {
                let mut arity = None;
                let mut rvalue = false;
                for a in args.iter().skip(1) {
                    if let Kind::Hash(pairs) = &a.kind {
                        for (k, v) in pairs {
                            match literal(k).as_deref() {
                                Some("type") => rvalue = literal(v).as_deref() == Some("rvalue"),
                                Some("arity") => arity = integer(v),
                                _ => {}
                            }
                        }
                    }
                }
                let params = match block.params.first() {
                    Some(BlockParamName::Name(p)) => vec![DefParam::Req(p.clone())],
                    Some(BlockParamName::Nested(_)) => {
                        return Err(RubyError::unsupported(
                            "a newfunction block with a destructuring parameter",
                            n.at,
                        ))
                    }
                    // (a block without parameters, made a method by `define_method`, takes
                    // none: every call, which passes the argument array, fails as the
                    // reference's does, "wrong number of arguments (given 1, expected 0)")
                    None => vec![],
                };
                body.push(Node::new(
                    Kind::Def(Rc::new(MethodDef::new(
                        METHOD_3X.to_string(),
                        false,
                        params,
                        block.body.clone(),
                        // (a bare `super` in a 3.x function's block: its arguments kept)
                        true,
                    ))),
                    n.at,
                ));
                *api = Some(Api::V3 { arity, rvalue });
            }
            Kind::ClassDef(c)
                if c.module
                    && matches!(
                        c.path.strip_prefix("::").unwrap_or(&c.path),
                        "Puppet::Parser::Functions"
                    ) =>
            {
                walk(c.body.clone(), body, api, true)?;
            }
            _ => body.push(n),
        }
    }
    Ok(())
}

/// A `create_function` block: its dispatches and the rest (methods, constants).
fn v4(block: &Rc<Block>, body: &mut Vec<Node>) -> Result<Api, RubyError> {
    let mut dispatches = Vec::new();
    let mut local_types = Vec::new();
    let mut scope_first = false;
    for n in &block.body {
        match &n.kind {
            Kind::Def(d) if d.name == "call" && !d.singleton => {
                scope_first = matches!(d.params.first(), Some(DefParam::Req(_)));
                body.push(n.clone());
            }
            Kind::Call {
                recv: None,
                name,
                args,
                block: Some(d),
                ..
            } if name == "dispatch" || name == "argument_mismatch" => {
                let method = args.first().and_then(literal).ok_or_else(|| {
                    RubyError::unsupported("a dispatch whose method is not a literal", n.at)
                })?;
                dispatches.push(dispatch(method, d, name == "argument_mismatch")?);
            }
            Kind::Call {
                recv: None,
                name,
                block: Some(b),
                ..
            } if name == "local_types" => {
                for t in &b.body {
                    let decl = match &t.kind {
                        Kind::Call {
                            recv: None,
                            name,
                            args,
                            ..
                        } if name == "type" && args.len() == 1 => literal(&args[0]),
                        _ => None,
                    };
                    let alias = decl.as_deref().and_then(|d| d.split_once('='));
                    let Some((alias, definition)) = alias else {
                        return Err(RubyError::unsupported(
                            "code other than type 'Name = Type' in local_types",
                            t.at,
                        ));
                    };
                    local_types.push((alias.trim().to_string(), definition.trim().to_string()));
                }
            }
            Kind::Call {
                recv: None, name, ..
            } if name == "local_types" => {
                return Err(RubyError::unsupported(
                    format!("'{name}' in create_function"),
                    n.at,
                ));
            }
            _ => body.push(n.clone()),
        }
    }
    Ok(Api::V4 {
        dispatches,
        local_types,
        scope_first,
    })
}

/// A `dispatch :m do ... end` body as a signature declaration.
fn dispatch(method: String, d: &Block, mismatch: bool) -> Result<Dispatch, RubyError> {
    let mut parts = Vec::new();
    let mut return_type = None;
    for n in &d.body {
        let Kind::Call {
            recv: None,
            name,
            args,
            ..
        } = &n.kind
        else {
            return Err(RubyError::unsupported(
                "code other than parameters in a dispatch",
                n.at,
            ));
        };
        let lits: Vec<String> = args
            .iter()
            .map(|a| {
                literal(a).ok_or_else(|| {
                    RubyError::unsupported(
                        format!("a '{name}' whose arguments are not literals"),
                        a.at,
                    )
                })
            })
            .collect::<Result<_, _>>()?;
        let typed = |lits: &[String]| -> Result<(String, String), RubyError> {
            match lits {
                [t, n] => Ok((t.clone(), n.clone())),
                _ => Err(RubyError::unsupported(
                    format!("'{name}' without a type and a name"),
                    n.at,
                )),
            }
        };
        match &**name {
            "param" | "required_param" => {
                let (t, p) = typed(&lits)?;
                parts.push((t, p, ""));
            }
            "optional_param" => {
                let (t, p) = typed(&lits)?;
                parts.push((t, p, "?"));
            }
            "repeated_param" => {
                let (t, p) = typed(&lits)?;
                parts.push((t, p, "*"));
            }
            "required_repeated_param" => {
                let (t, p) = typed(&lits)?;
                parts.push((t, p, "+"));
            }
            "block_param" | "required_block_param" | "optional_block_param" => {
                let q = if name == "optional_block_param" {
                    "?"
                } else {
                    ""
                };
                let (t, p) = match lits.as_slice() {
                    [] => ("Callable".to_string(), "block".to_string()),
                    [one] if one.contains(['[', ']']) || one.starts_with(char::is_uppercase) => {
                        (one.clone(), "block".to_string())
                    }
                    [one] => ("Callable".to_string(), one.clone()),
                    [t, p, ..] => (t.clone(), p.clone()),
                };
                parts.push((t, p, if q.is_empty() { "&" } else { "&?" }));
            }
            "return_type" => return_type = lits.into_iter().next(),
            other => {
                return Err(RubyError::unsupported(
                    format!("'{other}' in a dispatch"),
                    n.at,
                ));
            }
        }
    }
    Ok(Dispatch {
        method,
        mismatch,
        params: parts,
        return_type,
    })
}

impl Dispatch {
    /// The signature as a parameter list (`String[1] $name, Boolean $loud?`).
    #[cfg(test)]
    fn decl(&self) -> String {
        let shown: Vec<String> = self
            .params
            .iter()
            .map(|(t, n, m)| match *m {
                "?" => format!("{t} ${n}?"),
                "&?" => format!("{t} &${n}?"),
                m => format!("{t} {m}${n}"),
            })
            .collect();
        shown.join(", ").replace("  ", " ")
    }
}

/// The lambda given to a function, as Ruby sees it.
#[derive(Debug)]
struct PuppetBlock;

impl HostObject for PuppetBlock {
    fn class_name(&self) -> String {
        "Puppet::Pops::Evaluator::Closure".to_string()
    }
    fn to_s(&self) -> String {
        "#<Puppet::Pops::Evaluator::Closure>".to_string()
    }
    fn equals(&self, other: &dyn HostObject) -> bool {
        other.as_any().is::<PuppetBlock>()
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// The evaluator as a Ruby function's host: a template's host, with the function's own
/// `self` (`call_function`; for 3.x the scope), its lambda and `require`.
struct FunctionHost<'e> {
    inner: EvalHost<'e>,
    /// The function's name.
    function: &'e str,
    v3: bool,
    block: Option<Closure>,
    /// The function's file, then the files `require` loaded.
    sources: Rc<Vec<Source>>,
    /// Deprecation warnings of the objects it gave the code (`Autoloader`), not yet logged
    /// (made with the first such object).
    deprecations: Option<Rc<RefCell<Vec<String>>>>,
}

/// A Ruby block the function gave a Puppet function (`call_function('each', list) { |x|
/// ... }`), as the lambda that function calls: a closure whose parameters say how many
/// arguments the block takes, as the reference reads a Ruby block (all optional, `|a, b|`
/// taking 0 to 2), and whose calls run the block (with a host made for each call).
#[derive(Debug)]
struct RubyLambda {
    block: Rc<dyn ruby::Lent>,
    /// A 3.x function's block (whose `self` is the scope).
    v3: bool,
    function: Rc<str>,
    /// The function's own lambda (`yield` in the block).
    outer: Option<Closure>,
    sources: Rc<Vec<Source>>,
}

impl RubyLambda {
    fn closure(self) -> Closure {
        block_closure(self.block.params(), Rc::new(self))
    }
}

/// A Ruby block given to a Puppet function as the lambda that function calls: a closure
/// whose parameters say how many arguments the block takes, as the reference reads a Ruby
/// block (all optional, `|a, b|` taking 0 to 2), and whose calls run `native`.
pub(crate) fn block_closure(params: usize, native: Rc<dyn crate::eval::NativeLambda>) -> Closure {
    use crate::syntax::ast::{Expr, ExprKind, Lambda, Param, Span};
    let params = (0..params)
        .map(|i| Param {
            name: Rc::from(format!("arg{i}")),
            type_expr: None,
            captures_rest: false,
            default: Some(Expr::new(ExprKind::Undef, Span::default())),
            span: Span::default(),
        })
        .collect();
    Closure {
        lambda: Rc::new(Lambda {
            params,
            return_type: None,
            body: Vec::new(),
            span: Span::default(),
            frame_size: Default::default(),
        }),
        layout: Default::default(),
        frame: None,
        native: Some(native),
    }
}

impl crate::eval::NativeLambda for RubyLambda {
    fn call(&self, ev: &mut Evaluator, args: Vec<Value>) -> EvalResult {
        let args = args.iter().map(to_ruby).collect();
        let mut host = FunctionHost {
            inner: EvalHost::new(ev),
            function: &self.function,
            v3: self.v3,
            block: self.outer.clone(),
            sources: self.sources.clone(),
            deprecations: None,
        };
        let r = self.block.call(&mut host, args);
        host.flush_deprecations();
        let v = r.map_err(|e| match e {
            // (`break` out of the block, or an interruption: what leaves the function the
            // block was given to; the block's Ruby was not outside the subset)
            RubyError::Interrupted { .. } => Error::eval("Interrupted"),
            e => ruby_error(&self.function, e, &self.sources),
        })?;
        Ok(to_puppet(&v).map_err(|e| {
            Error::eval(format!(
                "a block of function '{}' gave a value Puppet cannot take: {e}",
                self.function
            ))
        })?)
    }
}

impl std::fmt::Debug for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.shown)
    }
}

impl FunctionHost<'_> {
    /// The files `require` loaded (the sources after the function's own).
    fn required(&self) -> impl Iterator<Item = &Source> {
        self.sources.iter().skip(1)
    }

    /// Logs the deprecation warnings not yet logged (before anything else the code logs).
    fn flush_deprecations(&mut self) {
        let Some(deprecations) = &self.deprecations else {
            return;
        };
        let pending = std::mem::take(&mut *deprecations.borrow_mut());
        // (the reference's autoloader warns unless strict is off)
        if self.inner.ev.strict == crate::Strictness::Off {
            return;
        }
        for m in pending {
            self.inner.ev.warn_once(&m);
        }
    }

    /// Runs a call the Ruby code makes into Puppet: the Ruby function's own call site is
    /// not on the Puppet stack meanwhile, as Ruby frames are not on the reference's
    /// (stdlib's `deprecation` from a Ruby function names the Puppet call's site and the
    /// one before it, `at ["unknown", 2]:["unknown", 0]`).
    fn call_into_puppet<T>(&mut self, f: impl FnOnce(&mut EvalHost) -> T) -> T {
        let sites = &mut self.inner.ev.call_sites;
        let own = sites.last().map(|(source, span)| (source.clone(), span));
        if own.is_some() {
            sites.pop();
        }
        let r = f(&mut self.inner);
        if let Some((source, span)) = own {
            self.inner.ev.call_sites.push(&source, span);
        }
        r
    }
}

impl Host for FunctionHost<'_> {
    fn variable(&mut self, name: &str) -> Option<RValue> {
        let v = self.inner.ev.visible_variable(name)?;
        Some(kept_as_ruby(&v))
    }
    fn has_variable(&mut self, name: &str, with_value: bool) -> bool {
        self.inner.has_variable(name, with_value)
    }
    fn undefined_variable(&mut self, name: &str) -> Option<String> {
        self.inner.undefined_variable(name)
    }
    fn call_function(&mut self, name: &str, args: Vec<RValue>) -> Result<RValue, HostError> {
        self.flush_deprecations();
        self.call_into_puppet(|h| h.call_function(name, args))
    }
    fn call_legacy_function(&mut self, name: &str, args: Vec<RValue>) -> Result<RValue, HostError> {
        self.flush_deprecations();
        self.call_into_puppet(|h| h.call_legacy_function(name, args))
    }
    fn has_function(&mut self, name: &str) -> Result<bool, String> {
        self.inner.has_function(name)
    }
    fn set_variable(&mut self, name: &str, value: &RValue) -> Result<(), HostError> {
        self.inner.set_variable(name, value)
    }
    fn self_is_scope(&self) -> bool {
        self.v3
    }

    fn self_call(&mut self, name: &str, args: &[RValue]) -> Option<Result<RValue, HostError>> {
        self.flush_deprecations();
        match name {
            "call_function" if !self.v3 => {
                let Some((f, rest)) = args.split_first() else {
                    return Some(Err(HostError::Raise(
                        "wrong number of arguments (given 0, expected 1+)".to_string(),
                    )));
                };
                let f = ruby::show::to_s(f);
                Some(self.call_into_puppet(|h| h.call_function(&f, rest.to_vec())))
            }
            // Puppet's translation (`_('message')`, GettextHelper): the message itself
            "_" if args.len() == 1 => Some(Ok(args[0].clone())),
            // Puppet's logging methods, which every function has
            "debug" | "info" | "notice" | "warning" | "err" | "alert" | "emerg" | "crit" => {
                let message = args
                    .iter()
                    .map(ruby::show::to_s)
                    .collect::<Vec<_>>()
                    .join(" ");
                Some(
                    self.call_into_puppet(|h| h.call_function(name, vec![RValue::str(message)]))
                        .map(|_| RValue::Nil),
                )
            }
            // the scope the function was defined in: for a module function, the top scope
            // (`closure_scope['facts']`, `lookupvar`)
            "closure_scope" if !self.v3 && args.is_empty() => Some(Ok(RValue::Scope)),
            "loader" | "script_compiler" | "internal_call_function" => Some(Err(
                HostError::Unsupported(format!("'{name}' in a function")),
            )),
            _ => None,
        }
    }

    fn call_function_with_block(
        &mut self,
        name: &str,
        args: Vec<RValue>,
        block: Rc<dyn ruby::Lent>,
    ) -> Option<Result<RValue, HostError>> {
        self.flush_deprecations();
        let lambda = RubyLambda {
            block,
            v3: self.v3,
            function: Rc::from(self.function),
            outer: self.block.clone(),
            sources: self.sources.clone(),
        };
        let closure = lambda.closure();
        Some(self.call_into_puppet(|h| h.call_function_with_closure(name, args, &closure)))
    }

    fn call_block(
        &mut self,
        block: &RValue,
        args: Vec<RValue>,
    ) -> Option<Result<RValue, HostError>> {
        let RValue::Host(o) = block else { return None };
        o.as_any().downcast_ref::<PuppetBlock>()?;
        let closure = self.block.clone()?;
        let args: Result<Vec<Value>, HostError> = args
            .iter()
            .map(|a| to_puppet(a).map_err(HostError::Unsupported))
            .collect();
        let args = match args {
            Ok(a) => a,
            Err(e) => return Some(Err(e)),
        };
        Some(
            self.inner
                .ev
                .call_closure(&closure, &args)
                .map(|v| to_ruby(&v))
                .map_err(|f| match f {
                    crate::eval::Flow::Error(e) if e.uncaught_class().is_some() => {
                        super::template::raised_again(&e)
                    }
                    crate::eval::Flow::Error(e) => HostError::Raise(e.message.clone()),
                    _ => HostError::Unsupported(
                        "break, next or return out of a lambda a Ruby function called".into(),
                    ),
                }),
        )
    }

    fn system_call(
        &mut self,
        class: &str,
        name: &str,
        args: &[RValue],
    ) -> Option<Result<RValue, HostError>> {
        match (class, name, args) {
            // the 3.x function's name as a `function_NAME` method, or false
            ("Puppet::Parser::Functions", "autoloader", []) => {
                let ev = &self.inner.ev;
                Some(Ok(RValue::Host(Rc::new(
                    super::legacy_autoloader::Autoloader {
                        loaded: ev.legacy_autoloaded.clone(),
                        modulepath: ev.env.modulepath.as_slice().into(),
                        deprecations: self.deprecations.get_or_insert_with(Rc::default).clone(),
                    },
                ))))
            }
            ("Puppet::Parser::Functions", "function", [f]) => {
                let f = ruby::show::to_s(f);
                // (a 4.x-only function exists too, though `function_NAME` refuses it)
                Some(Ok(match self.inner.has_function(&f) {
                    Ok(true) | Err(_) => RValue::str(format!("function_{f}")),
                    Ok(false) => RValue::Bool(false),
                }))
            }
            // Puppet's logging (`Puppet.debug(message)`), as a function's own methods
            ("Puppet", "debug" | "info" | "notice" | "warning" | "err", [_]) => {
                self.self_call(name, args)
            }
            _ => super::ruby_puppet::system_call(self.inner.ev, class, name, args),
        }
    }

    fn module_files(&self) -> bool {
        true
    }

    /// (`Dir.glob`: stdlib's `glob` lists the paths it is given, as the reference's does)
    fn read_dirs(&mut self, _what: &str) -> Result<(), HostError> {
        Ok(())
    }

    fn require(&mut self, path: &str) -> Option<Result<ruby::Required, HostError>> {
        let modulepath = &self.inner.ev.env.modulepath;
        if known_library(modulepath, path) {
            return Some(Ok(ruby::Required::Nothing));
        }
        let found = match required_file(modulepath, path) {
            Ok(Some(found)) => found,
            Ok(None) => {
                let answer = library(path);
                if answer.is_ok() {
                    remember_library(modulepath, path);
                }
                return Some(answer);
            }
            Err(e) => return Some(Err(e)),
        };
        Some(self.load_required(path, found))
    }

    fn require_relative(
        &mut self,
        path: &str,
        at: usize,
    ) -> Option<Result<ruby::Required, HostError>> {
        let from = self
            .sources
            .iter()
            .rev()
            .find(|s| s.base <= at && at - s.base <= s.text.len())
            .map(|s| s.path.clone())?;
        let rel = format!("{}.rb", path.strip_suffix(".rb").unwrap_or(path));
        // `..` resolved by the path's words; the file must be in a module of the modulepath
        let mut file = from.parent().map(Path::to_path_buf).unwrap_or_default();
        for part in rel.split('/') {
            match part {
                "" | "." => {}
                ".." => {
                    file.pop();
                }
                p => file.push(p),
            }
        }
        let modulepath = &self.inner.ev.env.modulepath;
        let Some(dir) = modulepath.iter().find(|d| file.starts_with(d)).cloned() else {
            return Some(Err(HostError::Unsupported(format!(
                "require_relative '{path}' of a file outside the modulepath"
            ))));
        };
        if !crate::env::fs::is_file(&file) {
            return Some(Err(HostError::Raise(format!(
                "cannot load such file -- {}",
                file.display()
            ))));
        }
        Some(self.load_required(path, (dir, file)))
    }
}

impl FunctionHost<'_> {
    /// A module's Ruby file `require` found (its modulepath directory and path): its code
    /// to run, or nothing when this call loaded it already.
    fn load_required(
        &mut self,
        path: &str,
        (dir, file): (PathBuf, PathBuf),
    ) -> Result<ruby::Required, HostError> {
        if self.required().any(|s| *s.path == *file) {
            return Ok(ruby::Required::Nothing);
        }
        let parsed = crate::env::ruby_files::load(&file)
            .map_err(|e| HostError::Raise(format!("cannot load such file -- {path} ({e})")))?;
        Rc::make_mut(&mut self.sources).push(Source {
            base: parsed.base,
            shown: shown_path(&dir, &file),
            text: parsed.text.clone(),
            path: file.into(),
        });
        Ok(ruby::Required::Code(parsed.body.clone()))
    }
}

/// The generation and modulepath the libraries are for, and the paths.
type KnownLibraries = (u64, Vec<PathBuf>, Vec<Box<str>>);

thread_local! {
    /// The paths `require`d in this evaluation (`fs::generation`) that no module of the
    /// modulepath has and the reference's Ruby does (`shellwords`, `json`): a function
    /// that requires one in its body (stdlib's `shell_escape`) is answered at once at its
    /// every call, as Ruby's `require` answers a feature already loaded (searching the
    /// modules' `lib` and the libraries again was 2.6 k instructions a call).
    static LIBRARIES: RefCell<KnownLibraries> = const { RefCell::new((u64::MAX, Vec::new(), Vec::new())) };
}

/// Whether `path` was found to be a library in this evaluation.
fn known_library(modulepath: &[PathBuf], path: &str) -> bool {
    let generation = crate::env::fs::generation();
    LIBRARIES.with(|l| {
        let l = l.borrow();
        l.0 == generation
            && l.2.iter().any(|p| **p == *path)
            && crate::env::fs::same_paths(&l.1, modulepath)
    })
}

fn remember_library(modulepath: &[PathBuf], path: &str) {
    let generation = crate::env::fs::generation();
    LIBRARIES.with(|l| {
        let mut l = l.borrow_mut();
        if l.0 != generation || !crate::env::fs::same_paths(&l.1, modulepath) {
            *l = (generation, modulepath.to_vec(), Vec::new());
        }
        l.2.push(path.into());
    })
}

/// The file `require 'path'` loads from a module's `lib` on the modulepath, with its
/// modulepath directory; `None` when no module has it (a library of Ruby's or Puppet's).
pub(crate) fn required_file(
    modulepath: &[PathBuf],
    path: &str,
) -> Result<Option<(PathBuf, PathBuf)>, HostError> {
    let rel = format!("{}.rb", path.strip_suffix(".rb").unwrap_or(path));
    if rel.starts_with('/') || rel.split('/').any(|s| s == "..") {
        return Err(HostError::Unsupported(format!("require '{path}'")));
    }
    // (a module whose `lib` has no entry of the path's first name cannot have the file:
    // one listing of each `lib` answers that for every `require`, where a `statx` of each
    // module's path for each `require` was a thousand calls for a modulepath's custom
    // facts, at every evaluation)
    let first = rel.split('/').next().filter(|c| !c.is_empty() && *c != ".");
    Ok(modulepath.iter().find_map(|dir| {
        crate::env::fs::list(dir).iter().find_map(|m| {
            let lib = m.join("lib");
            if first.is_some_and(|first| !crate::env::fs::has_entry(&lib, first)) {
                return None;
            }
            let p = lib.join(&rel);
            crate::env::fs::is_file(&p).then(|| (dir.clone(), p))
        })
    }))
}

fn shown_path(dir: &Path, file: &Path) -> Rc<str> {
    file.strip_prefix(dir)
        .unwrap_or(file)
        .display()
        .to_string()
        .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn analysed(src: &str) -> Parsed {
        let mut toks = Vec::new();
        ruby::lexer::lex(src, 0, &mut toks).unwrap();
        analyse(ruby::parser::parse(toks).unwrap(), "f", 0).unwrap()
    }

    #[test]
    fn dispatches_become_signatures() {
        let p = analysed(
            "Puppet::Functions.create_function(:'m::f') do\n  dispatch :a do\n    param 'String[1]', :x\n    optional_param 'Integer', :y\n    repeated_param 'Any', :rest\n    optional_block_param 'Callable[1,1]', :blk\n    return_type 'String'\n  end\n  dispatch :b do\n    required_repeated_param 'Integer', :n\n    block_param\n  end\n  def a(x, y = 1, *rest)\n    x\n  end\nend\n",
        );
        let Api::V4 { dispatches, .. } = &p.api else {
            panic!("not 4.x")
        };
        assert_eq!(
            dispatches[0].decl(),
            "String[1] $x, Integer $y?, Any *$rest, Callable[1,1] &$blk?"
        );
        assert_eq!(dispatches[0].return_type.as_deref(), Some("String"));
        assert_eq!(dispatches[1].decl(), "Integer +$n, Callable &$block");
        assert_eq!(p.body.len(), 1);
    }

    #[test]
    fn newfunction_with_a_heredoc_doc() {
        let p = analysed(
            "module Puppet::Parser::Functions\n  newfunction(:f, type: :rvalue, arity: -2, doc: <<-DOC\n    Docs with #{interpolation}.\n  DOC\n  ) do |args|\n    args.size\n  end\nend\n",
        );
        assert!(matches!(
            p.api,
            Api::V3 {
                arity: Some(-2),
                rvalue: true
            }
        ));
        let p = analysed(
            "Puppet::Parser::Functions.newfunction(:f, :arity => 1, :doc => 'x') do |a|\nend\n",
        );
        assert!(matches!(
            p.api,
            Api::V3 {
                arity: Some(1),
                rvalue: false
            }
        ));
    }

    #[test]
    fn implicit_signatures_take_any() {
        let p = analysed(
            "Puppet::Functions.create_function(:f) do\n  def f(a, b = 2, *c, &d)\n  end\nend\n",
        );
        let Kind::Def(d) = &p.body[0].kind else {
            panic!()
        };
        let shown: Vec<String> = implicit_signature(&d.params)
            .into_iter()
            .map(|(t, n, m)| format!("{t}{m}${n}"))
            .collect();
        assert_eq!(shown, ["Any$a", "Any?$b", "Any*$c", "Callable&?$d"]);
    }
}

#[cfg(test)]
mod loading_tests {
    /// A function's file and the helpers it requires are loaded once (what they define is
    /// kept across calls, as in the reference, where a class's state lasts), and again
    /// once one of them changed.
    #[test]
    fn definitions_kept_until_a_file_changes() {
        let root = std::env::temp_dir().join(format!("prepl-rubyfn-load-{}", std::process::id()));
        let functions = root.join("m/lib/puppet/functions/m");
        let helper = root.join("m/lib/puppet_x/m/counter.rb");
        std::fs::create_dir_all(&functions).unwrap();
        std::fs::create_dir_all(helper.parent().unwrap()).unwrap();
        std::fs::write(
            functions.join("count.rb"),
            "require 'puppet_x/m/counter'\nPuppet::Functions.create_function(:'m::count') do\n  \
             def count\n    PuppetX::M::Counter.next\n  end\nend\n",
        )
        .unwrap();
        let write_helper = |step: i64| {
            std::fs::write(
                &helper,
                format!(
                    "module PuppetX\n  module M\n    class Counter\n      @n = 0\n      \
                     def self.next\n        @n += {step}\n      end\n    end\n  end\nend\n"
                ),
            )
            .unwrap();
        };
        write_helper(1);
        let mut s = crate::Session::new();
        s.set_environment(crate::env::Environment {
            name: "production".into(),
            dir: None,
            modulepath: vec![root.clone()],
        });
        let run = |s: &mut crate::Session, src: &str| {
            crate::format::to_programmatic(&s.eval(src).unwrap())
        };
        assert_eq!(run(&mut s, "[m::count(), m::count()]"), "[1, 2]");
        assert_eq!(run(&mut s, "m::count()"), "3");
        // a longer file (its length tells it changed, whatever the clock's resolution)
        write_helper(100);
        assert_eq!(run(&mut s, "[m::count(), m::count()]"), "[100, 200]");
        // the function's own file changed: it and its helper are loaded anew
        std::fs::write(
            functions.join("count.rb"),
            "require 'puppet_x/m/counter'\nPuppet::Functions.create_function(:'m::count') do\n  \
             def count\n    PuppetX::M::Counter.next * 10\n  end\nend\n",
        )
        .unwrap();
        assert_eq!(run(&mut s, "[m::count(), m::count()]"), "[1000, 2000]");
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// A template's 3.x function is looked for once per evaluation: every call finds the
    /// same file, a file added or changed is found at the next input, and a name that has
    /// no file is not remembered beyond the input.
    #[test]
    fn legacy_functions_found_once_per_evaluation() {
        let root = std::env::temp_dir().join(format!("prepl-rubyfn-3x-{}", std::process::id()));
        let functions = root.join("m/lib/puppet/parser/functions");
        std::fs::create_dir_all(&functions).unwrap();
        let write = |name: &str, body: &str| {
            std::fs::write(
                functions.join(format!("{name}.rb")),
                format!(
                    "module Puppet::Parser::Functions\n  newfunction(:{name}, type: :rvalue) do \
                     |args|\n    {body}\n  end\nend\n"
                ),
            )
            .unwrap();
        };
        write("m_up", "args[0].upcase");
        let mut s = crate::Session::new();
        s.set_environment(crate::env::Environment {
            name: "production".into(),
            dir: None,
            modulepath: vec![root.clone()],
        });
        let run = |s: &mut crate::Session, src: &str| match s.eval(src) {
            Ok(v) => crate::format::to_programmatic(&v),
            Err(e) => e.message,
        };
        let twice =
            "Integer[1, 2].map |$i| { inline_template(\"<%= scope.function_m_up(['a']) %>\") }";
        assert_eq!(run(&mut s, twice), "['A', 'A']");
        write("m_up", "args[0].upcase + '!' * 3");
        assert_eq!(run(&mut s, twice), "['A!!!', 'A!!!']");
        let added = "inline_template(\"<%= scope.function_m_new(['b']) %>\")";
        assert!(
            run(&mut s, added).contains("m_new"),
            "{}",
            run(&mut s, added)
        );
        write("m_new", "args[0] * 2");
        assert_eq!(run(&mut s, added), "'bb'");
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// A module's Ruby function called again in one evaluation skips the look for a `.pp`
    /// function of its name (`find_called`); a `.pp` function of the name still wins, on
    /// every call, and one added between evaluations is found.
    #[test]
    fn a_pp_function_still_wins_over_a_ruby_one_called_before() {
        let root = std::env::temp_dir().join(format!("prepl-rubyfn-pp-{}", std::process::id()));
        let rb = root.join("m/lib/puppet/functions/m");
        std::fs::create_dir_all(&rb).unwrap();
        std::fs::create_dir_all(root.join("m/functions")).unwrap();
        for f in ["a", "b"] {
            std::fs::write(
                rb.join(format!("{f}.rb")),
                format!("Puppet::Functions.create_function(:'m::{f}') do\n  def {f}\n    'rb'\n  end\nend\n"),
            )
            .unwrap();
        }
        std::fs::write(root.join("m/functions/a.pp"), "function m::a() { 'pp' }\n").unwrap();
        let mut s = crate::Session::new();
        s.set_environment(crate::env::Environment {
            name: "production".into(),
            dir: None,
            modulepath: vec![root.clone()],
        });
        let shown = |v: crate::values::Value| crate::format::to_programmatic(&v);
        let calls = "[m::a(), m::b(), m::a(), m::b()]";
        assert_eq!(shown(s.eval(calls).unwrap()), "['pp', 'rb', 'pp', 'rb']");
        std::fs::write(root.join("m/functions/b.pp"), "function m::b() { 'pp' }\n").unwrap();
        assert_eq!(shown(s.eval(calls).unwrap()), "['pp', 'pp', 'pp', 'pp']");
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// A Ruby block given to `call_function` is the Puppet function's lambda, in both APIs
    /// (with the reference's answers): it changes the function's locals, a 3.x block's
    /// `self` is the scope, and an error it raises is the function's.
    #[test]
    fn ruby_block_to_call_function_is_the_lambda() {
        let root = std::env::temp_dir().join(format!("prepl-rubyfn-blk-{}", std::process::id()));
        let v4 = root.join("m/lib/puppet/functions/m");
        let v3 = root.join("m/lib/puppet/parser/functions");
        std::fs::create_dir_all(&v4).unwrap();
        std::fs::create_dir_all(&v3).unwrap();
        std::fs::write(
            v4.join("each_block.rb"),
            "Puppet::Functions.create_function(:'m::each_block') do\n  def each_block(n)\n    \
             out = []\n    call_function('each', [1, 2]) { |x| out << x * n }\n    \
             call_function('each', [3]) { |x| raise ArgumentError, 'no' } if n == 0\n    \
             begin\n      call_function('each', [4]) { |x| raise ArgumentError, 'caught' }\n    \
             rescue ArgumentError => e\n      out << e.message\n    end if n == 1\n    \
             out << call_function('each', [5, 6]) { |x| break x * 2 }\n    \
             out\n  end\nend\n",
        )
        .unwrap();
        std::fs::write(
            v3.join("m_each_block.rb"),
            "Puppet::Parser::Functions.newfunction(:m_each_block, type: :rvalue) do |args|\n  \
             out = []\n  call_function('each', [[1, 2]]) { |x| out << lookupvar('v') + x }\n  \
             out\nend\n",
        )
        .unwrap();
        let mut s = crate::Session::new();
        s.set_environment(crate::env::Environment {
            name: "production".into(),
            dir: None,
            modulepath: vec![root.clone()],
        });
        let shown = |v: crate::values::Value| crate::format::to_programmatic(&v);
        assert_eq!(shown(s.eval("m::each_block(3)").unwrap()), "[3, 6, 10]");
        // (the block's error reaches the function with its class; `break` leaves `each`)
        assert_eq!(
            shown(s.eval("m::each_block(1)").unwrap()),
            "[1, 2, 'caught', 10]"
        );
        let e = s.eval("m::each_block(0)").unwrap_err();
        assert!(
            e.message
                .ends_with("Error while evaluating a Function Call, no"),
            "{}",
            e.message
        );
        assert_eq!(shown(s.eval("$v = 10 m_each_block()").unwrap()), "[11, 12]");
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn variables_read_are_the_same_ruby_object_in_an_evaluation() {
        let root = std::env::temp_dir().join(format!("prepl-rubyfn-obj-{}", std::process::id()));
        let v4 = root.join("m/lib/puppet/functions/m");
        std::fs::create_dir_all(&v4).unwrap();
        std::fs::write(
            v4.join("poke.rb"),
            "Puppet::Functions.create_function(:'m::poke') do\n  def poke(name)\n    \
             v = closure_scope[name]\n    seen = v.key?('added')\n    v['added'] = 1\n    \
             \"#{seen} #{closure_scope[name].equal?(v)}\"\n  end\nend\n",
        )
        .unwrap();
        let mut s = crate::Session::new();
        s.set_environment(crate::env::Environment {
            name: "production".into(),
            dir: None,
            modulepath: vec![root.clone()],
        });
        let shown = |v: crate::values::Value| crate::format::to_programmatic(&v);
        // The second call reads the object the first changed, as the reference's (where
        // the change reaches the Puppet variable too); another hash is another object.
        assert_eq!(
            shown(
                s.eval(
                    "$h = {'a' => 1} $g = {'a' => 1} [m::poke('h'), m::poke('h'), m::poke('g')]"
                )
                .unwrap()
            ),
            "['false true', 'true true', 'false true']"
        );
        // A new evaluation reads the variable anew.
        assert_eq!(shown(s.eval("m::poke('h')").unwrap()), "'false true'");
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// A library found once is known for the rest of the evaluation and that modulepath
    /// only; a path no module and no library has is never kept (it raises at each call).
    #[test]
    fn libraries_are_known_per_evaluation() {
        use super::{known_library, remember_library};
        use std::path::PathBuf;
        let here = vec![PathBuf::from("/nonexistent/a")];
        let there = vec![PathBuf::from("/nonexistent/b")];
        crate::env::fs::forget();
        assert!(!known_library(&here, "shellwords"));
        remember_library(&here, "shellwords");
        assert!(known_library(&here, "shellwords"));
        assert!(!known_library(&here, "json"));
        assert!(!known_library(&there, "shellwords"));
        crate::env::fs::forget();
        assert!(!known_library(&here, "shellwords"));

        let root = std::env::temp_dir().join(format!("prepl-rubyfn-req-{}", std::process::id()));
        let v4 = root.join("m/lib/puppet/functions/m");
        std::fs::create_dir_all(&v4).unwrap();
        std::fs::write(
            v4.join("esc.rb"),
            "Puppet::Functions.create_function(:'m::esc') do\n  def esc(s)\n    \
             require 'shellwords'\n    require 'pry' if s == 'pry'\n    \
             Shellwords.shellescape(s)\n  end\nend\n",
        )
        .unwrap();
        let mut s = crate::Session::new();
        s.set_environment(crate::env::Environment {
            name: "production".into(),
            dir: None,
            modulepath: vec![root.clone()],
        });
        let shown = |v: crate::values::Value| crate::format::to_programmatic(&v);
        assert_eq!(
            shown(s.eval("[m::esc('a b'), m::esc('c d')]").unwrap()),
            "['a\\ b', 'c\\ d']"
        );
        for _ in 0..2 {
            let e = s.eval("m::esc('x') m::esc('pry')").unwrap_err().to_string();
            assert!(e.contains("cannot load such file -- pry"), "{e}");
        }
        std::fs::remove_dir_all(&root).unwrap();
    }
}
