"""The fixture control repo's Hiera data: `lookup()` with every signature and merge strategy,
`lookup_options` from data, interpolation in data, automatic class parameter lookup and the
`hiera*` functions. Every program runs for web01 (Debian 12: per-node, Debian, Debian-12,
common and JSON levels) and db01 (RedHat 9: per-node, RedHat, common, JSON)."""

COMPILE_CATALOG = True
ENV_DIR = "tests/fixtures/control-repo/production"
FACTS_FILE = "tests/fixtures/facts/web01.yaml"
NODE = "web01.example.com"

DB = {"node": "db01.example.com", "facts_file": "tests/fixtures/facts/db01.json"}
# A node with no data of its own (the default fact set is web01's, renamed).
OTHER = {"node": "other.example.com"}


def both(src):
    """The program for web01 and for db01."""
    return [src, {"src": src, **DB}]


PROGRAMS = []

for src in [
    # lookup(name): the first value found, per level.
    "lookup('common::message')",
    "lookup('common::number')",
    "lookup('common::float')",
    "lookup('common::bool')",
    "lookup('common::nothing')",
    "lookup('common::list')",
    "lookup('common::nested')",
    "lookup('common::nested')['a']['b']",
    "lookup('common::os_only')",
    "lookup('common::release_only')",
    "lookup('common::node_only')",
    "lookup('common::from_json')",
    "lookup('common::json_list')",
    "lookup('profile::web::port')",
    "lookup('profile::db::max_connections')",
    "lookup('profile::db::engine')",
    "lookup('webapp::version')",
    "lookup('webapp::package_name')",
    "lookup('webapp::service_name')",
    "lookup('webapp::only_in_module')",
    "lookup('webapp::vhost::default_docroot')",
    "lookup('webapp::settings')",
    "lookup('common::missing')",
    "lookup('webapp::missing')",
    "lookup('nomodule::key')",
    "lookup('nonamespace')",
    "lookup('common::nested.a.b')",
    "lookup('common::nested.a')",
    "lookup('common::nested.x.y')",
    "lookup('common::list.1')",
    "lookup('common::nothing', undef, undef, 'dflt')",
    # lookup(name, type)
    "lookup('common::number', Integer)",
    "lookup('common::number', String)",
    "lookup('common::list', Array[String])",
    "lookup('common::list', Array[Integer])",
    "lookup('common::bad_int', Integer)",
    "lookup('common::nothing', Optional[String])",
    "lookup('common::nothing', String)",
    "lookup('common::bad_port', Webapp::Port)",
    # lookup(name, type, merge) and lookup(name, type, merge, default)
    "lookup('profile::base::packages', Array, 'first')",
    "lookup('profile::base::packages', Array, 'unique')",
    "lookup('profile::base::packages', Array[String], unique)",
    "lookup('profile::base::users', Hash, 'hash')",
    "lookup('profile::base::users', Hash, 'deep')",
    "lookup('profile::base::users', Hash, 'first')",
    "lookup('profile::base::sysctl', Hash, 'first')",
    "lookup('profile::base::sysctl', Hash, 'deep')",
    "lookup('webapp::settings', Hash, 'first')",
    "lookup('webapp::settings', Hash, 'hash')",
    "lookup('common::message', String, 'unique')",
    "lookup('common::message', String, 'hash')",
    "lookup('common::list', Array, 'unique')",
    "lookup('profile::base::packages', Array, { 'strategy' => 'unique' })",
    "lookup('profile::base::users', Hash, { 'strategy' => 'deep', 'merge_hash_arrays' => true })",
    "lookup('profile::base::users', Hash, { 'strategy' => 'deep', 'knockout_prefix' => '--' })",
    "lookup('profile::base::packages', Array, { 'strategy' => 'unique', 'sort_merged_arrays' => true })",
    "lookup('profile::base::packages', Array, { 'strategy' => 'deep', 'sort_merged_arrays' => true })",
    "lookup('profile::base::packages', Array, 'bogus')",
    "lookup('profile::base::packages', Array, { 'strategy' => 'bogus' })",
    "lookup('common::missing', String, 'first', 'fallback')",
    "lookup('common::missing', Integer, 'first', 'fallback')",
    "lookup('common::missing', Array, 'unique', [])",
    "lookup('common::missing', Hash, 'deep', {})",
    "lookup('common::missing', Any, undef, undef)",
    "lookup('common::message', String, 'first', 'fallback')",
    "lookup('common::missing', undef, undef, 5)",
    # lookup(name, options)
    "lookup('common::message', { 'default_value' => 'd' })",
    "lookup('common::missing', { 'default_value' => 'd' })",
    "lookup('common::missing', { 'default_value' => undef })",
    "lookup('common::missing', { 'value_type' => Integer, 'default_value' => 0 })",
    "lookup('common::number', { 'value_type' => String })",
    "lookup('profile::base::packages', { 'merge' => 'unique' })",
    "lookup('profile::base::packages', { 'merge' => { 'strategy' => 'unique' } })",
    "lookup('profile::base::users', { 'merge' => 'deep', 'value_type' => Hash })",
    "lookup('common::missing', { 'default_values_hash' => { 'common::missing' => 'from dvh' } })",
    "lookup('common::message', { 'default_values_hash' => { 'common::message' => 'from dvh' } })",
    "lookup('common::missing', { 'default_values_hash' => { 'other' => 1 }, 'default_value' => 2 })",
    "lookup('common::missing', { 'bogus' => 1 })",
    "lookup({ 'name' => 'common::message' })",
    "lookup({ 'name' => 'common::missing', 'default_value' => 7 })",
    "lookup({ 'name' => ['common::missing', 'common::number'] })",
    # lookup([names])
    "lookup(['common::missing', 'common::message'])",
    "lookup(['common::message', 'common::number'])",
    "lookup(['common::missing', 'common::also_missing'])",
    "lookup(['common::missing', 'common::also_missing'], String, 'first', 'none')",
    "lookup([])",
    # lookup with a default lambda
    "lookup('common::missing') |$k| { \"no ${k}\" }",
    "lookup('common::message') |$k| { \"no ${k}\" }",
    "lookup('common::missing', Integer) |$k| { 0 }",
    "lookup('common::missing', Integer) |$k| { 'zero' }",
    "lookup('common::missing', undef, 'first') |$k| { [$k] }",
    "lookup(['common::a', 'common::b']) |$k| { $k }",
    "lookup('common::missing', 'x') |$k| { $k }",
    # lookup_options from data
    "lookup('lookup_options')",
    "lookup('profile::base::packages')",
    "lookup('profile::base::users')",
    "lookup('profile::base::sysctl')",
    "lookup('profile::base::tags')",
    "lookup('profile::web::tags')",
    "lookup('profile::db::tags')",
    "lookup('profile::base::ntp_servers')",
    "lookup('profile::base::ntp_servers', Array, 'unique')",
    # Interpolation in data
    "lookup('common::aliased')",
    "lookup('common::looked_up')",
    "lookup('common::hiera_interp')",
    "lookup('common::literal')",
    "lookup('common::fqdn')",
    "lookup('common::certname')",
    "lookup('common::osfamily_legacy')",
    "lookup('common::environment')",
    "lookup('common::missing_interp')",
    "lookup('common::scope_lookup')",
    "lookup('profile::base::motd_message')",
    "lookup('profile::web::vhost')",
    "$x = lookup('common::looked_up') type($x, generalized)",
    "type(lookup('common::aliased'), generalized)",
    # Automatic parameter lookup
    "include profile::web $profile::web::port",
    "include profile::web $profile::web::vhost",
    "include profile::web $profile::web::tags",
    "include profile::base $profile::base::packages",
    "include profile::base $profile::base::users",
    "include profile::base $profile::base::sysctl",
    "include profile::base $profile::base::motd_message",
    "include profile::base $profile::base::ntp_servers",
    "include profile::db [$profile::db::engine, $profile::db::max_connections]",
    "include webapp [$webapp::version, $webapp::package_name, $webapp::service_name]",
    "include webapp $webapp::settings",
    "class { 'profile::web': port => 1 } $profile::web::port",
    "class { 'profile::web': port => undef } $profile::web::port",
    "class { 'profile::db': engine => undef } $profile::db::engine",
    "include profile::strict",
    "class strict_local(Integer $n = lookup('common::number')) { notify { \"n=${n}\": } } include strict_local",
    "class common(String $message = 'default') { notify { $message: } } include common",
    "class common($number, $list, $missing = 'dflt') { notify { \"${number} ${list} ${missing}\": } } include common",
    "class common(Integer $bad_int = 1) { } include common",
    # The hiera functions
    "hiera('common::message')",
    "hiera('common::missing', 'fallback')",
    "hiera('common::missing')",
    "hiera('common::message', 'fallback', 'nodes/other')",
    "hiera('common::missing') |$k| { \"lambda ${k}\" }",
    "hiera_array('profile::base::packages')",
    "hiera_array('common::message')",
    "hiera_array('common::missing', [])",
    "hiera_array('common::missing')",
    "hiera_hash('profile::base::users')",
    "hiera_hash('profile::base::sysctl')",
    "hiera_hash('common::missing', {})",
    "hiera_hash('common::list')",
    "hiera_include('common::classes')",
    "hiera_include('common::missing')",
    "include role::hiera",
    "include profile::legacy",
    # Lookups from inside classes and functions of the modules
    "class lk { $m = lookup('common::message') notify { \"m=${m}\": } } include lk",
    "profile::packages()",
    "[lookup('common::number'), lookup('common::message')]",
    "lookup('common::number') + 1",
    "\"${lookup('common::message')}!\"",
]:
    PROGRAMS += both(src)

