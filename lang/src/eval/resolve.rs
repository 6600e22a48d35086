//! Resolves each variable reference to a slot ahead of evaluation, so that reading a local
//! variable is an index into the current frame rather than a lookup by name.
//!
//! Every lambda and function body gets a frame whose slots are its parameters and the
//! variables it assigns. A reference resolves to the innermost frame that may hold the name;
//! names no frame holds (and all names at top level) are looked up in the top scope. A slot
//! that is still empty when read falls back to a lookup by name in the enclosing frames, since
//! Puppet lets a lambda read an outer `$x` before it assigns its own.

use super::liveness;
use super::scope::{Arity, Layout};
use crate::syntax::ast::*;
use rustc_hash::FxHashMap as HashMap;
use std::cell::Cell;
use std::rc::Rc;

/// Layouts of every lambda and function body, keyed by the address of the AST node. The
/// table keeps the nodes alive, so an address is never reused while its entry exists.
#[derive(Default)]
pub struct Layouts {
    lambdas: LambdaLayouts,
    functions: HashMap<usize, (Rc<Layout>, Rc<FunctionDef>)>,
    /// The number of entries from which [`Layouts::sweep`] looks for unused ones.
    sweep_at: usize,
    /// Thawed trees whose class and define bodies' layouts are thawed when first looked
    /// for (`env::parsed::Late`), and what they answered this table.
    late: Vec<Rc<crate::env::parsed::Late>>,
    found: std::cell::RefCell<LambdaLayouts>,
}

/// Lambdas' layouts by the lambda's address (the table keeps the lambda alive).
type LambdaLayouts = HashMap<usize, (Rc<Layout>, Rc<Lambda>)>;

/// The fewest entries [`Layouts::sweep`] looks through.
const SWEEP_FROM: usize = 1024;

impl Layouts {
    /// Between inputs: forgets the nodes nothing else holds (the lambdas of inputs gone,
    /// of templates no longer cached): nothing can call them any more, and a session of
    /// many cells kept every lambda it ever ran (a kilobyte a cell). Looks only once the
    /// table has doubled since the last look (the cost is spread over the entries added).
    /// Must not run within an input: an evaluation may still hold a node by reference
    /// alone, and its address must not be taken by another while cached types name it.
    pub fn sweep(&mut self) {
        if self.lambdas.len() + self.functions.len() < self.sweep_at.max(SWEEP_FROM) {
            return;
        }
        self.lambdas.retain(|_, (_, l)| Rc::strong_count(l) > 1);
        self.functions.retain(|_, (_, f)| Rc::strong_count(f) > 1);
        (self.found.get_mut()).retain(|_, (_, l)| Rc::strong_count(l) > 1);
        self.sweep_at = 2 * (self.lambdas.len() + self.functions.len());
    }

