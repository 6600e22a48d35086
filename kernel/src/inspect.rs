//! `inspect_request`: what the word under the cursor is: a variable (value and type), a
//! built-in or user function (its documentation or definition), a type or type alias.

use crate::complete::word_at;
use prepl::format::to_programmatic;
use prepl::syntax::vocabulary::{find_type, KEYWORDS};
use prepl::types::infer;
use prepl::Session;
use std::collections::HashMap;

/// Source texts of user functions, keyed by name (kept by the worker).
pub type Definitions = HashMap<String, String>;

/// The plain-text description of `word`, if it names something.
pub fn describe(session: &Session, definitions: &Definitions, word: &str) -> Option<String> {
    if let Some(name) = word.strip_prefix('$') {
        let name = name.strip_prefix("::").unwrap_or(name);
        let value = session.variable(name)?;
        return Some(format!(
            "Variable: ${name}\nValue:    {}\nType:     {}\nGeneral:  {}",
            to_programmatic(&value),
            infer::infer(&value),
            infer::infer_generalized(&value),
        ));
    }
    if word.chars().next().is_some_and(char::is_uppercase) {
        if let Some((name, t)) = session
            .type_aliases()
            .into_iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(word))
        {
            if let Some(outline) = prepl::types::object::outline_type(&t) {
                return Some(outline);
            }
            return Some(format!("Type alias: {name}\nResolves to: {t}"));
        }
        if let Some(t) = find_type(word) {
            let outline = prepl::types::by_name(word)
                .and_then(|t| prepl::types::object::outline_type(&t))
                .map(|o| format!("\n{o}"))
                .unwrap_or_default();
            return Some(format!(
                "Type: {}{}\nA built-in type: {}.{outline}",
                t.name, t.params, t.doc
            ));
        }
        return prepl::inventory::describe::describe_type_alias(session, word);
    }
    // A resource type (built in, a module's), a defined type or a class: as `puppet
    // describe` shows it, with the function of the same name after it (`file`).
    if let Some(text) = prepl::inventory::describe::describe(session, word) {
        return Some(match prepl::functions::find(word) {
            Some(b) => format!("{text}\n\nFunction: {}\n\n{}", b.name, b.doc),
            None => text,
        });
    }
    let kernel_builtin = || crate::builtins::all().iter().find(|b| b.name == word);
    if let Some(b) = prepl::functions::find(word).or_else(kernel_builtin) {
        return Some(format!("Function: {}\n\n{}", b.name, b.doc));
    }
    if let Some(text) = prepl::inventory::describe::describe_function(session, word) {
        return Some(text);
    }
    if session.function(word).is_some() {
        return Some(match definitions.get(word) {
            Some(text) => format!("User function: {word}\n\n{text}"),
            None => format!("User function: {word}"),
        });
    }
    if KEYWORDS.contains(&word) {
        return Some(format!("Keyword: {word}"));
    }
    None
}

/// The `inspect_reply` content.
pub fn inspect(
    session: &Session,
    definitions: &Definitions,
    code: &str,
    cursor: usize,
) -> serde_json::Value {
    let (_, _, mut word) = word_at(code, cursor);
    if word.is_empty() && cursor > 0 {
        // Just after a word (`notice|(`): inspect the word before the cursor.
        word = word_at(code, cursor - 1).2;
    }
    match describe(session, definitions, &word) {
        Some(text) => serde_json::json!({
            "status": "ok", "found": true, "data": {"text/plain": text}, "metadata": {},
        }),
        None => serde_json::json!({"status": "ok", "found": false, "data": {}, "metadata": {}}),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use prepl::Value;

    #[test]
    fn describes_variables_functions_and_types() {
        let mut s = Session::new();
        s.set_variable("x", Value::Integer(3));
        let defs = Definitions::new();
        let r = inspect(&s, &defs, "$x + 1", 1);
        assert_eq!(r["found"], true);
        let text = r["data"]["text/plain"].as_str().unwrap();
        assert!(
            text.contains("$x") && text.contains("Value:    3"),
            "{text}"
        );
        let r = inspect(&s, &defs, "notice(1)", 6);
        assert!(r["data"]["text/plain"]
            .as_str()
            .unwrap()
            .contains("notice(Any"));
        let r = inspect(&s, &defs, "display(1)", 3);
        assert!(r["data"]["text/plain"]
            .as_str()
            .unwrap()
            .contains("display(Any $value"));
        let r = inspect(&s, &defs, "Integer[1]", 2);
        assert_eq!(r["found"], true);
        // A resource type as `puppet describe` shows it, then the function of its name.
        let r = inspect(&s, &defs, "file { '/x': }", 2);
        let text = r["data"]["text/plain"].as_str().unwrap();
        assert!(text.starts_with("file\n====\n"), "{text}");
        assert!(text.contains("\n\nFunction: file\n"), "{text}");
        let r = inspect(&s, &defs, "$nope", 2);
        assert_eq!(r["found"], false);
        let mut s = Session::new();
        s.eval("type Animal = Object[{attributes => {name => String, legs => {type => Integer, value => 4}}}]")
            .unwrap();
        let r = inspect(&s, &defs, "Animal", 2);
        let text = r["data"]["text/plain"].as_str().unwrap();
        assert!(
            text.contains("name: String") && text.contains("legs: Integer = 4"),
            "{text}"
        );
    }
}
