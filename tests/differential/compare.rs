//! `diff-compare PROGRAMS EXPECTED`: runs every program of `PROGRAMS` (corpus-format JSON
//! lines) through prepl, as the corpus harness does (a fresh session per program), compares
//! with the oracle's answers in `EXPECTED` (its `--jsonl` output) and prints one JSON line per
//! program: `{"id", "agree", "got"}` (`got` only on disagreement: prepl's value or error and
//! log, and for a case with a catalog the difference of the catalogs). The differential
//! runner (`tests/differential/run.py`) drives it.
//!
//! `diff-compare --first-line-errors PROGRAMS EXPECTED` compares errors by the first line
//! of both messages, without the positions (the random catalog programs: the reason must be
//! the same, the rest of a message may word the context differently).

use prepl_tests::*;
use serde_json::json;
use std::io::Write;
use std::path::Path;
use std::time::Duration;

fn main() {
    let mut args: Vec<String> = std::env::args().collect();
    let first_line = args.iter().any(|a| a == "--first-line-errors");
    args.retain(|a| a != "--first-line-errors");
    if args.len() != 3 {
        eprintln!("usage: diff-compare [--first-line-errors] PROGRAMS.jsonl EXPECTED.jsonl");
        std::process::exit(2);
    }
    let cases = load_cases("diff", Path::new(&args[1]), Path::new(&args[2]));
    let code = with_big_stack(move || {
        let watchdog = Watchdog::start();
        let stdout = std::io::stdout();
        let mut out = stdout.lock();
        for case in &cases {
            let (got, got_catalog) = run_corpus_case(case, Duration::from_secs(10), &watchdog);
            // For a case with a catalog, the catalog too (as the corpus harness compares it).
            let catalog_diff = case.catalog.as_ref().and_then(|expected| {
                let got = got_catalog.unwrap_or(CatalogView {
                    resources: vec![],
                    edges: vec![],
                });
                let got = if expected.has_tags() {
                    got
                } else {
                    got.without_tags()
                };
                (*expected != got).then(|| expected.diff(&got))
            });
            let same = if first_line {
                let first = |o: &Outcome| o.error.as_deref().map(first_error_line);
                got.value == case.expected.value
                    && got.log == case.expected.log
                    && first(&got) == first(&case.expected)
            } else {
                got == case.expected
            };
            let line = if same && catalog_diff.is_none() {
                json!({"id": case.id, "agree": true})
            } else {
                json!({"id": case.id, "agree": false, "got": {
                    "value": got.value, "error": got.error, "log": got.log,
                    "catalog_diff": catalog_diff,
                }, "expected": {
                    "value": case.expected.value, "error": case.expected.error,
                    "log": case.expected.log,
                }})
            };
            if writeln!(out, "{line}").is_err() {
                return 1;
            }
        }
        0
    });
    std::process::exit(code);
}

/// The first line of an error message, without positions.
fn first_error_line(message: &str) -> String {
    without_positions(message.lines().next().unwrap_or(""))
}
