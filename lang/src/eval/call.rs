//! Calling functions and lambdas, binding arguments to parameters.

use super::scope::{Arity, Frame, Layout, MatchData};
use super::session::MAX_CALL_DEPTH;
use super::{EvalResult, Evaluator, Flow};
use crate::error::{Error, ErrorKind};
use crate::functions::Builtin;
use crate::syntax::ast::{CallSite, CallStyle, Expr, Lambda, Param, Span};
use crate::types::{self, PType};
use crate::values::Value;
use std::rc::Rc;

/// A lambda together with the frame it was written in (lambdas see their enclosing scope).
#[derive(Debug, Clone)]
pub struct Closure {
    pub lambda: Rc<Lambda>,
    pub layout: Rc<Layout>,
    /// The enclosing frame (index into the evaluator's frame stack); `None` at top level.
    pub frame: Option<usize>,
    /// A callable that is no Puppet code (a module function's Ruby block given to
    /// `call_function`): called instead of the lambda, whose parameters (untyped) only say
    /// how many arguments it takes.
    pub native: Option<Rc<dyn NativeLambda>>,
}

/// What a [`Closure`] with a `native` part runs when it is called.
pub trait NativeLambda: std::fmt::Debug {
    fn call(&self, ev: &mut Evaluator, args: Vec<Value>) -> EvalResult;
}

impl Closure {
    /// A closure of `params` and no body, at top level: a native callable's (`native`) or
    /// one that only says what it takes.
    pub fn bodiless(params: Vec<Param>, native: Option<Rc<dyn NativeLambda>>) -> Closure {
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
            native,
        }
    }

    /// The number of declared parameters.
    pub fn param_count(&self) -> usize {
        self.lambda.params.len()
    }
    /// Whether the last parameter captures the rest (`*$rest`).
    pub fn captures_rest(&self) -> bool {
        self.lambda.params.last().is_some_and(|p| p.captures_rest)
    }
}

/// The arguments of a call: borrowed (each bound parameter gets a copy) or owned by the
/// caller, who gives them up (each bound parameter takes its value, leaving `undef`).
pub(super) enum Args<'a> {
    Shared(&'a [Value]),
    Owned(&'a mut [Value]),
}

impl Args<'_> {
    #[inline]
    pub(super) fn len(&self) -> usize {
        match self {
            Args::Shared(a) => a.len(),
            Args::Owned(a) => a.len(),
        }
    }

    #[inline]
    pub(super) fn take(&mut self, i: usize) -> Option<Value> {
        match self {
            Args::Shared(a) => a.get(i).cloned(),
            Args::Owned(a) => a.get_mut(i).map(|v| std::mem::replace(v, Value::Undef)),
        }
    }

    /// The arguments from `i` on (for a parameter capturing the rest), up to `end`.
    pub(super) fn rest(&mut self, i: usize, end: usize) -> Vec<Value> {
        (i..end).filter_map(|j| self.take(j)).collect()
    }
}

/// Who is being called, for error messages: `'f'` or `'each' block`.
pub(super) enum Callee<'a> {
    Function(&'a str),
    Block(&'a str),
}

impl Callee<'_> {
    fn label(&self) -> String {
        match self {
            Callee::Function(n) => format!("'{n}'"),
            Callee::Block(_) => "block".to_string(),
        }
    }
}

impl Evaluator {
    pub fn closure(&self, l: &Rc<Lambda>) -> Closure {
        Closure {
            lambda: l.clone(),
            layout: self.layouts.of_lambda(l),
            frame: self.current,
            native: None,
        }
    }

    #[inline(never)]
    pub fn eval_call(
        &mut self,
        name: &Rc<str>,
        site: &CallSite,
        args: &[Expr],
        block: Option<&Rc<Lambda>>,
        style: CallStyle,
        span: Span,
    ) -> EvalResult {
        if block.is_none() && style != CallStyle::Method {
            if let Some(f) = self.functions.find(name, site) {
                return self.call_user_function(&f, args, style, span);
            }
        }
        let args = self.eval_list(args)?;
        self.call_named(name, args, block, style, span)
    }

    /// Calls a user-defined or built-in function by name. Errors raised by the call itself
    /// (argument checks, `fail`) get the reference's "Error while evaluating a ..." prefix;
    /// errors from Puppet code run inside the call keep their own location.
    /// The error for a call of a function that is not known: the reference's `Unknown
    /// function`, or, for a module's Ruby function that prepl has no native version of, an
    /// error naming its file.
    pub(crate) fn unknown_function(&self, name: &str) -> Error {
        match crate::env::modules::ruby_function_file(&self.env, name) {
            Some(file) => Error::eval(format!(
                "Function '{name}' ({}) is written in Ruby: prepl cannot run Ruby, and has no native version of it",
                file.display()
            )),
            None => Error::eval(format!("Unknown function: '{name}'.")),
        }
    }

