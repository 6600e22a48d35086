//! Interpolated strings: `"${a} and ${b}"`.
//!
//! The text is written into a buffer kept between calls, so that a short string's value is
//! the only allocation. A long string in a segment (the text accumulated by
//! `reduce('') |$acc, $row| { "${acc}${row}\n" }`) is not copied into the buffer: it is held
//! aside and copied once, with the buffer's text around it, into the result. (Copying it into
//! the buffer cost a copy, another one each time the buffer grew, and the result's copy.)
//!
//! A string value is an immutable `Rc<str>`, so the result is always a new allocation, even
//! when the first segment's string is held nowhere else: appending in place would need a
//! string value with room to grow.

use super::{EvalResult, Evaluator};
use crate::error::Error;
use crate::format;
use crate::syntax::ast::StrPart;
use crate::values::Value;
use std::rc::Rc;

/// Strings of at least this many bytes are held aside instead of copied into the buffer.
const LONG: usize = 512;

/// Long strings held aside, each with the length the buffer had when it came.
type Aside = Vec<(usize, Rc<str>)>;

/// An interpolation under way: the evaluator's buffer (taken while it runs: a nested
/// interpolation takes a new one) and the long strings held aside.
pub(super) struct Interpolation {
    buffer: String,
    aside: Aside,
}

impl Interpolation {
    /// A segment of literal text.
    pub(super) fn text(&mut self, t: &str) {
        self.buffer.push_str(t);
    }

    /// A segment's value, as text.
    #[inline]
    pub(super) fn value(&mut self, v: Value) -> EvalResult<()> {
        let s = &mut self.buffer;
        match v {
            // The frequent cases without an intermediate string.
            Value::String(text) if text.len() >= LONG => self.aside.push((s.len(), text)),
            Value::String(text) => crate::limits::push_str(s, &text)?,
            Value::Integer(i) => format::push_integer(s, i),
            v => crate::limits::push_str(s, &format::try_display(&v)?)?,
        }
        Ok(())
    }
}

impl Evaluator {
    /// The text of an interpolated string (a nested interpolation takes a new buffer).
    pub(super) fn interpolate_shared(&mut self, parts: &[StrPart]) -> EvalResult<Rc<str>> {
        let mut into = self.interpolation();
        let result = self.interpolate_into(&mut into, parts);
        self.interpolated(into, result)
    }

    /// Starts an interpolation in the evaluator's buffer.
    #[inline]
    pub(super) fn interpolation(&mut self) -> Interpolation {
        let mut buffer = std::mem::take(&mut self.interpolation_buffer);
        buffer.clear();
        Interpolation {
            buffer,
            aside: Aside::new(),
        }
    }

    /// The text of an interpolation whose segments gave `result`; the buffer is kept for
    /// the next one.
    #[inline]
    pub(super) fn interpolated(
        &mut self,
        into: Interpolation,
        result: EvalResult<()>,
    ) -> EvalResult<Rc<str>> {
        let Interpolation { buffer, aside } = into;
        let text = match result {
            Ok(()) if aside.is_empty() => Ok(Rc::from(buffer.as_str())),
            Ok(()) => concat(&buffer, &aside).map_err(Into::into),
            Err(e) => Err(e),
        };
        // A buffer grown by a big string is not kept.
        if buffer.capacity() <= 4096 {
            self.interpolation_buffer = buffer;
        }
        text
    }

    fn interpolate_into(&mut self, into: &mut Interpolation, parts: &[StrPart]) -> EvalResult<()> {
        for p in parts {
            match p {
                StrPart::Text(t) => into.text(t),
                StrPart::Expr(x) => into.value(self.eval(x)?)?,
            }
        }
        Ok(())
    }
}

/// One allocation holding `buffer`'s text with each string of `aside` set in where it came
/// (the buffer is cut only at lengths it had between two pushes: character boundaries).
fn concat(buffer: &str, aside: &[(usize, Rc<str>)]) -> Result<Rc<str>, Error> {
    let len = aside
        .iter()
        .fold(buffer.len(), |n, (_, t)| n.saturating_add(t.len()));
    crate::limits::reserve(len)?;
    let mut pieces = Vec::with_capacity(2 * aside.len() + 1);
    let mut from = 0;
    for (offset, text) in aside {
        pieces.push(&buffer[from..*offset]);
        pieces.push(&**text);
        from = *offset;
    }
    pieces.push(&buffer[from..]);
    Ok(prepl_core::rcstr::concat(&pieces))
}

#[cfg(test)]
mod tests {
    use crate::test_support::value_or_message;

    /// Long strings are held aside and set in where they came; the values interpolated stay
    /// as they were wherever else they are held.
    #[test]
    fn long_segments_are_set_in_place() {
        let cases: &[(&str, &str)] = &[
            // the accumulated text of reduce, with the row after it
            (
                "$r = Integer[1, 300].reduce('') |$acc, $i| { \"${acc}${i}\\n\" } [$r.length, $r[0, 6], $r[-5, 5]]",
                "[1092, \"1\\n2\\n3\\n\", \"\\n300\\n\"]",
            ),
            // long strings first, last, between text, twice, next to each other, nested
            (
                "$a = Integer[1, 600].map |$_| { 'a' }.join('') $b = Integer[1, 513].map |$_| { 'b' }.join('') $s = \"<${a}|${b}${b}|${1 + 1}${a}>\" [$s.length, $s[0, 2], $s[600, 3], $s[1627, 3], $s[-3, 3]]",
                "[2231, '<a', 'a|b', 'b|2', 'aa>']",
            ),
            (
                "$a = Integer[1, 400].map |$_| { 'é' }.join('') $s = \"${a}${\"x${a}y\"}${a}\" [$s.length, $s[400, 1], $s[801, 2], $s == \"${a}x${a}y${a}\"]",
                "[1202, 'x', 'yé', true]",
            ),
            // the same string held in an array, by a closure and read twice keeps its value
            (
                "$a = Integer[1, 700].map |$_| { 'q' }.join('') $arr = [$a] $f = [1].map |$x| { \"${a}!\" } $t = \"${a}${a}\" [$arr[0] == $a, $a.length, $f[0].length, $t.length, $arr[0].length]",
                "[true, 700, 701, 1400, 700]",
            ),
            (
                "$r = Integer[1, 3].reduce(Integer[1, 520].map |$_| { 'z' }.join('')) |$acc, $i| { $keep = $acc \"${acc}${i}\" } $r.length",
                "523",
            ),
            // an error in a later segment
            (
                "$a = Integer[1, 600].map |$_| { 'a' }.join('') \"${a}${fail('no')}\"",
                "Error while evaluating a Function Call, no",
            ),
            ("$a = Integer[1, 511].map |$_| { 'a' }.join('') \"${a}${a}\".length", "1022"),
            ("\"${Integer[1, 512].map |$_| { 'x' }.join('')}\".length", "512"),
        ];
        for (src, expected) in cases {
            assert_eq!(value_or_message(src), *expected, "{src}");
        }
    }
}
