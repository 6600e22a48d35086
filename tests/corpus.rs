//! Runs every corpus program (`corpus/expected/*.jsonl`, results from the reference
//! implementation) through prepl and compares value, error message and log lines, and for the
//! catalog areas (cases whose expected line has `resources`/`edges`) the compiled catalog:
//! resources in order with their parameters (and tags when the case has them), and the
//! containment edges.
//!
//! Cases listed in `corpus/known_failures.txt` may fail; any other failure fails the test, so
//! that regressions are caught while the list shrinks. The file has four blocks: the general
//! one, then (after the `# === catalog` marker line) the catalog cases (areas `catalog`,
//! `catalog_*`), then (after the `# === environment` marker line) the environment cases
//! (areas `env_*`: modules, facts and Hiera of the fixture control repo), then (after the
//! `# === erb` marker line) the ERB template cases (areas `erb_*`). The ERB areas' agreement
//! is also printed as a subtotal. Environment:
//! - `CORPUS_VERBOSE=1` prints every failing case;
//! - `CORPUS_FILTER=text` runs only cases whose id contains `text`;
//! - `CORPUS_WRITE_KNOWN=1` rewrites `known_failures.txt` with the current failures (all
//!   blocks);
//! - `PREPL_CORPUS_WRITE_FAILURES=1` rewrites only the catalog, environment and ERB blocks.
//!
//! When a block is rewritten, the `# reason` comment of an id that still fails is kept, and an
//! id whose reason contains `flaky` stays listed even when it passed this time.

use prepl_tests::*;
use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

/// The line that starts the catalog block of `known_failures.txt`.
const CATALOG_MARKER: &str = "# === catalog compilation";
/// The line that starts the environment block of `known_failures.txt`.
const ENV_MARKER: &str = "# === environment";
/// The line that starts the ERB block of `known_failures.txt`.
const ERB_MARKER: &str = "# === erb";

#[test]
fn corpus_agrees_with_the_reference() {
    with_big_stack(run);
}

/// Whether a case belongs to the catalog block of the known failures.
fn is_catalog_area(area: &str) -> bool {
    area == "catalog" || area.starts_with("catalog_")
}

/// Whether a case belongs to the environment block of the known failures.
fn is_env_area(area: &str) -> bool {
    area.starts_with("env_")
}

/// Whether a case belongs to the ERB block of the known failures (the ERB template areas).
fn is_erb_area(area: &str) -> bool {
    area.starts_with("erb_")
}

/// The block of `known_failures.txt` a case of `area` belongs to: 0 general, 1 catalog,
/// 2 environment, 3 ERB.
fn block_of_area(area: &str) -> usize {
    if is_erb_area(area) {
        3
    } else if is_catalog_area(area) {
        1
    } else if is_env_area(area) {
        2
    } else {
        0
    }
}

/// The area of a case id (`catalog_nodes-12` -> `catalog_nodes`).
fn area_of_id(id: &str) -> &str {
    id.rsplit_once('-').map_or(id, |(area, _)| area)
}

#[derive(Default)]
struct AreaCount {
    total: usize,
    agree: usize,
    /// Cases with a catalog.
    with_catalog: usize,
    /// Of those, the ones whose value, error and log agree (whatever the catalog).
    value_agrees: usize,
    /// Of those, the ones whose catalog agrees.
    catalog_agrees: usize,
}

