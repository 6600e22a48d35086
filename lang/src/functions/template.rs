//! `template(path, ...)` and `inline_template(text, ...)`: ERB templates rendered by
//! prepl's Ruby-subset interpreter (`crate::erb`). Several templates concatenate. A
//! template sees the variables visible where the function is called (`@x`, `scope['x']`)
//! and calls Puppet functions through the evaluator (`scope.call_function`).

use super::{builtin, Builtin};
use crate::erb::bridge::{to_puppet, to_ruby};
use crate::erb::ruby::RValue;
use crate::erb::{self, Host, HostError, RubyError, Template};
use crate::error::Error;
use crate::eval::{Closure, EvalResult, Evaluator, Flow};
use crate::syntax::ast::CallStyle;
use crate::values::Value;
use rustc_hash::FxHashMap as HashMap;
use std::cell::RefCell;
use std::rc::Rc;

const TEMPLATE_DOC: &str = "template(String *$paths) -> String
Renders ERB templates ('module/name.erb' in the module's templates/, or an absolute path) and concatenates the results. The template sees the variables where template() is called.

    template('ntp/ntp.conf.erb')

ERB: <%= expr %> outputs, <% code %> runs, <%# comment %>, <%% is a literal <%; trim mode '-' as Puppet's: <%- drops the line's indentation, -%> the newline after it.

prepl renders ERB with its own interpreter of the Ruby that templates use (no Ruby runtime):
  - variables: @x (a Puppet variable, nil when undefined), scope['x'], scope['mod::x'], scope.lookupvar('x'), scope.setvar('x', value); local variables, a, *rest = list
  - functions: scope.function_NAME([args]) (3.x functions), scope.call_function('name', [args]) (any function; a block given to it is the function's lambda)
  - if/elsif/else/unless/end, modifiers (x if c), ternary, case/when, while/until, for x in, &&, ||, !, and/or/not, rescue modifier, defined?, next/break
  - begin/rescue Class => e/else/ensure/end, raise, e.message, catch/throw; lambdas and procs (->(x) { }, lambda { |x| }, proc { }, .call, .(), [])
  - def (default, splat, keyword and block parameters, return, yield, recursion), class/module with methods, self. methods, constants, attr_accessor, initialize/new, instance variables, super, include Comparable/Enumerable; JSON.parse
  - literals: strings with #{} and escapes, %w(), symbols, arrays, hashes (=> and key:), ranges, integers, floats, regexps
  - blocks: do |a, b| ... end and { |x| ... }, &:name
  - methods: each, each_with_index, each_pair, map/collect, select/reject, sort, sort_by, join, flatten, compact, uniq, reverse, first/last, size/length/count, include?, keys, values, has_key?/key?, fetch, dig, merge, min/max, sum, inject, group_by, any?/all?, nil?, empty?, is_a?/kind_of?, class, to_s/to_i/to_f/inspect, upcase/downcase/capitalize, strip, split, gsub/sub, match/=~, start_with?/end_with?, ljust/rjust/center, times, format/%, [] with indexes and ranges, named captures (m[:name]), and more.
Ruby outside the subset (heredocs, string mutation with << or bang methods (allowed on a string just made: s.gsub(a, b).gsub!(c, d)), integers beyond 64 bits, most of the standard library) is an error naming the construct, the template, line and column. A Ruby syntax error is reported as Ruby reports it, quoting the code ERB generates.";

const INLINE_DOC: &str = "inline_template(String *$templates) -> String
Renders ERB templates given as strings and concatenates the results (see :help template for the Ruby prepl's ERB supports).

    inline_template('<%= @name.upcase %>: <%= @ports.join(\", \") %>')";

pub fn builtins() -> Vec<Builtin> {
    vec![
        builtin("template", &["String *$paths"], template, TEMPLATE_DOC),
        builtin(
            "inline_template",
            &["String *$templates"],
            inline_template,
            INLINE_DOC,
        ),
    ]
}

/// Where a template came from, for error messages.
enum Origin<'a> {
    Inline,
    File { name: &'a str, path: &'a str },
}

/// How many template files one evaluation keeps found and read.
const CACHE_LIMIT: usize = 512;

/// The Puppet scope a template is rendered in: its frame and its class, define or node
/// scope.
type ScopeKey = (Option<usize>, usize);

thread_local! {
    /// The renders running, innermost last, each with its scope and the Ruby values of the
    /// Puppet variables it read: a template rendered (by `scope.function_template`) in the
    /// scope of a render running shares that render's values, so that a hash it mutates is
    /// mutated for both, as in the reference.
    static RENDERS: RefCell<Vec<(ScopeKey, erb::SharedVars)>> = const { RefCell::new(Vec::new()) };
    /// The maps of ended render chains, emptied, for the next chains (a new map grew
    /// from nothing at each of `apache::vhost`'s ~200 renders, rehashed three times).
    static SPARE_SHARED: RefCell<Vec<erb::SharedVars>> = const { RefCell::new(Vec::new()) };
}

/// How many emptied maps a thread keeps for render chains, and the most room a kept one
/// may have.
const SPARE_SHARED_KEPT: usize = 4;
const SHARED_ROOM_KEPT: usize = 256;

/// A map for a new render chain's variables: an ended chain's, else a new one.
fn new_shared() -> erb::SharedVars {
    SPARE_SHARED
        .with(|s| s.borrow_mut().pop())
        .unwrap_or_default()
}

/// Keeps an ended render chain's map, emptied, unless a value still holds it.
fn keep_shared(shared: erb::SharedVars) {
    if Rc::strong_count(&shared) != 1 || shared.borrow().capacity() > SHARED_ROOM_KEPT {
        return;
    }
    shared.borrow_mut().clear();
    SPARE_SHARED.with(|s| {
        let mut s = s.borrow_mut();
        if s.len() < SPARE_SHARED_KEPT {
            s.push(shared);
        }
    });
}

fn scope_key(ev: &Evaluator) -> ScopeKey {
    let scope = ev.scope.as_ref().map_or(0, |s| Rc::as_ptr(s) as usize);
    (ev.current, scope)
}

/// A template's compiled form, by its text (once per process: `erb::cache`).
fn compiled(text: &str) -> Result<Rc<Template>, RubyError> {
    erb::cache::compiled(text)
}

fn wrong_count(name: &str) -> Flow {
    Error::eval(format!(
        "{name}(): Wrong number of arguments given (0 for minimum 1)"
    ))
    .into()
}

/// A template file found, read and compiled in this evaluation.
struct FileTemplate {
    path: String,
    text: String,
    compiled: Rc<Template>,
}

/// The template files of the evaluation running (the file system's generation, `fs`) for a
/// modulepath, by the name `template()` was given.
#[derive(Default)]
struct ReadFiles {
    generation: u64,
    modulepath: Vec<std::path::PathBuf>,
    files: HashMap<Box<str>, Rc<FileTemplate>>,
}

thread_local! {
    /// A template file is found, read and its text looked up once per evaluation, however
    /// many resources render it (each `apache::vhost` renders some thirty); the next
    /// evaluation reads it again, so a file edited between two inputs renders its new text.
    static READ: RefCell<ReadFiles> = RefCell::new(ReadFiles::default());
}

/// The template file `name` as this evaluation read it before.
fn read_before(ev: &Evaluator, name: &str) -> Option<Rc<FileTemplate>> {
    READ.with(|r| {
        let r = r.borrow();
        (r.generation == crate::env::fs::generation() && r.modulepath == ev.env.modulepath)
            .then(|| r.files.get(name).cloned())
            .flatten()
    })
}

fn keep_read(ev: &Evaluator, name: &str, file: Rc<FileTemplate>) {
    READ.with(|r| {
        let mut r = r.borrow_mut();
        let generation = crate::env::fs::generation();
        if r.generation != generation || r.modulepath != ev.env.modulepath {
            r.generation = generation;
            r.modulepath = ev.env.modulepath.clone();
            r.files.clear();
        }
        if r.files.len() >= CACHE_LIMIT {
            r.files.clear();
        }
        r.files.insert(name.into(), file);
    });
}

fn template(ev: &mut Evaluator, args: &[Value], _b: Option<&Closure>) -> EvalResult {
    if args.is_empty() {
        return Err(wrong_count("template"));
    }
    let mut out = String::new();
    for a in flatten(args).iter() {
        let name: std::borrow::Cow<str> = match a {
            Value::String(s) => std::borrow::Cow::Borrowed(s),
            other => crate::format::to_display(other).into(),
        };
        let name = &*name;
        if let Some(file) = read_before(ev, name) {
            out.push_str(&render(
                ev,
                &file.text,
                Some(file.compiled.clone()),
                Origin::File {
                    name,
                    path: &file.path,
                },
            )?);
            continue;
        }
        let Some(found) = super::modules::find(ev, name, "templates") else {
            // (an absolute path is opened as it is: the reference fails to read it)
            if std::path::Path::new(name).is_absolute() {
                return Err(Error::eval(format!(
                    "Failed to parse template {name}:\n  Filepath: {name}\n  Line: 1\n  Detail: No such file or directory @ rb_sysopen - {name}\n"
                ))
                .into());
            }
            return Err(Error::eval(format!("Could not find template '{name}'")).into());
        };
        let path = found.display().to_string();
        let text = match crate::env::fs::read(&found) {
            // (valid UTF-8 kept as read: the lossy conversion copied every template)
            Ok(bytes) => String::from_utf8(bytes)
                .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
            Err(e) => {
                return Err(Error::eval(format!(
                    "Failed to parse template {name}:\n  Filepath: {path}\n  Line: 1\n  Detail: {e} @ rb_sysopen - {path}\n"
                ))
                .into())
            }
        };
        // (a template that does not compile is not kept: `render` reports its error)
        let compiled = compiled(&text).ok();
        out.push_str(&render(
            ev,
            &text,
            compiled.clone(),
            Origin::File { name, path: &path },
        )?);
        if let Some(compiled) = compiled {
            let file = FileTemplate {
                path,
                text,
                compiled,
            };
            keep_read(ev, name, Rc::new(file));
        }
    }
    Ok(Value::string(out))
}

fn inline_template(ev: &mut Evaluator, args: &[Value], _b: Option<&Closure>) -> EvalResult {
    if args.is_empty() {
        return Err(wrong_count("inline_template"));
    }
    let mut out = String::new();
    for a in flatten(args).iter() {
        if a.is_undef() {
            continue;
        }
        let Value::String(text) = a else {
            return Err(Error::eval(format!(
                "Failed to parse inline template: undefined method `encoding' for {}",
                crate::erb::ruby::show::inspect(&to_ruby(a))
            ))
            .into());
        };
        out.push_str(&render(ev, text, None, Origin::Inline)?);
    }
    Ok(Value::string(out))
}

/// The arguments, arrays flattened (as the reference's 3.x functions take them): the
/// arguments themselves when none is an array (a template's name, the usual call).
fn flatten(args: &[Value]) -> std::borrow::Cow<'_, [Value]> {
    fn into(args: &[Value], out: &mut Vec<Value>) {
        for a in args {
            match a {
                Value::Array(items) => into(items, out),
                other => out.push(other.clone()),
            }
        }
    }
    if !args.iter().any(|a| matches!(a, Value::Array(_))) {
        return std::borrow::Cow::Borrowed(args);
    }
    let mut out = Vec::new();
    into(args, &mut out);
    std::borrow::Cow::Owned(out)
}

/// How many templates may render one another (a template that renders itself, through
/// `scope.function_inline_template`, stops here as Ruby's stack would).
const MAX_RENDER_DEPTH: usize = 100;

/// Renders `text` (compiled already when `given`).
fn render(
    ev: &mut Evaluator,
    text: &str,
    given: Option<Rc<Template>>,
    origin: Origin,
) -> Result<String, Flow> {
    if RENDERS.with(|r| r.borrow().len()) >= MAX_RENDER_DEPTH {
        // (Ruby's `SystemStackError`, no `StandardError`: it passes every template's
        // rescue and wrapping, bare, as the reference's)
        return Err(Error::uncaught("SystemStackError", "stack level too deep").into());
    }
    crate::limits::deep(|| render_here(ev, text, given, origin))
}

fn render_here(
    ev: &mut Evaluator,
    text: &str,
    given: Option<Rc<Template>>,
    origin: Origin,
) -> Result<String, Flow> {
    let key = scope_key(ev);
    let shared = RENDERS.with(|r| {
        r.borrow()
            .iter()
            .rev()
            .find(|(k, _)| *k == key)
            .map(|(_, s)| s.clone())
    });
    let shared = shared.unwrap_or_else(new_shared);
    RENDERS.with(|r| r.borrow_mut().push((key, shared.clone())));
    let result = given.map_or_else(|| compiled(text), Ok).and_then(|t| {
        let mut host = EvalHost::new(ev);
        erb::render_shared(&t, &mut host, shared.clone())
    });
    RENDERS.with(|r| r.borrow_mut().pop());
    if result.is_ok() {
        write_back(ev, &shared);
    }
    keep_shared(shared);
    let span = ev.call_span;
    result.map_err(|e| match e {
        // in a module's file a template required: the file's line, not ERB's code
        RubyError::Syntax { message, at, .. }
            if at > text.len() && in_required_file(at).is_some() =>
        {
            let (file, line, _) = in_required_file(at).unwrap_or_default();
            report_detail(&origin, 1, format!("{file}:{line}: {message}")).into()
        }
        // Ruby's SyntaxError is not a Puppet error: the reference reports it as is
        // (`(erb):LINE: MESSAGE`, or the file's path for `(erb)`), without a prefix.
        RubyError::Syntax {
            message,
            at,
            end,
            quote,
            also,
            shift,
        } => {
            // with the line of ERB's generated Ruby code that Ruby's parser quotes
            let generated = erb::generated::generate(text);
            let start = (generated.offset(at) + shift).min(generated.src.len());
            let stop = (start + end.saturating_sub(at)).min(generated.src.len());
            let (line, mut snippet) = generated.snippet(start, stop);
            if !quote {
                snippet.clear();
            }
            let sep = if snippet.is_empty() { "" } else { "\n" };
            let file = match origin {
                Origin::Inline => "(erb)",
                Origin::File { path, .. } => path,
            };
            // (a `SyntaxError`, no `StandardError`: no `rescue => e` of a module function's
            // Ruby catches it, and it has no Puppet location, as the reference's `Could not
            // run: ...`)
            Error::uncaught("SyntaxError", {
                let mut m = format!("{file}:{line}: {message}{sep}{snippet}");
                if let Some(also) = also {
                    m.push_str(&format!("{file}:{line}: {also}\n{snippet}"));
                }
                m
            })
            .at(span)
            .into()
        }
        // (the flag is cleared as the evaluator's own checks do)
        RubyError::Interrupted { .. } => crate::limits::check_interrupt()
            .err()
            .unwrap_or_else(Error::interrupted)
            .into(),
        // growth past the memory limit: the limit's own error, as Puppet code's
        RubyError::Raised { class, message, .. } if class == "NoMemoryError" => {
            Error::new(crate::error::ErrorKind::Limit, message)
                .at(span)
                .into()
        }
        // a ScriptError (`LoadError` of a function the template called): not wrapped
        RubyError::Raised { class, message, .. } if erb::ruby::error::is_script_error(&class) => {
            Error::uncaught(&class, message).into()
        }
        // Ruby's SystemStackError is no StandardError: Puppet does not wrap it either
        // (kept as its class, so that a template rendering this one raises it again)
        RubyError::Raised { class, message, .. } if class == "SystemStackError" => {
            Error::uncaught(&class, message).into()
        }
        other => report(text, &origin, &other).into(),
    })
}

/// A module's file a template required: where its offsets start, its name, its text.
type RequiredFile = (usize, Rc<str>, Rc<str>);

thread_local! {
    /// The modules' files templates have `require`d in this thread, by the offsets their
    /// code has (`ruby_files`): an error in one is reported with its file and line.
    static REQUIRED: RefCell<Vec<RequiredFile>> = const { RefCell::new(Vec::new()) };
}

/// The code of a module's `lib/` file for `require` (the interpreter runs a file once).
fn load_required(
    path: &str,
    dir: &std::path::Path,
    file: &std::path::Path,
) -> Result<erb::ruby::Required, HostError> {
    let parsed = crate::env::ruby_files::load(file)
        .map_err(|e| HostError::Raise(format!("cannot load such file -- {path} ({e})")))?;
    REQUIRED.with(|r| {
        let mut r = r.borrow_mut();
        if !r.iter().any(|(base, _, _)| *base == parsed.base) {
            let shown = file.strip_prefix(dir).unwrap_or(file).display().to_string();
            r.push((parsed.base, shown.into(), parsed.text.clone()));
        }
    });
    Ok(erb::ruby::Required::Code(parsed.body.clone()))
}

/// The required file an offset beyond a template's text is in: its name (relative to its
/// modulepath directory), and the line and column there.
fn in_required_file(at: usize) -> Option<(Rc<str>, usize, usize)> {
    REQUIRED.with(|r| {
        r.borrow()
            .iter()
            .find(|(base, _, text)| *base <= at && at - base <= text.len())
            .map(|(base, shown, text)| {
                let (line, col) = erb::line_col(text, at - base);
                (shown.clone(), line, col)
            })
    })
}

/// Puts back into Puppet the arrays and hashes of Puppet variables that the template
/// changed (`@list << x`, `scope['h'][:k] = v`): in the reference they are the same Ruby
/// objects, so the variable, every variable holding the same array or hash, and the
/// resource parameters it was given to all show the change (`eval::shared`).
fn write_back(ev: &mut Evaluator, shared: &erb::SharedVars) {
    let mut changed: Vec<(Rc<str>, Value, Value)> = shared
        .borrow()
        .iter()
        .filter(|(_, rv)| matches!(rv, RValue::Array(_) | RValue::Hash(_)))
        .filter_map(|(name, rv)| {
            let old = ev.visible_variable(name)?;
            if crate::erb::bridge::unchanged(rv, &old) {
                return None;
            }
            let new = to_puppet(rv).ok()?;
            (!identical(&old, &new)).then(|| (Rc::from(&**name), old, new))
        })
        .collect();
    // (in the names' order, not the map's, which depends on the room it has)
    changed.sort_by(|a, b| a.0.cmp(&b.0));
    for (name, old, new) in changed {
        ev.replace_shared(old, &new, &name);
    }
}

/// Equal and in the same order (`==` of hashes ignores the order of their keys).
fn identical(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Array(x), Value::Array(y)) => {
            Rc::ptr_eq(x, y)
                || (x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| identical(p, q)))
        }
        (Value::Hash(x), Value::Hash(y)) => {
            Rc::ptr_eq(x, y)
                || (x.len() == y.len()
                    && x.iter()
                        .zip(y.iter())
                        .all(|((k1, v1), (k2, v2))| identical(k1, k2) && identical(v1, v2)))
        }
        _ => a == b,
    }
}

