//! Function bodies compiled to closures.
//!
//! A Puppet function whose body is made only of the constructs below runs compiled: each
//! expression becomes a closure that does its own work and nothing more (no dispatch on the
//! node kind, no lookup of the frame: a parameter is read at its slot from the frame's base,
//! which every closure is given). Such a body touches no evaluator state but the slot stack
//! and the match variables: it reads no variable but its parameters, reads no match
//! variable (a body that may set them, with `=~`, gives them back as they were when it
//! returns), calls no built-in function whose behaviour may depend on the scope, the frame
//! or the match variables (only those marked `scope_free`) and declares nothing. Its call
//! needs no frame, scope or match scope of its own: it is the arguments' slots, the depth
//! count and the call-site stack (`user_function`). Any other body is walked as a tree,
//! and so is every first call (which evaluates the parameter types).
//!
//! A lambda's body runs compiled (`lambda_frame`) with its frame the current one, as the
//! tree walk runs it: it may also read the variables of enclosing frames and scopes (but
//! match variables), which are read as the tree walk reads them, set its local variables
//! (`$x = value`) and call functions with a lambda (`$a.map |$y| { ... }`), made as the
//! tree walk makes them.
//!
//! Compiled: literals (`undef`, `default`, booleans, numbers, strings, bare words, regexps),
//! interpolated strings, array and hash literals (without `*`), type names and types with
//! constant arguments (kept while the types stay the same, `compiled_match`), `[]` of one
//! key on anything but a type name, parameters (and in lambdas other variables), `!` and
//! unary `-`, the binary operators but `in`, `=~` and `!~` (`compiled_match`), `and` / `or`,
//! parentheses, `if` / `unless` / `elsif` / `else`, selectors without `*` or lambda options,
//! calls by name of functions that are not built in, calls (also as methods) of the
//! built-ins marked `scope_free` (no block, no `*` argument), and in lambdas assignments
//! to a variable, calls with a lambda and calls of a type (`String($x, '%x')`). A closure
//! fails where its node would, with the error located as the tree walk locates it.

use super::compiled_match::is_type_name;
use super::expr::located;
use super::operators::{int_comparison, int_fast_path};
use super::scope::Layout;
use super::shared::KeptLiteral;
use super::{EvalResult, Evaluator};
use crate::error::Source;
use crate::functions::Builtin;
use crate::syntax::ast::{
    BinOp, CallSite, CallStyle, Expr, ExprKind, Lambda, SharedLiteral, Slot, Span, StrPart,
    UnaryOp, VarRef,
};
use crate::values::{Map, Value};
use std::cell::{Cell, OnceCell};
use std::rc::Rc;

/// A compiled expression: evaluated with the evaluator and the base of its frame's slots.
pub(super) type Code = Box<dyn Fn(&mut Evaluator, usize) -> EvalResult>;

/// A compiled condition: whether an expression's value is truthy (no value is made for a
/// comparison).
pub(super) type Test = Box<dyn Fn(&mut Evaluator, usize) -> EvalResult<bool>>;

/// A compiled body.
pub(super) struct Body {
    pub code: Code,
    /// Whether it reads variables of enclosing frames or scopes (a lambda's), which it
    /// finds from the current frame: its frame must be the current one while it runs.
    pub reads_outer: bool,
}

/// The compiled `undef` (a closure's type fixed for any lifetime of the evaluator).
fn undef() -> Code {
    Box::new(|_: &mut Evaluator, _| Ok(Value::Undef))
}

/// Bodies nested deeper than this are walked as trees (a compiled expression recurses on
/// the native stack as deep as it is nested, with no check).
const MAX_NESTING: usize = 48;

/// The compiled form of a function's or lambda's body, or `None` when it uses anything not
/// compiled. `params`: how many parameters it has (bound at the call: every slot of the
/// `layout` must be one); `builtin` finds the built-in functions.
pub(super) fn compile_body(
    params: usize,
    lambda: bool,
    body: &[Expr],
    layout: &Layout,
    source: &Rc<Source>,
    builtin: &dyn Fn(&str) -> Option<&'static Builtin>,
) -> Option<Body> {
    // (a function's compiled body runs with no frame: its slots are its parameters'; a
    // lambda's frame has a slot for each of its local variables too)
    if layout.names.len() != params && !lambda {
        return None;
    }
    let compiler = Compiler {
        params,
        lambda,
        movable: &layout.movable,
        late_moves: &layout.late_moves,
        source,
        builtin,
        reads_outer: Cell::new(false),
        sets_matches: Cell::new(false),
    };
    let mut code = compiler.block(body, 0)?;
    if compiler.sets_matches.get() {
        // Match variables set in the body are not seen once it returns (the tree walk
        // gives each call a match scope of its own).
        code = Box::new(move |ev, base| {
            let saved = ev.matches.clone();
            let r = code(ev, base);
            ev.matches = saved;
            r
        });
    }
    Some(Body {
        code,
        reads_outer: compiler.reads_outer.get(),
    })
}

impl Evaluator {
    /// [`compile_body`] with this evaluator's built-in functions; `None` when compiling is
    /// off.
    pub(super) fn compile(
        &self,
        params: usize,
        lambda: bool,
        body: &[Expr],
        layout: &Layout,
        source: &Rc<Source>,
    ) -> Option<Body> {
        let builtin = |name: &str| self.builtins.get(name).copied();
        if !self.compile_functions {
            return None;
        }
        compile_body(params, lambda, body, layout, source, &builtin)
    }
}

pub(super) struct Compiler<'a> {
    params: usize,
    /// A lambda's body: it runs with its frame the current one (see `lambda_frame`), and
    /// reads the variables of outer frames and scopes as the tree walk does.
    lambda: bool,
    /// Per slot, the variable reference whose read moves the value out (see `liveness`).
    movable: &'a [usize],
    /// Per slot, the variable reference, a binary operator's left operand, whose value is
    /// taken after the right operand is evaluated (see `liveness`).
    late_moves: &'a [usize],
    /// The file the function was read from: where its calls are made.
    source: &'a Rc<Source>,
    builtin: &'a dyn Fn(&str) -> Option<&'static Builtin>,
    /// Whether an outer variable's read or a local variable was compiled (see
    /// [`Body::reads_outer`]).
    pub(super) reads_outer: Cell<bool>,
    /// Whether something compiled may set match variables (`=~` with a regexp, a selector
    /// option): see `compiled_match`.
    pub(super) sets_matches: Cell<bool>,
}

