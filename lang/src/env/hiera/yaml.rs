//! YAML data files read as Ruby's Psych reads them for Hiera (`safe_load`, YAML 1.1 plain
//! scalars): `yes`/`no`/`on`/`off` are booleans, `~`/`null`/empty are undef, integers in
//! decimal, `0x`, `0b` and leading-zero octal (with `_` separators), floats including `.inf`
//! and `.nan`; quoted and block scalars are strings; anchors, aliases and `<<` merge keys.

use crate::values::{Map, Value};
use yaml_rust2::parser::{Event, EventReceiver, Parser};
use yaml_rust2::scanner::TScalarStyle;

/// Parses the first document of `text` (undef for an empty stream).
pub fn parse(text: &str) -> Result<Value, String> {
    // (a byte-order mark is not part of the first key, as Psych reads it)
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut b = Builder::default();
    let mut parser = Parser::new_from_str(text);
    parser.load(&mut b, false).map_err(|e| e.to_string())?;
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

#[derive(Default)]
struct Builder {
    stack: Vec<Node>,
    anchors: std::collections::HashMap<usize, Value>,
    doc: Option<Value>,
    /// Whether the pending key of the innermost mapping is a plain `<<`.
    merge_key: Vec<bool>,
    /// The first scalar Psych's safe loading refuses (a date, a time) or prepl cannot hold
    /// (an integer beyond 64 bits).
    error: Option<String>,
}

impl Builder {
    fn push_value(&mut self, v: Value, anchor: usize, is_merge_key: bool) {
        if anchor > 0 {
            self.anchors.insert(anchor, v.clone());
        }
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
                    map.insert(k, v);
                }
            },
        }
    }
}

impl EventReceiver for Builder {
    fn on_event(&mut self, ev: Event) {
        match ev {
            Event::SequenceStart(anchor, tag) => {
                let omap = tag.is_some_and(|t| t.suffix == "omap");
                self.stack.push(Node::Seq(Vec::new(), anchor, omap))
            }
            Event::MappingStart(anchor, _) => {
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
                let is_merge = style == TScalarStyle::Plain && text == "<<";
                let v = match (&tag, style) {
                    (Some(t), _) => tagged_scalar(&t.suffix, &text),
                    (_, TScalarStyle::Plain) => match refused_plain_scalar(&text) {
                        Some(e) => {
                            self.error.get_or_insert(e);
                            Value::Undef
                        }
                        None => plain_scalar(&text),
                    },
                    _ => Value::string(text.as_str()),
                };
                self.push_value(v, anchor, is_merge);
            }
            Event::Alias(id) => {
                let v = self.anchors.get(&id).cloned().unwrap_or(Value::Undef);
                self.push_value(v, 0, false);
            }
            _ => {}
        }
    }
}

/// A scalar with a tag of the core schema (`!!int "123"` is 123, `!!float`, `!!bool`,
/// `!!null`), as Psych reads it; a string for `!!str` and other tags.
fn tagged_scalar(tag: &str, text: &str) -> Value {
    let read = plain_scalar(text);
    match (tag, &read) {
        ("int", Value::Integer(_))
        | ("float", Value::Float(_))
        | ("bool", Value::Boolean(_))
        | ("null", Value::Undef) => read,
        ("float", Value::Integer(i)) => Value::Float(*i as f64),
        ("float", _) => text
            .parse::<f64>()
            .map_or_else(|_| Value::string(text), Value::Float),
        ("null", _) => Value::Undef,
        _ => Value::string(text),
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

    #[test]
    fn errors_and_empty() {
        assert!(parse("a: [1, 2").is_err());
        assert_eq!(p(""), "undef");
    }
}
