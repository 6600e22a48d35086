//! Evaluation of each kind of expression.

use super::shared::KeptLiteral;
use super::{EvalResult, Evaluator, Flow};
use crate::error::{Error, ErrorKind};
use crate::syntax::ast::*;
use crate::types::{self, PType};
use crate::values::{Map, Value};
use crate::Strictness;
use std::rc::Rc;

impl Evaluator {
    /// Evaluates statements in order; the value is the last one's (`undef` when empty).
    pub fn eval_block(&mut self, body: &[Expr]) -> EvalResult {
        let mut last = Value::Undef;
        for e in body {
            if self.debugging {
                self.debug_statement(e)?;
            }
            last = self.eval(e)?;
        }
        Ok(last)
    }

    /// Evaluates one expression. Errors raised while evaluating it get its span.
    ///
    /// Integer and string literals and variables of the current frame are answered here, in
    /// a function that needs no stack frame of its own; everything else goes to
    /// [`eval_node`](Self::eval_node) (a tail call).
    pub fn eval(&mut self, e: &Expr) -> EvalResult {
        match &e.kind {
            ExprKind::Integer(i) => Ok(Value::Integer(*i)),
            ExprKind::String(s) => Ok(Value::String(s.clone())),
            ExprKind::Variable(v) => match self.read_local(v) {
                Some(value) => Ok(value),
                None => self.eval_node(e),
            },
            _ => self.eval_node(e),
        }
    }

    /// [`eval`](Self::eval) of every other expression. The most frequent kinds (variables
    /// of outer frames, binary operators other than the short-circuiting ones, calls, `if`)
    /// are handled here, the others in `eval_kind_here`'s large frame, after a stack check.
    #[inline(never)]
    fn eval_node(&mut self, e: &Expr) -> EvalResult {
        let r = match &e.kind {
            ExprKind::Integer(i) => return Ok(Value::Integer(*i)),
            ExprKind::Variable(v) => match self.read_var(v) {
                Ok(v) => return Ok(v),
                Err(err) if self.strict != Strictness::Error && is_unknown_variable(&err) => {
                    return Ok(self.lenient_unknown_variable(&err, e.span));
                }
                Err(err) => Err(Flow::from(err)),
            },
            ExprKind::Binary(op, a, b) if !matches!(op, BinOp::And | BinOp::Or) => {
                if let ExprKind::Binary(..) = a.kind {
                    if long_chain(a) {
                        return self.eval_chain(e);
                    }
                }
                // Integer literals and local variables holding integers are read in place.
                if let (Some(x), Some(y)) = (self.int_operand(a), self.int_operand(b)) {
                    if let Some(v) = super::operators::int_fast_path(*op, x, y) {
                        return Ok(v);
                    }
                }
                let (l, r) = match self.late_move(a) {
                    // the right operand first, then the parameter's value taken (`liveness`)
                    Some(at) => {
                        let r = self.eval(b)?;
                        match self.slots[at].take() {
                            Some(l) => (l, r),
                            None => (self.eval(a)?, r),
                        }
                    }
                    None => {
                        let l = self.eval(a)?;
                        let r = match b.kind {
                            ExprKind::Integer(y) => Value::Integer(y),
                            _ => self.eval(b)?,
                        };
                        (l, r)
                    }
                };
                if let (Value::Integer(x), Value::Integer(y)) = (&l, &r) {
                    if let Some(v) = super::operators::int_fast_path(*op, *x, *y) {
                        return Ok(v);
                    }
                }
                self.binary(*op, l, r)
                    .map_err(|f| divisor_located(f, *op, b.span))
            }
            // Calls of named functions and `if`, frequent in function bodies, skip
            // `eval_kind`'s large frame (each recursion still passes a stack check).
            ExprKind::Call {
                name,
                args,
                block,
                style: style @ (CallStyle::Prefix | CallStyle::Statement),
                site,
            } => crate::limits::deep(|| {
                self.eval_call(name, site, args, block.as_ref(), *style, e.span)
            }),
            ExprKind::If {
                cond,
                then_branch,
                else_branch,
            } => self.eval_if(cond, true, then_branch, else_branch.as_deref()),
            // Every recursion of the evaluator passes a stack check (here, in
            // [`Evaluator::eval_chain`] or in the calls of lambdas and functions), so it runs
            // on more stack when needed.
            _ => crate::limits::deep(|| self.eval_kind_here(e)),
        };
        let r = if crate::limits::deferred_pending() {
            surface_deferred(r, e)
        } else {
            r
        };
        match r {
            Ok(v) => Ok(v),
            Err(f) if self.debugging => Err(self.debug_error_leaving(f, e.span)),
            Err(f) => Err(located(f, e.span)),
        }
    }

    /// A left-associative chain of binary operators (`1 + 2 - 3 ...`, `$a and $b or $c`),
    /// whose tree is as deep as the chain is long, evaluated in a loop up its left side.
    #[inline(never)]
    fn eval_chain(&mut self, e: &Expr) -> EvalResult {
        let mut spine = Vec::new();
        let mut bottom = e;
        while let ExprKind::Binary(op, a, b) = &bottom.kind {
            spine.push((bottom.span, op, &**b));
            bottom = a;
        }
        let mut acc = self.eval(bottom)?;
        for (span, op, b) in spine.into_iter().rev() {
            let r = match op {
                BinOp::And if !acc.is_truthy() => Ok(Value::Boolean(false)),
                BinOp::Or if acc.is_truthy() => Ok(Value::Boolean(true)),
                BinOp::And | BinOp::Or => self.eval(b).map(|v| Value::Boolean(v.is_truthy())),
                op => self.eval(b).and_then(|r| {
                    if let (Value::Integer(x), Value::Integer(y)) = (&acc, &r) {
                        if let Some(v) = super::operators::int_fast_path(*op, *x, *y) {
                            return Ok(v);
                        }
                    }
                    self.binary(*op, std::mem::replace(&mut acc, Value::Undef), r)
                        .map_err(|f| divisor_located(f, *op, b.span))
                }),
            };
            acc = r.map_err(|f| located(f, span))?;
        }
        Ok(acc)
    }

