//! Calling a function written in Puppet (`function f(Integer $n) >> Integer { ... }`).
//!
//! A definition is kept with what every call needs (its frame layout, the file it was read
//! from), so a call looks up nothing but the function's name. A call written with exactly
//! one argument per parameter, none spread with `*`, and parameter types that are constant
//! (the usual case, and every recursive call) evaluates its arguments straight into the
//! new frame's slots; any other call binds them as a lambda's are bound (`call`). From the
//! second call that binds directly on (the first evaluates the parameter types), a body
//! that compiles (`compiled`) runs compiled, with no frame of its own.

use super::call::{Args, Callee};
use super::compiled::Code;
use super::scope::Layout;
use super::{EvalResult, Evaluator, Flow};
use crate::cow::CowRc;
use crate::error::{Error, Source};
use crate::syntax::ast::{CallSite, CallStyle, Expr, ExprKind, FunctionDef, Span, UnaryOp};
use crate::types::{self, PType};
use crate::values::Value;
use rustc_hash::FxHashMap as HashMap;
use std::cell::{OnceCell, Ref, RefCell};
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};

/// The Puppet functions defined so far: by name, and in a table a call site keeps its
/// callee's index into ([`CallSite`]), so a call looks its name up once, not at every call.
/// A clone is cheap (shared, copied when written: the session keeps one from before each
/// input).
#[derive(Clone)]
pub struct Functions {
    index: CowRc<HashMap<Rc<str>, u32>>,
    table: CowRc<Vec<Rc<UserFunction>>>,
    /// Drawn anew from [`GENERATIONS`] at each change: a call site's index is good while
    /// its generation is this one.
    generation: u64,
}

/// The process-wide counter of [`Functions::generation`]s (unique across evaluators, which
/// may share a syntax tree and so its call sites).
static GENERATIONS: AtomicU64 = AtomicU64::new(1);

/// A call site keeps a generation in the high 40 bits of its word (a trillion changes of
/// function sets before one could come again) and a table index in the low 24.
const INDEX_BITS: u32 = 24;
const INDEX_MASK: u64 = (1 << INDEX_BITS) - 1;

fn next_generation() -> u64 {
    (GENERATIONS.fetch_add(1, Ordering::Relaxed) << INDEX_BITS) & !INDEX_MASK
}

/// A call site's index when its name is no Puppet function (or the table is too big to
/// index from a site).
const NONE: u64 = INDEX_MASK;

impl Default for Functions {
    fn default() -> Functions {
        Functions {
            index: Default::default(),
            table: Default::default(),
            generation: next_generation(),
        }
    }
}

impl Functions {
    pub fn get(&self, name: &str) -> Option<&Rc<UserFunction>> {
        self.index
            .get(name)
            .and_then(|&i| self.table.get(i as usize))
    }

    pub fn contains_key(&self, name: &str) -> bool {
        self.index.contains_key(name)
    }

    pub fn keys(&self) -> impl Iterator<Item = &Rc<str>> {
        self.index.keys()
    }

    /// Defines `f` (replacing a function of the same name); returns the one replaced.
    pub fn insert(&mut self, f: UserFunction) -> Option<Rc<UserFunction>> {
        self.generation = next_generation();
        let f = Rc::new(f);
        match self.index.get(&f.def.name) {
            Some(&i) => Some(std::mem::replace(&mut self.table[i as usize], f)),
            None => {
                let i = self.table.len() as u32;
                self.index.insert(f.def.name.clone(), i);
                self.table.push(f);
                None
            }
        }
    }

    /// Puts back the functions `saved` (a clone of these from before): call sites that
    /// found a function since look again.
    pub fn restore(&mut self, saved: Functions) {
        *self = saved;
        self.generation = next_generation();
    }

    /// Forgets the function `name` (its file changed: the next call loads it again).
    pub fn remove(&mut self, name: &str) -> Option<Rc<UserFunction>> {
        let i = *self.index.get(name)?;
        self.generation = next_generation();
        self.index.remove(name);
        // (the table keeps its place, so that the other indexes stay good)
        self.table.get(i as usize).cloned()
    }

    /// The function a call of `name` at `site` calls: what the site found before, while no
    /// function has been defined since (in this evaluator), else looked up and kept there.
    /// (Always inlined, its look-up out of line: left to the compiler, where it was inlined
    /// depended on unrelated code, and recursive calls cost 4% more when it was not.)
    #[inline(always)]
    pub fn find(&self, name: &str, site: &CallSite) -> Option<Rc<UserFunction>> {
        let kept = site.0.get();
        let index = if kept & !INDEX_MASK == self.generation {
            kept & INDEX_MASK
        } else {
            self.look_up(name, site)
        };
        if index == NONE {
            return None;
        }
        self.table.get(index as usize).cloned()
    }

