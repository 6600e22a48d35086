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
    # exported resources and their collector (no storeconfigs: warned, not collected)
    "@@file { '/etc/exported': content => 'x', tag => 'exp' } File <<| tag == 'exp' |>>",
    # create_resources with defaults, of a define and of a built-in type
    "include shop create_resources('shop::vhost', {'x:81' => {'docroot' => '/srv/x'}, 'y:82' => {}}, {'docroot' => '/srv/d', 'priority' => 5})",
    "create_resources(file, {'/tmp/a' => {'ensure' => 'file'}, '/tmp/b' => {}}, {'mode' => '0644'})",
    # a dynamic resource type and references built from strings
    "$t = 'shop::database' Resource[$t] { 'd1': password => Sensitive('p') } Resource['shop::database']['d1'] -> Exec['create-db-d1']",
    "include shop $v = Shop::Service['web'] notify { 'ref': message => \"${v} ${type($v)}\" }",
    # Deferred values in parameters
    "notify { 'deferred': message => Deferred('join', [['a', 'b'], '-']) }",
    "file { '/tmp/d': content => Deferred('shop::slug', ['Deferred Text']) }",
    # stages: a class in a stage, and classes ordered by arrows
    "stage { 'early': before => Stage['main'] } class { 'shop::repo': stage => 'early' } include profile::base",
    # tags: a define's tags, tagged() inside a define, tag metaparameter inherited
    "define t3::d() { notify { \"in ${title}\": message => String(tagged('t3::d')) } } t3::d { 'x': tag => 'extra' }",
    "class t3c { tag 'custom' notify { 'tagged?': message => [tagged('custom'), tagged('t3c'), tagged('nope')].join(',') } } include t3c",
    # notify and subscribe between define instances
    "include shop shop::vhost { 'n:90': docroot => '/srv/n' } ~> shop::database { 'after': password => Sensitive('x') }",
    "include shop Shop::Vhost <| |> { aliases => ['all'] } shop::vhost { 'o:91': docroot => '/srv/o' }",
    # ERB and EPP with more Ruby and Puppet
    "inline_template('<% [1, 2].each_with_index do |v, i| -%><%= i %>=<%= v %>;<% end -%><%= scope.function_shop_banner([\"x\", 7]) %>')",
    "inline_epp('<%- | $a = 1, Optional[String] $b = undef | -%><%= $a %>/<%= $b %>/<%= $facts[\"os\"][\"family\"] %>', { 'a' => 2 })",
    "$s = Sensitive('pw') inline_epp('<%= $s.unwrap %> <%= $s %>', { 's' => $s })",
    # lookups with a default block, dig, getvar
    "lookup('nosuch::key') |$k| { \"no ${k}\" }",
    "[lookup('profile::base::accounts').dig('alice', 'groups', 1), getvar('facts.os.family'), $facts.dig('os', 'release', 'major')]",
    "lookup('profile::db::password').unwrap.length",
    "lookup(['nosuch::a', 'profile::base::motd'], String, 'first', 'dflt')",
    # node definitions with regexps and $0
    "node /^web(\\d+)\\.(shop)\\.test$/ { notify { \"node ${0} ${1} ${2}\": } }",
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
        cases.append(case(len(cases) + 1, src, NODES[1], True))
    with open(HERE / "cases.jsonl", "w") as f:
        for c in cases:
            f.write(json.dumps(c) + "\n")
    print(f"{len(cases)} cases")


if __name__ == "__main__":
    main()
