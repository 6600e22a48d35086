//! Facter's API for modules' custom facts (`lib/facter/*.rb`), as Facter 4 runs them:
//! `Facter.add(:name, weight: n, type: :aggregate) do confine ...; has_weight n; setcode
//! do ... end end` registers a resolution (its block runs at once, `self` the fact); a fact
//! is resolved on demand (`Facter.value`, the host's `resolve_fact`): the resolutions whose
//! confines hold, by descending weight (by default the number of confines; stable), the
//! first value other than nil. A resolution whose code raises ends the search (Facter logs
//! the error: the fact has no value); one whose code needs what the host does not give (a
//! command, Ruby outside the subset) leaves the fact unknown (`Skipped`), and so does every
//! fact whose code or confines read it.
//!
//! `Facter::Core::Execution` (and `Facter::Util::Resolution`): `which` and running commands
//! go to the host (`Host::system_call`); as Facter does, a command whose program is not
//! found runs nothing (`exec` gives nil, `execute` raises `ExecutionFailure` unless
//! `on_fail:` says otherwise); the host runs one that is found (with the `timeout:` given)
//! or refuses it, and a command that fails gives `on_fail` (or raises). `File`, `Dir`, `ENV` and `Puppet[:setting]` are answered
//! by the host too; `File.join`, `basename`, `dirname`, `extname`, `expand_path` (of an
//! absolute path) here.
//!
//! A block given to `setcode`, `confine` or `chunk` runs after its `Facter.add` block ended:
//! it runs in its file's frame (kept, see `Interp::load_facts`), with the locals of the
//! blocks around it as they were when it was given.

use super::Call;
use super::M;
use crate::ast::{Block, Node};
use crate::error::{HostError, RubyError};
use crate::eval::{host_result, raise, unsupported, Ctx, Flow, Interp, R};
use crate::show::to_s;
use crate::value::RBool;
use crate::value::RStr;
use crate::value::{RHash, RValue, UserClass};
use rustc_hash::FxHashMap as HashMap;
use std::rc::Rc;

/// The custom facts the code added.
#[derive(Default)]
pub struct Registry {
    /// Whether Facter's modules exist (`Interp::install_facter`).
    installed: bool,
    facts: Vec<Fact>,
    by_name: HashMap<String, usize>,
    /// The fact and resolution whose `Facter.add` block is running (innermost last).
    adding: Vec<(usize, usize)>,
    /// The facts being resolved: one met again is a recursion.
    resolving: Vec<usize>,
    /// The frame of the facts file being loaded.
    file_frame: u64,
}

impl Registry {
    pub fn installed(&self) -> bool {
        self.installed
    }
    /// Whether a `Facter.add` block is running.
    pub fn adding(&self) -> bool {
        !self.adding.is_empty()
    }
    /// Whether it is as new (nothing installed, added or being resolved).
    pub fn is_empty(&self) -> bool {
        !self.installed
            && self.facts.is_empty()
            && self.by_name.is_empty()
            && self.adding.is_empty()
            && self.resolving.is_empty()
            && self.file_frame == 0
    }
}

#[derive(Default)]
struct Fact {
    name: String,
    resolutions: Vec<Resolution>,
    /// Resolved already (`None`: not yet, or a resolution was added since), and the
    /// weight of the resolution that gave the value.
    outcome: Option<(FactOutcome, i64)>,
}

/// One `Facter.add` of a fact.
#[derive(Default, Clone)]
struct Resolution {
    weight: Option<i64>,
    confines: Vec<Confine>,
    code: Option<Code>,
    /// An aggregate's chunks, by name, and its `aggregate` block.
    chunks: Vec<(RValue, Closure)>,
    aggregate: Option<Closure>,
    /// Where its `Facter.add` is.
    at: usize,
}

impl Resolution {
    fn weight(&self) -> i64 {
        self.weight.unwrap_or(self.confines.len() as i64)
    }
}

#[derive(Clone)]
enum Code {
    Block(Closure),
    /// `setcode 'command'`.
    Command(RStr),
}

#[derive(Clone)]
enum Confine {
    /// `confine kernel: ['Linux', 'FreeBSD']`: the fact's value is one of these.
    Values(String, Vec<RValue>),
    /// `confine :kernel do |value| ... end`, `confine { ... }`: the block says.
    Block(Option<String>, Closure),
}