    pub fn call_named(
        &mut self,
        name: &str,
        args: Vec<Value>,
        block: Option<&Rc<Lambda>>,
        style: CallStyle,
        span: Span,
    ) -> EvalResult {
        let closure = block.map(|l| self.closure(l));
        self.call_named_with(name, args, closure, style, span)
    }

    /// [`Evaluator::call_named`] with the block made already (a Ruby block's closure).
    pub fn call_named_with(
        &mut self,
        name: &str,
        args: Vec<Value>,
        closure: Option<Closure>,
        style: CallStyle,
        span: Span,
    ) -> EvalResult {
        if style == CallStyle::Method {
            if let Some(Value::Uri(u)) = args.first() {
                if let Some(v) = crate::functions::pcore::uri_component(u, name) {
                    return Ok(v);
                }
            }
            if let Some(Value::Object(o)) = args.first() {
                if crate::types::pcore::is_lookup_context(o) {
                    return crate::env::hiera::context_call(
                        self,
                        &o.clone(),
                        name,
                        &args[1..],
                        closure.as_ref(),
                    )
                    .map_err(|f| call_failed(f, name, style, span));
                }
                if let Some(r) = object_member(o, name, &args[1..]) {
                    return r.map_err(|e| {
                        Error::eval(format!("Error while evaluating a Method call, {e}"))
                            .at(span)
                            .into()
                    });
                }
            }
        }
        let result = if let Some(f) = self.functions.get(name).cloned() {
            self.call_sites.push(&self.source, Some(span));
            let r = self.call_function(&f, args, closure.as_ref());
            self.call_sites.pop();
            r
        } else if let Some(found) = crate::functions::rubyfn::find_called(self, name) {
            // A module's Ruby function called by name before in this evaluation: no
            // environment function, built-in or `.pp` function of the name was found then
            // (the branches below), and none can be during the evaluation (its files'
            // answers are kept for it, the modules present too). Asked first: those
            // look-ups were a third of the Puppet side of such a call.
            self.call_ruby_function(name, &found, &args, closure.as_ref(), span)
        } else if self
            .load_environment_function(name)
            .map_err(|e| Flow::from(e.at(span)))?
        {
            // A global function of the environment directory (`functions/f.pp`), loaded on
            // first use: after Puppet's own, before the modules' (as the reference's
            // environment loader, whose parent is the system loader).
            return self.call_named_with(name, args, closure, style, span);
        } else if let Some(b) = self.callable_builtin(name) {
            self.call_builtin_found(b, name, args, closure, span)
        } else if crate::names::is_qualified(name)
            && self
                .autoload(crate::env::modules::Kind::Function, name)
                .map_err(|e| Flow::from(e.at(span)))?
            && self.functions.contains_key(name)
        {
            // A function of a module, loaded on first use (off the path of known functions).
            return self.call_named_with(name, args, closure, style, span);
        } else if let Some(found) = crate::functions::rubyfn::find(self, name) {
            // A module's function written in Ruby that prepl has no native version of: run
            // from its source.
            found.after_autoload();
            self.call_ruby_function(name, &found, &args, closure.as_ref(), span)
        } else {
            // (the caret under the name: `[1, 2].fliter` points at `fliter`)
            let at = match style {
                CallStyle::Method => method_name_span(&self.source.text, span, name),
                _ => span,
            };
            return Err(self
                .unknown_function(name)
                .with_hint(self.function_hint(name))
                .at(at)
                .into());
        };
        result.map_err(|flow| call_failed(flow, name, style, span))
    }

    /// Calls built-in `b` (found under `name`, a module's native version maybe) as a call by
    /// name does: a native version that fails without logging gives way to the module's
    /// source.
    pub(crate) fn call_builtin_found(
        &mut self,
        b: &'static Builtin,
        name: &str,
        args: Vec<Value>,
        closure: Option<Closure>,
        span: Span,
    ) -> EvalResult {
        if self.debugging {
            self.debug_builtin_call(b.name, span)?;
        }
        // A function of the older API gets `''` for an `undef` argument (from Puppet
        // code, not from Ruby's `function_NAME`).
        let mut args = args;
        let mut given = None;
        let from_ruby = std::mem::take(&mut self.args_from_ruby);
        if !from_ruby && args.iter().any(Value::is_undef) && self.legacy_api(b) {
            given = Some(args.clone());
            for a in args.iter_mut().filter(|a| a.is_undef()) {
                *a = Value::from("");
            }
        }
        let logged = self.logged;
        let r = self.invoke_builtin(b, &args, closure.as_ref(), span);
        match r {
            // A native version of a module's function failed without logging anything:
            // the answer is the module's source's (its errors, its messages), unless
            // the source needs Ruby outside the subset.
            Err(Flow::Error(ref e))
                if b.module.is_some()
                    && self.logged == logged
                    && matches!(e.kind, ErrorKind::Evaluation | ErrorKind::Failed) =>
            {
                let args = given.unwrap_or(args);
                self.call_span = span;
                self.call_sites.push(&self.source, Some(span));
                let source = crate::functions::rubyfn::call_after_native_error(
                    self,
                    name,
                    &args,
                    closure.as_ref(),
                );
                self.call_sites.pop();
                source.unwrap_or(r)
            }
            r => r,
        }
    }

