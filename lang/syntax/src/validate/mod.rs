//! Validation of a parsed program: what the reference rejects before evaluation, with its
//! wording. All problems are collected; one is reported as is, several as the reference's
//! `Language validation logged N errors. Giving up`.

mod labels;
pub use labels::{a_an, label};
mod names;
#[cfg(test)]
mod tests;

use super::ast::*;
use crate::error::{Error, ErrorKind};
use labels::idem;

pub fn validate(program: &Program) -> Result<(), Error> {
    let mut v = Validator {
        errors: Vec::new(),
        fatal: None,
        literal_errors: program
            .literal_errors
            .iter()
            .filter_map(|e| e.span)
            .collect(),
        assign_ops: &program.assign_ops,
    };
    v.body(&program.body, Place::Program);
    // The lexer's errors (integer literals) among the others, in source order.
    for e in program.literal_errors.iter().rev() {
        let at = e.span.map_or(0, |s| s.start);
        let i = v
            .errors
            .iter()
            .rposition(|x| x.span.is_some_and(|s| s.start <= at))
            .map_or(0, |i| i + 1);
        v.errors.insert(i, e.clone());
    }
    if let Some(e) = v.fatal {
        return Err(e);
    }
    if let Some(limit) = v.errors.iter().position(|e| e.kind == ErrorKind::Limit) {
        return Err(v.errors.swap_remove(limit));
    }
    match v.errors.len() {
        0 => Ok(()),
        1 => Err(v.errors.remove(0)),
        n => {
            let span = v.errors[0].span.unwrap_or_default();
            let mut e = Error::validation(
                format!("Language validation logged {n} errors. Giving up"),
                span,
            );
            // The reference logs each error before giving up.
            e.logged = std::mem::take(&mut v.errors);
            Err(e)
        }
    }
}

/// Where an expression sits, for the "only at top level" rules.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    /// A statement of the program.
    Program,
    /// A statement of a class body.
    ClassBody,
    /// A statement of another body (lambda, function, if, ...).
    OtherBody,
    /// Inside an expression.
    Nested,
}

struct Validator<'p> {
    errors: Vec<Error>,
    /// An error that stops validation at once.
    fatal: Option<Error>,
    /// Where the program's `literal_errors` are: one between an assignment's sides is its
    /// operator, `+=` or `-=`.
    literal_errors: Vec<Span>,
    /// Where the program's assignment operators are (`Program::assign_ops`).
    assign_ops: &'p [u32],
}

