# Catalog compilation: classes, 400 define instances with three resources each, resource
# defaults, virtual users realized by a collector, and relationships.
class base($packages = ['curl', 'git', 'vim']) {
  package { $packages: ensure => installed }
}
define site($port, $root = "/srv/${title}") {
  file { $root: ensure => directory }
  -> file { "/etc/nginx/sites/${title}.conf": content => "listen ${port}; root ${root};" }
  ~> exec { "reload-${title}": command => '/usr/sbin/nginx -s reload', refreshonly => true }
}
class web {
  include base
  File { owner => 'www-data', mode => '0644' }
  Integer[1, 400].each |$i| {
    site { "site${i}": port => 8000 + $i }
  }
  Integer[1, 200].each |$i| {
    @user { "user${i}": uid => 1000 + $i, groups => $i % 2 ? { 0 => ['web'], default => ['ops'] } }
  }
  User <| groups == 'web' |>
  Package['curl'] -> Site['site1']
}
include web
