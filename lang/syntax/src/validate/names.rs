//! Names and definitions: variable and parameter names, definition names and places,
//! parameter lists.

use super::labels::{article, idem, label};
use super::{Place, Validator};
use crate::ast::*;

/// Type names a definition may not take.
const RESERVED_TYPE_NAMES: &[&str] = &[
    "type",
    "any",
    "unit",
    "scalar",
    "boolean",
    "numeric",
    "integer",
    "float",
    "collection",
    "array",
    "hash",
    "tuple",
    "struct",
    "variant",
    "optional",
    "enum",
    "regexp",
    "pattern",
    "runtime",
    "init",
    "object",
    "sensitive",
    "semver",
    "semverrange",
    "string",
    "timestamp",
    "timespan",
    "typeset",
];

/// `[a-z_]\w*`
fn is_param_name(s: &str) -> bool {
    crate::names::is_segment(s, |c| c.is_ascii_lowercase() || c == b'_')
}

/// `(::)?([a-z]\w*::)*[a-z_]\w*`
fn is_var_name(s: &str) -> bool {
    let s = s.strip_prefix("::").unwrap_or(s);
    crate::names::is_segmented(
        s,
        |c| c.is_ascii_lowercase(),
        |c| c.is_ascii_lowercase() || c == b'_',
    )
}

/// `[a-z]\w*(::[a-z]\w*)*` (class, define and function names)
fn is_decl_name(s: &str) -> bool {
    crate::names::is_lower_name(s)
}

/// `[A-Z]\w*(::[A-Z]\w*)*` (type alias names)
fn is_type_decl_name(s: &str) -> bool {
    crate::names::is_capitalized_name(s)
}

pub(super) fn check_variable(v: &mut Validator, name: &str, span: Span) {
    // most names are one segment, `[a-z_]\w*`: valid at a glance
    if let [first, rest @ ..] = name.as_bytes() {
        if (first.is_ascii_lowercase() || *first == b'_')
            && rest.iter().all(|&c| crate::names::is_word_byte(c))
        {
            return;
        }
    }
    if name.starts_with(|c: char| c.is_ascii_digit()) {
        let valid =
            name == "0" || !name.starts_with('0') && name.bytes().all(|b| b.is_ascii_digit());
        if !valid {
            v.error(
                format!(
                    "Illegal numeric variable name, The given name '{name}' must be a decimal value if it starts with a digit 0-9"
                ),
                span,
            );
        }
    } else if !is_var_name(name) {
        v.error(
            format!(
                "Illegal variable name, The given name '{name}' does not conform to the naming rule /^((::)?[a-z]\\w*)*((::)?[a-z_]\\w*)$/"
            ),
            span,
        );
    }
}

pub(super) fn check_parameter(v: &mut Validator, p: &Param) {
    let n = &*p.name;
    let hex = n.strip_prefix("0x").unwrap_or(n);
    if !hex.is_empty() && hex.bytes().all(|b| b.is_ascii_digit()) {
        v.error(
            format!("The numeric parameter name '${n}' cannot be used (clashes with numeric match result variables)"),
            p.span,
        );
    }
    if !is_param_name(n) {
        v.error(
            format!("Illegal parameter name. The given name '{n}' does not conform to the naming rule /^[a-z_]\\w*$/"),
            p.span,
        );
    }
}

pub(super) fn capture_last(v: &mut Validator, params: &[Param]) {
    let last = params.len().saturating_sub(1);
    for (i, p) in params.iter().enumerate() {
        if p.captures_rest && i != last {
            v.error(
                format!("Parameter ${} is not last, and has 'captures rest'", p.name),
                p.span,
            );
        }
    }
}

fn no_capture(v: &mut Validator, params: &[Param], container: &str) {
    for p in params {
        if p.captures_rest {
            v.error(
                format!(
                    "Parameter ${} has 'captures rest' - not supported in {}",
                    p.name,
                    article(container)
                ),
                p.span,
            );
        }
    }
}

fn unique_params(v: &mut Validator, params: &[Param]) {
    let mut seen =
        rustc_hash::FxHashSet::with_capacity_and_hasher(params.len(), Default::default());
    for p in params {
        if !seen.insert(&*p.name) {
            v.error(
                format!(
                    "The parameter '{}' is declared more than once in the parameter list",
                    p.name
                ),
                p.span,
            );
        }
    }
}

fn reserved_params(v: &mut Validator, params: &[Param], container: &str) {
    for p in params {
        if matches!(&*p.name, "name" | "title") {
            v.error(
                format!(
                    "The parameter ${} redefines a built in parameter in the {container}",
                    p.name
                ),
                p.span,
            );
        }
    }
}

fn named(v: &mut Validator, name: &str, what: &str, span: Span) {
    if !is_decl_name(name) {
        v.error(
            format!(
                "Unacceptable name. The name '{name}' is unacceptable as the name of {}",
                article(what)
            ),
            span,
        );
    }
    if RESERVED_TYPE_NAMES.contains(&name) {
        v.error(
            format!("The name: '{name}' is already defined by Puppet and can not be used as the name of {}.", article(what)),
            span,
        );
    }
}

