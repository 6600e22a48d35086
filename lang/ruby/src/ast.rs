//! The AST of the Ruby subset. Every node carries the offset (in the template) it starts at.

use crate::names::M;
use crate::value::RStr;
use std::any::{Any, TypeId};
use std::cell::{Cell, OnceCell, RefCell};
use std::rc::Rc;

#[derive(Debug, Clone)]
pub struct Node {
    pub kind: Kind,
    pub at: usize,
}

/// A part of an interpolated string. (A literal part is shared: a literal string's value is
/// made without a copy.)
#[derive(Debug, Clone)]
pub enum Part {
    Lit(RStr),
    Code(Node),
}

/// A block: `{ |a, b| ... }` or `do |a| ... end`.
#[derive(Debug, Clone)]
pub struct Block {
    pub params: Vec<Param>,
    pub body: Vec<Node>,
    /// The locals of the code around the block (assigned before it, in the text) that the
    /// block assigns: they are the enclosing scope's, as in Ruby, even when the assignment
    /// that declared them has not run (`x = 1 if false; [1].each { x = 2 }; x` is 2). A
    /// call of the block first defines those still missing (nil) in the scope around it.
    pub outer: Vec<Name>,
    /// The block's own locals: its parameters and the names it makes locals (assigned in
    /// it, not locals of the code around it before it). Ruby scopes them statically: while
    /// the block's body runs they are in its call's scope, the innermost, and nowhere
    /// else (`eval::compiled` reads and assigns them there alone).
    pub own: Vec<Name>,
    /// `&expr` passed as this block: the expression, evaluated once at the call (its value
    /// kept in the caller's innermost scope as the local [`Block::passed_local`] names,
    /// which the block's body calls).
    pub passed: Option<Box<Node>>,
    /// The body compiled (`eval::compiled`), made at one of its first calls.
    pub compiled: CompiledSlot,
}

/// A name of the code (a local variable, a parameter, a method called), made once when the
/// code is parsed and shared: binding a local variable copies no text. It carries its method
/// id ([`M`], looked up once here), with which a call dispatches to the core methods.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Name(RStr, M);

thread_local! {
    /// The texts of the names made on this thread, one shared text per name: a variable's
    /// look-up finds its binding by the text's address before comparing bytes.
    static NAMES: RefCell<rustc_hash::FxHashSet<RStr>> = RefCell::default();
}

/// How many texts `NAMES` keeps (past that, names are made without sharing).
const NAMES_KEPT: usize = 1 << 16;

/// The thread's shared text for `text` (made by `make` when there is none yet).
fn interned(text: &str, make: impl FnOnce() -> RStr) -> RStr {
    let found = NAMES.try_with(|names| {
        let mut names = names.try_borrow_mut().ok()?;
        if let Some(known) = names.get(text) {
            return Some(known.clone());
        }
        let new = make();
        if names.len() < NAMES_KEPT {
            names.insert(new.clone());
        }
        Some(new)
    });
    match found {
        Ok(Some(rc)) => rc,
        _ => RStr::from(text),
    }
}

impl Name {
    fn new(text: RStr) -> Name {
        // (a safe call `&.name` is the method `name`)
        let id = M::of(text.strip_prefix("&.").unwrap_or(&text));
        Name(interned(&text, || text.clone()), id)
    }
    /// A name whose method id is known already (a frozen tree's, `frozen`): the thread's
    /// shared text, made only for a name not seen yet.
    pub(crate) fn with_id(text: &str, id: M) -> Name {
        Name(interned(text, || RStr::from(text)), id)
    }
    /// The shared text (a symbol of the name is made without a copy).
    pub fn rc(&self) -> &RStr {
        &self.0
    }
    /// The id of the method this name calls ([`M::Other`] for one no core method has).
    pub fn id(&self) -> M {
        self.1
    }
}

impl std::ops::Deref for Name {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl PartialEq<str> for Name {
    fn eq(&self, other: &str) -> bool {
        *self.0 == *other
    }
}

impl PartialEq<&str> for Name {
    fn eq(&self, other: &&str) -> bool {
        *self.0 == **other
    }
}

impl From<&str> for Name {
    fn from(s: &str) -> Name {
        Name::new(RStr::from(s))
    }
}

impl From<String> for Name {
    fn from(s: String) -> Name {
        Name::new(RStr::from(s))
    }
}

impl std::fmt::Display for Name {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::fmt::Debug for Name {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&*self.0, f)
    }
}

/// A constant as written (`String`, `::Puppet::ParseError`), with a slot where the
/// evaluator keeps what it last found it to be (`Interp::constant_node`).
#[derive(Clone)]
pub struct ConstName {
    text: String,
    pub(crate) found: FoundSlot,
}