    /// A chain of method calls (`$x.a.b.c ...`), each the receiver of the next, called in
    /// a loop from the innermost out.
    #[inline(never)]
    fn eval_method_chain(&mut self, e: &Expr) -> EvalResult {
        type Link<'e> = (&'e Rc<str>, &'e [Expr], Option<&'e Rc<Lambda>>);
        fn method_call(e: &Expr) -> Option<Link<'_>> {
            match &e.kind {
                ExprKind::Call {
                    name,
                    args,
                    block,
                    style: CallStyle::Method,
                    ..
                } if !args.is_empty() => Some((name, args, block.as_ref())),
                _ => None,
            }
        }
        let mut spine: Vec<(&Expr, Link)> = Vec::new();
        let mut node = e;
        while let Some(link) = method_call(node) {
            spine.push((node, link));
            node = &link.1[0];
        }
        let mut acc = Value::Undef;
        for (i, (node, (name, args, block))) in spine.into_iter().rev().enumerate() {
            let r = if i == 0 {
                self.eval_list(args)
                    .and_then(|all| self.call_named(name, all, block, CallStyle::Method, node.span))
            } else {
                self.eval_list(&args[1..]).and_then(|rest| {
                    let mut all = Vec::with_capacity(rest.len() + 1);
                    all.push(std::mem::replace(&mut acc, Value::Undef));
                    all.extend(rest);
                    self.call_named(name, all, block, CallStyle::Method, node.span)
                })
            };
            acc = r.map_err(|f| located(f, node.span))?;
        }
        Ok(acc)
    }

    /// `if cond { then } else { else }` (`unless` when `when` is false: `then` runs when
    /// `cond` is falsy): the match variables set by `cond` are seen by the branches only.
    #[inline(never)]
    fn eval_if(
        &mut self,
        cond: &Expr,
        when: bool,
        then: &[Expr],
        otherwise: Option<&[Expr]>,
    ) -> EvalResult {
        crate::limits::deep(|| {
            let saved = self.matches.clone();
            let r = if self.eval(cond)?.is_truthy() == when {
                self.eval_block(then)
            } else if let Some(b) = otherwise {
                self.eval_block(b)
            } else {
                Ok(Value::Undef)
            };
            self.matches = saved;
            r
        })
    }

    /// An array or hash literal of constants: the value `build` makes the first time, kept
    /// in the literal's [`SharedLiteral`] and shared from then on. Out of line: inlined in
    /// `eval_kind_here`, it slowed every evaluation.
    #[inline(never)]
    fn shared_literal(
        &mut self,
        shared: &SharedLiteral,
        build: impl FnOnce(&mut Self) -> EvalResult,
    ) -> EvalResult {
        if let Some(kept) = shared.get::<KeptLiteral>() {
            return Ok(kept.value.clone());
        }
        let v = build(self)?;
        shared.keep(&KeptLiteral::new(v.clone()));
        Ok(v)
    }

    #[inline(never)]
    fn eval_kind_here(&mut self, e: &Expr) -> EvalResult {
        Ok(match &e.kind {
            ExprKind::Undef => Value::Undef,
            ExprKind::Default => Value::Default,
            ExprKind::Boolean(b) => Value::Boolean(*b),
            ExprKind::Integer(i) => Value::Integer(*i),
            ExprKind::Float(f) => Value::Float(*f),
            ExprKind::String(s) => Value::String(s.clone()),
            ExprKind::Interpolated(parts) => Value::String(self.interpolate_shared(parts)?),
            ExprKind::Heredoc { syntax, text } => {
                let v = self.eval(text)?;
                // An interpolated text meets its syntax checker when it is made (a literal
                // one was checked with the program).
                if let (Some(syntax), Value::String(s)) = (syntax.as_deref(), &v) {
                    if !matches!(text.kind, ExprKind::String(_)) {
                        if let Some(err) = crate::syntax::validate::external_syntax_error(syntax, s)
                        {
                            return Err(err.at(text.span).into());
                        }
                    }
                }
                v
            }
            // A literal that does not compile is reported without "Evaluation Error".
            ExprKind::Regex(src) => Value::Regexp(self.regex(src).map_err(|e| Error {
                kind: ErrorKind::Failed,
                ..e
            })?),
            ExprKind::QualifiedName(n) => Value::String(n.clone()),
            ExprKind::QualifiedReference(n) => match self.cached_type(e) {
                Some(t) => Value::Type(t),
                None => {
                    let t = Rc::new(self.type_by_reference(n)?);
                    self.cache_type(e, &t);
                    Value::Type(t)
                }
            },
            ExprKind::Variable(v) => match self.read_var(v) {
                Ok(v) => v,
                Err(err) if self.strict != Strictness::Error && is_unknown_variable(&err) => {
                    self.lenient_unknown_variable(&err, e.span)
                }
                Err(err) => return Err(err.into()),
            },
            ExprKind::Array(items, shared) if shared.is_constant() => {
                self.shared_literal(shared, |ev| Ok(Value::array(ev.eval_list(items)?)))?
            }
            ExprKind::Hash(entries, shared) if shared.is_constant() => {
                self.shared_literal(shared, |ev| ev.eval_hash(entries))?
            }
            ExprKind::Array(items, _) => {
                let v = Value::array(self.eval_list(items)?);
                crate::expansion::check_repeats(&v)?;
                v
            }
            ExprKind::Hash(entries, _) => {
                let v = self.eval_hash(entries)?;
                crate::expansion::check_repeats(&v)?;
                v
            }
            ExprKind::Unary(op, x) => self.eval_unary(*op, x)?,
            ExprKind::Binary(BinOp::And | BinOp::Or, a, _) if long_chain(a) => {
                self.eval_chain(e)?
            }
            ExprKind::Binary(BinOp::And, a, b) => {
                Value::Boolean(self.eval(a)?.is_truthy() && self.eval(b)?.is_truthy())
            }
            ExprKind::Binary(BinOp::Or, a, b) => {
                Value::Boolean(self.eval(a)?.is_truthy() || self.eval(b)?.is_truthy())
            }
            ExprKind::Binary(op, a, b) => {
                let l = self.eval(a)?;
                let r = self.eval(b)?;
                self.binary(*op, l, r)
                    .map_err(|f| divisor_located(f, *op, b.span))?
            }
            ExprKind::Assign(target, rhs) => {
                let value = self.eval(rhs)?;
                self.assign(target, value.clone())?;
                value
            }
            ExprKind::Access(x, keys) => self.eval_access(e, x, keys)?,
            ExprKind::Selector(test, arms) => self.eval_selector(test, arms)?,
            ExprKind::Paren(x) => self.eval(x)?,
            ExprKind::Call {
                style: CallStyle::Method,
                args,
                ..
            } if matches!(
                args.first().map(|a| &a.kind),
                Some(ExprKind::Call {
                    style: CallStyle::Method,
                    ..
                })
            ) =>
            {
                self.eval_method_chain(e)?
            }
            ExprKind::Call {
                name,
                args,
                block,
                style,
                site,
            } => self.eval_call(name, site, args, block.as_ref(), *style, e.span)?,
            ExprKind::CallType {
                callee,
                args,
                block,
            } => {
                let t = self.eval(callee)?;
                let mut all = vec![t];
                all.extend(self.eval_list(args)?);
                self.call_named("new", all, block.as_ref(), CallStyle::Prefix, e.span)?
            }
            ExprKind::Lambda(_) => {
                return Err(Error::eval("A lambda can only be given to a function call").into())
            }
            ExprKind::If {
                cond,
                then_branch,
                else_branch,
            } => self.eval_if(cond, true, then_branch, else_branch.as_deref())?,
            ExprKind::Unless {
                cond,
                then_branch,
                else_branch,
            } => self.eval_if(cond, false, then_branch, else_branch.as_deref())?,
            ExprKind::Case { test, arms } => self.eval_case(test, arms)?,
            ExprKind::Block(body) => self.eval_block(body)?,
            // Definitions are hoisted: by the time a statement runs they exist.
            ExprKind::FunctionDef(_) | ExprKind::TypeAlias { .. } => Value::Undef,
            ExprKind::ClassDef(_) | ExprKind::DefineDef(_) | ExprKind::NodeDef(_) => Value::Undef,
            // Catalog expressions: see `compile::declare`, `compile::collect`, `compile::finish`.
            ExprKind::Resource {
                form,
                type_name,
                bodies,
            } => self.eval_resource_expr(*form, type_name, bodies, e.span)?,
            ExprKind::ResourceDefaults {
                type_ref,
                attributes,
            } => self.eval_resource_defaults(type_ref, attributes)?,
            ExprKind::ResourceOverride {
                resource,
                attributes,
            } => self.eval_resource_override(resource, attributes)?,
            ExprKind::Collector {
                type_ref,
                exported,
                query,
                attributes,
            } => self.eval_collector(type_ref, *exported, query.as_deref(), attributes)?,
            ExprKind::Relationship(op, l, r) => self.eval_relationship(*op, l, r, e.span)?,
        })
    }

    /// Evaluates a list of expressions (array items, arguments, keys), unfolding `*x`.
    pub fn eval_list(&mut self, items: &[Expr]) -> EvalResult<Vec<Value>> {
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            if let ExprKind::Unary(UnaryOp::Splat, x) = &item.kind {
                let v = self.eval(x)?;
                self.unfold_into(v, &mut out)?;
            } else {
                out.push(self.eval(item)?);
            }
        }
        Ok(out)
    }

    /// `*v` in a list: arrays unfold, `undef` is nothing, hashes become pairs, iterators unroll.
    pub fn unfold_into(&mut self, v: Value, out: &mut Vec<Value>) -> EvalResult<()> {
        let added = match &v {
            Value::Array(a) => a.len(),
            Value::Hash(h) => h.len().saturating_mul(3),
            _ => 0,
        };
        if added > 0 {
            crate::limits::reserve_for::<Value>(out.len().saturating_add(added))?;
        }
        match v {
            Value::Array(a) => out.extend(a.iter().cloned()),
            Value::Undef => {}
            Value::Hash(h) => out.extend(
                h.iter()
                    .map(|(k, v)| Value::array(vec![k.clone(), v.clone()])),
            ),
            Value::Iterator(_) => out.extend(self.to_array(&v)?),
            other => out.push(other),
        }
        Ok(())
    }

    fn eval_hash(&mut self, entries: &[(Expr, Expr)]) -> EvalResult {
        let mut map = Map::with_capacity(entries.len());
        for (k, v) in entries {
            let key = self.eval(k)?;
            let value = self.eval(v)?;
            // Later entries win (duplicate literal keys are rejected by the parser).
            map.insert(key, value);
        }
        Ok(Value::hash(map))
    }

    fn eval_unary(&mut self, op: UnaryOp, x: &Expr) -> EvalResult {
        let v = self.eval(x)?;
        Ok(match op {
            UnaryOp::Not => Value::Boolean(!v.is_truthy()),
            UnaryOp::Neg => self.negate(v)?,
            UnaryOp::Splat => {
                let mut out = Vec::new();
                self.unfold_into(v, &mut out)?;
                Value::array(out)
            }
        })
    }

    /// The type a capitalized name denotes: an alias, a built-in type or a resource type
    /// (a built-in resource type, or a `define` of this session).
    pub fn type_named(&self, name: &str) -> Result<PType, Error> {
        match self.find_type_named(name)? {
            Some(t) => Ok(t),
            None => Err(Error::eval(format!("Resource type not found: {name}"))
                .with_hint(self.type_hint(name))),
        }
    }

    /// Whether `lower` names an alias whose definition is no type (see `hoist`).
    pub(crate) fn is_invalid_alias(&self, lower: &str) -> bool {
        self.aliases
            .get(lower)
            .is_some_and(|a| a.invalid.borrow().is_some())
    }

    /// [`type_named`](Self::type_named), `None` for a name that denotes no type (yet: the
    /// caller may autoload it), without the error's "did you mean" hint, which is costly.
    pub fn find_type_named(&self, name: &str) -> Result<Option<PType>, Error> {
        if let Some(alias) = self.aliases.get(&name.to_ascii_lowercase()) {
            if let Some(e) = invalid_alias(alias) {
                return Err(e);
            }
            // An alias that leads only to aliases, back to itself, names no type.
            let mut target = alias.resolved();
            for _ in 0..64 {
                let PType::Alias(next) = &target else { break };
                if Rc::ptr_eq(next, alias) {
                    return Err(Error::eval(format!(
                        "{IN_TYPE_NAME}Type alias '{}' cannot be resolved to a real type",
                        alias.name
                    )));
                }
                target = next.resolved();
            }
            // The alias defining an object type (`type P = Object[{...}]`) is that type,
            // checked as the reference resolves it; another alias of it (`type PP = P`)
            // stays an alias (`PP = Object[{name => 'P', ...}]`).
            let type_name_error = |m: String| Error::eval(format!("{IN_TYPE_NAME}{m}"));
            if let PType::ObjectType(o) = &target {
                crate::types::object::validate(o).map_err(type_name_error)?;
                if o.name.as_deref() == Some(&*alias.name) {
                    return Ok(Some(target));
                }
                return Ok(Some(PType::Alias(alias.clone())));
            }
            if let PType::TypeSetType(ts) = &target {
                if let Some(m) = &ts.invalid {
                    return Err(type_name_error(m.clone()));
                }
                return Ok(Some(target));
            }
            return Ok(Some(PType::Alias(alias.clone())));
        }
        if let Some(t) = types::by_name(name).or_else(|| types::names::by_name_any_case(name)) {
            return Ok(Some(t));
        }
        if self.resource_kind(name).is_some() || name.eq_ignore_ascii_case("node") {
            return Ok(Some(types::names::resource_type(name)));
        }
        Ok(None)
    }

    // ---- variables

    /// The frame `depth` lexical levels out from the current one.
    fn frame_at(&self, depth: u16) -> Option<usize> {
        let mut f = self.current;
        for _ in 0..depth {
            f = f.and_then(|i| self.frames[i].parent);
        }
        f
    }

    /// The integer an operand is without evaluating it, when it is an integer literal or a
    /// variable of the current frame holding an integer (read in place: no copy, and the
    /// slot keeps its value).
    #[inline(always)]
    fn int_operand(&self, e: &Expr) -> Option<i64> {
        match &e.kind {
            ExprKind::Integer(i) => Some(*i),
            ExprKind::Variable(v) => match (v.slot.get(), self.current) {
                (Slot::Local { depth: 0, index }, Some(fi)) => {
                    let at = self.frames[fi].base + index as usize;
                    match self.slots.get(at) {
                        Some(Some(Value::Integer(i))) => Some(*i),
                        _ => None,
                    }
                }
                _ => None,
            },
            _ => None,
        }
    }

    /// Where the value of `a`, the left operand of a binary operator, may be moved from once
    /// the right operand is evaluated: the slot of a parameter whose other reads are all in
    /// the right operand (`Layout::late_moves`).
    fn late_move(&self, a: &Expr) -> Option<usize> {
        let ExprKind::Variable(v) = &a.kind else {
            return None;
        };
        let (Slot::Local { depth: 0, index }, Some(fi)) = (v.slot.get(), self.current) else {
            return None;
        };
        let frame = &self.frames[fi];
        // (while debugging, values stay in their slots: a stop shows them)
        (frame.layout.late_moves.get(index as usize) == Some(&(v as *const VarRef as usize))
            && !self.debugging)
            .then_some(frame.base + index as usize)
    }

    /// The type a type name (`Integer`, `My::Type`) denotes, loading a module's type alias
    /// or resource type on first use.
    pub(super) fn type_by_reference(&mut self, n: &Rc<str>) -> EvalResult<PType> {
        Ok(match self.find_type_named(n) {
            Ok(Some(t)) => t,
            // (an alias defined with an error, or an object type whose checks fail: the
            // reference's lazy reference would fail the same way where it is used)
            Err(e) if self.aliases.contains_key(&*n.to_ascii_lowercase()) => return Err(e.into()),
            // A type alias or define of a module, loaded on first use.
            Ok(None) | Err(_) => {
                let lower = n.to_ascii_lowercase();
                let loaded = self.autoload_type_name(&lower)?;
                if !loaded && self.in_type_alias {
                    // The reference's lazy reference, resolved later.
                    self.type_references_cached = true;
                    PType::TypeReference(n.clone())
                } else {
                    self.type_named(n)?
                }
            }
        })
    }

    /// A variable's value as [`eval_node`](Self::eval_node) reads it, error located at
    /// `span`: for compiled lambdas (`compiled`), which read the variables of outer frames
    /// and scopes this way.
    #[inline(never)]
    pub(super) fn read_variable(&mut self, v: &VarRef, span: Span) -> EvalResult {
        match self.read_var(v) {
            Ok(v) => Ok(v),
            Err(err) if self.strict != Strictness::Error && is_unknown_variable(&err) => {
                Ok(self.lenient_unknown_variable(&err, span))
            }
            Err(err) => Err(located(err.into(), span)),
        }
    }

    /// Reads a variable for evaluation: its last use in the frame moves the value out of
    /// the slot (see `liveness`), any other read copies it.
    fn read_var(&mut self, v: &VarRef) -> Result<Value, Error> {
        match self.read_local(v) {
            Some(value) => Ok(value),
            None => self.lookup(v),
        }
    }

    /// [`read_var`](Self::read_var) of a variable of the current frame whose slot holds a
    /// value; `None` for any other (outer frames, scopes, match variables, unknown names).
    #[inline(always)]
    fn read_local(&mut self, v: &VarRef) -> Option<Value> {
        let (Slot::Local { depth: 0, index }, Some(fi)) = (v.slot.get(), self.current) else {
            return None;
        };
        let frame = &self.frames[fi];
        let i = index as usize;
        // (while debugging, values stay in their slots: a stop shows them)
        if frame.layout.movable.get(i) == Some(&(v as *const VarRef as usize)) && !self.debugging {
            self.slots[frame.base + i].take()
        } else {
            match self.slots.get(frame.base + i) {
                Some(Some(value)) => Some(value.clone()),
                _ => None,
            }
        }
    }

    pub fn lookup(&self, v: &VarRef) -> Result<Value, Error> {
        if let (Slot::Scope { index }, Some(scope)) = (v.slot.get(), &self.scope) {
            // (no lambda frame around the reference holds the name: the scope's is the one)
            if let Some(value) = scope.read_slot(index, &v.name) {
                return Ok(value);
            }
            return self.lookup_by_name(self.current, &v.name);
        }
        if let Some(n) = v.numeric() {
            return Ok(match &self.matches {
                Some(caps) => caps
                    .get(n)
                    .cloned()
                    .flatten()
                    .map(Value::from)
                    .unwrap_or(Value::Undef),
                None => Value::Undef,
            });
        }
        if let Slot::Local { depth, index } = v.slot.get() {
            if let Some(fi) = self.frame_at(depth) {
                if let Some(val) = &self.frame_slots(fi)[index as usize] {
                    return Ok(val.clone());
                }
                self.check_binding_access(fi, &v.name)?;
                return self.lookup_by_name(self.frames[fi].parent, &v.name);
            }
        }
        self.lookup_by_name(self.current, &v.name)
    }

    /// A variable visible from the current frame and scope by name (`x`, `mod::x`,
    /// `::x`), or `None` when there is none (ERB templates read variables so).
    pub fn visible_variable(&self, name: &str) -> Option<Value> {
        let name = match name.strip_prefix("::") {
            Some(top) if !crate::names::is_qualified(top) => return self.globals.get(top).cloned(),
            Some(_) => name,
            None => name,
        };
        // (no unknown-variable error made: its "Did you mean" search is for messages)
        self.find_by_name(self.current, name).ok().flatten()
    }

    /// Whether `name`, read where the code runs, is a parameter of a class, define, function
    /// or lambda whose defaults are being evaluated: the reference keeps those in its
    /// `ParameterScope`, which `scope.to_hash` does not list, so that a template's `@name`
    /// is nil there (`scope['name']` reads it).
    pub fn in_parameter_scope(&self, name: &str) -> bool {
        let mut f = self.current;
        while let Some(i) = f {
            let frame = &self.frames[i];
            if let Some(idx) = frame.layout.index_of(name) {
                if self.slots[frame.base + idx].is_some() {
                    return self.binding.as_ref().is_some_and(|(bf, _, _)| *bf == i);
                }
            }
            f = frame.parent;
        }
        self.scope.as_ref().is_some_and(|s| {
            s.binding
                .borrow()
                .as_ref()
                .is_some_and(|g| g.params.iter().any(|p| &**p == name))
        })
    }

    /// Whether some defaults are being evaluated (see [`Evaluator::in_parameter_scope`]).
    pub fn binding_parameters(&self) -> bool {
        self.binding.is_some()
            || self
                .scope
                .as_ref()
                .is_some_and(|s| s.binding.borrow().is_some())
    }

    /// An unknown variable read under `strict = warning` or `off` (the reference with
    /// `strict_variables = false`): `undef`, after a warning worded and located as the
    /// reference's (`Unknown variable: 'x'. (file: F, line: L, column: C)`) under `warning`.
    #[cold]
    fn lenient_unknown_variable(&mut self, err: &Error, span: Span) -> Value {
        if self.strict == Strictness::Warning {
            let (line, col) = self.source.line_col(span.start);
            let location = match self.location_name() {
                Some(f) => format!("(file: {f}, line: {line}, column: {col})"),
                None => format!("(line: {line}, column: {col})"),
            };
            self.log(
                crate::LogLevel::Warning,
                &format!("{} {location}", err.message),
            );
        }
        Value::Undef
    }

    /// Reading a parameter whose default has not been evaluated yet is an error.
    fn check_binding_access(&self, frame: usize, name: &str) -> Result<(), Error> {
        if let Some((bf, fname, param)) = &self.binding {
            if *bf == frame {
                return Err(Error::eval(format!(
                    "{fname}: default expression for ${param} tries to illegally access not yet evaluated ${name}"
                )));
            }
        }
        Ok(())
    }

    /// Looks a variable up by name, from frame `start` outwards, then in the class, define or
    /// node scope being evaluated (and the scopes it sees through), then in the top scope.
    /// `$class::name` is a variable of an evaluated class.
    fn lookup_by_name(&self, start: Option<usize>, name: &str) -> Result<Value, Error> {
        match self.find_by_name(start, name)? {
            Some(v) => Ok(v),
            None => {
                let err = Error::eval(format!("{UNKNOWN_VARIABLE}{name}'."));
                // Under a lenient strictness the reader makes it `undef`: no hint to search.
                Err(if self.strict == Strictness::Error {
                    self.custom_fact_error(name)
                        .unwrap_or_else(|| err.with_hint(self.variable_hint(start, name)))
                } else {
                    err
                })
            }
        }
    }

    /// As `lookup_by_name`, `None` for an unknown variable (a template's `has_variable?`,
    /// a Ruby function's `lookupvar` of one that is not set: no error made).
    fn find_by_name(&self, start: Option<usize>, name: &str) -> Result<Option<Value>, Error> {
        if !crate::names::is_qualified(name) {
            // hashed once for the scopes' and the top scope's maps (the same hasher)
            let hash = name_hash(name);
            if let Some(v) = self.find_unqualified(start, name, hash)? {
                return Ok(Some(v));
            }
        } else if let Some(v) = self.qualified_variable(name)? {
            return Ok(Some(v));
        }
        match self.globals.get(name) {
            Some(v) => Ok(Some(v.clone())),
            // Set in class and define bodies only; elsewhere the reference reads it as undef,
            // not as an unknown variable (and `defined('$caller_module_name')` stays false).
            None if name.trim_start_matches("::") == "caller_module_name" => Ok(Some(Value::Undef)),
            None => Ok(None),
        }
    }

    /// [`find_by_name`](Self::find_by_name) of a name that is not qualified, whose
    /// [`name_hash`] is `hash`: the frames from `start` outwards, the scope being evaluated
    /// (and those it sees through), the top scope; `None` when none has it.
    #[inline]
    pub(super) fn find_unqualified(
        &self,
        start: Option<usize>,
        name: &str,
        hash: u64,
    ) -> Result<Option<Value>, Error> {
        let mut f = start;
        while let Some(i) = f {
            let frame = &self.frames[i];
            if let Some(idx) = frame.layout.index_of(name) {
                if let Some(val) = &self.slots[frame.base + idx] {
                    return Ok(Some(val.clone()));
                }
            }
            f = frame.parent;
        }
        if let Some(scope) = &self.scope {
            scope.check_parameter_access(name)?;
            if let Some(v) = scope.lookup_hashed(name, hash) {
                return Ok(Some(v));
            }
        }
        Ok(self.globals.get_hashed(name, hash).cloned())
    }

    /// A variable by name, as the running code sees it: the innermost frame first, then the
    /// enclosing ones, then the top scope. `::x` is always the top scope.
    pub fn lookup_variable(&self, name: &str) -> Option<Value> {
        if let Some(top) = name.strip_prefix("::") {
            // `::x` is the top scope's; `::c::x` is class c's, as `c::x` is.
            if crate::names::is_qualified(top) {
                return self.lookup_variable(top);
            }
            return self.globals.get(top).cloned();
        }
        let mut frame = self.current;
        while let Some(i) = frame {
            let f = self.frames.get(i)?;
            if let Some(slot) = f.layout.index_of(name) {
                if let Some(Some(v)) = self.frame_slots(i).get(slot) {
                    return Some(v.clone());
                }
            }
            frame = f.parent;
        }
        if !crate::names::is_qualified(name) {
            if let Some(v) = self.scope.as_ref().and_then(|s| s.lookup(name)) {
                return Some(v);
            }
        } else if let Some((class, var)) = crate::names::split_last(name) {
            let scope = self
                .compilation
                .class_scopes
                .get(class.to_ascii_lowercase().as_str());
            if let Some(scope) = scope {
                if let Some(v) = scope
                    .lookup(var)
                    .or_else(|| self.running_lambda_variable(scope, var))
                {
                    return Some(v);
                }
            }
        }
        self.globals.get(name).cloned()
    }

    /// The error for `$name` (or `$::name`) when it is a custom fact of a module on the
    /// modulepath (`lib/facter/*.rb`), which the agent would have run and prepl does not.
    fn custom_fact_error(&self, name: &str) -> Option<Error> {
        let fact = name.strip_prefix("::").unwrap_or(name);
        let (module, file) = crate::env::modules::custom_fact_file(&self.env, fact)?;
        let why = match self.custom_fact_report.get(fact).map(|f| &f.outcome) {
            Some(crate::env::custom_facts::Outcome::Skipped(note)) => {
                format!("which prepl did not resolve: {note}")
            }
            Some(_) => "which has no value here (its confines do not hold, or its code gives nil)"
                .to_string(),
            None if self.custom_facts => "which has no value here".to_string(),
            None => "and custom facts are not resolved in this session".to_string(),
        };
        Some(
            Error::eval(format!(
                "{UNKNOWN_VARIABLE}{name}'. It is a custom fact of module {module} ({}), {why}",
                file.display()
            ))
            .with_hint(Some(format!(
                "Give its value with :facts set {fact}=VALUE (%facts set in Jupyter) or in a facts file (--facts FILE)."
            ))),
        )
    }

    /// `$apache::port`: the variable of an evaluated class (`None` when the class was not
    /// evaluated or has no such variable; `$::x` is the top scope's). While the class's
    /// parameter defaults are evaluated, its parameters without a value yet are the
    /// reference's error, as when read unqualified.
    fn qualified_variable(&self, name: &str) -> Result<Option<Value>, Error> {
        let name = name.strip_prefix("::").unwrap_or(name);
        let Some((class, var)) = crate::names::split_last(name) else {
            return Ok(None);
        };
        if class.eq_ignore_ascii_case("settings") {
            let node = &self.compilation.catalog.node_name;
            return Ok(crate::env::settings::lookup(
                &self.env,
                node,
                self.strict,
                var,
            ));
        }
        // (class names are mostly written in lower case: no new string for those)
        let lower: std::borrow::Cow<str> = if class.bytes().any(|b| b.is_ascii_uppercase()) {
            class.to_ascii_lowercase().into()
        } else {
            class.into()
        };
        let Some(scope) = self.compilation.class_scopes.get(lower.as_ref()) else {
            return Ok(None);
        };
        scope.check_parameter_access(var)?;
        Ok(scope
            .lookup(var)
            .or_else(|| self.running_lambda_variable(scope, var)))
    }

    /// `$c::x` where class `c` has no variable `x`: the innermost of class `c`'s running
    /// lambdas (and the lambdas around it) that has one, as the reference reads a class's
    /// local scopes (`class c { with(1) |$x| { notice($c::x) } }` shows 1).
    fn running_lambda_variable(
        &self,
        scope: &Rc<crate::compile::NamedScope>,
        var: &str,
    ) -> Option<Value> {
        let id = Rc::as_ptr(scope) as usize;
        let innermost = self.frames.iter().rposition(|f| f.named_scope == id)?;
        let mut frame = Some(innermost);
        while let Some(i) = frame {
            let f = &self.frames[i];
            if let Some(slot) = f.layout.index_of(var) {
                if let Some(Some(v)) = self.frame_slots(i).get(slot) {
                    return Some(v.clone());
                }
            }
            frame = f.parent;
        }
        None
    }

    fn assign(&mut self, target: &Expr, value: Value) -> EvalResult<()> {
        match &target.kind {
            ExprKind::Variable(v) => self
                .assign_var(v, value)
                .map_err(|e| Flow::from(e.at(target.span))),
            ExprKind::Array(targets, _) => self.assign_multi(targets, value).map_err(|f| match f {
                Flow::Error(e) => Flow::from(e.at(target.span)),
                other => other,
            }),
            _ => Err(Error::eval("Illegal assignment target")
                .at(target.span)
                .into()),
        }
    }

    /// Sets a variable by name in the current class or top scope (a template's
    /// `scope.setvar`): an error for a name already set there.
    pub fn set_named_variable(&mut self, name: &str, value: Value) -> Result<(), Error> {
        if crate::names::is_qualified(name) || super::scope::RESERVED.contains(&name) {
            return Err(Error::eval(format!("Cannot assign to variable '${name}'")));
        }
        if let Some(scope) = &self.scope {
            let mut vars = scope.vars.borrow_mut();
            if vars.contains_key(name) {
                return Err(Error::eval(format!("Cannot reassign variable '${name}'")));
            }
            vars.insert(Rc::from(name), value);
            return Ok(());
        }
        self.globals
            .set(&Rc::from(name), value, self.generation)
            .map_err(|_| Error::eval(format!("Cannot reassign variable '${name}'")))
    }

    pub(super) fn assign_var(&mut self, v: &VarRef, value: Value) -> Result<(), Error> {
        if super::scope::RESERVED.contains(&&*v.name) {
            // (`$facts` and `$trusted` are the reference's issue where they are bound, at top
            // scope; elsewhere its scope refuses them, the name without `$`)
            let top = self.scope.is_none() && self.current.is_none();
            if &*v.name != "server_facts" && !top {
                return Err(Error::eval(format!(
                    "Error while evaluating a '=' expression, Attempt to assign to a reserved variable name: '{}'",
                    v.name
                )));
            }
            return Err(Error::eval(format!(
                "Attempt to assign to a reserved variable name: '${}'",
                v.name
            )));
        }
        if let Slot::Local { depth, index } = v.slot.get() {
            if let Some(fi) = self.frame_at(depth) {
                let slot = &mut self.slots[self.frames[fi].base + index as usize];
                if slot.is_some() {
                    return Err(Error::eval(format!(
                        "Cannot reassign variable '${}'",
                        v.name
                    )));
                }
                *slot = Some(value);
                return Ok(());
            }
        }
        if let Some(scope) = &self.scope {
            if let Slot::Scope { index } = v.slot.get() {
                if scope.assign_slot(index, &v.name, value) {
                    return Ok(());
                }
                return Err(Error::eval(format!(
                    "Cannot reassign variable '${}'",
                    v.name
                )));
            }
            if !crate::names::is_qualified(&v.name) {
                let mut vars = scope.vars.borrow_mut();
                if vars.contains_key(&v.name) {
                    return Err(Error::eval(format!(
                        "Cannot reassign variable '${}'",
                        v.name
                    )));
                }
                vars.insert(v.name.clone(), value);
                return Ok(());
            }
        }
        self.globals
            .set(&v.name, value, self.generation)
            .map_err(|e| match e {
                super::scope::Reassigned::Variable => {
                    Error::eval(format!("Cannot reassign variable '${}'", v.name))
                }
                super::scope::Reassigned::BuiltIn => Error::eval(format!(
                    "Cannot reassign built in (or already assigned) variable '${}'",
                    v.name
                )),
            })
    }

    fn assign_multi(&mut self, targets: &[Expr], value: Value) -> EvalResult<()> {
        // `[$a, $b] = Class['x']`: the variables of an evaluated class.
        if let Value::Type(t) = &value {
            if let types::PType::Class(Some(n)) = &**t {
                let lower = n.strip_prefix("::").unwrap_or(n).to_ascii_lowercase();
                let Some(scope) = self.compilation.class_scopes.get(lower.as_str()).cloned() else {
                    return Err(Error::eval(format!("Resource not found: Class['{n}']")).into());
                };
                for t in targets {
                    let ExprKind::Variable(v) = &t.kind else {
                        return Err(Error::eval("Illegal assignment target").at(t.span).into());
                    };
                    let Some(val) = scope.lookup(&v.name) else {
                        return Err(Error::eval(format!(
                            "No value for required variable '${}' in class '{lower}'",
                            v.name
                        ))
                        .into());
                    };
                    self.assign_var(v, val)?;
                }
                return Ok(());
            }
        }
        match &value {
            Value::Hash(h) => {
                for t in targets {
                    let ExprKind::Variable(v) = &t.kind else {
                        return Err(Error::eval("Illegal assignment target").at(t.span).into());
                    };
                    let key = Value::String(v.name.clone());
                    let Some(val) = h.get(&key) else {
                        return Err(Error::eval(format!(
                            "No value for required key '{}' in assignment to variables from hash",
                            v.name
                        ))
                        .into());
                    };
                    self.assign_var(v, val.clone())?;
                }
                Ok(())
            }
            Value::Array(a) => {
                if a.len() != targets.len() {
                    return Err(mismatched_count(targets.len(), a.len()).into());
                }
                for (t, v) in targets.iter().zip(a.iter()) {
                    self.assign(t, v.clone())?;
                }
                Ok(())
            }
            // A single value is assigned as a one-element array.
            other => {
                if targets.len() != 1 {
                    return Err(mismatched_count(targets.len(), 1).into());
                }
                self.assign(&targets[0], other.clone())
            }
        }
    }
}

