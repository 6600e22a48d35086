//! The real-module measure: Debian's packaged Puppet modules (`/usr/share/puppet/modules`,
//! see `real_modules/cases.py` for the packages), compiled for a Debian 12 fact set, compared
//! with the reference's catalogs (`real_modules/expected.jsonl`, from `real_modules/regen.sh`).
//!
//! - `real_module_catalogs` runs every case of `real_modules/cases.jsonl` and prints the
//!   agreement (value, log and catalog). It does not fail the suite for now: the cases that do
//!   not agree yet are listed in `real_modules/known_failures.txt`, and a case that fails
//!   without being listed is reported (`REAL_MODULES_STRICT=1` makes that a failure;
//!   `REAL_MODULES_WRITE_KNOWN=1` rewrites the list; `REAL_MODULES_VERBOSE=1` shows every
//!   failing case; `REAL_MODULES_FILTER=text` runs the cases whose id or source contains
//!   `text`).
//! - `real_module_files_parse`: every `.pp` file of those modules parses
//!   (`prepl::syntax::parse`), except the ones listed in
//!   `real_modules/parse_known_failures.txt` (each with prepl's message).
//! - `real_module_templates_parse`: every `.erb` template of those modules parses with
//!   prepl's ERB/Ruby parser (`prepl::erb::compile`); no known failures.
//!
//! All skip, with a message, where the modules are not installed.

use prepl_tests::*;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

const MODULES_DIR: &str = "/usr/share/puppet/modules";

/// The modules the cases use (the list; their dependencies come with them).
const REQUIRED: &[&str] = &[
    "stdlib", "apache", "concat", "mysql", "ntp", "firewall", "apt", "systemd", "nova", "keystone",
    "rabbitmq", "xinetd", "ironic",
];

fn real_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("real_modules")
}

/// The required modules that are not installed.
fn missing_modules() -> Vec<&'static str> {
    REQUIRED
        .iter()
        .copied()
        .filter(|m| !Path::new(MODULES_DIR).join(m).join("manifests").is_dir())
        .collect()
}

fn known(path: &Path) -> BTreeSet<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

#[test]
fn real_module_catalogs() {
    let missing = missing_modules();
    if !missing.is_empty() {
        eprintln!(
            "real modules: skipped, not installed under {MODULES_DIR}: {missing:?} \
             (see tests/real_modules/cases.py for the apt-get command)"
        );
        return;
    }
    with_big_stack(run_catalogs);
}

