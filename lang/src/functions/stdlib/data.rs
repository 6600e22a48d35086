//! stdlib's data formats: `to_json`, `to_json_pretty`, `to_yaml` (written as Ruby's JSON
//! generator and Psych write them), `parsejson`, `parseyaml`, `loadjson`, `loadyaml`.

use super::{arity_error, old_api_error};
use crate::erb::psych_emit::psych_reads_as_string;
use crate::error::Error;
use crate::eval::{Closure, EvalResult, Evaluator};
use crate::format::float::ruby_float_to_s;
use crate::functions::signature::dispatch;
use crate::functions::{builtin, Builtin};
use crate::values::{Map, Value};
use crate::LogLevel;
use std::rc::Rc;

/// How a value that is not data shows in JSON and YAML: its Ruby `to_s`.
fn ruby_to_s(v: &Value) -> String {
    match v {
        // (a `/` escaped, as Ruby keeps a literal's source)
        Value::Regexp(_) => crate::functions::strings::ruby_to_s(v),
        Value::Sensitive(_) => "Sensitive [value redacted]".into(),
        other => crate::format::to_display(other),
    }
}

/// `JSON.generate`'s state: the pretty form sets the separators.
pub struct JsonStyle {
    pub indent: String,
    pub space: String,
    pub space_before: String,
    pub object_nl: String,
    pub array_nl: String,
}

impl JsonStyle {
    pub fn compact() -> JsonStyle {
        JsonStyle {
            indent: String::new(),
            space: String::new(),
            space_before: String::new(),
            object_nl: String::new(),
            array_nl: String::new(),
        }
    }
    pub fn pretty() -> JsonStyle {
        JsonStyle {
            indent: "  ".into(),
            space: " ".into(),
            space_before: String::new(),
            object_nl: "\n".into(),
            array_nl: "\n".into(),
        }
    }
}

/// Writes a value as Ruby's JSON generator does (depth-limited like its `max_nesting`).
pub fn to_json_with(v: &Value, style: &JsonStyle) -> Result<String, Error> {
    crate::expansion::check_expansion(v, 2)?;
    let mut out = String::new();
    json_value(&mut out, v, style, 0)?;
    Ok(out)
}

fn json_value(out: &mut String, v: &Value, st: &JsonStyle, depth: usize) -> Result<(), Error> {
    if depth > 100 {
        return Err(Error::eval(format!("nesting of {} is too deep", depth + 1)));
    }
    match v {
        Value::Undef => out.push_str("null"),
        Value::Boolean(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Integer(i) => out.push_str(&i.to_string()),
        Value::Float(f) if f.is_finite() => out.push_str(&ruby_float_to_s(*f)),
        Value::Float(f) => {
            return Err(Error::eval(format!(
                "{} not allowed in JSON",
                ruby_float_to_s(*f)
            )))
        }
        Value::String(s) => {
            // (a long string: room for it, quoted, made first, the failure an error)
            if s.len() >= 4096 {
                crate::limits::try_grow_string(out, s.len() + 2)?;
            }
            crate::format::quote::ruby_json_string(out, s)
        }
        Value::Array(a) => {
            out.push('[');
            out.push_str(&st.array_nl);
            for (i, x) in a.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                    out.push_str(&st.array_nl);
                }
                out.push_str(&st.indent.repeat(depth + 1));
                json_value(out, x, st, depth + 1)?;
            }
            out.push_str(&st.array_nl);
            out.push_str(&st.indent.repeat(depth));
            out.push(']');
        }
        Value::Hash(h) => {
            out.push('{');
            out.push_str(&st.object_nl);
            for (i, (k, x)) in h.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                    out.push_str(&st.object_nl);
                }
                out.push_str(&st.indent.repeat(depth + 1));
                let key = match k {
                    Value::String(s) => s.to_string(),
                    other => ruby_to_s(other),
                };
                crate::format::quote::ruby_json_string(out, &key);
                out.push_str(&st.space_before);
                out.push(':');
                out.push_str(&st.space);
                json_value(out, x, st, depth + 1)?;
            }
            if !h.is_empty() {
                out.push_str(&st.object_nl);
                out.push_str(&st.indent.repeat(depth));
            }
            out.push('}');
        }
        other => crate::format::quote::ruby_json_string(out, &ruby_to_s(other)),
    }
    Ok(())
}

fn to_json(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    Ok(Value::string_checked(to_json_with(
        &args[0],
        &JsonStyle::compact(),
    )?)?)
}