impl std::ops::Deref for ConstName {
    type Target = str;
    fn deref(&self) -> &str {
        &self.text
    }
}

impl PartialEq<str> for ConstName {
    fn eq(&self, other: &str) -> bool {
        self.text == other
    }
}

impl From<String> for ConstName {
    fn from(text: String) -> ConstName {
        ConstName {
            text,
            found: FoundSlot::default(),
        }
    }
}

impl std::fmt::Debug for ConstName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&self.text, f)
    }
}

/// What the evaluator last resolved a node to, in its own type (erased here: the tree does
/// not know the evaluator's values). A copy of the tree starts without it.
#[derive(Default)]
pub struct FoundSlot(RefCell<Option<Box<dyn Any>>>);

impl FoundSlot {
    /// Runs `f` on what is kept, when it is a `T`.
    pub(crate) fn with<T: 'static, U>(&self, f: impl FnOnce(&T) -> Option<U>) -> Option<U> {
        self.0.borrow().as_ref()?.downcast_ref::<T>().and_then(f)
    }
    pub(crate) fn set<T: 'static>(&self, v: T) {
        *self.0.borrow_mut() = Some(Box::new(v));
    }
}

impl std::fmt::Debug for FoundSlot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("FoundSlot")
    }
}

impl Clone for FoundSlot {
    fn clone(&self) -> FoundSlot {
        FoundSlot::default()
    }
}

/// A method's or block's body compiled (`eval::compiled`, of a type the tree does not know:
/// the evaluator's closures): made once, at one of its first runs (counted until then), and
/// kept for the definition's later runs. Set once, so that a run finds the closures in place
/// (a `FoundSlot` cost a `RefCell` borrow and a count of the `Rc` around the closures at each
/// run of each method and block). A copy of a definition starts with an empty slot.
#[derive(Default)]
pub struct CompiledSlot {
    /// (With the type's id kept beside it: a run compares that with its type's, a
    /// constant, instead of calling `type_id` through `Any`'s table, at each run of each
    /// method and block.)
    code: OnceCell<(TypeId, Box<dyn Any>)>,
    runs: Cell<u32>,
}

impl CompiledSlot {
    /// The compiled body, once made (when it is a `T`).
    #[inline(always)]
    pub(crate) fn get<T: 'static>(&self) -> Option<&T> {
        let (ty, code) = self.code.get()?;
        if *ty != TypeId::of::<T>() {
            return None;
        }
        // SAFETY: the box holds a `T`: `get_or_init` keeps the id of the type it boxed.
        Some(unsafe { &*(&**code as *const dyn Any).cast::<T>() })
    }
    /// The compiled body, made by `make` when there is none yet (`make` must not run code
    /// that could fill the slot).
    pub(crate) fn get_or_init<T: 'static>(&self, make: impl FnOnce() -> T) -> Option<&T> {
        let (_, code) = self
            .code
            .get_or_init(|| (TypeId::of::<T>(), Box::new(make())));
        code.downcast_ref()
    }
    /// How many times the body ran before it was compiled.
    pub(crate) fn runs(&self) -> &Cell<u32> {
        &self.runs
    }
}

impl Clone for CompiledSlot {
    fn clone(&self) -> CompiledSlot {
        CompiledSlot::default()
    }
}

impl std::fmt::Debug for CompiledSlot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CompiledSlot")
    }
}

/// A block parameter: a name, `(a, b)` destructuring, `*rest` (the arguments the
/// others leave; an anonymous `*` has an empty name) or `name = default` (an optional
/// one: `lambda do |obj, indent = 4, level = 0, quoted| ... end`).
#[derive(Debug, Clone)]
pub enum Param {
    Name(Name),
    Nested(Vec<Name>),
    Rest(Name),
    Opt(Name, Box<Node>),
}

/// The parameter of the block that `&expr` passes (other than `&:name`): the block is
/// `{ |*\0pass| \0passed@AT.call(*\0pass) }` (the local holding `expr`'s value, one
/// name per place in the text), and no block at all when `expr` is nil.
pub const PASSED_BLOCK_PARAM: &str = "\u{0}pass";

impl Param {
    /// The names the parameter binds (a nested one's without their `*`; none for a bare
    /// `*`).
    pub fn names(&self) -> Vec<Name> {
        match self {
            Param::Name(n) | Param::Opt(n, _) => vec![n.clone()],
            Param::Rest(n) if n.is_empty() => Vec::new(),
            Param::Rest(n) => vec![n.clone()],
            Param::Nested(ns) => ns
                .iter()
                .filter_map(|n| match n.strip_prefix('*') {
                    Some("") => None,
                    Some(rest) => Some(Name::from(rest)),
                    None => Some(n.clone()),
                })
                .collect(),
        }
    }
}

impl Block {
    /// The expression `&expr` passed as this block, when it is one.
    pub fn passed(&self) -> Option<&Node> {
        self.passed.as_deref()
    }