impl Compiler<'_> {
    /// Statements in order; the value is the last one's (`undef` when there is none).
    pub(super) fn block(&self, body: &[Expr], depth: usize) -> Option<Code> {
        let mut codes = body
            .iter()
            .map(|e| self.expr(e, depth + 1))
            .collect::<Option<Vec<Code>>>()?;
        let Some(last) = codes.pop() else {
            return Some(undef());
        };
        if codes.is_empty() {
            return Some(last);
        }
        Some(Box::new(move |ev, base| {
            for c in &codes {
                c(ev, base)?;
            }
            last(ev, base)
        }))
    }

    pub(super) fn expr(&self, e: &Expr, depth: usize) -> Option<Code> {
        if depth > MAX_NESTING {
            return None;
        }
        let span = e.span;
        Some(match &e.kind {
            ExprKind::Undef => undef(),
            &ExprKind::Boolean(b) => Box::new(move |_, _| Ok(Value::Boolean(b))),
            &ExprKind::Integer(i) => Box::new(move |_, _| Ok(Value::Integer(i))),
            &ExprKind::Float(f) => Box::new(move |_, _| Ok(Value::Float(f))),
            ExprKind::Default => Box::new(|_: &mut Evaluator, _| Ok(Value::Default)),
            ExprKind::String(s) | ExprKind::QualifiedName(s) => {
                let s = s.clone();
                Box::new(move |_, _| Ok(Value::String(s.clone())))
            }
            ExprKind::Interpolated(parts) => self.interpolated(parts, span, depth)?,
            ExprKind::Array(items, shared) => self.array(items, shared, span, depth)?,
            ExprKind::Hash(entries, shared) => self.hash(entries, shared, span, depth)?,
            ExprKind::Access(x, _) if is_type_name(x) => self.type_access(e, depth)?,
            ExprKind::Access(x, keys) => self.access(x, keys, span, depth)?,
            ExprKind::QualifiedReference(_) => self.type_access(e, depth)?,
            ExprKind::Regex(src) => self.regex(src, span),
            ExprKind::Selector(test, arms) => self.selector(test, arms, span, depth)?,
            ExprKind::Binary(BinOp::Match | BinOp::NotMatch, ..) => {
                let test = self.test(e, depth)?;
                Box::new(move |ev, base| Ok(Value::Boolean(test(ev, base)?)))
            }
            ExprKind::Assign(target, rhs) => self.assign(target, rhs, depth)?,
            ExprKind::Variable(v) => match self.parameter(e) {
                Some(p) => Box::new(move |ev, base| Ok(parameter_value(ev, base, p))),
                None => self.outer_variable(v, span)?,
            },
            ExprKind::Paren(x) => self.expr(x, depth + 1)?,
            ExprKind::Unary(UnaryOp::Not, _) | ExprKind::Binary(BinOp::And | BinOp::Or, ..) => {
                let test = self.test(e, depth)?;
                Box::new(move |ev, base| Ok(Value::Boolean(test(ev, base)?)))
            }
            ExprKind::Unary(UnaryOp::Neg, x) => match x.kind {
                // A negative number (`-1`) is a constant: what `negate` makes of the
                // literal (which the parser reads as a positive one, never `i64::MIN`).
                ExprKind::Integer(i) if i != i64::MIN => {
                    Box::new(move |_, _| Ok(Value::Integer(-i)))
                }
                ExprKind::Float(f) => Box::new(move |_, _| Ok(Value::Float(-f))),
                _ => {
                    let x = self.expr(x, depth + 1)?;
                    Box::new(move |ev, base| {
                        let v = x(ev, base)?;
                        ev.negate(v).map_err(|f| located(f, span))
                    })
                }
            },
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, span, depth)?,
            ExprKind::If {
                cond,
                then_branch,
                else_branch,
            } => self.branch(true, cond, then_branch, else_branch.as_deref(), depth)?,
            ExprKind::Unless {
                cond,
                then_branch,
                else_branch,
            } => self.branch(false, cond, then_branch, else_branch.as_deref(), depth)?,
            ExprKind::Call {
                name,
                args,
                block: None,
                style,
                ..
            } => self.call(name, args, *style, span, depth)?,
            ExprKind::Call {
                name,
                args,
                block: Some(block),
                style,
                ..
            } => self.block_call(name, args, block, *style, span, depth)?,
            ExprKind::CallType {
                callee,
                args,
                block,
            } => self.type_call(callee, args, block.as_ref(), span, depth)?,
            _ => return None,
        })
    }

    /// An array literal: a constant one is made at its first evaluation and shared from
    /// then on, any other is checked for repeated parts (as the tree walk does).
    fn array(
        &self,
        items: &[Expr],
        shared: &SharedLiteral,
        span: Span,
        depth: usize,
    ) -> Option<Code> {
        if let Some(code) = already_made(shared) {
            return Some(code);
        }
        // (a `*` item does not compile: `expr` has no splat)
        let check = may_repeat(items.iter());
        let items = self.exprs(items, depth)?;
        let constant = shared.is_constant();
        let kept: OnceCell<KeptLiteral> = OnceCell::new();
        Some(Box::new(move |ev, base| {
            if let Some(k) = kept.get() {
                return Ok(k.value.clone());
            }
            let mut out = Vec::with_capacity(items.len());
            for item in &items {
                out.push(item(ev, base)?);
            }
            finish_literal(Value::array(out), constant, check, &kept, span)
        }))
    }

    /// A hash literal, as [`Compiler::array`].
    fn hash(
        &self,
        entries: &[(Expr, Expr)],
        shared: &SharedLiteral,
        span: Span,
        depth: usize,
    ) -> Option<Code> {
        if let Some(code) = already_made(shared) {
            return Some(code);
        }
        let constant = shared.is_constant();
        let check = may_repeat(entries.iter().map(|(_, v)| v));
        let kept: OnceCell<KeptLiteral> = OnceCell::new();
        if let Some(keys) = distinct_string_keys(entries) {
            // (a record: its entries are made in order, without a key compared)
            let values = entries
                .iter()
                .map(|(_, v)| self.expr(v, depth + 1))
                .collect::<Option<Vec<Code>>>()?;
            return Some(Box::new(move |ev, base| {
                if let Some(k) = kept.get() {
                    return Ok(k.value.clone());
                }
                let mut pairs = Vec::with_capacity(keys.len());
                for (k, v) in keys.iter().zip(&values) {
                    pairs.push((Value::String(k.clone()), v(ev, base)?));
                }
                finish_literal(
                    Value::hash(Map::from_distinct(pairs)),
                    constant,
                    check,
                    &kept,
                    span,
                )
            }));
        }
        let entries = entries
            .iter()
            .map(|(k, v)| Some((self.expr(k, depth + 1)?, self.expr(v, depth + 1)?)))
            .collect::<Option<Vec<(Code, Code)>>>()?;
        Some(Box::new(move |ev, base| {
            if let Some(k) = kept.get() {
                return Ok(k.value.clone());
            }
            let mut map = Map::with_capacity(entries.len());
            for (k, v) in &entries {
                let key = k(ev, base)?;
                let value = v(ev, base)?;
                // Later entries win (duplicate literal keys are rejected by the parser).
                map.insert(key, value);
            }
            finish_literal(Value::hash(map), constant, check, &kept, span)
        }))
    }

    /// An interpolated string.
    fn interpolated(&self, parts: &[StrPart], span: Span, depth: usize) -> Option<Code> {
        let segments = parts
            .iter()
            .map(|p| match p {
                StrPart::Text(t) => Some(Segment::Text(t.clone())),
                StrPart::Expr(x) => self.expr(x, depth + 1).map(Segment::Code),
            })
            .collect::<Option<Vec<Segment>>>()?;
        Some(Box::new(move |ev, base| {
            // Texts, strings and integers are written on the stack while they fit (most
            // interpolations: `"p${i}"`, `"${name}.${domain}"`), and the string made from
            // there; past that, or at a value of another kind, the rest is written the
            // tree walk's way, into the evaluator's buffer (taking it and giving it back,
            // its budget checks, cost ~60 instructions of a short interpolation's ~160).
            let mut short = Short::new();
            let mut digits = [0u8; 20];
            for (n, s) in segments.iter().enumerate() {
                let pending = match s {
                    Segment::Text(t) if short.push(t) => continue,
                    Segment::Text(t) => Pending::Text(t),
                    Segment::Code(c) => {
                        let v = c(ev, base).map_err(|f| located(f, span))?;
                        let fits = match &v {
                            Value::String(text) => short.push(text),
                            Value::Integer(i) => {
                                short.push(crate::format::integer_text(*i, &mut digits))
                            }
                            _ => false,
                        };
                        if fits {
                            continue;
                        }
                        Pending::Value(v)
                    }
                };
                return interpolate_rest(ev, base, short.as_str(), pending, &segments[n + 1..])
                    .map_err(|f| located(f, span));
            }
            Ok(Value::String(Rc::from(short.as_str())))
        }))
    }

    /// `x[key]` of one key. (A type name does not compile: no `[]` here makes a type the
    /// tree walk would keep in its type cache.)
    fn access(&self, x: &Expr, keys: &[Expr], span: Span, depth: usize) -> Option<Code> {
        let [key] = keys else {
            return None;
        };
        if let Some(p) = self.parameter(x) {
            // A parameter's element is read in its slot: the array or hash is not copied
            // (its reference count written twice). (Reading the parameter has no effect:
            // the key may be evaluated first.)
            let key = self.expr(key, depth + 1)?;
            return Some(Box::new(move |ev, base| {
                let key = key(ev, base)?;
                if let Some(Some(target)) = ev.slots.get(base + p.slot) {
                    if let Some(v) = super::access::element(target, &key) {
                        return Ok(v);
                    }
                }
                let target = parameter_value(ev, base, p);
                ev.access_by(target, key).map_err(|f| located(f, span))
            }));
        }
        let (x, key) = (self.expr(x, depth + 1)?, self.expr(key, depth + 1)?);
        Some(Box::new(move |ev, base| {
            let target = x(ev, base)?;
            let key = key(ev, base)?;
            ev.access_by(target, key).map_err(|f| located(f, span))
        }))
    }

    /// A lambda's read of a variable that is not its parameter (of an enclosing frame, a
    /// class's scope or the top scope), made as the tree walk makes it. A match variable
    /// (`$1`) does not compile, nor any in a function's body (which runs with no frame).
    fn outer_variable(&self, v: &VarRef, span: Span) -> Option<Code> {
        if !self.lambda || v.numeric().is_some() {
            return None;
        }
        // (a variable of the lambda's own frame that is not a parameter is one of its
        // local variables: read from its slot once assigned, else found outside as the
        // tree walk finds it)
        let local = match v.slot.get() {
            Slot::Local { depth: 0, index } if usize::from(index) < self.params => return None,
            Slot::Local { depth: 0, index } => Some(usize::from(index)),
            _ => None,
        };
        self.reads_outer.set(true);
        if let Some(slot) = local {
            // A local variable read in its slot, taken by its last read (as `read_local`
            // reads it: the frame is the current one); before it is set, found outside.
            let last_read = self.movable.get(slot) == Some(&(v as *const VarRef as usize));
            let v = v.clone();
            return Some(Box::new(move |ev, base| {
                let held = ev.slots.get_mut(base + slot);
                let value = if last_read {
                    held.and_then(Option::take)
                } else {
                    held.and_then(|h| h.clone())
                };
                match value {
                    Some(value) => Ok(value),
                    None => ev.read_variable(&v, span),
                }
            }));
        }
        let v = v.clone();
        if crate::names::is_qualified(&v.name) {
            return Some(Box::new(move |ev, _| ev.read_variable(&v, span)));
        }
        // A variable the resolver left to be found by name (the top scope's, a class's)
        // is looked up with its name's hash made here (`find_by_name`'s way for a name that
        // is not qualified, without the steps between); not found, it is read as the tree
        // walk reads it, which words the error.
        let hash = super::expr::name_hash(&v.name);
        Some(Box::new(move |ev, _| {
            if matches!(v.slot.get(), Slot::Global | Slot::Unresolved) {
                if let Ok(Some(value)) = ev.find_unqualified(ev.current, &v.name, hash) {
                    return Ok(value);
                }
            }
            ev.read_variable(&v, span)
        }))
    }

    /// `$x = value` in a lambda: the variable set as the tree walk sets it (a local variable
    /// of the lambda's frame, which is the current one while the body runs), the value
    /// given on. Any other target does not compile.
    fn assign(&self, target: &Expr, rhs: &Expr, depth: usize) -> Option<Code> {
        let ExprKind::Variable(v) = &target.kind else {
            return None;
        };
        if !self.lambda || v.numeric().is_some() {
            return None;
        }
        let rhs = self.expr(rhs, depth + 1)?;
        let (v, at) = (v.clone(), target.span);
        self.reads_outer.set(true);
        Some(Box::new(move |ev, base| {
            let value = rhs(ev, base)?;
            match ev.assign_var(&v, value.clone()) {
                Ok(()) => Ok(value),
                Err(e) => Err(e.at(at).into()),
            }
        }))
    }

    /// Each of `items`, compiled.
    pub(super) fn exprs(&self, items: &[Expr], depth: usize) -> Option<Vec<Code>> {
        items.iter().map(|e| self.expr(e, depth + 1)).collect()
    }

    /// The parameter read by `e` (a variable of the function's own frame).
    fn parameter(&self, e: &Expr) -> Option<Parameter> {
        let ExprKind::Variable(v) = &e.kind else {
            return None;
        };
        match v.slot.get() {
            Slot::Local { depth: 0, index }
                if usize::from(index) < self.params && v.numeric().is_none() =>
            {
                let slot = usize::from(index);
                Some(Parameter {
                    slot,
                    last_read: self.movable.get(slot) == Some(&(v as *const VarRef as usize)),
                })
            }
            _ => None,
        }
    }

    fn binary(&self, op: BinOp, a: &Expr, b: &Expr, span: Span, depth: usize) -> Option<Code> {
        if matches!(op, BinOp::Match | BinOp::NotMatch | BinOp::In) {
            return None;
        }
        // (a division by zero is located at its divisor: `Located`)
        let span = Located {
            at: span,
            divisor: b.span,
        };
        // A parameter and an integer literal (`$n - 1`, `$n < 2`): the parameter is read in
        // its slot when it holds an integer.
        if let (Some(p), &ExprKind::Integer(c)) = (self.parameter(a), &b.kind) {
            return Some(Box::new(move |ev, base| {
                if let Some(Some(Value::Integer(x))) = ev.slots.get(base + p.slot) {
                    if let Some(v) = int_fast_path(op, *x, c) {
                        return Ok(v);
                    }
                }
                let l = parameter_value(ev, base, p);
                apply_otherwise(ev, op, l, Value::Integer(c), span)
            }));
        }
        if let Some(slot) = self.late_move(a) {
            return self.late_binary(op, slot, a, b, span.at, depth);
        }
        if let (Some(p), Some(q)) = (self.parameter(a), self.parameter(b)) {
            // Two parameters (`$a - $b`): integers are read in their slots.
            return Some(Box::new(move |ev, base| {
                if let Some((x, y)) = int_parameters(ev, base, p, q) {
                    if let Some(v) = int_fast_path(op, x, y) {
                        return Ok(v);
                    }
                }
                let l = parameter_value(ev, base, p);
                let r = parameter_value(ev, base, q);
                apply_otherwise(ev, op, l, r, span)
            }));
        }
        let a = self.expr(a, depth + 1)?;
        let b = self.expr(b, depth + 1)?;
        Some(Box::new(move |ev, base| {
            // Integers are read where the operands' results were written (see `int_in`).
            let l = a(ev, base);
            let Ok(_) = &l else { return l };
            let r = b(ev, base);
            if let (Some(x), Some(y)) = (int_in(&l), int_in(&r)) {
                if let Some(v) = int_fast_path(op, x, y) {
                    // (integers own nothing: no drop glue to call, which the compiler
                    // may leave out of line)
                    std::mem::forget(l);
                    std::mem::forget(r);
                    return Ok(v);
                }
            }
            apply_otherwise(ev, op, l?, r?, span)
        }))
    }

    /// The slot of `a`, a binary operator's left operand, when it is a variable of this
    /// body's frame whose value may be taken once the right operand is evaluated (every
    /// other read of it is in the right operand: `$acc + { $k => $acc[$k] }`), as the tree
    /// walk takes it (`Layout::late_moves`).
    fn late_move(&self, a: &Expr) -> Option<usize> {
        let ExprKind::Variable(v) = &a.kind else {
            return None;
        };
        let Slot::Local { depth: 0, index } = v.slot.get() else {
            return None;
        };
        let slot = usize::from(index);
        (self.late_moves.get(slot) == Some(&(v as *const VarRef as usize))).then_some(slot)
    }

    /// `a op b` where `a`'s value is taken from its `slot` after `b` is evaluated (so that
    /// a hash or array extended by `+` is not copied), read as usual when the slot is
    /// empty.
    fn late_binary(
        &self,
        op: BinOp,
        slot: usize,
        a: &Expr,
        b: &Expr,
        span: Span,
        depth: usize,
    ) -> Option<Code> {
        let span = Located {
            at: span,
            divisor: b.span,
        };
        let a = self.expr(a, depth + 1)?;
        let b = self.expr(b, depth + 1)?;
        Some(Box::new(move |ev, base| {
            let r = b(ev, base)?;
            let l = match ev.slots.get_mut(base + slot).and_then(Option::take) {
                Some(l) => l,
                None => a(ev, base)?,
            };
            if let (Value::Integer(x), Value::Integer(y)) = (&l, &r) {
                if let Some(v) = int_fast_path(op, *x, *y) {
                    return Ok(v);
                }
            }
            apply_otherwise(ev, op, l, r, span)
        }))
    }

    /// Whether `e`'s value is truthy: `!`, `and`, `or` and the comparison of a parameter
    /// with an integer literal answer without making a value.
    pub(super) fn test(&self, e: &Expr, depth: usize) -> Option<Test> {
        if depth > MAX_NESTING {
            return None;
        }
        Some(match &e.kind {
            ExprKind::Paren(x) => self.test(x, depth + 1)?,
            ExprKind::Unary(UnaryOp::Not, x) => {
                let x = self.test(x, depth + 1)?;
                Box::new(move |ev, base| Ok(!x(ev, base)?))
            }
            ExprKind::Binary(BinOp::And, a, b) => {
                let (a, b) = (self.test(a, depth + 1)?, self.test(b, depth + 1)?);
                Box::new(move |ev, base| Ok(a(ev, base)? && b(ev, base)?))
            }
            ExprKind::Binary(BinOp::Or, a, b) => {
                let (a, b) = (self.test(a, depth + 1)?, self.test(b, depth + 1)?);
                Box::new(move |ev, base| Ok(a(ev, base)? || b(ev, base)?))
            }
            ExprKind::Binary(op @ (BinOp::Match | BinOp::NotMatch), a, b) => {
                self.matching(*op == BinOp::NotMatch, a, b, e.span, depth)?
            }
            ExprKind::Binary(op, a, b) if op.is_comparison() => {
                let (op, span) = (*op, e.span);
                match (self.parameter(a), &b.kind) {
                    (Some(p), _) if self.parameter(b).is_some() => {
                        // Two parameters (`$a < $b`): integers compared in their slots.
                        let q = self.parameter(b)?;
                        Box::new(move |ev, base| {
                            if let Some((x, y)) = int_parameters(ev, base, p, q) {
                                if let Some(t) = int_comparison(op, x, y) {
                                    return Ok(t);
                                }
                            }
                            let l = parameter_value(ev, base, p);
                            let r = parameter_value(ev, base, q);
                            Ok(apply_otherwise(ev, op, l, r, span)?.is_truthy())
                        })
                    }
                    (Some(p), &ExprKind::Integer(c)) => Box::new(move |ev, base| {
                        if let Some(Some(Value::Integer(x))) = ev.slots.get(base + p.slot) {
                            if let Some(t) = int_comparison(op, *x, c) {
                                return Ok(t);
                            }
                        }
                        let l = parameter_value(ev, base, p);
                        Ok(apply_otherwise(ev, op, l, Value::Integer(c), span)?.is_truthy())
                    }),
                    (None, &ExprKind::Integer(c)) => {
                        let a = self.expr(a, depth + 1)?;
                        Box::new(move |ev, base| {
                            let l = a(ev, base);
                            if let Some(t) = int_in(&l).and_then(|x| int_comparison(op, x, c)) {
                                return Ok(t);
                            }
                            Ok(apply_otherwise(ev, op, l?, Value::Integer(c), span)?.is_truthy())
                        })
                    }
                    _ => truthy(self.expr(e, depth)?),
                }
            }
            _ => truthy(self.expr(e, depth)?),
        })
    }

    /// `if` (`when` true) or `unless` (`when` false).
    fn branch(
        &self,
        when: bool,
        cond: &Expr,
        then: &[Expr],
        otherwise: Option<&[Expr]>,
        depth: usize,
    ) -> Option<Code> {
        let cond = self.test(cond, depth + 1)?;
        let then = self.block(then, depth)?;
        let otherwise = match otherwise {
            Some(b) => self.block(b, depth)?,
            None => undef(),
        };
        Some(Box::new(move |ev, base| {
            if cond(ev, base)? == when {
                then(ev, base)
            } else {
                otherwise(ev, base)
            }
        }))
    }

    fn call(
        &self,
        name: &Rc<str>,
        args: &[Expr],
        style: CallStyle,
        span: Span,
        depth: usize,
    ) -> Option<Code> {
        if let Some(b) = (self.builtin)(name) {
            return self.builtin_call(b, name, args, style, span, depth);
        }
        if style == CallStyle::Method {
            return None;
        }
        let args = self.exprs(args, depth)?;
        let call = Call {
            name: name.clone(),
            site: CallSite::default(),
            args,
            source: self.source.clone(),
            style,
            span,
        };
        Some(Box::new(move |ev, base| {
            crate::limits::deep(|| call.run(ev, base)).map_err(|f| located(f, span))
        }))
    }

    /// A call with a lambda (`$a.map |$x| { ... }`) in a lambda's body, made as the tree
    /// walk makes it: the lambda closes over the current frame (the body's own, current
    /// while it runs), the function is found by name. A function's body, which runs with no
    /// frame, does not compile it.
    fn block_call(
        &self,
        name: &Rc<str>,
        args: &[Expr],
        block: &Rc<Lambda>,
        style: CallStyle,
        span: Span,
        depth: usize,
    ) -> Option<Code> {
        if !self.lambda {
            return None;
        }
        let args = self.exprs(args, depth)?;
        self.reads_outer.set(true);
        if let Some(b) = (self.builtin)(name).filter(|b| b.module.is_none()) {
            // (a built-in of Puppet's own, `map`, `lest`: called straight while its name
            // still names it, as `builtin_call`; not found by name per call)
            let call = BuiltinCall {
                builtin: b,
                name: name.clone(),
                site: CallSite::default(),
                seen: Cell::new(u64::MAX),
                args,
                source: self.source.clone(),
                style,
                span,
            };
            let block = block.clone();
            return Some(match call.args.len() {
                // (`$x.lest || { ... }`, `$a.map |$v| { ... }`: no vector made per call)
                1 => Box::new(move |ev, base| {
                    let arg = call.args[0](ev, base)?;
                    let args = std::slice::from_ref(&arg);
                    crate::limits::deep(|| call.run(ev, args, Some(&block), || vec![arg.clone()]))
                }),
                // (`$a.reduce(0) |$m, $x| { ... }`: on the stack, as `builtin_call`'s)
                2 => Box::new(move |ev, base| {
                    let values = values_of::<2>(&call.args, ev, base)?;
                    crate::limits::deep(|| call.run(ev, &values, Some(&block), || values.to_vec()))
                }),
                _ => Box::new(move |ev, base| {
                    let mut values = Vec::with_capacity(call.args.len());
                    for a in &call.args {
                        values.push(a(ev, base)?);
                    }
                    crate::limits::deep(|| call.run(ev, &values, Some(&block), || values.clone()))
                }),
            });
        }
        let (name, block, source) = (name.clone(), block.clone(), self.source.clone());
        Some(Box::new(move |ev, base| {
            let mut values = Vec::with_capacity(args.len());
            for a in &args {
                values.push(a(ev, base)?);
            }
            let caller = std::mem::replace(&mut ev.source, source.clone());
            let r = crate::limits::deep(|| ev.call_named(&name, values, Some(&block), style, span));
            ev.source = caller;
            r.map_err(|f| located(f, span))
        }))
    }

    /// A call of a type (`String($x, '%x')`, `Timestamp($s)`, `Integer[1, 2]('1')`) in a
    /// lambda's body: `new` called by name with the type first, as the tree walk calls it
    /// (`Type('Integer[$x]')` evaluates its text in the current frame, the body's own while
    /// it runs). A function's body, which runs with no frame, does not compile it.
    fn type_call(
        &self,
        callee: &Expr,
        args: &[Expr],
        block: Option<&Rc<Lambda>>,
        span: Span,
        depth: usize,
    ) -> Option<Code> {
        if !self.lambda {
            return None;
        }
        let callee = self.expr(callee, depth + 1)?;
        let args = self.exprs(args, depth)?;
        let (block, source) = (block.cloned(), self.source.clone());
        self.reads_outer.set(true);
        let new = (self.builtin)("new").filter(|b| b.module.is_none());
        if let (Some(b), None) = (new, &block) {
            // (as `new(T, args...)` is called, straight while `new` still names the
            // built-in: not found by name per call)
            let mut codes = Vec::with_capacity(args.len() + 1);
            codes.push(callee);
            codes.extend(args);
            let call = BuiltinCall {
                builtin: b,
                name: Rc::from("new"),
                site: CallSite::default(),
                seen: Cell::new(u64::MAX),
                args: codes,
                source,
                style: CallStyle::Prefix,
                span,
            };
            return Some(match call.args.len() {
                // (`String($x, '%x')`, `Integer($s)`: on the stack, as `builtin_call`'s)
                2 => Box::new(move |ev, base| {
                    let values = values_of::<2>(&call.args, ev, base)?;
                    crate::limits::deep(|| call.run(ev, &values, None, || values.to_vec()))
                }),
                3 => Box::new(move |ev, base| {
                    let values = values_of::<3>(&call.args, ev, base)?;
                    crate::limits::deep(|| call.run(ev, &values, None, || values.to_vec()))
                }),
                _ => Box::new(move |ev, base| {
                    let mut values = Vec::with_capacity(call.args.len());
                    for a in &call.args {
                        values.push(a(ev, base)?);
                    }
                    crate::limits::deep(|| call.run(ev, &values, None, || values.clone()))
                }),
            });
        }
        Some(Box::new(move |ev, base| {
            let mut values = Vec::with_capacity(args.len() + 1);
            values.push(callee(ev, base)?);
            for a in &args {
                values.push(a(ev, base)?);
            }
            let caller = std::mem::replace(&mut ev.source, source.clone());
            let r = crate::limits::deep(|| {
                ev.call_named("new", values, block.as_ref(), CallStyle::Prefix, span)
            });
            ev.source = caller;
            r.map_err(|f| located(f, span))
        }))
    }

    /// A call of a built-in function that reads nothing of its caller but its arguments
    /// (`Builtin::scope_free`), without a lambda. Any other built-in does not compile.
    fn builtin_call(
        &self,
        b: &'static Builtin,
        name: &Rc<str>,
        args: &[Expr],
        style: CallStyle,
        span: Span,
        depth: usize,
    ) -> Option<Code> {
        if !b.scope_free || b.module.is_some() {
            return None;
        }
        let call = BuiltinCall {
            builtin: b,
            name: name.clone(),
            site: CallSite::default(),
            seen: Cell::new(u64::MAX),
            args: self.exprs(args, depth)?,
            source: self.source.clone(),
            style,
            span,
        };
        Some(match call.args.len() {
            1 => Box::new(move |ev, base| {
                let arg = call.args[0](ev, base)?;
                call.run(ev, std::slice::from_ref(&arg), None, || vec![arg.clone()])
            }),
            // (two to four arguments on the stack: a vector allocated and freed per call
            // was ~100 instructions of a call's ~330: `$h.dig($k)`, `split($s, ',')`,
            // `regsubst(...)`, `sprintf(...)`)
            2 => Box::new(move |ev, base| {
                let values = values_of::<2>(&call.args, ev, base)?;
                call.run(ev, &values, None, || values.to_vec())
            }),
            3 => Box::new(move |ev, base| {
                let values = values_of::<3>(&call.args, ev, base)?;
                call.run(ev, &values, None, || values.to_vec())
            }),
            4 => Box::new(move |ev, base| {
                let values = values_of::<4>(&call.args, ev, base)?;
                call.run(ev, &values, None, || values.to_vec())
            }),
            _ => Box::new(move |ev, base| {
                let mut values = Vec::with_capacity(call.args.len());
                for a in &call.args {
                    values.push(a(ev, base)?);
                }
                call.run(ev, &values, None, || values.clone())
            }),
        })
    }
}

