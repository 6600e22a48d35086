//! `JSON.parse`: JSON text into Ruby values (objects are hashes with string keys, or
//! symbols with `symbolize_names: true`).

use crate::error::RubyError;
use crate::eval::{Flow, R};
use crate::value::{RHash, RValue};

pub fn parse(text: &str, symbolize: bool, at: usize) -> R {
    match serde_json::from_str::<serde_json::Value>(text) {
        Ok(v) => to_ruby(&v, symbolize, at),
        Err(e) => {
            // Ruby's parser names the text from where it stopped; the number before it is
            // a line of the parser's C source (859 for a value it cannot read).
            let offset = offset_of(text, e.line(), e.column());
            let rest = text.get(offset..).unwrap_or("");
            let rest = if e.is_eof() { "" } else { rest };
            Err(Flow::from(RubyError::raised_as(
                "JSON::ParserError",
                format!("859: unexpected token at '{rest}'"),
                at,
            )))
        }
    }
}

/// The byte offset of a 1-based line and column (serde_json's column is the byte after the
/// last one read: the token's start is one before it, at least the line's start).
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    let mut at = (start + column.saturating_sub(1)).min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn to_ruby(v: &serde_json::Value, symbolize: bool, at: usize) -> R {
    use serde_json::Value as J;
    Ok(match v {
        J::Null => RValue::Nil,
        J::Bool(b) => RValue::Bool(*b),
        J::Number(n) => match (n.as_i64(), n.as_f64()) {
            (Some(i), _) => RValue::Int(i),
            (None, Some(_)) if n.is_u64() => {
                return Err(Flow::from(RubyError::unsupported(
                    "integers beyond 64 bits",
                    at,
                )))
            }
            (None, Some(f)) => RValue::Float(f),
            (None, None) => RValue::Nil,
        },
        J::String(s) => RValue::str(s.as_str()),
        J::Array(items) => RValue::array(
            items
                .iter()
                .map(|i| to_ruby(i, symbolize, at))
                .collect::<R<Vec<_>>>()?,
        ),
        J::Object(map) => {
            let mut h = RHash::default();
            for (k, v) in map {
                let key = if symbolize {
                    RValue::sym(k.as_str())
                } else {
                    RValue::str(k.as_str())
                };
                h.insert(key, to_ruby(v, symbolize, at)?);
            }
            RValue::hash(h)
        }
    })
}