/// The reference's wording: `Failed to parse inline template: MESSAGE`, or for a file
/// `Failed to parse template NAME:` with its path, line and the message.
fn report(text: &str, origin: &Origin, e: &RubyError) -> Error {
    let (line, col) = erb::line_col(text, e.at());
    // (an offset past the template is in a module's file it required)
    let place = match in_required_file(e.at()).filter(|_| e.at() > text.len()) {
        Some((file, line, col)) => format!("{file}, line {line}, column {col}"),
        None => format!("line {line}, column {col}"),
    };
    let detail = match e {
        RubyError::Raised { message, .. } => message.clone(),
        RubyError::Syntax { message, .. } => format!("{message} (column {col})"),
        RubyError::Interrupted { .. } => "Interrupted".to_string(),
        RubyError::Unsupported { what, .. } => format!(
            "unsupported Ruby in template: {what} (prepl's ERB supports a subset of Ruby; see :help template) ({place})"
        ),
    };
    report_detail(origin, line, detail)
}

/// [`report`]'s message for a detail and the template's line.
fn report_detail(origin: &Origin, line: usize, detail: String) -> Error {
    match origin {
        Origin::Inline => Error::eval(format!("Failed to parse inline template: {detail}")),
        Origin::File { name, path } => Error::eval(format!(
            "Failed to parse template {name}:\n  Filepath: {path}\n  Line: {line}\n  Detail: {detail}\n"
        )),
    }
}