/// A block to run later: its frame (0: none, its locals are all in `scopes`) and the
/// locals of the blocks around it.
#[derive(Clone)]
struct Closure {
    block: Rc<Block>,
    home: u64,
    scopes: Vec<crate::eval::Scope>,
}

/// What resolving a custom fact gave.
#[derive(Clone, Debug)]
pub enum FactOutcome {
    Value(RValue),
    /// No resolution was suitable (confines), or each gave nil.
    Nil,
    /// A resolution's code raised (Facter logs the error; the fact has no value).
    Failed(RubyError),
    /// A resolution's code (or a confine) needs what the host does not give: a command,
    /// Ruby outside the subset, a fact that was skipped. The fact's value is unknown.
    Skipped(RubyError),
}

/// Facter's fact objects, as `Facter.fact(:x)` gives them.
const FACT_CLASS: &str = "class Facter::Util::Fact
  attr_reader :name
  def initialize(name)
    @name = name.to_s
  end
  def value
    Facter.value(@name)
  end
end
";

/// The constants of the classes that reach the machine, in custom facts' code.
pub fn system_constant(name: &str) -> Option<RValue> {
    Some(match name {
        "File" | "Dir" | "ENV" | "Module" | "Puppet" => RValue::Class(RStr::from(name)),
        "File::PATH_SEPARATOR" => RValue::str(":"),
        "File::SEPARATOR" | "File::Separator" => RValue::str("/"),
        "File::ALT_SEPARATOR" => RValue::Nil,
        _ => return None,
    })
}

impl Interp<'_> {
    /// Defines Facter's modules (`Facter`, `Facter::Core::Execution`,
    /// `Facter::Util::Resolution`, ...), whose methods this module answers; code can
    /// define its own modules in them (`module Facter::Util::RootHome`).
    pub fn install_facter(&mut self) {
        let module = |it: &mut Self, name: &str| {
            let m = Rc::new(UserClass::new(RStr::from(name), true, None, None));
            it.st.classes.push(m.clone());
            m
        };
        let facter = module(self, "Facter");
        let core = module(self, "Facter::Core");
        let execution = module(self, "Facter::Core::Execution");
        let util = module(self, "Facter::Util");
        let resolution = module(self, "Facter::Util::Resolution");
        let failure = Rc::new(UserClass::new(
            RStr::from("Facter::Core::Execution::ExecutionFailure"),
            false,
            None,
            Some(RStr::from("StandardError")),
        ));
        self.st.classes.push(failure.clone());
        let put = |outer: &Rc<UserClass>, short: &str, inner: &Rc<UserClass>| {
            outer
                .constants
                .borrow_mut()
                .insert(short.to_string(), RValue::Module(inner.clone()));
        };
        put(&execution, "ExecutionFailure", &failure);
        put(&core, "Execution", &execution);
        put(&util, "Resolution", &resolution);
        put(&facter, "Core", &core);
        put(&facter, "Util", &util);
        self.set_top_constant("Facter", RValue::Module(facter));
        self.st.facter.installed = true;
        // `Facter.fact(:x)` / `Facter[:x]` give a fact object whose `value` resolves it
        let mut toks = Vec::new();
        let defined = crate::lexer::lex(FACT_CLASS, 0, &mut toks)
            .and_then(|()| crate::parser::parse(toks))
            .and_then(|body| self.load(&body));
        debug_assert!(defined.is_ok(), "{defined:?}");
    }

    /// Runs a custom facts file's code (`Facter.add` registers its facts) in a frame of its
    /// own, kept afterwards for the blocks made there. An error stops the file; the facts
    /// it added before stay.
    pub fn load_facts(&mut self, body: &[Node]) -> Result<(), RubyError> {
        let mut frame = Ctx::top();
        self.st.frame_ids += 1;
        frame.id = self.st.frame_ids;
        let outer_frame = std::mem::replace(&mut self.st.facter.file_frame, frame.id);
        let caller = std::mem::replace(&mut self.st.ctx, frame);
        let r = self.load(body);
        let frame = std::mem::replace(&mut self.st.ctx, caller);
        self.st.parked.push(frame);
        self.st.facter.file_frame = outer_frame;
        r
    }

    /// The names of the custom facts the code added, in the order they were first added.
    pub fn fact_names(&self) -> Vec<String> {
        self.st
            .facter
            .facts
            .iter()
            .map(|f| f.name.clone())
            .collect()
    }

    /// Where a custom fact was first added (the offset of its `Facter.add`).
    pub fn fact_at(&self, name: &str) -> Option<usize> {
        let i = *self.st.facter.by_name.get(name)?;
        self.st.facter.facts[i].resolutions.first().map(|r| r.at)
    }

    /// Resolves a custom fact; an error only when the session was interrupted.
    pub fn resolve_fact(&mut self, name: &str) -> Result<FactOutcome, RubyError> {
        let Some(&i) = self.st.facter.by_name.get(name) else {
            return Ok(FactOutcome::Nil);
        };
        match resolve(self, i, 0).map_err(Flow::into_kind) {
            Ok(o) => Ok(o),
            Err(crate::eval::FlowKind::Error(e)) => match *e {
                e @ RubyError::Interrupted { .. } => Err(e),
                e @ RubyError::Raised { .. } => Ok(FactOutcome::Failed(e)),
                e => Ok(FactOutcome::Skipped(e)),
            },
            Err(_) => Ok(FactOutcome::Nil),
        }
    }
}