    /// Loads `name` when it is a global function of the environment directory
    /// (`functions/f.pp`) not loaded yet, which a call reaches before a module's function
    /// of that name (a native version of stdlib's included) but after Puppet's own; returns
    /// whether it is now defined. Every way of calling by name asks it (a call, `call()`,
    /// a template's `call_function`).
    pub(crate) fn load_environment_function(&mut self, name: &str) -> Result<bool, Error> {
        Ok(!crate::names::is_qualified(name)
            && self.env.dir.is_some()
            && !self.functions.contains_key(name)
            && self
                .callable_builtin(name)
                .is_none_or(|b| b.module.is_some())
            && self.autoload(crate::env::modules::Kind::Function, name)?
            && self.functions.contains_key(name))
    }

    /// Calls `b`, a built-in of Puppet's own (no module's) found under its name, as
    /// [`Evaluator::call_named_with`] calls it (for compiled code, which found it before
    /// and knows no function of the name is defined; never while debugging).
    pub(super) fn call_known_builtin(
        &mut self,
        b: &'static Builtin,
        args: &[Value],
        closure: Option<&Closure>,
        style: CallStyle,
        span: Span,
    ) -> EvalResult {
        debug_assert!(b.module.is_none() && !self.debugging);
        self.args_from_ruby = false;
        self.invoke_builtin(b, args, closure, span)
            .map_err(|flow| call_failed(flow, b.name, style, span))
    }

    /// Runs built-in `b` called at `span`: it is the current built-in (its signatures
    /// word its argument errors) and the innermost call site while it runs; the span of a
    /// `break`/`next`/`return` is kept for the error should it escape.
    #[inline]
    fn invoke_builtin(
        &mut self,
        b: &'static Builtin,
        args: &[Value],
        closure: Option<&Closure>,
        span: Span,
    ) -> EvalResult {
        let outer = std::mem::replace(&mut self.current_builtin, b.name);
        let outer_signatures = std::mem::replace(&mut self.current_signatures, b.signatures);
        self.call_span = span;
        self.call_sites.push(&self.source, Some(span));
        let r = (b.call)(self, args, closure);
        self.call_sites.pop();
        self.current_builtin = outer;
        self.current_signatures = outer_signatures;
        if matches!(r, Err(Flow::Break | Flow::Next(_) | Flow::Return(_)))
            && matches!(b.name, "break" | "next" | "return")
        {
            self.control_span = span;
        }
        r
    }

    /// Runs a module's function written in Ruby (`rubyfn`), called at `span`.
    fn call_ruby_function(
        &mut self,
        name: &str,
        found: &crate::functions::rubyfn::Found,
        args: &[Value],
        closure: Option<&Closure>,
        span: Span,
    ) -> EvalResult {
        self.call_span = span;
        self.call_sites.push(&self.source, Some(span));
        let r = crate::functions::rubyfn::call(self, name, found, args, closure);
        self.call_sites.pop();
        r
    }

    /// [`Evaluator::enter`] a call whose arguments are on the slot stack from `base`: when
    /// it may not, they are dropped.
    #[inline(always)]
    pub(super) fn enter_above(&mut self, base: usize) -> Result<(), Flow> {
        self.enter().map_err(|e| {
            self.slots.truncate(base);
            e.into()
        })
    }

    #[inline(always)]
    fn enter(&mut self) -> Result<(), Error> {
        self.check_interrupt()?;
        if self.depth >= MAX_CALL_DEPTH {
            return Err(too_deep());
        }
        self.depth += 1;
        Ok(())
    }

    /// Runs `body` in a new frame; restores the caller's frame and match scope afterwards.
    /// The frame's slots start at `base` of the slot stack: those above it (arguments
    /// evaluated into it) are its first ones, the others start empty.
    pub(super) fn with_frame<T>(
        &mut self,
        layout: Rc<Layout>,
        base: usize,
        parent: Option<usize>,
        fresh_matches: bool,
        body: impl FnOnce(&mut Evaluator, usize) -> EvalResult<T>,
    ) -> EvalResult<T> {
        let entered = self.push_frame(layout, base, parent, fresh_matches)?;
        let result = body(self, entered.index);
        self.pop_frame(entered);
        result
    }

