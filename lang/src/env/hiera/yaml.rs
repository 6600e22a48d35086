//! YAML data files read as Ruby's Psych reads them for Hiera (`safe_load`, YAML 1.1 plain
//! scalars): `yes`/`no`/`on`/`off` are booleans, `~`/`null`/empty are undef, integers in
//! decimal, `0x`, `0b` and leading-zero octal (with `_` separators), floats including `.inf`
//! and `.nan`; quoted and block scalars are strings; anchors, aliases and `<<` merge keys.
//! Tags as Psych's `ToRuby` visitor reads them: Ruby classes (`!ruby/object:Foo`, `!!set`,
//! `!ruby/regexp`, ...) are the reference's `Tried to load unspecified class: NAME`; Ruby
//! symbols (`:name`, `!ruby/symbol name`) are names as hash keys (Hiera's
//! `symkeys_to_string`) and, as values, what Hiera refuses when the key is looked up
//! ([`parse_data`], [`unusable_value`]).

use crate::types::PType;
use crate::values::{Map, Value};
use std::rc::Rc;
use yaml_rust2::parser::{Event, EventReceiver, Parser};
use yaml_rust2::scanner::TScalarStyle;

/// Parses the first document of `text` (undef for an empty stream); a Ruby symbol is read
/// as its name.
pub fn parse(text: &str) -> Result<Value, String> {
    load(text, false)
}

/// Parses a Hiera data file (`yaml_data`): as [`parse`], except that a top-level key whose
/// value holds a Ruby symbol (`:x`, `!ruby/symbol x`) keeps no value but the type the
/// reference names when it refuses it ([`unusable_value`]).
pub fn parse_data(text: &str) -> Result<Value, String> {
    load(text, true)
}

/// When `v` is the value of a data file's top-level key that holds a Ruby symbol (see
/// [`parse_data`]): the type the reference names in its `has wrong type, expects
/// Puppet::LookupValue, got TYPE` (`Runtime[ruby, 'Symbol']`, `Array[Any, 2, 2]`, ...).
pub fn unusable_value(v: &Value) -> Option<String> {
    // (YAML and JSON data hold no types: a type at the top of a data file is this mark)
    let Value::Type(t) = v else { return None };
    Some(t.to_string())
}

/// The reduced type of a value holding symbols' marks (each mark a `Runtime[ruby,
/// 'Symbol']`), as the reference infers it: `type(v, 'reduced')` with the marks as symbols.
fn reduced_type(v: &Value) -> PType {
    use crate::types::common::common_type;
    use crate::types::infer::infer_reduced;
    let mut seen = Default::default();
    if !holds_symbol(v, &mut seen) {
        return infer_reduced(v);
    }
    // The common type of some values: those without symbols inferred together (so that
    // strings make an `Enum` as in `infer_reduced`), then each other one's.
    let common = |values: &mut dyn Iterator<Item = &Value>| {
        let (marked, plain): (Vec<&Value>, Vec<&Value>) =
            values.partition(|x| holds_symbol(x, &mut Default::default()));
        let plain = (!plain.is_empty()).then(|| {
            match &infer_reduced(&Value::array(plain.into_iter().cloned().collect())) {
                PType::Array(t, _) => (**t).clone(),
                t => t.clone(),
            }
        });
        marked
            .into_iter()
            .map(|x| crate::limits::deep(|| reduced_type(x)))
            .chain(plain)
            // (undef and a symbol: the symbol's type, as the reference has it)
            .reduce(|a, b| match (&a, &b) {
                (PType::Undef, r @ PType::Runtime { .. })
                | (r @ PType::Runtime { .. }, PType::Undef) => r.clone(),
                _ => common_type(&a, &b),
            })
            .unwrap_or(PType::Unit)
    };
    let exact = |n: usize| crate::types::IntRange::new(n as i64, n as i64);
    match v {
        Value::Type(_) => symbol_type(),
        Value::Array(a) => PType::Array(Box::new(common(&mut a.iter())), exact(a.len())),
        Value::Hash(h) => PType::Hash(
            Box::new(common(&mut h.keys())),
            Box::new(common(&mut h.values())),
            exact(h.len()),
        ),
        other => infer_reduced(other),
    }
}

