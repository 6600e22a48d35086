# A catalog of 12,500 resources with relationships: 2,500 package -> file ~> service chains
# and 2,500 define instances (each a file) requiring their package, in a class.
define app::unit($port) {
  file { "/srv/units/${title}": ensure => file, content => "port=${port}\n" }
}
class stack {
  Integer[1, 2500].each |$i| {
    package { "pkg${i}": ensure => installed }
    -> file { "/etc/app/${i}.conf": content => "n=${i}\n" }
    ~> service { "svc${i}": ensure => running }
    app::unit { "u${i}": port => 9000 + $i, require => Package["pkg${i}"] }
  }
}
include stack