/// What the reference's scope raises for `call_function` of a function there is not (a
/// template's `scope.call_function`, a 3.x function's; a 4.x function's words it otherwise:
/// `rubyfn::host`).
pub(crate) fn unknown_function_text(name: &str) -> String {
    format!("Unknown function '{name}'")
}

/// The evaluator as a template's host (and, wrapped, a Ruby function's: `rubyfn`).
pub(crate) struct EvalHost<'e> {
    pub(crate) ev: &'e mut Evaluator,
    /// `scope.to_hash`'s names as last listed, and how many variables the template's scope
    /// chain had then: a scope only gains variables during a render (`scope.setvar`, a
    /// function the template calls), so the same count is the same names (logrotate's
    /// rule.erb asks `scope.to_hash` some thirty times a render, ~300 names each).
    names: Option<(usize, Rc<[Rc<str>]>)>,
    /// The last error located in Puppet code that a call into Puppet gave the Ruby code,
    /// with the message the code saw: a module function's Ruby that lets it through (does
    /// not rescue it, or raises it again) fails with that error unchanged, as the
    /// reference's (`Function#call_function` passes Puppet's located errors through).
    pub(crate) located: Option<(String, Box<Error>)>,
}

impl<'e> EvalHost<'e> {
    pub(crate) fn new(ev: &'e mut Evaluator) -> EvalHost<'e> {
        EvalHost {
            ev,
            names: None,
            located: None,
        }
    }

    /// The error located in Puppet code behind a Ruby exception of message `message`, when
    /// the exception is the one a call into Puppet raised (see [`EvalHost::located`]).
    pub(crate) fn located_error(&mut self, message: &str) -> Option<Box<Error>> {
        match self.located.take() {
            Some((m, e)) if m == message => Some(e),
            _ => None,
        }
    }

    /// The scopes a template rendered here sees through, the outermost first.
    fn scope_chain(&self) -> Vec<&crate::compile::NamedScope> {
        let mut chain = Vec::new();
        let mut scope = self.ev.scope.as_deref();
        while let Some(s) = scope {
            chain.push(s);
            scope = s.parent.as_deref();
        }
        chain.reverse();
        chain
    }
}

/// Ruby values given to Puppet: one that Puppet has no counterpart for is unsupported.
/// Ruby arguments as Puppet values; a value Puppet cannot take is unsupported Ruby.
pub(crate) fn puppet_args(args: &[RValue]) -> Result<Vec<Value>, HostError> {
    args.iter()
        .map(|a| to_puppet(a).map_err(HostError::Unsupported))
        .collect()
}

impl EvalHost<'_> {
    /// The reference's message for `scope['name']` of a variable that does not exist.
    fn undefined_variable_message(&self, name: &str) -> String {
        let short = name.strip_prefix("::").unwrap_or(name);
        // (a top-scope name keeps its `::`, as it was asked)
        let Some((class, _)) = crate::names::split_last(short) else {
            return format!("Undefined variable '{name}'; ");
        };
        let class = class.to_ascii_lowercase();
        let comp = &self.ev.compilation;
        if comp.class_scopes.contains_key(class.as_str()) {
            format!("Undefined variable '::{short}'; ")
        } else if comp.classes.contains_key(class.as_str())
            || crate::env::modules::definition_file(
                &self.ev.env,
                crate::env::modules::Kind::Manifest,
                &class,
            )
            .is_some()
        {
            format!("Undefined variable '{short}'; class {class} has not been evaluated")
        } else {
            format!("Undefined variable '{short}'; class {class} could not be found")
        }
    }

