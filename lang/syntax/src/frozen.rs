//! A parsed program in a form threads can share (`Send + Sync`: no `Rc`, no `Cell`), from
//! which each thread makes its own [`Program`] without lexing, parsing or validating again.
//!
//! The tree the evaluator runs holds `Rc`s (names and literal texts shared into values,
//! lambdas and definitions shared into closures and definition tables) and `Cell`s (variable
//! slots, call sites, constant literals' values), so it stays on the thread that made it.
//! A process keeps the frozen form of each module file it parsed (`env/parsed.rs`); another
//! thread (`prepl --repeat`'s runs, `prepl diff`'s workers, the kernel's) thaws it: one
//! allocation per node, as parsing makes, and one per distinct name or text of all the
//! files the thread thaws (`names.rs`).
//!
//! A thawed tree is equal to the one frozen, variable slots and frame sizes included; its
//! call sites and constant literals start empty, as a fresh parse's do.

use crate::ast::*;
use rustc_hash::FxHashMap;
use std::rc::Rc;

mod names;
pub mod order;
#[cfg(test)]
mod tests;
mod thaw;

pub use order::Numbered;
use thaw::Thawer;

/// Where a thaw tells each lambda and function definition it makes, with the number
/// [`Frozen::freeze_numbered`] gave it (class and define bodies are thawed when first
/// read: their nodes come then).
pub type Sink = Rc<std::cell::RefCell<Vec<(u32, Numbered)>>>;

/// A program, frozen.
#[derive(Debug)]
pub struct Frozen {
    /// Each distinct name or text of the tree, once; the tree holds their indexes.
    texts: Vec<Box<str>>,
    /// The process's number of each text (`names.rs`).
    numbers: Vec<names::Number>,
    body: Vec<FExpr>,
}

// (checked at compile time: a frozen tree crosses threads)
const _: fn() = || {
    fn shared<T: Send + Sync>() {}
    shared::<Frozen>();
};

impl Frozen {
    /// The frozen form of `program`, or `None` when it carries errors (`literal_errors`:
    /// such a program is reported, not kept).
    pub fn freeze(program: &Program) -> Option<Frozen> {
        Frozen::freeze_numbered(program).map(|(frozen, _)| frozen)
    }

    /// [`Frozen::freeze`], and the tree's lambdas and function definitions by number (as
    /// [`Frozen::thaw_numbered`] tells their thawed copies).
    pub fn freeze_numbered(program: &Program) -> Option<(Frozen, Vec<Numbered>)> {
        if !program.literal_errors.is_empty() {
            return None;
        }
        let mut f = Freezer::default();
        let body = f.exprs(&program.body);
        let numbers = names::number(f.texts.iter().map(|t| &**t));
        let frozen = Frozen {
            texts: f.texts,
            numbers,
            body,
        };
        Some((frozen, f.numbered))
    }

    /// A new tree, equal to the one frozen.
    pub fn thaw(&self) -> Program {
        self.thaw_with_texts().0
    }

    /// A new tree, equal to the one frozen, and the texts it holds, in the order of
    /// [`Frozen::texts`] (what is kept beside the frozen tree by text index thaws into
    /// the same `Rc`s as the tree's).
    pub fn thaw_with_texts(&self) -> (Program, Rc<Vec<Rc<str>>>) {
        self.thaw_numbered(None)
    }

    /// [`Frozen::thaw_with_texts`], telling `sink` each lambda and function definition
    /// made, with its number, when it is made.
    pub fn thaw_numbered(&self, sink: Option<Sink>) -> (Program, Rc<Vec<Rc<str>>>) {
        let texts = names::thawed(self.texts(), &self.numbers, |t| {
            match t.len() <= SHARED_TEXT_MAX {
                true => crate::lexer::intern::intern(t),
                false => Rc::from(t),
            }
        });
        let t = Thawer {
            texts: Rc::new(texts),
            sink,
        };
        let program = Program {
            body: t.exprs(&self.body),
            literal_errors: Vec::new(),
            assign_ops: Vec::new(),
        };
        (program, t.texts)
    }

    /// Each distinct name or text of the tree, by index.
    pub fn texts(&self) -> impl Iterator<Item = &str> {
        self.texts.iter().map(|t| &**t)
    }

    /// About how many bytes the frozen tree holds (for the bounds of a cache of them).
    pub fn size(&self) -> usize {
        self.texts.iter().map(|t| t.len() + 20).sum::<usize>()
            + self.nodes() * std::mem::size_of::<FExpr>()
    }

