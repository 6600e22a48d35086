//! Methods, classes and modules a template defines: `def` (at the top and in classes),
//! calls of those methods with Ruby's parameter binding, `return`, `yield`, `super`;
//! `class`/`module` bodies, constants, `attr_accessor`, `include`, `new`/`initialize`,
//! instance variables; `Comparable` and `Enumerable` for classes that include them.

use super::locals::Locals;
use super::{core_constant, raise, unsupported, Flow, Interp, R};
use crate::ast::{Block, ClassDef, ConstName, DefParam, MethodDef, Name};
use crate::error::{error_is_a, is_error_class, RubyError};
use crate::methods::{self, M};
use crate::show::inspect;
use crate::value::RBool;
use crate::value::RStr;
use crate::value::{Ancestor, Include, Ivars, Method, Object, RHash, RValue, UserClass};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// Puppet's namespace, which modules' Ruby reopens to define classes in.
const PUPPET: &str = "Puppet";
/// The name the module of what the code defines in Puppet's namespace is kept under among
/// the top's constants: no constant of the code can have it.
const PUPPET_OWN: &str = "<Puppet>";

thread_local! {
    /// Counts the changes of the thread's constants (one defined, a module included,
    /// classes cleared): a constant's node keeps what it was found to be with this count
    /// (`Interp::constant_node`), good while nothing changed.
    static CONSTANTS_CHANGED: Cell<u64> = const { Cell::new(0) };
}

/// Notes a change of constants: what nodes kept is found again.
pub(crate) fn constants_changed() {
    let _ = CONSTANTS_CHANGED.try_with(|c| c.set(c.get().wrapping_add(1)));
}

thread_local! {
    /// Counts the changes of the thread's top methods (one defined, a map installed, let
    /// go or emptied): a self-call's site keeps that its name was not a top method with
    /// this count ([`NotTop`]), good while nothing changed.
    static METHODS_CHANGED: Cell<u64> = const { Cell::new(0) };
}

/// Notes a change of the top methods: what sites kept is looked up again.
pub(crate) fn methods_changed() {
    let _ = METHODS_CHANGED.try_with(|c| c.set(c.get().wrapping_add(1)));
}

/// A self-call's site (`name` or `name(args)` without a receiver): that its name was not
/// a method of the top, with the count of changes of the top methods and the map then
/// (`State::top_methods`); while both are the same the name is still not one, and the
/// call goes on without the look-up by the name's hash (`closure_scope` in a module
/// function, called at each call of it). A method defined later changes the count: the
/// site looks again and calls it, as Ruby would.
pub(crate) struct NotTop(Cell<(u64, *const ())>);

impl NotTop {
    pub(crate) fn new() -> NotTop {
        NotTop(Cell::new((u64::MAX, std::ptr::null())))
    }

    /// Whether the name is known not to be one of `methods` (the count unchanged since).
    #[inline]
    fn holds(&self, methods: &Rc<rustc_hash::FxHashMap<String, Method>>) -> bool {
        let (count, map) = self.0.get();
        std::ptr::eq(map, Rc::as_ptr(methods) as *const ())
            && METHODS_CHANGED
                .try_with(Cell::get)
                .is_ok_and(|c| c == count)
    }

    /// Notes that the name is not one of `methods`.
    #[inline(never)]
    fn note(&self, methods: &Rc<rustc_hash::FxHashMap<String, Method>>) {
        if let Ok(count) = METHODS_CHANGED.try_with(Cell::get) {
            self.0.set((count, Rc::as_ptr(methods) as *const ()));
        }
    }
}

/// What a constant's node was found to be, in which classes around it, with which constants
/// of the top, and at which count of changes.
pub(super) struct FoundConstant {
    changes: u64,
    cref: *const (),
    top: *const (),
    value: RValue,
}

/// See [`Interp::constants_stamp`].
pub(super) type Stamp = (u64, *const (), *const ());

/// How deeply methods may call each other (Ruby's stack holds about ten thousand simple
/// frames before `stack level too deep`).
const MAX_CALL_DEPTH: usize = 10_000;

/// `Enumerable`'s methods (a class that includes it and defines `each` has them).
pub(super) const ENUMERABLE: &[&str] = &[
    "all?",
    "any?",
    "chunk_while",
    "collect",
    "collect_concat",
    "compact",
    "count",
    "detect",
    "drop",
    "drop_while",
    "each_cons",
    "each_entry",
    "each_slice",
    "each_with_index",
    "each_with_object",
    "entries",
    "filter",
    "filter_map",
    "find",
    "find_all",
    "find_index",
    "first",
    "flat_map",
    "grep",
    "grep_v",
    "group_by",
    "include?",
    "inject",
    "map",
    "max",
    "max_by",
    "member?",
    "min",
    "min_by",
    "minmax",
    "minmax_by",
    "none?",
    "one?",
    "partition",
    "reduce",
    "reject",
    "reverse_each",
    "select",
    "slice_when",
    "sort",
    "sort_by",
    "sum",
    "take",
    "take_while",
    "tally",
    "to_a",
    "to_h",
    "uniq",
    "zip",
];

/// Who `self` is.
#[derive(Clone, Debug)]
pub enum This {
    /// The template object (ERB's code is the body of one of its methods).
    Template,
    /// A class or module (its body, its `self.` methods).
    Class(Rc<UserClass>),
    /// An instance of a class the template defines.
    Object(Rc<Object>),
}

/// Where `def` puts a method.
#[derive(Clone, Debug)]
pub(super) enum DefTarget {
    Template,
    Instance(Rc<UserClass>),
    Singleton(Rc<UserClass>),
}

/// The block given to a running method.
#[derive(Clone, Debug)]
pub enum BlockArg {
    /// A block of the template, and the frame it was written in (it runs there).
    Ast(Rc<Block>, u64),
    /// What `Enumerable` gives `each` to collect the elements.
    Collect(Rc<RefCell<crate::value::RArray>>),
    /// A block of the host's (a Puppet lambda given to a function): the host calls it.
    Host(RValue),
}

/// The name of a method that stands for a block (a 3.x function's `newfunction` block, run
/// as a method): a constant assigned in it is the enclosing scope's, as in a block (where
/// Ruby allows it), not a "dynamic constant assignment".
pub const BLOCK_AS_METHOD: &str = "__prepl_function";

/// The running method: where it was found, its definition (its name and parameters, whose
/// values a bare `super` passes on) and, when its body has a bare `super`, its arguments
/// (what an anonymous `*` was given).
#[derive(Clone, Debug)]
struct MethodFrame {
    owner: Option<Rc<UserClass>>,
    def: Rc<MethodDef>,
    args: Vec<RValue>,
}

impl MethodFrame {
    fn name(&self) -> &str {
        &self.def.name
    }
}

/// The local variables of a block or a frame, in the order they were first assigned:
/// a method or block has few, found by a scan faster than hashing, and a scope that has
/// none allocates nothing (a method's call makes one and drops it).
///
/// A block's scope in which a proc was made has a [`Kept`] handle, which the proc holds
/// (`ProcHome`): when the block's call ends, its variables move there instead of being
/// dropped, and a later call of the proc runs with them in place (Ruby's procs keep the
/// variables they see), each call of the block its own.
///
/// A block call's scope also knows the block's own locals (`Block::own`) while its body
/// runs: the tree walker reads and assigns those in this scope alone, as the compiled
/// sites do (`compiled::local`), not a variable of the same name around the block.
#[derive(Debug, Default)]
pub struct Scope {
    vars: Vec<(Name, RValue)>,
    kept: Option<Rc<Kept>>,
    /// The running block's own locals: set when its call enters the scope
    /// (`Scope::own_names`), none again when the call ends (`end_in_place`), none in a
    /// copy. So, while set, the block (which holds the names) is running: a scope set
    /// aside while a proc runs is its running block's.
    own: Option<std::ptr::NonNull<[Name]>>,
}

impl Clone for Scope {
    /// (A copy outlives the block call whose scope it copies: it knows no own locals.)
    fn clone(&self) -> Scope {
        Scope {
            vars: self.vars.clone(),
            kept: self.kept.clone(),
            own: None,
        }
    }
}

/// The variables of an ended block call that procs made in it keep (`None` while a call
/// of one of them has them in place, in its frame's scopes).
#[derive(Debug, Default)]
pub struct Kept(RefCell<Option<Vec<(Name, RValue)>>>);

/// Where a proc (or lambda) was made: the frame (its id; 0: none), how many of its scopes
/// of locals were around it, and the handles of those past the frame's first (the blocks'
/// it was made in), whose variables it sees when it is called after those blocks ended.
#[derive(Debug)]
pub struct ProcHome {
    pub(crate) frame: u64,
    pub(crate) depth: u32,
    pub(crate) scopes: Box<[Rc<Kept>]>,
}

impl ProcHome {
    /// Made in no frame: a proc that reads only its parameters (`Symbol#to_proc`).
    pub fn nowhere() -> Rc<ProcHome> {
        Rc::new(ProcHome {
            frame: 0,
            depth: 0,
            scopes: Box::new([]),
        })
    }

    /// The frame it was made in.
    pub fn frame(&self) -> u64 {
        self.frame
    }
}

impl Scope {
    /// Makes this (a block call's scope, just entered) the scope of a block whose own
    /// locals are `own`, until the call ends.
    #[inline(always)]
    pub(crate) fn own_names(&mut self, own: &[Name]) {
        self.own = (!own.is_empty()).then(|| std::ptr::NonNull::from(own));
    }

    /// Whether `name` is an own local of the block whose call this scope is (never for
    /// another scope).
    #[inline]
    pub(crate) fn owns(&self, name: &str) -> bool {
        match self.own {
            None => false,
            // SAFETY: set from the running block's `own` (see the field's doc), which
            // outlives its call.
            Some(own) => unsafe { own.as_ref() }.iter().any(|n| same(n, name)),
        }
    }

    /// Whether the scope holds nothing: no variable, no procs' handle, no running block's
    /// names.
    pub(crate) fn is_empty(&self) -> bool {
        self.vars.is_empty() && self.kept.is_none() && self.own.is_none()
    }

    pub fn get(&self, name: &str) -> Option<&RValue> {
        self.vars
            .iter()
            .find(|(n, _)| same(n, name))
            .map(|(_, v)| v)
    }

    pub fn get_mut(&mut self, name: &str) -> Option<&mut RValue> {
        self.vars
            .iter_mut()
            .find(|(n, _)| same(n, name))
            .map(|(_, v)| v)
    }