fn run_catalogs() {
    let dir = real_dir();
    let cases = load_cases(
        "real",
        &dir.join("cases.jsonl"),
        &dir.join("expected.jsonl"),
    );
    assert!(!cases.is_empty(), "no cases in {}", dir.display());
    let filter = std::env::var("REAL_MODULES_FILTER").ok();
    let verbose = std::env::var("REAL_MODULES_VERBOSE").is_ok();
    let known_path = dir.join("known_failures.txt");
    let known_ids = known(&known_path);
    let watchdog = Watchdog::start();
    let (mut total, mut agree, mut value_agree, mut catalog_agree) = (0, 0, 0, 0);
    let mut failures = Vec::new();
    let mut unexpected = Vec::new();
    for case in &cases {
        if let Some(f) = &filter {
            if !case.id.contains(f.as_str()) && !case.src.contains(f.as_str()) {
                continue;
            }
        }
        total += 1;
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
        value_agree += value_ok as usize;
        catalog_agree += catalog_ok as usize;
        if value_ok && catalog_ok {
            agree += 1;
            eprintln!("  ok    {:<9} {}", case.id, case.src);
            continue;
        }
        eprintln!("  FAIL  {:<9} {}", case.id, case.src);
        failures.push(case.id.clone());
        let new = !known_ids.contains(&case.id);
        if new {
            unexpected.push(case.id.clone());
        }
        if verbose || new {
            if !value_ok {
                let cut = |s: String| s.chars().take(600).collect::<String>();
                eprintln!(
                    "        expected: {}\n        got:      {}",
                    cut(case.expected.summary()),
                    cut(got.summary())
                );
            }
            if let (Some(expected), false) = (&case.catalog, catalog_ok) {
                if got.error.is_none() {
                    eprint!("{}", expected.diff(&got_catalog));
                }
            }
        }
    }
    eprintln!(
        "\nreal modules: {agree}/{total} agree (value and log {value_agree}, catalog \
         {catalog_agree}); {} known failures",
        known_ids.len()
    );
    let fixed: Vec<_> = known_ids
        .iter()
        .filter(|id| cases.iter().any(|c| &c.id == *id) && !failures.contains(id))
        .collect();
    if !fixed.is_empty() {
        eprintln!("known failures that now agree (remove them from known_failures.txt): {fixed:?}");
    }
    if std::env::var("REAL_MODULES_WRITE_KNOWN").is_ok() && filter.is_none() {
        let mut text = String::from(
            "# Real-module cases (tests/real_modules/cases.jsonl) whose result or catalog does not\n\
             # agree with the reference yet. Regenerate with\n\
             #   REAL_MODULES_WRITE_KNOWN=1 cargo test -p prepl-tests --test real_modules\n",
        );
        // The `# reason` of an id that is still listed is kept.
        let old = std::fs::read_to_string(&known_path).unwrap_or_default();
        let reason = |id: &str| {
            old.lines().find_map(|l| {
                let (k, r) = l.split_once('#')?;
                (k.trim() == id).then(|| r.trim().to_string())
            })
        };
        for id in &failures {
            text.push_str(id);
            if let Some(r) = reason(id) {
                text.push_str("  # ");
                text.push_str(&r);
            }
            text.push('\n');
        }
        std::fs::write(&known_path, text).expect("write known failures");
        return;
    }
    if !unexpected.is_empty() {
        eprintln!(
            "{} real-module cases fail that are not known failures: {unexpected:?}",
            unexpected.len()
        );
        assert!(
            std::env::var("REAL_MODULES_STRICT").is_err(),
            "real-module cases fail that are not known failures: {unexpected:?}"
        );
    }
}

/// Every `.pp` file under `dir`, following symbolic links (Debian installs the modules as
/// links to /usr/share/puppet-modules/...).
fn pp_files(dir: &Path, out: &mut Vec<PathBuf>) {
    files_with(dir, "pp", out)
}

fn files_with(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files_with(&path, ext, out);
        } else if path.extension().is_some_and(|x| x == ext) {
            out.push(path);
        }
    }
}

#[test]
fn real_module_files_parse() {
    let missing = missing_modules();
    if !missing.is_empty() {
        eprintln!(
            "real modules: parse test skipped, not installed under {MODULES_DIR}: {missing:?}"
        );
        return;
    }
    with_big_stack(run_parse);
}

fn run_parse() {
    let root = Path::new(MODULES_DIR);
    let mut files = Vec::new();
    // Every module installed there: the modules and their dependencies.
    pp_files(root, &mut files);
    let known_path = real_dir().join("parse_known_failures.txt");
    let known_files = known(&known_path);
    let mut failures: Vec<(String, String)> = Vec::new();
    for file in &files {
        let rel = file
            .strip_prefix(root)
            .unwrap_or(file)
            .display()
            .to_string();
        let Ok(src) = std::fs::read_to_string(file) else {
            failures.push((rel, "not UTF-8 or unreadable".into()));
            continue;
        };
        let result = std::panic::catch_unwind(|| prepl::syntax::parse(&src).map(|_| ()));
        match result {
            Ok(Ok(())) => {}
            Ok(Err(e)) => failures.push((rel, e.render().replace('\n', " | "))),
            Err(_) => failures.push((rel, "PANIC".into())),
        }
    }
    eprintln!(
        "real modules: {}/{} .pp files parse",
        files.len() - failures.len(),
        files.len()
    );
    for (file, message) in &failures {
        eprintln!("  {file}: {message}");
    }
    if std::env::var("REAL_MODULES_WRITE_KNOWN").is_ok() {
        let mut text = String::from(
            "# .pp files of the real modules (under /usr/share/puppet/modules) that prepl does not\n\
             # parse yet, with prepl's message. Regenerate with\n\
             #   REAL_MODULES_WRITE_KNOWN=1 cargo test -p prepl-tests --test real_modules\n",
        );
        for (file, message) in &failures {
            text.push_str(&format!("{file}  # {message}\n"));
        }
        std::fs::write(&known_path, text).expect("write parse known failures");
        return;
    }
    let unexpected: Vec<_> = failures
        .iter()
        .filter(|(f, _)| !known_files.contains(f))
        .collect();
    assert!(
        unexpected.is_empty(),
        "{} module files do not parse: {unexpected:#?}",
        unexpected.len()
    );
}

