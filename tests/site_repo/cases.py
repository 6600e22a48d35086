#!/usr/bin/env python3
"""The site control repo (tests/fixtures/site-repo/production): its site manifest compiled for
five nodes on facterdb fact sets (Debian 12, CentOS 8, Ubuntu 20.04), over Debian's packaged
modules (/usr/share/puppet/modules: ntp, stdlib, concat, sysctl, xinetd), and smaller programs
for each node (lookups with the hierarchy and merge behaviours, the site's Ruby functions and
their errors). Writes cases.jsonl; regen.sh asks the oracle for expected.jsonl."""
import json
import pathlib

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
REPO = "tests/fixtures/site-repo"
ENV_DIR = f"{REPO}/production"
MODULEPATH = [f"{ENV_DIR}/site", "/usr/share/puppet/modules"]
NODES = ["web01.example.com", "web02.example.com", "db01.example.com", "app01.example.com",
         "misc01.example.com"]

SITE = (ROOT / ENV_DIR / "manifests" / "site.pp").read_text()

# Programs compiled for each node besides the site manifest.
PER_NODE = [
    "lookup('profile::base::sysctl')",
    "lookup('profile::base::packages')",
    "lookup('profile::base::admins')",
    "lookup('profile::web::vhost_sites')",
    "lookup('ntp::servers')",
    "lookup('ntp::servers', Array[String], 'first')",
    "[lookup('profile::base::motd_lines'), lookup('profile::base::tier_alias')]",
    "lookup('profile::db::databases', undef, undef, ['none'])",
    "lookup('profile::app::java_settings', Hash, 'deep')",
    "[site_banner($facts['site_tier']), profile::role_of($trusted['certname'])]",
    "lookup('profile::ops::tools')",
    "[lookup('sitelib::limits::values'), lookup('sitelib::limits::comment')]",
    "lookup('classes', Array[String], 'unique')",
    "lookup('profile::ops::tools', Hash, {'strategy' => 'deep', 'knockout_prefix' => '--'})",
    "[fqdn_rand(100), fqdn_rand(100, 'x'), fqdn_rotate([1, 2, 3, 4, 5])]",
    "[lookup('sitelib::settings::servers'), lookup('sitelib::settings::secret')]",
    "[sitelib::conf_line('mode'), sitelib::conf_line('x', [1, 2])]",
    "site_motd('a', 'b')",
    "include sitelib::settings",
    "include profile::extras",
    "include profile::misc",
    "include sitelib::config",
    "validate_absolute_path('x')",
    "class { 'sitelib::config': path => 'relative' }",
    "site_setting { 'x/y': path => 'relative' }",
    "site_setting { 'x/y': quoted => 'maybe' }",
]

# Programs for one node: the Ruby functions' dispatch, types and errors.
ONCE = [
    "sitelib::port_map({'b' => 2, 'a' => 2, 'c' => 1})",
    "sitelib::port_map(['x', 'y', 'x'])",
    "sitelib::port_map(['x'], 2000)",
    "sitelib::port_map(['x'], 80)",
    "sitelib::port_map({'a' => 0})",
    "sitelib::port_map('a')",
    "sitelib::render_settings({'b' => 1, 'a' => 'x'})",
    "sitelib::render_settings({'b' => 1, 'a' => 'x'}, ': ') |$v| { \"<${v}>\" }",
    "site_banner('')",
    "site_banner()",
    "site_banner('db', 'x', 'y')",
    "include profile::web",
    "class { 'profile::app': instances => {'x' => {'port' => 70000}}, java_settings => {} }",
    "profile::app::instance { 'solo': port => 1234, settings => '' }",
]


def case(i, src, node, catalog):
    c = {"id": f"site-{i}", "src": src, "env_dir": ENV_DIR, "modulepath": MODULEPATH,
         "node": node, "facts_file": f"{REPO}/facts/{node}.json"}
    if catalog:
        c["catalog"] = True
    return c


def declares(src):
    """Whether a program declares something (its catalog is compared too)."""
    return src.startswith(("include", "class", "profile", "site_setting"))


def main():
    cases = []
    for node in NODES:
        cases.append(case(len(cases) + 1, SITE, node, True))
    for node in NODES[:4]:
        for src in PER_NODE:
            cases.append(case(len(cases) + 1, src, node, declares(src)))
    for src in ONCE:
        cases.append(case(len(cases) + 1, src, NODES[0], declares(src)))
    with open(HERE / "cases.jsonl", "w") as f:
        for c in cases:
            f.write(json.dumps(c) + "\n")
    print(f"{len(cases)} cases")


if __name__ == "__main__":
    main()
