//! Method and block bodies compiled to closures (issue 34's compiled form, a first part).
//! At its second run (`compile_bodies_at`) a body's statements become closures that do what
//! `Interp::body`, `statement` and `eval` do for their nodes, with the questions those ask
//! of each node at each run (which kind; whether a call has a receiver, a block, a safe
//! `&.`, a local as receiver, `scope.to_hash` under it; which kind its argument is for the
//! quick paths) answered once, and each constant's node keeping what it was found to be in
//! a typed slot of its own. The kinds compiled are the ones function bodies are made of:
//! literals, locals, constants, `!`/`&&`/`||`, `if`, `case`, assignments of locals,
//! `return`, array literals and calls (with or without receiver and block). Any other node
//! runs through `eval` (the closure refers to it in the tree: `At`), and a compiled node ends in the
//! functions of the evaluator that `eval` calls for it (`quick_local_call`'s and
//! `quick_call`'s answers, `call_on`, `set_local`, `case_hit`), so that the two forms
//! answer alike (the semantics corpus runs both ways: `tests/semantics.rs`). A site of one
//! of the body's own locals (a method's, a block's parameters and new names) reads and
//! assigns the innermost scope alone, at the variable's place there (`compiled::local`).

use super::defs::NotTop;
use super::{BeginPart, Flow, Interp, R};
use crate::ast::{CompiledSlot, Kind, Name, Node, Part};
use crate::methods::{self, M};
use crate::value::RBool;
use crate::value::RValue;
use std::cell::{Cell, RefCell};

mod local;
mod sites;

pub(crate) use local::Local;

