//! The Ruby subset's parser: tokens (of a whole template, text and tags included) into a
//! list of statements. Precedence follows Ruby's operator table.

use crate::ast::{
    BeginBlock, Block, ClassDef, DefParam, Kind, MethodDef, Name, Node, Param, Part, RescueClause,
    When, PASSED_BLOCK_PARAM,
};
use crate::error::RubyError;
use crate::lexer::{is_keyword, lex};
use crate::names::M;
use crate::token::{StrPart, Tok, Token};
use rustc_hash::FxHashSet as HashSet;
use std::rc::Rc;

type PResult<T> = Result<T, RubyError>;

pub struct Parser {
    toks: Vec<Token>,
    pos: usize,
    /// The names assigned so far (a name is a local variable from its first assignment on).
    locals: HashSet<String>,
    /// The names assigned (or bound) so far in the method or class body being parsed, in
    /// order: a block's `outer` are those of them, assigned inside it, that were locals
    /// before it.
    assigned: Vec<String>,
    /// Inside a loop's condition, where `do` belongs to the loop.
    no_do: bool,
    /// Inside a method call's argument, where a `,` ends the argument: `m(x += 1, &b)` and
    /// `m(a, b = 1)` pass two arguments (no array on the right, no multiple assignment).
    in_args: bool,
    /// Nesting depth of expressions, bounded so that a template cannot overflow the stack.
    depth: usize,
    /// Whether the method being parsed has a bare `super` so far.
    zsuper: bool,
}

/// What may end an `if`'s condition, as Ruby's parser names it.
const IF_CONDITION_ENDS: &str = "`then' or ';' or '\\n'";
/// What may end a loop's condition.
const LOOP_CONDITION_ENDS: &str = "`do' for condition or ';' or '\\n'";

/// How deeply expressions may nest.
const MAX_DEPTH: usize = 64;
/// How many operators or method calls one chain may have (the tree nests as deep).
const MAX_CHAIN: usize = 256;

/// Lexes and parses Ruby source (its offsets from `base`) into statements. Ruby's parser
/// asks its lexer for one token at a time: a syntax error among the tokens before a lexical
/// error is the one it reports first (`x = 1 > > "open`: `unexpected '>'`, not the
/// unterminated string), see [`earlier_syntax_error`].
pub fn parse_source(src: &str, base: usize) -> PResult<Vec<Node>> {
    let mut toks = Vec::new();
    match crate::lexer::lex(src, base, &mut toks) {
        Ok(()) => parse(toks),
        Err(e) => Err(earlier_syntax_error(toks, e)),
    }
}

/// The error Ruby reports first for code whose lexing stopped at `lex_error` after the
/// tokens `toks`: the parser's error among them, when they are followed by a name (which
/// any operand can be: an error only the cut made does not come before it), else the
/// lexical one.
pub fn earlier_syntax_error(mut toks: Vec<Token>, lex_error: RubyError) -> RubyError {
    let cut = lex_error.at();
    toks.push(Token {
        tok: Tok::Ident("x".into()),
        at: cut,
        end: cut,
        spaced: true,
    });
    match parse(toks) {
        Err(e @ RubyError::Syntax { .. }) if e.at() < cut => e,
        _ => lex_error,
    }
}

/// Parses the tokens of a template into statements.
pub fn parse(mut toks: Vec<Token>) -> PResult<Vec<Node>> {
    let end = toks.last().map_or(0, |t| t.at);
    toks.push(Token {
        tok: Tok::Eof,
        at: end,
        end,
        spaced: true,
    });
    let mut p = Parser {
        toks,
        pos: 0,
        locals: HashSet::default(),
        assigned: Vec::new(),
        no_do: false,
        in_args: false,
        depth: 0,
        zsuper: false,
    };
    let body = p.statements_in(Some("end-of-input"))?;
    match p.tok() {
        Tok::Eof => Ok(body),
        _ => Err(p.expected("end-of-input")),
    }
}

fn op_prec(op: &str) -> Option<u8> {
    Some(match op {
        "||" => 1,
        "&&" => 2,
        "<=>" | "==" | "===" | "!=" | "=~" | "!~" => 4,
        "<" | "<=" | ">" | ">=" => 5,
        "|" | "^" => 6,
        "&" => 7,
        "<<" | ">>" => 8,
        "+" | "-" => 9,
        "*" | "/" | "%" => 10,
        "**" => 12,
        _ => return None,
    })
}

impl Parser {
    fn tok(&self) -> &Tok {
        &self.toks[self.pos].tok
    }
    fn peek_tok(&self, n: usize) -> &Tok {
        let i = (self.pos + n).min(self.toks.len() - 1);
        &self.toks[i].tok
    }
    fn at(&self) -> usize {
        self.toks[self.pos].at
    }
    fn spaced(&self) -> bool {
        self.toks[self.pos].spaced
    }
    /// Steps past the current token (the last, `Eof`, stays current).
    fn advance(&mut self) {
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
    }
    /// The current token, moved out of the list (a `Newline` left in its place; `Eof` is
    /// left as it is), and steps past it: the parser reads each token once, and copying
    /// tokens' names and texts cost more than a tenth of parsing a template.
    fn take(&mut self) -> Tok {
        let tok = match &mut self.toks[self.pos].tok {
            Tok::Eof => Tok::Eof,
            t => std::mem::replace(t, Tok::Newline),
        };
        self.advance();
        tok
    }
    /// Steps back onto the token `take` returned, to name it in a syntax error.
    fn back(&mut self, tok: Tok) {
        self.pos -= 1;
        // (`take` stays on `Eof`, so the step back goes to the token before it, as is.)
        if !matches!(tok, Tok::Eof) {
            self.toks[self.pos].tok = tok;
        }
    }
    fn is_op(&self, op: &str) -> bool {
        matches!(self.tok(), Tok::Op(o) if *o == op)
    }
    fn is_kw(&self, kw: &str) -> bool {
        matches!(self.tok(), Tok::Ident(s) if s == kw)
    }
    fn eat_op(&mut self, op: &str) -> bool {
        let hit = self.is_op(op);
        if hit {
            self.advance();
        }
        hit
    }
    fn eat_kw(&mut self, kw: &str) -> bool {
        let hit = self.is_kw(kw);
        if hit {
            self.advance();
        }
        hit
    }
    fn expect_op(&mut self, op: &str) -> PResult<()> {
        if self.eat_op(op) {
            Ok(())
        } else {
            Err(self.expected(&token_name(op)))
        }
    }
    /// Where an element of a list closed by `close` may start (`[`, a call's `(`, a hash's
    /// `{`): a token that cannot start one there is unexpected, Ruby's parser naming the
    /// closer (`[1, ;`: "unexpected ';', expecting ']'").
    /// (`skipped`: newlines were skipped before it; at the end of the input after them the
    /// newline may be a template tag's end, which is `;` in ERB's code: no closer named.)
    fn element_can_start(&self, close: &str, skipped: bool) -> PResult<()> {
        if matches!(self.tok(), Tok::Eof) && skipped {
            return Ok(());
        }
        if matches!(self.tok(), Tok::Eof) || self.cannot_start_statement() {
            return Err(self.expected(&token_name(close)));
        }
        Ok(())
    }

    /// The statements of a body closed by `closer` (`` `end' ``, `'}'`, `')'`), worded as
    /// Ruby's parser words a token that cannot follow them: after a statement, or a
    /// separator of the body's own, it names the closer (`def f; y ]`: "unexpected ']',
    /// expecting `end'"); in a body that has neither, a closer of another kind is just
    /// unexpected (`def f; )`, `x.each { )`, `<%= begin %>`). `header_term`: the first
    /// separator is the header's (`def f;`, `if x;`, `while x`, `when 1;`, `rescue;`,
    /// `class C < B;`).
    fn body_in(&mut self, closer: &str, header_term: bool) -> PResult<Vec<Node>> {
        let start = self.pos;
        let body = self.statements_in(Some(closer))?;
        if body.is_empty()
            && self.closes_other(closer)
            && self.terms_since(start) <= usize::from(header_term)
        {
            return Err(self.unexpected());
        }
        Ok(body)
    }

    /// After the condition of an `if` (`what`: "`then' or ';' or '\\n'") or a loop ("`do'
    /// for condition or ..."): a closer there is unexpected, Ruby's parser naming what may
    /// end the condition (`<%= if @x %>`: "unexpected ')', expecting `then' or ...").
    fn condition_ends(&self, what: &str) -> PResult<()> {
        if matches!(self.tok(), Tok::Op(")" | "]" | "}") | Tok::OutEnd) {
            return Err(self.expected(what));
        }
        Ok(())
    }

    /// Whether the current token closes a body other than one closed by `closer`.
    fn closes_other(&self, closer: &str) -> bool {
        match self.tok() {
            Tok::Op(")") | Tok::OutEnd => closer != "')'",
            Tok::Op("}") => closer != "'}'",
            Tok::Op("]") => true,
            Tok::Ident(s) if s == "end" => closer != "`end'",
            _ => false,
        }
    }

