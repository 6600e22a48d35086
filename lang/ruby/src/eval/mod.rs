//! The evaluator of the Ruby subset: runs a template's statements, appending to the output.
//! The host's variables come from a `Host` (`@x`, `scope['x']`); its functions are called
//! through it (`scope.call_function`).

use crate::ast::{BeginBlock, Block, Kind, Name, Node, Param, Part};
use crate::error::HostError;
use crate::error::{is_error_class, RubyError};
use crate::host::Host;
use crate::methods::{self, M};
use crate::regexp::make_regexp;
use crate::show::{inspect, to_s};
use crate::value::RStr;
use crate::value::{Captures, Method, RHash, RValue, UserClass};
use crate::value::{RBool, RFloat};
use crate::Regexp;
use std::cell::RefCell;
// (Fx: the maps of variables are looked up at every use of a name.)
use rustc_hash::FxHashMap as HashMap;
use std::rc::Rc;

mod collector;
mod compiled;
mod defs;
mod lent;
mod locals;
mod mutate;
mod prelude;
mod scope_hash;
pub(crate) mod state;
mod structs;
mod unknown_constant;
pub use compiled::compile_bodies_at;
pub use defs::ProcHome;
pub use defs::{BlockArg, BLOCK_AS_METHOD};
pub(crate) use defs::{Ctx, Scope, This};
pub(crate) use mutate::{given, Yielded};
pub use state::State;

/// The Ruby values of the host's variables a render chain has read, by name: the template
/// and the templates it renders in the same host scope (`scope.function_template`) share
/// them, so that a hash mutated through Ruby is the mutated hash for all of them (in the
/// reference, Puppet's hashes are Ruby objects).
///
/// (Keyed by shared texts: the name a first `@x` read puts here is the key of the
/// interpreter's instance variable too, one copy of the name for both maps.)
pub type SharedVars = Rc<RefCell<HashMap<RStr, RValue>>>;

/// The instance variables of the object a module function's code runs as (its instance,
/// made once per evaluation and shared by its calls, as the reference's function object
/// is made once per loader): `@x` is the object's own, nil until assigned, never the
/// host's variable `x` (what a template's `@x` reads).
pub type InstanceVars = Rc<RefCell<HashMap<RStr, RValue>>>;

/// `scope.to_hash`'s names as the host gave them, and the hash made for them.
pub(crate) type ToHashEntries = (Rc<[Rc<str>]>, Rc<RHash>);

/// Leaving an expression other than by its value: one pointer to what it is, so that an
/// evaluation step's result `R<RValue>` is two words, returned in registers (the error
/// fits in the values the value's tag does not use). A `next`, `break` or `return` costs
/// an allocation; every step's result is smaller (docs/benchmarks.md, session 43).
#[derive(Debug)]
pub struct Flow(Box<FlowKind>);

/// What a [`Flow`] is.
#[derive(Debug)]
pub enum FlowKind {
    /// (Boxed again: the error is large, the others two values at most.)
    Error(Box<RubyError>),
    Next(RValue),
    Break(RValue),
    /// `throw tag, value` on its way to the `catch(tag)` that is waiting for it.
    Throw(RValue, RValue),
    /// `return value` on its way out of the method (or the template).
    Return(RValue),
}

impl Flow {
    #[inline]
    pub fn next(v: RValue) -> Flow {
        Flow(Box::new(FlowKind::Next(v)))
    }
    #[inline]
    pub fn brk(v: RValue) -> Flow {
        Flow(Box::new(FlowKind::Break(v)))
    }
    #[inline]
    pub fn ret(v: RValue) -> Flow {
        Flow(Box::new(FlowKind::Return(v)))
    }
    pub fn throw(tag: RValue, v: RValue) -> Flow {
        Flow(Box::new(FlowKind::Throw(tag, v)))
    }
    #[inline]
    pub fn kind(&self) -> &FlowKind {
        &self.0
    }
    #[inline]
    pub fn into_kind(self) -> FlowKind {
        *self.0
    }
    /// The error, if it is one.
    #[inline]
    pub fn error(&self) -> Option<&RubyError> {
        match &*self.0 {
            FlowKind::Error(e) => Some(e),
            _ => None,
        }
    }
    pub fn is_next(&self) -> bool {
        matches!(*self.0, FlowKind::Next(_))
    }
    pub fn is_break(&self) -> bool {
        matches!(*self.0, FlowKind::Break(_))
    }
    pub fn is_return(&self) -> bool {
        matches!(*self.0, FlowKind::Return(_))
    }
    /// The value a `next`, `break` or `return` carries (nil for the others).
    pub fn into_value(self) -> RValue {
        match *self.0 {
            FlowKind::Next(v) | FlowKind::Break(v) | FlowKind::Return(v) => v,
            FlowKind::Throw(_, v) => v,
            FlowKind::Error(_) => RValue::Nil,
        }
    }
    /// The error, boxed, if it is one; else itself.
    pub fn into_error(self) -> Result<Box<RubyError>, Flow> {
        match *self.0 {
            FlowKind::Error(_) => match *self.0 {
                FlowKind::Error(e) => Ok(e),
                _ => unreachable!(),
            },
            _ => Err(self),
        }
    }
}

impl From<RubyError> for Flow {
    fn from(e: RubyError) -> Flow {
        Flow(Box::new(FlowKind::Error(Box::new(e))))
    }
}

impl From<Box<RubyError>> for Flow {
    fn from(e: Box<RubyError>) -> Flow {
        Flow(Box::new(FlowKind::Error(e)))
    }
}

pub type R<T = RValue> = Result<T, Flow>;

thread_local! {
    /// The buffer interpolated strings are written into before their one copy into a
    /// string value (kept while it is small).
    static SCRATCH: std::cell::Cell<String> = const { std::cell::Cell::new(String::new()) };
}
const SCRATCH_ROOM: usize = 4096;

/// A bound on loop iterations, so that a template cannot hang the session.
const MAX_STEPS: usize = 50_000_000;

/// An interpreter: its state (`State`, taken from the thread's spares and given back when
/// it ends, so that a call or a render makes and drops none of it) and the host it runs
/// against, borrowed for its run.
pub struct Interp<'h> {
    pub host: &'h mut dyn Host,
    /// (Given back to the thread's spares when the interpreter is dropped.)
    pub(crate) st: std::mem::ManuallyDrop<Box<State>>,
}

/// What code defined, kept to be installed in later interpreters (`Interp::snapshot`): a
/// module function's file and its helpers are loaded once, as the reference loads them.
///
/// Installing it costs no copy: an interpreter shares its maps until it defines something
/// of its own. It must outlive the interpreters it is installed in (its classes are
/// cleared when it is dropped).
#[derive(Default)]
pub struct Loaded {
    top_methods: Rc<HashMap<String, Method>>,
    top_constants: Rc<HashMap<String, RValue>>,
    /// (The code of the methods and classes is theirs: `Method::Def` and `UserClass` hold
    /// it by reference count.)
    classes: Option<Rc<[Rc<UserClass>]>>,
}

impl Drop for Loaded {
    fn drop(&mut self) {
        // Classes hold their methods and constants, which may hold the classes.
        for c in self.classes.iter().flat_map(|c| c.iter()) {
            c.clear();
        }
        defs::constants_changed();
    }
}

impl Loaded {
    /// The method of the top the code defined as `name` (what `Interp::call_top` finds by
    /// name in an interpreter this is installed in), to call with
    /// [`Interp::call_top_one`] or [`Interp::call_top_method`].
    pub fn top_method(&self, name: &str) -> Option<Method> {
        self.top_methods.get(name).cloned()
    }
}

/// `undefined method` of the top's `name`.
pub fn no_top_method(name: &str, at: usize) -> RubyError {
    RubyError::raised_as("NoMethodError", format!("undefined method `{name}'"), at)
}

/// A top method's call's end as its value or the exception it raised. (The value at
/// once, inlined; any other end apart.)
#[inline]
fn top_result(r: R, at: usize) -> Result<RValue, RubyError> {
    match r {
        Ok(v) => Ok(v),
        Err(f) => top_flow(f, at),
    }
}

/// [`top_result`] of a call that ended otherwise than with its value.
#[cold]
#[inline(never)]
fn top_flow(f: Flow, at: usize) -> Result<RValue, RubyError> {
    match f.into_kind() {
        FlowKind::Return(v) | FlowKind::Next(v) => Ok(v),
        FlowKind::Error(e) => Err(*e),
        FlowKind::Throw(tag, _) => Err(RubyError::raised_as(
            "UncaughtThrowError",
            format!("uncaught throw {}", inspect(&tag)),
            at,
        )),
        FlowKind::Break(_) => Err(RubyError::raised_as(
            "LocalJumpError",
            "break from proc-closure",
            at,
        )),
    }
}

pub fn raise<T>(message: impl Into<String>, at: usize) -> R<T> {
    Err(Flow::from(RubyError::raised(message, at)))
}

/// A regexp match that failed (the backtracking limit, an interrupt) as a Ruby error at `at`.
pub fn regexp_failed(at: usize) -> impl Fn(prepl_core::Error) -> Flow {
    move |e| match e.kind {
        // (a search whose matches outgrow the memory limit)
        prepl_core::error::ErrorKind::Limit => {
            Flow::from(RubyError::raised_as("NoMemoryError", e.message, at))
        }
        _ => Flow::from(RubyError::raised(e.message, at)),
    }
}

/// What the host answered, its error as a Ruby exception or unsupported Ruby at `at`.
/// (The answer at once, inlined; an error apart.)
#[inline]
pub fn host_result<T>(r: Result<T, HostError>, at: usize) -> R<T> {
    match r {
        Ok(v) => Ok(v),
        Err(e) => host_error(e, at),
    }
}