    /// Defines a variable that is not in the scope yet (its name shared with the code's).
    ///
    /// (Room made first, then the pair written in place: `push` put the pair together on
    /// the stack before it checked the room, in pieces (the name's pointer and id, the
    /// value's two words), and copied it into the list with 16-byte loads that span those
    /// pieces, which the processor does not forward from the stores: each such load waited
    /// for them to reach the cache. docs/benchmarks.md, session 43.)
    #[inline(always)]
    pub fn define(&mut self, name: Name, v: RValue) {
        if self.vars.len() == self.vars.capacity() {
            self.grow();
        }
        let len = self.vars.len();
        // SAFETY: there is room for one more pair (made just above); both its fields are
        // written (each on its own: written as one pair, the compiler copied the name's
        // padding with the value, in a 16-byte load across two stores) before the length
        // counts it.
        unsafe {
            let slot = self.vars.as_mut_ptr().add(len);
            std::ptr::addr_of_mut!((*slot).0).write(name);
            std::ptr::addr_of_mut!((*slot).1).write(v);
            self.vars.set_len(len + 1);
        }
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        self.vars.reserve(1);
    }

    /// The variable `name`: the `i`th when it is there (the same shared name), else found
    /// by a search, `i` then set to where it is (a compiled site's slot: `compiled::local`).
    #[inline(always)]
    pub(crate) fn get_slot(&self, name: &Name, i: &Cell<u32>) -> Option<&RValue> {
        match self.vars.get(i.get() as usize) {
            Some((n, v)) if RStr::ptr_eq(n.rc(), name.rc()) => Some(v),
            _ => self.find_slot(name, i),
        }
    }

    /// The variable `name` when it is the `i`th ([`Scope::get_slot`] without the search:
    /// no call, for a compiled site's fast path); `None` otherwise, even if it is elsewhere.
    #[inline(always)]
    pub(crate) fn at_slot(&self, name: &Name, i: &Cell<u32>) -> Option<&RValue> {
        match self.vars.get(i.get() as usize) {
            Some((n, v)) if RStr::ptr_eq(n.rc(), name.rc()) => Some(v),
            _ => None,
        }
    }

    #[inline(never)]
    fn find_slot(&self, name: &Name, i: &Cell<u32>) -> Option<&RValue> {
        let k = self.vars.iter().position(|(n, _)| same(n, name))?;
        i.set(u32::try_from(k).unwrap_or(u32::MAX));
        Some(&self.vars[k].1)
    }

    /// Sets the variable `name` (the `i`th when it is there, as `get_slot`), defining it
    /// when it is new.
    /// (A variable defined where it was at the last run, past the others, is defined in
    /// place: a body's first assignment of a local does that at each run.)
    #[inline(always)]
    pub(crate) fn set_slot(&mut self, name: &Name, v: RValue, i: &Cell<u32>) {
        let k = i.get() as usize;
        if let Some((n, slot)) = self.vars.get_mut(k) {
            if RStr::ptr_eq(n.rc(), name.rc()) {
                *slot = v;
                return;
            }
        } else if k == self.vars.len() && !self.vars.iter().any(|(n, _)| same(n, name)) {
            self.define(name.clone(), v);
            return;
        }
        self.set_found(name, v, i);
    }

    #[inline(never)]
    fn set_found(&mut self, name: &Name, v: RValue, i: &Cell<u32>) {
        match self.vars.iter().position(|(n, _)| same(n, name)) {
            Some(k) => {
                i.set(u32::try_from(k).unwrap_or(u32::MAX));
                self.vars[k].1 = v;
            }
            None => {
                i.set(u32::try_from(self.vars.len()).unwrap_or(u32::MAX));
                self.define(name.clone(), v);
            }
        }
    }

    /// Sets the variable `name`, defining it when it is new.
    pub fn insert(&mut self, name: Name, v: RValue) {
        match self.get_mut(&name) {
            Some(slot) => *slot = v,
            None => self.vars.push((name, v)),
        }
    }

    /// The handle procs made now keep of the scope (made at the first).
    fn keep(&mut self) -> Rc<Kept> {
        self.kept.get_or_insert_with(Rc::default).clone()
    }

    /// Whether this is the scope of the handle `kept`.
    fn is(&self, kept: &Rc<Kept>) -> bool {
        self.kept.as_ref().is_some_and(|k| Rc::ptr_eq(k, kept))
    }

    /// Ends a block call's scope where it is (`Locals::leave`): its variables move to the
    /// handle procs made in it keep, or are dropped; the scope is left empty, its room
    /// kept (not too much) for the next call.
    #[inline(always)]
    pub(crate) fn end_in_place(&mut self) {
        self.own = None;
        if let Some(kept) = self.kept.take() {
            if Rc::strong_count(&kept) > 1 {
                keep_for_procs(std::mem::take(&mut self.vars), kept);
                return;
            }
        }
        if self.vars.capacity() > SPARE_ROOM {
            self.vars = Vec::new();
        } else {
            // (each pair dropped here, last first: a drop runs no Ruby code; a block's one or
            // two variables cost no call of the slice's generic drop)
            while let Some(pair) = self.vars.pop() {
                drop(pair);
            }
        }
    }
}

/// Moves an ended block call's variables to the handle procs made in it keep. When only
/// procs held in these variables keep it (`f = proc { x }` in the block), nothing can reach
/// them any more: they are dropped (else the procs and the variables would keep each other
/// alive).
#[cold]
#[inline(never)]
fn keep_for_procs(vars: Vec<(Name, RValue)>, kept: Rc<Kept>) {
    // (the procs held here, each with how many of its references are here; and their
    // homes, each with how many of those procs hold it: a proc's values share its
    // `ProcData`, which holds the home once)
    let mut procs: Vec<(&Rc<crate::value::ProcData>, usize)> = Vec::new();
    for (_, v) in &vars {
        if let RValue::Proc(p) | RValue::Lambda(p) = v {
            if p.home.scopes.iter().any(|h| Rc::ptr_eq(h, &kept)) {
                match procs.iter_mut().find(|(q, _)| Rc::ptr_eq(q, p)) {
                    Some((_, n)) => *n += 1,
                    None => procs.push((p, 1)),
                }
            }
        }
    }
    let mut homes: Vec<(&Rc<ProcHome>, usize)> = Vec::new();
    for (p, _) in &procs {
        match homes.iter_mut().find(|(h, _)| Rc::ptr_eq(h, &p.home)) {
            Some((_, n)) => *n += 1,
            None => homes.push((&p.home, 1)),
        }
    }
    let only_here = homes.len() + 1 == Rc::strong_count(&kept)
        && procs.iter().all(|(p, n)| Rc::strong_count(p) == *n)
        && homes.iter().all(|(h, n)| Rc::strong_count(h) == *n);
    drop(homes);
    drop(procs);
    if !only_here {
        *kept.0.borrow_mut() = Some(vars);
    }
}

/// The home of a proc made now in the frame `ctx`: with the handles of the scopes of the
/// blocks running there (past the frame's first), which keep them for the proc.
fn home_of(ctx: &mut Ctx) -> Rc<ProcHome> {
    let depth = u32::try_from(ctx.locals.len()).unwrap_or(u32::MAX);
    let scopes = ctx.locals.iter_mut().skip(1).map(Scope::keep).collect();
    Rc::new(ProcHome {
        frame: ctx.id,
        depth,
        scopes,
    })
}

/// Whether a variable's name is `name`: the same shared text (names are made one text per
/// name, `ast::Name`), else the same bytes.
#[inline(always)]
fn same(n: &Name, name: &str) -> bool {
    n.len() == name.len()
        && (std::ptr::eq(n.as_ptr(), name.as_ptr()) || same_text(n.as_bytes(), name.as_bytes()))
}

/// Two names' texts of the same length, not the same shared text: apart, so that the
/// search of a scope stays small.
#[inline(never)]
fn same_text(a: &[u8], b: &[u8]) -> bool {
    crate::value::rstr::same_len_eq(a, b)
}

/// A frame: the template's body, a method's body or a class's body.
#[derive(Debug)]
pub struct Ctx {
    /// Identifies the frame while it runs (blocks and procs made in it run in it).
    pub(crate) id: u64,
    /// Local variables, a scope per block running.
    pub(crate) locals: Locals,
    pub(crate) this: This,
    def_target: DefTarget,
    /// The classes and modules around the code, innermost last (constants are found there).
    pub(super) cref: Rc<[Rc<UserClass>]>,
    block: Option<BlockArg>,
    /// (Kept in the frame, not behind a pointer: a call allocates nothing for it.)
    method: Option<MethodFrame>,
    /// A proc (or lambda) was made of a block written in this frame: when the frame ends,
    /// it is parked (its locals kept) for that proc's later calls, as Ruby's procs keep
    /// the locals they see.
    made_procs: bool,
}

/// How many ended frames are kept for the procs made in them (past that, a proc that
/// outlives its frame runs in its caller's, without the ended frame's locals).
const PARKED_FRAMES: usize = 64;

thread_local! {
    /// The classes around the top's code: none (shared, not allocated per interpreter).
    static NO_CREF: Rc<[Rc<UserClass>]> = Rc::from(Vec::new());
}

/// How many emptied stacks of scopes an interpreter keeps for its next frames, and the
/// most variables a kept scope has room for.
const SPARE_STACKS: usize = 32;
const SPARE_ROOM: usize = 16;

impl Ctx {
    /// The frame of the template's body.
    pub fn top() -> Ctx {
        let mut top = Ctx::bare_top();
        top.locals = Locals::one();
        top
    }

    /// Makes an ended interpreter's top frame a new one's (its first scope of locals kept
    /// emptied, for the next code).
    pub(crate) fn reset_top(&mut self) {
        self.id = 1;
        self.locals.reset();
        if !matches!(self.this, This::Template) {
            self.this = This::Template;
        }
        if !matches!(self.def_target, DefTarget::Template) {
            self.def_target = DefTarget::Template;
        }
        if !self.cref.is_empty() {
            if let Ok(none) = NO_CREF.try_with(Rc::clone) {
                self.cref = none;
            }
        }
        if self.block.is_some() {
            self.block = None;
        }
        if self.method.is_some() {
            self.method = None;
        }
        self.made_procs = false;
    }

    /// The top frame of an interpreter that runs no code there (only the methods it
    /// calls, each in its own frame): without a scope of locals (`Interp::calling`).
    pub(crate) fn bare_top() -> Ctx {
        Ctx {
            id: 1,
            locals: Locals::default(),
            this: This::Template,
            def_target: DefTarget::Template,
            cref: NO_CREF.with(Rc::clone),
            block: None,
            method: None,
            made_procs: false,
        }
    }
}

