//! Where a node, token or error is in its source: byte offsets into one input.
//! Its own module so that errors (`error`) and the AST (`ast`) both use it without
//! depending on each other's modules for it.

/// Byte offsets `start..end` into the source text of one input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }
    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}