# A node without data of its own (no per-node file).
for src in [
    "lookup('common::message')",
    "lookup('profile::web::port')",
    "lookup('profile::base::users')",
    "lookup('common::certname')",
    "include profile::web [$profile::web::port, $profile::web::vhost]",
]:
    PROGRAMS.append({"src": src, **OTHER})

# Hierarchy levels with `glob` (every file of data/teams) and `mapped_paths` (one file per
# element of the custom fact `services`). Added at the end to keep the ids above.
for src in [
    "lookup('common::team_contact')",
    "lookup('common::team_ops')",
    "lookup('common::team_web')",
    "lookup('common::team_members')",
    "lookup('common::team_members', Array, 'unique')",
    "lookup('common::service_note')",
    "lookup('common::service_ports')",
    "lookup('common::service_ports', Array, 'unique')",
    "lookup('common::service_ports', Array, 'deep')",
    "lookup('common::webapp_only')",
    "hiera_array('common::service_ports')",
]:
    PROGRAMS += both(src)

# Session 35: errors of automatic parameter lookup. The reference's LookupErrors (a
# recursive lookup, an unknown interpolation method) are reported as they are, as by
# `lookup()`; other errors (lookup_options, undefined variables in interpolations) with
# the declaring statement's prefix.
APL = {"env_dir": "tests/fixtures/apl-errors/production"}
for _k in ["x", "y", "w", "v", "u", "t", "r", "s"]:
    PROGRAMS += [
        dict(APL, src=f"class k{_k}($p = 1) {{}} include k{_k}"),
        dict(APL, src=f"class k{_k}(Integer $p = 1) {{}} class {{ 'k{_k}': }}"),
        dict(APL, src=f"lookup('k{_k}::p')"),
        dict(APL, src=f"class k{_k}($p = 1) {{}} class b {{ include k{_k} }} include b"),
    ]
