//! A compact S-expression rendering of the AST, for tests.

use crate::ast::*;

pub fn program(p: &Program) -> String {
    list(&p.body)
}

fn list(es: &[Expr]) -> String {
    es.iter().map(expr).collect::<Vec<_>>().join(" ")
}

fn params(ps: &[Param]) -> String {
    let v: Vec<String> = ps
        .iter()
        .map(|p| {
            let mut s = String::new();
            if let Some(t) = &p.type_expr {
                s.push_str(&expr(t));
                s.push(' ');
            }
            if p.captures_rest {
                s.push('*');
            }
            s.push('$');
            s.push_str(&p.name);
            if let Some(d) = &p.default {
                s.push_str(&format!("={}", expr(d)));
            }
            s
        })
        .collect();
    format!("({})", v.join(", "))
}

fn lambda(l: &Lambda) -> String {
    let rt = l
        .return_type
        .as_ref()
        .map(|t| format!(" >> {}", expr(t)))
        .unwrap_or_default();
    format!("(lambda {}{} ({}))", params(&l.params), rt, list(&l.body))
}

fn attrs(ops: &[AttributeOp]) -> String {
    let v: Vec<String> = ops
        .iter()
        .map(|o| {
            format!(
                "({} {} {})",
                o.name,
                if o.append { "+>" } else { "=>" },
                expr(&o.value)
            )
        })
        .collect();
    v.join(" ")
}