    /// The statement separators from token `start` to the current one, as Ruby's lexer
    /// makes them: each `;`, and a newline where it ends an expression (not after another
    /// separator, an opening bracket, a block's parameters, a comma or a keyword that begins
    /// a body).
    fn terms_since(&self, start: usize) -> usize {
        let mut n = 0;
        for i in start..self.pos.min(self.toks.len()) {
            let counts = match &self.toks[i].tok {
                Tok::Op(";") => true,
                Tok::Newline => !matches!(
                    i.checked_sub(1).map(|j| &self.toks[j].tok),
                    None | Some(Tok::Newline | Tok::Op(";" | "(" | ")" | "{" | "[" | "|" | ","))
                ) && !i
                    .checked_sub(1)
                    .is_some_and(|j| matches!(&self.toks[j].tok, Tok::Ident(k) if matches!(k.as_str(), "begin" | "do" | "else" | "ensure" | "then"))),
                _ => false,
            };
            n += usize::from(counts);
        }
        n
    }
    fn expect_kw(&mut self, kw: &str) -> PResult<()> {
        if self.eat_kw(kw) {
            Ok(())
        } else {
            Err(self.expected(&format!("`{kw}'")))
        }
    }
    fn skip_nl(&mut self) {
        while matches!(self.tok(), Tok::Newline) || self.is_op(";") {
            self.advance();
        }
    }
    fn skip_newlines(&mut self) {
        while matches!(self.tok(), Tok::Newline) {
            self.advance();
        }
    }

    /// The current token as Ruby's parser names it in a syntax error (ERB's generated code
    /// around the template's Ruby decides what `%>` and the end of a tag are).
    fn describe(&self) -> String {
        match self.tok() {
            Tok::Eof => "end-of-input".into(),
            Tok::Newline => "';'".into(),
            Tok::Text(_) | Tok::OutStart => "local variable or method".into(),
            Tok::OutEnd => "')'".into(),
            Tok::Op("*") => "*".into(),
            Tok::Op(o) if o.chars().count() == 1 => format!("'{o}'"),
            Tok::Op(o) => o.to_string(),
            Tok::Ident(s) if crate::lexer::is_keyword(s) => format!("`{s}'"),
            Tok::Ident(s) if s.ends_with(['?', '!']) => "method".into(),
            Tok::Ident(_) => "local variable or method".into(),
            Tok::Const(_) => "constant".into(),
            Tok::IVar(_) => "instance variable".into(),
            Tok::GVar(_) => "global variable".into(),
            Tok::Label(_) => "label".into(),
            Tok::Int(_) => "integer literal".into(),
            Tok::Float(_) => "float literal".into(),
            Tok::Str(_) => "string literal".into(),
            Tok::XStr(_) => "backtick literal".into(),
            Tok::Sym(_) => "symbol literal".into(),
            Tok::Regex(..) => "regexp literal".into(),
            Tok::Words(..) => "word list".into(),
        }
    }
    /// Where the current token is (the end of the template for the end of input).
    fn span(&self) -> (usize, usize) {
        let t = &self.toks[self.pos.min(self.toks.len() - 1)];
        match t.tok {
            Tok::Eof => (usize::MAX, usize::MAX),
            Tok::OutEnd | Tok::Newline => (t.at, t.at + 1),
            _ => (t.at, t.end.max(t.at)),
        }
    }
    /// A `(` left open at the `%>` of `<%= %>`: in ERB's code `CODE).to_s);` its `)`
    /// closes it, and Ruby's parser stops at the `;`.
    fn paren_closed_by_erb(&self) -> RubyError {
        let at = self.at();
        RubyError::Syntax {
            message: "syntax error, unexpected ';', expecting ')'".into(),
            at,
            end: at + 1,
            quote: true,
            also: None,
            shift: ").to_s)".len(),
        }
    }

    fn unexpected(&self) -> RubyError {
        let (at, end) = self.span();
        RubyError::syntax_span(
            format!("syntax error, unexpected {}", self.describe()),
            at,
            end,
        )
    }
    fn expected(&self, what: &str) -> RubyError {
        let (at, end) = self.span();
        RubyError::syntax_span(
            format!(
                "syntax error, unexpected {}, expecting {what}",
                self.describe()
            ),
            at,
            end,
        )
    }

    /// Whether the current token ends a statement list.
    fn at_body_end(&self) -> bool {
        match self.tok() {
            Tok::Eof | Tok::OutEnd => true,
            Tok::Op("}") | Tok::Op(")") => true,
            Tok::Ident(s) => matches!(
                s.as_str(),
                "end" | "else" | "elsif" | "when" | "in" | "rescue" | "ensure" | "then"
            ),
            _ => false,
        }
    }

    pub fn statements(&mut self) -> PResult<Vec<Node>> {
        self.statements_in(None)
    }

    /// Statements up to what closes them (`closer` names it in a syntax error, as Ruby's
    /// parser does: `end-of-input` at the top, `')'` in `<%= %>`).
    fn statements_in(&mut self, closer: Option<&str>) -> PResult<Vec<Node>> {
        // (statements in an argument, a block's or parentheses', are statements again)
        let saved = std::mem::replace(&mut self.in_args, false);
        let r = self.statements_in_rest(closer);
        self.in_args = saved;
        r
    }

    fn statements_in_rest(&mut self, closer: Option<&str>) -> PResult<Vec<Node>> {
        let mut out = Vec::new();
        loop {
            self.skip_nl();
            if self.at_body_end() && !self.is_kw("in") && !self.is_kw("then") {
                return Ok(out);
            }
            if self.is_kw("in") || self.is_kw("then") {
                return Err(self.unexpected());
            }
            if closer == Some("end-of-input") && self.cannot_start_statement() {
                return Err(self.expected("end-of-input"));
            }
            let stmt = self.statement()?;
            let template_part = matches!(stmt.kind, Kind::Text(_) | Kind::Output(_));
            out.push(stmt);
            if template_part {
                continue;
            }
            match self.tok() {
                Tok::Newline | Tok::Op(";") | Tok::Text(_) | Tok::OutStart => {}
                _ if self.at_body_end() => {}
                _ => {
                    return Err(match closer {
                        Some(c) => self.expected(c),
                        None => self.unexpected(),
                    })
                }
            }
        }
    }

    fn statement(&mut self) -> PResult<Node> {
        let at = self.at();
        match self.tok() {
            Tok::Text(_) => {
                let Tok::Text(t) = self.take() else {
                    unreachable!()
                };
                return Ok(Node::new(Kind::Text(t), at));
            }
            Tok::OutStart => {
                self.advance();
                let body = self.statements_in(Some("')'"))?;
                // (nothing before a closer of another kind: `<%= } %>`, "unexpected '}'")
                if body.is_empty() && self.closes_other("')'") {
                    return Err(self.unexpected());
                }
                if !matches!(self.tok(), Tok::OutEnd) {
                    return Err(self.expected("')'"));
                }
                self.advance();
                let inner = match body.len() {
                    1 => body.into_iter().next().unwrap_or(Node::new(Kind::Nil, at)),
                    _ => Node::new(Kind::Seq(body), at),
                };
                return Ok(Node::new(Kind::Output(inner.boxed()), at));
            }
            _ => {}
        }
        let begins = self.is_kw("begin");
        let mut node = self.expr_stmt()?;
        let mut modifiers = 0;
        loop {
            let at = self.at();
            if ["if", "unless", "while", "until", "rescue"]
                .iter()
                .any(|m| self.is_kw(m))
            {
                // each modifier nests the statement one level deeper
                modifiers += 1;
                if self.depth + modifiers > MAX_DEPTH {
                    return Err(RubyError::unsupported(
                        format!("expressions nested more than {MAX_DEPTH} deep"),
                        at,
                    ));
                }
            }
            if self.eat_kw("if") {
                let c = self.expr_stmt()?;
                node = Node::new(Kind::If(c.boxed(), vec![node], vec![]), at);
            } else if self.eat_kw("unless") {
                let c = self.expr_stmt()?;
                node = Node::new(Kind::If(c.boxed(), vec![], vec![node]), at);
            } else if let Some(until) = self
                .eat_kw("while")
                .then_some(false)
                .or_else(|| self.eat_kw("until").then_some(true))
            {
                let c = self.expr_stmt()?;
                // `begin ... end while c` runs its body once first.
                node = if begins && matches!(node.kind, Kind::Begin(_) | Kind::Seq(_)) {
                    Node::new(Kind::DoWhile(c.boxed(), vec![node], until), at)
                } else {
                    Node::new(Kind::While(c.boxed(), vec![node], until), at)
                };
            } else if self.eat_kw("rescue") {
                let r = self.expr_stmt()?;
                node = Node::new(Kind::Rescue(node.boxed(), r.boxed()), at);
            } else {
                return Ok(node);
            }
        }
    }

    /// `not`, `and`, `or` level.
    fn expr_stmt(&mut self) -> PResult<Node> {
        let mut left = self.not_expr()?;
        loop {
            let at = self.at();
            if self.eat_kw("and") {
                self.skip_newlines();
                let r = self.not_expr()?;
                left = Node::new(Kind::And(left.boxed(), r.boxed()), at);
            } else if self.eat_kw("or") {
                self.skip_newlines();
                let r = self.not_expr()?;
                left = Node::new(Kind::Or(left.boxed(), r.boxed()), at);
            } else {
                return Ok(left);
            }
        }
    }