PROGRAMS += [
    dict(APL, src="class ka { $r = 1 } include ka lookup('k2::p')"),
    dict(APL, src="lookup('k3::p')"),
    dict(APL, src="lookup('k4::p')"),
    dict(APL, src="lookup('k5::p')"),
    dict(APL, src="class kb {} lookup('k5::p')"),
    dict(APL, src="class ka { $r = 1 } class kc inherits ka {} include kc lookup('k6::p')"),
]

# Session 35 (differential data, seed 36): a hash merge that fails within the environment's
# hierarchy is the lookup's own error (as it is, from lookup() and automatic parameter
# lookup); one that fails merging the environment's value with the module's is reported by
# the call or statement that looked the key up, with its prefix.
PROGRAMS += [
    dict(APL, src="class kq($p = 1) {} include kq"),
    dict(APL, src="class kq($p = 1) {} class { 'kq': }"),
    dict(APL, src="lookup('kq::p')"),
    dict(APL, src="hiera_hash('kq::p')"),
    dict(APL, src="include km"),
    dict(APL, src="class { 'km': }"),
    dict(APL, src="lookup('km::p')"),
    dict(APL, src="hiera_hash('km::p')"),
    dict(APL, src="lookup('km::p', Data, 'first')"),
    dict(APL, src="class b { include km } include b"),
]
