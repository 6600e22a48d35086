"""Errors in the fixture environment: missing classes, defines, functions, types, templates,
files and keys; type mismatches of data and parameters; errors inside module files."""

COMPILE_CATALOG = True
ENV_DIR = "tests/fixtures/control-repo/production"
FACTS_FILE = "tests/fixtures/facts/web01.yaml"
NODE = "web01.example.com"

DB = {"node": "db01.example.com", "facts_file": "tests/fixtures/facts/db01.json"}

PROGRAMS = [
    # Missing classes and defines.
    "include nope",
    "include webapp::nope",
    "include role",
    "include profile",
    "require nope::deeper",
    "contain profile::nope",
    "class { 'webapp::nope': }",
    "webapp::nope { 'x': }",
    "nope::define { 'x': }",
    "Class['webapp::nope']",
    "defined(Class['webapp::nope'])",
    "defined('webapp::vhost')",
    "defined('webapp::nope')",
    "defined('webapp::port_for')",
    "defined(Webapp::Vhost)",
    "include webapp::other_name",
    "include webapp::wrong_name",
    "include 'Webapp'",
    "include Class['webapp']",
    "include ::webapp",
    "include '::role::web'",
    # Parameters: missing, unknown, mistyped.
    "include webapp::broken",
    "class { 'webapp::broken': port => 80 }",
    "class { 'webapp': port => 'http' }",
    "class { 'webapp': port => 0 }",
    "class { 'webapp': nope => 1 }",
    "class { 'webapp': ensure => 'purged' }",
    "webapp::vhost { 'x': port => 70000 }",
    "webapp::vhost { 'x': aliases => 'one' }",
    "webapp::vhost { 'x': nope => 1 }",
    "webapp::vhost { 'x': } webapp::vhost { 'x': }",
    "webapp::vhost { 'x': } file { '/etc/webapp/vhosts/x.conf': }",
    "class { 'profile::web': port => 8080 }",
    {"src": "class { 'profile::web': vhost => 'v' }", "node": "nodata.example.com"},
    {"src": "include profile::web", "node": "nodata.example.com"},
    "include profile::strict",
    {"src": "class { 'profile::db': max_connections => lookup('common::bad_port') }", **DB},
    {"src": "class { 'webapp': port => lookup('common::bad_port') }", **DB},
    "class { 'profile::db': engine => lookup('common::message') }",
    "include webapp class { 'webapp': }",
    "class { 'webapp': } class { 'webapp': }",
    # Data lookups that fail.
    "lookup('common::missing')",
    "lookup('common::bad_int', Integer)",
    "lookup('common::number', String, 'first')",
    "lookup(1)",
    "lookup('common::missing', 'String')",
    "lookup()",
    "lookup('common::message', String, 'first', 'd', 'extra')",
    "lookup('')",
    "lookup('::common::message')",
    "lookup('Common::Message')",
    "hiera()",
    "hiera_array('common::message', 'x', 'y', 'z')",
    # Functions and types.
    "webapp::bad_return()",
    "webapp::port_for(['http'])",
    "webapp::url()",
    "webapp::url('h', 70000)",
    "Webapp::Port('x')",
    "Webapp::Port(0)",
    "Webapp::Settings({ 'log_level' => 'x' })",
    "assert_type(Webapp::Settings, {})",
    "$x = Webapp::Nope $x",
    "notify { 'x': message => 70000 } assert_type(Webapp::Port, 70000)",
    # Templates and files.
    "epp('webapp/typed.epp', { 'port' => 'x' })",
    "epp('webapp/typed.epp', { 'port' => 8080, 'extra' => 1 })",
    "epp('webapp/config.epp', { 'port' => 80 })",
    "epp('webapp/nope.epp')",
    "epp('webapp')",
    "epp('')",
    "file('webapp/nope')",
    "file('webapp')",
    "file('/nonexistent/absolute/path')",
    "find_file()",
    "module_directory()",
    "module_directory('webapp', 1)",
    # Errors inside module bodies, after declaring.
    "class { 'webapp::motd': templated => 'yes' }",
    "webapp::cert { 'c': dir => 1 }",
    "include profile::db notify { 'db settings': }",
    "include profile::base package { 'vim': }",
    {"src": "include profile::base package { 'yum-utils': }", **DB},
]

# Loading a class or define of a module loads the module's init.pp first, as the reference's
# type loader does (then the name's own file, then its namespaces' files): its errors and
# definitions count (fixture modulepath tests/fixtures/autoload).
AUTOLOAD = {"modulepath": ["tests/fixtures/autoload"]}
PROGRAMS += [dict(AUTOLOAD, src=src) for src in [
    "include loadfirst::sub",
    "loadfirst::helper { 'y': }",
    "notice(80 =~ Loadfirst::Port)",
    "notice(loadfirst::greet('x'))",
    "include loadfirst::sub notice(loadfirst::greet('x'))",
    "include topcall",
    "include topcall::sub",
    "include brokeninit::sub",
    "include twice::sub",
    "include twice include twice::sub",
    "include twice::a::b",
    "twice::a::d { 'x': }",
    "include clash::a::x",
    "clash::a::d { 'x': }",
    "include clash2::a::x",
    "class twice::sub { notice('typed in') } include twice::sub",
]]
# A Ruby ScriptError (LoadError, NotImplementedError) of a module function passes the
# evaluation of class and define bodies unwrapped (fixture modulepath tests/fixtures/rubyfn).
RUBYFN = {"modulepath": ["tests/fixtures/rubyfn/modules"]}
PROGRAMS += [dict(RUBYFN, src=s) for s in [
    "define rfn_d() { rfn_raises_script() } rfn_d { 'x': }",
    "class rfn_c { rfn::needs_gem() } include rfn_c",
    "notify { 'a': message => rfn::needs_gem() }",
    "Notify { message => rfn::needs_gem() } notify { 'a': }",
]]