/// Appends the decimal digits of `i` (as `to_display` shows an integer).
/// Whether `e` starts a chain of binary operators so long (down its left side) that it is
/// better evaluated in a loop ([`Evaluator::eval_chain`]) than by recursion; short ones
/// (`$x % 3 == 0`) recurse, which costs no allocation.
fn long_chain(mut e: &Expr) -> bool {
    for _ in 0..8 {
        match &e.kind {
            ExprKind::Binary(_, a, _) => e = a,
            _ => return false,
        }
    }
    true
}

fn mismatched_count(expected: usize, got: usize) -> Error {
    Error::eval(format!(
        "Mismatched number of assignable entries and values, expected {expected}, got {got}"
    ))
}

/// How the error for a variable that does not exist begins.
const UNKNOWN_VARIABLE: &str = "Unknown variable: '";

/// Whether `err` says that a variable does not exist (rather than that reading it is
/// illegal: a parameter default reading a later parameter).
fn is_unknown_variable(err: &Error) -> bool {
    err.kind == ErrorKind::Evaluation && err.message.starts_with(UNKNOWN_VARIABLE)
}

/// An error leaving an expression gets the expression's span (when it has none yet); the
/// other exits pass unchanged. Off the path of values.
#[cold]
#[inline(never)]
/// A division by zero of operator `op` located at its divisor `right`, as the reference
/// locates it (`1 / $x`: the `$x`); another error as it is.
pub(super) fn divisor_located(f: Flow, op: BinOp, right: Span) -> Flow {
    match f {
        Flow::Error(mut err)
            if matches!(op, BinOp::Div | BinOp::Mod)
                && err.span.is_none()
                && err.message == super::operators::DIVISION_BY_ZERO =>
        {
            err.span = Some(right);
            Flow::Error(err)
        }
        other => other,
    }
}

