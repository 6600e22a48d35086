//! Catalog expressions: relationships, resources (`@`/`@@`), defaults, overrides and
//! attribute operations.

use super::{Failed, PResult, Parser};
use crate::ast::{AttributeOp, Expr, ExprKind, RelationOp, ResourceBody, ResourceForm, Span};
use crate::error::Error;
use crate::lexer::{Keyword, Punct, Tok};
use std::rc::Rc;

pub(super) fn relation_op(tok: &Tok) -> Option<RelationOp> {
    Some(match tok {
        Tok::Punct(Punct::InEdge) => RelationOp::Before,
        Tok::Punct(Punct::InEdgeSub) => RelationOp::Notify,
        Tok::Punct(Punct::OutEdge) => RelationOp::Require,
        Tok::Punct(Punct::OutEdgeSub) => RelationOp::Subscribe,
        _ => return None,
    })
}

impl<'s> Parser<'s> {
    /// `a -> b ~> c` (left associative)
    pub(super) fn relationship(&mut self) -> PResult<Expr> {
        let start = self.start();
        let mut left = self.resource()?;
        while let Some(op) = relation_op(self.tok()) {
            self.skip();
            let right = self.resource()?;
            left = Expr::new(
                ExprKind::Relationship(op, Box::new(left), Box::new(right)),
                self.span_from(start),
            );
        }
        Ok(left)
    }

    /// `@res`, `@@res`, `class { ... }`, or an expression optionally followed by a resource
    /// body `{ ... }`.
    fn resource(&mut self) -> PResult<Expr> {
        let start = self.start();
        match self.tok() {
            Tok::Punct(p @ (Punct::At | Punct::AtAt)) => {
                let (form, what) = if *p == Punct::At {
                    (ResourceForm::Virtual, "Virtual (@)")
                } else {
                    (ResourceForm::Exported, "Exported (@@)")
                };
                let at = self.advance();
                let mut inner = self.nested(|p| p.resource())?;
                match &mut inner.kind {
                    ExprKind::Resource { form: f, .. } => *f = form,
                    ExprKind::ResourceDefaults { .. } | ExprKind::ResourceOverride { .. } => {
                        return Err(Failed::from(Error::validation(
                            "Resource Defaults are not virtualizable",
                            inner.span,
                        )))
                    }
                    _ => {
                        return Err(self.error_at(
                            format!("{what} can only be applied to a Resource Expression"),
                            at.span,
                        ))
                    }
                }
                inner.span = self.span_from(start);
                Ok(inner)
            }
            Tok::Keyword(Keyword::Class)
                if matches!(self.peek_tok(1), Tok::Punct(Punct::LBrace)) =>
            {
                let class = self.advance();
                self.skip();
                let bodies = self.resource_bodies()?;
                self.expect(Punct::RBrace)?;
                let type_name = Expr::new(ExprKind::QualifiedName(Rc::from("class")), class.span);
                Ok(Expr::new(
                    ExprKind::Resource {
                        form: ResourceForm::Regular,
                        type_name: Box::new(type_name),
                        bodies,
                    },
                    self.span_from(start),
                ))
            }
            _ => {
                let mut left = self.expression()?;
                while self.at(Punct::LBrace) {
                    left = self.nested(|p| p.resource_rest(left, start))?;
                }
                Ok(left)
            }
        }
    }

    /// Whether the tokens after `{` are attribute operations (not `title:`).
    fn at_attribute_operation(&self) -> bool {
        let name_like = self.at_attribute_name() || self.at(Punct::Times);
        name_like && matches!(self.peek_tok(1), Tok::Punct(Punct::FArrow | Punct::PArrow))
    }

    /// Whether the token is a word an attribute may be named by: a name or a keyword, but
    /// not `true` or `false` (the reference's lexer makes them Booleans, which its grammar
    /// does not take as attribute names).
    fn at_attribute_name(&self) -> bool {
        match self.tok() {
            Tok::Name(_) => true,
            Tok::Keyword(k) => !matches!(k, Keyword::True | Keyword::False),
            _ => false,
        }
    }