impl Interp<'_> {
    /// Runs `f` in the frame `home` (where a block or proc was made) if it is still
    /// running, else in the current one.
    pub fn in_frame<T>(&mut self, home: u64, f: impl FnOnce(&mut Self) -> T) -> T {
        if home == 0 || home == self.st.ctx.id {
            return f(self);
        }
        if let Some(k) = self.st.frames.iter().rposition(|c| c.id == home) {
            {
                let st = &mut **self.st;
                std::mem::swap(&mut st.ctx, &mut st.frames[k]);
            }
            let r = f(self);
            {
                let st = &mut **self.st;
                std::mem::swap(&mut st.ctx, &mut st.frames[k]);
            }
            return r;
        }
        // A loaded file's frame (swapped in and out, so nested visits find it by its id).
        match self.st.parked.iter().position(|c| c.id == home) {
            Some(k) => {
                {
                    let st = &mut **self.st;
                    std::mem::swap(&mut st.ctx, &mut st.parked[k]);
                }
                let r = f(self);
                {
                    let st = &mut **self.st;
                    std::mem::swap(&mut st.ctx, &mut st.parked[k]);
                }
                r
            }
            None => f(self),
        }
    }

    /// Calls a proc or lambda: in the frame it was made in (`home`: the frame's id, and how
    /// many of its scopes of locals were around the proc); `return` leaves a lambda.
    ///
    /// The scopes of the blocks running in that frame since the proc was made are not the
    /// proc's (Ruby's locals are lexical): they are set aside while it runs.
    pub fn call_proc(
        &mut self,
        block: &Rc<Block>,
        lambda: bool,
        home: &ProcHome,
        args: Vec<RValue>,
    ) -> R {
        let depth = home.depth as usize;
        let r = self.in_frame(home.frame, |it| {
            let locals = &it.st.ctx.locals;
            // (made in no block, or its blocks still running there)
            let in_place = home.scopes.is_empty()
                || (locals.len() >= depth
                    && home
                        .scopes
                        .iter()
                        .zip(&locals[1.min(locals.len())..])
                        .all(|(kept, running)| running.is(kept)));
            if !in_place {
                it.yield_kept(block, args, &home.scopes)
            } else if locals.len() <= depth {
                it.yield_vec(block, args)
            } else {
                it.yield_set_aside(block, args, depth)
            }
        });
        match r {
            Err(f) if lambda && f.is_return() => Ok(f.into_value()),
            other => other,
        }
    }

    /// `yield_block` with the frame's scopes past the first `depth` set aside while it runs
    /// (moved to kept room, one by one: there are few, and a call allocates nothing).
    #[inline(never)]
    fn yield_set_aside(&mut self, block: &Block, args: Vec<RValue>, depth: usize) -> R {
        let mut aside = std::mem::take(&mut self.st.set_aside);
        let locals = &mut self.st.ctx.locals;
        while locals.len() > depth {
            if let Some(scope) = locals.pop() {
                aside.push(scope);
            }
        }
        let r = self.yield_vec(block, args);
        let locals = &mut self.st.ctx.locals;
        while let Some(scope) = aside.pop() {
            locals.push(scope);
        }
        self.st.set_aside = aside;
        r
    }

    /// `yield_block` of a proc whose blocks ended (or run elsewhere): the frame's scopes
    /// past its first set aside, the variables the proc's handles keep of its blocks in
    /// their place while it runs (a handle whose variables a running call of another of
    /// its procs has is left out: the proc then sees its frame's first scope only).
    #[cold]
    #[inline(never)]
    fn yield_kept(&mut self, block: &Block, args: Vec<RValue>, kept: &[Rc<Kept>]) -> R {
        let mut aside = std::mem::take(&mut self.st.set_aside);
        let locals = &mut self.st.ctx.locals;
        let first = locals.len().min(1);
        while locals.len() > first {
            if let Some(scope) = locals.pop() {
                aside.push(scope);
            }
        }
        for k in kept {
            let Some(vars) = k.0.borrow_mut().take() else {
                break;
            };
            locals.push(Scope {
                vars,
                kept: Some(k.clone()),
                own: None,
            });
        }
        let r = self.yield_vec(block, args);
        let locals = &mut self.st.ctx.locals;
        while locals.len() > first {
            if let Some(Scope {
                vars,
                kept: Some(k),
                ..
            }) = locals.pop()
            {
                *k.0.borrow_mut() = Some(vars);
            }
        }
        while let Some(scope) = aside.pop() {
            locals.push(scope);
        }
        self.st.set_aside = aside;
        r
    }

    /// How many scopes of locals are around the code running (what a proc made here sees).
    pub(crate) fn scope_depth(&self) -> u32 {
        u32::try_from(self.st.ctx.locals.len()).unwrap_or(u32::MAX)
    }

    /// The home of a proc of a block written in the frame `home`, a caller of the running
    /// one (the block a method was given, that frame waiting at it): its scopes now; all
    /// of them when it is not found.
    fn home_in(&mut self, home: u64) -> Rc<ProcHome> {
        match self.st.frames.iter_mut().rev().find(|c| c.id == home) {
            Some(c) => home_of(c),
            None => Rc::new(ProcHome {
                frame: home,
                depth: u32::MAX,
                scopes: Box::new([]),
            }),
        }
    }

    /// Runs `f` in a new frame (`self` as `this`, `def` defining into `def_target`,
    /// constants found in `cref`), then returns to the current one. The new frame is made
    /// in place of the current one, which waits on `frames`: a frame is ~150 bytes, and a
    /// method's call moved it six times when it was made first and then swapped in.
    pub(super) fn with_frame<T>(
        &mut self,
        (this, def_target, cref): (This, DefTarget, Rc<[Rc<UserClass>]>),
        at: usize,
        f: impl FnOnce(&mut Self) -> R<T>,
    ) -> R<T> {
        if self.st.call_depth >= MAX_CALL_DEPTH {
            return Err(too_deep(at));
        }
        let st = &mut **self.st;
        st.frame_ids += 1;
        // (an ended frame's, emptied: a call allocates no stack of scopes)
        let locals = match st.spare_locals.pop() {
            Some(locals) => locals,
            None => Locals::one(),
        };
        let caller = std::mem::replace(
            &mut st.ctx,
            Ctx {
                id: st.frame_ids,
                locals,
                this,
                def_target,
                cref,
                block: None,
                method: None,
                made_procs: false,
            },
        );
        st.frames.push(caller);
        st.call_depth += 1;
        let r = crate::limits::deep(|| f(self));
        self.st.call_depth -= 1;
        if let Some(caller) = self.st.frames.pop() {
            if self.st.ctx.made_procs {
                self.park_ended(caller);
            } else {
                let mut locals = std::mem::take(&mut self.st.ctx.locals);
                // (the ended frame's other parts dropped in place)
                self.st.ctx = caller;
                self.keep_locals(&mut locals);
            }
        }
        r
    }

    /// Returns to `caller` from a frame in which procs were made: the ended frame is kept
    /// (`parked`, where `in_frame` finds it) so that a proc that outlives it still sees
    /// its locals (`def pr; l = 5; proc { l += 1 }; end; pr.call` is 6).
    #[cold]
    #[inline(never)]
    fn park_ended(&mut self, caller: Ctx) {
        let ended = std::mem::replace(&mut self.st.ctx, caller);
        if self.st.parked.len() < PARKED_FRAMES {
            self.st.parked.push(ended);
        }
    }

    /// A proc (`lambda`: a lambda) of a block written in the running frame, seeing the
    /// scopes of locals around it now.
    pub(crate) fn proc_here(&mut self, block: &Rc<Block>, lambda: bool) -> RValue {
        self.st.ctx.made_procs = true;
        let home = home_of(&mut self.st.ctx);
        RValue::proc(block.clone(), home, lambda)
    }

    /// Notes that a proc was made of a block written in the frame `home` (running, or
    /// waiting on a call).
    fn made_proc_in(&mut self, home: u64) {
        let st = &mut **self.st;
        if st.ctx.id == home {
            st.ctx.made_procs = true;
        } else if let Some(c) = st.frames.iter_mut().rev().find(|c| c.id == home) {
            c.made_procs = true;
        }
    }

    /// Keeps an ended frame's stack of scopes, emptied, for the next frame (unless its
    /// first scope grew big, or enough are kept).
    fn keep_locals(&mut self, locals: &mut Locals) {
        let spare = &mut self.st.spare_locals;
        if spare.len() >= SPARE_STACKS {
            return;
        }
        locals.reset();
        spare.push(std::mem::take(locals));
    }

    /// `def`: the method goes to the template, the class being defined, or the class itself
    /// (`def self.name`); its value is the name as a symbol.
    pub(super) fn define_method(&mut self, def: &Rc<MethodDef>, at: usize) -> R {
        let m = Method::Def(def.clone(), self.st.ctx.cref.clone());
        let name = def.name.clone();
        if def.singleton {
            match &self.st.ctx.this {
                This::Template => {
                    self.set_top_method(&name, m);
                }
                This::Class(c) => {
                    c.singleton.borrow_mut().insert(name.clone(), m);
                }
                This::Object(_) => {
                    return unsupported(
                        "a singleton method of an object ('def self.name' in a method)",
                        at,
                    )
                }
            }
        } else {
            match &self.st.ctx.def_target {
                DefTarget::Template => {
                    self.set_top_method(&name, m);
                }
                DefTarget::Instance(c) => {
                    if c.module_function.get() {
                        c.singleton.borrow_mut().insert(name.clone(), m.clone());
                    }
                    c.methods.borrow_mut().insert(name.clone(), m);
                }
                DefTarget::Singleton(c) => {
                    c.singleton.borrow_mut().insert(name.clone(), m);
                }
            }
        }
        Ok(RValue::sym(name))
    }

    /// The name a class of the template has: Ruby defines it inside the template object's
    /// class (`Puppet::Parser::TemplateWrapper::Point` in Puppet).
    fn class_full_name(&mut self, container: Option<&Rc<UserClass>>, short: &str) -> RStr {
        match container {
            Some(c) => RStr::from(format!("{}::{short}", c.name)),
            None => match self.host.class_namespace() {
                Some(ns) => RStr::from(format!("{ns}::{short}")),
                None => RStr::from(short),
            },
        }
    }

    /// `class Name < Super ... end`, `module Name ... end`, `class << self ... end`.
    pub(super) fn class_def(&mut self, def: &Rc<ClassDef>, at: usize) -> R {
        if def.path.is_empty() {
            let This::Class(c) = self.st.ctx.this.clone() else {
                return unsupported("'class << self' outside a class", at);
            };
            let cref = self.st.ctx.cref.clone();
            let frame = (This::Class(c.clone()), DefTarget::Singleton(c), cref);
            return self.with_frame(frame, at, |it| it.body_value(&def.body));
        }
        let path = def.path.strip_prefix("::").unwrap_or(&def.path);
        // `module Puppet ... end` at the top (mongodb's `module Puppet; module Util; class
        // MongodbMd5er`): Puppet's own namespace, reopened to define classes of its own in
        // (`puppet_namespace`)
        if path == PUPPET
            && def.module
            && (def.path.starts_with("::") || self.st.ctx.cref.is_empty())
        {
            let class = self.puppet_namespace(&[]);
            return self.class_body(class, def, at);
        }
        let (container, short) = match path.rsplit_once("::") {
            Some((outer, short)) => match self.constant(outer, at)? {
                RValue::Module(ref m) => (Some(m.clone()), short),
                // (`class Puppet::Util::Name`: in Puppet's namespace, reopened)
                RValue::Class(ref k) if k.split("::").next() == Some(PUPPET) => {
                    let inner: Vec<&str> = k.split("::").skip(1).collect();
                    (Some(self.puppet_namespace(&inner)), short)
                }
                other => return raise(format!("{} is not a class/module", inspect(&other)), at),
            },
            None if def.path.starts_with("::") => (None, path),
            None => (self.st.ctx.cref.last().cloned(), path),
        };
        let superclass = match &def.superclass {
            Some(s) => Some(self.eval(s)?),
            None => None,
        };
        let existing = match &container {
            Some(c) => c.constants.borrow().get(short).cloned(),
            None => self.st.top_constants.get(short).cloned(),
        };
        let class = match existing {
            Some(RValue::Module(ref c)) => {
                if c.module != def.module {
                    return raise_type(
                        format!(
                            "{short} is not a {}",
                            if def.module { "module" } else { "class" }
                        ),
                        at,
                    );
                }
                if let Some(RValue::Module(s)) = &superclass {
                    if !c.superclass.as_ref().is_some_and(|k| Rc::ptr_eq(k, s)) {
                        return raise_type(format!("superclass mismatch for class {short}"), at);
                    }
                }
                c.clone()
            }
            Some(other) => {
                return raise_type(
                    format!(
                        "{short} is not a {}",
                        if def.module { "module" } else { "class" }
                    ) + &format!(" ({})", other.class_name()),
                    at,
                )
            }
            None => {
                if container.is_none() && core_constant(short, at).is_ok() {
                    return unsupported(format!("reopening the core class {short}"), at);
                }
                let (sup, core_super) = match superclass {
                    None => (None, None),
                    Some(RValue::Module(ref s)) if !s.module => (Some(s.clone()), None),
                    Some(RValue::Class(ref k)) if &**k == "Object" => (None, None),
                    Some(RValue::Class(ref k)) if is_error_class(k) => (None, Some(k.clone())),
                    Some(RValue::Class(ref k)) => {
                        return unsupported(format!("a subclass of the core class {k}"), at)
                    }
                    Some(other) => {
                        return raise_type(
                            format!("superclass must be a Class ({} given)", other.class_name()),
                            at,
                        )
                    }
                };
                let name = self.class_full_name(container.as_ref(), short);
                let class = Rc::new(UserClass::new(name, def.module, sup, core_super));
                let v = RValue::Module(class.clone());
                match &container {
                    Some(c) => {
                        c.constants.borrow_mut().insert(short.to_string(), v);
                        constants_changed();
                    }
                    None => {
                        self.set_top_constant(short, v);
                    }
                }
                self.st.classes.push(class.clone());
                class
            }
        };
        self.class_body(class, def, at)
    }

    /// A class's or module's body run with it as `self` and the innermost class.
    fn class_body(&mut self, class: Rc<UserClass>, def: &Rc<ClassDef>, at: usize) -> R {
        let mut cref: Vec<Rc<UserClass>> = self.st.ctx.cref.to_vec();
        cref.push(class.clone());
        let frame = (
            This::Class(class.clone()),
            DefTarget::Instance(class),
            Rc::from(cref),
        );
        self.with_frame(frame, at, |it| it.body_value(&def.body))
    }

    /// The module that holds what the code defines in Puppet's own namespace (`module
    /// Puppet`), and its modules `inner` below it (`Puppet::Util`), made as the code first
    /// opens them. Kept among the top's constants under a name no constant can have; a
    /// constant of Puppet's namespace is looked up there first (`puppet_constant`), then
    /// among Puppet's own classes.
    fn puppet_namespace(&mut self, inner: &[&str]) -> Rc<UserClass> {
        let mut m = match self.st.top_constants.get(PUPPET_OWN) {
            Some(RValue::Module(m)) => m.clone(),
            _ => {
                let m = Rc::new(UserClass::new(RStr::from(PUPPET), true, None, None));
                self.st.classes.push(m.clone());
                self.set_top_constant(PUPPET_OWN, RValue::Module(m.clone()));
                m
            }
        };
        for seg in inner {
            let found = m.constants.borrow().get(*seg).cloned();
            m = match &found {
                Some(RValue::Module(c)) => c.clone(),
                _ => {
                    let name = RStr::from(format!("{}::{seg}", m.name));
                    let c = Rc::new(UserClass::new(name, true, None, None));
                    self.st.classes.push(c.clone());
                    m.constants
                        .borrow_mut()
                        .insert(seg.to_string(), RValue::Module(c.clone()));
                    constants_changed();
                    c
                }
            };
        }
        m
    }

    /// `Puppet::A::B` among what the code defined in Puppet's namespace (`puppet_namespace`),
    /// when each of its names is there.
    fn puppet_constant(&self, name: &str) -> Option<RValue> {
        let mut segments = scope_segments(name);
        if segments.next() != Some(PUPPET) {
            return None;
        }
        let mut v = self.st.top_constants.get(PUPPET_OWN)?.clone();
        let mut any = false;
        for seg in segments {
            let RValue::Module(m) = &v else { return None };
            let next = m.constants.borrow().get(seg).cloned()?;
            v = next;
            any = true;
        }
        any.then_some(v)
    }

    fn body_value(&mut self, body: &[crate::ast::Node]) -> R {
        self.body(body)
    }

    /// A constant: in the classes around the code (innermost first), their ancestors, the
    /// top, then the core classes; `A::B` through `A`'s constants.
    pub fn constant(&mut self, name: &str, at: usize) -> R {
        let top = name.starts_with("::");
        let name = name.strip_prefix("::").unwrap_or(name);
        let mut segments = scope_segments(name);
        let first = segments.next().unwrap_or(name);
        let mut v = if top {
            self.st.top_constants.get(first).cloned()
        } else {
            self.lexical_constant(first)
        };
        if v.is_none() {
            if self.host.custom_facts()
                || (matches!(first, "File" | "ENV" | "Dir") && self.host.module_files())
                // (`File.join` & co. compute with texts: any code may call them)
                || first == "File"
            {
                if let Some(v) = methods::facter::system_constant(name) {
                    return Ok(v);
                }
            }
            if let Some(r) = self.prelude_constant(name) {
                return r;
            }
            if let Some(v) = self.puppet_constant(name) {
                return Ok(v);
            }
            let class = (!top).then(|| self.st.ctx.cref.last()).flatten();
            let class = class.map(|c| c.name.clone());
            return super::unknown_constant::unknown(
                core_constant(name, at),
                first,
                class.as_deref(),
                at,
            );
        }
        for seg in segments {
            v = match v {
                Some(RValue::Module(ref m)) => m.constants.borrow().get(seg).cloned(),
                Some(other) => {
                    return raise_type(format!("{} is not a class/module", inspect(&other)), at)
                }
                None => None,
            };
            if v.is_none() {
                return raise(format!("uninitialized constant {name}"), at);
            }
        }
        Ok(v.unwrap_or_default())
    }

    /// A constant's node: what it was found to be last time when no constant has changed
    /// since and it is looked up among the same classes and top constants (a look-up
    /// hashed its name twice or more: the top's constants, the core classes), else
    /// `constant`.
    pub(super) fn constant_node(&mut self, c: &ConstName, at: usize) -> R {
        // (the facts' host answers some constants itself, made anew: not kept)
        if self.st.custom_facts {
            return self.constant(c, at);
        }
        let changes = CONSTANTS_CHANGED.with(Cell::get);
        let cref = Rc::as_ptr(&self.st.ctx.cref) as *const ();
        let top = Rc::as_ptr(&self.st.top_constants) as *const ();
        let kept = c.found.with(|f: &FoundConstant| {
            (f.changes == changes && f.cref == cref && f.top == top).then(|| f.value.clone())
        });
        if let Some(v) = kept {
            return Ok(v);
        }
        let value = self.constant(c, at)?;
        let first = scope_segments(c.strip_prefix("::").unwrap_or(c)).next();
        if !matches!(first, Some("File" | "ENV" | "Dir")) {
            c.found.set(FoundConstant {
                changes,
                cref,
                top,
                value: value.clone(),
            });
        }
        Ok(value)
    }

    /// What a constant's look-up depends on besides its name (`constant_node`'s test of
    /// what a node keeps): the thread's count of constant changes, the classes around the
    /// code and the top's constants; `None` where looked-up constants are not kept (the
    /// facts' host answers some itself).
    #[inline]
    pub(super) fn constants_stamp(&self) -> Option<Stamp> {
        if self.st.custom_facts {
            return None;
        }
        Some((
            CONSTANTS_CHANGED.with(Cell::get),
            Rc::as_ptr(&self.st.ctx.cref) as *const (),
            Rc::as_ptr(&self.st.top_constants) as *const (),
        ))
    }

    /// [`Interp::constant_node`] with what was found kept in `kept` (a compiled node's,
    /// `eval::compiled`), not in the node's slot of any type.
    pub(super) fn constant_kept(
        &mut self,
        c: &ConstName,
        kept: &RefCell<Option<FoundConstant>>,
        at: usize,
    ) -> R {
        if self.st.custom_facts {
            return self.constant(c, at);
        }
        let changes = CONSTANTS_CHANGED.with(Cell::get);
        let cref = Rc::as_ptr(&self.st.ctx.cref) as *const ();
        let top = Rc::as_ptr(&self.st.top_constants) as *const ();
        if let Some(f) = &*kept.borrow() {
            if f.changes == changes && f.cref == cref && f.top == top {
                return Ok(f.value.clone());
            }
        }
        let value = self.constant(c, at)?;
        let first = scope_segments(c.strip_prefix("::").unwrap_or(c)).next();
        if !matches!(first, Some("File" | "ENV" | "Dir")) {
            *kept.borrow_mut() = Some(FoundConstant {
                changes,
                cref,
                top,
                value: value.clone(),
            });
        }
        Ok(value)
    }

    /// `base::name` of a value: a constant of the module (or class) `base` is, or of its
    /// ancestors (not the top's, as Ruby's `::` on a module); a core class's through the
    /// core constants.
    pub(super) fn scoped_constant(&mut self, base: RValue, name: &str, at: usize) -> R {
        match &base {
            RValue::Module(m) => {
                let found = m.find_ancestor(&mut |a| match a {
                    Ancestor::User(a) => a.constants.borrow().get(name).cloned(),
                    Ancestor::Core(_) => None,
                });
                match found {
                    Some(v) => Ok(v),
                    None => raise(format!("uninitialized constant {}::{name}", m.name), at),
                }
            }
            RValue::Class(k) => core_constant(&format!("{k}::{name}"), at),
            other => raise_type(format!("{} is not a class/module", inspect(other)), at),
        }
    }

    fn lexical_constant(&self, name: &str) -> Option<RValue> {
        for c in self.st.ctx.cref.iter().rev() {
            if let Some(v) = c.constants.borrow().get(name) {
                return Some(v.clone());
            }
        }
        if let Some(c) = self.st.ctx.cref.last() {
            let found = c.find_ancestor(&mut |a| match a {
                Ancestor::User(a) => a.constants.borrow().get(name).cloned(),
                Ancestor::Core(_) => None,
            });
            if found.is_some() {
                return found;
            }
        }
        self.st.top_constants.get(name).cloned()
    }

    /// `NAME = value`: a constant of the class being defined, or of the top.
    pub(super) fn assign_constant(&mut self, name: &str, v: RValue, at: usize) -> R<()> {
        if name.contains("::") {
            return unsupported("assigning a qualified constant", at);
        }
        // An anonymous class (`Struct.new`'s) takes the name of the first constant it is
        // assigned to (no instance of it exists yet in the code that does so).
        let v = match v {
            RValue::Module(ref c) if c.name.is_empty() => {
                let full = self.class_full_name(self.st.ctx.cref.last().cloned().as_ref(), name);
                let named = Rc::new(c.renamed(full));
                for k in self.st.classes.iter_mut() {
                    if Rc::ptr_eq(k, c) {
                        *k = named.clone();
                    }
                }
                RValue::Module(named)
            }
            v => v,
        };
        // A block run as a method (`BLOCK_AS_METHOD`) assigns constants as a block does.
        let in_method = self
            .st
            .ctx
            .method
            .as_ref()
            .is_some_and(|m| m.name() != BLOCK_AS_METHOD);
        if matches!(self.st.ctx.this, This::Object(_)) || in_method {
            return Err(Flow::from(RubyError::syntax_unquoted(
                "dynamic constant assignment",
                at,
            )));
        }
        match self.st.ctx.cref.last() {
            Some(c) => {
                c.constants.borrow_mut().insert(name.to_string(), v);
                constants_changed();
            }
            None => {
                self.set_top_constant(name, v);
            }
        }
        Ok(())
    }

    /// Whether exception class `class` is `ancestor`, for the template's exception classes too.
    pub fn exception_is_a(&self, class: &str, ancestor: &str) -> bool {
        let installed = self.st.installed_classes.iter().flat_map(|c| c.iter());
        let mut all = self.st.classes.iter().chain(installed);
        match all.find(|c| &*c.name == class) {
            Some(c) => c.is_a(ancestor),
            None => error_is_a(class, ancestor),
        }
    }

    /// `v.is_a?(class)` of a core class (by name): a rescued exception of the code's own
    /// classes through their ancestors.
    pub fn value_is_a(&self, v: &RValue, class: &str) -> bool {
        match v {
            RValue::Exception(e) => self.exception_is_a(&e.0, class),
            _ => v.is_a(class),
        }
    }

    /// `v.is_a?(m)` of a class or module the code defines: an object's by the class's
    /// identity; a rescued exception's (kept by its class's name) by name.
    pub fn value_is_a_module(&self, v: &RValue, m: &Rc<UserClass>) -> bool {
        match v {
            RValue::Exception(e) => self.exception_is_a(&e.0, &m.name),
            _ => v.is_a_module(m),
        }
    }

    /// Ruby's arity of the code's own method `name` (a `def` at the top): `None` when there
    /// is no such method, `Some(None)` when the subset does not know it (keywords).
    pub(crate) fn top_method_arity(&self, name: &str) -> Option<Option<i64>> {
        match self.st.top_methods.get(name)? {
            Method::Def(d, _) if !d.shape.keywords => {
                let s = &d.shape;
                let req = (s.req + s.post) as i64;
                Some(Some(if s.opt > 0 || s.rest { -req - 1 } else { req }))
            }
            _ => Some(None),
        }
    }

    /// A call without receiver: the methods of `self`, then `Kernel`'s.
    pub(crate) fn self_call(
        &mut self,
        id: M,
        name: &str,
        args: Vec<RValue>,
        block: Option<&Rc<Block>>,
        at: usize,
    ) -> R {
        self.self_call_at(id, name, args, block, at, None)
    }

    /// [`Interp::self_call`] from a compiled site, which keeps whether its name is a top
    /// method (`site`).
    pub(crate) fn self_call_at(
        &mut self,
        id: M,
        name: &str,
        args: Vec<RValue>,
        block: Option<&Rc<Block>>,
        at: usize,
        site: Option<&NotTop>,
    ) -> R {
        let this = self.st.ctx.this.clone();
        let found = match &this {
            This::Template => match site {
                Some(site) if site.holds(&self.st.top_methods) => None,
                _ => {
                    let found = self.st.top_methods.get(name).cloned().map(|m| (m, None));
                    if let (None, Some(site)) = (&found, site) {
                        site.note(&self.st.top_methods);
                    }
                    found
                }
            },
            This::Object(o) => o.class.find_method(name).map(|(m, c)| (m, Some(c))),
            This::Class(c) => c.find_singleton(name).map(|(m, c)| (m, Some(c))),
        };
        if let Some((m, owner)) = found {
            let block = block.map(|b| BlockArg::Ast(b.clone(), self.st.ctx.id));
            return self.invoke(&m, owner, this, args, block, at);
        }
        // `confine`, `setcode`, ... in a `Facter.add` block (whose `self` is the fact)
        if self.st.facter.adding() {
            if let Some(v) = methods::facter::resolution_call(self, name, &args, block, at)? {
                return Ok(v);
            }
        }
        // (`Kernel#require`: at the top, in a class's or a module's body, in a method)
        if matches!(id, M::require | M::require_relative) && args.len() == 1 {
            if let Some(v) = self.require(name, &args[0], at)? {
                return Ok(v);
            }
        }
        match this {
            This::Template => {
                // a Ruby block given to a Puppet function, which calls it as a lambda
                if let (Some(b), M::call_function, false) = (block, id, self.host.self_is_scope()) {
                    let Some((f, rest)) = args.split_first() else {
                        return raise("wrong number of arguments (given 0, expected 1+)", at);
                    };
                    let f = crate::show::to_s(f);
                    if let Some(v) = self.call_function_with_block(&f, rest.to_vec(), b, at)? {
                        return Ok(v);
                    }
                    return unsupported("passing a block to call_function", at);
                }
                if let Some(r) = self.host.self_call(name, &args) {
                    return super::host_result(r, at);
                }
                if self.host.self_is_scope() && !methods::kernel::is_kernel(id) {
                    let c = methods::Call {
                        id,
                        name,
                        args,
                        block,
                        at,
                    };
                    if let Some(v) = methods::scope::call(self, &c)? {
                        return Ok(v);
                    }
                    return methods::kernel::call(self, id, name, c.args, block, at);
                }
                methods::kernel::call(self, id, name, args, block, at)
            }
            This::Class(c) => {
                if let Some(v) = self.class_macro(&c, name, &args, at)? {
                    return Ok(v);
                }
                self.object_self_call(RValue::Module(c), id, name, args, block, at)
            }
            This::Object(o) => self.object_self_call(RValue::Object(o), id, name, args, block, at),
        }
    }

    /// `require 'path'` as the host answers it: `None` when the host loads no code.
    fn require(&mut self, how: &str, path: &RValue, at: usize) -> R<Option<RValue>> {
        let path = crate::show::to_s(path);
        let asked = if how == "require" {
            self.host.require(&path)
        } else {
            self.host.require_relative(&path, at)
        };
        let found = match asked {
            None => return Ok(None),
            Some(r) => super::host_result(r, at)?,
        };
        let body = match found {
            crate::host::Required::Nothing => return Ok(Some(RValue::Bool(RBool::False))),
            crate::host::Required::Code(body) => body?,
        };
        // A file runs once (also one that requires itself while it loads): `require` of
        // it again is false, as Ruby's.
        if self.st.loaded.iter().any(|b| Rc::ptr_eq(b, &body)) {
            return Ok(Some(RValue::Bool(RBool::False)));
        }
        self.st.loaded.push(body.clone());
        let r = self.run_at_top(&body);
        if r.is_err() {
            self.st.loaded.retain(|b| !Rc::ptr_eq(b, &body));
        }
        r?;
        Ok(Some(RValue::Bool(RBool::True)))
    }

    /// Runs code at the top (`self` the top, no class around), as a file `require`d is,
    /// then returns to the code that asked for it.
    pub(super) fn run_at_top(&mut self, body: &[crate::ast::Node]) -> R<()> {
        let outer = std::mem::replace(&mut self.st.ctx, Ctx::top());
        self.st.ctx.id = outer.id;
        let r = body.iter().try_for_each(|n| self.eval(n).map(drop));
        self.st.ctx = outer;
        r
    }

    /// A call without receiver in a class's code: `Kernel`'s methods, else `self`'s.
    fn object_self_call(
        &mut self,
        recv: RValue,
        id: M,
        name: &str,
        args: Vec<RValue>,
        block: Option<&Rc<Block>>,
        at: usize,
    ) -> R {
        if methods::kernel::is_kernel(id) {
            return methods::kernel::call(self, id, name, args, block, at);
        }
        match methods::call(self, recv.clone(), id, name, args, block, at) {
            Err(f)
                if matches!(f.error(), Some(RubyError::Raised { class, message, .. })
                    if class == "NoMethodError" && message.starts_with(&format!("undefined method `{name}'"))) =>
            {
                raise(
                    format!(
                        "undefined local variable or method `{name}' for {}",
                        inspect(&recv)
                    ),
                    at,
                )
            }
            other => other,
        }
    }

    /// `attr_accessor`, `include`, `private`, ... in a class's body.
    fn class_macro(
        &mut self,
        c: &Rc<UserClass>,
        name: &str,
        args: &[RValue],
        at: usize,
    ) -> R<Option<RValue>> {
        let names = || -> R<Vec<RStr>> {
            args.iter()
                .map(|a| match a {
                    RValue::Sym(s) | RValue::Str(s) => Ok(s.clone()),
                    other => raise_type(
                        format!("{} is not a symbol nor a string", inspect(other)),
                        at,
                    ),
                })
                .collect()
        };
        match name {
            "attr_accessor" | "attr_reader" | "attr_writer" | "attr" => {
                let mut defined = Vec::new();
                for n in names()? {
                    let mut methods = c.methods.borrow_mut();
                    if name != "attr_writer" {
                        methods.insert(n.to_string(), Method::Reader(n.clone()));
                        defined.push(RValue::sym(n.clone()));
                    }
                    if matches!(name, "attr_accessor" | "attr_writer") {
                        methods.insert(format!("{n}="), Method::Writer(n.clone()));
                        defined.push(RValue::sym(format!("{n}=")));
                    }
                }
                Ok(Some(RValue::array(defined)))
            }
            "include" | "prepend" => {
                for a in args {
                    let inc = match a {
                        RValue::Module(m) if m.module => Include::User(m.clone()),
                        RValue::Class(k)
                            if matches!(&**k, "Comparable" | "Enumerable" | "Kernel") =>
                        {
                            Include::Core(k.clone())
                        }
                        RValue::Module(_) | RValue::Class(_) => {
                            return raise_type("wrong argument type Class (expected Module)", at)
                        }
                        other => {
                            return raise_type(
                                format!(
                                    "wrong argument type {} (expected Module)",
                                    other.class_name()
                                ),
                                at,
                            )
                        }
                    };
                    c.includes.borrow_mut().push(inc);
                    constants_changed();
                }
                Ok(Some(RValue::Module(c.clone())))
            }
            "extend" => match args {
                [RValue::Module(m)] if Rc::ptr_eq(m, c) && c.module => {
                    c.module_function.set(true);
                    let methods: Vec<(String, Method)> = c
                        .methods
                        .borrow()
                        .iter()
                        .map(|(k, v)| (k.clone(), v.clone()))
                        .collect();
                    c.singleton.borrow_mut().extend(methods);
                    Ok(Some(RValue::Module(c.clone())))
                }
                _ => unsupported("'extend' other than 'extend self' in a module", at),
            },
            "module_function" => {
                if args.is_empty() {
                    c.module_function.set(true);
                } else {
                    for n in names()? {
                        let m = c.methods.borrow().get(&*n).cloned();
                        match m {
                            Some(m) => {
                                c.singleton.borrow_mut().insert(n.to_string(), m);
                            }
                            None => {
                                return raise(
                                    format!("undefined method `{n}' for module `{}'", c.name),
                                    at,
                                )
                            }
                        }
                    }
                }
                Ok(Some(RValue::Nil))
            }
            "private"
            | "public"
            | "protected"
            | "private_constant"
            | "public_constant"
            | "private_class_method"
            | "public_class_method" => {
                // visibility is not kept: every method is public
                Ok(Some(args.first().cloned().unwrap_or_default()))
            }
            // (`alias new old` too): the method `old` finds, under a second name
            "alias_method" => {
                let [new, old] = names()?.try_into().map_err(|n: Vec<RStr>| {
                    Flow::from(RubyError::raised_as(
                        "ArgumentError",
                        format!("wrong number of arguments (given {}, expected 2)", n.len()),
                        at,
                    ))
                })?;
                let Some((m, _)) = c.find_method(&old) else {
                    let kind = if c.module { "module" } else { "class" };
                    return Err(Flow::from(RubyError::raised_as(
                        "NameError",
                        format!("undefined method `{old}' for {kind} `{}'", c.name),
                        at,
                    )));
                };
                c.methods.borrow_mut().insert(new.to_string(), m);
                methods_changed();
                Ok(Some(RValue::sym(new)))
            }
            "define_method" | "attr_internal" | "class_eval" | "module_eval" | "instance_eval"
            | "class_exec" | "module_exec" | "const_set" | "remove_method" | "undef_method"
            | "method_missing" => unsupported(format!("'{name}' in a class body"), at),
            _ => Ok(None),
        }
    }

    /// A method call on an instance or class of the template's; `None` when it has no such
    /// method (the core methods every object has are tried next).
    pub fn call_user(
        &mut self,
        recv: &RValue,
        name: &str,
        args: &mut Vec<RValue>,
        block: Option<&Rc<Block>>,
        at: usize,
    ) -> R<Option<RValue>> {
        let blk = |it: &Self| block.map(|b| BlockArg::Ast(b.clone(), it.st.ctx.id));
        match recv {
            RValue::Object(o) => {
                if let Some((m, owner)) = o.class.find_method(name) {
                    let b = blk(self);
                    let args = std::mem::take(args);
                    let this = This::Object(o.clone());
                    return self.invoke(&m, Some(owner), this, args, b, at).map(Some);
                }
                if let Some(layout) = o.class.struct_layout().cloned() {
                    if let Some(v) = self.struct_method(o, &layout, name, args, block, at)? {
                        return Ok(Some(v));
                    }
                }
                if o.class.includes_core("Comparable") {
                    if let Some(v) = self.comparable(o, name, args, at)? {
                        return Ok(Some(v));
                    }
                }
                if o.class.includes_core("Enumerable")
                    && ENUMERABLE.contains(&name)
                    && o.class.find_method("each").is_some()
                {
                    let items = self.collect_each(o, at)?;
                    let args = std::mem::take(args);
                    return methods::call(
                        self,
                        RValue::array(items),
                        M::of(name),
                        name,
                        args,
                        block,
                        at,
                    )
                    .map(Some);
                }
                match name {
                    "instance_variable_get" => {
                        let n = args.first().map(crate::show::to_s).unwrap_or_default();
                        let n = n.strip_prefix('@').unwrap_or(&n).to_string();
                        return Ok(Some(o.ivars.borrow().get(&n).cloned().unwrap_or_default()));
                    }
                    "instance_variable_set" if args.len() == 2 => {
                        let n = crate::show::to_s(&args[0]);
                        let n = n.strip_prefix('@').unwrap_or(&n).to_string();
                        o.ivars.borrow_mut().set(&n, args[1].clone());
                        return Ok(Some(args[1].clone()));
                    }
                    "instance_variables" => {
                        let names = o
                            .ivars
                            .borrow()
                            .0
                            .iter()
                            // (a struct's members are no instance variables)
                            .filter(|(n, _)| !n.starts_with('\u{0}'))
                            .map(|(n, _)| RValue::sym(format!("@{n}")))
                            .collect::<Vec<_>>();
                        return Ok(Some(RValue::array(names)));
                    }
                    "respond_to?" => {
                        let n = args.first().map(crate::show::to_s).unwrap_or_default();
                        if o.class.find_method(&n).is_some() {
                            return Ok(Some(RValue::Bool(RBool::True)));
                        }
                    }
                    _ => {}
                }
                Ok(None)
            }
            RValue::Module(c) => {
                if let Some((m, owner)) = c.find_singleton(name) {
                    let b = blk(self);
                    let args = std::mem::take(args);
                    let this = This::Class(c.clone());
                    return self.invoke(&m, Some(owner), this, args, b, at).map(Some);
                }
                if let Some(layout) = c.struct_layout().cloned() {
                    if let Some(v) = self.struct_class_method(c, &layout, name, args, at)? {
                        return Ok(Some(v));
                    }
                }
                match name {
                    "new" if c.module => Ok(None),
                    "new" | "exception" if c.is_a("Exception") => {
                        let message = match args.first() {
                            Some(m) => crate::show::to_s(m),
                            None => c.name.to_string(),
                        };
                        Ok(Some(RValue::Exception(Rc::new((
                            c.name.to_string(),
                            message,
                        )))))
                    }
                    "new" => {
                        let o = Rc::new(Object {
                            class: c.clone(),
                            ivars: RefCell::new(Ivars::default()),
                        });
                        let args = std::mem::take(args);
                        match c.find_method("initialize") {
                            Some((m, owner)) => {
                                let b = blk(self);
                                let this = This::Object(o.clone());
                                self.invoke(&m, Some(owner), this, args, b, at)?;
                            }
                            None if c.struct_layout().is_some() => {
                                let layout = c.struct_layout().cloned();
                                if let Some(layout) = layout {
                                    self.struct_init(&o, &layout, args, at)?;
                                }
                            }
                            None if !args.is_empty() => {
                                return raise(
                                    format!(
                                        "wrong number of arguments (given {}, expected 0)",
                                        args.len()
                                    ),
                                    at,
                                )
                            }
                            None => {}
                        }
                        Ok(Some(RValue::Object(o)))
                    }
                    "name" | "to_s" | "inspect" => Ok(Some(RValue::str(c.name.to_string()))),
                    "superclass" if !c.module => Ok(Some(match (&c.superclass, &c.core_super) {
                        (Some(s), _) => RValue::Module(s.clone()),
                        (None, Some(k)) => RValue::Class(k.clone()),
                        (None, None) => RValue::Class(RStr::from("Object")),
                    })),
                    "ancestors" => {
                        let mut out: Vec<RValue> = c
                            .ancestors()
                            .into_iter()
                            .map(|a| match a {
                                Include::User(u) => RValue::Module(u),
                                Include::Core(k) => RValue::Class(k),
                            })
                            .collect();
                        if !c.module {
                            for k in ["Object", "Kernel", "BasicObject"] {
                                out.push(RValue::Class(RStr::from(k)));
                            }
                        }
                        Ok(Some(RValue::array(out)))
                    }
                    "instance_methods" | "public_instance_methods" => {
                        let mut names: Vec<String> = c.methods.borrow().keys().cloned().collect();
                        names.sort();
                        Ok(Some(RValue::array(
                            names.into_iter().map(RValue::sym).collect::<Vec<_>>(),
                        )))
                    }
                    "method_defined?" | "instance_method_defined?" => {
                        let n = args.first().map(crate::show::to_s).unwrap_or_default();
                        Ok(Some(RValue::Bool(RBool::new(c.find_method(&n).is_some()))))
                    }
                    "const_get" => {
                        let n = args.first().map(crate::show::to_s).unwrap_or_default();
                        let v = c.constants.borrow().get(&n).cloned();
                        match v {
                            Some(v) => Ok(Some(v)),
                            None => raise(format!("uninitialized constant {}::{n}", c.name), at),
                        }
                    }
                    "constants" => {
                        let mut names: Vec<String> = c.constants.borrow().keys().cloned().collect();
                        names.sort();
                        Ok(Some(RValue::array(
                            names.into_iter().map(RValue::sym).collect::<Vec<_>>(),
                        )))
                    }
                    "===" => Ok(Some(RValue::Bool(RBool::new(
                        args.first().is_some_and(|v| self.value_is_a_module(v, c)),
                    )))),
                    "<" | "<=" => Ok(Some(match args.first() {
                        Some(RValue::Module(o)) if Rc::ptr_eq(o, c) => {
                            RValue::Bool(RBool::new(name == "<="))
                        }
                        Some(RValue::Module(o)) if c.inherits(o) => RValue::Bool(RBool::True),
                        Some(RValue::Module(o)) if o.inherits(c) => RValue::Bool(RBool::False),
                        Some(RValue::Class(k)) if c.is_a(k) => RValue::Bool(RBool::True),
                        _ => RValue::Nil,
                    })),
                    _ => Ok(None),
                }
            }
            _ => Ok(None),
        }
    }

    /// `Comparable`'s methods, through the class's `<=>`.
    fn comparable(
        &mut self,
        o: &Rc<Object>,
        name: &str,
        args: &[RValue],
        at: usize,
    ) -> R<Option<RValue>> {
        if !matches!(name, "<" | "<=" | ">" | ">=" | "==" | "between?" | "clamp") {
            return Ok(None);
        }
        let recv = RValue::Object(o.clone());
        let cmp = |it: &mut Self, other: &RValue| -> R<Option<i64>> {
            let Some((m, owner)) = o.class.find_method("<=>") else {
                return Ok(None);
            };
            let this = This::Object(o.clone());
            match it.invoke(&m, Some(owner), this, vec![other.clone()], None, at)? {
                RValue::Int(i) => Ok(Some(i.signum())),
                RValue::Float(f) => Ok(Some(if f < 0.0 {
                    -1
                } else if f > 0.0 {
                    1
                } else {
                    0
                })),
                _ => Ok(None),
            }
        };
        let failed = |other: &RValue| {
            raise::<RValue>(
                format!(
                    "comparison of {} with {} failed",
                    o.class.name,
                    other.compare_name()
                ),
                at,
            )
        };
        let need = |i: usize| -> R<RValue> {
            args.get(i).cloned().map_or_else(
                || {
                    raise(
                        format!(
                            "wrong number of arguments (given {}, expected {})",
                            args.len(),
                            i + 1
                        ),
                        at,
                    )
                },
                Ok,
            )
        };
        Ok(Some(match name {
            "==" => {
                let other = need(0)?;
                if recv.equals(&other) {
                    RValue::Bool(RBool::True)
                } else {
                    RValue::Bool(RBool::new(cmp(self, &other)? == Some(0)))
                }
            }
            "between?" => {
                let (lo, hi) = (need(0)?, need(1)?);
                let a = match cmp(self, &lo)? {
                    Some(a) => a,
                    None => return failed(&lo).map(Some),
                };
                let b = match cmp(self, &hi)? {
                    Some(b) => b,
                    None => return failed(&hi).map(Some),
                };
                RValue::Bool(RBool::new(a >= 0 && b <= 0))
            }
            "clamp" => {
                let (lo, hi) = (need(0)?, need(1)?);
                match (cmp(self, &lo)?, cmp(self, &hi)?) {
                    (Some(a), _) if a < 0 => lo,
                    (_, Some(b)) if b > 0 => hi,
                    (Some(_), Some(_)) => recv,
                    (None, _) => return failed(&lo).map(Some),
                    (_, None) => return failed(&hi).map(Some),
                }
            }
            op => {
                let other = need(0)?;
                let Some(c) = cmp(self, &other)? else {
                    return failed(&other).map(Some);
                };
                RValue::Bool(match op {
                    "<" => RBool::new(c < 0),
                    "<=" => RBool::new(c <= 0),
                    ">" => RBool::new(c > 0),
                    _ => RBool::new(c >= 0),
                })
            }
        }))
    }

    /// The elements an `Enumerable` object's `each` yields.
    fn collect_each(&mut self, o: &Rc<Object>, at: usize) -> R<Vec<RValue>> {
        let Some((m, owner)) = o.class.find_method("each") else {
            return Ok(Vec::new());
        };
        let acc = Rc::new(RefCell::new(crate::value::RArray::new()));
        let this = This::Object(o.clone());
        let block = Some(BlockArg::Collect(acc.clone()));
        self.invoke(&m, Some(owner), this, vec![], block, at)?;
        let items = std::mem::take(&mut *acc.borrow_mut()).into_vec();
        Ok(items)
    }

    /// Compares two values for sorting: with `<=>`, the class's own for objects.
    pub fn compare_values(
        &mut self,
        a: &RValue,
        b: &RValue,
        at: usize,
    ) -> R<Option<std::cmp::Ordering>> {
        if let RValue::Object(o) = a {
            if let Some((m, owner)) = o.class.find_method("<=>") {
                let this = This::Object(o.clone());
                return Ok(
                    match self.invoke(&m, Some(owner), this, vec![b.clone()], None, at)? {
                        RValue::Int(i) => Some(i.cmp(&0)),
                        _ => None,
                    },
                );
            }
        }
        Ok(a.compare(b))
    }

    /// `yield args`: the block given to the running method, in the frame it was written in.
    pub(super) fn yield_given(&mut self, args: Vec<RValue>, at: usize) -> R {
        match self.st.ctx.block.clone() {
            Some(BlockArg::Ast(b, home)) => self.in_frame(home, |it| it.yield_vec(&b, args)),
            Some(BlockArg::Host(b)) => match self.host.call_block(&b, args) {
                Some(r) => super::host_result(r, at),
                None => unsupported("yield to a block of the host", at),
            },
            Some(BlockArg::Collect(acc)) => {
                let v = match args.len() {
                    1 => args.into_iter().next().unwrap_or_default(),
                    _ => RValue::array(args),
                };
                acc.borrow_mut().push(v);
                Ok(RValue::Nil)
            }
            None => Err(Flow::from(RubyError::raised_as(
                "LocalJumpError",
                "no block given (yield)",
                at,
            ))),
        }
    }

    /// Whether the running method was given a block (`block_given?`).
    pub fn block_given(&self) -> bool {
        self.st.ctx.block.is_some()
    }

    /// `super` / `super(args)`: the method of the same name further up the ancestors.
    pub(super) fn call_super(&mut self, args: Option<&[crate::ast::Node]>, at: usize) -> R {
        let Some(frame) = self.st.ctx.method.clone() else {
            return Err(Flow::from(RubyError::raised_as(
                "RuntimeError",
                "super called outside of method",
                at,
            )));
        };
        let args = match args {
            Some(a) => self.list(a)?,
            None => self.zsuper_args(&frame),
        };
        let this = self.st.ctx.this.clone();
        let (class, singleton) = match &this {
            This::Object(o) => (o.class.clone(), false),
            This::Class(c) => (c.clone(), true),
            This::Template => {
                return raise(
                    format!("super: no superclass method `{}'", frame.name()),
                    at,
                )
            }
        };
        let found = if singleton {
            let mut k = frame.owner.as_ref().and_then(|o| o.superclass.clone());
            let mut found = None;
            while let Some(c) = k {
                if let Some(m) = c.singleton.borrow().get(frame.name()).cloned() {
                    found = Some((m, c.clone()));
                    break;
                }
                k = c.superclass.clone();
            }
            found
        } else {
            let ancestors = class.ancestors();
            let start = ancestors
                .iter()
                .position(|a| matches!((a, &frame.owner), (Include::User(c), Some(o)) if Rc::ptr_eq(c, o)))
                .map_or(ancestors.len(), |i| i + 1);
            ancestors[start..].iter().find_map(|a| match a {
                Include::User(c) => c
                    .methods
                    .borrow()
                    .get(frame.name())
                    .cloned()
                    .map(|m| (m, c.clone())),
                Include::Core(_) => None,
            })
        };
        match found {
            Some((m, owner)) => {
                let block = self.st.ctx.block.clone();
                self.invoke(&m, Some(owner), this, args, block, at)
            }
            // (`super` in a struct's own `initialize`: the members from the arguments)
            None if frame.name() == "initialize" => {
                if let This::Object(o) = &this {
                    if let Some(layout) = o.class.struct_layout().cloned() {
                        self.struct_init(o, &layout, args, at)?;
                    }
                }
                Ok(RValue::Nil)
            }
            None if frame.name() == "respond_to?" => Ok(RValue::Nil),
            None => {
                let recv = match &this {
                    This::Object(o) => RValue::Object(o.clone()),
                    This::Class(c) => RValue::Module(c.clone()),
                    This::Template => RValue::Nil,
                };
                raise(
                    format!(
                        "super: no superclass method `{}' for {}",
                        frame.name(),
                        inspect(&recv)
                    ),
                    at,
                )
            }
        }
    }

    /// A bare `super`'s arguments: the method's parameters as they are now (assigning one
    /// before `super` passes the new value, as in Ruby); an anonymous `*` passes what it
    /// was given.
    fn zsuper_args(&self, frame: &MethodFrame) -> Vec<RValue> {
        let mut out = Vec::new();
        let mut kw: Option<RHash> = None;
        let now = |n: &Name| self.local_around(n).cloned().unwrap_or_default();
        for p in &frame.def.params {
            match p {
                DefParam::Req(n) | DefParam::Opt(n, _) | DefParam::Post(n) => out.push(now(n)),
                DefParam::Rest(n) if n.is_empty() => return frame.args.clone(),
                DefParam::Rest(n) => match now(n) {
                    RValue::Array(ref a) => out.extend(a.borrow().iter().cloned()),
                    RValue::Nil => {}
                    other => out.push(other),
                },
                DefParam::Key(n, _) => {
                    kw.get_or_insert_with(RHash::default)
                        .insert(RValue::Sym(n.rc().clone()), now(n));
                }
                DefParam::KeyRest(n) => {
                    let h = kw.get_or_insert_with(RHash::default);
                    if let RValue::Hash(ref more) = now(n) {
                        for (k, v) in more.borrow().iter() {
                            h.insert(k.clone(), v.clone());
                        }
                    }
                }
                DefParam::Block(_) => {}
            }
        }
        if let Some(h) = kw {
            out.push(RValue::hash(h));
        }
        out
    }

    /// Runs a method of the template's with `self` as `this`.
    #[allow(clippy::too_many_arguments)]
    pub fn invoke(
        &mut self,
        m: &Method,
        owner: Option<Rc<UserClass>>,
        this: This,
        args: Vec<RValue>,
        block: Option<BlockArg>,
        at: usize,
    ) -> R {
        match m {
            Method::Reader(iv) => {
                arity(args.len(), 0, 0, at)?;
                Ok(match &this {
                    This::Object(o) => o.ivars.borrow().get(iv).cloned().unwrap_or_default(),
                    This::Class(c) => c.ivars.borrow().get(iv).cloned().unwrap_or_default(),
                    This::Template => RValue::Nil,
                })
            }
            Method::Writer(iv) => {
                arity(args.len(), 1, 1, at)?;
                let v = args.into_iter().next().unwrap_or_default();
                match &this {
                    This::Object(o) => o.ivars.borrow_mut().set(iv, v.clone()),
                    This::Class(c) => c.ivars.borrow_mut().set(iv, v.clone()),
                    This::Template => {}
                }
                Ok(v)
            }
            Method::Def(def, cref) => {
                let def_target = match (&this, &owner) {
                    (This::Template, _) => DefTarget::Template,
                    (This::Class(c), _) => DefTarget::Singleton(c.clone()),
                    (This::Object(_), Some(o)) => DefTarget::Instance(o.clone()),
                    (This::Object(o), None) => DefTarget::Instance(o.class.clone()),
                };
                // (the arguments are kept only for a bare `super`: most methods have none)
                let method = MethodFrame {
                    owner,
                    def: def.clone(),
                    args: if def.zsuper { args.clone() } else { Vec::new() },
                };
                let frame = (this, def_target, cref.clone());
                self.run_def(def, frame, method, block, at, |it| {
                    it.bind_params(def, args, at)
                })
            }
        }
    }

    /// Runs a method's body in a frame of its own (`frame`: its `self`, where its `def`s
    /// go, its classes), `bind` binding its parameters there first; a `return` is its value.
    fn run_def(
        &mut self,
        def: &MethodDef,
        frame: (This, DefTarget, Rc<[Rc<UserClass>]>),
        method: MethodFrame,
        block: Option<BlockArg>,
        at: usize,
        bind: impl FnOnce(&mut Self) -> R<()>,
    ) -> R {
        let r = self.with_frame(frame, at, |it| {
            it.st.ctx.block = block;
            it.st.ctx.method = Some(method);
            bind(it)?;
            it.run_method_body(&def.body, &def.compiled)
        });
        match r {
            Err(f) if f.is_return() => Ok(f.into_value()),
            other => other,
        }
    }

    /// Runs a method of the top with `self` the template (a module function's method) and
    /// the one argument `arg`: a method whose one parameter is a plain required one gets
    /// it bound in its frame as it starts (no argument list made, checked and taken apart
    /// by `bind_params`); any other as `invoke` runs it.
    pub(super) fn invoke_one(
        &mut self,
        m: &Method,
        arg: RValue,
        block: Option<BlockArg>,
        at: usize,
    ) -> R {
        let (def, cref) = match m {
            Method::Def(def, cref) if !def.zsuper && def.params.len() == 1 => (def, cref),
            _ => return self.invoke(m, None, This::Template, vec![arg], block, at),
        };
        let DefParam::Req(name) = &def.params[0] else {
            return self.invoke(m, None, This::Template, vec![arg], block, at);
        };
        let method = MethodFrame {
            owner: None,
            def: def.clone(),
            args: Vec::new(),
        };
        // (the frame's scope is new: the parameter is a new variable)
        let bind = |it: &mut Self| {
            it.bind_param(name, arg, true);
            Ok(())
        };
        if self.top_is_free(&block) {
            return self.run_def_in_top(def, cref, method, block, at, bind);
        }
        let frame = (This::Template, DefTarget::Template, cref.clone());
        self.run_def(def, frame, method, block, at, bind)
    }

    /// Runs `m`, a method of the top, with `self` the template and `args` (a module
    /// function's call of it: `Interp::call_top_method`): in the top frame itself when it
    /// holds nothing (`run_def_in_top`), else as `invoke` runs it.
    pub(super) fn invoke_top(
        &mut self,
        m: &Method,
        args: Vec<RValue>,
        block: Option<BlockArg>,
        at: usize,
    ) -> R {
        match m {
            Method::Def(def, cref) if self.top_is_free(&block) => {
                let method = MethodFrame {
                    owner: None,
                    def: def.clone(),
                    args: if def.zsuper { args.clone() } else { Vec::new() },
                };
                self.run_def_in_top(def, cref, method, block, at, |it| {
                    it.bind_params(def, args, at)
                })
            }
            _ => self.invoke(m, None, This::Template, args, block, at),
        }
    }

    /// Whether the running frame is the interpreter's top and holds nothing (a module
    /// function's interpreter, before its method runs: `Interp::calling`), and the call's
    /// block, if any, is not one written in a frame (a Puppet lambda given to a function):
    /// a method of the top may then run in that frame itself (`run_def_in_top`).
    #[inline(always)]
    fn top_is_free(&self, block: &Option<BlockArg>) -> bool {
        let (st, ctx) = (&self.st, &self.st.ctx);
        !matches!(block, Some(BlockArg::Ast(..)))
            && st.frames.is_empty()
            && ctx.id == 1
            && matches!(ctx.this, This::Template)
            && matches!(ctx.def_target, DefTarget::Template)
            && ctx.block.is_none()
            && ctx.method.is_none()
            && !ctx.made_procs
            && ctx.cref.is_empty()
            && ctx.locals.iter().all(Scope::is_empty)
            && ctx.locals.len() <= 1
    }

    /// [`Interp::run_def`] of a method of the top in the top frame itself, which holds
    /// nothing (`top_is_free`): the frame made the method's for the call and made the top's
    /// again when it ends, instead of a new frame made, the top's moved onto the stack of
    /// frames and back (three moves of a `Ctx`, 160 bytes) and a stack of scopes taken and
    /// given back. What the method sees is the same: a frame of its own (a new id), its
    /// scope new, its `self` the template, no caller's frame (the top runs no code while it
    /// runs). Procs made in it: the ended frame is parked, as `with_frame` parks it.
    fn run_def_in_top(
        &mut self,
        def: &MethodDef,
        cref: &Rc<[Rc<UserClass>]>,
        method: MethodFrame,
        block: Option<BlockArg>,
        at: usize,
        bind: impl FnOnce(&mut Self) -> R<()>,
    ) -> R {
        if self.st.call_depth >= MAX_CALL_DEPTH {
            return Err(too_deep(at));
        }
        let st = &mut **self.st;
        st.frame_ids += 1;
        let ctx = &mut st.ctx;
        ctx.id = st.frame_ids;
        if ctx.locals.is_empty() {
            ctx.locals = st.spare_locals.pop().unwrap_or_else(Locals::one);
        }
        if !Rc::ptr_eq(&ctx.cref, cref) {
            ctx.cref = cref.clone();
        }
        ctx.block = block;
        ctx.method = Some(method);
        st.call_depth += 1;
        let r = crate::limits::deep(|| {
            bind(self)?;
            self.run_method_body(&def.body, &def.compiled)
        });
        self.st.call_depth -= 1;
        if self.st.ctx.made_procs {
            let ended = std::mem::replace(&mut self.st.ctx, Ctx::top());
            if self.st.parked.len() < PARKED_FRAMES {
                self.st.parked.push(ended);
            }
        } else {
            self.st.ctx.reset_top();
        }
        match r {
            Err(f) if f.is_return() => Ok(f.into_value()),
            other => other,
        }
    }

    /// Binds a method's parameters to the arguments of a call, as Ruby does (defaults are
    /// evaluated in the method's frame, after the parameters before them).
    fn bind_params(&mut self, def: &MethodDef, mut args: Vec<RValue>, at: usize) -> R<()> {
        let (params, shape) = (&def.params, def.shape);
        let mut kw: Option<RHash> = None;
        if shape.keywords {
            if let Some(RValue::Hash(h)) = args.last() {
                let h = h.borrow();
                if h.iter().all(|(k, _)| matches!(k, RValue::Sym(_))) {
                    kw = Some(h.clone());
                }
            }
            if kw.is_some() {
                args.pop();
            }
        }
        let (req, post, opt, rest) = (shape.req, shape.post, shape.opt, shape.rest);
        let n = args.len();
        let min = req + post;
        if n < min || (!rest && n > min + opt) {
            let expected = if rest {
                format!("{min}+")
            } else if opt > 0 {
                format!("{min}..{}", min + opt)
            } else {
                min.to_string()
            };
            return raise(
                format!("wrong number of arguments (given {n}, expected {expected})"),
                at,
            );
        }
        let mut opt_left = n - min;
        let mut args = args.into_iter();
        let mut missing = Vec::new();
        // The frame's scope is new: a parameter is a new variable, unless a name repeats
        // or a default's code (run in the frame) may have made one.
        let mut fresh = shape.distinct;
        for p in params {
            match p {
                DefParam::Req(name) | DefParam::Post(name) => {
                    let v = args.next().unwrap_or_default();
                    self.bind_param(name, v, fresh);
                }
                DefParam::Opt(name, default) => {
                    if opt_left > 0 {
                        opt_left -= 1;
                        let v = args.next().unwrap_or_default();
                        self.bind_param(name, v, fresh);
                    } else {
                        fresh = false;
                        let v = self.eval(default)?;
                        self.set_local(name, v);
                    }
                }
                DefParam::Rest(name) => {
                    let take = opt_left;
                    opt_left = 0;
                    let items: Vec<RValue> = (&mut args).take(take).collect();
                    if !name.is_empty() {
                        self.bind_param(name, RValue::array(items), fresh);
                    }
                }
                DefParam::Key(name, default) => {
                    let given = kw
                        .as_mut()
                        .and_then(|h| h.remove(&RValue::Sym(name.rc().clone())));
                    match (given, default) {
                        (Some(v), _) => self.bind_param(name, v, fresh),
                        (None, Some(d)) => {
                            fresh = false;
                            let v = self.eval(d)?;
                            self.set_local(name, v);
                        }
                        (None, None) => missing.push(format!(":{name}")),
                    }
                }
                DefParam::KeyRest(name) => {
                    let h = kw.take().unwrap_or_default();
                    self.bind_param(name, RValue::hash(h), fresh);
                }
                DefParam::Block(name) => {
                    let v = match &self.st.ctx.block {
                        Some(BlockArg::Ast(b, home)) => {
                            let (b, home) = (b.clone(), *home);
                            self.made_proc_in(home);
                            RValue::proc(b, self.home_in(home), false)
                        }
                        Some(BlockArg::Host(b)) => b.clone(),
                        Some(BlockArg::Collect(acc)) => {
                            RValue::host(super::collector::Collector(acc.clone()))
                        }
                        None => RValue::Nil,
                    };
                    self.bind_param(name, v, fresh);
                }
            }
        }
        if !missing.is_empty() {
            let s = if missing.len() > 1 { "s" } else { "" };
            return Err(Flow::from(RubyError::raised_as(
                "ArgumentError",
                format!("missing keyword{s}: {}", missing.join(", ")),
                at,
            )));
        }
        if let Some(h) = kw {
            if !h.is_empty() {
                let s = if h.len() > 1 { "s" } else { "" };
                let names: Vec<String> = h.iter().map(|(k, _)| inspect(k)).collect();
                return Err(Flow::from(RubyError::raised_as(
                    "ArgumentError",
                    format!("unknown keyword{s}: {}", names.join(", ")),
                    at,
                )));
            }
        }
        Ok(())
    }
}