pub(super) fn located(f: Flow, span: Span) -> Flow {
    match f {
        Flow::Error(mut err) => {
            if err.span.is_none() {
                err.span = Some(span);
            }
            Flow::Error(err)
        }
        other => other,
    }
}

/// An error a type check or a type's printing deferred while `e` was evaluated (a pattern
/// Ruby cannot compile in `Regexp[...]`, a regexp engine that gave up: `limits::defer_error`),
/// raised as the reference raises it there: `e` is the innermost expression evaluated, whose
/// evaluation fails with the reference's "Error while evaluating a ..." prefix, whatever it
/// answered (a type mismatch that followed from the check's wrong answer, or a value).
#[cold]
#[inline(never)]
pub(super) fn surface_deferred(r: EvalResult, e: &Expr) -> EvalResult {
    let what = match &e.kind {
        // (the reference's node is the text expression inside the string)
        ExprKind::Interpolated(_) => "an Expression in Interpolated String".to_string(),
        _ => crate::syntax::validate::a_an(e),
    };
    match deferred_in(&what) {
        Some(d) => Err(Flow::from(d.at(e.span))),
        None => r,
    }
}

/// The error `limits::defer_error` recorded, taken, as the reference raises it while it
/// evaluates `what` (`a 'case' statement`); `None` when there is none.
#[cold]
#[inline(never)]
pub(crate) fn deferred_in(what: &str) -> Option<Error> {
    let d = crate::limits::take_deferred_error()?;
    Some(Error {
        kind: ErrorKind::Evaluation,
        message: format!("Error while evaluating {what}, {}", d.message),
        span: None,
        ..d
    })
}

