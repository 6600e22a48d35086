//! A HOCON document's tokens into its root object (unresolved), with the `hocon` gem's
//! parse errors: its document parser's checks (separators, braces, list elements) and its
//! value builder's merging of repeated keys, paths (`a.b = 1`) and `+=`.

use super::lexer::{Scalar, Tok, Token, Tokens};
use super::model::{concatenate, Ref, Val};
use super::Error;

pub fn parse(input: &str) -> Result<Val, Error> {
    let tokens = super::lexer::tokenize(input);
    let mut p = Parser {
        tokens,
        pos: 0,
        back: Vec::new(),
        line: 1,
        path_stack: Vec::new(),
        in_list: 0,
        next_ref: 0,
        depth: 0,
    };
    p.document()
}

struct Parser {
    tokens: Tokens,
    pos: usize,
    /// Tokens put back (a stack).
    back: Vec<Token>,
    /// The line errors name.
    line: usize,
    /// The keys of the fields being parsed (for `+=`).
    path_stack: Vec<Vec<String>>,
    /// How many lists the parser is inside.
    in_list: usize,
    next_ref: usize,
    /// Objects and lists the parser is inside.
    depth: usize,
}

/// Objects and lists inside each other past which parsing stops, as Ruby's stack
/// overflows in the gem (between 2,000 and 3,000 lists deep).
const MAX_NESTING: usize = 2500;

/// A field's key and value, or an include (nothing to add).
enum Entry {
    Field(Vec<String>, Val),
    Include,
}

impl Parser {
    fn next(&mut self) -> Result<Token, Error> {
        if let Some(t) = self.back.pop() {
            return Ok(t);
        }
        let i = self.pos;
        let Some(t) = self.tokens.tokens.get(i).cloned() else {
            // (past the end: only after the crash below)
            return Ok(Token {
                tok: Tok::Eof,
                line: self.line,
            });
        };
        self.pos += 1;
        // The gem tokenizes the next batch when it hands out a batch's last token: its
        // crash comes then.
        if self.pos == self.tokens.tokens.len() && self.tokens.batch_ends[i] {
            if let Some(f) = self.tokens.fatal.take() {
                return Err(f);
            }
        }
        Ok(t)
    }
    fn put_back(&mut self, t: Token) {
        self.back.push(t);
    }
    fn unquoted_ws(t: &Tok) -> bool {
        matches!(t, Tok::Unquoted(s) if s.chars().all(char::is_whitespace))
    }
    /// The next token that is no whitespace, newline or comment.
    fn next_skipping(&mut self) -> Result<Token, Error> {
        loop {
            let t = self.next()?;
            match &t.tok {
                Tok::Ws(_) | Tok::Comment(_) => {}
                Tok::Newline => self.line = t.line + 1,
                tok if Self::unquoted_ws(tok) => {}
                tok => {
                    // (the gem's punctuation tokens have no line: the one before stays)
                    if matches!(
                        tok,
                        Tok::Value(..) | Tok::Unquoted(_) | Tok::Subst(..) | Tok::Problem(..)
                    ) {
                        self.line = t.line;
                    }
                    return Ok(t);
                }
            }
        }
    }
    fn error(&self, message: impl Into<String>) -> Error {
        Error::parse(self.line, message)
    }

    /// Whether a comma or newline separates this element from the next.
    fn element_separator(&mut self) -> Result<bool, Error> {
        let mut saw_newline = false;
        loop {
            let t = self.next()?;
            match &t.tok {
                Tok::Ws(_) | Tok::Comment(_) => {}
                tok if Self::unquoted_ws(tok) => {}
                Tok::Newline => {
                    saw_newline = true;
                    self.line += 1;
                }
                Tok::Comma => return Ok(true),
                _ => {
                    self.put_back(t);
                    return Ok(saw_newline);
                }
            }
        }
    }

    fn starts_value(t: &Tok) -> bool {
        matches!(
            t,
            Tok::Value(..) | Tok::Unquoted(_) | Tok::Subst(..) | Tok::OpenCurly | Tok::OpenSquare
        )
    }