/// [`host_result`]'s error.
#[cold]
#[inline(never)]
fn host_error<T>(e: HostError, at: usize) -> R<T> {
    match e {
        HostError::Raise(m) => raise(m, at),
        HostError::RaiseAs { class, message } => {
            Err(Flow::from(RubyError::raised_as(class, message, at)))
        }
        HostError::Unsupported(m) => unsupported(m, at),
        HostError::Throw(tag) => Err(Flow::throw(RValue::sym(tag.as_str()), RValue::Nil)),
    }
}

pub fn unsupported<T>(what: impl Into<String>, at: usize) -> R<T> {
    Err(Flow::from(RubyError::unsupported(what, at)))
}

impl<'h> Interp<'h> {
    pub fn new(host: &'h mut dyn Host) -> Interp<'h> {
        Interp::make(host, None)
    }

    /// An interpreter whose host variables' Ruby values are those of `shared`.
    pub fn with_shared(host: &'h mut dyn Host, shared: SharedVars) -> Interp<'h> {
        Interp::make(host, Some(shared))
    }

    fn make(host: &'h mut dyn Host, shared: Option<SharedVars>) -> Interp<'h> {
        let mut st = State::take();
        st.forget_definitions();
        st.shared = shared;
        st.custom_facts = host.custom_facts();
        Interp {
            host,
            st: std::mem::ManuallyDrop::new(st),
        }
    }

    /// An interpreter that starts from what an earlier one's code defined (`install`), to
    /// call its methods (`call_top`).
    pub fn calling(host: &'h mut dyn Host, loaded: &Loaded) -> Interp<'h> {
        let mut st = State::take();
        st.install(loaded);
        st.custom_facts = host.custom_facts();
        Interp {
            host,
            st: std::mem::ManuallyDrop::new(st),
        }
    }

    /// Makes the code's top `self` an object whose instance variables are `vars` (a module
    /// function's instance, shared by its calls): `@x` there reads and sets them, not the
    /// host's variables.
    pub fn set_instance(&mut self, vars: InstanceVars) {
        self.st.instance = Some(vars);
    }

    /// The text the code wrote (`<%= %>`, template text), taken out.
    pub fn take_output(&mut self) -> String {
        std::mem::take(&mut self.st.out)
    }

    /// What the code run so far defined (methods, constants, classes), for later
    /// interpreters to start from (`install`) instead of running the code again. The
    /// classes go with it: this interpreter no longer clears them when it ends.
    pub fn snapshot(&mut self) -> Loaded {
        Loaded {
            top_methods: self.st.top_methods.clone(),
            top_constants: self.st.top_constants.clone(),
            classes: Some(std::mem::take(&mut self.st.classes).into()),
        }
    }

    /// Defines an empty top-level module the embedder's Ruby has (Puppet's `PuppetX`, which
    /// modules' helpers reopen: `module PuppetX::Stdlib`), unless the code defined it.
    pub fn define_module(&mut self, name: &str) {
        if self.st.top_constants.contains_key(name) {
            return;
        }
        let m = Rc::new(UserClass::new(RStr::from(name), true, None, None));
        self.st.classes.push(m.clone());
        self.set_top_constant(name, RValue::Module(m));
    }

    /// Defines a constant of the top (the map is copied first if it is shared).
    pub(crate) fn set_top_constant(&mut self, name: &str, v: RValue) {
        Rc::make_mut(&mut self.st.top_constants).insert(name.to_string(), v);
        defs::constants_changed();
    }

    /// Defines a method of the top (the map is copied first if it is shared).
    pub(crate) fn set_top_method(&mut self, name: &str, m: Method) {
        Rc::make_mut(&mut self.st.top_methods).insert(name.to_string(), m);
        defs::methods_changed();
    }

    /// Starts from what an earlier interpreter's code defined (see `snapshot`), sharing
    /// it.
    pub fn install(&mut self, loaded: &Loaded) {
        self.st.install(loaded);
    }

    /// Runs code for what it defines (methods, classes, constants), not for output: a
    /// module's Ruby function file before its function is called.
    pub fn load(&mut self, body: &[Node]) -> Result<(), RubyError> {
        self.top_scope();
        match self.body(body).map_err(Flow::into_kind) {
            Ok(_) => Ok(()),
            Err(FlowKind::Error(e)) => Err(*e),
            Err(_) => Err(RubyError::syntax_unquoted(
                "Invalid return, break or next",
                0,
            )),
        }
    }

    /// Calls a method defined at the top (by `load`) with `args` and maybe a block: its
    /// value, or the exception it raised.
    pub fn call_top(
        &mut self,
        name: &str,
        args: Vec<RValue>,
        block: Option<BlockArg>,
        at: usize,
    ) -> Result<RValue, RubyError> {
        let Some(m) = self.st.top_methods.get(name).cloned() else {
            return Err(no_top_method(name, at));
        };
        let r = self.invoke(&m, None, This::Template, args, block, at);
        top_result(r, at)
    }

    /// Calls `m`, a method of the top that this interpreter's `Loaded` defined (found once
    /// with [`Loaded::top_method`], for every call of a module function, instead of by
    /// name at each), with the one argument `arg`: bound in the frame in place, without a
    /// list, when the method takes exactly one (a 3.x function's block, most 4.x
    /// dispatches' methods); its value, or the exception it raised.
    pub fn call_top_one(
        &mut self,
        m: &Method,
        arg: RValue,
        block: Option<BlockArg>,
        at: usize,
    ) -> Result<RValue, RubyError> {
        let r = self.invoke_one(m, arg, block, at);
        top_result(r, at)
    }

    /// Calls `m` (see [`Interp::call_top_one`]) with `args`.
    pub fn call_top_method(
        &mut self,
        m: &Method,
        args: Vec<RValue>,
        block: Option<BlockArg>,
        at: usize,
    ) -> Result<RValue, RubyError> {
        let r = self.invoke_top(m, args, block, at);
        top_result(r, at)
    }

    pub fn run(&mut self, body: &[Node]) -> Result<(), RubyError> {
        self.top_scope();
        match self.body(body).map_err(Flow::into_kind) {
            Ok(_) => Ok(()),
            Err(FlowKind::Error(e)) => Err(*e),
            Err(FlowKind::Next(_)) => Ok(()),
            // ERB's code runs in a method of the template object: its value is the result
            Err(FlowKind::Return(v)) => {
                self.st.out = to_s(&v);
                Ok(())
            }
            Err(FlowKind::Throw(tag, _)) => Err(RubyError::raised_as(
                "UncaughtThrowError",
                format!("uncaught throw {}", inspect(&tag)),
                0,
            )),
            Err(FlowKind::Break(_)) => Err(RubyError::syntax_unquoted(
                "Can't escape from eval with break",
                0,
            )),
        }
    }

    /// Gives the top frame its scope of locals if it has none (`calling`), before code
    /// runs there.
    fn top_scope(&mut self) {
        if self.st.frames.is_empty() && self.st.ctx.locals.is_empty() {
            self.st.ctx.locals.push(Scope::default());
        }
    }

    /// Counts a step of a loop; every 1,024 steps, sees whether the session was
    /// interrupted (a template's endless loop used to run to the step limit, about a
    /// minute, deaf to interrupts) or the memory limit passed (`a << a.dup` in a loop grew
    /// by small allocations, none refused, to all the machine's memory): `NoMemoryError`
    /// (the input fails with the memory error even where the code rescues it).
    #[inline]
    pub fn step(&mut self, at: usize) -> R<()> {
        self.st.steps += 1;
        // (the checks every `TICK_EVERY` steps and the bound out of line: a block's call
        // pays an increment and a test)
        if self
            .st
            .steps
            .is_multiple_of(crate::limits::TICK_EVERY as usize)
            || self.st.steps > MAX_STEPS
        {
            return self.step_checked(at);
        }
        Ok(())
    }

    /// [`Interp::step`]'s checks.
    #[cold]
    #[inline(never)]
    fn step_checked(&mut self, at: usize) -> R<()> {
        if self
            .st
            .steps
            .is_multiple_of(crate::limits::TICK_EVERY as usize)
        {
            if crate::limits::interrupted() {
                return Err(RubyError::Interrupted { at }.into());
            }
            if crate::limits::exhausted() {
                let e = crate::limits::exhausted_error();
                return Err(RubyError::raised_as("NoMemoryError", e.message, at).into());
            }
        }
        if self.st.steps > MAX_STEPS {
            return raise(
                "template evaluation took too many steps (an endless loop?)",
                at,
            );
        }
        Ok(())
    }

    fn body(&mut self, body: &[Node]) -> R {
        let Some((last, before)) = body.split_last() else {
            return Ok(RValue::Nil);
        };
        for n in before {
            self.statement(n)?;
        }
        self.eval(last)
    }

    /// Runs a statement whose value is not used: a local's assignment gives the variable
    /// its value without a copy for the statement's (dropped at once), and so do the
    /// statements of an `if` whose value is not used.
    #[inline(always)]
    fn statement(&mut self, n: &Node) -> R<()> {
        match &n.kind {
            Kind::Assign(target, value) => {
                if let Kind::LVar(name)
                | Kind::Call {
                    vcall: true, name, ..
                } = &target.kind
                {
                    let v = self.eval(value)?;
                    self.set_local(name, v);
                    return Ok(());
                }
            }
            Kind::If(c, then, els) => return self.if_statement(c, then, els),
            _ => {}
        }
        self.eval(n).map(drop)
    }

    /// An `if` (`unless`, a modifier) whose value is not used: its branch's statements
    /// run as statements.
    #[inline(never)]
    fn if_statement(&mut self, c: &Node, then: &[Node], els: &[Node]) -> R<()> {
        let branch = if self.eval(c)?.truthy() { then } else { els };
        for n in branch {
            self.statement(n)?;
        }
        Ok(())
    }

    /// The local `name` of the code running (the tree walker's read of a local): an own
    /// local of the running block in its scope alone (Ruby scopes it there, whatever the
    /// code around assigned since), any other the innermost found by name.
    fn local(&self, name: &str) -> Option<&RValue> {
        match self.st.ctx.locals.last() {
            Some(inner) if inner.owns(name) => inner.get(name),
            _ => self.local_around(name),
        }
    }

    /// The innermost variable `name` of the frame's scopes (a name known not to be the
    /// running block's own, or a look-up of the scopes as they are).
    fn local_around(&self, name: &str) -> Option<&RValue> {
        self.st.ctx.locals.iter().rev().find_map(|s| s.get(name))
    }

    /// Assigns the local `name` (the tree walker's assignment; see `local`): defined where
    /// it is new.
    fn set_local(&mut self, name: &Name, v: RValue) {
        if let Some(inner) = self.st.ctx.locals.last_mut() {
            if inner.owns(name) {
                match inner.get_mut(name) {
                    Some(slot) => *slot = v,
                    None => inner.define(name.clone(), v),
                }
                return;
            }
        }
        self.set_local_around(name, v);
    }

    /// [`Interp::set_local`] of a name known not to be the running block's own: the
    /// innermost variable of that name, else a new one in the innermost scope.
    fn set_local_around(&mut self, name: &Name, v: RValue) {
        for scope in self.st.ctx.locals.iter_mut().rev() {
            if let Some(slot) = scope.get_mut(name) {
                *slot = v;
                return;
            }
        }
        match self.st.ctx.locals.last_mut() {
            Some(top) => top.define(name.clone(), v),
            // (the top frame of `calling`, which runs no code of its own)
            None => {
                let mut scope = Scope::default();
                scope.define(name.clone(), v);
                self.st.ctx.locals.push(scope);
            }
        }
    }

    /// `@name`: the host's variable (nil when there is none), or at the top of a module
    /// function's code its instance's (`State::instance`).
    #[inline(never)]
    fn ivar(&mut self, name: &str) -> RValue {
        match &self.st.ctx.this {
            This::Template => {}
            This::Object(o) => return o.ivars.borrow().get(name).cloned().unwrap_or_default(),
            This::Class(c) => return c.ivars.borrow().get(name).cloned().unwrap_or_default(),
        }
        if let Some(own) = &self.st.instance {
            return own.borrow().get(name).cloned().unwrap_or_default();
        }
        if let Some(v) = self.st.ivars.get(name) {
            return v.clone();
        }
        if self.st.scope_vars.contains_key(name) {
            return RValue::Nil;
        }
        if self.host.unlisted_variable(name) {
            return RValue::Nil;
        }
        let (key, v) = match self.shared_variable(name, None) {
            Some(found) => found,
            None => (RStr::from(name), RValue::Nil),
        };
        self.st.ivars.insert(key, v.clone());
        v
    }

    /// Makes `v` the Ruby value of the host variable `name` for the render chain (the
    /// object `scope.setvar` was given: nested templates read that object).
    pub fn share_variable(&mut self, name: &str, v: RValue) {
        self.shared_vars().borrow_mut().insert(RStr::from(name), v);
    }

    /// The Ruby value of a host variable (`None` when there is none): the same object
    /// each time it is read during the render chain.
    pub fn host_variable(&mut self, name: &str) -> Option<RValue> {
        self.shared_variable(name, None).map(|(_, v)| v)
    }

    /// [`Interp::host_variable`] of the name a Ruby string holds (`scope['x']`): the map
    /// of variables read keys it by that string's text, shared, not by a copy of it (a
    /// module function reading `closure_scope['facts']` allocated the name at each call).
    pub(crate) fn host_variable_named(&mut self, name: &RStr) -> Option<RValue> {
        self.shared_variable(name, Some(name)).map(|(_, v)| v)
    }

    /// [`Interp::host_variable`], with the name as the render chain's map holds it (`key`:
    /// the name's text as a shared one, when the caller has it).
    fn shared_variable(&mut self, name: &str, key: Option<&RStr>) -> Option<(RStr, RValue)> {
        if let Some(shared) = &self.st.shared {
            if let Some((k, v)) = shared.borrow().get_key_value(name) {
                return Some((k.clone(), v.clone()));
            }
        }
        let v = self.host.variable(name)?;
        let key: RStr = match key {
            Some(k) => k.clone(),
            None => RStr::from(name),
        };
        self.shared_vars()
            .borrow_mut()
            .insert(key.clone(), v.clone());
        Some((key, v))
    }

    fn shared_vars(&mut self) -> &SharedVars {
        let st = &mut **self.st;
        st.shared
            .get_or_insert_with(|| st.spare_shared.take().unwrap_or_default())
    }

    /// Evaluates `n`, a local variable or a literal answered here without `eval`, whose
    /// frame (all of the evaluator's cases) every node it runs pays: many arguments,
    /// receivers and interpolated parts are such leaves. (Not used inside `eval` nor for
    /// a body's statements: there it made templates dearer, `erb` +0.7%.)
    #[inline(always)]
    fn eval_leaf(&mut self, n: &Node) -> R {
        match &n.kind {
            Kind::LVar(name) => {
                if let Some(v) = self.local(name) {
                    return Ok(v.clone());
                }
            }
            Kind::Str(parts) => {
                if let [Part::Lit(l)] = parts.as_slice() {
                    return Ok(RValue::Str(l.clone()));
                }
            }
            Kind::Int(i) => return Ok(RValue::Int(*i)),
            Kind::Nil => return Ok(RValue::Nil),
            Kind::True => return Ok(RValue::Bool(RBool::True)),
            Kind::False => return Ok(RValue::Bool(RBool::False)),
            _ => {}
        }
        self.eval(n)
    }

    pub fn eval(&mut self, n: &Node) -> R {
        let at = n.at;
        Ok(match &n.kind {
            Kind::Nil => RValue::Nil,
            Kind::True => RValue::Bool(RBool::True),
            Kind::False => RValue::Bool(RBool::False),
            Kind::Int(i) => RValue::Int(*i),
            Kind::Float(f) => RValue::Float(RFloat::new(*f)),
            // (a literal without interpolation is its text, shared: strings are values)
            Kind::Str(parts) => match parts.as_slice() {
                [Part::Lit(l)] => RValue::Str(l.clone()),
                _ => RValue::Str(self.interpolate_rc(parts)?),
            },
            Kind::Array(items) => RValue::array(self.list(items)?),
            Kind::IVar(name) => self.ivar(name),
            Kind::Const(name) => self.constant_node(name, at)?,
            // A local the parser has seen assigned before, in a branch not taken: nil.
            Kind::LVar(name) => self.local(name).cloned().unwrap_or_default(),
            // (a bare name the parser did not know as a local is a method's call, as in
            // Ruby, whatever locals of that name the code has made since)
            Kind::Call {
                recv,
                name,
                args,
                block,
                ..
            } => self.call(recv.as_deref(), name, args, block.as_ref(), at)?,
            Kind::Assign(target, value) => {
                let v = self.eval(value)?;
                match &target.kind {
                    Kind::LVar(name) => self.set_local(name, v.clone()),
                    _ => self.assign(target, v.clone())?,
                }
                v
            }
            Kind::And(a, b) => {
                let l = self.eval(a)?;
                if l.truthy() {
                    self.eval(b)?
                } else {
                    l
                }
            }
            Kind::Or(a, b) => {
                let l = self.eval(a)?;
                if l.truthy() {
                    l
                } else {
                    self.eval(b)?
                }
            }
            Kind::Not(e) => RValue::Bool(RBool::new(!self.eval(e)?.truthy())),
            Kind::If(c, then, els) => {
                if self.eval(c)?.truthy() {
                    self.body(then)?
                } else {
                    self.body(els)?
                }
            }
            Kind::Seq(body) => self.body(body)?,
            Kind::Return(v) => {
                let v = match v {
                    Some(v) => self.eval(v)?,
                    None => RValue::Nil,
                };
                return Err(Flow::ret(v));
            }
            Kind::Text(t) => {
                methods::push_checked(&mut self.st.out, t, at)?;
                RValue::Nil
            }
            Kind::Output(e) => {
                let v = self.eval(e)?;
                let s = self.to_s(v, at)?;
                methods::push_checked(&mut self.st.out, &s, at)?;
                RValue::Nil
            }
            // (the rarer kinds out of line: their locals would enlarge the frame every
            // node pays)
            _ => return self.eval_rare(n),
        })
    }

    /// The kinds of node `eval` leaves out of line.
    #[inline(never)]
    fn eval_rare(&mut self, n: &Node) -> R {
        let at = n.at;
        Ok(match &n.kind {
            Kind::SelfRef => match &self.st.ctx.this {
                This::Template => match self.host.self_value() {
                    Some(v) => v,
                    None => return unsupported("'self' (the template object)", at),
                },
                This::Object(o) => RValue::Object(o.clone()),
                This::Class(c) => RValue::Module(c.clone()),
            },
            Kind::Sym(parts) => match parts.as_slice() {
                [Part::Lit(l)] => RValue::Sym(l.clone()),
                _ => RValue::sym(self.interpolate(parts)?),
            },
            Kind::Regex(parts, flags, made) => match parts.as_slice() {
                [] | [Part::Lit(_)] => {
                    if let Some(r) = made.with(|r: &Rc<Regexp>| Some(r.clone())) {
                        return Ok(RValue::Regexp(r));
                    }
                    let src = self.interpolate(parts)?;
                    let r = Rc::new(make_regexp(&src, flags, at)?);
                    made.set(r.clone());
                    RValue::Regexp(r)
                }
                _ => {
                    let src = self.interpolate(parts)?;
                    RValue::Regexp(Rc::new(make_regexp(&src, flags, at)?))
                }
            },
            Kind::Hash(pairs) => {
                let mut h = RHash::default();
                for (k, v) in pairs {
                    let k = self.eval(k)?;
                    let v = self.eval(v)?;
                    h.insert(k, v);
                }
                RValue::hash(h)
            }
            Kind::Range(a, b, excl) => {
                let a = self.eval(a)?;
                let b = self.eval(b)?;
                if !matches!(
                    (&a, &b),
                    (RValue::Int(_), RValue::Int(_))
                        | (RValue::Str(_), RValue::Str(_))
                        | (
                            RValue::Int(_) | RValue::Float(_),
                            RValue::Int(_) | RValue::Float(_)
                        )
                        | (RValue::Nil, _)
                        | (_, RValue::Nil)
                ) && !host_range(&a, &b)
                {
                    return raise("bad value for range", at);
                }
                RValue::Range(Rc::new((a, b, *excl)))
            }
            Kind::GVar(name) => self.gvar(name, at)?,
            Kind::ScopedConst(base, name) => {
                let base = self.eval(base)?;
                self.scoped_constant(base, name, at)?
            }
            Kind::Splat(_) => return unsupported("a splat outside of an argument list", at),
            Kind::MultiAssign(targets, value) => self.multi_assign(targets, value)?,
            Kind::OpAssign(target, op, value) => {
                let current = match &target.kind {
                    Kind::LVar(n)
                    | Kind::Call {
                        name: n,
                        vcall: true,
                        ..
                    } => self.local(n).cloned().unwrap_or_default(),
                    _ => self.eval(target)?,
                };
                let v = match op.as_str() {
                    "||" if current.truthy() => return Ok(current),
                    "||" => self.eval(value)?,
                    "&&" if !current.truthy() => return Ok(current),
                    "&&" => self.eval(value)?,
                    _ => {
                        let rhs = self.eval(value)?;
                        methods::call(self, current, M::of(op), op, vec![rhs], None, at)?
                    }
                };
                self.assign(target, v.clone())?;
                v
            }
            Kind::Defined(e) => self.defined(e)?,
            Kind::While(c, body, until) | Kind::DoWhile(c, body, until) => {
                let mut first = matches!(n.kind, Kind::DoWhile(..));
                loop {
                    self.step(at)?;
                    if !std::mem::take(&mut first) && self.eval(c)?.truthy() == *until {
                        break;
                    }
                    match self.body(body) {
                        Ok(_) => {}
                        Err(f) if f.is_next() => {}
                        // (`break v` is the loop's value)
                        Err(f) if f.is_break() => return Ok(f.into_value()),
                        Err(e) => return Err(e),
                    }
                }
                RValue::Nil
            }
            Kind::For(names, iter, body) => {
                let coll = self.eval(iter)?;
                let items = methods::enumerable::items(&coll, at)?;
                for item in items {
                    self.step(at)?;
                    self.bind_for(names, item);
                    match self.body(body) {
                        Ok(_) => {}
                        Err(f) if f.is_next() => {}
                        Err(f) if f.is_break() => return Ok(f.into_value()),
                        Err(e) => return Err(e),
                    }
                }
                coll
            }
            Kind::Case(subject, whens, els) => {
                self.case(subject.as_deref(), whens, els.as_deref())?
            }
            // (a StandardError only, as Ruby's: not the memory limit's NoMemoryError)
            Kind::Rescue(e, fallback) => match self.eval(e) {
                Err(f)
                    if f.error().is_some_and(|e| {
                        matches!(e, RubyError::Raised { class, .. }
                        if self.exception_is_a(class, "StandardError"))
                    }) =>
                {
                    let e = f.into_error()?;
                    let RubyError::Raised { class, message, .. } = *e else {
                        return Err(Flow::from(e));
                    };
                    let e = RValue::Exception(Rc::new((class, message)));
                    self.handling(e, |it| it.eval(fallback))?
                }
                other => other?,
            },
            Kind::Lambda(block, lambda) => self.proc_here(block, *lambda),
            Kind::Def(def) => self.define_method(def, at)?,
            Kind::ClassDef(def) => self.class_def(def, at)?,
            Kind::Yield(args) => {
                let args = self.list(args)?;
                self.yield_given(args, at)?
            }
            Kind::Super(args) => self.call_super(args.as_deref(), at)?,
            Kind::Begin(b) => self.begin_block(b)?,
            Kind::Next(v) => {
                let v = match v {
                    Some(v) => self.eval(v)?,
                    None => RValue::Nil,
                };
                return Err(Flow::next(v));
            }
            Kind::Break(v) => {
                let v = match v {
                    Some(v) => self.eval(v)?,
                    None => RValue::Nil,
                };
                return Err(Flow::brk(v));
            }
            // (the kinds `eval` answers itself)
            _ => return self.eval(n),
        })
    }

    /// `to_s` as a method call would give it.
    pub fn to_s(&mut self, v: RValue, at: usize) -> R<String> {
        if let RValue::Object(o) = &v {
            if let Some((m, owner)) = o.class.find_method("to_s") {
                let this = This::Object(o.clone());
                if let RValue::Str(ref s) = self.invoke(&m, Some(owner), this, vec![], None, at)? {
                    return Ok(s.to_string());
                }
            }
        }
        methods::grow_shown(&v, at)?;
        Ok(to_s(&v))
    }

    fn interpolate(&mut self, parts: &[Part]) -> R<String> {
        // (room for the literal parts and a short value or two: no growing on the way)
        let literal: usize = parts
            .iter()
            .map(|p| match p {
                Part::Lit(l) => l.len(),
                Part::Code(_) => 16,
            })
            .sum();
        let mut s = String::with_capacity(literal);
        self.interpolate_into(&mut s, parts)?;
        Ok(s)
    }

    /// An interpolated string as a string value: written into the thread's scratch
    /// buffer, then copied once into its `RStr` (a new `String` each time cost an
    /// allocation more).
    fn interpolate_rc(&mut self, parts: &[Part]) -> R<RStr> {
        self.interpolated(|it, s| it.interpolate_into(s, parts))
    }

    /// The string `write` writes, written into the thread's scratch buffer (see
    /// `interpolate_rc`).
    #[inline]
    pub(super) fn interpolated(
        &mut self,
        write: impl FnOnce(&mut Self, &mut String) -> R<()>,
    ) -> R<RStr> {
        // (a nested interpolation finds the buffer taken and uses a new one)
        let mut s = SCRATCH.take();
        s.clear();
        let r = write(self, &mut s).map(|()| RStr::from(s.as_str()));
        if s.capacity() <= SCRATCH_ROOM {
            SCRATCH.set(s);
        }
        r
    }

    fn interpolate_into(&mut self, s: &mut String, parts: &[Part]) -> R<()> {
        for p in parts {
            match p {
                Part::Lit(l) => methods::push_checked(s, l, 0)?,
                Part::Code(n) => {
                    let v = self.eval_leaf(n)?;
                    self.push_interpolated(s, v, n.at)?;
                }
            }
        }
        Ok(())
    }

    /// Appends an interpolated part's value (its `to_s`) to `s`.
    #[inline]
    pub(super) fn push_interpolated(&mut self, s: &mut String, v: RValue, at: usize) -> R<()> {
        match v {
            // a string is its own `to_s`: no copy made on the way
            RValue::Str(ref v) => methods::push_checked(s, v, at),
            // (Ruby's result would be binary: `+` joins binary strings)
            RValue::Bytes(_) => unsupported("interpolating a binary string (not UTF-8)", at),
            v => {
                let piece = self.to_s(v, at)?;
                methods::push_checked(s, &piece, at)
            }
        }
    }

    /// Evaluates a list, spreading `*splat`s.
    pub fn list(&mut self, items: &[Node]) -> R<Vec<RValue>> {
        if items.is_empty() {
            return Ok(Vec::new());
        }
        let mut out = self.st.args_list(items.len());
        for i in items {
            if let Kind::Splat(e) = &i.kind {
                match self.eval(e)? {
                    RValue::Array(ref a) => out.extend(a.borrow().iter().cloned()),
                    RValue::Nil => {}
                    RValue::Hash(ref h) => out.extend(
                        h.borrow()
                            .iter()
                            .map(|(k, v)| RValue::array(smallvec::smallvec![k.clone(), v.clone()])),
                    ),
                    other => out.push(other),
                }
            } else {
                out.push(self.eval_leaf(i)?);
            }
        }
        Ok(out)
    }

    fn assign(&mut self, target: &Node, v: RValue) -> R<()> {
        match &target.kind {
            Kind::LVar(n)
            | Kind::Call {
                name: n,
                vcall: true,
                ..
            } => self.set_local(n, v),
            Kind::IVar(n) => match &self.st.ctx.this {
                This::Template => match &self.st.instance {
                    Some(own) => {
                        own.borrow_mut().insert(RStr::from(n.as_str()), v);
                    }
                    None => {
                        self.st.ivars.insert(RStr::from(n.as_str()), v);
                    }
                },
                This::Object(o) => o.ivars.borrow_mut().set(n, v),
                This::Class(c) => c.ivars.borrow_mut().set(n, v),
            },
            Kind::Const(n) => self.assign_constant(n, v, target.at)?,
            Kind::GVar(_) => return unsupported("assigning a global variable", target.at),
            Kind::Call {
                recv: Some(recv),
                name,
                args,
                ..
            } if &**name == "[]" => {
                let r = self.eval(recv)?;
                let mut a = self.list(args)?;
                a.push(v);
                match &r {
                    RValue::Str(s) => self.set_in_string(s, recv, a, target.at)?,
                    _ => {
                        methods::call_id(self, r, M::op_aset, a, None, target.at)?;
                    }
                }
            }
            // `obj.attr = v`: the method `attr=`
            Kind::Call {
                recv: Some(recv),
                name,
                args,
                ..
            } if args.is_empty() => {
                let setter = format!("{name}=");
                if matches!(recv.kind, Kind::SelfRef) && matches!(self.st.ctx.this, This::Template)
                {
                    self.self_call(M::of(&setter), &setter, vec![v], None, target.at)?;
                } else {
                    let r = self.eval(recv)?;
                    methods::call(self, r, M::of(&setter), &setter, vec![v], None, target.at)?;
                }
            }
            _ => return unsupported("this assignment target", target.at),
        }
        Ok(())
    }

    fn bind_for(&mut self, names: &[Name], item: RValue) {
        if names.len() == 1 {
            self.set_local(&names[0], item);
            return;
        }
        let parts = match &item {
            RValue::Array(a) => a.borrow().to_vec(),
            other => vec![other.clone()],
        };
        for (i, n) in names.iter().enumerate() {
            self.set_local(n, parts.get(i).cloned().unwrap_or_default());
        }
    }

    pub(crate) fn gvar(&mut self, name: &str, at: usize) -> R {
        let group = |c: &Option<Rc<Captures>>, i: usize| {
            c.as_ref()
                .and_then(|c| c.get(i).cloned().flatten())
                .map(RValue::str)
                .unwrap_or_default()
        };
        Ok(match name {
            "~" => match self.st.last_match.clone() {
                Some(c) => {
                    let around = self
                        .st
                        .last_match_text
                        .as_ref()
                        .map(|(s, a, b)| (RStr::from(&s[..*a]), RStr::from(&s[*b..])));
                    let info = crate::value::MatchInfo {
                        names: self
                            .st
                            .last_match_names
                            .as_deref()
                            .cloned()
                            .unwrap_or_default(),
                        around,
                    };
                    RValue::Match(Rc::new(crate::value::MatchData { caps: c, info }))
                }
                None => RValue::Nil,
            },
            "!" => self.st.handled.clone().unwrap_or_default(),
            "&" => group(&self.st.last_match, 0),
            "`" | "'" if self.st.last_match.is_none() => RValue::Nil,
            "`" | "'" => match &self.st.last_match_text {
                Some((s, a, b)) => RValue::str(if name == "`" { &s[..*a] } else { &s[*b..] }),
                None => return unsupported(format!("${name} after this match"), at),
            },
            d if d.chars().all(|c| c.is_ascii_digit()) => {
                group(&self.st.last_match, d.parse().unwrap_or(0))
            }
            // (`$LOAD_PATH.unshift(File.join(File.dirname(__FILE__), '..'))`, elasticsearch's
            // `es_plugin_name`: `require` finds the modules' `lib` files without it; a fresh
            // array at each read, which nothing reads back)
            "LOAD_PATH" | ":" | "LOADED_FEATURES" | "\"" => RValue::array(Vec::new()),
            "stdout" => crate::methods::output::stream_value(crate::host::Stream::Stdout),
            "stderr" => crate::methods::output::stream_value(crate::host::Stream::Stderr),
            _ => return unsupported(format!("global variable ${name}"), at),
        })
    }

    fn defined(&mut self, e: &Node) -> R {
        let what = match &e.kind {
            Kind::IVar(n) => {
                // The reference makes an instance variable of each variable of the scope
                // with a value: one that is undef is not defined.
                let known = match &self.st.ctx.this {
                    This::Template => match &self.st.instance {
                        Some(own) => own.borrow().contains_key(n.as_str()),
                        None => {
                            self.st.ivars.contains_key(n.as_str())
                                || self.host.has_variable(n, true)
                        }
                    },
                    This::Object(o) => o.ivars.borrow().get(n).is_some(),
                    This::Class(c) => c.ivars.borrow().get(n).is_some(),
                };
                known.then_some("instance-variable")
            }
            Kind::LVar(_) => Some("local-variable"),
            Kind::Call {
                vcall: true, name, ..
            } => matches!(
                &**name,
                "scope"
                    | "format"
                    | "sprintf"
                    | "raise"
                    | "puts"
                    | "print"
                    | "p"
                    | "loop"
                    | "lambda"
                    | "proc"
                    | "require"
                    | "fail"
                    | "Integer"
                    | "Float"
                    | "String"
                    | "Array"
                    | "rand"
                    | "sleep"
            )
            .then_some("method"),
            // (a constant the reference's Ruby has and the subset lacks is defined there)
            Kind::Const(c) => match self.constant(c, e.at) {
                Ok(_) => Some("constant"),
                Err(f) if matches!(f.error(), Some(RubyError::Unsupported { .. })) => {
                    unknown_constant::in_reference(c.strip_prefix("::").unwrap_or(c))
                        .then_some("constant")
                }
                Err(_) => None,
            },
            Kind::GVar(_) => Some("global-variable"),
            // (`defined?(self::X)`: nil where evaluating it raises, as Ruby's)
            Kind::ScopedConst(..) => match self.eval(e) {
                Ok(_) => Some("constant"),
                Err(f) if matches!(f.error(), Some(RubyError::Raised { .. })) => None,
                Err(other) => return Err(other),
            },
            Kind::Nil => Some("expression"),
            Kind::SelfRef => Some("self"),
            Kind::True | Kind::False => Some("expression"),
            Kind::Assign(..) | Kind::OpAssign(..) | Kind::MultiAssign(..) => Some("assignment"),
            Kind::Call { recv: Some(r), .. } => match self.eval(r) {
                Ok(_) => Some("method"),
                Err(f) if matches!(f.error(), Some(RubyError::Raised { .. })) => None,
                Err(other) => return Err(other),
            },
            _ => Some("expression"),
        };
        Ok(what.map(RValue::str).unwrap_or_default())
    }

    fn case(
        &mut self,
        subject: Option<&Node>,
        whens: &[crate::ast::When],
        els: Option<&[Node]>,
    ) -> R {
        let subject = match subject {
            Some(s) => Some(self.eval(s)?),
            None => None,
        };
        // Each test is evaluated when its turn comes, as Ruby does: `when Array, Hash`
        // stops at the first that matches, and makes no list of the tests.
        for w in whens {
            let at = w.tests.first().map_or(0, |t| t.at);
            for t in &w.tests {
                let hit = if let Kind::Splat(_) = t.kind {
                    // `when *list`: each item of the list in turn
                    let items = self.list(std::slice::from_ref(t))?;
                    let mut hit = false;
                    for v in &items {
                        if self.case_hit(subject.as_ref(), v, at)? {
                            hit = true;
                            break;
                        }
                    }
                    self.st.keep_args(items);
                    hit
                } else {
                    let v = self.eval_leaf(t)?;
                    self.case_hit(subject.as_ref(), &v, at)?
                };
                if hit {
                    return self.body(&w.body);
                }
            }
        }
        match els {
            Some(body) => self.body(body),
            None => Ok(RValue::Nil),
        }
    }

    /// Whether a `when` test's value matches the subject (`===`), or is true when the
    /// `case` has none.
    fn case_hit(&mut self, subject: Option<&RValue>, test: &RValue, at: usize) -> R<bool> {
        match subject {
            Some(s) => methods::case_eq(self, test, s, at),
            None => Ok(test.truthy()),
        }
    }

    fn call(
        &mut self,
        recv: Option<&Node>,
        name: &Name,
        args: &[Node],
        block: Option<&Rc<Block>>,
        at: usize,
    ) -> R {
        // `self.name` at the template's top calls the template's own methods
        let recv = recv.filter(|r| {
            !(matches!(r.kind, Kind::SelfRef) && matches!(self.st.ctx.this, This::Template))
        });
        let recv_node = recv;
        // `x.nil?`, `a[i]`, `h[k]` of a local variable: answered on the variable's value in
        // place (`&.` calls go the general way: their nil receiver answers nil)
        if let (Some(r), None, 0 | 1) = (recv, block, args.len()) {
            if let Kind::LVar(var) = &r.kind {
                if name.as_bytes().first() != Some(&b'&') {
                    if let Some(v) = self.quick_local_call(var, name.id(), args)? {
                        return Ok(v);
                    }
                }
            }
        }
        let (recv, safe) = match recv {
            Some(r) => {
                let v = match scope_hash::to_hash_of(r) {
                    Some(inner)
                        if args.len() == 1
                            && block.is_none()
                            && scope_hash::is_hash_read(name.id()) =>
                    {
                        match self.scope_hash_read(inner, name.id(), &args[0], r.at)? {
                            scope_hash::HashRead::Answered(v) => return Ok(v),
                            scope_hash::HashRead::Receiver(v) => v,
                        }
                    }
                    _ => match self.quick_receiver(r)? {
                        Some(v) => v,
                        None => self.eval_leaf(r)?,
                    },
                };
                match safe_call(name, &v) {
                    Some(safe) => (Some(v), safe),
                    None => return Ok(RValue::Nil),
                }
            }
            None => (None, false),
        };
        self.call_on(recv, recv_node, safe, name, args, block, at)
    }

    /// The call of `name` on `v`, the value of the receiver `r` (`&.name` of nil is nil).
    #[inline(never)]
    fn call_on_value(&mut self, v: RValue, r: &Node, name: &Name, args: &[Node], at: usize) -> R {
        match safe_call(name, &v) {
            Some(safe) => self.call_on(Some(v), Some(r), safe, name, args, None, at),
            None => Ok(RValue::Nil),
        }
    }

    /// The rest of a call once its receiver is known (`None`: self's method or a
    /// function), `recv_node` the receiver's node, `safe` for `&.name`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn call_on(
        &mut self,
        recv: Option<RValue>,
        recv_node: Option<&Node>,
        safe: bool,
        name: &Name,
        args: &[Node],
        block: Option<&Rc<Block>>,
        at: usize,
    ) -> R {
        // The commonest core methods of core values, without an argument list
        // (`methods::quick`, out of line: `eval`, into which this is inlined, stays small)
        if let (Some(r), None, 0 | 1) = (&recv, block, args.len()) {
            if methods::quick::takes(r) {
                if let Some(v) = self.quick_call(r, name.id(), args)? {
                    return Ok(v);
                }
            }
        }
        let args = self.list(args)?;
        self.call_on_list(recv, recv_node, safe, name, args, block, at)
    }

    /// [`Interp::call_on`] once the arguments are evaluated (`args`; by a compiled site,
    /// which tried the quick paths itself).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(crate) fn call_on_list(
        &mut self,
        recv: Option<RValue>,
        recv_node: Option<&Node>,
        safe: bool,
        name: &Name,
        args: Vec<RValue>,
        block: Option<&Rc<Block>>,
        at: usize,
    ) -> R {
        let id = name.id();
        let name = if safe { &name[2..] } else { &**name };
        // `m(&blk)`: `blk` evaluated after the arguments (a nil `blk` passes no block; the
        // quick paths above take no block, this one included)
        let block = match block {
            Some(b) if b.passed.is_some() => self.pass_block(b)?,
            other => other,
        };
        // `out << "text"`, `s.strip!`, ...: the string's place gets the changed string
        // (`mutate`; the receiver's test first: a string receiver is common, a change rare)
        if let (Some(RValue::Str(s)), Some(r)) = (&recv, recv_node) {
            if let Some(change) = mutate::Change::of(id) {
                return self.change_string(s, r, (change, name), args, block, at);
            }
        }
        let result = match recv {
            Some(r) => methods::call(self, r, id, name, args, block, at),
            None => self.self_call(id, name, args, block, at),
        };
        match result {
            Err(f) if block.is_some() && f.is_break() => Ok(f.into_value()),
            other => other,
        }
    }

    /// `&expr` passed as a block: `expr` evaluated once (as Ruby does, not at each call of
    /// the block), its value kept in the innermost scope as the hidden local the block's
    /// body calls; no block when it is nil.
    #[inline(never)]
    fn pass_block<'b>(&mut self, b: &'b Rc<Block>) -> R<Option<&'b Rc<Block>>> {
        let (Some(e), Some(name)) = (b.passed(), b.passed_name()) else {
            return Ok(Some(b));
        };
        let v = self.eval(e)?;
        if matches!(v, RValue::Nil) {
            return Ok(None);
        }
        match self.st.ctx.locals.last_mut() {
            Some(scope) => scope.insert(name.clone(), v),
            None => {
                let mut scope = Scope::default();
                scope.define(name.clone(), v);
                self.st.ctx.locals.push(scope);
            }
        }
        Ok(Some(b))
    }

