# Debian's packaged apache module (/usr/share/puppet/modules) with 20 name-based virtual
# hosts, Debian 12 facts.
include apache
Integer[1, 20].each |$i| {
  apache::vhost { "site${i}.example.com":
    port    => 8000 + $i,
    docroot => "/var/www/site${i}",
  }
}