    /// Calls a Puppet function; the error is the message.
    fn call_puppet(&mut self, name: &str, args: Vec<Value>) -> Result<Value, HostError> {
        self.call_puppet_with(name, args, None, false)
    }

    /// `call_function(name, args) { block }` of a module function's Ruby: the block as
    /// the lambda (`rubyfn::RubyLambda`).
    pub(crate) fn call_function_with_closure(
        &mut self,
        name: &str,
        args: Vec<RValue>,
        closure: &Closure,
    ) -> Result<RValue, HostError> {
        let args = puppet_args(&args)?;
        self.call_puppet_with(name, args, Some(closure.clone()), false)
            .map(|v| to_ruby(&v))
    }

    /// Calls `name` as Puppet code calls it, or with `native`, the native built-in of that
    /// name (callable: the module is on the modulepath) alone.
    fn call_puppet_with(
        &mut self,
        name: &str,
        args: Vec<Value>,
        closure: Option<Closure>,
        native: bool,
    ) -> Result<Value, HostError> {
        let native = native.then(|| self.ev.callable_builtin(name)).flatten();
        let environment_function = native.is_none()
            && self
                .ev
                .load_environment_function(name)
                .map_err(|e| HostError::Raise(e.message))?;
        if !environment_function
            && !self.ev.builtins.contains_key(name)
            && !self.ev.functions.contains_key(name)
            && crate::functions::find(name).is_none()
            && !crate::names::is_qualified(name)
            && crate::functions::rubyfn::find(self.ev, name).is_none()
        {
            return Err(raised_as(
                Some("ArgumentError"),
                unknown_function_text(name),
            ));
        }
        // (prepl's built-in the call reaches, whose errors have the class the reference's
        // function raises: not a function of the environment's or the modules' Puppet code)
        let builtin = native.or_else(|| {
            (!environment_function && !self.ev.functions.contains_key(name))
                .then(|| crate::functions::find(name))
                .flatten()
        });
        let span = self.ev.call_span;
        let outer = (self.ev.current_builtin, self.ev.current_signatures);
        let r = match native {
            Some(b) => self
                .ev
                .call_builtin_found(b, name, args, closure, span)
                .map_err(|flow| {
                    crate::eval::call::call_failed(flow, name, CallStyle::Prefix, span)
                }),
            None => self
                .ev
                .call_named_with(name, args, closure, CallStyle::Prefix, span),
        };
        (self.ev.current_builtin, self.ev.current_signatures) = outer;
        self.ev.call_span = span;
        r.map_err(|f| match f {
            // (a name the evaluator knows of, whose function is not there: stdlib's
            // `merge` without stdlib on the modulepath)
            Flow::Error(e) if e.message == self.ev.unknown_function(name).message => {
                raised_as(Some("ArgumentError"), unknown_function_text(name))
            }
            // A Ruby exception Puppet does not catch is that exception again.
            Flow::Error(e) if e.uncaught_class().is_some() => raised_again(&e),
            // An error located in Puppet code (a Puppet-language function) is quoted with
            // its location, in a file `(file: F, line: L, column: C)`, as the reference's
            // message (its `to_s`) has it.
            Flow::Error(e) if e.span.is_some_and(|s| s != span) => {
                let message = match e.location() {
                    Some(_) => Error {
                        kind: crate::ErrorKind::Evaluation,
                        ..(*e).clone()
                    }
                    .reference_message(),
                    None => e.message.clone(),
                };
                let class = super::raised_class::raised_class(name, &e, true, None);
                self.located = Some((message.clone(), e));
                raised_as(class, message)
            }
            // (each as the exception class the reference's call raises: `rescue
            // Puppet::ParseError` catches a `fail`)
            Flow::Error(e) => raised_as(
                super::raised_class::call_raised_class(&self.ev.env, name, &e, builtin),
                strip_prefix(&e.message).to_string(),
            ),
            _ => HostError::Raise(format!(
                "{name}(): control flow (break/next/return) cannot leave a template"
            )),
        })
    }
}