    /// The hidden local that holds the value of the `&expr` written at `at` while the
    /// call it is passed to runs (Ruby evaluates `expr` once, not at each call of the
    /// block).
    pub fn passed_local(at: usize) -> Name {
        Name::from(format!("\u{0}passed@{at}"))
    }

    /// That local's name for this block (`None` unless it is an `&expr`).
    pub fn passed_name(&self) -> Option<&Name> {
        self.passed.as_ref()?;
        match self.body.as_slice() {
            [Node {
                kind: Kind::Call { recv: Some(r), .. },
                ..
            }] => match &r.kind {
                Kind::LVar(n) => Some(n),
                _ => None,
            },
            _ => None,
        }
    }

    /// How many arguments the block takes at least, and at most (`None`: any number).
    pub fn arity_range(&self) -> (usize, Option<usize>) {
        let n = self.params.len();
        let required = self
            .params
            .iter()
            .filter(|p| matches!(p, Param::Name(_) | Param::Nested(_)))
            .count();
        match self.params.iter().any(|p| matches!(p, Param::Rest(_))) {
            true => (required, None),
            false => (required, Some(n)),
        }
    }

    /// Whether a parameter has a default value (`|a, b = 1|`): binding then counts the
    /// arguments as Ruby does, the required parameters first.
    pub fn has_optional(&self) -> bool {
        self.params.iter().any(|p| matches!(p, Param::Opt(..)))
    }
}

/// The clauses of `begin ... end`.
#[derive(Debug, Clone)]
pub struct BeginBlock {
    pub body: Vec<Node>,
    pub rescues: Vec<RescueClause>,
    pub otherwise: Option<Vec<Node>>,
    pub ensure: Option<Vec<Node>>,
}

/// `rescue Class1, Class2 => name` and its body (no classes: `StandardError`).
#[derive(Debug, Clone)]
pub struct RescueClause {
    pub classes: Vec<Node>,
    pub var: Option<Name>,
    pub body: Vec<Node>,
}

/// `def name(params) ... end` (with `rescue`/`ensure` clauses, its body is one `Begin`).
#[derive(Debug)]
pub struct MethodDef {
    pub name: String,
    /// `def self.name`: a method of the class (or module) itself.
    pub singleton: bool,
    pub params: Vec<DefParam>,
    pub body: Vec<Node>,
    /// Whether its body has a bare `super` (which passes the method's own arguments on):
    /// only then does a call keep a copy of its arguments.
    pub zsuper: bool,
    /// Its parameters counted by kind, once (a call binds its arguments by them).
    pub shape: Shape,
    /// The body compiled (`eval::compiled`), made at one of its first calls.
    pub compiled: CompiledSlot,
}

impl MethodDef {
    pub fn new(
        name: String,
        singleton: bool,
        params: Vec<DefParam>,
        body: Vec<Node>,
        zsuper: bool,
    ) -> MethodDef {
        MethodDef {
            name,
            singleton,
            shape: Shape::of(&params),
            params,
            body,
            zsuper,
            compiled: CompiledSlot::default(),
        }
    }
}

/// A method's parameters counted by kind.
#[derive(Debug, Clone, Copy)]
pub struct Shape {
    /// Required parameters before and after the optional ones and the splat.
    pub req: usize,
    pub post: usize,
    pub opt: usize,
    /// A `*rest` parameter.
    pub rest: bool,
    /// Keyword parameters (`key:`, `**opts`).
    pub keywords: bool,
    /// Every parameter has its own name: binding one need not look for an earlier one of
    /// the same name.
    pub distinct: bool,
}

impl Shape {
    fn of(params: &[DefParam]) -> Shape {
        let count = |f: fn(&DefParam) -> bool| params.iter().filter(|p| f(p)).count();
        let name = |p: &DefParam| match p {
            DefParam::Req(n)
            | DefParam::Opt(n, _)
            | DefParam::Rest(n)
            | DefParam::Post(n)
            | DefParam::Key(n, _)
            | DefParam::KeyRest(n)
            | DefParam::Block(n) => n.clone(),
        };
        let names: Vec<Name> = params.iter().map(name).collect();
        Shape {
            req: count(|p| matches!(p, DefParam::Req(_))),
            post: count(|p| matches!(p, DefParam::Post(_))),
            opt: count(|p| matches!(p, DefParam::Opt(..))),
            rest: params.iter().any(|p| matches!(p, DefParam::Rest(_))),
            keywords: params
                .iter()
                .any(|p| matches!(p, DefParam::Key(..) | DefParam::KeyRest(_))),
            distinct: names
                .iter()
                .enumerate()
                .all(|(i, n)| !names[..i].contains(n)),
        }
    }
}