    /// Enters a new frame (see [`Evaluator::with_frame`]); [`Evaluator::pop_frame`] leaves
    /// it. When the call depth is at its limit, the slots above `base` are dropped.
    #[inline(always)]
    pub(super) fn push_frame(
        &mut self,
        layout: Rc<Layout>,
        base: usize,
        parent: Option<usize>,
        fresh_matches: bool,
    ) -> Result<Entered, Flow> {
        self.enter_above(base)?;
        // A frame has a few slots: pushed one by one, with no call.
        for _ in self.slots.len()..base + layout.names.len() {
            self.slots.push(None);
        }
        // (a function's frame: fresh match variables; a lambda's: its class's or define's)
        let named_scope = match &self.scope {
            Some(scope) if !fresh_matches => Rc::as_ptr(scope) as usize,
            _ => 0,
        };
        self.frames.push(Frame {
            base,
            layout,
            parent,
            named_scope,
        });
        let index = self.frames.len() - 1;
        Ok(Entered {
            index,
            saved_current: self.current.replace(index),
            saved_matches: if fresh_matches {
                self.matches.take()
            } else {
                self.matches.clone()
            },
        })
    }

    /// Leaves the frame [`Evaluator::push_frame`] entered: the caller's frame and match
    /// scope are back, the frame's slots are dropped.
    #[inline(always)]
    pub(super) fn pop_frame(&mut self, entered: Entered) {
        self.matches = entered.saved_matches;
        self.current = entered.saved_current;
        // The frame's body leaves the frame stack as it found it: the frame is the last one.
        debug_assert_eq!(self.frames.len(), entered.index + 1);
        let base = self.frames.pop().map_or(self.slots.len(), |f| f.base);
        self.truncate_slots(base);
        self.depth -= 1;
    }

    /// Drops the slots from `base` up (values that own nothing without a call of their
    /// drop).
    #[inline(always)]
    pub(super) fn truncate_slots(&mut self, base: usize) {
        while self.slots.len() > base {
            match self.slots.pop() {
                Some(Some(
                    v @ (Value::Undef | Value::Boolean(_) | Value::Integer(_) | Value::Float(_)),
                )) => std::mem::forget(v),
                other => drop(other),
            }
        }
    }

    /// The slots of frame `fi`.
    pub(crate) fn frame_slots(&self, fi: usize) -> &[Option<Value>] {
        let frame = &self.frames[fi];
        &self.slots[frame.base..frame.base + frame.layout.names.len()]
    }

    /// Calls a lambda with arguments. `next(v)` makes it return `v`; `break()` and `return()`
    /// propagate to the function that iterates (or the enclosing function).
    pub fn call_closure(&mut self, c: &Closure, args: &[Value]) -> EvalResult {
        self.call_closure_with(c, Args::Shared(args))
    }

    /// Like `call_closure`, but the lambda's parameters take the arguments' values (leaving
    /// `undef` in `args`), so that a collection passed along is not shared, and not copied
    /// when the lambda builds on it.
    pub fn call_closure_owned(&mut self, c: &Closure, args: &mut [Value]) -> EvalResult {
        self.call_closure_with(c, Args::Owned(args))
    }

    /// Whether running the lambda may end in `break()` (it calls `break`, `call`, or a
    /// function that is not a built-in, any of which may break).
    pub fn may_break(&self, c: &Closure) -> bool {
        c.layout.calls.iter().any(|name| {
            matches!(&**name, "break" | "call")
                || self.functions.contains_key(name)
                || self.builtin(name).is_none()
        })
    }

    fn call_closure_with(&mut self, c: &Closure, mut args: Args) -> EvalResult {
        if let Some(n) = &c.native {
            return n.call(self, args.rest(0, args.len()));
        }
        let base = self.slots.len();
        // The common case: untyped parameters without defaults and enough arguments (extra
        // ones are dropped), which go straight into the frame's first slots.
        let arity = c.layout.arity;
        let plain = arity.plain && args.len() >= arity.max;
        if plain {
            for i in 0..arity.max {
                let v = args.take(i);
                self.slots.push(v);
            }
        }
        let owner = self.current_builtin;
        let result = self.with_frame(c.layout.clone(), base, c.frame, false, |ev, frame| {
            ev.lambda_body(c, frame, plain, args, owner, true)
        })?;
        self.lambda_result(c, result)
    }

    /// Runs a lambda's body in its `frame`, binding `args` first unless they are bound
    /// already; `next(v)` gives `v`. (`owner`: the function calling it, for errors;
    /// `kept`: whether to run its compiled body kept across calls, `closure_code`.)
    pub(super) fn lambda_body(
        &mut self,
        c: &Closure,
        frame: usize,
        bound: bool,
        args: Args,
        owner: &'static str,
        kept: bool,
    ) -> EvalResult {
        if !bound {
            self.bind_params(&Callee::Block(owner), &c.lambda.params, args, frame)?;
        }
        if self.debugging {
            return self.debug_lambda_body(c, owner);
        }
        if kept && self.compile_functions {
            if let Some(code) = self.closure_code(&c.lambda, &c.layout) {
                // (it sets no match variable)
                return match code(self, self.frames[frame].base) {
                    Ok(v) | Err(Flow::Next(v)) => Ok(v),
                    Err(e) => Err(e),
                };
            }
        }
        match self.eval_block(&c.lambda.body) {
            Ok(v) | Err(Flow::Next(v)) => Ok(v),
            Err(e) => Err(e),
        }
    }