/// `Facter.x`, `Facter::Core::Execution.x`, `Facter::Util::Resolution.x`: `None` for a
/// module or method that is not Facter's.
pub fn call(
    it: &mut Interp,
    module: &str,
    name: &str,
    args: &[RValue],
    block: Option<&Rc<Block>>,
    at: usize,
) -> R<Option<RValue>> {
    let arg = |i: usize| args.get(i).cloned().unwrap_or_default();
    Ok(Some(match (module, name) {
        ("Facter", "add") => add(it, args, block, at)?,
        ("Facter", "value") => fact_value(it, &to_s(&arg(0)), at)?,
        // a fact object, or nil for a fact without value
        ("Facter", "fact" | "[]") => {
            let name = to_s(&arg(0));
            if matches!(fact_value(it, &name, at)?, RValue::Nil) {
                RValue::Nil
            } else {
                let class = it.constant("Facter::Util::Fact", at)?;
                super::call_id(it, class, M::new, vec![RValue::str(name)], None, at)?
            }
        }
        (
            "Facter",
            "debug" | "debugonce" | "info" | "warn" | "warnonce" | "error" | "log_exception",
        ) => RValue::Nil,
        ("Facter::Core::Execution" | "Facter::Util::Resolution", "which") => {
            which(it, &to_s(&arg(0)), at)?
        }
        ("Facter::Core::Execution" | "Facter::Util::Resolution", "exec") => {
            execute(it, &to_s(&arg(0)), Some(RValue::Nil), RValue::Nil, at)?
        }
        ("Facter::Core::Execution", "execute") => {
            let (on_fail, timeout) = match args.get(1) {
                Some(RValue::Hash(h)) => {
                    let h = h.borrow();
                    let on_fail = match h.get(&RValue::sym("on_fail")) {
                        Some(RValue::Sym(s)) if &**s == "raise" => None,
                        Some(v) => Some(v.clone()),
                        None => None,
                    };
                    // (Facter's names for it)
                    let timeout = ["timeout", "time_limit", "limit"]
                        .iter()
                        .find_map(|k| h.get(&RValue::sym(*k)).cloned());
                    (on_fail, timeout)
                }
                _ => (None, None),
            };
            let timeout = timeout.unwrap_or_default();
            execute(it, &to_s(&arg(0)), on_fail, timeout, at)?
        }
        _ => return Ok(None),
    }))
}

/// A call on a core class that reaches the machine or Puppet (custom facts only: the
/// classes exist there; Puppet's classes for any host): the pure `File` methods here, the
/// rest from the host.
pub fn class_call(it: &mut Interp, class: &str, c: &Call) -> R<Option<RValue>> {
    if class == "File" {
        if let Some(v) = pure_file_call(c)? {
            return Ok(Some(v));
        }
    }
    if (class, c.name) == ("Puppet::Pops::Types::Iterable", "asserted_iterable") {
        return asserted_iterable(it, c).map(Some);
    }
    if (class, c.name) == ("Puppet::Util", "deterministic_rand") {
        c.arity(2, 2)?;
        let r = super::random::deterministic_rand(&c.args[0], &c.args[1]);
        return host_result(r, c.at).map(Some);
    }
    if !it.host.custom_facts() {
        // Puppet's classes (`Puppet::Parser::Functions.function`) as the host answers them
        if class == "Puppet" || class.starts_with("Puppet::") {
            if let Some(r) = it.host.system_call(class, c.name, &c.args) {
                return host_result(r, c.at).map(Some);
            }
            return unsupported(format!("{class}.{}", c.name), c.at);
        }
        if !matches!(class, "File" | "ENV") {
            return Ok(None);
        }
        if !it.host.module_files() {
            // (a template: `File.join` above, no more)
            return unsupported(
                format!("{class}.{} (files, processes, the network and Ruby's object space are out of reach here)", c.name),
                c.at,
            );
        }
    }
    if (class, c.id) == ("Module", M::const_get) {
        c.arity(1, 2)?;
        let name = to_s(&c.args[0]);
        return it.constant(&name, c.at).map(Some);
    }
    match it.host.system_call(class, c.name, &c.args) {
        Some(r) => host_result(r, c.at).map(Some),
        None if matches!(class, "File" | "Dir" | "ENV" | "Puppet")
            || class.starts_with("Puppet::") =>
        {
            unsupported(format!("{class}.{}", c.name), c.at)
        }
        None => Ok(None),
    }
}

