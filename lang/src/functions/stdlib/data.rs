//! stdlib's data formats: `to_json`, `to_json_pretty`, `to_yaml` (written as Ruby's JSON
//! generator and Psych write them), `parsejson`, `parseyaml`, `loadjson`, `loadyaml`.

use super::{arity_error, old_api_error};
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
// YAML as Psych (Ruby's YAML, over libyaml) writes it.

/// What Psych's scalar scanner makes of a plain scalar: whether it stays a string.
fn psych_reads_as_string(s: &str) -> bool {
    use std::sync::OnceLock;
    static RES: OnceLock<[regex::Regex; 8]> = OnceLock::new();
    let [word, time, date, inf_nan, sexa_int, sexa_float, float, int] = RES.get_or_init(|| {
        [
            regex::Regex::new(r"(?m)^[^\d.:-]?[[:alpha:]_\s!@#$%\^&*(){}<>|/\\~;=]+").unwrap(),
            regex::Regex::new(r"^-?\d{4}-\d{1,2}-\d{1,2}(?:[Tt]|\s+)\d{1,2}:\d\d:\d\d(?:\.\d*)?(?:\s*(?:Z|[-+]\d{1,2}:?(?:\d\d)?))?$").unwrap(),
            regex::Regex::new(r"^\d{4}-(?:1[012]|0\d|\d)-(?:[12]\d|3[01]|0\d|\d)$").unwrap(),
            regex::Regex::new(r"(?i)^(?:\+?\.inf|-\.inf|\.nan)$").unwrap(),
            regex::Regex::new(r"^[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}$").unwrap(),
            regex::Regex::new(r"^[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}\.[0-9_]*$").unwrap(),
            regex::Regex::new(r"^(?:[-+]?([0-9][0-9_,]*)?\.[0-9]*([eE][-+][0-9]+)?)$").unwrap(),
            regex::Regex::new(r"^(?:[-+]?0b[0-1_,]+|[-+]?0[0-7_,]+|[-+]?(?:0|[1-9](?:[0-9]|,[0-9]|_[0-9])*)|[-+]?0x[0-9a-fA-F_,]+)$").unwrap(),
        ]
    });
    if s.is_empty() {
        return false;
    }
    if word.is_match(s) || s.contains('\n') {
        if s.chars().count() > 5 {
            return true;
        }
        let lower = s.to_ascii_lowercase();
        let first = lower.chars().next().unwrap_or(' ');
        if !"ytonf~".contains(first) {
            return true;
        }
        return !(s == "~"
            || lower == "null"
            || ["yes", "true", "on", "no", "false", "off"].contains(&lower.as_str()));
    }
    if time.is_match(s) || date.is_match(s) || inf_nan.is_match(s) {
        return false;
    }
    if s.starts_with(':') && s.len() > 1 {
        return false;
    }
    if sexa_int.is_match(s) || sexa_float.is_match(s) {
        return false;
    }
    if float.is_match(s) {
        let t = s.trim_start_matches(['-', '+']);
        return t == ".";
    }
    !int.is_match(s)
}

#[derive(PartialEq, Clone, Copy)]
enum Style {
    Plain,
    Single,
    Double,
    Literal,
}

/// Whether libyaml lets a scalar be written plain in block context.
fn plain_allowed(s: &str) -> bool {
    let chars: Vec<char> = s.chars().collect();
    if chars.is_empty() {
        return false;
    }
    let first = chars[0];
    let followed_by_blank = |i: usize| chars.get(i + 1).is_none_or(|c| *c == ' ' || *c == '\t');
    if "#,[]{}&*!|>'\"%@`".contains(first) {
        return false;
    }
    if (first == '-' || first == '?' || first == ':') && followed_by_blank(0) {
        return false;
    }
    if s.starts_with("---") || s.starts_with("...") {
        return false;
    }
    for (i, c) in chars.iter().enumerate() {
        if *c == ':' && followed_by_blank(i) {
            return false;
        }
        if *c == '#' && i > 0 && (chars[i - 1] == ' ' || chars[i - 1] == '\t') {
            return false;
        }
        if c.is_control() {
            return false;
        }
    }
    !(first == ' ' || chars.last().is_some_and(|c| *c == ' ' || *c == '\t'))
}