/// The values of `N` arguments' codes, evaluated in order, on the stack (the first error
/// is the call's: the values made before it are dropped).
#[inline(always)]
fn values_of<const N: usize>(
    codes: &[Code],
    ev: &mut Evaluator,
    base: usize,
) -> EvalResult<[Value; N]> {
    debug_assert_eq!(codes.len(), N);
    let mut values: [Value; N] = std::array::from_fn(|_| Value::Undef);
    for (v, code) in values.iter_mut().zip(codes) {
        *v = code(ev, base)?;
    }
    Ok(values)
}

/// A segment of a compiled interpolated string.
enum Segment {
    Text(std::rc::Rc<str>),
    Code(Code),
}

/// The longest interpolated text written on the stack.
const SHORT: usize = 128;

/// An interpolated string's text while it is short: bytes on the stack.
struct Short {
    bytes: [u8; SHORT],
    len: usize,
}

impl Short {
    fn new() -> Short {
        Short {
            bytes: [0; SHORT],
            len: 0,
        }
    }

    /// Appends `s` when it fits (else leaves the text as it was).
    #[inline(always)]
    fn push(&mut self, s: &str) -> bool {
        let end = self.len + s.len();
        if end > SHORT {
            return false;
        }
        self.bytes[self.len..end].copy_from_slice(s.as_bytes());
        self.len = end;
        true
    }