    /// [`Evaluator::lambda_body`] while debugging: the body as a frame of the stack.
    #[cold]
    #[inline(never)]
    fn debug_lambda_body(&mut self, c: &Closure, owner: &'static str) -> EvalResult {
        let r = self.debug_body(
            super::debug::FrameKind::Lambda,
            owner.into(),
            None,
            c.lambda.span,
            &c.lambda.body,
        );
        match r {
            Ok(v) | Err(Flow::Next(v)) => Ok(v),
            Err(e) => Err(e),
        }
    }

    /// A lambda's value, checked against its return type (out of its frame).
    pub(super) fn lambda_result(&mut self, c: &Closure, value: Value) -> EvalResult {
        if let Some(rt) = &c.lambda.return_type {
            self.check_return(rt, &value, "lambda")?;
        }
        Ok(value)
    }

    pub(super) fn check_return(
        &mut self,
        type_expr: &Expr,
        value: &Value,
        who: &str,
    ) -> EvalResult<()> {
        let t = self.type_of_expr(type_expr)?;
        if !types::is_instance(&t, value) {
            return Err(Error::eval(types::mismatch::wrong_type(
                &format!("value returned from {who}"),
                &types::describe_mismatches(&t, value),
            ))
            .into());
        }
        Ok(())
    }

    /// The type a parameter or return type expression denotes; constant expressions are
    /// evaluated once.
    pub(super) fn type_of_expr(&mut self, e: &Expr) -> EvalResult<Rc<PType>> {
        if let Some(t) = self.cached_type(e) {
            return Ok(t);
        }
        match self.eval(e)? {
            Value::Type(t) => {
                if is_constant(e) {
                    self.cache_type(e, &t);
                }
                Ok(t)
            }
            other => Err(Error::eval(format!(
                "A parameter type must be a Type, got {}",
                crate::describe::a_an(&other)
            ))
            .at(e.span)
            .into()),
        }
    }

    /// Binds arguments to parameters left to right in the new frame, evaluating defaults in
    /// the parameter scope (each with a fresh match scope) and checking types.
    pub(super) fn bind_params(
        &mut self,
        callee: &Callee,
        params: &[Param],
        mut args: Args,
        frame: usize,
    ) -> EvalResult<()> {
        let Arity {
            required,
            max,
            misplaced,
            plain,
        } = self.frames[frame].layout.arity;
        // Untyped parameters without defaults, one argument each (a function called by
        // `call()`, as a method or with `*`; plain lambdas are bound by `call_closure_with`).
        let lambda = matches!(callee, Callee::Block(_));
        if plain && args.len() == max {
            let base = self.frames[frame].base;
            for (i, slot) in self.slots[base..base + max].iter_mut().enumerate() {
                *slot = args.take(i);
            }
            return Ok(());
        }
        if let Some(i) = misplaced {
            let p = &params[i];
            let message = format!(
                "Parameter ${} is required but appears after optional parameters",
                p.name
            );
            return Err(Error::eval(message).at(p.span).into());
        }
        // A lambda takes what it is given: a missing argument is an error, extra ones are dropped.
        let given = if lambda {
            args.len().min(max)
        } else {
            args.len()
        };
        if lambda && given < required {
            let p = &params[given];
            let message = format!("Parameter ${} is required but no value was given", p.name);
            return Err(Error::eval(message).at(p.span).into());
        }
        if given < required || given > max {
            return Err(wrong_count(&callee.label(), required, max, given).into());
        }
        // An Array type on the rest parameter is the type of each of its arguments and, for
        // a function, the range of their count (`Array[Integer, 1, 2] *$r`), as the reference
        // reads it.
        let mut rest_elements: Option<Rc<PType>> = None;
        if let Some(Param {
            captures_rest: true,
            type_expr: Some(te),
            ..
        }) = params.last()
        {
            if let PType::Array(elem, size) = &*self.type_of_expr(te)? {
                let fixed = params.len() - 1;
                let (least, most) = (size.from.max(0) as usize, size.to);
                let elem: PType = (**elem).clone();
                let most = if most == i64::MAX {
                    usize::MAX
                } else {
                    fixed.saturating_add(most.max(0) as usize)
                };
                let n = given.saturating_sub(fixed);
                if !lambda && (n < least || given > most) {
                    let min = required.max(fixed.saturating_add(least));
                    return Err(wrong_count(&callee.label(), min, most, given).into());
                }
                rest_elements = Some(Rc::new(elem));
            }
        }
        // The first argument refused whose refusal the reference does not describe (a
        // `Collection` of the wrong size): it reports the next one it describes, else the
        // signature alone.
        let mut undescribed: Option<(usize, Rc<PType>, Value)> = None;
        for (i, p) in params.iter().enumerate() {
            if undescribed.is_some() && i >= given {
                break;
            }
            let value = if p.captures_rest {
                if i >= given && p.default.is_some() {
                    self.eval_default(callee, p, frame)?
                } else {
                    Value::array(args.rest(i, given))
                }
            } else if let Some(a) = (i < given).then(|| args.take(i)).flatten() {
                a
            } else {
                self.eval_default(callee, p, frame)?
            };
            if let Some(te) = &p.type_expr {
                let t = match (&rest_elements, p.captures_rest) {
                    (Some(elem), true) => elem.clone(),
                    _ => self.type_of_expr(te)?,
                };
                let ok = if p.captures_rest {
                    match &value {
                        Value::Array(items) => items.iter().all(|v| types::is_instance(&t, v)),
                        v => types::is_instance(&t, v),
                    }
                } else {
                    types::is_instance(&t, &value)
                };
                if !ok {
                    let described =
                        |v: &Value| !types::mismatch::describe_mismatch(&t, v).is_empty();
                    let shown = match (&value, p.captures_rest) {
                        (Value::Array(items), true) => {
                            let mut refused = items.iter().filter(|v| !types::is_instance(&t, v));
                            let first = refused.next().cloned().unwrap_or(Value::Undef);
                            match described(&first) {
                                true => first,
                                false => refused.find(|v| described(v)).cloned().unwrap_or(first),
                            }
                        }
                        _ => value.clone(),
                    };
                    if described(&shown) {
                        return Err(self.param_mismatch(callee, params, p, &t, &shown).into());
                    }
                    undescribed.get_or_insert((i, t.clone(), shown));
                }
            }
            let base = self.frames[frame].base;
            self.slots[base + i] = Some(value);
        }
        match undescribed {
            Some((i, t, v)) => Err(self
                .param_mismatch(callee, params, &params[i], &t, &v)
                .into()),
            None => Ok(()),
        }
    }

