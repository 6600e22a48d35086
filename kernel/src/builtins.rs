//! Functions only the kernel has: `display` (rich output from Puppet code), `clear_output`
//! and `help` (documentation in the notebook's pager).

use crate::output::{add_payload, emit, Event};
use crate::render;
use prepl::eval::{Closure, EvalResult, Evaluator};
use prepl::format::to_programmatic;
use prepl::functions::signature::dispatch_with;
use prepl::functions::Builtin;
use prepl::types::infer;
use prepl::{Error, Value};
use serde_json::{json, Map, Value as Json};

const DISPLAY: &[&str] = &["Any $value, String $mime_type?"];
const CLEAR_OUTPUT: &[&str] = &["Boolean $wait?"];
const HELP: &[&str] = &["String $name"];

/// Checks the arguments against a declaration, with the reference's error wording.
fn check(
    name: &'static str,
    decl: &'static [&'static str],
    args: &[Value],
    block: Option<&Closure>,
) -> Result<(), Error> {
    dispatch_with(name, decl, args, block).map(|_| ())
}

/// The kernel's own functions, added to the session.
pub fn all() -> &'static [Builtin] {
    static ALL: [Builtin; 3] = [
        Builtin {
            name: "display",
            signatures: DISPLAY,
            call: display,
            module: None,
            scope_free: false,
            quick: None,
            doc: "display(Any $value, Optional[String] $mime_type = undef) -> Undef\n\
                  Shows a value as rich output in the notebook (display_data). Without a MIME \
                  type the value is shown like a result (tables for hashes, coloured values). \
                  With one, a String value is sent as that MIME type ('text/html', \
                  'text/markdown', 'image/svg+xml', ...), and any Data value as JSON for \
                  'application/json'.\n\n    display('<b>bold</b>', 'text/html')",
        },
        Builtin {
            name: "clear_output",
            signatures: CLEAR_OUTPUT,
            call: clear_output,
            module: None,
            scope_free: false,
            quick: None,
            doc: "clear_output(Boolean $wait = false) -> Undef\n\
                  Clears the output of the current cell; with $wait, only when new output \
                  arrives.\n\n    clear_output()",
        },
        Builtin {
            name: "help",
            signatures: HELP,
            call: help,
            module: None,
            scope_free: false,
            quick: None,
            doc:
                "help(String $name) -> Undef\n\
                  Shows the documentation of a function in the notebook's pager.\n\n    help('map')",
        },
    ];
    &ALL
}

fn display(_: &mut Evaluator, args: &[Value], block: Option<&Closure>) -> EvalResult {
    check("display", DISPLAY, args, block)?;
    let data = match args.get(1) {
        Some(Value::String(mime)) => mime_bundle(&args[0], mime)?,
        _ => render::bundle(&args[0]),
    };
    emit(Event::Display { data });
    Ok(Value::Undef)
}

fn not_data(expected: &str, got: &Value) -> Error {
    Error::eval(format!(
        "'display' parameter 'value' expects {expected} value for this MIME type, got {}",
        infer::infer_generalized(got)
    ))
}

/// `{mime: value}` plus a `text/plain` fallback.
fn mime_bundle(v: &Value, mime: &str) -> Result<Json, Error> {
    let mut data = Map::new();
    if mime == "application/json" || mime.ends_with("+json") {
        data.insert(mime.into(), to_json(v, 0)?);
    } else {
        match v {
            Value::String(s) => {
                data.insert(mime.into(), Json::String(s.to_string()));
            }
            other => return Err(not_data("a String", other)),
        }
    }
    if mime != "text/plain" {
        data.insert("text/plain".into(), Json::String(to_programmatic(v)));
    }
    Ok(Json::Object(data))
}

/// Converts Data (undef, booleans, numbers, strings, arrays, hashes with string keys) to JSON.
fn to_json(v: &Value, depth: usize) -> Result<Json, Error> {
    if depth > 512 {
        return Err(Error::eval("display: value nested too deeply for JSON"));
    }
    Ok(match v {
        Value::Undef => Json::Null,
        Value::Boolean(b) => json!(b),
        Value::Integer(i) => json!(i),
        Value::Float(f) => serde_json::Number::from_f64(*f)
            .map(Json::Number)
            .ok_or_else(|| Error::eval(format!("display: {f} cannot be represented in JSON")))?,
        Value::String(s) => json!(&**s),
        Value::Array(a) => Json::Array(
            a.iter()
                .map(|e| to_json(e, depth + 1))
                .collect::<Result<_, _>>()?,
        ),
        Value::Hash(h) => {
            let mut m = Map::new();
            for (k, e) in h.iter() {
                let Value::String(k) = k else {
                    return Err(not_data("a Data", v));
                };
                m.insert(k.to_string(), to_json(e, depth + 1)?);
            }
            Json::Object(m)
        }
        other => return Err(not_data("a Data", other)),
    })
}

fn clear_output(_: &mut Evaluator, args: &[Value], block: Option<&Closure>) -> EvalResult {
    check("clear_output", CLEAR_OUTPUT, args, block)?;
    let wait = matches!(args.first(), Some(Value::Boolean(true)));
    emit(Event::ClearOutput { wait });
    Ok(Value::Undef)
}

fn help(ev: &mut Evaluator, args: &[Value], block: Option<&Closure>) -> EvalResult {
    check("help", HELP, args, block)?;
    let Some(name) = args[0].as_str() else {
        return Ok(Value::Undef);
    };
    let doc = ev
        .builtin(name)
        .map(|b| b.doc)
        .ok_or_else(|| Error::eval(format!("help: no function named '{name}'")))?;
    add_payload(json!({
        "source": "page",
        "data": {"text/plain": format!("{name}\n\n{doc}")},
        "start": 0,
    }));
    Ok(Value::Undef)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mime_bundles() {
        let b = mime_bundle(&Value::from("<b>x</b>"), "text/html").unwrap();
        assert_eq!(b["text/html"], "<b>x</b>");
        assert!(b.get("text/plain").is_some());
        assert!(mime_bundle(&Value::Integer(1), "text/html").is_err());
        let b = mime_bundle(
            &Value::array(vec![Value::Integer(1), Value::Undef]),
            "application/json",
        )
        .unwrap();
        assert_eq!(b["application/json"], json!([1, null]));
    }

    #[test]
    fn arguments_are_checked_with_the_reference_wording() {
        let e = check("display", DISPLAY, &[], None).unwrap_err();
        assert_eq!(
            e.message,
            "'display' expects between 1 and 2 arguments, got none"
        );
        let e = check("help", HELP, &[Value::Integer(1)], None).unwrap_err();
        assert_eq!(
            e.message,
            "'help' parameter 'name' expects a String value, got Integer"
        );
    }
}