impl Interp<'_> {
    /// Binds a parameter: defined in the frame's scope without looking for the name first
    /// when it is known to be new there (`fresh`).
    fn bind_param(&mut self, name: &Name, v: RValue, fresh: bool) {
        match self.st.ctx.locals.last_mut() {
            Some(scope) if fresh => scope.define(name.clone(), v),
            _ => self.set_local(name, v),
        }
    }
}

/// The segments of a constant's name (`A::B::C`), as `split("::")` gives them, without its
/// substring searcher, whose set-up cost more than the rest of a constant's look-up.
fn scope_segments(name: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(name);
    std::iter::from_fn(move || {
        let s = rest?;
        let b = s.as_bytes();
        match (1..b.len()).find(|&i| b[i - 1] == b':' && b[i] == b':') {
            Some(i) => {
                rest = Some(&s[i + 1..]);
                Some(&s[..i - 1])
            }
            None => {
                rest = None;
                Some(s)
            }
        }
    })
}

fn arity(n: usize, min: usize, max: usize, at: usize) -> R<()> {
    if n < min || n > max {
        let expected = if min == max {
            min.to_string()
        } else {
            format!("{min}..{max}")
        };
        return raise(
            format!("wrong number of arguments (given {n}, expected {expected})"),
            at,
        );
    }
    Ok(())
}

fn raise_type<T>(message: impl Into<String>, at: usize) -> R<T> {
    Err(Flow::from(RubyError::raised_as("TypeError", message, at)))
}

/// Ruby's error for a call past [`MAX_CALL_DEPTH`].
#[cold]
fn too_deep(at: usize) -> Flow {
    Flow::from(RubyError::raised_as(
        "SystemStackError",
        "stack level too deep",
        at,
    ))
}

#[cfg(test)]
mod tests {
    use super::scope_segments;

    #[test]
    fn scope_segments_are_those_of_split() {
        for name in [
            "A",
            "A::B",
            "PuppetX::Rfn::Helper",
            "A::",
            "",
            "a:::b",
            "::",
            "a:b::c",
        ] {
            let ours: Vec<&str> = scope_segments(name).collect();
            let split: Vec<&str> = name.split("::").collect();
            assert_eq!(ours, split, "{name}");
        }
    }
}
