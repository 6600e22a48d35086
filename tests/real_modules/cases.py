#!/usr/bin/env python3
"""The real-module measure: Debian's packaged Puppet modules (/usr/share/puppet/modules), a
Debian 12 fact set (facts-debian-12.json, from facterdb) and the reference's catalogs.

Writes cases.jsonl (one case a line: id, src, modulepath, node, facts_file, catalog); then
    tests/real_modules/regen.sh     # runs the oracle: cases.jsonl -> expected.jsonl
The modules come from
    apt-get install -y puppet-module-puppetlabs-stdlib puppet-module-puppetlabs-apache \\
      puppet-module-puppetlabs-concat puppet-module-puppetlabs-mysql puppet-module-puppetlabs-ntp \\
      puppet-module-puppetlabs-firewall puppet-module-puppetlabs-apt puppet-module-camptocamp-systemd \\
      puppet-module-nova puppet-module-keystone puppet-module-puppetlabs-rabbitmq \\
      puppet-module-puppetlabs-xinetd puppet-module-ironic
"""
import json
import pathlib
import re

HERE = pathlib.Path(__file__).resolve().parent
MODULEPATH = ["/usr/share/puppet/modules"]
FACTS_FILE = "tests/real_modules/facts-debian-12.json"
NODE = "foo.example.com"

