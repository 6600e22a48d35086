"""The fixture control repo (tests/fixtures/control-repo/production): classes and defines
autoloaded from its modules, with their catalogs, for web01 (Debian 12) and db01 (RedHat 9)."""

COMPILE_CATALOG = True
ENV_DIR = "tests/fixtures/control-repo/production"
FACTS_FILE = "tests/fixtures/facts/web01.yaml"
NODE = "web01.example.com"

DB = {"node": "db01.example.com", "facts_file": "tests/fixtures/facts/db01.json"}


def both(src):
    """The program for web01 and for db01."""
    return [src, {"src": src, **DB}]


PROGRAMS = []

# Roles and profiles: whole catalogs.
for src in [
    "include role::web",
    "include role::db",
    "include profile::base",
    "include profile::web",
    "include profile::db",
    "include profile::legacy",
    "include role::web, role::db",
    "include role::web include role::web",
    "require role::db",
    "contain role::web",
    "include profile::base $x = $profile::base::packages $x",
    "include profile::web [$profile::web::port, $profile::web::vhost]",
    "include profile::db [$profile::db::engine, $profile::db::max_connections]",
    "include role::web defined(Class['webapp'])",
    "include role::db defined(Class['webapp'])",
    "include role::web Class['profile::web']",
    "include role::hiera",
]:
    PROGRAMS += both(src)

# The webapp module: params pattern, inherits, data from the module's hiera.yaml.
for src in [
    "include webapp",
    "include webapp $webapp::user",
    "include webapp $webapp::config_dir",
    "include webapp [$webapp::version, $webapp::package_name, $webapp::port]",
    "include webapp $webapp::settings",
    "include webapp::params [$webapp::params::user, $webapp::params::log_dir]",
    "include webapp::params $webapp::params::config_dir",
    "class { 'webapp': port => 9000 }",
    "class { 'webapp': version => '2.0.0', ensure => absent }",
    "class { 'webapp': settings => { 'a' => 1 } } $webapp::settings",
    "class { 'webapp': service_name => 'web' }",
    "include webapp include webapp::params $webapp::params::user",
    "include webapp::motd",
    "class { 'webapp::motd': templated => true }",
    "include webapp::info",
    "include profile::caller",
    "include webapp Service['webapp']",
    "include webapp File['/etc/webapp/webapp.conf']['content']",
    "include webapp Package['webapp-deb']['ensure']",
    "include webapp getvar('webapp::port')",
]:
    PROGRAMS += both(src)

# Defines from modules.
for src in [
    "webapp::vhost { 'www.example.com': }",
    "webapp::vhost { 'www.example.com': port => 8080, aliases => ['example.com', 'w.example.com'] }",
    "webapp::vhost { 'secure.example.com': port => 443, ssl => true }",
    "webapp::vhost { ['a.example.com', 'b.example.com']: docroot => '/srv/shared' }",
    "webapp::cert { 'x': }",
    "webapp::cert { 'y': dir => '/tmp/certs' }",
    "webapp::vhost { 'v': } Webapp::Vhost['v']",
    "webapp::vhost { 'v': port => 81 } webapp::vhost { 'w': port => 82 }",
    "@webapp::vhost { 'virtual.example.com': } realize(Webapp::Vhost['virtual.example.com'])",
    "@webapp::vhost { 'never.example.com': }",
    "webapp::vhost { 'v': ssl => true } Webapp::Cert <| |> { dir => '/etc/pki' }",
    "Webapp::Vhost { port => 8000 } webapp::vhost { 'd': }",
    "include profile::web Webapp::Vhost <| |>",
    "webapp::vhost { 'x': } -> webapp::vhost { 'y': }",
    "[1, 2].each |$i| { webapp::vhost { \"site${i}.example.com\": port => 8000 + $i } }",
    "create_resources('webapp::vhost', { 'c1' => { 'port' => 81 }, 'c2' => {} })",
]:
    PROGRAMS += both(src)

# Resource-like class declarations overriding data, and the interplay with include.
for src in [
    "class { 'profile::web': port => 8443, vhost => 'alt.example.com' }",
    "class { 'profile::db': engine => 'mariadb' }",
    "class { 'profile::db': max_connections => 1 } $profile::db::max_connections",
    "class { 'profile::base': packages => ['only-this'] }",
    "include profile::base class { 'profile::base': packages => [] }",
    "class { 'profile::base': packages => [] } include profile::base",
    "class { 'webapp::motd': } include webapp::motd",
]:
    PROGRAMS += both(src)

# Node definitions in the program (the oracle does not read manifests/site.pp), with the
# environment's classes.
for src in [
    "node 'web01.example.com' { include role::web } node default { notify { 'default': } }",
    "node /^db\\d+\\./ { include role::db } node default { notify { 'default': } }",
    "node default { include profile::base }",
    "node 'web01.example.com', 'db01.example.com' { include profile::base }",
]:
    PROGRAMS += both(src)