fn to_json_pretty(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    let mut data = args[0].clone();
    if args.get(1).is_some_and(Value::is_truthy) {
        data = match &data {
            Value::Array(a) => Value::array(a.iter().filter(|v| !v.is_undef()).cloned().collect()),
            Value::Hash(h) => Value::hash(
                h.iter()
                    .filter(|(_, v)| !v.is_undef())
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect(),
            ),
            other => other.clone(),
        };
    }
    let mut st = JsonStyle::pretty();
    if let Some(Value::Hash(opts)) = args.get(2) {
        let get = |k: &str| {
            opts.get(&Value::from(k))
                .and_then(Value::as_str)
                .map(str::to_string)
        };
        if let Some(s) = get("indent") {
            st.indent = s;
        }
        if let Some(s) = get("space") {
            st.space = s;
        }
        if let Some(s) = get("space_before") {
            st.space_before = s;
        }
        if let Some(s) = get("object_nl") {
            st.object_nl = s;
        }
        if let Some(s) = get("array_nl") {
            st.array_nl = s;
        }
    }
    let mut s = to_json_with(&data, &st)?;
    s.push('\n');
    Ok(Value::from(s))
}

// ---------------------------------------------------------------------------------------
// YAML as Psych writes it: `erb::psych_emit`.

/// A value as Psych's `to_yaml` writes it: `---\n- 1\n`.
pub fn to_yaml_text(v: &Value) -> String {
    to_yaml_with(v, &crate::erb::psych_emit::Options::default())
}

pub(super) fn to_yaml_with(v: &Value, o: &crate::erb::psych_emit::Options) -> String {
    let node = crate::erb::psych_emit::Node::of_value(v, &ruby_to_s);
    crate::erb::psych_emit::dump(&node, o)
}

fn to_yaml(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    // (each string's characters are looked at in a `Vec<char>`, four bytes each)
    crate::expansion::reserve_text(&args[0], 16, 6)?;
    // (stdlib gives its options to Psych with their keys made symbols: `indentation` and
    // `line_width`, an Integer or a Float taken to its integer part)
    let option = |name: &str| match args.get(1) {
        Some(Value::Hash(o)) => match o.get(&Value::from(name)) {
            Some(Value::Integer(n)) => Some(*n),
            Some(Value::Float(f)) if f.is_finite() => Some(f.trunc() as i64),
            _ => None,
        },
        _ => None,
    };
    let o = crate::erb::psych_emit::Options::new(option("indentation"), option("line_width"))
        .map_err(Error::eval)?;
    Ok(Value::from(to_yaml_with(&args[0], &o)))
}

// ---------------------------------------------------------------------------------------
// Reading JSON and YAML.

/// A plain (unquoted, untagged) YAML scalar as Psych's scalar scanner reads it: null,
/// booleans (`yes`/`on`/`true`...), integers (`0x`, `0b`, leading-0 octal, `_` and `,`
/// separators), floats, else a string.
/// The Ruby class Psych would make of a plain scalar that the safe loader refuses (dates
/// and times).
fn psych_object_class(s: &str) -> Option<&'static str> {
    use std::sync::OnceLock;
    static RES: OnceLock<[regex::Regex; 2]> = OnceLock::new();
    let [time, date] = RES.get_or_init(|| {
        [
            regex::Regex::new(r"^-?\d{4}-\d{1,2}-\d{1,2}(?:[Tt]|\s+)\d{1,2}:\d\d:\d\d(?:\.\d*)?(?:\s*(?:Z|[-+]\d{1,2}:?(?:\d\d)?))?$").unwrap(),
            regex::Regex::new(r"^\d{4}-(?:1[012]|0\d|\d)-(?:[12]\d|3[01]|0\d|\d)$").unwrap(),
        ]
    });
    if time.is_match(s) {
        Some("Time")
    } else if date.is_match(s) {
        Some("Date")
    } else {
        None
    }
}

