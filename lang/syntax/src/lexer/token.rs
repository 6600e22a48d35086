//! Token kinds produced by the lexer.

use crate::ast::Span;
use std::rc::Rc;

/// Reserved words of the language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keyword {
    Case,
    Class,
    Default,
    Define,
    If,
    Elsif,
    Else,
    Inherits,
    Node,
    And,
    Or,
    Undef,
    True,
    False,
    In,
    Unless,
    Function,
    Type,
    Attr,
    Private,
}

impl Keyword {
    pub fn from_word(word: &str) -> Option<Keyword> {
        Some(match word {
            "case" => Keyword::Case,
            "class" => Keyword::Class,
            "default" => Keyword::Default,
            "define" => Keyword::Define,
            "if" => Keyword::If,
            "elsif" => Keyword::Elsif,
            "else" => Keyword::Else,
            "inherits" => Keyword::Inherits,
            "node" => Keyword::Node,
            "and" => Keyword::And,
            "or" => Keyword::Or,
            "undef" => Keyword::Undef,
            "true" => Keyword::True,
            "false" => Keyword::False,
            "in" => Keyword::In,
            "unless" => Keyword::Unless,
            "function" => Keyword::Function,
            "type" => Keyword::Type,
            "attr" => Keyword::Attr,
            "private" => Keyword::Private,
            _ => return None,
        })
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Keyword::Case => "case",
            Keyword::Class => "class",
            Keyword::Default => "default",
            Keyword::Define => "define",
            Keyword::If => "if",
            Keyword::Elsif => "elsif",
            Keyword::Else => "else",
            Keyword::Inherits => "inherits",
            Keyword::Node => "node",
            Keyword::And => "and",
            Keyword::Or => "or",
            Keyword::Undef => "undef",
            Keyword::True => "true",
            Keyword::False => "false",
            Keyword::In => "in",
            Keyword::Unless => "unless",
            Keyword::Function => "function",
            Keyword::Type => "type",
            Keyword::Attr => "attr",
            Keyword::Private => "private",
        }
    }
}

/// Punctuation and operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Punct {
    /// `[` directly after a token (access)
    LBrack,
    /// `[` first in input or after whitespace (literal array)
    ListStart,
    RBrack,
    /// `(` with something before it on the same line (can start a call)
    LParen,
    /// `(` first on its line (never a call)
    WsLParen,
    RParen,
    LBrace,
    /// `{` right after `?`
    SelBrace,
    RBrace,
    Comma,
    Semic,
    Colon,
    Dot,
    Pipe,
    QMark,
    At,
    AtAt,
    /// `=>`
    FArrow,
    /// `+>`
    PArrow,
    Equals,
    /// `+=`
    Appends,
    /// `-=`
    Deletes,
    IsEqual,
    NotEqual,
    Match,
    NoMatch,
    Lt,
    Le,
    Gt,
    Ge,
    LShift,
    RShift,
    /// `<|`
    LCollect,
    /// `<<|`
    LLCollect,
    /// `|>`
    RCollect,
    /// `|>>`
    RRCollect,
    Plus,
    Minus,
    Times,
    Div,
    Modulo,
    Not,
    /// `->`
    InEdge,
    /// `~>`
    InEdgeSub,
    /// `<-`
    OutEdge,
    /// `<~`
    OutEdgeSub,
    Tilde,
}

