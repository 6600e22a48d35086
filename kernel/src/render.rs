//! Rich renderings of values for `execute_result` and `display_data`: `text/plain` is the
//! programmatic (`%p`) form; `text/html` colours the value by kind, shows hashes and arrays
//! of hashes as tables and highlights types.

use prepl::format::to_programmatic;
use prepl::Value;
use serde_json::{json, Value as Json};
use std::collections::HashSet;
use std::fmt::Write;

/// Rows shown in a table before the rest is summarized.
const MAX_ROWS: usize = 500;
/// Elements shown inline in one array or hash before the rest is elided.
const MAX_INLINE_ITEMS: usize = 1000;
/// Nesting shown inline before deeper levels are elided.
const MAX_DEPTH: usize = 64;

const STYLE_STRING: &str = "color:#a31515";
const STYLE_NUMBER: &str = "color:#098658";
const STYLE_KEYWORD: &str = "color:#0000ff";
const STYLE_TYPE: &str = "color:#267f99;font-weight:bold";
const STYLE_REGEXP: &str = "color:#811f3f";
const STYLE_TIME: &str = "color:#795e26";
const STYLE_PUNCT: &str = "color:#555";

/// `%set print-limit N|off`: the elements of a value `text/plain` shows (0: all), as the
/// REPL's `:set print-limit`.
static PRINT_LIMIT: std::sync::atomic::AtomicUsize =
    std::sync::atomic::AtomicUsize::new(prepl::elide::DEFAULT_LIMIT);

/// Sets the elements `text/plain` shows (`None`: all).
pub fn set_print_limit(limit: Option<usize>) {
    PRINT_LIMIT.store(limit.unwrap_or(0), std::sync::atomic::Ordering::Relaxed);
}

pub fn print_limit() -> Option<usize> {
    match PRINT_LIMIT.load(std::sync::atomic::Ordering::Relaxed) {
        0 => None,
        n => Some(n),
    }
}

/// The `%p` form of a value, elided to the print limit (`[1, 2, … 999998 more]`).
pub fn plain(v: &Value) -> String {
    plain_with(v, print_limit())
}

fn plain_with(v: &Value, limit: Option<usize>) -> String {
    let elided = prepl::elide::elide(v, limit);
    let text = elided.finish(to_programmatic(&elided.value));
    // (long strings too: the text is cut at the limit's characters)
    match prepl::elide::elide_text(&text, limit) {
        std::borrow::Cow::Borrowed(_) => text,
        std::borrow::Cow::Owned(cut) => cut,
    }
}

/// A text sent to the notebook (a log line, an error message), cut to the print limit's
/// characters (`%set print-limit`).
pub fn bounded(text: &str) -> std::borrow::Cow<'_, str> {
    prepl::elide::elide_text(text, print_limit())
}

/// The MIME bundle of a value: `text/plain` and `text/html`.
pub fn bundle(v: &Value) -> Json {
    json!({ "text/plain": plain(v), "text/html": html(v) })
}

/// The HTML rendering of a value.
pub fn html(v: &Value) -> String {
    let mut out = String::new();
    match v {
        Value::Hash(h) if !h.is_empty() => hash_table(&mut out, h),
        Value::Array(a) if !a.is_empty() && a.iter().all(|e| matches!(e, Value::Hash(_))) => {
            records_table(&mut out, a)
        }
        _ => {
            out.push_str("<pre style=\"margin:0\">");
            inline(&mut out, v, 0);
            out.push_str("</pre>");
        }
    }
    out
}

pub fn escape(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
}

fn span(out: &mut String, style: &str, text: &str) {
    let _ = write!(out, "<span style=\"{style}\">");
    escape(out, text);
    out.push_str("</span>");
}

fn scalar_style(v: &Value) -> &'static str {
    match v {
        Value::String(_) => STYLE_STRING,
        Value::Integer(_) | Value::Float(_) => STYLE_NUMBER,
        Value::Undef | Value::Default | Value::Boolean(_) => STYLE_KEYWORD,
        Value::Type(_) => STYLE_TYPE,
        Value::Regexp(_) => STYLE_REGEXP,
        Value::Timespan(_)
        | Value::Timestamp(_)
        | Value::SemVer(_)
        | Value::SemVerRange(_)
        | Value::Sensitive(_)
        | Value::Binary(_)
        | Value::Uri(_)
        | Value::Iterator(_) => STYLE_TIME,
        Value::Object(_) => STYLE_TYPE,
        Value::Array(_) | Value::Hash(_) => STYLE_PUNCT,
    }
}

/// One value on one line, coloured (a parameter value in the catalog table).
pub fn inline_html(out: &mut String, v: &Value) {
    inline(out, v, 1);
}

/// One value on one line, coloured; collections in `[...]` and `{...}`.
fn inline(out: &mut String, v: &Value, depth: usize) {
    match v {
        Value::Array(a) => {
            if depth >= MAX_DEPTH {
                return span(out, STYLE_PUNCT, "[…]");
            }
            span(out, STYLE_PUNCT, "[");
            for (i, e) in a.iter().enumerate() {
                if i == MAX_INLINE_ITEMS {
                    span(out, STYLE_PUNCT, &format!(", … {} more", a.len() - i));
                    break;
                }
                if i > 0 {
                    span(out, STYLE_PUNCT, ", ");
                }
                inline(out, e, depth + 1);
            }
            span(out, STYLE_PUNCT, "]");
        }
        Value::Hash(h) => {
            if depth >= MAX_DEPTH {
                return span(out, STYLE_PUNCT, "{…}");
            }
            span(out, STYLE_PUNCT, "{");
            for (i, (k, e)) in h.iter().enumerate() {
                if i == MAX_INLINE_ITEMS {
                    span(out, STYLE_PUNCT, &format!(", … {} more", h.len() - i));
                    break;
                }
                if i > 0 {
                    span(out, STYLE_PUNCT, ", ");
                }
                inline(out, k, depth + 1);
                span(out, STYLE_PUNCT, " => ");
                inline(out, e, depth + 1);
            }
            span(out, STYLE_PUNCT, "}");
        }
        other => span(out, scalar_style(other), &bounded(&to_programmatic(other))),
    }
}

