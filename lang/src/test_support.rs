//! Helpers for unit tests that run whole programs through a session and compare with the
//! reference's answers (results in `%p` form, errors with their prefix, as `puppet-oracle`
//! prints them).

use crate::format::to_programmatic;
use crate::Session;

/// A program's result in `%p` form, or its error message.
pub fn run(src: &str) -> Result<String, String> {
    Session::new()
        .eval(src)
        .map(|v| to_programmatic(&v))
        .map_err(|e| e.full_message())
}

/// A program's result in `%p` form, or its error message without the prefix (for tables of
/// `(source, expected)` where the expected text is either).
pub fn value_or_message(src: &str) -> String {
    match Session::new().eval(src) {
        Ok(v) => to_programmatic(&v),
        Err(e) => e.message,
    }
}

/// Runs each program and fails listing every one whose outcome differs from the expected.
pub fn check(cases: &[(&str, Result<&str, &str>)]) {
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|(src, want)| {
            let want = want.map(str::to_string).map_err(str::to_string);
            let got = run(src);
            (got != want).then(|| format!("{src}\n    want {want:?}\n    got  {got:?}"))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