/// A method's parameter.
#[derive(Debug, Clone)]
pub enum DefParam {
    /// `a`, before any optional or splat parameter.
    Req(Name),
    /// `a = default`.
    Opt(Name, Node),
    /// `*rest` (the name empty for a bare `*`).
    Rest(Name),
    /// `a` after optional or splat parameters (`def f(*a, b)`).
    Post(Name),
    /// `key:` (required) or `key: default`.
    Key(Name, Option<Node>),
    /// `**opts`.
    KeyRest(Name),
    /// `&block`.
    Block(Name),
}

/// `class Name < Super ... end`, `module Name ... end` or `class << self ... end`.
#[derive(Debug, Clone)]
pub struct ClassDef {
    /// The name as written (`A::B`); empty for `class << self`.
    pub path: String,
    pub superclass: Option<Node>,
    pub module: bool,
    pub body: Vec<Node>,
}

#[derive(Debug, Clone)]
pub struct When {
    pub tests: Vec<Node>,
    pub body: Vec<Node>,
}

#[derive(Debug, Clone)]
pub enum Kind {
    Nil,
    True,
    False,
    SelfRef,
    Int(i64),
    Float(f64),
    Str(Vec<Part>),
    Sym(Vec<Part>),
    /// `/.../flags`; without interpolation the literal is one object, made at its first
    /// evaluation and kept in the slot (Ruby makes such a literal once), which copies of the
    /// node share (a body's compiled form keeps copies of its nodes: `eval::compiled`).
    Regex(Vec<Part>, String, Rc<FoundSlot>),
    Array(Vec<Node>),
    Hash(Vec<(Node, Node)>),
    Range(Box<Node>, Box<Node>, bool),
    IVar(String),
    GVar(String),
    /// A constant (`String`, `Puppet::Util`).
    Const(ConstName),
    /// `value::Name`: a constant of the class or module a value is (`self::X`).
    ScopedConst(Box<Node>, String),
    LVar(Name),
    /// A method call; no receiver means self (or a local-looking name, `vcall`).
    Call {
        recv: Option<Box<Node>>,
        name: Name,
        args: Vec<Node>,
        block: Option<Rc<Block>>,
        /// Written without receiver, arguments or parentheses (`foo`): a variable or a call.
        vcall: bool,
    },
    /// `*array` in an argument list or array literal.
    Splat(Box<Node>),
    Assign(Box<Node>, Box<Node>),
    /// `a, b = ...`
    MultiAssign(Vec<Node>, Box<Node>),
    /// `x op= v` (`||=` and `&&=` included).
    OpAssign(Box<Node>, String, Box<Node>),
    And(Box<Node>, Box<Node>),
    Or(Box<Node>, Box<Node>),
    Not(Box<Node>),
    Defined(Box<Node>),
    If(Box<Node>, Vec<Node>, Vec<Node>),
    While(Box<Node>, Vec<Node>, bool),
    /// `begin ... end while c` (`until`: true): the body runs once before the test.
    DoWhile(Box<Node>, Vec<Node>, bool),
    For(Vec<Name>, Box<Node>, Vec<Node>),
    Case(Option<Box<Node>>, Vec<When>, Option<Vec<Node>>),
    /// `lambda { }`, `->(x) { }` (true) or `proc { }` (false).
    Lambda(Rc<Block>, bool),
    /// `def`: a method of the template, or of the class being defined.
    Def(Rc<MethodDef>),
    /// `class` or `module`.
    ClassDef(Rc<ClassDef>),
    /// `return` and its value.
    Return(Option<Box<Node>>),
    /// `yield args`.
    Yield(Vec<Node>),
    /// `super(args)`, or without arguments (`None`) the method's own.
    Super(Option<Vec<Node>>),
    /// `begin ... rescue ... else ... ensure ... end`.
    Begin(Box<BeginBlock>),
    /// `expr rescue fallback`.
    Rescue(Box<Node>, Box<Node>),
    /// `begin ... end` or `( ... )` with several statements.
    Seq(Vec<Node>),
    Next(Option<Box<Node>>),
    Break(Option<Box<Node>>),
    /// Literal template text.
    Text(String),
    /// `<%= expr %>`.
    Output(Box<Node>),
}

impl Node {
    pub fn new(kind: Kind, at: usize) -> Node {
        Node { kind, at }
    }
    pub fn boxed(self) -> Box<Node> {
        Box::new(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_of_one_text_share_it() {
        let a = Name::from("count");
        let b = Name::from(String::from("count"));
        let thawed = Name::with_id("count", a.id());
        assert!(RStr::ptr_eq(a.rc(), b.rc()));
        assert!(RStr::ptr_eq(a.rc(), thawed.rc()));
        assert!(!RStr::ptr_eq(a.rc(), Name::from("counts").rc()));
    }
}