/// A body must not end with an expression that only produces a value.
fn no_idem_last(v: &mut Validator, body: &[Expr], container: &str) {
    if let Some(last) = body.last() {
        let title_less = matches!(last.kind, ExprKind::Block(ref b)
            if matches!(b.as_slice(), [Expr { kind: ExprKind::QualifiedName(_), .. }, Expr { kind: ExprKind::Hash(..), .. }]));
        if idem(last) && !title_less {
            let a = article(container);
            let a = a[..1].to_uppercase() + &a[1..];
            v.error(
                format!(
                    "This {} has no effect. {a} can not end with a value-producing expression without other effect",
                    label(last)
                ),
                last.span,
            );
        }
    }
}

/// Types in return types and type aliases must be type references.
fn type_ref(v: &mut Validator, t: &Expr, container: &str) {
    let target = match &t.kind {
        ExprKind::Access(x, _) => x,
        _ => t,
    };
    if !matches!(target.kind, ExprKind::QualifiedReference(_)) {
        v.error(
            format!(
                "Illegal expression. {} is unacceptable as a type reference in {}",
                super::capitalize(&super::labels::a_an(t)),
                article(container)
            ),
            t.span,
        );
    }
}

/// Where definitions may appear: classes, defines and nodes at top level or in classes;
/// functions and type aliases only at top level.
fn placement(v: &mut Validator, e: &Expr, place: Place) {
    let absolute = matches!(
        e.kind,
        ExprKind::FunctionDef(_) | ExprKind::TypeAlias { .. }
    );
    match place {
        Place::Program => {}
        Place::ClassBody if !absolute => {}
        Place::ClassBody | Place::OtherBody if absolute => v.error(
            format!(
                "{} may only appear at toplevel",
                super::capitalize(&super::labels::a_an(e))
            ),
            e.span,
        ),
        _ => v.error(
            "Classes, definitions, and nodes may only appear at toplevel or inside other classes",
            e.span,
        ),
    }
}

pub(super) fn definition(v: &mut Validator, e: &Expr, place: Place) {
    placement(v, e, place);
    match &e.kind {
        ExprKind::FunctionDef(f) => {
            named(v, &f.name, "Function Definition", e.span);
            if let Some(rt) = &f.return_type {
                type_ref(v, rt, "Function Definition");
                v.expr(rt, Place::Nested);
            }
            unique_params(v, &f.params);
            // A function's misplaced `*$rest` is an error of its calls (the reference accepts
            // the definition); a lambda's is rejected here.
            v.params(&f.params);
            v.body(&f.body, Place::OtherBody);
        }
        ExprKind::TypeAlias { name, type_expr } => {
            if !is_type_decl_name(name) {
                v.error(format!("Unacceptable name. The name '{name}' is unacceptable as the name of a Type Alias"), e.span);
            }
            if !matches!(type_expr.kind, ExprKind::Hash(_, _) | ExprKind::Array(_, _)) {
                type_ref(v, type_expr, "Type Alias");
            }
            v.expr(type_expr, Place::Nested);
        }
        ExprKind::ClassDef(c) => {
            named(v, &c.name, "Host Class Definition", e.span);
            no_capture(v, &c.params, "Host Class Definition");
            unique_params(v, &c.params);
            reserved_params(v, &c.params, "Host Class Definition");
            no_idem_last(v, &c.body, "Host Class Definition");
            v.params(&c.params);
            v.body(&c.body, Place::ClassBody);
        }
        ExprKind::DefineDef(d) => {
            named(v, &d.name, "'define' expression", e.span);
            no_capture(v, &d.params, "'define' expression");
            unique_params(v, &d.params);
            reserved_params(v, &d.params, "'define' expression");
            no_idem_last(v, &d.body, "'define' expression");
            v.params(&d.params);
            v.body(&d.body, Place::OtherBody);
        }
        ExprKind::NodeDef(n) => {
            for m in &n.matches {
                hostname(v, m);
            }
            no_idem_last(v, &n.body, "Node Definition");
            if let Some(p) = &n.parent {
                v.error(
                    "Node inheritance is not supported in Puppet >= 4.0.0. See http://links.puppet.com/puppet-node-inheritance-deprecation",
                    p.span,
                );
            }
            v.body(&n.body, Place::OtherBody);
        }
        _ => {}
    }
}

fn hostname(v: &mut Validator, m: &Expr) {
    let check = |v: &mut Validator, s: &str| {
        if !s
            .chars()
            .all(|c| crate::names::is_word_char(c) || c == '-' || c == '.')
        {
            v.error(
                format!(
                    "The hostname '{s}' contains illegal characters (only letters, digits, '_', '-', and '.' are allowed)"
                ),
                m.span,
            );
        }
    };
    match &m.kind {
        ExprKind::String(s) => check(v, s),
        ExprKind::QualifiedName(s) => check(v, s),
        ExprKind::Interpolated(_) => v.error(
            "An interpolated expression is not allowed in a hostname of a node",
            m.span,
        ),
        _ => {}
    }
}