/// What libyaml's scalar analysis allows for a string (block context).
struct Allowed {
    plain: bool,
    single: bool,
    block: bool,
}

fn analyze(s: &str) -> Allowed {
    let chars: Vec<char> = s.chars().collect();
    let special = chars.iter().any(|c| {
        let u = *c as u32;
        !(*c == '\n'
            || (0x20..=0x7e).contains(&u)
            || u == 0x85
            || (0xa0..=0xd7ff).contains(&u)
            || (0xe000..=0xfffd).contains(&u)
            || u >= 0x10000)
            || u == 0xfeff
    });
    let is_space = |c: char| c == ' ';
    let is_break = |c: char| c == '\n';
    let leading_space = chars.first().is_some_and(|c| is_space(*c));
    let leading_break = chars.first().is_some_and(|c| is_break(*c));
    let trailing_space = chars.last().is_some_and(|c| is_space(*c));
    let trailing_break = chars.last().is_some_and(|c| is_break(*c));
    let space_break = chars.windows(2).any(|w| is_space(w[0]) && is_break(w[1]));
    let break_space = chars.windows(2).any(|w| is_break(w[0]) && is_space(w[1]));
    let line_breaks = chars.iter().any(|c| is_break(*c));
    let mut a = Allowed {
        plain: plain_allowed(s),
        single: true,
        block: true,
    };
    if leading_space || leading_break || trailing_space || trailing_break || line_breaks {
        a.plain = false;
    }
    if trailing_space {
        a.block = false;
    }
    if break_space {
        a.plain = false;
        a.single = false;
    }
    if space_break || special {
        a.plain = false;
        a.single = false;
        a.block = false;
    }
    a
}

/// Psych's `/\n(?!\Z)/`: a line break that is not the last character, nor the one before
/// a final line break.
fn psych_multiline(s: &str) -> bool {
    let b = s.as_bytes();
    let n = b.len();
    b.iter()
        .enumerate()
        .any(|(p, c)| *c == b'\n' && !(p + 1 == n || (p + 2 == n && b[n - 1] == b'\n')))
}