    /// The index of the function `name` (`NONE`: none), kept at `site`.
    #[inline(never)]
    fn look_up(&self, name: &str, site: &CallSite) -> u64 {
        let index = self
            .index
            .get(name)
            .map_or(NONE, |&i| u64::from(i).min(NONE));
        site.0.set(self.generation | index);
        index
    }
}

/// A function written in Puppet, with what each call needs at hand.
pub struct UserFunction {
    pub def: Rc<FunctionDef>,
    /// Its frame's layout (from `resolve`).
    pub layout: Rc<Layout>,
    /// The file it was read from: its body runs there (resources it declares and the calls
    /// it makes are located there, and so are its errors).
    pub source: Rc<Source>,
    /// One argument per parameter binds directly: every parameter is required, none
    /// captures the rest, and each type is a constant expression (it cannot read the
    /// parameters bound before it).
    direct: bool,
    /// The parameters' types (when `direct`) and the return type (when constant), as
    /// evaluated in the evaluator's `type_generation` given.
    types: RefCell<Option<KnownTypes>>,
    /// The body compiled (`compiled`), made at the first call that binds directly after the
    /// parameters' types are known; `None` inside when the body is not one that compiles.
    compiled: OnceCell<Option<Code>>,
}

struct KnownTypes {
    generation: u64,
    params: Vec<Option<Rc<PType>>>,
    returned: Option<Rc<PType>>,
}

impl UserFunction {
    pub fn new(def: Rc<FunctionDef>, layout: Rc<Layout>, source: Rc<Source>) -> UserFunction {
        let arity = layout.arity;
        let direct = arity.required == arity.max
            && arity.misplaced.is_none()
            && def
                .params
                .iter()
                .all(|p| p.type_expr.as_ref().is_none_or(super::call::is_constant));
        UserFunction {
            def,
            layout,
            source,
            direct,
            types: RefCell::new(None),
            compiled: OnceCell::new(),
        }
    }

    /// Whether the body is compiled (`None`: not tried yet).
    #[cfg(test)]
    pub(crate) fn is_compiled(&self) -> Option<bool> {
        self.compiled.get().map(Option::is_some)
    }

    /// The compiled body, once compiled.
    #[cfg(test)]
    pub(crate) fn compiled_code(&self) -> Option<&Code> {
        self.compiled.get().and_then(Option::as_ref)
    }

    /// Whether a call with `count` arguments, none spread with `*`, binds them directly.
    pub(super) fn binds_directly(&self, count: usize) -> bool {
        self.direct && count == self.layout.arity.max
    }
}

impl Evaluator {
    /// A call of `f` written with the argument expressions `args`: evaluated into the
    /// frame's slots when the call binds directly, else as a list given to
    /// [`Evaluator::call_function`].
    pub(super) fn call_user_function(
        &mut self,
        f: &Rc<UserFunction>,
        args: &[Expr],
        style: CallStyle,
        span: Span,
    ) -> EvalResult {
        let direct = f.binds_directly(args.len())
            && !args
                .iter()
                .any(|a| matches!(a.kind, ExprKind::Unary(UnaryOp::Splat, _)));
        let r = if direct {
            let base = self.push_arguments(args, |ev, a| ev.eval(a))?;
            self.call_sites.push(&self.source, Some(span));
            self.call_bound(f, base)
        } else {
            let values = self.eval_list(args)?;
            self.call_sites.push(&self.source, Some(span));
            self.call_function(f, values, None)
        };
        self.call_sites.pop();
        r.map_err(|flow| super::call::call_failed(flow, &f.def.name, style, span))
    }

    /// Evaluates `args` in order onto the slot stack, where the new frame of a call that
    /// binds directly starts (calls made while evaluating an argument put their frames
    /// above it); returns that start. An argument that fails takes the ones before it off.
    #[inline]
    pub(super) fn push_arguments<A>(
        &mut self,
        args: &[A],
        mut eval: impl FnMut(&mut Evaluator, &A) -> EvalResult,
    ) -> EvalResult<usize> {
        let base = self.slots.len();
        for a in args {
            match eval(self, a) {
                Ok(v) => self.slots.push(Some(v)),
                Err(flow) => {
                    self.truncate_slots(base);
                    return Err(flow);
                }
            }
        }
        Ok(base)
    }