/// `File`'s methods that only compute with path texts (`join`, `basename`, `dirname`,
/// `extname`, `expand_path` of an absolute path): for any code, templates too, as they read
/// and write nothing. `None` for another method.
fn pure_file_call(c: &Call) -> R<Option<RValue>> {
    Ok(Some(match c.id {
        M::join => {
            let mut parts = Vec::new();
            flatten_strings(&c.args, &mut parts);
            let mut out = String::new();
            for (i, p) in parts.iter().enumerate() {
                if i == 0 {
                    out.push_str(p);
                } else {
                    match (out.ends_with('/'), p.starts_with('/')) {
                        (true, true) => out.push_str(&p[1..]),
                        (false, false) => {
                            out.push('/');
                            out.push_str(p);
                        }
                        _ => out.push_str(p),
                    }
                }
            }
            RValue::str(out)
        }
        M::basename => {
            c.arity(1, 2)?;
            let path = c.str_arg(0)?;
            let trimmed = path.trim_end_matches('/');
            let mut base = match trimmed.rsplit_once('/') {
                Some((_, b)) => b.to_string(),
                None if trimmed.is_empty() && path.starts_with('/') => "/".to_string(),
                None => trimmed.to_string(),
            };
            if let Some(RValue::Str(suffix)) = c.arg(1) {
                if &**suffix == ".*" {
                    if let Some(dot) = base.rfind('.').filter(|&d| d > 0) {
                        base.truncate(dot);
                    }
                } else if base.len() > suffix.len() && base.ends_with(&**suffix) {
                    base.truncate(base.len() - suffix.len());
                }
            }
            RValue::str(base)
        }
        M::dirname => {
            c.arity(1, 1)?;
            let path = c.str_arg(0)?;
            let trimmed = path.trim_end_matches('/');
            let dir = match trimmed.rsplit_once('/') {
                Some(("", _)) => "/",
                Some((d, _)) => d.trim_end_matches('/'),
                None if path.starts_with('/') => "/",
                None => ".",
            };
            RValue::str(dir)
        }
        M::expand_path | M::absolute_path => {
            c.arity(1, 2)?;
            let path = c.str_arg(0)?;
            let base = match c.arg(1) {
                Some(RValue::Nil) | None => None,
                Some(_) => Some(c.str_arg(1)?),
            };
            let full = match (path.starts_with('/'), &base) {
                (true, _) => path.to_string(),
                (false, Some(b)) if b.starts_with('/') => format!("{b}/{path}"),
                _ => {
                    // (relative to the process's working directory, or `~`: not the code's)
                    return unsupported(format!("File.{} of a relative path", c.name), c.at);
                }
            };
            RValue::str(normalize_path(&full))
        }
        M::extname => {
            c.arity(1, 1)?;
            let path = c.str_arg(0)?;
            let base = path.rsplit('/').next().unwrap_or("");
            // (after the leading dots; a trailing dot is the extension '.', as Ruby 3's)
            let rest = base.trim_start_matches('.');
            let ext = rest.rfind('.').map_or("", |d| &rest[d..]);
            RValue::str(ext)
        }
        _ => return Ok(None),
    }))
}

/// An absolute path without `.`, `..` and repeated or trailing slashes.
fn normalize_path(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for seg in path.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            s => parts.push(s),
        }
    }
    format!("/{}", parts.join("/"))
}

fn flatten_strings(args: &[RValue], out: &mut Vec<String>) {
    for a in args {
        match a {
            RValue::Array(items) => flatten_strings(&items.borrow(), out),
            other => out.push(to_s(other)),
        }
    }
}