#[test]
fn real_module_templates_parse() {
    let missing = missing_modules();
    if !missing.is_empty() {
        eprintln!("real modules: ERB test skipped, not installed under {MODULES_DIR}: {missing:?}");
        return;
    }
    let root = Path::new(MODULES_DIR);
    let mut files = Vec::new();
    files_with(root, "erb", &mut files);
    assert!(!files.is_empty(), "no .erb templates under {MODULES_DIR}");
    let mut failures = Vec::new();
    for file in &files {
        let src = std::fs::read_to_string(file).unwrap_or_default();
        if let Err(e) = prepl::erb::compile(&src) {
            let (line, col) = prepl::erb::line_col(&src, e.at());
            failures.push(format!("{}:{line}:{col}: {e:?}", file.display()));
        }
    }
    eprintln!(
        "real modules: {}/{} .erb templates parse",
        files.len() - failures.len(),
        files.len()
    );
    assert!(
        failures.is_empty(),
        "templates that do not parse:\n{}",
        failures.join("\n")
    );
}

/// Issue 37: with only `--modulepath /usr/share/puppet/modules` and this machine's own facts
/// (prepl's defaults, as `prepl --modulepath ... -e 'include NAME'` sets a session up), every
/// class that the reference compiles on this machine compiles in prepl too. The reference's
/// successes are `real_modules/machine_successes.txt`, from `real_modules/machine.py` (made on
/// the machine that runs the suite: its facts decide which classes compile). Skipped where the
/// modules are not installed.
#[test]
fn every_class_the_reference_compiles_here() {
    let list = real_dir().join("machine_successes.txt");
    let classes = known(&list);
    let missing: Vec<&String> = classes
        .iter()
        .filter(|c| {
            let module = c.split("::").next().unwrap_or(c);
            !Path::new(MODULES_DIR)
                .join(module)
                .join("manifests")
                .is_dir()
        })
        .collect();
    if classes.is_empty() || !missing.is_empty() {
        eprintln!(
            "machine classes: skipped, modules not installed under {MODULES_DIR} \
             (classes {missing:?})"
        );
        return;
    }
    with_big_stack(move || {
        // The list holds for the system it was made on (`# os: Debian 12`): another
        // system's facts choose other classes and parameters.
        let facts = prepl::env::facts::local();
        let text = std::fs::read_to_string(&list).unwrap_or_default();
        let made_on = text.lines().find_map(|l| l.strip_prefix("# os: "));
        let fact = |path: &[&str]| {
            let mut v = &facts;
            for k in path {
                match v {
                    prepl::Value::Hash(h) => match h.get(&prepl::Value::from(*k)) {
                        Some(inner) => v = inner,
                        None => return String::new(),
                    },
                    _ => return String::new(),
                }
            }
            match v {
                prepl::Value::String(s) => s.to_string(),
                _ => String::new(),
            }
        };
        let here = format!(
            "{} {}",
            fact(&["os", "name"]),
            fact(&["os", "release", "major"])
        );
        if made_on != Some(here.as_str()) {
            eprintln!(
                "machine classes: skipped, the list was made on {made_on:?}, this is {here:?}"
            );
            return;
        }
        let mut failed = Vec::new();
        for class in &classes {
            let mut s = prepl::Session::new();
            s.set_agent_facts(true);
            s.set_facts(facts.clone());
            s.set_environment(prepl::env::Environment {
                modulepath: vec![PathBuf::from(MODULES_DIR)],
                ..prepl::env::Environment::empty()
            });
            s.set_custom_facts(true);
            if let Err(e) = s.eval(&format!("include {class}")) {
                failed.push(format!("{class}: {}", e.message));
            }
        }
        eprintln!(
            "machine classes: {} of {} compile in prepl as in the reference",
            classes.len() - failed.len(),
            classes.len()
        );
        assert!(failed.is_empty(), "{}", failed.join("\n"));
    });
}