CASES = [
    # Classes, with their defaults.
    "include ntp",
    "include apache",
    "include apache::mod::ssl",
    "include apache include apache::mod::rewrite",
    "include apache include apache::mod::proxy",
    "include mysql::server",
    "include mysql::client",
    "include rabbitmq",
    "include apt",
    "include systemd",
    "include firewall",
    "include xinetd",
    "include stdlib",
    "include keystone",
    "include nova",
    "include ironic",
    "include nova::compute",
    "include keystone::db::mysql",
    "include postgresql::server",
    "class { 'postgresql::globals': version => '15' } include postgresql::server",
    # Classes with parameters.
    "class { 'ntp': servers => ['0.debian.pool.ntp.org', '1.debian.pool.ntp.org'] }",
    "class { 'apache': default_vhost => false }",
    "class { 'mysql::server': root_password => 'secret', override_options => { 'mysqld' => { 'max_connections' => 512 } } }",
    "class { 'apt': purge => { 'sources.list.d' => true } }",
    # Defines.
    "apache::vhost { 'x': port => 80, docroot => '/var/www' }",
    "include apache apache::vhost { 'x': port => 80, docroot => '/var/www' }",
    "include apache apache::vhost { 'ssl.example.com': port => 443, ssl => true, docroot => '/var/www/ssl' }",
    "include mysql::server mysql::db { 'mydb': user => 'myuser', password => 'mypass', host => 'localhost', grant => ['SELECT', 'UPDATE'] }",
    "concat { '/tmp/file': ensure => present } concat::fragment { 'part': target => '/tmp/file', content => 'hello', order => '01' }",
    "apt::source { 'debian': location => 'http://deb.debian.org/debian', release => 'bookworm', repos => 'main contrib' }",
    "include apt apt::pin { 'stable': priority => 900, release => 'stable' }",
    "include apt apt::key { 'example': id => '6F6B15509CF8E59E6E469F327F438280EF8D349F', source => 'https://example.com/key.asc' }",
    "systemd::unit_file { 'foo.service': content => \"[Unit]\\nDescription=Foo\\n\" }",
    "systemd::dropin_file { 'limits.conf': unit => 'foo.service', content => \"[Service]\\nLimitNOFILE=4096\\n\" }",
    "file_line { 'sudo_rule': path => '/etc/sudoers', line => '%sudo ALL=(ALL) ALL' }",
    "firewall { '100 allow ssh': dport => 22, proto => 'tcp', action => 'accept' }",
    "xinetd::service { 'tftp': port => '69', server => '/usr/sbin/in.tftpd' }",
    "ini_setting { 'x': ensure => present, path => '/etc/x.ini', section => 's', setting => 'k', value => 'v' }",
    "ensure_packages(['curl', 'git'])",
    "keystone_config { 'DEFAULT/debug': value => true }",
    # Functions of the modules (stdlib's, Puppet-language and Ruby).
    "stdlib::ip_in_range('10.0.0.1', '10.0.0.0/8')",
    "to_json_pretty({ 'a' => [1, 2] })",
    "merge({ 'a' => 1 }, { 'b' => 2 })",
    "pick(undef, 'x')",
    "os_version_gte('Debian', '11')",
    "'10.1.2.3' =~ Stdlib::IP::Address",
    "'/etc/x' =~ Stdlib::Absolutepath",
    "apache::bool2httpd(true)",
    # validate_legacy with the old validation functions (stdlib's Ruby, run natively).
    "validate_legacy(Enum['tcp', 'tls'], 'validate_re', 'tcp', [['^tcp$', '^tls$'], 'Valid options are tcp, tls.'])",
    "validate_legacy(String, 'validate_re', 'tcp', '^x')",
    "validate_legacy(Integer, 'validate_re', 'tcp', ['^x', '^y'])",
    "validate_legacy(Stdlib::Absolutepath, 'validate_absolute_path', '/etc')",
    # A Variant parameter of a module function failed in every member.
    "ensure_packages([['a']])",
    # On RedHat 9 (tests/fixtures/facts/db01.json): firewall's relationships to
    # Package['a', 'b'] (nested arrays, flattened in the catalog) and its class parameters.
    {"src": "include firewall", "facts_file": "tests/fixtures/facts/db01.json",
     "node": "db01.example.com"},
    {"src": "include firewall::linux::redhat", "facts_file": "tests/fixtures/facts/db01.json",
     "node": "db01.example.com"},
    # Defines and classes with parameters: apache::vhost's many templates, modules' defines.
    "include apache apache::vhost { 'a.example.com': port => 80, docroot => '/var/www/a', serveraliases => ['www.a.example.com', 'b.example.com'] }",
    "include apache apache::vhost { 'a.example.com': port => 443, ssl => true, docroot => '/var/www/a', ssl_cert => '/etc/ssl/a.pem', ssl_key => '/etc/ssl/a.key', ssl_chain => '/etc/ssl/chain.pem' }",
    "include apache apache::vhost { 'a.example.com': port => 80, docroot => '/var/www/a', proxy_pass => [{ 'path' => '/api', 'url' => 'http://localhost:8080/' }, { 'path' => '/', 'url' => 'http://localhost:3000/', 'reverse_urls' => ['http://localhost:3000/'] }] }",
    "include apache apache::vhost { 'a.example.com': port => 80, docroot => '/var/www/a', rewrites => [{ 'comment' => 'redirect', 'rewrite_cond' => ['%{HTTPS} off'], 'rewrite_rule' => ['(.*) https://%{HTTP_HOST}%{REQUEST_URI} [R=301,L]'] }] }",
    "include apache apache::vhost { 'a.example.com': port => 80, docroot => '/var/www/a', directories => [{ 'path' => '/var/www/a', 'options' => ['Indexes', 'FollowSymLinks'], 'allow_override' => ['All'], 'require' => 'all granted' }, { 'path' => '\\.php$', 'provider' => 'filesmatch', 'sethandler' => 'proxy:fcgi://127.0.0.1:9000' }] }",
    "include apache apache::vhost { 'a.example.com': port => 80, docroot => '/var/www/a', aliases => [{ 'alias' => '/static', 'path' => '/srv/static' }, { 'scriptalias' => '/cgi', 'path' => '/srv/cgi' }] }",
    "include apache apache::vhost { 'a.example.com': port => 80, docroot => '/var/www/a', redirect_source => ['/old'], redirect_dest => ['http://b.example.com/new'], redirect_status => ['permanent'] }",
    "include apache apache::vhost { 'a.example.com': port => 80, docroot => '/var/www/a', headers => ['set X-Frame-Options DENY', 'set X-Content-Type-Options nosniff'], request_headers => ['unset Proxy early'] }",
    "include apache apache::vhost { 'a.example.com': port => 80, docroot => '/var/www/a', setenv => ['FOO bar'], setenvif => ['User-Agent \"^Mozilla\" moz'], custom_fragment => \"# custom\\nKeepAlive On\\n\" }",
    "include apache apache::vhost { 'a.example.com': port => 80, docroot => '/var/www/a', wsgi_daemon_process => 'app', wsgi_daemon_process_options => { 'processes' => '2', 'threads' => '15' }, wsgi_process_group => 'app', wsgi_script_aliases => { '/' => '/var/www/app/app.wsgi' } }",
    "include apache apache::vhost { 'a.example.com': port => 80, docroot => '/var/www/a', access_log_format => 'combined', error_log_file => 'a_error.log', log_level => 'warn' }",
    "include apache apache::vhost { 'a.example.com': port => 8080, ip => '10.0.0.1', add_listen => true, docroot => '/var/www/a', priority => '10' }",
    "include apache apache::vhost { 'a.example.com': port => 80, docroot => '/var/www/a', php_values => { 'memory_limit' => '256M' }, php_flags => { 'display_errors' => 'off' } }",
    "include apache apache::vhost { 'a.example.com': port => 80, docroot => '/var/www/a', passenger_app_root => '/srv/app', passenger_app_env => 'production' }",
    "include apache apache::vhost { 'a.example.com': port => 80, docroot => '/var/www/a', auth_kerb => true, krb_method_negotiate => 'on' }",
    "include apache apache::vhost { 'a.example.com': port => 80, docroot => '/var/www/a', allow_encoded_slashes => 'nodecode', keepalive => 'On', limitreqfieldsize => 16380 }",
    "class { 'apache': mpm_module => 'prefork' } include apache::mod::php",
    "include apache::mod::proxy include apache::mod::proxy_html",
    "include apache::mod::security",
    "include apache::mod::wsgi",
    "class { 'apache': mpm_module => 'prefork', default_vhost => false, serveradmin => 'ops@example.com' }",
    "class { 'apache': mpm_module => 'worker' } include apache::mod::status",
    "include mysql::server mysql::db { 'app': user => 'app', password => 'x', grant => ['ALL'], charset => 'utf8mb4', collate => 'utf8mb4_unicode_ci' }",
    "class { 'mysql::server': override_options => { 'mysqld' => { 'bind-address' => '0.0.0.0', 'max_connections' => '1024' } }, databases => { 'app' => { 'ensure' => 'present', 'charset' => 'utf8' } }, users => { 'app@localhost' => { 'ensure' => 'present', 'password_hash' => '*ABC' } }, grants => { 'app@localhost/app.*' => { 'ensure' => 'present', 'privileges' => ['ALL'], 'table' => 'app.*', 'user' => 'app@localhost' } } }",
    "apt::source { 'x': location => 'http://example.com/debian', release => 'stable', repos => 'main', key => { 'id' => '6F6B15509CF8E59E6E469F327F438280EF8D349F', 'server' => 'keyserver.ubuntu.com' }, include => { 'src' => true } }",
    "include apt apt::ppa { 'ppa:x/y': }",
    "include apt apt::conf { 'unattended': content => 'APT::Periodic::Unattended-Upgrade \"1\";' }",
    "systemd::unit_file { 'app.service': source => 'puppet:///modules/app/app.service', enable => true, active => true }",
    "systemd::timer { 'x.timer': timer_content => \"[Timer]\\nOnCalendar=daily\\n\", service_content => \"[Service]\\nExecStart=/bin/true\\n\" }",
    "xinetd::service { 'rsync': port => '873', server => '/usr/bin/rsync', server_args => '--daemon', flags => 'IPv6', log_on_failure => 'USERID' }",
    "class { 'keystone': } include keystone::db::mysql",
    "include keystone::wsgi::apache",
    "class { 'nova': default_transport_url => 'rabbit://guest:guest@localhost:5672/' } class { 'nova::keystone::authtoken': password => 'x' } include nova::api",
    "class { 'postgresql::globals': version => '15' } class { 'postgresql::server': listen_addresses => '*' } postgresql::server::db { 'app': user => 'app', password => postgresql::postgresql_password('app', 'x') }",
    "firewall { '010 accept established': proto => 'all', state => ['RELATED', 'ESTABLISHED'], action => 'accept' }",
    "file_line { 'x': path => '/etc/x', line => 'a=1', match => '^a=' } ini_setting { 'y': path => '/etc/y.ini', section => 'main', setting => 'b', value => '2' }",
]