/// Parses YAML as [`parse`] does, but without refusing what Psych's safe loading refuses:
/// Ruby classes' tags are ignored and dates, times and integers beyond 64 bits are strings
/// (facts files: `puppet facts find --render-as yaml` tags its document
/// `!ruby/object:Puppet::Node::Facts` and writes its timestamp unquoted).
pub fn parse_lenient(text: &str) -> Result<Value, String> {
    read(text, false, true)
}

/// The error of a file whose alias refers to a collection that contains it (`r: &r [1,
/// *r]`): the reference builds the recursive value and runs out of stack on it, with this
/// message and no other words around it.
pub const RECURSIVE_ALIAS: &str = "stack level too deep";

fn symbol_type() -> PType {
    PType::Runtime {
        runtime: Some("ruby".into()),
        name: Some("Symbol".into()),
    }
}

fn load(text: &str, data: bool) -> Result<Value, String> {
    read(text, data, false)
}

fn read(text: &str, data: bool, lenient: bool) -> Result<Value, String> {
    // (a byte-order mark is not part of the first key, as Psych reads it)
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut b = Builder {
        data,
        lenient,
        ..Builder::default()
    };
    let mut parser = Parser::new_from_str(text);
    // The first document's events, in a loop (yaml-rust2's `load` recurses once a level:
    // block collections nested some 100,000 deep overflowed the stack).
    loop {
        // Flow collections (`[`, `{`) nest 1,000 deep at most (vendor/yaml-rust2: its time
        // grows with the square of their depth), past which the reference has run out of
        // stack too (at about 650-1,000 levels), with its message.
        let (event, _) = parser.next_token().map_err(|e| match e.info() {
            "recursion limit exceeded" => "stack level too deep".to_string(),
            _ => e.to_string(),
        })?;
        match event {
            Event::DocumentEnd | Event::StreamEnd => break,
            event => b.on_event(event),
        }
    }
    if let Some(e) = b.error {
        return Err(e);
    }
    Ok(b.doc.unwrap_or(Value::Undef))
}

enum Node {
    /// The items, the anchor, and whether it is tagged `!!omap` (read as a hash).
    Seq(Vec<Value>, usize, bool),
    Map(Map, Option<Value>, usize),
}

/// A plain or tagged scalar as read: a value, or a Ruby symbol's name.
enum Scalar {
    Value(Value),
    Symbol(String),
}

#[derive(Default)]
struct Builder {
    stack: Vec<Node>,
    anchors: std::collections::HashMap<usize, Value>,
    doc: Option<Value>,
    /// Whether the pending key of the innermost mapping is a plain `<<`.
    merge_key: Vec<bool>,
    /// The first node Psych's safe loading refuses (a date, a time, a Ruby class) or prepl
    /// cannot hold (an integer beyond 64 bits).
    error: Option<String>,
    /// Reading Hiera data ([`parse_data`]): symbols as values are marked, not names.
    data: bool,
    /// Whether a symbol was read as a value (then the top-level keys are checked).
    symbols: bool,
    /// Nothing refused ([`parse_lenient`]).
    lenient: bool,
}

impl Builder {
    fn refuse(&mut self, class: &str) {
        if self.lenient {
            return;
        }
        self.error
            .get_or_insert_with(|| format!("Tried to load unspecified class: {class}"));
    }

    /// Whether the next node is a mapping's key.
    fn at_key(&self) -> bool {
        matches!(self.stack.last(), Some(Node::Map(_, None, _)))
    }

    fn push_value(&mut self, v: Value, anchor: usize, is_merge_key: bool) {
        if anchor > 0 {
            self.anchors.insert(anchor, v.clone());
        }
        let top_level = self.data && self.symbols && self.stack.len() == 1;
        match self.stack.last_mut() {
            None => {
                if self.doc.is_none() {
                    self.doc = Some(v);
                }
            }
            Some(Node::Seq(items, _, _)) => items.push(v),
            Some(Node::Map(map, key, _)) => match key.take() {
                None => {
                    *key = Some(v);
                    if let Some(m) = self.merge_key.last_mut() {
                        *m = is_merge_key;
                    }
                }
                Some(k) => {
                    let merging = self.merge_key.last().copied().unwrap_or(false);
                    if merging {
                        match &v {
                            Value::Hash(h) => {
                                for (a, b) in h.iter() {
                                    map.insert(a.clone(), b.clone());
                                }
                                return;
                            }
                            Value::Array(a) if a.iter().all(|x| matches!(x, Value::Hash(_))) => {
                                for x in a.iter() {
                                    if let Value::Hash(h) = x {
                                        for (a, b) in h.iter() {
                                            map.get_or_insert_with(a.clone(), || b.clone());
                                        }
                                    }
                                }
                                return;
                            }
                            _ => {}
                        }
                    }
                    let v = match top_level && holds_symbol(&v, &mut Default::default()) {
                        true => Value::typ(reduced_type(&v)),
                        false => v,
                    };
                    map.insert(k, v);
                }
            },
        }
    }