    /// `'f' parameter 'x' expects ...`, or, when the value fails the type in several ways,
    /// the reference's listing of the signature with one `rejected:` line per reason.
    pub(super) fn param_mismatch(
        &mut self,
        callee: &Callee,
        params: &[Param],
        p: &Param,
        t: &PType,
        value: &Value,
    ) -> Error {
        // The reference describes an argument only where its detailed type is not assignable
        // to the parameter's: where it is (a hash whose keys no `Struct` of optional members
        // names, which a type cannot tell), nothing is described.
        let type_level = types::infer_fully(value, types::Fidelity::Detailed)
            .is_some_and(|vt| types::is_assignable(t, &vt));
        let reasons = match type_level {
            true => Vec::new(),
            false => types::mismatch::describe_signature_mismatches(t, value),
        };
        // Several reasons are listed under the signature; none (a wrong size for a
        // `Collection`, a value an unparameterized `Optional` refuses) leave the signature
        // alone, as the reference words it.
        let listed = reasons.len() >= 2
            || (reasons.is_empty()
                && (type_level || types::mismatch::describe_mismatch(t, value).is_empty()));
        if listed {
            // Each parameter's type (of the rest, the type of each argument) and how many
            // arguments the signature requires: the required parameters' and the least
            // count of the rest (`Array[Integer, 1] *$r`); whether the rest is unbounded.
            let mut required = 0;
            let mut unbounded = false;
            let shown: Vec<Option<Rc<PType>>> = params
                .iter()
                .map(|q| {
                    let t = q
                        .type_expr
                        .as_ref()
                        .and_then(|te| self.type_of_expr(te).ok());
                    match (q.captures_rest, t.as_deref()) {
                        (true, Some(PType::Array(elem, size))) => {
                            required += size.from.max(0) as usize;
                            unbounded = size.to == i64::MAX;
                            Some(Rc::new((**elem).clone()))
                        }
                        (true, _) => {
                            unbounded = true;
                            t
                        }
                        (false, _) => {
                            required += usize::from(q.default.is_none());
                            t
                        }
                    }
                })
                .collect();
            // `Integer y?` past the required ones (a bare `Optional[T]` shown as `T`), `String
            // r*` for an unbounded rest (`r+` when it needs an argument), as the reference's
            // listing of a signature.
            let signature: Vec<String> = params
                .iter()
                .zip(&shown)
                .enumerate()
                .map(|(i, (q, t))| {
                    let (mark, t) = if unbounded && i == params.len() - 1 {
                        (
                            if required == params.len() { "+" } else { "*" },
                            t.as_deref(),
                        )
                    } else if i >= required {
                        let inner = match t.as_deref() {
                            Some(PType::Optional(Some(inner))) => Some(&**inner),
                            other => other,
                        };
                        ("?", inner)
                    } else {
                        ("", t.as_deref())
                    };
                    // (an alias with its definition, as the reference lists it)
                    let ty = t.map_or_else(|| "Any".into(), types::alias_display);
                    format!("{ty} {}{mark}", q.name)
                })
                .collect();
            let rejected: String = reasons
                .iter()
                .map(|r| format!("\n  rejected: parameter '{}' {r}", p.name))
                .collect();
            // (`'f' expects (...)`, for a lambda `block expects (...)`)
            return Error::eval(format!(
                "{} expects ({}){rejected}",
                callee.label(),
                signature.join(", ")
            ));
        }
        let reason = match reasons.into_iter().next() {
            Some(r) => r,
            None => types::mismatch::describe_mismatch(t, value),
        };
        Error::eval(format!(
            "{} parameter '{}' {reason}",
            callee.label(),
            p.name
        ))
    }