    fn as_str(&self) -> &str {
        // SAFETY: the bytes are whole `str`s one after the other (`push`).
        unsafe { std::str::from_utf8_unchecked(&self.bytes[..self.len]) }
    }
}

/// What did not fit in a [`Short`] text.
enum Pending<'a> {
    Text(&'a str),
    Value(Value),
}

/// The end of an interpolation whose text so far is `done`: `pending`, then the segments
/// `rest`, written into the evaluator's buffer (as `interpolate_shared` writes).
#[inline(never)]
fn interpolate_rest(
    ev: &mut Evaluator,
    base: usize,
    done: &str,
    pending: Pending,
    rest: &[Segment],
) -> EvalResult {
    let mut into = ev.interpolation();
    into.text(done);
    let result = write_rest(ev, base, &mut into, pending, rest);
    ev.interpolated(into, result).map(Value::String)
}

fn write_rest(
    ev: &mut Evaluator,
    base: usize,
    into: &mut super::interpolate::Interpolation,
    pending: Pending,
    rest: &[Segment],
) -> EvalResult<()> {
    match pending {
        Pending::Text(t) => into.text(t),
        Pending::Value(v) => into.value(v)?,
    }
    for s in rest {
        match s {
            Segment::Text(t) => into.text(t),
            Segment::Code(c) => into.value(c(ev, base)?)?,
        }
    }
    Ok(())
}

/// A constant literal made at an earlier evaluation (of this body or of the tree walk):
/// code answering it.
fn already_made(shared: &SharedLiteral) -> Option<Code> {
    let v = shared.get::<KeptLiteral>()?.value.clone();
    Some(Box::new(move |_, _| Ok(v.clone())))
}

/// An array or hash literal just made: kept when it is constant, else checked for repeated
/// parts (the tree walk's `check_repeats`).
/// The keys of a hash literal of at most `SMALL_MAP` entries whose keys are all
/// different constant strings (`{ 'name' => $n, 'port' => 80 }`): no key is compared
/// while it is made.
fn distinct_string_keys(entries: &[(Expr, Expr)]) -> Option<Vec<Rc<str>>> {
    if entries.len() > crate::values::SMALL_MAP {
        return None;
    }
    let mut keys: Vec<Rc<str>> = Vec::with_capacity(entries.len());
    for (k, _) in entries {
        match &k.kind {
            ExprKind::String(s) | ExprKind::QualifiedName(s) if !keys.contains(s) => {
                keys.push(s.clone())
            }
            _ => return None,
        }
    }
    Some(keys)
}

/// (`check`: whether two of its elements, or of a hash's values, may be arrays or hashes,
/// [`may_repeat`]: with one at most there is no repeated part to find.)
fn finish_literal(
    v: Value,
    constant: bool,
    check: bool,
    kept: &OnceCell<KeptLiteral>,
    span: Span,
) -> EvalResult {
    if constant {
        let _ = kept.set(KeptLiteral::new(v.clone()));
    } else if check {
        crate::expansion::check_repeats(&v).map_err(|e| located(e.into(), span))?;
    }
    Ok(v)
}

/// Whether the value of `e` may be an array or a hash: not for literals of scalars,
/// interpolated strings, and operators whose value is a boolean or a number (or a time),
/// whatever their operands.
fn may_be_collection(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Undef
        | ExprKind::Default
        | ExprKind::Boolean(_)
        | ExprKind::Integer(_)
        | ExprKind::Float(_)
        | ExprKind::String(_)
        | ExprKind::Interpolated(_)
        | ExprKind::Regex(_)
        | ExprKind::QualifiedName(_)
        | ExprKind::Unary(UnaryOp::Not, _) => false,
        ExprKind::Binary(op, ..) => {
            !(op.is_comparison()
                || matches!(
                    op,
                    BinOp::Mul
                        | BinOp::Div
                        | BinOp::Mod
                        | BinOp::Shr
                        | BinOp::Match
                        | BinOp::NotMatch
                        | BinOp::In
                        | BinOp::And
                        | BinOp::Or
                ))
        }
        ExprKind::Paren(x) => may_be_collection(x),
        _ => true,
    }
}

/// Whether a literal of these elements may hold the same array or hash twice, which
/// `check_repeats` looks for: only when two of them may be arrays or hashes (`[$i, "s${i}"]`
/// cannot; its check cost ~50 instructions a literal).
fn may_repeat<'e>(elements: impl Iterator<Item = &'e Expr>) -> bool {
    elements.filter(|e| may_be_collection(e)).nth(1).is_some()
}

/// Whether `code`'s value is truthy.
fn truthy(code: Code) -> Test {
    Box::new(move |ev, base| Ok(code(ev, base)?.is_truthy()))
}

/// A binary operator on two values, as the tree walk applies it (integers are answered in
/// place before this is called).
#[inline(never)]
fn apply_otherwise(
    ev: &mut Evaluator,
    op: BinOp,
    l: Value,
    r: Value,
    span: impl Into<Located>,
) -> EvalResult {
    let span = span.into();
    ev.binary(op, l, r)
        .map_err(|f| located(super::expr::divisor_located(f, op, span.divisor), span.at))
}

/// Where a binary operator's error is located: at the expression, a division by zero at
/// its divisor.
#[derive(Clone, Copy)]
struct Located {
    at: Span,
    divisor: Span,
}

impl From<Span> for Located {
    fn from(at: Span) -> Located {
        Located { at, divisor: at }
    }
}

/// The integer a result holds, read in place. A result was just written field by field by
/// the closure returning it; moved whole (as `?` moves its value), its wide reads of fields
/// written apart wait for the writes to reach the cache (a failed store forwarding), where
/// the number read alone is forwarded from its write.
#[inline(always)]
fn int_in(r: &EvalResult) -> Option<i64> {
    match r {
        Ok(Value::Integer(i)) => Some(*i),
        _ => None,
    }
}

/// A parameter read: its slot, and whether the read is its last one in the body (which
/// takes the value out of the slot, so that an array or hash the body extends is not
/// copied: `$acc + [$x]` in `reduce`).
#[derive(Clone, Copy)]
struct Parameter {
    slot: usize,
    last_read: bool,
}

