//! The abstract syntax tree. Every node carries the byte span of its source text.
//!
//! The parser produces it, the validator checks it, the evaluator walks it. Nodes that are
//! kept beyond one evaluation (lambda and function bodies) live behind `Rc`.

use std::cell::Cell;
use std::rc::Rc;

pub use crate::span::Span;

mod body;
pub use body::Body;

/// A whole program (one REPL input, one file, one `-e` argument).
#[derive(Debug, Clone)]
pub struct Program {
    pub body: Vec<Expr>,
    /// Validation errors the lexer found (integer literals out of range) and the parser's
    /// `+=`/`-=` (parsed as `=`), in source order: `syntax::validate` reports them with its
    /// own.
    pub literal_errors: Vec<crate::error::Error>,
    /// Where each assignment's operator (`=`, also `+=` and `-=`) starts, in source order:
    /// the reference places an assignment at its operator (`Assignment not allowed here`).
    pub assign_ops: Vec<u32>,
}

#[derive(Debug, Clone)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

impl Expr {
    pub fn new(kind: ExprKind, span: Span) -> Expr {
        Expr { kind, span }
    }

    /// Whether the expression has sub-expressions (or lambdas, definitions).
    fn has_children(&self) -> bool {
        !(self.is_plain_literal()
            || matches!(
                self.kind,
                ExprKind::Regex(_) | ExprKind::QualifiedReference(_) | ExprKind::Variable(_)
            ))
    }

    /// A literal string, number, boolean, `undef`, `default` or bare word.
    fn is_plain_literal(&self) -> bool {
        matches!(
            self.kind,
            ExprKind::Undef
                | ExprKind::Default
                | ExprKind::Boolean(_)
                | ExprKind::Integer(_)
                | ExprKind::Float(_)
                | ExprKind::String(_)
                | ExprKind::QualifiedName(_)
        )
    }

    /// Whether the expression always evaluates to the same value, whatever the scope or
    /// session: a plain literal, a negated number, or an array or hash literal of such
    /// (its [`SharedLiteral`] says).
    pub fn is_constant(&self) -> bool {
        match &self.kind {
            _ if self.is_plain_literal() => true,
            ExprKind::Unary(UnaryOp::Neg, x) => {
                matches!(x.kind, ExprKind::Integer(_) | ExprKind::Float(_))
            }
            ExprKind::Array(_, shared) | ExprKind::Hash(_, shared) => shared.is_constant(),
            _ => false,
        }
    }

    /// Calls `f` on the direct sub-expressions of `e`, except those inside lambdas and
    /// definitions (their own scopes).
    pub fn for_each_child(&self, f: &mut dyn FnMut(&Expr)) {
        match &self.kind {
            ExprKind::Interpolated(parts) => {
                for p in parts {
                    if let StrPart::Expr(x) = p {
                        f(x);
                    }
                }
            }
            ExprKind::Heredoc { text, .. } => f(text),
            ExprKind::Array(items, _) => items.iter().for_each(f),
            ExprKind::Hash(entries, _) => {
                for (k, v) in entries {
                    f(k);
                    f(v);
                }
            }
            ExprKind::Unary(_, x) | ExprKind::Paren(x) => f(x),
            ExprKind::Binary(_, a, b)
            | ExprKind::Assign(a, b)
            | ExprKind::Relationship(_, a, b) => {
                f(a);
                f(b);
            }
            ExprKind::Access(x, keys) => {
                f(x);
                keys.iter().for_each(f);
            }
            ExprKind::Selector(t, arms) => {
                f(t);
                for a in arms {
                    f(&a.option);
                    f(&a.value);
                }
            }
            ExprKind::Call { args, .. } => args.iter().for_each(f),
            ExprKind::CallType { callee, args, .. } => {
                f(callee);
                args.iter().for_each(f);
            }
            ExprKind::If {
                cond,
                then_branch,
                else_branch,
            }
            | ExprKind::Unless {
                cond,
                then_branch,
                else_branch,
            } => {
                f(cond);
                then_branch.iter().for_each(&mut *f);
                if let Some(b) = else_branch {
                    b.iter().for_each(f);
                }
            }
            ExprKind::Case { test, arms } => {
                f(test);
                for a in arms {
                    a.options.iter().for_each(&mut *f);
                    a.body.iter().for_each(&mut *f);
                }
            }
            ExprKind::Block(stmts) => stmts.iter().for_each(f),
            ExprKind::Resource {
                type_name, bodies, ..
            } => {
                f(type_name);
                for b in bodies {
                    f(&b.title);
                    b.attributes.iter().for_each(|a| f(&a.value));
                }
            }
            ExprKind::ResourceDefaults {
                type_ref: x,
                attributes,
            }
            | ExprKind::ResourceOverride {
                resource: x,
                attributes,
            } => {
                f(x);
                attributes.iter().for_each(|a| f(&a.value));
            }
            ExprKind::Collector {
                type_ref,
                query,
                attributes,
                ..
            } => {
                f(type_ref);
                if let Some(q) = query {
                    f(q);
                }
                attributes.iter().for_each(|a| f(&a.value));
            }
            _ => {}
        }
    }
}