    fn not_expr(&mut self) -> PResult<Node> {
        let at = self.at();
        if self.is_kw("not") && self.depth >= MAX_DEPTH {
            return Err(RubyError::unsupported("'not' nested too deep", at));
        }
        if self.eat_kw("not") {
            self.depth += 1;
            let e = self.not_expr();
            self.depth -= 1;
            return Ok(Node::new(Kind::Not(e?.boxed()), at));
        }
        self.expr()
    }

    /// Assignment level (right associative), with `a, b = ...`.
    pub fn expr(&mut self) -> PResult<Node> {
        self.nested(Self::expr_inner)
    }

    /// Parses with `f` one level deeper, refusing to go past `MAX_DEPTH` (the tree, its
    /// evaluation and its drop recurse as deep).
    fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        if self.depth >= MAX_DEPTH {
            return Err(RubyError::unsupported(
                format!("expressions nested more than {MAX_DEPTH} deep"),
                self.at(),
            ));
        }
        self.depth += 1;
        let r = f(self);
        self.depth -= 1;
        r
    }

    fn expr_inner(&mut self) -> PResult<Node> {
        let at = self.at();
        let left = self.ternary()?;
        if self.is_op("=") && assignable(&left) {
            self.advance();
            self.skip_newlines();
            self.declare(&left);
            let right = self.assign_rhs()?;
            return Ok(Node::new(Kind::Assign(left.boxed(), right.boxed()), at));
        }
        if self.is_op(",")
            && !self.in_args
            && (matches!(
                left.kind,
                Kind::LVar(_) | Kind::Call { vcall: true, .. } | Kind::IVar(_)
            ) || is_index_or_attribute(&left))
            && self.multi_assign_ahead()
        {
            let mut targets = vec![left];
            while self.eat_op(",") {
                let star = self.at();
                if self.eat_op("*") {
                    let t = self.primary()?;
                    if targets.iter().any(|t| matches!(t.kind, Kind::Splat(_))) {
                        return Err(RubyError::syntax_span(
                            "syntax error, unexpected *",
                            star,
                            star + 1,
                        ));
                    }
                    self.declare(&t);
                    targets.push(Node::new(Kind::Splat(t.boxed()), star));
                } else {
                    // `a[i]`, `o.attr` as well as names
                    let t = self.primary()?;
                    targets.push(self.postfix(t)?);
                }
            }
            self.expect_op("=")?;
            for t in &targets {
                self.declare(t);
            }
            let right = self.assign_rhs()?;
            return Ok(Node::new(Kind::MultiAssign(targets, right.boxed()), at));
        }
        if let &Tok::Op(op) = self.tok() {
            if op.len() >= 2
                && op.ends_with('=')
                && !matches!(op, "==" | "!=" | ">=" | "<=" | "=>")
                && assignable(&left)
            {
                self.advance();
                self.skip_newlines();
                self.declare(&left);
                let right = self.assign_rhs()?;
                let name = op.trim_end_matches('=').to_string();
                return Ok(Node::new(
                    Kind::OpAssign(left.boxed(), name, right.boxed()),
                    at,
                ));
            }
        }
        Ok(left)
    }

    /// The right side of an assignment: an expression, `a, b` (an array) or `x rescue y`.
    fn assign_rhs(&mut self) -> PResult<Node> {
        let at = self.at();
        let first = self.rhs_item()?;
        let more = self.is_op(",") && !self.in_args;
        if more || matches!(first.kind, Kind::Splat(_)) {
            // `a, b = x, *y` and `a, b = *y`: an array, splats spread into it.
            let mut items = vec![first];
            while !self.in_args && self.eat_op(",") {
                items.push(self.rhs_item()?);
            }
            return Ok(Node::new(Kind::Array(items), at));
        }
        if self.eat_kw("rescue") {
            let r = self.expr()?;
            return Ok(Node::new(Kind::Rescue(first.boxed(), r.boxed()), at));
        }
        Ok(first)
    }

    /// One value of an assignment's right-hand side: an expression or `*expr`.
    fn rhs_item(&mut self) -> PResult<Node> {
        let at = self.at();
        if self.eat_op("*") {
            let e = self.expr()?;
            return Ok(Node::new(Kind::Splat(e.boxed()), at));
        }
        self.expr()
    }

    /// Whether `, name, name =` follows (a multiple assignment rather than arguments).
    fn multi_assign_ahead(&self) -> bool {
        let mut i = self.pos;
        loop {
            match &self.toks[i].tok {
                Tok::Op(",") => i += 1,
                _ => return false,
            }
            if matches!(&self.toks[i].tok, Tok::Op("*")) {
                i += 1;
            }
            match &self.toks[i].tok {
                Tok::Ident(_) | Tok::IVar(_) => i += 1,
                _ => return false,
            }
            // `[index]` (brackets balanced) and `.name` after the name
            loop {
                match &self.toks[i].tok {
                    Tok::Op("[") => {
                        let mut depth = 0usize;
                        loop {
                            match &self.toks[i].tok {
                                Tok::Op("[") => depth += 1,
                                Tok::Op("]") => {
                                    depth -= 1;
                                    if depth == 0 {
                                        break;
                                    }
                                }
                                Tok::Eof | Tok::Newline => return false,
                                _ => {}
                            }
                            i += 1;
                        }
                        i += 1;
                    }
                    Tok::Op(".") if matches!(&self.toks[i + 1].tok, Tok::Ident(_)) => i += 2,
                    _ => break,
                }
            }
            if matches!(&self.toks[i].tok, Tok::Op("=")) {
                return true;
            }
        }
    }

    fn declare(&mut self, target: &Node) {
        match &target.kind {
            Kind::LVar(n) => self.note_local(n),
            Kind::Call {
                name, vcall: true, ..
            } => self.note_local(name),
            _ => {}
        }
    }

    fn ternary(&mut self) -> PResult<Node> {
        self.nested(Self::ternary_inner)
    }

    fn ternary_inner(&mut self) -> PResult<Node> {
        let at = self.at();
        let cond = self.range()?;
        if self.is_op("?") {
            self.advance();
            self.skip_newlines();
            let a = self.ternary()?;
            self.skip_newlines();
            // `a ? b :c` lexes `:c` as a symbol; `x ? y : z` gives `:`.
            if !self.eat_op(":") {
                if let Tok::Label(_) = self.tok() {
                    return Err(RubyError::unsupported("a label in a ternary", self.at()));
                }
                return Err(self.expected("':'"));
            }
            self.skip_newlines();
            let b = self.ternary()?;
            return Ok(Node::new(Kind::If(cond.boxed(), vec![a], vec![b]), at));
        }
        Ok(cond)
    }

    fn range(&mut self) -> PResult<Node> {
        let at = self.at();
        let left = self.binary(1)?;
        for (op, excl) in [("..", false), ("...", true)] {
            if self.eat_op(op) {
                let endless = matches!(
                    self.tok(),
                    Tok::Op("]") | Tok::Op(")") | Tok::Newline | Tok::OutEnd | Tok::Eof
                ) || self.is_op(";");
                let right = if endless {
                    Node::new(Kind::Nil, self.at())
                } else {
                    self.binary(1)?
                };
                return Ok(Node::new(
                    Kind::Range(left.boxed(), right.boxed(), excl),
                    at,
                ));
            }
        }
        Ok(left)
    }

    fn binary(&mut self, min: u8) -> PResult<Node> {
        let mut left = self.unary()?;
        for _ in 0..=MAX_CHAIN {
            let &Tok::Op(op) = self.tok() else {
                return Ok(left);
            };
            let Some(prec) = op_prec(op) else {
                return Ok(left);
            };
            if prec < min {
                return Ok(left);
            }
            let at = self.at();
            self.advance();
            self.skip_newlines();
            // `**` is right associative; the others left.
            let next = if op == "**" { prec } else { prec + 1 };
            let mut right = self.nested(|p| p.binary(next))?;
            // `a && b = c` is `a && (b = c)`
            if self.is_op("=") && assignable(&right) {
                self.advance();
                self.skip_newlines();
                self.declare(&right);
                let value = self.expr()?;
                let target_at = right.at;
                right = Node::new(Kind::Assign(right.boxed(), value.boxed()), target_at);
            }
            left = match op {
                "&&" => Node::new(Kind::And(left.boxed(), right.boxed()), at),
                "||" => Node::new(Kind::Or(left.boxed(), right.boxed()), at),
                "!=" => {
                    let eq = call(Some(left), "==", vec![right], at);
                    Node::new(Kind::Not(eq.boxed()), at)
                }
                "!~" => {
                    let m = call(Some(left), "=~", vec![right], at);
                    Node::new(Kind::Not(m.boxed()), at)
                }
                _ => call(Some(left), op, vec![right], at),
            };
        }
        Err(RubyError::unsupported(
            format!("operator chains longer than {MAX_CHAIN}"),
            left.at,
        ))
    }

    fn unary(&mut self) -> PResult<Node> {
        if self.depth >= MAX_DEPTH {
            return Err(RubyError::unsupported(
                format!("expressions nested more than {MAX_DEPTH} deep"),
                self.at(),
            ));
        }
        self.depth += 1;
        let r = self.unary_inner();
        self.depth -= 1;
        r
    }

    fn unary_inner(&mut self) -> PResult<Node> {
        let at = self.at();
        if self.eat_op("!") {
            let e = self.unary()?;
            return Ok(Node::new(Kind::Not(e.boxed()), at));
        }
        if self.is_op("-") {
            self.advance();
            match *self.tok() {
                Tok::Int(i) if !self.spaced() => {
                    self.advance();
                    // `-2 ** 2` is `-(2 ** 2)`; other operators bind looser than the literal.
                    if self.is_op("**") {
                        return self.negated_power(Node::new(Kind::Int(i), at), at);
                    }
                    let lit = Node::new(Kind::Int(-i), at);
                    return self.postfix(lit);
                }
                Tok::Float(f) if !self.spaced() => {
                    self.advance();
                    if self.is_op("**") {
                        return self.negated_power(Node::new(Kind::Float(f), at), at);
                    }
                    let lit = Node::new(Kind::Float(-f), at);
                    return self.postfix(lit);
                }
                _ => {
                    let e = self.binary(11)?;
                    return Ok(call(Some(e), "-@", vec![], at));
                }
            }
        }
        if self.eat_op("+") {
            return self.binary(11);
        }
        if self.eat_op("~") {
            let e = self.unary()?;
            return Ok(call(Some(e), "~", vec![], at));
        }
        let p = self.primary()?;
        self.postfix(p)
    }

    /// `-N ** right` after the literal `N`: `-(N ** right)`, as Ruby reads a negative
    /// number literal followed by `**`.
    fn negated_power(&mut self, base: Node, at: usize) -> PResult<Node> {
        self.advance();
        self.skip_newlines();
        let right = self.nested(|p| p.binary(op_prec("**").unwrap_or(12)))?;
        let power = call(Some(base), "**", vec![right], at);
        Ok(call(Some(power), "-@", vec![], at))
    }

    /// Method calls, indexing and `::` after a primary.
    fn postfix(&mut self, mut node: Node) -> PResult<Node> {
        for _ in 0..=MAX_CHAIN {
            // A leading `.` on the next line continues the chain.
            if matches!(self.tok(), Tok::Newline) {
                let mut i = self.pos;
                while matches!(self.toks[i].tok, Tok::Newline) {
                    i += 1;
                }
                if matches!(self.toks[i].tok, Tok::Op(".") | Tok::Op("&"))
                    && matches!(self.toks[i].tok, Tok::Op("."))
                {
                    self.pos = i;
                } else {
                    return Ok(node);
                }
            }
            let at = self.at();
            if self.is_op(".")
                || (self.is_op("&")
                    && matches!(self.peek_tok(1), Tok::Op("."))
                    && !self.toks[self.pos + 1].spaced)
            {
                let safe = self.is_op("&");
                if safe {
                    self.advance();
                }
                self.advance();
                self.skip_newlines();
                let name = match self.take() {
                    Tok::Ident(n) | Tok::Const(n) => n,
                    Tok::Label(n) => {
                        // `a.b:` cannot happen; put the colon back as an error.
                        return Err(RubyError::syntax(
                            format!("syntax error, unexpected label '{n}:'"),
                            at,
                        ));
                    }
                    Tok::Op("(") => {
                        // `f.(x)` is `f.call(x)`
                        self.back(Tok::Op("("));
                        "call".to_string()
                    }
                    Tok::Op(o)
                        if matches!(
                            o,
                            "+" | "-"
                                | "*"
                                | "/"
                                | "=="
                                | "<=>"
                                | "[]"
                                | "<<"
                                | "%"
                                | "<"
                                | ">"
                                | "<="
                                | ">="
                        ) =>
                    {
                        o.to_string()
                    }
                    _ => {
                        return Err(RubyError::syntax(
                            "syntax error, expecting a method name after '.'",
                            at,
                        ))
                    }
                };
                let mut n = self.call_rest(Some(node), name, at)?;
                newarray_min_max(&mut n);
                if safe {
                    if let Kind::Call { name, .. } = &mut n.kind {
                        *name = format!("&.{name}").into();
                    }
                }
                node = n;
            } else if self.is_op("::") && matches!(self.peek_tok(1), Tok::Ident(_)) {
                // `Const::method(...)`: a method call
                self.advance();
                let Tok::Ident(name) = self.take() else {
                    unreachable!()
                };
                node = self.call_rest(Some(node), name, at)?;
            } else if self.is_op("::") && matches!(self.peek_tok(1), Tok::Const(_)) {
                self.advance();
                let Tok::Const(c) = self.take() else {
                    unreachable!()
                };
                node = match node.kind {
                    Kind::Const(base) => {
                        Node::new(Kind::Const(format!("{}::{c}", &*base).into()), node.at)
                    }
                    _ => Node::new(Kind::ScopedConst(Box::new(node), c), at),
                };
            } else if self.is_op("[")
                && (!self.spaced() || !matches!(node.kind, Kind::Call { vcall: true, .. }))
            {
                self.advance();
                self.skip_newlines();
                let args = self.args_until("]")?;
                node = call(Some(node), "[]", args, at);
            } else {
                return Ok(node);
            }
        }
        Err(RubyError::unsupported(
            format!("method chains longer than {MAX_CHAIN}"),
            node.at,
        ))
    }

    /// After a method name: arguments in parentheses or without, and a block.
    fn call_rest(&mut self, recv: Option<Node>, name: String, at: usize) -> PResult<Node> {
        let mut args = Vec::new();
        let mut block = None;
        let mut bare = true;
        if self.is_op("(") && !self.spaced() {
            self.advance();
            self.skip_newlines();
            args = self.args_until(")")?;
            bare = false;
        } else if self.is_op("=") && recv.is_some() {
            // `obj.attr = v`: the assignment takes the call as its target
        } else if self.command_arg_start() {
            args = self.command_args()?;
            bare = false;
        }
        if let Some(last) = args.last() {
            if let Kind::Call { name: n, .. } = &last.kind {
                if &**n == "&block" {
                    let Some(Node {
                        kind: Kind::Call { args: a, .. },
                        ..
                    }) = args.pop()
                    else {
                        unreachable!()
                    };
                    block = Some(Rc::new(sym_block(a, at)?));
                }
            }
        }
        if block.is_none() {
            if self.is_op("{") {
                self.advance();
                block = Some(Rc::new(self.block_body("}")?));
                bare = false;
            } else if self.is_kw("do") && !self.no_do {
                self.advance();
                block = Some(Rc::new(self.block_body("end")?));
                bare = false;
            }
        }
        let vcall = bare && recv.is_none();
        Ok(Node::new(
            Kind::Call {
                recv: recv.map(Box::new),
                name: name.into(),
                args,
                block,
                vcall,
            },
            at,
        ))
    }

    /// Whether the next token starts an argument of a call without parentheses.
    fn command_arg_start(&self) -> bool {
        if !self.spaced() {
            return false;
        }
        let next_spaced = self.toks.get(self.pos + 1).is_some_and(|t| t.spaced);
        match self.tok() {
            Tok::Int(_)
            | Tok::Float(_)
            | Tok::Str(_)
            | Tok::Sym(_)
            | Tok::Regex(..)
            | Tok::Words(..)
            | Tok::XStr(_) => true,
            Tok::Const(_) | Tok::IVar(_) | Tok::GVar(_) | Tok::Label(_) => true,
            Tok::Ident(s) => {
                !is_keyword(s)
                    || matches!(
                        s.as_str(),
                        "nil"
                            | "true"
                            | "false"
                            | "self"
                            | "not"
                            | "defined?"
                            | "lambda"
                            | "proc"
                            // (`private def name ... end`)
                            | "def"
                    )
            }
            Tok::Op("[") | Tok::Op("(") => true,
            Tok::Op("-") | Tok::Op("*") | Tok::Op("&") | Tok::Op("::") | Tok::Op("!") => {
                !next_spaced
            }
            _ => false,
        }
    }

    fn command_args(&mut self) -> PResult<Vec<Node>> {
        let mut args = Vec::new();
        let mut pairs = Vec::new();
        loop {
            self.arg(&mut args, &mut pairs)?;
            if !self.eat_op(",") {
                break;
            }
            self.skip_newlines();
        }
        if !pairs.is_empty() {
            let at = pairs
                .first()
                .map_or(self.at(), |(k, _): &(Node, Node)| k.at);
            args.push(Node::new(Kind::Hash(pairs), at));
        }
        Ok(args)
    }

    /// Arguments up to a closing `)` or `]`; `key => value` pairs make a trailing hash.
    fn args_until(&mut self, close: &str) -> PResult<Vec<Node>> {
        let mut args = Vec::new();
        let mut pairs = Vec::new();
        loop {
            let before = self.pos;
            self.skip_newlines();
            if self.eat_op(close) {
                break;
            }
            if close == ")" && matches!(self.tok(), Tok::OutEnd) {
                return Err(self.paren_closed_by_erb());
            }
            self.element_can_start(close, self.pos != before)?;
            self.arg(&mut args, &mut pairs)?;
            self.skip_newlines();
            if !self.eat_op(",") {
                self.skip_newlines();
                if close == ")" && matches!(self.tok(), Tok::OutEnd) {
                    return Err(self.paren_closed_by_erb());
                }
                self.expect_op(close)?;
                break;
            }
        }
        if !pairs.is_empty() {
            let at = pairs[0].0.at;
            args.push(Node::new(Kind::Hash(pairs), at));
        }
        Ok(args)
    }

    fn arg(&mut self, args: &mut Vec<Node>, pairs: &mut Vec<(Node, Node)>) -> PResult<()> {
        let at = self.at();
        if let Tok::Label(_) = self.tok() {
            let Tok::Label(l) = self.take() else {
                unreachable!()
            };
            let v = match self.omitted_value(&l, ")", at)? {
                Some(v) => v,
                None => {
                    self.skip_newlines();
                    self.no_do_expr()?
                }
            };
            pairs.push((Node::new(Kind::Sym(vec![Part::Lit(l.into())]), at), v));
            return Ok(());
        }
        if self.is_op("*") {
            self.advance();
            let e = self.ternary()?;
            args.push(Node::new(Kind::Splat(e.boxed()), at));
            return Ok(());
        }
        if self.is_op("&") {
            self.advance();
            // (`&f.call`, `&h[:k]`, `&2.method(:+)`: calls and indexing after the primary)
            let e = self.primary()?;
            let e = self.postfix(e)?;
            args.push(call(None, "&block", vec![e], at));
            return Ok(());
        }
        let saved = std::mem::replace(&mut self.in_args, true);
        let e = self.no_do_expr();
        self.in_args = saved;
        let e = e?;
        if self.eat_op("=>") {
            self.skip_newlines();
            let v = self.no_do_expr()?;
            pairs.push((e, v));
        } else {
            args.push(e);
        }
        Ok(())
    }

    fn no_do_expr(&mut self) -> PResult<Node> {
        let saved = std::mem::replace(&mut self.no_do, false);
        let r = self.expr();
        self.no_do = saved;
        r
    }

    /// Makes `name` a local from here on (an assignment's target, a parameter, a rescued
    /// exception's variable).
    fn note_local(&mut self, name: &str) {
        if !self.locals.contains(name) {
            self.locals.insert(name.to_string());
        }
        self.assigned.push(name.to_string());
    }

    fn block_body(&mut self, close: &str) -> PResult<Block> {
        // A block sees the enclosing locals; those it makes (its parameters among them) end
        // with it, as Ruby's parser scopes them: after the block, such a name is a method
        // call again.
        let outer = self.locals.clone();
        let first = self.assigned.len();
        let mut block = self.block_rest(close);
        if let Ok(b) = &mut block {
            // (its own parameters among them too, when they shadow an outer local: defining
            // a local the text declared before the block is unobservable)
            let mut names: Vec<&String> = self.assigned[first..]
                .iter()
                .filter(|n| outer.contains(*n))
                .collect();
            names.sort();
            names.dedup();
            b.outer = names.into_iter().map(|n| Name::from(n.as_str())).collect();
            // (its own locals: the names it made locals, and its parameters)
            let mut own: Vec<Name> = b.params.iter().flat_map(Param::names).collect();
            for n in self.locals.iter().filter(|n| !outer.contains(*n)) {
                if !own.iter().any(|o| **o == **n) {
                    own.push(Name::from(n.as_str()));
                }
            }
            b.own = own;
        }
        self.locals = outer;
        block
    }

    fn block_rest(&mut self, close: &str) -> PResult<Block> {
        let saved = std::mem::replace(&mut self.no_do, false);
        let mut params = Vec::new();
        self.skip_newlines();
        if self.eat_op("||") {
        } else if self.eat_op("|") {
            loop {
                if self.eat_op("(") {
                    let mut names = Vec::new();
                    loop {
                        // `(a, *rest)`, `(a, *)`: the rest of the element's items
                        if self.eat_op("*") {
                            let rest = match self.tok() {
                                Tok::Ident(_) => self.param_name()?,
                                _ => Name::from(""),
                            };
                            names.push(format!("*{rest}").into());
                        } else {
                            names.push(self.param_name()?);
                        }
                        if !self.eat_op(",") {
                            break;
                        }
                    }
                    self.expect_op(")")?;
                    params.push(Param::Nested(names));
                } else if self.eat_op("*") {
                    let rest = match self.tok() {
                        Tok::Ident(_) => self.param_name()?,
                        _ => Name::from(""),
                    };
                    if params.iter().any(|p| matches!(p, Param::Rest(_))) {
                        return Err(RubyError::syntax("syntax error, unexpected *", self.at()));
                    }
                    params.push(Param::Rest(rest));
                } else {
                    let name = self.param_name()?;
                    // `|a, b = 4|`: a default (Ruby's grammar takes a primary value there,
                    // no operator: `|` ends the parameters)
                    if self.eat_op("=") {
                        let default = self.unary()?;
                        params.push(Param::Opt(name, Box::new(default)));
                    } else {
                        params.push(Param::Name(name));
                    }
                }
                if !self.eat_op(",") {
                    break;
                }
            }
            self.expect_op("|")?;
        }
        let body = self.body_in(if close == "}" { "'}'" } else { "`end'" }, false)?;
        self.no_do = saved;
        if close == "}" {
            self.expect_op("}")?;
        } else {
            self.expect_kw("end")?;
        }
        Ok(Block {
            params,
            body,
            outer: Vec::new(),
            own: Vec::new(),
            passed: None,
            compiled: Default::default(),
        })
    }

    /// Whether the current token is an operator no statement starts with (Ruby's parser,
    /// at the top, then names what it expected: the end of the input).
    fn cannot_start_statement(&self) -> bool {
        match self.tok() {
            Tok::Op(o) => !matches!(
                *o,
                "(" | "["
                    | "{"
                    | "-"
                    | "+"
                    | "!"
                    | "~"
                    | "::"
                    | "->"
                    | "*"
                    | "**"
                    | "&"
                    | ".."
                    | "..."
                    | "<<"
                    | "/"
                    | "%"
            ),
            _ => false,
        }
    }

    /// `->(a, b) { ... }`, `-> a { ... }` or `-> do ... end`, after the `->`.
    fn stabby_lambda(&mut self, at: usize) -> PResult<Node> {
        let mut params = Vec::new();
        let paren = self.eat_op("(");
        let no_params = (paren && self.is_op(")")) || self.is_op("{") || self.is_kw("do");
        if !no_params {
            loop {
                if self.eat_op("*") {
                    let rest = match self.tok() {
                        Tok::Ident(_) => self.param_name()?,
                        _ => Name::from(""),
                    };
                    params.push(Param::Rest(rest));
                    if !self.eat_op(",") {
                        break;
                    }
                    continue;
                }
                params.push(Param::Name(self.param_name()?));
                if !self.eat_op(",") {
                    break;
                }
            }
        }
        if paren {
            self.expect_op(")")?;
        }
        let close = if self.eat_op("{") {
            "}"
        } else if self.eat_kw("do") {
            "end"
        } else {
            return Err(self.unexpected());
        };
        let mut block = self.block_body(close)?;
        for n in params.iter().flat_map(Param::names) {
            if !block.own.contains(&n) {
                block.own.push(n);
            }
        }
        block.params = params;
        Ok(Node::new(Kind::Lambda(Rc::new(block), true), at))
    }

    /// The `rescue`, `else` and `ensure` clauses of `begin ... end`, after its body.
    fn begin_block(&mut self, body: Vec<Node>, at: usize) -> PResult<Node> {
        let mut rescues = Vec::new();
        while self.eat_kw("rescue") {
            let mut classes = Vec::new();
            let mut var = None;
            while !matches!(self.tok(), Tok::Newline | Tok::Op(";") | Tok::Op("=>"))
                && !self.is_kw("then")
            {
                let at = self.at();
                if self.eat_op("*") {
                    let list = self.no_do_expr()?;
                    classes.push(Node::new(Kind::Splat(Box::new(list)), at));
                } else {
                    classes.push(self.no_do_expr()?);
                }
                if !self.eat_op(",") {
                    break;
                }
            }
            if self.eat_op("=>") {
                var = Some(self.param_name()?);
            }
            self.eat_kw("then");
            let body = self.body_in("`end'", true)?;
            rescues.push(RescueClause { classes, var, body });
        }
        let otherwise = if self.eat_kw("else") {
            Some(self.body_in("`end'", false)?)
        } else {
            None
        };
        let ensure = if self.eat_kw("ensure") {
            Some(self.body_in("`end'", false)?)
        } else {
            None
        };
        self.expect_kw("end")?;
        let b = BeginBlock {
            body,
            rescues,
            otherwise,
            ensure,
        };
        Ok(Node::new(Kind::Begin(Box::new(b)), at))
    }

    fn param_name(&mut self) -> PResult<Name> {
        let at = self.at();
        match self.take() {
            Tok::Ident(n) if !is_keyword(&n) => {
                let name = Name::from(n.as_str());
                self.note_local(&n);
                Ok(name)
            }
            Tok::Op("*") | Tok::Op("&") => {
                Err(RubyError::unsupported("splat block parameters", at))
            }
            _ => Err(RubyError::syntax(
                "syntax error, expecting a block parameter name",
                at,
            )),
        }
    }

    fn primary(&mut self) -> PResult<Node> {
        let at = self.at();
        Ok(match self.take() {
            Tok::Int(i) => Node::new(Kind::Int(i), at),
            Tok::Float(f) => Node::new(Kind::Float(f), at),
            Tok::Str(parts) => {
                let mut parts = self.parts(parts)?;
                // Adjacent literals concatenate: `"a" "b"`.
                while let Tok::Str(_) = self.tok() {
                    let Tok::Str(more) = self.take() else {
                        unreachable!()
                    };
                    parts.extend(self.parts(more)?);
                }
                Node::new(Kind::Str(parts), at)
            }
            Tok::Sym(parts) => Node::new(Kind::Sym(self.parts(parts)?), at),
            // Ruby calls Kernel#` with the command's text
            Tok::XStr(parts) => {
                let text = Node::new(Kind::Str(self.parts(parts)?), at);
                call(None, "`", vec![text], at)
            }
            Tok::Regex(parts, flags) => {
                if let Some(f) = flags.chars().find(|c| !matches!(c, 'i' | 'm' | 'x')) {
                    return Err(RubyError::unsupported(format!("regexp flag '{f}'"), at));
                }
                let parts = self.parts(parts)?;
                Node::new(Kind::Regex(parts, flags, Default::default()), at)
            }
            Tok::Words(w, symbols) => Node::new(
                Kind::Array(
                    w.into_iter()
                        .map(|s| {
                            let part = vec![Part::Lit(s.into())];
                            let kind = if symbols {
                                Kind::Sym(part)
                            } else {
                                Kind::Str(part)
                            };
                            Node::new(kind, at)
                        })
                        .collect(),
                ),
                at,
            ),
            Tok::IVar(n) => Node::new(Kind::IVar(n), at),
            Tok::GVar(n) => Node::new(Kind::GVar(n), at),
            Tok::Const(c) => {
                if self.is_op("(") && !self.spaced() {
                    return self.call_rest(None, c, at);
                }
                // `Integer key`: Kernel's conversion methods called without parentheses
                if matches!(
                    c.as_str(),
                    "Integer" | "Float" | "String" | "Array" | "Hash"
                ) && self.spaced()
                    && match self.tok() {
                        Tok::Ident(n) => !is_keyword(n),
                        Tok::Int(_) | Tok::Float(_) | Tok::Str(_) | Tok::IVar(_) => true,
                        _ => false,
                    }
                {
                    return self.call_rest(None, c, at);
                }
                Node::new(Kind::Const(c.into()), at)
            }
            Tok::Label(l) => {
                return Err(RubyError::syntax(
                    format!("syntax error, unexpected label '{l}:'"),
                    at,
                ));
            }
            Tok::Op("::") => match self.take() {
                Tok::Const(c) => Node::new(Kind::Const(c.into()), at),
                _ => {
                    return Err(RubyError::syntax(
                        "syntax error, expecting a constant after '::'",
                        at,
                    ))
                }
            },
            Tok::Op("(") => {
                self.skip_nl();
                let saved = std::mem::replace(&mut self.no_do, false);
                let body = self.body_in("')'", false);
                self.no_do = saved;
                let mut body = body?;
                self.expect_op(")")?;
                match body.len() {
                    0 => Node::new(Kind::Nil, at),
                    1 => body.remove(0),
                    _ => Node::new(Kind::Seq(body), at),
                }
            }
            Tok::Op("[") => {
                let items = self.args_until("]")?;
                Node::new(Kind::Array(items), at)
            }
            Tok::Op("{") => self.hash_literal(at)?,
            Tok::Op("->") => self.stabby_lambda(at)?,
            Tok::Ident(name) => return self.identifier(name, at),
            other => {
                self.back(other);
                return Err(self.unexpected());
            }
        })
    }

    /// Ruby 3.1's value omission: a label followed at once by `,` or the closer
    /// (`f(salt:, n: 1)`, `{x:}`) stands for the local variable or method of its name.
    fn omitted_value(&mut self, label: &str, close: &str, at: usize) -> PResult<Option<Node>> {
        let local = label.starts_with(|c: char| c == '_' || c.is_ascii_lowercase());
        if !local || !(self.is_op(",") || self.is_op(close)) || label.ends_with(['?', '!']) {
            return Ok(None);
        }
        self.identifier(label.to_string(), at).map(Some)
    }

    fn hash_literal(&mut self, at: usize) -> PResult<Node> {
        let mut pairs = Vec::new();
        loop {
            let before = self.pos;
            self.skip_newlines();
            if self.eat_op("}") {
                break;
            }
            self.element_can_start("}", self.pos != before)?;
            let kat = self.at();
            if let Tok::Label(_) = self.tok() {
                let Tok::Label(l) = self.take() else {
                    unreachable!()
                };
                let v = match self.omitted_value(&l, "}", kat)? {
                    Some(v) => v,
                    None => {
                        self.skip_newlines();
                        self.element_can_start("}", false)?;
                        self.no_do_expr()?
                    }
                };
                pairs.push((Node::new(Kind::Sym(vec![Part::Lit(l.into())]), kat), v));
            } else {
                let k = self.no_do_expr()?;
                self.skip_newlines();
                self.expect_op("=>")?;
                self.skip_newlines();
                let v = self.no_do_expr()?;
                pairs.push((k, v));
            }
            self.skip_newlines();
            if !self.eat_op(",") {
                self.skip_newlines();
                self.expect_op("}")?;
                break;
            }
        }
        Ok(Node::new(Kind::Hash(pairs), at))
    }

    fn identifier(&mut self, name: String, at: usize) -> PResult<Node> {
        let kind = match name.as_str() {
            "nil" => Kind::Nil,
            "true" => Kind::True,
            "false" => Kind::False,
            "self" => Kind::SelfRef,
            "if" | "unless" => return self.if_expr(name == "unless", at),
            "case" => return self.case_expr(at),
            "while" | "until" => {
                let saved = std::mem::replace(&mut self.no_do, true);
                let cond = self.expr_stmt();
                self.no_do = saved;
                let cond = cond?;
                self.condition_ends(LOOP_CONDITION_ENDS)?;
                self.eat_kw("do");
                let body = self.body_in("`end'", true)?;
                self.expect_kw("end")?;
                return Ok(Node::new(
                    Kind::While(cond.boxed(), body, name == "until"),
                    at,
                ));
            }
            "for" => return self.for_expr(at),
            "begin" => {
                let body = self.body_in("`end'", false)?;
                if self.is_kw("rescue") || self.is_kw("ensure") || self.is_kw("else") {
                    return self.begin_block(body, at);
                }
                self.expect_kw("end")?;
                Kind::Seq(body)
            }
            "next" | "break" => {
                let value = if self.value_follows() {
                    Some(self.expr()?.boxed())
                } else {
                    None
                };
                if name == "next" {
                    Kind::Next(value)
                } else {
                    Kind::Break(value)
                }
            }
            "def" => return self.def_expr(at),
            "class" | "module" => return self.class_expr(name == "module", at),
            "return" => {
                let value = if self.value_follows() {
                    Some(self.assign_rhs()?.boxed())
                } else {
                    None
                };
                Kind::Return(value)
            }
            "yield" => {
                let Kind::Call { args, block, .. } = self.call_rest(None, name, at)?.kind else {
                    unreachable!()
                };
                if block.is_some() {
                    return Err(RubyError::syntax("block given to yield", at));
                }
                Kind::Yield(args)
            }
            "super" => {
                let explicit = (self.is_op("(") && !self.spaced()) || self.command_arg_start();
                let Kind::Call { args, block, .. } = self.call_rest(None, name, at)?.kind else {
                    unreachable!()
                };
                if block.is_some() {
                    return Err(RubyError::unsupported("a block given to super", at));
                }
                self.zsuper |= !explicit;
                Kind::Super(explicit.then_some(args))
            }
            // `alias new old` (icinga2's PBKDF2: `alias bin_string value`): the class body's
            // `alias_method(:new, :old)`
            "alias" => {
                let mut names = Vec::new();
                for _ in 0..2 {
                    let name = match self.tok() {
                        Tok::Ident(n) | Tok::Const(n) => n.clone(),
                        Tok::Sym(parts) => match parts.as_slice() {
                            [StrPart::Lit(n)] => n.clone(),
                            _ => {
                                return Err(RubyError::unsupported(
                                    "'alias' of an interpolated symbol",
                                    at,
                                ))
                            }
                        },
                        _ => {
                            return Err(RubyError::unsupported(
                                "'alias' other than of two method names",
                                at,
                            ))
                        }
                    };
                    names.push(Node::new(
                        Kind::Sym(vec![Part::Lit(name.into())]),
                        self.at(),
                    ));
                    self.advance();
                }
                Kind::Call {
                    recv: None,
                    name: "alias_method".into(),
                    args: names,
                    block: None,
                    vcall: false,
                }
            }
            "redo" | "retry" | "undef" | "ensure" | "__method__" | "BEGIN" | "END" => {
                return Err(RubyError::unsupported(format!("'{name}'"), at));
            }
            // `defined?(e)` is a primary (`defined?(x) ? a : b`, `defined?(x).nil?`);
            // `defined? e` (also `defined? (e)`) takes everything up to the assignment level.
            "defined?" => {
                let e = if self.is_op("(") && !self.spaced() {
                    self.advance();
                    self.skip_newlines();
                    let e = self.expr_stmt()?;
                    self.skip_newlines();
                    self.expect_op(")")?;
                    e
                } else {
                    self.expr()?
                };
                Kind::Defined(e.boxed())
            }
            "lambda" | "proc" if self.is_op("{") || self.is_kw("do") => {
                let close = if self.eat_op("{") { "}" } else { "end" };
                if close == "end" {
                    self.advance();
                }
                let block = self.block_body(close)?;
                Kind::Lambda(Rc::new(block), name == "lambda")
            }
            "then" | "do" | "end" | "else" | "elsif" | "when" | "in" | "and" | "or" | "rescue" => {
                self.back(Tok::Ident(name.clone()));
                return Err(self.unexpected());
            }
            _ => {
                if self.locals.contains(&name) && (!self.is_op("(") || self.spaced()) {
                    Kind::LVar(name.into())
                } else {
                    return self.call_rest(None, name, at);
                }
            }
        };
        Ok(Node::new(kind, at))
    }

    /// Whether a value follows `return`, `next` or `break`.
    fn value_follows(&self) -> bool {
        !(matches!(
            self.tok(),
            Tok::Newline
                | Tok::Op(";")
                | Tok::Op("}")
                | Tok::Op(")")
                | Tok::OutEnd
                | Tok::Eof
                | Tok::Text(_)
        ) || self.is_kw("if")
            || self.is_kw("unless")
            || self.is_kw("while")
            || self.is_kw("until")
            || self.is_kw("end"))
    }

    /// `def name(params) body end`, after `def`.
    fn def_expr(&mut self, at: usize) -> PResult<Node> {
        let mut singleton = false;
        if self.is_kw("self") && matches!(self.peek_tok(1), Tok::Op(".")) {
            self.advance();
            self.advance();
            singleton = true;
        }
        let name_at = self.at();
        let mut name = match self.take() {
            Tok::Ident(n) | Tok::Const(n) => n,
            Tok::Op("[") if self.is_op("]") => {
                self.advance();
                "[]".to_string()
            }
            Tok::Op(o)
                if matches!(
                    o,
                    "+" | "-"
                        | "*"
                        | "/"
                        | "%"
                        | "**"
                        | "=="
                        | "!="
                        | "<=>"
                        | "<"
                        | "<="
                        | ">"
                        | ">="
                        | "<<"
                        | "==="
                        | "=~"
                        | "!"
                        | "&"
                        | "|"
                        | "^"
                ) =>
            {
                o.to_string()
            }
            Tok::Label(n) => {
                return Err(RubyError::syntax(
                    format!("syntax error, unexpected label '{n}:'"),
                    name_at,
                ))
            }
            other => {
                self.back(other);
                return Err(self.unexpected());
            }
        };
        // `def name=(v)`: a setter
        if self.is_op("=") && !self.spaced() && matches!(self.peek_tok(1), Tok::Op("(")) {
            self.advance();
            name.push('=');
        }
        if name == "[]" && self.is_op("=") && !self.spaced() {
            self.advance();
            name.push('=');
        }
        let outer = std::mem::take(&mut self.locals);
        let outer_zsuper = std::mem::take(&mut self.zsuper);
        let first = self.assigned.len();
        let r = self.def_rest(name, singleton, at);
        // (the method's locals are its own: no block around the `def` assigns them)
        self.assigned.truncate(first);
        self.locals = outer;
        self.zsuper = outer_zsuper;
        r
    }

    fn def_rest(&mut self, name: String, singleton: bool, at: usize) -> PResult<Node> {
        let params = if self.eat_op("(") {
            self.skip_newlines();
            let p = self.def_params(")")?;
            self.expect_op(")")?;
            p
        } else if matches!(self.tok(), Tok::Newline) || self.is_op(";") {
            Vec::new()
        } else if self.is_op("=") {
            return Err(RubyError::unsupported("endless method definitions", at));
        } else {
            self.def_params("")?
        };
        // (a parenthesized parameter list takes no separator: `def f(a);` has one of the body)
        let header_term = !matches!(
            self.toks.get(self.pos.wrapping_sub(1)).map(|t| &t.tok),
            Some(Tok::Op(")"))
        );
        let body = self.body_in("`end'", header_term)?;
        let body = if self.is_kw("rescue") || self.is_kw("ensure") || self.is_kw("else") {
            vec![self.begin_block(body, at)?]
        } else {
            self.expect_kw("end")?;
            body
        };
        let def = MethodDef::new(name, singleton, params, body, self.zsuper);
        Ok(Node::new(Kind::Def(Rc::new(def)), at))
    }

    /// A method's parameters, up to `)` (or the end of the line without parentheses).
    fn def_params(&mut self, close: &str) -> PResult<Vec<DefParam>> {
        let mut params = Vec::new();
        let mut seen_opt = false;
        loop {
            if close == ")" && self.is_op(")") {
                break;
            }
            let pat = self.at();
            let p = if self.eat_op("**") {
                DefParam::KeyRest(self.param_name()?)
            } else if self.eat_op("*") {
                seen_opt = true;
                match self.tok() {
                    Tok::Ident(_) => DefParam::Rest(self.param_name()?),
                    _ => DefParam::Rest(Name::from("")),
                }
            } else if self.eat_op("&") {
                DefParam::Block(self.param_name()?)
            } else if let Tok::Label(_) = self.tok() {
                let Tok::Label(l) = self.take() else {
                    unreachable!()
                };
                self.note_local(&l);
                let default = if self.is_op(",")
                    || self.is_op(")")
                    || matches!(self.tok(), Tok::Newline)
                    || self.is_op(";")
                {
                    None
                } else {
                    Some(self.ternary()?)
                };
                DefParam::Key(l.into(), default)
            } else if self.is_op("(") {
                return Err(RubyError::unsupported(
                    "destructuring method parameters",
                    pat,
                ));
            } else {
                let n = self.param_name()?;
                if self.eat_op("=") {
                    seen_opt = true;
                    let d = self.ternary()?;
                    DefParam::Opt(n, d)
                } else if seen_opt {
                    DefParam::Post(n)
                } else {
                    DefParam::Req(n)
                }
            };
            params.push(p);
            if !self.eat_op(",") {
                break;
            }
            self.skip_newlines();
        }
        Ok(params)
    }

    /// `class Name < Super`, `module Name`, `class << self`, then the body to `end`.
    fn class_expr(&mut self, module: bool, at: usize) -> PResult<Node> {
        let mut path = String::new();
        let mut superclass = None;
        if !module && self.eat_op("<<") {
            if !self.eat_kw("self") {
                return Err(RubyError::unsupported(
                    "'class <<' on an object other than self",
                    at,
                ));
            }
        } else {
            if self.eat_op("::") {
                path.push_str("::");
            }
            loop {
                match self.take() {
                    Tok::Const(c) => path.push_str(&c),
                    other => {
                        self.back(other);
                        return Err(if module {
                            RubyError::syntax_span(
                                "module name must be CONSTANT",
                                self.at(),
                                self.at() + 1,
                            )
                        } else {
                            RubyError::syntax_span(
                                "class/module name must be CONSTANT",
                                self.at(),
                                self.at() + 1,
                            )
                        });
                    }
                }
                if self.is_op("::") && matches!(self.peek_tok(1), Tok::Const(_)) {
                    self.advance();
                    path.push_str("::");
                } else {
                    break;
                }
            }
            if !module && self.eat_op("<") {
                let s = self.primary()?;
                superclass = Some(self.postfix(s)?);
            }
        }
        let outer = std::mem::take(&mut self.locals);
        let first = self.assigned.len();
        let body = self.body_in("`end'", superclass.is_some());
        self.assigned.truncate(first);
        self.locals = outer;
        let body = body?;
        self.expect_kw("end")?;
        let def = ClassDef {
            path,
            superclass,
            module,
            body,
        };
        Ok(Node::new(Kind::ClassDef(Rc::new(def)), at))
    }

    fn if_expr(&mut self, unless: bool, at: usize) -> PResult<Node> {
        let cond = self.expr_stmt()?;
        self.condition_ends(IF_CONDITION_ENDS)?;
        self.eat_kw("then");
        let then = self.body_in("`end'", true)?;
        let els = if self.is_kw("elsif") {
            if unless {
                return Err(self.unexpected());
            }
            let eat = self.at();
            self.advance();
            vec![self.nested(|p| p.if_expr(false, eat))?]
        } else if self.eat_kw("else") {
            let e = self.body_in("`end'", false)?;
            self.expect_kw("end")?;
            e
        } else {
            self.expect_kw("end")?;
            vec![]
        };
        // An `elsif` chain ends with the innermost `end`.
        Ok(if unless {
            Node::new(Kind::If(cond.boxed(), els, then), at)
        } else {
            Node::new(Kind::If(cond.boxed(), then, els), at)
        })
    }

    fn case_expr(&mut self, at: usize) -> PResult<Node> {
        let subject = if self.is_kw("when") || matches!(self.tok(), Tok::Newline) || self.is_op(";")
        {
            None
        } else {
            Some(self.expr_stmt()?.boxed())
        };
        self.skip_nl();
        let mut whens = Vec::new();
        while self.eat_kw("when") {
            let mut tests = Vec::new();
            loop {
                let tat = self.at();
                if self.eat_op("*") {
                    let e = self.ternary()?;
                    tests.push(Node::new(Kind::Splat(e.boxed()), tat));
                } else {
                    tests.push(self.ternary()?);
                }
                if !self.eat_op(",") {
                    break;
                }
                self.skip_newlines();
            }
            self.eat_kw("then");
            let body = self.body_in("`end'", true)?;
            whens.push(When { tests, body });
        }
        if self.is_kw("in") {
            return Err(RubyError::unsupported(
                "pattern matching (case/in)",
                self.at(),
            ));
        }
        let els = if self.eat_kw("else") {
            Some(self.body_in("`end'", false)?)
        } else {
            None
        };
        self.expect_kw("end")?;
        Ok(Node::new(Kind::Case(subject, whens, els), at))
    }

    fn for_expr(&mut self, at: usize) -> PResult<Node> {
        let mut names = vec![self.param_name()?];
        while self.eat_op(",") {
            names.push(self.param_name()?);
        }
        self.expect_kw("in")?;
        let saved = std::mem::replace(&mut self.no_do, true);
        let iter = self.expr_stmt();
        self.no_do = saved;
        let iter = iter?;
        self.condition_ends(LOOP_CONDITION_ENDS)?;
        self.eat_kw("do");
        let body = self.body_in("`end'", true)?;
        self.expect_kw("end")?;
        Ok(Node::new(Kind::For(names, iter.boxed(), body), at))
    }

    /// String parts, with each `#{}` parsed.
    fn parts(&mut self, parts: Vec<StrPart>) -> PResult<Vec<Part>> {
        parts
            .into_iter()
            .map(|p| match p {
                StrPart::Lit(s) => Ok(Part::Lit(s.into())),
                StrPart::Code(src, at) => {
                    let mut toks = Vec::new();
                    lex(&src, at, &mut toks)?;
                    let end = toks.last().map_or(at, |t| t.at);
                    toks.push(Token {
                        tok: Tok::Eof,
                        at: end,
                        end,
                        spaced: true,
                    });
                    let mut sub = Parser {
                        toks,
                        pos: 0,
                        locals: std::mem::take(&mut self.locals),
                        assigned: Vec::new(),
                        no_do: false,
                        in_args: false,
                        depth: self.depth,
                        zsuper: self.zsuper,
                    };
                    let body = sub.statements();
                    let done = matches!(sub.tok(), Tok::Eof);
                    let err = (!done).then(|| sub.unexpected());
                    self.locals = sub.locals;
                    self.assigned.append(&mut sub.assigned);
                    self.zsuper = sub.zsuper;
                    let body = body?;
                    if let Some(e) = err {
                        return Err(e);
                    }
                    // (one statement is the part itself: no sequence to run through)
                    Ok(Part::Code(match <[Node; 1]>::try_from(body) {
                        Ok([one]) => one,
                        Err(body) => Node::new(Kind::Seq(body), at),
                    }))
                }
            })
            .collect()
    }
}

