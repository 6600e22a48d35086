//! Runs every corpus program (`corpus/expected/*.jsonl`, results from the reference
//! implementation) through prepl and compares value, error message and log lines.
//!
//! Cases listed in `corpus/known_failures.txt` may fail; any other failure fails the test, so
//! that regressions are caught while the list shrinks. Environment:
//! - `CORPUS_VERBOSE=1` prints every failing case;
//! - `CORPUS_FILTER=text` runs only cases whose id contains `text`;
//! - `CORPUS_WRITE_KNOWN=1` rewrites `known_failures.txt` with the current failures.

use prepl_tests::*;
use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

#[test]
fn corpus_agrees_with_the_reference() {
    with_big_stack(run);
}

fn run() {
    let dir = corpus_dir();
    let filter = std::env::var("CORPUS_FILTER").ok();
    let verbose = std::env::var("CORPUS_VERBOSE").is_ok();
    let known_path = dir.join("known_failures.txt");
    let known: BTreeSet<String> = std::fs::read_to_string(&known_path)
        .unwrap_or_default()
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim().to_string())
        .filter(|l| !l.is_empty())
        .collect();
    let cases: Vec<Case> = load_corpus(&dir)
        .into_iter()
        .filter(|c| filter.as_ref().is_none_or(|f| c.id.contains(f.as_str())))
        .collect();
    assert!(
        !cases.is_empty(),
        "no corpus cases found in {}",
        dir.display()
    );

    let watchdog = Watchdog::start();
    let mut per_area: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut unexpected = Vec::new();
    for case in &cases {
        let got = run_case(&case.src, Duration::from_secs(10), &watchdog);
        let ok = got == case.expected;
        let entry = per_area.entry(case.area.clone()).or_default();
        entry.1 += 1;
        if ok {
            entry.0 += 1;
        } else {
            failures.push(case.id.clone());
            if !known.contains(&case.id) {
                unexpected.push(case.id.clone());
            }
            if verbose || (!known.contains(&case.id) && unexpected.len() <= 50) {
                eprintln!(
                    "FAIL {}\n  src:      {}\n  expected: {}\n  got:      {}",
                    case.id,
                    case.src,
                    case.expected.summary(),
                    got.summary()
                );
            }
        }
    }
    let total: usize = cases.len();
    let passed = total - failures.len();
    eprintln!("\ncorpus agreement by area:");
    for (area, (ok, n)) in &per_area {
        eprintln!(
            "  {area:<20} {ok:>5}/{n:<5} {:>5.1}%",
            100.0 * *ok as f64 / *n as f64
        );
    }
    eprintln!(
        "  {:<20} {passed:>5}/{total:<5} {:>5.1}%",
        "total",
        100.0 * passed as f64 / total as f64
    );
    let fixed: Vec<_> = known
        .iter()
        .filter(|id| cases.iter().any(|c| &c.id == *id) && !failures.contains(id))
        .collect();
    if !fixed.is_empty() {
        eprintln!(
            "{} known failures now pass (remove them from known_failures.txt): {fixed:?}",
            fixed.len()
        );
    }
    if std::env::var("CORPUS_WRITE_KNOWN").is_ok() && filter.is_none() {
        let text: String = failures.iter().map(|id| format!("{id}\n")).collect();
        std::fs::write(&known_path, format!("# Corpus cases prepl does not yet agree on (regenerate with CORPUS_WRITE_KNOWN=1).\n{text}")).expect("write known failures");
        return;
    }
    let shown: Vec<_> = unexpected.iter().take(20).collect();
    assert!(
        unexpected.is_empty(),
        "{} corpus cases fail that are not known failures, e.g. {shown:?}",
        unexpected.len()
    );
}