    fn nodes(&self) -> usize {
        fn count(e: &FExpr) -> usize {
            let mut n = 1;
            crate::limits::deep(|| e.for_each_child(&mut |c| n += count(c)));
            n
        }
        self.body.iter().map(count).sum()
    }
}

/// Texts up to this long and without a process-wide number are thawed into the thread's
/// shared names (the lexer's bound).
const SHARED_TEXT_MAX: usize = 32;

/// An index into [`Frozen::texts`].
type T = u32;

#[derive(Debug)]
struct FExpr {
    kind: FKind,
    span: Span,
}

#[derive(Debug)]
enum FPart {
    Text(T),
    Expr(FExpr),
}

/// A class or define body, which a thread thaws when it first reads it (`ast::Body`): shared
/// by the frozen tree and the thawed bodies not made yet.
#[derive(Debug)]
struct FBody {
    exprs: std::sync::Arc<[FExpr]>,
    /// Whether one of the statements is a class, define or node definition.
    defines: bool,
}

#[derive(Debug)]
struct FParam {
    name: T,
    type_expr: Option<FExpr>,
    captures_rest: bool,
    default: Option<FExpr>,
    span: Span,
}

/// A lambda's or function's signature and body (a function also has a name).
#[derive(Debug)]
struct FLambda {
    /// Its number among the tree's lambdas and functions (`Frozen::freeze_numbered`).
    number: u32,
    params: Vec<FParam>,
    return_type: Option<FExpr>,
    body: Vec<FExpr>,
    span: Span,
    frame_size: u16,
}

#[derive(Debug)]
struct FAttribute {
    name: T,
    append: bool,
    value: FExpr,
    span: Span,
}

#[derive(Debug)]
struct FCaseArm {
    options: Vec<FExpr>,
    body: FBody,
    span: Span,
}

#[derive(Debug)]
enum FKind {
    Undef,
    Default,
    Boolean(bool),
    Integer(i64),
    Float(f64),
    String(T),
    Interpolated(Vec<FPart>),
    Heredoc {
        syntax: Option<T>,
        text: Box<FExpr>,
    },
    Regex(T),
    QualifiedName(T),
    QualifiedReference(T),
    Variable(T, Slot),
    /// The flag: made of constants only.
    Array(Vec<FExpr>, bool),
    Hash(Vec<(FExpr, FExpr)>, bool),
    Unary(UnaryOp, Box<FExpr>),
    Binary(BinOp, Box<FExpr>, Box<FExpr>),
    Assign(Box<FExpr>, Box<FExpr>),
    Access(Box<FExpr>, Vec<FExpr>),
    Selector(Box<FExpr>, Vec<(FExpr, FExpr)>),
    Paren(Box<FExpr>),
    Call {
        name: T,
        args: Vec<FExpr>,
        block: Option<Box<FLambda>>,
        style: CallStyle,
    },
    CallType {
        callee: Box<FExpr>,
        args: Vec<FExpr>,
        block: Option<Box<FLambda>>,
    },
    Lambda(Box<FLambda>),
    If {
        cond: Box<FExpr>,
        then_branch: Vec<FExpr>,
        else_branch: Option<Vec<FExpr>>,
    },
    Unless {
        cond: Box<FExpr>,
        then_branch: Vec<FExpr>,
        else_branch: Option<Vec<FExpr>>,
    },
    Case {
        test: Box<FExpr>,
        arms: Vec<FCaseArm>,
    },
    Block(Vec<FExpr>),
    FunctionDef(T, Box<FLambda>),
    TypeAlias {
        name: T,
        type_expr: Box<FExpr>,
    },
    ClassDef {
        name: T,
        params: Vec<FParam>,
        parent: Option<T>,
        body: FBody,
        variables: u16,
    },
    DefineDef {
        name: T,
        params: Vec<FParam>,
        body: FBody,
        variables: u16,
    },
    NodeDef {
        matches: Vec<FExpr>,
        parent: Option<Box<FExpr>>,
        body: Vec<FExpr>,
        variables: u16,
    },
    Resource {
        form: ResourceForm,
        type_name: Box<FExpr>,
        bodies: Vec<(FExpr, Vec<FAttribute>)>,
    },
    ResourceDefaults {
        type_ref: Box<FExpr>,
        attributes: Vec<FAttribute>,
    },
    ResourceOverride {
        resource: Box<FExpr>,
        attributes: Vec<FAttribute>,
    },
    Collector {
        type_ref: Box<FExpr>,
        exported: bool,
        query: Option<Box<FExpr>>,
        attributes: Vec<FAttribute>,
    },
    Relationship(RelationOp, Box<FExpr>, Box<FExpr>),
}