/// Where the evaluator finds a variable. Filled in by the evaluator's resolver; the parser
/// always writes `Slot::Unresolved`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Slot {
    #[default]
    Unresolved,
    /// Frame `depth` levels out from the current one, index `index` in it.
    Local { depth: u16, index: u16 },
    /// Top scope / qualified name: looked up by name.
    Global,
    /// A variable of the enclosing class, define or node body (its parameters, `$title`,
    /// `$name`, what it assigns), slot `index` of the body's layout. No lambda frame around
    /// the reference holds the name. The body's scope keeps its variables by name; the slot
    /// only finds them there faster (see the evaluator's `NamedScope`).
    Scope { index: u16 },
}

/// What a call of a named function found when it last looked its name up: an evaluator's
/// function table index, valid while the table is the one of a generation (a number drawn
/// from a process-wide counter each time any evaluator's set of functions changes, so a tree
/// shared by several evaluators never takes one's index for another's). Both in one word
/// (`eval/user_function.rs` packs them), which keeps a call node as small as before.
#[derive(Debug, Default)]
pub struct CallSite(pub Cell<u64>);

impl Clone for CallSite {
    /// A copy starts afresh.
    fn clone(&self) -> CallSite {
        CallSite::default()
    }
}

/// The value of an array or hash literal made only of constants (`['a', 'b']`,
/// `{ ensure => present }`): the evaluator keeps it here the first time the literal is
/// evaluated and hands out that value (values are immutable) instead of building a new one
/// each time. `None` for a literal with other elements (decided by the parser).
pub struct SharedLiteral(Option<std::cell::OnceCell<Box<dyn std::any::Any>>>);

impl ExprKind {
    /// An array literal of `items`.
    pub fn array(items: Vec<Expr>) -> ExprKind {
        let shared = SharedLiteral::of_items(&items);
        ExprKind::Array(items, shared)
    }

    /// A hash literal of `entries`.
    pub fn hash(entries: Vec<(Expr, Expr)>) -> ExprKind {
        let shared = SharedLiteral::of_entries(&entries);
        ExprKind::Hash(entries, shared)
    }
}

impl SharedLiteral {
    /// For an array literal of `items`.
    pub fn of_items(items: &[Expr]) -> SharedLiteral {
        SharedLiteral::new(items.iter().all(Expr::is_constant))
    }

    /// For a hash literal of `entries`.
    pub fn of_entries(entries: &[(Expr, Expr)]) -> SharedLiteral {
        SharedLiteral::new(
            entries
                .iter()
                .all(|(k, v)| k.is_constant() && v.is_constant()),
        )
    }

