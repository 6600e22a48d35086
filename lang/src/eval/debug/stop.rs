//! A stopped compilation as the front-end sees it ([`Stop`]): the stack, the frames'
//! variables, expressions evaluated in a frame's scope, the catalog, the breakpoints.

use super::{Breakpoints, DebugFrame, FrameKind, Mode, StopReason};
use crate::compile::NamedScope;
use crate::error::{Error, Source};
use crate::eval::{Evaluator, Flow};
use crate::syntax::ast::{Expr, Span};
use crate::values::Value;
use crate::LogLevel;
use std::rc::Rc;

/// The variables a statement typed while stopped assigns in the frame's scope (`$a = ...`,
/// `[$a, $b] = ...`, `$a = $b = ...`, also in the branches of `if`, `unless` and `case`;
/// not in lambdas, which have their own), unqualified, with their spans.
fn assigned_names(e: &Expr, out: &mut Vec<(Rc<str>, Span)>) {
    use crate::syntax::ast::ExprKind;
    let all = |body: &[Expr], out: &mut Vec<(Rc<str>, Span)>| {
        body.iter().for_each(|e| assigned_names(e, out))
    };
    match &e.kind {
        ExprKind::Assign(target, value) => {
            let mut targets = vec![&**target];
            while let Some(t) = targets.pop() {
                match &t.kind {
                    ExprKind::Variable(v) if !crate::names::is_qualified(&v.name) => {
                        out.push((v.name.clone(), t.span))
                    }
                    ExprKind::Array(items, _) => targets.extend(items.iter()),
                    _ => {}
                }
            }
            assigned_names(value, out);
        }
        ExprKind::If {
            cond,
            then_branch,
            else_branch,
        }
        | ExprKind::Unless {
            cond,
            then_branch,
            else_branch,
        } => {
            assigned_names(cond, out);
            all(then_branch, out);
            all(else_branch.as_deref().unwrap_or_default(), out);
        }
        ExprKind::Case { test, arms } => {
            assigned_names(test, out);
            arms.iter().for_each(|a| all(&a.body, out));
        }
        ExprKind::Block(body) => all(body, out),
        _ => {}
    }
}

/// What evaluating an expression while stopped may change, put back before going on.
pub(super) struct Paused {
    source: Rc<Source>,
    scope: Option<Rc<NamedScope>>,
    current: Option<usize>,
    matches: crate::eval::scope::MatchData,
    binding: Option<(usize, Rc<str>, Rc<str>)>,
    current_builtin: &'static str,
    current_signatures: &'static [&'static str],
    call_span: Span,
    control_span: Span,
    mode: Mode,
}

impl Paused {
    pub(super) fn save(ev: &Evaluator) -> Paused {
        Paused {
            source: ev.source.clone(),
            scope: ev.scope.clone(),
            current: ev.current,
            matches: ev.matches.clone(),
            binding: ev.binding.clone(),
            current_builtin: ev.current_builtin,
            current_signatures: ev.current_signatures,
            call_span: ev.call_span,
            control_span: ev.control_span,
            mode: ev.debug.mode,
        }
    }

    pub(super) fn restore(self, ev: &mut Evaluator) {
        ev.source = self.source;
        ev.scope = self.scope;
        ev.current = self.current;
        ev.matches = self.matches;
        ev.binding = self.binding;
        ev.current_builtin = self.current_builtin;
        ev.current_signatures = self.current_signatures;
        ev.call_span = self.call_span;
        ev.control_span = self.control_span;
        ev.debug.mode = self.mode;
    }
}

/// A frame of the stack as a front-end shows it.
#[derive(Debug, Clone)]
pub struct FrameInfo {
    pub kind: FrameKind,
    /// `Class[apache]`, `Apache::Vhost[default]`, `function f`, `lambda of each`, `main`.
    pub description: String,
    pub name: Rc<str>,
    pub title: Option<Rc<str>>,
    /// The file (or input) and the line and column of the running statement.
    pub file: String,
    pub line: usize,
    pub column: usize,
    /// Where a define instance was declared (`FILE:LINE`).
    pub declared: Option<String>,
    /// Whether the frame's variables were kept: not for a function or lambda entered while
    /// only class and define breakpoints were set (the frame is known from the call that
    /// entered it).
    pub tracked: bool,
}