    /// A call of `methods::quick` (no block, no argument or one): its answer, or `None`
    /// for the general path. The argument is evaluated here only when that has no effect
    /// (a literal, a local variable, a constant): the general path evaluates it again.
    #[inline(never)]
    fn quick_call(&mut self, recv: &RValue, id: M, args: &[Node]) -> R<Option<RValue>> {
        let [arg] = args else {
            return Ok(methods::quick::call0(recv, id));
        };
        let konst = self.quick_constant(arg)?;
        let mut literal = RValue::Nil;
        let Some(v) = self.quick_arg(arg, konst.as_ref(), &mut literal) else {
            return Ok(None);
        };
        Ok(methods::quick::call1(recv, id, v))
    }

    /// [`Interp::quick_call`] of a local variable's value, borrowed where it is (no copy of
    /// the receiver made and dropped, nor of an argument that is a variable); `None` when
    /// the variable is not one `methods::quick` takes, or is not defined (nil, or a
    /// method call: the general path's).
    #[inline(never)]
    fn quick_local_call(&mut self, var: &Name, id: M, args: &[Node]) -> R<Option<RValue>> {
        let konst = match args {
            [arg] => self.quick_constant(arg)?,
            _ => None,
        };
        // (reading variables has no effect: the receiver may be read after a constant
        // argument was looked up)
        let Some(recv) = self.local(var) else {
            return Ok(None);
        };
        if !methods::quick::takes(recv) {
            return Ok(None);
        }
        let [arg] = args else {
            return Ok(methods::quick::call0(recv, id));
        };
        let mut literal = RValue::Nil;
        let Some(v) = self.quick_arg(arg, konst.as_ref(), &mut literal) else {
            return Ok(None);
        };
        Ok(methods::quick::call1(recv, id, v))
    }

