//! Completion (the language crate's completer, shared with the REPL, plus the kernel's own
//! functions) and the word under the cursor. Cursor positions are in Unicode code points as
//! the protocol requires.

use prepl::complete::{complete_code, Names};
use prepl::Session;

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

/// The `complete_reply` content, from the language crate's completer (the REPL's too).
pub fn complete(session: &Session, code: &str, cursor: usize) -> serde_json::Value {
    let chars = code.chars().count();
    let cursor = cursor.min(chars);
    let cursor_byte = code
        .char_indices()
        .nth(cursor)
        .map_or(code.len(), |(i, _)| i);
    let before = &code[..cursor_byte];
    // `%why EXPR`: EXPR completes as code.
    let why_code = before
        .trim_start()
        .strip_prefix("%why")
        .filter(|rest| rest.starts_with(char::is_whitespace));
    let offset = why_code.map_or(0, |rest| before.len() - rest.len());
    if why_code.is_none() && crate::catalog::is_magic(before) && !before.contains('\n') {
        return complete_magic(session, before, cursor);
    }
    let extra: Vec<&str> = crate::builtins::all().iter().map(|b| b.name).collect();
    let names = Names::of(session, &extra);
    let (start_byte, found) = complete_code(&before[offset..], &names);
    // The protocol counts positions in code points.
    let start = before[..offset + start_byte].chars().count();
    let types: Vec<_> = found
        .iter()
        .map(|(text, kind)| {
            serde_json::json!({"start": start, "end": cursor, "text": text, "type": kind.label()})
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

/// `%cat` → `%catalog`, `%catalog g` → `graph` (`F` → the catalog's `File`), `%facts f` →
/// `for`.
fn complete_magic(session: &Session, before: &str, cursor: usize) -> serde_json::Value {
    let trimmed = before.trim_start();
    let owned: Vec<String>;
    let (word, candidates): (&str, Vec<&str>) = match trimmed.rfind(char::is_whitespace) {
        None => (trimmed, crate::magics::MAGICS.to_vec()),
        Some(i) if trimmed[..i].trim() == "%catalog" => {
            owned = Names::of(session, &[]).catalog_types;
            let mut words = crate::catalog::VIEWS.to_vec();
            words.extend(owned.iter().map(String::as_str));
            (&trimmed[i + 1..], words)
        }
        Some(i) if trimmed[..i].trim() == "%facts" => {
            (&trimmed[i + 1..], vec!["for", "set", "local"])
        }
        Some(i) if trimmed[..i].trim() == "%set" => (
            &trimmed[i + 1..],
            vec![
                "exec",
                "module-functions",
                "integer-bounds",
                "strict",
                "print-limit",
                "basemodulepath",
            ],
        ),
        Some(i) if trimmed.starts_with("%lookup") && trimmed[..i].trim() != "%lookup" => {
            (&trimmed[i + 1..], vec!["--explain", "--merge"])
        }
        Some(i) if trimmed.starts_with("%diff") && trimmed[i + 1..].starts_with('-') => {
            (&trimmed[i + 1..], prepl::fleet::OPTIONS.to_vec())
        }
        // `%lookup KEY`: the Hiera data's keys; `%classes NAME`, ...: the names listed.
        Some(i)
            if matches!(
                trimmed[..i].trim(),
                "%lookup" | "%classes" | "%defines" | "%resource_types"
            ) =>
        {
            let names = Names::of(session, &[]);
            owned = match trimmed[..i].trim() {
                "%lookup" => names.hiera_keys,
                "%classes" => names.classes,
                _ => names.resource_types,
            };
            (
                &trimmed[i + 1..],
                owned.iter().map(String::as_str).collect(),
            )
        }
        Some(i) => (&trimmed[i + 1..], Vec::new()),
    };
    let matches: Vec<&str> = candidates
        .into_iter()
        .filter(|c| c.starts_with(word))
        .collect();
    let start = cursor - word.chars().count();
    serde_json::json!({
        "status": "ok",
        "matches": matches,
        "cursor_start": start,
        "cursor_end": cursor,
        "metadata": {},
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
        // functions and resource types
        let r = complete(&s, "noti", 4);
        assert_eq!(r["matches"], serde_json::json!(["notice", "notify"]));
        // facts' keys, a resource body's attributes
        let facts = s.eval("{'os' => {'family' => 'Debian'}}").unwrap();
        s.set_facts(facts);
        let r = complete(&s, "$facts['os']['fa", 16);
        assert_eq!(r["matches"], serde_json::json!(["family"]));
        let r = complete(&s, "notify { 'x': messa", 19);
        assert_eq!(r["matches"], serde_json::json!(["message"]));
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

    #[test]
    fn completes_names_assigned_in_the_cell_itself() {
        // As IPython does: the cell's own code names variables the session has not seen.
        let s = Session::new();
        let code = "$zyx_value = 1\nnotice($zyx_v";
        let r = complete(&s, code, code.chars().count());
        assert_eq!(r["matches"], serde_json::json!(["$zyx_value"]));
        assert_eq!(r["cursor_start"], 22);
    }

    #[test]
    fn completes_the_catalog_magic() {
        let s = Session::new();
        let r = complete(&s, "%ca", 3);
        assert_eq!(r["matches"], serde_json::json!(["%catalog"]));
        assert_eq!(r["cursor_start"], 0);
        let r = complete(&s, "%catalog ", 9);
        assert_eq!(
            r["matches"],
            serde_json::json!(["graph", "dot", "json", "Class", "Stage"])
        );
        let r = complete(&s, "%catalog St", 11);
        assert_eq!(r["matches"], serde_json::json!(["Stage"]));
        let r = complete(&s, "%catalog j", 10);
        assert_eq!(r["matches"], serde_json::json!(["json"]));
        assert_eq!(r["cursor_start"], 9);
        let r = complete(&s, "%catalog json x", 15);
        assert_eq!(r["matches"], serde_json::json!([]));
        let mut s2 = Session::new();
        s2.eval("class web::front { }").unwrap();
        let r = complete(&s2, "%classes web::f", 15);
        assert_eq!(r["matches"], serde_json::json!(["web::front"]));
        let r = complete(&s2, "%resource_types pack", 20);
        assert_eq!(r["matches"], serde_json::json!(["package"]));
        let r = complete(&s, "%", 1);
        assert_eq!(
            r["matches"],
            serde_json::json!([
                "%break",
                "%breaks",
                "%catalog",
                "%classes",
                "%defines",
                "%delete",
                "%diff",
                "%disable",
                "%enable",
                "%env",
                "%facts",
                "%hiera-config",
                "%lookup",
                "%lsmagic",
                "%modulepath",
                "%reset",
                "%resource_types",
                "%set",
                "%why"
            ])
        );
        let r = complete(&s, "%set e", 6);
        assert_eq!(r["matches"], serde_json::json!(["exec"]));
        let r = complete(&s, "%lookup a::b --e", 16);
        assert_eq!(r["matches"], serde_json::json!(["--explain"]));
        let r = complete(&s, "%facts f", 8);
        assert_eq!(r["matches"], serde_json::json!(["for"]));
        let r = complete(&s, "%wh", 3);
        assert_eq!(r["matches"], serde_json::json!(["%why"]));
        let r = complete(&s, "%diff --from HEAD --fa", 22);
        assert_eq!(r["matches"], serde_json::json!(["--facts", "--facts-for"]));
    }

    #[test]
    fn why_completes_its_expression_as_code() {
        let mut s = Session::new();
        s.eval("$inventory = {}").unwrap();
        let r = complete(&s, "%why $inv", 9);
        assert_eq!(r["matches"], serde_json::json!(["$inventory"]));
        assert_eq!(r["cursor_start"], 5);
        let r = complete(&s, "%why 1 =~ Integ", 15);
        assert!(
            r["matches"]
                .as_array()
                .unwrap()
                .iter()
                .any(|m| m == "Integer"),
            "{r}"
        );
    }
}