/// A variable of a frame, as `:vars` shows it.
#[derive(Debug, Clone)]
pub struct FrameVariable {
    pub name: Rc<str>,
    pub value: Value,
}

/// A stopped compilation, as the front-end sees it while it decides how to go on.
pub struct Stop<'a> {
    ev: &'a mut Evaluator,
    reason: StopReason,
    /// The frame expressions are evaluated in (0: the innermost).
    selected: usize,
    /// The variables expressions assigned while stopped, and the scope they went to (none:
    /// the top scope): forgotten before going on, so that the code's own assignments of
    /// those names still work.
    assigned: Vec<(Option<Rc<NamedScope>>, Rc<str>)>,
}

impl<'a> Stop<'a> {
    pub(super) fn new(ev: &'a mut Evaluator, reason: StopReason) -> Stop<'a> {
        Stop {
            ev,
            reason,
            selected: 0,
            assigned: Vec::new(),
        }
    }
    pub fn reason(&self) -> &StopReason {
        &self.reason
    }

    /// The frames, innermost first.
    pub fn frames(&self) -> Vec<FrameInfo> {
        let stack = &self.ev.debug.stack;
        (0..stack.len())
            .rev()
            .map(|i| {
                let f = &stack[i];
                let (line, column) = f.source.line_col(self.ev.debug_frame_span(i).start);
                FrameInfo {
                    kind: f.kind,
                    description: f.describe(),
                    name: f.name.clone(),
                    title: f.title.clone(),
                    file: f.source.name.clone(),
                    line,
                    column,
                    declared: f.declared.clone(),
                    tracked: !f.made_up,
                }
            })
            .collect()
    }

    /// The selected frame (0: the innermost).
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// Selects frame `i` (0: the innermost); false when there is none.
    pub fn select(&mut self, i: usize) -> bool {
        if i < self.ev.debug.stack.len() {
            self.selected = i;
            true
        } else {
            false
        }
    }

    fn frame(&self) -> &DebugFrame {
        let stack = &self.ev.debug.stack;
        &stack[stack.len() - 1 - self.selected]
    }

    /// The span the selected frame is at.
    fn frame_span(&self) -> Span {
        self.ev
            .debug_frame_span(self.ev.debug.stack.len() - 1 - self.selected)
    }

    /// The selected frame.
    pub fn frame_info(&self) -> FrameInfo {
        self.frames().swap_remove(self.selected)
    }

    /// The selected frame's source text (a file, an input) and the span of its running
    /// statement.
    pub fn source(&self) -> (Rc<Source>, Span) {
        (self.frame().source.clone(), self.frame_span())
    }

    /// The variables of the selected frame: a lambda's or function's locals; a class's,
    /// define's or node's variables (parameters, `$title`, `$name`, assigned ones); the
    /// top scope's variables for the main frame. Sorted by name.
    pub fn variables(&self) -> Vec<FrameVariable> {
        let f = self.frame();
        let ev = &*self.ev;
        if f.made_up {
            return Vec::new();
        }
        let mut out: Vec<FrameVariable> = Vec::new();
        let mut push = |name: &Rc<str>, value: &Value| {
            if !out.iter().any(|v| v.name == *name) {
                out.push(FrameVariable {
                    name: name.clone(),
                    value: value.clone(),
                });
            }
        };
        match (f.kind, f.current, &f.scope) {
            (FrameKind::Function | FrameKind::Lambda, Some(fi), _) if fi < ev.frames.len() => {
                let mut frame = Some(fi);
                while let Some(i) = frame {
                    let layout = &ev.frames[i].layout;
                    for (name, value) in layout.names.iter().zip(ev.frame_slots(i)) {
                        if let Some(v) = value {
                            push(name, v);
                        }
                    }
                    frame = ev.frames[i].parent;
                }
                // (a lambda in a class or define sees its variables too)
                if let (FrameKind::Lambda, Some(scope)) = (f.kind, &f.scope) {
                    for (name, value) in scope.vars.borrow().iter() {
                        push(name, value);
                    }
                }
            }
            (_, _, Some(scope)) if f.kind != FrameKind::Main => {
                for (name, value) in scope.vars.borrow().iter() {
                    push(name, value);
                }
            }
            _ => {
                for (name, value) in ev.globals.iter_sorted() {
                    push(&name, &value);
                }
            }
        }
        out.sort_by(|a, b| a.name.cmp(&b.name));
        out
    }

    /// The names of every variable the selected frame sees (for completion): its own, its
    /// scope's and the scopes it sees through, the top scope's (facts too).
    pub fn visible_variable_names(&self) -> Vec<Rc<str>> {
        let f = self.frame();
        let mut names: Vec<Rc<str>> = self.variables().into_iter().map(|v| v.name).collect();
        if let Some(scope) = &f.scope {
            names.extend(scope.variable_names());
        }
        names.extend(self.ev.globals.names().map(Rc::from));
        names.sort();
        names.dedup();
        names
    }

    /// Evaluates `text` in the selected frame's scope: its local variables, its class's or
    /// define's, the top scope, facts, `lookup` of Hiera data in its module. Breakpoints
    /// do not stop it.
    ///
    /// A variable the frame sees cannot be assigned (the code's variables are read, never
    /// changed); a new one lasts until the compilation goes on.
    pub fn eval(&mut self, text: &str) -> Result<Value, Error> {
        let source = Source::new("(debug)", text);
        let program = crate::syntax::parse(text).map_err(|e| e.in_source(&source))?;
        let mut targets = Vec::new();
        for e in &program.body {
            assigned_names(e, &mut targets);
        }
        if !targets.is_empty() {
            let visible = self.visible_variable_names();
            if let Some((name, span)) = targets.iter().find(|(n, _)| visible.contains(n)) {
                return Err(Error::eval(format!("Cannot reassign variable '${name}'"))
                    .at(*span)
                    .with_hint(Some(format!(
                        "${name} is the stopped code's: the debugger reads the frame's variables, it does not change them (assign a new name, which lasts until the compilation goes on)"
                    )))
                    .in_source(&source));
            }
        }
        let (scope, current) = {
            let f = self.frame();
            (f.scope.clone(), f.current)
        };
        let ev = &mut *self.ev;
        crate::eval::resolve::resolve_program(&program, &mut ev.layouts);
        let saved = Paused::save(ev);
        ev.source = source.clone();
        ev.scope = scope.clone();
        ev.current = current.filter(|&i| i < ev.frames.len());
        ev.matches = None;
        ev.binding = None;
        let _interruptible = crate::limits::interrupt_scope(&ev.interrupt);
        let r = ev.eval_block(&program.body);
        saved.restore(ev);
        ev.debug.programs.push(program);
        for (name, _) in targets {
            let exists = match &scope {
                Some(s) => s.vars.borrow().contains_key(&name),
                None => ev.globals.get(&name).is_some(),
            };
            if exists {
                self.assigned.push((scope.clone(), name));
            }
        }
        let ev = &mut *self.ev;
        let r = match r {
            Ok(v) => Ok(v),
            Err(Flow::Error(e)) => Err(*e),
            Err(Flow::Return(v)) | Err(Flow::Next(v)) => Ok(v),
            Err(Flow::Break) => Err(Error::eval("break() from context where this is illegal")),
        };
        if r.is_ok() && ev.interrupt.load(std::sync::atomic::Ordering::Relaxed) {
            ev.interrupt
                .store(false, std::sync::atomic::Ordering::Relaxed);
            return Err(Error::interrupted());
        }
        r.map_err(|e| e.in_source(&source))
    }

    /// Forgets the variables assigned while stopped.
    pub(super) fn forget_assigned(&mut self) {
        for (scope, name) in std::mem::take(&mut self.assigned) {
            match scope {
                Some(s) => {
                    s.vars.borrow_mut().shift_remove(&name);
                }
                None => self.ev.globals.remove(&name),
            }
        }
    }

    /// The catalog compiled so far (resources declared until now).
    pub fn catalog(&self) -> &crate::catalog::Catalog {
        &self.ev.compilation.catalog
    }

    /// The breakpoints (to list, add, delete, disable while stopped).
    pub fn breakpoints(&mut self) -> &mut Breakpoints {
        &mut self.ev.debug.breakpoints
    }

    /// Sends a log line as the session does (to its sink).
    pub fn log(&mut self, level: LogLevel, message: &str) {
        self.ev.log(level, message);
    }

    /// The interrupt flag of the session (set by Ctrl-C or a kernel interrupt).
    pub fn interrupted(&self) -> bool {
        self.ev.interrupt.load(std::sync::atomic::Ordering::Relaxed)
    }
}