    /// A receiver that is itself a quick call on a local variable (`args[0].to_s`,
    /// `arguments.size == 2`, `(item - array).empty?`), answered by `quick_local_call`
    /// without `eval` and `call` for it (their frames and dispatch, ~130 instructions);
    /// `None` for any other receiver, or when the quick path does not answer (the caller
    /// evaluates it then: looking up a constant argument again, as `quick_call` does, is
    /// the only work done twice, and it has no effect).
    #[inline(always)]
    fn quick_receiver(&mut self, r: &Node) -> R<Option<RValue>> {
        let Kind::Call {
            recv: Some(inner),
            name,
            args,
            block: None,
            ..
        } = &r.kind
        else {
            return Ok(None);
        };
        if args.len() > 1 || name.as_bytes().first() == Some(&b'&') {
            return Ok(None);
        }
        match &inner.kind {
            Kind::LVar(var) => self.quick_local_call(var, name.id(), args),
            Kind::Call {
                recv: Some(_),
                block: None,
                ..
            } => self.quick_chain(inner, r, name, args),
            _ => Ok(None),
        }
    }

    /// [`Interp::quick_receiver`] of a call whose receiver `inner` is itself such a
    /// receiver (`args[0].to_s` in `args[0].to_s.empty?`): `None` when `inner` is not
    /// answered that way (which had no effect: the caller evaluates `r` as usual); else
    /// `r`'s value, through the general path with `inner`'s value when the quick one
    /// does not answer (`inner` ran once, and may have had an effect: `a.delete(x).foo`).
    #[inline(never)]
    fn quick_chain(
        &mut self,
        inner: &Node,
        r: &Node,
        name: &Name,
        args: &[Node],
    ) -> R<Option<RValue>> {
        let Some(v) = self.quick_receiver(inner)? else {
            return Ok(None);
        };
        if methods::quick::takes(&v) {
            if let Some(answer) = self.quick_call(&v, name.id(), args)? {
                return Ok(Some(answer));
            }
        }
        self.call_on_value(v, inner, name, args, r.at).map(Some)
    }

