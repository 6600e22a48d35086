//! The Debian module cache (tests/module_sweep/fetch.py) and the compact form of answers
//! compared against it, shared by the module sweep and the Ruby-function differential.

use crate::{CatalogView, Outcome};
use serde_json::Value as Json;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Strings of resource parameters longer than this are compared by digest (compact.py).
pub const LONG: usize = 200;

/// The module cache's modules/ directory, as fetch.py lays it out.
pub fn modules_dir() -> PathBuf {
    let cache = match std::env::var_os("PREPL_MODULE_CACHE") {
        Some(dir) => PathBuf::from(dir),
        None => {
            let base = std::env::var_os("XDG_CACHE_HOME")
                .filter(|d| !d.is_empty())
                .map(PathBuf::from)
                .unwrap_or_else(|| {
                    PathBuf::from(std::env::var_os("HOME").unwrap_or_default()).join(".cache")
                });
            base.join("prepl").join("debian-modules")
        }
    };
    cache.join("modules")
}

/// The ids of a known-failures file (`ID  # reason` a line) with their reasons.
pub fn known(path: &Path) -> BTreeMap<String, String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| {
            let (id, reason) = l.split_once('#').unwrap_or((l, ""));
            let id = id.trim();
            (!id.is_empty()).then(|| (id.to_string(), reason.trim().to_string()))
        })
        .collect()
}

/// An xz file's text, decompressed (with `xz -dc`, from xz-utils, which every Debian system has: no
/// compression crate for one file).
pub fn xz_text(path: &Path) -> String {
    let out = std::process::Command::new("xz")
        .arg("-dc")
        .arg(path)
        .output()
        .unwrap_or_else(|e| panic!("xz -dc {}: {e}", path.display()));
    assert!(out.status.success(), "xz -dc {} failed", path.display());
    String::from_utf8(out.stdout).unwrap_or_else(|_| panic!("{} is not UTF-8", path.display()))
}

/// The cases of `area` from program lines made in memory and the answers of an
/// `expected.jsonl.xz`: both written to a temporary directory for [`crate::load_cases`], which
/// reads files, and removed again.
pub fn load_cases_of(area: &str, programs: &str, expected_xz: &Path) -> Vec<crate::Case> {
    let tmp = std::env::temp_dir().join(format!("prepl-{area}-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).expect("temp dir");
    let programs_path = tmp.join("cases.jsonl");
    let expected_path = tmp.join("expected.jsonl");
    std::fs::write(&programs_path, programs).expect("write programs");
    std::fs::write(&expected_path, xz_text(expected_xz)).expect("write expected");
    let cases = crate::load_cases(area, &programs_path, &expected_path);
    let _ = std::fs::remove_dir_all(&tmp);
    cases
}

/// `s` as compact.py writes it: the modules directory as `@MODULES@`.
pub fn relative(s: &str, modules: &str) -> String {
    s.replace(modules, "@MODULES@")
}

/// A string of a resource parameter as compact.py writes it: long ones by digest.
pub fn digest(s: &str) -> Option<String> {
    let n = s.chars().count();
    if n <= LONG {
        return None;
    }
    let hash = Sha256::digest(s.as_bytes());
    let hex: String = hash.iter().take(8).map(|b| format!("{b:02x}")).collect();
    Some(format!("sha256:{hex} ({n} chars)"))
}

pub fn compact_json(j: &mut Json, modules: &str) {
    match j {
        Json::String(s) => {
            let r = relative(s, modules);
            *s = digest(&r).unwrap_or(r);
        }
        Json::Array(a) => a.iter_mut().for_each(|v| compact_json(v, modules)),
        Json::Object(o) => o.values_mut().for_each(|v| compact_json(v, modules)),
        _ => {}
    }
}

/// prepl's answer in the data's compact form.
pub fn compact(outcome: &mut Outcome, catalog: &mut Option<CatalogView>, modules: &str) {
    outcome.value = outcome.value.as_deref().map(|s| relative(s, modules));
    outcome.error = outcome.error.as_deref().map(|s| relative(s, modules));
    outcome.log = outcome.log.iter().map(|l| relative(l, modules)).collect();
    if let Some(c) = catalog {
        for r in &mut c.resources {
            r.title = relative(&r.title, modules);
            for v in r.parameters.values_mut() {
                compact_json(v, modules);
            }
        }
        c.edges = c.edges.iter().map(|e| relative(e, modules)).collect();
    }
}
