//! `inline_epp` checked against the reference's recorded answers (`oracle.jsonl`: the value
//! in `%p` form, or the full error message as the reference logs it, and log lines).

use crate::format::to_programmatic;
use crate::Session;

struct Case {
    src: String,
    value: Option<String>,
    error: Option<String>,
    log: Vec<String>,
}

fn cases() -> Vec<Case> {
    include_str!("oracle.jsonl")
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .map(|j| {
            let s = |k: &str| j.get(k).and_then(|v| v.as_str()).map(str::to_string);
            Case {
                src: s("src").unwrap_or_default(),
                value: s("value"),
                error: s("error"),
                log: j
                    .get("log")
                    .and_then(|l| l.as_array())
                    .map(|a| {
                        a.iter()
                            .filter_map(|x| x.as_str().map(str::to_string))
                            .collect()
                    })
                    .unwrap_or_default(),
            }
        })
        .collect()
}

fn run(src: &str) -> (Result<String, String>, Vec<String>) {
    let mut s = Session::new();
    let r = s
        .eval(src)
        .map(|v| to_programmatic(&v))
        .map_err(|e| e.full_message());
    let log = s
        .take_logs()
        .into_iter()
        .filter(|(l, _)| !matches!(l, crate::LogLevel::Debug | crate::LogLevel::Info))
        .map(|(l, m)| format!("{}: {m}", l.name()))
        .collect();
    (r, log)
}

#[test]
fn matches_the_reference() {
    let cases = cases();
    assert!(cases.len() >= 40);
    let mut failures = Vec::new();
    for c in &cases {
        let (got, log) = run(&c.src);
        let expected = match (&c.value, &c.error) {
            (Some(v), _) => Ok(v.clone()),
            (None, Some(e)) => Err(e.clone()),
            _ => continue,
        };
        if got != expected || log != c.log {
            failures.push(format!(
                "{}\n   expected {expected:?} {:?}\n   got      {got:?} {log:?}",
                c.src, c.log
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