    /// The number of lambdas and function bodies known.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.lambdas.len() + self.functions.len()
    }

    pub fn of_lambda(&self, l: &Rc<Lambda>) -> Rc<Layout> {
        match self.lambdas.get(&(Rc::as_ptr(l) as usize)) {
            Some(e) => e.0.clone(),
            None => self.late_lambda(l).unwrap_or_default(),
        }
    }
    /// The layout of a lambda, if it is known (resolved, or thawed with its tree).
    pub fn find_lambda(&self, l: &Rc<Lambda>) -> Option<Rc<Layout>> {
        match self.lambdas.get(&(Rc::as_ptr(l) as usize)) {
            Some(e) => Some(e.0.clone()),
            None => self.late_lambda(l),
        }
    }
    /// A lambda of a thawed tree's class or define body (`env::parsed::Late`).
    #[inline(never)]
    fn late_lambda(&self, l: &Rc<Lambda>) -> Option<Rc<Layout>> {
        if self.late.is_empty() {
            return None;
        }
        let key = Rc::as_ptr(l) as usize;
        if let Some(e) = self.found.borrow().get(&key) {
            return Some(e.0.clone());
        }
        let layout = self.late.iter().find_map(|t| t.lambda(l))?;
        (self.found.borrow_mut()).insert(key, (layout.clone(), l.clone()));
        Some(layout)
    }
    /// Notes a thawed tree whose bodies' layouts are thawed when first looked for.
    pub(crate) fn add_late(&mut self, late: Rc<crate::env::parsed::Late>) {
        if !self.late.iter().any(|t| Rc::ptr_eq(t, &late)) {
            self.late.push(late);
        }
    }
    pub fn of_function(&self, f: &Rc<FunctionDef>) -> Rc<Layout> {
        self.find_function(f).unwrap_or_default()
    }
    /// The layout of a function body, if it is known (resolved, or thawed with its tree).
    pub fn find_function(&self, f: &Rc<FunctionDef>) -> Option<Rc<Layout>> {
        match self.functions.get(&(Rc::as_ptr(f) as usize)) {
            Some(e) => Some(e.0.clone()),
            None => self.late.iter().find_map(|t| t.function(f)),
        }
    }
    /// Whether the lambda was resolved (its layout and those of the lambdas in it are known).
    pub fn knows_lambda(&self, l: &Rc<Lambda>) -> bool {
        self.find_lambda(l).is_some()
    }
    /// Takes the layouts of another table (a tree resolved once, loaded by this evaluator).
    pub fn absorb(&mut self, other: &Layouts) {
        self.lambdas
            .extend(other.lambdas.iter().map(|(k, v)| (*k, v.clone())));
        self.functions
            .extend(other.functions.iter().map(|(k, v)| (*k, v.clone())));
        for late in &other.late {
            self.add_late(late.clone());
        }
    }
    /// Whether no lambda or function body is known.
    pub fn is_empty(&self) -> bool {
        self.lambdas.is_empty() && self.functions.is_empty()
    }
    /// The layout of a lambda resolved, if it was.
    pub fn lambda_layout(&self, l: &Rc<Lambda>) -> Option<&Rc<Layout>> {
        self.lambdas.get(&(Rc::as_ptr(l) as usize)).map(|e| &e.0)
    }
    /// The layout of a function body resolved, if it was.
    pub fn function_layout(&self, f: &Rc<FunctionDef>) -> Option<&Rc<Layout>> {
        self.functions.get(&(Rc::as_ptr(f) as usize)).map(|e| &e.0)
    }
    /// Notes the layout of a lambda whose tree is resolved already (its slots written).
    pub fn insert_lambda(&mut self, l: &Rc<Lambda>, layout: Rc<Layout>) {
        self.lambdas
            .insert(Rc::as_ptr(l) as usize, (layout, l.clone()));
    }
    /// Notes the layout of a function body whose tree is resolved already.
    pub fn insert_function(&mut self, f: &Rc<FunctionDef>, layout: Rc<Layout>) {
        self.functions
            .insert(Rc::as_ptr(f) as usize, (layout, f.clone()));
    }
    /// Forgets a function definition that was replaced.
    pub fn forget_function(&mut self, f: &Rc<FunctionDef>) {
        self.functions.remove(&(Rc::as_ptr(f) as usize));
    }
}

pub fn resolve_program(program: &Program, layouts: &mut Layouts) {
    let mut r = Resolver {
        scopes: Vec::new(),
        body: None,
        layouts,
        summaries: liveness::Summaries::default(),
    };
    r.block(&program.body);
}

struct Resolver<'a> {
    /// Innermost last. Empty at top level.
    scopes: Vec<Vec<Rc<str>>>,
    /// The slots of the class, define or node body being resolved (`None` at top level and
    /// in function bodies): its variables not held by a lambda around the reference.
    body: Option<BodySlots>,
    layouts: &'a mut Layouts,
    summaries: liveness::Summaries,
}

/// The slots of a class, define or node body's variables, in the order of the convention
/// the scope's writers follow (`compile::scope`): the first variables (`$title`, ...), the
/// parameters, then the names the body assigns, as the walk meets them. A reference read
/// before the walk met its assignment (`$y = $x  $x = 1`, the outer `$x` read first) is
/// looked up by name, as are all the scope's variables: the slot only tells where in the
/// scope the variable was set, a read checks the name found there.
struct BodySlots {
    slots: HashMap<Rc<str>, u16>,
    next: u16,
}

