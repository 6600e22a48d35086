//! Control flow (`if`, `unless`, `case`), lambdas and parameter lists.

use super::{PResult, Parser};
use crate::ast::{CaseArm, Expr, ExprKind, Lambda, Param};
use crate::lexer::{Keyword, Punct, Tok};
use std::cell::Cell;
use std::rc::Rc;

impl<'s> Parser<'s> {
    /// `if cond { } (elsif cond { })* (else { })?`
    pub(super) fn if_expr(&mut self) -> PResult<Expr> {
        let start = self.start();
        self.skip();
        self.if_rest(start)
    }

    /// After `if` or `elsif`.
    fn if_rest(&mut self, start: u32) -> PResult<Expr> {
        let cond = self.expression()?;
        let then_branch = self.block()?;
        let else_branch = if self.at_kw(Keyword::Elsif) {
            let elsif_start = self.start();
            self.skip();
            let nested = self.nested(|p| p.if_rest(elsif_start))?;
            Some(Box::new([nested]) as Box<[Expr]>)
        } else if self.at_kw(Keyword::Else) {
            self.skip();
            Some(self.block()?.into_boxed_slice())
        } else {
            None
        };
        Ok(Expr::new(
            ExprKind::If {
                cond: Box::new(cond),
                then_branch,
                else_branch,
            },
            self.span_from(start),
        ))
    }

    /// `unless cond { } (else { })?`
    pub(super) fn unless_expr(&mut self) -> PResult<Expr> {
        let start = self.start();
        self.skip();
        let cond = self.expression()?;
        let then_branch = self.block()?;
        let else_branch = if self.at_kw(Keyword::Else) {
            self.skip();
            Some(self.block()?.into_boxed_slice())
        } else {
            None
        };
        Ok(Expr::new(
            ExprKind::Unless {
                cond: Box::new(cond),
                then_branch,
                else_branch,
            },
            self.span_from(start),
        ))
    }

    /// `case test { opt, opt: { } ... }` (at least one option)
    pub(super) fn case_expr(&mut self) -> PResult<Expr> {
        let start = self.start();
        self.skip();
        let test = self.expression()?;
        self.expect(Punct::LBrace)?;
        let arms = self.nested(|p| {
            let mut arms = Vec::new();
            loop {
                let arm_start = p.start();
                let mut options = vec![p.case_option()?];
                while p.eat(Punct::Comma) {
                    options.push(p.case_option()?);
                }
                p.expect(Punct::Colon)?;
                let body = p.block()?;
                arms.push(CaseArm {
                    options,
                    body: body.into(),
                    span: p.span_from(arm_start),
                });
                if p.at(Punct::RBrace) {
                    break;
                }
            }
            Ok(arms)
        })?;
        self.expect(Punct::RBrace)?;
        Ok(Expr::new(
            ExprKind::Case {
                test: Box::new(test),
                arms,
            },
            self.span_from(start),
        ))
    }

    /// A case option: an expression, or a lambda (the spec allows lambdas as options; the
    /// reference's grammar does not — see docs/deviations.md).
    fn case_option(&mut self) -> PResult<Expr> {
        if self.at(Punct::Pipe) {
            let start = self.start();
            let lambda = self.nested(|p| p.lambda())?;
            return Ok(Expr::new(ExprKind::Lambda(lambda), self.span_from(start)));
        }
        self.expression()
    }

    /// A lambda if one follows (`|params| { }`).
    pub(super) fn optional_lambda(&mut self) -> PResult<Option<Rc<Lambda>>> {
        if !self.at(Punct::Pipe) {
            return Ok(None);
        }
        self.nested(|p| p.lambda()).map(Some)
    }

    /// `|params| (>> Type)? { statements }`
    fn lambda(&mut self) -> PResult<Rc<Lambda>> {
        let start = self.start();
        self.expect(Punct::Pipe)?;
        let mut params = Vec::new();
        while !self.at(Punct::Pipe) {
            params.push(self.parameter()?);
            if !self.eat(Punct::Comma) {
                break;
            }
        }
        self.expect(Punct::Pipe)?;
        let return_type = self.return_type()?;
        let body = self.block()?;
        Ok(Rc::new(Lambda {
            params,
            return_type,
            body,
            span: self.span_from(start),
            frame_size: Cell::new(0),
        }))
    }

    /// `>> Type` or `>> Type[args]`, if present.
    pub(super) fn return_type(&mut self) -> PResult<Option<Expr>> {
        if !self.eat(Punct::RShift) {
            return Ok(None);
        }
        self.type_reference().map(Some)
    }

    /// `Type` or `Type[args]` (parameter types, return types).
    pub(super) fn type_reference(&mut self) -> PResult<Expr> {
        let start = self.start();
        let Tok::ClassRef(name) = self.tok().clone() else {
            return Err(self.unexpected());
        };
        self.skip();
        let t = Expr::new(ExprKind::QualifiedReference(name), self.span_from(start));
        if self.eat(Punct::LBrack) {
            let keys = self.nested(|p| p.arguments(Punct::RBrack, true))?;
            return Ok(Expr::new(
                ExprKind::Access(Box::new(t), keys),
                self.span_from(start),
            ));
        }
        Ok(t)
    }

    /// `(Type)? *? $name (= default)?`
    pub(super) fn parameter(&mut self) -> PResult<Param> {
        let start = self.start();
        let type_expr = if matches!(self.tok(), Tok::ClassRef(_)) {
            Some(self.type_reference()?)
        } else {
            None
        };
        let captures_rest = self.eat(Punct::Times);
        let Tok::Variable(name) = self.tok().clone() else {
            return Err(self.unexpected());
        };
        self.skip();
        let default = if self.eat(Punct::Equals) {
            Some(self.expression()?)
        } else {
            None
        };
        Ok(Param {
            name,
            type_expr,
            captures_rest,
            default,
            span: self.span_from(start),
        })
    }

    /// `(params)` or nothing, for definitions.
    pub(super) fn parameter_list(&mut self) -> PResult<Vec<Param>> {
        if !(self.at(Punct::LParen) || self.at(Punct::WsLParen)) {
            return Ok(Vec::new());
        }
        self.skip();
        let mut params = Vec::new();
        while !self.at(Punct::RParen) {
            params.push(self.nested(|p| p.parameter())?);
            if !self.eat(Punct::Comma) {
                break;
            }
        }
        self.expect(Punct::RParen)?;
        Ok(params)
    }
}