/// Stops `what` (`a 'case' statement`) where a check it made deferred an error, before it
/// goes on with the check's wrong answer (a branch that logs).
#[inline]
pub(super) fn stop_if_deferred(what: &str) -> Result<(), Flow> {
    if crate::limits::deferred_pending() {
        if let Some(e) = deferred_in(what) {
            return Err(e.into());
        }
    }
    Ok(())
}

/// The prefix the reference gives errors of resolving a type name.
pub(crate) const IN_TYPE_NAME: &str = "Error while evaluating a Type-Name, ";

/// The error of using an alias whose definition the reference's type parser cannot read
/// (see `hoist`), `None` for another alias.
fn invalid_alias(alias: &crate::types::TypeAlias) -> Option<Error> {
    let why = alias.invalid.borrow();
    Some(Error::eval(format!("{IN_TYPE_NAME}{}", why.as_ref()?)))
}

/// The hash of a variable's name in the scopes' and the top scope's maps (their hasher).
pub(super) fn name_hash(name: &str) -> u64 {
    std::hash::BuildHasher::hash_one(&rustc_hash::FxBuildHasher, name)
}

#[cfg(test)]
mod tests {
    use crate::test_support::check;

    /// A class's variable read by a qualified name, its class part in lower case (no new
    /// string) or in mixed case (a template's `scope['Foo::Bar::x']`): oracle answers.
    #[test]
    fn qualified_variables_are_found_in_either_case() {
        check(&[(
            "class foo::bar { $x = 5 } include foo::bar; [$foo::bar::x, $::foo::bar::x, \
             getvar('foo::bar::x'), inline_template(\"<%= scope['Foo::Bar::x'] %>|\
             <%= scope.lookupvar('foo::bar::x') %>\")]",
            Ok("[5, 5, 5, '5|5']"),
        )]);
    }