/// A parameter's value (moved out of its slot by its last read).
#[inline]
fn parameter_value(ev: &mut Evaluator, base: usize, p: Parameter) -> Value {
    let slot = ev.slots.get_mut(base + p.slot);
    let value = if p.last_read {
        slot.and_then(Option::take)
    } else {
        slot.and_then(|v| v.clone())
    };
    match value {
        Some(v) => v,
        None => Value::Undef,
    }
}

/// The integers two parameters hold, read in their slots (`None`: either holds
/// something else).
#[inline]
fn int_parameters(ev: &Evaluator, base: usize, p: Parameter, q: Parameter) -> Option<(i64, i64)> {
    match (ev.slots.get(base + p.slot), ev.slots.get(base + q.slot)) {
        (Some(Some(Value::Integer(x))), Some(Some(Value::Integer(y)))) => Some((*x, *y)),
        _ => None,
    }
}

/// A compiled call of a function by name.
struct Call {
    name: Rc<str>,
    /// The function found last (as a call node's own site).
    site: CallSite,
    args: Vec<Code>,
    /// The file of the function the call is in.
    source: Rc<Source>,
    style: CallStyle,
    span: Span,
}

impl Call {
    /// (Inlined into the call's closure, with the usual path of `call_bound`: a call of a
    /// compiled function is one function of the native stack, not three.)
    #[inline(always)]
    fn run(&self, ev: &mut Evaluator, base: usize) -> EvalResult {
        if let Some(f) = ev.functions.find(&self.name, &self.site) {
            if f.binds_directly(self.args.len()) {
                let callee_base = ev.push_arguments(&self.args, |ev, a| a(ev, base))?;
                ev.call_sites.push(&self.source, Some(self.span));
                let r = ev.call_bound(&f, callee_base);
                ev.call_sites.pop();
                return r.map_err(|flow| {
                    super::call::call_failed(flow, &f.def.name, self.style, self.span)
                });
            }
        }
        self.by_name(ev, base)
    }

    /// Any other call (a function that binds its arguments otherwise, one loaded from a
    /// module on first use, an unknown name): by name, with the values, made from the
    /// function's file.
    #[inline(never)]
    fn by_name(&self, ev: &mut Evaluator, base: usize) -> EvalResult {
        let mut values = Vec::with_capacity(self.args.len());
        for a in &self.args {
            values.push(a(ev, base)?);
        }
        let caller = std::mem::replace(&mut ev.source, self.source.clone());
        let r = ev.call_named(&self.name, values, None, self.style, self.span);
        ev.source = caller;
        r
    }
}

/// A compiled call of a built-in by name (see [`Compiler::builtin_call`]).
struct BuiltinCall {
    /// The built-in found under the name when compiling.
    builtin: &'static Builtin,
    name: Rc<str>,
    /// Whether a function of that name is defined (as a call node's own site).
    site: CallSite,
    /// The generation of the evaluator's built-ins in which `builtin` was last found
    /// under the name (`u64::MAX`: not yet).
    seen: Cell<u64>,
    args: Vec<Code>,
    /// The file of the function or lambda the call is in.
    source: Rc<Source>,
    style: CallStyle,
    span: Span,
}

impl BuiltinCall {
    /// Calls the built-in with the arguments' values: straight when the name still names
    /// it (no function defined under it, the same built-in found, not a method of a URI
    /// or an object), else by name as the tree walk calls (`owned`: the values, owned).
    fn run(
        &self,
        ev: &mut Evaluator,
        args: &[Value],
        block: Option<&Rc<Lambda>>,
        owned: impl FnOnce() -> Vec<Value>,
    ) -> EvalResult {
        let named = self.still_named(ev, args);
        if let (true, Some(quick)) = (named, self.builtin.quick) {
            // (a call the built-in answers from its arguments alone: see `Builtin::quick`)
            if let Some(v) = quick(args, block.map(|l| &**l)) {
                ev.args_from_ruby = false;
                return Ok(v);
            }
        }
        let caller = std::mem::replace(&mut ev.source, self.source.clone());
        let r = if named {
            // (the lambda closes over the current frame, as `call_named` makes it)
            let closure = block.map(|l| ev.closure(l));
            ev.call_known_builtin(self.builtin, args, closure.as_ref(), self.style, self.span)
        } else {
            ev.call_named(&self.name, owned(), block, self.style, self.span)
        };
        ev.source = caller;
        r.map_err(|f| located(f, self.span))
    }

