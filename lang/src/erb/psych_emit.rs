//! YAML as Psych (Ruby 3.1's YAML, over libyaml) writes it: `to_yaml` and `YAML.dump` of
//! plain data, with Psych's `indentation` and `line_width` options. Values come as a
//! [`Node`] tree, made from a Puppet value (stdlib's `to_yaml`) or a Ruby one (a module's
//! Ruby, `erb::bridge_yaml`), so Ruby's symbols (`:a: 1`) keep their form.

use crate::format::float::ruby_float_to_s;
use crate::values::Value;

/// A value to write: what Psych's visitor makes of each Ruby class it dumps.
#[derive(Debug, Clone)]
pub enum Node {
    Null,
    Bool(bool),
    /// An integer's (or a bignum's) digits.
    Int(String),
    Float(f64),
    Str(String),
    /// A Ruby Symbol's name (written `:name`).
    Symbol(String),
    /// A tagged scalar written in the plainest style libyaml allows (`!ruby/regexp /a/`).
    Tagged(&'static str, String),
    Seq(Vec<Node>),
    Map(Vec<(Node, Node)>),
}

impl Node {
    /// A Puppet value as the reference hands it to Psych; `to_s` names what is not data.
    pub fn of_value(v: &Value, to_s: &dyn Fn(&Value) -> String) -> Node {
        crate::limits::deep(|| match v {
            Value::Undef => Node::Null,
            Value::Boolean(b) => Node::Bool(*b),
            Value::Integer(i) => Node::Int(i.to_string()),
            Value::Float(f) => Node::Float(*f),
            Value::String(s) => Node::Str(s.to_string()),
            // (Psych's tag and the regexp's `inspect`, `/a\/b/`)
            Value::Regexp(r) => Node::Tagged("!ruby/regexp", crate::types::regexp_text(r.source())),
            Value::Array(a) => Node::Seq(a.iter().map(|x| Node::of_value(x, to_s)).collect()),
            Value::Hash(h) => Node::Map(
                h.iter()
                    .map(|(k, x)| (Node::of_value(k, to_s), Node::of_value(x, to_s)))
                    .collect(),
            ),
            other => Node::Str(to_s(other)),
        })
    }
}

/// Psych's dump options that change the text: `indentation` (libyaml's best indent, 2 unless
/// within 2..=9) and `line_width` (libyaml's best width, 80 when at most twice the indent,
/// unlimited for -1; and Psych writes a string longer than it folded, `>-`).
#[derive(Debug, Clone)]
pub struct Options {
    indent: usize,
    width: usize,
    fold_longer_than: Option<usize>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            indent: 2,
            width: 80,
            fold_longer_than: None,
        }
    }
}

impl Options {
    /// The options as Psych reads them; Psych's `ArgumentError` message for a negative
    /// width other than -1.
    pub fn new(indentation: Option<i64>, line_width: Option<i64>) -> Result<Options, String> {
        let indent = match indentation {
            Some(n) if (2..=9).contains(&n) => n as usize,
            _ => 2,
        };
        let (width, fold_longer_than) = match line_width {
            None => (80, None),
            Some(-1) => (usize::MAX, None),
            Some(w) if w < 0 => {
                return Err(format!(
                    "Invalid line_width {w}, must be non-negative or -1 for unlimited."
                ))
            }
            Some(w) => {
                let w = usize::try_from(w).unwrap_or(usize::MAX);
                (if w <= indent * 2 { 80 } else { w }, Some(w))
            }
        };
        Ok(Options {
            indent,
            width,
            fold_longer_than,
        })
    }
}

