//! `T.new(args)` against the reference: each line of `testdata/convert_cases.jsonl` holds
//! the Puppet source given to the reference (`src`), the type (`t`), the arguments in JSON
//! (see `format::testvalues`), and the reference's result in `%p` form (`want`) or its
//! error message (`err`). Lines marked `spec` follow the spec where the reference differs.

use super::new_value;
use crate::format::testvalues::{type_named, value};
use crate::format::to_programmatic;
use crate::values::Value;

fn run(data: &str) -> (usize, Vec<String>) {
    let mut failures = Vec::new();
    let mut count = 0;
    for line in data.lines().filter(|l| !l.trim().is_empty()) {
        count += 1;
        let case: serde_json::Value = serde_json::from_str(line).expect("valid test line");
        let t = type_named(case["t"].as_str().expect("type"));
        let args: Vec<Value> = case["args"]
            .as_array()
            .expect("args")
            .iter()
            .map(value)
            .collect();
        let got = new_value(&t, &args)
            .map(|v| to_programmatic(&v))
            .map_err(|e| e.message);
        let want = match (case.get("want"), case.get("err")) {
            (Some(w), _) => Ok(w.as_str().unwrap_or_default().to_string()),
            (_, Some(e)) => Err(e.as_str().unwrap_or_default().to_string()),
            _ => panic!("case without expectation: {line}"),
        };
        if got != want {
            failures.push(format!(
                "{}\n    want {want:?}\n    got  {got:?}",
                case["src"]
            ));
        }
    }
    (count, failures)
}

#[test]
fn conversions_match_the_reference() {
    let (count, failures) = run(include_str!("testdata/convert_cases.jsonl"));
    assert!(count > 150, "too few cases: {count}");
    assert!(
        failures.is_empty(),
        "{} of {count} cases fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Cases whose results or messages depend on the type system (instance checks of
/// parameterized types, inferred types in messages).
#[test]
fn conversions_with_type_checks_match_the_reference() {
    let (count, failures) = run(include_str!("testdata/convert_cases_types.jsonl"));
    assert!(
        failures.is_empty(),
        "{} of {count} cases fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn spec_examples_give_the_documented_results() {
    let int = type_named("Integer");
    let numeric = type_named("Numeric");
    let boolean = type_named("Boolean");
    let show = |t: &crate::types::PType, args: Vec<Value>| {
        new_value(t, &args)
            .map(|v| to_programmatic(&v))
            .map_err(|e| e.message)
    };
    // Numeric.new
    assert_eq!(show(&numeric, vec![true.into()]), Ok("1".into()));
    assert_eq!(show(&numeric, vec!["0xFF".into()]), Ok("255".into()));
    assert_eq!(show(&numeric, vec!["010".into()]), Ok("8".into()));
    assert_eq!(show(&numeric, vec!["3.14".into()]), Ok("3.14".into()));
    // (zero raised to a power and a float out of range are no numbers to the reference's
    // conversion: undef, refused; the reference's messages, grammar differential)
    for s in ["0.0e2", "-0.0e1", "1e400", "0e1"] {
        assert_eq!(
            show(&numeric, vec![s.into()]),
            Err("Converted value from Numeric.new() has wrong type, expects a Numeric value, got Undef".into()),
            "{s}"
        );
    }
    // Integer.new ("Numeric('010', 10)" in the spec is an Integer conversion: Numeric.new
    // takes no radix, and the reference rejects it).
    assert_eq!(show(&int, vec!["0xFF".into(), 16.into()]), Ok("255".into()));
    assert_eq!(show(&int, vec!["010".into(), 10.into()]), Ok("10".into()));
    assert_eq!(show(&int, vec![true.into()]), Ok("1".into()));
    assert_eq!(
        show(&int, vec!["0x10".into(), 10.into()]),
        Err("invalid value for Integer(): \"0x10\"".into())
    );
    // Boolean.new
    assert_eq!(show(&boolean, vec!["true".into()]), Ok("true".into()));
    assert_eq!(show(&boolean, vec!["false".into()]), Ok("false".into()));
    assert_eq!(show(&boolean, vec!["YEs".into()]), Ok("true".into()));
    assert_eq!(show(&boolean, vec![0.into()]), Ok("false".into()));
}
