//! The AST of the Ruby subset. Every node carries the offset (in the template) it starts at.

use std::rc::Rc;

#[derive(Debug, Clone)]
pub struct Node {
    pub kind: Kind,
    pub at: usize,
}

/// A part of an interpolated string.
#[derive(Debug, Clone)]
pub enum Part {
    Lit(String),
    Code(Node),
}

/// A block: `{ |a, b| ... }` or `do |a| ... end`.
#[derive(Debug, Clone)]
pub struct Block {
    pub params: Vec<Param>,
    pub body: Vec<Node>,
}

/// A block parameter: a name, or `(a, b)` destructuring.
#[derive(Debug, Clone)]
pub enum Param {
    Name(String),
    Nested(Vec<String>),
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
    pub var: Option<String>,
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
}

/// A method's parameter.
#[derive(Debug, Clone)]
pub enum DefParam {
    /// `a`, before any optional or splat parameter.
    Req(String),
    /// `a = default`.
    Opt(String, Node),
    /// `*rest` (the name empty for a bare `*`).
    Rest(String),
    /// `a` after optional or splat parameters (`def f(*a, b)`).
    Post(String),
    /// `key:` (required) or `key: default`.
    Key(String, Option<Node>),
    /// `**opts`.
    KeyRest(String),
    /// `&block`.
    Block(String),
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
    /// `/.../flags`.
    Regex(Vec<Part>, String),
    Array(Vec<Node>),
    Hash(Vec<(Node, Node)>),
    Range(Box<Node>, Box<Node>, bool),
    IVar(String),
    GVar(String),
    /// A constant (`String`, `Puppet::Util`).
    Const(String),
    LVar(String),
    /// A method call; no receiver means self (or a local-looking name, `vcall`).
    Call {
        recv: Option<Box<Node>>,
        name: String,
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
    For(Vec<String>, Box<Node>, Vec<Node>),
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