    /// A quick call's argument that is a constant, looked up (the only kind of argument
    /// whose value needs `&mut self`).
    #[inline(always)]
    fn quick_constant(&mut self, arg: &Node) -> R<Option<RValue>> {
        match &arg.kind {
            Kind::Const(c) => self.constant_node(c, arg.at).map(Some),
            _ => Ok(None),
        }
    }

    /// A quick call's argument: a local variable's value where it is, a literal made in
    /// `literal`, or the constant `konst` already looked up; `None` for any other
    /// expression (or a name that is not a defined variable).
    #[inline(always)]
    fn quick_arg<'a>(
        &'a self,
        arg: &Node,
        konst: Option<&'a RValue>,
        literal: &'a mut RValue,
    ) -> Option<&'a RValue> {
        *literal = match &arg.kind {
            Kind::LVar(name) => return self.local(name),
            Kind::Const(_) => return konst,
            Kind::Str(parts) => match parts.as_slice() {
                [Part::Lit(l)] => RValue::Str(l.clone()),
                _ => return None,
            },
            Kind::Sym(parts) => match parts.as_slice() {
                [Part::Lit(l)] => RValue::Sym(l.clone()),
                _ => return None,
            },
            Kind::Int(i) => RValue::Int(*i),
            Kind::Nil => RValue::Nil,
            _ => return None,
        };
        Some(literal)
    }

    /// Calls a block with the given arguments (an array spreads over several parameters).
    /// `a, *rest, z = value` (kept out of `eval`, whose frame every nested expression pays).
    #[inline(never)]
    fn multi_assign(&mut self, targets: &[Node], value: &Node) -> R {
        let v = self.eval(value)?;
        let items = match &v {
            RValue::Array(a) => a.borrow().to_vec(),
            other => vec![other.clone()],
        };
        // `a, *rest, z = ...`: the splat takes what the others leave
        let splat = targets
            .iter()
            .position(|t| matches!(t.kind, Kind::Splat(_)));
        for (i, t) in targets.iter().enumerate() {
            match (&t.kind, splat) {
                (Kind::Splat(inner), _) => {
                    let after = targets.len() - i - 1;
                    let end = items.len().saturating_sub(after).max(i);
                    let rest = items.get(i..end).map(<[RValue]>::to_vec);
                    self.assign(inner, RValue::array(rest.unwrap_or_default()))?;
                }
                (_, Some(k)) if i > k => {
                    let from_end = targets.len() - i;
                    let v = items
                        .len()
                        .checked_sub(from_end)
                        .filter(|j| *j >= k)
                        .and_then(|j| items.get(j).cloned());
                    self.assign(t, v.unwrap_or_default())?;
                }
                _ => self.assign(t, items.get(i).cloned().unwrap_or_default())?,
            }
        }
        Ok(v)
    }

    /// `begin ... rescue ... else ... ensure ... end`: a Ruby exception (not a syntax error
    /// nor unsupported Ruby) raised by the body goes to the first clause whose class matches.
    /// The memory limit's `NoMemoryError` is not rescued (it is the session's limit, as
    /// for Puppet code, not the Ruby code's to handle).
    #[inline(never)]
    fn begin_block(&mut self, b: &BeginBlock) -> R {
        self.begin_with(b, |it, part| match part {
            BeginPart::Body => it.body(&b.body),
            BeginPart::Rescue(i) => it.body(&b.rescues[i].body),
            BeginPart::Else => it.body(b.otherwise.as_deref().unwrap_or_default()),
            BeginPart::Ensure => it.body(b.ensure.as_deref().unwrap_or_default()),
        })
    }

    /// [`Interp::begin_block`] with its parts run by `run` (the tree walked, or the
    /// compiled form's bodies: `eval::compiled`).
    #[inline]
    pub(super) fn begin_with(
        &mut self,
        b: &BeginBlock,
        run: impl Fn(&mut Self, BeginPart) -> R,
    ) -> R {
        let result = match run(self, BeginPart::Body) {
            Err(f) if matches!(f.error(), Some(RubyError::Raised { class, .. }) if class != "NoMemoryError") =>
            {
                let e = f.into_error()?;
                let RubyError::Raised { message, at, class } = *e else {
                    return Err(Flow::from(e));
                };
                let mut handled = None;
                for (i, clause) in b.rescues.iter().enumerate() {
                    let mut hit =
                        clause.classes.is_empty() && self.exception_is_a(&class, "StandardError");
                    for k in &clause.classes {
                        // `rescue *list`: each class of the list
                        let given = match &k.kind {
                            Kind::Splat(list) => match self.eval(list)? {
                                RValue::Array(ref a) => a.borrow().to_vec(),
                                other => vec![other],
                            },
                            _ => vec![self.eval(k)?],
                        };
                        for v in given {
                            match v {
                                RValue::Class(ref name) if self.exception_is_a(&class, name) => {
                                    hit = true
                                }
                                RValue::Module(ref m) if self.exception_is_a(&class, &m.name) => {
                                    hit = true
                                }
                                RValue::Module(_) => {}
                                RValue::Class(_) => {}
                                other => {
                                    return raise(
                                        format!(
                                            "class or module required for rescue clause (got {})",
                                            other.class_name()
                                        ),
                                        k.at,
                                    )
                                }
                            }
                        }
                    }
                    if hit {
                        handled = Some((i, clause));
                        break;
                    }
                }
                match handled {
                    Some((i, clause)) => {
                        let e = RValue::Exception(Rc::new((class, message)));
                        if let Some(var) = &clause.var {
                            self.set_local(var, e.clone());
                        }
                        self.handling(e, |it| run(it, BeginPart::Rescue(i)))
                    }
                    None => Err(Flow::from(RubyError::Raised { message, at, class })),
                }
            }
            Ok(v) => match &b.otherwise {
                Some(_) => run(self, BeginPart::Else),
                None => Ok(v),
            },
            other => other,
        };
        if b.ensure.is_some() {
            run(self, BeginPart::Ensure)?;
        }
        result
    }

    /// Runs `f` (a `rescue` clause) with `e` as the exception being handled (`$!`), the
    /// one handled around it again afterwards (nil outside any), as Ruby's `$!`.
    #[cold]
    fn handling<T>(&mut self, e: RValue, f: impl FnOnce(&mut Self) -> T) -> T {
        let outer = self.st.handled.replace(e);
        let r = f(self);
        self.st.handled = outer;
        r
    }

    /// Calls a block with the given arguments, held in place: a core method's block call
    /// (`each`, `map`, `reduce`) allocates no list for them.
    #[inline]
    pub fn yield_block<const N: usize>(&mut self, block: &Block, mut args: [RValue; N]) -> R {
        self.yield_values(block, &mut args)
    }

    /// [`Interp::yield_block`] with the arguments in a list (`yield`, a proc's call).
    pub fn yield_vec(&mut self, block: &Block, mut args: Vec<RValue>) -> R {
        self.yield_values(block, &mut args)
    }

    /// Calls a block, its arguments taken out of `args` (an array spreads over several
    /// parameters).
    fn yield_values(&mut self, block: &Block, args: &mut [RValue]) -> R {
        let at = block.body.first().map_or(0, |n| n.at);
        self.step(at)?;
        if !block.outer.is_empty() {
            self.declare_outer(&block.outer);
        }
        // (the scope made live in place: see `Locals`)
        let scope = self.st.ctx.locals.enter();
        scope.own_names(&block.own);
        let take = |v: &mut RValue| std::mem::replace(v, RValue::Nil);
        match (&block.params[..], &mut *args) {
            // A plain block (`{ |x| ... }`, `do |d, k| ... end`) given an argument for
            // each parameter (or more: the rest are not its): each bound as it comes,
            // moved (what the general binding below does for them, without its loop).
            ([], _) => {}
            ([Param::Name(a)], [v, ..]) => scope.define(a.clone(), take(v)),
            ([Param::Name(a), Param::Name(b)], [v, w, ..]) => {
                scope.define(a.clone(), take(v));
                scope.define(b.clone(), take(w));
            }
            (params, _) if block.has_optional() => {
                let defaults = bind_with_optional(scope, params, args);
                // (each default evaluated in the block's scope once the arguments are
                // bound, in order: a default may read an earlier parameter)
                for i in defaults {
                    if let Param::Opt(name, default) = &params[i] {
                        let v = match self.eval(default) {
                            Ok(v) => v,
                            Err(e) => {
                                self.st.ctx.locals.leave();
                                return Err(e);
                            }
                        };
                        if let Some(scope) = self.st.ctx.locals.last_mut() {
                            match scope.get_mut(name) {
                                Some(slot) => *slot = v,
                                None => scope.define(name.clone(), v),
                            }
                        }
                    }
                }
            }
            (params, args) => bind_block_params(scope, params, args),
        }
        let r = self.run_compiled(&block.body, &block.compiled, &block.own);
        self.st.ctx.locals.leave();
        match r {
            Err(f) if f.is_next() => Ok(f.into_value()),
            other => other,
        }
    }

    /// Defines (nil) in the scope around a block the locals of the code around it that it
    /// assigns and that are still missing (their assignment has not run): the block's
    /// assignment is then the enclosing scope's, as in Ruby, not a local of its own.
    #[inline(never)]
    fn declare_outer(&mut self, names: &[Name]) {
        for n in names {
            if self.local_around(n).is_none() {
                match self.st.ctx.locals.last_mut() {
                    Some(around) => around.define(n.clone(), RValue::Nil),
                    None => {
                        let mut scope = Scope::default();
                        scope.define(n.clone(), RValue::Nil);
                        self.st.ctx.locals.push(scope);
                    }
                }
            }
        }
    }

    /// `inspect` (a hook for objects whose form depends on the interpreter).
    pub fn inspect(&self, v: &RValue) -> String {
        inspect(v)
    }
}