/// `[a, b].max` and `.min` without arguments or a block, of an array literal with an element
/// that is not a constant (a number, a symbol, `nil`, `true`, `false`): Ruby 3.1 compiles
/// them to `opt_newarray_max`/`min`, which compare each element with the best so far in
/// that order (`[x, "a"].max` is "comparison of String with 1 failed"), where `Array#max` of
/// any other array compares the best first (`a.max`, `[1, :a].max`: "comparison of Integer
/// with :a failed"). Their call gets the method id saying so (`M::newarray_max`), its name
/// still `max`.
fn newarray_min_max(n: &mut Node) {
    let Kind::Call {
        recv: Some(recv),
        name,
        args,
        block: None,
        ..
    } = &mut n.kind
    else {
        return;
    };
    let id = match name.id() {
        M::max => M::newarray_max,
        M::min => M::newarray_min,
        _ => return,
    };
    let Kind::Array(items) = &recv.kind else {
        return;
    };
    let constant = |i: &Node| match &i.kind {
        Kind::Int(_) | Kind::Float(_) | Kind::Nil | Kind::True | Kind::False => true,
        Kind::Sym(parts) => parts.iter().all(|p| matches!(p, Part::Lit(_))),
        _ => false,
    };
    if args.is_empty()
        && !items.iter().any(|i| matches!(i.kind, Kind::Splat(_)))
        && !items.iter().all(constant)
    {
        *name = Name::with_id(name, id);
    }
}

