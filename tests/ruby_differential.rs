//! The Ruby-function differential: sample calls of every module Ruby function (4.x and 3.x)
//! of the Debian-packaged modules, with arguments generated from their dispatch signatures and
//! the examples of their doc comments (`ruby_differential/cases.py`), run by prepl and
//! compared with the reference's answers (`ruby_differential/expected.jsonl.xz`, from
//! `ruby_differential/regen.py`): value or error, log lines and catalog (of a function whose
//! values vary from run to run, `varies` in cases.jsonl, only whether both give a value of
//! the same shape, each letter and digit one class, or the same error). One number: the share
//! of functions that agree on all their samples. See `ruby_differential/README.md`.
//!
//! The modules come from the module sweep's cache (`module_sweep/fetch.py`); without it the
//! test is skipped with a message. By default the first `SAMPLE_PER_FUNCTION` cases of every
//! function run; `RUBY_DIFF=full` runs every case. `RUBY_DIFF_FILTER=text` runs the functions
//! whose name contains `text`; `RUBY_DIFF_VERBOSE=1` shows every difference (of functions not
//! listed in `known_failures.txt` only otherwise); `RUBY_DIFF_WRITE_KNOWN=1` (with
//! `RUBY_DIFF=full`) rewrites `known_failures.txt`, keeping the reasons of functions still
//! listed. A function that disagrees and is not listed fails the test.

use prepl_tests::module_cache::{compact, known, load_cases_of, modules_dir};
use prepl_tests::*;
use serde_json::Value as Json;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Cases of each function run by default.
const SAMPLE_PER_FUNCTION: usize = 2;
/// The facts every case is compiled with, as in cases.py.
const FACTS_FILE: &str = "tests/real_modules/facts-debian-12.json";
const NODE: &str = "foo.example.com";

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("ruby_differential")
}

#[test]
fn ruby_differential() {
    let modules = modules_dir();
    if !modules.is_dir() {
        eprintln!(
            "ruby differential: skipped, no module cache at {} (run tests/module_sweep/fetch.py)",
            modules.display()
        );
        return;
    }
    with_big_stack(move || run(modules));
}

/// The function a case calls: its id's part before the last `/`.
fn function_of(id: &str) -> &str {
    id.rsplit_once('/').map_or(id, |(f, _)| f)
}

#[derive(Default)]
struct Tally {
    cases: usize,
    agree: usize,
    api: String,
}

fn run(modules: PathBuf) {
    let dir = data_dir();
    let modules_str = modules.display().to_string();
    let text = std::fs::read_to_string(dir.join("cases.jsonl")).expect("cases.jsonl");
    let mut api_of: BTreeMap<String, String> = BTreeMap::new();
    let mut varying: BTreeSet<String> = BTreeSet::new();
    let mut lines = String::new();
    for line in text.lines() {
        let Ok(j) = serde_json::from_str::<Json>(line) else {
            continue;
        };
        let (Some(id), Some(api), Some(src)) =
            (j["id"].as_str(), j["api"].as_str(), j["src"].as_str())
        else {
            continue;
        };
        api_of.insert(function_of(id).into(), api.into());
        if j.get("varies").is_some() {
            varying.insert(id.into());
        }
        let program = serde_json::json!({
            "id": id, "src": src, "modulepath": [modules_str], "node": NODE,
            "facts_file": FACTS_FILE, "catalog": true,
        });
        lines.push_str(&program.to_string());
        lines.push('\n');
    }
    let cases = load_cases_of("ruby_differential", &lines, &dir.join("expected.jsonl.xz"));
    assert!(!cases.is_empty(), "no cases in {}", dir.display());

    let full = std::env::var("RUBY_DIFF").is_ok_and(|v| v == "full");
    let filter = std::env::var("RUBY_DIFF_FILTER").ok();
    let verbose = std::env::var("RUBY_DIFF_VERBOSE").is_ok();
    let known_path = dir.join("known_failures.txt");
    let known_fns = known(&known_path);
    let watchdog = Watchdog::start();
    let mut tally: BTreeMap<String, Tally> = BTreeMap::new();
    let mut per_function_run: BTreeMap<String, usize> = BTreeMap::new();
    for case in &cases {
        let function = function_of(&case.id).to_string();
        if filter
            .as_ref()
            .is_some_and(|f| !function.contains(f.as_str()))
        {
            continue;
        }
        let n = per_function_run.entry(function.clone()).or_default();
        if !full && filter.is_none() && *n >= SAMPLE_PER_FUNCTION {
            continue;
        }
        *n += 1;
        let (mut got, mut got_catalog) = run_corpus_case(case, Duration::from_secs(30), &watchdog);
        compact(&mut got, &mut got_catalog, &modules_str);
        let got_catalog = got_catalog.unwrap_or(CatalogView {
            resources: vec![],
            edges: vec![],
        });
        let got_catalog = match &case.catalog {
            Some(e) if !e.has_tags() => got_catalog.without_tags(),
            _ => got_catalog,
        };
        // A function whose values vary from run to run: a value agrees with a value of the
        // same shape (its text with each letter and digit as one class: the length of a
        // random hash, the structure of a shuffled array).
        let shape = |v: &Option<String>| {
            v.as_ref().map(|s| {
                s.chars()
                    .map(|c| if c.is_ascii_alphanumeric() { 'x' } else { c })
                    .collect::<String>()
            })
        };
        let varies = varying.contains(&case.id)
            && got.value.is_some()
            && shape(&got.value) == shape(&case.expected.value)
            && got.log == case.expected.log;
        let ok = varies
            || got == case.expected && case.catalog.as_ref().is_none_or(|e| *e == got_catalog);
        let t = tally.entry(function.clone()).or_default();
        t.api = api_of.get(&function).cloned().unwrap_or_default();
        t.cases += 1;
        t.agree += ok as usize;
        if ok {
            continue;
        }
        let cut = |s: String| s.chars().take(400).collect::<String>();
        let mut diff = format!(
            "{}  {}\n        expected: {}\n        got:      {}",
            case.id,
            case.src,
            cut(case.expected.summary()),
            cut(got.summary())
        );
        if let Some(expected) = &case.catalog {
            if got.error.is_none() && *expected != got_catalog {
                diff.push('\n');
                diff.push_str(&expected.diff(&got_catalog));
            }
        }
        if verbose || !known_fns.contains_key(&function) {
            eprintln!("  FAIL  {diff}");
        }
    }

    let agreeing = tally.values().filter(|t| t.agree == t.cases).count();
    let total_cases: usize = tally.values().map(|t| t.cases).sum();
    let agreeing_cases: usize = tally.values().map(|t| t.agree).sum();
    let failing: Vec<&String> = tally
        .iter()
        .filter(|(_, t)| t.agree < t.cases)
        .map(|(f, _)| f)
        .collect();
    eprintln!(
        "\nruby differential ({}): functions that disagree on a sample:",
        if full { "every case" } else { "sample" }
    );
    for f in &failing {
        let t = &tally[*f];
        let reason = known_fns.get(*f).map_or("NEW", String::as_str);
        eprintln!("  {f:<34} {:>6} {}/{}  {reason}", t.api, t.agree, t.cases);
    }
    eprintln!(
        "ruby differential{}: {agreeing}/{} functions agree on all their samples ({:.1}%); \
         {agreeing_cases}/{total_cases} calls agree",
        if full {
            ""
        } else {
            " (the first samples only; RUBY_DIFF=full for all)"
        },
        tally.len(),
        100.0 * agreeing as f64 / tally.len().max(1) as f64,
    );
    let fixed: Vec<_> = known_fns
        .keys()
        .filter(|f| tally.get(*f).is_some_and(|t| t.agree == t.cases))
        .collect();
    if !fixed.is_empty() {
        eprintln!("known failures that now agree (remove them from known_failures.txt): {fixed:?}");
    }
    if std::env::var("RUBY_DIFF_WRITE_KNOWN").is_ok() && full && filter.is_none() {
        let mut text = String::from(
            "# Module Ruby functions (ruby_differential/cases.jsonl) that disagree with the\n\
             # reference on a sample, each with its reason (docs/ruby.md). Regenerate with\n\
             #   RUBY_DIFF=full RUBY_DIFF_WRITE_KNOWN=1 cargo test -p prepl-tests --test ruby_differential\n",
        );
        for f in &failing {
            text.push_str(f);
            if let Some(r) = known_fns.get(*f).filter(|r| !r.is_empty()) {
                text.push_str("  # ");
                text.push_str(r);
            }
            text.push('\n');
        }
        std::fs::write(&known_path, text).expect("write known failures");
        return;
    }
    let unexpected: BTreeSet<&String> = failing
        .into_iter()
        .filter(|f| !known_fns.contains_key(*f))
        .collect();
    assert!(
        unexpected.is_empty(),
        "{} module Ruby functions disagree with the reference and are not known failures: \
         {unexpected:?}",
        unexpected.len()
    );
}