pub fn psych_plain_scalar(s: &str) -> Value {
    if s.is_empty() || s == "~" || s.eq_ignore_ascii_case("null") {
        return Value::Undef;
    }
    if psych_reads_as_string(s) {
        return Value::from(s);
    }
    // Symbols (`:name`) come out as strings.
    if let Some(sym) = s.strip_prefix(':').filter(|r| !r.is_empty()) {
        let q = sym.chars().next().filter(|c| *c == '"' || *c == '\'');
        let inner = match q {
            Some(q) if sym.len() > 1 && sym.ends_with(q) => &sym[1..sym.len() - 1],
            _ => sym,
        };
        return Value::from(inner.strip_prefix(':').unwrap_or(inner));
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
    let t: String = s.chars().filter(|c| *c != '_' && *c != ',').collect();
    let (neg, body) = match t.strip_prefix('-') {
        Some(b) => (true, b.to_string()),
        None => (false, t.strip_prefix('+').unwrap_or(&t).to_string()),
    };
    let int = if let Some(h) = body.strip_prefix("0x") {
        i64::from_str_radix(h, 16).ok()
    } else if let Some(b) = body.strip_prefix("0b") {
        i64::from_str_radix(b, 2).ok()
    } else if body.len() > 1 && body.starts_with('0') && body.chars().all(|c| c.is_ascii_digit()) {
        i64::from_str_radix(&body[1..], 8).ok()
    } else if body.chars().all(|c| c.is_ascii_digit()) {
        body.parse::<i64>().ok()
    } else if body.contains(':') && !body.contains('.') {
        // Psych's sexagesimal: each part times 60 to the power |index - 2| (12:30 is 45000).
        body.split(':').enumerate().try_fold(0i64, |acc, (e, p)| {
            let n = p.parse::<i64>().ok()?;
            let pow = 60i64.checked_pow((e as i64 - 2).unsigned_abs() as u32)?;
            acc.checked_add(n.checked_mul(pow)?)
        })
    } else {
        None
    };
    if let Some(i) = int {
        return Value::Integer(if neg { -i } else { i });
    }
    let f = body.replace(".e", "e").replace(".E", "E");
    let f = f.strip_suffix('.').unwrap_or(&f);
    match f.parse::<f64>() {
        Ok(x) => Value::Float(if neg { -x } else { x }),
        Err(_) => Value::from(s),
    }
}

/// Builds values from the parser's events, the way Psych's safe loader does: plain scalars
/// are typed by [`psych_plain_scalar`], quoted ones are strings, aliases are refused
/// (Psych 4's `YAML.load` does not enable them: `Unknown alias: NAME`, also for a known
/// anchor's).
struct YamlBuilder<'t> {
    /// The document's text (for an alias's name).
    text: &'t str,
    /// Where aliases of unknown anchors stood (character indexes), read as scalars.
    unknown_aliases: &'t [usize],
    stack: Vec<(Value, Option<Value>)>,
    /// Where the open collections start (for errors).
    open: Vec<super::yaml_error::Opened>,
    docs: Vec<Value>,
    error: Option<String>,
}

impl YamlBuilder<'_> {
    /// An alias at `mark`: Psych's `BadAlias`, named as written after its `*`.
    fn alias(&mut self, mark: yaml_rust2::scanner::Marker) {
        let name = alias_name(self.text, mark.index());
        self.error
            .get_or_insert_with(|| format!("Unknown alias: {name}"));
        self.push_value(Value::Undef);
    }

    fn push_value(&mut self, v: Value) {
        match self.stack.last_mut() {
            None => self.docs.push(v),
            Some((Value::Array(a), _)) => Rc::make_mut(a).push(v),
            Some((Value::Hash(h), key)) => match key.take() {
                None => *key = Some(v),
                Some(k) => {
                    Rc::make_mut(h).insert(k, v);
                }
            },
            Some(_) => {}
        }
    }
}

impl yaml_rust2::parser::MarkedEventReceiver for YamlBuilder<'_> {
    fn on_event(&mut self, ev: yaml_rust2::Event, mark: yaml_rust2::scanner::Marker) {
        use yaml_rust2::scanner::TScalarStyle;
        use yaml_rust2::Event;
        if !matches!(ev, Event::SequenceEnd | Event::MappingEnd) {
            if let Some(top) = self.open.last_mut().filter(|o| o.first.is_none()) {
                top.first = Some(mark);
            }
        }
        match ev {
            Event::Scalar(..) if self.unknown_aliases.contains(&mark.index()) => {
                self.alias(mark);
            }
            Event::Scalar(text, style, _, tag) => {
                let v = match (&tag, style) {
                    (Some(t), _) if t.suffix == "str" => Value::from(text.as_str()),
                    (Some(t), _)
                        if t.suffix == "int"
                            || t.suffix == "float"
                            || t.suffix == "bool"
                            || t.suffix == "null" =>
                    {
                        psych_plain_scalar(&text)
                    }
                    (_, TScalarStyle::Plain) => {
                        if let Some(class) = psych_object_class(&text) {
                            self.error.get_or_insert_with(|| {
                                format!("Tried to load unspecified class: {class}")
                            });
                        }
                        psych_plain_scalar(&text)
                    }
                    _ => Value::from(text.as_str()),
                };
                self.push_value(v);
            }
            Event::SequenceStart(..) => {
                self.open.push(super::yaml_error::Opened {
                    mark,
                    mapping: false,
                    first: None,
                });
                self.stack.push((Value::empty_array(), None))
            }
            Event::MappingStart(..) => {
                self.open.push(super::yaml_error::Opened {
                    mark,
                    mapping: true,
                    first: None,
                });
                self.stack.push((Value::hash(Map::default()), None))
            }
            Event::SequenceEnd | Event::MappingEnd => {
                self.open.pop();
                if let Some((v, _)) = self.stack.pop() {
                    self.push_value(v);
                }
            }
            Event::Alias(_) => self.alias(mark),
            _ => {}
        }
    }
}