    fn eval_default(&mut self, callee: &Callee, p: &Param, frame: usize) -> EvalResult {
        let Some(d) = &p.default else {
            return Ok(Value::Undef);
        };
        let fname: Rc<str> = match callee {
            Callee::Function(n) | Callee::Block(n) => (*n).into(),
        };
        let saved = self.binding.replace((frame, fname, p.name.clone()));
        let saved_matches = self.matches.take();
        let r = self.eval(d);
        self.matches = saved_matches;
        self.binding = saved;
        // An illegal access to a parameter is an error of the call, not of the expression.
        r.map_err(|f| match f {
            Flow::Error(mut e)
                if e.message
                    .contains("tries to illegally access not yet evaluated") =>
            {
                e.span = None;
                Flow::Error(e)
            }
            other => other,
        })
    }
}

/// What [`Evaluator::push_frame`] saved of the caller, for [`Evaluator::pop_frame`].
pub(super) struct Entered {
    /// The new frame's index.
    pub index: usize,
    saved_current: Option<usize>,
    saved_matches: MatchData,
}

/// The error of a call past [`MAX_CALL_DEPTH`] (out of line: `enter` is on the path of
/// every call).
#[cold]
#[inline(never)]
fn too_deep() -> Error {
    Error::new(ErrorKind::Limit, "stack level too deep")
}

/// An error raised by a call itself (argument checks, `fail`), not located in Puppet code
/// run inside it, gets the reference's "Error while evaluating a ..." prefix and the call's
/// span.
#[cold]
pub(crate) fn call_failed(flow: Flow, name: &str, style: CallStyle, span: Span) -> Flow {
    match flow {
        // `import` is reported without the prefix, as by the reference.
        Flow::Error(e)
            if e.span.is_none()
                && name != "import"
                && matches!(e.kind, ErrorKind::Evaluation | ErrorKind::Failed) =>
        {
            let what = if style == CallStyle::Method {
                "Method call"
            } else {
                "Function Call"
            };
            // (a check of the call's that deferred an error is its cause: an argument's
            // pattern Ruby cannot compile, not the type mismatch that followed)
            let detail = match crate::limits::deferred_pending() {
                true => crate::limits::take_deferred_error().map_or(e.message, |d| d.message),
                false => e.message,
            };
            let message = format!("Error while evaluating a {what}, {detail}");
            // (a new error, located at the call: a location the detail ends with is the
            // quoted error's, `Failed to parse inline template: ... (line: 1, column: 16)`)
            Flow::from(
                Error {
                    message,
                    kind: ErrorKind::Evaluation,
                    quotes_located: true,
                    ..*e
                }
                .at(span),
            )
        }
        other => other,
    }
}

/// `'f' expects 2 arguments, got 1`
pub(super) fn wrong_count(callee: &str, min: usize, max: usize, got: usize) -> Error {
    let got = if got == 0 {
        "none".to_string()
    } else {
        got.to_string()
    };
    Error::eval(format!(
        "{callee} expects {}, got {got}",
        count_text(min, max)
    ))
}

fn count_text(min: usize, max: usize) -> String {
    let plural = |n: usize| if n == 1 { "argument" } else { "arguments" };
    if max == 0 {
        "no arguments".to_string()
    } else if min == max {
        format!("{min} {}", plural(min))
    } else if min == 0 && max != usize::MAX {
        format!("at most {max} {}", plural(max))
    } else if max == usize::MAX {
        format!("at least {min} {}", plural(min))
    } else {
        format!("between {min} and {max} arguments")
    }
}

/// Whether a type expression always evaluates to the same type (no variables or calls).
/// Type expressions nest as deeply as any (`Array[Array[...]]`): on more stack when needed.
pub(super) fn is_constant(e: &Expr) -> bool {
    crate::limits::deep(|| is_constant_here(e))
}

fn is_constant_here(e: &Expr) -> bool {
    use crate::syntax::ast::{ExprKind, UnaryOp};
    match &e.kind {
        ExprKind::QualifiedReference(_)
        | ExprKind::QualifiedName(_)
        | ExprKind::String(_)
        | ExprKind::Integer(_)
        | ExprKind::Float(_)
        | ExprKind::Boolean(_)
        | ExprKind::Undef
        | ExprKind::Default
        | ExprKind::Regex(_) => true,
        ExprKind::Unary(UnaryOp::Neg, x) | ExprKind::Paren(x) => is_constant(x),
        ExprKind::Access(x, keys) => is_constant(x) && keys.iter().all(is_constant),
        ExprKind::Array(items, _) => items.iter().all(is_constant),
        ExprKind::Hash(entries, _) => entries
            .iter()
            .all(|(k, v)| is_constant(k) && is_constant(v)),
        _ => false,
    }
}

