//! The tokens of the Ruby subset, with the offset each starts at in the template.

/// A part of a double-quoted string, symbol or regexp.
#[derive(Debug, Clone, PartialEq)]
pub enum StrPart {
    Lit(String),
    /// The source of a `#{...}` and the offset it starts at.
    Code(String, usize),
}

#[derive(Debug, Clone, PartialEq)]
pub enum Tok {
    Int(i64),
    Float(f64),
    Str(Vec<StrPart>),
    /// `` `command` `` or `%x(command)`: a shell command's output in Ruby.
    XStr(Vec<StrPart>),
    /// `:name` or `:"..."`.
    Sym(Vec<StrPart>),
    /// `/.../flags`.
    Regex(Vec<StrPart>, String),
    /// `%w(...)`: the words; `%i(...)`: as symbols (true).
    Words(Vec<String>, bool),
    /// An identifier or keyword (a method name may end with `?` or `!`).
    Ident(String),
    /// A name starting with a capital.
    Const(String),
    IVar(String),
    GVar(String),
    /// `name:` in a hash literal or argument list.
    Label(String),
    Op(&'static str),
    Newline,
    /// Literal template text.
    Text(String),
    /// Start and end of an `<%= %>` expression.
    OutStart,
    OutEnd,
    Eof,
}

#[derive(Debug, Clone)]
pub struct Token {
    pub tok: Tok,
    /// Offset in the template.
    pub at: usize,
    /// Offset after it.
    pub end: usize,
    /// Whether whitespace stands before the token.
    pub spaced: bool,
}