    /// A scalar read as Psych's `ToRuby#deserialize` reads it.
    fn scalar(&mut self, tag: Option<&str>, text: &str, plain: bool) -> Scalar {
        let Some(tag) = tag else {
            return match plain {
                true => self.tokenize(text),
                false => Scalar::Value(Value::string(text)),
            };
        };
        let v = match tag {
            "!binary" | "tag:yaml.org,2002:binary" => {
                let bytes = crate::convert::binary::decode_lenient(text);
                match String::from_utf8(bytes) {
                    Ok(s) => Value::string(s),
                    // (an ASCII-8BIT string in Ruby: each byte a character)
                    Err(e) => Value::string(
                        e.into_bytes()
                            .iter()
                            .map(|b| *b as char)
                            .collect::<String>(),
                    ),
                }
            }
            "tag:yaml.org,2002:str" | "!str" | "!ruby/string" => Value::string(text),
            _ if tag.starts_with("!str:") || tag.starts_with("!ruby/string:") => {
                let class = tag.split_once(':').map_or("", |(_, c)| c);
                self.refuse(class);
                Value::Undef
            }
            "!ruby/object:BigDecimal"
            | "!ruby/object:DateTime"
            | "!ruby/object:Complex"
            | "!ruby/object:Rational" => {
                self.refuse(&tag["!ruby/object:".len()..]);
                Value::Undef
            }
            "!ruby/class" | "!ruby/module" => {
                self.refuse(text);
                Value::Undef
            }
            "!ruby/regexp" => {
                self.refuse("Regexp");
                Value::Undef
            }
            "!ruby/range" => {
                self.refuse("Range");
                Value::Undef
            }
            "tag:yaml.org,2002:float" | "!float" => match self.tokenize(text) {
                Scalar::Value(Value::Integer(i)) => Value::Float(i as f64),
                Scalar::Value(f @ Value::Float(_)) => f,
                _ => text
                    .parse::<f64>()
                    .map_or_else(|_| Value::string(text), Value::Float),
            },
            _ if tag.starts_with("!ruby/sym") => return Scalar::Symbol(text.to_string()),
            _ => return self.tokenize(text),
        };
        Scalar::Value(v)
    }

    /// A plain scalar as Psych's `ScalarScanner#tokenize` reads it.
    fn tokenize(&mut self, text: &str) -> Scalar {
        if let Some(e) = refused_plain_scalar(text) {
            if self.lenient {
                return Scalar::Value(Value::string(text));
            }
            self.error.get_or_insert(e);
            return Scalar::Value(Value::Undef);
        }
        if let Some(name) = symbol_name(text) {
            return Scalar::Symbol(name);
        }
        Scalar::Value(plain_scalar(text))
    }

    /// The class Psych would have to load for a sequence tagged `tag`, refused.
    fn sequence_tag(&mut self, tag: &str) -> bool {
        let omap = matches!(tag, "!omap" | "tag:yaml.org,2002:omap");
        if let Some(class) = tag
            .strip_prefix("!seq:")
            .or_else(|| tag.strip_prefix("!ruby/array:"))
        {
            self.refuse(class);
        }
        omap
    }

    /// The class Psych would have to load for a mapping tagged `tag`, refused.
    fn mapping_tag(&mut self, tag: &str) {
        let named = |prefix: &str| {
            tag.strip_prefix(prefix)
                .map(|c| c.strip_prefix(':').unwrap_or(c))
        };
        let class = if let Some(c) = named("!ruby/struct") {
            Some(if c.is_empty() { "Struct" } else { c })
        } else if let Some(c) = named("!ruby/object") {
            match c {
                "Hash" => None,
                "" => Some("Object"),
                c => Some(c),
            }
        } else if let Some(c) = named("!ruby/exception") {
            Some(if c.is_empty() { "Exception" } else { c })
        } else if tag == "!ruby/range" {
            Some("Range")
        } else if matches!(tag, "!set" | "tag:yaml.org,2002:set") {
            Some("Psych::Set")
        } else {
            [
                "!ruby/array:",
                "!map:",
                "!ruby/hash:",
                "!ruby/marshalable:",
                "!ruby/hash-with-ivars:",
                "!str:",
                "!ruby/string:",
            ]
            .iter()
            .find_map(|p| tag.strip_prefix(p))
        };
        if let Some(class) = class {
            self.refuse(class);
        }
    }
}