impl Validator<'_> {
    fn error(&mut self, message: impl Into<String>, span: Span) {
        self.errors.push(Error::validation(message, span));
    }

    /// A statement list: no value-only statement before the last, no title-less resource.
    fn body(&mut self, stmts: &[Expr], place: Place) {
        if let [Expr {
            kind: ExprKind::QualifiedName(name),
            span,
        }, Expr {
            kind: ExprKind::Hash(..),
            ..
        }] = stmts
        {
            self.error(
                format!("This expression is invalid. Did you try declaring a '{name}' resource without a title?"),
                *span,
            );
        } else if let Some(e) = stmts
            .iter()
            .take(stmts.len().saturating_sub(1))
            .find(|e| idem(e))
        {
            self.error(
                format!(
                    "This {} has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)",
                    label(e)
                ),
                e.span,
            );
        }
        for s in stmts {
            self.expr(s, place);
        }
    }

    fn exprs(&mut self, es: &[Expr]) {
        for e in es {
            self.expr(e, Place::Nested);
        }
    }

    /// Expressions that are not values cannot be used as values.
    fn rvalue(&mut self, e: &Expr) {
        let not_value = matches!(
            e.kind,
            ExprKind::Collector { .. }
                | ExprKind::FunctionDef(_)
                | ExprKind::ClassDef(_)
                | ExprKind::DefineDef(_)
                | ExprKind::NodeDef(_)
                | ExprKind::TypeAlias { .. }
        );
        if not_value {
            self.error(
                format!(
                    "Invalid use of expression. {} does not produce a value",
                    capitalize(&a_an(e))
                ),
                e.span,
            );
        }
    }

    fn expr(&mut self, e: &Expr, place: Place) {
        crate::limits::deep(|| self.expr_here(e, place))
    }

    fn expr_here(&mut self, e: &Expr, place: Place) {
        match &e.kind {
            ExprKind::Undef
            | ExprKind::Default
            | ExprKind::Boolean(_)
            | ExprKind::Integer(_)
            | ExprKind::Float(_)
            | ExprKind::String(_)
            | ExprKind::Regex(_)
            | ExprKind::QualifiedReference(_) => {}
            ExprKind::QualifiedName(n) => {
                if matches!(&**n, "attr" | "private") {
                    self.error(format!("Use of reserved word: {n}, must be quoted if intended to be a String value"), e.span);
                }
            }
            ExprKind::Interpolated(parts) => {
                for p in parts {
                    if let StrPart::Expr(x) = p {
                        self.expr(x, Place::Nested);
                    }
                }
            }
            ExprKind::Heredoc { syntax, text } => {
                // A literal text is checked here, an interpolated one when it is evaluated.
                if let (Some(syntax), ExprKind::String(s)) = (syntax.as_deref(), &text.kind) {
                    if let Some(mut err) = external_syntax_error(syntax, s) {
                        err.span = Some(text.span);
                        self.fatal.get_or_insert(err);
                    }
                }
                self.expr(text, Place::Nested)
            }
            ExprKind::Variable(v) => names::check_variable(self, &v.name, e.span),
            ExprKind::Array(_, shared) | ExprKind::Hash(_, shared) if shared.is_constant() => {
                self.constant_literal(e)
            }
            ExprKind::Array(items, _) => {
                for i in items {
                    self.rvalue(i);
                }
                self.exprs(items);
            }
            ExprKind::Hash(entries, _) => {
                self.duplicate_keys(entries);
                for (k, v) in entries {
                    self.rvalue(k);
                    self.rvalue(v);
                    self.expr(k, Place::Nested);
                    self.expr(v, Place::Nested);
                }
            }
            ExprKind::Unary(_, x) => {
                self.rvalue(x);
                self.expr(x, Place::Nested);
            }
            ExprKind::Binary(_, a, b) => {
                self.rvalue(a);
                self.rvalue(b);
                self.expr(a, Place::Nested);
                self.expr(b, Place::Nested);
            }
            ExprKind::Assign(lhs, rhs) => {
                // (`+=` and `-=` are rejected whatever their sides, as the reference's
                // checker does)
                let (after, before) = (lhs.span.end, rhs.span.start);
                if !self
                    .literal_errors
                    .iter()
                    .any(|s| s.start >= after && s.end <= before)
                {
                    self.assignable(lhs, false);
                    self.rvalue(rhs);
                }
                self.expr(lhs, Place::Nested);
                self.expr(rhs, Place::Nested);
            }
            ExprKind::Access(x, keys) => {
                self.expr(x, Place::Nested);
                self.exprs(keys);
            }
            ExprKind::Selector(test, arms) => {
                self.rvalue(test);
                if let Some(dup) = arms
                    .iter()
                    .filter(|a| matches!(a.option.kind, ExprKind::Default))
                    .nth(1)
                {
                    self.error("This Selector Expression already has a 'default' entry - this is a duplicate", dup.option.span);
                }
                self.expr(test, Place::Nested);
                for a in arms {
                    self.rvalue(&a.option);
                    self.expr(&a.option, Place::Nested);
                    self.expr(&a.value, Place::Nested);
                }
            }
            ExprKind::Paren(x) => self.expr(x, Place::Nested),
            ExprKind::Call {
                name,
                args,
                block,
                style,
                ..
            } => {
                // `private()`, `attr 1`: a reserved word is no function name (the reference
                // reports it as such and as a bare reserved word)
                if *style != CallStyle::Method && matches!(&**name, "attr" | "private") {
                    self.error(
                        format!(
                            "Illegal expression. A Reserved Word '{name}' is unacceptable as function name in a Function Call"
                        ),
                        e.span,
                    );
                    self.error(
                        format!("Use of reserved word: {name}, must be quoted if intended to be a String value"),
                        e.span,
                    );
                }
                self.exprs(args);
                if let Some(l) = block {
                    self.lambda(l);
                }
            }
            ExprKind::CallType {
                callee,
                args,
                block,
            } => {
                let is_type = match &callee.kind {
                    ExprKind::QualifiedReference(_) => true,
                    ExprKind::Access(t, _) => matches!(t.kind, ExprKind::QualifiedReference(_)),
                    _ => false,
                };
                if !is_type {
                    self.error(
                        format!(
                            "Illegal expression. {} is unacceptable as function name in a Function Call",
                            capitalize(&a_an(callee))
                        ),
                        callee.span,
                    );
                }
                self.expr(callee, Place::Nested);
                self.exprs(args);
                if let Some(l) = block {
                    self.lambda(l);
                }
            }
            ExprKind::Lambda(l) => self.lambda(l),
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
                self.rvalue(cond);
                self.expr(cond, Place::Nested);
                self.body(then_branch, branch_place(then_branch));
                if let Some(b) = else_branch {
                    self.body(b, branch_place(b));
                }
            }
            ExprKind::Case { test, arms } => {
                self.rvalue(test);
                let mut defaults = arms
                    .iter()
                    .flat_map(|a| &a.options)
                    .filter(|o| matches!(o.kind, ExprKind::Default));
                if let Some(dup) = defaults.nth(1) {
                    self.error(
                        "This 'case' statement already has a 'default' entry - this is a duplicate",
                        dup.span,
                    );
                }
                self.expr(test, Place::Nested);
                for a in arms {
                    for o in &a.options {
                        self.rvalue(o);
                    }
                    self.exprs(&a.options);
                    self.body(&a.body, branch_place(&a.body));
                }
            }
            ExprKind::Block(stmts) => self.body(stmts, Place::OtherBody),
            ExprKind::FunctionDef(_)
            | ExprKind::TypeAlias { .. }
            | ExprKind::ClassDef(_)
            | ExprKind::DefineDef(_)
            | ExprKind::NodeDef(_) => names::definition(self, e, place),
            ExprKind::Resource {
                form,
                type_name,
                bodies,
            } => {
                if *form != ResourceForm::Regular
                    && matches!(&type_name.kind, ExprKind::QualifiedName(n) if &**n == "class")
                {
                    self.error("Classes are not virtualizable", e.span);
                }
                if !matches!(&type_name.kind, ExprKind::QualifiedName(n) if &**n == "class") {
                    self.expr(type_name, Place::Nested);
                }
                for b in bodies {
                    self.expr(&b.title, Place::Nested);
                    if let Some(second) = b.attributes.iter().filter(|a| &*a.name == "*").nth(1) {
                        self.error("Unfolding of attributes from Hash can only be used once per resource body", second.span);
                    }
                    self.attributes(&b.attributes, Some("a Resource Instance Definition"));
                }
            }
            ExprKind::ResourceDefaults {
                type_ref,
                attributes,
            } => {
                self.expr(type_ref, Place::Nested);
                self.attributes(attributes, Some("a Resource Defaults Expression"));
            }
            ExprKind::ResourceOverride {
                resource,
                attributes,
            } => {
                self.expr(resource, Place::Nested);
                self.attributes(attributes, None);
            }
            ExprKind::Collector {
                type_ref,
                exported,
                query,
                attributes,
            } => {
                if !matches!(type_ref.kind, ExprKind::QualifiedReference(_)) {
                    let container = if *exported {
                        "an Exported Query"
                    } else {
                        "a Virtual Query"
                    };
                    self.error(
                        format!(
                            "Illegal expression. {} is unacceptable as type name in {container}",
                            capitalize(&a_an(type_ref))
                        ),
                        type_ref.span,
                    );
                }
                self.expr(type_ref, Place::Nested);
                if let Some(q) = query {
                    self.query(q);
                    self.expr(q, Place::Nested);
                }
                self.attributes(attributes, None);
            }
            ExprKind::Relationship(_, a, b) => {
                for side in [a, b] {
                    if !matches!(
                        side.kind,
                        ExprKind::Collector { .. } | ExprKind::Relationship(..)
                    ) {
                        self.rvalue(side);
                    }
                }
                self.expr(a, Place::Nested);
                self.expr(b, Place::Nested);
            }
        }
    }

    /// What the walk checks in an array or hash literal of constants (plain literals,
    /// negated numbers, such literals), in the walk's order, without its general steps:
    /// repeated keys, reserved words.
    fn constant_literal(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Array(items, _) => {
                for i in items {
                    self.constant_element(i);
                }
            }
            ExprKind::Hash(entries, _) => {
                self.duplicate_keys(entries);
                for (k, v) in entries {
                    self.constant_element(k);
                    self.constant_element(v);
                }
            }
            _ => {}
        }
    }

    /// An element of [`Validator::constant_literal`]'s literal.
    fn constant_element(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Array(..) | ExprKind::Hash(..) => {
                crate::limits::deep(|| self.constant_literal(e))
            }
            ExprKind::QualifiedName(_) => self.expr_here(e, Place::Nested),
            _ => {}
        }
    }

    /// Literal keys may appear only once in a hash literal.
    fn duplicate_keys(&mut self, entries: &[(Expr, Expr)]) {
        /// A literal key as compared (a quoted string and a bare word alike; a float by its
        /// bits).
        #[derive(Clone, Copy, PartialEq, Eq, Hash)]
        enum Key<'a> {
            Str(&'a str),
            Int(i64),
            Float(u64),
            Bool(bool),
        }
        /// Up to this many entries, keys are compared with the ones before (no set).
        const FEW: usize = 16;
        let mut few = [Key::Bool(false); FEW];
        let mut n = 0;
        let mut seen = rustc_hash::FxHashSet::default();
        for (k, _) in entries {
            let key = match &k.kind {
                ExprKind::String(s) | ExprKind::QualifiedName(s) => Key::Str(s),
                ExprKind::Integer(i) => Key::Int(*i),
                ExprKind::Float(f) => Key::Float(f.to_bits()),
                ExprKind::Boolean(b) => Key::Bool(*b),
                _ => continue,
            };
            let new = if entries.len() <= FEW {
                let known = few[..n].contains(&key);
                few[n] = key;
                n += 1;
                !known
            } else {
                seen.insert(key)
            };
            if !new {
                let shown = match key {
                    Key::Str(s) => s.to_string(),
                    Key::Int(i) => i.to_string(),
                    Key::Float(bits) => f64::from_bits(bits).to_string(),
                    Key::Bool(b) => b.to_string(),
                };
                self.error(
                    format!("The key '{shown}' is declared more than once"),
                    k.span,
                );
            }
        }
    }

    /// Attribute operations; `+>` is only allowed where `append_forbidden_in` is `None`.
    fn attributes(&mut self, ops: &[AttributeOp], append_forbidden_in: Option<&str>) {
        for op in ops {
            if let (true, Some(container)) = (op.append, append_forbidden_in) {
                self.error(
                    format!(
                        "Illegal +> operation on attribute {}. This operator can not be used in {container}",
                        op.name
                    ),
                    op.span,
                );
            }
            self.rvalue(&op.value);
            self.expr(&op.value, Place::Nested);
        }
    }

    /// Collector queries: only `==`, `!=`, `and`, `or`, parentheses and simple operands.
    fn query(&mut self, q: &Expr) {
        match &q.kind {
            ExprKind::Binary(BinOp::Eq | BinOp::Ne, ..) => {}
            ExprKind::Binary(BinOp::And | BinOp::Or, a, b) => {
                self.query(a);
                self.query(b);
            }
            ExprKind::Paren(x) => self.query(x),
            ExprKind::Variable(_)
            | ExprKind::QualifiedName(_)
            | ExprKind::Integer(_)
            | ExprKind::Float(_)
            | ExprKind::String(_)
            | ExprKind::Boolean(_) => {}
            _ => self.error(
                format!(
                    "Illegal query expression. {} cannot be used in a query",
                    capitalize(&a_an(q))
                ),
                q.span,
            ),
        }
    }

    /// The left side of `=`.
    fn assignable(&mut self, lhs: &Expr, via_index: bool) {
        match &lhs.kind {
            ExprKind::Variable(v) if !via_index => {
                if v.numeric().is_some()
                    || v.name.bytes().all(|b| b.is_ascii_digit()) && !v.name.is_empty()
                {
                    self.error(
                        format!(
                            "Illegal attempt to assign to the numeric match result variable '${}'. Numeric variables are not assignable",
                            v.name
                        ),
                        lhs.span,
                    );
                } else if crate::names::is_qualified(&v.name) {
                    self.error(
                        format!(
                            "Illegal attempt to assign to '{}'. Cannot assign to variables in other namespaces",
                            v.name
                        ),
                        lhs.span,
                    );
                }
            }
            ExprKind::Access(..) => self.error(
                "Illegal attempt to assign via [index/key]. Not an assignable reference",
                lhs.span,
            ),
            ExprKind::Array(items, _) if !via_index => {
                for i in items {
                    self.assignable(i, false);
                }
            }
            _ => self.error(
                format!(
                    "Illegal attempt to assign to '{}'. Not an assignable reference",
                    a_an(lhs)
                ),
                lhs.span,
            ),
        }
    }

    fn lambda(&mut self, l: &Lambda) {
        names::capture_last(self, &l.params);
        if let Some(rt) = &l.return_type {
            self.expr(rt, Place::Nested);
        }
        self.params(&l.params);
        self.body(&l.body, Place::OtherBody);
    }

    fn params(&mut self, params: &[Param]) {
        for p in params {
            names::check_parameter(self, p);
            if let Some(t) = &p.type_expr {
                self.expr(t, Place::Nested);
            }
            if let Some(d) = &p.default {
                self.no_assignment(d);
                self.expr(d, Place::Nested);
            }
        }
    }

    /// Parameter defaults may not assign, except inside nested lambdas.
    fn no_assignment(&mut self, e: &Expr) {
        if let ExprKind::Assign(lhs, rhs) = &e.kind {
            // (placed at its operator, as the reference places an assignment)
            let at = self.assign_ops.partition_point(|&p| p < lhs.span.end);
            let span = match self.assign_ops.get(at) {
                Some(&op) if op < rhs.span.start => Span {
                    start: op,
                    end: op + 1,
                },
                _ => e.span,
            };
            self.error("Assignment not allowed here", span);
            return;
        }
        crate::limits::deep(|| e.for_each_child(&mut |c| self.no_assignment(c)));
    }
}

