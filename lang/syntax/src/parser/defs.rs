//! Definitions: `function`, `class`, `define`, `node` and `type` aliases.

use super::{Failed, PResult, Parser};
use crate::ast::{DefineDef, Expr, ExprKind, FunctionDef, HostClassDef, NodeDef};
use crate::error::Error;
use crate::lexer::{Keyword, Punct, Tok};
use std::cell::Cell;
use std::rc::Rc;

impl<'s> Parser<'s> {
    /// The name of a definition: a name, bare word or class reference.
    fn classname(&mut self) -> PResult<Rc<str>> {
        let name = match self.tok() {
            Tok::Name(n) | Tok::Word(n) | Tok::ClassRef(n) => n.clone(),
            Tok::Keyword(Keyword::Class) => {
                return Err(self.error_at(
                    "'class' keyword not allowed at this location",
                    self.token().span,
                ))
            }
            Tok::Str(_) => {
                return Err(self.error_at(
                    "A quoted string is not valid as a name here",
                    self.token().span,
                ))
            }
            _ => return Err(self.unexpected()),
        };
        self.skip();
        Ok(name)
    }

    /// `{ statements }` where the body may be empty.
    fn definition_body(&mut self) -> PResult<Vec<Expr>> {
        self.block()
    }

    /// `function name(params) >> Type { body }`
    pub(super) fn function_def(&mut self) -> PResult<Expr> {
        let start = self.start();
        self.skip();
        let name = self.classname()?;
        let params = self.parameter_list()?;
        let return_type = self.return_type()?;
        let body = self.definition_body()?;
        let span = self.span_from(start);
        let def = FunctionDef {
            name,
            params,
            return_type,
            body,
            span,
            frame_size: Cell::new(0),
        };
        Ok(Expr::new(ExprKind::FunctionDef(Rc::new(def)), span))
    }

    /// `class name(params) inherits parent { body }`
    pub(super) fn class_def(&mut self) -> PResult<Expr> {
        let start = self.start();
        self.skip();
        let name = self.classname()?;
        let params = self.parameter_list()?;
        let parent = if self.at_kw(Keyword::Inherits) {
            self.skip();
            if self.at_kw(Keyword::Default) {
                self.skip();
                Some(Rc::from("default"))
            } else {
                Some(self.classname()?)
            }
        } else {
            None
        };
        let body = self.definition_body()?;
        let def = HostClassDef {
            name,
            params,
            parent,
            body: body.into(),
            variables: Cell::new(0),
        };
        Ok(Expr::new(
            ExprKind::ClassDef(Rc::new(def)),
            self.span_from(start),
        ))
    }

    /// `define name(params) { body }`
    pub(super) fn define_def(&mut self) -> PResult<Expr> {
        let start = self.start();
        self.skip();
        let name = self.classname()?;
        let params = self.parameter_list()?;
        let body = self.definition_body()?;
        Ok(Expr::new(
            ExprKind::DefineDef(Rc::new(DefineDef {
                name,
                params,
                body: body.into(),
                variables: Cell::new(0),
            })),
            self.span_from(start),
        ))
    }

    /// `node host, host inherits parent { body }`
    pub(super) fn node_def(&mut self) -> PResult<Expr> {
        let start = self.start();
        self.skip();
        let mut matches = vec![self.hostname()?];
        while self.eat(Punct::Comma) {
            if self.at_kw(Keyword::Inherits) || self.at(Punct::LBrace) {
                break;
            }
            matches.push(self.hostname()?);
        }
        let parent = if self.at_kw(Keyword::Inherits) {
            self.skip();
            Some(self.hostname()?)
        } else {
            None
        };
        let body = self.definition_body()?;
        Ok(Expr::new(
            ExprKind::NodeDef(Rc::new(NodeDef {
                matches,
                parent,
                body,
                variables: Cell::new(0),
            })),
            self.span_from(start),
        ))
    }

    /// A host matcher: dotted name, string, regex or `default`.
    fn hostname(&mut self) -> PResult<Expr> {
        let start = self.start();
        match self.tok() {
            Tok::Keyword(Keyword::Default) => {
                self.skip();
                Ok(Expr::new(ExprKind::Default, self.span_from(start)))
            }
            Tok::Str(_) | Tok::DqPre(_) | Tok::Heredoc(_) | Tok::Regex(_) => {
                self.expression_primary_only()
            }
            Tok::Name(_) | Tok::Integer(_) | Tok::Float(_) => {
                let mut text = String::new();
                loop {
                    let t = self.advance();
                    text.push_str(&self.src[t.span.start as usize..t.span.end as usize]);
                    if self.at(Punct::Dot)
                        && matches!(
                            self.peek_tok(1),
                            Tok::Name(_) | Tok::Integer(_) | Tok::Float(_)
                        )
                    {
                        self.skip();
                        text.push('.');
                    } else {
                        break;
                    }
                }
                Ok(Expr::new(
                    ExprKind::String(text.into()),
                    self.span_from(start),
                ))
            }
            _ => Err(self.unexpected()),
        }
    }

    /// A string or regex literal (node host matchers).
    fn expression_primary_only(&mut self) -> PResult<Expr> {
        let start = self.start();
        match self.tok().clone() {
            Tok::Regex(r) => {
                self.skip();
                Ok(Expr::new(ExprKind::Regex(r), self.span_from(start)))
            }
            Tok::Str(s) => {
                self.skip();
                Ok(Expr::new(ExprKind::String(s), self.span_from(start)))
            }
            _ => self.expression(),
        }
    }

    /// `type Name = Type`, `type Name = Type[args]`, `type Name = Type { hash }`,
    /// `type Name = { hash }` or `type Name = [array]`.
    pub(super) fn type_alias(&mut self) -> PResult<Expr> {
        let start = self.start();
        self.skip();
        let Tok::ClassRef(name) = self.tok().clone() else {
            return Err(self.unexpected());
        };
        self.skip();
        if self.eat(Punct::LBrack) {
            // `type X[Y] = T` is a type mapping: parsed by the reference, then refused.
            self.nested(|p| p.arguments(Punct::RBrack, true))?;
            let mapping = self.span_from(start);
            self.expect(Punct::Equals)?;
            self.type_reference()?;
            return Err(Failed::from(Error::validation(
                "Expressions of type a Type Mapping are not supported in this version of Puppet",
                mapping,
            )));
        }
        self.expect(Punct::Equals)?;
        let type_expr = match self.tok() {
            Tok::ClassRef(_) => {
                let t = self.type_reference()?;
                if self.at(Punct::LBrace) && !matches!(t.kind, ExprKind::Access(..)) {
                    let hash = self.hash()?;
                    let span = t.span.to(hash.span);
                    Expr::new(ExprKind::Access(Box::new(t), vec![hash]), span)
                } else {
                    t
                }
            }
            Tok::Punct(Punct::LBrace) => self.hash()?,
            Tok::Punct(Punct::ListStart | Punct::LBrack) => self.array()?,
            _ => return Err(self.unexpected()),
        };
        Ok(Expr::new(
            ExprKind::TypeAlias {
                name,
                type_expr: Box::new(type_expr),
            },
            self.span_from(start),
        ))
    }
}