/// A tag as Psych names it: `!!set` is `tag:yaml.org,2002:set`, `!ruby/sym` stays.
fn tag_name(t: &yaml_rust2::parser::Tag) -> String {
    format!("{}{}", t.handle, t.suffix)
}

/// The name of a Ruby symbol written as a plain scalar (`:name`, `:"a b"`), as Psych's
/// scanner reads it.
fn symbol_name(s: &str) -> Option<String> {
    let rest = s
        .strip_prefix(':')
        .filter(|r| !r.is_empty() && !s.contains('\n'))?;
    // (`:"..."` or `:'...'`: up to the last such quote, Psych's /^:(["'])(.*)\1/)
    let quoted = rest
        .chars()
        .next()
        .filter(|q| *q == '"' || *q == '\'')
        .and_then(|q| {
            let inner = &rest[1..];
            inner.rfind(q).map(|end| &inner[..end])
        });
    let name = quoted.unwrap_or(rest);
    Some(name.strip_prefix(':').unwrap_or(name).to_string())
}

/// Whether `v` is, or holds, a symbol's mark (each shared part looked at once).
fn holds_symbol(v: &Value, seen: &mut std::collections::HashSet<usize>) -> bool {
    match v {
        Value::Type(_) => true,
        Value::Array(a) => {
            seen.insert(Rc::as_ptr(a) as usize)
                && crate::limits::deep(|| a.iter().any(|x| holds_symbol(x, seen)))
        }
        Value::Hash(h) => {
            seen.insert(Rc::as_ptr(h) as usize)
                && crate::limits::deep(|| h.values().any(|x| holds_symbol(x, seen)))
        }
        _ => false,
    }
}

impl EventReceiver for Builder {
    fn on_event(&mut self, ev: Event) {
        match ev {
            Event::SequenceStart(anchor, tag) => {
                let omap = tag.is_some_and(|t| self.sequence_tag(&tag_name(&t)));
                self.stack.push(Node::Seq(Vec::new(), anchor, omap))
            }
            Event::MappingStart(anchor, tag) => {
                if let Some(t) = tag {
                    self.mapping_tag(&tag_name(&t));
                }
                self.stack.push(Node::Map(Map::default(), None, anchor));
                self.merge_key.push(false);
            }
            Event::SequenceEnd => {
                if let Some(Node::Seq(items, anchor, omap)) = self.stack.pop() {
                    let v = match omap {
                        true => ordered_map(items),
                        false => Value::array(items),
                    };
                    self.push_value(v, anchor, false);
                }
            }
            Event::MappingEnd => {
                self.merge_key.pop();
                if let Some(Node::Map(map, _, anchor)) = self.stack.pop() {
                    self.push_value(Value::hash(map), anchor, false);
                }
            }
            Event::Scalar(text, style, anchor, tag) => {
                let plain = style == TScalarStyle::Plain;
                let is_merge = plain && tag.is_none() && text == "<<";
                let read = self.scalar(tag.as_ref().map(tag_name).as_deref(), &text, plain);
                let v = match read {
                    Scalar::Value(v) => v,
                    // (Hiera's `symkeys_to_string`)
                    Scalar::Symbol(name) if !self.data || self.at_key() => Value::string(name),
                    Scalar::Symbol(_) => {
                        self.symbols = true;
                        Value::typ(symbol_type())
                    }
                };
                self.push_value(v, anchor, is_merge);
            }
            Event::Alias(id) => {
                // (the parser refuses unknown anchors: one not read yet is a collection
                // still open, which would contain itself)
                let v = match self.anchors.get(&id) {
                    Some(v) => v.clone(),
                    None => {
                        self.error.get_or_insert_with(|| RECURSIVE_ALIAS.into());
                        Value::Undef
                    }
                };
                self.push_value(v, 0, false);
            }
            _ => {}
        }
    }
}

