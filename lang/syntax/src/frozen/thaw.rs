//! Thawing: a frozen tree made into a thread's own.

use super::*;

/// Thaws a tree: each text made once (for this thread).
pub(super) struct Thawer {
    /// (shared with the bodies thawed when first read)
    pub(super) texts: Rc<Vec<Rc<str>>>,
    /// Told each lambda and function made (`Frozen::thaw_numbered`).
    pub(super) sink: Option<Sink>,
}

impl Thawer {
    #[inline]
    fn text(&self, t: T) -> Rc<str> {
        self.texts[t as usize].clone()
    }

    pub(super) fn exprs(&self, es: &[FExpr]) -> Vec<Expr> {
        es.iter().map(|e| self.expr(e)).collect()
    }

    fn boxed(&self, e: &FExpr) -> Box<Expr> {
        Box::new(self.expr(e))
    }

    fn opt(&self, e: &Option<FExpr>) -> Option<Expr> {
        e.as_ref().map(|e| self.expr(e))
    }

    /// A class or define body, thawed when first read (`ast::Body`): most classes a file
    /// defines never run in a session.
    fn body(&self, body: &FBody) -> Body {
        if body.exprs.is_empty() {
            return Body::from(Vec::new());
        }
        let (exprs, texts, sink) = (body.exprs.clone(), self.texts.clone(), self.sink.clone());
        Body::later(
            body.defines,
            Box::new(move || Thawer { texts, sink }.exprs(&exprs)),
        )
    }

    fn params(&self, ps: &[FParam]) -> Vec<Param> {
        ps.iter()
            .map(|p| Param {
                name: self.text(p.name),
                type_expr: self.opt(&p.type_expr),
                captures_rest: p.captures_rest,
                default: self.opt(&p.default),
                span: p.span,
            })
            .collect()
    }

    fn lambda(&self, l: &FLambda) -> Rc<Lambda> {
        let lambda = Rc::new(Lambda {
            params: self.params(&l.params),
            return_type: self.opt(&l.return_type),
            body: self.exprs(&l.body),
            span: l.span,
            frame_size: std::cell::Cell::new(l.frame_size),
        });
        self.tell(l.number, || Numbered::Lambda(lambda.clone()));
        lambda
    }

    fn tell(&self, number: u32, node: impl FnOnce() -> Numbered) {
        if let Some(sink) = &self.sink {
            sink.borrow_mut().push((number, node()));
        }
    }

    fn attributes(&self, attrs: &[FAttribute]) -> Vec<AttributeOp> {
        attrs
            .iter()
            .map(|a| AttributeOp {
                name: self.text(a.name),
                append: a.append,
                value: self.expr(&a.value),
                span: a.span,
            })
            .collect()
    }

    fn expr(&self, e: &FExpr) -> Expr {
        let kind = crate::limits::deep(|| self.kind(&e.kind));
        Expr::new(kind, e.span)
    }