/// Psych's `/^[^[:word:]][^"]*$/` (Ruby's `^` and `$` match at every line).
fn psych_double(s: &str) -> bool {
    use std::sync::OnceLock;
    static RE: OnceLock<regex::Regex> = OnceLock::new();
    RE.get_or_init(|| regex::Regex::new(r#"(?m)^[^\w][^"]*$"#).unwrap())
        .is_match(s)
}

fn scalar_style(s: &str) -> Style {
    let style = if psych_multiline(s) {
        Style::Literal
    } else if s == "<<" {
        Style::Single
    } else if ["y", "n"].contains(&s) || psych_double(s) {
        Style::Double
    } else if !psych_reads_as_string(s) || {
        let t = s
            .strip_prefix('0')
            .map(|r| r.trim_start_matches(|c: char| ('0'..='7').contains(&c)));
        t.is_some_and(|r| r.starts_with(['8', '9']))
    } {
        Style::Single
    } else {
        Style::Plain
    };
    let a = analyze(s);
    match style {
        Style::Plain if a.plain => Style::Plain,
        Style::Literal if a.block => Style::Literal,
        Style::Plain | Style::Single if a.single => Style::Single,
        _ => Style::Double,
    }
}

fn double_quoted(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\0' => out.push_str("\\0"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\u{b}' => out.push_str("\\v"),
            '\u{c}' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            '\u{1b}' => out.push_str("\\e"),
            '\u{85}' => out.push_str("\\N"),
            '\u{a0}' => out.push_str("\\_"),
            '\u{2028}' => out.push_str("\\L"),
            '\u{2029}' => out.push_str("\\P"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\x{:02X}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A scalar string in the given context: `indent` is the indentation of literal lines.
/// Returns the text and whether the document needs an end marker (`...`).
/// How libyaml folds a long scalar at its best width (80): a single space past that column
/// becomes a line break and the indentation. `units` are the written pieces of the scalar,
/// each with whether it is a space; `col` is the column of the first one.
fn fold(units: &[(String, bool)], col: usize, indent: usize, quoted: Style) -> String {
    const BEST_WIDTH: usize = 80;
    let pad = indent.max(2);
    let mut out = String::new();
    let mut column = col;
    let mut spaces = false;
    let n = units.len();
    for (i, (text, is_space)) in units.iter().enumerate() {
        let next_space = units.get(i + 1).is_some_and(|u| u.1);
        let edge_ok = quoted == Style::Plain || (i != 0 && i + 1 != n);
        if *is_space
            && !spaces
            && column > BEST_WIDTH
            && edge_ok
            && (quoted == Style::Double || !next_space)
        {
            out.push('\n');
            out.push_str(&" ".repeat(pad));
            column = pad;
            if quoted == Style::Double && next_space {
                out.push('\\');
                column += 1;
            }
        } else {
            out.push_str(text);
            column += text.chars().count();
        }
        spaces = *is_space;
    }
    out
}

fn units_of(s: &str) -> Vec<(String, bool)> {
    s.chars().map(|c| (c.to_string(), c == ' ')).collect()
}

/// A scalar string: `indent` is the indentation of continuation lines (less 2), `col` the
/// column it starts at, `key` whether it is a mapping key (never folded).
fn yaml_string(s: &str, indent: usize, col: usize, key: bool) -> (String, bool) {
    match scalar_style(s) {
        Style::Plain if key => (s.to_string(), false),
        Style::Plain => (fold(&units_of(s), col, indent, Style::Plain), false),
        Style::Single if s == "<<" => ("!!str '<<'".to_string(), false),
        Style::Single => {
            let body = s.replace('\'', "''");
            if !body.contains('\n') {
                if key {
                    return (format!("'{body}'"), false);
                }
                let units: Vec<(String, bool)> = s
                    .chars()
                    .map(|c| match c {
                        '\'' => ("''".to_string(), false),
                        c => (c.to_string(), c == ' '),
                    })
                    .collect();
                return (
                    format!("'{}'", fold(&units, col + 1, indent, Style::Single)),
                    false,
                );
            }
            // libyaml folds a line break in single quotes into an empty line, and indents
            // what follows.
            let pad = " ".repeat(indent.max(2));
            let mut out = String::from("'");
            let mut chars = body.chars().peekable();
            while let Some(c) = chars.next() {
                if c == '\n' {
                    out.push('\n');
                    out.push('\n');
                    while chars.peek() == Some(&'\n') {
                        chars.next();
                        out.push('\n');
                    }
                    out.push_str(&pad);
                } else {
                    out.push(c);
                }
            }
            out.push('\'');
            (out, false)
        }
        Style::Double if key => (double_quoted(s), false),
        Style::Double => {
            let units: Vec<(String, bool)> = s
                .chars()
                .map(|c| {
                    let q = double_quoted(&c.to_string());
                    (q[1..q.len() - 1].to_string(), c == ' ')
                })
                .collect();
            (
                format!("\"{}\"", fold(&units, col + 1, indent, Style::Double)),
                false,
            )
        }
        Style::Literal => {
            let trailing = s.len() - s.trim_end_matches('\n').len();
            let (chomp, open) = match trailing {
                0 => ("-", false),
                1 => ("", false),
                _ => ("+", true),
            };
            let pad = " ".repeat(indent.max(2));
            let hint = if s.starts_with([' ', '\n']) { "2" } else { "" };
            let mut out = format!("|{hint}{chomp}");
            let body = s.strip_suffix('\n').unwrap_or(s);
            for line in body.split('\n') {
                out.push('\n');
                if !line.is_empty() {
                    out.push_str(&pad);
                    out.push_str(line);
                }
            }
            (out, open)
        }
    }
}

struct YamlOut {
    text: String,
    open_ended: bool,
    /// Psych's `indentation` (libyaml's best indent, 2 to 9): how much deeper a nested
    /// block's entries go.
    step: usize,
}

/// The column the next scalar on the current line starts at (after a separating space).
fn next_col(y: &YamlOut) -> usize {
    let line = y.text.rsplit('\n').next().unwrap_or("");
    line.chars().count() + 1
}

fn yaml_scalar(v: &Value, indent: usize, y: &mut YamlOut) -> String {
    yaml_scalar_at(v, indent, y, false)
}

fn yaml_key(v: &Value, indent: usize, y: &mut YamlOut) -> String {
    yaml_scalar_at(v, indent, y, true)
}

fn yaml_scalar_at(v: &Value, indent: usize, y: &mut YamlOut, key: bool) -> String {
    let col = if key { 0 } else { next_col(y) };
    match v {
        Value::Undef => String::new(),
        Value::Boolean(b) => b.to_string(),
        Value::Integer(i) => i.to_string(),
        Value::Float(f) if f.is_nan() => ".nan".into(),
        Value::Float(f) if f.is_infinite() => if *f > 0.0 { ".inf" } else { "-.inf" }.into(),
        Value::Float(f) => ruby_float_to_s(*f),
        Value::String(s) => {
            let (t, open) = yaml_string(s, indent, col, key);
            y.open_ended |= open;
            t
        }
        // (Psych's tag and the regexp's `inspect`, `/a\/b/`, in the style libyaml picks for
        // a tagged scalar of any style: plain where it may be)
        Value::Regexp(r) => {
            let inspect = crate::types::regexp_text(r.source());
            let allowed = analyze(&inspect);
            let text = if allowed.plain {
                inspect
            } else if allowed.single {
                format!("'{}'", inspect.replace('\'', "''"))
            } else {
                double_quoted(&inspect)
            };
            format!("!ruby/regexp {text}")
        }
        other => {
            let (t, open) = yaml_string(&ruby_to_s(other), indent, col, key);
            y.open_ended |= open;
            t
        }
    }
}

fn is_collection(v: &Value) -> bool {
    matches!(v, Value::Array(a) if !a.is_empty()) || matches!(v, Value::Hash(h) if !h.is_empty())
}

fn flow_empty(v: &Value) -> Option<&'static str> {
    match v {
        Value::Array(a) if a.is_empty() => Some("[]"),
        Value::Hash(h) if h.is_empty() => Some("{}"),
        _ => None,
    }
}

/// Writes a block collection whose first line continues the current line (after `- `) when
/// `inline` is set; `indent` is the column of its entries.
fn yaml_block(v: &Value, indent: usize, inline: bool, y: &mut YamlOut, depth: usize) {
    let pad = " ".repeat(indent);
    let mut first = true;
    let mut start_line = |y: &mut YamlOut| {
        if !(first && inline) {
            y.text.push_str(&pad);
        }
        first = false;
    };
    match v {
        Value::Array(a) => {
            for x in a.iter() {
                start_line(y);
                y.text.push('-');
                if let Some(e) = flow_empty(x) {
                    y.text.push(' ');
                    y.text.push_str(e);
                    y.text.push('\n');
                } else if is_collection(x) && depth < 200 {
                    // (the dash is padded to the indentation before a nested collection;
                    // a scalar follows it after one space)
                    y.text.push_str(&" ".repeat(y.step - 1));
                    yaml_block(x, indent + y.step, true, y, depth + 1);
                } else {
                    let s = yaml_scalar(x, indent + y.step, y);
                    if !s.is_empty() {
                        y.text.push(' ');
                        y.text.push_str(&s);
                    }
                    y.text.push('\n');
                }
            }
        }
        Value::Hash(h) => {
            for (k, x) in h.iter() {
                start_line(y);
                let key = yaml_key(k, indent + y.step, y);
                // A key on several lines (or a long one) is not a simple key: `? key`.
                let complex =
                    matches!(k, Value::String(ks) if ks.contains('\n') || ks.chars().count() > 128);
                if complex {
                    y.text.push_str("? ");
                    y.text.push_str(&key);
                    y.text.push('\n');
                    y.text.push_str(&pad);
                } else {
                    y.text.push_str(&key);
                }
                y.text.push(':');
                if let Some(e) = flow_empty(x) {
                    y.text.push(' ');
                    y.text.push_str(e);
                    y.text.push('\n');
                } else if is_collection(x) && depth < 200 {
                    y.text.push('\n');
                    // Sequences in mappings are not indented; mappings are.
                    let inner = if matches!(x, Value::Array(_)) {
                        indent
                    } else {
                        indent + y.step
                    };
                    yaml_block(x, inner, false, y, depth + 1);
                } else {
                    let s = yaml_scalar(x, indent + y.step, y);
                    if !s.is_empty() {
                        y.text.push(' ');
                        y.text.push_str(&s);
                    }
                    y.text.push('\n');
                }
            }
        }
        _ => {}
    }
}

/// A value as Psych's `to_yaml` writes it: `---\n- 1\n`.
pub fn to_yaml_text(v: &Value) -> String {
    to_yaml_indented(v, 2)
}

/// Psych's `indentation` option as libyaml takes it: 2 to 9, else its default 2.
pub fn yaml_indentation(n: i64) -> usize {
    if (2..=9).contains(&n) {
        n as usize
    } else {
        2
    }
}

/// A value as Psych's `to_yaml(indentation: step)` writes it (`step` from
/// `yaml_indentation`).
pub fn to_yaml_indented(v: &Value, step: usize) -> String {
    let mut y = YamlOut {
        text: String::from("---"),
        open_ended: false,
        step,
    };
    if let Some(e) = flow_empty(v) {
        y.text.push(' ');
        y.text.push_str(e);
        y.text.push('\n');
    } else if is_collection(v) {
        y.text.push('\n');
        yaml_block(v, 0, false, &mut y, 0);
    } else {
        let s = yaml_scalar(v, y.step, &mut y);
        y.text.push(' ');
        y.text.push_str(&s);
        y.text.push('\n');
        if v.is_undef() {
            y.text = "---\n".into();
        }
    }
    if y.open_ended {
        y.text.push_str("...\n");
    }
    y.text
}

fn to_yaml(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    // (each string's characters are looked at in a `Vec<char>`, four bytes each)
    crate::expansion::reserve_text(&args[0], 16, 6)?;
    // (stdlib passes its options to Psych: `indentation` sets the step, an Integer or a
    // Float taken to its integer part)
    let step = match args.get(1) {
        Some(Value::Hash(o)) => match o.get(&Value::from("indentation")) {
            Some(Value::Integer(n)) => yaml_indentation(*n),
            Some(Value::Float(f)) if f.is_finite() => yaml_indentation(f.trunc() as i64),
            _ => 2,
        },
        _ => 2,
    };
    Ok(Value::from(to_yaml_indented(&args[0], step)))
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
/// are typed by [`psych_plain_scalar`], quoted ones are strings, aliases are refused.
struct YamlBuilder {
    stack: Vec<(Value, Option<Value>)>,
    /// Where the open collections start (for errors).
    open: Vec<super::yaml_error::Opened>,
    docs: Vec<Value>,
    error: Option<String>,
}

impl YamlBuilder {
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

impl yaml_rust2::parser::MarkedEventReceiver for YamlBuilder {
    fn on_event(&mut self, ev: yaml_rust2::Event, mark: yaml_rust2::scanner::Marker) {
        use yaml_rust2::scanner::TScalarStyle;
        use yaml_rust2::Event;
        if !matches!(ev, Event::SequenceEnd | Event::MappingEnd) {
            if let Some(top) = self.open.last_mut().filter(|o| o.first.is_none()) {
                top.first = Some(mark);
            }
        }
        match ev {
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
            Event::Alias(_) => {
                self.error
                    .get_or_insert_with(|| "Unknown alias".to_string());
                self.push_value(Value::Undef);
            }
            _ => {}
        }
    }
}

/// A YAML document as a value, as Psych's `YAML.load` reads it (the first document;
/// an empty document is undef).
pub fn yaml_to_value(text: &str) -> Result<Value, String> {
    let mut b = YamlBuilder {
        stack: Vec::new(),
        open: Vec::new(),
        docs: Vec::new(),
        error: None,
    };
    let mut parser = yaml_rust2::parser::Parser::new_from_str(text);
    // Worded as Psych's parse errors: `(<unknown>): problem context at line L column C`.
    let loaded = parser.load(&mut b, false);
    loaded.map_err(|e| super::yaml_error::psych_message(&e, text, &b.open))?;
    if let Some(e) = b.error {
        return Err(e);
    }
    Ok(b.docs.into_iter().next().unwrap_or(Value::Undef))
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