const TABLE: &str = "<table style=\"border-collapse:collapse;font-family:monospace\">";
const CELL: &str = "style=\"text-align:left;border:1px solid #ccc;padding:2px 6px\"";

fn cell(out: &mut String, tag: &str, v: Option<&Value>) {
    let _ = write!(out, "<{tag} {CELL}>");
    if let Some(v) = v {
        inline(out, v, 1);
    }
    let _ = write!(out, "</{tag}>");
}

fn more_rows(out: &mut String, total: usize, columns: usize) {
    if total > MAX_ROWS {
        let _ = write!(
            out,
            "<tr><td {CELL} colspan=\"{columns}\">… {} more</td></tr>",
            total - MAX_ROWS
        );
    }
}

/// A hash as a two-column table of keys and values.
fn hash_table(out: &mut String, h: &prepl::values::Map) {
    out.push_str(TABLE);
    out.push_str("<thead><tr>");
    let _ = write!(out, "<th {CELL}>key</th><th {CELL}>value</th>");
    out.push_str("</tr></thead><tbody>");
    for (k, v) in h.iter().take(MAX_ROWS) {
        out.push_str("<tr>");
        cell(out, "th", Some(k));
        cell(out, "td", Some(v));
        out.push_str("</tr>");
    }
    more_rows(out, h.len(), 2);
    out.push_str("</tbody></table>");
}

/// An array of hashes as a table with one row per hash and one column per key.
// Values hash by content; the interior mutability clippy sees is a regexp's match cache.
#[allow(clippy::mutable_key_type)]
fn records_table(out: &mut String, rows: &[Value]) {
    let mut seen = HashSet::new();
    let mut columns: Vec<&Value> = Vec::new();
    for row in rows.iter().take(MAX_ROWS) {
        if let Value::Hash(h) = row {
            for k in h.keys() {
                if seen.insert(k) {
                    columns.push(k);
                }
            }
        }
    }
    out.push_str(TABLE);
    out.push_str("<thead><tr>");
    let _ = write!(out, "<th {CELL}></th>");
    for k in &columns {
        cell(out, "th", Some(k));
    }
    out.push_str("</tr></thead><tbody>");
    for (i, row) in rows.iter().take(MAX_ROWS).enumerate() {
        let _ = write!(out, "<tr><th {CELL}>{i}</th>");
        if let Value::Hash(h) = row {
            for k in &columns {
                cell(out, "td", h.get(k));
            }
        }
        out.push_str("</tr>");
    }
    more_rows(out, rows.len(), columns.len() + 1);
    out.push_str("</tbody></table>");
}

#[cfg(test)]
mod tests {
    use super::*;
    use prepl::values::Map;

    fn hash(pairs: &[(&str, Value)]) -> Value {
        let mut m = Map::default();
        for (k, v) in pairs {
            m.insert(Value::from(*k), v.clone());
        }
        Value::hash(m)
    }

    #[test]
    fn huge_values_are_elided_in_text() {
        let v = Value::array((0..5000).map(Value::Integer).collect());
        let text = plain(&v);
        assert!(
            text.ends_with(", 999, … 4000 more]"),
            "{}",
            &text[text.len() - 40..]
        );
        assert_eq!(plain_with(&v, Some(2)), "[0, 1, … 4998 more]");
        assert_eq!(plain_with(&v, None), to_programmatic(&v));
    }

    #[test]
    fn scalars_are_coloured_and_escaped() {
        let h = html(&Value::from("<b>"));
        assert!(h.contains(STYLE_STRING), "{h}");
        assert!(h.contains("&lt;b&gt;"), "{h}");
        assert!(!h.contains("<b>"), "{h}");
        assert!(html(&Value::Integer(3)).contains(STYLE_NUMBER));
        assert!(html(&Value::Undef).contains(STYLE_KEYWORD));
    }

    #[test]
    fn hashes_are_tables() {
        let h = html(&hash(&[("a", Value::Integer(1)), ("b", Value::from("x"))]));
        assert!(h.starts_with("<table"), "{h}");
        assert_eq!(h.matches("<tr>").count(), 3, "{h}");
    }

    #[test]
    fn arrays_of_hashes_have_one_column_per_key() {
        let rows = Value::array(vec![
            hash(&[("name", Value::from("a")), ("size", Value::Integer(1))]),
            hash(&[("name", Value::from("b")), ("mode", Value::from("0644"))]),
        ]);
        let h = html(&rows);
        // header: index column + name, size, mode
        let header = &h[..h.find("</thead>").unwrap()];
        assert_eq!(header.matches("<th ").count(), 4, "{h}");
        assert_eq!(h.matches("<tr>").count(), 3, "{h}");
    }

    #[test]
    fn long_tables_are_cut_and_deep_nesting_elided() {
        let mut m = Map::default();
        for i in 0..(MAX_ROWS as i64 + 10) {
            m.insert(Value::Integer(i), Value::Integer(i));
        }
        assert!(html(&Value::hash(m)).contains("… 10 more"));
        let mut v = Value::Integer(0);
        for _ in 0..(MAX_DEPTH * 4) {
            v = Value::array(vec![v]);
        }
        assert!(html(&v).contains("[…]"));
    }
}