    /// Values written one after another on a line (`a b ${c}`), or `None` when no value
    /// starts here.
    fn consolidated(&mut self) -> Result<Option<Val>, Error> {
        let mut t = self.next_skipping()?;
        let mut values = Vec::new();
        // (whitespace between them: put back after the last value)
        let mut trailing: Vec<Token> = Vec::new();
        loop {
            if matches!(t.tok, Tok::Ws(_)) {
                trailing.push(t);
                t = self.next()?;
                continue;
            }
            if !Self::starts_value(&t.tok) {
                break;
            }
            trailing.clear();
            values.push(self.value(t)?);
            t = self.next()?;
        }
        self.put_back(t);
        for w in trailing.into_iter().rev() {
            self.put_back(w);
        }
        if values.len() < 2 {
            return Ok(values.pop());
        }
        Ok(Some(concatenate(values, self.line)?.unwrap_or(Val::Null)))
    }

    fn value(&mut self, t: Token) -> Result<Val, Error> {
        match t.tok {
            Tok::Value(v, text) => Ok(match v {
                Scalar::Str(s) => Val::Str(s, true),
                Scalar::Int(i) => Val::Int(i, text),
                Scalar::Big(d) => Val::Big(d, text),
                Scalar::Float(f) => Val::Float(f, text),
                Scalar::Bool(b) => Val::Bool(b),
                Scalar::Null => Val::Null,
            }),
            Tok::Unquoted(s) => Ok(Val::Str(s, false)),
            Tok::Subst(optional, expression) => {
                let path = path_of(&expression, Some(t.line))?;
                self.next_ref += 1;
                Ok(Val::Ref(Ref {
                    path,
                    optional,
                    id: self.next_ref,
                    line: t.line,
                }))
            }
            Tok::OpenCurly | Tok::OpenSquare => {
                if self.depth >= MAX_NESTING {
                    return Err(Error::raised("SystemStackError", "stack level too deep"));
                }
                self.depth += 1;
                let curly = t.tok == Tok::OpenCurly;
                let v = crate::limits::deep(|| {
                    if curly {
                        self.object(true)
                    } else {
                        self.list()
                    }
                });
                self.depth -= 1;
                v
            }
            other => Err(self.error(quote_suggestion(
                &other,
                &format!(
                    "Expecting a value but got wrong token: {}",
                    other.describe()
                ),
            ))),
        }
    }

    /// A key's path and its text as written (the gem's messages quote that).
    fn key(&mut self, first: Token) -> Result<(Vec<String>, String), Error> {
        let mut expression = Vec::new();
        let mut t = first;
        while matches!(t.tok, Tok::Value(..) | Tok::Unquoted(_)) {
            expression.push(t);
            t = self.next()?;
        }
        if expression.is_empty() {
            return Err(self.error(format!(
                "expecting a close brace or a field name here, got {}",
                t.tok.describe()
            )));
        }
        self.put_back(t);
        let text = expression
            .iter()
            .map(|t| match &t.tok {
                Tok::Value(_, text) | Tok::Unquoted(text) => text.as_str(),
                _ => "",
            })
            .collect();
        Ok((path_of(&expression, None)?, text))
    }

    fn include(&mut self) -> Result<(), Error> {
        let t = self.next_skipping()?;
        match &t.tok {
            Tok::Unquoted(kind) if matches!(kind.as_str(), "url(" | "file(" | "classpath(") => {
                let kind = kind.trim_end_matches('(').to_string();
                let name = self.next_skipping()?;
                if !matches!(name.tok, Tok::Value(Scalar::Str(_), _)) {
                    return Err(self.error(format!(
                        "expecting a quoted string inside file(), classpath(), or url(), rather than: {}",
                        name.tok.describe()
                    )));
                }
                let close = self.next_skipping()?;
                if !matches!(&close.tok, Tok::Unquoted(s) if s == ")") {
                    return Err(self.error(format!(
                        "expecting a close parentheses ')' here, not: {}",
                        close.tok.describe()
                    )));
                }
                Err(Error::unsupported(format!(
                    "HOCON `include {kind}(...)` (it reads files or URLs)"
                )))
            }
            Tok::Unquoted(_) => Err(self.error(format!(
                "expecting include parameter to be quoted filename, file(), classpath(), or url(). No spaces are allowed before the open paren. Not expecting: {}",
                t.tok.describe()
            ))),
            // (an include of a name in a string: the gem's includer finds nothing for a
            // string's document, so it adds nothing)
            Tok::Value(Scalar::Str(_), _) => Ok(()),
            other => Err(self.error(format!(
                "include keyword is not followed by a quoted string, but by: {}",
                other.describe()
            ))),
        }
    }

