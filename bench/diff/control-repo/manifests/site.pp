# The fixture control repo of scripts/bench-diff: packaged modules (the modulepath is
# /usr/share/puppet/modules), data in Hiera, one node definition for all.
node default {
  include ntp
  class { 'apache': default_vhost => false }
  apache::vhost { 'www.example.com':
    port    => lookup('www_port'),
    docroot => '/var/www/www',
  }
  apache::vhost { 'api.example.com':
    port    => 8080,
    docroot => '/var/www/api',
  }
}
