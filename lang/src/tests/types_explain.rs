//! The explanation texts of `testdata/explain.txt` (each asserted in full), and the lines
//! in the reference's wording compared with the reference's parameter errors
//! (`testdata/explain_reference.jsonl`, from `explain_reference.py`).
use crate::types::mismatch;
use crate::{Session, Value};

const CASES: &str = include_str!("testdata/explain.txt");

/// The session with the file's `!` lines evaluated, and the `>>>` blocks: (input, text).
fn cases() -> (Session, Vec<(String, String)>) {
    let mut session = Session::new();
    let mut blocks: Vec<(String, String)> = Vec::new();
    for line in CASES.lines() {
        if let Some(code) = line.strip_prefix("! ") {
            session.eval(code).expect("prelude");
        } else if let Some(input) = line.strip_prefix(">>> ") {
            blocks.push((input.to_string(), String::new()));
        } else if let Some((_, text)) = blocks.last_mut() {
            if !line.is_empty() {
                text.push_str(line);
                text.push('\n');
            }
        }
    }
    (session, blocks)
}

fn explain(session: &mut Session, input: &str) -> String {
    match session.why(input) {
        Ok(e) => e.text(),
        Err(e) => format!("error: {}", e.message),
    }
}

#[test]
fn explain_texts() {
    let (mut session, blocks) = cases();
    assert!(blocks.len() >= 250, "{} cases", blocks.len());
    if std::env::var_os("PREPL_BLESS").is_some() {
        let mut out = String::new();
        for line in CASES.lines() {
            if line.starts_with('#') || line.starts_with('!') {
                out.push_str(line);
                out.push('\n');
            }
        }
        for (input, _) in &blocks {
            out.push_str(&format!(
                "\n>>> {input}\n{}\n",
                explain(&mut session, input)
            ));
        }
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src/tests/testdata/explain.txt"
        );
        std::fs::write(path, out).expect("write explain.txt");
        return;
    }
    let mut failures = Vec::new();
    for (input, expected) in &blocks {
        let got = explain(&mut session, input);
        if got.trim_end() != expected.trim_end() {
            failures.push(format!(">>> {input}\nexpected:\n{expected}got:\n{got}\n"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {}:\n{}",
        failures.len(),
        blocks.len(),
        failures.join("\n")
    );
}

/// Where prepl's reference-worded lines differ from the reference's, and why.
const KNOWN: &[(&str, &str)] = &[
    (
        "[1, 2, 'x'] =~ Tuple[Integer, 1, 3]",
        "the reference names index 0 for the String at index 2",
    ),
    (
        "['web', 0] =~ Listen",
        "the reference reports a Pattern member of a Tuple that matches",
    ),
    (
        "{1 => 2, 'a' => 3, 2 => 4} =~ Hash[String, Integer]",
        "the inferred type's Variant members (types/infer.rs)",
    ),
    (
        "{1 => 2, 'port' => 3} =~ Struct[{port => Integer, host => String}]",
        "the inferred type's Variant members (types/infer.rs)",
    ),
    (
        "Integer[1, 60].map |$i| { \"v${i}\" } =~ Array[Integer]",
        "an explanation shows at most 50 notes side by side",
    ),
];

/// The reference-worded lines of each mismatch are the reference's own lines for a class
/// parameter (and `assert_type`), which `describe_mismatches` gives; a function's signature
/// error lists them too, unless exactly one is a type mismatch (then it alone), as
/// `describe_signature_mismatches` gives.
#[test]
fn reference_lines_are_the_references() {
    let (mut session, _) = cases();
    let data = include_str!("testdata/explain_reference.jsonl");
    let mut failures = Vec::new();
    let mut n = 0;
    for line in data.lines() {
        let j: serde_json::Value = serde_json::from_str(line).expect("json");
        let input = j["input"].as_str().unwrap_or_default();
        let lines = |key: &str| -> Vec<String> {
            j[key]
                .as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(|s| s.as_str().map(String::from))
                        .collect()
                })
                .unwrap_or_default()
        };
        if KNOWN.iter().any(|(k, _)| *k == input) {
            continue;
        }
        let e = session.why(input).expect("explanation");
        let got: Vec<String> = e.reference_lines().iter().map(|s| s.to_string()).collect();
        if got != lines("class") {
            failures.push(format!(
                "{input}: class: expected {:?}, got {got:?}",
                lines("class")
            ));
        }
        let (value, ty) = input.split_once(" =~ ").expect("=~");
        let (Ok(Value::Type(t)), Ok(v)) = (session.eval(ty), session.eval(value)) else {
            panic!("{input}: operands");
        };
        let got = mismatch::describe_signature_mismatches(&t, &v);
        if got != lines("expected") {
            failures.push(format!(
                "{input}: function: expected {:?}, got {got:?}",
                lines("expected")
            ));
        }
        n += 1;
    }
    assert!(n >= 120, "{n} cases");
    assert!(
        failures.is_empty(),
        "{} of {n}:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