/// A part of `begin ... end` (`Interp::begin_with`): the body, the `i`th rescue clause's
/// body, the `else` or the `ensure` clause.
#[derive(Clone, Copy)]
pub(super) enum BeginPart {
    Body,
    Rescue(usize),
    Else,
    Ensure,
}

/// Whether a call of `name` on `v` is a safe call (`&.name`), by the name's bytes (a call
/// to compare texts cost more); `None` for a safe call on nil, which is nil.
#[inline(always)]
fn safe_call(name: &Name, v: &RValue) -> Option<bool> {
    match name.as_bytes() {
        [b'&', b'.', ..] if matches!(v, RValue::Nil) => None,
        [b'&', b'.', ..] => Some(true),
        _ => Some(false),
    }
}

/// Binds a block's parameters to its arguments, taken out of `args` (an array spreads over
/// several parameters).
#[inline(never)]
fn bind_block_params(scope: &mut defs::Scope, params: &[Param], args: &mut [RValue]) {
    let mut spread;
    let args = match &*args {
        [RValue::Array(a)] if params.len() > 1 => {
            spread = a.borrow().clone();
            &mut spread[..]
        }
        _ => args,
    };
    for (i, p) in params.iter().enumerate() {
        if let Param::Rest(rest) = p {
            let from = i.min(args.len());
            bind_rest(scope, rest, &params[i + 1..], &mut args[from..]);
            break;
        }
        let v = match args.get_mut(i) {
            Some(v) => std::mem::replace(v, RValue::Nil),
            None => RValue::Nil,
        };
        bind_param(scope, p, v);
    }
}

