//! A third site's control repo, in idioms the first two do not use
//! (`fixtures/site-repo-3/production`): node definitions with regexp captures, virtual
//! users realized by tag and by reference with a collector's override, a collector as the
//! target of a class's ordering arrow, a stage given to a class declared like a resource,
//! `contain` beside `include`, defined types titled `site:port`, a collector overriding
//! one define instance, `notify`/`subscribe` between defines and resources,
//! `ensure_resource` with several titles, `tagged`, EPP templates with typed parameters
//! calling 3.x and 4.x Ruby functions, an ERB template with `@var`, `scope[]` and
//! `scope.lookupvar`, a 4.x Ruby function with two dispatches, a Puppet-language function
//! with a return type alias, a custom fact with `confine` (its value in the fact sets),
//! Hiera deep merges with `merge_hash_arrays`, a unique merge, a regexp key with a hash
//! merge, `convert_to: Sensitive` — on facterdb fact sets of RedHat 8, AlmaLinux 8,
//! CentOS 8, Debian 10 and 11 (`fixtures/site-repo-3/facts.py`).
//!
//! `site_repo_3_catalogs`: the site manifest compiled for five nodes and smaller programs,
//! each compared with the reference's answer and catalog (`site_repo_3/expected.jsonl`,
//! from `site_repo_3/regen.sh`; the cases are written by `site_repo_3/cases.py`). Every case
//! must agree. `SITE_REPO_3_FILTER=id` runs one case.
//!
//! Skipped, with a message, where Debian's stdlib is not installed.

use prepl_tests::*;
use std::path::{Path, PathBuf};

const STDLIB: &str = "/usr/share/puppet/modules/stdlib";

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("site_repo_3")
}

#[test]
fn site_repo_3_catalogs() {
    if !Path::new(STDLIB).is_dir() {
        eprintln!("site repo 3: skipped, not installed: {STDLIB}");
        return;
    }
    with_big_stack(|| site_cases::run_site_cases("site repo 3", &dir(), 50, "SITE_REPO_3_FILTER"));
}