impl Host for EvalHost<'_> {
    fn variable(&mut self, name: &str) -> Option<RValue> {
        self.ev.visible_variable(name).map(|v| to_ruby(&v))
    }

    /// `require 'json'` (`shellwords`, `ipaddr`, `set`, ...: templates of real modules
    /// start so): a library of Ruby's, whose parts the subset has or names as unsupported
    /// where they are used, as in modules' Ruby functions; a path outside the modulepath
    /// (`/x`, `..`) is refused, and a module's own `lib/` file is not loaded by a template.
    /// A module's own `lib/` file is loaded as module Ruby functions load it (the same
    /// loader, only the modules' `lib` directories); other names are Ruby's libraries.
    fn require(&mut self, path: &str) -> Option<Result<erb::ruby::Required, HostError>> {
        match super::rubyfn::required_file(&self.ev.env.modulepath, path) {
            Ok(None) => Some(Ok(erb::ruby::Required::Nothing)),
            Ok(Some((dir, file))) => Some(load_required(path, &dir, &file)),
            Err(e) => Some(Err(e)),
        }
    }

    fn class_namespace(&self) -> Option<&str> {
        Some("Puppet::Parser::TemplateWrapper")
    }

    fn unlisted_variable(&mut self, name: &str) -> bool {
        self.ev.binding_parameters() && self.ev.in_parameter_scope(name)
    }

    fn has_variable(&mut self, name: &str, with_value: bool) -> bool {
        self.ev
            .visible_variable(name)
            .is_some_and(|v| !with_value || !v.is_undef())
    }

    /// Under `strict = warning` the reference warns once per variable (`Puppet.warn_once`)
    /// and reads `nil`; under `off` it reads `nil`.
    fn undefined_variable(&mut self, name: &str) -> Option<String> {
        // A match variable (`scope.lookupvar('1')`) is nil when unset, whatever the
        // strictness, as `$1` is undef.
        if !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let message = self.undefined_variable_message(name);
        match self.ev.strict {
            crate::Strictness::Error => Some(message),
            crate::Strictness::Warning => {
                self.ev.warn_once(&message);
                None
            }
            crate::Strictness::Off => None,
        }
    }

    fn call_function(&mut self, name: &str, args: Vec<RValue>) -> Result<RValue, HostError> {
        let args = puppet_args(&args)?;
        self.call_puppet(name, args).map(|v| to_ruby(&v))
    }

    fn call_function_with_block(
        &mut self,
        name: &str,
        args: Vec<RValue>,
        block: Rc<dyn erb::ruby::Lent>,
    ) -> Option<Result<RValue, HostError>> {
        Some(super::template_block::call(self, name, args, block))
    }

    fn call_legacy_function(&mut self, name: &str, args: Vec<RValue>) -> Result<RValue, HostError> {
        if name == "versioncmp" && args.len() != 2 {
            return Err(HostError::Raise(format!(
                "versioncmp(): Wrong number of arguments given ({} for 2)",
                args.len()
            )));
        }
        // A module's own 3.x function, unless prepl has a native version of it: run from the
        // module's source, also where Puppet has a function of that name (stdlib's `dig`).
        // A native version of a function the module has in both APIs stands for the 4.x
        // one: the 3.x source runs (stdlib's 3.x `deprecation` warns at most, the 4.x one
        // fails under strict).
        let native = self
            .ev
            .builtins
            .get(name)
            .is_some_and(|b| b.module.is_some() && !self.ev.has_both_apis(b));
        if let Some(found) = (!native)
            .then(|| super::rubyfn::find_3x(self.ev, name))
            .flatten()
        {
            let args = puppet_args(&args)?;
            return super::rubyfn::call_from_ruby(self.ev, name, &found, &args)
                .map(|v| to_ruby(&v))
                .map_err(|f| match f {
                    Flow::Error(e) if e.uncaught_class().is_some() => raised_again(&e),
                    Flow::Error(e) => HostError::Raise(strip_prefix(&e.message).to_string()),
                    _ => HostError::Raise(format!("{name}(): control flow cannot leave it")),
                });
        }
        let args = puppet_args(&args)?;
        if native {
            self.ev.args_from_ruby = true;
        }
        // (the native version of the module's 3.x function: never a function of that name
        // of the environment or the session, which `function_NAME` does not find)
        let r = self.call_puppet_with(name, args, None, native);
        self.ev.args_from_ruby = false;
        r.map(|v| to_ruby(&v))
    }

    /// The reference's `to_hash` order: the top scope's variables, then those of the scopes
    /// the template's scope sees through, the outermost first, each in the order its
    /// variables were assigned; a name keeps the place where it first comes (a variable of
    /// a scope that has the name of a global is read there as the scope's).
    fn scope_names(&mut self) -> Option<Rc<[Rc<str>]>> {
        let chain = self.scope_chain();
        let count = self.ev.globals.names().count()
            + chain.iter().map(|s| s.vars.borrow().len()).sum::<usize>();
        if let Some((known, names)) = &self.names {
            if *known == count {
                return Some(names.clone());
            }
        }
        let mut all: Vec<Rc<str>> = self.ev.globals.names().map(Rc::from).collect();
        for s in chain {
            all.extend(s.vars.borrow().keys().cloned());
        }
        // (deduplicated with a set: `RHash::insert` compares a key with every entry
        // before it, ~45,000 comparisons for ~300 names)
        let mut seen = rustc_hash::FxHashSet::default();
        all.retain(|name| seen.insert(name.clone()));
        if self.ev.binding_parameters() {
            // (the parameters of the defaults being evaluated are not listed)
            all.retain(|name| !self.ev.in_parameter_scope(name));
        }
        let names: Rc<[Rc<str>]> = all.into();
        self.names = Some((count, names.clone()));
        Some(names)
    }

    /// `scope_names` has the names of the top scope and of the scopes of the chain.
    fn scope_has_name(&mut self, name: &str) -> Option<bool> {
        if self.ev.binding_parameters() && self.ev.in_parameter_scope(name) {
            return Some(false);
        }
        let mut scope = self.ev.scope.as_deref();
        while let Some(s) = scope {
            if s.vars.borrow().contains_key(name) {
                return Some(true);
            }
            scope = s.parent.as_deref();
        }
        Some(self.ev.globals.get(name).is_some())
    }

    fn to_yaml(
        &mut self,
        value: &RValue,
        options: &erb::ruby::YamlOptions,
    ) -> Option<Result<String, HostError>> {
        Some(crate::erb::bridge_yaml::to_yaml(value, options))
    }

    fn parse_yaml(&mut self, text: &str) -> Option<Result<RValue, HostError>> {
        Some(
            crate::functions::stdlib::data::yaml_to_value(text)
                .map(|v| to_ruby(&v))
                .map_err(|message| HostError::RaiseAs {
                    class: "Psych::SyntaxError".into(),
                    message,
                }),
        )
    }

    fn write_output(&mut self, stream: prepl_ruby::Stream, text: &str) {
        self.ev.write_output(stream, text)
    }

    fn set_variable(&mut self, name: &str, value: &RValue) -> Result<(), HostError> {
        let value = to_puppet(value).map_err(HostError::Unsupported)?;
        self.ev
            .set_named_variable(name, value)
            .map_err(|e| HostError::Raise(e.message))
    }

    fn has_function(&mut self, name: &str) -> Result<bool, String> {
        const ONLY_4X: &[&str] = &[
            "assert_type",
            "binary_file",
            "break",
            "defined",
            "dig",
            "each",
            "epp",
            "filter",
            "find_file",
            "hiera",
            "hiera_array",
            "hiera_hash",
            "hiera_include",
            "inline_epp",
            "lest",
            "lookup",
            "map",
            "match",
            "new",
            "next",
            "reduce",
            "regsubst",
            "return",
            "reverse_each",
            "slice",
            "split",
            "step",
            "strftime",
            "then",
            "type",
            "with",
        ];
        if ONLY_4X.contains(&name) && super::rubyfn::find_3x(self.ev, name).is_none() {
            return Err(format!(
                "{name}() can only be called using the 4.x function API. See Scope#call_function"
            ));
        }
        Ok(legacy_function(&self.ev.env.modulepath, name))
    }
}