/// Binds the parameters of a block with optional ones (`|a, b = 4, c = 0, d|`) as Ruby
/// does: the required ones (before and after the optional ones) take the first and last
/// arguments, the optional ones what is left between, in order, then a `*rest` the others.
/// Gives the optional parameters left without an argument (their defaults to evaluate).
#[inline(never)]
fn bind_with_optional(
    scope: &mut defs::Scope,
    params: &[Param],
    args: &mut [RValue],
) -> Vec<usize> {
    let mut spread;
    let args = match &*args {
        [RValue::Array(a)] if params.len() > 1 => {
            spread = a.borrow().clone();
            &mut spread[..]
        }
        _ => args,
    };
    let required = |p: &Param| matches!(p, Param::Name(_) | Param::Nested(_));
    let rest_at = params.iter().position(|p| matches!(p, Param::Rest(_)));
    let last_opt = params.iter().rposition(|p| matches!(p, Param::Opt(..)));
    // the required parameters after the optional ones and the splat take the last arguments
    let post_from = rest_at.max(last_opt).map_or(params.len(), |i| i + 1);
    let pre = params[..post_from].iter().filter(|p| required(p)).count();
    let post = params.len() - post_from;
    let mut spare = args.len().saturating_sub(pre + post);
    let post_args = args.len().saturating_sub(post).max(pre.min(args.len()));
    let mut next = 0;
    let take = |args: &mut [RValue], next: &mut usize| {
        let v = match args.get_mut(*next) {
            Some(v) if *next < post_args => std::mem::replace(v, RValue::Nil),
            _ => RValue::Nil,
        };
        *next += 1;
        v
    };
    let mut defaults = Vec::new();
    for (i, p) in params[..post_from].iter().enumerate() {
        match p {
            Param::Opt(name, _) if spare > 0 => {
                spare -= 1;
                scope.define(name.clone(), take(args, &mut next));
            }
            Param::Opt(name, _) => {
                scope.define(name.clone(), RValue::Nil);
                defaults.push(i);
            }
            Param::Rest(name) => {
                let n = spare;
                spare = 0;
                let from = next.min(args.len());
                let to = (next + n).min(args.len());
                let items: Vec<RValue> = args[from..to]
                    .iter_mut()
                    .map(|v| std::mem::replace(v, RValue::Nil))
                    .collect();
                next = to;
                if !name.is_empty() {
                    scope.define(name.clone(), RValue::array(items));
                }
            }
            p => {
                let v = take(args, &mut next);
                bind_param(scope, p, v);
            }
        }
    }
    for (j, p) in params[post_from..].iter().enumerate() {
        let v = args
            .get_mut(post_args + j)
            .map(|v| std::mem::replace(v, RValue::Nil))
            .unwrap_or(RValue::Nil);
        bind_param(scope, p, v);
    }
    defaults
}