    /// Calls `f` with argument values (from `call()`, a method call, or a call that does
    /// not bind directly).
    pub fn call_function(
        &mut self,
        f: &Rc<UserFunction>,
        mut args: Vec<Value>,
        block: Option<&super::Closure>,
    ) -> EvalResult {
        let def = &f.def;
        if block.is_some() {
            // Puppet functions take no block: the argument count is checked first.
            let arity = f.layout.arity;
            if args.len() >= arity.required && args.len() <= arity.max {
                return Err(Error::eval(format!("'{}' does not expect a block", def.name)).into());
            }
            return Err(super::call::wrong_count(
                &format!("'{}'", def.name),
                arity.required,
                arity.max,
                args.len(),
            )
            .into());
        }
        let base = self.slots.len();
        self.run_function(f, base, |ev, frame| {
            let callee = Callee::Function(&def.name);
            ev.bind_params(&callee, &def.params, Args::Owned(&mut args), frame)
        })
    }

    /// Runs `f` with its arguments bound directly at `base` of the slot stack: compiled
    /// when their types are known and pass and its body compiles (see `compiled`), else
    /// walked.
    ///
    /// (Inlined where it is called, with only the usual call, a compiled body whose types
    /// are known, written out; the first calls and the walked bodies are out of line in
    /// [`Evaluator::call_bound_otherwise`]. With both in one function, every call saved six
    /// registers and set up a 0x208-byte frame for a walk it did not take.)
    #[inline(always)]
    pub(super) fn call_bound(&mut self, f: &UserFunction, base: usize) -> EvalResult {
        match f.compiled.get() {
            Some(Some(code)) if !self.debugging => {
                if !self.known_params_pass(f, base) {
                    return self.call_checking_types(f, base);
                }
                self.run_compiled(f, code, base)
            }
            _ => self.call_bound_otherwise(f, base),
        }
    }

    /// [`Evaluator::call_bound`] when the body is not compiled (yet) or runs walked.
    #[inline(never)]
    fn call_bound_otherwise(&mut self, f: &UserFunction, base: usize) -> EvalResult {
        if !self.known_params_pass(f, base) {
            return self.call_checking_types(f, base);
        }
        // (while debugging, bodies run walked: their statements can be stepped through)
        match self.compiled_body(f).filter(|_| !self.debugging) {
            Some(code) => self.run_compiled(f, code, base),
            None => self.run_function(f, base, |_, _| Ok(())),
        }
    }

    /// Runs `f`'s body walked, its parameters' types evaluated and checked (the first call,
    /// or the types known do not pass or are no longer known).
    #[inline(never)]
    fn call_checking_types(&mut self, f: &UserFunction, base: usize) -> EvalResult {
        self.run_function(f, base, |ev, frame| ev.check_param_types(f, frame))
    }