impl FExpr {
    /// Calls `f` on every direct sub-expression (for counting and dropping).
    fn for_each_child(&self, f: &mut dyn FnMut(&FExpr)) {
        fn lambda(l: &FLambda, f: &mut dyn FnMut(&FExpr)) {
            params(&l.params, f);
            l.return_type.iter().for_each(&mut *f);
            l.body.iter().for_each(f);
        }
        fn params(ps: &[FParam], f: &mut dyn FnMut(&FExpr)) {
            for p in ps {
                p.type_expr.iter().for_each(&mut *f);
                p.default.iter().for_each(&mut *f);
            }
        }
        fn attributes(attrs: &[FAttribute], f: &mut dyn FnMut(&FExpr)) {
            attrs.iter().for_each(|a| f(&a.value));
        }
        match &self.kind {
            FKind::Undef
            | FKind::Default
            | FKind::Boolean(_)
            | FKind::Integer(_)
            | FKind::Float(_)
            | FKind::String(_)
            | FKind::Regex(_)
            | FKind::QualifiedName(_)
            | FKind::QualifiedReference(_)
            | FKind::Variable(..) => {}
            FKind::Interpolated(parts) => {
                for p in parts {
                    if let FPart::Expr(x) = p {
                        f(x);
                    }
                }
            }
            FKind::Heredoc { text, .. } => f(text),
            FKind::Array(items, _) | FKind::Block(items) => items.iter().for_each(f),
            FKind::Hash(pairs, _) => {
                for (k, v) in pairs {
                    f(k);
                    f(v);
                }
            }
            FKind::Selector(test, arms) => {
                f(test);
                for (k, v) in arms {
                    f(k);
                    f(v);
                }
            }
            FKind::Unary(_, x) | FKind::Paren(x) => f(x),
            FKind::Binary(_, a, b) | FKind::Assign(a, b) | FKind::Relationship(_, a, b) => {
                f(a);
                f(b);
            }
            FKind::Access(x, keys) => {
                f(x);
                keys.iter().for_each(f);
            }
            FKind::Call { args, block, .. } => {
                args.iter().for_each(&mut *f);
                if let Some(l) = block {
                    lambda(l, f);
                }
            }
            FKind::CallType {
                callee,
                args,
                block,
            } => {
                f(callee);
                args.iter().for_each(&mut *f);
                if let Some(l) = block {
                    lambda(l, f);
                }
            }
            FKind::Lambda(l) | FKind::FunctionDef(_, l) => lambda(l, f),
            FKind::If {
                cond,
                then_branch,
                else_branch,
            }
            | FKind::Unless {
                cond,
                then_branch,
                else_branch,
            } => {
                f(cond);
                then_branch.iter().for_each(&mut *f);
                else_branch.iter().flatten().for_each(f);
            }
            FKind::Case { test, arms } => {
                f(test);
                for a in arms {
                    a.options.iter().for_each(&mut *f);
                    a.body.exprs.iter().for_each(&mut *f);
                }
            }
            FKind::TypeAlias { type_expr, .. } => f(type_expr),
            FKind::ClassDef {
                params: ps, body, ..
            }
            | FKind::DefineDef {
                params: ps, body, ..
            } => {
                params(ps, f);
                body.exprs.iter().for_each(f);
            }
            FKind::NodeDef {
                matches,
                parent,
                body,
                ..
            } => {
                matches.iter().for_each(&mut *f);
                parent.iter().for_each(|p| f(p));
                body.iter().for_each(f);
            }
            FKind::Resource {
                type_name, bodies, ..
            } => {
                f(type_name);
                for (title, attrs) in bodies {
                    f(title);
                    attributes(attrs, f);
                }
            }
            FKind::ResourceDefaults {
                type_ref: x,
                attributes: attrs,
            }
            | FKind::ResourceOverride {
                resource: x,
                attributes: attrs,
            } => {
                f(x);
                attributes(attrs, f);
            }
            FKind::Collector {
                type_ref,
                query,
                attributes: attrs,
                ..
            } => {
                f(type_ref);
                query.iter().for_each(|q| f(q));
                attributes(attrs, f);
            }
        }
    }
}

/// Dropping a frozen tree recurses as deep as the tree: on more stack when needed.
impl Drop for FExpr {
    fn drop(&mut self) {
        if !matches!(
            self.kind,
            FKind::Undef
                | FKind::Default
                | FKind::Boolean(_)
                | FKind::Integer(_)
                | FKind::Float(_)
                | FKind::String(_)
                | FKind::Regex(_)
                | FKind::QualifiedName(_)
                | FKind::QualifiedReference(_)
                | FKind::Variable(..)
        ) {
            let kind = std::mem::replace(&mut self.kind, FKind::Undef);
            crate::limits::deep(move || drop(kind));
        }
    }
}

