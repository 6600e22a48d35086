//! A parsed tree in a form threads can share (`Send + Sync`: owned texts, no `Rc`), from
//! which each thread makes its own [`Node`]s without lexing or parsing again.
//!
//! The tree the evaluator runs holds `Rc`s (literal texts and names shared into values,
//! blocks and methods shared into procs and method tables), so it stays on the thread that
//! made it. A process keeps the frozen form of each template and Ruby file it parsed;
//! another thread (`prepl --repeat`'s runs, `prepl diff`'s workers) thaws it: the same
//! allocations as parsing, without the scanning, token texts and parsing decisions.

use crate::ast::{
    BeginBlock, Block, ClassDef, DefParam, Kind, MethodDef, Name, Node, Param, Part, RescueClause,
    Shape, When,
};
use crate::names::M;
use crate::value::RStr;
use std::rc::Rc;

/// Statements, frozen.
#[derive(Debug)]
pub struct Frozen(Vec<FNode>);

impl Frozen {
    /// The frozen form of `body`.
    pub fn freeze(body: &[Node]) -> Frozen {
        Frozen(nodes(body))
    }
    /// A new tree, equal to the one frozen.
    pub fn thaw(&self) -> Vec<Node> {
        thaw_nodes(&self.0)
    }
}

// (checked at compile time: a frozen tree crosses threads)
const _: fn() = || {
    fn shared<T: Send + Sync>() {}
    shared::<Frozen>();
};

#[derive(Debug)]
struct FNode {
    kind: FKind,
    at: usize,
}

#[derive(Debug)]
struct FName(Box<str>, M);

#[derive(Debug)]
enum FPart {
    Lit(Box<str>),
    Code(FNode),
}

#[derive(Debug)]
struct FBlock {
    params: Vec<FParam>,
    body: Vec<FNode>,
    outer: Vec<FName>,
    own: Vec<FName>,
    passed: Option<FNode>,
}

#[derive(Debug)]
enum FParam {
    Name(FName),
    Nested(Vec<FName>),
    Rest(FName),
    Opt(FName, FNode),
}

#[derive(Debug)]
struct FBegin {
    body: Vec<FNode>,
    rescues: Vec<(Vec<FNode>, Option<FName>, Vec<FNode>)>,
    otherwise: Option<Vec<FNode>>,
    ensure: Option<Vec<FNode>>,
}

#[derive(Debug)]
struct FDef {
    name: String,
    singleton: bool,
    params: Vec<FDefParam>,
    body: Vec<FNode>,
    zsuper: bool,
    shape: Shape,
}

#[derive(Debug)]
enum FDefParam {
    Req(FName),
    Opt(FName, FNode),
    Rest(FName),
    Post(FName),
    Key(FName, Option<FNode>),
    KeyRest(FName),
    Block(FName),
}

#[derive(Debug)]
struct FClass {
    path: String,
    superclass: Option<FNode>,
    module: bool,
    body: Vec<FNode>,
}

type B = Box<FNode>;

#[derive(Debug)]
enum FKind {
    Nil,
    True,
    False,
    SelfRef,
    Int(i64),
    Float(f64),
    Str(Vec<FPart>),
    Sym(Vec<FPart>),
    Regex(Vec<FPart>, String),
    Array(Vec<FNode>),
    Hash(Vec<(FNode, FNode)>),
    Range(B, B, bool),
    IVar(String),
    GVar(String),
    Const(String),
    ScopedConst(B, String),
    LVar(FName),
    Call {
        recv: Option<B>,
        name: FName,
        args: Vec<FNode>,
        block: Option<Box<FBlock>>,
        vcall: bool,
    },
    Splat(B),
    Assign(B, B),
    MultiAssign(Vec<FNode>, B),
    OpAssign(B, String, B),
    And(B, B),
    Or(B, B),
    Not(B),
    Defined(B),
    If(B, Vec<FNode>, Vec<FNode>),
    While(B, Vec<FNode>, bool),
    DoWhile(B, Vec<FNode>, bool),
    For(Vec<FName>, B, Vec<FNode>),
    Case(Option<B>, Vec<(Vec<FNode>, Vec<FNode>)>, Option<Vec<FNode>>),
    Lambda(Box<FBlock>, bool),
    Def(Box<FDef>),
    ClassDef(Box<FClass>),
    Return(Option<B>),
    Yield(Vec<FNode>),
    Super(Option<Vec<FNode>>),
    Begin(Box<FBegin>),
    Rescue(B, B),
    Seq(Vec<FNode>),
    Next(Option<B>),
    Break(Option<B>),
    Text(String),
    Output(B),
}

