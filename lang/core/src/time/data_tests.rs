//! Cases recorded from the reference implementation (`testdata/*.jsonl`: the Puppet source
//! asked, the inputs, and the value or error the reference gave; `spec_expect` and
//! `deviation` where the spec overrides the reference).

use super::span_format::{parse_timespan_any, DEFAULT_FORMATS};
use super::*;
use serde_json::Value as Json;

fn records(data: &str) -> Vec<Json> {
    data.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("valid test data"))
        .collect()
}

fn str_field<'a>(r: &'a Json, key: &str) -> Option<&'a str> {
    r.get(key).and_then(Json::as_str)
}

/// Compares a result with the record's `expect` or `error`; a description on mismatch.
fn check(r: &Json, got: Result<String, Error>) -> Option<String> {
    let src = str_field(r, "src").unwrap_or("?");
    // Where the reference contradicts the spec, the record carries the spec's answer too.
    let expect = str_field(r, "spec_expect").or_else(|| str_field(r, "expect"));
    match (got, expect, str_field(r, "error")) {
        (Ok(g), Some(want), _) if g == want => None,
        (Err(e), _, Some(want)) if e.message == want => None,
        (got, want, err) => Some(format!(
            "{src}\n  want {want:?} / error {err:?}\n  got  {got:?}"
        )),
    }
}

fn run(data: &str, f: impl Fn(&Json) -> Result<String, Error>) {
    let all = records(data);
    let failures: Vec<String> = all.iter().filter_map(|r| check(r, f(r))).collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases differ:\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
}

fn nanos(r: &Json) -> i128 {
    str_field(r, "nanos")
        .and_then(|n| n.parse().ok())
        .expect("nanos")
}

#[test]
fn strftime_cases() {
    run(include_str!("testdata/strftime.jsonl"), |r| {
        let fmt = str_field(r, "format").unwrap_or("");
        format_timestamp(Timestamp::from_nanos(nanos(r)), fmt, str_field(r, "tz"))
    });
}

#[test]
fn timespan_format_cases() {
    run(include_str!("testdata/span_format.jsonl"), |r| {
        format_timespan(
            Timespan::from_nanos(nanos(r)),
            str_field(r, "format").unwrap_or(""),
        )
    });
}

#[test]
fn timespan_parse_cases() {
    run(include_str!("testdata/span_parse.jsonl"), |r| {
        let s = str_field(r, "string").unwrap_or("");
        let t = match str_field(r, "format") {
            Some(f) => parse_timespan(s, f)?,
            None => parse_timespan_any(s, &DEFAULT_FORMATS)?,
        };
        format_timespan(t, "%D-%H:%M:%S.%N")
    });
}

#[test]
fn timestamp_parse_cases() {
    run(include_str!("testdata/stamp_parse.jsonl"), |r| {
        let s = str_field(r, "string").unwrap_or("");
        parse_timestamp(s, str_field(r, "format"), str_field(r, "tz")).map(|t| t.to_string())
    });
}