    fn still_named(&self, ev: &Evaluator, args: &[Value]) -> bool {
        if ev.functions.find(&self.name, &self.site).is_some() {
            return false;
        }
        if self.style == CallStyle::Method
            && matches!(args.first(), Some(Value::Uri(_) | Value::Object(_)))
        {
            return false;
        }
        let generation = ev.builtins.generation();
        if self.seen.get() != generation {
            match ev.builtins.get(&self.name) {
                Some(&b) if std::ptr::eq(b, self.builtin) => self.seen.set(generation),
                _ => return false,
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use crate::format::to_programmatic;
    use crate::values::Value;
    use crate::Session;

    /// Each case is a session's inputs, run in turn (the functions called twice in the first
    /// input are compiled by the later ones).
    const CASES: &[&[&str]] = &[
        &[
            "function fib(Integer $n) >> Integer { if $n < 2 { $n } else { fib($n - 1) + fib($n - 2) } } [fib(1), fib(2)]",
            "[fib(15), fib(0)]",
            "fib('x')",
            "fib(undef)",
        ],
        // Errors raised in a compiled body, located in the file of the function.
        &[
            "function inc(Integer $n) >> Integer { $n + 1 } [inc(1), inc(2)]",
            "inc(9223372036854775807)",
            "[inc(-1), inc(2.5)]",
        ],
        &[
            "function d(Integer $a, Integer $b) { $a / $b } [d(4, 2), d(7, -2)]",
            "d(1, 0)",
            "function m($a, $b) { $a % $b } [m(5, 3), m(5.0, 2)]",
        ],
        &[
            "function c($a, $b) { $a < $b } [c(1, 2), c('a', 'B')]",
            "c(1, 'a')",
            "c([1], [2])",
            "function e($a, $b) { [$a == $b, $a != $b] } [e(1, 1.0), e('a', 'A'), e([1], [1])]",
        ],
        &[
            "function g(Integer $n) >> String { if $n > 0 { 'a' } else { $n } } [g(1), g(2)]",
            "g(0)",
            "function r(Integer $n) { if $n > 0 { return($n) } else { 0 } } [r(1), r(0)]",
        ],
        &[
            "function lit($x) { unless $x { [undef, true, 1.5, 'text', -$x] } else { !$x } } [lit(0), lit(1)]",
            "function neg($x) { -$x } [neg(1), neg(2.5)]",
            "neg('a')",
            "neg(-9223372036854775808)",
            "function logic($a, $b) { [$a and $b, $a or $b, !$a] } [logic(true, false), logic(undef, 'x')]",
            "function el($n) { if $n == 1 { 'one' } elsif $n == 2 { 'two' } else { 'many' } } [el(1), el(2), el(3)]",
            "function s($a, $b) { $a + $b } [s(1, 2), s(*[3, 4]), s('a', 'b')]",
        ],
        // A string taken for a number (with a warning).
        &[
            "function sc($x) { $x + 1 } [sc(1), sc(2)]",
            "[sc('2'), sc('0x10')]",
            "sc('x')",
        ],
        // Conditions: comparisons with an integer literal, `!`, `and`, `or`.
        &[
            "function cmp($x) { if $x < 2 { 'lt' } elsif !($x == 5) and $x != 7 or $x >= 100 { 'other' } else { 'eq' } } [cmp(1), cmp(5), cmp(7), cmp(100), cmp(3)]",
            "[cmp(2.5), cmp(1.5)]",
            "cmp('a')",
            "function t2($x, $y) { unless $x > $y or !$y { [$x <= 1, $y > 1 and $x] } } [t2(1, 2), t2(3, 2), t2(1, undef), t2(0, 'a')]",
            "t2('a', 1)",
        ],
        // A call of an unknown function, and of one with the wrong number of arguments.
        &[
            "function u($x) { if $x { nope($x) } else { 0 } } [u(false), u(false)]",
            "u(true)",
            "function w($a) { $a } function v($x) { if $x { w($x, $x) } else { w(1) } } [v(false), v(false)]",
            "v(true)",
        ],
        // A compiled function calling walked ones and the other way around.
        &[
            "function n($x) { \"v${x}\" } function p($x) { n($x) } [p(1), p(2)]",
            "function q($x) { [$x].map |$y| { p($y) } } [q(3), q(4), 5.p]",
        ],
        // A later definition is what the compiled calls call.
        &[
            "function h($x) { $x + 1 } function k($x) { h($x) } [k(1), k(1)]",
            "function h($x) { $x * 10 } k(2)",
            "function h($x, $y) { $x - $y } k(2)",
        ],
        // Recursion as deep as calls go, and a parameter's type that fails in a recursion.
        &[
            "function deep(Integer $n) { if $n == 0 { 0 } else { deep($n - 1) + 1 } } [deep(1), deep(300)]",
            "deep(1000000)",
            "function bad(Integer $n) { if $n > 0 { bad('x') } else { 0 } } [bad(0), bad(0)]",
            "bad(1)",
        ],
        // Lambdas called more than a few times in an iteration.
        &[
            "Integer[1, 100].map |$x| { $x * 2 }.filter |$x| { $x % 3 == 0 }.reduce |$m, $x| { $m + $x }",
            "Integer[1, 20].map |$x| { if $x == 15 { $x / 0 } else { $x } }",
            "$outer = 3 Integer[1, 20].map |$x| { $x + $outer }",
            "function f($x) { $x + 1 } [Integer[1, 20].map |$x| { f($x) }, Integer[1, 20].map |$x| { f($x) }]",
            "Integer[1, 20].map |$x| >> Integer { if $x == 12 { 'a' } else { $x } }",
            "Integer[1, 20].map |Integer $x| { $x - 1 }",
            "Integer[1, 12].map |$x| { Integer[1, 12].filter |$y| { $y > 10 and $y < $x } }",
            "Integer[1, 20].map |$x| { $x > 10 and !($x == 15) or $x == 1 }",
            "Integer[1, 12].reduce |$m, $x| { $m + \"${x}\" }",
            "Integer[1, 12].map |$x| { 'a' + $x }",
            "[Integer[1, 20].each |$i, $x| { $i * $x }, Array(Integer[1, 12]).map |$i, $x| { $i * $x }]",
            "Hash(Integer[1, 12].map |$x| { [$x, $x * 2] }).map |$k, $v| { $k - $v }",
            "Integer[1, 20].map |$x| { if $x > 12 { 9223372036854775807 * $x } else { $x } }",
        ],
        // Literals, interpolation and `[]` in compiled bodies.
        &[
            "function lits($x) { [$x, [$x, 'a'], { 'k' => $x, $x => [1, 2] }, [1, [2]], { 'a' => 1 }, default, bare] } [lits(1), lits('b')]",
            "function strs($x, $y) { \"<${x}|${y}>${\"[${x * 2}]\"}\" } [strs(1, 'a'), strs(2, [1, {'a' => undef}])]",
            "strs('x', 1)",
            "function idx($a, $i) { [$a[$i], $a[0], $a['k'], $a[-1]] } [idx([1, 2, 3], 1), idx([1], 5)]",
            "idx({ 'k' => 'v', 0 => 'z', -1 => 'm' }, 'k')",
            "idx('text', 1)",
            "idx([1], 'x')",
            "idx(undef, 1)",
            "function nest($h) { $h['a']['b'] } [nest({ 'a' => { 'b' => 1 } }), nest({ 'a' => { 'c' => 1 } })]",
            "nest({ 'a' => 1 })",
            "Integer[1, 20].map |$i| { { 'n' => $i, 's' => \"v${$i % 3}\", 'l' => [$i, \"s${i}\"], 'c' => ['x', 'y'][$i % 2] } }",
            "Integer[1, 20].map |$i| { [$i, [1, 2], { 'a' => [3] }] }.map |$a| { $a[1] }.unique",
            "$l = Integer[1, 12].map |$i| { [$i, \"${Integer[1, 100].map |$j| { 'q' }.join('')}\"] } $l[-1][1].length",
            "Integer[1, 12].map |$i| { \"${i}${Integer[1, 300].map |$j| { 'lo' }.join('')}${[$i]}${{'k' => $i}}\" }.map |$s| { $s.length }",
            "Integer[1, 12].map |$i| { [$i, { 'k' => $i }] }.map |$p| { [$p[0], $p[-1]['k'], $p[5], $p[1]['x'], $p[$p[0] % 2]] }",
            "Integer[1, 12].map |$i| { [$i, $i] }.map |$p| { if $p[0] == 11 { $p['x'] } else { $p[1] } }",
            "Integer[1, 12].map |$i| { \"s${i}\" }.map |$p| { [$p[0], $p[-1], $p[1, 2]] }",
            "function last($h, $k) { $h[$k] } [last({ 'a' => [1] }, 'a'), last([3, 4], -1), last('ab', 1)]",
        ],
        // Two parameters compared and combined (integers read in their slots).
        &[
            "function pc($a, $b) { [$a < $b, $a - $b, $a == $b, if $a >= $b { 'ge' } else { 'lt' }] } [pc(1, 2), pc(2, 1)]",
            "[pc(1.5, 1), pc('a', 'B'), pc(2, 2.0), pc(-9223372036854775807, 1)]",
            "pc(-9223372036854775807, 2)",
            "pc(1, 'a')",
            "[5, 3, 9, 1, 7, 2, 8, 4, 6, 0, 11, 10].sort |$a, $b| { if $a < $b { 1 } elsif $a > $b { -1 } else { 0 } }",
            "[5, 3, 9, 1, 7, 2.5, 8, 4, 6, 0, 11, 10].sort |$a, $b| { $a - $b }",
            "[5, 3, 9, 1, 7, 2, 8, 4, 6, 0, 11, 'x'].sort |$a, $b| { $a - $b }",
        ],
        // Negative numbers.
        &[
            "Integer[1, 12].map |$x| { [-1, -2.5, -$x, -0, -9223372036854775807, $x - -1] }",
            "Integer[1, 12].map |$x| { -9223372036854775808 }",
            "function neg2($x) { if $x > 1 { -1 } elsif $x < 1 { -$x } else { -0.0 } } [neg2(2), neg2(0), neg2(1)]",
        ],
        // Type aliases redefined by a later input.
        &[
            "type T = Integer function t(T $x) >> T { $x } [t(1), t(2)]",
            "type T = String t(3)",
            "t('x')",
        ],
        // Calls of built-ins that read nothing of the caller, as functions and methods, and
        // their errors (located at the call, in the function's file).
        &[
            "function bi($x) { [abs($x), $x.abs, max($x, 3), \"${x}\".length, sprintf('%05d', $x)] } [bi(-1), bi(-2)]",
            "bi('x')",
            "bi(undef)",
            "function sp($s) { $s.split(',').join('-').upcase } [sp('a,b'), sp('c')]",
            "sp(1)",
            "function ms($s) { [$s.match(/(a)(b)?/), regsubst($s, 'a', 'x', 'G'), $1] } [ms('ab'), ms('ca')]",
            "function nt($x) { notice($x) warning(\"w${x}\") $x } [nt(1), nt(2)]",
            "function fl($x) { if $x > 1 { fail(\"big ${x}\") } else { $x } } [fl(0), fl(1)]",
            "fl(2)",
            "function ty($x) { [type($x), type($x, 'generalized'), $x.size, compare($x, 'b')] } [ty('a'), ty('c')]",
            "ty(1)",
            "function ks($h) { [$h.keys.sort, values($h).sort, $h.dig('a', 0), $h.empty] } [ks({}), ks({'a' => [1]})]",
            "function nope($x) { abs($x, 1) } [nope(1), nope(1)]",
            "Integer[1, 20].map |$i| { [sprintf('%x', $i), String($i).length, $i.max(10)] }",
            "Integer[1, 12].map |$i| { if $i == 11 { split($i, ',') } else { $i } }",
            "Integer[1, 12].map |$i| { if $i == 11 { $i.upcase.nosuch } else { $i } }",
        ],
        // A function defined later under a built-in's name.
        &[
            "function ua($x) { [abs($x), $x.abs] } [ua(-1), ua(-2)]",
            "function abs($x) { 'mine' } ua(-3)",
            "ua(-4)",
        ],
        // Lambdas reading the variables of enclosing frames and scopes.
        &[
            "function fm($n) { Integer[1, 20].map |$x| { $x * $n } } [fm(2), fm(3)]",
            "$top = 'T' Integer[1, 12].map |$x| { \"${top}${::top}${x}\" }",
            "Integer[1, 12].map |$x| { Integer[1, 12].map |$y| { $x * $y + $top.length } }",
            "Integer[1, 12].map |$x| { if $x > 10 { [$x, $nosuch] } else { $x } }",
            "Integer[1, 12].map |$x| { if $x > 10 { $nosuch + 1 } else { $x } }",
            "class cv($p = 4) { $v = 2 $r = Integer[1, 12].map |$x| { $x + $v + $p } notice($r) } include cv",
            "'abc' =~ /(b)/ Integer[1, 12].map |$x| { \"${1}${x}\" }",
            "function fe($n) { Integer[1, 12].each |$x| { if $x == 11 { notice(\"${x}${n}\") } } } fe(5)",
            "$facts['fx'] = 1",
            "Integer[1, 12].map |$x| { $facts =~ Hash }",
        ],
        // EPP templates whose loop bodies are compiled, their errors in the template.
        &[
            "inline_epp('<% Integer[1, 20].each |$i| { %><%= $i %>,<% if $i % 2 == 0 { %>e<% } %>\n<% } %>')",
            "inline_epp('<% Integer[1, 20].each |$i| { %><%= $i.split(\",\") %><% } %>')",
            "inline_epp('<% Integer[1, 20].each |$i| { %><%= [$i, {\"k\" => $i}] %><% if $i == 15 { %><%= $i / 0 %><% } %><% } %>')",
            "inline_epp('<%- | $hs | -%><% $hs.each |$h| { -%>\n<%= $h[\"n\"] %>:<%= $h[\"p\"] %>\n<% } -%>', { 'hs' => Integer[1, 12].map |$i| { { 'n' => \"h${i}\", 'p' => $i } } })",
            "Integer[1, 12].map |$i| { inline_epp('<%= $x %>-<%= $x * 2 %>', { 'x' => $i }) }",
            "Integer[1, 12].map |$i| { inline_epp('<%= $x %><% if $x == 11 { %><%= $x.split(\",\") %><% } %>', { 'x' => $i }) }",
            "Integer[1, 12].map |$i| { inline_epp('<%= $x %><% if $x == 11 { %><%= $nosuch %><% } %>', { 'x' => $i }) }",
            "Integer[1, 12].map |$i| { inline_epp('<%- | Integer $x, $y = 2 | -%><%= $x * $y %>', { 'x' => $i }) }",
        ],
        // Lambdas called one at a time (compiled after a few calls), typed parameters,
        // defaults.
        &[
            "Integer[1, 20].map |$i| { $i.with |$x| { $x * 2 + $i } }",
            "Integer[1, 20].map |$i| { $i.then |$x| { if $x == 15 { $x / 0 } else { $x } } }",
            "Integer[1, 20].map |$x, $y = 5| { $x * $y }",
            "Integer[1, 20].map |Integer $x| { if $x == 15 { 'a' + $x } else { $x } }",
            "Integer[1, 20].map |Integer $x| { if $x == 15 { next(0) } $x }",
            "Integer[1, 20].map |String $x| { $x }",
            "Integer[1, 20].map |Integer *$x| { $x }",
            "$f = 7 Integer[1, 20].map |Integer $x| >> Integer { if $x == 18 { 'no' } else { $x + $f } }",
        ],
        // `=~` and `!~` with types, aliases, regexps and strings; match variables given back
        // as they were when a body returns; aliases redefined by a later input.
        &[
            "type Tp = Struct[{a => Integer}] Integer[1, 12].map |$x| { [{'a' => $x} =~ Tp, $x =~ Integer[1, 5], $x !~ Tp, \"${x}\" =~ /^1/, \"${x}\" !~ '2'] }",
            "Integer[1, 12].map |$x| { if $x > 10 { $x =~ /a/ } else { $x } }",
            "Integer[1, 12].map |$x| { if $x > 10 { \"${x}\" =~ '(' } else { $x } }",
            "Integer[1, 12].map |$x| { if $x > 10 { \"${x}\" =~ 3 } else { $x } }",
            "'zz' =~ /(z)/ [Integer[1, 12].map |$x| { if \"${x}\" =~ /(1)/ { 'y' } else { 'n' } }, $1]",
            "function fm($s) { $s =~ /(b)/ } 'xa' =~ /(a)/ [fm('ab'), fm('b'), fm('cb'), $1, $0]",
            "type Tr = Integer function tr($x) { [$x =~ Tr, $x =~ Array[Tr], $x !~ Optional[Tr]] } [tr(1), tr('a')]",
            "type Tr = String [tr(1), tr('a'), tr([1])]",
            "Integer[1, 12].map |$x| { if $x > 10 { $x =~ Nosuch } else { 1 } }",
            "Integer[1, 12].map |$x| { [File['/tmp/a'], Integer[$x, 20] =~ Type, Enum['a', 'b'], Pattern[/a/, /b/]] }",
            "Integer[1, 12].map |$x| { if $x > 10 { Integer[1, 'a'] } else { 1 } }",
            "Integer[1, 12].map |$x| { \"${x}\" =~ Pattern[/\\A1/] and $x =~ Variant[Integer[1, 3], Integer[10, 11]] }",
        ],
        // Selectors: values, types, regexps (their match variables given back), arrays,
        // no matching option.
        &[
            "Integer[1, 20].map |$x| { $x % 3 ? { 0 => 'z', 1 => 'o', default => 'd' } }",
            "Integer[1, 12].map |$x| { $x ? { Integer[1, 10] => 'b', 13 => 'a' } }",
            "'q' =~ /(q)/ [Integer[1, 12].map |$x| { \"v${x}\" ? { /(1)(\\d)/ => 'two', /\\d/ => 'one' } }, $1]",
            "Integer[1, 12].map |$x| { [$x, 'a'] ? { Tuple[Integer[1, 5], String] => 'small', [10, default] => 'ten', default => 'other' } }",
            "Integer[1, 12].map |$x| { $x ? { *[1, 2] => 'one or two', default => 'other' } }",
            "Integer[1, 12].map |$x| { $x ? { 11 => $x / 0, default => $x } }",
            "Integer[1, 12].reduce('') |$acc, $row| { \"${row}\" =~ /1/ ? { true => \"${acc}${row},\", default => $acc } }",
            "Integer[1, 12].reduce({}) |$acc, $i| { $k = \"k${$i % 3}\" $acc + { $k => $acc.dig($k).lest || { 0 } + 1 } }",
            "function lm2($m, $k) { $m + { $k => $m[$k] } } [lm2({}, 'a'), lm2({ 'a' => 1 }, 'a'), lm2([1], 0)]",
        ],
        // Local variables of lambdas: set, read, read before they are set (found outside),
        // set twice, read by an inner lambda.
        &[
            "Integer[1, 20].map |$x| { $y = $x * 2 $z = \"${y}\" [$y, $z] }",
            "Integer[1, 12].map |$x| { $y = $x * 2 }",
            "Integer[1, 12].map |$x| { $y = $x if $x == 11 { $y = 2 } $y }",
            "$w = 'outer' Integer[1, 12].map |$x| { $a = $w $w = $x [$a, $w] }",
            "Integer[1, 12].map |$x| { $y = $x + 1 Integer[1, 2].map |$z| { $y + $z } }",
            "Integer[1, 12].map |$x| { $y = $x + 1 Integer[1, 12].map |$z| { $q = $y * $z $q } }",
            "Integer[1, 12].map |$x| { if $x > 10 { $y = $x / 0 } $x }",
            "Integer[1, 12].map |$x| { $y = [$x] $y + [1] }",
            "Integer[1, 12].map |$x| { if $x > 3 { $y = $x } [$y] }",
        ],
        // Calls with a lambda in a lambda's body: iterations nested, their errors and
        // `next`/`break`, unknown functions, a Puppet function given a block.
        &[
            "Integer[1, 12].map |$x| { Integer[1, 3].map |$y| { $x * $y }.reduce |$m, $v| { $m + $v } }",
            "Integer[1, 12].map |$x| { Integer[1, 3].map |$y| { if $x == 11 { $y / 0 } else { $y } } }",
            "Integer[1, 12].map |$x| { [1, 2, 3].map |$y| { if $y == 2 { next(0) } $y + $x }.filter |$z| { $z > 0 } }",
            "Integer[1, 12].map |$x| { [1, 2, 3].each |$y| { if $y == 2 { break() } } }",
            "Integer[1, 12].map |$x| { if $x == 11 { nosuch($x) |$y| { $y } } else { $x } }",
            "function wb($x, Callable &$b) { $b.call($x) + 1 } Integer[1, 12].map |$x| { wb($x) |$y| { $y * 2 } }",
            "Integer[1, 12].map |$x| { $s = \"${x}\" $s.split('').map |$c| { \"${c}${s}\" }.join(',') }",
            "Integer[1, 12].map |$x| { $x.with |$y| { $y + 1 } }",
        ],
        // Built-ins with a lambda called straight from a lambda's body: the lambda closes
        // over the body's frame; a function defined later under the built-in's name is
        // called instead; argument errors and `break` located as the tree walk locates them.
        &[
            "$o = 5 Integer[1, 12].map |$x| { $y = $x * 2 [$x.lest || { $o }, undef.lest || { $y + $o }, [$x].map |$z| { $z + $y }] }",
            "Integer[1, 12].reduce({}) |$acc, $i| { $k = \"k${$i % 3}\" $acc + { $k => $acc.dig($k).lest || { [] } + [$i] } }",
            "Integer[1, 12].map |$x| { if $x == 11 { $x.map |$a, $b, $c| { 1 } } else { $x } }",
            "Integer[1, 12].map |$x| { if $x == 11 { $x.lest } else { $x } }",
            "Integer[1, 12].map |$x| { [1, 2, 3].each |$y| { if $y == $x { break() } } }",
            "function fl($v) { Integer[1, 12].map |$x| { $v.lest || { $x } } } fl(undef)",
            "function lest($x, Callable &$b) { 'mine' } fl(undef)",
            "fl(undef)",
        ],
        // Calls of a type in a lambda's body: conversions and their errors, a type made
        // from text (interpolated in the lambda's frame; a variable in the text itself is
        // an error, as the reference's), a block, unknown types; in
        // a function's body, walked.
        &[
            "Integer[1, 20].map |$i| { [String($i * 7919, '%012x'), Integer(\"${i}\"), Float($i).floor, Timespan($i).hours] }",
            "Integer[1, 12].map |$i| { if $i == 11 { Integer('x') } else { $i } }",
            "Integer[1, 12].map |$i| { $n = $i + 1 [Type(\"Integer[${n}]\"), Type('Integer[$n]')] }",
            "Integer[1, 12].map |$i| { Integer[1, 10]($i) }",
            "Integer[1, 12].map |$i| { String($i) |$s| { \"<${s}>\" } }",
            "Integer[1, 12].map |$i| { if $i == 11 { Nosuch($i) } else { $i } }",
            "Integer[1, 12].map |$i| { [Timestamp('2024-01-01T00:00:00 UTC') + $i, SemVer(\"1.${i}.0\")] }",
            "function ft($x) { String($x, '%x') } [ft(10), ft(11), ft('a')]",
        ],
        // Interpolations written on the stack and past it: texts, strings and integers up
        // to 128 bytes and across (at a text, a string, an integer, multibyte characters),
        // values of other kinds first, between and last, nested interpolations, long strings
        // held aside, errors in a later segment.
        &[
            "Integer[1, 12].map |$i| { \"p${i}-${-$i}:é\" }",
            "$a = Integer[1, 126].map |$_| { 'a' }.join('') Integer[1, 12].map |$i| { \"${a}${i}\".length }",
            "$a = Integer[1, 60].map |$_| { 'é' }.join('') Integer[1, 12].map |$i| { $s = \"${i}${a}${a}${i}x\" [$s.length, $s[-4, 4]] }",
            "$a = Integer[1, 130].map |$_| { 'b' }.join('') Integer[1, 12].map |$i| { \"${i}${a}\"[-3, 3] }",
            "$t = Integer[1, 40].map |$_| { 'ab' }.join('') Integer[1, 12].map |$i| { \"${t}${t}-${i}-${t}\".length }",
            "Integer[1, 12].map |$i| { \"<${[$i, 'x']}|${1.5 * $i}|${undef}|${{'k' => $i}}|${$i}>\" }",
            "Integer[1, 12].map |$i| { \"${[$i]}${i}\" }",
            "Integer[1, 12].map |$i| { \"a${\"b${i}c\"}d${i}\" }",
            "$l = Integer[1, 600].map |$_| { 'l' }.join('') Integer[1, 12].map |$i| { $s = \"${i}${l}${i}\" [$s.length, $s[0, 2], $s[-2, 2]] }",
            "Integer[1, 12].map |$i| { if $i == 11 { \"x${i}${[1][5][0]}\" } else { \"${i}\" } }",
            "$a = Integer[1, 200].map |$_| { 'a' }.join('') Integer[1, 12].map |$i| { if $i == 11 { \"${a}${i}${[1][5][0]}\" } else { $i } }",
        ],
        // Lambdas reading variables found by name: the top scope's, a class's (and its
        // parameters'), an enclosing lambda's, an unknown one (the error), one assigned in
        // a later input, `$::x`, a local of the same name assigned before the read.
        &[
            "$t = 10 Integer[1, 12].map |$i| { $i + $t }",
            "class rc($p = 3) { $c = 4 $r = Integer[1, 12].map |$i| { $i * $p + $c + $t } notice($r[-1]) } include rc",
            "Integer[1, 3].map |$i| { Integer[1, 12].map |$j| { [$i, $j, $t] } }[-1][-1]",
            "Integer[1, 12].map |$i| { if $i == 11 { $nosuch } else { $i } }",
            "Integer[1, 12].map |$i| { $later }",
            "$later = 'now' Integer[1, 12].map |$i| { [$later, $::later, $::t] }[-1]",
            "Integer[1, 12].map |$i| { if $i % 2 == 0 { $t = $i } [$t] }",
            "$t = 20 Integer[1, 12].map |$i| { $i + $t }",
            "function tf($x) { $x * 2 } Integer[1, 12].map |$i| { tf($i) + $t }",
        ],
        // Literals whose parts may repeat (checked: doubling 40 times fails at the memory
        // limit) and literals with one collection at most among scalars, interpolations,
        // comparisons and numbers (not checked: nothing can repeat).
        &[
            "Integer[1, 40].reduce([]) |$m, $i| { [($m), \"s${i}\", $m] }",
            "Integer[1, 40].reduce({}) |$m, $i| { { 'a' => $m, 'n' => $i % 3, 'b' => ($m) } }",
            "Integer[1, 40].reduce([]) |$m, $i| { [$m, \"s${i}\", $i % 2 == 0, $i * 2, !$i, 'x', 1.5, undef, ($i / 2)] }.flatten.length",
            "Integer[1, 40].reduce({}) |$m, $i| { { 'm' => $m, 'i' => \"${i}\", 'k' => $i =~ Integer, 'o' => $i > 3 or $i < 2 } }.length",
            "Integer[1, 12].map |$i| { [[$i], [$i]] + { 'a' => [$i], 'b' => [$i] }.values }",
        ],
        // Bodies that are walked: a top-scope variable, match variables, a built-in.
        &[
            "$top = 5 function tv($x) { $x + $top } [tv(1), tv(2)]",
            "function mt($x) { if $x =~ /a(b)/ { $1 } else { 'no' } } [mt('ab'), mt('c'), 'x' =~ /(x)/, $1]",
            "function bi($x) { getvar('x') } [bi(-1), bi(-2)]",
            "function ie($x) { inline_epp('<%= $x %>') } [ie(-1), ie(-2)]",
            "function inn($x) { $x in ['a'] } [inn('a'), inn('b')]",
        ],
        // Built-ins answering calls from their arguments (`Builtin::quick`), and the calls
        // they leave to the built-in: undef, a lambda with parameters, a value of another
        // kind, a lambda given to `length`, a function of the name defined later.
        &[
            "$h = { 'a' => 1, 'b' => undef } Integer[1, 20].map |$i| { [$h.dig(['a', 'b', 'c'][$i % 3]).lest || { $i }, [$i, 'x', { 'k' => $i }, Binary('aGk='), 'åäö', []][$i % 6].lest || { 0 }] }",
            "Integer[1, 20].map |$i| { [[$i], 'xy', { 'k' => $i }, Binary('aGk='), 'åäö', ''][$i % 6].length + size([1, 2, 3][0, $i % 4]) }",
            "Integer[1, 20].map |$i| { if $i == 15 { $i.lest |$x| { 1 } } else { $i.lest || { 0 } } }",
            "Integer[1, 20].map |$i| { if $i == 15 { [$i, 1.5][1].length } else { \"${i}\".length } }",
            "Integer[1, 20].map |$i| { if $i == 15 { undef.size } else { [$i].size } }",
            "Integer[1, 20].map |$i| { if $i == 15 { 'ab'.length |$x| { 1 } } else { 'ab'.length } }",
            "Integer[1, 20].map |$i| { if $i == 15 { lest(1) } else { 2.lest || { 3 } } }",
            "function length($x) { 'mine' } Integer[1, 20].map |$i| { [$i].length }",
            "$d = { 'a' => { 'b' => [1, { 'c' => 2 }] }, 'n' => 3 } Integer[1, 20].map |$i| { [$d.dig('a', 'b', $i % 3 - 2), $d.dig('a', 'x'), $d.dig(), $d.dig('a', 'b', 1, 'c'), undef.dig('a'), [1, 2].dig($i % 3 - 3), $d.dig('a', undef, 'q'), dig([[$i]], 0, 0)] }",
            "$d = { 'n' => 3 } Integer[1, 20].map |$i| { if $i == 15 { $d.dig('n', 'm') } else { $d.dig('n') } }",
            "Integer[1, 20].map |$i| { if $i == 15 { [1].dig('a') } else { [1].dig(0) } }",
            "Integer[1, 20].map |$i| { if $i == 15 { 'ab'.dig(0) } else { [1].dig(0) } }",
        ],
    ];

    /// The outcome of each input: the value, or the error with where it points.
    fn outcomes(compile: bool, inputs: &[&str]) -> Vec<String> {
        let mut s = Session::new();
        s.evaluator.compile_functions = compile;
        inputs
            .iter()
            .map(|src| match s.eval(src) {
                Ok(v) => format!(
                    "{} {:?}",
                    to_programmatic(&v),
                    std::mem::take(&mut s.evaluator.logs)
                ),
                Err(e) => format!(
                    "{} at {:?} in {:?}",
                    e.message,
                    e.span,
                    e.source.map(|s| s.name.clone())
                ),
            })
            .collect()
    }

    #[test]
    fn compiled_functions_answer_as_the_tree_walk() {
        // (every input that differs is reported, not only the first)
        let mut differ = Vec::new();
        for inputs in CASES {
            let (compiled, walked) = (outcomes(true, inputs), outcomes(false, inputs));
            for ((src, c), w) in inputs.iter().zip(&compiled).zip(&walked) {
                if c != w {
                    differ.push(format!("{src}\n  compiled: {c}\n  walked:   {w}"));
                }
            }
        }
        assert!(differ.is_empty(), "{}", differ.join("\n"));
    }

    /// A literal is checked for repeated parts unless at most one of its elements (of its
    /// values, for a hash) may be an array or a hash.
    #[test]
    fn literals_are_checked_when_two_parts_may_be_collections() {
        use crate::syntax::ast::ExprKind;
        let checked = |src: &str| {
            let program = crate::syntax::parse(&format!("$x = {src}")).unwrap();
            let ExprKind::Assign(_, value) = &program.body[0].kind else {
                panic!("{src}");
            };
            match &value.kind {
                ExprKind::Array(items, _) => super::may_repeat(items.iter()),
                ExprKind::Hash(entries, _) => super::may_repeat(entries.iter().map(|(_, v)| v)),
                other => panic!("{other:?}"),
            }
        };
        for (src, expected) in [
            ("[$a, $b]", true),
            ("[$a, 1, $b]", true),
            ("[$a, [1]]", true),
            ("[$a, $b + 1]", true),
            ("[$a, f(1)]", true),
            ("[($a), $a[0]]", true),
            ("[$a, $b - $c]", true),
            ("[$a, $b << 1]", true),
            ("{ 'a' => $a, 'b' => $b }", true),
            ("[$a]", false),
            (
                "[$a, \"s${a}\", 'x', 1, 2.5, true, undef, default, /r/, word]",
                false,
            ),
            (
                "[$a, $b == 1, $b < 2, !$b, $b * 2, $b / 2, $b % 2, $b >> 1]",
                false,
            ),
            (
                "[$a, $b =~ /x/, $b !~ /x/, $b in $c, $b and $c, ($b or $c)]",
                false,
            ),
            ("{ [$a, $b] => $a, 'n' => $b % 2 }", false),
        ] {
            assert_eq!(checked(src), expected, "{src}");
        }
    }

    /// Calls the compiled body of the session's function `name` with `args` in its frame's
    /// first slots, as a direct call binds them.
    fn call_compiled<const N: usize>(s: &mut Session, name: &str, args: [Value; N]) -> Value {
        let f = s.evaluator.functions.get(name).unwrap().clone();
        let code = f.compiled_code().expect("compiled");
        let ev = &mut s.evaluator;
        let base = ev.slots.len();
        ev.slots.extend(args.into_iter().map(Some));
        let result = code(ev, base).unwrap();
        ev.slots.truncate(base);
        result
    }

    /// The last read of a parameter moves its value: an array the body extends is extended
    /// in place, not copied (a copy per call made `reduce |$m, $x| { $m + $x }` quadratic).
    #[test]
    fn a_last_read_moves_the_value_out() {
        let mut s = Session::new();
        s.eval("function app($m, $x) { $m + $x } [app([1], 2), app([1], 2)]")
            .unwrap();
        let array = Value::array(vec![Value::Integer(1)]);
        let Value::Array(rc) = &array else {
            unreachable!()
        };
        let address = std::rc::Rc::as_ptr(rc);
        let result = call_compiled(&mut s, "app", [array, Value::Integer(2)]);
        assert_eq!(to_programmatic(&result), "[1, 2]");
        let Value::Array(extended) = &result else {
            unreachable!()
        };
        assert_eq!(std::rc::Rc::as_ptr(extended), address, "copied, not moved");
    }

    /// A left operand whose other reads are all in the right operand is taken after the
    /// right operand: the hash `$m + { $k => $m[$k] }` extends is extended in place, not
    /// copied (in a `reduce` lambda that copy made the loop quadratic).
    #[test]
    fn a_left_operand_read_again_on_the_right_is_taken_after_it() {
        let mut s = Session::new();
        s.eval("function lm($m, $k) { $m + { $k => $m[$k] } } [lm({}, 'a'), lm({}, 'a')]")
            .unwrap();
        let hash = Value::hash(
            [(Value::string("a"), Value::Integer(1))]
                .into_iter()
                .collect(),
        );
        let Value::Hash(rc) = &hash else {
            unreachable!()
        };
        let address = std::rc::Rc::as_ptr(rc);
        let result = call_compiled(&mut s, "lm", [hash, Value::string("b")]);
        assert_eq!(to_programmatic(&result), "{'a' => 1, 'b' => undef}");
        let Value::Hash(extended) = &result else {
            unreachable!()
        };
        assert_eq!(std::rc::Rc::as_ptr(extended), address, "copied, not moved");
    }

    /// Which bodies compile (a test of the cases above: they compare compiled calls only
    /// where these are compiled).
    #[test]
    fn bodies_compile_when_they_use_only_what_compiles() {
        let compiled = |src: &str, name: &str| {
            let mut s = Session::new();
            s.eval(src).unwrap();
            s.evaluator.functions.get(name).unwrap().is_compiled()
        };
        let fib = "function fib(Integer $n) >> Integer { if $n < 2 { $n } else { fib($n - 1) + fib($n - 2) } } fib(5)";
        assert_eq!(compiled(fib, "fib"), Some(true));
        assert_eq!(
            compiled("function f($x) { -$x and !$x or 'a' } [f(1), f(2)]", "f"),
            Some(true)
        );
        assert_eq!(
            compiled(
                "function u($x) { if $x { nope($x) } else { 0 } } [u(false), u(false)]",
                "u"
            ),
            Some(true)
        );
        for body in [
            "\"${x}\"",
            "abs($x.length)",
            "[$x]",
            "{ 'a' => [$x, 1], $x => default }",
            "$x[0]",
            "$x['a']['b']",
            "\"${x}\" =~ /a/",
            "$x !~ Hash[String, Optional[Integer]]",
            "Optional[Integer]",
            "$x ? { Hash => 1, /a/ => 2, default => 3 }",
        ] {
            let src = format!("function f($x) {{ {body} }} [f({{a => {{}}}}), f({{a => {{}}}})]");
            assert_eq!(compiled(&src, "f"), Some(true), "{src}");
        }
        // Not yet called directly with known types: not compiled yet.
        assert_eq!(compiled("function f($x) { $x } f(1)", "f"), None);
        assert_eq!(compiled("function f($x = 1) { $x } [f(), f()]", "f"), None);
        for walked in [
            "$top = 5 function f($x) { $x + $top } [f(1), f(2)]",
            "function f($x) { $x in ['a'] } [f('a'), f('b')]",
            "function f($x) { getvar('x') } [f(1), f(2)]",
            "function f($x) { inline_epp('<%= $x %>') } [f(1), f(2)]",
            "function f($x) { [$x].map |$y| { $y } } [f(1), f(2)]",
            "function f($x) { $y = $x $y } [f(1), f(2)]",
            "$t = 1 function f($x) { $::t } [f(1), f(2)]",
            "function f($x) { [*$x] } [f(1), f(2)]",
            "function f($x) { Array[$x] } [f(Integer), f(String)]",
            "function f($x) { $x[0, 1] } [f([1]), f([2])]",
        ] {
            assert_eq!(compiled(walked, "f"), Some(false), "{walked}");
        }
        // Nested deeper than compiled code goes.
        let deep = format!(
            "function f($x) {{ {}$x{} }} [f(1), f(2)]",
            "(".repeat(60),
            ")".repeat(60)
        );
        assert_eq!(compiled(&deep, "f"), Some(false));
    }
}