    pub(crate) fn new(constant: bool) -> SharedLiteral {
        SharedLiteral(constant.then(std::cell::OnceCell::new))
    }

    /// Whether the literal is made of constants only.
    #[inline]
    pub fn is_constant(&self) -> bool {
        self.0.is_some()
    }

    /// The kept value, once there is one.
    #[inline]
    pub fn get<T: 'static>(&self) -> Option<&T> {
        self.0.as_ref()?.get()?.downcast_ref()
    }

    /// Keeps `value`, the literal's value, if it is made of constants and none is kept.
    pub fn keep<T: 'static + Clone>(&self, value: &T) {
        if let Some(cell) = &self.0 {
            let _ = cell.set(Box::new(value.clone()));
        }
    }
}

impl Clone for SharedLiteral {
    /// A copy starts without a value.
    fn clone(&self) -> SharedLiteral {
        SharedLiteral::new(self.is_constant())
    }
}

impl std::fmt::Debug for SharedLiteral {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.is_constant() {
            "SharedLiteral"
        } else {
            "-"
        })
    }
}

#[derive(Debug, Clone)]
pub struct VarRef {
    /// The name without `$`, e.g. `x`, `::x`, `foo::bar`, `0`, `12`.
    pub name: Rc<str>,
    pub slot: Cell<Slot>,
}

impl VarRef {
    pub fn new(name: impl Into<Rc<str>>) -> VarRef {
        VarRef {
            name: name.into(),
            slot: Cell::new(Slot::Unresolved),
        }
    }
    /// `$0`, `$1`, ...
    pub fn numeric(&self) -> Option<usize> {
        if self.name.bytes().all(|b| b.is_ascii_digit()) {
            self.name.parse().ok()
        } else {
            None
        }
    }
}

#[derive(Debug, Clone)]
pub enum StrPart {
    Text(Rc<str>),
    /// `$x` or `${...}`, already converted by the interpolation rules (`${x}` is a variable).
    Expr(Expr),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnaryOp {
    Not,
    Neg,
    /// `*expr` (unfold)
    Splat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Shl,
    Shr,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Match,
    NotMatch,
    In,
    And,
    Or,
}

impl BinOp {
    /// `==`, `!=`, `<`, `<=`, `>`, `>=`: a boolean of two operands.
    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge
        )
    }

    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Mod => "%",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Match => "=~",
            BinOp::NotMatch => "!~",
            BinOp::In => "in",
            BinOp::And => "and",
            BinOp::Or => "or",
        }
    }
}

/// How a call was written; it matters for validation and for error messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallStyle {
    /// `f(a, b)`
    Prefix,
    /// `notice a, b` (no parentheses)
    Statement,
    /// `a.f(b)`; the receiver is `args[0]`
    Method,
}

#[derive(Debug, Clone)]
pub struct Param {
    pub name: Rc<str>,
    /// The type expression, if any (`Integer $x`).
    pub type_expr: Option<Expr>,
    /// `*$rest`
    pub captures_rest: bool,
    pub default: Option<Expr>,
    pub span: Span,
}

#[derive(Debug)]
pub struct Lambda {
    pub params: Vec<Param>,
    pub return_type: Option<Expr>,
    pub body: Vec<Expr>,
    pub span: Span,
    /// Number of local slots the body needs (set by the evaluator's resolver).
    pub frame_size: Cell<u16>,
}

#[derive(Debug)]
pub struct FunctionDef {
    pub name: Rc<str>,
    pub params: Vec<Param>,
    pub return_type: Option<Expr>,
    pub body: Vec<Expr>,
    pub span: Span,
    pub frame_size: Cell<u16>,
}

#[derive(Debug, Clone)]
pub struct CaseArm {
    /// Options; a literal `default` is `ExprKind::Default`, a lambda option is `ExprKind::Lambda`.
    pub options: Vec<Expr>,
    /// Made when first read when thawed (most arms of a module's `case $facts['os']['family']`
    /// never run on a node).
    pub body: Body,
    pub span: Span,
}