// ---- freezing ----

fn nodes(ns: &[Node]) -> Vec<FNode> {
    ns.iter().map(node).collect()
}

fn boxed(n: &Node) -> B {
    Box::new(node(n))
}

fn opt_nodes(ns: &Option<Vec<Node>>) -> Option<Vec<FNode>> {
    ns.as_deref().map(nodes)
}

fn name(n: &Name) -> FName {
    FName(Box::from(&**n), n.id())
}

fn parts(ps: &[Part]) -> Vec<FPart> {
    ps.iter()
        .map(|p| match p {
            Part::Lit(s) => FPart::Lit(Box::from(&**s)),
            Part::Code(n) => FPart::Code(node(n)),
        })
        .collect()
}

fn block(b: &Block) -> Box<FBlock> {
    Box::new(FBlock {
        params: b
            .params
            .iter()
            .map(|p| match p {
                Param::Name(n) => FParam::Name(name(n)),
                Param::Nested(ns) => FParam::Nested(ns.iter().map(name).collect()),
                Param::Rest(n) => FParam::Rest(name(n)),
                Param::Opt(n, d) => FParam::Opt(name(n), node(d)),
            })
            .collect(),
        body: nodes(&b.body),
        outer: b.outer.iter().map(name).collect(),
        own: b.own.iter().map(name).collect(),
        passed: b.passed.as_deref().map(node),
    })
}

fn def_param(p: &DefParam) -> FDefParam {
    match p {
        DefParam::Req(n) => FDefParam::Req(name(n)),
        DefParam::Opt(n, d) => FDefParam::Opt(name(n), node(d)),
        DefParam::Rest(n) => FDefParam::Rest(name(n)),
        DefParam::Post(n) => FDefParam::Post(name(n)),
        DefParam::Key(n, d) => FDefParam::Key(name(n), d.as_ref().map(node)),
        DefParam::KeyRest(n) => FDefParam::KeyRest(name(n)),
        DefParam::Block(n) => FDefParam::Block(name(n)),
    }
}

