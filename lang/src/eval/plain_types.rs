//! Parameter types whose evaluation cannot fail and does nothing else, so that checking
//! them when a class or define is loaded can be skipped.
//!
//! The reference evaluates every parameter type of a class or define when it loads the file
//! (`create_type_map`), whether or not the class is ever declared: a type naming nothing
//! fails `include m::params` when it loads `m/manifests/init.pp`. Most parameter types are
//! built-in ones (`Boolean`, `Optional[String]`, `Enum['a', 'b']`: 48 of corosync's 54),
//! whose evaluation can neither fail nor load anything; evaluating them cost ~2,000
//! instructions each, in every session. Anything else (names of aliases or resource types,
//! variables, calls, bounds that could be out of order) is evaluated as before.

use crate::syntax::ast::{Expr, ExprKind};

/// Whether evaluating the type expression `e` gives a type without failing, loading or
/// logging anything. `aliased` tells whether the session has an alias of a (lower-case)
/// name: an alias `INTEGER` would take the place of `Integer`, which only the exact
/// names are kept from.
pub(crate) fn is_plain(e: &Expr, aliased: &dyn Fn(&str) -> bool) -> bool {
    match &e.kind {
        ExprKind::QualifiedReference(n) => plain_name(n).is_some_and(|l| !aliased(l)),
        ExprKind::Access(base, keys) => {
            let ExprKind::QualifiedReference(n) = &base.kind else {
                return false;
            };
            let Some(lower) = plain_name(n) else {
                return false;
            };
            if aliased(lower) {
                return false;
            }
            let plain = |k: &Expr| is_plain(k, aliased);
            match (lower, keys.as_slice()) {
                ("optional" | "notundef" | "array", [t]) => plain(t),
                ("hash", [k, v]) => plain(k) && plain(v),
                ("variant", ts) => !ts.is_empty() && ts.iter().all(plain),
                ("enum", values) => {
                    !values.is_empty()
                        && (values.iter()).all(|v| matches!(v.kind, ExprKind::String(_)))
                }
                ("integer" | "string", [from]) => count(from).is_some(),
                ("integer" | "string", [from, to]) => {
                    matches!((count(from), count(to)), (Some(a), Some(b)) if a <= b)
                }
                _ => false,
            }
        }
        _ => false,
    }
}

/// A non-negative integer literal.
fn count(e: &Expr) -> Option<i64> {
    match e.kind {
        ExprKind::Integer(i) if i >= 0 => Some(i),
        _ => None,
    }
}

/// The lower-case name of a built-in type whose bare name, and the parameters
/// [`is_plain`] takes, always make a type.
fn plain_name(n: &str) -> Option<&'static str> {
    Some(match n {
        "Any" => "any",
        "Undef" => "undef",
        "Data" => "data",
        "Scalar" => "scalar",
        "Numeric" => "numeric",
        "Integer" => "integer",
        "Float" => "float",
        "String" => "string",
        "Boolean" => "boolean",
        "Array" => "array",
        "Hash" => "hash",
        "Optional" => "optional",
        "NotUndef" => "notundef",
        "Variant" => "variant",
        "Enum" => "enum",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::is_plain;

    fn plain(src: &str, aliases: &[&str]) -> bool {
        let program = crate::syntax::parse(src).unwrap();
        is_plain(&program.body[0], &|n| aliases.contains(&n))
    }

    #[test]
    fn built_in_types_with_literal_parameters_are_plain() {
        for src in [
            "Boolean",
            "Optional[Array]",
            "Optional[Integer[0, 65535]]",
            "Variant[String, Integer]",
            "Enum['a', 'b']",
            "Hash[String, Array[String]]",
            "String[1]",
            "Integer[3, 3]",
        ] {
            assert!(plain(src, &[]), "{src}");
        }
    }

    /// What could fail, load a file or read a variable is evaluated.
    #[test]
    fn anything_else_is_evaluated() {
        for src in [
            "Stdlib::Absolutepath",
            "Optional[Stdlib::Absolutepath]",
            "Variant[String, Foo]",
            "Integer[10, 0]",
            "String[3, 1]",
            "Integer[-1]",
            "Integer[$x]",
            "Enum[$a]",
            "Optional[String, Integer]",
            "Array[String, 1, 2]",
            "Pattern[/a/]",
            "File",
            "Sensitive[String]",
        ] {
            assert!(!plain(src, &[]), "{src}");
        }
        assert!(!plain("Integer", &["integer"]));
        assert!(!plain("Optional[String]", &["string"]));
    }
}