/// `$obj.name(...)` on an object: an attribute's value, a constant, a native function of a
/// built-in object type, or the reference's error for a member without implementation.
/// `None` when the object has no such member (the call goes to the function of that name).
fn object_member(
    o: &crate::types::object_instance::ObjectValue,
    name: &str,
    args: &[Value],
) -> Option<Result<Value, String>> {
    use crate::types::object_instance::Access;
    if let Some(v) = crate::types::pcore::native_function(o, name) {
        return Some(Ok(v));
    }
    let extra_args = args.len();
    if let Some((owner, crate::types::object::MemberRef::Function(i))) = o.typ.member(name) {
        let f = &owner.functions[i];
        if let Err(e) = declared_function_args(&f.typ, args) {
            return Some(Err(format!("'function {}[{name}]' {e}", owner.label())));
        }
    }
    Some(match o.access(name)? {
        Access::Value(_) if extra_args > 0 => {
            let (owner, _) = o.typ.member(name)?;
            Err(format!(
                "'attribute {}[{name}]' expects no arguments, got {extra_args}",
                owner.label()
            ))
        }
        Access::Value(v) => Ok(v),
        Access::NotImplemented(what) => Err(format!("no method is implemented for {what}")),
    })
}

/// The arguments of a call of an object type's declared function checked against its
/// `Callable` type, as the reference dispatches it before finding no implementation: the
/// count (`expects 2 arguments, got 1`), then each type (its parameters have no names:
/// `parameter '' expects a String value, got Integer`).
fn declared_function_args(t: &PType, args: &[Value]) -> Result<(), String> {
    let PType::Callable(c) = &t.resolved() else {
        return Ok(());
    };
    let Some((types, range)) = &c.params else {
        return Ok(());
    };
    let (min, max) = match range {
        Some(r) => (
            r.from.max(0) as usize,
            usize::try_from(r.to).unwrap_or(usize::MAX),
        ),
        None => (types.len(), types.len()),
    };
    if args.len() < min || args.len() > max {
        let got = if args.is_empty() {
            "none".to_string()
        } else {
            args.len().to_string()
        };
        return Err(format!("expects {}, got {got}", count_text(min, max)));
    }
    for (i, v) in args.iter().enumerate() {
        // (past the types given, the last one repeats)
        let Some(ty) = types.get(i).or(types.last()) else {
            break;
        };
        if !crate::types::is_instance(ty, v) {
            return Err(format!(
                "parameter '' {}",
                crate::types::describe_mismatch(ty, v)
            ));
        }
    }
    Ok(())
}

/// Where the name of a method call (`receiver.name(...)`) is in the call's span: the first
/// `.name` there that is not part of a longer name; the whole span when none is found.
fn method_name_span(text: &str, span: Span, name: &str) -> Span {
    let (start, end) = (span.start as usize, span.end as usize);
    let Some(code) = text.get(start..end) else {
        return span;
    };
    let is_word = |c: char| c.is_alphanumeric() || c == '_' || c == ':';
    let mut from = 0;
    while let Some(i) = code[from..].find(name).map(|i| i + from) {
        let before = code[..i].trim_end();
        let after = code[i + name.len()..].chars().next();
        if before.ends_with('.') && !after.is_some_and(is_word) {
            return Span::new(start + i, start + i + name.len());
        }
        from = i + name.len();
    }
    span
}

#[cfg(test)]
mod tests {
    /// Binding arguments (the plain fast path and the checked one) and the integer fast
    /// path, with the reference's answers.
    const CASES: &[(&str, &str)] = &[
        (
            "with(1, 2, 3) |$a, $b| { [$a, $b] }",
            "[1, 2]",
        ),
        (
            "with(1) |$a, $b| { [$a, $b] }",
            "Parameter $b is required but no value was given",
        ),
        (
            "function f($a, $b) { [$a, $b] } f(1, 2, 3)",
            "Error while evaluating a Function Call, 'f' expects 2 arguments, got 3",
        ),
        (
            "function f($a, $b) { [$a, $b] } f(1)",
            "Error while evaluating a Function Call, 'f' expects 2 arguments, got 1",
        ),
        (
            "function f($a, $b) { [$b, $a] } f(1, [2])",
            "[[2], 1]",
        ),
        (
            "[1, 2].map |$x| { [$x * 3, 7 % 2, -7 % 2, -7 / 2, 9223372036854775807 + 0] }",
            "[[3, 1, 1, -4, 9223372036854775807], [6, 1, 1, -4, 9223372036854775807]]",
        ),
        (
            "9223372036854775807 + 1",
            "A '+' expression resulted in a value outside of Puppet Integer max range, got '+0x8000000000000000'",
        ),
    ];

    #[test]
    fn calls_bind_and_compute_as_the_reference() {
        for (src, expected) in CASES {
            assert_eq!(
                crate::test_support::value_or_message(src),
                *expected,
                "{src}"
            );
        }
    }
}