# stdlib's deprecation() names the first two frames of the Puppet stack: its call, and the
# function call (or the main program) it runs in; none under a define's body.
CASES += [
    "deprecation('k', 'at top')",
    "class x { deprecation('k', 'in a class') }\ninclude x",
    "function f() { deprecation('k', 'in a function') }\nclass x { f() }\ninclude x",
    "define d() { deprecation('k', 'in a define') }\nd { 'a': }",
    "[1].each |$i| {\n  deprecation('k', 'in a lambda')\n}",
]

# Modules written for the reference mean "n or more" by `Integer[n]` (ntp's `Integer[1]`,
# rabbitmq's `Integer[-1]`), as prepl reads it by default (the spec draft's exact reading,
# `--integer-bounds spec`, fails these; `include ntp` and `include rabbitmq` are above).
CASES += [
    "class { 'ntp': servers => ['a.pool.ntp.org'], restrict => ['127.0.0.1'], iburst_enable => true, disable_monitor => false, tos => true, tos_minclock => 3 }",
    "class { 'rabbitmq': port => 5673, delete_guest_user => true, config_variables => { 'vm_memory_high_watermark' => '0.6' } }",
]

# Title patterns of types written in Ruby (keystone's composite namevars, rabbitmq_binding's
# `source@destination@vhost`), read statically: the parameters a title sets, a title no
# pattern matches, the uniqueness key they make.
CASES += [
    "keystone_user_role { 'swift@services': }",
    "keystone_user_role { 'swift::d1@services::d2': }",
    "keystone_user_role { 'swift::d1@::dom': }",
    "keystone_user_role { 'swift@::::all': }",
    "keystone_user_role { 'swift': }",
    "keystone_user_role { 'swift@services': user => 'other' }",
    "keystone_user_role { 'swift@services': roles => ['admin'] } keystone_user_role { 'swift@services::Default': }",
    "keystone_service { 'swift::object-store': }",
    "keystone_service { 'swift': }",
    "keystone_service { 'swift::object-store': name => 'x' }",
    "keystone_service { 'swift::object-store': } keystone_service { 'x': name => 'swift', type => 'object-store' }",
    "keystone_service { 'swift::object-store': } Keystone_service['swift::object-store'] -> notify { 'n': }",
    "keystone_user { 'u::dom': } keystone_tenant { 't::dom': }",
    "keystone_endpoint { 'RegionOne/swift::object-store': } keystone_endpoint { 'swift::image': }",
    "rabbitmq_binding { 'src@dst@vhost': } rabbitmq_binding { 'src@dst@vhost@key': }",
    "rabbitmq_binding { 'plain': source => 's', destination => 'd', vhost => '/' }",
]

