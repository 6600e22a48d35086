//! A user's control repo, written the way a site would (`fixtures/site-repo/production`):
//! `site/role` and `site/profile` over Debian's packaged modules (`/usr/share/puppet/modules`:
//! ntp, stdlib, concat, sysctl, xinetd), class parameters from Hiera (automatic parameter
//! lookup; a hierarchy of `nodes/%{trusted.certname}`, `os/%{facts.os.family}`, `common`;
//! `lookup_options` with unique, hash and deep merges, a regexp key), defines of its own,
//! ERB and EPP templates, a module (`sitelib`) with 4.x and 3.x Ruby functions and a custom
//! fact, resource defaults, collectors (with an override block), relationships, virtual and
//! exported resources, node definitions.
//!
//! - `site_repo_catalogs`: the site manifest compiled for five nodes on facterdb fact sets
//!   (`fixtures/site-repo/facts/`, from `fixtures/site-repo/facts.py`) and smaller programs
//!   (lookups, the Ruby functions' errors), each compared with the reference's answer and
//!   catalog (`site_repo/expected.jsonl`, from `site_repo/regen.sh`; the cases are written by
//!   `site_repo/cases.py`). Every case must agree.
//! - `custom_facts_resolve_as_the_fact_sets_have_them`: the custom facts, resolved by prepl
//!   from `sitelib/lib/facter/*.rb` over each node's facts (a confine, weights, a structured
//!   value), are the values the fact sets carry (which the reference was given).
//!
//! Both skip, with a message, where the modules are not installed.

use prepl_tests::*;
use std::path::{Path, PathBuf};

const MODULES_DIR: &str = "/usr/share/puppet/modules";
const REQUIRED: &[&str] = &["stdlib", "concat", "ntp", "sysctl", "xinetd"];

fn missing_modules() -> Vec<&'static str> {
    REQUIRED
        .iter()
        .copied()
        .filter(|m| !Path::new(MODULES_DIR).join(m).join("manifests").is_dir())
        .collect()
}

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("site_repo")
}

fn skipped() -> bool {
    let missing = missing_modules();
    if !missing.is_empty() {
        eprintln!("site repo: skipped, not installed under {MODULES_DIR}: {missing:?}");
    }
    !missing.is_empty()
}

#[test]
fn site_repo_catalogs() {
    if skipped() {
        return;
    }
    with_big_stack(run_catalogs);
}

fn run_catalogs() {
    prepl_tests::site_cases::run_site_cases("site repo", &dir(), 50, "SITE_REPO_FILTER");
}

#[test]
fn custom_facts_resolve_as_the_fact_sets_have_them() {
    if skipped() {
        return;
    }
    let root = repo_root();
    let env_dir = root.join("tests/fixtures/site-repo/production");
    let mut env = prepl::env::Environment::from_dir(env_dir.clone(), Vec::new());
    env.modulepath = vec![env_dir.join("site"), PathBuf::from(MODULES_DIR)];
    let facts_dir = root.join("tests/fixtures/site-repo/facts");
    let mut checked = 0;
    for entry in std::fs::read_dir(&facts_dir).expect("fact sets") {
        let path = entry.expect("fact set").path();
        let node = path
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .replace(".json", "");
        let mut facts: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        // The fact sets carry the custom facts (the reference was given them): resolved
        // again without them, they must come out the same.
        let mut wanted = Vec::new();
        for name in ["site_tier", "site_net"] {
            let want = facts
                .as_object_mut()
                .and_then(|o| o.remove(name))
                .unwrap_or_else(|| panic!("{name} in the fact set of {node}"));
            wanted.push((name, want));
        }
        let resolved =
            prepl::env::custom_facts::resolve(&env, &json_to_value(&facts), &node, false, false);
        for (name, want) in wanted {
            let got = resolved.get(name).map(|f| f.outcome.clone());
            assert_eq!(
                got,
                Some(prepl::env::custom_facts::Outcome::Value(json_to_value(
                    &want
                ))),
                "{name} for {node}"
            );
        }
        checked += 1;
    }
    assert_eq!(checked, 5);
}
