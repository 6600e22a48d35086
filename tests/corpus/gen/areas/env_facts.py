"""Facts in the fixture environment: `$facts` from the fixture fact files (web01: Debian 12,
db01: RedHat 9), top-scope legacy fact variables, `$trusted`, `$server_facts`, `$environment`
and facts in templates, classes and Hiera paths."""

COMPILE_CATALOG = True
ENV_DIR = "tests/fixtures/control-repo/production"
FACTS_FILE = "tests/fixtures/facts/web01.yaml"
NODE = "web01.example.com"

DB = {"node": "db01.example.com", "facts_file": "tests/fixtures/facts/db01.json"}


def both(src):
    """The program for web01 and for db01."""
    return [src, {"src": src, **DB}]


PROGRAMS = []

for src in [
    "$facts['os']['family']",
    "$facts['os']['name']",
    "$facts['os']['release']",
    "$facts['os']['release']['major']",
    "$facts['os']['distro']['codename']",
    "$facts['os']['selinux']['enabled']",
    "$facts['os']['architecture']",
    "$facts['networking']['fqdn']",
    "$facts['networking']['hostname']",
    "$facts['networking']['ip']",
    "$facts['networking']['interfaces'].keys.sort",
    "$facts['networking']['interfaces']['lo']['ip']",
    "$facts['processors']['count']",
    "$facts['processors']['models'].unique",
    "$facts['memory']['system']['total_bytes']",
    "$facts['memory']['system']['total_bytes'] / 1024 / 1024",
    "$facts['kernel']",
    "$facts['kernelrelease']",
    "$facts['clientcert']",
    "$facts['no_such_fact']",
    "$facts.dig('os', 'release', 'full')",
    "$facts.dig('os', 'nope', 'full')",
    "getvar('facts.os.family')",
    "$facts.keys.sort",
    "$facts =~ Hash[String, Data]",
    "type($facts['processors']['count'])",
    "$facts['os']['release']['major'] =~ /^\\d+$/",
    "versioncmp($facts['os']['release']['full'], '10') > 0",
    # Legacy top-scope fact variables.
    "$osfamily",
    "$::osfamily",
    "$operatingsystem",
    "$operatingsystemmajrelease",
    "$hostname",
    "$::fqdn",
    "$domain",
    "$ipaddress",
    "$processorcount",
    "$kernel",
    "$::architecture",
    "$::lsbdistcodename",
    "$os['family']",
    "$::os['release']['major']",
    "$networking['hostname']",
    "$clientcert",
    "$::no_such_fact",
    "[$::osfamily, $facts['osfamily']]",
    "$osfamily = 'x'",
    "$facts = {}",
    "$trusted = {}",
    "class c { notify { \"${osfamily} ${::hostname} ${facts['os']['name']}\": } } include c",
    "define d() { notify { \"${title}: ${::operatingsystem}\": } } d { 'x': }",
    "function f() { [$facts['os']['family'], $::osfamily] } f()",
    # $trusted
    "$trusted",
    "$trusted['certname']",
    "$trusted['hostname']",
    "$trusted['domain']",
    "$trusted['authenticated']",
    "$trusted['extensions']",
    "$::trusted['certname']",
    # (session 41) the rest of $trusted, and `trusted` is no fact
    "type($trusted)",
    "[$trusted.keys, $trusted['external'], $trusted['extensions']['pp_role']]",
    "$facts['trusted']",
    "$facts['trusted']['certname']",
    "inline_template('<%= @trusted[\"certname\"] %> <%= @trusted[\"extensions\"].size %>')",
    # $server_facts, $environment, $settings
    "$server_facts",
    "$environment",
    "$::environment",
    "$settings::environment",
    "$name",
    "$title",
    # Facts used by the fixture's classes and data
    "include webapp::params $webapp::params::user",
    "include webapp::params $webapp::params::log_dir",
    "include webapp::motd",
    "class { 'webapp::motd': templated => true }",
    "lookup('common::fqdn')",
    "lookup('common::osfamily_legacy')",
    "lookup('common::message')",
    "$facts['os']['family'] ? { 'Debian' => 'apt', 'RedHat' => 'dnf', default => 'other' }",
    "case $facts['os']['name'] { 'Debian': { 'deb' } 'RedHat': { 'rpm' } default: { 'x' } }",
    "if $facts['os']['family'] == 'RedHat' and $facts['os']['selinux']['enabled'] { 'enforce' } else { 'skip' }",
    "inline_epp('<%= $facts[\"networking\"][\"fqdn\"] %> <%= $::osfamily %>')",
    "notify { $facts['networking']['fqdn']: message => $facts['os']['name'] }",
    "$facts['networking']['interfaces'].map |$n, $i| { \"${n}=${i['ip']}\" }",
    "$facts['processors']['count'] * 2",
]:
    PROGRAMS += both(src)

# Other node names with web01's facts: the node name and $trusted differ, the facts do not.
for node in ["other.example.com", "web01", "WEB01.Example.COM"]:
    for src in [
        "[$trusted['certname'], $trusted['hostname'], $trusted['domain'], $facts['networking']['fqdn']]",
        "lookup('common::message')",
        "node /web01/ { notify { 'web': } } node default { notify { 'default': } }",
    ]:
        PROGRAMS.append({"src": src, "node": node})

# A custom (external) fact of the fact files.
for src in [
    "$facts['services']",
    "$services",
    "$::services.length",
]:
    PROGRAMS += both(src)