fn call(recv: Option<Node>, name: &str, args: Vec<Node>, at: usize) -> Node {
    Node::new(
        Kind::Call {
            recv: recv.map(Box::new),
            name: name.into(),
            args,
            block: None,
            vcall: false,
        },
        at,
    )
}

/// `:name.to_proc` as a block: `{ |x, *rest| x.name(*rest) }` (a lambda, as Ruby's).
pub(crate) fn symbol_proc_block(name: &str, at: usize) -> Block {
    let rest = Node::new(Kind::LVar("\u{0}rest".into()), at);
    Block {
        params: vec![
            Param::Name("\u{0}it".into()),
            Param::Rest("\u{0}rest".into()),
        ],
        body: vec![call(
            Some(Node::new(Kind::LVar("\u{0}it".into()), at)),
            name,
            vec![Node::new(Kind::Splat(Box::new(rest)), at)],
            at,
        )],
        outer: Vec::new(),
        own: Vec::new(),
        passed: None,
        compiled: Default::default(),
    }
}

/// `&:name` as a block `{ |x| x.name }`.
fn sym_block(args: Vec<Node>, at: usize) -> PResult<Block> {
    let mut args = args.into_iter();
    let (first, more) = (args.next(), args.next().is_some());
    match first {
        Some(Node {
            kind: Kind::Sym(parts),
            ..
        }) => match parts.as_slice() {
            [Part::Lit(name)] => Ok(Block {
                params: vec![Param::Name("\u{0}it".into())],
                body: vec![call(
                    Some(Node::new(Kind::LVar("\u{0}it".into()), at)),
                    name,
                    vec![],
                    at,
                )],
                outer: Vec::new(),
                own: Vec::new(),
                passed: None,
                compiled: Default::default(),
            }),
            _ => Err(RubyError::unsupported("&:\"...\" blocks", at)),
        },
        // `&expr`: a block that calls what `expr` gave at the call, kept in a hidden local
        // (nil: no block, see `Block::passed`)
        Some(expr) if !more => {
            let rest = Node::new(Kind::LVar(PASSED_BLOCK_PARAM.into()), at);
            let value = Node::new(Kind::LVar(Block::passed_local(at)), at);
            Ok(Block {
                params: vec![Param::Rest(PASSED_BLOCK_PARAM.into())],
                body: vec![call(
                    Some(value),
                    "call",
                    vec![Node::new(Kind::Splat(Box::new(rest)), at)],
                    at,
                )],
                outer: Vec::new(),
                own: Vec::new(),
                passed: Some(Box::new(expr)),
                compiled: Default::default(),
            })
        }
        _ => Err(RubyError::unsupported(
            "passing a block with '&' other than &:name",
            at,
        )),
    }
}

/// `a[i]` or `o.attr` (a target of a multiple assignment).
fn is_index_or_attribute(n: &Node) -> bool {
    matches!(&n.kind, Kind::Call { recv: Some(_), name, args, block: None, .. }
        if name == "[]" || (args.is_empty() && name.starts_with(|c: char| c.is_ascii_lowercase() || c == '_')))
}

fn assignable(n: &Node) -> bool {
    match &n.kind {
        Kind::LVar(_) | Kind::IVar(_) | Kind::GVar(_) | Kind::Const(_) => true,
        Kind::Call { vcall: true, .. } => true,
        Kind::Call {
            name,
            block: None,
            recv: Some(_),
            args,
            ..
        } => {
            name == "[]"
                || (args.is_empty()
                    && !name.starts_with("&.")
                    && name
                        .chars()
                        .next()
                        .is_some_and(|c| c.is_alphabetic() || c == '_')
                    && !name.ends_with(['?', '!']))
        }
        _ => false,
    }
}

/// A token as Ruby's parser names it in "expecting ...": a one-character one quoted
/// (`']'`), a longer one as it is written (`=>`).
fn token_name(op: &str) -> String {
    if op.chars().count() == 1 {
        format!("'{op}'")
    } else {
        op.to_string()
    }
}
