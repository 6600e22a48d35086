//! The module sweep: every class (included alone) and every define whose parameters all have
//! defaults (title `x`) of every Debian-packaged Puppet module, on the fact sets of
//! `module_sweep/fact_sets.json` (Debian 12, CentOS 7, Ubuntu 20.04, CentOS 8), compiled by
//! prepl and compared with the reference's catalogs (`module_sweep/expected.jsonl.xz`, from
//! `module_sweep/regen.py`). See
//! `module_sweep/README.md`.
//!
//! The modules come from the cache `module_sweep/fetch.py` fills (`$PREPL_MODULE_CACHE`, else
//! `${XDG_CACHE_HOME:-~/.cache}/prepl/debian-modules`); without it the test is skipped with a
//! message. By default a fixed sample runs (every case whose position is a multiple of
//! `SAMPLE_EVERY`); `MODULE_SWEEP=full` runs every case. `MODULE_SWEEP_FILTER=text` runs the
//! cases whose id or module contains `text`; `MODULE_SWEEP_VERBOSE=1` shows the difference of
//! every failing case (of new ones only otherwise); `MODULE_SWEEP_WRITE_KNOWN=1` (with
//! `MODULE_SWEEP=full`) rewrites `known_failures.txt`, keeping the reasons of ids still listed.
//! A failing case that is not a known failure fails the test; a known failure that agrees is
//! reported.
//!
//! The spec sweep (`spec_sweep/`, its README) runs the same way over other cases: the
//! declarations the modules' own rspec-puppet examples make (classes and defines with the
//! examples' parameters), on Debian 12 facts; `SPEC_SWEEP_DIR` stands for `MODULE_SWEEP_DIR`
//! there, the other variables are shared.
//!
//! The parameter sweep (`param_sweep/`, its README) likewise: every class and define declared
//! with random values of its parameters' types (`PARAM_SWEEP_DIR`).
//!
//! The documentation sweep (`doc_sweep/`, its README) likewise: the examples the modules'
//! authors give in their manifests' comments and READMEs (`DOC_SWEEP_DIR`).

use prepl_tests::module_cache::{compact, known, load_cases_of, modules_dir};
use prepl_tests::*;
use serde_json::Value as Json;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// One case in this many runs by default.
const SAMPLE_EVERY: usize = 10;
/// The node every case is compiled for.
const NODE: &str = "foo.example.com";

/// A sweep's data (cases.jsonl, fact_sets.json, expected.jsonl.xz, known_failures.txt): the
/// directory `variable` names (the same sweep on other fact sets; module_sweep/README.md,
/// "Other fact sets"), else `default` beside this file.
fn sweep_dir(variable: &str, default: &str) -> PathBuf {
    match std::env::var_os(variable).filter(|d| !d.is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join(default),
    }
}