/// A Ruby exception of class `class`, or without one, of the class Ruby gives the message.
fn raised_as(class: Option<&str>, message: String) -> HostError {
    match class {
        Some(class) => HostError::RaiseAs {
            class: class.to_string(),
            message,
        },
        None => HostError::Raise(message),
    }
}

/// An uncaught Ruby exception (`ErrorKind::Uncaught`) that Puppet code passed on, raised
/// again in the Ruby that called it: the same class and message.
pub(crate) fn raised_again(e: &Error) -> HostError {
    HostError::RaiseAs {
        class: e.uncaught_class().unwrap_or("RuntimeError").to_string(),
        message: e.message.clone(),
    }
}

/// A message without the "Error while evaluating a Function Call" prefix of a call made
/// through Puppet (for code that calls the function itself, as the reference's Ruby does).
pub(crate) fn strip_prefix(m: &str) -> &str {
    m.strip_prefix("Error while evaluating a Function Call, ")
        .unwrap_or(m)
}

/// Whether the reference's autoloader finds a file for the 3.x function `name`: a module's,
/// or Puppet's own (the logging functions have none).
pub(crate) fn legacy_function_file(modulepath: &[std::path::PathBuf], name: &str) -> bool {
    const LOGGING: &[&str] = &[
        "alert", "crit", "debug", "emerg", "err", "info", "notice", "warning",
    ];
    !LOGGING.contains(&name) && legacy_function(modulepath, name)
}

