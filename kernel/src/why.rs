//! The `%why` magic: `%why VALUE =~ TYPE` or `%why TYPE < TYPE` (also `!~`, `<=`, `>`, `>=`,
//! `==`, `!=`) explains a type question as `:why` does in the REPL (`Session::why`), shown as
//! a nested HTML list mirroring the type's structure: the lines worded as the reference's
//! parameter errors in the normal colour, prepl's own notes muted.

use crate::render::escape;
use prepl::types::{Explanation, Note};
use prepl::Session;
use serde_json::{json, Value as Json};

/// Whether a cell is a `%why` magic.
pub fn is_magic(code: &str) -> bool {
    code.split_whitespace().next() == Some("%why")
}

/// Runs a `%why` cell: the explanation's display data, or the error (usage, or an error
/// evaluating an operand).
pub fn run(session: &mut Session, code: &str) -> Result<Json, prepl::Error> {
    let arg = code.trim_start().strip_prefix("%why").unwrap_or("").trim();
    if arg.is_empty() {
        return Err(prepl::Error::new(
            prepl::ErrorKind::Failed,
            prepl::eval::why::USAGE.replacen("why", "%why", 1),
        ));
    }
    let e = session.why(arg)?;
    Ok(json!({ "text/plain": e.text(), "text/html": html(&e) }))
}

const STYLE_TRUE: &str = "color:#098658;font-weight:bold";
const STYLE_FALSE: &str = "color:#a31515;font-weight:bold";
const STYLE_OWN: &str = "color:#666";

/// The explanation as HTML: the verdict and headline, then the notes as nested lists.
pub fn html(e: &Explanation) -> String {
    let mut out = String::from("<div class=\"prepl-why\">");
    let style = if e.holds { STYLE_TRUE } else { STYLE_FALSE };
    out.push_str(&format!("<span style=\"{style}\">{}</span> ", e.holds));
    escape(&mut out, &e.headline);
    notes(&mut out, &e.notes);
    out.push_str("</div>");
    out
}

fn notes(out: &mut String, list: &[Note]) {
    if list.is_empty() {
        return;
    }
    out.push_str("<ul style=\"margin:0.2em 0\">");
    for n in list {
        if n.reference {
            out.push_str("<li title=\"worded as the reference's parameter errors\"><code>");
        } else {
            out.push_str(&format!(
                "<li style=\"{STYLE_OWN}\"><code style=\"{STYLE_OWN}\">"
            ));
        }
        escape(out, &n.text);
        out.push_str("</code>");
        notes(out, &n.children);
        out.push_str("</li>");
    }
    out.push_str("</ul>");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_cells_explain_matches_and_comparisons() {
        assert!(is_magic("%why 1 =~ Integer") && is_magic("  %why") && !is_magic("%whys"));
        let mut s = Session::new();
        let data = run(&mut s, "%why [1, 'a'] =~ Array[Integer]").unwrap();
        assert_eq!(
            data["text/plain"],
            "false: [1, 'a'] does not match Array[Integer]\n- index 1 expects an Integer value, got String"
        );
        let html = data["text/html"].as_str().unwrap();
        assert!(html.contains(&format!("<span style=\"{STYLE_FALSE}\">false</span> [1, &#39;a&#39;] does not match Array[Integer]")), "{html}");
        assert!(html.contains("<ul style=\"margin:0.2em 0\"><li title=\"worded as the reference's parameter errors\"><code>index 1 expects an Integer value, got String</code></li></ul>"), "{html}");
        let data = run(&mut s, "%why Integer[1, 10] < Integer[5, 20]").unwrap();
        assert!(data["text/html"].as_str().unwrap().contains(STYLE_OWN));
        assert!(data["text/plain"].as_str().unwrap().ends_with("\n- 1 < 5"));
    }

    #[test]
    fn nested_notes_nest_lists() {
        let mut s = Session::new();
        let data = run(&mut s, "%why 'x' =~ Variant[Integer, Boolean]").unwrap();
        let html = data["text/html"].as_str().unwrap();
        assert_eq!(html.matches("<ul").count(), 2, "{html}");
        assert_eq!(html.matches("<li").count(), 3, "{html}");
    }

    #[test]
    fn errors_are_errors() {
        let mut s = Session::new();
        assert!(run(&mut s, "%why")
            .unwrap_err()
            .message
            .starts_with("Usage: %why VALUE =~ TYPE"));
        assert!(run(&mut s, "%why 1 + 2")
            .unwrap_err()
            .message
            .starts_with("Usage:"));
        assert_eq!(
            run(&mut s, "%why $nosuch =~ Integer").unwrap_err().message,
            "Unknown variable: 'nosuch'."
        );
        assert!(run(&mut s, "%why 1 < Integer")
            .unwrap_err()
            .message
            .contains("is an Integer, not a type"));
    }
}