/// `!!omap [a: 1, b: 2]`: a hash, in order (Psych's `Psych::Omap`, a Hash).
fn ordered_map(items: Vec<Value>) -> Value {
    let mut map = Map::default();
    for item in items {
        if let Value::Hash(h) = item {
            for (k, v) in h.iter() {
                map.insert(k.clone(), v.clone());
            }
        }
    }
    Value::hash(map)
}

/// The error of a plain scalar Psych's safe loading refuses (a date or a time: the
/// reference's "Tried to load unspecified class: Date"), or that an Integer cannot hold.
fn refused_plain_scalar(s: &str) -> Option<String> {
    let b = s.as_bytes();
    if b.len() >= 8 && b[..4].iter().all(u8::is_ascii_digit) && b.get(4) == Some(&b'-') {
        let date_end = 5 + b[5..]
            .iter()
            .position(|c| !(c.is_ascii_digit() || *c == b'-'))
            .unwrap_or(b.len() - 5);
        let date: Vec<&str> = s[..date_end].split('-').collect();
        let is_date = date.len() == 3
            && date[1..]
                .iter()
                .all(|p| (1..=2).contains(&p.len()) && p.bytes().all(|c| c.is_ascii_digit()));
        if is_date {
            let rest = &s[date_end..];
            if rest.is_empty() {
                return Some("Tried to load unspecified class: Date".into());
            }
            let time = rest.trim_start_matches(['T', 't', ' ', '\t']);
            let hms = time.split(':').take(3).collect::<Vec<_>>();
            if time.len() < rest.len()
                && hms.len() == 3
                && hms[0].len() <= 2
                && hms
                    .iter()
                    .all(|p| p.bytes().next().is_some_and(|c| c.is_ascii_digit()))
            {
                return Some("Tried to load unspecified class: Time".into());
            }
        }
    }
    let digits = s.strip_prefix(['-', '+']).unwrap_or(s);
    if !digits.is_empty()
        && digits.bytes().all(|c| c.is_ascii_digit() || c == b'_')
        && digits.as_bytes()[0].is_ascii_digit()
        && !digits.starts_with('0')
        && integer(s).is_none()
    {
        return Some(format!(
            "the integer {s} is beyond 64 bits (prepl's Integer is 64 bits; quote it to read it as a String)"
        ));
    }
    None
}

/// A plain scalar as Psych's scalar scanner reads it.
pub fn plain_scalar(s: &str) -> Value {
    match s {
        "" | "~" | "null" | "Null" | "NULL" => return Value::Undef,
        _ => {}
    }
    let lower = s.to_ascii_lowercase();
    match lower.as_str() {
        "yes" | "true" | "on" => return Value::Boolean(true),
        "no" | "false" | "off" => return Value::Boolean(false),
        ".inf" | "+.inf" => return Value::Float(f64::INFINITY),
        "-.inf" => return Value::Float(f64::NEG_INFINITY),
        ".nan" => return Value::Float(f64::NAN),
        _ => {}
    }
    if let Some(i) = integer(s).or_else(|| sexagesimal(s)) {
        return Value::Integer(i);
    }
    if is_float(s) {
        let clean = s.replace(['_', ','], "");
        let clean = if clean.ends_with('.') {
            format!("{clean}0")
        } else {
            clean
        };
        if let Ok(f) = clean.parse::<f64>() {
            return Value::Float(f);
        }
    }
    Value::string(s)
}

fn integer(s: &str) -> Option<i64> {
    let (neg, body) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    if body.is_empty() || body.starts_with('_') {
        return None;
    }
    let clean: String = body.chars().filter(|c| *c != '_' && *c != ',').collect();
    let parsed = if let Some(h) = clean.strip_prefix("0x") {
        i64::from_str_radix(h, 16).ok()
    } else if let Some(b) = clean.strip_prefix("0b") {
        i64::from_str_radix(b, 2).ok()
    } else if clean.len() > 1 && clean.starts_with('0') {
        if clean.bytes().all(|c| (b'0'..=b'7').contains(&c)) {
            i64::from_str_radix(&clean, 8).ok()
        } else {
            None
        }
    } else if clean.bytes().all(|c| c.is_ascii_digit()) && body.as_bytes()[0].is_ascii_digit() {
        clean.parse().ok()
    } else {
        None
    };
    parsed.map(|v| if neg { -v } else { v })
}