fn node(n: &Node) -> FNode {
    let kind = match &n.kind {
        Kind::Nil => FKind::Nil,
        Kind::True => FKind::True,
        Kind::False => FKind::False,
        Kind::SelfRef => FKind::SelfRef,
        Kind::Int(i) => FKind::Int(*i),
        Kind::Float(f) => FKind::Float(*f),
        Kind::Str(ps) => FKind::Str(parts(ps)),
        Kind::Sym(ps) => FKind::Sym(parts(ps)),
        Kind::Regex(ps, flags, _) => FKind::Regex(parts(ps), flags.clone()),
        Kind::Array(items) => FKind::Array(nodes(items)),
        Kind::Hash(pairs) => FKind::Hash(pairs.iter().map(|(k, v)| (node(k), node(v))).collect()),
        Kind::Range(a, b, excl) => FKind::Range(boxed(a), boxed(b), *excl),
        Kind::IVar(s) => FKind::IVar(s.clone()),
        Kind::GVar(s) => FKind::GVar(s.clone()),
        Kind::Const(s) => FKind::Const(s.to_string()),
        Kind::ScopedConst(v, s) => FKind::ScopedConst(boxed(v), s.clone()),
        Kind::LVar(n) => FKind::LVar(name(n)),
        Kind::Call {
            recv,
            name: n,
            args,
            block: b,
            vcall,
        } => FKind::Call {
            recv: recv.as_deref().map(boxed),
            name: name(n),
            args: nodes(args),
            block: b.as_deref().map(block),
            vcall: *vcall,
        },
        Kind::Splat(a) => FKind::Splat(boxed(a)),
        Kind::Assign(a, b) => FKind::Assign(boxed(a), boxed(b)),
        Kind::MultiAssign(ts, v) => FKind::MultiAssign(nodes(ts), boxed(v)),
        Kind::OpAssign(a, op, b) => FKind::OpAssign(boxed(a), op.clone(), boxed(b)),
        Kind::And(a, b) => FKind::And(boxed(a), boxed(b)),
        Kind::Or(a, b) => FKind::Or(boxed(a), boxed(b)),
        Kind::Not(a) => FKind::Not(boxed(a)),
        Kind::Defined(a) => FKind::Defined(boxed(a)),
        Kind::If(c, t, e) => FKind::If(boxed(c), nodes(t), nodes(e)),
        Kind::While(c, b, until) => FKind::While(boxed(c), nodes(b), *until),
        Kind::DoWhile(c, b, until) => FKind::DoWhile(boxed(c), nodes(b), *until),
        Kind::For(vars, list, body) => {
            FKind::For(vars.iter().map(name).collect(), boxed(list), nodes(body))
        }
        Kind::Case(subject, whens, otherwise) => FKind::Case(
            subject.as_deref().map(boxed),
            whens
                .iter()
                .map(|w| (nodes(&w.tests), nodes(&w.body)))
                .collect(),
            opt_nodes(otherwise),
        ),
        Kind::Lambda(b, arrow) => FKind::Lambda(block(b), *arrow),
        Kind::Def(d) => FKind::Def(Box::new(FDef {
            name: d.name.clone(),
            singleton: d.singleton,
            params: d.params.iter().map(def_param).collect(),
            body: nodes(&d.body),
            zsuper: d.zsuper,
            shape: d.shape,
        })),
        Kind::ClassDef(c) => FKind::ClassDef(Box::new(FClass {
            path: c.path.clone(),
            superclass: c.superclass.as_ref().map(node),
            module: c.module,
            body: nodes(&c.body),
        })),
        Kind::Return(v) => FKind::Return(v.as_deref().map(boxed)),
        Kind::Yield(args) => FKind::Yield(nodes(args)),
        Kind::Super(args) => FKind::Super(opt_nodes(args)),
        Kind::Begin(b) => FKind::Begin(Box::new(FBegin {
            body: nodes(&b.body),
            rescues: b
                .rescues
                .iter()
                .map(|r| (nodes(&r.classes), r.var.as_ref().map(name), nodes(&r.body)))
                .collect(),
            otherwise: opt_nodes(&b.otherwise),
            ensure: opt_nodes(&b.ensure),
        })),
        Kind::Rescue(a, b) => FKind::Rescue(boxed(a), boxed(b)),
        Kind::Seq(ns) => FKind::Seq(nodes(ns)),
        Kind::Next(v) => FKind::Next(v.as_deref().map(boxed)),
        Kind::Break(v) => FKind::Break(v.as_deref().map(boxed)),
        Kind::Text(s) => FKind::Text(s.clone()),
        Kind::Output(v) => FKind::Output(boxed(v)),
    };
    FNode { kind, at: n.at }
}

// ---- thawing ----

fn thaw_nodes(ns: &[FNode]) -> Vec<Node> {
    ns.iter().map(thaw).collect()
}

fn thaw_boxed(n: &FNode) -> Box<Node> {
    Box::new(thaw(n))
}

fn thaw_opt(ns: &Option<Vec<FNode>>) -> Option<Vec<Node>> {
    ns.as_deref().map(thaw_nodes)
}

fn thaw_name(n: &FName) -> Name {
    Name::with_id(&n.0, n.1)
}

fn thaw_parts(ps: &[FPart]) -> Vec<Part> {
    ps.iter()
        .map(|p| match p {
            FPart::Lit(s) => Part::Lit(RStr::from(&**s)),
            FPart::Code(n) => Part::Code(thaw(n)),
        })
        .collect()
}

fn thaw_block(b: &FBlock) -> Rc<Block> {
    Rc::new(Block {
        params: b
            .params
            .iter()
            .map(|p| match p {
                FParam::Name(n) => Param::Name(thaw_name(n)),
                FParam::Nested(ns) => Param::Nested(ns.iter().map(thaw_name).collect()),
                FParam::Rest(n) => Param::Rest(thaw_name(n)),
                FParam::Opt(n, d) => Param::Opt(thaw_name(n), Box::new(thaw(d))),
            })
            .collect(),
        body: thaw_nodes(&b.body),
        outer: b.outer.iter().map(thaw_name).collect(),
        own: b.own.iter().map(thaw_name).collect(),
        passed: b.passed.as_ref().map(|n| Box::new(thaw(n))),
        compiled: Default::default(),
    })
}