    /// Array and hash literals of constants are evaluated once and shared (a test of the
    /// node's kept value), and sharing them changes no result: values built from them,
    /// moved into a variable and extended, or used as `reduce`'s start in several calls
    /// (oracle answers).
    #[test]
    fn constant_literals_are_shared_and_stay_unchanged() {
        let mut s = crate::Session::new();
        let v = s
            .eval("Integer[1, 3].map |$i| { [['a', -1], { b => 2.5 }, [$i]] }")
            .unwrap();
        let crate::Value::Array(rows) = v else {
            panic!()
        };
        let parts = |i: usize| match &rows[i] {
            crate::Value::Array(r) => r.clone(),
            _ => panic!(),
        };
        let ptr = |v: &crate::Value| match v {
            crate::Value::Array(a) => std::rc::Rc::as_ptr(a) as usize,
            crate::Value::Hash(h) => std::rc::Rc::as_ptr(h) as usize,
            _ => 0,
        };
        let (first, last) = (parts(0), parts(2));
        assert_eq!(ptr(&first[0]), ptr(&last[0]), "a constant array is shared");
        assert_eq!(ptr(&first[1]), ptr(&last[1]), "a constant hash is shared");
        assert_ne!(
            ptr(&first[2]),
            ptr(&last[2]),
            "an array of a variable is not"
        );
        check(&[
            (
                "$a = Integer[1,3].map |$i| { [1, 2] }\n$b = $a.map |$x| { $x + [3] }\n[$a, $b]",
                Ok("[[[1, 2], [1, 2], [1, 2]], [[1, 2, 3], [1, 2, 3], [1, 2, 3]]]"),
            ),
            (
                "$h = Integer[1,2].map |$i| { {'a' => 1, b => [-1, 2.5, undef, default, true]} }\n[$h[0] + {'b' => 2}, $h[1]]",
                Ok("[{'a' => 1, 'b' => 2}, {'a' => 1, 'b' => [-1, 2.5, undef, default, true]}]"),
            ),
            (
                "Integer[1,3].map |$i| { $m = ['a']; $m + [$i] }",
                Ok("[['a', 1], ['a', 2], ['a', 3]]"),
            ),
            (
                "function f($n) { Integer[1,$n].reduce([]) |$m, $x| { $m + [$x] } }\nfunction g($n) { Integer[1,$n].reduce({}) |$m, $x| { $m + {$x => 1} } }\n[f(2), f(3), g(1), g(2), f(1)]",
                Ok("[[1, 2], [1, 2, 3], {1 => 1}, {1 => 1, 2 => 1}, [1]]"),
            ),
            (
                "Integer[1,3].map |$i| { [$i, 'x', {'k' => \"v${i}\"}] }",
                Ok("[[1, 'x', {'k' => 'v1'}], [2, 'x', {'k' => 'v2'}], [3, 'x', {'k' => 'v3'}]]"),
            ),
            (
                "Integer[1,2].map |$i| { [Integer, /x/, [1]] }",
                Ok("[[Integer, /x/, [1]], [Integer, /x/, [1]]]"),
            ),
        ]);
    }

