//! Completion and the word under the cursor: variables (with `$`), built-in and user
//! functions, type names and aliases, keywords. Cursor positions are in Unicode code points
//! as the protocol requires.

use prepl::Session;

/// The built-in type names.
pub const TYPE_NAMES: &[&str] = &[
    "Any",
    "Array",
    "Binary",
    "Boolean",
    "Callable",
    "CatalogEntry",
    "Class",
    "Collection",
    "Data",
    "Default",
    "Deferred",
    "Enum",
    "Error",
    "Float",
    "Hash",
    "Init",
    "Integer",
    "Iterable",
    "Iterator",
    "NotUndef",
    "Numeric",
    "Object",
    "Optional",
    "Pattern",
    "Regexp",
    "Resource",
    "RichData",
    "Runtime",
    "Scalar",
    "ScalarData",
    "SemVer",
    "SemVerRange",
    "Sensitive",
    "String",
    "Struct",
    "Timespan",
    "Timestamp",
    "Tuple",
    "Type",
    "TypeSet",
    "URI",
    "Undef",
    "Unit",
    "Variant",
];

/// The language's keywords.
pub const KEYWORDS: &[&str] = &[
    "and",
    "application",
    "attr",
    "case",
    "class",
    "consumes",
    "default",
    "define",
    "else",
    "elsif",
    "function",
    "if",
    "in",
    "inherits",
    "node",
    "or",
    "private",
    "produces",
    "site",
    "true",
    "false",
    "type",
    "undef",
    "unit",
    "unless",
];

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == ':'
}

/// The word around a cursor (in code points): its start and end (code points) and text.
/// A leading `$` belongs to the word.
pub fn word_at(code: &str, cursor: usize) -> (usize, usize, String) {
    let chars: Vec<char> = code.chars().collect();
    let cursor = cursor.min(chars.len());
    let mut start = cursor;
    while start > 0 && is_word_char(chars[start - 1]) {
        start -= 1;
    }
    if start > 0 && chars[start - 1] == '$' {
        start -= 1;
    }
    let mut end = cursor;
    while end < chars.len() && is_word_char(chars[end]) {
        end += 1;
    }
    (start, end, chars[start..end].iter().collect())
}

/// The word before the cursor, for completion: (start, prefix).
fn prefix_at(code: &str, cursor: usize) -> (usize, String) {
    let chars: Vec<char> = code.chars().collect();
    let cursor = cursor.min(chars.len());
    let (start, _, _) = word_at(code, cursor);
    (start, chars[start..cursor].iter().collect())
}

/// Whether the word starting at `start` (code points) follows `${`.
fn in_braced_interpolation(code: &str, start: usize) -> bool {
    let mut before = code
        .chars()
        .take(start)
        .collect::<Vec<_>>()
        .into_iter()
        .rev();
    before.next() == Some('{') && before.next() == Some('$')
}

/// Every name the session knows, with a kind for the reply metadata.
pub fn candidates(session: &Session, prefix: &str) -> Vec<(String, &'static str)> {
    let mut out: Vec<(String, &'static str)> = Vec::new();
    if let Some(var) = prefix.strip_prefix('$') {
        // `$::name` is the same top-scope variable.
        let (scope, var) = match var.strip_prefix("::") {
            Some(rest) => ("::", rest),
            None => ("", var),
        };
        for (name, _) in session.variables() {
            if name.starts_with(var) {
                out.push((format!("${scope}{name}"), "variable"));
            }
        }
        return out;
    }
    if prefix.chars().next().is_some_and(char::is_uppercase) {
        for t in TYPE_NAMES {
            if t.starts_with(prefix) {
                out.push((t.to_string(), "type"));
            }
        }
        for (name, _) in session.type_aliases() {
            if name.starts_with(prefix) {
                out.push((name.to_string(), "type alias"));
            }
        }
    } else {
        for b in prepl::functions::all().iter().chain(crate::builtins::all()) {
            if b.name.starts_with(prefix) {
                out.push((b.name.to_string(), "function"));
            }
        }
        for f in session.function_names() {
            if f.starts_with(prefix) {
                out.push((f.to_string(), "function"));
            }
        }
        for k in KEYWORDS {
            if k.starts_with(prefix) {
                out.push((k.to_string(), "keyword"));
            }
        }
    }
    out.sort();
    out.dedup_by(|a, b| a.0 == b.0);
    out
}

/// The `complete_reply` content.
pub fn complete(session: &Session, code: &str, cursor: usize) -> serde_json::Value {
    let (start, prefix) = prefix_at(code, cursor);
    let cursor = cursor.min(code.chars().count());
    let found = if in_braced_interpolation(code, start) {
        // `"${na|`: variable names without the `$`.
        candidates(session, &format!("${prefix}"))
            .into_iter()
            .map(|(name, kind)| (name[1..].to_string(), kind))
            .collect()
    } else if prefix.is_empty() {
        Vec::new()
    } else {
        candidates(session, &prefix)
    };
    let types: Vec<_> = found
        .iter()
        .map(|(text, kind)| {
            serde_json::json!({"start": start, "end": cursor, "text": text, "type": kind})
        })
        .collect();
    serde_json::json!({
        "status": "ok",
        "matches": found.iter().map(|(t, _)| t.as_str()).collect::<Vec<_>>(),
        "cursor_start": start,
        "cursor_end": cursor,
        "metadata": {"_jupyter_types_experimental": types},
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use prepl::Value;

    #[test]
    fn words_are_found_in_code_points() {
        assert_eq!(word_at("é $abc + 1", 4), (2, 6, "$abc".into()));
        assert_eq!(word_at("notice(1)", 3), (0, 6, "notice".into()));
        assert_eq!(word_at("x::y z", 2), (0, 4, "x::y".into()));
        assert_eq!(word_at("", 5), (0, 0, String::new()));
    }

    #[test]
    fn completes_variables_functions_types_and_keywords() {
        let mut s = Session::new();
        s.set_variable("alpha", Value::Integer(1));
        s.set_variable("beta", Value::Integer(2));
        let r = complete(&s, "ü + $al", 7);
        assert_eq!(r["matches"], serde_json::json!(["$alpha"]));
        assert_eq!(r["cursor_start"], 4);
        assert_eq!(r["cursor_end"], 7);
        let r = complete(&s, "$::be", 5);
        assert_eq!(r["matches"], serde_json::json!(["$::beta"]));
        let r = complete(&s, "noti", 4);
        assert_eq!(r["matches"], serde_json::json!(["notice"]));
        let r = complete(&s, "Intege", 6);
        assert_eq!(r["matches"], serde_json::json!(["Integer"]));
        let r = complete(&s, "displ", 5);
        assert_eq!(r["matches"], serde_json::json!(["display"]));
        let r = complete(&s, "unl", 3);
        assert_eq!(r["matches"], serde_json::json!(["unless"]));
        let r = complete(&s, "\"x ${al", 7);
        assert_eq!(r["matches"], serde_json::json!(["alpha"]));
        assert_eq!(r["cursor_start"], 5);
        let r = complete(&s, "1 + ", 4);
        assert_eq!(r["matches"], serde_json::json!([]));
    }
}