/// The functions callable as `scope.function_NAME`: the reference's 3.x functions (its
/// own, the logging ones, and those of the modules' `lib/puppet/parser/functions`).
fn legacy_function(modulepath: &[std::path::PathBuf], name: &str) -> bool {
    const CORE: &[&str] = &[
        "alert",
        "assert_type",
        "binary_file",
        "break",
        "contain",
        "create_resources",
        "crit",
        "debug",
        "defined",
        "dig",
        "digest",
        "each",
        "emerg",
        "epp",
        "err",
        "fail",
        "file",
        "filter",
        "find_file",
        "fqdn_rand",
        "generate",
        "hiera",
        "hiera_array",
        "hiera_hash",
        "hiera_include",
        "include",
        "info",
        "inline_epp",
        "inline_template",
        "lest",
        "lookup",
        "map",
        "match",
        "md5",
        "new",
        "next",
        "notice",
        "realize",
        "reduce",
        "regsubst",
        "require",
        "return",
        "reverse_each",
        "scanf",
        "sha1",
        "sha256",
        "shellquote",
        "slice",
        "split",
        "sprintf",
        "step",
        "strftime",
        "tag",
        "tagged",
        "template",
        "then",
        "type",
        "versioncmp",
        "warning",
        "with",
    ];
    if CORE.contains(&name) {
        return true;
    }
    if !crate::env::modules::is_module_name(name) {
        return false;
    }
    let file = format!("{name}.rb");
    modulepath.iter().any(|dir| {
        crate::env::fs::list(dir)
            .iter()
            .any(|m| crate::env::fs::is_file(&m.join("lib/puppet/parser/functions").join(&file)))
    })
}

#[cfg(test)]
mod tests {
    use crate::test_support::check;

    /// A template named by an absolute path that does not exist fails to be read, as in the
    /// reference (`Failed to parse template /no/such:` with Ruby's detail; its Filepath and
    /// Line are its own file_impl.rb's, docs/deviations.md), where a module's template name
    /// is not found.
    #[test]
    fn a_missing_absolute_template_fails_to_be_read() {
        check(&[
            (
                "template('/no/such/template.erb')",
                Err("Evaluation Error: Error while evaluating a Function Call, Failed to parse template /no/such/template.erb:\n  Filepath: /no/such/template.erb\n  Line: 1\n  Detail: No such file or directory @ rb_sysopen - /no/such/template.erb\n"),
            ),
            (
                "template('nosuchmodule/x.erb')",
                Err("Evaluation Error: Error while evaluating a Function Call, Could not find template 'nosuchmodule/x.erb'"),
            ),
        ]);
    }

    /// An unset match variable looked up by a template is nil, under strict mode too, as
    /// `$1` is undef (the oracle: `'nil|nil'`).
    #[test]
    fn match_variables_are_nil_when_unset() {
        check(&[(
            r#"inline_template("<%= scope.lookupvar(\"1\").inspect %>|<%= scope[\"0\"].inspect %>")"#,
            Ok("'nil|nil'"),
        )]);
    }

    /// `scope.to_hash` has each variable once, with the value the template's scope sees (a
    /// class's `$x` over the top scope's), and no undef ones (answers from the oracle).
    #[test]
    fn scope_to_hash_has_each_visible_variable_once() {
        check(&[(
            r#"$x = "top" $y = "g" class a { $x = "local" $z = undef $r = inline_template("<%= scope.to_hash.keys.count(%q{x}) %>-<%= scope.to_hash[%q{x}] %>-<%= scope.to_hash[%q{y}] %>-<%= scope.to_hash.has_key?(%q{z}) %>") } include a $a::r"#,
            Ok("'1-local-g-false'"),
        )]);
    }