    use crate::format::push_integer;

    #[test]
    fn integers_interpolate_as_displayed() {
        for i in [0, 7, -7, 10, 1234567890, i64::MAX, i64::MIN] {
            let mut s = String::from("k");
            push_integer(&mut s, i);
            assert_eq!(s, format!("k{i}"));
        }
    }

    /// The reference's answers for interpolated values of each kind.
    #[test]
    fn interpolation_shows_values_as_the_reference() {
        let cases = [
            (
                r#"$x = -12 $u = undef $a = [1, 'x'] "a${x}b${a}${u}${'s'}""#,
                "'a-12b[1, x]s'",
            ),
            (
                r#"$h = {1 => 2.5} $t = true "${h}-${t}-${-0}""#,
                "'{1 => 2.5}-true-0'",
            ),
        ];
        for (src, expected) in cases {
            let v = crate::Session::new().eval(src).expect("evaluates");
            assert_eq!(crate::format::to_programmatic(&v), expected, "{src}");
        }
    }

    /// Binary operators on integer literals and local variables read in place, with the
    /// reference's answers: other values, overflow and division by zero take the general
    /// path.
    #[test]
    fn integer_operands_read_in_place_compute_as_the_reference() {
        crate::test_support::check(&[
            (
                r#"function h(Integer $n) { $n + 1 } h(9223372036854775807)"#,
                Err(
                    r#"Evaluation Error: A '+' expression resulted in a value outside of Puppet Integer max range, got '+0x8000000000000000'"#,
                ),
            ),
            (
                r#"function k($n) { $n * 2 } [k(2), k(2.5), k('3')]"#,
                Err(
                    r#"Evaluation Error: The string '3' was automatically coerced to the numerical value 3"#,
                ),
            ),
            (
                r#"function m($n) { $n < 2 } [m(1), m(1.5), m(3)]"#,
                Ok(r#"[true, true, false]"#),
            ),
            (r#"[1, 2, 3].map |$x| { $x - 1 - 1 }"#, Ok(r#"[-1, 0, 1]"#)),
            (
                r#"function q($a, $b) { $a % $b } [q(7, 3), q(-7, 3), q(7, -3)]"#,
                Ok(r#"[1, 2, -2]"#),
            ),
            (
                r#"function d($a, $b) { $a / $b } [d(7, 2), d(-7, 2)]"#,
                Ok(r#"[3, -4]"#),
            ),
            (
                r#"function z($a) { $a / 0 } z(1)"#,
                Err(r#"Evaluation Error: Division by 0"#),
            ),
        ]);
    }

    /// `strict = warning` / `off` (the reference with `strict_variables = false`): an
    /// unknown variable is `undef`, warned about where it is read under `warning`, worded
    /// and located as `puppet apply --strict=warning` does; an illegal read of a parameter
    /// stays an error. (Expected logs from `puppet apply --noop --strict=warning -e ...` and
    /// `--strict=off`.)
    #[test]
    fn unknown_variables_follow_the_strictness() {
        use crate::{LogLevel, Session, Strictness};
        let run = |strict: Strictness, name: &str, src: &str| {
            let mut s = Session::new();
            s.set_strict(strict);
            let r = s
                .eval_named(name, src)
                .map(|v| crate::format::to_programmatic(&v))
                .map_err(|e| e.message);
            let logs: Vec<String> = s
                .take_logs()
                .into_iter()
                .filter(|(l, _)| *l == LogLevel::Warning)
                .map(|(_, m)| m)
                .collect();
            (r, logs)
        };
        let src = "class c {} include c\n[$nosuch, \"${nope}x\", $foo::bar, $c::zz, $::top, \
                   [1, 2].map |$i| { $inner }, $nosuch ? { undef => 'u', default => 'd' }, $1]";
        let value = Ok("[undef, 'x', undef, undef, undef, [undef, undef], 'u', undef]".to_string());
        let (r, logs) = run(Strictness::Warning, "-e", src);
        assert_eq!(r, value);
        assert_eq!(
            logs,
            [
                "Unknown variable: 'nosuch'. (line: 2, column: 2)",
                "Unknown variable: 'nope'. (line: 2, column: 14)",
                "Unknown variable: 'foo::bar'. (line: 2, column: 23)",
                "Unknown variable: 'c::zz'. (line: 2, column: 34)",
                "Unknown variable: '::top'. (line: 2, column: 42)",
                "Unknown variable: 'inner'. (line: 2, column: 68)",
                "Unknown variable: 'inner'. (line: 2, column: 68)",
                "Unknown variable: 'nosuch'. (line: 2, column: 78)",
            ]
        );
        assert_eq!(run(Strictness::Off, "-e", src), (value, vec![]));
        let (r, _) = run(Strictness::Error, "-e", src);
        assert_eq!(r, Err("Unknown variable: 'nosuch'.".to_string()));
        // In a file, the file is named; class parameters' defaults too.
        let (r, logs) = run(
            Strictness::Warning,
            "/tmp/site.pp",
            "class p($x = $nosuch) { notice($x) }\ninclude p\n$p::x",
        );
        assert_eq!(r, Ok("undef".to_string()));
        assert_eq!(
            logs,
            ["Unknown variable: 'nosuch'. (file: /tmp/site.pp, line: 1, column: 14)"]
        );
        // Reading a parameter before its default is evaluated is still an error.
        let (r, _) = run(
            Strictness::Off,
            "-e",
            "function f($a = $b, $b = 1) { $a }\nf()",
        );
        assert_eq!(
            r,
            Err("Error while evaluating a Function Call, f: default expression for $a tries to illegally access not yet evaluated $b".to_string())
        );
        // A template's `scope['x']`: warned once per variable, without a location, as
        // `Puppet.warn_once` does; `nil`.
        let erb = "class d {}\n[inline_template(\"<%= scope['nope'].inspect %><%= scope.lookupvar('nope').inspect %>\"), \
                   inline_template(\"<%= scope['d::x'].inspect %>\")]";
        let (r, logs) = run(Strictness::Warning, "-e", erb);
        assert_eq!(r, Ok("['nilnil', 'nil']".to_string()));
        assert_eq!(
            logs,
            [
                "Undefined variable 'nope'; \n   (file & line not available)",
                "Undefined variable 'd::x'; class d has not been evaluated\n   (file & line not available)",
            ]
        );
        assert_eq!(
            run(Strictness::Off, "-e", erb),
            (Ok("['nilnil', 'nil']".to_string()), vec![])
        );
        // The settings say what is in force.
        for (strict, shown) in [
            (Strictness::Error, "['error', true]"),
            (Strictness::Warning, "['warning', false]"),
            (Strictness::Off, "['off', false]"),
        ] {
            let (r, _) = run(
                strict,
                "-e",
                "[$settings::strict, $settings::strict_variables]",
            );
            assert_eq!(r, Ok(shown.to_string()));
        }
    }
}