    fn kind(&self, k: &FKind) -> ExprKind {
        match k {
            FKind::Undef => ExprKind::Undef,
            FKind::Default => ExprKind::Default,
            FKind::Boolean(b) => ExprKind::Boolean(*b),
            FKind::Integer(i) => ExprKind::Integer(*i),
            FKind::Float(x) => ExprKind::Float(*x),
            FKind::String(s) => ExprKind::String(self.text(*s)),
            FKind::Interpolated(parts) => ExprKind::Interpolated(
                parts
                    .iter()
                    .map(|p| match p {
                        FPart::Text(s) => StrPart::Text(self.text(*s)),
                        FPart::Expr(x) => StrPart::Expr(self.expr(x)),
                    })
                    .collect(),
            ),
            FKind::Heredoc { syntax, text } => ExprKind::Heredoc {
                syntax: syntax.map(|s| self.text(s)),
                text: self.boxed(text),
            },
            FKind::Regex(s) => ExprKind::Regex(self.text(*s)),
            FKind::QualifiedName(s) => ExprKind::QualifiedName(self.text(*s)),
            FKind::QualifiedReference(s) => ExprKind::QualifiedReference(self.text(*s)),
            FKind::Variable(name, slot) => ExprKind::Variable(VarRef {
                name: self.text(*name),
                slot: std::cell::Cell::new(*slot),
            }),
            FKind::Array(items, constant) => {
                ExprKind::Array(self.exprs(items), SharedLiteral::new(*constant))
            }
            FKind::Hash(entries, constant) => ExprKind::Hash(
                entries
                    .iter()
                    .map(|(k, v)| (self.expr(k), self.expr(v)))
                    .collect(),
                SharedLiteral::new(*constant),
            ),
            FKind::Unary(op, x) => ExprKind::Unary(*op, self.boxed(x)),
            FKind::Binary(op, a, b) => ExprKind::Binary(*op, self.boxed(a), self.boxed(b)),
            FKind::Assign(a, b) => ExprKind::Assign(self.boxed(a), self.boxed(b)),
            FKind::Access(x, keys) => ExprKind::Access(self.boxed(x), self.exprs(keys)),
            FKind::Selector(test, arms) => ExprKind::Selector(
                self.boxed(test),
                arms.iter()
                    .map(|(o, v)| SelectorArm {
                        option: self.expr(o),
                        value: self.expr(v),
                    })
                    .collect(),
            ),
            FKind::Paren(x) => ExprKind::Paren(self.boxed(x)),
            FKind::Call {
                name,
                args,
                block,
                style,
            } => ExprKind::Call {
                name: self.text(*name),
                args: self.exprs(args).into_boxed_slice(),
                block: block.as_ref().map(|l| self.lambda(l)),
                style: *style,
                site: CallSite::default(),
            },
            FKind::CallType {
                callee,
                args,
                block,
            } => ExprKind::CallType {
                callee: self.boxed(callee),
                args: self.exprs(args),
                block: block.as_ref().map(|l| self.lambda(l)),
            },
            FKind::Lambda(l) => ExprKind::Lambda(self.lambda(l)),
            FKind::If {
                cond,
                then_branch,
                else_branch,
            } => ExprKind::If {
                cond: self.boxed(cond),
                then_branch: self.exprs(then_branch),
                else_branch: else_branch
                    .as_ref()
                    .map(|b| self.exprs(b).into_boxed_slice()),
            },
            FKind::Unless {
                cond,
                then_branch,
                else_branch,
            } => ExprKind::Unless {
                cond: self.boxed(cond),
                then_branch: self.exprs(then_branch),
                else_branch: else_branch
                    .as_ref()
                    .map(|b| self.exprs(b).into_boxed_slice()),
            },
            FKind::Case { test, arms } => ExprKind::Case {
                test: self.boxed(test),
                arms: arms
                    .iter()
                    .map(|a| CaseArm {
                        options: self.exprs(&a.options),
                        body: self.body(&a.body),
                        span: a.span,
                    })
                    .collect(),
            },
            FKind::Block(stmts) => ExprKind::Block(self.exprs(stmts)),
            FKind::FunctionDef(name, l) => {
                let f = Rc::new(FunctionDef {
                    name: self.text(*name),
                    params: self.params(&l.params),
                    return_type: self.opt(&l.return_type),
                    body: self.exprs(&l.body),
                    span: l.span,
                    frame_size: std::cell::Cell::new(l.frame_size),
                });
                self.tell(l.number, || Numbered::Function(f.clone()));
                ExprKind::FunctionDef(f)
            }
            FKind::TypeAlias { name, type_expr } => ExprKind::TypeAlias {
                name: self.text(*name),
                type_expr: self.boxed(type_expr),
            },
            FKind::ClassDef {
                name,
                params,
                parent,
                body,
                variables,
            } => ExprKind::ClassDef(Rc::new(HostClassDef {
                name: self.text(*name),
                params: self.params(params),
                parent: parent.map(|p| self.text(p)),
                body: self.body(body),
                variables: std::cell::Cell::new(*variables),
            })),
            FKind::DefineDef {
                name,
                params,
                body,
                variables,
            } => ExprKind::DefineDef(Rc::new(DefineDef {
                name: self.text(*name),
                params: self.params(params),
                body: self.body(body),
                variables: std::cell::Cell::new(*variables),
            })),
            FKind::NodeDef {
                matches,
                parent,
                body,
                variables,
            } => ExprKind::NodeDef(Rc::new(NodeDef {
                matches: self.exprs(matches),
                parent: parent.as_ref().map(|p| self.expr(p)),
                body: self.exprs(body),
                variables: std::cell::Cell::new(*variables),
            })),
            FKind::Resource {
                form,
                type_name,
                bodies,
            } => ExprKind::Resource {
                form: *form,
                type_name: self.boxed(type_name),
                bodies: bodies
                    .iter()
                    .map(|(title, attrs)| ResourceBody {
                        title: self.expr(title),
                        attributes: self.attributes(attrs),
                    })
                    .collect(),
            },
            FKind::ResourceDefaults {
                type_ref,
                attributes,
            } => ExprKind::ResourceDefaults {
                type_ref: self.boxed(type_ref),
                attributes: self.attributes(attributes),
            },
            FKind::ResourceOverride {
                resource,
                attributes,
            } => ExprKind::ResourceOverride {
                resource: self.boxed(resource),
                attributes: self.attributes(attributes),
            },
            FKind::Collector {
                type_ref,
                exported,
                query,
                attributes,
            } => ExprKind::Collector {
                type_ref: self.boxed(type_ref),
                exported: *exported,
                query: query.as_ref().map(|q| self.boxed(q)),
                attributes: self.attributes(attributes),
            },
            FKind::Relationship(op, a, b) => {
                ExprKind::Relationship(*op, self.boxed(a), self.boxed(b))
            }
        }
    }
}
