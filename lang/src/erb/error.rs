//! What can go wrong in a template: a syntax error, Ruby outside prepl's subset, or a Ruby
//! exception raised while it runs. Offsets are in the template's text.

#[derive(Debug, Clone, PartialEq)]
pub enum ErbError {
    /// The template's Ruby does not parse.
    /// `at`..`end` is the token it stopped at.
    Syntax {
        message: String,
        at: usize,
        end: usize,
        /// Whether Ruby quotes the generated code's line (not for errors found after parsing).
        quote: bool,
    },
    /// Valid Ruby that prepl's subset does not cover (`what` names the construct).
    Unsupported { what: String, at: usize },
    /// A Ruby exception (`NoMethodError`, `TypeError`, `raise`, a failing Puppet function):
    /// `rescue` catches it. `at` is where it was raised.
    Raised { message: String, at: usize },
}

impl ErbError {
    pub fn syntax(message: impl Into<String>, at: usize) -> ErbError {
        ErbError::Syntax {
            message: message.into(),
            at,
            end: at,
            quote: true,
        }
    }
    /// A syntax error Ruby reports without quoting the code (`break` outside a loop).
    pub fn syntax_unquoted(message: impl Into<String>, at: usize) -> ErbError {
        ErbError::Syntax {
            message: message.into(),
            at,
            end: at,
            quote: false,
        }
    }
    pub fn syntax_span(message: impl Into<String>, at: usize, end: usize) -> ErbError {
        ErbError::Syntax {
            message: message.into(),
            at,
            end,
            quote: true,
        }
    }
    pub fn unsupported(what: impl Into<String>, at: usize) -> ErbError {
        ErbError::Unsupported {
            what: what.into(),
            at,
        }
    }
    pub fn raised(message: impl Into<String>, at: usize) -> ErbError {
        ErbError::Raised {
            message: message.into(),
            at,
        }
    }
    pub fn at(&self) -> usize {
        match self {
            ErbError::Syntax { at, .. }
            | ErbError::Unsupported { at, .. }
            | ErbError::Raised { at, .. } => *at,
        }
    }
}

/// 1-based line and column of an offset.
pub fn line_col(text: &str, at: usize) -> (usize, usize) {
    let at = at.min(text.len());
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let col = before.rfind('\n').map_or(at, |n| at - n - 1) + 1;
    (line, col)
}
