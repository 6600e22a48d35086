//! A second site's control repo, in another shop's style (`fixtures/site-repo-2/production`):
//! `site-modules/role`, `site-modules/profile` and a site library (`acme`: Puppet-language
//! functions, Struct type aliases, module data, EPP templates, a define) over other modules
//! than the first site's — Debian's packaged apache, mysql, postgresql, apt, inifile,
//! systemd, firewall and the module sweep's cache's haproxy, ssh, chrony, memcached,
//! logrotate — on facterdb fact sets of other systems (Ubuntu 18.04 and 20.04, Rocky 8,
//! Debian 11, CentOS 7, SLES 15, FreeBSD 13, Oracle Linux 8; `fixtures/site-repo-2/facts.py`).
//! A hierarchy by node, OS name and release, OS family and data centre; `lookup_options`
//! with unique, hash and deep merges (a knockout prefix, merged hash arrays), a regexp key,
//! `convert_to`; `create_resources` and iteration over Hiera hashes with `*` splats,
//! Sensitive and Deferred values, stages, `contain`/`require`/`include` with chains and
//! collectors, resource defaults, exported resources, `inline_epp` and heredocs, an ERB
//! template calling functions, `$trusted` and `$server_facts`.
//!
//! `site_repo_2_catalogs`: the site manifest compiled for eight nodes and smaller programs
//! (lookups, the site library's functions and types), each compared with the reference's
//! answer and catalog (`site_repo_2/expected.jsonl`, from `site_repo_2/regen.sh`; the cases
//! are written by `site_repo_2/cases.py`). Every case must agree. `SITE_REPO_2_FILTER=id`
//! runs one case.
//!
//! Skipped, with a message, where the modules are not installed (Debian's packages) or the
//! module cache (`module_sweep/fetch.py`) is missing.

use prepl_tests::module_cache::modules_dir;
use prepl_tests::*;
use std::path::{Path, PathBuf};

const MODULES_DIR: &str = "/usr/share/puppet/modules";
const PACKAGED: &[&str] = &[
    "stdlib",
    "concat",
    "apache",
    "mysql",
    "translate",
    "postgresql",
    "apt",
    "inifile",
    "systemd",
    "firewall",
];
const FROM_CACHE: &[&str] = &["haproxy", "ssh", "chrony", "memcached", "logrotate"];

fn missing_modules() -> Vec<String> {
    let cache = modules_dir();
    let packaged = PACKAGED.iter().map(|m| Path::new(MODULES_DIR).join(m));
    let cached = FROM_CACHE.iter().map(|m| cache.join(m));
    packaged
        .chain(cached)
        .filter(|dir| !dir.is_dir())
        .map(|dir| dir.display().to_string())
        .collect()
}

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("site_repo_2")
}

#[test]
fn site_repo_2_catalogs() {
    let missing = missing_modules();
    if !missing.is_empty() {
        eprintln!("site repo 2: skipped, not installed: {missing:?}");
        return;
    }
    with_big_stack(|| site_cases::run_site_cases("site repo 2", &dir(), 100, "SITE_REPO_2_FILTER"));
}
