//! Expressions proper: operators by precedence climbing, postfix forms (`[]`, `.`, calls,
//! collectors, selectors) and primaries.

use super::{PResult, Parser};
use crate::ast::{BinOp, CallSite, CallStyle, Expr, ExprKind, SelectorArm, StrPart, UnaryOp};
use crate::lexer::{Keyword, Punct, Tok};
use std::rc::Rc;

/// Binding powers, loosest to tightest (the reference's precedence table).
const SELECTOR_BP: u8 = 30;
const UMINUS_BP: u8 = 110;
const SPLAT_BP: u8 = 115;
const NOT_BP: u8 = 120;

fn binary_op(tok: &Tok) -> Option<(BinOp, u8)> {
    Some(match tok {
        Tok::Keyword(Keyword::Or) => (BinOp::Or, 10),
        Tok::Keyword(Keyword::And) => (BinOp::And, 20),
        Tok::Punct(Punct::Lt) => (BinOp::Lt, 40),
        Tok::Punct(Punct::Le) => (BinOp::Le, 40),
        Tok::Punct(Punct::Gt) => (BinOp::Gt, 40),
        Tok::Punct(Punct::Ge) => (BinOp::Ge, 40),
        Tok::Punct(Punct::IsEqual) => (BinOp::Eq, 50),
        Tok::Punct(Punct::NotEqual) => (BinOp::Ne, 50),
        Tok::Punct(Punct::LShift) => (BinOp::Shl, 60),
        Tok::Punct(Punct::RShift) => (BinOp::Shr, 60),
        Tok::Punct(Punct::Plus) => (BinOp::Add, 70),
        Tok::Punct(Punct::Minus) => (BinOp::Sub, 70),
        Tok::Punct(Punct::Times) => (BinOp::Mul, 80),
        Tok::Punct(Punct::Div) => (BinOp::Div, 80),
        Tok::Punct(Punct::Modulo) => (BinOp::Mod, 80),
        Tok::Punct(Punct::Match) => (BinOp::Match, 90),
        Tok::Punct(Punct::NoMatch) => (BinOp::NotMatch, 90),
        Tok::Keyword(Keyword::In) => (BinOp::In, 100),
        _ => return None,
    })
}

/// An argument as written: an expression or a `key => value` pair (pairs in a row become
/// one hash argument).
pub(super) enum Arg {
    Plain(Expr),
    Pair(Expr, Expr),
}

/// The `key => value` arguments in a row before `out`'s next one, as one hash argument.
fn flush_pairs(pending: &mut Vec<(Expr, Expr)>, out: &mut Vec<Expr>) {
    if let (Some(first), Some(last)) = (pending.first(), pending.last()) {
        let span = first.0.span.to(last.1.span);
        out.push(Expr::new(ExprKind::hash(std::mem::take(pending)), span));
    }
}

impl<'s> Parser<'s> {
    /// A full expression (no assignment, relationship or resource).
    pub(super) fn expression(&mut self) -> PResult<Expr> {
        self.expr_bp(0)
    }

    /// Operators binding tighter than `min`. The right operand of a binary operator binds
    /// tighter than the operator, so this recursion is as deep as the precedence levels at
    /// most; postfix forms and operators of one level are a loop.
    fn expr_bp(&mut self, min: u8) -> PResult<Expr> {
        {
            let p = self;
            let start = p.start();
            let mut left = p.prefix()?;
            loop {
                left = match p.tok() {
                    Tok::Punct(Punct::LBrack) => p.access(left, start)?,
                    Tok::Punct(Punct::Dot) => p.method_call(left, start)?,
                    Tok::Punct(Punct::LParen) => p.call(left, start)?,
                    Tok::Punct(Punct::LCollect | Punct::LLCollect) => p.collector(left, start)?,
                    Tok::Punct(Punct::QMark) if min < SELECTOR_BP => p.selector(left, start)?,
                    tok => {
                        let Some((op, bp)) = binary_op(tok) else {
                            break;
                        };
                        if bp <= min {
                            break;
                        }
                        p.skip();
                        let right = p.expr_bp(bp)?;
                        Expr::new(
                            ExprKind::Binary(op, Box::new(left), Box::new(right)),
                            p.span_from(start),
                        )
                    }
                };
            }
            Ok(left)
        }
    }