/// Freezes a tree: texts gathered into one table (by content).
#[derive(Default)]
struct Freezer<'a> {
    texts: Vec<Box<str>>,
    index: FxHashMap<&'a str, T>,
    /// The lambdas and functions, by number.
    numbered: Vec<Numbered>,
}

impl<'a> Freezer<'a> {
    fn text(&mut self, s: &'a Rc<str>) -> T {
        let texts = &mut self.texts;
        *self.index.entry(&**s).or_insert_with(|| {
            texts.push(Box::from(&**s));
            (texts.len() - 1) as T
        })
    }

    fn exprs(&mut self, es: &'a [Expr]) -> Vec<FExpr> {
        es.iter().map(|e| self.expr(e)).collect()
    }

    fn body(&mut self, body: &'a Body) -> FBody {
        FBody {
            exprs: self.exprs(body).into(),
            defines: body.has_definitions(),
        }
    }

    fn boxed(&mut self, e: &'a Expr) -> Box<FExpr> {
        Box::new(self.expr(e))
    }

    fn opt(&mut self, e: &'a Option<Expr>) -> Option<FExpr> {
        e.as_ref().map(|e| self.expr(e))
    }

    fn params(&mut self, ps: &'a [Param]) -> Vec<FParam> {
        ps.iter()
            .map(|p| FParam {
                name: self.text(&p.name),
                type_expr: self.opt(&p.type_expr),
                captures_rest: p.captures_rest,
                default: self.opt(&p.default),
                span: p.span,
            })
            .collect()
    }

    fn number(&mut self, node: Numbered) -> u32 {
        self.numbered.push(node);
        (self.numbered.len() - 1) as u32
    }

    fn lambda(&mut self, l: &'a Rc<Lambda>) -> Box<FLambda> {
        Box::new(FLambda {
            number: self.number(Numbered::Lambda(l.clone())),
            params: self.params(&l.params),
            return_type: self.opt(&l.return_type),
            body: self.exprs(&l.body),
            span: l.span,
            frame_size: l.frame_size.get(),
        })
    }

    fn attributes(&mut self, attrs: &'a [AttributeOp]) -> Vec<FAttribute> {
        attrs
            .iter()
            .map(|a| FAttribute {
                name: self.text(&a.name),
                append: a.append,
                value: self.expr(&a.value),
                span: a.span,
            })
            .collect()
    }

    fn expr(&mut self, e: &'a Expr) -> FExpr {
        let kind = crate::limits::deep(|| self.kind(&e.kind));
        FExpr { kind, span: e.span }
    }