/// A YAML document as a value, as Psych's `YAML.load` reads it (the first document;
/// an empty document is undef).
pub fn yaml_to_value(text: &str) -> Result<Value, String> {
    // libyaml reads an alias of an anchor it has not seen as any alias (Psych refuses it
    // afterwards, unless a syntax error further on comes first); the YAML reader stops at
    // it. Each such alias is read again as a quoted scalar of its length, until none is left.
    let mut unknown_aliases: Vec<usize> = Vec::new();
    let mut read = std::borrow::Cow::Borrowed(text);
    loop {
        let mut b = YamlBuilder {
            text,
            unknown_aliases: &unknown_aliases,
            stack: Vec::new(),
            open: Vec::new(),
            docs: Vec::new(),
            error: None,
        };
        let mut parser = yaml_rust2::parser::Parser::new_from_str(&read);
        // Worded as Psych's parse errors: `(<unknown>): problem context at line L column C`.
        match parser.load(&mut b, false) {
            Err(e) if e.info() == "while parsing node, found unknown anchor" => {
                let at = e.marker().index();
                if unknown_aliases.contains(&at) {
                    return Err(super::yaml_error::psych_message(&e, text, &b.open));
                }
                let name = alias_name(text, at);
                let quoted = format!("'{}'", name.chars().skip(1).collect::<String>());
                let start = read.char_indices().nth(at).map_or(read.len(), |(i, _)| i);
                let end = start + 1 + name.len();
                read.to_mut().replace_range(start..end, &quoted);
                unknown_aliases.push(at);
            }
            Err(e) => return Err(super::yaml_error::psych_message(&e, text, &b.open)),
            Ok(()) => {
                if let Some(e) = b.error {
                    return Err(e);
                }
                return Ok(b.docs.into_iter().next().unwrap_or(Value::Undef));
            }
        }
    }
}

/// The name of the alias whose `*` is the `at`th character of `text`: the YAML reader's
/// anchor characters after it (no blank, no flow indicator).
fn alias_name(text: &str, at: usize) -> String {
    text.chars()
        .skip(at + 1)
        .take_while(|c| !c.is_whitespace() && !",[]{}".contains(*c) && *c != '\u{feff}')
        .collect()
}

pub fn json_to_value(text: &str) -> Result<Value, String> {
    // (worded as Ruby's JSON: `859: unexpected token at 'abc'`)
    if let Some(message) = crate::erb::ruby::methods::json_syntax::error(text) {
        return Err(message);
    }
    serde_json::from_str::<serde_json::Value>(text)
        .map(|j| crate::catalog::json::from_data(&j))
        .map_err(|e| e.to_string())
}

/// `parsejson`/`parseyaml`: the parsed data, or the default (second argument) on error.
fn parse_with(
    name: &str,
    args: &[Value],
    parse: fn(&str) -> Result<Value, String>,
    prefix: &str,
) -> EvalResult {
    if args.is_empty() || args.len() > 2 {
        return Err(old_api_error(format!(
            "{name}(): Wrong number of arguments given {} for 1 or 2",
            args.len()
        )));
    }
    let Value::String(text) = &args[0] else {
        // (the conversion error is rescued as a parse error: the default when given)
        if args.len() == 2 {
            return Ok(args[1].clone());
        }
        return Err(Error::eval(format!(
            "no implicit conversion of {} into String",
            crate::format::ruby::conversion_class(&args[0])
        ))
        .into());
    };
    match parse(text) {
        Ok(v) => Ok(v),
        Err(_) if args.len() == 2 => Ok(args[1].clone()),
        Err(e) => Err(Error::eval(format!("{prefix}{e}")).into()),
    }
}