/// `confine`, `has_weight`, `setcode`, `chunk`, `aggregate` in a `Facter.add` block;
/// `None` for any other name.
pub fn resolution_call(
    it: &mut Interp,
    name: &str,
    args: &[RValue],
    block: Option<&Rc<Block>>,
    at: usize,
) -> R<Option<RValue>> {
    let Some(&(f, r)) = it.st.facter.adding.last() else {
        return Ok(None);
    };
    match name {
        "confine" => {
            let confines = confines(it, args, block, at)?;
            it.st.facter.facts[f].resolutions[r]
                .confines
                .extend(confines);
        }
        "has_weight" => {
            let w = match args.first() {
                Some(RValue::Int(n)) => *n,
                _ => return raise("has_weight expects an Integer", at),
            };
            it.st.facter.facts[f].resolutions[r].weight = Some(w);
        }
        "setcode" => {
            let code = match (args.first(), block) {
                (Some(RValue::Str(cmd)), _) => Code::Command(cmd.clone()),
                (None, Some(b)) => Code::Block(capture(it, b)),
                _ => {
                    return Err(Flow::from(RubyError::raised_as(
                        "ArgumentError",
                        "You must pass either code or a block",
                        at,
                    )))
                }
            };
            it.st.facter.facts[f].resolutions[r].code = Some(code);
        }
        "chunk" => {
            let Some(b) = block else {
                return Err(Flow::from(RubyError::raised_as(
                    "ArgumentError",
                    "You must pass a block to chunk",
                    at,
                )));
            };
            let name = args.first().cloned().unwrap_or_default();
            let closure = capture(it, b);
            it.st.facter.facts[f].resolutions[r]
                .chunks
                .push((name, closure));
        }
        "aggregate" => {
            if let Some(b) = block {
                let closure = capture(it, b);
                it.st.facter.facts[f].resolutions[r].aggregate = Some(closure);
            }
        }
        "timeout" | "timeout=" | "on_flush" | "name" => {}
        _ => return Ok(None),
    }
    Ok(Some(RValue::Nil))
}

/// `Facter.add(name, options) do ... end`.
fn add(it: &mut Interp, args: &[RValue], block: Option<&Rc<Block>>, at: usize) -> R {
    let name = match args.first() {
        Some(RValue::Sym(s) | RValue::Str(s)) => s.to_lowercase(),
        _ => {
            return Err(Flow::from(RubyError::raised_as(
                "ArgumentError",
                "Facter.add needs the fact's name",
                at,
            )))
        }
    };
    let mut res = Resolution {
        at,
        ..Resolution::default()
    };
    if let Some(RValue::Hash(h)) = args.get(1) {
        for (k, v) in h.borrow().iter() {
            if to_s(k) == "weight" {
                if let RValue::Int(w) = v {
                    res.weight = Some(*w);
                }
            }
        }
    }
    let f = match it.st.facter.by_name.get(&name) {
        Some(&f) => f,
        None => {
            it.st.facter.facts.push(Fact {
                name: name.clone(),
                ..Fact::default()
            });
            let f = it.st.facter.facts.len() - 1;
            it.st.facter.by_name.insert(name, f);
            f
        }
    };
    it.st.facter.facts[f].resolutions.push(res);
    let r = it.st.facter.facts[f].resolutions.len() - 1;
    for fact in &mut it.st.facter.facts {
        fact.outcome = None;
    }
    if let Some(b) = block {
        it.st.facter.adding.push((f, r));
        let out = it.yield_block(b, []);
        it.st.facter.adding.pop();
        out?;
    }
    Ok(RValue::Nil)
}

/// `confine` with a hash of facts and values (or lambdas), a fact and a block, or a block.
fn confines(
    it: &mut Interp,
    args: &[RValue],
    block: Option<&Rc<Block>>,
    at: usize,
) -> R<Vec<Confine>> {
    let mut out = Vec::new();
    match (args.first(), block) {
        (Some(RValue::Hash(h)), _) => {
            let entries = h.borrow().pairs().to_vec();
            for (k, v) in entries {
                let fact = to_s(&k).to_lowercase();
                match v {
                    RValue::Proc(ref p) | RValue::Lambda(ref p) => {
                        out.push(Confine::Block(Some(fact), capture(it, &p.block)))
                    }
                    RValue::Array(ref items) => {
                        out.push(Confine::Values(fact, items.borrow().to_vec()));
                    }
                    other => out.push(Confine::Values(fact, vec![other])),
                }
            }
        }
        (Some(fact @ (RValue::Sym(_) | RValue::Str(_))), Some(b)) => {
            out.push(Confine::Block(
                Some(to_s(fact).to_lowercase()),
                capture(it, b),
            ));
        }
        (None, Some(b)) => out.push(Confine::Block(None, capture(it, b))),
        _ => {
            return Err(Flow::from(RubyError::raised_as(
                "ArgumentError",
                "One or more values or a block must be provided",
                at,
            )))
        }
    }
    Ok(out)
}

