//! The run of a control repo's cases (`site_repo.rs`, `site_repo_2.rs`): each case of a
//! directory's `cases.jsonl` compiled by prepl and compared with the reference's value, log
//! and catalog (`expected.jsonl`, from the directory's `regen.sh`). Every case must agree.

use crate::{load_cases, run_corpus_case, CatalogView, Watchdog};
use std::path::Path;
use std::time::Duration;

/// Runs the cases of `dir` (`label` names them in messages; `filter_var` is the environment
/// variable that selects one case by id) and fails, listing the cases that do not agree, or
/// when there are fewer than `min_cases`.
pub fn run_site_cases(label: &str, dir: &Path, min_cases: usize, filter_var: &str) {
    let cases = load_cases(label, &dir.join("cases.jsonl"), &dir.join("expected.jsonl"));
    assert!(
        cases.len() >= min_cases,
        "{label}: only {} cases",
        cases.len()
    );
    let filter = std::env::var(filter_var).ok();
    let watchdog = Watchdog::start();
    let mut failures = Vec::new();
    for case in &cases {
        if filter.as_ref().is_some_and(|f| case.id != *f) {
            continue;
        }
        let (got, got_catalog) = run_corpus_case(case, Duration::from_secs(60), &watchdog);
        let value_ok = got == case.expected;
        let got_catalog = got_catalog.unwrap_or(CatalogView {
            resources: vec![],
            edges: vec![],
        });
        let got_catalog = match &case.catalog {
            Some(e) if !e.has_tags() => got_catalog.without_tags(),
            _ => got_catalog,
        };
        let catalog_ok = case.catalog.as_ref().is_none_or(|e| *e == got_catalog);
        if value_ok && catalog_ok {
            continue;
        }
        eprintln!(
            "  FAIL  {} (node {:?}): {}",
            case.id,
            case.node,
            case.src.lines().next().unwrap_or("")
        );
        if !value_ok {
            eprintln!(
                "        expected: {}\n        got:      {}",
                case.expected.summary(),
                got.summary()
            );
        }
        if let (Some(expected), false) = (&case.catalog, catalog_ok) {
            eprint!("{}", expected.diff(&got_catalog));
        }
        failures.push(case.id.clone());
    }
    assert!(
        failures.is_empty(),
        "{label} cases that do not agree with the reference: {failures:?}"
    );
}