impl BodySlots {
    fn of(params: &[Param]) -> BodySlots {
        let mut body = BodySlots {
            slots: HashMap::default(),
            next: 0,
        };
        body.slots
            .reserve(crate::compile::scope::parameter_slot(params.len()));
        for name in crate::compile::scope::FIRST_VARIABLES {
            body.add(&Rc::from(name));
        }
        for p in params {
            body.add(&p.name);
        }
        body
    }

    /// Gives `name` the next slot, unless it has one (a name given twice, a parameter
    /// assigned again, keeps its first).
    fn add(&mut self, name: &Rc<str>) {
        if let Some(next) = self.next.checked_add(1) {
            if let std::collections::hash_map::Entry::Vacant(e) = self.slots.entry(name.clone()) {
                e.insert(self.next);
                self.next = next;
            }
        }
    }
}

impl Resolver<'_> {
    fn block(&mut self, body: &[Expr]) {
        for e in body {
            self.expr(e);
        }
    }

    fn var(&mut self, v: &VarRef) {
        if v.numeric().is_some() || crate::names::is_qualified(&v.name) {
            v.slot.set(Slot::Global);
            return;
        }
        for (depth, scope) in self.scopes.iter().rev().enumerate() {
            if let Some(index) = scope.iter().position(|n| *n == v.name) {
                v.slot.set(Slot::Local {
                    depth: depth as u16,
                    index: index as u16,
                });
                return;
            }
        }
        if let Some(&index) = self.body.as_ref().and_then(|b| b.slots.get(&v.name)) {
            v.slot.set(Slot::Scope { index });
            return;
        }
        v.slot.set(Slot::Global);
    }

    fn params(&mut self, params: &[Param]) {
        for p in params {
            if let Some(t) = &p.type_expr {
                self.expr(t);
            }
            if let Some(d) = &p.default {
                self.expr(d);
            }
        }
    }

    fn scope_names(params: &[Param], body: &[Expr]) -> Vec<Rc<str>> {
        let mut names: Vec<Rc<str>> = params.iter().map(|p| p.name.clone()).collect();
        for p in params {
            if let Some(d) = &p.default {
                collect_assigned(d, &mut names);
            }
        }
        for e in body {
            collect_assigned(e, &mut names);
        }
        names
    }

    fn lambda(&mut self, l: &Rc<Lambda>) {
        let names = Self::scope_names(&l.params, &l.body);
        self.scopes.push(names);
        self.params(&l.params);
        if let Some(rt) = &l.return_type {
            self.expr(rt);
        }
        self.block(&l.body);
        let names = self.scopes.pop().unwrap_or_default();
        l.frame_size.set(names.len() as u16);
        let layout = layout_of(
            names,
            &l.params,
            l.return_type.as_ref(),
            &l.body,
            &mut self.summaries,
            Some(Rc::as_ptr(l) as usize),
        );
        self.layouts
            .lambdas
            .insert(Rc::as_ptr(l) as usize, (layout, l.clone()));
    }

    /// A function body sees only its own frame and the top scope.
    fn function(&mut self, f: &Rc<FunctionDef>) {
        let outer = std::mem::take(&mut self.scopes);
        let outer_body = self.body.take();
        self.scopes.push(Self::scope_names(&f.params, &f.body));
        self.params(&f.params);
        if let Some(rt) = &f.return_type {
            self.expr(rt);
        }
        self.block(&f.body);
        let names = self.scopes.pop().unwrap_or_default();
        self.scopes = outer;
        self.body = outer_body;
        f.frame_size.set(names.len() as u16);
        let layout = layout_of(
            names,
            &f.params,
            f.return_type.as_ref(),
            &f.body,
            &mut self.summaries,
            None,
        );
        self.layouts
            .functions
            .insert(Rc::as_ptr(f) as usize, (layout, f.clone()));
    }

    /// Class, define and node bodies keep their variables by name in their scopes (which
    /// outlive the evaluation: `$class::var`, templates); a reference to one of the body's
    /// own variables gets its slot in the body's layout, which finds it in the scope without
    /// hashing its name ([`BodySlots`]). Lambdas in them get frames as usual.
    fn definition_body(&mut self, params: &[Param], body: &[Expr], variables: &Cell<u16>) {
        let outer = std::mem::take(&mut self.scopes);
        let outer_body = self.body.replace(BodySlots::of(params));
        self.params(params);
        self.block(body);
        self.scopes = outer;
        let slots = std::mem::replace(&mut self.body, outer_body);
        variables.set(slots.map_or(0, |s| s.next));
    }

    fn expr(&mut self, e: &Expr) {
        crate::limits::deep(|| self.expr_here(e))
    }

    fn expr_here(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Variable(v) => self.var(v),
            // (an array or hash literal of constants holds no variable: nothing to resolve
            // in a 19,000-entry literal of data)
            ExprKind::Array(_, shared) | ExprKind::Hash(_, shared) if shared.is_constant() => {}
            // (in the body itself, not in a lambda of it: a variable of the body's scope)
            ExprKind::Assign(target, _) if self.scopes.is_empty() => {
                if let Some(body) = &mut self.body {
                    assigned_names(target, &mut |name| body.add(name));
                }
                e.for_each_child(&mut |child| self.expr(child));
            }
            ExprKind::Lambda(l) => self.lambda(l),
            ExprKind::FunctionDef(f) => self.function(f),
            ExprKind::TypeAlias { type_expr, .. } => self.expr(type_expr),
            ExprKind::ClassDef(c) => self.definition_body(&c.params, &c.body, &c.variables),
            ExprKind::DefineDef(d) => self.definition_body(&d.params, &d.body, &d.variables),
            ExprKind::NodeDef(n) => {
                self.block(&n.matches);
                self.definition_body(&[], &n.body, &n.variables)
            }
            _ => {
                // Everything else in this scope, then a call's lambda in a scope of its own.
                e.for_each_child(&mut |child| self.expr(child));
                if let ExprKind::Call { block: Some(l), .. }
                | ExprKind::CallType { block: Some(l), .. } = &e.kind
                {
                    self.lambda(l);
                }
            }
        }
    }
}