    /// `f`'s compiled body, compiled at the first call that asks.
    fn compiled_body<'f>(&self, f: &'f UserFunction) -> Option<&'f Code> {
        f.compiled
            .get_or_init(|| {
                self.compile(f.def.params.len(), false, &f.def.body, &f.layout, &f.source)
                    .map(|b| b.code)
            })
            .as_ref()
    }

    /// Runs `f`'s compiled body on the arguments at `base`: no frame, scope or match scope
    /// of its own, as it uses none.
    #[inline(always)]
    fn run_compiled(&mut self, f: &UserFunction, code: &Code, base: usize) -> EvalResult {
        self.enter_above(base)?;
        let outcome = code(self, base);
        self.truncate_slots(base);
        self.depth -= 1;
        match outcome {
            Ok(v) if self.known_return_passes(f, &v) => Ok(v),
            outcome => self.function_result(f, outcome),
        }
    }

    /// Runs `f`'s body in a new frame at `base` of the slot stack (above it: the arguments
    /// bound directly, or nothing), after `bind` has bound or checked its parameters.
    fn run_function(
        &mut self,
        f: &UserFunction,
        base: usize,
        bind: impl FnOnce(&mut Evaluator, usize) -> EvalResult<()>,
    ) -> EvalResult {
        let entered = self.push_frame(f.layout.clone(), base, None, true)?;
        // A function sees only its own variables and the top scope.
        let saved_scope = self.scope.take();
        let saved_source = (!Rc::ptr_eq(&self.source, &f.source))
            .then(|| std::mem::replace(&mut self.source, f.source.clone()));
        let outcome = match bind(self, entered.index) {
            Ok(()) if self.debugging => self.debug_body(
                super::debug::FrameKind::Function,
                f.def.name.clone(),
                None,
                f.def.span,
                &f.def.body,
            ),
            Ok(()) => self.eval_block(&f.def.body),
            Err(e) => Err(e),
        };
        if let Some(source) = saved_source {
            self.source = source;
        }
        self.scope = saved_scope;
        self.pop_frame(entered);
        self.function_result(f, outcome)
    }

    /// What a call of `f` returns, its body's `outcome` given: the value, checked against
    /// the return type, or the error, located in `f`'s file.
    fn function_result(&mut self, f: &UserFunction, outcome: EvalResult) -> EvalResult {
        let (result, returned) = match outcome {
            Ok(v) => (v, false),
            // The reference does not check the type of a value given to `return()`.
            Err(Flow::Return(v)) | Err(Flow::Next(v)) => (v, true),
            // An error located in the body points into the file the function was read from.
            Err(Flow::Error(e)) if e.span.is_some() && e.source.is_none() => {
                return Err(Flow::from(e.in_source(&f.source)));
            }
            Err(other) => return Err(other),
        };
        if let (Some(rt), false) = (&f.def.return_type, returned) {
            // (checked in place, without a clone of the type's `Rc`)
            let passes = self.known_types(f).is_some_and(|k| {
                k.returned
                    .as_ref()
                    .is_some_and(|t| types::is_instance(t, &result))
            });
            if !passes {
                self.check_return(rt, &result, &f.def.name)?;
                // A constant type is in the cache now: kept with the parameters' types.
                let generation = self.type_generation;
                if let (Some(t), Some(known)) =
                    (self.cached_type(rt), f.types.borrow_mut().as_mut())
                {
                    if known.generation == generation {
                        known.returned = Some(t);
                    }
                }
            }
        }
        Ok(result)
    }

    /// Whether the arguments at `base` pass the parameter types evaluated before (`false`
    /// when there are none, or no longer good). (Written out, with no iterator adapters:
    /// it is on the path of every call, inlined.)
    #[inline(always)]
    fn known_params_pass(&self, f: &UserFunction, base: usize) -> bool {
        let Some(known) = self.known_types(f) else {
            return false;
        };
        let args = self.slots.get(base..).unwrap_or_default();
        if args.len() < known.params.len() {
            return false;
        }
        for (i, t) in known.params.iter().enumerate() {
            if let Some(t) = t {
                match &args[i] {
                    Some(v) if types::is_instance(t, v) => {}
                    _ => return false,
                }
            }
        }
        true
    }

    /// Whether `v`, returned by `f`'s body, passes its return type without evaluating it:
    /// `f` has none, or the one kept passes (`false`: checked by `function_result`).
    #[inline(always)]
    fn known_return_passes(&self, f: &UserFunction, v: &Value) -> bool {
        if f.def.return_type.is_none() {
            return true;
        }
        self.known_types(f).is_some_and(|k| {
            k.returned
                .as_ref()
                .is_some_and(|t| types::is_instance(t, v))
        })
    }

    /// The types of the parameters bound directly, evaluated and checked in order (the
    /// first time, or when one fails).
    fn check_param_types(&mut self, f: &UserFunction, frame: usize) -> EvalResult<()> {
        let params = &f.def.params;
        let mut evaluated = Vec::with_capacity(params.len());
        // (a value refused without a description, as a `Collection` of the wrong size: the
        // reference reports the next one it describes, else the signature alone)
        let mut undescribed = None;
        for (i, p) in params.iter().enumerate() {
            let Some(te) = &p.type_expr else {
                evaluated.push(None);
                continue;
            };
            let t = self.type_of_expr(te)?;
            let value = match &self.frame_slots(frame)[i] {
                Some(v) if types::is_instance(&t, v) => {
                    evaluated.push(Some(t));
                    continue;
                }
                Some(v) => v.clone(),
                None => Value::Undef,
            };
            if types::mismatch::describe_mismatch(&t, &value).is_empty() {
                undescribed.get_or_insert((p, t, value));
                continue;
            }
            let callee = Callee::Function(&f.def.name);
            return Err(self.param_mismatch(&callee, params, p, &t, &value).into());
        }
        if let Some((p, t, value)) = undescribed {
            let callee = Callee::Function(&f.def.name);
            return Err(self.param_mismatch(&callee, params, p, &t, &value).into());
        }
        *f.types.borrow_mut() = Some(KnownTypes {
            generation: self.type_generation,
            params: evaluated,
            returned: None,
        });
        Ok(())
    }

    /// The types of `f` evaluated before, when type names still mean what they meant then.
    #[inline(always)]
    fn known_types<'f>(&self, f: &'f UserFunction) -> Option<Ref<'f, KnownTypes>> {
        let generation = self.type_generation;
        Ref::filter_map(f.types.borrow(), |t| {
            t.as_ref().filter(|k| k.generation == generation)
        })
        .ok()
    }
}

