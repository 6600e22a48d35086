"""The examples the reference ships (`/usr/share/doc/puppet-agent/examples/`, copied to
`tests/fixtures/puppet-examples/`) compiled as a user would: the roles-and-profiles
environment (`environments/production`) for several nodes and fact sets, and the Hiera demo
(`hiera`): its `hiera.yaml` is Hiera 3, which the reference refuses in an environment (with a
deprecation warning first); its modules without it."""

COMPILE_CATALOG = True

PROD = "tests/fixtures/puppet-examples/environments/production"
HIERA = "tests/fixtures/puppet-examples/hiera"
WEB = {"node": "web01.example.com", "facts_file": "tests/fixtures/facts/web01.yaml"}
DB = {"node": "db01.example.com", "facts_file": "tests/fixtures/facts/db01.json"}
NODES = "node default {\n  include role::important\n}\n"

PROGRAMS = []
# The production environment: its site manifest's node definition, the role, each profile.
for extra in [{}, WEB, DB]:
    PROGRAMS += [
        {"src": NODES, "env_dir": PROD, **extra},
        {"src": "include role::important", "env_dir": PROD, **extra},
    ]
PROGRAMS += [
    {"src": "include profile::base", "env_dir": PROD},
    {"src": "include profile::something\ninclude profile::base", "env_dir": PROD},
    {"src": "class { 'role::important': }", "env_dir": PROD},
    {"src": "include role::important\nNotify['profile::base message']", "env_dir": PROD},
    {"src": "include role::important\nNotify <| |> { message => 'overridden' }", "env_dir": PROD},
    {"src": "include role::important\ninclude role::important", "env_dir": PROD},
    {"src": "class { 'role::important': }\ninclude role::important", "env_dir": PROD},
    {"src": "include role::important\nclass { 'role::important': }", "env_dir": PROD},
    {"src": "include role::unimportant", "env_dir": PROD},
    {"src": NODES + "node 'web01.example.com' {\n  include profile::base\n}\n", "env_dir": PROD, **WEB},
    {"src": "include role::important\n[defined(Class['profile::base']), defined('profile::something'), defined(Notify['profile::something message'])]", "env_dir": PROD},
    # The Hiera demo as an environment: its Hiera 3 hiera.yaml is refused when data is looked up.
    {"src": "include users::common", "env_dir": HIERA},
    {"src": "include ntp::config", "env_dir": HIERA},
    {"src": "lookup('classes')", "env_dir": HIERA},
    {"src": "lookup('classes', undef, undef, [])", "env_dir": HIERA},
    {"src": "hiera('ntpservers')", "env_dir": HIERA, "facts": {"location": "dc1"}},
    {"src": "hiera_include('classes')", "env_dir": HIERA},
    {"src": "node default {\n  hiera_include('classes')\n}\n", "env_dir": HIERA},
    # Its modules alone (no Hiera data): the classes it includes, the lookups that find nothing.
    {"src": "include users::common, users::dc1, users::development", "modulepath": [HIERA + "/modules"]},
    {"src": "include data::common, ntp::data\n[$data::common::ntpservers, $ntp::data::ntpservers]", "modulepath": [HIERA + "/modules"]},
    {"src": "include ntp::config", "modulepath": [HIERA + "/modules"]},
    {"src": "hiera_include('classes')", "modulepath": [HIERA + "/modules"]},
]

ORACLE_ARTIFACTS = [
    # The demo's template reads `ntpservers` as a Ruby local (Puppet 2's templates): the
    # reference's NameError shows its TemplateWrapper's inspect, with an object address that
    # changes with each run.
    {"src": "class { 'ntp::config': ntpservers => ['a', 'b'] }", "modulepath": [HIERA + "/modules"]},
]
