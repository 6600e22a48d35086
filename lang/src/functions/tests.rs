//! The registry: names unique and sorted, lookups work.

use super::*;

#[test]
fn registry_is_sorted_and_unique() {
    let names: Vec<&str> = all().iter().map(|b| b.name).collect();
    let mut sorted = names.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(names, sorted);
    for n in [
        "each",
        "map",
        "reverse_each",
        "step",
        "regsubst",
        "notice",
        "type_of",
        "scanf",
    ] {
        assert!(find(n).is_some(), "{n}");
    }
    assert!(find("nosuch").is_none());
}

/// One recorded reference answer.
struct Case {
    src: String,
    value: Option<String>,
    error: Option<String>,
    log: Vec<String>,
}

fn load_cases() -> Vec<Case> {
    let text = include_str!("testdata/oracle.jsonl");
    text.lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .map(|j| {
            let s = |k: &str| j.get(k).and_then(|v| v.as_str()).map(str::to_string);
            let error = s("error");
            let mut log: Vec<String> = j
                .get("log")
                .and_then(|l| l.as_array())
                .map(|a| {
                    a.iter()
                        .filter_map(|x| x.as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default();
            // The reference logs its error last; that line is the error itself.
            if let Some(e) = &error {
                if log
                    .last()
                    .is_some_and(|l| l.starts_with(&format!("err: {e}")))
                {
                    log.pop();
                }
            }
            Case {
                src: s("src").unwrap_or_default(),
                value: s("value"),
                error,
                log,
            }
        })
        .collect()
}

/// What prepl gives for a source: the value or error, and the log lines.
fn run(src: &str) -> (Option<String>, Option<String>, Vec<String>) {
    let mut session = crate::Session::new();
    let r = session.eval(src);
    let log = session
        .take_logs()
        .into_iter()
        .filter(|(l, _)| !matches!(l, crate::LogLevel::Debug | crate::LogLevel::Info))
        .map(|(l, m)| format!("{}: {m}", l.name()))
        .collect();
    match r {
        Ok(v) => (Some(crate::format::to_programmatic(&v)), None, log),
        Err(e) => (None, Some(e.full_message()), log),
    }
}

/// The recorded reference answers, checked through `Session::eval`. Log lines are
/// compared without the reference's `(file: ..., line: ...)` suffix.
#[test]
fn matches_the_reference() {
    let cases = load_cases();
    assert!(cases.len() >= 300, "{} cases", cases.len());
    let mut failures = Vec::new();
    for c in &cases {
        let (value, error, log) = run(&c.src);
        let strip = |l: &String| l.split("\n   (file").next().unwrap_or(l).to_string();
        let expected_log: Vec<String> = c.log.iter().map(strip).collect();
        if value != c.value || error != c.error || log != expected_log {
            failures.push(format!(
                "{}\n  expected: {:?} {:?} {:?}\n  got:      {:?} {:?} {:?}",
                c.src, c.value, c.error, expected_log, value, error, log
            ));
        }
    }
    let report = failures.join("\n");
    if let Ok(path) = std::env::var("PREPL_FUNCTIONS_REPORT") {
        let _ = std::fs::write(path, &report);
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases differ:\n{report}",
        failures.len(),
        cases.len()
    );
}