pub fn expr(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Undef => "undef".into(),
        ExprKind::Default => "default".into(),
        ExprKind::Boolean(b) => b.to_string(),
        ExprKind::Integer(i) => i.to_string(),
        ExprKind::Float(f) => format!("{f:?}"),
        ExprKind::String(s) => format!("{s:?}"),
        ExprKind::Interpolated(parts) => {
            let v: Vec<String> = parts
                .iter()
                .map(|p| match p {
                    StrPart::Text(t) => format!("{t:?}"),
                    StrPart::Expr(e) => expr(e),
                })
                .collect();
            format!("(str {})", v.join(" "))
        }
        ExprKind::Heredoc { syntax, text } => format!(
            "(heredoc {} {})",
            syntax.as_deref().unwrap_or("-"),
            expr(text)
        ),
        ExprKind::Regex(r) => format!("/{r}/"),
        ExprKind::QualifiedName(n) => n.to_string(),
        ExprKind::QualifiedReference(n) => n.to_string(),
        ExprKind::Variable(v) => format!("${}", v.name),
        ExprKind::Array(items, _) => format!("[{}]", list(items)),
        ExprKind::Hash(entries, _) => {
            let v: Vec<String> = entries
                .iter()
                .map(|(k, v)| format!("{} {}", expr(k), expr(v)))
                .collect();
            format!("{{{}}}", v.join(", "))
        }
        ExprKind::Unary(op, x) => {
            let o = match op {
                UnaryOp::Not => "!",
                UnaryOp::Neg => "-",
                UnaryOp::Splat => "*",
            };
            format!("({o} {})", expr(x))
        }
        ExprKind::Binary(op, a, b) => format!("({} {} {})", op.symbol(), expr(a), expr(b)),
        ExprKind::Assign(a, b) => format!("(= {} {})", expr(a), expr(b)),
        ExprKind::Access(x, keys) => format!("(at {} {})", expr(x), list(keys)),
        ExprKind::Selector(t, arms) => {
            let v: Vec<String> = arms
                .iter()
                .map(|a| format!("({} {})", expr(&a.option), expr(&a.value)))
                .collect();
            format!("(? {} {})", expr(t), v.join(" "))
        }
        ExprKind::Paren(x) => format!("(paren {})", expr(x)),
        ExprKind::Call {
            name,
            args,
            block,
            style,
            ..
        } => {
            let tag = match style {
                CallStyle::Prefix => "call",
                CallStyle::Statement => "scall",
                CallStyle::Method => "mcall",
            };
            let b = block
                .as_ref()
                .map(|l| format!(" {}", lambda(l)))
                .unwrap_or_default();
            let a = if args.is_empty() {
                String::new()
            } else {
                format!(" {}", list(args))
            };
            format!("({tag} {name}{a}{b})")
        }
        ExprKind::CallType {
            callee,
            args,
            block,
        } => {
            let b = block
                .as_ref()
                .map(|l| format!(" {}", lambda(l)))
                .unwrap_or_default();
            format!("(ctype {} {}{b})", expr(callee), list(args))
        }
        ExprKind::Lambda(l) => lambda(l),
        ExprKind::If {
            cond,
            then_branch,
            else_branch,
        } => {
            let e = else_branch
                .as_ref()
                .map(|b| format!(" ({})", list(b)))
                .unwrap_or_default();
            format!("(if {} ({}){e})", expr(cond), list(then_branch))
        }
        ExprKind::Unless {
            cond,
            then_branch,
            else_branch,
        } => {
            let e = else_branch
                .as_ref()
                .map(|b| format!(" ({})", list(b)))
                .unwrap_or_default();
            format!("(unless {} ({}){e})", expr(cond), list(then_branch))
        }
        ExprKind::Case { test, arms } => {
            let v: Vec<String> = arms
                .iter()
                .map(|a| format!("(({}) {})", list(&a.options), list(&a.body)))
                .collect();
            format!("(case {} {})", expr(test), v.join(" "))
        }
        ExprKind::Block(b) => format!("(block {})", list(b)),
        ExprKind::FunctionDef(f) => {
            let rt = f
                .return_type
                .as_ref()
                .map(|t| format!(" >> {}", expr(t)))
                .unwrap_or_default();
            format!(
                "(function {} {}{rt} ({}))",
                f.name,
                params(&f.params),
                list(&f.body)
            )
        }
        ExprKind::TypeAlias { name, type_expr } => format!("(type {name} {})", expr(type_expr)),
        ExprKind::ClassDef(c) => {
            let parent = c
                .parent
                .as_deref()
                .map(|p| format!(" inherits {p}"))
                .unwrap_or_default();
            format!(
                "(class {} {}{parent} ({}))",
                c.name,
                params(&c.params),
                list(&c.body)
            )
        }
        ExprKind::DefineDef(d) => format!(
            "(define {} {} ({}))",
            d.name,
            params(&d.params),
            list(&d.body)
        ),
        ExprKind::NodeDef(n) => {
            let parent = n
                .parent
                .as_ref()
                .map(|p| format!(" inherits {}", expr(p)))
                .unwrap_or_default();
            format!("(node ({}){parent} ({}))", list(&n.matches), list(&n.body))
        }
        ExprKind::Resource {
            form,
            type_name,
            bodies,
        } => {
            let f = match form {
                ResourceForm::Regular => "",
                ResourceForm::Virtual => "@",
                ResourceForm::Exported => "@@",
            };
            let v: Vec<String> = bodies
                .iter()
                .map(|b| format!("({}: {})", expr(&b.title), attrs(&b.attributes)))
                .collect();
            format!("({f}resource {} {})", expr(type_name), v.join(" "))
        }
        ExprKind::ResourceDefaults {
            type_ref,
            attributes,
        } => {
            format!("(defaults {} {})", expr(type_ref), attrs(attributes))
        }
        ExprKind::ResourceOverride {
            resource,
            attributes,
        } => {
            format!("(override {} {})", expr(resource), attrs(attributes))
        }
        ExprKind::Collector {
            type_ref,
            exported,
            query,
            attributes,
        } => {
            let q = query
                .as_ref()
                .map(|q| expr(q))
                .unwrap_or_else(|| "-".into());
            format!(
                "({} {} {q} {})",
                if *exported { "collect@@" } else { "collect" },
                expr(type_ref),
                attrs(attributes)
            )
        }
        ExprKind::Relationship(op, a, b) => {
            let o = match op {
                RelationOp::Before => "->",
                RelationOp::Notify => "~>",
                RelationOp::Require => "<-",
                RelationOp::Subscribe => "<~",
            };
            format!("({o} {} {})", expr(a), expr(b))
        }
    }
}
