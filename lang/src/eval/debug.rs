//! Breakpoints: stopping a compilation anywhere and exploring it from inside.
//!
//! The evaluator reads one flag, [`Evaluator::debugging`], where statements run and where
//! bodies (of classes, defines, nodes, functions and lambdas) are entered; while it is off
//! nothing else is done. It is on while breakpoints are set, or while a front-end is
//! installed and code that calls `debug::break()` has been seen. Then each body entered
//! pushes a [`DebugFrame`] (the Puppet stack), each statement records where its frame is
//! and asks whether to stop, and compiled function bodies are not used (their calls are
//! stepped into like any other).
//!
//! A stop calls the front-end's [`Debugger`] (installed with `Session::set_debugger`; the
//! REPL's asks on the terminal, the kernel's through Jupyter's stdin channel) with a
//! [`Stop`]: where it is, the stack, the frames' variables, expressions evaluated in a
//! frame's scope, the catalog so far, the breakpoints. It answers how to go on
//! ([`Resume`]). With no front-end, a breakpoint reached is a log line and evaluation goes
//! on (a file run without a terminal, `--catalog`, the Session API by default).
//!
//! Here: the frames, the debugger's state in an evaluator, where the evaluator asks it and
//! how a stop is made. `spec`: what breakpoints stop at and the session's breakpoints;
//! `stop`: the [`Stop`] a front-end explores; `commands`: the commands typed while stopped,
//! read alike by every front-end; `partial`: the frames a stack kept only for class and
//! define breakpoints lacks, made up at a stop.

use super::{EvalResult, Evaluator, Flow};
use crate::compile::NamedScope;
use crate::error::{Error, ErrorKind, Source};
use crate::syntax::ast::{Expr, Span};
use crate::LogLevel;
use std::rc::Rc;

pub mod commands;
mod partial;
mod spec;
mod stop;

pub use spec::{BreakSpec, Breakpoint, Breakpoints, Pattern};
use stop::Paused;
pub use stop::{FrameInfo, FrameVariable, Stop};

/// What a frame of the Puppet stack runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrameKind {
    /// The input itself (or a file).
    Main,
    Class,
    Define,
    Node,
    Function,
    Lambda,
    /// The finishing steps after an input's statements (define instances' parameters,
    /// collectors, overrides, relationships): where their errors are raised.
    Finish,
}

impl FrameKind {
    pub fn label(self) -> &'static str {
        match self {
            FrameKind::Main => "main",
            FrameKind::Class => "class",
            FrameKind::Define => "define",
            FrameKind::Node => "node",
            FrameKind::Function => "function",
            FrameKind::Lambda => "lambda",
            FrameKind::Finish => "finishing steps",
        }
    }
}

/// One frame of the Puppet stack, while debugging.
pub struct DebugFrame {
    pub kind: FrameKind,
    /// The class (lower case), the define's type (lower case), the node's title, the
    /// function's name, the function calling the lambda (`each`), or the input's name.
    pub name: Rc<str>,
    /// A define instance's title.
    pub title: Option<Rc<str>>,
    pub source: Rc<Source>,
    /// The statement running in this frame (its start is the frame's current line).
    pub at: Span,
    /// Where a define instance was declared (`FILE:LINE`): it runs later, once the
    /// input's statements are done.
    pub declared: Option<String>,
    /// The calls running when the frame was entered: the next one (if still running) is
    /// where the frame is now, when it is not the innermost.
    calls: usize,
    /// The class, define or node scope the frame's code sees.
    scope: Option<Rc<NamedScope>>,
    /// The lambda or function frame of the evaluator (`None`: no local variables).
    current: Option<usize>,
    /// Whether function and lambda frames were being kept when this frame was entered
    /// (not while only class and define breakpoints are set): when not, the frames between
    /// it and the one before are made up from the calls running, at a stop.
    tracked: bool,
    /// A frame made up from a running call at a stop (its variables were not kept).
    made_up: bool,
}

impl DebugFrame {
    /// How the stack names the frame: `Class[apache]`, `Apache::Vhost[default]`,
    /// `function mymod::f`, `lambda of each`, `main`.
    pub fn describe(&self) -> String {
        match self.kind {
            FrameKind::Main => format!("main ({})", self.source.name),
            FrameKind::Class => format!("Class[{}]", self.name),
            FrameKind::Define => format!(
                "{}[{}]",
                crate::types::names::capitalize_segments(&self.name),
                self.title.as_deref().unwrap_or("")
            ),
            FrameKind::Node => format!("Node[{}]", self.name),
            FrameKind::Function => format!("function {}", self.name),
            FrameKind::Lambda => format!("lambda of {}", self.name),
            FrameKind::Finish => format!("finishing steps ({})", self.name),
        }
    }