#[derive(Debug, Clone)]
pub struct SelectorArm {
    pub option: Expr,
    pub value: Expr,
}

/// `name => value` or `name +> value` in a resource body; `* => hash` is a splat.
#[derive(Debug, Clone)]
pub struct AttributeOp {
    /// Attribute name, or `*` for an attributes splat.
    pub name: Rc<str>,
    /// `+>` (append) instead of `=>`
    pub append: bool,
    pub value: Expr,
    pub span: Span,
}

#[derive(Debug, Clone)]
pub struct ResourceBody {
    pub title: Expr,
    pub attributes: Vec<AttributeOp>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResourceForm {
    Regular,
    /// `@file { ... }`
    Virtual,
    /// `@@file { ... }`
    Exported,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RelationOp {
    /// `->`
    Before,
    /// `~>`
    Notify,
    /// `<-`
    Require,
    /// `<~`
    Subscribe,
}

#[derive(Debug, Clone)]
pub struct HostClassDef {
    pub name: Rc<str>,
    pub params: Vec<Param>,
    pub parent: Option<Rc<str>>,
    /// (made when first read for a thawed tree: see `Body`)
    pub body: Body,
    /// How many variables the body's layout has (its `Slot::Scope` slots: the first
    /// variables, the parameters, the names it assigns), which the evaluator's resolver
    /// sets (0 before): the scope of an instance is made that big at once.
    pub variables: Cell<u16>,
}

#[derive(Debug, Clone)]
pub struct DefineDef {
    pub name: Rc<str>,
    pub params: Vec<Param>,
    /// (made when first read for a thawed tree: see `Body`)
    pub body: Body,
    /// How many variables the body's layout has (its `Slot::Scope` slots: the first
    /// variables, the parameters, the names it assigns), which the evaluator's resolver
    /// sets (0 before): the scope of an instance is made that big at once.
    pub variables: Cell<u16>,
}

#[derive(Debug, Clone)]
pub struct NodeDef {
    /// Host matchers: strings, names, regexes, `default`.
    pub matches: Vec<Expr>,
    pub parent: Option<Expr>,
    pub body: Vec<Expr>,
    /// How many variables the body's layout has (its `Slot::Scope` slots: the first
    /// variables, the parameters, the names it assigns), which the evaluator's resolver
    /// sets (0 before): the scope of an instance is made that big at once.
    pub variables: Cell<u16>,
}

#[derive(Debug, Clone)]
pub enum ExprKind {
    // ---- literals
    Undef,
    Default,
    Boolean(bool),
    Integer(i64),
    Float(f64),
    /// A string without interpolation (single quoted, or double quoted with no `$`).
    String(Rc<str>),
    /// A double quoted string (or interpolating heredoc) with interpolated parts.
    Interpolated(Vec<StrPart>),
    /// A heredoc; `text` is `ExprKind::String` or `ExprKind::Interpolated`.
    /// `syntax` is the `:json` part of `@(END:json)`.
    Heredoc {
        syntax: Option<Rc<str>>,
        text: Box<Expr>,
    },
    /// `/pattern/`: the source between the slashes, with `\/` turned into `/`.
    Regex(Rc<str>),
    /// A bare word such as `apache::port`: evaluates to a string unless it names a function
    /// in a call.
    QualifiedName(Rc<str>),
    /// A capitalized name such as `Integer` or `My::Type`: evaluates to a type.
    QualifiedReference(Rc<str>),
    Variable(VarRef),
    Array(Vec<Expr>, SharedLiteral),
    Hash(Vec<(Expr, Expr)>, SharedLiteral),

    // ---- operators
    Unary(UnaryOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `lhs = rhs`; `lhs` is a `Variable` or an `Array` of variables.
    Assign(Box<Expr>, Box<Expr>),
    /// `lhs[keys]`
    Access(Box<Expr>, Vec<Expr>),
    /// `test ? { option => value, ... }` (also the single-proposition form)
    Selector(Box<Expr>, Vec<SelectorArm>),
    /// `( expr )`: kept so that validation and `foo (1)` can tell.
    Paren(Box<Expr>),

    // ---- calls
    /// A call of a named function. For `CallStyle::Method`, `args[0]` is the receiver.
    Call {
        name: Rc<str>,
        args: Box<[Expr]>,
        block: Option<Rc<Lambda>>,
        style: CallStyle,
        /// The Puppet function this call found last (the evaluator's to read and set).
        site: CallSite,
    },
    /// A call whose callee is an expression evaluating to a type: `Integer('0xFF')`,
    /// `Integer[1,2]('1')`, and `T.new(...)` is `Call` of `new` with `T` as receiver.
    CallType {
        callee: Box<Expr>,
        args: Vec<Expr>,
        block: Option<Rc<Lambda>>,
    },
    /// A lambda on its own (as a case option).
    Lambda(Rc<Lambda>),

    // ---- control flow
    /// `if`/`elsif`/`else`; `elsif` is a nested `If` in `else_branch`.
    If {
        cond: Box<Expr>,
        then_branch: Vec<Expr>,
        else_branch: Option<Box<[Expr]>>,
    },
    Unless {
        cond: Box<Expr>,
        then_branch: Vec<Expr>,
        else_branch: Option<Box<[Expr]>>,
    },
    Case {
        test: Box<Expr>,
        arms: Vec<CaseArm>,
    },
    /// `{ ... }` used as a statement block (e.g. in a heredoc-less position); rarely produced.
    Block(Vec<Expr>),

    // ---- definitions
    FunctionDef(Rc<FunctionDef>),
    /// `type Name = T`
    TypeAlias {
        name: Rc<str>,
        type_expr: Box<Expr>,
    },
    ClassDef(Rc<HostClassDef>),
    DefineDef(Rc<DefineDef>),
    NodeDef(Rc<NodeDef>),

    // ---- catalog expressions (parsed; evaluation is limited)
    /// `file { 'a': ... ; 'b': ... }`; `type_name` is a QualifiedName/Reference or `class`.
    Resource {
        form: ResourceForm,
        type_name: Box<Expr>,
        bodies: Vec<ResourceBody>,
    },
    /// `File { mode => '0644' }`
    ResourceDefaults {
        type_ref: Box<Expr>,
        attributes: Vec<AttributeOp>,
    },
    /// `File['/tmp/x'] { mode => '0644' }`
    ResourceOverride {
        resource: Box<Expr>,
        attributes: Vec<AttributeOp>,
    },
    /// `File <| query |>` or `File <<| query |>>`; `query` is `None` for an empty query.
    Collector {
        type_ref: Box<Expr>,
        exported: bool,
        query: Option<Box<Expr>>,
        attributes: Vec<AttributeOp>,
    },
    /// `a -> b`, `a ~> b`, `a <- b`, `a <~ b`
    Relationship(RelationOp, Box<Expr>, Box<Expr>),
}

/// Dropping a tree recurses as deep as the tree: on more stack when needed.
impl Drop for Expr {
    fn drop(&mut self) {
        if self.has_children() {
            let kind = std::mem::replace(&mut self.kind, ExprKind::Undef);
            crate::limits::deep(move || drop(kind));
        }
    }
}

#[cfg(test)]
mod size_tests {
    /// An expression node is 64 bytes (a cache line; the `else` branch is a boxed slice
    /// to keep `If` there): the trees of real modules' manifests are large.
    #[test]
    fn an_expression_is_64_bytes() {
        assert_eq!(std::mem::size_of::<super::Expr>(), 64);
    }
}