    /// `scope.to_hash` lists the variables in the reference's order: the facts, the runtime's
    /// variables, the top scope's, then each enclosing scope's from the outermost, a name
    /// keeping the place where it first came (answers from the oracle, facts left out).
    #[test]
    fn scope_to_hash_keeps_the_reference_order() {
        let keys = "inline_template('<%= k = scope.to_hash.keys; k.drop(k.index(%q{environment})).join(%q{ }) %>')";
        let runtime = "environment trusted server_facts facts module_name title name";
        for (src, want) in [
            (
                format!(
                    r#"$x = "top" $y = "g" class a($p = 1, $q = 2) {{ $x = "local" $w = 1 fail({keys}) }} include a"#
                ),
                "x y caller_module_name p q w",
            ),
            (
                format!(r#"define d($p = 1) {{ $z = 2 fail({keys}) }} $top = 1 d {{ 't': }}"#),
                "top caller_module_name p z",
            ),
            (
                format!(
                    r#"class base {{ $b = 1 }} class sub inherits base {{ $s = 2 fail({keys}) }} include sub"#
                ),
                "caller_module_name b s",
            ),
        ] {
            let got = crate::test_support::run(&src).expect_err("fails with the keys");
            assert!(got.contains(&format!("{runtime} {want}")), "{src}\n{got}");
        }
    }

    /// `scope.to_hash` is a new hash each call whose values are the objects `@x` reads: a
    /// hash or array changed through it is changed for the template and for Puppet; a
    /// variable `scope.setvar` adds is in the next one (answers from the oracle).
    #[test]
    fn scope_to_hash_holds_the_variables_objects() {
        check(&[
            (
                r#"class c { $h = {"a"=>1} $u = undef $l = [1] $r = inline_template("<% x = scope.to_hash; x[%q{h}][%q{k}] = 1; x[%q{new}] = 2; scope.to_hash[%q{l}] << 2 %><%= @h %>|<%= scope.to_hash[%q{new}].inspect %>|<%= scope.to_hash.has_key?(%q{u}) %>|<%= scope.to_hash[%q{l}].equal?(@l) %>") } include c [$c::r, $c::h, $c::l]"#,
                Ok(r#"['{"a"=>1, "k"=>1}|nil|false|true', {'a' => 1, 'k' => 1}, [1, 2]]"#),
            ),
            (
                r#"class c { $a = 1 $r = inline_template("<%= scope.to_hash.keys.last %>|<% scope.setvar(%q{b}, 2) %><%= scope.to_hash.keys.last %>=<%= scope.to_hash[%q{b}] %>") } include c $c::r"#,
                Ok("'a|b=2'"),
            ),
            (
                // each call is a new hash (Ruby's `equal?` is identity), as in the reference
                r#"class c { $v = 1 $r = inline_template("<%= scope.to_hash.equal?(scope.to_hash) %>/<%= x = scope.to_hash; x.equal?(x) %>") } include c $c::r"#,
                Ok("'false/true'"),
            ),
        ]);
    }

    /// The reads `scope.to_hash[k]`, `has_key?`, `key?`, `include?`, `member?` (answered from
    /// the kept hash, without making the new one): a symbol is no name, an undef variable is
    /// no key, a spread argument, a hash changed through an earlier `to_hash` and a variable
    /// the argument itself sets (not in the hash made before it) answer as in the reference.
    #[test]
    fn scope_to_hash_reads_answer_as_the_hash() {
        check(&[(
            r#"class c { $x = "cx" $u = undef $h = {"a"=>1} $r = inline_template("<%= scope.to_hash[%q{x}] %>|<%= scope.to_hash.key?(%q{x}) %><%= scope.to_hash.include?(%q{u}) %><%= scope.to_hash.member?(%q{h}) %><%= scope.to_hash.has_key?(:x) %>|<%= scope.to_hash[:x].inspect %>|<%= scope.to_hash[*[%q{x}]] %>|<% scope.to_hash[%q{h}][%q{k}] = 2 %><%= scope.to_hash[%q{h}] %>|<%= scope.to_hash.has_key?(scope.setvar(%q{n}, 3) && %q{n}) %><%= scope.to_hash[%q{n}] %>") } include c $c::r"#,
            Ok(r#"'cx|truefalsetruefalse|nil|cx|{"a"=>1, "k"=>2}|false3'"#),
        )]);
    }

    /// Render chains one after the other (whose maps of variables are reused, emptied) each
    /// read their own scope's variables (answers from the oracle).
    #[test]
    fn consecutive_renders_read_their_own_variables() {
        check(&[(
            r#"class a { $x = [1] $r = inline_template("<% @x << 2 %><%= @x %>") } class b { $x = [3] $r = inline_template("<%= @x %>|<%= scope[%q{x}] %>") } include a include b [$a::r, $b::r, $a::x, inline_template("<%= @x.inspect %>")]"#,
            Ok("['[1, 2]', '[3]|[3]', [1, 2], 'nil']"),
        )]);
    }

    /// A template rendered from a template in the same scope sees the Ruby objects of the
    /// Puppet variables its caller mutated (Debian's apache module's `_template_scope`).
    #[test]
    fn nested_templates_share_mutated_variables() {
        check(&[
            (
                r#"$s = {}
inline_template("<%- scope.lookupvar('s')[:item] = 5 -%><%= scope.lookupvar('s')[:item] %>|<%= scope['s'].equal?(scope.lookupvar('s')) %>|<%= @s.equal?(scope['s']) %>")"#,
                Ok("'5|true|true'"),
            ),
            (
                r#"$s = {}
inline_template("<%- scope.lookupvar('s')[:item] = 5 -%><%= scope.function_inline_template(['<' + '%= scope.lookupvar(%q{s})[:item] %' + '>']) %>|<%= scope.call_function('inline_template', ['<' + '%= @s[:item] %' + '>']) %>")"#,
                Ok("'5|5'"),
            ),
            (
                r#"inline_template("<%- scope.setvar('t', {}) -%><%- scope.lookupvar('t')[:item] = 6 -%><%= scope.function_inline_template(['<' + '%= scope.lookupvar(%q{t})[:item] %' + '>|<' + '%= @t[:item] %' + '>']) %>")"#,
                Ok("'6|6'"),
            ),
        ]);
    }

    /// A hash a template mutates is replaced wherever it is held (the variable, inside an
    /// array and a hash that hold it), and nowhere else (two define instances' `{}` are two
    /// objects), also now that the walk stops once it has met every reference (answers
    /// from the oracle).
    #[test]
    fn mutated_values_are_replaced_in_every_holder() {
        check(&[
            (
                r#"class c { $h = {"a" => 1} $l = [$h] $g = {"k" => [$l]} $x = inline_template("<% @h[\"b\"] = 2 %>") $r = [$h, $l, $g] } include c $c::r"#,
                Ok("[{'a' => 1, 'b' => 2}, [{'a' => 1, 'b' => 2}], {'k' => [[{'a' => 1, 'b' => 2}]]}]"),
            ),
            (
                r#"define d { $h = {} $x = inline_template("<% @h[:item] = @title %>") $r = [$h] }
d { 'one': } d { 'two': }
$o = {}
[inline_template("<% @o[:k] = 1 %>"), $o]"#,
                Ok("['', {'k' => 1}]"),
            ),
        ]);
    }
}

/// Templates are compiled once per thread (ERB once per process), by their text: a module's
/// template file changed between two inputs of a session (even to the same length, in the
/// same second) renders its new text, for ERB and EPP alike, and so does a session on
/// another thread.
#[cfg(test)]
mod kept_tests {
    use crate::env::Environment;
    use crate::Session;

    #[test]
    fn a_changed_template_file_renders_its_new_text() {
        let dir = std::env::temp_dir().join(format!("prepl-tpl-kept-{}", std::process::id()));
        let templates = dir.join("m/templates");
        std::fs::create_dir_all(&templates).unwrap();
        let mut s = Session::new();
        s.set_environment(Environment {
            modulepath: vec![dir.clone()],
            ..Environment::empty()
        });
        let render = "[template('m/t.erb'), epp('m/t.epp')]";
        let show = |s: &mut Session| crate::format::to_programmatic(&s.eval(render).unwrap());
        std::fs::write(templates.join("t.erb"), "a<%= 1 %>").unwrap();
        std::fs::write(templates.join("t.epp"), "a<%= 1 %>").unwrap();
        assert_eq!(show(&mut s), "['a1', 'a1']");
        assert_eq!(show(&mut s), "['a1', 'a1']");
        std::fs::write(templates.join("t.erb"), "b<%= 2 %>").unwrap();
        std::fs::write(templates.join("t.epp"), "b<%= 2 %>").unwrap();
        assert_eq!(show(&mut s), "['b2', 'b2']");
        // Sessions on other threads: the second compiles the text this one did (and
        // freezes it), the third takes the frozen tree; after a change, the new text.
        let elsewhere = |dir: std::path::PathBuf| {
            std::thread::spawn(move || {
                let mut s = Session::new();
                s.set_environment(Environment {
                    modulepath: vec![dir],
                    ..Environment::empty()
                });
                crate::format::to_programmatic(&s.eval(render).unwrap())
            })
            .join()
            .unwrap()
        };
        assert_eq!(elsewhere(dir.clone()), "['b2', 'b2']");
        assert_eq!(elsewhere(dir.clone()), "['b2', 'b2']");
        std::fs::write(templates.join("t.erb"), "c<%= [3].map { |x| x * 2 }[0] %>").unwrap();
        assert_eq!(elsewhere(dir.clone()), "['c6', 'b2']");
        assert_eq!(elsewhere(dir.clone()), "['c6', 'b2']");
        assert_eq!(elsewhere(dir.clone()), "['c6', 'b2']");
        assert_eq!(show(&mut s), "['c6', 'b2']");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