impl Evaluator {
    /// The return type a Puppet-language function of this name declares (`>> Type`), if
    /// it is one and declares one.
    pub(crate) fn declared_return_type(&mut self, name: &str) -> Result<Option<PType>, Error> {
        let Some(f) = self.functions.get(name).cloned() else {
            return Ok(None);
        };
        let Some(rt) = &f.def.return_type else {
            return Ok(None);
        };
        match self.type_of_expr(rt) {
            Ok(t) => Ok(Some((*t).clone())),
            Err(Flow::Error(e)) => Err(*e),
            Err(_) => Ok(None),
        }
    }

    /// Whether the Puppet-language function `name` (defined) takes `args` without a block,
    /// as the reference's `callable_with?` checks a call: their count, and each one's type
    /// (those after the last parameter's by a `*$rest` parameter's type).
    pub(crate) fn function_takes(&mut self, name: &str, args: &[Value]) -> Result<bool, Error> {
        let Some(f) = self.functions.get(name).cloned() else {
            return Ok(false);
        };
        let params = &f.def.params;
        let rest = params.last().is_some_and(|p| p.captures_rest);
        let fixed = params.len() - usize::from(rest);
        let required = params[..fixed]
            .iter()
            .take_while(|p| p.default.is_none())
            .count();
        if args.len() < required || (!rest && args.len() > fixed) {
            return Ok(false);
        }
        for (i, a) in args.iter().enumerate() {
            let p = &params[i.min(params.len() - 1)];
            let Some(te) = &p.type_expr else { continue };
            let t = match self.type_of_expr(te) {
                Ok(t) => t,
                Err(Flow::Error(e)) => return Err(*e),
                Err(_) => continue,
            };
            if !types::is_instance(&t, a) {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use crate::format::to_programmatic;

    /// Calls bound directly and the others, with the reference's answers (`puppet-oracle`).
    const CASES: &[(&str, &str)] = &[
        // Arguments that are calls themselves: their frames go above the arguments
        // already evaluated on the slot stack.
        (
            "function g($x) { $y = $x * 2; [$y, $x] } function f($a, $b) { $c = [$b, $a]; $c } f(g(1), f(g(2), g(3)))",
            "[[[6, 3], [4, 2]], [2, 1]]",
        ),
        (
            "function f($x) { [$x, $x] } function g() { $x = 2; f($x + 1) } g()",
            "[3, 3]",
        ),
        ("function f(Integer $a, String $b) { [$a, $b] } f(*[1, 'x'])", "[1, 'x']"),
        (
            "function f(Integer $a, String $b) { [$a, $b] } f(1, 2)",
            "Error while evaluating a Function Call, 'f' parameter 'b' expects a String value, got Integer",
        ),
        (
            "function f(Integer $a, Variant[String, Array[Integer]] $b) { [$a, $b] } f(1, [true])",
            "Error while evaluating a Function Call, 'f' expects (Integer a, Variant[String, Array[Integer]] b)\n  rejected: parameter 'b' variant 0 expects a String value, got Tuple\n  rejected: parameter 'b' variant 1 index 0 expects an Integer value, got Boolean",
        ),
        (
            "function f($a) >> String { $a } f(1)",
            "Error while evaluating a Function Call, value returned from f has wrong type, expects a String value, got Integer",
        ),
        ("function f($a) >> String { return($a) } f(1)", "1"),
        ("function f($a, $b = $a + 1) { [$a, $b] } [f(1), f(1, 5)]", "[[1, 2], [1, 5]]"),
        (
            "function f($a) { $a } f(1) |$x| { $x }",
            "Error while evaluating a Function Call, 'f' does not expect a block",
        ),
        (
            "function f($a) { $a } f(1, 2)",
            "Error while evaluating a Function Call, 'f' expects 1 argument, got 2",
        ),
        (
            "function f($a) { $a } f()",
            "Error while evaluating a Function Call, 'f' expects 1 argument, got none",
        ),
        (
            "function f($a) { fail(\"no ${a}\") } f(1)",
            "Error while evaluating a Function Call, no 1",
        ),
        (
            "function f($a) { $a } f(fail('in args'))",
            "Error while evaluating a Function Call, in args",
        ),
        ("function f($a) { $a } 'x'.f", "'x'"),
        (
            "function f(String $a) { $a } 1.f",
            "Error while evaluating a Method call, 'f' parameter 'a' expects a String value, got Integer",
        ),
    ];

    #[test]
    fn calls_of_puppet_functions_bind_as_the_reference() {
        for (src, expected) in CASES {
            assert_eq!(
                crate::test_support::value_or_message(src),
                *expected,
                "{src}"
            );
        }
    }

    /// An argument that leaves by `next()` or an error takes the arguments evaluated
    /// before it off the slot stack; the calls after it bind as before.
    #[test]
    fn a_call_left_while_evaluating_arguments_leaves_its_slots() {
        let mut s = crate::Session::new();
        s.eval("function f($a, $b) { [$a, $b] } $x = 1").unwrap();
        let v = s
            .eval("[1, 2].map |$i| { f($i, next($i * 10)) } + [f($x, f(2, 3))]")
            .unwrap();
        assert_eq!(to_programmatic(&v), "[10, 20, [1, [2, 3]]]");
        assert!(s.eval("f(1, f(2, fail('no')))").is_err());
        let v = s.eval("f($x, f(2, 3))").unwrap();
        assert_eq!(to_programmatic(&v), "[1, [2, 3]]");
    }

    /// A call keeps the function it found (`CallSite`): a function defined or redefined
    /// later is found by the calls made after, and a call that found no function looks
    /// again once one is defined.
    #[test]
    fn calls_find_functions_defined_after_them() {
        let mut s = crate::Session::new();
        let mut run = |src: &str| match s.eval(src) {
            Ok(v) => to_programmatic(&v),
            Err(e) => e.message,
        };
        assert_eq!(
            run("function f() { 1 } function g() { f() } [g(), g()]"),
            "[1, 1]"
        );
        assert_eq!(run("function f() { 2 } [g(), g()]"), "[2, 2]");
        // (an input that fails defines nothing: `h` is defined first)
        assert_eq!(run("function h() { k() }"), "undef");
        assert_eq!(run("h()"), "Unknown function: 'k'.");
        assert_eq!(run("function k() { 'k' } [h(), h()]"), "['k', 'k']");
    }

    /// Evaluators share the trees of EPP templates, so a call in one is met by each with
    /// its own functions.
    #[test]
    fn a_template_shared_by_sessions_calls_each_ones_function() {
        let mut a = crate::Session::new();
        let mut b = crate::Session::new();
        a.eval("function f() { 'A' }").unwrap();
        // `f` is not the first function of `b`: an index kept by `a` would call `other`.
        b.eval("function other() { 'other' } function f() { 'B' }")
            .unwrap();
        let render = "inline_epp('<%= f() %>')";
        let mut sessions = [a, b];
        let got: Vec<String> = [0, 1, 0, 1]
            .into_iter()
            .map(|i| to_programmatic(&sessions[i].eval(render).unwrap()))
            .collect();
        assert_eq!(got, ["'A'", "'B'", "'A'", "'B'"]);
    }

    /// A function's parameter and return types are kept between calls, and evaluated again
    /// once a type name may mean another type (a later input redefines an alias).
    #[test]
    fn kept_types_follow_a_redefined_alias() {
        let mut s = crate::Session::new();
        let run = |s: &mut crate::Session, src: &str| match s.eval(src) {
            Ok(v) => to_programmatic(&v),
            Err(e) => e.message,
        };
        assert_eq!(
            run(
                &mut s,
                "type T = Integer function f(T $x) >> T { $x } function g(Integer $x) >> T { $x } [f(1), f(2), g(3), g(4)]"
            ),
            "[1, 2, 3, 4]"
        );
        // (an input that fails defines nothing: `T` is redefined first)
        assert_eq!(run(&mut s, "type T = String"), "undef");
        assert_eq!(
            run(&mut s, "g(5)"),
            "Error while evaluating a Function Call, value returned from g has wrong type, expects a T = String value, got Integer"
        );
        assert_eq!(
            run(&mut s, "f(6)"),
            "Error while evaluating a Function Call, 'f' parameter 'x' expects a T = String value, got Integer"
        );
        assert_eq!(run(&mut s, "[f('a'), f('b')]"), "['a', 'b']");
    }
}
