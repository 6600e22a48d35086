#!/usr/bin/env python3
"""The third site's control repo (tests/fixtures/site-repo-3/production), in idioms the first
two do not use: node definitions with regexp captures, virtual users realized by tag and by
reference with a collector override, a collector as the target of a class's ordering arrow
(`Class['shop::repo'] -> Package <| tag == 'base' |>`), a stage for a class declared like a
resource, `contain` beside `include`, defined types titled `site:port` with their parts taken
from the title, a collector overriding one define instance, `notify` from a resource to a
define instance and `subscribe` inside defines, `ensure_resource` with several titles,
`tagged`, EPP templates with typed parameters (a module type alias among them) calling a
3.x Ruby function and a 4.x one, an ERB template with `@var`, `scope[]` and
`scope.lookupvar`, a 4.x Ruby function with two dispatches, a Puppet-language function with
a return type, a custom fact (`Facter.add` with `confine`, resolved in the fact sets), Hiera
deep merges with `merge_hash_arrays`, a unique merge, a regexp key with a hash merge and
`convert_to: Sensitive` — on facterdb fact sets of RedHat 8, AlmaLinux 8, CentOS 8, Debian
10 and 11. Writes cases.jsonl; regen.sh asks the oracle for expected.jsonl."""
import json
import pathlib

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
REPO = "tests/fixtures/site-repo-3"
ENV_DIR = f"{REPO}/production"
MODULEPATH = [f"{ENV_DIR}/site", "/usr/share/puppet/modules"]
NODES = ["web01.shop.test", "web02.shop.test", "db01.shop.test", "db02.shop.test",
         "misc.shop.test"]

SITE = (ROOT / ENV_DIR / "manifests" / "site.pp").read_text()

PER_NODE = [
    "lookup('profile::base::accounts')",
    "lookup('profile::base::packages')",
    "lookup('profile::web::sites')",
    "lookup('profile::db::password') =~ Sensitive",
    "lookup('profile::base::motd')",
    "include profile::web",
    "include profile::db",
]

ONCE = [
    "shop::slug('Hello, World!')",
    "shop::slug('a b', '_')",
    "shop::slug(['One Two', 'three'])",
    "shop::slug('x', 'ab')",
    "shop::slug(1)",
    "shop_banner('hi')",
    "shop_banner('hi', 9)",
    "shop_banner()",
    "shop::port_for('x:8080')",
    "shop::port_for('x:0')",
    "shop::vhost { 'bad title': docroot => '/srv/x' }",
    "shop::vhost { 'a:70000': docroot => '/srv/x' }",
    "shop::vhost { 'a:80': docroot => 'relative' }",
    "include shop shop::vhost { 'a:80': docroot => '/srv/a', aliases => ['b'] }",
    "inline_epp('<%= $facts[\"shop_tier\"] %>')",
    "class { 'shop::repo': } Class['shop::repo'] -> Package <| tag == 'base' |> package { 'x': tag => 'base' }",
    "@user { 'u1': tag => 'admins' } @user { 'u2': } User <| tag == 'admins' |> { shell => '/bin/zsh' } realize(User['u2'])",
]


def case(i, src, node, catalog):
    c = {"id": f"site3-{i}", "src": src, "env_dir": ENV_DIR, "modulepath": MODULEPATH,
         "node": node, "facts_file": f"{REPO}/facts/{node}.json"}
    if catalog:
        c["catalog"] = True
    return c


def declares(src):
    """Whether a program declares something (its catalog is compared too)."""
    return any(w in src for w in ("include", "class {", "shop::vhost {", "@user"))


def main():
    cases = []
    for node in NODES:
        cases.append(case(len(cases) + 1, SITE, node, True))
    for node in NODES:
        for src in PER_NODE:
            cases.append(case(len(cases) + 1, src, node, declares(src)))
    for src in ONCE:
        cases.append(case(len(cases) + 1, src, NODES[1], declares(src)))
    with open(HERE / "cases.jsonl", "w") as f:
        for c in cases:
            f.write(json.dumps(c) + "\n")
    print(f"{len(cases)} cases")


if __name__ == "__main__":
    main()
