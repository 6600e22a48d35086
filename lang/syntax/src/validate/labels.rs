//! How the reference names expressions in messages, and which expressions only produce a
//! value (no side effect).

use crate::ast::*;

/// The reference's label for an expression (`Literal Integer`, `'+' expression`, ...).
pub fn label(e: &Expr) -> String {
    let s: &str = match &e.kind {
        ExprKind::Undef => "'undef' expression",
        ExprKind::Default => "'default' expression",
        ExprKind::Boolean(_) => "Boolean",
        ExprKind::Integer(_) => "Literal Integer",
        ExprKind::Float(_) => "Literal Float",
        ExprKind::String(_) => "String",
        ExprKind::Interpolated(_) => "Double Quoted String",
        ExprKind::Heredoc { syntax, .. } => {
            return format!("'@({})' expression", syntax.as_deref().unwrap_or(""))
        }
        ExprKind::Regex(_) => "Regular Expression",
        ExprKind::QualifiedName(n) if matches!(&**n, "attr" | "private") => {
            return format!("Reserved Word '{n}'")
        }
        ExprKind::QualifiedName(_) => "Name",
        ExprKind::QualifiedReference(_) => "Type-Name",
        ExprKind::Variable(_) => "Variable",
        ExprKind::Array(_, _) => "Array Expression",
        ExprKind::Hash(_, _) => "Hash Expression",
        ExprKind::Unary(UnaryOp::Not, _) => "'not' expression",
        ExprKind::Unary(UnaryOp::Neg, _) => "Unary Minus",
        ExprKind::Unary(UnaryOp::Splat, _) => "Unfold",
        ExprKind::Binary(op, ..) => return format!("'{}' expression", op.symbol()),
        ExprKind::Assign(..) => "'=' expression",
        ExprKind::Access(..) => "'[]' expression",
        ExprKind::Selector(..) => "Selector Expression",
        ExprKind::Paren(_) => "Parenthesized Expression",
        ExprKind::Call {
            style: CallStyle::Method,
            ..
        } => "Method call",
        ExprKind::Call { .. } | ExprKind::CallType { .. } => "Function Call",
        ExprKind::Lambda(_) => "Lambda",
        ExprKind::If { .. } => "'if' statement",
        ExprKind::Unless { .. } => "'unless' Statement",
        ExprKind::Case { .. } => "'case' statement",
        ExprKind::Block(_) => "Block Expression",
        ExprKind::FunctionDef(_) => "Function Definition",
        ExprKind::TypeAlias { .. } => "Type Alias",
        ExprKind::ClassDef(_) => "Host Class Definition",
        ExprKind::DefineDef(_) => "'define' expression",
        ExprKind::NodeDef(_) => "Node Definition",
        ExprKind::Resource { .. } => "Resource Statement",
        ExprKind::ResourceDefaults { .. } => "Resource Defaults Expression",
        ExprKind::ResourceOverride { .. } => "Resource Override",
        ExprKind::Collector { exported: true, .. } => "Exported Query",
        ExprKind::Collector { .. } => "Virtual Query",
        ExprKind::Relationship(op, ..) => {
            return format!(
                "'{}' expression",
                match op {
                    RelationOp::Before => "->",
                    RelationOp::Notify => "~>",
                    RelationOp::Require => "<-",
                    RelationOp::Subscribe => "<~",
                }
            )
        }
    };
    s.to_string()
}

/// `a Literal Integer`, `an Unary Minus`, `a '+' expression` (the reference's article rule:
/// the first letter after an opening quote decides).
pub fn a_an(e: &Expr) -> String {
    article(&label(e))
}

pub(super) fn article(text: &str) -> String {
    let first = text
        .trim_start_matches(['\'', '"'])
        .chars()
        .next()
        .unwrap_or('x')
        .to_ascii_lowercase();
    let art = if "aeiouy".contains(first) { "an" } else { "a" };
    format!("{art} {text}")
}

/// Whether an expression only produces a value (so it is pointless before the end of a
/// block).
pub(super) fn idem(e: &Expr) -> bool {
    crate::limits::deep(|| idem_here(e))
}

fn idem_here(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Undef
        | ExprKind::Default
        | ExprKind::Boolean(_)
        | ExprKind::Integer(_)
        | ExprKind::Float(_)
        | ExprKind::String(_)
        | ExprKind::Interpolated(_)
        | ExprKind::Heredoc { .. }
        | ExprKind::Regex(_)
        | ExprKind::QualifiedName(_)
        | ExprKind::QualifiedReference(_)
        | ExprKind::Variable(_)
        | ExprKind::Array(_, _)
        | ExprKind::Hash(_, _)
        | ExprKind::Unary(..)
        | ExprKind::Access(..)
        | ExprKind::Selector(..) => true,
        ExprKind::Binary(op, ..) => !matches!(op, BinOp::Match | BinOp::NotMatch),
        ExprKind::Paren(x) => idem(x),
        ExprKind::Block(stmts) => stmts.iter().all(idem),
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
            idem(cond)
                && then_branch.iter().all(idem)
                && else_branch.as_ref().is_none_or(|b| b.iter().all(idem))
        }
        ExprKind::Case { test, arms } => {
            idem(test)
                && arms
                    .iter()
                    .all(|a| a.options.iter().all(idem) && a.body.iter().all(idem))
        }
        _ => false,
    }
}
