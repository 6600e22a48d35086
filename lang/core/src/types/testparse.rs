//! Test-only parser of type expressions and literal values (the real parser is elsewhere):
//! names, `[...]` parameters, strings, numbers, regexps, arrays, hashes, `default`, `undef`,
//! a few constructors (`Timespan(1)`, `Sensitive(1)`, `SemVer('1.2.3')`) and `.reverse_each`.
use super::{by_name, parameterize, resource_type, PType};
use crate::time::{Timespan, Timestamp};
use crate::values::{LazyIter, Map, Regexp, Value};
use std::rc::Rc;

pub fn value(src: &str) -> Result<Value, String> {
    let mut p = P {
        s: src.as_bytes(),
        i: 0,
    };
    let v = p.expr()?;
    p.ws();
    if p.i != p.s.len() {
        return Err(format!("trailing input at {} in {src}", p.i));
    }
    Ok(v)
}

/// Parses a type expression.
pub fn ty(src: &str) -> PType {
    match value(src) {
        Ok(Value::Type(t)) => (*t).clone(),
        other => panic!("not a type: {src}: {other:?}"),
    }
}

struct P<'a> {
    s: &'a [u8],
    i: usize,
}

impl P<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }
    fn peek(&mut self) -> Option<u8> {
        self.ws();
        self.s.get(self.i).copied()
    }
    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn expect(&mut self, c: u8) -> Result<(), String> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(format!("expected {} at {}", c as char, self.i))
        }
    }

    fn list(&mut self, close: u8) -> Result<Vec<Value>, String> {
        let mut out = Vec::new();
        while !self.eat(close) {
            out.push(self.expr()?);
            if !self.eat(b',') {
                self.expect(close)?;
                break;
            }
        }
        Ok(out)
    }

    fn expr(&mut self) -> Result<Value, String> {
        let mut v = self.primary()?;
        loop {
            if let Value::Type(t) = &v {
                if self.peek() == Some(b'[') {
                    self.i += 1;
                    let mut args = self.list(b']')?;
                    v = parameterize(t, &mut args).map_err(|e| e.message)?;
                    continue;
                }
            }
            if self.peek() == Some(b'.') {
                self.i += 1;
                let w = self.word();
                match w.as_str() {
                    "reverse_each" => v = Value::Iterator(Rc::new(LazyIter::Reverse(v))),
                    _ => return Err(format!("unknown method {w}")),
                }
                continue;
            }
            return Ok(v);
        }
    }

    fn word(&mut self) -> String {
        self.ws();
        let start = self.i;
        while self.i < self.s.len()
            && (self.s[self.i].is_ascii_alphanumeric()
                || self.s[self.i] == b'_'
                || (self.s[self.i] == b':' && self.s.get(self.i + 1) == Some(&b':')))
        {
            self.i += if self.s[self.i] == b':' { 2 } else { 1 };
        }
        String::from_utf8_lossy(&self.s[start..self.i]).into_owned()
    }

    fn primary(&mut self) -> Result<Value, String> {
        match self.peek().ok_or("unexpected end")? {
            b'[' => {
                self.i += 1;
                Ok(Value::array(self.list(b']')?))
            }
            b'{' => {
                self.i += 1;
                let mut m = Map::default();
                while !self.eat(b'}') {
                    let k = self.expr()?;
                    self.expect(b'=')?;
                    self.expect(b'>')?;
                    let v = self.expr()?;
                    m.insert(k, v);
                    if !self.eat(b',') {
                        self.expect(b'}')?;
                        break;
                    }
                }
                Ok(Value::hash(m))
            }
            q @ (b'\'' | b'"') => {
                self.i += 1;
                let mut out = Vec::new();
                while self.i < self.s.len() && self.s[self.i] != q {
                    let c = self.s[self.i];
                    if c == b'\\' && self.i + 1 < self.s.len() {
                        let n = self.s[self.i + 1];
                        self.i += 2;
                        match (q, n) {
                            (b'"', b'n') => out.push(b'\n'),
                            (b'"', b't') => out.push(b'\t'),
                            (_, b'\\') => out.push(b'\\'),
                            (_, c) if c == q => out.push(c),
                            (_, c) => {
                                out.push(b'\\');
                                out.push(c)
                            }
                        }
                    } else {
                        out.push(c);
                        self.i += 1;
                    }
                }
                self.i += 1;
                Ok(Value::string(String::from_utf8_lossy(&out).into_owned()))
            }
            b'/' => {
                self.i += 1;
                let start = self.i;
                while self.i < self.s.len() && self.s[self.i] != b'/' {
                    self.i += if self.s[self.i] == b'\\' { 2 } else { 1 };
                }
                let src = String::from_utf8_lossy(&self.s[start..self.i]).into_owned();
                self.i += 1;
                Ok(Value::Regexp(Rc::new(Regexp::new(&src)?)))
            }
            b'-' | b'0'..=b'9' => self.number(),
            c if c.is_ascii_uppercase() => {
                let name = self.word();
                if self.peek() == Some(b'(') {
                    self.i += 1;
                    let args = self.list(b')')?;
                    return construct(&name, &args);
                }
                Ok(Value::typ(
                    by_name(&name).unwrap_or_else(|| resource_type(&name)),
                ))
            }
            c if c.is_ascii_lowercase() => {
                let w = self.word();
                Ok(match w.as_str() {
                    "true" => Value::Boolean(true),
                    "false" => Value::Boolean(false),
                    "undef" => Value::Undef,
                    "default" => Value::Default,
                    _ => Value::string(w),
                })
            }
            c => Err(format!("unexpected {}", c as char)),
        }
    }

    fn number(&mut self) -> Result<Value, String> {
        let start = self.i;
        if self.s[self.i] == b'-' {
            self.i += 1;
        }
        let mut float = false;
        while self.i < self.s.len() {
            let c = self.s[self.i];
            if c.is_ascii_digit() {
                self.i += 1;
            } else if (c == b'.' && self.s.get(self.i + 1).is_some_and(|d| d.is_ascii_digit()))
                || c == b'e'
                || ((c == b'-' || c == b'+') && self.s[self.i - 1] == b'e')
            {
                float = true;
                self.i += 1;
            } else {
                break;
            }
        }
        let text = std::str::from_utf8(&self.s[start..self.i]).map_err(|e| e.to_string())?;
        if float {
            text.parse::<f64>()
                .map(Value::Float)
                .map_err(|e| e.to_string())
        } else {
            text.parse::<i64>()
                .map(Value::Integer)
                .map_err(|e| e.to_string())
        }
    }
}

fn seconds(v: &Value) -> i128 {
    match v {
        Value::Integer(i) => *i as i128 * 1_000_000_000,
        Value::Float(x) => (x * 1e9).round() as i128,
        _ => 0,
    }
}

fn construct(name: &str, args: &[Value]) -> Result<Value, String> {
    let arg = args.first().ok_or("missing argument")?;
    Ok(match name {
        "Timespan" => Value::Timespan(Timespan {
            nanos: seconds(arg),
        }),
        "Timestamp" => Value::Timestamp(Timestamp {
            nanos: seconds(arg),
        }),
        "Sensitive" => Value::Sensitive(Rc::new(arg.clone())),
        "SemVer" => Value::SemVer(Rc::new(
            semver::Version::parse(arg.as_str().unwrap_or_default()).map_err(|e| e.to_string())?,
        )),
        "SemVerRange" => Value::SemVerRange(Rc::new(
            crate::versions::SemVerRange::parse(arg.as_str().unwrap_or_default())
                .expect("valid range"),
        )),
        _ => return Err(format!("unknown constructor {name}")),
    })
}
