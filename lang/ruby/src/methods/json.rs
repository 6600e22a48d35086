//! `JSON.parse`: JSON text into Ruby values (objects are hashes with string keys, or
//! symbols with `symbolize_names: true`).

use crate::error::RubyError;
use crate::eval::{Flow, R};
use crate::value::{RBool, RFloat};
use crate::value::{RHash, RValue};
use prepl_core::format::quote::ruby_json_string;

pub fn parse(text: &str, symbolize: bool, at: usize) -> R {
    // Ruby's parser's own verdict and message first (comments, `\x` escapes and nesting
    // are not serde_json's)
    if let Some(message) = super::json_syntax::error(text) {
        let class = if message.starts_with("nesting") {
            "JSON::NestingError"
        } else {
            "JSON::ParserError"
        };
        return Err(Flow::from(RubyError::raised_as(class, message, at)));
    }
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
        J::Bool(b) => RValue::Bool(RBool::new(*b)),
        J::Number(n) => match (n.as_i64(), n.as_f64()) {
            (Some(i), _) => RValue::Int(i),
            (None, Some(_)) if n.is_u64() => {
                return Err(Flow::from(RubyError::unsupported(
                    "integers beyond 64 bits",
                    at,
                )))
            }
            (None, Some(f)) => RValue::Float(RFloat::new(f)),
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

/// `JSON.generate(v)` / `v.to_json` (`pretty`: `JSON.pretty_generate`): hashes' keys as
/// strings, symbols as strings, other objects as their `to_s`; NaN and infinities cannot
/// be written (`GeneratorError`).
pub fn generate(v: &RValue, pretty: bool, at: usize) -> R<String> {
    let mut out = String::new();
    write(v, pretty, 0, &mut out, at)?;
    Ok(out)
}

fn write(v: &RValue, pretty: bool, depth: usize, out: &mut String, at: usize) -> R<()> {
    if depth > 100 {
        return Err(Flow::from(RubyError::raised_as(
            "JSON::NestingError",
            "nesting of 101 is too deep",
            at,
        )));
    }
    let indent = |out: &mut String, d: usize| {
        if pretty {
            out.push('\n');
            out.push_str(&"  ".repeat(d));
        }
    };
    match v {
        RValue::Nil => out.push_str("null"),
        RValue::Bool(b) => out.push_str(if (*b).get() { "true" } else { "false" }),
        RValue::Int(i) => out.push_str(&i.to_string()),
        RValue::Float(f) if f.is_finite() => out.push_str(&crate::ruby_float_to_s((*f).get())),
        RValue::Float(f) => {
            return Err(Flow::from(RubyError::raised_as(
                "JSON::GeneratorError",
                format!("{} not allowed in JSON", crate::ruby_float_to_s((*f).get())),
                at,
            )))
        }
        RValue::Str(s) | RValue::Sym(s) => ruby_json_string(out, s),
        RValue::Array(items) => {
            let items = items.borrow();
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                indent(out, depth + 1);
                write(item, pretty, depth + 1, out, at)?;
            }
            if !items.is_empty() {
                indent(out, depth);
            }
            out.push(']');
        }
        RValue::Hash(h) => {
            let h = h.borrow();
            out.push('{');
            for (i, (k, item)) in h.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                indent(out, depth + 1);
                ruby_json_string(out, &crate::show::to_s(k));
                out.push_str(if pretty { ": " } else { ":" });
                write(item, pretty, depth + 1, out, at)?;
            }
            if !h.is_empty() {
                indent(out, depth);
            }
            out.push('}');
        }
        other => ruby_json_string(out, &crate::show::to_s(other)),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_as_ruby_does() {
        let h = {
            let mut h = RHash::default();
            h.insert(
                RValue::str("a"),
                RValue::array(smallvec::smallvec![RValue::Int(1), RValue::float(2.0)]),
            );
            h.insert(RValue::sym("b"), RValue::Nil);
            h.insert(RValue::str("c"), RValue::str("q\"\n/é"));
            RValue::hash(h)
        };
        assert_eq!(
            generate(&h, false, 0).unwrap(),
            r#"{"a":[1,2.0],"b":null,"c":"q\"\n/é"}"#
        );
        assert_eq!(
            generate(&h, true, 0).unwrap(),
            "{\n  \"a\": [\n    1,\n    2.0\n  ],\n  \"b\": null,\n  \"c\": \"q\\\"\\n/é\"\n}"
        );
        assert_eq!(
            generate(&RValue::array(smallvec::smallvec![]), true, 0).unwrap(),
            "[]"
        );
        assert!(generate(&RValue::Float(RFloat::new(f64::NAN)), false, 0).is_err());
    }
}