    fn kind(&mut self, k: &'a ExprKind) -> FKind {
        match k {
            ExprKind::Undef => FKind::Undef,
            ExprKind::Default => FKind::Default,
            ExprKind::Boolean(b) => FKind::Boolean(*b),
            ExprKind::Integer(i) => FKind::Integer(*i),
            ExprKind::Float(x) => FKind::Float(*x),
            ExprKind::String(s) => FKind::String(self.text(s)),
            ExprKind::Interpolated(parts) => FKind::Interpolated(
                parts
                    .iter()
                    .map(|p| match p {
                        StrPart::Text(s) => FPart::Text(self.text(s)),
                        StrPart::Expr(x) => FPart::Expr(self.expr(x)),
                    })
                    .collect(),
            ),
            ExprKind::Heredoc { syntax, text } => FKind::Heredoc {
                syntax: syntax.as_ref().map(|s| self.text(s)),
                text: self.boxed(text),
            },
            ExprKind::Regex(s) => FKind::Regex(self.text(s)),
            ExprKind::QualifiedName(s) => FKind::QualifiedName(self.text(s)),
            ExprKind::QualifiedReference(s) => FKind::QualifiedReference(self.text(s)),
            ExprKind::Variable(v) => FKind::Variable(self.text(&v.name), v.slot.get()),
            ExprKind::Array(items, shared) => FKind::Array(self.exprs(items), shared.is_constant()),
            ExprKind::Hash(entries, shared) => FKind::Hash(
                entries
                    .iter()
                    .map(|(k, v)| (self.expr(k), self.expr(v)))
                    .collect(),
                shared.is_constant(),
            ),
            ExprKind::Unary(op, x) => FKind::Unary(*op, self.boxed(x)),
            ExprKind::Binary(op, a, b) => FKind::Binary(*op, self.boxed(a), self.boxed(b)),
            ExprKind::Assign(a, b) => FKind::Assign(self.boxed(a), self.boxed(b)),
            ExprKind::Access(x, keys) => FKind::Access(self.boxed(x), self.exprs(keys)),
            ExprKind::Selector(test, arms) => FKind::Selector(
                self.boxed(test),
                arms.iter()
                    .map(|a| (self.expr(&a.option), self.expr(&a.value)))
                    .collect(),
            ),
            ExprKind::Paren(x) => FKind::Paren(self.boxed(x)),
            ExprKind::Call {
                name,
                args,
                block,
                style,
                site: _,
            } => FKind::Call {
                name: self.text(name),
                args: self.exprs(args),
                block: block.as_ref().map(|l| self.lambda(l)),
                style: *style,
            },
            ExprKind::CallType {
                callee,
                args,
                block,
            } => FKind::CallType {
                callee: self.boxed(callee),
                args: self.exprs(args),
                block: block.as_ref().map(|l| self.lambda(l)),
            },
            ExprKind::Lambda(l) => FKind::Lambda(self.lambda(l)),
            ExprKind::If {
                cond,
                then_branch,
                else_branch,
            } => FKind::If {
                cond: self.boxed(cond),
                then_branch: self.exprs(then_branch),
                else_branch: else_branch.as_ref().map(|b| self.exprs(b)),
            },
            ExprKind::Unless {
                cond,
                then_branch,
                else_branch,
            } => FKind::Unless {
                cond: self.boxed(cond),
                then_branch: self.exprs(then_branch),
                else_branch: else_branch.as_ref().map(|b| self.exprs(b)),
            },
            ExprKind::Case { test, arms } => FKind::Case {
                test: self.boxed(test),
                arms: arms
                    .iter()
                    .map(|a| FCaseArm {
                        options: self.exprs(&a.options),
                        body: self.body(&a.body),
                        span: a.span,
                    })
                    .collect(),
            },
            ExprKind::Block(stmts) => FKind::Block(self.exprs(stmts)),
            ExprKind::FunctionDef(f) => FKind::FunctionDef(
                self.text(&f.name),
                Box::new(FLambda {
                    number: self.number(Numbered::Function(f.clone())),
                    params: self.params(&f.params),
                    return_type: self.opt(&f.return_type),
                    body: self.exprs(&f.body),
                    span: f.span,
                    frame_size: f.frame_size.get(),
                }),
            ),
            ExprKind::TypeAlias { name, type_expr } => FKind::TypeAlias {
                name: self.text(name),
                type_expr: self.boxed(type_expr),
            },
            ExprKind::ClassDef(c) => FKind::ClassDef {
                name: self.text(&c.name),
                params: self.params(&c.params),
                parent: c.parent.as_ref().map(|p| self.text(p)),
                body: self.body(&c.body),
                variables: c.variables.get(),
            },
            ExprKind::DefineDef(d) => FKind::DefineDef {
                name: self.text(&d.name),
                params: self.params(&d.params),
                body: self.body(&d.body),
                variables: d.variables.get(),
            },
            ExprKind::NodeDef(n) => FKind::NodeDef {
                matches: self.exprs(&n.matches),
                parent: n.parent.as_ref().map(|p| self.boxed(p)),
                body: self.exprs(&n.body),
                variables: n.variables.get(),
            },
            ExprKind::Resource {
                form,
                type_name,
                bodies,
            } => FKind::Resource {
                form: *form,
                type_name: self.boxed(type_name),
                bodies: bodies
                    .iter()
                    .map(|b| (self.expr(&b.title), self.attributes(&b.attributes)))
                    .collect(),
            },
            ExprKind::ResourceDefaults {
                type_ref,
                attributes,
            } => FKind::ResourceDefaults {
                type_ref: self.boxed(type_ref),
                attributes: self.attributes(attributes),
            },
            ExprKind::ResourceOverride {
                resource,
                attributes,
            } => FKind::ResourceOverride {
                resource: self.boxed(resource),
                attributes: self.attributes(attributes),
            },
            ExprKind::Collector {
                type_ref,
                exported,
                query,
                attributes,
            } => FKind::Collector {
                type_ref: self.boxed(type_ref),
                exported: *exported,
                query: query.as_ref().map(|q| self.boxed(q)),
                attributes: self.attributes(attributes),
            },
            ExprKind::Relationship(op, a, b) => {
                FKind::Relationship(*op, self.boxed(a), self.boxed(b))
            }
        }
    }
}