/// An expression compiled: it gives the node's value.
type Expr = Box<dyn Fn(&mut Interp<'_>) -> R>;
/// A statement compiled: its value is not used (`Interp::statement`).
type Stmt = Box<dyn Fn(&mut Interp<'_>) -> R<()>>;

/// A body compiled: its statements but the last, and the last, whose value is the body's.
pub(crate) struct Body {
    before: Vec<Stmt>,
    last: Option<Expr>,
}

impl Body {
    fn run(&self, it: &mut Interp<'_>) -> R {
        for s in &self.before {
            s(it)?;
        }
        match &self.last {
            Some(last) => last(it),
            None => Ok(RValue::Nil),
        }
    }
}

thread_local! {
    /// At which run a body is compiled (the runs before walk its tree): a body run once (a
    /// template's block, most `def`s of a template) is not worth its compilation.
    static COMPILE_AT: Cell<u32> = const { Cell::new(2) };
}

/// Makes this thread compile a body at its `run`th run (1: at the first; the default is
/// 2). For tests, which run the same code both ways.
pub fn compile_bodies_at(run: u32) {
    COMPILE_AT.with(|c| c.set(run.max(1)));
}

impl Interp<'_> {
    /// Runs a method's or block's body: its tree walked (`Interp::body`) until its
    /// `COMPILE_AT`th run, then compiled, kept in `slot` (the definition's: the next calls
    /// run the same closures).
    #[inline]
    pub(super) fn run_compiled(&mut self, body: &[Node], slot: &CompiledSlot, own: &[Name]) -> R {
        match slot.get::<Body>() {
            Some(code) => code.run(self),
            None => self.run_first(body, slot, Some(own), compile_body),
        }
    }

    /// [`Interp::run_compiled`] for a method's body (a `def`'s, or a block run as a
    /// method, `BLOCK_AS_METHOD`), whose `return` in tail position is compiled as its
    /// value (`method_body`): the slot is the method's, never run as a block's.
    #[inline]
    pub(super) fn run_method_body(&mut self, body: &[Node], slot: &CompiledSlot) -> R {
        match slot.get::<Body>() {
            Some(code) => code.run(self),
            None => self.run_first(body, slot, None, method_body),
        }
    }

    /// A run of a body not compiled yet: walked, or compiled (by `compile`) at its
    /// `COMPILE_AT`th run.
    #[inline(never)]
    fn run_first(
        &mut self,
        body: &[Node],
        slot: &CompiledSlot,
        own: Option<&[Name]>,
        compile: fn(&[Node]) -> Body,
    ) -> R {
        let runs = slot.runs();
        let run = runs.get().saturating_add(1);
        if run < COMPILE_AT.with(Cell::get) {
            runs.set(run);
            return self.body(body);
        }
        // (compiling runs no code: nothing else fills the slot meanwhile)
        // (`own`: a block's own locals; none for a method's body, whose locals are all its own)
        let own = match own {
            Some(names) => local::Own::Names(names.to_vec()),
            None => local::Own::All,
        };
        match slot.get_or_init(|| local::compiling(own, || compile(body))) {
            Some(code) => code.run(self),
            None => self.body(body),
        }
    }
}

fn compile_body(body: &[Node]) -> Body {
    match body.split_last() {
        Some((last, before)) => Body {
            before: before.iter().map(statement).collect(),
            last: Some(expr(last)),
        },
        None => Body {
            before: Vec::new(),
            last: None,
        },
    }
}

/// A method's body: as `compile_body`, with a `return` in tail position (the last
/// statement, or the last of an `if`'s branch that is) compiled as its value. A method's
/// `return x` there and its value `x` end the method alike (`run_def` makes a `Return`
/// its value), without a `Flow`'s allocation; a block's `return` leaves the method it was
/// written in, so a block's body is never compiled so.
fn method_body(body: &[Node]) -> Body {
    match body.split_last() {
        Some((last, before)) => Body {
            before: before.iter().map(statement).collect(),
            last: Some(tail(last)),
        },
        None => compile_body(body),
    }
}

/// A method's last statement (see `method_body`).
fn tail(n: &Node) -> Expr {
    match &n.kind {
        Kind::Return(Some(v)) => expr(v),
        Kind::Return(None) => Box::new(|_| Ok(RValue::Nil)),
        Kind::If(c, then, els) => {
            let (c, then, els) = (cond(c), method_body(then), method_body(els));
            Box::new(move |it| if c(it)? { then.run(it) } else { els.run(it) })
        }
        _ => expr(n),
    }
}

/// A statement (`Interp::statement`): a local's assignment and an `if` without a value;
/// any other as its expression, the value dropped.
fn statement(n: &Node) -> Stmt {
    match &n.kind {
        Kind::Assign(target, value) => {
            if let Kind::LVar(name)
            | Kind::Call {
                vcall: true, name, ..
            } = &target.kind
            {
                let (local, value) = (Local::new(name), expr(value));
                return Box::new(move |it| {
                    let v = value(it)?;
                    local.set(it, v);
                    Ok(())
                });
            }
        }
        // (`if_statement`: the branch's statements as statements)
        Kind::If(c, then, els) => {
            let c = cond(c);
            let then: Vec<Stmt> = then.iter().map(statement).collect();
            let els: Vec<Stmt> = els.iter().map(statement).collect();
            return Box::new(move |it| {
                let branch = if c(it)? { &then } else { &els };
                for s in branch {
                    s(it)?;
                }
                Ok(())
            });
        }
        _ => {}
    }
    let e = expr(n);
    Box::new(move |it| e(it).map(drop))
}

/// An expression: what `eval` gives for the node.
fn expr(n: &Node) -> Expr {
    let at = n.at;
    match &n.kind {
        Kind::Nil => Box::new(|_| Ok(RValue::Nil)),
        Kind::True => Box::new(|_| Ok(RValue::Bool(RBool::True))),
        Kind::False => Box::new(|_| Ok(RValue::Bool(RBool::False))),
        Kind::Int(i) => {
            let i = *i;
            Box::new(move |_| Ok(RValue::Int(i)))
        }
        Kind::Str(parts) => match parts.as_slice() {
            [Part::Lit(l)] => {
                let l = l.clone();
                Box::new(move |_| Ok(RValue::Str(l.clone())))
            }
            // (`Interp::interpolate_rc`, each part's code compiled)
            _ => {
                let pieces: Vec<Piece> = parts
                    .iter()
                    .map(|p| match p {
                        Part::Lit(l) => Piece::Lit(l.clone()),
                        Part::Code(c) => Piece::Code(expr(c), c.at),
                    })
                    .collect();
                Box::new(move |it| {
                    let s = it.interpolated(|it, s| {
                        for p in &pieces {
                            match p {
                                Piece::Lit(l) => methods::push_checked(s, l, 0)?,
                                Piece::Code(c, at) => {
                                    let v = c(it)?;
                                    it.push_interpolated(s, v, *at)?;
                                }
                            }
                        }
                        Ok(())
                    })?;
                    Ok(RValue::Str(s))
                })
            }
        },
        // `begin ... rescue ... else ... ensure ... end` (and a method's body with such
        // clauses): `Interp::begin_with`, its bodies compiled (the rescue clauses' classes
        // evaluated there, when an exception comes)
        Kind::Begin(b) => {
            let body = compile_body(&b.body);
            let rescues: Vec<Body> = b.rescues.iter().map(|c| compile_body(&c.body)).collect();
            let otherwise = compile_body(b.otherwise.as_deref().unwrap_or_default());
            let ensure = compile_body(b.ensure.as_deref().unwrap_or_default());
            let b = At::new(&**b);
            Box::new(move |it| {
                it.begin_with(b.get(), |it, part| match part {
                    BeginPart::Body => body.run(it),
                    BeginPart::Rescue(i) => match rescues.get(i) {
                        Some(r) => r.run(it),
                        None => Ok(RValue::Nil),
                    },
                    BeginPart::Else => otherwise.run(it),
                    BeginPart::Ensure => ensure.run(it),
                })
            })
        }
        // `{k => v, ...}` (`eval`'s: each key, then its value)
        Kind::Hash(pairs) => {
            let pairs: Vec<(Expr, Expr)> = pairs.iter().map(|(k, v)| (expr(k), expr(v))).collect();
            Box::new(move |it| {
                let mut h = crate::value::RHash::default();
                for (k, v) in &pairs {
                    let k = k(it)?;
                    let v = v(it)?;
                    h.insert(k, v);
                }
                Ok(RValue::hash(h))
            })
        }
        // `x += 1`, `x ||= v` of a local (`eval`'s, the operator's method found once; a
        // core value's `+`, `-` and comparisons by the quick path, as a call's)
        Kind::OpAssign(target, op, value)
            if matches!(&target.kind, Kind::LVar(_) | Kind::Call { vcall: true, .. }) =>
        {
            let (Kind::LVar(name) | Kind::Call { name, .. }) = &target.kind else {
                return evaluated(n);
            };
            let (local, value) = (Local::new(name), expr(value));
            let op: crate::value::RStr = op.as_str().into();
            let id = M::of(&op);
            // (`||=` keeps a truthy value, `&&=` a falsy one; decided once, not by the
            // operator's text at each run)
            let keeps: Option<bool> = match &*op {
                "||" => Some(true),
                "&&" => Some(false),
                _ => None,
            };
            Box::new(move |it| {
                let current = local.get(it).cloned().unwrap_or_default();
                let v = match keeps {
                    Some(truthy) if current.truthy() == truthy => return Ok(current),
                    Some(_) => value(it)?,
                    None => {
                        let rhs = value(it)?;
                        let quick = methods::quick::takes(&current)
                            .then(|| methods::quick::call1(&current, id, &rhs))
                            .flatten();
                        match quick {
                            Some(v) => v,
                            None => {
                                let mut args = it.st.args_list(1);
                                args.push(rhs);
                                methods::call(it, current, id, &op, args, None, at)?
                            }
                        }
                    }
                };
                local.set(it, v.clone());
                Ok(v)
            })
        }
        // A regexp without interpolation: made once (`eval`'s, which keeps it in the node
        // too), then the same object.
        Kind::Regex(parts, ..) if matches!(parts.as_slice(), [] | [Part::Lit(_)]) => {
            let (node, made) = (At::new(n), std::cell::OnceCell::new());
            Box::new(move |it| {
                if let Some(r) = made.get() {
                    return Ok(RValue::Regexp(std::rc::Rc::clone(r)));
                }
                let v = it.eval(node.get())?;
                if let RValue::Regexp(r) = &v {
                    let _ = made.set(r.clone());
                }
                Ok(v)
            })
        }
        Kind::LVar(name) => {
            let local = Local::new(name);
            if !local.is_own() {
                return Box::new(move |it| Ok(read_local(it, &local)));
            }
            // (where it was at the last run, without a call; else found out of line)
            Box::new(move |it| match local.get_here(it) {
                Some(v) => Ok(v.clone()),
                None => Ok(read_local(it, &local)),
            })
        }
        Kind::Const(c) => {
            let c = c.clone();
            let kept = RefCell::new(None);
            Box::new(move |it| it.constant_kept(&c, &kept, at))
        }
        Kind::Not(e) => {
            let e = expr(e);
            Box::new(move |it| Ok(RValue::bool(!e(it)?.truthy())))
        }
        Kind::And(a, b) => {
            let (a, b) = (expr(a), expr(b));
            Box::new(move |it| {
                let l = a(it)?;
                if l.truthy() {
                    b(it)
                } else {
                    Ok(l)
                }
            })
        }
        Kind::Or(a, b) => {
            let (a, b) = (expr(a), expr(b));
            Box::new(move |it| {
                let l = a(it)?;
                if l.truthy() {
                    Ok(l)
                } else {
                    b(it)
                }
            })
        }
        Kind::If(c, then, els) => {
            let (c, then, els) = (cond(c), compile_body(then), compile_body(els));
            Box::new(move |it| if c(it)? { then.run(it) } else { els.run(it) })
        }
        Kind::Seq(body) => {
            let body = compile_body(body);
            Box::new(move |it| body.run(it))
        }
        Kind::Return(v) => match v {
            Some(v) => {
                let v = expr(v);
                Box::new(move |it| Err(Flow::ret(v(it)?)))
            }
            None => Box::new(|_| Err(Flow::ret(RValue::Nil))),
        },
        Kind::Assign(target, value) => match &target.kind {
            Kind::LVar(name) => {
                let (local, value) = (Local::new(name), expr(value));
                Box::new(move |it| {
                    let v = value(it)?;
                    local.set(it, v.clone());
                    Ok(v)
                })
            }
            _ => evaluated(n),
        },
        // A bare name the parser did not know as a local: a method's call, as in Ruby
        // (`eval`'s). (No arguments and no block, else the parser makes no vcall; `eval`
        // would take one that had them.)
        Kind::Call {
            recv: None,
            vcall: true,
            name,
            args,
            block: None,
        } if args.is_empty() => {
            let (name, site) = (name.clone(), NotTop::new());
            // (the call `eval` makes of it, `call_on`'s `self_call` without `eval`'s
            // dispatch; whether the name is a top method kept at the site)
            Box::new(move |it| it.self_call_at(name.id(), &name, Vec::new(), None, at, Some(&site)))
        }
        // `name(args)` without receiver: self's method, a Kernel method or the host's
        // (`Interp::call` without receiver goes straight to `call_on`)
        Kind::Call {
            recv: None,
            name,
            args,
            block,
            vcall: false,
        } => {
            let (name, args, block) = (name.clone(), Args::of(args), block.clone());
            let (id, site) = (name.id(), NotTop::new());
            // (`call_on` without receiver: the arguments, a block passed, `self_call`)
            Box::new(move |it| {
                let args = args.eval(it)?;
                let block = match &block {
                    Some(b) if b.passed.is_some() => it.pass_block(b)?,
                    other => other.as_ref(),
                };
                match it.self_call_at(id, &name, args, block, at, Some(&site)) {
                    Err(f) if block.is_some() && f.is_break() => Ok(f.into_value()),
                    other => other,
                }
            })
        }
        // (`self.x` at the top and `scope.to_hash[...]` are `eval`'s)
        Kind::Call {
            recv: Some(r),
            name,
            args,
            block,
            vcall: false,
        } if !matches!(r.kind, Kind::SelfRef) && super::scope_hash::to_hash_of(r).is_none() => {
            let call = || match on_receiver(r, name, args, block, at) {
                Ok((fb, true)) => sites::site(name.id(), args.first(), fb, at),
                Ok((fb, false)) => fb.general(),
                Err(general) => general,
            };
            match sites::compacted_of(name.id(), r, args, block) {
                Some((of, var)) => sites::compacted(of, Local::new(var), call()),
                None => call(),
            }
        }
        // (`Interp::case`: each test when its turn comes; a `*list` test by `case`'s way)
        Kind::Case(subject, whens, els) => {
            let subject = subject.as_deref().map(expr);
            let whens: Vec<(usize, Vec<Test>, Body)> = whens
                .iter()
                .map(|w| {
                    let at = w.tests.first().map_or(0, |t| t.at);
                    let tests = w
                        .tests
                        .iter()
                        .map(|t| match t.kind {
                            Kind::Splat(_) => Test::Spread(At::new(t)),
                            _ => Test::One(expr(t)),
                        })
                        .collect();
                    (at, tests, compile_body(&w.body))
                })
                .collect();
            let els = els.as_deref().map(compile_body);
            Box::new(move |it| {
                let subject = match &subject {
                    Some(s) => Some(s(it)?),
                    None => None,
                };
                for (at, tests, body) in &whens {
                    for t in tests {
                        let hit = match t {
                            Test::One(t) => {
                                let v = t(it)?;
                                it.case_hit(subject.as_ref(), &v, *at)?
                            }
                            Test::Spread(t) => {
                                let items = it.list(std::slice::from_ref(t.get()))?;
                                let mut hit = false;
                                for v in &items {
                                    if it.case_hit(subject.as_ref(), v, *at)? {
                                        hit = true;
                                        break;
                                    }
                                }
                                it.st.keep_args(items);
                                hit
                            }
                        };
                        if hit {
                            return body.run(it);
                        }
                    }
                }
                match &els {
                    Some(body) => body.run(it),
                    None => Ok(RValue::Nil),
                }
            })
        }
        // `[a, b]` without splats (`Interp::list` of the items)
        Kind::Array(items) if !items.iter().any(|i| matches!(i.kind, Kind::Splat(_))) => {
            let items: Vec<Expr> = items.iter().map(expr).collect();
            Box::new(move |it| {
                if items.is_empty() {
                    return Ok(RValue::array(Vec::new()));
                }
                let mut out = crate::value::RArray::with_capacity(items.len());
                for i in &items {
                    out.push(i(it)?);
                }
                Ok(RValue::array(out))
            })
        }
        _ => evaluated(n),
    }
}

/// `r.name(args)` (`r` neither `self` nor `scope.to_hash`): its general path as a site's
/// fallback, and whether a site may answer it (no block, an argument or none, not `&.`);
/// `Err`: a call no quick path answers, compiled whole (`general_call`).
fn on_receiver(
    r: &Node,
    name: &Name,
    args: &[Node],
    block: &Option<std::rc::Rc<crate::ast::Block>>,
    at: usize,
) -> Result<(sites::Fallback, bool), Expr> {
    let (r_at, name, block) = (At::new(r), name.clone(), block.clone());
    let safe = name.starts_with("&.");
    // (no quick path answers a call with a block, two arguments or more, or one
    // argument of another kind than `QuickArg`'s: `call_on`'s general path, its
    // arguments compiled)
    if block.is_some() || args.len() > 1 || args.first().is_some_and(QuickArg::other) {
        return Err(general_call(expr(r), r_at, name, Args::of(args), block, at));
    }
    Ok(match &r.kind {
        // on a local's value in place (`Interp::call`'s first path: no block, an
        // argument or none, not `&.`), else the general call with the local's value
        Kind::LVar(var) if block.is_none() && args.len() <= 1 && !safe => {
            let local = Local::new(var);
            let var = Local::new(var);
            let id = name.id();
            let arg = args.first().map(QuickArg::of);
            // (the receiver when it is not a local: a method's call)
            let (recv, args) = (expr(r), Args::of(args));
            // (`call_on`: its quick path (tried above on a local's value, here on a
            // method's), then the general one with the argument compiled: an own local of
            // a block is read in the block's scope alone, `compiled::local`)
            let general: Expr = Box::new(move |it| {
                let local = match quick_on_local(it, &var, id, arg.as_ref())? {
                    OnLocal::Answer(v) => return Ok(v),
                    OnLocal::Declined => true,
                    OnLocal::NoLocal => false,
                };
                let v = recv(it)?;
                if !local && methods::quick::takes(&v) {
                    if let Some(answer) = quick_on(it, &v, id, arg.as_ref())? {
                        return Ok(answer);
                    }
                }
                let args = args.eval(it)?;
                it.call_on_list(Some(v), Some(r_at.get()), false, &name, args, None, at)
            });
            (sites::Fallback::Local(local, general), true)
        }
        _ => {
            let recv = expr(r);
            let id = name.id();
            let plain = block.is_none() && args.len() <= 1 && !safe;
            let quick = plain.then(|| args.first().map(QuickArg::of));
            let args = Args::of(args);
            // (`scope['x']`, `closure_scope['x']`, `scope.lookupvar('x')`: the scope's
            // variable read at once, as its method would, when the receiver is the scope)
            let reads_scope = matches!(id, M::op_aref | M::lookupvar);
            let slow: sites::Slow = Box::new(move |it, v| {
                // (`call_on`'s first path, the argument compiled; then its general one,
                // the argument compiled too)
                if let Some(arg) = &quick {
                    if methods::quick::takes(&v) {
                        if let Some(answer) = quick_on(it, &v, id, arg.as_ref())? {
                            return Ok(answer);
                        }
                    } else if reads_scope && matches!(v, RValue::Scope) {
                        if let Some(answer) = scope_variable(it, arg.as_ref(), at)? {
                            return Ok(answer);
                        }
                    }
                }
                match super::safe_call(&name, &v) {
                    Some(safe) => {
                        let args = args.eval(it)?;
                        let (r, block) = (Some(r_at.get()), block.as_ref());
                        it.call_on_list(Some(v), r, safe, &name, args, block, at)
                    }
                    None => Ok(RValue::Nil),
                }
            });
            (sites::Fallback::Value(recv, slow), plain)
        }
    })
}

/// A condition compiled: its truth, without a value made for it (an `if`'s, `unless`'s,
/// a ternary's: `!`, `&&` and `||` of conditions, a predicate's site; any other
/// expression's value's truth).
type Cond = Box<dyn Fn(&mut Interp<'_>) -> R<bool>>;

fn cond(n: &Node) -> Cond {
    match &n.kind {
        Kind::Not(e) => {
            let e = cond(e);
            return Box::new(move |it| Ok(!e(it)?));
        }
        Kind::And(a, b) => {
            let (a, b) = (cond(a), cond(b));
            return Box::new(move |it| Ok(a(it)? && b(it)?));
        }
        Kind::Or(a, b) => {
            let (a, b) = (cond(a), cond(b));
            return Box::new(move |it| Ok(a(it)? || b(it)?));
        }
        Kind::True => return Box::new(|_| Ok(true)),
        Kind::False | Kind::Nil => return Box::new(|_| Ok(false)),
        Kind::Call {
            recv: Some(r),
            name,
            args,
            block,
            vcall: false,
        } if !matches!(r.kind, Kind::SelfRef)
            && super::scope_hash::to_hash_of(r).is_none()
            && sites::is_predicate(name.id()) =>
        {
            if let Ok((fb, true)) = on_receiver(r, name, args, block, n.at) {
                return sites::cond(name.id(), args.first(), fb, n.at);
            }
        }
        _ => {}
    }
    let e = expr(n);
    Box::new(move |it| Ok(e(it)?.truthy()))
}

/// The argument of a call the quick paths may answer (`Interp::quick_arg`'s kinds, whose
/// evaluation has no effect: the general path evaluates it again when they do not
/// answer): a local, a literal, a constant; `Other` for any other expression.
enum QuickArg {
    Local(Local),
    Literal(RValue),
    Const(Expr),
    Other,
}

impl QuickArg {
    fn of(arg: &Node) -> QuickArg {
        match &arg.kind {
            Kind::LVar(name) => QuickArg::Local(Local::new(name)),
            Kind::Const(_) => QuickArg::Const(expr(arg)),
            Kind::Str(parts) | Kind::Sym(parts) => match parts.as_slice() {
                [Part::Lit(l)] if matches!(arg.kind, Kind::Str(_)) => {
                    QuickArg::Literal(RValue::Str(l.clone()))
                }
                [Part::Lit(l)] => QuickArg::Literal(RValue::Sym(l.clone())),
                _ => QuickArg::Other,
            },
            Kind::Int(i) => QuickArg::Literal(RValue::Int(*i)),
            Kind::Nil => QuickArg::Literal(RValue::Nil),
            _ => QuickArg::Other,
        }
    }
}

/// `Interp::quick_local_call` with the argument compiled: the quick answer of a call on
/// the local `var`'s value in place, or none (the local is not defined, `NoLocal`; or not
/// a core value, the argument not a [`QuickArg`] or not defined, no quick answer:
/// `Declined`).
fn quick_on_local(it: &mut Interp<'_>, var: &Local, id: M, arg: Option<&QuickArg>) -> R<OnLocal> {
    // (a constant first, the only argument needing `&mut`: reading a local has no effect)
    let konst = match arg {
        Some(QuickArg::Const(c)) => Some(c(it)?),
        _ => None,
    };
    let Some(recv) = var.get(it) else {
        return Ok(OnLocal::NoLocal);
    };
    if !methods::quick::takes(recv) {
        return Ok(OnLocal::Declined);
    }
    let v = match arg {
        None => return Ok(OnLocal::of(methods::quick::call0(recv, id))),
        Some(QuickArg::Local(n)) => match n.get(it) {
            Some(v) => v,
            None => return Ok(OnLocal::Declined),
        },
        Some(QuickArg::Literal(v)) => v,
        Some(QuickArg::Const(_)) => match &konst {
            Some(v) => v,
            None => return Ok(OnLocal::Declined),
        },
        Some(QuickArg::Other) => return Ok(OnLocal::Declined),
    };
    Ok(OnLocal::of(methods::quick::call1(recv, id, v)))
}

/// What [`quick_on_local`] found: the quick path's answer, or none for a local's value
/// (`Declined`: the general path's, with that value) or because the name is no local
/// (`NoLocal`: the receiver is a method's call, whose value the quick path may take).
enum OnLocal {
    Answer(RValue),
    Declined,
    NoLocal,
}

impl OnLocal {
    #[inline]
    fn of(answer: Option<RValue>) -> OnLocal {
        answer.map_or(OnLocal::Declined, OnLocal::Answer)
    }
}

/// `Interp::quick_call` with the argument compiled (`recv` one that `quick::takes`).
fn quick_on(
    it: &mut Interp<'_>,
    recv: &RValue,
    id: M,
    arg: Option<&QuickArg>,
) -> R<Option<RValue>> {
    let konst;
    let v = match arg {
        None => return Ok(methods::quick::call0(recv, id)),
        Some(QuickArg::Local(n)) => match n.get(it) {
            Some(v) => v,
            None => return Ok(None),
        },
        Some(QuickArg::Literal(v)) => v,
        Some(QuickArg::Const(c)) => {
            konst = c(it)?;
            &konst
        }
        Some(QuickArg::Other) => return Ok(None),
    };
    Ok(methods::quick::call1(recv, id, v))
}

/// `scope[arg]` (or `scope.lookupvar(arg)`) of a [`QuickArg`] (a literal, a local, a
/// constant: evaluating it has no effect), as the scope's method answers it; `None` for
/// any other argument, or a local not defined (the general call's path).
fn scope_variable(it: &mut Interp<'_>, arg: Option<&QuickArg>, at: usize) -> R<Option<RValue>> {
    let v = match arg {
        Some(QuickArg::Literal(v)) => v.clone(),
        Some(QuickArg::Local(n)) => match n.get(it) {
            Some(v) => v.clone(),
            None => return Ok(None),
        },
        Some(QuickArg::Const(c)) => c(it)?,
        None | Some(QuickArg::Other) => return Ok(None),
    };
    methods::scope::variable(it, &v, at).map(Some)
}

impl QuickArg {
    /// Whether the argument is not one of the kinds the quick paths take (no quick path
    /// answers the call then).
    fn other(arg: &Node) -> bool {
        match &arg.kind {
            Kind::LVar(_) | Kind::Const(_) | Kind::Int(_) | Kind::Nil => false,
            Kind::Str(parts) | Kind::Sym(parts) => !matches!(parts.as_slice(), [Part::Lit(_)]),
            _ => true,
        }
    }
}

/// A part of an interpolated string: its text, or its code and where it is.
enum Piece {
    Lit(crate::value::RStr),
    Code(Expr, usize),
}

/// A call's arguments: each compiled (none a splat), or the nodes, spread by `Interp::list`.
enum Args {
    Each(Vec<Expr>),
    Nodes(At<[Node]>),
}

impl Args {
    fn of(args: &[Node]) -> Args {
        if args.iter().any(|a| matches!(a.kind, Kind::Splat(_))) {
            Args::Nodes(At::new(args))
        } else {
            Args::Each(args.iter().map(expr).collect())
        }
    }

    /// The arguments' values (`Interp::list`'s), in a list of the interpreter's spares.
    #[inline]
    fn eval(&self, it: &mut Interp<'_>) -> R<Vec<RValue>> {
        let mut out = Vec::new();
        self.eval_into(it, &mut out)?;
        Ok(out)
    }

    /// [`Args::eval`] into `out` (an empty list), in place.
    #[inline]
    fn eval_into(&self, it: &mut Interp<'_>, out: &mut Vec<RValue>) -> R<()> {
        match self {
            Args::Each(each) if each.is_empty() => {}
            Args::Each(each) => {
                *out = it.st.args_list(each.len());
                for e in each {
                    out.push(e(it)?);
                }
            }
            Args::Nodes(nodes) => *out = it.list(nodes.get())?,
        }
        Ok(())
    }
}

/// A local's value read by a search (see `Local::get_here`); nil when it is not defined.
#[inline(never)]
fn read_local(it: &mut Interp<'_>, local: &Local) -> RValue {
    local.get(it).cloned().unwrap_or_default()
}

/// `recv.name(args)` that no quick path answers (`Interp::call_on`'s general path, with
/// what it asks of the call at each run decided here: whether the method may change a
/// string receiver in place, whether a block is passed as `&expr`).
fn general_call(
    recv: Expr,
    r_at: At<Node>,
    name: Name,
    args: Args,
    block: Option<std::rc::Rc<crate::ast::Block>>,
    at: usize,
) -> Expr {
    let id = name.id();
    let change = super::mutate::Change::of(id);
    Box::new(move |it| {
        let v = recv(it)?;
        let Some(safe) = super::safe_call(&name, &v) else {
            return Ok(RValue::Nil);
        };
        let bare = if safe { &name[2..] } else { &*name };
        // (the call made first, its arguments evaluated into it: `methods::call_made`)
        let mut c = methods::Call {
            id,
            name: bare,
            args: Vec::new(),
            block: None,
            at,
        };
        args.eval_into(it, &mut c.args)?;
        let block = match &block {
            Some(b) if b.passed.is_some() => it.pass_block(b)?,
            other => other.as_ref(),
        };
        if let (Some(change), RValue::Str(s)) = (change, &v) {
            let args = std::mem::take(&mut c.args);
            return it.change_string(s, r_at.get(), (change, bare), args, block, at);
        }
        c.block = block;
        match methods::call_made(it, v, &mut c) {
            Err(f) if block.is_some() && f.is_break() => Ok(f.into_value()),
            other => other,
        }
    })
}

/// A `when` test: an expression, or `*list` (each item of the list in turn).
enum Test {
    One(Expr),
    Spread(At<Node>),
}

/// A node left to `eval`.
fn evaluated(n: &Node) -> Expr {
    let n = At::new(n);
    Box::new(move |it| it.eval(n.get()))
}

/// A node (or list of nodes) of the body a closure was compiled from, by its address: the
/// closures refer to the tree instead of keeping copies of it (copying the nodes cost more
/// than the compiled form saved in a template's blocks run a few times).
///
/// Sound because a [`Body`] is kept only in the slot of the definition whose body it was
/// compiled from (`MethodDef::compiled`, `Block::compiled`: `run_compiled` is given the
/// body and the slot of one definition), which owns the tree, is not changed once made
/// (both are shared behind `Rc`), and drops the tree with the slot; a copy of a
/// definition starts with an empty slot (`CompiledSlot`'s `Clone`). The nodes are in the
/// heap (a `Vec`'s buffer, `Box`es), so moving the definition moves none of them.
struct At<T: ?Sized>(*const T);

impl<T: ?Sized> At<T> {
    fn new(t: &T) -> At<T> {
        At(t)
    }

    fn get(&self) -> &T {
        // SAFETY: the tree outlives the closure holding this (see the type's doc).
        unsafe { &*self.0 }
    }
}