/// What Psych's scalar scanner makes of a plain scalar: whether it stays a string.
pub fn psych_reads_as_string(s: &str) -> bool {
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
    Folded,
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

/// The style Psych asks for and libyaml grants; `simple_key` when the scalar is a mapping's
/// simple key (no block styles there).
fn scalar_style(s: &str, o: &Options, simple_key: bool) -> Style {
    let style = if psych_multiline(s) {
        Style::Literal
    } else if s == "<<" {
        Style::Single
    } else if ["y", "n"].contains(&s) {
        Style::Double
    } else if o.fold_longer_than.is_some_and(|w| s.chars().count() > w) {
        Style::Folded
    } else if psych_double(s) {
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
        Style::Literal | Style::Folded if a.block && !simple_key => style,
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

/// How libyaml folds a long scalar at its best width: a single space past that column
/// becomes a line break and the indentation. `units` are the written pieces of the scalar,
/// each with whether it is a space; `col` is the column of the first one, `indent` the
/// indentation of continuation lines.
fn fold(
    units: &[(String, bool)],
    col: usize,
    indent: usize,
    quoted: Style,
    width: usize,
) -> String {
    let mut out = String::new();
    let mut column = col;
    let mut spaces = false;
    let n = units.len();
    for (i, (text, is_space)) in units.iter().enumerate() {
        let next_space = units.get(i + 1).is_some_and(|u| u.1);
        let edge_ok = quoted == Style::Plain || (i != 0 && i + 1 != n);
        if *is_space
            && !spaces
            && column > width
            && edge_ok
            && (quoted == Style::Double || !next_space)
        {
            out.push('\n');
            out.push_str(&" ".repeat(indent));
            column = indent;
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

/// A folded block scalar's first line of text (libyaml's `write_folded_scalar`): at a single
/// space past the best width, a line break and the indentation.
fn folded_line(line: &str, indent: usize, width: usize) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut out = " ".repeat(indent);
    let mut column = indent;
    for (i, c) in chars.iter().enumerate() {
        let next_space = chars.get(i + 1) == Some(&' ');
        if i > 0 && *c == ' ' && !next_space && column > width {
            out.push('\n');
            out.push_str(&" ".repeat(indent));
            column = indent;
        } else {
            out.push(*c);
            column += 1;
        }
    }
    out
}

/// A block scalar (`|` or `>`): its header (indentation hint, chomping) and lines.
/// Returns the text and whether the document needs an end marker (`...`).
fn block_scalar(s: &str, indent: usize, o: &Options, folded: bool) -> (String, bool) {
    let trailing = s.len() - s.trim_end_matches('\n').len();
    let (chomp, open) = match trailing {
        0 => ("-", false),
        1 => ("", false),
        _ => ("+", true),
    };
    let pad = " ".repeat(indent);
    let hint = if s.starts_with([' ', '\n']) {
        o.indent.to_string()
    } else {
        String::new()
    };
    let mut out = format!("{}{hint}{chomp}", if folded { '>' } else { '|' });
    let body = s.strip_suffix('\n').unwrap_or(s);
    for line in body.split('\n') {
        out.push('\n');
        if line.is_empty() {
        } else if folded {
            out.push_str(&folded_line(line, indent, o.width));
        } else {
            out.push_str(&pad);
            out.push_str(line);
        }
    }
    (out, open)
}

/// A scalar string: `indent` is the indentation of continuation lines, `col` the column it
/// starts at, `key` whether it is a mapping's simple key (never folded).
fn yaml_string(s: &str, indent: usize, col: usize, key: bool, o: &Options) -> (String, bool) {
    match scalar_style(s, o, key) {
        Style::Plain if key => (s.to_string(), false),
        Style::Plain => (
            fold(&units_of(s), col, indent, Style::Plain, o.width),
            false,
        ),
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
                    format!(
                        "'{}'",
                        fold(&units, col + 1, indent, Style::Single, o.width)
                    ),
                    false,
                );
            }
            // libyaml folds a line break in single quotes into an empty line, and indents
            // what follows.
            let pad = " ".repeat(indent);
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
                format!(
                    "\"{}\"",
                    fold(&units, col + 1, indent, Style::Double, o.width)
                ),
                false,
            )
        }
        Style::Literal => block_scalar(s, indent, o, false),
        Style::Folded => block_scalar(s, indent, o, true),
    }
}

struct YamlOut<'o> {
    text: String,
    open_ended: bool,
    o: &'o Options,
}

/// The column the next scalar on the current line starts at (after a separating space).
fn next_col(y: &YamlOut) -> usize {
    let line = y.text.rsplit('\n').next().unwrap_or("");
    line.chars().count() + 1
}

/// A tagged or symbol's text in the style libyaml picks for a scalar of any style: plain
/// where it may be, else single quotes, else double.
fn any_style(text: &str) -> String {
    let allowed = analyze(text);
    if allowed.plain {
        text.to_string()
    } else if allowed.single {
        format!("'{}'", text.replace('\'', "''"))
    } else {
        double_quoted(text)
    }
}