    fn prefix(&mut self) -> PResult<Expr> {
        let start = self.start();
        let (op, bp) = match self.tok() {
            Tok::Punct(Punct::Minus) => (UnaryOp::Neg, UMINUS_BP),
            Tok::Punct(Punct::Times) => (UnaryOp::Splat, SPLAT_BP),
            Tok::Punct(Punct::Not) => (UnaryOp::Not, NOT_BP),
            _ => return self.primary(),
        };
        self.skip();
        let operand = self.nested(|p| p.expr_bp(bp))?;
        Ok(Expr::new(
            ExprKind::Unary(op, Box::new(operand)),
            self.span_from(start),
        ))
    }

    fn primary(&mut self) -> PResult<Expr> {
        let start = self.start();
        match self.tok() {
            Tok::Integer(_)
            | Tok::Float(_)
            | Tok::Str(_)
            | Tok::Word(_)
            | Tok::Regex(_)
            | Tok::Name(_)
            | Tok::ClassRef(_)
            | Tok::Variable(_) => {
                let t = self.advance();
                let kind = match t.tok {
                    Tok::Integer(i) => ExprKind::Integer(i),
                    Tok::Float(f) => ExprKind::Float(f),
                    Tok::Str(s) => ExprKind::String(s),
                    Tok::Word(w) => ExprKind::String(w.clone()),
                    Tok::Regex(r) => ExprKind::Regex(r),
                    Tok::Name(n) => ExprKind::QualifiedName(n),
                    Tok::ClassRef(n) => ExprKind::QualifiedReference(n),
                    Tok::Variable(v) => ExprKind::Variable(crate::ast::VarRef::new(v)),
                    _ => unreachable!("matched above"),
                };
                Ok(Expr::new(kind, t.span))
            }
            Tok::DqPre(_) => self.dq_string(),
            Tok::Heredoc(_) => {
                let tag = self.advance();
                let Tok::Heredoc(syntax) = tag.tok else {
                    unreachable!("matched above")
                };
                let text = match self.tok() {
                    Tok::Str(_) => {
                        let t = self.advance();
                        let Tok::Str(s) = t.tok else {
                            unreachable!("matched above")
                        };
                        Expr::new(ExprKind::String(s), t.span)
                    }
                    Tok::DqPre(_) => self.dq_string()?,
                    _ => return Err(self.unexpected()),
                };
                Ok(Expr::new(
                    ExprKind::Heredoc {
                        syntax,
                        text: Box::new(text),
                    },
                    tag.span,
                ))
            }
            Tok::Punct(Punct::ListStart | Punct::LBrack) => self.array(),
            Tok::Punct(Punct::LBrace) => self.hash(),
            Tok::Punct(Punct::LParen | Punct::WsLParen) => {
                self.skip();
                let inner = self.nested(|p| p.assignment())?;
                self.expect(Punct::RParen)?;
                Ok(Expr::new(
                    ExprKind::Paren(Box::new(inner)),
                    self.span_from(start),
                ))
            }
            Tok::Keyword(k) => {
                let k = *k;
                self.keyword_primary(k, start)
            }
            _ => Err(self.unexpected()),
        }
    }

    fn keyword_primary(&mut self, k: Keyword, start: u32) -> PResult<Expr> {
        let simple = |kind: ExprKind, p: &mut Self| {
            p.skip();
            Ok(Expr::new(kind, p.span_from(start)))
        };
        match k {
            Keyword::True => simple(ExprKind::Boolean(true), self),
            Keyword::False => simple(ExprKind::Boolean(false), self),
            Keyword::Undef => simple(ExprKind::Undef, self),
            Keyword::Default => simple(ExprKind::Default, self),
            // reserved words: rejected by validation
            Keyword::Attr | Keyword::Private => {
                simple(ExprKind::QualifiedName(Rc::from(k.as_str())), self)
            }
            Keyword::Type if matches!(self.peek_tok(1), Tok::Punct(Punct::LParen)) => {
                simple(ExprKind::QualifiedName(Rc::from("type")), self)
            }
            Keyword::Type => self.nested(|p| p.type_alias()),
            Keyword::If => self.nested(|p| p.if_expr()),
            Keyword::Unless => self.nested(|p| p.unless_expr()),
            Keyword::Case => self.nested(|p| p.case_expr()),
            Keyword::Function => self.nested(|p| p.function_def()),
            Keyword::Class => self.nested(|p| p.class_def()),
            Keyword::Define => self.nested(|p| p.define_def()),
            Keyword::Node => self.nested(|p| p.node_def()),
            _ => Err(self.unexpected()),
        }
    }