# A function the module writes with the older API gets '' for an undef argument (oci's
# `fqdn_rotate($undef_servers)`, found by tests/module_sweep); one of the newer API, undef.
CASES += [
    "fqdn_rotate(undef)",
    "[fqdn_rotate([undef]), fqdn_rotate('')]",
    "base64('decode', undef)",
    "[base64('encode', 'x'), pick(undef, 'y'), delete_undef_values([undef, 1])]",
    "to_json(undef)",
]

# stdlib's get_module_path (postfix::augeas), native.
CASES += [
    "get_module_path('stdlib')",
    "get_module_path('nosuch')",
    "get_module_path()",
]

# The sweep: every class of these modules included alone, and every define whose
# parameters all have defaults declared once, id `class-NAME` (`define-NAME`). Classes that need
# parameters or another class first fail in both, with the same error.
SWEEP_MODULES = ["apache", "mysql", "ntp", "firewall", "apt", "systemd", "nova", "keystone",
                 "rabbitmq", "xinetd", "ironic", "stdlib", "postgresql"]


def sweep_classes():
    names = []
    for module in SWEEP_MODULES:
        root = pathlib.Path(MODULEPATH[0]) / module / "manifests"
        for path in sorted(root.rglob("*.pp")):
            m = re.search(r"^class\s+([a-z0-9_:]+)", path.read_text(), re.M)
            if m:
                names.append(m.group(1))
    return names


def sweep_defines():
    """The defines of the sweep's modules (and concat) whose parameters all have defaults,
    declared with the title 'x' (apache's and mysql's after their main class)."""
    found = []
    for module in SWEEP_MODULES + ["concat"]:
        root = pathlib.Path(MODULEPATH[0]) / module / "manifests"
        for path in sorted(root.rglob("*.pp")):
            m = re.search(r"^define\s+([a-z0-9_:]+)\s*\((.*?)\)\s*\{", path.read_text(), re.M | re.S)
            if not m:
                continue
            params, depth, cur = [], 0, ""
            for ch in re.sub(r"#.*", "", m.group(2)):
                depth += ch in "([{"
                depth -= ch in ")]}"
                if ch == "," and depth == 0:
                    params.append(cur)
                    cur = ""
                else:
                    cur += ch
            params.append(cur)
            if all("=" in p for p in params if p.strip()):
                name = m.group(1)
                main = module in ("apache", "mysql") and not name.startswith(module + "::db")
                found.append((name, (f"include {module} " if main else "") + f"{name} {{ 'x': }}"))
    return found


def main():
    lines = []
    for n, case in enumerate(CASES, 1):
        lines.append({"id": f"real-{n}", **(case if isinstance(case, dict) else {"src": case})})
    for name in sweep_classes():
        lines.append({"id": f"class-{name}", "src": f"include {name}"})
    for name, src in sweep_defines():
        lines.append({"id": f"define-{name}", "src": src})
    with open(HERE / "cases.jsonl", "w") as f:
        for line in lines:
            line = {"id": line["id"], "src": line["src"], "modulepath": MODULEPATH,
                    "node": line.get("node", NODE),
                    "facts_file": line.get("facts_file", FACTS_FILE), "catalog": True}
            f.write(json.dumps(line) + "\n")
    print(f"{len(lines)} cases")


if __name__ == "__main__":
    main()