/// The parsehocon table (`ruby_differential/hocon.py`): HOCON texts given to stdlib's
/// `parsehocon` (the `hocon` gem in the reference, `methods/hocon` of the Ruby subset in
/// prepl), with and without a default; value or error, log lines and catalog must agree.
/// Skipped without the module cache, as the differential is.
#[test]
fn parsehocon_table() {
    let modules = modules_dir();
    if !modules.is_dir() {
        eprintln!(
            "parsehocon table: skipped, no module cache at {}",
            modules.display()
        );
        return;
    }
    with_big_stack(move || run_hocon_table(modules));
}

fn run_hocon_table(modules: PathBuf) {
    let dir = data_dir();
    let modules_str = modules.display().to_string();
    let text = std::fs::read_to_string(dir.join("hocon_cases.jsonl")).expect("hocon_cases.jsonl");
    let mut lines = String::new();
    for line in text.lines() {
        let j: Json = serde_json::from_str(line).expect("case");
        let program = serde_json::json!({
            "id": j["id"], "src": j["src"], "modulepath": [modules_str], "node": NODE,
            "facts_file": FACTS_FILE, "catalog": true,
        });
        lines.push_str(&program.to_string());
        lines.push('\n');
    }
    let cases = load_cases_of("parsehocon", &lines, &dir.join("hocon_expected.jsonl.xz"));
    assert!(cases.len() >= 60, "{} parsehocon cases", cases.len());
    let watchdog = Watchdog::start();
    let mut failed = Vec::new();
    for case in &cases {
        let (mut got, mut got_catalog) = run_corpus_case(case, Duration::from_secs(30), &watchdog);
        compact(&mut got, &mut got_catalog, &modules_str);
        let catalog_agrees = match (&case.catalog, got_catalog) {
            (Some(e), Some(g)) => *e == if e.has_tags() { g } else { g.without_tags() },
            (Some(_), None) => false,
            (None, _) => true,
        };
        if got != case.expected || !catalog_agrees {
            failed.push(format!(
                "{}  {}\n        expected: {}\n        got:      {}",
                case.id,
                case.src,
                case.expected.summary(),
                got.summary()
            ));
        }
    }
    eprintln!(
        "parsehocon table: {}/{} agree",
        cases.len() - failed.len(),
        cases.len()
    );
    assert!(
        failed.is_empty(),
        "parsehocon disagrees:\n{}",
        failed.join("\n")
    );
}