fn thaw_def_param(p: &FDefParam) -> DefParam {
    match p {
        FDefParam::Req(n) => DefParam::Req(thaw_name(n)),
        FDefParam::Opt(n, d) => DefParam::Opt(thaw_name(n), thaw(d)),
        FDefParam::Rest(n) => DefParam::Rest(thaw_name(n)),
        FDefParam::Post(n) => DefParam::Post(thaw_name(n)),
        FDefParam::Key(n, d) => DefParam::Key(thaw_name(n), d.as_ref().map(thaw)),
        FDefParam::KeyRest(n) => DefParam::KeyRest(thaw_name(n)),
        FDefParam::Block(n) => DefParam::Block(thaw_name(n)),
    }
}

fn thaw(n: &FNode) -> Node {
    let kind = match &n.kind {
        FKind::Nil => Kind::Nil,
        FKind::True => Kind::True,
        FKind::False => Kind::False,
        FKind::SelfRef => Kind::SelfRef,
        FKind::Int(i) => Kind::Int(*i),
        FKind::Float(f) => Kind::Float(*f),
        FKind::Str(ps) => Kind::Str(thaw_parts(ps)),
        FKind::Sym(ps) => Kind::Sym(thaw_parts(ps)),
        FKind::Regex(ps, flags) => Kind::Regex(thaw_parts(ps), flags.clone(), Default::default()),
        FKind::Array(items) => Kind::Array(thaw_nodes(items)),
        FKind::Hash(pairs) => Kind::Hash(pairs.iter().map(|(k, v)| (thaw(k), thaw(v))).collect()),
        FKind::Range(a, b, excl) => Kind::Range(thaw_boxed(a), thaw_boxed(b), *excl),
        FKind::IVar(s) => Kind::IVar(s.clone()),
        FKind::GVar(s) => Kind::GVar(s.clone()),
        FKind::Const(s) => Kind::Const(s.clone().into()),
        FKind::ScopedConst(v, s) => Kind::ScopedConst(thaw_boxed(v), s.clone()),
        FKind::LVar(n) => Kind::LVar(thaw_name(n)),
        FKind::Call {
            recv,
            name,
            args,
            block,
            vcall,
        } => Kind::Call {
            recv: recv.as_deref().map(thaw_boxed),
            name: thaw_name(name),
            args: thaw_nodes(args),
            block: block.as_deref().map(thaw_block),
            vcall: *vcall,
        },
        FKind::Splat(a) => Kind::Splat(thaw_boxed(a)),
        FKind::Assign(a, b) => Kind::Assign(thaw_boxed(a), thaw_boxed(b)),
        FKind::MultiAssign(ts, v) => Kind::MultiAssign(thaw_nodes(ts), thaw_boxed(v)),
        FKind::OpAssign(a, op, b) => Kind::OpAssign(thaw_boxed(a), op.clone(), thaw_boxed(b)),
        FKind::And(a, b) => Kind::And(thaw_boxed(a), thaw_boxed(b)),
        FKind::Or(a, b) => Kind::Or(thaw_boxed(a), thaw_boxed(b)),
        FKind::Not(a) => Kind::Not(thaw_boxed(a)),
        FKind::Defined(a) => Kind::Defined(thaw_boxed(a)),
        FKind::If(c, t, e) => Kind::If(thaw_boxed(c), thaw_nodes(t), thaw_nodes(e)),
        FKind::While(c, b, until) => Kind::While(thaw_boxed(c), thaw_nodes(b), *until),
        FKind::DoWhile(c, b, until) => Kind::DoWhile(thaw_boxed(c), thaw_nodes(b), *until),
        FKind::For(vars, list, body) => Kind::For(
            vars.iter().map(thaw_name).collect(),
            thaw_boxed(list),
            thaw_nodes(body),
        ),
        FKind::Case(subject, whens, otherwise) => Kind::Case(
            subject.as_deref().map(thaw_boxed),
            whens
                .iter()
                .map(|(tests, body)| When {
                    tests: thaw_nodes(tests),
                    body: thaw_nodes(body),
                })
                .collect(),
            thaw_opt(otherwise),
        ),
        FKind::Lambda(b, arrow) => Kind::Lambda(thaw_block(b), *arrow),
        FKind::Def(d) => Kind::Def(Rc::new(MethodDef {
            name: d.name.clone(),
            singleton: d.singleton,
            params: d.params.iter().map(thaw_def_param).collect(),
            body: thaw_nodes(&d.body),
            zsuper: d.zsuper,
            shape: d.shape,
            compiled: Default::default(),
        })),
        FKind::ClassDef(c) => Kind::ClassDef(Rc::new(ClassDef {
            path: c.path.clone(),
            superclass: c.superclass.as_ref().map(thaw),
            module: c.module,
            body: thaw_nodes(&c.body),
        })),
        FKind::Return(v) => Kind::Return(v.as_deref().map(thaw_boxed)),
        FKind::Yield(args) => Kind::Yield(thaw_nodes(args)),
        FKind::Super(args) => Kind::Super(thaw_opt(args)),
        FKind::Begin(b) => Kind::Begin(Box::new(BeginBlock {
            body: thaw_nodes(&b.body),
            rescues: b
                .rescues
                .iter()
                .map(|(classes, var, body)| RescueClause {
                    classes: thaw_nodes(classes),
                    var: var.as_ref().map(thaw_name),
                    body: thaw_nodes(body),
                })
                .collect(),
            otherwise: thaw_opt(&b.otherwise),
            ensure: thaw_opt(&b.ensure),
        })),
        FKind::Rescue(a, b) => Kind::Rescue(thaw_boxed(a), thaw_boxed(b)),
        FKind::Seq(ns) => Kind::Seq(thaw_nodes(ns)),
        FKind::Next(v) => Kind::Next(v.as_deref().map(thaw_boxed)),
        FKind::Break(v) => Kind::Break(v.as_deref().map(thaw_boxed)),
        FKind::Text(s) => Kind::Text(s.clone()),
        FKind::Output(v) => Kind::Output(thaw_boxed(v)),
    };
    Node { kind, at: n.at }
}