/// Binds one block parameter (a name, or `(a, *b, c)` destructuring) in the block's new
/// scope: a parameter is a new variable there, and the first of two `_` is the one read,
/// as in Ruby. (A `*rest` is `bind_rest`'s.)
#[inline]
fn bind_param(scope: &mut defs::Scope, p: &Param, v: RValue) {
    match p {
        Param::Name(n) | Param::Opt(n, _) => scope.define(n.clone(), v),
        Param::Rest(_) => {}
        Param::Nested(names) => bind_nested(scope, names, &v),
    }
}

/// `(a, *b, c)`: the parts of an array argument (another value is its one part); names
/// after a splat are counted from the end.
fn bind_nested(scope: &mut defs::Scope, names: &[Name], v: &RValue) {
    let parts = match v {
        RValue::Array(a) => a.borrow().to_vec(),
        other => vec![other.clone()],
    };
    let splat = names.iter().position(|n| n.starts_with('*'));
    for (j, n) in names.iter().enumerate() {
        let from_end = |j: usize| {
            parts
                .len()
                .checked_sub(names.len() - j)
                .filter(|&i| splat.is_some_and(|k| i >= k))
        };
        let index = match splat {
            Some(k) if j > k => from_end(j),
            _ => Some(j),
        };
        match n.strip_prefix('*') {
            // a splat: the items the names after it leave
            Some(rest) => {
                let after = names.len() - j - 1;
                let end = parts.len().saturating_sub(after).max(j);
                if !rest.is_empty() {
                    let items = parts.get(j..end).map(<[RValue]>::to_vec);
                    scope.insert(rest.into(), RValue::array(items.unwrap_or_default()));
                }
            }
            None => {
                let v = index.and_then(|i| parts.get(i).cloned());
                scope.insert(n.clone(), v.unwrap_or_default());
            }
        }
    }
}

/// A block's `*rest` parameter and those after it (`|a, *rest, z|`): `args` are the
/// arguments from the rest's place on; the ones after take theirs from the end.
fn bind_rest(scope: &mut defs::Scope, rest: &Name, after: &[Param], args: &mut [RValue]) {
    let taken = args.len().saturating_sub(after.len());
    let (own, tail) = args.split_at_mut(taken);
    if !rest.is_empty() {
        let items = own
            .iter_mut()
            .map(|v| std::mem::replace(v, RValue::Nil))
            .collect::<crate::value::RArray>();
        scope.insert(rest.clone(), RValue::array(items));
    }
    for (j, p) in after.iter().enumerate() {
        let v = tail
            .get_mut(j)
            .map(|v| std::mem::replace(v, RValue::Nil))
            .unwrap_or_default();
        bind_param(scope, p, v);
    }
}

thread_local! {
    /// The core constants found so far, by name: `is_a?(Array)`, `raise Puppet::ParseError`
    /// looked each through every list of known classes and made its class anew (an
    /// allocation) at each use.
    static CORE_CONSTANTS: RefCell<HashMap<Box<str>, RValue>> = RefCell::new(HashMap::default());
}

/// How many core constants are kept (the names code uses are few).
const CORE_CONSTANTS_KEPT: usize = 256;

/// The constants the subset knows: the core classes (the same value at each use).
/// Whether `a..b` of host objects makes a range: `a <=> b` answers (two `IPAddr`s).
fn host_range(a: &RValue, b: &RValue) -> bool {
    match (a, b) {
        (RValue::Host(x), RValue::Host(y)) => x.compare(&***y).is_some(),
        _ => false,
    }
}

pub fn core_constant(name: &str, at: usize) -> R {
    if let Some(v) = CORE_CONSTANTS.with(|c| c.borrow().get(name).cloned()) {
        return Ok(v);
    }
    let v = core_constant_made(name, at)?;
    CORE_CONSTANTS.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() < CORE_CONSTANTS_KEPT {
            c.insert(name.into(), v.clone());
        }
    });
    Ok(v)
}

fn core_constant_made(name: &str, at: usize) -> R {
    if let Some(v) = crate::methods::ipaddr::constant(name.strip_prefix("::").unwrap_or(name)) {
        return Ok(v);
    }
    let name = name.strip_prefix("::").unwrap_or(name);
    match name {
        "String" | "Integer" | "Float" | "Numeric" | "Array" | "Hash" | "Symbol" | "NilClass"
        | "TrueClass" | "FalseClass" | "Range" | "Regexp" | "MatchData" | "Object"
        | "Comparable" | "Enumerable" | "Kernel" | "Fixnum" | "Bignum" | "JSON" | "ERB::Util"
        | "Shellwords" | "CGI" | "Digest::MD5" | "Digest::SHA1" | "Digest::SHA256" | "Time"
        | "Date" | "DateTime" | "Random" | "PSON" | "Puppet" | "BasicObject" | "Class"
        | "Module" | "Proc" | "YAML" | "Psych" | "Math" | "Struct" => {
            Ok(RValue::Class(RStr::from(match name {
                "Fixnum" | "Bignum" => "Integer",
                n => n,
            })))
        }
        n if n.starts_with("Puppet::")
            || is_error_class(n)
            || crate::methods::digest::is_class(n)
            || crate::methods::uri::is_class(n)
            || crate::methods::openssl::is_class(n)
            || crate::methods::ipaddr::is_class(n)
            || crate::methods::gem_version::is_class(n)
            || crate::methods::secure_random::is_class(n)
            || crate::methods::hocon::is_class(n) =>
        {
            Ok(RValue::Class(RStr::from(n)))
        }
        n if crate::methods::math::constant(n).is_some() => {
            Ok(crate::methods::math::constant(n).unwrap_or_default())
        }
        "Regexp::IGNORECASE" => Ok(RValue::Int(1)),
        "Regexp::EXTENDED" => Ok(RValue::Int(2)),
        "Regexp::MULTILINE" => Ok(RValue::Int(4)),
        "Regexp::FIXEDENCODING" => Ok(RValue::Int(16)),
        "Regexp::NOENCODING" => Ok(RValue::Int(32)),
        "Float::INFINITY" => Ok(RValue::Float(RFloat::new(f64::INFINITY))),
        "Float::NAN" => Ok(RValue::Float(RFloat::new(f64::NAN))),
        "Float::EPSILON" => Ok(RValue::Float(RFloat::new(f64::EPSILON))),
        "Float::MAX" => Ok(RValue::Float(RFloat::new(f64::MAX))),
        "Float::MIN" => Ok(RValue::Float(RFloat::new(f64::MIN_POSITIVE))),
        "Float::DIG" => Ok(RValue::Int(15)),
        "STDOUT" => Ok(crate::methods::output::stream_value(crate::host::Stream::Stdout)),
        "STDERR" => Ok(crate::methods::output::stream_value(crate::host::Stream::Stderr)),
        "IO" | "File" | "Dir" | "FileUtils" | "Pathname" | "Tempfile" | "ObjectSpace"
        | "Process" | "Open3" | "Signal" | "Socket" | "Net" | "ENV" | "ARGV" | "STDIN"
        | "Thread" | "Fiber" => unsupported(
            format!(
                "{name} (files, processes, the network and Ruby's object space are out of reach here)"
            ),
            at,
        ),
        _ => unsupported(format!("constant {name}"), at),
    }
}

#[cfg(test)]
mod tests {
    /// Every evaluation step returns an `R`: two words, a value or a `Flow` (one pointer)
    /// in the values the value's tag does not use (see `value::tests` too).
    #[test]
    fn a_result_is_two_words() {
        assert_eq!(std::mem::size_of::<super::R>(), 16);
        assert_eq!(std::mem::size_of::<super::Flow>(), 8);
    }
}