    /// One field (`key = value`, `key { }`, `key += value`) or include.
    fn entry(&mut self, t: Token) -> Result<Entry, Error> {
        if matches!(&t.tok, Tok::Unquoted(s) if s == "include") {
            self.include()?;
            return Ok(Entry::Include);
        }
        let (path, key_text) = self.key(t)?;
        let after = self.next_skipping()?;
        let mut plus = false;
        self.path_stack.push(path.clone());
        let value = if after.tok == Tok::OpenCurly {
            self.value(after)
        } else {
            match after.tok {
                Tok::Colon | Tok::Equals => {}
                Tok::PlusEquals => plus = true,
                other => {
                    self.path_stack.pop();
                    return Err(self.error(quote_suggestion(
                        &other,
                        &format!(
                            "Key '{}' may not be followed by token: {}",
                            key_text,
                            other.describe()
                        ),
                    )));
                }
            }
            if plus && self.in_list > 0 {
                self.path_stack.pop();
                return Err(self.error("Due to current limitations of the config parser, += does not work nested inside a list. += expands to a ${} substitution and the path in ${} cannot currently refer to list elements. You might be able to move the += outside of the list and then refer to it from inside the list with ${}."));
            }
            // (the gem counts a `+=` value as a list: a `+=` inside it is refused too)
            self.in_list += plus as usize;
            let v = match self.consolidated() {
                Ok(Some(v)) => Ok(v),
                Ok(None) => {
                    let t = self.next_skipping();
                    t.and_then(|t| self.value(t))
                }
                Err(e) => Err(e),
            };
            self.in_list -= plus as usize;
            v
        };
        let full: Vec<String> = self.path_stack.concat();
        self.path_stack.pop();
        let mut value = value?;
        if plus {
            self.next_ref += 1;
            let previous = Val::Ref(Ref {
                path: full,
                optional: true,
                id: self.next_ref,
                line: self.line,
            });
            value = concatenate(vec![previous, Val::List(vec![value])], self.line)?
                .unwrap_or(Val::Null);
        }
        Ok(Entry::Field(path, value))
    }

    fn object(&mut self, had_open_curly: bool) -> Result<Val, Error> {
        let mut fields: Vec<(String, Val)> = Vec::new();
        loop {
            let t = self.next_skipping()?;
            match t.tok {
                Tok::CloseCurly if had_open_curly => break,
                Tok::CloseCurly => {
                    return Err(self.error(quote_suggestion(
                        &Tok::CloseCurly,
                        "unbalanced close brace '}' with no open brace",
                    )))
                }
                Tok::Eof if !had_open_curly => {
                    self.put_back(t);
                    break;
                }
                _ => {}
            }
            if let Entry::Field(path, value) = self.entry(t)? {
                add_field(&mut fields, &path, value)?;
            }
            if !self.element_separator()? {
                let t = self.next_skipping()?;
                match t.tok {
                    Tok::CloseCurly if had_open_curly => break,
                    Tok::CloseCurly => {
                        return Err(self.error(quote_suggestion(
                            &t.tok,
                            "unbalanced close brace '}' with no open brace",
                        )))
                    }
                    Tok::Eof if !had_open_curly => {
                        self.put_back(t);
                        break;
                    }
                    other => {
                        return Err(self.error(quote_suggestion(
                            &other,
                            &format!(
                                "Expecting close brace }} or a comma, got {}",
                                other.describe()
                            ),
                        )))
                    }
                }
            }
        }
        Ok(Val::Obj(fields))
    }

    fn list_element(&mut self, t: Token) -> Result<Val, Error> {
        self.value(t)
    }

    fn list(&mut self) -> Result<Val, Error> {
        self.in_list += 1;
        let r = self.list_items();
        self.in_list -= 1;
        r.map(Val::List)
    }