#[cfg(test)]
mod tests {
    use super::Frozen;
    use crate::lexer::lex;
    use crate::parser::parse;

    fn parsed(src: &str) -> Vec<crate::ast::Node> {
        let mut toks = Vec::new();
        lex(src, 0, &mut toks).unwrap();
        parse(toks).unwrap()
    }

    /// A thawed tree is the tree frozen, node for node (compared by their debug forms,
    /// which show every field), for code using every kind of node.
    #[test]
    fn thawed_is_frozen() {
        let src = r#"
            x = nil; y = true && !false; z = self rescue 1.5
            s = "a#{x}b" + 'c' + :sym.to_s + :"d#{y}".to_s
            r = /a#{x}b/i =~ 'ab'
            a, *b = [1, *[2, 3]]
            h = { 'k' => 1, k2: 2 }
            q = (1..2).to_a + (1...3).to_a
            @iv = $gv = Kernel
            x ||= 3; x += 1
            if defined?(x) then 1 elsif x then 2 else 3 end
            unless x; 4; end
            while false do end
            begin; x -= 1; end until x < 0
            for i, j in [[1, 2]] do next i if j; break end
            case x when 1, 2 then :a else :b end
            f = ->(v) { v * 2 }; g = lambda { |(m, n), o| m }; pr = proc { |v| v }
            [1].each do |v| yield v rescue nil end
            def m(a, b = 1, *c, d, e:, f: 2, **g, &h) super; return a end
            def self.n; super(1) end
            class K < Object; def initialize; @x = 1; end; end
            module Mod; end
            class << self; end
            begin; raise 'x'; rescue ArgumentError, TypeError => e; 1; rescue; 2; else 3; ensure 4; end
            (x; y)
            [1].map(&:to_s).first&.size
        "#;
        let body = parsed(src);
        let frozen = Frozen::freeze(&body);
        assert_eq!(format!("{:?}", frozen.thaw()), format!("{body:?}"));
    }
}
