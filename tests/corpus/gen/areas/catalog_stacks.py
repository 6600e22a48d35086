# Realistic small programs: web stacks (packages, config files, services with relationships),
# roles and profiles, virtual users, vhost defines, node classification.
COMPILE_CATALOG = True

NGINX = """
class nginx($port = 80, $workers = 2) {
  package { 'nginx': ensure => installed }
  file { '/etc/nginx/nginx.conf':
    ensure  => file,
    content => "worker_processes ${workers};\\nlisten ${port};\\n",
    require => Package['nginx'],
    notify  => Service['nginx'],
  }
  service { 'nginx': ensure => running, enable => true }
}
"""

VHOST = """
define nginx::vhost(String $docroot = "/var/www/${title}", Integer $port = 80, Boolean $ssl = false) {
  file { $docroot: ensure => directory }
  file { "/etc/nginx/sites-enabled/${title}.conf":
    ensure  => file,
    content => "server_name ${title}; root ${docroot}; listen ${port};",
    require => File[$docroot],
  }
  if $ssl {
    file { "/etc/ssl/${title}.pem": ensure => file }
  }
}
"""

USERS = """
class accounts {
  @user { 'alice': uid => 1001, groups => ['sudo', 'www'], tag => ['admin'] }
  @user { 'bob':   uid => 1002, groups => ['www'],         tag => ['dev'] }
  @user { 'carol': uid => 1003, groups => ['sudo'],        tag => ['admin', 'dba'] }
  @group { ['sudo', 'www']: }
}
"""

