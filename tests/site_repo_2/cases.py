#!/usr/bin/env python3
"""The second site's control repo (tests/fixtures/site-repo-2/production): its site manifest
compiled for eight nodes on facterdb fact sets of other systems (Ubuntu 18.04 and 20.04,
Rocky 8, Debian 11, CentOS 7, SLES 15, FreeBSD 13, Oracle Linux 8), over Debian's packaged
modules (/usr/share/puppet/modules) and the module sweep's cache (haproxy, ssh, chrony,
memcached, logrotate, sshkeys_core, cron_core, ...), and smaller programs for each node
(lookups with merge behaviours at several layers and module data, the site library's
functions). Writes cases.jsonl; regen.sh asks the oracle for expected.jsonl.

The module cache's directory is written `@MODULE_CACHE@` (the test and regen.sh put the
cache's path in its place)."""
import json
import pathlib

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
REPO = "tests/fixtures/site-repo-2"
ENV_DIR = f"{REPO}/production"
MODULEPATH = [f"{ENV_DIR}/site-modules", "/usr/share/puppet/modules", "@MODULE_CACHE@"]
NODES = ["web01.acme.test", "web02.acme.test", "lb01.acme.test", "db01.acme.test",
         "db02.acme.test", "cache01.acme.test", "bsd01.acme.test", "ops01.acme.test"]

SITE = (ROOT / ENV_DIR / "manifests" / "site.pp").read_text()

# Programs compiled for each node besides the site manifest.
PER_NODE = [
    "lookup('profile::base::packages')",
    "lookup('profile::base::users')",
    "lookup('profile::base::cron_jobs')",
    "lookup('profile::base::time')",
    "lookup('profile::base::resolvers')",
    "lookup('profile::web::vhosts')",
    "lookup('profile::firewall::rules')",
    "lookup('profile::base::repos', Hash, 'hash', {})",
    "[lookup('acme::motd::lines'), lookup('acme::motd::contacts')]",
    "lookup('profile::db::root_password')",
    "lookup('profile::db::databases', undef, undef, {}).map |$k, $v| { [$k, $v['password'] =~ Sensitive] }",
    "[acme::role_of($trusted['certname']), acme::mask(lookup('profile::db::root_password'))]",
    "[$trusted['certname'], $server_facts['environment'], $facts['acme_dc'], $environment]",
    "include acme::motd",
    "include profile::base::users",
]

# Programs for one node: the site library's functions and types.
ONCE = [
    "acme::fmt_kv({'b' => 1, 'long_key' => [1, 2], 'a' => 'x'})",
    "acme::fmt_kv({'x' => true}, ': ')",
    "acme::role_of(undef)",
    "[acme::role_of('bsd07.acme.test'), acme::role_of('db3.acme.test'), acme::role_of('lb12')]",
    "acme::mask(Sensitive('topsecret'))",
    "assert_type(Acme::Account, {'uid' => 10, 'groups' => []})",
    "assert_type(Acme::Time, {'servers' => ['a.b'], 'makestep' => 1, 'iburst' => true})",
    "profile::firewall::open { 'x': port => 70000 }",
    "profile::firewall::open { 'x': port => [8080, 8443], proto => 'udp' }",
    "class { 'profile::db': engine => 'oracle', root_password => Sensitive('x'), databases => {} }",
    "acme::user { 'carol': uid => 3000, groups => ['carol', 'ops'], keys => ['k1', 'k2'] }",
]


def case(i, src, node, catalog):
    c = {"id": f"site2-{i}", "src": src, "env_dir": ENV_DIR, "modulepath": MODULEPATH,
         "node": node, "facts_file": f"{REPO}/facts/{node}.json"}
    if catalog:
        c["catalog"] = True
    return c


def declares(src):
    """Whether a program declares something (its catalog is compared too)."""
    return src.startswith(("include", "class", "profile", "acme::user"))


def main():
    cases = []
    for node in NODES:
        cases.append(case(len(cases) + 1, SITE, node, True))
    for node in NODES:
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