    /// `DqPre expr (DqMid expr)* DqPost`
    fn dq_string(&mut self) -> PResult<Expr> {
        let start = self.start();
        let mut parts = Vec::new();
        let push_text = |parts: &mut Vec<StrPart>, text: Rc<str>| {
            if !text.is_empty() {
                parts.push(StrPart::Text(text));
            }
        };
        if let Tok::DqPre(_) = self.tok() {
            if let Tok::DqPre(t) = self.advance().tok {
                push_text(&mut parts, t);
            }
        }
        loop {
            let e = self.nested(|p| p.assignment())?;
            parts.push(StrPart::Expr(e));
            match self.tok() {
                Tok::DqMid(_) => {
                    if let Tok::DqMid(t) = self.advance().tok {
                        push_text(&mut parts, t);
                    }
                }
                Tok::DqPost(_) => {
                    if let Tok::DqPost(t) = self.advance().tok {
                        push_text(&mut parts, t);
                    }
                    break;
                }
                _ => return Err(self.unexpected()),
            }
        }
        Ok(Expr::new(
            ExprKind::Interpolated(parts),
            self.span_from(start),
        ))
    }

    /// A hash key or value, or an array element: `type` and `function` are strings there.
    fn hash_entry(&mut self) -> PResult<Expr> {
        // A literal followed by what ends an entry is that literal: what the way down
        // through assignments, relationships, resources and operators gives, without it
        // (most of a big data literal's elements).
        if matches!(
            self.tok(),
            Tok::Integer(_)
                | Tok::Float(_)
                | Tok::Str(_)
                | Tok::Name(_)
                | Tok::Keyword(Keyword::True | Keyword::False)
        ) && matches!(
            self.peek_tok(1),
            Tok::Punct(
                Punct::FArrow | Punct::Comma | Punct::RBrack | Punct::RBrace | Punct::RParen
            )
        ) {
            return self.primary();
        }
        if let Tok::Keyword(k @ (Keyword::Type | Keyword::Function)) = self.tok() {
            if matches!(
                self.peek_tok(1),
                Tok::Punct(
                    Punct::FArrow | Punct::Comma | Punct::RBrack | Punct::RBrace | Punct::RParen
                )
            ) {
                let k = *k;
                let t = self.advance();
                return Ok(Expr::new(ExprKind::String(k.as_str().into()), t.span));
            }
        }
        self.assignment()
    }

    /// An argument: an expression (an assignment unless `access`) or `key => value`.
    pub(super) fn argument(&mut self, access: bool) -> PResult<Arg> {
        let key = if access {
            let key = self.expression()?;
            // An arrow (`->`, `~>`, `<-`, `<~`) or `=` has no place in `[...]`: the
            // reference's parser takes the operator and its right operand before it finds
            // that out, so its syntax error is at the token after them (`Optional[a -> b]`
            // fails at `]`).
            let misplaced = |tok: &Tok| {
                super::resource::relation_op(tok).is_some()
                    || matches!(tok, Tok::Punct(Punct::Equals))
            };
            if misplaced(self.tok()) {
                while misplaced(self.tok()) {
                    self.skip();
                    self.nested(|p| p.expression())?;
                }
                return Err(self.unexpected());
            }
            key
        } else {
            self.hash_entry()?
        };
        if self.eat(Punct::FArrow) {
            let value = self.hash_entry()?;
            return Ok(Arg::Pair(key, value));
        }
        Ok(Arg::Plain(key))
    }

    /// Arguments up to `close` (consumed), with an optional trailing comma.
    pub(super) fn arguments(&mut self, close: Punct, access: bool) -> PResult<Vec<Expr>> {
        self.arguments_ending(close, access, true)
    }

    /// Arguments up to `close` (consumed); a comma before it is refused unless `trailing`
    /// (a method call's: the reference's grammar gives no trailing comma there, `[1].f(2,)`
    /// is `Syntax error at ')'`, where `f(1, 2,)` is accepted).
    fn arguments_ending(
        &mut self,
        close: Punct,
        access: bool,
        trailing: bool,
    ) -> PResult<Vec<Expr>> {
        // (each argument goes to its place at once: consecutive pairs into one hash)
        let mut args = Vec::new();
        let mut pairs = Vec::new();
        while !self.at(close) {
            match self.argument(access)? {
                Arg::Plain(e) => {
                    flush_pairs(&mut pairs, &mut args);
                    args.push(e);
                }
                Arg::Pair(k, v) => pairs.push((k, v)),
            }
            if !self.eat(Punct::Comma) {
                break;
            }
            if !trailing && self.at(close) {
                return Err(self.unexpected());
            }
        }
        flush_pairs(&mut pairs, &mut args);
        self.expect(close)?;
        Ok(args)
    }

    pub(super) fn array(&mut self) -> PResult<Expr> {
        let start = self.start();
        self.skip();
        let items = self.nested(|p| p.arguments(Punct::RBrack, false))?;
        Ok(Expr::new(ExprKind::array(items), self.span_from(start)))
    }