fn yaml_scalar(v: &Node, indent: usize, y: &mut YamlOut, key: bool) -> String {
    let col = if key { 0 } else { next_col(y) };
    match v {
        Node::Null => String::new(),
        Node::Bool(b) => b.to_string(),
        Node::Int(i) => i.clone(),
        Node::Float(f) if f.is_nan() => ".nan".into(),
        Node::Float(f) if f.is_infinite() => if *f > 0.0 { ".inf" } else { "-.inf" }.into(),
        Node::Float(f) => ruby_float_to_s(*f),
        Node::Str(s) => {
            let (t, open) = yaml_string(s, indent, col, key, y.o);
            y.open_ended |= open;
            t
        }
        Node::Symbol(s) if s.is_empty() => "!ruby/symbol ''".into(),
        Node::Symbol(s) => any_style(&format!(":{s}")),
        Node::Tagged(tag, text) => format!("{tag} {}", any_style(text)),
        Node::Seq(_) | Node::Map(_) => String::new(),
    }
}

fn is_collection(v: &Node) -> bool {
    matches!(v, Node::Seq(a) if !a.is_empty()) || matches!(v, Node::Map(h) if !h.is_empty())
}

fn flow_empty(v: &Node) -> Option<&'static str> {
    match v {
        Node::Seq(a) if a.is_empty() => Some("[]"),
        Node::Map(h) if h.is_empty() => Some("{}"),
        _ => None,
    }
}

/// Writes a block collection whose first line continues the current line (after `- `) when
/// `inline` is set; `indent` is the column of its entries.
fn yaml_block(v: &Node, indent: usize, inline: bool, y: &mut YamlOut, depth: usize) {
    let step = y.o.indent;
    let pad = " ".repeat(indent);
    let mut first = true;
    let mut start_line = |y: &mut YamlOut| {
        if !(first && inline) {
            y.text.push_str(&pad);
        }
        first = false;
    };
    match v {
        Node::Seq(a) => {
            for x in a.iter() {
                start_line(y);
                y.text.push('-');
                if let Some(e) = flow_empty(x) {
                    y.text.push(' ');
                    y.text.push_str(e);
                    y.text.push('\n');
                } else if is_collection(x) && depth < 200 {
                    y.text.push_str(&" ".repeat(step - 1));
                    yaml_block(x, indent + step, true, y, depth + 1);
                } else {
                    let s = yaml_scalar(x, indent + step, y, false);
                    if !s.is_empty() {
                        y.text.push(' ');
                        y.text.push_str(&s);
                    }
                    y.text.push('\n');
                }
            }
        }
        Node::Map(h) => {
            for (k, x) in h.iter() {
                start_line(y);
                // A key on several lines (or over 128 bytes) is not a simple key: `? key`.
                let complex = matches!(k, Node::Str(ks) if ks.contains('\n') || ks.len() > 128);
                if complex {
                    // (written as a value is: folded at the width, in a block style where
                    // Psych asks for one, as libyaml writes a key that is not simple)
                    y.text.push('?');
                    let key = yaml_scalar(k, indent + step, y, false);
                    y.text.push(' ');
                    y.text.push_str(&key);
                    if !y.text.ends_with('\n') {
                        y.text.push('\n');
                    }
                    y.text.push_str(&pad);
                } else {
                    let key = yaml_scalar(k, indent + step, y, true);
                    y.text.push_str(&key);
                }
                y.text.push(':');
                if complex && is_collection(x) && depth < 200 {
                    // (a complex key's value: its collection starts on the `:` line)
                    y.text.push_str(&" ".repeat(step - 1));
                    yaml_block(x, indent + step, true, y, depth + 1);
                } else if let Some(e) = flow_empty(x) {
                    y.text.push(' ');
                    y.text.push_str(e);
                    y.text.push('\n');
                } else if is_collection(x) && depth < 200 {
                    y.text.push('\n');
                    // Sequences in mappings are not indented; mappings are.
                    let inner = if matches!(x, Node::Seq(_)) {
                        indent
                    } else {
                        indent + step
                    };
                    yaml_block(x, inner, false, y, depth + 1);
                } else {
                    let s = yaml_scalar(x, indent + step, y, false);
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

/// A value as Psych's `to_yaml` (`YAML.dump`) writes it: `---\n- 1\n`.
pub fn dump(v: &Node, o: &Options) -> String {
    let mut y = YamlOut {
        text: String::from("---"),
        open_ended: false,
        o,
    };
    if let Some(e) = flow_empty(v) {
        y.text.push(' ');
        y.text.push_str(e);
        y.text.push('\n');
    } else if is_collection(v) {
        y.text.push('\n');
        yaml_block(v, 0, false, &mut y, 0);
    } else {
        let s = yaml_scalar(v, o.indent, &mut y, false);
        y.text.push(' ');
        y.text.push_str(&s);
        y.text.push('\n');
        if matches!(v, Node::Null) {
            y.text = "---\n".into();
        }
    }
    if y.open_ended {
        y.text.push_str("...\n");
    }
    y.text
}