/// A block given now, to run after the `Facter.add` block: in the file's frame with the
/// locals of the blocks around it as they are now (or with all its locals, when it was
/// given elsewhere than in the file's own code, in a method).
fn capture(it: &Interp, block: &Rc<Block>) -> Closure {
    if it.st.ctx.id == it.st.facter.file_frame {
        Closure {
            block: block.clone(),
            home: it.st.ctx.id,
            scopes: it
                .st
                .ctx
                .locals
                .get(1..)
                .map(<[_]>::to_vec)
                .unwrap_or_default(),
        }
    } else {
        Closure {
            block: block.clone(),
            home: 0,
            scopes: it.st.ctx.locals.to_vec(),
        }
    }
}

fn run(it: &mut Interp, c: &Closure, args: Vec<RValue>) -> R {
    it.in_frame(c.home, |it| {
        let depth = it.st.ctx.locals.len();
        it.st.ctx.locals.extend(c.scopes.iter().cloned());
        let r = it.yield_vec(&c.block, args);
        it.st.ctx.locals.truncate(depth);
        match r {
            Err(f) if f.is_return() || f.is_break() => Ok(f.into_value()),
            other => other,
        }
    })
}

/// `Facter.value(name)`: a custom fact (the fact set's value when it has none, or when the
/// resolution that gave it has no weight, as Facter's core facts win then), else the fact
/// set's; `a.b` digs into a structured fact.
pub fn fact_value(it: &mut Interp, name: &str, at: usize) -> R {
    let name = name.to_lowercase();
    if let Some(&i) = it.st.facter.by_name.get(&name) {
        match resolve(it, i, at)? {
            FactOutcome::Skipped(e) => {
                let (what, at) = match e {
                    RubyError::Unsupported { what, at } => (what, at),
                    other => (format!("{other:?}"), at),
                };
                return unsupported(format!("the fact '{name}', which needs {what}"), at);
            }
            FactOutcome::Value(v) => {
                let weight = it.st.facter.facts[i].outcome.as_ref().map_or(0, |o| o.1);
                if weight > 0 {
                    return Ok(v);
                }
                return Ok(it.host.fact(&name).unwrap_or(v));
            }
            FactOutcome::Nil | FactOutcome::Failed(_) => {}
        }
    }
    if let Some(v) = it.host.fact(&name) {
        return Ok(v);
    }
    if let Some((first, rest)) = name.split_once('.') {
        let mut v = fact_value(it, first, at)?;
        for key in rest.split('.') {
            v = match v {
                RValue::Hash(ref h) => h
                    .borrow()
                    .get(&RValue::str(key))
                    .cloned()
                    .unwrap_or_default(),
                RValue::Array(ref a) => key
                    .parse::<usize>()
                    .ok()
                    .and_then(|k| a.borrow().get(k).cloned())
                    .unwrap_or_default(),
                _ => RValue::Nil,
            };
        }
        return Ok(v);
    }
    Ok(RValue::Nil)
}

/// A custom fact's outcome, resolved once (until a resolution is added).
fn resolve(it: &mut Interp, i: usize, at: usize) -> R<FactOutcome> {
    if let Some((o, _)) = &it.st.facter.facts[i].outcome {
        return Ok(o.clone());
    }
    if it.st.facter.resolving.contains(&i) {
        return raise(
            format!("Caught recursion on {}", it.st.facter.facts[i].name),
            at,
        );
    }
    it.st.facter.resolving.push(i);
    let r = resolve_now(it, i);
    it.st.facter.resolving.pop();
    let (outcome, weight) = match r.map_err(Flow::into_kind) {
        Ok(x) => x,
        Err(crate::eval::FlowKind::Error(e)) => match *e {
            e @ RubyError::Interrupted { .. } => return Err(Flow::from(e)),
            e @ RubyError::Raised { .. } => (FactOutcome::Failed(e), 0),
            e => (FactOutcome::Skipped(e), 0),
        },
        Err(crate::eval::FlowKind::Throw(tag, _)) => (
            FactOutcome::Failed(RubyError::raised_as(
                "UncaughtThrowError",
                format!("uncaught throw {}", crate::show::inspect(&tag)),
                at,
            )),
            0,
        ),
        Err(_) => (FactOutcome::Nil, 0),
    };
    if let Some(f) = it.st.facter.facts.get_mut(i) {
        f.outcome = Some((outcome.clone(), weight));
    }
    Ok(outcome)
}