impl Punct {
    pub fn as_str(self) -> &'static str {
        match self {
            Punct::LBrack | Punct::ListStart => "[",
            Punct::RBrack => "]",
            Punct::LParen | Punct::WsLParen => "(",
            Punct::RParen => ")",
            Punct::LBrace | Punct::SelBrace => "{",
            Punct::RBrace => "}",
            Punct::Comma => ",",
            Punct::Semic => ";",
            Punct::Colon => ":",
            Punct::Dot => ".",
            Punct::Pipe => "|",
            Punct::QMark => "?",
            Punct::At => "@",
            Punct::AtAt => "@@",
            Punct::FArrow => "=>",
            Punct::PArrow => "+>",
            Punct::Equals => "=",
            Punct::Appends => "+=",
            Punct::Deletes => "-=",
            Punct::IsEqual => "==",
            Punct::NotEqual => "!=",
            Punct::Match => "=~",
            Punct::NoMatch => "!~",
            Punct::Lt => "<",
            Punct::Le => "<=",
            Punct::Gt => ">",
            Punct::Ge => ">=",
            Punct::LShift => "<<",
            Punct::RShift => ">>",
            Punct::LCollect => "<|",
            Punct::LLCollect => "<<|",
            Punct::RCollect => "|>",
            Punct::RRCollect => "|>>",
            Punct::Plus => "+",
            Punct::Minus => "-",
            Punct::Times => "*",
            Punct::Div => "/",
            Punct::Modulo => "%",
            Punct::Not => "!",
            Punct::InEdge => "->",
            Punct::InEdgeSub => "~>",
            Punct::OutEdge => "<-",
            Punct::OutEdgeSub => "<~",
            Punct::Tilde => "~",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Tok {
    Integer(i64),
    Float(f64),
    /// A complete string without interpolation (single or double quoted).
    Str(Rc<str>),
    /// Text before the first interpolation of a double quoted string.
    DqPre(Rc<str>),
    /// Text between two interpolations.
    DqMid(Rc<str>),
    /// Text after the last interpolation (closes the string).
    DqPost(Rc<str>),
    /// `@(TAG:syntax)`; followed by a `Str` or a `DqPre .. DqPost` sequence.
    Heredoc(Option<Rc<str>>),
    Regex(Rc<str>),
    /// A lower case name, e.g. `apache::port`.
    Name(Rc<str>),
    /// A bare word that is not a valid name (e.g. `_x`, `foo-bar`).
    Word(Rc<str>),
    /// A capitalized name, e.g. `Integer`, `My::Type`.
    ClassRef(Rc<str>),
    /// `$name` (without the `$`).
    Variable(Rc<str>),
    Keyword(Keyword),
    Punct(Punct),
    /// A character the language does not use; the reference reports it as `''`.
    Other,
    Eof,
}

/// A token is 40 bytes (the lexer writes and the parser reads each one): every payload
/// is at most two words.
#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    pub tok: Tok,
    pub span: Span,
    /// Preceded by whitespace (or first in the input).
    pub ws_before: bool,
}

impl Token {
    pub fn is(&self, p: Punct) -> bool {
        // (a pattern, not `==`: the derived equality compares payloads out of line)
        matches!(self.tok, Tok::Punct(q) if q == p)
    }
    pub fn is_kw(&self, k: Keyword) -> bool {
        matches!(self.tok, Tok::Keyword(q) if q == k)
    }

    /// How the reference quotes the token in `Syntax error at '...'`.
    pub fn display(&self) -> String {
        match &self.tok {
            Tok::Integer(i) => i.to_string(),
            Tok::Float(f) => f.to_string(),
            Tok::Str(s) | Tok::DqPre(s) | Tok::DqMid(s) | Tok::DqPost(s) => s.to_string(),
            Tok::Heredoc(s) => s.as_deref().unwrap_or("").to_string(),
            // (Ruby's `Regexp#to_s`, as the reference's token holds a Regexp)
            Tok::Regex(r) => format!("(?-mix:{})", r.replace('/', "\\/")),
            Tok::Name(s) | Tok::Word(s) | Tok::ClassRef(s) | Tok::Variable(s) => s.to_string(),
            Tok::Keyword(k) => k.as_str().to_string(),
            Tok::Punct(p) => p.as_str().to_string(),
            Tok::Other | Tok::Eof => String::new(),
        }
    }
}

#[cfg(test)]
mod size_tests {
    #[test]
    fn a_token_is_40_bytes() {
        assert_eq!(std::mem::size_of::<super::Tok>(), 24);
        assert_eq!(std::mem::size_of::<super::Token>(), 40);
    }
}
