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

/// The generator's state (json 2.6's `JSON::State`): the separators, `allow_nan` and
/// `max_nesting` (0: none).
#[derive(Debug, Clone)]
pub struct JsonState {
    indent: String,
    space: String,
    space_before: String,
    object_nl: String,
    array_nl: String,
    allow_nan: bool,
    max_nesting: usize,
}

impl JsonState {
    /// `JSON.generate`'s and `to_json`'s.
    pub fn compact() -> JsonState {
        JsonState {
            indent: String::new(),
            space: String::new(),
            space_before: String::new(),
            object_nl: String::new(),
            array_nl: String::new(),
            allow_nan: false,
            max_nesting: 100,
        }
    }
    /// `JSON.pretty_generate`'s.
    pub fn pretty() -> JsonState {
        JsonState {
            indent: "  ".into(),
            space: " ".into(),
            object_nl: "\n".into(),
            array_nl: "\n".into(),
            ..JsonState::compact()
        }
    }
    /// The options a call gives (`JSON.pretty_generate(v, indent: '    ')`): a Hash's
    /// Symbol keys, as the C generator's `configure` reads them; nil changes nothing.
    pub fn configure(&mut self, opts: &RValue, at: usize) -> R<()> {
        let h = match opts {
            RValue::Nil => return Ok(()),
            RValue::Hash(h) => h.borrow(),
            other => {
                return Err(Flow::from(RubyError::raised_as(
                    "TypeError",
                    format!("can't convert {} into Hash", other.class_name()),
                    at,
                )))
            }
        };
        for (k, v) in h.iter() {
            let RValue::Sym(name) = k else { continue };
            let text = |v: &RValue| -> R<String> {
                match v {
                    RValue::Str(s) => Ok(s.to_string()),
                    RValue::Nil => Ok(String::new()),
                    other => Err(Flow::from(RubyError::raised_as(
                        "TypeError",
                        crate::methods::no_implicit_conversion(other, "String"),
                        at,
                    ))),
                }
            };
            match &**name {
                "indent" => self.indent = text(v)?,
                "space" => self.space = text(v)?,
                "space_before" => self.space_before = text(v)?,
                "object_nl" => self.object_nl = text(v)?,
                "array_nl" => self.array_nl = text(v)?,
                "allow_nan" => self.allow_nan = v.truthy(),
                "max_nesting" => {
                    self.max_nesting = match v {
                        RValue::Int(n) if *n > 0 => *n as usize,
                        _ if !v.truthy() => 0,
                        RValue::Int(_) => 0,
                        _ => 100,
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }
}

/// `JSON.generate(v)` / `v.to_json` (`pretty`: `JSON.pretty_generate`): hashes' keys as
/// strings, symbols as strings, other objects as their `to_s`; NaN and infinities cannot
/// be written (`GeneratorError`).
pub fn generate(v: &RValue, pretty: bool, at: usize) -> R<String> {
    let state = if pretty {
        JsonState::pretty()
    } else {
        JsonState::compact()
    };
    generate_with(v, &state, at)
}

/// What json 2.6's C generator writes with the state `st`.
pub fn generate_with(v: &RValue, st: &JsonState, at: usize) -> R<String> {
    let mut out = String::new();
    write(v, st, 0, &mut out, at)?;
    Ok(out)
}

fn write(v: &RValue, st: &JsonState, depth: usize, out: &mut String, at: usize) -> R<()> {
    let nested = |out: &mut String, d: usize| {
        for _ in 0..d {
            out.push_str(&st.indent);
        }
    };
    let enter = || -> R<usize> {
        let d = depth + 1;
        if st.max_nesting != 0 && d > st.max_nesting {
            return Err(Flow::from(RubyError::raised_as(
                "JSON::NestingError",
                format!("nesting of {} is too deep", d - 1),
                at,
            )));
        }
        Ok(d)
    };
    match v {
        RValue::Nil => out.push_str("null"),
        RValue::Bool(b) => out.push_str(if (*b).get() { "true" } else { "false" }),
        RValue::Int(i) => out.push_str(&i.to_string()),
        RValue::Float(f) if f.is_finite() || st.allow_nan => {
            let f = (*f).get();
            out.push_str(&match f {
                f if f.is_nan() => "NaN".to_string(),
                f if f.is_infinite() && f > 0.0 => "Infinity".to_string(),
                f if f.is_infinite() => "-Infinity".to_string(),
                f => crate::ruby_float_to_s(f),
            })
        }
        RValue::Float(f) => {
            return Err(Flow::from(RubyError::raised_as(
                "JSON::GeneratorError",
                format!("{} not allowed in JSON", crate::ruby_float_to_s((*f).get())),
                at,
            )))
        }
        RValue::Str(s) | RValue::Sym(s) => ruby_json_string(out, s),
        RValue::Array(items) => {
            let d = enter()?;
            let items = items.borrow();
            out.push('[');
            out.push_str(&st.array_nl);
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                    out.push_str(&st.array_nl);
                }
                nested(out, d);
                crate::limits::deep(|| write(item, st, d, out, at))?;
            }
            if !st.array_nl.is_empty() {
                out.push_str(&st.array_nl);
                nested(out, depth);
            }
            out.push(']');
        }
        RValue::Hash(h) => {
            let d = enter()?;
            let h = h.borrow();
            out.push('{');
            for (i, (k, item)) in h.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&st.object_nl);
                nested(out, d);
                ruby_json_string(out, &crate::show::to_s(k));
                out.push_str(&st.space_before);
                out.push(':');
                out.push_str(&st.space);
                crate::limits::deep(|| write(item, st, d, out, at))?;
            }
            if !st.object_nl.is_empty() {
                out.push_str(&st.object_nl);
                nested(out, depth);
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
        // (json 2.6's C generator: the array's line breaks around no element)
        assert_eq!(
            generate(&RValue::array(smallvec::smallvec![]), true, 0).unwrap(),
            "[\n\n]"
        );
        assert!(generate(&RValue::Float(RFloat::new(f64::NAN)), false, 0).is_err());
    }
}