fn parsejson(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> EvalResult {
    parse_with("parsejson", args, json_to_value, "")
}

fn parseyaml(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> EvalResult {
    parse_with("parseyaml", args, yaml_to_value, "")
}

/// `loadjson`/`loadyaml`: a file's data; a missing file warns and gives the default.
fn load_with(
    name: &str,
    ev: &mut Evaluator,
    args: &[Value],
    parse: fn(&str) -> Result<Value, String>,
) -> EvalResult {
    if args.is_empty() {
        return Err(arity_error(&format!(
            "{name}(): Wrong number of arguments given (0 for minimum 1)"
        )));
    }
    // A path that is no string fails in the source's `start_with?` (a NoMethodError, as
    // Ruby words it), which it rescues when given a default that is not false.
    if !matches!(args[0], Value::String(_) | Value::Undef) {
        return match args.get(1) {
            Some(d) if !matches!(d, Value::Boolean(false)) => Ok(d.clone()),
            _ => {
                let r = crate::erb::bridge::to_ruby(&args[0]);
                let shown = crate::erb::ruby::show::inspect(&r);
                // (`#<Sensitive [value redacted]>` names its class itself)
                let class = match &r {
                    crate::erb::ruby::RValue::Host(_) => String::new(),
                    _ => format!(":{}", r.class_name()),
                };
                Err(
                    Error::eval(format!("undefined method `start_with?' for {shown}{class}"))
                        .into(),
                )
            }
        };
    }
    let path = crate::format::to_display(&args[0]);
    let default = args.get(1).cloned().unwrap_or(Value::Undef);
    if path.starts_with("http://") || path.starts_with("https://") {
        return Err(Error::eval(format!("prepl does not load data from URLs: '{path}'")).into());
    }
    match crate::env::fs::read_to_string(std::path::Path::new(&path)) {
        Ok(text) => match parse(&text) {
            Ok(v) => Ok(v),
            Err(_) if args.len() > 1 => Ok(default),
            Err(e) => Err(Error::eval(e).into()),
        },
        Err(_) => {
            ev.log(
                LogLevel::Warning,
                &format!("Can't load '{path}' File does not exist!"),
            );
            Ok(default)
        }
    }
}

fn loadjson(ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> EvalResult {
    load_with("loadjson", ev, args, json_to_value)
}

fn loadyaml(ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> EvalResult {
    load_with("loadyaml", ev, args, yaml_to_value)
}

const ANY: &[&str] = &["Any *$args"];

pub fn builtins() -> Vec<Builtin> {
    vec![
        builtin("to_json", &["Any $data"], to_json, "to_json(Any $data) -> String\n(stdlib) The data as compact JSON.\n\n    to_json([1, {a => true}])   # '[1,{\"a\":true}]'"),
        builtin("to_json_pretty", &["Variant[Hash, Array] $data, Optional[Boolean] $skip_undef?, Struct[{'indent' => Optional[String], 'space' => Optional[String], 'space_before' => Optional[String], 'object_nl' => Optional[String], 'array_nl' => Optional[String], 'allow_nan' => Optional[Boolean], 'max_nesting' => Optional[Integer[-1]]}] $opts?"], to_json_pretty, "to_json_pretty(Variant[Hash, Array] $data, Optional[Boolean] $skip_undef, Struct $opts) -> String\n(stdlib) The data as indented JSON, with a final newline; `skip_undef` leaves out undef values.\n\n    to_json_pretty({a => 1})   # \"{\\n  \\\"a\\\": 1\\n}\\n\""),
        builtin("to_yaml", &["Any $data, Hash $options?"], to_yaml, "to_yaml(Any $data, Hash $options) -> String\n(stdlib) The data as YAML, as Ruby's Psych writes it.\n\n    to_yaml([1])   # \"---\\n- 1\\n\""),
        builtin("parsejson", ANY, parsejson, "parsejson(String $json, Any $default) -> Any\n(stdlib) The data in a JSON string; the default (if given) when it does not parse.\n\n    parsejson('{\"a\": 1}')   # {'a' => 1}"),
        builtin("parseyaml", ANY, parseyaml, "parseyaml(String $yaml, Any $default) -> Any\n(stdlib) The data in a YAML string; the default (if given) when it does not parse.\n\n    parseyaml(\"a: 1\")   # {'a' => 1}"),
        builtin("loadjson", ANY, loadjson, "loadjson(String $path, Any $default) -> Any\n(stdlib) The data in a JSON file; a missing file warns and gives the default.\n\n    loadjson('/etc/x.json', {})"),
        builtin("loadyaml", ANY, loadyaml, "loadyaml(String $path, Any $default) -> Any\n(stdlib) The data in a YAML file; a missing file warns and gives the default.\n\n    loadyaml('/etc/x.yaml', {})"),
    ]
}