/// The frame layout of a lambda or function body with the given slot names.
fn layout_of(
    names: Vec<Rc<str>>,
    params: &[Param],
    return_type: Option<&Expr>,
    body: &[Expr],
    summaries: &mut liveness::Summaries,
    lambda: Option<usize>,
) -> Rc<Layout> {
    let live = liveness::analyse(&names, params, return_type, body, summaries, lambda);
    Rc::new(Layout {
        names,
        arity: Arity::of(params),
        movable: live.movable,
        late_moves: live.late_moves,
        calls: live.calls,
    })
}

/// Adds the names of variables assigned in `e` (outside nested lambdas and definitions).
fn collect_assigned(e: &Expr, names: &mut Vec<Rc<str>>) {
    // (a literal of constants assigns nothing)
    if e.is_constant() {
        return;
    }
    crate::limits::deep(|| e.for_each_child(&mut |child| collect_assigned(child, names)));
    if let ExprKind::Assign(target, _) = &e.kind {
        assigned_names(target, &mut |name| {
            if !names.contains(name) {
                names.push(name.clone());
            }
        });
    }
}

/// Calls `f` with each name an assignment to `target` assigns (`$x`, `[$a, $b]`), not the
/// numbered or qualified ones (errors when assigned).
fn assigned_names(target: &Expr, f: &mut dyn FnMut(&Rc<str>)) {
    match &target.kind {
        ExprKind::Variable(v) if v.numeric().is_none() && !crate::names::is_qualified(&v.name) => {
            f(&v.name)
        }
        ExprKind::Array(items, _) => items.iter().for_each(|i| assigned_names(i, f)),
        _ => {}
    }
}