/// A base-60 integer as Psych reads it: `[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}`, each part
/// `n` at position `e` worth `n * 60 ** (e - 2).abs` (so `1:30:00` is 5400, and `1:30`
/// is 5400 too: Psych weighs the parts as if there were three; `-1:30` is -1800).
fn sexagesimal(s: &str) -> Option<i64> {
    let (neg, body) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    let parts: Vec<&str> = body.split(':').collect();
    if !(2..=3).contains(&parts.len()) {
        return None;
    }
    let first = parts[0];
    if !first.as_bytes().first()?.is_ascii_digit()
        || !first.bytes().all(|c| c.is_ascii_digit() || c == b'_')
    {
        return None;
    }
    let mut n: i64 = 0;
    for (e, p) in parts.iter().enumerate() {
        let value: i64 = if e == 0 {
            // (the sign is the first part's only, as Ruby's `to_i` of each part: -1:30 is
            // -3600 + 1800)
            let v: i64 = p.replace('_', "").parse().ok()?;
            if neg {
                -v
            } else {
                v
            }
        } else {
            let ok = (1..=2).contains(&p.len())
                && p.bytes().all(|c| c.is_ascii_digit())
                && (p.len() == 1 || p.as_bytes()[0] <= b'5');
            if !ok {
                return None;
            }
            p.parse().ok()?
        };
        let weight = 60i64.pow((e as i64 - 2).unsigned_abs() as u32);
        n = n.checked_add(value.checked_mul(weight)?)?;
    }
    Some(n)
}