fn resolve_now(it: &mut Interp, i: usize) -> R<(FactOutcome, i64)> {
    let resolutions = it.st.facter.facts[i].resolutions.clone();
    let mut suitable = Vec::new();
    for r in &resolutions {
        let mut ok = true;
        for c in &r.confines {
            if !confine_holds(it, c, r.at)? {
                ok = false;
                break;
            }
        }
        if ok {
            suitable.push(r);
        }
    }
    // descending weight; the order they were added among equals (a stable sort)
    suitable.sort_by_key(|r| std::cmp::Reverse(r.weight()));
    for r in suitable {
        let v = match resolution_value(it, r) {
            Ok(v) => v,
            Err(f) if matches!(f.error(), Some(RubyError::Raised { .. })) => {
                return Ok((FactOutcome::Failed(*f.into_error()?), r.weight()))
            }
            Err(e) => return Err(e),
        };
        if !matches!(v, RValue::Nil) {
            return Ok((FactOutcome::Value(v), r.weight()));
        }
    }
    Ok((FactOutcome::Nil, 0))
}

/// Facter's comparison form of a value: symbols as strings, strings in lower case.
fn convert(v: RValue) -> RValue {
    match v {
        RValue::Sym(ref s) | RValue::Str(ref s) => RValue::str(s.to_lowercase()),
        other => other,
    }
}