PROGRAMS = [
    # --- one class
    NGINX + "include nginx",
    NGINX + "class { 'nginx': port => 8080, workers => 4 }",
    NGINX + "class { 'nginx': port => 'eighty' }",
    NGINX + "include nginx notice(Class['nginx']['port'])",
    NGINX + "include nginx File['/etc/nginx/nginx.conf']['content']",
    # --- vhosts
    NGINX + VHOST + "include nginx nginx::vhost { 'example.com': } nginx::vhost { 'shop.example.com': port => 8443, ssl => true }",
    NGINX + VHOST + "include nginx $sites = ['a.example', 'b.example'] $sites.each |$s| { nginx::vhost { $s: } }",
    VHOST + "nginx::vhost { 'x.example': docroot => '/srv/x' } nginx::vhost { 'y.example': docroot => '/srv/x' }",
    VHOST + "nginx::vhost { 'x.example': port => '80' }",
    VHOST + "nginx::vhost { 'x.example': } Nginx::Vhost['x.example'] -> Notify['done'] notify { 'done': }",
    # --- a LAMP-ish stack with a params class and inheritance
    """
class app::params { $pkg = 'myapp' $svc = 'myapp' $conf = '/etc/myapp.conf' }
class app($pkg = $app::params::pkg, $svc = $app::params::svc, $conf = $app::params::conf) inherits app::params {
  contain app::install
  contain app::config
  contain app::service
  Class['app::install'] -> Class['app::config'] ~> Class['app::service']
}
class app::install { package { $app::pkg: ensure => installed } }
class app::config { file { $app::conf: ensure => file, content => "name=${app::pkg}" } }
class app::service { service { $app::svc: ensure => running } }
include app
""",
    """
class app::params { $pkg = 'myapp' }
class app($pkg = $app::params::pkg) inherits app::params { package { $pkg: } }
class { 'app': pkg => 'custom' }
notice($app::pkg)
""",
    # --- roles and profiles
    """
class profile::base { package { ['vim', 'curl']: ensure => installed } }
class profile::web { include profile::base package { 'nginx': } -> service { 'nginx': } }
class profile::db { include profile::base package { 'postgresql': } -> service { 'postgresql': } }
class role::app { include profile::web include profile::db }
include role::app
""",
    """
class profile::base { notify { 'base': } }
class profile::web { include profile::base notify { 'web': } }
class role::web { include profile::web }
node /^web\\d+/ { include role::web }
node default { include profile::base }
""",
    {"src": """
class profile::base { notify { 'base': } }
class profile::web { include profile::base notify { 'web': } }
class role::web { include profile::web }
node /^web\\d+/ { include role::web }
node default { include profile::base }
""", "node": "web12.example.com"},
    # --- virtual users
    USERS + "include accounts User <| tag == 'admin' |> Group <| |>",
    USERS + "include accounts realize(User['bob'], Group['www'])",
    USERS + "include accounts User <| groups == 'sudo' and uid > 1001 |>",
    USERS + "include accounts User <| groups == 'www' |> { shell => '/bin/zsh' }",
    USERS + "include accounts User <| tag == 'dba' or title == 'bob' |>",
    # --- resource defaults in a stack
    """
File { owner => 'root', group => 'root', mode => '0644' }
Exec { path => ['/usr/bin', '/bin'] }
file { '/etc/app': ensure => directory, mode => '0755' }
file { '/etc/app/app.conf': ensure => file, content => 'x' }
exec { 'reload-app': command => 'app reload', refreshonly => true, subscribe => File['/etc/app/app.conf'] }
""",
    """
class ssh($port = 22, $permit_root = false) {
  package { 'openssh-server': ensure => installed }
  -> file { '/etc/ssh/sshd_config':
    ensure  => file,
    content => "Port ${port}\\nPermitRootLogin ${permit_root ? { true => 'yes', default => 'no' }}\\n",
  }
  ~> service { 'ssh': ensure => running }
}
class { 'ssh': port => 2222 }
""",
    # --- create_resources driven by data
    """
$packages = { 'nginx' => { 'ensure' => '1.24.0' }, 'redis' => {} }
create_resources('package', $packages, { 'ensure' => 'installed' })
Package <| |> -> Service <| |>
service { 'redis': ensure => running }
""",
    """
define app::instance(Integer $port, String $user = 'app') {
  file { "/srv/${title}": ensure => directory, owner => $user }
  service { "app@${title}": ensure => running, require => File["/srv/${title}"] }
}
$instances = { 'blue' => { 'port' => 8001 }, 'green' => { 'port' => 8002, 'user' => 'deploy' } }
create_resources('app::instance', $instances)
""",
    # --- iteration + relationships
    """
$services = ['api', 'worker', 'scheduler']
$services.each |$s| {
  package { "app-${s}": ensure => installed }
  -> file { "/etc/app/${s}.yaml": ensure => file }
  ~> service { "app-${s}": ensure => running }
}
Service['app-api'] -> Service['app-worker']
""",
    """
$ports = { 'http' => 80, 'https' => 443 }
$ports.each |$name, $port| {
  exec { "open-${name}": command => "/sbin/iptables -A INPUT -p tcp --dport ${port} -j ACCEPT", unless => "/sbin/iptables -C INPUT -p tcp --dport ${port} -j ACCEPT" }
}
notice($ports.keys)
""",
    # --- stages
    """
stage { 'pre': before => Stage['main'] }
class repos { notify { 'configure repos': } }
class packages { package { 'tool': } }
class { 'repos': stage => 'pre' }
include packages
""",
    # --- a catalog summary computed in the program
    """
class web { package { 'nginx': } service { 'nginx': } }
include web
$declared = ['Package', 'Service', 'File'].filter |$t| { defined(Resource[$t, 'nginx']) }
notice($declared)
""",
    """
notify { 'a': message => 'first' }
notify { 'b': message => Notify['a']['message'] }
notice(Notify['b']['message'])
""",
    """
define counter($start = 0) { notify { "counter ${title} from ${start}": } }
[1, 2, 3].each |$i| { counter { "c${i}": start => $i * 10 } }
Counter['c2']['start']
""",
    """
define counter($start = 0) { notify { "counter ${title} from ${start}": } }
$r = [1, 2, 3].map |$i| { counter { "c${i}": start => $i * 10 } }
$r.flatten
""",
    # --- errors a real user would hit
    NGINX + "include nginx package { 'nginx': ensure => latest }",
    NGINX + "class { 'nginx': } include nginx class { 'nginx': port => 81 }",
    NGINX + "include nginx Service['nginx'] { ensure => stopped }",
    NGINX + "class nginx::fix inherits nginx { Service['nginx'] { ensure => stopped } } include nginx::fix",
    VHOST + "nginx::vhost { 'a.example': } nginx::vhost { 'b.example': docroot => '/var/www/a.example' }",
    """
class db($password) { notify { 'db configured': } }
include db
""",
    """
service { 'app': ensure => running, require => Package['app'] }
""",
    """
package { 'app': } -> service { 'app': } -> package { 'app-plugin': } -> Service['app']
notice('a cycle compiles')
""",
]

ORACLE_ARTIFACTS = []
PROGRAMS = [p for p in PROGRAMS if p not in ORACLE_ARTIFACTS]