    fn list_items(&mut self) -> Result<Vec<Val>, Error> {
        let mut items = Vec::new();
        match self.consolidated()? {
            Some(v) => items.push(v),
            None => {
                let t = self.next_skipping()?;
                match &t.tok {
                    Tok::CloseSquare => return Ok(items),
                    tok if Self::starts_value(tok) => items.push(self.list_element(t)?),
                    tok => {
                        let d = tok.describe();
                        return Err(self.error(format!(
                            "List should have ] or a first element after the open [, instead had token: {d} (if you want {d} to be part of a string value, then double-quote it)"
                        )));
                    }
                }
            }
        }
        loop {
            if !self.element_separator()? {
                let t = self.next_skipping()?;
                if t.tok == Tok::CloseSquare {
                    return Ok(items);
                }
                let d = t.tok.describe();
                return Err(self.error(format!(
                    "List should have ended with ] or had a comma, instead had token: {d} (if you want {d} to be part of a string value, then double-quote it)"
                )));
            }
            match self.consolidated()? {
                Some(v) => items.push(v),
                None => {
                    let t = self.next_skipping()?;
                    match &t.tok {
                        tok if Self::starts_value(tok) => items.push(self.list_element(t)?),
                        Tok::CloseSquare => self.put_back(t),
                        tok => {
                            let d = tok.describe();
                            return Err(self.error(format!(
                                "List should have had new element after a comma, instead had token: {d} (if you want the comma or {d} to be part of a string value, then double-quote it)"
                            )));
                        }
                    }
                }
            }
        }
    }

    fn document(&mut self) -> Result<Val, Error> {
        self.next()?; // (the start token)
        let t = self.next_skipping()?;
        let root_line = t.line;
        let root = if matches!(t.tok, Tok::OpenCurly | Tok::OpenSquare) {
            self.value(t)?
        } else {
            self.put_back(t);
            self.object(false)?
        };
        let t = self.next_skipping()?;
        if t.tok != Tok::Eof {
            return Err(self.error(format!(
                "Document has trailing tokens after first object or array: {}",
                t.tok.describe()
            )));
        }
        match root {
            Val::Obj(_) => Ok(root),
            _ => Err(Error::wrong_type(
                root_line,
                " has type LIST rather than object at file root",
            )),
        }
    }
}

/// `key = value` in an object's fields: a repeated key merges with the value it had (the
/// new one over it), a path (`a.b`) is an object holding the value.
fn add_field(fields: &mut Vec<(String, Val)>, path: &[String], value: Val) -> Result<(), Error> {
    let mut value = value;
    for k in path[1..].iter().rev() {
        value = Val::Obj(vec![(k.clone(), value)]);
    }
    let key = &path[0];
    match fields.iter_mut().find(|(k, _)| k == key) {
        Some(slot) => {
            let old = std::mem::replace(&mut slot.1, Val::Null);
            slot.1 = value.with_fallback(old)?;
        }
        None => fields.push((key.clone(), value)),
    }
    Ok(())
}

/// The gem's suggestion of quotes after a message about a bad token.
fn quote_suggestion(bad: &Tok, message: &str) -> String {
    if *bad == Tok::Eof {
        return message.to_string();
    }
    format!(
        "{message} (if you intended {} to be part of a key or string value, try enclosing the key or value in double quotes",
        bad.describe()
    )
}

/// A path from a key's or substitution's tokens: quoted strings whole, other text split at
/// periods; an empty element is an error (`line`: the substitution's line, which the
/// error names; a key's error names none).
fn path_of(expression: &[Token], line: Option<usize>) -> Result<Vec<String>, Error> {
    let bad = |message: String| Error::bad_path(line, message);
    if expression.is_empty() {
        return Err(bad(
            "Expecting a field name or path here, but got nothing".into()
        ));
    }
    // (each element and whether it may be empty: a quoted "" may)
    let mut elements: Vec<(String, bool)> = vec![(String::new(), false)];
    for t in expression {
        let (text, quoted) = match &t.tok {
            Tok::Ws(_) => continue,
            Tok::Value(Scalar::Str(s), _) => (s.as_str(), true),
            Tok::Value(_, text) => (text.as_str(), false),
            Tok::Unquoted(s) => (s.as_str(), false),
            Tok::Eof => continue,
            other => {
                return Err(bad(format!(
                    "Token not allowed in path expression: {} (you can double-quote this token if you really want it here)",
                    other.describe()
                )))
            }
        };
        if quoted {
            let last = elements.last_mut().expect("one element");
            last.0.push_str(text);
            if last.0.is_empty() {
                last.1 = true;
            }
            continue;
        }
        let mut parts = text.split('.');
        if let Some(first) = parts.next() {
            elements.last_mut().expect("one element").0.push_str(first);
        }
        for part in parts {
            elements.push((part.to_string(), false));
        }
    }
    if elements.iter().any(|(e, may)| e.is_empty() && !may) {
        return Err(bad("path has a leading, trailing, or two adjacent period '.' (use quoted \"\" empty string if you want an empty element)".into()));
    }
    Ok(elements.into_iter().map(|(e, _)| e).collect())
}