fn is_float(s: &str) -> bool {
    // Psych's FLOAT: [-+]?([0-9][0-9_,]*)?\.[0-9]*([eE][-+][0-9]+)?, with a digit somewhere
    // (a scan rather than a regex: compiling that one took a tenth of reading a small
    // module's data).
    let b = s.as_bytes();
    let digits = |from: usize| from + b[from..].iter().take_while(|c| c.is_ascii_digit()).count();
    let mut i = usize::from(matches!(b.first(), Some(b'+' | b'-')));
    let mut any_digit = false;
    if b.get(i).is_some_and(u8::is_ascii_digit) {
        any_digit = true;
        i += 1 + b[i + 1..]
            .iter()
            .take_while(|c| c.is_ascii_digit() || **c == b'_' || **c == b',')
            .count();
    }
    if b.get(i) != Some(&b'.') {
        return false;
    }
    let after = digits(i + 1);
    any_digit |= after > i + 1;
    i = after;
    if matches!(b.get(i), Some(b'e' | b'E')) {
        if !matches!(b.get(i + 1), Some(b'+' | b'-')) {
            return false;
        }
        let end = digits(i + 2);
        if end == i + 2 {
            return false;
        }
        i = end;
    }
    i == b.len() && any_digit
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::to_programmatic;

    fn p(s: &str) -> String {
        to_programmatic(&parse(s).unwrap())
    }

    #[test]
    fn scalars_as_psych_reads_them() {
        assert_eq!(
            p("a: yes\nb: 'yes'\nc: 010\nd: 0x1F\ne: 1_000\nf: 1.5\ng: ~\nh:\ni: On\nj: 1e3\nk: \"2\"\nl: 1.5e+3\nm: 09\nn: 1.\no: 0o17\n"),
            "{'a' => true, 'b' => 'yes', 'c' => 8, 'd' => 31, 'e' => 1000, 'f' => 1.5, 'g' => undef, 'h' => undef, 'i' => true, 'j' => '1e3', 'k' => '2', 'l' => 1500.0, 'm' => '09', 'n' => 1.0, 'o' => '0o17'}"
        );
    }

    #[test]
    fn anchors_aliases_and_merge_keys() {
        assert_eq!(
            p("base: &b {x: 1, y: 2}\nother:\n  <<: *b\n  y: 3\nlist: [*b]\n"),
            "{'base' => {'x' => 1, 'y' => 2}, 'other' => {'x' => 1, 'y' => 3}, 'list' => [{'x' => 1, 'y' => 2}]}"
        );
    }

    #[test]
    fn floats_as_psych_reads_them() {
        for yes in [
            "1.5", "-1.", "+.5", "1_000.25", "1,000.5", "1.5e+3", ".5E-10", "0.0",
        ] {
            assert!(is_float(yes), "{yes}");
        }
        for no in [
            ".", "-.", "1", "1.5e3", "1.5e+", "1.2.3", "a.5", "_1.5", "1.5 ", "1.5e+3x", "",
        ] {
            assert!(!is_float(no), "{no}");
        }
    }

    /// What Psych reads otherwise than plain YAML 1.2 (issue 39: each was a silent String).
    #[test]
    fn tags_base_60_dates_and_marks_as_psych_reads_them() {
        assert_eq!(
            p(
                "\u{feff}bom: 1\nint: !!int \"123\"\nflt: !!float \"1.5\"\nb: !!bool \"true\"\n\
               nul: !!null \"\"\ns: !!str 12\nsexa: 1:30\nh: 1:30:00\nomap: !!omap [a: 1, b: 2]\n\
               t: '2001-01-01'\n"
            ),
            "{'bom' => 1, 'int' => 123, 'flt' => 1.5, 'b' => true, 'nul' => undef, 's' => '12', \
             'sexa' => 5400, 'h' => 5400, 'omap' => {'a' => 1, 'b' => 2}, 't' => '2001-01-01'}"
        );
        assert_eq!(
            parse("d: 2001-01-01\n").unwrap_err(),
            "Tried to load unspecified class: Date"
        );
        assert_eq!(
            parse("d: 2001-12-14t21:59:43.10-05:00\n").unwrap_err(),
            "Tried to load unspecified class: Time"
        );
        assert!(parse("big: 123456789012345678901234567890\n")
            .unwrap_err()
            .contains("beyond 64 bits"));
        assert_eq!(
            p("v: 1:60\nw: 2001-1-x\nx: -1:30\ny: 1:2:3:4\nz: 1_0:30\n"),
            "{'v' => '1:60', 'w' => '2001-1-x', 'x' => -1800, 'y' => '1:2:3:4', 'z' => 37800}"
        );
    }

    /// Ruby's classes and symbols as Psych's safe loading reads them (issue 39: `!!set`,
    /// `:sym` and `!ruby/symbol` were read as strings).
    #[test]
    fn ruby_classes_and_symbols_as_psych_reads_them() {
        for (yaml, class) in [
            ("a: !!set {x, y}\n", "Psych::Set"),
            ("a: !set {x: }\n", "Psych::Set"),
            ("a: !ruby/object:Foo {b: 1}\n", "Foo"),
            ("a: !ruby/object {b: 1}\n", "Object"),
            ("a: !ruby/struct {b: 1}\n", "Struct"),
            ("a: !ruby/exception {message: m}\n", "Exception"),
            ("a: !ruby/hash:Foo {b: 1}\n", "Foo"),
            ("a: !ruby/array:Foo [1]\n", "Foo"),
            ("a: !ruby/string:Foo x\n", "Foo"),
            ("a: !ruby/regexp /x/\n", "Regexp"),
            ("a: !ruby/range 1..2\n", "Range"),
            ("a: !ruby/class Foo\n", "Foo"),
            ("a: !ruby/object:BigDecimal 1.5\n", "BigDecimal"),
            ("a: !!timestamp 2001-01-01\n", "Date"),
            (
                "a: [1]\nb: !ruby/object:Foo {}\nc: !ruby/object:Bar {}\n",
                "Foo",
            ),
        ] {
            assert_eq!(
                parse(yaml).unwrap_err(),
                format!("Tried to load unspecified class: {class}"),
                "{yaml}"
            );
        }
        // Tags Psych reads as plain scalars, and those it reads as data.
        assert_eq!(
            p(
                "a: !ruby/object:Foo x\nb: !foo 12\nc: !!int x\nd: !ruby/hash {e: 1}\n\
               f: !ruby/array [1]\ng: !!binary aGVsbG8=\nh: !ruby/object:Hash {i: 1}\n\
               j: !ruby/regexp {k: 1}\nl: !!int 1.5\nm: !!null x\n"
            ),
            "{'a' => 'x', 'b' => 12, 'c' => 'x', 'd' => {'e' => 1}, 'f' => [1], 'g' => 'hello', \
             'h' => {'i' => 1}, 'j' => {'k' => 1}, 'l' => 1.5, 'm' => 'x'}"
        );
        // Symbols: as keys their names (Hiera's symkeys_to_string; the last of a name
        // wins), as values their names in `parse`...
        assert_eq!(
            p(":a: 1\nb:\n  - :k: 1\n    'k': 2\nc: :x\nd: !ruby/symbol y\ne: :\"q r\"\nf: ':z'\n"),
            "{'a' => 1, 'b' => [{'k' => 2}], 'c' => 'x', 'd' => 'y', 'e' => 'q r', 'f' => ':z'}"
        );
        // ... and in Hiera data the type the reference names when the key is looked up.
        let data = parse_data(
            ":a: 1\nb: [1, !ruby/symbol x]\nc: {k: !ruby/sym y}\nd:\n  - ~\n  - :x\n\
             e:\n  f: 's'\n  g: :x\nh: :x\ni: &s\n  - :x\nj: [*s, 2]\nk: 'fine'\n",
        )
        .unwrap();
        let Value::Hash(h) = data else { panic!() };
        let got = |k: &str| h.get(&Value::from(k)).and_then(unusable_value);
        assert_eq!(got("a"), None);
        assert_eq!(got("k"), None);
        assert_eq!(got("b").unwrap(), "Array[Any, 2, 2]");
        assert_eq!(
            got("c").unwrap(),
            "Hash[String, Runtime[ruby, 'Symbol'], 1, 1]"
        );
        assert_eq!(got("d").unwrap(), "Array[Runtime[ruby, 'Symbol'], 2, 2]");
        assert_eq!(got("e").unwrap(), "Hash[Enum['f', 'g'], Any, 2, 2]");
        assert_eq!(got("h").unwrap(), "Runtime[ruby, 'Symbol']");
        assert_eq!(got("i").unwrap(), "Array[Runtime[ruby, 'Symbol'], 1, 1]");
        assert_eq!(got("j").unwrap(), "Array[Any, 2, 2]");
    }

    /// Block collections nest as deep as the text goes, flow collections 1,000 levels (the
    /// reference: about 650 for both, then `stack level too deep`; yaml-rust2 as published
    /// refuses the 256th level of flow collections, vendor/yaml-rust2 the 1,001st).
    #[test]
    fn nesting_of_block_and_flow_collections() {
        let block: String = (0..3000).map(|i| format!("{}-\n", " ".repeat(i))).collect();
        assert!(parse(&format!("a:\n{block}{}x\n", " ".repeat(3000))).is_ok());
        let compact = format!("a:\n{}x\n", "- ".repeat(200_000));
        let v = parse(&compact).unwrap();
        assert!(crate::limits::deep(|| crate::format::try_programmatic(&v)).is_ok());
        let seq = |n: usize| format!("a: {}1{}\nb: 2\n", "[".repeat(n), "]".repeat(n));
        let map = |n: usize| format!("a: {}1{}\nb: 2\n", "{x: ".repeat(n), "}".repeat(n));
        for n in [255, 256, 300, 600, 1000] {
            let want = format!("{}1{}", "[".repeat(n), "]".repeat(n));
            assert_eq!(p(&seq(n)), format!("{{'a' => {want}, 'b' => 2}}"));
            let want = format!("{}1{}", "{'x' => ".repeat(n), "}".repeat(n));
            assert_eq!(p(&map(n)), format!("{{'a' => {want}, 'b' => 2}}"));
        }
        for text in [seq(1001), map(1001), seq(100_000), map(100_000)] {
            assert_eq!(parse(&text).unwrap_err(), "stack level too deep");
        }
        // (facts files too)
        assert!(parse_lenient(&seq(1000)).is_ok());
        assert_eq!(
            parse_lenient(&map(1001)).unwrap_err(),
            "stack level too deep"
        );
        // flow collections in a block one, each 1,000 deep; unbalanced text still refused
        let flow = format!("{}1{}", "[".repeat(1000), "]".repeat(1000));
        assert!(parse(&format!("a:\n  - {flow}\n  - - {flow}\n")).is_ok());
        assert!(parse(&format!("a: {}1{}\n", "[".repeat(400), "]".repeat(399))).is_err());
    }

    #[test]
    fn aliases_of_collections_that_contain_them_are_refused() {
        for yaml in [
            "r: &r [1, *r]\n",
            "a: 1\nr: &r\n  - 1\n  - *r\n",
            "h: &h {a: *h}\n",
        ] {
            assert_eq!(parse(yaml).unwrap_err(), RECURSIVE_ALIAS, "{yaml}");
        }
        assert_eq!(
            p("a: &a [1]\nb: [*a, *a]\n"),
            "{'a' => [1], 'b' => [[1], [1]]}"
        );
    }

    #[test]
    fn errors_and_empty() {
        assert!(parse("a: [1, 2").is_err());
        assert_eq!(p(""), "undef");
    }
}