/// The error of a heredoc's syntax checker (`@(END:json)`, `@(END:pp)`) for its text, none
/// when the text passes or no checker has the syntax (a compound syntax `a+pp`, which the
/// reference's checkers refuse, is not checked). The error has no span: it is reported at
/// the text (the reference: its first line).
pub fn external_syntax_error(syntax: &str, text: &str) -> Option<Error> {
    let (message, logged) = match syntax {
        // The reference's checker parses with Ruby's JSON and quotes the message cut at
        // 100 characters, newlines as `\n`.
        "json" => match crate::json_syntax::error(text) {
            None => return None,
            Some(m) => {
                let m: String = m.chars().take(100).collect();
                (
                    format!(
                        "JSON syntax checker: Cannot parse invalid JSON string. \"{}\"",
                        m.replace("\r\n", "\\n").replace('\n', "\\n")
                    ),
                    Vec::new(),
                )
            }
        },
        // The PP checker parses and validates the text, and quotes the message (with its
        // position in the text, if any, and newlines as `\n`), cut at 500 characters.
        "pp" => match crate::parser::parse_program(text).and_then(|p| validate(&p)) {
            Ok(()) => return None,
            Err(inner) => {
                let mut m = inner.message.clone();
                // (no position for the end of the input, or for "logged N errors")
                let positioned = inner.kind != ErrorKind::Incomplete && inner.logged.is_empty();
                if let (Some(span), true) = (inner.span, positioned) {
                    let at = (span.start as usize).min(text.len());
                    let before = text.get(..at).unwrap_or(text);
                    let line = before.matches('\n').count() + 1;
                    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
                    m.push_str(&format!(" (line: {line}, column: {column})"));
                }
                let m: String = m.chars().take(500).collect();
                (
                    format!(
                        "PP syntax checker: \"{}\"",
                        m.replace("\r\n", "\\n").replace('\n', "\\n")
                    ),
                    inner.logged,
                )
            }
        },
        _ => return None,
    };
    let mut err = Error::new(
        ErrorKind::Validation,
        format!("Invalid produced text having syntax: '{syntax}'. {message}"),
    );
    err.logged = logged;
    Some(err)
}

/// A branch of `if`, `unless` or `case` with one statement is that statement itself in the
/// reference's model (not a block), which changes where definitions count as being.
fn branch_place(stmts: &[Expr]) -> Place {
    if stmts.len() > 1 {
        Place::OtherBody
    } else {
        Place::Nested
    }
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