    pub(super) fn hash(&mut self) -> PResult<Expr> {
        let start = self.start();
        self.expect(Punct::LBrace)?;
        let entries = self.nested(|p| {
            let mut entries = Vec::new();
            while !p.at(Punct::RBrace) {
                let key = p.hash_entry()?;
                p.expect(Punct::FArrow)?;
                let value = p.hash_entry()?;
                entries.push((key, value));
                if !p.eat(Punct::Comma) {
                    break;
                }
            }
            p.expect(Punct::RBrace)?;
            Ok(entries)
        })?;
        Ok(Expr::new(ExprKind::hash(entries), self.span_from(start)))
    }

    /// `left[keys]` (at least one key)
    fn access(&mut self, left: Expr, start: u32) -> PResult<Expr> {
        self.skip();
        if self.at(Punct::RBrack) {
            return Err(self.unexpected());
        }
        let keys = self.nested(|p| p.arguments(Punct::RBrack, true))?;
        Ok(Expr::new(
            ExprKind::Access(Box::new(left), keys),
            self.span_from(start),
        ))
    }

    /// `left.name`, `left.name(args)`, with an optional lambda.
    fn method_call(&mut self, receiver: Expr, start: u32) -> PResult<Expr> {
        self.skip();
        let name: Rc<str> = match self.tok() {
            Tok::Name(n) => n.clone(),
            Tok::Keyword(Keyword::Type) => Rc::from("type"),
            _ => return Err(self.unexpected()),
        };
        self.skip();
        let mut args = vec![receiver];
        if self.eat(Punct::LParen) {
            args.extend(self.nested(|p| p.arguments_ending(Punct::RParen, false, false))?);
        }
        let block = self.optional_lambda()?;
        Ok(Expr::new(
            ExprKind::Call {
                name,
                args: args.into(),
                block,
                style: CallStyle::Method,
                site: CallSite::default(),
            },
            self.span_from(start),
        ))
    }

    /// `callee(args)` with an optional lambda.
    fn call(&mut self, callee: Expr, start: u32) -> PResult<Expr> {
        self.skip();
        let args = self.nested(|p| p.arguments(Punct::RParen, false))?;
        let block = self.optional_lambda()?;
        let kind = match &callee.kind {
            ExprKind::QualifiedName(name) => ExprKind::Call {
                name: name.clone(),
                args: args.into(),
                block,
                style: CallStyle::Prefix,
                site: CallSite::default(),
            },
            _ => ExprKind::CallType {
                callee: Box::new(callee),
                args,
                block,
            },
        };
        Ok(Expr::new(kind, self.span_from(start)))
    }

    /// `Type <| query |>` / `Type <<| query |>>`, optionally followed by `{ attributes }`.
    fn collector(&mut self, type_ref: Expr, start: u32) -> PResult<Expr> {
        let exported = self.at(Punct::LLCollect);
        self.skip();
        let close = if exported {
            Punct::RRCollect
        } else {
            Punct::RCollect
        };
        let query = if self.at(close) {
            None
        } else {
            Some(Box::new(self.nested(|p| p.expression())?))
        };
        self.expect(close)?;
        let attributes = if self.at(Punct::LBrace) {
            self.skip();
            let ops = self.attribute_operations()?;
            self.expect(Punct::RBrace)?;
            ops
        } else {
            Vec::new()
        };
        Ok(Expr::new(
            ExprKind::Collector {
                type_ref: Box::new(type_ref),
                exported,
                query,
                attributes,
            },
            self.span_from(start),
        ))
    }

    /// `test ? { option => value, ... }` or `test ? option => value`
    fn selector(&mut self, test: Expr, start: u32) -> PResult<Expr> {
        self.skip();
        let arms = self.nested(|p| {
            let mut arms = Vec::new();
            if p.eat(Punct::SelBrace) {
                loop {
                    arms.push(p.selector_arm()?);
                    if !p.eat(Punct::Comma) || p.at(Punct::RBrace) {
                        break;
                    }
                }
                p.expect(Punct::RBrace)?;
            } else {
                arms.push(p.selector_arm()?);
            }
            Ok(arms)
        })?;
        Ok(Expr::new(
            ExprKind::Selector(Box::new(test), arms),
            self.span_from(start),
        ))
    }

    fn selector_arm(&mut self) -> PResult<SelectorArm> {
        let option = self.expression()?;
        self.expect(Punct::FArrow)?;
        let value = self.expression()?;
        Ok(SelectorArm { option, value })
    }
}