    /// 1-based line and column of the running statement.
    pub fn line_col(&self) -> (usize, usize) {
        self.source.line_col(self.at.start)
    }
}

/// Why evaluation stopped.
#[derive(Debug, Clone)]
pub enum StopReason {
    /// A `debug::break()` call.
    Call,
    /// A breakpoint (its number and what it stops at).
    Breakpoint(usize, BreakSpec),
    /// `:step`, `:next` or `:finish` done.
    Step,
    /// An error is being raised (`:break error`); its message, as it will be reported.
    Error(String),
}

impl StopReason {
    pub fn describe(&self) -> String {
        match self {
            StopReason::Call => "debug::break()".into(),
            StopReason::Breakpoint(id, spec) => format!("breakpoint {id} ({spec})"),
            StopReason::Step => "step".into(),
            StopReason::Error(m) => format!("error: {m}"),
        }
    }
}

/// How evaluation goes on after a stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resume {
    /// Until the next breakpoint.
    Continue,
    /// To the next statement, entering calls, classes and defines.
    Step,
    /// To the next statement of this frame (or of a frame below it).
    Next,
    /// Until this frame returns.
    Finish,
    /// Stop the compilation: the input fails (the session is as it was before it).
    Abort,
}

/// The front-end that a stop hands control to (a terminal prompt, a notebook's stdin).
pub trait Debugger {
    /// Explores the stopped compilation (`stop`) and says how to go on.
    fn stop(&mut self, stop: &mut Stop<'_>) -> Resume;
}

/// A closure is a front-end too (tests, simple embeddings).
impl<F: FnMut(&mut Stop<'_>) -> Resume> Debugger for F {
    fn stop(&mut self, stop: &mut Stop<'_>) -> Resume {
        self(stop)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Mode {
    #[default]
    Run,
    Step,
    /// Stop at a statement of a stack at most this deep.
    Next(usize),
    /// Stop at a statement of a stack less deep than this.
    Finish(usize),
}

/// The debugger's state in an evaluator.
#[derive(Default)]
pub(crate) struct DebugState {
    hook: Option<Box<dyn Debugger>>,
    pub(crate) breakpoints: Breakpoints,
    /// Whether a `debug::break` call has been seen in the code loaded (an input, a module's
    /// file): the stack is kept from then on, to show where it stops.
    break_seen: bool,
    /// Whether the environment's modules call `debug::break` somewhere: looked for once per
    /// environment (on another thread, from when the front-end or environment is set), so
    /// that the stack is kept from the start of an input that loads such a file.
    env_scan: Option<EnvScan>,
    stack: Vec<DebugFrame>,
    mode: Mode,
    /// A stop asked for on entering a body, made at its first statement.
    pending: Option<StopReason>,
    /// The statement a stop on entering a body was made at, before it: stepping from
    /// there does not stop at it again.
    stopped_before: Option<Span>,
    /// An error stopped at is unwinding: the frames it leaves do not stop for it again.
    unwinding: bool,
    /// The file and line of the last stop at a line breakpoint (its other statements on
    /// that line do not stop again).
    last_line: Option<(*const Source, usize)>,
    /// The programs of expressions evaluated while stopped (their trees outlive the stop:
    /// a lambda made there may be kept).
    programs: Vec<crate::syntax::ast::Program>,
}

impl DebugState {
    /// Whether evaluation must watch every statement and body for breakpoints.
    fn armed(&self) -> bool {
        self.mode != Mode::Run
            || (self.hook.is_some() && self.break_seen)
            || self
                .breakpoints
                .enabled()
                .any(|b| !matches!(b.spec, BreakSpec::Definition { .. }))
    }

    /// Whether class, define and node bodies are watched (all that class and define
    /// breakpoints need).
    fn watched(&self) -> bool {
        self.armed() || self.breakpoints.any_enabled()
    }
}

/// The search of an environment's manifests for `debug::break` calls.
enum EnvScan {
    Running(std::thread::JoinHandle<bool>),
    Done(bool),
}

impl EnvScan {
    fn start(env: &crate::env::Environment) -> EnvScan {
        let mut roots: Vec<std::path::PathBuf> = env.modulepath.clone();
        if let Some(dir) = &env.dir {
            roots.push(dir.join("manifests"));
        }
        let spawned = std::thread::Builder::new()
            .name("prepl-break-scan".into())
            .spawn(move || roots.iter().any(|r| calls_break(r, 0)));
        match spawned {
            Ok(handle) => EnvScan::Running(handle),
            Err(_) => EnvScan::Done(false),
        }
    }

    fn found(&mut self) -> bool {
        if let EnvScan::Running(_) = self {
            let EnvScan::Running(handle) = std::mem::replace(self, EnvScan::Done(false)) else {
                unreachable!()
            };
            *self = EnvScan::Done(handle.join().unwrap_or(false));
        }
        matches!(self, EnvScan::Done(true))
    }
}

/// Whether a `.pp` file under `dir` (modules: their `manifests` and `functions`) contains
/// `debug::break`.
fn calls_break(dir: &std::path::Path, depth: usize) -> bool {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return false;
    };
    entries.flatten().any(|entry| {
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        match entry.file_type() {
            // (`lib`, `spec`, `files`, `templates` hold no manifests; symlinked modules
            // are followed)
            _ if depth > 12 || name.starts_with('.') => false,
            Ok(t) if t.is_dir() || (t.is_symlink() && path.is_dir()) => {
                !matches!(
                    &*name,
                    "lib" | "spec" | "files" | "templates" | "tests" | "examples"
                ) && calls_break(&path, depth + 1)
            }
            _ => {
                name.ends_with(".pp")
                    && std::fs::read(&path)
                        .is_ok_and(|text| text.windows(12).any(|w| w == b"debug::break"))
            }
        }
    })
}

/// The part of the debugger the session keeps between inputs.
impl Evaluator {
    /// Arms the debugger for the next input when it has something to watch.
    pub(crate) fn debug_arm(&mut self) {
        let d = &mut *self.debug;
        if d.hook.is_some() && !d.break_seen {
            if d.env_scan.is_none() {
                d.env_scan = Some(EnvScan::start(&self.env));
            }
            if d.env_scan.as_mut().is_some_and(EnvScan::found) {
                d.break_seen = true;
            }
        }
        self.rearm();
    }

    /// Sets the flags from what the debugger has to watch.
    fn rearm(&mut self) {
        self.debugging = self.debug.armed();
        self.watching = self.debug.watched();
    }

    /// The environment changed: its manifests are searched for `debug::break` again.
    pub(crate) fn debug_environment_changed(&mut self) {
        self.debug.env_scan = None;
        if self.debug.hook.is_some() {
            self.debug.env_scan = Some(EnvScan::start(&self.env));
        }
    }

    /// Notes code that calls `debug::break` (an input, a file loaded).
    pub(crate) fn debug_saw_text(&mut self, text: &str) {
        if !self.debug.break_seen && text.contains("debug::break") {
            self.debug.break_seen = true;
            self.rearm();
        }
    }

    /// Forgets the running input's stack (after it ended, or failed).
    pub(crate) fn debug_reset(&mut self) {
        let d = &mut *self.debug;
        d.stack.clear();
        d.mode = Mode::Run;
        d.pending = None;
        d.stopped_before = None;
        d.unwinding = false;
        d.last_line = None;
        d.programs.clear();
    }

    pub(crate) fn set_debugger(&mut self, hook: Option<Box<dyn Debugger>>) {
        self.debug.hook = hook;
        if self.debug.hook.is_some() && self.debug.env_scan.is_none() {
            self.debug.env_scan = Some(EnvScan::start(&self.env));
        }
    }

    pub(crate) fn has_debugger(&self) -> bool {
        self.debug.hook.is_some()
    }

    pub(crate) fn breakpoints_mut(&mut self) -> &mut Breakpoints {
        &mut self.debug.breakpoints
    }

    pub(crate) fn breakpoints(&self) -> &Breakpoints {
        &self.debug.breakpoints
    }

    /// Runs a body as a frame of the Puppet stack: pushed, asked whether a breakpoint
    /// stops on entering it (at its first statement), popped. Called only while
    /// `debugging`.
    #[inline(never)]
    pub(crate) fn debug_body(
        &mut self,
        kind: FrameKind,
        name: Rc<str>,
        title: Option<Rc<str>>,
        at: Span,
        body: &[Expr],
    ) -> EvalResult {
        let frame = DebugFrame {
            kind,
            name,
            title,
            source: self.source.clone(),
            at: body.first().map_or(at, |e| e.span),
            declared: None,
            calls: self.call_sites.len(),
            scope: self.scope.clone(),
            current: self.current,
            tracked: self.debugging,
            made_up: false,
        };
        let mut frame = frame;
        if kind == FrameKind::Define {
            if let Some(s) = &self.scope {
                let r = self.compilation.catalog.get(s.resource);
                frame.declared = r
                    .file
                    .as_ref()
                    .map(|f| format!("{f}:{}", r.line.unwrap_or(0)));
            }
        }
        let stops = self.entry_breakpoint(&frame);
        self.debug.stack.push(frame);
        let depth = self.debug.stack.len();
        let r = match stops {
            // (an empty body stops on entering it, and so does any body while statements
            // are not watched: only class and define breakpoints are set)
            Some(reason) if body.is_empty() || !self.debugging => {
                let at = body.first().map_or(at, |e| e.span);
                match self.debug_stop(reason, at) {
                    Ok(()) => {
                        self.debug.stopped_before = Some(at);
                        self.eval_block(body)
                    }
                    Err(e) => Err(e),
                }
            }
            Some(reason) => {
                self.debug.pending = Some(reason);
                self.eval_block(body)
            }
            None => self.eval_block(body),
        };
        // (only what this call pushed: a stop may have armed the debugger mid-way)
        if self.debug.stack.len() >= depth {
            self.debug.stack.truncate(depth - 1);
        }
        r
    }

    /// The breakpoint that stops on entering `frame`, if any.
    fn entry_breakpoint(&mut self, frame: &DebugFrame) -> Option<StopReason> {
        self.debug.breakpoints.take_hit(|spec| match spec {
            BreakSpec::Definition { name, title } => {
                matches!(frame.kind, FrameKind::Class | FrameKind::Define)
                    && **name == *frame.name
                    && title
                        .as_ref()
                        .is_none_or(|t| t.matches(frame.title.as_deref().unwrap_or(&frame.name)))
            }
            BreakSpec::Function(n) => frame.kind == FrameKind::Function && **n == *frame.name,
            _ => false,
        })
    }

    /// Before a statement runs, while debugging: records where its frame is, and stops
    /// when stepping reached it or a breakpoint is on its line.
    #[inline(never)]
    pub(crate) fn debug_statement(&mut self, e: &Expr) -> EvalResult<()> {
        let d = &mut *self.debug;
        d.unwinding = false;
        if d.stopped_before.take() == Some(e.span) {
            return Ok(());
        }
        let depth = d.stack.len();
        if let Some(top) = d.stack.last_mut() {
            top.at = e.span;
        }
        let mut reason = d.pending.take().or(match d.mode {
            Mode::Step => Some(StopReason::Step),
            Mode::Next(n) if depth <= n => Some(StopReason::Step),
            Mode::Finish(n) if depth < n => Some(StopReason::Step),
            _ => None,
        });
        if d.breakpoints
            .enabled()
            .any(|b| matches!(b.spec, BreakSpec::Line { .. }))
        {
            let (line, _) = self.source.line_col(e.span.start);
            let here = (Rc::as_ptr(&self.source), line);
            if self.debug.last_line != Some(here) {
                self.debug.last_line = None;
                let name = &self.source.name;
                let hit = self.debug.breakpoints.take_hit(|spec| match spec {
                    BreakSpec::Line { file, line: l } => *l == line && names_file(name, file),
                    _ => false,
                });
                if let Some(r) = hit {
                    self.debug.last_line = Some(here);
                    reason = reason.or(Some(r));
                }
            }
        }
        match reason {
            Some(r) => self.debug_stop(r, e.span),
            None => Ok(()),
        }
    }

    /// Calling a built-in function while debugging: stops at a `function NAME` breakpoint.
    #[inline(never)]
    pub(crate) fn debug_builtin_call(&mut self, name: &str, span: Span) -> EvalResult<()> {
        let hit = (self.debug.breakpoints)
            .take_hit(|spec| matches!(spec, BreakSpec::Function(n) if n == name));
        match hit {
            Some(reason) => self.debug_stop(reason, span),
            None => Ok(()),
        }
    }

    /// Declaring a resource while debugging: stops at a `resource TYPE[TITLE]` breakpoint.
    #[inline(never)]
    pub(crate) fn debug_resource(
        &mut self,
        type_name: &str,
        title: &str,
        span: Span,
    ) -> EvalResult<()> {
        let lower = type_name.trim_start_matches("::").to_ascii_lowercase();
        let hit = self.debug.breakpoints.take_hit(|spec| match spec {
            BreakSpec::Resource {
                type_name: t,
                title: p,
            } => *t == lower && p.as_ref().is_none_or(|p| p.matches(title)),
            _ => false,
        });
        match hit {
            Some(reason) => self.debug_stop(reason, span),
            None => Ok(()),
        }
    }

    /// An error leaving expression `span` while debugging: stops at an `error` breakpoint,
    /// once per error (not again in the frames it unwinds through).
    #[inline(never)]
    pub(crate) fn debug_error(&mut self, flow: &Flow, span: Span) -> EvalResult<()> {
        let Flow::Error(e) = flow else {
            return Ok(());
        };
        if self.debug.unwinding || matches!(e.kind, ErrorKind::Interrupted | ErrorKind::Limit) {
            return Ok(());
        }
        // (an error stop names the error, not the breakpoint)
        if (self.debug.breakpoints)
            .take_hit(|spec| *spec == BreakSpec::Error)
            .is_none()
        {
            return Ok(());
        }
        self.debug.unwinding = true;
        let at = if e.span.is_some() && e.source.is_none() {
            e.span.unwrap_or(span)
        } else {
            span
        };
        let message = e.full_message();
        let r = self.debug_stop(StopReason::Error(message), at);
        self.debug.unwinding = true;
        r
    }

    /// An error leaving expression `span` while debugging, located there (or the
    /// `:abort` of the stop it made instead). Out of the evaluator's hot path.
    #[cold]
    #[inline(never)]
    pub(crate) fn debug_error_leaving(&mut self, flow: Flow, span: Span) -> Flow {
        match self.debug_error(&flow, span) {
            Ok(()) => super::expr::located(flow, span),
            Err(abort) => abort,
        }
    }

    /// An error raised outside the evaluation of an expression, while debugging (binding a
    /// class's or define instance's parameters; the finishing steps: collectors, overrides,
    /// relationships): stops at an `error` breakpoint in a frame of its own, `frame`, or
    /// one for the finishing steps at the error's place. The error to raise (the `:abort`
    /// of the stop instead, when it aborts).
    #[cold]
    #[inline(never)]
    pub(crate) fn debug_error_outside(&mut self, e: Error, frame: Option<ErrorFrame>) -> Error {
        if self.debug.unwinding || matches!(e.kind, ErrorKind::Interrupted | ErrorKind::Limit) {
            return e;
        }
        if (self.debug.breakpoints)
            .take_hit(|spec| *spec == BreakSpec::Error)
            .is_none()
        {
            return e;
        }
        let input: Rc<str> = self.source.name.as_str().into();
        let (kind, name, title, scope, source, at) = match frame {
            Some(f) => (f.kind, f.name, f.title, Some(f.scope), f.source, f.at),
            None => (
                FrameKind::Finish,
                input,
                None,
                None,
                e.source.clone().unwrap_or_else(|| self.source.clone()),
                e.span.unwrap_or_default(),
            ),
        };
        let declared = scope.as_ref().and_then(|s| {
            let r = self.compilation.catalog.get(s.resource);
            (kind == FrameKind::Define)
                .then(|| {
                    r.file
                        .as_ref()
                        .map(|f| format!("{f}:{}", r.line.unwrap_or(0)))
                })
                .flatten()
        });
        let depth = self.debug.stack.len();
        self.debug.stack.push(DebugFrame {
            kind,
            name,
            title,
            source: source.clone(),
            at,
            declared,
            calls: self.call_sites.len(),
            scope: scope.clone(),
            current: None,
            tracked: true,
            made_up: false,
        });
        let saved_source = std::mem::replace(&mut self.source, source);
        let saved_scope = std::mem::replace(&mut self.scope, scope);
        let saved_current = self.current.take();
        let r = self.debug_stop(StopReason::Error(e.full_message()), at);
        self.current = saved_current;
        self.scope = saved_scope;
        self.source = saved_source;
        self.debug.stack.truncate(depth);
        self.debug.unwinding = true;
        match r {
            Err(Flow::Error(abort)) => *abort,
            _ => e,
        }
    }

    /// `debug::break()`: stops here (or, with no front-end, says where it is).
    pub(crate) fn debug_break_call(&mut self) -> EvalResult<()> {
        let span = self.call_span;
        if self.debug.hook.is_some() && self.debugging {
            return self.debug_stop(StopReason::Call, span);
        }
        let (line, _) = self.source.line_col(span.start);
        let place = self.place_name();
        let message = format!(
            "debug::break() at {}:{line}{place} (no interactive debugger: going on)",
            self.source.name
        );
        self.log(LogLevel::Notice, &message);
        Ok(())
    }

    /// ` in Class[x]` for the class or define running, or nothing.
    fn place_name(&self) -> String {
        match &self.scope {
            Some(s) => format!(
                " in {}",
                self.compilation.catalog.get(s.resource).reference()
            ),
            None => String::new(),
        }
    }

    /// Stops: hands control to the front-end (or logs where, without one), then goes on
    /// as it says.
    #[inline(never)]
    pub(crate) fn debug_stop(&mut self, reason: StopReason, at: Span) -> EvalResult<()> {
        if let Some(top) = self.debug.stack.last_mut() {
            top.at = at;
        }
        let Some(mut hook) = self.debug.hook.take() else {
            let (line, _) = self.source.line_col(at.start);
            let place = self.place_name();
            let message = format!(
                "Stopped at {} ({}:{line}{place}; no interactive debugger: going on)",
                reason.describe(),
                self.source.name
            );
            self.log(LogLevel::Notice, &message);
            return Ok(());
        };
        if self.debug.stack.is_empty() {
            // (a `debug::break` the stack was not kept for: where it is, at least)
            self.debug.stack.push(DebugFrame {
                kind: FrameKind::Main,
                name: self.source.name.as_str().into(),
                title: None,
                source: self.source.clone(),
                at,
                declared: None,
                calls: self.call_sites.len(),
                scope: self.scope.clone(),
                current: self.current,
                tracked: true,
                made_up: false,
            });
        }
        // (the frames a stack kept only for class and define breakpoints lacks, made up
        // from the calls running; taken away again before going on)
        let made_up = self.fill_in_frames();
        let saved = Paused::save(self);
        self.debugging = false;
        self.watching = false;
        let resume = {
            let mut stop = Stop::new(self, reason);
            let resume = hook.stop(&mut stop);
            stop.forget_assigned();
            resume
        };
        saved.restore(self);
        if made_up {
            self.debug.stack.retain(|f| !f.made_up);
        }
        self.debug.hook = Some(hook);
        let depth = self.debug.stack.len();
        self.debug.mode = match resume {
            Resume::Continue => Mode::Run,
            Resume::Step => Mode::Step,
            Resume::Next => Mode::Next(depth),
            Resume::Finish => Mode::Finish(depth),
            Resume::Abort => Mode::Run,
        };
        // (stepping watches every statement from now on; breakpoints added while stopped
        // are watched too)
        self.rearm();
        if resume == Resume::Abort {
            return Err(Error::new(ErrorKind::Interrupted, ABORTED).into());
        }
        Ok(())
    }
}

impl Evaluator {
    /// Where frame `i` of the stack (0: the outermost) is: the innermost at its statement;
    /// another at the call running in it (the one that leads to the frames inside it),
    /// when it is known, else at its last statement watched.
    fn debug_frame_span(&self, i: usize) -> Span {
        let stack = &self.debug.stack;
        let f = &stack[i];
        if i + 1 < stack.len() {
            if let Some((source, Some(span))) = self.call_sites.get(f.calls) {
                if Rc::ptr_eq(source, &f.source) {
                    return span;
                }
            }
        }
        f.at
    }
}

/// The frame an error raised outside expressions stops in (`debug_error_outside`): a
/// class or define instance whose parameters could not be bound.
pub(crate) struct ErrorFrame {
    pub kind: FrameKind,
    pub name: Rc<str>,
    pub title: Option<Rc<str>>,
    pub scope: Rc<NamedScope>,
    pub source: Rc<Source>,
    pub at: Span,
}

/// The message of the error an `:abort` fails the input with.
pub const ABORTED: &str = "Aborted in the debugger";

/// Whether a source named `name` (a path, `In[3]`) is the file a breakpoint names: the
/// same, or its last path components.
fn names_file(name: &str, file: &str) -> bool {
    name == file
        || name
            .strip_suffix(file)
            .is_some_and(|rest| rest.ends_with('/') || file.starts_with('/'))
}

#[cfg(test)]
mod tests;