/// The fact sets by name (the first part of a case's id) with their facts files, from
/// fact_sets.json (as cases.py reads it).
fn fact_sets(dir: &Path) -> BTreeMap<String, String> {
    let path = dir.join("fact_sets.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[derive(Default)]
struct Tally {
    agree: usize,
    total: usize,
}

#[test]
fn module_sweep() {
    sweep(
        "module sweep",
        sweep_dir("MODULE_SWEEP_DIR", "module_sweep"),
    );
}

/// The module sweep on nine more systems (module_sweep/more_systems), on eight others
/// (module_sweep/more_systems_2: older facter versions among them) and on eight more
/// (module_sweep/more_systems_3: facter 3.14, Windows, older Debian) and on eight more
/// (module_sweep/more_systems_4: the newest Red Hat family, FreeBSD 11, facter 2.5's
/// Debian 7, Windows 2012 R2), a sample of each.
#[test]
fn more_systems_sweep() {
    sweep(
        "more systems sweep",
        sweep_dir("MORE_SYSTEMS_DIR", "module_sweep/more_systems"),
    );
    sweep(
        "more systems 2 sweep",
        sweep_dir("MORE_SYSTEMS_2_DIR", "module_sweep/more_systems_2"),
    );
    sweep(
        "more systems 3 sweep",
        sweep_dir("MORE_SYSTEMS_3_DIR", "module_sweep/more_systems_3"),
    );
    sweep(
        "more systems 4 sweep",
        sweep_dir("MORE_SYSTEMS_4_DIR", "module_sweep/more_systems_4"),
    );
}

#[test]
fn spec_sweep() {
    sweep("spec sweep", sweep_dir("SPEC_SWEEP_DIR", "spec_sweep"));
}

#[test]
fn param_sweep() {
    sweep("param sweep", sweep_dir("PARAM_SWEEP_DIR", "param_sweep"));
}

#[test]
fn doc_sweep() {
    sweep("doc sweep", sweep_dir("DOC_SWEEP_DIR", "doc_sweep"));
}

fn sweep(what: &'static str, dir: PathBuf) {
    let modules = modules_dir();
    if !modules.is_dir() {
        eprintln!(
            "{what}: skipped, no module cache at {} (run tests/module_sweep/fetch.py)",
            modules.display()
        );
        return;
    }
    with_big_stack(move || run(what, modules, dir));
}

fn run(what: &str, modules: PathBuf, dir: PathBuf) {
    let modules_str = modules.display().to_string();
    // The program lines load_cases reads: each case of cases.jsonl (id, module, src) with
    // its fact set (the id's first part), the node and the cache's modulepath, as
    // cases.py's `program()` gives them to the oracle.
    let programs = std::fs::read_to_string(dir.join("cases.jsonl")).expect("cases.jsonl");
    let sets = fact_sets(&dir);
    let mut module_of: BTreeMap<String, String> = BTreeMap::new();
    let mut lines = String::new();
    for line in programs.lines() {
        let Ok(j) = serde_json::from_str::<Json>(line) else {
            continue;
        };
        let (Some(id), Some(module), Some(src)) =
            (j["id"].as_str(), j["module"].as_str(), j["src"].as_str())
        else {
            continue;
        };
        let facts = id.split('/').next().unwrap_or_default();
        let Some(facts_file) = sets.get(facts) else {
            panic!("case {id}: no fact set {facts:?}");
        };
        module_of.insert(id.into(), module.into());
        let mut program = serde_json::json!({
            "id": id, "src": src, "modulepath": [modules_str], "node": NODE,
            "facts_file": facts_file, "catalog": true,
        });
        // (a case's own environment directory: the parameter sweep's Hiera data)
        if let Some(dir) = j["env_dir"].as_str() {
            program["env_dir"] = dir.into();
        }
        lines.push_str(&program.to_string());
        lines.push('\n');
    }
    // (each sweep's own scratch files: the two tests run at once in one process)
    let area = what.replace(' ', "-");
    let cases = load_cases_of(&area, &lines, &dir.join("expected.jsonl.xz"));
    assert!(!cases.is_empty(), "no cases in {}", dir.display());

    let full = std::env::var("MODULE_SWEEP").is_ok_and(|v| v == "full");
    let filter = std::env::var("MODULE_SWEEP_FILTER").ok();
    let verbose = std::env::var("MODULE_SWEEP_VERBOSE").is_ok();
    let known_path = dir.join("known_failures.txt");
    let known_ids = known(&known_path);
    let watchdog = Watchdog::start();
    let mut per_module: BTreeMap<String, BTreeMap<String, Tally>> = BTreeMap::new();
    let mut per_facts: BTreeMap<String, Tally> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut unexpected = Vec::new();
    let mut ran = BTreeSet::new();
    for (n, case) in cases.iter().enumerate() {
        match &filter {
            Some(f) => {
                let module = module_of.get(&case.id).map_or("", String::as_str);
                if !case.id.contains(f.as_str()) && module != f {
                    continue;
                }
            }
            None if !full && n % SAMPLE_EVERY != 0 => continue,
            None => {}
        }
        ran.insert(case.id.clone());
        let (mut got, mut got_catalog) = run_corpus_case(case, Duration::from_secs(60), &watchdog);
        compact(&mut got, &mut got_catalog, &modules_str);
        let got_catalog = got_catalog.unwrap_or(CatalogView {
            resources: vec![],
            edges: vec![],
        });
        let got_catalog = match &case.catalog {
            Some(e) if !e.has_tags() => got_catalog.without_tags(),
            _ => got_catalog,
        };
        let ok = got == case.expected && case.catalog.as_ref().is_none_or(|e| *e == got_catalog);
        let facts = case.id.split('/').next().unwrap_or_default().to_string();
        let module = module_of.get(&case.id).cloned().unwrap_or_default();
        let t = per_module
            .entry(module)
            .or_default()
            .entry(facts.clone())
            .or_default();
        t.total += 1;
        t.agree += ok as usize;
        let t = per_facts.entry(facts).or_default();
        t.total += 1;
        t.agree += ok as usize;
        if ok {
            continue;
        }
        failures.push(case.id.clone());
        let new = !known_ids.contains_key(&case.id);
        if new {
            unexpected.push(case.id.clone());
        }
        if verbose || new {
            eprintln!("  FAIL  {}  {}", case.id, case.src);
            if got != case.expected {
                let cut = |s: String| s.chars().take(600).collect::<String>();
                eprintln!(
                    "        expected: {}\n        got:      {}",
                    cut(case.expected.summary()),
                    cut(got.summary())
                );
            }
            if let Some(expected) = &case.catalog {
                if got.error.is_none() && *expected != got_catalog {
                    eprint!("{}", expected.diff(&got_catalog));
                }
            }
        }
    }
    eprintln!("\n{what} ({}):", if full { "every case" } else { "sample" });
    let names: Vec<&String> = sets.keys().collect();
    let header: String = names.iter().map(|n| format!(" {n:>9}")).collect();
    eprintln!("  {:<18}{header}", "module");
    let cell =
        |t: Option<&Tally>| t.map_or("-".to_string(), |t| format!("{}/{}", t.agree, t.total));
    for (module, tallies) in &per_module {
        let row: String = names
            .iter()
            .map(|n| format!(" {:>9}", cell(tallies.get(*n))))
            .collect();
        eprintln!("  {module:<18}{row}");
    }
    for (facts, t) in &per_facts {
        eprintln!(
            "{what}, {facts}: {}/{} agree ({:.1}%)",
            t.agree,
            t.total,
            100.0 * t.agree as f64 / t.total.max(1) as f64
        );
    }
    let fixed: Vec<_> = known_ids
        .keys()
        .filter(|id| ran.contains(*id) && !failures.contains(id))
        .collect();
    if !fixed.is_empty() {
        eprintln!("known failures that now agree (remove them from known_failures.txt): {fixed:?}");
    }
    if std::env::var("MODULE_SWEEP_WRITE_KNOWN").is_ok() && full && filter.is_none() {
        let dir_name = dir.file_name().unwrap_or_default().to_string_lossy();
        let mut text = format!(
            "# Cases ({dir_name}/cases.jsonl) that do not agree with the reference\n\
             # yet, each with its reason. Regenerate with\n\
             #   MODULE_SWEEP=full MODULE_SWEEP_WRITE_KNOWN=1 cargo test -p prepl-tests --test module_sweep -- {}\n",
            what.replace(' ', "_")
        );
        for id in &failures {
            text.push_str(id);
            if let Some(r) = known_ids.get(id).filter(|r| !r.is_empty()) {
                text.push_str("  # ");
                text.push_str(r);
            }
            text.push('\n');
        }
        std::fs::write(&known_path, text).expect("write known failures");
        return;
    }
    assert!(
        unexpected.is_empty(),
        "{} {what} cases fail that are not known failures: {unexpected:?}",
        unexpected.len()
    );
}