fn confine_holds(it: &mut Interp, c: &Confine, at: usize) -> R<bool> {
    // a confine's block that raises does not hold
    let holds = |r: R| match r {
        Ok(v) => Ok(v.truthy()),
        Err(f) if matches!(f.error(), Some(RubyError::Raised { .. })) => Ok(false),
        Err(e) => Err(e),
    };
    let fact = match c {
        Confine::Block(None, code) => return holds(run(it, code, vec![])),
        Confine::Block(Some(f), _) | Confine::Values(f, _) => f,
    };
    let value = match fact_value(it, fact, at) {
        Ok(v) => convert(v),
        Err(f) if matches!(f.error(), Some(RubyError::Raised { .. })) => RValue::Nil,
        Err(e) => return Err(e),
    };
    if matches!(value, RValue::Nil) {
        return Ok(false);
    }
    match c {
        Confine::Block(_, code) => holds(run(it, code, vec![value])),
        Confine::Values(_, values) => {
            for v in values {
                if super::case_eq(it, &convert(v.clone()), &value, at)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
    }
}

/// A resolution's value: its code's, or its chunks' aggregated.
fn resolution_value(it: &mut Interp, r: &Resolution) -> R {
    if !r.chunks.is_empty() {
        let mut values = RHash::default();
        for (name, code) in &r.chunks {
            let v = run(it, code, vec![])?;
            values.insert(name.clone(), v);
        }
        if let Some(agg) = &r.aggregate {
            return run(it, agg, vec![RValue::hash(values)]);
        }
        let mut merged = RValue::Nil;
        for (_, v) in values {
            merged = deep_merge(merged, v, r.at)?;
        }
        return Ok(merged);
    }
    match &r.code {
        Some(Code::Block(c)) => run(it, c, vec![]),
        Some(Code::Command(cmd)) => {
            let out = execute(it, cmd, Some(RValue::Nil), RValue::Nil, r.at)?;
            Ok(match &out {
                RValue::Str(s) if s.is_empty() => RValue::Nil,
                _ => out,
            })
        }
        None => Ok(RValue::Nil),
    }
}

/// How an aggregate's chunks combine by default: hashes merged deeply, arrays concatenated.
fn deep_merge(a: RValue, b: RValue, at: usize) -> R {
    Ok(match (a, b) {
        (RValue::Nil, b) => b,
        (RValue::Hash(ref x), RValue::Hash(ref y)) => {
            let mut out = x.borrow().clone();
            for (k, v) in y.borrow().iter() {
                let merged = match out.get(k).cloned() {
                    Some(old) => deep_merge(old, v.clone(), at)?,
                    None => v.clone(),
                };
                out.insert(k.clone(), merged);
            }
            RValue::hash(out)
        }
        (RValue::Array(ref x), RValue::Array(ref y)) => {
            let mut out = x.borrow().clone();
            out.extend(y.borrow().iter().cloned());
            RValue::array(out)
        }
        (a, b) => {
            return raise(
                format!(
                    "Cannot merge {} and {}",
                    crate::show::inspect(&a),
                    crate::show::inspect(&b)
                ),
                at,
            )
        }
    })
}

/// `Facter::Core::Execution.which(program)`: from the host.
fn which(it: &mut Interp, program: &str, at: usize) -> R {
    let args = [RValue::str(program)];
    match it
        .host
        .system_call("Facter::Core::Execution", "which", &args)
    {
        Some(r) => host_result(r, at),
        None => unsupported("Facter::Core::Execution.which", at),
    }
}

/// Runs a command as Facter does: a program that is not found runs nothing (`on_fail`'s
/// value, or `ExecutionFailure` raised when it is `None`); one that is found is the
/// host's to run (with `timeout`, seconds or nil) or refuse, and a command that fails
/// (its time limit, say) gives `on_fail` too.
fn execute(
    it: &mut Interp,
    command: &str,
    on_fail: Option<RValue>,
    timeout: RValue,
    at: usize,
) -> R {
    let trimmed = command.trim_start();
    let program = match trimmed.chars().next() {
        Some(q @ ('"' | '\'')) => trimmed[1..].split(q).next().unwrap_or(""),
        _ => trimmed.split(' ').next().unwrap_or(""),
    };
    if matches!(which(it, program, at)?, RValue::Nil) {
        return match on_fail {
            Some(v) => Ok(v),
            None => Err(Flow::from(RubyError::raised_as(
                "Facter::Core::Execution::ExecutionFailure",
                format!("Could not execute '{command}': command not found"),
                at,
            ))),
        };
    }
    // (whether a command that times out raises, or gives what it wrote: Facter's on_fail)
    let args = [
        RValue::str(command),
        timeout,
        RValue::Bool(RBool::new(on_fail.is_none())),
    ];
    match it
        .host
        .system_call("Facter::Core::Execution", "execute", &args)
    {
        Some(Err(HostError::Raise(message))) => match on_fail {
            Some(v) => Ok(v),
            None => Err(Flow::from(RubyError::raised_as(
                "Facter::Core::Execution::ExecutionFailure",
                message,
                at,
            ))),
        },
        Some(r) => host_result(r, at),
        None => unsupported(format!("running the command `{command}`"), at),
    }
}

/// Puppet's `Iterable.asserted_iterable(caller, value)`: an iterator (the prelude's
/// `PuppetIterator`) over a string's characters, an array's elements, a hash's pairs
/// (`hash_style?`) or `0...n`; the reference's `ArgumentError` for another value.
fn asserted_iterable(it: &mut Interp, c: &Call) -> R {
    c.arity(2, 3)?;
    let (values, hash_style) = match &c.args[1] {
        RValue::Str(s) => (
            s.chars().map(|ch| RValue::str(ch.to_string())).collect(),
            false,
        ),
        RValue::Array(a) => (a.borrow().to_vec(), false),
        RValue::Hash(h) => (
            h.borrow()
                .iter()
                .map(|(k, v)| RValue::array(vec![k.clone(), v.clone()]))
                .collect(),
            true,
        ),
        RValue::Int(n) if *n >= 0 => {
            super::grow(*n as usize, c.at)?;
            ((0..*n).map(RValue::Int).collect(), false)
        }
        RValue::Host(_) => {
            return unsupported(
                format!(
                    "Puppet::Pops::Types::Iterable.asserted_iterable of a {}",
                    c.args[1].class_name()
                ),
                c.at,
            )
        }
        other => {
            return Err(Flow::from(RubyError::raised_as(
                "ArgumentError",
                format!(
                    "{}(): wrong argument type ({}; is not Iterable.",
                    c.args[0].class_name(),
                    other.class_name()
                ),
                c.at,
            )))
        }
    };
    let class = it
        .prelude_constant("PuppetIterator")
        .unwrap_or(Ok(RValue::Nil))?;
    super::call_id(
        it,
        class,
        M::new,
        vec![RValue::array(values), RValue::bool(hash_style)],
        None,
        c.at,
    )
}