fn run() {
    let dir = corpus_dir();
    let filter = std::env::var("CORPUS_FILTER").ok();
    let verbose = std::env::var("CORPUS_VERBOSE").is_ok();
    let known_path = dir.join("known_failures.txt");
    let known_text = std::fs::read_to_string(&known_path).unwrap_or_default();
    let known: BTreeSet<String> = known_text
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
    let mut per_area: BTreeMap<String, AreaCount> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut unexpected = Vec::new();
    for case in &cases {
        let (got, got_catalog) = run_corpus_case(case, Duration::from_secs(10), &watchdog);
        let value_ok = got == case.expected;
        // The expected catalog (when the case has one) and prepl's, in comparable form.
        let catalogs = case.catalog.as_ref().map(|expected| {
            let got = got_catalog.unwrap_or(CatalogView {
                resources: vec![],
                edges: vec![],
            });
            let got = if expected.has_tags() {
                got
            } else {
                got.without_tags()
            };
            (expected, got)
        });
        let catalog_ok = catalogs.as_ref().is_none_or(|(e, g)| *e == g);
        let ok = value_ok && catalog_ok;
        let entry = per_area.entry(case.area.clone()).or_default();
        entry.total += 1;
        if catalogs.is_some() {
            entry.with_catalog += 1;
            entry.value_agrees += value_ok as usize;
            entry.catalog_agrees += catalog_ok as usize;
        }
        if ok {
            entry.agree += 1;
            continue;
        }
        failures.push(case.id.clone());
        if !known.contains(&case.id) {
            unexpected.push(case.id.clone());
        }
        if verbose || (!known.contains(&case.id) && unexpected.len() <= 50) {
            let mut report = format!("FAIL {}\n  src:      {}\n", case.id, case.src);
            if let Some(node) = &case.node {
                report.push_str(&format!("  node:     {node}\n"));
            }
            if let Some(dir) = &case.env_dir {
                report.push_str(&format!("  env_dir:  {dir}\n"));
            }
            if let Some(file) = &case.facts_file {
                report.push_str(&format!("  facts:    {file} (and clientcert)\n"));
            } else if let Some(facts) = &case.facts {
                report.push_str(&format!("  facts:    {facts}\n"));
            }
            if !value_ok {
                report.push_str(&format!(
                    "  expected: {}\n  got:      {}\n",
                    case.expected.summary(),
                    got.summary()
                ));
            }
            if let Some((expected, got_catalog)) = &catalogs {
                if !catalog_ok && got.error.is_none() {
                    report.push_str("  catalog differs (- expected, + got):\n");
                    report.push_str(&expected.diff(got_catalog));
                }
            }
            eprint!("{report}");
        }
    }
    let total: usize = cases.len();
    let passed = total - failures.len();
    eprintln!("\ncorpus agreement by area:");
    for (area, c) in &per_area {
        let mut line = format!(
            "  {area:<22} {:>5}/{:<5} {:>5.1}%",
            c.agree,
            c.total,
            100.0 * c.agree as f64 / c.total as f64
        );
        if c.with_catalog > 0 {
            line.push_str(&format!(
                "   (of {} with a catalog: value and log {}, catalog {})",
                c.with_catalog, c.value_agrees, c.catalog_agrees
            ));
        }
        eprintln!("{line}");
    }
    let (erb_agree, erb_total) = per_area
        .iter()
        .filter(|(area, _)| is_erb_area(area))
        .fold((0, 0), |(a, t), (_, c)| (a + c.agree, t + c.total));
    if erb_total > 0 {
        eprintln!(
            "  {:<22} {erb_agree:>5}/{erb_total:<5} {:>5.1}%",
            "erb (all erb_* areas)",
            100.0 * erb_agree as f64 / erb_total as f64
        );
    }
    eprintln!(
        "  {:<22} {passed:>5}/{total:<5} {:>5.1}%",
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
    let write_all = std::env::var("CORPUS_WRITE_KNOWN").is_ok();
    let write_catalog = std::env::var("PREPL_CORPUS_WRITE_FAILURES").is_ok();
    if (write_all || write_catalog) && filter.is_none() {
        let area_of = |id: &str| {
            cases
                .iter()
                .find(|c| c.id == id)
                .map(|c| c.area.clone())
                .unwrap_or_default()
        };
        let mut blocks: [Vec<String>; 4] = Default::default();
        for id in &failures {
            blocks[block_of_area(&area_of(id))].push(id.clone());
        }
        let [general, catalog, env, erb] = blocks;
        let text = rewrite_known(
            &known_text,
            write_all.then_some(general.as_slice()),
            &catalog,
            &env,
            &erb,
        );
        std::fs::write(&known_path, text).expect("write known failures");
        return;
    }
    let shown: Vec<_> = unexpected.iter().take(20).collect();
    assert!(
        unexpected.is_empty(),
        "{} corpus cases fail that are not known failures, e.g. {shown:?}",
        unexpected.len()
    );
}

/// The new text of `known_failures.txt`: the general block replaced by `general` (when given;
/// otherwise kept), the catalog block by `catalog`, the environment block by `env`; the
/// `# reason` written after an id that is kept is kept.
fn rewrite_known(
    old: &str,
    general: Option<&[String]>,
    catalog: &[String],
    env: &[String],
    erb: &[String],
) -> String {
    let old_general = [CATALOG_MARKER, ENV_MARKER, ERB_MARKER]
        .iter()
        .filter_map(|marker| old.find(marker))
        .min()
        .map_or(old, |end| &old[..end]);
    // The reason written after each id, in any block.
    let reasons: BTreeMap<&str, &str> = old
        .lines()
        .filter_map(|l| {
            let (id, reason) = l.split_once('#')?;
            let id = id.trim();
            (!id.is_empty()).then_some((id, reason))
        })
        .collect();
    // Ids whose reason says they are flaky stay listed when they happen to pass.
    let flaky: Vec<&str> = reasons
        .iter()
        .filter(|(_, reason)| reason.contains("flaky"))
        .map(|(id, _)| *id)
        .collect();
    let list = |out: &mut String, ids: &[String]| {
        let block_of = |id: &str| block_of_area(area_of_id(id));
        let mut ids: Vec<String> = ids.to_vec();
        if let Some(first) = ids.first() {
            let block = block_of(first);
            for id in &flaky {
                if block_of(id) == block && !ids.iter().any(|i| i == id) {
                    ids.push(id.to_string());
                }
            }
        }
        ids.sort_by_key(|id| {
            let (area, n) = id.rsplit_once('-').unwrap_or((id, ""));
            (area.to_string(), n.parse::<u64>().unwrap_or(0))
        });
        for id in &ids {
            match reasons.get(id.as_str()) {
                Some(reason) => out.push_str(&format!("{id}  #{reason}\n")),
                None => out.push_str(&format!("{id}\n")),
            }
        }
    };
    let mut out = String::new();
    match general {
        // Keep the general block, except for the cases of the other blocks.
        None => {
            for line in old_general.lines() {
                let id = line.split('#').next().unwrap_or("").trim();
                let area = area_of_id(id);
                if id.is_empty() || block_of_area(area) == 0 {
                    out.push_str(line);
                    out.push('\n');
                }
            }
        }
        Some(ids) => {
            out.push_str("# Corpus cases prepl does not yet agree on (regenerate with CORPUS_WRITE_KNOWN=1).\n");
            list(&mut out, ids);
        }
    }
    if !out.ends_with('\n') && !out.is_empty() {
        out.push('\n');
    }
    out.push_str(CATALOG_MARKER);
    out.push_str(
        ": catalog cases (areas catalog, catalog_*) that do not agree yet, each with its\n\
         # reason. Regenerate this block with\n\
         #   PREPL_CORPUS_WRITE_FAILURES=1 cargo test -p prepl-tests --test corpus\n",
    );
    list(&mut out, catalog);
    out.push_str(ENV_MARKER);
    out.push_str(
        ": environment cases (areas env_*: modules, facts and Hiera of the fixture control\n\
         # repo tests/fixtures/control-repo) that do not agree yet. Regenerate this block (with\n\
         # the catalog block) with\n\
         #   PREPL_CORPUS_WRITE_FAILURES=1 cargo test -p prepl-tests --test corpus\n",
    );
    list(&mut out, env);
    out.push_str(ERB_MARKER);
    out.push_str(
        ": ERB template cases (areas erb_*: inline_template and template) that do not agree\n\
         # yet. Regenerate this block (with the catalog and environment blocks) with\n\
         #   PREPL_CORPUS_WRITE_FAILURES=1 cargo test -p prepl-tests --test corpus\n",
    );
    list(&mut out, erb);
    out
}