    /// After `left`, at `{`: a resource, defaults, override, or a title-less body.
    fn resource_rest(&mut self, left: Expr, start: u32) -> PResult<Expr> {
        let brace = self.advance();
        // `{,}` too: no attribute operations and the optional final comma (a title cannot
        // start with a comma)
        if self.at(Punct::RBrace) || self.at(Punct::Comma) || self.at_attribute_operation() {
            let attributes = self.attribute_operations()?;
            self.expect(Punct::RBrace)?;
            let span = self.span_from(start);
            return match left.kind {
                ExprKind::QualifiedName(_) => {
                    self.resource_without_title(left, attributes, brace.span.start, span)
                }
                ExprKind::QualifiedReference(_) => Ok(Expr::new(
                    ExprKind::ResourceDefaults {
                        type_ref: Box::new(left),
                        attributes,
                    },
                    span,
                )),
                ExprKind::Access(ref target, ref keys) => {
                    let is_resource_type = matches!(&target.kind, ExprKind::QualifiedReference(n) if n.eq_ignore_ascii_case("resource"))
                        && keys.len() == 1;
                    if is_resource_type {
                        Ok(Expr::new(
                            ExprKind::ResourceDefaults {
                                type_ref: Box::new(left),
                                attributes,
                            },
                            span,
                        ))
                    } else {
                        Ok(Expr::new(
                            ExprKind::ResourceOverride {
                                resource: Box::new(left),
                                attributes,
                            },
                            span,
                        ))
                    }
                }
                _ => Err(self.error_at(
                    "Expression is not valid as a resource, resource-default, or resource-override",
                    left.span,
                )),
            };
        }
        // A keyword that cannot start a title (`notify {else {`) is an attribute name to the
        // reference's grammar, which then fails at the token after it (not `=>` or `+>`)
        if matches!(
            self.tok(),
            Tok::Keyword(
                Keyword::And
                    | Keyword::Or
                    | Keyword::In
                    | Keyword::Else
                    | Keyword::Elsif
                    | Keyword::Inherits
            )
        ) {
            self.skip();
            return Err(self.unexpected());
        }
        let mut bodies = vec![self.resource_body()?];
        if self.eat(Punct::Semic) && !self.at(Punct::RBrace) {
            bodies.extend(self.resource_bodies()?);
        }
        self.expect(Punct::RBrace)?;
        Ok(Expr::new(
            ExprKind::Resource {
                form: ResourceForm::Regular,
                type_name: Box::new(left),
                bodies,
            },
            self.span_from(start),
        ))
    }

    /// `name { a => 1 }`: a call `name({a => 1})` for statement calls; otherwise a block of
    /// the name and a hash, which validation rejects.
    fn resource_without_title(
        &self,
        name: Expr,
        attributes: Vec<AttributeOp>,
        brace: u32,
        span: Span,
    ) -> PResult<Expr> {
        let mut entries = Vec::with_capacity(attributes.len());
        for op in attributes {
            if op.append || &*op.name == "*" {
                // (placed at the `{`, as the reference places it)
                return Err(self.error_at(
                    "Syntax error resource body without title or hash with +>",
                    Span {
                        start: brace,
                        end: brace + 1,
                    },
                ));
            }
            entries.push((
                Expr::new(ExprKind::String(op.name.clone()), op.span),
                op.value,
            ));
        }
        let hash = Expr::new(
            ExprKind::hash(entries),
            Span {
                start: brace,
                end: span.end,
            },
        );
        let mut out = self.transform_calls(vec![
            super::Statement::One(name),
            super::Statement::One(hash),
        ])?;
        if out.len() == 1 {
            return Ok(out.remove(0));
        }
        Ok(Expr::new(ExprKind::Block(out), span))
    }

    /// `title: attrs (; title: attrs)* ;?` up to `}`.
    fn resource_bodies(&mut self) -> PResult<Vec<ResourceBody>> {
        let mut bodies = vec![self.resource_body()?];
        while self.eat(Punct::Semic) {
            if self.at(Punct::RBrace) {
                break;
            }
            bodies.push(self.resource_body()?);
        }
        Ok(bodies)
    }

    /// `title: attrs ,?`
    fn resource_body(&mut self) -> PResult<ResourceBody> {
        let title = self.expression()?;
        self.expect(Punct::Colon)?;
        let attributes = self.attribute_operations()?;
        Ok(ResourceBody { title, attributes })
    }

    /// `name => value, name +> value, * => hash` with an optional trailing comma (which may
    /// stand alone: `Notify {,}`, `notify { x: , }`).
    pub(super) fn attribute_operations(&mut self) -> PResult<Vec<AttributeOp>> {
        let mut ops = Vec::new();
        if self.eat(Punct::Comma) {
            return Ok(ops);
        }
        loop {
            if !self.at_attribute_operation() {
                if self.at_attribute_name() {
                    // an attribute name must be followed by `=>` or `+>`
                    self.skip();
                    return Err(self.unexpected());
                }
                break;
            }
            let start = self.start();
            let name: Rc<str> = match self.advance().tok {
                Tok::Name(n) => n,
                Tok::Keyword(k) => Rc::from(k.as_str()),
                _ => Rc::from("*"),
            };
            let append = matches!(self.advance().tok, Tok::Punct(Punct::PArrow));
            if append && &*name == "*" {
                return Err(self.unexpected());
            }
            let value = self.expression()?;
            ops.push(AttributeOp {
                name,
                append,
                value,
                span: self.span_from(start),
            });
            if !self.eat(Punct::Comma) {
                break;
            }
        }
        Ok(ops)
    }
}
